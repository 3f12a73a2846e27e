"""Environmental hazards (rulebook: Special Conditions: Environmental Hazards -- Dark, Gas,
Decompression, Ring Stop, Drive Detonation; Computer Shutdown; Life Support; Microgravity).

The engine calls in at fixed points of the Sequence of Play:

* ``settle`` after every action in play: a window broken by the action decompresses its
  space at once (everything blown two squares toward the breach, out of it into space);
* ``interactions`` in the Interactions step of a seat's turn (also a skipped one): gas
  attacks on that seat's unprotected breathers in gassed spaces, and a turn without air
  counted for those in an airless segment (the second one kills);
* ``end_of_turn`` after the Final Map Update: the flashlight's lit spots go out, and a
  decompressed segment's hatches lock once every seat has had a turn since;
* ``begin_turn`` at the Situation Update: characters that lost their action phase to the
  ring's stop stand idle this turn;
* ``global_updates``: a wrecked computer's darkness, gas or ring brakes fall, Life Support's
  loss fills the most crowded space with gas, both major terminals gone shut the computer
  down (hatches unlock, every space goes dark, the ring stops, the shields drop), the ring
  stops (everything in it moves three squares toward the bottom of the map), and the
  ship's computer warns every seat of each segment that has lost its air.

Secrecy: what happens at Global Updates is public in its timing (nobody can tell whose act
caused it); a character of another seat moved or killed outside its owner's turn is held
(``situation.hold_forces``) and its owner is told at its next Situation Update. Gas is seen
by observers that see a square of its space (``sightings.refresh_map`` keeps each map's
``gas``); a flashlight's spot and its bearer are lit for every observer until the turn ends.
"""

from __future__ import annotations

from . import actions as A
from . import combat, combat_dice, computer, sightings, situation
from . import space as eva_space
from .combat_charts import Weapon
from .deckplan import DeckPlan
from .events import Event
from .sight import field_of_view
from .state import Character, Item, Notice

#: Kinds that breathe air: robots do not (and programs have no body).
BREATHERS = frozenset({"human", "android", "alien"})
#: Squares a decompressing space blows everything toward its breach (Decompression).
BLOWN = 2
#: Squares everything in the ring moves toward the bottom of the map when it stops.
RING_SHIFT = 3
#: Turns without air a breather survives: it dies at the end of the second one.
AIRLESS_TURNS = 2
#: The space whose machinery keeps the air (Life Support): its computer wrecked, the air
#: goes bad.
LIFE_SUPPORT = "Life Support"
#: Edges that stop something blown or lurching across the deck.
_STOPS = frozenset({"wall", "hatch", "glass"})


# ---- who is harmed -------------------------------------------------------------------------

def breathes(game, char: Character) -> bool:
    return game.sheets.characters[char.sheet].kind in BREATHERS


def sealed(game, char: Character) -> bool:
    """Protected from gas and vacuum: a sealed suit (combat.toml ``[suit.*]``), unbreached."""
    if not char.suit:
        return False
    suit = game.state.items[char.suit]
    kind = combat.charts_of(game).suits.get(suit.type)
    return kind is not None and kind.sealed and suit.disabled != "breached"


def airless(game, char: Character) -> bool:
    """In space (EVA, or a square outside every segment) or in a decompressed segment."""
    if char.square is None:
        return False
    if char.eva:
        return True
    segment = game.drawn_plan.segment_name(char.square)
    return not segment or segment in game.state.systems.decompressed


def on_board(game, char: Character) -> bool:
    return char.square is not None and game.sheets.characters[char.sheet].on_map


# ---- gas -----------------------------------------------------------------------------------

def gas_arm(game, char: Character, name: str) -> tuple[Weapon, Item | None] | None:
    """The gas weapon ``name`` stands for (a carried gas grenade, or a robot's built-in gas),
    None when it is no gas weapon of ``char``."""
    charts = combat.charts_of(game)
    s = game.state
    if name in char.items:
        item = s.items[name]
        chart = charts.weapon_for_item(item.type)
        return (chart, item) if chart is not None and chart.kind == "gas" else None
    if name in charts.builtin.get(char.sheet, ()) and charts.weapons[name].kind == "gas":
        return charts.weapons[name], None
    return None


