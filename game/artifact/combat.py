"""Combat in play (rulebook: Combat: Combat Secrecy, Ranged Combat, Unaware Targets, Line of
Sight, Types of Fire, Missed Shots, Explosive Grenades, Close Combat, Combat in Hostile
Squares, Damage Effects, Bug Aliens, Hits to Map Features, Jammed Weapons).

The dice arithmetic is ``combat_dice``'s; this module turns an attack action into those
rolls on the game's state and back into changed characters, items, map features and
notices. Everything an attack may name is judged on what the seat knows: the public deck
plan, its own characters, and the character counters on its map (facing and status
included), so the odds a client previews from the same facts (``plan_attack``) are the odds
the engine rolls against, and a refusal never depends on what the seat cannot see. What the
shot then meets (an unseen character in the line, what lies past the target) is the truth.

Secrecy: the attacker is told every outcome at once, in words; the owner of a character hit
outside its own turn learns at its next Situation Update (``situation.hold_forces`` first
freezes what it believes); every other seat learns only what its map updates show.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from . import combat_dice as dice
from . import ships, sightings, situation, space
from .combat_charts import CombatCharts, Weapon, default_charts
from .deckplan import STEP, DeckPlan
from .errors import IllegalAction
from .events import Event
from .seats import allied
from .sight import LineWalk, walk_line
from .state import Character, CharacterCounter, Item, Notice, OpportunityFire, PendingAttack

#: Damage Additions rows for the statuses a character can already carry.
STATUS_CODES = {"ko": "KO", "serious": "S", "down": "D", "dead": "K"}
#: Line stops (``sight.LineWalk.stop``) as the map features of ``combat_dice``.
LINE_END_FEATURE = {"wall": "wall", "edge": "wall", "door": "wall", "glass": "window",
                    "hatch": "hatch", "object": "object", "computer": "computer",
                    "drive": "drive", "generator": "generator"}
#: What the attacker is told of a shot that hits a feature.
FEATURE_WORDS = {
    ("window", True): "The window shatters.",
    ("window", False): "The window holds.",
    ("hatch", True): "The hatch is blown open.",
    ("hatch", False): "The hatch holds.",
    ("computer", True): "The computer is wrecked.",
    ("computer", False): "The computer takes the hit and keeps running.",
    ("generator", True): "The shield generator is wrecked.",
    ("generator", False): "The shield generator shrugs off the hit.",
}


# ---- what an attack names (judged on the seat's knowledge) -----------------------------------

@dataclass(frozen=True)
class Arm:
    """The weapon an attack uses: its chart, the item (None for natural attacks and a robot's
    built-ins) and whether it is built in."""

    chart: Weapon
    item: Item | None
    builtin: bool


@dataclass(frozen=True)
class AimedShot:
    """One declared shot, planned on the seat's knowledge: the target (a character's token,
    or a feature), the square aimed at, its line, and the odds it is rolled against."""

    target: str | tuple[int, int]
    token: str                 # the character counter aimed at ("" for a feature)
    feature: str               # "window", "hatch", "computer" or "" (a character / a square)
    square: int                # the square aimed at (a feature's square, or the near side)
    edge: tuple[int, int] | None  # the window or hatch edge aimed at
    line: LineWalk             # from the shooter to the target
    odds: dice.AttackOdds
    approach: int | None = None  # close combat: the square the attacker set out from


@dataclass(frozen=True)
class FireLine:
    """How a shot, a cover or a throw from ``square`` meets ``target`` (``line_of_fire``)."""

    line: LineWalk   # the ordinary line, or over the hull straight to the target
    aim: int         # where the range runs to (the ring's band for its outside)
    elusive: bool    # a target on the turning ring's outside (EVA Combat: -2)
    in_field: bool   # within the field of fire, judged from above
    distance: int    # squares to ``aim``, judged from above


def line_of_fire(plan: DeckPlan, square: int, facing: str, target: int) -> FireLine:
    """The one rule every attack, cover and throw at ``target`` follows: the ordinary line,
    or over the hull where EVA Combat lets the two see each other (``space.outside_shot``);
    the field of fire and the range judged from above, so a figure on a hull face stands
    over the hull square under it (docs/artifact-space.md)."""
    line = walk_line(plan, square, target)
    over, aim, elusive = space.outside_shot(plan, square, facing, target, line.reached)
    if over:  # seen over the hull: nothing between blocks
        line = LineWalk((target,), True, "", None, target)
    facing_it = square == target or space.faces_towards(plan, square, facing, aim)
    distance = dice.square_distance(space.ground_xy(plan, square), space.ground_xy(plan, aim))
    return FireLine(line, aim, elusive, facing_it, distance)


def charts_of(game) -> CombatCharts:
    return getattr(game, "charts", None) or default_charts()


def is_tough(game, char: Character) -> bool:
    """Whether ``char`` has the Tough skill (immune to mind control; not put out of action
    by a serious wound)."""
    return "Tough" in game.sheets.characters[char.sheet].skills


def hampered(game, char: Character) -> bool:
    """A Tough character with a serious wound: it may still creep one square or take one
    action, each die it rolls at -1 (rulebook: Tough)."""
    return char.status == "serious" and is_tough(game, char)


def in_action(game, char: Character) -> bool:
    """Whether ``char`` can still act: active, or hampered (Tough, seriously wounded)."""
    return char.status == "active" or hampered(game, char)


def check_modifiers(game, char: Character,
                    extra: Sequence[dice.Modifier] = ()) -> tuple[dice.Modifier, ...]:
    """Modifiers of a one-die table roll ``char`` makes (unjam, repair): a hampered Tough
    character's -1, then ``extra`` (a place's bonus, passed in by the rules of that place)."""
    mods = [dice.modifier("tough_serious_check", charts=charts_of(game))] \
        if hampered(game, char) else []
    return tuple(mods) + tuple(extra)


def arm_for(game, char: Character, name: str) -> Arm:
    """The weapon ``name`` stands for in ``char``'s hands, or IllegalAction saying why not."""
    s = game.state
    charts = charts_of(game)
    sheet = game.sheets.characters[char.sheet]
    item = None
    builtin = name in charts.builtin.get(char.sheet, ())
    if name in char.items:
        item = s.items[name]
        chart = charts.weapon_for_item(item.type)
        if chart is None or chart.kind not in ("ranged", "close"):
            raise IllegalAction(f"the {game.sheets.items[item.type].name} is not a weapon "
                                "to attack with")
    elif builtin:
        chart = charts.weapons[name]
        if chart.kind not in ("ranged", "close"):
            raise IllegalAction(f"the {chart.name} is not used in an attack")
    else:
        carried = [s.items[i].type for i in char.items]
        natural = dice.close_weapons(sheet.kind, hands=sheet.hands, carried=carried,
                                     skills=sheet.skills, charts=charts)
        if name not in natural or charts.weapons[name].item:
            raise IllegalAction(f"{game.name_of(char)} has no weapon {name!r}")
        chart = charts.weapons[name]
    problem = dice.use_problem(chart, hands=sheet.hands, skills=sheet.skills, builtin=builtin,
                               charts=charts)
    if problem:
        raise IllegalAction(problem)
    if item is not None and item.jammed:
        raise IllegalAction(f"the {chart.name} is jammed: clear it first")
    if item is not None and item.disabled:
        raise IllegalAction(f"the {chart.name} is out of action ({item.disabled})")
    return Arm(chart, item, builtin)


def weapon_names(game, char: Character) -> list[str]:
    """Every name ``arm_for`` might accept for ``char``: carried items, bare hands and its
    built-in weapons."""
    charts = charts_of(game)
    names = list(char.items) + [charts.natural.get(game.sheets.characters[char.sheet].kind,
                                                   "unarmed"), charts.improvised]
    names += list(charts.builtin.get(char.sheet, ()))
    return list(dict.fromkeys(names))


def computer_squares(plan: DeckPlan) -> list[int]:
    return [sq for sq, feature in enumerate(plan.feature)
            if feature in ("major_terminal", "minor_terminal")]


