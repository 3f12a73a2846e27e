"""Which actions one of a seat's characters may take now, read off the seat's own view.

The engine validates every character action with the checks below (``acting_problem``,
``hands_problem``, ``carry_problem``, ``suit_problem``) on its state; ``available_actions``
asks the same checks about what the seat's view holds, plus the movement planner and the
lift-control test that already work on a view, and for combat the engine's own attack
planning run on the seat's knowledge (``odds``). So an action bar built from it offers what
the engine will accept; what the seat cannot know (an unseen character in the way, a lift car
moved behind its back) is what interdicts, as in the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import aliens, areas, combat, computer_view, movement, odds, ships, square_picks
from .deckplan import DeckPlan, feynman
from .errors import ArtifactError
from .sheets import Sheets, default_sheets
from .state import CharacterCounter, ItemCounter, OwnCharacter
from .viewtypes import SeatView

MAX_CARRIED = 4


# ---- the shared checks (the engine raises with these reasons) ---------------------------------

def may_act(status: str, skills) -> bool:
    """Whether a character in this state acts at all: active, or seriously wounded but Tough
    (rulebook: Tough; it may creep one square or take one action)."""
    return status == "active" or (status == "serious" and "Tough" in skills)


def hampered_problem(status: str, what: str) -> str | None:
    """A seriously wounded Tough character creeps or acts, never both in one action."""
    if status == "serious":
        return f"seriously wounded, it may creep one square or {what}, not both"
    return None


def acting_problem(*, acted: bool, active: bool, on_map: bool, who: str) -> str | None:
    """Why a character of the seat in turn may not act now (None: it may); ``who`` is its
    name, as the reason is read by players and shown as sent by clients."""
    if acted:
        return f"{who} has already acted this turn"
    if not active:
        return f"{who} is not active"
    if not on_map:
        return f"{who} has no body on the map"
    return None


def hands_problem(has_hands: bool, who: str) -> str | None:
    return None if has_hands else f"{who} has no hands"


def carry_problem(slot_items: int) -> str | None:
    """Items that take a slot after a pick-up / drop / switch."""
    if slot_items > MAX_CARRIED:
        return "a character with hands carries at most four items"
    return None


def suit_problem(kind: str, wears_suit: bool, who: str) -> str | None:
    if kind not in ("human", "android"):
        return "only humans and androids wear suits"
    if wears_suit:
        return f"{who} already wears a suit"
    return None


def checker_problem(kind: str) -> str | None:
    return None if kind == "human" else "only a human checks the status of a downed character"


def check_status_problem(fallen_here: bool, target: str) -> str | None:
    """A status check needs a character that is not active in the checker's square."""
    return None if fallen_here else f"there is no downed character {target!r} here"


