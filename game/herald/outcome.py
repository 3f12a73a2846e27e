"""D. Winning and Losing: the victory tiers, the defeat reasons and the score (a)-(g)."""

from __future__ import annotations

from game.herald.pads import Pads
from game.herald.state import HeraldState, Outcome

DEFEAT_REASONS: dict[str, str] = {
    "supplies": "Supplies ran out and life support failed",
    "leadership": "Leadership fell to zero and the officers relieved you of command",
    "reputation": "a third Bad Reputation made humankind unwelcome in the Sector",
    "time": "Time ran out before the Herald came home",
    "cells": "Isolationist Cells were still aboard when the Herald reached Earth",
    "results": "the Herald came home without the results the mission needed",
}


def accomplishments(state: HeraldState) -> int:
    """Diplomatic Successes plus Research Surveys (each track holds at most four)."""
    return state.diplomatic + state.research


def missing_for_success(state: HeraldState) -> list[str]:
    """What still stands between the current state and a Success, in plain words."""
    missing = []
    if not state.source_visited:
        missing.append("visit The Source")
    if not state.lis_visited:
        missing.append("visit a Lis Point")
    if state.infiltration > 0:
        missing.append(f"dismantle {state.infiltration} more Cell(s)")
    if accomplishments(state) < 3:
        missing.append(f"{3 - accomplishments(state)} more Diplomatic Success(es) or "
                       "Research Survey(s)")
    return missing


def score(state: HeraldState, pads: Pads) -> tuple[int, dict[str, int]]:
    """The score (a)-(g) of the current state."""
    countdown_start = pads.time_track.countdown_start
    if state.time > countdown_start:
        a = 5
    elif state.time > 1:
        a = 2
    else:
        a = 0
    b = 3 if state.alien_tech else 0
    c = 5 if len(state.lis_visited) >= 2 else 0
    ladder = {2: 5, 3: 8, 4: 12}
    d = ladder.get(min(state.diplomatic, 4), 0)
    e = ladder.get(min(state.research, 4), 0)
    f = {2: 3, 3: 5, 4: 8}.get(state.leadership, 0)
    g = {0: 0, 1: -3}.get(len(state.bad_reputation), -8)
    breakdown = {"a": a, "b": b, "c": c, "d": d, "e": e, "f": f, "g": g}
    return sum(breakdown.values()), breakdown


def tier_at_earth(state: HeraldState) -> str:
    """The tier earned by coming back to Earth with this state."""
    if state.infiltration > 0 or missing_for_success(state):
        return "defeat"
    results = accomplishments(state)
    outstanding = (len(state.bad_reputation) <= 1 and state.alien_tech
                   and len(state.lis_visited) >= 2 and results >= 5 and state.leadership >= 2)
    if not outstanding:
        return "success"
    if not state.bad_reputation and results >= 6 and state.leadership >= 3:
        return "complete"
    return "outstanding"


def earth_outcome(state: HeraldState, pads: Pads) -> Outcome:
    """Back to Earth: decide the tier (or which defeat) and compute the score."""
    total, breakdown = score(state, pads)
    tier = tier_at_earth(state)
    if tier == "defeat":
        cause = "cells" if state.infiltration > 0 else "results"
        reason = DEFEAT_REASONS[cause]
        if cause == "results":
            reason += " (still needed: " + ", ".join(missing_for_success(state)) + ")"
        return Outcome(False, "defeat", reason, total, breakdown, cause)
    words = {"success": "Success", "outstanding": "Outstanding Success",
             "complete": "Complete Success"}[tier]
    return Outcome(True, tier, f"the mission is a {words}", total, breakdown, tier)


def defeat_outcome(state: HeraldState, pads: Pads, cause: str) -> Outcome:
    """A defeat during the voyage (Supplies, Leadership, Reputation or Time)."""
    total, breakdown = score(state, pads)
    return Outcome(False, "defeat", DEFEAT_REASONS[cause], total, breakdown, cause)
