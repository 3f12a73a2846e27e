"""Pointy-top hex geometry in the "odd-r" offset layout (odd rows shifted right by half).

Pure math, no pygame: centres in *unit* space (hex size 1) so the view can scale and
offset them for any window size, polygon corners for drawing, and the inverse (pixel to
hex) for hit testing, via cube-coordinate rounding (Red Blob Games' hex guide).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Hex = tuple[int, int]
SQRT3 = math.sqrt(3.0)

# Screen angle (degrees, counter-clockwise, y up) of each direction of travel.
DIRECTION_ANGLES = {"R": 0.0, "UR": 60.0, "UL": 120.0, "L": 180.0, "DL": 240.0, "DR": 300.0}


def unit_center(h: Hex) -> tuple[float, float]:
    """Centre of hex ``h`` for hex size 1 (distance from centre to a corner)."""
    col, row = h
    return (SQRT3 * (col + 0.5 * (row & 1)), 1.5 * row)


def unit_extent(hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) of the hexes' outlines in unit space."""
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        x, y = unit_center(h)
        xs.extend((x - SQRT3 / 2, x + SQRT3 / 2))
        ys.extend((y - 1.0, y + 1.0))
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs), min(ys), max(xs), max(ys))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex centred at (cx, cy)."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append((cx + size * math.cos(a), cy + size * math.sin(a)))
    return pts


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def unit_to_hex(x: float, y: float) -> Hex:
    """The odd-r hex containing unit-space point (x, y)."""
    q = (SQRT3 / 3 * x - y / 3)
    r = 2.0 / 3 * y
    cq, cr = _cube_round(q, r)
    col = cq + (cr - (cr & 1)) // 2
    return (col, cr)


def direction_towards(src: Hex, dst: Hex) -> str:
    """Name of the direction whose screen angle best matches the step src -> dst."""
    sx, sy = unit_center(src)
    dx, dy = unit_center(dst)
    ang = math.degrees(math.atan2(-(dy - sy), dx - sx)) % 360
    best = min(DIRECTION_ANGLES, key=lambda d: _angle_gap(DIRECTION_ANGLES[d], ang))
    return best


def _angle_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


class HexView:
    """Places a set of hexes inside a pixel rectangle, as large as fits, centred."""

    def __init__(self, hexes: Iterable[Hex], rect: tuple[int, int, int, int], margin: float = 0):
        self.hexes = frozenset(hexes)
        x, y, w, h = rect
        min_x, min_y, max_x, max_y = unit_extent(self.hexes)
        uw, uh = max(max_x - min_x, 1e-6), max(max_y - min_y, 1e-6)
        avail_w, avail_h = max(w - 2 * margin, 1), max(h - 2 * margin, 1)
        self.size = min(avail_w / uw, avail_h / uh)
        self.ox = x + (w - uw * self.size) / 2 - min_x * self.size
        self.oy = y + (h - uh * self.size) / 2 - min_y * self.size

    def to_pixel(self, ux: float, uy: float) -> tuple[float, float]:
        """Unit-space point to window pixels."""
        return (self.ox + ux * self.size, self.oy + uy * self.size)

    def center(self, h: Hex) -> tuple[float, float]:
        """Pixel centre of hex ``h``."""
        return self.to_pixel(*unit_center(h))

    def polygon(self, h: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
        """Pixel corners of hex ``h``, optionally shrunk inwards by ``shrink`` pixels."""
        cx, cy = self.center(h)
        return corners(cx, cy, max(self.size - shrink, 1))

    def hex_at(self, px: float, py: float) -> Hex | None:
        """The hex of this view under pixel (px, py), or None."""
        h = unit_to_hex((px - self.ox) / self.size, (py - self.oy) / self.size)
        return h if h in self.hexes else None
