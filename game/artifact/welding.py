"""Welding hatches shut and cutting them open again (rulebook: Airlocks and Hatch Locking,
Mechanic, Robots).

A mechanic carrying a welding torch, or a robot with a built-in torch (used as if skilled),
stands on one side of a hatch and names the square across it. Welding seals the hatch: no
one passes it, whatever its lock says, until someone cuts the weld open again with a torch.
Either is one action and always succeeds (the rulebook prints no roll for it).

A weld is told to its welder at once. Anyone else learns of it only up close: while one of
its active characters stands on either side of the hatch (the seam shows there and nowhere
else; from afar a welded hatch looks like any closed one), or when a move runs into it (the
interdiction says so). The movement planner reads the hatches a seat knows welded from its
view, so a preview never offers a way through a weld the seat has seen.
"""

from __future__ import annotations

from . import actions as A
from . import combat_dice as dice
from .combat import charts_of
from .errors import IllegalAction
from .events import Event
from .state import Character

#: The weapon chart (and item type) of the tool that welds and cuts.
TORCH = "welding_torch"
#: Interdiction's word for a welded hatch (movement runs into it like a locked one).
HATCH_REASON_WELDED = "the hatch is welded shut"


def torch_problem(game, char: Character) -> str:
    """Why ``char`` may not use a welding torch as a tool now ("" if it may): a carried torch
    needs hands and the Mechanic skill; a robot's built-in torch needs neither."""
    charts = charts_of(game)
    sheet = game.sheets.characters[char.sheet]
    if TORCH in charts.builtin.get(char.sheet, ()):
        return dice.use_problem(TORCH, hands=sheet.hands, builtin=True, charts=charts)
    torches = [i for i in char.items if game.state.items[i].type == TORCH]
    if not torches:
        return f"{game.name_of(char)} carries no welding torch"
    if all(game.state.items[i].disabled for i in torches):
        return "the welding torch is out of action"
    return dice.use_problem(TORCH, hands=sheet.hands, skills=sheet.skills, charts=charts)


def hatch_across(game, char: Character, square) -> int:
    """The hatch between ``char``'s square and ``square`` (x, y), or IllegalAction."""
    plan = game.plan
    x, y = square
    if char.square is None or not plan.inside(x, y):
        raise IllegalAction(f"({x}, {y}) is not on the map")
    hatch = plan.hatch_between(char.square, plan.sq(x, y))
    if hatch is None:
        raise IllegalAction(f"there is no hatch between {game.name_of(char)} and ({x}, {y})")
    if hatch in game.state.systems.blown_hatches:
        raise IllegalAction("that hatch is blown open: there is nothing left to weld")
    return hatch


def weld_problem(game, char: Character, square, shut: bool) -> str:
    """Why ``char`` may not weld (``shut``) or cut open the hatch towards ``square`` ("" if it
    may). Whether the hatch is welded already is found out by trying, never refused."""
    problem = torch_problem(game, char)
    if problem:
        return problem
    try:
        hatch_across(game, char, square)
    except IllegalAction as err:
        return str(err)
    return ""


def weld(game, seat: str, char: Character, square, shut: bool) -> list[Event]:
    """Weld the hatch towards ``square`` shut (``shut``) or cut its weld open. Welding an open
    hatch closes it for the rest of the phase as well. The welder is told what it did, or that
    the hatch already was as it wanted (it is at the hatch: that much it sees)."""
    problem = weld_problem(game, char, square, shut)
    if problem:
        raise IllegalAction(problem)
    s = game.state
    hatch = hatch_across(game, char, square)
    welded = hatch in s.systems.welded
    notice = {"kind": "weld", "character": char.id, "square": list(square)}
    if welded == shut:
        why = "it is welded shut already" if shut else "it is not welded"
        return [game.notify(seat, {**notice, "done": "", "why": why})]
    if shut:
        s.systems.welded = sorted(s.systems.welded + [hatch])
        if s.turn is not None and hatch in s.turn.opened:
            s.turn.opened = [h for h in s.turn.opened if h != hatch]
    else:
        s.systems.welded = [h for h in s.systems.welded if h != hatch]
    return [game.notify(seat, {**notice, "done": "welded" if shut else "cut", "why": ""})]


def known_welds(game, seat: str) -> tuple[int, ...]:
    """The welded hatches ``seat`` knows of now: those with one of its active characters on
    either side (only there does the seam show). A runner sees nothing until its next turn,
    so a weld that halted a run is learnt then, with the interdiction's reason."""
    s = game.state
    if not s.systems.welded:
        return ()
    here = {c.square for c in s.characters.values()
            if c.seat == seat and c.status == "active" and c.square is not None
            and not c.blind}
    plan = game.plan
    return tuple(h for h in s.systems.welded
                 if any(a in here or b in here for a, b in plan.hatches[h].edges))


def listed_actions(game, char: Character, after: list[str]) -> list:
    """Every hatch ``char`` may weld or cut from where it stands, both ways, with every
    affordable facing (legal_actions); what the hatch needs is found out by trying."""
    if char.square is None or torch_problem(game, char):
        return []
    plan = game.plan
    out: list = []
    for nxt, _diagonal, hatch in plan.neighbours(char.square):
        if hatch is None or hatch in game.state.systems.blown_hatches:
            continue
        xy = plan.xy(nxt)
        out += [A.Weld(char.id, xy, shut, f) for shut in (True, False) for f in after]
    return out
