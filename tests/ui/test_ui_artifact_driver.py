"""Drivers for the Artifact screens in tests: a window's scene on its own surface, fed
synthetic mouse and key events only (buttons are found where the scene drew them), plus a
real host process on 127.0.0.1 and pixel helpers for "is this counter drawn here".

The host process is the network tests' ``HostProc`` (tests/net/test_net_harness.py), so both
suites start and stop a host the same way.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from test_net_harness import ROOT, WAIT, HostProc, _env  # noqa: E402, F401  (_env: for e2e)

from game.ui.artifact_map import Overlays  # noqa: E402


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

    def texts(self) -> list[str]:
        """Every text the scene draws in one frame, in drawing order (what the player
        reads; panels drawn over others hide what is wholly under them)."""
        from game.ui.text_registry import RecordingSurface, TextRegistry

        self.frame()
        registry = TextRegistry()
        self.ctx.text.check_layout(registry)
        try:
            target = RecordingSurface(self.surface.get_size(), registry=registry)
            self.scene.draw(target, self.ctx)
        finally:
            self.ctx.text.check_layout(None)
        return [t.text for t in target.notes.texts]

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
                        lifts=view.map.lifts, pieces=[], ov=Overlays())
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

class Host(HostProc):
    """``python -m game host`` as a real process; ``close`` asks it to stop (SIGTERM)."""

    def close(self) -> None:
        self.kill(signal.SIGTERM)


def carrier_window(app):
    """The Example of Play after six actions, on the pirates' screen: (window, game, the
    first pirate that carries something)."""
    from game.artifact.example import example_game
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LocalTable

    game, _log = example_game(6)
    w = Window(app, ArtifactSeatScene(LocalTable(game).source("pirates")))
    w.frame()
    carrier = next(cid for cid, e in w.scene.own().items() if e.items)
    return w, game, carrier


def four_player_host(save: Path, seed: int) -> Host:
    """A 4-player game hosted on 127.0.0.1 (free port, no turn timer, fast heartbeats)."""
    return Host(["--players", "4", "--port", "0", "--seed", str(seed), "--turn-seconds", "0",
                 "--heartbeat", "0.5", "--save", str(save)])


@pytest.fixture
def ui_app(tmp_path, monkeypatch):
    """One dummy-driver App that owns the display and the shared UI context."""
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path))
    from game.ui.app import App

    app = App((1280, 800), mute=True, title="The Artifact", icon=None)
    yield app
    pygame.quit()


# ----------------------------------------------------------------------- a window that plays

WHERE = {"pirates": "Cutter Cabin", "phoneco": "Lorry Cabin", "scientist": "Computer Room",
         "alien": "Stateroom 10"}


def squares_in(space: str) -> list[tuple[int, int]]:
    from game.artifact.deckplan import feynman

    plan = feynman()
    return sorted(plan.xy(s) for s in range(len(plan.terrain))
                  if plan.space_name(s) == space and plan.passable(s))


def aim_farthest(w: Window) -> tuple[str, tuple[int, int], tuple[int, int]] | None:
    """Select the first character that can act and click the reachable square that costs
    most, leaving the facing to choose: (character, its square, target), or None."""
    scene = w.scene
    ready = [cid for cid in scene.own() if scene.can_act(cid)]
    if not ready:
        return None
    cid = ready[0]
    if scene.selected != cid:
        w.press(f"select:{cid}")
    reach = scene.reach()
    if not reach:
        return None
    start = scene.own()[cid].square
    target = max(reach, key=lambda s: (reach[s], s))
    w.click_square(target)
    return cid, start, target


class Bot:
    """Plays one seat's window by synthetic mouse and key events only, one step per call:
    votes, orders, places in its own room, and each turn moves one character and ends."""

    def __init__(self, window: Window) -> None:
        self.w = window
        self.done: set = set()
        self.placed_n = 0
        self.moved: list[tuple[str, tuple[int, int]]] = []

    def step(self) -> None:
        w, scene = self.w, self.w.scene
        view = scene.view
        if view is None:
            return
        phase = view.phase
        if phase == "encryption" and view.my_vote is None and "vote" not in self.done:
            self.done.add("vote")
            w.press("vote:yes")
        elif phase == "purchase" and scene.purchase is not None and "order" not in self.done:
            self.done.add("order")
            if scene.seat == "alien":
                w.press("opt:koch")
            w.press("send_order")
        elif phase == "place" and scene.placement is not None and "ready" not in self.done:
            draft = scene.placement
            if draft.complete():
                self.done.add("ready")
                w.press("ready")
                return
            cur = draft.current
            allowed = draft.allowed(cur[2])
            pool = [s for s in squares_in(WHERE[scene.seat]) if s in allowed] or sorted(allowed)
            w.click_square(pool[(self.placed_n // 2) % len(pool)])
            self.placed_n += 1
        elif phase == "play" and scene.my_turn() and not scene.animating():
            turn = ("turn", view.round)
            if ("move",) + turn[1:] not in self.done:
                self.done.add(("move",) + turn[1:])
                aimed = aim_farthest(w)
                if aimed is not None:
                    cid, _start, target = aimed
                    w.key(pygame.K_RETURN)
                    self.moved.append((cid, target))
            elif turn not in self.done:
                self.done.add(turn)
                w.key(pygame.K_e)


def report(window: Window) -> dict:
    """What a finished client checks on its own surface."""
    scene = window.scene
    out: dict = {"seat": scene.seat, "round": scene.view.round,
                 "pieces": sorted(p.key for p in scene.pieces()),
                 "errors": scene.source.errors}
    own = [(cid, tuple(e.square)) for cid, e in scene.own().items()
           if e.square is not None and e.kind != "program"]
    cid, square = own[0]
    window.goto(square)
    for attr in ("show_reach", "show_fov", "show_los"):
        if getattr(scene, attr):
            window.press(f"toggle:{attr}")
    window.move((5, 5))
    window.frame()
    from game.ui.artifact_map import faction_colour

    x, y = scene.cam.to_screen(*square)
    rect = pygame.Rect(x, y, scene.cam.cell, scene.cam.cell)
    out["own_pixels"] = counter_pixels(window.surface, rect,
                                       faction_colour(scene.view.faction))
    out["changed_outside"] = changed_outside(window, [p.square for p in scene.pieces()])
    return out


def main(argv: list[str]) -> int:
    """A client process: ``python test_ui_artifact_driver.py JOIN ROUNDS SHOT``; prints one
    JSON line with its report."""
    import json

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from game.ui.app import App
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LinkSource
    from net.joinstring import parse

    join, rounds, shot = argv[0], int(argv[1]), argv[2]
    app = App((1280, 800), mute=True, title="The Artifact", icon=None)
    source = LinkSource(parse(join))
    window = Window(app, ArtifactSeatScene(source))
    bot = Bot(window)
    deadline = time.monotonic() + 90
    try:
        while time.monotonic() < deadline:
            window.frame(0.02)
            view = window.scene.view
            if view is not None and view.phase == "play" and view.round > rounds:
                break
            bot.step()
            time.sleep(0.005)
        else:
            print(json.dumps({"seat": source.seat, "timeout": True}), flush=True)
            return 1
        for _ in range(30):
            window.frame(0.05)
        out = report(window)
        out["moved"] = bot.moved
        pygame.image.save(window.surface, shot)
        print(json.dumps(out), flush=True)
        return 0
    finally:
        source.close()
        pygame.quit()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
