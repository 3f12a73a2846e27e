"""Victory (rulebook: Victory): every seat's level worked out from the truth at the end.

Each faction (and each Phone Co. employer and alien species) has three or four levels, best
first, authored in ``data/victory.toml``: a goal in words and the parts that must all hold,
each one of the ``FACTS`` below. At the end of the game every level of every seat is checked;
a seat earns the lowest-numbered level whose parts all hold (one past its last level when
none does), and the lowest number earned wins, ties sharing the win (nobody wins when no
seat earned a level). Each part is told in words, so
the end screen can say what earned a level and what was missing.

The game ends when the Judge declares it (``EndGame``, who may still change a level with a
stated reason), or by the rules: when the drives detonate, or when no active character with
a body is left aboard the Feynman (everyone dead, out of action, or gone aboard a ship that
left the map) -- ``ended_by``.

Reading only: everything here takes a ``Table`` and never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .alien_sheets import default_aliens
from .datafiles import TableReader, data_path, load_toml
from .errors import DataError
from .seats import allied
from .sheets import Sheets, default_sheets
from .state import Character, Item, LevelCheck, Result
from .table import Table

#: How the game ended (``Result.ended_by``), in words.
ENDINGS = {
    "judge": "The Judge declared the end of the game.",
    "detonation": "The Feynman's drives detonated, destroying everything aboard.",
    "nobody_left": "Nobody was left on his feet aboard the Feynman.",
}

#: Every fact a level can need, with the fields it takes (besides ``fact`` and ``not``).
FACTS: dict[str, frozenset[str]] = {
    "left": frozenset({"who", "count", "ship"}),
    "item_left": frozenset({"item", "with", "ship"}),
    "item_held": frozenset({"item", "by"}),
    "item_gone": frozenset({"item"}),
    "video_safe": frozenset({"by"}),
    "captive": frozenset({"character", "with", "ship"}),
    "out_of_action": frozenset({"character"}),
    "alive": frozenset({"character"}),
    "active": frozenset({"who", "count"}),
    "dead": frozenset({"kind", "count"}),
    "turned": frozenset({"count"}),
    "informants": frozenset({"count", "aboard", "item"}),
    "eggs": frozenset({"count", "hatched"}),
    "computer": frozenset(),
}
_NEEDS = {"item_left": ("item",), "item_held": ("item",), "item_gone": ("item",),
          "captive": ("character",), "out_of_action": ("character",),
          "alive": ("character",), "dead": ("kind", "count"), "turned": ("count",),
          "informants": ("count",), "eggs": ("count",)}


@dataclass(frozen=True)
class Need:
    """One part of a level: a fact with its particulars (``not_``: it must not hold)."""

    fact: str
    item: str = ""
    character: str = ""
    who: str = "seat"
    with_: str = "seat"
    by: str = "seat"
    ship: str = ""
    kind: str = ""
    count: int = 1
    aboard: bool = False
    not_: bool = False
    hatched: str = ""


@dataclass(frozen=True)
class Level:
    goal: str
    why: str
    needs: tuple[Need, ...]


@dataclass(frozen=True)
class VictorySheets:
    """The victory levels of every sheet (faction, or option with a sheet of its own) and
    the deck-plan region of every ship."""

    sheets: dict[str, tuple[Level, ...]]
    ships: dict[str, str]

    def levels_for(self, faction: str, option: str) -> tuple[Level, ...]:
        """A seat's levels: its option's own sheet if it has one, else its faction's
        (nothing while an option that has its own sheet is still to be chosen)."""
        if option in self.sheets:
            return self.sheets[option]
        return self.sheets.get(faction, ())


def load_victory(path: Path, sheets: Sheets) -> VictorySheets:
    """Read and check ``victory.toml`` against the control sheets (DataError at the line)."""
    data, text = load_toml(path)
    ships = data.get("ships")
    if not isinstance(ships, dict) or not ships or not all(
            isinstance(v, str) and v for v in ships.values()):
        raise DataError(str(path), 1, "[ships] must name each ship's deck-plan region")
    tables = data.get("sheet")
    if not isinstance(tables, dict) or not tables:
        raise DataError(str(path), 1, "no [[sheet.*.level]] tables")
    unknown = set(data) - {"ships", "sheet"}
    if unknown:
        raise DataError(str(path), 1, f"unknown table(s) {sorted(unknown)}")
    options = {o for f in sheets.factions.values() for o in f.options}
    out: dict[str, tuple[Level, ...]] = {}
    for key, body in tables.items():
        header = f"[[sheet.{key}.level]]"
        reader = TableReader(path, text, body if isinstance(body, dict) else {}, header)
        if key not in sheets.factions and key not in options:
            raise reader.fail(None, f"{key!r} is neither a faction nor a faction's option")
        if not isinstance(body, dict) or set(body) != {"level"}:
            raise reader.fail(None, "a sheet holds only its levels")
        levels = body["level"]
        if not isinstance(levels, list) or not 3 <= len(levels) <= 4:
            raise reader.fail(None, "a control sheet has three or four victory levels")
        out[key] = tuple(_level(path, text, header, entry, sheets, ships) for entry in levels)
    for faction in sheets.factions.values():
        if faction.id == "feynman":
            continue
        if faction.id not in out and not (faction.options
                                          and all(o in out for o in faction.options)):
            raise DataError(str(path), None,
                            f"{faction.id}: no victory levels (for the faction or every option)")
    return VictorySheets(out, dict(ships))


def _level(path: Path, text: str, header: str, entry: object, sheets: Sheets,
           ships: dict) -> Level:
    reader = TableReader(path, text, entry if isinstance(entry, dict) else {}, header)
    if not isinstance(entry, dict):
        raise reader.fail(None, "a level must be a table")
    reader.unknown({"goal", "why", "need"})
    goal, why = reader.get("goal", str), reader.get("why", str)
    if not goal.strip() or not why.strip():
        raise reader.fail("goal", "every level needs its goal and the reason for it")
    needs = reader.get("need", list)
    if not needs:
        raise reader.fail(None, f"{goal!r}: a level needs at least one part")
    return Level(goal, " ".join(why.split()),
                 tuple(_need(path, text, goal, n, sheets, ships) for n in needs))


def _need(path: Path, text: str, goal: str, body: object, sheets: Sheets,
          ships: dict) -> Need:
    reader = TableReader(path, text, body if isinstance(body, dict) else {}, "fact =")
    where = f"{goal[:40]!r}"
    if not isinstance(body, dict):
        raise reader.fail(None, f"{where}: each need must be a table")
    fact = reader.get("fact", str)
    if fact not in FACTS:
        raise reader.fail("fact", f"{where}: unknown fact {fact!r}")
    reader.unknown({"fact", "not"} | FACTS[fact])
    for name in _NEEDS.get(fact, ()):
        if name not in body:
            raise reader.fail(None, f"{where}: {fact} needs {name!r}")
    item = reader.get("item", str, "")
    if item and item not in sheets.items:
        raise reader.fail("item", f"{where}: unknown item {item!r}")
    character = reader.get("character", str, "")
    if character and character not in sheets.characters:
        raise reader.fail("character", f"{where}: unknown character {character!r}")
    hatched = reader.get("hatched", str, "")
    if hatched and hatched not in sheets.characters:
        raise reader.fail("hatched", f"{where}: unknown character {hatched!r}")
    ship = reader.get("ship", str, "")
    if ship and ship not in ships:
        raise reader.fail("ship", f"{where}: unknown ship {ship!r}")
    kind = reader.get("kind", str, "")
    if kind and kind not in ("human", "android", "robot", "alien"):
        raise reader.fail("kind", f"{where}: unknown kind {kind!r}")
    count = reader.get("count", int, 1)
    if count < 1:
        raise reader.fail("count", f"{where}: count must be at least 1")
    parties = {}
    for name in ("who", "with", "by"):
        value = reader.get(name, str, "seat")
        if value not in ("seat", "anyone") and value not in sheets.factions \
                and value not in sheets.characters:
            raise reader.fail(name, f"{where}: {name} must be 'seat', a faction or a character")
        if value == "anyone" and name != "with":
            raise reader.fail(name, f"{where}: only 'with' may be 'anyone'")
        parties[name] = value
    return Need(fact, item, character, parties["who"], parties["with"], parties["by"], ship,
                kind, count, reader.get("aboard", bool, False), reader.get("not", bool, False),
                hatched)


@lru_cache(maxsize=1)
def default_victory() -> VictorySheets:
    return load_victory(data_path("victory.toml"), default_sheets())


# ---- the truth at the end -----------------------------------------------------------------------

def seat_option(table: Table, seat: str) -> str:
    """The seat's private option (Phone Co. employer, alien species), '' if none yet."""
    s = table.state
    species = s.species.get(seat)
    if species:
        return species
    order = s.orders.get(seat)
    if order is not None and order.option:
        return order.option
    if order is not None and order.by:  # the eighth player's band plays the first band's sheet
        return seat_option(table, order.by)
    return ""


