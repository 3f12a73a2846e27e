"""The Judge's adjudication tools: moving and removing counters, statuses and suits; who
learns what, and when (the owner at its Situation Update, other maps only by sight)."""

from __future__ import annotations

import json

import pytest

from game.artifact import actions as A
from game.artifact.codec import canonical_json, to_plain
from game.artifact.engine import ArtifactGame, replay
from game.artifact.errors import IllegalAction, NotYourTurn
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.state import Notice
from game.artifact.views import decode_view, view_for
from tests.artifact.secrecy_tools import to_seat


@pytest.fixture
def game():
    game, _log = example_game(5)
    return game


def refused(game, seat, action, match, error=IllegalAction):
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(seat, action)
    assert game.to_json() == before


def first_char(game, seat):
    return sorted(c.id for c in game.own_characters(seat)
                  if game.sheets.characters[c.sheet].on_map)[0]


def test_only_the_judge_adjudicates_and_only_in_play(game):
    cid = first_char(game, "pirates")
    refused(game, "pirates", A.JudgeSetStatus(cid, "dead"), "only the Judge", NotYourTurn)
    refused(game, JUDGE, A.JudgeSetStatus(cid, "sleepy"), "status must be one of")
    refused(game, JUDGE, A.JudgeSetStatus(cid, "healthy"), "already healthy")
    refused(game, JUDGE, A.JudgeMove("nobody", 1, 1), "no character or item")
    refused(game, JUDGE, A.JudgeMove(cid, -5, 0), "off the map")
    refused(game, JUDGE, A.JudgeMove(cid, 1, 1, "Q"), "facing")
    refused(game, JUDGE, A.JudgeRemove("nobody"), "no character or item")
    refused(game, JUDGE, A.JudgeSetSuit(cid, ""), "wears no suit")
    lobby = ArtifactGame.new({"players": 3}, 1)
    refused(lobby, JUDGE, A.JudgeRemove("x"), "may not act now", NotYourTurn)


def test_status_change_reaches_the_owner_only_at_its_situation_update(game):
    cid = first_char(game, "phoneco")
    assert game.turn_seat == "pirates"
    before = view_for(game, "phoneco")
    game.apply(JUDGE, A.JudgeSetStatus(cid, "ko"))
    assert game.state.characters[cid].status == "ko"
    after = view_for(game, "phoneco")
    assert after == before  # not told yet: same view, not even a notice
    to_seat(game, "phoneco")
    view = view_for(game, "phoneco")
    # Out of its comrades' sight: the telegram, and no word of what happened.
    assert view.own.characters[cid].status == "out_of_contact"
    telegrams = [n for n in view.notices if n.kind == "telegram"]
    assert telegrams and telegrams[-1].about["character"] == cid
    assert "ko" not in canonical_json(telegrams[-1])  # a telegram says only that it happened
    refused(game, "phoneco", A.Move(cid, "walk", (), "N"), "not active")
    game.apply(JUDGE, A.JudgeSetStatus(cid, "healthy"))  # in its own turn: told at once
    view = view_for(game, "phoneco")
    assert view.notices[-1] == Notice("judge_status", game.round,
                                      {"character": cid, "status": "healthy"})


