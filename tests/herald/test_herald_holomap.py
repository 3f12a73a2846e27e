"""The authored Holomap: no dead end anywhere, everything reachable."""

from __future__ import annotations

from game.herald.holomap import DIRECTIONS, neighbour
from game.herald.pads import load_pads


def _exits(holomap, hex_):
    return [neighbour(hex_, d) for d in DIRECTIONS if holomap.on_map(neighbour(hex_, d))]


def test_no_region_is_a_dead_end():
    """A ship that enters any region can leave it by another region than the one it came
    from: every region touches at least two others (hex (10,3) east of The Source touched
    only The Source on the old map, so a Direction of 5 or 6 there trapped the ship)."""
    h = load_pads().holomap
    dead = {x: _exits(h, x) for x in h.regions if len(_exits(h, x)) < 2}
    assert dead == {}


def test_leaving_the_source_never_forces_a_way_back():
    """From The Source every Direction Reading leads to a region that has another exit."""
    from game.herald.readings import DIRECTION_CHOICES

    h = load_pads().holomap
    for value, pair in DIRECTION_CHOICES.items():
        for d in pair:
            target = neighbour(h.source, d)
            if h.on_map(target):
                assert [x for x in _exits(h, target) if x != h.source], (value, d, target)


def test_every_region_is_reachable_both_ways():
    h = load_pads().holomap
    from_earth = h.distances_from(h.earth)
    assert set(from_earth) == set(h.regions)
    assert set(h.distances_from(h.source)) == set(h.regions)
