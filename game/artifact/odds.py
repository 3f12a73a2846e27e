"""Combat previews from a seat's own view: the odds of a shot before it is fired.

The engine plans every attack with ``combat.plan_attack`` on what the attacking seat knows
(the public deck plan, its own characters and items, and the character counters on its
map), and rolls against the odds that planning returns. This module rebuilds exactly those
facts from the seat's ``SeatView`` (``SeatKnowledge``) and runs the engine's own planning
functions on them, so the to-hit number, the range band and the modifiers a screen shows
are the ones the engine will roll against (``tests/artifact/test_artifact_odds.py`` checks
this on random games). Nothing here reads the truth, so a preview never leaks what the seat
cannot see; what the shot then meets beyond the seat's knowledge is the rulebook's business.

Everything is named for players: weapons by their chart names, targets by their counters,
modifiers by the charts' words, never ids or formulas.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import combat, ships
from . import combat_dice as dice
from .combat_charts import CombatCharts, default_charts
from .deckplan import DeckPlan
from .errors import IllegalAction
from .sheets import Sheets, default_sheets
from .sight import field_of_view
from .state import Character, CharacterCounter, Item, MapBook
from .viewtypes import SeatView

Square = tuple[int, int]


# ---- the seat's knowledge in the shape the engine's planning reads ---------------------------

@dataclass
class KnownState:
    """The parts of a game state ``combat``'s planning reads, filled from one seat's view:
    its map's counters, its own characters and its own items (nobody else's)."""

    maps: dict[str, MapBook]
    map_of: dict[str, str]
    characters: dict[str, Character]
    items: dict[str, Item]
    ships: dict  # where the ships are and which are under way: public


class SeatKnowledge:
    """What one seat knows, offered as the engine's planning functions read a game
    (``plan``, ``sheets``, ``charts``, ``state``, ``own_characters``): built only from the
    seat's view, so the engine's own rule functions can run on it unchanged."""

    def __init__(self, view: SeatView, plan: DeckPlan | None = None,
                 sheets: Sheets | None = None, charts: CombatCharts | None = None) -> None:
        self.view = view
        self.seat = view.seat
        self.plan = plan or ships.view_plan(view)
        self.drawn_plan = self.plan
        self.sheets = sheets or default_sheets()
        self.charts = charts or default_charts()
        by_name = {(s.name, s.kind): s.id for s in self.sheets.characters.values()}
        chars = {}
        for cid, e in view.own.characters.items():
            square = self.plan.sq(*e.square) if e.square is not None else None
            chars[cid] = Character(
                cid, by_name.get((e.name, e.kind), ""), view.seat, e.token, e.counter,
                square=square, facing=e.facing, status=e.status, items=list(e.items),
                suit=e.suit, wound=e.wound, carrying=e.carrying,
                carried_by=list(e.carried_by))
        items = {}
        for iid, i in view.own.items.items():
            items[iid] = Item(iid, "", i.type, view.seat, holder=i.holder,
                              square=self.plan.sq(*i.square) if i.square is not None else None,
                              worn=i.worn, jammed=i.jammed, disabled=i.disabled,
                              armed=i.armed, charges=i.charges)
        # the engine's map holds no partner's characters: they are friends, never targets
        counters = {t: c for t, c in view.map.counters.items() if t not in view.partners}
        book = MapBook(counters, dict(view.map.last_known),
                       dict(view.map.lifts))
        self.state = KnownState({view.map.id: book}, {view.seat: view.map.id}, chars, items,
                                dict(view.ships))

    def own_characters(self, seat: str) -> list[Character]:
        return [c for c in self.state.characters.values() if c.seat == seat]

    def faction_of(self, seat: str) -> str:
        return self.view.faction

    def name_of(self, char: Character) -> str:
        """The name the seat knows its character by (``Table.name_of``)."""
        return self.view.own.characters[char.id].name

    def character(self, cid: str) -> Character:
        try:
            return self.state.characters[cid]
        except KeyError:
            raise IllegalAction(f"{cid!r} is none of your characters") from None


# ---- words ---------------------------------------------------------------------------------

def odds_words(odds: dice.AttackOdds) -> str:
    """The to-hit number with its range band and every modifier, in words:
    "7 or more on two dice: short range, target cannot see the shooter (+2)"."""
    band = f"{odds.band_name.lower()} range" if odds.band_name else "out of range"
    if odds.why_not:
        return f"Cannot fire: {odds.why_not}."
    if odds.always_hits:
        return f"Hits without a roll: it cannot move ({band})."
    parts = [band] + [f"{m.label} ({m.value:+d})" for m in odds.modifiers]
    if odds.needed is None:
        return "No roll of two dice can hit: " + ", ".join(parts) + "."
    return f"{odds.needed} or more on two dice: " + ", ".join(parts) + "."


def chance_words(odds: dice.AttackOdds) -> str:
    """Each shot's chance as a player reads it ("about 58%")."""
    return f"about {round(float(odds.chance) * 100)}% a shot"


