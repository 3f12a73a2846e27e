"""Custom widgets drawn with the panel and button 9-slices: buttons, toggles, tooltips,
a scrolling log, and a click tracker that turns press/release pairs into clicks.

Widgets are plain view objects: they know their rect and how to draw themselves, and report
what was clicked. They never act on the game; the scene turns a click into an engine action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pygame_gui

from game.ui import art, theme
from game.ui.context import UiContext
from game.ui.text_registry import RecordingSurface, add_frame


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
    sub_px: int | None = None  # the sublabel's size (the hint size unless given)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def text_area(self, ctx: UiContext) -> pygame.Rect:
        """Where the label may go: inside the frame's border and its inner line (the
        corners shrink on a small button, and the border with them)."""
        corner = min(art.corner_px(ctx, 16), self.rect.h // 2, self.rect.w // 2)
        inset = max(2, round(corner * 0.3))
        return self.rect.inflate(-2 * inset, -2 * inset)

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
        area = self.text_area(ctx)
        add_frame(surface, "button", self.rect, area)
        if self.selected or self.accent:
            colour = self.accent or theme.HILITE
            pygame.draw.rect(surface, colour, self.rect.inflate(-4, -4), 2, border_radius=6)
        px = self.px or ctx.type.body
        colour = theme.INK if self.enabled else theme.INK_FAINT
        # The hotkey hint sits inside the frame at the right, when the label leaves room.
        hk = None
        if self.hotkey:
            hk = ctx.text.render(self.hotkey, ctx.type.tiny, theme.INK_DIM, hint=True)
        icon_surf = None
        if self.icon:
            side = min(area.h - 2, round(px * 1.4))
            icon_surf = art.sprite(ctx, self.icon, (side, side))
            if not self.enabled:
                icon_surf = icon_surf.copy()
                icon_surf.set_alpha(110)
        icon_w = icon_surf.get_width() + 6 if icon_surf else 0
        lines_h = area.h if not self.sublabel else area.h * 0.6
        size = self._fit_size(ctx, self.label, px, area.w - icon_w, lines_h, bold=True)
        label = fit_text(ctx, self.label, size, colour, area.w - icon_w, bold=True)
        ink = ctx.text.ink(self.label, size, True)
        room = area
        # the hint keeps clear of the frame's inner line as the label does of its border
        hk_pad = max(2, self.rect.right - area.right)
        hk_w = hk.get_width() + 8 + hk_pad if hk is not None else 0
        if hk is not None and label.get_width() + icon_w + 2 * hk_w > area.w:
            if label.get_width() + icon_w + hk_w <= area.w:
                room = pygame.Rect(area.x, area.y, area.w - hk_w, area.h)
            else:
                hk = None  # no room: the label matters more than its shortcut
        if self.sublabel:
            sub_w = ctx.text.size(self.sublabel, self.sub_px or ctx.type.tiny)[0]
            if hk is not None and sub_w + icon_w + 2 * hk_w > area.w:
                hk = None  # the second line whole matters more than the shortcut too
            self._draw_two_lines(surface, ctx, label, ink, icon_surf, icon_w, area,
                                 hk_w if hk is not None else 0)
        else:
            total = label.get_width() + icon_w
            x = room.centerx - total // 2
            if icon_surf:
                surface.blit(icon_surf, (x, area.centery - icon_surf.get_height() // 2))
                x += icon_w
            surface.blit(label, (x, area.centery - ink.y - ink.h // 2))
        if hk is not None:
            hk_ink = ctx.text.ink(self.hotkey, ctx.type.tiny)
            surface.blit(hk, (area.right - hk_pad - hk.get_width(),
                              area.centery - hk_ink.y - hk_ink.h // 2))

    def _draw_two_lines(self, surface: pygame.Surface, ctx: UiContext, label: pygame.Surface,
                        ink: pygame.Rect, icon_surf: pygame.Surface | None, icon_w: int,
                        area: pygame.Rect, hk_w: int) -> None:
        """The label over its sublabel, both centred in one column beside the icon: the
        column is as wide as the longer line, so a long second line neither runs under
        the icon nor into the hotkey hint (kept clear on both sides, as centred text)."""
        room = area.inflate(-2 * hk_w, 0)
        if label.get_width() + icon_w > room.w:  # a long label keeps clear of the hint only
            room = pygame.Rect(area.x, area.y, area.w - hk_w, area.h)
        sub_px = self._fit_size(ctx, self.sublabel, self.sub_px or ctx.type.tiny,
                                room.w - icon_w, area.h - ink.h - 1)
        sub = fit_text(ctx, self.sublabel, sub_px,
                       theme.INK_DIM if self.enabled else theme.INK_FAINT, room.w - icon_w)
        sub_ink = ctx.text.ink(self.sublabel, sub_px)
        column = max(label.get_width(), sub.get_width())
        x = room.centerx - (icon_w + column) // 2
        if icon_surf is not None:
            surface.blit(icon_surf, (x, area.centery - icon_surf.get_height() // 2))
            x += icon_w
        gap = 1
        top = area.centery - (ink.h + sub_ink.h + gap) // 2
        surface.blit(label, (x + (column - label.get_width()) // 2, top - ink.y))
        surface.blit(sub, (x + (column - sub.get_width()) // 2, top + ink.h + gap - sub_ink.y))

    @staticmethod
    def _fit_size(ctx: UiContext, text: str, px: int, width: int, height: float,
                  bold: bool = False) -> int:
        """The largest size up to ``px`` whose ink fits ``height`` pixels (and, down to
        70 % of ``px``, ``width`` pixels too)."""
        floor = max(8, round(px * 0.7))
        size = px
        while size > 8 and ctx.text.ink(text, size, bold).h > height:
            size -= 1
        while size > floor and ctx.text.size(text, size, bold)[0] > width:
            size -= 1
        return size

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


def fit_text(ctx: UiContext, text: str, px: int, colour, width: int,
             bold: bool = False) -> pygame.Surface:
    """``text`` rendered at ``px``, or smaller (down to 70 %), or cut with an ellipsis,
    so that it fits ``width`` pixels."""
    floor = max(8, round(px * 0.7))
    size = px
    while size > floor and ctx.text.size(text, size, bold)[0] > width:
        size -= 1
    if ctx.text.size(text, size, bold)[0] <= width:
        return ctx.text.render(text, size, colour, bold)
    cut = len(text)
    while cut > 1 and ctx.text.size(text[:cut] + "…", size, bold)[0] > width:
        cut -= 1
    return ctx.text.render(text[:cut].rstrip() + "…", size, colour, bold)


def ellipsized(ctx: UiContext, line: str, px: int, width: int, bold: bool = False) -> str:
    """``line`` marked as cut short: ending with an ellipsis, shortened to keep within
    ``width`` pixels with it."""
    while line and ctx.text.size(line + "…", px, bold)[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def draw_wrapped(surface: pygame.Surface, ctx: UiContext, text: str, px: int, colour,
                 area: pygame.Rect, min_px: int | None = None) -> int:
    """``text`` wrapped into ``area``: at ``px``, or a little smaller (down to ``min_px``,
    the tiny size by default) when the lines would not all fit; if even that is too long
    the last line that fits ends with an ellipsis, so nothing is silently dropped or drawn
    past the area. Returns the height used."""
    floor = min(px, min_px if min_px is not None else ctx.type.tiny)
    size = px
    while True:
        lines = ctx.text.wrap(text, size, area.w)
        lh = ctx.text.font(size).get_linesize()
        if len(lines) * lh <= area.h or size <= floor:
            break
        size -= 1
    room = max(1, area.h // lh)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = ellipsized(ctx, lines[-1], size, area.w)
    for i, line in enumerate(lines):
        surface.blit(ctx.text.render(line, size, colour), (area.x, area.y + i * lh))
    return len(lines) * lh


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, ctx: UiContext, title: str = "",
    icon: str | None = None, keep_right: int = 0,
) -> pygame.Rect:
    """A console panel with an optional title strip; returns the inner content rect.

    The content (and the title) keep clear of the frame's border and its corner
    brackets; the title starts past the top-left bracket, and ends ``keep_right`` pixels
    short of the content's right edge (room for a marker drawn there, such as a fold's)."""
    surface.blit(art.nine_slice(ctx, "panel", rect.size, 24), rect)
    corner = art.corner_px(ctx, 24)
    pad = panel_padding(ctx)
    inner = rect.inflate(-2 * pad, -2 * pad)
    # Text must keep clear of the frame's line and its brackets (the checked area).
    border = max(4, round(corner * 0.3))
    add_frame(surface, "panel", rect, rect.inflate(-2 * border, -2 * border))
    if title:
        px = ctx.type.small
        x = rect.x + corner
        side = ctx.text.font(px, True).get_height() + 2
        if icon:
            surface.blit(art.sprite(ctx, icon, (side, side)), (x, inner.y - 1))
            x += side + 4
        label = fit_text(ctx, title.upper(), px, theme.SKY, inner.right - keep_right - x,
                         bold=True)
        surface.blit(label, (x, inner.y))
        used = label.get_height() + max(3, round(4 * ctx.scale))
        inner = pygame.Rect(inner.x, inner.y + used, inner.w, inner.h - used)
    return inner


def panel_padding(ctx: UiContext) -> int:
    """How far a panel's content keeps from its edge (``draw_panel``)."""
    return max(6, round(10 * ctx.scale), round(art.corner_px(ctx, 24) * 0.45))


