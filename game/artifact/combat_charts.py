"""The Player Aid's combat charts, loaded from data and validated (rulebook: Combat).

The rulebook explains how each chart is read (a to-hit number per range band, a damage row per
armour, a penetration line) but prints none of them. The values live in
``data/weapons.toml`` (one chart per weapon) and ``data/combat.toml`` (ranges, modifiers,
damage effects and additions, the unjam, repair and computer-hits tables, suits, medkit), so
that an owner of the printed charts can type theirs in. Everything is checked on load; a bad
value fails with the file, line and reason (``DataError``), like every other data file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from .datafiles import TableReader, data_path, line_of, load_toml
from .errors import DataError
from .sheets import ARMOUR, KINDS, SKILLS, Sheets, default_sheets

#: The damage results every chart may hold (rulebook: Damage Effects), plus EMP knock-out.
EFFECT_CODES = ("NE", "L", "KO", "S", "D", "K", "EMP")
#: Results a row of a damage chart may hold (EMP comes from the EMP pistol, not a row),
#: mildest first: a KO is always survived, a Down is a serious wound or death.
ROW_CODES = ("NE", "L", "KO", "S", "D", "K")
#: Results a character can already carry when hit again (rows of the Damage Additions chart).
LASTING_CODES = ("L", "KO", "S", "D", "EMP")
#: Character statuses a damage result may leave ("" leaves the status as it was).
EFFECT_STATUSES = ("", "light_wound", "ko", "serious", "down", "dead", "inactive")
WEAPON_KINDS = ("ranged", "close", "gas", "placed", "blast")
JAMS = ("jam", "overheat", "never")
CLEARS = ("hands", "mechanic", "machine_shop")
AREAS = ("target", "square", "blast", "space")
#: to_hit: the 2d6 to-hit roll; damage: a close-combat damage die; unjam: the Unjam Table;
#: check: any one-die table roll of the acting character (unjam, repair).
MODIFIER_USES = ("to_hit", "damage", "unjam", "check")
DIE_SIDES = 6
#: Modifier ids the rule functions name; the data must define each of them.
RULE_MODIFIERS = ("unaware", "helpless", "double_fire", "panic_fire", "light_wound",
                  "carrying_casualty", "elusive_target", "tough_serious", "character_in_line",
                  "furniture_in_line", "from_behind", "tough_serious_strike", "machine_shop",
                  "mechanic", "tough_serious_check")
UNJAM_RESULTS = ("still_jammed", "cleared")
REPAIR_RESULTS = ("not_yet", "repaired")
COMPUTER_HITS = ("darkness", "gas", "explosion", "special")
ROLLS = ("stray_hit", "down_dead", "bug_dead", "spoke_collision")


@dataclass(frozen=True)
class DieRange:
    """A printed die range such as "1-3" or "6" (inclusive)."""

    low: int
    high: int

    def __contains__(self, roll: object) -> bool:
        return isinstance(roll, int) and self.low <= roll <= self.high

    def __str__(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Penetration:
    """One entry of a chart's penetration line: never, always, or on a die range."""

    mode: str  # "never", "always" or "roll"
    dice: DieRange | None = None

    def __str__(self) -> str:
        return {"never": "-", "always": "always"}.get(self.mode, str(self.dice))


NEVER = Penetration("never")


@dataclass(frozen=True)
class RangeBand:
    id: str
    name: str
    low: int
    high: int


@dataclass(frozen=True)
class FireType:
    id: str
    name: str
    shots: int
    modifier: str
    jams_after: bool


@dataclass(frozen=True)
class ModifierType:
    id: str
    label: str
    value: int
    applies: str


@dataclass(frozen=True)
class Effect:
    code: str
    name: str
    status: str
    attacker_sees: str


@dataclass(frozen=True)
class Suit:
    item: str
    armour: str
    sealed: bool


@dataclass(frozen=True)
class DieTable:
    """A one-die table: each result id with the die range that gives it, covering 1-6."""

    entries: tuple[tuple[DieRange, str], ...]

    def lookup(self, total: int) -> str:
        """The result for a die total (modified totals outside 1-6 read as 1 or 6)."""
        total = min(max(total, 1), DIE_SIDES)
        for dice, result in self.entries:
            if total in dice:
                return result
        raise AssertionError("a validated die table covers 1-6")  # pragma: no cover

    def range_of(self, result: str) -> DieRange:
        return next(dice for dice, name in self.entries if name == result)


