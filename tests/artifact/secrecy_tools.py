"""Shared helpers of the secrecy tests: ready games, what a seat sees, perturbations of what
it cannot see, and probe actions.

Everything that reaches into the engine's state lives here, so that a change of the state's
shape is adapted in one place."""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Callable

from game.artifact import actions as A
from game.artifact import aliens, combat, computer, legal, sightings, space
from game.artifact.codec import canonical_json
from game.artifact.engine import ArtifactGame
from game.artifact.errors import ArtifactError
from game.artifact.movement import path_to, reachable
from game.artifact.seats import JUDGE
from game.artifact.state import Egg, Notice, Turn, snapshot
from game.artifact.table import Table
from game.artifact.views import view_for

from .arrange import writable


def start_game(players: int, seed: int, *, gmen: bool | None = None,
               orders: dict | None = None) -> ArtifactGame:
    """A random game of ``players`` driven through the lobby to the first turn of play.

    ``gmen``: True makes every Phone Co. seat pick the G-men (so there is an informant),
    False the technicians, None either at random. ``orders``: seat -> Customize action to
    give instead of a random one."""
    rng = random.Random(seed)
    game = ArtifactGame.new({"players": players, "assignment": "random"}, seed)
    for seat in game.seats:
        game.apply(seat, A.VoteEncryption(rng.random() < 0.5))
    for seat in sorted(game.actors()):
        if orders and seat in orders:
            game.apply(seat, orders[seat])
            continue
        options = game.legal_actions(seat)
        if gmen is not None and game.faction_of(seat) == "phoneco":
            wanted = "gmen" if gmen else "technicians"
            options = [o for o in options if o.option == wanted]
        game.apply(seat, rng.choice(options))
    for seat in game.seats:
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    for attempt in range(60):  # the Judge settles placement clashes
        conflicts = game.placement_conflicts()
        if not conflicts:
            break
        _space, a, b = conflicts[0]
        moved = rng.choice([a, b])
        game.apply(JUDGE, A.ReturnPlacement(moved, ""))
        options = game.legal_actions(moved)
        game.apply(moved, options[(attempt * 7 + rng.randrange(len(options))) % len(options)])
    while game.phase == "judge_check":
        robots = [a for a in game.legal_actions(JUDGE) if isinstance(a, A.PlaceRobot)]
        game.apply(JUDGE, rng.choice(robots) if robots else A.StartPlay())
    assert game.phase == "play"
    return game


def to_seat(game: ArtifactGame, seat: str) -> None:
    """End turns until it is ``seat``'s."""
    while game.turn_seat != seat:
        game.apply(game.turn_seat, A.EndTurn())


def informant_of(game: ArtifactGame, master: str) -> str | None:
    return next((c.id for c in game.state.characters.values()
                 if c.informant_of == master), None)


def seat_of(game: ArtifactGame, cid: str) -> str | None:
    return game.state.characters[cid].seat


def square_of(game: ArtifactGame, cid: str) -> tuple[int, int] | None:
    square = game.state.characters[cid].square
    return None if square is None else game.plan.xy(square)


def token_of(game: ArtifactGame, thing: str) -> str:
    s = game.state
    return (s.characters.get(thing) or s.items[thing]).token


def items_of(game: ArtifactGame, cid: str) -> list[str]:
    char = game.state.characters[cid]
    return sorted(char.items + ([char.suit] if char.suit else []))


def item_ids(game: ArtifactGame, item_type: str, owner: str | None = "any") -> list[str]:
    return sorted(i.id for i in game.state.items.values()
                  if i.type == item_type and (owner == "any" or i.owner == owner))


def on_map_characters(game: ArtifactGame, seat: str) -> list[str]:
    return sorted(c.id for c in game.state.characters.values()
                  if c.seat == seat and c.square is not None
                  and game.sheets.characters[c.sheet].on_map)


# ---- random games, quickly ----------------------------------------------------------------------

def _try_apply(game: ArtifactGame, seat: str, candidates: list, rng: random.Random) -> None:
    """Apply the first of the shuffled candidates the engine accepts (no trial runs)."""
    candidates = list(candidates)
    rng.shuffle(candidates)
    for action in candidates:
        try:
            game.apply(seat, action)
            return
        except ArtifactError:
            continue
    raise AssertionError(f"no candidate action applies for {seat} in {game.phase}")


@functools.cache
def _lobby_snapshot(players: int, seed: int) -> str:
    return play_lobby(players, seed).to_json()