def test_light_wound_halves_the_ma(game):
    to_seat(game, "phoneco")
    cid = first_char(game, "phoneco")
    full = view_for(game, "phoneco").own.characters[cid].ma
    game.apply(JUDGE, A.JudgeSetStatus(cid, "light_wound"))
    entry = view_for(game, "phoneco").own.characters[cid]
    assert entry.wound is True and entry.status == "active"
    assert entry.ma == {m: (v + 1) // 2 for m, v in full.items()}


def test_moving_a_counter_other_maps_learn_only_by_sight(game):
    s = game.state
    cid = first_char(game, "scientist")
    char = s.characters[cid]
    old = list(game.plan.xy(char.square))
    old_facing = char.facing
    new_facing = "S" if old_facing != "S" else "N"
    token = char.token
    holders = [x for x in game.seats if x != "scientist"
               and token in view_for(game, x).map.counters]
    game.apply(JUDGE, A.JudgeMove(cid, old[0], old[1], new_facing))
    for x in holders:  # other maps keep what their observers last saw
        assert view_for(game, x).map.counters[token].facing == old_facing
    assert view_for(game, "scientist").own.characters[cid].facing == old_facing
    to_seat(game, "scientist")
    view = view_for(game, "scientist")
    assert view.own.characters[cid].facing == new_facing
    assert any(n.kind == "judge_moved" and n.about["character"] == cid for n in view.notices)


def test_moving_a_character_respects_stacking_and_open_floor(game):
    s = game.state
    cid = first_char(game, "pirates")
    wall = next(sq for sq in range(len(game.plan.terrain)) if not game.plan.passable(sq))
    refused(game, JUDGE, A.JudgeMove(cid, *game.plan.xy(wall)), "not open floor")
    outsider = first_char(game, "phoneco")
    s = game.state  # a refused action restores a copy of the state
    active = [c.id for c in s.characters.values() if c.status == "active"
              and c.id != outsider and game.sheets.characters[c.sheet].on_map]
    target = game.plan.sq(20, 8)
    assert game.plan.passable(target)
    for other in active[:game.stack_limit(target)]:  # the Judge fills the square
        game.apply(JUDGE, A.JudgeMove(other, *game.plan.xy(target)))
    refused(game, JUDGE, A.JudgeMove(outsider, *game.plan.xy(target)), "full")


def test_removing_a_character_sends_a_telegram_and_items_follow_the_hands(game):
    s = game.state
    to_seat(game, "phoneco")
    carrier = next(c for c in game.own_characters("phoneco") if c.items)
    item = carrier.items[0]
    game.apply(JUDGE, A.JudgeRemove(item))
    assert item not in s.characters[carrier.id].items
    assert s.items[item].square is None and s.items[item].holder is None
    refused(game, JUDGE, A.JudgeRemove(item), "not in play")
    game.apply(JUDGE, A.JudgeRemove(carrier.id))
    view = view_for(game, "phoneco")
    assert view.notices[-1].kind == "telegram"
    assert view.own.characters[carrier.id].square is None
    refused(game, JUDGE, A.JudgeRemove(carrier.id), "not on the map")


def test_suit_on_and_off(game):
    s = game.state
    to_seat(game, "pirates")
    cid = next(c.id for c in game.own_characters("pirates") if c.suit)
    suit = s.characters[cid].suit
    game.apply(JUDGE, A.JudgeSetSuit(cid, ""))
    assert s.characters[cid].suit is None and suit in s.characters[cid].items
    assert s.items[suit].worn is False
    game.apply(JUDGE, A.JudgeSetSuit(cid, suit))
    assert s.characters[cid].suit == suit and suit not in s.characters[cid].items
    refused(game, JUDGE, A.JudgeSetSuit(cid, suit), "already wears")


def test_adjudications_replay_byte_for_byte():
    game, log = example_game(9)
    actions = [(JUDGE, A.JudgeSetStatus(first_char(game, "phoneco"), "down")),
               (JUDGE, A.JudgeMove(first_char(game, "scientist"), 20, 8, "E")),
               ("pirates", A.EndTurn()),
               (JUDGE, A.JudgeRemove(first_char(game, "pirates")))]
    for seat, action in actions:
        if game.is_legal(seat, action):
            game.apply(seat, action)
            log.append((seat, action))
    assert len(log) >= 3
    again = replay(game.to_dict()["setup"], game.state.seed,
                   [(s, a.to_dict()) for s, a in log])
    assert again.to_json() == game.to_json()


def _random_step(game, rng):
    """A random action: the engine's legal lists in the lobby, cheap moves in play."""
    from game.artifact.movement import path_to, reachable

    if game.phase != "play":
        actor = rng.choice(sorted(game.actors()))
        return actor, rng.choice(game.legal_actions(actor))
    seat = game.turn_seat
    roll = rng.random()
    if roll < 0.15:
        return seat, A.EndTurn()
    if roll < 0.3:
        s = game.state
        cid = rng.choice(sorted(s.characters))
        x, y = game.plan.xy(rng.choice(sorted(game.plan.region("Feynman"))))
        return JUDGE, rng.choice([A.JudgeSetStatus(cid, rng.choice(A.JUDGE_STATUSES)),
                                  A.JudgeMove(cid, x, y, ""), A.JudgeRemove(cid)])
    view = view_for(game, seat)
    mine = [c for c, e in view.own.characters.items()
            if e.status == "active" and e.ma and c not in view.turn.acted]
    if not mine:
        return seat, A.EndTurn()
    cid = rng.choice(mine)
    mode = rng.choice(["walk", "jog", "run"])
    options = sorted(reachable(view, cid, mode, game.plan))
    if not options:
        return seat, A.EndTurn()
    found = path_to(view, cid, mode, rng.choice(options), game.plan)
    return seat, A.Move(cid, mode, tuple(found["path"]), rng.choice("NESW"))


def test_seat_view_from_the_judge_view_equals_view_for_over_random_games():
    import random

    from game.artifact.errors import ArtifactError
    from game.artifact.views import seat_view_from_judge_view

    checked = 0
    for players, seed in ((4, 21), (7, 22)):
        rng = random.Random(seed)
        game = ArtifactGame.new({"players": players}, seed)
        for step in range(220):
            seat, action = _random_step(game, rng)
            try:
                game.apply(seat, action)
            except ArtifactError:
                continue
            if step % 3 == 0:
                # as the wire carries it: plain, through JSON, decoded by the client
                judge = decode_view(json.loads(json.dumps(to_plain(view_for(game, JUDGE)))))
                for seat in game.seats:
                    assert seat_view_from_judge_view(judge, seat) == view_for(game, seat)
                    checked += 1
        assert game.phase == "play" and game.round >= 2
    assert checked > 150
    with pytest.raises(ValueError):
        seat_view_from_judge_view(view_for(game, "pirates"), "pirates")
    with pytest.raises(KeyError):
        seat_view_from_judge_view(view_for(game, JUDGE), "nobody")


def test_a_fallen_character_can_be_checked_by_a_human_in_its_square(game):
    from game.artifact.available import available_actions

    s = game.state
    assert game.turn_seat == "pirates"
    pirates = sorted(c.id for c in game.own_characters("pirates")
                     if game.sheets.characters[c.sheet].kind == "human")
    a, b, c = pirates[:3]
    where = game.plan.xy(s.characters[b].square)
    game.apply(JUDGE, A.JudgeMove("osorio", *where))
    game.apply(JUDGE, A.JudgeSetStatus("osorio", "ko"))
    game.apply(JUDGE, A.JudgeMove(a, *where))
    game.apply(JUDGE, A.JudgeSetStatus(a, "down"))
    facing = s.characters[c].facing
    turned = "NESW"[("NESW".index(facing) + 1) % 4]
    game.apply("pirates", A.Move(c, "walk", (), turned))  # a map update: osorio is seen
    view = view_for(game, "pirates")
    token = s.characters["osorio"].token
    options = {o.key: o for o in available_actions(view, b)}
    assert options[f"check:{a}"].ok and options[f"check:{token}"].ok
    game.apply("pirates", A.CheckStatus(b, token, "N"))  # KO: told as it is, no roll
    assert view_for(game, "pirates").notices[-1].about["result"] == "ko"
    assert s.characters["osorio"].status == "ko"
    refused(game, "pirates", A.CheckStatus(b, a, "N"), "already acted")
    while game.turn_seat != "pirates" or game.round < 2:
        game.apply(game.turn_seat, A.EndTurn())
    game.apply("pirates", A.CheckStatus(b, a, "N"))  # down: the roll decides
    assert game.state.characters[a].status in ("dead", "serious")


def test_a_map_partner_learns_no_sooner_than_the_owner():
    game = ArtifactGame.new({"players": 8}, 3)
    for seat in game.seats:
        game.apply(seat, A.VoteEncryption(True))
    for seat in sorted(game.actors()):
        game.apply(seat, game.legal_actions(seat)[0])
    for seat in game.seats:
        game.apply(seat, game.legal_actions(seat)[0])
    for k in range(1, 40):  # settle placement clashes
        if not game.placement_conflicts():
            break
        _space, _a, b = game.placement_conflicts()[0]
        game.apply(JUDGE, A.ReturnPlacement(b, ""))
        options = game.legal_actions(b)
        game.apply(b, options[k % len(options)])
    while game.phase == "judge_check":
        robots = [a for a in game.legal_actions(JUDGE) if isinstance(a, A.PlaceRobot)]
        game.apply(JUDGE, robots[0] if robots else A.StartPlay())
    assert game.phase == "play" and game.turn_seat == "pirates"
    assert game.state.map_of["pirates"] == game.state.map_of["pirates2"]
    cid = first_char(game, "pirates2")
    token = game.state.characters[cid].token
    seen = view_for(game, "pirates").map.counters[token]
    game.apply(JUDGE, A.JudgeSetStatus(cid, "dead"))
    assert view_for(game, "pirates").map.counters[token] == seen  # still as it was
    game.apply("pirates", A.EndTurn())  # the pirates2 seat's situation update
    assert view_for(game, "pirates").map.counters[token].status == "inactive"
    game.apply(JUDGE, A.JudgeRemove(cid))  # in its own turn: at once, for both
    assert token not in view_for(game, "pirates").map.counters
