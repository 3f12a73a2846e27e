"""Typed views on the wire: the plain form the hub sends decodes, on the client, into
records equal to what ``view_for`` built, for every seat and the Judge of random games; a
malformed view document is refused with ``ViewError`` naming what was wrong."""

from __future__ import annotations

import contextlib
import random

import msgpack
import pytest

from game.artifact.codec import to_plain
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.views import seat_view_from_judge_view, view_for
from game.artifact.viewtypes import JudgeView, SeatView, ViewError, decode_view

from .secrecy_tools import quick_game, random_step


def _wire(view) -> object:
    """The view as a client receives it: its plain form through msgpack."""
    return msgpack.unpackb(msgpack.packb(to_plain(view), use_bin_type=True), raw=False)


def test_decoded_views_equal_view_for_over_random_games():
    checked = 0
    for players, seed in ((3, 41), (5, 42), (8, 43)):
        rng = random.Random(seed)
        game = quick_game(players, seed)
        for step in range(40):
            seat, action = random_step(game, rng)
            with contextlib.suppress(ArtifactError):  # refused probes change nothing
                game.apply(seat, action)
            if step % 4:
                continue
            for who in (*game.seats, JUDGE):
                view = view_for(game, who)
                decoded = decode_view(_wire(view))
                assert type(decoded) is type(view) and decoded == view, (seed, step, who)
                checked += 1
            judge = decode_view(_wire(view_for(game, JUDGE)))
            assert isinstance(judge, JudgeView) and judge.state.seed is None
            for who in game.seats:
                assert seat_view_from_judge_view(judge, who) == view_for(game, who)
    assert checked >= 3 * 10 * 4


def test_views_in_the_lobby_decode_too():
    game = quick_game(4, 7)
    for who in (*game.seats, JUDGE):
        assert decode_view(_wire(view_for(game, who))) == view_for(game, who)


@pytest.mark.parametrize("spoil, named", [
    (lambda d: d.pop("kind"), "view"),
    (lambda d: d.update(kind="nobody"), "view.kind"),
    (lambda d: d.pop("own"), "own"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.update(round="two"), "view.round"),
    (lambda d: d["map"].update(counters={"t": {"kind": "ghost"}}), "view.map.counters"),
    (lambda d: d["map"]["lifts"].update({"1": "up"}), "view.map.lifts"),
    (lambda d: d.update(player="x" * 600), "view.player"),
    (lambda d: d["notices"].append({"kind": "telegram"}), "missing field 'round'"),
    (lambda d: d["own"]["characters"].update(orlov={"id": "orlov"}), "orlov"),
])
def test_a_malformed_view_is_refused_naming_the_field(spoil, named):
    game = quick_game(3, 9)
    plain = _wire(view_for(game, "pirates"))
    assert isinstance(decode_view(plain), SeatView)
    spoil(plain)
    with pytest.raises(ViewError) as refused:
        decode_view(plain)
    message = str(refused.value)
    assert named in message and "\n" not in message and message.startswith("malformed view")


def test_a_view_is_not_a_list_or_nothing():
    for junk in (None, [], "view", 3, {"kind": "judge"}):
        with pytest.raises(ViewError):
            decode_view(junk)