def play_lobby(players: int, seed: int,
               after: Callable[[ArtifactGame], None] | None = None,
               assignment: str = "random") -> ArtifactGame:
    """A random game of ``players`` driven quickly through the lobby (with ``assignment``
    "judge", the Judge's giving out of seats and species first; the votes, purchases,
    placements and the Judge's check) to its first turn of play, ``after(game)`` called
    after every action (``quick_game`` starts from these)."""
    def step(seat: str, candidates: list | None = None, action: A.Action | None = None) -> None:
        if action is not None:
            game.apply(seat, action)
        else:
            _try_apply(game, seat, candidates or [], rng)
        if after is not None:
            after(game)

    rng = random.Random(seed * 7919 + players)
    game = ArtifactGame.new({"players": players, "assignment": assignment}, seed)
    while game.phase == "assign":
        step(JUDGE, legal._assign(game, JUDGE))
    for seat in game.seats:
        step(seat, action=A.VoteEncryption(rng.random() < 0.5))
    for seat in sorted(game.actors()):
        step(seat, legal._purchase(game, seat))
    for seat in game.seats:
        step(seat, legal._place(game, seat))
    for _attempt in range(60):  # the Judge settles clashes: the returned seat places again
        conflicts = game.placement_conflicts()
        if not conflicts:
            break
        moved = rng.choice(conflicts[0][1:])
        step(JUDGE, action=A.ReturnPlacement(moved, ""))
        step(moved, legal._place(game, moved))
    while game.phase == "judge_check":
        robots = [a for a in legal._judge_check(game, JUDGE) if isinstance(a, A.PlaceRobot)]
        if robots:
            step(JUDGE, robots)
        else:
            step(JUDGE, action=A.StartPlay())
    return game


def quick_game(players: int, seed: int) -> ArtifactGame:
    """A game of ``players`` at its first turn of play, from a random lobby; lobbies are
    cached by (players, seed), so many games may start from one and part in play."""
    return ArtifactGame.from_dict(json.loads(_lobby_snapshot(players, seed)))


def random_step(game: ArtifactGame, rng: random.Random) -> tuple[str, A.Action]:
    """A random action for the turn seat or the Judge: mostly legal moves, pickups, drops,
    suits, lift calls, status checks, informants and the aliens' powers, some of the Judge's
    tools and messages,
    some junk that must be refused."""
    s = game.state
    seat = game.turn_seat
    view = view_for(game, seat)
    plan = game.plan
    roll = rng.random()
    if roll < 0.06:
        return seat, A.EndTurn()
    if roll < 0.08:
        return JUDGE, A.SkipTurn()
    if roll < 0.18:
        return JUDGE, random_adjudication(game, rng)
    if roll < 0.2:
        target = rng.choice(list(s.seats))
        return JUDGE, rng.choice([A.JudgeMessage(target, "Status report, please."),
                                  A.Announce("All hands: routine systems check.")])
    if roll < 0.3 and view.alien is not None:  # the species' powers, HAL's snoops
        powers = aliens.listed_actions(game, seat)
        if powers:
            return seat, rng.choice(powers)
    mine = [c for c, e in view.own.characters.items()
            if e.status == "active" and e.ma and c not in view.turn.acted]
    if not mine:
        return seat, A.EndTurn()
    spies = sorted(view.informants)
    if spies and roll < 0.22:
        spy = rng.choice(spies)
        return seat, A.SetInformantCondition(
            spy, "" if view.informants[spy].when else "instead_of_attacking")
    if spies and roll < 0.24:
        return seat, A.ActivateInformant(rng.choice(spies))
    cid = rng.choice(mine)
    entry = view.own.characters[cid]
    square = entry.square
    counters = view.map.counters
    if roll < 0.27:
        return seat, rng.choice(probe_junk(game, seat, cid))
    if roll < 0.37:
        floor = [t for t, c in counters.items() if c.KIND == "item" and c.square == square]
        fallen = [t for t, c in counters.items()
                  if c.KIND == "character" and c.square == square
                  and c.status != "active"]
        options = [A.PickUpDrop(cid, (t,), (), entry.facing) for t in floor]
        options += [A.PickUpDrop(cid, (), (i,), entry.facing) for i in entry.items]
        options += [A.WearSuit(cid, i, entry.facing) for i in entry.items
                    if view.own.items[i].type in ("spacesuit", "sneaksuit")]
        options += [A.CheckStatus(cid, t, entry.facing) for t in fallen]
        if options:
            return seat, rng.choice(options)
    if roll < 0.4:
        listed = computer.listed_actions(game, s.characters[cid], [entry.facing])
        listed += computer.listed_transfers(game, seat)
        if not listed and rng.random() < 0.5:  # the Judge seats it at a terminal
            x, y = plan.xy(rng.choice(combat.computer_squares(plan)))
            return JUDGE, A.JudgeMove(cid, x, y, "")
        options = listed if listed and rng.random() < 0.7 else computer_probes(
            game, view, cid, rng)
        return seat, rng.choice(options)
    if roll < 0.42:
        return seat, A.MoveLiftCar(cid, rng.choice([lf.name for lf in plan.lifts]),
                                   entry.facing)
    if roll < 0.56:
        listed = legal._attacks(game, seat, s.characters[cid], [entry.facing])
        attacks = [a for a in listed if isinstance(a, A.Attack)]
        options = attacks if attacks and rng.random() < 0.7 else listed
        if not options or rng.random() < 0.3:
            options = combat_actions(view, cid, plan, rng)
        if options:
            return seat, rng.choice(options)
    return seat, random_move(view, cid, plan, rng)


