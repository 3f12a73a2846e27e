"""Random legal games: no view ever holds what its seat's characters could not see; illegal
actions change nothing; replay reproduces the game byte for byte."""

from __future__ import annotations

import json
import random

import pytest

from game.artifact import actions as A
from game.artifact.codec import canonical_json, to_plain
from game.artifact.engine import ArtifactGame, replay
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.sight import in_field, line_of_sight
from game.artifact.space import outside_view
from game.artifact.views import view_for

from .secrecy_tools import random_adjudication, random_move


def _observers(game, map_id):
    s = game.state
    sheets = game.sheets
    seats = {x for x in s.seats if s.map_of[x] == map_id}
    out = []
    for c in s.characters.values():
        mine = c.seat in seats or c.informant_of in seats
        if (mine and c.square is not None and c.status == "active" and not c.blind
                and sheets.characters[c.sheet].on_map):
            out.append(c)
    return out, seats


def _oracle_visible(game, map_id) -> set:
    """Tokens of things some observer of the map could see now (brute force, no shortcuts)."""
    s = game.state
    plan = game.plan
    observers, seats = _observers(game, map_id)
    dark = {sq for sq in range(len(plan.terrain)) if plan.space_name(sq) in s.dark}
    things = [(c.token, c.square) for c in s.characters.values()
              if c.square is not None and c.seat not in seats]
    things += [(i.token, i.square) for i in s.items.values()
               if i.holder is None and i.square is not None]
    out = set()
    for obs in observers:
        sheet = game.sheets.characters[obs.sheet]
        sees_dark = sheet.ir_vision or (obs.suit and s.items[obs.suit].type
                                        == "sneaksuit")
        for token, square in things:
            if square == obs.square:
                out.add(token)
                continue
            if (square in dark or obs.square in dark) and not sees_dark:
                continue
            over_the_hull = square in outside_view(plan, obs.square, obs.facing)
            if over_the_hull or (in_field(plan, obs.square, obs.facing, square)
                                 and line_of_sight(plan, obs.square, square)[0]):
                out.add(token)
    # informants report their own whereabouts
    for c in s.characters.values():
        if c.informant_of in seats:
            out.add(c.token)
    return out


def _check_views(game, ever: dict):
    s = game.state
    for map_id in s.maps:
        ever.setdefault(map_id, set()).update(_oracle_visible(game, map_id))
    all_tokens = {c.token for c in s.characters.values()}
    all_tokens |= {i.token for i in s.items.values()}
    for seat in s.seats:
        view = view_for(game, seat)
        map_id = view.map.id
        partners = {c.token for c in s.characters.values()
                    if c.seat in s.seats and c.seat != seat
                    and s.map_of[c.seat] == map_id}
        own = {c.token for c in s.characters.values() if c.seat == seat}
        own |= set(view.own.items)
        # what its own characters carried as it last knew them (an entry the Judge's change
        # has not reached yet still lists them)
        own |= {i for e in view.own.characters.values() for i in e.items}
        known = ever[map_id] | partners | own
        shown = set(view.map.counters) | set(view.map.last_known)
        assert shown <= known | {t for t in view.map.last_known
                                 if view.map.last_known[t].round == 0}, seat
        text = canonical_json(view)
        for token in all_tokens - known - shown:
            assert token not in text, (seat, token)
        assert '"rng"' not in text and '"seed"' not in text
        for other in s.seats:
            if other != seat and s.orders.get(other):
                items = to_plain(s.orders[other].items)
                assert json.dumps(items) not in text or not items


def _lobby(game, rng):
    while game.phase not in ("play", "over"):
        actor = rng.choice(sorted(game.actors()))
        options = game.legal_actions(actor)
        if game.phase == "judge_check":
            returns = [a for a in options if isinstance(a, A.ReturnPlacement)]
            robots = [a for a in options if isinstance(a, A.PlaceRobot)]
            options = returns or robots or options
        action = rng.choice(options)
        game.apply(actor, action)
        yield actor, action


def _random_play_action(game, rng):
    seat = game.turn_seat
    view = view_for(game, seat)
    plan = game.plan
    mine = [c for c, e in view.own.characters.items()
            if e.status == "active" and e.ma and c not in view.turn.acted]
    roll = rng.random()
    if not mine or roll < 0.08:
        return seat, A.EndTurn()
    cid = rng.choice(mine)
    entry = view.own.characters[cid]
    if roll < 0.11:
        return JUDGE, A.SkipTurn()
    if roll < 0.14:
        return JUDGE, random_adjudication(game, rng)
    if roll < 0.2:  # junk that must be refused without a trace
        junk = [A.Move(cid, "jog", ((0, 0),), "N"), A.Move(cid, "fly", (), "N"),
                A.PickUpDrop(cid, ("nothing",), (), "N"), A.MoveLiftCar(cid, "9", "N"),
                A.Move(cid, "run", tuple((x, 7) for x in range(30)), "E"),
                A.WearSuit(cid, "none", "N"), A.CheckStatus(cid, "eastwood", "N")]
        return seat, rng.choice(junk)
    if roll < 0.3:
        items = entry.items
        floor = [t for t, c in view.map.counters.items()
                 if c.KIND == "item" and c.square == entry.square]
        if floor:
            return seat, A.PickUpDrop(cid, (rng.choice(floor),), (), entry.facing)
        if items:
            return seat, A.PickUpDrop(cid, (), (rng.choice(items),), entry.facing)
    if roll < 0.34:
        return seat, A.MoveLiftCar(cid, rng.choice(["1", "2"]), entry.facing)
    return seat, random_move(view, cid, plan, rng)


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2), (7, 3), (8, 4)])
def test_random_games_keep_secrets(players, seed):
    rng = random.Random(seed)
    setup = {"players": players, "assignment": "random"}
    game = ArtifactGame.new(setup, seed)
    log = list(_lobby(game, rng))
    ever: dict = {}
    _check_views(game, ever)
    applied = refused = 0
    for _step in range(160):
        seat, action = _random_play_action(game, rng)
        before = game.to_json()
        try:
            game.apply(seat, action)
        except ArtifactError:
            assert game.to_json() == before  # an illegal action leaves no trace
            refused += 1
            continue
        applied += 1
        log.append((seat, action))
        _check_views(game, ever)
    assert applied > 100 and refused > 5
    again = replay(setup, seed, [(s, a.to_dict()) for s, a in log])
    assert again.to_json() == game.to_json()
    loaded = ArtifactGame.from_dict(json.loads(game.to_json()))
    assert loaded.to_json() == game.to_json()
