"""legal_actions lists, from the rules and without trial runs, every legal action of the seat
in turn (in the compact form docs/artifact-engine.md describes): every listed action applies,
and random well-formed actions it does not list are refused with a named error, changing
nothing."""

from __future__ import annotations

import copy
import random

import pytest

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.errors import IllegalAction, NotYourTurn
from game.artifact.movement import check_path, path_to
from game.artifact.seats import JUDGE
from game.artifact.views import view_for


def _copy(game: ArtifactGame) -> ArtifactGame:
    rng = random.Random()
    rng.setstate(game._rng.getstate())
    return ArtifactGame(copy.deepcopy(game.state), rng, game.plan, game.sheets)


def _end(view, plan, action) -> tuple | None:
    """Where a move's path ends, or the hatch it halts at (the interlock's try); None for
    the square it starts on (the empty path's destination)."""
    if not action.path:
        return None
    try:
        planned = check_path(view, action.character, action.mode, action.path,
                             action.facing, plan)
    except IllegalAction:
        return tuple(action.path[-1])
    halt = next((i for i, cost in enumerate(planned.costs) if cost == 0), None)
    end = tuple(action.path[-1 if halt is None else halt])
    start = view.own.characters[action.character].square
    return None if end == start else end


def _halts(view, plan, action) -> bool:
    """Whether a move's path runs into a hatch the interlock holds (it halts there)."""
    try:
        planned = check_path(view, action.character, action.mode, action.path,
                             action.facing, plan)
    except IllegalAction:
        return False
    return 0 in planned.costs


def key(view, plan, action: A.Action):
    """What the compact form lists once: a move by its end, item sets unordered."""
    if isinstance(action, A.Move):
        return ("move", action.character, action.mode, _end(view, plan, action),
                action.facing)
    if isinstance(action, A.MoveThenPickUp):
        return ("move_then_pick_up", action.character, action.mode,
                _end(view, plan, action), frozenset(action.take), frozenset(action.drop),
                action.facing)
    if isinstance(action, A.PickUpDrop):
        return ("pick_up_drop", action.character, frozenset(action.take),
                frozenset(action.drop), action.facing)
    return action


def _lobby(game: ArtifactGame, rng: random.Random) -> None:
    while game.phase not in ("play", "over"):
        actor = rng.choice(sorted(game.actors()))
        options = game.legal_actions(actor)
        assert options, (game.phase, actor)
        for action in rng.sample(options, min(3, len(options))):  # listed lobby actions apply
            _copy(game).apply(actor, action)
        if game.phase == "judge_check":
            returns = [a for a in options if isinstance(a, A.ReturnPlacement)]
            robots = [a for a in options if isinstance(a, A.PlaceRobot)]
            options = returns or robots or options
        game.apply(actor, rng.choice(options))


def _random_path(game, start, rng) -> tuple:
    plan = game.plan
    path, cur = [], plan.sq(*start)
    for _ in range(rng.randint(1, 5)):
        steps = [n for n, _d, _h in plan.neighbours(cur)]
        if not steps:
            break
        cur = rng.choice(steps)
        path.append(plan.xy(cur))
    return tuple(path)


