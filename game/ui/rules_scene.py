"""The rules reference: the game in brief (our own words) and the keyboard shortcuts."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.context import UiContext
from game.ui.herald_help import SCORE_LINES, SHORTCUTS, rules_text
from game.ui.scene import Command, Pop, Scene
from game.ui.title_scene import _backdrop
from game.ui.widgets import Button, ClickTracker, ScrollText, draw_panel


def rules_entries() -> list[tuple[str, tuple[int, int, int]]]:
    """The reference as (line, colour) paragraphs; '## ' marks a heading."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    for line in rules_text().strip().splitlines():
        out.append((line, theme.INK))
    out.append(("", theme.INK))
    out.append(("## Score", theme.INK))
    for key in "abcdefg":
        out.append((SCORE_LINES[key], theme.INK))
    out.append(("", theme.INK))
    out.append(("## Mouse and keyboard", theme.INK))
    for keys, what in SHORTCUTS:
        out.append((f"{keys}: {what}", theme.INK))
    out.append(("Hover over any track, place, Event or officer for a short explanation.",
                theme.INK_DIM))
    return out


class RulesScene(Scene):
    """Scrollable reference text with a Back button (Esc)."""

    name = "rules"

    def __init__(self) -> None:
        self.text = ScrollText(follow_tail=False)
        self.text.set_entries(rules_entries())
        self.tracker = ClickTracker()

    def _frame(self, ctx: UiContext) -> pygame.Rect:
        w, h = ctx.size
        m = round(30 * ctx.scale)
        return pygame.Rect(m, m, w - 2 * m, h - 2 * m)

    def buttons(self, ctx: UiContext) -> list[Button]:
        f = self._frame(ctx)
        bw, bh = round(150 * ctx.scale), round(40 * ctx.scale)
        return [Button("back", "Back", pygame.Rect(f.right - bw - 16, f.bottom - bh - 14, bw, bh),
                       hotkey="Esc", px=ctx.type.body)]

    def text_area(self, ctx: UiContext, inner: pygame.Rect) -> pygame.Rect:
        """Where the text scrolls: inside the panel and wholly above the Back button, so the
        scrollbar at its right edge can never run through the button."""
        back = self.buttons(ctx)[0].rect
        bottom = min(inner.bottom, back.top - round(8 * ctx.scale))
        return pygame.Rect(inner.x + 8, inner.y + 6, inner.w - 16, max(1, bottom - inner.y - 6))

    def max_offset(self, ctx: UiContext, area: pygame.Rect) -> int:
        """The last scroll position: the final line sits at the bottom of the area."""
        self.text.rect = area
        total = len(self.text._lines(ctx, ctx.type.body))
        visible = max(1, area.h // ctx.text.font(ctx.type.body).get_linesize())
        return max(0, total - visible)

    def _scroll(self, lines: int, ctx: UiContext) -> None:
        inner = self._inner(ctx)
        limit = self.max_offset(ctx, self.text_area(ctx, inner))
        self.text.offset = max(0, min(self.text.offset + lines, limit))

    def _inner(self, ctx: UiContext) -> pygame.Rect:
        scratch = pygame.Surface((1, 1))
        return draw_panel(scratch, self._frame(ctx), ctx, "The Herald - rules in brief")

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        if self.tracker.handle(event) == "back":
            ctx.play("click")
            return Pop()
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * 3, ctx)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_r, pygame.K_F1):
                return Pop()
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10,
                    pygame.K_PAGEUP: -10, pygame.K_SPACE: 10, pygame.K_HOME: -10**6,
                    pygame.K_END: 10**6}.get(event.key)
            if step:
                self._scroll(step, ctx)
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        frame = self._frame(ctx)
        inner = draw_panel(surface, frame, ctx, "The Herald - rules in brief")
        area = self.text_area(ctx, inner)
        # a resize can shorten the text: never leave the view past its end
        self.text.offset = min(self.text.offset, self.max_offset(ctx, area))
        self.text.draw(surface, ctx, area, ctx.type.body)
        note = ctx.text.render("Mouse wheel, arrows or Page Up/Down to scroll", ctx.type.small,
                               theme.INK_FAINT)
        back = self.buttons(ctx)[0].rect
        surface.blit(note, (inner.x + 8, back.centery - note.get_height() // 2))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
