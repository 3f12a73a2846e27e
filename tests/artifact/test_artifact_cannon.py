"""The pirate cannon's three modes (rulebook: Pirate Cannon; game/artifact/cannon.py)."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import cannon
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for


def _gunner(seed: int = 9):
    """The Example's game at Pirate Turn 1 with Eastwood (Plasma) in the turret, facing
    the stern."""
    game, _log = example_game(seed)
    game.apply(JUDGE, A.JudgeMove("eastwood", 15, 1, "E"))
    return game


def _next_pirate_turn(game):
    for seat in game.seats:
        assert game.turn_seat == seat
        game.apply(seat, A.EndTurn())


def test_the_cannon_is_crewed_from_the_turret_with_the_plasma_skill():
    game, _log = example_game(9)
    with pytest.raises(IllegalAction, match="turret"):
        game.apply("pirates", A.FireCannon("eastwood", "needle_beam", (41, 5), "E"))
    game.apply(JUDGE, A.JudgeMove("orlov", 15, 1, "E"))
    with pytest.raises(IllegalAction, match="Plasma"):
        game.apply("pirates", A.FireCannon("orlov", "needle_beam", (41, 5), "E"))


def test_the_needle_beam_wears_down_the_shield_generator_until_the_shields_fall():
    game = _gunner()
    rounds = 0
    while game.state.systems.shields_up:
        events = game.apply("pirates", A.FireCannon("eastwood", "needle_beam", (41, 5), "E"))
        told = [e.data for e in events if e.kind == "cannon"][0]
        assert game.plan.edge_id(game.plan.sq(41, 5), game.plan.sq(41, 4)) \
            not in game.state.systems.broken_windows  # no breach
        damage = game.state.systems.needled["41,5"]
        if not told["killed"]:
            assert game.state.systems.shields_up and damage != "K"
        rounds += 1
        assert rounds < 30
        if game.state.systems.shields_up:
            _next_pirate_turn(game)
    assert told["killed"] and told["result"].startswith("The shield generator is destroyed")


def test_the_plasma_drill_breaches_the_hull_and_hits_everyone_inside():
    game = _gunner()
    game.apply(JUDGE, A.JudgeMove("slavin", 23, 5, "N"))  # against the engineering hull
    plan = game.plan
    assert cannon.target_problem(game, game.state.characters["eastwood"], "plasma_drill",
                                 (23, 5), "E") is None
    events = game.apply("pirates", A.FireCannon("eastwood", "plasma_drill", (23, 5), "E"))
    told = [e.data for e in events if e.kind == "cannon"][0]
    # one victim, unseen by the gunner (inside the hull): named to nobody
    assert [r["who"] for r in told["results"]] == [""]
    slavin = game.state.characters["slavin"]
    assert slavin.status != "active" or slavin.wound  # a grenade's hit, unarmoured
    # the hull edge nearest the gunner: the west wall, facing the space by the lift stop
    edge = plan.edge_id(plan.sq(22, 5), plan.sq(23, 5))
    assert game.state.systems.broken_windows == [edge]
    assert game.plan.edge_between(game.plan.sq(22, 5), game.plan.sq(23, 5)) == "open"
    # the drill cannot reach a square whose hull the gunner does not see
    eastwood = game.state.characters["eastwood"]
    assert "no hull" in cannon.target_problem(game, eastwood, "plasma_drill", (10, 7), "E")
    assert "no hull" in cannon.target_problem(game, eastwood, "plasma_drill", (23, 5), "W")


def test_anti_personnel_fires_as_an_attack_at_the_reconbot_on_the_ring():
    game = _gunner()
    token = next(t for t, c in view_for(game, "pirates").map.counters.items()
                 if c.counter == "Recon Bot (McCray)")
    action = A.FireCannon("eastwood", "anti_personnel", token, "E")
    assert action in game.legal_actions("pirates")
    events = game.apply("pirates", action)
    attack = [e.data for e in events if e.kind == "attack"][0]
    assert attack["weapon"] == game.sheets.items["rpp7"].name
    assert len(attack["shots"]) == 1


def test_every_listed_cannon_shot_is_legal():
    game = _gunner()
    shots = [a for a in game.legal_actions("pirates") if isinstance(a, A.FireCannon)]
    modes = {a.mode for a in shots}
    assert modes == {"anti_personnel", "plasma_drill", "needle_beam"}
    for action in shots[:: max(1, len(shots) // 25)]:
        assert game.is_legal("pirates", action), action
