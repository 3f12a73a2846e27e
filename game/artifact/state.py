"""The whole state of one game of The Artifact, as typed records (one module defines them).

``GameState`` is the truth the Judge holds: the lobby's choices, every character and item,
each map's counters, the lift cars, hatches and lights, the systems of the Feynman, ships in
space, the alien seats' secrets, what each seat has been told and what still waits for its
Situation Update. ``codec.to_plain`` turns it into plain values (the save, the Judge's view)
and ``codec.from_plain`` back, checking every field's type.

Only the engine's rule functions change a ``GameState``; everything else reads it. Records
that are values (counters, specs, results, busy markers) are frozen. Fields marked *later*
belong to rules that are not played yet (combat, the ship's systems, space, the aliens'
special actions): they are part of the record now, with neutral defaults, so saves keep
their shape as those rules arrive.

Squares are ints of the deck plan (``DeckPlan.sq``); views turn them into ``[x, y]``.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from .seats import SeatSpec

#: A JSON/msgpack-able value (the plain form of anything that is not a record).
Plain = Any
#: A square on the deck plan, as an ``[x, y]`` pair in views and notices.
XY = tuple[int, int]
#: Field metadata: the plain form leaves the field out while it is None.
OMIT_NONE = {"omit_none": True}


# ---- the lobby (Game Setup) --------------------------------------------------------------------

@dataclass(slots=True, frozen=True)
class Setup:
    """What the host chose before the game: players (3-8), how factions are assigned, names,
    and any informant the Judge picked in advance (a scenario names it)."""

    players: int
    assignment: str
    names: tuple[str, ...]
    informants: dict[str, str] = field(default_factory=dict)  # phone seat: its informant


@dataclass(slots=True)
class Order:
    """A seat's purchase (Customize Factions): option, characters, items and where they start.

    ``items`` pairs an item type with the sheet id of its holder ('' for the map); ``by`` names
    the seat that ordered for this one (the second pirate seat is equipped by the first)."""

    option: str = ""
    roster: list[str] = field(default_factory=list)
    items: list[tuple[str, str]] = field(default_factory=list)
    partner: list[str] = field(default_factory=list)
    cost: int = 0
    robots: list[str] = field(default_factory=list)
    by: str | None = None


@dataclass(slots=True, frozen=True)
class LevelCheck:
    """One victory level of a seat's control sheet as the engine found it at the end: its
    goal, whether every part of it held, and the facts that decided it, in words."""

    level: int
    goal: str
    met: bool
    facts: tuple[str, ...] = ()


@dataclass(slots=True, frozen=True)
class Adjustment:
    """The Judge's change to a seat's level after the engine's evaluation, with its reason."""

    seat: str
    found: int
    level: int
    reason: str


@dataclass(slots=True, frozen=True)
class Result:
    """The end of the game (rulebook: Victory): each seat's victory level and the winners
    (the lowest level; one past a sheet's last level means none). ``found`` holds the levels
    the engine evaluated and ``checks`` every level of every seat with its facts; the Judge's
    ``adjustments`` changed ``found`` into ``levels``. ``ended_by`` says how the game ended:
    ``judge`` (declared), ``detonation`` (the drives went off) or ``nobody_left`` (no active
    character with a body remains aboard the Feynman)."""

    levels: dict[str, int]
    winners: tuple[str, ...]
    found: dict[str, int] = field(default_factory=dict)
    checks: dict[str, tuple[LevelCheck, ...]] = field(default_factory=dict)
    adjustments: tuple[Adjustment, ...] = ()
    ended_by: str = ""


# ---- characters and items -----------------------------------------------------------------------

@dataclass(slots=True, frozen=True)
class Busy:
    """A multi-turn action under way (Wear spacesuit/sneaksuit: two turns)."""

    kind: str
    suit: str | None = None


