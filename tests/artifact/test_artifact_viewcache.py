"""The views the hub keeps between actions (``viewcache.PlainViews``) equal a full rebuild.

After every action of random games of 3 to 8 players (moves, pickups, combat, computer
work, lifts, informants, the aliens' powers, the Judge's tools and messages, junk the
engine refuses, many turn ends and new rounds, Global Updates; some games from the lobby
through every phase of the setup, the Judge giving out the seats in some, some ended by
the Judge; a third of the games in the
dark with gas about, some characters put out in space by the Judge), every seat's kept
view and the Judge's are compared, as packed bytes (so 1, 1.0 and True are told apart),
with ``plain_view_for`` of the same state. The view fields are not listed here: whatever
``view_for`` builds is compared. A view kept across a turn's end with only its frame
written anew (``views.frame_fields``) is checked both ways: against the full rebuild, and
by changing nothing but the round and the turn in a copy of the state.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import msgpack
import pytest

from game.artifact import actions as A
from game.artifact import situation
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.state import snapshot
from game.artifact.table import LOBBY_PHASES, Table
from game.artifact.viewcache import Marks, PlainViews, _copy, changes, touched_seats
from game.artifact.views import frame_fields, plain_view_for, view_for

from .secrecy_tools import (
    frame_moved_on,
    hazards_in_play,
    move_frame_on,
    play_lobby,
    quick_game,
    random_step,
)

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
    kept = built = reframed = 0
    frames: Counter[str] = Counter()
    for index in range(GAMES):
        rng = random.Random(31_000 + index)
        players = 3 + index % 6
        views: PlainViews | None = None
        if index % 8 == 5:  # through the lobby: every phase of the setup, one by one
            def after(game, where=index, phases=[]) -> None:  # noqa: B006 (one per game)
                nonlocal views
                views = views or PlainViews(game)
                frames["phase"] += bool(phases) and phases[-1] != game.phase
                phases.append(game.phase)
                before = views.built
                _check(game, views, (where, "lobby", game.phase))
                frames["lobby, some seats kept"] += views.built - before < len(game.seats)
            # half of them with the Judge giving out the seats and species
            game = play_lobby(players, 100 + index, after,
                              "judge" if index % 16 == 13 else "random")
        else:
            game = quick_game(players, index // 6 % LOBBIES)
            if index % 3 == 0:  # (set before the views are kept: no action tells them)
                hazards_in_play(game, rng)
        views = views or PlainViews(game)
        _check(game, views, (index, "start"))
        space = _space_squares(game) if index % 4 == 1 else []
        quick_turns = index % 2  # half the games end turns often: many rounds
        for step in range(rng.randrange(25, 60)):
            if game.phase != "play":
                break
            if quick_turns and rng.random() < 0.3:
                seat, action = game.turn_seat, A.EndTurn()
            else:
                seat, action = _step(game, rng, space)
            was = (game.phase, game.round, game.turn_seat)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
            frames.update(_frame_moves(was, game))
            _check(game, views, (index, step, seat, action))
        if index % 4 == 3 and game.phase == "play":  # the Judge ends it: all is told
            game.apply(JUDGE, A.EndGame())
            frames.update(_frame_moves(("play",), game))
            _check(game, views, (index, "over"))
        kept += views.kept
        built += views.built
        reframed += views.reframed
    assert kept > built / 4  # the views kept are a good part of them: the test meets both
    assert reframed > built / 4  # and so are those kept with their frame written anew
    assert frames["turn"] > 500 and frames["round"] > 100 and frames["phase"] > 30, frames
    assert frames["lobby, some seats kept"] > 60, frames  # a vote, a purchase, a placement


def _frame_moves(was: tuple, game) -> list[str]:
    """Which of the phase, the round and the turn's seat an action changed."""
    now = (game.phase, game.round, game.turn_seat)
    return [name for name, a, b in zip(("phase", "round", "turn"), was, now, strict=False)
            if a != b]


def _random_games(count: int, seed: int) -> Iterator[tuple[int, random.Random, Table]]:
    """``count`` random games of 3 to 8 players at their first turn of play, a third of
    them in the dark with gas about, each with its own random source."""
    for index in range(count):
        rng = random.Random(seed + index)
        game = quick_game(3 + index % 6, index % LOBBIES)
        if index % 3 == 0:
            hazards_in_play(game, rng)
        yield index, rng, game


