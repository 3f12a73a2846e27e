"""Balance figures for The Artifact's combat charts: for every ranged weapon, type of fire,
range band and armour row, the share of attack actions that take the target out of the fight
(knocked out, seriously wounded, down, killed or stopped by EMP) and that leave the weapon
jammed, overheated or broken; for every close-combat chart, the same per strike, from the
front and from behind. Figures come from the engine's own rule functions (combat_dice)
over seeded dice.

    .venv/bin/python bench/artifact_combat.py [--trials N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.artifact import combat_dice as cd  # noqa: E402
from game.artifact.combat_charts import default_charts  # noqa: E402
from game.artifact.sheets import ARMOUR  # noqa: E402

OUT = {"KO", "S", "D", "K", "EMP"}


def volley_figures(weapon: str, fire: str, distance: int, armour: str, trials: int,
                   rng: random.Random) -> tuple[float, float]:
    """(share out of the fight, share leaving the weapon unusable) over ``trials`` actions."""
    odds = cd.attack_odds(weapon, distance, fire=fire)
    dice = cd.two_d6_stream(rng)
    out = stuck = 0
    for _ in range(trials):
        volley = cd.fire_volley(odds, dice)
        state = ""
        for shot in volley.shots:
            if shot.hit:
                state = cd.damage(weapon, armour, cd.d6(rng), previous=state,
                                  kind="robot" if armour == "armoured" else "human"
                                  ).effect.code
        out += state in OUT
        stuck += volley.weapon_state != "ready"
    return out / trials, stuck / trials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.trials < 1:
        print("--trials must be at least 1", file=sys.stderr)
        return 2
    charts = default_charts()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    print(f"Ranged attacks: % of actions that take the target out of the fight "
          f"({args.trials} seeded actions per cell), armour none / light / armoured; "
          f"last column: % of actions that jam, overheat or break the weapon")
    header = f"{'weapon':18} {'fire':7} " + " ".join(f"{b.name:>17}" for b in charts.bands)
    print(header + f" {'stuck':>6}")
    volleys = 0
    for weapon in charts.weapons.values():
        if weapon.kind != "ranged":
            continue
        for fire in weapon.fire:
            cells, stuck_total, counted = [], 0.0, 0
            for band, number in zip(charts.bands, weapon.to_hit, strict=True):
                if number is None:
                    cells.append(f"{'-':>17}")
                    continue
                row = []
                for armour in ARMOUR:
                    out, stuck = volley_figures(weapon.id, fire, band.low, armour,
                                                args.trials, rng)
                    volleys += args.trials
                    row.append(f"{100 * out:4.0f}")
                    stuck_total += stuck
                    counted += 1
                cells.append(f"{' /'.join(row):>17}")
            print(f"{weapon.name:18} {fire:7} " + " ".join(cells)
                  + f" {100 * stuck_total / counted:5.1f}%")
    print()
    print("Close combat: % of strikes that take the target out of the fight (exact), "
          "armour none / light / armoured")
    for weapon in charts.weapons.values():
        if weapon.kind != "close":
            continue
        for behind in (False, True):
            mods = cd.close_modifiers(from_behind=behind)
            row = [sum(cd.damage(weapon.id, armour, roll, modifiers=mods).effect.code in OUT
                       for roll in range(1, 7)) / 6 for armour in ARMOUR]
            label = "from behind" if behind else "from the front"
            print(f"{weapon.name:18} {label:15} "
                  + " /".join(f"{100 * share:4.0f}" for share in row))
    elapsed = time.perf_counter() - start
    print(f"\n{volleys} volleys in {elapsed:.1f} s ({volleys / elapsed:,.0f} volleys/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
