"""Spaceships (rulebook: Spaceships, Ship Movement, EVA Collisions; Skill Use: Pilot).

Three craft can move: the pirate cutter, the Phone Company lorry and the command pod. Each
is drawn docked on the deck plan; ``data/space.toml`` names the segments it is made of, the
Feynman hatch it is docked at and how much slower than the spaceship rate it moves. A pilot
sitting at one of its control seats moves it as an action, one square, one level or one
quarter turn a step: north, east, south, west, up or down (the map's z levels: the rulebook's
spare die), or a quarter turn left or right about the control seat (the die marks the
seat; the rest of the ship is extrapolated from it). Every step, a turn too, costs one of
the ship's MP.

Where a ship stands is ``GameState.ships[ship]``: the square of its first control seat, its
z level and how many quarter turns clockwise it has turned from the way it is drawn. A ship
that never moved has no entry and is docked where it is drawn. ``moved_plan`` redraws the
deck plan with every ship where it is: its squares, walls, glass and hatches shifted (and
turned) together,
the space it left open again, the Feynman's docking hatch now opening on space and the
ship's side of it a hatch of its own ("<ship> outer hatch"). Everything aboard moves with
the ship.

* A ship moves only through space: never into the Feynman or the turning ring's band, at
  any level (the die's levels are within the station's own depth, and the ring is far
  taller than any ship). Another ship at the same level stops it (ships bumping have no
  effect: the move is refused there); at another level it passes above or below it, but
  it may not stop over it (the map holds one ship in a square).
* A ship leaves the map only while the Feynman's shields are down
  (``state.systems.shields_up``); it is gone for the rest of the game (``Ship.left``) with
  everyone and everything aboard. They keep the squares of the ship as it is drawn, which
  is how the victory levels find them (its deck-plan region), and are out of play
  (``Character.eva`` "away"; what lay on its floor has no square, ``Item.away`` naming the
  ship). Every other seat hears that the ship is gone
  (``ship_left``), never who was aboard; the Judge's log names them all. Tried while the
  shields are up, the flight stops at the map's edge against the bubble (``fly``).
* A floater (the station's plane: level 0) in the squares a ship at level 0 moves into is
  shoved aside, unhurt: to the nearest space square clear of the ship, ahead in the ship's
  direction when there is a choice. A ship at another level passes over or under it; a
  floater left under or over the ship where it stops is shoved aside too (the map holds
  one thing in a square). Its player hears of it at its Situation Update.
* Everyone aboard turns with the ship (their facings turn with it); the pilot faces as its
  action says.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from . import movement, sightings, situation, space
from .datafiles import TableReader, data_path, load_toml
from .deckplan import DeckPlan, Hatch, feynman
from .errors import DataError, IllegalAction
from .events import Event
from .state import Notice, Ship

#: A pilot's steps: the four headings on the map, the two z levels and the two quarter
#: turns, each as (dx, dy, dz, quarter turns clockwise).
STEPS = {"N": (0, -1, 0, 0), "E": (1, 0, 0, 0), "S": (0, 1, 0, 0), "W": (-1, 0, 0, 0),
         "up": (0, 0, 1, 0), "down": (0, 0, -1, 0), "left": (0, 0, 0, -1),
         "right": (0, 0, 0, 1)}
#: Where a ship stands, relative to where it is drawn: (dx, dy) of its first control seat
#: and quarter turns clockwise about it (0 to 3).
Placement = tuple[int, int, int]


@dataclass(frozen=True)
class Craft:
    """One spacecraft as drawn: its squares, control seats and docking hatch."""

    id: str
    name: str
    squares: frozenset[int]
    seats: tuple[int, ...]
    dock: int  # hatch id on the drawn plan
    slower: int
    heading: str  # the way its bow points as drawn (N, E, S or W)


@lru_cache(maxsize=4)
def crafts(plan: DeckPlan | None = None) -> dict[str, Craft]:
    """The movable craft of ``space.toml`` on the drawn plan (the Feynman by default)."""
    plan = plan or feynman()
    path = data_path("space.toml")
    data, text = load_toml(path)
    out = {}
    for ship_id, body in (data.get("ship") or {}).items():
        reader = TableReader(path, text, body, f"[ship.{ship_id}]")
        reader.unknown({"name", "segments", "dock", "slower", "controls", "heading"})
        name = reader.get("name", str)
        squares = set()
        for seg in reader.strings("segments"):
            if seg not in plan.segment_names:
                raise reader.fail("segments", f"no segment {seg!r} on the deck plan")
            index = plan.segment_names.index(seg)
            squares.update(s for s in range(len(plan.terrain)) if plan.segment_of[s] == index)
        dock_name = reader.get("dock", str)
        dock = next((h.id for h in plan.hatches if h.name == dock_name), None)
        if dock is None:
            raise reader.fail("dock", f"no hatch {dock_name!r} on the deck plan")
        if not any((a in squares) != (b in squares) for a, b in plan.hatches[dock].edges):
            raise reader.fail("dock", f"{dock_name} is not on the ship's hull")
        seats = sorted(s for s in squares if plan.feature[s] == "control_seat")
        if not seats:
            raise reader.fail("segments", f"{name} has no control seat")
        for xy in reader.get("controls", list, []):
            if (not isinstance(xy, list) or len(xy) != 2 or not plan.inside(*xy)
                    or plan.sq(*xy) not in squares):
                raise reader.fail("controls", f"{name}: {xy!r} is not a square of the ship")
            seats.append(plan.sq(*xy))
        slower = reader.get("slower", int, 0)
        if slower < 0:
            raise reader.fail("slower", "slower must be 0 or more")
        heading = reader.get("heading", str)
        if heading not in ("N", "E", "S", "W"):
            raise reader.fail("heading", "heading is one of N, E, S, W")
        out[ship_id] = Craft(ship_id, name, frozenset(squares), tuple(seats), dock, slower,
                             heading)
    if not out:
        raise DataError(str(path), None, "space.toml names no [ship.*]")
    return out


def placement(drawn: DeckPlan, craft: Craft, ship: Ship | None) -> Placement | None:
    """Where ``craft`` stands relative to where it is drawn; None once it has left the map."""
    if ship is None:
        return 0, 0, 0
    if ship.left or ship.square is None:
        return None
    hx, hy = drawn.xy(craft.seats[0])
    x, y = drawn.xy(ship.square)
    return x - hx, y - hy, ship.turns % 4


def turned(dx: int, dy: int, turns: int) -> tuple[int, int]:
    """``(dx, dy)`` turned ``turns`` quarter turns clockwise (y grows southwards)."""
    for _ in range(turns % 4):
        dx, dy = -dy, dx
    return dx, dy


def turned_facing(facing: str, turns: int) -> str:
    """A facing turned ``turns`` quarter turns clockwise."""
    order = "NESW"
    return order[(order.index(facing) + turns) % 4] if facing in order else facing


def carrier(drawn: DeckPlan, craft: Craft, where: Placement):
    """The map of ``craft``'s drawn squares (and any square, taken with the ship) to where
    they stand at ``where``: a function of a square giving a square, or None off the map."""
    hx, hy = drawn.xy(craft.seats[0])
    dx, dy, turns = where

    def carry(square: int) -> int | None:
        x, y = drawn.xy(square)
        rx, ry = turned(x - hx, y - hy, turns)
        nx, ny = hx + dx + rx, hy + dy + ry
        return drawn.sq(nx, ny) if drawn.inside(nx, ny) else None

    return carry


def uncarrier(drawn: DeckPlan, craft: Craft, where: Placement):
    """The inverse of ``carrier``: where a square of the ship at ``where`` is drawn."""
    hx, hy = drawn.xy(craft.seats[0])
    dx, dy, turns = where

    def back(square: int) -> int:
        x, y = drawn.xy(square)
        rx, ry = turned(x - hx - dx, y - hy - dy, -turns)
        return drawn.sq(hx + rx, hy + ry)

    return back


def view_plan(view) -> DeckPlan:
    """The deck plan as a seat's view knows it (``movement.view_plan``: the ring, the holes
    its map has seen) with the ships where they are (public), as ``Table.plan`` builds the
    true one: what the odds, the bar and the previews plan on by default."""
    return moved_plan(movement.view_plan(view), view.ships)


def moved_plan(plan: DeckPlan, ships: dict[str, Ship]) -> DeckPlan:
    """``plan`` (the drawn plan, windows and hatches broken as they are) with every ship
    where it stands (module docstring). Kept in ``plan.memo``: the same places give the
    same plan object, and its sight table."""
    table = crafts()
    moves = []
    for ship_id in sorted(ships):
        craft = table.get(ship_id)
        if craft is None:
            continue
        where = placement(plan, craft, ships[ship_id])
        if where != (0, 0, 0):
            moves.append((ship_id, where))
    if not moves:
        return plan
    key = ("ships", tuple(moves))
    found = plan.memo.get(key)
    if found is None:
        found = plan.memo[key] = _redraw(plan, [(table[i], o) for i, o in moves])
    return found


def _redraw(plan: DeckPlan, moves) -> DeckPlan:
    w = plan.width
    terrain, feature = list(plan.terrain), list(plan.feature)
    cost, opaque = list(plan.cost), list(plan.opaque)
    space_of, segment_of = list(plan.space_of), list(plan.segment_of)
    vedge, hedge = list(plan.vedge), list(plan.hedge)
    hatches = list(plan.hatches)
    hatch_of_edge = dict(plan.hatch_of_edge)

    def edge_index(a: int, b: int) -> tuple[list, int]:
        ax, ay = a % w, a // w
        bx, by = b % w, b // w
        if ay == by:
            return vedge, ay * (w + 1) + max(ax, bx)
        return hedge, max(ay, by) * w + ax

    def sides(s: int):
        x, y = s % w, s // w
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if plan.inside(x + dx, y + dy):
                yield plan.sq(x + dx, y + dy)

    drawn = []
    for craft, where in moves:
        # what it carries along: the kinds of every edge round and inside its squares
        edges = {}
        for s in craft.squares:
            for n in sides(s):
                kind_list, index = edge_index(s, n)
                edges[(s, n)] = kind_list[index]
        drawn.append((craft, where, {s: (terrain[s], feature[s], cost[s], opaque[s],
                                         space_of[s], segment_of[s]) for s in craft.squares},
                      edges))
        for s in craft.squares:  # the space it leaves
            terrain[s], feature[s], cost[s], opaque[s] = "space", "", 1, False
            space_of[s] = segment_of[s] = -1
        for (s, n), _kind in edges.items():
            if n not in craft.squares and plan.segment_of[n] >= 0:
                continue  # the Feynman's side of the docking hatch stays a hatch
            kind_list, index = edge_index(s, n)
            kind_list[index] = "open"
    for craft, where, squares, edges in drawn:
        if where is None:
            continue
        carry = carrier(plan, craft, where)
        for s, values in squares.items():
            t = carry(s)
            (terrain[t], feature[t], cost[t], opaque[t], space_of[t],
             segment_of[t]) = values
        for (s, n), kind in edges.items():
            if n in craft.squares and s > n:
                continue
            moved_n = carry(n)
            if moved_n is None:
                continue  # an edge on the map's border
            kind_list, index = edge_index(carry(s), moved_n)
            # the ship's hull over open space; never a hatch cut into the Feynman's hull
            if n in craft.squares or kind_list[index] == "open":
                kind_list[index] = kind
        # hatches inside the ship move with it; its side of the docking hatch is new
        for hatch in plan.hatches:
            inside = [e for e in hatch.edges if e[0] in craft.squares and e[1] in craft.squares]
            if not inside:
                continue
            for e in hatch.edges:
                hatch_of_edge.pop(e, None)
            moved = tuple(sorted((min(carry(a), carry(b)), max(carry(a), carry(b)))
                                 for a, b in hatch.edges))
            hatches[hatch.id] = replace(hatch, edges=moved)
            for e in moved:
                hatch_of_edge[e] = hatch.id
        dock = plan.hatches[craft.dock]
        # the Feynman's side of the docking hatch now opens on space
        hatches[dock.id] = replace(dock, segments=tuple(sorted(
            {segment_of[s] for e in dock.edges for s in e})))
        outer = tuple(sorted((min(ca, cb), max(ca, cb)) for a, b in dock.edges
                             for ca, cb in ((carry(a), carry(b)),)
                             if ca is not None and cb is not None))
        # a hatch only where the ship's side meets open space: never one opening into the
        # Feynman's hull (or another ship's) where the ship lies against it
        mine = {carry(s) for s in craft.squares}
        outer = tuple(e for e in outer if (e[0] in mine) != (e[1] in mine)
                      and terrain[e[1] if e[0] in mine else e[0]] == "space")
        if outer:
            segs = tuple(sorted({segment_of[s] for e in outer for s in e}))
            new = Hatch(len(hatches), f"{craft.name} outer hatch", outer, segs)
            hatches.append(new)
            for e in outer:
                hatch_of_edge[e] = new.id
                kind_list, index = edge_index(*e)
                kind_list[index] = "hatch"
    return replace(plan, terrain=tuple(terrain), feature=tuple(feature), cost=tuple(cost),
                   opaque=tuple(opaque), space_of=tuple(space_of),
                   segment_of=tuple(segment_of), vedge=tuple(vedge), hedge=tuple(hedge),
                   hatches=tuple(hatches), hatch_of_edge=hatch_of_edge, memo={})


# ---- piloting ---------------------------------------------------------------------------------

def craft_at(game, square: int | None) -> Craft | None:
    """The craft whose controls are at ``square`` on the plan as it stands."""
    return controls_at(game.drawn_plan, game.state.ships, square)


def controls_at(drawn: DeckPlan, ships: dict[str, Ship], square: int | None) -> Craft | None:
    """The craft whose controls are at ``square``, the ships standing as ``ships`` say (the
    state's, or a seat view's)."""
    if square is None:
        return None
    for craft in crafts().values():
        where = placement(drawn, craft, ships.get(craft.id))
        if where is None:
            continue
        carry = carrier(drawn, craft, where)
        if any(square == carry(seat) for seat in craft.seats):
            return craft
    return None


def settle(state, seat: str) -> None:
    """At the start of ``seat``'s turn the ships its pilots flew are no longer under way."""
    for key, ship in state.ships.items():
        if ship.under_way == seat:
            state.ships[key] = replace(ship, under_way="")


