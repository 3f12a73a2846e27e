"""Special Map Areas and the skills and equipment that work the Feynman's systems.

The Medlab (suspension capsule, reviving, healing, recharging medkits), the lift shafts
(cars sent by a hacker from a terminal, the emergency ladder while the power is down), the
shields at the telescope, the Mechanic's work other than repairs and sealing suits (those
are ``combat``'s and deliberate jams and welds are ``welding``'s): telling a fake
Artifact, wrecking a ship's controls; the access code key on hatches and shields, the Geiger
counter, and the controller's Command Robot and loudspeaker.

Each rule has a ``*_problem`` function that says why it is refused (before any roll), used
by the engine's handlers and by the legal-action lists alike; the ``do_*`` functions apply
it and return the events. Whatever another seat learns from what happens to its forces it
learns at its next Situation Update (``situation.hold_forces``), as everywhere else.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

from . import actions as A
from . import combat, computer, movement, ships, sightings, situation
from .deckplan import STEP
from .errors import IllegalAction
from .events import Event
from .state import Character, CharacterCounter, Item, Ship

MEDLAB = "Medlab"
MEDLAB_USES = ("suspend", "revive", "heal", "recharge")
MECHANIC_WORKS = ("identify", "wreck_controls")
#: Statuses of an incapacitated human that a suspension capsule takes in.
INCAPACITATED = ("ko", "down", "serious")
ARTIFACTS = ("artifact", "fake_artifact")
LOUDSPEAKER_MAX = 200


def _sheet(game, char: Character):
    return game.sheets.characters[char.sheet]


def _skill(game, char: Character, skill: str) -> bool:
    return skill in _sheet(game, char).skills


def _space(game, char: Character) -> str:
    return game.plan.space_name(char.square) if char.square is not None else ""


def seat_counters(game, seat: str, *, last_known: bool = False) -> dict:
    """The counters the seat's view shows on its map: what its map update placed, a
    map-sharing partner's characters (``situation.partner_counters``), and with
    ``last_known`` the last-known places under them."""
    s = game.state
    book = s.maps[s.map_of[seat]]
    out = dict(book.last_known) if last_known else {}
    out.update(book.counters)
    for partner in s.seats:
        if partner != seat and s.map_of[partner] == s.map_of[seat]:
            out.update(situation.partner_counters(game, partner))
    return out


def _named_character(game, seat: str, char: Character, name: str) -> Character:
    """A character in ``char``'s square named as a patient is: one's own by id, another by
    its counter's token on the seat's view of its map. Every refusal reads the same."""
    s = game.state
    own = s.characters.get(name)
    if own is not None and own.seat == seat and own.square == char.square \
            and game.sheets.characters[own.sheet].on_map:
        return own
    counter = seat_counters(game, seat).get(name)
    if isinstance(counter, CharacterCounter) and game.plan.sq(*counter.square) == char.square:
        found = next((c for c in s.characters.values() if c.token == name), None)
        if found is not None and found.square == char.square:
            return found
    raise IllegalAction(f"there is no one {name!r} here")


def _named_item(game, seat: str, char: Character, name: str) -> Item:
    """An item in ``char``'s square the seat can name: one its character carries (by id),
    or one lying there that its map shows (by token). Every refusal reads the same."""
    s = game.state
    item = s.items.get(name)
    if item is not None and item.holder == char.id:
        return item
    counter = s.maps[s.map_of[seat]].counters.get(name)
    if counter is not None and counter.KIND == "item" \
            and game.plan.sq(*counter.square) == char.square:
        found = next((i for i in s.items.values() if i.token == name), None)
        if found is not None and found.holder is None and found.square == char.square:
            return found
    raise IllegalAction(f"there is no item {name!r} here")


# ---- the lift shafts -------------------------------------------------------------------------
def lifts_stopped(game) -> bool:
    """The lifts run on the main computer's power: a shutdown stops them."""
    return game.state.systems.shutdown