# ---- what the bar offers ------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """One action the character might take now.

    ``action`` is the engine action as a dict without its ``facing`` (chosen after it); for
    the movement modes it has no ``path`` either (the seat picks a square). ``why`` is empty
    when the option is open, else the reason it is not."""

    key: str                    # "walk", "turn", "take:<item>", "lift:1", "end_turn" ...
    label: str
    action: dict = field(default_factory=dict)
    why: str = ""

    @property
    def ok(self) -> bool:
        return not self.why


def _seat_in_turn(view: SeatView) -> str | None:
    if view.phase != "play":
        return f"not allowed in phase {view.phase}"
    if view.turn_seat != view.seat:
        return "characters act only in their seat's turn"
    return None


def available_actions(view: SeatView, character: str | None, plan: DeckPlan | None = None,
                      sheets: Sheets | None = None) -> list[Option]:
    """Every action kind the seat could take now for ``character`` (None: seat-wide only),
    each open or with the reason it is closed; seat-wide ones (informants, End Turn) last."""
    plan = plan or ships.view_plan(view)
    sheets = sheets or default_sheets()
    out: list[Option] = []
    turn_problem = _seat_in_turn(view)
    entry = view.own.characters.get(character) if character else None
    if entry is not None:
        out += _character_options(view, character, entry, plan, sheets, turn_problem)
        if view.alien is not None:
            out += power_options(view, character, plan, sheets)
            # HAL's security actions, on the computer panel: not its character's action
            out += [Option(o.key, o.label, o.action)
                    for o in computer_view.hal_offers(view, character, plan)]
    if turn_problem is None:
        out += [Option(o.key, o.label, o.action)
                for o in computer_view.transfer_offers(view, plan, sheets)]
        for cid, info in sorted(view.informants.items()):
            out.append(Option(f"inform:{cid}", f"Activate {info.counter}",
                              {"type": "activate_informant", "character": cid}))
            # the condition set in advance on which it changes sides by itself, or clearing it
            condition = "" if info.when else "instead_of_attacking"
            label = (f"{info.counter}: turn only when told" if info.when
                     else f"{info.counter}: turn instead of attacking us")
            out.append(Option(f"icond:{cid}|{condition}", label,
                              {"type": "set_informant_condition", "character": cid,
                               "condition": condition}))
        out.append(Option("end_turn", "End Turn", {"type": "end_turn"}))
    return out


def _character_options(view: SeatView, cid: str, entry: OwnCharacter, plan: DeckPlan,
                       sheets: Sheets, turn_problem: str | None) -> list[Option]:
    acted = view.turn is not None and cid in view.turn.acted
    problem = turn_problem or acting_problem(
        acted=acted, active=may_act(entry.status, entry.skills),
        on_map=entry.square is not None and entry.kind != "program", who=entry.name)
    base = {"character": cid}
    if problem:
        return [Option(mode, mode.title(), {"type": "move", "mode": mode, **base}, problem)
                for mode in movement.MODES]
    out: list[Option] = []
    ma = entry.ma or {}
    for mode in movement.MODES:
        action = {"type": "move", "mode": mode, **base}
        if ma.get(mode, 0) <= 0:
            out.append(Option(mode, mode.title(), action, f"no MP to {mode}"))
            continue
        reach = movement.reachable(view, cid, mode, plan)
        why = "" if reach else (
            movement.mode_problem(movement.knowledge(view, plan), entry, mode)
            or f"no square within reach at a {mode}")
        if not reach:
            try:  # the dark rule names itself
                movement._mode_allowed(movement.knowledge(view, plan), entry, mode,
                                       [plan.sq(*entry.square)])
            except ArtifactError as exc:
                why = str(exc)
        out.append(Option(mode, f"{mode.title()} {ma[mode]}", action, why))
    out.append(Option("turn", "Turn", {"type": "move", "mode": "walk", "path": [], **base}))
    square = entry.square
    hands = hands_problem("Hands" in entry.skills, entry.name)
    carried = [view.own.items.get(i) for i in entry.items]
    slots = sum(1 for item in carried if item and sheets.items[item.type].slot)
    for token, counter in sorted(view.map.counters.items()):
        if not isinstance(counter, ItemCounter) or counter.square != square:
            continue
        looks = _item_by_name(sheets, counter.counter)
        why = hands or carry_problem(slots + (1 if looks is None or looks.slot else 0)) or ""
        out.append(Option(f"take:{token}", f"Take {counter.counter}",
                          {"type": "pick_up_drop", "take": [token], "drop": [], **base}, why))
    for item in carried:
        if item is None:
            continue
        out.append(Option(f"drop:{item.id}", f"Drop {item.name}",
                          {"type": "pick_up_drop", "take": [], "drop": [item.id], **base},
                          hands or ""))
        if sheets.items[item.type].suit:
            why = suit_problem(entry.kind, bool(entry.suit), entry.name) or ""
            out.append(Option(f"wear:{item.id}", f"Wear {item.name}",
                              {"type": "wear_suit", "suit": item.id, **base}, why))
    checker = checker_problem(entry.kind)
    fallen = [(other, e.name) for other, e in sorted(view.own.characters.items())
              if other != cid and e.square == square and e.status != "active"]
    fallen += [(token, c.counter) for token, c in sorted(view.map.counters.items())
               if isinstance(c, CharacterCounter) and c.square == square
               and c.status != "active"]
    for target, name in fallen:
        out.append(Option(f"check:{target}", f"Check {name}",
                          {"type": "check_status", "target": target, **base}, checker or ""))
    for lift in plan.lifts:
        try:
            movement.lift_controls(plan, view.map.lifts, plan.sq(*square), lift.name)
            why = areas.power_problem(view.shutdown) or ""
        except ArtifactError as exc:
            why = str(exc)
        out.append(Option(f"lift:{lift.name}", f"Lift {lift.name}",
                          {"type": "move_lift_car", "lift": lift.name, **base}, why))
    # Hacking, security actions, special areas and system equipment (the computer panel
    # shows the security actions' choices): only those the rules may allow now.
    offers = computer_view.computer_offers(view, cid, entry, plan, sheets)
    offers += computer_view.area_offers(view, cid, entry, plan, sheets)
    out += [Option(o.key, o.label, o.action) for o in offers]
    out += _flights(view, entry, square, base, sheets)
    out += combat_options(odds.SeatKnowledge(view, plan, sheets), cid)
    return out


def _flights(view: SeatView, entry: OwnCharacter, square, base: dict,
             sheets: Sheets) -> list[Option]:
    """A pilot at a ship's controls: straight flights of every length its MA allows in
    each direction, a quarter turn either way and a half turn, each at the slowest rate
    that covers it (``ships.flight_choices``); the engine's ``ships.flight`` says, on the
    seat's view, which the ship can fly. Off the map only while the seat knows the shields
    down (``SeatView.shields``, last seen or seen now): the shortest flight that leaves the
    map each way, as "Fly off the map" (the engine finds the bubble in the way if they have
    gone up since)."""
    drawn = feynman()
    craft = ships.controls_at(drawn, view.ships, drawn.sq(*square))
    if craft is None or "Pilot" not in entry.skills:
        return []
    plan = ships.moved_plan(drawn, view.ships)
    ship = view.ships.get(craft.id) or ships.Ship(craft.seats[0])
    if ship.wrecked_controls:
        return []
    shields_up = None if view.shields is None else view.shields.up
    out = []
    away: set[str] = set()  # the ways off the map already offered
    for mode, steps in ships.flight_choices(sheets.movement, craft):
        try:
            places = ships.flight(drawn, plan, sheets.movement, craft, ship, mode, steps,
                                  shields_up, view.ships)
        except ArtifactError:
            continue  # into the hull, another ship, the ring, or off the map unknowing
        action = {"type": "pilot", "mode": mode, "steps": list(steps), **base}
        if ships.leaves_map(places):
            if steps[0] not in away:
                away.add(steps[0])
                out.append(Option(f"flyoff:{steps[0]}:{mode}",
                                  ships.flight_off_words(steps[0]), action))
            continue
        count = f"*{len(steps)}" if len(steps) > 1 else ""
        out.append(Option(f"fly:{steps[0]}{count}:{mode}", ships.flight_words(steps),
                          action))
    return out


def _item_by_name(sheets: Sheets, name: str):
    return next((kind for kind in sheets.items.values() if kind.name == name), None)


# ---- combat: what the bar offers, asked of the engine's planning on the seat's knowledge ---------

def combat_options(know: odds.SeatKnowledge, cid: str) -> list[Option]:
    """The bar's combat entries for ``cid`` (open, or closed saying why), each checked with
    the engine's own combat functions on the seat's knowledge: an attack (with the first
    target found, which the player then changes on the map), move-then-attack, covering a
    square with opportunity fire, gas, a flashlight and the pirate cannon (aimed at a
    square picked on the map), clearing a jam, first aid, the Plasma skill's work and
    thermite mines, and casualty transport."""
    view = know.view
    entry = view.own.characters[cid]
    char = know.character(cid)
    base = {"character": cid}
    out: list[Option] = []
    arms = odds.weapons(know, cid)
    usable = [w for w in arms if w.ok]
    found = _first_attack(know, cid, usable)
    if found is not None:
        weapon, fire, target = found
        out.append(Option("attack", "Attack", {"type": "attack", **base, "weapon": weapon,
                                               "fire": fire, "targets": [target]}))
    else:
        out.append(Option("attack", "Attack", {"type": "attack", **base},
                          "nothing you can see is in your field and reach of fire"))
    moves = [m for m in ("walk", "jog") if (entry.ma or {}).get(m, 0) > 0]
    why = ("a character carrying a casualty may not move and fire" if entry.carrying
           else "" if moves and usable else "no move to make first")
    out.append(Option("move_then_attack", "Move + attack",
                      {"type": "move_then_attack", **base}, why))
    for w in arms:
        if not w.ranged:
            continue
        action = {"type": "opportunity_fire", **base, "weapon": w.name, "hostile": "anyone"}
        why = w.why
        if not why:
            spots = [(f, odds.cover_squares(know, cid, w.name, f)) for f in "NESW"]
            spots = [(f, sq) for f, sq in spots if sq]
            if spots:
                action.update(square=list(spots[0][1][0]), facing=spots[0][0])
            else:
                why = "no square in reach to cover"
        out.append(Option(f"opportunity_fire:{w.name}", f"Cover with {w.label}", action, why))
    for iid in entry.items:
        item = view.own.items.get(iid)
        if item is None or not item.jammed:
            continue
        out.append(Option(f"unjam:{iid}", f"Clear the {item.name}",
                          {"type": "unjam", **base, "weapon": iid},
                          odds.unjam_problem(know, cid, iid)))
    # gas, flashlights and the cannon: the square is picked on the map (``square_picks``)
    out += [Option(p.key, p.label, p.action, p.why) for p in square_picks.picks(know, cid)]
    out += _healing(know, cid, char, entry, base)
    out += _plasma(know, cid, char, entry, base)
    out += _mechanic(know, cid, entry, base)
    out += _casualties(know, cid, entry, base)
    return out


def _first_attack(know: odds.SeatKnowledge, cid: str,
                  usable: list[odds.WeaponChoice]) -> tuple[str, str, str | list] | None:
    """A weapon, fire and target the engine would accept now (counters first, then the
    computers), or None: the same search as the engine's list of legal attacks."""
    plan = know.plan
    targets: list = sorted(combat.map_counters(know, know.seat))
    targets += [list(plan.xy(sq)) for sq in combat.computer_squares(plan)]
    for w in usable:
        for fire in w.fires:
            for target in targets:
                if odds.preview_attack(know, cid, w.name, fire, (target,)).ok:
                    return w.name, fire, target
    return None