def gas_problem(game, char: Character, name: str, target, facing: str | None = None) -> str:
    """Why ``char`` may not release gas ``name`` at ``target`` ([x, y]) now ("" if it may):
    a grenade is thrown by hand into a square in the field it faces, with a clear line,
    within the chart's reach; a built-in gas is sprayed the same way."""
    arm = gas_arm(game, char, name)
    if arm is None:
        return f"{game.name_of(char)} has no gas {name!r}"
    chart, item = arm
    charts = combat.charts_of(game)
    sheet = game.sheets.characters[char.sheet]
    problem = combat_dice.use_problem(chart, hands=sheet.hands, skills=sheet.skills,
                                      builtin=item is None, charts=charts)
    if problem:
        return problem
    plan = game.plan
    if isinstance(target, str) or len(target) != 2 or not plan.inside(*target):
        return "name the square the gas is to fill"
    square = plan.sq(*target)
    if square != char.square:
        throw = combat.line_of_fire(plan, char.square, facing or char.facing, square)
        if not throw.in_field:
            return f"{tuple(target)} is behind {game.name_of(char)}: out of reach"
        if not throw.line.reached:
            return f"no clear throw to {tuple(target)}"
        last = charts.bands[charts.band_index(chart.reach)] if chart.reach else None
        if last is None or throw.distance > last.high:
            return f"{tuple(target)} is beyond the {chart.name}'s reach"
    if not plan.space_name(square):
        return "gas thrown out into space is lost"
    return ""


def release_gas(game, seat: str, char: Character, name: str, target) -> list[Event]:
    """Gas fills the space of ``target`` and stays there (rulebook: Gas). A grenade is spent;
    a built-in gas is not. The gas attacks in the Interactions steps that follow."""
    s = game.state
    plan = game.plan
    chart, item = gas_arm(game, char, name)
    if item is not None:
        char.items.remove(item.id)
        item.holder, item.square, item.disabled = None, None, "spent"
    space = plan.space_name(plan.sq(*target))
    if space not in s.systems.gas:
        s.systems.gas.append(space)
        s.systems.gas.sort()
    s.judge_notices.append(Notice("gas_filled", s.round, {"seat": seat, "space": space}))
    return [game.notify(seat, {"kind": "gas_released", "character": char.id,
                               "weapon": chart.name, "square": list(target)})]


def interactions(game, seat: str, rng) -> list[Event]:
    """The Interactions step of ``seat``'s turn: each of its active breathers without a
    sealed suit in a gassed space takes a gas attack (Gas chart), and each breather without
    one in an airless place counts a turn without air, dying at the second. A character put
    out of action where none of its comrades sees it is told as a telegram only (Telegram
    from the War Department: ``situation.out_of_contact``)."""
    s = game.state
    plan = game.drawn_plan
    told: list[tuple[Character, dict]] = []
    gas = set(s.systems.gas)
    res: combat.Resolver | None = None  # made for the first gas attack (most turns: none)
    own = sorted(game.own_characters(seat), key=lambda c: c.id)
    for char in own:
        if not on_board(game, char) or char.status == "dead" or not breathes(game, char):
            continue
        protected = sealed(game, char)
        if airless(game, char) and not protected:
            char.airless_turns += 1
            if char.airless_turns >= AIRLESS_TURNS:
                char.status, char.wound, char.busy = "dead", False, None
                told.append((char, {"kind": "suffocated", "character": char.id}))
                continue
            told.append((char, {"kind": "airless", "character": char.id,
                                "turns": char.airless_turns}))
        else:
            char.airless_turns = 0
        if char.status != "active" or protected or plan.space_name(char.square) not in gas:
            continue  # (the die is rolled only for those the gas can touch)
        previous = combat.STATUS_CODES.get(char.status, "L" if char.wound else "")
        res = res or combat.Resolver(game, seat, rng)
        outcome = combat_dice.gas_attack(res.d6(), breathes=True, sealed_suit=protected,
                                         previous=previous, charts=res.charts)
        if outcome is None:
            continue
        res._apply(char, outcome)
        told.append((char, {"kind": "gassed", "character": char.id,
                            "result": outcome.effect.name}))
    lost = situation.out_of_contact(game, own) if told else set()  # told only of these
    events: list[Event] = []
    telegrams: set[str] = set()
    for char, notice in told:
        if char.id not in lost:
            events.append(game.notify(seat, notice))
        elif char.id not in telegrams:
            telegrams.add(char.id)
            events.append(game.notify(seat, {
                "kind": "telegram", "counter": game.sheets.characters[char.sheet].counter,
                "character": char.id}))
    return events + res.events if res is not None else events


