"""What giving a die to a Reading would do, computed by the engine itself (UI hover hints).

Nothing here knows a threshold of the rules. Each preview copies the current state into a
scratch game, runs the engine's own step for that Reading (``_step_direction``,
``_step_environment``, ``_step_third``, ``_step_timeline`` and ``_step_event``, or the
choice the step offers) and puts the events it emits into words. So a preview can never
disagree with what the engine does from the same state: with the last Cell aboard,
Sabotage 5 says the STEC Engine explodes because the engine's step emits that event.
``ReadingPreview.events`` keeps those events, so tests can compare them with a real turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.herald.actions import ChooseEnvironment
from game.herald.engine import HeraldGame, _GameOver, scratch_copy
from game.herald.events import (
    CellDismantled,
    CountdownBegan,
    EffectivenessChanged,
    Event,
    EventRevealed,
    GameEnded,
    MatrixPawnMoved,
    MinorIncident,
    SearchBegun,
    StecExploded,
    TrackChanged,
)
from game.herald.holomap import DIRECTION_NAMES, DIRECTIONS, Hex, neighbour
from game.herald.labels import ENVIRONMENT_WORDS
from game.herald.pads import SUBJECT_NAMES
from game.herald.readings import (
    OPERATION_SUBJECTS,
    environment_options,
    event_effort_bonus,
    operation_costs,
)

TRACK_WORDS = {"supplies": "Supplies", "leadership": "Leadership", "diplomatic":
               "Diplomatic Successes", "research": "Research Surveys"}
OUTCOME_PLAIN = {"+SUP": "success gives Supplies", "+DIP": "success gives a Diplomatic Success",
                 "+RES": "success gives a Research Survey", "-LEA": "failure costs Leadership",
                 "-TIM": "failure costs Time", "-REP": "failure brings a Bad Reputation"}
_SCRATCH_RNG = random.Random(0)


@dataclass(frozen=True)
class ReadingPreview:
    """A Reading's effect now: plain words, the engine's events, and any choice it opens."""

    reading: str
    value: int
    text: str
    events: tuple[Event, ...] = ()
    decision: str | None = None


# -- scratch runs of the engine ----------------------------------------------------------

def _scratch(game: HeraldGame, assignment: dict[str, int],
             position: Hex | None = None) -> HeraldGame:
    """A throw-away game sharing the pads, with its own copy of the state."""
    sim = scratch_copy(game, _SCRATCH_RNG)
    sim.state.assignment = dict(assignment)
    if position is not None:
        sim.state.position = position
    return sim


def _run(sim: HeraldGame, *steps) -> tuple[Event, ...]:
    """Run engine steps on the scratch game until one opens a decision or the game ends."""
    try:
        for step in steps:
            step()
            if not sim.state.phase.startswith("@"):
                break
    except _GameOver:
        pass
    return tuple(sim._events)


# -- words for events --------------------------------------------------------------------

def effect_words(events: Iterable[Event]) -> list[str]:
    """Short plain phrases for what the events change (tracks, Cells, the Engine, the end)."""
    out: list[str] = []
    boosts: dict[int, int] = {}
    for e in events:
        if isinstance(e, TrackChanged):
            if e.track == "time":
                out.append(f"Time +{e.old - e.new}" if e.new < e.old else
                           f"Time taken back by {e.new - e.old}")
            elif e.track == "countdown_modifier":
                out.append(f"{e.new - e.old:+d} to the Countdown Roll")
            elif e.track in TRACK_WORDS:
                out.append(f"{TRACK_WORDS[e.track]} {e.new - e.old:+d}")
        elif isinstance(e, CellDismantled):
            out.append("a Cell is dismantled")
        elif isinstance(e, StecExploded):
            out.append("the STEC Engine explodes")
        elif isinstance(e, CountdownBegan):
            out.append("the Final Countdown begins")
        elif isinstance(e, EffectivenessChanged):
            boosts[e.new - e.old] = boosts.get(e.new - e.old, 0) + 1
        elif isinstance(e, GameEnded):
            out.append("the voyage ends: " + str(e.outcome.get("reason", "")))
    for delta, count in boosts.items():
        who = "every officer" if count > 1 else "an officer"
        out.append(f"Effectiveness {delta:+d} for {who}")
    return out


def _join(words: Sequence[str]) -> str:
    return ", ".join(words)


# -- one preview per Reading -----------------------------------------------------------

def _direction(game: HeraldGame, value: int) -> ReadingPreview:
    sim = _scratch(game, {"direction": value})
    sim.state.phase = "@direction"
    options = sim._direction_options()
    h = game.pads.holomap
    if not options:
        lost = _scratch(game, {"direction": value})
        lost.state.lost = True
        ways = " or ".join(DIRECTION_NAMES[d] for d in lost._direction_options())
        cost = _run(lost, lambda: lost._advance_time("lost in uncharted space"))
        text = (f"both ways lead off the Holomap: you get lost and move {ways} "
                f"({_join(effect_words(cost))})")
        return ReadingPreview("direction", value, text, cost, "direction")
    targets = [neighbour(game.state.position, d) for d in options]
    notes = []
    if h.earth in targets:
        notes.append("Earth within reach")
    if any(t in h.lis_points and t not in game.state.lis_visited for t in targets):
        notes.append("a new Lis Point within reach")
    if h.source in targets:
        notes.append("The Source within reach")
    extra = f" ({', '.join(notes)})" if notes else ""
    names = " or ".join(DIRECTION_NAMES[d] for d in options)
    if len(options) == 1:
        return ReadingPreview("direction", value, f"the ship must move {names}{extra}")
    return ReadingPreview("direction", value, f"move {names}{extra}", (), "direction")


def _environment(game: HeraldGame, value: int) -> ReadingPreview:
    options = environment_options(value)
    if not options:
        sim = _scratch(game, {"environment": value})
        events = _run(sim, sim._step_environment)
        return ReadingPreview("environment", value,
                              "no resources: " + _join(effect_words(events)), events)
    parts = []
    for option in options:
        sim = _scratch(game, {"environment": value})
        sim.state.phase = "environment"
        events = _run(sim, lambda o=option, s=sim: s._perform(ChooseEnvironment(o)))
        words = effect_words(events)
        name = ENVIRONMENT_WORDS[option]
        parts.append(f"{name} ({_join(words)})" if words else name)
    return ReadingPreview("environment", value, ", or ".join(parts), (), "environment")


def _third(game: HeraldGame, reading: str, value: int) -> ReadingPreview:
    sim = _scratch(game, {reading: value})
    sim.state.phase = "@third"
    sim.state.stec_active = reading == "stec"
    events = _run(sim, sim._step_third)
    parts = [_join(effect_words(events))] if effect_words(events) else []
    decision = sim.state.phase if not sim.state.phase.startswith("@") else None
    if decision == "investigate":
        probe = _scratch(game, {reading: value})
        probe.state.phase = "investigate"
        pair = probe.legal_actions()[0]
        found = _run(probe, lambda: probe._perform(pair))
        gain = effect_words(e for e in found if not isinstance(e, EffectivenessChanged))
        parts.append("you may investigate (a Police and a Communication officer lose 1 "
                     "Effectiveness each): " + _join(gain))
    elif decision == "alien_tech":
        gain = _scratch(game, {reading: value})
        back = _run(gain, lambda: gain._take_back_time("Alien Travel Technology"))
        parts.append("stable Engine: you may use the Alien Travel Technology ("
                     + _join(effect_words(back) or ["no Time to win back"]) + ")")
    if not parts:
        parts.append("the Cells stay dormant" if reading == "sabotage" else
                     "the Engine runs normally")
    if decision == "over":
        decision = None
    return ReadingPreview(reading, value, "; ".join(parts), events, decision)


def destinations(game: HeraldGame, direction_value: int | None) -> list[Hex]:
    """Where the ship may stand when the Timeline acts: the hexes the Direction Reading
    allows (any neighbour if its die is not placed yet), computed by the engine."""
    pos = game.state.position
    if direction_value is not None:
        sim = _scratch(game, {"direction": direction_value})
        options = sim._direction_options()
        if not options:
            sim.state.lost = True
            options = sim._direction_options()
    else:
        options = [d for d in DIRECTIONS if game.pads.holomap.on_map(neighbour(pos, d))]
    return sorted({neighbour(pos, d) for d in options})


def pawn_destination(game: HeraldGame, value: int) -> Hex:
    """Where the engine's Timeline step would move the Event pawn (with wrap-around)."""
    away = game.pads.holomap.earth  # anywhere but The Source, where the pawn stays put
    sim = _scratch(game, {"timeline": value}, position=away)
    sim.state.variant = "standard"
    events = _run(sim, sim._step_timeline)
    pawn = next(e for e in events if isinstance(e, MatrixPawnMoved))
    return tuple(pawn.dst)