def power_problem(shutdown: bool) -> str | None:
    """Why a lift car does not move (the view's ``shutdown`` or the state's: it is public)."""
    return "the power is down: the lift cars do not move" if shutdown else None


def lift_power_problem(game) -> str | None:
    return power_problem(lifts_stopped(game))


def hack_lift_problem(game, char: Character, lift: str) -> str | None:
    if not any(lf.name == lift for lf in game.plan.lifts):
        return f"no lift {lift!r}"
    return computer.hack_problem(game, char) or lift_power_problem(game)


def hack_lift_car(game, seat: str, char: Character, lift: str, rng) -> list[Event]:
    """Skill Use, Hacker: a hacking check from a terminal anywhere moves a lift car. The
    attempt is logged for the controller's report like any other."""
    problem = hack_lift_problem(game, char, lift)
    if problem:
        raise IllegalAction(problem)
    s = game.state
    roll, bonus, success = computer.hacking_check(game, char, rng)
    computer.log_hack(game, char, success)
    events = []
    if success:
        found = next(lf for lf in game.plan.lifts if lf.name == lift)
        situation.hold_square(game, found.ends[s.lifts[lift]])
        events = movement.send_car(game, seat, found)
    # The hacker learns the car went, not where it was: its map's car stays where it
    # was last seen until someone of its map sees a stop (or rides the car).
    return [game.notify(seat, {"kind": "hack_lift", "character": char.id, "lift": lift,
                               "roll": roll, "bonus": bonus, "needed": computer.HACK_TARGET,
                               "success": success}), *events]


def ladder_reach_problem(plan, shutdown: bool, square: int | None, lift: str,
                         who: str) -> str | None:
    """Why ``who`` in ``square`` cannot climb lift ``lift``'s emergency ladder, on what
    every seat knows (the power state is public): the engine's check and the bar's offer."""
    found = next((lf for lf in plan.lifts if lf.name == lift), None)
    if found is None:
        return f"no lift {lift!r}"
    if not shutdown:
        return "the emergency ladder is for when the power is down and the lifts stop"
    if square not in found.ends:
        return f"{who} is not in lift shaft {lift}"
    return None


def ladder_problem(game, char: Character, lift: str) -> str | None:
    problem = ladder_reach_problem(game.plan, lifts_stopped(game), char.square, lift, char.id)
    if problem:
        return problem
    found = next(lf for lf in game.plan.lifts if lf.name == lift)
    other = found.ends[1 - found.ends.index(char.square)]
    if game.stack_count(other) + 1 > game.stack_limit(other):
        return "there is no room at the other end of the shaft"
    return None


def climb_ladder(game, seat: str, char: Character, lift: str) -> list[Event]:
    problem = ladder_problem(game, char, lift)
    if problem:
        raise IllegalAction(problem)
    found = next(lf for lf in game.plan.lifts if lf.name == lift)
    index = 1 - found.ends.index(char.square)
    char.square = found.ends[index]
    return [game.notify(seat, {"kind": "ladder", "character": char.id, "lift": lift,
                               "end": ["hull", "ring"][index]})]


# ---- Computer Operations: Command Robot and the loudspeakers ---------------------------------
def robot_counter(game, seat: str, token: str) -> CharacterCounter | None:
    """The robot counter ``token`` on the seat's map (now or at its last-known place)."""
    counter = seat_counters(game, seat, last_known=True).get(token)
    if not isinstance(counter, CharacterCounter):
        return None
    kinds = {c.counter: c.kind for c in game.sheets.characters.values()}
    return counter if kinds.get(counter.counter) == "robot" else None


def command_robot_problem(game, char: Character, token: str) -> str | None:
    """Why the seat cannot try to command this robot (judged on what its map shows)."""
    problem = computer.security_problem(game, char)
    if problem:
        return problem
    counter = robot_counter(game, char.seat, token)
    if counter is None:
        return f"{token!r} is no robot on your map"
    if counter.status == "active":
        return "only an inactive robot can be commanded"
    return None


