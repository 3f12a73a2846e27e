"""Outside the hull (rulebook: Movement & Combat in Space: EVA Positioning, EVA Movement,
Rotating Ring, EVA Collisions; Microgravity).

The exterior grid is the deck plan's own space squares: a character leaving an airlock steps
onto the square beyond the outer hatch. Everything the rules say about the outside that the
flat drawing cannot show is authored in ``data/space.toml`` (docs/artifact-space.md):

* **The ring.** Seen from above, the turning ring crosses the main map as a band by the lift
  hub: its rim sweeps the band's ends, its spokes the squares between them and the hull. A
  floater entering one of those squares while the ring turns may be struck (a chance in six
  and a damage chart, as data). The ring's own outside is the space around its flattened
  drawing; only characters with magnetic treads hold on there while it turns, and since the
  ring brings every point of itself past the band within a turn, such a character steps
  between any square of the ring's outside and any rim square.
* **The hull's faces.** The main hull's top (dorsal) and underside (ventral), where the
  rulebook's EVA marker puts a character, are drawn as space squares of their own below the
  ring, square for square over the hull (``[hull]``). A character steps onto either face
  from a space square beside the hull square under it and off its edge the same way, so a
  figure on top of a room and one in it are never in the same square. Sight, the field of
  fire, ranges and drift lines are judged from above (``ground_xy``): a face sees what
  looks out towards the hull under it, never the other face nor the inside.
* **Drift.** In open space a character without thrusters moves in a straight line (its first
  step in space sets the line); turning costs 1 MP a quarter turn (``movement``).
* **Sight from outside.** The hull is a low shape in three dimensions: a line of sight that
  runs outside it passes over it. A square *looks out* if it is a space square, or lies in a
  space with windows (glass on its hull) in the direction of the square looked at. Two
  squares that both look out towards each other see each other whatever hull lies between
  (the cutter's windshield into the Command Pod bubble, the turret over the lab segment). An
  observer outside that sees any square of the ring's band sees the whole of the ring's
  outside (the ring turns every point of it into view within a turn); an observer on the
  ring's outside sees every square outside that looks out towards the band.

Pure functions over a DeckPlan; the hooks are called from ``sight`` (``outside_view``),
``movement`` (``neighbours``, ``drift_problem``) and ``combat`` (``outside_shot``). The
turning ring's blows are ``ring.sweep``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .datafiles import TableReader, data_path, load_toml
from .deckplan import DeckPlan
from .errors import DataError

#: ``Character.eva``: inside (""), floating in space ("free"), clinging to the ring ("ring"),
#: standing on the main hull's top or bottom ("dorsal", "ventral": the rulebook's EVA marker),
#: or gone off the map aboard a ship ("away": out of play, ``ships``).
EVA_STATES = ("", "free", "ring", "dorsal", "ventral", "away")
#: The hull's two faces, in the order ``space.toml`` gives their shifts.
FACES = ("dorsal", "ventral")
#: How many fields of view over the hull a plan keeps (each a few kilobytes).
VIEWS_KEPT = 256
#: How many answers of ``reach`` a deck plan keeps.
REACH_KEPT = 512
#: Where a deck plan's memo keeps the views outside (``outside_view``).
_VIEWS_MEMO = "outside_views"


@dataclass(frozen=True)
class SpaceData:
    """``space.toml`` as read: boxes of ``(x0, y0, x1, y1)``, sheet ids with treads."""

    rim: tuple[tuple[int, int, int, int], ...]
    spokes: tuple[tuple[int, int, int, int], ...]
    drawing: tuple[int, int, int, int]
    collide_on: int
    collision_weapon: str
    treads: frozenset[str]
    hull_segments: tuple[str, ...] = ()
    #: face -> (dx, dy): the face square over hull square (x, y) is (x + dx, y + dy)
    hull_shift: tuple[tuple[str, tuple[int, int]], ...] = ()
    hull_spokes: tuple[tuple[int, int, int, int], ...] = ()


def _box(reader: TableReader, key: str, value: object) -> tuple[int, int, int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(c, list) and len(c) == 2
                       and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                       for c in value)):
        raise reader.fail(key, f"{key}: a box is [[x0, y0], [x1, y1]]")
    (x0, y0), (x1, y1) = value
    if x1 < x0 or y1 < y0:
        raise reader.fail(key, f"{key}: the second corner of {value} is before the first")
    return x0, y0, x1, y1


def load_space(path: Path) -> SpaceData:
    """Read and check ``space.toml`` (shape only; ``check_space`` checks it on a plan)."""
    data, text = load_toml(path)
    ring = data.get("ring")
    eva = data.get("eva")
    if not isinstance(ring, dict) or not isinstance(eva, dict):
        raise DataError(str(path), 1, "space.toml needs [ring] and [eva] tables")
    unknown = set(data) - {"ring", "eva", "hull", "ship"}  # ships: ships.py
    if unknown:
        raise DataError(str(path), 1, f"unknown table(s): {', '.join(sorted(unknown))}")
    r = TableReader(path, text, ring, "[ring]")
    r.unknown({"rim", "spokes", "drawing", "collide_on", "collision_weapon"})
    boxes = {}
    for key in ("rim", "spokes"):
        value = r.get(key, list)
        if not value:
            raise r.fail(key, f"{key} needs at least one box")
        boxes[key] = tuple(_box(r, key, box) for box in value)
    drawing = _box(r, "drawing", r.get("drawing", list))
    collide_on = r.get("collide_on", int)
    if not 0 <= collide_on <= 6:
        raise r.fail("collide_on", "collide_on is a d6 roll from 0 (never) to 6 (always)")
    weapon = r.get("collision_weapon", str)
    e = TableReader(path, text, eva, "[eva]")
    e.unknown({"treads"})
    hull = data.get("hull", {})
    if not isinstance(hull, dict):
        raise DataError(str(path), 1, "[hull] must be a table")
    segments: tuple[str, ...] = ()
    shifts: list = []
    hull_spokes: tuple = ()
    if hull:
        hr = TableReader(path, text, hull, "[hull]")
        hr.unknown({"segments", *FACES, "spokes"})
        segments = tuple(hr.strings("segments"))
        for face in FACES:
            shift = hr.get(face, list)
            if (len(shift) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                           for v in shift) or shift == [0, 0]):
                raise hr.fail(face, f"{face}: a shift is [dx, dy], not [0, 0]")
            shifts.append((face, (shift[0], shift[1])))
        hull_spokes = tuple(_box(hr, "spokes", box) for box in hr.get("spokes", list, []))
    return SpaceData(boxes["rim"], boxes["spokes"], drawing, collide_on, weapon,
                     frozenset(e.strings("treads")), segments, tuple(shifts), hull_spokes)


def check_space(data: SpaceData, plan: DeckPlan, sheets, weapons, path: Path) -> None:
    """Raise DataError unless the boxes lie on the plan's space squares and every named
    character and chart exists."""
    for name, boxes in (("rim", data.rim), ("spokes", data.spokes)):
        for x0, y0, x1, y1 in boxes:
            for y in range(y0, y1 + 1):
                for x in range(x0, x1 + 1):
                    if not plan.inside(x, y) or plan.terrain[plan.sq(x, y)] != "space":
                        raise DataError(str(path), None,
                                        f"[ring] {name}: [{x}, {y}] is not a space square")
    x0, y0, x1, y1 = data.drawing
    if not (plan.inside(x0, y0) and plan.inside(x1, y1)):
        raise DataError(str(path), None, "[ring] drawing: the box is off the map")
    for sheet in sorted(data.treads):
        if sheet not in sheets.characters:
            raise DataError(str(path), None, f"[eva] treads: no character {sheet!r}")
    if data.collision_weapon not in weapons:
        raise DataError(str(path), None,
                        f"[ring] collision_weapon: no damage chart {data.collision_weapon!r}")
    _check_hull(data, plan, path)


def _check_hull(data: SpaceData, plan: DeckPlan, path: Path) -> None:
    """Each face of ``[hull]`` is drawn: a space square over every hull square of its
    segments, and nothing else of it next to them, joined to nothing but itself."""
    for name in data.hull_segments:
        if name not in plan.segment_names:
            raise DataError(str(path), None, f"[hull] segments: no segment {name!r}")
    ground = [s for s in range(plan.width * plan.height)
              if plan.segment_name(s) in data.hull_segments]
    faces: dict[int, str] = {}
    for face, (dx, dy) in data.hull_shift:
        for h in ground:
            x, y = plan.xy(h)
            fx, fy = x + dx, y + dy
            if not plan.inside(fx, fy) or plan.terrain[plan.sq(fx, fy)] != "space":
                raise DataError(str(path), None, f"[hull] {face}: the face over [{x}, {y}] "
                                                 f"should be a space square at [{fx}, {fy}]")
            if plan.sq(fx, fy) in faces:
                raise DataError(str(path), None,
                                f"[hull] {face}: [{fx}, {fy}] is on two faces")
            faces[plan.sq(fx, fy)] = face
    ring_x0, ring_y0, ring_x1, ring_y1 = data.drawing
    for square, face in faces.items():
        x, y = plan.xy(square)
        if ring_x0 <= x <= ring_x1 and ring_y0 <= y <= ring_y1:
            raise DataError(str(path), None,
                            f"[hull] {face}: [{x}, {y}] lies in the ring's drawing")
        for n, _diagonal, _hatch in plan.neighbours(square):
            if faces.get(n) != face:
                nx, ny = plan.xy(n)
                raise DataError(str(path), None, f"[hull] {face}: [{x}, {y}] touches "
                                                 f"[{nx}, {ny}], which is not on that face")


@lru_cache(maxsize=1)
def space_data() -> SpaceData:
    """The packaged ``space.toml``, checked against the Feynman and the sheets."""
    from .combat_charts import default_charts
    from .deckplan import feynman
    from .sheets import default_sheets

    path = data_path("space.toml")
    data = load_space(path)
    check_space(data, feynman(), default_sheets(), default_charts().weapons, path)
    return data


# ---- the plan's outside -----------------------------------------------------------------------

@dataclass(frozen=True)
class Outside:
    """The outside of one deck plan, worked out once (kept in ``plan.memo``)."""

    ring_outside: frozenset[int]   # space squares of the ring's drawing
    ring_edge: frozenset[int]      # squares with a square of the ring's outside next to them
    band: frozenset[int]           # rim and spokes: the ring's band on the main map
    swept: frozenset[int]          # the band and the hull faces' squares the spokes sweep
    rim: frozenset[int]
    looking: tuple[int, ...]       # main-map squares that may look out (space or windowed)
    windows: dict                  # square -> ((side, line), ...) of its space's windows
    face_of: dict = field(default_factory=dict)   # face square -> "dorsal" | "ventral"
    ground: dict = field(default_factory=dict)    # face square -> the hull square under it
    over: dict = field(default_factory=dict)      # hull square -> (dorsal, ventral) squares
    boarding: dict = field(default_factory=dict)  # space square -> face squares one step on
    leaving: dict = field(default_factory=dict)   # face square -> space squares one step off


def _squares(plan: DeckPlan, boxes) -> frozenset[int]:
    return frozenset(plan.sq(x, y) for x0, y0, x1, y1 in boxes
                     for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
                     if plan.inside(x, y))


def outside(plan: DeckPlan, data: SpaceData | None = None) -> Outside:
    """The plan's ring band, ring outside and windows (see the module docstring)."""
    found = plan.memo.get("outside")
    if found is not None:
        return found
    data = data or space_data()
    w, h = plan.width, plan.height
    x0, y0, x1, y1 = data.drawing
    ring_outside = frozenset(s for s in range(w * h) if plan.terrain[s] == "space"
                             and x0 <= s % w <= x1 and y0 <= s // w <= y1)
    rim = _squares(plan, data.rim)
    face_of, ground, over = _faces(plan, data)
    band = rim | _squares(plan, data.spokes)
    swept_hull = _squares(plan, data.hull_spokes)
    swept = band | frozenset(f for f, h in ground.items() if h in swept_hull)
    # Windows of each space: glass between one of its squares and a space square, as the
    # half-plane beyond the pane ("N", y): squares with a smaller y, and so on. A turret's
    # dome turns with its gunner: only the turret square looks out through it.
    panes: dict[int, set] = {}
    turrets: dict[int, set] = {}
    for s in range(w * h):
        space = plan.space_of[s]
        if space < 0:
            continue
        mine = turrets.setdefault(s, set()) if plan.feature[s] == "turret" else \
            panes.setdefault(space, set())
        x, y = s % w, s // w
        for side, (dx, dy) in (("N", (0, -1)), ("S", (0, 1)), ("W", (-1, 0)), ("E", (1, 0))):
            nx, ny = x + dx, y + dy
            if not plan.inside(nx, ny):
                continue
            n = plan.sq(nx, ny)
            if plan.terrain[n] == "space" and plan.edge_between(s, n) == "glass":
                mine.add((side, y if side in "NS" else x))
    windows = {}
    looking = []
    for s in range(w * h):
        if s in ring_outside or s in face_of:
            continue
        if plan.terrain[s] == "space":
            looking.append(s)
            continue
        mine = panes.get(plan.space_of[s], set()) | turrets.get(s, set())
        if mine and not plan.opaque[s]:
            looking.append(s)
            windows[s] = tuple(sorted(mine))
    ring_edge = frozenset(plan.sq(x + dx, y + dy) for s in ring_outside
                          for x, y in (plan.xy(s),)
                          for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                          if plan.inside(x + dx, y + dy))
    boarding: dict[int, list[int]] = {}
    leaving: dict[int, list[int]] = {}
    for hull, faces in over.items():
        x, y = plan.xy(hull)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            if not plan.inside(x + dx, y + dy):
                continue
            n = plan.sq(x + dx, y + dy)
            if plan.terrain[n] != "space" or n in face_of or n in ring_outside:
                continue
            for f in faces:
                boarding.setdefault(n, []).append(f)
                leaving.setdefault(f, []).append(n)
    found = Outside(ring_outside, ring_edge, band, swept, rim, tuple(looking), windows, face_of,
                    ground, over, {s: tuple(sorted(fs)) for s, fs in boarding.items()},
                    {f: tuple(sorted(ns)) for f, ns in leaving.items()})
    plan.memo["outside"] = found
    return found


def _faces(plan: DeckPlan, data: SpaceData) -> tuple[dict, dict, dict]:
    """The hull's faces on ``plan``: (face square -> face name, face square -> hull square
    under it, hull square -> its face squares). A plan without the named segments (a test's
    small plan) has none; a ship's segments are never part of the hull."""
    face_of: dict[int, str] = {}
    ground: dict[int, int] = {}
    over: dict[int, tuple[int, ...]] = {}
    if not data.hull_shift:
        return face_of, ground, over
    wanted = {i for i, name in enumerate(plan.segment_names) if name in data.hull_segments}
    if not wanted:
        return face_of, ground, over
    for h in range(plan.width * plan.height):
        if plan.segment_of[h] not in wanted:
            continue
        x, y = plan.xy(h)
        mine = []
        for face, (dx, dy) in data.hull_shift:
            if plan.inside(x + dx, y + dy) and plan.terrain[plan.sq(x + dx, y + dy)] == "space":
                f = plan.sq(x + dx, y + dy)
                face_of[f] = face
                ground[f] = h
                mine.append(f)
        if mine:
            over[h] = tuple(mine)
    return face_of, ground, over


def ground_xy(plan: DeckPlan, square: int) -> tuple[int, int]:
    """Where ``square`` lies seen from above: a square of a hull face lies over the hull
    square under it; any other square where it is drawn."""
    return plan.xy(outside(plan).ground.get(square, square))


def face_of(plan: DeckPlan, square: int | None) -> str:
    """"dorsal" or "ventral" for a square of the hull's top or bottom face, else ""."""
    return "" if square is None else outside(plan).face_of.get(square, "")


def faces_towards(plan: DeckPlan, origin: int, facing: str, square: int) -> bool:
    """``sight.in_field`` as seen from above: a hull face's squares stand where the hull
    under them is, so a figure on the hull and one in space face each other truly."""
    ground = outside(plan).ground
    return _in_field(plan, ground.get(origin, origin), facing, ground.get(square, square))


def ring_turning(plan: DeckPlan) -> bool:
    """Whether the gravity ring turns on ``plan``: the ring is the only part with gravity, and
    a stopped ring's plan has none (``DeckPlan.without_gravity``)."""
    return any(plan.gravity)


def _looks_towards(out: Outside, plan: DeckPlan, square: int, target: int) -> bool:
    """Whether ``square`` looks out towards ``target``: a space square always does; a square
    of a windowed space does when ``target`` lies beyond one of its space's panes."""
    panes = out.windows.get(square)
    if panes is None:
        return True
    tx, ty = plan.xy(target)
    for side, line in panes:
        if ((side == "N" and ty < line) or (side == "S" and ty > line)
                or (side == "W" and tx < line) or (side == "E" and tx > line)):
            return True
    return False


def _in_field(plan: DeckPlan, origin: int, facing: str, square: int) -> bool:
    w = plan.width
    if facing == "N":
        return square // w <= origin // w
    if facing == "S":
        return square // w >= origin // w
    if facing == "E":
        return square % w >= origin % w
    return square % w <= origin % w


def outside_view_kept(plan: DeckPlan, origin: int, facing: str) -> bool:
    """Whether ``outside_view(plan, origin, facing)`` is kept already."""
    return (origin, facing) in plan.memo.get(_VIEWS_MEMO, ())


def outside_view(plan: DeckPlan, origin: int, facing: str) -> frozenset[int]:
    """The squares seen from ``origin`` facing ``facing`` by looking outside the hull, on top
    of the ordinary line of sight (see the module docstring); empty for a square that cannot
    look out. The last ``VIEWS_KEPT`` answers are kept in ``plan.memo``.

    A figure on a hull face is outside: it sees, over the edge of the hull, every square
    outside that looks out towards the hull square under it, and is seen by them (the hull
    face is drawn apart, so the field and the panes are judged from the square under it).
    The two faces never see each other (the hull lies between), and nobody inside sees
    either face (the ordinary line never reaches their drawing)."""
    out = outside(plan)
    if plan.terrain[origin] != "space" and origin not in out.windows:
        return frozenset()
    kept = plan.memo.setdefault(_VIEWS_MEMO, {})
    key = (origin, facing)
    found = kept.get(key)
    if found is not None:
        return found
    turning = ring_turning(plan)
    if origin in out.ring_outside:
        # a stopped ring brings nothing round: its outside sees along its own drawing only
        found = _ring_watchers(plan, out) if turning else frozenset()
    elif origin in out.face_of:
        under = out.ground[origin]
        seen = {square for square in out.looking
                if _in_field(plan, under, facing, square)
                and _looks_towards(out, plan, square, under)}
        if turning and (seen & out.band or _face_band(plan, out, origin, facing)):
            seen |= out.ring_outside
        found = frozenset(seen)
    elif plan.terrain[origin] == "space" or origin in out.windows:
        seen = set()
        for square in out.looking:
            if (square != origin and _in_field(plan, origin, facing, square)
                    and _looks_towards(out, plan, origin, square)
                    and _looks_towards(out, plan, square, origin)):
                seen.add(square)
        faces = _faces_in_field(plan, out, origin, facing)
        if origin in out.windows:
            faces = [f for f in faces if _looks_towards(out, plan, origin, out.ground[f])]
        seen.update(faces)
        if turning and seen & out.band:
            seen |= out.ring_outside
        found = frozenset(seen)
    else:
        found = frozenset()
    # bounded: a hover preview over all of space stays small
    return _keep(kept, key, found, VIEWS_KEPT)


def _keep(kept: dict, key: Any, found: Any, bound: int) -> Any:
    """``found``, kept in ``kept`` under ``key``; the oldest answer goes first once
    ``bound`` are kept (``outside_view``, ``reach``)."""
    if len(kept) >= bound:
        kept.pop(next(iter(kept)))
    kept[key] = found
    return found


def _faces_in_field(plan: DeckPlan, out: Outside, origin: int, facing: str) -> tuple[int, ...]:
    """The squares of both hull faces whose hull square lies in the field of ``origin``
    facing ``facing``: a slice of the faces kept in order of row (or column) under them."""
    order = plan.memo.get("faces_in_order")
    if order is None:
        cells = [(plan.xy(h), f) for f, h in out.ground.items()]
        by_row = sorted(cells, key=lambda cell: (cell[0][1], cell[1]))
        by_col = sorted(cells, key=lambda cell: (cell[0][0], cell[1]))
        order = ([y for (_x, y), _f in by_row], tuple(f for _xy, f in by_row),
                 [x for (x, _y), _f in by_col], tuple(f for _xy, f in by_col))
        plan.memo["faces_in_order"] = order
    rows, row_faces, cols, col_faces = order
    ox, oy = plan.xy(origin)
    if facing == "N":
        return row_faces[:bisect_right(rows, oy)]
    if facing == "S":
        return row_faces[bisect_left(rows, oy):]
    if facing == "E":
        return col_faces[bisect_left(cols, ox):]
    return col_faces[:bisect_right(cols, ox)]


def _face_band(plan: DeckPlan, out: Outside, origin: int, facing: str) -> bool:
    """Whether a figure on a hull face has in its field the spokes sweeping its own face."""
    face = out.face_of[origin]
    return any(out.face_of.get(b) == face and _in_field(plan, origin, facing, b)
               for b in out.swept)


def _ring_watchers(plan: DeckPlan, out: Outside) -> frozenset[int]:
    """The squares outside the ring that look out towards its band (whatever their facing,
    the ring turns to them), both faces of the hull it turns round, and the ring's outside
    itself."""
    found = plan.memo.get("ring_watchers")
    if found is None:
        found = frozenset(s for s in out.looking
                          if any(_looks_towards(out, plan, s, b) for b in out.band))
        # the ring goes round the hull: its outside passes over both faces
        found |= out.ring_outside | frozenset(out.face_of)
        plan.memo["ring_watchers"] = found
    return found


# ---- moving outside ---------------------------------------------------------------------------

def eva_state(plan: DeckPlan, square: int | None) -> str:
    """``Character.eva`` for a character in ``square``."""
    if square is None or plan.terrain[square] != "space":
        return ""
    out = outside(plan)
    if square in out.face_of:
        return out.face_of[square]
    return "ring" if square in out.ring_outside else "free"


def has_treads(sheet_id: str) -> bool:
    """Magnetic treads: the character clings to the hull and to the turning ring."""
    return sheet_id in space_data().treads


def neighbours(plan: DeckPlan, square: int,
               treads: bool) -> tuple[tuple[int, bool, int | None], ...]:
    """``plan.neighbours`` for a mover outside. While the ring turns, its outside only with
    treads (its centripetal force flings anything else off), and for a mover with treads
    the ring's whole outside next to every rim square (and back): the ring brings every
    point of itself past the band within a turn. A stopped ring flings nobody off, and the
    flattened drawing cannot say which part of it faces the band: anyone steps between its
    outside and the rim. Anyone steps from a space square beside the main hull onto either
    face of the hull square it is beside, and off a face's edge the same way (the rulebook's
    EVA marker: placed, or turned over for the ventral face)."""
    out = outside(plan)
    steps = plan.neighbours(square)
    hull = out.boarding.get(square) or out.leaving.get(square)
    if hull:  # onto a face of the hull from beside it, or off its edge
        steps = (*steps, *((f, False, None) for f in hull))
    if not treads and ring_turning(plan):
        if square not in out.ring_edge:
            return steps  # the common case: nothing of the ring's outside next to it
        return tuple(step for step in steps if step[0] not in out.ring_outside)
    if square in out.ring_outside:
        return (*steps, *((r, False, None) for r in sorted(out.rim)))
    if square in out.rim:
        return (*steps, *((r, False, None) for r in sorted(out.ring_outside)))
    return steps


def reach(plan: DeckPlan, origin: int, steps: int, treads: bool) -> tuple[int, ...]:
    """The squares at most ``steps`` steps from ``origin`` (``neighbours``: walls,
    glass and impassable squares stop them, whatever the steps cost), nearest first.
    Kept in ``plan.memo`` (the last ``REACH_KEPT``): it depends on the plan alone."""
    kept = plan.memo.setdefault("reach", {})
    key = (origin, steps, treads)
    found = kept.get(key)
    if found is not None:
        return found
    ring, seen, order = [origin], {origin}, [origin]
    for _ in range(steps):
        beyond = []
        for square in ring:
            for step, _diagonal, _hatch in neighbours(plan, square, treads):
                if step not in seen:
                    seen.add(step)
                    beyond.append(step)
        if not beyond:
            break
        order += beyond
        ring = beyond
    return _keep(kept, key, tuple(order), REACH_KEPT)


def step_kind(plan: DeckPlan, a: int, b: int,
              treads: bool) -> tuple[bool, int | None] | None:
    """(diagonal?, hatch) if ``b`` is one legal step from ``a``, else None."""
    for n, diagonal, hatch in neighbours(plan, a, treads):
        if n == b:
            return diagonal, hatch
    return None


def drifting(plan: DeckPlan, square: int, thrusters: bool) -> bool:
    """A mover in open space without thrusters drifts (the turning ring's outside is a
    surface; a stopped one holds nothing)."""
    return (not thrusters and plan.terrain[square] == "space"
            and (square not in outside(plan).ring_outside or not ring_turning(plan)))


def fling(plan: DeckPlan, square: int) -> int:
    """Where the turning ring's centripetal force throws something that cannot hold on to
    its outside at ``square`` (Rotating Ring: it floats nearby, tracked on the main map):
    the first clear space square beside the ring's rim on the main map (the band's own
    squares are struck by the ring), the Judge adjusting as needed (``judge_move``)."""
    out = outside(plan)
    if square not in out.ring_outside or not ring_turning(plan):
        return square
    found = plan.memo.get("flung_to")
    if found is None:
        found = min((n for r in out.rim for n, _diagonal, _hatch in plan.neighbours(r)
                     if n not in out.band and n not in out.ring_outside
                     and plan.terrain[n] == "space"),
                    key=lambda n: (plan.xy(n)[1], plan.xy(n)[0]))
        plan.memo["flung_to"] = found
    return found


def heading(plan: DeckPlan, a: int, b: int) -> tuple[int, int] | None:
    """The grid direction of the step a -> b (None for a step across the ring's turn), seen
    from above: a step onto a hull face or off it keeps the line it was drifting on."""
    ax, ay = ground_xy(plan, a)
    bx, by = ground_xy(plan, b)
    dx, dy = bx - ax, by - ay
    if max(abs(dx), abs(dy)) != 1:
        return None
    return dx, dy


def drift_problem(plan: DeckPlan, before: int | None, cur: int, nxt: int,
                  thrusters: bool) -> str | None:
    """Why the step ``cur -> nxt`` breaks a drift (None: it does not): from open space
    without thrusters a step keeps the direction of the step before it (``before -> cur``)."""
    if before is None or not drifting(plan, cur, thrusters):
        return None
    was = heading(plan, before, cur)
    now = heading(plan, cur, nxt)
    if was is None or now is None or was == now:
        return None
    return "without a thruster pack a character drifts in a straight line in space"


# ---- EVA combat -------------------------------------------------------------------------------

def outside_shot(plan: DeckPlan, square: int, facing: str, target: int,
                 reached: bool) -> tuple[bool, int, bool]:
    """A line of fire at ``target`` as EVA Combat draws it (``reached``: the ordinary line
    gets there): ``(over the hull?, aim point, elusive?)``. A target seen over the hull
    (``outside_view``) and not in the ordinary line is shot over it, nothing between
    blocking; the range runs to the target, or, on the ring's outside, to the nearest square
    of the ring's band (the ring turns it past). A target on the turning ring is elusive
    (-2) for anyone not riding the ring too. A stopped ring is shot at as anything else."""
    out = outside(plan)
    on_ring = target in out.ring_outside and ring_turning(plan)
    over = not reached and target in outside_view(plan, square, facing)
    aim = target
    if on_ring and square not in out.ring_outside and out.band:
        sx, sy = ground_xy(plan, square)
        aim = min(out.band, key=lambda b: (max(abs(ground_xy(plan, b)[0] - sx),
                                               abs(ground_xy(plan, b)[1] - sy)), b))
    return over, aim, on_ring and square not in out.ring_outside
