"""One test (or a few) per rulebook section, written from the rulebook text.

Positions on the bundled Holomap: Earth (0, 3), Lis Points (4, 0) and (4, 6), The
Source (8, 3). Scenarios are built by setting state fields and the Reading Dice.
"""

from __future__ import annotations

import pytest

from game.herald.actions import (
    AssignDice,
    ChooseDirection,
    ChooseEnvironment,
    ChooseIncidentOfficer,
    DeclineAlienTech,
    DeclineEvent,
    DeclineInvestigation,
    DeclineOperation,
    FaceEvent,
    Investigate,
    MountOperation,
    UseAlienTech,
)
from game.herald.engine import HeraldGame
from game.herald.errors import IllegalAction
from game.herald.events import (
    CountdownBegan,
    CountdownRolled,
    EventRevealed,
    GameEnded,
    MatrixPawnMoved,
    ShipMoved,
    StecExploded,
)
from game.herald.holomap import neighbour
from game.herald.outcome import score
from game.herald.pads import load_pads
from game.herald.readings import DIRECTION_CHOICES, READINGS, active_readings

PADS = load_pads()
EARTH = PADS.holomap.earth
LIS_A, LIS_B = PADS.holomap.lis_points
SOURCE = PADS.holomap.source
BEFORE_SOURCE = neighbour(SOURCE, "L")  # moving right from here reaches The Source
NEXT_TO_SOURCE = neighbour(SOURCE, "R")
MIDDLE = (3, 3)
HIGH3 = PADS.time_track.countdown_ranges[3][1]


def fresh(variant: str = "standard", setup_die: int = 1, forced: tuple[int, ...] = (),
          **fields) -> HeraldGame:
    game = HeraldGame.new(0, variant, dice=[setup_die, 6, 6, 6, 6, 6, *forced])
    for key, value in fields.items():
        setattr(game.state, key, value)
    return game


def assign(game: HeraldGame, direction: int, environment: int, third: int, timeline: int,
           event: int) -> list:
    game.state.dice = (direction, environment, third, timeline, event)
    return game.apply(AssignDice((0, 1, 2, 3, 4)))


def quiet_turn(game: HeraldGame, timeline: int = 3, event: int = 3) -> None:
    """Move right from MIDDLE (reading 6 -> choose R), no Environment gain, dormant Cells."""
    assign(game, 6, 1, 1, timeline, event)
    if game.state.phase == "direction":
        game.apply(ChooseDirection("R"))


def types(events) -> list[str]:
    return [e.type for e in events]


# -- Game Setup --------------------------------------------------------------------------

@pytest.mark.parametrize(("die", "start"), [(1, (1, 0)), (3, (1, 0)), (4, (1, 4)), (6, (1, 4))])
def test_setup(die, start):
    game = HeraldGame.new(0, dice=[die])
    s = game.state
    assert s.position == EARTH and s.route == [EARTH]
    assert s.time == 24 and (s.supplies, s.leadership, s.infiltration) == (4, 4, 4)
    assert (s.diplomatic, s.research) == (0, 0) and not s.bad_reputation
    assert s.effectiveness == {o.id: o.max_effectiveness for o in game.pads.officers}
    assert s.matrix == start and game.pads.event_at(start).name in ("Vibrations", "Survival")
    assert not s.stec_active and s.turn == 1 and len(s.dice) == 5
    assert game.pending.kind == "assign_dice"
    linear = HeraldGame.new(0, "linear", dice=[die])
    assert linear.state.event_tokens == [start]


# -- A. Boundary Readings ----------------------------------------------------------------

def test_readings_order_and_assignment():
    assert READINGS == ("direction", "environment", "sabotage", "timeline", "event")
    assert active_readings(True)[2] == "stec"
    game = fresh(position=MIDDLE)
    game.state.dice = (1, 2, 3, 4, 5)
    events = game.apply(AssignDice((4, 3, 2, 1, 0)))
    assert game.state.assignment == {"direction": 5, "environment": 4, "sabotage": 3,
                                     "timeline": 2, "event": 1}
    assert events[0].type == "dice_assigned"
    with pytest.raises(IllegalAction, match="exactly once"):
        fresh().apply(AssignDice((0, 0, 1, 2, 3)))


