"""The player's side of each pending decision: widgets that end in one engine action.

One ``Orders`` object exists per pending :class:`~game.herald.engine.Decision`. It offers
buttons, reacts to pointing (dice dragged onto reading slots, arrows on the Holomap,
officer cards), draws its highlights, and finally returns an engine action for the scene
to apply. What is allowed always comes from ``legal_actions()`` and the decision's
context; what a choice would cost comes from a dry run of the engine on a copy of the game,
never from rules re-implemented here.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.herald import actions as act
from game.herald import events as ev
from game.herald.engine import Decision, HeraldGame
from game.herald.holomap import DIRECTION_NAMES
from game.herald.labels import ENVIRONMENT_WORDS
from game.herald.pads import SUBJECT_NAMES
from game.herald.preview import (
    ReadingPreview,
    destinations,
    pawn_destination,
    preview_reading,
)
from game.herald.readings import DIRECTION_CHOICES
from game.ui import theme
from game.ui.context import UiContext
from game.ui.herald_help import OUTCOME_WORDS, PANEL_TIPS, READING_TIPS
from game.ui.herald_text import fit_text, line_step
from game.ui.text_registry import add_frame
from game.ui.widgets import Button, Toggle, draw_wrapped

if TYPE_CHECKING:
    from game.ui.herald_scene import HeraldScene

READING_ICONS = {
    "direction": "icon_direction", "environment": "icon_environment",
    "sabotage": "icon_sabotage", "stec": "icon_stec", "timeline": "icon_timeline",
    "event": "icon_event",
}
READING_LABELS = {
    "direction": "Direction", "environment": "Environment", "sabotage": "Sabotage",
    "stec": "STEC Engine", "timeline": "Timeline", "event": "Event",
}


def dry_run(game: HeraldGame, action: act.Action) -> list[ev.Event]:
    """The events ``action`` would cause, computed on a throw-away copy of the game."""
    memo = {id(game.pads): game.pads, id(game.history): []}
    clone = copy.deepcopy(game, memo)
    return clone.apply(action)


def effectiveness_costs(events: Sequence[ev.Event]) -> dict[str, int]:
    """Effectiveness change per officer among events, up to the next dice roll."""
    out: dict[str, int] = {}
    for e in events:
        if isinstance(e, ev.DiceRolled):
            break
        if isinstance(e, ev.EffectivenessChanged):
            out[e.officer] = out.get(e.officer, 0) + (e.new - e.old)
    return out


class Orders:
    """Base: a decision's widgets. Subclasses fill in the parts they need."""

    kind = ""

    def __init__(self, scene: HeraldScene, decision: Decision) -> None:
        self.scene = scene
        self.decision = decision
        self.game = scene.game
        self.legal = self.game.legal_actions()
        self.hint_action: act.Action | None = None

    # widgets -------------------------------------------------------------------------
    def buttons(self, ctx: UiContext) -> list[Button]:
        return []

    def on_click(self, key: str, ctx: UiContext) -> act.Action | None:
        return None

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        """Pointer events not aimed at a button (dice, map, officer cards)."""
        return None

    def on_key(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        """Enter confirms what the player has composed; with nothing composed (a direction,
        an Environment choice, a declined Event) it takes the hinted choice, if any."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for b in self.buttons(ctx):
                if b.key == "confirm" and b.enabled:
                    return self.on_click("confirm", ctx)
            if self.hint_action is not None and self.game.is_legal(self.hint_action):
                return self.hint_action
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        """Highlights and texts of this decision (buttons are drawn by the scene)."""

    def apply_hint(self, action: act.Action) -> None:
        self.hint_action = action

    def tooltip_at(self, pos: tuple[int, int], ctx: UiContext) -> str:
        return ""

    def targets(self, ctx: UiContext) -> dict[str, tuple[int, int]]:
        """Named click points (for keyboard-free tests and for the hint highlight)."""
        return {b.key: b.rect.center for b in self.buttons(ctx)}

    # shared drawing --------------------------------------------------------------------
    def _prompt(self, surface: pygame.Surface, ctx: UiContext, text: str,
                area: pygame.Rect) -> int:
        return draw_wrapped(surface, ctx, text, ctx.type.small, theme.INK, area)

    def _decision_area(self) -> pygame.Rect:
        """Between the Readings and the buttons: where the dice decision's previews go."""
        return self.scene.layout.preview


# ---------------------------------------------------------------------------------------
class DiceOrders(Orders):
    """Give each of the five Readings one die: drag and drop, or click die then slot."""

    kind = "assign_dice"

    def __init__(self, scene: HeraldScene, decision: Decision) -> None:
        super().__init__(scene, decision)
        self.readings: list[str] = list(decision.context["readings"])
        self.dice: list[int] = list(decision.context["dice"])
        self.placed: dict[int, int] = {}  # slot index -> die index
        self.selected: int | None = None
        self.press: tuple[int, tuple[int, int]] | None = None
        self.dragging = False
        self.drag_pos = (0, 0)
        self.hover_slot: int | None = None
        self.hover_die: int | None = None
        self._previews: dict[tuple[str, int, int | None], ReadingPreview] = {}

    # geometry ---------------------------------------------------------------------------
    def slot_of(self, die: int) -> int | None:
        for s, d in self.placed.items():
            if d == die:
                return s
        return None

    def die_rect(self, die: int) -> pygame.Rect:
        L = self.scene.layout
        s = self.slot_of(die)
        tray = L.tray[die]
        if s is None:
            return tray
        from game.ui.herald_draw import slot_die_rect

        return slot_die_rect(L.slots[s], tray.w)

    def die_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.dice)):
            if i == self.press_die() and self.dragging:
                continue
            if self.die_rect(i).collidepoint(pos):
                return i
        return None

    def press_die(self) -> int | None:
        return self.press[0] if self.press else None

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.scene.layout.slots):
            if r.collidepoint(pos):
                return i
        return None

    # actions ----------------------------------------------------------------------------
    def place(self, die: int, slot: int, ctx: UiContext) -> None:
        origin = self.slot_of(die)
        if origin is not None:
            del self.placed[origin]
        other = self.placed.get(slot)
        if other is not None and other != die:
            if origin is not None:
                self.placed[origin] = other
            else:
                del self.placed[slot]
        self.placed[slot] = die
        self.selected = None
        ctx.play("dice_land")

    def unplace(self, die: int) -> None:
        s = self.slot_of(die)
        if s is not None:
            del self.placed[s]

    def order(self) -> tuple[int, ...] | None:
        if len(self.placed) != 5:
            return None
        return tuple(self.placed[i] for i in range(5))

    def buttons(self, ctx: UiContext) -> list[Button]:
        c = self.scene.layout.controls
        w = round(c.w * 0.32)
        done = self.order() is not None
        return [
            Button("clear", "Clear", pygame.Rect(c.x, c.y, round(c.w * 0.2), c.h),
                   enabled=bool(self.placed), hotkey="Bksp",
                   tooltip="Take every die back to the tray."),
            Button("confirm", "Confirm", pygame.Rect(c.right - w, c.y, w, c.h), enabled=done,
                   hotkey="Enter", accent=theme.SKY if done else None,
                   tooltip="Apply the Readings with these dice."),
        ]

    def on_click(self, key: str, ctx: UiContext) -> act.Action | None:
        if key == "clear":
            self.placed.clear()
            self.selected = None
            return None
        if key == "confirm":
            order = self.order()
            if order is not None:
                return act.AssignDice(order)  # type: ignore[arg-type]
        return None

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_slot = self.slot_at(event.pos)
            self.hover_die = self.die_at(event.pos)
            if self.press and not self.dragging:
                ox, oy = self.press[1]
                if math.hypot(event.pos[0] - ox, event.pos[1] - oy) > 5:
                    self.dragging = True
                    self.selected = None
            if self.dragging:
                self.drag_pos = event.pos
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            slot = self.slot_at(event.pos)
            die = self.die_at(event.pos)
            if self.selected is not None and slot is not None and die != self.selected:
                self.place(self.selected, slot, ctx)
                return None
            if die is not None:
                self.press = (die, event.pos)
                self.dragging = False
                self.drag_pos = event.pos
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if not self.press:
                return None
            die = self.press[0]
            if self.dragging:
                slot = self.slot_at(event.pos)
                if slot is not None:
                    self.place(die, slot, ctx)
                else:
                    self.unplace(die)
            else:
                self.selected = None if self.selected == die else die
                if self.selected is not None:
                    ctx.play("click")
            self.press = None
            self.dragging = False
            self.hover_slot = self.slot_at(event.pos)
        return None

    def on_key(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        digit = _digit(event)
        if digit is not None and 1 <= digit <= 6:
            free = [i for i, v in enumerate(self.dice) if v == digit and self.slot_of(i) is None]
            if not free:
                free = [i for i, v in enumerate(self.dice) if v == digit]
            if free:
                if self.selected in free:
                    k = free.index(self.selected)
                    self.selected = free[(k + 1) % len(free)]
                else:
                    self.selected = free[0]
                ctx.play("click")
            return None
        if event.key == pygame.K_BACKSPACE:
            return self.on_click("clear", ctx)
        return super().on_key(event, ctx)

    def apply_hint(self, action: act.Action) -> None:
        super().apply_hint(action)
        if isinstance(action, act.AssignDice):
            self.placed = {i: d for i, d in enumerate(action.order)}
            self.selected = None

    # preview ------------------------------------------------------------------------
    def held_die(self) -> int | None:
        if self.dragging and self.press:
            return self.press[0]
        return self.selected

    def preview_values(self) -> list[tuple[int | None, str]]:
        """For each slot: the die value to preview and how ('placed', 'held', 'try')."""
        out: list[tuple[int | None, str]] = []
        held = self.held_die()
        for i in range(5):
            if held is not None and self.hover_slot == i:
                out.append((self.dice[held], "held"))
            elif i in self.placed:
                out.append((self.dice[self.placed[i]], "placed"))
            elif (held is None and self.hover_die is not None
                  and self.slot_of(self.hover_die) is None):
                out.append((self.dice[self.hover_die], "try"))
            else:
                out.append((None, ""))
        return out

    def consequences(self, reading: str, value: int) -> str:
        """The engine-made preview line, cached for this decision (it never changes)."""
        key = (reading, value, self.direction_value())
        if key not in self._previews:
            self._previews[key] = preview_reading(self.game, reading, value, key[2])
        return self._previews[key].text

    def clues_enough(self) -> bool:
        """True when the engine's Sabotage step would dismantle a Cell for free on these dice."""
        if "sabotage" not in self.readings:
            return False
        for value in range(1, 7):
            self.consequences("sabotage", value)
            found = self._previews[("sabotage", value, self.direction_value())]
            if any(isinstance(e, ev.CellDismantled) and e.how == "dice_sum" for e in found.events):
                return True
        return False

    def direction_value(self) -> int | None:
        """The die placed (or held over) the Direction Reading: it decides whether the ship
        can enter The Source, which changes what the Timeline and Event Readings do."""
        return self.preview_values()[self.readings.index("direction")][0]

    def focus_reading(self) -> tuple[str, int] | None:
        """The reading and value the pointer is asking about, for map/matrix previews."""
        vals = self.preview_values()
        if self.hover_slot is not None and vals[self.hover_slot][0] is not None:
            return self.readings[self.hover_slot], vals[self.hover_slot][0]  # type: ignore
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        L = self.scene.layout
        # slot highlight while holding a die
        held = self.held_die()
        for i, r in enumerate(L.slots):
            if held is not None:
                colour = theme.SKY if self.hover_slot == i else theme.GRID
                pygame.draw.rect(surface, colour, r, 2, border_radius=8)
        # tray sockets
        for r in L.tray:
            pygame.draw.rect(surface, (26, 38, 56), r.inflate(6, 6), border_radius=8)
            pygame.draw.rect(surface, theme.GRID, r.inflate(6, 6), 1, border_radius=8)
        for i, value in enumerate(self.dice):
            if self.dragging and self.press and self.press[0] == i:
                continue
            rect = self.die_rect(i)
            if self.hover_die == i and self.selected != i:
                pygame.draw.rect(surface, theme.SKY, rect.inflate(6, 6), 2, border_radius=9)
            self.scene.painter.die(surface, ctx, value, rect,
                                   selected=(self.selected == i),
                                   spin=self.scene.display.dice_spin[i]
                                   if i < len(self.scene.display.dice_spin) else 0.0)
        self._draw_previews(surface, ctx)
        # the dragged die follows the pointer, on top of everything in the panel
        if self.dragging and self.press:
            i = self.press[0]
            r = L.tray[i].copy()
            r.center = self.drag_pos
            self.scene.painter.die(surface, ctx, self.dice[i], r.inflate(6, 6), selected=True)

    def _draw_previews(self, surface: pygame.Surface, ctx: UiContext) -> None:
        """What each Reading would do with its die, in running text: one column, or two
        when one is not enough; Readings without a die wait for one."""
        L = self.scene.layout
        box = L.preview
        pygame.draw.rect(surface, (10, 18, 30), box, border_radius=6)
        px = ctx.type.small
        note = f"Dice sum {sum(self.dice)}"
        img = ctx.text.render(note, px, theme.INK_DIM)
        ink = ctx.text.ink(note, px)
        panel = L.orders_panel
        title_mid = panel.y + round(10 * ctx.scale) + round(11 * ctx.scale)
        surface.blit(img, (panel.right - img.get_width() - round(16 * ctx.scale),
                           title_mid - ink.centery))
        entries: list[tuple[str, tuple[int, int, int]]] = []
        if self.clues_enough():
            entries.append((f"{note}: clues enough to dismantle a Cell on a middle Sabotage "
                            "Reading.", theme.SKY))
        for i, (value, how) in enumerate(self.preview_values()):
            if value is None:
                continue
            name = READING_LABELS[self.readings[i]]
            what = self.consequences(self.readings[i], value)
            colour = {"held": theme.YELLOW, "placed": theme.INK, "try": theme.INK_DIM}[how]
            entries.append((f"{name} {value}: {what}", colour))
        inner = box.inflate(-12, -8)
        if len(entries) == self.clues_enough():
            entries.append(("Point at a die, or pick one up, to read here what each Reading "
                            "would do with it.", theme.INK_FAINT))
        step = line_step(px)
        rows = max(1, inner.h // step)
        for columns in (1, 2):
            gap = round(16 * ctx.scale)
            col_w = (inner.w - gap * (columns - 1)) // columns
            lines = [(line, colour) for text, colour in entries
                     for line in ctx.text.wrap(text, px, col_w)]
            if len(lines) <= rows * columns:
                break
        if len(lines) > rows * columns:  # more than the box holds: the last line says so
            lines = lines[:rows * columns]
            last, colour = lines[-1]
            while last and ctx.text.size(last + "...", px)[0] > col_w:
                last = last[:-1]
            lines[-1] = (last.rstrip() + "...", colour)
        for k, (line, colour) in enumerate(lines):
            col, row = divmod(k, rows)
            surface.blit(ctx.text.render(line, px, colour),
                         (inner.x + col * (col_w + gap), inner.y + row * step - 2))

    def draw_map_overlay(self, surface: pygame.Surface, ctx: UiContext) -> None:
        focus = self.focus_reading()
        if not focus:
            return
        reading, value = focus
        painter = self.scene.painter
        if reading == "direction":
            for d in DIRECTION_CHOICES[value]:
                painter.direction_arrow(surface, ctx, d, "ghost")
        elif reading == "timeline":
            places = destinations(self.game, self.direction_value())
            if places != [self.game.pads.holomap.source]:
                painter.timeline_ghost(surface, ctx, pawn_destination(self.game, value))

    def tooltip_at(self, pos: tuple[int, int], ctx: UiContext) -> str:
        slot = self.slot_at(pos)
        if slot is not None:
            reading = self.readings[slot]
            vals = self.preview_values()
            value = vals[slot][0]
            tip = READING_TIPS.get(reading, "")
            if value is not None:
                now = self.consequences(reading, value)
                return f"{READING_LABELS[reading]} {value}: {now}.  {tip}"
            return tip
        die = self.die_at(pos)
        if die is not None:
            return (f"A Reading Die showing {self.dice[die]}. Drag it onto a Reading, or click "
                    "it and then click a Reading. The box below previews every Reading.")
        return ""

    def targets(self, ctx: UiContext) -> dict[str, tuple[int, int]]:
        out = super().targets(ctx)
        for i in range(len(self.dice)):
            out[f"die:{i}"] = self.die_rect(i).center
        for i, r in enumerate(self.scene.layout.slots):
            out[f"slot:{self.readings[i]}"] = r.center
        return out


def _digit(event: pygame.event.Event) -> int | None:
    keys = {getattr(pygame, f"K_{n}"): n for n in range(10)}
    keys.update({getattr(pygame, f"K_KP{n}"): n for n in range(10)})
    return keys.get(event.key)


# ---------------------------------------------------------------------------------------
class DirectionOrders(Orders):
    """Arrows around the ship: the Reading's two directions, greyed when off the map."""

    kind = "direction"

    def __init__(self, scene: HeraldScene, decision: Decision) -> None:
        super().__init__(scene, decision)
        self.options = [a.direction for a in self.legal if isinstance(a, act.ChooseDirection)]
        ctx_ = decision.context
        self.allowed: list[str] = list(ctx_.get("allowed", []))
        self.valid: dict[str, bool] = dict(ctx_.get("valid", {}))
        self.lost = bool(ctx_.get("lost", False))

    def arrow_center(self, d: str) -> tuple[float, float]:
        return self.scene.painter.arrow_center(d)

    def arrow_at(self, pos: tuple[int, int]) -> str | None:
        hv = self.scene.layout.hexview
        radius = hv.size * 0.62
        for d in self.options:
            x, y = self.arrow_center(d)
            if math.hypot(pos[0] - x, pos[1] - y) <= radius:
                return d
        hx = hv.hex_at(*pos)
        if hx is not None:
            from game.herald.holomap import neighbour
            for d in self.options:
                if neighbour(self.game.state.position, d) == hx:
                    return d
        return None

    def buttons(self, ctx: UiContext) -> list[Button]:
        area = self._decision_area()
        n = max(1, len(self.options))
        gap = 6
        bw = min(round(area.w * 0.48), (area.w - gap * (n - 1)) // n)
        bh = self.scene.layout.controls.h
        y = self.scene.layout.controls.y
        out = []
        x = area.x
        for k, d in enumerate(self.options):
            out.append(Button(f"dir:{d}", DIRECTION_NAMES[d].capitalize(),
                              pygame.Rect(x, y, bw, bh), hotkey=str(k + 1) if n <= 6 else "",
                              selected=isinstance(self.hint_action, act.ChooseDirection)
                              and self.hint_action.direction == d,
                              tooltip="Move the Herald this way."))
            x += bw + gap
        return out

    def on_click(self, key: str, ctx: UiContext) -> act.Action | None:
        if key.startswith("dir:"):
            return act.ChooseDirection(key[4:])
        return None

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            d = self.arrow_at(event.pos)
            if d is not None:
                return act.ChooseDirection(d)
        return None

    def on_key(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        digit = _digit(event)
        if digit is not None and 1 <= digit <= len(self.options):
            return act.ChooseDirection(self.options[digit - 1])
        return super().on_key(event, ctx)

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        area = self._decision_area()
        text = self.decision.prompt
        if not self.lost:
            off = [d for d in self.allowed if not self.valid.get(d, True)]
            if off:
                text += " " + " and ".join(DIRECTION_NAMES[d] for d in off) + \
                        " would leave the Holomap (crossed out)."
        self._prompt(surface, ctx, text, area)

    def draw_map_overlay(self, surface: pygame.Surface, ctx: UiContext) -> None:
        painter = self.scene.painter
        for d in self.allowed:
            if d not in self.options:
                painter.direction_arrow(surface, ctx, d, "invalid")
        for d in self.options:
            style = "lost" if self.lost else "valid"
            hint = isinstance(self.hint_action, act.ChooseDirection) and \
                self.hint_action.direction == d
            hovered = self.arrow_at(ctx.mouse) == d
            painter.direction_arrow(surface, ctx, d, style, hot=hovered or hint)

    def targets(self, ctx: UiContext) -> dict[str, tuple[int, int]]:
        out = super().targets(ctx)
        for d in self.options:
            x, y = self.arrow_center(d)
            out[f"arrow:{d}"] = (round(x), round(y))
        return out

    def tooltip_at(self, pos: tuple[int, int], ctx: UiContext) -> str:
        d = self.arrow_at(pos)
        if d:
            extra = " You are lost: this costs Time." if self.lost else ""
            return f"Move {DIRECTION_NAMES[d]}.{extra}"
        return ""


# ---------------------------------------------------------------------------------------
ENV_DETAILS = {
    "on_the_fly": "no change to Supplies",
    "full_resupply": "+2 Supplies, costs Time",
    "shore_leave": "+2 Effectiveness to all, costs Time",
}


class EnvironmentOrders(Orders):
    """Resupply on the fly, or the Full Resupply / Shore Leave the Reading allows."""

    kind = "environment"

    def buttons(self, ctx: UiContext) -> list[Button]:
        area = self._decision_area()
        opts = [a.option for a in self.legal if isinstance(a, act.ChooseEnvironment)]
        gap = 8
        bw = (area.w - gap * (len(opts) - 1)) // max(1, len(opts))
        bh = round(area.h * 0.55)
        y = area.bottom - bh
        out = []
        for k, o in enumerate(opts):
            icon = "icon_supplies" if o != "shore_leave" else "icon_leadership"
            out.append(Button(f"env:{o}", ENVIRONMENT_WORDS[o].capitalize(),
                              pygame.Rect(area.x + k * (bw + gap), y, bw, bh), icon=icon,
                              sublabel=ENV_DETAILS.get(o, ""), sub_px=ctx.type.small,
                              hotkey=str(k + 1),
                              selected=isinstance(self.hint_action, act.ChooseEnvironment)
                              and self.hint_action.option == o,
                              tooltip=READING_TIPS["environment"]))
        return out

    def on_click(self, key: str, ctx: UiContext) -> act.Action | None:
        if key.startswith("env:"):
            return act.ChooseEnvironment(key[4:])
        return None

    def on_key(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        digit = _digit(event)
        opts = [a for a in self.legal if isinstance(a, act.ChooseEnvironment)]
        if digit is not None and 1 <= digit <= len(opts):
            return opts[digit - 1]
        return super().on_key(event, ctx)

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        area = self._decision_area()
        self._prompt(surface, ctx, self.decision.prompt,
                     pygame.Rect(area.x, area.y, area.w, round(area.h * 0.42)))


# ---------------------------------------------------------------------------------------
class PickerSpec:
    """How one officer-choosing decision maps onto challenge slots."""

    def __init__(self, subjects: list[str], efforts: list[int | None],
                 dilemma_efforts: list[int | None] | None, confirm: str, decline: str | None,
                 title: str) -> None:
        self.subjects = subjects
        self.efforts = efforts
        self.dilemma_efforts = dilemma_efforts
        self.confirm = confirm
        self.decline = decline
        self.title = title


def _picks(action: act.Action) -> tuple[tuple[str | None, ...], bool] | None:
    if isinstance(action, act.Investigate):
        return (action.police, action.communication), False
    if isinstance(action, act.UseAlienTech):
        return (action.space, action.physics), False
    if isinstance(action, act.FaceEvent):
        return (action.first, action.second), action.dilemma
    if isinstance(action, act.MountOperation):
        return action.leaders, action.dilemma
    if isinstance(action, act.ChooseIncidentOfficer):
        return (action.officer,), False
    return None


DECLINES = (act.DeclineInvestigation, act.DeclineAlienTech, act.DeclineEvent,
            act.DeclineOperation)


class OfficerOrders(Orders):
    """Choose officers for Challenges: eligible officers light up with Effort and cost."""

    def __init__(self, scene: HeraldScene, decision: Decision) -> None:
        super().__init__(scene, decision)
        self.kind = decision.kind
        self.spec = self._spec(decision)
        self.options: list[tuple[tuple[str | None, ...], bool, act.Action]] = []
        self.decline: act.Action | None = None
        for a in self.legal:
            p = _picks(a)
            if p is not None:
                self.options.append((p[0], p[1], a))
            elif isinstance(a, DECLINES):
                self.decline = a
        flags = {d for _, d, _ in self.options}
        self.dilemma_forced = flags == {True}
        self.dilemma_possible = True in flags
        self.dilemma = self.dilemma_forced
        self.picks: list[str | None] = [None] * len(self.spec.subjects)
        self.active = 0
        self._costs: dict[act.Action, dict[str, int]] = {}

    def _spec(self, d: Decision) -> PickerSpec:
        c = d.context
        if d.kind == "investigate":
            return PickerSpec(["POL", "COM"], [None, None], None, "Investigate",
                              "Wait for another chance", "Investigation")
        if d.kind == "alien_tech":
            return PickerSpec(["SPA", "PHY"], [None, None], None, "Use the technology",
                              "Normal speed", "Alien Travel Technology")
        if d.kind == "event_officers":
            return PickerSpec(list(c["subjects"]), list(c["efforts"]),
                              list(c["dilemma_efforts"]), "Face the Event",
                              "Select no officers", c.get("name", "Event"))
        if d.kind == "source_operation":
            return PickerSpec(list(c["subjects"]), list(c["efforts"]), list(c["efforts"]),
                              "Mount the operation", "Leave empty-handed",
                              "Operation at The Source")
        subject = c.get("subject", "")
        return PickerSpec([subject], [None], None, "Confirm", None, "Minor incident")

    # queries ---------------------------------------------------------------------------
    def effort(self, slot: int) -> int | None:
        if self.dilemma and self.spec.dilemma_efforts is not None:
            return self.spec.dilemma_efforts[slot]
        return self.spec.efforts[slot]

    def eligible(self, officer: str, slot: int) -> bool:
        return any(p[slot] == officer and dil == self.dilemma for p, dil, _ in self.options)

    def chosen_action(self) -> act.Action | None:
        key = tuple(self.picks)
        for p, dil, a in self.options:
            if p == key and dil == self.dilemma:
                return a
        return None

    def cost(self, officer: str, slot: int) -> int | None:
        """Effectiveness the officer would lose in this slot, from an engine dry run."""
        for p, dil, a in self.options:
            if p[slot] == officer and dil == self.dilemma:
                if a not in self._costs:
                    self._costs[a] = effectiveness_costs(dry_run(self.game, a))
                return self._costs[a].get(officer, 0)
        return None

    # interaction -----------------------------------------------------------------------
    def assign(self, officer: str, ctx: UiContext) -> None:
        if officer in self.picks:
            k = self.picks.index(officer)
            self.picks[k] = None
            self.active = k
            ctx.play("click")
            return
        if not self.eligible(officer, self.active):
            # choose the first empty slot this officer can take
            for k in range(len(self.picks)):
                if self.picks[k] is None and self.eligible(officer, k):
                    self.active = k
                    break
            else:
                ctx.play("error")
                self.scene.flash("That officer cannot take this Challenge now.")
                return
        self.picks[self.active] = officer
        ctx.play("click")
        for k in range(len(self.picks)):
            if self.picks[k] is None:
                self.active = k
                break

    def set_dilemma(self, value: bool) -> None:
        if self.dilemma_forced:
            value = True
        if not self.dilemma_possible:
            value = False
        self.dilemma = value
        for k, oid in enumerate(self.picks):
            if oid is not None and not self.eligible(oid, k):
                self.picks[k] = None

    def buttons(self, ctx: UiContext) -> list[Button]:
        L = self.scene.layout
        area = self._decision_area()
        n = len(self.spec.subjects)
        gap = 6
        sw = (area.w - gap * (n - 1)) // n
        sh = round(area.h * 0.5)
        y = area.bottom - sh
        out: list[Button] = []
        for k, subject in enumerate(self.spec.subjects):
            oid = self.picks[k]
            effort = self.effort(k)
            label = SUBJECT_NAMES.get(subject, subject) + (
                f", Effort {effort}" if effort is not None else "")
            if oid is None:
                sub = "pick an officer"
                if self.dilemma and self.kind == "source_operation":
                    sub = "pick, or leave open"
            else:
                c = self.cost(oid, k)
                sub = f"{self.game.pads.officer(oid).name}" + (f" ({c:+d})" if c else "")
            out.append(Button(f"slot:{k}", label, pygame.Rect(area.x + k * (sw + gap), y, sw, sh),
                              sublabel=sub, sub_px=ctx.type.small,
                              selected=(k == self.active),
                              px=ctx.type.small,
                              tooltip=f"{SUBJECT_NAMES.get(subject, subject)} Challenge: click "
                                      "to choose who leads it, then click a lit officer."))
        c = L.controls
        row: list[Button] = []
        chosen = self.chosen_action()
        if self.decline is not None:
            row.append(Button("decline", self.spec.decline or "Decline",
                              pygame.Rect(c.x, c.y, round(c.w * 0.36), c.h),
                              px=ctx.type.small,
                              selected=isinstance(self.hint_action, DECLINES),
                              tooltip="Let this pass without using officers."))
        if self.dilemma_possible:
            tip = PANEL_TIPS["dilemma"] + (" It is required here." if self.dilemma_forced else "")
            row.append(Toggle("dilemma", "Dilemma", pygame.Rect(
                c.x + round(c.w * 0.38), c.y, round(c.w * 0.24), c.h), value=self.dilemma,
                enabled=not self.dilemma_forced, hotkey="D", px=ctx.type.small, tooltip=tip))
        w = round(c.w * 0.36)
        row.append(Button("confirm", self.spec.confirm, pygame.Rect(c.right - w, c.y, w, c.h),
                          enabled=chosen is not None, hotkey="Enter", px=ctx.type.small,
                          accent=theme.SKY if chosen is not None else None,
                          tooltip="Send these officers."))
        return out + row

    def on_click(self, key: str, ctx: UiContext) -> act.Action | None:
        if key.startswith("slot:"):
            self.active = int(key[5:])
            ctx.play("click")
            return None
        if key == "dilemma":
            self.set_dilemma(not self.dilemma)
            return None
        if key == "decline":
            return self.decline
        if key == "confirm":
            return self.chosen_action()
        return None

    def officer_at(self, pos: tuple[int, int]) -> str | None:
        for i, r in enumerate(self.scene.layout.officer_cards):
            if r.collidepoint(pos):
                return self.game.pads.officers[i].id
        return None

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            oid = self.officer_at(event.pos)
            if oid is not None:
                self.assign(oid, ctx)
        return None

    def on_key(self, event: pygame.event.Event, ctx: UiContext) -> act.Action | None:
        if event.key == pygame.K_d and self.dilemma_possible:
            self.set_dilemma(not self.dilemma)
            return None
        if event.key == pygame.K_BACKSPACE:
            self.picks = [None] * len(self.picks)
            self.active = 0
            return None
        if event.key == pygame.K_TAB:
            self.active = (self.active + 1) % len(self.picks)
            return None
        digit = _digit(event)
        officers = self.game.pads.officers
        if digit is not None and 1 <= digit <= len(officers):
            self.assign(officers[digit - 1].id, ctx)
            return None
        return super().on_key(event, ctx)

    def apply_hint(self, action: act.Action) -> None:
        super().apply_hint(action)
        p = _picks(action)
        if p is not None:
            self.dilemma = p[1]
            self.picks = list(p[0])
        else:
            # a hinted decline: clear the picks so Enter takes the decline, not a team
            self.picks = [None] * len(self.picks)
            self.active = 0

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        area = self._decision_area()
        prompt = self.decision.prompt
        c = self.decision.context
        if self.kind == "source_operation" and self.dilemma_forced:
            prompt += " No full team is available: declare a Dilemma and leave one Challenge open."
        if self.kind == "event_officers":
            prompt += f" {OUTCOME_WORDS.get(c.get('outcome', ''), '')}."
            if c.get("bad_reputation_nearby"):
                prompt += " Bad Reputation nearby adds 1 to both Efforts."
            if self.dilemma_possible:
                d = c.get("dilemma_efforts", [])
                prompt += f" With a Dilemma: Efforts {d[0]} and {d[1]}, Leadership -1."
        self._prompt(surface, ctx, prompt, pygame.Rect(area.x, area.y, area.w,
                                                      round(area.h * 0.48)))

    def draw_officer_overlay(self, surface: pygame.Surface, ctx: UiContext) -> None:
        L = self.scene.layout
        pads = self.game.pads
        slot = self.active
        subject = self.spec.subjects[slot]
        for i, off in enumerate(pads.officers):
            card = L.officer_cards[i]
            if off.id in self.picks:
                k = self.picks.index(off.id)
                pygame.draw.rect(surface, theme.ORANGE, card, 3, border_radius=6)
                leads = SUBJECT_NAMES.get(self.spec.subjects[k], self.spec.subjects[k])
                self._officer_tag(surface, ctx, i, [f"Leads {leads}", leads], theme.ORANGE)
                continue
            if self.eligible(off.id, slot):
                pygame.draw.rect(surface, theme.SKY, card, 3, border_radius=6)
                cost = self.cost(off.id, slot)
                self._officer_tag(surface, ctx, i, [eligibility_words(subject, cost),
                                                    short_eligibility_words(subject, cost)],
                                  theme.SKY)
                _tick(surface, card.x + 4, card.y + 4, max(8, card.h // 4), theme.SKY)
            else:
                shade = pygame.Surface(card.size, pygame.SRCALPHA)
                shade.fill((4, 8, 14, 150))
                surface.blit(shade, card)

    def _officer_tag(self, surface: pygame.Surface, ctx: UiContext, index: int,
                     words: list[str], colour) -> None:
        """A word about an officer over its row, from the tag place to the track (the row's
        Expertise and a word about exhaustion are covered while it shows)."""
        L = self.scene.layout
        pads = self.game.pads
        off = pads.officers[index]
        cells = L.officer_track_cells(index, off.max_effectiveness)
        px = ctx.type.small
        name_w = max(ctx.text.size(o.name, px, True)[0] for o in pads.officers)
        x = L.officer_text_x(index, name_w)
        card = L.officer_cards[index]
        tag = fit_text(ctx, words, px, cells[0].left - 8 - x, colour, bold=True)
        back = pygame.Rect(x - 4, card.y + 2, cells[0].left - x + 2, card.h - 4)
        pygame.draw.rect(surface, (16, 24, 38), back)
        add_frame(surface, "cover", back, back)  # the row's words under it are hidden
        surface.blit(tag, (x, card.centery - tag.get_bounding_rect().centery))

    def tooltip_at(self, pos: tuple[int, int], ctx: UiContext) -> str:
        oid = self.officer_at(pos)
        if oid is None:
            return ""
        off = self.game.pads.officer(oid)
        subject = self.spec.subjects[self.active]
        name = SUBJECT_NAMES.get(subject, subject)
        if oid in self.picks:
            leads = self.spec.subjects[self.picks.index(oid)]
            return f"{off.name} leads the {SUBJECT_NAMES.get(leads, leads)} " \
                   "Challenge. Click to take them off it."
        if not self.eligible(oid, self.active):
            level = off.expertise.get(subject, 0)
            if not level:
                return f"{off.name} has no Expertise in {name}."
            return f"{off.name} cannot take the {name} Challenge now (Expertise {level}, " \
                   f"Effectiveness {self.game.state.effectiveness[oid]})."
        cost = self.cost(oid, self.active) or 0
        effort = self.effort(self.active)
        need = f" against Effort {effort}" if effort is not None else ""
        return (f"{off.name}: {name} Expertise {off.expertise.get(subject, 0)} + Effectiveness "
                f"{self.game.state.effectiveness[oid]}{need}. Leading it costs "
                f"{abs(cost)} Effectiveness. Click to choose.")

    def targets(self, ctx: UiContext) -> dict[str, tuple[int, int]]:
        out = super().targets(ctx)
        for i, off in enumerate(self.game.pads.officers):
            out[f"officer:{off.id}"] = self.scene.layout.officer_cards[i].center
        return out


def eligibility_words(subject: str, cost: int | None) -> str:
    """The tag on a lit officer card: which Challenge they can lead and what it costs."""
    name = SUBJECT_NAMES.get(subject, subject)
    return f"Can lead {name}: Effectiveness -{abs(cost)}" if cost else \
        f"Can lead {name} at no cost"


def short_eligibility_words(subject: str, cost: int | None) -> str:
    """The same, for a narrow card: the Subject and the cost."""
    name = SUBJECT_NAMES.get(subject, subject)
    return f"{name}: -{abs(cost)}" if cost else f"{name}: free"


def _tick(surface: pygame.Surface, x: int, y: int, size: int, colour) -> None:
    """A check mark, so eligibility is shown by shape as well as colour."""
    pts = [(x, y + size * 0.55), (x + size * 0.38, y + size), (x + size, y)]
    pygame.draw.lines(surface, colour, False, pts, max(2, size // 4))


def make_orders(scene: HeraldScene, decision: Decision | None) -> Orders | None:
    if decision is None:
        return None
    if decision.kind == "assign_dice":
        return DiceOrders(scene, decision)
    if decision.kind == "direction":
        return DirectionOrders(scene, decision)
    if decision.kind == "environment":
        return EnvironmentOrders(scene, decision)
    return OfficerOrders(scene, decision)