def command_robot(game, seat: str, char: Character, token: str) -> list[Event]:
    """Wake the robot and make it the seat's character, able to act this very turn (the
    Example of Play's Docbot). A robot that is another seat's character (its counter shows
    it switched off or stopped) is not taken: the action is spent, and that is all."""
    problem = command_robot_problem(game, char, token)
    if problem:
        raise IllegalAction(problem)
    return wake_robot(game, seat, char.id, token)


def wake_robot(game, seat: str, commander: str, token: str) -> list[Event]:
    """The robot behind counter ``token`` becomes ``seat``'s character under
    ``commander`` (a character id: the controller, or a program that runs the ship), if
    nobody owns it, it is switched off and it is aboard; otherwise nothing changes. The
    seat is told either way (``command_robot``). Callers check who may command."""
    s = game.state
    robot = next((c for c in s.characters.values() if c.token == token), None)
    aboard = robot is not None and robot.square in game.plan.region("Feynman")
    taken = robot is not None and robot.seat is None and robot.status == "inactive" and aboard
    counter = robot_counter(game, seat, token)
    name = counter.counter if counter else "robot"
    if taken:
        robot.seat = seat
        robot.status = "active"
        robot.controlled_by = commander
        robot.blind = False
        book = s.maps[s.map_of[seat]]
        book.counters.pop(token, None)
        book.last_known.pop(token, None)
        sightings.refresh_map(s, game.plan, game.sheets, s.map_of[seat])
    return [game.notify(seat, {"kind": "command_robot", "character": commander,
                               "robot": robot.id if taken else token, "name": name,
                               "success": taken})]


def announcement_text(text: str) -> str:
    """A loudspeaker message as every seat will read it: plain text on one line. Line
    breaks and tabs become spaces, runs of spaces one space, and control, format and
    unassigned characters (escape codes, right-to-left overrides, zero-width joiners) are
    dropped, so that nobody can hide words in it or disturb another screen's lines."""
    kept = "".join(" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text)
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())


def announcement_problem(text: str) -> str | None:
    """Why ``text`` cannot go out on the loudspeakers (None: it can, once cleaned)."""
    said = announcement_text(text)
    if not said:
        return "an empty announcement says nothing"
    if len(said) > LOUDSPEAKER_MAX:
        return f"an announcement is at most {LOUDSPEAKER_MAX} characters"
    return None


def loudspeaker_problem(game, char: Character, text: str) -> str | None:
    return computer.security_problem(game, char) or announcement_problem(text)


def loudspeaker(game, seat: str, char: Character, text: str) -> list[Event]:
    """Queued with the Judge's announcements: every seat hears them alike at the next
    Global Updates, so nobody can tell who spoke, or when. Heard as cleaned
    (``announcement_text``)."""
    problem = loudspeaker_problem(game, char, text)
    if problem:
        raise IllegalAction(problem)
    return speak(game, seat, char, text)


def speak(game, seat: str, char: Character, text: str) -> list[Event]:
    """Queue ``text`` (checked already) for the next Global Updates; only the speaker's
    seat is told now."""
    said = announcement_text(text)
    game.state.announcements.append(said)
    return [game.notify(seat, {"kind": "loudspeaker", "character": char.id, "text": said})]


# ---- the Medlab ------------------------------------------------------------------------------
def medlab_problem(game, char: Character, use: str) -> str | None:
    if use not in MEDLAB_USES:
        return f"the medlab has no use {use!r} ({', '.join(MEDLAB_USES)})"
    if _space(game, char) != MEDLAB:
        return f"{game.name_of(char)} is not in the medlab"
    if use == "recharge" and not _sheet(game, char).hands:
        return f"{game.name_of(char)} has no hands"
    return None


