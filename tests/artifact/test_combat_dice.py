"""Combat's rules as pure functions, each rulebook statement a test with forced dice.

Section names in the test names are the rulebook's (Combat, Damage Effects, Jammed Weapons,
Hits to Map Features, Bug Aliens, Skill Use, Robots, Androids, the Example of Play)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artifact import combat_dice as cd
from game.artifact.combat_charts import ROW_CODES, default_charts
from game.artifact.combat_dice import ShotConditions


@pytest.fixture(scope="module")
def charts():
    return default_charts()


# ---- the Example of Play -------------------------------------------------------------------

def test_example_orlov_downs_eastwood_from_behind():
    # Orlov moves into the turret behind Eastwood, who faces away (to the stern); unarmed,
    # +1 for attacking from behind, he rolls a 2 on the Unarmed chart and Eastwood falls.
    eastwood, facing = (30, 4), "E"
    orlov_came_from = (29, 4)
    behind = cd.is_behind(eastwood, facing, orlov_came_from)
    assert behind
    weapon = cd.close_weapons("human", hands=True)[0]
    assert weapon == "unarmed"
    mods = cd.close_modifiers(from_behind=behind)
    assert [(m.id, m.value) for m in mods] == [("from_behind", 1)]
    row = cd.armour_row("human", "none")
    hit = cd.damage(weapon, row, 2, modifiers=mods)
    assert hit.total == 3
    assert hit.effect.code == "D" and hit.status == "down"
    # with space armour reserved for himself, the same roll is no effect
    armoured = cd.damage(weapon, cd.armour_row("human", "none", "space_armour"), 2,
                         modifiers=mods)
    assert armoured.armour == "armoured"
    assert armoured.effect.code == "NE" and armoured.status == ""


def test_example_the_2_is_the_die_and_the_modifier_is_added():
    # without the +1 the same die would only wound: the rear attack is what felled him
    assert cd.damage("unarmed", "none", 2).effect.code == "L"
    assert cd.damage("unarmed", "armoured", 2).effect.code == "NE"


# ---- Ranges --------------------------------------------------------------------------------

@pytest.mark.parametrize(("distance", "band"), [
    (0, "adjacent"), (1, "adjacent"), (2, "point_blank"), (3, "point_blank"), (4, "short"),
    (8, "short"), (9, "medium"), (16, "medium")])
def test_range_bands(distance, band):
    assert cd.range_band(distance).id == band


def test_beyond_medium_nothing_can_be_shot():
    assert cd.range_band(17) is None
    odds = cd.attack_odds("rifle", 17)
    assert not odds.allowed and "out of the Rifle's reach" in odds.why_not
    assert odds.chance == 0
    with pytest.raises(ValueError):
        cd.range_band(-1)


def test_distance_counts_a_diagonal_step_as_one():
    assert cd.square_distance((3, 3), (6, 5)) == 3
    assert cd.square_distance((3, 3), (3, 3)) == 0


def test_a_weapon_that_cannot_reach_a_band():
    odds = cd.attack_odds("emp_pistol", 10)
    assert odds.band == "medium" and odds.base is None and not odds.allowed


# ---- Ranged Combat -------------------------------------------------------------------------

def test_a_shot_hits_when_2d6_plus_modifiers_reaches_the_number(charts):
    odds = cd.attack_odds("pistol", 5)  # Short: 8
    assert (odds.band_name, odds.base, odds.needed) == ("Short", 8, 8)
    assert odds.chance == Fraction(15, 36)
    assert cd.fire_volley(odds, [(4, 4)]).shots[0].hit
    assert not cd.fire_volley(odds, [(3, 4)]).shots[0].hit


def test_modifiers_are_itemised_with_player_words():
    cond = ShotConditions(target_unaware=True, shooter_light_wound=True, characters_in_line=2,
                          furniture_in_line=1, carrying_casualty=True)
    odds = cd.attack_odds("rifle", 3, cond)
    words = [str(m) for m in odds.modifiers]
    assert words == ["target cannot see the shooter +2", "shooter is lightly wounded -2",
                     "shooter is carrying a casualty -2", "someone in the line of fire (x2) -2",
                     "furniture in the line of fire -1"]
    assert odds.total_modifier == -5
    assert odds.needed == 5 + 5
    for m in odds.modifiers:
        assert "_" not in m.label  # players never read ids


def test_unaware_and_inactive_targets_add_two_once():
    unaware = cd.attack_odds("pistol", 5, ShotConditions(target_unaware=True))
    helpless = cd.attack_odds("pistol", 5, ShotConditions(target_unaware=True,
                                                          target_helpless=True))
    assert unaware.total_modifier == helpless.total_modifier == 2
    assert [m.id for m in helpless.modifiers] == ["helpless"]


def test_stationary_objects_are_always_hit_without_a_roll():
    odds = cd.attack_odds("pistol", 12, ShotConditions(target_is_object=True,
                                                       shooter_light_wound=True))
    assert odds.always_hits and odds.chance == 1 and odds.modifiers == ()
    volley = cd.fire_volley(odds)
    assert volley.shots[0].hit and volley.shots[0].dice is None
    assert volley.weapon_state == "ready"


def test_eva_targets_on_the_ring_are_harder():
    odds = cd.attack_odds("rifle", 10, ShotConditions(elusive_target=True))
    assert [(m.id, m.value) for m in odds.modifiers] == [("elusive_target", -2)]


def test_a_seriously_wounded_tough_character_fires_at_minus_one():
    odds = cd.attack_odds("rifle", 2, ShotConditions(tough_serious=True))
    assert odds.total_modifier == -1


def test_a_hopeless_shot_needs_more_than_twelve():
    cond = ShotConditions(characters_in_line=4, shooter_light_wound=True)
    odds = cd.attack_odds("pistol", 10, cond, "double")
    assert odds.allowed and odds.needed is None and odds.chance == 0
    assert not any(s.hit for s in cd.fire_volley(odds, [(6, 6), (6, 6)]).shots)


def test_a_natural_two_jams_whatever_the_modifiers(charts):
    odds = cd.attack_odds("pistol", 0, ShotConditions(target_unaware=True))
    volley = cd.fire_volley(odds, [(1, 1)])
    assert volley.shots[0].total == 4 and not volley.shots[0].hit
    assert volley.weapon_state == "jammed" and volley.jam_roll
    # on a chart where 4 hits (an owner's typed-in pistol), the shot hits and still jams
    pistol = replace(charts.weapons["pistol"], to_hit=(4, 6, 8, 11))
    typed = replace(charts, weapons={**charts.weapons, "pistol": pistol})
    odds = cd.attack_odds("pistol", 0, ShotConditions(target_unaware=True), charts=typed)
    volley = cd.fire_volley(odds, [(1, 1)], charts=typed)
    assert volley.shots[0].hit and volley.weapon_state == "jammed"


def test_close_weapons_are_not_fired_at_range():
    odds = cd.attack_odds("unarmed", 0)
    assert not odds.allowed and "not fired at range" in odds.why_not
    with pytest.raises(ValueError, match="cannot be made"):
        cd.fire_volley(odds, [(3, 3)])


# ---- Types of Fire -------------------------------------------------------------------------

def test_normal_fire_is_one_shot():
    volley = cd.fire_volley(cd.attack_odds("rifle", 3), [(3, 3), (6, 6)])
    assert len(volley.shots) == 1 and volley.weapon_state == "ready"


def test_double_fire_is_two_shots_at_minus_two():
    odds = cd.attack_odds("rifle", 3, fire="double")
    assert odds.shots == 2 and odds.total_modifier == -2 and odds.needed == 7
    volley = cd.fire_volley(odds, [(3, 4), (3, 3)])
    assert [s.hit for s in volley.shots] == [True, False]
    assert volley.weapon_state == "ready"


def test_panic_fire_is_three_shots_at_minus_two_then_jams():
    odds = cd.attack_odds("pistol", 1, fire="panic")
    volley = cd.fire_volley(odds, [(5, 5), (2, 3), (6, 1)])
    assert [s.hit for s in volley.shots] == [True, False, True]
    assert volley.weapon_state == "jammed" and not volley.jam_roll and volley.lost == 0


def test_a_two_in_panic_fire_breaks_the_weapon():
    odds = cd.attack_odds("rifle", 2, fire="panic")
    volley = cd.fire_volley(odds, [(4, 4), (1, 1), (6, 6)])
    assert volley.weapon_state == "broken" and volley.lost == 1
    assert len(volley.shots) == 2


def test_a_jam_ends_a_double_volley():
    volley = cd.fire_volley(cd.attack_odds("pistol", 1, fire="double"), [(1, 1), (6, 6)])
    assert volley.weapon_state == "jammed" and volley.lost == 1


def test_fire_types_allowed_per_weapon():
    assert cd.attack_odds("rifle", 3).fire_types == ("normal", "double", "panic")
    launcher = cd.attack_odds("grenade_launcher", 3, fire="double")
    assert not launcher.allowed and "cannot use double fire" in launcher.why_not
    with pytest.raises(ValueError, match="unknown type of fire"):
        cd.attack_odds("rifle", 3, fire="burst")


def test_the_volley_needs_its_dice():
    with pytest.raises(ValueError, match="not enough dice"):
        cd.fire_volley(cd.attack_odds("rifle", 3, fire="double"), [(3, 3)])
    with pytest.raises(ValueError, match="a die shows"):
        cd.fire_volley(cd.attack_odds("rifle", 3), [(0, 7)])


def test_dice_from_a_seeded_rng_replay_exactly():
    odds = cd.attack_odds("rifle", 5, fire="panic")
    first = cd.fire_volley(odds, cd.two_d6_stream(random.Random(11)))
    again = cd.fire_volley(odds, cd.two_d6_stream(random.Random(11)))
    assert first == again
    assert all(1 <= v <= 6 for s in first.shots for v in s.dice)


# ---- Jammed Weapons ------------------------------------------------------------------------

def test_a_plasma_gun_overheats_instead_of_jamming():
    volley = cd.fire_volley(cd.attack_odds("rpp7", 2), [(1, 1)])
    assert volley.weapon_state == "overheated"
    panic = cd.fire_volley(cd.attack_odds("rpp7", 2, fire="panic"), [(3, 3)] * 3)
    assert panic.weapon_state == "overheated"
    assert "machine shop" in cd.unjam_problem("rpp7", hands=True, mechanic=True)


def test_anyone_with_hands_unjams_a_rifle_or_pistol():
    assert cd.unjam_problem("rifle", hands=True, mechanic=False) == ""
    assert cd.unjam_problem("pistol", hands=True, mechanic=False) == ""
    assert cd.unjam_problem("rifle", hands=False, mechanic=False) == "clearing a jam needs hands"
    assert cd.unjam_problem("grenade_launcher", hands=True, mechanic=False) == (
        "only a mechanic can clear the Grenade launcher")
    assert cd.unjam_problem("acid_spray", hands=True, mechanic=True).endswith("never jams")


def test_the_unjam_table_and_its_modifiers():
    assert cd.unjam("rifle", 3).result == "still_jammed"
    assert cd.unjam("rifle", 4).result == "cleared"
    shop = cd.unjam("rifle", 3, in_machine_shop=True)
    assert shop.total == 4 and shop.result == "cleared"
    assert [m.id for m in shop.modifiers] == ["machine_shop"]
    best = cd.unjam("pistol", 2, in_machine_shop=True, mechanic=True)
    assert best.total == 4 and best.result == "cleared"
    with pytest.raises(ValueError, match="only a mechanic"):
        cd.unjam("grenade_launcher", 6)


def test_repairs_need_a_mechanic_in_the_machine_shop():
    assert cd.repair(2).result == "not_yet"
    assert cd.repair(3).result == "repaired"
    with pytest.raises(ValueError, match="machine shop"):
        cd.repair(6, in_machine_shop=False)
    with pytest.raises(ValueError, match="only a mechanic"):
        cd.repair(6, mechanic=False)


# ---- Missed Shots --------------------------------------------------------------------------

def test_a_missed_shot_rolls_for_each_character_in_the_line_in_order():
    stray = cd.stray_shot(["near", "far"], ["past"], "wall", [5, 2, 1])
    assert stray.victim == "far" and stray.rolls == (5, 2) and not stray.beyond_target


def test_a_missed_shot_goes_on_past_the_target():
    stray = cd.stray_shot(["near"], ["past1", "past2"], "wall", [4, 6, 3])
    assert stray.victim == "past2" and stray.beyond_target and stray.rolls == (4, 6, 3)


def test_a_missed_shot_that_hits_nobody_strikes_what_ends_the_line():
    stray = cd.stray_shot([], ["past"], "window", [6])
    assert stray.victim is None and stray.feature == "window"
    wall = cd.feature_hit("rifle", "wall")
    assert not wall.destroyed and wall.entry is None
    furniture = cd.feature_hit("rifle", "object")
    assert not furniture.destroyed and not furniture.drive_detonation
    assert cd.feature_hit("pistol", "drive").drive_detonation
    with pytest.raises(ValueError):
        cd.stray_shot([], [], "nebula", [])
    with pytest.raises(ValueError, match="not enough dice"):
        cd.stray_shot(["a"], [], "wall", [])


# ---- Explosive Grenades --------------------------------------------------------------------

def test_the_blast_is_the_impact_square_and_its_eight_neighbours():
    squares = cd.blast_squares((10, 5))
    assert squares[0] == (10, 5) and len(set(squares)) == 9
    assert {cd.square_distance((10, 5), s) for s in squares[1:]} == {1}
    assert cd.area_squares("grenade_launcher", (10, 5)) == squares
    assert cd.area_squares("explosion", (1, 1)) == cd.blast_squares((1, 1))
    assert cd.area_squares("booby_trap", (3, 3)) == ((3, 3),)


def test_a_grenade_hit_then_the_blast_on_the_explosion_chart():
    odds = cd.attack_odds("grenade_launcher", 5)  # Short: 7
    assert cd.fire_volley(odds, [(3, 4)]).shots[0].hit
    direct = cd.damage("grenade_launcher", "none", 1)
    assert direct.effect.code == "L"
    blast = cd.damage("explosion", "none", 3, previous=direct.effect.code)
    assert blast.chart.code == "L" and blast.effect.code == "S"  # L + L = S


# ---- Close Combat --------------------------------------------------------------------------

def test_close_combat_always_hits_and_never_jams(charts):
    for weapon in charts.weapons.values():
        if weapon.kind == "close":
            assert weapon.jams == "never" and weapon.to_hit == ()
            odds = cd.attack_odds(weapon.id, 0)
            assert not odds.allowed


def test_behind_is_outside_the_front_and_sides():
    assert cd.is_behind((5, 5), "N", (5, 6))
    assert cd.is_behind((5, 5), "N", (4, 6))
    assert not cd.is_behind((5, 5), "N", (4, 5))   # level with it: its side
    assert not cd.is_behind((5, 5), "N", (5, 4))
    assert not cd.is_behind((5, 5), "W", (5, 5))   # already stacked with it


def test_close_weapons_by_kind_hands_and_skill():
    assert cd.close_weapons("alien", hands=False) == ("claws",)
    assert cd.close_weapons("human", hands=True) == ("unarmed",)
    assert cd.close_weapons("human", hands=True, carried=["rifle"]) == ("unarmed", "improvised")
    torch = cd.close_weapons("human", hands=True, carried=["welding_torch"], skills=["Mechanic"])
    assert torch == ("unarmed", "improvised", "welding_torch")
    assert "welding_torch" not in cd.close_weapons("human", hands=True,
                                                   carried=["welding_torch"])
    bot = cd.close_weapons("robot", hands=False, robot="recon_bot_mccray")
    assert bot == ("unarmed", "welding_torch")  # a built-in torch, used as if skilled


def test_a_tough_character_seriously_wounded_strikes_at_minus_one():
    mods = cd.close_modifiers(tough_serious=True)
    hit = cd.damage("unarmed", "none", 3, modifiers=mods)
    assert hit.total == 2 and hit.effect.code == "L"


def test_a_damage_total_off_the_chart_reads_its_end():
    mods = cd.close_modifiers(from_behind=True)
    assert cd.damage("unarmed", "armoured", 6, modifiers=mods).effect.code == "L"
    assert cd.damage("unarmed", "none", 1,
                     modifiers=cd.close_modifiers(tough_serious=True)).effect.code == "NE"


def test_close_combat_reaches_only_the_own_square():
    assert cd.close_combat_problem((4, 4), (4, 4)) == ""
    assert "own square" in cd.close_combat_problem((4, 4), (4, 5))


# ---- Line of Sight and Opportunity Fire ----------------------------------------------------

def test_who_stands_in_the_line_of_fire():
    occupants = {(0, 0): ["shooter", "buddy"], (1, 0): ["a"], (2, 0): ["b", "c"],
                 (3, 0): ["target", "guard"], (4, 0): ["d"], (6, 0): ["e"]}
    line = [(0, 0), (1, 0), (2, 0), (3, 0)]
    before, past = cd.stray_candidates("shooter", "target", (0, 0), (3, 0), line,
                                       [(4, 0), (5, 0), (6, 0)], occupants)
    assert before == ("a", "b", "c", "guard")   # the shooter's square-mate is not in line
    assert past == ("d", "e")
    odds = cd.attack_odds("rifle", 3, ShotConditions(characters_in_line=len(before)))
    assert odds.modifiers[0].label == "someone in the line of fire (x4)"


def test_shooting_into_the_own_square_puts_square_mates_in_line():
    occupants = {(5, 5): ["shooter", "target", "x"], (5, 4): ["y"]}
    before, past = cd.stray_candidates("shooter", "target", (5, 5), (5, 5), [], [(5, 4)],
                                       occupants)
    assert before == ("x",) and past == ("y",)


def test_opportunity_fire_stops_a_move_in_the_exact_square():
    path = [(5, 1), (6, 1), (7, 1), (8, 1)]
    assert cd.opportunity_fire_stop(path, [(7, 1)]) == 2
    assert cd.opportunity_fire_stop(path, [(7, 2), (6, 0)]) is None  # a neighbour: no
    assert cd.opportunity_fire_stop(path, [(8, 1), (6, 1)]) == 1


# ---- Skills: Hands, Plasma, Mechanic; robots' built-ins ------------------------------------

def test_example_orlov_cannot_fire_the_cannon_without_plasma():
    # the informant "without plasma skill ... cannot shoot out the shields himself"
    orlov = ["Hands", "Pilot"]
    assert cd.cannon_problem(orlov) == "the cannon needs the Plasma skill"
    assert cd.cannon_problem(["Hands", "Pilot", "Plasma", "Tough"]) == ""  # Eastwood


def test_equipment_needs_hands_and_its_skill():
    assert cd.use_problem("rpp7", hands=True, skills=["Hands"]) == (
        "the RPP-7 plasma gun needs the Plasma skill")
    assert cd.use_problem("rpp7", hands=True, skills=["Hands", "Plasma"]) == ""
    for device in ("booby_trap", "thermite_mine"):
        assert "Plasma" in cd.use_problem(device, hands=True, skills=["Hands", "Mechanic"])
    assert "Mechanic" in cd.use_problem("welding_torch", hands=True, skills=["Hands"])
    assert cd.use_problem("rifle", hands=False) == "using equipment needs hands"
    assert cd.use_problem("rifle", hands=True) == ""
    assert cd.use_problem("claws", hands=False) == ""          # natural attacks
    # a sailmaker reconbot seals and burns with its torch, and sets its thermite, unskilled
    assert cd.use_problem("welding_torch", hands=False, builtin=True) == ""
    assert cd.use_problem("thermite_mine", hands=False, builtin=True) == ""


def test_the_needle_beam_adds_up_until_the_system_is_killed(charts):
    row, weapon = charts.cannon.needle_beam_row, charts.cannon.needle_beam
    state = ""
    for roll in (2, 2, 1, 3):     # L, then L+L = S, then NE, then S + S = D
        state = cd.damage(weapon, row, roll, previous=state).effect.code
    assert state == "D"
    assert cd.damage(weapon, row, 4, previous=state).effect.code == "K"


# ---- Combat in Hostile Squares -------------------------------------------------------------

def test_the_self_preservation_reflex():
    assert cd.self_preservation_problem("human", 1, target_in_square=False)
    assert cd.self_preservation_problem("human", 1, target_in_square=True) == ""
    assert cd.self_preservation_problem("human", 0, target_in_square=False) == ""
    assert cd.self_preservation_problem("robot", 2, target_in_square=False) == ""


def test_the_last_one_out_takes_the_free_attack():
    assert cd.last_one_out(["kyoshi", "mendez"], staying_friends=0) == "mendez"
    assert cd.last_one_out(["kyoshi"], staying_friends=1) is None
    assert cd.last_one_out([], staying_friends=0) is None


# ---- Damage Effects ------------------------------------------------------------------------

def test_damage_uses_the_row_of_the_target_s_armour():
    assert cd.damage("pistol", "none", 5).effect.code == "D"
    assert cd.damage("pistol", "light", 5).effect.code == "S"
    assert cd.damage("pistol", "armoured", 5).effect.code == "L"
    with pytest.raises(ValueError, match="armour must be"):
        cd.damage("pistol", "plate", 5)
    with pytest.raises(ValueError, match="a die shows"):
        cd.damage("pistol", "none", 7)
    with pytest.raises(ValueError, match="no weapon chart"):
        cd.damage("phaser", "none", 3)


@pytest.mark.parametrize(("code", "status"), [
    ("NE", ""), ("L", "light_wound"), ("KO", "ko"), ("S", "serious"), ("D", "down"),
    ("K", "dead")])
def test_every_effect_leaves_its_status(charts, code, status):
    effect = charts.effects[code]
    assert effect.status == status
    assert effect.attacker_sees and code not in effect.attacker_sees.split()


def test_the_status_check_of_a_downed_character():
    assert [cd.status_check(r) for r in range(1, 7)] == ["dead"] * 3 + ["serious"] * 3


def test_armour_rows():
    assert cd.armour_row("robot", "armoured") == "armoured"
    assert cd.armour_row("robot", "none") == "armoured"  # all robots defend as armoured
    assert cd.armour_row("android", "none") == "none"    # androids defend as humans
    assert cd.armour_row("human", "none", "spacesuit") == "light"
    assert cd.armour_row("human", "none", "sneaksuit") == "none"
    assert cd.armour_row("alien", "light", "sneaksuit") == "light"


# ---- Damage Additions ----------------------------------------------------------------------

def test_a_wounded_character_hit_again_combines_the_damage():
    assert cd.add_damage("L", "L") == "S"
    assert cd.add_damage("", "L") == "L"
    assert cd.add_damage("NE", "KO") == "KO"
    assert cd.add_damage("D", "D") == "K"
    assert cd.add_damage("K", "NE") == "K"
    hit = cd.damage("pistol", "none", 2, previous="L")
    assert hit.chart.code == "L" and hit.effect.code == "S" and hit.status == "serious"
    with pytest.raises(ValueError, match="not a damage result"):
        cd.add_damage("Q", "L")


def test_a_robot_stopped_by_emp_stays_stopped_unless_hit_hard():
    assert cd.add_damage("EMP", "L") == "EMP"
    assert cd.add_damage("EMP", "S") == "S"
    shot = cd.damage("rpp7", "armoured", 6, previous="EMP", kind="robot")
    assert shot.effect.code == "K"


def test_a_light_wound_stays_marked_under_a_knockout():
    hit = cd.damage("unarmed", "light", 4, previous="L")
    assert hit.chart.code == "KO" and hit.effect.code == "KO" and hit.light_wound_kept
    assert not cd.damage("unarmed", "light", 4).light_wound_kept
    knocked = cd.damage("pistol", "light", 3, previous="KO")
    assert knocked.chart.code == "L" and knocked.effect.code == "KO" and knocked.light_wound_kept


# ---- Bug Aliens ----------------------------------------------------------------------------

def test_a_killed_bug_sprays_acid_on_its_square():
    kill = cd.damage("rifle", "light", 6, bug=True)
    assert kill.effect.code == "K" and kill.acid_spray
    splash = cd.damage("acid_spray", "none", 4)
    assert splash.effect.code == "D"
    assert not cd.damage("rifle", "light", 6).acid_spray  # only bugs spray


def test_multiple_downs_do_not_kill_a_bug():
    assert cd.add_damage("D", "D", bug=True) == "D"
    hit = cd.damage("pistol", "none", 5, previous="D", bug=True)
    assert hit.effect.code == "D" and not hit.acid_spray


def test_a_risen_bug_downed_again_is_dead_without_acid():
    hit = cd.damage("pistol", "none", 5, bug=True, risen_bug=True)
    assert hit.chart.code == "D" and hit.effect.code == "K" and not hit.acid_spray


def test_the_bug_recovery_roll():
    assert [cd.bug_recovery(r) for r in range(1, 7)] == ["dead"] * 4 + ["stunned"] * 2


# ---- Hits to Map Features ------------------------------------------------------------------

def test_a_window_breaks_on_the_doors_entry():
    assert cd.feature_hit("rifle", "window", 3).destroyed
    broken = cd.feature_hit("rifle", "window", 4)
    assert not broken.destroyed and str(broken.entry) == "1-3"


def test_hatches_resist_everything_but_plasma_thermite_and_the_cannon(charts):
    assert not cd.feature_hit("rifle", "hatch", 1).destroyed
    assert not cd.feature_hit("grenade_launcher", "hatch", 1).destroyed
    assert cd.feature_hit("rpp7", "hatch", 5).destroyed
    assert not cd.feature_hit("rpp7", "hatch", 6).destroyed
    assert cd.feature_hit(charts.cannon.anti_personnel, "hatch", 1).destroyed
    mine = cd.feature_hit("thermite_mine", "hatch")
    assert mine.destroyed and mine.roll is None


def test_a_penetrated_computer_rolls_on_computer_hits():
    hit = cd.feature_hit("rifle", "computer", 2, computer_roll=5)
    assert hit.destroyed and hit.computer_hit == "explosion"
    assert not cd.feature_hit("rifle", "computer", 3).destroyed
    assert [cd.computer_hit(r) for r in range(1, 7)] == [
        "darkness", "darkness", "gas", "gas", "explosion", "special"]
    with pytest.raises(ValueError, match="Computer Hits roll"):
        cd.feature_hit("rifle", "computer", 1)
    with pytest.raises(ValueError, match="penetration roll"):
        cd.feature_hit("rifle", "window")


def test_thermite_and_emp_always_penetrate_computers():
    for weapon in ("thermite_mine", "emp_pistol"):
        hit = cd.feature_hit(weapon, "computer", computer_roll=1)
        assert hit.destroyed and hit.roll is None and hit.computer_hit == "darkness"
    assert not cd.feature_hit("emp_pistol", "window").destroyed


def test_the_shield_generator_falls_only_to_torch_thermite_and_emp():
    for weapon in ("welding_torch", "thermite_mine", "emp_pistol"):
        assert cd.feature_hit(weapon, "generator").destroyed
    assert not cd.feature_hit("rifle", "generator").destroyed
    with pytest.raises(ValueError):
        cd.feature_hit("rifle", "airlock")


def test_a_computer_explosion_rolls_booby_trap_damage():
    hit = cd.damage("booby_trap", "none", 4)
    assert hit.effect.code == "D"


# ---- Robots, Androids, EMP -----------------------------------------------------------------

def test_emp_stops_robots_and_nothing_else():
    robot = cd.damage("emp_pistol", "armoured", None, kind="robot")
    assert robot.effect.code == "EMP" and robot.status == "inactive" and robot.roll is None
    for kind in ("android", "human", "alien"):
        assert cd.damage("emp_pistol", "none", None, kind=kind).effect.code == "NE"


def test_robot_built_ins(charts):
    assert charts.builtin["acid_sprayer_bot"] == ("acid_spray",)
    odds = cd.attack_odds(charts.builtin["acid_sprayer_bot"][0], 1)
    assert odds.allowed and odds.fire_types == ("normal",)


# ---- Gas, suits, sneaksuits and spacesuits -------------------------------------------------

def test_gas_knocks_out_unprotected_breathers():
    assert cd.gas_attack(3, breathes=True, sealed_suit=False).effect.code == "KO"
    assert cd.gas_attack(2, breathes=True, sealed_suit=False).effect.code == "NE"
    assert cd.gas_attack(6, breathes=True, sealed_suit=True) is None   # spacesuit
    assert cd.gas_attack(6, breathes=False, sealed_suit=False) is None  # a robot


def test_a_wound_breaches_a_sealed_suit():
    assert cd.damage("rifle", "light", 3, sealed_suit=True).suit_breached
    assert not cd.damage("rifle", "light", 1, sealed_suit=True).suit_breached  # NE
    assert not cd.damage("unarmed", "light", 4, sealed_suit=True).suit_breached  # KO
    assert not cd.damage("rifle", "none", 3).suit_breached


# ---- Booby traps and thermite --------------------------------------------------------------

def test_booby_traps_and_thermite_hit_everyone_in_their_square(charts):
    assert charts.weapons["booby_trap"].area == charts.weapons["thermite_mine"].area == "square"
    assert cd.damage("thermite_mine", "armoured", 1).effect.code == "L"
    assert cd.damage("thermite_mine", "none", 3).effect.code == "K"
    assert charts.weapons["booby_trap"].skill == charts.weapons["thermite_mine"].skill == (
        "Plasma")


# ---- Medic, medkit, casualty transport -----------------------------------------------------

def test_a_medkit_revives_or_heals_then_is_spent():
    charges = cd.full_medkit()
    revived = cd.use_medkit("ko", wounded=True, charges=charges)
    assert (revived.status, revived.wounded, revived.done) == ("active", True, "revived")
    healed = cd.use_medkit("active", wounded=True, charges=charges)
    assert (healed.status, healed.wounded, healed.done) == ("active", False, "healed")
    assert healed.charges == charges - 1
    assert "spent" in cd.medkit_problem("ko", False, healed.charges)
    assert "no light wound" in cd.medkit_problem("active", False, 1)
    with pytest.raises(ValueError, match="cannot help"):
        cd.use_medkit("down", wounded=False, charges=1)


def test_a_medic_removes_a_light_wound_or_revives():
    assert cd.treat("ko", wounded=False) == cd.Treatment("active", False, "revived")
    assert cd.treat("active", wounded=True) == cd.Treatment("active", False, "healed")
    for status in ("down", "serious", "dead"):
        assert cd.treatment_problem(status, wounded=False)
        with pytest.raises(ValueError):
            cd.treat(status, wounded=True)


def test_casualty_transport():
    solo = cd.casualty_carry(["robot"])
    assert solo.fastest == "walk" and solo.encumbered == (False,)
    team = cd.casualty_carry(["human", "robot"])
    assert team.fastest == "run" and team.encumbered == (True, False)
    assert team.fire_modifier.value == -2 and not team.may_move_and_fire
    with pytest.raises(ValueError):
        cd.casualty_carry(["human"] * 3)


# ---- Rotating Ring -------------------------------------------------------------------------

def test_floating_through_the_spokes_collides_half_the_time():
    hits = [cd.spoke_collision(r) for r in range(1, 7)]
    assert hits.count(True) == 3
    assert cd.damage("unarmed", "light", 5).effect.code == "D"


# ---- Odds against dice ---------------------------------------------------------------------

def test_the_shown_chance_is_the_share_of_rolls_that_hit():
    rng = random.Random(5)
    for _ in range(200):
        weapon = rng.choice(["pistol", "rifle", "rpp7", "grenade_launcher", "emp_pistol",
                             "acid_spray"])
        cond = ShotConditions(target_unaware=rng.random() < 0.5,
                              shooter_light_wound=rng.random() < 0.3,
                              characters_in_line=rng.randrange(3))
        odds = cd.attack_odds(weapon, rng.randrange(17), cond)
        if not odds.allowed:
            continue
        hits = sum(cd.fire_volley(odds, [(a, b)]).shots[0].hit
                   for a in range(1, 7) for b in range(1, 7))
        assert Fraction(hits, 36) == odds.chance


# ---- Properties ----------------------------------------------------------------------------

conditions = st.builds(
    ShotConditions, target_unaware=st.booleans(), target_helpless=st.booleans(),
    shooter_light_wound=st.booleans(), carrying_casualty=st.booleans(),
    tough_serious=st.booleans(), elusive_target=st.booleans(),
    characters_in_line=st.integers(0, 5), furniture_in_line=st.integers(0, 5))


@settings(max_examples=200, deadline=None)
@given(weapon=st.sampled_from(["pistol", "rifle", "grenade_launcher", "rpp7", "emp_pistol",
                               "acid_spray"]),
       distance=st.integers(0, 20), cond=conditions,
       fire=st.sampled_from(["normal", "double", "panic"]))
def test_odds_add_up_their_itemised_modifiers_and_bystanders_never_help(weapon, distance,
                                                                        cond, fire):
    odds = cd.attack_odds(weapon, distance, cond, fire)
    assert odds.total_modifier == sum(m.value for m in odds.modifiers)
    if odds.allowed and odds.needed is not None:
        assert odds.needed == max(2, odds.base - odds.total_modifier)
    crowded = cd.attack_odds(weapon, distance, replace(
        cond, characters_in_line=cond.characters_in_line + 1), fire)
    assert crowded.chance <= odds.chance
    seen = cd.attack_odds(weapon, distance, replace(cond, target_unaware=False,
                                                    target_helpless=False), fire)
    assert seen.chance <= odds.chance


SEVERITY = ROW_CODES  # mildest first


@given(old=st.sampled_from(["L", "KO", "S", "D"]), new=st.sampled_from(SEVERITY),
       bug=st.booleans())
def test_a_second_hit_never_heals(old, new, bug):
    result = cd.add_damage(old, new, bug=bug)
    assert SEVERITY.index(result) >= max(SEVERITY.index(old), SEVERITY.index(new))
