"""The six alien species' powers (rulebook: Actions List, "Alien Special Action"; Select
Faction Mix; Informants; Tough; Robots; Androids; Computer Operations).

Each species' control sheet is data (``data/aliens.toml``, validated on load): which powers
it has, and every number of each power. The Alien seat uses them through one action,
``actions.AlienPower``; HAL's snooping is the ordinary ``SecurityAction`` (``security_action``
here), spent from HAL's four a turn instead of a terminal and the Computer Control marker.

Secrecy. What an alien seat knows of its own doings lives in ``state.aliens[seat]``
(``AlienSecrets``): HAL's RAM marker, the eggs, an invisible alien's written moves and what
it sees from where they put it, its standing illusions and the powers used this turn. Only
its own view and the Judge's carry it. An invisible alien (Pan, mind control) has no body:
nobody sees it, and what it sees is told to its own seat only (``sight``), never put on the
map it may share with a second alien seat. A character taken from another seat (a mind
held, a body raised, a host killed by its hatching egg) is held for its owner
(``situation.hold_forces``) until that seat's Situation Update, where the telegram comes.
"""

from __future__ import annotations

from . import actions as A
from . import areas, combat_dice, computer, customize, situation

# The control sheets live in their own module (victory reads them too); their names stay
# reachable here, beside the powers' rules.
from .alien_sheets import (  # noqa: F401
    DATA_FILE,
    POWERS,
    USES,
    AlienSheets,
    Power,
    Species,
    default_aliens,
    load_aliens,
    ram_terminal,
)
from .deckplan import FACINGS, feynman
from .errors import IllegalAction
from .events import Event
from .sheets import Sheets, default_sheets
from .ships import crafts
from .sight import field_of_view
from .sightings import (
    can_observe,
    dark_squares,
    informant_report,
    is_robot,
    map_seats,
    observer_fov,
    visible_in,
)
from .situation import base_counter
from .space import ground_xy
from .state import AlienSecrets, Character, CharacterCounter, Egg, Illusion
from .views import view_for

# ---- reading the situation -------------------------------------------------------------------

def species_of(game, seat: str) -> str | None:
    """The species an alien seat plays (assigned by the Judge, or chosen in its order)."""
    s = game.state
    if s.specs[seat].faction != "alien":
        return None
    order = s.orders.get(seat)
    return s.species.get(seat) or (order.option if order and order.option else None)


def secrets_of(game, seat: str) -> AlienSecrets | None:
    return game.state.aliens.get(seat)


def of_species(game, char: Character) -> bool:
    """A character of the species itself (not a mind it holds nor a robot HAL runs)."""
    return (game.sheets.characters[char.sheet].faction == "alien"
            and char.controlled_by is None)


def distance(plan, a: int, b: int) -> int:
    """King's moves from ``a`` to ``b`` judged from above, as ranges are: a figure on a hull
    face stands over the hull square under it, not where its face is drawn."""
    (ax, ay), (bx, by) = ground_xy(plan, a), ground_xy(plan, b)
    return max(abs(ax - bx), abs(ay - by))


def all_round(plan, square: int, dark: frozenset) -> frozenset:
    """What an invisible alien sees from ``square``: every way at once (it has no front)."""
    return (field_of_view(plan, square, "N", dark=dark)
            | field_of_view(plan, square, "S", dark=dark))


# ---- checking an action (on the seat's view: the engine, legal actions and the bar) --------

def own_species(view) -> str | None:
    """The species of the seat whose view this is (None: not an alien seat)."""
    if view.faction != "alien":
        return None
    return view.species or (view.order.option if view.order and view.order.option else None)


def species_sheet(sheets: Sheets, entry) -> str | None:
    """The control-sheet entry of one of an alien seat's own characters when it is of the
    species itself (found by its name; a mind held or a robot run has none)."""
    if entry.controlled_by is not None:
        return None
    return next((c.id for c in sheets.characters.values()
                 if c.faction == "alien" and c.name == entry.name), None)


def known_counters(view, *, remembered: bool = False) -> dict:
    """Every character counter the seat knows now: its map's (a partner's included), its
    invisible characters' sight and informants' reports, and with ``remembered`` the
    last-known places (the map's own counters win)."""
    out = {}
    if remembered:
        out.update(view.map.last_known)
    if view.alien is not None:
        out.update(view.alien.sight)
    out.update(view.map.counters)
    return {k: c for k, c in out.items() if isinstance(c, CharacterCounter)}


