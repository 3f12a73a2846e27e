"""The printed pads as data: Holomap, Event Matrix, Officers' Quarters and Time track.

The rulebook describes the Captain's Pad and the Event Pad but does not print their
values, so they live in ``data/pads.toml``; a person who owns the printed pads can type
the real values into that file (or into a copy given with ``--pads``). Everything is
checked on load, and a bad file raises ``PadsError`` naming the file, line and reason.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from game.herald.errors import PadsError
from game.herald.holomap import DIRECTIONS, Hex, Holomap, neighbour

SUBJECTS: tuple[str, ...] = ("CUL", "COM", "PHY", "BIO", "SPA", "GRO", "BAT", "POL")
SUBJECT_NAMES: dict[str, str] = {
    "CUL": "Cultures", "COM": "Communication", "PHY": "Physics", "BIO": "Biology",
    "SPA": "Space", "GRO": "Ground", "BAT": "Battle", "POL": "Police",
}
FIELDS: dict[str, tuple[str, str]] = {
    "social": ("CUL", "COM"),
    "theoretical": ("PHY", "BIO"),
    "applied": ("SPA", "GRO"),
    "security": ("BAT", "POL"),
}
OUTCOMES: tuple[str, ...] = ("+SUP", "+DIP", "+RES", "-LEA", "-TIM", "-REP")
MATRIX_COLS = 3
MATRIX_ROWS = 8
TIME_SPACES = 24
COUNTDOWN_SPACES = (3, 2, 1)
MIN_EFFORT = 3
MAX_EFFORT = 6

BUNDLED = Path(__file__).with_name("data") / "pads.toml"

_MAP_SYMBOLS = {".": "region", "E": "earth", "L": "lis", "S": "source", "x": None}


@dataclass(frozen=True)
class MatrixEvent:
    """One Event of the Event Matrix: two Challenges, a listed Effort and one outcome."""

    name: str
    subjects: tuple[str, str]
    effort: int
    outcome: str

    @property
    def opportunity(self) -> bool:
        """Opportunities ("+") reward success; Threats ("-") punish failure."""
        return self.outcome.startswith("+")


@dataclass(frozen=True)
class Officer:
    """An Officer: a field, Expertise 2 in a specialty and 1 in the field's other Subject."""

    id: str
    name: str
    field: str
    expertise: dict[str, int]
    max_effectiveness: int

    __hash__ = object.__hash__


@dataclass(frozen=True)
class TimeTrack:
    """Spaces are labelled ``spaces`` (first) down to 1 (last), as on the printed track.

    ``countdown_ranges`` maps each of the last three spaces to (low, high): a Countdown
    Roll whose modified result is at most ``high`` advances Time (``low`` is always 1).
    """

    spaces: int
    countdown_ranges: dict[int, tuple[int, int]]

    __hash__ = object.__hash__

    @property
    def start(self) -> int:
        return self.spaces

    @cached_property
    def countdown_start(self) -> int:
        """The third-to-last space: reaching it begins the Final Countdown."""
        return max(self.countdown_ranges)


@dataclass(frozen=True)
class Pads:
    """All component data of one game, validated."""

    holomap: Holomap
    events: tuple[tuple[MatrixEvent, ...], ...]
    officers: tuple[Officer, ...]
    time_track: TimeTrack
    raw: dict[str, Any]
    origin: str

    __hash__ = object.__hash__

    # Lookups the engine makes on every action, computed once (the pads never change).
    @cached_property
    def _by_id(self) -> dict[str, Officer]:
        return {o.id: o for o in self.officers}

    @cached_property
    def _experts(self) -> dict[str, tuple[Officer, ...]]:
        return {s: tuple(o for o in self.officers if s in o.expertise) for s in SUBJECTS}

    @cached_property
    def officer_id_set(self) -> frozenset[str]:
        return frozenset(self._by_id)

    def officer(self, officer_id: str) -> Officer:
        try:
            return self._by_id[officer_id]
        except (KeyError, TypeError):
            raise KeyError(officer_id) from None

    @cached_property
    def officer_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.officers)

    def event_at(self, pos: tuple[int, int]) -> MatrixEvent:
        return self.events[pos[0]][pos[1]]

    def find_event(self, name: str) -> tuple[int, int]:
        for c, column in enumerate(self.events):
            for r, ev in enumerate(column):
                if ev.name == name:
                    return (c, r)
        raise KeyError(name)

    def experts(self, subject: str) -> tuple[Officer, ...]:
        """Officers with any Expertise in ``subject`` (always two)."""
        found = self._experts.get(subject)
        if found is None:
            return tuple(o for o in self.officers if subject in o.expertise)
        return found


