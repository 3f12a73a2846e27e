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


def fit_text(ctx: UiContext, candidates: list[str], px: int, width: int, colour,
             bold: bool = False) -> pygame.Surface:
    """The first candidate that fits ``width`` at ``px`` or up to 2 px smaller; else the
    last one cut short with an ellipsis (never drawn past its box)."""
    for size in (px, px - 1, px - 2):
        for text in candidates:
            img = ctx.text.render(text, max(8, size), colour, bold)
            if img.get_width() <= width:
                return img
    text = candidates[-1]
    size = max(8, px - 2)
    while len(text) > 1 and ctx.text.size(text + "...", size, bold)[0] > width:
        text = text[:-1]
    return ctx.text.render(text.rstrip() + "...", size, colour, bold)