@dataclass(frozen=True)
class Weapon:
    """One weapon chart (rulebook: Weapon Charts)."""

    id: str
    name: str
    item: str
    kind: str
    skill: str
    to_hit: tuple[int | None, ...]  # per range band, nearest first; None = out of reach
    reach: str
    fire: tuple[str, ...]
    jams: str
    clear: str
    none: tuple[str, ...]
    light: tuple[str, ...]
    armoured: tuple[str, ...]
    emp: bool
    area: str
    doors: Penetration
    computer: Penetration
    hatches: bool
    generator: bool

    def row(self, armour: str) -> tuple[str, ...]:
        """The damage effects row for a target's armour (none, light or armoured)."""
        if armour not in ARMOUR:
            raise ValueError(f"armour must be one of {', '.join(ARMOUR)}, got {armour!r}")
        return {"none": self.none, "light": self.light, "armoured": self.armoured}[armour]

    def penetration(self, feature: str) -> Penetration:
        """The penetration entry for a map feature: window, hatch or computer.

        Windows use the "doors" entry; hatches too, but only for weapons that can hurt
        hatches at all (rulebook: Hits to Map Features).
        """
        if feature == "window":
            return self.doors
        if feature == "hatch":
            return self.doors if self.hatches else NEVER
        if feature == "computer":
            return self.computer
        raise ValueError(f"feature must be window, hatch or computer, got {feature!r}")


@dataclass(frozen=True)
class Cannon:
    """The pirate cannon's modes, each rolling on another weapon's chart."""

    anti_personnel: str
    plasma_drill: str
    needle_beam: str
    needle_beam_row: str
    skill: str


@dataclass(frozen=True)
class CombatCharts:
    """Every combat table, validated. Mappings are read-only."""

    weapons: Mapping[str, Weapon]
    bands: tuple[RangeBand, ...]
    fire: Mapping[str, FireType]
    modifiers: Mapping[str, ModifierType]
    effects: Mapping[str, Effect]
    additions: Mapping[str, Mapping[str, str]]
    unjam: DieTable
    repair: DieTable
    computer_hits: DieTable
    rolls: Mapping[str, DieRange]
    jam_on: int
    suits: Mapping[str, Suit]
    breach: frozenset[str]
    medkit_charges: int
    medkit_revives: bool
    medkit_heals: bool
    cannon: Cannon
    natural: Mapping[str, str]
    improvised: str
    builtin: Mapping[str, tuple[str, ...]]

    def band(self, band_id: str) -> RangeBand:
        return next(b for b in self.bands if b.id == band_id)

    def band_index(self, band_id: str) -> int:
        return [b.id for b in self.bands].index(band_id)

    def weapon_for_item(self, item: str) -> Weapon | None:
        """The chart a carried item fires with, or None for an item that is no weapon."""
        return next((w for w in self.weapons.values() if w.item == item), None)


