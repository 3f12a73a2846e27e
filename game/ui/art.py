"""Thin helpers between scenes and the asset loader (game.ui.assets).

Scenes ask for sprites by name at a pixel size; the loader caches every derived surface,
so calling these every frame costs a dictionary lookup.
"""

from __future__ import annotations

import pygame

from game.ui.context import UiContext


def sprite(ctx: UiContext, name: str, size: tuple[int, int]) -> pygame.Surface:
    """Sprite ``name`` smooth-scaled to ``size``."""
    return ctx.assets.scaled(name, (max(1, int(size[0])), max(1, int(size[1]))))


def rotated(ctx: UiContext, name: str, size: tuple[int, int], angle: float) -> pygame.Surface:
    """Sprite ``name`` at ``size`` turned ``angle`` degrees counter-clockwise (blit by centre).

    Angles are rounded to whole degrees so an animation reuses cached rotations.
    """
    return ctx.assets.rotated(name, round(angle) % 360, (max(1, int(size[0])),
                                                          max(1, int(size[1]))))


def corner_px(ctx: UiContext, nominal: int) -> int:
    """A 9-slice frame's corner on screen: ``nominal`` pixels, shrinking with the window."""
    return max(6, round(nominal * min(1.0, ctx.scale)))


def nine_slice(ctx: UiContext, name: str, size: tuple[int, int], corner: int) -> pygame.Surface:
    """Frame ``name`` stretched to ``size``; the corner shrinks with the window scale."""
    c = corner_px(ctx, corner)
    return ctx.assets.nine_slice(name, (max(1, int(size[0])), max(1, int(size[1]))), c)


def blit_center(surface: pygame.Surface, img: pygame.Surface, center: tuple[float, float]) -> None:
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def starfield(ctx: UiContext, size: tuple[int, int]) -> pygame.Surface:
    """The background, covering ``size`` (cropped to keep its aspect)."""
    src_w, src_h = ctx.assets.nominal_size("starfield")
    w, h = size
    k = max(w / src_w, h / src_h)
    return sprite(ctx, "starfield", (round(src_w * k), round(src_h * k)))
