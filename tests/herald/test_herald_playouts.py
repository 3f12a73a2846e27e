"""Seeded random playouts over the whole API, checking invariants after every action."""

from __future__ import annotations

import json
import random

import pytest

from game.herald.actions import (
    AssignDice,
    ChooseDirection,
    ChooseEnvironment,
    DeclineEvent,
    FaceEvent,
    action_from_dict,
)
from game.herald.engine import HeraldGame, replay
from game.herald.errors import IllegalAction
from game.herald.pads import load_pads

PADS = load_pads()
BOGUS = [
    AssignDice((0, 0, 1, 2, 3)),
    ChooseDirection("UP"),
    ChooseEnvironment("picnic"),
    FaceEvent("buma", "buma", False),
    FaceEvent("nobody", "rash", False),
    DeclineEvent(),
]


def check_invariants(game: HeraldGame) -> None:
    s = game.state
    assert 0 <= s.supplies <= 4 and 0 <= s.leadership <= 4 and 0 <= s.infiltration <= 4
    assert 0 <= s.diplomatic <= 4 and 0 <= s.research <= 4
    assert 0 <= s.time <= 24 and len(s.bad_reputation) <= 2
    for off in PADS.officers:
        assert 0 <= s.effectiveness[off.id] <= off.max_effectiveness
    assert s.position in PADS.holomap.regions and s.route[-1] == s.position
    assert 0 <= s.matrix[0] < 3 and 0 <= s.matrix[1] < 8
    assert s.stec_active == (s.infiltration == 0)
    if s.time > 3:
        assert s.countdown_modifier == 0
    if s.outcome is None:
        assert s.supplies > 0 and s.leadership > 0 and s.time >= 1
        assert game.pending is not None and game.legal_actions()
    else:
        assert game.pending is None and game.legal_actions() == []


def play(seed: int, variant: str, rng: random.Random, deep: bool) -> HeraldGame:
    game = HeraldGame.new(seed, variant)
    steps = 0
    while game.outcome is None:
        steps += 1
        assert steps < 1000, "a game must end"
        legal = game.legal_actions()
        if deep:
            before = json.dumps(game.to_dict(), sort_keys=True)
            for bogus in BOGUS:
                if bogus not in legal and not (isinstance(bogus, AssignDice)
                                               and game.state.phase == "assign_dice"
                                               and sorted(bogus.order) == list(range(5))):
                    with pytest.raises(IllegalAction):
                        game.apply(bogus)
            assert json.dumps(game.to_dict(), sort_keys=True) == before
        action = rng.choice(legal)
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        events = game.apply(action)
        assert events, "every action produces events"
        for ev in events:
            assert isinstance(ev.describe(), str) and ev.describe()
            json.dumps(ev.to_dict())
        check_invariants(game)
    return game


@pytest.mark.parametrize("variant", ["standard", "linear"])
def test_many_random_games_end_and_keep_invariants(variant):
    rng = random.Random(variant)
    tiers = set()
    for seed in range(1500):
        game = play(seed, variant, rng, deep=seed % 50 == 0)
        tiers.add(game.outcome.tier)
    assert "defeat" in tiers


@pytest.mark.parametrize("variant", ["standard", "linear"])
def test_replay_and_round_trips_reproduce_the_state_exactly(variant):
    rng = random.Random(7)
    for seed in range(60):
        game = play(seed, variant, rng, deep=False)
        blob = game.to_dict()
        again = replay(game.setup, game.log)
        assert json.dumps(again.to_dict()) == json.dumps(blob)
        via_json = HeraldGame.from_dict(json.loads(json.dumps(blob)))
        assert json.dumps(via_json.to_dict()) == json.dumps(blob)
        assert HeraldGame.from_dict(blob).to_dict() == blob


def test_replay_mid_game_matches():
    rng = random.Random(3)
    for seed in range(40):
        game = HeraldGame.new(seed, "standard", dice=[3, 1, 6, 2, 5, 4])
        for _ in range(rng.randrange(1, 12)):
            if game.outcome is not None:
                break
            game.apply(rng.choice(game.legal_actions()))
        assert replay(game.setup, [a.to_dict() for a in game.log]).to_dict() == game.to_dict()


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.herald.actions import ACTION_TYPES, Action  # noqa: E402
from game.herald.errors import InvalidAction  # noqa: E402

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10) | st.sampled_from(
        ["buma", "guwer", "L", "R", "on_the_fly", "shore_leave", "x", ""]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
_fields = ["order", "direction", "option", "police", "communication", "space", "physics",
           "first", "second", "dilemma", "cultures", "battle", "ground", "biology", "officer"]


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(ACTION_TYPES) + ["nope"]),
       body=st.dictionaries(st.sampled_from(_fields), _json, max_size=5),
       steps=st.integers(0, 8))
def test_any_action_dict_is_rejected_cleanly_or_applied(kind, body, steps):
    game = HeraldGame.new(99, dice=[1, 6, 3, 4, 5, 2])
    for _ in range(steps):
        if game.outcome is not None:
            break
        game.apply(game.legal_actions()[0])
    before = game.to_dict()
    try:
        action = action_from_dict({"type": kind, **body})
    except InvalidAction:
        return
    assert isinstance(action, Action)
    try:
        game.apply(action)
    except IllegalAction as exc:
        assert str(exc) and game.to_dict() == before


@settings(max_examples=200, deadline=None)
@given(dice=st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_dice_assignments_are_every_distinct_order_first_seen(dice):
    """The kept list of dice assignments is what walking the 120 orders gives: each way
    the Readings can differ once, in the order a seeded random player has always drawn
    from (the list is kept per roll; a copy is handed out)."""
    import itertools

    from game.herald.actions import AssignDice

    game = HeraldGame.new(3, "standard")
    while game.state.phase != "assign_dice":
        game.apply(game.legal_actions()[0])
    game.state.dice = tuple(dice)
    seen, expected = set(), []
    for order in itertools.permutations(range(5)):
        values = tuple(dice[i] for i in order)
        if values not in seen:
            seen.add(values)
            expected.append(AssignDice(order))
    first = game.legal_actions()
    assert first == expected
    first.clear()  # the caller's copy: the next call is whole again
    assert game.legal_actions() == expected