def parse_die_range(reader: TableReader, key: str, value: object) -> DieRange:
    """A printed die range: "3", "1-3" (or a bare whole number), within 1-6."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise reader.fail(key, f"{key} must be a die range such as \"1-3\", got {value!r}")
    low_text, _, high_text = value.partition("-")
    try:
        low = int(low_text)
        high = int(high_text) if high_text else low
    except ValueError:
        raise reader.fail(key, f"{key} must be a die range such as \"1-3\", got {value!r}") \
            from None
    if not 1 <= low <= high <= DIE_SIDES:
        raise reader.fail(key, f"{key}: {value!r} is not a range within 1-{DIE_SIDES}")
    return DieRange(low, high)


def _penetration(reader: TableReader, key: str) -> Penetration:
    value = reader.get(key, object, "-")
    if value == "-":
        return NEVER
    if value == "always":
        return Penetration("always")
    return Penetration("roll", parse_die_range(reader, key, value))


def _die_table(reader: TableReader, results: tuple[str, ...]) -> DieTable:
    reader.unknown(set(results))
    entries = []
    for result in results:
        entries.append((parse_die_range(reader, result, reader.get(result, object)),
                        result))
    covered = sorted(n for dice, _ in entries for n in range(dice.low, dice.high + 1))
    if covered != list(range(1, DIE_SIDES + 1)):
        raise reader.fail(None, f"the die ranges must cover 1-{DIE_SIDES} once each")
    return DieTable(tuple(sorted(entries, key=lambda e: e[0].low)))


def _table(data: dict, path: Path, text: str, name: str) -> dict:
    table = data.get(name)
    if not isinstance(table, dict) or not table:
        raise DataError(str(path), 1, f"no [{name}] table")
    return table


def _readers(data: dict, path: Path, text: str, name: str):
    """(id, TableReader) for each [name.id] table, refusing entries that are no table."""
    for key, body in _table(data, path, text, name).items():
        reader = TableReader(path, text, body if isinstance(body, dict) else {},
                             f"[{name}.{key}]")
        if not isinstance(body, dict):
            raise DataError(str(path), line_of(text, key), f"{name}.{key} must be a table")
        yield key, reader


def _row(reader: TableReader, key: str) -> tuple[str, ...]:
    row = reader.strings(key)
    if len(row) != DIE_SIDES:
        raise reader.fail(key, f"{key} must list {DIE_SIDES} results, one per die roll")
    for code in row:
        if code not in ROW_CODES:
            raise reader.fail(key, f"{key}: {code!r} is not a damage result "
                                   f"({', '.join(ROW_CODES)})")
    return row


def _one_of(reader: TableReader, key: str, choices: tuple[str, ...], default: object = ...):
    value = reader.get(key, str, default)
    if value not in choices:
        raise reader.fail(key, f"{key} must be one of {', '.join(choices)}, got {value!r}")
    return value


def _weapon(reader: TableReader, weapon_id: str, bands: tuple[RangeBand, ...],
            fire: Mapping[str, FireType], sheets: Sheets) -> Weapon:
    body = reader.table
    reader.unknown({"name", "item", "kind", "skill", "to_hit", "reach", "fire", "jams", "clear",
                    "none", "light", "armoured", "emp", "area", "doors", "computer", "hatches",
                    "generator"})
    kind = _one_of(reader, "kind", WEAPON_KINDS)
    item = reader.get("item", str)
    if item and item not in sheets.items:
        raise reader.fail("item", f"item {item!r} is not in the equipment list")
    skill = reader.get("skill", str, "")
    if skill and skill not in SKILLS:
        raise reader.fail("skill", f"unknown skill {skill!r}")
    ranged_only = ("to_hit", "fire", "jams", "clear")
    if kind != "ranged":
        for key in ranged_only:
            if key in body:
                raise reader.fail(key, f"{key} belongs to ranged weapons only")
    to_hit: tuple[int | None, ...] = ()
    fire_types: tuple[str, ...] = ()
    jams, clear = "never", ""
    if kind == "ranged":
        raw = reader.get("to_hit", list)
        if len(raw) != len(bands):
            raise reader.fail("to_hit", f"to_hit must give {len(bands)} numbers, one per band "
                                        f"({', '.join(b.name for b in bands)})")
        numbers: list[int | None] = []
        for value in raw:
            if value == "-":
                numbers.append(None)
            elif isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 12:
                numbers.append(value)
            else:
                raise reader.fail("to_hit", f"to_hit: {value!r} is neither a 2d6 number "
                                            "(2-12) nor \"-\"")
        if all(n is None for n in numbers):
            raise reader.fail("to_hit", "to_hit: the weapon reaches no band")
        to_hit = tuple(numbers)
        fire_types = reader.strings("fire")
        if not fire_types or "normal" not in fire_types:
            raise reader.fail("fire", "fire must include normal")
        for fire_id in fire_types:
            if fire_id not in fire:
                raise reader.fail("fire", f"unknown type of fire {fire_id!r}")
        jams = _one_of(reader, "jams", JAMS)
        if jams != "never":
            clear = _one_of(reader, "clear", CLEARS)
            if jams == "overheat" and clear != "machine_shop":
                raise reader.fail("clear", "an overheated gun is cleared in the machine shop")
        elif "clear" in body:
            raise reader.fail("clear", "a weapon that never jams has nothing to clear")
    reach = ""
    if kind == "gas":
        reach = _one_of(reader, "reach", tuple(b.id for b in bands))
    elif "reach" in body:
        raise reader.fail("reach", "reach belongs to gas only")
    emp = reader.get("emp", bool, False)
    rows: dict[str, tuple[str, ...]] = {}
    for armour in ARMOUR:
        if emp:
            if armour in body:
                raise reader.fail(armour, "an EMP weapon has no damage rows")
            rows[armour] = ()
        else:
            rows[armour] = _row(reader, armour)
    area = _one_of(reader, "area", AREAS, "target")
    return Weapon(
        id=weapon_id, name=reader.get("name", str), item=item, kind=kind, skill=skill,
        to_hit=to_hit, reach=reach, fire=fire_types, jams=jams, clear=clear,
        none=rows["none"], light=rows["light"], armoured=rows["armoured"], emp=emp, area=area,
        doors=_penetration(reader, "doors"), computer=_penetration(reader, "computer"),
        hatches=reader.get("hatches", bool, False),
        generator=reader.get("generator", bool, False),
    )


def _bands(data: dict, path: Path, text: str) -> tuple[RangeBand, ...]:
    bands = []
    expect = 0
    for band_id, reader in _readers(data, path, text, "range"):
        reader.unknown({"name", "squares"})
        squares = reader.get("squares", list)
        if (len(squares) != 2 or not all(isinstance(n, int) and not isinstance(n, bool)
                                         for n in squares) or squares[0] > squares[1]):
            raise reader.fail("squares", "squares must be [nearest, farthest] whole numbers")
        if squares[0] != expect:
            raise reader.fail("squares", f"the band must start at {expect} squares, "
                                         "right after the band before it")
        expect = squares[1] + 1
        bands.append(RangeBand(band_id, reader.get("name", str), squares[0], squares[1]))
    return tuple(bands)


def _combat_tables(path: Path, sheets: Sheets) -> dict:
    data, text = load_toml(path)
    out: dict = {"bands": _bands(data, path, text)}
    modifiers = {}
    for mod_id, reader in _readers(data, path, text, "modifier"):
        reader.unknown({"label", "value", "applies"})
        modifiers[mod_id] = ModifierType(mod_id, reader.get("label", str),
                                         reader.get("value", int),
                                         _one_of(reader, "applies", MODIFIER_USES))
    for mod_id in RULE_MODIFIERS:
        if mod_id not in modifiers:
            raise DataError(str(path), None, f"[modifier.{mod_id}] is missing")
    fire = {}
    for fire_id, reader in _readers(data, path, text, "fire"):
        reader.unknown({"name", "shots", "modifier", "jams_after"})
        shots = reader.get("shots", int)
        if shots < 1:
            raise reader.fail("shots", "shots must be at least 1")
        modifier = reader.get("modifier", str)
        if modifier and (modifier not in modifiers or modifiers[modifier].applies != "to_hit"):
            raise reader.fail("modifier", f"{modifier!r} is not a to-hit modifier")
        fire[fire_id] = FireType(fire_id, reader.get("name", str), shots, modifier,
                                 reader.get("jams_after", bool))
    if "normal" not in fire:
        raise DataError(str(path), None, "[fire.normal] is missing")
    out["fire"] = fire
    out["modifiers"] = modifiers
    effects = {}
    for code, reader in _readers(data, path, text, "effect"):
        if code not in EFFECT_CODES:
            raise reader.fail(None, f"unknown damage result {code!r}")
        reader.unknown({"name", "status", "attacker_sees"})
        effects[code] = Effect(code, reader.get("name", str),
                               _one_of(reader, "status", EFFECT_STATUSES),
                               reader.get("attacker_sees", str))
    for code in EFFECT_CODES:
        if code not in effects:
            raise DataError(str(path), None, f"[effect.{code}] is missing")
    out["effects"] = effects
    reader = TableReader(path, text, _table(data, path, text, "additions"), "[additions]")
    reader.unknown(set(LASTING_CODES))
    additions = {}
    for old in LASTING_CODES:
        row = reader.get(old, dict)
        if set(row) != set(EFFECT_CODES):
            raise reader.fail(old, f"{old} must give a result for each of "
                                   f"{', '.join(EFFECT_CODES)}")
        for new, result in row.items():
            if result not in EFFECT_CODES:
                raise reader.fail(old, f"{old} + {new}: {result!r} is not a damage result")
        additions[old] = MappingProxyType(dict(row))
    out["additions"] = additions
    for name, results in (("unjam", UNJAM_RESULTS), ("repair", REPAIR_RESULTS),
                          ("computer_hits", COMPUTER_HITS)):
        table = TableReader(path, text, _table(data, path, text, name), f"[{name}]")
        out[name] = _die_table(table, results)
    reader = TableReader(path, text, _table(data, path, text, "rolls"), "[rolls]")
    reader.unknown(set(ROLLS) | {"jam_on"})
    out["rolls"] = {key: parse_die_range(reader, key, reader.get(key, object))
                    for key in ROLLS}
    jam_on = reader.get("jam_on", int)
    if not 2 <= jam_on <= 12:
        raise reader.fail("jam_on", "jam_on must be a 2d6 roll (2-12)")
    out["jam_on"] = jam_on
    suits = {}
    for item, reader in _readers(data, path, text, "suit"):
        reader.unknown({"armour", "sealed"})
        if item not in sheets.items or not sheets.items[item].suit:
            raise reader.fail(None, f"{item!r} is not a suit of the equipment list")
        suits[item] = Suit(item, _one_of(reader, "armour", ARMOUR), reader.get("sealed", bool))
    for item in sheets.items.values():
        if item.suit and item.id not in suits:
            raise DataError(str(path), None, f"[suit.{item.id}] is missing")
    out["suits"] = suits
    reader = TableReader(path, text, _table(data, path, text, "breach"), "[breach]")
    reader.unknown({"effects"})
    breach = reader.strings("effects")
    for code in breach:
        if code not in ROW_CODES:
            raise reader.fail("effects", f"{code!r} is not a damage result")
    out["breach"] = frozenset(breach)
    reader = TableReader(path, text, _table(data, path, text, "medkit"), "[medkit]")
    reader.unknown({"charges", "revives", "heals_light_wound"})
    out["medkit_charges"] = reader.get("charges", int)
    if out["medkit_charges"] < 1:
        raise reader.fail("charges", "a medkit has at least one use")
    out["medkit_revives"] = reader.get("revives", bool)
    out["medkit_heals"] = reader.get("heals_light_wound", bool)
    return out


def _weapon_tables(path: Path, sheets: Sheets, bands: tuple[RangeBand, ...],
                   fire: Mapping[str, FireType]) -> dict:
    data, text = load_toml(path)
    weapons = {}
    for weapon_id, reader in _readers(data, path, text, "weapon"):
        weapons[weapon_id] = _weapon(reader, weapon_id, bands, fire, sheets)
    items = [w.item for w in weapons.values() if w.item]
    for item in items:
        if items.count(item) > 1:
            raise DataError(str(path), None, f"item {item!r} has more than one weapon chart")

    def weapon_ref(reader: TableReader, key: str, value: object, kinds: tuple[str, ...]) -> str:
        if value not in weapons:
            raise reader.fail(key, f"{key}: unknown weapon {value!r}")
        if weapons[value].kind not in kinds:
            raise reader.fail(key, f"{key}: {value!r} is not a {' or '.join(kinds)} weapon")
        return value

    reader = TableReader(path, text, _table(data, path, text, "cannon"), "[cannon]")
    reader.unknown({"anti_personnel", "plasma_drill", "needle_beam", "needle_beam_row",
                    "skill"})
    cannon = Cannon(
        *(weapon_ref(reader, key, reader.get(key, str), ("ranged",))
          for key in ("anti_personnel", "plasma_drill", "needle_beam")),
        needle_beam_row=_one_of(reader, "needle_beam_row", ARMOUR),
        skill=_one_of(reader, "skill", SKILLS))
    reader = TableReader(path, text, _table(data, path, text, "close_combat"),
                         "[close_combat]")
    reader.unknown({"natural", "improvised"})
    natural = reader.get("natural", dict)
    bodies = tuple(k for k in KINDS if k != "program")
    if set(natural) != set(bodies):
        raise reader.fail("natural", f"natural must name a close-combat chart for each of "
                                     f"{', '.join(bodies)}")
    natural = {k: weapon_ref(reader, "natural", v, ("close",)) for k, v in natural.items()}
    improvised = weapon_ref(reader, "improvised", reader.get("improvised", str), ("close",))
    reader = TableReader(path, text, _table(data, path, text, "builtin"), "[builtin]")
    builtin = {}
    for robot in reader.table:
        sheet = sheets.characters.get(robot)
        if sheet is None or sheet.kind != "robot":
            raise reader.fail(robot, f"{robot!r} is not a robot of the control sheets")
        builtin[robot] = tuple(weapon_ref(reader, robot, name, WEAPON_KINDS)
                               for name in reader.strings(robot))
    return {"weapons": weapons, "cannon": cannon, "natural": natural,
            "improvised": improvised, "builtin": builtin}


def load_combat_charts(weapons_path: Path, combat_path: Path,
                       sheets: Sheets | None = None) -> CombatCharts:
    """Load and cross-check both chart files (items, robots and skills against the sheets)."""
    sheets = sheets or default_sheets()
    tables = _combat_tables(combat_path, sheets)
    arms = _weapon_tables(weapons_path, sheets, tables["bands"], tables["fire"])
    frozen = {key: MappingProxyType(value) if isinstance(value, dict) else value
              for key, value in {**tables, **arms}.items()}
    return CombatCharts(**frozen)


@lru_cache(maxsize=1)
def default_charts() -> CombatCharts:
    """The packaged combat charts (loaded once; immutable)."""
    return load_combat_charts(data_path("weapons.toml"), data_path("combat.toml"))