def patients(know: odds.SeatKnowledge, cid: str) -> list[tuple[str, str]]:
    """(name the engine takes, name a player reads) of everyone first aid could be given
    to in ``cid``'s square: the seat's own characters there (the healer too) and the
    character counters its map shows there."""
    view = know.view
    here = view.own.characters[cid].square
    out = [(other, e.name) for other, e in sorted(view.own.characters.items())
           if e.square == here and e.kind != "program"]
    out += [(token, c.counter) for token, c in odds.counters_here(know, cid)]
    return out


def _healing(know, cid, char, entry, base) -> list[Option]:
    out = []
    hands = "" if "Hands" in entry.skills else f"{entry.name} has no hands"
    for target, name in patients(know, cid):
        if "Medic" in entry.skills:
            out.append(Option(f"medic:{target}", f"First aid: {name}",
                              {"type": "use_skill", **base, "skill": "Medic",
                               "target": target}))
        for iid in entry.items:
            item = know.view.own.items.get(iid)
            if item is None or item.type != "medkit":
                continue
            charges = know.charts.medkit_charges if item.charges is None else item.charges
            why = hands or ("" if charges > 0 else "the medkit is spent; recharge it in "
                            "the medlab")
            out.append(Option(f"medkit:{iid}:{target}", f"Medkit: {name}",
                              {"type": "use_equipment", **base, "item": iid,
                               "target": target}, why))
    return out