# ---- dark: the flashlight ------------------------------------------------------------------

def examine_problem(game, char: Character, item_id: str, target) -> str:
    """Why ``char`` may not shine its flashlight on ``target`` ([x, y]) ("" if it may): a
    carried flashlight, and a square it could see were the lights on."""
    s = game.state
    item = s.items.get(item_id)
    if item is None or item_id not in char.items or item.type != "flashlight":
        return f"{game.name_of(char)} carries no flashlight {item_id!r}"
    plan = game.plan
    if isinstance(target, str) or len(target) != 2 or not plan.inside(*target):
        return "name the square to light"
    square = plan.sq(*target)
    if square not in field_of_view(plan, char.square, char.facing, sees_dark=True):
        return f"{game.name_of(char)} cannot see {tuple(target)} from where it stands"
    return ""


def examine(game, seat: str, char: Character, target) -> list[Event]:
    """The flashlight lights one square to examine (rulebook: Dark): it, and the bearer's
    own square, are lit for every observer until the turn ends."""
    s = game.state
    plan = game.plan
    for square in (plan.sq(*target), char.square):
        if square not in s.systems.lit:
            s.systems.lit.append(square)
    s.systems.lit.sort()
    return [game.notify(seat, {"kind": "examined", "character": char.id,
                               "square": list(target)})]


# ---- decompression -------------------------------------------------------------------------

def settle(game) -> list[Event]:
    """After an action: every window broken since the last call decompresses its space, and
    so does the space beside a hatch opened (or blown open) onto an airless segment."""
    s = game.state
    events: list[Event] = []
    for edge in list(s.systems.broken_windows):
        if edge not in s.systems.vented:
            s.systems.vented.append(edge)
            s.systems.vented.sort()
            sides = breach_sides(game.drawn_plan, edge)
            if sides is not None:
                events += decompress(game, *sides)
    opened = set(s.systems.blown_hatches) | set(s.turn.opened if s.turn else ())
    for hatch in sorted(opened):
        sides = hatch_breach(game, hatch)
        if sides is not None:
            events += decompress(game, *sides)
    return events


def hatch_breach(game, hatch_id: int) -> tuple[int, int] | None:
    """(inside, outside) of a hatch open between an airless segment (outside) and one that
    still has its air (inside); None otherwise."""
    plan = game.drawn_plan
    if not 0 <= hatch_id < len(plan.hatches):
        return None
    airless = game.state.systems.decompressed
    a, b = plan.hatches[hatch_id].edges[0]
    seg_a, seg_b = plan.segment_name(a), plan.segment_name(b)
    if not seg_a or not seg_b or (seg_a in airless) == (seg_b in airless):
        return None
    return (b, a) if seg_a in airless else (a, b)


def breach_sides(plan: DeckPlan, edge: int) -> tuple[int, int] | None:
    """(inside, outside) squares of a hull breach at ``edge``; None for a window between two
    spaces of the ship (nothing vents through it until one side is airless)."""
    a, b = plan.edge_squares(edge)
    a_out, b_out = plan.terrain[a] == "space", plan.terrain[b] == "space"
    if a_out == b_out:
        return None
    return (b, a) if a_out else (a, b)


