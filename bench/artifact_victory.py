"""Bench: the end-of-game checks of The Artifact next to one ``apply``, in the largest game.

After every action in play the engine asks whether the rules end the game
(``victory.ended_by``: the drives detonated, or nobody left aboard); when it ends, it works
out every seat's level (``victory.evaluate``: every level of every sheet, with its facts in
words). This plays an eight-player game into its first rounds (the same game as
``artifact_legal.py``) and times, in the same run, ``ended_by``, ``evaluate`` and one
``apply`` of a listed move, printing the medians and their ratios to the ``apply``.

    .venv/bin/python bench/artifact_victory.py [--turns N] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.artifact_legal import apply_time, largest_game, timed  # noqa: E402
from game.artifact import actions as A  # noqa: E402
from game.artifact import victory  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    game = largest_game()
    ended, evaluated, applied = [], [], []
    for _turn in range(args.turns):
        seat = game.turn_seat
        ended.append(timed(lambda: victory.ended_by(game), args.repeat))
        evaluated.append(timed(lambda: victory.evaluate(game), args.repeat))
        move = next((a for a in game.legal_actions(seat)
                     if isinstance(a, A.Move) and a.path), A.EndTurn())
        applied.append(apply_time(game, seat, move, args.repeat))
        game.apply(seat, move)
        if game.phase == "play" and game.turn_seat == seat:
            game.apply(seat, A.EndTurn())
        if game.phase != "play":
            break
    end_ms = statistics.median(ended) * 1000
    eval_ms = statistics.median(evaluated) * 1000
    apply_ms = statistics.median(applied) * 1000
    print(f"eight players, {len(applied)} turns, median of {args.repeat} runs each")
    print(f"ended_by (after every action): {end_ms:.3f} ms  "
          f"= {end_ms / apply_ms:.3f} x one apply")
    print(f"evaluate (once, at the end):   {eval_ms:.3f} ms  "
          f"= {eval_ms / apply_ms:.3f} x one apply")
    print(f"one apply of a move:           {apply_ms:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
