"""What every scene may use: window size, assets, sound, cached text, the view clock.

One :class:`UiContext` is owned by the :class:`~game.ui.app.App` and handed to scenes on
every call; scenes keep no globals. Text rendering is cached here because rendering the
same labels every frame is the most expensive thing a board view does.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs
import pygame

from game.ui import theme

DATA_DIR_ENV = "LASTFRONTIER_HOME"


def user_data_dir() -> Path:
    """Where saves live: $LASTFRONTIER_HOME if set (tests), else the platform's data dir."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("lastfrontier"))


class TextCache:
    """Renders text with the asset loader's fonts, remembering recent results."""

    def __init__(self, font_source, capacity: int = 1500) -> None:
        self._font_source = font_source
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.capacity = capacity

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (px, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._font_source(px, bold)
            self._fonts[key] = f
        return f

    def render(
        self, text: str, px: int, colour: tuple[int, int, int] = theme.INK, bold: bool = False
    ) -> pygame.Surface:
        key = (text, px, colour, bold)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self.font(px, bold).render(text, True, colour)
        self._cache[key] = surf
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return surf

    def wrap(self, text: str, px: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels (explicit newlines kept)."""
        f = self.font(px, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = w if not line else f"{line} {w}"
                if f.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        return self.font(px, bold).size(text)

    def clear(self) -> None:
        self._cache.clear()


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

    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = theme.window_scale(size)
        self.type = theme.TypeScale.for_scale(self.scale)
        self.text.clear()

    def play(self, name: str) -> None:
        """Play a sound effect (the sound board is silent when muted or without audio)."""
        self.sound.play(name)