def test_a1_direction_table():
    assert DIRECTION_CHOICES == {1: ("L", "UL"), 2: ("L", "DL"), 3: ("UL", "UR"),
                                 4: ("DL", "DR"), 5: ("R", "UR"), 6: ("R", "DR")}
    for value, allowed in DIRECTION_CHOICES.items():
        game = fresh(position=MIDDLE)
        assign(game, value, 1, 1, 3, 3)
        assert game.pending.kind == "direction"
        assert {a.direction for a in game.legal_actions()} == set(allowed)
        bad = next(d for d in ("L", "UL", "UR", "R", "DR", "DL") if d not in allowed)
        with pytest.raises(IllegalAction, match="does not allow"):
            game.apply(ChooseDirection(bad))
        game.apply(ChooseDirection(allowed[1]))
        assert game.state.position == neighbour(MIDDLE, allowed[1])


def test_a1_edge_single_valid_direction_is_taken_automatically():
    game = fresh(position=(2, 0))  # top row: up-directions lead off the Holomap
    events = assign(game, 5, 1, 1, 3, 3)
    moved = [e for e in events if isinstance(e, ShipMoved)]
    assert moved and moved[0].direction == "R" and game.state.position == (3, 0)
    assert game.state.phase == "event_officers"


def test_a1_getting_lost_allows_any_other_valid_direction_and_costs_time():
    game = fresh(position=(2, 0))
    assign(game, 3, 1, 1, 3, 3)  # UL and UR both off the map
    decision = game.pending
    assert decision.kind == "direction" and decision.context["lost"]
    assert set(decision.context["options"]) == {"R", "DR", "DL"}
    assert game.state.time == 24
    events = game.apply(ChooseDirection("DR"))
    assert game.state.time == 23 and game.state.position == (2, 1)
    assert any(isinstance(e, ShipMoved) and e.lost for e in events)


def test_back_to_earth_ends_the_game_at_once():
    game = fresh(position=(1, 3), supplies=1)
    assign(game, 2, 1, 5, 3, 3)  # L leads to Earth; Environment 1 would starve us
    assert game.pending.kind == "direction"
    events = game.apply(ChooseDirection("L"))
    assert game.state.position == EARTH
    assert game.outcome is not None and game.outcome.cause == "cells"
    assert game.state.supplies == 1, "nothing after the move is applied"
    assert isinstance(events[-1], GameEnded)


