"""The Feynman's static drawing: floors, walls, doors, hatches, lifts, the ring's wrap and
the lift spokes, and room names, rendered in square tiles kept within a byte budget.

The deck plan is public and changes only with hatch and lift states, so the drawing is
cached; but a whole-ship surface per zoom level costs up to 29 MB each, so it is cut into
``TILE``-pixel tiles: a frame asks only for the tiles in view, and the least recently used
ones are dropped once ``TILE_BUDGET`` bytes are held.

The plan joins some squares that are not side by side: the two halves of the ring meet
top to bottom, the Astrophysics Lab sits above the Engineering Deck, and each lift runs
from a hull stop to a ring stop. Those joins are drawn as bands routed through empty space
(``connectors``, found once per plan by a shortest path that avoids the hull, prefers few
turns and keeps off the bands already placed), so a player sees where a corridor goes on.
Room names are laid out once per zoom level so that no two ever overlap (``name_layout``).
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.artifact import space
from game.artifact.deckplan import DeckPlan
from game.ui import theme
from game.ui.artifact_words import HULL_FACE_TITLES

TILE = 256                      # tile side in screen pixels
TILE_BUDGET = 24 * 1024 * 1024  # most bytes of tiles kept (a 2560x1440 map view needs 16 MB)
MARGIN = 3                      # squares of space drawn round the plan (bands pass there)
MIN_NAME_CELL = 18              # names are drawn from this square size up

SPACE_COLOUR = (6, 9, 16)
WALL = (196, 208, 222)
DOOR = (130, 150, 170)
BAND = (38, 46, 60)             # a ring wrap or lab link: a corridor through space
SHAFT = (24, 30, 42)            # a lift spoke
FLOOR_SPRITE = {"clear": "floor_clear", "cluttered": "floor_cluttered",
                "obstructed": "floor_obstructed", "blocked": "floor_blocked"}
EMPTY = ("space", "void", "gap")
HULL_PLATE = (52, 60, 74)       # the outer hull's plating, seen on its top or underside
HULL_UNDERSIDE = (40, 46, 60)   # the same, underneath: a shade darker
HULL_SEAM = (74, 84, 100)       # the rooms' walls beneath it, faintly
HULL_EDGE = (150, 162, 180)     # the hull's rim, where a figure steps off into space
HULL_SWEPT = (112, 84, 30)      # where the ring's spokes leave the hub through the hull
_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass(frozen=True)
class Connector:
    """A join between squares that are not side by side, drawn as a band through space.

    ``points`` are the top-left squares of the band's ``width`` x ``width`` blocks where
    it starts, turns and ends (axis-aligned runs); the first and last block sit right
    outside the joined squares ``ends``."""

    kind: str                   # "wrap" (ring halves, lab over engineering) | "spoke" (lift)
    label: str                  # what the band is, in words
    ends: tuple[tuple[int, ...], tuple[int, ...]]   # the joined squares on each side
    hatch: int | None           # the hatch on both ends (wraps), None for lifts
    width: int                  # in squares
    points: tuple[tuple[int, int], ...]

    def segments(self, c: int) -> list[pygame.Rect]:
        """The band's rectangles in world pixels at square size ``c``."""
        k = self.width
        inset = max(1, round(c * (0.08 if self.kind == "wrap" else 0.2)))
        out = []
        for (x0, y0), (x1, y1) in zip(self.points, self.points[1:], strict=False):
            r = pygame.Rect(min(x0, x1) * c, min(y0, y1) * c, (abs(x1 - x0) + k) * c,
                            (abs(y1 - y0) + k) * c)
            out.append(r.inflate(-2 * inset, -2 * inset))
        return out

    def exits(self) -> list[tuple[int, tuple[int, int]]]:
        """(joined square, the square beyond it on the band's side) for every end square:
        where the hatch of a wrap sits."""
        out = []
        for squares, block in ((self.ends[0], self.points[0]), (self.ends[1], self.points[-1])):
            for sq in squares:
                out.append((sq, block))
        return out


def _free(plan: DeckPlan, x: int, y: int) -> bool:
    """Open space a band may cross: not the hull, and not the drawing of its faces."""
    if not plan.inside(x, y):
        return True
    s = plan.sq(x, y)
    return plan.terrain[s] in ("space", "void") and s not in space.outside(plan).face_of


