"""The pirate cannon (rulebook: Pirate Cannon; Hits to Map Features; Damage Effects).

The cannon is crewed from the pirate cutter's turret (the ``turret`` square of the plan as
it stands, wherever the cutter has flown) by a character with the skill the combat data
names (Plasma). The turret's dome turns with its gunner: the field of fire is the gunner's
field of view, which from the dome includes what it sees over the hull (``space``). The
charts each mode rolls on are the combat data's ``[cannon]`` table.

* **Anti-personnel** fires as its chart's weapon (an RPP-7): an ordinary attack with the
  combat rules (``combat.plan_attack`` / ``perform_attack``), at a character or, through
  the glass, at a computer, hatch or window.
* **Plasma drill** burns a breach through the hull at a square of the hull the gunner sees
  from outside (one of its hull edges faces a space square the gunner sees): the edge
  nearest the gunner is breached (a hole kept with the broken windows: the computer reports
  it and sight and movement pass it) and everyone in the square takes a hit on the drill's
  chart (a grenade's). Ship features there are left undamaged. The drill burns through
  the hull's side, never down through a hull face: a figure on the top or underside over
  the square is not in it and is not hit, and a face square is no aim for the drill.
* **Needle beam** attacks a ship system through the hull without breaching it: a computer
  terminal, the shield generator, a drive square or Life Support, in a space whose hull the
  gunner sees from outside. The system defends on the data's armour row; its damage adds up
  as a character's does (Damage Additions) and has no effect until it is killed: a computer
  is wrecked (Computer Hits), the shields drop, the drive detonates, life support fails.
"""

from __future__ import annotations

from . import combat, sightings, space
from . import combat_dice as dice
from .errors import IllegalAction
from .events import Event
from .sight import field_of_view

MODES = ("anti_personnel", "plasma_drill", "needle_beam")
SYSTEM_FEATURES = ("major_terminal", "minor_terminal", "shield_generator", "drive")
LIFE_SUPPORT = "Life Support"
HULL_EDGES = ("wall", "glass")


def gunner_problem(game, char) -> str | None:
    """Why ``char`` may not fire the cannon now (None: it may)."""
    plan = game.plan
    if char.square is None or plan.feature[char.square] != "turret":
        return "the cannon is fired from the cutter's turret"
    sheet = game.sheets.characters[char.sheet]
    return dice.cannon_problem(sheet.skills, combat.charts_of(game)) or None


def _seen(game, char, facing: str) -> frozenset:
    return field_of_view(game.plan, char.square, facing)


def hull_edge(plan, square: int, seen: frozenset, gunner: int) -> tuple[int, int] | None:
    """The hull edge of ``square`` the gunner sees from outside (its space square in
    ``seen``), nearest the gunner; None if there is none."""
    if plan.space_of[square] < 0:
        return None
    x, y = plan.xy(square)
    gx, gy = plan.xy(gunner)
    best = None
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if not plan.inside(x + dx, y + dy):
            continue
        n = plan.sq(x + dx, y + dy)
        if (plan.terrain[n] == "space" and n in seen
                and plan.edge_between(square, n) in HULL_EDGES):
            key = (max(abs(x + dx - gx), abs(y + dy - gy)), n)
            if best is None or key < best[0]:
                best = (key, (square, n))
    return best[1] if best else None


def system_at(plan, square: int) -> str:
    """The ship system in ``square`` a needle beam may strike ("" none): its feature, or
    life support for a square of that space."""
    if plan.feature[square] in SYSTEM_FEATURES:
        return plan.feature[square]
    return "life_support" if plan.space_name(square) == LIFE_SUPPORT else ""


def _hull_squares(plan, seen: frozenset) -> set[int]:
    """The squares inside the hull next to a space square in ``seen``."""
    out = set()
    for square in seen:
        if plan.terrain[square] != "space":
            continue
        x, y = plan.xy(square)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if plan.inside(x + dx, y + dy) and plan.space_of[plan.sq(x + dx, y + dy)] >= 0:
                out.add(plan.sq(x + dx, y + dy))
    return out


def _hull_spaces(plan, seen: frozenset, gunner: int) -> set[int]:
    """The spaces whose hull the gunner sees from outside."""
    return {plan.space_of[s] for s in _hull_squares(plan, seen)
            if hull_edge(plan, s, seen, gunner) is not None}


def target_problem(game, char, mode: str, target, facing: str) -> str | None:
    """Why the drill or the beam cannot be aimed at ``target`` (an ``(x, y)`` square) from
    the turret facing ``facing`` (None: it can)."""
    plan = game.plan
    if isinstance(target, str) or not plan.inside(*target):
        return "aim the drill or the beam at a square"
    square = plan.sq(*target)
    seen = _seen(game, char, facing)
    if mode == "plasma_drill":
        face = space.face_of(plan, square)
        if face:  # the plan opens only edges between neighbours; a face lies apart
            where = "on top of" if face == "dorsal" else "underneath"
            return (f"{list(target)} is {where} the hull: the drill burns through the hull's "
                    "side, so aim at the square of the hull itself")
        if hull_edge(plan, square, seen, char.square) is None:
            return f"no hull you can see from outside at {list(target)}"
        return None
    if not system_at(plan, square):
        return f"there is no ship system at {list(target)}"
    if plan.space_of[square] not in _hull_spaces(plan, seen, char.square):
        return f"you cannot see the hull over {list(target)}"
    return None