def played_states(games, steps: int):
    """For each (players, seed) of ``games``: a random game from its lobby (``quick_game``;
    lights out and gas in the station for odd seeds, ``hazards_in_play``), yielded before
    each of up to ``steps`` random steps of play (``random_step``, refusals included)."""
    for players, seed in games:
        game = quick_game(players, seed)
        rng = random.Random(seed)
        if seed % 2:
            hazards_in_play(game, rng)
        for _step in range(steps):
            if game.phase != "play":
                break
            yield game
            seat, action = random_step(game, rng)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)


#: Weapons a character can attack with without an item.
BARE_HANDS = ("unarmed", "claws", "improvised")


def combat_actions(view: dict, cid: str, plan, rng: random.Random) -> list[A.Action]:
    """Attacks (every fire type) at the character counters on the seat's map and at a
    random square, with each weapon it carries and its bare hands, a move then attack, an
    opportunity-fire marker on a random square, and unjamming: legal or not."""
    entry = view.own.characters[cid]
    facing = entry.facing
    weapons = [i for i in entry.items
               if view.own.items[i].type in WEAPON_ITEMS] + list(BARE_HANDS)
    counters = sorted(t for t, c in view.map.counters.items()
                      if c.KIND == "character")
    squares = [plan.xy(sq) for sq in rng.sample(sorted(plan.region("Feynman")), 2)]
    out: list[A.Action] = []
    for weapon in weapons:
        for fire in ("normal", "double", "panic"):
            for target in counters + squares:
                out.append(A.Attack(cid, weapon, fire, (target,), rng.choice("NESW")))
        if counters and entry.square is not None:
            found = path_to(view, cid, "walk", tuple(view.map.counters[
                rng.choice(counters)].square), plan)
            if found["stop"] is not None:
                out.append(A.MoveThenAttack(cid, "walk", tuple(found["path"]), weapon,
                                            "normal", (rng.choice(counters),), facing))
        out.append(A.TargetOpportunityFire(cid, weapon, rng.choice(squares),
                                           rng.choice(["anyone", "pirates", "alien"]),
                                           facing))
        out.append(A.Unjam(cid, weapon, facing))
    return out


def computer_probes(game: ArtifactGame, view, cid: str, rng: random.Random) -> list[A.Action]:
    """Computer Operations of ``cid``, legal or not: a hack, a snoop of a random segment
    with a random toggle, a cancelled self-destruct, an unknown security action, a
    self-destruct order in and out of range, a hand-over of the marker to one of the seat's
    characters, a counter on its map or a hidden name."""
    entry = view.own.characters[cid]
    facing = entry.facing
    names = sorted(view.own.characters) + sorted(
        t for t, c in view.map.counters.items() if c.KIND == "character")
    hidden = sorted(c.token for c in game.state.characters.values()
                    if c.token not in view.map.counters and c.seat != view.seat)
    return [A.Hack(cid, facing),
            A.SecurityAction(cid, "snoop", rng.choice(computer.feynman_segments(game.plan)),
                             rng.choice(computer.TOGGLES), facing),
            A.SecurityAction(cid, "cancel_self_destruct", "", "", facing),
            A.SecurityAction(cid, "command_robot", "", "", facing),
            A.SelfDestruct(cid, rng.choice([0, 2, 3, 17, 30, 31]), facing),
            A.TransferControl(cid, rng.choice(names + hidden[:2] + ["nobody"])),
            *area_probes(game, view, cid, rng)]


