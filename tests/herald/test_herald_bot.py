"""The automatic player: always legal, gives plain reasons, never touches the game."""

from __future__ import annotations

import json

from game.herald.bot import Hint, choose
from game.herald.engine import HeraldGame


def test_bot_plays_legal_moves_to_the_end_and_leaves_state_alone():
    for seed in range(6):
        game = HeraldGame.new(seed, "linear" if seed % 2 else "standard")
        while game.outcome is None:
            before = json.dumps(game.to_dict())
            hint = choose(game)
            assert isinstance(hint, Hint) and hint.reason and "\n" not in hint.reason
            assert json.dumps(game.to_dict()) == before, "choose must not change the game"
            assert game.is_legal(hint.action)
            game.apply(hint.action)
        assert game.outcome is not None


def test_bot_wins_some_games():
    wins = 0
    for seed in range(30):
        game = HeraldGame.new(1000 + seed)
        while game.outcome is None:
            game.apply(choose(game).action)
        wins += game.outcome.victory
    assert wins >= 3
