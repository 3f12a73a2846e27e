"""Legal actions for the pending decision, from the rules (no trial runs).

``legal_actions(game, seat)`` lists what ``seat`` may do now, each action checked with the
same rule functions the engine validates with (``movement.check_path`` on the seat's view,
``available``'s problems, ``customize``'s order and placement checks), never by applying a
copy. In play the list is complete for the turn seat in this *compact form*:

* **Move**: one action per (character, mode, destination, final facing): the cheapest path
  the seat knows to every square it can reach (``movement.search``), and for the empty path
  every mode with every facing it can afford. Any other path to a listed destination is legal
  too when ``check_path`` accepts it (one that comes back to its start counts as the empty
  path); no path reaches a square that is not listed. A step
  into a hatch that an airlock's interlock holds shut is listed as the destination of a
  try (the move halts before it); a path that goes on beyond that hatch is legal too and
  halts the same way, so it counts as that try.
* **Pick up / drop / switch**: every set of items to take from the floor of its square with
  every set to drop (at least one item, within the four carry slots), with every facing it
  can afford after the action (items in the order of their ids).
* **Move, then pick up**: walking or jogging to each listed destination where the seat's
  map shows items (now or at their last-known places; the start square too, by the empty
  path), with every non-empty set of them to take and every set to drop, within the carry
  slots as if all were there (an item gone unseen is reported missing on arrival, never
  refused). Not spelt out: dropping without taking at a destination (a move, then drop),
  legal for every listed walk or jog destination; and a move-then-pick-up that halts at an
  interlocked hatch (it picks nothing up).
* **Check status**, **wear suit**, **move lift car**, **activate informant**, **end turn**:
  every target, suit, lift and informant the rules allow, with every affordable facing.
* **Attack**: every weapon the character may use (carried, bare hands, built in), every type
  of fire it allows, one target for all the shots: each character counter on the seat's
  map and each computer it can fire at, with every affordable facing. Not spelt out: shots
  spread over several targets (legal when each one is), and squares aimed at for the
  hatch or window the line meets or a grenade's impact.
* **Opportunity fire**: every ranged weapon it may fire, every square it could fire at
  facing each affordable facing, with the hostile "anyone" (a faction is legal wherever
  "anyone" is). **Unjam**: every jammed weapon it may clear, with every affordable facing.
  Not spelt out: **move, then attack** (legal where the attack would be from the end of a
  listed walk or jog).
* **Jam** (a mechanic): each weapon of its own seat's characters in its square that can
  jam and is not jammed, with every affordable facing.
* **Weld**: with a usable welding torch, each hatch beside the character, to weld shut and to
  cut open (whether it is welded is found out by trying), with every affordable facing.
* **Medic** first aid and **medkits**: every patient in the character's square (its own
  characters by id, itself included; counters by token), with every affordable facing.
* **Casualties**: picking up each fallen character in the square (own by id, counters by
  token) while carrying none; putting down the one carried. Every affordable facing.
* **Computer and special areas** (``computer``, ``areas``): hacking for control and for
  each lift car, every security action (each segment with each switch, cancelling the
  countdown, commanding each robot counter of the map), a loudspeaker announcement with one
  sample text (any text of 1 to 200 characters is legal too), each countdown of the
  self-destruct, the hand-overs of the marker, the emergency ladder while the power is
  down, the Medlab's uses on every patient in the square (and each carried medkit), a
  mechanic's jamming and examining of what it carries or its map shows on its square and
  wrecking the controls it sits at, and the key, torch and Geiger counter on every hatch
  beside it and the telescope. Every affordable facing.
* **Plasma**: inspecting (and disarming) its own square and each square across a hatch
  beside it; setting each carried thermite mine in its square; detonating each of the
  seat's mines set and not yet primed. Every affordable facing.

The Judge's free-text actions (message, announcement, victory levels) are listed once each
with a sample text; its adjudication tools are listed for every character and item in play
(moves: a turn on the spot; any open square with room is legal too). The lobby phases list a
representative sample (orders per option, placements per start space), each one checked.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from . import actions as A
from . import (
    aliens,
    areas,
    available,
    cannon,
    combat,
    computer,
    customize,
    hazards,
    informants,
    judging,
    movement,
    ships,
    welding,
)
from .deckplan import FACINGS
from .errors import IllegalAction
from .seats import JUDGE
from .sight import field_of_view
from .state import XY, CharacterCounter, ItemCounter, OwnCharacter
from .views import view_for
from .viewtypes import SeatView


def legal_actions(game, seat: str) -> list[A.Action]:
    phase = game.phase
    handler = {
        "assign": _assign, "encryption": _encryption, "purchase": _purchase,
        "place": _place, "judge_check": _judge_check, "play": _play,
    }.get(phase)
    if handler is None:
        return []
    return handler(game, seat)


def _checked(check, candidates) -> list[A.Action]:
    out = []
    for action in candidates:
        try:
            check(action)
        except IllegalAction:
            continue
        out.append(action)
    return out


# ---- the lobby -----------------------------------------------------------------------------------

def _assign(game, seat):
    if seat != JUDGE:
        return []
    s = game.state
    out = []
    free_players = [p for p in s.setup.names if p not in s.players.values()]
    for player in free_players[:1]:
        for target in s.seats:
            if s.players[target] is None:
                out.append(A.AssignFaction(player, target))
    if len(s.species) > 1:
        taken = set(s.species.values())
        for target, species in s.species.items():
            if species is None:
                for option in game.sheets.factions["alien"].options:
                    if option not in taken:
                        out.append(A.AssignSpecies(target, option))
    return out


def _encryption(game, seat):
    if seat == JUDGE:
        return []
    return [A.VoteEncryption(True), A.VoteEncryption(False)]


def _purchase(game, seat):
    if seat == JUDGE:
        return []
    sheet = game.sheets.factions[game.faction_of(seat)]
    s = game.state
    candidates = []
    options = sheet.options or ("",)
    if game.faction_of(seat) == "alien" and s.species.get(seat):
        options = (s.species[seat],)
    roster = tuple(sheet.optional[: sheet.pick])
    everyone = sheet.required + roster
    partner = tuple(everyone[:4]) if seat == "pirates" and "pirates2" in s.seats else ()
    holders = [c for c in everyone if game.sheets.characters[c].hands]
    for option in options:
        free = []
        for item_id, rule in sheet.free_items:
            free.append((item_id, holders[0] if rule == "any" and holders else ""))
        candidates.append(A.Customize(option, roster if game.faction_of(seat) != "alien" else (),
                                      tuple(free), partner))
        buy = [i for i in sheet.shop if not game.sheets.items[i].robot]
        if buy and holders:
            extra = tuple((item, holders[(n + 1) % len(holders)])
                          for n, item in enumerate(buy[:3]))
            candidates.append(A.Customize(option, roster, tuple(free) + extra, partner))
    return _checked(lambda a: customize.check_order(game, seat, a), candidates)


def _place(game, seat):
    if seat == JUDGE:
        return []
    plan = game.plan
    things = customize.things_to_place(game, seat)
    if not things:
        return [A.PlaceForces(())]
    region = customize.start_squares(game, things[0][2])
    spaces = sorted({plan.space_name(sq) for sq in region if plan.passable(sq)})
    candidates = []
    for space in spaces:
        places = []
        counts: dict = {}
        ok = True
        for kind, thing, regions in things:
            allowed = customize.start_squares(game, regions)
            pool = [sq for sq in sorted(allowed) if plan.passable(sq)
                    and plan.space_name(sq) == space]
            if not pool:
                pool = [sq for sq in sorted(allowed) if plan.passable(sq)]
            chosen = next((sq for sq in pool if counts.get(sq, 0) < 4), None)
            if chosen is None:
                ok = False
                break
            if kind == "character":
                counts[chosen] = counts.get(chosen, 0) + 1
            x, y = plan.xy(chosen)
            places.append((thing, x, y, "N"))
        if ok:
            candidates.append(A.PlaceForces(tuple(places)))
    return _checked(lambda a: customize.check_places(game, seat, a), candidates)


def _judge_check(game, seat):
    if seat != JUDGE:
        return []
    s = game.state
    out: list[A.Action] = []
    for _space, a, b in game.placement_conflicts():
        out.append(A.ReturnPlacement(b, ""))
        out.append(A.ReturnPlacement(a, ""))
    plan = game.plan
    ring = sorted(sq for sq in plan.region("Ring") if plan.passable(sq))
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if char.seat is None and char.square is None:
            for sq in ring[:: max(1, len(ring) // 6)]:
                x, y = plan.xy(sq)
                out += _checked(lambda a: customize.check_robot_place(game, a),
                                [A.PlaceRobot(char.id, x, y, "N")])
            break
    if customize.start_problem(game) is None:
        out.append(A.StartPlay())
    return out


# ---- play: the Judge -----------------------------------------------------------------------------

def _judge_play(game) -> list[A.Action]:
    s = game.state
    sheets = game.sheets
    out: list[A.Action] = [A.SkipTurn(), A.Announce("All hands: routine systems check."),
                           A.JudgeMessage(s.seats[0], "Keep it moving."), A.EndGame()]
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        body = sheets.characters[char.sheet].on_map
        if char.square is not None and body:
            x, y = game.plan.xy(char.square)
            out += [A.JudgeMove(char.id, x, y, f) for f in FACINGS if f != char.facing]
            out.append(A.JudgeRemove(char.id))
        current = judging.judge_status_of(char)
        for status in A.JUDGE_STATUSES:
            if status != current and judging.status_problem(game, char, status) is None:
                out.append(A.JudgeSetStatus(char.id, status))
        if char.suit:
            out.append(A.JudgeSetSuit(char.id, ""))
    for item in sorted(s.items.values(), key=lambda i: i.id):
        if item.holder is not None or item.square is not None:
            out.append(A.JudgeRemove(item.id))
    return out


# ---- play: the seat in turn ----------------------------------------------------------------------

def _after(game, char, entry: OwnCharacter, **changes) -> list[str]:
    """The facings a character may choose after a non-move action that leaves it as
    ``changes`` say (its items, its square): a quarter turn costs 1 MP of its walking
    allowance where turning is not free (``movement.face_after_action``)."""
    if changes:
        info = movement.mobility(game, replace(char, **changes))
        free, walk = info["free_turns"], info["ma"]["walk"]
    else:
        free, walk = entry.free_turns, (entry.ma or {}).get("walk", 0)
    if free:
        return list(FACINGS)
    return [f for f in FACINGS if movement.turns_between(char.facing, f) <= walk]


def _facings(entry: OwnCharacter, room: int) -> list[str]:
    """The final facings a character may choose with ``room`` MP left (turning is free in
    gravity or with thrusters; otherwise a quarter turn costs 1 MP)."""
    if entry.free_turns:
        return list(FACINGS)
    return [f for f in FACINGS if movement.turns_between(entry.facing, f) <= room]


def _subsets(items: list[str]) -> list[tuple[str, ...]]:
    return [combo for n in range(len(items) + 1) for combo in combinations(items, n)]


def _swaps(game, char, floor: list[str]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every (take, drop) a character with hands may make: at least one item, within its
    carry slots once done."""
    items = game.state.items
    sheets = game.sheets
    out = []
    for drop in _subsets(sorted(char.items)):
        kept = [i for i in char.items if i not in drop]
        for take in _subsets(floor):
            if not take and not drop:
                continue
            slots = sum(1 for i in kept + list(take) if sheets.items[items[i].type].slot)
            if available.carry_problem(slots) is None:
                out.append((take, drop))
    return out