def view_problem(view, action: A.AlienPower, plan, sheets: Sheets) -> str | None:
    """Why ``action`` is refused, judged on the seat's view alone (None: it is legal). The
    engine refuses with exactly this (``check``), legal actions list what passes it and the
    action bar offers it, so a refusal never depends on what the seat cannot see."""
    data = default_aliens()
    if view.phase != "play":
        return f"not allowed in phase {view.phase}"
    if view.turn_seat != view.seat:
        return "characters act only in their seat's turn"
    entry = view.own.characters.get(action.character)
    if entry is None:
        return f"{action.character!r} is not one of your characters"
    species = own_species(view)
    if species is None or action.power not in data.species[species].powers:
        return f"your species has no power {action.power!r}"
    if species_sheet(sheets, entry) is None:
        return f"{entry.name} is not of your species: it has no powers"
    if entry.status != "active" or entry.square is None:
        return f"{entry.name} is not active"
    if action.facing and action.facing not in FACINGS:
        return f"facing must be one of {', '.join(FACINGS)} (or \"\" to keep it)"
    power = data.powers[action.power]
    problem = _uses_problem(view, entry, power, data.species[species])
    if problem:
        return problem
    if action.path and power.id not in ("drift", "illusion"):
        return f"{power.name} takes no squares"
    return _CHECKS[power.id](view, entry, power, action, plan, sheets)


def _uses_problem(view, entry, power: Power, species: Species) -> str | None:
    spent = view.alien.used if view.alien else ()
    acted = view.turn.acted if view.turn else ()
    if power.uses == "action" and entry.id in acted:
        return f"{entry.name} has already acted this turn"
    if power.uses == "drift" and f"{entry.id}:drift" in spent:
        return f"{entry.name} has already moved this turn"
    if power.uses == "security":
        used = sum(1 for u in spent if is_security_use(u))
        if used >= species.security_actions:
            return f"all {species.security_actions} security actions are spent this turn"
    return None


def is_security_use(used: str) -> bool:
    """An entry of ``AlienSecrets.used`` that spent one of the turn's security actions."""
    power = default_aliens().powers.get(used.partition(":")[2])
    return power is not None and power.uses == "security"


def _target(view, entry, power, action, plan, *, remembered=False, anywhere=False):
    """(the target's counter, None), or (None, why not)."""
    counter = known_counters(view, remembered=remembered).get(action.target)
    if counter is None:
        return None, f"there is no character {action.target!r} known to you"
    here = plan.sq(*entry.square)
    if not anywhere and distance(plan, here, plan.sq(*counter.square)) > power.reach:
        return None, (f"{action.target!r} is beyond {power.name}'s reach "
                      f"({power.reach} squares)")
    return counter, None


def _check_drift(view, entry, power, action, plan, sheets):
    if action.target or action.look:
        return "a written move names only its squares"
    if not action.path:
        return "name the squares of the move"
    if len(action.path) > power.squares:
        return f"a written move covers at most {power.squares} squares"
    here = plan.sq(*entry.square)
    for x, y in action.path:
        if not plan.inside(x, y):
            return f"({x}, {y}) is off the map"
        step = plan.sq(x, y)
        if plan.step_kind(here, step) is None:
            return f"({x}, {y}) is not one step on from the last square"
        here = step
    return None


def _check_mind(view, entry, power, action, plan, sheets):
    """Whether the mind is open to it (Tough, a machine) is found out by trying."""
    if action.path or action.look:
        return f"{power.name} names only a character"
    counter, why = _target(view, entry, power, action, plan)
    if why:
        return why
    if counter.status != "active":
        return f"{action.target!r} is not active"
    if power.id == "suborn":
        tokens = {i.token for i in view.informants.values()}
        if len(tokens) >= power.most:
            return f"you run {power.most} informants already"
        if action.target in tokens:
            return "that one informs for you already"
    else:
        held = sum(1 for e in view.own.characters.values() if e.controlled_by == entry.id)
        if held >= power.most:
            return f"{entry.name} holds {power.most} minds already"
    return None


def _check_release(view, entry, power, action, plan, sheets):
    if action.path or action.look:
        return "letting a mind go names only the character"
    held = view.own.characters.get(action.target)
    if held is None or held.controlled_by != entry.id:
        return f"{action.target!r} is no mind {entry.name} holds"
    return None


def _check_robot(view, entry, power, action, plan, sheets):
    """Judged on the counter HAL knows (an inactive Feynman robot's look, anywhere aboard:
    HAL reaches them through the ship's computer); whether it is still idle is found out by
    trying (``_command_robot``)."""
    if action.path or action.look:
        return "waking a robot names only the robot"
    reach = _check_robot_reach(view)
    if reach:
        return reach
    counter, why = _target(view, entry, power, action, plan, remembered=True, anywhere=True)
    if why:
        return why
    robots = {sheets.characters[r].counter for r in customize.FEYNMAN_ROBOTS}
    if counter.counter not in robots or counter.status == "active":
        return f"{action.target!r} is not one of the Feynman's idle robots"
    return None


