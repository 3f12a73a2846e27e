"""Combat's dice arithmetic as pure functions over the charts (rulebook: Combat, Damage
Effects, Jammed Weapons, Hits to Map Features, Bug Aliens, the skills and the equipment).

Nothing here reads a game state: every function takes the plain facts of one roll (distances,
armour, who is hurt already, what was rolled) and returns a frozen outcome that says what
happened and why, so the engine can turn it into events and a client can show the same
numbers before anything is rolled. Dice come in from outside, either as values (tests force
them) or from the caller's seeded RNG through :func:`d6` / :func:`two_d6` and the streams;
there is no module-level ``random``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import count
from typing import Protocol

from .combat_charts import (
    DIE_SIDES,
    CombatCharts,
    Effect,
    Penetration,
    RangeBand,
    Weapon,
    default_charts,
)
from .deckplan import STEP
from .sheets import ARMOUR

Square = tuple[int, int]
#: Map features a shot can strike (rulebook: Missed Shots, Hits to Map Features, Drives).
FEATURES = ("window", "hatch", "computer", "generator", "wall", "object", "drive")


class Rng(Protocol):
    """What the rules need of a random source: ``random.Random`` in the game state."""

    def randint(self, a: int, b: int) -> int: ...


def d6(rng: Rng) -> int:
    return rng.randint(1, DIE_SIDES)


def two_d6(rng: Rng) -> tuple[int, int]:
    return (d6(rng), d6(rng))


def d6_stream(rng: Rng) -> Iterator[int]:
    """Endless single dice from ``rng``, drawn only as a rule consumes them."""
    return (d6(rng) for _ in count())


def two_d6_stream(rng: Rng) -> Iterator[tuple[int, int]]:
    return (two_d6(rng) for _ in count())


def _die(roll: int) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= DIE_SIDES:
        raise ValueError(f"a die shows 1-{DIE_SIDES}, got {roll!r}")
    return roll


def _charts(charts: CombatCharts | None) -> CombatCharts:
    return charts if charts is not None else default_charts()


def _weapon(weapon: str | Weapon, charts: CombatCharts) -> Weapon:
    if isinstance(weapon, Weapon):
        return weapon
    try:
        return charts.weapons[weapon]
    except KeyError:
        raise ValueError(f"no weapon chart {weapon!r}") from None


@dataclass(frozen=True)
class Modifier:
    """One itemised modifier: the chart's id, the words a player reads, and its value."""

    id: str
    label: str
    value: int

    def __str__(self) -> str:
        return f"{self.label} {self.value:+d}"


def modifier(mod_id: str, times: int = 1, charts: CombatCharts | None = None) -> Modifier:
    """A chart modifier, counted ``times`` (per character or object in the line)."""
    mod = _charts(charts).modifiers[mod_id]
    label = mod.label if times == 1 else f"{mod.label} (x{times})"
    return Modifier(mod.id, label, mod.value * times)


# ---- Ranges --------------------------------------------------------------------------------

