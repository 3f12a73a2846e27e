"""What a seat may know: ``view_for(game, seat)`` is the only way state leaves the engine.

A seat's view holds its own forces and private data (order, option, informants), the
counters on its map as the map updates placed them (plus last-known places), the lift cars
as its map shows them, its notices (telegrams, fleeting sightings, interdiction reasons,
situation updates) and the public frame of the game (phase, round, whose turn). Never the
seed or RNG, never another seat's order or plans, never the action log. The Judge's view
holds everything except the seed and RNG (a copy of the state, seed 0).

Views are the frozen records of ``viewtypes.py``, deterministic, so the hub can send the
plain form (``codec.to_plain``) as snapshots and diffs, and a client rebuilds the same
records (``decode_view``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .codec import to_plain
from .customize import things_to_place
from .seats import JUDGE
from .situation import believed_forces, believed_informants, partner_counters, xy_or_none
from .state import Counter, GameState, OwnCharacter, snapshot
from .table import Table
from .victory import goals_for
from .viewtypes import (
    CoverMark,
    InformantEntry,
    JudgeView,
    OwnForces,
    PlaceRow,
    Reveal,
    RevealedCharacter,
    RevealedItem,
    SeatMap,
    SeatTurn,
    SeatView,
    View,
    ViewError,
    decode_view,
)
from .welding import known_welds

__all__ = ["View", "ViewError", "decode_view", "frame_fields", "plain_view_for",
           "seat_view_from_judge_view", "view_for"]

def view_for(game: Table | dict, seat: str,
             known: dict[str, OwnCharacter] | None = None) -> View:
    """The view of ``seat`` (a faction seat id or JUDGE) of ``game``: a ``Table`` (the engine's
    ``ArtifactGame`` is one), or a state dict as made by ``ArtifactGame.to_dict``.

    ``known``: own characters' entries kept between calls (``situation.believed_forces``)."""
    if isinstance(game, dict):
        game = Table.from_dict(game)
    s = game.state
    if seat == JUDGE:
        return _judge_view(game, _judge_state(s))
    if seat not in s.seats:
        raise KeyError(f"no seat {seat!r}")
    sheets = game.sheets
    faction = game.faction_of(seat)
    map_id = s.map_of[seat]
    book = s.maps[map_id]
    own_chars, own_items = believed_forces(game, seat, known)
    counters, partners = map_counters(game, seat)
    informants = {c.id: InformantEntry(c.counter, c.token, c.informant_when)
                  for c in believed_informants(game, seat)}
    order = s.orders.get(seat)
    to_place: tuple[PlaceRow, ...] = ()
    if s.phase == "place" and not s.placed.get(seat):
        to_place = tuple(PlaceRow(kind, thing, tuple(regions), _own_name(game, kind, thing))
                         for kind, thing, regions in things_to_place(game, seat))
    covering = {c.id for c in game.own_characters(seat)}  # its own markers only
    return SeatView(
        seat=seat, faction=faction, player=s.players.get(seat),
        **frame_fields(game, seat),
        seats=tuple(s.specs[x] for x in s.seats),
        encryption=s.encryption, my_vote=s.votes.get(seat),
        species=s.species.get(seat),
        order=snapshot(order),
        budget=sheets.factions[faction].budget,
        victory=goals_for(game, seat),
        own=OwnForces(own_chars, own_items),
        informants={k: informants[k] for k in sorted(informants)},
        map=SeatMap(map_id, {k: counters[k] for k in sorted(counters)},
                    dict(book.last_known), dict(sorted(book.lifts.items()))),
        dark=tuple(sorted(s.dark)),
        notices=tuple(s.notices[seat]),
        result=s.result,
        to_place=to_place,
        gas=tuple(book.gas),
        airless=tuple(s.systems.warned),
        ring_stopped=s.systems.ring_stopped,
        shutdown=s.systems.shutdown,
        # where the ships are is public (docs/artifact-space.md): a client draws the plan
        ships=dict(s.ships),
        welded=known_welds(game, seat),
        partners=tuple(sorted(partners)),
        broken_windows=tuple(book.broken_windows),
        blown_hatches=tuple(book.blown_hatches),
        reveal=final_reveal(game) if s.phase == "over" else None,
        cover=tuple(CoverMark(m.character, m.weapon, xy_or_none(game.plan, m.square),
                              m.hostile)
                    for m in s.opportunity
                    if m.character in covering),
        alien=snapshot(s.aliens[seat]) if seat in s.aliens else None,
        shields=book.shields,
    )


