"""Bench: every seat's view and the Judge's after each action, rebuilt in full against kept
(``viewcache.PlainViews``: only the views an action touched are built again).

Plays the eight-player game of ``bench/net_latency.py``'s script (the lobby, then moves
and turn ends chosen from the engine's legal actions) and after each action works out
the plain view of every seat and of the Judge, as the hub sends them: once with
``plain_view_for`` for each (the full rebuild), once with one ``PlainViews`` kept across
the game. The two are timed alternately in the same run on fresh games, by CPU time,
and the best round of each is printed (per play-phase action: median, 95th percentile
and worst), with the ratio, the number of seat views built, kept with their frame
written anew (a turn passed on) and kept as they were, the kept views' medians for the
moves and the turn ends apart, and the engine's own ``apply`` for scale. ``--pause``
sleeps that many seconds before each action, as players take seconds between actions:
the processor's caches have gone cold by then, and every action costs more.

    .venv/bin/python bench/artifact_views.py [--actions N] [--rounds N] [--pause S]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from net_latency import SEED, make_script  # noqa: E402

from game.artifact.engine import ArtifactGame  # noqa: E402
from game.artifact.seats import JUDGE  # noqa: E402
from game.artifact.viewcache import PlainViews  # noqa: E402
from game.artifact.views import plain_view_for  # noqa: E402
from game.artifact.viewtypes import decode_view  # noqa: E402
from net.codec import MAX_HUB_FRAME, decode, encode  # noqa: E402
from net.diff import diff, patch  # noqa: E402


def play(script: list, kept: bool, pause: float = 0.0
         ) -> tuple[list[float], list[float], PlainViews | None, list[str]]:
    """CPU seconds of every play-phase action's views, and of its ``apply``, and the
    action's kind."""
    game = ArtifactGame.new({"players": 8, "assignment": "random"}, SEED)
    who = [*game.seats, JUDGE]
    views = PlainViews(game) if kept else None
    times, applies, kinds = [], [], []
    for seat, action in script:
        if pause:
            time.sleep(pause)
        start = time.process_time()
        game.apply(seat, action)
        applied = time.process_time()
        for x in who:
            if views is not None:
                views.plain(x)
            else:
                plain_view_for(game, x)
        done = time.process_time()
        if game.phase == "play":
            times.append(done - applied)
            applies.append(applied - start)
            kinds.append(type(action).__name__)
    return times, applies, views, kinds


def decoding(script: list, rounds: int) -> tuple[list[float], list[float]]:
    """CPU seconds, per play-phase action, of decoding every changed client's view: in
    full, and with each link's memo (best round of each, alternately)."""
    game = ArtifactGame.new({"players": 8, "assignment": "random"}, SEED)
    who = [*game.seats, JUDGE]
    views = PlainViews(game)
    sent = {x: views.plain(x) for x in who}
    docs = {x: decode(encode({"view": sent[x]}), MAX_HUB_FRAME) for x in who}
    changed: list[list[dict]] = []  # per play-phase action: the changed documents
    for seat, action in script:
        game.apply(seat, action)
        now = []
        for x in who:
            new = views.plain(x)
            ops = diff({"view": sent[x]}, {"view": new})
            sent[x] = new
            if ops:
                docs[x] = patch(docs[x], decode(encode({"diff": ops}), MAX_HUB_FRAME)["diff"])
                now.append((x, docs[x]["view"]))
        if game.phase == "play":
            changed.append(now)
    best: dict[bool, list[float]] = {}
    for _ in range(rounds):
        for reuse in (False, True):
            memos: dict[str, dict] = {x: {} for x in who}
            times = []
            for now in changed:
                start = time.process_time()
                for x, plain in now:
                    decode_view(plain, memos[x] if reuse else None)
                times.append(time.process_time() - start)
            if reuse not in best or sum(times) < sum(best[reuse]):
                best[reuse] = times
    return best[False], best[True]


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"median {1000 * statistics.median(times):.2f} ms, 95th percentile "
            f"{1000 * p95:.2f} ms, worst {1000 * ordered[-1]:.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=160)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pause", type=float, default=0.0, metavar="SECONDS")
    args = parser.parse_args(argv)
    if min(args.actions, args.rounds) < 1 or not 0 <= args.pause <= 10:
        parser.error("--actions and --rounds must be 1 or more, --pause 0 to 10 seconds")
    script = make_script(args.actions)
    best: dict[bool, tuple[list[float], list[float], PlainViews | None, list[str]]] = {}
    for _ in range(args.rounds):
        for kept in (False, True):
            run = play(script, kept, args.pause)
            if kept not in best or sum(run[0]) < sum(best[kept][0]):
                best[kept] = run
    full, applies, _, kinds = best[False]
    ours, _, views, _ = best[True]
    assert views is not None
    pause = f", {args.pause} s before each action" if args.pause else ""
    print(f"eight players, {len(script)} actions, {len(full)} of them in play; every seat's "
          f"view and the Judge's after each, plain; best of {args.rounds} rounds by CPU "
          f"time{pause}; load average {os.getloadavg()[0]:.1f}")
    print(f"full rebuild (plain_view_for): {figures(full)}")
    print(f"kept views (PlainViews):       {figures(ours)}")
    print(f"ratio kept/full: median {statistics.median(ours) / statistics.median(full):.2f}x, "
          f"total {sum(ours) / sum(full):.2f}x")
    for kind in sorted(set(kinds)):
        mine = [x for x, k in zip(ours, kinds, strict=True) if k == kind]
        theirs = [x for x, k in zip(full, kinds, strict=True) if k == kind]
        print(f"  {kind} ({len(mine)}): kept median {1000 * statistics.median(mine):.2f} ms, "
              f"full {1000 * statistics.median(theirs):.2f} ms")
    print(f"seat views built {views.built}, kept with the frame written anew "
          f"{views.reframed}, kept {views.kept} (the Judge's is built part by part)")
    print(f"the engine's apply of those actions: {figures(applies)}")
    full_decode, kept_decode = decoding(script, args.rounds)
    print("the clients' decode of every changed view after an action, as records:")
    print(f"  in full:                     {figures(full_decode)}")
    print(f"  the changed parts only:      {figures(kept_decode)}")
    print(f"  ratio: median {statistics.median(kept_decode) / statistics.median(full_decode):.2f}x,"
          f" total {sum(kept_decode) / sum(full_decode):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
