"""Working the likely next action out ahead (``ArtifactGame.ponder``, while a host idles):
it changes nothing of the game, and a game that takes its work over is the very game that
applying the action would have made, events, dice and all; work that no longer fits the
state as it stands is never taken over."""

from __future__ import annotations

import contextlib
import random

import pytest

from game.artifact import actions as A
from game.artifact.codec import to_plain
from game.artifact.engine import ArtifactGame
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE

from .arrange import lock_hatch
from .secrecy_tools import hazards_in_play, play_lobby, probe_junk, quick_game, random_step


def _twin(game: ArtifactGame) -> ArtifactGame:
    return ArtifactGame.from_dict(game.to_dict())


def _apply(game: ArtifactGame, seat: str, action: A.Action) -> list | str:
    """The events' plain form, or the refusal's kind and words."""
    try:
        return to_plain(game.apply(seat, action))
    except ArtifactError as exc:
        return f"{type(exc).__name__}: {exc}"


@pytest.mark.slow
def test_a_game_that_ponders_before_every_action_is_the_game_that_never_does():
    taken = refusals = 0
    for index in range(16):
        rng = random.Random(52_000 + index)
        game = quick_game(3 + index % 6, index % 5)
        if index % 3 == 0:
            hazards_in_play(game, rng)
        plain = _twin(game)
        for _step in range(rng.randrange(30, 70)):
            if game.phase != "play":
                break
            seat, action = random_step(game, rng)
            if rng.random() < 0.35:  # the seat in turn ends it: what the host ponders
                seat, action = game.turn_seat, A.EndTurn()
            likely = game.likely_action()
            assert likely == (game.turn_seat, A.EndTurn())
            game.prepare_undo()
            trials = [game.ponder(*likely)] if rng.random() < 0.8 else []
            if rng.random() < 0.1:  # something else pondered last: only that is kept
                trials.append(game.ponder(seat, action))
            if rng.random() < 0.1:  # a refusal first: the state is put back anew
                turn = game.turn_seat
                cid = next(c.id for c in game.state.characters.values() if c.seat == turn)
                junk = probe_junk(game, turn, cid)[0]
                refusal = _apply(game, turn, junk)
                assert isinstance(refusal, str) and refusal == _apply(plain, turn, junk)
                refusals += 1
            assert _apply(game, seat, action) == _apply(plain, seat, action), (seat, action)
            taken += any(t is not None and game.state is t.state for t in trials)
            assert game.to_json() == plain.to_json(), (index, seat, action)
    assert taken > 80 and refusals > 20


def test_the_start_of_play_taken_over_is_the_start_the_judge_would_have_made():
    started = {}

    def after(game: ArtifactGame) -> None:
        if game.phase == "judge_check" and game.likely_action() == (JUDGE, A.StartPlay()):
            started.setdefault("check", game.to_dict())

    play_lobby(8, 5, after)
    game = ArtifactGame.from_dict(started["check"])
    plain = _twin(game)
    ready = None
    while ready is None:  # the robots are placed first: until then the start is refused
        ready = game.ponder(JUDGE, A.StartPlay())
        if ready is None:
            robot = next(a for a in game.legal_actions(JUDGE) if isinstance(a, A.PlaceRobot))
            game.apply(JUDGE, robot)
            plain.apply(JUDGE, robot)
    events = game.apply(JUDGE, A.StartPlay())
    assert game.state is ready.state  # taken over, not worked out again
    assert to_plain(events) == to_plain(plain.apply(JUDGE, A.StartPlay()))
    assert game.to_json() == plain.to_json() and game.phase == "play"


def test_pondering_changes_nothing_and_asking_again_costs_nothing():
    game = quick_game(6, 2)
    rng = random.Random(7)
    for _ in range(12):
        seat, action = random_step(game, rng)
        with contextlib.suppress(ArtifactError):
            game.apply(seat, action)
    before, state, serial = game.to_json(), game.state, game.state.serial
    trial = game.ponder(*game.likely_action())
    assert trial is not None and trial.state.serial == serial + 1
    assert game.ponder(*game.likely_action()) is trial  # kept for this state and action
    cid = next(c.id for c in state.characters.values() if c.seat == game.turn_seat)
    refused = 0
    for junk in probe_junk(game, game.turn_seat, cid):  # None for what apply refuses
        answer = _apply(_twin(game), game.turn_seat, junk)
        assert (game.ponder(game.turn_seat, junk) is None) == isinstance(answer, str), junk
        refused += isinstance(answer, str)
    assert refused >= 3
    assert game.ponder(JUDGE, A.EndTurn()) is None  # not the Judge's to end
    assert game.to_json() == before and game.state is state and state.serial == serial


def test_work_done_for_an_earlier_state_is_never_taken_over():
    game = quick_game(5, 3)
    plain = _twin(game)
    seat = game.turn_seat
    stale = game.ponder(seat, A.EndTurn())
    lock_hatch(game, "Command Pod Hatch")  # changed from outside the rules: the work is dropped
    lock_hatch(plain, "Command Pod Hatch")
    game.apply(seat, A.EndTurn())
    assert game.state is not stale.state
    plain.apply(seat, A.EndTurn())
    assert game.to_json() == plain.to_json()
    # pondered, then another action came: the next end of turn is worked out anew
    seat = game.turn_seat
    game.ponder(seat, A.EndTurn())
    cid = next(c.id for c in game.state.characters.values()
               if c.seat == seat and c.square is not None)
    check = A.CheckStatus(cid, cid, game.state.characters[cid].facing)
    assert _apply(game, seat, check) == _apply(plain, seat, check)
    game.apply(seat, A.EndTurn())
    plain.apply(seat, A.EndTurn())
    assert game.to_json() == plain.to_json()


def test_the_likely_action_is_the_judges_start_or_the_end_of_the_turn_and_else_none():
    seen = set()

    def after(game: ArtifactGame) -> None:
        likely = game.likely_action()
        if game.phase == "judge_check":
            assert likely == (JUDGE, A.StartPlay())
        elif game.phase == "play":
            assert likely == (game.turn_seat, A.EndTurn())
        else:
            assert likely is None
        seen.add(game.phase)

    game = play_lobby(4, 1, after)
    assert {"encryption", "purchase", "place", "judge_check", "play"} <= seen
    game.apply(JUDGE, A.EndGame())
    assert game.likely_action() is None