def area_probes(game: ArtifactGame, view, cid: str, rng: random.Random) -> list[A.Action]:
    """Special areas, the Hacker's and Mechanic's work and the system equipment of ``cid``,
    legal or not, naming what its map shows or hidden things: none may be refused for
    something the seat cannot see (a weld, the shields, a robot's owner, a capsule)."""
    entry = view.own.characters[cid]
    facing = entry.facing
    known = sorted({*view.map.counters, *view.map.last_known})
    hidden = sorted(c.token for c in game.state.characters.values()
                    if c.token not in view.map.counters and c.seat != view.seat)
    names = sorted(view.own.characters) + known + hidden[:2]
    lift = rng.choice(game.plan.lifts).name
    out: list[A.Action] = [
        A.CommandRobot(cid, rng.choice(known + hidden[:2] + ["nobody"]), facing),
        A.Loudspeaker(cid, "Attention.", facing),
        A.HackLiftCar(cid, lift, facing), A.ClimbLadder(cid, lift, facing),
        A.UseMedlab(cid, rng.choice(["suspend", "revive", "heal", "recharge"]),
                    rng.choice(names + sorted(entry.items)), facing),
        A.MechanicWork(cid, rng.choice(["repair", "jam", "mend_suit"]),
                       rng.choice(names + sorted(entry.items)), facing)]
    if entry.square is not None:
        x, y = entry.square
        for item in entry.items:
            target = rng.choice([(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1), (41, 5)])
            out.append(A.UseEquipment(cid, item, target, facing))
    return out


WEAPON_ITEMS = ("pistol", "rifle", "rpp7", "grenade_launcher", "emp_pistol",
                "welding_torch")


def random_move(view: dict, cid: str, plan, rng: random.Random) -> A.Move:
    """A move of ``cid`` by a random mode to a random square it can reach, as its seat
    plans it on its view (or a turn in place when none is in reach)."""
    mode = rng.choice(["walk", "jog", "jog", "run"])
    options = sorted(reachable(view, cid, mode, plan))
    if not options:
        return A.Move(cid, mode, (), rng.choice("NESW"))
    found = path_to(view, cid, mode, rng.choice(options), plan)
    facing = rng.choice([view.own.characters[cid].facing] * 3 + list("NESW"))
    return A.Move(cid, mode, tuple(found["path"]), facing)


def random_adjudication(game: ArtifactGame, rng: random.Random) -> A.Action:
    """One of the Judge's tools on a random character or item (legal or not)."""
    s = game.state
    cid = rng.choice(sorted(s.characters))
    iid = rng.choice(sorted(s.items))
    squares = sorted(game.plan.region("Feynman"))
    if rng.random() < 0.25:  # sometimes to a computer terminal, for Computer Operations
        squares = combat.computer_squares(game.plan)
    x, y = game.plan.xy(rng.choice(squares))
    return rng.choice([
        A.JudgeSetStatus(cid, rng.choice(A.JUDGE_STATUSES)),
        A.JudgeMove(rng.choice([cid, iid]), x, y, rng.choice(["", "N", "E", "S", "W"])),
        A.JudgeRemove(rng.choice([cid, iid])),
        A.JudgeSetSuit(cid, rng.choice(["", iid])),
    ])


def probe_junk(game: ArtifactGame, seat: str, cid: str) -> list[A.Action]:
    """Actions naming things by the internal ids of the data files, hidden tokens, other
    seats' characters: each must be answered the same whatever those names stand for."""
    s = game.state
    others = sorted(c for c in s.characters if s.characters[c].seat != seat)
    tokens = sorted(c.token for c in s.characters.values() if c.seat != seat)
    items = sorted(s.items)
    pick = random.Random(len(s.notices[seat]) + s.serial).sample
    out: list[A.Action] = [A.Move(cid, "jog", ((0, 0),), "N"), A.Move(cid, "fly", (), "N"),
                           A.MoveLiftCar(cid, "9", "N"), A.WearSuit(cid, "none", "N"),
                           A.CheckStatus(cid, "bug_1", "N"), A.CheckStatus(cid, "koch", "N"),
                           A.PickUpDrop(cid, ("nothing",), (), "N")]
    for name in pick(others, min(3, len(others))) + pick(tokens, min(3, len(tokens))):
        out += [A.CheckStatus(cid, name, "N"), A.ActivateInformant(name)]
    for iid in pick(items, min(3, len(items))):
        out += [A.PickUpDrop(cid, (iid,), (), "N"), A.WearSuit(cid, iid, "N"),
                A.PickUpDrop(cid, (), (iid,), "N")]
    return out


# ---- what a seat cannot see, and changing it ----------------------------------------------------

def canonical_view(game: ArtifactGame, seat: str) -> bytes:
    """A seat's view as canonical JSON bytes."""
    return canonical_json(view_for(game, seat)).encode()


