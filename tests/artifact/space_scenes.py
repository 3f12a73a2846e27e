"""Scenes outside the hull shared by the space and hull tests: the Example of Play's game in
the pirates' turn, and the Judge putting a counter on a square (an ordinary engine action,
``judge_move``)."""

from __future__ import annotations

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.example import example_game
from game.artifact.seats import JUDGE


def judge_put(game: ArtifactGame, cid: str, x: int, y: int, facing: str = "") -> None:
    """The Judge puts ``cid`` on ``(x, y)`` (``facing`` "" keeps its facing)."""
    game.apply(JUDGE, A.JudgeMove(cid, x, y, facing))


def pirates_in_turn(seed: int = 9) -> ArtifactGame:
    """The Example of Play's game set up by ``seed``, the pirates to act."""
    game, _log = example_game(seed)
    assert game.turn_seat == "pirates"
    return game


def kyoshi_aims_at(game: ArtifactGame, counter: str):
    """Kyoshi's rifle aimed at the counter named ``counter`` on the pirates' map:
    ``(odds, token, rifle, arm)``, facing as he stands."""
    from game.artifact import combat
    from game.artifact.views import view_for

    view = view_for(game, "pirates")
    token = next(t for t, c in view.map.counters.items() if c.counter == counter)
    kyoshi = game.state.characters["kyoshi"]
    rifle = next(i for i in kyoshi.items if game.state.items[i].type == "rifle")
    arm = combat.arm_for(game, kyoshi, rifle)
    odds = combat.plan_attack(game, "pirates", kyoshi, arm, "normal", (token,))[0].odds
    return odds, token, rifle, arm
