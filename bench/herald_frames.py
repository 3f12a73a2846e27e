"""Frame time of the Herald game screen while animations play, against a bare blit.

Runs headless (dummy video driver) at 1280x800: the automatic player's choices are clicked
through the UI and every frame of the resulting animations (dice tumbling, ship gliding,
matrix pawn moving, markers sliding, banners) is timed, update and draw included. In the
same run it times a bare full-screen blit plus flip, so the ratio says how much the console
costs over the cheapest possible frame on this machine.

    .venv/bin/python bench/herald_frames.py [--frames N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.herald.bot import choose  # noqa: E402
from game.herald.engine import HeraldGame  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.herald_pilot import Pilot  # noqa: E402
from game.ui.herald_scene import HeraldScene  # noqa: E402
from game.ui.scene import Reset  # noqa: E402
from game.ui.settings import Settings, apply_settings  # noqa: E402

SIZE = (1280, 800)
DT = 1 / 60


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def animation_frames(frames: int, seed: int) -> list[float]:
    app = App(SIZE, mute=True, data_dir=Path(tempfile.mkdtemp(prefix="herald-bench-")))
    # default settings, tour seen: the figures never depend on this machine's settings file
    apply_settings(app.ctx, Settings(coach_done=True))
    times: list[float] = []
    while len(times) < frames:
        game = HeraldGame.new(seed)
        seed += 1
        app.apply(Reset(HeraldScene(game)))
        pilot = Pilot(app)
        pilot.settle()
        while game.pending is not None and len(times) < frames:
            action = choose(game).action
            scene = pilot.scene
            # compose the order by pointing (untimed), then time the animation frames
            if hasattr(scene.orders, "apply_hint"):
                scene.orders.apply_hint(action)
            scene.act(action, app.ctx)
            while scene.busy and len(times) < frames:
                t0 = time.perf_counter()
                app.step((), DT)
                times.append(time.perf_counter() - t0)
            pilot.settle()
    return times


def bare_blit_frames(frames: int) -> list[float]:
    screen = pygame.display.get_surface()
    image = pygame.Surface(screen.get_size()).convert()
    image.fill((30, 40, 60))
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        pygame.event.pump()
        screen.blit(image, (0, 0))
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    anim = animation_frames(args.frames, args.seed)
    bare = bare_blit_frames(args.frames)
    a_med, a_p95 = statistics.median(anim), percentile(anim, 0.95)
    b_med, b_p95 = statistics.median(bare), percentile(bare, 0.95)
    print(f"Herald game screen during animation, {SIZE[0]}x{SIZE[1]}, {len(anim)} frames "
          f"(dummy video driver)")
    print(f"  median {a_med * 1000:.2f} ms   p95 {a_p95 * 1000:.2f} ms")
    print(f"bare full-screen blit + flip, {len(bare)} frames")
    print(f"  median {b_med * 1000:.3f} ms   p95 {b_p95 * 1000:.3f} ms")
    print(f"ratio (game / bare): median {a_med / b_med:.1f}x   p95 {a_p95 / b_p95:.1f}x")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
