"""A move is checked against what its seat knows (``movement.check_path``); the engine
hands the check that knowledge without building the seat's whole view
(``interdiction.mover_knowledge``). It must be exactly what the view tells, on random
states: dark spaces, gas, holes, welds, held forces, map partners, lift cars."""

from __future__ import annotations

from game.artifact import movement
from game.artifact.interdiction import mover_knowledge
from game.artifact.views import view_for

from .arrange import fights
from .secrecy_tools import played_states


def _same_as_the_view(game) -> int:
    for seat in game.seats:
        view = view_for(game, seat)
        knows, tokens = mover_knowledge(game, seat)
        assert knows == movement.knowledge(view, game.plan), seat
        assert tokens == set(view.map.counters), seat
    return len(game.seats)


def test_the_movers_knowledge_is_what_its_view_tells_on_random_games():
    compared = held = 0
    for game in played_states(((3, 1), (5, 2), (8, 3), (8, 4)), 40):
        compared += _same_as_the_view(game)
        held += bool(game.state.held)
    assert compared > 600 and held > 0


def test_the_movers_knowledge_is_what_its_view_tells_amid_fights_and_holes():
    compared = 0
    for game, _rng in fights(range(3), 2, holes=True):
        compared += _same_as_the_view(game)
    assert compared >= 20
