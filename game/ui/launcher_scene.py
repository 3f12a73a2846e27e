"""The first window of ``python -m game``: both games, and every role of The Artifact.

The Herald opens its own title. For The Artifact a player chooses a role with the mouse:
Host (a form with the same choices as ``python -m game host``; the hub then serves in a
background thread of this process, exactly as the host command does, and each seat's join
string is shown with a Copy button), Join (paste one join string, or several for a
hotseat) or Judge. The forms check their fields with the command line's own parsers, so a
field refuses exactly what the matching option refuses.
"""

from __future__ import annotations

import argparse
import io
import sys
from abc import ABC, abstractmethod
from pathlib import Path

import pygame
import pygame_gui

from game.ui import art, theme
from game.ui.context import UiContext
from game.ui.dialog_scene import Answer, DialogResult, DialogScene
from game.ui.scene import Command, Pop, Push, Quit, Replace, Scene
from game.ui.widgets import (
    Button,
    ClickTracker,
    Toggle,
    center_text,
    draw_panel,
    gui_manager,
    mark_placeholders,
)

DEFAULT_PLAYERS = 5


def _backdrop(surface: pygame.Surface, ctx: UiContext) -> None:
    bg = art.starfield(ctx, ctx.size)
    surface.blit(bg, bg.get_rect(center=(ctx.size[0] // 2, ctx.size[1] // 2)))


def _logo(surface: pygame.Surface, ctx: UiContext, name: str, rect: pygame.Rect) -> pygame.Rect:
    """Logo ``name`` fitted into ``rect`` (kept to its aspect), centred."""
    lw, lh = ctx.assets.nominal_size(name)
    k = min(rect.w / lw, rect.h / lh)
    img = art.sprite(ctx, name, (round(lw * k), round(lh * k)))
    out = img.get_rect(center=rect.center)
    surface.blit(img, out)
    return out


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False when this system has none to offer."""
    try:
        pygame_gui.core.utility.clipboard_copy(text)
    except (pygame.error, OSError, RuntimeError):
        return False
    return True


def paste_text() -> str:
    """The clipboard's text, or "" when there is none (or no clipboard at all)."""
    try:
        text = pygame_gui.core.utility.clipboard_paste()
    except (pygame.error, OSError, RuntimeError):
        return ""
    return text if isinstance(text, str) else ""


def players_description(players: int) -> str:
    """What a table of ``players`` people (counting the Judge) plays with, from the
    engine's own faction mix."""
    from game.artifact.seats import faction_mix
    from game.ui.artifact_pieces import seat_title

    seats = faction_mix(players)
    names = [seat_title(s.id) for s in seats]
    text = f"{players} players: {', '.join(names)} and the Judge."
    shared = [f"the {seat_title(s.id)} shares the {seat_title(s.shares_map_with)}'s map"
              for s in seats if s.shares_map_with]
    judged = [f"the {seat_title(s.id)} player is also the Judge" for s in seats if s.judge_also]
    extras = judged + shared
    if extras:
        text += " " + "; ".join(extras)[:1].upper() + "; ".join(extras)[1:] + "."
    return text


class LauncherScene(Scene):
    """Both games side by side: The Herald, and The Artifact's Host / Join / Judge."""

    name = "launcher"

    def __init__(self, message: str = "") -> None:
        self.tracker = ClickTracker()
        self.message = message

    def on_enter(self, ctx: UiContext) -> None:
        ctx.options["launcher"] = True

    def cards(self, ctx: UiContext) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = ctx.size
        gap = round(36 * ctx.scale)
        cw = min(round(500 * ctx.scale), (w - 3 * gap) // 2)
        ch = min(round(520 * ctx.scale), h - round(200 * ctx.scale))
        top = round(h * 0.2)
        left = pygame.Rect(w // 2 - gap // 2 - cw, top, cw, ch)
        return left, pygame.Rect(w // 2 + gap // 2, top, cw, ch)

    def buttons(self, ctx: UiContext) -> list[Button]:
        herald, artifact = self.cards(ctx)
        pad = round(30 * ctx.scale)
        bh = round(50 * ctx.scale)
        gap = round(12 * ctx.scale)
        px = ctx.type.heading
        out = [Button("herald", "Play The Herald", pygame.Rect(
            herald.x + pad, herald.bottom - pad - bh, herald.w - 2 * pad, bh),
            tooltip="The solitaire dice game: no network needed.", accent=theme.SKY, px=px,
            hotkey="H")]
        roles = [("host", "Host a game", "Run the game on this machine, hand out the join "
                  "strings, and be the Judge.", "O"),
                 ("join", "Join a game", "Paste the join string the host gave you (several "
                  "for one shared screen).", "J"),
                 ("judge", "Judge a game", "Paste the Judge's join string.", "U")]
        y = artifact.bottom - pad - len(roles) * bh - (len(roles) - 1) * gap
        for i, (key, label, tip, hotkey) in enumerate(roles):
            out.append(Button(key, label, pygame.Rect(artifact.x + pad, y + i * (bh + gap),
                                                      artifact.w - 2 * pad, bh),
                              tooltip=tip, px=px, hotkey=hotkey))
        w, h = ctx.size
        qw = round(200 * ctx.scale)
        out.append(Button("quit", "Quit", pygame.Rect((w - qw) // 2, herald.bottom
                                                      + round(24 * ctx.scale), qw, bh),
                          px=ctx.type.body, hotkey="Esc"))
        return out

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN:
            key = {pygame.K_h: "herald", pygame.K_RETURN: "herald", pygame.K_o: "host",
                   pygame.K_j: "join", pygame.K_u: "judge", pygame.K_ESCAPE: "quit",
                   pygame.K_q: "quit"}.get(event.key, key)
        if key is None:
            return None
        ctx.play("click")
        if key == "herald":
            from game.ui.title_scene import TitleScene

            return Push(TitleScene())
        if key == "host":
            return Push(HostScene())
        if key in ("join", "judge"):
            return Push(JoinScene(key))
        if key == "quit":
            return Quit(0)
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        w, h = ctx.size
        center_text(surface, ctx, "Last Frontier", ctx.type.title, theme.INK,
                    (w // 2, round(h * 0.1)))
        herald, artifact = self.cards(ctx)
        texts = {
            "logo_herald": (herald, "Solitaire. Take the first human starship to The Source "
                            "and home again, with five dice a turn."),
            "logo_artifact": (artifact, "3 to 8 players on a network, each seeing only what "
                              "their own people see, and a Judge who sees everything."),
        }
        for logo, (card, blurb) in texts.items():
            inner = draw_panel(surface, card, ctx)
            logo_rect = _logo(surface, ctx, logo, pygame.Rect(
                inner.x, inner.y, inner.w, round(inner.w * 0.3)))
            px = ctx.type.body
            lh = ctx.text.font(px).get_linesize()
            y = logo_rect.bottom + round(14 * ctx.scale)
            for line in ctx.text.wrap(blurb, px, inner.w - round(20 * ctx.scale)):
                surface.blit(ctx.text.render(line, px, theme.INK_DIM),
                             (inner.x + round(10 * ctx.scale), y))
                y += lh
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
        if self.message:
            center_text(surface, ctx, self.message, ctx.type.body, theme.VERMILLION,
                        (w // 2, h - round(30 * ctx.scale)))


class _FormScene(Scene, ABC):
    """A scene with pygame_gui text fields: builds them on enter and resize, feeds them
    events and time, and draws them over the console's own widgets."""

    captures_text = True

    def __init__(self) -> None:
        self.tracker = ClickTracker()
        self.manager: pygame_gui.UIManager | None = None
        self.fields: dict[str, pygame_gui.core.UIElement] = {}
        self.error = ""

    form_height = 660  # the form's height at scale 1; each form says its own

    def _form(self, ctx: UiContext) -> pygame.Rect:
        """The form's frame, centred, shrunk to fit a small window."""
        w, h = ctx.size
        fw = min(w - 40, round(860 * ctx.scale))
        fh = min(h - 40, round(self.form_height * ctx.scale))
        return pygame.Rect((w - fw) // 2, (h - fh) // 2, fw, fh)

    @abstractmethod
    def field_rects(self, ctx: UiContext) -> dict[str, pygame.Rect]:
        """Where each text field of the form goes, by key."""

    def make_field(self, key: str, rect: pygame.Rect, text: str) -> pygame_gui.core.UIElement:
        return pygame_gui.elements.UITextEntryLine(rect, self.manager, initial_text=text)

    def on_enter(self, ctx: UiContext) -> None:
        self._build(ctx)

    def on_resize(self, ctx: UiContext) -> None:
        self._build(ctx)

    def _build(self, ctx: UiContext) -> None:
        texts = {key: f.get_text() for key, f in self.fields.items()}
        self.manager = gui_manager(ctx)
        self.fields = {key: self.make_field(key, rect, texts.get(key, ""))
                       for key, rect in self.field_rects(ctx).items()}
        self.manager.update(0.0)  # lay the fields out now, so the next draw shows them

    def text(self, key: str) -> str:
        return self.fields[key].get_text().strip()

    def feed(self, event: pygame.event.Event) -> None:
        if self.manager is not None:
            self.manager.process_events(event)

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        if self.manager is not None:
            self.manager.update(dt)
        return None

    def draw_fields(self, surface: pygame.Surface) -> None:
        if self.manager is not None:
            mark_placeholders(self.fields.values())
            self.manager.draw_ui(surface)


class HostScene(_FormScene):
    """The host's choices: players, seed, turn timer, port, encryption, LAN, log file."""

    name = "host"
    form_height = 660

    def __init__(self) -> None:
        super().__init__()
        self.players = DEFAULT_PLAYERS
        self.encrypt = False
        self.lan = False
        self.judge_assigns = False

    def _grid(self, ctx: UiContext) -> tuple[int, int, int, int]:
        """Left of the labels, left of the fields, the row height, the first row's top."""
        form = self._form(ctx)
        pad = round(34 * ctx.scale)
        return (form.x + pad, form.x + round(form.w * 0.36), round(56 * ctx.scale),
                form.y + round(58 * ctx.scale))

    def _row(self, ctx: UiContext, n: int) -> pygame.Rect:
        form = self._form(ctx)
        _lx, fx, rh, top = self._grid(ctx)
        pad = round(34 * ctx.scale)
        return pygame.Rect(fx, top + n * rh, form.right - pad - fx, round(42 * ctx.scale))

    LABELS = ("Players", "", "Seed", "Turn timer (seconds)", "Port", "Action log file", "")

    def field_rects(self, ctx: UiContext) -> dict[str, pygame.Rect]:
        return {"seed": self._row(ctx, 2), "turn": self._row(ctx, 3), "port": self._row(ctx, 4),
                "save": self._row(ctx, 5)}

    def make_field(self, key, rect, text):
        default = {"turn": "180", "port": "47474"}.get(key, "")
        placeholder = {"seed": "random", "save": "a new file in your data folder"}.get(key, "")
        entry = pygame_gui.elements.UITextEntryLine(rect, self.manager,
                                                    placeholder_text=placeholder)
        if key in ("seed", "port", "turn"):
            entry.set_allowed_characters([*"0123456789", *(".",) * (key == "turn")])
        entry.set_text(text or default)
        return entry

    def buttons(self, ctx: UiContext) -> list[Button]:
        form = self._form(ctx)
        row = self._row(ctx, 0)
        gap = round(8 * ctx.scale)
        bw = (row.w - 5 * gap) // 6
        out = [Button(f"players:{n}", str(n), pygame.Rect(row.x + i * (bw + gap), row.y, bw,
                                                          row.h),
                      selected=(n == self.players), px=ctx.type.body,
                      tooltip=players_description(n))
               for i, n in enumerate(range(3, 9))]
        toggles = self._row(ctx, 6)
        tw = (toggles.w - 2 * gap) // 3
        out += [
            Toggle("encrypt", "Encrypted", pygame.Rect(toggles.x, toggles.y, tw, toggles.h),
                   value=self.encrypt, px=ctx.type.small,
                   tooltip="Encrypt and authenticate every connection; the keys travel "
                           "inside the join strings."),
            Toggle("lan", "Open to the LAN", pygame.Rect(toggles.x + tw + gap, toggles.y, tw,
                                                         toggles.h),
                   value=self.lan, px=ctx.type.small,
                   tooltip="Listen on every network of this machine, so players on other "
                           "machines can join (otherwise only this machine)."),
            Toggle("assign", "Judge assigns", pygame.Rect(toggles.x + 2 * (tw + gap),
                                                          toggles.y, tw, toggles.h),
                   value=self.judge_assigns, px=ctx.type.small,
                   tooltip="The Judge hands out the factions; otherwise they are dealt at "
                           "random."),
        ]
        pad = round(34 * ctx.scale)
        bh = round(48 * ctx.scale)
        y = form.bottom - pad - bh
        out += [Button("back", "Back", pygame.Rect(form.x + pad, y, round(form.w * 0.25), bh),
                       hotkey="Esc", px=ctx.type.body),
                Button("start", "Start hosting", pygame.Rect(
                    form.right - pad - round(form.w * 0.35), y, round(form.w * 0.35), bh),
                    accent=theme.SKY, px=ctx.type.heading, hotkey="Enter")]
        return out

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.feed(event)
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
        if key.startswith("players:"):
            self.players = int(key.split(":")[1])
        elif key == "encrypt":
            self.encrypt = not self.encrypt
        elif key == "lan":
            self.lan = not self.lan
        elif key == "assign":
            self.judge_assigns = not self.judge_assigns
        elif key == "back":
            return Pop()
        elif key == "start":
            return self.start(ctx)
        return None

    def options(self, data_dir: Path | None = None):
        """The HostOptions the form describes; a one-line ValueError if a field is refused
        (by the command line's own parsers). With no log file named, a new one is made in
        ``data_dir``/artifact (the folder saves live in), never over an existing one."""
        from game.cli import parse_port, parse_seconds, parse_seed
        from net.host import HostOptions

        try:
            seed = parse_seed(self.text("seed")) if self.text("seed") else None
            turn = parse_seconds(self.text("turn") or "0")
            port = parse_port(self.text("port") or "0")
        except argparse.ArgumentTypeError as exc:
            raise ValueError(str(exc)) from None
        save = Path(self.text("save")).expanduser() if self.text("save") else None
        if save is not None and save.exists():
            raise ValueError(f"the action log {save.name} already exists: choose a new name")
        if save is None and data_dir is not None:
            save = _fresh_log_path(Path(data_dir) / "artifact")
        return HostOptions(players=self.players, bind="0.0.0.0" if self.lan else "127.0.0.1",
                           port=port, seed=seed, save=save, turn_seconds=turn,
                           encrypt=self.encrypt,
                           assignment="judge" if self.judge_assigns else "random")

    def start(self, ctx: UiContext) -> Command | None:
        from net.errors import NetError
        from net.host import HostedGame

        try:
            options = self.options(ctx.data_dir)
        except ValueError as exc:
            self.error = str(exc)
            ctx.play("error")
            return None
        # The join strings also go to the terminal, as with `python -m game host`, so they
        # stay at hand once the Judge's window has taken the screen.
        hosted = HostedGame(options, _Terminal())
        try:
            judge = hosted.start()
        except (NetError, OSError) as exc:
            hosted.stop()
            self.error = " ".join(str(exc).split())
            ctx.play("error")
            return None
        ctx.closers.append(hosted.stop)
        return Replace(HostingScene(hosted, judge))

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        form = self._form(ctx)
        draw_panel(surface, form, ctx, "Host The Artifact")
        lx, _fx, _rh, _top = self._grid(ctx)
        px = ctx.type.body
        for n, label in enumerate(self.LABELS):
            if not label:
                continue
            row = self._row(ctx, n)
            img = ctx.text.render(label, px, theme.INK)
            surface.blit(img, (lx, row.centery - img.get_height() // 2))
        row = self._row(ctx, 1)
        desc = ctx.text.wrap(players_description(self.players), ctx.type.small,
                             row.right - lx)
        lh = ctx.text.font(ctx.type.small).get_linesize()
        for i, line in enumerate(desc[:2]):
            surface.blit(ctx.text.render(line, ctx.type.small, theme.INK_DIM),
                         (lx, row.y + i * lh))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
        self.draw_fields(surface)
        if self.error:
            center_text(surface, ctx, self.error, ctx.type.body, theme.VERMILLION,
                        (ctx.size[0] // 2, form.bottom + round(18 * ctx.scale)))


class _Terminal(io.TextIOBase):
    """Whatever ``sys.stdout`` is at each write; a missing or closed terminal (a window
    started from a desktop icon) is silence, never an error in the hub's thread."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        out = sys.stdout
        try:
            if out is not None:
                out.write(text)
        except (ValueError, OSError):
            pass
        return len(text)

    def flush(self) -> None:
        out = sys.stdout
        try:
            if out is not None:
                out.flush()
        except (ValueError, OSError):
            pass


def _fresh_log_path(folder: Path) -> Path:
    """A new action log's name in ``folder``: the date and time, then -2, -3... if taken."""
    import time

    folder.mkdir(parents=True, exist_ok=True)
    stem = time.strftime("game-%Y%m%d-%H%M%S")
    path, n = folder / f"{stem}.alog", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.alog"
    return path


class HostingScene(Scene):
    """The hub is serving: each seat's join string with a Copy button, then the Judge."""

    name = "hosting"

    def __init__(self, hosted, judge) -> None:
        self.hosted = hosted
        self.judge = judge
        self.tracker = ClickTracker()
        self.status = ""
        self.stopped = False

    def seats(self) -> list[tuple[str, str]]:
        """(seat, join string) for every seat, the Judge last."""
        from game.artifact.seats import JUDGE

        rows = [(seat, str(join)) for seat, join in self.hosted.joins.items() if seat != JUDGE]
        return rows + [(JUDGE, str(self.hosted.joins[JUDGE]))]

    def _panel(self, ctx: UiContext) -> pygame.Rect:
        w, h = ctx.size
        m = round(30 * ctx.scale)
        return pygame.Rect(m, m, w - 2 * m, h - 2 * m)

    def _rows(self, ctx: UiContext) -> list[pygame.Rect]:
        panel = self._panel(ctx)
        pad = round(30 * ctx.scale)
        rh = min(round(52 * ctx.scale), (panel.h - round(230 * ctx.scale)) // 9)
        top = panel.y + round(100 * ctx.scale)
        return [pygame.Rect(panel.x + pad, top + i * rh, panel.w - 2 * pad, rh - 6)
                for i in range(len(self.seats()))]

    def buttons(self, ctx: UiContext) -> list[Button]:
        out = []
        cw = round(110 * ctx.scale)
        for (seat, _text), row in zip(self.seats(), self._rows(ctx), strict=True):
            out.append(Button(f"copy:{seat}", "Copy", pygame.Rect(row.right - cw, row.y, cw,
                                                                  row.h),
                              px=ctx.type.body, tooltip="Copy this join string."))
        panel = self._panel(ctx)
        pad = round(30 * ctx.scale)
        bh = round(50 * ctx.scale)
        y = panel.bottom - pad - bh
        out += [Button("stop", "Stop hosting", pygame.Rect(panel.x + pad, y,
                                                           round(panel.w * 0.25), bh),
                       px=ctx.type.body),
                Button("judge", "Open the Judge's window", pygame.Rect(
                    panel.right - pad - round(panel.w * 0.4), y, round(panel.w * 0.4), bh),
                    accent=theme.SKY, px=ctx.type.heading, hotkey="Enter")]
        return out

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            key = "judge"
        if key is None:
            return None
        ctx.play("click")
        if key.startswith("copy:"):
            from game.ui.artifact_pieces import seat_title

            seat = key.split(":", 1)[1]
            text = dict(self.seats())[seat]
            if copy_text(text):
                self.status = f"The {seat_title(seat)}'s join string is on the clipboard."
            else:
                self.status = "This system offers no clipboard: read the string out instead."
            return None
        if key == "judge":
            from game.ui.artifact_judge_scene import ArtifactJudgeScene
            from game.ui.artifact_source import LinkSource

            source = LinkSource(self.judge)
            ctx.closers.append(source.close)
            return Push(ArtifactJudgeScene(source))
        if key == "stop":
            return Push(DialogScene(
                "stop", "Stop hosting?",
                "The game stops for every player. Its action log is kept, so "
                "`python -m game host --resume FILE` can continue it.",
                [Answer("keep", "Keep hosting", default=True), Answer("stop", "Stop")],
                cancel="keep"))
        return None

    def on_resume(self, ctx: UiContext, result: object) -> None:
        if isinstance(result, DialogResult) and result.answer == "stop":
            self.hosted.stop()
            if self.hosted.stop in ctx.closers:
                ctx.closers.remove(self.hosted.stop)
            self.stopped = True

    def update(self, dt: float, ctx: UiContext) -> Command | None:
        if self.stopped:
            return Replace(LauncherScene("The game was stopped; its action log is kept."))
        return None

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        from game.ui.artifact_pieces import seat_title

        _backdrop(surface, ctx)
        panel = self._panel(ctx)
        inner = draw_panel(surface, panel, ctx, "Hosting The Artifact")
        px = ctx.type.body
        lines = ctx.text.wrap(
            f"The game is open at {self.hosted.options.bind}. Give each player their own "
            "join string (they choose Join a game and paste it); the Judge's string shows "
            "everything, so keep it to yourself. They are printed in the terminal too.", px,
            inner.w - round(20 * ctx.scale))
        lh = ctx.text.font(px).get_linesize()
        for i, line in enumerate(lines[:2]):
            surface.blit(ctx.text.render(line, px, theme.INK_DIM),
                         (inner.x + round(10 * ctx.scale), inner.y + i * lh))
        # the names' column as wide as the longest name ("second Phone Company" ran
        # into its join string in a small window)
        gap = round(12 * ctx.scale)
        name_w = max(round(230 * ctx.scale),
                     max(ctx.text.size(seat_title(seat), px, True)[0] for seat, _ in self.seats())
                     + gap)
        cw = round(110 * ctx.scale)
        mono = ctx.type.small
        for (seat, text), row in zip(self.seats(), self._rows(ctx), strict=True):
            name = ctx.text.render(seat_title(seat), px, theme.INK, bold=True)
            surface.blit(name, (row.x, row.centery - name.get_height() // 2))
            room = row.w - name_w - cw - round(16 * ctx.scale)
            shown = _elide(ctx, text, mono, room)
            img = ctx.text.render(shown, mono, theme.SKY if seat != "judge" else theme.ORANGE,
                                  face="mono")
            surface.blit(img, (row.x + name_w, row.centery - img.get_height() // 2))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
        if self.status:
            center_text(surface, ctx, self.status, ctx.type.body, theme.GREEN,
                        (ctx.size[0] // 2, self._rows(ctx)[-1].bottom + round(24 * ctx.scale)))


def _elide(ctx: UiContext, text: str, px: int, width: int) -> str:
    """``text`` cut in the middle with an ellipsis so it fits ``width`` pixels."""
    if ctx.text.size(text, px, face="mono")[0] <= width:
        return text
    keep = len(text)
    while keep > 8:
        keep -= 2
        shown = f"{text[:keep // 2]}…{text[-(keep // 2):]}"
        if ctx.text.size(shown, px, face="mono")[0] <= width:
            return shown
    return text[:8] + "…"


class JoinScene(_FormScene):
    """Paste a join string (a player may paste several, one per line, for a hotseat)."""

    form_height = 500

    def __init__(self, role: str) -> None:
        super().__init__()
        self.role = role  # "join" or "judge"
        self.name = role

    def field_rects(self, ctx: UiContext) -> dict[str, pygame.Rect]:
        form = self._form(ctx)
        pad = round(34 * ctx.scale)
        top = form.y + round(120 * ctx.scale)
        height = round((170 if self.role == "join" else 48) * ctx.scale)
        return {"joins": pygame.Rect(form.x + pad, top, form.w - 2 * pad, height)}

    def make_field(self, key, rect, text):
        if self.role == "join":
            box = pygame_gui.elements.UITextEntryBox(rect, text, self.manager)
            box.rebuild_from_changed_theme_data()  # pygame_gui 0.6 skips the theme at first
            return box
        return pygame_gui.elements.UITextEntryLine(rect, self.manager, initial_text=text)

    def buttons(self, ctx: UiContext) -> list[Button]:
        form = self._form(ctx)
        field = self.field_rects(ctx)["joins"]
        pad = round(34 * ctx.scale)
        bh = round(46 * ctx.scale)
        y = field.bottom + round(14 * ctx.scale)
        bw = round(150 * ctx.scale)
        out = [Button("paste", "Paste", pygame.Rect(field.x, y, bw, bh), px=ctx.type.body,
                      tooltip="Add the text on the clipboard (Ctrl+V in the field works too)."),
               Button("clear", "Clear", pygame.Rect(field.x + bw + round(12 * ctx.scale), y, bw,
                                                    bh), px=ctx.type.body)]
        y2 = form.bottom - pad - bh
        label = "Take the seats" if self.role == "join" else "Open the Judge's window"
        out += [Button("back", "Back", pygame.Rect(form.x + pad, y2, round(form.w * 0.25), bh),
                       hotkey="Esc", px=ctx.type.body),
                Button("go", label, pygame.Rect(form.right - pad - round(form.w * 0.45), y2,
                                                round(form.w * 0.45), bh),
                       accent=theme.SKY, px=ctx.type.heading)]
        return out

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.feed(event)
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                key = "back"
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.role == "judge":
                key = "go"
        if key is None:
            return None
        ctx.play("click")
        field = self.fields["joins"]
        if key == "paste":
            pasted = paste_text().strip()
            if pasted:
                current = field.get_text().rstrip()
                field.set_text(f"{current}\n{pasted}" if current and self.role == "join"
                               else pasted)
            return None
        if key == "clear":
            field.set_text("")
            return None
        if key == "back":
            return Pop()
        if key == "go":
            return self.go(ctx)
        return None

    def go(self, ctx: UiContext) -> Command | None:
        from game.cli import CliError, check_join_strings
        from game.ui.artifact_app import seat_scene_for
        from game.ui.artifact_judge_scene import ArtifactJudgeScene
        from game.ui.artifact_source import LinkSource

        texts = self.fields["joins"].get_text().split()
        try:
            joins = check_join_strings(texts, self.role)
        except CliError as exc:
            self.error = str(exc)
            ctx.play("error")
            return None
        sources = [LinkSource(join) for join in joins]
        for source in sources:
            ctx.closers.append(source.close)
        if self.role == "judge":
            return Replace(ArtifactJudgeScene(sources[0]))
        return Replace(seat_scene_for(sources))

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        _backdrop(surface, ctx)
        form = self._form(ctx)
        title = "Join The Artifact" if self.role == "join" else "Judge The Artifact"
        inner = draw_panel(surface, form, ctx, title)
        text = ("Paste the join string the host gave you. To share one screen between "
                "several seats, paste one string per line: a curtain hides each seat's map "
                "while the screen is passed." if self.role == "join" else
                "Paste the Judge's join string the host gave you.")
        px = ctx.type.body
        lh = ctx.text.font(px).get_linesize()
        for i, line in enumerate(ctx.text.wrap(text, px, inner.w - round(20 * ctx.scale))[:3]):
            surface.blit(ctx.text.render(line, px, theme.INK_DIM),
                         (inner.x + round(10 * ctx.scale), inner.y + i * lh))
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
        self.draw_fields(surface)
        if self.error:
            center_text(surface, ctx, self.error, ctx.type.body, theme.VERMILLION,
                        (ctx.size[0] // 2, form.bottom + round(18 * ctx.scale)))
