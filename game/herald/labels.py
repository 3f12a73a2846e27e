"""Plain-words labels for actions (bot protocol options, UI buttons, hints)."""

from __future__ import annotations

from game.herald.actions import (
    Action,
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
from game.herald.holomap import DIRECTION_NAMES
from game.herald.pads import Pads
from game.herald.readings import OPERATION_SUBJECTS, active_readings
from game.herald.state import HeraldState

ENVIRONMENT_WORDS = {"on_the_fly": "resupply on the fly", "full_resupply": "Full Resupply",
                     "shore_leave": "Shore Leave"}


def describe_action(action: Action, state: HeraldState, pads: Pads) -> str:
    """One short phrase saying what the action does."""
    def name(oid: str | None) -> str:
        return "nobody" if oid is None else pads.officer(oid).name

    if isinstance(action, AssignDice):
        readings = active_readings(state.stec_active)
        try:
            return ", ".join(f"{r} {state.dice[i]}"
                             for r, i in zip(readings, action.order, strict=True))
        except IndexError:
            return "assign the dice"
    if isinstance(action, ChooseDirection):
        return f"move {DIRECTION_NAMES.get(action.direction, action.direction)}"
    if isinstance(action, ChooseEnvironment):
        return ENVIRONMENT_WORDS.get(action.option, action.option)
    if isinstance(action, Investigate):
        return f"investigate with {name(action.police)} (POL) and " \
               f"{name(action.communication)} (COM)"
    if isinstance(action, DeclineInvestigation):
        return "wait for another chance"
    if isinstance(action, UseAlienTech):
        return f"use the Alien Travel Technology with {name(action.space)} (SPA) and " \
               f"{name(action.physics)} (PHY)"
    if isinstance(action, DeclineAlienTech):
        return "travel at normal speed"
    if isinstance(action, FaceEvent):
        extra = ", declaring a Dilemma" if action.dilemma else ""
        return f"face the Event with {name(action.first)} and {name(action.second)}{extra}"
    if isinstance(action, DeclineEvent):
        return "select no officers (the Event fails)"
    if isinstance(action, MountOperation):
        team = ", ".join(f"{subject} {name(oid)}"
                         for subject, oid in zip(OPERATION_SUBJECTS, action.leaders, strict=True))
        extra = ", declaring a Dilemma" if action.dilemma else ""
        return f"mount the operation: {team}{extra}"
    if isinstance(action, DeclineOperation):
        return "resume the journey empty-handed"
    if isinstance(action, ChooseIncidentOfficer):
        return f"{name(action.officer)} handles the minor incident"
    return action.type
