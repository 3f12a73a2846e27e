"""Balance figures for The Herald: win rates of a random player and of the automatic
player over seeded games (default 10,000 each), with tier and defeat-cause counts.

    .venv/bin/python bench/herald_balance.py [--games N] [--players random,best]
        [--variant standard|linear] [--pads FILE] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.herald.bot import choose  # noqa: E402
from game.herald.engine import HeraldGame  # noqa: E402
from game.herald.pads import load_pads  # noqa: E402


def play(args: tuple[str, int, str, str | None]) -> tuple[str, str, int, int]:
    player, seed, variant, pads_path = args
    pads = load_pads(pads_path) if pads_path else None
    game = HeraldGame.new(seed, variant, pads)
    rng = random.Random(seed * 7919 + 1)
    while game.outcome is None:
        if player == "random":
            game.apply(rng.choice(game.legal_actions()))
        else:
            game.apply(choose(game).action)
    out = game.outcome
    return out.tier, out.cause, out.score, game.state.turn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", default="random,best")
    parser.add_argument("--variant", default="standard", choices=("standard", "linear"))
    parser.add_argument("--pads", default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    for player in args.players.split(","):
        started = time.perf_counter()
        jobs = [(player, args.first_seed + i, args.variant, args.pads)
                for i in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=50))
        elapsed = time.perf_counter() - started
        tiers = Counter(r[0] for r in results)
        causes = Counter(r[1] for r in results if r[0] == "defeat")
        wins = sum(1 for r in results if r[0] != "defeat")
        mean_turns = sum(r[3] for r in results) / len(results)
        mean_score = sum(r[2] for r in results) / len(results)
        print(f"{player:>6} player, {args.variant}, {len(results)} games "
              f"(seeds {args.first_seed}..{args.first_seed + args.games - 1}, {elapsed:.0f} s):")
        print(f"  win rate {100.0 * wins / len(results):.1f}%  "
              f"(success {tiers['success']}, outstanding {tiers['outstanding']}, "
              f"complete {tiers['complete']}, defeat {tiers['defeat']})")
        print("  defeats by cause: " + ", ".join(f"{k} {v}" for k, v in causes.most_common()))
        print(f"  mean turns {mean_turns:.1f}, mean score {mean_score:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