def map_counters(game: Table, seat: str) -> tuple[dict[str, Counter], set[str]]:
    """The counters on ``seat``'s map as its view shows them (its map's, and a map-sharing
    partner's characters as that seat knows them), and the tokens of the partner's that
    the map itself does not hold."""
    s = game.state
    map_id = s.map_of[seat]
    book = s.maps[map_id]
    counters = dict(book.counters)
    partners: set[str] = set()
    for partner in s.seats:  # a map-sharing partner's characters, as its seat knows them
        if partner != seat and s.map_of[partner] == map_id:
            theirs = partner_counters(game, partner)
            counters.update(theirs)
            # friends the engine's map does not hold (one it holds is its own sighting)
            partners.update(t for t in theirs if t not in book.counters)
    return counters, partners


def frame_fields(game: Table, seat: str) -> dict[str, Any]:
    """The fields of ``seat``'s view that tell the frame of play: the phase, the round,
    whose turn it is, who may act now (of the seat and the Judge) and the turn as the
    seat knows it (the seat in turn also what it has done in it).

    ``view_for`` writes them from here, and so does ``viewcache.PlainViews`` when a turn
    ends, a round begins or the lobby moves on and the rest of a seat's view is as it was:
    no other field of a view reads the round, the turn or who acts, and the phase only
    what a seat has still to place, its own characters' moves and the end's reveal
    (``tests/artifact/test_artifact_viewcache.py`` changes only those and compares the
    views)."""
    s = game.state
    turn = None
    if s.turn:
        turn = (SeatTurn(seat, tuple(sorted(s.turn.acted)), tuple(sorted(s.turn.opened)))
                if s.turn.seat == seat else SeatTurn(s.turn.seat))
    return {"phase": s.phase, "round": s.round, "turn_seat": game.turn_seat,
            "actors": tuple(sorted(x for x in game.actors() if x in (seat, JUDGE))),
            "turn": turn}


def plain_view_for(game: Table, seat: str) -> dict:
    """``codec.to_plain(view_for(game, seat))``, as the hub sends it after every action.

    The Judge's view record carries a copy of the whole state, so that it never changes
    under its holder; its plain form is a copy already, so here it is made from the state
    itself (and the seed left out, as the copy leaves it out): the same value, without
    copying the state twice."""
    if seat != JUDGE:
        return to_plain(view_for(game, seat))
    plain = to_plain(_judge_view(game, game.state))
    plain["state"].pop("seed", None)
    return plain


def _judge_view(game: Table, state: GameState) -> JudgeView:
    s = game.state
    return JudgeView(
        phase=s.phase, round=s.round, turn_seat=game.turn_seat,
        actors=tuple(sorted(game.actors())),
        conflicts=tuple(tuple(c) for c in game.placement_conflicts())
        if s.phase == "judge_check" else (),
        state=state)


def final_reveal(game) -> Reveal:
    """Everything told at the end, the same for every seat: every character and item on
    the ship by name with its owner and place, and each alien seat's species."""
    s, sheets, plan = game.state, game.sheets, game.plan
    chars = tuple(RevealedCharacter(sheets.characters[c.sheet].name, c.seat,
                                    plan.xy(c.square) if c.square is not None else None,
                                    c.status)
                  for _cid, c in sorted(s.characters.items())
                  if sheets.characters[c.sheet].on_map)
    items = tuple(RevealedItem(sheets.items[i.type].name, i.owner,
                               plan.xy(i.square) if i.square is not None else None,
                               sheets.characters[s.characters[i.holder].sheet].name
                               if i.holder in s.characters else None)
                  for _iid, i in sorted(s.items.items(), key=lambda kv: (kv[1].type, kv[0])))
    species = {seat: s.orders[seat].option for seat in s.seats
               if s.specs[seat].faction == "alien" and seat in s.orders
               and s.orders[seat].option}
    species.update({seat: option for seat, option in s.species.items() if option})
    return Reveal(chars, items, species)


def _judge_state(state: GameState) -> GameState:
    """A copy of the state for the Judge's view, without the seed (the RNG is not in it)."""
    return replace(snapshot(state), seed=None)


def seat_view_from_judge_view(judge_view: JudgeView, seat: str) -> SeatView:
    """``view_for(game, seat)`` computed from the Judge's view alone (the Judge's "see the map
    as" switch).

    The Judge's view carries the whole state except the seed and the RNG, and no seat's view
    reads either, so a read-only ``Table`` of it runs the one ``view_for``: the result equals
    what the hub sends that seat, field for field."""
    if not isinstance(judge_view, JudgeView):
        raise ValueError("not the Judge's view")
    if seat not in judge_view.state.seats:
        raise KeyError(f"no seat {seat!r}")
    view = view_for(Table(judge_view.state), seat)
    assert isinstance(view, SeatView)
    return view


def _own_name(game: Table, kind: str, thing: str) -> str:
    """The name an owner knows one of its own things by: a character's name, an item's true
    type (never the look-alike it shows others)."""
    s = game.state
    if kind == "character":
        return game.sheets.characters[s.characters[thing].sheet].name
    return game.sheets.items[s.items[thing].type].name
