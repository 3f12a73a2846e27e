"""The Sector Holomap: hexes in "odd-r" offset layout and the six directions.

Hexes are (col, row) pairs; pointy-top hexes lie in rows and odd rows are shifted
right by half a hex, so the six neighbours are left, right and the four diagonals,
which is exactly what the Direction Reading speaks of.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

Hex = tuple[int, int]

DIRECTIONS: tuple[str, ...] = ("L", "UL", "UR", "R", "DR", "DL")

DIRECTION_NAMES: dict[str, str] = {
    "L": "left",
    "UL": "left-and-up",
    "UR": "right-and-up",
    "R": "right",
    "DR": "right-and-down",
    "DL": "left-and-down",
}

# Offsets (dcol, drow) for even rows and for odd rows (odd rows sit half a hex right).
_EVEN = {"L": (-1, 0), "UL": (-1, -1), "UR": (0, -1), "R": (1, 0), "DR": (0, 1), "DL": (-1, 1)}
_ODD = {"L": (-1, 0), "UL": (0, -1), "UR": (1, -1), "R": (1, 0), "DR": (1, 1), "DL": (0, 1)}


def neighbour(hex_: Hex, direction: str) -> Hex:
    """The hex one step from ``hex_`` in ``direction`` (may lie off the map)."""
    col, row = hex_
    dc, dr = (_ODD if row & 1 else _EVEN)[direction]
    return (col + dc, row + dr)


def adjacent(a: Hex, b: Hex) -> bool:
    """True when ``a`` and ``b`` are neighbours (a hex is not adjacent to itself)."""
    return any(neighbour(a, d) == tuple(b) for d in DIRECTIONS)


def direction_between(a: Hex, b: Hex) -> str | None:
    """The direction leading from ``a`` to its neighbour ``b``, or None."""
    for d in DIRECTIONS:
        if neighbour(a, d) == tuple(b):
            return d
    return None


@dataclass(frozen=True)
class Holomap:
    """The regions of the Sector and its special places; anything else is off the map."""

    regions: frozenset[Hex]
    earth: Hex
    lis_points: tuple[Hex, Hex]
    source: Hex
    width: int
    height: int
    _dist: dict[Hex, dict[Hex, int]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )
    _open: dict[Hex, frozenset[str]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )
    _among: dict[tuple[Hex, tuple[str, ...]], tuple[str, ...]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )
    _around: dict[Hex, frozenset[Hex]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )

    def on_map(self, hex_: Hex) -> bool:
        return hex_ in self.regions

    def open_directions(self, hex_: Hex) -> frozenset[str]:
        """The directions from ``hex_`` whose neighbour is on the map (cached)."""
        try:
            found = self._open.get(hex_)
        except TypeError:  # a hex given as a list
            hex_ = (hex_[0], hex_[1])
            found = self._open.get(hex_)
        if found is None:
            found = frozenset(d for d in DIRECTIONS if neighbour(hex_, d) in self.regions)
            self._open[hex_] = found
        return found

    def around(self, hex_: Hex) -> frozenset[Hex]:
        """``hex_`` and its six neighbours (on the map or not): the hexes ``adjacent`` to
        it or equal to it, cached, as "is a Bad Reputation token near" asks every Event."""
        hex_ = (hex_[0], hex_[1])
        found = self._around.get(hex_)
        if found is None:
            found = frozenset([hex_, *(neighbour(hex_, d) for d in DIRECTIONS)])
            self._around[hex_] = found
        return found

    def open_among(self, hex_: Hex, directions: tuple[str, ...]) -> tuple[str, ...]:
        """Those of ``directions`` (in their order) whose neighbour of ``hex_`` is on the
        map; cached, as the engine asks this for every move."""
        key = (hex_, directions)
        try:
            return self._among[key]
        except KeyError:
            pass
        except TypeError:  # a hex given as a list
            return self.open_among((hex_[0], hex_[1]), tuple(directions))
        open_ways = self.open_directions(hex_)
        found = tuple(d for d in directions if d in open_ways)
        self._among[key] = found
        return found

    def distances_from(self, target: Hex) -> dict[Hex, int]:
        """Steps from every region to ``target`` moving region to region (cached)."""
        cached = self._dist.get(target)
        if cached is not None:
            return cached
        dist = {target: 0}
        queue = deque([target])
        while queue:
            here = queue.popleft()
            for d in DIRECTIONS:
                nxt = neighbour(here, d)
                if nxt in self.regions and nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        self._dist[target] = dist
        return dist

    def distance(self, a: Hex, b: Hex) -> int:
        """Steps between two regions along the map (large if unreachable)."""
        return self.distances_from(tuple(b)).get(tuple(a), 10**6)
