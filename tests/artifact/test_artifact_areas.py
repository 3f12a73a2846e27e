"""Special Map Areas, the Hacker's and Mechanic's work on the Feynman's systems, and the
equipment for them (access code key, welding torch, Geiger counter), with forced dice: each
test is a statement of the rulebook (Skill Use, Computer Operations, Special Map Areas)."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import areas, combat, ships
from game.artifact.available import available_actions
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from tests.artifact.arrange import (
    give_item,
    hand_robot,
    power_down,
    set_item,
)
from tests.artifact.dice_tools import force_dice
from tests.artifact.secrecy_tools import to_seat
from tests.artifact.test_artifact_available import _concrete, _option_of

STATEROOM_15_TERMINAL = (12, 42)   # minor: Preuitt's
COMPUTER_ROOM_TERMINAL = (12, 6)   # major: McCray's
LIFT1_HULL, LIFT1_RING = (21, 5), (17, 26)
MEDLAB = (5, 10)
MACHINE_SHOP = (18, 10)
TELESCOPE = (41, 5)


@pytest.fixture
def game():
    game, _log = example_game(11)
    return game


def _again(game, seat):
    """The seat's next turn (a new round of actions), whoever is in turn now."""
    game.apply(game.turn_seat, A.EndTurn())
    to_seat(game, seat)


def _place(game, cid, xy, facing="N"):
    game.apply(JUDGE, A.JudgeMove(cid, xy[0], xy[1], facing))


def _last(game, seat, kind):
    return [n for n in game.state.notices[seat] if n.kind == kind][-1].about


def _item(game, cid, kind):
    return next(i for i in game.state.characters[cid].items
                if game.state.items[i].type == kind)


def _listed(game, seat, cls):
    return [a for a in game.legal_actions(seat) if isinstance(a, cls)]


# ---- lift shafts -----------------------------------------------------------------------------
@pytest.mark.parametrize("roll, moved", [(6, True), (5, False)])
def test_a_hacker_at_any_terminal_moves_a_lift_car(game, roll, moved):
    """Hacker: a check from anywhere in the ship moves the car (6 or more at a minor
    terminal); the attempt goes into the controller's report like any hack."""
    _again(game, "phoneco")
    _place(game, "slavin", LIFT1_HULL)  # a rider of another seat
    start = game.state.lifts["1"]
    before = view_for(game, "scientist")
    force_dice(game, roll)
    game.apply("phoneco", A.HackLiftCar("preuitt", "1", "N"))
    told = _last(game, "phoneco", "hack_lift")
    assert (told["roll"], told["success"]) == (roll, moved)
    assert (game.state.lifts["1"] != start) is moved
    slavin = game.state.characters["slavin"]
    assert game.plan.xy(slavin.square) == (LIFT1_RING if moved else LIFT1_HULL)
    # The rider's seat hears only at its Situation Update: its view has not changed.
    riders = [n for n in game.state.pending["scientist"] if n.kind == "lift_moved"]
    assert len(riders) == (1 if moved else 0)
    assert view_for(game, "scientist") == before
    assert game.state.systems.hack_attempts[-1].about["space"] == "Stateroom 15"


def test_hacking_a_lift_needs_a_hacker_at_a_terminal(game):
    _again(game, "phoneco")
    with pytest.raises(IllegalAction, match="no hacker"):
        game.apply("phoneco", A.HackLiftCar("osorio", "1", "N"))
    _place(game, "preuitt", (13, 41))
    with pytest.raises(IllegalAction, match="terminal"):
        game.apply("phoneco", A.HackLiftCar("preuitt", "1", "N"))


