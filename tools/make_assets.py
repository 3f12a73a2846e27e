"""Draw every sprite and synthesise every sound the client uses, deterministically.

    .venv/bin/python tools/make_assets.py                 # rebuild sprites/ and sounds/
    .venv/bin/python tools/make_assets.py --only ship,click --out /tmp/x
    .venv/bin/python tools/make_assets.py --list          # names, sizes, descriptions

Nothing is downloaded and nothing random is left to chance: each asset draws from a
``random.Random`` seeded with the CRC of its own name, smoothscale is pinned to pygame's
portable GENERIC backend, and sounds are plain 16-bit mono WAV built with ``math`` and
``array`` only. Running this twice gives byte-identical files.

Sprites are stored at twice their nominal size (see ``game.ui.assets.SPRITES``) and drawn at
three times that again, then averaged down, which gives clean anti-aliased edges. Drawing
happens in premultiplied alpha so soft glows keep their colour at their faint edges.
"""

from __future__ import annotations

import argparse
import array
import functools
import math
import os
import random
import struct
import sys
import wave
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ui.assets import SPRITES  # noqa: E402
from game.ui.sound import SOUNDS  # noqa: E402

SUPERSAMPLE = 3
RATE = 22050

Colour = tuple[int, ...]
Point = tuple[float, float]

# ---------------------------------------------------------------------------------------
# palette (Okabe-Ito accents, as in game/ui/theme.py, on deep navy)

NAVY = (8, 12, 22)
NAVY2 = (14, 22, 40)
DEEP = (4, 6, 12)
INK = (226, 234, 242)
OUTLINE = (12, 18, 30)
CYAN = (96, 214, 240)
SKY = (86, 180, 233)
TEAL = (40, 150, 170)
AMBER = (240, 168, 40)
ORANGE = (230, 159, 0)
YELLOW = (240, 228, 66)
GREEN = (0, 158, 115)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)
VIOLET = (150, 110, 240)
WHITE = (255, 255, 255)
STEEL = (150, 162, 180)


def lerp(a: Sequence[float], b: Sequence[float], t: float) -> tuple[int, ...]:
    t = min(1.0, max(0.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def with_alpha(c: Sequence[int], a: int) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], max(0, min(255, a)))


def seed_for(name: str) -> random.Random:
    return random.Random(zlib.crc32(name.encode("utf-8")))


# ---------------------------------------------------------------------------------------
# geometry


def regular(cx: float, cy: float, r: float, n: int, start_deg: float = -90.0) -> list[Point]:
    return [
        (
            cx + r * math.cos(math.radians(start_deg + 360.0 * i / n)),
            cy + r * math.sin(math.radians(start_deg + 360.0 * i / n)),
        )
        for i in range(n)
    ]


