"""Line of sight and field of view on small drawn maps, including the corner rule."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artifact.deckplan import deckplan_from_text, feynman
from game.artifact.sight import (
    field_of_view,
    line_of_sight,
    reference_field_of_view,
    sight_areas,
    sight_table,
)


def room(width: int, height: int, *, squares: dict | None = None,
         edges: dict | None = None) -> str:
    """A walled room drawn in the map format. squares: {(x, y): char};
    edges: {((x, y), side): char} with side "N" or "W" of that square."""
    squares = squares or {}
    edges = edges or {}
    rows = []
    for r in range(2 * height + 1):
        line = []
        for c in range(2 * width + 1):
            x, y = c // 2, r // 2
            if r % 2 == 1 and c % 2 == 1:
                line.append(squares.get((x, y), "."))
            elif r % 2 == 1:  # vertical edge on the west of (x, y)
                border = c == 0 or c == 2 * width
                line.append(edges.get(((x, y), "W"), "|" if border else " "))
            elif c % 2 == 1:  # horizontal edge on the north of (x, y)
                border = r == 0 or r == 2 * height
                line.append(edges.get(((x, y), "N"), "-" if border else " "))
            else:
                line.append("+")
        rows.append("".join(line))
    return "\n".join(rows)


def los(plan, a, b):
    return line_of_sight(plan, plan.sq(*a), plan.sq(*b))


def test_open_room_sees_everything():
    plan = deckplan_from_text(room(5, 4))
    for a in [(0, 0), (4, 3), (2, 1)]:
        for x in range(5):
            for y in range(4):
                assert los(plan, a, (x, y)) == (True, plan.sq(x, y))


def test_straight_wall_blocks_and_reports_the_stop_square():
    plan = deckplan_from_text(room(5, 1, edges={((2, 0), "W"): "|"}))
    clear, stop = los(plan, (0, 0), (4, 0))
    assert not clear and stop == plan.sq(1, 0)


def test_door_and_glass_let_sight_through_hatch_does_not():
    for char, expected in (("d", True), ("=", True), ("H", False), ("|", False)):
        plan = deckplan_from_text(room(3, 1, edges={((1, 0), "W"): char}))
        assert los(plan, (0, 0), (2, 0))[0] is expected, char


def test_blocking_object_blocks_obstructed_does_not():
    plan = deckplan_from_text(room(3, 1, squares={(1, 0): "#"}))
    assert los(plan, (0, 0), (2, 0)) == (False, plan.sq(0, 0))
    assert los(plan, (0, 0), (1, 0))[0]  # the object itself is seen
    plan = deckplan_from_text(room(3, 1, squares={(1, 0): "%"}))
    assert los(plan, (0, 0), (2, 0))[0]


# Corner rule: lines from (1, 1) to (2, 0) pass exactly through the corner point (2, 1).
# Its arms: N = west edge of (2, 0), S = west edge of (2, 1), W = north edge of (1, 1),
# E = north edge of (2, 1).
ARMS = {"N": ((2, 0), "W"), "S": ((2, 1), "W"), "W": ((1, 1), "N"), "E": ((2, 1), "N")}


def corner(*arms: str) -> dict:
    return {ARMS[a]: "|" if a in "NS" else "-" for a in arms}


@pytest.mark.parametrize(
    ("arms", "clear"),
    [
        ((), True),  # nothing there
        (("N",), True),  # a lone wall end: the line slips past on the other side
        (("E",), True),
        (("N", "W"), True),  # an outside corner grazed from outside
        (("N", "S"), False),  # a straight wall through the point
        (("W", "E"), False),
        (("W", "S"), False),  # the line starts in a pocket and would leave by its corner
        (("N", "E"), False),  # ... or ends in one
        (("N", "E", "S", "W"), False),
    ],
)
def test_corner_rule(arms, clear):
    plan = deckplan_from_text(room(4, 3, edges=corner(*arms)))
    assert los(plan, (1, 1), (2, 0))[0] is clear
    assert los(plan, (2, 0), (1, 1))[0] is clear  # the same either way


def test_corner_rule_with_blocking_objects():
    both = deckplan_from_text(room(4, 3, squares={(1, 0): "#", (2, 1): "#"}))
    assert not los(both, (1, 1), (2, 0))[0]
    one = deckplan_from_text(room(4, 3, squares={(1, 0): "#"}))
    assert los(one, (1, 1), (2, 0))[0]


def test_field_of_view_is_the_front_half_with_sides():
    plan = deckplan_from_text(room(5, 5))
    centre = plan.sq(2, 2)
    north = field_of_view(plan, centre, "N")
    assert {plan.xy(s) for s in north} == {(x, y) for x in range(5) for y in range(3)}
    east = field_of_view(plan, centre, "E")
    assert {plan.xy(s) for s in east} == {(x, y) for x in range(2, 5) for y in range(5)}
    assert plan.sq(2, 3) not in north and plan.sq(1, 2) not in east


def test_field_of_view_stops_at_walls():
    plan = deckplan_from_text(room(5, 3, edges={((2, y), "W"): "|" for y in range(3)}))
    seen = field_of_view(plan, plan.sq(0, 1), "E")
    assert {plan.xy(s) for s in seen} == {(x, y) for x in range(2) for y in range(3)}


def test_darkness():
    plan = deckplan_from_text(room(4, 1))
    dark = frozenset({plan.sq(2, 0), plan.sq(3, 0)})
    lit_observer = field_of_view(plan, plan.sq(0, 0), "E", dark=dark)
    assert {plan.xy(s) for s in lit_observer} == {(0, 0), (1, 0)}
    assert field_of_view(plan, plan.sq(0, 0), "E", dark=dark, sees_dark=True) == frozenset(
        plan.sq(x, 0) for x in range(4))
    in_dark = field_of_view(plan, plan.sq(3, 0), "W", dark=dark)
    assert in_dark == frozenset({plan.sq(3, 0)})


def test_line_of_sight_is_symmetric_on_the_feynman():
    plan = feynman()
    labels, members = sight_areas(plan)
    rng = random.Random(4)
    checked = 0
    for area in members:
        open_squares = [s for s in area if not plan.opaque[s]]
        for _ in range(min(60, len(open_squares))):
            a, b = rng.choice(open_squares), rng.choice(open_squares)
            assert line_of_sight(plan, a, b)[0] == line_of_sight(plan, b, a)[0]
            checked += 1
    assert checked > 500


def test_feynman_glass_sees_out_and_hatches_block():
    plan = feynman()
    pod_seat = plan.sq(1, 7)
    assert los(plan, (1, 7), (0, 7))[0]  # through the command pod glass into space
    assert not los(plan, (3, 7), (4, 7))[0]  # the command pod hatch
    assert line_of_sight(plan, pod_seat, plan.sq(5, 7))[0] is False


def test_field_of_view_equals_brute_force_on_the_feynman():
    from game.artifact.sight import in_field
    from game.artifact.space import outside_view

    plan = feynman()
    rng = random.Random(9)
    open_squares = [s for s in range(len(plan.terrain)) if plan.passable(s)]
    for _ in range(25):
        origin = rng.choice(open_squares)
        facing = rng.choice("NESW")
        brute = {s for s in range(len(plan.terrain))
                 if plan.terrain[s] != "void" and in_field(plan, origin, facing, s)
                 and line_of_sight(plan, origin, s)[0]}
        # and, looking out over the hull, what space.outside_view adds
        brute |= outside_view(plan, origin, facing)
        assert field_of_view(plan, origin, facing) == frozenset(brute | {origin})


# ---- the sight table against the rules' direct statement -----------------------------------
#
# ``field_of_view`` answers from the plan's sight table (bit masks of every line of sight);
# ``reference_field_of_view`` walks one line per square exactly as the rules say. They must
# agree everywhere: on the Feynman, on the Feynman with its hatches opened or shut at random,
# and on random small plans of every terrain and edge kind.

def _with_edges(plan, **changes):
    """The plan with some sight geometry replaced, and nothing remembered from the old one."""
    return dataclasses.replace(plan, memo={}, **changes)


def _all_squares_agree(plan, dark=frozenset(), sees_dark=False):
    table = sight_table(plan)
    for origin in range(plan.width * plan.height):
        for facing in "NESW":
            expected = reference_field_of_view(plan, origin, facing, dark, sees_dark)
            assert field_of_view(plan, origin, facing, dark=dark,
                                 sees_dark=sees_dark) == expected, (plan.xy(origin), facing)
        for target in range(plan.width * plan.height):
            assert table.clear(origin, target) is line_of_sight(plan, origin, target)[0]


def test_sight_table_equals_the_reference_from_every_square_of_the_feynman():
    plan = feynman()
    for origin in range(plan.width * plan.height):
        for facing in "NESW":
            assert field_of_view(plan, origin, facing) == reference_field_of_view(
                plan, origin, facing), (plan.xy(origin), facing)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_sight_table_equals_the_reference_on_the_feynman(data):
    plan = feynman()
    squares = plan.width * plan.height
    origin = data.draw(st.integers(0, squares - 1), label="origin")
    facing = data.draw(st.sampled_from("NESW"), label="facing")
    sees_dark = data.draw(st.booleans(), label="sees_dark")
    if data.draw(st.booleans(), label="dark spaces"):
        names = data.draw(st.sets(st.sampled_from(plan.space_names)), label="dark")
        dark = frozenset(s for s in range(squares) if plan.space_name(s) in names)
    else:
        dark = frozenset(data.draw(st.sets(st.integers(0, squares - 1)), label="dark"))
    assert field_of_view(plan, origin, facing, dark=dark, sees_dark=sees_dark) == (
        reference_field_of_view(plan, origin, facing, dark, sees_dark))
    target = data.draw(st.integers(0, squares - 1), label="target")
    assert sight_table(plan).clear(origin, target) is line_of_sight(plan, origin, target)[0]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_sight_table_equals_the_reference_with_feynman_hatches_opened_at_random(data):
    """Hatches always block sight in play; a hatch drawn open (or as a door or glass) shows the
    table follows whatever edges a plan has, across areas the open hatches join."""
    base = feynman()
    w = base.width
    kinds = [data.draw(st.sampled_from(("hatch", "open", "door", "glass")), label=h.name)
             for h in base.hatches]
    vedge, hedge = list(base.vedge), list(base.hedge)
    for hatch, kind in zip(base.hatches, kinds, strict=True):
        for a, b in hatch.edges:
            if b == a + 1:
                vedge[(a // w) * (w + 1) + a % w + 1] = kind
            elif b == a + w:
                hedge[b] = kind
    plan = _with_edges(base, vedge=tuple(vedge), hedge=tuple(hedge))
    passable = [s for s in range(w * base.height) if plan.passable(s)]
    for origin in data.draw(st.lists(st.sampled_from(passable), min_size=1, max_size=6),
                            label="origins"):
        for facing in "NESW":
            assert field_of_view(plan, origin, facing) == reference_field_of_view(
                plan, origin, facing)


TERRAIN_DRAW = st.sampled_from(("clear", "clear", "clear", "cluttered", "obstructed",
                                "blocked", "space", "void"))
EDGE_DRAW = st.sampled_from(("open", "open", "open", "wall", "door", "hatch", "glass"))


@settings(max_examples=120, deadline=None)
@given(data=st.data(), width=st.integers(1, 6), height=st.integers(1, 6))
def test_sight_table_equals_the_reference_on_random_plans(data, width, height):
    base = deckplan_from_text(room(width, height))
    terrain = tuple(data.draw(st.lists(TERRAIN_DRAW, min_size=width * height,
                                       max_size=width * height), label="terrain"))
    vedge = tuple(data.draw(st.lists(EDGE_DRAW, min_size=(width + 1) * height,
                                     max_size=(width + 1) * height), label="vedge"))
    hedge = tuple(data.draw(st.lists(EDGE_DRAW, min_size=width * (height + 1),
                                     max_size=width * (height + 1)), label="hedge"))
    plan = _with_edges(base, terrain=terrain, vedge=vedge, hedge=hedge,
                       opaque=tuple(t in ("blocked", "void") for t in terrain))
    dark = frozenset(data.draw(st.sets(st.integers(0, width * height - 1)), label="dark"))
    _all_squares_agree(plan)
    _all_squares_agree(plan, dark, sees_dark=data.draw(st.booleans(), label="sees_dark"))


@pytest.mark.parametrize("arms", [(), ("N",), ("N", "W"), ("N", "S"), ("W", "S"),
                                  ("N", "E", "S", "W")])
def test_sight_table_keeps_the_corner_rule(arms):
    _all_squares_agree(deckplan_from_text(room(4, 3, edges=corner(*arms))))
    _all_squares_agree(deckplan_from_text(room(4, 3, squares={(1, 0): "#", (2, 1): "#"},
                                               edges=corner(*arms))))


def test_sight_table_keeps_one_entry_per_square_and_facing_looked_from():
    plan = deckplan_from_text(room(5, 4, edges={((2, 1), "W"): "|"}))
    table = sight_table(plan)
    for _ in range(3):
        for origin in (plan.sq(0, 0), plan.sq(4, 3)):
            for facing in "NESW":
                field_of_view(plan, origin, facing, dark=frozenset({plan.sq(1, 1)}))
    assert len(table.seen) == 8
    assert frozenset(table.seen_from(plan.sq(0, 0), "E")) == reference_field_of_view(
        plan, plan.sq(0, 0), "E")
    assert sight_table(plan) is table
