"""Outside the hull (rulebook: Movement & Combat in Space, Microgravity): the exterior grid,
drift, the turning ring and sight over the hull (game/artifact/space.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.artifact import actions as A
from game.artifact import ring, space
from game.artifact.errors import DataError, IllegalAction
from game.artifact.example import example_game
from game.artifact.movement import check_path, reachable
from game.artifact.sight import field_of_view
from game.artifact.views import view_for

from .arrange import stop_ring
from .space_scenes import judge_put, kyoshi_aims_at, pirates_in_turn


def test_the_outer_hulls_reconbot_can_move_on_the_turning_ring():
    game, _log = example_game(9)
    bot = game.state.characters["recon_bot_mccray"]
    assert bot.eva == "ring"
    room = reachable(view_for(game, "scientist"), bot.id, "run", game.plan)
    out = space.outside(game.plan)
    squares = {game.plan.sq(*xy) for xy in room}
    # along the ring's outside, onto its rim as it turns past the band, and off into space
    assert (9, 37) in room and out.rim <= squares
    assert all(game.plan.terrain[s] == "space" for s in squares)


def test_a_suited_pirate_leaves_by_the_main_airlock_and_floats_free():
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 7, 5, "N")  # in the main airlock, in his spacesuit
    game.apply("pirates", A.Move("kyoshi", "jog", ((7, 4),), "N"))
    kyoshi = game.state.characters["kyoshi"]
    assert game.plan.xy(kyoshi.square) == (7, 4)
    assert kyoshi.eva == "free"
    assert view_for(game, "pirates").own.characters["kyoshi"].eva == "free"


def test_without_thrusters_a_floater_drifts_in_a_straight_line():
    game = pirates_in_turn()
    judge_put(game, "colovisto", 7, 4, "N")  # no suit, no thruster pack
    judge_put(game, "kyoshi", 8, 4, "N")  # a spacesuit's thrusters
    view = view_for(game, "pirates")
    plan = game.plan
    assert check_path(view, "colovisto", "run", [(7, 3), (7, 2), (7, 1)], "N", plan).spent == 3
    with pytest.raises(IllegalAction, match="straight line"):
        check_path(view, "colovisto", "run", [(7, 3), (6, 3)], "N", plan)
    assert check_path(view, "kyoshi", "run", [(8, 3), (7, 2)], "N", plan).spent == 2
    room = reachable(view, "colovisto", "run", plan)
    # every square it may reach lies on one of the eight lines out of (7, 4), seen from
    # above (a hull face's square lies over the hull square under it)
    ground = [space.ground_xy(plan, plan.sq(*xy)) for xy in room]
    assert room and all(dx == 0 or dy == 0 or abs(dx) == abs(dy)
                        for dx, dy in ((x - 7, y - 4) for x, y in ground))
    assert (6, 2) not in room and (6, 2) in reachable(view, "kyoshi", "run", plan)


def test_only_magnetic_treads_hold_on_the_turning_rings_outside():
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 20, 15, "S")  # at the ring's rim
    view = view_for(game, "pirates")
    with pytest.raises(IllegalAction, match="cannot be entered"):
        check_path(view, "kyoshi", "walk", [(11, 36)], "S", game.plan)
    out = space.outside(game.plan)
    assert not {game.plan.sq(*xy) for xy in reachable(view, "kyoshi", "run", game.plan)} \
        & out.ring_outside


def test_floating_through_the_spokes_strikes_about_half_the_time():
    struck = passed = 0
    for seed in range(24):
        game, _log = example_game(seed)
        judge_put(game, "kyoshi", 23, 2, "W")
        events = game.apply("pirates", A.Move("kyoshi", "walk", ((22, 2),), "W"))
        reasons = [e.data["reason"] for e in events if e.kind == "interdiction"]
        hits = [e for e in events if e.kind == "ring_collision"]
        if hits:
            struck += 1
            assert reasons == ["struck by the turning ring"]
            assert hits[0].data["roll"] <= space.space_data().collide_on
        else:
            passed += 1
            assert reasons == []
    assert struck and passed


def test_a_stopped_ring_strikes_nobody():
    game = pirates_in_turn()
    stop_ring(game)
    judge_put(game, "kyoshi", 23, 2, "W")
    rng = random.Random(0)
    assert ring.sweep(game, "pirates", game.state.characters["kyoshi"],
                       game.plan.sq(22, 2), rng) is None


def test_sight_over_the_hull_through_glass_both_ways():
    game, _log = example_game(9)
    plan = game.plan
    seat, pod = plan.sq(14, 3), plan.sq(2, 6)
    assert pod in field_of_view(plan, seat, "W")  # the cutter's windshield into the bubble
    assert seat in field_of_view(plan, pod, "E")  # and back out of the bubble's glass
    assert pod not in field_of_view(plan, seat, "E")  # not behind the pilot's back
    # the control seat looks out only through the windshield, not the turret's dome
    turret, stern = plan.sq(15, 1), plan.sq(30, 1)
    assert stern in field_of_view(plan, turret, "E")
    assert stern not in field_of_view(plan, plan.sq(14, 2), "E")
    # no windows in the Computer Room: nothing over the hull from inside it
    assert not space.outside_view(plan, plan.sq(10, 4), "N")


def test_the_ring_is_seen_whole_from_outside_and_sees_out():
    plan = example_game(9)[0].plan
    out = space.outside(plan)
    turret = plan.sq(15, 1)
    assert out.ring_outside <= field_of_view(plan, turret, "E")
    assert not out.ring_outside & field_of_view(plan, turret, "W")
    # from the ring's outside: the turret (it looks towards the ring), not the pod's seat
    # behind the bubble glass facing away from the ring
    ring_square = plan.sq(11, 41)
    assert turret in field_of_view(plan, ring_square, "N")
    # inside the ring nothing sees out: Preuitt at his terminal never sees the reconbot
    assert ring_square not in field_of_view(plan, plan.sq(12, 42), "W")


def test_space_data_errors_name_the_file_and_reason(tmp_path: Path):
    good = space.data_path("space.toml").read_text()
    bad = tmp_path / "space.toml"
    bad.write_text(good.replace("collide_on = 3", "collide_on = 9"))
    with pytest.raises(DataError, match="collide_on"):
        space.load_space(bad)
    bad.write_text(good.replace("[eva]", "[eve]"))
    with pytest.raises(DataError, match=r"\[ring\] and \[eva\]"):
        space.load_space(bad)
    from game.artifact.combat_charts import default_charts
    from game.artifact.deckplan import feynman
    from game.artifact.sheets import default_sheets
    bad.write_text(good.replace("[[20, 0], [22, 0]]", "[[20, 5], [22, 5]]"))
    with pytest.raises(DataError, match=r"\[21, 5\] is not a space square"):
        space.check_space(space.load_space(bad), feynman(), default_sheets(),
                          default_charts().weapons, bad)
    bad.write_text(good.replace('"recon_bot_bell"', '"robbie"'))
    with pytest.raises(DataError, match="robbie"):
        space.check_space(space.load_space(bad), feynman(), default_sheets(),
                          default_charts().weapons, bad)


def test_firing_at_the_ring_from_the_turret_is_at_minus_two_over_the_range_to_the_band():
    from game.artifact import combat

    game = pirates_in_turn()
    judge_put(game, "eastwood", 15, 2, "E")
    judge_put(game, "kyoshi", 15, 1, "E")  # rifle in hand, in the turret's dome
    odds, token, rifle, arm = kyoshi_aims_at(game, "Recon Bot (McCray)")
    kyoshi = game.state.characters["kyoshi"]
    assert [m.id for m in odds.modifiers] == ["elusive_target"]
    assert odds.total_modifier == -2
    assert odds.distance == 5  # from (15, 1) to the ring's rim at (20, 0)
    assert game.is_legal("pirates", A.Attack("kyoshi", rifle, "normal", (token,), "E"))
    with pytest.raises(IllegalAction, match="behind"):
        combat.plan_attack(game, "pirates", kyoshi, arm, "normal", (token,), facing="W")


def test_views_over_the_hull_are_kept_within_bounds_and_stay_right():
    from game.artifact.deckplan import deckplan_from_text, feynman

    plan = feynman()
    out = space.outside(plan)
    first = space.outside_view(plan, out.looking[0], "E")
    for square in out.looking[: space.VIEWS_KEPT + 40]:
        space.outside_view(plan, square, "N")
    assert len(plan.memo["outside_views"]) <= space.VIEWS_KEPT
    assert space.outside_view(plan, out.looking[0], "E") == first
    # a plan with no windows and no space: nothing is seen over any hull
    tiny = deckplan_from_text("+-+-+\n|. .|\n+-+-+")
    assert space.outside_view(tiny, 0, "E") == frozenset()


def test_a_stopped_ring_turns_nothing_into_view_and_flings_nobody_off():
    game = pirates_in_turn()
    stop_ring(game)
    plan = game.plan
    out = space.outside(plan)
    turret, ring_square = plan.sq(15, 1), plan.sq(11, 41)
    # the turning ring brought every point of its outside past the band: stopped, it does not
    assert not out.ring_outside & field_of_view(plan, turret, "E")
    assert turret not in field_of_view(plan, ring_square, "N")
    assert space.outside_shot(plan, turret, "E", ring_square, False) == (False, ring_square,
                                                                         False)
    # nothing flings a floater off it now: Kyoshi steps from the rim onto its outside
    judge_put(game, "kyoshi", 20, 15, "S")
    view = view_for(game, "pirates")
    assert check_path(view, "kyoshi", "walk", [(11, 36)], "S", plan).spent == 1
    assert space.fling(plan, plan.sq(11, 36)) == plan.sq(11, 36)
    # and without thrusters a floater drifts there as anywhere in space (turning, the
    # ring's outside is a surface to hold to)
    assert space.drifting(plan, plan.sq(11, 36), False)
    assert not space.drifting(game.drawn_plan, plan.sq(11, 36), False)


def test_the_turning_ring_flings_a_character_blown_out_of_it_to_the_main_map():
    from game.artifact import hazards

    game = pirates_in_turn()
    plan = game.plan
    out = space.outside(plan)
    # a ring room's square with the ring's outside beyond its hull
    inside, beyond = next((s, s - 1) for s in range(1, len(plan.terrain))
                          if plan.segment_of[s] >= 0 and plan.gravity[plan.segment_of[s]]
                          and s - 1 in out.ring_outside)
    judge_put(game, "kyoshi", *plan.xy(inside), "N")
    judge_put(game, "recon_bot_mccray", *plan.xy(inside), "N")
    hazards.decompress(game, inside, beyond)
    kyoshi, bot = game.state.characters["kyoshi"], game.state.characters["recon_bot_mccray"]
    # the reconbot's treads hold it to the ring's outside; Kyoshi floats by the rim
    assert bot.square in out.ring_outside and bot.eva == "ring"
    assert kyoshi.square not in out.ring_outside and kyoshi.eva == "free"
    assert plan.terrain[kyoshi.square] == "space" and kyoshi.square not in out.band
    assert any(kyoshi.square in {n for n, _d, _h in plan.neighbours(r)} for r in out.rim)