def square_distance(a: Square, b: Square) -> int:
    """Squares between two squares, a diagonal step counting one (as in movement)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def range_band(distance: int, charts: CombatCharts | None = None) -> RangeBand | None:
    """The Ranges chart: the band of a target ``distance`` squares away, None beyond it."""
    if distance < 0:
        raise ValueError("a distance is never negative")
    return next((b for b in _charts(charts).bands if b.low <= distance <= b.high), None)


# ---- Ranged combat -------------------------------------------------------------------------

@dataclass(frozen=True)
class ShotConditions:
    """The situation of one shot, as plain facts the engine (or a preview) establishes."""

    target_unaware: bool = False      # the target cannot see the shooter
    target_helpless: bool = False     # the target is inactive
    target_is_object: bool = False    # a computer, closed hatch, window or the generator
    shooter_light_wound: bool = False
    carrying_casualty: bool = False
    tough_serious: bool = False       # a seriously wounded Tough character acting
    elusive_target: bool = False      # a fleeing ship or a target on the turning ring (EVA)
    characters_in_line: int = 0       # other characters in the line of fire
    furniture_in_line: int = 0        # obstructed squares the line of fire crosses


@dataclass(frozen=True)
class AttackOdds:
    """What a shot needs, itemised: shown before firing, used unchanged to resolve it."""

    weapon: str
    weapon_name: str
    fire: str
    fire_name: str
    shots: int
    distance: int
    band: str                 # "" beyond the last band
    band_name: str
    base: int | None          # the chart's to-hit number for the band
    modifiers: tuple[Modifier, ...]
    total_modifier: int
    needed: int | None        # smallest 2d6 roll that hits; None when no roll can
    always_hits: bool         # a stationary object: no roll
    chance: Fraction          # of each shot hitting
    fire_types: tuple[str, ...]
    why_not: str              # "" when the attack may be made

    @property
    def allowed(self) -> bool:
        return not self.why_not


def _chance(needed: int | None) -> Fraction:
    if needed is None:
        return Fraction(0)
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= needed)
    return Fraction(ways, 36)


def shot_modifiers(conditions: ShotConditions, fire: str = "normal",
                   charts: CombatCharts | None = None) -> tuple[Modifier, ...]:
    """The Ranged Combat Modifiers that apply, each once, in the chart's order."""
    charts = _charts(charts)
    c = conditions
    mods: list[Modifier] = []
    if c.target_helpless:
        mods.append(modifier("helpless", charts=charts))
    elif c.target_unaware:
        mods.append(modifier("unaware", charts=charts))
    fire_mod = charts.fire[fire].modifier
    if fire_mod:
        mods.append(modifier(fire_mod, charts=charts))
    for flag, mod_id in ((c.shooter_light_wound, "light_wound"),
                         (c.carrying_casualty, "carrying_casualty"),
                         (c.tough_serious, "tough_serious"),
                         (c.elusive_target, "elusive_target")):
        if flag:
            mods.append(modifier(mod_id, charts=charts))
    for times, mod_id in ((c.characters_in_line, "character_in_line"),
                          (c.furniture_in_line, "furniture_in_line")):
        if times:
            mods.append(modifier(mod_id, times, charts))
    return tuple(mods)


def attack_odds(weapon: str | Weapon, distance: int, conditions: ShotConditions | None = None,
                fire: str = "normal", charts: CombatCharts | None = None) -> AttackOdds:
    """The to-hit number of a ranged attack with every modifier itemised.

    A roll hits when 2d6 plus the modifiers reaches the chart's number for the band.
    Stationary objects are always hit without a roll (rulebook: Unaware Targets).
    """
    charts = _charts(charts)
    arm = _weapon(weapon, charts)
    conditions = conditions or ShotConditions()
    band = range_band(distance, charts)
    why = ""
    if arm.kind != "ranged":
        why = f"the {arm.name} is not fired at range"
    elif fire not in charts.fire:
        raise ValueError(f"unknown type of fire {fire!r}")
    elif fire not in arm.fire:
        why = f"the {arm.name} cannot use {charts.fire[fire].name.lower()}"
    base = None
    if arm.kind == "ranged":
        base = arm.to_hit[charts.band_index(band.id)] if band else None
        if base is None and not why:
            why = f"the target is out of the {arm.name}'s reach"
    fire_type = charts.fire.get(fire, charts.fire["normal"])
    always = conditions.target_is_object and not why
    mods = () if always else shot_modifiers(conditions, fire_type.id, charts)
    total = sum(m.value for m in mods)
    needed = None
    if base is not None and not why and not always:
        need = max(2, base - total)
        needed = need if need <= 12 else None
    return AttackOdds(
        weapon=arm.id, weapon_name=arm.name, fire=fire_type.id, fire_name=fire_type.name,
        shots=fire_type.shots, distance=distance, band=band.id if band else "",
        band_name=band.name if band else "", base=base, modifiers=mods, total_modifier=total,
        needed=needed, always_hits=always,
        chance=Fraction(1) if always else (_chance(needed) if not why else Fraction(0)),
        fire_types=arm.fire, why_not=why)


@dataclass(frozen=True)
class Shot:
    dice: tuple[int, int] | None   # None when no roll was needed (stationary object)
    natural: int | None
    total: int | None
    hit: bool


@dataclass(frozen=True)
class Volley:
    """One attack action's shots, in order, and the weapon's state afterwards.

    ``weapon_state`` is ready, jammed, overheated (plasma) or broken (a 2 in panic fire:
    discard it). A jam or a break ends the volley: later declared shots are ``lost``.
    """

    odds: AttackOdds
    shots: tuple[Shot, ...]
    weapon_state: str
    lost: int
    jam_roll: bool   # whether a natural jam roll (not the end of panic fire) caused the state