@dataclass(slots=True)
class Character:
    """One character: its control-sheet entry (``sheet``), owner, counter and status.

    ``status`` is ``active``, ``inactive``, ``ko``, ``down``, ``serious`` or ``dead``
    (Damage Effects); a light wound keeps ``active`` with ``wound`` set. ``token`` is the
    counter's anonymous name on other maps; ``counter`` the label it shows."""

    id: str
    sheet: str
    seat: str | None
    token: str
    counter: str
    square: int | None = None
    facing: str = "N"
    status: str = "active"
    items: list[str] = field(default_factory=list)
    suit: str | None = None
    busy: Busy | None = None
    blind: bool = False              # ran this turn: sees nothing until its Situation Update
    informant_of: str | None = None  # the secret master of an informant (Informants)
    wound: bool = False              # light wound: half MA, -2 to hit
    # the condition set in advance on which an informant changes sides by itself
    # (Informants: "activate instead of shooting at me"); "" when none
    informant_when: str = ""
    # later: combat, transport, space, aliens
    carrying: str | None = None      # the casualty it carries (Casualty Transport)
    carried_by: list[str] = field(default_factory=list)
    eva: str = ""                    # "", "free" or "ring" (space.EVA_STATES)
    suspended: bool = False          # in a medlab suspension capsule
    risen: bool = False              # a bug alien that got up once after going down
    airless_turns: int = 0           # turns without air (Decompression)
    skips_action: bool = False       # loses its next action (Ring Stop)
    controlled_by: str | None = None  # mind control or a commanded robot (Security Actions)
    home_seat: str | None = None     # the seat a mind-controlled character returns to


@dataclass(slots=True)
class Item:
    """One item counter: a piece of equipment, a marker (booby trap) or a victory item.

    It is carried (``holder``), worn (a suit: ``worn``), or lies in ``square``."""

    id: str
    token: str
    type: str
    owner: str | None
    holder: str | None = None
    square: int | None = None
    worn: bool = False
    # later: combat, equipment
    jammed: bool = False             # Jammed Weapons
    disabled: str = ""               # "overheated", "emp", "broken": out until repaired
    armed: bool = False              # a booby trap or thermite mine set to go off
    charges: int | None = None       # medkit uses left (recharged in the medlab)
    # the ship (its key in ``GameState.ships``) it lay aboard when it left the map: out of
    # play, off the map (no square), as everyone aboard is (``Character.eva`` "away")
    away: str = ""


# ---- maps: counters and last-known places --------------------------------------------------------

@dataclass(slots=True, frozen=True)
class CharacterCounter:
    """A character as a map shows it: its counter, where and how it stands, what it holds
    in plain sight. ``round`` is set when it became a last-known place."""

    KIND: ClassVar[str] = "character"
    counter: str
    square: XY
    facing: str
    status: str
    carrying: tuple[str, ...] = ()
    round: int | None = field(default=None, metadata=OMIT_NONE)


@dataclass(slots=True, frozen=True)
class ItemCounter:
    """An item lying on the floor as a map shows it (a fake shows as the real thing)."""

    KIND: ClassVar[str] = "item"
    counter: str
    square: XY
    round: int | None = field(default=None, metadata=OMIT_NONE)


Counter = CharacterCounter | ItemCounter


@dataclass(slots=True, frozen=True)
class ShieldsSeen:
    """What a map knows of the Feynman's shields (Shields: a shimmering energy bubble, so
    it is seen, not told): whether they were up when its observers last saw them or it was
    last told, in which round, and whether an observer of the map was watching them at its
    last map update (``watching`` False: the state is as last seen, and may have changed
    since). ``sightings.refresh_map`` keeps it; docs/artifact-rules-notes.md says who sees
    the bubble."""

    up: bool
    round: int
    watching: bool = False


@dataclass(slots=True)
class MapBook:
    """One map on the table (maps are shared by partner seats): the counters its observers
    see now, where it last saw the others, and where it believes the lift cars are."""

    counters: dict[str, Counter] = field(default_factory=dict)
    last_known: dict[str, Counter] = field(default_factory=dict)
    lifts: dict[str, int] = field(default_factory=dict)
    gas: list[str] = field(default_factory=list)  # spaces its observers saw full of gas
    # holes its observers have seen: broken windows (DeckPlan.edge_id) and blown hatches
    broken_windows: list[int] = field(default_factory=list)
    blown_hatches: list[int] = field(default_factory=list)
    # the shields as its observers last saw them (None: never seen nor told)
    shields: ShieldsSeen | None = field(default=None, metadata={"omit_none": True})


