"""Frame time of the Artifact seat screen with every overlay on, at 1280x800.

The seat plays a game in progress (in-process engine, the same document the hub would
send): a character selected, reach shaded with MP costs, the field of view, a path
preview and a line of sight following a mouse that sweeps the map, counters, ghosts,
minimap, notices and negotiation. Each frame is update + draw + flip under the dummy
video driver. Printed: median and 95th percentile frame time, and the ratio to a bare
full-screen blit measured in the same run.

    .venv/bin/python bench/artifact_frames.py [--frames N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.artifact.engine import ArtifactGame  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.artifact_seat_scene import ArtifactSeatScene  # noqa: E402
from game.ui.artifact_source import (  # noqa: E402
    LocalTable,
    to_judge_check,
    to_place,
    to_play,
    to_purchase,
)


def game_in_play(seed: int) -> ArtifactGame:
    game = ArtifactGame.new({"players": 5, "assignment": "random"}, seed)
    to_purchase(game)
    to_place(game)
    to_judge_check(game)
    to_play(game)
    return game


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    app = App((1280, 800), mute=True, title="The Artifact bench", icon=None)
    table = LocalTable(game_in_play(args.seed))
    table.say("phoneco", "Anyone seen the Artifact?", None)
    scene = ArtifactSeatScene(table.source("pirates"))
    app.push(scene)
    app.step([], 1 / 60)
    scene.mode = "run"
    scene.show_fov = scene.show_los = scene.show_reach = True
    rect = scene.cam.rect
    frames: list[float] = []
    with_path = with_los = 0
    for n in range(args.frames):
        x = rect.x + 20 + (n * 7) % (rect.w - 40)
        y = rect.y + 20 + (n * 3) % (rect.h - 40)
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(7, 3),
                                    buttons=(0, 0, 0))
        start = time.perf_counter()
        app.step([motion], 1 / 60)
        frames.append(time.perf_counter() - start)
        ov, _key = scene.overlays()
        with_path += bool(ov.path)
        with_los += ov.los is not None
    assert scene.selected is not None and scene.reach() and scene.fov()

    screen = app.screen
    full = pygame.Surface(screen.get_size()).convert()
    full.fill((20, 30, 40))
    blits: list[float] = []
    for _ in range(args.frames):
        start = time.perf_counter()
        screen.blit(full, (0, 0))
        pygame.display.flip()
        blits.append(time.perf_counter() - start)
    pygame.quit()

    med = statistics.median(frames)
    p95 = percentile(frames, 0.95)
    bare = statistics.median(blits)
    print(f"seat screen, all overlays, 1280x800, {args.frames} frames")
    print(f"  frames with a path preview {with_path}, with a line of sight {with_los}")
    print(f"  median frame  {med * 1000:7.2f} ms")
    print(f"  95th pct      {p95 * 1000:7.2f} ms")
    print(f"  bare full-screen blit + flip median {bare * 1000:7.3f} ms")
    print(f"  ratio median frame / bare blit     {med / bare:7.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
