"""Customize Factions and Place Counters (rulebook: Game Setup).

Checks a seat's private order against its control sheet and builds the forces once every
seat has ordered; checks placements against the START notes.
"""

from __future__ import annotations

from functools import lru_cache

from . import actions as A
from . import informants
from .datafiles import TableReader, data_path, line_of, load_toml
from .deckplan import FACINGS, feynman
from .errors import DataError, IllegalAction
from .events import Event
from .seats import JUDGE
from .sheets import default_sheets
from .state import Character, GameState, Item, Order

MAX_SLOTS = 4


def check_order(game, seat: str, action: A.Customize) -> Order:
    s = game.state
    sheets = game.sheets
    faction_id = game.faction_of(seat)
    sheet = sheets.factions[faction_id]
    if seat == "pirates2":
        raise IllegalAction("the second pirate seat's band is equipped by the first")
    # private option
    option = action.option
    assigned = s.species.get(seat) if faction_id == "alien" else None
    if assigned:
        if option not in ("", assigned):
            raise IllegalAction(f"your species was assigned by the Judge: {assigned}")
        option = assigned
    elif sheet.options:
        if option not in sheet.options:
            raise IllegalAction(f"choose one of: {', '.join(sheet.options)}")
    elif option:
        raise IllegalAction("this control sheet has no option to choose")
    # roster
    if faction_id == "alien":
        if action.roster:
            raise IllegalAction("an alien's characters come with its species")
        roster = [c.id for c in sheets.characters.values() if c.option == option
                  and c.faction == "alien"]
    else:
        picked = list(action.roster)
        if len(set(picked)) != len(picked):
            raise IllegalAction("a character is picked twice")
        for cid in picked:
            if cid not in sheet.optional:
                raise IllegalAction(f"{cid!r} is not on the optional list of your sheet")
        if len(picked) != sheet.pick:
            raise IllegalAction(f"pick exactly {sheet.pick} of the optional characters")
        roster = list(sheet.required) + picked
    # items
    free_needed: dict = {}
    for item_id, rule in sheet.free_items:
        free_needed.setdefault(item_id, []).append(rule)
    free_seen: dict = {}
    slots: dict = {cid: 0 for cid in roster}
    suits: dict = {cid: 0 for cid in roster}
    cost = 0
    robots = []
    for item_id, holder in action.items:
        kind = sheets.items.get(item_id)
        if kind is None:
            raise IllegalAction(f"unknown item {item_id!r}")
        if item_id in free_needed:
            free_seen[item_id] = free_seen.get(item_id, 0) + 1
            if "map" in free_needed[item_id] and holder:
                raise IllegalAction(f"{kind.name} starts on the map, not carried")
        elif item_id not in sheet.shop:
            raise IllegalAction(f"{kind.name} is not on your price list")
        else:
            cost += kind.price
        if kind.robot:
            if holder:
                raise IllegalAction(f"a {kind.name} is a character, not carried")
            robots.append(kind.robot)
            continue
        if not holder:
            continue
        if holder not in slots:
            raise IllegalAction(f"{holder!r} is not in your roster")
        char_sheet = sheets.characters[holder]
        if kind.suit:
            if char_sheet.kind not in ("human", "android"):
                raise IllegalAction(f"{char_sheet.name} cannot wear a suit")
            suits[holder] += 1
            if suits[holder] > 1:
                raise IllegalAction(f"{char_sheet.name} can wear only one suit")
        else:
            if not char_sheet.hands:
                raise IllegalAction(f"{char_sheet.name} has no hands to carry things")
            if kind.slot:
                slots[holder] += 1
                if slots[holder] > MAX_SLOTS:
                    raise IllegalAction(f"{char_sheet.name} can carry at most {MAX_SLOTS} items")
    for item_id, rules in free_needed.items():
        if free_seen.get(item_id, 0) != len(rules):
            raise IllegalAction(f"say where your {sheets.items[item_id].name} starts "
                                "(who carries it, or '' for the map)")
    if cost > sheet.budget:
        raise IllegalAction(f"that costs {cost} credits; your budget is {sheet.budget}")
    partner = list(action.partner)
    if seat == "pirates" and "pirates2" in s.seats:
        if len(partner) != 4 or len(set(partner)) != 4 or not set(partner) <= set(roster):
            raise IllegalAction("hand exactly four of your pirates to the second pirate seat")
    elif partner:
        raise IllegalAction("only the pirates share their band with a second seat")
    return Order(option, list(roster), [tuple(p) for p in action.items], partner, cost,
                 list(robots))


