"""Standing on the main hull's top (dorsal) and bottom (ventral) faces (rulebook: EVA
Positioning, EVA Movement, Rotating Ring, EVA Combat; docs/artifact-space.md, "The hull's
faces"). Each face is drawn as squares of its own, so a figure on the dorsal face over a room
and one in the room are never in the same square."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artifact import actions as A
from game.artifact import cannon, combat, hazards, preview, space
from game.artifact.codec import canonical_json
from game.artifact.combat_charts import default_charts
from game.artifact.deckplan import feynman
from game.artifact.engine import ArtifactGame
from game.artifact.errors import DataError, IllegalAction
from game.artifact.movement import check_path, reachable
from game.artifact.sheets import default_sheets
from game.artifact.sight import field_of_view
from game.artifact.views import view_for

from .arrange import give_item
from .dice_tools import force_dice
from .secrecy_tools import canonical_view, start_game, to_seat
from .space_scenes import judge_put, kyoshi_aims_at, pirates_in_turn

DORSAL, VENTRAL = 44, 56  # rows from a hull square down to its face squares (space.toml)




def _sq(plan, x, y):
    return plan.sq(x, y)


def test_every_hull_square_has_a_top_and_a_bottom_square_of_its_own():
    plan = feynman()
    out = space.outside(plan)
    data = space.space_data()
    hull = [s for s in range(plan.width * plan.height)
            if plan.segment_name(s) in data.hull_segments]
    assert len(hull) == len(out.over) == 181
    for h in hull:
        x, y = plan.xy(h)
        dorsal, ventral = _sq(plan, x, y + DORSAL), _sq(plan, x, y + VENTRAL)
        assert out.over[h] == (dorsal, ventral)
        assert space.eva_state(plan, dorsal) == "dorsal"
        assert space.eva_state(plan, ventral) == "ventral"
        assert space.ground_xy(plan, dorsal) == space.ground_xy(plan, ventral) == (x, y)
        assert plan.space_of[dorsal] == plan.segment_of[dorsal] == -1  # no room, no air
    # the ships are no part of the Feynman's hull: the pod, the cutter, the lorry
    for name in ("Command Pod", "Cutter Cabin", "Lorry Cabin", "Astrophysics Lab"):
        inside = plan.region(name)
        assert inside and not inside & set(out.over)
    # a face is joined to nothing but itself on the drawing
    for f, face in out.face_of.items():
        assert all(out.face_of.get(n) == face for n, _d, _h in plan.neighbours(f))


def test_a_floater_steps_onto_the_top_of_the_hull_along_it_and_off_again():
    game = pirates_in_turn()
    plan = game.plan
    judge_put(game, "kyoshi", 7, 4, "S")  # suited (thrusters), in space north of the Main Airlock
    view = view_for(game, "pirates")
    floating_ma = view.own.characters["kyoshi"].ma
    # onto the dorsal face over the airlock (7, 5), along it, and off its edge at (8, 4)
    route = [(7, 5 + DORSAL), (8, 5 + DORSAL), (8, 4)]
    assert check_path(view, "kyoshi", "run", route, "N", plan).spent == 3
    assert (7, 5 + VENTRAL) in reachable(view, "kyoshi", "walk", plan)  # or underneath
    game.apply("pirates", A.Move("kyoshi", "jog", ((7, 5 + DORSAL), (8, 5 + DORSAL)), "E"))
    kyoshi = game.state.characters["kyoshi"]
    assert plan.xy(kyoshi.square) == (8, 5 + DORSAL) and kyoshi.eva == "dorsal"
    mine = view_for(game, "pirates").own.characters["kyoshi"]
    assert mine.eva == "dorsal" and mine.ma == floating_ma  # the zero-g rate, as in space
    # from inside the airlock there is no step onto the hull: only from outside it
    judge_put(game, "lichter", 7, 5, "N")
    with pytest.raises(IllegalAction, match="cannot be entered"):
        check_path(view_for(game, "pirates"), "lichter", "walk", [(7, 5 + DORSAL)], "N", plan)
    # nor from a space square that is not beside the hull square under the face
    judge_put(game, "mendez", 7, 2, "S")
    with pytest.raises(IllegalAction, match="cannot be entered"):
        check_path(view_for(game, "pirates"), "mendez", "walk", [(7, 5 + DORSAL)], "N", plan)


def test_without_thrusters_a_figure_drifts_straight_across_the_hull():
    game = pirates_in_turn()
    plan = game.plan
    judge_put(game, "colovisto", 7, 3, "S")  # no suit, no thruster pack
    view = view_for(game, "pirates")
    # south onto the face over (7, 5) and on south over (7, 6): one straight line
    assert check_path(view, "colovisto", "run", [(7, 4), (7, 5 + DORSAL), (7, 6 + DORSAL)], "S",
                      plan).spent == 3
    with pytest.raises(IllegalAction, match="straight line"):
        check_path(view, "colovisto", "run", [(7, 4), (7, 5 + DORSAL), (8, 5 + DORSAL)], "S", plan)
    # stepping on from the side keeps the line too
    with pytest.raises(IllegalAction, match="straight line"):
        check_path(view, "colovisto", "run", [(8, 4), (8, 5 + DORSAL)], "S", plan)


def test_magnetic_treads_walk_the_hull_and_turn_freely():
    game = pirates_in_turn()
    plan = game.plan
    judge_put(game, "recon_bot_mccray", 12, 6 + DORSAL, "N")  # on top of the hull, over (12, 6)
    to_seat(game, "scientist")  # (its seat hears of the Judge's move at its turn)
    bot = game.state.characters["recon_bot_mccray"]
    assert bot.eva == "dorsal"
    view = view_for(game, "scientist")
    assert view.own.characters["recon_bot_mccray"].free_turns
    path = [(12, 7 + DORSAL), (11, 7 + DORSAL), (11, 6 + DORSAL), (12, 5 + DORSAL)]
    assert check_path(view, "recon_bot_mccray", "jog", path, "W", plan).spent == 4


def test_top_and_room_below_are_apart_in_squares_sight_and_stacking():
    game = pirates_in_turn()
    plan = game.plan
    room, top, bottom = _sq(plan, 12, 6), _sq(plan, 12, 6 + DORSAL), _sq(plan, 12, 6 + VENTRAL)
    judge_put(game, "kyoshi", 12, 6 + DORSAL, "S")
    assert game.state.characters["mccray"].square == room
    assert game.stack_count(top) == 1 and game.stack_count(room) == 2
    for facing in "NESW":
        assert top not in field_of_view(plan, room, facing)
        assert room not in field_of_view(plan, top, facing)
        assert bottom not in field_of_view(plan, top, facing)  # the hull lies between
        assert top not in field_of_view(plan, bottom, facing)
    # along one face, over the hull's notches (nothing there to block a look)
    assert _sq(plan, 9, 10 + DORSAL) in field_of_view(plan, _sq(plan, 6, 10 + DORSAL), "E")
    # close combat reaches only the striker's own square: not the room below
    kyoshi = game.state.characters["kyoshi"]
    assert plan.xy(kyoshi.square) != plan.xy(room)


def test_the_hull_faces_and_space_see_each_other_over_the_edge():
    plan = feynman()
    floater, top, bottom = _sq(plan, 12, 1), _sq(plan, 12, 6 + DORSAL), _sq(plan, 12, 6 + VENTRAL)
    assert top in field_of_view(plan, floater, "S") and bottom in field_of_view(plan, floater, "S")
    assert top not in field_of_view(plan, floater, "N")  # behind it
    assert floater in field_of_view(plan, top, "N")
    assert floater not in field_of_view(plan, top, "S")  # judged from the square below
    # through a window too: the cutter's windshield looks west over the hull's top
    seat = _sq(plan, 14, 3)
    assert _sq(plan, 10, 7 + DORSAL) in field_of_view(plan, seat, "W")
    assert seat in field_of_view(plan, _sq(plan, 10, 7 + DORSAL), "E")
    # a room without windows never sees a face
    assert not {f for f in space.outside(plan).face_of} & field_of_view(plan, _sq(plan, 10, 4), "N")
    # the turning ring brings its outside over both faces; a face sees it past the band
    ring_square = _sq(plan, 11, 41)
    assert top in field_of_view(plan, ring_square, "N")
    assert ring_square in field_of_view(plan, _sq(plan, 21, 6 + DORSAL), "N")


def test_shooting_from_the_hull_into_space_counts_the_squares_seen_from_above():
    game = pirates_in_turn()
    judge_put(game, "slavin", 12, 1, "N")  # the scientist's man floats north of the Lab Corridor
    judge_put(game, "kyoshi", 12, 6 + DORSAL, "N")  # rifle in hand, on the hull's top over (12, 6)
    odds, token, rifle, arm = kyoshi_aims_at(game, "Slavin")
    kyoshi = game.state.characters["kyoshi"]
    assert odds.distance == 5  # (12, 6) to (12, 1), not down the drawing to its face square
    assert "unaware" in [m.id for m in odds.modifiers]  # Slavin faces away
    assert game.is_legal("pirates", A.Attack("kyoshi", rifle, "normal", (token,), "N"))
    with pytest.raises(IllegalAction, match="behind"):
        combat.plan_attack(game, "pirates", kyoshi, arm, "normal", (token,), facing="S")


def test_crossing_the_hub_on_the_hull_crosses_the_turning_spokes():
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 19, 7 + DORSAL, "E")  # over the Lab Corridor, beside the hub
    force_dice(game, 3, 1, 1, 1, 1, 1, 1)
    hub = ((20, 7 + DORSAL), (21, 7 + DORSAL))  # over the Lift Hub, where the spokes leave it
    events = game.apply("pirates", A.Move("kyoshi", "jog", hub, "E"))
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (20, 7 + DORSAL)
    assert [e.data["reason"] for e in events if e.kind == "interdiction"] == [
        "struck by the turning ring"]
    assert [e.data["roll"] for e in events if e.kind == "ring_collision"] == [3]

    game = pirates_in_turn()
    judge_put(game, "kyoshi", 19, 7 + DORSAL, "E")
    force_dice(game, 4, 5)
    events = game.apply("pirates", A.Move("kyoshi", "jog", hub, "E"))
    assert not [e for e in events if e.kind in ("interdiction", "ring_collision")]
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (21, 7 + DORSAL)

    game = pirates_in_turn()  # the reconbot's treads ride the ring: no roll at all
    judge_put(game, "recon_bot_mccray", 19, 7 + VENTRAL, "E")
    to_seat(game, "scientist")
    force_dice(game)
    game.apply("scientist", A.Move("recon_bot_mccray", "walk", ((20, 7 + VENTRAL),), "E"))
    assert game.plan.xy(game.state.characters["recon_bot_mccray"].square) == (20, 7 + VENTRAL)


def test_on_one_face_figures_bump_and_strike_as_anywhere_but_never_through_the_hull():
    game = pirates_in_turn()
    # the scientist's man on top of engineering, where the cutter's windshield does not look
    judge_put(game, "slavin", 25, 7 + DORSAL, "N")
    judge_put(game, "kyoshi", 23, 7 + DORSAL, "W")  # facing away from him
    assert not [c for c in view_for(game, "pirates").map.counters.values()
                if c.counter == "Slavin"]
    events = game.apply("pirates", A.Move("kyoshi", "jog", ((24, 7 + DORSAL), (25, 7 + DORSAL)),
                                          "E"))
    assert [e.data["reason"] for e in events if e.kind == "interdiction"] == [
        "bumped into someone unseen"]
    assert game.plan.xy(game.state.characters["kyoshi"].square) == (25, 7 + DORSAL)
    token = game.state.characters["slavin"].token
    assert token in view_for(game, "pirates").map.counters  # now he is in Kyoshi's square
    # close combat reaches him on the same face, not McCray in the room below it
    game = pirates_in_turn()
    judge_put(game, "slavin", 12, 6 + DORSAL, "N")
    judge_put(game, "kyoshi", 12, 6 + DORSAL, "N")
    judge_put(game, "colovisto", 11, 6, "E")  # in the Computer Room, looking at McCray
    game.apply("pirates", A.Move("orlov", "walk", (), "N"))  # the pirates' map updates
    on_top = game.state.characters["slavin"].token
    below = game.state.characters["mccray"].token
    assert {on_top, below} <= set(view_for(game, "pirates").map.counters)
    assert game.is_legal("pirates", A.Attack("kyoshi", "unarmed", "normal", (on_top,), "N"))
    assert not game.is_legal("pirates", A.Attack("kyoshi", "unarmed", "normal", (below,), "N"))


def test_a_floor_item_left_on_the_hull_is_not_in_the_room_below():
    game = pirates_in_turn()
    plan = game.plan
    judge_put(game, "kyoshi", 12, 6 + DORSAL, "N")
    kyoshi = game.state.characters["kyoshi"]
    dropped = kyoshi.items[0]
    judge_put(game, "recon_bot_mccray", 11, 6, "N")  # off the ring's outside (it sees the faces)
    game.apply("pirates", A.PickUpDrop("kyoshi", (), (dropped,), "N"))
    assert game.state.items[dropped].square == _sq(plan, 12, 6 + DORSAL)
    to_seat(game, "scientist")
    assert not game.is_legal("scientist", A.PickUpDrop("mccray", (dropped,), (), "N"))
    assert not [c for c in view_for(game, "scientist").map.counters.values()
                if getattr(c, "square", None) == (12, 6 + DORSAL)]


def test_a_seat_below_cannot_tell_whether_someone_stands_over_it_or_under_it():
    """Twins: the same game but for Kyoshi on the top or the bottom face over McCray's room.
    The scientist's seat (McCray and Slavin in the room, the reconbot brought in beside
    them) cannot see either face: its documents are byte for byte equal, at its next turn
    (its map updated) and after its own look round."""
    games = []
    for row in (DORSAL, VENTRAL):
        game = pirates_in_turn()
        judge_put(game, "recon_bot_mccray", 11, 6, "N")
        judge_put(game, "kyoshi", 12, 6 + row, "N")
        game.apply("pirates", A.Move("kyoshi", "walk", ((11, 6 + row),), "W"))
        to_seat(game, "scientist")
        game.apply("scientist", A.Move("mccray", "walk", (), "S"))
        games.append(game)
    a, b = games
    assert a.state.characters["kyoshi"].square != b.state.characters["kyoshi"].square
    assert canonical_view(a, "scientist") == canonical_view(b, "scientist")
    assert canonical_view(a, "pirates") != canonical_view(b, "pirates")


def test_a_floater_learns_of_a_figure_on_the_hull_when_it_turns_to_look():
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 12, 6 + DORSAL, "N")
    judge_put(game, "slavin", 12, 1, "N")  # facing away from the hull
    judge_put(game, "recon_bot_mccray", 11, 6, "N")  # off the ring's outside (it sees the faces)

    def seen_by_scientist():
        return [c.counter for c in view_for(game, "scientist").map.counters.values()
                if c.counter == "Kyoshi"]

    game.apply("pirates", A.Move("kyoshi", "walk", ((11, 6 + DORSAL),), "W"))
    assert seen_by_scientist() == []
    to_seat(game, "scientist")
    assert seen_by_scientist() == []
    game.apply("scientist", A.Move("slavin", "jog", (), "S"))  # turns to face the hull
    assert seen_by_scientist() == ["Kyoshi"]


def test_positions_on_the_hull_survive_a_save_and_replay_exactly():
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 7, 4, "S")
    game.apply("pirates", A.Move("kyoshi", "jog", ((7, 5 + VENTRAL), (8, 5 + VENTRAL)), "E"))
    again = ArtifactGame.from_dict(json.loads(game.to_json()))
    assert again.state.characters["kyoshi"].eva == "ventral"
    assert canonical_json(view_for(again, "pirates")) == canonical_json(
        view_for(game, "pirates"))


def test_hull_data_errors_name_the_file_and_reason(tmp_path: Path):
    good = space.data_path("space.toml").read_text()
    bad = tmp_path / "space.toml"

    def check(text):
        bad.write_text(text)
        space.check_space(space.load_space(bad), feynman(), default_sheets(),
                          default_charts().weapons, bad)

    with pytest.raises(DataError, match=r"\[hull\] dorsal: the face over \[9, 3\] should be"):
        check(good.replace("dorsal = [0, 44]", "dorsal = [0, 43]"))
    with pytest.raises(DataError, match="no segment 'Fore Deck'"):
        check(good.replace('"Fore Segment", "Main', '"Fore Deck", "Main'))
    with pytest.raises(DataError, match="not \\[0, 0\\]"):
        check(good.replace("ventral = [0, 56]", "ventral = [0, 0]"))
    with pytest.raises(DataError, match="ventral"):
        check(good.replace("ventral = [0, 56]", "ventral = [0, 44]"))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_planner_offers_exactly_the_hull_moves_the_engine_allows(data):
    """Random figures beside the hull or on it, with or without thrusters, any facing and
    mode: every square the planner offers (``preview.reachable``) is reached by the path it
    plans and the engine takes that move; every one-step move on or off the hull or along it
    that the engine takes is offered."""
    game = pirates_in_turn()
    plan = game.plan
    out = space.outside(plan)
    spots = sorted(set(out.boarding) | set(out.face_of))
    cid = data.draw(st.sampled_from(["kyoshi", "colovisto"]), label="who")
    start = data.draw(st.sampled_from(spots), label="start")
    facing = data.draw(st.sampled_from("NESW"), label="facing")
    mode = data.draw(st.sampled_from(["walk", "jog", "run"]), label="mode")
    judge_put(game, cid, *plan.xy(start), facing)
    view = view_for(game, "pirates")
    offered = preview.reachable(view, cid, mode, plan)
    hull_offers = sorted(xy for xy in offered if plan.sq(*xy) in out.face_of
                         or plan.sq(*xy) in out.boarding)
    for target in data.draw(st.lists(st.sampled_from(hull_offers), max_size=4, unique=True)
                            if hull_offers else st.just([]), label="targets"):
        found = preview.path_to(view, cid, mode, target, plan)
        assert found["stop"] is None or tuple(found["stop"]) == target, found
        assert game.is_legal("pirates", A.Move(cid, mode, tuple(map(tuple, found["path"])),
                                               facing))
    for step, _diagonal, _hatch in space.neighbours(plan, start, False):
        move = A.Move(cid, mode, (plan.xy(step),), facing)
        if game.is_legal("pirates", move):
            assert plan.xy(step) in offered, (plan.xy(start), plan.xy(step))


def test_every_floater_sees_exactly_the_hull_squares_in_its_field_seen_from_above():
    """The faces a floater sees, found by slicing the faces kept in row and column order,
    are exactly those whose hull square lies in its field (``faces_towards``)."""
    plan = feynman()
    out = space.outside(plan)
    floaters = [s for s in out.looking if plan.terrain[s] == "space"]
    assert len(floaters) > 300
    for origin in floaters[::7]:
        for facing in "NESW":
            seen = space.outside_view(plan, origin, facing) & set(out.face_of)
            assert seen == {f for f in out.face_of
                            if space.faces_towards(plan, origin, facing, f)}, (
                plan.xy(origin), facing)


def _koch_sees_mccray_at(y: int):
    """Koch floating two squares north of the hull facing it, McCray put on the hull's top over
    (12, ``y``) in the alien's turn; the alien's next turn, Koch sees him. (game, his token)"""
    game = start_game(5, 3, orders={"alien": A.Customize("koch")})
    to_seat(game, "alien")
    judge_put(game, "koch", 12, 1, "S")
    judge_put(game, "mccray", 12, y + DORSAL, "N")
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    token = game.state.characters["mccray"].token
    assert token in view_for(game, "alien").map.counters
    return game, token


def _disguises(game, token) -> list:
    return [a for a in game.legal_actions("alien")
            if isinstance(a, A.AlienPower) and a.power == "disguise" and a.target == token]


def test_an_alien_power_reaches_the_hull_as_seen_from_above():
    """Koch floating two squares north of the hull takes the look of McCray on the top over
    the hull's edge (two squares from above, within Disguise's reach of 8), not of McCray on
    the top over (12, 11) (ten from above): the legal actions and the engine agree. Before,
    reach counted down the drawing to the face's rows (46 squares), so nothing on a face was
    ever in reach of a floater."""
    game, token = _koch_sees_mccray_at(3)
    assert _disguises(game, token)
    game.apply("alien", A.AlienPower("koch", "disguise", target=token, facing="S"))
    assert game.state.characters["koch"].counter == "McCray"
    game, token = _koch_sees_mccray_at(11)
    assert not _disguises(game, token)
    with pytest.raises(IllegalAction, match="beyond Disguise's reach"):
        game.apply("alien", A.AlienPower("koch", "disguise", target=token, facing="S"))


def _kyoshi_holds(game, item_type: str):
    """Kyoshi and the ``item_type`` given to him."""
    item = give_item(game, "kyoshi", item_type)
    return game.state.characters["kyoshi"], item


def test_covering_fire_from_the_hull_covers_space_seen_over_its_edge():
    """Kyoshi on the top over (12, 6) covers the floaters' square (12, 1) five squares north,
    as he would shoot there; facing south it is behind him. Before, the cover's line ran down
    the drawing from the face's rows and met the hull: "no line of fire"."""
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 12, 6 + DORSAL, "N")
    kyoshi = game.state.characters["kyoshi"]
    rifle = next(i for i in kyoshi.items if game.state.items[i].type == "rifle")
    arm = combat.arm_for(game, kyoshi, rifle)
    floaters = game.plan.sq(12, 1)
    assert combat.cover_problem(game, kyoshi, arm, floaters, "N") == ""
    assert "out of the field of fire" in combat.cover_problem(game, kyoshi, arm, floaters, "S")
    cover = A.TargetOpportunityFire("kyoshi", rifle, (12, 1), "anyone", "N")
    assert cover in game.legal_actions("pirates")
    game.apply("pirates", cover)
    assert [m.square for m in game.state.opportunity if m.character == "kyoshi"] == [floaters]