def answers(game: ArtifactGame, seat: str, actions: list[A.Action]) -> list[tuple]:
    """What the engine answers ``seat`` for each action, each tried on the game as it is:
    ("ok",) or the error's class and words. ``game`` itself is not changed."""
    snapshot = json.loads(game.to_json())
    work = ArtifactGame.from_dict(snapshot)
    out = []
    for action in actions:
        try:
            work.apply(seat, action)
        except ArtifactError as exc:
            out.append((type(exc).__name__, str(exc)))
            continue
        out.append(("ok",))
        work = ArtifactGame.from_dict(snapshot)
    return out


def _held_bodies(state, seats: set) -> dict:
    """The characters held seats believe in (id -> copy), as map updates use them."""
    return {cid: body for x in sorted(seats) if x in state.held
            for cid, body in state.held[x].bodies.items()}


def _map_seats(game: ArtifactGame, seat: str) -> set:
    s = game.state
    return {x for x in s.seats if s.map_of[x] == s.map_of[seat]}


def seen_squares(game: ArtifactGame, seat: str) -> set:
    """Every square some observer of the seat's map could see now (live characters and the
    ones a held seat believes in), and every square one of them stands on."""
    s = game.state
    plan = game.plan
    dark = sightings.dark_squares(s, plan)
    seats = _map_seats(game, seat)
    bodies = [c for c in s.characters.values() if c.seat in seats]
    bodies += list(_held_bodies(s, seats).values())
    bodies += [c for c in s.characters.values() if c.informant_of in seats]
    out: set = {c.square for c in bodies if c.square is not None}
    for body in bodies:
        if sightings.is_physical(game.sheets, body):
            out |= sightings.observer_fov(s, plan, game.sheets, body, dark)
    return out


def hazards_in_play(game: ArtifactGame, rng: random.Random) -> None:
    """Lights out in a few of the station's spaces and knockout gas in one, as a security
    action or a wrecked computer leaves them at Global Updates, so that the properties meet
    characters hidden by the dark and gas seen (or not) from afar."""
    s = writable(game)
    plan = game.plan
    spaces = sorted({plan.space_name(sq) for sq in plan.region("Feynman")} - {""})
    s.dark = sorted(set(s.dark) | set(rng.sample(spaces, 6)))
    s.systems.gas = sorted(set(s.systems.gas) | {rng.choice(spaces)})


def frame_moved_on(game: ArtifactGame) -> Table:
    """A copy of ``game``'s state in which only the round and the turn differ: a round
    later, the next seat's turn begun, nothing done in it yet."""
    state = snapshot(game.state)
    index = (state.turn.index + 1) % len(state.seats)
    state.turn = Turn(index, state.seats[index])
    state.round += 1
    return Table(state)


def move_frame_on(game: ArtifactGame) -> None:
    """Move ``game``'s round and turn on as ``frame_moved_on`` does and change nothing else
    (no action does that alone: a new round brings Global Updates), the serial raised so
    that views kept of it notice."""
    moved = frame_moved_on(game).state
    s = writable(game)
    s.round, s.turn, s.serial = moved.round, moved.turn, s.serial + 1


def _perturb_alien_secrets(twin: ArtifactGame, seat: str, rng: random.Random) -> int:
    """Every other alien seat's secrets (a map partner's too): its written notes, the powers
    it used, an egg, HAL's RAM marker, and where an invisible alien stands (nobody sees it)."""
    s = writable(twin)
    plan = twin.plan
    changes = 0
    for other, secrets in sorted(s.aliens.items()):
        if other == seat:
            continue
        secrets.notes.append(f"Round {s.round}: a note nobody else reads.")
        secrets.used.append("nobody:drift")
        secrets.eggs.append(Egg("t00000000", (1, 1), s.round))
        secrets.ram = None if secrets.ram else (3, 3)
        secrets.ram_cut = "" if secrets.ram_cut else "the terminal holding the RAM is destroyed"
        changes += 1
        for char in s.characters.values():
            if (char.seat == other and twin.sheets.characters[char.sheet].kind == "program"
                    and char.square is not None):
                steps = [n for n, _d, _h in plan.neighbours(char.square)]
                if steps:
                    char.square = rng.choice(steps)
                    changes += 1
    return changes


