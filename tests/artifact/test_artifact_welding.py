"""Welding hatches shut and cutting them open, and the Mechanic's deliberate jam (rulebook:
Airlocks and Hatch Locking, Mechanic, Robots), played through the engine on the Example of
Play's forces (Colovisto and Yee are mechanics with welding torches)."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import movement
from game.artifact.errors import IllegalAction
from game.artifact.legal import legal_actions
from game.artifact.seats import JUDGE
from game.artifact.sight import field_of_view
from game.artifact.views import view_for

from .arrange import act_again
from .combat_scenes import give, next_turn, notices, scene, weapon_of

LAB_HATCH = 1  # the Lab Segment Hatch: (13, 7)|(14, 7) and (13, 8)|(14, 8)


def _welded_scene(**places):
    """Colovisto at the Lab Segment Hatch's west side welds it shut, then the others."""
    game, log = scene(colovisto=(13, 7, "E"), **places)
    game.apply("pirates", A.Weld("colovisto", (14, 7), True, "E"))
    return game


def test_a_mechanic_with_a_torch_welds_a_hatch_shut_and_is_told():
    game = _welded_scene()
    assert game.state.systems.welded == [LAB_HATCH]
    told = notices(game, "pirates", "weld")[-1]
    assert told.about["done"] == "welded"
    assert "colovisto" in game.state.turn.acted  # it is the character's action
    assert view_for(game, "pirates").welded == (LAB_HATCH,)


def test_welding_needs_the_mechanic_skill_and_a_torch_but_a_robots_built_in_needs_neither():
    game, _log = scene(kyoshi=(13, 7, "E"))
    with pytest.raises(IllegalAction, match="no welding torch"):
        game.apply("pirates", A.Weld("kyoshi", (14, 7), True, "E"))
    give(game, "kyoshi", "welding_torch")
    with pytest.raises(IllegalAction, match="Mechanic"):
        game.apply("pirates", A.Weld("kyoshi", (14, 7), True, "E"))
    with pytest.raises(IllegalAction, match="no hatch"):
        game.apply("pirates", A.Weld("colovisto", (17, 5), True, "E"))
    assert game.state.systems.welded == []
    # The sailmaker reconbot's built-in torch seals a hatch (rulebook: Robots).
    while game.turn_seat != "scientist":
        game.apply(game.turn_seat, A.EndTurn())
    game.apply(JUDGE, A.JudgeMove("recon_bot_mccray", 14, 8, "W"))
    game.apply("scientist", A.Weld("recon_bot_mccray", (13, 8), True, "W"))
    assert game.state.systems.welded == [LAB_HATCH]


def test_a_welded_hatch_is_cut_open_again_and_trying_twice_is_told_not_refused():
    game = _welded_scene()
    act_again(game, "colovisto")
    game.apply("pirates", A.Weld("colovisto", (14, 7), True, "E"))
    assert notices(game, "pirates", "weld")[-1].about["why"] == "it is welded shut already"
    act_again(game, "colovisto")
    game.apply("pirates", A.Weld("colovisto", (14, 7), False, "E"))
    assert game.state.systems.welded == []
    assert notices(game, "pirates", "weld")[-1].about["done"] == "cut"
    act_again(game, "colovisto")
    game.apply("pirates", A.Weld("colovisto", (14, 7), False, "E"))
    assert notices(game, "pirates", "weld")[-1].about["why"] == "it is not welded"


def test_the_planner_refuses_a_known_weld_and_a_move_runs_into_an_unknown_one():
    game = _welded_scene(kyoshi=(12, 7, "E"))
    view = view_for(game, "pirates")
    with pytest.raises(IllegalAction, match="welded"):
        movement.check_path(view, "kyoshi", "run", [(13, 7), (14, 7)], "E", game.plan)
    _k, dist, _prev = movement.search(view, "kyoshi", "run", game.plan)
    assert game.plan.sq(14, 7) not in dist and game.plan.sq(14, 8) not in dist
    moves = [a for a in legal_actions(game, "pirates")
             if isinstance(a, A.Move) and a.character == "kyoshi"]
    assert moves and all((14, 7) not in a.path and (14, 8) not in a.path for a in moves)