def test_a_grenade_from_space_lands_on_the_hull_at_the_range_seen_from_above():
    """A launcher fired from two squares north of the hull at the top over the hull's edge:
    range 2 (from above); before, the line ran down the drawing into the hull and the shot
    was refused."""
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 12, 1, "S")
    kyoshi, launcher = _kyoshi_holds(game, "grenade_launcher")
    arm = combat.arm_for(game, kyoshi, launcher)
    (shot,) = combat.plan_attack(game, "pirates", kyoshi, arm, "normal", ((12, 3 + DORSAL),),
                                 facing="S")
    assert shot.square == game.plan.sq(12, 3 + DORSAL)
    assert shot.odds.distance == 2
    with pytest.raises(IllegalAction, match="behind"):
        combat.plan_attack(game, "pirates", kyoshi, arm, "normal", ((12, 3 + DORSAL),),
                           facing="N")


def test_gas_thrown_from_the_hull_follows_the_line_of_fire_and_is_lost_outside():
    """Gas thrown from the top over (12, 3) at the floaters' square two squares north reaches
    it as a shot would, and is lost in space; behind the thrower it is out of reach. Before,
    the throw ran down the drawing into the hull: "no clear throw"."""
    game = pirates_in_turn()
    judge_put(game, "kyoshi", 12, 3 + DORSAL, "N")
    kyoshi, grenade = _kyoshi_holds(game, "gas_grenade")
    lost = "gas thrown out into space is lost"
    assert hazards.gas_problem(game, kyoshi, grenade, (12, 1)) == lost
    judge_put(game, "kyoshi", 12, 3 + DORSAL, "S")
    assert "out of reach" in hazards.gas_problem(game, kyoshi, grenade, (12, 1))


