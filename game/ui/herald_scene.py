"""The game screen of The Herald: both pads, the orders, the log, hints, undo, autosave.

The scene wraps one :class:`~game.herald.engine.HeraldGame`. Every player intent becomes an
engine action applied with ``game.apply``; the events that come back are animated by the
:class:`~game.ui.herald_display.Animator`, and input waits (a click skips) until they have
played. The scene holds view state only: the display snapshot, the orders being composed,
the log lines, the hint text.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.herald.actions import Action
from game.herald.engine import HeraldGame
from game.herald.errors import HeraldError
from game.herald.labels import describe_action
from game.herald.saves import save_game
from game.ui import theme
from game.ui.anim import AnimationQueue
from game.ui.context import UiContext
from game.ui.herald_coach import Coach
from game.ui.herald_display import Animator, Display
from game.ui.herald_draw import HeraldPainter
from game.ui.herald_goals import (
    RESULTS_NEEDED,
    draw_goals,
    draw_stepper,
    goals,
    goals_height,
    step_for,
)
from game.ui.herald_help import BUTTON_TIPS
from game.ui.herald_layout import HeraldLayout
from game.ui.herald_orders import DiceOrders, DirectionOrders, OfficerOrders, Orders, make_orders
from game.ui.herald_text import line_step
from game.ui.scene import Command, Push, Replace, Scene
from game.ui.sizes import HERALD_MIN_WINDOW
from game.ui.widgets import Button, ClickTracker, ScrollText, draw_tooltip

AUTOSAVE_NAME = "herald-autosave.json"
LOG_COLOURS = {"info": theme.INK, "good": theme.SKY, "bad": theme.ORANGE, "turn": theme.YELLOW}
DECISION_TITLES = {
    "assign_dice": "Assign the Reading Dice", "direction": "Choose the direction",
    "environment": "Resupply or rest", "investigate": "Investigation",
    "alien_tech": "Alien Travel Technology", "event_officers": "Face the Event",
    "source_operation": "Operation at The Source", "linear_incident": "Minor incident",
}
BEAT_TITLES = {
    "dice_rolled": "Rolling the dice", "ship_moved": "Under way", "matrix_pawn_moved":
    "The Timeline shifts", "event_revealed": "An Event unfolds", "event_resolved": "The Event",
    "track_changed": "Tracks move", "effectiveness": "Officers tire or rest",
    "countdown_rolled": "Countdown Roll", "game_ended": "The voyage ends",
}
TOOLTIP_DELAY = 0.45
END_DELAY = 0.8


def autosave_path(data_dir: Path) -> Path:
    return Path(data_dir) / AUTOSAVE_NAME


class HeraldScene(Scene):
    """Plays one game of The Herald."""

    name = "herald"
    min_size = HERALD_MIN_WINDOW

    def __init__(self, game: HeraldGame, autosave: Path | None = None) -> None:
        self.game = game
        self.autosave = autosave
        self.queue = AnimationQueue()
        self.display = Display.from_state(game.state)
        self.painter = HeraldPainter(game.pads)
        self.layout: HeraldLayout | None = None
        self.orders: Orders | None = None
        self.tracker = ClickTracker()
        self.log = ScrollText(follow_tail=True)
        self.hint: tuple[str, str] | None = None
        self.flash_text = ""
        self.flash_left = 0.0
        self.needs_refresh = True
        self.end_timer = 0.0
        self.hover_pos = (-1, -1)
        self.hover_key: str | None = None
        self.hover_since = 0.0
        self.save_error = ""
        self.step = "dice"
        self.coach = Coach()
        self.goal_rect = pygame.Rect(0, 0, 0, 0)
        self.stepper_rect = pygame.Rect(0, 0, 0, 0)
        self.anim_rng = random.Random(int(game.setup.get("seed", 0)) ^ 0x5EED)
        for e in game.history[-250:]:
            self._add_log(e.describe(), "turn" if e.type == "turn_began" else "info")

    # -- lifecycle ---------------------------------------------------------------------

    def on_enter(self, ctx: UiContext) -> None:
        from game.ui.herald_pause import settings_in_effect

        if settings_in_effect(ctx).coach_done:
            self.coach.finished = True
        self.relayout(ctx)
        if self.needs_refresh and not self.queue.busy:
            self.refresh()

    def on_resize(self, ctx: UiContext) -> None:
        self.relayout(ctx)

    def on_resume(self, ctx: UiContext, result: object) -> None:
        self.relayout(ctx)

    def relayout(self, ctx: UiContext) -> None:
        self.layout = HeraldLayout.compute(ctx.size, self.game.pads)
        self.painter.set_layout(self.layout)
        self.painter.set_ship_hex(self.game.state.position)

    def refresh(self) -> None:
        """Re-sync the view with the engine and build the orders for the pending decision."""
        keep_cdie = self.display.countdown_die
        self.display = Display.from_state(self.game.state, countdown_die=keep_cdie)
        self.painter.set_ship_hex(self.game.state.position)
        self.orders = make_orders(self, self.game.pending)
        self.needs_refresh = False

    # -- helpers ----------------------------------------------------------------------

    def _add_log(self, text: str, tone: str = "info") -> None:
        if tone == "turn":
            self.log.add(f"## {text}", LOG_COLOURS["turn"])
        else:
            self.log.add(text, LOG_COLOURS.get(tone, theme.INK))

    def flash(self, text: str, seconds: float = 4.0) -> None:
        """Show a short message above the orders for ``seconds`` of view time."""
        self.flash_text = text
        self.flash_left = seconds

    def readings(self) -> list[str]:
        third = "stec" if self.display.stec_active else "sabotage"
        return ["direction", "environment", third, "timeline", "event"]

    @property
    def busy(self) -> bool:
        return self.queue.busy

    def save(self) -> None:
        """Autosave after every decision; a finished game leaves no autosave behind."""
        if self.autosave is None:
            return
        try:
            if self.game.outcome is not None:
                self.autosave.unlink(missing_ok=True)
                return
            self.autosave.parent.mkdir(parents=True, exist_ok=True)
            save_game(self.autosave, self.game)
            self.save_error = ""
        except OSError as exc:
            self.save_error = f"Autosave failed: {exc.strerror or exc}"

    # -- acting ------------------------------------------------------------------------

    def act(self, action: Action, ctx: UiContext) -> None:
        """Apply one player action through the engine and queue its animations."""
        try:
            events = self.game.apply(action)
        except HeraldError as exc:
            ctx.play("error")
            self.flash(str(exc))
            return
        ctx.play("click")
        self.save()
        animator = Animator(self.display, ctx.play, self._add_log, self.anim_rng)
        for beat in animator.beats_for(events):
            self.queue.add(beat)
        self.orders = None
        self.hint = None
        self.needs_refresh = True

    def undo(self, ctx: UiContext) -> None:
        if self.busy or not self.game.can_undo():
            ctx.play("error")
            self.flash("Nothing to undo: dice have been rolled since your last decision.")
            return
        self.game.undo()
        self.queue.skip()
        self.save()
        self.hint = None
        self._add_log("You take back your last decision.", "bad")
        self.refresh()
        ctx.play("slide")

    def ask_hint(self, ctx: UiContext) -> None:
        if self.orders is None:
            return
        from game.herald.bot import choose

        hint = choose(self.game)
        what = describe_action(hint.action, self.game.state, self.game.pads)
        self.hint = (what, hint.reason)
        self.orders.apply_hint(hint.action)
        ctx.play("click")

    # -- widgets ------------------------------------------------------------------------

    def widgets(self, ctx: UiContext) -> list[Button]:
        L = self.layout
        tb = L.top_buttons
        idle = not self.busy and self.orders is not None
        muted = bool(getattr(ctx.sound, "muted", False))
        out = [
            Button("hint", "Hint", tb["hint"], enabled=idle, hotkey="H",
                   tooltip=BUTTON_TIPS["hint"], px=ctx.type.small),
            Button("undo", "Undo", tb["undo"], enabled=not self.busy and self.game.can_undo(),
                   hotkey="U", tooltip=BUTTON_TIPS["undo"], px=ctx.type.small),
            Button("rules", "Rules", tb["rules"], hotkey="R", tooltip=BUTTON_TIPS["rules"],
                   px=ctx.type.small),
            Button("sound", "", tb["sound"], icon="icon_sound_off" if muted else "icon_sound_on",
                   tooltip=BUTTON_TIPS["sound"]),
            Button("menu", "Menu", tb["menu"], hotkey="Esc", tooltip=BUTTON_TIPS["menu"],
                   px=ctx.type.small),
        ]
        if self.orders is not None and not self.busy:
            out.extend(self.orders.buttons(ctx))
        return out

    def targets(self, ctx: UiContext) -> dict[str, tuple[int, int]]:
        """Named points to click (tests and tools drive the UI through these)."""
        out = {f"top:{b.key}": b.rect.center for b in self.widgets(ctx)[:5]}
        if self.orders is not None:
            out.update(self.orders.targets(ctx))
        return out

    # -- events -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        if self.layout is None:
            self.relayout(ctx)
        if (not self.coach.finished and not self.coach.active and not self.game.log
                and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
                and not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.coach.start()
        if self.coach.handle(event, self, ctx):
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            self.hover_since = ctx.time
            w = self.tracker.at(event.pos)
            key = w.key if w is not None and w.enabled else None
            if key != self.hover_key:
                self.hover_key = key
                if key is not None:
                    ctx.play("hover")
            if self.orders is not None and not self.busy:
                self.orders.handle(event, ctx)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.log.handle(event, ctx)
            return None
        if self.busy:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                return self.pause()
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.queue.skip()
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.tracker.set(self.widgets(ctx))
            pressed_before = self.tracker.pressed
            key = self.tracker.handle(event)
            if key is not None:
                return self._on_button(key, ctx)
            on_widget = self.tracker.at(event.pos) is not None
            if event.type == pygame.MOUSEBUTTONDOWN and on_widget:
                return None
            if event.type == pygame.MOUSEBUTTONUP and pressed_before and on_widget:
                return None
            if self.orders is not None:
                action = self.orders.handle(event, ctx)
                if action is not None:
                    self.act(action, ctx)
            return None
        if event.type == pygame.KEYDOWN:
            return self._on_key(event, ctx)
        return None

    def _on_button(self, key: str, ctx: UiContext) -> Command | None:
        if key == "hint":
            self.ask_hint(ctx)
            return None
        if key == "undo":
            self.undo(ctx)
            return None
        if key == "rules":
            from game.ui.rules_scene import RulesScene

            return Push(RulesScene())
        if key == "sound":
            ctx.sound.toggle_mute()
            return None
        if key == "menu":
            ctx.play("click")
            return self.pause()
        if self.orders is not None:
            action = self.orders.on_click(key, ctx)
            if action is not None:
                self.act(action, ctx)
        return None

    def pause(self) -> Command:
        """Esc and Menu open the pause overlay; leaving the voyage is asked there."""
        from game.ui.herald_pause import PauseScene

        return Push(PauseScene(self))

    def _on_key(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_ESCAPE:
            return self.pause()
        if event.key == pygame.K_h:
            self.ask_hint(ctx)
            return None
        if event.key == pygame.K_u or (event.key == pygame.K_z and mods & pygame.KMOD_CTRL):
            self.undo(ctx)
            return None
        if event.key in (pygame.K_r, pygame.K_F1):
            from game.ui.rules_scene import RulesScene

            return Push(RulesScene())
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.scroll(5 if event.key == pygame.K_PAGEUP else -5, ctx)
            return None
        if self.orders is not None:
            action = self.orders.on_key(event, ctx)
            if action is not None:
                self.act(action, ctx)
        return None

    # -- time ---------------------------------------------------------------------------

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        self.queue.speed = float(ctx.options.get("animation_speed", 1.0))
        self.flash_left = max(0.0, self.flash_left - dt)
        self.queue.update(dt)
        if self.queue.busy:
            return None
        if self.needs_refresh:
            self.refresh()
        if self.coach.active and self.game.state.turn > 1:
            self.coach.step_aside()
        if self.game.outcome is not None:
            self.end_timer += dt
            if self.end_timer >= END_DELAY:
                from game.ui.end_scene import EndScene

                return Replace(EndScene(self.game))
        return None

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        if self.layout is None or self.layout.size != surface.get_size():
            self.relayout(ctx)
        L = self.layout
        d = self.display
        surface.blit(self.painter.static_layer(ctx, d.stec_active), (0, 0))
        self._draw_status(surface, ctx)
        self.painter.draw_dynamic(surface, ctx, d)
        orders = self.orders if not self.busy else None
        if orders is not None and hasattr(orders, "draw_map_overlay"):
            orders.draw_map_overlay(surface, ctx)
        if isinstance(orders, OfficerOrders):
            orders.draw_officer_overlay(surface, ctx)
        if isinstance(orders, DiceOrders):
            orders.draw(surface, ctx)
        else:
            if d.assignment:
                self.painter.readings_dice(surface, ctx, d, self.readings())
            elif d.dice:
                for i, value in enumerate(d.dice[:5]):
                    spin = d.dice_spin[i] if i < len(d.dice_spin) else 0.0
                    self.painter.die(surface, ctx, value, L.tray[i], spin=spin)
            if orders is not None:
                orders.draw(surface, ctx)
        if self.busy:
            note = ctx.text.render("click or press a key to skip", ctx.type.small, theme.INK_FAINT)
            surface.blit(note, (L.controls.right - note.get_width(), L.controls.bottom -
                                note.get_height()))
        self.tracker.set(self.widgets(ctx))
        self.tracker.draw(surface, ctx)
        s = self.game.state
        ready = not s.infiltration and bool(s.lis_visited) and s.source_visited and \
            s.diplomatic + s.research >= RESULTS_NEEDED
        goal_row = draw_goals(surface, ctx, L.log_area, goals(self.display, ready))
        self.goal_rect = goal_row
        hint_box = self._draw_hint(surface, ctx, goal_row.bottom + 4)
        top = (hint_box or goal_row).bottom + 4
        log_area = pygame.Rect(L.log_area.x, top, L.log_area.w, max(1, L.log_area.bottom - top))
        if log_area.h >= ctx.text.font(ctx.type.small).get_linesize():  # whole lines only
            self.log.draw(surface, ctx, log_area)
        self.painter.event_card(surface, ctx, d)
        self.painter.banner(surface, ctx, d)
        self._draw_flash(surface, ctx)
        self.coach.draw(surface, self, ctx)
        self._draw_tooltip(surface, ctx)

    def current_step(self) -> str:
        """The step of the turn the stepper lights: the playing beat's, or the decision's."""
        beat = self.queue.current if self.busy else None
        pending = self.game.pending
        self.step = step_for(None if pending is None or self.busy else pending.kind,
                             beat.label if beat is not None else None, self.step)
        return self.step

    def _draw_status(self, surface: pygame.Surface, ctx: UiContext) -> None:
        L = self.layout
        s = self.game.state
        pending = self.game.pending
        what = DECISION_TITLES.get(pending.kind, "") if pending and not self.busy else ""
        if self.busy:
            beat = self.queue.current
            what = BEAT_TITLES.get(beat.label if beat else "", "")
        variant = " (Linear)" if s.variant == "linear" else ""
        lw, lh = ctx.assets.nominal_size("logo_herald")
        x = L.margin + round(lw * round(L.top.h * 0.8) / lh) + round(16 * ctx.scale)
        img = ctx.text.render(f"Turn {s.turn}{variant}", ctx.type.heading, theme.INK, bold=True)
        surface.blit(img, (x, L.top.centery - img.get_height() // 2))
        x += img.get_width() + round(12 * ctx.scale)
        right = min(r.left for r in L.top_buttons.values()) - round(8 * ctx.scale)
        chips = pygame.Rect(x, L.top.y + round(L.top.h * 0.18), max(0, right - x),
                            round(L.top.h * 0.64))
        self.stepper_rect = draw_stepper(surface, ctx, chips, self.current_step(), what,
                                         self.display.stec_active)
        if self.save_error:
            err = ctx.text.render(self.save_error, ctx.type.small, theme.VERMILLION)
            surface.blit(err, (x, L.top.bottom - err.get_height()))

    def hint_px(self, ctx: UiContext) -> int:
        """The hint's type size: running text, like everything in the log (the log
        leaves room under the goals for the three lines the longest hints take)."""
        return ctx.type.small

    def _wrap_hint(self, ctx: UiContext, px: int) -> list[str]:
        if not self.hint or self.busy or self.layout is None:
            return []
        what, why = self.hint
        reason = why if why.startswith(what) else f"{what}. {why}"
        text = f"Hint: {reason[:1].upper()}{reason[1:]}"
        return ctx.text.wrap(text, px, self.layout.log_area.w - 16)

    def hint_lines(self, ctx: UiContext) -> list[str]:
        """The hint as wrapped lines for the box in the ship's log."""
        return self._wrap_hint(ctx, self.hint_px(ctx))

    def hint_rect(self, ctx: UiContext, top: int | None = None) -> pygame.Rect | None:
        """Where the hint box goes: in the ship's log under the goals, never over the map."""
        lines = self.hint_lines(ctx)
        if not lines:
            return None
        area = self.layout.log_area
        if top is not None:
            y = top
        elif self.goal_rect.h:
            y = self.goal_rect.bottom + 4
        else:
            y = area.y + goals_height(ctx) + 4
        lh = line_step(self.hint_px(ctx))
        height = min(area.bottom - y, lh * len(lines) + 8)
        return pygame.Rect(area.x, y, area.w, height)

    def _draw_hint(self, surface: pygame.Surface, ctx: UiContext,
                   top: int | None = None) -> pygame.Rect | None:
        box = self.hint_rect(ctx, top)
        if box is None:
            return None
        lines = self.hint_lines(ctx)
        px = self.hint_px(ctx)
        lh = line_step(px)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 12, 22, 235), layer.get_rect(), border_radius=8)
        pygame.draw.rect(layer, theme.YELLOW, layer.get_rect(), 2, border_radius=8)
        surface.blit(layer, box)
        clip = surface.get_clip()
        surface.set_clip(box)
        for i, line in enumerate(lines):
            surface.blit(ctx.text.render(line, px, theme.YELLOW if i == 0 else theme.INK),
                         (box.x + 8, box.y + 2 + i * lh))
        surface.set_clip(clip)
        return box

    def _draw_flash(self, surface: pygame.Surface, ctx: UiContext) -> None:
        if not self.flash_text or self.flash_left <= 0:
            return
        L = self.layout
        img = ctx.text.render(self.flash_text, ctx.type.small, theme.VERMILLION, bold=True)
        box = img.get_rect(midbottom=(L.orders_panel.centerx, L.orders_panel.y - 4)).inflate(12, 6)
        pygame.draw.rect(surface, (20, 8, 6), box, border_radius=6)
        pygame.draw.rect(surface, theme.VERMILLION, box, 1, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_tooltip(self, surface: pygame.Surface, ctx: UiContext) -> None:
        if ctx.time - self.hover_since < TOOLTIP_DELAY and not ctx.options.get("instant_tips"):
            return
        pos = ctx.mouse
        if pos[0] < 0:
            return
        if isinstance(self.orders, DiceOrders) and self.orders.dragging:
            return
        text = ""
        w = self.tracker.at(pos)
        if w is not None:
            text = w.tooltip
        if not text and self.orders is not None and not self.busy:
            text = self.orders.tooltip_at(pos, ctx)
        if not text and isinstance(self.orders, DirectionOrders):
            text = self.orders.tooltip_at(pos, ctx)
        if not text:
            text = self.painter.tooltip_at(pos, self.display, self.readings())
        if text:
            draw_tooltip(surface, ctx, text, pos)