def use_medlab(game, seat: str, char: Character, use: str, target: str) -> list[Event]:
    """Any character in the medlab: a patient in its square gets the capsule, is revived
    or healed; a carried medkit is recharged. A patient the counter did not show to be
    beyond help is told so, never refused (as for first aid)."""
    problem = medlab_problem(game, char, use)
    if problem:
        raise IllegalAction(problem)
    if use == "recharge":
        item = game.state.items.get(target)
        if item is None or item.holder != char.id or item.type != "medkit":
            raise IllegalAction(f"{game.name_of(char)} carries no medkit {target!r}")
        item.charges = combat.charts_of(game).medkit_charges
        return [game.notify(seat, {"kind": "medlab", "character": char.id, "use": use,
                                   "target": target, "done": "recharged", "why": ""})]
    patient = _named_character(game, seat, char, target)
    human = _sheet(game, patient).kind == "human"
    if use == "suspend":
        why = "" if human and patient.status in INCAPACITATED and not patient.suspended \
            else "only an incapacitated human, not yet in a capsule, is suspended"
        done = "" if why else "suspended"
    elif use == "revive":
        why = "" if human and patient.status == "ko" else "only a knocked-out human is revived"
        done = "" if why else "revived"
    else:
        why = "" if patient.status == "active" and patient.wound \
            else "only a light wound is healed"
        done = "" if why else "healed"
    name = patient.id if patient.seat == seat else patient.token
    events = [game.notify(seat, {"kind": "medlab", "character": char.id, "use": use,
                                 "target": name, "done": done, "why": why})]
    if why:
        return events
    situation.hold_forces(game, patient.seat)
    if use == "suspend":
        patient.suspended = True
    elif use == "revive":
        patient.status = "active"
    else:
        patient.wound = False
    if patient.seat is not None and patient.seat != seat:
        events.append(game.notify(patient.seat, {"kind": "treated", "character": patient.id,
                                                 "done": done},
                                  pending=patient.seat != game.turn_seat))
    return events


# ---- the Mechanic ----------------------------------------------------------------------------
def mechanic_problem(game, char: Character, work: str) -> str | None:
    if work not in MECHANIC_WORKS:
        return f"no mechanic's work {work!r} ({', '.join(MECHANIC_WORKS)})"
    if not _skill(game, char, "Mechanic"):
        return f"{game.name_of(char)} is no mechanic"
    return None


def ship_at(game, square: int | None) -> str | None:
    """The ship whose controls are at ``square`` (Spaceships: ``ships.craft_at``)."""
    craft = ships.craft_at(game, square)
    return craft.id if craft is not None else None


def mechanic_work(game, seat: str, char: Character, work: str, target: str) -> list[Event]:
    problem = mechanic_problem(game, char, work)
    if problem:
        raise IllegalAction(problem)
    notice = {"kind": "mechanic", "character": char.id, "work": work, "target": target}
    if work == "wreck_controls":
        ship = ship_at(game, char.square)
        if ship is None or ship != target:
            raise IllegalAction(f"{game.name_of(char)} is not at the controls of {target!r}")
        s = game.state
        craft = ships.crafts()[ship]
        record = s.ships.get(ship) or Ship(craft.seats[0])
        if record.wrecked_controls:
            return [game.notify(seat, {**notice, "done": "", "why": "already wrecked"})]
        s.ships[ship] = replace(record, wrecked_controls=True)
        s.ships = {k: s.ships[k] for k in sorted(s.ships)}
        return [game.notify(seat, {**notice, "done": "wrecked", "why": ""})]
    item = _named_item(game, seat, char, target)
    if item.type not in ARTIFACTS:
        raise IllegalAction("only an Artifact is told real or fake")
    done = "real" if item.type == "artifact" else "fake"
    return [game.notify(seat, {**notice, "done": done, "why": ""})]


# ---- equipment: access code key, welding torch, Geiger counter -------------------------------
def hatch_across(game, char: Character, target) -> int | None:
    """The hatch between ``char``'s square and the square ``target`` beside it."""
    if isinstance(target, str) or char.square is None:
        return None
    x, y = target
    plan = game.plan  # as built: a hatch blown open is still there to be found so
    if not plan.inside(x, y):
        return None
    return plan.hatch_between(char.square, plan.sq(x, y))


