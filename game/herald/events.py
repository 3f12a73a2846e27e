"""Game events: what happened, as plain frozen values the UI animates and logs.

The engine emits these from ``apply``; the UI never re-derives rules from the state,
it plays these back. ``to_dict`` gives primitives only; ``describe`` gives one sentence
in plain words for the game log.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from game.herald.holomap import DIRECTION_NAMES

TRACK_NAMES = {
    "supplies": "Supplies", "leadership": "Leadership", "infiltration": "Infiltration",
    "diplomatic": "Diplomatic Successes", "research": "Research Surveys", "time": "Time",
    "countdown_modifier": "Countdown Roll modifier",
}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Event:
    """Base of every event; ``type`` names it in dict form."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def describe(self) -> str:
        return self.type


@dataclass(frozen=True)
class TurnBegan(Event):
    turn: int
    type: ClassVar[str] = "turn_began"

    def describe(self) -> str:
        return f"Turn {self.turn} begins."


@dataclass(frozen=True)
class DiceRolled(Event):
    dice: tuple[int, ...]
    purpose: str
    type: ClassVar[str] = "dice_rolled"

    def describe(self) -> str:
        what = {"setup": "the setup die", "readings": "the Reading Dice",
                "countdown": "the Countdown Die"}.get(self.purpose, self.purpose)
        return f"You roll {what}: {', '.join(str(d) for d in self.dice)}."


@dataclass(frozen=True)
class DiceAssigned(Event):
    assignment: dict[str, int]
    type: ClassVar[str] = "dice_assigned"

    def describe(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in self.assignment.items())
        return f"Readings set: {parts}."


@dataclass(frozen=True)
class ShipMoved(Event):
    src: tuple[int, int]
    dst: tuple[int, int]
    direction: str
    lost: bool
    type: ClassVar[str] = "ship_moved"

    def describe(self) -> str:
        way = DIRECTION_NAMES.get(self.direction, self.direction)
        if self.lost:
            return f"Lost beyond the charted space, the Herald re-plots and moves {way}."
        return f"The Herald moves {way}."


@dataclass(frozen=True)
class LisPointVisited(Event):
    hex: tuple[int, int]
    type: ClassVar[str] = "lis_point_visited"

    def describe(self) -> str:
        return "The Herald reaches a Lis Point and scans deep space."


@dataclass(frozen=True)
class SourceReached(Event):
    hex: tuple[int, int]
    type: ClassVar[str] = "source_reached"

    def describe(self) -> str:
        return "The Herald arrives where The Source should be."


@dataclass(frozen=True)
class TrackChanged(Event):
    track: str
    old: int
    new: int
    reason: str
    type: ClassVar[str] = "track_changed"

    def describe(self) -> str:
        name = TRACK_NAMES.get(self.track, self.track)
        if self.track == "time":
            return f"Time advances from space {self.old} to {self.new} ({self.reason})." \
                if self.new < self.old else \
                f"Time is taken back from space {self.old} to {self.new} ({self.reason})."
        return f"{name} goes from {self.old} to {self.new} ({self.reason})."


@dataclass(frozen=True)
class EffectivenessChanged(Event):
    officer: str
    old: int
    new: int
    reason: str
    name: str = ""
    type: ClassVar[str] = "effectiveness_changed"

    def describe(self) -> str:
        return f"{self.name or self.officer}'s Effectiveness goes from {self.old} to " \
               f"{self.new} ({self.reason})."


@dataclass(frozen=True)
class MatrixPawnMoved(Event):
    src: tuple[int, int]
    dst: tuple[int, int]
    wrapped_col: bool
    wrapped_row: bool
    type: ClassVar[str] = "matrix_pawn_moved"

    def describe(self) -> str:
        wrap = " (wrapping around the Matrix)" if self.wrapped_col or self.wrapped_row else ""
        return f"The Timeline shifts on the Event Matrix{wrap}."


@dataclass(frozen=True)
class EventRevealed(Event):
    pos: tuple[int, int]
    name: str
    efforts: tuple[int, int]
    type: ClassVar[str] = "event_revealed"

    def describe(self) -> str:
        return f"Event: {self.name}, Efforts {self.efforts[0]} and {self.efforts[1]}."


