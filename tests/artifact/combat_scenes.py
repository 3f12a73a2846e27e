"""Scenes for the combat tests: the Example of Play's game with characters put where a test
wants them by the Judge's moves, and small readers of the seats' views."""

from __future__ import annotations

from game.artifact import actions as A
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .arrange import act_again, give_item
from .secrecy_tools import to_seat


def scene(**places):
    """The Example's game at Pirate Turn 1 with characters put where the test wants them:
    name=(x, y, facing). Returns the game and the log that made it."""
    game, log = example_game(5)
    for cid, (x, y, facing) in places.items():
        action = A.JudgeMove(cid, x, y, facing)
        game.apply(JUDGE, action)
        log.append((JUDGE, action))
    return game, log


def look(game, seat, log=None, by=None):
    """Let the seat in turn look about (a turn in place by a character that has not acted,
    ``by`` if named: that character may act again), so its map shows what the Judge's moves
    put in view."""
    s = game.state
    cid = by or next(c.id for c in sorted(game.own_characters(seat), key=lambda c: c.id != "yee")
                     if c.id not in s.turn.acted and c.status == "active"
                     and c.square is not None)
    action = A.Move(cid, "walk", (), s.characters[cid].facing)
    game.apply(seat, action)
    if log is not None:
        log.append((seat, action))
    if by is not None:
        act_again(game, by)


def token(game, cid):
    return game.state.characters[cid].token


def weapon_of(game, cid, kind="rifle"):
    s = game.state
    return next(i for i in s.characters[cid].items if s.items[i].type == kind)


def give(game, cid, kind):
    """Hand a character an item of ``kind`` (a test's stand-in for a purchase)."""
    return give_item(game, cid, kind)


def notices(game, seat, kind):
    return [n for n in view_for(game, seat).notices if n.kind == kind]


def next_turn(game, seat):
    """End the turn in hand and play on to ``seat``'s next one."""
    game.apply(game.turn_seat, A.EndTurn())
    to_seat(game, seat)
