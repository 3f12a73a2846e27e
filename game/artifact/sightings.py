"""Map updates (rulebook: Initial Map Update, Final Map Update, Informants, Secrecy).

Each map (a seat's, or the one shared by two seats) holds counters: what its characters,
robots and informants saw at the last map update, keyed by opaque tokens so that a counter
never says more than the printed counter would (a fake artifact looks like the Artifact; a
bug-alien counter hides the species). Counters that drop out of view become last-known
places. Everything here reads and writes the engine's ``GameState``.
"""

from __future__ import annotations

from dataclasses import replace

from .deckplan import DeckPlan
from .sheets import Sheets
from .sight import field_of_view
from .state import (
    Character,
    CharacterCounter,
    Counter,
    GameState,
    Item,
    ItemCounter,
    MapBook,
    ShieldsSeen,
)


def map_seats(state: GameState, map_id: str) -> list[str]:
    return [seat for seat in state.seats if state.map_of[seat] == map_id]


def dark_squares(state: GameState, plan: DeckPlan) -> frozenset:
    """The squares of the dark spaces, less those a flashlight lights this turn (Dark: the
    examined spot, and its bearer, are visible to others)."""
    names = set(state.dark)
    if not names:
        return frozenset()
    dark = frozenset(s for s in range(len(plan.terrain)) if plan.space_name(s) in names)
    lit = state.systems.lit
    return dark - frozenset(lit) if lit else dark


def sees_dark(state: GameState, sheets: Sheets, char: Character) -> bool:
    """Infrared vision: robots, androids and aliens, a worn sneaksuit, carried infrared
    goggles (the items marked ``sees_dark`` in equipment.toml)."""
    if sheets.characters[char.sheet].ir_vision:
        return True
    items = state.items
    if char.suit and sheets.items[items[char.suit].type].sees_dark:
        return True
    return any(sheets.items[items[i].type].sees_dark and not sheets.items[items[i].type].suit
               for i in char.items)


def is_physical(sheets: Sheets, char: Character) -> bool:
    """On the map in body (not a program, nor gone off the map aboard a ship)."""
    return (char.square is not None and sheets.characters[char.sheet].on_map
            and char.eva != "away")


def can_observe(sheets: Sheets, char: Character) -> bool:
    """Conscious and looking: active, or seriously wounded but Tough (rulebook: Tough)."""
    conscious = char.status == "active" or (
        char.status == "serious" and "Tough" in sheets.characters[char.sheet].skills)
    return is_physical(sheets, char) and conscious and not char.blind


def observer_fov(state: GameState, plan: DeckPlan, sheets: Sheets, char: Character,
                 dark: frozenset, square: int | None = None,
                 facing: str | None = None) -> frozenset:
    return field_of_view(plan, char.square if square is None else square,
                         facing or char.facing, dark=dark,
                         sees_dark=sees_dark(state, sheets, char))


def character_counter(state: GameState, plan: DeckPlan, sheets: Sheets,
                      char: Character) -> CharacterCounter:
    carrying = []
    for item_id in char.items:
        item = state.items[item_id]
        kind = sheets.items[item.type]
        if kind.visible:
            carrying.append(sheets.items[kind.looks_like].name)
    if char.suit:
        kind = sheets.items[state.items[char.suit].type]
        if kind.visible:
            carrying.append(kind.name)
    return CharacterCounter(char.counter, plan.xy(char.square), char.facing,
                            "active" if char.status == "active" else "inactive",
                            tuple(sorted(carrying)))


def item_counter(plan: DeckPlan, sheets: Sheets, item: Item) -> ItemCounter:
    kind = sheets.items[item.type]
    return ItemCounter(sheets.items[kind.looks_like].name, plan.xy(item.square))


def visible_to(state: GameState, plan: DeckPlan, sheets: Sheets, observer: Character,
               fov: frozenset, exclude_seats: set,
               exclude_ids: frozenset = frozenset()) -> dict[str, Counter]:
    """Counters for everything the observer sees in ``fov`` (not of its own map's seats, nor
    the characters in ``exclude_ids``)."""
    if is_robot(sheets, observer):
        return visible_in(state, plan, sheets, frozenset(), fov, exclude_seats, exclude_ids)
    return visible_in(state, plan, sheets, fov, frozenset(), exclude_seats, exclude_ids)


def is_robot(sheets: Sheets, observer: Character) -> bool:
    """Robots and androids do not see an active character in a sneaksuit."""
    return sheets.characters[observer.sheet].kind in ("robot", "android")


