"""Computer Operations: the Computer Control marker, hacking, security actions and the
self-destruct countdown.

The marker is ``state.systems.control`` (a character id, or None while nobody holds it).
Who holds it is a secret: a seat learns it gained the marker at once (its own roll, or a
transfer it made), and that it lost it or was handed it at its next Situation Update.
What the computer tells its controller comes at the controller's Initial Map Update, as
the rulebook has it. Changes every seat could notice (the lights of a whole segment, the
self-destruct countdown) take effect at Global Updates, so that their timing does not tell
who acted (the rulebook's anonymous actions).
"""

from __future__ import annotations

from . import actions as A
from . import combat, combat_dice, ships, sightings
from .deckplan import DeckPlan
from .errors import IllegalAction
from .events import Event
from .state import Character, Notice

TERMINALS = ("major_terminal", "minor_terminal")
#: A hacking check succeeds on this total (die, +2 at a major terminal).
HACK_TARGET = 6
MAJOR_BONUS = 2
#: Where the self-destruct can be set: a major terminal in one of these spaces.
SELF_DESTRUCT_SPACES = ("Command Pod", "Computer Room")
COUNTDOWN = (3, 30)
SECURITY_KINDS = ("snoop", "cancel_self_destruct")
TOGGLES = ("", "lights", "locks")


# ---- reading the situation ---------------------------------------------------------------
def detached_crafts(game) -> list[ships.Craft]:
    """The craft that have left their docks (flown off, or gone from the map)."""
    out = []
    for craft_id, craft in sorted(ships.crafts().items()):
        ship = game.state.ships.get(craft_id)
        if ship is not None and (ship.left or not ship.docked):
            out.append(craft)
    return out


def detached_squares(game) -> frozenset[int]:
    """The squares, on the plan as it stands, of the craft that have left their docks. A
    terminal there is cut off from the Feynman's computer: the rulebook counts the Command
    Pod's as destroyed once the pod detaches (Spaceships), so it neither counts for the
    shutdown nor serves hacking, security actions or the self-destruct."""
    drawn = game.drawn_plan
    out: set[int] = set()
    for craft in detached_crafts(game):
        where = ships.placement(drawn, craft, game.state.ships[craft.id])
        if where is None:  # gone from the map: what it took keeps its drawn squares
            out |= craft.squares
            continue
        carry = ships.carrier(drawn, craft, where)
        out |= {sq for sq in map(carry, craft.squares) if sq is not None}
    return frozenset(out)


def terminal_at(game, square: int | None) -> str | None:
    """``"major_terminal"`` / ``"minor_terminal"`` for a working terminal in ``square``
    (not destroyed, not aboard a detached craft, the computer running)."""
    if square is None or game.state.systems.shutdown:
        return None
    feature = game.plan.feature[square]
    if feature in TERMINALS and square not in game.state.systems.destroyed_terminals \
            and square not in detached_squares(game):
        return feature
    return None


def major_terminals_gone(game) -> bool:
    """Computer Shutdown's condition: every major terminal of the drawn plan (the crew
    manifest terminal in the Command Pod, the RAM dump terminal in the Computer Room) is
    destroyed, the pod's counting as destroyed once the pod has detached."""
    plan = game.drawn_plan
    cut_off = set().union(*(c.squares for c in detached_crafts(game)))
    majors = plan.memo.get("major_terminals")
    if majors is None:  # asked at every turn's end: the plan's squares are read once
        majors = plan.memo["major_terminals"] = tuple(
            sq for sq, f in enumerate(plan.feature) if f == "major_terminal")
    return bool(majors) and all(sq in game.state.systems.destroyed_terminals
                                or sq in cut_off for sq in majors)


def terminal_problem(game, char: Character) -> str | None:
    """Why ``char`` cannot work a terminal now (hands, stacked with a working one)."""
    if not game.sheets.characters[char.sheet].hands:
        return f"{game.name_of(char)} has no hands"
    if terminal_at(game, char.square) is None:
        return f"{game.name_of(char)} is not at a working computer terminal"
    return None


def hack_problem(game, char: Character) -> str | None:
    if "Hacker" not in game.sheets.characters[char.sheet].skills:
        return f"{game.name_of(char)} is no hacker"
    return terminal_problem(game, char)


def controls(game, char: Character) -> bool:
    return game.state.systems.control == char.id


def security_problem(game, char: Character) -> str | None:
    if not controls(game, char):
        return f"{game.name_of(char)} does not hold Computer Control"
    return terminal_problem(game, char)


def feynman_segments(plan: DeckPlan) -> list[str]:
    """Segments the station's cameras watch: every segment of the Feynman itself (the
    shuttles have their own systems, out of the computer's reach)."""
    station = plan.region("Feynman")
    return sorted({plan.segment_names[plan.segment_of[sq]] for sq in station
                   if plan.segment_of[sq] >= 0})