@lru_cache(maxsize=1)
def ship_stores() -> tuple[tuple[str, int], ...]:
    """(item type, square) of the Feynman's own equipment, from data/stores.toml."""
    return load_stores(data_path("stores.toml"), default_sheets(), feynman())


def load_stores(path, sheets, plan) -> tuple[tuple[str, int], ...]:
    data, text = load_toml(path)
    entries = data.get("store") or []
    if not isinstance(entries, list):
        raise DataError(str(path), line_of(text, "store"), "stores must be [[store]] tables")
    out = []
    aboard = plan.region("Feynman")
    for body in entries:
        reader = TableReader(path, text, body, f'item = "{body.get("item")}"')
        reader.unknown({"item", "at"})
        item = reader.get("item", str)
        if item not in sheets.items or sheets.items[item].robot or sheets.items[item].marker:
            raise reader.fail("item", f"{item!r} is not a piece of equipment")
        at = reader.get("at", list)
        if (len(at) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)
                or not plan.inside(*at)):
            raise reader.fail("at", f"at must be [x, y] on the map, got {at!r}")
        square = plan.sq(*at)
        if square not in aboard or not plan.passable(square):
            raise reader.fail("at", f"{at} is not an open square aboard the Feynman")
        out.append((item, square))
    return tuple(out)


def _char_id(s: GameState, sheet_id: str) -> str:
    cid = sheet_id
    n = 2
    while cid in s.characters:
        cid = f"{sheet_id}_{n}"
        n += 1
    return cid


def _new_character(game, sheet_id: str, seat: str | None, counter: str | None = None,
                   used: set[str] | None = None) -> Character:
    s = game.state
    cid = _char_id(s, sheet_id)
    sheet = game.sheets.characters[sheet_id]
    char = Character(cid, sheet_id, seat, game._token(used), counter or sheet.counter,
                     status="active" if seat else "inactive")
    s.characters[cid] = char
    return char


def build_forces(game) -> list[Event]:
    s = game.state
    sheets = game.sheets
    events: list[Event] = []
    alien_seats = [x for x in s.seats if game.faction_of(x) == "alien"]
    used = game.tokens_in_use()  # one gathering for every token made here
    for seat in s.seats:
        order = s.orders[seat]
        if order.by:
            continue
        by_sheet: dict = {}
        faction_count = sum(1 for x in s.seats[: s.seats.index(seat)]
                            if game.faction_of(x) == game.faction_of(seat)
                            and not s.orders[x].by)
        for sheet_id in order.roster:
            counter = None
            kind = sheets.characters[sheet_id].kind
            if len(alien_seats) > 1 and game.faction_of(seat) == "alien" and kind != "program":
                counter = "Bug Alien"
            elif faction_count:
                counter = f"{sheets.characters[sheet_id].counter} ({faction_count + 1})"
            owner = "pirates2" if sheet_id in order.partner else seat
            char = _new_character(game, sheet_id, owner, counter, used)
            by_sheet[sheet_id] = char
        for robot in order.robots:
            _new_character(game, robot, seat, used=used)
        for item_type, holder in order.items:
            kind = sheets.items[item_type]
            if kind.robot:
                continue
            token = game._token(used)
            item = Item(token, token, item_type, seat)
            s.items[token] = item
            if holder:
                char = by_sheet[holder]
                item.holder = char.id
                if kind.suit:
                    item.worn = True
                    char.suit = token
                else:
                    char.items.append(token)
                    char.items.sort()
    for robot in ("handler_bot", "tech_bot", "securi_bot", "doc_bot"):
        _new_character(game, robot, None, used=used)
    for item_type, square in ship_stores():
        token = game._token(used)
        s.items[token] = Item(token, token, item_type, None, square=square)
    # The G-men's informant among the pirates, Pan's two (Informants; the Judge's pick).
    events += informants.draw(game)
    events.append(Event("forces_built", (JUDGE,), {}))
    return events