def _check_illusion(view, entry, power, action, plan, sheets):
    if action.target:
        return "an illusion names a square and a look, not a character"
    if len(action.path) != 1:
        return "an illusion goes on one square"
    x, y = action.path[0]
    if not plan.inside(x, y):
        return f"({x}, {y}) is off the map"
    square = plan.sq(x, y)
    here = plan.sq(*entry.square)
    if not plan.passable(square):
        return f"({x}, {y}) is no open floor"
    if distance(plan, here, square) > power.reach:
        return f"({x}, {y}) is beyond reach ({power.reach} squares)"
    if square not in all_round(plan, here, dark_of(plan, view.dark)):
        return f"({x}, {y}) is out of {entry.name}'s sight"
    if action.look not in power.looks:
        return f"an illusion shows one of: {', '.join(power.looks)}"
    return None


def _check_disguise(view, entry, power, action, plan, sheets):
    if action.path or action.look:
        return "a disguise names only the character it copies"
    if not action.target:
        if entry.counter == entry_base_counter(view, entry, sheets):
            return f"{entry.name} wears no disguise"
        return None
    if not isinstance(view.map.counters.get(action.target), CharacterCounter):
        return f"there is no character {action.target!r} in sight to copy"
    counter, why = _target(view, entry, power, action, plan)
    if why:
        return why
    if not counter_kinds(sheets, counter.counter) & set(power.kinds):
        return f"{counter.counter} cannot be copied"
    return None


def _check_body(view, entry, power, action, plan, sheets):
    """A fallen body in the user's square, judged on its counter (its look, shown
    inactive); whether it is dead is found out by trying (``_raise``)."""
    if action.path or action.look:
        return f"{power.name} names only a body"
    counter = view.map.counters.get(action.target)
    if (not isinstance(counter, CharacterCounter) or counter.status == "active"
            or counter.square != entry.square
            or not counter_kinds(sheets, counter.counter) & set(power.kinds)):
        return f"{action.target!r} is no fallen {' or '.join(power.kinds)} body here"
    if power.id == "lay_egg":
        eggs = view.alien.eggs if view.alien else ()
        if len(eggs) >= power.most:
            return f"{power.most} eggs wait already"
        if any(e.host == action.target for e in eggs):
            return f"{action.target!r} carries an egg already"
    return None


def _check_security(view, entry, power, action, plan, sheets):
    return "HAL's security actions are taken as Security Actions"


def _check_robot_reach(view) -> str | None:
    """What stops HAL's computer powers, as the seat knows it: the shutdown (announced to
    all) and its RAM cut off (learnt at its Situation Update)."""
    if view.shutdown:
        return "the computer is shut down"
    if view.alien is not None and view.alien.ram_cut:
        return view.alien.ram_cut
    return None


def _check_ram(view, entry, power, action, plan, sheets):
    """Moving the RAM names one of the sheet's RAM spaces other than its own; one whose
    terminal turns out destroyed is found out by trying (``_move_ram``)."""
    if action.path or action.look:
        return "moving the RAM names only the space"
    spaces = default_aliens().species[own_species(view)].ram_spaces
    if action.target not in spaces:
        return f"the RAM goes only to {' or '.join(spaces)}"
    if view.shutdown:
        return "the computer is shut down"
    ram = view.alien.ram if view.alien else None
    if ram is not None and plan.space_name(plan.sq(*ram)) == action.target:
        return f"the RAM is in {action.target} already"
    cut = detached_spaces(view.ships)
    if action.target in cut:
        return f"{action.target} has left its dock: its terminal is cut off"
    if ram is not None and plan.space_name(plan.sq(*ram)) in cut:
        return "the RAM is aboard a craft cut off from the station"
    return None


def detached_spaces(ships_now: dict) -> set[str]:
    """The spaces of the craft that have left their docks (their places are public)."""
    out: set[str] = set()
    drawn = feynman()
    for craft_id, craft in crafts().items():
        ship = ships_now.get(craft_id)
        if ship is not None and (ship.left or not ship.docked):
            out |= {drawn.space_name(sq) for sq in craft.squares} - {""}
    return out


_CHECKS = {
    "drift": _check_drift, "suborn": _check_mind, "dominate": _check_mind,
    "release": _check_release, "command_robot": _check_robot, "illusion": _check_illusion,
    "disguise": _check_disguise, "raise": _check_body, "lay_egg": _check_body,
    "security": _check_security, "move_ram": _check_ram,
}