def decompress(game, inside: int, outside: int) -> list[Event]:
    """A breach between ``inside`` and ``outside`` (rulebook: Decompression): everything in
    the space of ``inside`` is blown two squares toward it and on through it, and its
    segment is airless. Characters blown out into space go EVA and lose what they carry
    (not a worn suit)."""
    s = game.state
    drawn = game.drawn_plan
    segment = drawn.segment_name(inside)
    if segment and segment not in s.systems.decompressed:
        s.systems.decompressed[segment] = 0
    space = drawn.space_of[inside]
    plan = game.plan
    moved: dict[str, list[str]] = {}
    lost: dict[str, list[str]] = {}
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if not on_board(game, char) or char.eva or drawn.space_of[char.square] != space:
            continue
        end = _blown(plan, char.square, inside, outside)
        if end == char.square:
            continue
        situation.hold_forces(game, char.seat)
        char.square = end
        if plan.terrain[end] == "space":
            if not eva_space.has_treads(char.sheet):  # the turning ring flings it off
                char.square = eva_space.fling(plan, end)
            char.eva = eva_space.eva_state(plan, char.square)
            lost.setdefault(char.seat or "", []).extend(_lose_items(game, char))
            combat.Resolver(game, "", None)._let_go(char)
        moved.setdefault(char.seat or "", []).append(char.id)
    for item in sorted(s.items.values(), key=lambda i: i.id):
        if (item.holder is None and item.square is not None and drawn.space_of[item.square]
                == space and not game.sheets.items[item.type].marker):
            end = _blown(plan, item.square, inside, outside)
            item.square = None if plan.terrain[end] == "space" else end
    s.judge_notices.append(Notice("space_decompressed", s.round, {
        "space": drawn.space_names[space], "breach": list(drawn.xy(inside))}))
    events = []
    for seat in sorted(k for k in moved if k):
        events.append(game.notify(seat, {"kind": "decompression", "characters": moved[seat],
                                         "lost": lost.get(seat, [])},
                                  pending=seat != game.turn_seat))
    return events


def _blown(plan: DeckPlan, start: int, inside: int, outside: int) -> int:
    """Where something blown ``BLOWN`` squares from ``start`` toward a breach ends: each step
    to the neighbour nearest the breach (diagonals where a walker could take them), through
    the breach from its inner square, and on the same way beyond it."""
    square = start
    ox, oy = plan.xy(outside)
    ix, iy = plan.xy(inside)
    through = False
    for _ in range(BLOWN):
        if square == inside:
            square, through = outside, True
            continue
        if through:  # on the way the breach faces, while nothing stops it
            x, y = plan.xy(square)
            nx, ny = x + (ox - ix), y + (oy - iy)
            if plan.inside(nx, ny):
                nxt = plan.sq(nx, ny)
                if plan.terrain[nxt] == "space" or (
                        plan.passable(nxt) and plan.edge_between(square, nxt) not in _STOPS):
                    square = nxt
            continue
        here = _distance(plan, square, inside)
        steps = [(n, _distance(plan, n, inside)) for n, _diag, hatch in plan.neighbours(square)
                 if hatch is None and plan.terrain[n] != "space"]
        closer = sorted((d, n) for n, d in steps if d < here)
        if not closer:
            break
        square = closer[0][1]
    return square


def _distance(plan: DeckPlan, a: int, b: int) -> tuple[int, int]:
    ax, ay = plan.xy(a)
    bx, by = plan.xy(b)
    dx, dy = abs(ax - bx), abs(ay - by)
    return max(dx, dy), dx + dy


def _lose_items(game, char: Character) -> list[str]:
    """A character blown into space loses what it carries (a worn suit stays on)."""
    s = game.state
    names = []
    for iid in list(char.items):
        item = s.items[iid]
        item.holder, item.square = None, None
        names.append(game.sheets.items[item.type].name)
    char.items.clear()
    return sorted(names)


