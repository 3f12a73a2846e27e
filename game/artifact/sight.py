"""Facing, field of view and line of sight (rulebook: Facing, Line of Sight, Dark).

Pure functions over a DeckPlan, in the manner of python-tcod's FOV: no game state in here.

* Line of sight runs from the centre of one square to the centre of another. Walls and
  hatches (edges) and blocking objects (opaque squares) stop it; glass, doors and characters
  do not.
* Corner rule: a line that passes exactly through a corner point where edges meet is blocked
  only when *both* ways around that point are blocked, i.e. when the line could not slip past
  the corner on either side (each way around crosses two edges and one square). A lone wall
  end or door post therefore never blocks a grazing line, an inside corner or a straight wall
  does. See docs/artifact-rules-notes.md.
* Field of view: the 180 degrees to the front and sides, i.e. every square whose offset has
  no component against the facing (the squares level with the character are seen).
* Dark: in a dark square nothing is detectable except from the same square, unless the
  observer sees in the dark (robots, androids, aliens, a worn sneaksuit).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from . import space
from .deckplan import DeckPlan

SIGHT_BLOCKING_EDGES = frozenset({"wall", "hatch"})


def _edge_blocks(plan: DeckPlan, a: int, b: int) -> bool:
    return plan.edge_between(a, b) in SIGHT_BLOCKING_EDGES


def line_of_sight(plan: DeckPlan, a: int, b: int) -> tuple[bool, int]:
    """(clear, stop): stop is ``b`` when clear, else the last square the line reached."""
    walked = walk_line(plan, a, b)
    return (True, b) if walked.reached else (False, walked.at)


#: Edges that stop a shot travelling on past its target (rulebook: Missed Shots): walls,
#: hatches and windows; doors are jammed open.
SHOT_STOPPING_EDGES = frozenset({"wall", "hatch", "glass"})


@dataclass(frozen=True)
class LineWalk:
    """The squares a line enters, in order, and what stopped it.

    ``reached``: the line got to its target square. ``stop``: what ended it: "" (it reached
    the target and was not extended), "wall", "hatch", "glass" (an edge), "object" (a
    blocking or obstructing square), "computer", "drive", "generator" or "edge" (off the
    plan or out of the hull); ``edge`` the two squares either side of a stopping edge, and
    ``at`` the square of a stopping object, computer or drive (entered, last in
    ``squares``), or the last square reached before an edge."""

    squares: tuple[int, ...]
    reached: bool
    stop: str
    edge: tuple[int, int] | None
    at: int


def _square_stop(plan: DeckPlan, square: int) -> str:
    """What a shot running on past its target strikes on entering ``square`` ("" nothing)."""
    feature = plan.feature[square]
    if feature == "drive":
        return "drive"
    if feature == "shield_generator":
        return "generator"
    if feature in ("major_terminal", "minor_terminal"):
        return "computer"
    terrain = plan.terrain[square]
    if terrain in ("blocked", "obstructed"):
        return "object"
    if terrain in ("void", "space", "gap"):
        return "edge"
    return ""


def _edge_test(plan: DeckPlan, stopping: frozenset):
    return lambda p, q: plan.edge_between(p, q) in stopping


def walk_line(plan: DeckPlan, a: int, b: int, *, beyond: bool = False) -> LineWalk:
    """Walk the line from the centre of ``a`` through the centre of ``b``.

    Up to ``b`` it follows ``line_of_sight`` exactly (walls and hatches stop it, blocking
    objects too, the corner rule). With ``beyond`` it runs on along the same line, as a
    missed shot does, until a wall, hatch or window, an obstructing or blocking object, a
    computer, a drive square or the end of the hull stops it."""
    w = plan.width
    ax, ay = a % w, a // w
    bx, by = b % w, b // w
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return LineWalk((), True, "", None, a)
    far = 1
    if beyond:
        far = (max(plan.width, plan.height) // max(abs(dx), abs(dy))) + 2
    dx, dy = dx * far, dy * far
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    adx, ady = abs(dx), abs(dy)
    i = j = 1
    cx, cy = ax, ay
    opaque = plan.opaque
    squares: list[int] = []
    reached = False
    while i <= adx or j <= ady:
        cur = cy * w + cx
        past = reached
        stopping = SHOT_STOPPING_EDGES if past else SIGHT_BLOCKING_EDGES
        blocks = _edge_test(plan, stopping)

        if i <= adx and j <= ady:
            tv = (2 * i - 1) * ady
            th = (2 * j - 1) * adx
        else:
            tv, th = (0, 1) if i <= adx else (1, 0)
        if tv != th:
            nx, ny = (cx + sx, cy) if tv < th else (cx, cy + sy)
            if not (0 <= nx < w and 0 <= ny < plan.height):
                return LineWalk(tuple(squares), reached, "edge", None, cur)
            nxt = ny * w + nx
            if blocks(cur, nxt):
                return LineWalk(tuple(squares), reached, plan.edge_between(cur, nxt),
                                (cur, nxt), cur)
            if tv < th:
                i += 1
            else:
                j += 1
        else:
            nx, ny = cx + sx, cy + sy
            if not (0 <= nx < w and 0 <= ny < plan.height):
                return LineWalk(tuple(squares), reached, "edge", None, cur)
            side_x = cur + sx
            side_y = cur + sy * w
            nxt = side_x + sy * w
            way_x = not blocks(cur, side_x) and not opaque[side_x] and not blocks(side_x, nxt)
            way_y = not blocks(cur, side_y) and not opaque[side_y] and not blocks(side_y, nxt)
            if not (way_x or way_y):
                return LineWalk(tuple(squares), reached, "wall", None, cur)
            i += 1
            j += 1
        cx, cy = nx, ny
        now = cy * w + cx
        if past or now != b:
            if not past and opaque[now]:
                return LineWalk(tuple(squares), False, "object", None, cur)
            if past:
                stop = _square_stop(plan, now)
                if stop:
                    if stop != "edge":
                        squares.append(now)
                    return LineWalk(tuple(squares), True, stop, None, now if stop != "edge"
                                    else cur)
        squares.append(now)
        if now == b and not past:
            reached = True
            if not beyond:
                return LineWalk(tuple(squares), True, "", None, b)
    return LineWalk(tuple(squares), reached, "edge", None, cy * w + cx)


def in_field(plan: DeckPlan, origin: int, facing: str, square: int) -> bool:
    """Whether ``square`` lies in the 180-degree field to the front and sides."""
    w = plan.width
    dx = square % w - origin % w
    dy = square // w - origin // w
    if facing == "N":
        return dy <= 0
    if facing == "S":
        return dy >= 0
    if facing == "E":
        return dx >= 0
    return dx <= 0


@lru_cache(maxsize=8)
def sight_areas(plan: DeckPlan) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Connected areas of see-through squares: a line of sight never leaves its area, so a
    field of view only needs to look at the squares of the observer's area."""
    n = plan.width * plan.height
    label = [-1] * n
    members: list[tuple[int, ...]] = []
    w, h = plan.width, plan.height
    for start in range(n):
        if label[start] >= 0 or plan.terrain[start] == "void":
            continue
        index = len(members)
        label[start] = index
        found = [start]
        queue = deque([start])
        while queue:
            s = queue.popleft()
            x, y = s % w, s // w
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < w and 0 <= ny < h:
                    m = ny * w + nx
                    if (label[m] < 0 and plan.terrain[m] != "void"
                            and not _edge_blocks(plan, s, m)):
                        label[m] = index
                        found.append(m)
                        if not plan.opaque[m]:
                            queue.append(m)
        members.append(tuple(sorted(found)))
    return tuple(label), tuple(members)