def _floor(game, square: int) -> list[str]:
    """Items lying in ``square`` that can be picked up (hidden markers cannot)."""
    return sorted(i.id for i in game.state.items.values()
                  if i.holder is None and i.square == square
                  and not game.sheets.items[i.type].marker)


def _play(game, seat):
    s = game.state
    if seat == JUDGE:
        return _judge_play(game)
    if seat != game.turn_seat:
        return []
    out: list[A.Action] = [A.EndTurn()]
    view = view_for(game, seat)
    plan = game.plan
    know = movement.knowledge(view, plan)
    sheets = game.sheets
    for cid, entry in sorted(view.own.characters.items()):
        char = s.characters.get(cid)
        if char is None or char.seat != seat:
            continue
        problem = available.acting_problem(
            acted=cid in s.turn.acted,
            active=available.may_act(char.status, sheets.characters[char.sheet].skills),
            on_map=char.square is not None and sheets.characters[char.sheet].on_map, who=entry.name)
        if problem or not entry.ma:
            continue
        out += _moves(game, view, know, cid, entry)
        after = _after(game, char, entry)  # facing after an action that changes nothing
        sheet = sheets.characters[char.sheet]
        if available.hands_problem(sheet.hands, entry.name) is None:
            for take, drop in _swaps(game, char, _floor(game, char.square)):
                items = sorted([i for i in char.items if i not in drop] + list(take))
                out += [A.PickUpDrop(cid, take, drop, f)
                        for f in _after(game, char, entry, items=items)]
            if available.hampered_problem(char.status, "pick up") is None:
                out += _moves_then_pick_up(game, view, know, char, entry)
        if available.checker_problem(sheet.kind) is None:
            for target in _fallen_here(game, view, cid):
                out += [A.CheckStatus(cid, target, f) for f in after]
        if available.suit_problem(sheet.kind, char.suit is not None, entry.name) is None:
            for suit in sorted(char.items):
                if sheets.items[s.items[suit].type].suit:
                    out += [A.WearSuit(cid, suit, f) for f in after]
            for suit in _floor(game, char.square):
                if sheets.items[s.items[suit].type].suit:
                    items = sorted(char.items + [suit])
                    out += [A.WearSuit(cid, suit, f)
                            for f in _after(game, char, entry, items=items)]
        out += _attacks(game, seat, char, after)
        out += _first_aid(game, seat, char, after)
        out += _plasma(game, seat, char, after)
        out += _mechanic(game, seat, char, after)
        out += welding.listed_actions(game, char, after)
        out += _casualties(game, seat, char, after)
        out += computer.listed_actions(game, char, after)
        out += hazards.listed_actions(game, char, after)
        out += areas.listed_actions(game, seat, char, after)
        for lift in plan.lifts:
            if areas.ladder_problem(game, char, lift.name) is None:
                landed = lift.ends[1 - lift.ends.index(char.square)]
                out += [A.ClimbLadder(cid, lift.name, f)
                        for f in _after(game, char, entry, square=landed)]
            try:
                movement.lift_controls(plan, s.lifts, char.square, lift.name)
            except IllegalAction:
                continue
            if areas.lift_power_problem(game):
                continue
            here = s.lifts[lift.name]  # riders in the car land at the other end
            landed = lift.ends[1 - here] if char.square == lift.ends[here] else char.square
            out += [A.MoveLiftCar(cid, lift.name, f)
                    for f in _after(game, char, entry, square=landed)]
        out += cannon.listed(game, seat, char, after)
        for mode, steps in ships.flights(game, char):
            out += [A.Pilot(cid, mode, steps, f) for f in after]
    out += computer.listed_transfers(game, seat)
    out += aliens.listed_actions(game, seat)
    master = informants.master_rules(game, seat)
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if char.informant_of == seat:
            out.append(A.ActivateInformant(char.id))
            for condition in ("", *(master.conditions if master else ())):
                if condition != char.informant_when:
                    out.append(A.SetInformantCondition(char.id, condition))
    return out