def object_squares(plan: DeckPlan) -> list[int]:
    """Squares of the stationary objects a shot may be aimed at besides hatches and windows
    (rulebook: Unaware Targets): the computers and the shield generator."""
    return [sq for sq, feature in enumerate(plan.feature)
            if feature in ("major_terminal", "minor_terminal", "shield_generator")]


def map_counters(game, seat: str) -> dict[str, CharacterCounter]:
    """The character counters on the seat's map now (what it may aim at)."""
    s = game.state
    book = s.maps[s.map_of[seat]]
    return {t: c for t, c in book.counters.items() if isinstance(c, CharacterCounter)}


def known_in_line(game, seat: str, squares: Sequence[int], shooter_square: int,
                  target_square: int, exclude: str = "") -> int:
    """Active characters the seat knows of in a line of fire: counters on its map and its own
    characters (each other than the shooter's square's, and the target itself)."""
    plan = game.plan
    counted = 0
    inside = set(squares) - {shooter_square}
    if shooter_square == target_square:
        inside = {target_square}
    for token, counter in map_counters(game, seat).items():
        if token != exclude and counter.status == "active" and plan.sq(*counter.square) in inside:
            counted += 1
    for char in game.own_characters(seat):
        if (char.status == "active" and char.square in inside and char.token != exclude
                and game.sheets.characters[char.sheet].on_map):
            counted += 1
    return counted - (1 if shooter_square == target_square else 0)


def _first_glass(plan: DeckPlan, start: int, squares: Sequence[int]) -> tuple[int, int] | None:
    cur = start
    for nxt in squares:
        straight = plan.xy(cur)[0] == plan.xy(nxt)[0] or plan.xy(cur)[1] == plan.xy(nxt)[1]
        if straight and plan.edge_between(cur, nxt) == "glass":
            return cur, nxt
        cur = nxt
    return None


def unmapped_target(game, seat: str, targets: Sequence) -> str:
    """Why an attack order names a counter its seat's map does not show ("" when it names
    none): attacks are allowed only against targets already on the map (Combat Secrecy).
    The engine asks this before anything else of an attack, so that an order its seat
    could not give tells nothing (not even a secret informant's turn)."""
    counters = map_counters(game, seat)
    for target in targets:
        if isinstance(target, str) and target not in counters:
            return f"there is no {target!r} on your map to attack"
    return ""


def plan_attack(game, seat: str, char: Character, arm: Arm, fire: str,
                targets: Sequence, *, square: int | None = None, facing: str | None = None,
                approach: int | None = None) -> list[AimedShot]:
    """Every declared shot of an attack with its line and odds, judged on the seat's
    knowledge, from ``square`` facing ``facing`` (the character's own by default). Raises
    IllegalAction naming the first shot that cannot be made."""
    plan = game.plan
    charts = charts_of(game)
    chart = arm.chart
    square = char.square if square is None else square
    facing = facing or char.facing
    if fire not in charts.fire:
        raise IllegalAction(f"unknown type of fire {fire!r}")
    shots = charts.fire[fire].shots if chart.kind == "ranged" else 1
    if chart.kind == "close" and fire != "normal":
        raise IllegalAction("close combat strikes once")
    if not targets or len(targets) not in (1, shots):
        raise IllegalAction(f"name one target, or one for each of the {shots} shots")
    declared = list(targets) * shots if len(targets) == 1 else list(targets)
    problem = unmapped_target(game, seat, declared)
    if problem:
        raise IllegalAction(problem)
    counters = map_counters(game, seat)
    here_hostiles = sum(1 for c in counters.values()
                        if c.status == "active" and plan.sq(*c.square) == square)
    kind = game.sheets.characters[char.sheet].kind
    out = []
    for target in declared:
        if isinstance(target, str):
            counter = counters[target]
            shot = _aim_at_character(game, seat, char, arm, fire, target, counter, square,
                                     facing, approach)
        else:
            x, y = target
            if not plan.inside(x, y):
                raise IllegalAction(f"({x}, {y}) is not on the map")
            if chart.kind == "close":
                problem = dice.close_combat_problem(plan.xy(square), (x, y))
                if problem:
                    raise IllegalAction(problem)
                shot = _blow(arm, (x, y), "", square, square, approach, charts)
            else:
                shot = _aim_at_square(game, seat, char, arm, fire, plan.sq(x, y), square,
                                      facing)
        if chart.kind == "ranged":
            problem = dice.self_preservation_problem(kind, here_hostiles,
                                                     shot.token != "" and shot.square == square)
            if problem:
                raise IllegalAction(problem)
        out.append(shot)
    return out


def _blow(arm: Arm, target, token: str, target_square: int, square: int,
          approach: int | None, charts: CombatCharts) -> AimedShot:
    """A close-combat blow at a character (its token) or at whoever is in the attacker's
    square (the square itself: someone it finds there on arrival, as Orlov finds Eastwood
    in the turret in the Example of Play). Close combat needs no roll to hit."""
    odds = dice.attack_odds(arm.chart, 0, None, "normal", charts)
    return AimedShot(target, token, "", target_square, None,
                     LineWalk((), True, "", None, square), odds, approach)


def _conditions(game, seat: str, char: Character, line: LineWalk, square: int,
                target_square: int, counter: CharacterCounter | None,
                token: str) -> dice.ShotConditions:
    plan = game.plan
    unaware = helpless = False
    if counter is not None:
        helpless = counter.status != "active"
        unaware = not space.faces_towards(plan, target_square, counter.facing, square)
    between = [q for q in line.squares if q != target_square]
    furniture = sum(1 for q in between if plan.terrain[q] == "obstructed")
    return dice.ShotConditions(
        target_unaware=unaware, target_helpless=helpless,
        target_is_object=counter is None,
        shooter_light_wound=char.wound, carrying_casualty=char.carrying is not None,
        tough_serious=hampered(game, char),
        characters_in_line=known_in_line(game, seat, line.squares, square, target_square,
                                          token),
        furniture_in_line=furniture)


def _aim_at_character(game, seat, char, arm, fire, token, counter, square, facing,
                      approach) -> AimedShot:
    plan = game.plan
    charts = charts_of(game)
    target_square = plan.sq(*counter.square)
    if arm.chart.kind == "close":
        problem = dice.close_combat_problem(plan.xy(square), counter.square)
        if problem:
            raise IllegalAction(problem)
        return _blow(arm, token, token, target_square, square, approach, charts)
    fire_line = line_of_fire(plan, square, facing, target_square)
    line = fire_line.line
    if not fire_line.in_field:
        raise IllegalAction(f"{counter.counter} is behind {game.name_of(char)}: out of the field "
                             "of fire")
    if not line.reached:
        raise IllegalAction(f"no line of sight to {counter.counter}")
    distance = fire_line.distance
    conditions = _conditions(game, seat, char, line, square, target_square, counter, token)
    if fire_line.elusive or ships.fleeing(game.state.ships, square, target_square):
        # EVA Combat: a target on the turning ring, or aboard a fleeing ship
        conditions = replace(conditions, elusive_target=True)
    odds = dice.attack_odds(arm.chart, distance, conditions, fire, charts)
    if not odds.allowed:
        raise IllegalAction(odds.why_not)
    return AimedShot(token, token, "", target_square, None, line, odds)


