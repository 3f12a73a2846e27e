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

from .arrange import act_again, give_item, lower_shields, ship_at


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
    # tried with the shields up: the bubble stops the cutter at the edge, the action spent
    where = game.state.ships["cutter"]
    events = _do(game, log, "pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    assert [e.kind for e in events] == ["shields_in_way"]
    assert game.state.ships["cutter"] == where and "orlov" in game.state.turn.acted
    assert view_for(game, "pirates").shields.up is True
    for seat in ("pirates", "phoneco", "scientist", "alien"):
        _do(game, log, seat, A.EndTurn())
    lower_shields(game)
    aboard = sorted(c.id for c in game.state.characters.values()
                    if c.square is not None
                    and game.plan.segment_name(c.square) in ("Cutter Cabin", "Cutter Airlock"))
    events = game.apply("pirates", A.Pilot("orlov", "jog", ("N",), "W"))
    assert [e.kind for e in events] == ["ship_gone"] + ["ship_left"] * 3
    # the other seats hear that it has gone at their Situation Update, never who was aboard
    for seat in ("phoneco", "scientist", "alien"):
        told = [n for n in game.state.pending[seat] if n.kind == "ship_left"]
        assert [dict(n.about) for n in told] == [{"ship": "Pirate cutter"}]
    judge = [n for n in game.state.judge_notices if n.kind == "ship_departed"]
    assert judge[-1].get("pilot") == "orlov" and "eastwood" in judge[-1].get("aboard")
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


# ---- turning and heights ------------------------------------------------------------------

def _pod_out_in_space(game, log, turns: int = 0, x: int = 2, y: int = 1) -> None:
    """The command pod undocked in open space north-west of the hull, Slavin at its
    controls and McCray in its back corner, both facing north."""
    ship_at(game, "command_pod", x, y, turns)
    pod = ships.crafts()["command_pod"]
    carry = ships.carrier(game.drawn_plan, pod, ships.placement(
        game.drawn_plan, pod, game.state.ships["command_pod"]))
    seat = game.plan.xy(carry(game.drawn_plan.sq(1, 7)))
    corner = game.plan.xy(carry(game.drawn_plan.sq(3, 9)))
    _do(game, log, JUDGE, A.JudgeMove("slavin", *seat, "N"))
    _do(game, log, JUDGE, A.JudgeMove("mccray", *corner, "N"))


def test_a_pilot_turns_the_ship_about_its_control_seat_and_everyone_aboard_turns_too():
    game, log = _scientist_turn()
    _pod_out_in_space(game, log)
    plan = game.plan
    assert plan.xy(game.state.characters["mccray"].square) == (4, 3)
    # the pod's windscreen is on the west of its seat, as drawn (its bow points west)
    assert plan.edge_between(plan.sq(2, 1), plan.sq(1, 1)) == "glass"
    assert A.Pilot("slavin", "walk", ("right",), "E") in game.legal_actions("scientist")
    events = game.apply("scientist", A.Pilot("slavin", "walk", ("right",), "E"))
    pod = game.state.ships["command_pod"]
    assert (plan.xy(pod.square), pod.turns, pod.z) == ((2, 1), 1, 0)
    assert events[-1].kind == "ship_moved" and events[-1].data["heading"] == "N"
    plan = game.plan
    # a quarter turn clockwise about the seat: the bow and its glass point north now
    assert plan.feature[plan.sq(2, 1)] == "control_seat"
    assert plan.edge_between(plan.sq(2, 1), plan.sq(2, 0)) == "glass"
    assert plan.edge_between(plan.sq(2, 1), plan.sq(1, 1)) != "glass"
    assert plan.terrain[plan.sq(4, 0)] == "space"  # where its stern was
    assert plan.space_name(plan.sq(0, 3)) == "Command Pod"
    mccray = game.state.characters["mccray"]
    assert plan.xy(mccray.square) == (0, 3) and mccray.facing == "E"  # carried round
    slavin = game.state.characters["slavin"]
    assert plan.xy(slavin.square) == (2, 1) and slavin.facing == "E"  # as he chose


def test_a_quarter_turn_costs_one_of_the_ships_mp_and_needs_room():
    game, log = _scientist_turn()
    _pod_out_in_space(game, log, x=25, y=2)  # clear all round: room to turn about
    with pytest.raises(IllegalAction, match="moves 1 a turn at that rate"):
        game.apply("scientist", A.Pilot("slavin", "walk", ("right", "right"), "N"))
    _do(game, log, "scientist", A.Pilot("slavin", "jog", ("right", "right"), "N"))
    assert game.state.ships["command_pod"].turns == 2
    # docked, the cutter cannot swing its stern into the hull, nor off the map's edge
    game, log = example_game(9)
    with pytest.raises(IllegalAction, match="not open space"):
        game.apply("pirates", A.Pilot("orlov", "jog", ("right",), "W"))
    with pytest.raises(IllegalAction, match="no room to turn"):
        game.apply("pirates", A.Pilot("orlov", "jog", ("left",), "W"))
    # the pod swings its stern out to port (north), clear of the hull
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "W"))
    _do(game, log, "scientist", A.Pilot("slavin", "walk", ("left",), "W"))
    assert game.plan.space_name(game.plan.sq(3, 5)) == "Command Pod"
    assert not game.state.ships["command_pod"].docked
    # a turned ship replays from the log to the same state, plan and all
    again = replay(example_setup(), 9, log)
    assert again.to_json() == game.to_json()
    assert again.plan.space_name(again.plan.sq(3, 5)) == "Command Pod"
    # against the map's edge a ship has no room to turn (it never leaves by turning)
    game, log = _scientist_turn()
    lower_shields(game)
    _pod_out_in_space(game, log, x=1)
    with pytest.raises(IllegalAction, match="no room to turn"):
        game.apply("scientist", A.Pilot("slavin", "walk", ("right",), "N"))


