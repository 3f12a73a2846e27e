"""More of the rulebook's combat statements through the engine, with forced dice: the
Mechanic's repairs, Tough, plasma overheating, hits to computers, the acid spray and suit
breaches, bug aliens, the self-preservation reflex and casualty transport's encumbrance."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import combat
from game.artifact.errors import IllegalAction
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .arrange import act_again, add_character
from .combat_scenes import give, look, next_turn, notices, scene, token, weapon_of
from .dice_tools import force_dice
from .secrecy_tools import to_seat

SHOP = (17, 9)  # a square of the Machine Shop


def _kyoshi_fires(game, target, *rolls):
    """Kyoshi fires his rifle once at ``target``, facing east, with ``rolls`` forced; the
    dice, to check they were all used."""
    dice = force_dice(game, *rolls)
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, target),), "E"))
    return dice


# ---- the Mechanic's repairs -------------------------------------------------------------------

def test_a_robot_stopped_by_emp_is_repaired_by_a_mechanic_in_the_machine_shop():
    game, _log = scene(kyoshi=(17, 12, "N"), recon_bot_mccray=(18, 9, "S"),
                       mccray=(18, 9, "S"))
    s = game.state
    emp = give(game, "kyoshi", "emp_pistol")
    look(game, "pirates")
    force_dice(game, 6, 6)  # a hit: the EMP pistol rolls no damage
    game.apply("pirates", A.Attack("kyoshi", emp, "normal",
                                   (token(game, "recon_bot_mccray"),), "N"))
    bot = s.characters["recon_bot_mccray"]
    assert bot.status == "inactive"
    to_seat(game, "scientist")
    dice = force_dice(game, 2)  # Repair Table: 1-2 not yet
    game.apply("scientist", A.UseSkill("mccray", "Mechanic", "recon_bot_mccray", "S"))
    told = notices(game, "scientist", "repair")[-1].about
    assert (told["done"], told["roll"]) == ("", 2) and dice.exhausted
    assert bot.status == "inactive"
    act_again(game, "mccray")
    force_dice(game, 3)  # 3-6: repaired
    game.apply("scientist", A.UseSkill("mccray", "Mechanic", "recon_bot_mccray", "S"))
    assert bot.status == "active"
    assert notices(game, "scientist", "repair")[-1].about["done"] == "repaired"


def test_repairs_need_the_machine_shop_and_a_mechanic_and_say_why_without_a_roll():
    game, _log = scene(mccray=(12, 6, "N"), recon_bot_mccray=(12, 6, "N"))
    game.apply(JUDGE, A.JudgeSetStatus("recon_bot_mccray", "serious"))
    to_seat(game, "scientist")
    dice = force_dice(game)
    game.apply("scientist", A.UseSkill("mccray", "Mechanic", "recon_bot_mccray", "N"))
    told = notices(game, "scientist", "repair")[-1].about
    assert told["done"] == "" and "machine shop" in told["why"] and dice.exhausted
    assert game.state.characters["recon_bot_mccray"].status == "serious"
    with pytest.raises(IllegalAction, match="lacks the Mechanic skill"):
        game.apply("scientist", A.UseSkill("slavin", "Mechanic", "recon_bot_mccray", "N"))
    act_again(game, "mccray")
    with pytest.raises(IllegalAction, match="nothing 'osorio' here"):
        game.apply("scientist", A.UseSkill("mccray", "Mechanic", "osorio", "N"))


def test_an_overheated_plasma_gun_is_out_until_repaired_in_the_machine_shop():
    game, _log = scene(mendez=(17, 9, "S"), colovisto=(17, 9, "S"), osorio=(17, 12, "N"))
    s = game.state
    gun = give(game, "mendez", "rpp7")
    look(game, "pirates")
    dice = force_dice(game, 1, 1)  # a natural 2: the plasma gun overheats (no jam)
    game.apply("pirates", A.Attack("mendez", gun, "normal", (token(game, "osorio"),), "S"))
    assert dice.exhausted
    assert notices(game, "pirates", "attack")[-1].about["weapon_state"] == "overheated"
    assert s.items[gun].disabled == "overheated" and not s.items[gun].jammed
    next_turn(game, "pirates")
    with pytest.raises(IllegalAction, match="machine shop"):
        game.apply("pirates", A.Unjam("mendez", gun, "S"))
    with pytest.raises(IllegalAction, match="out of action"):
        game.apply("pirates", A.Attack("mendez", gun, "normal", (token(game, "osorio"),), "S"))
    force_dice(game, 4)
    game.apply("pirates", A.UseSkill("colovisto", "Mechanic", gun, "S"))  # Mendez holds it
    s = game.state  # a refused action leaves the state as it was, in a fresh copy
    assert s.items[gun].disabled == ""
    force_dice(game, 4, 4, 1)
    game.apply("pirates", A.Attack("mendez", gun, "normal", (token(game, "osorio"),), "S"))
    assert s.characters["osorio"].status == "serious"  # the RPP-7's unarmoured row, die 1


def test_a_wound_breaches_a_spacesuit_and_a_mechanic_seals_it_anywhere_without_a_roll():
    game, _log = scene(kyoshi=(5, 7, "E"), yee=(5, 7, "E"), osorio=(11, 7, "W"))
    s = game.state
    suit = s.characters["kyoshi"].suit
    to_seat(game, "phoneco")
    look(game, "phoneco", by="osorio")
    pistol = weapon_of(game, "osorio", "pistol")
    force_dice(game, 6, 6, 3)  # a hit; die 3 on the pistol's light row: a light wound
    game.apply("phoneco", A.Attack("osorio", pistol, "normal", (token(game, "kyoshi"),), "W"))
    assert s.characters["kyoshi"].wound and s.items[suit].disabled == "breached"
    to_seat(game, "pirates")
    assert view_for(game, "pirates").own.items[suit].disabled == "breached"
    dice = force_dice(game)
    game.apply("pirates", A.UseSkill("yee", "Mechanic", "kyoshi", "E"))
    assert dice.exhausted and s.items[suit].disabled == ""
    assert notices(game, "pirates", "repair")[-1].about["done"] == "sealed"


def test_a_knockout_does_not_breach_a_suit_and_an_unhurt_suit_needs_nothing():
    game, _log = scene(kyoshi=(5, 7, "E"), yee=(5, 7, "E"), lichter=(5, 7, "E"))
    s = game.state
    suit = s.characters["kyoshi"].suit
    to_seat(game, "phoneco")
    game.apply(JUDGE, A.JudgeMove("osorio", 5, 7, "W"))
    look(game, "phoneco", by="osorio")
    force_dice(game, 4)  # unarmed on the light row, die 4: knocked out
    game.apply("phoneco", A.Attack("osorio", "unarmed", "normal", (token(game, "kyoshi"),),
                                   "W"))
    assert s.characters["kyoshi"].status == "ko" and s.items[suit].disabled == ""
    to_seat(game, "pirates")
    game.apply("pirates", A.UseSkill("yee", "Mechanic", "lichter", "E"))
    assert notices(game, "pirates", "repair")[-1].about["why"] == \
        "there is no breached suit to seal"


# ---- Tough ------------------------------------------------------------------------------------

def test_is_tough_reads_the_control_sheet():
    game, _log = scene()
    chars = game.state.characters
    assert combat.is_tough(game, chars["eastwood"]) and combat.is_tough(game, chars["kyoshi"])
    assert not combat.is_tough(game, chars["orlov"])


def _seriously_wound(game, victim):
    """In the Phone Co.'s turn Osorio's pistol puts ``victim`` (3 squares off) down to a
    serious wound; play goes on to the Pirates."""
    to_seat(game, "phoneco")
    look(game, "phoneco", by="osorio")
    force_dice(game, 6, 6, 5)  # a hit; die 5 on the pistol's light row: serious
    game.apply("phoneco", A.Attack("osorio", weapon_of(game, "osorio", "pistol"), "normal",
                                   (token(game, victim),), "W"))
    assert game.state.characters[victim].status == "serious"
    to_seat(game, "pirates")


def test_a_seriously_wounded_tough_character_stays_in_hand_and_creeps_one_square():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(8, 7, "W"))
    _seriously_wound(game, "kyoshi")
    assert notices(game, "pirates", "telegram") == []  # no loss of control
    assert [n.about["result"] for n in notices(game, "pirates", "wounded")] == [
        "Serious wound"]
    entry = view_for(game, "pirates").own.characters["kyoshi"]
    assert entry.status == "serious" and entry.ma == {"walk": 1, "jog": 0, "run": 0}
    with pytest.raises(IllegalAction):
        game.apply("pirates", A.Move("kyoshi", "jog", ((6, 7),), "E"))
    with pytest.raises(IllegalAction):
        game.apply("pirates", A.Move("kyoshi", "walk", ((6, 7), (7, 7)), "E"))
    with pytest.raises(IllegalAction, match="not both"):
        game.apply("pirates", A.MoveThenAttack("kyoshi", "walk", ((6, 7),),
                                               weapon_of(game, "kyoshi"), "normal",
                                               (token(game, "osorio"),), "E"))
    game.apply("pirates", A.Move("kyoshi", "walk", ((6, 7),), "E"))
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (6, 7)
    assert A.Move("kyoshi", "walk", (), "E") not in game.legal_actions("pirates")  # acted


def test_a_seriously_wounded_tough_character_fires_and_strikes_at_minus_one():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(8, 7, "W"))
    _seriously_wound(game, "kyoshi")
    assert any(isinstance(a, A.Attack) and a.character == "kyoshi"
               for a in game.legal_actions("pirates"))
    _kyoshi_fires(game, "osorio", 3, 3, 5)  # 6 - 1 = 5: hits point-blank's 5; die 5: K
    shot = notices(game, "pirates", "attack")[-1].about["shots"][0]
    assert shot["needed"] == 6 and shot["hit"]
    # Close combat: the damage die at -1.
    game2, _ = scene(kyoshi=(5, 7, "E"), osorio=(5, 7, "W"))
    _seriously_wound(game2, "kyoshi")
    force_dice(game2, 4)  # unarmed, unarmoured row: 4 - 1 = 3: Down (a 4 would be too)
    game2.apply("pirates", A.Attack("kyoshi", "unarmed", "normal",
                                    (token(game2, "osorio"),), "E"))
    assert game2.state.characters["osorio"].status == "down"


def test_a_serious_wound_puts_anyone_not_tough_out_of_action():
    game, _log = scene(mendez=(5, 7, "E"), osorio=(8, 7, "W"))
    _seriously_wound(game, "mendez")
    assert [n.about["character"] for n in notices(game, "pirates", "telegram")] == ["mendez"]
    with pytest.raises(IllegalAction, match="not active"):
        game.apply("pirates", A.Move("mendez", "walk", ((6, 7),), "E"))


def test_a_tough_mechanic_seriously_wounded_rolls_to_unjam_at_minus_one():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(8, 7, "W"))
    rifle = weapon_of(game, "kyoshi")
    look(game, "pirates")
    force_dice(game, 1, 1)  # a 2 jams the rifle (the shot misses, nobody in the line)
    game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token(game, "osorio"),), "E"))
    assert game.state.items[rifle].jammed
    game.apply(JUDGE, A.JudgeSetStatus("kyoshi", "serious"))
    next_turn(game, "pirates")
    force_dice(game, 4)  # 4 - 1 = 3: still jammed (a 4 clears it for anyone else)
    game.apply("pirates", A.Unjam("kyoshi", rifle, "E"))
    told = notices(game, "pirates", "unjam")[-1].about
    assert (told["roll"], told["total"], told["cleared"]) == (4, 3, False)


# ---- hits to computers ------------------------------------------------------------------------

def test_a_computer_explosion_hits_everyone_in_its_square_with_booby_trap_damage():
    game, _log = scene(kyoshi=(10, 6, "E"))  # McCray and Slavin stand at the terminal
    s = game.state
    look(game, "pirates")
    # rifle's computer entry 1-2: destroyed; Computer Hits 5: explosion; then booby-trap
    # damage, unarmoured row: McCray die 3 (S), Slavin die 6 (K).
    dice = force_dice(game, 1, 5, 3, 6)
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   ((12, 6),), "E"))
    assert dice.exhausted
    assert s.characters["mccray"].status == "serious"
    assert s.characters["slavin"].status == "dead"
    assert s.systems.destroyed_terminals == [game.plan.sq(12, 6)]


def test_a_computer_gas_result_fills_its_space_at_global_updates():
    game, _log = scene(kyoshi=(10, 6, "E"))
    s = game.state
    look(game, "pirates")
    force_dice(game, 2, 3)  # destroyed; Computer Hits 3: gas
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   ((12, 6),), "E"))
    assert s.systems.gas == [] and s.systems.failing == [("gas", "Computer Room")]
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    assert s.systems.gas == ["Computer Room"] and s.systems.failing == []


def test_a_computer_special_result_stops_the_ring_only_in_the_ring():
    game, _log = scene(kyoshi=(10, 6, "E"))
    look(game, "pirates")
    force_dice(game, 1, 6)  # destroyed; Computer Hits 6: special (the terminal is in zero-g)
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   ((12, 6),), "E"))
    assert not game.state.systems.ring_stopped
    judge = [n for n in game.state.judge_notices if n.kind == "computer_destroyed"]
    assert judge[-1].about["result"] == "special"


def test_a_missed_shot_never_harms_a_wall():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(11, 7, "W"))
    look(game, "pirates")
    before = repr(game.state.systems)
    dice = _kyoshi_fires(game, "osorio", 2, 3)  # a miss: nobody in the line or past Osorio
    assert dice.exhausted and repr(game.state.systems) == before
    assert "goes wide" in notices(game, "pirates", "attack")[-1].about["shots"][0]["result"]


# ---- the acid spray, bug aliens and suit breaches ---------------------------------------------

def test_the_acid_sprayer_bot_sprays_without_a_skill_and_breaches_a_suit():
    game, _log = scene(kyoshi=(5, 7, "E"))
    s = game.state
    add_character(game, "acid_sprayer_bot", "scientist", game.plan.sq(6, 7), "W")
    to_seat(game, "scientist")
    look(game, "scientist")
    dice = force_dice(game, 2, 2, 4)  # 4 hits the spray's adjacent 4; light row die 4: S
    game.apply("scientist", A.Attack("acid_sprayer_bot", "acid_spray", "normal",
                                     (token(game, "kyoshi"),), "W"))
    assert dice.exhausted
    assert s.characters["kyoshi"].status == "serious"
    assert s.items[s.characters["kyoshi"].suit].disabled == "breached"
    with pytest.raises(IllegalAction, match="spray"):
        game.apply("scientist", A.Attack("acid_sprayer_bot", "acid_spray", "panic",
                                         (token(game, "kyoshi"),), "W"))


@pytest.fixture
def bug_by_osorio():
    """A bug alien in Osorio's square, both three squares in front of Kyoshi's rifle."""
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(8, 7, "W"))
    add_character(game, "bug_1", "alien", game.plan.sq(8, 7), "W")
    look(game, "pirates")
    return game


def test_a_bug_killed_sprays_acid_on_everything_in_its_square(bug_by_osorio):
    game = bug_by_osorio
    s = game.state
    # The rifle hits the bug (Osorio in its square: -1 in the line), die 6 on the light row:
    # killed; the acid spray then hits Osorio (unarmoured row, die 3: serious).
    dice = _kyoshi_fires(game, "bug_1", 6, 6, 6, 3)
    assert dice.exhausted
    assert s.characters["bug_1"].status == "dead"
    assert s.characters["osorio"].status == "serious"


def test_two_downs_do_not_kill_a_bug_but_a_risen_bug_downed_again_dies_without_spraying(
        bug_by_osorio):
    game = bug_by_osorio
    s = game.state
    _kyoshi_fires(game, "bug_1", 6, 6, 5)  # die 5 on the light row (bugs are light): Down
    assert s.characters["bug_1"].status == "down"
    act_again(game, "kyoshi")
    _kyoshi_fires(game, "bug_1", 6, 6, 5)  # a second Down: still only down (Bug Aliens)
    assert s.characters["bug_1"].status == "down"
    force_dice(game, 6)  # at the Alien's Situation Update: 5-6, only stunned
    to_seat(game, "alien")
    assert s.characters["bug_1"].status == "active" and s.characters["bug_1"].risen
    to_seat(game, "pirates")
    look(game, "pirates")
    dice = _kyoshi_fires(game, "bug_1", 6, 6, 5)  # downed again: dead, and no acid for Osorio
    assert dice.exhausted
    assert s.characters["bug_1"].status == "dead"
    assert s.characters["osorio"].status == "active"


# ---- combat in hostile squares, casualty transport --------------------------------------------

def test_robots_have_no_self_preservation_reflex():
    game, _log = scene(kyoshi=(5, 7, "W"), osorio=(7, 7, "W"))
    s = game.state
    add_character(game, "acid_sprayer_bot", "scientist", game.plan.sq(5, 7), "E")
    to_seat(game, "scientist")
    look(game, "scientist")
    force_dice(game, 6, 6, 1)  # past Kyoshi in its own square: a hit; die 1: light wound
    game.apply("scientist", A.Attack("acid_sprayer_bot", "acid_spray", "normal",
                                     (token(game, "osorio"),), "E"))
    assert s.characters["osorio"].wound and s.characters["kyoshi"].status == "active"


def test_a_human_fires_out_of_its_square_once_the_hostile_there_is_down():
    game, _log = scene(kyoshi=(5, 7, "E"), mccray=(5, 7, "S"), osorio=(11, 7, "W"))
    look(game, "pirates")
    rifle = weapon_of(game, "kyoshi")
    with pytest.raises(IllegalAction, match="own square"):
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token(game, "osorio"),), "E"))
    force_dice(game, 3)  # bare hands on McCray's unarmoured row, die 3: Down
    game.apply("pirates", A.Attack("kyoshi", "unarmed", "normal", (token(game, "mccray"),),
                                   "E"))
    assert game.state.characters["mccray"].status == "down"
    act_again(game, "kyoshi")
    dice = _kyoshi_fires(game, "osorio", 6, 6, 1)  # now it may: a hit, die 1: light wound
    assert dice.exhausted and game.state.characters["osorio"].wound


def test_team_carriers_are_encumbered_in_the_ring_and_not_in_zero_g():
    game, _log = scene(kyoshi=(8, 30, "N"), mendez=(8, 30, "N"), lichter=(8, 30, "N"),
                       robertson=(5, 7, "E"), orlov=(5, 7, "E"), colovisto=(5, 7, "E"))
    game.apply(JUDGE, A.JudgeSetStatus("lichter", "ko"))
    game.apply(JUDGE, A.JudgeSetStatus("colovisto", "ko"))
    own = view_for(game, "pirates").own.characters
    free_ring, free_zero_g = own["kyoshi"].ma, own["robertson"].ma
    for carrier, casualty in (("kyoshi", "lichter"), ("mendez", "lichter"),
                              ("robertson", "colovisto"), ("orlov", "colovisto")):
        game.apply("pirates", A.PickUpDropCasualty(carrier, casualty, False, "N"))
    own = view_for(game, "pirates").own.characters
    assert own["kyoshi"].ma == own["mendez"].ma == {"walk": 1, "jog": 2, "run": 3}
    assert own["kyoshi"].ma != free_ring
    assert own["robertson"].ma == own["orlov"].ma == free_zero_g


# ---- booby traps set in play ------------------------------------------------------------------

def test_a_booby_trap_set_in_play_is_known_only_to_its_seat_and_goes_off_for_it():
    game, _log = scene(mendez=(6, 7, "E"), osorio=(7, 7, "W"))
    s = game.state
    trap = give(game, "mendez", "booby_trap")
    spare = give(game, "kyoshi", "booby_trap")
    others = {seat: view_for(game, seat) for seat in ("phoneco", "scientist", "alien")}
    with pytest.raises(IllegalAction, match="across a hatch"):
        game.apply("pirates", A.UseEquipment("mendez", trap, (7, 7), "E"))
    with pytest.raises(IllegalAction, match="Plasma"):
        game.apply("pirates", A.UseEquipment("kyoshi", spare,
                                             game.plan.xy(s.characters["kyoshi"].square), "E"))
    s = game.state  # a refused action leaves the state as it was, in a fresh copy
    assert A.UseEquipment("mendez", trap, (6, 7), "E") in game.legal_actions("pirates")
    game.apply("pirates", A.UseEquipment("mendez", trap, (6, 7), "E"))
    assert s.items[trap].square == game.plan.sq(6, 7) and s.items[trap].armed
    assert view_for(game, "pirates").own.items[trap].square == (6, 7)
    assert notices(game, "pirates", "trap_set")[-1].about["square"] == [6, 7]
    for seat, view in others.items():
        assert view_for(game, seat) == view, seat
    game.apply(JUDGE, A.JudgeMove("mendez", 3, 7, "W"))  # out of the way
    to_seat(game, "phoneco")
    game.apply("phoneco", A.Move("osorio", "jog", ((6, 7), (5, 7)), "W"))
    assert game.plan.xy(s.characters["osorio"].square) == (6, 7)
    assert notices(game, "phoneco", "interdiction")[-1].about["reason"] == "a booby trap"
    force_dice(game, 4)  # at the Pirates' update: booby-trap chart, unarmoured, die 4: Down
    to_seat(game, "pirates")
    assert s.characters["osorio"].status == "down"
    assert s.items[trap].disabled == "spent"


# ---- the free attack on the last one out ------------------------------------------------------

def test_the_last_one_out_of_a_hostile_square_takes_a_free_blow_told_to_the_striker_later():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(5, 7, "W"))
    s = game.state
    to_seat(game, "phoneco")
    dice = force_dice(game, 2)  # Kyoshi's bare hands, unarmoured row, die 2: light wound
    game.apply("phoneco", A.Move("osorio", "walk", ((6, 7),), "W"))
    assert dice.exhausted
    osorio = s.characters["osorio"]
    assert game.plan.xy(osorio.square) == (6, 7) and osorio.wound  # it got away, hurt
    assert [n.about["result"] for n in notices(game, "phoneco", "wounded")] == ["Light wound"]
    assert notices(game, "pirates", "attack") == []  # the striker hears at its update
    to_seat(game, "pirates")
    told = notices(game, "pirates", "attack")[-1].about
    assert told["fire"] == "Free attack on the last one out"
    assert told["weapon"] == "Unarmed" and told["shots"][0]["who"] == "Osorio"


def test_a_free_blow_that_fells_the_leaver_keeps_it_in_the_square():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(5, 7, "W"))
    to_seat(game, "phoneco")
    force_dice(game, 3)  # die 3: Down
    game.apply("phoneco", A.Move("osorio", "walk", ((6, 7),), "W"))
    osorio = game.state.characters["osorio"]
    assert game.plan.xy(osorio.square) == (5, 7) and osorio.status == "down"
    assert notices(game, "phoneco", "interdiction")[-1].about["reason"] == \
        "struck down by the hostiles it left behind"


def test_no_free_blow_while_a_friend_stays_or_for_a_hostile_left_alone():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(5, 7, "W"), preuitt=(5, 7, "W"))
    to_seat(game, "phoneco")
    dice = force_dice(game)
    game.apply("phoneco", A.Move("osorio", "walk", ((6, 7),), "W"))  # Preuitt stays
    assert dice.exhausted and not game.state.characters["osorio"].wound
    force_dice(game, 2)
    game.apply("phoneco", A.Move("preuitt", "walk", ((4, 7),), "W"))  # the last one out
    assert game.state.characters["preuitt"].wound


# ---- combat secrecy: the telegram masks what happened ----------------------------------------

def _osorio_shot(die):
    """Kyoshi's rifle hits Osorio (out of Preuitt's sight) with damage die ``die``; play
    goes on to the Phone Co.'s turn."""
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(11, 7, "W"))
    look(game, "pirates")
    _kyoshi_fires(game, "osorio", 6, 6, die)
    told = notices(game, "pirates", "attack")[-1].about["shots"][0]["result"]
    to_seat(game, "phoneco")
    return game, told