def panel_height(ctx: UiContext, content: int, title: bool = True) -> int:
    """The height of a ``draw_panel`` panel whose content is ``content`` pixels high."""
    used = 0
    if title:
        used = ctx.text.font(ctx.type.small, True).get_height() + max(3, round(4 * ctx.scale))
    return content + used + 2 * panel_padding(ctx)


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
        self._starts: list[int] = []  # the wrapped line each entry begins on
        self._wrap_key: tuple | None = None
        self._wrapped_count = 0
        self.room = 0  # how many lines the panel held when last drawn

    def add(self, text: str, colour: tuple[int, int, int] = theme.INK) -> None:
        self.entries.append((text, colour))
        if self.follow_tail:
            self.offset = 0

    def set_entries(self, entries: list[tuple[str, tuple[int, int, int]]]) -> None:
        """Replace the paragraphs. A log goes back to its newest line; a list read from
        the top (``follow_tail=False``) keeps its place, so a reader scrolled down to the
        items is not thrown back to the top each time the list is brought up to date."""
        self.entries = list(entries)
        self._wrap_key = None
        if self.follow_tail:
            self.offset = 0

    def _lines(self, ctx: UiContext, px: int) -> list[tuple[str, tuple[int, int, int]]]:
        """Wrapped lines; only entries added since the last call are wrapped anew."""
        key = (px, self.rect.w, id(self.entries))
        if key != self._wrap_key:
            self._wrapped = []
            self._starts = []
            self._wrapped_count = 0
            self._wrap_key = key
        width = max(20, self.rect.w - 6)
        for text, colour in self.entries[self._wrapped_count:]:
            self._starts.append(len(self._wrapped))
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
        """Scroll by ``lines``, no further than a panel full of the last (or first)
        lines: a panel scrolled past its end showed one line in an empty box."""
        total = len(self._lines(ctx, px or ctx.type.small))
        self.offset = max(0, min(self.offset + lines, max(0, total - max(1, self.room))))

    def draw(
        self, surface: pygame.Surface, ctx: UiContext, rect: pygame.Rect, px: int | None = None
    ) -> None:
        self.rect = rect
        px = px or ctx.type.small
        lines = self._lines(ctx, px)
        lh = ctx.text.font(px).get_linesize()
        self.room = rect.h // lh
        visible = max(1, self.room)
        self.offset = min(self.offset, max(0, len(lines) - visible))  # the list got shorter
        clip = surface.get_clip()
        surface.set_clip(rect)
        cut = False
        if self.follow_tail:
            end = max(0, len(lines) - self.offset)
            start = max(0, end - visible)
            newest = self._starts[-1] if self._starts else 0
            if self.offset == 0 and start > newest:
                # the newest entry is longer than the panel: read it from its start, the
                # last line shown saying it goes on (the wheel shows the rest), rather
                # than from the middle of a sentence
                start, end, cut = newest, newest + visible, True
        else:
            start = min(self.offset, max(0, len(lines) - 1))
            end = min(len(lines), start + visible)
        for i, (line, colour) in enumerate(lines[start:end]):
            if cut and start + i == end - 1:
                line = ellipsized(ctx, line, px, rect.w - 6)
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