def perturb_hidden(game: ArtifactGame, seat: str,
                   rng: random.Random) -> tuple[ArtifactGame, int]:
    """A copy of ``game`` that differs only in what ``seat`` cannot see: other seats'
    characters and loose items out of its map's sight moved elsewhere out of sight (aboard, or
    on the hull's top or underside), fallen or
    risen, running or not, their pockets swapped, lift cars moved where neither end is seen,
    the real and the fake Artifact swapped where it holds neither, another character as a
    secret informant (the G-men's, Pan's) or its condition changed when it is not the
    master's map, Computer Control held by another seat's character (and hacking attempts
    logged for it), a self-destruct order waiting for Global Updates, knockout gas in a
    space it cannot see, a segment without air not yet announced, every other alien seat's
    secrets and invisible characters' squares (a map partner's too), other seats' private
    notices, and the RNG
    (every future roll). Returns the copy and how many things were moved or swapped (the
    notices and the RNG always differ); ``game`` is untouched."""
    twin = ArtifactGame.from_dict(json.loads(game.to_json()))
    s = writable(twin)
    plan = twin.plan
    sheets = twin.sheets
    seats = _map_seats(twin, seat)
    book = s.maps[s.map_of[seat]]
    seen = seen_squares(twin, seat)
    changes = 0
    believed = set(_held_bodies(s, seats))
    # anywhere aboard, or on the hull's top or underside, out of the seat's sight
    aboard = set(plan.region("Feynman")) | set(space.outside(plan).face_of)
    free = [sq for sq in sorted(aboard)
            if plan.passable(sq) and sq not in seen and plan.feature[sq] != "lift_stop"]
    movable = [c for c in s.characters.values()
               if c.seat not in seats and c.id not in believed
               and c.informant_of not in seats and c.token not in book.counters
               and sightings.is_physical(sheets, c) and c.square not in seen]
    for char in sorted(movable, key=lambda c: c.id):
        if rng.random() < 0.5 or not free:
            continue
        target = rng.choice(free)
        if twin.stack_count(target) >= twin.stack_limit(target) - 1:
            continue
        char.square = target
        char.eva = space.eva_state(plan, target)
        char.facing = rng.choice("NESW")
        changes += 1
    for char in sorted(movable, key=lambda c: c.id):  # a fall, a rise, a run unseen
        if rng.random() < 0.3 and char.status in ("active", "ko"):
            if char.status == "ko" and (twin.stack_count(char.square)
                                           >= twin.stack_limit(char.square)):
                continue
            char.status = {"active": "ko", "ko": "active"}[char.status]
            char.busy = None
            changes += 1
        elif rng.random() < 0.3:
            char.blind = not char.blind
            changes += 1
    pockets = [c for c in movable if sheets.characters[c.sheet].hands]
    if len(pockets) >= 2 and rng.random() < 0.5:  # what hidden characters carry
        a, b = rng.sample(pockets, 2)
        a.items, b.items = sorted(b.items), sorted(a.items)
        for holder in (a, b):
            for iid in holder.items:
                s.items[iid].holder = holder.id
        changes += 1
    occupied = {c.square for c in s.characters.values()}
    for lift in plan.lifts:  # a car moved where nobody of the seat's map can see either end
        if (not any(end in seen or end in occupied for end in lift.ends)
                and not any(i.square in lift.ends for i in s.items.values())
                and rng.random() < 0.5):
            s.lifts[lift.name] = 1 - s.lifts[lift.name]
            changes += 1
    for item in sorted(s.items.values(), key=lambda i: i.id):
        if (item.holder is None and item.square is not None and item.square not in seen
                and item.owner not in seats and item.token not in book.counters
                and free and rng.random() < 0.5):
            item.square = rng.choice(free)
            changes += 1
    artifacts = [i for i in s.items.values() if i.type in ("artifact", "fake_artifact")
                 and i.owner not in seats
                 and not (i.holder and s.characters[i.holder].seat in seats)]
    if rng.random() < 0.5:
        for item in artifacts:
            item.type = {"artifact": "fake_artifact", "fake_artifact": "artifact"}[item.type]
            changes += 1
    spies = sorted((c for c in s.characters.values() if c.informant_of), key=lambda c: c.id)
    for spy in spies:  # who informs for another map's master (G-men, Pan), and its condition
        master = spy.informant_of
        if master in seats:
            continue
        others = [c for c in s.characters.values()
                  if c.seat is not None and c.seat not in seats and c.seat != master
                  and sheets.characters[c.sheet].kind == "human"
                  and c.sheet not in ("eastwood", "mccray") and not c.informant_of]
        if others and rng.random() < 0.7:
            spy.informant_of = None
            rng.choice(others).informant_of = master
            changes += 1
        elif rng.random() < 0.5:
            spy.informant_when = "" if spy.informant_when else "instead_of_attacking"
            changes += 1
    holder = s.characters.get(s.systems.control) if s.systems.control else None
    if holder is None or holder.seat not in seats:  # who holds Computer Control, and
        # the hacking attempts and self-destruct orders only the holder or Judge hears of
        others = sorted(c.id for c in s.characters.values()
                        if c.seat not in seats and sheets.characters[c.sheet].hands)
        if others and rng.random() < 0.5:
            s.systems.control = rng.choice(others)
            s.systems.hack_attempts.append(Notice("hack_attempt", s.round,
                                                  {"space": "Biolab", "success": False}))
            changes += 1
    if rng.random() < 0.3:
        s.systems.self_destruct_orders.append(rng.choice([0, 3, 30]))
        changes += 1
    # knockout gas, and a segment without air the ship has not announced yet, where none
    # of the seat's observers sees a square of the space (segment) and none stands in it
    looked = {plan.space_name(sq) for sq in seen}
    hidden_spaces = sorted({plan.space_name(sq) for sq in plan.region("Feynman")}
                           - looked - set(s.systems.gas) - {""})
    if hidden_spaces and rng.random() < 0.5:
        s.systems.gas = sorted(s.systems.gas + [rng.choice(hidden_spaces)])
        changes += 1
    looked_segments = {plan.segment_name(sq) for sq in seen}
    airless = sorted({plan.segment_name(sq) for sq in plan.region("Feynman")}
                     - looked_segments - set(s.systems.decompressed) - {""})
    if airless and rng.random() < 0.3:
        s.systems.decompressed[rng.choice(airless)] = 0
        changes += 1
    changes += _perturb_alien_secrets(twin, seat, rng)
    changes += _perturb_systems(twin, seats, seen, book, rng)
    for other in s.seats:
        if other not in seats:
            s.pending[other].append(Notice("judge", s.round, {"text": "noise"}))
    twin._rng.seed(rng.random())
    return twin, changes