def test_the_cannons_drill_burns_through_the_hulls_side_not_its_top():
    """Eastwood's drill at (23, 5) breaches the Engineering hull's west side and hits Slavin
    inside; Kyoshi on the top over that square is not in it and is unharmed. The top's square
    itself is no aim for the drill, refused in words (before: "no hull you can see")."""
    game = pirates_in_turn()
    judge_put(game, "eastwood", 15, 1, "E")  # in the cutter's turret
    judge_put(game, "slavin", 23, 5, "N")
    judge_put(game, "kyoshi", 23, 5 + DORSAL, "N")
    eastwood = game.state.characters["eastwood"]
    kyoshi = game.state.characters["kyoshi"]
    before = (kyoshi.status, kyoshi.wound)
    why = cannon.target_problem(game, eastwood, "plasma_drill", (23, 5 + DORSAL), "E")
    assert why is not None and "on top of the hull" in why
    drills = {a.target for a in game.legal_actions("pirates")
              if isinstance(a, A.FireCannon) and a.mode == "plasma_drill"}
    assert (23, 5) in drills and not {t for t in drills if space.face_of(game.plan,
                                                                          game.plan.sq(*t))}
    events = game.apply("pirates", A.FireCannon("eastwood", "plasma_drill", (23, 5), "E"))
    told = next(e.data for e in events if e.kind == "cannon")
    assert len(told["results"]) == 1  # Slavin alone
    assert (kyoshi.status, kyoshi.wound) == before