def _aim_at_square(game, seat, char, arm, fire, target: int, square, facing) -> AimedShot:
    """A shot at a square: the computer there, else the hatch or window the line to it meets
    first; a grenade may land on any square it reaches."""
    plan = game.plan
    charts = charts_of(game)
    xy = plan.xy(target)
    if target == square:
        raise IllegalAction("aim at another square")
    fire_line = line_of_fire(plan, square, facing, target)
    if not fire_line.in_field:
        raise IllegalAction(f"{xy} is behind {game.name_of(char)}: out of the field of fire")
    line = fire_line.line
    feature, edge, aimed = "", None, target
    if not line.reached:
        if line.stop != "hatch":
            raise IllegalAction(f"no line of fire to {xy}")
        feature, edge, aimed = "hatch", line.edge, line.edge[1]
    else:
        glass = _first_glass(plan, square, line.squares)
        if glass is not None:
            feature, edge, aimed = "window", glass, glass[1]
        elif plan.feature[target] in ("major_terminal", "minor_terminal"):
            feature = "computer"
        elif plan.feature[target] == "shield_generator":
            feature = "generator"
        elif arm.chart.area != "blast":
            raise IllegalAction(f"there is nothing at {xy} to shoot at")
    distance = (fire_line.distance if aimed == target else
                dice.square_distance(space.ground_xy(plan, square), space.ground_xy(plan, aimed)))
    if feature:
        conditions = dice.ShotConditions(target_is_object=True)
    else:  # a grenade lobbed at a square: aimed like a shot at anyone standing there
        conditions = _conditions(game, seat, char, line, square, target, None, "")
        conditions = dice.ShotConditions(**{**conditions.__dict__, "target_is_object": False})
    odds = dice.attack_odds(arm.chart, distance, conditions, fire, charts)
    if not odds.allowed:
        raise IllegalAction(odds.why_not)
    return AimedShot(tuple(xy), "", feature, aimed, edge, line, odds)


# ---- resolving (the truth) -------------------------------------------------------------------

class Resolver:
    """Resolves one attack (or a trap, or a blast) on the true state and collects what the
    attacker is told. ``rng`` is the game's seeded RNG."""

    def __init__(self, game, seat: str, rng, observer: Character | None = None) -> None:
        self.game = game
        self.seat = seat
        self.observer = observer  # the attacking character: it sees whom it strikes
        self.rng = rng
        self.events: list[Event] = []
        self.charts = charts_of(game)
        self.telegrams: set[str] = set()

    # -- dice
    def d6(self) -> int:
        return dice.d6(self.rng)

    def d6s(self) -> Iterator[int]:
        return dice.d6_stream(self.rng)

    # -- words
    def label(self, victim: Character) -> str:
        """How the attacking seat names a character: its own by name, one on its map by the
        counter, anyone else as someone unseen."""
        s = self.game.state
        if victim.seat == self.seat:
            return self.game.sheets.characters[victim.sheet].name
        counters = s.maps[s.map_of[self.seat]].counters
        if victim.token in counters:
            return counters[victim.token].counter
        seer = self.observer
        if seer is not None and seer.square is not None and victim.square is not None:
            game = self.game
            dark = sightings.dark_squares(s, game.plan)
            if victim.square == seer.square or victim.square in sightings.observer_fov(
                    s, game.plan, game.sheets, seer, dark):
                return victim.counter
        return ""

    # -- damage
    def armour(self, victim: Character) -> str:
        sheet = self.game.sheets.characters[victim.sheet]
        suit = self.game.state.items[victim.suit].type if victim.suit else ""
        if suit and suit not in self.charts.suits:
            suit = ""
        return dice.armour_row(sheet.kind, sheet.armour, suit, self.charts)

    def harm(self, victim: Character, weapon: str,
             modifiers: Sequence[dice.Modifier] = ()) -> dice.DamageOutcome:
        """Roll ``weapon``'s damage on ``victim`` and apply it (Damage Effects, Damage
        Additions, Bug Aliens); the victim's owner learns at its Situation Update."""
        game = self.game
        s = game.state
        sheet = game.sheets.characters[victim.sheet]
        bug = sheet.movement == "bug"
        previous = STATUS_CODES.get(victim.status, "L" if victim.wound else "")
        suit = s.items[victim.suit] if victim.suit else None
        sealed = suit is not None and suit.type in self.charts.suits \
            and self.charts.suits[suit.type].sealed and suit.disabled != "breached"
        chart = self.charts.weapons[weapon]
        roll = None if chart.emp else self.d6()
        outcome = dice.damage(chart, self.armour(victim), roll, modifiers=modifiers,
                              previous=previous, kind=sheet.kind, bug=bug,
                              risen_bug=bug and victim.risen, sealed_suit=sealed,
                              charts=self.charts)
        situation.hold_forces(game, victim.seat)
        self._apply(victim, outcome)
        if outcome.suit_breached and suit is not None:
            suit.disabled = "breached"
        if outcome.acid_spray:
            for other in self.in_square(victim.square, exclude=victim.id):
                self.harm(other, "acid_spray")
        return outcome

    def _apply(self, victim: Character, outcome: dice.DamageOutcome) -> None:
        game = self.game
        effect = outcome.effect
        was_active = victim.status == "active"
        status = effect.status
        if status == "light_wound":
            victim.wound = True
        elif status == "ko":
            victim.status = "ko"
            victim.wound = outcome.light_wound_kept or victim.wound
        elif status:
            victim.status = status
            if status in ("serious", "down", "dead"):
                victim.wound = False
        if was_active and victim.status != "active":
            victim.busy = None
            self._let_go(victim)
        if victim.seat is None:
            return
        own_turn = victim.seat == game.turn_seat
        sheet = game.sheets.characters[victim.sheet]
        if victim.seat == self.seat:
            return  # the attacking seat is told in the attack's own notice
        if was_active and victim.status != "active" and not hampered(game, victim):
            # Control is lost: the owner hears only that (Telegram from the War Department).
            # A Tough character seriously wounded stays in its owner's hands, told as a wound.
            if victim.id not in self.telegrams:
                self.telegrams.add(victim.id)
                self.events.append(game.notify(victim.seat, {
                    "kind": "telegram", "counter": sheet.counter, "character": victim.id},
                    pending=not own_turn))
        else:
            self.events.append(game.notify(victim.seat, {
                "kind": "wounded", "character": victim.id, "result": effect.name},
                pending=not own_turn))

    def _let_go(self, victim: Character) -> None:
        """A character put out of action drops a casualty it carried."""
        s = self.game.state
        if victim.carrying:
            carried = s.characters.get(victim.carrying)
            if carried is not None and victim.id in carried.carried_by:
                carried.carried_by.remove(victim.id)
            victim.carrying = None

    def in_square(self, square: int | None, exclude: str = "",
                  active_only: bool = False) -> list[Character]:
        if square is None:
            return []
        sheets = self.game.sheets
        return sorted((c for c in self.game.state.characters.values()
                       if c.square == square and c.id != exclude
                       and sheets.characters[c.sheet].on_map and not c.suspended
                       and (not active_only or c.status == "active")),
                      key=lambda c: c.id)

    # -- features
    def strike_feature(self, weapon: str, feature: str, square: int,
                       edge: tuple[int, int] | None) -> str:
        """A hit on a window, hatch, computer, the generator or a drive square; returns the
        words the attacker reads."""
        game = self.game
        s = game.state
        plan = game.plan
        if feature in ("wall", "object"):
            return "The shot strikes the bulkhead." if feature == "wall" else \
                "The shot strikes the furniture."
        chart = self.charts.weapons[weapon]
        if feature == "drive":
            return self.detonate()
        if feature == "generator":
            hit = dice.feature_hit(chart, "generator", charts=self.charts)
            if hit.destroyed:
                s.systems.shields_up = False
                s.systems.generator_wrecked = True
                if self.seat == game.turn_seat:  # the attacker reads it now
                    sightings.shields_told(s, s.map_of[self.seat], False)
            return FEATURE_WORDS[("generator", hit.destroyed)]
        entry = chart.penetration(feature)
        roll = self.d6() if entry.mode == "roll" else None
        hit = dice.feature_hit(chart, feature, roll, charts=self.charts,
                               computer_roll=None if feature != "computer" or not (
                                   entry.mode == "always"
                                   or (roll is not None and roll in entry.dice))
                               else self.d6())
        if hit.destroyed and feature == "window" and edge is not None:
            eid = game.drawn_plan.edge_id(*edge)
            if eid not in s.systems.broken_windows:
                s.systems.broken_windows.append(eid)
                s.systems.broken_windows.sort()
                s.judge_notices.append(_judge(s, "window_broken", square=list(plan.xy(square))))
        elif hit.destroyed and feature == "hatch" and edge is not None:
            hatch = game.drawn_plan.hatch_between(*edge)
            if hatch is not None and hatch not in s.systems.blown_hatches:
                s.systems.blown_hatches.append(hatch)
                s.systems.blown_hatches.sort()
                if hatch in s.locked:
                    s.locked.remove(hatch)
        elif hit.destroyed and feature == "computer":
            self.wreck_computer(square, hit.computer_hit)
        return FEATURE_WORDS[(feature, hit.destroyed)]

    def wreck_computer(self, square: int, result: str) -> None:
        """A computer destroyed, with its Computer Hits result."""
        game = self.game
        s = game.state
        plan = game.plan
        if square not in s.systems.destroyed_terminals:
            s.systems.destroyed_terminals.append(square)
            s.systems.destroyed_terminals.sort()
        space = plan.space_name(square)
        if result in ("darkness", "gas") and space:
            # The lights fail (or the fire-fighting gas floods the space) as the ship's
            # systems register the loss, at the next Global Updates, so that no seat learns
            # of a shot from its own darkened map in the middle of another seat's turn.
            s.systems.failing.append((result, space))
        elif result == "explosion":
            for victim in self.in_square(square):
                self.harm(victim, "booby_trap")
        elif result == "special" and not plan.is_zero_g(square):
            # the ring's brakes: everything in it lurches at the next Global Updates, with
            # the darkness and the gas (hazards.global_updates); in zero-g it jettisons the
            # pod: the Judge's call
            s.systems.failing.append(("ring_stop", space))
        s.judge_notices.append(_judge(s, "computer_destroyed", square=list(plan.xy(square)),
                                      result=result))

    def detonate(self) -> str:
        """A hit in the drive room: the drives detonate, destroying everything on the map.
        Every seat hears it at once (nobody could miss it)."""
        game = self.game
        s = game.state
        s.systems.detonated = True  # the game ends with this action (victory.ended_by)
        for char in sorted(s.characters.values(), key=lambda c: c.id):
            if char.square is not None and char.status != "dead":
                situation.hold_forces(game, char.seat)
                char.status = "dead"
                char.wound = False
        for seat in s.seats:  # the attacker at once; everyone else at its own update
            self.events.append(game.notify(seat, {"kind": "drive_detonation"},
                                           pending=seat != game.turn_seat))
        return "The shot strikes the drives: the ship blows apart."

    # -- blasts
    def blast(self, center: int) -> list[dict]:
        """A grenade's blast: every character in the impact square and its eight neighbours
        takes Explosion damage, and so do computers and windows there."""
        game = self.game
        plan = game.plan
        results = []
        squares = [plan.sq(x, y) for x, y in dice.blast_squares(plan.xy(center))
                   if plan.inside(x, y)]
        for square in squares:
            for victim in self.in_square(square):
                outcome = self.harm(victim, "explosion")
                results.append(self.told(victim, outcome))
        inside = set(squares)
        for square in squares:
            if plan.feature[square] in ("major_terminal", "minor_terminal") \
                    and square not in game.state.systems.destroyed_terminals:
                self.strike_feature("explosion", "computer", square, None)
            x, y = plan.xy(square)
            for nx, ny in ((x + 1, y), (x, y + 1)):
                other = plan.sq(nx, ny) if plan.inside(nx, ny) else None
                if other in inside and plan.edge_between(square, other) == "glass":
                    self.strike_feature("explosion", "window", square, (square, other))
        return results

    def told(self, victim: Character, outcome: dice.DamageOutcome) -> dict:
        name = self.label(victim)
        text = outcome.effect.attacker_sees if name else "Someone unseen cries out."
        out = {"who": name, "result": text}
        if victim.seat != self.seat and victim.token:
            counters = self.game.state.maps[self.game.state.map_of[self.seat]].counters
            if victim.token in counters:
                out["token"] = victim.token
        return out