# ---- what seats are told ------------------------------------------------------------------------

@dataclass(slots=True, frozen=True)
class Notice:
    """Something a seat is told: a telegram, an interdiction's reason, a sighting, a Judge's
    message ... ``kind`` names it; ``about`` holds its particulars (docs/artifact-engine.md
    lists every kind with its fields). The plain form is flat: ``{"kind", "round", **about}``."""

    kind: str
    round: int
    about: dict[str, Plain] = field(default_factory=dict)

    def get(self, name: str, default: Plain = None) -> Plain:
        return self.about.get(name, default)


@dataclass(slots=True, frozen=True)
class OwnCharacter:
    """What a seat knows of one of its own characters: its control-sheet entry (``name``,
    ``kind``, ``skills``, ``armour``, ``movement`` class), where and how it stands, what it
    carries, and its movement facts this turn: ``ma`` (movement allowance per mode: walk,
    jog, run) is None while it cannot move (off the map, or before play); ``zero_g`` in
    microgravity, ``free_turns`` when facing changes cost nothing, ``sees_dark``."""

    id: str
    name: str
    counter: str
    token: str
    kind: str
    skills: tuple[str, ...]
    armour: str
    movement: str
    square: XY | None
    facing: str
    status: str
    items: tuple[str, ...] = ()
    suit: str | None = None
    busy: Busy | None = None
    blind: bool = False
    wound: bool = False
    ma: dict[str, int] | None = None
    zero_g: bool = False
    free_turns: bool = True
    sees_dark: bool = False
    treads: bool = False  # magnetic treads: clings to the hull and the turning ring (space)
    # later: combat, transport, space, aliens (as on ``Character``)
    carrying: str | None = None
    carried_by: tuple[str, ...] = ()
    eva: str = ""
    suspended: bool = False
    airless_turns: int = 0
    skips_action: bool = False
    controlled_by: str | None = None


@dataclass(slots=True, frozen=True)
class OwnItem:
    """What a seat knows of one of its items: carried (``holder``), worn, or one of its
    hidden markers on the floor (``square``)."""

    id: str
    type: str
    name: str
    holder: str | None = None
    square: XY | None = None
    worn: bool = False
    # later: combat, equipment (as on ``Item``)
    jammed: bool = False
    disabled: str = ""
    armed: bool = False
    charges: int | None = None


@dataclass(slots=True)
class HeldForces:
    """What a seat still believes of its own forces after another seat (or the Judge)
    changed them, until its Situation Update: its own characters' and items' view entries,
    the counters its map partner sees for its characters, and copies of its characters as
    they were (map updates look from where the seat believes they stand)."""

    characters: dict[str, OwnCharacter] = field(default_factory=dict)
    items: dict[str, OwnItem] = field(default_factory=dict)
    counters: dict[str, CharacterCounter] = field(default_factory=dict)
    bodies: dict[str, Character] = field(default_factory=dict)
    informants: list[str] = field(default_factory=list)  # those it secretly ran then
    informant_looks: dict[str, str] = field(default_factory=dict)  # their counters then


# ---- the sequence of play -----------------------------------------------------------------------

@dataclass(slots=True)
class Turn:
    """The seat whose turn it is (its index in the seat order) and what happened so far:
    characters that acted, hatches opened this phase, characters that ran."""

    index: int
    seat: str
    acted: list[str] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)
    ran: list[str] = field(default_factory=list)


# ---- later: combat, systems, space, aliens -------------------------------------------------------

@dataclass(slots=True, frozen=True)
class OpportunityFire:
    """A square a character covers (Opportunity Fire); ``hostile`` is the owner's definition."""

    character: str
    weapon: str
    square: int
    hostile: str


@dataclass(slots=True, frozen=True)
class PendingAttack:
    """A triggered booby trap or opportunity fire, resolved in the attacker's turn."""

    seat: str
    source: str                      # the trap item or the covering character
    target: str                      # the character that triggered it
    square: int
    round: int


