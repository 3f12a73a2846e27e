"""Test setups the engine's actions cannot reach yet, in one documented place.

The state changes only through the engine's rule functions (``ArtifactGame.apply``). A test
that needs a situation no action produces yet (a hatch locked or a space dark: the security
actions that will toggle them are still to come; a spare item on the floor) arranges it
here, before it plays. ``tests/test_state_writes.py`` fails on any other write to a game's
state outside ``game/artifact`` (``secrecy_tools.perturb_hidden`` is the other exception: it
builds the twin games of the noninterference property by changing what a seat cannot see).

Each helper checks what it is given against the deck plan and the state, so an arranged
situation is one the rules could reach. Every write goes through ``writable``, which makes
the engine forget the undo copy it may have taken ahead of the next action
(``ArtifactGame.prepare_undo``): that copy is of the state before the write.
"""

from __future__ import annotations

import dataclasses
import random

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.errors import ArtifactError
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.state import Character, GameState, Item, ShieldsSeen, Ship
from game.artifact.victory import default_victory


def writable(game: ArtifactGame) -> GameState:
    """The game's live state, to be changed by a test's setup: the engine's undo copy of
    it is dropped first, so a refused action afterwards can never put back the state as it
    was before the setup. ``tests/test_state_writes.py`` holds every write of these setups
    (and ``secrecy_tools``') to this door."""
    game.forget_undo()
    return game.state


def lock_hatch(game: ArtifactGame, name: str) -> int:
    """Lock the hatch called ``name`` (as a Security Action's lock toggle will); its id."""
    hatch = next(h.id for h in game.plan.hatches if h.name == name)
    if hatch not in game.state.locked:
        writable(game).locked.append(hatch)
    return hatch


def lights_out(game: ArtifactGame, *spaces: str) -> None:
    """Put the lights out in ``spaces`` (as a Security Action's lights toggle will)."""
    known = {game.plan.space_name(sq) for sq in range(len(game.plan.terrain))}
    unknown = [name for name in spaces if name not in known]
    if unknown:
        raise ValueError(f"no space {unknown[0]!r} on the deck plan")
    s = writable(game)
    s.dark = sorted(set(s.dark) | set(spaces))


def drop_item(game: ArtifactGame, item_id: str, item_type: str, square: int) -> Item:
    """A spare item of ``item_type`` lying on ``square``, owned by nobody."""
    if item_id in game.state.items or item_type not in game.sheets.items:
        raise ValueError(f"cannot add item {item_id!r} of type {item_type!r}")
    if not game.plan.passable(square):
        raise ValueError(f"square {game.plan.xy(square)} is not open floor")
    item = Item(item_id, item_id, item_type, None, square=square)
    writable(game).items[item_id] = item
    return item


def give_item(game: ArtifactGame, cid: str, item_type: str) -> str:
    """Hand a character an item of ``item_type`` (a stand-in for a purchase); its id."""
    s = writable(game)
    iid = f"test_{item_type}_{cid}"
    if iid in s.items or item_type not in game.sheets.items:
        raise ValueError(f"cannot give {cid!r} an item of type {item_type!r}")
    s.items[iid] = Item(iid, iid, item_type, s.characters[cid].seat, holder=cid)
    s.characters[cid].items.append(iid)
    return iid


def act_again(game: ArtifactGame, cid: str) -> None:
    """Let a character of the seat in turn take a second action this turn (a test that
    compares two shots without playing a round between them)."""
    acted = writable(game).turn.acted
    if cid not in acted:
        raise ValueError(f"{cid!r} has not acted this turn")
    acted.remove(cid)


def add_character(game: ArtifactGame, sheet: str, seat: str, square: int,
                  facing: str = "N") -> Character:
    """A character of the data files' ``sheet`` joining ``seat`` on ``square`` (a species'
    character the random lobby did not bring: a bug alien, the android Koch)."""
    s = writable(game)
    if sheet in s.characters or sheet not in game.sheets.characters:
        raise ValueError(f"cannot add character {sheet!r}")
    if seat not in s.seats or not game.plan.passable(square):
        raise ValueError(f"cannot put {sheet!r} of {seat!r} on {game.plan.xy(square)}")
    entry = game.sheets.characters[sheet]
    char = Character(sheet, sheet, seat, f"t{sheet}", entry.counter, square=square,
                     facing=facing)
    s.characters[sheet] = char
    return char