def test_lis_points_and_the_source_are_visited():
    game = fresh(position=neighbour(LIS_A, "L"))
    assign(game, 6, 3, 1, 3, 3)
    if game.pending.kind == "direction":
        game.apply(ChooseDirection("R"))
    assert game.state.lis_visited == [LIS_A]
    game = fresh(position=BEFORE_SOURCE)
    assign(game, 6, 1, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    assert game.state.source_visited and game.state.position == SOURCE


def test_a2_environment():
    game = fresh(position=MIDDLE)
    quiet_turn(game)
    assert game.state.supplies == 3  # reading 1: nothing to resupply

    game = fresh(position=MIDDLE, supplies=3)
    assign(game, 6, 3, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    assert {a.option for a in game.legal_actions()} == {"on_the_fly", "full_resupply"}
    game.apply(ChooseEnvironment("full_resupply"))
    assert game.state.supplies == 4 and game.state.time == 23  # capped at 4

    game = fresh(position=MIDDLE)
    assign(game, 6, 4, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    assert game.state.supplies == 4 and game.state.time == 24

    game = fresh(position=MIDDLE, effectiveness={"buma": 1, "rash": 2, "guwer": 3,
                                                 "shaniev": 0, "varo": 4, "telli": 2,
                                                 "doru": 3, "maki": 1})
    assign(game, 6, 6, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    assert {a.option for a in game.legal_actions()} == {"on_the_fly", "shore_leave"}
    with pytest.raises(IllegalAction):
        game.apply(ChooseEnvironment("full_resupply"))
    game.apply(ChooseEnvironment("shore_leave"))
    assert game.state.effectiveness == {"buma": 3, "rash": 3, "guwer": 3, "shaniev": 2,
                                        "varo": 4, "telli": 3, "doru": 4, "maki": 3}
    assert game.state.time == 23


def test_a3_sabotage_dormant_and_limited_activity():
    game = fresh(position=MIDDLE)
    quiet_turn(game)
    assert (game.state.supplies, game.state.infiltration) == (3, 4)

    game = fresh(position=MIDDLE)
    assign(game, 6, 3, 3, 3, 3)  # sum 18 -> the clues are enough
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    assert game.state.supplies == 3 and game.state.infiltration == 3

    game = fresh(position=MIDDLE)
    assign(game, 6, 3, 4, 1, 3)  # sum 17 -> optional investigation
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    assert game.pending.kind == "investigate" and game.state.supplies == 3
    assert set(game.legal_actions()) == {Investigate("doru", "shaniev"),
                                         Investigate("doru", "guwer"),
                                         Investigate("maki", "shaniev"),
                                         Investigate("maki", "guwer"), DeclineInvestigation()}
    game.apply(Investigate("maki", "guwer"))
    assert game.state.infiltration == 3
    assert game.state.effectiveness["maki"] == 2 and game.state.effectiveness["guwer"] == 2


def test_a3_investigation_needs_effectiveness_and_is_skipped_when_impossible():
    game = fresh(position=MIDDLE)
    game.state.effectiveness.update(doru=0, maki=0)
    assign(game, 6, 1, 4, 1, 3)
    game.apply(ChooseDirection("R"))
    assert game.pending.kind == "event_officers" and game.state.infiltration == 4


def test_a3_bold_sabotage():
    game = fresh(position=MIDDLE)
    assign(game, 6, 1, 5, 3, 3)
    game.apply(ChooseDirection("R"))
    s = game.state
    assert (s.supplies, s.time, s.leadership, s.infiltration) == (2, 23, 3, 3)


def test_a3_stec_explosion_after_the_last_cell_and_stec_reading():
    game = fresh(position=MIDDLE, infiltration=1)
    events = assign(game, 6, 1, 6, 3, 3)
    events += game.apply(ChooseDirection("R"))
    s = game.state
    assert any(isinstance(e, StecExploded) for e in events)
    assert s.infiltration == 0 and s.stec_active
    assert (s.supplies, s.time, s.leadership) == (1, 22, 3)
    game.apply(DeclineEvent())
    assert game.pending.context["readings"] == ["direction", "environment", "stec",
                                                "timeline", "event"]
    assign(game, 6, 3, 1, 3, 3)  # STEC 1: Time +1
    game.apply(ChooseDirection("R"))
    before = game.state.time
    game.apply(ChooseEnvironment("on_the_fly"))
    assert game.state.time == before - 1
    assert game.state.infiltration == 0


def test_a3_stec_alien_travel_technology():
    game = fresh(position=MIDDLE, infiltration=0, stec_active=True, alien_tech=True,
                 time=20)
    game.state.dice = (6, 1, 5, 3, 3)
    game.apply(AssignDice((0, 1, 2, 3, 4)))
    game.apply(ChooseDirection("R"))
    assert game.pending.kind == "alien_tech"
    assert DeclineAlienTech() in game.legal_actions()
    game.apply(UseAlienTech("varo", "rash"))
    assert game.state.time == 21
    assert game.state.effectiveness["varo"] == 3 and game.state.effectiveness["rash"] == 2
    # without the technology a 5-6 is just normal speed
    game = fresh(position=MIDDLE, infiltration=0, stec_active=True, time=20)
    assign(game, 6, 1, 6, 3, 3)
    game.apply(ChooseDirection("R"))
    assert game.pending.kind == "event_officers" and game.state.time == 20


@pytest.mark.parametrize(
    ("start", "value", "end", "wrapped"),
    [((1, 3), 1, (0, 2), (False, False)), ((1, 3), 2, (0, 4), (False, False)),
     ((1, 3), 3, (1, 2), (False, False)), ((1, 3), 4, (1, 4), (False, False)),
     ((1, 3), 5, (2, 2), (False, False)), ((1, 3), 6, (2, 4), (False, False)),
     ((0, 0), 1, (2, 7), (True, True)), ((2, 7), 6, (0, 0), (True, True)),
     ((1, 0), 3, (1, 7), (False, True)), ((2, 3), 5, (0, 2), (True, False))],
)
def test_a4_timeline_moves_and_wraps(start, value, end, wrapped):
    game = fresh(position=MIDDLE, matrix=start)
    events = assign(game, 6, 1, 1, value, 3)
    events += game.apply(ChooseDirection("R"))
    moved = [e for e in events if isinstance(e, MatrixPawnMoved)][0]
    assert game.state.matrix == end == moved.dst
    assert (moved.wrapped_col, moved.wrapped_row) == wrapped


def test_a4_timeline_does_not_move_at_the_source():
    game = fresh(position=BEFORE_SOURCE, matrix=(2, 5))
    events = assign(game, 6, 1, 1, 1, 3)
    events += game.apply(ChooseDirection("R"))
    assert game.state.matrix == (2, 5)
    assert not any(isinstance(e, MatrixPawnMoved) for e in events)


# -- B. Events ---------------------------------------------------------------------------

@pytest.mark.parametrize(("event_value", "efforts"), [(1, (5, 4)), (2, (5, 4)), (3, (5, 5)),
                                                      (4, (5, 5)), (5, (4, 5)), (6, (4, 5))])
def test_a5_event_reading_modifies_effort(event_value, efforts):
    game = fresh(position=MIDDLE, matrix=(1, 1))
    events = assign(game, 6, 1, 1, 3, event_value)
    events += game.apply(ChooseDirection("R"))
    revealed = [e for e in events if isinstance(e, EventRevealed)][0]
    assert revealed.name == "Vibrations" and revealed.efforts == efforts


def _vibrations_next_to_bad_reputation(**eff) -> HeraldGame:
    game = fresh(position=MIDDLE, matrix=(1, 1), bad_reputation=[(5, 3)])
    game.state.effectiveness.update(eff)
    assign(game, 6, 1, 1, 3, 2)
    game.apply(ChooseDirection("R"))  # to (4, 3), next to the token at (5, 3)
    return game


def test_worked_example_vibrations_next_to_a_bad_reputation_token():
    """The rulebook's example, with the general rule's figures (see the rules notes)."""
    game = _vibrations_next_to_bad_reputation()
    ctx = game.pending.context
    assert ctx["name"] == "Vibrations" and ctx["efforts"] == [6, 5]
    assert ctx["bad_reputation_nearby"]
    assert game.can_meet("buma", "BIO", 6) and game.state.effectiveness["buma"] == 4
    assert not game.can_meet("rash", "BIO", 6)
    assert game.pads.officer("rash").expertise["BIO"] + \
        game.pads.officer("rash").max_effectiveness < 6, "Rash can never reach 6"
    assert ctx["eligible"] == {"first": ["buma"], "second": ["shaniev", "guwer"]}
    # Guwer needs Effectiveness 3, Shaniev 4
    low = _vibrations_next_to_bad_reputation(guwer=2, shaniev=3)
    assert low.pending.context["eligible"]["second"] == []
    game.apply(FaceEvent("buma", "shaniev", False))
    assert game.state.effectiveness["buma"] == 0 and game.state.effectiveness["shaniev"] == 0
    other = _vibrations_next_to_bad_reputation()
    other.apply(FaceEvent("buma", "guwer", False))
    assert other.state.effectiveness["guwer"] == 0  # loss 5 - 2 = 3
    assert other.state.research == 1


def test_event_needs_two_different_officers_with_expertise():
    game = _vibrations_next_to_bad_reputation()
    with pytest.raises(IllegalAction, match="no Expertise"):
        game.apply(FaceEvent("varo", "guwer", False))
    with pytest.raises(IllegalAction, match="cannot meet"):
        game.apply(FaceEvent("rash", "guwer", False))
    game2 = fresh(position=MIDDLE, matrix=(1, 6))  # Singing Nebula: PHY then COM
    assign(game2, 6, 1, 1, 4, 5)
    game2.apply(ChooseDirection("R"))
    assert game2.pads.event_at(game2.state.matrix).name == "Singing Nebula"
    with pytest.raises(IllegalAction):
        game2.apply(FaceEvent("rash", "rash", False))
    game3 = _vibrations_next_to_bad_reputation(buma=0)
    with pytest.raises(IllegalAction):
        game3.apply(FaceEvent("buma", "guwer", False))


@pytest.mark.parametrize(("pos", "outcome", "track", "delta"),
                         [((0, 1), "+SUP", "supplies", 2), ((1, 2), "+DIP", "diplomatic", 1),
                          ((1, 0), "+RES", "research", 1)])
def test_opportunities(pos, outcome, track, delta):
    game = fresh(position=MIDDLE, matrix=(pos[0], (pos[1] + 1) % 8), supplies=2)
    assign(game, 6, 3, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    assert game.pads.event_at(game.state.matrix).outcome == outcome
    before = getattr(game.state, track)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, FaceEvent)))
    assert getattr(game.state, track) == before + delta
    # failing an Opportunity costs nothing
    game = fresh(position=MIDDLE, matrix=(pos[0], (pos[1] + 1) % 8), supplies=2)
    assign(game, 6, 3, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    snapshot = (game.state.supplies, game.state.leadership, game.state.diplomatic,
                game.state.research)
    game.apply(DeclineEvent())
    assert (game.state.supplies, game.state.leadership, game.state.diplomatic,
            game.state.research) == snapshot


def test_accomplishments_are_capped_at_four():
    game = fresh(position=MIDDLE, matrix=(1, 1), research=4)
    assign(game, 6, 1, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, FaceEvent)))
    assert game.state.research == 4


@pytest.mark.parametrize(("pos", "check"), [
    ((0, 5), lambda s: s.leadership == 3),            # Mutinous Murmurs -LEA
    ((0, 2), lambda s: s.time == 22),                 # Ion Storm -TIM (plus the turn)
    ((0, 3), lambda s: s.bad_reputation == [(4, 3)]),  # Border Patrol -REP
])
def test_threats_when_failing(pos, check):
    game = fresh(position=MIDDLE, matrix=(pos[0], (pos[1] + 1) % 8))
    assign(game, 6, 3, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    assert not game.pads.event_at(game.state.matrix).opportunity
    game.apply(DeclineEvent())
    assert check(game.state)
    assert game.state.position == (4, 3)


def test_succeeding_a_threat_neutralises_it():
    game = fresh(position=MIDDLE, matrix=(0, 6))
    assign(game, 6, 3, 1, 3, 5)  # Mutinous Murmurs
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, FaceEvent)))
    assert game.state.leadership == 4


