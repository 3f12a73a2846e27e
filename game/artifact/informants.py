"""Informants (rulebook: Informants; Customize Factions for the G-men's informant).

The G-men and Pan run informants: characters of other seats who secretly report to them.
Until it is activated an informant is its owner's in every way, except that its master's
Initial Map Update places everything it sees, and the comrades who share its space
(``sightings.refresh_map(informants=True)``, ``sightings.informant_report``).
Activation is a free declaration in the master's turn, or happens by itself on a condition
the master set in advance ("activate instead of shooting at me"): control passes for good,
and the old owner gets a telegram naming only the counter.

Who runs informants, how many and among whom is authored in ``data/informants.toml``:
the G-men get one pirate (never Eastwood), Pan two humans of two different seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import sightings, situation
from .datafiles import TableReader, data_path, load_toml
from .errors import DataError, IllegalAction
from .events import Event
from .seats import JUDGE
from .sheets import KINDS, Sheets, default_sheets
from .state import Character


@dataclass(frozen=True)
class Master:
    """A faction option whose seat runs informants, and how they are drawn."""

    option: str
    faction: str
    among: tuple[str, ...]
    kinds: tuple[str, ...]
    never: tuple[str, ...]
    count: int
    conditions: tuple[str, ...]


@dataclass(frozen=True)
class InformantRules:
    masters: dict[str, Master]
    conditions: dict[str, str]   # condition: the master's words for it


def load_informants(path: Path, sheets: Sheets) -> InformantRules:
    """Read and check ``informants.toml`` against the control sheets (DataError at the line)."""
    data, text = load_toml(path)
    unknown = set(data) - {"master", "condition"}
    if unknown:
        raise DataError(str(path), 1, f"unknown table(s) {sorted(unknown)}")
    conditions = {}
    for name, body in (data.get("condition") or {}).items():
        reader = TableReader(path, text, body if isinstance(body, dict) else {},
                             f"[condition.{name}]")
        reader.unknown({"words"})
        conditions[name] = reader.get("words", str)
    masters = {}
    for option, body in (data.get("master") or {}).items():
        reader = TableReader(path, text, body if isinstance(body, dict) else {},
                             f"[master.{option}]")
        if not isinstance(body, dict):
            raise reader.fail(None, "must be a table")
        reader.unknown({"faction", "among", "kinds", "never", "count", "why", "conditions"})
        faction = reader.get("faction", str)
        if faction not in sheets.factions or option not in sheets.factions[faction].options:
            raise reader.fail("faction", f"{option!r} is not an option of faction {faction!r}")
        among = reader.strings("among")
        if not among or any(f not in sheets.factions or f == faction for f in among):
            raise reader.fail("among", "among must name other factions")
        kinds = reader.strings("kinds")
        if not kinds or any(k not in KINDS for k in kinds):
            raise reader.fail("kinds", f"kinds must be among {', '.join(KINDS)}")
        never = reader.strings("never", ())
        if any(c not in sheets.characters for c in never):
            raise reader.fail("never", "never must name characters of the control sheets")
        count = reader.get("count", int)
        if not 1 <= count <= 4:
            raise reader.fail("count", "count must be 1 to 4")
        if not reader.get("why", str).strip():
            raise reader.fail("why", "say why")
        wanted = reader.strings("conditions", ())
        if any(c not in conditions for c in wanted):
            raise reader.fail("conditions", "conditions must be listed as [condition.*]")
        masters[option] = Master(option, faction, among, kinds, never, count, wanted)
    return InformantRules(masters, conditions)


@lru_cache(maxsize=1)
def default_informants() -> InformantRules:
    return load_informants(data_path("informants.toml"), default_sheets())


def _option(game, seat: str) -> str:
    s = game.state
    order = s.orders.get(seat)
    return s.species.get(seat) or (order.option if order is not None else "")


def master_rules(game, seat: str) -> Master | None:
    """How ``seat`` runs informants, if its faction option does."""
    master = default_informants().masters.get(_option(game, seat))
    if master is None or game.faction_of(seat) != master.faction:
        return None
    return master


# ---- the draw (Customize Factions) ----------------------------------------------------------

def draw(game) -> list[Event]:
    """Each master's informants, drawn when the forces are built: the Judge's pick named in
    the setup (``setup.informants``) first if it can be drawn, the rest at random, each from
    a seat not drawn from yet. Only the master is told."""
    s = game.state
    sheets = game.sheets
    events = []
    taken: set = set()
    for seat in s.seats:
        master = master_rules(game, seat)
        if master is None:
            continue
        drawn_from: set = set()
        for n in range(master.count):
            candidates = sorted(
                c.id for c in s.characters.values()
                if c.seat is not None and c.seat != seat and c.seat not in drawn_from
                and game.faction_of(c.seat) in master.among
                and sheets.characters[c.sheet].kind in master.kinds
                and c.sheet not in master.never and c.id not in taken)
            if not candidates:
                break
            named = s.setup.informants.get(seat) if n == 0 else None
            chosen = named if named in candidates else game._rng.choice(candidates)
            taken.add(chosen)
            spy = s.characters[chosen]
            drawn_from.add(spy.seat)
            spy.informant_of = seat
            events.append(game.notify(seat, {"kind": "informant", "character": chosen,
                                             "counter": spy.counter}))
    return events


# ---- activation ----------------------------------------------------------------------------

def check_master(game, seat: str, cid: str) -> Character:
    char = game.state.characters.get(cid)
    if char is None or char.informant_of != seat:
        raise IllegalAction(f"{cid!r} is not your informant")
    return char


def activate(game, master: str, char: Character) -> list[Event]:
    """Control of ``char`` passes to its secret master for good. In the master's turn (a
    declaration) the master may use it at once and the old owner hears at its next
    Situation Update. In the owner's own turn (a condition set in advance) the owner loses
    it at once and is told so; the informant is nobody's until its master's Situation
    Update (``arrive``), so the master's view and map do not move before then."""
    s = game.state
    loser = char.seat
    counter = game.sheets.characters[char.sheet].counter
    if loser is not None and game.turn_seat == loser:
        char.seat = None  # in transit: still informant_of its master, which is told later
        event = game.notify(loser, {"kind": "telegram", "counter": counter,
                                    "character": char.id})
        sightings.refresh_map(s, game.plan, game.sheets, s.map_of[loser])
        return [event, game.notify(master, {"kind": "informant_active",
                                            "character": char.id}, pending=True)]
    # Until the telegram reaches it, the loser (and its map partner) still sees the
    # informant, its items and its map as they were.
    situation.hold_forces(game, loser)
    events = _join(game, master, char)
    if loser is not None:
        events.insert(0, game.notify(loser, {"kind": "telegram", "counter": counter,
                                             "character": char.id}, pending=True))
    if char.id in s.turn.acted:
        s.turn.acted.remove(char.id)
    sightings.refresh_map(s, game.plan, game.sheets, s.map_of[master])
    return events


