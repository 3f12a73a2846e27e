"""What a seat knows of the Feynman's computer and special areas, read off its own view.

The seat's idea of who holds Computer Control is what its notices told it (the start of
play, its hacks, hand-overs made and received, the marker taken away), never the state; the
countdown is what the Global Updates announced. From that and the deck plan come the
computer panel's contents and the action bar's offers of hacking, security and area
actions, each checked with the rules' own conditions (``computer``, ``areas``) as far as
the view can know them: what it cannot know is found out by trying (the engine tells).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import aliens, areas, computer, ships, welding
from .combat_charts import default_charts
from .deckplan import DeckPlan
from .sheets import Sheets
from .state import CharacterCounter, ItemCounter, OwnCharacter
from .viewtypes import SeatView

#: The text the bar's loudspeaker offer starts with (the panel lets the player write it).
LOUDSPEAKER_SAMPLE = "Attention, all crew."
#: The countdown the bar's self-destruct offer starts with (the panel picks 3 to 30, or 0).
COUNTDOWN_SAMPLE = 10


def believed_control(view: SeatView) -> str | None:
    """The seat's character holding the Computer Control marker, as its notices say."""
    holder = None
    own = view.own.characters
    for n in view.notices:
        if n.kind in ("control_start", "control_received") or (
                n.kind == "hack" and n.get("success")):
            holder = n.get("character")
        elif n.kind == "control_given":
            holder = n.get("to") if n.get("to") in own else None
        elif n.kind == "control_lost":
            holder = None
    return holder if holder in own else None


def countdown(view: SeatView) -> int | None:
    """Turns left on the self-destruct countdown as last announced (None: none running)."""
    left = None
    for n in view.notices:
        if n.kind == "self_destruct":
            left = n.get("turns") or None
        elif n.kind == "drive_detonation":
            left = None
    return left


def known_locks(view: SeatView) -> dict[str, str]:
    """Segment -> "locked" / "unlocked" as the seat's own snoops last left them."""
    out: dict[str, str] = {}
    for n in view.notices:
        if n.kind == "snoop" and n.get("toggle") == "locks":
            out[n.get("segment")] = n.get("result")
    return out


def hacks_reported(view: SeatView) -> list[dict]:
    """The hacking attempts the computer reported to the seat, oldest first."""
    out: list[dict] = []
    for n in view.notices:
        if n.kind == "computer_report":
            out += list(n.get("hacks", []))
    return out


def terminal_kind(plan: DeckPlan, square) -> str | None:
    if square is None:
        return None
    feature = plan.feature[plan.sq(*square)]
    return feature if feature in computer.TERMINALS else None


def counter_kinds(sheets: Sheets) -> dict[str, str]:
    """A counter's printed label -> the kind of character it stands for."""
    return {c.counter: c.kind for c in sheets.characters.values()}


@dataclass(frozen=True)
class Offer:
    """One action the bar or the panel offers (``action`` without its ``facing``)."""

    key: str
    label: str
    action: dict
    why: str = ""


def robot_offers(view: SeatView, cid: str, sheets: Sheets) -> list[Offer]:
    """Command Robot: every inactive robot counter on the seat's map (seen now or last)."""
    kinds = counter_kinds(sheets)
    known = {**view.map.last_known, **view.map.counters}
    out = []
    for token, counter in sorted(known.items()):
        if isinstance(counter, CharacterCounter) and kinds.get(counter.counter) == "robot" \
                and counter.status != "active":
            out.append(Offer(f"robot:{token}", f"Command {counter.counter}",
                             {"type": "command_robot", "character": cid, "robot": token}))
    return out


def computer_offers(view: SeatView, cid: str, entry: OwnCharacter, plan: DeckPlan,
                    sheets: Sheets) -> list[Offer]:
    """Hacking, security actions, the loudspeaker and the self-destruct for one character
    that may act now."""
    out: list[Offer] = []
    hands = "Hands" in entry.skills
    hacker = "Hacker" in entry.skills
    at = terminal_kind(plan, entry.square) if hands else None
    base = {"character": cid}
    control = believed_control(view) == cid
    if at and hacker and not control:
        out.append(Offer("hack", "Hack the computer", {"type": "hack", **base}))
    if at and hacker:
        for lift in plan.lifts:
            out.append(Offer(f"hack_lift:{lift.name}", f"Hack lift {lift.name}",
                             {"type": "hack_lift_car", "lift": lift.name, **base}))
    if at and control:
        for segment in computer.feynman_segments(plan):
            out.append(Offer(f"snoop:{segment}", f"Snoop {segment}",
                             {"type": "security_action", "kind": "snoop",
                              "segment": segment, "toggle": "", **base}))
        if hacker and countdown(view):
            out.append(Offer("cancel_destruct", "Cancel self-destruct",
                             {"type": "security_action", "kind": "cancel_self_destruct",
                              "segment": "", "toggle": "", **base}))
        out += robot_offers(view, cid, sheets)
        out.append(Offer("loudspeaker", "Loudspeaker",
                         {"type": "loudspeaker", "text": LOUDSPEAKER_SAMPLE, **base}))
    keys = [view.own.items[i] for i in entry.items if i in view.own.items]
    if at == "major_terminal" and any(k.type == "access_key" for k in keys) \
            and plan.space_name(plan.sq(*entry.square)) in computer.SELF_DESTRUCT_SPACES:
        out.append(Offer("self_destruct", "Self-destruct",
                         {"type": "self_destruct", "turns": COUNTDOWN_SAMPLE, **base}))
    return out