def test_dilemma_lowers_effort_and_costs_leadership():
    game = _vibrations_next_to_bad_reputation(buma=3)
    assert not game.can_meet("buma", "BIO", 6)
    assert game.pending.context["dilemma_efforts"] == [5, 4]
    assert FaceEvent("buma", "guwer", False) not in game.legal_actions()
    game.apply(FaceEvent("buma", "guwer", True))
    s = game.state
    assert s.leadership == 3 and s.effectiveness["buma"] == 0 and s.effectiveness["guwer"] == 1


def test_dilemma_never_lowers_effort_below_three():
    game = fresh(position=MIDDLE, matrix=(1, 0))  # to Singing Nebula (listed 3) via 1
    assign(game, 6, 1, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    assert game.pending.context["name"] == "Singing Nebula"
    assert game.pending.context["efforts"] == [3, 4]
    assert game.pending.context["dilemma_efforts"] == [3, 3]


def test_dilemma_leadership_loss_comes_first_and_can_end_the_game():
    game = _vibrations_next_to_bad_reputation()
    game.state.leadership = 1
    events = game.apply(FaceEvent("buma", "guwer", True))
    assert game.outcome.cause == "leadership"
    assert game.state.research == 0, "the Event is never resolved"
    assert isinstance(events[-1], GameEnded)


# -- The Search at The Source ------------------------------------------------------------

@pytest.mark.parametrize(("timeline", "lis", "needed"),
                         [(1, [], 2), (3, [], 3), (6, [], 4), (2, [LIS_A], 0), (4, [LIS_B], 1),
                          (5, [LIS_A, LIS_B], 2)])
def test_search_time_needed(timeline, lis, needed):
    game = fresh(position=BEFORE_SOURCE, lis_visited=lis)
    assign(game, 6, 1, 1, timeline, 3)
    game.apply(ChooseDirection("R"))
    assert game.state.time == 24 - needed
    assert game.pending.kind == "source_operation"


@pytest.mark.parametrize(("event", "cost", "efforts"),
                         [(1, 1, [4, 4, 3, 3]), (3, 2, [3, 3, 3, 3]), (6, 1, [3, 3, 4, 4])])
def test_search_operation_costs(event, cost, efforts):
    game = fresh(position=BEFORE_SOURCE, bad_reputation=[NEXT_TO_SOURCE])
    assign(game, 6, 1, 1, 1, event)
    game.apply(ChooseDirection("R"))
    ctx = game.pending.context
    assert ctx["supplies"] == cost and ctx["efforts"] == efforts  # no Bad Reputation effect
    team = MountOperation("shaniev", "doru", "telli", "buma", False)
    assert team in game.legal_actions()
    before = dict(game.state.effectiveness)
    game.apply(team)
    s = game.state
    assert s.alien_tech and s.supplies == 3 - cost
    expertise = {"shaniev": 2, "doru": 2, "telli": 2, "buma": 2}
    for oid, effort in zip(("shaniev", "doru", "telli", "buma"), efforts, strict=True):
        assert s.effectiveness[oid] == before[oid] - (effort - expertise[oid])


def test_search_operation_with_one_missing_officer_needs_a_dilemma():
    game = fresh(position=BEFORE_SOURCE)
    game.state.effectiveness.update(doru=0, maki=0)  # nobody for Battle
    assign(game, 6, 1, 1, 1, 3)
    game.apply(ChooseDirection("R"))
    legal = game.legal_actions()
    assert all(a.dilemma and a.battle is None for a in legal if isinstance(a, MountOperation))
    with pytest.raises(IllegalAction, match="needs a Dilemma"):
        game.apply(MountOperation("shaniev", None, "telli", "buma", False))
    game.apply(MountOperation("shaniev", None, "telli", "buma", True))
    assert game.state.alien_tech and game.state.leadership == 3


def test_search_operation_impossible_with_two_missing_and_dilemma_refused_with_full_team():
    game = fresh(position=BEFORE_SOURCE)
    game.state.effectiveness.update(doru=0, maki=0, telli=0, varo=0)
    assign(game, 6, 1, 1, 1, 3)
    game.apply(ChooseDirection("R"))
    assert game.pending.kind == "assign_dice"
    assert not game.state.alien_tech and game.state.turn == 2
    game = fresh(position=BEFORE_SOURCE)
    assign(game, 6, 1, 1, 1, 3)
    game.apply(ChooseDirection("R"))
    with pytest.raises(IllegalAction, match="full team"):
        game.apply(MountOperation("shaniev", None, "telli", "buma", True))
    game.apply(DeclineOperation())
    assert not game.state.alien_tech and game.state.source_visited


# -- C. Time and the Final Countdown -----------------------------------------------------

def test_time_advances_each_turn_and_the_countdown_begins_on_space_three():
    game = fresh(position=MIDDLE, time=4)
    quiet_turn(game)
    events = game.apply(DeclineEvent())
    assert game.state.time == 3 and any(isinstance(e, CountdownBegan) for e in events)
    assert not any(isinstance(e, CountdownRolled) for e in events)


@pytest.mark.parametrize(("roll", "advanced"), [(HIGH3, True), (HIGH3 + 1, False)])
def test_countdown_roll_within_range_advances(roll, advanced):
    game = fresh(position=MIDDLE, time=3, forced=(roll,))
    quiet_turn(game)
    events = game.apply(DeclineEvent())
    rolled = [e for e in events if isinstance(e, CountdownRolled)][0]
    assert rolled.roll == roll and rolled.range_high == HIGH3 and rolled.advanced is advanced
    assert game.state.time == (2 if advanced else 3)


def test_countdown_modifiers_add_up_and_reset():
    # (a) lost, (b) Full Resupply, (c) bold sabotage: -3 in all
    game = fresh(position=(2, 0), time=3, forced=(5,))
    assign(game, 3, 3, 5, 3, 3)
    game.apply(ChooseDirection("DR"))
    game.apply(ChooseEnvironment("full_resupply"))
    assert game.state.countdown_modifier == -3 and game.state.time == 3
    events = game.apply(DeclineEvent())
    rolled = [e for e in events if isinstance(e, CountdownRolled)][0]
    assert (rolled.roll, rolled.modifier, rolled.advanced) == (5, -3, True)
    assert game.state.countdown_modifier == 0 and game.state.time == 2


def test_countdown_modifiers_stec_alien_tech_and_lost_time_event():
    # (d) STEC 1-2 gives -1; (c) the last Cell's explosion gives -1; (e) -TIM event -1
    game = fresh(position=MIDDLE, time=2, infiltration=1, forced=(3,), matrix=(0, 3))
    assign(game, 6, 1, 5, 3, 3)  # to Ion Storm (0, 2), bold sabotage dismantles the last Cell
    game.apply(ChooseDirection("R"))
    assert game.state.countdown_modifier == -2  # sabotage repair + explosion
    game.apply(DeclineEvent())  # Ion Storm -TIM
    assert game.state.time == 1  # roll 3 - 3 = 0, within 1-3
    # (d) Alien Travel Technology adds 1
    game = fresh(position=MIDDLE, time=3, infiltration=0, stec_active=True, alien_tech=True,
                 forced=(HIGH3,))
    assign(game, 6, 1, 5, 3, 3)
    game.apply(ChooseDirection("R"))
    game.apply(UseAlienTech("varo", "rash"))
    assert game.state.countdown_modifier == 1
    events = game.apply(DeclineEvent())
    rolled = [e for e in events if isinstance(e, CountdownRolled)][0]
    assert rolled.modifier == 1 and not rolled.advanced and game.state.time == 3


def test_countdown_started_mid_turn_turns_later_time_into_modifiers():
    game = fresh(position=MIDDLE, time=4, forced=(6,))
    assign(game, 6, 3, 5, 3, 3)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("full_resupply"))  # Time 4 -> 3: the countdown begins now
    # the bold sabotage that follows costs -1 on the roll instead of Time
    assert game.state.time == 3 and game.state.countdown_modifier == -1
    events = game.apply(DeclineEvent())
    assert any(isinstance(e, CountdownRolled) for e in events), "the roll happens this turn"


