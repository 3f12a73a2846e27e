"""Player actions: small frozen values that travel as plain dicts.

Every decision a player makes is one of these. ``to_dict`` gives primitives only (JSON
and msgpack both carry them) and ``action_from_dict`` rebuilds the value, raising
``InvalidAction`` for anything malformed; whether the action is *legal* is for the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from game.herald.errors import InvalidAction


@dataclass(frozen=True)
class Action:
    """Base of all actions; ``type`` names the action in its dict form."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class AssignDice(Action):
    """order[i] is the index into ``state.dice`` of the die given to the i-th active reading."""

    order: tuple[int, int, int, int, int]
    type: ClassVar[str] = "assign_dice"


@dataclass(frozen=True)
class ChooseDirection(Action):
    direction: str
    type: ClassVar[str] = "choose_direction"


@dataclass(frozen=True)
class ChooseEnvironment(Action):
    option: str
    type: ClassVar[str] = "choose_environment"


@dataclass(frozen=True)
class Investigate(Action):
    police: str
    communication: str
    type: ClassVar[str] = "investigate"


@dataclass(frozen=True)
class DeclineInvestigation(Action):
    type: ClassVar[str] = "decline_investigation"


@dataclass(frozen=True)
class UseAlienTech(Action):
    space: str
    physics: str
    type: ClassVar[str] = "use_alien_tech"


@dataclass(frozen=True)
class DeclineAlienTech(Action):
    type: ClassVar[str] = "decline_alien_tech"


@dataclass(frozen=True)
class FaceEvent(Action):
    first: str
    second: str
    dilemma: bool = False
    type: ClassVar[str] = "face_event"


@dataclass(frozen=True)
class DeclineEvent(Action):
    type: ClassVar[str] = "decline_event"


@dataclass(frozen=True)
class MountOperation(Action):
    cultures: str | None
    battle: str | None
    ground: str | None
    biology: str | None
    dilemma: bool = False
    type: ClassVar[str] = "mount_operation"

    @property
    def leaders(self) -> tuple[str | None, str | None, str | None, str | None]:
        """Officers for CUL, BAT, GRO, BIO in order (None: that Challenge is left open)."""
        return (self.cultures, self.battle, self.ground, self.biology)


@dataclass(frozen=True)
class DeclineOperation(Action):
    type: ClassVar[str] = "decline_operation"


@dataclass(frozen=True)
class ChooseIncidentOfficer(Action):
    officer: str
    type: ClassVar[str] = "choose_incident_officer"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (AssignDice, ChooseDirection, ChooseEnvironment, Investigate,
                DeclineInvestigation, UseAlienTech, DeclineAlienTech, FaceEvent, DeclineEvent,
                MountOperation, DeclineOperation, ChooseIncidentOfficer)
}


def _str(d: dict[str, Any], key: str, optional: bool = False) -> str | None:
    if key not in d:
        raise InvalidAction(f"action {d.get('type')!r} needs field {key!r}")
    value = d[key]
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise InvalidAction(f"field {key!r} must be a string, got {value!r}")
    return value


def _bool(d: dict[str, Any], key: str) -> bool:
    value = d.get(key, False)
    if not isinstance(value, bool):
        raise InvalidAction(f"field {key!r} must be true or false, got {value!r}")
    return value


def action_from_dict(d: Any) -> Action:
    """Rebuild an action from its dict form; raises InvalidAction if malformed."""
    if not isinstance(d, dict):
        raise InvalidAction(f"an action must be an object, got {type(d).__name__}")
    kind = d.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidAction(f"unknown action type {kind!r}; known: {sorted(ACTION_TYPES)}")
    known = {f.name for f in fields(cls)} | {"type"}
    extra = set(d) - known
    if extra:
        raise InvalidAction(f"action {kind!r} has unknown field(s) {sorted(extra)}")
    if cls is AssignDice:
        order = d.get("order")
        if (not isinstance(order, list | tuple) or len(order) != 5
                or not all(isinstance(i, int) and not isinstance(i, bool) for i in order)):
            raise InvalidAction("assign_dice needs 'order': a list of five die indexes")
        return AssignDice(tuple(order))  # type: ignore[arg-type]
    if cls is ChooseDirection:
        return ChooseDirection(_str(d, "direction"))  # type: ignore[arg-type]
    if cls is ChooseEnvironment:
        return ChooseEnvironment(_str(d, "option"))  # type: ignore[arg-type]
    if cls is Investigate:
        return Investigate(_str(d, "police"), _str(d, "communication"))  # type: ignore[arg-type]
    if cls is UseAlienTech:
        return UseAlienTech(_str(d, "space"), _str(d, "physics"))  # type: ignore[arg-type]
    if cls is FaceEvent:
        return FaceEvent(_str(d, "first"), _str(d, "second"),  # type: ignore[arg-type]
                         _bool(d, "dilemma"))
    if cls is MountOperation:
        return MountOperation(
            _str(d, "cultures", True), _str(d, "battle", True), _str(d, "ground", True),
            _str(d, "biology", True), _bool(d, "dilemma"),
        )
    if cls is ChooseIncidentOfficer:
        return ChooseIncidentOfficer(_str(d, "officer"))  # type: ignore[arg-type]
    return cls()
