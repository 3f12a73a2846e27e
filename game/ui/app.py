"""The application shell: window, scene stack, global keys, and a loop tests can drive.

``App.step(events, dt)`` runs exactly one frame with the given input and the given amount of
view time, so tests feed synthetic pygame events and fast-forward animations without
sleeping; ``App.run()`` is the same step inside a real clock. ``run_herald`` is what
``python -m game herald`` calls.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pygame

from game.ui.context import TextCache, UiContext, user_data_dir
from game.ui.scene import Command, Pop, Push, Quit, Replace, Reset, Scene
from game.ui.sizes import MIN_WINDOW

MIN_SIZE = MIN_WINDOW
FRAME_RATE = 60


class App:
    """Owns the window and the scene stack; scenes change it only by returning commands."""

    def __init__(
        self,
        size: tuple[int, int] = (1280, 800),
        *,
        mute: bool = False,
        options: dict | None = None,
        data_dir: Path | None = None,
        title: str = "The Herald",
        icon: str | None = "ship",
    ) -> None:
        from game.ui.assets import get_assets
        from game.ui.sound import SoundBoard

        pygame.init()
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption(title)
        pygame.key.set_repeat(350, 40)
        assets = get_assets()
        assets.clear_cache()
        if icon:
            pygame.display.set_icon(assets.scaled(icon, (32, 32)))
        self.ctx = UiContext(
            size=self.screen.get_size(),
            assets=assets,
            sound=SoundBoard(muted=mute),
            text=TextCache(assets.font),
            data_dir=Path(data_dir) if data_dir is not None else user_data_dir(),
            options=dict(options or {}),
        )
        self.ctx.resized(self.screen.get_size())
        self.stack: list[Scene] = []
        self.status: int | None = None
        self.frames = 0

    # -- stack ---------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        needed = self._floor(scene)
        current = self.screen.get_size()
        if not self.fullscreen and (current[0] < needed[0] or current[1] < needed[1]):
            # grow the window to what the new scene needs before it lays itself out
            self.resize((max(current[0], needed[0]), max(current[1], needed[1])))
        self.stack.append(scene)
        scene.on_enter(self.ctx)

    def _floor(self, extra: Scene | None = None) -> tuple[int, int]:
        """The smallest window every scene on the stack (and ``extra``) lays out in."""
        sizes = [MIN_SIZE] + [s.min_size for s in self.stack]
        if extra is not None:
            sizes.append(extra.min_size)
        return (max(w for w, _ in sizes), max(h for _, h in sizes))

    def apply(self, cmd: Command | None) -> None:
        """Carry out a scene's command."""
        if cmd is None:
            return
        if isinstance(cmd, Push):
            self.push(cmd.scene)
        elif isinstance(cmd, Pop):
            if self.stack:
                self.stack.pop()
            if self.stack:
                self.stack[-1].on_resume(self.ctx, cmd.result)
            else:
                self.status = 0
        elif isinstance(cmd, Replace):
            if self.stack:
                self.stack.pop()
            self.push(cmd.scene)
        elif isinstance(cmd, Reset):
            self.stack.clear()
            self.push(cmd.scene)
        elif isinstance(cmd, Quit):
            self.status = cmd.status

    @property
    def running(self) -> bool:
        return self.status is None and bool(self.stack)

    # -- window --------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        floor = self._floor()
        size = (max(floor[0], int(size[0])), max(floor[1], int(size[1])))
        if not self.fullscreen:
            self.windowed_size = size
        if self.screen.get_size() != size:
            flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
            self.screen = pygame.display.set_mode(size, flags)
        self._resized()

    def _resized(self) -> None:
        from game.ui.memory import release_freed

        self.ctx.assets.clear_cache()
        self.ctx.resized(self.screen.get_size())
        for scene in self.stack:
            scene.on_resize(self.ctx)
        release_freed()  # the dropped caches' memory goes back to the system

    def toggle_fullscreen(self) -> None:
        """F11: desktop-sized full screen and back to the last window size."""
        self.fullscreen = not self.fullscreen
        try:
            if self.fullscreen:
                desktop = pygame.display.get_desktop_sizes()
                size = desktop[0] if desktop else self.windowed_size
                self.screen = pygame.display.set_mode(size, pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        except pygame.error:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._resized()

    # -- one frame -----------------------------------------------------------------------

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FRAME_RATE) -> bool:
        """Handle ``events``, advance view time by ``dt`` seconds, draw. False once quit."""
        for event in events:
            if not self.running:
                break
            self._dispatch(event)
        if self.running:
            self.ctx.time += dt
            self.apply(self.top.update(dt, self.ctx))
        if self.running:
            self.render()
        self.frames += 1
        return self.running

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.status = 0
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h) if hasattr(event, "w") else event.size)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.ctx.mouse = tuple(event.pos)
        if event.type == pygame.KEYDOWN:
            typing = getattr(self.top, "captures_text", False)
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_m and not typing:
                self.ctx.sound.toggle_mute()
                return
        self.apply(self.top.handle(event, self.ctx))

    def render(self) -> None:
        """Draw the top scene, and the scenes under it while the ones above are see-through."""
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.screen, self.ctx)
        pygame.display.flip()

    def render_checked(self, min_px: int | None = None) -> list[str]:
        """Draw the stack as ``render`` does, onto a surface that records every text, and
        list each text that overlaps another or leaves its panel, button or the window
        (see game.ui.text_registry); with ``min_px``, also each text drawn smaller than
        that (hotkey hints aside) or cut short with an ellipsis. For the layout tests; the
        window is not touched."""
        from game.ui.text_registry import RecordingSurface, TextRegistry, problems, undersized

        registry = TextRegistry()
        self.ctx.text.check_layout(registry)
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        shown = self.stack[first:]
        try:
            for scene in shown:  # drop cached layers painted before the check began
                scene.on_resize(self.ctx)
            target = RecordingSurface(self.screen.get_size(), registry=registry)
            found: list[str] = []
            for scene in shown:
                # each scene on its own: an overlay's box and dimmed veil hide the screen
                # under it, whose own layout was checked just before
                target.reset()
                scene.draw(target, self.ctx)
                found += problems(target)
                if min_px is not None:
                    found += undersized(target, min_px)
            return found
        finally:
            self.ctx.text.check_layout(None)
            for scene in shown:
                scene.on_resize(self.ctx)

    def screenshot(self, path: str | Path) -> Path:
        self.render()
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(target))
        return target

    def run(self) -> int:
        """The interactive loop at ~60 frames per second."""
        clock = pygame.time.Clock()
        dt = 0.0
        while self.step(pygame.event.get(), dt):
            dt = min(0.1, clock.tick(FRAME_RATE) / 1000.0)
        return self.status or 0

    def close(self) -> None:
        """Shut what the scenes started (hubs, links), then the window."""
        self.ctx.close_all()
        pygame.display.quit()


