"""Client-side previews in (x, y) squares, computed only from a seat's own view.

The deck plan is public, so these helpers need nothing but the view a seat was sent: where a
character could go this turn (``reachable``), the path to a square and where it would stop
(``path_to``), what a character would see from a square (``field_of_view``) and whether a
line of sight is clear (``line_of_sight``). The engine validates moves with the same planner,
so a preview that says "legal" is legal (interdictions aside: those are what the seat cannot
know).
"""

from __future__ import annotations

from . import actions as A
from . import aliens, available, movement, ships, sight
from .deckplan import DeckPlan, feynman
from .errors import ArtifactError
from .viewtypes import SeatView

Square = tuple[int, int]


def _plan(plan: DeckPlan | None, view: SeatView | None = None) -> DeckPlan:
    """The plan given, else the public plan as the view knows it (the ring stopped or not)."""
    if plan is not None:
        return plan
    return ships.view_plan(view) if view is not None else feynman()


def reachable(view: SeatView, character: str, mode: str,
              plan: DeckPlan | None = None) -> dict[Square, int]:
    """{(x, y): MP} of the squares the character could end a move on this turn."""
    return movement.reachable(view, character, mode, _plan(plan, view))


def path_to(view: SeatView, character: str, mode: str, target: Square,
            plan: DeckPlan | None = None) -> dict:
    """{"path", "cost", "stop", "reason"} for the cheapest known way towards ``target``."""
    return movement.path_to(view, character, mode, target, _plan(plan, view))


def line_of_sight(a: Square, b: Square, plan: DeckPlan | None = None) -> tuple[bool, Square]:
    """(clear, stop): whether a sees b, and the last square the line reached."""
    p = _plan(plan)
    clear, stop = sight.line_of_sight(p, p.sq(*a), p.sq(*b))
    return clear, p.xy(stop)


def field_of_view(view: SeatView, character: str, square: Square | None = None,
                  facing: str | None = None, plan: DeckPlan | None = None) -> set[Square]:
    """Squares one of the seat's characters sees (from its square and facing, or from the
    ones given, e.g. to preview the end of a move); dark spaces as the view shows them."""
    p = _plan(plan, view)
    entry = view.own.characters[character]
    where = square if square is not None else entry.square
    dark_names = set(view.dark)
    dark = frozenset(s for s in range(len(p.terrain))
                     if dark_names and p.space_name(s) in dark_names)
    seen = sight.field_of_view(p, p.sq(*where), facing or entry.facing, dark=dark,
                               sees_dark=entry.sees_dark)
    return {p.xy(s) for s in seen}


def available_actions(view: SeatView, character: str | None,
                      plan: DeckPlan | None = None) -> list[available.Option]:
    """What ``character`` (and the seat) may do now, each open or with why not; see
    ``available.available_actions``."""
    return available.available_actions(view, character, _plan(plan, view))


def power_at(view: SeatView, character: str, power: str, look: str, square: Square,
             plan: DeckPlan | None = None) -> tuple[A.AlienPower | None, str]:
    """The Alien Special Action that picks ``square`` on the map (a written move there, or an
    illusion of ``look`` on it) and "", or None and the engine's reason it is refused."""
    p = _plan(plan)
    if power == "drift":
        path = aliens.drift_path(view, character, square, p)
        if path is None:
            return None, "that square is beyond a written move"
        action = A.AlienPower(character, power, path=path)
    else:
        action = A.AlienPower(character, power, path=(tuple(square),), look=look)
    why = aliens.view_problem(view, action, p, available.default_sheets())
    return (None, why) if why else (action, "")


def facing_choices(view: SeatView, character: str, mode: str | None = None, path=None,
                   plan: DeckPlan | None = None) -> dict[str, tuple[int, str]]:
    """For each facing ``character`` could end its action with: (the MP turning there
    costs, "" or the reason the engine would refuse it). With ``path`` (squares; empty to
    turn in place) the action is a move of ``mode``, checked by the engine's own
    ``check_path``; without, a non-move action, checked by the rule the engine applies
    after one. In gravity, or with a thruster pack, every facing is free."""
    p = _plan(plan, view)
    entry = view.own.characters[character]
    out: dict[str, tuple[int, str]] = {}
    for facing in movement.FACINGS:
        cost = 0 if entry.free_turns else movement.turns_between(entry.facing, facing)
        if path is not None:
            try:
                movement.check_path(view, character, mode or "walk", [list(q) for q in path],
                                    facing, p)
                why = ""
            except ArtifactError as exc:
                why = str(exc)
        else:
            walk = (entry.ma or {}).get("walk", 0)
            why = movement.facing_after_action_problem(
                bool(entry.free_turns), walk, entry.facing, facing) or ""
        out[facing] = (cost, why)
    return out
