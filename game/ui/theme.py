"""Colours and type scale of the console look.

The palette is built on the Okabe-Ito colours, which stay distinct for the common forms of
colour blindness; every cue that matters is also given a shape (arrows solid or hollow
with a cross, check marks, plus/minus signs), so colour is never the only signal.
"""

from __future__ import annotations

from dataclasses import dataclass

# Okabe-Ito
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)

BG = (8, 12, 22)
PANEL = (18, 28, 44)
PANEL_EDGE = (60, 110, 150)
INK = (226, 234, 242)
INK_DIM = (140, 156, 172)
INK_FAINT = (86, 98, 114)
GRID = (44, 70, 96)
HILITE = SKY
GOOD = SKY
BAD = VERMILLION
WARN = ORANGE
SHADOW = (0, 0, 0)

OUTCOME_COLOURS = {
    "+SUP": GREEN,
    "+DIP": SKY,
    "+RES": YELLOW,
    "-LEA": PURPLE,
    "-TIM": ORANGE,
    "-REP": VERMILLION,
}

FIELD_COLOURS = {
    "social": PURPLE,
    "theoretical": YELLOW,
    "applied": GREEN,
    "security": ORANGE,
}

# Base pixel sizes at the reference window of 1280x800; scaled by Layout.scale.
REFERENCE_SIZE = (1280, 800)


@dataclass(frozen=True)
class TypeScale:
    """Font sizes (pixels) for one window size, so every scene agrees on them.

    Sizes are of the bundled Noto Sans, whose pixel size is its real size: running text
    (``small`` and up) is at least 15 px at the reference 1280x800 and grows and shrinks
    with the window; ``tiny`` is for hotkey hints and badges only."""

    tiny: int
    small: int
    body: int
    heading: int
    title: int

    @classmethod
    def for_scale(cls, scale: float) -> TypeScale:
        def px(base: float) -> int:
            return max(10, round(base * scale))

        return cls(tiny=px(13), small=px(15), body=px(17), heading=px(21), title=px(44))


def window_scale(size: tuple[int, int]) -> float:
    """How much bigger than the reference window we are (never below 0.5)."""
    w, h = size
    return max(0.5, min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1]))


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """Linear blend of two colours (t=0 gives a, t=1 gives b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
