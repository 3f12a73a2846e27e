"""The Herald rules engine: turn flow, decisions, legal actions, undo and replay.

A game is its setup (seed, variant, forced dice, pads) and its action log; ``replay``
rebuilds the identical state from them, and saves, undo and the bot protocol all rest
on that. The engine runs the rulebook's turn (A. Readings, B. Event, C. Time, D. Check)
as a chain of automatic steps that stops whenever the player must decide something;
``pending`` describes that decision and ``legal_actions`` lists every legal answer.

Decisions resolved by the engine itself (exactly one legal answer and it costs nothing):
a Direction Reading that leaves only one valid direction, an investigation nobody can
lead, the Alien Travel Technology when nobody can use it, and an operation at The
Source that cannot be organised (or is pointless because the technology is already
recovered). Each still emits its events.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.herald import outcome as outcomes
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
    action_from_dict,
)
from game.herald.errors import (
    HeraldError,
    IllegalAction,
    InvalidAction,
    PadsError,
    SaveError,
)
from game.herald.events import (
    AlienTechRecovered,
    BadReputationPlaced,
    CellDismantled,
    CountdownBegan,
    CountdownRolled,
    DiceAssigned,
    DiceRolled,
    EffectivenessChanged,
    Event,
    EventResolved,
    EventRevealed,
    GameEnded,
    LisPointVisited,
    MatrixPawnMoved,
    MinorIncident,
    OperationMounted,
    SearchBegun,
    ShipMoved,
    SourceReached,
    StecExploded,
    TrackChanged,
    TurnBegan,
)
from game.herald.holomap import DIRECTION_NAMES, DIRECTIONS, Hex, neighbour
from game.herald.pads import (
    MATRIX_COLS,
    MATRIX_ROWS,
    MAX_EFFORT,
    MIN_EFFORT,
    SUBJECT_NAMES,
    Pads,
    load_pads,
    pads_from_dict,
)
from game.herald.readings import (
    COUNTERINTELLIGENCE_SUM,
    DIRECTION_CHOICES,
    OPERATION_SUBJECTS,
    active_readings,
    environment_options,
    event_effort_bonus,
    operation_costs,
    search_time,
    timeline_step,
)
from game.herald.state import HeraldState, Outcome

_ORDERS = tuple(itertools.permutations(range(5)))


@lru_cache(maxsize=8192)
def _distinct_assignments(dice: tuple[int, ...]) -> tuple[AssignDice, ...]:
    """The ways to lay five dice on the five Readings that differ in what each Reading
    gets, each the first such order in ``itertools.permutations`` order (so a seeded
    random player picks the same as ever). Every turn asks for this among at most 6**5
    rolls, and the actions are frozen: kept, not rebuilt from 120 orders each time."""
    seen: set[tuple[int, ...]] = set()
    result: list[AssignDice] = []
    for order in _ORDERS:
        a, b, c, d, e = order
        values = (dice[a], dice[b], dice[c], dice[d], dice[e])
        if values not in seen:
            seen.add(values)
            result.append(AssignDice(order))  # type: ignore[arg-type]
    return tuple(result)

SAVE_FORMAT = "herald-game"
SAVE_VERSION = 1
VARIANTS = ("standard", "linear")
TRACK_MAX = 4

DECISION_KINDS = ("assign_dice", "direction", "environment", "investigate", "alien_tech",
                  "event_officers", "source_operation", "linear_incident")


@dataclass(frozen=True)
class Decision:
    """What the player must decide now: a kind, a plain-words prompt and useful context."""

    kind: str
    prompt: str
    context: dict[str, Any] = field(default_factory=dict)

    __hash__ = object.__hash__

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "prompt": self.prompt, "context": self.context}


#: Which action types answer each pending decision.
_ANSWERS: dict[str, type | tuple[type, ...]] = {
    "assign_dice": AssignDice, "direction": ChooseDirection,
    "environment": ChooseEnvironment,
    "investigate": (Investigate, DeclineInvestigation),
    "alien_tech": (UseAlienTech, DeclineAlienTech),
    "event_officers": (FaceEvent, DeclineEvent),
    "source_operation": (MountOperation, DeclineOperation),
    "linear_incident": ChooseIncidentOfficer,
}


#: The fields naming officers, per action type, in the order they are checked.
_OFFICER_FIELDS: dict[type, tuple[str, ...]] = {
    Investigate: ("police", "communication"), UseAlienTech: ("space", "physics"),
    FaceEvent: ("first", "second"), ChooseIncidentOfficer: ("officer",),
    MountOperation: ("cultures", "battle", "ground", "biology"),
}

#: Answers that are legal whenever their decision is pending (checked first, by exact type).
_ALWAYS_LEGAL: frozenset[type] = frozenset(
    {DeclineInvestigation, DeclineAlienTech, DeclineEvent, DeclineOperation})

#: The automatic step each "@" phase runs (looked up on the instance, so a test may wrap one).
_STEPS: dict[str, str] = {
    "@direction": "_step_direction", "@environment": "_step_environment",
    "@third": "_step_third", "@timeline": "_step_timeline", "@event": "_step_event",
    "@time": "_step_time", "@next_turn": "_step_next_turn",
}


@lru_cache(maxsize=1024)
def _efforts(base: int, event_value: int, dilemma: bool) -> tuple[int, int]:
    """An Event's two Efforts from its listed Effort (plus 1 for a Bad Reputation near),
    the Event Reading and the Dilemma. Few distinct inputs ever occur: kept, not redone."""
    first, second = event_effort_bonus(event_value)
    first += base
    second += base
    if dilemma:
        first = max(MIN_EFFORT, first - 1)
        second = max(MIN_EFFORT, second - 1)
    return (min(MAX_EFFORT, max(MIN_EFFORT, first)),
            min(MAX_EFFORT, max(MIN_EFFORT, second)))


@lru_cache(maxsize=1024)
def _timeline_move(col: int, row: int, value: int) -> tuple[tuple[int, int], bool, bool]:
    """Where the Timeline Reading ``value`` moves the Event Matrix pawn from (col, row),
    wrapping around the Matrix: (destination, wrapped a column, wrapped a row)."""
    dcol, drow = timeline_step(value)
    ncol, nrow = col + dcol, row + drow
    return ((ncol % MATRIX_COLS, nrow % MATRIX_ROWS), not 0 <= ncol < MATRIX_COLS,
            not 0 <= nrow < MATRIX_ROWS)


# Events whose fields recur from turn to turn and game to game (a track going from 3 to 2
# for the same reason, the pawn moving between the same two squares) are handed out once
# per distinct set of fields and shared: they are frozen values, so sharing one is the
# same as building another, and finding it costs a third of building it. Each kind has
# a few hundred possible values at most; the caches are bounded all the same.
_turn_began = lru_cache(maxsize=256)(TurnBegan)
_ship_moved = lru_cache(maxsize=2048)(ShipMoved)
_cell_dismantled = lru_cache(maxsize=16)(CellDismantled)
_pawn_moved = lru_cache(maxsize=1024)(MatrixPawnMoved)
_event_revealed = lru_cache(maxsize=1024)(EventRevealed)
_event_resolved = lru_cache(maxsize=1024)(EventResolved)
_track_changed = lru_cache(maxsize=4096)(TrackChanged)
_effectiveness_changed = lru_cache(maxsize=4096)(EffectivenessChanged)


def _distinct_pick(options: list[list[str]], taken: frozenset[str] = frozenset()) -> bool:
    """Whether one officer can be picked from each list, all different (and none of
    ``taken``): a depth-first search that stops at the first such pick."""
    if not options:
        return True
    first, rest = options[0], options[1:]
    return any(oid not in taken and _distinct_pick(rest, taken | {oid}) for oid in first)


class _GameOver(Exception):
    """Raised inside the engine the moment a defeat or the return to Earth ends the game."""


class HeraldGame:
    """One game of The Herald: pads, setup, state and the log of actions applied."""

    def __init__(self, pads: Pads, setup: dict[str, Any]) -> None:
        self.pads = pads
        self.setup = setup
        self.state = HeraldState()
        self.log: list[Action] = []
        self.history: list[Event] = []
        self._events: list[Event] = []
        self._rng = random.Random(setup["seed"])

    # -- construction -----------------------------------------------------------------

    @classmethod
    def new(cls, seed: int, variant: str = "standard", pads: Pads | None = None,
            dice: Sequence[int] | None = None) -> HeraldGame:
        """Set up a new game (Game Setup), roll the first Reading Dice and return it."""
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise HeraldError(f"seed must be a whole number 0 or more, got {seed!r}")
        if variant not in VARIANTS:
            raise HeraldError(f"variant must be one of {VARIANTS}, got {variant!r}")
        forced = [] if dice is None else list(dice)
        if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6
               for v in forced):
            raise HeraldError(f"forced dice must be numbers 1-6, got {forced!r}")
        bundled = load_pads()
        if pads is None:
            pads = bundled
        setup = {"seed": seed, "variant": variant, "dice": forced,
                 "pads": None if pads.raw == bundled.raw else pads.raw}
        game = cls(pads, setup)
        game._start()
        return game

    def _start(self) -> None:
        s = self.state
        h = self.pads.holomap
        s.variant = self.setup["variant"]
        s.position = h.earth
        s.route = [h.earth]
        s.time = self.pads.time_track.start
        s.effectiveness = {o.id: o.max_effectiveness for o in self.pads.officers}
        s.rng = self._rng
        self._events = []
        (die,) = self._roll(1, "setup")
        name = "Vibrations" if die <= 3 else "Survival"
        s.matrix = self.pads.find_event(name)
        if s.variant == "linear":
            s.event_tokens = [s.matrix]
        s.phase = "@next_turn"
        self._run()
        self.history.extend(self._events)
        self._events = []

    @classmethod
    def replay(cls, setup: dict[str, Any], log: Iterable[Action | dict[str, Any]]
               ) -> HeraldGame:
        """Rebuild a game from its setup and action log (identical state, byte for byte)."""
        return replay(setup, log)

    # -- public queries ---------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def pending(self) -> Decision | None:
        """The decision the player must take now, or None once the game is over."""
        s = self.state
        if s.outcome is not None:
            return None
        return self._decision(s.phase)

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision (empty once the game is over)."""
        s = self.state
        if s.outcome is not None:
            return []
        phase = s.phase
        if phase == "assign_dice":
            return list(_distinct_assignments(tuple(s.dice)))
        if phase == "direction":
            return [ChooseDirection(d) for d in self._direction_options()]
        if phase == "environment":
            return [ChooseEnvironment(o) for o in environment_options(self._reading("environment"))]
        if phase == "investigate":
            pairs = self._pairs("POL", "COM")
            return [Investigate(p, c) for p, c in pairs] + [DeclineInvestigation()]
        if phase == "alien_tech":
            pairs = self._pairs("SPA", "PHY")
            return [UseAlienTech(a, b) for a, b in pairs] + [DeclineAlienTech()]
        if phase == "event_officers":
            result = []
            for dilemma in (False, True):
                efforts = self.event_efforts(dilemma)
                ev = self.pads.event_at(s.matrix)
                for a in self._able(ev.subjects[0], efforts[0]):
                    for b in self._able(ev.subjects[1], efforts[1]):
                        if a != b:
                            result.append(FaceEvent(a, b, dilemma))
            return result + [DeclineEvent()]
        if phase == "source_operation":
            return [*self._operation_teams(), DeclineOperation()]
        if phase == "linear_incident":
            subject = self.pads.event_at(s.matrix).subjects[0]
            return [ChooseIncidentOfficer(o.id) for o in self.pads.experts(subject)
                    if s.effectiveness[o.id] >= 1]
        return []

    def is_legal(self, action: Action) -> bool:
        try:
            self._validate(action)
        except IllegalAction:
            return False
        return True

    def can_undo(self) -> bool:
        """True when the last decision can be taken back (no die rolled since it)."""
        return bool(self.log) and self.state.rolled_at < len(self.log)

    def undo(self) -> None:
        """Take back the last decision by replaying the setup and the log without it."""
        if not self.can_undo():
            raise IllegalAction("nothing to undo: dice have been rolled since the last decision"
                                if self.log else "nothing to undo: no decision taken yet")
        again = replay(self.setup, self.log[:-1], pads=self.pads)
        self.state, self.log, self.history = again.state, again.log, again.history
        self._rng = again._rng

    # -- efforts and eligibility (also used by preview and bot) -----------------------

    def bad_reputation_nearby(self, position: Hex | None = None) -> bool:
        """True if a Bad Reputation token is at or next to ``position`` (default: ours)."""
        tokens = self.state.bad_reputation
        if not tokens:
            return False
        pos = self.state.position if position is None else position
        near = self.pads.holomap.around(pos)
        return any(tuple(t) in near for t in tokens)

    def event_efforts(self, dilemma: bool = False, event_value: int | None = None,
                      pos: tuple[int, int] | None = None,
                      position: Hex | None = None) -> tuple[int, int]:
        """Efforts of the current (or given) Event's two Challenges after all modifiers.

        The Dilemma lowers each Effort by 1 but never below 3, the lowest Effort the
        rulebook allows (see docs/herald-rules-notes.md).
        """
        s = self.state
        ev = self.pads.event_at(s.matrix if pos is None else pos)
        value = self._reading("event") if event_value is None else event_value
        base = ev.effort + (1 if self.bad_reputation_nearby(position) else 0)
        return _efforts(base, value, dilemma)

    def _event_efforts(self, dilemma: bool) -> tuple[int, int]:
        """``event_efforts(dilemma)`` for the current Event, the Event Reading and our
        position: the engine asks for it up to three times an Event."""
        s = self.state
        col, row = s.matrix
        base = self.pads.events[col][row].effort
        if s.bad_reputation and self.bad_reputation_nearby():
            base += 1
        return _efforts(base, self._reading("event"), dilemma)

    def can_meet(self, officer_id: str, subject: str, effort: int) -> bool:
        """Expertise in the Subject, Effectiveness at least 1, and the two summing to Effort."""
        off = self.pads.officer(officer_id)
        level = off.expertise.get(subject, 0)
        eff = self.state.effectiveness[officer_id]
        return level > 0 and eff >= 1 and level + eff >= effort

    def _able(self, subject: str, effort: int) -> list[str]:
        return [o.id for o in self.pads.experts(subject) if self.can_meet(o.id, subject, effort)]

    def _pairs(self, first: str, second: str) -> list[tuple[str, str]]:
        """Two different officers with Expertise in the two Subjects and Effectiveness >= 1."""
        eff = self.state.effectiveness
        a_list = [o.id for o in self.pads.experts(first) if eff[o.id] >= 1]
        b_list = [o.id for o in self.pads.experts(second) if eff[o.id] >= 1]
        return [(a, b) for a in a_list for b in b_list if a != b]

    def _has_pair(self, first: str, second: str) -> bool:
        """``bool(self._pairs(first, second))``, stopping at the first pair: the Sabotage
        and STEC steps ask only whether anyone could investigate or use the technology."""
        eff = self.state.effectiveness
        experts = self.pads.experts
        able = [o.id for o in experts(first) if eff[o.id] >= 1]
        if not able:
            return False
        return any(eff[o.id] >= 1 and (len(able) > 1 or able[0] != o.id)
                   for o in experts(second))

    def _in_pair(self, first: str, a: str, second: str, b: str) -> bool:
        """``(a, b) in self._pairs(first, second)``, without listing the pairs."""
        eff = self.state.effectiveness
        experts = self.pads.experts
        return (a != b and eff.get(a, 0) >= 1 and eff.get(b, 0) >= 1
                and any(o.id == a for o in experts(first))
                and any(o.id == b for o in experts(second)))

    def operation_requirements(self) -> tuple[int, tuple[int, int, int, int]]:
        return operation_costs(self._reading("event"))

    def _operation_teams(self) -> list[MountOperation]:
        """Every legal team for the operation: four officers, or three with a Dilemma.

        None at all when the Supplies on board are fewer than the operation needs.
        """
        cost, efforts = self.operation_requirements()
        if self.state.supplies < cost:
            return []
        options = []
        for i, subject in enumerate(OPERATION_SUBJECTS):
            options.append(self._able(subject, efforts[i]))
        full = [team for team in itertools.product(*options) if len(set(team)) == 4]
        if full:
            return [MountOperation(*team, dilemma=False) for team in full]
        result = []
        for missing in range(4):
            lists = [[None] if i == missing else opts for i, opts in enumerate(options)]
            for team in itertools.product(*lists):
                named = [t for t in team if t is not None]
                if len(set(named)) == 3:
                    result.append(MountOperation(*team, dilemma=True))
        return result

    def _operation_options(self) -> list[list[str]] | None:
        """The officers able to lead each of the operation's four Challenges, in
        ``OPERATION_SUBJECTS`` order; None when the Supplies on board are too few."""
        cost, efforts = self.operation_requirements()
        if self.state.supplies < cost:
            return None
        return [self._able(subject, efforts[i]) for i, subject in enumerate(OPERATION_SUBJECTS)]

    def _has_operation_team(self) -> bool:
        """``bool(self._operation_teams())`` without listing the teams: some four (or,
        leaving one Challenge open, three) different officers can lead it."""
        options = self._operation_options()
        if options is None:
            return False
        return any(_distinct_pick([opts for i, opts in enumerate(options) if i != missing])
                   for missing in range(4))

    def _legal_operation(self, action: MountOperation) -> bool:
        """``action in self._operation_teams()``, decided for this one team: four
        different able officers without a Dilemma, or three with one Challenge open and a
        Dilemma when no full team of four exists."""
        options = self._operation_options()
        if options is None:
            return False
        leaders = action.leaders
        named = [oid for oid in leaders if oid is not None]
        if len(set(named)) != len(named) or not all(
                oid is None or oid in opts for oid, opts in zip(leaders, options, strict=True)):
            return False
        if len(named) == 4:
            return not action.dilemma
        return len(named) == 3 and action.dilemma and not _distinct_pick(options)

    def _reading(self, name: str) -> int:
        try:
            return self.state.assignment[name]  # type: ignore[index]
        except (KeyError, TypeError):
            raise IllegalAction(f"the {name} reading has no die yet") from None

    def _direction_options(self) -> list[str]:
        """The directions the ship may take now (every open one when lost)."""
        return list(self._directions())

    def _directions(self) -> tuple[str, ...]:
        """``_direction_options`` as the Holomap's cached tuple (for the engine's own use)."""
        s = self.state
        if s.lost:
            return self.pads.holomap.open_among(s.position, DIRECTIONS)
        return self.pads.holomap.open_among(s.position,
                                            DIRECTION_CHOICES[self._reading("direction")])

    # -- decisions --------------------------------------------------------------------

    def _decision(self, phase: str) -> Decision:
        s = self.state
        pads = self.pads
        if phase == "assign_dice":
            readings = active_readings(s.stec_active)
            return Decision("assign_dice",
                            "Give one Reading Die to each Reading: " + ", ".join(readings) + ".",
                            {"dice": list(s.dice), "readings": list(readings),
                             "dice_sum": sum(s.dice)})
        if phase == "direction":
            value = self._reading("direction")
            allowed = DIRECTION_CHOICES[value]
            h = pads.holomap
            valid = {d: h.on_map(neighbour(s.position, d)) for d in allowed}
            options = self._direction_options()
            if s.lost:
                prompt = ("Both directions of the Reading lead off the Holomap: you are lost. "
                          "Choose any other direction (Time advances by 1).")
            else:
                prompt = "Choose the direction: " + " or ".join(
                    DIRECTION_NAMES[d] for d in options) + "."
            return Decision("direction", prompt, {
                "reading": value, "allowed": list(allowed), "valid": valid,
                "lost": s.lost, "options": options,
                "targets": {d: list(neighbour(s.position, d)) for d in options},
            })
        if phase == "environment":
            value = self._reading("environment")
            opts = environment_options(value)
            other = "a Full Resupply (+2 Supplies, Time +1)" if "full_resupply" in opts else \
                "Shore Leave (+2 Effectiveness to all, Time +1)"
            return Decision("environment",
                            f"Resupply on the fly (no change) or {other}?",
                            {"reading": value, "options": list(opts)})
        if phase == "investigate":
            return Decision("investigate",
                            "Pursue the investigation? Two officers (Police and Communication) "
                            "lose 1 Effectiveness each and one Cell is dismantled.",
                            {"police": sorted({p for p, _ in self._pairs("POL", "COM")}),
                             "communication": sorted({c for _, c in self._pairs("POL", "COM")}),
                             "dice_sum": sum(s.dice)})
        if phase == "alien_tech":
            return Decision("alien_tech",
                            "Use the Alien Travel Technology? Two officers (Space and Physics) "
                            "lose 1 Effectiveness each and Time is taken back by 1.",
                            {"space": sorted({a for a, _ in self._pairs("SPA", "PHY")}),
                             "physics": sorted({b for _, b in self._pairs("SPA", "PHY")}),
                             "countdown": s.time <= pads.time_track.countdown_start})
        if phase == "event_officers":
            ev = pads.event_at(s.matrix)
            efforts = self.event_efforts(False)
            dil = self.event_efforts(True)
            return Decision("event_officers",
                            f"{ev.name}: choose two officers for "
                            f"{SUBJECT_NAMES[ev.subjects[0]]} (Effort {efforts[0]}) and "
                            f"{SUBJECT_NAMES[ev.subjects[1]]} (Effort {efforts[1]}), "
                            "or decline.",
                            {"pos": list(s.matrix), "name": ev.name,
                             "subjects": list(ev.subjects), "listed_effort": ev.effort,
                             "efforts": list(efforts), "dilemma_efforts": list(dil),
                             "outcome": ev.outcome, "opportunity": ev.opportunity,
                             "bad_reputation_nearby": self.bad_reputation_nearby(),
                             "eligible": {"first": self._able(ev.subjects[0], efforts[0]),
                                          "second": self._able(ev.subjects[1], efforts[1])},
                             "eligible_dilemma": {"first": self._able(ev.subjects[0], dil[0]),
                                                  "second": self._able(ev.subjects[1], dil[1])}})
        if phase == "source_operation":
            cost, efforts = self.operation_requirements()
            teams = self._operation_teams()
            return Decision("source_operation",
                            f"Mount the operation at The Source? It needs {cost} Supplies and "
                            "officers for " + ", ".join(
                                f"{SUBJECT_NAMES[sub]} (Effort {e})"
                                for sub, e in zip(OPERATION_SUBJECTS, efforts, strict=True)
                            ) + ".",
                            {"supplies": cost, "subjects": list(OPERATION_SUBJECTS),
                             "efforts": list(efforts),
                             "eligible": {sub: self._able(sub, e) for sub, e in
                                          zip(OPERATION_SUBJECTS, efforts, strict=True)},
                             "needs_dilemma": bool(teams) and teams[0].dilemma})
        if phase == "linear_incident":
            ev = pads.event_at(s.matrix)
            subject = ev.subjects[0]
            return Decision("linear_incident",
                            f"{ev.name} has already happened: choose an officer with "
                            f"{SUBJECT_NAMES[subject]} expertise to lose 1 Effectiveness.",
                            {"pos": list(s.matrix), "name": ev.name, "subject": subject,
                             "eligible": [a.officer for a in self.legal_actions()
                                          if isinstance(a, ChooseIncidentOfficer)]})
        raise HeraldError(f"no decision in phase {phase!r}")

    # -- applying actions -------------------------------------------------------------

    def apply(self, action: Action | dict[str, Any]) -> list[Event]:
        """Validate and apply one action; return the events it caused.

        An illegal action raises IllegalAction (a malformed dict, InvalidAction) and
        leaves the game exactly as it was.
        """
        s = self.state
        known = _KNOWN.get(type(action))
        legal = False
        if known is not None and known[0] == s.phase and s.outcome is None:
            try:
                legal = known[1](self, action)
            except Exception:  # noqa: BLE001 - hand-built with wrong types: _validate says
                legal = False
        if legal:
            perform = getattr(self, known[2])
        else:
            if isinstance(action, dict):
                action = action_from_dict(action)
            if not isinstance(action, Action):
                raise InvalidAction(f"not an action: {action!r}")
            self._validate(action)
            perform = self._perform
        self.log.append(action)
        self._events = events = []
        try:
            perform(action)
        except _GameOver:
            pass
        else:
            self._run()
        self.history += events
        self._events = []
        return events

    def _validate(self, action: Action) -> None:
        """Raise IllegalAction, naming why, unless ``action`` answers the pending decision.

        The common case, a legal action of one of the engine's own classes answering the
        pending kind, is decided by that class's one check; anything else (an illegal
        action, a subclass, a value built by hand with the wrong types) goes through
        every check in order, which finds the reason to give.
        """
        s = self.state
        known = _KNOWN.get(type(action))
        if (known is not None and known[0] == s.phase and s.outcome is None
                and self._quick_legal(known[1], action)):
            return
        if s.outcome is not None:
            raise IllegalAction("the game is over")
        expected = _ANSWERS[s.phase]
        if not isinstance(action, expected):
            raise IllegalAction(f"the pending decision is {s.phase!r}; "
                                f"{action.type!r} does not answer it")
        if isinstance(action, AssignDice):
            if sorted(action.order) != [0, 1, 2, 3, 4]:
                raise IllegalAction("assign_dice order must use each die index 0-4 exactly once")
            return
        names = _OFFICER_FIELDS.get(type(action))
        if names:
            ids = self.pads.officer_id_set
            for name in names:
                value = getattr(action, name)
                if value is not None and value not in ids:
                    raise IllegalAction(f"there is no officer {value!r}")
        if self._legal_now(action):
            return
        raise IllegalAction(self._why_illegal(action))

    def _quick_legal(self, check: Any, action: Action) -> bool:
        """``check(self, action)``, where an exception (a value built by hand with the
        wrong types) counts as "not shown legal": the full validation then says why."""
        try:
            return check(self, action)
        except Exception:  # noqa: BLE001 - the full validation names what is wrong with it
            return False

    def _legal_now(self, action: Action) -> bool:
        """Exactly ``action in self.legal_actions()`` for an action of the pending kind,
        without listing every legal answer (validation runs on every action)."""
        for cls in type(action).__mro__:
            check = _LEGAL.get(cls)
            if check is not None:
                return check(self, action)
        return action in self.legal_actions()

    # One check per action class: is this answer, of the pending kind, legal now?

    def _legal_order(self, action: AssignDice) -> bool:
        return action.order in _ORDER_SET

    def _legal_decline(self, action: Action) -> bool:
        return True  # a decline answers its decision whenever asked

    def _legal_direction(self, action: ChooseDirection) -> bool:
        return action.direction in self._directions()

    def _legal_environment(self, action: ChooseEnvironment) -> bool:
        return action.option in environment_options(self._reading("environment"))

    def _legal_investigation(self, action: Investigate) -> bool:
        return self._in_pair("POL", action.police, "COM", action.communication)

    def _legal_alien_tech(self, action: UseAlienTech) -> bool:
        return self._in_pair("SPA", action.space, "PHY", action.physics)

    def _legal_event(self, action: FaceEvent) -> bool:
        # ``in self._able(...)`` for the two officers, without listing the able ones
        first, second = action.first, action.second
        ids = self.pads.officer_id_set
        if first == second or first not in ids or second not in ids:
            return False
        subjects = self.pads.event_at(self.state.matrix).subjects
        efforts = self._event_efforts(action.dilemma)
        return (self.can_meet(first, subjects[0], efforts[0])
                and self.can_meet(second, subjects[1], efforts[1]))

    def _legal_incident(self, action: ChooseIncidentOfficer) -> bool:
        subject = self.pads.event_at(self.state.matrix).subjects[0]
        return any(o.id == action.officer and self.state.effectiveness[o.id] >= 1
                   for o in self.pads.experts(subject))

    def _why_illegal(self, action: Action) -> str:
        s = self.state
        if isinstance(action, ChooseDirection):
            if action.direction not in DIRECTIONS:
                return f"unknown direction {action.direction!r}; use one of {DIRECTIONS}"
            if not self.pads.holomap.on_map(neighbour(s.position, action.direction)):
                return f"moving {DIRECTION_NAMES[action.direction]} would leave the Holomap"
            return (f"the Direction Reading {self._reading('direction')} does not allow "
                    f"moving {DIRECTION_NAMES[action.direction]}")
        if isinstance(action, ChooseEnvironment):
            return (f"the Environment Reading {self._reading('environment')} does not allow "
                    f"{action.option!r}")
        if isinstance(action, Investigate | UseAlienTech | FaceEvent):
            if isinstance(action, Investigate):
                pairs = [("POL", action.police, 1), ("COM", action.communication, 1)]
            elif isinstance(action, UseAlienTech):
                pairs = [("SPA", action.space, 1), ("PHY", action.physics, 1)]
            else:
                ev = self.pads.event_at(s.matrix)
                efforts = self.event_efforts(action.dilemma)
                pairs = [(ev.subjects[0], action.first, efforts[0]),
                         (ev.subjects[1], action.second, efforts[1])]
            if pairs[0][1] == pairs[1][1]:
                return "the two Challenges need two different officers"
            for subject, oid, effort in pairs:
                off = self.pads.officer(oid)
                if subject not in off.expertise:
                    return f"{off.name} has no Expertise in {SUBJECT_NAMES[subject]}"
                if s.effectiveness[oid] < 1:
                    return f"{off.name} has no Effectiveness left"
                if not self.can_meet(oid, subject, effort):
                    return (f"{off.name} cannot meet Effort {effort} in "
                            f"{SUBJECT_NAMES[subject]} (Expertise {off.expertise[subject]}, "
                            f"Effectiveness {s.effectiveness[oid]})")
            return "that choice is not legal now"
        if isinstance(action, MountOperation):
            leaders = action.leaders
            missing = sum(1 for x in leaders if x is None)
            if missing > 1:
                return "at most one Challenge may be left without an officer"
            if missing == 1 and not action.dilemma:
                return "leaving a Challenge without an officer needs a Dilemma"
            if missing == 0 and action.dilemma:
                return "a Dilemma is only for an operation with one Challenge left open"
            named = [x for x in leaders if x is not None]
            if len(set(named)) != len(named):
                return "each Challenge needs a different officer"
            _, efforts = self.operation_requirements()
            for subject, oid, effort in zip(OPERATION_SUBJECTS, leaders, efforts, strict=True):
                if oid is not None and not self.can_meet(oid, subject, effort):
                    off = self.pads.officer(oid)
                    return f"{off.name} cannot meet Effort {effort} in {SUBJECT_NAMES[subject]}"
            if self.state.supplies < self.operation_requirements()[0]:
                return "there are not enough Supplies for the operation"
            if missing == 1:
                return "a full team of four is available, so no Dilemma may be declared"
            return "that team is not legal now"
        if isinstance(action, ChooseIncidentOfficer):
            subject = self.pads.event_at(s.matrix).subjects[0]
            off = self.pads.officer(action.officer)
            if subject not in off.expertise:
                return f"{off.name} has no Expertise in {SUBJECT_NAMES[subject]}"
            return f"{off.name} has no Effectiveness left"
        return "that action is not legal now"

    def _perform(self, action: Action) -> None:
        """Carry out a validated action: the handler named for its class (looked up on
        the instance, like the steps, so a subclass may replace one)."""
        name = _HANDLERS.get(type(action))
        if name is None:
            name = next(_HANDLERS[c] for c in type(action).__mro__ if c in _HANDLERS)
        getattr(self, name)(action)

    def _assign_dice(self, action: AssignDice) -> None:
        s = self.state
        dice, order = s.dice, action.order
        r = active_readings(s.stec_active)
        s.assignment = assignment = {r[0]: dice[order[0]], r[1]: dice[order[1]],
                                     r[2]: dice[order[2]], r[3]: dice[order[3]],
                                     r[4]: dice[order[4]]}
        self._events.append(DiceAssigned(assignment.copy()))
        s.phase = "@direction"

    def _choose_direction(self, action: ChooseDirection) -> None:
        if self.state.lost:
            self._advance_time("lost in uncharted space")
        self._move(action.direction)

    def _choose_environment(self, action: ChooseEnvironment) -> None:
        if action.option == "full_resupply":
            self._track("supplies", +2, "Full Resupply")
            self._advance_time("Full Resupply")
        elif action.option == "shore_leave":
            for off in self.pads.officers:
                self._effectiveness(off.id, +2, "Shore Leave")
            self._advance_time("Shore Leave")
        self.state.phase = "@third"

    def _investigate(self, action: Investigate) -> None:
        self._effectiveness(action.police, -1, "investigation")
        self._effectiveness(action.communication, -1, "investigation")
        self._dismantle("investigation")
        self.state.phase = "@timeline"

    def _use_alien_tech(self, action: UseAlienTech) -> None:
        self._effectiveness(action.space, -1, "Alien Travel Technology")
        self._effectiveness(action.physics, -1, "Alien Travel Technology")
        self._take_back_time("Alien Travel Technology")
        self.state.phase = "@timeline"

    def _decline_to_timeline(self, action: Action) -> None:
        self.state.phase = "@timeline"

    def _decline_event(self, action: DeclineEvent) -> None:
        self._fail_event()

    def _decline_operation(self, action: DeclineOperation) -> None:
        self.state.phase = "@time"

    def _incident_officer(self, action: ChooseIncidentOfficer) -> None:
        s = self.state
        ev = self.pads.event_at(s.matrix)
        self._effectiveness(action.officer, -1, "minor incident")
        self._events.append(MinorIncident(s.matrix, ev.name, action.officer,
                                          "an officer loses 1 Effectiveness"))
        s.phase = "@event"

    # -- the automatic steps of a turn ------------------------------------------------

    def _run(self) -> None:
        """Run automatic steps until the player must decide or the game ends."""
        s = self.state
        steps = _STEPS
        try:
            while (step := steps.get(s.phase)) is not None:
                getattr(self, step)()
        except _GameOver:
            pass

    def _step_next_turn(self) -> None:
        """D. then A.: a new turn begins with a roll of the five Reading Dice."""
        s = self.state
        s.turn += 1
        s.assignment = None
        s.lost = False
        s.incident = False
        self._events.append(_turn_began(s.turn))
        s.dice = self._roll(5, "readings")
        s.phase = "assign_dice"

    def _step_direction(self) -> None:
        """A1. Direction: one valid direction moves at once; none means getting lost."""
        s = self.state
        valid = self._directions()
        if len(valid) == 1:
            self._move(valid[0])
            return
        if not valid:
            s.lost = True
        s.phase = "direction"

    def _move(self, direction: str) -> None:
        s = self.state
        h = self.pads.holomap
        src = s.position
        dst = neighbour(src, direction)
        s.position = dst
        s.route.append(dst)
        self._events.append(_ship_moved(src, dst, direction, s.lost))
        s.phase = "@environment"
        if dst == h.earth:
            self._end(outcomes.earth_outcome(s, self.pads))
        if dst in h.lis_points:
            if dst not in s.lis_visited:
                s.lis_visited = sorted([*s.lis_visited, dst])
            self._events.append(LisPointVisited(dst))
        if dst == h.source:
            s.source_visited = True
            self._events.append(SourceReached(dst))

    def _step_environment(self) -> None:
        """A2. Environment: 1-2 consume a Supply; otherwise the player chooses."""
        s = self.state
        if environment_options(self._reading("environment")):
            s.phase = "environment"
            return
        s.phase = "@third"
        self._track("supplies", -1, "no resources to resupply")

    def _step_third(self) -> None:
        """A3-1 Sabotage with Counterintelligence, or A3-2 the STEC Engine."""
        s = self.state
        s.phase = "@timeline"
        if s.stec_active:
            value = self._reading("stec")
            if value <= 2:
                self._advance_time("STEC Engine malfunction")
            elif value >= 5 and s.alien_tech and self._has_pair("SPA", "PHY"):
                s.phase = "alien_tech"
            return
        value = self._reading("sabotage")
        if value <= 2:
            return
        if value <= 4:
            self._track("supplies", -1, "Isolationists destroy Supplies")
            if sum(s.dice) >= COUNTERINTELLIGENCE_SUM:
                self._dismantle("dice_sum")
            elif self._has_pair("POL", "COM"):
                s.phase = "investigate"
            return
        self._track("supplies", -1, "sabotage damages the ship")
        self._advance_time("repairing sabotage damage")
        self._track("leadership", -1, "the crew doubts you after the sabotage")
        self._dismantle("sabotage")

    def _dismantle(self, how: str) -> None:
        s = self.state
        self._track("infiltration", -1, "a Cell is dismantled")
        self._events.append(_cell_dismantled(how))
        if s.infiltration == 0 and not s.stec_active:
            s.stec_active = True
            self._events.append(StecExploded())
            self._track("supplies", -1, "STEC Engine explosion")
            self._advance_time("STEC Engine explosion")

    def _step_timeline(self) -> None:
        """A4. Timeline: move the Event Matrix pawn (not at The Source), with wrap-around."""
        s = self.state
        s.phase = "@event"
        if s.position == self.pads.holomap.source:
            return
        col, row = s.matrix
        dst, wrapped_col, wrapped_row = _timeline_move(col, row, self._reading("timeline"))
        s.matrix = dst
        self._events.append(_pawn_moved((col, row), dst, wrapped_col, wrapped_row))
        if s.variant != "linear":
            return
        if dst not in s.event_tokens:
            s.event_tokens = sorted([*s.event_tokens, dst])
            return
        s.incident = True
        ev = self.pads.event_at(dst)
        if any(s.effectiveness[o.id] >= 1 for o in self.pads.experts(ev.subjects[0])):
            s.phase = "linear_incident"
            return
        if ev.opportunity:
            self._events.append(MinorIncident(dst, ev.name, None, "Time is lost"))
            self._advance_time("minor incident")
        else:
            self._events.append(MinorIncident(dst, ev.name, None, "Supplies are lost"))
            self._track("supplies", -1, "minor incident")

    def _step_event(self) -> None:
        """B. Events (or The Search at The Source)."""
        s = self.state
        s.phase = "@time"
        if s.incident:
            return
        if s.position == self.pads.holomap.source:
            needed = search_time(self._reading("timeline"), bool(s.lis_visited))
            self._events.append(SearchBegun(needed))
            for _ in range(needed):
                self._advance_time("the Search at The Source")
            if not s.alien_tech and self._has_operation_team():
                s.phase = "source_operation"
            return
        ev = self.pads.event_at(s.matrix)
        self._events.append(_event_revealed(s.matrix, ev.name, self._event_efforts(False)))
        s.phase = "event_officers"

    def _face_event(self, action: FaceEvent) -> None:
        s = self.state
        ev = self.pads.event_at(s.matrix)
        efforts = self._event_efforts(action.dilemma)
        s.phase = "@time"
        if action.dilemma:
            self._track("leadership", -1, "declared a Dilemma")
        for oid, subject, effort in zip((action.first, action.second), ev.subjects, efforts,
                                        strict=True):
            loss = effort - self.pads.officer(oid).expertise[subject]
            self._effectiveness(oid, -loss, ev.name)
        self._events.append(EventResolved(s.matrix, True, (action.first, action.second),
                                 action.dilemma, ev.outcome))
        if ev.outcome == "+SUP":
            self._track("supplies", +2, ev.name)
        elif ev.outcome == "+DIP":
            self._track("diplomatic", +1, ev.name)
        elif ev.outcome == "+RES":
            self._track("research", +1, ev.name)

    def _fail_event(self) -> None:
        s = self.state
        ev = self.pads.event_at(s.matrix)
        s.phase = "@time"
        self._events.append(_event_resolved(s.matrix, False, (), False, ev.outcome))
        if ev.outcome == "-LEA":
            self._track("leadership", -1, ev.name)
        elif ev.outcome == "-TIM":
            self._advance_time(ev.name)
        elif ev.outcome == "-REP":
            if len(s.bad_reputation) >= 2:
                self._end(outcomes.defeat_outcome(s, self.pads, "reputation"))
            s.bad_reputation = [*s.bad_reputation, s.position]
            self._events.append(BadReputationPlaced(s.position))

    def _mount_operation(self, action: MountOperation) -> None:
        s = self.state
        cost, efforts = self.operation_requirements()
        s.phase = "@time"
        self._events.append(OperationMounted(action.leaders, efforts, cost, action.dilemma))
        if action.dilemma:
            self._track("leadership", -1, "declared a Dilemma at The Source")
        self._track("supplies", -cost, "the operation at The Source")
        for oid, subject, effort in zip(action.leaders, OPERATION_SUBJECTS, efforts,
                                        strict=True):
            if oid is not None:
                loss = effort - self.pads.officer(oid).expertise[subject]
                self._effectiveness(oid, -loss, "the operation at The Source")
        s.alien_tech = True
        self._events.append(AlienTechRecovered())

    def _step_time(self) -> None:
        """C. Time: advance by 1, or make the Countdown Roll during the Final Countdown."""
        s = self.state
        track = self.pads.time_track
        s.phase = "@next_turn"
        if s.time > track.countdown_start:
            self._advance_time("a turn passes")
            return
        (roll,) = self._roll(1, "countdown")
        modifier = s.countdown_modifier
        high = track.countdown_ranges[s.time][1]
        advanced = roll + modifier <= high
        self._events.append(CountdownRolled(roll, modifier, high, advanced))
        if modifier:
            s.countdown_modifier = 0
            self._events.append(
                _track_changed("countdown_modifier", modifier, 0, "the roll is made"))
        if advanced:
            old = s.time
            s.time -= 1
            self._events.append(_track_changed("time", old, s.time, "Countdown Roll"))
            if s.time < 1:
                self._end(outcomes.defeat_outcome(s, self.pads, "time"))

    # -- track helpers ----------------------------------------------------------------

    def _end(self, result: Outcome) -> None:
        s = self.state
        s.outcome = result
        s.phase = "over"
        self._events.append(GameEnded(result.to_dict()))
        raise _GameOver

    def _roll(self, count: int, purpose: str) -> tuple[int, ...]:
        s = self.state
        forced = self.setup["dice"]
        used = s.dice_used
        values = []
        if used < len(forced):
            values = forced[used:used + count]
        if len(values) < count:
            bits = self._rng.getrandbits
            for _ in range(count - len(values)):
                # randint(1, 6) inlined: the same draws of 3 random bits, rejecting 6 and 7
                r = bits(3)
                while r >= 6:
                    r = bits(3)
                values.append(1 + r)
        s.dice_used = used + count
        result = tuple(values)
        s.rolled_at = len(self.log)
        s.rng = self._rng
        self._events.append(DiceRolled(result, purpose))
        return result

    def _track(self, track: str, delta: int, reason: str) -> None:
        """Change a Command Bay track, respecting the caps; defeat at 0 Supplies/Leadership."""
        s = self.state
        old = getattr(s, track)
        new = max(0, min(TRACK_MAX, old + delta))
        if new == old:
            return
        setattr(s, track, new)
        self._events.append(_track_changed(track, old, new, reason))
        if new == 0 and track in ("supplies", "leadership"):
            self._end(outcomes.defeat_outcome(s, self.pads, track))

    def _effectiveness(self, officer_id: str, delta: int, reason: str) -> None:
        s = self.state
        off = self.pads.officer(officer_id)
        old = s.effectiveness[officer_id]
        new = max(0, min(off.max_effectiveness, old + delta))
        if new != old:
            s.effectiveness[officer_id] = new
            self._events.append(_effectiveness_changed(officer_id, old, new, reason, off.name))

    def _advance_time(self, reason: str) -> None:
        """Advance Time by 1, or during the Final Countdown subtract 1 from the roll."""
        s = self.state
        start = self.pads.time_track.countdown_start
        if s.time > start:
            old = s.time
            s.time -= 1
            self._events.append(_track_changed("time", old, s.time, reason))
            if s.time == start:
                self._events.append(CountdownBegan())
        else:
            old = s.countdown_modifier
            s.countdown_modifier -= 1
            self._events.append(
                _track_changed("countdown_modifier", old, s.countdown_modifier, reason))

    def _take_back_time(self, reason: str) -> None:
        """Take back Time by 1 (never before the first space), or +1 to the roll."""
        s = self.state
        track = self.pads.time_track
        if s.time > track.countdown_start:
            old = s.time
            s.time = min(track.start, s.time + 1)
            if s.time != old:
                self._events.append(_track_changed("time", old, s.time, reason))
        else:
            old = s.countdown_modifier
            s.countdown_modifier += 1
            self._events.append(
                _track_changed("countdown_modifier", old, s.countdown_modifier, reason))

    # -- serialisation ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as a versioned plain dict: setup, action log and state."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "setup": {"seed": self.setup["seed"], "variant": self.setup["variant"],
                      "dice": list(self.setup["dice"]), "pads": self.setup["pads"]},
            "log": [a.to_dict() for a in self.log],
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Any) -> HeraldGame:
        """Rebuild a game from ``to_dict`` output by replaying it; SaveError if anything
        is malformed, of another version, or does not replay to the recorded state.

        The messages are plain words for a player: they name what is wrong (the seed,
        move 7 of the log) but never echo the damaged values themselves, which may be
        thousands of characters long or not printable at all.
        """
        if not isinstance(d, dict):
            raise SaveError("not a Herald save (it is not a saved game)")
        if d.get("format") != SAVE_FORMAT:
            raise SaveError("not a Herald save (it is some other kind of file)")
        version = d.get("version")
        if version != SAVE_VERSION or isinstance(version, bool):
            raise SaveError("unsupported save version (written by another version of the "
                            f"game; this build reads version {SAVE_VERSION})")
        setup = d.get("setup")
        log = d.get("log")
        if not isinstance(setup, dict) or not isinstance(log, list):
            raise SaveError("save lacks its setup or its action log")
        _check_setup(setup)
        if "state" in d and not isinstance(d["state"], dict):
            raise SaveError("save is inconsistent: its state is not a set of values")
        pads = _setup_pads(setup)
        game = HeraldGame.new(setup["seed"], setup["variant"], pads, setup["dice"])
        for number, item in enumerate(log, start=1):
            try:
                action = action_from_dict(item)
            except InvalidAction:
                raise SaveError(f"save does not replay: move {number} of {len(log)} "
                                "is not a move the game knows") from None
            try:
                game.apply(action)
            except HeraldError:
                raise SaveError(f"save does not replay: move {number} of {len(log)} "
                                "is not allowed by the rules at that point") from None
        try:
            same = "state" not in d or d["state"] == game.state.to_dict()
        except RecursionError:
            same = False
        if not same:
            raise SaveError("save is inconsistent: its state does not match its action log")
        return game


