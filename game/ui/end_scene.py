"""The end screen: how the voyage ended, the score (a)-(g) and the route on the Holomap."""

from __future__ import annotations

import pygame

from game.herald.engine import HeraldGame
from game.ui import theme
from game.ui.context import UiContext
from game.ui.herald_draw import voyage_map
from game.ui.herald_help import SCORE_LINES
from game.ui.scene import Command, Push, Quit, Reset, Scene
from game.ui.title_scene import NewGameScene, TitleScene, _backdrop
from game.ui.widgets import Button, ClickTracker, draw_panel

TIER_TITLES = {"defeat": "Defeat", "success": "Success", "outstanding": "Outstanding Success",
               "complete": "Complete Success"}


class EndScene(Scene):
    """Shows the outcome of a finished game."""

    name = "end"

    def __init__(self, game: HeraldGame) -> None:
        self.game = game
        self.tracker = ClickTracker()
        self.played_sound = False

    def _rects(self, ctx: UiContext) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = ctx.size
        m = round(20 * ctx.scale)
        left = pygame.Rect(m, m, round(w * 0.56) - m, h - 2 * m)
        right = pygame.Rect(left.right + m, m, w - left.right - 2 * m, h - 2 * m)
        return left, right

    def map_rect(self, ctx: UiContext) -> pygame.Rect:
        left, _ = self._rects(ctx)
        pad = round(14 * ctx.scale)
        title = round(30 * ctx.scale)
        return pygame.Rect(left.x + pad, left.y + pad + title, left.w - 2 * pad,
                           left.h - 2 * pad - title - round(60 * ctx.scale))

    def buttons(self, ctx: UiContext) -> list[Button]:
        _, right = self._rects(ctx)
        bh = round(46 * ctx.scale)
        gap = round(10 * ctx.scale)
        bw = (right.w - 2 * gap - 40) // 3
        y = right.bottom - bh - 20
        x = right.x + 20
        return [
            Button("new", "New game", pygame.Rect(x, y, bw, bh), accent=theme.SKY,
                   hotkey="N", px=ctx.type.body),
            Button("title", "Title", pygame.Rect(x + bw + gap, y, bw, bh), hotkey="Esc",
                   px=ctx.type.body),
            Button("quit", "Quit", pygame.Rect(x + 2 * (bw + gap), y, bw, bh), hotkey="Q",
                   px=ctx.type.body),
        ]

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN:
            key = {pygame.K_n: "new", pygame.K_ESCAPE: "title", pygame.K_RETURN: "title",
                   pygame.K_q: "quit"}.get(event.key, key)
        if key == "new":
            return Push(NewGameScene())
        if key == "title":
            return Reset(TitleScene())
        if key == "quit":
            return Quit(0)
        return None

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        if not self.played_sound:
            self.played_sound = True
            outcome = self.game.outcome
            ctx.play("victory" if outcome and outcome.victory else "defeat")
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        left, right = self._rects(ctx)
        s = self.game.state
        o = self.game.outcome
        draw_panel(surface, left, ctx, "The voyage")
        voyage_map(surface, ctx, self.game.pads, list(s.route), list(s.bad_reputation),
                   self.map_rect(ctx))
        px = ctx.type.small
        source = "visited" if s.source_visited else "not reached"
        facts = (f"{s.turn} turns, {max(0, len(s.route) - 1)} jumps.  Lis Points visited: "
                 f"{len(s.lis_visited)}.  The Source: {source}."
                 f"  Alien Travel Technology: {'recovered' if s.alien_tech else 'not recovered'}.")
        lines = ctx.text.wrap(facts, px, left.w - 40)
        y = left.bottom - 20 - len(lines) * ctx.text.font(px).get_linesize()
        for line in lines:
            surface.blit(ctx.text.render(line, px, theme.INK_DIM), (left.x + 20, y))
            y += ctx.text.font(px).get_linesize()
        inner = draw_panel(surface, right, ctx, "Outcome")
        if o is None:
            return
        colour = theme.SKY if o.victory else theme.VERMILLION
        mark = "+" if o.victory else "x"
        title = ctx.text.render(f"{mark}  {TIER_TITLES.get(o.tier, o.tier)}", ctx.type.title,
                                colour, bold=True)
        surface.blit(title, (inner.x + 10, inner.y + 6))
        y = inner.y + 14 + title.get_height()
        for line in ctx.text.wrap(o.reason[:1].upper() + o.reason[1:] + ".", ctx.type.body,
                                  inner.w - 20):
            surface.blit(ctx.text.render(line, ctx.type.body, theme.INK), (inner.x + 10, y))
            y += ctx.text.font(ctx.type.body).get_linesize()
        y += round(12 * ctx.scale)
        surface.blit(ctx.text.render("Score", ctx.type.heading, theme.SKY, bold=True),
                     (inner.x + 10, y))
        y += ctx.text.font(ctx.type.heading).get_linesize()
        lh = ctx.text.font(ctx.type.body).get_linesize()
        for key in "abcdefg":
            value = o.breakdown.get(key, 0)
            surface.blit(ctx.text.render(SCORE_LINES[key], ctx.type.body, theme.INK_DIM),
                         (inner.x + 10, y))
            v = ctx.text.render(f"{value:+d}" if value else "0", ctx.type.body,
                                theme.INK if value else theme.INK_FAINT, bold=True)
            surface.blit(v, (inner.right - v.get_width() - 10, y))
            y += lh
        pygame.draw.line(surface, theme.GRID, (inner.x + 10, y + 2), (inner.right - 10, y + 2))
        total = ctx.text.render(f"Total  {o.score}", ctx.type.heading, theme.YELLOW, bold=True)
        surface.blit(total, (inner.right - total.get_width() - 10, y + 8))
        y += 8 + total.get_height() + round(14 * ctx.scale)
        surface.blit(ctx.text.render("At journey's end", ctx.type.heading, theme.SKY, bold=True),
                     (inner.x + 10, y))
        y += ctx.text.font(ctx.type.heading).get_linesize()
        time_left = f"space {s.time}" if s.time >= 1 else "run out"
        rows = [("Supplies", s.supplies), ("Leadership", s.leadership),
                ("Isolationist Cells aboard", s.infiltration),
                ("Diplomatic Successes", s.diplomatic), ("Research Surveys", s.research),
                ("Bad Reputation tokens", len(s.bad_reputation)), ("Time", time_left)]
        for label, value in rows:
            surface.blit(ctx.text.render(label, ctx.type.small, theme.INK_DIM), (inner.x + 10, y))
            v = ctx.text.render(str(value), ctx.type.body, theme.INK, bold=True)
            surface.blit(v, (inner.right - v.get_width() - 10, y))
            y += lh
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
