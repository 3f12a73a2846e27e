"""The hotseat curtain: one seat's screen is hidden before the next seat's appears.

It is opaque, so nothing of the seat underneath is drawn while it shows; a click, Space or
Enter lifts it (the player it names is now at the screen).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import art, theme
from game.ui.artifact_pieces import seat_title
from game.ui.scene import Command, Pop, Scene
from game.ui.widgets import center_text


class CurtainScene(Scene):
    """"Pass to the <seat> player": hides every seat until the named one is ready."""

    opaque = True
    name = "artifact_curtain"

    def __init__(self, seat: str, keep_alive: Callable[[], None] | None = None) -> None:
        self.seat = seat
        self._armed = False
        # The seats' links must go on hearing the hub (snapshots, heartbeats) while the
        # screen is being passed, or the hub would mark them disconnected.
        self._keep_alive = keep_alive

    def update(self, dt: float, ctx) -> Command | None:
        if self._keep_alive is not None:
            self._keep_alive()
        return None

    @property
    def title(self) -> str:
        return f"Pass to the {seat_title(self.seat)} player"

    def handle(self, event: pygame.event.Event, ctx) -> Command | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._armed = True
        elif self._lifts(event):
            return Pop(self.seat)
        return None

    def _lifts(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP:
            return event.button == 1 and self._armed
        return event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)

    def draw(self, surface: pygame.Surface, ctx) -> None:
        w, h = surface.get_size()
        surface.blit(art.sprite(ctx, "curtain", (w, h)), (0, 0))
        shade = pygame.Surface((w, 180), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, h // 2 - 90))
        center_text(surface, ctx, self.title, ctx.type.title, theme.INK, (w // 2, h // 2 - 30),
                    bold=True)
        center_text(surface, ctx, "Everyone else: look away. Click or press Space when ready.",
                    ctx.type.body, theme.INK_DIM, (w // 2, h // 2 + 40))