def _timeline_at(game: HeraldGame, value: int, where: Hex) -> tuple[str, tuple[Event, ...]]:
    # the Event Reading only sets Efforts, which this line does not show; any face will do
    sim = _scratch(game, {"timeline": value, "event": 3}, position=where)
    sim.state.phase = "@timeline"
    events = _run(sim, sim._step_timeline, sim._step_event)
    for e in events:
        if isinstance(e, SearchBegun):
            return f"at The Source the Search takes {e.time_needed} Time and no Event " \
                   "happens", events
    pawn = next((e for e in events if isinstance(e, MatrixPawnMoved)), None)
    if pawn is None:
        return "no Event", events
    ev = game.pads.event_at(pawn.dst)
    if any(isinstance(e, MinorIncident) for e in events) or sim.state.phase == "linear_incident":
        return f"{ev.name} has already happened: a minor incident instead", events
    revealed = next((e for e in events if isinstance(e, EventRevealed)), None)
    listed = f", listed Effort {ev.effort}" if revealed is not None else ""
    return f"{ev.name} ({OUTCOME_PLAIN.get(ev.outcome, ev.outcome)}{listed})", events


def _timeline(game: HeraldGame, value: int, direction_value: int | None) -> ReadingPreview:
    source = game.pads.holomap.source
    places = destinations(game, direction_value)
    into_source = [p for p in places if p == source]
    elsewhere = [p for p in places if p != source]
    if elsewhere:
        text, events = _timeline_at(game, value, elsewhere[0])
        if into_source:
            search, _ = _timeline_at(game, value, source)
            text = f"{text}, unless the ship enters The Source ({search})"
            events = ()
        return ReadingPreview("timeline", value, text, events)
    text, events = _timeline_at(game, value, source)
    return ReadingPreview("timeline", value, text, events)


