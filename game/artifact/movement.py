"""Movement (rulebook: Movement, Facing, Lift Shafts, Microgravity, Dark).

*Planning* works only on what a seat knows (its view: the public deck plan, its own
characters, the counters on its map, the hatches its own characters opened this phase, the
lift cars as its map shows them); it decides legality, so an action is never refused for a
reason the player could not see. *Execution* of a planned move against the true state is
``interdiction.perform_move``; facing after other actions and the lift cars are here.

The planning functions (``reachable``, ``path_to``, ``check_path``) take a seat's view, so a
client may call them on the data it holds.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from . import sightings, space
from .deckplan import FACINGS, DeckPlan, feynman
from .errors import IllegalAction
from .events import Event
from .sheets import MODES, default_sheets
from .state import Character, CharacterCounter, OwnCharacter
from .viewtypes import SeatView


def turns_between(a: str, b: str) -> int:
    """Quarter turns from facing a to facing b (0, 1 or 2)."""
    d = abs(FACINGS.index(a) - FACINGS.index(b)) % 4
    return min(d, 4 - d)


def _thrusters(game, char: Character) -> bool:
    items = game.state.items
    worn = char.suit
    if worn and game.sheets.items[items[worn].type].thrusters:
        return True
    return any(game.sheets.items[items[i].type].thrusters for i in char.items)


def _encumbered(game, char: Character) -> bool:
    """Carrying a plasma gun, or a casualty with a team-mate (Casualty Transport)."""
    items = game.state.items
    if char.carrying is not None:
        team = game.state.characters[char.carrying].carried_by
        if len(team) > 1:
            return True
    return any(game.sheets.items[items[i].type].encumbers for i in char.items)


def _light(game, char: Character) -> bool:
    items = game.state.items
    return any(items[i].type == "flashlight" for i in char.items)


def mobility(game, char: Character) -> dict:
    """Movement facts of one of the seat's own characters (shown in its view)."""
    sheet = game.sheets.characters[char.sheet]
    move_class = game.sheets.movement[sheet.movement]
    zero_g = game.plan.is_zero_g(char.square)
    human_like = sheet.kind in ("human", "android")
    ma = {mode: move_class.allowance(mode, zero_g=zero_g and human_like,
                                     encumbered=human_like and _encumbered(game, char))
          for mode in MODES}
    if char.wound:  # a light wound halves the MA (rounded up)
        ma = {mode: (value + 1) // 2 for mode, value in ma.items()}
    if char.status == "serious":  # Tough: it may creep one square (rulebook: Tough)
        ma = {mode: 1 if mode == "walk" else 0 for mode in ma}
    return {
        "ma": ma,
        "zero_g": zero_g,
        # magnetic treads hold the mover to a surface: it turns as in gravity (space.py)
        "free_turns": not zero_g or _thrusters(game, char) or space.has_treads(char.sheet),
        "sees_dark": sightings.sees_dark(game.state, game.sheets, char) or _light(game, char),
        "treads": space.has_treads(char.sheet),
    }


def view_plan(view: SeatView) -> DeckPlan:
    """The station's deck plan as a seat's view knows it, built as ``Table.plan`` builds the
    true one: the drawn Feynman, without gravity once the ring has stopped (every seat is
    told at Global Updates), with the holes its map has seen opened (broken windows, blown
    hatches). ``ships.view_plan`` then moves the ships where they are."""
    plan = feynman()
    if view.ring_stopped:
        plan = plan.without_gravity()
    if view.broken_windows or view.blown_hatches:
        plan = plan.with_breaks(view.broken_windows, view.blown_hatches)
    return plan


@dataclass
class Knowledge:
    """What one seat knows that matters for moving (built from its view)."""

    plan: DeckPlan
    own: dict[str, OwnCharacter]  # character id -> the view's entry
    occupied: dict  # square -> count of known active characters
    hostile: frozenset  # squares holding a known active character of another seat
    opened: frozenset  # hatch ids opened this phase by the seat's own characters
    lifts: dict  # lift name -> end index the seat believes the car is at
    dark: frozenset
    welded: frozenset = frozenset()  # hatch ids the seat knows welded shut


def knowledge(view: SeatView, plan: DeckPlan | None = None) -> Knowledge:
    """What ``view`` tells about moving: occupied squares, hostiles, opened hatches, the
    lift cars and the dark squares."""
    return knowledge_of(plan or view_plan(view), view.own.characters, view.map.counters,
                        view.dark, view.turn.opened if view.turn else (), view.map.lifts,
                        view.welded)


def knowledge_of(plan: DeckPlan, own: dict[str, OwnCharacter], counters: dict,
                 dark_names, opened, lifts: dict, welded) -> Knowledge:
    """``knowledge`` from the parts of a view it reads: the seat's own character entries,
    the counters on its map, the dark spaces' names, the hatches its characters opened this
    turn, the lift cars as its map has them, the welds it knows (the engine hands these
    over without building the whole view: ``interdiction.mover_knowledge``)."""
    occupied: dict = {}
    hostile: set = set()
    for entry in own.values():
        if entry.square is not None and entry.status == "active" and entry.ma:
            sq = plan.sq(*entry.square)
            occupied[sq] = occupied.get(sq, 0) + 1
    for counter in counters.values():
        if isinstance(counter, CharacterCounter) and counter.status == "active":
            sq = plan.sq(*counter.square)
            occupied[sq] = occupied.get(sq, 0) + 1
            hostile.add(sq)
    dark_names = set(dark_names)
    dark = frozenset(s for s in range(len(plan.terrain))
                     if plan.space_name(s) in dark_names) if dark_names else frozenset()
    return Knowledge(plan, own, occupied, frozenset(hostile), frozenset(opened),
                     dict(lifts), dark, frozenset(welded))


def _stack_limit(plan: DeckPlan, square: int) -> int:
    return 8 if plan.feature[square] == "lift_stop" else 4


def lift_end(plan: DeckPlan, square: int) -> tuple[str, int] | None:
    for lift in plan.lifts:
        if square in lift.ends:
            return lift.name, lift.ends.index(square)
    return None


def mode_problem(k: Knowledge, entry: OwnCharacter, mode: str) -> str | None:
    """Why ``entry`` may not move in ``mode`` at all, wherever it goes (None if it may):
    the check the move itself, the reach search and the bar's buttons share."""
    if mode not in MODES:
        return f"mode must be one of {', '.join(MODES)}"
    if entry.carrying is not None and mode != "walk":
        team = sum(1 for e in k.own.values() if e.carrying == entry.carrying)
        if team < 2:
            return "carrying a casualty alone, a character only walks"
    return None


def _mode_allowed(k: Knowledge, entry: OwnCharacter, mode: str, squares: list[int]) -> None:
    problem = mode_problem(k, entry, mode)
    if problem:
        raise IllegalAction(problem)
    if any(s in k.dark for s in squares):
        if mode == "run":
            raise IllegalAction("nobody runs in the dark")
        if mode == "jog" and not entry.sees_dark:
            raise IllegalAction("in the dark only walking, unless you see in the dark")


def _step(k: Knowledge, cur: int, nxt: int, entry: OwnCharacter) -> tuple[bool, int | None]:
    plan = k.plan
    kind = space.step_kind(plan, cur, nxt, entry.treads)
    if kind is None:
        x, y = plan.xy(nxt)
        raise IllegalAction(f"({x}, {y}) cannot be entered from ({plan.xy(cur)[0]}, "
                            f"{plan.xy(cur)[1]}): not adjacent, a wall, glass, a door or hatch "
                            "taken diagonally, or impassable")
    end = lift_end(plan, nxt)
    if end is not None and k.lifts.get(end[0]) != end[1]:
        raise IllegalAction(f"the lift {end[0]} car is not at that end of the shaft")
    return kind


@dataclass(frozen=True)
class PathPlan:
    squares: tuple[int, ...]
    costs: tuple[int, ...]  # MP of each step (terrain plus any hatch opening)
    hatches: tuple[int | None, ...]
    facing_cost: int
    spent: int


def check_path(view: SeatView | None, cid: str, mode: str, path, facing: str,
               plan: DeckPlan | None = None, known: Knowledge | None = None) -> PathPlan:
    """Legality of a move from the seat's knowledge; raises IllegalAction saying why.
    ``known`` is ``knowledge(view)`` when the caller has it already (then ``view`` may be
    None)."""
    k = known or knowledge(view, plan)  # type: ignore[arg-type]
    plan = k.plan
    entry = k.own.get(cid)
    if entry is None or entry.square is None or not entry.ma:
        raise IllegalAction(f"{entry.name if entry is not None else repr(cid)} cannot move")
    if facing not in FACINGS:
        raise IllegalAction(f"facing must be one of {', '.join(FACINGS)}")
    squares = []
    for x, y in path:
        if not plan.inside(x, y):
            raise IllegalAction(f"({x}, {y}) is off the map")
        squares.append(plan.sq(x, y))
    start = plan.sq(*entry.square)
    _mode_allowed(k, entry, mode, [start] + squares)
    ma = entry.ma[mode]
    if ma <= 0:
        raise IllegalAction(f"{entry.name} does not move")
    opened = set(k.opened)
    cur = start
    spent = 0
    costs, hatches = [], []
    halted = False
    before = None
    thrusters = entry.free_turns
    for index, nxt in enumerate(squares):
        if cur in k.hostile and index > 0:
            raise IllegalAction("a character must stop on entering a square with a hostile")
        _diagonal, hatch = _step(k, cur, nxt, entry)
        if hatch is not None and hatch in k.welded:
            raise IllegalAction("that hatch is welded shut")
        drift = space.drift_problem(plan, before, cur, nxt, thrusters)
        if drift:
            raise IllegalAction(drift)
        before = cur
        if halted or (hatch is not None and hatch not in opened
                      and interlocked(plan, hatch, opened)):
            # The safety interlock will halt the move here (an interdiction the player
            # may run into knowingly): the rest of the path is never walked.
            halted = True
            costs.append(0)
            hatches.append(hatch)
            cur = nxt
            continue
        cost = plan.cost[nxt]
        if hatch is not None and hatch not in opened:
            cost += (ma + 1) // 2
            opened.add(hatch)
        if index > 0 and spent + cost > ma:
            raise IllegalAction(f"not enough MP: {spent + cost} needed, {ma} allowed")
        if k.occupied.get(nxt, 0) + 1 > _stack_limit(plan, nxt):
            raise IllegalAction(f"({plan.xy(nxt)[0]}, {plan.xy(nxt)[1]}) is full (stacking)")
        spent += cost
        costs.append(cost)
        hatches.append(hatch)
        cur = nxt
    facing_cost = 0 if entry.free_turns else turns_between(entry.facing, facing)
    if facing_cost:
        room = ma - spent if spent <= ma else 0
        if facing_cost > room:
            raise IllegalAction(f"turning costs {facing_cost} MP without a thruster pack; "
                                f"{max(room, 0)} MP left")
    return PathPlan(tuple(squares), tuple(costs), tuple(hatches), facing_cost,
                    spent + facing_cost)


def search(view: SeatView, cid: str, mode: str, plan: DeckPlan | None = None,
           known: Knowledge | None = None):
    """Dijkstra over the seat's knowledge: ``(knowledge, {square: best known cost},
    {square: previous square})`` for every square a move may end on."""
    k = known or knowledge(view, plan)
    plan = k.plan
    entry = k.own.get(cid)
    if entry is None or entry.square is None or not entry.ma:
        return k, {}, {}
    start = plan.sq(*entry.square)
    if mode_problem(k, entry, mode):
        return k, {}, {}
    ma = entry.ma[mode]
    if ma <= 0:
        return k, {}, {}
    dist = {start: 0}
    prev: dict = {start: None}
    heap = [(0, 0, start, frozenset())]
    steps_of = {start: 0}
    while heap:
        cost, steps, cur, opened = heapq.heappop(heap)
        if cost > dist.get(cur, 1 << 30):
            continue
        if cur in k.hostile and cur != start:
            continue
        for nxt, _diagonal, hatch in space.neighbours(plan, cur, entry.treads):
            if space.drift_problem(plan, prev[cur], cur, nxt, entry.free_turns):
                continue
            end = lift_end(plan, nxt)
            if end is not None and k.lifts.get(end[0]) != end[1]:
                continue
            if k.occupied.get(nxt, 0) + 1 > _stack_limit(plan, nxt):
                continue
            if hatch is not None and hatch in k.welded:
                continue
            if (hatch is not None and hatch not in k.opened and hatch not in opened
                    and interlocked(plan, hatch, k.opened | opened)):
                continue
            step = plan.cost[nxt]
            now_open = opened
            if hatch is not None and hatch not in k.opened and hatch not in opened:
                step += (ma + 1) // 2
                now_open = opened | {hatch}
            total = cost + step
            if steps > 0 and total > ma:
                continue
            if any(s in k.dark for s in (cur, nxt)) and (
                    mode == "run" or (mode == "jog" and not entry.sees_dark)):
                continue
            if total < dist.get(nxt, 1 << 30):
                dist[nxt] = total
                prev[nxt] = cur
                steps_of[nxt] = steps + 1
                heapq.heappush(heap, (total, steps + 1, nxt, now_open))
    return k, dist, prev


def reachable(view: SeatView, character: str, mode: str,
              plan: DeckPlan | None = None) -> dict:
    """{(x, y): MP} of every square the character could end a move on, by what the seat
    knows (the start square excluded)."""
    k, dist, _prev = search(view, character, mode, plan)
    entry = k.own.get(character)
    start = entry.square if entry is not None else None
    return {k.plan.xy(s): c for s, c in sorted(dist.items())
            if start is None or k.plan.xy(s) != start}


def path_to(view: SeatView, character: str, mode: str, target,
            plan: DeckPlan | None = None) -> dict:
    """The cheapest known path towards ``target`` (x, y), and where it would stop.

    Returns {"path": [(x, y) ...], "cost": MP, "stop": (x, y), "reason": text or None}:
    if the target is out of reach this turn the path ends at the reachable square of the
    best route nearest to it, with the reason."""
    k, dist, prev = search(view, character, mode, plan)
    plan = k.plan
    entry = k.own.get(character)
    if not dist or entry is None:
        return {"path": [], "cost": 0, "stop": None, "reason": "this character cannot move"}
    start = plan.sq(*entry.square)
    goal = plan.sq(*target)
    reason = None
    if goal not in dist:
        reason = "out of reach this turn"
        tx, ty = target
        goal = min(dist, key=lambda s: (max(abs(plan.xy(s)[0] - tx), abs(plan.xy(s)[1] - ty)),
                                        dist[s], s))
    elif goal in k.hostile:
        reason = "a hostile is there: the move stops on entering"
    path = path_back(plan, prev, start, goal)
    return {"path": path, "cost": dist[goal], "stop": plan.xy(goal), "reason": reason}


def path_back(plan: DeckPlan, prev: dict, start: int, goal: int) -> list[tuple[int, int]]:
    """The ``(x, y)`` steps from ``start`` to ``goal`` along ``search``'s previous-square
    links (empty when the goal is the start)."""
    path = []
    cur = goal
    while cur is not None and cur != start:
        path.append(plan.xy(cur))
        cur = prev[cur]
    path.reverse()
    return path


# ---- execution ---------------------------------------------------------------------------------

def interlocked(plan: DeckPlan, hatch: int, opened) -> bool:
    """Whether an airlock's safety interlock holds ``hatch`` shut: another hatch of the same
    airlock segment has been opened this phase."""
    segments = plan.hatches[hatch].segments
    for other in opened:
        if other == hatch or other >= len(plan.hatches):  # a flown ship's own outer hatch
            continue
        for seg in plan.hatches[other].segments:
            if seg in segments and seg >= 0 and plan.airlock[seg]:
                return True
    return False


def facing_after_action_problem(free_turns: bool, walk_ma: int, now: str,
                                facing: str) -> str | None:
    """Why a character facing ``now`` cannot end a non-move action facing ``facing``
    (None: it can). Turning is free in gravity or with thrusters; otherwise each quarter
    turn costs 1 MP of the walking allowance (``walk_ma``). A seat's own view carries the
    same two figures, so its screen asks this very rule before offering a facing."""
    if facing not in FACINGS:
        return f"facing must be one of {', '.join(FACINGS)}"
    if not free_turns:
        cost = turns_between(now, facing)
        if cost > walk_ma:
            return (f"turning that far costs {cost} MP in zero-g without a thruster pack; "
                    f"{walk_ma} MP allowed")
    return None


def face_after_action(game, char: Character, facing: str) -> None:
    """Facing after a non-move action (see ``facing_after_action_problem``)."""
    info = mobility(game, char)
    problem = facing_after_action_problem(info["free_turns"], info["ma"]["walk"], char.facing,
                                          facing)
    if problem:
        raise IllegalAction(problem)
    char.facing = facing


def lift_controls(plan: DeckPlan, lifts: dict[str, int], square: int | None, lift_name: str):
    """The lift a character in ``square`` may send, given where the cars are (``lifts``:
    the true state's, or a map's belief): it must be in the car or by a shaft hatch."""
    lift = next((lf for lf in plan.lifts if lf.name == lift_name), None)
    if lift is None:
        raise IllegalAction(f"no lift {lift_name!r}")
    car_square = lift.ends[lifts[lift.name]]
    if square == car_square:
        return lift
    for end in lift.ends:
        for nxt, _diag, hatch in plan.neighbours(end):
            if hatch is not None and nxt == square:
                return lift
    raise IllegalAction("be in the lift car or next to one of its shaft hatches")


def move_lift_car(game, seat: str, char: Character, lift_name: str) -> list[Event]:
    s = game.state
    lift = lift_controls(game.plan, s.lifts, char.square, lift_name)
    riders = send_car(game, seat, lift)
    s.maps[s.map_of[seat]].lifts[lift.name] = s.lifts[lift.name]
    return [game.notify(seat, {"kind": "lift", "lift": lift.name,
                               "end": ["hull", "ring"][s.lifts[lift.name]]}), *riders]


def send_car(game, seat: str, lift) -> list[Event]:
    """The car goes to the other end of its shaft with everyone and everything at its stop;
    riders of other seats hear ``lift_moved`` at their Situation Update (the caller holds
    their forces first). Returns those notices' events."""
    s = game.state
    here = s.lifts[lift.name]
    source, target = lift.ends[here], lift.ends[1 - here]
    riders = [c for c in s.characters.values() if c.square == source]
    for rider in riders:
        rider.square = target
    for item in s.items.values():
        if item.holder is None and item.square == source:
            item.square = target
    s.lifts[lift.name] = 1 - here
    return [game.notify(rider.seat, {"kind": "lift_moved", "lift": lift.name,
                                     "character": rider.id}, pending=True)
            for rider in riders if rider.seat and rider.seat != seat]


def default_plan() -> DeckPlan:
    return feynman()


def default_tables():
    return default_sheets()
