"""Secrecy is timing too: a seat's view changes only when the rulebook lets it learn (its own
actions' results, its map updates, telegrams and notices at its Situation Update, public
announcements). Each test here pins one way another seat's action, or the Judge's, used to
reach a seat early or say more than it may."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.artifact import actions as A
from game.artifact.codec import canonical_json
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game
from game.artifact.movement import reachable
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from game.artifact.viewtypes import SeatView

from .secrecy_tools import (
    informant_of,
    item_ids,
    items_of,
    on_map_characters,
    seat_of,
    square_of,
    start_game,
    to_seat,
    token_of,
)


def _quiet(view: SeatView) -> SeatView:
    """A view without the public frame that every turn change moves (whose turn it is)."""
    return replace(view, turn_seat=None, actors=(), turn=None)


def _arm_orlov(game):
    """In the Pirates' turn 1: Orlov picks up Kyoshi's rifle and the Judge suits him up."""
    rifle = game.state.characters["kyoshi"].items[0]
    suit = game.state.characters["kyoshi"].suit
    game.apply(JUDGE, A.JudgeMove(rifle, 14, 3))
    game.apply(JUDGE, A.JudgeMove(suit, 14, 3))
    game.apply("pirates", A.PickUpDrop("orlov", (rifle,), (), "W"))
    game.apply(JUDGE, A.JudgeSetSuit("orlov", suit))
    assert items_of(game, "orlov") == sorted([rifle, suit])
    return rifle, suit


def test_an_armed_informant_leaves_its_old_owner_nothing_to_notice_until_the_telegram():
    game, _log = example_game(11)
    assert informant_of(game, "phoneco") == "orlov"
    rifle, suit = _arm_orlov(game)
    to_seat(game, "phoneco")
    before = view_for(game, "pirates")
    assert {rifle, suit} <= set(before.own.items)
    game.apply("phoneco", A.ActivateInformant("orlov"))
    assert view_for(game, "pirates") == before  # its items too: nothing left early
    target = sorted(reachable(view_for(game, "phoneco"), "orlov", "walk", game.plan))[0]
    game.apply("phoneco", A.Move("orlov", "walk", (target,), "E"))
    assert square_of(game, "orlov") == target
    assert view_for(game, "pirates") == before
    game.apply("phoneco", A.EndTurn())  # the final map update
    after = view_for(game, "pirates")
    assert _quiet(after) == _quiet(before)
    assert token_of(game, "orlov") not in after.map.counters  # not twice
    to_seat(game, "pirates")  # the telegram, and only now is Orlov gone
    view = view_for(game, "pirates")
    assert [n.about["counter"] for n in view.notices if n.kind == "telegram"] == ["Orlov"]
    assert "orlov" not in view.own.characters
    assert rifle not in view.own.items and suit not in view.own.items


@pytest.mark.parametrize("seed", [2, 5])
def test_the_map_partner_keeps_the_informants_counter_until_the_telegram(seed):
    game = start_game(8, seed, gmen=True)
    master = "phoneco"
    spy = informant_of(game, master)
    victim = seat_of(game, spy)
    partner = {"pirates": "pirates2", "pirates2": "pirates"}[victim]
    to_seat(game, master)
    before = view_for(game, partner)
    assert token_of(game, spy) in before.map.counters
    game.apply(master, A.ActivateInformant(spy))
    assert view_for(game, partner) == before
    to_seat(game, victim)
    assert token_of(game, spy) not in view_for(game, partner).map.counters or any(
        n.kind == "telegram" for n in view_for(game, victim).notices)


def test_status_check_accepts_only_what_the_seat_sees_and_refusals_say_nothing_more():
    game = start_game(6, 4)
    pirate = next(c for c in on_map_characters(game, "pirates")
                  if game.sheets.characters[game.state.characters[c].sheet].kind
                  == "human")
    alien = on_map_characters(game, "alien")[0]
    to_seat(game, game.seats[-1])
    game.apply(JUDGE, A.JudgeSetStatus(alien, "down"))
    game.apply(JUDGE, A.JudgeMove(alien, *square_of(game, pirate)))
    game.apply(game.turn_seat, A.EndTurn())  # the pirates' initial map update sees it
    assert game.turn_seat == "pirates"
    turned = game.state.characters[pirate].facing
    token = token_of(game, alien)
    assert view_for(game, "pirates").map.counters[token].counter == "Bug Alien"
    state = game.to_json()
    answers = set()
    names = sorted(c for c in game.state.characters if seat_of(game, c) != "pirates")
    assert alien in names
    for name in names + ["bug_1", "bug_2", "zombie_1", "koch", "nobody"]:
        with pytest.raises(IllegalAction) as refused:
            game.apply("pirates", A.CheckStatus(pirate, name, turned))
        answers.add(str(refused.value).replace(repr(name), "<name>"))
        assert game.to_json() == state
    assert len(answers) == 1  # the same words whatever the name stands for
    game.apply("pirates", A.CheckStatus(pirate, token, turned))
    assert view_for(game, "pirates").notices[-1].about["target"] == token


def test_the_judges_item_adjudications_wait_for_the_owners_situation_update():
    game, _log = example_game(3)
    assert game.turn_seat == "pirates"
    pistol, geiger = item_ids(game, "pistol", "phoneco")[0], item_ids(game, "geiger_counter")[0]
    trap = item_ids(game, "booby_trap")[0]
    phoneco, scientist = view_for(game, "phoneco"), view_for(game, "scientist")
    game.apply(JUDGE, A.JudgeMove(pistol, 6, 19))  # out of its holder's hands
    game.apply(JUDGE, A.JudgeRemove(geiger))
    trap_at = game.plan.xy(game.state.items[trap].square)
    game.apply(JUDGE, A.JudgeMove(trap, 6, 19))  # a hidden marker on the floor
    assert view_for(game, "phoneco") == phoneco
    assert view_for(game, "scientist") == scientist
    game.apply("pirates", A.EndTurn())
    view = view_for(game, "phoneco")  # its Situation Update
    assert pistol not in view.own.items and geiger not in view.own.items
    assert {n.kind for n in view.notices} >= {"judge_dropped", "judge_took"}
    to_seat(game, "scientist")
    assert scientist.own.items[trap].square == trap_at
    assert view_for(game, "scientist").own.items[trap].square == (6, 19)


def test_taking_off_a_suit_waits_for_the_owner():
    game, _log = example_game(3)
    to_seat(game, "phoneco")
    before = view_for(game, "pirates")
    game.apply(JUDGE, A.JudgeSetSuit("kyoshi", ""))
    assert view_for(game, "pirates") == before
    to_seat(game, "pirates")
    assert view_for(game, "pirates").own.characters["kyoshi"].suit is None


def test_a_lift_call_moves_a_rider_in_its_owners_view_only_at_its_situation_update():
    game, _log = example_game(3)
    to_seat(game, "phoneco")
    lift = game.plan.lifts[0]
    car = game.plan.xy(lift.ends[game.state.lifts[lift.name]])
    far = game.plan.xy(lift.ends[1 - game.state.lifts[lift.name]])
    game.apply(JUDGE, A.JudgeMove("osorio", *car))  # in its own turn: told at once
    game.apply(JUDGE, A.JudgeMove("mccray", *car))
    to_seat(game, "scientist")
    before = view_for(game, "phoneco")
    assert before.own.characters["osorio"].square == car
    game.apply("scientist", A.MoveLiftCar("mccray", lift.name, "N"))
    assert square_of(game, "osorio") == far
    assert view_for(game, "phoneco") == before  # no jump, no lift change on its map
    game.apply("scientist", A.EndTurn())  # the final map update keeps it too
    assert _quiet(view_for(game, "phoneco")) == _quiet(before)
    to_seat(game, "phoneco")
    view = view_for(game, "phoneco")
    assert view.own.characters["osorio"].square == far
    assert view.notices[-1].kind == "lift_moved" or any(
        n.kind == "lift_moved" for n in view.notices)
    assert view.map.lifts[lift.name] == 1 - before.map.lifts[lift.name]


def test_a_status_check_does_not_tell_the_owner_the_roll_before_its_update():
    game, _log = example_game(3)
    to_seat(game, "phoneco")
    game.apply(JUDGE, A.JudgeSetStatus("osorio", "down"))  # in its own turn: told at once
    game.apply(JUDGE, A.JudgeMove("osorio", 16, 5))  # among the pirates
    to_seat(game, "pirates")
    token = token_of(game, "osorio")
    assert view_for(game, "pirates").map.counters[token].status == "inactive"
    before = view_for(game, "phoneco")
    # Among the pirates, out of Preuitt's sight: the Phone Co. has lost contact.
    assert before.own.characters["osorio"].status == "out_of_contact"
    game.apply("pirates", A.CheckStatus("kyoshi", token, "S"))
    assert game.state.characters["osorio"].status in ("dead", "serious")
    assert view_for(game, "phoneco") == before
    to_seat(game, "phoneco")  # nor at its update: none of its characters sees Osorio
    assert view_for(game, "phoneco").own.characters["osorio"].status == "out_of_contact"


def test_a_booby_trap_notice_does_not_name_who_set_it_off():
    game, _log = example_game(3)
    trap = item_ids(game, "booby_trap")[0]
    plan = game.plan
    square = game.state.items[trap].square
    start = next(n for n, _diag, hatch in plan.neighbours(square) if hatch is None)
    game.apply(JUDGE, A.JudgeMove("mendez", *plan.xy(start)))  # in its own turn
    game.apply("pirates", A.Move("mendez", "walk", (plan.xy(square),), "N"))
    assert square_of(game, "mendez") == plan.xy(square)
    to_seat(game, "scientist")
    view = view_for(game, "scientist")
    notice = next(n for n in view.notices if n.kind == "trap_triggered")
    assert notice.about["square"] == list(plan.xy(square))
    assert "Mendez" not in canonical_json(notice) and "by" not in notice.about


def test_fetching_an_item_that_was_taken_unseen_moves_and_finds_nothing():
    """Whether an item still lies where the seat last saw it is not the seat's to know
    until it looks: the move is accepted either way and tells what was not there."""
    game, _log = example_game(3)
    to_seat(game, "phoneco")
    medkit = next(i for i in item_ids(game, "medkit") if game.state.items[i].owner is None)
    game.apply(JUDGE, A.JudgeMove(medkit, 5, 19))  # beside Osorio
    game.apply(JUDGE, A.JudgeMove("osorio", 6, 19, "N"))  # in its own turn: a map update
    assert medkit in view_for(game, "phoneco").map.counters
    game.apply("phoneco", A.Move("osorio", "walk", (), "E"))  # she turns her back on it
    view = view_for(game, "phoneco")
    assert medkit in view.map.last_known and medkit not in view.map.counters
    fetch = A.MoveThenPickUp("osorio", "walk", ((5, 19),), (medkit,), (), "W")
    to_seat(game, "scientist")
    still_there = game.to_json()
    game.apply(JUDGE, A.JudgeRemove(medkit))  # taken away where Osorio does not look
    to_seat(game, "phoneco")
    assert medkit in view_for(game, "phoneco").map.last_known
    events = game.apply("phoneco", fetch)
    assert square_of(game, "osorio") == (5, 19)
    notice = next(e.data for e in events if e.kind == "items")
    assert notice["took"] == [] and notice["missing"] == [medkit]
    assert medkit not in view_for(game, "phoneco").map.last_known  # now it knows
    from game.artifact.engine import ArtifactGame

    other = ArtifactGame.from_dict(json.loads(still_there))  # the world where it lies there
    to_seat(other, "phoneco")
    events = other.apply("phoneco", fetch)
    assert next(e.data for e in events if e.kind == "items")["took"] == [medkit]


def test_fetching_needs_an_item_the_seat_knows_at_the_square_reached():
    game, _log = example_game(3)
    to_seat(game, "phoneco")
    medkit = next(i for i in item_ids(game, "medkit") if game.state.items[i].owner is None)
    game.apply(JUDGE, A.JudgeMove(medkit, 5, 19))  # never seen by Osorio: facing away
    game.apply(JUDGE, A.JudgeMove("osorio", 6, 19, "E"))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="no item .* known there"):
        game.apply("phoneco", A.MoveThenPickUp("osorio", "walk", ((5, 19),), (medkit,), (),
                                               "E"))
    assert game.to_json() == before


def test_a_lift_call_carrying_a_shared_maps_rider_tells_neither_partner_early():
    """Six players: the two alien seats share a map. The Mad Scientist sends a lift car
    with the second alien seat's character in it: during that turn neither alien seat's
    view changes; at the first alien seat's turn its partner's counter still stands where
    the partner believes it (not where it rode to); the rider's seat learns it at its own
    Situation Update, with the car at the far end on the shared map."""
    game = start_game(6, 3)
    s, plan = game.state, game.plan
    lift = plan.lifts[0]
    car, far = lift.ends[s.lifts[lift.name]], lift.ends[1 - s.lifts[lift.name]]
    rider = on_map_characters(game, "alien2")[0]
    caller = on_map_characters(game, "scientist")[0]
    to_seat(game, "scientist")  # the Judge's moves in the caller's turn: told to it at once
    game.apply(JUDGE, A.JudgeMove(rider, *plan.xy(car), "N"))
    game.apply(JUDGE, A.JudgeMove(caller, *plan.xy(car), "N"))
    before = {x: view_for(game, x) for x in ("alien", "alien2")}
    believed = before["alien2"].own.characters[rider].square
    game.apply("scientist", A.MoveLiftCar(caller, lift.name, "N"))
    assert square_of(game, rider) == plan.xy(far)
    assert {x: view_for(game, x) for x in ("alien", "alien2")} == before
    game.apply("scientist", A.EndTurn())
    assert game.turn_seat == "alien" and "alien2" in s.held
    partner = view_for(game, "alien").map.counters[token_of(game, rider)]
    assert partner.square == believed != plan.xy(far)
    game.apply("alien", A.EndTurn())
    view = view_for(game, "alien2")
    assert view.own.characters[rider].square == plan.xy(far)
    assert view.map.lifts[lift.name] == lift.ends.index(far)
    assert any(n.kind == "lift_moved" and n.about["character"] == rider
               for n in view.notices)


def test_an_order_to_attack_a_counter_off_the_map_tells_nothing_of_a_secret_informant():
    """Orlov informs for the Phone Co., set to change sides instead of attacking it. The
    pirates order him to attack Osorio's counter, which their map does not show now: the
    order is refused as it would be for any pirate, and Orlov does not turn (before, he
    turned, and the pirates learnt at once that he was an informant)."""
    game, _log = example_game(2)
    to_seat(game, "phoneco")
    game.apply("phoneco", A.SetInformantCondition("orlov", "instead_of_attacking"))
    to_seat(game, "pirates")
    token = token_of(game, "osorio")
    assert token not in view_for(game, "pirates").map.counters
    for who in ("orlov", "kyoshi"):
        with pytest.raises(IllegalAction) as refused:
            game.apply("pirates", A.Attack(who, "unarmed", "normal", (token,), "N"))
        assert str(refused.value) == f"there is no {token!r} on your map to attack"
        with pytest.raises(IllegalAction) as refused:
            game.apply("pirates", A.MoveThenAttack(who, "walk", (), "unarmed", "normal",
                                                   (token,), "N"))
        assert str(refused.value) == f"there is no {token!r} on your map to attack"
    assert seat_of(game, "orlov") == "pirates"
    assert game.state.characters["orlov"].informant_of == "phoneco"