def fleeing(fleet: dict[str, Ship], shooter: int, target: int) -> bool:
    """EVA Combat: a shot at ``target`` aboard a ship under way (``Ship.under_way``) from
    outside that ship is at the fleeing ship's -2. Ships are public, so a seat's view knows
    it as the engine does."""
    drawn = feynman()
    for craft in crafts().values():
        ship = fleet.get(craft.id)
        if ship is None or not ship.under_way:
            continue
        where = placement(drawn, craft, ship)
        here = _footprint(drawn, craft, where) if where is not None else None
        if here and target in here and shooter not in here:
            return True
    return False


def bows(drawn: DeckPlan, fleet: dict[str, Ship]) -> dict[int, str]:
    """The square of each ship's first control seat and the way its bow points (N, E, S or
    W), the ships standing as ``fleet`` says: how a map shows each ship's heading."""
    out = {}
    for craft in crafts().values():
        record = fleet.get(craft.id)
        where = placement(drawn, craft, record)
        if where is not None:
            out[carrier(drawn, craft, where)(craft.seats[0])] = turned_facing(craft.heading,
                                                                              where[2])
    return out


#: How the action bar names each step.
STEP_WORDS = {"N": "Fly north", "E": "Fly east", "S": "Fly south", "W": "Fly west",
              "up": "Fly up", "down": "Fly down", "left": "Turn the ship left",
              "right": "Turn the ship right"}