#: The handler carrying out each class of action (a method name, see ``_perform``).
_HANDLERS: dict[type, str] = {
    AssignDice: "_assign_dice", ChooseDirection: "_choose_direction",
    ChooseEnvironment: "_choose_environment", Investigate: "_investigate",
    DeclineInvestigation: "_decline_to_timeline", UseAlienTech: "_use_alien_tech",
    DeclineAlienTech: "_decline_to_timeline", FaceEvent: "_face_event",
    DeclineEvent: "_decline_event", MountOperation: "_mount_operation",
    DeclineOperation: "_decline_operation", ChooseIncidentOfficer: "_incident_officer",
}

#: Whether an answer of each class is legal now (its kind being the pending one).
_LEGAL: dict[type, Any] = {
    AssignDice: HeraldGame._legal_order, ChooseDirection: HeraldGame._legal_direction,
    ChooseEnvironment: HeraldGame._legal_environment,
    Investigate: HeraldGame._legal_investigation, UseAlienTech: HeraldGame._legal_alien_tech,
    FaceEvent: HeraldGame._legal_event, MountOperation: HeraldGame._legal_operation,
    ChooseIncidentOfficer: HeraldGame._legal_incident,
    **{cls: HeraldGame._legal_decline for cls in _ALWAYS_LEGAL},
}