@dataclass(frozen=True)
class EventResolved(Event):
    pos: tuple[int, int]
    success: bool
    officers: tuple[str, ...]
    dilemma: bool
    outcome: str
    type: ClassVar[str] = "event_resolved"

    def describe(self) -> str:
        if self.success:
            extra = " after declaring a Dilemma" if self.dilemma else ""
            return f"The officers handle the Event{extra} ({self.outcome})."
        return f"The Event is not met ({self.outcome})."


@dataclass(frozen=True)
class BadReputationPlaced(Event):
    hex: tuple[int, int]
    type: ClassVar[str] = "bad_reputation_placed"

    def describe(self) -> str:
        return "Humankind earns a Bad Reputation in this Region."


@dataclass(frozen=True)
class CellDismantled(Event):
    how: str
    type: ClassVar[str] = "cell_dismantled"

    def describe(self) -> str:
        how = {"sabotage": "after a bold sabotage", "dice_sum": "from clear clues",
               "investigation": "after an investigation"}.get(self.how, self.how)
        return f"Security dismantles an Isolationist Cell {how}."


@dataclass(frozen=True)
class StecExploded(Event):
    type: ClassVar[str] = "stec_exploded"

    def describe(self) -> str:
        return "Explosions rock the STEC Engine; from now on it is unstable."


@dataclass(frozen=True)
class AlienTechRecovered(Event):
    type: ClassVar[str] = "alien_tech_recovered"

    def describe(self) -> str:
        return "The exploring parties recover the Alien Travel Technology."


@dataclass(frozen=True)
class SearchBegun(Event):
    time_needed: int
    type: ClassVar[str] = "search_begun"

    def describe(self) -> str:
        return f"The Search at The Source needs {self.time_needed} Time."


@dataclass(frozen=True)
class OperationMounted(Event):
    officers: tuple[str | None, ...]
    efforts: tuple[int, ...]
    supplies: int
    dilemma: bool
    type: ClassVar[str] = "operation_mounted"

    def describe(self) -> str:
        extra = ", declared a Dilemma" if self.dilemma else ""
        return f"The exploring parties go in (costs {self.supplies} Supplies{extra})."


@dataclass(frozen=True)
class MinorIncident(Event):
    pos: tuple[int, int]
    name: str
    officer: str | None
    consequence: str
    type: ClassVar[str] = "minor_incident"

    def describe(self) -> str:
        return f"{self.name} has already happened: a minor incident ({self.consequence})."


@dataclass(frozen=True)
class CountdownBegan(Event):
    type: ClassVar[str] = "countdown_began"

    def describe(self) -> str:
        return "The Final Countdown begins."


@dataclass(frozen=True)
class CountdownRolled(Event):
    roll: int
    modifier: int
    range_high: int
    advanced: bool
    type: ClassVar[str] = "countdown_rolled"

    def describe(self) -> str:
        total = self.roll + self.modifier
        verdict = "Time advances" if self.advanced else "Time holds"
        return f"Countdown Roll {self.roll} {self.modifier:+d} = {total} against 1-" \
               f"{self.range_high}: {verdict}."


@dataclass(frozen=True)
class GameEnded(Event):
    outcome: dict[str, Any]
    type: ClassVar[str] = "game_ended"

    def describe(self) -> str:
        tier = self.outcome.get("tier", "")
        return f"The voyage is over: {tier} - {self.outcome.get('reason', '')}."


def _direct_init(cls: type[Event]) -> None:
    """Give a frozen event an ``__init__`` that fills its ``__dict__`` directly.

    The one dataclasses writes sets each field through ``object.__setattr__`` (the class
    is frozen), which makes building an event half again as slow, and the engine builds
    a dozen a turn. Same parameters in the same order, no defaults (an event with a
    default or a non-init field keeps the dataclass one); still frozen afterwards.
    """
    names = [f.name for f in fields(cls)]
    if any(f.default is not MISSING or f.default_factory is not MISSING or not f.init
           for f in fields(cls)) or hasattr(cls, "__post_init__"):
        return
    body = "".join(f"\n    d[{n!r}] = {n}" for n in names) or "\n    pass"
    source = f"def __init__(self{''.join(', ' + n for n in names)}):\n    d = self.__dict__{body}"
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 - generated from the field names above only
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]


def _all_events(base: type[Event]) -> list[type[Event]]:
    found = []
    for sub in base.__subclasses__():
        found += [sub, *_all_events(sub)]
    return found


for _cls in _all_events(Event):
    _direct_init(_cls)
