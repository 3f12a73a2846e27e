"""``python -m game``: the launcher with both games, hosting, joining and judging by mouse.

The hub runs in a background thread of the test process on 127.0.0.1 (port 0: a free one),
exactly as the launcher's Host does; every wait is bounded.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game import cli
from game.artifact.seats import faction_mix
from game.ui import app as app_module
from game.ui.app import App
from game.ui.artifact_app import HotseatScene
from game.ui.artifact_curtain import CurtainScene
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_pieces import seat_title
from game.ui.herald_pilot import Pilot
from game.ui.launcher_scene import JoinScene, LauncherScene, players_description
from game.ui.scene import Push

WAIT = 20.0


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    a = App((1280, 800), mute=True, data_dir=tmp_path / "home")
    a.push(LauncherScene())
    a.step([], 0.02)
    yield a
    a.ctx.close_all()
    pygame.quit()


def click(app: App, key: str) -> None:
    button = next(b for b in app.top.buttons(app.ctx) if b.key == key)
    Pilot(app).click(button.rect.center)
    app.step([], 0.02)


def keys(app: App) -> list[str]:
    return [b.key for b in app.top.buttons(app.ctx)]


def host(app: App, players: int = 4) -> None:
    click(app, "host")
    assert app.top.name == "host"
    app.top.fields["port"].set_text("0")
    click(app, f"players:{players}")
    click(app, "start")
    assert app.top.name == "hosting", app.top.error


def test_python_m_game_opens_the_launcher_with_both_games(monkeypatch, tmp_path):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path))
    seen = {}

    def one_frame(self):
        self.step([], 0.02)
        seen["top"] = self.top.name
        seen["keys"] = [b.key for b in self.top.buttons(self.ctx)]
        return 0

    monkeypatch.setattr(app_module.App, "run", one_frame)
    assert cli.main([]) == 0
    assert seen["top"] == "launcher"
    assert {"herald", "host", "join", "judge", "quit"} <= set(seen["keys"])


def test_every_subcommand_is_still_there():
    text = cli.build_parser().format_help()
    for command in ("herald", "host", "join", "judge"):
        assert command in text


def test_the_herald_from_the_launcher_and_back(app):
    click(app, "herald")
    assert app.top.name == "title" and "games" in keys(app)
    click(app, "games")
    assert app.top.name == "launcher"


@pytest.mark.parametrize("players", range(3, 9))
def test_each_player_count_says_what_it_gives(players):
    text = players_description(players)
    for seat in faction_mix(players):
        assert seat_title(seat.id) in text
    assert text.startswith(f"{players} players:") and "Judge" in text


def test_host_form_refuses_what_the_command_line_refuses(app):
    click(app, "host")
    app.top.fields["port"].set_text("99999")
    click(app, "start")
    assert app.top.name == "host"
    assert "port must be 0-65535" in app.top.error
    app.top.fields["port"].set_text("0")
    app.top.fields["turn"].set_text("100000")
    click(app, "start")
    assert app.top.name == "host" and "seconds" in app.top.error


def test_host_shows_every_join_string_copies_it_and_opens_the_judge(app, capsys):
    host(app, players=4)
    hosting = app.top
    seats = [seat for seat, _text in hosting.seats()]
    assert seats == [s.id for s in faction_mix(4)] + ["judge"]
    printed = capsys.readouterr().out  # the terminal keeps them, as with `host`
    assert all(text in printed for _seat, text in hosting.seats())
    click(app, "copy:pirates")
    assert pygame.scrap.get_text() == str(hosting.hosted.joins["pirates"])
    assert "Pirate" in hosting.status
    click(app, "judge")
    judge = app.top
    assert isinstance(judge, ArtifactJudgeScene)
    deadline = time.monotonic() + WAIT
    while judge.source.doc is None and time.monotonic() < deadline:
        app.step([], 0.05)
        time.sleep(0.02)
    assert judge.source.doc is not None, "the Judge's window heard nothing from the hub"
    app.ctx.close_all()  # the hub stops while this test still captures its output


def test_join_several_strings_by_paste_for_a_hotseat(app):
    host(app, players=4)
    joins = app.top.hosted.joins
    app.apply(Push(JoinScene("join")))
    app.step([], 0.02)
    pygame.scrap.put_text(f"{joins['pirates']}\n{joins['phoneco']}")
    click(app, "paste")
    click(app, "go")
    assert isinstance(app.top, (HotseatScene, CurtainScene))


def test_join_refuses_a_bad_string_in_one_line(app):
    click(app, "join")
    app.top.fields["joins"].set_text("artifact://nonsense")
    click(app, "go")
    assert app.top.name == "join" and app.top.error and "\n" not in app.top.error


def test_judge_refuses_a_seat_string_and_takes_the_judges(app):
    host(app, players=3)
    joins = app.top.hosted.joins
    app.apply(Push(JoinScene("judge")))
    app.step([], 0.02)
    app.top.fields["joins"].set_text(str(joins["pirates"]))
    click(app, "go")
    assert app.top.name == "judge" and "Judge" in app.top.error
    app.top.fields["joins"].set_text(str(joins["judge"]))
    click(app, "go")
    assert isinstance(app.top, ArtifactJudgeScene)


def test_the_launcher_takes_size_and_mute_and_refuses_a_bad_size(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path))
    seen = {}

    def one_frame(self):
        self.step([], 0.02)
        seen["size"] = self.screen.get_size()
        seen["muted"] = self.ctx.sound.muted
        return 0

    monkeypatch.setattr(app_module.App, "run", one_frame)
    assert cli.main(["--size", "1024x640", "--mute"]) == 0
    assert seen == {"size": (1024, 640), "muted": True}
    assert cli.main(["--size", "10x10"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert "--size" in err and "\n" not in err


def _ink_pixels(app: App, rect: pygame.Rect) -> int:
    """Pixels inside ``rect`` in the running text's ink (typed text), not the dim hint."""
    from game.ui import theme

    app.step([], 0.02)
    app.render()
    shot = app.screen.subsurface(rect.inflate(-8, -8))
    return sum(1 for x in range(shot.get_width()) for y in range(shot.get_height())
               if all(abs(a - b) < 40 for a, b in zip(shot.get_at((x, y))[:3], theme.INK,
                                                       strict=True)))


