"""Whole games recorded before the engine was sped up, replayed move by move: each must
come out the same, action by action, event by event, down to the final state.

``data/golden_games.json`` holds three seeded random-player games (the longest of the
first 400 seeds, both variants) and three of the automatic player's full-length games:
setup, action log, event history and final state, as ``HeraldGame.to_dict`` and
``Event.to_dict`` wrote them with the engine of that time.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.herald.bot import choose
from game.herald.engine import HeraldGame

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_games.json").read_text())


def _ids(game: dict) -> str:
    return f"{game['player']}-{game['setup']['seed']}-{game['setup']['variant']}"


def _played(recorded: dict) -> HeraldGame:
    """The same game played again by the same player from the same seed."""
    setup = recorded["setup"]
    game = HeraldGame.new(setup["seed"], setup["variant"])
    rng = random.Random(setup["seed"])
    while game.outcome is None:
        if recorded["player"] == "bot":
            game.apply(choose(game).action)
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("recorded", GOLDEN, ids=_ids)
def test_a_recorded_game_is_played_again_exactly(recorded):
    game = _played(recorded)
    assert [a.to_dict() for a in game.log] == recorded["log"]
    assert [e.to_dict() for e in game.history] == recorded["history"]
    assert game.state.to_dict() == recorded["state"]


@pytest.mark.parametrize("recorded", GOLDEN, ids=_ids)
def test_a_recorded_log_replays_to_the_recorded_state(recorded):
    game = HeraldGame.replay(recorded["setup"], recorded["log"])
    assert game.state.to_dict() == recorded["state"]
    assert [e.to_dict() for e in game.history] == recorded["history"]


def test_the_record_holds_long_games_of_both_players_and_variants():
    assert {g["player"] for g in GOLDEN} == {"random", "bot"}
    assert {g["setup"]["variant"] for g in GOLDEN} == {"standard", "linear"}
    assert min(len(g["log"]) for g in GOLDEN if g["player"] == "bot") >= 80
    assert all(g["state"]["outcome"] is not None for g in GOLDEN)
