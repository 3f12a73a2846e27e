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

from collections import deque
from functools import lru_cache

from .deckplan import DeckPlan

SIGHT_BLOCKING_EDGES = frozenset({"wall", "hatch"})


def _edge_blocks(plan: DeckPlan, a: int, b: int) -> bool:
    return plan.edge_between(a, b) in SIGHT_BLOCKING_EDGES


def line_of_sight(plan: DeckPlan, a: int, b: int) -> tuple[bool, int]:
    """(clear, stop): stop is ``b`` when clear, else the last square the line reached."""
    if a == b:
        return True, b
    w = plan.width
    ax, ay = a % w, a // w
    bx, by = b % w, b // w
    dx, dy = bx - ax, by - ay
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    adx, ady = abs(dx), abs(dy)
    # Crossing number i of vertical lines happens at t = (2i-1) / (2*adx), i = 1..adx;
    # of horizontal lines at t = (2j-1) / (2*ady). Compare (2i-1)*ady with (2j-1)*adx.
    i = j = 1
    cx, cy = ax, ay
    opaque = plan.opaque
    while i <= adx or j <= ady:
        if i <= adx and j <= ady:
            tv = (2 * i - 1) * ady
            th = (2 * j - 1) * adx
        else:
            tv = 0 if i <= adx else 1
            th = 0 if j <= ady else 1
            if i <= adx:
                th = tv + 1
            else:
                tv = th + 1
        cur = cy * w + cx
        if tv < th:
            nxt = cur + sx
            if _edge_blocks(plan, cur, nxt):
                return False, cur
            cx += sx
            i += 1
        elif th < tv:
            nxt = cur + sy * w
            if _edge_blocks(plan, cur, nxt):
                return False, cur
            cy += sy
            j += 1
        else:
            side_x = cur + sx
            side_y = cur + sy * w
            nxt = side_x + sy * w
            way_x = (not _edge_blocks(plan, cur, side_x) and not opaque[side_x]
                     and not _edge_blocks(plan, side_x, nxt))
            way_y = (not _edge_blocks(plan, cur, side_y) and not opaque[side_y]
                     and not _edge_blocks(plan, side_y, nxt))
            if not (way_x or way_y):
                return False, cur
            cx += sx
            cy += sy
            i += 1
            j += 1
        now = cy * w + cx
        if now != b and opaque[now]:
            return False, cur
    return True, b


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


FOV_MEMO_LIMIT = 50_000


def field_of_view(plan: DeckPlan, origin: int, facing: str, *,
                  dark: frozenset = frozenset(), sees_dark: bool = False) -> frozenset:
    """Every square the observer at ``origin`` facing ``facing`` can see now.

    The deck plan never changes (hatches always block sight), so the answer depends only on
    the arguments and is remembered on the plan."""
    key = ("fov", origin, facing, dark if not sees_dark else None)
    memo = plan.memo
    found = memo.get(key)
    if found is None:
        found = _field_of_view(plan, origin, facing, dark, sees_dark)
        if len(memo) > FOV_MEMO_LIMIT:
            memo.clear()
        memo[key] = found
    return found


def _field_of_view(plan: DeckPlan, origin: int, facing: str, dark: frozenset,
                   sees_dark: bool) -> frozenset:
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
    return frozenset(seen)