@dataclass(slots=True)
class Systems:
    """The Feynman's computer and machinery (Computer Operations, Special Map Areas)."""

    control: str | None = None       # the character holding the Computer Control marker
    destroyed_terminals: list[int] = field(default_factory=list)
    shutdown: bool = False
    ring_stopped: bool = False
    shields_up: bool = True
    generator_wrecked: bool = False  # the shields are down for good (Shields)
    life_support: bool = True
    self_destruct: int | None = None  # turns left on the countdown
    hack_attempts: list[Notice] = field(default_factory=list)
    # the same attempts for HAL (it is the computer), told at its own Initial Map Update
    hal_hacks: list[Notice] = field(default_factory=list)
    gas: list[str] = field(default_factory=list)            # spaces full of knockout gas
    decompressed: dict[str, int] = field(default_factory=dict)  # segment: turns since
    broken_windows: list[int] = field(default_factory=list)  # DeckPlan.edge_id of each
    welded: list[int] = field(default_factory=list)          # hatches welded shut
    blown_hatches: list[int] = field(default_factory=list)   # hatches shot or blown open
    # a wrecked computer's darkness or gas, (kind, space): it falls at the next Global Updates
    failing: list[tuple[str, str]] = field(default_factory=list)
    # security actions' light switches, (space, dark): they take effect at Global Updates
    switching: list[tuple[str, bool]] = field(default_factory=list)
    # self-destruct orders (turns, 0 to cancel) resolved anonymously at Global Updates
    self_destruct_orders: list[int] = field(default_factory=list)
    detonated: bool = False          # the drives went off: everything on the map destroyed
    # hazards (hazards.py): windows whose segment has decompressed, the airless segments
    # the ship's computer has announced, squares a flashlight lights this turn
    vented: list[int] = field(default_factory=list)
    warned: list[str] = field(default_factory=list)
    lit: list[int] = field(default_factory=list)
    # the pirate cannon's needle beam: damage so far to each system it struck (cannon.py)
    needled: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class Ship:
    """A spacecraft that can move (Ship Movement): its first control seat's square, the z
    level, how many quarter turns clockwise it has turned from the way it is drawn (0 to
    3), whether it is docked and whether its controls still work. ``under_way``: the seat
    whose pilot flew it, until that seat's next turn begins (EVA Combat: a fleeing ship is
    harder to hit)."""

    square: int | None
    z: int = 0
    turns: int = 0
    docked: bool = True
    wrecked_controls: bool = False
    left: bool = False               # it flew off the map (only with the shields down)
    under_way: str = ""


@dataclass(slots=True, frozen=True)
class Egg:
    """A bug alien's egg (aliens.toml: lay_egg): laid in the fallen character whose counter
    token is ``host``, on ``square``, in round ``laid``."""

    host: str
    square: XY
    laid: int


@dataclass(slots=True, frozen=True)
class Illusion:
    """A mental illusion: a counter that is not there (``token``, as it shows) on ``square``
    until the caster's next turn; ``caster`` is the casting character's id."""

    token: str
    counter: str
    square: XY
    facing: str
    caster: str


@dataclass(slots=True)
class AlienSecrets:
    """What only an alien seat (and the Judge) knows of its own doings: HAL's RAM marker,
    the bugs' eggs, an invisible alien's written moves and what it sees from where they put
    it, what its informants reported at its Initial Map Update, its illusions standing, and
    the powers used this turn (``"character:power"``)."""

    ram: XY | None = None            # HAL's RAM marker
    # why HAL's RAM is cut off from the station's computer, as learnt at its Situation
    # Update ("": it is not): no security actions nor reports until it moves
    ram_cut: str = ""
    eggs: list[Egg] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # an invisible alien's written moves
    sight: dict[str, Counter] = field(default_factory=dict)
    reports: dict[str, Counter] = field(default_factory=dict)  # its informants' last reports
    illusions: list[Illusion] = field(default_factory=list)
    used: list[str] = field(default_factory=list)


# ---- the whole game ------------------------------------------------------------------------------

