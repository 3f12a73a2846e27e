"""The Feynman drawn on screen: counters, overlays, camera and minimap over the static
drawing of ``artifact_deckdraw`` (tiles kept within a byte budget).

A frame blits one still picture of the map window (tiles in view plus reach, field of view
and START shading: rebuilt only when the camera, the ship's state or the selection moves),
then the path, counters and lines. The renderer knows nothing of rules: what to shade and
which counters exist is handed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.artifact import space
from game.artifact.deckplan import DeckPlan, feynman
from game.ui import theme
from game.ui.artifact_deckdraw import SPACE_COLOUR, StaticMap
from game.ui.artifact_targeting import draw_combat_badges
from game.ui.memory import release_freed
from game.ui.text_registry import add_frame
from game.ui.widgets import fit_text

ZOOMS = (10, 14, 18, 24, 30, 38, 48, 60)
DEFAULT_ZOOM = 5  # index into ZOOMS
FACING_ANGLE = {"N": 0.0, "W": 90.0, "S": 180.0, "E": 270.0}  # counter-clockwise from north

FACTION_COLOURS = {
    "pirates": theme.VERMILLION,
    "phoneco": theme.SKY,
    "scientist": theme.GREEN,
    "alien": theme.PURPLE,
}
FEYNMAN_COLOUR = theme.YELLOW
HULL_MARK = (200, 214, 232)  # the EVA marker on a counter standing on the hull
UNKNOWN_COLOUR = (205, 205, 212)

STATUS_SPRITE = {"down": "status_down", "dead": "status_dead", "inactive": "status_ko",
                 "serious": "status_down", "light": "status_light_wound",
                 "wounded": "status_light_wound", "ko": "status_ko"}
KIND_SPRITE = {"human": "counter_human", "android": "counter_android",
               "robot": "counter_robot", "alien": "counter_alien", "program": "counter_alien"}



def faction_colour(faction: str | None) -> tuple[int, int, int]:
    if faction is None:
        return FEYNMAN_COLOUR
    return FACTION_COLOURS.get(faction, UNKNOWN_COLOUR)


@dataclass
class Piece:
    """One counter to draw: a character, an item, or a faded last-known ghost."""

    key: str                      # character id (own), token (others), item id
    kind: str                     # "character" | "item"
    label: str                    # counter name, e.g. "Kyoshi"
    square: tuple[int, int]
    sprite: str = "counter_human"
    colour: tuple[int, int, int] = UNKNOWN_COLOUR
    facing: str | None = None
    status: str = "active"
    suit: bool = False
    own: bool = False
    ghost: bool = False
    note: str = ""                # e.g. the round a ghost was seen
    seen_round: int | None = None  # a ghost's round last seen (its badge)
    angle: float | None = None    # animated facing (degrees ccw from north)
    pos: tuple[float, float] | None = None  # animated position in squares
    marks: tuple[str, ...] = ()   # combat badges, in words ("weapon jammed")

    def centre(self) -> tuple[float, float]:
        if self.pos is not None:
            return self.pos
        return float(self.square[0]), float(self.square[1])


@dataclass
class Overlays:
    """What the map shades this frame (all squares as (x, y))."""

    reach: dict = field(default_factory=dict)        # square -> MP
    reach_colour: tuple[int, int, int] = theme.SKY
    fov: set = field(default_factory=set)
    allowed: set = field(default_factory=set)        # placement START squares
    path: list = field(default_factory=list)         # squares of the preview path
    path_stop: tuple[int, int] | None = None
    path_reason: str = ""
    path_start: tuple[int, int] | None = None
    path_notes: dict = field(default_factory=dict)   # square -> short text (hatch costs)
    los: tuple | None = None                         # (from, to, clear, stop)
    selected: tuple[int, int] | None = None
    hover: tuple[int, int] | None = None
    facing_at: tuple[int, int] | None = None         # draw the four facing arrows here
    facing_default: str | None = None                # the one Enter would choose
    facing_costs: dict = field(default_factory=dict)  # facing -> (MP, why refused or "")
    traps: frozenset = frozenset()                   # squares where a booby trap stopped us


class Camera:
    """Pan and zoom over the deck plan; screen <-> square conversion inside ``rect``."""

    def __init__(self, plan: DeckPlan, rect: pygame.Rect) -> None:
        self.plan = plan
        self.rect = pygame.Rect(rect)
        self.zoom_index = DEFAULT_ZOOM
        self.ox = 0.0  # world pixel at the rect's left edge
        self.oy = 0.0

    @property
    def cell(self) -> int:
        return ZOOMS[self.zoom_index]

    def world_size(self) -> tuple[int, int]:
        return self.plan.width * self.cell, self.plan.height * self.cell

    def clamp(self) -> None:
        w, h = self.world_size()
        margin = self.cell * 2
        self.ox = max(-margin - max(0, self.rect.w - w) / 2,
                      min(self.ox, w - self.rect.w + margin))
        self.oy = max(-margin - max(0, self.rect.h - h) / 2,
                      min(self.oy, h - self.rect.h + margin))

    def centre_on(self, square: tuple[float, float]) -> None:
        c = self.cell
        self.ox = (square[0] + 0.5) * c - self.rect.w / 2
        self.oy = (square[1] + 0.5) * c - self.rect.h / 2
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.ox -= dx
        self.oy -= dy
        self.clamp()

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        new = max(0, min(len(ZOOMS) - 1, self.zoom_index + steps))
        if new == self.zoom_index:
            return
        ax, ay = anchor if anchor is not None else self.rect.center
        wx = (ax - self.rect.x + self.ox) / self.cell
        wy = (ay - self.rect.y + self.oy) / self.cell
        self.zoom_index = new
        self.ox = wx * self.cell - (ax - self.rect.x)
        self.oy = wy * self.cell - (ay - self.rect.y)
        self.clamp()

    def to_screen(self, sx: float, sy: float) -> tuple[int, int]:
        """Top-left pixel of square (sx, sy) (fractional squares allowed)."""
        c = self.cell
        return round(self.rect.x + sx * c - self.ox), round(self.rect.y + sy * c - self.oy)

    def centre_px(self, sx: float, sy: float) -> tuple[int, int]:
        c = self.cell
        return (round(self.rect.x + (sx + 0.5) * c - self.ox),
                round(self.rect.y + (sy + 0.5) * c - self.oy))

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.rect.collidepoint(pos):
            return None
        c = self.cell
        x = math.floor((pos[0] - self.rect.x + self.ox) / c)
        y = math.floor((pos[1] - self.rect.y + self.oy) / c)
        if not self.plan.inside(x, y):
            return None
        return x, y

    def sub_at(self, pos: tuple[int, int]) -> int:
        """Which quarter of its square a point is in (0 top-left .. 3 bottom-right)."""
        c = self.cell
        fx = ((pos[0] - self.rect.x + self.ox) / c) % 1.0
        fy = ((pos[1] - self.rect.y + self.oy) / c) % 1.0
        return (1 if fx >= 0.5 else 0) + (2 if fy >= 0.5 else 0)


def place_label(box: pygame.Rect, anchor: tuple[int, int], cell: int,
                taken: list[pygame.Rect]) -> pygame.Rect:
    """``box`` moved next to ``anchor`` (a square's centre): above the square, below it,
    to its right or left, or further up, whichever first overlaps nothing in ``taken``."""
    x, y = anchor
    half = cell // 2 + 2
    tries = [dict(midbottom=(x, y - half)), dict(midtop=(x, y + half)),
             dict(midleft=(x + half, y)), dict(midright=(x - half, y))]
    tries += [dict(midbottom=(x, y - half - k * (box.h + 2))) for k in range(1, 6)]
    for where in tries:
        r = box.copy()
        for attr, value in where.items():
            setattr(r, attr, value)
        if r.collidelist(taken) < 0:
            return r
    r = box.copy()
    r.midbottom = (x, y - half)
    return r


class DeckRenderer:
    """Draws the deck plan: its static tiles (``artifact_deckdraw``), then the overlays,
    counters and pointers of one frame.

    The map window's picture without the frame's moving parts (the tiles in view, reach,
    field of view and START shading, movement-point costs) is one surface of the window's
    size, built again only when the camera, the hatches and lifts, or the overlay's key
    move; a frame blits it once and draws the path, counters and lines on top.
    """

    def __init__(self, plan: DeckPlan | None = None, bows: dict[int, str] | None = None,
                 unbroken: DeckPlan | None = None) -> None:
        """``bows``: the ships' bows (``StaticMap``); ``unbroken``: the same plan before
        any window was shot out (its broken windows are drawn as such; without it, none)."""
        self.plan = plan or feynman()
        self.static = StaticMap(self.plan, bows, unbroken)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._mini: dict[tuple, pygame.Surface] = {}
        self.label_boxes: list[pygame.Rect] = []   # the path's notes as last drawn
        self.los_cross: tuple[int, int] | None = None  # where a blocked line was crossed

    # ------------------------------------------------------------------ the map window

    def _overlay_squares(self, ov: Overlays) -> pygame.Surface | None:
        """Reach / FOV / START shading at one pixel a square (scaled up when drawn)."""
        if not (ov.reach or ov.fov or ov.allowed):
            return None
        plan = self.plan
        tiny = pygame.Surface((plan.width, plan.height), pygame.SRCALPHA)
        for (x, y) in ov.fov:
            tiny.fill((240, 228, 66, 64), (x, y, 1, 1))
        for (x, y) in ov.allowed:
            tiny.fill((0, 158, 115, 70), (x, y, 1, 1))
        rc = ov.reach_colour
        for (x, y) in ov.reach:
            tiny.fill((*rc, 70), (x, y, 1, 1))
        return tiny

    def layer(self, ctx, cam: Camera, hatches: dict[int, str], lifts: dict[str, int],
              ov: Overlays, overlay_key: tuple) -> pygame.Surface:
        """The map window's still picture (see the class docstring)."""
        c = cam.cell
        view = pygame.Rect(round(cam.ox), round(cam.oy), cam.rect.w, cam.rect.h)
        shaded = bool(ov.reach or ov.fov or ov.allowed)
        if shaded and not overlay_key:  # no key given: the shading's own content is it
            overlay_key = (frozenset(ov.fov), frozenset(ov.allowed),
                           tuple(sorted(ov.reach.items())))
        key = (c, view.topleft, view.size, tuple(sorted(hatches.items())),
               tuple(sorted(lifts.items())), overlay_key if shaded else None)
        if self._layer is not None and self._layer_key == key:
            return self._layer
        if self._layer_key is not None and self._layer_key[0] != c:
            release_freed()  # a new zoom level: the old one's tiles are on their way out
        if self._layer is None or self._layer.get_size() != view.size:
            self._layer = pygame.Surface(view.size)
            if pygame.display.get_surface() is not None:
                self._layer = self._layer.convert()
        layer = self._layer
        self.static.blit_view(layer, ctx, c, view, hatches, lifts)
        tiny = self._overlay_squares(ov)
        if tiny is not None:
            plan = self.plan
            sx0 = max(0, math.floor(view.x / c))
            sy0 = max(0, math.floor(view.y / c))
            sx1 = min(plan.width - 1, math.floor((view.right - 1) / c))
            sy1 = min(plan.height - 1, math.floor((view.bottom - 1) / c))
            if sx1 >= sx0 and sy1 >= sy0:
                part = tiny.subsurface((sx0, sy0, sx1 - sx0 + 1, sy1 - sy0 + 1))
                big = pygame.transform.scale(part, (part.get_width() * c,
                                                    part.get_height() * c))
                layer.blit(big, (sx0 * c - view.x, sy0 * c - view.y))
            for (x, y) in ov.reach:  # each reachable square framed, as a tile of its own
                pygame.draw.rect(layer, (10, 14, 22), (x * c - view.x, y * c - view.y, c, c), 1)
            if c >= 18 and ov.reach:
                self._draw_costs(layer, ctx, c, view, ov.reach)
        self._layer_key = key
        return layer

    @staticmethod
    def _draw_costs(layer, ctx, c: int, view: pygame.Rect, reach: dict) -> None:
        """Movement points a reachable square costs, large in its middle, outlined so it
        reads on any floor (counters drawn later cover it where they stand)."""
        px = max(11, round(c * 0.46))
        for (x, y), mp in reach.items():
            sx, sy = x * c - view.x, y * c - view.y
            if -c < sx < view.w and -c < sy < view.h:
                img = ctx.text.render(str(mp), px, (255, 255, 255), bold=True)
                dark = ctx.text.render(str(mp), px, (0, 0, 0), bold=True)
                r = img.get_rect(center=(sx + c // 2, sy + c // 2))
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    layer.blit(dark, r.move(dx, dy))
                layer.blit(img, r)

    # ------------------------------------------------------------------ frame

    def draw(self, surface: pygame.Surface, ctx, cam: Camera, *, hatches: dict[int, str],
             lifts: dict[str, int], pieces: list[Piece], ov: Overlays,
             overlay_key: tuple = (), under=None) -> None:
        """One frame of the map; ``under(surface, cam)`` draws between the tiles and the
        counters (the hazards' layer)."""
        c = cam.cell
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        add_frame(surface, "viewport", cam.rect, cam.rect)  # a label may be half in view
        surface.blit(self.layer(ctx, cam, hatches, lifts, ov, overlay_key), cam.rect.topleft)
        if under is not None:
            under(surface, cam)
        self._draw_traps(surface, ctx, cam, ov.traps)
        self._draw_path(surface, ctx, cam, ov)
        self._draw_pieces(surface, ctx, cam, pieces)
        self._draw_los(surface, cam, ov)
        if ov.selected is not None:
            sx, sy = cam.to_screen(*ov.selected)
            pygame.draw.rect(surface, theme.YELLOW, (sx, sy, c, c), 2)
        if ov.hover is not None:
            sx, sy = cam.to_screen(*ov.hover)
            pygame.draw.rect(surface, (255, 255, 255), (sx, sy, c, c), 1)
        if ov.facing_at is not None:
            self.draw_facing_choice(surface, ctx, cam, ov.facing_at, ov.facing_default,
                                    ov.facing_costs)
        surface.set_clip(clip)

    @staticmethod
    def _draw_traps(surface, ctx, cam: Camera, traps) -> None:
        """A hazard mark on each square where a booby trap stopped one of ours."""
        c = cam.cell
        for square in traps:
            sx, sy = cam.to_screen(*square)
            r = pygame.Rect(sx, sy, c, c).inflate(-2, -2)
            pygame.draw.rect(surface, theme.VERMILLION, r, max(2, c // 12))
            k = max(6, c // 3)
            tri = [(r.x + 3, r.y + 3 + k), (r.x + 3 + k, r.y + 3 + k), (r.x + 3 + k // 2, r.y + 3)]
            pygame.draw.polygon(surface, theme.VERMILLION, tri)
            if c >= 24:
                img = ctx.text.render("trap", max(9, c // 4), theme.VERMILLION, bold=True)
                surface.blit(img, img.get_rect(bottomright=(r.right - 2, r.bottom - 1)))

    def _draw_path(self, surface, ctx, cam: Camera, ov: Overlays) -> None:
        if not ov.path or ov.path_start is None:
            return
        pts = [cam.centre_px(*ov.path_start)] + [cam.centre_px(*p) for p in ov.path]
        colour = theme.YELLOW if not ov.path_reason else theme.ORANGE
        pygame.draw.lines(surface, (0, 0, 0), False, pts, 5)
        pygame.draw.lines(surface, colour, False, pts, 3)
        for p in pts[1:]:
            pygame.draw.circle(surface, colour, p, max(2, cam.cell // 8))
        taken: list[pygame.Rect] = []
        if ov.selected is not None:
            sx, sy = cam.to_screen(*ov.selected)
            taken.append(pygame.Rect(sx, sy, cam.cell, cam.cell))
        stop_box = None
        if ov.path_stop is not None:
            sx, sy = cam.to_screen(*ov.path_stop)
            stop_box = pygame.Rect(sx, sy, cam.cell, cam.cell).inflate(-4, -4)
            pygame.draw.rect(surface, colour, stop_box, 3)
            taken.append(stop_box.inflate(4, 4))
        labels = [(ov.path_stop, ov.path_reason)] if ov.path_reason and stop_box else []
        labels += [(square, note) for square, note in ov.path_notes.items()]
        self.label_boxes = []
        for square, text in labels:  # the reason first: it says whether the move works
            img = ctx.text.render(text, ctx.type.tiny, theme.ORANGE, bold=True)
            box = place_label(img.get_rect().inflate(8, 4), cam.centre_px(*square),
                              cam.cell, taken)
            taken.append(box)
            self.label_boxes.append(box)
            pygame.draw.rect(surface, (0, 0, 0), box)
            pygame.draw.rect(surface, theme.ORANGE, box, 1)
            surface.blit(img, img.get_rect(center=box.center))

    def _draw_los(self, surface, cam: Camera, ov: Overlays) -> None:
        if ov.los is None:
            return
        a, b, clear, stop = ov.los
        pa = cam.centre_px(*a)
        pb = cam.centre_px(*b)
        if clear:
            pygame.draw.line(surface, (0, 0, 0), pa, pb, 5)
            pygame.draw.line(surface, (120, 255, 160), pa, pb, 3)
            pygame.draw.circle(surface, (120, 255, 160), pb, max(3, cam.cell // 6))
            return
        ps = cam.centre_px(*stop)
        # the cross where the line leaves the last square it reached (never on the
        # counter standing there, which may be the selected one itself), the blocked
        # remainder dashed from there on
        length = math.dist(ps, pb) or 1.0
        edge = min(length, cam.cell * 0.72)
        x = ps[0] + (pb[0] - ps[0]) / length * edge
        y = ps[1] + (pb[1] - ps[1]) / length * edge
        pygame.draw.line(surface, (0, 0, 0), pa, (x, y), 5)
        pygame.draw.line(surface, (120, 255, 160), pa, (x, y), 3)
        n = max(1, int(math.dist((x, y), pb) // 8))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            p0 = (x + (pb[0] - x) * t0, y + (pb[1] - y) * t0)
            p1 = (x + (pb[0] - x) * t1, y + (pb[1] - y) * t1)
            pygame.draw.line(surface, theme.VERMILLION, p0, p1, 2)
        k = max(3, cam.cell // 7)
        self.los_cross = (round(x), round(y))
        pygame.draw.line(surface, (0, 0, 0), (x - k, y - k), (x + k, y + k), 5)
        pygame.draw.line(surface, (0, 0, 0), (x - k, y + k), (x + k, y - k), 5)
        pygame.draw.line(surface, theme.VERMILLION, (x - k, y - k), (x + k, y + k), 3)
        pygame.draw.line(surface, theme.VERMILLION, (x - k, y + k), (x + k, y - k), 3)

    @staticmethod
    def stack_slots(n: int) -> list[tuple[float, float, float]]:
        """(dx, dy, scale) of each counter in a stack of ``n``, inside one square."""
        if n <= 1:
            return [(0.0, 0.0, 1.0)]
        slots = [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)]
        return [(dx, dy, 0.52) for dx, dy in slots[:n]] + [(0.0, 0.0, 0.4)] * max(0, n - 4)

    def stacks(self, pieces: list[Piece]) -> dict[tuple[int, int], list[Piece]]:
        out: dict[tuple[int, int], list[Piece]] = {}
        for p in pieces:
            if p.pos is None:
                out.setdefault(p.square, []).append(p)
        return out

    def piece_rects(self, cam: Camera, pieces: list[Piece]) -> list[tuple[pygame.Rect, Piece]]:
        """Screen rect of every piece as drawn (stacks spread in quarters): for picking."""
        out = []
        c = cam.cell
        for square, group in self.stacks(pieces).items():
            slots = self.stack_slots(len(group))
            for p, (dx, dy, k) in zip(group, slots, strict=False):
                cx, cy = cam.centre_px(square[0] + dx, square[1] + dy)
                side = max(6, round(c * 0.9 * k))
                out.append((pygame.Rect(cx - side // 2, cy - side // 2, side, side), p))
        return out

    def _draw_pieces(self, surface, ctx, cam: Camera, pieces: list[Piece]) -> None:
        c = cam.cell
        ghosts = [p for p in pieces if p.ghost]
        solid = [p for p in pieces if not p.ghost]
        faces = space.outside(self.plan).face_of
        for group in (ghosts, solid):
            for rect, p in self.piece_rects(cam, group):
                self.draw_piece(surface, ctx, rect, p)
                face = faces.get(self.plan.sq(*p.square)) if p.kind == "character" else None
                if face:
                    self.draw_hull_marker(surface, rect, face)
            for p in group:
                if p.pos is not None:
                    cx, cy = cam.centre_px(*p.pos)
                    side = max(6, round(c * 0.9))
                    self.draw_piece(surface, ctx, pygame.Rect(cx - side // 2, cy - side // 2,
                                                              side, side), p)

    @staticmethod
    def draw_hull_marker(surface, rect: pygame.Rect, face: str) -> None:
        """The rulebook's EVA marker on a counter standing on the hull: a wedge at its right,
        above the name plate, pointing up on top of the hull, turned round underneath it."""
        r = max(4, rect.w // 5)
        plate = max(9, min(14, rect.w // 4)) + 3 if rect.w >= 24 else 0
        cx, cy = rect.right - r, rect.bottom - plate - r
        pygame.draw.circle(surface, (12, 16, 24), (cx, cy), r + 1)
        pygame.draw.circle(surface, HULL_MARK, (cx, cy), r + 1, 1)
        k = -1 if face == "dorsal" else 1  # the point: up on top, down underneath
        tip = (cx, cy + k * r * 0.75)
        base = (cy - k * r * 0.5)
        pygame.draw.polygon(surface, HULL_MARK, [tip, (cx - r * 0.7, base), (cx + r * 0.7, base)])

    @staticmethod
    def draw_piece(surface, ctx, rect: pygame.Rect, p: Piece) -> None:
        """One counter: its body (by kind of character, or the item's glyph), the facing
        arrow, a name plate along its foot and status badges; a ghost is the same body
        faded, with its facing and the round it was last seen."""
        from game.ui.artifact_icons import glyph, glyph_for
        from game.ui.artifact_pieces import character_sprite

        side = rect.w
        sprite = p.sprite
        if p.ghost:  # a translucent silhouette of what was seen there
            sprite = character_sprite(p.label) if p.kind == "character" else "counter_item"
        img = ctx.assets.tinted(sprite, p.colour, (side, side))
        if p.ghost:
            img = img.copy()
            img.set_alpha(110)
        surface.blit(img, rect)
        if p.kind == "item" and side >= 14:
            mark = glyph(glyph_for(p.label), round(side * 0.62))
            surface.blit(mark, mark.get_rect(center=(rect.centerx, rect.centery - side // 10)))
        if p.own and not p.ghost:
            pygame.draw.circle(surface, (255, 255, 255), rect.center, side // 2, 1)
        if p.kind == "character" and (p.facing or p.angle is not None):
            angle = p.angle if p.angle is not None else FACING_ANGLE.get(p.facing or "N", 0.0)
            arrow_side = max(8, round(side * 0.55))
            arrow = ctx.assets.rotated("facing_arrow", angle, (arrow_side, arrow_side))
            if p.ghost:
                arrow = arrow.copy()
                arrow.set_alpha(140)
            rad = math.radians(angle)
            off = side * 0.46
            ax = rect.centerx - math.sin(rad) * off
            ay = rect.centery - math.cos(rad) * off
            surface.blit(arrow, arrow.get_rect(center=(round(ax), round(ay))))
        if side >= 24 and p.label:  # a name plate: light letters on a dark band
            px = max(9, min(14, side // 4))
            plate = pygame.Rect(rect.x + 1, rect.bottom - px - 3, side - 2, px + 3)
            band = pygame.Surface(plate.size, pygame.SRCALPHA)
            band.fill((0, 0, 0, 170))
            surface.blit(band, plate)
            text = p.label if not p.ghost else p.label.split(" (")[0]
            name = fit_text(ctx, text, px, (245, 245, 250), plate.w - 2, bold=True)
            surface.blit(name, name.get_rect(center=plate.center))
        badge = max(10, round(side * 0.38))
        if p.ghost and p.seen_round and side >= 16:  # no "R0": setup is no round
            img = ctx.text.render(f"R{p.seen_round}", max(9, badge // 2 + 2), theme.YELLOW,
                                  bold=True)
            box = img.get_rect(topright=(rect.right, rect.y)).inflate(4, 0)
            pygame.draw.rect(surface, (0, 0, 0), box)
            surface.blit(img, img.get_rect(center=box.center))
        if p.status in STATUS_SPRITE and p.status != "active":
            img = ctx.assets.scaled(STATUS_SPRITE[p.status], (badge, badge))
            surface.blit(img, (rect.right - badge, rect.y))
        if p.suit:
            img = ctx.assets.scaled("status_suit", (badge, badge))
            surface.blit(img, (rect.x, rect.y))
        if p.marks and not p.ghost:
            draw_combat_badges(surface, ctx, rect, p.marks)

    def draw_facing_choice(self, surface, ctx, cam: Camera, square: tuple[int, int],
                           default: str | None = None, costs: dict | None = None) -> None:
        """The four facings around ``square``: ringed yellow the one Enter takes, grey with
        a dark arrow those the engine would refuse (``costs``: facing -> (MP, why)), an
        amber dot on those that cost MP (the seat's tooltip gives the cost)."""
        costs = costs or {}
        for facing, rect in self.facing_rects(cam, square).items():
            cost, why = costs.get(facing, (0, ""))
            ring = theme.YELLOW if facing == default and not why else (
                theme.INK_FAINT if why else theme.INK_DIM)
            pygame.draw.circle(surface, (0, 0, 0), rect.center, rect.w // 2 + 2)
            pygame.draw.circle(surface, ring, rect.center, rect.w // 2 + 2,
                               4 if facing == default and not why else 2)
            arrow = ctx.assets.rotated("facing_arrow", FACING_ANGLE[facing], rect.size)
            if why:
                arrow = arrow.copy()
                arrow.fill((90, 90, 90, 140), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(arrow, arrow.get_rect(center=rect.center))
            if cost and not why:  # a turn that costs MP: an amber dot (the cost on hover)
                pygame.draw.circle(surface, theme.ORANGE, rect.topright, max(3, rect.w // 6))

    @staticmethod
    def facing_rects(cam: Camera, square: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Where the four facing arrows go: on the square's own edges, as far in as they
        can be without covering each other, so they stay off the neighbouring counters."""
        c = cam.cell
        side = max(14, round(c * 0.34))
        cx, cy = cam.centre_px(*square)
        d = max(c * 0.5 - side * 0.5, side)
        out = {}
        for facing, (dx, dy) in {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.items():
            r = pygame.Rect(0, 0, side, side)
            r.center = (round(cx + dx * d), round(cy + dy * d))
            out[facing] = r
        return out

    # ------------------------------------------------------------------ minimap

    def minimap(self, surface, ctx, rect: pygame.Rect, cam: Camera, pieces: list[Piece],
                hatches: dict[int, str], lifts: dict[str, int]) -> None:
        plan = self.plan
        k = max(1, min(rect.w // plan.width, rect.h // plan.height))
        key = (k,)
        mini = self._mini.get(key)
        if mini is None:
            mini = pygame.Surface((plan.width * k, plan.height * k)).convert()
            mini.fill(SPACE_COLOUR)
            shade = {"clear": (92, 104, 120), "cluttered": (72, 82, 98),
                     "obstructed": (56, 64, 78), "blocked": (30, 34, 42),
                     "hull": (62, 70, 86)}  # the hull's top and underside
            faces = space.outside(plan).face_of
            for s in range(plan.width * plan.height):
                t = "hull" if s in faces else plan.terrain[s]
                if t in shade:
                    x, y = plan.xy(s)
                    mini.fill(shade[t], (x * k, y * k, k, k))
            self._mini[key] = mini
        pygame.draw.rect(surface, (0, 0, 0), rect)
        r = mini.get_rect(center=rect.center)
        surface.blit(mini, r)
        for p in pieces:
            if p.ghost:
                continue
            x, y = p.centre()
            pygame.draw.rect(surface, p.colour, (r.x + round(x * k) - 1, r.y + round(y * k) - 1,
                                                 k + 2, k + 2))
        view = pygame.Rect(r.x + round(cam.ox / cam.cell * k), r.y + round(cam.oy / cam.cell * k),
                           round(cam.rect.w / cam.cell * k), round(cam.rect.h / cam.cell * k))
        pygame.draw.rect(surface, (255, 255, 255), view.clip(r), 1)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
        self._mini_rect = r
        self._mini_k = k

    def minimap_square(self, pos: tuple[int, int]) -> tuple[float, float] | None:
        r = getattr(self, "_mini_rect", None)
        if r is None or not r.collidepoint(pos):
            return None
        k = self._mini_k
        return (pos[0] - r.x) / k, (pos[1] - r.y) / k