def test_the_cutter_turns_one_mp_less_and_finds_no_room_to_turn_on_the_map():
    game, log = example_game(9)
    ship_at(game, "cutter", 25, 1)  # clear of the hull and the ring's band: x 25..30, y 0..4
    _do(game, log, JUDGE, A.JudgeMove("orlov", 25, 1, "W"))
    # walking, 1 - 1 = 0, it still makes one step (a mover always enters one square)
    with pytest.raises(IllegalAction, match="moves 1 a turn at that rate"):
        game.apply("pirates", A.Pilot("orlov", "walk", ("E", "left"), "W"))
    with pytest.raises(IllegalAction, match="moves 2 a turn at that rate"):
        game.apply("pirates", A.Pilot("orlov", "run", ("E", "left", "left"), "W"))
    # six squares long, it needs six rows of open space to lie across: the station's space
    # has five at most, north or south of the hull
    for way in ("left", "right"):
        with pytest.raises(IllegalAction, match="no room to turn|not open space"):
            game.apply("pirates", A.Pilot("orlov", "jog", (way,), "W"))
    offered = {a.steps for a in game.legal_actions("pirates") if isinstance(a, A.Pilot)}
    assert ("E",) in offered and not any("left" in s or "right" in s for s in offered)
    assert A.Pilot("orlov", "walk", ("E",), "W") in game.legal_actions("pirates")