def hull_face_boxes(plan: DeckPlan) -> list[tuple[str, tuple[int, int, int, int]]]:
    """(face, (x0, y0, x1, y1)) round each hull face's drawing: where its title goes."""
    boxes: dict[str, list[int]] = {}
    for s, face in space.outside(plan).face_of.items():
        x, y = plan.xy(s)
        box = boxes.setdefault(face, [x, y, x, y])
        box[0], box[1] = min(box[0], x), min(box[1], y)
        box[2], box[3] = max(box[2], x), max(box[3], y)
    return [(face, (b[0], b[1], b[2], b[3])) for face, b in sorted(boxes.items())]


@lru_cache(maxsize=4)
def _empty_grid(plan: DeckPlan) -> frozenset[tuple[int, int]]:
    """The squares a band may cross: space and void in the plan, and the margin round it
    (one square further, so the neighbours of the margin's edge count as open too)."""
    return frozenset((x, y) for x in range(-MARGIN - 2, plan.width + MARGIN + 2)
                     for y in range(-MARGIN - 2, plan.height + MARGIN + 2)
                     if _free(plan, x, y))


@lru_cache(maxsize=8)
def _blocks(plan: DeckPlan, k: int) -> tuple[frozenset, dict]:
    """The ``k`` x ``k`` blocks a band may take (all empty, inside the drawn margin), and
    for each the extra cost of hugging the hull (2 a neighbouring hull square, at most 4)."""
    empty = _empty_grid(plan)
    blocks = set()
    near = {}
    for x in range(-MARGIN, plan.width + MARGIN - k + 1):
        for y in range(-MARGIN, plan.height + MARGIN - k + 1):
            if all((x + i, y + j) in empty for i in range(k) for j in range(k)):
                blocks.add((x, y))
                hull = sum(1 for i in range(-1, k + 1) for j in range(-1, k + 1)
                           if (x + i, y + j) not in empty)
                near[(x, y)] = 2 * min(hull, 2)
    return frozenset(blocks), near


def _side_blocks(plan: DeckPlan, squares: list[tuple[int, int]],
                 k: int) -> list[tuple[tuple[int, int], int]]:
    """(block, direction) right outside a row or column of ``k`` squares."""
    xs = sorted(p[0] for p in squares)
    ys = sorted(p[1] for p in squares)
    gx, gy = xs[0], ys[0]
    out = []
    for d, (dx, dy) in enumerate(_DIRS):
        if k > 1 and ((dx and len(set(xs)) > 1) or (dy and len(set(ys)) > 1)):
            continue  # a row of squares is left by its long side only
        bx = gx + (dx if dx <= 0 else 1) * (k if dx < 0 else 1) if dx else gx
        by = gy + (dy if dy <= 0 else 1) * (k if dy < 0 else 1) if dy else gy
        out.append(((bx, by), d))
    return out


