"""The operation at The Source: whether a team exists and whether a given team is legal are
decided without listing every team; on random states both agree with the list
(``_operation_teams``), which stays the legal actions' source."""

from __future__ import annotations

import random

from game.herald.actions import (
    ChooseIncidentOfficer,
    FaceEvent,
    Investigate,
    MountOperation,
    UseAlienTech,
)
from game.herald.engine import HeraldGame
from game.herald.pads import load_pads

PADS = load_pads()
STATES = 200


def _random_state(rng: random.Random) -> HeraldGame:
    """A game whose officers' Effectiveness, Supplies and Event Reading are drawn at
    random, from none able to lead anything to everyone fresh."""
    game = HeraldGame.new(rng.randrange(10_000))
    s = game.state
    low = rng.choice([0, 0, 1, 2])
    for off in PADS.officers:
        s.effectiveness[off.id] = rng.randint(min(low, off.max_effectiveness),
                                              off.max_effectiveness)
    s.supplies = rng.randint(1, 4)
    s.assignment = {"event": rng.randint(1, 6)}
    return game


def _candidates(rng: random.Random, teams: list[MountOperation]) -> list[MountOperation]:
    ids = [off.id for off in PADS.officers]
    out = list(teams)
    for _ in range(150):
        leaders = [rng.choice(ids) for _ in range(4)]
        if rng.random() < 0.5:
            leaders[rng.randrange(4)] = None
        out.append(MountOperation(*leaders, dilemma=rng.random() < 0.5))
    for team in teams[:20]:  # the same officers, the Dilemma turned the other way
        out.append(MountOperation(*team.leaders, dilemma=not team.dilemma))
    return out


def test_team_checks_agree_with_the_list_of_teams():
    rng = random.Random(77)
    kinds = {"none": 0, "full": 0, "dilemma": 0}
    for _ in range(STATES):
        game = _random_state(rng)
        teams = game._operation_teams()
        assert game._has_operation_team() == bool(teams)
        kinds["none" if not teams else "dilemma" if teams[0].dilemma else "full"] += 1
        for action in _candidates(rng, teams):
            assert game._legal_operation(action) == (action in teams), action
    assert min(kinds.values()) > 10, kinds  # every case was met


def _answers(game: HeraldGame) -> list:
    """Every answer of the pending decision's kind that names officers: each pair (or
    officer) of the crew, legal or not."""
    ids = [off.id for off in PADS.officers]
    phase = game.state.phase
    if phase == "investigate":
        return [Investigate(a, b) for a in ids for b in ids]
    if phase == "alien_tech":
        return [UseAlienTech(a, b) for a in ids for b in ids]
    if phase == "event_officers":
        return [FaceEvent(a, b, dilemma) for a in ids for b in ids for dilemma in (False, True)]
    if phase == "linear_incident":
        return [ChooseIncidentOfficer(a) for a in ids]
    return []


def test_validation_agrees_with_the_legal_actions_on_random_games():
    """``is_legal`` decides a team or a pair by checking it alone; over random games it
    accepts exactly the legal actions' answers among every pair the crew can make."""
    rng = random.Random(5)
    checked = 0
    for seed in range(120):
        game = HeraldGame.new(seed, "linear" if seed % 2 else "standard")
        while game.outcome is None:
            legal = game.legal_actions()
            for action in _answers(game):
                assert game.is_legal(action) == (action in legal), action
                checked += 1
            game.apply(rng.choice(legal))
    assert checked > 10_000