def _random_action(game: ArtifactGame, seat: str, rng: random.Random) -> A.Action:
    """A well-formed action of any kind, legal or not."""
    s = game.state
    view = view_for(game, seat)
    plan = game.plan
    own = sorted(view.own.characters)
    cid = rng.choice(own if own and rng.random() < 0.9 else sorted(s.characters))
    entry = view.own.characters.get(cid)
    start = entry.square if entry and entry.square else plan.xy(rng.choice(
        sorted(plan.region("Feynman"))))
    facing = rng.choice("NESW")
    mode = rng.choice(("walk", "jog", "run"))
    things = sorted(s.items) + sorted(c.token for c in s.characters.values())
    floor = sorted(i.id for i in s.items.values() if i.holder is None and i.square is not None)
    carried = sorted(s.characters[cid].items) if cid in s.characters else []
    def pick(pool):
        return (tuple(sorted(set(rng.sample(pool, min(len(pool), rng.randint(0, 2))))))
                if pool else ())
    roll = rng.random()
    if roll < 0.35:
        if rng.random() < 0.5:
            target = plan.xy(rng.choice(sorted(plan.region("Feynman"))))
            found = path_to(view, cid, mode, target, plan) if entry else {"path": []}
            path = tuple(tuple(p) for p in found["path"])
        else:
            path = _random_path(game, start, rng)
        return A.Move(cid, mode, path, facing)
    if roll < 0.5:
        take = pick(floor) or (rng.choice(things),)
        return A.MoveThenPickUp(cid, rng.choice(("walk", "jog")), _random_path(game, start, rng),
                                take, pick(carried), facing)
    if roll < 0.7:
        return A.PickUpDrop(cid, pick(floor + things[:3]), pick(carried), facing)
    if roll < 0.8:
        return A.CheckStatus(cid, rng.choice(things + own), facing)
    if roll < 0.88:
        return A.WearSuit(cid, rng.choice(sorted(s.items)), facing)
    if roll < 0.93:
        return A.MoveLiftCar(cid, rng.choice(("1", "2", "3")), facing)
    if roll < 0.99:
        weapon = rng.choice(carried + ["unarmed", "claws", "improvised", "acid_spray"])
        square = plan.xy(rng.choice(sorted(plan.region("Feynman"))))
        computers = [plan.xy(sq) for sq, f in enumerate(plan.feature) if "terminal" in f]
        kind = rng.random()
        if kind < 0.5:
            target = rng.choice(sorted(c.token for c in s.characters.values())
                                + computers)
            return A.Attack(cid, weapon, rng.choice(("normal", "double", "panic")),
                            (target,), facing)
        if kind < 0.9:
            return A.TargetOpportunityFire(cid, weapon, square, "anyone", facing)
        return A.Unjam(cid, weapon, facing)
    return A.ActivateInformant(rng.choice(sorted(s.characters)))


@pytest.mark.parametrize("players, seed", [(3, 31), (5, 32), (8, 33)])
def test_listed_actions_apply_and_unlisted_ones_are_refused(players, seed):
    rng = random.Random(seed)
    game = ArtifactGame.new({"players": players}, seed)
    _lobby(game, rng)
    listed_kinds: set = set()
    refused = 0
    for _turn in range(2 * players + 2):
        if game.phase != "play":
            break
        seat = game.turn_seat
        legal = game.legal_actions(seat)
        view, plan = view_for(game, seat), game.plan
        keys = {key(view, plan, a) for a in legal}
        assert len(keys) == len(legal), "an action is listed twice"
        assert A.EndTurn() in legal
        listed_kinds |= {type(a).__name__ for a in legal}
        by_kind: dict = {}
        for action in legal:
            by_kind.setdefault(type(action), []).append(action)
        sample = [a for group in by_kind.values() for a in rng.sample(group, min(6, len(group)))]
        for action in sample:
            try:
                _copy(game).apply(seat, action)
            except (IllegalAction, NotYourTurn) as exc:
                pytest.fail(f"listed {action} refused: {exc}")
        before = game.to_json()
        for _ in range(40):
            action = _random_action(game, seat, rng)
            if key(view, plan, action) in keys:
                continue
            if isinstance(action, A.MoveThenPickUp) and (
                    not action.take or _halts(view, plan, action)):
                continue  # the documented unlisted forms
            trial = _copy(game)
            with pytest.raises((IllegalAction, NotYourTurn)):
                trial.apply(seat, action)
            assert trial.to_json() == before
            refused += 1
        moves = [a for a in legal if isinstance(a, (A.Move, A.PickUpDrop, A.MoveThenPickUp))]
        for action in rng.sample(moves, min(len(moves), rng.randint(0, 3))):
            view = view_for(game, seat)
            if key(view, plan, action) in {key(view, plan, a)
                                           for a in game.legal_actions(seat)}:
                game.apply(seat, action)
        game.apply(seat, A.EndTurn())
    assert refused > 40
    assert {"Move", "PickUpDrop", "EndTurn"} <= listed_kinds


def test_the_judge_is_offered_its_tools_in_play():
    rng = random.Random(4)
    game = ArtifactGame.new({"players": 4}, 4)
    _lobby(game, rng)
    legal = game.legal_actions(JUDGE)
    kinds = {type(a) for a in legal}
    assert {A.SkipTurn, A.Announce, A.JudgeMessage, A.EndGame, A.JudgeMove, A.JudgeRemove,
            A.JudgeSetStatus} <= kinds
    for action in rng.sample(legal, 25):
        _copy(game).apply(JUDGE, action)
    assert game.legal_actions("scientist" if game.turn_seat != "scientist" else "pirates") == []