def goals_for(table: Table, seat: str) -> tuple[str, ...]:
    """The goals of the seat's levels, best first, as its control sheet words them."""
    levels = default_victory().levels_for(table.faction_of(seat), seat_option(table, seat))
    return tuple(level.goal for level in levels)


class Ending:
    """Questions about the state at the end, asked by the facts (where a thing is, whether it
    left the Feynman aboard a ship, who is whose)."""

    def __init__(self, table: Table, victory: VictorySheets) -> None:
        self.table = table
        self.s = table.state
        self.sheets = table.sheets
        self.plan = table.plan
        self.names = victory.ships
        s = self.s
        self.gone_ships = {key: table.plan.region(region)
                           for key, region in victory.ships.items()
                           if key in s.ships and s.ships[key].left}

    # -- where things are
    def square_of_item(self, item: Item) -> int | None:
        if item.holder is not None:
            holder = self.s.characters.get(item.holder)
            return holder.square if holder is not None else None
        return item.square

    def ship_of(self, square: int | None) -> str | None:
        """The ship whose squares as drawn hold ``square``, if it left the map."""
        if square is None:
            return None
        return next((k for k, squares in sorted(self.gone_ships.items()) if square in squares),
                    None)

    def left_aboard(self, char: Character) -> str | None:
        """The ship ``char`` left the map aboard, if any: only those taken away are out of
        play ("away"); one floating where a departed ship once lay has not left."""
        return self.ship_of(char.square) if char.eva == "away" else None

    def item_left_aboard(self, item: Item) -> str | None:
        """The ship an item left the map aboard: its holder's, or the one it lay in."""
        if item.holder is not None:
            holder = self.s.characters.get(item.holder)
            return self.left_aboard(holder) if holder is not None else None
        return item.away if item.away in self.gone_ships else None

    def destroyed_with_station(self, square: int | None, away: str | None) -> bool:
        """Blown up with the station: on the map when the drives went off (``away``: the
        ship it left aboard, if any)."""
        return self.s.systems.detonated and square is not None and away is None

    def controller_seat(self, char: Character) -> str | None:
        """Whose ``char`` is now. ``controlled_by`` names the *character* holding a mind (or
        running a robot), never a seat: a held mind is its holder's seat's."""
        holder = self.s.characters.get(char.controlled_by) if char.controlled_by else None
        return holder.seat if holder is not None else char.seat

    def body(self, char: Character) -> bool:
        return self.sheets.characters[char.sheet].on_map

    def alive(self, char: Character) -> bool:
        return (char.status != "dead" and char.square is not None
                and not self.destroyed_with_station(char.square, self.left_aboard(char)))

    def active(self, char: Character) -> bool:
        return self.alive(char) and char.status == "active" and self.body(char)

    # -- whose
    def party(self, seat: str, who: str) -> list[Character]:
        """The characters ``who`` names for ``seat``: the seat's own (and its allies'), a
        faction's, or one character by its sheet id."""
        s = self.s
        if who == "anyone":
            return list(s.characters.values())
        if who in self.sheets.characters:
            return [c for c in s.characters.values() if c.sheet == who]
        if who == "seat":
            team = self.team(seat)
        else:
            team = {x for x in s.seats if s.specs[x].faction == who}
        return sorted((c for c in s.characters.values() if c.seat in team), key=lambda c: c.id)

    def team(self, seat: str) -> set[str]:
        """The seat and every seat sharing its victory (the eighth player's pirates)."""
        s = self.s
        return {x for x in s.seats if x == seat or allied(s.specs[x], s.specs[seat])}

    def party_name(self, who: str) -> str:
        if who == "seat":
            return "its forces"
        if who == "anyone":
            return "anyone"
        if who in self.sheets.characters:
            return self.sheets.characters[who].name
        return self.sheets.factions[who].name

    def thing(self, kind: str) -> str:
        """An item type as a sentence names it: "the evidence disk", "the Artifact"."""
        name = self.sheets.items[kind].name
        if name.startswith("The "):
            return "the " + name[4:]
        return "the " + name[0].lower() + name[1:]

    def items_of(self, kind: str) -> list[Item]:
        return sorted((i for i in self.s.items.values() if i.type == kind), key=lambda i: i.id)

    def gone(self, item: Item) -> bool:
        away = self.item_left_aboard(item)
        if away is not None:
            return False
        square = self.square_of_item(item)
        return square is None or self.destroyed_with_station(square, None)

    def char_name(self, char: Character) -> str:
        return self.sheets.characters[char.sheet].name

    def ship_name(self, key: str) -> str:
        return "the " + self.names[key]


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


