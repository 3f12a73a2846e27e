"""The Artifact's screens at a real table: what a group of players would trip over, each
driven with synthetic events on a local engine and checked on the screen's state or what
it draws."""

from __future__ import annotations

import pygame
import pytest
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_source import (
    LocalTable,
    to_judge_check,
    to_place,
    to_play,
    to_purchase,
)


def table_in_play(players: int = 5, seed: int = 7) -> LocalTable:
    game = ArtifactGame.new({"players": players, "assignment": "random"}, seed)
    to_purchase(game)
    to_place(game)
    to_judge_check(game)
    to_play(game)
    table = LocalTable(game)
    table.serial += 1
    return table


@pytest.fixture
def in_play() -> LocalTable:
    return table_in_play()


def double_click(w: Window, pos) -> None:
    """Two presses at one spot with a frame between them, as a quick hand does."""
    for _ in range(2):
        w.move(pos)
        w._send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        w._send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        w.frame()


# ----------------------------------------------------------------------- 2: ending the game

def test_a_double_click_never_ends_the_game(ui_app, in_play):  # noqa: F811
    j = Window(ui_app, ArtifactJudgeScene(in_play.source(JUDGE)))
    double_click(j, j.button("end_game").rect.center)
    assert in_play.game.phase == "play"
    assert j.scene.levels is not None  # the dialog is open
    # every step's button is double-clicked too: still no ending without "End the game now"
    double_click(j, j.button("end_review").rect.center)
    assert in_play.game.phase == "play"
    j.press("end_review" if not j.scene.confirming else "end_back")
    j.press("end_review" if not j.scene.confirming else "end_back")
    assert j.button("end_confirm") is None and j.button("end_review") is not None
    double_click(j, j.button("cancel_end").rect.center)
    assert in_play.game.phase == "play" and j.scene.levels is None


def test_the_end_dialog_shows_the_levels_about_to_be_announced(ui_app, in_play):  # noqa: F811
    from game.artifact.sheets import default_sheets
    from game.ui.artifact_pieces import seat_title

    j = Window(ui_app, ArtifactJudgeScene(in_play.source(JUDGE)))
    j.press("end_game")
    j.press("level:pirates|1")
    j.press("level:phoneco|1")
    j.press("level:phoneco|1")
    j.press("end_review")
    shown = " | ".join(j.texts())
    sheets = default_sheets()
    for seat in in_play.game.seats:
        level = {"pirates": 2, "phoneco": 3}.get(seat, 1)
        goals = sheets.factions[in_play.game.state.specs[seat].faction].victory
        assert f"{seat_title(seat)}: victory level {level}" in shown
        assert goals[level - 1][:30] in shown
    assert "cannot be undone" in shown
    # the levels cannot change any more on this page; Back can
    assert j.button("level:pirates|1") is None
    j.press("end_confirm")
    assert in_play.game.phase == "over"
    levels = dict(in_play.game.state.result.levels)
    assert levels["pirates"] == 2 and levels["phoneco"] == 3
