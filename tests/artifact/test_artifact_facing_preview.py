"""The facings a seat's screen offers after an action agree with the engine: for random
states of play, every character that may act, and a turn in place, a move to a reachable
square and a drop, ``preview.facing_choices`` says a facing is open exactly when the
engine accepts the action ending that way."""

from __future__ import annotations

import random

import pytest

from game.artifact import actions as A
from game.artifact import preview
from game.artifact.engine import ArtifactGame
from game.artifact.views import view_for
from game.ui.artifact_source import to_judge_check, to_place, to_play, to_purchase


def states(seed: int, steps: int):
    """A game in play and a random generator; yields after each of ``steps`` random legal
    actions of the seat in turn."""
    game = ArtifactGame.new({"players": 5, "assignment": "random"}, seed)
    for step in (to_purchase, to_place, to_judge_check, to_play):
        step(game)
    rng = random.Random(seed)
    for _ in range(steps):
        yield game, rng
        seat = game.turn_seat
        legal = game.legal_actions(seat)
        if not legal:
            return
        game.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("seed", range(4))
def test_facing_choices_agree_with_the_engine(seed):
    checked = zero_g = 0
    for game, rng in states(seed, 12):
        checked_here, costly = _check(game, rng)
        checked += checked_here
        zero_g += costly
    assert checked >= 20 and zero_g  # and some of them where turning costs MP


def _check(game, rng) -> tuple[int, int]:
    checked = costly = 0
    seat = game.turn_seat
    view = view_for(game, seat)
    for cid, entry in view.own.characters.items():
        if entry.square is None or not entry.ma or entry.status != "active":
            continue
        if view.turn is not None and cid in view.turn.acted:
            continue
        cases = [(A.Move(cid, "walk", (), "N"), "walk", ())]
        reach = preview.reachable(view, cid, "walk")
        if reach:
            target = rng.choice(sorted(reach))
            found = preview.path_to(view, cid, "walk", target)
            path = tuple(tuple(p) for p in found["path"])
            if path and found["reason"] is None:
                cases.append((A.Move(cid, "walk", path, "N"), "walk", path))
        for iid in entry.items[:1]:
            cases.append((A.PickUpDrop(cid, (), (iid,), "N"), None, None))
        for action, mode, path in cases:
            choices = preview.facing_choices(view, cid, mode, path)
            for facing, (cost, why) in choices.items():
                accepted = game.is_legal(seat, _with_facing(action, facing))
                if not why:
                    assert accepted, (cid, action, facing)
                elif "turn" in why:  # refused for the turn itself
                    assert not accepted, (cid, action, facing, why)
                checked += 1
                costly += cost > 0
    return checked, costly


def _with_facing(action, facing):
    import dataclasses

    return dataclasses.replace(action, facing=facing)


def test_turning_costs_in_zero_g_without_thrusters():
    """A character in zero-g without a thruster pack: each quarter turn costs 1 MP, and
    what the screen offers is what the engine accepts."""
    game = ArtifactGame.new({"players": 5, "assignment": "random"}, 2)
    for step in (to_purchase, to_place, to_judge_check, to_play):
        step(game)
    seat = game.turn_seat
    cid = next(c for c, ch in sorted(game.state.characters.items())
               if ch.seat == seat and ch.square is not None
               and not any("thruster" in game.state.items[i].type for i in ch.items))
    game.apply("judge", A.JudgeMove(cid, 16, 6, "S"))  # into the zero-g hull
    view = view_for(game, seat)
    assert not view.own.characters[cid].free_turns
    choices = preview.facing_choices(view, cid, "run", ())
    costs = {f: c for f, (c, _w) in choices.items()}
    assert costs == {"S": 0, "E": 1, "W": 1, "N": 2}
    for facing, (_cost, why) in choices.items():
        assert bool(why) != game.is_legal(seat, A.Move(cid, "run", (), facing))