#: The ways off the map (over its edges: the levels are the station's own depth, never
#: an edge), in the bar's words.
OFF_WORDS = {"N": "to the north", "E": "to the east", "S": "to the south", "W": "to the west"}


def flight_off_words(step: str) -> str:
    """How the action bar names a flight that leaves the map by ``step``."""
    return f"Fly off the map {OFF_WORDS[step]}"


def flight_choices(movement_chart: dict, craft: Craft) -> list[tuple[str, tuple[str, ...]]]:
    """(mode, steps) of the flights worth offering a pilot: a straight line of every length
    up to the ship's MA each way (up and down too), a quarter turn either way and a half
    turn, each at the slowest rate that covers it. Whether each can be flown is
    ``flight``'s to say."""
    out = []
    for step in STEPS:
        longest = 2 if step in ("left", "right") else 3
        for length in range(1, longest + 1):
            mode = rate_for(movement_chart, craft, length)
            if mode is None or (step == "right" and length == 2):  # left twice: the same
                break
            out.append((mode, (step,) * length))
    return out


def flight_words(steps) -> str:
    """How the action bar names a flight of one kind of step."""
    if len(steps) == 1:
        return STEP_WORDS[steps[0]]
    if steps[0] in ("left", "right"):
        return "Turn the ship about"
    return f"{STEP_WORDS[steps[0]]} \u00d7{len(steps)}"


