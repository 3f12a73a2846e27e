"""Environmental hazards, Computer Shutdown and Life Support as the rulebook states them,
with forced dice: gas filling a space and attacking in the Interactions step, the dark and
the flashlight's lit spot, infrared goggles, decompression through a broken window, the
ring's stop, the computer's shutdown and the air going bad."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import hazards, movement
from game.artifact.deckplan import deckplan_from_text
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from tests.artifact.arrange import give_item, lights_out, lock_hatch
from tests.artifact.dice_tools import force_dice
from tests.artifact.secrecy_tools import to_seat

COMPUTER_ROOM_TERMINAL = (12, 6)   # major; McCray and Slavin stand here
COMMAND_POD_TERMINAL = (2, 7)      # major
LOUNGE_A_TERMINAL = (8, 31)        # minor, in the ring
LIFE_SUPPORT_TERMINAL = (14, 28)   # minor, Life Support's machinery
POD_WINDOW = (0, 8)                # space beyond the Command Pod's west window


def _game():
    game, _log = example_game(11)
    return game


def _place(game, cid, xy, facing="N"):
    game.apply(JUDGE, A.JudgeMove(cid, xy[0], xy[1], facing))


def _kinds(game, seat):
    return [n.kind for n in game.state.notices[seat]]


def _last(game, seat, kind):
    return [n for n in game.state.notices[seat] if n.kind == kind][-1]


def _xy(game, cid):
    return game.plan.xy(game.state.characters[cid].square)


def _shoot(game, seat, cid, weapon, target, *rolls, facing="N"):
    """A rifle shot at a feature (stationary: it always hits): the penetration die, then for
    a computer the Computer Hits die."""
    dice = force_dice(game, *rolls)
    game.apply(seat, A.Attack(cid, weapon, "normal", (target,), facing))
    assert dice.exhausted


def _rifle(game, cid):
    return next(i for i in game.state.characters[cid].items
                if game.state.items[i].type == "rifle")


def _round_to(game, seat):
    """End turns through the Global Updates to ``seat``'s next turn."""
    game.apply(game.turn_seat, A.EndTurn())
    to_seat(game, seat)


# ---- gas -----------------------------------------------------------------------------------

def _gas_the_computer_room(game):
    grenade = give_item(game, "colovisto", "gas_grenade")
    _place(game, "colovisto", (12, 8), "N")
    game.apply("pirates", A.Attack("colovisto", grenade, "normal",
                                   (COMPUTER_ROOM_TERMINAL,), "N"))
    return grenade


def test_a_gas_grenade_fills_the_space_it_lands_in_and_is_spent():
    game = _game()
    grenade = _gas_the_computer_room(game)
    assert game.state.systems.gas == ["Computer Room"]
    assert grenade not in game.state.characters["colovisto"].items
    assert game.state.items[grenade].disabled == "spent"
    assert _last(game, "pirates", "gas_released").about["square"] == [12, 6]
    # The thrower sees the space from the corridor: its map knows the gas at once.
    assert view_for(game, "pirates").gas == ("Computer Room",)


def test_gas_attacks_the_breathers_in_the_space_in_their_own_interactions_step():
    game = _game()
    _gas_the_computer_room(game)
    game.apply("pirates", A.EndTurn())       # no pirate breathes the gas: no die
    game.apply("phoneco", A.EndTurn())
    # The scientist's turn: McCray's sneaksuit is not sealed; HAL is a program (no lungs).
    dice = force_dice(game, 3, 1)            # mccray: KO; slavin: no effect
    game.apply("scientist", A.EndTurn())
    assert dice.exhausted
    assert game.state.characters["mccray"].status == "ko"
    assert game.state.characters["slavin"].status == "active"
    told = {n.about["character"]: n.about["result"]
            for n in game.state.notices["scientist"] if n.kind == "gassed"}
    assert set(told) == {"mccray", "slavin"}
    assert "gassed" not in _kinds(game, "phoneco")


