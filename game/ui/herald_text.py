"""Text that must fit its box on every window size: shorter wordings, then an ellipsis.

The console's fonts grow with the window and the panels do not always grow as much, so a
label offers several wordings (all words, never codes) and the first that fits is drawn.
"""

from __future__ import annotations

import pygame

from game.ui.context import UiContext

#: Shorter Subject words for the narrowest places (still words, never the codes).
SHORT_SUBJECTS = {"CUL": "Cultures", "COM": "Comms", "PHY": "Physics", "BIO": "Biology",
                  "SPA": "Space", "GRO": "Ground", "BAT": "Battle", "POL": "Police"}


def line_step(px: int) -> int:
    """The distance between two lines of running text at ``px``: closer than the font's
    own line spacing (Noto Sans leaves room for stacked accents), never letting the ink
    of one line touch the next."""
    return round(px * 1.22)


def fit_text(ctx: UiContext, candidates: list[str], px: int, width: int, colour,
             bold: bool = False) -> pygame.Surface:
    """The first candidate that fits ``width`` at ``px`` (never a smaller type: running
    text keeps its size); else the last one cut short with an ellipsis, never drawn past
    its box (the layout check reports any such cut, so the layouts leave room)."""
    for text in candidates:
        if ctx.text.size(text, px, bold)[0] <= width:
            return ctx.text.render(text, px, colour, bold)
    text = candidates[-1]
    while len(text) > 1 and ctx.text.size(text + "...", px, bold)[0] > width:
        text = text[:-1]
    return ctx.text.render(text.rstrip() + "...", px, colour, bold)
