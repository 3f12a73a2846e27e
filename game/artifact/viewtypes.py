"""The records of a seat's view and of the Judge's view (rulebook: Secrecy).

``views.view_for`` builds them from the state; the hub sends their plain form
(``codec.to_plain``) and a client rebuilds the same records with
``codec.from_plain(View, document, bounded=True)``, so every reader (the screens, the
headless clients, the movement planner, the legal-actions list) reads attributes of one
shape.

Everything here is a frozen value. A view shares the state's frozen records (counters,
notices, own-character entries, specs, results) instead of copying them, and holds its own
copies of anything mutable, so a view stays as it was when the game moves on. Fields marked
*later* belong to rules still to come (combat, the ship's systems, space, the aliens),
with neutral defaults, as in ``state.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from .codec import CodecError, Reuse, from_plain
from .seats import JUDGE, SeatSpec
from .state import (
    XY,
    AlienSecrets,
    Counter,
    GameState,
    Notice,
    Order,
    OwnCharacter,
    OwnItem,
    Result,
    ShieldsSeen,
    Ship,
    Systems,
)

__all__ = ["XY", "CoverMark", "InformantEntry", "JudgeView", "OwnForces", "PlaceRow", "SeatMap",
           "SeatTurn", "SeatView", "View", "ViewError", "decode_view"]


@dataclass(slots=True, frozen=True)
class OwnForces:
    """A seat's own characters and items, as it knows them (held until its Situation Update
    when another seat changed them)."""

    characters: dict[str, OwnCharacter] = field(default_factory=dict)
    items: dict[str, OwnItem] = field(default_factory=dict)


@dataclass(slots=True, frozen=True)
class InformantEntry:
    """An informant the seat secretly runs: the counter it shows, its token on maps, and
    the condition set on which it changes sides by itself ("" when none)."""

    counter: str
    token: str
    when: str = ""


@dataclass(slots=True, frozen=True)
class SeatMap:
    """The seat's map (shared with its partner seat, if any): the counters its last map
    update placed (a partner's characters as that seat knows them), the last-known places
    of counters that dropped out of sight, and where it believes each lift car is (0 the
    hull end, 1 the ring end)."""

    id: str
    counters: dict[str, Counter] = field(default_factory=dict)
    last_known: dict[str, Counter] = field(default_factory=dict)
    lifts: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True, frozen=True)
class SeatTurn:
    """Whose turn it is; in the seat's own turn also which of its characters acted and
    which hatches its characters opened this phase (hatch numbers of the deck plan)."""

    seat: str
    acted: tuple[str, ...] = ()
    opened: tuple[int, ...] = ()


@dataclass(slots=True, frozen=True)
class PlaceRow:
    """Something the seat still places (Place Counters): a character or an item, the name
    its owner knows it by (a fake Artifact is "Fake artifact" to the one who placed it), and
    the START regions it may go in."""

    kind: str
    thing: str
    regions: tuple[str, ...]
    name: str = ""


@dataclass(slots=True, frozen=True)
class CoverMark:
    """One of the seat's own opportunity-fire markers (drawn on its map only): the
    character covering, the weapon, the square covered and whom it calls hostile."""

    character: str
    weapon: str
    square: XY
    hostile: str


@dataclass(slots=True, frozen=True)
class RevealedCharacter:
    """At the end: one character, its owner (None: the Feynman's), where it was and how."""

    name: str
    seat: str | None
    square: tuple[int, int] | None
    status: str


@dataclass(slots=True, frozen=True)
class RevealedItem:
    """At the end: one item, its owner, and where it was: on a square, or held by whom."""

    name: str
    owner: str | None
    square: tuple[int, int] | None
    holder: str | None


@dataclass(slots=True, frozen=True)
class Reveal:
    """What every seat learns once the game is over (the rulebook's end: all is told):
    where every character and item was, and each alien seat's species."""

    characters: tuple[RevealedCharacter, ...]
    items: tuple[RevealedItem, ...]
    species: dict[str, str]


@dataclass(slots=True, frozen=True)
class SeatView:
    """Everything one seat may know (see ``views.view_for``)."""

    KIND: ClassVar[str] = "seat"
    judge: ClassVar[bool] = False

    seat: str
    faction: str
    player: str | None
    phase: str
    round: int
    turn_seat: str | None
    actors: tuple[str, ...]
    seats: tuple[SeatSpec, ...]
    encryption: bool | None
    my_vote: bool | None
    species: str | None
    order: Order | None
    budget: int
    victory: tuple[str, ...]
    own: OwnForces
    informants: dict[str, InformantEntry]
    map: SeatMap
    dark: tuple[str, ...]
    turn: SeatTurn | None
    notices: tuple[Notice, ...]
    result: Result | None
    #: What the seat places, during the placement until it has placed (empty otherwise).
    to_place: tuple[PlaceRow, ...] = ()
    #: The hazards as the seat knows them (``hazards.py``): spaces its map has seen full of
    #: gas, segments the ship's computer has announced airless, whether the ring has
    #: stopped (microgravity there) and the main computer has shut down (both told to all).
    gas: tuple[str, ...] = ()
    airless: tuple[str, ...] = ()
    ring_stopped: bool = False
    shutdown: bool = False
    #: Hatches (deck-plan hatch numbers) the seat knows welded shut (``welding.known_welds``).
    welded: tuple[int, ...] = ()
    #: Tokens among ``map.counters`` that are a map-sharing partner's characters (friends:
    #: shown on the shared map, never targets of this seat's attacks).
    partners: tuple[str, ...] = ()
    #: Holes the seat's map has seen (``sightings``): broken windows (``DeckPlan.edge_id``)
    #: and hatches shot or blown open (hatch numbers); sight and movement pass them.
    broken_windows: tuple[int, ...] = ()
    blown_hatches: tuple[int, ...] = ()
    # later: the ship's systems as the Computer Control marker's holder knows them, the
    # ships its map shows, an alien seat's own secrets
    systems: Systems | None = field(default=None, metadata={"omit_none": True})
    ships: dict[str, Ship] = field(default_factory=dict)
    alien: AlienSecrets | None = field(default=None, metadata={"omit_none": True})
    #: Once the game is over: where everything was (``Reveal``); None before.
    reveal: Reveal | None = field(default=None, metadata={"omit_none": True})
    #: The seat's own opportunity-fire markers (Opportunity Fire: on the placer's map only).
    cover: tuple[CoverMark, ...] = ()
    #: The Feynman's shields as the seat's map knows them (``ShieldsSeen``: up or down, the
    #: round it learned it, whether its observers were watching them at its last map
    #: update); None until it has seen or been told. Kept by its map updates (Shields).
    shields: ShieldsSeen | None = field(default=None, metadata={"omit_none": True})


@dataclass(slots=True, frozen=True)
class JudgeView:
    """The Judge's view: the frame of play, the placement conflicts during the Judge's
    check (``[space, seat, seat]``), and the whole ``GameState`` except the seed (None
    here, so its plain form has none; the RNG is never part of the state)."""

    KIND: ClassVar[str] = "judge"
    judge: ClassVar[bool] = True
    seat: ClassVar[str] = JUDGE

    phase: str
    round: int
    turn_seat: str | None
    actors: tuple[str, ...]
    conflicts: tuple[tuple[str, str, str], ...]
    state: GameState


#: What a client decodes a view document as: ``from_plain(View, doc["view"], bounded=True)``.
View = SeatView | JudgeView


#: Lists and maps of a view document decoded from the network may hold this many entries
#: (a long game's notices); the hub's frame size bounds the document as a whole.
VIEW_MAX_LIST = 1 << 16


class ViewError(CodecError):
    """A view document that is not the plain form of a ``SeatView`` or ``JudgeView``."""


#: A ``decode_view`` reuse memo holding more lists and maps than this is emptied before the
#: next decode (a view document holds a few hundred; an update adds those it changed).
VIEW_REUSE_MAX = 20_000


def decode_view(data: object, reuse: Reuse | None = None) -> View:
    """The view record of a document's plain ``view`` (as the hub sends it), checked field by
    field with the network's bounds; ``ViewError`` names what was wrong.

    ``reuse`` (a dict the caller keeps, empty at first) lets the decode of the next
    document hand back the parts it shares with this one as they were decoded
    (``codec.from_plain``): the records of a view are read-only, so consecutive views of
    a link may share them. It is bounded by ``VIEW_REUSE_MAX``."""
    if reuse is not None and len(reuse) > VIEW_REUSE_MAX:
        reuse.clear()
    try:
        return from_plain(View, data, bounded=True, path="view", max_list=VIEW_MAX_LIST,
                          reuse=reuse)
    except CodecError as exc:
        raise ViewError(f"malformed view: {exc}") from None