def test_search_time_during_the_countdown_becomes_modifiers():
    game = fresh(position=BEFORE_SOURCE, time=4)
    assign(game, 6, 1, 1, 6, 3)  # needs 4 Time: one to reach space 3, then three as -1 each
    game.apply(ChooseDirection("R"))
    assert game.state.time == 3 and game.state.countdown_modifier == -3


def test_time_running_out_is_a_defeat():
    game = fresh(position=MIDDLE, time=1, forced=(1,))
    quiet_turn(game)
    game.apply(DeclineEvent())
    assert game.outcome.cause == "time" and not game.outcome.victory


# -- D. Winning and Losing ---------------------------------------------------------------

def _home(**fields) -> HeraldGame:
    base = {"position": (1, 3), "lis_visited": [LIS_A], "source_visited": True,
            "infiltration": 0, "stec_active": True, "diplomatic": 2, "research": 1}
    base.update(fields)
    game = fresh(**base)
    assign(game, 2, 1, 3, 3, 3)
    if game.outcome is None:
        game.apply(ChooseDirection("L"))
    return game


def test_success():
    game = _home()
    assert game.outcome.victory and game.outcome.tier == "success"


def test_outstanding_success():
    game = _home(lis_visited=[LIS_A, LIS_B], alien_tech=True, diplomatic=3, research=2,
                 bad_reputation=[(6, 6)], leadership=2)
    assert game.outcome.tier == "outstanding"