def fire_volley(odds: AttackOdds, dice: Iterable[tuple[int, int]] = (),
                charts: CombatCharts | None = None) -> Volley:
    """Resolve the shots of ``odds`` with 2d6 each from ``dice`` (values or a stream).

    A natural 2 jams the weapon after that shot is resolved (a plasma gun overheats instead),
    and breaks it in panic fire. Panic fire jams the weapon after its last shot.
    """
    return fire_shots((odds,) * odds.shots, dice, charts)


def fire_shots(shot_odds: Sequence[AttackOdds], dice: Iterable[tuple[int, int]] = (),
               charts: CombatCharts | None = None) -> Volley:
    """One attack action's shots, each with its own odds (shots may be spread over several
    targets: rulebook, Types of Fire), all of one weapon and type of fire, in order. Jams
    and breaks as in :func:`fire_volley`; the volley's ``odds`` are the first shot's."""
    charts = _charts(charts)
    if not shot_odds:
        raise ValueError("a volley has at least one shot")
    first = shot_odds[0]
    for odds in shot_odds:
        if not odds.allowed:
            raise ValueError(f"this attack cannot be made: {odds.why_not}")
        if (odds.weapon, odds.fire) != (first.weapon, first.fire):
            raise ValueError("every shot of a volley uses one weapon and one type of fire")
    if len(shot_odds) != first.shots:
        raise ValueError(f"{charts.fire[first.fire].name.lower()} fires {first.shots} shot(s)")
    arm = charts.weapons[first.weapon]
    fire_type = charts.fire[first.fire]
    jammed = "overheated" if arm.jams == "overheat" else "jammed"
    stream = iter(dice)
    shots: list[Shot] = []
    state, jam_roll = "ready", False
    for odds in shot_odds:
        if odds.always_hits:
            shots.append(Shot(None, None, None, True))
            continue
        try:
            pair = next(stream)
        except StopIteration:
            raise ValueError("not enough dice for the volley") from None
        a, b = (_die(v) for v in pair)
        natural = a + b
        total = natural + odds.total_modifier
        shots.append(Shot((a, b), natural, total, odds.base is not None and total >= odds.base))
        if natural == charts.jam_on and arm.jams != "never":
            state = "broken" if fire_type.jams_after else jammed
            jam_roll = True
            break
    if state == "ready" and fire_type.jams_after and arm.jams != "never":
        state = jammed
    return Volley(first, tuple(shots), state, fire_type.shots - len(shots), jam_roll)


# ---- Missed shots and grenades -------------------------------------------------------------

@dataclass(frozen=True)
class StrayShot:
    """Where a missed shot went: a character (``victim``) or the feature ending the line."""

    victim: Hashable | None
    rolls: tuple[int, ...]
    beyond_target: bool   # the victim stood past the target
    feature: str          # what stopped the line when nobody was hit ("" if someone was)


def stray_shot(in_line: Sequence[Hashable], beyond: Sequence[Hashable], end: str,
               rolls: Iterable[int], charts: CombatCharts | None = None) -> StrayShot:
    """The Missed Shots procedure. ``in_line`` are the other characters in the line of fire
    nearest the firer first, ``beyond`` those on the line extended past the target (in
    order), ``end`` the feature that stops it (wall, object, computer, hatch, window, drive).
    One die each in order; the first within the chart's range is hit."""
    charts = _charts(charts)
    if end not in FEATURES:
        raise ValueError(f"a line ends at one of {', '.join(FEATURES)}, got {end!r}")
    stream = iter(rolls)
    used: list[int] = []
    for past, group in ((False, in_line), (True, beyond)):
        for who in group:
            try:
                roll = _die(next(stream))
            except StopIteration:
                raise ValueError("not enough dice for the missed shot") from None
            used.append(roll)
            if roll in charts.rolls["stray_hit"]:
                return StrayShot(who, tuple(used), past, "")
    return StrayShot(None, tuple(used), False, end)


