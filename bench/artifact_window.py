"""An Artifact client window's memory after every zoom level and a few resizes, and its
time to the first frame.

Each figure is measured in a fresh child process (so nothing of the parent counts):

* first frame: a real host process on 127.0.0.1, then a seat window and the Judge's
  window started as the command line starts them; the time from launching the window's
  process to its first drawn frame, and to the first frame that shows the game (the
  host's snapshot arrived). Python's own start-up is included; the modules' bytecode is
  compiled by a first, uncounted start, as an installed client has it. The CPU time the
  window's process used up to its first frame is printed too: on a loaded machine the
  wall-clock figure is mostly waiting for a processor.
* memory: a seat window and the Judge's window on a game in play (the engine in the same
  process, which only adds to the figure): frames with the mouse sweeping the map, every
  zoom level in and out, then resizes to five window sizes with every zoom level at each.
  Printed: the resident set size at the end and its peak, in MB.

    .venv/bin/python bench/artifact_window.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1024, 640), (1920, 1080), (2560, 1440), (800, 500), (1280, 800)]
GOAL_MB = 150
GOAL_FIRST_FRAME = 1.0


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # As an installed client starts: its modules' bytecode compiled once (pip does it at
    # install), not compiled afresh at every start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def rss_mb() -> float:
    """Resident set size now (Linux /proc; the peak where that is missing)."""
    try:
        with open("/proc/self/statm") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return peak_mb()


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1e3


# ----------------------------------------------------------------------- children

def child_first_frame(join: str, launched: float) -> dict:
    """Open a window for ``join`` the way ``game join``/``game judge`` do; time frames."""
    import pygame

    from game.ui.app import App
    from game.ui.artifact_app import seat_scene_for
    from game.ui.artifact_judge_scene import ArtifactJudgeScene
    from game.ui.artifact_source import LinkSource
    from net.joinstring import parse

    source = LinkSource(parse(join))
    app = App((1280, 800), mute=True, title="The Artifact", icon="counter_artifact")
    scene = (ArtifactJudgeScene(source) if source.seat == "judge"
             else seat_scene_for([source]))
    app.push(scene)
    first = shown = first_cpu = None
    deadline = time.time() + 20
    while shown is None and time.time() < deadline:
        app.step(pygame.event.get(), 1 / 60)
        now = time.time()
        if first is None:
            first = now - launched
            first_cpu = time.process_time()
        view = getattr(app.top, "view", None) or getattr(
            getattr(app.top, "current", None), "view", None)
        if view is not None:
            shown = now - launched
    source.close()
    pygame.quit()
    return {"first_frame": first, "game_shown": shown, "first_cpu": first_cpu}


def child_memory(who: str, quick: bool) -> dict:
    """Play a window through every zoom level and a few resizes; RSS at the end."""
    import pygame

    from game.artifact.engine import ArtifactGame
    from game.ui.app import App
    from game.ui.artifact_judge_scene import ArtifactJudgeScene
    from game.ui.artifact_map import ZOOMS
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import (
        LocalTable,
        to_judge_check,
        to_place,
        to_play,
        to_purchase,
    )

    game = ArtifactGame.new({"players": 5, "assignment": "random"}, 7)
    for step in (to_purchase, to_place, to_judge_check, to_play):
        step(game)
    table = LocalTable(game)
    table.say("phoneco", "Anyone seen the Artifact?", None)
    app = App((1280, 800), mute=True, title="The Artifact bench", icon=None)
    scene = (ArtifactJudgeScene(table.source("judge")) if who == "judge"
             else ArtifactSeatScene(table.source("pirates")))
    app.push(scene)
    app.step([], 1 / 60)
    sweep = 20 if quick else 60

    def frames(n: int) -> None:
        rect = scene.cam.rect
        for i in range(n):
            x = rect.x + 10 + (i * 37) % max(1, rect.w - 20)
            y = rect.y + 10 + (i * 23) % max(1, rect.h - 20)
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1),
                                         buttons=(0, 0, 0))], 1 / 60)

    def every_zoom() -> None:
        centre = scene.cam.rect.center
        app.ctx.mouse = centre
        for direction in (1, -1):
            for _ in range(len(ZOOMS)):
                app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction,
                                             flipped=False)], 1 / 60)
                frames(3)

    frames(sweep)
    every_zoom()
    after_zoom = rss_mb()
    for size in SIZES:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                     size=size)], 1 / 60)
        frames(sweep // 4)
        every_zoom()
    frames(sweep)
    out = {"after_zoom": after_zoom, "end": rss_mb(), "peak": peak_mb()}
    pygame.quit()
    return out


# ----------------------------------------------------------------------- parent

class _Host:
    """``python -m game host`` on 127.0.0.1 with a free port; its join strings."""

    def __init__(self, save: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--no-window", "--players", "4", "--port",
             "0", "--seed", "7", "--turn-seconds", "0", "--save", str(save)],
            cwd=ROOT, env=_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True)
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x.rstrip("\n")) for x in self.proc.stdout],
                         daemon=True).start()
        self.joins: dict[str, str] = {}
        deadline = time.monotonic() + 30
        while True:
            line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if line.startswith("join "):
                _, seat, text = line.split(" ")
                self.joins[seat] = text
            if line == "ready":
                return

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _child(args: list[str]) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise SystemExit(f"bench child {args[:2]} failed: {out.stderr.strip()[-400:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer frames per step")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, rest = args.child[0], args.child[1:]
        if kind == "first":
            result = child_first_frame(rest[0], float(rest[1]))
        else:
            result = child_memory(rest[0], args.quick)
        print(json.dumps(result))
        return 0

    print("Artifact client window: memory and first frame (each in a fresh process)")
    worst_mb = worst_peak = worst_first = 0.0
    for who in ("seat", "judge"):
        extra = ["--quick"] if args.quick else []
        m = _child(["--child", "memory", who, *extra])
        worst_mb = max(worst_mb, m["after_zoom"], m["end"])
        worst_peak = max(worst_peak, m["peak"])
        print(f"  {who:5} window: after every zoom {m['after_zoom']:6.1f} MB; after five "
              f"resizes with every zoom at each {m['end']:6.1f} MB; peak {m['peak']:6.1f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        host = _Host(Path(tmp) / "bench.alog")
        try:
            for seat in ("pirates", "judge"):
                _child(["--child", "first", host.joins[seat], repr(time.time())])  # warm-up
                launched = time.time()
                f = _child(["--child", "first", host.joins[seat], repr(launched)])
                shown = f["game_shown"]
                worst_first = max(worst_first, f["first_frame"], shown or 99.0)
                print(f"  {seat:7} window start: first frame {f['first_frame']:5.2f} s, "
                      f"game shown {shown if shown is None else round(shown, 2)} s "
                      f"(the process's own CPU time to its first frame "
                      f"{f['first_cpu']:.2f} s: what a busy machine adds is waiting)")
        finally:
            host.close()
    print(f"  worst memory after zooming and resizing {worst_mb:.1f} MB (goal at most "
          f"{GOAL_MB} MB; the peak while at 2560x1440 was {worst_peak:.1f} MB)")
    print(f"  worst first frame {worst_first:.2f} s (goal at most {GOAL_FIRST_FRAME:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
