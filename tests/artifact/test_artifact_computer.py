"""Computer Operations: the Computer Control marker, hacking (die +2 at a major terminal, 6
or more), handing the marker over, the controller's report at its Initial Map Update, the
security actions and the self-destruct countdown, with forced dice."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import computer
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from tests.artifact.arrange import destroy_terminal
from tests.artifact.dice_tools import force_dice
from tests.artifact.secrecy_tools import to_seat

COMMAND_POD_TERMINAL = (2, 7)   # major
COMPUTER_ROOM_TERMINAL = (12, 6)  # major, where McCray starts
MEDLAB_TERMINAL = (4, 9)        # minor


def _game():
    game, _log = example_game(11)
    return game


def _kinds(game, seat):
    return [n.kind for n in game.state.notices[seat]]


def _last(game, seat, kind):
    return [n for n in game.state.notices[seat] if n.kind == kind][-1]


def _place(game, cid, xy, facing="N"):
    game.apply(JUDGE, A.JudgeMove(cid, xy[0], xy[1], facing))


def test_mccray_starts_with_the_marker():
    assert _game().state.systems.control == "mccray"


def test_example_preuitt_rolls_5_at_a_minor_terminal_and_mccray_hears_of_it():
    """Example of Play, Phone Co. Turn 1 and Mad Scientist Turn 1."""
    game = _game()
    to_seat(game, "phoneco")
    force_dice(game, 5)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    told = _last(game, "phoneco", "hack").about
    assert (told["roll"], told["bonus"], told["needed"], told["success"]) == (5, 0, 6, False)
    assert game.state.systems.control == "mccray"
    # Nobody else hears a thing now; the controller hears at its Initial Map Update.
    assert "computer_report" not in _kinds(game, "scientist")
    game.apply("phoneco", A.EndTurn())
    assert game.turn_seat == "scientist"
    report = _last(game, "scientist", "computer_report").about
    assert report["character"] == "mccray"
    assert report["hacks"] == [{"space": "Stateroom 15", "success": False, "round": 1}]
    assert report["lifts"] == dict(sorted(game.state.lifts.items()))
    assert report["breaches"] == []
    # In response he snoops the ring segment holding the Artifact: its counter goes on his
    # map (as last seen now once the map is updated).
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Ring Segment 1", "", "S"))
    view = view_for(game, "scientist")
    names = {c.counter for c in view.map.last_known.values()} | {
        c.counter for c in view.map.counters.values()}
    assert {"The Artifact", "Osorio"} <= names
    # The report is told once: the attempts since the controller's last turn.
    game.apply("scientist", A.EndTurn())
    to_seat(game, "scientist")
    assert _last(game, "scientist", "computer_report").about["hacks"] == []


@pytest.mark.parametrize("roll, success", [(4, True), (3, False)])
def test_a_major_terminal_adds_two(roll, success):
    game = _game()
    to_seat(game, "phoneco")
    _place(game, "preuitt", COMMAND_POD_TERMINAL)
    dice = force_dice(game, roll)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    assert dice.used == [roll]
    assert _last(game, "phoneco", "hack").about["bonus"] == 2
    assert (game.state.systems.control == "preuitt") is success
    # The loser hears at its Situation Update, not before.
    assert "control_lost" not in _kinds(game, "scientist")
    game.apply("phoneco", A.EndTurn())
    assert ("control_lost" in _kinds(game, "scientist")) is success


def test_hacking_needs_a_hacker_with_hands_at_a_working_terminal():
    game = _game()
    to_seat(game, "phoneco")
    with pytest.raises(IllegalAction, match="no hacker"):
        game.apply("phoneco", A.Hack("osorio", "N"))
    _place(game, "preuitt", (12, 40))
    with pytest.raises(IllegalAction, match="not at a working computer terminal"):
        game.apply("phoneco", A.Hack("preuitt", "N"))
    to_seat(game, "scientist")
    with pytest.raises(IllegalAction, match="holds Computer Control already"):
        game.apply("scientist", A.Hack("mccray", "S"))


def test_the_marker_is_handed_to_a_character_with_hands_at_a_terminal():
    game = _game()
    to_seat(game, "scientist")
    with pytest.raises(IllegalAction, match="has no hands"):
        game.apply("scientist", A.TransferControl("mccray", "recon_bot_mccray"))
    _place(game, "slavin", (12, 8))
    with pytest.raises(IllegalAction, match="not at a working computer terminal"):
        game.apply("scientist", A.TransferControl("mccray", "slavin"))
    _place(game, "slavin", COMPUTER_ROOM_TERMINAL, "S")
    assert A.TransferControl("mccray", "slavin") in game.legal_actions("scientist")
    game.apply("scientist", A.TransferControl("mccray", "slavin"))
    assert game.state.systems.control == "slavin"
    # Free: McCray may still act this turn.
    game.apply("scientist", A.Move("mccray", "walk", (), "S"))
    with pytest.raises(IllegalAction, match="does not hold Computer Control"):
        game.apply("scientist", A.TransferControl("mccray", "slavin"))


def test_handing_the_marker_to_another_seat_reaches_it_at_its_situation_update():
    game = _game()
    to_seat(game, "phoneco")
    _place(game, "preuitt", COMMAND_POD_TERMINAL)
    to_seat(game, "scientist")
    _place(game, "mccray", (3, 7), "W")  # the Command Pod: Preuitt's counter in view
    game.apply("scientist", A.Move("mccray", "walk", (), "W"))
    token = game.state.characters["preuitt"].token
    assert token in view_for(game, "scientist").map.counters
    game.apply("scientist", A.TransferControl("mccray", token))  # McCray need not be at one
    assert game.state.systems.control == "preuitt"
    assert "control_received" not in _kinds(game, "phoneco")
    to_seat(game, "phoneco")
    assert _last(game, "phoneco", "control_received").about == {"character": "preuitt"}


def test_snoop_toggles_locks_now_and_lights_at_global_updates():
    game = _game()
    to_seat(game, "scientist")
    hatches = computer.segment_hatches(game, "Ring Segment 7")
    assert hatches
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Ring Segment 7", "locks",
                                             "S"))
    assert set(hatches) <= set(game.state.locked)
    assert _last(game, "scientist", "snoop").about["result"] == "locked"
    # Preuitt (unsuited, in Stateroom 15) is on the map now.
    token = game.state.characters["preuitt"].token
    book = game.state.maps[game.state.map_of["scientist"]]
    assert token in book.counters or token in book.last_known
    # One security action per character per turn: it is the character's action.
    with pytest.raises(IllegalAction):
        game.apply("scientist", A.SecurityAction("mccray", "snoop", "Ring Segment 7", "",
                                                 "S"))
    game.apply("scientist", A.EndTurn())
    to_seat(game, "scientist")
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Ring Segment 7", "lights",
                                             "S"))
    spaces = computer.segment_spaces(game.plan, "Ring Segment 7")
    assert "Stateroom 15" in spaces
    assert not set(spaces) & set(game.state.dark)  # not yet: at Global Updates
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    assert set(spaces) <= set(game.state.dark)
    assert set(spaces) <= set(view_for(game, "phoneco").dark)
    to_seat(game, "scientist")
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Ring Segment 7", "locks",
                                             "S"))
    assert not set(hatches) & set(game.state.locked)  # all were locked: now all open


def test_snoop_misses_sneaksuits_and_is_for_the_controller_only():
    game = _game()
    suit = game.state.characters["mccray"].suit
    assert game.state.items[suit].type == "sneaksuit"  # the Professor wears his sneaksuit
    to_seat(game, "phoneco")
    _place(game, "preuitt", COMMAND_POD_TERMINAL)
    force_dice(game, 4)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    game.apply("phoneco", A.EndTurn())
    to_seat(game, "phoneco")
    with pytest.raises(IllegalAction, match="does not hold Computer Control"):
        game.apply("phoneco", A.SecurityAction("osorio", "snoop", "Fore Segment", "", "N"))
    with pytest.raises(IllegalAction, match="no segment of the Feynman"):
        game.apply("phoneco", A.SecurityAction("preuitt", "snoop", "Lorry Cabin", "", "N"))
    with pytest.raises(IllegalAction, match="no security action"):
        game.apply("phoneco", A.SecurityAction("preuitt", "command_robot", "", "", "N"))
    game.apply("phoneco", A.SecurityAction("preuitt", "snoop", "Fore Segment", "", "N"))
    book = game.state.maps[game.state.map_of["phoneco"]]
    shown = set(book.counters) | set(book.last_known)
    assert game.state.characters["slavin"].token in shown
    assert game.state.characters["mccray"].token not in shown


def _set_countdown(game, turns):
    to_seat(game, "scientist")
    if game.plan.xy(game.state.characters["slavin"].square) != COMMAND_POD_TERMINAL:
        _place(game, "slavin", COMMAND_POD_TERMINAL)
    game.apply("scientist", A.SelfDestruct("slavin", turns, "N"))
    game.apply("scientist", A.EndTurn())


def test_self_destruct_is_announced_at_global_updates_and_the_drives_go_off():
    game = _game()
    _set_countdown(game, 3)
    assert game.state.systems.self_destruct is None  # anonymous: resolved at Global Updates
    assert "self_destruct" not in _kinds(game, "pirates")
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    for seat in game.seats:
        assert _last(game, seat, "self_destruct").about["turns"] == 3
    for left in (2, 1):
        to_seat(game, "alien")
        game.apply("alien", A.EndTurn())
        assert _last(game, "pirates", "self_destruct").about["turns"] == left
    assert all(c.status != "dead" for c in game.state.characters.values()
               if c.square is not None)
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    assert all(c.status == "dead" for c in game.state.characters.values()
               if c.square is not None)
    assert game.state.systems.self_destruct is None
    assert "drive_detonation" in _kinds(game, "pirates")  # at its Situation Update


def test_self_destruct_needs_a_key_a_major_terminal_and_3_to_30_turns():
    game = _game()
    to_seat(game, "scientist")
    with pytest.raises(IllegalAction, match="access code key"):
        game.apply("scientist", A.SelfDestruct("mccray", 10, "N"))
    _place(game, "slavin", MEDLAB_TERMINAL)
    with pytest.raises(IllegalAction, match="major terminal"):
        game.apply("scientist", A.SelfDestruct("slavin", 10, "N"))
    _place(game, "slavin", COMMAND_POD_TERMINAL)
    for turns in (2, 31):
        with pytest.raises(IllegalAction, match="3 to 30"):
            game.apply("scientist", A.SelfDestruct("slavin", turns, "N"))
    with pytest.raises(IllegalAction, match="no self-destruct countdown"):
        game.apply("scientist", A.SelfDestruct("slavin", 0, "N"))
    listed = {a.turns for a in game.legal_actions("scientist")
              if isinstance(a, A.SelfDestruct) and a.facing == "N"}
    assert listed == set(range(3, 31))


def test_the_key_cancels_and_so_does_a_hackers_security_action():
    game = _game()
    _set_countdown(game, 10)
    to_seat(game, "scientist")
    assert game.state.systems.self_destruct == 10
    game.apply("scientist", A.SelfDestruct("slavin", 0, "N"))
    to_seat(game, "pirates")
    assert game.state.systems.self_destruct is None
    assert _last(game, "pirates", "self_destruct").about["text"] == "Self-destruct cancelled."
    _set_countdown(game, 10)
    to_seat(game, "scientist")
    force_dice(game, 3)  # +2 at the Computer Room's major terminal: 5, too low
    game.apply("scientist", A.SecurityAction("mccray", "cancel_self_destruct", "", "", "S"))
    assert _last(game, "scientist", "cancel_self_destruct").about["success"] is False
    game.apply("scientist", A.EndTurn())
    to_seat(game, "scientist")
    assert game.state.systems.self_destruct == 9
    force_dice(game, 4)
    game.apply("scientist", A.SecurityAction("mccray", "cancel_self_destruct", "", "", "S"))
    to_seat(game, "pirates")
    assert game.state.systems.self_destruct is None


def test_legal_lists_only_what_the_engine_accepts():
    game = _game()
    to_seat(game, "scientist")
    listed = [a for a in game.legal_actions("scientist")
              if isinstance(a, (A.Hack, A.SecurityAction, A.SelfDestruct, A.TransferControl))]
    snoops = [a for a in listed if isinstance(a, A.SecurityAction)]
    assert {a.segment for a in snoops} == set(computer.feynman_segments(game.plan))
    assert not [a for a in listed if isinstance(a, A.Hack)]  # McCray holds it already
    for action in listed[:: max(1, len(listed) // 12)]:
        assert game.is_legal("scientist", action)
        copy = type(game).from_dict(game.to_dict())
        copy.apply("scientist", action)


# ---- the Command Pod detached (Spaceships: its terminal counts as destroyed) ---------------

def _pod_flies_one_square(game):
    """Mad Scientist's turn: Slavin at the pod's controls flies it one square west."""
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    _place(game, "slavin", (1, 7), "W")
    game.apply("scientist", A.Pilot("slavin", "walk", ("W",), "W"))
    assert not game.state.ships["command_pod"].docked


def test_the_detached_pods_terminal_and_a_wrecked_computer_room_shut_the_computer_down():
    """Computer Shutdown with Spaceships: once the pod detaches, its terminal counts as
    destroyed, so with the Computer Room's terminal wrecked the computer shuts down at the
    next Global Updates. (Fails before: only shot terminals counted.)"""
    game = _game()
    destroy_terminal(game, COMPUTER_ROOM_TERMINAL)
    assert not computer.major_terminals_gone(game)
    _pod_flies_one_square(game)
    assert computer.major_terminals_gone(game)
    to_seat(game, "alien")
    assert not game.state.systems.shutdown  # it falls at Global Updates
    game.apply("alien", A.EndTurn())
    assert game.state.systems.shutdown
    for seat in game.seats:
        assert "computer_shutdown" in _kinds(game, seat)
        assert view_for(game, seat).shutdown


def test_the_shutdown_leaves_the_lights_of_the_pod_that_flew_off_on():
    """Spaceships: a craft away from its dock runs on its own power; the station's shutdown
    darkens every space of the Feynman but the Command Pod flying off it."""
    game = _game()
    destroy_terminal(game, COMPUTER_ROOM_TERMINAL)
    _pod_flies_one_square(game)
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    assert game.state.systems.shutdown
    assert "Computer Room" in game.state.dark and "Medlab" in game.state.dark
    assert "Command Pod" not in game.state.dark
    assert "Command Pod" not in view_for(game, "scientist").dark


def test_the_detached_pod_alone_does_not_shut_the_computer_down_and_its_terminal_is_cut_off():
    game = _game()
    _pod_flies_one_square(game)
    moved = game.plan.sq(COMMAND_POD_TERMINAL[0] - 1, COMMAND_POD_TERMINAL[1])
    assert game.plan.feature[moved] == "major_terminal"  # the terminal flew with the pod
    assert computer.terminal_at(game, moved) is None
    _place(game, "mccray", game.plan.xy(moved), "N")
    assert computer.terminal_problem(game, game.state.characters["mccray"]) \
        == "Dr. McCray is not at a working computer terminal"
    with pytest.raises(IllegalAction, match="working computer terminal"):
        game.apply("scientist", A.SecurityAction("mccray", "snoop", "Lab Segment", "", "N"))
    to_seat(game, "pirates")
    assert not game.state.systems.shutdown


# ---- a seriously wounded Tough hacker (Skill Use: Tough) -----------------------------------

def _tough_hacker(status: str):
    """Preuitt (Hacker) on sheets that also make him Tough, at the Command Pod's major
    terminal in his seat's turn, ``status`` as the Judge sets it."""
    from tests.artifact.arrange import with_skill

    game = _game()
    with_skill(game, "preuitt", "Tough")
    to_seat(game, "phoneco")
    _place(game, "preuitt", COMMAND_POD_TERMINAL)
    if status != "healthy":
        game.apply(JUDGE, A.JudgeSetStatus("preuitt", status))
    return game