def stray_candidates(shooter: Hashable, target: Hashable, shooter_square: Square,
                     target_square: Square, line: Sequence[Square], beyond: Sequence[Square],
                     occupants: Mapping[Square, Sequence[Hashable]],
                     ) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
    """Who stands in a shot's line of fire (rulebook: Line of Sight), nearest first.

    ``line`` is the squares the line of sight crosses from the shooter to the target, in
    order (either end may be included), ``beyond`` the squares of the line extended past
    the target, ``occupants`` the *active* characters by square (inactive characters are
    never in the line). Others in the target's square are in the line; those in the
    shooter's square are not, unless the target is there too (then ``line`` is empty and
    ``beyond`` runs the way the shooter chose). Returns (in the line, past the target).
    """
    def others(square: Square) -> list[Hashable]:
        return [c for c in occupants.get(square, ()) if c not in (shooter, target)]

    before: list[Hashable] = []
    if shooter_square == target_square:
        before += others(target_square)
    else:
        for square in line:
            if square not in (shooter_square, target_square):
                before += others(square)
        before += others(target_square)
    past = [c for square in beyond if square not in (shooter_square, target_square)
            for c in others(square)]
    return tuple(before), tuple(past)


def opportunity_fire_stop(path: Sequence[Square], markers: Iterable[Square]) -> int | None:
    """Where a move runs into an opportunity-fire target square: the index in ``path`` of
    the first square entered that holds a marker (the mover ends its move there), or None.
    Only the exact square counts (the Example: Eastwood would have fired only had he
    targeted the very square the reconbot entered)."""
    targets = set(markers)
    return next((i for i, square in enumerate(path) if square in targets), None)


