"""The seat screen outside the hull: flying a ship from the action bar redraws the plan with
the ship where it went, and the reconbot on the ring's outside is drawn (game/ui)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact import actions as A
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable
from tests.artifact.arrange import lights_out, ship_at


def _shots(tmp_path: Path) -> Path:
    path = Path(os.environ.get("ARTIFACT_SHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _seat_with(app, game, seat: str, cid: str) -> tuple[Window, list[str]]:
    """The seat's screen with ``cid`` selected, and the keys of its action bar."""
    w = Window(app, ArtifactSeatScene(LocalTable(game).source(seat)))
    w.frame()
    w.press(f"select:{cid}")
    return w, [k for k, _label, _enabled in w.scene.action_buttons(w.ctx)]


def test_a_pilot_flies_the_cutter_from_the_action_bar(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    w, keys = _seat_with(ui_app, game, "pirates", "orlov")
    scene = w.scene
    assert "group:fly" in keys  # the flights: one button that opens them
    w.press("group:fly")
    labels = {k: label for k, label, _enabled in scene.action_buttons(w.ctx)}
    # the cutter walks one less than 1, yet a mover always enters one square; it jogs 1
    # and runs 2 (up to the map's edge: one square north)
    assert labels["fly:N:walk"] == "Fly north" and labels["fly:up:walk"] == "Fly up"
    assert labels["fly:up*2:run"] == "Fly up \u00d72" and "fly:N*2:run" not in labels
    assert not any(k.startswith("fly:") and ":jog" in k for k in labels)
    turret = scene.plan.sq(15, 0)
    assert scene.plan.terrain[turret] == "space"
    w.press("fly:N:walk")
    w.key(pygame.K_LEFT)  # the pilot's facing after the action
    assert game.state.ships["cutter"].square == game.plan.sq(14, 1)
    w.frame()
    assert scene.plan is game.plan  # the screen's plan: the cutter where it flew
    assert scene.plan.feature[turret] == "turret"
    scene.cam.centre_on((16, 3))
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "space_cutter_flown.png"))


def test_the_reconbot_on_the_rings_outside_is_drawn(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    w, keys = _seat_with(ui_app, game, "scientist", "recon_bot_mccray")
    scene = w.scene
    assert "mode:run" in keys  # it can move: along the ring's outside
    w.key(pygame.K_3)  # run
    assert (11, 36) in scene.reach()  # off at the rim, on again by the far half
    scene.cam.centre_on((9, 32))
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "space_reconbot.png"))


def test_space_notices_read_as_words_without_ids():
    from game.artifact.state import Notice
    from game.ui.artifact_panels import notice_text

    names = {"kyoshi": "Kyoshi"}
    lines = {kind: notice_text(Notice(kind, 3, about), names)[0] for kind, about in (
        ("ship_moved", {"ship": "Pirate cutter", "square": [14, 1], "z": 2, "heading": "W"}),
        ("ship_gone", {"ship": "Pirate cutter", "aboard": ["orlov", "yee"]}),
        ("shoved", {"character": "kyoshi", "square": [0, 6]}),
        ("ring_collision", {"character": "kyoshi", "roll": 2,
                            "result": {"who": "Kyoshi", "result": "Kyoshi falls."}}),
        ("cannon", {"mode": "plasma_drill", "square": [23, 5], "results": [{"who": ""}]}))}
    assert lines["ship_moved"] == ("Round 3: The Pirate cutter is under way, 2 levels above "
                                   "the station's plane, its bow to the west.")
    assert lines["ship_gone"] == ("Round 3: The Pirate cutter left the station's space with "
                                  "2 aboard.")
    assert lines["shoved"] == "Round 3: Kyoshi was shoved aside by a passing ship, unhurt."
    assert lines["ring_collision"] == ("Round 3: Kyoshi was struck by the turning ring. "
                                       "Kyoshi falls.")
    assert lines["cannon"] == ("Round 3: The plasma drill burns through the hull: 1 "
                               "character caught inside.")
    assert not any(word in " ".join(lines.values()) for word in ("orlov", "yee", "[14"))


def test_a_pilot_turns_the_pod_from_the_action_bar(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    ship_at(game, "command_pod", 25, 2)  # clear all round
    game.apply(JUDGE, A.JudgeMove("slavin", 25, 2, "W"))
    w, keys = _seat_with(ui_app, game, "scientist", "slavin")
    w.press("group:fly")
    labels = {k: label for k, label, _enabled in w.scene.action_buttons(w.ctx)}
    assert labels["fly:left:walk"] == "Turn the ship left"
    assert labels["fly:right:walk"] == "Turn the ship right"
    assert labels["fly:left*2:jog"] == "Turn the ship about"
    assert labels["fly:E*3:run"] == "Fly east \u00d73" and "fly:W*3:run" not in labels
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "space_pod_flights.png"))
    w.press("fly:right:walk")
    w.key(pygame.K_UP)  # the pilot's facing after the action
    assert game.state.ships["command_pod"].turns == 1
    w.frame()
    scene = w.scene
    assert scene.plan is game.plan
    assert scene.plan.edge_between(scene.plan.sq(25, 2), scene.plan.sq(25, 1)) == "glass"
    # the map marks each ship's bow beside its control seat: the pod's turned north
    bows = scene.renderer.static.bows
    assert bows[scene.plan.sq(25, 2)] == "N" and bows[scene.plan.sq(6, 14)] == "S"
    scene.cam.centre_on((25, 3))
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "space_pod_turned.png"))


def test_a_dark_ship_is_shaded_where_it_has_flown(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    ship_at(game, "command_pod", 25, 2, turns=1)  # bow north: x 23..26, y 2..4
    game.apply(JUDGE, A.JudgeMove("slavin", 25, 2, "W"))
    lights_out(game, "Command Pod")
    w, _keys = _seat_with(ui_app, game, "scientist", "slavin")
    w.frame()
    scene = w.scene
    assert scene.hazards.plan is scene.plan is game.plan
    shaded = {scene.plan.xy(sq) for sq in scene.hazards.space_squares(["Command Pod"])}
    assert (23, 4) in shaded and (1, 7) not in shaded  # where it is, not where it is drawn
    scene.cam.centre_on((25, 3))
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "space_pod_dark.png"))
