"""The seat screen and the hull's faces: both faces drawn apart under their titles, a move
onto the top of the hull planned by clicking its square, the counter wearing the EVA marker
and the words saying where it stands (game/ui)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact import actions as A
from game.artifact import preview, space
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.ui.artifact_deckdraw import hull_face_boxes, name_layout
from game.ui.artifact_pieces import place_name
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable


def _shots(tmp_path: Path) -> Path:
    path = Path(os.environ.get("ARTIFACT_SHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def test_places_on_the_hull_read_as_words_over_the_room_below():
    game, _log = example_game(9)
    plan = game.plan
    assert place_name((12, 50), plan) == "the top of the hull over the Computer Room"
    assert place_name((12, 62), plan) == "the underside of the hull below the Computer Room"
    assert place_name((12, 1), plan) == "outside the hull"
    # the Judge's roster adds the square as the action log names it
    assert place_name((12, 50), plan, exact=True) == (
        "the top of the hull over the Computer Room (12, 50)")


def test_both_faces_are_drawn_apart_under_their_titles(ui_app):  # noqa: F811
    plan = example_game(9)[0].plan
    boxes = dict(hull_face_boxes(plan))
    assert boxes == {"dorsal": (4, 47, 31, 56), "ventral": (4, 59, 31, 68)}
    titles = [lab.text for lab in name_layout(plan, 30, lambda t, px: (len(t) * px // 2, px))]
    assert "On top of the hull" in titles and "Underneath the hull" in titles


def _window(app, game, size) -> Window:
    w = Window(app, ArtifactSeatScene(LocalTable(game).source("pirates")), size)
    w.scene.layout(size)
    w.frame()
    for _ in range(10):  # Tab to Lichter: a small window's forces list shows few names
        if w.scene.selected == "lichter":
            break
        w.key(pygame.K_TAB)
    assert w.scene.selected == "lichter"
    w.key(pygame.K_3)  # run
    return w


def test_a_floater_climbs_onto_the_top_of_the_hull_from_the_map(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    game.apply(JUDGE, A.JudgeMove("lichter", 8, 4, "S"))  # suited, beside the Main Airlock
    game.apply(JUDGE, A.JudgeMove("mendez", 12, 62, "W"))  # underneath the hull
    for size, name in (((1280, 720), "hull_1280"), ((640, 400), "hull_640")):
        w = _window(ui_app, game, size)
        scene = w.scene
        # the squares the map offers are the planner's, faces included
        assert set(scene.reach()) == set(preview.reachable(scene.view, "lichter", "run",
                                                           scene.plan))
        assert (8, 49) in scene.reach() and (8, 61) in scene.reach()
        w.goto((10, 54))
        w.frame()
        pygame.image.save(w.surface, str(_shots(tmp_path) / f"{name}_reach.png"))
    w.click_square((8, 49))
    w.key(pygame.K_RETURN)  # the facing it would keep
    lichter = game.state.characters["lichter"]
    assert game.plan.xy(lichter.square) == (8, 49) and lichter.eva == "dorsal"
    w.frame()
    # no line of sight is drawn across the drawing from the top to anywhere else
    assert w.scene.los((12, 62)) is None and w.scene.los((8, 4)) is None
    assert w.scene.los((12, 50)) is not None  # along the same face it is
    card = w.scene.unit_lines(w.scene.view, "lichter")
    assert card[0].startswith("Lichter: human, ") and card[0].endswith(", on top of the hull")
    w.goto((12, 62))
    w.move(w.scene.cam.centre_px(12, 62))  # Mendez's counter: its tooltip says where
    said = " ".join(w.texts())
    assert "Mendez, underneath the hull" in said
    pygame.image.save(w.surface, str(_shots(tmp_path) / "hull_640_on_top.png"))


def test_the_counter_on_the_hull_wears_the_eva_marker(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(9)
    game.apply(JUDGE, A.JudgeMove("mendez", 12, 50, "W"))
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source("pirates")), (1280, 720))
    scene = w.scene
    scene.layout((1280, 720))
    w.goto((12, 50))
    w.frame()
    rect = next(r for r, p in scene.renderer.piece_rects(scene.cam, scene.pieces())
                if p.label == "Mendez")
    radius = max(4, rect.w // 5)
    plate = max(9, min(14, rect.w // 4)) + 3
    mark = (rect.right - radius, rect.bottom - plate - radius - radius // 2)
    # the wedge points up on top of the hull: its light colour above the centre
    assert w.surface.get_at(mark)[:3] == (200, 214, 232)
    game.apply(JUDGE, A.JudgeMove("mendez", 12, 62, "W"))
    assert space.face_of(game.plan, game.state.characters["mendez"].square) == "ventral"
    pygame.image.save(w.surface, str(_shots(tmp_path) / "hull_marker.png"))