def _route(plan: DeckPlan, a: list[tuple[int, int]], b: list[tuple[int, int]], k: int,
           used: set, crossing: int) -> list[tuple[int, int]] | None:
    """Blocks of ``k`` x ``k`` squares through space from beside ``a`` to beside ``b``:
    fewest turns and steps, away from the hull, and off the squares in ``used`` (which
    cost ``crossing`` each; None: never entered)."""
    open_blocks, near = _blocks(plan, k)
    span = [(i, j) for i in range(k) for j in range(k)]

    def free(x: int, y: int) -> bool:
        return (x, y) in open_blocks and (
            crossing is not None or not any((x + i, y + j) in used for i, j in span))

    def cost(x: int, y: int) -> int:
        hit = sum(1 for i, j in span if (x + i, y + j) in used) if crossing else 0
        return 1 + near[(x, y)] + (crossing or 0) * hit

    goals = {block for block, _d in _side_blocks(plan, b, k) if free(*block)}
    if not goals:
        return None

    def h(x: int, y: int) -> int:
        # A*: no step costs less than 1
        return min(abs(x - gx) + abs(y - gy) for gx, gy in goals)

    # One state a block, turning judged against the way its best path arrived: not
    # exactly the fewest turns, but a tenth of the work, and it draws the same bands.
    heap: list = []
    best: dict[tuple[int, int], int] = {}
    came: dict[tuple[int, int], tuple[tuple[int, int] | None, int]] = {}
    for block, d in _side_blocks(plan, a, k):
        if free(*block) and cost(*block) < best.get(block, math.inf):
            best[block] = cost(*block)
            came[block] = (None, d)
            heapq.heappush(heap, (best[block] + h(*block), block))
    done: set = set()
    while heap:
        _f, block = heapq.heappop(heap)
        if block in done:
            continue
        done.add(block)
        if block in goals:
            out = []
            step: tuple[int, int] | None = block
            while step is not None:
                out.append(step)
                step = came[step][0]
            return out[::-1]
        dist, d = best[block], came[block][1]
        for nd, (dx, dy) in enumerate(_DIRS):
            nxt = (block[0] + dx, block[1] + dy)
            if nd == (d + 2) % 4 or nxt in done or not free(*nxt):
                continue
            total = dist + cost(*nxt) + (6 if nd != d else 0)
            if total < best.get(nxt, math.inf):
                best[nxt] = total
                came[nxt] = (block, nd)
                heapq.heappush(heap, (total + h(*nxt), nxt))
    return None