def test_a_sealed_suit_keeps_the_gas_out_and_robots_do_not_breathe():
    game = _game()
    _gas_the_computer_room(game)
    _place(game, "lichter", (11, 5))         # wears a spacesuit
    game.apply(JUDGE, A.JudgeMove("tech_bot", 10, 5, "N"))
    dice = force_dice(game)                  # no die at all for the pirates
    game.apply("pirates", A.EndTurn())
    assert dice.exhausted
    assert game.state.characters["lichter"].status == "active"


def test_gas_is_seen_only_by_maps_whose_observers_see_its_space():
    game = _game()
    _gas_the_computer_room(game)
    assert view_for(game, "phoneco").gas == ()
    assert view_for(game, "alien").gas == ()
    # The scientist's characters stand in it: their map learns it at the next map update.
    game.apply("pirates", A.EndTurn())
    assert view_for(game, "scientist").gas == ("Computer Room",)


@pytest.mark.parametrize("start, facing, why", [
    ((12, 8), "S", "out of reach"),          # behind the thrower
    ((12, 20), "N", "no clear throw"),
])
def test_a_grenade_goes_only_where_it_can_be_thrown(start, facing, why):
    game = _game()
    grenade = give_item(game, "colovisto", "gas_grenade")
    _place(game, "colovisto", start, facing)
    with pytest.raises(IllegalAction, match=why):
        game.apply("pirates", A.Attack("colovisto", grenade, "normal",
                                       (COMPUTER_ROOM_TERMINAL,), facing))
    assert game.state.systems.gas == []


def test_gas_is_released_once_at_one_square():
    game = _game()
    grenade = give_item(game, "colovisto", "gas_grenade")
    _place(game, "colovisto", (12, 8), "N")
    with pytest.raises(IllegalAction, match="once, at one square"):
        game.apply("pirates", A.Attack("colovisto", grenade, "double",
                                       (COMPUTER_ROOM_TERMINAL,), "N"))


# ---- dark ----------------------------------------------------------------------------------

def _dark_corridor(game):
    """Osorio (Phone Co.) and Yee (pirate) face each other down the dark Main Corridor; it
    is the Phone Co.'s turn."""
    lights_out(game, "Main Corridor")
    _place(game, "osorio", (10, 8), "E")
    _place(game, "yee", (13, 8), "W")
    to_seat(game, "phoneco")


def _counters(game, seat):
    return {c.counter for c in view_for(game, seat).map.counters.values()}


def test_in_the_dark_nothing_is_seen_but_a_flashlight_lights_one_square():
    game = _game()
    _dark_corridor(game)
    light = give_item(game, "osorio", "flashlight")
    assert "Yee" not in _counters(game, "phoneco")
    game.apply("phoneco", A.UseEquipment("osorio", light, (13, 8), "E"))
    assert "Yee" in _counters(game, "phoneco")
    assert _last(game, "phoneco", "examined").about["square"] == [13, 8]


def test_the_flashlight_bearer_is_seen_by_others_until_the_turn_ends():
    game = _game()
    _dark_corridor(game)
    light = give_item(game, "osorio", "flashlight")
    game.apply("phoneco", A.UseEquipment("osorio", light, (13, 8), "E"))
    game.apply("phoneco", A.EndTurn())       # the final map update of every map
    assert "Osorio" in _counters(game, "pirates")
    assert game.state.systems.lit == []       # the light goes out with the turn


def test_without_a_flashlight_the_dark_hides_both_ways():
    game = _game()
    _dark_corridor(game)
    game.apply("phoneco", A.Move("osorio", "walk", (), "E"))
    game.apply("phoneco", A.EndTurn())
    assert "Yee" not in _counters(game, "phoneco")
    assert "Osorio" not in _counters(game, "pirates")


def test_a_flashlight_lights_only_what_its_bearer_could_see():
    game = _game()
    _dark_corridor(game)
    light = give_item(game, "osorio", "flashlight")
    with pytest.raises(IllegalAction, match="cannot see"):
        game.apply("phoneco", A.UseEquipment("osorio", light, (12, 20), "E"))


