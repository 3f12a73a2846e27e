"""The engine's quick paths give exactly what the straightforward code gave.

Each speed-up that replaced a piece of arithmetic or a search keeps the old version here
as the reference, and a property test draws random states (or every input, where there
are few) and holds the engine's answer equal to it.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.herald import engine
from game.herald.actions import (
    AssignDice,
    ChooseDirection,
    ChooseEnvironment,
    DeclineAlienTech,
    DeclineEvent,
    DeclineInvestigation,
    DeclineOperation,
    FaceEvent,
    Investigate,
    MountOperation,
    UseAlienTech,
)
from game.herald.engine import HeraldGame
from game.herald.holomap import DIRECTIONS, adjacent
from game.herald.pads import MATRIX_COLS, MATRIX_ROWS, MAX_EFFORT, MIN_EFFORT, SUBJECTS, load_pads
from game.herald.readings import (
    DIRECTION_CHOICES,
    ENVIRONMENT_OPTIONS,
    active_readings,
    event_effort_bonus,
    timeline_step,
)

PADS = load_pads()
OFFICER_IDS = [o.id for o in PADS.officers]
REGIONS = sorted(PADS.holomap.regions)

# -- the references: the engine's code before its speed-ups ------------------------------


def old_bad_reputation_nearby(tokens: list, pos: tuple[int, int]) -> bool:
    return any(tuple(t) == tuple(pos) or adjacent(pos, t) for t in tokens)


def old_direction_options(position: tuple[int, int], value: int, lost: bool) -> list[str]:
    open_ways = PADS.holomap.open_directions(position)
    if lost:
        return [d for d in DIRECTIONS if d in open_ways]
    return [d for d in DIRECTION_CHOICES[value] if d in open_ways]


def old_event_efforts(base: int, value: int, dilemma: bool) -> tuple[int, int]:
    first, second = event_effort_bonus(value)
    first += base
    second += base
    if dilemma:
        first = max(MIN_EFFORT, first - 1)
        second = max(MIN_EFFORT, second - 1)
    return (min(MAX_EFFORT, max(MIN_EFFORT, first)),
            min(MAX_EFFORT, max(MIN_EFFORT, second)))


def old_timeline_move(col: int, row: int, value: int) -> tuple[tuple[int, int], bool, bool]:
    dcol, drow = timeline_step(value)
    ncol, nrow = col + dcol, row + drow
    wrapped_col = not 0 <= ncol < MATRIX_COLS
    wrapped_row = not 0 <= nrow < MATRIX_ROWS
    return (ncol % MATRIX_COLS, nrow % MATRIX_ROWS), wrapped_col, wrapped_row


def old_roll(forced: list[int], used: int, count: int, rng: random.Random) -> list[int]:
    values = []
    for _ in range(count):
        if used < len(forced):
            values.append(forced[used])
        else:
            values.append(rng.randint(1, 6))
        used += 1
    return values


# -- the property tests ------------------------------------------------------------------

efforts_st = st.dictionaries(st.sampled_from(OFFICER_IDS), st.integers(0, 4))


def _game_with(effectiveness: dict[str, int]) -> HeraldGame:
    game = HeraldGame.new(1)
    for off in PADS.officers:
        game.state.effectiveness[off.id] = min(effectiveness.get(off.id, 0),
                                               off.max_effectiveness)
    return game


@given(effectiveness=efforts_st, first=st.sampled_from(SUBJECTS),
       second=st.sampled_from(SUBJECTS))
def test_whether_a_pair_exists_is_whether_the_list_of_pairs_is_empty(effectiveness, first,
                                                                     second):
    game = _game_with(effectiveness)
    assert game._has_pair(first, second) == bool(game._pairs(first, second))


hexes = st.tuples(st.integers(-2, PADS.holomap.width + 1),
                  st.integers(-2, PADS.holomap.height + 1))


@given(pos=hexes, tokens=st.lists(hexes, max_size=3))
def test_a_bad_reputation_is_near_exactly_when_a_token_is_here_or_adjacent(pos, tokens):
    game = HeraldGame.new(2)
    game.state.bad_reputation = tokens
    assert game.bad_reputation_nearby(pos) == old_bad_reputation_nearby(tokens, pos)
    game.state.position = pos
    assert game.bad_reputation_nearby() == old_bad_reputation_nearby(tokens, pos)
    game.state.bad_reputation = [list(t) for t in tokens]  # as a save might hold them
    assert game.bad_reputation_nearby() == old_bad_reputation_nearby(tokens, pos)


@given(position=st.sampled_from(REGIONS), value=st.integers(1, 6), lost=st.booleans())
def test_the_directions_offered_are_the_reading_s_filtered_by_the_map(position, value, lost):
    game = HeraldGame.new(3)
    s = game.state
    s.position, s.lost, s.phase = position, lost, "direction"
    s.assignment = {"direction": value}
    expected = old_direction_options(position, value, lost)
    assert game._direction_options() == list(game._directions()) == expected
    assert game.legal_actions() == [ChooseDirection(d) for d in expected]


def test_event_efforts_are_the_rulebook_arithmetic_for_every_input():
    for base in range(0, MAX_EFFORT + 3):
        for value in range(1, 7):
            for dilemma in (False, True):
                assert engine._efforts(base, value, dilemma) == \
                    old_event_efforts(base, value, dilemma)


@given(col=st.integers(0, MATRIX_COLS - 1), row=st.integers(0, MATRIX_ROWS - 1),
       value=st.integers(1, 6), reputation=st.lists(hexes, max_size=2),
       dilemma=st.booleans())
def test_the_current_event_s_efforts_are_those_of_event_efforts(col, row, value, reputation,
                                                                dilemma):
    game = HeraldGame.new(4)
    s = game.state
    s.matrix, s.bad_reputation = (col, row), reputation
    s.assignment = {"event": value}
    base = PADS.events[col][row].effort + (1 if old_bad_reputation_nearby(reputation,
                                                                          s.position) else 0)
    assert game._event_efforts(dilemma) == game.event_efforts(dilemma) == \
        old_event_efforts(base, value, dilemma)


def test_the_timeline_moves_the_pawn_as_the_wrapping_arithmetic_did_from_every_square():
    for col in range(MATRIX_COLS):
        for row in range(MATRIX_ROWS):
            for value in range(1, 7):
                assert engine._timeline_move(col, row, value) == \
                    old_timeline_move(col, row, value)


@given(forced=st.lists(st.integers(1, 6), max_size=8), used=st.integers(0, 10),
       count=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_rolls_take_the_forced_dice_first_then_draw_what_randint_would(forced, used, count,
                                                                       seed):
    game = HeraldGame.new(seed, dice=forced)
    game.state.dice_used = used
    twin = random.Random()
    twin.setstate(game._rng.getstate())
    assert list(game._roll(count, "readings")) == old_roll(forced, used, count, twin)
    assert game.state.dice_used == used + count
    assert game._rng.getstate() == twin.getstate()


def _every_answer(game: HeraldGame) -> list:
    """Every action answering the pending decision's kind, legal or not (and a few of
    the other kinds, which never are)."""
    phase = game.state.phase
    ids = OFFICER_IDS + ["nobody"]
    if phase == "assign_dice":
        orders = list(engine._ORDERS) + [(0, 0, 1, 2, 3), (0, 1, 2, 3, 5), (4, 3, 2, 1)]
        answers = [AssignDice(o) for o in orders]  # type: ignore[arg-type]
    elif phase == "direction":
        answers = [ChooseDirection(d) for d in (*DIRECTIONS, "UP")]
    elif phase == "environment":
        answers = [ChooseEnvironment(o) for o in (*ENVIRONMENT_OPTIONS, "picnic")]
    elif phase == "investigate":
        answers = [Investigate(a, b) for a in ids for b in ids] + [DeclineInvestigation()]
    elif phase == "alien_tech":
        answers = [UseAlienTech(a, b) for a in ids for b in ids] + [DeclineAlienTech()]
    elif phase == "event_officers":
        answers = [FaceEvent(a, b, d) for a in ids for b in ids for d in (False, True)]
        answers.append(DeclineEvent())
    elif phase == "source_operation":
        answers = [*game.legal_actions(), MountOperation(*OFFICER_IDS[:4]),
                   MountOperation(OFFICER_IDS[0], None, OFFICER_IDS[1], OFFICER_IDS[2], True),
                   DeclineOperation()]
    else:
        answers = list(game.legal_actions())
    return answers + [DeclineEvent(), ChooseDirection("L"), AssignDice((0, 1, 2, 3, 4))]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["standard", "linear"]),
       picks=st.integers(0, 2**32))
def test_the_quick_check_of_an_action_accepts_exactly_the_legal_actions(seed, variant, picks):
    """Validation decides most actions with one check for their class; over random games,
    for every answer of every kind, it accepts exactly those ``legal_actions`` lists (an
    order of the dice only has to use each die once: every order is legal)."""
    rng = random.Random(picks)
    game = HeraldGame.new(seed, variant)
    while game.outcome is None:
        legal = game.legal_actions()
        for action in _every_answer(game):
            quick = engine._KNOWN[type(action)]
            shown = quick[0] == game.state.phase and quick[1](game, action)
            if isinstance(action, AssignDice) and game.state.phase == "assign_dice":
                expected = sorted(action.order) == [0, 1, 2, 3, 4]
            else:
                expected = action in legal
            assert shown == expected == game.is_legal(action), action
        game.apply(rng.choice(legal))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), picks=st.integers(0, 2**32))
def test_a_state_s_copy_is_what_copy_copy_makes(seed, steps, picks):
    """``HeraldState.copy`` (the automatic player's and the previews' scratch copies)
    gives the same shallow copy as ``copy.copy``: equal fields, the same objects shared."""
    rng = random.Random(picks)
    game = HeraldGame.new(seed, "linear" if seed % 2 else "standard")
    for _ in range(steps):
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    state = game.state
    mine, theirs = state.copy(), copy.copy(state)
    assert type(mine) is type(theirs) and mine is not state
    assert vars(mine).keys() == vars(theirs).keys()
    for name, value in vars(theirs).items():
        assert getattr(mine, name) is value, name
    assert mine.to_dict() == state.to_dict()
    sim = engine.scratch_copy(game, random.Random(0))
    assert sim.state.to_dict() == state.to_dict()
    assert sim.state.effectiveness is not state.effectiveness
    assert sim.state.route is not state.route


@given(dice=st.tuples(*[st.integers(1, 6)] * 5), order=st.permutations(range(5)),
       stec=st.booleans())
def test_assigning_the_dice_gives_each_reading_its_die_in_the_readings_order(dice, order,
                                                                             stec):
    game = HeraldGame.new(5)
    s = game.state
    s.dice, s.stec_active = dice, stec
    game._events = []
    game._perform(AssignDice(tuple(order)))  # type: ignore[arg-type]
    expected = {r: dice[i] for r, i in zip(active_readings(stec), order, strict=True)}
    assert list(s.assignment.items()) == list(expected.items())
    (event,) = game._events
    assert list(event.assignment.items()) == list(expected.items())
    assert event.assignment is not s.assignment
