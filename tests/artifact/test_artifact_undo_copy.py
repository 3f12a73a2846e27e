"""The copy the engine keeps to undo a failed action: equal to the state, sharing nothing
that could change with it, and when taken ahead of the action (``prepare_undo``, while a
host idles) used only while it is a copy of the state as it stands."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from typing import Any

import pytest

from game.artifact import actions as A
from game.artifact import hazards
from game.artifact.codec import canonical_json
from game.artifact.engine import ArtifactGame, _private_copy
from game.artifact.errors import ArtifactError

from .arrange import lights_out, lock_hatch
from .secrecy_tools import probe_junk, quick_game, random_step


def _mutable_pairs(a: Any, b: Any, seen: set[int]):
    """Every (original, copy) pair of mutable objects at the same place in both."""
    if id(a) in seen:
        return
    seen.add(id(a))
    frozen = dataclasses.is_dataclass(a) and a.__dataclass_params__.frozen
    if isinstance(a, (list, dict, set)) or (dataclasses.is_dataclass(a) and not frozen):
        yield a, b
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            yield from _mutable_pairs(getattr(a, f.name), getattr(b, f.name), seen)
    elif isinstance(a, dict):
        for key in a:
            yield from _mutable_pairs(a[key], b[key], seen)
    elif isinstance(a, (list, tuple)):
        for x, y in zip(a, b, strict=True):
            yield from _mutable_pairs(x, y, seen)


def test_the_undo_copy_equals_the_state_and_shares_nothing_mutable():
    game = ArtifactGame.new({"players": 8, "assignment": "random"}, 11)
    for _ in range(40):  # into the placement: characters, items, maps, notices
        seat = sorted(s for s in game.actors())[0]
        game.apply(seat, game.legal_actions(seat)[0])
    state = game.state
    copy = _private_copy(state)
    assert copy == state and canonical_json(copy) == canonical_json(state)
    pairs = list(_mutable_pairs(state, copy, set()))
    assert len(pairs) > 100
    assert all(a is not b for a, b in pairs)


# ---- the copy taken ahead of the next action (``prepare_undo``) ----------------------------------

def _refused(game: ArtifactGame, seat: str, cid: str) -> tuple[int, bool]:
    """Apply the junk actions for ``cid`` until one is accepted: how many the engine
    refused (each after ``_admit``, so the undo copy is what puts the state back), and
    whether one was accepted."""
    refused = 0
    for action in probe_junk(game, seat, cid):
        before = game.to_dict()
        try:
            game.apply(seat, action)
        except ArtifactError:
            refused += 1
            assert game.to_dict() == before, action
        else:
            return refused, True
    return refused, False


def _own_character(game: ArtifactGame, seat: str) -> str:
    return next(c.id for c in sorted(game.state.characters.values(), key=lambda c: c.id)
                if c.seat == seat)


def test_a_refused_action_after_the_copy_was_taken_leaves_the_state_as_it_was():
    refusals = 0
    for seed in range(3):
        game = quick_game(5, seed)
        rng = random.Random(seed)
        for _step in range(25):
            if game.phase != "play":
                break
            game.prepare_undo()
            assert game.undo_ready
            seat = game.turn_seat
            refused, accepted = _refused(game, seat, _own_character(game, seat))
            refusals += refused
            # after a refusal the state put back is the copy's own: it stays ready
            assert game.undo_ready is not accepted
            seat, action = random_step(game, rng)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
    assert refusals > 60


def test_the_copy_serves_several_refusals_in_a_row_and_none_after_an_accepted_action():
    game = quick_game(4, 1)
    seat = game.turn_seat
    cid = _own_character(game, seat)
    game.prepare_undo()
    before = game.to_dict()
    for _ in range(3):
        with pytest.raises(ArtifactError):
            game.apply(seat, A.Move(cid, "fly", (), "N"))
        assert game.undo_ready and game.to_dict() == before
    game.apply(seat, A.EndTurn())
    assert not game.undo_ready  # of the state before the turn's end: never used again
    seat = game.turn_seat
    after = game.to_dict()
    with pytest.raises(ArtifactError):
        game.apply(seat, A.Move(_own_character(game, seat), "fly", (), "N"))
    assert game.to_dict() == after


def test_an_arranged_write_after_the_copy_was_taken_is_not_undone_by_a_refusal():
    """The copy is of the state before the arranged write: were it used, a refused action
    would take the locked hatch and the dark space back out of the game."""
    game = quick_game(4, 2)
    seat = game.turn_seat
    game.prepare_undo()
    hatch = lock_hatch(game, "Command Pod Hatch")
    lights_out(game, "Medlab")
    arranged = game.to_dict()
    assert not game.undo_ready
    with pytest.raises(ArtifactError):
        game.apply(seat, A.Move(_own_character(game, seat), "fly", (), "N"))
    assert game.to_dict() == arranged
    assert hatch in game.state.locked and "Medlab" in game.state.dark


def test_a_rule_that_fails_midway_is_undone_from_the_copy(monkeypatch):
    """An engine fault after the state was changed: everything is put back, the RNG too."""
    game = quick_game(4, 3)
    game.prepare_undo()
    before = game.to_dict()

    def broken(table):
        table.notify(table.turn_seat, {"kind": "judge", "text": "half done"})  # a change
        table._rng.random()
        raise RuntimeError("a rule's fault")

    monkeypatch.setattr(hazards, "settle", broken)
    with pytest.raises(RuntimeError):
        game.apply(game.turn_seat, A.EndTurn())
    assert game.to_dict() == before


def test_games_with_and_without_the_copy_taken_ahead_are_the_same_game():
    for seed in range(3):
        plain, ahead = quick_game(5, seed), quick_game(5, seed)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        accepted = 0
        for _step in range(80):
            if plain.phase != "play":
                break
            ahead.prepare_undo()
            seat, action = random_step(plain, rng_a)
            assert random_step(ahead, rng_b) == (seat, action)
            outcomes = []
            for game in (plain, ahead):
                try:
                    outcomes.append(game.apply(seat, action))
                except ArtifactError as exc:
                    outcomes.append(str(exc))
            assert outcomes[0] == outcomes[1]
            accepted += isinstance(outcomes[0], list)
            assert plain.to_dict() == ahead.to_dict()
        assert accepted > 20


def test_is_legal_tries_on_the_copy_and_leaves_the_state_alone():
    game = quick_game(4, 4)
    seat = game.turn_seat
    game.prepare_undo()
    before = game.to_dict()
    assert game.is_legal(seat, A.EndTurn())
    assert not game.is_legal(seat, A.Move(_own_character(game, seat), "fly", (), "N"))
    assert game.to_dict() == before and game.undo_ready