# ---- the sight table: every line of sight of a deck plan, as bit masks -----------------------
#
# A line from an origin to a target crosses a fixed pattern of "features" that depends only on
# the offset between them: a step across a vertical edge, a step across a horizontal edge, a
# pass through a corner point, and arrival in an intermediate square. Seen from the origin,
# with the offset folded into one quadrant, the pattern is the same for every origin. So:
#
# * for each of the four quadrants the deck plan is drawn once as one integer, four bits per
#   square (this edge blocks a step out of the square towards the quadrant, that corner
#   blocks a diagonal pass, the square is opaque), mirrored so that the quadrant runs towards
#   increasing bit numbers;
# * for each offset the features its line crosses are one integer mask in the same layout;
# * a line is clear exactly when the quadrant's integer, shifted to the origin, shares no bit
#   with the offset's mask: one shift per quadrant and one AND per target.
#
# The squares seen from a square facing one way are worked out the first time someone looks
# from there that way and kept on the plan, so a field of view is a tuple lookup turned into a
# frozenset.
# The rules are those of ``line_of_sight`` above, bit for bit; ``reference_field_of_view``
# states the field of view directly and the tests hold the two equal on the Feynman.

_EDGE_X, _EDGE_Y, _CORNER, _OPAQUE = range(4)
_BITS = 4  # features per square
_FACING_INDEX = {"N": 0, "E": 1, "S": 2}  # anything else faces W, as in ``in_field``
_TABLE_KEY = "sight_table"