def segment_squares(plan: DeckPlan, segment: str) -> list[int]:
    index = plan.segment_names.index(segment)
    return [sq for sq, seg in enumerate(plan.segment_of) if seg == index]


def segment_spaces(plan: DeckPlan, segment: str) -> list[str]:
    return sorted({plan.space_name(sq) for sq in segment_squares(plan, segment)} - {""})


def segment_hatches(game, segment: str) -> list[int]:
    """The hatches of a segment that a lock can hold (not those blown open)."""
    plan = game.drawn_plan
    index = plan.segment_names.index(segment)
    blown = game.state.systems.blown_hatches
    return sorted(h.id for h in plan.hatches if index in h.segments and h.id not in blown)


def security_action_problem(game, char: Character, kind: str, segment: str,
                            toggle: str) -> str | None:
    """Why this security action is refused (before any roll), or None."""
    problem = security_problem(game, char)
    if problem:
        return problem
    if kind == "snoop":
        if segment not in feynman_segments(game.plan):
            return f"{segment!r} is no segment of the Feynman"
        if toggle not in TOGGLES:
            return "toggle must be lights, locks or nothing"
        return None
    if kind == "cancel_self_destruct":
        if segment or toggle:
            return "cancelling the self-destruct names no segment and toggles nothing"
        if "Hacker" not in game.sheets.characters[char.sheet].skills:
            return f"cancelling the self-destruct takes a hacker; {game.name_of(char)} is none"
        if game.state.systems.self_destruct is None:
            return "no self-destruct countdown is running"
        return None
    return f"no security action {kind!r} (snoop or cancel_self_destruct)"


def self_destruct_problem(game, char: Character, turns: int) -> str | None:
    s = game.state
    if not game.sheets.characters[char.sheet].hands:
        return f"{game.name_of(char)} has no hands"
    if not any(s.items[i].type == "access_key" for i in char.items):
        return f"{game.name_of(char)} carries no access code key"
    square = char.square
    if terminal_at(game, square) != "major_terminal" \
            or game.plan.space_name(square) not in SELF_DESTRUCT_SPACES:
        return "the self-destruct is set at the major terminal of the command pod or the " \
            "computer room"
    if turns == 0:
        if s.systems.self_destruct is None:
            return "no self-destruct countdown is running"
        return None
    low, high = COUNTDOWN
    if not low <= turns <= high:
        return f"the countdown is {low} to {high} turns (0 cancels it)"
    return None


def transfer_target(game, seat: str, to: str) -> Character | None:
    """The character ``to`` names for ``seat``: its own character's id, or a counter token
    on its map."""
    s = game.state
    char = s.characters.get(to)
    if char is not None and char.seat == seat:
        return char
    if to in s.maps[s.map_of[seat]].counters:
        return next((c for c in s.characters.values() if c.token == to), None)
    return None


def transfer_problem(game, seat: str, char: Character, to: str) -> str | None:
    if not controls(game, char):
        return f"{game.name_of(char)} does not hold Computer Control"
    target = transfer_target(game, seat, to)
    if target is None:
        return f"{to!r} is none of your characters nor a counter on your map"
    if target.id == char.id:
        return f"{game.name_of(char)} holds the marker already"
    if target.status != "active":
        return f"{to} cannot take the marker now"
    return terminal_problem(game, target)


# ---- rules in play -------------------------------------------------------------------------
def hacking_check(game, char: Character, rng) -> tuple[int, int, bool]:
    """Skill Use, Hacker: (die, bonus, success): +2 at a major terminal, 6 or more; a
    seriously wounded Tough hacker's one action rolls at -1 (Skill Use: Tough), so the
    bonus may be negative. Every hacking roll (taking the marker, cancelling the
    self-destruct, a lift car's controls) is this check."""
    bonus = MAJOR_BONUS if terminal_at(game, char.square) == "major_terminal" else 0
    bonus += sum(m.value for m in combat.check_modifiers(game, char))
    roll = combat_dice.d6(rng)
    return roll, bonus, roll + bonus >= HACK_TARGET


def hack(game, seat: str, char: Character, rng) -> list[Event]:
    """A hacking check: one die, +2 at a major terminal, 6 or more takes the marker."""
    problem = hack_problem(game, char)
    if problem:
        raise IllegalAction(problem)
    if controls(game, char):
        raise IllegalAction(f"{game.name_of(char)} holds Computer Control already")
    roll, bonus, success = hacking_check(game, char, rng)
    log_hack(game, char, success)
    events = []
    if success:
        events += take_control(game, char)
    events.append(game.notify(seat, {"kind": "hack", "character": char.id, "roll": roll,
                                     "bonus": bonus, "needed": HACK_TARGET,
                                     "success": success}))
    return events


