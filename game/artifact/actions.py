"""Every decision of The Artifact as a small frozen value, with strict dict conversion.

Actions travel from seats to the host as plain dicts (msgpack and JSON both carry them):
``{"type": "move", "character": "kyoshi", "mode": "jog", "path": [[16, 6]], "facing": "W"}``.
``action_from_dict`` is strict: unknown types, missing or extra fields and wrong field types
raise ``InvalidAction``. Whether an action is *legal* is the engine's business.

Squares are ``(x, y)`` pairs on the one deck-plan canvas (see docs/artifact-deck-plan.md).
Facings are ``"N" "E" "S" "W"``. The action types of later rules (attacks, skills, security
actions ...) are listed as data shapes in docs/artifact-engine.md and added here with them.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import ClassVar

from .errors import InvalidAction

Square = tuple[int, int]

# Field kinds understood by the codec.
STR, INT, BOOL, STRS, SQUARES, PAIRS, PLACES, LEVELS = (
    "str", "int", "bool", "strs", "squares", "pairs", "places", "levels",
)


class Action:
    """Base of all actions: ``type`` tag plus a field spec used by the codec."""

    TYPE: ClassVar[str] = ""
    SPEC: ClassVar[dict[str, str]] = {}

    def to_dict(self) -> dict:
        out: dict = {"type": self.TYPE}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = _encode(getattr(self, f.name))
        return out


def _encode(value: object) -> object:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _bad(kind: str, name: str, value: object) -> InvalidAction:
    return InvalidAction(f"field {name!r} must be {kind}, got {value!r}"[:200])


def _int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad("a whole number", name, value)
    if not -(2**31) <= value < 2**31:
        raise _bad("a small whole number", name, value)
    return value


def _str(name: str, value: object) -> str:
    if not isinstance(value, str) or len(value) > 500:
        raise _bad("a string of at most 500 characters", name, value)
    return value


def _list(name: str, value: object, limit: int = 64) -> list:
    if not isinstance(value, list | tuple) or len(value) > limit:
        raise _bad(f"a list of at most {limit} entries", name, value)
    return list(value)


def _decode(kind: str, name: str, value: object) -> object:
    if kind == STR:
        return _str(name, value)
    if kind == INT:
        return _int(name, value)
    if kind == BOOL:
        if not isinstance(value, bool):
            raise _bad("true or false", name, value)
        return value
    if kind == STRS:
        return tuple(_str(name, v) for v in _list(name, value))
    if kind == SQUARES:
        out = []
        for sq in _list(name, value):
            pair = _list(name, sq, 2)
            if len(pair) != 2:
                raise _bad("a list of [x, y] squares", name, value)
            out.append((_int(name, pair[0]), _int(name, pair[1])))
        return tuple(out)
    if kind == PAIRS:
        out2 = []
        for pair in _list(name, value):
            items = _list(name, pair, 2)
            if len(items) != 2:
                raise _bad("a list of [text, text] pairs", name, value)
            out2.append((_str(name, items[0]), _str(name, items[1])))
        return tuple(out2)
    if kind == LEVELS:
        out3 = []
        for pair in _list(name, value):
            items = _list(name, pair, 2)
            if len(items) != 2:
                raise _bad("a list of [seat, level] pairs", name, value)
            out3.append((_str(name, items[0]), _int(name, items[1])))
        return tuple(out3)
    if kind == PLACES:
        out4 = []
        for entry in _list(name, value, 128):
            parts = _list(name, entry, 4)
            if len(parts) != 4:
                raise _bad("a list of [thing, x, y, facing] entries", name, value)
            out4.append((_str(name, parts[0]), _int(name, parts[1]), _int(name, parts[2]),
                         _str(name, parts[3])))
        return tuple(out4)
    raise AssertionError(kind)


# ---- lobby (Game Setup) -----------------------------------------------------------------------

@dataclass(frozen=True)
class AssignFaction(Action):
    """Judge's fiat: the named player takes the seat (Assign Factions)."""

    TYPE: ClassVar[str] = "assign_faction"
    SPEC: ClassVar[dict[str, str]] = {"player": STR, "seat": STR}
    player: str
    seat: str


@dataclass(frozen=True)
class AssignSpecies(Action):
    """Judge's secret choice of an alien seat's species (six- and more-player mixes)."""

    TYPE: ClassVar[str] = "assign_species"
    SPEC: ClassVar[dict[str, str]] = {"seat": STR, "species": STR}
    seat: str
    species: str