@dataclass(slots=True)
class GameState:
    """Everything the Judge knows (see module docstring). ``seed`` never leaves the host;
    the RNG is kept beside the state by the engine and saved with it."""

    FORMAT: ClassVar[int] = 2

    setup: Setup
    seats: list[str]
    specs: dict[str, SeatSpec]
    map_of: dict[str, str]
    format: int = 2
    # None (and left out of the plain form) in the Judge's copy: views never read it
    seed: int | None = field(default=None, metadata=OMIT_NONE)
    data: dict[str, str] = field(default_factory=dict)  # data file name: its hash
    phase: str = "assign"
    players: dict[str, str | None] = field(default_factory=dict)
    species: dict[str, str | None] = field(default_factory=dict)
    votes: dict[str, bool] = field(default_factory=dict)
    encryption: bool | None = None
    orders: dict[str, Order] = field(default_factory=dict)
    placed: dict[str, bool] = field(default_factory=dict)
    characters: dict[str, Character] = field(default_factory=dict)
    items: dict[str, Item] = field(default_factory=dict)
    lifts: dict[str, int] = field(default_factory=dict)   # each car's end: 0 hull, 1 ring
    locked: list[int] = field(default_factory=list)       # locked hatches
    dark: list[str] = field(default_factory=list)         # spaces with the lights out
    maps: dict[str, MapBook] = field(default_factory=dict)
    notices: dict[str, list[Notice]] = field(default_factory=dict)
    pending: dict[str, list[Notice]] = field(default_factory=dict)
    judge_notices: list[Notice] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    turn: Turn | None = None
    held: dict[str, HeldForces] = field(default_factory=dict)
    round: int = 0
    result: Result | None = None
    serial: int = 0
    # later
    opportunity: list[OpportunityFire] = field(default_factory=list)
    attacks: list[PendingAttack] = field(default_factory=list)
    systems: Systems = field(default_factory=Systems)
    ships: dict[str, Ship] = field(default_factory=dict)
    aliens: dict[str, AlienSecrets] = field(default_factory=dict)


# ---- copies that share what cannot change ------------------------------------------------------

_ATOMS = (str, int, float, bool, type(None), tuple, frozenset)


@cache
def _copied_fields(cls: type) -> tuple[str, ...] | None:
    """The fields ``snapshot`` copies of a record class: all of them for a mutable record,
    None for anything it shares (a frozen record, and whatever is not a record)."""
    if not dataclasses.is_dataclass(cls):
        return None
    if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


def snapshot(value: Any) -> Any:
    """A copy of ``value`` (a ``GameState`` or any part of it) that later rule functions
    cannot change: every mutable record, list and map is copied, and every frozen record
    (counters, notices, own entries, specs, results) and tuple is shared, since nothing
    changes those once made. Much cheaper than ``copy.deepcopy``: the Judge's view and the
    bodies held forces keep. (The copy ``apply`` restores after a refusal shares nothing
    at all with the state: ``engine._private_copy``.)"""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else snapshot(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else snapshot(v) for k, v in value.items()}
    names = _copied_fields(kind)
    if names is None:
        return value
    fields = {}
    for name in names:
        item = getattr(value, name)
        fields[name] = item if type(item) in _ATOMS else snapshot(item)
    return kind(**fields)


# ---- copies by pickle ---------------------------------------------------------------------------

def _quick_getstate(cls: type) -> None:
    """Give a frozen slotted record a ``__getstate__`` that reads its fields in one C call.

    ``dataclass(slots=True, frozen=True)`` writes one that looks the fields up anew for
    every record pickled (a mutable slotted record is pickled by the interpreter itself);
    ``apply`` pickles the whole state before every action (to undo a refusal), hundreds
    of notices and counters, and that lookup was most of the copy's cost. The state
    returned is the same sequence of field values, which the dataclass's own
    ``__setstate__`` reads."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if not names:
        return
    if len(names) == 1:
        name = names[0]

        def getstate(self: Any) -> tuple:
            return (getattr(self, name),)
    else:
        values = operator.attrgetter(*names)

        def getstate(self: Any) -> tuple:
            return values(self)
    cls.__getstate__ = getstate  # type: ignore[attr-defined]


for _record in list(globals().values()):
    if (isinstance(_record, type) and dataclasses.is_dataclass(_record)
            and _record.__module__ == __name__ and "__slots__" in _record.__dict__
            and _record.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        _quick_getstate(_record)
