"""What the map shows, read off a seat's view or the Judge's state: counters, ghosts,
hatch states and lift cars. Pure functions of the data the source handed in: a seat's
screen shows exactly the counters its view holds, and nothing else.
"""

from __future__ import annotations

import re
from functools import lru_cache

from game.artifact import movement, space
from game.artifact.deckplan import DeckPlan, feynman
from game.artifact.sheets import default_sheets
from game.artifact.state import Character, CharacterCounter, GameState, OwnCharacter
from game.artifact.viewtypes import SeatView
from game.ui.artifact_map import (
    FEYNMAN_COLOUR,
    KIND_SPRITE,
    UNKNOWN_COLOUR,
    Piece,
    faction_colour,
)
from game.ui.artifact_targeting import piece_marks
from game.ui.artifact_words import HULL_FACE_PLACES
from game.ui.assets import SPRITES

SEAT_NAMES = {
    "pirates": "Pirate", "pirates2": "second Pirate", "phoneco": "Phone Company",
    "phoneco2": "second Phone Company", "scientist": "Mad Scientist", "alien": "Alien",
    "alien2": "second Alien", "judge": "Judge",
}


def seat_title(seat: str) -> str:
    return SEAT_NAMES.get(seat, seat)


def seat_short(seat: str) -> str:
    """A seat in a word, for tabs and buttons, told apart from its faction's second seat:
    "Pirate", "Pirate 2", "Company", "Company 2"."""
    word = seat_title(seat).split(" ")[-1]
    return f"{word} 2" if seat != "judge" and seat[-1:].isdigit() else word


def seat_faction(seat: str | None) -> str | None:
    if seat is None:
        return None
    return re.sub(r"\d+$", "", seat)


@lru_cache(maxsize=1)
def counter_kinds() -> dict[str, str]:
    """Counter name -> kind of body (human, robot ...), from the public control sheets."""
    return {c.counter: c.kind for c in default_sheets().characters.values()}


def kind_of_counter(name: str) -> str:
    base = re.sub(r" \(\d+\)$", "", name)
    return counter_kinds().get(base, "human")


def character_sprite(counter: str, kind: str | None = None) -> str:
    """The sprite of a character counter: its own portrait (``char_<slug of the counter's
    name>``), else its kind's silhouette. Keyed by the counter's name, never by who is
    under it, so a counter shows no more than the name other maps already print."""
    base = re.sub(r" \(\d+\)$", "", counter)
    name = "char_" + re.sub(r"[^a-z0-9]+", "_", base.lower()).strip("_")
    if name in SPRITES:
        return name
    return KIND_SPRITE.get(kind or kind_of_counter(base), "counter_human")


def item_sprite(name: str) -> str:
    return "counter_artifact" if "artifact" in name.lower() else "counter_item"


def item_name(type_id: str) -> str:
    item = default_sheets().items.get(type_id)
    return item.name if item else type_id


#: The hover note on an informant's counter while its report is on the map.
INFORMANT_NOTE = "your informant: it reports what it sees at your map update"


def seat_pieces(view: SeatView) -> list[Piece]:
    """Every counter on a seat's own map: its forces, what its map shows, and ghosts."""
    own_colour = faction_colour(view.faction)
    out: list[Piece] = []
    for cid, entry in view.own.characters.items():
        if entry.square is None:
            continue
        if entry.kind == "program":  # an invisible alien's marker: only its own map has it
            out.append(Piece(cid, "character", entry.counter, entry.square, "ghost",
                             own_colour, None, shown_status(entry), own=True,
                             note="unseen: only you know where"))
            continue
        out.append(Piece(cid, "character", entry.counter, entry.square,
                         character_sprite(entry.counter, entry.kind), own_colour,
                         entry.facing, shown_status(entry), bool(entry.suit), own=True,
                         marks=piece_marks(entry, view.own.items)))
    for iid, item in view.own.items.items():
        if item.square is not None:
            out.append(Piece(iid, "item", item.name, item.square,
                             item_sprite(item.name), own_colour, own=True))
    # An owner knows its own things: an item of its own (an item's id is its token on the
    # maps) is drawn once, by its true name, never as the counter others see ("The
    # Artifact" for a fake) nor as a ghost where it used to lie; its own characters never
    # leave ghosts either.
    mine = set(view.own.items) | {e.token for e in view.own.characters.values()}
    counters = dict(view.map.counters)
    if view.alien is not None:  # what its invisible characters and informants see
        counters.update({k: c for k, c in view.alien.sight.items() if k not in counters})
    # the seat's secret informants, by their tokens: their counters say whose they are
    informants = {e.token: e.counter for e in view.informants.values()}
    for token, c in counters.items():
        if token in mine:
            continue
        if isinstance(c, CharacterCounter):
            out.append(Piece(token, "character", c.counter, c.square,
                             character_sprite(c.counter),
                             UNKNOWN_COLOUR, c.facing, c.status,
                             note=INFORMANT_NOTE if token in informants else ""))
        else:
            out.append(Piece(token, "item", c.counter, c.square,
                             item_sprite(c.counter), UNKNOWN_COLOUR))
    for token, c in view.map.last_known.items():
        if token in counters or token in mine:
            continue
        seen = c.round
        when = ("during setup" if seen == 0 else f"in round {seen}" if seen is not None
                else "some time ago")
        # an informant reports once, at the map update of its master's turn: after the
        # master acts, it and what it told are where they were then, and say so
        note = (f"your informant, where it reported from {when}" if token in informants
                else f"last seen {when}")
        out.append(Piece(token, c.KIND, c.counter, c.square, "ghost", UNKNOWN_COLOUR,
                         getattr(c, "facing", None), ghost=True, note=note,
                         seen_round=seen))
    return out


