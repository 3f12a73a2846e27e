"""Combat on the seat screen, driven with synthetic events only: a seat aims, reads the odds
in words before firing, fires, and reads the outcome at once; the victim's screen says
nothing of it until its own Situation Update."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
from test_ui_artifact_driver import Window, bare_map
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact import actions as A
from game.artifact import odds
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from game.ui.artifact_deckdraw import SHARDS
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable
from tests.artifact.dice_tools import force_dice


def _shots(tmp_path: Path) -> Path:
    path = Path(os.environ.get("ARTIFACT_SHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _duel():
    """Kyoshi (rifle) in the main corridor facing east, Osorio six squares east facing
    away: the pirates' map shows him (another pirate looked about)."""
    game, _log = example_game(5)
    game.apply(JUDGE, A.JudgeMove("kyoshi", 5, 7, "E"))
    game.apply(JUDGE, A.JudgeMove("osorio", 11, 7, "E"))
    s = game.state
    looker = next(c for c in sorted(game.own_characters("pirates"), key=lambda c: c.id)
                  if c.id != "kyoshi" and c.square is not None)
    game.apply("pirates", A.Move(looker.id, "walk", (), looker.facing))
    rifle = next(i for i in s.characters["kyoshi"].items if s.items[i].type == "rifle")
    return game, rifle


def _log(window: Window) -> list[str]:
    return [text for text, _colour in window.scene.log.entries]


def test_a_seat_aims_reads_the_odds_fires_and_the_victim_learns_at_its_update(
        ui_app, tmp_path):  # noqa: F811
    game, rifle = _duel()
    victim_seat = game.state.characters["osorio"].seat
    table = LocalTable(game)
    me = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    them = Window(ui_app, ArtifactSeatScene(table.source(victim_seat)))
    me.frame()
    them.frame()
    me.press("select:kyoshi")
    me.press("attack")
    assert me.scene.targeting is not None
    # Before a target is picked, Fire is not offered; the rifle and its fire types are.
    assert not me.button("tfire_now").enabled
    assert me.button(f"tweapon:{rifle}") is not None and me.button("tfire:double")
    me.move(me.goto((11, 7)))  # hovering the counter tells the odds already
    know = odds.SeatKnowledge(view_for(game, "pirates"), game.plan)
    needed = odds.preview_attack(know, "kyoshi", rifle, "normal",
                                 (game.state.characters["osorio"].token,)).shots[0].odds.needed
    assert f"Osorio: {needed} or more on two dice: short range" in " ".join(me.texts())
    me.click_square((11, 7))
    token = game.state.characters["osorio"].token
    expected = odds.preview_attack(know, "kyoshi", rifle, "normal", (token,)).shots[0]
    texts = me.texts()
    said = " ".join(texts)
    assert f"{expected.odds.needed} or more on two dice: short range" in said
    assert "target cannot see the shooter (+2)" in said
    assert token not in said and "osorio" not in said
    assert me.button("tfire_now").enabled
    pygame.image.save(me.surface, str(_shots(tmp_path) / "combat_aim_1280.png"))
    # Double fire: two shots at -2 each, told before firing
    me.press("tfire:double")
    assert "double fire (-2)" in " ".join(me.texts())
    me.press("tfire:normal")

    heard_before = list(_log(them))
    force_dice(game, 6, 5, 3)   # to hit 11; damage die 3
    me.press("tfire_now")
    assert me.scene.pending is not None  # the facing it ends with, then Enter
    me.key(pygame.K_RETURN)
    me.frame()
    told = [t for t in _log(me) if "attacks with the Rifle" in t]
    assert told and "rolled 6 and 5" in told[-1] and "hit" in told[-1], _log(me)
    assert token not in told[-1]
    # The victim's seat has heard nothing yet...
    them.frame()
    assert _log(them) == heard_before
    assert not any(n.kind in ("wounded", "telegram") for n in view_for(game, victim_seat).notices
                   if n.round == game.round)
    # ...until its own Situation Update, at the start of its turn.
    me.press("end_turn")
    while game.turn_seat != victim_seat:
        table.apply(game.turn_seat, A.EndTurn())
    them.frame()
    news = [t for t in _log(them) if t not in heard_before]
    assert any("was hit" in t or "TELEGRAM" in t for t in news), news


