"""Legal actions for the pending decision (an enumerable, representative list).

Where the space of choices is huge (orders, placements, paths) the list holds a sample of
legal actions that random playouts can use: moves are listed per destination (cheapest
known path, facing kept), orders per option with the cheapest roster, placements per
candidate space. Anything not listed may still be legal: ``is_legal`` is the test.
"""

from __future__ import annotations

from . import actions as A
from . import movement
from .customize import start_squares, things_to_place
from .deckplan import FACINGS
from .seats import JUDGE
from .views import view_for


def legal_actions(game, seat: str) -> list[A.Action]:
    phase = game.phase
    handler = {
        "assign": _assign, "encryption": _encryption, "purchase": _purchase,
        "place": _place, "judge_check": _judge_check, "play": _play,
    }.get(phase)
    if handler is None:
        return []
    return [a for a in handler(game, seat) if game.is_legal(seat, a)]


def _assign(game, seat):
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
    return [A.VoteEncryption(True), A.VoteEncryption(False)]


def _purchase(game, seat):
    sheet = game.sheets.factions[game.faction_of(seat)]
    s = game.state
    out = []
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
        out.append(A.Customize(option, roster if game.faction_of(seat) != "alien" else (),
                               tuple(free), partner))
        buy = [i for i in sheet.shop if not game.sheets.items[i].robot]
        if buy and holders:
            extra = tuple((item, holders[(n + 1) % len(holders)])
                          for n, item in enumerate(buy[:3]))
            out.append(A.Customize(option, roster, tuple(free) + extra, partner))
    return out


def _place(game, seat):
    plan = game.plan
    things = things_to_place(game, seat)
    if not things:
        return [A.PlaceForces(())]
    region = start_squares(game, things[0][2])
    spaces = sorted({plan.space_name(sq) for sq in region if plan.passable(sq)})
    out = []
    for space in spaces:
        places = []
        counts: dict = {}
        ok = True
        for kind, thing, regions in things:
            allowed = start_squares(game, regions)
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
            out.append(A.PlaceForces(tuple(places)))
    return out


def _judge_check(game, seat):
    if seat != JUDGE:
        return []
    s = game.state
    out = []
    for _space, a, b in game.placement_conflicts():
        out.append(A.ReturnPlacement(b, ""))
        out.append(A.ReturnPlacement(a, ""))
    plan = game.plan
    ring = sorted(sq for sq in plan.region("Ring") if plan.passable(sq))
    for char in sorted(s.characters.values(), key=lambda c: c.id):
        if char.seat is None and char.square is None:
            for sq in ring[:: max(1, len(ring) // 6)]:
                x, y = plan.xy(sq)
                out.append(A.PlaceRobot(char.id, x, y, "N"))
            break
    out.append(A.StartPlay())
    return out


def _play(game, seat):
    s = game.state
    if seat == JUDGE:
        levels = tuple((x, 1 + n % 3) for n, x in enumerate(s.seats))
        out = [A.SkipTurn(), A.Announce("All hands: routine systems check."),
               A.JudgeMessage(s.seats[0], "Keep it moving."), A.EndGame(levels)]
        for char in sorted(s.characters.values(), key=lambda c: c.id):
            if char.seat == game.turn_seat and char.square is not None:
                x, y = game.plan.xy(char.square)
                turned = FACINGS[(FACINGS.index(char.facing) + 1) % 4]
                out += [A.JudgeSetStatus(char.id, "light_wound"),
                        A.JudgeMove(char.id, x, y, turned), A.JudgeRemove(char.id)]
                break
        return out
    if seat != game.turn_seat:
        return []
    out: list[A.Action] = [A.EndTurn()]
    view = view_for(game, seat)
    plan = game.plan
    for cid, entry in view["own"]["characters"].items():
        if cid in s.turn.acted or entry["status"] != "active" or not entry.get("ma"):
            continue
        char = s.characters[cid]
        for mode in ("walk", "jog", "run"):
            for target, _cost in movement.reachable(view, cid, mode, plan).items():
                found = movement.path_to(view, cid, mode, target, plan)
                if found["reason"] is None or found["stop"] == target:
                    out.append(A.Move(cid, mode, tuple(found["path"]), entry["facing"]))
        for facing in FACINGS:
            if facing != entry["facing"]:
                out.append(A.Move(cid, "walk", (), facing))
        floor = sorted(i.id for i in s.items.values()
                       if i.holder is None and i.square == char.square
                       and not game.sheets.items[i.type].marker)
        for iid in floor:
            out.append(A.PickUpDrop(cid, (iid,), (), entry["facing"]))
        for iid in char.items:
            out.append(A.PickUpDrop(cid, (), (iid,), entry["facing"]))
            if game.sheets.items[s.items[iid].type].suit:
                out.append(A.WearSuit(cid, iid, entry["facing"]))
        for lift in plan.lifts:
            out.append(A.MoveLiftCar(cid, lift.name, entry["facing"]))
    for char in s.characters.values():
        if char.informant_of == seat:
            out.append(A.ActivateInformant(char.id))
    return out