def test_infrared_goggles_see_in_the_dark_and_let_their_bearer_jog():
    game = _game()
    _dark_corridor(game)
    assert not view_for(game, "phoneco").own.characters["osorio"].sees_dark
    with pytest.raises(IllegalAction, match="only walking"):
        game.apply("phoneco", A.Move("osorio", "jog", ((11, 8),), "E"))
    give_item(game, "osorio", "infrared_goggles")
    assert view_for(game, "phoneco").own.characters["osorio"].sees_dark
    game.apply("phoneco", A.Move("osorio", "jog", ((11, 8),), "E"))
    assert "Yee" in _counters(game, "phoneco")


# ---- decompression -------------------------------------------------------------------------

def _breach_the_pod(game):
    """Lichter (suited) shoots out the Command Pod's west window; Colovisto (no suit) and
    Orlov stand inside, Osorio of the Phone Co. too."""
    _place(game, "lichter", (3, 8), "W")
    _place(game, "colovisto", (1, 8), "W")
    _place(game, "orlov", (2, 9), "W")
    _place(game, "osorio", (3, 6), "W")
    _shoot(game, "pirates", "lichter", _rifle(game, "lichter"), POD_WINDOW, 1, facing="W")


def test_a_broken_window_blows_everything_in_the_space_two_squares_toward_it():
    game = _game()
    carried = list(game.state.characters["colovisto"].items)
    _breach_the_pod(game)
    assert game.state.systems.decompressed == {"Command Pod": 0}
    assert _xy(game, "lichter") == (1, 8)            # two squares toward the breach
    assert _xy(game, "orlov") == POD_WINDOW          # one in, one out through it
    colovisto = game.state.characters["colovisto"]
    assert _xy(game, "colovisto") == POD_WINDOW and colovisto.eva == "free"
    # Blown off the map: what it carried is gone, a worn suit stays on (Lichter's).
    assert colovisto.items == [] and all(game.state.items[i].holder is None
                                         and game.state.items[i].square is None
                                         for i in carried)
    assert game.state.characters["lichter"].suit is not None
    assert _last(game, "pirates", "decompression").about["lost"] == ["Loot", "Welding torch"]


def test_another_seat_learns_its_characters_were_blown_at_its_situation_update():
    game = _game()
    believed = view_for(game, "phoneco").own.characters["osorio"].square
    _breach_the_pod(game)
    assert _xy(game, "osorio") == (1, 8)
    assert view_for(game, "phoneco").own.characters["osorio"].square == believed
    assert "decompression" not in _kinds(game, "phoneco")
    game.apply("pirates", A.EndTurn())
    assert "decompression" in _kinds(game, "phoneco")
    assert view_for(game, "phoneco").own.characters["osorio"].square == _xy(game, "osorio")


