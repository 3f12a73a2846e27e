"""Secrecy as properties over many random games of 3 to 8 players.

*Noninterference*: two states that differ only in what a seat cannot see (characters and
items out of its map's sight -- the dark's included --, gas in a space it does not see, a
segment without air not yet announced, which Artifact is real, who the informant is when
it is not the master, other seats' notices, every future roll) give that seat
byte-identical views and the same answer, errors included, to every probe action. A third
of the games are played with the lights out in some spaces and gas in one.

*Timing*: during one seat's turn, another seat's view changes only by the notices the
rulebook gives it at once (the Judge's private messages); its map partner also sees the
shared map updated after each action. At the end of a turn the other seats' maps get their
final update and, after the last seat, everyone hears the Global Updates; a seat's own
forces change only at its own Situation Update.

Games start from a few cached lobbies per player count and part in play (each game has its
own seed for the random actions)."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from game.artifact import actions as A
from game.artifact.errors import ArtifactError
from game.artifact.views import view_for
from game.artifact.viewtypes import SeatView

from .secrecy_tools import (
    answers,
    canonical_view,
    hazards_in_play,
    perturb_hidden,
    probe_actions,
    quick_game,
    random_step,
)

GAMES = 200
LOBBIES = 8  # per player count
TURN_BOUNDARIES = (A.EndTurn, A.SkipTurn, A.EndGame)


def _game(index: int):
    players = 3 + index % 6
    return quick_game(players, index // 6 % LOBBIES)


def _try(game, seat: str, action: A.Action) -> bool:
    """Apply if the engine accepts (random actions include junk it must refuse)."""
    try:
        game.apply(seat, action)
    except ArtifactError:
        return False
    return True


def _play(game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        _try(game, *random_step(game, rng))


@pytest.mark.slow
def test_noninterference_over_random_games():
    changed = probed = 0
    for index in range(GAMES):
        rng = random.Random(index)
        game = _game(index)
        if index % 3 == 0:  # in the dark, with gas about
            hazards_in_play(game, rng)
        _play(game, rng, rng.randrange(0, 14))
        assert game.phase == "play"
        for seat in game.seats:
            twin, changes = perturb_hidden(game, seat, rng)
            changed += changes > 0
            assert canonical_view(twin, seat) == canonical_view(game, seat), (index, seat)
        seat = game.turn_seat
        twin, _changes = perturb_hidden(game, seat, rng)
        probes = probe_actions(game, seat, rng)
        assert answers(twin, seat, probes) == answers(game, seat, probes), (index, seat)
        probed += len(probes)
    assert changed > GAMES and probed > 8 * GAMES  # the property was really exercised


#: Parts of a view every seat sees move at the end of a turn (whose turn it is, the round,
#: and what falls at Global Updates: the lights, the ship's warnings of lost pressure, the
#: ring's stop, the computer's shutdown).
FRAME = ("turn_seat", "actors", "turn", "round", "dark", "airless", "ring_stopped",
         "shutdown")
#: Parts of a view its map updates change (the gas its observers see, and which of the
#: map's counters are a map-sharing partner's, told with the partner's counters, and the
#: holes its observers see).
MAP = ("map", "gas", "partners", "broken_windows", "blown_hatches")
#: Parts of a view that move at its map updates and with the frame's announcements both:
#: the shields, seen by its observers or told to all when the computer shuts down.
SEEN_OR_TOLD = ("shields",)


def _quiet_change(before: SeatView, after: SeatView, *, map_moves: bool, notices=("judge",),
                  frame_moves: bool = False) -> list[str]:
    """What changed in a seat's view that the rulebook does not let change now."""
    wrong = []
    for key in sorted(f.name for f in fields(before)):
        if key == "notices":
            old, new = before.notices, after.notices
            if new[:len(old)] != old:
                wrong.append("earlier notices changed")
            wrong += [f"notice {n.kind}" for n in new[len(old):] if n.kind not in notices]
        elif ((key in MAP and map_moves) or (key in FRAME and frame_moves)
              or (key in SEEN_OR_TOLD and (map_moves or frame_moves))):
            continue
        elif getattr(before, key) != getattr(after, key):
            wrong.append(key)
    return wrong


@pytest.mark.slow
def test_timing_over_random_games():
    checked = waited = 0
    for index in range(GAMES):
        rng = random.Random(10_000 + index)
        game = _game(index)
        if index % 3 == 0:  # in the dark, with gas about
            hazards_in_play(game, rng)
        s = game.state
        for _step in range(rng.randrange(6, 16)):
            seat, action = random_step(game, rng)
            turn = game.turn_seat
            others = [x for x in game.seats if x != turn]
            before = {x: view_for(game, x) for x in others}
            held = set(s.held)
            _try(game, seat, action)
            boundary = isinstance(action, TURN_BOUNDARIES) and game.turn_seat != turn
            for x in others:
                if boundary and x == game.turn_seat:
                    continue  # its Situation Update and Initial Map Update
                partner = s.map_of[x] == s.map_of[turn]
                # A map whose seats all wait to hear what others did to their forces is
                # left as it is until one of them looks (its own map update).
                waiting = all(y in held for y in game.seats if s.map_of[y] == s.map_of[x])
                wrong = _quiet_change(before[x], view_for(game, x),
                                      map_moves=partner or (boundary and not waiting),
                                      frame_moves=boundary,
                                      notices=("judge", "announcement") if boundary
                                      else ("judge",))
                assert not wrong, (index, action, x, wrong)
                checked += 1
                waited += boundary and waiting and x != turn
    assert checked > 5 * GAMES and waited  # held maps were met at turn ends too
