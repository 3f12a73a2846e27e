"""What a seat may know: ``view_for(game, seat)`` is the only way state leaves the engine.

A seat's view holds its own forces and private data (order, option, informants), the
counters on its map as the map updates placed them (plus last-known places), the lift cars
as its map shows them, its notices (telegrams, fleeting sightings, interdiction reasons,
situation updates) and the public frame of the game (phase, round, whose turn). Never the
seed or RNG, never another seat's order or plans, never the action log. The Judge's view
holds everything except the seed and RNG (the state's plain form). Views are plain,
deterministic dicts, so the hub can send snapshots and diffs.
"""

from __future__ import annotations

from .codec import to_plain
from .customize import things_to_place
from .seats import JUDGE
from .situation import believed_forces
from .table import Table, saved_state


def view_for(game: Table | dict, seat: str) -> dict:
    """The view of ``seat`` (a faction seat id or JUDGE) of ``game``: a ``Table`` (the engine's
    ``ArtifactGame`` is one), or a state dict as made by ``ArtifactGame.to_dict``."""
    if isinstance(game, dict):
        game = Table.from_dict(game)
    s = game.state
    if seat == JUDGE:
        full = to_plain(s)
        full.pop("seed", None)
        return {
            "seat": JUDGE, "judge": True, "phase": s.phase, "round": s.round,
            "turn_seat": game.turn_seat, "actors": sorted(game.actors()),
            "conflicts": game.placement_conflicts() if s.phase == "judge_check" else [],
            "state": full,
        }
    if seat not in s.seats:
        raise KeyError(f"no seat {seat!r}")
    sheets = game.sheets
    faction = game.faction_of(seat)
    map_id = s.map_of[seat]
    book = s.maps[map_id]
    mine = believed_forces(game, seat)
    own_chars, own_items = mine.characters, mine.items
    counters = dict(book.counters)
    for partner in s.seats:  # a map-sharing partner's characters, as its seat knows them
        if partner != seat and s.map_of[partner] == map_id:
            counters.update(believed_forces(game, partner).counters)
    informants = {c.id: {"counter": c.counter, "token": c.token}
                  for c in s.characters.values() if c.informant_of == seat}
    turn = None
    if s.turn:
        turn = {"seat": s.turn.seat}
        if s.turn.seat == seat:
            turn["acted"] = sorted(s.turn.acted)
            turn["opened"] = sorted(s.turn.opened)
    view = {
        "seat": seat, "judge": False, "faction": faction,
        "player": s.players.get(seat),
        "phase": s.phase, "round": s.round, "turn_seat": game.turn_seat,
        "actors": sorted(x for x in game.actors() if x in (seat, JUDGE)),
        "seats": [to_plain(s.specs[x]) for x in s.seats],
        "encryption": s.encryption, "my_vote": s.votes.get(seat),
        "species": s.species.get(seat),
        "order": to_plain(s.orders.get(seat)),
        "budget": sheets.factions[faction].budget,
        "victory": list(sheets.factions[faction].victory),
        "own": {"characters": own_chars, "items": own_items},
        "informants": {k: informants[k] for k in sorted(informants)},
        "map": {"id": map_id, "counters": to_plain({k: counters[k] for k in sorted(counters)}),
                "last_known": to_plain(book.last_known),
                "lifts": dict(sorted(book.lifts.items()))},
        "dark": sorted(s.dark),
        "turn": turn,
        "notices": to_plain(s.notices[seat]),
        "result": to_plain(s.result),
    }
    if s.phase == "place" and not s.placed.get(seat):
        view["to_place"] = [[kind, thing, list(regions)]
                            for kind, thing, regions in things_to_place(game, seat)]
    return view


def seat_view_from_judge_view(judge_view: dict, seat: str) -> dict:
    """``view_for(game, seat)`` computed from the Judge's view alone (the Judge's "see the map
    as" switch).

    The Judge's view carries the whole state except the seed and the RNG, and no seat's view
    reads either, so a read-only ``Table`` of it runs the one ``view_for``: the result equals
    what the hub sends that seat, key for key."""
    if not isinstance(judge_view, dict) or judge_view.get("judge") is not True:
        raise ValueError("not the Judge's view")
    state = judge_view.get("state")
    if not isinstance(state, dict) or seat not in state.get("seats", ()):
        raise KeyError(f"no seat {seat!r}")
    return view_for(Table(saved_state(state)), seat)