def test_hatches_lock_after_every_seat_has_had_a_turn_and_the_unsuited_die_at_the_second():
    game = _game()
    _breach_the_pod(game)
    hatch = next(h.id for h in game.plan.hatches if h.name == "Command Pod Hatch")
    for seat in ("pirates", "phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
        assert hatch not in game.state.locked
    assert game.state.characters["colovisto"].airless_turns == 1
    assert game.state.characters["colovisto"].status == "active"
    game.apply("alien", A.EndTurn())         # every seat has had its turn: the hatch locks
    assert hatch in game.state.locked
    game.apply("pirates", A.EndTurn())       # the end of the pirates' second turn
    assert game.state.characters["colovisto"].status == "dead"
    assert game.state.characters["orlov"].status == "dead"
    assert game.state.characters["lichter"].status == "active"  # suited
    assert game.state.characters["lichter"].airless_turns == 0
    assert "suffocated" in _kinds(game, "pirates")


def test_the_ship_announces_the_lost_pressure_at_global_updates():
    game = _game()
    _breach_the_pod(game)
    assert view_for(game, "scientist").airless == ()
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    for seat in game.seats:
        assert view_for(game, seat).airless == ("Command Pod",)
        assert "decompression_warning" in _kinds(game, seat)


def test_a_breach_has_its_inside_and_its_outside():
    game = _game()
    plan = game.plan
    edge = plan.edge_id(plan.sq(*POD_WINDOW), plan.sq(1, 8))
    assert hazards.breach_sides(plan, edge) == (plan.sq(1, 8), plan.sq(*POD_WINDOW))
    # glass with the ship on both sides (drawn for the test) vents nothing
    two_rooms = deckplan_from_text("\n".join(["+-+-+", "|.=.|", "+-+-+"]))
    assert two_rooms.edge_between(0, 1) == "glass"
    assert hazards.breach_sides(two_rooms, two_rooms.edge_id(0, 1)) is None


# ---- ring stop -----------------------------------------------------------------------------

def _stop_the_ring(game):
    """A pirate wrecks Lounge A's computer; the Computer Hits die says 'special'."""
    _place(game, "lichter", (7, 31), "E")
    _shoot(game, "pirates", "lichter", _rifle(game, "lichter"), LOUNGE_A_TERMINAL, 1, 6,
           facing="E")


def test_the_ring_stops_at_global_updates_and_everything_in_it_moves_down():
    game = _game()
    _stop_the_ring(game)
    assert not game.state.systems.ring_stopped       # not in the middle of a turn
    before = {cid: _xy(game, cid) for cid in ("osorio", "preuitt", "lichter")}
    expected = {cid: game.plan.xy(hazards.lurch(game.plan, game.plan.sq(*xy)))
                for cid, xy in before.items()}
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    assert game.state.systems.ring_stopped
    assert {cid: _xy(game, cid) for cid in before} == expected
    assert expected["lichter"] != before["lichter"]
    assert all(view_for(game, seat).ring_stopped for seat in game.seats)
    assert "ring_stopped" in _kinds(game, "scientist")


def test_a_lurch_stops_at_a_wall_and_in_an_obstructed_square():
    plan = _game().plan
    for square in range(len(plan.terrain)):
        if not plan.passable(square) or plan.is_zero_g(square):
            continue
        end = hazards.lurch(plan, square)
        x, y = plan.xy(square)
        ex, ey = plan.xy(end)
        assert ex == x and y <= ey <= y + hazards.RING_SHIFT
        assert plan.passable(end)
        if ey < y + hazards.RING_SHIFT and plan.terrain[end] != "obstructed":
            below = plan.sq(ex, ey + 1) if plan.inside(ex, ey + 1) else None
            assert below is None or not plan.passable(below) \
                or plan.edge_between(end, below) in ("wall", "hatch", "glass")


def test_the_ring_characters_lose_their_next_action_and_move_in_microgravity():
    game = _game()
    _stop_the_ring(game)
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())                  # Global Updates: the ring stops
    assert game.turn_seat == "pirates"
    with pytest.raises(IllegalAction):
        game.apply("pirates", A.Move("lichter", "walk", (), "N"))
    assert "lost_action" in _kinds(game, "pirates")
    lichter = view_for(game, "pirates").own.characters["lichter"]
    assert lichter.zero_g
    assert lichter.ma == game.sheets.movement["human"].zero_g
    # terrain one step easier: a cluttered ring square costs as clear
    cluttered = next(sq for sq in range(len(game.drawn_plan.terrain))
                     if game.drawn_plan.terrain[sq] == "cluttered"
                     and not game.drawn_plan.is_zero_g(sq))
    assert game.drawn_plan.cost[cluttered] == 2 and game.plan.cost[cluttered] == 1
    # a client plans on the same plan, from its view alone
    assert movement.view_plan(view_for(game, "pirates")) is game.plan
    # the next round it acts again
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    game.apply("pirates", A.Move("lichter", "walk", (), "N"))


# ---- computer shutdown and life support ----------------------------------------------------

def _wreck_both_major_terminals(game):
    _place(game, "lichter", (12, 8), "N")
    _shoot(game, "pirates", "lichter", _rifle(game, "lichter"), COMPUTER_ROOM_TERMINAL, 1, 1)
    _place(game, "mendez", (2, 9), "N")
    _shoot(game, "pirates", "mendez", _rifle(game, "mendez"), COMMAND_POD_TERMINAL, 1, 3)