def _destinations(view, know, cid: str, mode: str):
    """(path, spent MP, whether it is a try at an interlocked hatch) of the cheapest known
    move to every reachable square, and of every such try, each checked."""
    plan = know.plan
    entry = know.own[cid]
    _k, dist, prev = movement.search(view, cid, mode, plan, know)
    start = plan.sq(*entry.square)
    for square in sorted(dist):
        path = movement.path_back(plan, prev, start, square)
        try:
            planned = movement.check_path(view, cid, mode, path, entry.facing, plan, know)
        except IllegalAction:
            continue
        yield tuple(path), planned.spent - planned.facing_cost, False
        # A step into a hatch the airlock's interlock holds shut is a legal try: the move
        # halts before it (an interdiction the player may run into knowingly).
        for nxt, _diagonal, hatch in plan.neighbours(square):
            if hatch is None or hatch in know.opened:
                continue
            tried = path + [plan.xy(nxt)]
            try:
                attempt = movement.check_path(view, cid, mode, tried, entry.facing, plan,
                                              know)
            except IllegalAction:
                continue
            if attempt.costs[-1] == 0:  # halted at the hatch
                yield tuple(tried), attempt.spent - attempt.facing_cost, True


def _moves(game, view, know, cid: str, entry: OwnCharacter) -> list[A.Action]:
    out: list[A.Action] = []
    for mode in movement.MODES:
        ma = entry.ma[mode]
        for path, spent, _tried in _destinations(view, know, cid, mode):
            room = ma - spent if spent <= ma else 0
            out += [A.Move(cid, mode, path, f) for f in _facings(entry, room)]
    return out


