"""Situation Update (rulebook: Situation Update, Telegram from the War Department).

A seat learns what others did to its forces only at its own Situation Update. Whenever
another seat's action or the Judge is about to change one of its characters or items outside
its turn (an informant activated, a lift call carrying it, a status check rolling a downed
one's fate, an adjudication), ``hold_forces`` first freezes what the seat knows of its forces
in ``state.held[seat]``. The views read that record instead of the live state (the seat's
own section, and its map partner's counters for it), and so do map updates (sightings), which
look from where the seat believes its characters are. The seat's Situation Update clears it.
"""

from __future__ import annotations

from dataclasses import replace

from . import movement, sightings, space
from .state import (
    XY,
    Character,
    CharacterCounter,
    GameState,
    HeldForces,
    Item,
    OwnCharacter,
    OwnItem,
    snapshot,
)


def xy_or_none(plan, square) -> XY | None:
    """A square as ``(x, y)`` for a view, or None off the map."""
    return None if square is None else plan.xy(square)


def own_character_entry(game, char: Character) -> OwnCharacter:
    """Everything a seat knows about one of its own characters."""
    sheet = game.sheets.characters[char.sheet]
    moves = {}
    if (char.square is not None and sheet.on_map and game.state.phase == "play"
            and char.eva != "away"):
        moves = movement.mobility(game, char)
    return OwnCharacter(
        id=char.id, name=sheet.name, counter=char.counter, token=char.token,
        kind=sheet.kind, skills=tuple(sheet.skills), armour=sheet.armour,
        movement=sheet.movement,
        square=None if char.eva == "away" else xy_or_none(game.plan, char.square),
        facing=char.facing, status=char.status, items=tuple(char.items), suit=char.suit,
        busy=char.busy, blind=char.blind, wound=char.wound,
        carrying=char.carrying, carried_by=tuple(char.carried_by),
        # however it got there; "away" once flown off the map aboard a ship
        eva="away" if char.eva == "away" else space.eva_state(game.plan, char.square),
        suspended=char.suspended, airless_turns=char.airless_turns,
        skips_action=char.skips_action, controlled_by=char.controlled_by, **moves)


#: The status a seat sees for one of its characters it has lost contact with (Telegram
#: from the War Department): out of action, but how is not told.
OUT_OF_CONTACT = "out_of_contact"


def out_of_contact(game, chars: list[Character]) -> set[str]:
    """Which of a seat's characters (``chars``: all of them) it has lost contact with: out
    of action (neither active nor a seriously wounded Tough character still going) and
    seen by none of its other conscious characters. The rulebook tells the owner only the
    telegram: what happened waits until the character is back in view at a map update."""
    sheets = game.sheets
    lost = [c for c in chars if sightings.is_physical(sheets, c)
            and not sightings.can_observe(sheets, c) and c.status != "active"]
    if not lost:
        return set()
    s, plan = game.state, game.plan
    dark = sightings.dark_squares(s, plan)
    seen: set[int] = set()
    for observer in chars:
        if sightings.can_observe(sheets, observer):
            seen |= sightings.observer_fov(s, plan, sheets, observer, dark)
    return {c.id for c in lost if c.square not in seen}


def _entries(game, chars: list[Character],
             known: dict[str, OwnCharacter] | None = None) -> dict[str, OwnCharacter]:
    """The seat's own entries of ``chars`` (all its characters), each character it has
    lost contact with shown off its map, status unknown (``OUT_OF_CONTACT``).

    ``known`` (see ``believed_forces``) holds ``own_character_entry`` of some of them
    as they are now; the others are written and added to it."""
    lost = out_of_contact(game, chars)
    out = {}
    for char in chars:
        entry = known.get(char.id) if known is not None else None
        if entry is None:
            entry = own_character_entry(game, char)
            if known is not None:
                known[char.id] = entry
        if char.id in lost:
            entry = replace(entry, status=OUT_OF_CONTACT, square=None, wound=False,
                            carrying=None, carried_by=(), ma=None)
        out[char.id] = entry
    return out


def own_item_entry(game, item: Item) -> OwnItem:
    """Everything a seat knows about one of its items."""
    return OwnItem(
        id=item.id, type=item.type, name=game.sheets.items[item.type].name,
        holder=item.holder,
        square=xy_or_none(game.plan, item.square) if item.holder is None else None,
        worn=item.worn, jammed=item.jammed, disabled=item.disabled, armed=item.armed,
        charges=item.charges)


def _own(game, seat: str) -> tuple[list[Character], list[Item]]:
    """The seat's characters and the items it knows as its own (carried, or its hidden
    markers on the floor), each sorted by id."""
    s = game.state
    sheets = game.sheets
    items = []
    for item in sorted(s.items.values(), key=lambda i: i.id):
        holder = s.characters.get(item.holder) if item.holder else None
        carried = holder is not None and holder.seat == seat
        hidden_marker = (holder is None and item.owner == seat
                         and sheets.items[item.type].marker)
        if carried or hidden_marker:
            items.append(item)
    return _own_characters(game, seat), items


def _own_characters(game, seat: str) -> list[Character]:
    """The seat's characters, sorted by id."""
    return sorted((c for c in game.state.characters.values() if c.seat == seat),
                  key=lambda c: c.id)