def _judge(state, kind: str, **about) -> Notice:
    return Notice(kind, state.round, about)


# ---- the attack action -----------------------------------------------------------------------

def perform_attack(game, seat: str, char: Character, arm: Arm, fire: str,
                   shots: Sequence[AimedShot], rng, *, facing: str) -> list[Event]:
    """Roll and apply a planned attack; the attacker is told every outcome at once."""
    plan = game.plan
    res = Resolver(game, seat, rng, char)
    chart = arm.chart
    reports: list[dict] = []
    if chart.kind == "close":
        shot = shots[0]
        victim = (_character_by_token(game, shot.token) if shot.token
                  else _found_in(game, seat, char))
        report = {"target": shot.target if shot.token else list(shot.target), "hit": True}
        if victim is None or victim.square != char.square:
            report.update(hit=False, result="The blow finds nobody there.")
        else:
            behind = shot.approach is not None and dice.is_behind(
                plan.xy(victim.square), victim.facing, plan.xy(shot.approach))
            mods = dice.close_modifiers(from_behind=behind, tough_serious=hampered(game, char),
                                        charts=res.charts)
            outcome = res.harm(victim, chart.id, mods)
            report.update(res.told(victim, outcome))
        reports.append(report)
        volley_state = "ready"
    else:
        volley = dice.fire_shots([s.odds for s in shots], dice.two_d6_stream(rng), res.charts)
        for shot, rolled in zip(shots, volley.shots, strict=False):
            report = {"target": shot.target if isinstance(shot.target, str)
                      else list(shot.target), "hit": rolled.hit,
                      "roll": list(rolled.dice) if rolled.dice else None,
                      "needed": shot.odds.needed}
            report.update(_resolve_shot(game, res, char, chart, shot, rolled.hit, facing))
            reports.append(report)
        for _ in range(volley.lost):
            reports.append({"target": "", "hit": False, "result": "The weapon fails: the "
                            "shot is never fired."})
        volley_state = volley.weapon_state
        _weapon_after(game, char, arm, volley_state)
    events = res.events
    events.insert(0, game.notify(seat, {
        "kind": "attack", "character": char.id, "weapon": chart.name,
        "fire": res.charts.fire[fire].name if chart.kind == "ranged" else "Close combat",
        "shots": reports, "weapon_state": volley_state,
        "square": list(plan.xy(char.square))}))
    return events


def _found_in(game, seat: str, char: Character) -> Character | None:
    """Whom a blow at the attacker's own square strikes: an active character of another
    map there (the first by counter token), else anyone else standing there."""
    s = game.state
    mine = s.map_of[seat]
    here = [c for c in s.characters.values()
            if c.square == char.square and c.id != char.id
            and game.sheets.characters[c.sheet].on_map]
    ranked = sorted(here, key=lambda c: (c.status != "active",
                                         c.seat is not None and s.map_of[c.seat] == mine,
                                         c.token))
    return ranked[0] if ranked else None


def token_owner(game, token: str) -> str:
    """The character id behind a counter token on a map (the engine's own lookup)."""
    found = _character_by_token(game, token)
    return found.id if found is not None else ""


def _character_by_token(game, token: str) -> Character | None:
    return next((c for c in game.state.characters.values() if c.token == token), None)


def _weapon_after(game, char: Character, arm: Arm, state: str) -> None:
    """Jammed Weapons: flip a jammed weapon, shut down an overheated plasma gun, discard a
    broken one."""
    item = arm.item
    if item is None or state == "ready":
        return
    if state == "jammed":
        item.jammed = True
    elif state == "overheated":
        item.disabled = "overheated"
    elif state == "broken":
        char.items.remove(item.id)
        item.holder = None
        item.square = None
        item.disabled = "broken"


def _resolve_shot(game, res: Resolver, char: Character, chart: Weapon, shot: AimedShot,
                  hit: bool, facing: str) -> dict:
    """What one rolled shot does: to its target, or to what the missed shot meets."""
    if shot.feature:
        words = res.strike_feature(chart.id, shot.feature, shot.square, shot.edge)
        out = {"result": words}
        if chart.area == "blast":
            out["blast"] = res.blast(shot.square)
        return out
    victim = _character_by_token(game, shot.token) if shot.token else None
    if victim is not None and victim.square != shot.square:
        victim = None  # not where the map shows it: the shot flies on into the square
    phantom = _illusion_look(game, shot.token) if hit and victim is None else ""
    impact = shot.square
    out: dict = {}
    if hit and victim is not None:
        outcome = res.harm(victim, chart.id)
        out.update(res.told(victim, outcome))
    elif hit and chart.area == "blast":
        out["result"] = "The shell lands on target."
    else:
        lead = (f"The shot passes through the {phantom} as though nothing were there"
                if phantom else "The shot goes wide")
        impact, stray = _missed(game, res, char, chart, shot, facing, lead)
        out.update(stray)
    if chart.area == "blast":
        out["blast"] = res.blast(impact)
    return out