@dataclass(frozen=True)
class VoteEncryption(Action):
    """A seat's vote on allowing secret one-on-one conferences (Encryption)."""

    TYPE: ClassVar[str] = "vote_encryption"
    SPEC: ClassVar[dict[str, str]] = {"allow": BOOL}
    allow: bool


@dataclass(frozen=True)
class Customize(Action):
    """A seat's private order (Customize Factions).

    ``option``: the sheet's private option ("gmen", an alien species ...) or "".
    ``roster``: the optional characters picked. ``items``: (item type, holder) pairs, holder
    a character id of the seat or "" for things placed on the map (robots, traps, a fake).
    ``partner``: in the eight-player game, the four pirates handed to the second pirate seat.
    """

    TYPE: ClassVar[str] = "customize"
    SPEC: ClassVar[dict[str, str]] = {"option": STR, "roster": STRS, "items": PAIRS,
                                      "partner": STRS}
    option: str = ""
    roster: tuple[str, ...] = ()
    items: tuple[tuple[str, str], ...] = ()
    partner: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlaceForces(Action):
    """A seat's placement of every character and map-placed item: (thing, x, y, facing)."""

    TYPE: ClassVar[str] = "place_forces"
    SPEC: ClassVar[dict[str, str]] = {"places": PLACES}
    places: tuple[tuple[str, int, int, str], ...]


@dataclass(frozen=True)
class ReturnPlacement(Action):
    """Judge's conflict check: send a seat back to placing, with a private note."""

    TYPE: ClassVar[str] = "return_placement"
    SPEC: ClassVar[dict[str, str]] = {"seat": STR, "note": STR}
    seat: str
    note: str = ""


@dataclass(frozen=True)
class PlaceRobot(Action):
    """Judge places one of the Feynman's inactive robots."""

    TYPE: ClassVar[str] = "place_robot"
    SPEC: ClassVar[dict[str, str]] = {"robot": STR, "x": INT, "y": INT, "facing": STR}
    robot: str
    x: int
    y: int
    facing: str = "N"


@dataclass(frozen=True)
class StartPlay(Action):
    """Judge ends setup; the Pirates take the first turn."""

    TYPE: ClassVar[str] = "start_play"
    SPEC: ClassVar[dict[str, str]] = {}


# ---- character actions (Actions List) -----------------------------------------------------------

@dataclass(frozen=True)
class Move(Action):
    """Move (walk, jog or run) along ``path`` (squares entered, in order), then face.

    An empty path turns in place."""

    TYPE: ClassVar[str] = "move"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "mode": STR, "path": SQUARES,
                                      "facing": STR}
    character: str
    mode: str
    path: tuple[Square, ...]
    facing: str


@dataclass(frozen=True)
class MoveThenPickUp(Action):
    """Move (walk or jog), then pick up / drop / switch items in the square reached."""

    TYPE: ClassVar[str] = "move_then_pick_up"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "mode": STR, "path": SQUARES,
                                      "take": STRS, "drop": STRS, "facing": STR}
    character: str
    mode: str
    path: tuple[Square, ...]
    take: tuple[str, ...]
    drop: tuple[str, ...]
    facing: str


@dataclass(frozen=True)
class PickUpDrop(Action):
    """Pick up, drop or switch (both at once) items in the character's square."""

    TYPE: ClassVar[str] = "pick_up_drop"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "take": STRS, "drop": STRS,
                                      "facing": STR}
    character: str
    take: tuple[str, ...]
    drop: tuple[str, ...]
    facing: str


@dataclass(frozen=True)
class CheckStatus(Action):
    """Check the status of a downed character in the same square."""

    TYPE: ClassVar[str] = "check_status"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "target": STR, "facing": STR}
    character: str
    target: str
    facing: str


@dataclass(frozen=True)
class WearSuit(Action):
    """Put on a spacesuit, sneaksuit or space armour: takes this action and the next turn's."""

    TYPE: ClassVar[str] = "wear_suit"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "suit": STR, "facing": STR}
    character: str
    suit: str
    facing: str


@dataclass(frozen=True)
class MoveLiftCar(Action):
    """Send a lift car to the other end of its shaft, with everyone in it."""

    TYPE: ClassVar[str] = "move_lift_car"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "lift": STR, "facing": STR}
    character: str
    lift: str
    facing: str


@dataclass(frozen=True)
class ActivateInformant(Action):
    """The secret master takes permanent control of its informant (Informants)."""

    TYPE: ClassVar[str] = "activate_informant"
    SPEC: ClassVar[dict[str, str]] = {"character": STR}
    character: str


