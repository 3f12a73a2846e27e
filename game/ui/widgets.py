"""Custom widgets drawn with the panel and button 9-slices: buttons, toggles, tooltips,
a scrolling log, and a click tracker that turns press/release pairs into clicks.

Widgets are plain view objects: they know their rect and how to draw themselves, and report
what was clicked. They never act on the game; the scene turns a click into an engine action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import art, theme
from game.ui.context import UiContext


@dataclass
class Button:
    """A clickable 9-slice button with a label, an optional icon and an optional hotkey hint."""

    key: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    icon: str | None = None
    tooltip: str = ""
    hotkey: str = ""
    accent: tuple[int, int, int] | None = None
    selected: bool = False
    px: int | None = None
    sublabel: str = ""

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, ctx: UiContext, pressed: bool = False) -> None:
        hovered = self.enabled and self.contains(ctx.mouse)
        if not self.enabled:
            state = "button_disabled"
        elif pressed and hovered:
            state = "button_down"
        elif hovered or self.selected:
            state = "button_hover"
        else:
            state = "button"
        surface.blit(art.nine_slice(ctx, state, self.rect.size, 16), self.rect)
        if self.selected or self.accent:
            colour = self.accent or theme.HILITE
            pygame.draw.rect(surface, colour, self.rect.inflate(-4, -4), 2, border_radius=6)
        px = self.px or ctx.type.body
        colour = theme.INK if self.enabled else theme.INK_FAINT
        label = ctx.text.render(self.label, px, colour, bold=True)
        icon_surf = None
        if self.icon:
            side = min(self.rect.h - 10, round(px * 1.4))
            icon_surf = art.sprite(ctx, self.icon, (side, side))
            if not self.enabled:
                icon_surf = icon_surf.copy()
                icon_surf.set_alpha(110)
        total = label.get_width() + (icon_surf.get_width() + 6 if icon_surf else 0)
        x = self.rect.centerx - total // 2
        if icon_surf:
            surface.blit(icon_surf, (x, self.rect.centery - icon_surf.get_height() // 2))
            x += icon_surf.get_width() + 6
        if total > self.rect.w - 8 and not icon_surf:
            label = ctx.text.render(self.label, max(9, px - 3), colour, bold=True)
            x = self.rect.centerx - label.get_width() // 2
        if self.sublabel:
            sub = ctx.text.render(self.sublabel, ctx.type.tiny,
                                  theme.INK_DIM if self.enabled else theme.INK_FAINT)
            if sub.get_width() > self.rect.w - 6:
                sub = ctx.text.render(self.sublabel, max(8, ctx.type.tiny - 2), theme.INK_DIM)
            gap = 1
            top = self.rect.centery - (label.get_height() + sub.get_height() + gap) // 2
            surface.blit(label, (x, top))
            sub_x = self.rect.centerx - sub.get_width() // 2
            if icon_surf is not None:
                sub_x = max(sub_x, x)
            surface.blit(sub, (sub_x, top + label.get_height() + gap))
        else:
            surface.blit(label, (x, self.rect.centery - label.get_height() // 2))
        if self.hotkey and self.rect.h >= 24:
            hk = ctx.text.render(self.hotkey, ctx.type.tiny, theme.INK_DIM)
            surface.blit(hk, (self.rect.right - hk.get_width() - 6,
                              self.rect.bottom - hk.get_height() - 2))


@dataclass
class Toggle(Button):
    """A button that shows an on/off state with a box and a tick (not colour alone)."""

    value: bool = False

    def draw(self, surface: pygame.Surface, ctx: UiContext, pressed: bool = False) -> None:
        box = "[x]" if self.value else "[ ]"
        shown = Button(self.key, f"{box} {self.label}", self.rect, enabled=self.enabled,
                       icon=self.icon, hotkey=self.hotkey, accent=self.accent,
                       selected=self.value, px=self.px, sublabel=self.sublabel)
        shown.draw(surface, ctx, pressed)


@dataclass
class ClickTracker:
    """Turns MOUSEBUTTONDOWN/UP pairs over the same widget into one click.

    A click counts when the left button is pressed and released over the same enabled
    widget, as desktop buttons behave.
    """

    widgets: list[Button] = field(default_factory=list)
    pressed: str | None = None

    def set(self, widgets: list[Button]) -> None:
        self.widgets = widgets

    def find(self, key: str) -> Button | None:
        for w in self.widgets:
            if w.key == key:
                return w
        return None

    def at(self, pos: tuple[int, int]) -> Button | None:
        for w in reversed(self.widgets):
            if w.contains(pos):
                return w
        return None

    def handle(self, event: pygame.event.Event) -> str | None:
        """Feed one event; returns the key of a widget that was clicked, if any."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            w = self.at(event.pos)
            self.pressed = w.key if (w and w.enabled) else None
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            w = self.at(event.pos)
            key = self.pressed
            self.pressed = None
            if w and w.enabled and w.key == key:
                return key
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        for w in self.widgets:
            w.draw(surface, ctx, pressed=(w.key == self.pressed))

    def tooltip_at(self, pos: tuple[int, int]) -> str:
        w = self.at(pos)
        return w.tooltip if w else ""


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, ctx: UiContext, title: str = "",
    icon: str | None = None,
) -> pygame.Rect:
    """A console panel with an optional title strip; returns the inner content rect."""
    surface.blit(art.nine_slice(ctx, "panel", rect.size, 24), rect)
    pad = max(6, round(10 * ctx.scale))
    inner = rect.inflate(-2 * pad, -2 * pad)
    if title:
        px = ctx.type.small
        label = ctx.text.render(title.upper(), px, theme.SKY, bold=True)
        x = inner.x + max(4, round(6 * ctx.scale))
        if icon:
            side = label.get_height() + 2
            surface.blit(art.sprite(ctx, icon, (side, side)), (x, inner.y - 1))
            x += side + 4
        surface.blit(label, (x, inner.y))
        used = label.get_height() + max(3, round(4 * ctx.scale))
        inner = pygame.Rect(inner.x, inner.y + used, inner.w, inner.h - used)
    return inner