def with_skill(game: ArtifactGame, cid: str, skill: str) -> None:
    """The game played with control sheets on which ``cid``'s character also has
    ``skill`` (no printed character is both a Hacker and Tough: a variant sheet tests the
    rule that joins them). Only the game's sheets change, never its state."""
    sheets = game.sheets
    entry = sheets.characters[game.state.characters[cid].sheet]
    if skill in entry.skills:
        raise ValueError(f"{cid!r} already has {skill}")
    characters = {**sheets.characters,
                  entry.id: dataclasses.replace(entry, skills=(*entry.skills, skill))}
    game.sheets = dataclasses.replace(sheets, characters=characters)


def ship_flies_off(game: ArtifactGame, key: str) -> None:
    """The ship ``key`` has left the map (as a pilot will fly it off once the shields are
    down): whatever is aboard it has left the Feynman."""
    region = default_victory().ships[key]
    squares = sorted(game.plan.region(region))
    if not squares:
        raise ValueError(f"no region {region!r} on the deck plan")
    aboard = set(squares)
    for char in writable(game).characters.values():
        if char.square in aboard:
            char.eva = "away"
    for item in writable(game).items.values():
        if item.holder is None and item.square in aboard:
            item.square, item.away = None, key
    writable(game).ships[key] = Ship(squares[0], docked=False, left=True)


def ship_at(game: ArtifactGame, key: str, x: int, y: int, turns: int = 0, z: int = 0) -> None:
    """The ship ``key`` stands with its first control seat on (x, y), ``turns`` quarter turns
    clockwise from the way it is drawn, at level ``z`` (as a pilot will have flown it there
    over some turns; nobody is aboard unless moved there afterwards)."""
    writable(game).ships[key] = Ship(game.plan.sq(x, y), z=z, turns=turns, docked=False)


def shields_as_seen(game: ArtifactGame, seat: str, up: bool, round_: int = 1,
                    watching: bool = False) -> None:
    """The seat's map holds the shields as ``up``, learned in ``round_`` (as a map that saw
    them so and has not looked since keeps them, whatever they are now)."""
    s = writable(game)
    s.maps[s.map_of[seat]].shields = ShieldsSeen(up, round_, watching)


def stop_ring(game: ArtifactGame) -> None:
    """Stop the gravity ring (as a disabled computer's emergency brakes will)."""
    writable(game).systems.ring_stopped = True


def lower_shields(game: ArtifactGame) -> None:
    """Drop the Feynman's shields (as a character at the telescope with a key will)."""
    writable(game).systems.shields_up = False


FACINGS = "NESW"
#: The corridors and rooms around the Example's start (the pirates' end of the ship).
AREA = [(x, y) for x in range(2, 16) for y in range(3, 12)]


def scatter(game, rng):
    """Put every character of the Example somewhere near the others, facing anywhere, some
    lightly wounded and a few fallen."""
    plan = game.plan
    open_ = [xy for xy in AREA if plan.passable(plan.sq(*xy))]
    for cid in sorted(game.state.characters):
        char = game.state.characters[cid]
        if char.square is None or not game.sheets.characters[char.sheet].on_map:
            continue
        x, y = rng.choice(open_)
        try:
            game.apply(JUDGE, A.JudgeMove(cid, x, y, rng.choice(FACINGS)))
        except ArtifactError:
            continue
        status = rng.choice(("healthy",) * 5 + ("light_wound",) * 3 + ("ko", "down"))
        try:
            game.apply(JUDGE, A.JudgeSetStatus(cid, status))
        except ArtifactError:
            continue  # already so


def look_about(game):
    """The seat in turn looks about (a character turns in place), so its map shows what
    the Judge's moves put in view."""
    seat = game.turn_seat
    s = game.state
    for c in sorted(game.own_characters(seat), key=lambda c: c.id):
        if c.id not in s.turn.acted and c.status == "active" and c.square is not None:
            game.apply(seat, A.Move(c.id, "walk", (), c.facing))
            return


