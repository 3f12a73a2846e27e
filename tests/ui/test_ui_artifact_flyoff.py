"""The seat screen's flight off the map: the bar offers it to a pilot whose seat knows the
shields are down, the turn bar tells the shields as the seat knows them, the ship vanishes
from the plan and the notices tell who may know (game/ui)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact import actions as A
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.state import Notice, ShieldsSeen
from game.ui.artifact_panels import notice_text, shields_words
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable
from tests.artifact.arrange import lower_shields, shields_as_seen

POD_SEAT = (1, 7)  # the Command Pod's control seat, one square in from the map's west edge


def _shots(tmp_path: Path) -> Path:
    path = Path(os.environ.get("ARTIFACT_SHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _scientist_knows_the_shields_down():
    """The Example, the shields lowered in the Phone Co.'s turn: the reconbot on the ring's
    outside sees the bubble gone at that turn's final map update; Slavin at the pod's
    controls in the scientist's turn."""
    game, _log = example_game(9)
    game.apply("pirates", A.EndTurn())
    lower_shields(game)
    game.apply("phoneco", A.EndTurn())
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    return game


def test_the_bar_flies_the_pod_off_the_map_and_the_plan_loses_it(ui_app, tmp_path):  # noqa: F811
    game = _scientist_knows_the_shields_down()
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source("scientist")))
    w.frame()
    w.press("select:slavin")
    buttons = {k: label for k, label, _ok in w.scene.action_buttons(w.ctx)}
    assert buttons["flyoff:W:jog"] == "Fly off the map to the west"  # one way: on the bar
    assert not any(k.startswith("fly:W*") for k in buttons)
    w.scene.cam.centre_on(POD_SEAT)
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "flyoff_offered.png"))
    w.press("flyoff:W:jog")
    w.key(pygame.K_LEFT)  # the pilot's facing after the action
    pod = game.state.ships["command_pod"]
    assert pod.left and pod.square is None
    w.frame()
    plan = w.scene.plan
    assert plan is game.plan and plan.terrain[plan.sq(*POD_SEAT)] == "space"
    # where it was, a fading outline of the pod as it goes
    [ghost] = [a for a in w.scene.hazards.animations if a.kind == "departure"]
    assert plan.sq(*POD_SEAT) in ghost.squares and len(ghost.squares) > 6
    assert any("The Command pod left the station's space with 1 aboard" in line
               for line, _colour in w.scene.log.entries)
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "flyoff_gone.png"))


def test_the_bar_offers_no_flight_off_the_map_while_the_shields_are_up_or_unknown(
        ui_app):  # noqa: F811
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source("scientist")))
    w.frame()
    w.press("select:slavin")
    keys = [k for k, _label, _ok in w.scene.action_buttons(w.ctx)]
    assert not any(k.startswith("flyoff") for k in keys)


def test_the_shields_and_the_departure_read_as_words():
    assert shields_words(ShieldsSeen(True, 2, True))[0] == "Shields up"
    assert shields_words(ShieldsSeen(False, 2, False))[0] == "Shields down (last seen round 2)"
    left = notice_text(Notice("ship_left", 4, {"ship": "Command pod"}))[0]
    assert left == "Round 4: The Command pod has flown off the map, gone for good."
    bubble = notice_text(Notice("shields_in_way", 4, {"ship": "Command pod",
                                                      "character": "slavin"}),
                         {"slavin": "Dr. Slavin"})[0]
    assert bubble.startswith("Round 4: Dr. Slavin flew the Command pod into the shimmering")
    assert "slavin" not in bubble
    departed = notice_text(Notice("ship_departed", 4, {
        "ship": "Command pod", "pilot": "slavin", "aboard": ["slavin", "mccray"],
        "items": ["t1"]}), {"slavin": "Dr. Slavin", "mccray": "Dr. McCray",
                            "t1": "Booby trap"})[0]
    assert departed == ("Round 4: The Command pod flew off the map with Dr. Slavin, "
                        "Dr. McCray aboard; with it went Booby trap.")


def test_a_pilot_who_last_saw_the_shields_down_meets_the_bubble_on_screen(
        ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    # the scientist's map last saw them down in round 1; they are up
    shields_as_seen(game, "scientist", up=False)
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source("scientist")))
    w.frame()
    w.press("select:slavin")
    w.press("flyoff:W:jog")
    w.key(pygame.K_LEFT)
    pod = game.state.ships["command_pod"]
    assert not pod.left and game.plan.xy(pod.square) == (0, 7)
    w.frame()
    lines = [line for line, _colour in w.scene.log.entries]
    assert any("shimmering bubble" in line and "Slavin" in line for line in lines)
    keys = [k for k, _label, _ok in w.scene.action_buttons(w.ctx)]
    assert not any(k.startswith("flyoff") for k in keys)
    w.scene.cam.centre_on(POD_SEAT)
    w.frame()
    pygame.image.save(w.surface, str(_shots(tmp_path) / "flyoff_bubble.png"))
    from game.ui.artifact_judge_scene import ArtifactJudgeScene

    judge = Window(ui_app, ArtifactJudgeScene(LocalTable(game).source(JUDGE)))
    judge.frame()
    pygame.image.save(judge.surface, str(_shots(tmp_path) / "flyoff_judge.png"))
