"""Title menu (Continue / New game / Rules / Quit) and the New game form.

The New game form uses pygame_gui's text entry for the seed (cursor, selection, paste come
for free); everything else is drawn with the console's own 9-slice widgets.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.herald.engine import HeraldGame
from game.herald.errors import HeraldError
from game.herald.saves import load_game
from game.ui import art, theme
from game.ui.context import UiContext
from game.ui.dialog_scene import Answer, DialogResult, DialogScene
from game.ui.herald_scene import HeraldScene, autosave_path
from game.ui.scene import Command, Pop, Push, Quit, Replace, Reset, Scene
from game.ui.widgets import (
    Button,
    ClickTracker,
    Toggle,
    center_text,
    draw_panel,
    gui_manager,
    mark_placeholders,
)

MAX_SEED = 2**63 - 1


def _backdrop(surface: pygame.Surface, ctx: UiContext) -> None:
    bg = art.starfield(ctx, ctx.size)
    surface.blit(bg, bg.get_rect(center=(ctx.size[0] // 2, ctx.size[1] // 2)))


def _logo(surface: pygame.Surface, ctx: UiContext, centre_y: int) -> pygame.Rect:
    lw, lh = ctx.assets.nominal_size("logo_herald")
    width = min(round(ctx.size[0] * 0.5), round(lw * ctx.scale * 1.2))
    img = art.sprite(ctx, "logo_herald", (width, round(lh * width / lw)))
    rect = img.get_rect(center=(ctx.size[0] // 2, centre_y))
    surface.blit(img, rect)
    return rect


#: What Python's own machinery can raise while a damaged save is decoded and replayed
#: (deep nesting, numbers too large to be numbers, text that is not UTF-8, wrong types),
#: caught as well as the engine's own SaveError so the title never shows a traceback.
SAVE_DAMAGE = (HeraldError, OSError, ValueError, OverflowError, RecursionError,
               UnicodeDecodeError, KeyError, TypeError, AttributeError, MemoryError)

DAMAGED_SAVE = ("The saved voyage cannot be read: the file is damaged, so it cannot be "
                "continued.")


def read_autosave(path: Path) -> tuple[HeraldGame | None, bool]:
    """The autosaved game, fully checked by replaying it, and whether a file is there.

    ``(game, True)``: a save that loads; ``(None, True)``: a file that is damaged in any
    way; ``(None, False)``: no save at all. Never raises.
    """
    try:
        if not path.is_file():
            return None, False
    except OSError:
        return None, True
    try:
        return load_game(path), True
    except SAVE_DAMAGE:
        return None, True


def _save_summary(game: HeraldGame) -> str:
    """A few words about a saved game for the title line (turn, seed, variant)."""
    linear = game.setup.get("variant") == "linear"
    return (f"turn {game.state.turn}, seed {game.setup['seed']}"
            + (", Linear Timeline" if linear else ""))


class TitleScene(Scene):
    """The first screen: Continue (when an autosave exists), New game, Rules, Quit."""

    name = "title"

    def __init__(self, message: str = "") -> None:
        self.tracker = ClickTracker()
        self.message = message
        self.continue_ok = False
        self.damaged = False
        self.saved = ""
        self._pending: Command | None = None

    def on_enter(self, ctx: UiContext) -> None:
        game, present = read_autosave(autosave_path(ctx.data_dir))
        self.continue_ok = game is not None and game.outcome is None
        self.damaged = present and game is None
        self.saved = _save_summary(game) if self.continue_ok else ""

    def on_resume(self, ctx: UiContext, result: object) -> None:
        if isinstance(result, DialogResult):
            if result.topic == "delete" and result.answer == "delete":
                self._delete_save(ctx)
            elif result.topic == "replace" and result.answer == "new":
                self.on_enter(ctx)
                self._pending = Push(NewGameScene())
                return
        self.on_enter(ctx)

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        cmd, self._pending = self._pending, None
        return cmd

    def _delete_save(self, ctx: UiContext) -> None:
        try:
            autosave_path(ctx.data_dir).unlink(missing_ok=True)
        except OSError:
            self.message = "The damaged save could not be deleted (the system refused)."
            ctx.play("error")
            return
        self.message = "The damaged save was deleted."

    def buttons(self, ctx: UiContext) -> list[Button]:
        w, h = ctx.size
        bw, bh = round(320 * ctx.scale), round(52 * ctx.scale)
        gap = round(14 * ctx.scale)
        keys = []
        if self.continue_ok:
            keys.append(("continue", "Continue", "Resume the game you were playing."))
        keys.append(("new", "New game", "Start a new voyage: choose a seed and the variant."))
        if self.damaged:
            keys.append(("delete", "Delete damaged save",
                         "The autosaved voyage cannot be read; delete the file to start "
                         "afresh."))
        if ctx.options.get("launcher"):
            keys.append(("games", "All games", "Back to the choice of games."))
        keys += [
                 ("rules", "Rules", "The rules in brief and the keyboard shortcuts."),
                 ("quit", "Quit", "Close the game (it is saved after every decision).")]
        y = round(h * 0.42)
        out = []
        for k, (key, label, tip) in enumerate(keys):
            out.append(Button(key, label, pygame.Rect((w - bw) // 2, y + k * (bh + gap), bw, bh),
                              tooltip=tip, px=ctx.type.heading,
                              accent=theme.SKY if k == 0 else None))
        return out

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                key = self.tracker.widgets[0].key
            elif event.key == pygame.K_n:
                key = "new"
            elif event.key == pygame.K_c and self.continue_ok:
                key = "continue"
            elif event.key in (pygame.K_r, pygame.K_F1):
                key = "rules"
            elif event.key in (pygame.K_q, pygame.K_ESCAPE):
                key = "quit"
        if key is None:
            return None
        ctx.play("click")
        if key == "continue":
            return self._continue(ctx)
        if key == "new":
            if self.continue_ok:
                return Push(DialogScene(
                    "replace", "Replace the voyage in progress?",
                    f"A voyage is in progress ({self.saved}). Starting a new one replaces "
                    "it for good once you launch.",
                    [Answer("keep", "Keep it"), Answer("new", "New voyage", default=True)],
                    cancel="keep"))
            return Push(NewGameScene())
        if key == "delete":
            return Push(DialogScene(
                "delete", "Delete the damaged save?",
                "The autosaved voyage cannot be read, so it cannot be continued. Delete "
                "the file? This cannot be undone.",
                [Answer("keep", "Keep the file"), Answer("delete", "Delete", default=True)],
                cancel="keep"))
        if key == "rules":
            from game.ui.rules_scene import RulesScene

            return Push(RulesScene())
        if key == "games":
            from game.ui.launcher_scene import LauncherScene

            return Reset(LauncherScene())
        if key == "quit":
            return Quit(0)
        return None

    def _continue(self, ctx: UiContext) -> Command | None:
        path = autosave_path(ctx.data_dir)
        game, _present = read_autosave(path)
        if game is None:
            self.on_enter(ctx)
            self.message = DAMAGED_SAVE
            ctx.play("error")
            return None
        return Replace(HeraldScene(game, autosave=path))

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        w, h = ctx.size
        logo = _logo(surface, ctx, round(h * 0.2))
        saved = f" ({self.saved})" if self.saved else ""
        if self.continue_ok:
            sub = f"A voyage is in progress{saved}: Continue resumes it."
        elif self.damaged:
            sub = "The saved voyage cannot be read: the file is damaged."
        else:
            sub = "Command the U.N.S. Herald on her voyage to The Source."
        center_text(surface, ctx, sub, ctx.type.heading, theme.INK_DIM,
                    (w // 2, logo.bottom + round(20 * ctx.scale)))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
        if self.message:
            center_text(surface, ctx, self.message, ctx.type.body, theme.VERMILLION,
                        (w // 2, round(h * 0.9)))
        hint = "Enter: first item   N: new game   R: rules   F11: full screen   M: sound"
        center_text(surface, ctx, hint, ctx.type.small, theme.INK_FAINT, (w // 2, h - 20))


class NewGameScene(Scene):
    """Seed field (blank = random) and the Linear Timeline toggle, then launch."""

    name = "new_game"
    captures_text = True

    def __init__(self) -> None:
        self.tracker = ClickTracker()
        self.manager: pygame_gui.UIManager | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.linear = False
        self.error = ""
        self._initial_text = ""

    def on_enter(self, ctx: UiContext) -> None:
        seed = ctx.options.get("seed")
        if not self._initial_text and seed is not None:
            self._initial_text = str(seed)
        if self.entry is None:
            self.linear = ctx.options.get("variant") == "linear"
        self._build(ctx)

    def on_resize(self, ctx: UiContext) -> None:
        self._build(ctx)

    def _form(self, ctx: UiContext) -> pygame.Rect:
        w, h = ctx.size
        fw, fh = round(560 * ctx.scale), round(360 * ctx.scale)
        return pygame.Rect((w - fw) // 2, round(h * 0.34), fw, fh)

    def _entry_rect(self, ctx: UiContext) -> pygame.Rect:
        form = self._form(ctx)
        pad = round(28 * ctx.scale)
        return pygame.Rect(form.x + pad, form.y + round(92 * ctx.scale), form.w - 2 * pad,
                           round(44 * ctx.scale))

    def _build(self, ctx: UiContext) -> None:
        text = self.entry.get_text() if self.entry is not None else self._initial_text
        self.manager = gui_manager(ctx, ctx.type.heading)
        self.entry = pygame_gui.elements.UITextEntryLine(self._entry_rect(ctx), self.manager,
                                                         placeholder_text="random")
        self.entry.set_allowed_characters("numbers")
        self.entry.length_limit = 19
        if text:
            self.entry.set_text(text)
        self.entry.focus()
        self.manager.update(0.0)  # lay the field out now, so the next draw shows it

    def buttons(self, ctx: UiContext) -> list[Button]:
        form = self._form(ctx)
        pad = round(28 * ctx.scale)
        entry = self._entry_rect(ctx)
        bh = round(46 * ctx.scale)
        y = entry.bottom + round(22 * ctx.scale)
        out = [
            Button("random", "Random seed", pygame.Rect(entry.x, y, round(entry.w * 0.42), bh),
                   tooltip="Clear the field: a random seed will be drawn.", px=ctx.type.body),
            Toggle("linear", "Linear Timeline", pygame.Rect(entry.right - round(entry.w * 0.52),
                   y, round(entry.w * 0.52), bh), value=self.linear, px=ctx.type.body,
                   tooltip="Variant: each Event can happen only once; landing on one that did "
                           "causes a minor incident instead."),
        ]
        y2 = form.bottom - pad - bh
        out += [
            Button("back", "Back", pygame.Rect(form.x + pad, y2, round(form.w * 0.3), bh),
                   hotkey="Esc", px=ctx.type.body),
            Button("start", "Launch", pygame.Rect(form.right - pad - round(form.w * 0.4), y2,
                                                  round(form.w * 0.4), bh),
                   hotkey="Enter", accent=theme.SKY, px=ctx.type.heading,
                   tooltip="Start the voyage (replaces any game in progress)."),
        ]
        return out

    def seed_text(self) -> str:
        return self.entry.get_text().strip() if self.entry is not None else ""

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        if self.manager is not None:
            self.manager.process_events(event)
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                key = "start"
            elif event.key == pygame.K_ESCAPE:
                key = "back"
        if key is None:
            return None
        ctx.play("click")
        if key == "random":
            self.entry.set_text("")
            return None
        if key == "linear":
            self.linear = not self.linear
            return None
        if key == "back":
            return Pop()
        if key == "start":
            return self._start(ctx)
        return None

    def _start(self, ctx: UiContext) -> Command | None:
        from game.ui.app import new_seed

        text = self.seed_text()
        if text:
            try:
                seed = int(text)
            except ValueError:
                seed = -1
            if not 0 <= seed <= MAX_SEED:
                self.error = f"The seed must be a whole number from 0 to {MAX_SEED}."
                ctx.play("error")
                return None
        else:
            seed = new_seed()
        try:
            game = HeraldGame.new(seed, "linear" if self.linear else "standard",
                                  pads=ctx.options.get("pads"), dice=ctx.options.get("dice"))
        except HeraldError as exc:
            self.error = str(exc)
            ctx.play("error")
            return None
        scene = HeraldScene(game, autosave=autosave_path(ctx.data_dir))
        scene.save()
        return Reset(scene)

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        if self.manager is not None:
            self.manager.update(dt)
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        w, h = ctx.size
        _logo(surface, ctx, round(h * 0.16))
        form = self._form(ctx)
        draw_panel(surface, form, ctx, "New voyage")
        label = ctx.text.render("Seed (same seed, same dice)", ctx.type.body, theme.INK)
        surface.blit(label, (self._entry_rect(ctx).x, self._entry_rect(ctx).y - label.get_height()
                             - round(8 * ctx.scale)))
        entry = self._entry_rect(ctx)
        help_text = ctx.text.render("Leave the field empty for a random seed.", ctx.type.small,
                                    theme.INK_DIM)
        surface.blit(help_text, (entry.x, entry.bottom + round(64 * ctx.scale)
                                 + round(46 * ctx.scale) // 2))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
        if self.manager is not None:
            mark_placeholders([self.entry])
            self.manager.draw_ui(surface)
        if self.error:
            center_text(surface, ctx, self.error, ctx.type.body, theme.VERMILLION,
                        (w // 2, form.bottom + round(24 * ctx.scale)))
