"""A side column of panels that fold to their title bars, as a strategy game's side panels
do: a click on a panel's title folds it or opens it again, and the height a folded panel
gives up goes to the panels left open.

A small window cannot show every panel of a busy column at a useful height (the Judge's
column held a character list of one line at 640x400). Folding lets the player choose what
the column is for right now, instead of every panel getting too little. Which panels start
folded is the screen's choice (its window's shape); once the player folds or opens one,
that choice holds while the screen lives (``Folding``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from game.ui import art, theme
from game.ui.context import UiContext
from game.ui.widgets import draw_panel, panel_height, panel_padding

#: The nominal corner of a panel's frame (``draw_panel``): a folded bar keeps room for two.
PANEL_CORNER = 24


@dataclass(frozen=True)
class Fold:
    """One panel of a folding column: the least height it is of any use at when open (its
    title included), and its share of the height the open panels leave over."""

    key: str
    least: int
    weight: float = 0.0


def fold_heights(folds: Sequence[Fold], folded: Collection[str], room: int,
                 bar: int) -> dict[str, int]:
    """Each panel's height in a column ``room`` pixels high.

    A folded panel is its title bar (``bar`` high). An open one gets its least height and
    a share (by weight) of what is left; a panel of weight 0 gets its least and no more.
    When the room is short of the open panels' least heights, the panels that would take
    more (weight above 0: lists) give up height alike, never below their title bar, before
    a panel of fixed height (a row of buttons, which would not fit) gives up any."""
    heights = {f.key: bar for f in folds if f.key in folded}
    shown = [f for f in folds if f.key not in folded]
    left = room - bar * len(heights)
    need = sum(f.least for f in shown)
    if left < need:
        fixed = [f for f in shown if f.weight <= 0]
        lists = [f for f in shown if f.weight > 0]
        fixed_need = sum(f.least for f in fixed)
        if left - bar * len(lists) >= fixed_need:
            heights.update({f.key: f.least for f in fixed})
            heights.update(_squeezed(lists, left - fixed_need, bar))
        else:
            heights.update({f.key: bar for f in lists})
            heights.update(_squeezed(fixed, left - bar * len(lists), bar))
        return heights
    spare = left - need
    weighted = [f for f in shown if f.weight > 0]
    total = sum(f.weight for f in weighted)
    for f in shown:
        heights[f.key] = f.least + (int(spare * f.weight / total) if f.weight > 0 else 0)
    if weighted:  # the pixels the rounding left go to the first panel that wants more
        heights[weighted[0].key] += spare - sum(heights[f.key] - f.least for f in weighted)
    return heights


def _squeezed(folds: Sequence[Fold], room: int, bar: int) -> dict[str, int]:
    """``folds`` in ``room`` pixels, short of their least: each gives up the same share
    of its height above its title bar."""
    give = sum(max(0, f.least - bar) for f in folds)
    share = max(0.0, room - bar * len(folds)) / give if give else 0.0
    return {f.key: bar + int(max(0, f.least - bar) * min(1.0, share)) for f in folds}


class Folding:
    """Which panels of a column are folded.

    Until the player folds or opens a panel the screen decides (``auto``, from the
    window's shape, set at each layout); from the player's first click on a title, the
    player's choice holds, whatever the window does, while the screen lives."""

    def __init__(self) -> None:
        self.auto: frozenset[str] = frozenset()
        self.chosen: frozenset[str] | None = None
        self._since: dict[str, int] = {}

    @property
    def folded(self) -> frozenset[str]:
        return self.auto if self.chosen is None else self.chosen

    def toggle(self, key: str) -> None:
        self.chosen = self.folded ^ {key}

    def unread(self, key: str, count: int) -> int:
        """How many of a folded panel's ``count`` entries came since it was folded (what
        its title announces); an open panel has none unread, and counts from now."""
        if key not in self.folded:
            self._since[key] = count
            return 0
        seen = self._since.setdefault(key, count)
        if count < seen:  # the list was cut short: count from here
            self._since[key] = seen = count
        return count - seen


def fold_bar(ctx: UiContext) -> int:
    """A folded panel's height: its title strip, and room for the frame's two corners."""
    return max(panel_height(ctx, 0), 2 * art.corner_px(ctx, PANEL_CORNER) + 2)


def title_rect(ctx: UiContext, rect: pygame.Rect) -> pygame.Rect:
    """The strip of a folding panel a click folds or opens: its title's height at the top
    (the whole bar of a folded one)."""
    if rect.h <= fold_bar(ctx):
        return pygame.Rect(rect)
    return pygame.Rect(rect.x, rect.y, rect.w, panel_height(ctx, 0) - panel_padding(ctx))


def draw_fold_panel(surface: pygame.Surface, ctx: UiContext, rect: pygame.Rect, title: str,
                    folded: bool) -> pygame.Rect | None:
    """``draw_panel`` with a fold marker at the title's right end: a triangle pointing
    down on an open panel, right on a folded one, lit while the mouse is over the title.
    Returns the content rect, or None for a folded panel (nothing to draw in it)."""
    px = ctx.type.small
    side = max(6, ctx.text.font(px, True).get_height() * 5 // 10)
    corner = art.corner_px(ctx, PANEL_CORNER)  # clear of the top-right bracket, as the
    pad = panel_padding(ctx)                    # title keeps clear of the top-left one
    inner = draw_panel(surface, rect, ctx, title, keep_right=corner - pad + side + 6)
    top = rect.y + pad + (ctx.text.font(px, True).get_height() - side) // 2
    right = rect.right - corner
    if folded:
        points = [(right - side + 2, top), (right, top + side // 2), (right - side + 2, top + side)]
    else:
        points = [(right - side, top + 1), (right, top + 1), (right - side // 2, top + side - 1)]
    lit = title_rect(ctx, rect).collidepoint(ctx.mouse)
    pygame.draw.polygon(surface, theme.YELLOW if lit else theme.SKY, points)
    return None if folded else inner