def log_hack(game, char: Character, success: bool) -> None:
    """A hacking attempt, kept for the controller's report and, while a seat plays the
    computer itself (HAL), for HAL's own."""
    s = game.state
    notice = Notice("hack_attempt", s.round, {"space": game.plan.space_name(char.square),
                                               "success": success})
    s.systems.hack_attempts.append(notice)
    if any(secrets.ram is not None for secrets in s.aliens.values()):
        s.systems.hal_hacks.append(notice)


def take_control(game, char: Character) -> list[Event]:
    """The marker moves to ``char``; a holder of another seat hears it at its next
    Situation Update."""
    s = game.state
    events = []
    old = s.characters.get(s.systems.control) if s.systems.control else None
    if old is not None and old.seat != char.seat:
        events.append(game.notify(old.seat, {"kind": "control_lost", "character": old.id},
                                  pending=True))
    s.systems.control = char.id
    return events


def transfer(game, seat: str, char: Character, to: str) -> list[Event]:
    problem = transfer_problem(game, seat, char, to)
    if problem:
        raise IllegalAction(problem)
    target = transfer_target(game, seat, to)
    game.state.systems.control = target.id
    events = [game.notify(seat, {"kind": "control_given", "character": char.id, "to": to})]
    if target.seat != seat:
        events.append(game.notify(target.seat, {"kind": "control_received",
                                                "character": target.id}, pending=True))
    return events


def security_action(game, seat: str, char: Character, kind: str, segment: str,
                    toggle: str, rng) -> list[Event]:
    problem = security_action_problem(game, char, kind, segment, toggle)
    if problem:
        raise IllegalAction(problem)
    if kind == "cancel_self_destruct":
        roll, bonus, success = hacking_check(game, char, rng)
        if success:
            game.state.systems.self_destruct_orders.append(0)
        return [game.notify(seat, {"kind": "cancel_self_destruct", "character": char.id,
                                   "roll": roll, "bonus": bonus, "needed": HACK_TARGET,
                                   "success": success})]
    return snoop(game, seat, char, segment, toggle)


def snoop(game, seat: str, char: Character, segment: str, toggle: str) -> list[Event]:
    """Cameras show the seat's map everything in the segment but sneaksuits (the counters
    stand on its map as last seen now); then the segment's lights or locks flip: all off
    (or locked) unless they all are, then all on (or unlocked). A craft that has left its
    dock runs on its own systems (Spaceships: the Snoop does not work there): its squares
    show nothing, and a segment that is all such a craft (the Command Pod flown off) toggles
    nothing, the result ``away``."""
    s = game.state
    plan = game.plan
    sheets = game.sheets
    squares = set(segment_squares(plan, segment))
    away = detached_squares(game)
    if squares and squares <= away:
        return [game.notify(seat, {"kind": "snoop", "character": char.id, "segment": segment,
                                   "seen": 0, "toggle": toggle, "result": "away"})]
    squares -= away
    book = s.maps[s.map_of[seat]]
    mine = {x for x, m in s.map_of.items() if m == s.map_of[seat]}
    seen = 0
    for other in sorted(s.characters.values(), key=lambda c: c.id):
        if other.seat in mine or other.square not in squares \
                or not sheets.characters[other.sheet].on_map:
            continue
        if other.suit and s.items[other.suit].type == "sneaksuit":
            continue
        book.counters[other.token] = sightings.character_counter(s, plan, sheets, other)
        seen += 1
    for item in sorted(s.items.values(), key=lambda i: i.id):
        if item.holder is None and item.square in squares \
                and not sheets.items[item.type].marker:
            book.counters[item.token] = sightings.item_counter(plan, sheets, item)
            seen += 1
    book.counters = {k: book.counters[k] for k in sorted(book.counters)}
    result = ""
    if toggle == "lights":
        spaces = segment_spaces(plan, segment)
        dark = not all(space in s.dark for space in spaces)
        s.systems.switching += [(space, dark) for space in spaces]
        result = "dark" if dark else "lit"
    elif toggle == "locks":
        hatches = segment_hatches(game, segment)
        lock = not all(h in s.locked for h in hatches)
        if lock:
            s.locked = sorted(set(s.locked) | set(hatches))
        else:
            s.locked = sorted(set(s.locked) - set(hatches))
        result = "locked" if lock else "unlocked"
    return [game.notify(seat, {"kind": "snoop", "character": char.id, "segment": segment,
                               "seen": seen, "toggle": toggle, "result": result})]


