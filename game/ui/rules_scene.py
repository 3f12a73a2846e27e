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

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        if self.tracker.handle(event) == "back":
            ctx.play("click")
            return Pop()
        if event.type == pygame.MOUSEWHEEL:
            self.text.scroll(-event.y * 3, ctx, ctx.type.body)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_r, pygame.K_F1):
                return Pop()
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10,
                    pygame.K_PAGEUP: -10, pygame.K_SPACE: 10}.get(event.key)
            if step:
                self.text.scroll(step, ctx, ctx.type.body)
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        frame = self._frame(ctx)
        inner = draw_panel(surface, frame, ctx, "The Herald - rules in brief")
        area = pygame.Rect(inner.x + 8, inner.y + 6, inner.w - 16,
                           inner.h - round(60 * ctx.scale))
        self.text.draw(surface, ctx, area, ctx.type.body)
        note = ctx.text.render("Mouse wheel, arrows or Page Up/Down to scroll", ctx.type.small,
                               theme.INK_FAINT)
        surface.blit(note, (inner.x + 8, frame.bottom - note.get_height() - 24))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
