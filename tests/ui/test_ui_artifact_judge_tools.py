"""The Judge's adjudication tools on the Judge's screen, driven by synthetic mouse events:
pick a counter on the map, set a status, turn it, move it, remove it; and "see the map as"
a seat equals that seat's own screen."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_pieces import judge_pieces
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable


def shots(tmp_path: Path) -> Path:
    path = Path(os.environ.get("ARTIFACT_SHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def pick(j: Window, thing: str) -> None:
    """Centre the map on ``thing`` and click its counter."""
    scene = j.scene
    state = scene.state
    square = j.scene.plan.xy(state.characters[thing].square)
    j.goto(square)
    j.frame()
    rects = scene.renderer.piece_rects(scene.cam, judge_pieces(state, scene.plan))
    rect = next(r for r, p in rects if p.key == thing)
    j.click(rect.center)


def test_judge_tools_by_mouse(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(3)
    table = LocalTable(game)
    j = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    scene = j.scene
    j.frame()
    assert game.turn_seat == "pirates"
    cid = "osorio"
    before = view_for(game, "phoneco")
    pick(j, cid)
    assert scene.picked == cid
    assert j.button("jstatus:healthy") is not None and not j.button("jstatus:healthy").enabled
    pygame.image.save(j.surface, str(shots(tmp_path) / "judge_tools_picked.png"))
    j.press("jstatus:light_wound")
    assert game.state.characters[cid].wound is True
    badge = next(p for p in judge_pieces(scene.state, scene.plan) if p.key == cid)
    assert badge.status == "wounded"  # the light-wound badge on the Judge's map
    j.press("jface:E")
    assert game.state.characters[cid].facing == "E"
    old = game.state.characters[cid].square
    target = (game.plan.xy(old)[0] + 1, game.plan.xy(old)[1])
    assert game.plan.passable(game.plan.sq(*target))
    j.press("jmove")
    assert scene.moving
    j.click_square(target)
    assert game.state.characters[cid].square == game.plan.sq(*target)
    assert not scene.moving
    # the owner's own view has not changed yet: it hears at its Situation Update
    assert view_for(game, "phoneco").own.characters[cid] == before.own.characters[
        cid]
    pygame.image.save(j.surface, str(shots(tmp_path) / "judge_tools_moved.png"))
    j.press("jstatus:down")
    assert game.state.characters[cid].status == "down"
    j.press("jremove")
    assert game.state.characters[cid].square is None and scene.picked is None
    assert scene.status == "" or "choose" not in scene.status
    # while showing a seat's map, a click picks nothing
    j.press("as:phoneco")
    pick_target = "kyoshi"
    j.goto(game.plan.xy(game.state.characters[pick_target].square))
    j.click(scene.cam.centre_px(*game.plan.xy(game.state.characters[pick_target].square)))
    assert scene.picked is None
    j.press("as:")
    pick(j, "kyoshi")
    assert j.button("jremove") is not None
    j.press("as:phoneco")
    assert j.button("jremove") is None  # no tools over a seat's map
    j.press("as:")
    # a removed character is picked with Tab and put back with Move to...
    for _ in range(100):
        if scene.picked == cid:
            break
        j.key(pygame.K_TAB)
    assert scene.picked == cid
    j.press("jmove")
    j.click_square(target)
    assert game.state.characters[cid].square == game.plan.sq(*target)
    j.press("jremove")
    while game.turn_seat != "phoneco":
        game.apply(game.turn_seat, {"type": "end_turn"})
    table.serial += 1
    view = view_for(game, "phoneco")
    assert view.own.characters[cid].square is None
    assert any(n.kind == "telegram" and n.about["character"] == cid for n in view.notices)


def test_judge_sees_a_seat_exactly_as_its_screen(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(4)
    table = LocalTable(game)
    j = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    s = Window(ui_app, ArtifactSeatScene(table.source("scientist")))
    j.frame()
    s.frame()
    j.press("as:scientist")
    assert j.scene.seat_view("scientist") == view_for(game, "scientist")
    assert {(p.key, p.square, p.ghost) for p in j.scene.map_data()[0]} == {
        (p.key, p.square, p.ghost) for p in s.scene.pieces()}
    pygame.image.save(j.surface, str(shots(tmp_path) / "judge_as_scientist.png"))
    pygame.image.save(s.surface, str(shots(tmp_path) / "seat_scientist.png"))