def test_ships_at_one_level_bump_and_at_another_pass_but_never_stop_stacked():
    game, log = _scientist_turn()
    ship_at(game, "cutter", 24, 1)  # its squares: x 24..29, y 1..3, the turret (25, 0) and
    #                                 the airlock (26..27, 4)
    ship_at(game, "command_pod", 32, 0, turns=1)  # bow north: x 30..33, y 0..2
    _do(game, log, JUDGE, A.JudgeMove("slavin", 32, 0, "W"))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="bump into the Pirate cutter at its level"):
        game.apply("scientist", A.Pilot("slavin", "walk", ("W",), "W"))
    assert game.to_json() == before
    _do(game, log, "scientist", A.Pilot("slavin", "walk", ("up",), "W"))
    act_again(game, "slavin")
    with pytest.raises(IllegalAction, match="may not stop over or under the Pirate cutter"):
        game.apply("scientist", A.Pilot("slavin", "jog", ("W", "W"), "W"))
    # one level up it passes over the cutter's side and comes back clear of it
    _do(game, log, "scientist", A.Pilot("slavin", "jog", ("W", "E"), "W"))
    pod = game.state.ships["command_pod"]
    assert game.plan.xy(pod.square) == (32, 0) and pod.z == 1


def test_a_ship_at_another_level_passes_over_a_floater_and_shoves_one_it_stops_over():
    game, log = _scientist_turn()
    _pod_out_in_space(game, log, turns=1, x=9, y=0)  # bow north: x 7..10, y 0..2
    _do(game, log, JUDGE, A.JudgeMove("kyoshi", 11, 1, "S"))  # floating east of the pod
    _do(game, log, "scientist", A.Pilot("slavin", "walk", ("up",), "N"))
    act_again(game, "slavin")
    kyoshi = game.state.characters["kyoshi"]
    events = _do(game, log, "scientist", A.Pilot("slavin", "jog", ("E", "W"), "N"))
    assert [e.kind for e in events] == ["ship_moved"]  # over him and back: untouched
    assert game.plan.xy(kyoshi.square) == (11, 1)
    act_again(game, "slavin")
    events = _do(game, log, "scientist", A.Pilot("slavin", "walk", ("E",), "N"))
    assert [e.kind for e in events] == ["shoved", "ship_moved"]  # stopped over him
    assert game.plan.terrain[kyoshi.square] == "space"
    assert game.plan.xy(kyoshi.square) not in {(x, y) for x in range(8, 12) for y in range(3)}


def test_a_ship_lying_against_the_hull_opens_no_hatch_into_it():
    """Its docking side against another part of the hull is a wall: the ship's outer hatch
    opens only on space (before, a hatch joined the pod to the Engineering Deck)."""
    game, log = _scientist_turn()
    _pod_out_in_space(game, log, turns=1, x=25, y=2)  # bow north, its hatch side south
    plan = game.plan
    pod, deck = plan.sq(25, 4), plan.sq(25, 5)
    assert plan.space_name(pod) == "Command Pod" and plan.space_name(deck) != "Command Pod"
    assert plan.edge_between(pod, deck) != "hatch"
    assert not any(plan.space_name(n) == plan.space_name(deck)
                   for n, _diagonal, _hatch in plan.neighbours(pod))
    assert not any(h.name == "Command pod outer hatch" for h in plan.hatches)


def test_a_shot_at_someone_aboard_a_fleeing_ship_is_at_minus_two_until_its_pilots_turn():
    from game.artifact import combat, odds

    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "W"))
    _do(game, log, JUDGE, A.JudgeMove("kyoshi", 2, 7, "W"))  # a pirate aboard the pod
    _do(game, log, JUDGE, A.JudgeMove("mccray", 0, 7, "E"))  # floating at its windscreen
    pistol = give_item(game, "mccray", "pistol")
    mccray = game.state.characters["mccray"]
    arm = combat.arm_for(game, mccray, pistol)

    def shot():
        view = view_for(game, "scientist")
        token = next(t for t, c in view.map.counters.items() if c.counter == "Kyoshi")
        engine = combat.plan_attack(game, "scientist", mccray, arm, "normal", (token,))
        known = odds.SeatKnowledge(view)
        preview = combat.plan_attack(known, "scientist", known.character("mccray"), arm,
                                     "normal", (token,))
        return ("elusive_target" in [m.id for m in engine[0].odds.modifiers],
                "elusive_target" in [m.id for m in preview[0].odds.modifiers])

    assert shot() == (False, False)  # docked, not fleeing
    _do(game, log, "scientist", A.Pilot("slavin", "walk", ("up",), "W"))
    assert game.state.ships["command_pod"].under_way == "scientist"
    assert shot() == (True, True)  # engine and preview agree
    for seat in ("scientist", "alien", "pirates", "phoneco"):
        _do(game, log, seat, A.EndTurn())
    assert game.turn_seat == "scientist"
    assert game.state.ships["command_pod"].under_way == ""  # its pilot's turn again
    assert shot() == (False, False)