def ship_ma(movement_chart: dict, craft: Craft, mode: str) -> int:
    """How many steps ``craft`` takes in a turn at ``mode``: the spaceship rate less its
    handicap, but always at least one (Movement Overview: a mover may always enter one
    square; the Example of Play "walks" the cutter one square, its walk being 1 - 1)."""
    return max(1, movement_chart["spaceship"].gravity[mode] - craft.slower)


def rate_for(movement_chart: dict, craft: Craft, length: int) -> str | None:
    """The slowest rate at which ``craft`` covers ``length`` steps (None: none does)."""
    for mode in ("walk", "jog", "run"):
        if ship_ma(movement_chart, craft, mode) >= length:
            return mode
    return None


def pilot_problem(game, char, steps) -> str | None:
    """Why ``char`` may not fly its craft along ``steps`` (None: it may): a pilot at the
    controls, controls intact, steps known. Where the steps lead is ``flight``'s to say
    (within the MA, through space only); the shields are found by trying (``fly``)."""
    sheet = game.sheets.characters[char.sheet]
    if "Pilot" not in sheet.skills:
        return f"{game.name_of(char)} lacks the Pilot skill"
    craft = craft_at(game, char.square)
    if craft is None:
        return "a pilot flies a ship from one of its control seats"
    ship = game.state.ships.get(craft.id)
    if ship is not None and ship.wrecked_controls:
        return f"the {craft.name}'s controls are wrecked"
    if not steps:
        return "say which way to fly"
    if any(step not in STEPS for step in steps):
        return f"a step is one of {', '.join(STEPS)}"
    return None