def dark_of(plan, spaces) -> frozenset:
    """The squares of the dark spaces a view names."""
    names = set(spaces)
    if not names:
        return frozenset()
    return frozenset(sq for sq in range(len(plan.terrain)) if plan.space_name(sq) in names)


def counter_kinds(sheets: Sheets, label: str) -> set[str]:
    """The kinds of character a counter's look may stand for (a rival's "Osorio (2)" is an
    Osorio): what a seat can tell of a counter without knowing who it is."""
    base = label.split(" (")[0] if label.endswith(")") and " (" in label else label
    return {c.kind for c in sheets.characters.values() if c.counter in (label, base)}


def entry_base_counter(view, entry, sheets: Sheets) -> str:
    """``base_counter`` of one of the seat's own characters, read off its view."""
    alien_seats = [x for x in view.seats if x.faction == "alien"]
    if len(alien_seats) > 1 and entry.kind != "program":
        return "Bug Alien"
    sheet = species_sheet(sheets, entry)
    return sheets.characters[sheet].counter if sheet else entry.counter


def check(game, seat: str, action: A.AlienPower, view=None):
    """The user, its power and its target character (or None) if ``action`` is legal now,
    else IllegalAction with ``view_problem``'s reason; nothing changes. ``view``: the seat's
    view, when the caller has it already."""
    view = view or view_for(game, seat)
    problem = view_problem(view, action, game.plan, game.sheets)
    if problem:
        raise IllegalAction(problem)
    s = game.state
    char = s.characters[action.character]
    power = default_aliens().powers[action.power]
    target = None
    if action.target and power.id != "move_ram":  # the RAM's target is a space
        target = s.characters.get(action.target)
        if target is None or target.seat != seat:
            target = next(c for c in s.characters.values() if c.token == action.target)
    return char, power, target


# ---- the powers -----------------------------------------------------------------------------

def use_power(game, seat: str, action: A.AlienPower, rng) -> list[Event]:
    """Check and perform ``action`` (an Alien Special Action) for the seat in turn."""
    char, power, target = check(game, seat, action)
    s = game.state
    events = _EFFECTS[power.id](game, seat, char, power, target, action, rng)
    if action.facing and game.sheets.characters[char.sheet].on_map:
        char.facing = action.facing
    if power.uses == "action":
        s.turn.acted.append(char.id)
    if power.uses != "free":
        secrets_of(game, seat).used.append(f"{char.id}:{power.id}")
    return events


def _drift(game, seat, char, power, target, action, rng):
    plan = game.plan
    start = plan.xy(char.square)
    char.square = plan.sq(*action.path[-1])
    end = plan.xy(char.square)
    name = game.sheets.characters[char.sheet].name
    secrets_of(game, seat).notes.append(
        f"Round {game.state.round}: {name} from ({start[0]}, {start[1]}) to "
        f"({end[0]}, {end[1]}) by {len(action.path)} squares.")
    refresh_sight(game, seat)
    return [game.notify(seat, {"kind": "alien_moved", "character": char.id,
                               "square": list(end)})]


def _roll(power: Power, rng) -> tuple[int, bool]:
    roll = combat_dice.d6(rng)
    return roll, roll >= power.target


def _mind_proof(game, target: Character, power: Power) -> bool:
    """Immune to this mental power: robots and androids (machine minds) and, for mind
    control, the Tough (Skill Use: Tough)."""
    sheet = game.sheets.characters[target.sheet]
    if sheet.kind not in power.kinds:
        return True
    return power.id == "dominate" and "Tough" in sheet.skills


def _suborn(game, seat, char, power, target, action, rng):
    """The die is rolled whatever the target is, and an immune mind fails as a bad roll
    does: the seat learns only that it did not listen. So does one who informs for another
    master already (the G-men's informant, or another Pan's): an informant has one master,
    as at the draw, and the other master's informant is never taken behind its back."""
    roll, success = _roll(power, rng)
    success = success and not _mind_proof(game, target, power) and target.informant_of is None
    if success:
        target.informant_of = seat
    return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                               "character": char.id, "target": action.target,
                               "roll": roll, "needed": power.target, "success": success})]


def _dominate(game, seat, char, power, target, action, rng):
    roll, success = _roll(power, rng)
    success = success and not _mind_proof(game, target, power)
    events = [game.notify(seat, {"kind": "alien_power", "power": power.id,
                                 "character": char.id, "target": action.target,
                                 "roll": roll, "needed": power.target, "success": success})]
    if success:
        events += _take(game, seat, target, controller=char.id)
    return events