def test_with_the_power_down_the_cars_stop_and_the_ladder_climbs(game):
    """Lift Shafts: if the power goes down the lifts stop; an emergency ladder is used
    via kickout panels in the car."""
    _again(game, "phoneco")
    power_down(game)
    _place(game, "osorio", LIFT1_HULL)
    with pytest.raises(IllegalAction, match="power is down"):
        game.apply("phoneco", A.MoveLiftCar("osorio", "1", "N"))
    assert not _listed(game, "phoneco", A.MoveLiftCar)
    assert A.ClimbLadder("osorio", "1", "N") in _listed(game, "phoneco", A.ClimbLadder)
    game.apply("phoneco", A.ClimbLadder("osorio", "1", "N"))
    assert game.plan.xy(game.state.characters["osorio"].square) == LIFT1_RING
    assert game.state.lifts["1"] == 0  # the car stays where it was
    assert _last(game, "phoneco", "ladder")["end"] == "ring"


def test_the_ladder_is_only_for_a_power_cut(game):
    _again(game, "phoneco")
    _place(game, "osorio", LIFT1_HULL)
    with pytest.raises(IllegalAction, match="power is down"):
        game.apply("phoneco", A.ClimbLadder("osorio", "1", "N"))


# ---- Command Robot ---------------------------------------------------------------------------
def _snoop_biolab_then_next_turn(game):
    _again(game, "scientist")
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Lab Segment", "", "S"))
    _again(game, "scientist")  # round 2
    book = game.state.maps[game.state.map_of["scientist"]]
    return {c.counter: t for t, c in {**book.counters, **book.last_known}.items()}


def test_command_robot_wakes_an_inactive_robot_that_acts_at_once(game):
    """Security Actions: remote control an inactive robot (the Example's Docbot, woken and
    jogged into the hall in the same turn)."""
    tokens = _snoop_biolab_then_next_turn(game)
    docbot = tokens["Doc Bot"]
    assert A.CommandRobot("mccray", docbot, "S") in _listed(game, "scientist", A.CommandRobot)
    game.apply("scientist", A.CommandRobot("mccray", docbot, "S"))
    robot = game.state.characters["doc_bot"]
    assert (robot.seat, robot.status, robot.controlled_by) == ("scientist", "active", "mccray")
    told = _last(game, "scientist", "command_robot")
    assert (told["success"], told["robot"], told["name"]) == (True, "doc_bot", "Doc Bot")
    view = view_for(game, "scientist")
    assert "doc_bot" in view.own.characters and docbot not in view.map.counters
    game.apply("scientist", A.Move("doc_bot", "walk", ((14, 11),), "N"))
    assert game.plan.xy(robot.square) == (14, 11)


def test_commanding_another_seats_robot_fails_but_spends_the_action(game):
    """If the robot is already a character for someone else, this fails, but still uses
    up the security action."""
    tokens = _snoop_biolab_then_next_turn(game)
    hand_robot(game, "tech_bot", "alien")
    game.apply("scientist", A.CommandRobot("mccray", tokens["Tech Bot"], "S"))
    assert game.state.characters["tech_bot"].seat == "alien"
    assert _last(game, "scientist", "command_robot")["success"] is False
    assert "mccray" in game.state.turn.acted
    with pytest.raises(IllegalAction, match="already acted"):
        game.apply("scientist", A.CommandRobot("mccray", tokens["Doc Bot"], "S"))


def test_command_robot_needs_computer_control_and_an_inactive_robot_counter(game):
    tokens = _snoop_biolab_then_next_turn(game)
    with pytest.raises(IllegalAction, match="Computer Control"):
        game.apply("scientist", A.CommandRobot("slavin", tokens["Doc Bot"], "S"))
    with pytest.raises(IllegalAction, match="no robot on your map"):
        game.apply("scientist", A.CommandRobot("mccray", "tnothing", "S"))


# ---- the loudspeakers ------------------------------------------------------------------------
def test_the_loudspeaker_is_heard_by_everyone_at_global_updates_only(game):
    """Anonymous actions (loudspeaker announcements) wait for Global Updates, so that the
    timing does not tell who spoke."""
    _again(game, "scientist")
    game.apply("scientist", A.Loudspeaker("mccray", "Remain calm.", "S"))
    for seat in ("pirates", "phoneco", "alien"):
        assert not [n for n in game.state.notices[seat] if n.kind == "announcement"]
    game.apply("scientist", A.EndTurn())
    game.apply("alien", A.EndTurn())
    for seat in game.seats:
        assert _last(game, seat, "announcement")["text"] == "Remain calm."
    with pytest.raises(IllegalAction, match="Computer Control"):
        _again(game, "scientist")
        game.apply("scientist", A.Loudspeaker("slavin", "Hello.", "S"))