def plan_flight(game, char, mode: str, steps) -> tuple[Craft, Ship, list]:
    """The craft, its record and the places it passes (``flight``) for the pilot ``char``
    (checked by ``pilot_problem`` first), on the true state. Everything that stops a ship is
    in plain sight but the shields' bubble: the plan flies as if they were down, and a
    flight off the map while they are up is tried and stopped at the edge (``fly``), so the
    answer never says more than trying shows."""
    s = game.state
    craft = craft_at(game, char.square)
    ship = s.ships.get(craft.id) or Ship(craft.seats[0])
    places = flight(game.drawn_plan, game.plan, game.sheets.movement, craft, ship, mode,
                    steps, False, s.ships)
    return craft, ship, places


def leaves_map(places: list) -> bool:
    """Whether a flight (``flight``'s places) ends off the map."""
    return bool(places) and places[-1][2] is None


def _others(drawn: DeckPlan, craft: Craft, fleet: dict[str, Ship]) -> dict[int, tuple]:
    """Square -> (name, z level) of every other ship on the map."""
    out = {}
    for other in crafts().values():
        if other.id == craft.id:
            continue
        record = fleet.get(other.id)
        where = placement(drawn, other, record)
        if where is None:
            continue
        z = record.z if record is not None else 0
        for square in _footprint(drawn, other, where) or ():
            out[square] = (other.name, z)
    return out


def flight(drawn: DeckPlan, plan: DeckPlan, movement_chart: dict, craft: Craft, ship: Ship,
           mode: str, steps, shields_up: bool | None, fleet: dict[str, Ship]) -> list:
    """The places ``craft`` passes flying ``steps`` at ``mode``, step by step: ``(placement,
    z, footprint)``, footprint None once it leaves the map. Raises IllegalAction naming the
    first step it cannot take. Ships are big and bright and every seat knows where they are
    (``fleet``: the state's ships, or a seat view's): everything that stops one is in plain
    sight, except the shields: ``shields_up`` is what the asker knows of them (a seat's
    view: True or None refuses a flight off the map; the engine plans with False and meets
    the bubble in ``fly``)."""
    if mode not in ("walk", "jog", "run"):
        raise IllegalAction("mode must be one of walk, jog, run")
    ma = ship_ma(movement_chart, craft, mode)
    if len(steps) > ma:
        raise IllegalAction(f"the {craft.name} moves {ma} a turn at that rate")
    dx, dy, turns = placement(drawn, craft, ship)
    start = here = _footprint(drawn, craft, (dx, dy, turns))
    z = ship.z
    band = space.outside(drawn).band
    others = _others(drawn, craft, fleet)
    places = []
    for index, step in enumerate(steps):
        sx, sy, sz, st = STEPS[step]
        dx, dy, z, turns = dx + sx, dy + sy, z + sz, (turns + st) % 4
        target = _footprint(drawn, craft, (dx, dy, turns))
        if target is None:
            if st:
                raise IllegalAction(f"the {craft.name} has no room to turn at the map's edge")
            if shields_up is not False:
                raise IllegalAction("the shields are up: no ship leaves the station's space")
            places.append(((dx, dy, turns), z, None))
            break
        last = index == len(steps) - 1
        for t in sorted(target - here):
            if t in others:
                name, level = others[t]
                if level == z:
                    raise IllegalAction(f"the {craft.name} would bump into the {name} "
                                        "at its level")
                continue
            # the ring's band: spokes and rim, turning or not, are no way for a ship; the
            # squares it has left since the flight began are open space again
            if t in band or (plan.terrain[t] != "space" and t not in start):
                raise IllegalAction(f"the {craft.name} cannot fly into "
                                    f"{list(plan.xy(t))}: not open space")
        if last:
            over = sorted({others[t][0] for t in target if t in others})
            if over:
                raise IllegalAction(f"the {craft.name} may not stop over or under the "
                                    f"{over[0]}")
        places.append(((dx, dy, turns), z, target))
        here = target
    return places