def test_cover_a_square_and_the_marker_is_on_the_placers_map_only(ui_app, tmp_path):  # noqa: F811
    game, rifle = _duel()
    table = LocalTable(game)
    me = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    other = Window(ui_app, ArtifactSeatScene(table.source("phoneco")))
    me.frame()
    me.press("select:kyoshi")
    me.press(f"opportunity_fire:{rifle}")
    assert me.scene.targeting.mode == "cover"
    me.press("thostile")
    assert me.scene.targeting.hostile != "anyone"
    me.click_square((9, 7))
    marks = view_for(game, "pirates").cover
    assert [tuple(m.square) for m in marks] == [(9, 7)]
    assert "cover: Kyoshi" in me.texts()
    assert "cover: Kyoshi" not in other.texts()
    assert any("covers a square in Main Corridor" in t for t in _log(me))
    pygame.image.save(me.surface, str(_shots(tmp_path) / "combat_cover_1280.png"))


def test_wounds_and_jams_show_on_the_counter_and_in_the_unit_panel(ui_app, tmp_path):  # noqa: F811
    game, rifle = _duel()
    game.apply(JUDGE, A.JudgeSetStatus("kyoshi", "light_wound"))
    token = game.state.characters["osorio"].token
    force_dice(game, 1, 1, *([1] * 12))  # a natural 2: a miss that jams the rifle
    game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token,), "E"))
    table = LocalTable(game)
    me = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    me.frame()
    me.press("select:kyoshi")
    texts = me.texts()
    card = " ".join(texts)
    assert "light wound" in card and "Rifle (jammed)" in card
    me.move(me.scene.cam.centre_px(5, 7))  # the counter's tooltip names its badges
    tip = " ".join(me.texts())
    assert "Kyoshi, lightly wounded; weapon jammed" in tip, tip
    assert any("jams" in t for t in _log(me))
    pygame.image.save(me.surface, str(_shots(tmp_path) / "combat_jammed_1280.png"))


def test_the_targeting_panel_fits_a_small_window(ui_app, tmp_path):  # noqa: F811
    game, rifle = _duel()
    table = LocalTable(game)
    small = Window(ui_app, ArtifactSeatScene(table.source("pirates")), size=(640, 400))
    small.scene.layout((640, 400))
    small.frame()
    for _ in range(8):  # Tab to Kyoshi: the small forces list shows few names
        if small.scene.selected == "kyoshi":
            break
        small.key(pygame.K_TAB)
    assert small.scene.selected == "kyoshi"
    small.press("attack")
    small.click_square((11, 7))
    said = " ".join(small.texts())
    assert "or more on two dice" in said
    pygame.image.save(small.surface, str(_shots(tmp_path) / "combat_aim_640.png"))


def test_move_then_attack_from_the_bar(ui_app, tmp_path):  # noqa: F811
    """Move + attack: the square to move to first, then the target; the odds shown are
    from where the move ends, and the engine moves and fires."""
    game, rifle = _duel()
    table = LocalTable(game)
    me = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    me.frame()
    me.press("select:kyoshi")
    me.press("move_then_attack")
    assert "Click a square in reach to move to first." in me.texts()
    me.click_square((6, 7))
    assert me.scene.targeting.path and tuple(me.scene.targeting.path[-1]) == (6, 7)
    me.click_square((11, 7))
    said = " ".join(me.texts())
    assert "or more on two dice: point-blank range" in said or "short range" in said
    pygame.image.save(me.surface, str(_shots(tmp_path) / "combat_move_attack_1280.png"))
    force_dice(game, 6, 6, 2)
    me.press("tfire_now")
    me.frame()
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (6, 7)
    assert any("attacks with the Rifle" in t for t in _log(me)), _log(me)


