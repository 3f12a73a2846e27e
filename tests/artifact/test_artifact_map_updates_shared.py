"""Every map's update at the end of a turn reads the same characters, dark squares and
counters: ``sightings.refresh_maps`` works them out once (``Sights``). It must leave the
state exactly as one ``refresh_map`` after another does, on random states: held forces,
map partners, informants, dark spaces and gas, sneaksuits, robots, holes."""

from __future__ import annotations

import contextlib
import pickle

from game.artifact import sightings
from game.artifact.codec import canonical_json
from game.artifact.errors import ArtifactError

from .arrange import fights
from .secrecy_tools import played_states, random_step


def _same_as_one_by_one(game) -> bool:
    """Both ways on copies of the state; whether any map's counters changed at all."""
    one_by_one, shared = (pickle.loads(pickle.dumps(game.state)) for _ in range(2))
    plan, sheets = game.plan, game.sheets
    for map_id in sorted(one_by_one.maps):
        sightings.refresh_map(one_by_one, plan, sheets, map_id)
    sightings.refresh_maps(shared, plan, sheets, sorted(shared.maps))
    assert canonical_json(shared) == canonical_json(one_by_one)
    return canonical_json(one_by_one) != canonical_json(game.state)


def test_maps_updated_together_are_as_if_updated_one_by_one_on_random_games():
    compared = changed = held = 0
    for game in played_states(((3, 5), (5, 6), (8, 7), (8, 8)), 40):
        changed += _same_as_one_by_one(game)
        compared += 1
        held += bool(game.state.held)
    assert compared > 100 and changed > 20 and held > 0


def test_maps_updated_together_are_as_if_updated_one_by_one_amid_fights_and_holes():
    compared = 0
    for game, rng in fights(range(4), 2, holes=True):
        _same_as_one_by_one(game)
        seat, action = random_step(game, rng)  # a shot, a move: others' maps fall behind
        with contextlib.suppress(ArtifactError):
            game.apply(seat, action)
        _same_as_one_by_one(game)
        compared += 2
    assert compared >= 16
