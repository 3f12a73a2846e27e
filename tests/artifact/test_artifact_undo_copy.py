"""The copy the engine keeps to undo a failed action: equal to the state, sharing nothing
that could change with it."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.artifact.codec import canonical_json
from game.artifact.engine import ArtifactGame, _private_copy


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
