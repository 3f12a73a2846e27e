"""Bench: every seat's sight after an action in The Artifact, against python-tcod.

Sets up an eight-player game with every character placed on the full Feynman deck plan,
then repeatedly applies one action and recomputes every map (one field of view per observing
character) and every seat's view. In the same run, python-tcod's ``compute_fov`` does the same
number of field-of-view computations from the same squares on the same deck plan, drawn as a
transparency grid at double resolution (walls and hatches as opaque cells). tcod is a
bench-only dependency; the engine never imports it.

Printed, each with its ratio to tcod: fields of view from the plan's sight table, fields of
view from squares nobody had looked from yet (the table's per-square first use), the rules'
direct statement (``reference_field_of_view``, one line walk per square), the map updates
(the goal figure: every seat's sight after one action) and the whole update with every
seat's view, both the best of five runs as tcod's figure is. The first action after the
deck plan is loaded (which builds the sight table) is printed apart, as are the table's
build time and memory, lazily and for every square.

    .venv/bin/python bench/artifact_sight.py [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import tcod  # noqa: E402

from game.artifact import actions as A  # noqa: E402
from game.artifact import sightings  # noqa: E402
from game.artifact.engine import ArtifactGame  # noqa: E402
from game.artifact.seats import JUDGE  # noqa: E402
from game.artifact.sight import (  # noqa: E402
    SIGHT_BLOCKING_EDGES,
    SightTable,
    field_of_view,
    reference_field_of_view,
    sight_table,
)
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


def observers(game) -> list:
    s = game.state
    out = []
    for map_id in s.maps:
        seats = set(sightings.map_seats(s, map_id))
        out += [c for c in s.characters.values()
                if c.seat in seats and sightings.can_observe(game.sheets, c)]
    return out


def repeat(count: int, calls: list, tries: int = 5) -> float:
    """Seconds to make ``count`` calls, cycling through ``calls`` (argument-free functions);
    the best of ``tries`` runs, so that other work on the machine counts as little as it can
    (every figure compared is taken the same way)."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        done = 0
        while done < count:
            for call in calls:
                call()
                done += 1
                if done >= count:
                    break
        best = min(best, time.perf_counter() - start)
    return best