def missed_line(plan: DeckPlan, start: int, target: int,
                facing: str) -> tuple[tuple[int, ...], tuple[int, ...], LineWalk]:
    """A missed shot's path (rulebook: Missed Shots, Line of Sight): the squares of its line
    of fire up to the target, those of the line extended past it, and the walk that says
    what stops it. When shooter and target share a square the shot flies on the way the
    shooter faces."""
    if start == target:
        dx, dy = STEP[facing]
        x, y = plan.xy(start)
        ahead = plan.sq(x + dx, y + dy) if plan.inside(x + dx, y + dy) else start
        onward = walk_line(plan, start, ahead, beyond=True) if ahead != start else \
            LineWalk((), True, "edge", None, start)
        return (), onward.squares, onward
    end = walk_line(plan, start, target, beyond=True)
    cut = end.squares.index(target) + 1 if target in end.squares else len(end.squares)
    return end.squares[:cut], end.squares[cut:], end


def _illusion_look(game, token: str) -> str:
    """The look of the mental illusion (aliens.py) behind a counter token, "" if none: a
    shot that hits one meets nothing and flies on as a missed shot does."""
    return next((ghost.counter for secrets in game.state.aliens.values()
                 for ghost in secrets.illusions if ghost.token == token), "")


def _missed(game, res: Resolver, char: Character, chart: Weapon, shot: AimedShot,
            facing: str, lead: str = "The shot goes wide") -> tuple[int, dict]:
    """The Missed Shots procedure on the true state; returns where the shot ended and what
    the attacker is told (``lead``: how its words open)."""
    plan = game.plan
    start = char.square
    target = shot.square
    line, beyond, end = missed_line(plan, start, target, facing)
    occupants: dict = {}
    for c in game.state.characters.values():
        if c.square is not None and c.status == "active" \
                and game.sheets.characters[c.sheet].on_map:
            occupants.setdefault(plan.xy(c.square), []).append(c.id)
    for key in occupants:
        occupants[key].sort()
    aimed = _character_by_token(game, shot.token) if shot.token else None
    in_line, past = dice.stray_candidates(
        char.id, aimed.id if aimed else "", plan.xy(start), plan.xy(target),
        [plan.xy(q) for q in line], [plan.xy(q) for q in beyond], occupants)
    feature = LINE_END_FEATURE.get(end.stop, "wall")
    stray = dice.stray_shot(in_line, past, feature, res.d6s(), res.charts)
    if stray.victim is not None:
        victim = game.state.characters[stray.victim]
        outcome = res.harm(victim, chart.id)
        told = res.told(victim, outcome)
        who = told["who"]
        words = (f"{lead} and hits {who}. {told['result']}" if who
                 else f"{lead}. " + told["result"])
        out = {"result": words, "stray": told}
        return victim.square, out
    if feature in ("window", "hatch", "computer", "generator", "drive"):
        at = end.at
        words = res.strike_feature(chart.id, feature, at, end.edge)
        return at, {"result": f"{lead}. " + words}
    return end.at, {"result": f"{lead}."}


# ---- unjamming ------------------------------------------------------------------------------

def unjam_problem(game, char: Character, weapon: str) -> str:
    """Why ``char`` may not try to clear ``weapon`` now ("" if it may)."""
    s = game.state
    charts = charts_of(game)
    if weapon not in char.items:
        return f"{game.name_of(char)} does not carry {weapon!r}"
    item = s.items[weapon]
    chart = charts.weapon_for_item(item.type)
    if chart is None:
        return f"the {game.sheets.items[item.type].name} is no weapon"
    if not item.jammed and item.disabled != "overheated":
        return f"the {chart.name} is not jammed"
    sheet = game.sheets.characters[char.sheet]
    return dice.unjam_problem(chart, hands=sheet.hands, mechanic="Mechanic" in sheet.skills,
                              charts=charts)


def in_machine_shop(game, char: Character) -> bool:
    """Whether ``char`` works in the Machine Shop (its tools: repairs, +1 to unjam)."""
    return game.plan.space_name(char.square) == "Machine Shop"


def perform_unjam(game, seat: str, char: Character, weapon: str, rng, *,
                  extra: Sequence[dice.Modifier] = ()) -> list[Event]:
    """Jammed Weapons: a roll on the Unjam Table (+1 in the machine shop, +1 a mechanic,
    -1 for a hampered Tough character, then ``extra``: the hook for a place's bonus)."""
    problem = unjam_problem(game, char, weapon)
    if problem:
        raise IllegalAction(problem)
    charts = charts_of(game)
    item = game.state.items[weapon]
    chart = charts.weapon_for_item(item.type)
    sheet = game.sheets.characters[char.sheet]
    mechanic = "Mechanic" in sheet.skills
    rolled = dice.unjam(chart, dice.d6(rng), hands=sheet.hands, mechanic=mechanic,
                        in_machine_shop=in_machine_shop(game, char),
                        extra=check_modifiers(game, char, extra), charts=charts)
    if rolled.result == "cleared":
        item.jammed = False
    return [game.notify(seat, {"kind": "unjam", "character": char.id, "weapon": chart.name,
                               "roll": rolled.roll, "total": rolled.total,
                               "cleared": rolled.result == "cleared"})]


# ---- the Mechanic's repairs ------------------------------------------------------------------

#: Item states the Repair Table mends in the machine shop (rulebook: Mechanic).
SHOP_REPAIRS = ("overheated", "emp")
#: Robot statuses a repair mends: a serious wound, a Down (its fate rolled first, as a status
#: check would) and a stop by EMP ("inactive" on a robot that has an owner).
ROBOT_REPAIRS = ("serious", "down", "inactive")


@dataclass(frozen=True)
class RepairJob:
    """What a mechanic found to mend: ``kind`` is "robot", "suit" (a breach: no roll,
    anywhere) or "item" (the Repair Table, in the machine shop); ``why`` says why nothing
    can be done ("" when the work may go ahead)."""

    kind: str
    robot: Character | None = None
    item: Item | None = None
    why: str = ""


def repair_target(game, seat: str, char: Character, name) -> tuple[Character | None,
                                                                  Item | None]:
    """The thing ``name`` stands for in the mechanic's square: one of the seat's own
    characters (by id) or a counter on its map (by token), an item the seat holds there (by
    id), or an item its map shows lying there (by token). Every refusal reads the same, so
    a try teaches nothing the seat's map does not show."""
    s = game.state
    found: Character | None = None
    item: Item | None = None
    if isinstance(name, str):
        own = s.characters.get(name)
        if own is not None and own.seat == seat and own.square == char.square:
            found = own
        counter = map_counters(game, seat).get(name)
        if found is None and counter is not None \
                and game.plan.sq(*counter.square) == char.square:
            found = _character_by_token(game, name)
        thing = s.items.get(name)
        if found is None and thing is not None:
            holder = s.characters.get(thing.holder) if thing.holder else None
            if holder is not None and holder.seat == seat and holder.square == char.square:
                item = thing
            book = s.maps[s.map_of[seat]]
            if (holder is None and thing.square == char.square and name in book.counters):
                item = thing
    if (found is None or found.square != char.square) and item is None:
        raise IllegalAction(f"there is nothing {name!r} here to repair")
    return found, item


