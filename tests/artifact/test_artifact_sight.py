"""Line of sight and field of view on small drawn maps, including the corner rule."""

from __future__ import annotations

import random

import pytest

from game.artifact.deckplan import deckplan_from_text, feynman
from game.artifact.sight import field_of_view, line_of_sight, sight_areas


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

    plan = feynman()
    rng = random.Random(9)
    open_squares = [s for s in range(len(plan.terrain)) if plan.passable(s)]
    for _ in range(25):
        origin = rng.choice(open_squares)
        facing = rng.choice("NESW")
        brute = {s for s in range(len(plan.terrain))
                 if plan.terrain[s] != "void" and in_field(plan, origin, facing, s)
                 and line_of_sight(plan, origin, s)[0]}
        assert field_of_view(plan, origin, facing) == frozenset(brute | {origin})