def _join(game, master: str, char: Character, told: bool = True) -> list[Event]:
    char.seat = master
    char.informant_of = None
    char.controlled_by = None  # an informant held by mind control leaves its Controller
    char.home_seat = None
    char.blind = False
    if not told:
        return []
    return [game.notify(master, {"kind": "informant_active", "character": char.id})]


def arrive(game, seat: str) -> None:
    """At ``seat``'s Situation Update, the informants that changed sides in their owners'
    turns (its ``informant_active`` notice is delivered with it) become its characters."""
    for char in sorted(game.state.characters.values(), key=lambda c: c.id):
        if char.informant_of == seat and char.seat is None:
            _join(game, seat, char, told=False)


def set_condition(game, seat: str, cid: str, condition: str) -> list[Event]:
    """The master sets (or clears, with "") the condition on which an informant changes
    sides by itself. Nobody else learns of it."""
    char = check_master(game, seat, cid)
    master = master_rules(game, seat)
    allowed = master.conditions if master is not None else ()
    if condition and condition not in allowed:
        raise IllegalAction(f"an informant can be set to change sides only: "
                            f"{', '.join(allowed) or 'never'}")
    if condition == char.informant_when:
        raise IllegalAction("that condition is already set")
    char.informant_when = condition
    return [game.notify(seat, {"kind": "informant_condition", "character": cid,
                               "counter": char.counter, "condition": condition})]


def turns_on_attack(game, seat: str, char: Character, targets) -> bool:
    """Whether ``char``, ordered by its owner ``seat`` to attack ``targets``, changes sides
    instead: it informs for a master who set ``instead_of_attacking`` and a target counter
    is one of that master's characters (a counter's token names a character for sure;
    squares are not checked: the order named nobody)."""
    master = char.informant_of
    if not master or char.informant_when != "instead_of_attacking" or char.seat != seat:
        return False
    s = game.state
    tokens = {t for t in targets if isinstance(t, str)}
    return any(c.token in tokens and c.seat == master for c in s.characters.values())


def turn_instead(game, seat: str, char: Character) -> list[Event]:
    """The informant changes sides instead of attacking: its action is spent, its owner
    gets the telegram at once (it happened in its turn), its master at its next update."""
    s = game.state
    if char.id not in s.turn.acted:
        s.turn.acted.append(char.id)
    master = char.informant_of
    events = activate(game, master, char)
    events.append(Event("informant_turned", (JUDGE,), {"character": char.id, "to": master}))
    return events


def condition_words(condition: str) -> str:
    return default_informants().conditions.get(condition, "")