def fly(game, seat: str, char, mode: str, steps) -> list[Event]:
    """Move the pilot's craft (``plan_flight``), shoving floaters aside on the way, and
    everyone and everything aboard with it.

    A flight off the map while the shields are up meets the bubble at the edge: the ship
    flies the steps before it and stops there, the pilot's action spent (as a move stopped
    by a hatch it did not know was locked), and the seat now knows the shields are up. A
    refusal that cost nothing would let a seat test the shields from afar for free."""
    s = game.state
    craft, ship, places = plan_flight(game, char, mode, steps)
    bubble = leaves_map(places) and s.systems.shields_up
    if bubble:
        places = places[:-1]
    events = _go(game, seat, char, craft, ship, places, steps) if places else []
    if bubble:
        sightings.shields_told(s, s.map_of[seat], True, watching=True)
        events.append(game.notify(seat, {"kind": "shields_in_way", "ship": craft.name,
                                         "character": char.id}))
    return events


def _go(game, seat: str, char, craft: Craft, ship: Ship, places: list, steps) -> list[Event]:
    """The flight itself, along ``places`` (at least one)."""
    s = game.state
    drawn = game.drawn_plan
    events: list[Event] = []
    start = placement(drawn, craft, ship)
    here = _footprint(drawn, craft, start)
    aboard = [c for c in s.characters.values() if c.square in here]
    cargo = [i for i in s.items.values() if i.holder is None and i.square in here]
    # Other seats aboard learn at their Situation Update: until then their views keep
    # their characters (and hidden markers) where they were.
    riders = sorted({c.seat for c in aboard if c.seat and c.seat != seat})
    for square in sorted(here):
        situation.hold_square(game, square)
    taken = {c.id for c in aboard}
    for index, (_where, z, target) in enumerate(places):
        if target is None:
            return events + _leave(game, seat, char.id, craft, ship, aboard, cargo, start,
                                   riders)
        sx, sy, sz, _st = STEPS[steps[index]]
        last = index == len(places) - 1
        if z == 0 or last:  # floaters are on the station's plane
            events += _shove(game, target if (z == 0 and sz) or last else target - here,
                             sx, sy, target, taken)
        here = target
    where, z, _target = places[-1]
    hx, hy = drawn.xy(craft.seats[0])
    moved = replace(ship, square=drawn.sq(hx + where[0], hy + where[1]), z=z,
                    turns=where[2], docked=(where, z) == ((0, 0, 0), 0), under_way=seat)
    _carry(drawn, craft, start, where, aboard, cargo, char)
    s.ships[craft.id] = moved
    s.ships = {k: s.ships[k] for k in sorted(s.ships)}
    told = {"kind": "ship_moved", "ship": craft.name, "square": list(drawn.xy(moved.square)),
            "z": moved.z, "heading": turned_facing(craft.heading, moved.turns)}
    return events + [game.notify(seat, told)] + [
        game.notify(rider, told, pending=True) for rider in riders]


def flights(game, char) -> list[tuple[str, tuple[str, ...]]]:
    """(mode, steps) of the flights a pilot may offer (``flight_choices`` that can be
    flown now, over the map's edge too: a try the shields may stop; the legal actions list:
    any other sequence of steps is also accepted)."""
    if pilot_problem(game, char, ("N",)) is not None:
        return []
    craft = craft_at(game, char.square)
    out = []
    for mode, steps in flight_choices(game.sheets.movement, craft):
        try:
            plan_flight(game, char, mode, steps)
        except IllegalAction:
            continue
        out.append((mode, steps))
    return out