def _edge_pixels(window: Window, a: tuple[int, int], b: tuple[int, int]):
    """The bare map's pixels (no counters) around the edge between squares ``a`` and ``b``
    (a third of a square either side of it)."""
    cam = window.scene.cam
    (ax, ay), (bx, by) = cam.centre_px(*a), cam.centre_px(*b)
    half = max(3, cam.cell // 3)
    box = pygame.Rect(0, 0, abs(ax - bx) + 2 * half, abs(ay - by) + 2 * half)
    box.center = ((ax + bx) // 2, (ay + by) // 2)
    return pygame.surfarray.array3d(bare_map(window).subsurface(box)).astype(int)


def test_a_broken_window_and_a_blown_hatch_are_drawn_as_holes(ui_app, tmp_path):  # noqa: F811
    """Lichter shoots out the Command Pod's window and the hatch beside him is blown: the
    pirates' map draws both as holes (what its view holds), the Judge's too, and HAL's
    map, which saw neither, keeps the window and the hatch as drawn."""
    from tests.artifact.arrange import break_open

    game, _log = example_game(11)
    break_open(game, hatches=("Command Pod Hatch",))
    game.apply(JUDGE, A.JudgeMove("lichter", 3, 8, "W"))
    rifle = next(i for i in game.state.characters["lichter"].items
                 if game.state.items[i].type == "rifle")
    force_dice(game, 1)
    game.apply("pirates", A.Attack("lichter", rifle, "normal", ((0, 8),), "W"))
    table = LocalTable(game)
    pirates = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    hal = Window(ui_app, ArtifactSeatScene(table.source("alien")))
    for w in (pirates, hal):
        w.goto((2, 8))
        w.frame()
    view = view_for(game, "pirates")
    assert view.broken_windows and view.blown_hatches
    assert pirates.scene.renderer.static.broken  # the window's edge, known broken
    assert not hal.scene.renderer.static.broken
    hatch_window = ((3, 7), (4, 7))
    for pair in (((0, 8), (1, 8)), hatch_window):
        seen, unseen = _edge_pixels(pirates, *pair), _edge_pixels(hal, *pair)
        assert (abs(seen - unseen).sum(axis=2) > 60).sum() > 8, pair
    # the window's place shows shards of glass (not a bare gap, nor the whole pane)
    shards = _edge_pixels(pirates, (0, 8), (1, 8))
    assert (abs(shards - SHARDS).sum(axis=2) < 30).sum() > 4
    # the Judge's map draws every hole
    from game.ui.artifact_judge_scene import ArtifactJudgeScene

    judge = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    judge.goto((2, 8))
    assert judge.scene.renderer.static.broken == pirates.scene.renderer.static.broken
    assert judge.scene.plan is pirates.scene.plan is game.plan
    pygame.image.save(pirates.surface, str(_shots(tmp_path) / "holes_pirates_1280.png"))
    pygame.image.save(hal.surface, str(_shots(tmp_path) / "holes_unseen_1280.png"))


def _aim(window: Window, key: str) -> frozenset:
    """Press the bar's square-aimed option ``key`` (opening its group first when the bar
    shows several of its kind as one button); the squares the map lights up for it."""
    if window.button(key) is None:
        window.press(f"group:{key.partition(':')[0]}")
    window.press(key)
    assert window.scene.square_pick == key
    assert "Pick the square on the map (Esc: cancel)." in window.texts()
    squares = window.scene.pick_squares()
    assert squares and window.scene.overlays()[0].allowed == squares
    return squares


def test_a_gas_grenade_is_thrown_at_a_square_picked_on_the_map(ui_app, tmp_path):  # noqa: F811
    from tests.artifact.arrange import give_item

    game, _rifle = _duel()
    grenade = give_item(game, "kyoshi", "gas_grenade")
    table = LocalTable(game)
    me = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    me.press("select:kyoshi")
    assert me.button(f"gas:{grenade}").label == "Throw gas grenade"
    squares = _aim(me, f"gas:{grenade}")
    assert (8, 7) in squares and (4, 7) not in squares  # behind Kyoshi: out of reach
    me.click_square((4, 7))  # refused with the engine's words, names for ids
    assert me.scene.status == "Cannot: (4, 7) is behind Kyoshi: out of reach."
    me.press(f"gas:{grenade}")
    me.click_square((8, 7))
    me.key(pygame.K_RETURN)  # keep the facing
    assert game.plan.space_name(game.plan.sq(8, 7)) in game.state.systems.gas
    assert grenade not in game.state.characters["kyoshi"].items
    # a refusal that comes back from the engine is in names too, never an id
    me.scene.source.action(A.Move("kyoshi", "walk", (), "N"))
    me.frame()
    assert me.scene.status == "Kyoshi has already acted this turn", me.scene.status
    pygame.image.save(me.surface, str(_shots(tmp_path) / "combat_gas_1280.png"))


def test_a_flashlight_lights_a_dark_square_at_1920(ui_app, tmp_path):  # noqa: F811
    from tests.artifact.arrange import give_item, lights_out

    game, _rifle = _duel()
    light = give_item(game, "kyoshi", "flashlight")
    lights_out(game, "Main Corridor", "Lab Corridor")
    table = LocalTable(game)
    big = Window(ui_app, ArtifactSeatScene(table.source("pirates")), size=(1920, 1080))
    big.scene.layout((1920, 1080))
    big.press("select:kyoshi")
    squares = _aim(big, f"light:{light}")
    assert (9, 7) in squares
    pygame.image.save(big.surface, str(_shots(tmp_path) / "combat_flashlight_1920.png"))
    big.click_square((9, 7))
    big.key(pygame.K_RETURN)
    assert game.plan.sq(9, 7) in game.state.systems.lit
    assert [n.kind for n in game.state.notices["pirates"]][-1] == "examined"


def test_the_pirate_cannon_from_the_turret_in_a_small_window(ui_app, tmp_path):  # noqa: F811
    """Eastwood (Plasma) mans the cutter's turret: the bar's "Pirate cannon" opens its three
    modes; the drill is aimed at a hull square the map lights up, and fires."""
    game, _rifle = _duel()
    game.apply(JUDGE, A.JudgeMove("eastwood", 15, 1, "W"))
    table = LocalTable(game)
    small = Window(ui_app, ArtifactSeatScene(table.source("pirates")), size=(640, 400))
    small.scene.layout((640, 400))
    small.scene.selected = "eastwood"
    small.press("group:cannon")
    labels = {b.key: b.label for b in small.scene.buttons}
    assert labels["cannon:plasma_drill"] == "Cannon: drill the hull"
    squares = _aim(small, "cannon:plasma_drill")
    pygame.image.save(small.surface, str(_shots(tmp_path) / "combat_cannon_640.png"))
    target = sorted(squares)[0]
    force_dice(game, *([3] * 12))
    small.click_square(target)
    small.key(pygame.K_RETURN)
    told = [n for n in game.state.notices["pirates"] if n.kind == "cannon"]
    assert told and told[-1].get("mode") == "plasma_drill"
    assert tuple(told[-1].get("square")) == target


def test_the_cannon_fires_at_people_telling_the_odds_first(ui_app, tmp_path):  # noqa: F811
    """Osorio in the cutter's cabin under the turret: the cannon's "fire at people" lights
    his square; picking it tells the to-hit number before the facing is chosen, and the
    engine rolls against that number."""
    game, _rifle = _duel()
    game.apply(JUDGE, A.JudgeMove("eastwood", 15, 1, "S"))
    game.apply(JUDGE, A.JudgeMove("osorio", 15, 3, "N"))
    yee = game.state.characters["yee"]  # Yee looks about: the map shows Osorio
    game.apply("pirates", A.Move("yee", "walk", (), yee.facing))
    table = LocalTable(game)
    w = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    w.scene.selected = "eastwood"
    if w.button("cannon:anti_personnel") is None:
        w.press("group:cannon")
    squares = _aim(w, "cannon:anti_personnel")
    assert squares == {(15, 3)}
    w.click_square((15, 3))
    said = w.scene.bar_status()  # with the facing still to choose
    assert said.startswith("Cannon at Osorio: ") and "or more on two dice" in said, said
    assert "Choose the facing" in said and said in " ".join(w.texts())
    needed = int(said.removeprefix("Cannon at Osorio: ").split()[0])
    pygame.image.save(w.surface, str(_shots(tmp_path) / "combat_cannon_odds_1280.png"))
    force_dice(game, *([6] * 12))
    w.key(pygame.K_RETURN)
    shots = [n for n in game.state.notices["pirates"] if n.kind == "attack"][-1]
    assert [s["needed"] for s in shots.get("shots")] == [needed]