class _Lines:
    """Finds the line of a table or key in the raw text, so errors can name it."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def header(self, name: str, index: int = 0) -> int:
        pattern = re.compile(r"^\s*\[\[?\s*" + re.escape(name) + r"\s*\]\]?\s*(#.*)?$")
        seen = 0
        for i, line in enumerate(self.lines):
            if pattern.match(line):
                if seen == index:
                    return i + 1
                seen += 1
        return 1

    def key(self, start: int, key: str) -> int:
        pattern = re.compile(r"^\s*\"?" + re.escape(key) + r"\"?\s*=")
        for i in range(start - 1, len(self.lines)):
            if i > start - 1 and re.match(r"^\s*\[", self.lines[i]):
                break
            if pattern.match(self.lines[i]):
                return i + 1
        return start

    def text(self, start: int, needle: str) -> int:
        for i in range(max(start - 1, 0), len(self.lines)):
            if needle in self.lines[i]:
                return i + 1
        return start


class _Loader:
    def __init__(self, origin: str, text: str) -> None:
        self.origin = origin
        self.lines = _Lines(text)

    def fail(self, line: int, reason: str) -> PadsError:
        return PadsError(f"{self.origin}:{line}: {reason}")

    def table(self, data: dict[str, Any], name: str) -> dict[str, Any]:
        value = data.get(name)
        if not isinstance(value, dict):
            raise self.fail(1, f"missing table [{name}]")
        return value

    def int_field(self, table: dict[str, Any], key: str, line: int, lo: int, hi: int) -> int:
        value = table.get(key)
        at = self.lines.key(line, key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(at, f"{key} must be a whole number, got {value!r}")
        if not lo <= value <= hi:
            raise self.fail(at, f"{key} must be between {lo} and {hi}, got {value}")
        return value

    def str_field(self, table: dict[str, Any], key: str, line: int) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(self.lines.key(line, key), f"{key} must be a non-empty string")
        return value.strip()

    # -- Sector Holomap -------------------------------------------------------------

    def holomap(self, data: dict[str, Any]) -> Holomap:
        table = self.table(data, "holomap")
        line = self.lines.header("holomap")
        rows = table.get("rows")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            raise self.fail(self.lines.key(line, "rows"), "rows must be a list of strings")
        grid = [r.split() for r in rows]
        width = len(grid[0])
        places: dict[str, list[Hex]] = {"earth": [], "lis": [], "source": [], "region": []}
        for row, cells in enumerate(grid):
            at = self.lines.text(line, rows[row]) if rows[row].strip() else line
            if len(cells) != width:
                raise self.fail(at, f"holomap row {row} has {len(cells)} hexes, expected {width}")
            for col, sym in enumerate(cells):
                if sym not in _MAP_SYMBOLS:
                    raise self.fail(
                        at, f"holomap row {row} column {col}: unknown symbol {sym!r} "
                        "(use . E L S x)",
                    )
                kind = _MAP_SYMBOLS[sym]
                if kind is not None:
                    places[kind].append((col, row))
        rows_line = self.lines.key(line, "rows")
        if len(places["earth"]) != 1:
            raise self.fail(rows_line, f"holomap needs exactly one Earth (E), "
                                       f"found {len(places['earth'])}")
        if len(places["lis"]) != 2:
            raise self.fail(rows_line, f"holomap needs exactly two Lis Points (L), "
                                       f"found {len(places['lis'])}")
        if len(places["source"]) != 1:
            raise self.fail(rows_line, f"holomap needs exactly one Source (S), "
                                       f"found {len(places['source'])}")
        regions = frozenset(h for hexes in places.values() for h in hexes)
        earth = places["earth"][0]
        seen = {earth}
        stack = [earth]
        while stack:
            here = stack.pop()
            for d in DIRECTIONS:
                nxt = neighbour(here, d)
                if nxt in regions and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if seen != regions:
            lost = sorted(regions - seen)[0]
            raise self.fail(rows_line, f"holomap region {lost} cannot be reached from Earth")
        lis = tuple(sorted(places["lis"]))
        return Holomap(regions=regions, earth=earth, lis_points=(lis[0], lis[1]),
                       source=places["source"][0], width=width, height=len(grid))

    # -- Event Matrix -----------------------------------------------------------------

    def events(self, data: dict[str, Any]) -> tuple[tuple[MatrixEvent, ...], ...]:
        items = data.get("events")
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise self.fail(1, "missing [[events]] tables")
        grid: list[list[MatrixEvent | None]] = [[None] * MATRIX_ROWS for _ in range(MATRIX_COLS)]
        names: set[str] = set()
        for index, item in enumerate(items):
            line = self.lines.header("events", index)
            col = self.int_field(item, "col", line, 0, MATRIX_COLS - 1)
            row = self.int_field(item, "row", line, 0, MATRIX_ROWS - 1)
            name = self.str_field(item, "name", line)
            subjects = item.get("subjects")
            at = self.lines.key(line, "subjects")
            if (not isinstance(subjects, list) or len(subjects) != 2
                    or not all(s in SUBJECTS for s in subjects)):
                raise self.fail(at, f"event {name!r}: subjects must be two of {SUBJECTS}")
            if subjects[0] == subjects[1]:
                raise self.fail(at, f"event {name!r}: the two subjects must differ")
            effort = self.int_field(item, "effort", line, 1, 9)
            # The Event Reading adds at most 1 per Challenge, a nearby Bad Reputation token
            # adds 1 more: the rulebook keeps Effort within 3..6, so listed Effort is 3..4.
            if effort < MIN_EFFORT or effort + 2 > MAX_EFFORT:
                raise self.fail(
                    self.lines.key(line, "effort"),
                    f"event {name!r}: listed effort {effort} would leave the 3..6 range once "
                    "the Event Reading and Bad Reputation add to it (use 3 or 4)",
                )
            outcome = item.get("outcome")
            if outcome not in OUTCOMES:
                raise self.fail(self.lines.key(line, "outcome"),
                                f"event {name!r}: outcome must be one of {OUTCOMES}")
            if grid[col][row] is not None:
                raise self.fail(line, f"two events at column {col} row {row}")
            if name in names:
                raise self.fail(self.lines.key(line, "name"), f"event name {name!r} repeated")
            names.add(name)
            grid[col][row] = MatrixEvent(name, (subjects[0], subjects[1]), effort, outcome)
        for c in range(MATRIX_COLS):
            for r in range(MATRIX_ROWS):
                if grid[c][r] is None:
                    raise self.fail(self.lines.header("events"),
                                    f"no event at column {c} row {r} (the matrix is 3 x 8)")
        result = tuple(tuple(e for e in column if e is not None) for column in grid)
        self._fixed_event(result, "Vibrations", (1, 0))
        self._fixed_event(result, "Survival", (1, 4))
        vib = result[1][0]
        if vib.subjects != ("BIO", "COM") or vib.effort != 4:
            raise self.fail(self.lines.text(1, '"Vibrations"'),
                            "Vibrations must have subjects BIO then COM and effort 4")
        return result

    def _fixed_event(self, grid: tuple[tuple[MatrixEvent, ...], ...], name: str,
                     pos: tuple[int, int]) -> None:
        if grid[pos[0]][pos[1]].name != name:
            raise self.fail(self.lines.header("events"),
                            f"{name!r} must be at column {pos[0]} row {pos[1]} "
                            "(the setup roll places the pawn there)")

    # -- Officers' Quarters -----------------------------------------------------------

    def officers(self, data: dict[str, Any]) -> tuple[Officer, ...]:
        items = data.get("officers")
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise self.fail(1, "missing [[officers]] tables")
        if len(items) != 8:
            raise self.fail(self.lines.header("officers"),
                            f"there must be 8 officers, found {len(items)}")
        result = []
        for index, item in enumerate(items):
            line = self.lines.header("officers", index)
            oid = self.str_field(item, "id", line)
            if not re.fullmatch(r"[a-z][a-z0-9_]*", oid):
                raise self.fail(self.lines.key(line, "id"),
                                f"officer id {oid!r} must be short lowercase letters/digits")
            name = self.str_field(item, "name", line)
            field_ = item.get("field")
            if field_ not in FIELDS:
                raise self.fail(self.lines.key(line, "field"),
                                f"officer {oid}: field must be one of {tuple(FIELDS)}")
            expertise = item.get("expertise")
            at = self.lines.key(line, "expertise")
            if (not isinstance(expertise, dict)
                    or sorted(expertise) != sorted(FIELDS[field_])
                    or sorted(expertise.values()) != [1, 2]
                    or any(isinstance(v, bool) for v in expertise.values())):
                a, b = FIELDS[field_]
                raise self.fail(at, f"officer {oid}: expertise must give 2 in one of {a}/{b} "
                                    "and 1 in the other")
            top = self.int_field(item, "max_effectiveness", line, 3, 4)
            result.append(Officer(oid, name, field_, dict(expertise), top))
        ids = [o.id for o in result]
        if len(set(ids)) != len(ids):
            raise self.fail(self.lines.header("officers"), "officer ids must be unique")
        for field_ in FIELDS:
            count = sum(1 for o in result if o.field == field_)
            if count != 2:
                raise self.fail(self.lines.header("officers"),
                                f"field {field_} needs two officers, found {count}")
        for subject in SUBJECTS:
            levels = sorted(o.expertise[subject] for o in result if subject in o.expertise)
            if levels != [1, 2]:
                raise self.fail(self.lines.header("officers"),
                                f"subject {subject} needs one officer at 2 and one at 1")
        return tuple(result)

    # -- Time track -------------------------------------------------------------------

    def time_track(self, data: dict[str, Any]) -> TimeTrack:
        table = self.table(data, "time_track")
        line = self.lines.header("time_track")
        self.int_field(table, "spaces", line, TIME_SPACES, TIME_SPACES)
        ranges = table.get("countdown")
        at = self.lines.key(line, "countdown")
        if at == line:
            at = self.lines.header("time_track.countdown")
        if not isinstance(ranges, dict) or sorted(ranges) != sorted(str(s) for s in
                                                                    COUNTDOWN_SPACES):
            raise self.fail(at, "countdown must give ranges for spaces 3, 2 and 1 exactly")
        parsed: dict[int, tuple[int, int]] = {}
        for key, value in ranges.items():
            m = re.fullmatch(r"\s*(\d)\s*-\s*(\d)\s*", value) if isinstance(value, str) else None
            where = self.lines.key(at, key)
            if m is None:
                raise self.fail(where, f"countdown range for space {key} must look like \"1-3\"")
            low, high = int(m.group(1)), int(m.group(2))
            if low != 1 or not 1 <= high <= 6:
                raise self.fail(where, f"countdown range for space {key} must be 1-N with N "
                                       "from 1 to 6 (a modified roll of N or less advances Time)")
            parsed[int(key)] = (low, high)
        return TimeTrack(spaces=TIME_SPACES, countdown_ranges=parsed)


def pads_from_dict(raw: dict[str, Any], origin: str = "<pads>", text: str = "") -> Pads:
    """Validate an already-parsed pads mapping (also used for pads embedded in saves)."""
    loader = _Loader(origin, text)
    if not isinstance(raw, dict):
        raise loader.fail(1, "pads data must be a table")
    return Pads(
        holomap=loader.holomap(raw),
        events=loader.events(raw),
        officers=loader.officers(raw),
        time_track=loader.time_track(raw),
        raw=raw,
        origin=origin,
    )


_BUNDLED_CACHE: list[Pads] = []


def load_pads(path: str | Path | None = None) -> Pads:
    """Load and validate a pads file; None loads the bundled ``data/pads.toml``."""
    if path is None and _BUNDLED_CACHE:
        return _BUNDLED_CACHE[0]
    target = BUNDLED if path is None else Path(path)
    origin = str(target)
    try:
        text = target.read_text(encoding="utf-8")
    except OSError as exc:
        raise PadsError(f"{origin}:1: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise PadsError(f"{origin}: not UTF-8 text (a byte at offset {exc.start} is not "
                        "part of any character)") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        line = m.group(1) if m else "1"
        raise PadsError(f"{origin}:{line}: not valid TOML ({exc})") from None
    pads = pads_from_dict(raw, origin, text)
    if path is None:
        _BUNDLED_CACHE.append(pads)
    return pads