def table_figures(plan) -> dict:
    """The sight table's costs: building it, a first look from each square a character can
    stand on (each facing), looking from everywhere, and its memory empty and full."""
    out: dict = {}
    start = time.perf_counter()
    table = SightTable(plan)
    out["built"] = time.perf_counter() - start
    standing = [s for s in range(plan.width * plan.height) if plan.passable(s)]
    out["looks"] = 4 * len(standing)
    out["look_mean"] = out["look_max"] = float("inf")
    for _ in range(3):  # fresh tables, the best of three (the machine is shared)
        table = SightTable(plan)
        looks = []
        for square in standing:
            for facing in "NESW":
                start = time.perf_counter()
                table.seen_from(square, facing)
                looks.append(time.perf_counter() - start)
        out["look_mean"] = min(out["look_mean"], sum(looks) / len(looks))
        out["look_max"] = min(out["look_max"], max(looks))
    table = SightTable(plan)
    start = time.perf_counter()
    for square in range(plan.width * plan.height):
        for facing in "NESW":
            table.seen_from(square, facing)
    out["full"] = time.perf_counter() - start
    tracemalloc.start()
    table = SightTable(plan)
    out["empty_bytes"] = tracemalloc.get_traced_memory()[0]
    for square in range(plan.width * plan.height):
        for facing in "NESW":
            table.seen_from(square, facing)
    out["full_bytes"] = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    game = placed_game()
    s = game.state
    plan = game.plan
    plan.memo.clear()
    seat = game.turn_seat
    mover = next(c for c in game.own_characters(seat) if c.status == "active")

    def one_action(n: int) -> tuple[float, float]:
        """An action, then every map and every view as the hub would: (maps, views) s."""
        game.apply(JUDGE, A.JudgeMessage(seat, f"tick {n}"))
        mover.facing = "NESW"[n % 4]  # an action has changed what one character faces
        mark = time.perf_counter()
        for map_id in sorted(s.maps):
            sightings.refresh_map(s, plan, game.sheets, map_id)
        maps = time.perf_counter() - mark
        mark = time.perf_counter()
        for other in game.seats:
            view_for(game, other)
        view_for(game, JUDGE)
        return maps, time.perf_counter() - mark

    # Cold: the first action after the deck plan is loaded builds the sight table and
    # makes the first looks from each observer's square; told apart from the steady state.
    start = time.perf_counter()
    cold_maps, _ = one_action(0)
    cold = time.perf_counter() - start
    # Steady: the best of five runs of ``rounds`` actions, each figure as tcod's is taken.
    fov_count = args.rounds * len(observers(game))
    ours = maps_time = views_time = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        maps = views = 0.0
        for n in range(1, args.rounds + 1):
            m, v = one_action(n)
            maps, views = maps + m, views + v
        ours = min(ours, time.perf_counter() - start)
        maps_time, views_time = min(maps_time, maps), min(views_time, views)
    watchers = observers(game)
    grid = transparency(plan)
    spots = [(2 * (c.square // plan.width) + 1, 2 * (c.square % plan.width) + 1)
             for c in watchers]
    theirs = repeat(fov_count, [
        lambda spot=spot: tcod.map.compute_fov(
            grid, spot, radius=0, algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        for spot in spots])
    dark = sightings.dark_squares(s, plan)
    table_calls = [lambda c=c: field_of_view(plan, c.square, c.facing, dark=dark,
                                             sees_dark=sightings.sees_dark(s, game.sheets, c))
                   for c in watchers]
    fov_table = repeat(fov_count, table_calls)
    table = sight_table(plan)
    first_calls = []
    for c in watchers:
        def first(c=c):
            table.seen.clear()
            field_of_view(plan, c.square, c.facing, dark=dark)
        first_calls.append(first)
    fov_first = repeat(fov_count, first_calls)
    fov_reference = repeat(fov_count, [
        lambda c=c: reference_field_of_view(plan, c.square, c.facing, dark, False)
        for c in watchers], tries=2)
    t = table_figures(plan)
    squares = plan.width * plan.height
    per = 1e6 / max(fov_count, 1)
    print(f"deck plan {plan.width}x{plan.height} squares, {len(s.characters)} characters, "
          f"{len(game.seats)} seats, {len(watchers)} observers")
    print(f"tcod compute_fov, {fov_count} fields of view on the same plan: {theirs:.4f} s "
          f"({per * theirs:.1f} us each)")
    print(f"engine field_of_view, sight table in use: {fov_table:.4f} s "
          f"({per * fov_table:.1f} us each, {len(watchers)} of them "
          f"{1000 * fov_table / fov_count * len(watchers):.2f} ms an action)")
    print(f"engine field_of_view from a square not looked from before (table built): "
          f"{fov_first:.4f} s "
          f"({per * fov_first:.1f} us each)")
    print(f"reference_field_of_view (a line walked per square): {fov_reference:.3f} s "
          f"({per * fov_reference:.0f} us each)")
    print(f"engine: {args.rounds} actions, every map and view recomputed: {ours:.3f} s "
          f"({1000 * ours / args.rounds:.2f} ms an action: map updates "
          f"{1000 * maps_time / args.rounds:.2f} ms, seat and Judge views "
          f"{1000 * views_time / args.rounds:.2f} ms; best of five runs)")
    print(f"engine: the first action after loading the deck plan (sight table built, first "
          f"looks): {1000 * cold:.1f} ms, its map updates {1000 * cold_maps:.1f} ms")
    print(f"sight table: built in {1000 * t['built']:.1f} ms ({t['empty_bytes'] / 1e6:.2f} MB); "
          f"first look from a square a character can stand on, each facing: mean "
          f"{1e6 * t['look_mean']:.1f} us, slowest {1e6 * t['look_max']:.0f} us "
          f"({t['looks']} looks); from all {squares} squares every way "
          f"{1000 * t['full']:.0f} ms, {t['full_bytes'] / 1e6:.2f} MB in all")
    print(f"ratio engine/tcod: {fov_table / theirs:.2f}x fields of view (sight table), "
          f"{fov_first / theirs:.2f}x from new squares "
          f"({t['look_mean'] / (theirs / fov_count):.2f}x over the whole plan), "
          f"{fov_reference / theirs:.1f}x reference, "
          f"{maps_time / theirs:.2f}x map updates, {ours / theirs:.1f}x whole update with views")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