def _perturb_systems(twin: ArtifactGame, seats: set, seen, book, rng: random.Random) -> int:
    """The special areas' secrets: a hatch welded or locked by someone else, a window
    broken out of sight, the shields
    raised, lowered or wrecked, a hidden fallen character in a suspension capsule, one of
    the Feynman's robots out of sight already commanded by another seat; and the
    computer's: a snoop's light switch waiting for Global Updates, a hacking attempt kept
    for HAL's next report, a terminal wrecked where the seat sees neither it nor anyone
    of its own at it."""
    s = writable(twin)
    changes = 0
    spaces = sorted({twin.plan.space_name(sq) for sq in twin.plan.region("Feynman")} - {""})
    if rng.random() < 0.4:
        s.systems.switching.append((rng.choice(spaces), rng.random() < 0.5))
        changes += 1
    if rng.random() < 0.4:
        s.systems.hal_hacks.append(Notice("hack_attempt", s.round,
                                          {"space": "Medlab", "success": True}))
        changes += 1
    stood = {c.square for c in s.characters.values() if c.seat in seats}
    terminals = [sq for sq, f in enumerate(twin.plan.feature)
                 if f in ("major_terminal", "minor_terminal") and sq not in seen
                 and sq not in stood and sq not in s.systems.destroyed_terminals]
    if terminals and rng.random() < 0.3:
        s.systems.destroyed_terminals = sorted(s.systems.destroyed_terminals
                                               + [rng.choice(terminals)])
        changes += 1
    # a weld shows only from either side of its hatch: none beside the seats' own characters
    beside = {c.square for c in s.characters.values()
              if c.seat in seats and c.status == "active" and c.square is not None}
    unseen = [h.id for h in twin.plan.hatches
              if not any(a in beside or b in beside for a, b in h.edges)]
    if rng.random() < 0.4 and unseen:
        hatch = rng.choice(unseen)
        names = s.systems.welded if rng.random() < 0.5 else s.locked
        if hatch not in names:
            names.append(hatch)
            names.sort()
            changes += 1
    # a window shot out where the seats' map sees neither side of it (it learns of a hole
    # when it sees it: sightings); drawn from its own generator, so that every other
    # perturbation and probe stays what it was without it
    plan = twin.plan
    panes = [e for e in range(2 * len(plan.terrain)) if e not in s.systems.broken_windows
             and _pane(plan, e) and not set(plan.edge_squares(e)) & seen]
    glazier = random.Random(f"{s.round}:{len(seen)}:{len(panes)}")
    if glazier.random() < 0.4 and panes:
        s.systems.broken_windows = sorted({*s.systems.broken_windows, glazier.choice(panes)})
        changes += 1
    if rng.random() < 0.3:
        s.systems.shields_up = not s.systems.shields_up
        s.systems.generator_wrecked = rng.random() < 0.5
        changes += 1
    hidden = [c for c in sorted(s.characters.values(), key=lambda c: c.id)
              if c.seat not in seats and c.token not in book.counters
              and c.square is not None and c.square not in seen]
    for char in hidden:
        if char.status in ("ko", "down", "serious") and rng.random() < 0.3:
            char.suspended = not char.suspended
            changes += 1
    others = [x for x in s.seats if x not in seats]
    for char in hidden:
        if char.seat is None and char.status == "inactive" and others and rng.random() < 0.3:
            char.seat = rng.choice(others)
            changes += 1
    return changes