# ---- weapons -------------------------------------------------------------------------------

@dataclass(frozen=True)
class WeaponChoice:
    """A weapon a character might attack with now: what the engine calls it (``name``: a
    carried item's id, or "unarmed" ...), its chart name, how it is used, the types of fire
    it allows, and "" or why it cannot be used."""

    name: str
    label: str
    ranged: bool
    blast: bool
    fires: tuple[str, ...]
    why: str = ""

    @property
    def ok(self) -> bool:
        return not self.why


def weapons(know: SeatKnowledge, cid: str) -> list[WeaponChoice]:
    """Every weapon ``combat.weapon_names`` lists for the character, checked with the
    engine's ``combat.arm_for`` (jammed or out-of-action weapons say why)."""
    char = know.character(cid)
    out = []
    for name in combat.weapon_names(know, char):
        try:
            arm = combat.arm_for(know, char, name)
        except IllegalAction as exc:
            item = know.state.items.get(name)
            chart = (know.charts.weapon_for_item(item.type) if item
                     else know.charts.weapons.get(name))
            if chart is None or chart.kind not in ("ranged", "close"):
                continue
            out.append(WeaponChoice(name, chart.name, chart.kind == "ranged",
                                    chart.area == "blast", tuple(chart.fire), str(exc)))
            continue
        chart = arm.chart
        fires = tuple(chart.fire) if chart.kind == "ranged" else ("normal",)
        out.append(WeaponChoice(name, chart.name, chart.kind == "ranged",
                                chart.area == "blast", fires))
    return out


def fire_name(know: SeatKnowledge, fire: str) -> str:
    return know.charts.fire[fire].name


# ---- aiming --------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShotPreview:
    """One declared shot as the seat can foresee it: what it is aimed at (in words), its
    odds, the squares of its line of fire, whom a miss could strike (known characters in
    the line, then past the target), and a grenade's blast squares."""

    target: str | Square
    aimed_at: str
    odds: dice.AttackOdds
    line: tuple[Square, ...]
    in_line: tuple[str, ...]
    past: tuple[str, ...]
    blast: tuple[Square, ...] = ()

    @property
    def words(self) -> str:
        return odds_words(self.odds)


@dataclass(frozen=True)
class AttackPreview:
    """A whole attack as previewed: its shots, or why the engine would refuse it."""

    weapon: str
    fire: str
    shots: tuple[ShotPreview, ...] = ()
    why: str = ""
    close: bool = False
    extra: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.why


def _known_by_square(know: SeatKnowledge, exclude: str) -> tuple[dict, dict[str, str]]:
    """Active characters the seat knows of, by square (counters on its map by token, its
    own characters by id, the shooter left out), and the name each goes by."""
    by_square: dict[Square, list[str]] = {}
    names: dict[str, str] = {}
    for token, c in sorted(combat.map_counters(know, know.seat).items()):
        if c.status == "active":
            by_square.setdefault(tuple(c.square), []).append(token)
            names[token] = c.counter
    for cid, e in sorted(know.view.own.characters.items()):
        if cid != exclude and e.status == "active" and e.square is not None \
                and e.kind != "program":
            by_square.setdefault(tuple(e.square), []).append(cid)
            names[cid] = e.name
    return by_square, names


def _target_name(know: SeatKnowledge, shot: combat.AimedShot) -> str:
    plan = know.plan
    if shot.token:
        return combat.map_counters(know, know.seat)[shot.token].counter
    if shot.feature == "computer":
        return "the computer"
    if shot.feature:
        return f"the {shot.feature}"
    x, y = plan.xy(shot.square)
    return f"the square ({x}, {y})"