def _take(game, seat: str, target: Character, controller: str | None) -> list[Event]:
    """``target`` passes to ``seat``: its owner keeps its view until its Situation Update,
    where a telegram naming only the counter tells it contact is lost."""
    loser = target.seat
    events = []
    if loser is not None:
        situation.hold_forces(game, loser)
        events.append(game.notify(loser, {"kind": "telegram", "counter":
                                          game.sheets.characters[target.sheet].counter,
                                          "character": target.id}, pending=True))
    home = target.seat
    target.seat = seat
    target.controlled_by = controller
    target.home_seat = home if controller and home else None
    if controller is None and target.informant_of is not None:
        # a body raised from the dead informs nobody: its master's list of informants
        # changes at the master's own Situation Update, never in another seat's turn
        situation.hold_forces(game, target.informant_of)
        target.informant_of = None
    # a held mind stays its secret master's informant: it still reports what it sees, and
    # activating it takes it from the Controller (informants.activate)
    target.blind = False
    book = game.state.maps[game.state.map_of[seat]]
    book.counters.pop(target.token, None)
    book.last_known.pop(target.token, None)
    secrets_of(game, seat).sight.pop(target.token, None)
    return events


def _release(game, seat, char, power, target, action, rng):
    home = target.home_seat
    situation.hold_forces(game, home)
    target.seat = home
    target.controlled_by = None
    target.home_seat = None
    return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                               "character": char.id, "target": target.id}),
            game.notify(home, {"kind": "control_returned", "character": target.id,
                               "counter": game.sheets.characters[target.sheet].counter},
                        pending=True)]


def _command_robot(game, seat, char, power, target, action, rng):
    """A robot that is no longer idle (someone woke it unseen) does not answer: the security
    action is spent, and the seat told so."""
    if (target.sheet not in customize.FEYNMAN_ROBOTS or target.seat is not None
            or target.status != "inactive" or target.square not in game.plan.region("Feynman")):
        return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                                   "character": char.id, "target": action.target,
                                   "success": False})]
    events = _take(game, seat, target, controller=char.id)
    target.status = "active"
    return events + [game.notify(seat, {"kind": "alien_power", "power": power.id,
                                        "character": char.id, "target": target.id})]


def _move_ram(game, seat, char, power, target, action, rng):
    """The RAM (and HAL with it) goes to the major terminal of the space named. A terminal
    destroyed there does not take it: the action is spent and HAL told so."""
    square = ram_terminal(game.plan, action.target)
    taken = square is not None and computer.terminal_at(game, square) is not None
    if taken:
        char.square = square
        secrets = secrets_of(game, seat)
        secrets.ram = game.plan.xy(square)
        secrets.ram_cut = ""
    return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                               "character": char.id, "target": action.target,
                               "success": taken})]


def _illusion(game, seat, char, power, target, action, rng):
    secrets = secrets_of(game, seat)
    secrets.illusions = [i for i in secrets.illusions if i.caster != char.id]
    x, y = action.path[0]
    secrets.illusions.append(Illusion(game._token(), action.look, (x, y),
                                      action.facing or "N", char.id))
    return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                               "character": char.id, "square": [x, y],
                               "look": action.look})]


def _disguise(game, seat, char, power, target, action, rng):
    if target is None:
        char.counter = base_counter(game, char)
    else:
        s = game.state
        char.counter = s.maps[s.map_of[seat]].counters[action.target].counter
    return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                               "character": char.id, "look": char.counter})]


def _raise(game, seat, char, power, target, action, rng):
    """Only the dead rise: a body that still lives (or is no human) stays down, the action
    spent, and the seat is told so."""
    if target.status != "dead" or \
            game.sheets.characters[target.sheet].kind not in power.kinds:
        return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                                   "character": char.id, "target": action.target,
                                   "success": False})]
    species = default_aliens().species[species_of(game, seat)]
    events = _take(game, seat, target, controller=None)
    target.sheet = species.risen
    target.status = "active"
    target.wound = False
    target.counter = base_counter(game, target)
    game.state.turn.acted.append(target.id)  # it rises now and walks from next turn
    return events + [game.notify(seat, {"kind": "alien_power", "power": power.id,
                                        "character": char.id, "target": target.id})]


def _lay_egg(game, seat, char, power, target, action, rng):
    plan = game.plan
    secrets = secrets_of(game, seat)
    secrets.eggs.append(Egg(target.token, plan.xy(target.square), game.state.round))
    return [game.notify(seat, {"kind": "alien_power", "power": power.id,
                               "character": char.id, "target": action.target})]


_EFFECTS = {
    "drift": _drift, "suborn": _suborn, "dominate": _dominate, "release": _release,
    "command_robot": _command_robot, "move_ram": _move_ram, "illusion": _illusion,
    "disguise": _disguise,
    "raise": _raise, "lay_egg": _lay_egg,
}


def unmask(game, char: Character) -> None:
    """A disguised character that attacks shows its own counter again."""
    if char.seat is not None and species_of(game, char.seat) is not None:
        situation.drop_disguise(game, char)