@dataclass(frozen=True)
class EndTurn(Action):
    """The acting seat has finished its actions: interactions and final map update follow."""

    TYPE: ClassVar[str] = "end_turn"
    SPEC: ClassVar[dict[str, str]] = {}


# ---- the Judge ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SkipTurn(Action):
    """Rapidity: the Judge (or the host's turn timer, acting for the Judge) ends the turn."""

    TYPE: ClassVar[str] = "skip_turn"
    SPEC: ClassVar[dict[str, str]] = {}


@dataclass(frozen=True)
class JudgeMessage(Action):
    """Human Judgment: a private word from the Judge to one seat."""

    TYPE: ClassVar[str] = "judge_message"
    SPEC: ClassVar[dict[str, str]] = {"seat": STR, "text": STR}
    seat: str
    text: str


@dataclass(frozen=True)
class Announce(Action):
    """An anonymous announcement, told to every seat at the next Global Updates."""

    TYPE: ClassVar[str] = "announce"
    SPEC: ClassVar[dict[str, str]] = {"text": STR}
    text: str


@dataclass(frozen=True)
class EndGame(Action):
    """The Judge declares the end and each seat's victory level (lowest number wins)."""

    TYPE: ClassVar[str] = "end_game"
    SPEC: ClassVar[dict[str, str]] = {"levels": LEVELS}
    levels: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class JudgeMove(Action):
    """Human Judgment: the Judge puts a character or a floor item on another square
    (``facing`` "" keeps a character's facing). The owner hears of it at its next
    Situation Update; other maps learn it only by sight."""

    TYPE: ClassVar[str] = "judge_move"
    SPEC: ClassVar[dict[str, str]] = {"thing": STR, "x": INT, "y": INT, "facing": STR}
    thing: str
    x: int
    y: int
    facing: str = ""


@dataclass(frozen=True)
class JudgeRemove(Action):
    """Human Judgment: the Judge takes a character or an item out of the game (off the map,
    out of any hands). The owner of a removed character gets a telegram."""

    TYPE: ClassVar[str] = "judge_remove"
    SPEC: ClassVar[dict[str, str]] = {"thing": STR}
    thing: str


@dataclass(frozen=True)
class JudgeSetStatus(Action):
    """Human Judgment: the Judge sets a character's status (see ``JUDGE_STATUSES``)."""

    TYPE: ClassVar[str] = "judge_status"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "status": STR}
    character: str
    status: str


@dataclass(frozen=True)
class JudgeSetSuit(Action):
    """Human Judgment: the Judge puts a suit on a character at once (``suit``: a suit the
    character carries or that lies in its square) or takes the worn one off (``suit`` "":
    it stays carried)."""

    TYPE: ClassVar[str] = "judge_suit"
    SPEC: ClassVar[dict[str, str]] = {"character": STR, "suit": STR}
    character: str
    suit: str


#: Statuses the Judge may set: healthy and light wound keep a character active (a light
#: wound halves its MA); KO, down, seriously wounded and dead make it inactive; "inactive"
#: switches a robot off (or a character out of play without a wound).
JUDGE_STATUSES = ("healthy", "light_wound", "ko", "down", "serious", "dead", "inactive")


ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (AssignFaction, AssignSpecies, VoteEncryption, Customize, PlaceForces,
                ReturnPlacement, PlaceRobot, StartPlay, Move, MoveThenPickUp, PickUpDrop,
                CheckStatus, WearSuit, MoveLiftCar, ActivateInformant, EndTurn, SkipTurn,
                JudgeMessage, Announce, EndGame, JudgeMove, JudgeRemove, JudgeSetStatus,
                JudgeSetSuit)
}


def action_from_dict(data: object) -> Action:
    """Build an action from its dict form; anything malformed raises InvalidAction."""
    if not isinstance(data, dict):
        raise InvalidAction(f"an action must be a dict, got {type(data).__name__}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidAction(f"unknown action type {kind!r}"[:200])
    spec = cls.SPEC
    extra = set(data) - set(spec) - {"type"}
    if extra:
        raise InvalidAction(f"{cls.TYPE}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
    values = {}
    optional = {f.name for f in fields(cls) if f.default is not MISSING}  # type: ignore[arg-type]
    for name, kind_name in spec.items():
        if name not in data:
            if name in optional:
                continue
            raise InvalidAction(f"{cls.TYPE}: missing field {name!r}")
        values[name] = _decode(kind_name, name, data[name])
    return cls(**values)