def _corners(path: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The path's ends and the blocks where it turns."""
    out = [path[0]]
    for p, q, r in zip(path, path[1:], path[2:], strict=False):
        if (q[0] - p[0], q[1] - p[1]) != (r[0] - q[0], r[1] - q[1]):
            out.append(q)
    if len(path) > 1:
        out.append(path[-1])
    return tuple(out)


def _in_a_line(squares: list[tuple[int, int]]) -> bool:
    xs = sorted(p[0] for p in squares)
    ys = sorted(p[1] for p in squares)
    if len(set(ys)) == 1:
        return xs == list(range(xs[0], xs[0] + len(xs)))
    if len(set(xs)) == 1:
        return ys == list(range(ys[0], ys[0] + len(ys)))
    return False


@lru_cache(maxsize=4)
def connectors(plan: DeckPlan) -> tuple[Connector, ...]:
    """Every join drawn through space: hatch links (the ring's wrap, the lab above
    engineering; the squares of one hatch make one band as wide as the hatch) and lift
    spokes, each routed once for the plan. Bands never cross when they can avoid it."""
    by_hatch: dict[int, list[tuple[int, int]]] = {}
    for a, others in sorted(plan.links.items()):
        for b, hid in others:
            if a < b:
                by_hatch.setdefault(hid, []).append((a, b))
    wanted = []
    for hid, pairs in sorted(by_hatch.items()):
        side_a = [plan.xy(a) for a, _b in pairs]
        side_b = [plan.xy(b) for _a, b in pairs]
        groups = ([(side_a, side_b)] if _in_a_line(side_a) and _in_a_line(side_b)
                  else [([plan.xy(a)], [plan.xy(b)]) for a, b in pairs])
        for sa, sb in groups:
            a0, b0 = plan.sq(*sa[0]), plan.sq(*sb[0])
            ring = "Ring" in plan.space_name(a0) and "Ring" in plan.space_name(b0)
            label = "ring continues" if ring else f"to {plan.space_name(b0)}"
            wanted.append(("wrap", label, sa, sb, hid))
    for lift in plan.lifts:
        wanted.append(("spoke", f"Lift {lift.name} shaft", [plan.xy(lift.ends[0])],
                       [plan.xy(lift.ends[1])], None))
    used: set = set()
    out = []
    for kind, label, sa, sb, hid in wanted:
        k = len(sa) if len(sa) == len(sb) else 1
        path = _route(plan, sa, sb, k, used, None) or _route(plan, sa, sb, k, used, 12)
        if path is None:
            continue
        for x, y in path:
            used.update((x + i, y + j) for i in range(k) for j in range(k))
        out.append(Connector(kind, label, (tuple(plan.sq(*p) for p in sa),
                                           tuple(plan.sq(*p) for p in sb)),
                             hid, k, _corners(path)))
    return out and tuple(out) or ()


@dataclass(frozen=True)
class Label:
    """A name placed on the map: text, its size and its box in world pixels."""

    text: str
    px: int
    rect: pygame.Rect


def name_layout(plan: DeckPlan, c: int, measure) -> list[Label]:
    """Room names (spaces of three squares or more, biggest first) and band labels at
    square size ``c``, none overlapping another: each name tries its room's squares from
    the middle outwards, shrinking to fit the room, and is left out if no place is free.
    ``measure(text, px) -> (w, h)``."""
    squares: dict[int, list[tuple[int, int]]] = {}
    for s, index in enumerate(plan.space_of):
        if index >= 0:
            squares.setdefault(index, []).append(plan.xy(s))
    gap = max(4, c // 4)
    taken: list[pygame.Rect] = []
    out: list[Label] = []
    top = max(9, min(16, round(c * 0.42)))

    def place(text: str, px_max: int, width_room: int, spots) -> None:
        for px in range(px_max, 8, -1):
            w, h = measure(text, px)
            if w <= width_room or px == 9:
                break
        for cx, cy in spots:
            r = pygame.Rect(0, 0, w + 6, h)
            r.center = (round(cx), round(cy))
            room = r.inflate(gap, gap // 2)  # a clear gap all round, so names never run
            if room.collidelist(taken) < 0:  # into each other ("Galley Ring Corridor 3")
                taken.append(room)
                out.append(Label(text, px, r))
                return

    for face, (x0, y0, x1, _y1) in hull_face_boxes(plan):  # above each face of the hull
        place(HULL_FACE_TITLES[face], top, (x1 - x0 + 1) * c,
              [((x0 + x1 + 1) / 2 * c, (y0 - 0.5) * c)])
    for index, pts in sorted(squares.items(), key=lambda kv: -len(kv[1])):
        if len(pts) < 3:
            continue
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        plain = [p for p in pts if not plan.feature[plan.sq(*p)]]
        order = sorted(pts, key=lambda p: (p not in plain, (p[0] - mx) ** 2 + (p[1] - my) ** 2))
        width_room = (max(p[0] for p in pts) - min(p[0] for p in pts) + 1) * c
        place(plan.space_names[index], top, width_room,
              [((p[0] + 0.5) * c, (p[1] + 0.5) * c) for p in order[:12]])
    for conn in connectors(plan):  # on a long level run of the band, beside it
        segs = sorted((r for r in conn.segments(c) if r.w >= 6 * c), key=lambda r: -r.w)
        spots = [(r.centerx, y) for r in segs for y in (r.top - c * 0.5, r.bottom + c * 0.5)]
        place(conn.label, max(9, top - 2), 10 ** 6, spots)
    return out


class StaticMap:
    """Tiles of the static drawing at one square size, hatch state and lift state.
    ``bows``: each ship's first control seat and the way its bow points (``ships.bows``),
    marked on the seat with a chevron on its bow side."""

    def __init__(self, plan: DeckPlan, bows: dict[int, str] | None = None,
                 unbroken: DeckPlan | None = None) -> None:
        self.plan = plan
        self.bows = dict(bows or {})
        # edges ("v" or "h", index) that were windows before a shot broke them
        self.broken = broken_windows(plan, unbroken) if unbroken is not None else frozenset()
        self._tiles: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.bytes = 0
        self.budget = TILE_BUDGET
        self._names: dict[int, list[Label]] = {}
        self._hatch_edges = [(hid, a, b) for hid, a, b in _hatch_edges(plan)]

    def clear(self) -> None:
        self._tiles.clear()
        self.bytes = 0
        self._names.clear()

    def names(self, ctx, c: int) -> list[Label]:
        found = self._names.get(c)
        if found is None:
            if len(self._names) > 8:
                self._names.clear()
            found = name_layout(self.plan, c, lambda t, px: ctx.text.size(t, px, True))
            self._names[c] = found
        return found

    def blit_view(self, target: pygame.Surface, ctx, c: int, view: pygame.Rect,
                  hatches: dict[int, str], lifts: dict[str, int]) -> None:
        """Draw world-pixel rectangle ``view`` of the plan onto ``target`` at (0, 0)."""
        # Keep what one view needs and half as much again for panning, within the bound.
        need = (view.w // TILE + 2) * (view.h // TILE + 2) * TILE * TILE * 4
        self.budget = min(TILE_BUDGET, max(8 * 1024 * 1024, need * 3 // 2))
        state = (tuple(sorted(hatches.items())), tuple(sorted(lifts.items())))
        for ty in range(math.floor(view.y / TILE), math.floor((view.bottom - 1) / TILE) + 1):
            for tx in range(math.floor(view.x / TILE), math.floor((view.right - 1) / TILE) + 1):
                tile = self.tile(ctx, c, state, hatches, lifts, tx, ty)
                target.blit(tile, (tx * TILE - view.x, ty * TILE - view.y))

    def tile(self, ctx, c: int, state: tuple, hatches, lifts, tx: int,
             ty: int) -> pygame.Surface:
        key = (c, state, tx, ty)
        surf = self._tiles.get(key)
        if surf is not None:
            self._tiles.move_to_end(key)
            return surf
        surf = self._draw_tile(ctx, c, hatches, lifts, pygame.Rect(tx * TILE, ty * TILE,
                                                                   TILE, TILE))
        self._tiles[key] = surf
        self.bytes += TILE * TILE * surf.get_bytesize()
        while self.bytes > self.budget and len(self._tiles) > 1:
            _k, old = self._tiles.popitem(last=False)
            self.bytes -= TILE * TILE * old.get_bytesize()
        return surf

    # ------------------------------------------------------------------ one tile

    def _draw_tile(self, ctx, c: int, hatches, lifts, region: pygame.Rect) -> pygame.Surface:
        plan = self.plan
        assets = ctx.assets
        surf = pygame.Surface(region.size)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.fill(SPACE_COLOUR)
        ox, oy = region.topleft
        x0, x1 = math.floor(ox / c), math.floor((region.right - 1) / c)
        y0, y1 = math.floor(oy / c), math.floor((region.bottom - 1) / c)
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                if (x * 7 + y * 13) % 11 == 0 and _free(plan, x, y):
                    surf.fill((70, 80, 100), (x * c - ox + (x * 5) % max(1, c - 2),
                                              y * c - oy + (y * 3) % max(1, c - 2), 1, 1))
        self._draw_connectors(surf, c, region, hatches)
        tiles = {t: assets.scaled(name, (c, c)) for t, name in FLOOR_SPRITE.items()}
        faces = space.outside(plan)
        for y in range(max(0, y0), min(plan.height - 1, y1) + 1):
            for x in range(max(0, x0), min(plan.width - 1, x1) + 1):
                s = plan.sq(x, y)
                t = plan.terrain[s]
                if s in faces.face_of:
                    self._draw_hull_face(surf, c, s, pygame.Rect(x * c - ox, y * c - oy, c, c))
                    continue
                if t in EMPTY:
                    continue
                r = pygame.Rect(x * c - ox, y * c - oy, c, c)
                surf.blit(tiles[t], r)
                self._draw_feature(surf, assets, c, s, r, lifts)
        self._draw_edges(surf, c, region, x0, x1, y0, y1)
        self._draw_hatches(ctx, surf, c, region, hatches)
        if c >= MIN_NAME_CELL:
            for label in self.names(ctx, c):
                if label.rect.colliderect(region):
                    r = label.rect.move(-ox, -oy)
                    plate = pygame.Surface(r.size, pygame.SRCALPHA)
                    plate.fill((0, 0, 0, 120))
                    surf.blit(plate, r)
                    img = ctx.text.render(label.text, label.px, (235, 240, 250), bold=True)
                    surf.blit(img, img.get_rect(center=r.center))
        return surf

    def _draw_hull_face(self, surf, c: int, s: int, r: pygame.Rect) -> None:
        """One square of the hull's top or underside: plating, the walls of the rooms
        beneath it faintly, its rim where it meets space, and the spokes' sweep."""
        plan = self.plan
        out = space.outside(plan)
        face = out.face_of[s]
        pygame.draw.rect(surf, HULL_PLATE if face == "dorsal" else HULL_UNDERSIDE, r)
        if s in out.swept:  # the spokes leave the hub here: warning stripes
            clip = surf.get_clip()
            surf.set_clip(r.clip(clip))
            for k in range(-c, c, max(4, c // 3)):
                pygame.draw.line(surf, HULL_SWEPT, (r.x + k, r.bottom - 1), (r.x + k + c, r.y),
                                 max(1, c // 10))
            surf.set_clip(clip)
        dot = max(1, c // 16)
        for fx, fy in ((0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)):  # rivets
            pygame.draw.circle(surf, HULL_SEAM, (r.x + fx * c, r.y + fy * c), dot)
        under = out.ground[s]
        x, y = plan.xy(s)
        sides = (((0, -1), (r.topleft, r.topright)), ((1, 0), (r.topright, r.bottomright)),
                 ((0, 1), (r.bottomleft, r.bottomright)), ((-1, 0), (r.topleft, r.bottomleft)))
        for (dx, dy), (a, b) in sides:
            n = plan.sq(x + dx, y + dy) if plan.inside(x + dx, y + dy) else None
            if n is None or out.face_of.get(n) != face:
                pygame.draw.line(surf, HULL_EDGE, a, b, max(2, c // 10))
            elif plan.edge_between(under, out.ground[n]) != "open":
                pygame.draw.line(surf, HULL_SEAM, a, b, 1)

    def _draw_feature(self, surf, assets, c: int, s: int, r: pygame.Rect, lifts) -> None:
        plan = self.plan
        feature = plan.feature[s]
        icon = {"major_terminal": "terminal_major", "minor_terminal": "terminal_minor"}.get(
            feature)
        if icon:
            img = assets.scaled(icon, (c - 2, c - 2))
            surf.blit(img, img.get_rect(center=r.center))
        elif feature == "control_seat":
            pygame.draw.rect(surf, (40, 60, 90), r.inflate(-c // 3, -c // 3),
                             border_radius=max(2, c // 6))
            pygame.draw.rect(surf, theme.SKY, r.inflate(-c // 3, -c // 3), 1,
                             border_radius=max(2, c // 6))
            bow = self.bows.get(s)
            if bow:
                _bow_chevron(surf, r, bow, c)
        elif feature == "turret":
            pygame.draw.circle(surf, (60, 40, 30), r.center, c // 3)
            pygame.draw.circle(surf, theme.ORANGE, r.center, c // 3, max(1, c // 12))
        elif feature == "drive":
            for k in range(-c, c, max(4, c // 3)):
                pygame.draw.line(surf, (120, 90, 20), (r.x + k, r.bottom - 1),
                                 (r.x + k + c, r.y), max(1, c // 10))
        elif feature == "shield_generator":
            pygame.draw.circle(surf, theme.BLUE, r.center, c // 2 - 1)
            pygame.draw.circle(surf, theme.SKY, r.center, c // 2 - 1, max(1, c // 10))
        elif feature == "lift_stop":
            pygame.draw.rect(surf, (14, 18, 26), r.inflate(-2, -2))
            pygame.draw.rect(surf, theme.INK_FAINT, r.inflate(-2, -2), 1)
            for lift in plan.lifts:
                if s in lift.ends and lifts.get(lift.name, lift.start) == lift.ends.index(s):
                    img = assets.scaled("lift_car", (c - 2, c - 2))
                    surf.blit(img, img.get_rect(center=r.center))

    def _draw_connectors(self, surf, c: int, region: pygame.Rect, hatches) -> None:
        ox, oy = region.topleft
        for conn in connectors(self.plan):
            segs = conn.segments(c)
            if not any(r.colliderect(region) for r in segs):
                continue
            fill = BAND if conn.kind == "wrap" else SHAFT
            edge = theme.ORANGE if conn.kind == "wrap" else theme.INK_FAINT
            for r in segs:
                pygame.draw.rect(surf, fill, r.move(-ox, -oy))
            for r in segs:  # the rails along both sides
                m = r.move(-ox, -oy)
                if m.w >= m.h:
                    pygame.draw.line(surf, edge, m.topleft, m.topright, 1)
                    pygame.draw.line(surf, edge, m.bottomleft, m.bottomright, 1)
                else:
                    pygame.draw.line(surf, edge, m.topleft, m.bottomleft, 1)
                    pygame.draw.line(surf, edge, m.topright, m.bottomright, 1)
            # chevrons along the middle point the way round
            half = conn.width / 2
            step = max(3 * c, 24)
            for (x0, y0), (x1, y1) in zip(conn.points, conn.points[1:], strict=False):
                n = max(1, round(math.hypot(x1 - x0, y1 - y0) * c / step))
                dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
                for k in range(1, n):
                    cx = (x0 + (x1 - x0) * k / n + half) * c - ox
                    cy = (y0 + (y1 - y0) * k / n + half) * c - oy
                    s = max(3, c // 6)
                    tip = (cx + dx * s, cy + dy * s)
                    pygame.draw.line(surf, edge, (cx - dx * s - dy * s, cy - dy * s - dx * s),
                                     tip, 2)
                    pygame.draw.line(surf, edge, (cx - dx * s + dy * s, cy - dy * s + dx * s),
                                     tip, 2)

    def _draw_edges(self, surf, c: int, region, x0, x1, y0, y1) -> None:
        plan = self.plan
        w = plan.width
        ox, oy = region.topleft
        thick = max(2, c // 8)
        for y in range(max(0, y0 - 1), min(plan.height, y1 + 2)):
            for x in range(max(0, x0 - 1), min(w + 1, x1 + 2)):
                kind = plan.vedge[y * (w + 1) + x]
                if ("v", y * (w + 1) + x) in self.broken:
                    kind = "broken"
                if kind != "open":
                    _edge(surf, kind, (x * c - ox, y * c - oy), (x * c - ox, (y + 1) * c - oy),
                          c, thick)
        for y in range(max(0, y0 - 1), min(plan.height + 1, y1 + 2)):
            for x in range(max(0, x0 - 1), min(w, x1 + 2)):
                kind = plan.hedge[y * w + x]
                if ("h", y * w + x) in self.broken:
                    kind = "broken"
                if kind != "open":
                    _edge(surf, kind, (x * c - ox, y * c - oy), ((x + 1) * c - ox, y * c - oy),
                          c, thick)

    def _draw_hatches(self, ctx, surf, c: int, region, hatches) -> None:
        ox, oy = region.topleft
        size = max(8, round(c * 0.62))
        near = region.inflate(2 * c, 2 * c)
        for hid, a, b in self._hatch_edges:
            mx = (a[0] + b[0] + 1) / 2 * c
            my = (a[1] + b[1] + 1) / 2 * c
            if not near.collidepoint(mx, my):
                continue
            state = hatches.get(hid, "closed")
            if state == "blown":  # torn from its frame: scorched remnants and a gap
                ax, ay = a[0] * c - ox, a[1] * c - oy
                if a[1] == b[1]:
                    x = max(a[0], b[0]) * c - ox
                    _edge(surf, "blown", (x, ay), (x, ay + c), c, max(2, c // 8))
                else:
                    y = max(a[1], b[1]) * c - oy
                    _edge(surf, "blown", (ax, y), (ax + c, y), c, max(2, c // 8))
                continue
            colour = {"locked": theme.VERMILLION, "open": theme.GREEN}.get(state, theme.ORANGE)
            if a[1] == b[1]:  # squares side by side: the edge is vertical
                bar = pygame.Rect(0, 0, max(3, c // 5), c)
            else:
                bar = pygame.Rect(0, 0, c, max(3, c // 5))
            bar.center = (round(mx - ox), round(my - oy))
            pygame.draw.rect(surf, (30, 30, 36), bar)
            pygame.draw.rect(surf, colour, bar, max(1, c // 14))
            if c >= 14 and state in ("locked", "open"):
                name = "hatch_locked" if state == "locked" else "hatch_open"
                img = ctx.assets.scaled(name, (size, size))
                surf.blit(img, img.get_rect(center=bar.center))


def _bow_chevron(surf, r: pygame.Rect, bow: str, c: int) -> None:
    """A chevron just beyond the ``bow`` side of square ``r``, pointing out: where a ship's
    nose is (the seat is at the bow, so it lies on open space beside the pilot's counter)."""
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[bow]
    reach = c // 2 + max(3, c // 3)
    tip = (r.centerx + dx * reach, r.centery + dy * reach)
    back = max(3, c // 4)
    base = (tip[0] - dx * back, tip[1] - dy * back)
    side = (dy * back, dx * back)
    points = [tip, (base[0] + side[0], base[1] + side[1]),
              (base[0] - side[0], base[1] - side[1])]
    pygame.draw.polygon(surf, theme.ORANGE, points)


def _hatch_edges(plan: DeckPlan) -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
    """(hatch id, square a, square b) for every hatch edge drawn: between neighbouring
    squares, and where a linked square meets its band (its wrap's first square)."""
    out = []
    for hatch in plan.hatches:
        for a, b in hatch.edges:
            ax, ay = plan.xy(a)
            bx, by = plan.xy(b)
            if abs(ax - bx) + abs(ay - by) == 1:
                out.append((hatch.id, (ax, ay), (bx, by)))
    for conn in connectors(plan):
        if conn.hatch is None:
            continue
        for sq, block in conn.exits():
            x, y = plan.xy(sq)
            bx, by = block
            k = conn.width
            if by + k - 1 < y:
                out.append((conn.hatch, (x, y), (x, y - 1)))
            elif by > y:
                out.append((conn.hatch, (x, y), (x, y + 1)))
            elif bx + k - 1 < x:
                out.append((conn.hatch, (x, y), (x - 1, y)))
            else:
                out.append((conn.hatch, (x, y), (x + 1, y)))
    return out


def broken_windows(plan: DeckPlan, unbroken: DeckPlan) -> frozenset[tuple[str, int]]:
    """The edges of ``plan`` ("v" or "h", index) open where ``unbroken`` (the same plan
    before any hole) has a window: windows shot out, drawn as such."""
    out = {("v", i) for i, kind in enumerate(plan.vedge)
           if kind == "open" and unbroken.vedge[i] == "glass"}
    out |= {("h", i) for i, kind in enumerate(plan.hedge)
            if kind == "open" and unbroken.hedge[i] == "glass"}
    return frozenset(out)


#: A broken window: jagged shards of glass left in the frame, and the gap between them.
SHARDS = (150, 220, 250)
#: A hatch blown open: scorched remnants of its frame.
SCORCHED = (190, 160, 120)


def _edge(surf, kind: str, a, b, c: int, thick: int) -> None:
    if kind in ("broken", "blown"):
        dx, dy = (b[0] - a[0]) / c, (b[1] - a[1]) / c
        nx, ny = -dy, dx  # across the edge
        j = c * 0.26
        colour = SHARDS if kind == "broken" else SCORCHED
        for end, sign in ((a, 1), (b, -1)):
            tip = (end[0] + sign * dx * j, end[1] + sign * dy * j)
            pygame.draw.line(surf, colour, end, tip, max(2, thick))
            if kind == "broken":  # a jagged point sticking into the hole
                spike = (end[0] + sign * dx * j * 1.5 + nx * c * 0.12,
                         end[1] + sign * dy * j * 1.5 + ny * c * 0.12)
                pygame.draw.polygon(surf, colour, [end, spike, tip])
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        r = max(1, c // 12)
        for k in (-1, 1):  # a few splinters on the floor either side
            pygame.draw.circle(surf, colour, (mid[0] + nx * k * c * 0.2 + dx * k * c * 0.1,
                                              mid[1] + ny * k * c * 0.2 + dy * k * c * 0.1), r)
    elif kind == "wall":
        pygame.draw.line(surf, WALL, a, b, thick)
    elif kind == "glass":
        pygame.draw.line(surf, (150, 220, 250), a, b, max(2, thick))
        pygame.draw.line(surf, (40, 110, 160), a, b, 1)
    elif kind == "door":
        # jambs at both ends, an open gap in the middle
        dx, dy = (b[0] - a[0]) / c, (b[1] - a[1]) / c
        j = c * 0.22
        pygame.draw.line(surf, WALL, a, (a[0] + dx * j, a[1] + dy * j), thick)
        pygame.draw.line(surf, WALL, b, (b[0] - dx * j, b[1] - dy * j), thick)
        pygame.draw.line(surf, DOOR, (a[0] + dx * j, a[1] + dy * j),
                         (b[0] - dx * j, b[1] - dy * j), 1)
