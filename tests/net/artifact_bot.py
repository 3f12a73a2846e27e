"""A fighting bot for The Artifact, written as a third party would write one: it reads only
its seat's document (a ``SeatView``, decoded with ``viewtypes.decode_view``) and the public
deck plan, and picks its next actions with the client-side previews (``game.artifact.preview``
for moves, ``game.artifact.odds`` for attacks and cover: the engine's own planning run on the
seat's knowledge, so what it proposes is what the host accepts, hidden things aside).

``bot_choices`` lists what the seat in turn would like to do next, best first, with End
Turn last; the driver sends them in order until the host accepts one, then asks again with
the seat's next document. The bot, for each character that has not acted:

1. (the Mad Scientist) from round ``COUNTDOWN_ROUND`` sets a three-turn self-destruct from a
   major terminal with an access key (which keeps the terminal until then), so that every
   game ends by the rules;
2. attacks the hostile counter it has the best odds on, from where it stands (one that shows
   fallen when no standing one is in its field of fire: it finishes it off);
3. else moves (walk or jog) and attacks from the square of the move it has the best odds
   from;
4. else picks up an Artifact counter it stands on or can reach;
5. else covers with opportunity fire the square nearest a hostile it last saw nearby;
6. else jogs towards the nearest hostile it knows of (seen now or last seen), or towards the
   ship's main corridor (where everyone passes), or somewhere it can reach.

Everything is deterministic: ties are broken by square and token, a wander by a CRC of the
round and character.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

from game.artifact import actions as A
from game.artifact import aliens, combat, odds, preview
from game.artifact.deckplan import DeckPlan
from game.artifact.state import CharacterCounter, ItemCounter
from game.artifact.viewtypes import SeatView

Square = tuple[int, int]

#: Actions a bot takes in one turn at most before it ends the turn.
PER_TURN = 6
#: Squares of the main corridor, where a bot that knows of nobody goes to find someone.
RALLY = ((9, 7), (10, 8), (13, 7), (14, 8))
#: How far (king's moves) a hostile may be for a move-then-attack search to be worth it.
STRIKE_RANGE = 7
#: How near a hostile last seen must be for a character to cover the way it would come.
COVER_RANGE = 6
#: The round from which the Mad Scientist sets the countdown (three turns): the fighting
#: has some rounds first, and every game still ends by the rules.
COUNTDOWN_ROUND = 4


def distance(a: Iterable[int], b: Iterable[int]) -> int:
    (ax, ay), (bx, by) = a, b
    return max(abs(ax - bx), abs(ay - by))


def facing_towards(here: Square, there: Square) -> str:
    """The facing whose field holds ``there`` best: along the larger of the two gaps."""
    dx, dy = there[0] - here[0], there[1] - here[1]
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W" if dx < 0 else "N"
    return "S" if dy > 0 else "N"


def allowed_facing(view: SeatView, cid: str, mode: str | None, path, want: str,
                   plan: DeckPlan) -> str | None:
    """``want`` if the action may end facing it, else the cheapest facing it may end with
    (turning costs MP without a thruster pack in microgravity), None if none."""
    choices = preview.facing_choices(view, cid, mode, path, plan)
    ok = sorted((cost, facing != want, facing) for facing, (cost, why) in choices.items()
                if not why)
    return ok[0][2] if ok else None


def hostiles(know: odds.SeatKnowledge, *, fallen: bool = False
             ) -> dict[str, CharacterCounter]:
    """Character counters the seat may attack (its map's, a partner's left out): the active
    ones, or with ``fallen`` the ones that show inactive (to finish them off; not a robot's
    look: an idle robot shows inactive too)."""
    return {token: c for token, c in sorted(combat.map_counters(know, know.seat).items())
            if (c.status == "active") != fallen
            and not (fallen and "robot" in aliens.counter_kinds(know.sheets, c.counter))}


def remembered(view: SeatView) -> list[Square]:
    """Where the seat last saw active strangers (its map's last-known places)."""
    return sorted({tuple(c.square) for token, c in view.map.last_known.items()
                   if isinstance(c, CharacterCounter) and c.status == "active"
                   and token not in view.partners})


def _best(found: list[tuple]) -> list[A.Action]:
    return [action for *_key, action in sorted(found, key=lambda f: f[:-1])][:1]


def attack_now(know: odds.SeatKnowledge, cid: str, targets: dict) -> list[A.Action]:
    """The attack from where ``cid`` stands with the best odds, if any."""
    entry = know.view.own.characters[cid]
    found = []
    for arm in odds.weapons(know, cid):
        if not arm.ok:
            continue
        for token, counter in targets.items():
            if arm.blast and tuple(counter.square) == tuple(entry.square):
                continue  # no grenade at one's own feet
            seen = odds.preview_attack(know, cid, arm.name, "normal", (token,))
            if seen.ok:
                needed = seen.shots[0].odds.needed or 0
                found.append((needed, not arm.ranged, token, arm.name,
                              A.Attack(cid, arm.name, "normal", (token,), entry.facing)))
    return _best(found)


def move_and_attack(know: odds.SeatKnowledge, cid: str, targets: dict,
                    plan: DeckPlan) -> list[A.Action]:
    """A walk or jog that ends where ``cid`` has the best odds on a hostile near it."""
    view = know.view
    entry = view.own.characters[cid]
    near = {t: c for t, c in targets.items()
            if distance(c.square, entry.square) <= STRIKE_RANGE}
    arms = [a for a in odds.weapons(know, cid) if a.ok and not a.blast]
    if not near or not arms or entry.carrying:
        return []
    found = []
    for mode in ("jog", "walk"):
        reach = preview.reachable(view, cid, mode, plan)
        if not reach:
            continue
        for token, counter in near.items():
            there = tuple(counter.square)
            ends = sorted(reach, key=lambda sq: (distance(sq, there), sq))[:6]
            for square in ends:
                facing = facing_towards(square, there) if square != there else entry.facing
                for arm in arms:
                    if not arm.ranged and square != there:
                        continue
                    seen = odds.preview_attack(know, cid, arm.name, "normal", (token,),
                                               square=square, facing=facing)
                    if not seen.ok:
                        continue
                    path = preview.path_to(view, cid, mode, square, plan)
                    if not path["path"] or tuple(path["stop"] or ()) != square:
                        continue
                    steps = tuple(tuple(p) for p in path["path"])
                    if allowed_facing(view, cid, mode, steps, facing, plan) != facing:
                        continue
                    needed = seen.shots[0].odds.needed or 0
                    found.append((needed, len(steps), token, square, arm.name, mode,
                                  A.MoveThenAttack(cid, mode, steps, arm.name, "normal",
                                                   (token,), facing)))
        if found:
            break
    return _best(found)


def fetch_artifact(view: SeatView, cid: str, plan: DeckPlan) -> list[A.Action]:
    """Pick up an Artifact counter the map shows where ``cid`` stands or can walk to."""
    entry = view.own.characters[cid]
    if "Hands" not in entry.skills or entry.carrying:
        return []
    known = {**view.map.last_known, **view.map.counters}
    spots = sorted((tuple(c.square), token) for token, c in known.items()
                   if isinstance(c, ItemCounter) and c.counter == "The Artifact")
    for square, token in spots:
        if square == tuple(entry.square):
            return [A.PickUpDrop(cid, (token,), (), entry.facing)]
        for mode in ("jog", "walk"):
            if square in preview.reachable(view, cid, mode, plan):
                path = preview.path_to(view, cid, mode, square, plan)["path"]
                steps = tuple(tuple(p) for p in path)
                facing = allowed_facing(view, cid, mode, steps, entry.facing, plan)
                if steps and facing is not None:
                    return [A.MoveThenPickUp(cid, mode, steps, (token,), (), facing)]
    return []


def cover(know: odds.SeatKnowledge, cid: str, last_seen: list[Square]) -> list[A.Action]:
    """Opportunity fire on the square nearest the nearest hostile last seen nearby."""
    entry = know.view.own.characters[cid]
    near = [sq for sq in last_seen if distance(sq, entry.square) <= COVER_RANGE]
    if not near:
        return []
    goal = min(near, key=lambda sq: (distance(sq, entry.square), sq))
    facing = facing_towards(tuple(entry.square), goal)
    for arm in odds.weapons(know, cid):
        if arm.ok and arm.ranged and not arm.blast:
            squares = odds.cover_squares(know, cid, arm.name, facing)
            if squares:
                square = min(squares, key=lambda sq: (distance(sq, goal), sq))
                return [A.TargetOpportunityFire(cid, arm.name, square, "anyone", facing)]
    return []


def approach(view: SeatView, cid: str, goals: list[Square], plan: DeckPlan) -> list[A.Action]:
    """A jog towards the nearest of ``goals`` (else somewhere reachable), facing onwards."""
    entry = view.own.characters[cid]
    reach = sorted(preview.reachable(view, cid, "jog", plan))
    reach = [sq for sq in reach if sq != tuple(entry.square)]
    if not reach:
        return []
    if goals:
        goal = min(reach, key=lambda sq: (min(distance(sq, g) for g in goals), sq))
        if min(distance(goal, g) for g in goals) >= min(distance(entry.square, g)
                                                        for g in goals):
            goal = None  # no square of the jog is nearer: wander instead
    else:
        goal = None
    if goal is None:
        goal = reach[zlib.crc32(f"{view.round}{cid}".encode()) % len(reach)]
    path = preview.path_to(view, cid, "jog", goal, plan)["path"]
    if not path:
        return []
    steps = tuple(tuple(p) for p in path)
    ahead = min(goals, key=lambda g: (distance(goal, g), g)) if goals else None
    want = facing_towards(goal, ahead) if ahead and ahead != goal else entry.facing
    facing = allowed_facing(view, cid, "jog", steps, want, plan)
    return [] if facing is None else [A.Move(cid, "jog", steps, facing)]


def countdown_keeper(view: SeatView, ready: list, plan: DeckPlan) -> str | None:
    """The Mad Scientist's character that will set the countdown: one with an access key at
    a major terminal, while no countdown runs (it stays there until then)."""
    ordered = any(n.kind in ("self_destruct_ordered", "self_destruct") for n in view.notices)
    if view.faction != "scientist" or ordered:
        return None
    for cid, e in ready:
        keys = [i for i in e.items if view.own.items[i].type == "access_key"]
        if keys and plan.feature[plan.sq(*e.square)] == "major_terminal":
            return cid
    return None


def bot_choices(view: SeatView, plan: DeckPlan) -> list[A.Action]:
    """What the seat in turn would like to do next, best first (End Turn last)."""
    acted = set(view.turn.acted) if view.turn is not None else set()
    if len(acted) >= PER_TURN:
        return [A.EndTurn()]
    ready = [(cid, e) for cid, e in sorted(view.own.characters.items())
             if e.status == "active" and e.ma and e.square is not None and cid not in acted]
    know = odds.SeatKnowledge(view, plan)
    targets, fallen = hostiles(know), hostiles(know, fallen=True)
    last_seen = remembered(view)
    goals = sorted({tuple(c.square) for c in targets.values()} | set(last_seen))
    keeper = countdown_keeper(view, ready, plan)
    out: list[A.Action] = []
    if keeper is not None and view.round >= COUNTDOWN_ROUND:
        out.append(A.SelfDestruct(keeper, 3, view.own.characters[keeper].facing))
    covering: list[A.Action] = []  # one character a turn covers the way a hostile would come
    for step in ("attack", "move_attack", "artifact", "cover", "approach"):
        for cid, _e in ready:
            if cid == keeper and step != "attack":
                continue  # it keeps the terminal until the countdown is set
            if step == "attack":
                out += attack_now(know, cid, targets) or attack_now(know, cid, fallen)
            elif step == "move_attack":
                out += move_and_attack(know, cid, targets, plan)
            elif step == "artifact":
                out += fetch_artifact(view, cid, plan)
            elif step == "cover" and not targets and not covering:
                covering = cover(know, cid, last_seen)
                out += covering
            elif step == "approach":
                out += approach(view, cid, goals or list(RALLY), plan)
        if len(out) >= 3:
            break
    return out[:4] + [A.EndTurn()]
