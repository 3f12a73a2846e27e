"""The automatic player: always legal, gives plain reasons, never touches the game."""

from __future__ import annotations

import json

from game.herald.bot import Hint, choose
from game.herald.engine import HeraldGame
from game.herald.labels import describe_action


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


def _environment_decisions_with_a_sure_cell(count: int):
    """Games stopped at an Environment decision whose Sabotage Reading dismantles a Cell
    whatever the Environment choice is (5-6, or 3-4 with dice summing 18 or more)."""
    import random

    from game.herald.readings import COUNTERINTELLIGENCE_SUM

    found = []
    for seed in range(400):
        game = HeraldGame.new(seed)
        rng = random.Random(seed)
        while game.outcome is None:
            s = game.state
            if s.phase == "environment" and not s.stec_active and s.assignment:
                sab = s.assignment["sabotage"]
                if sab >= 5 or (sab >= 3 and sum(s.dice) >= COUNTERINTELLIGENCE_SUM):
                    found.append(game)
                    break
            game.apply(rng.choice(game.legal_actions()))
        if len(found) >= count:
            break
    return found


def test_reasons_never_credit_a_choice_with_what_happens_anyway():
    """The Environment choice cannot dismantle a Cell; the old reason said it did
    ("resupply on the fly: it dismantles a Cell") because it listed the whole turn."""
    games = _environment_decisions_with_a_sure_cell(6)
    assert len(games) >= 3
    for game in games:
        hint = choose(game)
        assert "Cell" not in hint.reason, hint.reason
        assert hint.reason.startswith(describe_action(hint.action, game.state, game.pads))
