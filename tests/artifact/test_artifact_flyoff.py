"""Flying off the map (rulebook: Ship Movement, "Ships may not leave the map unless the
Feynman's shields are down"; Shields; Victory): the bar offers it to a pilot whose seat knows
the shields are down, the engine lets any pilot try, the bubble stops a try while they are
up (the action spent, the seat now knowing), and a ship that leaves takes everyone and
everything aboard out of play, for the victory levels (game/artifact/ships.py, available.py,
victory.py)."""

from __future__ import annotations

import random

from game.artifact import actions as A
from game.artifact import ships, sightings
from game.artifact.available import available_actions
from game.artifact.engine import ArtifactGame
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.space import outside
from game.artifact.state import ShieldsSeen
from game.artifact.views import view_for

from .arrange import lower_shields, shields_as_seen, ship_at
from .secrecy_tools import answers

POD_SEAT = (1, 7)  # the Command Pod's control seat as drawn: one square in from the west edge


def _scientist_turn():
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    assert game.turn_seat == "scientist"
    return game


def _off_options(view, cid: str):
    return [o for o in available_actions(view, cid) if o.key.startswith("flyoff:")]


def _pilot(option, facing: str = "W") -> A.Action:
    return A.action_from_dict({**option.action, "facing": facing})


def test_a_pilot_who_last_saw_the_shields_down_meets_the_bubble_and_spends_the_action():
    game = _scientist_turn()
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    shields_as_seen(game, "scientist", up=False)  # last seen down; they are up
    view = view_for(game, "scientist")
    [offer] = _off_options(view, "slavin")
    assert offer.label == "Fly off the map to the west" and offer.action["steps"] == ["W", "W"]
    events = game.apply("scientist", _pilot(offer))
    # the pod flew the step before the edge and stopped against the bubble
    pod = game.state.ships["command_pod"]
    assert not pod.left and game.plan.xy(pod.square) == (0, 7)
    assert [e.kind for e in events] == ["ship_moved", "shields_in_way"]
    assert "slavin" in game.state.turn.acted  # the action is spent
    view = view_for(game, "scientist")
    assert view.shields == ShieldsSeen(True, 1, True)
    assert _off_options(view, "slavin") == []  # no longer offered
    told = [n for n in view.notices if n.kind == "shields_in_way"]
    assert told and told[-1].get("ship") == "Command pod"


def test_trying_tells_the_same_whatever_the_seat_does_not_know():
    """A try off the map is accepted whether the shields are up or down: the answer never
    tells a seat what it has not seen (only the try itself does, by its result)."""
    game = _scientist_turn()
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    twin = ArtifactGame.from_dict(game.to_dict())
    lower_shields(twin)
    tries = [A.Pilot("slavin", "jog", ("W", "W"), "W"), A.Pilot("slavin", "walk", ("W",), "W")]
    assert answers(twin, "scientist", tries) == answers(game, "scientist", tries) == [
        ("ok",), ("ok",)]
    twin.apply("scientist", tries[0])  # down: gone
    assert twin.state.ships["command_pod"].left


def test_a_seat_that_believes_the_shields_up_may_still_try_and_leave():
    game = _scientist_turn()
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    shields_as_seen(game, "scientist", up=True)
    lower_shields(game)  # since, out of its sight
    assert _off_options(view_for(game, "scientist"), "slavin") == []
    events = game.apply("scientist", A.Pilot("slavin", "jog", ("W", "W"), "W"))
    assert events[0].kind == "ship_gone" and game.state.ships["command_pod"].left


def test_what_lay_aboard_leaves_with_the_ship_and_leaves_the_map():
    game = _scientist_turn()
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    trap = next(i for i in game.state.items.values() if i.type == "booby_trap"
                and i.square == game.plan.sq(3, 7))
    lower_shields(game)
    game.apply("scientist", A.Pilot("slavin", "jog", ("W", "W"), "W"))
    assert trap.square is None and trap.away == "command_pod"
    assert view_for(game, "scientist").own.items[trap.id].square is None
    # the Judge sees it all; the others hear only that it went, at their next turn
    judge = view_for(game, JUDGE)
    told = [n for n in judge.state.judge_notices if n.kind == "ship_departed"]
    assert told[-1].get("aboard") == ["slavin"] and trap.id in told[-1].get("items")
    game.apply("scientist", A.EndTurn())
    alien = view_for(game, "alien")
    assert [n.get("ship") for n in alien.notices if n.kind == "ship_left"] == ["Command pod"]
    assert not any("slavin" in str(n.about) for n in alien.notices)


def _placements(game, craft, rng, count: int):
    """Random places for ``craft`` in open space near the map's edges, any way round."""
    drawn = game.drawn_plan
    band = outside(drawn).band
    hx, hy = drawn.xy(craft.seats[0])
    found = []
    while len(found) < count:
        x = rng.choice(list(range(0, 6)) + list(range(drawn.width - 6, drawn.width)))
        y = rng.randrange(drawn.height)
        if rng.random() < 0.5:
            x, y = rng.randrange(drawn.width), rng.choice(
                list(range(0, 6)) + list(range(drawn.height - 6, drawn.height)))
        turns = rng.randrange(4)
        foot = ships._footprint(drawn, craft, (x - hx, y - hy, turns))
        if foot and all(drawn.terrain[q] == "space" and q not in band for q in foot):
            found.append((x, y, turns))
    return found