def partner_counters(game, seat: str) -> dict[str, CharacterCounter]:
    """The counters a map-sharing partner sees for ``seat``'s characters: as held, or live.
    A disguise is not shown to the partner: two alien seats share a map without knowing each
    other's species (Select Faction Mix), and only Koch takes another's look."""
    held = held_forces(game.state, seat)
    if held is not None:
        return held.counters
    s = game.state
    out = {}
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if char.seat == seat and sightings.is_physical(game.sheets, char):
            counter = sightings.character_counter(s, game.plan, game.sheets, char)
            if game.sheets.characters[char.sheet].faction == "alien" \
                    and char.controlled_by is None:
                counter = replace(counter, counter=base_counter(game, char))
            out[char.token] = counter
    return out


def base_counter(game, char: Character) -> str:
    """The counter a species' character shows undisguised: "Bug Alien" for every body when
    two alien seats share the map (Select Faction Mix), else its own."""
    s = game.state
    alien_seats = [x for x in s.seats if s.specs[x].faction == "alien"]
    if len(alien_seats) > 1 and game.sheets.characters[char.sheet].on_map:
        return "Bug Alien"
    return game.sheets.characters[char.sheet].counter


def drop_disguise(game, char: Character) -> None:
    """A species character wearing another's look (Koch's disguise) shows its own counter
    again: the look lasts until it attacks, whatever the attack (an action, opportunity fire
    carried out, a free blow at the last one out). Minds it holds and robots HAL runs keep
    their own counters. Outside its seat's turn (a free blow) the seat's forces are held:
    it learns of the blow at its Situation Update."""
    if game.sheets.characters[char.sheet].faction != "alien" or char.controlled_by is not None:
        return
    own = base_counter(game, char)
    if char.counter != own:
        hold_forces(game, char.seat)
        char.counter = own


def own_forces(game, seat: str) -> HeldForces:
    """What ``seat`` knows of its own forces now: ``characters`` (id -> own entry), ``items``
    (carried items and its hidden markers, id -> entry), ``counters`` (token -> the counter
    a map-sharing partner sees for each of its characters) and ``bodies`` (copies of its
    characters, for map updates made from where the seat believes they are)."""
    chars, items = _own(game, seat)
    return HeldForces(
        characters=_entries(game, chars),
        items={i.id: own_item_entry(game, i) for i in items},
        counters=partner_counters(game, seat),
        bodies={c.id: snapshot(c) for c in chars},
        informants=sorted(c.id for c in game.state.characters.values()
                          if c.informant_of == seat),
        informant_looks={c.id: c.counter for c in sorted(game.state.characters.values(),
                                                         key=lambda c: c.id)
                         if c.informant_of == seat},
    )


def hold_forces(game, seat: str | None) -> None:
    """Freeze what ``seat`` knows of its own forces until its next Situation Update.

    Called just before another seat's action, or the Judge, changes one of its characters or
    items: the rulebook tells the owner at its Situation Update, so until then its view, its
    map-sharing partner's counters and its map updates keep the forces as they were. Changes
    in the seat's own turn reach it at once, so nothing is held then."""
    s = game.state
    if seat is None or seat == game.turn_seat or s.phase != "play":
        return
    if seat not in s.held:
        s.held[seat] = own_forces(game, seat)


def hold_square(game, square: int) -> None:
    """Hold the forces of every seat with a character, or a hidden marker, in ``square``
    (everything there is about to be carried off: a lift car)."""
    s = game.state
    seats = {c.seat for c in s.characters.values() if c.square == square}
    seats |= {i.owner for i in s.items.values()
              if i.holder is None and i.square == square
              and game.sheets.items[i.type].marker}
    for seat in sorted(x for x in seats if x):
        hold_forces(game, seat)


def held_forces(state: GameState, seat: str) -> HeldForces | None:
    """The forces ``hold_forces`` froze for ``seat``, or None when its view is live."""
    return state.held.get(seat)


def believed_informants(game, seat: str) -> list[Character]:
    """The informants ``seat`` knows it runs: as held (one that changed sides on its own
    condition in its owner's turn stays listed until the master's Situation Update), or
    live."""
    s = game.state
    held = held_forces(s, seat)
    if held is not None:  # as they looked then (a body raised since looks another way)
        return [replace(s.characters[cid],
                        counter=held.informant_looks.get(cid, s.characters[cid].counter))
                for cid in held.informants]
    return sorted((c for c in s.characters.values() if c.informant_of == seat),
                  key=lambda c: c.id)


def believed_characters(game, seat: str) -> dict[str, OwnCharacter]:
    """The characters' half of ``believed_forces`` (a move's check reads no items)."""
    held = held_forces(game.state, seat)
    if held is not None:
        return dict(held.characters)
    return _entries(game, _own_characters(game, seat))


def believed_forces(game, seat: str, known: dict[str, OwnCharacter] | None = None
                    ) -> tuple[dict[str, OwnCharacter], dict[str, OwnItem]]:
    """What ``seat`` knows of its own characters and items: as held, or live. The entries
    are frozen records, shared with the held record (nothing copies them).

    ``known``, a map of character id -> ``own_character_entry`` kept by the caller, lends
    the entries it holds and receives those written: the caller must drop every entry
    whose character, or what the entry reads, may have changed (``viewcache.PlainViews``
    does, by its comparison of the state after each action)."""
    held = held_forces(game.state, seat)
    if held is not None:
        return dict(held.characters), dict(held.items)
    chars, items = _own(game, seat)
    return (_entries(game, chars, known),
            {i.id: own_item_entry(game, i) for i in items})