def test_both_major_terminals_destroyed_shut_the_computer_down():
    game = _game()
    hatch = lock_hatch(game, "Command Pod Hatch")
    _wreck_both_major_terminals(game)
    assert not game.state.systems.shutdown and hatch in game.state.locked
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    sysm = game.state.systems
    assert sysm.shutdown and not sysm.shields_up and sysm.ring_stopped
    assert sysm.life_support                       # emergency batteries
    assert game.state.locked == []
    assert "Cutter Cabin" not in game.state.dark   # the ships keep their own power
    assert {"Biolab", "Ring Corridor 1", "Command Pod"} <= set(game.state.dark)
    for seat in game.seats:
        assert "computer_shutdown" in _kinds(game, seat)
        assert view_for(game, seat).shutdown


def test_one_major_terminal_is_not_enough():
    game = _game()
    _place(game, "lichter", (12, 8), "N")
    _shoot(game, "pirates", "lichter", _rifle(game, "lichter"), COMPUTER_ROOM_TERMINAL, 1, 1)
    _round_to(game, "pirates")
    assert not game.state.systems.shutdown and game.state.systems.shields_up


def test_life_support_wrecked_fills_the_most_crowded_space_with_gas():
    game = _game()
    _place(game, "lichter", (14, 27), "S")
    _shoot(game, "pirates", "lichter", _rifle(game, "lichter"), LIFE_SUPPORT_TERMINAL, 1, 1,
           facing="S")
    assert game.state.systems.life_support
    _round_to(game, "pirates")
    assert not game.state.systems.life_support
    # McCray and Slavin share the Computer Room: the most breathers of any station space
    assert "Computer Room" in game.state.systems.gas
    assert "life_support" in _kinds(game, "phoneco")
    # the next Global Updates take the next most crowded space (the gas in the Computer
    # Room attacks McCray and Slavin in the scientist's turn: no effect)
    force_dice(game, 1, 1)
    _round_to(game, "pirates")
    assert len(game.state.systems.gas) == 2


def test_a_hatch_opened_onto_an_airless_segment_decompresses_the_other_side():
    game = _game()
    _breach_the_pod(game)
    game.apply("pirates", A.EndTurn())       # the Phone Co.'s turn: the hatch not locked yet
    hatch = next(h for h in game.plan.hatches if h.name == "Command Pod Hatch")
    pod_side, corridor_side = sorted(hatch.edges[0], key=lambda q: game.plan.xy(q)[0])
    assert hazards.hatch_breach(game, hatch.id) == (corridor_side, pod_side)
    assert "Fore Segment" not in game.state.systems.decompressed  # shut: nothing vents
    _place(game, "osorio", game.plan.xy(corridor_side), "W")
    _place(game, "yee", (7, 7), "W")
    game.apply("phoneco", A.Move("osorio", "walk", (game.plan.xy(pod_side),), "W"))
    assert "Fore Segment" in game.state.systems.decompressed
    # the corridor's air rushes out through the hatch: Yee is blown two squares toward it
    x, y = _xy(game, "yee")
    cx, cy = game.plan.xy(corridor_side)
    assert max(abs(x - cx), abs(y - cy)) == max(abs(7 - cx), abs(7 - cy)) - 2
    # the pirates are told at their Situation Update
    assert [n.kind for n in game.state.pending["pirates"]][-1] == "decompression"


def test_a_character_gassed_where_no_comrade_sees_it_is_only_a_telegram():
    """Telegram from the War Department: alone in the gas, Colovisto's owner hears that
    contact is lost, not how."""
    game = _game()
    grenade = give_item(game, "colovisto", "gas_grenade")
    _place(game, "colovisto", (10, 4), "E")
    game.apply("pirates", A.Attack("colovisto", grenade, "normal", ((12, 4),), "E"))
    dice = force_dice(game, 3)               # Colovisto: KO
    game.apply("pirates", A.EndTurn())
    assert dice.exhausted
    assert game.state.characters["colovisto"].status == "ko"
    told = [n for n in game.state.notices["pirates"] if n.get("character") == "colovisto"]
    assert told[-1].kind == "telegram" and "gassed" not in [n.kind for n in told]
