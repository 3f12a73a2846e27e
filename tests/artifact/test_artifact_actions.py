"""The action codec: every action survives a round trip; any other input is refused with
InvalidAction and nothing else."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.artifact import actions as A
from game.artifact.errors import ArtifactError, InvalidAction
from game.artifact.example import example_game

SAMPLES = [
    A.AssignFaction("Ann", "pirates"), A.AssignSpecies("alien", "hal"), A.VoteEncryption(True),
    A.Customize("gmen", ("kyoshi",), (("pistol", "osorio"),), ()),
    A.PlaceForces((("kyoshi", 16, 5, "S"),)), A.ReturnPlacement("pirates", "move"),
    A.PlaceRobot("doc_bot", 14, 10, "N"), A.StartPlay(),
    A.Move("kyoshi", "jog", ((16, 6), (16, 7)), "W"),
    A.MoveThenPickUp("osorio", "jog", ((2, 20),), ("t1",), (), "S"),
    A.PickUpDrop("osorio", (), ("t1",), "N"), A.CheckStatus("mccray", "slavin", "N"),
    A.WearSuit("slavin", "t2", "S"), A.MoveLiftCar("kyoshi", "1", "N"),
    A.ActivateInformant("orlov"), A.SetInformantCondition("orlov", "instead_of_attacking"),
    A.EndTurn(), A.SkipTurn(), A.JudgeMessage("pirates", "hi"),
    A.Announce("hello"), A.EndGame((("pirates", 1, "they got away"),)),
    A.JudgeMove("kyoshi", 3, 4, "E"),
    A.JudgeRemove("t2"), A.JudgeSetStatus("kyoshi", "ko"), A.JudgeSetSuit("slavin", ""),
    A.Attack("kyoshi", "t3", "double", ("t4", (5, 7)), "E"),
    A.MoveThenAttack("orlov", "walk", ((15, 2),), "unarmed", "normal", ("t5",), "E"),
    A.TargetOpportunityFire("kyoshi", "t3", (9, 7), "anyone", "E"),
    A.Unjam("kyoshi", "t3", "E"), A.Jam("yee", "t3", "E"),
    A.Weld("yee", (14, 7), True, "E"), A.UseSkill("doc", "Medic", "t6", "N"),
    A.UseEquipment("preuitt", "t7", (3, 4), "S"),
    A.PickUpDropCasualty("kyoshi", "lichter", False, "E"),
    A.Hack("preuitt", "N"), A.TransferControl("mccray", "t6"),
    A.SecurityAction("mccray", "snoop", "Ring Segment 7", "lights", "S"),
    A.SelfDestruct("slavin", 12, "W"),
    A.Pilot("orlov", "jog", ("N", "up"), "W"),
    A.FireCannon("eastwood", "needle_beam", (38, 5), "E"),
    A.FireCannon("eastwood", "anti_personnel", "t0badf00", "E"),
    A.AlienPower("pan", "illusion", "", ((4, 5),), "Zombie", ""),
    A.CommandRobot("mccray", "t8", "S"),
    A.Loudspeaker("mccray", "Remain calm.", "S"), A.HackLiftCar("preuitt", "2", "N"),
    A.ClimbLadder("osorio", "1", "E"), A.UseMedlab("slavin", "revive", "mccray", "N"),
    A.MechanicWork("yee", "identify", "t9", "W"),
]


def test_every_action_type_round_trips_through_json():
    assert {a.TYPE for a in SAMPLES} == set(A.ACTION_TYPES)
    for action in SAMPLES:
        data = json.loads(json.dumps(action.to_dict()))
        assert A.action_from_dict(data) == action


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(A.ACTION_TYPES) + ["nope"]),
       fields=st.dictionaries(st.sampled_from(["character", "mode", "path", "facing", "take",
                                               "drop", "seat", "text", "x", "y", "places",
                                               "levels", "items", "allow", "thing", "status",
                                               "suit", "weapon", "fire", "targets", "square",
                                               "hostile", "junk"]),
                              values, max_size=6))
def test_arbitrary_dicts_never_crash_the_codec(kind, fields):
    data = {"type": kind, **fields}
    try:
        action = A.action_from_dict(data)
    except InvalidAction:
        return
    assert A.action_from_dict(action.to_dict()) == action


_GAME, _LOG = example_game(3)


@settings(max_examples=150, deadline=None)
@given(fields=st.dictionaries(st.sampled_from(["character", "mode", "path", "facing"]),
                              values, max_size=4))
def test_arbitrary_moves_never_crash_the_engine(fields):
    before = _GAME.to_json()
    try:
        _GAME.apply("pirates", {"type": "move", **fields})
    except ArtifactError:  # only the engine's named errors, and then no trace
        assert _GAME.to_json() == before