def _plasma(know, cid, char, entry, base) -> list[Option]:
    """The Plasma skill's work: inspecting for booby traps and setting carried ones (here,
    or across a hatch beside: ``combat.trap_squares``), setting a carried thermite mine,
    detonating one the seat set (not one already set to go off)."""
    if "Plasma" not in entry.skills:
        return []
    plan = know.plan
    view = know.view
    out = []
    squares = combat.trap_squares(plan, char.square)
    for q in squares:
        x, y = plan.xy(q)
        where = "here" if q == char.square else f"across the hatch ({x}, {y})"
        out.append(Option(f"plasma:{x},{y}", f"Inspect for traps {where}",
                          {"type": "use_skill", **base, "skill": "Plasma",
                           "target": [x, y]}))
    hands = "" if "Hands" in entry.skills else f"{entry.name} has no hands"
    primed = {tuple(n.get("square") or ()) for n in view.notices
              if n.kind == "mine_primed" and n.round == view.round}
    for iid, item in sorted(view.own.items.items()):
        if item.type == "booby_trap" and item.holder == cid:
            for q in squares:
                if not plan.passable(q):
                    continue
                x, y = plan.xy(q)
                where = "here" if q == char.square else f"across the hatch ({x}, {y})"
                out.append(Option(f"place:{iid}:{x},{y}", f"Set a booby trap {where}",
                                  {"type": "use_equipment", **base, "item": iid,
                                   "target": [x, y]}, hands))
        if item.type != "thermite_mine":
            continue
        if item.holder == cid:
            x, y = entry.square
            out.append(Option(f"place:{iid}:{x},{y}", "Set a thermite mine here",
                              {"type": "use_equipment", **base, "item": iid,
                               "target": [x, y]}, hands))
        elif item.holder is None and item.armed and item.square is not None:
            x, y = item.square
            why = hands or ("that mine is already set to go off"
                            if (x, y) in primed else "")
            out.append(Option(f"place:{iid}:{x},{y}", f"Detonate the mine at ({x}, {y})",
                              {"type": "use_equipment", **base, "item": iid,
                               "target": [x, y]}, why))
    return out