def _shot_preview(know: SeatKnowledge, char: Character, shot: combat.AimedShot,
                  facing: str, blast: bool, square: int) -> ShotPreview:
    """Who could be hit if ``shot`` misses, as far as the seat knows (rulebook: Missed
    Shots): the engine's ``combat.missed_line`` and ``combat_dice.stray_candidates`` on the
    characters the seat knows of."""
    plan = know.plan
    line, beyond, _end = combat.missed_line(plan, square, shot.square, facing)
    occupants, names = _known_by_square(know, char.id)
    in_line, past = dice.stray_candidates(
        char.id, shot.token, plan.xy(square), plan.xy(shot.square),
        [plan.xy(q) for q in line], [plan.xy(q) for q in beyond], occupants)
    spread = tuple(sq for sq in dice.blast_squares(plan.xy(shot.square))
                   if plan.inside(*sq)) if blast else ()
    return ShotPreview(shot.target, _target_name(know, shot), shot.odds,
                       tuple(plan.xy(q) for q in shot.line.squares),
                       tuple(names[str(n)] for n in in_line),
                       tuple(names[str(n)] for n in past), spread)


def preview_attack(know: SeatKnowledge, cid: str, weapon: str, fire: str,
                   targets: Sequence, *, square: Square | None = None,
                   facing: str | None = None, approach: Square | None = None,
                   ) -> AttackPreview:
    """The attack ``cid`` would make with ``weapon`` and ``fire`` at ``targets`` (tokens of
    character counters, or squares), from ``square`` facing ``facing`` (its own by
    default: a move-then-attack previews from where the move ends), planned by the
    engine's ``combat.arm_for`` and ``combat.plan_attack`` on the seat's knowledge."""
    plan = know.plan
    char = know.character(cid)
    at = plan.sq(*square) if square is not None else char.square
    face = facing or char.facing
    try:
        arm = combat.arm_for(know, char, weapon)
        shots = combat.plan_attack(
            know, know.seat, char, arm, fire, [t if isinstance(t, str) else tuple(t)
                                                for t in targets],
            square=at, facing=face, approach=plan.sq(*approach) if approach else None)
    except IllegalAction as exc:
        return AttackPreview(weapon, fire, why=str(exc))
    close = arm.chart.kind == "close"
    blast = arm.chart.area == "blast"
    previews = tuple(_shot_preview(know, char, s, face, blast, at) for s in shots)
    extra = ()
    if close:
        extra = ("A blow in your own square: no roll to hit; the damage die decides.",)
    return AttackPreview(weapon, fire, previews, close=close, extra=extra)


def target_at(know: SeatKnowledge, cid: str, square: Square) -> list[str | Square]:
    """What a click on ``square`` may aim at: the active character counters the seat's map
    shows there (by token), then the square itself (a window, hatch or computer the line
    meets there, or a grenade's impact)."""
    found: list[str | Square] = [
        token for token, c in sorted(combat.map_counters(know, know.seat).items())
        if tuple(c.square) == tuple(square)]
    found.sort(key=lambda t: combat.map_counters(know, know.seat)[t].status != "active")
    found.append(tuple(square))
    return found


def cover_squares(know: SeatKnowledge, cid: str, weapon: str, facing: str) -> list[Square]:
    """Squares ``cid`` may cover with opportunity fire facing ``facing`` (the engine's
    ``combat.cover_problem`` on the public plan)."""
    plan = know.plan
    char = know.character(cid)
    try:
        arm = combat.arm_for(know, char, weapon)
    except IllegalAction:
        return []
    if arm.chart.kind != "ranged":
        return []
    return sorted(plan.xy(q) for q in field_of_view(plan, char.square, facing)
                  if not combat.cover_problem(know, char, arm, q, facing))


def unjam_problem(know: SeatKnowledge, cid: str, weapon: str) -> str:
    """"" when ``cid`` may try to clear ``weapon`` now, else why not (the engine's check)."""
    return combat.unjam_problem(know, know.character(cid), weapon)


def counters_here(know: SeatKnowledge, cid: str) -> list[tuple[str, CharacterCounter]]:
    """The character counters the seat's map shows in ``cid``'s square."""
    square = know.view.own.characters[cid].square
    return [(t, c) for t, c in sorted(combat.map_counters(know, know.seat).items())
            if tuple(c.square) == tuple(square or ())]
