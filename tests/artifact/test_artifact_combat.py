"""Combat played through the engine, with forced dice (rulebook: Combat and its sections).

Each test sets the scene with the Judge's tools on the Example of Play's forces, forces the
dice the rules roll, and checks the state, the attacker's words and each seat's view."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact.available import available_actions
from game.artifact.engine import replay
from game.artifact.errors import IllegalAction
from game.artifact.example import example_setup
from game.artifact.seats import JUDGE
from game.artifact.sight import field_of_view
from game.artifact.views import view_for

from .arrange import act_again, add_character
from .combat_scenes import give, look, notices, scene, token, weapon_of
from .combat_scenes import next_turn as _next_turn
from .dice_tools import force_dice
from .secrecy_tools import to_seat


@pytest.fixture
def duel():
    """Kyoshi (rifle, no suit worn) in the main corridor facing east, Osorio six squares
    east facing him: short range."""
    game, log = scene(kyoshi=(5, 7, "E"), osorio=(11, 7, "W"))
    look(game, "pirates", log)
    return game, log


def test_a_hit_rolls_on_the_weapon_chart_and_the_attacker_learns_at_once(duel):
    game, _log = duel
    dice = force_dice(game, 4, 3, 3)  # to hit: 7 against the rifle's short 6; damage 3
    before = view_for(game, "phoneco")
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    assert dice.exhausted
    osorio = game.state.characters["osorio"]
    assert osorio.status == "serious"  # rifle, unarmoured row, die 3: serious wound
    told = notices(game, "pirates", "attack")[-1]
    assert told.about["shots"][0]["hit"] and told.about["shots"][0]["needed"] == 6
    assert told.about["shots"][0]["result"] == "The target crumples, gravely hurt."
    # The victim's owner learns nothing until its Situation Update ...
    assert view_for(game, "phoneco") == before
    game.apply("pirates", A.EndTurn())
    phone = view_for(game, "phoneco")
    assert [t.about["counter"] for t in notices(game, "phoneco", "telegram")] == ["Osorio"]
    # ... and then only that it lost Osorio: none of its characters sees what happened.
    assert phone.own.characters["osorio"].status == "out_of_contact"
    assert phone.own.characters["osorio"].square is None


def test_a_light_wound_keeps_the_target_going_and_is_told_to_its_owner_later(duel):
    game, _log = duel
    force_dice(game, 6, 6, 1)  # die 1 on the rifle's unarmoured row: light wound
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    osorio = game.state.characters["osorio"]
    assert (osorio.status, osorio.wound) == ("active", True)
    assert notices(game, "phoneco", "wounded") == []
    game.apply("pirates", A.EndTurn())
    wounded = notices(game, "phoneco", "wounded")
    assert [(n.about["character"], n.about["result"]) for n in wounded] == [
        ("osorio", "Light wound")]
    entry = view_for(game, "phoneco").own.characters["osorio"]
    assert entry.wound and entry.ma["walk"] == 1  # half MA, rounded up


def test_a_light_wound_gives_minus_two_to_hit_and_a_second_one_makes_it_serious(duel):
    game, _log = duel
    game.apply(JUDGE, A.JudgeSetStatus("kyoshi", "light_wound"))
    force_dice(game, 5, 3, 1)  # 8 - 2 = 6 still hits the short 6; light wound again
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    told = notices(game, "pirates", "attack")[-1]
    assert told.about["shots"][0]["needed"] == 8
    assert game.state.characters["osorio"].wound  # the first shot's light wound
    act_again(game, "kyoshi")
    force_dice(game, 6, 6, 1)  # L on L: serious (Damage Additions)
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    assert game.state.characters["osorio"].status == "serious"


def test_a_target_facing_away_is_unaware_plus_two():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(11, 7, "E"))
    look(game, "pirates")
    force_dice(game, 2, 3, 1)  # 5 + 2 = 7 hits the short 6; a 2+3 is no jam
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    shot = notices(game, "pirates", "attack")[-1].about["shots"][0]
    assert shot["needed"] == 4 and shot["hit"]


def test_double_fire_two_shots_at_minus_two_each(duel):
    game, _log = duel
    dice = force_dice(game, 4, 3, 5, 4, 2)  # 7-2 = 5 misses; 9-2 = 7 hits; die 2: L
    # The miss runs on past Osorio to the lab segment hatch: nobody to roll for.
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "double",
                                   (token(game, "osorio"),), "E"))
    assert dice.exhausted
    shots = notices(game, "pirates", "attack")[-1].about["shots"]
    assert [s["hit"] for s in shots] == [False, True]
    assert shots[0]["needed"] == 8
    assert game.state.characters["osorio"].wound


def test_a_natural_two_jams_the_weapon_after_the_shot(duel):
    game, _log = duel
    rifle = weapon_of(game, "kyoshi")
    force_dice(game, 1, 1)  # a 2 misses (nothing in the line; the hull stops it)
    game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token(game, "osorio"),), "E"))
    assert game.state.items[rifle].jammed
    assert notices(game, "pirates", "attack")[-1].about["weapon_state"] == "jammed"
    act_again(game, "kyoshi")
    with pytest.raises(IllegalAction, match="jammed"):
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal",
                                       (token(game, "osorio"),), "E"))
    # Unjam Table: 1-3 still jammed, 4-6 cleared (Kyoshi is no mechanic).
    force_dice(game, 3)
    game.apply("pirates", A.Unjam("kyoshi", rifle, "E"))
    assert game.state.items[rifle].jammed
    assert notices(game, "pirates", "unjam")[-1].about["cleared"] is False
    game.apply("pirates", A.EndTurn())
    for seat in ("phoneco", "scientist", "alien"):
        game.apply(seat, A.EndTurn())
    force_dice(game, 4)
    game.apply("pirates", A.Unjam("kyoshi", rifle, "E"))
    assert not game.state.items[rifle].jammed


def test_panic_fire_three_shots_then_jams_and_a_two_breaks_it(duel):
    game, _log = duel
    rifle = weapon_of(game, "kyoshi")
    # Every to-hit roll first (the shots are declared together), then each hit's damage:
    # three hits at -2, each a light wound on the die: L, L + L = S, S + L = S.
    dice = force_dice(game, 6, 6, 6, 6, 6, 6, 1, 1, 1)
    game.apply("pirates", A.Attack("kyoshi", rifle, "panic", (token(game, "osorio"),), "E"))
    assert dice.exhausted
    assert game.state.items[rifle].jammed  # panic fire jams the weapon after its shots
    assert [s["needed"] for s in notices(game, "pirates", "attack")[-1].about["shots"]] == [8] * 3
    assert game.state.characters["osorio"].status == "serious"
    game2, _ = scene(kyoshi=(5, 7, "E"), osorio=(11, 7, "W"))
    look(game2, "pirates")
    rifle2 = weapon_of(game2, "kyoshi")
    force_dice(game2, 1, 1)  # the first shot rolls a 2: the rifle breaks, two shots lost
    game2.apply("pirates", A.Attack("kyoshi", rifle2, "panic",
                                    (token(game2, "osorio"),), "E"))
    told = notices(game2, "pirates", "attack")[-1]
    assert told.about["weapon_state"] == "broken" and len(told.about["shots"]) == 3
    assert rifle2 not in game2.state.characters["kyoshi"].items
    assert game2.state.items[rifle2].disabled == "broken"


def test_a_missed_shot_may_hit_someone_in_the_line_nearest_first():
    game, _log = scene(kyoshi=(5, 7, "E"), mccray=(8, 7, "N"), osorio=(11, 7, "W"))
    look(game, "pirates")
    # 7 + 0 - 1 (McCray in the line) = 6 < ... the rifle needs 6 at short: a 2+3 misses.
    dice = force_dice(game, 2, 3, 2, 4)  # stray die 2 (1-3): McCray is hit; damage 4: D
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    assert dice.exhausted
    assert game.state.characters["mccray"].status == "down"
    assert game.state.characters["osorio"].status == "active"
    shot = notices(game, "pirates", "attack")[-1].about["shots"][0]
    assert shot["needed"] == 7 and not shot["hit"]
    assert shot["result"].startswith("The shot goes wide and hits McCray")


def test_a_missed_shot_runs_on_past_the_target_to_the_next_character():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(9, 7, "W"), mccray=(12, 7, "N"))
    look(game, "pirates")
    dice = force_dice(game, 1, 2, 3, 6)  # 3 misses; McCray past the target: 3 hits; K
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    assert dice.exhausted
    assert game.state.characters["mccray"].status == "dead"
    dice_used = dice.used
    assert dice_used == [1, 2, 3, 6]  # no die for anyone before the target: nobody there


def test_a_missed_shot_that_passes_everyone_stops_at_a_wall_or_hatch():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(11, 7, "W"))
    look(game, "pirates")
    dice = force_dice(game, 1, 3)  # a 4 misses; nobody in the line or past it: no more dice
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    assert dice.exhausted  # the hatch it ends at: a rifle cannot hurt hatches, no roll
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The shot goes wide. The hatch holds."
    act_again(game, "kyoshi")
    dice = force_dice(game, 1, 3)
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "N"))
    # Same square: the miss flies on the way the shooter faces after (north): a wall.
    game2, _ = scene(kyoshi=(10, 8, "N"), osorio=(10, 8, "S"))
    look(game2, "pirates")
    dice = force_dice(game2, 1, 3)
    game2.apply("pirates", A.Attack("kyoshi", weapon_of(game2, "kyoshi"), "normal",
                                    (token(game2, "osorio"),), "S"))
    assert dice.exhausted
    assert notices(game2, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The shot goes wide."


def test_targets_are_only_counters_on_the_map_and_in_the_field_of_fire():
    game, _log = scene(kyoshi=(5, 7, "W"), lichter=(6, 8, "E"), osorio=(11, 7, "W"),
                       mccray=(9, 12, "N"))
    look(game, "pirates")
    rifle = weapon_of(game, "kyoshi")
    with pytest.raises(IllegalAction, match="out of the field of fire"):
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal",
                                       (token(game, "osorio"),), "W"))
    # McCray is out of sight: his token is refused in the same words as a made-up one.
    with pytest.raises(IllegalAction) as unseen:
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal",
                                       (token(game, "mccray"),), "W"))
    with pytest.raises(IllegalAction) as made_up:
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal", ("tdeadbeef",), "W"))
    assert str(unseen.value).replace(token(game, "mccray"), "X") == \
        str(made_up.value).replace("tdeadbeef", "X")


def test_close_combat_from_behind_plus_one_the_example_of_plays_blow():
    """As Orlov's unarmed attack: from behind, +1 to the die; a 2 (3) on the unarmed chart's
    unarmoured row downs the target."""
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(6, 7, "E"))
    look(game, "pirates")
    dice = force_dice(game, 2)
    game.apply("pirates", A.MoveThenAttack("kyoshi", "walk", ((6, 7),), "unarmed", "normal",
                                           (token(game, "osorio"),), "E"))
    assert dice.exhausted
    assert game.state.characters["osorio"].status == "down"
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The target collapses and does not move."


def test_space_armour_turns_the_same_blow_aside():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(6, 7, "E"))
    s = game.state
    armour = give(game, "osorio", "space_armour")
    game.apply(JUDGE, A.JudgeSetSuit("osorio", armour))
    look(game, "pirates")
    force_dice(game, 2)
    game.apply("pirates", A.MoveThenAttack("kyoshi", "walk", ((6, 7),), "unarmed", "normal",
                                           (token(game, "osorio"),), "E"))
    assert s.characters["osorio"].status == "active" and not s.characters["osorio"].wound
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"].startswith(
        "The hit glances off")


def test_close_combat_reaches_only_the_same_square(duel):
    game, _log = duel
    with pytest.raises(IllegalAction, match="own square"):
        game.apply("pirates", A.Attack("kyoshi", "unarmed", "normal",
                                       (token(game, "osorio"),), "E"))


def test_a_human_must_deal_with_a_hostile_in_its_own_square_first():
    game, _log = scene(kyoshi=(5, 7, "E"), mccray=(5, 7, "S"), osorio=(11, 7, "W"))
    look(game, "pirates")
    rifle = weapon_of(game, "kyoshi")
    with pytest.raises(IllegalAction, match="own square"):
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal",
                                       (token(game, "osorio"),), "E"))
    force_dice(game, 6, 6, 6)
    game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token(game, "mccray"),), "E"))
    assert game.state.characters["mccray"].status == "dead"


def test_move_then_attack_is_not_for_runners(duel):
    game, _log = duel
    with pytest.raises(IllegalAction, match="running"):
        game.apply("pirates", A.MoveThenAttack("kyoshi", "run", ((6, 7),),
                                               weapon_of(game, "kyoshi"), "normal",
                                               (token(game, "osorio"),), "E"))


def test_a_grenade_blasts_the_impact_square_and_its_eight_neighbours():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(10, 7, "W"), mccray=(11, 8, "N"),
                       slavin=(12, 8, "N"))
    launcher = give(game, "kyoshi", "grenade_launcher")
    look(game, "pirates")
    # to hit 6+2 = 8 >= 7 (short): Osorio takes the launcher's damage (die 1: L), then the
    # explosion in each square of the blast: Osorio (die 2: L -> S), McCray (die 6: K).
    # Slavin stands two squares off: untouched.
    dice = force_dice(game, 6, 2, 1, 2, 6)
    game.apply("pirates", A.Attack("kyoshi", launcher, "normal",
                                   (token(game, "osorio"),), "E"))
    assert dice.exhausted
    s = game.state
    assert s.characters["osorio"].status == "serious"
    assert s.characters["mccray"].status == "dead"
    assert s.characters["slavin"].status == "active"


def test_a_rifle_cannot_hurt_a_hatch_but_a_plasma_gun_blows_it_open():
    game, _log = scene(kyoshi=(5, 7, "W"), mendez=(5, 8, "W"))
    gun = give(game, "mendez", "rpp7")  # Mendez has the Plasma skill
    look(game, "pirates")
    dice = force_dice(game)  # a stationary object is always hit; a rifle rolls nothing
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   ((2, 7),), "W"))
    assert dice.exhausted
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == "The hatch holds."
    pod = game.plan.sq(2, 7)
    assert pod not in field_of_view(game.plan, game.plan.sq(5, 7), "W")
    force_dice(game, 5)  # the plasma gun's doors entry 1-5: through
    game.apply("pirates", A.Attack("mendez", gun, "normal", ((2, 8),), "W"))
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The hatch is blown open."
    plan = game.plan
    assert plan.edge_between(plan.sq(3, 7), plan.sq(4, 7)) == "open"
    assert pod in field_of_view(plan, plan.sq(5, 7), "W")  # sight goes through at once
    assert game.state.systems.blown_hatches == [0]


def test_a_window_shot_out_is_open_at_once():
    game, _log = scene(eastwood=(15, 2, "W"))
    look(game, "pirates")
    pistol = give(game, "eastwood", "pistol")
    force_dice(game, 2)  # pistol's doors entry 1-2: the window breaks
    game.apply("pirates", A.Attack("eastwood", pistol, "normal", ((13, 2),), "W"))
    plan = game.plan
    assert plan.edge_between(plan.sq(13, 2), plan.sq(14, 2)) == "open"
    assert game.drawn_plan.edge_between(plan.sq(13, 2), plan.sq(14, 2)) == "glass"
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"] == \
        "The window shatters."


def test_a_computer_shot_to_pieces_rolls_on_the_computer_hits_chart():
    game, _log = scene(kyoshi=(10, 6, "E"))
    look(game, "pirates")
    force_dice(game, 1, 1)  # rifle's computer entry 1-2: destroyed; Computer Hits 1: dark
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   ((12, 6),), "E"))
    s = game.state
    assert s.systems.destroyed_terminals == [game.plan.sq(12, 6)]
    space = game.plan.space_name(game.plan.sq(12, 6))
    assert space not in s.dark  # the lights fail at the next Global Updates
    to_seat(game, "alien")
    assert space not in view_for(game, "phoneco").dark
    game.apply("alien", A.EndTurn())
    assert space in s.dark and space in view_for(game, "phoneco").dark


def test_the_status_check_rolls_on_the_status_chart():
    game, _log = scene(kyoshi=(5, 7, "E"), lichter=(5, 7, "E"))
    game.apply(JUDGE, A.JudgeSetStatus("kyoshi", "down"))
    force_dice(game, 4)  # 4-6: seriously wounded
    game.apply("pirates", A.CheckStatus("lichter", "kyoshi", "E"))
    assert game.state.characters["kyoshi"].status == "serious"


def test_a_fight_replays_byte_for_byte(duel):
    game, log = duel
    action = A.Attack("kyoshi", weapon_of(game, "kyoshi"), "double",
                      (token(game, "osorio"),), "E")
    game.apply("pirates", action)
    log.append(("pirates", action))
    assert replay(example_setup(), 5, log).to_json() == game.to_json()


# ---- opportunity fire and booby traps --------------------------------------------------------

def test_opportunity_fire_stops_the_mover_and_is_resolved_in_the_placers_turn():
    game, _log = scene(kyoshi=(5, 7, "E"))
    rifle = weapon_of(game, "kyoshi")
    game.apply("pirates", A.TargetOpportunityFire("kyoshi", rifle, (9, 7), "phoneco", "E"))
    assert [n.about["square"] for n in notices(game, "pirates", "opportunity_fire")] == [[9, 7]]
    to_seat(game, "phoneco")
    osorio = game.state.characters["osorio"]
    game.apply(JUDGE, A.JudgeMove("osorio", 11, 7, "W"))
    game.apply("phoneco", A.Move("osorio", "walk", ((10, 7),), "W"))
    act_again(game, "osorio")
    game.apply("phoneco", A.Move("osorio", "jog", ((9, 7), (8, 7)), "W"))
    assert game.plan.xy(osorio.square) == (9, 7)  # stopped in the targeted square
    told = notices(game, "phoneco", "interdiction")[-1]
    assert told.about["reason"] == "opportunity fire"
    assert notices(game, "pirates", "opportunity_triggered") == []  # the placer: next turn
    assert osorio.status == "active"
    force_dice(game, 5, 5, 6)  # at the pirates' Situation Update: 10 hits; die 6: K
    to_seat(game, "pirates")
    assert osorio.status == "dead"
    triggered = notices(game, "pirates", "opportunity_triggered")
    assert [n.about["square"] for n in triggered] == [[9, 7]]
    assert notices(game, "pirates", "attack")[-1].about["fire"] == "Normal fire"
    assert "kyoshi" in game.state.turn.acted  # the shot was Kyoshi's action this turn
    assert game.state.opportunity == []  # the marker is spent


def test_opportunity_fire_spares_who_the_placer_does_not_call_hostile():
    game, _log = scene(kyoshi=(5, 7, "E"))
    rifle = weapon_of(game, "kyoshi")
    game.apply("pirates", A.TargetOpportunityFire("kyoshi", rifle, (9, 7), "scientist", "E"))
    to_seat(game, "phoneco")
    game.apply(JUDGE, A.JudgeMove("osorio", 11, 7, "W"))
    game.apply("phoneco", A.Move("osorio", "jog", ((10, 7), (9, 7)), "W"))
    assert game.plan.xy(game.state.characters["osorio"].square) == (9, 7)
    assert game.state.attacks == []
    act_again(game, "osorio")
    game.apply("phoneco", A.Move("osorio", "jog", ((8, 7), (7, 7)), "W"))
    assert game.plan.xy(game.state.characters["osorio"].square) == (7, 7)


def test_opportunity_fire_is_placed_only_where_the_weapon_could_fire():
    game, _log = scene(kyoshi=(5, 7, "E"))
    rifle = weapon_of(game, "kyoshi")
    with pytest.raises(IllegalAction, match="field of fire"):
        game.apply("pirates", A.TargetOpportunityFire("kyoshi", rifle, (4, 7), "anyone", "E"))
    with pytest.raises(IllegalAction, match="line of fire"):
        game.apply("pirates", A.TargetOpportunityFire("kyoshi", rifle, (9, 5), "anyone", "E"))
    with pytest.raises(IllegalAction, match="range"):
        game.apply("pirates", A.TargetOpportunityFire("kyoshi", "unarmed", (9, 7), "anyone",
                                                      "E"))


def test_a_booby_trap_stops_the_first_one_in_and_goes_off_at_its_owners_update():
    """Two pirates go through the Command Pod hatch onto its booby trap in one turn: only the
    first is stopped; the trap goes off in the Mad Scientist's turn, on everyone in its
    square."""
    game, _log = scene(lichter=(4, 7, "W"), mendez=(4, 7, "W"))
    trap_square = game.plan.sq(3, 7)
    trap = next(i for i in game.state.items.values()
                if i.type == "booby_trap" and i.square == trap_square)
    game.apply("pirates", A.Move("lichter", "walk", ((3, 7),), "W"))
    assert game.plan.xy(game.state.characters["lichter"].square) == (3, 7)
    assert notices(game, "pirates", "interdiction")[-1].about["reason"] == "a booby trap"
    game.apply("pirates", A.Move("mendez", "jog", ((3, 7), (2, 7)), "W"))
    assert game.plan.xy(game.state.characters["mendez"].square) == (2, 7)
    assert [n.about["reason"] for n in notices(game, "pirates", "interdiction")] == ["a booby trap"]
    force_dice(game, 6)  # booby-trap chart, light row (Lichter's spacesuit), die 6: down
    to_seat(game, "scientist")
    s = game.state
    assert s.characters["lichter"].status == "down"
    assert s.characters["mendez"].status == "active"
    assert trap.square is None and trap.disabled == "spent"
    went = notices(game, "scientist", "trap_went_off")[-1]
    assert went.about["square"] == [3, 7] and len(went.about["results"]) == 1
    # The pirates learn at their own update: a telegram for Lichter.
    assert notices(game, "pirates", "telegram") == []
    to_seat(game, "pirates")
    assert [n.about["character"] for n in notices(game, "pirates", "telegram")] == ["lichter"]


def test_a_stray_hit_on_a_bystander_reaches_its_owner_only_at_its_update():
    """McCray is hit by a shot meant for Osorio: the Mad Scientist's view does not change in
    the Pirates' turn (nor the alien's, which sees none of it), and the Phone Co.'s target
    was missed: its view is unchanged too."""
    game, _log = scene(kyoshi=(5, 7, "E"), mccray=(8, 7, "N"), osorio=(11, 7, "W"))
    look(game, "pirates")
    before = {seat: view_for(game, seat) for seat in ("phoneco", "scientist", "alien")}
    force_dice(game, 2, 3, 2, 6)  # a miss; McCray in the line is hit (2); die 6: killed
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    assert game.state.characters["mccray"].status == "dead"
    for seat, view in before.items():
        assert view_for(game, seat) == view, seat
    to_seat(game, "scientist")
    assert [n.about["character"] for n in notices(game, "scientist", "telegram")] == ["mccray"]
    assert notices(game, "phoneco", "telegram") == []


# ---- first aid and bug aliens ---------------------------------------------------------------

def test_a_medic_revives_the_knocked_out_and_heals_a_light_wound():
    game, _log = scene(mccray=(5, 7, "E"), slavin=(5, 7, "E"))
    to_seat(game, "scientist")
    s = game.state
    game.apply(JUDGE, A.JudgeSetStatus("slavin", "ko"))
    game.apply("scientist", A.UseSkill("mccray", "Medic", "slavin", "E"))
    assert s.characters["slavin"].status == "active"
    assert notices(game, "scientist", "first_aid")[-1].about["done"] == "revived"
    game.apply(JUDGE, A.JudgeSetStatus("slavin", "light_wound"))
    act_again(game, "mccray")
    game.apply("scientist", A.UseSkill("mccray", "Medic", "slavin", "E"))
    assert not s.characters["slavin"].wound
    assert notices(game, "scientist", "first_aid")[-1].about["done"] == "healed"
    with pytest.raises(IllegalAction, match="lacks the Medic skill"):
        game.apply("scientist", A.UseSkill("slavin", "Medic", "mccray", "E"))


def test_first_aid_cannot_mend_worse_and_says_so_without_a_refusal():
    game, _log = scene(mccray=(5, 7, "E"), slavin=(5, 7, "E"))
    to_seat(game, "scientist")
    game.apply(JUDGE, A.JudgeSetStatus("slavin", "serious"))
    game.apply("scientist", A.UseSkill("mccray", "Medic", "slavin", "E"))
    told = notices(game, "scientist", "first_aid")[-1]
    assert told.about["done"] == "" and "cannot help" in told.about["why"]
    assert game.state.characters["slavin"].status == "serious"


def test_a_medkit_heals_once_then_is_spent_and_the_patients_owner_hears_later():
    game, _log = scene(preuitt=(5, 7, "E"), mccray=(5, 7, "W"))
    to_seat(game, "phoneco")
    s = game.state
    kit = weapon_of(game, "preuitt", "medkit")
    game.apply(JUDGE, A.JudgeSetStatus("mccray", "light_wound"))
    game.apply("phoneco", A.UseEquipment("preuitt", kit, token(game, "mccray"), "E"))
    assert not s.characters["mccray"].wound and s.items[kit].charges == 0
    assert notices(game, "scientist", "treated") == []  # told at its own update
    to_seat(game, "scientist")
    assert [n.about["done"] for n in notices(game, "scientist", "treated")] == ["healed"]
    to_seat(game, "phoneco")
    with pytest.raises(IllegalAction, match="spent"):
        game.apply("phoneco", A.UseEquipment("preuitt", kit, token(game, "mccray"), "E"))


def test_a_patient_must_be_on_the_map_in_the_same_square():
    game, _log = scene(preuitt=(5, 7, "E"), mccray=(9, 7, "W"))
    to_seat(game, "phoneco")
    kit = weapon_of(game, "preuitt", "medkit")
    with pytest.raises(IllegalAction, match="no patient"):
        game.apply("phoneco", A.UseEquipment("preuitt", kit, token(game, "mccray"), "E"))


def test_a_downed_bug_alien_rolls_at_the_aliens_situation_update():
    game, _log = scene()
    s = game.state
    for cid in ("bug_1", "bug_2"):
        add_character(game, cid, "alien", game.plan.sq(9, 7 + int(cid[-1])))
        game.apply(JUDGE, A.JudgeSetStatus(cid, "down"))
    dice = force_dice(game, 4, 5)  # 1-4: dead; 5-6: only stunned, it acts again
    to_seat(game, "alien")
    assert dice.exhausted
    assert (s.characters["bug_1"].status, s.characters["bug_2"].status) == ("dead", "active")
    assert s.characters["bug_2"].risen
    assert [n.about["result"] for n in notices(game, "alien", "bug_recovery")] == [
        "dead", "stunned"]


# ---- robots and androids --------------------------------------------------------------------

def test_robots_defend_as_armoured():
    game, _log = scene(kyoshi=(5, 7, "E"), recon_bot_mccray=(11, 7, "W"))
    look(game, "pirates")
    force_dice(game, 6, 6, 4)  # a hit; die 4 on the rifle's armoured row: a light wound
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "recon_bot_mccray"),), "E"))
    bot = game.state.characters["recon_bot_mccray"]
    assert (bot.status, bot.wound) == ("active", True)  # unarmoured it would be Down


def test_an_emp_pistol_stops_a_robot_and_leaves_an_android_untouched():
    game, _log = scene(kyoshi=(5, 7, "E"), recon_bot_mccray=(11, 7, "W"))
    s = game.state
    add_character(game, "koch", "alien", game.plan.sq(11, 8), "W")
    emp = give(game, "kyoshi", "emp_pistol")
    look(game, "pirates")
    dice = force_dice(game, 6, 6)  # a hit: the EMP pistol rolls no damage die
    game.apply("pirates", A.Attack("kyoshi", emp, "normal",
                                   (token(game, "recon_bot_mccray"),), "E"))
    assert dice.exhausted
    assert s.characters["recon_bot_mccray"].status == "inactive"
    act_again(game, "kyoshi")
    force_dice(game, 6, 6)
    game.apply("pirates", A.Attack("kyoshi", emp, "normal", ("tkoch",), "E"))
    assert game.state.characters["koch"].status == "active"
    assert notices(game, "pirates", "attack")[-1].about["shots"][0]["result"].startswith(
        "The hit glances off")


def test_a_robot_uses_its_built_in_torch_as_if_skilled():
    game, _log = scene(kyoshi=(5, 7, "E"), recon_bot_mccray=(5, 7, "W"))
    to_seat(game, "scientist")
    force_dice(game, 4)  # welding torch, light row (Kyoshi's spacesuit), die 4: serious
    game.apply("scientist", A.Attack("recon_bot_mccray", "welding_torch", "normal",
                                     (token(game, "kyoshi"),), "W"))
    assert game.state.characters["kyoshi"].status == "serious"
    # A human without the Mechanic skill may not use a carried torch as a weapon.
    game2, _ = scene(kyoshi=(5, 7, "E"), osorio=(5, 7, "W"))
    torch = give(game2, "kyoshi", "welding_torch")
    look(game2, "pirates")
    with pytest.raises(IllegalAction, match="Mechanic"):
        game2.apply("pirates", A.Attack("kyoshi", torch, "normal",
                                        (token(game2, "osorio"),), "E"))


# ---- the Plasma skill: booby traps and thermite mines -----------------------------------------

def test_plasma_inspects_the_square_across_a_hatch_and_disarms_its_trap():
    game, _log = scene(mendez=(4, 7, "W"))
    s = game.state
    trap = next(i for i in s.items.values()
                if i.type == "booby_trap" and i.square == game.plan.sq(3, 7))
    before = view_for(game, "scientist")
    game.apply("pirates", A.UseSkill("mendez", "Plasma", (3, 7), "W"))
    assert trap.square is None and trap.disabled == "disarmed"
    assert notices(game, "pirates", "traps_inspected")[-1].about["disarmed"] == 1
    assert view_for(game, "scientist") == before  # the owner sees it gone at its update
    to_seat(game, "scientist")
    assert [n.about["square"] for n in notices(game, "scientist", "trap_disarmed")] == [[3, 7]]
    game2, _ = scene(kyoshi=(4, 7, "W"))
    with pytest.raises(IllegalAction, match="lacks the Plasma skill"):
        game2.apply("pirates", A.UseSkill("kyoshi", "Plasma", (3, 7), "W"))


def test_a_thermite_mine_is_set_then_goes_off_at_global_updates():
    game, _log = scene(slavin=(5, 7, "W"), kyoshi=(9, 12, "N"))
    to_seat(game, "scientist")
    s = game.state
    mine = weapon_of(game, "slavin", "thermite_mine")
    game.apply("scientist", A.UseEquipment("slavin", mine, (5, 7), "W"))
    assert s.items[mine].armed and s.items[mine].square == game.plan.sq(5, 7)
    game.apply("scientist", A.EndTurn())
    game.apply(JUDGE, A.JudgeMove("kyoshi", 5, 7, "E"))  # a pirate wanders onto it
    game.apply(JUDGE, A.JudgeMove("slavin", 9, 7, "W"))  # and Slavin is well away
    to_seat(game, "scientist")
    game.apply("scientist", A.UseEquipment("slavin", mine, (5, 7), "W"))  # from afar
    assert s.characters["kyoshi"].status == "active"  # nothing until Global Updates
    force_dice(game, 6)  # thermite on Kyoshi's spacesuit (light row), die 6: killed
    to_seat(game, "pirates")
    assert s.characters["kyoshi"].status == "dead"
    assert s.items[mine].disabled == "spent" and s.items[mine].square is None
    assert [n.about["character"] for n in notices(game, "pirates", "telegram")] == ["kyoshi"]


# ---- casualty transport -----------------------------------------------------------------------

def test_a_lone_carrier_walks_the_casualty_along_and_fires_at_minus_two():
    game, _log = scene(kyoshi=(5, 7, "E"), lichter=(5, 7, "E"), osorio=(11, 7, "W"))
    game.apply(JUDGE, A.JudgeSetStatus("lichter", "down"))
    game.apply("pirates", A.PickUpDropCasualty("kyoshi", "lichter", False, "E"))
    s = game.state
    assert s.characters["kyoshi"].carrying == "lichter"
    _next_turn(game, "pirates")
    with pytest.raises(IllegalAction, match="only walks"):
        game.apply("pirates", A.Move("kyoshi", "jog", ((6, 7), (7, 7)), "E"))
    # the bar agrees: Jog and Run are closed with the same reason, Walk is open
    bar = {o.key: o for o in available_actions(view_for(game, "pirates"), "kyoshi")}
    assert bar["walk"].ok
    assert not bar["jog"].ok and "only walks" in bar["jog"].why
    assert not bar["run"].ok and "only walks" in bar["run"].why
    with pytest.raises(IllegalAction, match="casualty"):
        game.apply("pirates", A.MoveThenAttack("kyoshi", "walk", ((6, 7),),
                                               weapon_of(game, "kyoshi"), "normal",
                                               (token(game, "osorio"),), "E"))
    game.apply("pirates", A.Move("kyoshi", "walk", ((6, 7),), "E"))
    assert s.characters["lichter"].square == s.characters["kyoshi"].square
    _next_turn(game, "pirates")
    force_dice(game, 4, 4, 6)  # 8 - 2 (carrying) = 6: hits the short 6
    game.apply("pirates", A.Attack("kyoshi", weapon_of(game, "kyoshi"), "normal",
                                   (token(game, "osorio"),), "E"))
    shot = notices(game, "pirates", "attack")[-1].about["shots"][0]
    assert shot["needed"] == 8 and shot["hit"]


def test_two_carriers_may_jog_and_a_third_cannot_join():
    game, _log = scene(kyoshi=(5, 7, "E"), mendez=(5, 7, "E"), robertson=(5, 7, "E"),
                       lichter=(5, 7, "E"))
    game.apply(JUDGE, A.JudgeSetStatus("lichter", "ko"))
    game.apply("pirates", A.PickUpDropCasualty("kyoshi", "lichter", False, "E"))
    game.apply("pirates", A.PickUpDropCasualty("mendez", "lichter", False, "E"))
    with pytest.raises(IllegalAction, match="two carriers"):
        game.apply("pirates", A.PickUpDropCasualty("robertson", "lichter", False, "E"))
    _next_turn(game, "pirates")
    game.apply("pirates", A.Move("kyoshi", "jog", ((6, 7), (7, 7)), "E"))
    s = game.state
    assert game.plan.xy(s.characters["lichter"].square) == (7, 7)
    assert s.characters["lichter"].carried_by == ["kyoshi"]  # Mendez, left behind, let go
    assert s.characters["mendez"].carrying is None


def test_an_enemy_casualty_carried_off_reaches_its_owner_at_its_update():
    game, _log = scene(kyoshi=(5, 7, "E"), osorio=(5, 7, "E"))
    game.apply(JUDGE, A.JudgeSetStatus("osorio", "ko"))
    look(game, "pirates")
    game.apply("pirates", A.PickUpDropCasualty("kyoshi", token(game, "osorio"), False, "E"))
    _next_turn(game, "pirates")
    before = view_for(game, "phoneco")
    game.apply("pirates", A.Move("kyoshi", "walk", ((6, 7),), "E"))
    assert game.plan.xy(game.state.characters["osorio"].square) == (6, 7)
    assert view_for(game, "phoneco") == before