def _names(chars: Iterable[Character], ending: Ending) -> str:
    names = [ending.char_name(c) for c in chars]
    if not names:
        return "nobody"
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


# ---- the facts: each answers (holds, what was found in words) -----------------------------------

def _left(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    away = [c for c in e.party(seat, n.who) if e.active(c) and e.left_aboard(c)
            and (not n.ship or e.left_aboard(c) == n.ship)]
    whose = e.party_name(n.who)
    if not away:
        return False, f"None of {whose} left the Feynman aboard a ship."
    need = f" ({n.count} needed)" if n.count > 1 else ""
    return len(away) >= n.count, f"{_names(away, e)} left the Feynman aboard a ship{need}."


def _item_left(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    name = e.thing(n.item)
    riders = e.party(seat, n.with_)
    for item in e.items_of(n.item):
        ship = e.item_left_aboard(item)
        if ship is None or (n.ship and ship != n.ship):
            continue
        crew = [c for c in riders if e.active(c) and e.left_aboard(c) == ship]
        if n.with_ == "anyone" or crew:
            with_ = f" with {_names(crew, e)}" if crew and n.with_ != "anyone" else ""
            return True, _sentence(f"{name} left the Feynman aboard {e.ship_name(ship)}{with_}.")
    where = f"aboard {e.ship_name(n.ship)}" if n.ship else "aboard a ship"
    with_ = "" if n.with_ == "anyone" else f" with {e.party_name(n.with_)}"
    return False, _sentence(f"{name} did not leave the Feynman {where}{with_}.")


def _item_held(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    name = e.thing(n.item)
    holders = {c.id: c for c in e.party(seat, n.by) if e.active(c)}
    for item in e.items_of(n.item):
        if item.holder in holders and not e.gone(item):
            return True, f"{e.char_name(holders[item.holder])} holds {name}."
    return False, _sentence(f"{name} is not in the hands of {e.party_name(n.by)}.")


def _item_gone(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    name = e.thing(n.item)
    items = e.items_of(n.item)
    if items and all(e.gone(i) for i in items):
        return True, _sentence(f"{name} was destroyed.")
    return False, _sentence(f"{name} still exists." if items else f"{name} is not in this game.")


def _video_safe(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    gone, said = _item_gone(e, seat, Need("item_gone", item="evidence_disk"))
    if gone:
        return True, said
    return _item_held(e, seat, Need("item_held", item="evidence_disk", by=n.by))


def _captive(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    riders = e.party(seat, n.with_)
    name = e.sheets.characters[n.character].name
    for char in e.party(seat, n.character):
        ship = e.left_aboard(char)
        if ship is None or char.status == "active" or not e.alive(char):
            continue
        if n.ship and ship != n.ship:
            continue
        if n.with_ == "anyone" or any(e.active(c) and e.left_aboard(c) == ship
                                      for c in riders):
            return True, f"{name} was taken away aboard {e.ship_name(ship)}, out of action."
    return False, f"{name} was not taken away as a prisoner."


def _out_of_action(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    name = e.sheets.characters[n.character].name
    chars = e.party(seat, n.character)
    if chars and not any(e.active(c) for c in chars):
        return True, f"{name} is out of action."
    if not chars:
        return True, f"{name} is not in this game."
    return False, f"{name} is still on his feet."


def _alive(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    name = e.sheets.characters[n.character].name
    if any(e.alive(c) for c in e.party(seat, n.character)):
        return True, f"{name} is alive."
    return False, f"{name} is dead or gone."


def _active(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    found = [c for c in e.party(seat, n.who) if e.active(c)]
    whose = e.party_name(n.who)
    if n.who in e.sheets.characters:
        # a named character counts while he is the seat's to run: one whose mind another
        # seat holds (or who turned informant for it) is on his feet but not free
        free = [c for c in found if e.controller_seat(c) in e.team(seat)]
        if found and not free:
            return False, f"{whose} is on his feet but not free."
        return bool(free), f"{whose} is {'still' if free else 'not'} on his feet."
    counted = _count(len(found), "character", "characters")
    return len(found) >= n.count, (f"Active at the end: {counted} of {whose} "
                                   f"({n.count} needed).")


def _dead(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    mine = {c.id for c in e.party(seat, "seat")}
    dead = [c for c in e.s.characters.values()
            if c.id not in mine and c.seat is not None
            and e.sheets.characters[c.sheet].kind == n.kind and not e.alive(c)
            and c.square is not None] + _raised(e, n.kind)
    return len(dead) >= n.count, (f"{_count(len(dead), n.kind, n.kind + 's')} of the others "
                                  f"dead ({n.count} needed).")


def _raised(e: Ending, kind: str) -> list[Character]:
    """Bodies raised from the dead (aliens.toml: raise): each was a dead ``kind`` of another
    seat before it rose, and rising spreads the plague rather than undoing the death."""
    found = default_aliens()
    if kind not in found.powers["raise"].kinds:
        return []
    risen = {species.risen for species in found.species.values() if species.risen}
    return [c for c in e.s.characters.values() if c.sheet in risen and c.square is not None]


def _turned(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    faction = e.table.faction_of(seat)
    turned = [c for c in e.s.characters.values()
              if e.active(c) and e.controller_seat(c) == seat
              and e.sheets.characters[c.sheet].faction not in (faction, "feynman")]
    return len(turned) >= n.count, (f"{_count(len(turned), 'character', 'characters')} under "
                                    f"your control at the end ({n.count} needed).")


def _informants(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    """With ``item``: only those aboard the very ship that item left aboard (the ship
    with the most of them, should there be more than one such item)."""
    faction = e.table.faction_of(seat)
    found = [c for c in e.s.characters.values()
             if e.active(c) and (c.informant_of == seat or (
                 c.seat == seat and e.sheets.characters[c.sheet].faction != faction))
             and (not (n.aboard or n.item) or e.left_aboard(c))]
    where = " aboard a ship that left" if n.aboard else ""
    if n.item:
        ships = {e.item_left_aboard(i) for i in e.items_of(n.item)} - {None}
        found = max(([c for c in found if e.left_aboard(c) == ship] for ship in sorted(ships)),
                    key=len, default=[])
        where = f" aboard the ship carrying {e.thing(n.item)}"
    return len(found) >= n.count, (f"{_count(len(found), 'informant', 'informants')} active"
                                   f"{where} at the end ({n.count} needed).")


def _egg_survives(e: Ending, host_token: str) -> bool:
    """A waiting egg lives in its host: lost with a host carried off the map (as at the
    hatching, aliens.hatch_eggs), blown up with one left aboard the station."""
    host = next((c for c in e.s.characters.values() if c.token == host_token), None)
    if host is None or host.square is None:
        return False
    return not e.destroyed_with_station(host.square, e.left_aboard(host))


def _eggs(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    """Eggs still waiting, and eggs that hatched into a bug (of the ``hatched`` sheet) still
    alive: the brood that survived (a hatched egg leaves the seat's list of eggs)."""
    secrets = e.s.aliens.get(seat)
    eggs = [] if secrets is None else [x for x in secrets.eggs if _egg_survives(e, x.host)]
    bugs = [c for c in e.s.characters.values()
            if n.hatched and c.seat == seat and c.sheet == n.hatched and e.alive(c)]
    total = len(eggs) + len(bugs)
    return total >= n.count, (f"{_count(total, 'egg', 'eggs')} survived, "
                              f"{len(bugs)} of them hatched ({n.count} needed).")


def _computer(e: Ending, seat: str, n: Need) -> tuple[bool, str]:
    systems = e.s.systems
    if systems.detonated:
        return False, "The station blew up, and the computer with it."
    if systems.shutdown:
        return False, "The Feynman's computer is shut down."
    return True, "The Feynman's computer still runs."


_FACT_RULES: dict[str, Callable[[Ending, str, Need], tuple[bool, str]]] = {
    "left": _left, "item_left": _item_left, "item_held": _item_held, "item_gone": _item_gone,
    "video_safe": _video_safe, "captive": _captive, "out_of_action": _out_of_action,
    "alive": _alive, "active": _active, "dead": _dead, "turned": _turned,
    "informants": _informants, "eggs": _eggs, "computer": _computer,
}
assert set(_FACT_RULES) == set(FACTS)


def check_level(ending: Ending, seat: str, number: int, level: Level) -> LevelCheck:
    met = True
    facts = []
    for need in level.needs:
        holds, words = _FACT_RULES[need.fact](ending, seat, need)
        if need.not_:
            holds = not holds
        met = met and holds
        facts.append(words)
    return LevelCheck(number, level.goal, met, tuple(facts))


def evaluate(table: Table, victory: VictorySheets | None = None
             ) -> tuple[dict[str, int], dict[str, tuple[LevelCheck, ...]]]:
    """Every seat's level (the first whose parts all hold; one past the last: none) and
    every level of every seat checked, with its facts in words."""
    victory = victory or default_victory()
    ending = Ending(table, victory)
    levels: dict[str, int] = {}
    checks: dict[str, tuple[LevelCheck, ...]] = {}
    for seat in sorted(table.state.seats):
        sheet = victory.levels_for(table.faction_of(seat), seat_option(table, seat))
        found = tuple(check_level(ending, seat, n, lv) for n, lv in enumerate(sheet, start=1))
        checks[seat] = found
        levels[seat] = next((c.level for c in found if c.met), len(found) + 1)
    return levels, checks


def level_count(table: Table, seat: str) -> int:
    return len(goals_for(table, seat))


def ended_by(table: Table) -> str | None:
    """How the game has ended by the rules, if it has: ``detonation`` or ``nobody_left``
    (no active character with a body of any seat remains aboard the Feynman)."""
    s = table.state
    if s.systems.detonated:
        return "detonation"
    ending = Ending(table, default_victory())
    if not any(c.seat is not None and ending.active(c) and ending.left_aboard(c) is None
               for c in s.characters.values()):
        return "nobody_left"
    return None


def result(table: Table, how: str, adjustments: tuple = ()) -> Result:
    """The game's result: the engine's levels, then the Judge's ``adjustments`` (checked by
    the caller), and the winners."""
    found, checks = evaluate(table)
    levels = dict(found)
    for adjustment in adjustments:
        levels[adjustment.seat] = adjustment.level
    return Result(levels, winners(levels, checks), found, checks, tuple(adjustments), how)


def winners(levels: dict[str, int], checks: dict[str, tuple[LevelCheck, ...]]
            ) -> tuple[str, ...]:
    """The seats with the lowest level earned; nobody wins when nobody earned a level (a
    sheet of three levels does not beat one of four by having nothing sooner)."""
    earned = {seat: level for seat, level in levels.items() if level <= len(checks[seat])}
    if not earned:
        return ()
    best = min(earned.values())
    return tuple(sorted(seat for seat, level in earned.items() if level == best))