# ---- HAL: the computer's own security actions ------------------------------------------------

def is_computer_mind(game, seat: str, cid: str) -> bool:
    """``cid`` is the seat's species character whose powers include security actions."""
    species = species_of(game, seat)
    char = game.state.characters.get(cid)
    if species is None or char is None or char.seat != seat or not of_species(game, char):
        return False
    return "security" in default_aliens().species[species].powers


def _security_left_problem(view, cid: str) -> str | None:
    """Why HAL (``cid``) has no security action to spend now, judged on its seat's view:
    not its turn, no computer mind, all spent, or cut off from the station's computer."""
    if view.phase != "play" or view.turn_seat != view.seat:
        return "characters act only in their seat's turn"
    species = own_species(view)
    entry = view.own.characters.get(cid)
    if species is None or entry is None or species_sheet(default_sheets(), entry) is None \
            or "security" not in default_aliens().species[species].powers:
        return f"{entry.name if entry is not None else repr(cid)} takes no security actions"
    allowed = default_aliens().species[species].security_actions
    spent = view.alien.used if view.alien else ()
    if sum(1 for u in spent if is_security_use(u)) >= allowed:
        return f"all {allowed} security actions are spent this turn"
    return _check_robot_reach(view)


def security_problem(view, cid: str, kind: str, segment: str, toggle: str,
                     plan) -> str | None:
    """Why HAL may not take this security action now (None: it may), judged on its seat's
    view: the engine refuses with this, and the computer panel offers what passes it."""
    problem = _security_left_problem(view, cid)
    if problem:
        return problem
    if kind != "snoop":
        return "HAL snoops and toggles; cancelling a countdown takes a hacker at a terminal"
    if segment not in computer.feynman_segments(plan):
        return f"{segment!r} is no segment of the Feynman"
    if toggle not in computer.TOGGLES:
        return "toggle must be lights, locks or nothing"
    return None


def loudspeaker_problem(view, cid: str, text: str) -> str | None:
    """Why HAL may not speak on the station's loudspeakers now (None: it may). HAL is the
    computer (Example of Play, Global Updates: the Judge as HAL "could have used this phase
    for an arbitrary loudspeaker announcement"): no terminal, hands or marker, one of its
    security actions."""
    return _security_left_problem(view, cid) or areas.announcement_problem(text)


def loudspeaker(game, seat: str, action: A.Loudspeaker) -> list[Event]:
    """HAL's announcement, queued with every other for the next Global Updates."""
    char = game.state.characters[action.character]
    problem = loudspeaker_problem(view_for(game, seat), char.id, action.text)
    if problem:
        raise IllegalAction(problem)
    secrets_of(game, seat).used.append(f"{char.id}:security")
    return areas.speak(game, seat, char, action.text)


def security_action(game, seat: str, action: A.SecurityAction) -> list[Event]:
    """HAL's security action: what a controller's snoop does, from the computer itself."""
    char = game.state.characters[action.character]
    problem = security_problem(view_for(game, seat), char.id, action.kind, action.segment,
                               action.toggle, game.plan)
    if problem:
        raise IllegalAction(problem)
    events = computer.snoop(game, seat, char, action.segment, action.toggle)
    secrets_of(game, seat).used.append(f"{char.id}:security")
    return events


# ---- the sequence of play ------------------------------------------------------------------

def start(game) -> None:
    """Play begins: every alien seat gets its secrets; HAL's RAM marker is where HAL was
    placed; invisible aliens look round."""
    s = game.state
    for seat in s.seats:
        species = species_of(game, seat)
        if species is None:
            continue
        secrets = s.aliens.setdefault(seat, AlienSecrets())
        sheet = default_aliens().species[species]
        for char in game.own_characters(seat):
            if char.square is not None and is_computer_mind(game, seat, char.id) \
                    and game.plan.space_name(char.square) in sheet.ram_spaces:
                secrets.ram = game.plan.xy(char.square)
        refresh_sight(game, seat, informants=True)


def begin_turn(game, seat: str) -> list[Event]:
    """The alien seat's Situation Update: powers renew, its illusions fade, its eggs due
    hatch, and its invisible characters look round (Initial Map Update)."""
    secrets = secrets_of(game, seat)
    if secrets is None:
        return []
    secrets.used = []
    secrets.illusions = []
    locate_ram(game, seat)
    events = hatch_eggs(game, seat)
    refresh_sight(game, seat, informants=True)
    return events


def computer_mind(game, seat: str) -> Character | None:
    """The seat's character that is the ship's computer (HAL), if it plays one."""
    return next((c for c in game.own_characters(seat) if is_computer_mind(game, seat, c.id)),
                None)


