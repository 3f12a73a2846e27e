"""Windows of The Artifact: a seat's window (one seat, or several in hotseat with a curtain
between them) and the Judge's window, each joined to a hosted game by its join string.

``run_seat_window`` and ``run_judge_window`` are the entry points the command line calls.
A bad join string prints one line and returns 2; a normal quit returns 0.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import pygame

from game.ui.artifact_curtain import CurtainScene
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.scene import Command, Push, Scene

EXIT_BAD_JOIN = 2
QUIT_AFTER_ENV = "ARTIFACT_QUIT_AFTER_FRAMES"


class HotseatScene(Scene):
    """Several seats sharing one screen. Only the active seat is drawn; when it has nothing
    to do and another local seat has, the curtain comes down before that seat appears.
    F2 passes the screen to the next local seat by hand."""

    name = "artifact_hotseat"

    def __init__(self, scenes: Sequence[ArtifactSeatScene]) -> None:
        self.scenes = list(scenes)
        self.active = 0
        self.curtains = 0
        self._started = False

    @property
    def current(self) -> ArtifactSeatScene:
        return self.scenes[self.active]

    @property
    def captures_text(self) -> bool:
        return self.current.captures_text

    def on_enter(self, ctx) -> None:
        for scene in self.scenes:
            scene.on_enter(ctx)

    def on_resize(self, ctx) -> None:
        for scene in self.scenes:
            scene.on_resize(ctx)

    def _pass_to(self, index: int) -> Command:
        self.active = index
        self.curtains += 1
        return Push(CurtainScene(self.scenes[index].seat, keep_alive=self._pump_all))

    def _pump_all(self) -> None:
        for scene in self.scenes:
            scene.source.pump()

    def handle(self, event: pygame.event.Event, ctx) -> Command | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2 and len(self.scenes) > 1:
            return self._pass_to((self.active + 1) % len(self.scenes))
        return self.current.handle(event, ctx)

    def update(self, dt: float, ctx) -> Command | None:
        for n, scene in enumerate(self.scenes):
            if n != self.active:
                scene.source.pump()
        command = self.current.update(dt, ctx)
        if command is not None:
            return command
        if not self._started:
            self._started = True
            return self._pass_to(self.active)
        if self.current.animating() or self.current.is_actor():
            return None
        for step in range(1, len(self.scenes)):
            n = (self.active + step) % len(self.scenes)
            if self.scenes[n].is_actor():
                return self._pass_to(n)
        return None

    def draw(self, surface: pygame.Surface, ctx) -> None:
        self.current.draw(surface, ctx)


def _parse(texts: Sequence[str]):
    from net.errors import JoinStringError
    from net.joinstring import parse

    joins = []
    for text in texts:
        try:
            joins.append(parse(text))
        except JoinStringError as exc:
            return None, f"error: {exc}"
    return joins, ""


def frame_limit() -> int | None:
    """``ARTIFACT_QUIT_AFTER_FRAMES=N``: the window closes itself after N frames (scripted
    and headless runs, e.g. under ``SDL_VIDEODRIVER=dummy``); unset or empty: no limit."""
    text = os.environ.get(QUIT_AFTER_ENV, "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{QUIT_AFTER_ENV} wants a whole number of frames, got {text!r}")
    return int(text)


def _loop(app, limit: int | None) -> int:
    if limit is None:
        return app.run()
    clock = pygame.time.Clock()
    dt = 0.0
    while app.step(pygame.event.get(), dt) and app.frames < limit:
        dt = min(0.1, clock.tick(60) / 1000.0)
    return app.status or 0


def _run(scene_factory, joins, size, mute) -> int:
    from game.ui.app import App
    from game.ui.artifact_source import LinkSource

    try:
        limit = frame_limit()
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_JOIN
    sources = []
    try:
        sources = [LinkSource(join) for join in joins]
        try:
            app = App(size, mute=mute, title="The Artifact", icon="counter_artifact")
        except pygame.error as exc:  # no display here: say so in one line
            # One write, so a hub thread's status line cannot land inside this one.
            sys.stderr.write(
                f"error: cannot open a window ({exc}); use --headless (or host --no-window)\n")
            return EXIT_BAD_JOIN
        app.push(scene_factory(sources))
        return _loop(app, limit)
    finally:
        for source in sources:
            source.close()
        pygame.quit()


def seat_scene_for(sources) -> Scene:
    """One seat's scene, or the hotseat wrapper for several."""
    scenes = [ArtifactSeatScene(source) for source in sources]
    return scenes[0] if len(scenes) == 1 else HotseatScene(scenes)


def run_seat_window(join_strings: list[str], size=(1280, 800), mute: bool = False) -> int:
    """Open a seat's window (several join strings: hotseat with a curtain between seats)."""
    if not join_strings:
        print("error: give at least one join string", file=sys.stderr)
        return EXIT_BAD_JOIN
    joins, error = _parse(join_strings)
    if joins is None:
        print(error, file=sys.stderr)
        return EXIT_BAD_JOIN
    if any(j.seat == "judge" for j in joins):
        print("error: that is the Judge's join string; open it with the Judge's window",
              file=sys.stderr)
        return EXIT_BAD_JOIN
    if len({j.seat for j in joins}) != len(joins):
        print("error: the same seat is given twice", file=sys.stderr)
        return EXIT_BAD_JOIN
    return _run(seat_scene_for, joins, size, mute)


def run_judge_window(join_string: str, size=(1280, 800), mute: bool = False) -> int:
    """Open the Judge's window."""
    joins, error = _parse([join_string])
    if joins is None:
        print(error, file=sys.stderr)
        return EXIT_BAD_JOIN
    if joins[0].seat != "judge":
        print(f"error: that join string is for the {joins[0].seat} seat, not the Judge",
              file=sys.stderr)
        return EXIT_BAD_JOIN
    return _run(lambda sources: ArtifactJudgeScene(sources[0]), joins, size, mute)