@pytest.mark.parametrize(("typed", "heard"), [
    ("Meet me  in\tthe\nlounge.", "Meet me in the lounge."),
    ("\x1b[2Jgone\u202e!won\u200d ", "[2Jgone!won"),  # the escape itself goes
    ("  Caf\u0065\u0301 open.  ", "Caf\u00e9 open."),
])
def test_a_free_loudspeaker_message_is_heard_as_plain_text(game, typed, heard):
    """The controller may say anything short: every seat hears it on one plain line,
    control codes, direction overrides and invisible joiners dropped. (Fails before: the
    text went out as typed.)"""
    _again(game, "scientist")
    game.apply("scientist", A.Loudspeaker("mccray", typed, "S"))
    assert _last(game, "scientist", "loudspeaker")["text"] == heard
    game.apply("scientist", A.EndTurn())
    game.apply("alien", A.EndTurn())
    for seat in game.seats:
        assert _last(game, seat, "announcement")["text"] == heard


@pytest.mark.parametrize(("typed", "why"), [
    (" \t\x00\u200b ", "empty announcement"),
    ("a" * (areas.LOUDSPEAKER_MAX + 1), "at most 200"),
])
def test_an_empty_or_overlong_message_is_refused_and_nothing_changes(game, typed, why):
    _again(game, "scientist")
    before = game.to_json()
    with pytest.raises(IllegalAction, match=why):
        game.apply("scientist", A.Loudspeaker("mccray", typed, "S"))
    assert game.to_json() == before


def test_the_length_limit_counts_what_is_heard_not_the_spaces_typed():
    typed = "Stay" + " " * (areas.LOUDSPEAKER_MAX + 50) + "put."
    assert areas.announcement_problem(typed) is None
    assert areas.announcement_text(typed) == "Stay put."


# ---- the Medlab ------------------------------------------------------------------------------
def test_the_medlab_revives_heals_suspends_and_recharges(game):
    """Medlab: any character there may use an action to revive a KO'd human, heal a light
    wound, place an incapacitated human in a suspension capsule, recharge a medkit."""
    _again(game, "phoneco")
    for cid in ("preuitt", "mccray", "slavin", "orlov"):
        _place(game, cid, MEDLAB)
    game.apply(JUDGE, A.JudgeSetStatus("mccray", "ko"))
    game.apply(JUDGE, A.JudgeSetStatus("slavin", "light_wound"))
    game.apply(JUDGE, A.JudgeSetStatus("orlov", "serious"))
    _again(game, "scientist")
    game.apply("scientist", A.UseMedlab("slavin", "heal", "slavin", "N"))
    assert game.state.characters["slavin"].wound is False
    _again(game, "scientist")
    game.apply("scientist", A.UseMedlab("slavin", "revive", "mccray", "N"))
    assert game.state.characters["mccray"].status == "active"
    _again(game, "phoneco")
    medkit = _item(game, "preuitt", "medkit")
    set_item(game, medkit, charges=0)
    game.apply("phoneco", A.UseMedlab("preuitt", "recharge", medkit, "N"))
    assert game.state.items[medkit].charges == 1
    _again(game, "phoneco")
    orlov = game.state.characters["orlov"].token
    view = view_for(game, "phoneco")
    assert orlov in view.map.counters  # the counter shows him fallen
    game.apply("phoneco", A.UseMedlab("preuitt", "suspend", orlov, "N"))
    assert game.state.characters["orlov"].suspended
    # The pirates hear of it at their Situation Update.
    assert [n for n in game.state.pending["pirates"] if n.kind == "treated"]