def repair_job(game, char: Character, found: Character | None, item: Item | None) -> RepairJob:
    """What mending ``found`` (a character) or ``item`` would be, on the true state."""
    s = game.state
    if found is not None:
        sheet = game.sheets.characters[found.sheet]
        if sheet.kind == "robot":
            if found.status == "dead":
                return RepairJob("robot", found, why="it is wrecked beyond repair")
            broken = found.status in ROBOT_REPAIRS and not (
                found.status == "inactive" and found.seat is None)
            if not broken and not found.wound:
                return RepairJob("robot", found, why="it needs no repair")
            if not in_machine_shop(game, char):
                return RepairJob("robot", found, why="robots are repaired in the machine shop")
            return RepairJob("robot", found)
        suit = s.items.get(found.suit) if found.suit else None
        if suit is None or suit.disabled != "breached":
            return RepairJob("suit", why="there is no breached suit to seal")
        return RepairJob("suit", item=suit)
    assert item is not None
    if item.disabled == "breached":
        return RepairJob("suit", item=item)
    if item.disabled not in SHOP_REPAIRS:
        return RepairJob("item", item=item, why="it needs no repair")
    if not in_machine_shop(game, char):
        return RepairJob("item", item=item, why="that is repaired in the machine shop")
    return RepairJob("item", item=item)


def mechanic_work(game, seat: str, char: Character, name, rng, *,
                  extra: Sequence[dice.Modifier] = ()) -> list[Event]:
    """Mechanic: seal a breached suit (anywhere, always succeeds), or in the machine shop
    roll on the Repair Table for a robot, an overheated plasma gun or anything knocked out
    by EMP (``extra``: the hook for a place's bonus; a hampered Tough mechanic rolls at -1).
    A downed robot's fate is rolled first, as a status check would. What the thing needs is
    found out by trying: it is told, never refused."""
    charts = charts_of(game)
    found, item = repair_target(game, seat, char, name)
    job = repair_job(game, char, found, item)
    notice = {"kind": "repair", "character": char.id, "target": name}
    if job.why:
        return [game.notify(seat, {**notice, "done": "", "why": job.why})]
    s = game.state
    if job.robot is not None:  # whose forces change: told at its Situation Update
        owner, about = job.robot.seat, {"character": job.robot.id}
    else:
        holder = s.characters.get(job.item.holder) if job.item.holder else None
        owner, about = (holder.seat if holder else None), {"item": job.item.id}
    situation.hold_forces(game, owner)
    if job.kind == "suit":
        job.item.disabled = ""
        done, rolled_words = "sealed", {}
    else:
        robot = job.robot
        if robot is not None and robot.status == "down":
            robot.status = dice.status_check(dice.d6(rng), charts)
            if robot.status == "dead":
                return [game.notify(seat, {**notice, "done": "",
                                           "why": "it is wrecked beyond repair"})]
        rolled = dice.repair(dice.d6(rng), extra=check_modifiers(game, char, extra),
                             charts=charts)
        rolled_words = {"roll": rolled.roll, "total": rolled.total}
        done = "repaired" if rolled.result == "repaired" else ""
        if done and robot is not None:
            # A robot of nobody's (the Feynman's own) stays switched off until commanded.
            robot.status, robot.wound = ("active" if robot.seat else "inactive"), False
        elif done:
            job.item.disabled = ""
    events = [game.notify(seat, {**notice, **rolled_words, "done": done,
                                 "why": "" if done else "not yet: the work goes on"})]
    if done and owner is not None and owner != seat:
        events.append(game.notify(owner, {"kind": "repaired", **about, "done": done},
                                  pending=owner != game.turn_seat))
    return events


def jam_problem(game, seat: str, char: Character, weapon: str) -> str:
    """Why ``char`` may not deliberately jam ``weapon`` now ("" if it may): a mechanic jams a
    weapon in its own square, and only a willing one, which here means one carried by a
    character of its own seat (itself included)."""
    s = game.state
    if "Mechanic" not in game.sheets.characters[char.sheet].skills:
        return "only a mechanic can jam a weapon on purpose"
    item = s.items.get(weapon)
    holder = s.characters.get(item.holder) if item is not None and item.holder else None
    if holder is None or holder.seat != seat or holder.square != char.square:
        return f"no weapon {weapon!r} of a willing character is here"
    chart = charts_of(game).weapon_for_item(item.type)
    if chart is None or chart.jams != "jam":
        return f"the {game.sheets.items[item.type].name} cannot be jammed"
    if item.jammed:
        return f"the {chart.name} is jammed already"
    return ""


def deliberate_jam(game, seat: str, char: Character, weapon: str) -> list[Event]:
    """Mechanic: jam a willing character's weapon on purpose (always succeeds); clearing it
    again is an ordinary unjam."""
    problem = jam_problem(game, seat, char, weapon)
    if problem:
        raise IllegalAction(problem)
    item = game.state.items[weapon]
    item.jammed = True
    return [game.notify(seat, {"kind": "jammed_on_purpose", "character": char.id,
                               "weapon": charts_of(game).weapon_for_item(item.type).name,
                               "holder": item.holder})]


# ---- opportunity fire and booby traps ---------------------------------------------------------

#: What a placer may call hostile: anyone not of its own map, or one faction.
HOSTILE_CHOICES = ("anyone", "pirates", "phoneco", "scientist", "alien")


def place_opportunity_fire(game, seat: str, char: Character, weapon: str, square: tuple,
                           hostile: str, facing: str) -> list[Event]:
    """Target a square for Opportunity Fire with a ranged weapon: the square must be one the
    character could fire at now, facing ``facing`` (judged on the public plan alone)."""
    s = game.state
    plan = game.plan
    arm = arm_for(game, char, weapon)
    if arm.chart.kind != "ranged":
        raise IllegalAction("opportunity fire needs a weapon that fires at range")
    if hostile not in HOSTILE_CHOICES:
        raise IllegalAction(f"hostile must be one of {', '.join(HOSTILE_CHOICES)}")
    x, y = square
    if not plan.inside(x, y):
        raise IllegalAction(f"({x}, {y}) is not on the map")
    problem = cover_problem(game, char, arm, plan.sq(x, y), facing)
    if problem:
        raise IllegalAction(problem)
    target = plan.sq(x, y)
    s.opportunity = [m for m in s.opportunity if m.character != char.id]
    s.opportunity.append(OpportunityFire(char.id, weapon, target, hostile))
    return [game.notify(seat, {"kind": "opportunity_fire", "character": char.id,
                               "square": [x, y], "hostile": hostile})]


def cover_problem(game, char: Character, arm: Arm, target: int, facing: str) -> str:
    """Why ``char`` may not cover ``target`` with ``arm`` facing ``facing`` ("" if it may):
    a square anyone could enter, in its field and line of fire, within the weapon's reach
    (judged on the public plan alone)."""
    plan = game.plan
    x, y = plan.xy(target)
    if not plan.passable(target):
        return f"({x}, {y}) is no square anyone can enter"
    fire_line = line_of_fire(plan, char.square, facing, target)
    if not fire_line.in_field:
        return f"({x}, {y}) is out of the field of fire facing {facing}"
    if not fire_line.line.reached:
        return f"no line of fire to ({x}, {y})"
    return dice.attack_odds(arm.chart, fire_line.distance, None, "normal",
                            charts_of(game)).why_not


def opportunity_markers(game, mover: Character) -> dict[int, list[OpportunityFire]]:
    """The markers that would fire at ``mover`` (by square): placed by another map's
    character, active and still holding the weapon, that calls the mover's side hostile."""
    s = game.state
    mine = s.map_of.get(mover.seat) if mover.seat else None
    faction = game.faction_of(mover.seat) if mover.seat else "alien"
    out: dict[int, list[OpportunityFire]] = {}
    for marker in s.opportunity:
        placer = s.characters.get(marker.character)
        if placer is None or placer.seat is None or not in_action(game, placer):
            continue
        if s.map_of[placer.seat] == mine or marker.weapon not in placer.items:
            continue
        if marker.hostile not in ("anyone", faction):
            continue
        if any(a.source == placer.id for a in s.attacks):
            continue  # already triggered: it fires once, in the placer's turn
        out.setdefault(marker.square, []).append(marker)
    return out