def visible_in(state: GameState, plan: DeckPlan, sheets: Sheets, seen: frozenset | set,
               seen_by_robots: frozenset | set, exclude_seats: set,
               exclude_ids: frozenset = frozenset(), *,
               shared: Sights | None = None) -> dict[str, Counter]:
    """Counters for everything a map's observers see together: ``seen`` the squares some
    observer that is no robot sees, ``seen_by_robots`` those only robots or androids see
    (where an active character in a sneaksuit stays unseen). One pass over the characters
    and items, whatever the number of observers (``shared``: what several maps' updates
    read alike, worked out once)."""
    out: dict[str, Counter] = {}
    if not seen and not seen_by_robots:
        return out
    if shared is None:
        bodies = [c for c in state.characters.values() if is_physical(sheets, c)]
        counter_of = None
    else:
        bodies, counter_of = shared.bodies, shared.counter
    for char in bodies:
        if char.seat in exclude_seats or char.id in exclude_ids:
            continue
        if char.square in seen:
            pass
        elif char.square in seen_by_robots:
            suit = char.suit
            if suit and state.items[suit].type == "sneaksuit" and char.status == "active":
                continue
        else:
            continue
        out[char.token] = (character_counter(state, plan, sheets, char) if counter_of is None
                           else counter_of(char))
    for item in state.items.values():
        if item.holder is None and item.square is not None and (
                item.square in seen or item.square in seen_by_robots):
            if sheets.items[item.type].marker:
                continue
            out[item.token] = item_counter(plan, sheets, item)
    return out


def comrades_in_space(state: GameState, plan: DeckPlan, sheets: Sheets,
                      char: Character) -> list[Character]:
    """The characters of ``char``'s own seat in the same named space of the plan (the same
    room, the same small craft's cabin): a character knows who shares its compartment with
    it without looking, so an informant reports them even behind its back (the Example of
    Play: Orlov, facing the windshield, tells of Eastwood and Yee in the cutter). Strangers
    there, and comrades beyond the space's walls, it knows only by sight."""
    if char.seat is None or not can_observe(sheets, char):
        return []
    space = plan.space_of[char.square]
    if space < 0:
        return []
    return [other for other in state.characters.values()
            if other.seat == char.seat and other.id != char.id
            and is_physical(sheets, other) and plan.space_of[other.square] == space]


def informant_report(state: GameState, plan: DeckPlan, sheets: Sheets,
                     char: Character) -> dict[str, Counter]:
    """What an informant tells its master without looking (rulebook: Informants): where it
    is, and the comrades who share its space (``comrades_in_space``). What it sees is added
    by the caller, with the rest of the map's observers."""
    out: dict[str, Counter] = {}
    if is_physical(sheets, char):
        out[char.token] = character_counter(state, plan, sheets, char)
    for other in comrades_in_space(state, plan, sheets, char):
        out[other.token] = character_counter(state, plan, sheets, other)
    return out


def illusions_seen(state: GameState, plan: DeckPlan, seen: set | frozenset,
                   seats: set) -> dict[str, Counter]:
    """Mental illusions (aliens.py) on squares that observers who are no robot or android see:
    fake character counters, never on the map of the seat that cast them."""
    out: dict[str, Counter] = {}
    for caster_seat, secrets in state.aliens.items():
        if caster_seat in seats:
            continue
        for ghost in secrets.illusions:
            if plan.sq(*ghost.square) in seen:
                out[ghost.token] = CharacterCounter(ghost.counter, ghost.square, ghost.facing,
                                                    "active")
    return out


class Sights:
    """What every map's update reads alike, worked out once for several maps updated in a
    row (``refresh_maps``): the dark squares, the characters on the map in body, those
    looking, and each character's counter once asked for. A map update writes only its own
    map, so these stay true from one map's update to the next."""

    def __init__(self, state: GameState, plan: DeckPlan, sheets: Sheets) -> None:
        self.state, self.plan = state, plan
        self.dark = dark_squares(state, plan)
        self.bodies = [c for c in state.characters.values() if is_physical(sheets, c)]
        self.looking = [c for c in self.bodies if can_observe(sheets, c)]
        self._sheets = sheets
        self._counters: dict[str, CharacterCounter] = {}

    def counter(self, char: Character) -> CharacterCounter:
        found = self._counters.get(char.id)
        if found is None:
            found = self._counters[char.id] = character_counter(self.state, self.plan,
                                                                self._sheets, char)
        return found


def refresh_maps(state: GameState, plan: DeckPlan, sheets: Sheets, map_ids) -> None:
    """``refresh_map`` of each of ``map_ids`` in turn (every map at the end of a turn), what
    they all read worked out once (``Sights``)."""
    shared = Sights(state, plan, sheets)
    for map_id in map_ids:
        refresh_map(state, plan, sheets, map_id, shared=shared)