def test_the_medlab_tells_a_patient_beyond_its_help_and_works_only_there(game):
    _again(game, "phoneco")
    _place(game, "preuitt", MEDLAB)
    game.apply("phoneco", A.UseMedlab("preuitt", "revive", "preuitt", "N"))
    told = _last(game, "phoneco", "medlab")
    assert (told["done"], told["why"]) == ("", "only a knocked-out human is revived")
    with pytest.raises(IllegalAction, match="not in the medlab"):
        game.apply("phoneco", A.UseMedlab("osorio", "heal", "osorio", "N"))


def test_a_suspended_character_is_spared_a_blast(game):
    """The capsule protects its occupant from attack: a thermite mine in the square
    burns the others only."""
    _again(game, "phoneco")
    for cid in ("preuitt", "orlov"):
        _place(game, cid, MEDLAB)
    game.apply(JUDGE, A.JudgeSetStatus("orlov", "ko"))
    _again(game, "phoneco")
    game.apply("phoneco", A.UseMedlab("preuitt", "suspend",
                                      game.state.characters["orlov"].token, "N"))
    res = combat.Resolver(game, "", None)
    assert [c.id for c in res.in_square(game.plan.sq(*MEDLAB))] == ["preuitt"]


# ---- the Mechanic ----------------------------------------------------------------------------
def test_a_mechanic_tells_the_fake_artifact(game):
    """Mechanic: distinguish if an Artifact is real or fake (always succeeds)."""
    _again(game, "phoneco")
    _place(game, "osorio", (1, 19), "W")
    _again(game, "phoneco")
    fake = next(t for t, c in view_for(game, "phoneco").map.counters.items()
                if c.counter == "The Artifact")
    game.apply("phoneco", A.MechanicWork("osorio", "identify", fake, "W"))
    assert _last(game, "phoneco", "mechanic")["done"] == "fake"


def test_a_mechanic_wrecks_a_ships_controls(game):
    """Mechanic: irreparably destroy a ship's controls (always succeeds); it cannot be
    piloted then."""
    _again(game, "pirates")
    _place(game, "yee", (14, 3))  # the cutter's second control seat
    _again(game, "pirates")
    cutter = ships.craft_at(game, game.plan.sq(14, 3)).id
    assert A.MechanicWork("yee", "wreck_controls", cutter, "N") in _listed(
        game, "pirates", A.MechanicWork)
    game.apply("pirates", A.MechanicWork("yee", "wreck_controls", cutter, "N"))
    assert game.state.ships[cutter].wrecked_controls
    assert not any(isinstance(a, A.Pilot) and a.character == "orlov"
                   for a in game.legal_actions("pirates"))


# ---- access code key, welding torch, Geiger counter ------------------------------------------
def test_an_access_key_locks_a_hatch_that_then_stops_others(game):
    """Hatches can be manually locked/unlocked with access code keys."""
    _again(game, "phoneco")
    key = _item(game, "osorio", "access_key")
    _place(game, "osorio", (21, 6))  # below the Lift 1 Hull Hatch
    game.apply("phoneco", A.UseEquipment("osorio", key, LIFT1_HULL, "N"))
    hatch = next(h.id for h in game.plan.hatches if h.name == "Lift 1 Hull Hatch")
    assert hatch in game.state.locked
    assert _last(game, "phoneco", "hatch_lock")["locked"] is True
    _again(game, "phoneco")
    game.apply("phoneco", A.UseEquipment("osorio", key, LIFT1_HULL, "N"))
    assert hatch not in game.state.locked