@pytest.mark.parametrize(("status", "roll", "bonus", "success"), [
    ("serious", 4, 1, False),   # 4 + 2 - 1 = 5: one short
    ("serious", 5, 1, True),    # 5 + 2 - 1 = 6
    ("healthy", 4, 2, True),    # the same hacker unhurt: 4 + 2
])
def test_a_seriously_wounded_tough_hacker_rolls_at_minus_one(status, roll, bonus, success):
    game = _tough_hacker(status)
    force_dice(game, roll)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    told = _last(game, "phoneco", "hack").about
    assert (told["roll"], told["bonus"], told["success"]) == (roll, bonus, success)
    assert (game.state.systems.control == "preuitt") == success


def test_the_minus_one_is_in_the_check_every_hacking_roll_makes():
    """Taking the marker, cancelling the self-destruct and hacking a lift car's controls
    all roll ``computer.hacking_check``: at a minor terminal a seriously wounded Tough
    hacker needs a 7, which no die gives."""
    game = _tough_hacker("serious")
    _place(game, "preuitt", MEDLAB_TERMINAL)
    force_dice(game, 6)
    roll, bonus, success = computer.hacking_check(game, game.state.characters["preuitt"],
                                                  game._rng)
    assert (roll, bonus, success) == (6, -1, False)


def test_the_log_says_the_penalty_in_words():
    from game.ui.artifact_computer_words import computer_notice

    game = _tough_hacker("serious")
    _place(game, "preuitt", MEDLAB_TERMINAL)
    force_dice(game, 6)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    line = computer_notice(_last(game, "phoneco", "hack"), "Preuitt", {})
    assert "rolled 6 -1, needed 6" in line and "+-" not in line