def _moves_then_pick_up(game, view, know, char, entry: OwnCharacter) -> list[A.Action]:
    out: list[A.Action] = []
    for mode in ("walk", "jog"):
        ma = entry.ma[mode]
        for path, spent, tried in _destinations(view, know, char.id, mode):
            if tried:  # a try at an interlocked hatch picks nothing up
                continue
            floor = _known_items(view, path[-1] if path else entry.square)
            if not floor:
                continue
            room = ma - spent if spent <= ma else 0
            facings = _facings(entry, room)
            for take, drop in _swaps(game, char, floor):
                if take:
                    out += [A.MoveThenPickUp(char.id, mode, path, take, drop, f) for f in facings]
    return out


def _known_items(view: SeatView, square: XY) -> list[str]:
    """Items the seat's map shows (now, or at a last-known place) in ``square``: what a
    move-then-pick-up may go for (whatever is gone is reported missing on arrival)."""
    known = dict(view.map.last_known)
    known.update(view.map.counters)
    return sorted(token for token, c in known.items()
                  if isinstance(c, ItemCounter) and c.square == tuple(square))


def _fallen_here(game, view, cid: str) -> list[str]:
    """What the seat may name for a status check: its own fallen characters in the
    checker's square (by id) and fallen character counters there (by token)."""
    here = view.own.characters[cid].square
    out = [other for other, e in sorted(view.own.characters.items())
           if other != cid and e.square == here and e.status != "active"]
    out += [token for token, c in sorted(view.map.counters.items())
            if isinstance(c, CharacterCounter) and c.square == here and c.status != "active"]
    return out


