"""Engine speed of The Herald: complete games per second and turns per second with a
random player (seeded), plus the automatic player's time per decision.

    .venv/bin/python bench/herald_engine.py [--games 3000] [--bot-games 20]

Rates are given per second of this process's CPU time (``time.process_time``), which a
busy shared machine disturbs far less than the wall clock; the wall-clock rate follows in
brackets. The automatic player's decision times are CPU times too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.herald.bot import choose  # noqa: E402
from game.herald.engine import HeraldGame  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--bot-games", type=int, default=20)
    args = parser.parse_args()

    turns = actions = 0
    started, wall = time.process_time(), time.perf_counter()
    for seed in range(args.games):
        game = HeraldGame.new(seed, "linear" if seed % 2 else "standard")
        rng = random.Random(seed)
        while game.outcome is None:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        turns += game.state.turn
    elapsed = time.process_time() - started
    wall = time.perf_counter() - wall
    print(f"random player: {args.games} complete games in {elapsed:.2f} s of CPU "
          f"({wall:.2f} s wall)")
    print(f"  {args.games / elapsed:,.0f} games/s, {turns / elapsed:,.0f} turns/s "
          f"({turns / wall:,.0f} wall), {actions / elapsed:,.0f} actions/s "
          f"(mean {turns / args.games:.1f} turns/game)")

    # Long games: the automatic player's turns, replayed with the engine alone.
    logs = []
    bot_time = 0.0
    decisions = 0
    worst = 0.0
    for seed in range(args.bot_games):
        game = HeraldGame.new(10_000 + seed)
        while game.outcome is None:
            t0 = time.process_time()
            hint = choose(game)
            spent = time.process_time() - t0
            bot_time += spent
            worst = max(worst, spent)
            decisions += 1
            game.apply(hint.action)
        logs.append((game.setup, list(game.log), game.state.turn))
    started, wall = time.process_time(), time.perf_counter()
    bot_turns = 0
    for setup, log, turn_count in logs:
        game = HeraldGame.new(setup["seed"], setup["variant"])
        for action in log:
            game.apply(action)
        bot_turns += turn_count
    elapsed = time.process_time() - started
    wall = time.perf_counter() - wall
    print(f"full-length games (automatic player's moves replayed): "
          f"{len(logs) / elapsed:,.0f} games/s, {bot_turns / elapsed:,.0f} turns/s "
          f"({bot_turns / wall:,.0f} wall) (mean {bot_turns / len(logs):.1f} turns/game)")
    print(f"automatic player: {1000 * bot_time / decisions:.1f} ms per decision on average, "
          f"{1000 * worst:.0f} ms worst, over {decisions} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
