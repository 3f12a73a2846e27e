"""The hazards' map layer: dark and gas drawn as the seat knows them (the Judge sees all),
airless segments edged, and the short animations of a decompression and the ring's stop,
checked on the pixels and saved as screenshots (into $ARTIFACT_SHOTS when set, else the
test's temporary folder)."""

from __future__ import annotations

import pygame
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)
from test_ui_artifact_screens import shoot, shots_dir

from game.artifact import actions as A
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.ui.artifact_hazard_layer import DARK, GAS, hazards_of
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable
from tests.artifact.arrange import give_item, lights_out
from tests.artifact.dice_tools import force_dice
from tests.artifact.secrecy_tools import to_seat

GASSED = (12, 6)     # the Computer Room
DARKENED = (4, 10)   # the Medlab


def _hazardous_game():
    """The Example's game with the Medlab dark and the Computer Room gassed (seen by the
    pirates' Colovisto, who threw the grenade from the corridor)."""
    game, _log = example_game(11)
    lights_out(game, "Medlab")
    grenade = give_item(game, "colovisto", "gas_grenade")
    game.apply(JUDGE, A.JudgeMove("colovisto", 12, 8, "N"))
    game.apply("pirates", A.Attack("colovisto", grenade, "normal", (GASSED,), "N"))
    return game


def _pixel(w: Window, square) -> tuple:
    """The colour in the middle of a square's top-left quarter (clear of counters)."""
    cam = w.scene.cam
    x, y = cam.to_screen(*square)
    assert cam.rect.collidepoint(x, y), (square, cam.rect)
    return tuple(w.surface.get_at((x + cam.cell // 4, y + cam.cell // 4)))[:3]


def _centred(w: Window, square) -> None:
    w.frame()  # the first frame centres on the seat's own forces
    w.scene.cam.centre_on(square)
    w.frame()


def test_dark_and_gas_shade_the_map_as_the_seat_knows_them(ui_app, tmp_path):  # noqa: F811
    game = _hazardous_game()
    table = LocalTable(game)
    pirates = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    phoneco = Window(ui_app, ArtifactSeatScene(table.source("phoneco")))
    for w in (pirates, phoneco):
        _centred(w, (10, 7))
    folder = shots_dir(tmp_path)
    shoot(pirates, folder, "hazards_pirates")
    shoot(phoneco, folder, "hazards_phoneco")
    # the pirates saw the gas; the Phone Co. did not: the same square, two colours
    assert hazards_of(pirates.scene.view).gas == {"Computer Room"}
    assert hazards_of(phoneco.scene.view).gas == frozenset()
    gas_here, gas_there = _pixel(pirates, (10, 5)), _pixel(phoneco, (10, 5))
    assert gas_here[1] > gas_there[1] + 15, (gas_here, gas_there)  # greener
    # both know the dark corridor: it is drawn darker than a lit floor square
    lit = _pixel(phoneco, (7, 9))  # the Main Corridor, lit
    dark = _pixel(phoneco, DARKENED)
    assert sum(dark) < sum(lit) - 60, (dark, lit)
    assert DARK[3] > 0 and GAS[3] > 0


def test_the_judge_sees_every_hazard(ui_app, tmp_path):  # noqa: F811
    game = _hazardous_game()
    table = LocalTable(game)
    w = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    _centred(w, (10, 7))
    shoot(w, shots_dir(tmp_path), "hazards_judge")
    assert hazards_of(w.scene.view).gas == {"Computer Room"}
    assert hazards_of(w.scene.view).dark == {"Medlab"}


def test_decompression_and_ring_stop_are_animated(ui_app, tmp_path):  # noqa: F811
    game, _log = example_game(11)
    table = LocalTable(game)
    w = Window(ui_app, ArtifactSeatScene(table.source("scientist")))
    _centred(w, (3, 8))
    # the pirates shoot out the Command Pod's window and wreck Lounge A's computer, whose
    # last roll stops the ring
    game.apply(JUDGE, A.JudgeMove("lichter", 3, 8, "W"))
    rifle = next(i for i in game.state.characters["lichter"].items
                 if game.state.items[i].type == "rifle")
    force_dice(game, 1)
    game.apply("pirates", A.Attack("lichter", rifle, "normal", ((0, 8),), "W"))
    game.apply(JUDGE, A.JudgeMove("mendez", 7, 31, "E"))
    rifle = next(i for i in game.state.characters["mendez"].items
                 if game.state.items[i].type == "rifle")
    force_dice(game, 1, 6)
    game.apply("pirates", A.Attack("mendez", rifle, "normal", ((8, 31),), "E"))
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())           # Global Updates: warning, ring stop
    table.serial += 1
    layer = w.scene.hazards
    w.frame()
    kinds = sorted(a.kind for a in layer.animations)
    assert kinds == ["decompression", "ring_stop"]
    folder = shots_dir(tmp_path)
    before = pygame.image.tobytes(w.surface, "RGB")
    w.frame(0.3)
    shoot(w, folder, "hazards_decompression")
    assert pygame.image.tobytes(w.surface, "RGB") != before  # it moves
    _centred(w, (8, 30))
    shoot(w, folder, "hazards_ring_stop")
    for _ in range(12):
        w.frame(0.2)
    assert not layer.animating(w.ctx.time)      # short: it is over
    shoot(w, folder, "hazards_after")


def test_hazard_notices_read_as_sentences_with_names():
    """Every hazard notice a seat gets has its own sentence, naming characters, never ids."""
    from game.artifact.views import view_for
    from game.ui.artifact_panels import notice_text, seat_names

    game = _hazardous_game()
    game.apply(JUDGE, A.JudgeMove("orlov", 1, 8, "W"))
    game.apply(JUDGE, A.JudgeMove("lichter", 3, 8, "W"))
    rifle = next(i for i in game.state.characters["lichter"].items
                 if game.state.items[i].type == "rifle")
    # the window breaks; then the gas finds McCray and Slavin in the scientist's turn
    force_dice(game, 1, 1, 1)
    game.apply("pirates", A.Attack("lichter", rifle, "normal", ((0, 8),), "W"))
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    view = view_for(game, "pirates")
    kinds = {"gas_released", "decompression", "airless", "decompression_warning"}
    lines = {n.kind: notice_text(n, seat_names(view))[0] for n in view.notices
             if n.kind in kinds}
    assert set(lines) == kinds
    for text in lines.values():
        assert "News:" not in text, text
        assert not any(cid in text for cid in ("orlov", "lichter", "colovisto")), text
    assert "Orlov" in lines["decompression"] and "Orlov" in lines["airless"]
    assert "(1 turn so far)" in lines["airless"], lines["airless"]
