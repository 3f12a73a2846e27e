"""Spaceships (rulebook: Spaceships, Ship Movement, EVA Collisions): piloting, the ships
redrawn where they fly, the shields and the map's edge (game/artifact/ships.py)."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import ships
from game.artifact.engine import replay
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game, example_setup
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .arrange import lower_shields


def _scientist_turn():
    game, log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
        log.append((seat, A.EndTurn()))
    assert game.turn_seat == "scientist"
    return game, log


def _do(game, log, seat, action):
    events = game.apply(seat, action)
    log.append((seat, action))
    return events


def test_slavin_flies_the_command_pod_off_the_feynman():
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "W"))  # the pod's control seat
    assert A.Pilot("slavin", "walk", ("W",), "W") in game.legal_actions("scientist")
    events = _do(game, log, "scientist", A.Pilot("slavin", "walk", ("W",), "W"))
    assert [e.kind for e in events] == ["ship_moved"]
    plan = game.plan
    assert plan.xy(game.state.characters["slavin"].square) == (0, 7)
    assert plan.space_name(plan.sq(0, 7)) == "Command Pod"
    assert plan.terrain[plan.sq(3, 7)] == "space"  # where the pod's back was
    hatch = next(h for h in plan.hatches if h.name == "Command Pod Hatch")
    assert -1 in hatch.segments  # the corridor's hatch opens on space now
    outer = next(h for h in plan.hatches if h.name == "Command pod outer hatch")
    assert [tuple(plan.xy(s) for s in e) for e in outer.edges] == [((2, 7), (3, 7)),
                                                                    ((2, 8), (3, 8))]
    # the game replays to the same state from its log
    again = replay(example_setup(), 9, log)
    assert again.to_json() == game.to_json()


def test_a_ship_never_flies_into_the_hull_and_steps_up_and_down_freely():
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "W"))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="not open space"):
        game.apply("scientist", A.Pilot("slavin", "jog", ("E",), "W"))
    assert game.to_json() == before
    _do(game, log, "scientist", A.Pilot("slavin", "jog", ("up", "W"), "W"))
    pod = game.state.ships["command_pod"]
    assert (pod.z, game.plan.xy(pod.square), pod.docked) == (1, (0, 7), False)


def test_only_a_pilot_at_the_controls_flies():
    game, log = _scientist_turn()
    with pytest.raises(IllegalAction, match="control seats"):
        game.apply("scientist", A.Pilot("slavin", "walk", ("W",), "W"))
    _do(game, log, JUDGE, A.JudgeMove("mccray", 1, 7, "W"))
    with pytest.raises(IllegalAction, match="Pilot skill"):
        game.apply("scientist", A.Pilot("mccray", "walk", ("W",), "W"))
    assert not any(isinstance(a, A.Pilot) for a in game.legal_actions("scientist"))


def test_the_cutter_leaves_the_map_only_with_the_shields_down():
    game, log = example_game(9)
    # Orlov, still a pirate, at the cutter's controls: one square north, then the edge
    _do(game, log, "pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    _do(game, log, "pirates", A.EndTurn())
    for seat in ("phoneco", "scientist", "alien"):
        _do(game, log, seat, A.EndTurn())
    with pytest.raises(IllegalAction, match="shields are up"):
        game.apply("pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    lower_shields(game)
    aboard = sorted(c.id for c in game.state.characters.values()
                    if c.square is not None
                    and game.plan.segment_name(c.square) in ("Cutter Cabin", "Cutter Airlock"))
    events = game.apply("pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    assert [e.kind for e in events] == ["ship_gone"]
    cutter = game.state.ships["cutter"]
    assert cutter.left and cutter.square is None and "orlov" in aboard
    # out of play, each on its square of the cutter as drawn (the victory levels' region)
    region = game.plan.region("Pirate Cutter")
    for cid in aboard:
        char = game.state.characters[cid]
        assert char.eva == "away" and char.square in region
    assert game.plan.terrain[game.plan.sq(15, 0)] == "space"  # the cutter is gone
    view = view_for(game, "pirates")
    assert view.own.characters["orlov"].square is None
    assert view.own.characters["orlov"].eva == "away"
    assert not any(isinstance(a, A.Move) and a.character == "orlov"
                   for a in game.legal_actions("pirates"))


def test_a_floater_in_the_ships_way_is_shoved_aside_unhurt():
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "W"))
    _do(game, log, JUDGE, A.JudgeMove("kyoshi", 0, 6, "S"))  # floating by the pod's bow
    events = _do(game, log, "scientist", A.Pilot("slavin", "walk", ("W",), "W"))
    kyoshi = game.state.characters["kyoshi"]
    assert kyoshi.status == "active"
    assert game.plan.terrain[kyoshi.square] == "space"
    assert game.plan.space_name(kyoshi.square) == ""
    assert game.plan.xy(kyoshi.square)[0] < 0 + 1  # pushed ahead, off the pod's new hull
    shoved = [n for n in game.state.pending["pirates"] if n.kind == "shoved"]
    assert shoved and shoved[0].get("character") == "kyoshi"
    assert [e.kind for e in events] == ["shoved", "ship_moved"]


def test_every_listed_flight_is_legal():
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "N"))
    flights = [a for a in game.legal_actions("scientist") if isinstance(a, A.Pilot)]
    assert {a.steps for a in flights} >= {("W",), ("up",), ("down",)}
    assert all(game.is_legal("scientist", a) for a in flights)
    assert not any("E" in a.steps for a in flights)  # into the Feynman
    assert ships.crafts()["cutter"].slower == 1


def test_the_informant_flies_off_and_the_stowaways_seat_learns_only_at_its_update():
    game, log = example_game(9)
    for seat in ("pirates",):
        _do(game, log, seat, A.EndTurn())
    _do(game, log, "phoneco", A.ActivateInformant("orlov"))
    yee_before = view_for(game, "pirates").own.characters["yee"].square
    _do(game, log, "phoneco", A.Pilot("orlov", "jog", ("N",), "W"))
    # the pirates' view keeps Yee where he was until their Situation Update
    assert view_for(game, "pirates").own.characters["yee"].square == yee_before
    for seat in ("phoneco", "scientist", "alien"):
        _do(game, log, seat, A.EndTurn())
    pirates = view_for(game, "pirates")
    assert pirates.own.characters["yee"].square == (yee_before[0], yee_before[1] - 1)
    assert [n.kind for n in pirates.notices if n.kind == "ship_moved"] == ["ship_moved"]
    _do(game, log, "pirates", A.EndTurn())
    lower_shields(game)
    game.apply("phoneco", A.Pilot("orlov", "jog", ("N",), "W"))
    gone = [n for n in view_for(game, "phoneco").notices if n.kind == "ship_gone"]
    assert [n.get("aboard") for n in gone] == [["orlov"]]  # never the stowaways' names
    assert {c.id for c in game.state.characters.values() if c.eva == "away"} >= {
        "orlov", "yee", "eastwood"}
    assert game.state.ships["cutter"].left