def beside_generator(game, char: Character, target) -> bool:
    """``target`` is the telescope (the shield generator) and ``char`` stands next to it."""
    if isinstance(target, str) or char.square is None:
        return False
    plan = game.plan
    x, y = target
    if not plan.inside(x, y) or plan.feature[plan.sq(x, y)] != "shield_generator":
        return False
    cx, cy = plan.xy(char.square)
    return max(abs(cx - x), abs(cy - y)) == 1


def key_problem(game, char: Character, target) -> str | None:
    """An access code key works a hatch beside the character, or the shields at the
    telescope. What the seat cannot see (a weld, a wrecked generator) is found by trying."""
    if beside_generator(game, char, target):
        return None
    if hatch_across(game, char, target) is None:
        return "name the square across a hatch beside you, or the telescope"
    return None


def use_key(game, seat: str, char: Character, target) -> list[Event]:
    """Raise or lower the shields, or lock or unlock the hatch; a wrecked generator, or a
    hatch blown open or welded shut, does not answer (told, the action spent)."""
    problem = key_problem(game, char, target)
    if problem:
        raise IllegalAction(problem)
    s = game.state
    if beside_generator(game, char, target):
        if not s.systems.generator_wrecked:
            s.systems.shields_up = not s.systems.shields_up
        return [game.notify(seat, {"kind": "shields", "character": char.id,
                                   "up": s.systems.shields_up,
                                   "why": "the shield generator is wrecked"
                                   if s.systems.generator_wrecked else ""})]
    hatch = hatch_across(game, char, target)
    why = "the hatch is welded shut" if hatch in s.systems.welded else \
        "the hatch is blown open" if hatch in s.systems.blown_hatches else ""
    if not why:
        if hatch in s.locked:
            s.locked.remove(hatch)
        else:
            s.locked = sorted({*s.locked, hatch})
    return [game.notify(seat, {"kind": "hatch_lock", "character": char.id,
                               "square": list(target), "locked": hatch in s.locked,
                               "why": why})]


def geiger_problem(game, char: Character, target) -> str | None:
    if not _skill(game, char, "Mechanic"):
        return f"{game.name_of(char)} is no mechanic: the Geiger counter is a mechanic's tool"
    if target != "":
        return "a Geiger counter reads where its holder stands (no target)"
    return None


def bearing(facing: str, frm: tuple[int, int], to: tuple[int, int]) -> str:
    """Where ``to`` lies for someone at ``frm`` facing ``facing``: here, in front, behind
    or beside (level with it)."""
    if frm == to:
        return "here"
    dx, dy = STEP[facing]
    ahead = (to[0] - frm[0]) * dx + (to[1] - frm[1]) * dy
    return "in front" if ahead > 0 else "behind" if ahead < 0 else "beside"


def geiger(game, seat: str, char: Character, target) -> list[Event]:
    """The Artifact's radiation signature: whether it is within the holder's segment and
    which way. A fake is built to give the same signature, so a reading counts both and
    cannot tell them apart (the Example of Play's Osorio)."""
    problem = geiger_problem(game, char, target)
    if problem:
        raise IllegalAction(problem)
    s = game.state
    plan = game.plan
    segment = plan.segment_of[char.square]
    here = plan.xy(char.square)
    ways = set()
    for item in s.items.values():
        if item.type not in ARTIFACTS:
            continue
        square = item.square if item.holder is None else s.characters[item.holder].square
        if square is not None and segment >= 0 and plan.segment_of[square] == segment:
            ways.add(bearing(char.facing, here, plan.xy(square)))
    order = ("here", "in front", "beside", "behind")
    return [game.notify(seat, {"kind": "geiger", "character": char.id,
                               "segment": plan.segment_names[segment] if segment >= 0 else "",
                               "found": bool(ways),
                               "directions": [w for w in order if w in ways]})]