def mark_placeholders(entries) -> None:
    """Draw an empty field's placeholder dim, its typed text in the ink: pygame_gui draws
    both in one colour, so "random" in an empty Seed field read as a seed typed in. Only
    a field that turned empty or not since the last frame is rebuilt."""
    for entry in entries:
        if not getattr(entry, "placeholder_text", ""):
            continue
        want = pygame.Color(theme.INK_DIM if entry.get_text() == "" else theme.INK)
        if entry.text_colour != want:
            entry.text_colour = want
            entry.rebuild()


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)


def gui_manager(ctx: UiContext, px: int | None = None,
                rounded: bool = True) -> pygame_gui.UIManager:
    """A pygame_gui manager themed like the console (dark field, sky border, yellow cursor)
    for the text fields: pygame_gui's entry lines give the cursor, selection, clipboard
    copy and paste that a hand-drawn line lacks. Its font is pygame_gui's own Noto Sans,
    the same face as the rest of the console.

    ``rounded=False`` gives square corners: pygame_gui draws a rounded field at four times
    its size to smooth the corners, several megabytes for each state of a field as wide as
    a large window (the Artifact's negotiation and message lines)."""
    size = str(px or ctx.type.body)
    field = {
        "colours": {"dark_bg": "#0A1220", "normal_text": _hex(theme.INK),
                    "normal_border": _hex(theme.SKY), "selected_bg": _hex(theme.BLUE),
                    "text_cursor": _hex(theme.YELLOW), "disabled_dark_bg": "#0A1220",
                    "disabled_text": _hex(theme.INK_FAINT)},
        "font": {"name": "noto_sans", "size": size},
        "misc": ({"border_width": "2", "shape": "rounded_rectangle",
                  "shape_corner_radius": "6"} if rounded
                 else {"border_width": "2", "shape": "rectangle"}),
    }
    return pygame_gui.UIManager(ctx.size, {"text_entry_line": field, "text_entry_box": field})


def layer(ctx: UiContext, size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    """An off-screen surface to paint on and blit later (a static background, a box
    that fades). While a layout is checked it records the text painted on it, so the
    check finds that text where the layer lands."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    if ctx.text.registry is not None:
        return RecordingSurface(size, pygame.SRCALPHA if alpha else 0,
                                registry=ctx.text.registry)
    surf = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha() if alpha else surf.convert()
    return surf