def shown_status(char: OwnCharacter | Character) -> str:
    """The badge a character's counter wears: its status, "wounded" for a light wound."""
    if char.status == "active" and char.wound:
        return "wounded"
    return char.status


def judge_pieces(state: GameState, plan: DeckPlan | None = None) -> list[Piece]:
    """Everything on the ship, coloured by owner (the Feynman's robots in yellow)."""
    plan = plan or feynman()
    sheets = default_sheets()
    out: list[Piece] = []
    for cid, char in sorted(state.characters.items()):
        sheet = sheets.characters[char.sheet]
        if char.square is None or not sheet.on_map:
            continue
        faction = state.specs[char.seat].faction if char.seat else None
        colour = faction_colour(faction) if char.seat else FEYNMAN_COLOUR
        out.append(Piece(cid, "character", sheet.name, plan.xy(char.square),
                         character_sprite(sheet.counter, sheet.kind), colour, char.facing,
                         shown_status(char), bool(char.suit), own=True))
    for iid, item in sorted(state.items.items()):
        if item.holder is None and item.square is not None:
            spec = state.specs.get(item.owner) if item.owner else None
            faction = spec.faction if spec else None
            name = item_name(item.type)
            out.append(Piece(iid, "item", name, plan.xy(item.square), item_sprite(name),
                             faction_colour(faction) if faction else UNKNOWN_COLOUR, own=True))
    return out


def seat_hatches(view: SeatView, plan: DeckPlan | None = None) -> dict[int, str]:
    """Hatch states as the seat knows them: opened this phase by its own characters, those
    the airlock interlock therefore holds shut, and those its map has seen blown open."""
    plan = plan or feynman()
    opened = set(view.turn.opened if view.turn else ())
    out: dict[int, str] = {h: "open" for h in opened}
    if opened:
        for hatch in plan.hatches:
            if hatch.id not in opened and movement.interlocked(plan, hatch.id, opened):
                out[hatch.id] = "locked"
    out.update({h: "blown" for h in view.blown_hatches})  # the ones its map has seen
    return out


def judge_hatches(state: GameState, plan: DeckPlan | None = None) -> dict[int, str]:
    plan = plan or feynman()
    out: dict[int, str] = {h: "locked" for h in state.locked}
    for h in (state.turn.opened if state.turn else ()):
        out[h] = "open"
    out.update({h: "blown" for h in state.systems.blown_hatches})
    return out


def place_name(square, plan: DeckPlan | None = None, exact: bool = False) -> str:
    """Where ``square`` is, in words: the space's name. The map shows no grid, so a
    player reads no coordinates; the Judge's roster (``exact``) adds them to tell the
    squares of one space apart when checking the action log."""
    plan = plan or feynman()
    if square is None:
        return "off the map"
    x, y = square
    sq = plan.sq(x, y)
    face = space.face_of(plan, sq)
    if face:  # the EVA marker, in words: on top of the hull or underneath it, over a room
        gx, gy = space.ground_xy(plan, sq)
        name = f"{HULL_FACE_PLACES[face]} {plan.space_name(plan.sq(gx, gy))}"
    else:
        name = plan.space_name(sq) or "outside the hull"
    return f"{name} ({x}, {y})" if exact else name


__all__ = ["Piece", "UNKNOWN_COLOUR", "seat_pieces", "judge_pieces", "seat_hatches",
           "judge_hatches", "seat_title", "seat_short", "seat_faction", "place_name", "item_name"]
