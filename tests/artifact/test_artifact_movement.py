"""Movement rules on the Feynman: terrain, diagonals, stacking, hatches, interdiction,
running, lifts, suits, items, darkness and facing."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact.errors import IllegalAction, NotYourTurn
from game.artifact.example import example_game
from game.artifact.interdiction import HATCH_REASON_LOCKED
from game.artifact.movement import check_path, reachable
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .arrange import drop_item, lights_out, lock_hatch
from .secrecy_tools import to_seat


@pytest.fixture
def game():
    game, _log = example_game(11)
    return game


def refused(game, seat, action, match):
    before = game.to_json()
    with pytest.raises(IllegalAction, match=match):
        game.apply(seat, action)
    assert game.to_json() == before


def put(game, cid, x, y, facing="N"):
    """The Judge puts a character on (x, y) (Human Judgment: an adjudicated move)."""
    game.apply(JUDGE, A.JudgeMove(cid, x, y, facing))


def test_terrain_costs_and_the_first_square_rule(game):
    to_seat(game, "phoneco")
    view = view_for(game, "phoneco")
    # (8, 19) in Stateroom 2 is a cluttered bed: 2 MP
    assert check_path(view, "osorio", "jog", [(7, 19), (8, 19)], "W").costs == (1, 2)
    refused(game, "phoneco", A.Move("osorio", "walk", ((7, 19), (8, 19)), "W"), "not enough MP")
    # a walk of 2 still enters one square of any cost
    put(game, "osorio", 7, 19)
    assert check_path(view_for(game, "phoneco"), "osorio", "walk", [(8, 19)], "W").costs == (2,)


def test_no_diagonal_through_doors(game):
    to_seat(game, "phoneco")
    refused(game, "phoneco", A.Move("osorio", "jog", ((5, 20),), "W"), "diagonally")
    refused(game, "phoneco", A.Move("osorio", "jog", ((9, 19),), "W"), "cannot be entered")


def test_stacking_four_at_every_moment(game):
    for cid in ("colovisto", "lichter", "mendez", "kyoshi"):
        put(game, cid, 16, 6)
    put(game, "yee", 17, 6)
    refused(game, "pirates", A.Move("yee", "jog", ((16, 6),), "N"), "stacking")
    assert (16, 6) not in reachable(view_for(game, "pirates"), "yee", "run")
    # nor may it pass through a full square
    for cid in ("colovisto", "lichter", "mendez", "kyoshi"):
        put(game, cid, 16, 7)
    put(game, "yee", 15, 7)
    refused(game, "pirates", A.Move("yee", "run", ((16, 7), (17, 7)), "N"), "stacking")


def test_lift_cars_hold_eight(game):
    plan = game.plan
    stop = plan.sq(21, 5)
    assert game.stack_limit(stop) == 8


def test_unseen_character_interdicts_where_met(game):
    to_seat(game, "phoneco")
    put(game, "mccray", 7, 20)  # behind Osorio's back, out of her field of view
    assert "McCray" not in [c.counter for c in
                            view_for(game, "phoneco").map.counters.values()]
    events = game.apply("phoneco", A.Move("osorio", "jog", ((7, 20), (8, 21)), "E"))
    assert game.plan.xy(game.state.characters["osorio"].square) == (7, 20)
    reasons = [e.data["reason"] for e in events if e.kind == "interdiction"]
    assert reasons == ["bumped into someone unseen"]
    counters = view_for(game, "phoneco").map.counters.values()
    assert "McCray" in [c.counter for c in counters]


def test_visible_hostile_stops_the_move(game):
    to_seat(game, "phoneco")
    put(game, "slavin", 4, 19)
    game.apply("phoneco", A.Move("preuitt", "walk", (), "W"))  # any action refreshes the map
    counters = [c.counter for c in view_for(game, "phoneco").map.counters.values()]
    assert "Slavin" in counters
    refused(game, "phoneco", A.Move("osorio", "jog", ((5, 19), (4, 19), (4, 20)), "W"),
            "stop on entering")
    game.apply("phoneco", A.Move("osorio", "jog", ((5, 19), (4, 19)), "W"))
    assert game.plan.xy(game.state.characters["osorio"].square) == (4, 19)


def test_locked_hatch_interdicts_and_a_runner_learns_why_only_next_turn(game):
    plan = game.plan
    lock_hatch(game, "Port Lock Outer Hatch")
    events = game.apply("pirates", A.Move("kyoshi", "jog", ((16, 6),), "S"))
    assert [e.data["reason"] for e in events if e.kind == "interdiction"] == [
        HATCH_REASON_LOCKED]
    assert plan.xy(game.state.characters["kyoshi"].square) == (16, 5)
    game.apply("pirates", A.Move("lichter", "run", ((16, 6),), "S"))
    view = view_for(game, "pirates")
    assert [n.about["character"] for n in view.notices if n.kind == "interdiction"] == [
        "kyoshi"]
    assert view.own.characters["lichter"].blind
    for _ in game.seats:
        game.apply(game.turn_seat, A.EndTurn())
    view = view_for(game, "pirates")
    assert [n.about["character"] for n in view.notices if n.kind == "interdiction"] == [
        "kyoshi", "lichter"]
    assert not view.own.characters["lichter"].blind


def test_lift_car_carries_its_riders_into_gravity(game):
    put(game, "kyoshi", 21, 6, "N")
    game.apply("pirates", A.Move("kyoshi", "jog", ((21, 5),), "N"))
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (21, 5)
    refused(game, "pirates", A.Move("kyoshi", "jog", ((21, 6),), "N"), "already acted")
    # lift 2's car is at the ring end: its hull stop is an empty shaft
    put(game, "colovisto", 21, 9, "S")
    refused(game, "pirates", A.Move("colovisto", "jog", ((21, 10),), "S"), "lift 2 car")
    for _ in game.seats:
        game.apply(game.turn_seat, A.EndTurn())
    game.apply("pirates", A.MoveLiftCar("kyoshi", "1", "N"))
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (17, 26)
    assert view_for(game, "pirates").map.lifts["1"] == 1
    assert view_for(game, "pirates").own.characters["kyoshi"].ma["jog"] == 4
    # someone next to a shaft hatch calls the car back
    put(game, "lichter", 21, 6)
    game.apply("pirates", A.MoveLiftCar("lichter", "1", "N"))
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (21, 5)
    refused(game, "pirates", A.MoveLiftCar("mendez", "1", "N"), "lift car")


def test_wearing_a_suit_takes_two_turns(game):
    to_seat(game, "scientist")
    slavin = game.state.characters["slavin"]
    drop_item(game, "tsuit0001", "spacesuit", slavin.square)
    game.apply("scientist", A.WearSuit("slavin", "tsuit0001", "S"))
    slavin = game.state.characters["slavin"]
    assert slavin.suit is None and slavin.busy.kind == "wear_suit"
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    to_seat(game, "scientist")
    assert game.state.characters["slavin"].suit == "tsuit0001"
    refused(game, "scientist", A.Move("slavin", "jog", ((12, 7),), "S"), "already acted")
    assert view_for(game, "scientist").own.characters["slavin"].free_turns


def test_items_four_slots_and_hands(game):
    to_seat(game, "phoneco")
    preuitt = game.state.characters["preuitt"]
    assert len(preuitt.items) == 4
    osorio = game.state.characters["osorio"]
    pistol = next(i for i in osorio.items if game.state.items[i].type == "pistol")
    game.apply("phoneco", A.PickUpDrop("osorio", (), (pistol,), "W"))
    put(game, "preuitt", 6, 19)
    refused(game, "phoneco", A.PickUpDrop("preuitt", (pistol,), (), "N"), "four items")
    disk = next(i for i in preuitt.items
                if game.state.items[i].type == "evidence_disk")
    game.apply("phoneco", A.PickUpDrop("preuitt", (pistol,), (disk,), "N"))  # a switch
    preuitt = game.state.characters["preuitt"]
    assert pistol in preuitt.items and disk not in preuitt.items
    to_seat(game, "scientist")
    refused(game, "scientist",
            A.MoveThenPickUp("recon_bot_mccray", "walk", (), (), (), "N"), "no hands")


def test_move_then_pick_up_is_not_for_runners(game):
    to_seat(game, "phoneco")
    refused(game, "phoneco", A.MoveThenPickUp("osorio", "run", ((5, 19),), (), (), "W"),
            "walking or jogging")


def test_darkness_allows_only_walking(game):
    to_seat(game, "phoneco")
    lights_out(game, "Ring Corridor 1")
    refused(game, "phoneco", A.Move("osorio", "jog", ((5, 19),), "W"), "dark")
    game.apply("phoneco", A.Move("osorio", "walk", ((5, 19),), "W"))
    assert view_for(game, "phoneco").dark == ("Ring Corridor 1",)


def test_facing_after_other_actions_costs_in_zero_g(game):
    put(game, "colovisto", 16, 6, "S")
    loot = game.state.characters["colovisto"].items[0]
    refused(game, "pirates", A.PickUpDrop("colovisto", (), (loot,), "N"), "turning")
    game.apply("pirates", A.PickUpDrop("colovisto", (), (loot,), "E"))
    assert game.state.characters["colovisto"].facing == "E"


def test_only_the_turn_seat_moves(game):
    before = game.to_json()
    with pytest.raises(NotYourTurn):
        game.apply("phoneco", A.Move("osorio", "jog", ((5, 19),), "W"))
    with pytest.raises(NotYourTurn):
        game.apply("pirates", A.SkipTurn())
    assert game.to_json() == before
    refused(game, "pirates", A.Move("osorio", "jog", ((5, 19),), "W"), "not one of your")


def test_skip_turn_by_the_judge(game):
    game.apply("judge", A.SkipTurn())
    assert game.turn_seat == "phoneco"
    for _ in range(3):
        game.apply(game.turn_seat, A.EndTurn())
    assert game.round == 2
    notices = view_for(game, "pirates").notices
    assert notices[-1].kind == "turn_skipped"


def test_global_updates_announcements_and_end_of_game(game):
    game.apply("judge", A.Announce("Biosafety countdown: 30 turns."))
    assert not [n for n in view_for(game, "pirates").notices if n.kind == "announcement"]
    for _ in game.seats:
        game.apply(game.turn_seat, A.EndTurn())
    for seat in game.seats:
        texts = [n.about["text"] for n in view_for(game, seat).notices
                 if n.kind == "announcement"]
        assert texts == ["Biosafety countdown: 30 turns."]
    refused(game, "judge", A.EndGame((("pirates", 1, " "),)), "say why")
    refused(game, "judge", A.EndGame((("pirates", 9, "why"),)), "level must be")
    game.apply("judge", A.EndGame((("pirates", 4, "a test"), ("phoneco", 1, "a test"),
                                   ("scientist", 1, "a test"), ("alien", 2, "a test"))))
    assert game.phase == "over"
    assert game.state.result.winners == ("phoneco", "scientist")
    assert game.actors() == frozenset()