def trigger(game, seat: str, source: str, mover: Character, square: int) -> Event:
    """Queue a triggered marker's attack for its owner's turn and tell the owner there."""
    s = game.state
    s.attacks.append(PendingAttack(seat, source, mover.id, square, s.round))
    return game.notify(seat, {"kind": "opportunity_triggered" if source in s.characters
                              else "trap_triggered", "square": list(game.plan.xy(square))},
                       pending=True)


def resolve_pending(game, seat: str, rng) -> list[Event]:
    """In ``seat``'s turn (its Situation Update): its triggered booby traps go off and its
    triggered opportunity fire is carried out, in the order they were set off; then its
    remaining opportunity-fire markers come off (each was one action's worth)."""
    s = game.state
    events: list[Event] = []
    due = [a for a in s.attacks if a.seat == seat and a.target]  # mines: Global Updates
    s.attacks = [a for a in s.attacks if a not in due]
    for attack in due:
        if attack.source in s.items:
            events += _trap_goes_off(game, seat, s.items[attack.source], rng)
        else:
            events += _opportunity_shot(game, seat, attack, rng)
    s.opportunity = [m for m in s.opportunity
                     if s.characters[m.character].seat != seat]
    return events


def _trap_goes_off(game, seat: str, trap: Item, rng) -> list[Event]:
    """A booby trap: everyone in its square takes booby-trap damage; the trap is spent."""
    plan = game.plan
    res = Resolver(game, seat, rng)
    square = trap.square
    results = [res.told(victim, res.harm(victim, "booby_trap"))
               for victim in res.in_square(square)] if square is not None else []
    trap.square = None
    trap.disabled = "spent"
    at = list(plan.xy(square)) if square is not None else None
    return [game.notify(seat, {"kind": "trap_went_off", "square": at,
                               "results": results})] + res.events


def _opportunity_shot(game, seat: str, attack: PendingAttack, rng) -> list[Event]:
    """The covering character fires one normal shot at whoever set its marker off, if it
    still can (active, weapon ready, target still there and in its line of fire)."""
    s = game.state
    char = s.characters[attack.source]
    victim = s.characters.get(attack.target)
    plan = game.plan
    marker = next((m for m in s.opportunity if m.character == char.id), None)
    why = ""
    shots: list[AimedShot] = []
    arm = None
    if not in_action(game, char) or char.seat != seat or marker is None or victim is None \
            or victim.square != attack.square:
        why = "The moment passes: the shot is never fired."
    else:
        try:
            arm = arm_for(game, char, marker.weapon)
            counter = sightings.character_counter(s, plan, game.sheets, victim)
            shots = [_aim_at_character(game, seat, char, arm, "normal", victim.token, counter,
                                       char.square, char.facing, None)]
        except IllegalAction as exc:
            why = f"The shot cannot be made: {exc}."
    if why:
        return [game.notify(seat, {"kind": "attack", "character": char.id,
                                   "weapon": "", "fire": "Opportunity fire",
                                   "shots": [{"target": "", "hit": False, "result": why}],
                                   "weapon_state": "ready",
                                   "square": list(plan.xy(char.square))})]
    if char.id not in s.turn.acted:
        s.turn.acted.append(char.id)
    situation.drop_disguise(game, char)
    return perform_attack(game, seat, char, arm, "normal", shots, rng, facing=char.facing)


# ---- combat in hostile squares -----------------------------------------------------------------

def _sides_allied(game, a: Character, b: Character) -> bool:
    return a.seat == b.seat or allied(game.seat_spec(a.seat), game.seat_spec(b.seat))


def free_weapon(game, char: Character) -> str:
    """What a character strikes with in a free attack: a close-combat weapon it carries and
    is skilled with, or a built-in one (a robot's), else its natural attack."""
    charts = charts_of(game)
    sheet = game.sheets.characters[char.sheet]
    carried = [game.state.items[i].type for i in char.items]
    found = dice.close_weapons(sheet.kind, hands=sheet.hands, carried=carried,
                               skills=sheet.skills, robot=char.sheet, charts=charts)
    chosen = [w for w in found if w not in (charts.natural[sheet.kind], charts.improvised)]
    return chosen[-1] if chosen else charts.natural[sheet.kind]


def last_one_out(game, mover: Character, square: int, rng) -> list[Event]:
    """Combat in Hostile Squares: ``mover`` is leaving ``square``. If active hostiles stay
    there and none of the mover's side does, each of them strikes it at once, a free
    out-of-sequence close-combat blow (in id order, while the mover still stands). The
    mover's seat learns what befell it at once; each striker's seat is told at its next
    Situation Update, as the attacker of an action outside its turn."""
    s = game.state
    if mover.seat is None:
        return []
    staying = [c for c in s.characters.values()
               if c.square == square and c.id != mover.id and c.status == "active"
               and c.seat is not None and game.sheets.characters[c.sheet].on_map]
    hostiles = [c for c in staying if not _sides_allied(game, c, mover)]
    leavers = [mover.id] if hostiles else []
    if dice.last_one_out(leavers, len(staying) - len(hostiles)) is None:
        return []
    events: list[Event] = []
    plan = game.plan
    for striker in sorted(hostiles, key=lambda c: c.id):
        if not in_action(game, mover):
            break
        chart = charts_of(game).weapons[free_weapon(game, striker)]
        situation.drop_disguise(game, striker)
        res = Resolver(game, striker.seat, rng, striker)
        outcome = res.harm(mover, chart.id)
        report = {"target": mover.token, "hit": True, **res.told(mover, outcome)}
        events.append(game.notify(striker.seat, {
            "kind": "attack", "character": striker.id, "weapon": chart.name,
            "fire": "Free attack on the last one out", "shots": [report],
            "weapon_state": "ready", "square": list(plan.xy(square))},
            pending=striker.seat != game.turn_seat))
        events += res.events
    return events


# ---- first aid (Medic, medkits) -------------------------------------------------------------

def patient_here(game, seat: str, char: Character, name) -> Character:
    """The patient ``name`` stands for in the healer's square: one of the seat's own
    characters by id, or a character counter on its map by token. Every refusal reads the
    same, so a try teaches nothing the seat's map does not show."""
    s = game.state
    plan = game.plan
    found = None
    if isinstance(name, str):
        own = s.characters.get(name)
        if own is not None and own.seat == seat and own.square == char.square:
            found = own
        counter = map_counters(game, seat).get(name)
        if found is None and counter is not None and plan.sq(*counter.square) == char.square:
            found = _character_by_token(game, name)
    if found is None or found.square != char.square:
        raise IllegalAction(f"there is no patient {name!r} here")
    return found


def first_aid(game, seat: str, char: Character, patient: Character, how: str,
              medkit: Item | None = None) -> list[Event]:
    """Revive a knocked-out patient or heal a light wound (``combat_dice.treat``; a medkit
    spends a charge). A patient beyond first aid is told as such, never refused: the healer
    finds out by trying what the counter did not show."""
    charts = charts_of(game)
    charges = None
    if medkit is not None:
        charges = charts.medkit_charges if medkit.charges is None else medkit.charges
        if charges < 1:
            raise IllegalAction("the medkit is spent; recharge it in the medlab")
    problem = (dice.medkit_problem(patient.status, patient.wound, charges, charts)
               if medkit is not None else dice.treatment_problem(patient.status, patient.wound))
    notice = {"kind": "first_aid", "character": char.id, "patient": patient.id
              if patient.seat == seat else patient.token, "how": how}
    if problem:
        return [game.notify(seat, {**notice, "done": "", "why": problem})]
    situation.hold_forces(game, patient.seat)
    done = dice.use_medkit(patient.status, patient.wound, charges, charts) \
        if medkit is not None else dice.treat(patient.status, patient.wound)
    patient.status, patient.wound = done.status, done.wounded
    if medkit is not None:
        medkit.charges = done.charges
    events = [game.notify(seat, {**notice, "done": done.done, "why": ""})]
    if patient.seat is not None and patient.seat != seat:
        events.append(game.notify(patient.seat, {"kind": "treated", "character": patient.id,
                                                 "done": done.done},
                                  pending=patient.seat != game.turn_seat))
    return events