def footprint(drawn: DeckPlan, craft: Craft, fleet: dict[str, Ship]) -> frozenset | None:
    """The squares ``craft`` covers, the ships standing as ``fleet`` says (the state's, or a
    seat view's); None once it has left the map."""
    where = placement(drawn, craft, fleet.get(craft.id))
    return None if where is None else _footprint(drawn, craft, where)


def _footprint(drawn: DeckPlan, craft: Craft, where: Placement) -> frozenset | None:
    carry = carrier(drawn, craft, where)
    out = set()
    for s in craft.squares:
        t = carry(s)
        if t is None:
            return None
        out.add(t)
    return frozenset(out)


def _carry(drawn: DeckPlan, craft: Craft, before: Placement, after: Placement, aboard,
           cargo, pilot) -> None:
    """Everyone and everything aboard moves with the ship; everyone but the pilot (who
    faces as its action says) turns with it."""
    back = uncarrier(drawn, craft, before)
    carry = carrier(drawn, craft, after)
    turns = (after[2] - before[2]) % 4
    for char in aboard:
        char.square = carry(back(char.square))
        if char is not pilot:
            char.facing = turned_facing(char.facing, turns)
    for item in cargo:
        item.square = carry(back(item.square))


def _shove(game, entered, sx: int, sy: int, hull: frozenset, aboard: set) -> list[Event]:
    """Floaters in the squares the ship enters are pushed to the nearest clear space
    square, ahead of the ship first (EVA Collisions: no damage)."""
    plan = game.plan
    events = []
    for char in sorted(game.state.characters.values(), key=lambda c: c.id):
        if (char.square not in entered or char.id in aboard
                or plan.terrain[char.square] != "space"):
            continue
        x, y = plan.xy(char.square)
        best = None
        for radius in range(1, max(plan.width, plan.height)):
            ring = [(x + ax, y + ay) for ax in range(-radius, radius + 1)
                    for ay in range(-radius, radius + 1) if max(abs(ax), abs(ay)) == radius]
            ring = [(px, py) for px, py in ring if plan.inside(px, py)
                    and plan.terrain[plan.sq(px, py)] == "space"
                    and plan.sq(px, py) not in hull]
            if ring:
                best = min(ring, key=lambda p: (-((p[0] - x) * sx + (p[1] - y) * sy), p[1], p[0]))
                break
        if best is None:
            continue
        situation.hold_forces(game, char.seat)
        char.square = plan.sq(*best)
        if char.seat:
            events.append(game.notify(char.seat, {"kind": "shoved", "character": char.id,
                                                  "square": list(best)}, pending=True))
    return events


def _leave(game, seat: str, char_id: str, craft: Craft, ship: Ship, aboard, cargo,
           start: Placement, riders: list[str]) -> list[Event]:
    """The ship flies off the map with everyone and everything aboard. Each seat is told
    of its own characters aboard only (a stowaway stays unknown to the pilot); the record
    keeps them all, for the victory levels: the characters on the ship's squares as drawn,
    "away", and the items on its floor off the map, ``away`` aboard it."""
    s = game.state
    back = uncarrier(game.drawn_plan, craft, start)  # to the squares of the ship as drawn
    own = {who: sorted(c.id for c in aboard if c.seat == who) for who in [seat, *riders]}
    for char in aboard:
        char.square = back(char.square)
        char.eva = "away"
    for item in cargo:
        item.square = None
        item.away = craft.id
    s.ships[craft.id] = replace(ship, square=None, docked=False, left=True)
    s.ships = {k: s.ships[k] for k in sorted(s.ships)}
    # the Judge's log names everyone and everything aboard; every other seat hears only
    # that the ship is gone (its map shows it at once: ships are in plain sight), at its
    # Situation Update
    s.judge_notices.append(Notice("ship_departed", s.round, {
        "ship": craft.name, "pilot": char_id,
        "aboard": sorted(c.id for c in aboard),
        "items": sorted({i.id for i in cargo} | {i for c in aboard for i in c.items}
                        | {c.suit for c in aboard if c.suit})}))
    events = [game.notify(who, {"kind": "ship_gone", "ship": craft.name, "aboard": mine},
                          pending=who != seat) for who, mine in own.items()]
    return events + [game.notify(who, {"kind": "ship_left", "ship": craft.name}, pending=True)
                     for who in s.seats if who not in own]
