"""The look a host takes while idle from where every character stands
(``ArtifactGame.prepare_sight``): it fills the deck plan's sight table and outside views
for the next action's map updates, and changes nothing of the game."""

from __future__ import annotations

from game.artifact import actions as A
from game.artifact.deckplan import FACINGS
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.artifact.sight import sight_table
from game.artifact.space import outside

from .secrecy_tools import play_lobby


def _placed(seed: int) -> ArtifactGame:
    """An eight-player game whose forces and robots are all placed: the Judge's check,
    with only the start of play left (the last such state of a random lobby)."""
    last: dict = {}

    def after(game: ArtifactGame) -> None:
        if game.phase == "judge_check":
            last["game"] = game.to_dict()

    play_lobby(8, seed, after)
    return ArtifactGame.from_dict(last["game"])


def _looks(game: ArtifactGame) -> list[tuple[int, str]]:
    return [(c.square, c.facing) for c in game.state.characters.values()
            if c.square is not None and c.facing in FACINGS]


def _forget_looks(game: ArtifactGame) -> None:
    """Empty the deck plan's caches of what is seen (worked out again on use)."""
    sight_table(game.plan).seen.clear()
    game.plan.memo.pop("outside_views", None)


def test_the_look_fills_the_sight_table_for_every_character_and_changes_nothing():
    game = _placed(11)
    plan = game.plan
    table = sight_table(plan)
    _forget_looks(game)
    looks = _looks(game)
    assert len(looks) > 15
    game.prepare_undo()
    before, serial = game.to_json(), game.state.serial
    game.prepare_sight()
    assert game.to_json() == before and game.state.serial == serial
    assert game.undo_ready  # the look is no change the undo copy must follow
    index = {facing: i for i, facing in enumerate(FACINGS)}
    assert all(4 * square + index[facing] in table.seen for square, facing in looks)
    out = outside(plan)
    looking_out = {(square, facing) for square, facing in looks
                   if plan.terrain[square] == "space" or square in out.windows}
    assert looking_out <= set(plan.memo.get("outside_views", {}))


def test_the_look_is_taken_once_per_state():
    game = _placed(11)
    table = sight_table(game.plan)
    game.prepare_sight()
    table.seen.clear()
    game.prepare_sight()  # the same state: nothing looked at again
    assert not table.seen
    game.apply(JUDGE, A.StartPlay())
    table.seen.clear()
    game.prepare_sight()  # a new state: looked at again
    assert table.seen


def test_play_starts_the_same_with_or_without_the_look():
    looked, plain = _placed(23), _placed(23)
    sight_table(looked.plan).seen.clear()
    looked.prepare_sight()
    assert looked.apply(JUDGE, A.StartPlay()) == plain.apply(JUDGE, A.StartPlay())
    assert looked.to_json() == plain.to_json()


def _in_play(seed: int) -> ArtifactGame:
    game = _placed(seed)
    game.apply(JUDGE, A.StartPlay())
    return game


def _moves(game: ArtifactGame) -> list[A.Move]:
    return [a for a in game.legal_actions(game.turn_seat) if isinstance(a, A.Move) and a.path]


def test_the_look_ahead_covers_where_every_legal_move_ends_and_changes_nothing():
    game = _in_play(11)
    plan = game.plan
    _forget_looks(game)
    game.prepare_undo()
    before, serial = game.to_json(), game.state.serial
    steps = list(game.look_ahead())
    assert game.to_json() == before and game.state.serial == serial
    assert game.undo_ready  # no change the undo copy must follow
    assert len(steps) > 3 and max(steps) <= game.LOOK_AHEAD_STEP  # in small steps
    ends = {plan.sq(*move.path[-1]) for move in _moves(game)}
    out = outside(plan)
    looking_out = {end for end in ends if plan.terrain[end] == "space" or end in out.windows}
    assert ends and looking_out  # the pirates may step outside the hull
    index = {facing: i for i, facing in enumerate(FACINGS)}
    table = sight_table(plan)
    assert all(4 * end + index[facing] in table.seen for end in ends for facing in FACINGS)
    assert {(end, facing) for end in looking_out for facing in FACINGS} <= set(
        plan.memo["outside_views"])


def test_a_move_after_the_look_ahead_looks_from_nowhere_new():
    """Every move of the first turns, after the idle looks (from where everyone stands,
    and ahead), finds every field of view it needs worked out; without the look ahead, the
    same moves work some out."""
    def moves_that_look(ahead: bool) -> int:
        game = _in_play(11)
        plan = game.plan
        looking = 0
        for _turn in range(7):
            seat = game.turn_seat
            for _move in range(2):
                moves = _moves(game)
                if not moves:
                    break
                _forget_looks(game)
                game.prepare_sight()
                if ahead:
                    list(game.look_ahead())
                kept = len(sight_table(plan).seen), len(plan.memo.get("outside_views", {}))
                game.apply(seat, moves[len(moves) // 2])
                looking += kept != (len(sight_table(plan).seen),
                                    len(plan.memo.get("outside_views", {})))
            game.apply(seat, A.EndTurn())
        return looking

    assert moves_that_look(ahead=False) > 3
    assert moves_that_look(ahead=True) == 0


def test_the_look_ahead_keeps_within_its_share_of_the_views_outside():
    game = _in_play(11)
    _forget_looks(game)
    game.LOOK_AHEAD_OUTSIDE = 0
    list(game.look_ahead())
    assert not game.plan.memo.get("outside_views")
    game.LOOK_AHEAD_OUTSIDE = 1
    list(game.look_ahead())
    assert len(game.plan.memo["outside_views"]) == len(FACINGS)


def test_nothing_is_looked_ahead_outside_play():
    game = _placed(11)
    assert list(game.look_ahead()) == []