def test_an_empty_fields_hint_is_dim_and_typed_text_is_not(app):
    # The host form's Seed field showed "random" in the same white as a typed value, so
    # it read as if a seed had been typed in (and "a new file in your data folder" as a
    # path); the hint is now drawn dim until something is typed.
    click(app, "host")
    field = app.top.fields["seed"]
    rect = pygame.Rect(field.get_abs_rect())
    assert field.get_text() == ""
    assert _ink_pixels(app, rect) == 0
    field.set_text("12345")
    assert _ink_pixels(app, rect) > 20
    field.set_text("")
    assert _ink_pixels(app, rect) == 0


def test_a_bad_window_size_prints_only_its_one_line(tmp_path):
    # `lastfrontier herald --size 10x` printed pygame's greeting before the error line.
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["LASTFRONTIER_HOME"] = str(tmp_path)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "game", "herald", "--size", "10x"], cwd=root,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--size" in done.stderr


@pytest.mark.parametrize("from_launcher", [True, False])
def test_a_host_that_never_answers_is_named_and_esc_gives_up(app, from_launcher):
    # A join string with a wrong port left the window on "Connecting to the host..."
    # for good, with no word on why and no way back but killing the window.
    from every_screen import drawn_texts

    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LinkSource
    from game.ui.scene import Quit, Reset
    from net.joinstring import parse

    app.ctx.options["launcher"] = from_launcher
    source = LinkSource(parse("artifact://127.0.0.1:1/pirates/" + "ab" * 16))
    try:
        app.apply(Reset(ArtifactSeatScene(source)))
        app.step([], 1.0)
        first = app.render_checked()
        texts = " ".join(drawn_texts(app))
        assert "Connecting to the host" in texts and "No answer" not in texts
        for _ in range(6):
            app.step([], 1.0)
        texts = " ".join(drawn_texts(app))
        assert "No answer from 127.0.0.1:1 yet" in texts
        esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                 scancode=0)
        command = app.top.handle(esc, app.ctx)
    finally:
        source.close()
    assert not first
    if from_launcher:
        assert isinstance(command, Reset) and command.scene.name == "launcher"
        assert "Esc: back to the first window" in texts
    else:
        assert isinstance(command, Quit) and "Esc: close this window" in texts