def test_only_the_frame_fields_read_the_round_and_the_turn():
    """Every field of a seat's view other than those ``frame_fields`` writes is the same
    whatever the round and whoever's turn it is (the rest of the state unchanged), so a
    view kept across a turn's end with its frame written anew is the view: in states
    along random games, each seat's view of a copy with only the round and the turn
    moved on equals its view of the game with the copy's frame fields written in. A
    field added later that reads the round, the turn or who acts fails here until
    ``frame_fields`` writes it."""
    compared = moved = 0
    for index, rng, game in _random_games(12, 47_000):
        for _step_no in range(rng.randrange(10, 30)):
            if rng.random() < 0.3:
                twin = frame_moved_on(game)
                for seat in game.seats:
                    mine, theirs = view_for(game, seat), view_for(twin, seat)
                    assert replace(mine, **frame_fields(twin, seat)) == theirs, (index, seat)
                    moved += mine.turn != theirs.turn
                    compared += 1
            seat, action = random_step(game, rng)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
            if game.phase != "play":
                break
    assert compared > 200 and moved == compared


def test_between_parts_of_the_lobby_the_phase_is_read_by_the_frame_and_what_is_left_to_place():
    """A change of phase within the lobby touches, besides each view's frame, only the
    seats with something left to place when the placement begins or ends
    (``touched_seats``): at every step of random lobbies, each seat's view of a copy with
    only the phase changed, to each other part of the lobby, equals its view of the game
    with the copy's frame fields written in, for every seat but those. A field added
    later that reads the phase fails here until ``touched_seats`` counts it."""
    compared = 0
    phases_met: set[str] = set()

    def after(game) -> None:
        nonlocal compared
        if game.phase not in LOBBY_PHASES:
            return
        phases_met.add(game.phase)
        for other in LOBBY_PHASES:
            if other == game.phase:
                continue
            state = snapshot(game.state)
            state.phase = other
            twin = Table(state)
            for seat in game.seats:
                if "place" in (game.phase, other) and not game.state.placed.get(seat):
                    continue  # what it has still to place shows in one phase only
                mine, theirs = view_for(game, seat), view_for(twin, seat)
                assert replace(mine, **frame_fields(twin, seat)) == theirs, (game.phase, other)
                compared += 1

    for index in range(4):
        play_lobby(3 + index + index // 2 * 2, 200 + index, after, ("judge", "random")[index % 2])
    assert phases_met == set(LOBBY_PHASES) and compared > 1000, (phases_met, compared)


def test_a_frame_moved_on_alone_is_written_into_every_kept_view():
    """Nothing but the round and the turn changed (as no action does alone: a new round
    brings Global Updates, which touch every seat): every seat's view is kept with each
    frame field written anew, none built again, and each equals a full rebuild."""
    game = quick_game(6, 3)
    views = PlainViews(game)
    before = {x: views.plain(x) for x in game.seats}
    move_frame_on(game)
    s = game.state
    built = views.built
    for x in game.seats:
        now = views.plain(x)
        assert now is not before[x] and now["seats"] is before[x]["seats"]
        assert now["round"] == s.round and now["turn_seat"] == s.turn.seat
        assert _packed(now) == _packed(plain_view_for(game, x)), x
    assert views.built == built and views.reframed == len(game.seats)


def test_a_turn_passed_on_writes_the_frame_of_every_kept_view():
    """A turn ended in a game of eight: the seats it touched in nothing else keep their
    view records with the frame written anew (not built again), and every view says
    whose turn it is now, as a full rebuild does."""
    game = quick_game(8, 2)
    views = PlainViews(game)
    for seat in [*game.seats, JUDGE]:
        views.plain(seat)
    before = {x: views.plain(x) for x in game.seats}
    ended = game.turn_seat
    game.apply(ended, A.EndTurn())
    assert game.turn_seat != ended
    now = {x: views.plain(x) for x in game.seats}
    assert views.reframed >= 3  # most seats learnt nothing but the frame
    for x in game.seats:
        assert now[x]["turn_seat"] == game.turn_seat
        assert now[x]["turn"]["seat"] == game.turn_seat
        assert _packed(now[x]) == _packed(plain_view_for(game, x)), x
    kept = [x for x in game.seats if now[x]["own"] is before[x]["own"]]
    assert len(kept) >= 3  # what did not change is the very plain form it had


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


def test_a_view_built_again_writes_only_the_own_entries_that_changed(monkeypatch):
    """After a step in a game of eight, the mover's view and its map partners' are built
    again, and of their own characters' entries only those of characters the step changed
    are written anew: the others are lent by the entries kept from the last views
    (``believed_forces``'s ``known``). Every view equals a full rebuild."""
    game = quick_game(8, 4)
    views = PlainViews(game)
    for seat in [*game.seats, JUDGE]:
        views.plain(seat)
    rng = random.Random(8)
    seat = game.turn_seat
    before = snapshot(game.state.characters)
    for _ in range(80):
        mover, action = random_step(game, rng)
        if mover == seat and isinstance(action, A.Move):
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
                break
    else:
        pytest.fail("no move applied")
    changed = {cid for cid, char in game.state.characters.items() if before.get(cid) != char}
    written: list[str] = []
    write = situation.own_character_entry
    monkeypatch.setattr(situation, "own_character_entry",
                        lambda game, char: written.append(char.id) or write(game, char))
    built = views.built
    kept = {x: views.plain(x) for x in game.seats}
    monkeypatch.undo()
    assert views.built - built >= 2  # the mover's seat and its partner's at least
    assert action.character in written and set(written) <= changed, (written, changed)
    for x in game.seats:
        assert _packed(kept[x]) == _packed(plain_view_for(game, x)), x


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
    kept = _copy(part)
    assert kept == part
    inner.append("b")
    assert kept != part
    part["y"]["z"][1].append(3)
    assert _copy(part) != {"x": [("k", ["a", "b"])], "y": {"z": (1, [2])}}


def test_a_record_that_leaves_a_field_out_of_its_equality_is_refused():
    """The copy of a record is compared with the live one by the record's own equality:
    a mutable record that does not compare every field would hide a change to it."""

    @dataclass
    class Partial:
        shown: int
        hidden: list = field(default_factory=list, compare=False)

    with pytest.raises(TypeError, match="Partial does not compare all its fields"):
        _copy({"x": Partial(1)})


def test_marks_made_from_the_last_equal_marks_made_afresh_after_every_action():
    """``Marks(game, before)`` copies only what changed since ``before``: after every
    action of random games its copies equal the state's fresh copy (and the state), its
    changes are those of the fresh copy, and what it kept it shares with ``before``."""
    shared = fresh = 0
    for _index, rng, game in _random_games(10, 53_000):
        before = Marks(game)
        for _step_no in range(rng.randrange(20, 50)):
            seat, action = _step(game, rng, [])
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
            now, afresh = Marks(game, before), Marks(game)
            assert now.frame == afresh.frame
            assert now.parts == afresh.parts
            assert {name: getattr(game.state, name) for name in now.parts} == now.parts
            assert _same_changes(now.changed, changes(before, afresh))
            for name, part in now.parts.items():
                if part is before.parts[name]:
                    shared += 1
                elif name not in now.changed:
                    fresh += 1
            before = now
            if game.phase != "play":
                break
    assert fresh == 0 and shared > 1000


def _same_changes(a: dict | None, b: dict) -> bool:
    return a is not None and a.keys() == b.keys() and all(
        (a[k] is None) == (b[k] is None) and sorted(a[k] or []) == sorted(b[k] or [])
        for k in a)


def test_views_forked_for_a_pondered_action_serve_the_game_that_takes_it_over():
    """A host works the likely next action out ahead and builds some views of the game it
    leaves (``ArtifactGame.ponder``, ``PlainViews.fork``): whether the game then takes that
    state over (the views are rebound to it) or another action comes (the forked views are
    dropped, and those kept go on), every view equals a full rebuild."""
    rebound = dropped = 0
    for _index, rng, game in _random_games(8, 54_000):
        views = PlainViews(game)
        _check(game, views, (_index, "start"))
        for step in range(rng.randrange(20, 45)):
            if game.phase != "play":
                break
            seats = [*game.seats, JUDGE]
            trial = game.ponder(*game.likely_action())
            forked, ahead = None, []
            if trial is not None:
                forked = views.fork(trial)
                ahead = rng.sample(seats, rng.randrange(len(seats) + 1))
                for seat in ahead:
                    forked.plain(seat)  # some built ahead, the rest when asked
            if rng.random() < 0.4:
                seat, action = game.turn_seat, A.EndTurn()
            else:
                seat, action = _step(game, rng, [])
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
            if forked is not None and forked.rebind(game):
                assert game.state is trial.state
                views, rebound = forked, rebound + 1
            else:  # another state, or none built ahead (they never looked at the copy)
                assert forked is None or game.state is not trial.state or not ahead
                dropped += forked is not None
            _check(game, views, (_index, step, seat, action))
    assert rebound > 40 and dropped > 40