def star(
    cx: float, cy: float, r_out: float, r_in: float, n: int, start_deg: float = -90.0
) -> list[Point]:
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(start_deg + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_points(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, steps: int = 48
) -> list[Point]:
    """Points along an ellipse arc, angles in degrees (0 = east, 90 = south on screen)."""
    return [
        (
            cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def rotate_pts(pts: Iterable[Point], cx: float, cy: float, deg: float) -> list[Point]:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in pts]


def hex_points(cx: float, cy: float, r: float) -> list[Point]:
    """A pointy-top hexagon."""
    return regular(cx, cy, r, 6, -90.0)


def chamfer_rect(x: float, y: float, w: float, h: float, c: float) -> list[Point]:
    return [
        (x + c, y),
        (x + w - c, y),
        (x + w, y + c),
        (x + w, y + h - c),
        (x + w - c, y + h),
        (x + c, y + h),
        (x, y + h - c),
        (x, y + c),
    ]


# ---------------------------------------------------------------------------------------
# the drawing surface


def unpremultiply(surf: pygame.Surface) -> pygame.Surface:
    """Undo ``premul_alpha`` (pygame has no inverse), pixel by pixel.

    Alpha of 250 and up becomes 255: pygame's integer blending wears a point or two off
    opaque pixels each time something translucent is laid over them, and an opaque tile
    should read as opaque.
    """
    size = surf.get_size()
    data = bytearray(pygame.image.tobytes(surf, "RGBA"))
    for i in range(3, len(data), 4):
        a = data[i]
        if a == 0 or a == 255:
            continue
        half = a // 2
        data[i - 3] = min(255, (data[i - 3] * 255 + half) // a)
        data[i - 2] = min(255, (data[i - 2] * 255 + half) // a)
        data[i - 1] = min(255, (data[i - 1] * 255 + half) // a)
        if a >= 250:
            data[i] = 255
    return pygame.image.frombytes(bytes(data), size, "RGBA")


class Canvas:
    """A supersampled RGBA drawing surface addressed in nominal pixels."""

    def __init__(self, w: float, h: float, store: int = 2, ss: int = SUPERSAMPLE) -> None:
        self.w, self.h = w, h
        self.store, self.ss = store, ss
        self.k = store * ss
        self.size = (round(w * self.k), round(h * self.k))
        self.surf = pygame.Surface(self.size, pygame.SRCALPHA)
        self.surf.fill((0, 0, 0, 0))
        self._scratch: pygame.Surface | None = None

    def blank(self, fill: Colour = (0, 0, 0, 0)) -> Canvas:
        c = Canvas(self.w, self.h, self.store, self.ss)
        c.surf.fill(fill)
        return c

    def P(self, p: Point) -> tuple[int, int]:
        return (round(p[0] * self.k), round(p[1] * self.k))

    def L(self, v: float) -> int:
        return max(1, round(v * self.k))

    # primitives --------------------------------------------------------------------
    #
    # pygame.draw writes pixels (alpha included) instead of blending them, so a colour with
    # alpha below 255 is drawn opaque on a scratch surface and then blended on in one go;
    # that also keeps overlapping pieces of one stroke from doubling up.

    def _paint(self, colour: Colour, draw: Callable[[pygame.Surface, Colour], object]) -> None:
        alpha = colour[3] if len(colour) == 4 else 255
        if alpha >= 255:
            draw(self.surf, tuple(colour[:3]))
            return
        if alpha <= 0:
            return
        if self._scratch is None:
            self._scratch = pygame.Surface(self.size, pygame.SRCALPHA)
            self._scratch.fill((0, 0, 0, 0))
        scratch = self._scratch
        touched = draw(scratch, tuple(colour[:3]))
        rects = touched if isinstance(touched, list) else [touched]
        area = pygame.Rect(rects[0]).unionall([pygame.Rect(r) for r in rects[1:]])
        area = area.inflate(2, 2).clip(scratch.get_rect())
        if area.width == 0 or area.height == 0:
            return
        piece = scratch.subsurface(area).copy()
        piece.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(piece, area.topleft)
        scratch.fill((0, 0, 0, 0), area)

    def poly(self, colour: Colour, pts: Sequence[Point], width: float = 0) -> None:
        if width:
            self.stroke(colour, pts, width, closed=True)
            return
        pts_px = [self.P(p) for p in pts]
        self._paint(colour, lambda s, col: pygame.draw.polygon(s, col, pts_px))

    def circle(self, colour: Colour, c: Point, r: float, width: float = 0) -> None:
        centre, radius = self.P(c), max(1, round(r * self.k))
        w = self.L(width) if width else 0
        self._paint(colour, lambda s, col: pygame.draw.circle(s, col, centre, radius, w))

    def ellipse(self, colour: Colour, c: Point, rx: float, ry: float, width: float = 0) -> None:
        if width:
            self.stroke(colour, arc_points(c[0], c[1], rx, ry, 0, 360, 96), width, closed=True)
            return
        rect = pygame.Rect(0, 0, round(2 * rx * self.k), round(2 * ry * self.k))
        rect.center = self.P(c)
        self._paint(colour, lambda s, col: pygame.draw.ellipse(s, col, rect))

    def rect(
        self, colour: Colour, r: tuple[float, float, float, float], radius: float = 0,
        width: float = 0,
    ) -> None:
        x, y, w, h = r
        pr = pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k))
        lw = self.L(width) if width else 0
        br = round(radius * self.k) if radius else 0
        self._paint(colour, lambda s, col: pygame.draw.rect(s, col, pr, lw, border_radius=br))

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        self.stroke(colour, [a, b], width)

    def stroke(
        self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False,
        round_caps: bool = True,
    ) -> None:
        """A thick polyline with round joins (pygame's own thick lines have ragged joins)."""
        hw = width * self.k / 2.0
        P = [(p[0] * self.k, p[1] * self.k) for p in pts]
        if closed:
            P = P + [P[0]]

        def draw(s: pygame.Surface, col: Colour) -> list[pygame.Rect]:
            rects = [pygame.Rect(round(P[0][0]), round(P[0][1]), 1, 1)]
            for (x0, y0), (x1, y1) in zip(P, P[1:], strict=False):
                dx, dy = x1 - x0, y1 - y0
                d = math.hypot(dx, dy)
                if d == 0:
                    continue
                nx, ny = -dy / d * hw, dx / d * hw
                rects.append(pygame.draw.polygon(
                    s, col,
                    [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                     (x0 - nx, y0 - ny)],
                ))
            if hw >= 1.0:
                joints = P if (round_caps or closed) else P[1:-1]
                for x, y in joints:
                    rects.append(pygame.draw.circle(s, col, (round(x), round(y)), round(hw)))
            return rects

        self._paint(colour, draw)

    def arc(
        self, colour: Colour, c: Point, r: float, a0: float, a1: float, width: float,
        ry: float | None = None,
    ) -> None:
        steps = max(8, int(abs(a1 - a0) / 4))
        self.stroke(colour, arc_points(c[0], c[1], r, r if ry is None else ry, a0, a1, steps),
                    width)

    def text(
        self, s: str, c: Point, size: float, colour: Colour, spacing: float = 0.0,
        bold: bool = False,
    ) -> float:
        """Centre ``s`` on ``c``; returns its width in nominal pixels."""
        font = pygame.font.Font(None, max(4, round(size * self.k)))
        font.bold = bold
        alpha = colour[3] if len(colour) == 4 else 255
        glyphs = []
        for ch in s:
            g = font.render(ch, True, colour[:3])
            if alpha < 255:
                g = g.copy()
                g.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            glyphs.append(g)
        gap = spacing * self.k
        total = sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1)
        x = c[0] * self.k - total / 2
        for g in glyphs:
            self.surf.blit(g, (round(x), round(c[1] * self.k - g.get_height() / 2)))
            x += g.get_width() + gap
        return total / self.k

    # compositing -------------------------------------------------------------------

    def paste(self, other: Canvas, flags: int = 0, alpha: int = 255) -> None:
        src = other.surf
        if alpha != 255:
            src = src.copy()
            src.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(src, (0, 0), special_flags=flags)

    def layer(self, draw: Callable[[Canvas], None]) -> Canvas:
        c = self.blank()
        draw(c)
        return c

    def glow(
        self, colour: Colour, radius: float, draw: Callable[[Canvas], None],
        strength: float = 1.0,
    ) -> None:
        """A soft halo in ``colour`` around whatever ``draw`` paints (any colour)."""
        shape = self.layer(draw)
        mask = pygame.mask.from_surface(shape.surf, 8)
        solid = mask.to_surface(setcolor=with_alpha(colour, 255), unsetcolor=with_alpha(colour, 0))
        sw, sh = max(1, round(self.w * self.store)), max(1, round(self.h * self.store))
        small = pygame.transform.smoothscale(solid, (sw, sh))
        blurred = pygame.transform.gaussian_blur(
            small, max(1, round(radius * self.store)), False
        )
        big = pygame.transform.smoothscale(blurred, self.size)
        while strength > 0:
            piece = big
            if strength < 1:
                piece = big.copy()
                piece.fill((255, 255, 255, round(255 * strength)),
                           special_flags=pygame.BLEND_RGBA_MULT)
            self.surf.blit(piece, (0, 0))
            strength -= 1

    def shadow(self, draw: Callable[[Canvas], None], offset: Point = (0, 1.5),
               radius: float = 2.0, alpha: int = 150) -> None:
        shape = self.layer(draw)
        mask = pygame.mask.from_surface(shape.surf, 8)
        solid = mask.to_surface(setcolor=(0, 0, 0, alpha), unsetcolor=(0, 0, 0, 0))
        sw, sh = round(self.w * self.store), round(self.h * self.store)
        small = pygame.transform.smoothscale(solid, (sw, sh))
        blurred = pygame.transform.gaussian_blur(small, max(1, round(radius * self.store)), False)
        big = pygame.transform.smoothscale(blurred, self.size)
        self.surf.blit(big, self.P(offset))

    def gradient_fill(
        self, draw: Callable[[Canvas], None], c0: Colour, c1: Colour, span: tuple[float, float],
        horizontal: bool = False,
    ) -> None:
        """Paint the shape ``draw`` makes with a linear gradient from c0 to c1 over ``span``."""
        shape = self.layer(draw)
        n = self.size[0] if horizontal else self.size[1]
        strip = pygame.Surface((n, 1) if horizontal else (1, n), pygame.SRCALPHA)
        a, b = span[0] * self.k, span[1] * self.k
        c0 = with_alpha(c0, 255) if len(c0) == 3 else c0
        c1 = with_alpha(c1, 255) if len(c1) == 3 else c1
        for i in range(n):
            t = (i - a) / (b - a) if b != a else 0.0
            col = lerp(c0, c1, t)
            strip.set_at((i, 0) if horizontal else (0, i), col)
        grad = pygame.transform.scale(strip, self.size)
        shape.surf.blit(grad, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(shape.surf, (0, 0))

    def radial(self, c: Point, r: float, inner: Colour, outer: Colour,
               steps: int | None = None) -> None:
        """Concentric disc fill from ``outer`` at radius r to ``inner`` at the centre."""
        n = steps or max(8, round(r * self.k / 3))
        inner = with_alpha(inner, 255) if len(inner) == 3 else inner
        outer = with_alpha(outer, 255) if len(outer) == 3 else outer
        for i in range(n, 0, -1):
            t = i / n
            self.circle(lerp(inner, outer, t), c, r * t)

    def clip(self, draw: Callable[[Canvas], None]) -> None:
        """Keep only what lies inside the shape ``draw`` paints."""
        shape = self.layer(draw)
        mask = pygame.mask.from_surface(shape.surf, 8)
        keep = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
        self.surf.blit(keep, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def finish(self, opaque: bool = False) -> pygame.Surface:
        out_size = (round(self.w * self.store), round(self.h * self.store))
        if opaque:
            flat = pygame.Surface(self.size)
            flat.blit(self.surf, (0, 0))
            return pygame.transform.smoothscale(flat, out_size) if self.ss > 1 else flat
        pre = self.surf.premul_alpha()
        small = pygame.transform.smoothscale(pre, out_size) if self.ss > 1 else pre
        return unpremultiply(small)


# ---------------------------------------------------------------------------------------
# registry


@dataclass(frozen=True)
class SpriteRecipe:
    name: str
    draw: Callable[[Canvas, random.Random], None]
    ss: int
    opaque: bool
    tile: bool
    doc: str


RECIPES: dict[str, SpriteRecipe] = {}


def sprite(*names: str, ss: int = SUPERSAMPLE, opaque: bool = False, tile: bool = False,
           doc: str | None = None):
    """Register a drawing function for one or more sprites.

    With several names the function is called with ``name=`` so it can tell them apart.
    The first docstring line (or ``doc``) is the description in the asset table.
    """

    def deco(fn):
        text = doc or ((fn.__doc__ or "").strip().splitlines() or [""])[0]
        for name in names:
            draw = fn if len(names) == 1 else functools.partial(fn, name=name)
            RECIPES[name] = SpriteRecipe(name, draw, ss, opaque, tile, text)
        return fn

    return deco


def render_sprite(name: str) -> pygame.Surface:
    recipe = RECIPES[name]
    info = SPRITES[name]
    w, h = info.size
    rng = seed_for(name)
    if recipe.tile:
        # draw a 3x3 repeat so averaging wraps around, then keep the middle tile
        c = Canvas(w * 3, h * 3, info.scale, recipe.ss)
        recipe.draw(c, rng)
        full = c.finish(opaque=recipe.opaque)
        tw, th = w * info.scale, h * info.scale
        return full.subsurface((tw, th, tw, th)).copy()
    c = Canvas(w, h, info.scale, recipe.ss)
    recipe.draw(c, rng)
    return c.finish(opaque=recipe.opaque)


# ---------------------------------------------------------------------------------------
# shared symbols (drawn in a box centred on c with half-size s)


def sym_hourglass(c: Canvas, cx: float, cy: float, s: float, col: Colour, w: float) -> None:
    top, bot = cy - s, cy + s
    c.line(col, (cx - s * 0.75, top), (cx + s * 0.75, top), w)
    c.line(col, (cx - s * 0.75, bot), (cx + s * 0.75, bot), w)
    pts = [(cx - s * 0.6, top), (cx + s * 0.6, top), (cx + s * 0.08, cy), (cx + s * 0.6, bot),
           (cx - s * 0.6, bot), (cx - s * 0.08, cy)]
    c.stroke(col, pts, w, closed=True)
    c.poly(col, [(cx - s * 0.38, bot - w * 0.6), (cx + s * 0.38, bot - w * 0.6),
                 (cx, cy + s * 0.35)])
    c.poly(col, [(cx - s * 0.28, top + s * 0.35), (cx + s * 0.28, top + s * 0.35),
                 (cx, cy - s * 0.1)])


def sym_star(c: Canvas, cx: float, cy: float, s: float, col: Colour) -> None:
    c.poly(col, star(cx, cy, s, s * 0.45, 5))


def sym_atom(c: Canvas, cx: float, cy: float, s: float, col: Colour, w: float) -> None:
    for ang in (0, 60, 120):
        pts = rotate_pts(arc_points(cx, cy, s, s * 0.38, 0, 360, 72), cx, cy, ang)
        c.stroke(col, pts, w, closed=True)
    c.circle(col, (cx, cy), s * 0.2)


def sym_crate(c: Canvas, cx: float, cy: float, s: float, col: Colour, w: float) -> None:
    c.rect(col, (cx - s, cy - s * 0.8, 2 * s, 1.8 * s), radius=s * 0.1, width=w)
    c.line(col, (cx - s, cy - s * 0.35), (cx + s, cy - s * 0.35), w)
    c.line(col, (cx - s * 0.75, cy - s * 0.1), (cx + s * 0.75, cy + s * 0.8), w)
    c.line(col, (cx + s * 0.75, cy - s * 0.1), (cx - s * 0.75, cy + s * 0.8), w)


def sym_check(c: Canvas, cx: float, cy: float, s: float, col: Colour, w: float) -> None:
    c.stroke(col, [(cx - s, cy), (cx - s * 0.3, cy + s * 0.7), (cx + s, cy - s * 0.8)], w)


def sym_chevrons(c: Canvas, cx: float, cy: float, s: float, col: Colour, w: float,
                 n: int = 2) -> None:
    for i in range(n):
        y = cy - s * 0.4 + i * s * 0.75
        c.stroke(col, [(cx - s, y + s * 0.5), (cx, y - s * 0.15), (cx + s, y + s * 0.5)], w)


def sym_clock(c: Canvas, cx: float, cy: float, s: float, col: Colour, w: float) -> None:
    c.circle(col, (cx, cy), s, w)
    c.stroke(col, [(cx, cy - s * 0.65), (cx, cy), (cx + s * 0.5, cy + s * 0.2)], w)


# ---------------------------------------------------------------------------------------
# The Herald: ship, pawn, tokens, markers, dice


@sprite("ship")
def draw_ship(c: Canvas, rng: random.Random) -> None:
    """The U.N.S. Herald from above, nose east: hull, STEC ring, cyan engine glow."""
    cy = 48.0
    hull = [(16, 40.5), (30, 37.5), (54, 36.5), (68, 39), (80, 43), (88, 46.5), (90.5, 48),
            (88, 49.5), (80, 53), (68, 57), (54, 59.5), (30, 58.5), (16, 55.5)]
    # engine plumes
    c.glow(CYAN, 5, lambda L: [L.ellipse(WHITE, (10, cy + dy), 8, 3.2) for dy in (-8, 0, 8)],
           strength=1.6)
    for dy in (-8, 0, 8):
        c.ellipse(with_alpha(CYAN, 200), (10, cy + dy), 7, 2.4)
        c.ellipse(with_alpha(WHITE, 230), (12.5, cy + dy), 3.5, 1.3)
    # STEC ring below the hull, with struts
    ring_c = (40.0, cy)
    c.shadow(lambda L: L.circle(WHITE, ring_c, 25, 5), offset=(1, 2), radius=2, alpha=140)
    c.glow(CYAN, 3.5, lambda L: L.circle(WHITE, ring_c, 24.5, 2.5), strength=0.9)
    c.circle(OUTLINE, ring_c, 26.6, 6.2)
    c.circle((58, 92, 120), ring_c, 26, 5)
    c.circle((112, 150, 178), ring_c, 26, 2.2)
    c.circle(with_alpha(CYAN, 230), ring_c, 23.6, 1.0)
    for ang in (45, 135, 225, 315):
        a = math.radians(ang)
        p0 = (ring_c[0] + 8 * math.cos(a), cy + 8 * math.sin(a))
        p1 = (ring_c[0] + 23 * math.cos(a), cy + 23 * math.sin(a))
        c.line(OUTLINE, p0, p1, 4.2)
        c.line((130, 146, 168), p0, p1, 2.4)
    # swept fins
    for sy in (-1, 1):
        fin = [(19, cy + sy * 7), (40, cy + sy * 9), (27, cy + sy * 27), (19.5, cy + sy * 27.5)]
        c.shadow(lambda L, fin=fin: L.poly(WHITE, fin), offset=(1, 2), radius=2, alpha=140)
        c.poly(OUTLINE, fin, 2.6)
        c.gradient_fill(lambda L, fin=fin: L.poly(WHITE, fin), (150, 164, 188), (84, 98, 124),
                        (cy - 27, cy + 27))
        c.line((60, 72, 96), (22, cy + sy * 12), (29, cy + sy * 22), 0.8)
        c.poly(with_alpha(CYAN, 220), [(20.5, cy + sy * 24), (26, cy + sy * 24),
                                       (27, cy + sy * 26), (20.2, cy + sy * 26.3)])
    # engine block
    c.rect(OUTLINE, (13, 36.5, 12, 23), radius=2.5)
    c.rect((88, 100, 122), (14.2, 37.7, 9.6, 20.6), radius=2)
    for dy in (-8, 0, 8):
        c.rect((40, 48, 64), (14.5, cy + dy - 2.4, 3, 4.8), radius=1)
    # hull
    c.shadow(lambda L: L.poly(WHITE, hull), offset=(1.2, 2.2), radius=2.5, alpha=160)
    c.poly(OUTLINE, [(x + (1.3 if x > 85 else 0), y + (1.3 if y > cy else -1.3 if y < cy else 0))
                     for x, y in hull])
    c.gradient_fill(lambda L: L.poly(WHITE, hull), (226, 234, 244), (124, 138, 162), (37, 59))
    # dorsal spine and panel lines
    c.poly((176, 190, 210), [(22, 45.5), (66, 44.5), (82, 47), (82, 49), (66, 51.5), (22, 50.5)])
    c.line((96, 110, 134), (22, 48), (80, 48), 0.7)
    for x in (30, 42, 54, 66):
        c.line((104, 118, 142), (x, 39 + (x - 30) * 0.02), (x, 42.5), 0.6)
        c.line((104, 118, 142), (x, 53.5), (x, 57 - (x - 30) * 0.02), 0.6)
    # bridge canopy
    c.glow(CYAN, 2.5, lambda L: L.ellipse(WHITE, (78, cy), 5, 2.6), strength=1.2)
    c.ellipse(OUTLINE, (78, cy), 5.4, 3.0)
    c.gradient_fill(lambda L: L.ellipse(WHITE, (78, cy), 4.6, 2.3), (190, 250, 255), (40, 150, 190),
                    (45.5, 50.5))
    # running lights: amber port side, white starboard (brightness differs, not only hue)
    c.glow(AMBER, 2.0, lambda L: L.circle(WHITE, (50, 37.4), 1.4))
    c.circle(AMBER, (50, 37.4), 1.1)
    c.glow(WHITE, 2.0, lambda L: L.circle(WHITE, (50, 58.6), 1.4))
    c.circle(WHITE, (50, 58.6), 1.1)


@sprite("pawn_matrix")
def draw_pawn(c: Canvas, rng: random.Random) -> None:
    """Event Matrix pawn: a cyan-ringed base carrying a white ship chevron."""
    cx, cy = 32, 32
    c.shadow(lambda L: L.circle(WHITE, (cx, cy), 24), offset=(0, 2.5), radius=3, alpha=170)
    c.glow(CYAN, 4, lambda L: L.circle(WHITE, (cx, cy), 25, 3), strength=1.3)
    c.circle(OUTLINE, (cx, cy), 26.5)
    c.radial((cx, cy), 25, (30, 52, 80), (10, 18, 32))
    c.circle(CYAN, (cx, cy), 24, 2.6)
    c.circle(with_alpha(CYAN, 120), (cx, cy), 19.5, 0.8)
    for ang in range(0, 360, 30):
        a = math.radians(ang)
        c.line(with_alpha(CYAN, 160), (cx + 20.5 * math.cos(a), cy + 20.5 * math.sin(a)),
               (cx + 22.4 * math.cos(a), cy + 22.4 * math.sin(a)), 1.0)
    ship = [(cx, cy - 15), (cx + 9.5, cy + 11), (cx + 3, cy + 7.5), (cx, cy + 12),
            (cx - 3, cy + 7.5), (cx - 9.5, cy + 11)]
    c.glow(CYAN, 2.5, lambda L: L.poly(WHITE, ship), strength=0.8)
    c.poly(OUTLINE, ship, 2.2)
    c.gradient_fill(lambda L: L.poly(WHITE, ship), (255, 255, 255), (170, 196, 220),
                    (cy - 15, cy + 12))
    c.circle(AMBER, (cx, cy + 9), 1.4)


def disc_base(c: Canvas, cx: float, cy: float, r: float, top: Colour, bottom: Colour,
              rim: Colour, flat: bool = False) -> None:
    c.shadow(lambda L: L.circle(WHITE, (cx, cy), r - 0.5), offset=(0, 1.2 if flat else 2),
             radius=1.5, alpha=150)
    c.circle(OUTLINE, (cx, cy), r)
    c.gradient_fill(lambda L: L.circle(WHITE, (cx, cy), r - 1.2), top, bottom, (cy - r, cy + r))
    c.circle(rim, (cx, cy), r - 1.2, 1.0)


@sprite("token_journey")
def draw_token_journey(c: Canvas, rng: random.Random) -> None:
    """Journey token: bright amber disc with a toothed rim and a dark four-point star."""
    cx, cy, r = 20, 20, 17.5
    c.shadow(lambda L: L.circle(WHITE, (cx, cy), r), offset=(0, 1.6), radius=1.5, alpha=150)
    teeth = star(cx, cy, r + 1.2, r - 1.6, 16, -90)
    c.poly(OUTLINE, star(cx, cy, r + 2.0, r - 0.8, 16, -90))
    c.gradient_fill(lambda L: L.poly(WHITE, teeth), (255, 214, 120), (214, 132, 20),
                    (cy - r, cy + r))
    c.circle((120, 70, 10), (cx, cy), r - 4.2, 1.0)
    c.gradient_fill(lambda L: L.circle(WHITE, (cx, cy), r - 4.6), (255, 200, 90), (230, 150, 30),
                    (cy - r, cy + r))
    c.poly((60, 34, 6), star(cx, cy, 10.5, 3.0, 4, -90))
    c.poly((255, 236, 180), star(cx, cy - 0.6, 5.0, 1.4, 4, -90))


@sprite("token_badrep")
def draw_token_badrep(c: Canvas, rng: random.Random) -> None:
    """Bad Reputation token: dark smooth disc, hazard hatching, a cracked star outline."""
    cx, cy, r = 20, 20, 18
    disc_base(c, cx, cy, r, (120, 30, 40), (60, 12, 20), (170, 70, 80), flat=True)

    def stripes(L: Canvas) -> None:
        for i in range(-6, 7):
            x = cx + i * 5.0
            L.poly(WHITE, [(x - 30, cy + 30), (x - 27.6, cy + 30), (x + 32.4, cy - 30),
                           (x + 30, cy - 30)])

    hatch = c.layer(stripes)
    hatch.clip(lambda L: L.circle(WHITE, (cx, cy), r - 2.2))
    hatch.surf.fill((20, 0, 4, 110), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(hatch)
    c.circle((20, 4, 8), (cx, cy), r - 2.2, 1.0)
    outline = star(cx, cy + 0.8, 11, 4.8, 5)
    c.stroke((255, 236, 236), outline, 2.2, closed=True)
    crack = [(cx - 1.5, cy - 12), (cx + 1.8, cy - 4), (cx - 2.2, cy + 1.5), (cx + 2.4, cy + 7),
             (cx - 0.5, cy + 13)]
    c.stroke((60, 12, 20), crack, 2.6)
    c.stroke((255, 236, 236), [(cx - 1.5, cy - 12), (cx + 1.8, cy - 4)], 0.6)


@sprite("token_event")
def draw_token_event(c: Canvas, rng: random.Random) -> None:
    """Linear Timeline event token: a flat teal disc with a ring and a diamond."""
    cx, cy, r = 18, 18, 16
    c.shadow(lambda L: L.circle(WHITE, (cx, cy), r), offset=(0, 1), radius=1.2, alpha=140)
    c.circle(OUTLINE, (cx, cy), r)
    c.circle((34, 126, 140), (cx, cy), r - 1.2)
    c.circle((150, 230, 236), (cx, cy), r - 4.2, 1.3)
    c.poly((224, 250, 252), [(cx, cy - 5.5), (cx + 5.5, cy), (cx, cy + 5.5), (cx - 5.5, cy)])
    c.poly((34, 126, 140), [(cx, cy - 2.2), (cx + 2.2, cy), (cx, cy + 2.2), (cx - 2.2, cy)])


def cube(c: Canvas, front: Colour, top: Colour, side: Colour) -> tuple[float, float, float]:
    """A euro-cube in oblique view; returns the front face centre and half-size."""
    x0, y0, s, d = 2.5, 7.5, 18.0, 6.0
    face = [(x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s)]
    top_f = [(x0, y0), (x0 + d, y0 - d), (x0 + s + d, y0 - d), (x0 + s, y0)]
    side_f = [(x0 + s, y0), (x0 + s + d, y0 - d), (x0 + s + d, y0 + s - d), (x0 + s, y0 + s)]
    every = face + top_f + side_f
    c.shadow(lambda L: L.poly(WHITE, every), offset=(0.6, 1.2), radius=1.0, alpha=150)
    c.stroke(OUTLINE, face + [top_f[1], top_f[2], side_f[2]], 2.2, closed=False)
    c.poly(OUTLINE, [(x0, y0 + s), (x0, y0), (x0 + d, y0 - d), (x0 + s + d, y0 - d),
                     (x0 + s + d, y0 + s - d), (x0 + s, y0 + s)], 2.0)
    c.poly(top, top_f)
    c.poly(side, side_f)
    c.poly(front, face)
    c.stroke(with_alpha(WHITE, 110), [(x0 + 0.6, y0 + s - 0.6), (x0 + 0.6, y0 + 0.6),
                                      (x0 + s - 0.6, y0 + 0.6)], 0.8)
    return (x0 + s / 2, y0 + s / 2, s / 2)


@sprite("marker_captain")
def draw_marker_captain(c: Canvas, rng: random.Random) -> None:
    """Captain marker: sky-blue cube with a dark double rank chevron."""
    fx, fy, s = cube(c, (86, 180, 233), (170, 222, 250), (44, 110, 160))
    sym_chevrons(c, fx, fy + 0.5, s * 0.62, (10, 24, 44), 2.2)


@sprite("marker_accomplishment")
def draw_marker_accomplishment(c: Canvas, rng: random.Random) -> None:
    """Accomplishment marker: amber cube with a dark star."""
    fx, fy, s = cube(c, (240, 176, 40), (255, 220, 130), (170, 110, 10))
    sym_star(c, fx, fy + 0.5, s * 0.78, (50, 28, 4))


@sprite("marker_time")
def draw_marker_time(c: Canvas, rng: random.Random) -> None:
    """Time marker: near-white cube with a dark clock face."""
    fx, fy, s = cube(c, (226, 232, 240), (250, 252, 255), (150, 160, 176))
    sym_clock(c, fx, fy, s * 0.62, (20, 28, 44), 1.6)


@sprite("marker_countdown")
def draw_marker_countdown(c: Canvas, rng: random.Random) -> None:
    """Countdown marker: dark vermillion cube with a white hourglass."""
    fx, fy, s = cube(c, (176, 62, 20), (222, 110, 60), (110, 34, 10))
    sym_hourglass(c, fx, fy, s * 0.66, (255, 240, 230), 1.3)


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die(c: Canvas, n: int, top: Colour, bottom: Colour, pip: Colour, framed: bool) -> None:
    x, y, s, rad = 5.0, 5.0, 54.0, 11.0
    c.shadow(lambda L: L.rect(WHITE, (x, y, s, s), rad), offset=(0.8, 2.2), radius=2.2, alpha=170)
    c.rect(OUTLINE, (x - 1.2, y - 1.2, s + 2.4, s + 2.4), rad + 1.2)
    c.gradient_fill(lambda L: L.rect(WHITE, (x, y, s, s), rad), top, bottom, (y, y + s))
    # bevel: light top-left rim, darker bottom
    c.rect(with_alpha(WHITE, 150), (x + 1.2, y + 1.2, s - 2.4, s - 2.4), rad - 1, 1.0)
    if framed:
        c.rect(with_alpha(pip, 200), (x + 5.5, y + 5.5, s - 11, s - 11), rad - 4, 1.6)
    cx, cy = x + s / 2, y + s / 2
    off = 14.5 if framed else 15.5
    pr = 5.2 if n != 1 else 7.0
    for dx, dy in PIPS[n]:
        px, py = cx + dx * off, cy + dy * off
        c.circle(with_alpha(WHITE, 170), (px + 0.4, py + 0.8), pr)
        c.circle(pip, (px, py), pr)
        c.circle(lerp(pip, (0, 0, 0), 0.5), (px + 0.5, py + 0.6), pr * 0.55)


def _die_face(c: Canvas, rng: random.Random, name: str) -> None:
    n = int(name[-1])
    if name.startswith("cdie"):
        die(c, n, (255, 206, 110), (222, 128, 16), (56, 26, 4), framed=True)
    else:
        die(c, n, (252, 253, 255), (196, 206, 222), (16, 26, 48), framed=False)


sprite(*(f"die_{n}" for n in range(1, 7)),
       doc="Reading die face: white body, navy pips.")(_die_face)
sprite(*(f"cdie_{n}" for n in range(1, 7)),
       doc="Countdown die face: amber body, inner frame, brown pips.")(_die_face)


# ---------------------------------------------------------------------------------------
# hex tiles


HEX_C = (64.0, 74.0)
HEX_R = 74.0


def hex_space_base(c: Canvas, rng: random.Random, nebula: Sequence[Colour]) -> None:
    def base(L: Canvas) -> None:
        L.radial(HEX_C, 96, (18, 30, 56), (5, 8, 18))
        # nebula wisps
        neb = L.blank()
        for _ in range(9):
            col = rng.choice(nebula)
            p = (rng.uniform(0, 128), rng.uniform(0, 148))
            neb.circle(with_alpha(col, rng.randint(40, 90)), p, rng.uniform(14, 34))
        small = pygame.transform.smoothscale(neb.surf, (64, 74))
        small = pygame.transform.gaussian_blur(small, 8, False)
        L.surf.blit(pygame.transform.smoothscale(small, L.size), (0, 0))
        # stars
        for _ in range(60):
            p = (rng.uniform(2, 126), rng.uniform(2, 146))
            b = rng.random()
            r = 0.35 + b * 0.5
            L.circle(with_alpha(lerp((120, 150, 200), WHITE, b), 110 + round(b * 145)), p, r)
        for _ in range(4):
            p = (rng.uniform(12, 116), rng.uniform(16, 132))
            L.glow(SKY, 2.0, lambda G, p=p: G.circle(WHITE, p, 1.0), strength=0.7)
            L.circle(WHITE, p, 0.9)

    layer = c.layer(base)
    layer.clip(lambda L: L.poly(WHITE, hex_points(*HEX_C, HEX_R)))
    c.paste(layer)


def hex_rim(c: Canvas, col: Colour = SKY) -> None:
    pts = hex_points(*HEX_C, HEX_R - 0.9)
    c.stroke(with_alpha(OUTLINE, 255), pts, 1.8, closed=True)
    c.stroke(with_alpha(col, 110), hex_points(*HEX_C, HEX_R - 2.6), 1.0, closed=True)


@sprite("hex_space")
def draw_hex_space(c: Canvas, rng: random.Random) -> None:
    """Empty space hex: deep navy with faint nebula and stars."""
    hex_space_base(c, rng, [(40, 90, 150), (70, 50, 120), (30, 110, 120)])
    hex_rim(c)


@sprite("hex_earth")
def draw_hex_earth(c: Canvas, rng: random.Random) -> None:
    """Earth hex: a blue planet with green-teal land, clouds, atmosphere and the Moon."""
    hex_space_base(c, rng, [(30, 70, 150), (40, 90, 160)])
    pc, pr = (62.0, 78.0), 34.0
    c.glow((90, 170, 255), 7, lambda L: L.circle(WHITE, pc, pr + 1), strength=1.4)

    def planet(L: Canvas) -> None:
        L.radial((pc[0] - 10, pc[1] - 12), pr * 1.6, (70, 150, 240), (6, 30, 90))
        land = L.blank()
        for _ in range(7):
            cx0, cy0 = rng.uniform(pc[0] - pr, pc[0] + pr), rng.uniform(pc[1] - pr, pc[1] + pr)
            for _ in range(6):
                land.circle(with_alpha((46, 150, 96), 255),
                            (cx0 + rng.uniform(-8, 8), cy0 + rng.uniform(-6, 6)),
                            rng.uniform(3, 8))
        land.surf.blit(
            pygame.transform.smoothscale(
                pygame.transform.gaussian_blur(
                    pygame.transform.smoothscale(land.surf, (128, 148)), 2, False),
                L.size), (0, 0))
        L.paste(land, alpha=235)
        cloud = L.blank()
        for _ in range(12):
            y = rng.uniform(pc[1] - pr, pc[1] + pr)
            x = rng.uniform(pc[0] - pr, pc[0] + pr)
            cloud.ellipse(with_alpha(WHITE, 200), (x, y), rng.uniform(6, 14), rng.uniform(1.2, 2.6))
        small = pygame.transform.gaussian_blur(
            pygame.transform.smoothscale(cloud.surf, (128, 148)), 1, False)
        L.surf.blit(pygame.transform.smoothscale(small, L.size), (0, 0))
        # night side
        shade = L.blank()
        shade.circle((0, 0, 10, 170), (pc[0] + 22, pc[1] + 20), pr * 1.2)
        sm = pygame.transform.gaussian_blur(
            pygame.transform.smoothscale(shade.surf, (128, 148)), 9, False)
        L.surf.blit(pygame.transform.smoothscale(sm, L.size), (0, 0))
        L.clip(lambda M: M.circle(WHITE, pc, pr))

    c.paste(c.layer(planet))
    c.arc(with_alpha((170, 220, 255), 200), pc, pr - 0.6, 150, 300, 1.6)
    c.circle(with_alpha((120, 190, 255), 90), pc, pr + 1.0, 1.2)
    # the Moon
    mc = (96.0, 40.0)
    c.glow(WHITE, 2, lambda L: L.circle(WHITE, mc, 6), strength=0.4)
    c.radial((mc[0] - 1.5, mc[1] - 1.5), 7.5, (230, 232, 236), (90, 96, 110))
    c.clip(lambda L: (L.poly(WHITE, hex_points(*HEX_C, HEX_R))))
    for dx, dy, r in ((-1.5, 1.0, 1.2), (1.8, -1.4, 0.9), (1.0, 2.5, 0.7)):
        c.circle((130, 134, 146), (mc[0] + dx, mc[1] + dy), r)
    hex_rim(c)


@sprite("hex_lis")
def draw_hex_lis(c: Canvas, rng: random.Random) -> None:
    """Lis Point hex: a cyan equilibrium point, four-ray flare and still rings."""
    hex_space_base(c, rng, [(30, 110, 130), (30, 80, 140)])
    cx, cy = HEX_C
    # gravity-well contour rings, dashed
    for i, r in enumerate((16, 26, 37, 49)):
        alpha = 170 - i * 32
        n = 24 + i * 8
        for k in range(n):
            if k % 2:
                continue
            a0 = 360 * k / n
            c.arc(with_alpha(CYAN, alpha), (cx, cy), r, a0, a0 + 360 / n * 0.9, 1.1)
    # the triangle that gives the point its place (faint)
    tri = regular(cx, cy, 49, 3, -90)
    c.stroke(with_alpha(SKY, 70), tri, 0.8, closed=True)
    for p in tri:
        c.circle(with_alpha(SKY, 200), p, 2.0)
    c.glow(CYAN, 12, lambda L: L.circle(WHITE, (cx, cy), 9), strength=1.6)
    c.glow(WHITE, 4, lambda L: L.circle(WHITE, (cx, cy), 4), strength=1.2)
    flare = [(cx - 40, cy), (cx - 3, cy - 2.2), (cx, cy - 40), (cx + 2.2, cy - 3), (cx + 40, cy),
             (cx + 3, cy + 2.2), (cx, cy + 40), (cx - 2.2, cy + 3)]
    c.glow(CYAN, 2.5, lambda L: L.poly(WHITE, flare), strength=0.9)
    c.poly(with_alpha((210, 250, 255), 235), flare)
    c.poly(with_alpha(WHITE, 180), rotate_pts(star(cx, cy, 14, 2.2, 4, -90), cx, cy, 45))
    c.circle(WHITE, (cx, cy), 4.2)
    hex_rim(c, CYAN)


@sprite("hex_source")
def draw_hex_source(c: Canvas, rng: random.Random) -> None:
    """The Source hex: a strange violet beacon with amber spokes and pulse rings."""
    hex_space_base(c, rng, [(90, 40, 130), (120, 60, 40), (70, 40, 120)])
    cx, cy = HEX_C
    for i, r in enumerate((20, 31, 43, 55)):
        col = AMBER if i % 2 else VIOLET
        c.glow(col, 2.5, lambda L, r=r: L.circle(WHITE, (cx, cy), r, 1.2), strength=0.6)
        c.circle(with_alpha(lerp(col, WHITE, 0.3), 210 - i * 40), (cx, cy), r, 1.5 - i * 0.2)
    rays = []
    for k in range(16):
        length = 46 if k % 2 == 0 else 30
        a = math.radians(k * 22.5 + 11.25)
        w = math.radians(7.0 if k % 2 == 0 else 5.0)
        rays.append([(cx + 9 * math.cos(a - w), cy + 9 * math.sin(a - w)),
                     (cx + length * math.cos(a), cy + length * math.sin(a)),
                     (cx + 9 * math.cos(a + w), cy + 9 * math.sin(a + w))])
    c.glow(AMBER, 3, lambda L: [L.poly(WHITE, r) for r in rays], strength=0.9)
    for r in rays:
        c.poly(with_alpha((255, 210, 120), 220), r)
    c.glow(VIOLET, 14, lambda L: L.circle(WHITE, (cx, cy), 13), strength=1.8)
    c.glow((255, 180, 255), 5, lambda L: L.circle(WHITE, (cx, cy), 8), strength=1.2)
    # the "eye": a slowly turning diamond inside a ring
    c.circle((40, 10, 70), (cx, cy), 10.5)
    c.circle((230, 190, 255), (cx, cy), 10.5, 1.6)
    eye = arc_points(cx - 5, cy, 9, 9, -56, 56, 14) + arc_points(cx + 5, cy, 9, 9, 124, 236, 14)
    c.poly((255, 236, 255), eye)
    c.ellipse((70, 20, 110), (cx, cy), 1.4, 3.4)
    hex_rim(c, VIOLET)


# ---------------------------------------------------------------------------------------
# backgrounds


def soft_clouds(size: tuple[int, int], rng: random.Random, colours: Sequence[Colour],
                count: int, radius: tuple[float, float], alpha: tuple[int, int],
                blur: int, res: int = 10) -> pygame.Surface:
    """Blurred overlapping blobs at 1/res scale, then smoothed up: cheap nebulae."""
    w, h = size[0] // res, size[1] // res
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*colours[0], 0))
    for _ in range(count):
        col = rng.choice(colours)
        p = (rng.uniform(0, w), rng.uniform(0, h))
        r = rng.uniform(*radius) / res
        blob = pygame.Surface((w, h), pygame.SRCALPHA)
        blob.fill((*col, 0))
        pygame.draw.circle(blob, (*col, rng.randint(*alpha)), p, max(1, round(r)))
        s.blit(blob, (0, 0))
    s = pygame.transform.gaussian_blur(s, blur, False)
    s = pygame.transform.smoothscale(s, (w * 2, h * 2))
    s = pygame.transform.gaussian_blur(s, 2, False)
    # a last blur at full size hides the bilinear grid of the upscale
    return pygame.transform.gaussian_blur(pygame.transform.smoothscale(s, size), res // 2, False)


@sprite("starfield", ss=1, opaque=True)
def draw_starfield(c: Canvas, rng: random.Random) -> None:
    """Title and game background: deep space, teal and violet nebulae, many stars."""
    W, H = c.size
    c.gradient_fill(lambda L: L.rect(WHITE, (0, 0, c.w, c.h)), (3, 5, 12), (9, 14, 30), (0, c.h))
    c.surf.blit(soft_clouds((W, H), rng, [(30, 90, 130), (70, 40, 120), (20, 60, 110)],
                            34, (120, 380), (18, 46), 7), (0, 0))
    c.surf.blit(soft_clouds((W, H), rng, [(60, 150, 170), (120, 70, 160)],
                            14, (60, 160), (16, 34), 4), (0, 0))
    for _ in range(2600):
        x, y = rng.randrange(W), rng.randrange(H)
        b = rng.random() ** 2.2
        col = lerp((70, 80, 110), lerp((200, 215, 255), (255, 236, 210), rng.random()), b)
        c.surf.set_at((x, y), col)
    for _ in range(260):
        p = (rng.uniform(0, W), rng.uniform(0, H))
        b = rng.random()
        col = lerp((150, 170, 220), WHITE, b)
        pygame.draw.aacircle(c.surf, col, p, 0.8 + b * 0.9)
        pygame.draw.circle(c.surf, col, p, 0.8 + b * 0.9)
    bright: dict[Colour, list[tuple[Point, float]]] = {}
    for _ in range(34):
        p = (rng.uniform(20, W - 20), rng.uniform(20, H - 20))
        col = rng.choice([SKY, (255, 220, 170), (200, 210, 255), (170, 240, 240)])
        bright.setdefault(col, []).append((p, rng.uniform(1.2, 2.2)))
    for col, stars in bright.items():
        c.glow(col, 5, lambda L, stars=stars: [L.circle(WHITE, p, b) for p, b in stars],
               strength=0.9)
    for col, stars in bright.items():
        for p, big in stars:
            spike = big * rng.uniform(4, 8)
            c.line(with_alpha(col, 120), (p[0] - spike, p[1]), (p[0] + spike, p[1]), 0.7)
            c.line(with_alpha(col, 120), (p[0], p[1] - spike), (p[0], p[1] + spike), 0.7)
            c.circle(WHITE, p, big * 0.7)


@sprite("curtain", ss=2, opaque=True)
def draw_curtain(c: Canvas, rng: random.Random) -> None:
    """Hotseat curtain: closed blast doors, a glowing seam and hazard bands."""
    W, H = c.w, c.h
    mid = W / 2
    for side in (0, 1):
        x0 = 0 if side == 0 else mid
        c.gradient_fill(lambda L, x0=x0: L.rect(WHITE, (x0, 0, mid, H)),
                        (20, 28, 42) if side == 0 else (14, 20, 32),
                        (14, 20, 32) if side == 0 else (20, 28, 42), (x0, x0 + mid),
                        horizontal=True)
    # panel seams and rivets
    for y in range(100, int(H), 100):
        c.line((8, 12, 20), (0, y), (W, y), 3)
        c.line((40, 52, 70), (0, y + 2.5), (W, y + 2.5), 1)
    for x in (160, 480, 800, 1120):
        c.line((8, 12, 20), (x, 0), (x, H), 3)
        c.line((40, 52, 70), (x + 2.5, 0), (x + 2.5, H), 1)
    for y in range(100, int(H), 100):
        for x in (160, 480, 800, 1120):
            for dx, dy in ((-12, -12), (12, -12), (-12, 12), (12, 12)):
                c.circle((10, 14, 22), (x + dx + 1, y + dy + 1), 3.2)
                c.circle((66, 80, 100), (x + dx, y + dy), 2.8)
    # hazard bands top and bottom
    for y0 in (0.0, H - 48):
        band = c.blank()
        band.rect((190, 132, 24, 255), (0, 0, W, 48))
        for i in range(-2, int(W / 48) + 3):
            x = i * 48
            band.poly((18, 20, 26, 255), [(x, 48), (x + 24, 48), (x + 48, 0), (x + 24, 0)])
        band.surf.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        c.surf.blit(band.surf, (0, round(y0 * c.k)))
        c.line((6, 8, 14), (0, y0 + (48 if y0 == 0 else 0)), (W, y0 + (48 if y0 == 0 else 0)), 4)
    # door seam with cyan glow
    c.line((4, 6, 10), (mid, 0), (mid, H), 10)
    c.glow(SKY, 10, lambda L: L.line(WHITE, (mid, 48), (mid, H - 48), 3), strength=1.0)
    c.line((170, 230, 250), (mid, 48), (mid, H - 48), 1.6)
    # lock ring at the centre
    c.glow(SKY, 14, lambda L: L.circle(WHITE, (mid, H / 2), 92, 6), strength=0.7)
    c.circle((10, 14, 22), (mid, H / 2), 96)
    c.circle((34, 44, 60), (mid, H / 2), 92)
    c.circle((8, 12, 20), (mid, H / 2), 70)
    c.circle(with_alpha(SKY, 200), (mid, H / 2), 92, 3)
    c.circle(with_alpha(SKY, 110), (mid, H / 2), 70, 1.5)
    for k in range(12):
        a = math.radians(k * 30)
        c.line((70, 90, 116), (mid + 76 * math.cos(a), H / 2 + 76 * math.sin(a)),
               (mid + 88 * math.cos(a), H / 2 + 88 * math.sin(a)), 4)


# ---------------------------------------------------------------------------------------
# console frames


@sprite("panel")
def draw_panel(c: Canvas, rng: random.Random) -> None:
    """Console panel 9-slice (corners 24): chamfered navy glass, cyan edge, corner brackets."""
    x, y, s, ch = 4.0, 4.0, 88.0, 9.0
    body = chamfer_rect(x, y, s, s, ch)
    c.glow(SKY, 3.5, lambda L: L.poly(WHITE, body, 2), strength=0.6)
    c.poly(with_alpha((10, 18, 34), 236), body)
    c.poly(with_alpha(SKY, 40), chamfer_rect(x + 3, y + 3, s - 6, s - 6, ch - 1), 3)
    c.poly(with_alpha((120, 190, 225), 230), body, 1.4)
    # corner brackets (inside the 24-px corners)
    br = with_alpha((170, 232, 255), 255)
    for cx, cy, sx, sy in ((x, y, 1, 1), (x + s, y, -1, 1), (x, y + s, 1, -1),
                           (x + s, y + s, -1, -1)):
        c.stroke(br, [(cx + sx * 1.6, cy + sy * 15), (cx + sx * 1.6, cy + sy * (ch + 1.2)),
                      (cx + sx * (ch + 1.2), cy + sy * 1.6), (cx + sx * 15, cy + sy * 1.6)], 2.0)
    c.rect(with_alpha(AMBER, 255), (x + 13, y + 4.5, 4, 1.6), 0.8)


def button(c: Canvas, fill: Colour, edge: Colour, glow: float, pressed: bool,
           hi: int = 60, alpha: int = 240) -> None:
    x, y, w, h, ch = 3.0, 3.0, 90.0, 42.0, 6.0
    body = chamfer_rect(x, y, w, h, ch)
    if glow:
        c.glow(edge, 3.0, lambda L: L.poly(WHITE, body, 2), strength=glow)
    c.poly(with_alpha(fill, alpha), body)
    # highlight in the top band and shade in the bottom band (both inside 16-px corners)
    top_band = [(x + ch, y + 1.5), (x + w - ch, y + 1.5), (x + w - 1.5, y + ch),
                (x + w - 1.5, y + 7), (x + 1.5, y + 7), (x + 1.5, y + ch)]
    bot_band = [(x + 1.5, y + h - 5), (x + w - 1.5, y + h - 5), (x + w - 1.5, y + h - ch),
                (x + w - ch, y + h - 1.5), (x + ch, y + h - 1.5), (x + 1.5, y + h - ch)]
    light, dark = with_alpha(WHITE, hi), with_alpha((0, 0, 0), 60)
    c.poly(dark if pressed else light, top_band)
    c.poly(light if pressed else dark, bot_band)
    # a thin inner keyline just inside the edge
    c.poly(with_alpha(lerp(edge, WHITE, 0.3), 70), chamfer_rect(x + 3, y + 3, w - 6, h - 6,
                                                                  ch - 1.2), 0.7)
    c.poly(with_alpha(edge, 255), body, 1.6)


@sprite("button")
def draw_button(c: Canvas, rng: random.Random) -> None:
    """Button 9-slice (corners 16): teal-navy plate with a sky edge."""
    button(c, (18, 44, 66), (86, 180, 233), 0.0, False, hi=22)


@sprite("button_hover")
def draw_button_hover(c: Canvas, rng: random.Random) -> None:
    """Hovered button: brighter plate, bright edge and an outer glow."""
    button(c, (28, 72, 100), (160, 236, 255), 1.0, False, hi=36)


@sprite("button_down")
def draw_button_down(c: Canvas, rng: random.Random) -> None:
    """Pressed button: dark sunken plate (shading inverted) with an amber edge."""
    button(c, (8, 22, 34), (240, 168, 40), 0.5, True, hi=18)


@sprite("button_disabled")
def draw_button_disabled(c: Canvas, rng: random.Random) -> None:
    """Disabled button: flat grey, dim edge, half transparent."""
    button(c, (34, 38, 46), (84, 92, 104), 0.0, False, hi=10, alpha=170)


@sprite("arrow")
def draw_arrow(c: Canvas, rng: random.Random) -> None:
    """Direction arrow pointing east: white-cyan chevron arrow with glow."""
    pts = [(8, 25), (34, 25), (34, 13), (57, 32), (34, 51), (34, 39), (8, 39)]
    c.glow(CYAN, 4, lambda L: L.poly(WHITE, pts), strength=1.2)
    c.poly(OUTLINE, pts, 3.2)
    c.gradient_fill(lambda L: L.poly(WHITE, pts), (240, 252, 255), (110, 200, 235), (13, 51))
    c.stroke(with_alpha(WHITE, 200), [(9.5, 26.5), (35.5, 26.5), (35.5, 16.5)], 1.0)


# ---------------------------------------------------------------------------------------
# icons


LINE_ICON = (214, 244, 255)
TRACK_ICON = (255, 214, 140)


def line_icon(c: Canvas, col: Colour, glow_col: Colour, draw: Callable[[Canvas], None],
              glow: float = 2.0) -> None:
    """Console line icon: dark outline, soft glow, bright strokes."""
    shape = c.layer(draw)
    c.glow(glow_col, glow, draw, strength=1.0)
    mask = pygame.mask.from_surface(shape.surf, 8)
    # a dark keyline around the strokes keeps the icon legible on light areas too
    keyline = mask.to_surface(setcolor=with_alpha(OUTLINE, 200), unsetcolor=(0, 0, 0, 0))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        c.surf.blit(keyline, (dx * c.k * 0.7, dy * c.k * 0.7))
    tint = mask.to_surface(setcolor=with_alpha(col, 255), unsetcolor=(0, 0, 0, 0))
    c.surf.blit(tint, (0, 0))


@sprite("icon_direction")
def draw_icon_direction(c: Canvas, rng: random.Random) -> None:
    """Direction reading: a hexagon with an arrow leaving through one side."""
    def d(L: Canvas) -> None:
        L.stroke(WHITE, hex_points(24, 24, 18), 2.6, closed=True)
        L.line(WHITE, (24, 24), (35, 17.6), 3.2)
        tip = (40.5, 14.4)
        L.poly(WHITE, [tip, (30.8, 14.2), (36.2, 23.6)])
        L.circle(WHITE, (24, 24), 3.2)
    line_icon(c, LINE_ICON, SKY, d)


@sprite("icon_environment")
def draw_icon_environment(c: Canvas, rng: random.Random) -> None:
    """Environment reading: a planet disc with mountains on its horizon."""
    def d(L: Canvas) -> None:
        L.circle(WHITE, (24, 24), 18, 2.6)
        L.stroke(WHITE, [(8.5, 31), (16, 20), (21, 27), (28, 15), (39.5, 31)], 2.6)
        L.line(WHITE, (9, 31.5), (39, 31.5), 2.6)
        L.circle(WHITE, (33, 14.5), 2.6)
    line_icon(c, LINE_ICON, SKY, d)


@sprite("icon_sabotage")
def draw_icon_sabotage(c: Canvas, rng: random.Random) -> None:
    """Sabotage reading: a bomb with a lit fuse."""
    def d(L: Canvas) -> None:
        L.circle(WHITE, (21, 28), 13, 2.8)
        L.rect(WHITE, (26, 11.5, 8, 6), 1.2)
        L.stroke(WHITE, arc_points(38, 14, 6, 5, 180, 300, 16), 2.2)
        L.poly(WHITE, star(42, 8.5, 5, 1.6, 4, -90))
        L.arc(WHITE, (21, 28), 8, 200, 250, 2.0)
    line_icon(c, LINE_ICON, AMBER, d)


@sprite("icon_stec")
def draw_icon_stec(c: Canvas, rng: random.Random) -> None:
    """STEC engine reading: a tilted drive ring around a core, with speed lines."""
    def d(L: Canvas) -> None:
        ring = rotate_pts(arc_points(28, 24, 13, 18, 0, 360, 72), 28, 24, -20)
        L.stroke(WHITE, ring, 2.6, closed=True)
        L.circle(WHITE, (28, 24), 4.5)
        for y, x0 in ((16, 4), (24, 2), (32, 4)):
            L.line(WHITE, (x0, y), (x0 + 9, y), 2.4)
    line_icon(c, LINE_ICON, SKY, d)


@sprite("icon_timeline")
def draw_icon_timeline(c: Canvas, rng: random.Random) -> None:
    """Timeline reading: a time line that forks into three branches."""
    def d(L: Canvas) -> None:
        L.line(WHITE, (5, 24), (22, 24), 2.6)
        L.circle(WHITE, (22, 24), 3.6)
        for y in (11, 24, 37):
            L.stroke(WHITE, [(22, 24), (31, y), (38, y)], 2.4)
            L.poly(WHITE, [(44, y), (37, y - 4.4), (37, y + 4.4)])
        L.circle(WHITE, (7, 24), 2.8)
    line_icon(c, LINE_ICON, SKY, d)


@sprite("icon_event")
def draw_icon_event(c: Canvas, rng: random.Random) -> None:
    """Event: a warning triangle with an exclamation mark."""
    def d(L: Canvas) -> None:
        tri = [(24, 6), (43, 40), (5, 40)]
        L.stroke(WHITE, tri, 2.8, closed=True)
        L.poly(WHITE, [(22, 17), (26, 17), (25, 30), (23, 30)])
        L.circle(WHITE, (24, 34.5), 2.2)
    line_icon(c, LINE_ICON, AMBER, d)


@sprite("icon_supplies")
def draw_icon_supplies(c: Canvas, rng: random.Random) -> None:
    """Supplies track: a braced cargo crate."""
    line_icon(c, TRACK_ICON, AMBER, lambda L: sym_crate(L, 20, 21, 14, WHITE, 2.4))


@sprite("icon_leadership")
def draw_icon_leadership(c: Canvas, rng: random.Random) -> None:
    """Leadership track: a star over two rank chevrons."""
    def d(L: Canvas) -> None:
        sym_star(L, 20, 11.5, 8.5, WHITE)
        sym_chevrons(L, 20, 27, 12, WHITE, 3.0)
    line_icon(c, TRACK_ICON, AMBER, d)


@sprite("icon_infiltration")
def draw_icon_infiltration(c: Canvas, rng: random.Random) -> None:
    """Infiltration track: a saboteur's domino mask."""
    def d(L: Canvas) -> None:
        mask = [(3, 15), (12, 12.5), (20, 15), (28, 12.5), (37, 15), (35, 24), (27, 28.5),
                (20, 24.5), (13, 28.5), (5, 24)]
        L.poly(WHITE, mask)
        hole = L.blank()
        hole.ellipse(WHITE, (12.5, 20), 4.2, 2.8)
        hole.ellipse(WHITE, (27.5, 20), 4.2, 2.8)
        L.surf.blit(hole.surf, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    line_icon(c, TRACK_ICON, AMBER, d)


@sprite("icon_diplomatic")
def draw_icon_diplomatic(c: Canvas, rng: random.Random) -> None:
    """Diplomatic track: two linked rings (an alliance)."""
    def d(L: Canvas) -> None:
        L.circle(WHITE, (14, 20), 10, 2.8)
        L.circle(WHITE, (26, 20), 10, 2.8)
    line_icon(c, TRACK_ICON, AMBER, d)


@sprite("icon_research")
def draw_icon_research(c: Canvas, rng: random.Random) -> None:
    """Research track: an atom."""
    line_icon(c, TRACK_ICON, AMBER, lambda L: sym_atom(L, 20, 20, 16, WHITE, 2.0))


@sprite("icon_time")
def draw_icon_time(c: Canvas, rng: random.Random) -> None:
    """Time track: an hourglass."""
    line_icon(c, TRACK_ICON, AMBER, lambda L: sym_hourglass(L, 20, 20, 15, WHITE, 2.4))


def medallion(c: Canvas, outline: Sequence[Point], col: Colour) -> None:
    c.shadow(lambda L: L.poly(WHITE, outline), offset=(0, 2), radius=2.5, alpha=160)
    c.glow(col, 3.5, lambda L: L.poly(WHITE, outline), strength=0.7)
    c.poly(OUTLINE, outline, 3.4)
    c.gradient_fill(lambda L: L.poly(WHITE, outline), lerp(col, WHITE, 0.35), lerp(col, DEEP, 0.45),
                    (4, 68))
    inner = [(36 + (x - 36) * 0.8, 36 + (y - 36) * 0.8) for x, y in outline]
    c.poly(OUTLINE, inner, 2.0)
    c.gradient_fill(lambda L: L.poly(WHITE, inner), (26, 36, 58), (8, 12, 24), (10, 62))


def ngon(n: int, r: float, start: float = -90.0) -> list[Point]:
    return regular(36, 36, r, n, start)


@sprite("portrait_social")
def draw_portrait_social(c: Canvas, rng: random.Random) -> None:
    """Social sciences insignia: round medallion (purple) with two speech bubbles."""
    col = (204, 121, 167)
    medallion(c, ngon(60, 32), col)
    ink = lerp(col, WHITE, 0.55)
    c.rect(ink, (15, 20, 26, 17), 5)
    c.poly(ink, [(20, 36), (19, 44), (28, 36)])
    c.rect(lerp(col, WHITE, 0.2), (31, 31, 26, 17), 5)
    c.poly(lerp(col, WHITE, 0.2), [(52, 47), (53, 55), (44, 47)])
    for x in (38, 44, 50):
        c.circle((20, 24, 40), (x, 39.5), 1.9)


@sprite("portrait_theoretical")
def draw_portrait_theoretical(c: Canvas, rng: random.Random) -> None:
    """Theoretical sciences insignia: hexagon medallion (yellow) with a double helix and orbit."""
    col = (240, 228, 66)
    medallion(c, ngon(6, 33, -90), col)
    ink = lerp(col, WHITE, 0.45)
    n = 60
    ys = [15 + 42 * i / n for i in range(n + 1)]
    a = [(36 + 9 * math.sin(2 * math.pi * 1.25 * i / n), y) for i, y in enumerate(ys)]
    b = [(36 - 9 * math.sin(2 * math.pi * 1.25 * i / n), y) for i, y in enumerate(ys)]
    for i in range(4, n, 6):
        c.line(lerp(col, DEEP, 0.15), a[i], b[i], 1.8)
    # draw each strand in front/back halves so they appear to wind
    c.stroke(lerp(col, DEEP, 0.1), b, 3.0)
    c.stroke(OUTLINE, a, 4.4)
    c.stroke(ink, a, 3.0)


@sprite("portrait_applied")
def draw_portrait_applied(c: Canvas, rng: random.Random) -> None:
    """Applied sciences insignia: diamond medallion (green) with a rocket over a horizon."""
    col = (0, 158, 115)
    medallion(c, ngon(4, 34, -90), col)
    ink = lerp(col, WHITE, 0.6)
    c.arc(lerp(col, WHITE, 0.25), (36, 70), 26, 240, 300, 2.2)
    body = [(36, 14), (41, 23), (41, 40), (31, 40), (31, 23)]
    c.poly(ink, body)
    c.poly(lerp(col, WHITE, 0.3), [(31, 32), (25, 42), (31, 40)])
    c.poly(lerp(col, WHITE, 0.3), [(41, 32), (47, 42), (41, 40)])
    c.circle((20, 40, 40), (36, 27), 2.6)
    c.glow(AMBER, 2, lambda L: L.poly(WHITE, [(32.5, 41), (39.5, 41), (36, 50)]))
    c.poly((255, 214, 120), [(32.5, 41), (39.5, 41), (36, 49)])


@sprite("portrait_security")
def draw_portrait_security(c: Canvas, rng: random.Random) -> None:
    """Security operations insignia: shield medallion (orange) with a star."""
    col = (230, 159, 0)
    shield = [(36, 4), (64, 12), (62, 38), (52, 56), (36, 68), (20, 56), (10, 38), (8, 12)]
    c.shadow(lambda L: L.poly(WHITE, shield), offset=(0, 2), radius=2.5, alpha=160)
    c.glow(col, 3.5, lambda L: L.poly(WHITE, shield), strength=0.7)
    c.poly(OUTLINE, shield, 3.4)
    c.gradient_fill(lambda L: L.poly(WHITE, shield), lerp(col, WHITE, 0.35), lerp(col, DEEP, 0.45),
                    (4, 68))
    inner = [(36 + (x - 36) * 0.8, 36 + (y - 36) * 0.8) for x, y in shield]
    c.poly(OUTLINE, inner, 2.0)
    c.gradient_fill(lambda L: L.poly(WHITE, inner), (26, 36, 58), (8, 12, 24), (10, 62))
    c.poly(lerp(col, WHITE, 0.45), star(36, 33, 15, 6.2, 5))
    c.line(lerp(col, WHITE, 0.2), (24, 52), (48, 52), 2.0)


def speaker(L: Canvas) -> None:
    L.poly(WHITE, [(4, 12), (10, 12), (17, 6), (17, 26), (10, 20), (4, 20)])


@sprite("icon_sound_on")
def draw_icon_sound_on(c: Canvas, rng: random.Random) -> None:
    """Sound on: a speaker with two sound waves."""
    def d(L: Canvas) -> None:
        speaker(L)
        L.arc(WHITE, (17, 16), 6, -45, 45, 2.2)
        L.arc(WHITE, (17, 16), 11, -50, 50, 2.2)
    line_icon(c, LINE_ICON, SKY, d, glow=1.5)


@sprite("icon_sound_off")
def draw_icon_sound_off(c: Canvas, rng: random.Random) -> None:
    """Sound off: a speaker with a cross."""
    def d(L: Canvas) -> None:
        speaker(L)
        L.line(WHITE, (21, 11), (29, 21), 2.4)
        L.line(WHITE, (29, 11), (21, 21), 2.4)
    line_icon(c, (170, 180, 196), (90, 100, 120), d, glow=1.2)


def logo(c: Canvas, title: str, col: Colour, glow_col: Colour, sub: str) -> None:
    W, H = c.w, c.h
    text = c.layer(lambda L: L.text(title, (W / 2, 76), 92, WHITE, spacing=7))
    c.glow(glow_col, 10, lambda L: L.paste(text), strength=1.2)
    shadow = text.surf.copy()
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    c.surf.blit(shadow, c.P((0.0, 3.0)))
    grad = c.blank()
    grad.gradient_fill(lambda L: L.rect(WHITE, (0, 0, W, H)), lerp(col, WHITE, 0.85), col,
                       (50, 102))
    text.surf.blit(grad.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(text)
    # rules and subtitle
    width = c.text(sub, (W / 2, 125), 20, lerp(col, WHITE, 0.5), spacing=3)
    x0, x1 = W / 2 - width / 2 - 14, W / 2 + width / 2 + 14
    for a, b in (((40, 124), (x0, 124)), ((x1, 124), (560, 124))):
        c.glow(glow_col, 3, lambda L, a=a, b=b: L.line(WHITE, a, b, 1.2), strength=0.8)
        c.line(with_alpha(lerp(glow_col, WHITE, 0.5), 230), a, b, 1.4)
    for x in (36, 564):
        c.poly(lerp(glow_col, WHITE, 0.4), [(x, 120), (x + 4, 124), (x, 128), (x - 4, 124)])


@sprite("logo_herald", ss=2)
def draw_logo_herald(c: Canvas, rng: random.Random) -> None:
    """Title art for The Herald: glowing cyan lettering, an orbit swoosh and a star."""
    c.glow(SKY, 4, lambda L: L.stroke(WHITE, rotate_pts(arc_points(300, 78, 290, 44, 195, 345, 80),
                                                         300, 78, -4), 2.0), strength=0.8)
    c.stroke(with_alpha((150, 220, 250), 200),
             rotate_pts(arc_points(300, 78, 290, 44, 195, 345, 80), 300, 78, -4), 1.4)
    logo(c, "THE HERALD", (110, 200, 240), SKY, "SOLITAIRE  DEEP  SPACE  COMMAND")
    p = (574.0, 40.0)
    c.glow(WHITE, 6, lambda L: L.circle(WHITE, p, 3), strength=1.2)
    c.poly(WHITE, star(p[0], p[1], 13, 1.4, 4))


@sprite("logo_artifact", ss=2)
def draw_logo_artifact(c: Canvas, rng: random.Random) -> None:
    """Title art for The Artifact: amber lettering over a deck grid, a faceted artifact."""
    grid = c.blank()
    for x in range(20, 600, 20):
        grid.line(with_alpha((240, 168, 40), 40), (x, 18), (x, 112), 0.6)
    for y in range(18, 113, 20):
        grid.line(with_alpha((240, 168, 40), 40), (20, y), (580, y), 0.6)
    grid.clip(lambda L: L.ellipse(WHITE, (300, 66), 290, 56))
    c.paste(grid)
    logo(c, "THE ARTIFACT", (250, 190, 80), ORANGE, "TACTICS  ABOARD  THE  U.S.S.  FEYNMAN")


# ---------------------------------------------------------------------------------------
# The Artifact: counters, markers, badges, map textures


def counter_base(c: Canvas) -> None:
    x, y, s, r = 4.0, 4.0, 56.0, 12.0
    c.shadow(lambda L: L.rect(WHITE, (x, y, s, s), r), offset=(0.5, 2.0), radius=2.0, alpha=170)
    c.rect(OUTLINE, (x - 1.4, y - 1.4, s + 2.8, s + 2.8), r + 1.4)
    c.gradient_fill(lambda L: L.rect(WHITE, (x, y, s, s), r), (246, 248, 252), (196, 204, 216),
                    (y, y + s))
    c.rect(with_alpha(WHITE, 200), (x + 1.2, y + 1.2, s - 2.4, s - 2.4), r - 1, 1.0)
    c.rect((150, 160, 176), (x + 4.5, y + 4.5, s - 9, s - 9), r - 4, 0.9)


SYM = (40, 50, 70)
SYM_LIGHT = (214, 222, 234)


@sprite("counter_human")
def draw_counter_human(c: Canvas, rng: random.Random) -> None:
    """Human: a head and rounded shoulders."""
    counter_base(c)
    c.circle(SYM, (32, 23), 8.5)
    body = c.layer(lambda L: L.ellipse(WHITE, (32, 50), 17, 14))
    body.clip(lambda L: L.rect(WHITE, (10, 34, 44, 17.5)))
    body.surf.fill((*SYM, 255), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(body)


@sprite("counter_robot")
def draw_counter_robot(c: Canvas, rng: random.Random) -> None:
    """Robot: a boxy head with antenna, square eyes and a grille, on square shoulders."""
    counter_base(c)
    c.line(SYM, (32, 10), (32, 16), 2.0)
    c.circle(SYM, (32, 10), 2.6)
    c.rect(SYM, (19, 15, 26, 20), 3)
    c.rect(SYM_LIGHT, (23, 20, 6, 5.5), 1)
    c.rect(SYM_LIGHT, (35, 20, 6, 5.5), 1)
    for x in (25, 29, 33, 37):
        c.line(SYM_LIGHT, (x + 0.5, 29), (x + 0.5, 32), 1.4)
    c.rect(SYM, (14, 38, 36, 13.5), 2)
    c.rect(SYM, (28, 34, 8, 5))
    c.circle(SYM_LIGHT, (24, 44.5), 2)
    c.rect(SYM_LIGHT, (31, 42.5, 12, 4), 1)


@sprite("counter_android")
def draw_counter_android(c: Canvas, rng: random.Random) -> None:
    """Android: a smooth head with a glowing visor band and angular shoulders."""
    counter_base(c)
    c.ellipse(SYM, (32, 23), 8.5, 10.5)
    c.rect(SYM_LIGHT, (23, 20.5, 18, 4), 2)
    c.line(SYM, (32, 32), (32, 36), 4)
    c.poly(SYM, [(18, 51.5), (21, 38), (28, 35), (36, 35), (43, 38), (46, 51.5)])
    c.stroke(SYM_LIGHT, [(27, 51), (27, 44), (32, 40), (37, 44), (37, 51)], 1.4, round_caps=False)
    c.circle(SYM_LIGHT, (32, 40), 1.8)


@sprite("counter_alien")
def draw_counter_alien(c: Canvas, rng: random.Random) -> None:
    """Alien: a tall bulbous head with large slanted eyes on a thin neck."""
    counter_base(c)
    head = [(32, 9), (41, 12), (45, 20), (43, 30), (37, 40), (32, 43), (27, 40), (21, 30),
            (19, 20), (23, 12)]
    c.poly(SYM, head)
    c.stroke(SYM, head, 2, closed=True)
    for sx in (-1, 1):
        eye = rotate_pts(arc_points(32 + sx * 6, 27, 5.2, 2.6, 0, 360, 40), 32 + sx * 6, 27,
                         -sx * 30)
        c.poly(SYM_LIGHT, eye)
    c.rect(SYM, (29.5, 42, 5, 6))
    c.ellipse(SYM, (32, 52), 10, 4.5)


@sprite("counter_item")
def draw_counter_item(c: Canvas, rng: random.Random) -> None:
    """Item: an equipment case seen in three-quarter view."""
    counter_base(c)
    front = [(16, 27), (40, 27), (40, 49), (16, 49)]
    top = [(16, 27), (24, 19), (48, 19), (40, 27)]
    side = [(40, 27), (48, 19), (48, 41), (40, 49)]
    c.poly(SYM, top)
    c.poly(lerp(SYM, (0, 0, 0), 0.3), side)
    c.poly(lerp(SYM, WHITE, 0.12), front)
    c.rect(SYM_LIGHT, (24, 33, 8, 3), 1)
    c.line(SYM_LIGHT, (16.5, 40), (39.5, 40), 1.0)
    c.stroke(SYM, [(25, 21), (27, 15.5), (37, 15.5), (39, 21)], 2.2)


@sprite("counter_artifact")
def draw_counter_artifact(c: Canvas, rng: random.Random) -> None:
    """The Artifact: a faceted octahedron with pulse rings."""
    counter_base(c)
    cx, cy = 32, 32
    for r in (19, 23):
        c.arc(with_alpha(SYM, 150), (cx, cy), r, 200, 340, 1.0)
        c.arc(with_alpha(SYM, 150), (cx, cy), r, 20, 160, 1.0)
    top, bot, left, right, mid = (cx, 12), (cx, 52), (cx - 13, cy), (cx + 13, cy), (cx + 3, cy + 3)
    c.poly(SYM, [top, left, mid])
    c.poly(lerp(SYM, WHITE, 0.25), [top, right, mid])
    c.poly(lerp(SYM, (0, 0, 0), 0.25), [bot, left, mid])
    c.poly(lerp(SYM, WHITE, 0.1), [bot, right, mid])
    c.stroke(SYM_LIGHT, [left, mid, right], 0.8)
    c.line(SYM_LIGHT, top, mid, 0.8)
    c.line(SYM_LIGHT, mid, bot, 0.8)


# Character portraits: one per counter name (``CHARACTER_ICONS`` in game/ui/assets.py). Each
# keeps the counter's light plate and dark figure, and is told apart by its outline at a
# glance (headgear, hair, build, a robot's tools) with a light emblem on the chest.

HEAD = (32.0, 24.0)


def bust(c: Canvas, head_r: float = 8.0, width: float = 17.0, head: Point = HEAD) -> None:
    """A head and rounded shoulders (the human counter's figure), sized per character."""
    c.circle(SYM, head, head_r)
    body = c.layer(lambda L: L.ellipse(WHITE, (32, 51), width, 14))
    body.clip(lambda L: L.rect(WHITE, (8, 35, 48, 16.5)))
    body.surf.fill((*SYM, 255), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(body)


def eyes(c: Canvas, y: float = 25.0, gap: float = 3.4, r: float = 1.3) -> None:
    for sx in (-1, 1):
        c.circle(SYM_LIGHT, (32 + sx * gap, y), r)


def emblem_cross(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.2) -> None:
    c.rect(SYM_LIGHT, (cx - s * 0.35, cy - s, s * 0.7, 2 * s))
    c.rect(SYM_LIGHT, (cx - s, cy - s * 0.35, 2 * s, s * 0.7))


def emblem_star(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.6) -> None:
    c.poly(SYM_LIGHT, star(cx, cy, s, s * 0.42, 5))


def emblem_wrench(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.6) -> None:
    a, b = (cx - s, cy + s), (cx + s * 0.55, cy - s * 0.55)
    c.line(SYM_LIGHT, a, b, 1.8)
    c.circle(SYM_LIGHT, (cx + s * 0.7, cy - s * 0.7), s * 0.5)
    c.circle(SYM, (cx + s * 0.95, cy - s * 0.95), s * 0.28)


def emblem_bolt(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.8) -> None:
    c.poly(SYM_LIGHT, [(cx + s * 0.3, cy - s), (cx - s * 0.55, cy + s * 0.15),
                       (cx - s * 0.02, cy + s * 0.15), (cx - s * 0.3, cy + s),
                       (cx + s * 0.55, cy - s * 0.15), (cx + s * 0.02, cy - s * 0.15)])


def emblem_flame(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.8) -> None:
    c.poly(SYM_LIGHT, [(cx, cy - s), (cx + s * 0.6, cy - s * 0.05), (cx + s * 0.45, cy + s * 0.7),
                       (cx, cy + s), (cx - s * 0.45, cy + s * 0.7), (cx - s * 0.6, cy),
                       (cx - s * 0.25, cy - s * 0.3)])
    c.circle(SYM, (cx, cy + s * 0.45), s * 0.3)


def emblem_bell(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.6) -> None:
    c.poly(SYM_LIGHT, [(cx - s * 0.5, cy - s * 0.6), (cx + s * 0.5, cy - s * 0.6),
                       (cx + s * 0.75, cy + s * 0.5), (cx + s, cy + s * 0.7),
                       (cx - s, cy + s * 0.7), (cx - s * 0.75, cy + s * 0.5)])
    c.circle(SYM_LIGHT, (cx, cy - s * 0.6), s * 0.5)
    c.circle(SYM_LIGHT, (cx, cy + s * 0.95), s * 0.3)


def emblem_diamond(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.4) -> None:
    c.poly(SYM_LIGHT, [(cx, cy - s), (cx + s * 0.8, cy), (cx, cy + s), (cx - s * 0.8, cy)])


def emblem_flask(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.8) -> None:
    n, w = s * 0.25, s * 0.9
    c.poly(SYM_LIGHT, [(cx - n, cy - s), (cx + n, cy - s), (cx + n, cy - s * 0.2),
                       (cx + w, cy + s), (cx - w, cy + s), (cx - n, cy - s * 0.2)])


def emblem_wings(c: Canvas, cx: float = 32, cy: float = 42.5, s: float = 6.0) -> None:
    for sx in (-1, 1):
        c.poly(SYM_LIGHT, [(cx, cy - 1), (cx + sx * s, cy - 2.6), (cx + sx * s * 0.8, cy),
                           (cx + sx * s * 0.55, cy + 1.6), (cx, cy + 1.6)])
    c.circle(SYM_LIGHT, (cx, cy), 1.8)


def emblem_bars(c: Canvas, cx: float = 32, cy: float = 43) -> None:
    for dy in (-2.4, 1.4):
        c.rect(SYM_LIGHT, (cx - 5, cy + dy, 10, 2.0), 0.8)


def emblem_code(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.0) -> None:
    c.stroke(SYM_LIGHT, [(cx - s * 0.5, cy - s), (cx - s * 1.3, cy), (cx - s * 0.5, cy + s)], 1.5)
    c.stroke(SYM_LIGHT, [(cx + s * 0.5, cy - s), (cx + s * 1.3, cy), (cx + s * 0.5, cy + s)], 1.5)


def emblem_crossbones(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.2) -> None:
    for sx in (-1, 1):
        c.line(SYM_LIGHT, (cx - s * sx, cy - s), (cx + s * sx, cy + s), 1.6)
        for end in (-1, 1):
            c.circle(SYM_LIGHT, (cx + end * s * sx, cy + end * s), 1.2)


def emblem_chip(c: Canvas, cx: float = 32, cy: float = 43, s: float = 3.4) -> None:
    c.rect(SYM_LIGHT, (cx - s, cy - s, 2 * s, 2 * s), 0.8)
    for k in (-0.5, 0.5):
        for sx in (-1, 1):
            y = cy + k * s * 1.2
            c.line(SYM_LIGHT, (cx + sx * s, y), (cx + sx * (s + 2), y), 0.9)
    c.rect(SYM, (cx - s * 0.45, cy - s * 0.45, s * 0.9, s * 0.9))


def emblem_gear(c: Canvas, cx: float = 32, cy: float = 43, s: float = 4.4) -> None:
    c.poly(SYM_LIGHT, star(cx, cy, s, s * 0.72, 8))
    c.circle(SYM, (cx, cy), s * 0.35)


@sprite("char_eastwood")
def draw_char_eastwood(c: Canvas, rng: random.Random) -> None:
    """Capt. Eastwood: a peaked captain's cap with a star, a full beard, a star on the chest."""
    counter_base(c)
    bust(c, 8.2, 18)
    c.ellipse(SYM, (32, 29.5), 7.6, 5.2)  # beard
    c.poly(SYM, [(21, 18.5), (43, 18.5), (40, 10), (32, 7.5), (24, 10)])  # cap crown
    c.rect(SYM, (19.5, 17.5, 25, 3.2), 1.2)  # peak
    c.rect(SYM_LIGHT, (22, 15.2, 20, 1.4))
    c.poly(SYM_LIGHT, star(32, 11.6, 2.8, 1.2, 5))
    eyes(c, 23.5)
    emblem_star(c)


@sprite("char_pirate")
def draw_char_pirate(c: Canvas, rng: random.Random) -> None:
    """Pirate (Lichter's counter): a knotted bandana, an eye patch, crossed bones."""
    counter_base(c)
    bust(c, 8.2)
    c.poly(SYM, [(23.5, 21), (24, 15), (29, 13.2), (36, 13.2), (41, 16), (41.5, 21)])
    c.rect(SYM_LIGHT, (23.2, 18, 18.6, 1.3))
    c.poly(SYM, [(40, 17), (47, 14), (46, 20)])
    c.poly(SYM, [(40.5, 18.5), (48, 21), (44.5, 24.5)])
    c.line(SYM_LIGHT, (24.2, 21.5), (40, 28.5), 0.9)
    c.circle(SYM_LIGHT, (28.6, 25), 1.3)
    c.circle(SYM_LIGHT, (35.6, 25.2), 2.3)
    c.circle(SYM, (35.6, 25.2), 1.5)
    emblem_crossbones(c)


@sprite("char_hernandez")
def draw_char_hernandez(c: Canvas, rng: random.Random) -> None:
    """Hernandez: cropped hair with a side parting and a medic's cross on the chest."""
    counter_base(c)
    bust(c, 8.0)
    c.poly(SYM, [(23.5, 22), (24, 16), (29, 13.5), (37, 14), (41, 17.5), (40.8, 22),
                 (37, 18.5), (30, 18.8)])
    c.line(SYM_LIGHT, (28, 17.2), (31.5, 15.2), 0.8)
    eyes(c)
    c.rect(SYM_LIGHT, (29.5, 28.6, 5, 1.0), 0.5)
    c.circle(SYM_LIGHT, (32, 43), 6.4)
    c.rect(SYM, (30.5, 38.6, 3, 8.8))
    c.rect(SYM, (27.6, 41.5, 8.8, 3))


@sprite("char_kyoshi")
def draw_char_kyoshi(c: Canvas, rng: random.Random) -> None:
    """Kyoshi: a topknot, a light headband with trailing ties, a diamond on the chest."""
    counter_base(c)
    bust(c, 8.0, 18.5)
    c.circle(SYM, (32, 12.5), 4.2)
    c.rect(SYM, (30.3, 14, 3.4, 4))
    c.rect(SYM_LIGHT, (23.6, 19.6, 16.8, 2.4), 1)
    c.stroke(SYM_LIGHT, [(24, 21), (18.5, 24), (16.5, 29)], 1.4)
    c.stroke(SYM_LIGHT, [(24, 21.5), (20, 27), (19.5, 31)], 1.2)
    eyes(c, 25.5, 3.3, 1.1)
    emblem_diamond(c)


@sprite("char_mendez")
def draw_char_mendez(c: Canvas, rng: random.Random) -> None:
    """Mendez: curly hair with goggles pushed up on it, a plasma flame on the chest."""
    counter_base(c)
    bust(c, 8.0)
    for i in range(7):
        a = math.radians(200 + i * 23)
        c.circle(SYM, (32 + math.cos(a) * 8.2, 23 + math.sin(a) * 8.2), 3.0)
    c.rect(SYM_LIGHT, (22.5, 17.3, 19, 1.4))
    for sx in (-1, 1):
        c.circle(SYM_LIGHT, (32 + sx * 4.2, 18), 3.0)
        c.circle(SYM, (32 + sx * 4.2, 18), 1.8)
    eyes(c, 25.5)
    emblem_flame(c)


@sprite("char_colovisto")
def draw_char_colovisto(c: Canvas, rng: random.Random) -> None:
    """Colovisto: a welder's mask flipped up above the face, a spanner on the chest."""
    counter_base(c)
    bust(c, 8.0)
    c.poly(SYM, [(21.5, 17.5), (42.5, 17.5), (44, 6.5), (20, 6.5)])
    c.rect(SYM_LIGHT, (25, 9.5, 14, 4), 1)
    c.circle(SYM_LIGHT, (21.8, 18.5), 1.6)
    c.circle(SYM_LIGHT, (42.2, 18.5), 1.6)
    eyes(c)
    emblem_wrench(c)


@sprite("char_yee")
def draw_char_yee(c: Canvas, rng: random.Random) -> None:
    """Yee: a cap worn backwards, a long ponytail, a gear on the chest."""
    counter_base(c)
    bust(c, 8.0)
    c.poly(SYM, [(23.5, 21), (24, 15), (29, 12.8), (36, 12.8), (40.5, 15.5), (41, 21)])
    c.rect(SYM, (17, 16.5, 9, 3), 1.2)  # peak to the back (left)
    c.line(SYM_LIGHT, (24, 18.3), (40.5, 18.3), 1.0)
    c.stroke(SYM, [(40, 20), (45, 23), (46.5, 30), (45, 35)], 3.2)
    eyes(c, 25)
    emblem_gear(c)


@sprite("char_robertson")
def draw_char_robertson(c: Canvas, rng: random.Random) -> None:
    """Robertson: bald and broad, a thick jaw beard, two bars on the chest."""
    counter_base(c)
    bust(c, 8.6, 22)
    c.poly(SYM, [(23.8, 25), (26, 33.5), (32, 36), (38, 33.5), (40.2, 25)])
    c.arc(SYM_LIGHT, (32, 22), 5.5, 210, 250, 1.2)
    eyes(c, 23.5, 3.6, 1.3)
    c.rect(SYM_LIGHT, (29, 29.2, 6, 1.1), 0.5)
    emblem_bars(c)


@sprite("char_sarma")
def draw_char_sarma(c: Canvas, rng: random.Random) -> None:
    """Sarma: long hair to the shoulders, a data visor over the eyes, code brackets."""
    counter_base(c)
    c.poly(SYM, [(22.5, 24), (23.5, 16), (28, 13), (36, 13), (40.5, 16), (41.5, 24),
                 (43.5, 37), (20.5, 37)])
    bust(c, 7.8)
    c.rect(SYM_LIGHT, (23.5, 22.2, 17, 3.6), 1.5)
    c.rect(SYM, (26, 23.1, 4.5, 1.8))
    c.rect(SYM, (33.5, 23.1, 4.5, 1.8))
    emblem_code(c)


@sprite("char_orlov")
def draw_char_orlov(c: Canvas, rng: random.Random) -> None:
    """Orlov: a pilot's helmet with ear cups and goggles, pilot's wings on the chest."""
    counter_base(c)
    bust(c, 8.0)
    c.circle(SYM, (32, 22), 9.8)
    c.rect(SYM, (20, 22, 24, 6), 2)
    for sx in (-1, 1):
        c.ellipse(SYM_LIGHT, (32 + sx * 9.6, 24), 2.3, 3.6)
        c.ellipse(SYM, (32 + sx * 9.6, 24), 1.1, 2.2)
        c.circle(SYM_LIGHT, (32 + sx * 4, 16.5), 2.6)
        c.circle(SYM, (32 + sx * 4, 16.5), 1.5)
    c.rect(SYM_LIGHT, (22.5, 15.9, 19, 1.2))
    eyes(c, 24.8)
    emblem_wings(c)


@sprite("char_osorio")
def draw_char_osorio(c: Canvas, rng: random.Random) -> None:
    """Osorio: a lineman's hard hat with a lamp and its beam, a bell on the chest."""
    counter_base(c)
    bust(c, 8.0)
    c.poly(SYM, [(22.5, 19), (24, 12), (29, 8.5), (35, 8.5), (40, 12), (41.5, 19)])
    c.rect(SYM, (19, 17.5, 26, 3), 1.5)
    c.rect(SYM_LIGHT, (29, 11, 6, 3.4), 1.2)
    c.poly(with_alpha(SYM, 110), [(29, 11), (35, 11), (44, 5.5), (20, 5.5)])
    eyes(c, 25)
    emblem_bell(c)


@sprite("char_preuitt")
def draw_char_preuitt(c: Canvas, rng: random.Random) -> None:
    """Preuitt: a bob of hair, an operator's headset with a microphone, a chip."""
    counter_base(c)
    c.poly(SYM, [(22.5, 22), (24, 15), (29, 12.5), (35, 12.5), (40, 15), (41.5, 22),
                 (42, 30), (38, 30), (26, 30), (22, 30)])
    bust(c, 7.6)
    c.arc(SYM_LIGHT, (32, 22.5), 10, 200, 340, 1.3)
    c.ellipse(SYM_LIGHT, (41.8, 24), 2, 3)
    c.stroke(SYM_LIGHT, [(41.5, 26.5), (39.5, 30.5), (35, 31)], 1.1)
    c.circle(SYM_LIGHT, (34.5, 31), 1.3)
    eyes(c, 24.5, 3.2, 1.1)
    emblem_chip(c)


@sprite("char_mccray")
def draw_char_mccray(c: Canvas, rng: random.Random) -> None:
    """Dr. McCray: a wild shock of hair, round spectacles, a flask on the chest."""
    counter_base(c)
    bust(c, 8.0)
    tufts = [(20, 13), (25, 8), (31, 6.5), (37, 8), (43, 12.5), (45.5, 19), (18.5, 19.5)]
    for x, y in tufts:
        c.poly(SYM, [(32, 20), (x - 2.5, y + 2), (x, y), (x + 2.5, y + 2)])
    c.circle(SYM, (32, 17), 8.5)
    for sx in (-1, 1):
        c.circle(SYM_LIGHT, (32 + sx * 3.8, 24.5), 2.9, 0.9)
    c.line(SYM_LIGHT, (31, 24.5), (33, 24.5), 0.8)
    emblem_flask(c)


@sprite("char_slavin")
def draw_char_slavin(c: Canvas, rng: random.Random) -> None:
    """Slavin: a crested mohawk, a scar over one eye, a flight jacket, a lightning bolt."""
    counter_base(c)
    bust(c, 8.0)
    c.poly(SYM, [(29.5, 17), (28.5, 9), (31, 5), (33.5, 4.5), (35.5, 8), (34.5, 17)])
    eyes(c, 24.5)
    for sx in (-1, 1):  # a flight jacket's padded shoulders and open collar
        c.stroke(SYM_LIGHT, [(32 + sx * 6, 38), (32 + sx * 13, 39.5), (32 + sx * 16, 44)], 1.6)
    c.stroke(SYM_LIGHT, [(28, 35.5), (32, 40), (36, 35.5)], 1.3)
    c.line(SYM_LIGHT, (36.5, 19.5), (34, 29), 0.9)
    emblem_bolt(c)


@sprite("char_koch")
def draw_char_koch(c: Canvas, rng: random.Random) -> None:
    """Koch: an android with a fin-crested head, one visor slit and circuit lines."""
    counter_base(c)
    c.poly(SYM, [(32, 8), (36, 12), (33, 15), (31, 15), (28, 12)])
    c.ellipse(SYM, (32, 23), 8.2, 10)
    c.rect(SYM_LIGHT, (24, 21.5, 16, 2.6), 1.2)
    c.line(SYM_LIGHT, (32, 26.5), (32, 31), 0.8)
    c.line(SYM, (32, 32), (32, 36), 4)
    c.poly(SYM, [(17, 51.5), (20, 38), (28, 35), (36, 35), (44, 38), (47, 51.5)])
    c.stroke(SYM_LIGHT, [(24, 51), (24, 42), (28, 39)], 1.2, round_caps=False)
    c.stroke(SYM_LIGHT, [(40, 51), (40, 42), (36, 39)], 1.2, round_caps=False)
    c.circle(SYM_LIGHT, (28, 39), 1.5)
    c.circle(SYM_LIGHT, (36, 39), 1.5)
    c.rect(SYM_LIGHT, (30, 43, 4, 4), 0.8)


def robot_eye(c: Canvas, cx: float, cy: float, r: float) -> None:
    c.circle(SYM_LIGHT, (cx, cy), r)
    c.circle(SYM, (cx, cy), r * 0.5)


@sprite("char_recon_bot_bell")
def draw_char_recon_bot_bell(c: Canvas, rng: random.Random) -> None:
    """Bell reconbot: a flying drone, four rotors around a body with one camera eye."""
    counter_base(c)
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        px, py = 32 + sx * 13, 30 + sy * 11
        c.line(SYM, (32, 30), (px, py), 2.6)
        c.circle(SYM, (px, py), 2.4)
        c.ellipse(SYM, (px, py - 0.5), 7, 1.7)
    c.circle(SYM, (32, 30), 8)
    robot_eye(c, 32, 30, 4)
    c.circle(SYM_LIGHT, (32, 41.5), 1.1)


@sprite("char_recon_bot_mccray")
def draw_char_recon_bot_mccray(c: Canvas, rng: random.Random) -> None:
    """Sailmaker reconbot: a tracked crawler with a mast camera and a dish antenna."""
    counter_base(c)
    c.rect(SYM, (14, 40, 36, 11), 5.5)
    for x in (19.5, 26, 32, 38, 44.5):
        c.circle(SYM_LIGHT, (x, 45.5), 2)
    c.rect(SYM, (19, 31, 26, 9), 2)
    c.rect(SYM, (30.5, 17, 3, 15))
    c.rect(SYM, (24, 11, 16, 8), 2)
    robot_eye(c, 32, 15, 2.8)
    c.arc(SYM, (44, 23), 5, 120, 300, 2)
    c.line(SYM, (40.6, 26.5), (34, 28), 1.4)


@sprite("char_phone_bot")
def draw_char_phone_bot(c: Canvas, rng: random.Random) -> None:
    """Phone bot: a squat box whose face is a rotary dial, a handset across its top."""
    counter_base(c)
    c.rect(SYM, (16, 22, 32, 29), 4)
    c.circle(SYM_LIGHT, (32, 36), 10)
    c.circle(SYM, (32, 36), 8.4)
    for i in range(8):
        a = math.radians(-60 + i * 30)
        c.circle(SYM_LIGHT, (32 + math.cos(a) * 5.8, 36 + math.sin(a) * 5.8), 1.3)
    c.circle(SYM_LIGHT, (32, 36), 2)
    c.stroke(SYM, [(15, 16), (19, 11.5), (45, 11.5), (49, 16)], 3.2)
    c.ellipse(SYM, (16, 17), 4, 3)
    c.ellipse(SYM, (48, 17), 4, 3)


@sprite("char_acid_sprayer_bot")
def draw_char_acid_sprayer_bot(c: Canvas, rng: random.Random) -> None:
    """Acid sprayer bot: a tank on wheels with a spray nozzle and a falling drop."""
    counter_base(c)
    c.rect(SYM, (16, 18, 20, 28), 8)
    c.rect(SYM_LIGHT, (19.5, 24, 13, 2), 1)
    c.rect(SYM_LIGHT, (19.5, 29, 13, 2), 1)
    c.circle(SYM, (20, 49), 3.5)
    c.circle(SYM, (32, 49), 3.5)
    c.stroke(SYM, [(34, 28), (42, 24), (47, 24)], 3)
    c.poly(SYM, [(46, 21), (51, 19.5), (51, 28.5), (46, 27)])
    c.poly(SYM, [(48.5, 33), (51, 38.5), (48.5, 40.8), (46, 38.5)])
    c.circle(SYM, (48.5, 38.6), 2.4)


@sprite("char_handler_bot")
def draw_char_handler_bot(c: Canvas, rng: random.Random) -> None:
    """Specimen handler bot: a domed body with two long arms ending in pincers."""
    counter_base(c)
    c.rect(SYM, (22, 18, 20, 30), 6)
    c.rect(SYM_LIGHT, (25, 22, 14, 5), 2)
    for sx in (-1, 1):
        x0 = 32 + sx * 10
        c.stroke(SYM, [(x0, 30), (32 + sx * 17, 24), (32 + sx * 17, 14)], 2.6)
        c.stroke(SYM, [(32 + sx * 14, 9), (32 + sx * 17, 14), (32 + sx * 20, 9)], 2.2)
    c.rect(SYM, (20, 47, 24, 4), 1.5)


@sprite("char_tech_bot")
def draw_char_tech_bot(c: Canvas, rng: random.Random) -> None:
    """Tech bot: a gear for a head, a spanner arm raised, a toolbox body."""
    counter_base(c)
    c.poly(SYM, star(30, 17, 9, 6.8, 8))
    robot_eye(c, 30, 17, 3.2)
    c.rect(SYM, (18, 28, 24, 21), 2.5)
    c.rect(SYM_LIGHT, (21, 33, 18, 2))
    c.stroke(SYM, [(42, 38), (47, 31), (47, 20)], 2.6)
    c.circle(SYM, (47, 17), 4)
    c.rect((236, 240, 246), (45.6, 11, 2.8, 5))


@sprite("char_securi_bot")
def draw_char_securi_bot(c: Canvas, rng: random.Random) -> None:
    """Securi bot: a domed head under a beacon, a wide visor, a shield on its chest."""
    counter_base(c)
    c.rect(SYM, (30, 7, 4, 4), 1)
    c.poly(SYM, [(26.5, 12), (37.5, 12), (36, 8.5), (28, 8.5)])
    c.arc(SYM, (32, 10), 7.5, 160, 200, 1.2)
    c.arc(SYM, (32, 10), 7.5, -20, 20, 1.2)
    c.ellipse(SYM, (32, 22), 12, 10)
    c.rect(SYM, (20, 21, 24, 6))
    c.rect(SYM_LIGHT, (22, 20.5, 20, 3.4), 1.6)
    c.rect(SYM, (15, 31, 34, 20), 4)
    c.poly(SYM_LIGHT, [(26, 35), (38, 35), (38, 42), (32, 47), (26, 42)])
    c.poly(SYM, [(28.5, 37), (35.5, 37), (35.5, 41.5), (32, 44.5), (28.5, 41.5)])


@sprite("char_doc_bot")
def draw_char_doc_bot(c: Canvas, rng: random.Random) -> None:
    """Doc bot: a screen face showing a cross, a syringe arm, a round body."""
    counter_base(c)
    c.rect(SYM, (20, 10, 24, 18), 4)
    c.rect(SYM_LIGHT, (23, 13, 18, 12), 2)
    c.rect(SYM, (30.4, 14.5, 3.2, 9))
    c.rect(SYM, (27.5, 17.4, 9, 3.2))
    c.ellipse(SYM, (32, 41), 12, 10)
    c.rect(SYM, (28, 27, 8, 5))
    c.stroke(SYM, [(43, 38), (48, 32)], 2.4)
    c.rect(SYM, (45.5, 22, 5, 10), 1)
    c.rect(SYM_LIGHT, (46.8, 24, 2.4, 6))
    c.line(SYM, (48, 22), (48, 16), 1)


@sprite("char_zombie")
def draw_char_zombie(c: Canvas, rng: random.Random) -> None:
    """Space zombie: a lolling head, arms stretched out ahead, ragged shoulders."""
    counter_base(c)
    c.circle(SYM, (30, 22), 8.2)
    c.poly(SYM, [(13, 51.5), (15, 40), (22, 35), (40, 35), (47, 40), (50, 51.5), (46, 48),
                 (42, 51.5), (37, 47.5), (31, 51.5), (25, 47.5), (19, 51.5)])
    for y in (36, 42):
        c.stroke(SYM, [(41, y + 1), (51, y - 1), (55, y - 1)], 3.2)
    c.circle(SYM_LIGHT, (27, 21), 2.1)
    c.circle(SYM_LIGHT, (34, 22.5), 1.5)
    c.stroke(SYM_LIGHT, [(26, 27), (29, 26.5), (32, 27.5), (35, 27)], 0.9)
    for x in (27.5, 30, 32.5):
        c.line(SYM_LIGHT, (x, 25.6), (x, 28.5), 0.6)


@sprite("char_bug_alien")
def draw_char_bug_alien(c: Canvas, rng: random.Random) -> None:
    """Bug alien: an insect with feelers, mandibles, a segmented body and six legs."""
    counter_base(c)
    for sx in (-1, 1):
        c.stroke(SYM, [(32 + sx * 3, 12), (32 + sx * 7, 7), (32 + sx * 12, 7.5)], 1.4)
        for y, dx in ((30, 12), (37, 14), (44, 12)):
            c.stroke(SYM, [(32, y), (32 + sx * dx, y - 3), (32 + sx * (dx + 4), y + 3)], 1.8)
        c.stroke(SYM, [(32 + sx * 4, 20), (32 + sx * 6.5, 24), (32 + sx * 3, 26.5)], 1.8)
    c.ellipse(SYM, (32, 16.5), 6, 5.5)
    c.ellipse(SYM, (32, 30), 5.5, 5)
    c.ellipse(SYM, (32, 43), 8, 9)
    for sx in (-1, 1):
        c.ellipse(SYM_LIGHT, (32 + sx * 3, 15.5), 1.9, 2.6)
    c.line(SYM_LIGHT, (25, 41), (39, 41), 0.8)
    c.line(SYM_LIGHT, (25.5, 46), (38.5, 46), 0.8)


@sprite("facing_arrow")
def draw_facing_arrow(c: Canvas, rng: random.Random) -> None:
    """Facing arrow pointing north: a light notched wedge with a dark outline."""
    pts = [(32, 4), (52, 52), (32, 42), (12, 52)]
    c.shadow(lambda L: L.poly(WHITE, pts), offset=(0, 1.6), radius=1.6, alpha=150)
    c.poly(OUTLINE, pts, 3.0)
    c.gradient_fill(lambda L: L.poly(WHITE, pts), (255, 255, 255), (196, 204, 216), (4, 52))
    c.poly(with_alpha((150, 160, 176), 255), [(32, 4), (32, 42), (52, 52)])


def badge(c: Canvas, shape: Sequence[Point], fill: Colour) -> None:
    c.shadow(lambda L: L.poly(WHITE, shape), offset=(0, 1), radius=1, alpha=150)
    c.poly(OUTLINE, shape, 2.4)
    c.gradient_fill(lambda L: L.poly(WHITE, shape), lerp(fill, WHITE, 0.3), lerp(fill, DEEP, 0.2),
                    (2, 30))


def sg(n: int, r: float, start: float = -90.0) -> list[Point]:
    return regular(16, 16, r, n, start)


@sprite("status_light_wound")
def draw_status_light_wound(c: Canvas, rng: random.Random) -> None:
    """Light wound: yellow circle with one dark slash."""
    badge(c, sg(48, 13.5), (240, 214, 66))
    c.line((40, 30, 10), (10.5, 21.5), (21.5, 10.5), 3.2)


@sprite("status_down")
def draw_status_down(c: Canvas, rng: random.Random) -> None:
    """Down: orange downward triangle with a dark bar (lying down)."""
    badge(c, [(2.5, 5), (29.5, 5), (16, 29)], (230, 150, 30))
    c.rect((40, 20, 0), (9, 10.5, 14, 4), 1.5)


@sprite("status_ko")
def draw_status_ko(c: Canvas, rng: random.Random) -> None:
    """Knocked out: purple square tilted 45 degrees with a white spiral."""
    badge(c, sg(4, 15, -90), (170, 110, 230))
    pts = [(16 + (0.6 + t * 0.55) * math.cos(t * 1.1), 16 + (0.6 + t * 0.55) * math.sin(t * 1.1))
           for t in [i * 0.25 for i in range(50)]]
    c.stroke((255, 255, 255), pts, 1.7)


@sprite("status_suit")
def draw_status_suit(c: Canvas, rng: random.Random) -> None:
    """Space suit: sky hexagon with a dark helmet and visor."""
    badge(c, sg(6, 14.5, -90), (86, 180, 233))
    c.circle((16, 30, 50), (16, 15), 8)
    c.rect((180, 240, 255), (10.5, 12, 11, 5), 2.4)
    c.rect((16, 30, 50), (9, 21, 14, 4), 1.2)


@sprite("status_dead")
def draw_status_dead(c: Canvas, rng: random.Random) -> None:
    """Dead: near-black octagon with a white cross (dark badge, light symbol)."""
    badge(c, sg(8, 14.5, -90 + 22.5), (40, 36, 44))
    c.poly(with_alpha((200, 200, 210), 200), sg(8, 12.2, -90 + 22.5), 0.8)
    c.line(WHITE, (10.5, 10.5), (21.5, 21.5), 3.0)
    c.line(WHITE, (21.5, 10.5), (10.5, 21.5), 3.0)


@sprite("ghost")
def draw_ghost(c: Canvas, rng: random.Random) -> None:
    """Last-known place: faint dashed counter outline with a question mark."""
    c.rect(with_alpha((220, 230, 245), 38), (4, 4, 56, 56), 12)
    x, y, s, r = 4.0, 4.0, 56.0, 12.0
    path = []
    # walk the rounded square and collect points
    for (cx, cy, a0) in ((x + s - r, y + r, -90), (x + s - r, y + s - r, 0),
                         (x + r, y + s - r, 90), (x + r, y + r, 180)):
        path += arc_points(cx, cy, r, r, a0, a0 + 90, 12)
    path.append(path[0])
    # dashes by arc length
    seg: list[Point] = []
    dist, dash, on = 0.0, 6.0, True
    for p, q in zip(path, path[1:], strict=False):
        d = math.dist(p, q)
        steps = max(1, int(d / 0.5))
        for i in range(steps):
            pt = (p[0] + (q[0] - p[0]) * i / steps, p[1] + (q[1] - p[1]) * i / steps)
            if on:
                seg.append(pt)
            dist += d / steps
            if dist >= dash:
                if on and len(seg) > 1:
                    c.stroke(with_alpha((220, 232, 248), 200), seg, 2.2)
                seg, dist, on = [], 0.0, not on
    if on and len(seg) > 1:
        c.stroke(with_alpha((220, 232, 248), 200), seg, 2.2)
    c.text("?", (32, 33), 34, with_alpha((220, 232, 248), 150))


def door_frame(c: Canvas) -> None:
    c.rect(OUTLINE, (2, 2, 28, 28), 4)
    c.rect((110, 122, 140), (3, 3, 26, 26), 3.5)
    c.rect((60, 70, 86), (5.5, 5.5, 21, 21), 2)


@sprite("hatch_open")
def draw_hatch_open(c: Canvas, rng: random.Random) -> None:
    """Open hatch: door leaves slid apart, dark gap with outward sky chevrons."""
    door_frame(c)
    c.rect((6, 10, 18), (10, 6, 12, 20))
    c.rect((150, 162, 180), (5.5, 5.5, 4.5, 21))
    c.rect((150, 162, 180), (22, 5.5, 4.5, 21))
    for sx in (-1, 1):
        c.stroke(SKY, [(16 + sx * 2.6, 12), (16 + sx * 5.4, 16), (16 + sx * 2.6, 20)], 1.5)


@sprite("hatch_locked")
def draw_hatch_locked(c: Canvas, rng: random.Random) -> None:
    """Locked hatch: closed leaves, amber hazard stripes and a padlock."""
    door_frame(c)
    stripes = c.blank()
    stripes.rect((240, 168, 40, 255), (5.5, 5.5, 21, 21), 2)
    for i in range(-6, 8):
        x = 5.5 + i * 5
        stripes.poly((20, 20, 26, 255), [(x, 26.5), (x + 2.5, 26.5), (x + 23.5, 5.5),
                                         (x + 21, 5.5)])
    stripes.clip(lambda L: L.rect(WHITE, (5.5, 5.5, 21, 21), 2))
    c.paste(stripes)
    c.line(OUTLINE, (16, 5.5), (16, 26.5), 1.2)
    c.rect(OUTLINE, (9.5, 13, 13, 11), 2)
    c.rect((236, 240, 246), (10.5, 14, 11, 9), 1.5)
    c.arc(OUTLINE, (16, 13.5), 4.2, 180, 360, 3.2)
    c.arc((236, 240, 246), (16, 13.5), 4.2, 180, 360, 1.4)
    c.circle(OUTLINE, (16, 18), 1.5)
    c.rect(OUTLINE, (15.4, 18, 1.2, 3))


@sprite("terminal_major")
def draw_terminal_major(c: Canvas, rng: random.Random) -> None:
    """Major terminal: a wide double-framed console screen with text lines and a star."""
    c.glow(SKY, 2, lambda L: L.rect(WHITE, (2, 4, 28, 20), 3), strength=0.6)
    c.rect(OUTLINE, (1.5, 3.5, 29, 21), 3.5)
    c.rect((140, 150, 170), (2.5, 4.5, 27, 19), 3)
    c.rect(OUTLINE, (4.5, 6.5, 23, 15), 2)
    c.rect((12, 40, 56), (5.2, 7.2, 21.6, 13.6), 1.5)
    for i, w in enumerate((13, 9, 11)):
        c.line(CYAN, (7.5, 10.5 + i * 3.6), (7.5 + w, 10.5 + i * 3.6), 1.4)
    sym_star(c, 23.5, 11, 2.8, AMBER)
    c.rect(OUTLINE, (9, 24, 14, 5), 1.5)
    c.rect((110, 122, 140), (10, 24.5, 12, 3.5), 1)


@sprite("terminal_minor")
def draw_terminal_minor(c: Canvas, rng: random.Random) -> None:
    """Minor terminal: a small single-framed square screen with one line."""
    c.rect(OUTLINE, (8.5, 7.5, 15, 13), 2.5)
    c.rect((120, 130, 150), (9.5, 8.5, 13, 11), 2)
    c.rect((12, 40, 56), (11, 10, 10, 8), 1)
    c.line(CYAN, (12.8, 14), (19.2, 14), 1.4)
    c.rect(OUTLINE, (13.5, 20, 5, 5), 1)
    c.rect((110, 122, 140), (14.3, 20.3, 3.4, 4), 0.8)


@sprite("lift_car")
def draw_lift_car(c: Canvas, rng: random.Random) -> None:
    """Lift car: a grated platform with hazard edges and up/down arrows."""
    c.shadow(lambda L: L.rect(WHITE, (3, 3, 58, 58), 5), offset=(0, 1.5), radius=2, alpha=150)
    c.rect(OUTLINE, (2.5, 2.5, 59, 59), 6)
    edge = c.blank()
    edge.rect((230, 159, 0, 255), (3.5, 3.5, 57, 57), 5)
    for i in range(-12, 14):
        x = i * 6.0
        edge.poly((20, 20, 26, 255), [(x, 64), (x + 3, 64), (x + 67, 0), (x + 64, 0)])
    edge.clip(lambda L: L.rect(WHITE, (3.5, 3.5, 57, 57), 5))
    c.paste(edge)
    c.rect(OUTLINE, (9, 9, 46, 46), 3)
    c.rect((70, 80, 96), (10, 10, 44, 44), 2.5)
    for i in range(11):
        y = 12 + i * 4
        c.line((44, 52, 66), (11, y), (53, y), 1.2)
    for sy in (-1, 1):
        tri = [(32, 32 + sy * 19), (43, 32 + sy * 7), (21, 32 + sy * 7)]
        c.poly(OUTLINE, tri, 2.4)
        c.poly((236, 244, 252), tri)
    c.rect((236, 244, 252), (29.5, 25, 5, 14))


@sprite("glass", tile=True)
def draw_glass(c: Canvas, rng: random.Random) -> None:
    """Glass wall texture (tileable): pale translucent cyan with diagonal glints."""
    c.rect(with_alpha((120, 200, 230), 80), (0, 0, c.w, c.h))
    for i in range(-3, 10):
        x = i * 32.0 - 4
        c.poly(with_alpha(WHITE, 70), [(x, 96), (x + 4, 96), (x + 100, 0), (x + 96, 0)])
        c.poly(with_alpha(WHITE, 40), [(x + 9, 96), (x + 10.5, 96), (x + 106.5, 0), (x + 105, 0)])


def floor_base(c: Canvas, fill: Colour, seam: Colour, light: Colour) -> None:
    c.rect(fill, (0, 0, c.w, c.h))
    # light lines first, seams over them, so every crossing looks the same (periodic)
    for k in range(0, 96, 32):
        c.line(light, (k + 1.5, 0), (k + 1.5, 96), 0.5)
        c.line(light, (0, k + 1.5), (96, k + 1.5), 0.5)
    for k in range(0, 96, 32):
        c.line(seam, (k + 0.5, 0), (k + 0.5, 96), 1.0)
        c.line(seam, (0, k + 0.5), (96, k + 0.5), 1.0)


@sprite("floor_clear", tile=True, opaque=True)
def draw_floor_clear(c: Canvas, rng: random.Random) -> None:
    """Clear floor (tileable): plain mid-grey deck plate, seams and four rivets."""
    floor_base(c, (62, 70, 84), (28, 32, 40), (92, 102, 118))
    for tx in range(3):
        for ty in range(3):
            for dx, dy in ((5, 5), (27, 5), (5, 27), (27, 27)):
                c.circle((36, 40, 50), (tx * 32 + dx + 0.3, ty * 32 + dy + 0.3), 1.1)
                c.circle((110, 120, 136), (tx * 32 + dx, ty * 32 + dy), 0.8)


@sprite("floor_cluttered", tile=True, opaque=True)
def draw_floor_cluttered(c: Canvas, rng: random.Random) -> None:
    """Cluttered floor (tileable): deck plate strewn with small boxes, cable and debris."""
    floor_base(c, (56, 62, 74), (28, 32, 40), (84, 92, 106))
    items = []
    for _ in range(4):
        items.append(("box", rng.uniform(3, 24), rng.uniform(3, 24), rng.uniform(4, 7),
                      rng.uniform(0, 90)))
    for _ in range(7):
        items.append(("bit", rng.uniform(0, 32), rng.uniform(0, 32), rng.uniform(1, 2), 0))
    cable = [(0, 20.0), (6, 17), (12, 21), (18, 25), (24, 22), (32, 20.0)]
    # one tile beyond each side too, so pieces that overhang a tile edge repeat as well
    tiles = [(tx * 32, ty * 32) for tx in range(-1, 4) for ty in range(-1, 4)]
    for ox, oy in tiles:
        c.stroke((24, 26, 32), [(ox + x, oy + y + 0.6) for x, y in cable], 2.2)
        c.stroke((150, 120, 60), [(ox + x, oy + y) for x, y in cable], 1.4)
    for ox, oy in tiles:
        for kind, x, y, s, ang in items:
            if kind == "box":
                pts = rotate_pts([(ox + x, oy + y), (ox + x + s, oy + y),
                                  (ox + x + s, oy + y + s), (ox + x, oy + y + s)],
                                 ox + x + s / 2, oy + y + s / 2, ang)
                c.poly((24, 26, 32), [(px + 0.7, py + 0.9) for px, py in pts])
                c.poly((132, 140, 156), pts)
                c.poly((92, 100, 114), pts, 0.6)
            else:
                c.circle((150, 158, 172), (ox + x, oy + y), s * 0.6)


@sprite("floor_obstructed", tile=True, opaque=True)
def draw_floor_obstructed(c: Canvas, rng: random.Random) -> None:
    """Obstructed floor (tileable): bold amber-and-black hazard stripes."""
    c.rect((38, 36, 32), (0, 0, c.w, c.h))
    for i in range(-13, 14):
        x = i * 8.0
        c.poly((190, 132, 24), [(x, 96), (x + 4, 96), (x + 100, 0), (x + 96, 0)])
    for k in range(0, 96, 32):
        c.line((20, 18, 16), (k + 0.5, 0), (k + 0.5, 96), 1.0)
        c.line((20, 18, 16), (0, k + 0.5), (96, k + 0.5), 1.0)


@sprite("floor_blocked", tile=True, opaque=True)
def draw_floor_blocked(c: Canvas, rng: random.Random) -> None:
    """Blocked square (tileable): near-black with a dense grey cross-hatch."""
    c.rect((14, 16, 20), (0, 0, c.w, c.h))
    for i in range(-13, 14):
        x = i * 8.0
        c.poly((70, 74, 84), [(x, 96), (x + 1.6, 96), (x + 97.6, 0), (x + 96, 0)])
        c.poly((70, 74, 84), [(x, 0), (x + 1.6, 0), (x + 97.6, 96), (x + 96, 96)])


@sprite("opfire_marker")
def draw_opfire(c: Canvas, rng: random.Random) -> None:
    """Opportunity fire: an amber reticle with a dashed outer ring and centre dot."""
    def d(L: Canvas) -> None:
        L.circle(WHITE, (16, 16), 9, 2.0)
        for k in range(8):
            a0 = k * 45 + 8
            L.arc(WHITE, (16, 16), 14, a0, a0 + 29, 1.6)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            L.line(WHITE, (16 + dx * 5, 16 + dy * 5), (16 + dx * 12, 16 + dy * 12), 2.0)
        L.circle(WHITE, (16, 16), 1.8)
    line_icon(c, (255, 196, 80), AMBER, d, glow=1.5)


@sprite("logo_judge")
def draw_logo_judge(c: Canvas, rng: random.Random) -> None:
    """The Judge's emblem: amber scales of justice on a navy disc."""
    c.shadow(lambda L: L.circle(WHITE, (32, 32), 29), offset=(0, 1.5), radius=2, alpha=160)
    c.glow(AMBER, 3, lambda L: L.circle(WHITE, (32, 32), 29, 2), strength=0.8)
    c.circle(OUTLINE, (32, 32), 30.5)
    c.radial((32, 28), 30, (30, 44, 70), (8, 12, 24))
    c.circle(AMBER, (32, 32), 28.5, 2.2)
    c.circle(with_alpha(AMBER, 110), (32, 32), 24.5, 0.8)
    ink = (255, 214, 130)
    c.line(ink, (32, 14), (32, 46), 2.4)
    c.circle(ink, (32, 13), 2.4)
    c.line(ink, (15, 20), (49, 20), 2.2)
    c.rect(ink, (23, 45, 18, 3.5), 1.5)
    for x in (18, 46):
        c.line(ink, (x, 20), (x - 6, 34), 1.0)
        c.line(ink, (x, 20), (x + 6, 34), 1.0)
        c.poly(ink, arc_points(x, 34, 7.5, 4.2, 0, 180, 16))


# ---------------------------------------------------------------------------------------
# sounds


@dataclass(frozen=True)
class SoundRecipe:
    name: str
    make: Callable[[random.Random], list[float]]
    gain: float
    doc: str


SOUND_RECIPES: dict[str, SoundRecipe] = {}


def sound(name: str, gain: float = 0.9):
    def deco(fn):
        doc = (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else ""
        SOUND_RECIPES[name] = SoundRecipe(name, fn, gain, doc)
        return fn

    return deco


def silence(seconds: float) -> list[float]:
    return [0.0] * round(seconds * RATE)


def add(dst: list[float], src: Sequence[float], at: float = 0.0, gain: float = 1.0) -> None:
    off = round(at * RATE)
    need = off + len(src)
    if need > len(dst):
        dst.extend([0.0] * (need - len(dst)))
    for i, v in enumerate(src):
        dst[off + i] += v * gain


def env_exp(n: int, decay: float) -> list[float]:
    """Exponential decay envelope; ``decay`` is the time constant in seconds."""
    k = 1.0 / (decay * RATE)
    return [math.exp(-i * k) for i in range(n)]


def tone(freq: float, seconds: float, shape: str = "sine", decay: float | None = None,
         attack: float = 0.005, release: float = 0.03, partials: Sequence[float] = (1.0,),
         glide: float = 0.0) -> list[float]:
    n = round(seconds * RATE)
    out = []
    phase = 0.0
    na, nr = max(1, round(attack * RATE)), max(1, round(release * RATE))
    for i in range(n):
        f = freq * (1.0 + glide * i / n)
        phase += 2 * math.pi * f / RATE
        if shape == "sine":
            v = sum(a * math.sin(phase * (h + 1)) for h, a in enumerate(partials))
        elif shape == "square":
            v = sum(a * math.sin(phase * (2 * h + 1)) / (2 * h + 1) for h, a in
                    enumerate((1, 1, 1, 1, 1)))
        else:  # triangle
            v = sum(a * math.sin(phase * (2 * h + 1)) * (-1) ** h / (2 * h + 1) ** 2
                    for h, a in enumerate((1, 1, 1)))
        e = 1.0
        if i < na:
            e *= i / na
        if i > n - nr:
            e *= (n - i) / nr
        if decay is not None:
            e *= math.exp(-i / (decay * RATE))
        out.append(v * e)
    return out


def noise(rng: random.Random, seconds: float) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(x: Sequence[float], cutoff: float | Sequence[float]) -> list[float]:
    out, y = [], 0.0
    for i, v in enumerate(x):
        fc = cutoff if isinstance(cutoff, (int, float)) else cutoff[i]
        a = 1.0 - math.exp(-2 * math.pi * fc / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Sequence[float], cutoff: float) -> list[float]:
    lp = lowpass(x, cutoff)
    return [a - b for a, b in zip(x, lp, strict=True)]


def bandpass(x: Sequence[float], lo: float, hi: float) -> list[float]:
    return lowpass(highpass(x, lo), hi)


def knock(rng: random.Random, freq: float, seconds: float, bright: float = 0.5) -> list[float]:
    """A short percussive hit: a damped tone plus a filtered noise click."""
    body = tone(freq, seconds, decay=seconds / 4, attack=0.001, release=0.005,
                partials=(1.0, 0.35, 0.15))
    click = highpass(noise(rng, seconds), 1500)
    env = env_exp(len(click), seconds / 12)
    return [b + bright * c * e for b, c, e in zip(body, click, env, strict=True)]


@sound("dice_roll")
def snd_dice_roll(rng: random.Random) -> list[float]:
    """Dice rattling in a cup, then tumbling out onto the table (~0.6 s)."""
    out = silence(0.62)
    t = 0.005
    while t < 0.4:
        add(out, knock(rng, rng.uniform(1400, 3200), rng.uniform(0.015, 0.035), 0.9), t,
            rng.uniform(0.3, 0.8))
        t += rng.uniform(0.012, 0.035)
    for t0, g in ((0.42, 1.0), (0.47, 0.55), (0.515, 0.8), (0.56, 0.35)):
        add(out, knock(rng, rng.uniform(700, 1100), 0.06, 0.6), t0, g)
    n = round(0.45 * RATE)
    rumble = lowpass(noise(rng, 0.45), 500)
    add(out, [v * 0.3 * (1.0 - i / n) for i, v in enumerate(rumble)])
    return out


@sound("dice_land")
def snd_dice_land(rng: random.Random) -> list[float]:
    """Dice settling on the table: a thud and two small bounces."""
    out = silence(0.3)
    add(out, knock(rng, 210, 0.12, 0.4), 0.0)
    add(out, knock(rng, 1300, 0.04, 0.6), 0.004, 0.5)
    add(out, knock(rng, 1500, 0.03, 0.6), 0.085, 0.35)
    add(out, knock(rng, 1700, 0.025, 0.5), 0.14, 0.18)
    return out


@sound("engine")
def snd_engine(rng: random.Random) -> list[float]:
    """The STEC engine surging: a rising filtered whoosh over a low hum (~0.8 s)."""
    n = round(0.8 * RATE)
    sweep = [300 + 2600 * math.sin(math.pi * i / n) ** 2 for i in range(n)]
    whoosh = lowpass(lowpass(noise(rng, 0.8), sweep), sweep)
    hum = tone(55, 0.8, partials=(1.0, 0.5, 0.25), glide=0.6)
    env = [math.sin(math.pi * i / n) ** 1.5 for i in range(n)]
    return [(1.4 * w + 0.35 * h) * e for w, h, e in zip(whoosh, hum, env, strict=True)]


@sound("click", gain=0.7)
def snd_click(rng: random.Random) -> list[float]:
    """Console button click: a crisp short tick."""
    out = tone(2200, 0.035, decay=0.006, attack=0.0005, release=0.004)
    add(out, highpass(noise(rng, 0.01), 3000), 0, 0.4)
    return out


@sound("hover", gain=0.25)
def snd_hover(rng: random.Random) -> list[float]:
    """Pointer over a control: a very soft high blip."""
    return tone(1760, 0.05, decay=0.02, attack=0.004, release=0.02)


@sound("slide", gain=0.6)
def snd_slide(rng: random.Random) -> list[float]:
    """A track marker sliding one space: a short band-limited scrape and a tap."""
    n = round(0.22 * RATE)
    scrape = bandpass(noise(rng, 0.22), 900, 3200)
    env = [math.sin(math.pi * i / n) ** 0.8 for i in range(n)]
    out = [s * e for s, e in zip(scrape, env, strict=True)]
    add(out, knock(rng, 900, 0.04, 0.3), 0.2, 0.5)
    return out


@sound("alarm", gain=0.7)
def snd_alarm(rng: random.Random) -> list[float]:
    """Ship alarm: two alternating square tones, three times."""
    out: list[float] = []
    for k in range(6):
        add(out, tone(880 if k % 2 == 0 else 660, 0.13, shape="square", attack=0.005,
                      release=0.02), k * 0.14)
    return out


@sound("success")
def snd_success(rng: random.Random) -> list[float]:
    """Success: a bright rising three-note chime."""
    out: list[float] = []
    for k, f in enumerate((523.25, 659.25, 783.99)):
        add(out, tone(f, 0.45, decay=0.16, partials=(1.0, 0.3, 0.12)), k * 0.09, 0.7)
    return out


@sound("failure")
def snd_failure(rng: random.Random) -> list[float]:
    """Failure: two falling notes, a dull minor second."""
    out: list[float] = []
    add(out, tone(392.0, 0.3, shape="triangle", decay=0.2), 0.0)
    add(out, tone(311.1, 0.45, shape="triangle", decay=0.25, glide=-0.05), 0.22)
    return out


@sound("victory")
def snd_victory(rng: random.Random) -> list[float]:
    """Victory fanfare: a rising arpeggio that opens into a held major chord (~2 s)."""
    out = silence(2.1)
    notes = (392.0, 523.25, 659.25, 783.99)
    for k, f in enumerate(notes):
        add(out, tone(f, 0.26, decay=0.2, partials=(1.0, 0.45, 0.2, 0.1)), k * 0.13, 0.6)
    for f in (523.25, 659.25, 783.99, 1046.5):
        add(out, tone(f, 1.5, decay=0.8, attack=0.02, release=0.3, partials=(1.0, 0.4, 0.15)),
            0.56, 0.35)
    return out


@sound("defeat")
def snd_defeat(rng: random.Random) -> list[float]:
    """Defeat: a slow falling minor line over a low drone (~2 s)."""
    out = silence(2.1)
    add(out, tone(73.4, 2.05, attack=0.2, release=0.6, partials=(1.0, 0.6, 0.3)), 0.0, 0.35)
    for k, f in enumerate((349.2, 311.1, 293.7, 233.1)):
        add(out, tone(f, 0.7, shape="triangle", decay=0.45, attack=0.01, release=0.1),
            k * 0.4, 0.6)
    return out


@sound("countdown", gain=0.7)
def snd_countdown(rng: random.Random) -> list[float]:
    """Countdown tick: a dry wood-block tick."""
    return knock(rng, 1250, 0.07, 0.25)


@sound("telegram", gain=0.6)
def snd_telegram(rng: random.Random) -> list[float]:
    """Incoming telegram: morse-like beeps (dah-di-dah-dit, dah-dah-di-dah)."""
    unit = 0.055
    out: list[float] = []
    t = 0.0
    for letter in ("-.-.", "--.-"):
        for sym in letter:
            length = unit * (3 if sym == "-" else 1)
            add(out, tone(820, length, attack=0.008, release=0.008), t)
            t += length + unit
        t += unit * 2
    return out


@sound("hatch", gain=0.8)
def snd_hatch(rng: random.Random) -> list[float]:
    """Pneumatic hatch: a hiss with a sharp attack and a closing thunk."""
    n = round(0.55 * RATE)
    hiss = highpass(noise(rng, 0.55), 2500)
    env = [min(1.0, i / (0.01 * RATE)) * math.exp(-i / (0.18 * RATE)) for i in range(n)]
    out = [h * e for h, e in zip(hiss, env, strict=True)]
    add(out, knock(rng, 120, 0.15, 0.2), 0.38, 1.1)
    return out


@sound("step", gain=0.7)
def snd_step(rng: random.Random) -> list[float]:
    """A boot on a metal deck: a low thump with a short metallic ring."""
    out = knock(rng, 95, 0.14, 0.5)
    add(out, tone(1870, 0.12, decay=0.03, partials=(1.0, 0.5)), 0.0, 0.12)
    add(out, tone(2630, 0.1, decay=0.025), 0.0, 0.08)
    return out


@sound("error", gain=0.6)
def snd_error(rng: random.Random) -> list[float]:
    """Refused action: two short low buzzes."""
    out: list[float] = []
    for k in range(2):
        add(out, tone(180, 0.11, shape="square", attack=0.004, release=0.02), k * 0.15)
    return out


def render_sound(name: str) -> array.array:
    recipe = SOUND_RECIPES[name]
    x = recipe.make(seed_for(name))
    peak = max((abs(v) for v in x), default=0.0) or 1.0
    scale = recipe.gain / peak
    n = len(x)
    fi, fo = round(0.004 * RATE), round(0.02 * RATE)
    out = array.array("h")
    for i, v in enumerate(x):
        e = 1.0
        if i < fi:
            e = i / fi
        if i >= n - fo:
            e = min(e, (n - 1 - i) / fo)
        out.append(max(-32767, min(32767, round(v * scale * e * 32767))))
    return out


def write_wav(path: Path, samples: array.array) -> None:
    if sys.byteorder != "little":
        samples = array.array("h", samples)
        samples.byteswap()
    tmp = path.with_suffix(".wav.tmp")
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())
    os.replace(tmp, path)


def encode_png(surf: pygame.Surface) -> bytes:
    """A plain PNG (8-bit RGB or RGBA, one IDAT, no metadata) built with ``zlib``.

    Writing the file here rather than with ``pygame.image.save`` keeps the bytes independent
    of the libpng that a pygame wheel happens to bundle. Each image gets whichever of the
    None and Up row filters compresses it better.
    """
    alpha = bool(surf.get_flags() & pygame.SRCALPHA)
    mode, bpp, colour_type = ("RGBA", 4, 6) if alpha else ("RGB", 3, 2)
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, mode)
    stride = w * bpp
    rows = [raw[y * stride:(y + 1) * stride] for y in range(h)]
    best = zlib.compress(b"".join(b"\x00" + r for r in rows), 9)
    up = [b"\x00" + rows[0]] + [
        b"\x02" + bytes((a - b) & 255 for a, b in zip(rows[y], rows[y - 1], strict=True))
        for y in range(1, h)
    ]
    packed = zlib.compress(b"".join(up), 9)
    if len(packed) < len(best):
        best = packed

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", best)
            + chunk(b"IEND", b""))


def write_png(path: Path, surf: pygame.Surface) -> None:
    tmp = path.with_name(path.stem + ".tmp.png")
    tmp.write_bytes(encode_png(surf))
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------
# command line


def check_registry() -> None:
    """The recipes must cover exactly the manifest the loader and the UI code against."""
    missing = sorted(set(SPRITES) - set(RECIPES))
    extra = sorted(set(RECIPES) - set(SPRITES))
    if missing or extra:
        raise SystemExit(f"make_assets: sprite recipes out of step: missing={missing} "
                         f"extra={extra}")
    missing = sorted(set(SOUNDS) - set(SOUND_RECIPES))
    extra = sorted(set(SOUND_RECIPES) - set(SOUNDS))
    if missing or extra:
        raise SystemExit(f"make_assets: sound recipes out of step: missing={missing} "
                         f"extra={extra}")


def build(out: Path, only: Sequence[str] | None = None, verbose: bool = True) -> list[Path]:
    check_registry()
    pygame.init()
    pygame.transform.set_smoothscale_backend("GENERIC")
    sprites_dir, sounds_dir = out / "sprites", out / "sounds"
    sprites_dir.mkdir(parents=True, exist_ok=True)
    sounds_dir.mkdir(parents=True, exist_ok=True)
    names = list(only) if only else list(RECIPES) + list(SOUND_RECIPES)
    unknown = [n for n in names if n not in RECIPES and n not in SOUND_RECIPES]
    if unknown:
        raise SystemExit(f"make_assets: unknown asset name(s): {', '.join(unknown)}")
    written = []
    for name in names:
        if name in RECIPES:
            path = sprites_dir / f"{name}.png"
            write_png(path, render_sprite(name))
        else:
            path = sounds_dir / f"{name}.wav"
            write_wav(path, render_sound(name))
        written.append(path)
        if verbose:
            print(f"{path.relative_to(out)}  {path.stat().st_size:>8} bytes")
    if not only:
        for folder, keep, ext in ((sprites_dir, RECIPES, ".png"),
                                  (sounds_dir, SOUND_RECIPES, ".wav")):
            for stale in sorted(folder.glob(f"*{ext}")):
                if stale.stem not in keep:
                    stale.unlink()
                    if verbose:
                        print(f"removed stale {stale.relative_to(out)}")
    return written


def listing() -> str:
    rows = ["| Asset | File size (px) | Nominal | What it shows |", "|---|---|---|---|"]
    for name, r in RECIPES.items():
        info = SPRITES[name]
        fw, fh = info.file_size
        nw, nh = info.size
        rows.append(f"| `sprites/{name}.png` | {fw}x{fh} | {nw}x{nh} | {r.doc} |")
    rows.append("")
    rows.append("| Sound | What it is |")
    rows.append("|---|---|")
    for name, s in SOUND_RECIPES.items():
        rows.append(f"| `sounds/{name}.wav` | {s.doc} |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild sprites/ and sounds/.")
    parser.add_argument("--out", type=Path, default=ROOT,
                        help="root folder to write sprites/ and sounds/ into (default: repo)")
    parser.add_argument("--only", default="",
                        help="comma-separated asset names (no extension) to build")
    parser.add_argument("--list", action="store_true", help="print the asset table and exit")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    check_registry()
    if args.list:
        print(listing())
        return 0
    only = [n.strip() for n in args.only.split(",") if n.strip()] or None
    build(args.out, only, verbose=not args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
