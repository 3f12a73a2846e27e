"""Control sheets, the equipment price list and the movement chart, loaded from data.

The rulebook names these components without printing their values; the values live in
``data/factions.toml``, ``data/equipment.toml`` and ``data/movement.toml`` so that an owner
of the printed sheets can type theirs in. Everything is validated on load. (The sheets'
victory levels are in ``data/victory.toml``, read by ``victory.py``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .datafiles import TableReader, data_path, load_toml
from .errors import DataError

SKILLS = ("Hands", "Hacker", "Mechanic", "Medic", "Pilot", "Plasma", "Tough")
KINDS = ("human", "android", "robot", "alien", "program")
ARMOUR = ("none", "light", "armoured")
MODES = ("walk", "jog", "run")


@dataclass(frozen=True)
class ItemType:
    id: str
    name: str
    price: int
    slot: bool
    suit: bool
    thrusters: bool
    visible: bool
    large: bool
    looks_like: str
    encumbers: bool
    robot: str
    marker: bool
    sees_dark: bool = False  # worn or carried, it lets its bearer see in the dark


@dataclass(frozen=True)
class CharacterSheet:
    id: str
    faction: str
    name: str
    counter: str
    kind: str
    skills: tuple[str, ...]
    movement: str
    armour: str
    option: str
    start: tuple[str, ...]

    @property
    def hands(self) -> bool:
        return "Hands" in self.skills

    @property
    def ir_vision(self) -> bool:
        """Robots, androids and aliens see in the dark (rulebook: Robots, Androids, Dark)."""
        return self.kind in ("robot", "android", "alien")

    @property
    def on_map(self) -> bool:
        """Programs (HAL, Pan, the Controller) have no body and never stand on a square."""
        return self.kind != "program"


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    budget: int
    shop: tuple[str, ...]
    free_items: tuple[tuple[str, str], ...]
    required: tuple[str, ...]
    optional: tuple[str, ...]
    pick: int
    options: tuple[str, ...]
    start: tuple[str, ...]


@dataclass(frozen=True)
class MovementClass:
    id: str
    gravity: dict
    zero_g: dict
    heavy: dict

    def allowance(self, mode: str, *, zero_g: bool, encumbered: bool) -> int:
        if zero_g:
            return self.zero_g[mode]
        if encumbered:
            return self.heavy[mode]
        return self.gravity[mode]


@dataclass(frozen=True)
class Sheets:
    items: dict
    characters: dict
    factions: dict
    movement: dict

    def price(self, purchases: list[str]) -> int:
        return sum(self.items[item].price for item in purchases)


def _mode_row(reader: TableReader, key: str, value: object) -> dict:
    if not isinstance(value, dict) or set(value) != set(MODES):
        raise reader.fail(key, f"{key} must give walk, jog and run")
    for mode in MODES:
        number = value[mode]
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise reader.fail(key, f"{key}.{mode} must be a whole number of MP >= 0")
    if not value["walk"] <= value["jog"] <= value["run"]:
        raise reader.fail(key, f"{key}: walk <= jog <= run must hold")
    return dict(value)


def load_items(path: Path) -> dict:
    data, text = load_toml(path)
    table = data.get("item")
    if not isinstance(table, dict) or not table:
        raise DataError(str(path), 1, "no [item.*] tables")
    items = {}
    allowed = {"name", "price", "slot", "suit", "thrusters", "visible", "large", "looks_like",
               "encumbers", "robot", "marker", "sees_dark"}
    for item_id, body in table.items():
        reader = TableReader(path, text, body, f"[item.{item_id}]")
        if not isinstance(body, dict):
            raise reader.fail(None, "must be a table")
        reader.unknown(allowed)
        price = reader.get("price", int)
        if price < 0:
            raise reader.fail("price", "price must not be negative")
        item = ItemType(
            id=item_id,
            name=reader.get("name", str),
            price=price,
            slot=reader.get("slot", bool, False),
            suit=reader.get("suit", bool, False),
            thrusters=reader.get("thrusters", bool, False),
            visible=reader.get("visible", bool, False),
            large=reader.get("large", bool, False),
            looks_like=reader.get("looks_like", str, item_id),
            encumbers=reader.get("encumbers", bool, False),
            robot=reader.get("robot", str, ""),
            marker=reader.get("marker", bool, False),
            sees_dark=reader.get("sees_dark", bool, False),
        )
        if item.suit and item.slot:
            raise reader.fail("slot", "a suit takes no carry slot")
        items[item_id] = item
    for item in items.values():
        if item.looks_like not in items:
            reader = TableReader(path, text, {}, f"[item.{item.id}]")
            raise reader.fail("looks_like", f"looks_like names unknown item {item.looks_like!r}")
    return items


def load_movement(path: Path) -> dict:
    data, text = load_toml(path)
    table = data.get("class")
    if not isinstance(table, dict) or not table:
        raise DataError(str(path), 1, "no [class.*] tables")
    classes = {}
    for class_id, body in table.items():
        reader = TableReader(path, text, body, f"[class.{class_id}]")
        reader.unknown({"walk", "jog", "run", "zero_g", "heavy"})
        gravity = _mode_row(reader, "walk", {m: body.get(m) for m in MODES})
        zero_g = _mode_row(reader, "zero_g", body["zero_g"]) if "zero_g" in body else gravity
        heavy = _mode_row(reader, "heavy", body["heavy"]) if "heavy" in body else gravity
        classes[class_id] = MovementClass(class_id, gravity, zero_g, heavy)
    return classes


def load_factions(path: Path, items: dict, movement: dict) -> tuple[dict, dict]:
    data, text = load_toml(path)
    factions: dict = {}
    characters: dict = {}
    for faction_id, body in (data.get("faction") or {}).items():
        reader = TableReader(path, text, body, f"[faction.{faction_id}]")
        reader.unknown({"name", "budget", "shop", "free_items", "required", "optional", "pick",
                        "options", "start"})
        free = reader.get("free_items", list)
        pairs = []
        for pair in free:
            if (not isinstance(pair, list) or len(pair) != 2 or pair[0] not in items
                    or pair[1] not in ("any", "map")):
                raise reader.fail("free_items", f"bad free item {pair!r}")
            pairs.append((pair[0], pair[1]))
        shop = reader.strings("shop")
        for item in shop:
            if item not in items:
                raise reader.fail("shop", f"shop lists unknown item {item!r}")
        factions[faction_id] = Faction(
            id=faction_id,
            name=reader.get("name", str),
            budget=reader.get("budget", int),
            shop=shop,
            free_items=tuple(pairs),
            required=reader.strings("required"),
            optional=reader.strings("optional"),
            pick=reader.get("pick", int),
            options=reader.strings("options"),
            start=reader.strings("start"),
        )
    for char_id, body in (data.get("character") or {}).items():
        reader = TableReader(path, text, body, f"[character.{char_id}]")
        reader.unknown({"faction", "name", "counter", "kind", "skills", "movement", "armour",
                        "option", "start"})
        faction = reader.get("faction", str)
        if faction not in factions and faction != "feynman":
            raise reader.fail("faction", f"unknown faction {faction!r}")
        kind = reader.get("kind", str)
        if kind not in KINDS:
            raise reader.fail("kind", f"kind must be one of {', '.join(KINDS)}")
        skills = reader.strings("skills")
        for skill in skills:
            if skill not in SKILLS:
                raise reader.fail("skills", f"unknown skill {skill!r}")
        move = reader.get("movement", str)
        if move not in movement:
            raise reader.fail("movement", f"unknown movement class {move!r}")
        armour = reader.get("armour", str)
        if armour not in ARMOUR:
            raise reader.fail("armour", f"armour must be one of {', '.join(ARMOUR)}")
        option = reader.get("option", str, "")
        if option and option not in factions[faction].options:
            raise reader.fail("option", f"{option!r} is not an option of {faction}")
        default_start = factions[faction].start if faction in factions else ("Feynman",)
        characters[char_id] = CharacterSheet(
            id=char_id, faction=faction, name=reader.get("name", str),
            counter=reader.get("counter", str), kind=kind, skills=skills, movement=move,
            armour=armour, option=option, start=reader.strings("start", default_start),
        )
    for faction in factions.values():
        reader = TableReader(path, text, {}, f"[faction.{faction.id}]")
        for char_id in faction.required + faction.optional:
            if characters.get(char_id) is None or characters[char_id].faction != faction.id:
                raise reader.fail("required", f"{char_id!r} is not a character of {faction.id}")
        if faction.pick > len(faction.optional):
            raise reader.fail("pick", "pick exceeds the optional characters")
    for item in items.values():
        if item.robot and item.robot not in characters:
            raise DataError(str(path), None, f"item {item.id} names unknown robot {item.robot}")
    return factions, characters


@lru_cache(maxsize=1)
def default_sheets() -> Sheets:
    """The packaged control sheets (loaded once; immutable)."""
    items = load_items(data_path("equipment.toml"))
    movement = load_movement(data_path("movement.toml"))
    factions, characters = load_factions(data_path("factions.toml"), items, movement)
    return Sheets(items=items, characters=characters, factions=factions, movement=movement)