def fire(game, seat: str, char, mode: str, target, facing: str, rng) -> list[Event]:
    """Fire the cannon (after ``gunner_problem``): the mode's attack, then face."""
    from . import movement

    charts = combat.charts_of(game)
    if mode not in MODES:
        raise IllegalAction(f"the cannon's modes are {', '.join(MODES)}")
    if mode == "anti_personnel":
        arm = combat.Arm(charts.weapons[charts.cannon.anti_personnel], None, True)
        shots = combat.plan_attack(game, seat, char, arm, "normal", (target,),
                                   facing=char.facing)
        movement.face_after_action(game, char, facing)
        return combat.perform_attack(game, seat, char, arm, "normal", shots, rng,
                                     facing=facing)
    problem = target_problem(game, char, mode, target, char.facing)
    if problem:
        raise IllegalAction(problem)
    plan = game.plan
    edge = hull_edge(plan, plan.sq(*target), _seen(game, char, char.facing), char.square)
    movement.face_after_action(game, char, facing)  # the shot went out before the turn
    if mode == "plasma_drill":
        return _drill(game, seat, char, target, edge, rng)
    return _needle(game, seat, char, target, rng)


def _drill(game, seat: str, char, target, edge: tuple[int, int], rng) -> list[Event]:
    plan = game.plan
    s = game.state
    square = plan.sq(*target)
    res = combat.Resolver(game, seat, rng, char)
    breach = game.drawn_plan.edge_id(*edge)
    if breach not in s.systems.broken_windows:
        s.systems.broken_windows.append(breach)
        s.systems.broken_windows.sort()
    s.judge_notices.append(combat._judge(s, "hull_breached", square=list(target)))
    chart = combat.charts_of(game).cannon.plasma_drill
    results = [res.told(victim, res.harm(victim, chart)) for victim in res.in_square(square)]
    return [game.notify(seat, {"kind": "cannon", "mode": "plasma_drill",
                               "square": list(target), "results": results})] + res.events


def _needle(game, seat: str, char, target, rng) -> list[Event]:
    plan = game.plan
    s = game.state
    square = plan.sq(*target)
    charts = combat.charts_of(game)
    system = system_at(plan, square)
    key = LIFE_SUPPORT if system == "life_support" else f"{target[0]},{target[1]}"
    res = combat.Resolver(game, seat, rng, char)
    outcome = dice.damage(charts.cannon.needle_beam, charts.cannon.needle_beam_row, res.d6(),
                          previous=s.systems.needled.get(key, ""), kind="robot",
                          charts=charts)
    s.systems.needled[key] = outcome.effect.code
    killed = outcome.effect.status == "dead"
    words = "The beam burns in; the system still works."
    if killed:
        if system in ("major_terminal", "minor_terminal"):
            res.wreck_computer(square, charts.computer_hits.lookup(res.d6()))
            words = "The computer is destroyed."
        elif system == "shield_generator":
            s.systems.shields_up = False
            sightings.shields_told(s, s.map_of[seat], False)
            words = "The shield generator is destroyed: the shields fall."
        elif system == "life_support":
            s.systems.life_support = False
            words = "Life support is destroyed."
        else:
            words = res.detonate()
    s.judge_notices.append(combat._judge(s, "needle_beam", square=list(target),
                                         system=system, damage=outcome.effect.code))
    return [game.notify(seat, {"kind": "cannon", "mode": "needle_beam",
                               "square": list(target), "roll": outcome.roll,
                               "killed": killed, "result": words})] + res.events


def aims(game, seat: str, char, mode: str) -> list:
    """Every target the gunner (``gunner_problem`` passed) may aim ``mode`` at now, facing as
    it does: the character counters on the seat's map an anti-personnel shot can reach (by
    token), the hull squares the drill can breach or the systems the beam can strike (by
    ``(x, y)``). The legal actions list and the seat's bar both ask this."""
    plan = game.plan
    if mode == "anti_personnel":
        charts = combat.charts_of(game)
        arm = combat.Arm(charts.weapons[charts.cannon.anti_personnel], None, True)
        out = []
        for token in sorted(combat.map_counters(game, seat)):
            try:
                combat.plan_attack(game, seat, char, arm, "normal", (token,))
            except IllegalAction:
                continue
            out.append(token)
        return out
    seen = _seen(game, char, char.facing)
    if mode == "plasma_drill":
        return [plan.xy(q) for q in sorted(_hull_squares(plan, seen))
                if hull_edge(plan, q, seen, char.square) is not None]
    spaces = _hull_spaces(plan, seen, char.square)
    return [plan.xy(q) for q in range(len(plan.terrain))
            if system_at(plan, q) and plan.space_of[q] in spaces]


def listed(game, seat: str, char, after: list[str]) -> list:
    """The cannon's actions for the legal actions list: every mode at every target the
    gunner may aim at (``aims``), then each facing in ``after``."""
    from . import actions as A

    if gunner_problem(game, char):
        return []
    return [A.FireCannon(char.id, mode, target, f) for mode in MODES
            for target in aims(game, seat, char, mode) for f in after]