def test_shields_are_raised_and_lowered_beside_the_telescope_with_a_key(game):
    """Shields: raised or lowered manually by a character adjacent to the telescope with
    an access code key; a wrecked generator stays down."""
    _again(game, "phoneco")
    key = _item(game, "osorio", "access_key")
    _place(game, "osorio", (40, 5))
    assert A.UseEquipment("osorio", key, TELESCOPE, "N") in _listed(
        game, "phoneco", A.UseEquipment)
    game.apply("phoneco", A.UseEquipment("osorio", key, TELESCOPE, "N"))
    assert game.state.systems.shields_up is False
    assert _last(game, "phoneco", "shields")["up"] is False
    _again(game, "phoneco")
    game.apply("phoneco", A.UseEquipment("osorio", key, TELESCOPE, "N"))
    assert game.state.systems.shields_up is True
    _again(game, "phoneco")
    _place(game, "osorio", (38, 5))
    with pytest.raises(IllegalAction):
        game.apply("phoneco", A.UseEquipment("osorio", key, TELESCOPE, "N"))


def test_a_wrecked_generator_does_not_answer_the_key(game):
    """The shields can be permanently dropped by destroying the generator (a thermite
    mine here); the key is then told so, and the action is spent."""
    _again(game, "scientist")
    _place(game, "slavin", (40, 5))
    _again(game, "scientist")
    mine = _item(game, "slavin", "thermite_mine")
    game.apply("scientist", A.UseEquipment("slavin", mine, (40, 5), "N"))
    _again(game, "scientist")
    _place(game, "slavin", (40, 4))
    _again(game, "scientist")
    game.apply("scientist", A.UseEquipment("slavin", mine, (40, 5), "N"))
    _again(game, "scientist")
    assert game.state.systems.generator_wrecked and not game.state.systems.shields_up
    key = _item(game, "slavin", "access_key")
    game.apply("scientist", A.UseEquipment("slavin", key, TELESCOPE, "N"))
    told = _last(game, "scientist", "shields")
    assert (told["up"], told["why"]) == (False, "the shield generator is wrecked")


def test_a_welded_hatch_interdicts_and_no_key_opens_it(game):
    _again(game, "pirates")
    _place(game, "yee", (21, 6))
    _again(game, "pirates")
    game.apply("pirates", A.Weld("yee", LIFT1_HULL, True, "N"))
    hatch = next(h.id for h in game.plan.hatches if h.name == "Lift 1 Hull Hatch")
    assert hatch in game.state.systems.welded
    _again(game, "phoneco")
    _place(game, "osorio", (21, 6))
    # Nothing showed her the weld: the key finds it, and the action is spent.
    game.apply("phoneco", A.UseEquipment("osorio", _item(game, "osorio", "access_key"),
                                         LIFT1_HULL, "N"))
    told = _last(game, "phoneco", "hatch_lock")
    assert (told["locked"], told["why"]) == (False, "the hatch is welded shut")
    _again(game, "phoneco")
    # Beside the hatch she now sees the weld: a move through it is refused outright.
    with pytest.raises(IllegalAction, match="welded shut"):
        game.apply("phoneco", A.Move("osorio", "walk", (LIFT1_HULL,), "N"))
    assert game.plan.xy(game.state.characters["osorio"].square) == (21, 6)


def test_example_osorio_reads_the_geiger_counter(game):
    """Example of Play, Phone Co. Turn 1: the Artifact's signature is within her segment
    and in front of her (there are two, the real one and the fake)."""
    _again(game, "phoneco")
    geiger = _item(game, "osorio", "geiger_counter")
    assert A.UseEquipment("osorio", geiger, "", "W") in _listed(game, "phoneco",
                                                               A.UseEquipment)
    game.apply("phoneco", A.UseEquipment("osorio", geiger, "", "W"))
    told = _last(game, "phoneco", "geiger")
    assert (told["found"], told["segment"], told["directions"]) == (
        True, "Ring Segment 1", ["in front"])


def test_the_geiger_counter_is_a_mechanics_tool(game):
    _again(game, "pirates")
    geiger = give_item(game, "mendez", "geiger_counter")
    with pytest.raises(IllegalAction, match="no mechanic"):
        game.apply("pirates", A.UseEquipment("mendez", geiger, "", "S"))


