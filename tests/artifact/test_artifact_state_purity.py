"""Reading a game never changes it, and a refused action leaves no trace.

Over random games, every reader a client or a bot uses (each seat's view and the Judge's,
"see the map as", legal actions, the action bar's options, previews, and the host's idle
looks from where characters stand and may move) and every refused
action leave the game byte-identical through the one codec (``to_json``: the state and the
RNG). ``tests/test_state_writes.py`` keeps the other half of the rule: nothing outside the
engine writes the state.
"""

from __future__ import annotations

import contextlib
import random

from game.artifact import preview
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.views import seat_view_from_judge_view, view_for

from .secrecy_tools import probe_junk, quick_game, random_step


def _read_everything(game) -> int:
    """Every read-only question a client or a bot asks; how many answers there were."""
    answers = 0
    judge = view_for(game, JUDGE)
    for seat in game.seats:
        view = view_for(game, seat)
        assert seat_view_from_judge_view(judge, seat) == view
        answers += len(game.legal_actions(seat))
        for cid in view.own.characters:
            answers += len(preview.available_actions(view, cid))
            if view.own.characters[cid].ma:
                answers += len(preview.reachable(view, cid, "walk"))
                answers += len(preview.field_of_view(view, cid))
    answers += len(game.legal_actions(JUDGE))
    game.prepare_sight()  # and the host's idle looks
    answers += sum(game.look_ahead())
    return answers


def test_reading_and_refusals_leave_the_game_byte_identical():
    refusals = 0
    for players, seed in ((3, 61), (6, 62), (8, 63)):
        rng = random.Random(seed)
        game = quick_game(players, seed)
        for step in range(30):
            if step % 5 == 0:
                before = game.to_json()
                assert _read_everything(game) > 0
                assert game.to_json() == before, ("a read changed the game", seed, step)
                seat = game.turn_seat
                cid = next(iter(view_for(game, seat).own.characters), None)
                for junk in probe_junk(game, seat, cid) if cid else ():
                    try:
                        game.apply(seat, junk)
                    except ArtifactError:
                        refusals += 1
                        assert game.to_json() == before, ("a refusal left a trace", junk)
                        continue
                    break  # a probe that happened to be legal: the game moved on
            seat, action = random_step(game, rng)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
    assert refusals > 20