def _pane(plan, edge: int) -> bool:
    """Whether ``edge`` (a ``DeckPlan.edge_id``) is a window of the plan."""
    a, b = plan.edge_squares(edge)
    if b >= len(plan.terrain) or (edge % 2 == 0 and plan.xy(a)[1] != plan.xy(b)[1]):
        return False
    return plan.edge_between(a, b) == "glass"


def probe_actions(game: ArtifactGame, seat: str, rng: random.Random,
                  limit: int = 14) -> list[A.Action]:
    """A sample of what ``seat`` might try now: moves by every mode towards its reachable
    squares and towards squares it cannot see, pickups, drops, suits, status checks, lift
    calls, informants, and junk naming hidden things."""
    view = view_for(game, seat)
    plan = game.plan
    out: list[A.Action] = [A.EndTurn()]
    out += [A.ActivateInformant(c) for c in view.informants]
    out += [A.SetInformantCondition(c, "instead_of_attacking") for c in view.informants]
    for cid, entry in sorted(view.own.characters.items()):
        if entry.square is None:
            continue
        facing = entry.facing
        for mode in ("walk", "jog", "run"):
            targets = sorted(reachable(view, cid, mode, plan))
            targets += [plan.xy(sq) for sq in rng.sample(sorted(plan.region("Feynman")), 3)]
            for target in rng.sample(targets, min(2, len(targets))):
                found = path_to(view, cid, mode, target, plan)
                out.append(A.Move(cid, mode, tuple(found["path"]), rng.choice("NESW")))
        out += [A.PickUpDrop(cid, (t,), (), facing) for t, c in view.map.counters.items()
                if c.KIND == "item" and c.square == entry.square]
        out += [A.PickUpDrop(cid, (), (i,), facing) for i in entry.items]
        out += [A.WearSuit(cid, i, facing) for i in entry.items]
        out += [A.CheckStatus(cid, t, facing) for t, c in view.map.counters.items()
                if c.KIND == "character" and c.square == entry.square]
        out += [A.MoveLiftCar(cid, lf.name, facing) for lf in plan.lifts]
        out += _fetch_probes(view, cid, plan)
        out += probe_junk(game, seat, cid)
        out += computer_probes(game, view, cid, rng)
        out += rng.sample(combat := combat_actions(view, cid, plan, rng), min(6, len(combat)))
        # gas thrown and a flashlight shone at squares seen or not (the answers rest on the
        # public plan alone)
        spots = [plan.xy(sq) for sq in rng.sample(sorted(plan.region("Feynman")), 2)]
        for iid in entry.items:
            kind = view.own.items[iid].type
            if kind == "gas_grenade":
                out += [A.Attack(cid, iid, "normal", (xy,), facing) for xy in spots]
            elif kind == "flashlight":
                out += [A.UseEquipment(cid, iid, xy, facing) for xy in spots]
        hidden = sorted(c.token for c in game.state.characters.values()
                        if c.token not in view.map.counters and c.seat != seat)
        out += [A.Attack(cid, "unarmed", "normal", (t,), facing)
                for t in rng.sample(hidden, min(2, len(hidden)))]
    return rng.sample(out, min(limit, len(out)))


def _fetch_probes(view: dict, cid: str, plan) -> list[A.Action]:
    """Walk or jog to an item the seat's map shows (now or at its last-known place) and pick
    it up, and pick up an item it only saw elsewhere after a plain move."""
    out: list[A.Action] = []
    entry = view.own.characters[cid]
    seen = dict(view.map.last_known)
    seen.update(view.map.counters)
    for token, counter in sorted(seen.items()):
        if counter.KIND != "item":
            continue
        for mode in ("walk", "jog"):
            found = path_to(view, cid, mode, tuple(counter.square), plan)
            if found["stop"] is not None:
                out.append(A.MoveThenPickUp(cid, mode, tuple(found["path"]), (token,), (),
                                            entry.facing))
    return out