def lock_airless(game) -> None:
    """A turn has ended: each decompressed segment counts it; once every seat has had its
    turn, the hatches leading into it lock (not the hatches of airlocks)."""
    s = game.state
    plan = game.drawn_plan
    for segment in sorted(s.systems.decompressed):
        s.systems.decompressed[segment] += 1
        if s.systems.decompressed[segment] != len(s.seats):
            continue
        index = plan.segment_names.index(segment)
        for hatch in plan.hatches:
            if index not in hatch.segments or any(plan.airlock[g] for g in hatch.segments):
                continue
            if hatch.id not in s.locked and hatch.id not in s.systems.blown_hatches:
                s.locked.append(hatch.id)
        s.locked.sort()


# ---- the turn ------------------------------------------------------------------------------

def begin_turn(game, seat: str) -> list[Event]:
    """Characters thrown about by the ring's stop lose this turn's action phase."""
    events: list[Event] = []
    for char in sorted(game.own_characters(seat), key=lambda c: c.id):
        if char.skips_action:
            char.skips_action = False
            if char.id not in game.state.turn.acted:
                game.state.turn.acted.append(char.id)
                events.append(game.notify(seat, {"kind": "lost_action",
                                                 "character": char.id}))
    return events


def end_of_turn(game) -> None:
    """After the Final Map Update: the flashlights go out, the airless segments count."""
    game.state.systems.lit = []
    lock_airless(game)


# ---- global updates ------------------------------------------------------------------------

def global_updates(game) -> list[Event]:
    """The station's systems at Global Updates (see module docstring), each change told to
    every seat at once, so that nobody learns from its timing who caused it."""
    s = game.state
    sysm = s.systems
    texts: list[tuple[str, str]] = []
    stop_ring = False
    for kind, space in sysm.failing:  # a wrecked computer's darkness, gas or ring brakes
        if kind == "ring_stop":
            stop_ring = True
            continue
        names = s.dark if kind == "darkness" else sysm.gas
        if space not in names:
            names.append(space)
            names.sort()
    sysm.failing = []
    plan = game.drawn_plan
    if sysm.life_support and _life_support_wrecked(game):
        sysm.life_support = False
        texts.append(("life_support", "Life support has failed: the air is going bad."))
    if not sysm.shutdown and computer.major_terminals_gone(game):
        sysm.shutdown = True
        s.locked = []
        s.dark = sorted(_station_spaces(plan) - _detached_spaces(game, plan))
        sysm.shields_up = False
        sysm.switching = []
        stop_ring = True
        texts.append(("computer_shutdown", "The main computer has shut down: every hatch "
                      "unlocks, the lights go out, the shields drop."))
    events: list[Event] = []
    if stop_ring and not sysm.ring_stopped:
        events += stop_the_ring(game)
        texts.append(("ring_stopped", "The ring's emergency brakes: the ring has stopped."))
    if not sysm.life_support:
        _air_goes_bad(game)
    for segment in sorted(sysm.decompressed):
        if segment not in sysm.warned:
            sysm.warned.append(segment)
            texts.append(("decompression_warning", f"Warning: {segment} has lost pressure."))
    sysm.warned.sort()
    for kind, text in texts:
        for seat in s.seats:
            events.append(game.notify(seat, {"kind": kind, "text": text}))
    if any(kind == "computer_shutdown" for kind, _text in texts):
        for map_id in sorted(s.maps):  # announced to all: the shields are down
            sightings.shields_told(s, map_id, sysm.shields_up)
    return events


def _detached_spaces(game, plan: DeckPlan) -> set[str]:
    """The spaces of the craft that have left their docks (the Command Pod flown off): an
    independent spacecraft with its own power, out of reach of the station's shutdown
    (Spaceships)."""
    return {plan.space_name(sq) for craft in computer.detached_crafts(game)
            for sq in craft.squares} - {""}


def _life_support_wrecked(game) -> bool:
    plan = game.drawn_plan
    return any(plan.space_name(sq) == LIFE_SUPPORT
               for sq in game.state.systems.destroyed_terminals)


def _station_spaces(plan: DeckPlan) -> set[str]:
    """The spaces of the Feynman itself (the docked ships keep their own power)."""
    return {plan.space_name(sq) for sq in plan.region("Feynman") if plan.space_name(sq)}