def test_every_listed_area_action_is_legal(game):
    """The compact list's new actions pass the engine's own checks."""
    _again(game, "phoneco")
    _place(game, "osorio", (40, 5))
    _place(game, "preuitt", MEDLAB)
    listed = [a for a in game.legal_actions("phoneco")
              if isinstance(a, (A.UseEquipment, A.UseMedlab, A.MechanicWork, A.HackLiftCar,
                                A.CommandRobot, A.Loudspeaker, A.ClimbLadder))]
    assert {type(a) for a in listed} >= {A.UseEquipment, A.UseMedlab}
    for action in listed:
        assert game.is_legal("phoneco", action), action


# ---- the action bar's offers -----------------------------------------------------------------
#: The bar's keys of this module's offers (the key and Geiger counter go by the
#: equipment's "place" and "medkit" keys).
MINE = ("hack", "hack_lift", "snoop", "cancel_destruct", "robot", "loudspeaker",
        "self_destruct", "transfer", "medlab", "mechanic", "place", "medkit", "jam", "weld")


def _offers_agree(game, seat):
    """Every offer of the bar is legal as concretised, and every legal action of this
    module's kinds is offered (by the keys the bar test uses)."""
    view = view_for(game, seat)
    offered = set()
    for cid, entry in view.own.characters.items():
        for option in available_actions(view, cid):
            if option.key.partition(":")[0] not in MINE or not option.ok:
                continue
            offered.add(option.key)
            action = _concrete(view, game, option, entry)
            assert game.is_legal(seat, action), (option, action)
    kinds = (A.Hack, A.HackLiftCar, A.SecurityAction, A.CommandRobot, A.Loudspeaker,
             A.SelfDestruct, A.TransferControl, A.UseMedlab, A.MechanicWork, A.Jam, A.Weld)
    listed = [a for a in game.legal_actions(seat) if isinstance(a, kinds)]
    for action in listed:
        assert _option_of(action) in offered, action
    return offered, listed


def test_the_bar_offers_the_controllers_actions(game):
    _again(game, "scientist")
    offered, listed = _offers_agree(game, "scientist")
    assert {"snoop:Lab Segment", "loudspeaker", "transfer:slavin"} <= offered
    assert any(isinstance(a, A.SecurityAction) for a in listed)


def test_the_bar_offers_hacking_area_work_and_equipment(game):
    _again(game, "phoneco")
    _place(game, "osorio", (40, 5))
    _place(game, "preuitt", MEDLAB)
    _place(game, "orlov", MEDLAB)
    game.apply(JUDGE, A.JudgeSetStatus("orlov", "ko"))
    _again(game, "phoneco")
    offered, _listed = _offers_agree(game, "phoneco")
    orlov = game.state.characters["orlov"].token
    geiger = _item(game, "osorio", "geiger_counter")
    key = _item(game, "osorio", "access_key")
    assert {f"medkit:{geiger}:", f"place:{key}:41,5", f"medlab:revive:{orlov}"} <= offered
    _again(game, "pirates")
    _place(game, "yee", MACHINE_SHOP)
    _again(game, "pirates")
    offered, _listed = _offers_agree(game, "pirates")
    assert any(key.startswith("jam:") for key in offered)
    assert any(key.startswith("weld:") for key in offered)


def test_the_bar_offers_a_robots_built_in_torch(game):
    """A robot's built-in welding torch is used as if skilled: the bar offers welding and
    cutting each hatch beside it, and every weld the engine lists is offered."""
    bot = next(c.id for c in game.state.characters.values() if c.sheet == "recon_bot_mccray")
    seat = game.state.characters[bot].seat
    _again(game, seat)
    _place(game, bot, (21, 6))
    _again(game, seat)
    offered, listed = _offers_agree(game, seat)
    welds = [a for a in listed if isinstance(a, A.Weld) and a.character == bot]
    assert welds
    assert {"weld:{},{}:Weld shut".format(*LIFT1_HULL),
            "weld:{},{}:Cut open".format(*LIFT1_HULL)} <= offered