#: Each engine action class: the decision it answers, its legality check and its handler,
#: found with one look-up on every action.
_KNOWN: dict[type, tuple[str, Any, str]] = {
    cls: (phase, _LEGAL[cls], _HANDLERS[cls])
    for phase, answers in _ANSWERS.items()
    for cls in (answers if isinstance(answers, tuple) else (answers,))
}
_ORDER_SET: frozenset[tuple[int, ...]] = frozenset(_ORDERS)

MAX_SEED = 2**63 - 1
MAX_FORCED_DICE = 10_000


def _check_setup(setup: dict[str, Any]) -> None:
    """Plain-words SaveError for a setup that cannot start a game (before any replay)."""
    for key in ("seed", "variant", "dice"):
        if key not in setup:
            raise SaveError(f"setup lacks {key!r}")
    seed = setup["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SaveError("save does not replay: its seed is not a whole number "
                        "from 0 to 2**63-1")
    if setup["variant"] not in VARIANTS:
        raise SaveError("save does not replay: its variant is neither standard nor linear")
    dice = setup["dice"]
    if (not isinstance(dice, list) or len(dice) > MAX_FORCED_DICE
            or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6
                   for v in dice)):
        raise SaveError("save does not replay: its forced dice are not numbers 1-6")
    if setup.get("pads") is not None and not isinstance(setup["pads"], dict):
        raise SaveError("save does not replay: its pads are not a pads table")