def _air_goes_bad(game) -> None:
    """Life Support destroyed: the station's space holding the most breathers (not yet
    gassed; ties go to the first by name) fills with gas."""
    s = game.state
    plan = game.drawn_plan
    station = _station_spaces(plan)
    count: dict[str, int] = {}
    for char in s.characters.values():
        if on_board(game, char) and not char.eva and char.status != "dead" \
                and breathes(game, char):
            space = plan.space_name(char.square)
            if space in station and space not in s.systems.gas:
                count[space] = count.get(space, 0) + 1
    if count:
        space = min(count, key=lambda k: (-count[k], k))
        s.systems.gas.append(space)
        s.systems.gas.sort()
        s.judge_notices.append(Notice("air_gone_bad", s.round, {"space": space}))


def stop_the_ring(game) -> list[Event]:
    """Ring Stop: everything in the ring moves three squares toward the bottom of the map,
    stopping at walls, hatches and glass, before blocked squares and in obstructed ones;
    every character there loses its next action phase; the ring is in microgravity from now
    on (``DeckPlan.without_gravity``)."""
    s = game.state
    plan = game.plan  # still with gravity: ``ring_stopped`` is set below
    moved: dict[str, list[str]] = {}
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if not on_board(game, char) or char.eva or plan.is_zero_g(char.square):
            continue
        situation.hold_forces(game, char.seat)
        char.square = lurch(plan, char.square)
        if char.status == "active":
            char.skips_action = True
        moved.setdefault(char.seat or "", []).append(char.id)
    for item in s.items.values():
        if item.holder is None and item.square is not None \
                and not plan.is_zero_g(item.square):
            item.square = lurch(plan, item.square)
    s.systems.ring_stopped = True
    return [game.notify(seat, {"kind": "ring_lurch", "characters": chars}, pending=True)
            for seat, chars in sorted(moved.items()) if seat]


def lurch(plan: DeckPlan, square: int) -> int:
    """Where the ring's stop throws something from ``square``."""
    for _ in range(RING_SHIFT):
        x, y = plan.xy(square)
        if not plan.inside(x, y + 1):
            break
        below = plan.sq(x, y + 1)
        if plan.edge_between(square, below) in _STOPS or not plan.passable(below):
            break
        square = below
        if plan.terrain[below] == "obstructed":
            break
    return square


# ---- legal actions (compact form, see docs/artifact-engine.md) -----------------------------

def listed_actions(game, char: Character, after: list[str]) -> list[A.Action]:
    """Gas released at every square it may reach, and a carried flashlight shone on every
    dark square the character could see were the lights on, each with every facing in
    ``after``, checked with the handlers' own problem functions. (Shining it on a lit square
    is legal and changes nothing: not listed.)"""
    out: list[A.Action] = []
    plan = game.plan
    charts = combat.charts_of(game)
    names = list(char.items) + list(charts.builtin.get(char.sheet, ()))
    x0, y0 = plan.xy(char.square)
    for name in names:
        arm = gas_arm(game, char, name)
        if arm is None or not arm[0].reach:
            continue
        reach = charts.bands[charts.band_index(arm[0].reach)].high
        for y in range(y0 - reach, y0 + reach + 1):
            for x in range(x0 - reach, x0 + reach + 1):
                if plan.inside(x, y) and not gas_problem(game, char, name, (x, y)):
                    out += [A.Attack(char.id, name, "normal", ((x, y),), f) for f in after]
    dark = set(game.state.dark)
    lights = [i for i in char.items if game.state.items[i].type == "flashlight"]
    if lights and dark:
        seen = field_of_view(plan, char.square, char.facing, sees_dark=True)
        squares = sorted(q for q in seen if plan.space_name(q) in dark)
        for item in lights:
            out += [A.UseEquipment(char.id, item, plan.xy(q), f) for q in squares
                    for f in after if not examine_problem(game, char, item, plan.xy(q))]
    return out
