"""The pause overlay of The Herald (Esc or Menu), its settings page and its questions.

Nothing here ends a voyage without asking: Esc on the game opens the overlay and Esc on
the overlay resumes, so pressing Esc twice only pauses and resumes. Leaving for the title
or quitting goes through a confirmation that says the voyage is saved and how to resume
it. Settings change at once and are written to the settings file on every change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.context import UiContext
from game.ui.dialog_scene import Answer, DialogResult, DialogScene
from game.ui.scene import Command, Pop, Push, Quit, Reset, Scene
from game.ui.settings import (
    SPEED_WORDS,
    SPEEDS,
    VOLUME_STEP,
    WINDOW_SIZES,
    Settings,
    apply_settings,
    load_settings,
    save_settings,
)
from game.ui.widgets import Button, ClickTracker, Toggle, center_text, draw_panel

if TYPE_CHECKING:
    from game.ui.herald_scene import HeraldScene


def _dim(surface: pygame.Surface) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((2, 5, 10, 185))
    surface.blit(shade, (0, 0))


def _key(event: pygame.event.Event) -> int | None:
    return event.key if event.type == pygame.KEYDOWN else None


class PauseScene(Scene):
    """Resume, Rules, Settings, Save and leave for the title, Save and quit."""

    opaque = False
    name = "pause"

    ITEMS = (("resume", "Resume", "Esc", "Back to the voyage."),
             ("rules", "Rules", "R", "The rules in brief and the keyboard shortcuts."),
             ("settings", "Settings", "S", "Volume, animation speed, palette, window size."),
             ("title", "Save and leave to title", "T",
              "The voyage is saved; Continue on the title screen resumes it."),
             ("quit", "Save and quit", "Q", "Close the game; the voyage is saved."))

    def __init__(self, game_scene: HeraldScene) -> None:
        self.game_scene = game_scene
        self.tracker = ClickTracker()
        self.then: Command | None = None

    def on_resume(self, ctx: UiContext, result: object) -> None:
        """The answer to "leave?" or "quit?" comes back here; Stay (or Esc) does nothing."""
        if isinstance(result, DialogResult) and result.answer == "go":
            self.game_scene.save()
            if result.topic == "title":
                from game.ui.title_scene import TitleScene

                self.then = Reset(TitleScene())
            elif result.topic == "quit":
                self.then = Quit(0)

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        then, self.then = self.then, None
        return then

    def panel(self, ctx: UiContext) -> pygame.Rect:
        w, h = ctx.size
        pw = round(min(w - 40, 440 * ctx.scale))
        bh, gap = round(48 * ctx.scale), round(12 * ctx.scale)
        ph = round(92 * ctx.scale) + len(self.ITEMS) * (bh + gap)
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def buttons(self, ctx: UiContext) -> list[Button]:
        p = self.panel(ctx)
        bh, gap = round(48 * ctx.scale), round(12 * ctx.scale)
        bw = p.w - round(60 * ctx.scale)
        y = p.y + round(74 * ctx.scale)  # under the title and the "Turn N" line
        return [Button(key, label, pygame.Rect(p.centerx - bw // 2, y + k * (bh + gap), bw, bh),
                       hotkey=hot, tooltip=tip, px=ctx.type.body,
                       accent=theme.SKY if key == "resume" else None)
                for k, (key, label, hot, tip) in enumerate(self.ITEMS)]

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        choice = self.tracker.handle(event)
        key = _key(event)
        if key is not None:
            choice = {pygame.K_ESCAPE: "resume", pygame.K_RETURN: "resume",
                      pygame.K_r: "rules", pygame.K_F1: "rules", pygame.K_s: "settings",
                      pygame.K_t: "title", pygame.K_q: "quit"}.get(key, choice)
        if choice is None:
            return None
        ctx.play("click")
        if choice == "resume":
            return Pop()
        if choice == "rules":
            from game.ui.rules_scene import RulesScene

            return Push(RulesScene())
        if choice == "settings":
            return Push(SettingsScene())
        if choice == "title":
            return Push(DialogScene(
                "title", "Leave this voyage?",
                "The voyage is saved as it stands; Continue on the title screen resumes it.",
                [Answer("stay", "Stay", default=True), Answer("go", "Leave for the title")],
                cancel="stay"))
        if choice == "quit":
            return Push(DialogScene(
                "quit", "Quit the game?",
                "The voyage is saved as it stands; Continue resumes it next time.",
                [Answer("stay", "Stay", default=True), Answer("go", "Quit")], cancel="stay"))
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _dim(surface)
        p = self.panel(ctx)
        inner = draw_panel(surface, p, ctx, "Paused")
        turn = self.game_scene.game.state.turn
        center_text(surface, ctx, f"Turn {turn}: the voyage waits for you.", ctx.type.body,
                    theme.INK_DIM, (p.centerx, inner.y + round(14 * ctx.scale)))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)


class SettingsScene(Scene):
    """Volume, animation speed, colour-blind palette and window size; saved at once."""

    opaque = False
    name = "settings"

    def __init__(self) -> None:
        self.settings, self.note = load_settings()
        self.tracker = ClickTracker()

    def panel(self, ctx: UiContext) -> pygame.Rect:
        w, h = ctx.size
        pw, ph = round(min(w - 40, 760 * ctx.scale)), round(min(h - 40, 470 * ctx.scale))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def rows(self, ctx: UiContext) -> list[tuple[str, int]]:
        """Row labels and their y, for drawing and for laying out the buttons."""
        p = self.panel(ctx)
        top = p.y + round(64 * ctx.scale)
        step = round(78 * ctx.scale)
        names = ("Sound volume", "Animation speed", "Colours", "Window size")
        return [(name, top + k * step) for k, name in enumerate(names)]

    def buttons(self, ctx: UiContext) -> list[Button]:
        p = self.panel(ctx)
        s = self.settings
        x0 = p.x + round(220 * ctx.scale)
        width = p.right - round(24 * ctx.scale) - x0
        bh = round(40 * ctx.scale)
        gap = round(8 * ctx.scale)
        (_, y_vol), (_, y_speed), (_, y_col), (_, y_win) = self.rows(ctx)
        out = [
            Button("vol_down", "Quieter", pygame.Rect(x0, y_vol, width // 3 - gap, bh),
                   enabled=s.volume > 0, hotkey="-", px=ctx.type.body),
            Button("vol_up", "Louder", pygame.Rect(x0 + 2 * width // 3, y_vol, width // 3, bh),
                   enabled=s.volume < 1, hotkey="+", px=ctx.type.body),
        ]
        n = len(SPEEDS)
        sw = (width - gap * (n - 1)) // n
        for k, name in enumerate(SPEEDS):
            out.append(Button(f"speed:{name}", SPEED_WORDS[name],
                              pygame.Rect(x0 + k * (sw + gap), y_speed, sw, bh),
                              selected=s.animation_speed == name, px=ctx.type.body))
        out.append(Toggle("colour_blind", "Colour-blind palette",
                          pygame.Rect(x0, y_col, width, bh), value=s.colour_blind,
                          hotkey="C", px=ctx.type.body,
                          tooltip="Opportunities in blue, threats in orange, and the "
                                  "officers' fields told apart by brightness too."))
        n = len(WINDOW_SIZES)
        ww = (width - gap * (n - 1)) // n
        current = tuple(ctx.size)
        for k, size in enumerate(WINDOW_SIZES):
            out.append(Button(f"size:{size[0]}x{size[1]}", f"{size[0]} x {size[1]}",
                              pygame.Rect(x0 + k * (ww + gap), y_win, ww, bh),
                              selected=current == size, px=ctx.type.small))
        bw = round(150 * ctx.scale)
        out.append(Button("back", "Back", pygame.Rect(p.right - bw - 20, p.bottom - bh - 16,
                                                      bw, bh), hotkey="Esc", accent=theme.SKY,
                          px=ctx.type.body))
        return out

    def change(self, ctx: UiContext, **changes) -> None:
        """Apply a change at once and write it to the settings file."""
        self.settings = self.settings.with_(**changes)
        apply_settings(ctx, self.settings)
        problem = save_settings(self.settings)
        if problem:
            self.note = problem

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        choice = self.tracker.handle(event)
        key = _key(event)
        if key is not None:
            choice = {pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back",
                      pygame.K_MINUS: "vol_down", pygame.K_KP_MINUS: "vol_down",
                      pygame.K_PLUS: "vol_up", pygame.K_EQUALS: "vol_up",
                      pygame.K_KP_PLUS: "vol_up", pygame.K_c: "colour_blind"}.get(key, choice)
        if choice is None:
            return None
        ctx.play("click")
        s = self.settings
        if choice == "back":
            return Pop()
        if choice in ("vol_down", "vol_up"):
            step = VOLUME_STEP if choice == "vol_up" else -VOLUME_STEP
            self.change(ctx, volume=round(min(1.0, max(0.0, s.volume + step)), 2))
        elif choice.startswith("speed:"):
            self.change(ctx, animation_speed=choice[6:])
        elif choice == "colour_blind":
            self.change(ctx, colour_blind=not s.colour_blind)
        elif choice.startswith("size:"):
            w, h = (int(v) for v in choice[5:].split("x"))
            self.change(ctx, window_size=(w, h))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _dim(surface)
        p = self.panel(ctx)
        inner = draw_panel(surface, p, ctx, "Settings")
        s = self.settings
        values = {"Sound volume": f"{round(s.volume * 100)} %",
                  "Animation speed": "", "Colours": "", "Window size": ""}
        bh = round(40 * ctx.scale)
        for name, y in self.rows(ctx):
            img = ctx.text.render(name, ctx.type.body, theme.INK, bold=True)
            surface.blit(img, (inner.x + 8, y + (bh - img.get_height()) // 2))
        vol_y = self.rows(ctx)[0][1]
        x0 = p.x + round(220 * ctx.scale)
        width = p.right - round(24 * ctx.scale) - x0
        center_text(surface, ctx, values["Sound volume"], ctx.type.heading, theme.SKY,
                    (x0 + width // 2, vol_y + bh // 2), bold=True)
        if self.note:
            img = ctx.text.render(self.note, ctx.type.small, theme.ORANGE)
            surface.blit(img, (inner.x + 8, p.bottom - bh - 8))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)


def settings_in_effect(ctx: UiContext) -> Settings:
    """The settings the client runs with: loaded once from the file, then kept in ctx."""
    current = ctx.options.get("settings")
    if isinstance(current, Settings):
        return current
    loaded, _ = load_settings()
    apply_settings(ctx, loaded)
    return loaded
