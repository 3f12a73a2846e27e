"""Interdiction (rulebook: Interdiction, Interdictions, Running, Doors and Hatches).

A move is planned and judged legal on the mover's own view (``movement.check_path``), then
walked step by step through the true state here. The mover halts where something it could
not see stops it (a locked or interlocked hatch, an unseen character, a booby trap, a lift
car that is not there) and its player is told why; a runner is told only at its next
Situation Update, and sees nothing on the way.
"""

from __future__ import annotations

from . import available, combat, movement, ring, sightings, situation, space, welding
from .deckplan import DeckPlan
from .events import Event
from .state import Character
from .views import map_counters

HATCH_REASON_LOCKED = "the hatch is locked"
STRUCK_DOWN = "struck down by the hostiles it left behind"
HATCH_REASON_WELDED = "the hatch is welded shut"
HATCH_REASON_INTERLOCK = "the airlock's other hatch is open: the safety interlock holds this one"


def perform_move(game, seat: str, char: Character, mode: str, path,
                 facing: str, rng) -> tuple[list[Event], bool]:
    """Validate from the seat's view, then move, halting on interdiction. The last one
    out of a square of active hostiles takes their free attack as it leaves (``rng``: the
    game's dice); struck down, it stays. A floater crossing the turning ring's spokes may be
    struck (``ring.sweep``).

    Returns the events and whether the move was interdicted."""
    s = game.state
    plan = game.plan
    knows, known = mover_knowledge(game, seat)
    planned = movement.check_path(None, char.id, mode, path, facing, plan, knows)
    opened = set(s.turn.opened)
    running = mode == "run"
    reason = None
    glimpses: dict = {}
    dark = sightings.dark_squares(s, plan)
    own_map_seats = set(sightings.map_seats(s, s.map_of[seat]))
    trap_events: list[Event] = []
    markers = combat.opportunity_markers(game, char)
    set_off = {a.source for a in s.attacks}  # triggered traps wait for their owner's turn
    for index, nxt in enumerate(planned.squares):
        cur = char.square
        hatch = planned.hatches[index]
        if hatch is not None and hatch not in opened:
            if hatch in s.systems.welded:
                reason = welding.HATCH_REASON_WELDED
                break
            if hatch in s.locked:
                reason = HATCH_REASON_LOCKED
                break
            if hatch in s.systems.welded:
                reason = HATCH_REASON_WELDED
                break
            if movement.interlocked(plan, hatch, opened):
                reason = HATCH_REASON_INTERLOCK
                break
        end = movement.lift_end(plan, nxt)
        if end is not None and s.lifts[end[0]] != end[1]:
            reason = f"the lift {end[0]} car is not here: the shaft is empty"
            break
        if game.stack_count(nxt) + 1 > game.stack_limit(nxt):
            reason = "there is no room: someone unseen fills that square"
            break
        if index == 0:
            trap_events += combat.last_one_out(game, char, cur, rng)
            if not available.may_act(char.status,
                                     game.sheets.characters[char.sheet].skills):
                reason = STRUCK_DOWN
                break
        if hatch is not None:
            opened.add(hatch)
        char.square = nxt
        unseen = [c for c in s.characters.values()
                  if c.square == nxt and c.id != char.id and c.status == "active"
                  and c.seat != seat and c.token not in known
                  and sightings.is_physical(game.sheets, c)
                  and not (c.suit and s.items[c.suit].type == "sneaksuit"
                           and game.sheets.characters[char.sheet].kind
                           in ("robot", "android"))]
        traps = [i for i in s.items.values()
                 if i.square == nxt and i.holder is None and i.owner != seat
                 and game.sheets.items[i.type].marker and i.id not in set_off]
        if unseen:
            reason = "bumped into someone unseen"
            break
        if traps:
            reason = "a booby trap"
            for trap in sorted(traps, key=lambda i: i.id):
                # Set off: it goes off at its owner's Situation Update and stops nobody else
                # meanwhile. The owner is told only the square: who set it off shows on its
                # map if, and only if, one of its characters sees it there at a map update.
                trap_events.append(combat.trigger(game, trap.owner, trap.id, char, nxt))
            break
        covering = markers.get(nxt)
        if covering:
            reason = "opportunity fire"
            for marker in covering:
                placer = s.characters[marker.character]
                trap_events.append(combat.trigger(game, placer.seat, placer.id, char, nxt))
            break
        struck = ring.sweep(game, seat, char, nxt, rng) if rng is not None else None
        if struck is not None:
            reason = "struck by the turning ring"
            trap_events += struck
            break
        if not running and index < len(planned.squares) - 1:
            step_facing = direction(plan, cur, nxt, char.facing)
            fov = sightings.observer_fov(s, plan, game.sheets, char, dark, nxt, step_facing)
            glimpses.update(sightings.visible_to(s, plan, game.sheets, char, fov,
                                                 own_map_seats))
    s.turn.opened = sorted(opened)
    if reason != STRUCK_DOWN:
        char.facing = facing
    char.eva = space.eva_state(plan, char.square)
    combat.carry_along(game, char)
    events = [Event("moved", (seat, "judge"), {"character": char.id,
                                               "square": list(plan.xy(char.square))})]
    events += trap_events
    if reason is not None:
        events.append(game.notify(seat, {"kind": "interdiction", "character": char.id,
                                         "reason": reason,
                                         "square": list(plan.xy(char.square))},
                                  pending=running))
    if running and planned.squares:
        char.blind = True
    else:
        final = sightings.observer_fov(s, plan, game.sheets, char, dark)
        seen_now = sightings.visible_to(s, plan, game.sheets, char, final, own_map_seats)
        fleeting = [{"counter": entry.counter,
                     "space": plan.space_name(plan.sq(*entry.square)) or "outside"}
                    for token, entry in sorted(glimpses.items())
                    if token not in seen_now]
        if fleeting:
            events.append(game.notify(seat, {"kind": "fleeting", "character": char.id,
                                             "glimpses": fleeting}))
    return events, reason is not None


def mover_knowledge(game, seat: str) -> tuple[movement.Knowledge, set[str]]:
    """What a move's check reads of ``seat``'s view, and the tokens on its map:
    ``movement.knowledge(view_for(game, seat), game.plan)`` and ``set(view.map.counters)``,
    from the same rule functions as the view's parts, without building the rest of it
    (its items, notices, goals and the rest: the check reads none of them)."""
    s = game.state
    turn = s.turn
    counters, _partners = map_counters(game, seat)
    book = s.maps[s.map_of[seat]]
    knows = movement.knowledge_of(
        game.plan, situation.believed_characters(game, seat), counters, s.dark,
        turn.opened if turn is not None and turn.seat == seat else (), book.lifts,
        welding.known_welds(game, seat))
    return knows, set(counters)


def direction(plan: DeckPlan, a: int, b: int, default: str) -> str:
    """The way a mover faces on the step a -> b, seen from above (onto a hull face or off
    it too: the face lies over the hull square under it)."""
    ax, ay = space.ground_xy(plan, a)
    bx, by = space.ground_xy(plan, b)
    if bx > ax:
        return "E"
    if bx < ax:
        return "W"
    if by > ay:
        return "S"
    if by < ay:
        return "N"
    return default
