"""Engine speed of The Herald: complete games per second and turns per second with a
random player (seeded), full-length games (the automatic player's moves replayed), and
the automatic player's time per decision.

    .venv/bin/python bench/herald_engine.py [--games 3000] [--bot-games 20] [--rounds 3]
                                            [--repeat 10] [--baseline REF]

Rates are given per second of the measuring process's CPU time (``time.process_time``),
which a busy shared machine disturbs far less than the wall clock; the wall-clock rate
follows in brackets. The automatic player's decision times are CPU times too.

Each round measures in a fresh process. With ``--baseline REF`` (a git commit, e.g.
``main``), the engine of that commit is exported to a temporary folder and measured in
the same rounds, alternating with this tree's engine, on the same seeds and the same
full-length games; the best and the median of the rounds are printed for each, with
the ratio of the best figures. Under load, read the best figures: noise only ever slows.
The machine's load average is printed before and after the rounds, since on a shared
machine it moves the figures more than anything in the engine does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
#: Where ``game`` is imported from: this tree, or a baseline's exported tree.
ROOT = Path(os.environ.get("HERALD_BENCH_ROOT") or HERE)
sys.path.insert(0, str(ROOT))

from baseline import export  # noqa: E402

from game.herald.actions import action_from_dict  # noqa: E402
from game.herald.engine import HeraldGame  # noqa: E402


def measure(games: int, logs: list[dict], repeat: int) -> dict[str, float]:
    """The random player's complete games and the full-length games replayed (``repeat``
    times over, so that a round lasts long enough to measure), timed."""
    turns = actions = 0
    started, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        game = HeraldGame.new(seed, "linear" if seed % 2 else "standard")
        rng = random.Random(seed)
        while game.outcome is None:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        turns += game.state.turn
    cpu = time.process_time() - started
    wall = time.perf_counter() - wall
    out = {"games": games, "random_cpu": cpu, "random_wall": wall, "random_turns": turns,
           "random_actions": actions}
    replays = [(g["setup"], [action_from_dict(a) for a in g["log"]]) for g in logs]
    bot_turns = 0
    started, wall = time.process_time(), time.perf_counter()
    for _ in range(repeat):
        for setup, log in replays:
            game = HeraldGame.new(setup["seed"], setup["variant"])
            for action in log:
                game.apply(action)
            bot_turns += game.state.turn
    out.update(full_cpu=time.process_time() - started, full_wall=time.perf_counter() - wall,
               full_turns=bot_turns, full_games=len(replays) * repeat)
    return out


def bot_games(count: int) -> tuple[list[dict], float, float, int]:
    """The automatic player's full-length games (seeds 10000 on), with its decision times:
    (game dicts, mean seconds, worst seconds, decisions)."""
    from game.herald.bot import choose

    logs, spent, worst, decisions = [], 0.0, 0.0, 0
    for seed in range(count):
        game = HeraldGame.new(10_000 + seed)
        while game.outcome is None:
            t0 = time.process_time()
            hint = choose(game)
            took = time.process_time() - t0
            spent += took
            worst = max(worst, took)
            decisions += 1
            game.apply(hint.action)
        logs.append(game.to_dict())
    return logs, spent / max(1, decisions), worst, decisions


def run_round(root: Path, games: int, logs_file: Path, repeat: int) -> dict[str, float]:
    """One measurement in a fresh process importing ``game`` from ``root``."""
    env = dict(os.environ, HERALD_BENCH_ROOT=str(root))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure",
                           str(logs_file), "--games", str(games), "--repeat", str(repeat)],
                          env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def report(name: str, rounds: list[dict[str, float]]) -> dict[str, float]:
    rates = {
        "random_turns": [r["random_turns"] / r["random_cpu"] for r in rounds],
        "random_games": [r["games"] / r["random_cpu"] for r in rounds],
        "full_turns": [r["full_turns"] / r["full_cpu"] for r in rounds],
        "full_wall": [r["full_turns"] / r["full_wall"] for r in rounds],
    }
    first = rounds[0]
    print(f"{name}:")
    print(f"  random player, {first['games']} complete games "
          f"(mean {first['random_turns'] / first['games']:.1f} turns/game): "
          f"best {max(rates['random_turns']):,.0f} turns/s "
          f"({max(rates['random_games']):,.0f} games/s), "
          f"median {statistics.median(rates['random_turns']):,.0f} turns/s")
    print(f"  full-length games, the automatic player's replayed ({first['full_games']} in all) "
          f"(mean {first['full_turns'] / first['full_games']:.1f} turns/game): "
          f"best {max(rates['full_turns']):,.0f} turns/s, "
          f"median {statistics.median(rates['full_turns']):,.0f} turns/s "
          f"(best wall {max(rates['full_wall']):,.0f})")
    print("  rounds, full-length turns/s: "
          + ", ".join(f"{v:,.0f}" for v in rates["full_turns"]))
    return {k: max(v) for k, v in rates.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--bot-games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=10,
                        help="replays of the automatic player's games in each round")
    parser.add_argument("--baseline", metavar="REF",
                        help="also measure the engine of this git commit, in the same rounds")
    parser.add_argument("--measure", metavar="LOGS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if min(args.games, args.bot_games, args.rounds, args.repeat) < 1:
        parser.error("--games, --bot-games, --rounds and --repeat must be 1 or more")
    if args.measure:  # a round in a fresh process: figures as JSON on stdout
        logs = json.loads(Path(args.measure).read_text())
        print(json.dumps(measure(args.games, logs, args.repeat)))
        return 0

    load_before = _load()
    logs, mean, worst, decisions = bot_games(args.bot_games)
    with tempfile.TemporaryDirectory() as tmp:
        logs_file = Path(tmp) / "logs.json"
        logs_file.write_text(json.dumps(logs))
        base_root = None
        if args.baseline:
            base_root = export(args.baseline, Path(tmp) / "baseline", ("game",))
            if base_root is None:
                return 2
        ours, theirs = [], []
        for _ in range(args.rounds):
            if base_root is not None:
                theirs.append(run_round(base_root, args.games, logs_file, args.repeat))
            ours.append(run_round(ROOT, args.games, logs_file, args.repeat))
    now = report("this tree", ours)
    if theirs:
        before = report(f"baseline {args.baseline}", theirs)
        print(f"ratio (best, this tree / baseline): random player "
              f"{now['random_turns'] / before['random_turns']:.2f}x, full-length games "
              f"{now['full_turns'] / before['full_turns']:.2f}x")
    print(f"automatic player: {1000 * mean:.1f} ms per decision on average, "
          f"{1000 * worst:.0f} ms worst, over {decisions} decisions")
    print(f"load average (1 min) before {load_before}, after {_load()}, "
          f"on {os.cpu_count()} cores")
    return 0


def _load() -> str:
    """The 1-minute load average, or "unknown" where the system does not give one."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return "unknown"


if __name__ == "__main__":
    raise SystemExit(main())
