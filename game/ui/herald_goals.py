"""Two guides on the game screen: the goals checklist and the turn-phase stepper.

The checklist reads the animated display (so a tick appears when the Lis Point pops, not
before) and lists what victory needs: a Lis Point, The Source, every Cell dismantled,
three Diplomatic Successes and Research Surveys, then the way home. The stepper shows the
steps of a turn as pictures, with the current one in words, so a new player always knows
where in the turn they are.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import art, theme
from game.ui.context import UiContext
from game.ui.herald_display import Display
from game.ui.herald_text import line_step

RESULTS_NEEDED = 3


@dataclass(frozen=True)
class Goal:
    key: str
    text: str
    done: bool


def goals(d: Display, home_ready: bool) -> list[Goal]:
    """The victory checklist in plain words, from what the console currently shows."""
    cells = round(d.tracks.get("infiltration", 0))
    results = round(d.tracks.get("diplomatic", 0)) + round(d.tracks.get("research", 0))
    return [
        Goal("lis", "a Lis Point", bool(d.lis_visited)),
        Goal("source", "The Source", d.source_visited),
        Goal("cells", "all Cells dismantled" if cells == 0 else
             f"Cells: {cells} still aboard", cells == 0),
        Goal("results", f"results {min(results, RESULTS_NEEDED)} of {RESULTS_NEEDED}",
             results >= RESULTS_NEEDED),
        Goal("home", "then home to Earth" if not home_ready else "home to Earth: ready",
             False),
    ]


def _goal_layout(ctx: UiContext, width: int, items: list[Goal]
                 ) -> tuple[list[tuple[int, int, Goal]], int]:
    """(x offset, row, goal) for each item, wrapping to a new row when one is full."""
    px = ctx.type.small
    lh = line_step(px)
    box = max(8, lh - 4)
    start = 12 + ctx.text.size("To win:", px, True)[0]
    x, row, placed = start, 0, []
    for goal in items:
        need = box + 4 + ctx.text.size(goal.text, px)[0]
        if x + need > width - 4 and x > start:
            x, row = start, row + 1
        placed.append((x, row, goal))
        x += need + 12
    return placed, row + 1


def goals_height(ctx: UiContext, width: int = 10_000, items: list[Goal] | None = None) -> int:
    lh = line_step(ctx.type.small)
    rows = _goal_layout(ctx, width, items)[1] if items else 1
    return rows * lh + 6


def draw_goals(surface: pygame.Surface, ctx: UiContext, area: pygame.Rect,
               items: list[Goal]) -> pygame.Rect:
    """Ticked boxes at the top of ``area`` (wrapping as needed); returns the rect used."""
    px = ctx.type.small
    lh = line_step(px)
    placed, rows = _goal_layout(ctx, area.w, items)
    block = pygame.Rect(area.x, area.y, area.w, rows * lh + 6)
    pygame.draw.rect(surface, (12, 20, 34), block, border_radius=5)
    label = ctx.text.render("To win:", px, theme.INK_DIM, bold=True)
    surface.blit(label, (block.x + 6, block.y + 3))
    box = max(8, lh - 4)
    for x, row, goal in placed:
        colour = theme.SKY if goal.done else theme.INK
        img = ctx.text.render(goal.text, px, colour)
        y = block.y + 3 + row * lh
        r = pygame.Rect(block.x + x, y + (lh - box) // 2, box, box)
        pygame.draw.rect(surface, colour, r, 1, border_radius=2)
        if goal.done:
            pts = [(r.x + 2, r.centery), (r.centerx - 1, r.bottom - 2), (r.right - 1, r.y + 1)]
            pygame.draw.lines(surface, theme.SKY, False, pts, 2)
        surface.blit(img, (r.right + 4, y))
    return block


# -- the turn-phase stepper -----------------------------------------------------------------

STEPS: tuple[tuple[str, str], ...] = (
    ("dice", "die_5"), ("move", "icon_direction"), ("environment", "icon_environment"),
    ("third", "icon_sabotage"), ("timeline", "icon_timeline"), ("event", "icon_event"),
    ("time", "icon_time"),
)
STEP_WORDS = {"dice": "Reading Dice", "move": "Direction", "environment": "Environment",
              "third": "Sabotage", "timeline": "Timeline", "event": "Event", "time": "Time"}
DECISION_STEPS = {"assign_dice": "dice", "direction": "move", "environment": "environment",
                  "investigate": "third", "alien_tech": "third", "event_officers": "event",
                  "source_operation": "event", "linear_incident": "timeline"}
BEAT_STEPS = {"turn_began": "dice", "dice_assigned": "dice", "ship_moved": "move",
              "lis_point_visited": "move", "source_reached": "move",
              "cell_dismantled": "third", "stec_exploded": "third",
              "matrix_pawn_moved": "timeline", "minor_incident": "timeline",
              "event_revealed": "event", "event_resolved": "event", "search_begun": "event",
              "operation_mounted": "event", "alien_tech_recovered": "event",
              "bad_reputation_placed": "event", "countdown_rolled": "time",
              "countdown_began": "time"}


def step_for(decision_kind: str | None, beat_label: str | None, previous: str) -> str:
    """Which step of the turn is on now (a beat that belongs to no step keeps the last)."""
    if beat_label is not None:
        return BEAT_STEPS.get(beat_label, previous)
    if decision_kind is not None:
        return DECISION_STEPS.get(decision_kind, previous)
    return previous


def draw_stepper(surface: pygame.Surface, ctx: UiContext, area: pygame.Rect, current: str,
                 title: str, stec: bool) -> pygame.Rect:
    """Chips for the turn's steps in ``area``: done ones dim, the current one with its words."""
    h = max(12, area.h)
    side = max(10, h - 8)
    gap = max(3, round(5 * ctx.scale))
    keys = [k for k, _ in STEPS]
    now = keys.index(current) if current in keys else 0
    x = area.x
    used = pygame.Rect(area.x, area.y, 0, h)
    for k, (key, icon_name) in enumerate(STEPS):
        if key == "third" and stec:
            icon_name = "icon_stec"
        icon = art.sprite(ctx, icon_name, (side, side))
        words = None
        if k == now:
            words = ctx.text.render(title or STEP_WORDS[key], ctx.type.body, theme.INK, bold=True)
            room = area.right - x - side - 16 - (len(STEPS) - 1 - k) * (side + 8 + gap)
            if words.get_width() > room:
                words = ctx.text.render(STEP_WORDS[key], ctx.type.body, theme.INK, bold=True)
        width = side + 8 + (words.get_width() + 8 if words is not None else 0)
        chip = pygame.Rect(x, area.y + (area.h - h) // 2, width, h)
        if chip.right > area.right:
            break
        if k == now:
            pygame.draw.rect(surface, (24, 52, 78), chip, border_radius=7)
            pygame.draw.rect(surface, theme.SKY, chip, 2, border_radius=7)
        else:
            pygame.draw.rect(surface, (14, 22, 36), chip, border_radius=7)
            pygame.draw.rect(surface, theme.GRID, chip, 1, border_radius=7)
        shown = icon
        if k < now:
            shown = icon.copy()
            shown.set_alpha(110)
        surface.blit(shown, (chip.x + 4, chip.centery - side // 2))
        if words is not None:
            surface.blit(words, (chip.x + side + 10, chip.centery - words.get_height() // 2))
        if k < now:
            tick = [(chip.right - 9, chip.bottom - 9), (chip.right - 6, chip.bottom - 5),
                    (chip.right - 2, chip.bottom - 12)]
            pygame.draw.lines(surface, theme.SKY, False, tick, 2)
        x = chip.right + gap
        used.width = chip.right - area.x
    return used