def test_the_lorry_boxed_in_by_its_dock_gets_away_only_by_turning():
    """Its airlock sits in a notch of the hull: one square south it can go no further east,
    west or south, so the Phone Company could never fly off before ships turned."""
    game, _log = example_game(9)
    lorry = ships.crafts()["lorry"]

    def fly(*steps):
        try:
            places = ships.flight(game.drawn_plan, game.plan, game.sheets.movement, lorry,
                                  ships.Ship(lorry.seats[0]), "run", steps, False,
                                  game.state.ships)
        except IllegalAction as refused:
            return str(refused)
        return places[-1][0]

    assert fly("S") == (0, 1, 0)
    for way in ("E", "W", "S"):
        assert "not open space" in fly("S", way)
    assert "not open space" in fly("S", "up", "E")
    assert fly("S", "left", "E") == (1, 1, 3) and fly("S", "left", "W") == (-1, 1, 3)


def test_a_turned_ship_that_leaves_takes_everyone_aboard_to_its_squares_as_drawn():
    game, log = _scientist_turn()
    lower_shields(game)
    _pod_out_in_space(game, log, turns=1, x=2, y=0)  # bow north: x 0..3, y 0..2
    mccray = game.state.characters["mccray"]
    assert game.plan.xy(mccray.square) == (0, 2)
    _do(game, log, "scientist", A.Pilot("slavin", "walk", ("N",), "N"))  # off the top edge
    pod = game.state.ships["command_pod"]
    assert pod.left and pod.square is None
    drawn = game.drawn_plan
    # each back on the square of the pod as drawn where it stood: the victory levels'
    # region of the ship
    assert drawn.xy(mccray.square) == (3, 9) and mccray.eva == "away"
    assert drawn.xy(game.state.characters["slavin"].square) == (1, 7)
    assert {drawn.space_name(game.state.characters[c].square)
            for c in ("mccray", "slavin")} == {"Command Pod"}


def test_the_snoop_does_not_reach_into_the_command_pod_once_it_has_flown():
    """Spaceships: a ship runs on its own systems and the Snoop does not work there. The
    Command Pod is the Feynman's while docked; flown off, its cameras show nothing and its
    hatches and lights are not the computer's to toggle."""
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("slavin", 1, 7, "W"))
    _do(game, log, JUDGE, A.JudgeMove("osorio", 1, 8, "W"))
    _do(game, log, "scientist", A.Pilot("slavin", "walk", ("W",), "W"))
    locked = list(game.state.locked)
    facing = game.state.characters["mccray"].facing
    _do(game, log, "scientist", A.SecurityAction("mccray", "snoop", "Command Pod", "locks",
                                                 facing))
    told = [n for n in view_for(game, "scientist").notices if n.kind == "snoop"][-1]
    assert (told.get("seen"), told.get("result")) == (0, "away")
    assert game.state.locked == locked
    again = replay(example_setup(), 9, log)
    assert again.to_json() == game.to_json()


def test_the_snoop_sees_into_the_docked_command_pod():
    game, log = _scientist_turn()
    _do(game, log, JUDGE, A.JudgeMove("osorio", 1, 8, "W"))
    facing = game.state.characters["mccray"].facing
    _do(game, log, "scientist", A.SecurityAction("mccray", "snoop", "Command Pod", "",
                                                 facing))
    told = [n for n in view_for(game, "scientist").notices if n.kind == "snoop"][-1]
    assert (told.get("seen"), told.get("result")) == (1, "")