def test_twins_differing_in_a_victims_fate_look_alike_to_its_owner_not_to_the_attacker():
    serious, told_serious = _osorio_shot(3)  # rifle, unarmoured row: 3 serious, 6 kill
    dead, told_dead = _osorio_shot(6)
    assert serious.state.characters["osorio"].status == "serious"
    assert dead.state.characters["osorio"].status == "dead"
    assert told_serious != told_dead  # the attacker learnt the outcome at once
    assert view_for(serious, "phoneco") == view_for(dead, "phoneco")
    entry = view_for(dead, "phoneco").own.characters["osorio"]
    assert (entry.status, entry.square) == ("out_of_contact", None)
    assert [n.about["counter"] for n in notices(dead, "phoneco", "telegram")] == ["Osorio"]
    # Back in view of a conscious comrade, the owner sees how it is.
    for game, status in ((serious, "serious"), (dead, "dead")):
        game.apply(JUDGE, A.JudgeMove("preuitt", 10, 7, "E"))
        look(game, "phoneco", by="preuitt")
        assert view_for(game, "phoneco").own.characters["osorio"].status == status


# ---- the shield generator and the drives ------------------------------------------------------

def test_the_shield_generator_falls_to_an_emp_pistol_but_shrugs_off_a_rifle():
    game, _log = scene(kyoshi=(39, 5, "E"))
    s = game.state
    emp = give(game, "kyoshi", "emp_pistol")
    dice = force_dice(game)  # a stationary object: always hit, and no penetration roll
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal", ((41, 5),),
                                   "E"))
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The shield generator shrugs off the hit."
    assert s.systems.shields_up
    act_again(game, "kyoshi")
    game.apply("pirates", A.Attack("kyoshi", emp, "normal", ((41, 5),), "E"))
    assert dice.exhausted and not s.systems.shields_up
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The shield generator is wrecked."


def test_a_missed_shot_into_the_drive_room_detonates_the_drives():
    game, _log = scene(kyoshi=(26, 7, "E"), osorio=(28, 7, "W"))
    look(game, "pirates")
    dice = _kyoshi_fires(game, "osorio", 1, 2)  # a miss: on past Osorio into the drives
    assert dice.exhausted
    assert all(c.status == "dead" for c in game.state.characters.values()
               if c.square is not None)
    assert game.phase == "over"  # nobody is left standing: the game ends, every seat told
    for seat in game.seats:
        assert notices(game, seat, "drive_detonation"), seat