def locate_ram(game, seat: str) -> None:
    """HAL's Situation Update: where its RAM is now (it rides a craft that flew) and whether
    it is cut off from the station's computer: aboard a detached craft, or its space's
    major terminal destroyed. Learnt now, so that the view and the engine agree on it."""
    secrets = secrets_of(game, seat)
    hal = computer_mind(game, seat)
    if hal is None or hal.square is None or secrets.ram is None:
        return
    plan = game.plan
    secrets.ram = plan.xy(hal.square)
    terminal = ram_terminal(plan, plan.space_name(hal.square))
    if hal.square in computer.detached_squares(game):
        secrets.ram_cut = "the RAM is aboard a craft cut off from the station"
    elif terminal is None or terminal in game.state.systems.destroyed_terminals:
        secrets.ram_cut = "the terminal holding the RAM is destroyed"
    else:
        secrets.ram_cut = ""


def computer_report(game, seat: str) -> list[Event]:
    """HAL's Initial Map Update: it is the computer, so it hears what a controller hears
    (hull breaches, lift cars, the hacking attempts since its last turn) while the computer
    runs and its RAM is not cut off; attempts made while it is cut off go unheard."""
    secrets = secrets_of(game, seat)
    hal = computer_mind(game, seat)
    if hal is None or secrets is None or secrets.ram is None:
        return []
    sysm = game.state.systems
    hacks, sysm.hal_hacks = sysm.hal_hacks, []
    if sysm.shutdown or secrets.ram_cut:
        return []
    return computer.report(game, seat, hal.id, hacks)


def refresh_sight(game, seat: str, *, informants: bool = False) -> None:
    """What the seat's invisible characters see now, all round, kept in its secrets (never
    on the map a second alien seat shares): characters and items, as counters. With
    ``informants`` (its Initial Map Update) its informants report too (Informants): where
    they are and what they see; those reports stand until the next Initial Map Update."""
    secrets = secrets_of(game, seat)
    if secrets is None:
        return
    s = game.state
    plan = game.plan
    sheets = game.sheets
    dark = dark_squares(s, plan)
    mine = set(map_seats(s, s.map_of[seat]))
    if informants:
        seen: set = set()
        by_robots: set = set()
        reports: dict = {}
        for char in sorted(s.characters.values(), key=lambda c: c.id):
            if char.informant_of != seat or char.seat in mine:
                continue
            reports.update(informant_report(s, plan, sheets, char))
            if can_observe(sheets, char):
                fov = observer_fov(s, plan, sheets, char, dark)
                (by_robots if is_robot(sheets, char) else seen).update(fov)
        reports.update(visible_in(s, plan, sheets, seen, by_robots - seen, mine))
        secrets.reports = {k: reports[k] for k in sorted(reports)}
    looked: set = set()
    for char in game.own_characters(seat):
        if (sheets.characters[char.sheet].kind == "program" and of_species(game, char)
                and char.square is not None and char.status == "active"
                and _presence(game, seat)):
            looked |= all_round(plan, char.square, dark)
    counters = dict(secrets.reports)
    counters.update(visible_in(s, plan, sheets, looked, frozenset(), mine))
    secrets.sight = {k: counters[k] for k in sorted(counters)}


def _presence(game, seat: str) -> bool:
    species = species_of(game, seat)
    return species is not None and default_aliens().species[species].presence


def final_map_update(game, seat: str) -> None:
    """The seat ending its turn: its invisible characters look round once more. (Other alien
    seats look at their own map updates: what one sees changes only when it may learn.)"""
    if seat in game.state.aliens:
        refresh_sight(game, seat)


def hatch_eggs(game, seat: str) -> list[Event]:
    """At the alien seat's Situation Update (as the bugs' recovery rolls), each egg laid
    ``rounds`` Global Updates ago hatches: a new bug in the host's square, and the host dies
    (its owner hears at its own Situation Update). An egg whose host left the map is lost; a
    full square makes it wait."""
    s = game.state
    secrets = secrets_of(game, seat)
    if secrets is None or not secrets.eggs:
        return []
    sheet = default_aliens().species[species_of(game, seat)]
    rounds = default_aliens().powers["lay_egg"].rounds
    events: list[Event] = []
    waiting = []
    for egg in secrets.eggs:
        host = next((c for c in s.characters.values() if c.token == egg.host), None)
        if s.round - egg.laid < rounds:
            waiting.append(egg)
            continue
        if host is None or host.square is None:
            events.append(game.notify(seat, {"kind": "egg_lost", "square": list(egg.square)}))
            continue
        if game.stack_count(host.square) >= game.stack_limit(host.square):
            waiting.append(egg)
            continue
        if host.seat is not None and host.seat != seat:
            situation.hold_forces(game, host.seat)
            if host.status != "dead":
                events.append(game.notify(host.seat, {
                    "kind": "telegram", "counter": game.sheets.characters[host.sheet].counter,
                    "character": host.id}, pending=True))
        host.status = "dead"
        bug = customize._new_character(game, sheet.hatched, seat)
        bug.square = host.square
        bug.counter = base_counter(game, bug)
        events.append(game.notify(seat, {"kind": "egg_hatched", "character": bug.id,
                                         "square": list(game.plan.xy(host.square))}))
    secrets.eggs = waiting
    return events