def break_open(game: ArtifactGame, windows=(), hatches=()) -> None:
    """Windows (each given as its two squares' (x, y)) shot out and hatches (by name)
    blown open, as a penetrating hit leaves them (rulebook: Hits to Map Features); the
    next action decompresses whatever a broken hull window lets out."""
    plan = game.drawn_plan
    systems = writable(game).systems
    for a, b in windows:
        if plan.edge_between(plan.sq(*a), plan.sq(*b)) != "glass":
            raise ValueError(f"no window between {a} and {b}")
        systems.broken_windows = sorted({*systems.broken_windows,
                                         plan.edge_id(plan.sq(*a), plan.sq(*b))})
    for name in hatches:
        hatch = next(h.id for h in plan.hatches if h.name == name)
        systems.blown_hatches = sorted({*systems.blown_hatches, hatch})
        if hatch in game.state.locked:
            writable(game).locked.remove(hatch)


#: Holes near the Example's start: the Command Pod's windows and four hatches around it.
HOLES = {"windows": (((1, 5), (1, 6)), ((0, 7), (1, 7)), ((3, 9), (3, 10))),
         "hatches": ("Command Pod Hatch", "Lab Segment Hatch", "Main Airlock Inner Hatch",
                     "Starboard Lock Inner Hatch")}


def fights(seeds, rounds: int, *, holes: bool = False):
    """For each seed, the Example's game with its characters thrown together (``scatter``)
    at the start of ``rounds`` pirate turns in a row: yields (game, rng) with the pirates
    to act; whatever the caller did, the round is then played out by ending turns.
    ``holes``: the ``HOLES`` are broken open first (the Command Pod decompresses)."""
    for seed in seeds:
        rng = random.Random(seed)
        game, _log = example_game(seed + 1)
        if holes:
            break_open(game, **HOLES)
        for _round in range(rounds):
            scatter(game, rng)
            look_about(game)
            yield game, rng
            if game.phase != "play":
                break
            game.apply(game.turn_seat, A.EndTurn())
            while game.phase == "play" and game.turn_seat != "pirates":
                game.apply(game.turn_seat, A.EndTurn())


def power_down(game: ArtifactGame) -> None:
    """The main computer shut down (both major terminals destroyed): the lifts stop."""
    writable(game).systems.shutdown = True


def set_item(game: ArtifactGame, iid: str, **fields) -> Item:
    """An item worn down as play would leave it: ``disabled`` ("overheated", "emp",
    "breached"), ``jammed``, ``charges`` (a spent medkit)."""
    item = writable(game).items[iid]
    unknown = set(fields) - {"disabled", "jammed", "charges"}
    if unknown:
        raise ValueError(f"not an item's wear: {sorted(unknown)}")
    for name, value in fields.items():
        setattr(item, name, value)
    return item


def hand_robot(game: ArtifactGame, robot: str, seat: str, status: str = "inactive") -> None:
    """One of the Feynman's robots made ``seat``'s character (as a Command Robot or an
    alien's power makes it), here left ``status``."""
    s = writable(game)
    char = s.characters[robot]
    if char.seat is not None or seat not in s.seats:
        raise ValueError(f"cannot hand {robot!r} to {seat!r}")
    char.seat, char.status = seat, status


def destroy_terminal(game: ArtifactGame, xy: tuple[int, int]) -> None:
    """The computer terminal at ``xy`` destroyed (as a penetrating hit leaves it)."""
    square = game.plan.sq(*xy)
    if game.plan.feature[square] not in ("major_terminal", "minor_terminal"):
        raise ValueError(f"no computer terminal at {xy}")
    systems = writable(game).systems
    systems.destroyed_terminals = sorted(set(systems.destroyed_terminals) | {square})


def lay_eggs(game: ArtifactGame, seat: str, hosts: tuple[str, ...]) -> None:
    """Eggs waiting in ``hosts`` for ``seat``'s bug aliens, laid this round (the Alien
    Special Action lays one a turn; a test of the ending wants several at once)."""
    from game.artifact.state import Egg

    s = writable(game)
    chars = s.characters
    if seat not in s.aliens or any(h not in chars for h in hosts):
        raise ValueError(f"cannot lay eggs for {seat!r} in {hosts!r}")
    s.aliens[seat].eggs.extend(
        Egg(chars[h].token, game.plan.xy(chars[h].square), s.round) for h in hosts)
