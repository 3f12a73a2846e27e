"""The scene stack's vocabulary: scenes, and the commands they return to change the stack.

Scenes never touch the stack themselves (python-tcod tutorial style): ``handle`` and
``update`` return a :class:`Push`, :class:`Pop`, :class:`Replace` or :class:`Quit`, and the
:class:`~game.ui.app.App` applies it. This keeps every scene testable on its own and lets
the Artifact client reuse the same stack with its own scenes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.sizes import MIN_WINDOW

if TYPE_CHECKING:
    from game.ui.context import UiContext


@dataclass(frozen=True)
class Push:
    """Put ``scene`` on top of the stack; the current scene stays underneath."""

    scene: Scene


@dataclass(frozen=True)
class Pop:
    """Remove the top scene; ``result`` is handed to the scene below via ``on_resume``."""

    result: Any = None


@dataclass(frozen=True)
class Replace:
    """Swap the top scene for ``scene`` (e.g. the game screen for the end screen)."""

    scene: Scene


@dataclass(frozen=True)
class Reset:
    """Empty the stack and start again from ``scene`` (e.g. back to the title menu)."""

    scene: Scene


@dataclass(frozen=True)
class Quit:
    """Close the application with ``status`` as the process exit code."""

    status: int = 0


Command = Push | Pop | Replace | Reset | Quit


class Scene:
    """One screen. Holds view state only; game state lives in the engine it wraps.

    ``opaque`` scenes hide everything below them; a non-opaque scene (a dialog) is drawn
    over the scene underneath.
    """

    opaque: bool = True
    name: str = "scene"
    #: The smallest window this scene lays out in whole. While the scene is on the stack
    #: the window is held at least this large (a game board needs more room than a form).
    min_size: tuple[int, int] = MIN_WINDOW

    def on_enter(self, ctx: UiContext) -> None:
        """Called when the scene becomes part of the stack (and after every resize)."""

    def on_resume(self, ctx: UiContext, result: Any) -> None:
        """Called when the scene above was popped; ``result`` is what that scene returned."""

    def on_resize(self, ctx: UiContext) -> None:
        """Window size changed: recompute rects. Default: nothing to do."""

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        """React to one input event; return a command to change the stack, or None."""
        return None

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        """Advance view-side time (animations) by ``dt`` seconds."""
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        """Paint the scene on ``surface``."""
