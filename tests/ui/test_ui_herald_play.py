"""Whole games of The Herald played through the window with synthetic input only.

The pilot turns each intended action into mouse drags, clicks and key presses; after
every decision the test checks that the engine did exactly what the clicks meant.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.herald import actions as act
from game.herald import events as ev
from game.herald.bot import choose
from game.herald.engine import HeraldGame
from game.herald.holomap import neighbour
from game.ui.app import App
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import HeraldScene, autosave_path
from game.ui.hexgrid import unit_center
from game.ui.scene import Reset
from game.ui.settings import Settings, save_settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path))
    # the first-game tour has been seen: these tests drive the console itself
    save_settings(Settings(coach_done=True))
    return tmp_path


def start(home, seed: int, variant: str = "standard", size=(1280, 800)) -> tuple[App, Pilot]:
    app = App(size, mute=True)
    game = HeraldGame.new(seed, variant)
    app.apply(Reset(HeraldScene(game, autosave=autosave_path(home))))
    pilot = Pilot(app)
    pilot.settle()
    return app, pilot


def last_assignment(game: HeraldGame) -> dict[str, int]:
    for e in reversed(game.history):
        if isinstance(e, ev.DiceAssigned):
            return dict(e.assignment)
    raise AssertionError("no dice were assigned")


def play_and_check(pilot: Pilot, action: act.Action, mode: str) -> None:
    """Perform one action through the UI and assert the engine state it should produce."""
    game = pilot.scene.game
    state = game.state
    log_len = len(game.log)
    if isinstance(action, act.AssignDice):
        readings = list(pilot.scene.orders.readings)
        expected = {r: state.dice[i] for r, i in zip(readings, action.order, strict=True)}
        pilot.perform(action, mode)
        assert len(game.log) == log_len + 1
        assert last_assignment(game) == expected
        if game.state.assignment is not None:
            assert game.state.assignment == expected
        return
    if isinstance(action, act.ChooseDirection):
        src = tuple(state.position)
        route_len = len(state.route)
        pilot.perform(action, mode)
        assert game.log[-1] == action
        assert tuple(game.state.route[route_len]) == neighbour(src, action.direction)
        return
    pilot.perform(action, mode)
    assert game.log[-1] == action
    assert len(game.log) == log_len + 1
    if isinstance(action, act.FaceEvent):
        resolved = [e for e in game.history if isinstance(e, ev.EventResolved)][-1]
        assert resolved.success and resolved.officers == (action.first, action.second)
        assert resolved.dilemma == action.dilemma


def play_game(pilot: Pilot, pick) -> HeraldGame:
    game = pilot.scene.game
    modes = ("drag", "click", "keys")
    n = 0
    while game.pending is not None:
        assert n < 400
        play_and_check(pilot, pick(game), modes[n % 3])
        n += 1
    pilot.settle()
    return game


def test_bot_game_through_the_ui_reaches_the_end_screen(home):
    app, pilot = start(home, seed=1)
    kinds: set[str] = set()

    def pick(g: HeraldGame) -> act.Action:
        kinds.add(g.pending.kind)
        return choose(g).action

    game = play_game(pilot, pick)
    assert {"assign_dice", "direction", "event_officers"} <= kinds
    assert game.outcome is not None
    assert app.top.name == "end"
    assert not autosave_path(home).exists()  # a finished game leaves no autosave


def test_random_linear_game_through_the_ui(home):
    """Random legal choices (declines, Dilemmas, incidents) in the Linear Timeline."""
    rng = random.Random(11)
    app, pilot = start(home, seed=23, variant="linear")
    seen: set[str] = set()

    def pick(g: HeraldGame) -> act.Action:
        seen.add(g.pending.kind)
        legal = g.legal_actions()
        return legal[rng.randrange(len(legal))]

    game = play_game(pilot, pick)
    assert game.outcome is not None and app.top.name == "end"
    assert {"assign_dice", "event_officers"} <= seen
    kinds_played = {type(a).__name__ for a in game.log}
    assert "DeclineEvent" in kinds_played or "FaceEvent" in kinds_played


def test_drop_on_direction_slot_then_confirm(home):
    app, pilot = start(home, seed=4)
    scene = pilot.scene
    dice = list(scene.game.state.dice)
    # die 2 to Direction by dragging, the rest by click-to-select, click-to-place
    pilot.drag(pilot.target("die:2"), pilot.target("slot:direction"))
    assert scene.orders.placed == {0: 2}
    rest = [i for i in range(5) if i != 2]
    for reading, die in zip(scene.orders.readings[1:], rest, strict=True):
        pilot.click_target(f"die:{die}")
        assert scene.orders.selected == die
        pilot.click_target(f"slot:{reading}")
    assert pilot.target("confirm")
    pilot.click_target("confirm")
    pilot.settle()
    assigned = last_assignment(scene.game)
    assert assigned["direction"] == dice[2]
    assert sorted(assigned.values()) == sorted(dice)


def test_confirm_is_disabled_until_every_reading_has_a_die(home):
    app, pilot = start(home, seed=4)
    scene = pilot.scene
    pilot.drag(pilot.target("die:0"), pilot.target("slot:event"))
    pilot.click_target("confirm")
    pilot.settle()
    assert scene.game.log == []
    assert scene.game.pending.kind == "assign_dice"


def test_dragging_onto_a_full_slot_swaps_and_off_the_slots_returns(home):
    app, pilot = start(home, seed=4)
    orders = pilot.scene.orders
    pilot.drag(pilot.target("die:0"), pilot.target("slot:direction"))
    pilot.drag(pilot.target("die:1"), pilot.target("slot:timeline"))
    pilot.drag(pilot.target("die:1"), pilot.target("slot:direction"))
    assert orders.placed == {0: 1, 3: 0}
    pilot.drag(pilot.target("die:1"), (5, 5))
    assert orders.placed == {3: 0}


def test_hover_preview_shows_consequences_before_committing(home):
    app, pilot = start(home, seed=4)
    orders = pilot.scene.orders
    value = orders.dice[3]
    pilot.hover(pilot.target("die:3"))
    assert [how for _, how in orders.preview_values()] == ["try"] * 5
    # pick the die up and hold it over the Direction slot
    pilot.click_target("die:3")
    pilot.hover(pilot.target("slot:direction"))
    assert orders.focus_reading() == ("direction", value)
    tip = orders.tooltip_at(pilot.target("slot:direction"), app.ctx)
    assert tip.startswith(f"Direction {value}: move")
    assert pilot.scene.game.log == []


def test_undo_takes_back_the_last_decision(home):
    app, pilot = start(home, seed=6)
    game = pilot.scene.game
    kind = game.pending.kind
    pilot.perform(choose(game).action)
    while not game.can_undo():
        kind = game.pending.kind
        pilot.perform(choose(game).action)
    state_before_last = None
    before = len(game.log)
    pilot.click_target("top:undo")
    assert len(game.log) == before - 1
    assert game.pending.kind == kind  # the decision that was taken back is pending again
    state_before_last = game.state.to_dict()
    pilot.perform(choose(game).action)
    assert len(game.log) == before
    pilot.press(pygame.K_u)
    assert len(game.log) == before - 1
    assert game.state.to_dict() == state_before_last
    pilot.press(pygame.K_z, pygame.KMOD_CTRL)
    # a second undo is only possible while no die has been rolled since
    assert len(game.log) in (before - 1, before - 2)


def test_autosave_then_continue_restores_the_same_game(home):
    app, pilot = start(home, seed=8)
    game = pilot.scene.game
    for _ in range(5):
        pilot.perform(choose(game).action)
    saved = game.to_dict()
    assert autosave_path(home).is_file()
    pilot.press(pygame.K_ESCAPE)
    assert app.top.name == "pause"
    pilot.press(pygame.K_t)
    assert app.top.name == "dialog"
    leave = next(b for b in app.top.buttons(app.ctx) if b.key == "go")
    pilot.click(leave.rect.center)
    assert app.top.name == "title"
    # a fresh window: Continue is the first button and resumes the same state
    app2 = App((1280, 800), mute=True)
    from game.ui.title_scene import TitleScene

    app2.push(TitleScene())
    app2.step([], 0.02)
    first = app2.top.buttons(app2.ctx)[0]
    assert first.key == "continue"
    Pilot(app2).click(first.rect.center)
    assert app2.top.name == "herald"
    assert app2.top.game.to_dict() == saved


def test_hint_fills_in_the_suggestion_without_playing_it(home):
    app, pilot = start(home, seed=9)
    scene = pilot.scene
    pilot.press(pygame.K_h)
    assert scene.hint is not None and scene.hint[1]
    assert scene.game.log == []
    suggestion = choose(scene.game).action
    assert scene.orders.order() == tuple(suggestion.order)
    pilot.press(pygame.K_RETURN)
    pilot.settle()
    assert scene.game.log == [suggestion]


def test_a_click_skips_the_animation(home):
    app, pilot = start(home, seed=12)
    scene = pilot.scene
    game = scene.game
    pilot.perform(choose(game).action)
    assert game.pending.kind == "direction"
    direction = choose(game).action.direction
    pilot.click_target(f"arrow:{direction}")
    assert scene.busy  # the ship is gliding; input waits
    logged = len(game.log)
    pilot.click((10, 10))
    assert not scene.busy
    assert len(game.log) == logged  # the skipping click did not act
    pilot.settle()
    assert scene.display.ship == pytest.approx(unit_center(game.state.position))


def test_mute_key_and_button(home):
    app, pilot = start(home, seed=1)
    assert app.ctx.sound.muted
    pilot.press(pygame.K_m)
    assert not app.ctx.sound.muted
    pilot.click_target("top:sound")
    assert app.ctx.sound.muted


def reach(predicate, variant: str = "standard", seeds=range(60)) -> HeraldGame:
    """A game advanced by the automatic player (engine only) until ``predicate`` holds."""
    for seed in seeds:
        game = HeraldGame.new(seed, variant)
        while game.pending is not None:
            if predicate(game):
                return game
            game.apply(choose(game).action)
    pytest.skip("no game reached the wanted decision")


def scene_for(home, game: HeraldGame) -> tuple[App, Pilot]:
    app = App((1280, 800), mute=True)
    app.apply(Reset(HeraldScene(game, autosave=autosave_path(home) if home else None)))
    pilot = Pilot(app)
    pilot.settle()
    return app, pilot


def test_operation_at_the_source_by_pointing(home):
    game = reach(lambda g: g.pending.kind == "source_operation"
                 and any(isinstance(a, act.MountOperation) for a in g.legal_actions()))
    app, pilot = scene_for(home, game)
    orders = pilot.scene.orders
    assert len(orders.spec.subjects) == 4
    team = next(a for a in game.legal_actions() if isinstance(a, act.MountOperation))
    supplies = game.state.supplies
    play_and_check(pilot, team, "drag")
    assert game.state.alien_tech or game.outcome is not None
    assert any(isinstance(e, ev.AlienTechRecovered) for e in game.history)
    assert game.state.supplies <= supplies or game.outcome is not None


def test_dilemma_toggle_lowers_the_effort_and_costs_leadership(home):
    def has_dilemma(g: HeraldGame) -> bool:
        return g.pending.kind == "event_officers" and any(
            isinstance(a, act.FaceEvent) and a.dilemma for a in g.legal_actions())

    game = reach(has_dilemma)
    app, pilot = scene_for(home, game)
    action = next(a for a in game.legal_actions() if isinstance(a, act.FaceEvent) and a.dilemma)
    orders = pilot.scene.orders
    efforts = list(game.pending.context["dilemma_efforts"])
    pilot.press(pygame.K_d)
    assert orders.dilemma
    assert [orders.effort(k) for k in range(2)] == efforts
    pilot.press(pygame.K_d)
    assert not orders.dilemma
    leadership = game.state.leadership
    play_and_check(pilot, action, "click")
    assert any(isinstance(e, ev.TrackChanged) and e.track == "leadership"
               and e.new == leadership - 1 for e in game.history)


def test_ineligible_officer_click_changes_nothing(home):
    def narrow(g: HeraldGame) -> bool:
        if g.pending.kind != "event_officers":
            return False
        able = {a.first for a in g.legal_actions() if isinstance(a, act.FaceEvent)} | {
            a.second for a in g.legal_actions() if isinstance(a, act.FaceEvent)}
        return len(able) < len(g.pads.officers)

    game = reach(narrow)
    app, pilot = scene_for(home, game)
    orders = pilot.scene.orders
    able = {oid for p, _, _ in orders.options for oid in p}
    outsider = next(o.id for o in game.pads.officers if o.id not in able)
    logged = len(game.log)
    pilot.click_target(f"officer:{outsider}")
    assert outsider not in orders.picks
    assert pilot.scene.flash_text
    assert len(game.log) == logged  # nothing was applied
    assert game.pending.kind == "event_officers"


def test_lost_or_single_direction_uses_only_legal_arrows(home):
    game = reach(lambda g: g.pending.kind == "direction")
    app, pilot = scene_for(home, game)
    targets = pilot.scene.targets(app.ctx)
    arrows = {k[6:] for k in targets if k.startswith("arrow:")}
    legal = {a.direction for a in game.legal_actions()}
    assert arrows == legal


def test_alien_travel_technology_by_pointing(home):
    """A state with the technology aboard and a stable engine (set up directly: rare in play)."""
    game = HeraldGame.new(5)
    s = game.state
    s.stec_active, s.alien_tech, s.infiltration, s.time = True, True, 0, 15
    s.assignment = {"direction": 3, "environment": 3, "stec": 6, "timeline": 3, "event": 3}
    s.phase = "alien_tech"
    assert game.pending.kind == "alien_tech"
    app, pilot = scene_for(None, game)
    orders = pilot.scene.orders
    assert orders.spec.subjects == ["SPA", "PHY"]
    action = next(a for a in game.legal_actions() if isinstance(a, act.UseAlienTech))
    time_before = s.time
    play_and_check(pilot, action, "click")
    took_back = [e for e in game.history if isinstance(e, ev.TrackChanged)
                 and e.reason == "Alien Travel Technology"]
    assert took_back and (took_back[0].new > took_back[0].old)
    assert game.state.time >= time_before - 1


def test_officers_can_be_chosen_with_the_keyboard(home):
    game = reach(lambda g: g.pending.kind == "event_officers"
                 and any(isinstance(a, act.FaceEvent) for a in g.legal_actions()))
    app, pilot = scene_for(home, game)
    action = next(a for a in game.legal_actions()
                  if isinstance(a, act.FaceEvent) and not a.dilemma)
    ids = [o.id for o in game.pads.officers]
    pilot.press(getattr(pygame, f"K_{ids.index(action.first) + 1}"))
    pilot.press(getattr(pygame, f"K_{ids.index(action.second) + 1}"))
    assert pilot.scene.orders.picks == [action.first, action.second]
    pilot.press(pygame.K_RETURN)
    pilot.settle()
    assert game.log[-1] == action


def test_lost_beyond_the_map_any_legal_arrow_costs_time(home):
    """Direction 3 at a top-row Lis Point leads off the map both ways (set up directly)."""
    game = HeraldGame.new(5)
    s = game.state
    lis = min(game.pads.holomap.lis_points, key=lambda h: h[1])
    s.position, s.route = lis, [game.pads.holomap.earth, lis]
    s.assignment = {"direction": 3, "environment": 3, "sabotage": 1, "timeline": 3, "event": 3}
    s.lost, s.phase = True, "direction"
    assert game.pending.context["lost"]
    app, pilot = scene_for(None, game)
    orders = pilot.scene.orders
    legal = {a.direction for a in game.legal_actions()}
    arrows = {k[6:] for k in pilot.scene.targets(app.ctx) if k.startswith("arrow:")}
    assert arrows == legal and not (legal & set(orders.allowed))
    time_before = s.time
    direction = sorted(legal)[0]
    play_and_check(pilot, act.ChooseDirection(direction), "click")
    lost_step = [e for e in game.history if isinstance(e, ev.TrackChanged)
                 and e.track == "time" and e.old == time_before]
    assert lost_step and lost_step[0].new == time_before - 1