def order_self_destruct(game, seat: str, char: Character, turns: int) -> list[Event]:
    problem = self_destruct_problem(game, char, turns)
    if problem:
        raise IllegalAction(problem)
    game.state.systems.self_destruct_orders.append(turns)
    return [game.notify(seat, {"kind": "self_destruct_ordered", "character": char.id,
                               "turns": turns})]


# ---- the sequence of play --------------------------------------------------------------------
def initial_map_update(game, seat: str) -> list[Event]:
    """The controller's Initial Map Update: hull breaches, lift cars (its map shows them
    where they are) and the hacking attempts since its last turn."""
    s = game.state
    holder = s.characters.get(s.systems.control) if s.systems.control else None
    if holder is None or holder.seat != seat or seat in s.held \
            or holder.status != "active" or terminal_problem(game, holder):
        return []
    hacks, s.systems.hack_attempts = s.systems.hack_attempts, []
    return report(game, seat, holder.id, hacks)


def report(game, seat: str, who: str, hacks: list[Notice]) -> list[Event]:
    """What the computer tells ``seat`` (its character ``who``) at its Initial Map Update:
    the hull breaches, the lift cars (its map shows them where they are) and ``hacks``."""
    s = game.state
    drawn = game.drawn_plan
    breaches = sorted({drawn.xy(min(drawn.edge_squares(e)))
                       for e in s.systems.broken_windows})
    book = s.maps[s.map_of[seat]]
    for name, end in s.lifts.items():
        book.lifts[name] = end
    told = [{"space": n.about["space"], "success": n.about["success"], "round": n.round}
            for n in hacks]
    return [game.notify(seat, {"kind": "computer_report", "character": who,
                               "breaches": [list(xy) for xy in breaches],
                               "lifts": dict(sorted(s.lifts.items())), "hacks": told})]


def global_updates(game, rng) -> list[Event]:
    """Light switches fall, self-destruct orders are resolved (the last one stands), the
    countdown advances, and each step is announced to every seat; at zero the drives
    detonate."""
    s = game.state
    sysm = s.systems
    for space, dark in sysm.switching:
        if dark and space not in s.dark:
            s.dark.append(space)
        elif not dark and space in s.dark:
            s.dark.remove(space)
    s.dark.sort()
    sysm.switching = []
    events: list[Event] = []
    texts = []
    if sysm.self_destruct is not None:
        sysm.self_destruct -= 1
    if sysm.self_destruct_orders:
        last = sysm.self_destruct_orders[-1]
        sysm.self_destruct_orders = []
        if last == 0 and sysm.self_destruct is not None:
            sysm.self_destruct = None
            texts.append("Self-destruct cancelled.")
        elif last:
            sysm.self_destruct = last
    if sysm.self_destruct is not None and sysm.self_destruct > 0:
        texts.append(f"Self-destruct in {sysm.self_destruct} turns.")
    for text in texts:
        for seat in s.seats:
            events.append(game.notify(seat, {"kind": "self_destruct", "text": text,
                                             "turns": sysm.self_destruct or 0}))
    if sysm.self_destruct == 0:
        sysm.self_destruct = None
        resolver = combat.Resolver(game, "", rng)
        resolver.detonate()
        events += resolver.events
    return events


# ---- legal actions (compact form, see docs/artifact-engine.md) ---------------------------------
def listed_actions(game, char: Character, after: list[str]) -> list[A.Action]:
    """Hack, security actions and self-destruct orders of one character that may act, each
    with every facing in ``after``, checked with the handlers' own problem functions."""
    out: list[A.Action] = []
    cid = char.id
    if hack_problem(game, char) is None and not controls(game, char):
        out += [A.Hack(cid, f) for f in after]
    if security_problem(game, char) is None:
        for segment in feynman_segments(game.plan):
            for toggle in TOGGLES:
                out += [A.SecurityAction(cid, "snoop", segment, toggle, f) for f in after]
        if security_action_problem(game, char, "cancel_self_destruct", "", "") is None:
            out += [A.SecurityAction(cid, "cancel_self_destruct", "", "", f) for f in after]
    low, high = COUNTDOWN
    for turns in (0, *range(low, high + 1)):
        if self_destruct_problem(game, char, turns) is None:
            out += [A.SelfDestruct(cid, turns, f) for f in after]
    return out


def listed_transfers(game, seat: str) -> list[A.Action]:
    """Every hand-over of the marker the seat in turn may make: to each of its characters and
    each character counter on its map that passes the handler's check."""
    s = game.state
    holder = s.characters.get(s.systems.control) if s.systems.control else None
    if holder is None or holder.seat != seat:
        return []
    names = [c.id for c in s.characters.values() if c.seat == seat]
    names += [t for t, c in s.maps[s.map_of[seat]].counters.items() if c.KIND == "character"]
    return [A.TransferControl(holder.id, to) for to in sorted(names)
            if transfer_problem(game, seat, holder, to) is None]
