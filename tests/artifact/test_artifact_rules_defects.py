"""Rules the engine had wrong: sneaksuits and androids, and the allied pirate bands of an
8-player game at placement."""

from __future__ import annotations

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.example import example_orders
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .secrecy_tools import square_of, start_game, to_seat, token_of


def _open_line(game):
    """Three squares in a row, open floor with gravity, no hatch between, nobody there."""
    plan = game.plan
    taken = {c.square for c in game.state.characters.values()}
    for a in sorted(plan.region("Feynman")):
        x, y = plan.xy(a)
        if not plan.inside(x + 2, y):
            continue
        b, c = plan.sq(x + 1, y), plan.sq(x + 2, y)
        squares = (a, b, c)
        if (all(plan.passable(s) and not plan.is_zero_g(s) and s not in taken
                and plan.feature[s] != "lift_stop" for s in squares)
                and plan.step_kind(a, b) is not None and plan.step_kind(b, c) is not None
                and not any(h is not None for n, _d, h in plan.neighbours(a) if n == b)
                and not any(h is not None for n, _d, h in plan.neighbours(b) if n == c)):
            return [plan.xy(s) for s in squares]
    raise AssertionError("no open line on the deck plan")


def test_a_sneaksuit_does_not_interdict_an_android():
    orders = dict(example_orders())
    orders["alien"] = A.Customize("koch", (), (), ())
    game = start_game(5, 3, orders=orders)
    koch = next(c.id for c in game.state.characters.values() if c.sheet == "koch")
    assert game.sheets.characters["koch"].kind == "android"
    assert game.state.items[game.state.characters["mccray"].suit].type == "sneaksuit"
    to_seat(game, "alien")
    a, b, c = _open_line(game)
    game.apply(JUDGE, A.JudgeMove(koch, *a, "E"))  # in its own turn: told at once
    game.apply(JUDGE, A.JudgeMove("mccray", *b, "W"))
    assert token_of(game, "mccray") not in view_for(game, "alien").map.counters
    events = game.apply("alien", A.Move(koch, "walk", (b, c), "E"))
    assert square_of(game, koch) == c  # it walked past the unseen Professor
    assert not [e for e in events if e.kind == "interdiction"]


def test_an_unseen_sneaksuited_character_still_interdicts_a_human():
    orders = dict(example_orders())
    orders["alien"] = A.Customize("koch", (), (), ())
    game = start_game(5, 3, orders=orders)
    to_seat(game, "phoneco")
    a, b, c = _open_line(game)
    game.apply(JUDGE, A.JudgeMove("mccray", *b, "W"))
    game.apply(JUDGE, A.JudgeMove("osorio", *a, "W"))  # facing away: it does not see him
    assert token_of(game, "mccray") not in view_for(game, "phoneco").map.counters
    events = game.apply("phoneco", A.Move("osorio", "walk", (b, c), "E"))
    assert square_of(game, "osorio") == b
    assert [e.data["reason"] for e in events if e.kind == "interdiction"] == [
        "bumped into someone unseen"]


def test_the_two_pirate_bands_may_share_a_space_but_rivals_may_not():
    game = ArtifactGame.new({"players": 8}, 6)
    for seat in game.seats:
        game.apply(seat, A.VoteEncryption(True))
    for seat in sorted(game.actors()):
        game.apply(seat, game.legal_actions(seat)[0])
    for seat in game.seats:  # the first option of each: the same space for both bands
        game.apply(seat, game.legal_actions(seat)[0])
    spaces = {game.plan.space_name(c.square) for c in game.state.characters.values()
              if c.seat in ("pirates", "pirates2")}
    assert len(spaces) == 1  # both bands in one space
    conflicts = game.placement_conflicts()
    assert not [c for c in conflicts if {c[1], c[2]} == {"pirates", "pirates2"}]
    assert [c[1:] for c in conflicts if {c[1], c[2]} == {"phoneco", "phoneco2"}]
    for _space, _a, b in conflicts:
        game.apply(JUDGE, A.ReturnPlacement(b, ""))
        options = game.legal_actions(b)
        game.apply(b, options[-1])
        if not game.placement_conflicts():
            break
    assert not game.placement_conflicts()
    while game.phase == "judge_check":
        robots = [a for a in game.legal_actions(JUDGE) if isinstance(a, A.PlaceRobot)]
        game.apply(JUDGE, robots[0] if robots else A.StartPlay())
    assert game.phase == "play" and len(spaces) == 1