def _attacks(game, seat: str, char, after: list[str]) -> list[A.Action]:
    """Attacks, opportunity fire and unjamming of one character, each checked with the
    engine's own ``combat`` functions on what the seat knows."""
    plan = game.plan
    s = game.state
    out: list[A.Action] = []
    targets: list = sorted(combat.map_counters(game, seat))
    targets += [plan.xy(sq) for sq in combat.object_squares(plan)]
    for name in combat.weapon_names(game, char):
        try:
            arm = combat.arm_for(game, char, name)
        except IllegalAction:
            continue
        fires = arm.chart.fire if arm.chart.kind == "ranged" else ("normal",)
        for fire in fires:
            for target in targets:
                try:
                    combat.plan_attack(game, seat, char, arm, fire, (target,))
                except IllegalAction:
                    continue
                out += [A.Attack(char.id, name, fire, (target,), f) for f in after]
        if arm.chart.kind != "ranged":
            continue
        for facing in after:
            for square in sorted(field_of_view(plan, char.square, facing)):
                if combat.cover_problem(game, char, arm, square, facing):
                    continue
                out.append(A.TargetOpportunityFire(char.id, name, plan.xy(square), "anyone",
                                                   facing))
    for name in char.items:
        if s.items[name].jammed and not combat.unjam_problem(game, char, name):
            out += [A.Unjam(char.id, name, f) for f in after]
    return out


