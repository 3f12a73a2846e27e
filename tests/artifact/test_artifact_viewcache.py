"""The views the hub keeps between actions (``viewcache.PlainViews``) equal a full rebuild.

After every action of random games of 3 to 8 players (moves, pickups, combat, computer
work, lifts, informants, the aliens' powers, the Judge's tools and messages, junk the
engine refuses, turn ends and Global Updates; a third of the games in the dark with gas
about, some characters put out in space by the Judge), every seat's kept view and the
Judge's are compared, as packed bytes (so 1, 1.0 and True are told apart), with
``plain_view_for`` of the same state. The view fields are not listed here: whatever
``view_for`` builds is compared.
"""

from __future__ import annotations

import contextlib
import random

import msgpack
import pytest

from game.artifact import actions as A
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.viewcache import Marks, PlainViews, _frozen, touched_seats
from game.artifact.views import plain_view_for

from .secrecy_tools import hazards_in_play, quick_game, random_step

GAMES = 48
LOBBIES = 8  # per player count, as the secrecy properties use them


def _packed(plain: dict) -> bytes:
    return msgpack.packb(plain, use_bin_type=True)


def _space_squares(game) -> list[int]:
    plan = game.plan
    inside = set(plan.region("Feynman"))
    return [sq for sq in range(plan.width * plan.height)
            if sq not in inside and plan.passable(sq)]


def _step(game, rng: random.Random, space: list[int]) -> tuple[str, A.Action]:
    if space and rng.random() < 0.04:  # the Judge puts someone out in space
        x, y = game.plan.xy(rng.choice(space))
        return JUDGE, A.JudgeMove(rng.choice(sorted(game.state.characters)), x, y, "")
    return random_step(game, rng)


def _check(game, views: PlainViews, where: tuple) -> None:
    for seat in [*game.seats, JUDGE]:
        kept = views.plain(seat)
        full = plain_view_for(game, seat)
        assert _packed(kept) == _packed(full), (*where, seat)


@pytest.mark.slow
def test_kept_views_equal_a_full_rebuild_after_every_action():
    kept = built = 0
    for index in range(GAMES):
        rng = random.Random(31_000 + index)
        game = quick_game(3 + index % 6, index // 6 % LOBBIES)
        if index % 3 == 0:
            hazards_in_play(game, rng)
        views = PlainViews(game)
        _check(game, views, (index, "start"))
        space = _space_squares(game) if index % 4 == 1 else []
        for step in range(rng.randrange(25, 60)):
            if game.phase != "play":
                break
            seat, action = _step(game, rng, space)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
            _check(game, views, (index, step, seat, action))
        kept += views.kept
        built += views.built
    assert kept > built / 4  # the views kept are a good part of them: the test meets both


def test_a_move_touches_its_seat_and_map_partners_not_everyone():
    """A character's step during its turn, in a game of eight: its own seat and whoever
    shares its map are built again; some others keep theirs (they learn of it only at
    their own map updates, unless it gave them a fleeting sighting)."""
    game = quick_game(8, 0)
    views = PlainViews(game)
    for seat in [*game.seats, JUDGE]:
        views.plain(seat)
    seat = game.turn_seat
    rng = random.Random(5)
    before = {x: views.plain(x) for x in game.seats}
    for _ in range(50):
        mover, action = random_step(game, rng)
        if mover == seat and isinstance(action, A.Move):
            try:
                game.apply(seat, action)
                break
            except ArtifactError:
                continue
    else:
        pytest.fail("no move applied")
    s = game.state
    partners = {x for x in game.seats if s.map_of[x] == s.map_of[seat]}
    kept = {x for x in game.seats if views.plain(x) is before[x]}
    assert kept and not kept & partners
    # the mover's view was built again, but what did not change is the plain it had
    assert views.plain(seat)["seats"] is before[seat]["seats"]
    assert views.plain(seat)["own"] != before[seat]["own"]
    for x in game.seats:
        assert _packed(views.plain(x)) == _packed(plain_view_for(game, x))


def test_a_public_change_touches_every_seat():
    """Anything outside the seats' own parts (here the lights going out somewhere) is
    taken as public: every seat's view is built again."""
    game = quick_game(5, 1)
    marks = Marks(game)
    hazards_in_play(game, random.Random(2))  # lights out and gas, as Global Updates leave them
    after = Marks(game)
    assert touched_seats(game, marks, marks) == set()
    assert touched_seats(game, marks, after) == set(game.seats)


def test_the_kept_copy_sees_a_change_deep_inside_any_container():
    """The copy compared after an action shares only what cannot change: a list inside a
    tuple inside a map is copied too, so a change made to it in place is seen."""
    inner = ["a"]
    part = {"x": [("k", inner)], "y": {"z": (1, [2])}}
    kept = _frozen(part)
    inner.append("b")
    assert _frozen(part) != kept
    part["y"]["z"][1].append(3)
    assert _frozen(part) != _frozen({"x": [("k", ["a", "b"])], "y": {"z": (1, [2])}})
