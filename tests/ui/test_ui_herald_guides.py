"""The goals checklist, the turn-phase stepper and the Event card reveal."""

from __future__ import annotations

import pytest

from game.herald import events as ev
from game.herald.engine import HeraldGame
from game.ui.app import App
from game.ui.herald_display import Animator, Display
from game.ui.herald_goals import DECISION_STEPS, STEPS, goals, step_for
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import HeraldScene
from game.ui.scene import Reset
from game.ui.settings import Settings, save_settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    save_settings(Settings(coach_done=True))
    return tmp_path / "home"


def test_goals_tick_off_what_victory_needs():
    game = HeraldGame.new(1)
    d = Display.from_state(game.state)
    items = {g.key: g for g in goals(d, False)}
    assert [g.key for g in goals(d, False)] == ["lis", "source", "cells", "results", "home"]
    assert not any(g.done for g in items.values())
    assert "4 still aboard" in items["cells"].text
    game.state.lis_visited = [game.pads.holomap.lis_points[0]]
    game.state.source_visited = True
    game.state.infiltration = 0
    game.state.diplomatic, game.state.research = 2, 1
    items = {g.key: g for g in goals(Display.from_state(game.state), True)}
    assert all(items[k].done for k in ("lis", "source", "cells", "results"))
    assert "ready" in items["home"].text


def test_every_decision_and_turn_step_has_a_stepper_step():
    keys = {k for k, _ in STEPS}
    for kind in ("assign_dice", "direction", "environment", "investigate", "alien_tech",
                 "event_officers", "source_operation", "linear_incident"):
        assert DECISION_STEPS[kind] in keys
    assert step_for(None, "ship_moved", "dice") == "move"
    assert step_for(None, "track_changed", "third") == "third"
    assert step_for("event_officers", None, "timeline") == "event"


def test_stepper_and_goals_are_drawn_where_the_layout_says(home):
    app = App((1280, 800), mute=True)
    scene = HeraldScene(HeraldGame.new(2))
    app.apply(Reset(scene))
    Pilot(app).settle()
    app.render()
    L = scene.layout
    assert L.top.contains(scene.stepper_rect) and scene.stepper_rect.w > 0
    assert not any(scene.stepper_rect.colliderect(r) for r in L.top_buttons.values())
    assert L.log_panel.contains(scene.goal_rect)
    scene.ask_hint(app.ctx)
    app.render()
    hint = scene.hint_rect(app.ctx, scene.goal_rect.bottom + 4)
    assert not hint.colliderect(scene.goal_rect)


def test_an_event_is_revealed_as_a_card(home):
    app = App((1280, 800), mute=True)
    game = HeraldGame.new(2)
    scene = HeraldScene(game)
    app.apply(Reset(scene))
    Pilot(app).settle()
    d = scene.display
    animator = Animator(d, lambda name: None, lambda text, tone: None)
    (beat,) = animator.beats_for([ev.EventRevealed((1, 0), game.pads.event_at((1, 0)).name,
                                                   (4, 5))])
    scene.queue.add(beat)
    app.step([], 0.9)
    assert d.card is not None and d.card.pos == (1, 0)
    static = scene.painter.static_layer(app.ctx, False)
    centre = scene.layout.map_area.center
    assert app.screen.get_at(centre) != static.get_at(centre)
    scene.queue.skip()
    assert d.card is None


def test_result_banner_speaks_words_not_codes():
    d = Display.from_state(HeraldGame.new(1).state)
    banners = []
    animator = Animator(d, lambda name: None, lambda text, tone: None)
    for outcome, success in (("+RES", True), ("-REP", False)):
        beat = animator.beat(ev.EventResolved((0, 0), success, (), False, outcome))
        beat.advance(0.01)
        banners.append(d.banner.text)
        beat.finish()
    assert banners == ["Event handled: a Research Survey",
                       "Event not met: a Bad Reputation here"]
    assert not any("+" in b or "-REP" in b for b in banners)