# ---- legal actions (compact form, see docs/artifact-engine.md) ---------------------------------

def listed_actions(game, seat: str) -> list[A.Action]:
    """Every Alien Special Action the seat in turn may take (``candidates`` that pass
    ``view_problem``), and HAL's snoops of every segment with every toggle."""
    s = game.state
    species = species_of(game, seat)
    if species is None or seat not in s.aliens or game.turn_seat != seat:
        return []
    view = view_for(game, seat)
    plan, sheets = game.plan, game.sheets
    out: list[A.Action] = []
    for cid in sorted(view.own.characters):
        char = s.characters[cid]
        if "security" in default_aliens().species[species].powers and of_species(game, char):
            out += [A.SecurityAction(cid, "snoop", seg, toggle, "N")
                    for seg in computer.feynman_segments(plan) for toggle in computer.TOGGLES
                    if security_problem(view, cid, "snoop", seg, toggle, plan) is None]
            if loudspeaker_problem(view, cid, "Attention.") is None:
                out.append(A.Loudspeaker(cid, "Attention.", "N"))
        out += [a for a in candidates(view, cid, plan, sheets)
                if view_problem(view, a, plan, sheets) is None]
    return out


def candidates(view, cid: str, plan, sheets: Sheets) -> list[A.AlienPower]:
    """The compact form of a character's Alien Special Actions, unchecked: written moves to
    every square within reach (one path each), each power on every counter the seat knows
    (its own held minds for letting go), illusions of every look on every square in sight
    and reach. Facing "" (kept) only: any facing is legal wherever "" is."""
    species = own_species(view)
    entry = view.own.characters.get(cid)
    if (species is None or entry is None or entry.square is None
            or species_sheet(sheets, entry) is None):
        return []
    data = default_aliens()
    here = plan.sq(*entry.square)
    out: list[A.AlienPower] = []
    for pid in data.species[species].powers:
        power = data.powers[pid]
        if pid == "drift":
            out += [A.AlienPower(cid, pid, path=tuple(p))
                    for p in drift_paths(plan, here, power.squares)]
        elif pid == "illusion":
            seen = all_round(plan, here, dark_of(plan, view.dark))
            out += [A.AlienPower(cid, pid, path=(plan.xy(sq),), look=look)
                    for sq in sorted(seen) if distance(plan, here, sq) <= power.reach
                    for look in power.looks]
        elif pid == "release":
            out += [A.AlienPower(cid, pid, target=other)
                    for other, e in sorted(view.own.characters.items())
                    if e.controlled_by == cid]
        elif pid == "move_ram":
            out += [A.AlienPower(cid, pid, target=space)
                    for space in data.species[species].ram_spaces]
        elif pid == "disguise":
            out += [A.AlienPower(cid, pid)]
            out += [A.AlienPower(cid, pid, target=t) for t in sorted(view.map.counters)]
        elif pid != "security":
            known = known_counters(view, remembered=pid == "command_robot")
            out += [A.AlienPower(cid, pid, target=t) for t in sorted(known)]
    return out


def drift_path(view, cid: str, square: tuple[int, int], plan) -> tuple | None:
    """The written move ``candidates`` lists for ``cid`` to ``square`` (None: none)."""
    entry = view.own.characters[cid]
    power = default_aliens().powers["drift"]
    for path in drift_paths(plan, plan.sq(*entry.square), power.squares):
        if tuple(path[-1]) == tuple(square):
            return tuple(path)
    return None


def drift_paths(plan, start: int, squares: int) -> list[list[tuple[int, int]]]:
    """One shortest path of steps to every square within ``squares`` steps of ``start``."""
    paths: dict[int, list[int]] = {start: []}
    frontier = [start]
    for _ in range(squares):
        nxt = []
        for square in frontier:
            for n, _diag, _hatch in plan.neighbours(square):
                if n not in paths:
                    paths[n] = paths[square] + [n]
                    nxt.append(n)
        frontier = nxt
    return [[plan.xy(sq) for sq in path] for sq, path in sorted(paths.items()) if path]
