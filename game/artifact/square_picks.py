"""The bar's options whose target is a square picked on the map: knockout gas thrown (a gas
grenade) or sprayed (a robot's built-in gas), a flashlight shone on a dark square, and the
pirate cannon fired in each of its three modes by whoever mans the turret.

Each option lists the squares it may be aimed at, found by the engine's own checks run on
the seat's knowledge (``odds.SeatKnowledge``): ``hazards.gas_problem``,
``hazards.examine_problem`` and ``cannon.gunner_problem`` / ``cannon.aims`` (the very
function the legal actions list asks). So the squares a screen lights up, and the action a
click makes, are those the engine accepts, and the option is closed, saying why, when there
is none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import cannon, combat, hazards
from .errors import IllegalAction
from .odds import SeatKnowledge, odds_words
from .sight import field_of_view

Square = tuple[int, int]

#: The cannon's modes in the bar's words.
CANNON_WORDS = {"anti_personnel": "Cannon: fire at people",
                "plasma_drill": "Cannon: drill the hull",
                "needle_beam": "Cannon: needle beam a system"}


@dataclass(frozen=True)
class Pick:
    """One option of the bar aimed at a square: its key (``gas:<weapon>``,
    ``light:<item>``, ``cannon:<mode>``), label, the engine action without its target and
    facing, the target the action takes for every square it may be aimed at, and "" or why
    it cannot be used now."""

    key: str
    label: str
    action: dict
    targets: dict[Square, object] = field(default_factory=dict)
    why: str = ""

    def action_at(self, square: Square) -> dict | None:
        """The action aimed at ``square`` (still without its facing), or None when the
        option cannot be aimed there."""
        target = self.targets.get(tuple(square))
        if target is None:
            return None
        key = {"attack": "targets", "use_equipment": "target",
               "fire_cannon": "target"}[self.action["type"]]
        value = [list(target)] if key == "targets" else (
            list(target) if isinstance(target, tuple) else target)
        return {**self.action, key: value}


def picks(know: SeatKnowledge, cid: str) -> list[Pick]:
    """Every square-aimed option of the seat's character ``cid`` (gas, flashlights, the
    cannon when it mans the turret), open or closed with the reason."""
    return _gas(know, cid) + _lights(know, cid) + _cannon(know, cid)


def pick_for(know: SeatKnowledge, cid: str, key: str) -> Pick | None:
    return next((p for p in picks(know, cid) if p.key == key), None)


def _gas(know: SeatKnowledge, cid: str) -> list[Pick]:
    char = know.character(cid)
    plan = know.plan
    out = []
    names = list(char.items) + list(know.charts.builtin.get(char.sheet, ()))
    for name in dict.fromkeys(names):
        arm = hazards.gas_arm(know, char, name)
        if arm is None:
            continue
        chart, item = arm
        reach = know.charts.bands[know.charts.band_index(chart.reach)].high if chart.reach \
            else 0
        x0, y0 = plan.xy(char.square)
        targets = {(x, y): (x, y) for y in range(y0 - reach, y0 + reach + 1)
                   for x in range(x0 - reach, x0 + reach + 1)
                   if plan.inside(x, y) and not hazards.gas_problem(know, char, name, (x, y))}
        why = "" if targets else (hazards.gas_problem(know, char, name, (x0, y0))
                                  or "no square within the throw")
        label = (f"Throw {know.sheets.items[item.type].name.lower()}" if item is not None
                 else f"Spray {chart.name.lower()}")
        out.append(Pick(f"gas:{name}", label, {"type": "attack", "character": cid,
                                               "weapon": name, "fire": "normal"},
                        targets, why))
    return out


def _lights(know: SeatKnowledge, cid: str) -> list[Pick]:
    """A carried flashlight, aimed at the dark squares its bearer could see were the lights
    on (shining it on a lit square changes nothing: not offered)."""
    char = know.character(cid)
    plan = know.plan
    entry = know.view.own.characters[cid]
    dark = set(know.view.dark)
    out = []
    for iid in char.items:
        item = know.state.items.get(iid)
        if item is None or item.type != "flashlight":
            continue
        seen = field_of_view(plan, char.square, char.facing, sees_dark=True)
        targets = {plan.xy(q): plan.xy(q) for q in sorted(seen)
                   if plan.space_name(q) in dark
                   and not hazards.examine_problem(know, char, iid, plan.xy(q))}
        why = ("" if "Hands" in entry.skills else f"{entry.name} has no hands") or (
            "" if targets else "nothing dark in sight to light")
        out.append(Pick(f"light:{iid}", f"Shine {know.sheets.items[item.type].name.lower()}",
                        {"type": "use_equipment", "character": cid, "item": iid},
                        targets if not why else {}, why))
    return out


def _cannon(know: SeatKnowledge, cid: str) -> list[Pick]:
    """The cannon's three modes, for a character in the turret: closed (saying why) when
    it cannot fire it; the anti-personnel mode aims at the counters the seat's map shows
    (a click on their square), the drill and the beam at squares."""
    char = know.character(cid)
    plan = know.plan
    if char.square is None or plan.feature[char.square] != "turret":
        return []
    problem = cannon.gunner_problem(know, char) or ""
    out = []
    for mode in cannon.MODES:
        targets: dict = {}
        if not problem:
            for target in cannon.aims(know, know.seat, char, mode):
                if isinstance(target, str):
                    square = tuple(combat.map_counters(know, know.seat)[target].square)
                    targets.setdefault(square, target)
                else:
                    targets[tuple(target)] = tuple(target)
        why = problem or ("" if targets else "nothing in the cannon's field to aim at")
        out.append(Pick(f"cannon:{mode}", CANNON_WORDS[mode],
                        {"type": "fire_cannon", "character": cid, "mode": mode},
                        targets, why))
    return out


def cannon_odds(know: SeatKnowledge, cid: str, token: str) -> str:
    """The cannon's anti-personnel shot at the counter ``token`` in words, planned as the
    engine plans it (``combat.plan_attack`` with the cannon's chart on the seat's
    knowledge): the to-hit number, range band and modifiers, or why it cannot fire."""
    charts = know.charts
    arm = combat.Arm(charts.weapons[charts.cannon.anti_personnel], None, True)
    try:
        shot = combat.plan_attack(know, know.seat, know.character(cid), arm, "normal",
                                  (token,))[0]
    except IllegalAction as exc:
        return f"Cannot fire: {exc}."
    return odds_words(shot.odds)


def aim_problem(know: SeatKnowledge, cid: str, key: str, square: Square) -> str:
    """Why the option ``key`` cannot be aimed at ``square`` ("" if it can), in the
    engine's words where it has them."""
    pick = pick_for(know, cid, key)
    if pick is None:
        return "that cannot be used now"
    if pick.why:
        return pick.why
    if tuple(square) in pick.targets:
        return ""
    kind, _, arg = key.partition(":")
    char = know.character(cid)
    if kind == "gas":
        return hazards.gas_problem(know, char, arg, tuple(square)) or "not there"
    if kind == "light":
        return hazards.examine_problem(know, char, arg, tuple(square)) or \
            "that square is not dark"
    if arg != "anti_personnel":
        return cannon.target_problem(know, char, arg, tuple(square), char.facing) or \
            "not there"
    return "nobody the cannon can reach there"
