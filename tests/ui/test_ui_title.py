"""The Herald's title screen: damaged autosaves and the question before replacing a voyage.

Each damaged file below crashed the title of the old client before its first frame (or
crashed Continue): a turn or a seed of 1e400 (OverflowError), a hundred thousand nested
brackets (RecursionError), a 5,000-digit seed (ValueError out of the JSON decoder).
"""

from __future__ import annotations

import json

import pytest

from game.herald.bot import choose
from game.herald.engine import HeraldGame
from game.ui.app import App
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import autosave_path
from game.ui.title_scene import TitleScene


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def _real_save_text() -> str:
    game = HeraldGame.new(5)
    game.apply(choose(game).action)
    return json.dumps(game.to_dict())


def _with(path_in_state: tuple[str, str], literal: str) -> str:
    """A real save with one value replaced by ``literal`` (raw JSON text)."""
    data = json.loads(_real_save_text())
    data[path_in_state[0]][path_in_state[1]] = "@@HOLE@@"
    return json.dumps(data).replace('"@@HOLE@@"', literal)


DAMAGED = {
    "turn 1e400": lambda: _with(("state", "turn"), "1e400"),
    "seed 1e400": lambda: _with(("setup", "seed"), "1e400"),
    "100,000 nested brackets": lambda: "[" * 100_000 + "]" * 100_000,
    "5,000-digit seed": lambda: _with(("setup", "seed"), "7" * 5000),
    "not UTF-8": lambda: b"\xff\xfe{".decode("latin-1"),
    "cut short": lambda: _real_save_text()[:4403],
}


def _title(home, text: str | None) -> tuple[App, list[str]]:
    if text is not None:
        autosave_path(home).write_bytes(text.encode("latin-1") if "\xff" in text
                                        else text.encode("utf-8"))
    app = App((1280, 800), mute=True)
    shown: list[str] = []
    real_render = app.ctx.text.render

    def recording(text, *args, **kwargs):
        shown.append(text)
        return real_render(text, *args, **kwargs)

    app.ctx.text.render = recording
    app.push(TitleScene())
    app.step([], 0.02)
    return app, shown


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_autosave_is_named_in_plain_words_and_can_be_deleted(home, damage):
    app, shown = _title(home, DAMAGED[damage]())
    title = app.top
    keys = [b.key for b in title.buttons(app.ctx)]
    assert "continue" not in keys and "delete" in keys
    said = " ".join(shown)
    assert "damaged" in said
    assert str(home) not in said and "line 1" not in said and "Traceback" not in said
    assert "column" not in said
    pilot = Pilot(app)
    pilot.click(next(b for b in title.buttons(app.ctx) if b.key == "delete").rect.center)
    assert app.top.name == "dialog"
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "delete").rect.center)
    app.step([], 0.02)
    assert app.top is title
    assert not autosave_path(home).exists()
    assert [b.key for b in title.buttons(app.ctx)][0] == "new"
    assert title.message == "The damaged save was deleted."


def test_keeping_a_damaged_autosave_leaves_the_file(home):
    app, _ = _title(home, DAMAGED["5,000-digit seed"]())
    pilot = Pilot(app)
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "delete").rect.center)
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "keep").rect.center)
    assert app.top.name == "title" and autosave_path(home).is_file()


def test_continue_of_a_save_damaged_after_the_title_opened_says_so(home):
    app, shown = _title(home, _real_save_text())
    assert app.top.buttons(app.ctx)[0].key == "continue"
    autosave_path(home).write_text(DAMAGED["5,000-digit seed"]())
    Pilot(app).click(app.top.buttons(app.ctx)[0].rect.center)
    app.step([], 0.02)
    assert app.top.name == "title"
    assert "damaged" in app.top.message and str(home) not in app.top.message
    assert [b.key for b in app.top.buttons(app.ctx)][:2] == ["new", "delete"]


def test_new_game_asks_before_replacing_a_voyage_in_progress(home):
    saved = _real_save_text()
    app, _ = _title(home, saved)
    pilot = Pilot(app)
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "new").rect.center)
    assert app.top.name == "dialog" and "in progress" in app.top.message
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "keep").rect.center)
    app.step([], 0.02)
    assert app.top.name == "title" and autosave_path(home).read_text() == saved
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "new").rect.center)
    pilot.click(next(b for b in app.top.buttons(app.ctx) if b.key == "new").rect.center)
    app.step([], 0.02)
    assert app.top.name == "new_game"


def test_new_game_without_a_voyage_in_progress_goes_straight_to_the_form(home):
    app, _ = _title(home, None)
    Pilot(app).click(next(b for b in app.top.buttons(app.ctx) if b.key == "new").rect.center)
    assert app.top.name == "new_game"
