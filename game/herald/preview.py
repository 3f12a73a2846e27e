"""One-line previews of what giving a die to a Reading would do (for UI hover hints).

These read the same tables as the engine (``readings``) and only describe; they never
change the state.
"""

from __future__ import annotations

from game.herald.holomap import DIRECTION_NAMES, neighbour
from game.herald.pads import MATRIX_COLS, MATRIX_ROWS, Pads
from game.herald.readings import (
    COUNTERINTELLIGENCE_SUM,
    DIRECTION_CHOICES,
    event_effort_bonus,
    search_time,
    timeline_step,
)
from game.herald.state import HeraldState


def _time_words(state: HeraldState, pads: Pads) -> str:
    if state.time <= pads.time_track.countdown_start:
        return "-1 to the Countdown Roll"
    return "Time +1"


def reading_consequences(state: HeraldState, pads: Pads, reading: str, value: int) -> str:
    """What giving die ``value`` to ``reading`` would do now, in one short line."""
    if not 1 <= value <= 6:
        return "a die shows 1 to 6"
    h = pads.holomap
    if reading == "direction":
        allowed = DIRECTION_CHOICES[value]
        valid = [d for d in allowed if h.on_map(neighbour(state.position, d))]
        if not valid:
            return ("both ways lead off the Holomap: you get lost "
                    f"(any other direction, {_time_words(state, pads)})")
        names = " or ".join(DIRECTION_NAMES[d] for d in valid)
        targets = [neighbour(state.position, d) for d in valid]
        notes = []
        if h.earth in targets:
            notes.append("Earth within reach")
        if any(t in h.lis_points and t not in state.lis_visited for t in targets):
            notes.append("a new Lis Point within reach")
        if h.source in targets:
            notes.append("The Source within reach")
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"move {names}{extra}"
    if reading == "environment":
        if value <= 2:
            return "no resources: Supplies -1"
        cost = _time_words(state, pads)
        if value <= 4:
            return f"resupply on the fly, or Full Resupply (+2 Supplies, {cost})"
        return f"resupply on the fly, or Shore Leave (+2 Effectiveness, {cost})"
    if reading == "sabotage":
        if value <= 2:
            return "the Cells stay dormant"
        if value <= 4:
            if sum(state.dice) >= COUNTERINTELLIGENCE_SUM:
                return "Supplies -1; the dice sum to 18 or more, so a Cell is dismantled"
            return "Supplies -1; you may investigate (POL + COM officers -1) to dismantle a Cell"
        last = " and the STEC Engine explodes (Supplies -1, Time +1)" \
            if state.infiltration == 1 else ""
        return (f"Supplies -1, {_time_words(state, pads)}, Leadership -1; "
                f"a Cell is dismantled{last}")
    if reading == "stec":
        if value <= 2:
            return f"the Engine falters: {_time_words(state, pads)}"
        if value <= 4:
            return "normal travel speed"
        if state.alien_tech:
            gain = "+1 to the Countdown Roll" if state.time <= pads.time_track.countdown_start \
                else "Time taken back by 1"
            return f"stable Engine: you may use the Alien Travel Technology ({gain})"
        return "stable Engine, normal travel speed"
    if reading == "timeline":
        if state.position == h.source:
            return f"the Search at The Source needs {search_time(value, bool(state.lis_visited))}" \
                   " Time (if you stay)"
        dcol, drow = timeline_step(value)
        col = (state.matrix[0] + dcol) % MATRIX_COLS
        row = (state.matrix[1] + drow) % MATRIX_ROWS
        ev = pads.events[col][row]
        seen = " (already happened)" if state.variant == "linear" and \
            (col, row) in state.event_tokens else ""
        return f"from the current pawn: {ev.name}{seen}, {ev.outcome}, " \
               f"listed Effort {ev.effort}"
    if reading == "event":
        first, second = event_effort_bonus(value)
        parts = {(1, 0): "+1 Effort to the first Challenge",
                 (1, 1): "+1 Effort to both Challenges",
                 (0, 1): "+1 Effort to the second Challenge"}[(first, second)]
        return parts
    return f"unknown reading {reading!r}"
