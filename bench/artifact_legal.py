"""Bench: ``legal_actions`` of the seat in turn in the largest game, next to one ``apply``.

Plays an eight-player game of The Artifact into its first rounds (every seat places as first
offered, the Judge settles clashes and starts play), then, for the seat in turn at each of a
few turns, times ``legal_actions(seat)`` (every legal action of its turn, from the rules:
docs/artifact-engine.md) and one ``apply`` of the first listed move, both in the same run.
Prints the median times, their ratio, and how many actions were listed.

    .venv/bin/python bench/artifact_legal.py [--turns N] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.artifact import actions as A  # noqa: E402
from game.artifact.engine import ArtifactGame  # noqa: E402


def largest_game(seed: int = 5) -> ArtifactGame:
    """Eight players, forces placed as first offered, play started."""
    game = ArtifactGame.new({"players": 8}, seed)
    while game.phase != "play":
        seat = sorted(game.actors())[0]
        legal = game.legal_actions(seat)
        if game.phase == "judge_check":
            clash = [a for a in legal if isinstance(a, A.ReturnPlacement)]
            robots = [a for a in legal if isinstance(a, A.PlaceRobot)]
            action = (clash or robots or [a for a in legal if isinstance(a, A.StartPlay)])[0]
        elif game.phase == "place" and len(legal) > 1:
            action = legal[(seed + len(game.state.placed)) % len(legal)]
        else:
            action = legal[0]
        game.apply(seat, action)
    return game


def timed(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def apply_time(game: ArtifactGame, seat: str, move: A.Action, repeat: int) -> float:
    """Median seconds of one ``apply`` of ``move``, each on a fresh copy of ``game``."""
    snapshot = game.to_dict()

    def one_apply() -> float:
        trial = ArtifactGame.from_dict(snapshot)
        start = time.perf_counter()
        trial.apply(seat, move)
        return time.perf_counter() - start

    return statistics.median(one_apply() for _ in range(repeat))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    game = largest_game()
    legal_times, apply_times, counts = [], [], []
    for _turn in range(args.turns):
        seat = game.turn_seat
        legal_times.append(timed(lambda s=seat: game.legal_actions(s), args.repeat))
        legal = game.legal_actions(seat)
        counts.append(len(legal))
        move = next((a for a in legal if isinstance(a, A.Move) and a.path), A.EndTurn())
        apply_times.append(apply_time(game, seat, move, args.repeat))
        game.apply(seat, move)
        if game.turn_seat == seat:  # the move was not already the end of the turn
            game.apply(seat, A.EndTurn())
        if game.phase != "play":
            break
    legal_ms = statistics.median(legal_times) * 1000
    apply_ms = statistics.median(apply_times) * 1000
    print(f"game: 8 players, {len(game.state.characters)} characters, "
          f"{len(legal_times)} turns measured")
    print(f"legal_actions(seat in turn): {legal_ms:.1f} ms median, "
          f"{statistics.median(counts):.0f} actions listed (min {min(counts)}, max {max(counts)})")
    print(f"one apply (a listed move):   {apply_ms:.1f} ms median")
    print(f"ratio legal_actions / apply: {legal_ms / apply_ms:.1f}")
    print(f"per listed action:           {legal_ms * 1000 / statistics.median(counts):.1f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