def test_complete_success():
    game = _home(lis_visited=[LIS_A, LIS_B], alien_tech=True, diplomatic=3, research=3,
                 leadership=3)
    assert game.outcome.tier == "complete"


@pytest.mark.parametrize(("fields", "cause"), [
    ({"infiltration": 1, "stec_active": False}, "cells"),
    ({"lis_visited": []}, "results"),
    ({"source_visited": False}, "results"),
    ({"research": 0}, "results"),
])
def test_defeats_at_earth(fields, cause):
    game = _home(**fields)
    assert not game.outcome.victory and game.outcome.cause == cause


def test_defeat_supplies_leadership_and_third_bad_reputation():
    game = fresh(position=MIDDLE, supplies=1)
    quiet_turn(game)
    assert game.outcome.cause == "supplies"
    game = fresh(position=MIDDLE, leadership=1)
    assign(game, 6, 1, 5, 3, 3)
    game.apply(ChooseDirection("R"))
    assert game.outcome.cause == "leadership"
    game = fresh(position=MIDDLE, matrix=(0, 4), bad_reputation=[(6, 6), (8, 6)])
    assign(game, 6, 3, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    game.apply(DeclineEvent())  # Border Patrol -REP: the third token
    assert game.outcome.cause == "reputation"


def test_score_a_to_g():
    game = fresh(time=10, alien_tech=True, lis_visited=[LIS_A, LIS_B], diplomatic=3,
                 research=4, leadership=2, bad_reputation=[(6, 6)])
    total, parts = score(game.state, game.pads)
    assert parts == {"a": 5, "b": 3, "c": 5, "d": 8, "e": 12, "f": 3, "g": -3}
    assert total == 33
    game = fresh(time=2, diplomatic=2, research=1, leadership=4, bad_reputation=[(6, 6),
                                                                               (7, 6)])
    assert score(game.state, game.pads)[1] == {"a": 2, "b": 0, "c": 0, "d": 5, "e": 0,
                                               "f": 8, "g": -8}
    game = fresh(time=1, leadership=1)
    assert score(game.state, game.pads)[1]["a"] == 0 and score(game.state, game.pads)[0] == 0


# -- Variant: Linear Timeline ------------------------------------------------------------

def test_linear_new_event_gets_a_token_and_is_resolved():
    game = fresh("linear", position=MIDDLE, matrix=(1, 1), event_tokens=[(1, 1)])
    assign(game, 6, 1, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    assert game.state.event_tokens == [(1, 0), (1, 1)] and game.pending.kind == "event_officers"


def test_linear_minor_incident_with_an_officer():
    game = fresh("linear", position=MIDDLE, matrix=(1, 1), event_tokens=[(1, 0), (1, 1)])
    assign(game, 6, 1, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    assert game.pending.kind == "linear_incident"  # Vibrations again: a BIO officer
    assert set(game.legal_actions()) == {ChooseIncidentOfficer("buma"),
                                         ChooseIncidentOfficer("rash")}
    with pytest.raises(IllegalAction):
        game.apply(ChooseIncidentOfficer("guwer"))
    game.apply(ChooseIncidentOfficer("rash"))
    assert game.state.effectiveness["rash"] == 2 and game.state.turn == 2


@pytest.mark.parametrize(("target", "check"), [((1, 0), lambda s: s.time == 22),  # +RES
                                               ((1, 4), lambda s: s.supplies == 2)])  # -LEA
def test_linear_minor_incident_without_officers(target, check):
    game = fresh("linear", position=MIDDLE, matrix=(1, target[1] + 1),
                 event_tokens=[target])
    subject = game.pads.event_at(target).subjects[0]
    for off in game.pads.experts(subject):
        game.state.effectiveness[off.id] = 0
    assign(game, 6, 1, 1, 3, 3)
    game.apply(ChooseDirection("R"))
    assert check(game.state) and game.state.turn == 2


# -- Undo and illegal actions ------------------------------------------------------------

def test_undo_only_since_the_last_roll():
    game = HeraldGame.new(0, dice=[1, 6, 3, 3, 2, 5])
    assert not game.can_undo()
    with pytest.raises(IllegalAction):
        game.undo()
    snapshot = game.to_dict()
    game.apply(AssignDice((0, 1, 2, 3, 4)))  # direction 6 from Earth: R or DR
    middle = game.to_dict()
    game.apply(ChooseDirection("R"))
    assert game.can_undo()
    game.undo()
    assert game.to_dict() == middle
    game.undo()
    assert game.to_dict() == snapshot
    game.apply(AssignDice((0, 1, 2, 3, 4)))
    while game.state.phase != "assign_dice" and game.outcome is None:
        game.apply(game.legal_actions()[-1])
    assert game.state.turn == 2 and not game.can_undo(), "new dice were rolled"


def test_illegal_action_leaves_state_untouched():
    game = _vibrations_next_to_bad_reputation()
    before = game.to_dict()
    for bad in (FaceEvent("buma", "buma", False), ChooseDirection("R"),
                FaceEvent("nobody", "guwer", False), MountOperation(None, None, None, None)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert game.to_dict() == before


# -- Corners the rulebook leaves open (docs/herald-rules-notes.md) -----------------------

def test_operation_may_spend_the_last_supplies_and_that_is_a_defeat():
    game = fresh(position=BEFORE_SOURCE, supplies=1)
    assign(game, 6, 3, 1, 1, 1)  # Environment 3-4: no Supplies lost; operation costs 1
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    team = next(a for a in game.legal_actions() if isinstance(a, MountOperation))
    game.apply(team)
    assert game.outcome.cause == "supplies" and not game.state.alien_tech


def test_returning_to_the_source_searches_again_but_offers_no_second_operation():
    game = fresh(position=BEFORE_SOURCE, alien_tech=True, source_visited=True)
    assign(game, 6, 1, 1, 1, 3)
    game.apply(ChooseDirection("R"))
    assert game.state.time == 24 - 2 - 1  # Search time 2, then the turn's Time
    assert game.pending.kind == "assign_dice"


def test_a_lis_point_counts_once():
    game = fresh(position=neighbour(LIS_A, "L"), lis_visited=[LIS_A])
    assign(game, 6, 3, 1, 3, 3)
    if game.pending.kind == "direction":
        game.apply(ChooseDirection("R"))
    assert game.state.lis_visited == [LIS_A]


def test_bad_reputation_tokens_may_share_a_region():
    game = fresh(position=MIDDLE, matrix=(0, 4), bad_reputation=[(4, 3)])
    assign(game, 6, 3, 1, 3, 5)
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    game.apply(DeclineEvent())
    assert game.state.bad_reputation == [(4, 3), (4, 3)] and game.outcome is None


def test_declining_an_event_you_could_meet_is_allowed():
    game = _vibrations_next_to_bad_reputation()
    assert len(game.legal_actions()) > 1
    game.apply(DeclineEvent())
    assert game.state.research == 0 and game.state.turn == 2


def test_no_investigation_offered_when_the_dice_sum_dismantles():
    game = fresh(position=MIDDLE)
    assign(game, 6, 6, 4, 1, 3)  # sum 20
    game.apply(ChooseDirection("R"))
    game.apply(ChooseEnvironment("on_the_fly"))
    assert game.state.infiltration == 3 and game.pending.kind == "event_officers"


def test_operation_needs_the_supplies_it_costs():
    game = fresh(position=BEFORE_SOURCE, supplies=2)
    assign(game, 6, 1, 1, 1, 3)  # Environment 1 leaves 1 Supply; Event 3 needs 2
    game.apply(ChooseDirection("R"))
    assert game.state.supplies == 1
    assert game.pending.kind == "assign_dice" and not game.state.alien_tech