def test_a_run_into_an_unseen_weld_halts_and_is_explained_at_the_next_turn():
    game, _log = scene(colovisto=(4, 24, "S"), osorio=(4, 27, "N"))
    game.apply("pirates", A.Weld("colovisto", (4, 25), True, "S"))
    ring_hatch = game.state.systems.welded[0]
    assert game.plan.hatches[ring_hatch].name == "Ring Hatch 1-2"
    while game.turn_seat != "phoneco":
        game.apply(game.turn_seat, A.EndTurn())
    assert view_for(game, "phoneco").welded == ()  # its plan goes through
    game.apply("phoneco", A.Move("osorio", "run", ((4, 26), (4, 25), (4, 24)), "N"))
    osorio = game.state.characters["osorio"]
    assert game.plan.xy(osorio.square) == (4, 25)
    # A runner learns why it stopped only at its next turn (rulebook: Interdiction) ...
    assert view_for(game, "phoneco").welded == ()
    assert notices(game, "phoneco", "interdiction") == []
    next_turn(game, "phoneco")
    told = notices(game, "phoneco", "interdiction")
    assert told and told[-1].about["reason"] == "the hatch is welded shut"
    assert view_for(game, "phoneco").welded == (ring_hatch,)  # ... and then it knows


def test_a_hatch_cut_open_lets_movement_through_again():
    game = _welded_scene(kyoshi=(13, 8, "E"))
    act_again(game, "colovisto")
    game.apply("pirates", A.Weld("colovisto", (14, 7), False, "E"))
    act_again(game, "colovisto")
    game.apply("pirates", A.Move("kyoshi", "walk", ((14, 8),), "E"))
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (14, 8)


def test_welding_a_hatch_opened_this_phase_closes_it_and_sight_stays_blocked():
    game, _log = scene(kyoshi=(13, 7, "E"), colovisto=(12, 7, "E"))
    game.apply("pirates", A.Move("kyoshi", "walk", ((14, 7),), "W"))
    assert LAB_HATCH in game.state.turn.opened
    game.apply("pirates", A.Move("colovisto", "walk", ((13, 7),), "E"))
    act_again(game, "colovisto")
    closed_sight = field_of_view(game.plan, game.plan.sq(13, 7), "E")
    game.apply("pirates", A.Weld("colovisto", (14, 7), True, "E"))
    assert LAB_HATCH not in game.state.turn.opened
    # Sight through a welded hatch is as through a closed one: the far side stays hidden.
    assert field_of_view(game.plan, game.plan.sq(13, 7), "E") == closed_sight
    assert game.plan.sq(15, 7) not in closed_sight


def test_an_unseen_weld_leaves_another_seats_view_unchanged_a_seen_one_does_not():
    def twin(weld: bool, osorio):
        game, _log = scene(colovisto=(13, 7, "E"), osorio=osorio)
        if weld:
            game.apply("pirates", A.Weld("colovisto", (14, 7), True, "E"))
        else:  # the same action spent in place
            game.apply("pirates", A.Move("colovisto", "walk", (), "E"))
        return view_for(game, "phoneco")

    far = (20, 8, "W")
    assert twin(True, far) == twin(False, far)
    near = (14, 8, "W")  # right at the hatch's east side: the seam shows
    assert twin(True, near) != twin(False, near)
    assert twin(True, near).welded == (LAB_HATCH,)


def test_legal_actions_offer_welding_and_cutting_each_adjacent_hatch():
    game, _log = scene(colovisto=(13, 7, "E"), kyoshi=(13, 8, "E"))
    welds = {(a.character, a.square, a.shut) for a in legal_actions(game, "pirates")
             if isinstance(a, A.Weld)}
    assert ("colovisto", (14, 7), True) in welds and ("colovisto", (14, 7), False) in welds
    assert not any(c == "kyoshi" for c, _sq, _shut in welds)  # no torch, no skill


def test_a_mechanic_jams_a_willing_comrades_weapon_always_and_it_unjams_as_usual():
    game, _log = scene(colovisto=(10, 7, "E"), kyoshi=(10, 7, "E"), osorio=(10, 8, "W"))
    rifle = weapon_of(game, "kyoshi")
    jams = [a for a in legal_actions(game, "pirates") if isinstance(a, A.Jam)]
    assert {(a.character, a.weapon) for a in jams} >= {("colovisto", rifle)}
    game.apply("pirates", A.Jam("colovisto", rifle, "E"))
    assert game.state.items[rifle].jammed
    assert notices(game, "pirates", "jammed_on_purpose")[-1].about["weapon"] == "Rifle"
    with pytest.raises(IllegalAction, match="jammed"):
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal",
                                       (game.state.characters["osorio"].token,), "E"))
    # Only a willing target: another seat's pistol in reach is refused; only a mechanic jams.
    pistol = weapon_of(game, "osorio", "pistol")
    game.apply(JUDGE, A.JudgeMove("osorio", 10, 7, "W"))
    act_again(game, "colovisto")
    with pytest.raises(IllegalAction, match="willing"):
        game.apply("pirates", A.Jam("colovisto", pistol, "E"))
    with pytest.raises(IllegalAction, match="mechanic"):
        game.apply("pirates", A.Jam("kyoshi", weapon_of(game, "colovisto", "welding_torch"), "E"))
    assert not game.state.items[pistol].jammed