def new_seed() -> int:
    """A fresh random seed for a new game (the engine's RNG then lives in the state)."""
    return random.SystemRandom().randrange(0, 2**63)


def run_herald(
    seed: int | None = None,
    variant: str = "standard",
    pads: Path | None = None,
    load: Path | None = None,
    dice: Sequence[int] | None = None,
    size: tuple[int, int] = (1280, 800),
    mute: bool = False,
) -> int:
    """Open the Herald window. Returns the process exit status.

    With ``load`` the saved game opens at once; otherwise the title menu opens (with
    "Continue" first when an autosave exists), and ``seed``/``variant`` pre-fill the
    New game form. ``pads`` replaces the bundled component data; ``dice`` forces the first
    dice of every new game.
    """
    from game.herald.errors import HeraldError
    from game.herald.pads import load_pads
    from game.herald.saves import load_game
    from game.ui.assets import AssetError
    from game.ui.herald_scene import HeraldScene, autosave_path
    from game.ui.title_scene import TitleScene

    try:
        pads_obj = load_pads(pads) if pads is not None else None
        game = load_game(load) if load is not None else None
    except HeraldError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    options = {"seed": seed, "variant": variant, "pads": pads_obj,
               "dice": tuple(dice) if dice else None}
    try:
        from game.ui.settings import load_settings

        # the window size chosen in the Herald's settings, unless --size asked for another
        size = (load_settings()[0].window_size or size) if size == (1280, 800) else size
        app = App(size, mute=mute, options=options)
        app.push(TitleScene())
        if game is not None:
            app.apply(Replace(HeraldScene(game, autosave=autosave_path(app.ctx.data_dir))))
        return app.run()
    except AssetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()


def run_launcher(size: tuple[int, int] = (1280, 800), mute: bool = False) -> int:
    """``python -m game``: the title with both games (and every role of The Artifact).
    Returns the process exit status; whatever the scenes started (a hub, network links)
    is shut when the window closes."""
    from game.ui.assets import AssetError
    from game.ui.launcher_scene import LauncherScene

    app = None
    try:
        app = App(size, mute=mute, title="Last Frontier")
        app.push(LauncherScene())
        return app.run()
    except AssetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        if app is not None:
            app.ctx.close_all()
        pygame.quit()
