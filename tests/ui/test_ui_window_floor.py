"""The window is held large enough for the screen it shows: The Herald's board needs more
room than the launcher's forms or the Artifact's screens, which lay out at 640x400."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game import cli
from game.herald.engine import HeraldGame
from game.ui.app import App
from game.ui.herald_scene import HeraldScene
from game.ui.scene import Pop, Push, Reset, Scene
from game.ui.sizes import HERALD_MIN_WINDOW, MIN_WINDOW


class _Form(Scene):
    name = "form"


def _resize(app: App, w: int, h: int) -> None:
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def test_the_herald_grows_a_small_window_and_holds_it(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path))
    app = App((640, 400), mute=True)
    app.apply(Reset(_Form()))
    assert app.screen.get_size() == (640, 400)
    app.apply(Push(HeraldScene(HeraldGame.new(seed=3))))
    assert app.screen.get_size() == HERALD_MIN_WINDOW
    assert app.ctx.size == HERALD_MIN_WINDOW
    _resize(app, 700, 420)  # the player drags the window smaller than the board
    assert app.screen.get_size() == HERALD_MIN_WINDOW
    _resize(app, 1400, 900)
    assert app.screen.get_size() == (1400, 900)
    app.apply(Pop())  # back on the form, which lays out in the smallest window
    _resize(app, 640, 400)
    assert app.screen.get_size() == MIN_WINDOW
    app.close()


def test_the_herald_command_line_refuses_a_window_too_small_for_its_board(capsys):
    assert cli.main(["herald", "--size", "800x500"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "\n" not in err.strip() and "--size 800x500" in err and "1024x640" in err


def test_a_damaged_pads_file_is_named_in_words(tmp_path):
    pads = tmp_path / "pads.toml"
    pads.write_bytes(b"name = \"\xff\xfe\"\n")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "game", "herald", "--pads", str(pads)],
                          cwd=root, capture_output=True, text=True, timeout=60, env=env,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and "not UTF-8 text" in line and "Error" not in line