def _first_aid(game, seat: str, char, after: list[str]) -> list[A.Action]:
    """A medic's first aid and a carried medkit's, on every patient the seat may name in the
    character's square (first aid is never refused for the patient's state: it is told)."""
    s = game.state
    sheet = game.sheets.characters[char.sheet]
    patients = sorted(c.id for c in game.own_characters(seat) if c.square == char.square)
    patients += sorted(t for t, c in combat.map_counters(game, seat).items()
                       if game.plan.sq(*c.square) == char.square)
    out: list[A.Action] = []
    if "Medic" in sheet.skills:
        out += [A.UseSkill(char.id, "Medic", p, f) for p in patients for f in after]
    if available.hands_problem(sheet.hands, sheet.name) is None:
        full = combat.charts_of(game).medkit_charges
        for iid in sorted(char.items):
            item = s.items[iid]
            if item.type == "medkit" and (full if item.charges is None else item.charges) > 0:
                out += [A.UseEquipment(char.id, iid, p, f) for p in patients for f in after]
    return out


def _plasma(game, seat: str, char, after: list[str]) -> list[A.Action]:
    """The Plasma skill's work: traps inspected and set, thermite mines set and detonated."""
    s = game.state
    plan = game.plan
    sheet = game.sheets.characters[char.sheet]
    if "Plasma" not in sheet.skills:
        return []
    squares = combat.trap_squares(plan, char.square)
    out: list[A.Action] = [A.UseSkill(char.id, "Plasma", plan.xy(q), f)
                           for q in squares for f in after]
    if available.hands_problem(sheet.hands, sheet.name) is not None:
        return out
    traps = sorted(i for i in char.items if s.items[i].type == "booby_trap")
    out += [A.UseEquipment(char.id, trap, plan.xy(q), f)
            for trap in traps for q in squares if plan.passable(q) for f in after]
    primed = {a.source for a in s.attacks}
    for item in sorted(s.items.values(), key=lambda i: i.id):
        if item.type != "thermite_mine":
            continue
        if item.holder == char.id:
            out += [A.UseEquipment(char.id, item.id, plan.xy(char.square), f) for f in after]
        elif (item.owner == seat and item.holder is None and item.armed
              and item.square is not None and item.id not in primed):
            out += [A.UseEquipment(char.id, item.id, plan.xy(item.square), f) for f in after]
    return out


def _mechanic(game, seat: str, char, after: list[str]) -> list[A.Action]:
    """The Mechanic's repairs on everything the seat may name in the character's square
    (what each needs is found out by trying, as ``combat.mechanic_work`` tells)."""
    s = game.state
    if "Mechanic" not in game.sheets.characters[char.sheet].skills:
        return []
    own = [c for c in game.own_characters(seat) if c.square == char.square]
    names = sorted(c.id for c in own)
    names += sorted(t for t, c in combat.map_counters(game, seat).items()
                    if game.plan.sq(*c.square) == char.square)
    names += sorted(i for c in own for i in c.items)
    book = s.maps[s.map_of[seat]]
    names += sorted(i for i in _floor(game, char.square) if i in book.counters)
    out = [A.UseSkill(char.id, "Mechanic", n, f) for n in names for f in after]
    weapons = sorted(i for c in own for i in c.items)
    return out + [A.Jam(char.id, w, f) for w in weapons
                  if not combat.jam_problem(game, seat, char, w) for f in after]


def _casualties(game, seat: str, char, after: list[str]) -> list[A.Action]:
    """Casualty Transport: what the character may pick up here, or put down."""
    s = game.state
    if char.carrying is not None:
        carried = s.characters[char.carrying]
        name = carried.id if carried.seat == seat else carried.token
        return [A.PickUpDropCasualty(char.id, name, True, f) for f in after]
    names = sorted(c.id for c in game.own_characters(seat)
                   if c.square == char.square and c.id != char.id and c.status != "active"
                   and len(c.carried_by) < combat.MAX_CARRIERS)
    names += sorted(t for t, c in combat.map_counters(game, seat).items()
                    if game.plan.sq(*c.square) == char.square and c.status != "active"
                    and len(s.characters[combat.token_owner(game, t)].carried_by)
                    < combat.MAX_CARRIERS)
    return [A.PickUpDropCasualty(char.id, n, False, f) for n in names for f in after]
