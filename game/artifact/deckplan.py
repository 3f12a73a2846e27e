"""The U.S.S. Feynman deck plan: squares, edges, spaces, segments, hatches and lifts.

Loaded from ``data/feynman.map`` (a double-resolution ASCII drawing, see legend.toml and
docs/artifact-deck-plan.md) and ``data/deck.toml`` (names, gravity, airlocks, links, lifts,
regions). Walls, doors, hatches and glass lie *between* squares: a character passing a hatch
moves from the square on one side to the square on the other, as in the Example of Play.

Squares are addressed by ``(x, y)`` on one canvas; inside the engine a square is the integer
``y * width + x`` so that tables are flat and fast.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from .datafiles import TableReader, data_path, line_of, load_toml, read_text
from .errors import DataError

TERRAINS = ("clear", "cluttered", "obstructed", "blocked", "space", "void", "gap")
#: Terrains that are no part of the ship: the outside (space, and the gap a hull face's
#: drawing leaves open beside it) and nothing at all (void).
OUTSIDE_TERRAINS = ("space", "void", "gap")
COST = {"clear": 1, "cluttered": 2, "obstructed": 3, "space": 1}  # space: EVA (space.py)
EDGE_KINDS = ("open", "wall", "door", "hatch", "glass")
FACINGS = ("N", "E", "S", "W")
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True)
class Hatch:
    """One hatch: one or more edges (a wide airlock door is one hatch) joining two segments."""

    id: int
    name: str
    edges: tuple[tuple[int, int], ...]  # (square, square) pairs, smaller first
    segments: tuple[int, ...]


@dataclass(frozen=True)
class Lift:
    """A lift shaft: its car stops at either end square, behind a shaft hatch."""

    name: str
    ends: tuple[int, int]
    start: int  # index into ends where the car begins


@dataclass(frozen=True, eq=False)
class DeckPlan:
    width: int
    height: int
    terrain: tuple[str, ...]
    feature: tuple[str, ...]
    cost: tuple[int, ...]  # MP to enter; 0 = impassable
    opaque: tuple[bool, ...]  # blocks sight through the square
    vedge: tuple[str, ...]  # edge on the west side of square (x, y): index y*(w+1)+x
    hedge: tuple[str, ...]  # edge on the north side of square (x, y): index y*w+x
    space_of: tuple[int, ...]
    space_names: tuple[str, ...]
    segment_of: tuple[int, ...]
    segment_names: tuple[str, ...]
    gravity: tuple[bool, ...]  # per segment
    airlock: tuple[bool, ...]  # per segment
    hatches: tuple[Hatch, ...]
    hatch_of_edge: dict = field(hash=False, compare=False)  # (a, b) -> hatch id
    links: dict = field(hash=False, compare=False)  # square -> ((square, hatch id), ...)
    lifts: tuple[Lift, ...] = ()
    regions: dict = field(default_factory=dict, hash=False, compare=False)
    memo: dict = field(default_factory=dict, hash=False, compare=False, repr=False)

    # -- addressing -------------------------------------------------------------------------
    def sq(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, square: int) -> tuple[int, int]:
        return square % self.width, square // self.width

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    # -- edges ---------------------------------------------------------------------------------
    def edge_between(self, a: int, b: int) -> str:
        """Kind of the edge between two orthogonally adjacent squares."""
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        if ay == by:
            x = max(ax, bx)
            return self.vedge[ay * (self.width + 1) + x]
        y = max(ay, by)
        return self.hedge[y * self.width + ax]

    def corner_edges(self, px: int, py: int) -> tuple[str, str, str, str]:
        """The four edges meeting at lattice point (px, py): north, east, south, west arms."""
        w = self.width

        def v(x: int, y: int) -> str:
            return self.vedge[y * (w + 1) + x] if 0 <= y < self.height and 0 <= x <= w else "open"

        def h(x: int, y: int) -> str:
            return self.hedge[y * w + x] if 0 <= x < w and 0 <= y <= self.height else "open"

        return v(px, py - 1), h(px, py), v(px, py), h(px - 1, py)

    def hatch_between(self, a: int, b: int) -> int | None:
        return self.hatch_of_edge.get((a, b) if a < b else (b, a))

    def passable(self, square: int) -> bool:
        return self.cost[square] > 0

    def is_zero_g(self, square: int) -> bool:
        seg = self.segment_of[square]
        return seg < 0 or not self.gravity[seg]

    def space_name(self, square: int) -> str:
        index = self.space_of[square]
        return self.space_names[index] if index >= 0 else ""

    def segment_name(self, square: int) -> str:
        index = self.segment_of[square]
        return self.segment_names[index] if index >= 0 else ""

    def neighbours(self, square: int) -> tuple[tuple[int, bool, int | None], ...]:
        """Squares one step away: (square, diagonal?, hatch id or None). Walls, glass and
        impassable terrain excluded; a diagonal step needs a bare corner (no wall, door, hatch
        or glass arm) and passable squares on both flanks. Kept in ``memo``: the plan
        never changes (a hole, or the ring stopped, makes another plan, with a memo of its
        own)."""
        kept = self.memo.get("neighbours")
        if kept is None:
            kept = self.memo["neighbours"] = {}
        found = kept.get(square)
        if found is None:
            found = kept[square] = tuple(self._neighbours(square))
        return found

    def _neighbours(self, square: int) -> list[tuple[int, bool, int | None]]:
        x, y = self.xy(square)
        out: list[tuple[int, bool, int | None]] = []
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            nx, ny = x + dx, y + dy
            if not self.inside(nx, ny):
                continue
            n = self.sq(nx, ny)
            kind = self.edge_between(square, n)
            if kind in ("wall", "glass") or not self.passable(n):
                continue
            out.append((n, False, self.hatch_between(square, n) if kind == "hatch" else None))
        for dx, dy in ((1, -1), (1, 1), (-1, 1), (-1, -1)):
            nx, ny = x + dx, y + dy
            if not self.inside(nx, ny):
                continue
            n = self.sq(nx, ny)
            if not self.passable(n):
                continue
            px, py = x + (dx > 0), y + (dy > 0)
            if any(arm != "open" for arm in self.corner_edges(px, py)):
                continue
            if not (self.passable(self.sq(nx, y)) and self.passable(self.sq(x, ny))):
                continue
            out.append((n, True, None))
        for n, hatch in self.links.get(square, ()):
            out.append((n, False, hatch))
        return out

    def step_kind(self, a: int, b: int) -> tuple[bool, int | None] | None:
        """(diagonal?, hatch) if b is one legal step from a, else None."""
        for n, diagonal, hatch in self.neighbours(a):
            if n == b:
                return diagonal, hatch
        return None

    def region(self, name: str) -> frozenset:
        return self.regions.get(name, frozenset())

    def edge_id(self, a: int, b: int) -> int:
        """One number for the edge between two orthogonally adjacent squares: twice the
        smaller square, plus one when the edge lies along a row (the squares are one above
        the other). A broken window is kept in the game state by this number."""
        low, high = (a, b) if a < b else (b, a)
        return 2 * low + (0 if high - low == 1 else 1)

    def edge_squares(self, edge: int) -> tuple[int, int]:
        """The two squares either side of an ``edge_id``."""
        low = edge // 2
        return low, low + (self.width if edge % 2 else 1)

    def with_breaks(self, windows: Iterable[int] = (), hatches: Iterable[int] = ()) -> DeckPlan:
        """This plan with broken windows (by ``edge_id``) and blown hatches (by hatch id)
        turned into open edges: a hole lets sight and movement through at once (rulebook:
        Hits to Map Features). Spaces, segments and names stay as drawn. The variant is kept
        in ``memo``, so the same breaks give the same plan object (and its sight table)."""
        key = ("breaks", tuple(sorted(set(windows))), tuple(sorted(set(hatches))))
        if not key[1] and not key[2]:
            return self
        found = self.memo.get(key)
        if found is not None:
            return found
        vedge, hedge = list(self.vedge), list(self.hedge)
        edges = [self.edge_squares(e) for e in key[1]]
        edges += [pair for h in key[2] if 0 <= h < len(self.hatches)
                  for pair in self.hatches[h].edges]
        for a, b in edges:
            ax, ay = self.xy(a)
            bx, by = self.xy(b)
            if ay == by:
                vedge[ay * (self.width + 1) + max(ax, bx)] = "open"
            else:
                hedge[max(ay, by) * self.width + ax] = "open"
        found = replace(self, vedge=tuple(vedge), hedge=tuple(hedge), memo={})
        self.memo[key] = found
        return found

    def without_gravity(self) -> DeckPlan:
        """This plan once the ring has stopped (rulebook: Ring Stop): no segment has gravity,
        and every square that had it is one terrain level easier (cluttered costs as clear,
        obstructed as cluttered). Kept in ``memo`` like ``with_breaks``."""
        found = self.memo.get("without_gravity")
        if found is not None:
            return found
        cost = list(self.cost)
        for square, seg in enumerate(self.segment_of):
            if seg >= 0 and self.gravity[seg] and cost[square] > 1:
                cost[square] -= 1
        found = replace(self, cost=tuple(cost), gravity=tuple(False for _ in self.gravity),
                        memo={})
        self.memo["without_gravity"] = found
        return found


# ---- loading ----------------------------------------------------------------------------------

def _legend(path: Path) -> tuple[dict, dict, str]:
    data, text = load_toml(path)
    squares = data.get("squares")
    edges = data.get("edges")
    if not isinstance(squares, dict) or not isinstance(edges, dict):
        raise DataError(str(path), 1, "legend needs [squares] and [edges] tables")
    square_map = {}
    for ch, body in squares.items():
        line = line_of(text, f'"{ch}"')
        if len(ch) != 1:
            raise DataError(str(path), line, f"square key {ch!r} must be one character")
        if not isinstance(body, dict) or body.get("terrain") not in TERRAINS:
            raise DataError(str(path), line, f"square {ch!r}: terrain must be one of "
                                             f"{', '.join(TERRAINS)}")
        feature = body.get("feature", "")
        if not isinstance(feature, str):
            raise DataError(str(path), line, f"square {ch!r}: feature must be text")
        square_map[ch] = (body["terrain"], feature)
    edge_map = {}
    for ch, kind in edges.items():
        line = line_of(text, f'"{ch}"')
        if len(ch) != 1 or kind not in EDGE_KINDS:
            raise DataError(str(path), line, f"edge {ch!r} must map to one of "
                                             f"{', '.join(EDGE_KINDS)}")
        edge_map[ch] = kind
    corners = (data.get("corners") or {}).get("allowed", "+ ")
    if not isinstance(corners, str):
        raise DataError(str(path), line_of(text, "allowed"), "corners.allowed must be text")
    return square_map, edge_map, corners


def _grid(path: Path, square_map: dict, edge_map: dict, corners: str, text: str | None = None):
    if text is None:
        text = read_text(path)
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(";"):
            continue
        rows.append((number, line.rstrip("\n")))
    if len(rows) < 3 or len(rows) % 2 == 0:
        raise DataError(str(path), rows[-1][0] if rows else None,
                        "the grid needs an odd number of rows (edge rows around square rows)")
    width = max(len(r) for _, r in rows) // 2
    height = len(rows) // 2
    if width < 1:
        raise DataError(str(path), rows[0][0], "the grid has no squares")
    padded = [(n, r.ljust(2 * width + 1)) for n, r in rows]
    for n, r in padded:
        if len(r) > 2 * width + 1:
            raise DataError(str(path), n, "row is longer than the grid")
    terrain, feature = [], []
    vedge = ["open"] * ((width + 1) * height)
    hedge = ["open"] * (width * (height + 1))
    for r, (number, line) in enumerate(padded):
        for c, ch in enumerate(line):
            if r % 2 == 1 and c % 2 == 1:
                if ch not in square_map:
                    raise DataError(str(path), number,
                                    f"column {c + 1}: {ch!r} is not a square in the legend")
                t, f = square_map[ch]
                terrain.append(t)
                feature.append(f)
            elif r % 2 == 0 and c % 2 == 0:
                if ch not in corners:
                    raise DataError(str(path), number,
                                    f"column {c + 1}: {ch!r} is not a corner post ({corners!r})")
            else:
                if ch not in edge_map:
                    raise DataError(str(path), number,
                                    f"column {c + 1}: {ch!r} is not an edge in the legend")
                if r % 2 == 1:
                    vedge[(r // 2) * (width + 1) + c // 2] = edge_map[ch]
                else:
                    hedge[(r // 2) * width + c // 2] = edge_map[ch]
    return width, height, terrain, feature, vedge, hedge, padded


def _flood(width: int, height: int, member, joins) -> list[int]:
    """Label connected areas: member(sq) says who takes part, joins(a, b) who connects."""
    label = [-1] * (width * height)
    count = 0
    for start in range(width * height):
        if label[start] >= 0 or not member(start):
            continue
        label[start] = count
        queue = deque([start])
        while queue:
            s = queue.popleft()
            x, y = s % width, s // width
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height:
                    n = ny * width + nx
                    if label[n] < 0 and member(n) and joins(s, n):
                        label[n] = count
                        queue.append(n)
        count += 1
    return label


def _square(reader: TableReader, key: str, value: object, width: int, height: int) -> int:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise reader.fail(key, f"{key} must be [x, y]")
    x, y = value
    if not (0 <= x < width and 0 <= y < height):
        raise reader.fail(key, f"{key} {value} is off the map")
    return y * width + x


def deckplan_from_text(grid: str, *, gravity: bool = False) -> DeckPlan:
    """A small deck plan drawn in the map format, every space and segment named after its
    first square (for tests and examples); the packaged legend applies."""
    return load_deckplan(Path("<text>"), data_path("legend.toml"), Path("<text>"),
                         map_text=grid, autoname=True, gravity=gravity)


def load_deckplan(map_path: Path, legend_path: Path, deck_path: Path, *,
                  map_text: str | None = None, autoname: bool = False,
                  gravity: bool = False) -> DeckPlan:
    square_map, edge_map, corners = _legend(legend_path)
    width, height, terrain, feature, vedge, hedge, _ = _grid(map_path, square_map, edge_map,
                                                             corners, map_text)
    n = width * height
    interior = [terrain[s] not in OUTSIDE_TERRAINS for s in range(n)]

    def edge(a: int, b: int) -> str:
        ax, ay = a % width, a // width
        bx, by = b % width, b // width
        if ay == by:
            return vedge[ay * (width + 1) + max(ax, bx)]
        return hedge[max(ay, by) * width + ax]

    space_of = _flood(width, height, lambda s: interior[s], lambda a, b: edge(a, b) == "open")
    segment_of = _flood(width, height, lambda s: interior[s],
                        lambda a, b: edge(a, b) in ("open", "door"))
    if autoname:
        data, text = {}, ""
    else:
        data, text = load_toml(deck_path)
    dp = str(deck_path)

    def named(kind: str, labels: list[int]) -> tuple[list[str], list[dict]]:
        count = max(labels) + 1 if labels else 0
        names = [""] * count
        bodies: list[dict] = [{} for _ in range(count)]
        entries = data.get(kind) or []
        if not isinstance(entries, list):
            raise DataError(dp, line_of(text, f"[[{kind}]]"), f"{kind} must be [[{kind}]] tables")
        for i, body in enumerate(entries):
            reader = TableReader(deck_path, text, body, f"[[{kind}]]")
            name = reader.get("name", str)
            reader.header = f'name = "{name}"'
            square = _square(reader, "at", body.get("at"), width, height)
            index = labels[square]
            if index < 0:
                raise reader.fail("at", f"{name}: square {body.get('at')} is not inside the ship")
            if names[index]:
                raise reader.fail("at", f"{name}: that {kind} is already named {names[index]!r}")
            if name in names:
                raise reader.fail("name", f"{kind} name {name!r} used twice")
            names[index] = name
            bodies[index] = body
            del i
        for index, name in enumerate(names):
            if not name and autoname:
                square = labels.index(index)
                names[index] = f"{kind} at {square % width},{square // width}"
                bodies[index] = {"name": names[index], "gravity": gravity}
            elif not name:
                square = labels.index(index)
                raise DataError(dp, None, f"the {kind} at {[square % width, square // width]}"
                                          f" has no [[{kind}]] name")
        return names, bodies

    space_names, _ = named("space", space_of)
    segment_names, seg_bodies = named("segment", segment_of)
    gravity, airlock = [], []
    for body in seg_bodies:
        reader = TableReader(deck_path, text, body, f'name = "{body.get("name")}"')
        reader.unknown({"name", "at", "gravity", "airlock"})
        gravity.append(reader.get("gravity", bool, False))
        airlock.append(reader.get("airlock", bool, False))

    # hatches: runs of collinear hatch edges, plus links
    edge_lists: list[list[tuple[int, int]]] = []
    hatch_of_edge: dict = {}
    seen: set = set()
    for y in range(height):
        for x in range(width + 1):
            if vedge[y * (width + 1) + x] == "hatch" and (("v", x, y) not in seen):
                run = []
                yy = y
                while yy < height and vedge[yy * (width + 1) + x] == "hatch":
                    seen.add(("v", x, yy))
                    if not (1 <= x < width):
                        raise DataError(str(map_path), None, f"hatch at the map border ({x},{yy})")
                    run.append((yy * width + x - 1, yy * width + x))
                    yy += 1
                edge_lists.append(run)
    for y in range(height + 1):
        for x in range(width):
            if hedge[y * width + x] == "hatch" and (("h", x, y) not in seen):
                run = []
                xx = x
                while xx < width and hedge[y * width + xx] == "hatch":
                    seen.add(("h", xx, y))
                    if not (1 <= y < height):
                        raise DataError(str(map_path), None, f"hatch at the map border ({xx},{y})")
                    run.append(((y - 1) * width + xx, y * width + xx))
                    xx += 1
                edge_lists.append(run)
    names_by_edge: dict = {}
    for body in data.get("hatch") or []:
        reader = TableReader(deck_path, text, body, f'name = "{body.get("name")}"')
        reader.unknown({"name", "at", "side"})
        name = reader.get("name", str)
        square = _square(reader, "at", body.get("at"), width, height)
        side = reader.get("side", str)
        if side not in STEP:
            raise reader.fail("side", "side must be N, E, S or W")
        x, y = square % width, square // width
        other = (y + STEP[side][1]) * width + x + STEP[side][0]
        names_by_edge[(min(square, other), max(square, other))] = (name, reader)
    links: dict = {}
    for body in data.get("link") or []:
        reader = TableReader(deck_path, text, body, f'name = "{body.get("name")}"')
        reader.unknown({"name", "pairs"})
        name = reader.get("name", str)
        pairs = reader.get("pairs", list)
        run = []
        for pair in pairs:
            if not isinstance(pair, list) or len(pair) != 2:
                raise reader.fail("pairs", "pairs must be [[x, y], [x, y]] entries")
            a = _square(reader, "pairs", pair[0], width, height)
            b = _square(reader, "pairs", pair[1], width, height)
            if not (interior[a] and interior[b]):
                raise reader.fail("pairs", f"{name}: both ends must be inside the ship")
            run.append((min(a, b), max(a, b)))
            names_by_edge[(min(a, b), max(a, b))] = (name, reader)
        edge_lists.append(run)
        for a, b in run:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    hatches = []
    used_names: set = set()
    for index, run in enumerate(edge_lists):
        name = ""
        for e in run:
            if e in names_by_edge:
                name = names_by_edge[e][0]
        if not name:
            a = run[0][0]
            name = f"hatch at ({a % width}, {a // width})"
        if name in used_names:
            raise DataError(dp, line_of(text, f'"{name}"'), f"hatch name {name!r} used twice")
        used_names.add(name)
        segs = tuple(sorted({segment_of[s] for e in run for s in e}))
        if len(segs) != 2:
            a = run[0][0]
            raise DataError(str(map_path), None,
                            f"{name} at ({a % width}, {a // width}) must join two segments "
                            "(or a segment and the outside); inside one segment use a door")
        hatches.append(Hatch(index, name, tuple(run), segs))
        for e in run:
            hatch_of_edge[e] = index
    for e, (name, reader) in names_by_edge.items():
        if e not in hatch_of_edge:
            raise reader.fail("at", f"{name}: there is no hatch on that side of that square")
    link_map = {a: tuple((b, hatch_of_edge[(min(a, b), max(a, b))]) for b in bs)
                for a, bs in links.items()}

    lifts = []
    lift_squares = set()
    for body in data.get("lift") or []:
        reader = TableReader(deck_path, text, body, f'name = "{body.get("name")}"')
        reader.unknown({"name", "ends", "car"})
        name = reader.get("name", str)
        ends = reader.get("ends", list)
        if len(ends) != 2:
            raise reader.fail("ends", "a lift has two ends")
        a = _square(reader, "ends", ends[0], width, height)
        b = _square(reader, "ends", ends[1], width, height)
        for s in (a, b):
            if feature[s] != "lift_stop":
                raise reader.fail("ends", f"lift {name}: {[s % width, s // width]} is not a "
                                          "lift stop square")
        car = reader.get("car", int)
        if car not in (0, 1):
            raise reader.fail("car", "car must be 0 (first end) or 1 (second end)")
        lifts.append(Lift(name, (a, b), car))
        lift_squares.update((a, b))
    for s in range(n):
        if feature[s] == "lift_stop" and s not in lift_squares:
            raise DataError(dp, None, f"lift stop {[s % width, s // width]} belongs to no lift")

    cost = tuple(COST.get(t, 0) for t in terrain)
    opaque = tuple(t in ("blocked", "void") for t in terrain)
    plan = DeckPlan(
        width=width, height=height, terrain=tuple(terrain), feature=tuple(feature), cost=cost,
        opaque=opaque, vedge=tuple(vedge), hedge=tuple(hedge), space_of=tuple(space_of),
        space_names=tuple(space_names), segment_of=tuple(segment_of),
        segment_names=tuple(segment_names), gravity=tuple(gravity), airlock=tuple(airlock),
        hatches=tuple(hatches), hatch_of_edge=hatch_of_edge, links=link_map,
        lifts=tuple(lifts),
    )
    regions: dict = {}
    for body in data.get("region") or []:
        reader = TableReader(deck_path, text, body, f'name = "{body.get("name")}"')
        reader.unknown({"name", "segments", "outside_of"})
        name = reader.get("name", str)
        squares: set = set()
        for seg_name in reader.strings("segments", ()):
            if seg_name not in segment_names:
                raise reader.fail("segments", f"unknown segment {seg_name!r}")
            index = segment_names.index(seg_name)
            squares.update(s for s in range(n) if segment_of[s] == index)
        for other in reader.strings("outside_of", ()):
            if other not in regions:
                raise reader.fail("outside_of", f"unknown (or later) region {other!r}")
            for s in regions[other]:
                x, y = s % width, s // width
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < width and 0 <= ny < height:
                        m = ny * width + nx
                        if terrain[m] == "space":
                            squares.add(m)
        regions[name] = frozenset(squares)
    for index, name in enumerate(space_names):
        regions.setdefault(name, frozenset(s for s in range(n) if space_of[s] == index))
    for index, name in enumerate(segment_names):
        regions.setdefault(name, frozenset(s for s in range(n) if segment_of[s] == index))
    object.__setattr__(plan, "regions", regions)
    return plan


@lru_cache(maxsize=1)
def feynman() -> DeckPlan:
    """The packaged deck plan of the U.S.S. Feynman (loaded once)."""
    return load_deckplan(data_path("feynman.map"), data_path("legend.toml"),
                         data_path("deck.toml"))