# ---- bug aliens -------------------------------------------------------------------------------

def bug_recovery(game, seat: str, rng) -> list[Event]:
    """At the Alien player's Situation Update each downed bug alien rolls: dead, or only
    stunned and acting again (once: downed again, it is dead)."""
    events = []
    for char in sorted(game.own_characters(seat), key=lambda c: c.id):
        sheet = game.sheets.characters[char.sheet]
        if sheet.movement != "bug" or char.status != "down" or char.risen:
            continue
        fate = dice.bug_recovery(dice.d6(rng), charts_of(game))
        if fate == "dead":
            char.status = "dead"
        else:
            char.status, char.risen = "active", True
        events.append(game.notify(seat, {"kind": "bug_recovery", "character": char.id,
                                         "result": fate}))
    return events


# ---- booby traps and thermite mines (Plasma skill) ---------------------------------------------

def plasma_work(game, seat: str, char: Character, target) -> list[Event]:
    """Plasma skill at a square: inspect it (the character's own square, or the one across a
    hatch beside it) for booby traps and disarm what is found. The trap's owner sees its
    marker gone at its next Situation Update."""
    s = game.state
    plan = game.plan
    if isinstance(target, str):
        raise IllegalAction("name the square to inspect")
    x, y = target
    if not plan.inside(x, y):
        raise IllegalAction(f"({x}, {y}) is not on the map")
    square = plan.sq(x, y)
    if square not in trap_squares(plan, char.square):
        raise IllegalAction("inspect your own square or the one across a hatch beside you")
    found = sorted((i for i in s.items.values()
                    if i.square == square and i.holder is None and i.type == "booby_trap"
                    and i.id not in {a.source for a in s.attacks}), key=lambda i: i.id)
    for trap in found:
        situation.hold_forces(game, trap.owner)
        trap.square = None
        trap.disabled = "disarmed"
        if trap.owner and trap.owner != seat:
            game.notify(trap.owner, {"kind": "trap_disarmed", "square": [x, y]},
                        pending=trap.owner != game.turn_seat)
    return [game.notify(seat, {"kind": "traps_inspected", "character": char.id,
                               "square": [x, y], "disarmed": len(found)})]


def trap_squares(plan: DeckPlan, square: int) -> list[int]:
    """Where a character in ``square`` may set or inspect a booby trap: its own square and
    the squares across a hatch beside it (traps guard hatches)."""
    return [square] + sorted(n for n, _d, hatch in plan.neighbours(square) if hatch is not None)


def set_trap(game, seat: str, char: Character, trap: Item, target) -> list[Event]:
    """Plasma skill: set a carried booby trap, armed, on the character's square or the one
    across a hatch beside it. It is a hidden marker: only its seat knows it is there."""
    plan = game.plan
    if isinstance(target, str) or not plan.inside(*target):
        raise IllegalAction("name the square to set the trap on")
    square = plan.sq(*target)
    if square not in trap_squares(plan, char.square):
        raise IllegalAction("set a trap on your own square or the one across a hatch "
                            "beside you")
    if not plan.passable(square):
        raise IllegalAction(f"{tuple(target)} is no square anyone can enter")
    char.items.remove(trap.id)
    trap.holder, trap.square, trap.armed, trap.owner = None, square, True, seat
    return [game.notify(seat, {"kind": "trap_set", "character": char.id,
                               "square": list(plan.xy(square))})]


def set_mine(game, seat: str, char: Character, mine: Item) -> list[Event]:
    """Set a carried thermite mine on the floor of the character's square, armed."""
    char.items.remove(mine.id)
    mine.holder, mine.square, mine.armed = None, char.square, True
    return [game.notify(seat, {"kind": "mine_set", "character": char.id,
                               "square": list(game.plan.xy(char.square))})]


def detonate_mine(game, seat: str, mine: Item) -> list[Event]:
    """Remote detonation is an anonymous act: it is resolved at the next Global Updates."""
    s = game.state
    if any(a.source == mine.id for a in s.attacks):
        raise IllegalAction("that mine is already set to go off")
    s.attacks.append(PendingAttack(seat, mine.id, "", mine.square, s.round))
    return [game.notify(seat, {"kind": "mine_primed",
                               "square": list(game.plan.xy(mine.square))})]


def resolve_mines(game, rng) -> list[Event]:
    """Global Updates: every mine set to go off burns: thermite damage to everyone in its
    square, and it eats through the hatches, windows, computer and generator there."""
    s = game.state
    plan = game.plan
    events: list[Event] = []
    mines = [a for a in s.attacks if a.target == "" and a.source in s.items]
    s.attacks = [a for a in s.attacks if a not in mines]
    for attack in mines:
        mine = s.items[attack.source]
        square = mine.square
        if square is None or mine.holder is not None or not mine.armed:
            continue
        res = Resolver(game, attack.seat, rng)
        results = [res.told(v, res.harm(v, "thermite_mine")) for v in res.in_square(square)]
        x, y = plan.xy(square)
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not plan.inside(nx, ny):
                continue
            other = plan.sq(nx, ny)
            edge = plan.edge_between(square, other)
            if edge in ("hatch", "glass"):
                res.strike_feature("thermite_mine", "hatch" if edge == "hatch" else "window",
                                   other, (square, other))
            elif plan.feature[other] == "shield_generator":
                res.strike_feature("thermite_mine", "generator", other, None)
        if plan.feature[square] in ("major_terminal", "minor_terminal"):
            res.strike_feature("thermite_mine", "computer", square, None)
        mine.square, mine.armed, mine.disabled = None, False, "spent"
        events.append(game.notify(attack.seat, {"kind": "mine_went_off", "square": [x, y],
                                                "results": results},
                                  pending=attack.seat != game.turn_seat))
        events += res.events
    return events


# ---- casualty transport -----------------------------------------------------------------------

#: Carriers a casualty may have (rulebook: Casualty Transport).
MAX_CARRIERS = 2


def take_up(game, seat: str, char: Character, name: str) -> list[Event]:
    """Pick up the casualty ``name`` in the character's square, alone or as the second of a
    team."""
    casualty = patient_here(game, seat, char, name)
    counter = map_counters(game, seat).get(name)
    shown = counter.status if counter is not None else casualty.status
    if casualty.id == char.id or shown == "active":
        raise IllegalAction(f"{name!r} is no casualty")
    if char.carrying is not None:
        raise IllegalAction(f"{game.name_of(char)} already carries a casualty")
    if len(casualty.carried_by) >= MAX_CARRIERS:
        raise IllegalAction("two carriers already bear that casualty")
    situation.hold_forces(game, casualty.seat)
    char.carrying = casualty.id
    casualty.carried_by.append(char.id)
    return [game.notify(seat, {"kind": "casualty", "character": char.id, "casualty": name,
                               "carried": True, "team": len(casualty.carried_by)})]


def put_down(game, seat: str, char: Character, name: str) -> list[Event]:
    s = game.state
    casualty = s.characters.get(char.carrying) if char.carrying else None
    if casualty is None or name not in (casualty.id if casualty.seat == seat else "",
                                        casualty.token):
        raise IllegalAction(f"{game.name_of(char)} does not carry {name!r}")
    situation.hold_forces(game, casualty.seat)
    casualty.carried_by.remove(char.id)
    char.carrying = None
    return [game.notify(seat, {"kind": "casualty", "character": char.id, "casualty": name,
                               "carried": False, "team": len(casualty.carried_by)})]


def carry_along(game, char: Character) -> None:
    """After a carrier moves, its casualty is where it is; a team-mate left behind lets go."""
    s = game.state
    if char.carrying is None:
        return
    casualty = s.characters[char.carrying]
    if casualty.square == char.square:
        return
    situation.hold_forces(game, casualty.seat)
    casualty.square = char.square
    for other in list(casualty.carried_by):
        mate = s.characters[other]
        if other != char.id and mate.square != char.square:
            situation.hold_forces(game, mate.seat)
            casualty.carried_by.remove(other)
            mate.carrying = None
