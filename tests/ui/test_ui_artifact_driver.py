"""Drivers for the Artifact screens in tests: a window's scene on its own surface, fed
synthetic mouse and key events only (buttons are found where the scene drew them), plus a
real host process on 127.0.0.1 and pixel helpers for "is this counter drawn here".
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.ui.artifact_map import Overlays

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0


class Window:
    """One client window: a scene drawn on its own 1280x800 surface."""

    def __init__(self, app, scene, size=(1280, 800)) -> None:
        self.app = app
        self.ctx = app.ctx
        self.scene = scene
        self.surface = pygame.Surface(size)
        scene.on_enter(self.ctx)

    def frame(self, dt: float = 1 / 60) -> None:
        self.ctx.time += dt
        self.scene.update(dt, self.ctx)
        self.scene.draw(self.surface, self.ctx)

    def _send(self, event) -> None:
        if hasattr(event, "pos"):
            self.ctx.mouse = tuple(event.pos)
        self.scene.handle(event, self.ctx)

    def move(self, pos) -> None:
        self._send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def click(self, pos, button: int = 1) -> None:
        self.move(pos)
        self._send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self._send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frame()

    def key(self, key: int, text: str = "") -> None:
        self._send(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
        self._send(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
        self.frame()

    def type(self, text: str) -> None:
        self._send(pygame.event.Event(pygame.TEXTINPUT, text=text))

    def button(self, key: str):
        self.frame()
        for b in [*self.scene.buttons, *getattr(self.scene, "chat", self).buttons]:
            if b.key == key:
                return b
        return None

    def press(self, key: str) -> None:
        b = self.button(key)
        assert b is not None, f"no button {key!r}; have {[x.key for x in self.scene.buttons]}"
        assert b.enabled, f"button {key!r} is disabled"
        self.click(b.rect.center)

    def goto(self, square) -> tuple[int, int]:
        """Centre the map on ``square`` by clicking the minimap; its screen centre."""
        self.frame()
        r = self.scene.renderer._mini_rect
        k = self.scene.renderer._mini_k
        self.click((r.x + round((square[0] + 0.5) * k), r.y + round((square[1] + 0.5) * k)))
        return self.scene.cam.centre_px(*square)

    def click_square(self, square) -> None:
        pos = self.goto(square)
        self.click(pos)

    def wait(self, pred, timeout: float = WAIT, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or pred} "
                                     f"({self.scene.seat}: {self.scene.source.last_error})")
            self.frame(0.02)
            time.sleep(0.01)


def settle(windows, pred, timeout: float = WAIT, what: str = "") -> None:
    """Run frames on every window until ``pred()`` holds."""
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            errors = {w.scene.seat: w.scene.source.last_error for w in windows}
            raise AssertionError(f"timed out waiting for {what}: {errors}")
        for w in windows:
            w.frame(0.02)
        time.sleep(0.01)


# ----------------------------------------------------------------------- pixels

def counter_pixels(surface: pygame.Surface, rect: pygame.Rect, colour, tol: int = 60) -> int:
    """How many pixels in ``rect`` are close to a counter tinted with ``colour``."""
    rect = rect.clip(surface.get_rect())
    px = pygame.surfarray.array3d(surface.subsurface(rect)).astype(int)
    target = np.array(colour, dtype=int)
    # the light counter sprite multiplied by the colour: same hue, brightness 60..100 %
    best = None
    for k in (1.0, 0.9, 0.8, 0.7):
        d = np.abs(px - target * k).max(axis=2)
        hit = d <= tol * 0.5
        best = hit if best is None else (best | hit)
    return int(best.sum())


def bare_map(window) -> pygame.Surface:
    """The scene's map area drawn with no counters and no overlays (same camera)."""
    scene = window.scene
    out = pygame.Surface(window.surface.get_size())
    view = scene.view
    from game.ui.artifact_pieces import seat_hatches

    scene.renderer.draw(out, window.ctx, scene.cam, hatches=seat_hatches(view, scene.plan),
                        lifts=view["map"]["lifts"], pieces=[], ov=Overlays())
    return out


def changed_outside(window, keep: list[tuple[int, int]]) -> int:
    """Pixels of the map area that differ from the bare map outside the squares ``keep``
    (each grown by most of a square for facing arrows and stack spread)."""
    scene = window.scene
    area = scene.cam.rect.inflate(-2, -2)  # the scene frames the map with a 1-pixel line
    a = pygame.surfarray.array3d(window.surface.subsurface(area)).astype(int)
    b = pygame.surfarray.array3d(bare_map(window).subsurface(area)).astype(int)
    diff = np.abs(a - b).max(axis=2) > 8
    c = scene.cam.cell
    for square in keep:
        x, y = scene.cam.to_screen(*square)
        x -= area.x
        y -= area.y
        diff[max(0, x - c // 2 - 4): max(0, x + c + c // 2 + 4),
             max(0, y - c // 2 - 4): max(0, y + c + c // 2 + 4)] = False
    return int(diff.sum())


# ----------------------------------------------------------------------- host

def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


class Host:
    """``python -m game host`` as a real process; ``joins`` maps seat to join string."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "host", *args], cwd=ROOT, env=_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.joins: dict[str, str] = {}
        deadline = time.monotonic() + WAIT
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                self.close()
                raise AssertionError("host did not start") from None
            if line is None:
                raise AssertionError(f"host exited: {self.proc.stderr.read()}")
            if line.startswith("join "):
                _, seat, text = line.split(" ")
                self.joins[seat] = text
            if line == "ready":
                break

    def _pump(self) -> None:
        for raw in self.proc.stdout:
            self.lines.put(raw.rstrip("\n"))
        self.lines.put(None)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=WAIT)


@pytest.fixture
def ui_app(tmp_path, monkeypatch):
    """One dummy-driver App that owns the display and the shared UI context."""
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path))
    from game.ui.app import App

    app = App((1280, 800), mute=True, title="The Artifact", icon=None)
    yield app
    pygame.quit()
