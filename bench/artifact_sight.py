"""Bench: recompute every seat's view of The Artifact after an action, against python-tcod.

Sets up an eight-player game with every character placed on the full Feynman deck plan,
then repeatedly applies one action and recomputes every map (one field of view per observing
character) and every seat's view. In the same run, python-tcod's ``compute_fov`` does the same
number of field-of-view computations from the same squares on the same deck plan, drawn as a
transparency grid at double resolution (walls and hatches as opaque cells). tcod is a
bench-only dependency; the engine never imports it.

    .venv/bin/python bench/artifact_sight.py [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import tcod  # noqa: E402

from game.artifact import actions as A  # noqa: E402
from game.artifact import sightings  # noqa: E402
from game.artifact.engine import ArtifactGame  # noqa: E402
from game.artifact.seats import JUDGE  # noqa: E402
from game.artifact.sight import SIGHT_BLOCKING_EDGES, _field_of_view  # noqa: E402
from game.artifact.views import view_for  # noqa: E402


def placed_game(seed: int = 8) -> ArtifactGame:
    rng = random.Random(seed)
    game = ArtifactGame.new({"players": 8, "assignment": "random"}, seed)
    while game.phase != "play":
        actor = sorted(game.actors())[0]
        options = game.legal_actions(actor)
        if game.phase == "judge_check":
            options = ([a for a in options if isinstance(a, A.ReturnPlacement)]
                       or [a for a in options if isinstance(a, A.PlaceRobot)] or options)
        game.apply(actor, rng.choice(options))
    return game


def transparency(plan) -> np.ndarray:
    """The deck plan at double resolution: squares, edges and corner posts as cells."""
    w, h = plan.width, plan.height
    grid = np.zeros((2 * h + 1, 2 * w + 1), dtype=bool)
    for y in range(h):
        for x in range(w):
            grid[2 * y + 1, 2 * x + 1] = not plan.opaque[plan.sq(x, y)]
    for y in range(h):
        for x in range(w + 1):
            grid[2 * y + 1, 2 * x] = plan.vedge[y * (w + 1) + x] not in SIGHT_BLOCKING_EDGES
    for y in range(h + 1):
        for x in range(w):
            grid[2 * y, 2 * x + 1] = plan.hedge[y * w + x] not in SIGHT_BLOCKING_EDGES
    for y in range(h + 1):
        for x in range(w + 1):
            arms = [grid[2 * y, 2 * x - 1] if x > 0 else True,
                    grid[2 * y, 2 * x + 1] if x < w else True,
                    grid[2 * y - 1, 2 * x] if y > 0 else True,
                    grid[2 * y + 1, 2 * x] if y < h else True]
            grid[2 * y, 2 * x] = all(arms)
    return grid


def observers(game) -> list[dict]:
    s = game.state
    out = []
    for map_id in s["maps"]:
        seats = set(sightings.map_seats(s, map_id))
        out += [c for c in s["characters"].values()
                if c["seat"] in seats and sightings.can_observe(game.sheets, c)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    game = placed_game()
    s = game.state
    plan = game.plan
    plan.memo.clear()  # start cold: the first action computes every field of view
    seat = game.turn_seat
    mover = next(c for c in game.own_characters(seat) if c["status"] == "active")
    fov_count = 0
    start = time.perf_counter()
    for n in range(args.rounds):
        facing = "NESW"[n % 4]
        game.apply(JUDGE, A.JudgeMessage(seat, f"tick {n}"))
        mover["facing"] = facing  # an action has changed what one character faces
        for map_id in sorted(s["maps"]):
            sightings.refresh_map(s, plan, game.sheets, map_id)
        for other in game.seats:
            view_for(game, other)
        view_for(game, JUDGE)
        fov_count += len(observers(game))
    ours = time.perf_counter() - start
    grid = transparency(plan)
    spots = [(2 * (c["square"] // plan.width) + 1, 2 * (c["square"] % plan.width) + 1)
             for c in observers(game)]
    start = time.perf_counter()
    done = 0
    while done < fov_count:
        for row, col in spots:
            tcod.map.compute_fov(grid, (row, col), radius=0,
                                 algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
            done += 1
            if done >= fov_count:
                break
    theirs = time.perf_counter() - start
    dark = sightings.dark_squares(s, plan)
    start = time.perf_counter()
    done = 0
    watchers = observers(game)
    while done < fov_count:
        for char in watchers:
            sightings.observer_fov(s, plan, game.sheets, char, dark)
            done += 1
            if done >= fov_count:
                break
    fov_only = time.perf_counter() - start
    start = time.perf_counter()
    done = 0
    while done < fov_count:
        for char in watchers:
            _field_of_view(plan, char["square"], char["facing"], dark, False)
            done += 1
            if done >= fov_count:
                break
    fov_cold = time.perf_counter() - start
    print(f"deck plan {plan.width}x{plan.height} squares, {len(s['characters'])} characters, "
          f"{len(game.seats)} seats, {len(observers(game))} observers")
    print(f"engine: {args.rounds} actions, every map and view recomputed: {ours:.3f} s "
          f"({1000 * ours / args.rounds:.2f} ms per action, {fov_count} fields of view, "
          f"{1e6 * ours / max(fov_count, 1):.0f} us each incl. views)")
    print(f"tcod compute_fov, same {fov_count} fields of view on the same plan: {theirs:.3f} s "
          f"({1e6 * theirs / max(fov_count, 1):.0f} us each)")
    print(f"engine field_of_view alone, same {fov_count}, remembered on the plan: "
          f"{fov_only:.4f} s ({1e6 * fov_only / max(fov_count, 1):.1f} us each)")
    print(f"engine field_of_view alone, same {fov_count}, computed afresh every time: "
          f"{fov_cold:.3f} s ({1e6 * fov_cold / max(fov_count, 1):.0f} us each)")
    print(f"ratio engine/tcod: {ours / theirs:.1f}x for whole view updates (views included), "
          f"{fov_cold / theirs:.1f}x for fields of view computed afresh")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