# ---- legal actions (compact form) ------------------------------------------------------------
def listed_actions(game, seat: str, char: Character, after: list[str]) -> list[A.Action]:
    """This module's actions one acting character may take, checked with the handlers' own
    problem functions, each with every facing in ``after``. Command Robot: every robot
    counter of the map; loudspeaker: one sample text (any text of 1..200 is legal too)."""
    out: list[A.Action] = []
    cid = char.id
    for token in sorted(seat_counters(game, seat, last_known=True)):
        if command_robot_problem(game, char, token) is None:
            out += [A.CommandRobot(cid, token, f) for f in after]
    if loudspeaker_problem(game, char, "Attention.") is None:
        out += [A.Loudspeaker(cid, "Attention.", f) for f in after]
    for lift in game.plan.lifts:
        if hack_lift_problem(game, char, lift.name) is None:
            out += [A.HackLiftCar(cid, lift.name, f) for f in after]
    out += _medlab_listed(game, seat, char, after)
    out += _mechanic_listed(game, seat, char, after)
    out += _equipment_listed(game, char, after)
    return out


def _patients(game, seat: str, char: Character) -> list[str]:
    s = game.state
    names = [c.id for c in s.characters.values() if c.seat == seat and c.square == char.square
             and game.sheets.characters[c.sheet].on_map]
    here = game.plan.xy(char.square)
    names += [t for t, c in seat_counters(game, seat).items()
              if isinstance(c, CharacterCounter) and tuple(c.square) == here]
    return sorted(names)


def _medlab_listed(game, seat: str, char: Character, after: list[str]) -> list[A.Action]:
    out: list[A.Action] = []
    for use in MEDLAB_USES:
        if medlab_problem(game, char, use):
            continue
        if use == "recharge":
            targets = [i for i in char.items if game.state.items[i].type == "medkit"]
        else:
            targets = _patients(game, seat, char)
        out += [A.UseMedlab(char.id, use, t, f) for t in targets for f in after]
    return out


def _mechanic_listed(game, seat: str, char: Character, after: list[str]) -> list[A.Action]:
    out: list[A.Action] = []
    s = game.state
    floor = [t for t, c in s.maps[s.map_of[seat]].counters.items()
             if c.KIND == "item" and game.plan.sq(*c.square) == char.square]
    things = sorted(char.items) + sorted(floor)
    for work in MECHANIC_WORKS:
        if mechanic_problem(game, char, work):
            continue
        if work == "wreck_controls":
            ship = ship_at(game, char.square)
            targets = [ship] if ship else []
        else:
            targets = things
        for target in targets:
            try:  # a look at the target: the handler's own checks
                if work == "identify":
                    _check_item_work(game, seat, char, work, target)
            except IllegalAction:
                continue
            out += [A.MechanicWork(char.id, work, target, f) for f in after]
    return out


def _check_item_work(game, seat: str, char: Character, work: str, target: str) -> None:
    item = _named_item(game, seat, char, target)
    if work == "identify" and item.type not in ARTIFACTS:
        raise IllegalAction("not an Artifact")


def _equipment_listed(game, char: Character, after: list[str]) -> list[A.Action]:
    out: list[A.Action] = []
    s = game.state
    if not _sheet(game, char).hands:
        return out
    plan = game.plan
    across = sorted(plan.xy(n) for n, _d, hatch in plan.neighbours(char.square)
                    if hatch is not None)
    cx, cy = game.plan.xy(char.square)
    near = [(x, y) for x in range(cx - 1, cx + 2) for y in range(cy - 1, cy + 2)
            if game.plan.inside(x, y)
            and game.plan.feature[game.plan.sq(x, y)] == "shield_generator"]
    kinds = {s.items[i].type: i for i in sorted(char.items, reverse=True)}
    if "access_key" in kinds:
        for target in across + near:
            if key_problem(game, char, target) is None:
                out += [A.UseEquipment(char.id, kinds["access_key"], target, f)
                        for f in after]
    if "geiger_counter" in kinds and geiger_problem(game, char, "") is None:
        out += [A.UseEquipment(char.id, kinds["geiger_counter"], "", f) for f in after]
    return out
