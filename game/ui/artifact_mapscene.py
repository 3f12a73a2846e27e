"""What the seat screen and the Judge's screen share: the frame around the deck map, the map
camera under the mouse, and the bookkeeping of a fresh document from the source.

Both screens are a turn bar on top, the map with a tool bar under it, and a side column
(minimap, lists, notices, chat). The column's lists and everything the player can do stay
in each screen; this base only holds what is the same in both, so a change to map
dragging or to the frame shows on both screens alike.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import pygame

from game.artifact.deckplan import feynman
from game.artifact.ships import bows, crafts, footprint, moved_plan
from game.artifact.viewtypes import View
from game.ui import theme
from game.ui.artifact_hazard_layer import HazardLayer
from game.ui.artifact_map import Camera, DeckRenderer
from game.ui.artifact_panels import ChatPanel, solid_panel
from game.ui.fold_column import Folding, draw_fold_panel, fold_bar, title_rect
from game.ui.scene import Command, Quit, Reset, Scene
from game.ui.widgets import Button, ScrollText, draw_wrapped

ARROW_FACING = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}
DRAG_THRESHOLD = 5
TOP_HEIGHT = 34


#: Seconds without a view before the waiting screen says what may be wrong.
WAIT_HINT_SECONDS = 5.0


class ArtifactMapScene(Scene, ABC):
    """A screen around the Feynman's deck map, fed by one source (see ``artifact_source``).

    Subclasses set the frame's proportions, lay out their side lists in ``layout_lists``
    (or the whole column under the turn bar in ``layout_column``), and answer
    ``click_button`` (a button released where it was pressed) and ``click_map`` (a click
    on the map that was not a drag).
    """

    SIDE_MIN = 320          # the side column's least width
    SIDE_SHARE = 0.3        # and its share of the window's width
    BAR_HEIGHT = 74         # the tool bar under the map
    MINI_SHARE = 0.62       # the minimap's height, as a share of the side column's width
    LIST_SHARE = 0.45       # the lists' share of the column under the minimap
    LOG_SHARE = 0.27        # the notices' share of it
    MINI_SMALL = 1.0        # in a small window, the minimap's most height (share of the column)

    def __init__(self, source, cam_top: int) -> None:
        self.source = source
        self.seat = source.seat
        self.plan = feynman()
        self.renderer = DeckRenderer(self.plan)
        self.hazards = HazardLayer(self.plan)   # dark, gas, airless as the view knows them
        self.cam = Camera(self.plan, pygame.Rect(0, cam_top, 900, 640))
        self.chat = ChatPanel(self.seat)
        self.log = ScrollText()
        self.hover: tuple[int, int] | None = None
        self.buttons: list[Button] = []
        self.status = ""
        self._errors_seen = getattr(source, "errors", 0)
        self._status_moment: tuple = ()
        self._version = None
        self._fleet: dict | None = None  # the ships as last drawn
        self._notices_seen = 0
        self._timer: dict | None = None     # the hub's turn timer as last received
        self._timer_seen = 0.0              # view time when it was received
        self._drag_from: tuple[int, int] | None = None
        self._dragging = False
        self._pressed: str | None = None    # the button under the mouse when it went down
        self._waiting_since: float | None = None  # view time the window began to wait
        self._centred = False
        self.bar_need = 0                   # the tool bar's height when more than usual
        self.folding = Folding()            # which panels of the column are folded
        # the column's titles as drawn, each a button (undrawn) that folds or opens its panel
        self.fold_titles: list[Button] = []
        self._fold_bar: int | None = None   # a folded panel's height in the window's type

    # ------------------------------------------------------------------ layout

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        # Heights are given at the reference window and grow with it, as the type does.
        k = theme.window_scale(size)
        self.k = k
        side = max(round(self.SIDE_MIN * min(1.0, k)), int(w * self.SIDE_SHARE))
        # the bar grows when its buttons need more rows, up to half the window
        bar = min(max(round(self.BAR_HEIGHT * k), self.bar_need), h // 2)
        top = round(TOP_HEIGHT * k)
        self.top_rect = pygame.Rect(0, 0, w, top)
        self.bar_rect = pygame.Rect(0, h - bar, w - side, bar)
        self.cam.rect = pygame.Rect(0, top, w - side, h - top - bar)
        self.side_rect = pygame.Rect(w - side, top, side, h - top)
        self.layout_column()
        self.cam.clamp()

    def layout_column(self) -> None:
        """Lay out the side column (``side_rect``): the minimap, then the lists, the
        notices and the negotiation in fixed shares of the height under it."""
        side, top = self.side_rect.w, self.side_rect.y
        mini = int(side * self.MINI_SHARE)
        if self.k < 0.75:  # a small window: the panels under the minimap need the height more
            mini = min(mini, int(self.side_rect.h * self.MINI_SMALL))
        self.mini_rect = pygame.Rect(self.side_rect.x + 6, top + 6, side - 12, mini)
        rest = self.side_rect.bottom - self.mini_rect.bottom - 8
        self.layout_lists(side, self.mini_rect.bottom + 4, rest)
        self.log_rect = pygame.Rect(self.side_rect.x, self.list_rect.bottom, side,
                                    int(rest * self.LOG_SHARE))
        self.chat_rect = pygame.Rect(self.side_rect.x, self.log_rect.bottom, side,
                                     self.side_rect.bottom - self.log_rect.bottom)
        folded = self.folding.folded & {"log", "chat"}  # the list holds buttons: never folded
        if folded:  # folded to their titles: the notices, else the list, get the height
            bar = self._fold_bar or round(47 * self.k)
            heights = {"list": self.list_rect.h, "log": self.log_rect.h,
                       "chat": self.chat_rect.h}
            for key in folded:
                heights["list" if "log" in folded else "log"] += heights[key] - bar
                heights[key] = bar
            y = self.list_rect.y
            for key in ("list", "log", "chat"):
                setattr(self, f"{key}_rect", pygame.Rect(self.side_rect.x, y, side, heights[key]))
                y += heights[key]

    def layout_lists(self, side: int, top: int, rest: int) -> None:
        """Set ``list_rect`` (and whatever sits above it) from ``top`` down; ``rest`` is the
        height of the column under the minimap."""
        self.list_rect = pygame.Rect(self.side_rect.x, top, side, int(rest * self.LIST_SHARE))

    def on_enter(self, ctx) -> None:
        self.layout(ctx.size)

    def on_resize(self, ctx) -> None:
        self.layout(ctx.size)

    # ------------------------------------------------------------------ data

    @property
    def view(self) -> View | None:
        return self.source.view

    def _new_version(self) -> bool:
        """True once per change of the source's document."""
        version = self.source.version
        if version == self._version:
            return False
        self._version = version
        self._follow_ships()
        return True

    def _follow_ships(self) -> None:
        """Draw (and plan moves on) the deck plan as the document knows it: the ring
        stopped or not, the holes shot in it and the ships where they are, built as the
        engine builds its own (``Table.plan``, ``movement.view_plan``); a new plan and
        renderer only when one of them has changed."""
        view = self.view
        if view is None or isinstance(view, dict):
            return
        state = getattr(view, "state", None)
        if state is not None:  # the Judge: everything as it is
            sysm = state.systems
            stopped, fleet = sysm.ring_stopped, dict(state.ships)
            windows, hatches = sysm.broken_windows, sysm.blown_hatches
        else:
            stopped, fleet = view.ring_stopped, dict(view.ships)
            windows, hatches = view.broken_windows, view.blown_hatches
        self._see_departures(fleet)
        base = feynman().without_gravity() if stopped else feynman()
        plan = moved_plan(base.with_breaks(windows, hatches), fleet)
        headings = bows(feynman(), fleet)
        if plan is not self.plan or headings != self.renderer.static.bows:
            self.plan = plan
            self.renderer = DeckRenderer(plan, headings, moved_plan(base, fleet))
            self.hazards.follow(plan)
            self.cam.plan = plan

    def _see_departures(self, fleet: dict) -> None:
        """A ship that has flown off the map since the last look fades out where it was
        (ships are in plain sight: every screen shows it go)."""
        before, self._fleet = self._fleet, fleet
        if before is None:
            return
        for craft in crafts().values():
            now, then = fleet.get(craft.id), before.get(craft.id)
            if now is not None and now.left and not (then is not None and then.left):
                squares = footprint(feynman(), craft, before)
                if squares:
                    self.hazards.depart(squares)

    def _unseen(self, notices: list) -> list:
        """The notices not yet shown (all of them again if the list was cut short)."""
        if len(notices) < self._notices_seen:
            self._notices_seen = 0
        return notices[self._notices_seen:]

    def _take_timer(self, ctx) -> None:
        timer = self.source.doc.get("timer")
        if timer != self._timer:
            self._timer, self._timer_seen = timer, ctx.time

    def _take_error(self, ctx) -> None:
        """A refusal the source received since the last look becomes the status line (each
        refusal once: a status the screen has since cleared does not come back)."""
        count = getattr(self.source, "errors", 0)
        if count != self._errors_seen:
            self._errors_seen = count
            err = self.source.last_error
            if err:
                self.status = self.in_words(err)
                ctx.play("error")

    def in_words(self, text: str) -> str:
        """``text`` with the ids and tokens in it as the names the screen's player knows
        them by (each screen knows its names)."""
        return text

    def _moment(self, view) -> tuple:
        """What a status line is about: the phase, round and seat in turn. When it moves
        on, a status said before is stale and is cleared (``_clear_stale``)."""
        if view is None:
            return ()
        get = view.get if isinstance(view, dict) else (lambda k: getattr(view, k, None))
        return (get("phase"), get("round"), get("turn_seat"))

    def _clear_stale(self) -> None:
        moment = self._moment(self.view)
        if moment != self._status_moment:
            self._status_moment = moment
            self.status = ""

    # ------------------------------------------------------------------ a replaced window

    def locked(self) -> bool:
        """Another window took this seat. This one must not act for it any more (its
        actions would be refused, or worse, take the seat back by surprise), so it locks
        itself and offers only Reconnect."""
        return bool(getattr(self.source, "replaced", False))

    def _locked_handle(self, event: pygame.event.Event, ctx) -> Command | None:
        """While locked: the Reconnect button (or R) and nothing else."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = self._button_at(event.pos)
            self._pressed = b.key if b is not None else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = self._button_at(event.pos)
            pressed, self._pressed = self._pressed, None
            if b is not None and b.key == pressed == "reconnect":
                self.reconnect(ctx)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.reconnect(ctx)
        return None

    def reconnect(self, ctx) -> None:
        """Take the seat back from the other window (which then locks itself)."""
        self.source.reconnect()
        self.status = "Reconnecting: this window takes the seat back."
        ctx.play("click")

    def _draw_locked(self, surface: pygame.Surface, ctx) -> None:
        """Nothing of the game any more (it may be stale): why, and Reconnect."""
        w = min(surface.get_width() - 20, round(560 * self.k))
        body = ("This seat was opened in another window, which now plays it. Nothing you "
                "do here is sent. Reconnect to take the seat back here; the other window "
                "then locks itself the same way.")
        lines = ctx.text.wrap(body, ctx.type.body, w - round(60 * self.k))
        lh = ctx.text.font(ctx.type.body).get_linesize()
        btn_h = round(40 * self.k)
        rect = pygame.Rect(0, 0, w, round(70 * self.k) + lh * len(lines) + btn_h)
        rect.center = surface.get_rect().center
        inner = solid_panel(surface, rect, ctx, "This window is locked")
        draw_wrapped(surface, ctx, body, ctx.type.body, theme.INK,
                     pygame.Rect(inner.x, inner.y, inner.w, inner.h - btn_h - 6))
        b = Button("reconnect", "Reconnect here (R)", pygame.Rect(
            inner.centerx - inner.w // 4, inner.bottom - btn_h, inner.w // 2, btn_h),
            accent=theme.GREEN, px=ctx.type.body)
        self.buttons = [b]
        b.draw(surface, ctx, pressed=(self._pressed == "reconnect"))

    # ------------------------------------------------------------------ events

    def scrollers(self) -> list[tuple[pygame.Rect, ScrollText]]:
        """The scrolling panels the mouse wheel reaches, in the order they are tried."""
        return [] if "log" in self.folding.folded else [(self.log_rect, self.log)]

    def chat_takes(self, event: pygame.event.Event, ctx) -> bool:
        """The negotiation panel has the event: it is over the panel, or the panel's line
        is being typed in (a folded panel takes nothing)."""
        return "chat" not in self.folding.folded and (
            self.chat_rect.collidepoint(getattr(event, "pos", ctx.mouse))
            or self.chat.line.active)

    def fold(self, key: str) -> None:
        """Fold panel ``key`` of the column to its title, or open it again."""
        self.folding.toggle(key)
        if key == "chat" and key in self.folding.folded:
            self.chat.line.active = False  # its typing line is gone with it
        self.layout(self.size)

    @abstractmethod
    def click_button(self, key: str, ctx) -> Command | None:
        """A button released where it was pressed."""

    @abstractmethod
    def click_map(self, pos: tuple[int, int], ctx) -> None:
        """A left click on the map that did not turn into a drag."""

    def _pointer(self, event: pygame.event.Event, ctx) -> tuple[bool, Command | None]:
        """Buttons, map drags and clicks, minimap jumps and the wheel: (handled, command)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                b = self._button_at(event.pos)
                self._pressed = b.key if b and b.enabled else None
                if b is None and self.cam.rect.collidepoint(event.pos):
                    self._drag_from, self._dragging = event.pos, False
                elif b is None:
                    spot = self.renderer.minimap_square(event.pos)
                    if spot is not None:
                        self.cam.centre_on(spot)
            elif event.button in (2, 3) and self.cam.rect.collidepoint(event.pos):
                self._drag_from, self._dragging = event.pos, True
        elif event.type == pygame.MOUSEMOTION:
            if self._drag_from is not None:
                dx = event.pos[0] - self._drag_from[0]
                dy = event.pos[1] - self._drag_from[1]
                if self._dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                    self._dragging = True
                    self.cam.pan(dx, dy)
                    self._drag_from = event.pos
            self.hover = self.cam.square_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                b = self._button_at(event.pos)
                pressed, self._pressed = self._pressed, None
                if b is not None and b.enabled and b.key == pressed:
                    self._drag_from = None
                    return True, self.click_button(b.key, ctx)
                if self._drag_from is not None and not self._dragging:
                    self.click_map(event.pos, ctx)
            self._drag_from, self._dragging = None, False
        elif event.type == pygame.MOUSEWHEEL:
            if self.cam.rect.collidepoint(ctx.mouse):
                self.cam.zoom(1 if event.y > 0 else -1, ctx.mouse)
            else:
                for rect, panel in self.scrollers():
                    if rect.collidepoint(ctx.mouse):
                        panel.handle(event, ctx)
                        break
        else:
            return False, None
        return True, None

    def _button_at(self, pos) -> Button | None:
        for b in [*reversed(self.buttons), *self.fold_titles]:
            if b.contains(pos):
                return b
        return None

    # ------------------------------------------------------------------ drawing

    def _draw_waiting(self, surface: pygame.Surface, ctx) -> None:
        """"Connecting to the host...", and after a few seconds with no answer what may be
        wrong and how to give up: a mistyped port or a host not yet started otherwise
        left the player before a message that never changed, with no way back."""
        if self._waiting_since is None:
            self._waiting_since = ctx.time
        centre = surface.get_rect().center
        img = ctx.text.render("Connecting to the host...", ctx.type.heading, theme.INK)
        surface.blit(img, img.get_rect(center=centre))
        if ctx.time - self._waiting_since < WAIT_HINT_SECONDS:
            return
        where = getattr(self.source, "where", "") or "the host"
        back = ("Esc: back to the first window" if ctx.options.get("launcher")
                else "Esc: close this window")
        text = (f"No answer from {where} yet. Is the game hosted there, and is the join "
                f"string whole? It keeps trying. {back}.")
        w = min(surface.get_width() - 40, round(700 * ctx.scale))
        area = pygame.Rect(0, 0, w, 4 * ctx.text.font(ctx.type.body).get_linesize())
        area.midtop = (centre[0], img.get_rect(center=centre).bottom + round(16 * ctx.scale))
        draw_wrapped(surface, ctx, text, ctx.type.body, theme.INK_DIM, area)

    def _waiting_handle(self, event: pygame.event.Event, ctx) -> Command | None:
        """Esc while no view has come: give up on this host (back to the launcher when
        the window came from it, else close the window)."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE:
            return None
        self.source.close()
        if ctx.options.get("launcher"):
            from game.ui.launcher_scene import LauncherScene

            return Reset(LauncherScene("No answer from the host: check the join string."))
        return Quit()

    def _measure_folds(self, ctx) -> bool:
        """Measure a folded panel in the window's type; True when it changed (the column
        is to be laid out again)."""
        bar = fold_bar(ctx)
        if bar == self._fold_bar:
            return False
        self._fold_bar = bar
        return True

    def _fold_panel(self, surface, ctx, key: str, rect: pygame.Rect, title: str,
                    entries: int | None = None) -> pygame.Rect | None:
        """Panel ``key`` of the column with its fold marker, its title a button that folds
        or opens it; a folded panel's title says how many entries came since it folded.
        The content rect, or None when folded."""
        folded = key in self.folding.folded
        new = self.folding.unread(key, entries) if entries is not None else 0
        if new:
            title = f"{title} ({new} new)"
        self.fold_titles.append(Button(f"fold:{key}", title, title_rect(ctx, rect)))
        return draw_fold_panel(surface, ctx, rect, title, folded)

    def _draw_log(self, surface, ctx, title: str) -> None:
        inner = self._fold_panel(surface, ctx, "log", self.log_rect, title,
                                 len(self.log.entries))
        if inner is not None:
            self.log.draw(surface, ctx, inner, ctx.type.small)

    def _draw_chat(self, surface, ctx, seats: list[str], encryption: bool | None) -> None:
        """The negotiation panel, or its title alone when folded."""
        if "chat" not in self.folding.folded:
            self.folding.unread("chat", len(self.chat.log.entries))
            self.fold_titles.append(Button("fold:chat", "Negotiation",
                                           title_rect(ctx, self.chat_rect)))
            self.chat.draw(surface, ctx, self.chat_rect, seats, encryption,
                           panel=lambda s, r, c, t: draw_fold_panel(s, c, r, t, False))
            return
        self._fold_panel(surface, ctx, "chat", self.chat_rect, "Negotiation",
                         len(self.chat.log.entries))
        # nothing of it is left to click or type in
        self.chat.buttons = []
        self.chat.line.rect = pygame.Rect(0, 0, 0, 0)

    def _draw_bar_ground(self, surface: pygame.Surface) -> pygame.Rect:
        rect = self.bar_rect
        pygame.draw.rect(surface, (12, 18, 30), rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright, 1)
        return rect
