"""Bench: the hub's own CPU time per engine action, in a process of its own, by part.

The hub of ``bench/net_latency.py``'s game (eight players, the same script of lobby
actions, moves and turn ends) is driven here without a network: every seat and the Judge
hold a connection that exists only in the hub's tables (their frames go to routing ids
nobody holds, which ZeroMQ drops), and each action goes the way the hub handles one it
received: ``_apply`` (the engine's ``apply`` and the log record), ``_push`` (every seat's
view, fingerprint, diff and update frame) and ``_release`` (the fsync waited for, the
frames sent). CPU time of the process (``process_time``: every thread, the fsync thread
too) per action in play is printed for the whole and for the engine's ``apply``, the
views, the diffs and the log's write, the machine's load aside. The work the hub's loop
does once an action's frames have left, while nothing waits to be read (the engine's
undo copy for the next action, ``ArtifactGame.prepare_undo``, its look from every
character, ``ArtifactGame.prepare_sight``, the likely next action worked out ahead with
every seat's view of it and the look from where the seat in turn may move, ``Hub._think``),
is off the action's path and printed as a figure
of its own ("idle"), with the sum of both; an action taken over from that work costs the
action itself little.

With ``--baseline REF`` the hub of that git commit (its ``game`` and ``net`` exported to
a temporary folder) is measured the same way in a process of its own, in rounds
alternating with this tree's, and the ratio is printed.

    .venv/bin/python bench/hub_cpu.py [--actions N] [--rounds N] [--baseline REF]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from baseline import alternating  # noqa: E402

#: The parts timed, each as (label, module, attribute): the time inside each call counted.
PARTS = (("apply", "game.artifact.engine", "ArtifactGame.apply"),
         ("views", "game.artifact.viewcache", "PlainViews.plain"),
         ("fingerprints", "net.hub", "fingerprint"),
         ("diffs", "net.hub", "diff"),
         ("log write", "net.actionlog", "ActionLog.write"))


def _timed(parts: dict[str, float], label: str, func):
    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return func(*args, **kwargs)
        finally:
            parts[label] += time.process_time() - start
    return timed


def measure(actions: int) -> dict:
    """One round in this process, with the ``game`` and ``net`` first on ``sys.path``."""
    import importlib

    # ``game`` and ``net`` first, from the tree measured: net_latency puts this tree's
    # folder first on the path when it is imported.
    from game.artifact.engine import ArtifactGame
    from game.artifact.seats import JUDGE
    from net.actionlog import ActionLog
    from net.hub import Hub

    latency = importlib.import_module("net_latency")
    SEED, make_script, play_start = latency.SEED, latency.make_script, latency.play_start

    parts = dict.fromkeys([label for label, _m, _a in PARTS], 0.0)
    for label, module, attribute in PARTS:
        owner = importlib.import_module(module)
        *path, name = attribute.split(".")
        for step in path:
            owner = getattr(owner, step)
        setattr(owner, name, _timed(parts, label, getattr(owner, name)))
    script = make_script(actions)
    split = play_start(script)
    game = ArtifactGame.new({"players": 8, "assignment": "random"}, SEED)
    with tempfile.TemporaryDirectory() as tmp, open(os.devnull, "w") as quiet:
        log = ActionLog.create(Path(tmp) / "bench.alog", {"setup": {}, "seed": SEED})
        codes = {seat: "code" for seat in (*game.seats, JUDGE)}
        hub = Hub(game, log, codes, status=quiet)
        try:
            for number, seat in enumerate(codes):
                channel = hub._seats[seat]
                channel.conn = b"\x00nobody" + bytes([number])
                hub._snapshot(channel.conn, seat)
            hub._release()
            times, idle = [], []
            # the hub's idle work between actions, in trees that have it
            between = [getattr(game, name) for name in ("prepare_undo", "prepare_sight")
                       if hasattr(game, name)]
            between += [hub._think] if hasattr(hub, "_think") else []
            for index, (seat, action) in enumerate(script):
                if index == split:  # the lobby's actions are not counted
                    parts.update(dict.fromkeys(parts, 0.0))
                start = time.process_time()
                hub._apply(seat, action)
                hub._push()
                hub._release()
                done = time.process_time()
                on_path = dict(parts)  # the idle work's views and diffs are not the action's
                for work in between:
                    work()
                parts.update(on_path)
                if index >= split:
                    times.append(done - start)
                    idle.append(time.process_time() - done)
        finally:
            hub.close()
    played = max(1, len(times))
    return {"times": times, "idle": statistics.mean(idle) if idle else 0.0,
            "parts": {label: value / played for label, value in parts.items()}}


def _round(root: Path, actions: int) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(HERE)]))
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--one",
                          str(actions)], cwd=root, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"bench: the round in {root} failed: {out.stderr.strip()[-400:]}")
    return json.loads(out.stdout)


def _figures(rounds: list[dict]) -> str:
    best = min(rounds, key=lambda r: statistics.median(r["times"]))
    times = best["times"]
    parts = ", ".join(f"{label} {1000 * value:.2f}" for label, value in best["parts"].items())
    idle = best.get("idle", 0.0)
    return (f"median {1000 * statistics.median(times):.2f} ms, mean "
            f"{1000 * statistics.mean(times):.2f} ms ({parts} ms an action); idle after "
            f"it {1000 * idle:.2f} ms, action and idle {1000 * (statistics.mean(times) + idle):.2f}"
            " ms (means)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=160)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", metavar="REF")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:  # one round, in the tree this process was started in
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure(args.one)))
        return 0
    if min(args.actions, args.rounds) < 1:
        parser.error("--actions and --rounds must be 1 or more")
    runs = alternating(args.baseline, args.rounds, lambda root, _tmp: _round(root, args.actions))
    if runs is None:
        return 2
    ours, theirs = runs
    played = len(ours[0]["times"])
    print(f"the hub's CPU time per engine action in play, {played} actions, in a process of "
          f"its own (every thread), best of {args.rounds} rounds; load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"this tree: {_figures(ours)}")
    if theirs:
        print(f"baseline {args.baseline}: {_figures(theirs)}")
        mine = min(statistics.median(r["times"]) for r in ours)
        old = min(statistics.median(r["times"]) for r in theirs)
        print(f"ratio this tree/baseline: median {mine / old:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