def start_squares(game, names: tuple[str, ...]) -> frozenset:
    plan = game.plan
    out: set = set()
    for name in names:
        out |= plan.region(name)
    return frozenset(out)


def things_to_place(game, seat: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(kind, id, START regions) of everything the seat places."""
    s = game.state
    sheets = game.sheets
    out = []
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if char.seat == seat:
            out.append(("character", char.id, sheets.characters[char.sheet].start))
    faction_start = sheets.factions[game.faction_of(seat)].start
    if seat == "pirates2":
        return out
    for item in sorted(s.items.values(), key=lambda i: i.id):
        if item.owner == seat and item.holder is None:
            out.append(("item", item.id, faction_start))
    return out


def check_places(game, seat: str, action: A.PlaceForces) -> list[tuple[str, str, int, str]]:
    plan = game.plan
    wanted = {thing_id: (kind, regions) for kind, thing_id, regions in things_to_place(game, seat)}
    seen: set = set()
    out = []
    counts: dict = {}
    for thing_id, x, y, facing in action.places:
        if thing_id not in wanted:
            raise IllegalAction(f"{thing_id!r} is not yours to place")
        if thing_id in seen:
            raise IllegalAction(f"{thing_id!r} is placed twice")
        seen.add(thing_id)
        if facing not in FACINGS:
            raise IllegalAction(f"facing must be one of {', '.join(FACINGS)}")
        if not plan.inside(x, y):
            raise IllegalAction(f"({x}, {y}) is off the map")
        square = plan.sq(x, y)
        kind, regions = wanted[thing_id]
        if square not in start_squares(game, regions):
            raise IllegalAction(f"{thing_id} must start in: {', '.join(regions)}")
        if not plan.passable(square) and plan.terrain[square] != "space":
            raise IllegalAction(f"({x}, {y}) cannot be entered")
        if kind == "character":
            char = game.state.characters[thing_id]
            if game.sheets.characters[char.sheet].on_map:
                counts[square] = counts.get(square, 0) + 1
                if counts[square] > game.stack_limit(square):
                    raise IllegalAction(f"({x}, {y}) holds at most "
                                        f"{game.stack_limit(square)} characters")
        out.append((kind, thing_id, square, facing))
    missing = set(wanted) - seen
    if missing:
        raise IllegalAction(f"place everything: {', '.join(sorted(missing))} missing")
    return out


FEYNMAN_ROBOTS = ("handler_bot", "tech_bot", "securi_bot", "doc_bot")


def check_robot_place(game, action: A.PlaceRobot) -> tuple[Character, int]:
    """The robot and square of the Judge's placing of an inactive Feynman robot (Place
    Counters: somewhere open aboard, within stacking), or IllegalAction saying why not."""
    char = game.state.characters.get(action.robot)
    if char is None or char.sheet not in FEYNMAN_ROBOTS:
        raise IllegalAction(f"{action.robot!r} is not one of the Feynman's robots")
    if action.facing not in FACINGS:
        raise IllegalAction(f"facing must be one of {', '.join(FACINGS)}")
    plan = game.plan
    if not plan.inside(action.x, action.y):
        raise IllegalAction("that square is off the map")
    square = plan.sq(action.x, action.y)
    if square not in plan.region("Feynman") or not plan.passable(square):
        raise IllegalAction("inactive robots go on an open square aboard the Feynman")
    if game.stack_count(square, exclude=char.id) >= game.stack_limit(square):
        raise IllegalAction("that square is full (stacking)")
    return char, square


def start_problem(game) -> str | None:
    """Why the Judge may not start play yet (None: it may): every force unambiguously
    placed, and the Feynman's robots placed."""
    if game.placement_conflicts():
        return "two seats still share a space: return one of them first"
    unplaced = [c.id for c in game.state.characters.values()
                if c.sheet in FEYNMAN_ROBOTS and c.square is None]
    if unplaced:
        return f"place the Feynman's robots first: {', '.join(unplaced)}"
    return None