def hal_offers(view: SeatView, cid: str, plan: DeckPlan) -> list[Offer]:
    """HAL's snoops and loudspeaker (its security actions, from the computer itself): every
    segment the engine's own check lets it snoop now (``aliens.security_problem`` on the
    view), and the loudspeaker while ``aliens.loudspeaker_problem`` lets it speak."""
    if view.faction != "alien" or view.alien is None:
        return []
    out = [Offer(f"snoop:{segment}", f"Snoop {segment}",
                 {"type": "security_action", "character": cid, "kind": "snoop",
                  "segment": segment, "toggle": ""})
           for segment in computer.feynman_segments(plan)
           if aliens.security_problem(view, cid, "snoop", segment, "", plan) is None]
    if aliens.loudspeaker_problem(view, cid, LOUDSPEAKER_SAMPLE) is None:
        out.append(Offer("loudspeaker", "Loudspeaker",
                         {"type": "loudspeaker", "text": LOUDSPEAKER_SAMPLE,
                          "character": cid}))
    return out


def security_left(view: SeatView) -> int | None:
    """HAL's security actions left this turn (None: the seat takes none)."""
    species = aliens.own_species(view)
    if species is None or view.alien is None:
        return None
    allowed = aliens.default_aliens().species[species].security_actions
    if not allowed:
        return None
    used = sum(1 for u in view.alien.used if aliens.is_security_use(u))
    return max(0, allowed - used)


def ladder_offers(view: SeatView, cid: str, entry: OwnCharacter,
                  plan: DeckPlan) -> list[Offer]:
    """The emergency ladder of each lift shaft the character stands in, while the power is
    down (``areas.ladder_reach_problem``: the engine's own check)."""
    if entry.square is None:
        return []
    here = plan.sq(*entry.square)
    ends = {0: "hull", 1: "ring"}
    out = []
    for lift in plan.lifts:
        if areas.ladder_reach_problem(plan, view.shutdown, here, lift.name, cid) is None:
            to = ends[1 - lift.ends.index(here)]
            out.append(Offer(f"ladder:{lift.name}",
                             f"Climb the ladder to the {to} end of lift {lift.name}",
                             {"type": "climb_ladder", "character": cid,
                              "lift": lift.name}))
    return out


def transfer_offers(view: SeatView, plan: DeckPlan, sheets: Sheets) -> list[Offer]:
    """Handing the marker over (free, seat-wide): to each of the seat's other active
    characters with hands at a terminal, and each active counter at one whose every
    possible character has hands."""
    holder = believed_control(view)
    if holder is None:
        return []
    out = []
    for cid, entry in sorted(view.own.characters.items()):
        if cid != holder and entry.status == "active" and "Hands" in entry.skills \
                and entry.kind != "program" and terminal_kind(plan, entry.square):
            out.append(Offer(f"transfer:{cid}", f"Give control to {entry.name}",
                             {"type": "transfer_control", "character": holder, "to": cid}))
    hands: dict[str, bool] = {}
    for c in sheets.characters.values():
        hands[c.counter] = hands.get(c.counter, True) and c.hands
    for token, counter in sorted(view.map.counters.items()):
        if isinstance(counter, CharacterCounter) and counter.status == "active" \
                and hands.get(counter.counter) and terminal_kind(plan, counter.square):
            out.append(Offer(f"transfer:{token}", f"Give control to {counter.counter}",
                             {"type": "transfer_control", "character": holder,
                              "to": token}))
    return out