def refresh_map(state: GameState, plan: DeckPlan, sheets: Sheets, map_id: str, *,
                informants: bool = False, shared: Sights | None = None) -> dict[str, Counter]:
    """Replace the map's counters by what its observers see now; returns the new counters.

    A seat whose forces are held (``state.held``: another seat changed them and it has
    not been told yet) looks from where it believes its characters are, and what its
    characters could only see from where they truly are waits for its own map update: a map
    whose seats are all held is left as it is, and lift cars are updated only from the
    squares of observers that are where their seat knows them. ``shared``: what the updates
    of several maps in a row read alike (``refresh_maps``); made here for one map alone."""
    seats = set(map_seats(state, map_id))
    held = {seat: state.held[seat] for seat in seats if seat in state.held}
    book = state.maps[map_id]
    if seats and len(held) == len(seats):
        return dict(book.counters)
    believed = [b for forces in held.values() for b in forces.bodies.values()]
    exclude_ids = frozenset(b.id for b in believed)
    shared = shared or Sights(state, plan, sheets)
    dark = shared.dark
    observers = [c for c in shared.looking if c.seat in seats and c.seat not in held]
    counters: dict[str, Counter] = {}
    if informants:
        for char in state.characters.values():
            master = char.informant_of
            # an alien master whose map a second alien seat shares hears its informants in
            # its own secrets only (aliens.refresh_sight): the partner must not learn them
            if (master and master in seats and char.seat not in seats
                    and not (master in state.aliens and len(seats) > 1)):
                counters.update(informant_report(state, plan, sheets, char))
                if can_observe(sheets, char):
                    observers.append(char)
    seen_squares: set = set()
    seen: set = set()
    seen_by_robots: set = set()
    for observer in observers:
        fov = observer_fov(state, plan, sheets, observer, dark)
        seen_squares |= fov
        (seen_by_robots if is_robot(sheets, observer) else seen).update(fov)
    for observer in believed:
        if can_observe(sheets, observer):
            fov = observer_fov(state, plan, sheets, observer, dark)
            (seen_by_robots if is_robot(sheets, observer) else seen).update(fov)
    seen_by_robots -= seen
    counters.update(visible_in(state, plan, sheets, seen, seen_by_robots, seats, exclude_ids,
                               shared=shared))
    counters.update(illusions_seen(state, plan, seen, seats))
    old = book.counters
    for token, entry in old.items():
        if token not in counters:
            book.last_known[token] = replace(entry, round=state.round)
    for token in counters:
        book.last_known.pop(token, None)
    book.counters = {k: counters[k] for k in sorted(counters)}
    book.last_known = {k: book.last_known[k] for k in sorted(book.last_known)}
    gas = state.systems.gas
    if gas or book.gas:  # gas is seen wherever an observer sees a square of its space
        looked = {plan.space_name(q) for q in seen_squares}
        book.gas = sorted((set(book.gas) - looked) | (looked & set(gas)))
    _see_holes(state, plan, book, seen_squares)
    _see_shields(state, plan, book, observers, seen_squares)
    for lift in plan.lifts:
        for end, square in enumerate(lift.ends):
            if square in seen_squares:
                if state.lifts[lift.name] == end:
                    book.lifts[lift.name] = end
                elif book.lifts[lift.name] == end:
                    book.lifts[lift.name] = 1 - end
    return counters


def shields_view(plan: DeckPlan) -> tuple[frozenset, frozenset]:
    """The squares from which the shields show: open space (the bubble around the station
    is seen wherever space is) and the squares beside the telescope (the generator's own
    readout), kept in the plan's memo."""
    found = plan.memo.get("shields_view")
    if found is None:
        space = frozenset(q for q, t in enumerate(plan.terrain) if t == "space")
        beside = set()
        for q, feature in enumerate(plan.feature):
            if feature == "shield_generator":
                x, y = plan.xy(q)
                beside.update(plan.sq(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                              if plan.inside(x + dx, y + dy))
        found = plan.memo["shields_view"] = (space, frozenset(beside))
    return found


def shields_told(state: GameState, map_id: str, up: bool, *, watching: bool = False) -> None:
    """The map learns the shields' state otherwise than by its map update: its seat raised
    or lowered them, wrecked the generator, found the bubble in its ship's way, or heard the
    computer's shutdown announced."""
    state.maps[map_id].shields = ShieldsSeen(up, state.round, watching)


def _see_shields(state: GameState, plan: DeckPlan, book: MapBook, observers, seen: set) -> None:
    """An observer who sees open space sees whether the bubble is there, and one beside the
    telescope reads it; otherwise the map keeps the state it last learned, no longer
    watched."""
    space, beside = shields_view(plan)
    if not space.isdisjoint(seen) or any(o.square in beside for o in observers):
        book.shields = ShieldsSeen(state.systems.shields_up, state.round, True)
    elif book.shields is not None and book.shields.watching:
        book.shields = replace(book.shields, watching=False)


def _see_holes(state: GameState, plan: DeckPlan, book: MapBook, seen: set) -> None:
    """A broken window or a blown hatch shows to an observer who sees a square on either
    side of it; a hole stays a hole, so the map keeps what it has seen (rulebook: Hits to
    Map Features: it changes sight and movement at once)."""
    systems = state.systems
    windows = [e for e in systems.broken_windows if e not in book.broken_windows
               and any(q in seen for q in plan.edge_squares(e))]
    hatches = [h for h in systems.blown_hatches if h not in book.blown_hatches
               and 0 <= h < len(plan.hatches)
               and any(q in seen for pair in plan.hatches[h].edges for q in pair)]
    if windows:
        book.broken_windows = sorted(set(book.broken_windows) | set(windows))
    if hatches:
        book.blown_hatches = sorted(set(book.blown_hatches) | set(hatches))