def _event(game: HeraldGame, value: int, direction_value: int | None) -> ReadingPreview:
    first, second = event_effort_bonus(value)
    text = {(1, 0): "+1 Effort to the first Challenge", (1, 1): "+1 Effort to both Challenges",
            (0, 1): "+1 Effort to the second Challenge"}.get((first, second), "no change")
    places = destinations(game, direction_value)
    source = game.pads.holomap.source
    if source in places and not game.state.alien_tech:
        cost, efforts = operation_costs(value)
        supplies = "1 Supply" if cost == 1 else f"{cost} Supplies"
        at_source = (f"at The Source: the operation needs {supplies}, "
                     + ", ".join(f"{SUBJECT_NAMES[s]} {e}"
                                 for s, e in zip(OPERATION_SUBJECTS, efforts, strict=True)))
        text = at_source if places == [source] else f"{text}; {at_source}"
    return ReadingPreview("event", value, text)


def preview_reading(game: HeraldGame, reading: str, value: int,
                    direction_value: int | None = None) -> ReadingPreview:
    """What die ``value`` on ``reading`` would do from the current state.

    ``direction_value`` is the die already on the Direction Reading, if any: it decides
    whether the ship can enter The Source this turn, which replaces the Event by the
    Search (so the Timeline and Event previews name what will really happen).
    """
    if not isinstance(value, int) or not 1 <= value <= 6:
        return ReadingPreview(reading, value, "a die shows 1 to 6")
    if reading == "direction":
        return _direction(game, value)
    if reading == "environment":
        return _environment(game, value)
    if reading in ("sabotage", "stec"):
        return _third(game, reading, value)
    if reading == "timeline":
        return _timeline(game, value, direction_value)
    if reading == "event":
        return _event(game, value, direction_value)
    return ReadingPreview(reading, value, f"unknown reading {reading!r}")


def reading_consequences(game: HeraldGame, reading: str, value: int,
                         direction_value: int | None = None) -> str:
    """What giving die ``value`` to ``reading`` would do now, in one short line."""
    return preview_reading(game, reading, value, direction_value).text