def test_the_bar_offers_exactly_the_engines_flights_off_the_map_on_random_states():
    rng = random.Random(15)
    base = _scientist_turn()
    pod = ships.crafts()["command_pod"]
    offered = 0
    for x, y, turns in _placements(base, pod, rng, 20):
        game = ArtifactGame.from_dict(base.to_dict())
        ship_at(game, "command_pod", x, y, turns)
        game.apply(JUDGE, A.JudgeMove("slavin", x, y, rng.choice("NESW")))
        down = rng.random() < 0.7
        if down:
            lower_shields(game)
        sightings.refresh_map(game.state, game.plan, game.sheets,
                              game.state.map_of["scientist"])
        view = view_for(game, "scientist")
        assert view.shields is not None and view.shields.up is (not down)
        options = available_actions(view, "slavin")
        facing = view.own.characters["slavin"].facing
        off = {o.key.split(":")[1]: o for o in options if o.key.startswith("flyoff:")}
        # the engine's own list of legal flights (legal_actions' Pilot entries): the ways
        # off the map
        slavin = game.state.characters["slavin"]
        leaving = {steps[0] for mode, steps in ships.flights(game, slavin)
                   if ships.leaves_map(ships.plan_flight(game, slavin, mode, steps)[2])}
        assert set(off) == (leaving if down else set()), (x, y, turns)
        for way, option in off.items():
            trial = ArtifactGame.from_dict(game.to_dict())
            trial.apply("scientist", _pilot(option, facing))
            assert trial.state.ships["command_pod"].left, (x, y, turns, way)
            offered += 1
        flights = [o for o in options if o.key.startswith("fly:")]
        for option in rng.sample(flights, min(2, len(flights))):  # the others stay on the map
            trial = ArtifactGame.from_dict(game.to_dict())
            trial.apply("scientist", _pilot(option, facing))
            assert not trial.state.ships["command_pod"].left
    assert offered >= 8


# ---- flown away for real: the victory levels count what left --------------------------------

def _end(game):
    game.apply(JUDGE, A.EndGame(()))
    return game.state.result


def test_the_pirates_fly_off_with_the_loot_and_the_band_for_level_3():
    game, _log = example_game(9)
    # Orlov at the cutter's controls, the whole band aboard, Colovisto with the loot
    game.apply("pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    for seat in ("pirates", "phoneco", "scientist", "alien"):
        game.apply(seat, A.EndTurn())
    lower_shields(game)
    game.apply("pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    assert game.state.ships["cutter"].left
    result = _end(game)
    assert result.levels["pirates"] == 3
    facts = " ".join(result.checks["pirates"][2].facts)
    assert "The loot left the Feynman aboard the Pirate Cutter with" in facts
    assert "Colovisto" in facts and "Orlov" in facts


def test_hal_wins_when_the_pod_flies_off_with_the_video_and_mccray_is_down():
    """The Example's "What next?": HAL's #1 is the Command Pod flown away with the security
    video aboard (here on its floor) while the Professor is out of action."""
    game = _scientist_turn()
    disk = next(i.id for i in game.state.items.values() if i.type == "evidence_disk")
    game.apply(JUDGE, A.JudgeMove(disk, 2, 8, "N"))  # dropped in the pod
    game.apply(JUDGE, A.JudgeSetStatus("mccray", "ko"))
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    lower_shields(game)
    game.apply("scientist", A.Pilot("slavin", "jog", ("W", "W"), "W"))
    assert game.state.items[disk].away == "command_pod"
    result = _end(game)
    assert result.levels["alien"] == 1
    assert "The evidence disk left the Feynman aboard the Command Pod." in \
        result.checks["alien"][0].facts


def test_mccray_flown_away_with_the_video_in_his_hands_earns_level_1():
    game = _scientist_turn()
    disk = next(i for i in game.state.items.values() if i.type == "evidence_disk")
    game.apply(JUDGE, A.JudgeMove(disk.id, 2, 8, "N"))  # on the pod's floor
    game.apply(JUDGE, A.JudgeMove("mccray", 2, 8, "W"))
    game.apply("scientist", A.PickUpDrop("mccray", (disk.token,), (), "W"))
    assert disk.holder == "mccray"
    game.apply(JUDGE, A.JudgeMove("slavin", *POD_SEAT, "W"))
    lower_shields(game)
    game.apply("scientist", A.Pilot("slavin", "jog", ("W", "W"), "W"))
    assert game.state.characters["mccray"].eva == "away"
    result = _end(game)
    assert result.levels["scientist"] == 1
    assert "Dr. McCray holds the evidence disk." in result.checks["scientist"][0].facts