def _offset_mask(adx: int, ady: int, w: int) -> int:
    """Features crossed by the line to offset (+adx, +ady), walked as ``line_of_sight``."""
    bits = 0
    i = j = 1
    cx = cy = 0
    while i <= adx or j <= ady:
        if i <= adx and j <= ady:
            tv = (2 * i - 1) * ady
            th = (2 * j - 1) * adx
        else:
            tv, th = (0, 1) if i <= adx else (1, 0)
        cell = (cy * w + cx) * _BITS
        if tv < th:
            bits |= 1 << (cell + _EDGE_X)
            cx += 1
            i += 1
        elif th < tv:
            bits |= 1 << (cell + _EDGE_Y)
            cy += 1
            j += 1
        else:
            bits |= 1 << (cell + _CORNER)
            cx += 1
            cy += 1
            i += 1
            j += 1
        if cx != adx or cy != ady:
            bits |= 1 << ((cy * w + cx) * _BITS + _OPAQUE)
    return bits


def _quadrant_features(plan: DeckPlan, sx: int, sy: int) -> int:
    """The plan's blocking features for lines running towards (sx, sy), mirrored so that the
    quadrant runs towards increasing x and y."""
    w, h = plan.width, plan.height
    opaque = plan.opaque
    # east_wall[s] / south_wall[s]: the edge on that side of square s stops sight
    east_wall = [plan.vedge[(s // w) * (w + 1) + s % w + 1] in SIGHT_BLOCKING_EDGES
                 for s in range(w * h)]
    south_wall = [plan.hedge[s + w] in SIGHT_BLOCKING_EDGES for s in range(w * h)]

    def wall_x(s: int) -> bool:  # the edge between s and s + sx
        return east_wall[s] if sx > 0 else east_wall[s - 1]

    def wall_y(s: int) -> bool:  # the edge between s and s + sy * w
        return south_wall[s] if sy > 0 else south_wall[s - w]

    on = bytearray((w * h * _BITS + 7) // 8)
    for y in range(h):
        my = y if sy > 0 else h - 1 - y
        y_in = 0 <= y + sy < h
        for x in range(w):
            x_in = 0 <= x + sx < w
            cur = y * w + x
            side_x, side_y = cur + sx, cur + sy * w
            kinds = []
            if opaque[cur]:
                kinds.append(_OPAQUE)
            if x_in and wall_x(cur):
                kinds.append(_EDGE_X)
            if y_in and wall_y(cur):
                kinds.append(_EDGE_Y)
            if (x_in and y_in
                    and (wall_x(cur) or opaque[side_x] or wall_y(side_x))
                    and (wall_y(cur) or opaque[side_y] or wall_x(side_y))):
                kinds.append(_CORNER)
            base = (my * w + (x if sx > 0 else w - 1 - x)) * _BITS
            for kind in kinds:
                bit = base + kind
                on[bit >> 3] |= 1 << (bit & 7)
    return int.from_bytes(on, "little")


class SightTable:
    """Every line of sight of one deck plan, answered from bit masks (see above).

    Built on first use and kept in ``plan.memo``. The squares seen from a square facing one
    way are worked out the first time someone looks from there that way, and kept: at most
    four entries per square of the plan (about 5 MB for every square of the Feynman, the
    hull's two open faces being most of it)."""

    def __init__(self, plan: DeckPlan) -> None:
        self.plan = plan
        self.labels, self.members = sight_areas(plan)
        w, h = plan.width, plan.height
        # indexed by quadrant: (dx < 0) + 2 * (dy < 0)
        self.features = tuple(_quadrant_features(plan, sx, sy)
                              for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)))
        # offset (adx, ady) at ady * w + adx, walked the first time an area needs it
        self.offsets: list[int] = [0] * (w * h)
        self._walked = [False] * (w * h)
        self._areas: dict[int, tuple] = {}
        # 4 * square + facing index (N, E, S, W) -> the squares seen, in any light
        self.seen: dict[int, tuple[int, ...]] = {}

    def offset(self, adx: int, ady: int) -> int:
        """The features crossed by a line to offset (adx, ady), both >= 0."""
        index = ady * self.plan.width + adx
        if not self._walked[index]:
            self.offsets[index] = _offset_mask(adx, ady, self.plan.width)
            self._walked[index] = True
        return self.offsets[index]

    def clear(self, a: int, b: int) -> bool:
        """Whether the line from ``a`` to ``b`` is clear (``line_of_sight(plan, a, b)[0]``)."""
        w, h = self.plan.width, self.plan.height
        ax, ay = a % w, a // w
        dx, dy = b % w - ax, b // w - ay
        mx = ax if dx >= 0 else w - 1 - ax
        my = ay if dy >= 0 else h - 1 - ay
        features = self.features[(dx < 0) + 2 * (dy < 0)] >> ((my * w + mx) * _BITS)
        return not features & self.offset(abs(dx), abs(dy))

    def walk_all(self) -> None:
        """Walk now every line an area of the plan can need (``_area``), not on the first
        look from each area: a host does it before play (``preload``)."""
        for area in range(len(self.members)):
            self._area(area)

    def has_looked(self, origin: int, facing: str) -> bool:
        """Whether ``seen_from(origin, facing)`` is kept already (costs nothing to ask)."""
        return 4 * origin + _FACING_INDEX.get(facing, 3) in self.seen

    def seen_from(self, origin: int, facing: str) -> tuple[int, ...]:
        """The squares seen from ``origin`` facing ``facing``, in any light."""
        key = 4 * origin + _FACING_INDEX.get(facing, 3)
        found = self.seen.get(key)
        if found is None:
            found = self.seen[key] = self._look(origin, key & 3)
        return found

    def _area(self, area: int) -> tuple:
        """An area's squares as (square, x, y), in row order and in column order, with their
        sort keys; the first use walks the offsets the area can need."""
        found = self._areas.get(area)
        if found is None:
            w, h = self.plan.width, self.plan.height
            by_row = tuple((s, s % w, s // w) for s in self.members[area])
            by_col = tuple(sorted(by_row, key=lambda cell: (cell[1], cell[2])))
            found = (by_row, tuple(s for s, _, _ in by_row),
                     by_col, tuple(x * h + y for _, x, y in by_col))
            xs = [x for _, x, _ in by_row]
            ys = [y for _, _, y in by_row]
            for ady in range(max(ys) - min(ys) + 1):
                for adx in range(max(xs) - min(xs) + 1):
                    self.offset(adx, ady)
            self._areas[area] = found
        return found

    def _look(self, origin: int, facing: int) -> tuple[int, ...]:
        area = self.labels[origin]
        if area < 0:
            return (origin,)
        w, h = self.plan.width, self.plan.height
        ox, oy = origin % w, origin // w
        by_row, row_keys, by_col, col_keys = self._area(area)
        if facing == 0:  # N: y <= oy
            cells = by_row[:bisect_left(row_keys, (oy + 1) * w)]
        elif facing == 2:  # S: y >= oy
            cells = by_row[bisect_left(row_keys, oy * w):]
        elif facing == 1:  # E: x >= ox
            cells = by_col[bisect_left(col_keys, ox * h):]
        else:  # W: x <= ox
            cells = by_col[:bisect_left(col_keys, (ox + 1) * h)]
        mx, my = w - 1 - ox, h - 1 - oy
        f = self.features
        se = f[0] >> ((oy * w + ox) * _BITS)
        sw = f[1] >> ((oy * w + mx) * _BITS)
        ne = f[2] >> ((my * w + ox) * _BITS)
        nw = f[3] >> ((my * w + mx) * _BITS)
        offsets = self.offsets
        seen = []
        for square, x, y in cells:
            dx = x - ox
            dy = y - oy
            if dx >= 0:
                blocked = se & offsets[dy * w + dx] if dy >= 0 else ne & offsets[dx - dy * w]
            else:
                blocked = sw & offsets[dy * w - dx] if dy >= 0 else nw & offsets[-dx - dy * w]
            if not blocked:
                seen.append(square)
        return tuple(seen)


def sight_table(plan: DeckPlan) -> SightTable:
    """The plan's sight table, built on first use and kept in ``plan.memo``."""
    table = plan.memo.get(_TABLE_KEY)
    if table is None:
        table = plan.memo[_TABLE_KEY] = SightTable(plan)
    return table


def field_of_view(plan: DeckPlan, origin: int, facing: str, *,
                  dark: frozenset = frozenset(), sees_dark: bool = False) -> frozenset:
    """Every square the observer at ``origin`` facing ``facing`` can see now.

    The deck plan never changes (hatches always block sight, they are open only while someone
    passes), so the squares seen in any light come from the plan's sight table, with what is
    seen by looking outside the hull (``space.outside_view``); darkness is then taken away."""
    if dark and not sees_dark:
        if origin in dark:
            return frozenset((origin,))
        return _with_outside(plan, origin, facing,
                             frozenset(sight_table(plan).seen_from(origin, facing))) - dark
    return _with_outside(plan, origin, facing,
                         frozenset(sight_table(plan).seen_from(origin, facing)))


def _with_outside(plan: DeckPlan, origin: int, facing: str, seen: frozenset) -> frozenset:
    """``seen`` and the squares seen over the hull from ``origin`` (Movement & Combat in
    Space: through glass, between ships, the ring's outside)."""
    extra = space.outside_view(plan, origin, facing)
    return seen | extra if extra else seen


def reference_field_of_view(plan: DeckPlan, origin: int, facing: str,
                            dark: frozenset = frozenset(), sees_dark: bool = False) -> frozenset:
    """The field of view stated directly by the rules: every square of the observer's area in
    the field, lit (or the observer sees in the dark), whose line of sight is clear. Slow (one
    ``line_of_sight`` walk per square); kept as the specification ``field_of_view`` is tested
    against and the baseline the bench compares it with."""
    if origin in dark and not sees_dark:
        return frozenset((origin,))
    labels, members = sight_areas(plan)
    seen = {origin}
    area = labels[origin]
    if area < 0:
        return frozenset(seen)
    for square in members[area]:
        if square == origin or not in_field(plan, origin, facing, square):
            continue
        if square in dark and not sees_dark:
            continue
        if line_of_sight(plan, origin, square)[0]:
            seen.add(square)
    seen |= space.outside_view(plan, origin, facing)
    return frozenset(s for s in seen if s == origin or sees_dark or s not in dark)