def draw_tooltip(
    surface: pygame.Surface, ctx: UiContext, text: str, anchor: tuple[int, int]
) -> None:
    """A bordered box with wrapped text near ``anchor``, kept inside the window."""
    if not text:
        return
    px = ctx.type.small
    width = round(320 * ctx.scale)
    lines = ctx.text.wrap(text, px, width)
    line_h = ctx.text.font(px).get_linesize()
    w = max(ctx.text.size(line, px)[0] for line in lines) + 16
    h = line_h * len(lines) + 12
    sw, sh = surface.get_size()
    x = min(anchor[0] + 16, sw - w - 4)
    y = anchor[1] + 20
    if y + h > sh - 4:
        y = anchor[1] - h - 8
    box = pygame.Rect(max(4, x), max(4, y), w, h)
    pygame.draw.rect(surface, (10, 16, 28), box, border_radius=6)
    pygame.draw.rect(surface, theme.SKY, box, 1, border_radius=6)
    for i, line in enumerate(lines):
        surface.blit(ctx.text.render(line, px, theme.INK), (box.x + 8, box.y + 6 + i * line_h))


class ScrollText:
    """A list of paragraphs shown in a rect, newest at the bottom, scrollable by wheel."""

    def __init__(self, follow_tail: bool = True) -> None:
        self.entries: list[tuple[str, tuple[int, int, int]]] = []
        self.offset = 0  # lines scrolled up from the bottom (or down from the top)
        self.follow_tail = follow_tail
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._wrapped: list[tuple[str, tuple[int, int, int]]] = []
        self._wrap_key: tuple | None = None
        self._wrapped_count = 0

    def add(self, text: str, colour: tuple[int, int, int] = theme.INK) -> None:
        self.entries.append((text, colour))
        if self.follow_tail:
            self.offset = 0

    def set_entries(self, entries: list[tuple[str, tuple[int, int, int]]]) -> None:
        self.entries = list(entries)
        self._wrap_key = None
        self.offset = 0

    def _lines(self, ctx: UiContext, px: int) -> list[tuple[str, tuple[int, int, int]]]:
        """Wrapped lines; only entries added since the last call are wrapped anew."""
        key = (px, self.rect.w, id(self.entries))
        if key != self._wrap_key:
            self._wrapped = []
            self._wrapped_count = 0
            self._wrap_key = key
        width = max(20, self.rect.w - 6)
        for text, colour in self.entries[self._wrapped_count:]:
            for line in ctx.text.wrap(text, px, width):
                self._wrapped.append((line, colour))
        self._wrapped_count = len(self.entries)
        return self._wrapped

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(ctx.mouse):
            step = -event.y if not self.follow_tail else event.y
            self.scroll(step * 3, ctx)
            return True
        return False

    def scroll(self, lines: int, ctx: UiContext, px: int | None = None) -> None:
        total = len(self._lines(ctx, px or ctx.type.small))
        self.offset = max(0, min(self.offset + lines, max(0, total - 1)))

    def draw(
        self, surface: pygame.Surface, ctx: UiContext, rect: pygame.Rect, px: int | None = None
    ) -> None:
        self.rect = rect
        px = px or ctx.type.small
        lines = self._lines(ctx, px)
        lh = ctx.text.font(px).get_linesize()
        visible = max(1, rect.h // lh)
        clip = surface.get_clip()
        surface.set_clip(rect)
        if self.follow_tail:
            end = max(0, len(lines) - self.offset)
            start = max(0, end - visible)
        else:
            start = min(self.offset, max(0, len(lines) - 1))
            end = min(len(lines), start + visible)
        for i, (line, colour) in enumerate(lines[start:end]):
            if line.startswith("## "):
                img = ctx.text.render(line[3:], px + 2, theme.SKY, bold=True)
            else:
                img = ctx.text.render(line, px, colour)
            surface.blit(img, (rect.x + 2, rect.y + i * lh))
        surface.set_clip(clip)
        if len(lines) > visible:
            frac_top = start / len(lines)
            frac_len = visible / len(lines)
            bar = pygame.Rect(rect.right - 4, rect.y + round(frac_top * rect.h), 3,
                              max(8, round(frac_len * rect.h)))
            pygame.draw.rect(surface, theme.GRID, bar)


def center_text(
    surface: pygame.Surface, ctx: UiContext, text: str, px: int, colour, center: tuple[int, int],
    bold: bool = False,
) -> pygame.Rect:
    img = ctx.text.render(text, px, colour, bold)
    r = img.get_rect(center=center)
    surface.blit(img, r)
    return r