def area_offers(view: SeatView, cid: str, entry: OwnCharacter, plan: DeckPlan,
                sheets: Sheets) -> list[Offer]:
    """The Medlab, the Mechanic's work and the system equipment for one character that may
    act now (``areas``' rules as far as the view can tell)."""
    out: list[Offer] = []
    base = {"character": cid}
    square = entry.square
    if square is None:
        return out
    out += ladder_offers(view, cid, entry, plan)
    space = plan.space_name(plan.sq(*square))
    patients = [(other, e.name) for other, e in sorted(view.own.characters.items())
                if e.square == square and e.kind != "program"]
    patients += [(token, c.counter) for token, c in sorted(view.map.counters.items())
                 if isinstance(c, CharacterCounter) and c.square == square]
    carried = [view.own.items[i] for i in entry.items if i in view.own.items]
    floor = [(token, c.counter) for token, c in sorted(view.map.counters.items())
             if isinstance(c, ItemCounter) and c.square == square]
    hands = "Hands" in entry.skills
    if space == areas.MEDLAB:
        words = {"suspend": "Capsule", "revive": "Revive", "heal": "Heal"}
        for use, word in words.items():
            for target, name in patients:
                out.append(Offer(f"medlab:{use}:{target}", f"{word} {name}",
                                 {"type": "use_medlab", "use": use, "target": target,
                                  **base}))
        for item in carried:
            if item.type == "medkit" and hands:
                out.append(Offer(f"medlab:recharge:{item.id}", f"Recharge {item.name}",
                                 {"type": "use_medlab", "use": "recharge",
                                  "target": item.id, **base}))
    if "Mechanic" in entry.skills:
        out += _mechanic_offers(view, cid, entry, plan, sheets, carried, floor)
    if hands:
        out += _equipment_offers(cid, entry, plan, carried)
    by_name = {(sheet.name, sheet.kind): sheet.id for sheet in sheets.characters.values()}
    if welding.TORCH in default_charts().builtin.get(by_name.get((entry.name, entry.kind)), ()):
        out += _weld_offers(cid, entry, plan)
    return out


def _side(here: tuple[int, int], there: tuple[int, int]) -> str:
    """Which side of a character's square a neighbouring square lies, in words."""
    dx, dy = there[0] - here[0], there[1] - here[1]
    return {(0, -1): "to the north", (0, 1): "to the south", (1, 0): "to the east",
            (-1, 0): "to the west"}.get((dx, dy), "beside you")


def _weld_offers(cid: str, entry: OwnCharacter, plan: DeckPlan) -> list[Offer]:
    """Welding shut or cutting open each hatch beside the character (whether it is welded
    is found out by trying, as the engine lists it)."""
    out: list[Offer] = []
    here = plan.sq(*entry.square)
    for t in sorted(plan.xy(n) for n, _d, hatch in plan.neighbours(here) if hatch is not None):
        for shut, verb in ((True, "Weld shut"), (False, "Cut open")):
            out.append(Offer(f"weld:{t[0]},{t[1]}:{verb}",
                             f"{verb} the hatch {_side(entry.square, t)}",
                             {"type": "weld", "character": cid, "square": list(t),
                              "shut": shut}))
    return out


def _mechanic_offers(view, cid, entry, plan, sheets, carried, floor) -> list[Offer]:
    out: list[Offer] = []
    base = {"character": cid}
    charts = default_charts()
    names = {kind.name: item_id for item_id, kind in sheets.items.items()}
    things = [(i.id, i.name, i.type) for i in carried]
    things += [(token, name, names.get(name, "")) for token, name in floor]

    def offer(work: str, target: str, label: str) -> Offer:
        return Offer(f"mechanic:{work}:{target}", label,
                     {"type": "mechanic_work", "work": work, "target": target, **base})

    out += [offer("identify", t, f"Examine {n}") for t, n, k in things
            if k in areas.ARTIFACTS]
    own = view.own.characters
    for item in sorted(view.own.items.values(), key=lambda i: i.id):
        chart = charts.weapon_for_item(item.type)
        holder = own.get(item.holder) if item.holder else None
        if (chart is not None and chart.jams == "jam" and not item.jammed
                and holder is not None and holder.square == entry.square):
            out.append(Offer(f"jam:{item.id}", f"Jam {item.name}",
                             {"type": "jam", "weapon": item.id, **base}))
    craft = ships.controls_at(plan, view.ships, plan.sq(*entry.square))
    if craft is not None:
        out.append(offer("wreck_controls", craft.id, f"Wreck the {craft.name}'s controls"))
    return out


def _equipment_offers(cid: str, entry: OwnCharacter, plan: DeckPlan,
                      carried) -> list[Offer]:
    out: list[Offer] = []
    here = plan.sq(*entry.square)
    across = sorted(plan.xy(n) for n, _d, hatch in plan.neighbours(here) if hatch is not None)
    x, y = entry.square
    telescope = [(i, j) for i in range(x - 1, x + 2) for j in range(y - 1, y + 2)
                 if plan.inside(i, j) and plan.feature[plan.sq(i, j)] == "shield_generator"]
    seen: set[str] = set()
    for item in carried:
        if item.type in seen:
            continue
        seen.add(item.type)

        def use(target, label: str, key: str, item=item) -> Offer:
            return Offer(key, label, {"type": "use_equipment", "character": cid,
                                      "item": item.id, "target": target})

        if item.type == "access_key":
            out += [use(list(t), f"Key: hatch {_side(entry.square, t)}",
                        f"place:{item.id}:{t[0]},{t[1]}") for t in across]
            out += [use(list(t), "Key: raise/lower shields", f"place:{item.id}:{t[0]},{t[1]}")
                    for t in telescope]
        elif item.type == "welding_torch" and "Mechanic" in entry.skills:
            out += _weld_offers(cid, entry, plan)
        elif item.type == "geiger_counter" and "Mechanic" in entry.skills:
            out.append(use("", "Geiger reading", f"medkit:{item.id}:"))
    return out
