"""What every scene may use: window size, assets, sound, cached text, the view clock.

One :class:`UiContext` is owned by the :class:`~game.ui.app.App` and handed to scenes on
every call; scenes keep no globals. Text rendering is cached here because rendering the
same labels every frame is the most expensive thing a board view does.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs
import pygame

from game.ui import theme

DATA_DIR_ENV = "LASTFRONTIER_HOME"
FONT_LIMIT = 28  # opened fonts kept here; the same as game.ui.assets.FONT_CACHE_LIMIT
TEXT_CACHE_BYTES = 8 * 1024 * 1024  # rendered texts kept (big windows render big texts)


def _pixels(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def user_data_dir() -> Path:
    """Where saves live: $LASTFRONTIER_HOME if set (tests), else the platform's data dir."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("lastfrontier"))


class TextCache:
    """Renders text with the asset loader's fonts, remembering recent results.

    ``bold`` picks the bundled bold cut; ``face="mono"`` the monospaced face (join strings).
    """

    def __init__(self, font_source, capacity: int = 1500) -> None:
        self._font_source = font_source
        self._fonts: OrderedDict[tuple[int, bool, str | None], pygame.font.Font] = (
            OrderedDict())
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._bytes = 0
        self.capacity = capacity
        self._ink: dict[tuple, pygame.Rect] = {}
        # Set (to a game.ui.text_registry.TextRegistry) only while a layout is checked.
        self.registry = None

    def check_layout(self, registry) -> None:
        """Mark every text rendered from now on in ``registry`` (None: stop marking)."""
        self.registry = registry
        self.clear()

    def font(self, px: int, bold: bool = False, face: str | None = None) -> pygame.font.Font:
        key = (px, bold, face)
        f = self._fonts.get(key)
        if f is None:
            f = self._font_source(px, bold, face) if face else self._font_source(px, bold)
            self._fonts[key] = f
            while len(self._fonts) > FONT_LIMIT:  # the loader's own bound (assets)
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return f

    def render(
        self, text: str, px: int, colour: tuple[int, int, int] = theme.INK, bold: bool = False,
        face: str | None = None, hint: bool = False,
    ) -> pygame.Surface:
        """``hint``: the text is a hotkey hint (a key's name on its button), which the
        layout check allows the hint size; every other text is running text."""
        key = (text, px, colour, bold, face, hint)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self.font(px, bold, face).render(text, True, colour)
        if self.registry is not None:
            self.registry.mark(surf, text, px, hint)
        self._cache[key] = surf
        self._bytes += _pixels(surf)
        while len(self._cache) > 1 and (len(self._cache) > self.capacity
                                        or self._bytes > TEXT_CACHE_BYTES):
            _key, old = self._cache.popitem(last=False)
            self._bytes -= _pixels(old)
        return surf

    def ink(self, text: str, px: int, bold: bool = False) -> pygame.Rect:
        """The rectangle the letters of ``text`` actually cover inside its rendered
        surface (cached), to centre a label on its ink rather than on its line box."""
        key = (text, px, bold)
        rect = self._ink.get(key)
        if rect is None:
            rect = self.font(px, bold).render(text, True, (255, 255, 255)).get_bounding_rect()
            if len(self._ink) > self.capacity:
                self._ink.clear()
            self._ink[key] = rect
        return rect

    def wrap(self, text: str, px: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels (explicit newlines kept).

        A word wider than the whole line (a join string, a long name) is broken into
        pieces that fit, so nothing runs past the edge."""
        f = self.font(px, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for w in para.split(" "):
                trial = w if not line else f"{line} {w}"
                if f.size(trial)[0] <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                line = w
                while f.size(line)[0] > width and len(line) > 1:
                    cut = _fit(f, line, width)
                    lines.append(line[:cut])
                    line = line[cut:]
            lines.append(line)
        return lines

    def size(self, text: str, px: int, bold: bool = False,
             face: str | None = None) -> tuple[int, int]:
        return self.font(px, bold, face).size(text)

    def clear(self) -> None:
        self._cache.clear()
        self._bytes = 0


def _fit(font: pygame.font.Font, text: str, width: int) -> int:
    """How many leading characters of ``text`` fit ``width`` pixels (at least one)."""
    lo, hi = 1, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass
class UiContext:
    """Shared services and facts about the window, passed to every scene call."""

    size: tuple[int, int]
    assets: object
    sound: object
    text: TextCache
    data_dir: Path
    mouse: tuple[int, int] = (-1, -1)
    time: float = 0.0
    scale: float = 1.0
    type: theme.TypeScale = field(default_factory=lambda: theme.TypeScale.for_scale(1.0))
    options: dict = field(default_factory=dict)
    # What must be shut when the window closes (a hub serving in the background, a seat's
    # network link), newest first; scenes that start such things add them here.
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close_all(self) -> None:
        """Run and forget every closer, newest first; one failing never stops the rest."""
        while self.closers:
            closer = self.closers.pop()
            try:
                closer()
            except Exception:  # shutting down: the others must still run
                continue

    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = theme.window_scale(size)
        self.type = theme.TypeScale.for_scale(self.scale)
        self.text.clear()

    def play(self, name: str) -> None:
        """Play a sound effect (the sound board is silent when muted or without audio)."""
        self.sound.play(name)