def _mechanic(know, cid, entry, base) -> list[Option]:
    """The Mechanic's repairs on everything in the square the seat may name: its own
    characters, the counters its map shows there, the items its characters there hold and
    those its map shows lying there. What each needs is told by trying, never refused."""
    if "Mechanic" not in entry.skills:
        return []
    view = know.view
    here = tuple(entry.square)
    own = [(c, e) for c, e in sorted(view.own.characters.items())
           if e.square is not None and tuple(e.square) == here]
    names = [(c, e.name) for c, e in own]
    names += [(t, c.counter) for t, c in odds.counters_here(know, cid)]
    names += sorted((i, view.own.items[i].name) for _c, e in own for i in e.items
                    if i in view.own.items)
    names += [(t, c.counter) for t, c in sorted(view.map.counters.items())
              if isinstance(c, ItemCounter) and tuple(c.square) == here]
    return [Option(f"repair:{name}", f"Repair {shown}",
                   {"type": "use_skill", **base, "skill": "Mechanic", "target": name})
            for name, shown in names]


def _casualties(know, cid, entry, base) -> list[Option]:
    view = know.view
    if entry.carrying is not None:
        carried = view.own.characters.get(entry.carrying)
        fallen = [(t, c) for t, c in odds.counters_here(know, cid) if c.status != "active"]
        if carried is not None or not fallen:
            name, shown = entry.carrying, carried.name if carried else "the casualty"
        else:  # another seat's casualty goes by its counter on the map
            name, shown = fallen[0][0], fallen[0][1].counter
        return [Option(f"put_down:{name}", f"Put down {shown}",
                       {"type": "pick_up_drop_casualty", **base, "casualty": name,
                        "drop": True})]
    out = []
    for other, e in sorted(view.own.characters.items()):
        if other != cid and e.square == entry.square and e.status != "active" \
                and e.kind != "program":
            why = "two carriers already bear that casualty" \
                if len(e.carried_by) >= combat.MAX_CARRIERS else ""
            out.append(Option(f"carry:{other}", f"Carry {e.name}",
                              {"type": "pick_up_drop_casualty", **base, "casualty": other,
                               "drop": False}, why))
    for token, c in odds.counters_here(know, cid):
        if c.status != "active":
            out.append(Option(f"carry:{token}", f"Carry {c.counter}",
                              {"type": "pick_up_drop_casualty", **base, "casualty": token,
                               "drop": False}))
    return out


def power_options(view: SeatView, cid: str, plan: DeckPlan, sheets: Sheets) -> list[Option]:
    """The species' powers (Alien Special Action) of one of an alien seat's characters, from
    ``aliens.candidates`` checked by ``aliens.view_problem`` (the engine's own check):
    ``power:drift`` and ``power:illusion:<look>`` pick their square on the map (open when
    some square passes), every other power one option per target it could name
    (``power:<power>:<target>``), and a power with nobody to name one closed option."""
    data = aliens.default_aliens()
    species = aliens.own_species(view)
    entry = view.own.characters[cid]
    if species is None or aliens.species_sheet(sheets, entry) is None:
        return []
    listed = aliens.candidates(view, cid, plan, sheets)
    out: list[Option] = []
    for pid in data.species[species].powers:
        power = data.powers[pid]
        if pid == "security":
            continue  # HAL's snoops are the computer panel's Security Actions
        mine = [a for a in listed if a.power == pid]
        base = {"type": "alien_power", "character": cid, "power": pid}
        if pid in ("drift", "illusion"):
            looks = power.looks if pid == "illusion" else ("",)
            for look in looks:
                tries = [a for a in mine if a.look == look]
                whys = [aliens.view_problem(view, a, plan, sheets) for a in tries]
                why = "" if any(w is None for w in whys) else (
                    whys[0] if whys else "nowhere within reach")
                key = f"power:{pid}" + (f":{look}" if look else "")
                label = power.name + (f": {look}" if look else "")
                out.append(Option(key, label, {**base, **({"look": look} if look else {})},
                                  why))
            continue
        if not mine:
            out.append(Option(f"power:{pid}", power.name, base,
                              f"nobody within reach for {power.name}"))
        for action in mine:
            name = action.target if pid == "move_ram" else (  # a space, not a counter
                _target_name(view, action.target) if action.target else "yourself")
            why = aliens.view_problem(view, action, plan, sheets) or ""
            out.append(Option(f"power:{pid}:{action.target}", f"{power.name}: {name}",
                              {**base, "target": action.target}, why))
    return out


def _target_name(view: SeatView, name: str) -> str:
    """What the seat calls a target: its own character's name, or the counter it shows."""
    own = view.own.characters.get(name)
    if own is not None:
        return own.name
    known = aliens.known_counters(view, remembered=True)
    return known[name].counter if name in known else "someone"