def scratch_copy(game: HeraldGame, rng: random.Random, cls: type[HeraldGame] | None = None,
                 keep_route: bool = True) -> HeraldGame:
    """A throw-away copy for looking ahead (the bot) or previewing (hover hints).

    It shares the pads and the setup, has no log or history, copies the state's mutable
    parts the engine changes in place (Effectiveness, and the route unless ``keep_route``
    is False), and draws any die from ``rng``, so the real game's RNG is never touched.
    """
    sim = object.__new__(cls or HeraldGame)
    sim.pads = game.pads
    sim.setup = game.setup
    sim.log = []
    sim.history = []
    sim._events = []
    sim._rng = rng
    state = game.state.copy()
    state.effectiveness = dict(state.effectiveness)
    state.route = list(state.route) if keep_route else []
    sim.state = state
    return sim


def _setup_pads(setup: dict[str, Any]) -> Pads:
    raw = setup.get("pads")
    if raw is None:
        return load_pads()
    try:
        return pads_from_dict(raw, "the pads stored in the save")
    except PadsError as exc:
        raise SaveError(" ".join(str(exc).split())) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError,
            RecursionError):
        raise SaveError("save does not replay: the pads stored in it are malformed") from None


def replay(setup: dict[str, Any], log: Iterable[Action | dict[str, Any]],
           pads: Pads | None = None) -> HeraldGame:
    """A game rebuilt from its setup and its action log."""
    for key in ("seed", "variant", "dice"):
        if key not in setup:
            raise SaveError(f"setup lacks {key!r}")
    if pads is None:
        pads = _setup_pads(setup)
    dice = setup["dice"]
    if not isinstance(dice, list):
        raise SaveError("setup dice must be a list")
    game = HeraldGame.new(setup["seed"], setup["variant"], pads, dice)
    for item in log:
        action = item if isinstance(item, Action) else action_from_dict(item)
        game.apply(action)
    return game