def blast_squares(center: Square) -> tuple[Square, ...]:
    """A grenade's blast area: the impact square first, then its eight neighbours."""
    x, y = center
    return (center,) + tuple((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                             if (dx, dy) != (0, 0))


def area_squares(weapon: str | Weapon, square: Square,
                 charts: CombatCharts | None = None) -> tuple[Square, ...]:
    """The squares a use of the weapon hits besides its target (a blast's nine); a gas's
    space is the engine's to find, so gas gives its landing square."""
    arm = _weapon(weapon, _charts(charts))
    return blast_squares(square) if arm.area == "blast" else (square,)


# ---- Damage --------------------------------------------------------------------------------

@dataclass(frozen=True)
class DamageOutcome:
    """One damage roll on a weapon chart, combined with an earlier wound if any."""

    weapon: str
    armour: str
    roll: int | None          # the die (None for the EMP pistol, which rolls none)
    modifiers: tuple[Modifier, ...]
    total: int | None
    chart: Effect             # what the chart says
    previous: str             # the result the target already had ("" if unhurt)
    effect: Effect            # the result that stands (Damage Additions applied)
    light_wound_kept: bool    # a light wound stays marked under a knock-out
    acid_spray: bool          # a bug alien killed: everything in its square is sprayed
    suit_breached: bool

    @property
    def status(self) -> str:
        """The character status the result leaves ("" = unchanged)."""
        return self.effect.status


def armour_row(kind: str, armour: str, suit: str = "",
               charts: CombatCharts | None = None) -> str:
    """The damage row a target defends with: robots always armoured; others the better of
    their sheet's armour and their worn suit's."""
    charts = _charts(charts)
    if kind == "robot":
        return "armoured"
    rows = [armour]
    if suit:
        rows.append(charts.suits[suit].armour)
    return max(rows, key=ARMOUR.index)


def add_damage(previous: str, new: str, *, bug: bool = False,
               charts: CombatCharts | None = None) -> str:
    """The Damage Additions chart; multiple Downs on a bug alien do not make a kill."""
    charts = _charts(charts)
    for code in (previous, new):
        if code and code not in charts.effects:
            raise ValueError(f"{code!r} is not a damage result")
    if previous == "K":
        return "K"
    if previous in ("", "NE"):
        return new
    if bug and previous == "D" and new == "D":
        return "D"
    return charts.additions[previous][new]


def damage(weapon: str | Weapon, armour: str, roll: int | None, *,
           modifiers: Sequence[Modifier] = (), previous: str = "", kind: str = "human",
           bug: bool = False, risen_bug: bool = False, sealed_suit: bool = False,
           charts: CombatCharts | None = None) -> DamageOutcome:
    """Roll on a weapon's damage effects chart in the target's armour row.

    ``kind`` matters only to the EMP pistol (it stops robots, nothing else). A bug alien that
    takes a kill sprays acid; one that already rose from a Down and is downed again is dead
    without spraying (rulebook: Bug Aliens).
    """
    charts = _charts(charts)
    arm = _weapon(weapon, charts)
    if armour not in ARMOUR:
        raise ValueError(f"armour must be one of {', '.join(ARMOUR)}, got {armour!r}")
    if arm.emp:
        code, total = ("EMP" if kind == "robot" else "NE"), None
        roll = None
    else:
        total = _die(roll) + sum(m.value for m in modifiers)
        code = arm.row(armour)[min(max(total, 1), DIE_SIDES) - 1]
    combined = add_damage(previous, code, bug=bug, charts=charts)
    if bug and risen_bug and combined == "D":
        combined, spray = "K", False
    else:
        spray = bug and combined == "K" and previous != "K"
    kept = combined == "KO" and "L" in (previous, code)
    return DamageOutcome(
        weapon=arm.id, armour=armour, roll=roll, modifiers=tuple(modifiers), total=total,
        chart=charts.effects[code], previous=previous, effect=charts.effects[combined],
        light_wound_kept=kept, acid_spray=spray,
        suit_breached=sealed_suit and code in charts.breach)


def status_check(roll: int, charts: CombatCharts | None = None) -> str:
    """A downed character's fate when first checked: dead or seriously wounded."""
    return "dead" if _die(roll) in _charts(charts).rolls["down_dead"] else "serious"


def bug_recovery(roll: int, charts: CombatCharts | None = None) -> str:
    """A downed bug alien at the Alien's situation update: dead, or only stunned (acts)."""
    return "dead" if _die(roll) in _charts(charts).rolls["bug_dead"] else "stunned"


def gas_attack(roll: int, *, breathes: bool, sealed_suit: bool, previous: str = "",
               charts: CombatCharts | None = None) -> DamageOutcome | None:
    """Knockout gas on one character in a gassed space; None for those it cannot touch
    (no lungs, or a sealed suit)."""
    if not breathes or sealed_suit:
        return None
    return damage("gas", "none", roll, previous=previous, charts=charts)


# ---- Close combat --------------------------------------------------------------------------

def is_behind(target: Square, facing: str, approach: Square) -> bool:
    """Whether ``approach`` lies behind a character facing ``facing`` (outside its 180-degree
    field to the front and sides)."""
    dx, dy = approach[0] - target[0], approach[1] - target[1]
    fx, fy = STEP[facing]
    return dx * fx + dy * fy < 0


def close_modifiers(*, from_behind: bool = False, tough_serious: bool = False,
                    charts: CombatCharts | None = None) -> tuple[Modifier, ...]:
    """Modifiers of a close-combat damage die (the Example: +1 from behind)."""
    mods = []
    if from_behind:
        mods.append(modifier("from_behind", charts=charts))
    if tough_serious:
        mods.append(modifier("tough_serious_strike", charts=charts))
    return tuple(mods)


def close_combat_problem(attacker_square: Square, target_square: Square) -> str:
    """Close combat reaches only the attacker's own square ("" when the target is there)."""
    if attacker_square != target_square:
        return "close combat reaches only characters in the attacker's own square"
    return ""


def close_weapons(kind: str, *, hands: bool, carried: Sequence[str] = (),
                  skills: Sequence[str] = (), robot: str = "",
                  charts: CombatCharts | None = None) -> tuple[str, ...]:
    """The close-combat charts a character may strike with: its natural attack, an
    improvised blow if it has hands and holds something, carried close weapons it has the
    skill for, and a robot's built-ins (used as if skilled)."""
    charts = _charts(charts)
    found = [charts.natural[kind]]
    if hands and carried:
        found.append(charts.improvised)
    for item in carried:
        arm = charts.weapon_for_item(item)
        if (hands and arm is not None and arm.kind == "close"
                and (not arm.skill or arm.skill in skills)):
            found.append(arm.id)
    for name in charts.builtin.get(robot, ()):
        if charts.weapons[name].kind == "close":
            found.append(name)
    return tuple(dict.fromkeys(found))


def use_problem(weapon: str | Weapon, *, hands: bool, skills: Sequence[str] = (),
                builtin: bool = False, charts: CombatCharts | None = None) -> str:
    """Why a character may not use this weapon or device ("" if it may). Carried equipment
    needs hands and the chart's skill; a robot's built-in needs neither (it is used as if
    skilled, rulebook: Robots); natural attacks need nothing."""
    arm = _weapon(weapon, _charts(charts))
    if builtin or not arm.item:
        return ""
    if not hands:
        return "using equipment needs hands"
    if arm.skill and arm.skill not in skills:
        return f"the {arm.name} needs the {arm.skill} skill"
    return ""


def cannon_problem(skills: Sequence[str], charts: CombatCharts | None = None) -> str:
    """Why a character may not crew the pirate cannon ("" if it may)."""
    skill = _charts(charts).cannon.skill
    return "" if skill in skills else f"the cannon needs the {skill} skill"


def self_preservation_problem(shooter_kind: str, hostiles_in_square: int,
                              target_in_square: bool) -> str:
    """Humans must down the active hostiles in their own square before firing out of it
    (the rulebook's reflex has no roll). "" when the shot is free to go."""
    if shooter_kind == "human" and hostiles_in_square and not target_in_square:
        return "a hostile stands in the shooter's own square and must be dealt with first"
    return ""


def last_one_out(leavers: Sequence[Hashable], staying_friends: int) -> Hashable | None:
    """Whom the hostiles left in a square may strike for free: the last active character to
    leave, once nobody active of its side stays (rulebook: Combat in Hostile Squares)."""
    if staying_friends or not leavers:
        return None
    return leavers[-1]


# ---- Map features --------------------------------------------------------------------------

@dataclass(frozen=True)
class FeatureHit:
    """A hit on a window, hatch, computer or the shield generator."""

    weapon: str
    feature: str
    entry: Penetration | None  # the penetration entry used (None: the feature ignores it)
    roll: int | None
    destroyed: bool
    computer_hit: str          # darkness, gas, explosion or special when a computer falls
    drive_detonation: bool


def feature_hit(weapon: str | Weapon, feature: str, roll: int | None = None,
                computer_roll: int | None = None,
                charts: CombatCharts | None = None) -> FeatureHit:
    """Hits to Map Features: roll ``roll`` against the chart's penetration line (windows and
    hatches: "doors"; computers: "computer"); a computer that falls rolls ``computer_roll``
    on the Computer Hits chart. Walls and furniture take no harm; a drive square detonates."""
    charts = _charts(charts)
    arm = _weapon(weapon, charts)
    if feature not in FEATURES:
        raise ValueError(f"feature must be one of {', '.join(FEATURES)}, got {feature!r}")
    if feature in ("wall", "object", "drive"):
        return FeatureHit(arm.id, feature, None, None, False, "", feature == "drive")
    if feature == "generator":
        return FeatureHit(arm.id, feature, None, None, arm.generator, "", False)
    entry = arm.penetration(feature)
    if entry.mode == "roll":
        if roll is None:
            raise ValueError("this hit needs a penetration roll")
        broken = _die(roll) in entry.dice
    else:
        broken = entry.mode == "always"
        roll = None
    result = ""
    if broken and feature == "computer":
        if computer_roll is None:
            raise ValueError("a destroyed computer needs a Computer Hits roll")
        result = charts.computer_hits.lookup(_die(computer_roll))
    return FeatureHit(arm.id, feature, entry, roll, broken, result, False)


# ---- Jams, repairs, skills and equipment ---------------------------------------------------

@dataclass(frozen=True)
class TableRoll:
    """A roll on a one-die table with its itemised modifiers."""

    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    result: str


def unjam_problem(weapon: str | Weapon, *, hands: bool, mechanic: bool,
                  charts: CombatCharts | None = None) -> str:
    """Why this character may not roll to unjam the weapon ("" if it may)."""
    arm = _weapon(weapon, _charts(charts))
    if arm.jams == "never":
        return f"the {arm.name} never jams"
    if arm.clear == "machine_shop":
        return f"an overheated {arm.name} must be repaired by a mechanic in the machine shop"
    if arm.clear == "mechanic" and not mechanic:
        return f"only a mechanic can clear the {arm.name}"
    if not hands and not mechanic:
        return "clearing a jam needs hands"
    return ""


def unjam(weapon: str | Weapon, roll: int, *, hands: bool = True, mechanic: bool = False,
          in_machine_shop: bool = False, extra: Sequence[Modifier] = (),
          charts: CombatCharts | None = None) -> TableRoll:
    """A roll on the Unjam Table (+1 in the machine shop, +1 for a mechanic, then any
    ``extra`` modifiers: a Tough character's -1 while seriously wounded, a place's bonus)."""
    charts = _charts(charts)
    why = unjam_problem(weapon, hands=hands, mechanic=mechanic, charts=charts)
    if why:
        raise ValueError(why)
    mods = []
    if in_machine_shop:
        mods.append(modifier("machine_shop", charts=charts))
    if mechanic:
        mods.append(modifier("mechanic", charts=charts))
    mods += extra
    total = _die(roll) + sum(m.value for m in mods)
    return TableRoll(roll, tuple(mods), total, charts.unjam.lookup(total))


def repair_problem(*, mechanic: bool, in_machine_shop: bool) -> str:
    if not mechanic:
        return "only a mechanic can repair it"
    if not in_machine_shop:
        return "repairs are made in the machine shop"
    return ""


def repair(roll: int, *, mechanic: bool = True, in_machine_shop: bool = True,
           extra: Sequence[Modifier] = (), charts: CombatCharts | None = None) -> TableRoll:
    """A roll on the Repair Table (robots, overheated plasma guns, anything hit by EMP), with
    ``extra`` modifiers (a Tough character's -1 while seriously wounded, a place's bonus)."""
    why = repair_problem(mechanic=mechanic, in_machine_shop=in_machine_shop)
    if why:
        raise ValueError(why)
    total = _die(roll) + sum(m.value for m in extra)
    return TableRoll(roll, tuple(extra), total, _charts(charts).repair.lookup(total))


def computer_hit(roll: int, charts: CombatCharts | None = None) -> str:
    """The Computer Hits chart: darkness, gas, explosion or special."""
    return _charts(charts).computer_hits.lookup(_die(roll))


def spoke_collision(roll: int, charts: CombatCharts | None = None) -> bool:
    """Floating through the turning ring's spokes: a collision (an Unarmed hit) or not."""
    return _die(roll) in _charts(charts).rolls["spoke_collision"]


def treatment_problem(status: str, wounded: bool) -> str:
    """Why first aid (a medic, a medkit, the medlab) cannot help now ("" if it can): it
    revives the knocked out and heals a light wound, nothing worse."""
    if status == "ko" or (status == "active" and wounded):
        return ""
    if status == "active":
        return "the patient has no light wound"
    return "first aid cannot help a patient in this state"


@dataclass(frozen=True)
class Treatment:
    status: str          # the patient's status afterwards
    wounded: bool        # whether a light wound is still marked
    done: str            # "revived" or "healed"
    charges: int = 0     # uses left in the medkit, when one was used


def treat(status: str, wounded: bool) -> Treatment:
    """First aid by a medic (or the medlab): revive a knocked-out patient, or else heal a
    light wound. One action does one of the two; no roll (rulebook: Medic, Medlab)."""
    why = treatment_problem(status, wounded)
    if why:
        raise ValueError(why)
    if status == "ko":
        return Treatment("active", wounded, "revived")
    return Treatment("active", False, "healed")


def medkit_problem(status: str, wounded: bool, charges: int,
                   charts: CombatCharts | None = None) -> str:
    """Why a medkit cannot help this patient now ("" if it can)."""
    charts = _charts(charts)
    if charges < 1:
        return "the medkit is spent; recharge it in the medlab"
    if status == "ko" and not charts.medkit_revives:
        return "this medkit cannot revive"
    if status == "active" and not charts.medkit_heals:
        return "this medkit cannot heal wounds"
    return treatment_problem(status, wounded)


def use_medkit(status: str, wounded: bool, charges: int,
               charts: CombatCharts | None = None) -> Treatment:
    """A medkit gives a medic's first aid to anyone with hands, using one charge."""
    why = medkit_problem(status, wounded, charges, charts)
    if why:
        raise ValueError(why)
    return replace(treat(status, wounded), charges=charges - 1)


def full_medkit(charts: CombatCharts | None = None) -> int:
    """Uses of a new or recharged medkit."""
    return _charts(charts).medkit_charges


@dataclass(frozen=True)
class CasualtyCarry:
    """How carriers move with a casualty (rulebook: Casualty Transport)."""

    fastest: str                  # the fastest movement mode allowed
    encumbered: tuple[bool, ...]  # per carrier: moves at the heavy human rate
    fire_modifier: Modifier
    may_move_and_fire: bool = False


def casualty_carry(carrier_kinds: Sequence[str],
                   charts: CombatCharts | None = None) -> CasualtyCarry:
    """One carrier walks; two carriers move normally, humans among them encumbered."""
    if not 1 <= len(carrier_kinds) <= 2:
        raise ValueError("a casualty is carried by one or two characters")
    team = len(carrier_kinds) == 2
    return CasualtyCarry(
        fastest="run" if team else "walk",
        encumbered=tuple(team and kind in ("human", "android") for kind in carrier_kinds),
        fire_modifier=modifier("carrying_casualty", charts=charts))
