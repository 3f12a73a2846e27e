"""The Judge's screen: the whole ship, any seat's map as that seat sees it, the roster of
every character and item, and the adjudication tools the engine offers the Judge.

The Judge's view carries the whole state (minus the seed and RNG). "See as seat X" asks the
engine's ``seat_view_from_judge_view`` (the one ``view_for``, run on that state), so the
Judge sees exactly the counters, ghosts and lift cars of X's map; the screen derives no sight
of its own. Private conversations arrive from the hub only as "X and Y are talking"
entries, and that is all this screen shows.
"""

from __future__ import annotations

import pygame

from game.artifact import actions as A
from game.artifact import victory
from game.artifact.actions import JUDGE_STATUSES
from game.artifact.errors import ArtifactError
from game.artifact.judging import judge_status_of
from game.artifact.sheets import default_sheets
from game.artifact.state import GameState
from game.artifact.table import Table
from game.artifact.victory import goals_for
from game.artifact.views import seat_view_from_judge_view
from game.artifact.viewtypes import JudgeView, SeatView
from game.ui import theme
from game.ui.artifact_computer_panel import systems_lines
from game.ui.artifact_hazard_layer import hazards_of
from game.ui.artifact_map import Overlays, Piece
from game.ui.artifact_mapscene import ARROW_FACING, ArtifactMapScene
from game.ui.artifact_panels import (
    TextLine,
    draw_result,
    draw_turn_bar,
    judge_names,
    named,
    notice_text,
    solid_panel,
    turn_seconds_left,
)
from game.ui.artifact_pieces import (
    judge_hatches,
    judge_pieces,
    place_name,
    seat_hatches,
    seat_pieces,
    seat_short,
    seat_title,
)
from game.ui.fold_column import Fold, fold_bar, fold_heights
from game.ui.scene import Command
from game.ui.widgets import Button, ScrollText, draw_tooltip, fit_text, panel_height

FEYNMAN_ROBOTS = ("handler_bot", "tech_bot", "securi_bot", "doc_bot")
STATUS_LABELS = {"healthy": "Healthy", "light_wound": "Light wound", "ko": "KO",
                 "down": "Down", "serious": "Serious", "dead": "Dead", "inactive": "Inactive"}


class ArtifactJudgeScene(ArtifactMapScene):
    """The Judge's screen (see the module docstring)."""

    name = "artifact_judge"
    SIDE_MIN = 340
    SIDE_SHARE = 0.32
    BAR_HEIGHT = 110
    MINI_SHARE = 0.5  # the minimap's most height, as a share of the column's width
    # The column's folding panels, top to bottom, with the lines each shows at least when
    # open and its share of the height left over (the switch is as tall as its buttons).
    FOLDS = ("switch", "list", "log", "chat")
    ROSTER_LINES, TOLD_LINES, CHAT_LINES = 8, 3, 2
    WEIGHTS = {"list": 2.0, "log": 1.0, "chat": 1.0}

    def __init__(self, source) -> None:
        super().__init__(source, cam_top=34)
        self.roster = ScrollText(follow_tail=False)
        self.as_seat: str | None = None
        self.text = TextLine(500, "announcement or message text")
        self.message_to: str | None = None
        self.robot: str | None = None
        self.picked: str | None = None    # the counter the adjudication tools act on
        self.moving = False               # the next map click moves the picked counter
        self.pending_square: tuple[int, int] | None = None
        self.levels: dict[str, int] | None = None   # the End game dialog is open
        self.found: dict[str, int] = {}   # the levels the engine works out, as it opened
        self.confirming = False   # its second page: the levels as they will be announced
        self._seat_views: dict[str, dict] = {}
        self._switch_rows = 1
        self._switch_need = 0  # the switch's height for its buttons' type (set when drawn)
        # (folded bar, panel title, line, least negotiation panel) in pixels, measured
        # from the window's type when drawn (``_measure``)
        self._measures: tuple[int, int, int, int] | None = None
        self.layout((1280, 800))

    # ------------------------------------------------------------------ layout

    def layout_column(self) -> None:
        """The minimap, then the folding panels (see ``game.ui.fold_column``).

        The Judge reads the roster of every character and item at a glance, so it is
        given ``ROSTER_LINES`` lines at least. The minimap shrinks first (to the smaller
        scales its map is drawn at), and when even its smallest leaves the roster short
        (a small window), the column starts with every other panel folded to its title;
        a click on a title then folds or opens it, and that choice holds."""
        side = self.side_rect
        k = self.k
        bar, head, line, chat = self._measures or self._guess()
        switch = max(round((76 if self._switch_rows == 1 else 112) * k), self._switch_need)
        least = {"switch": switch, "list": head + self.ROSTER_LINES * line,
                 "log": head + self.TOLD_LINES * line, "chat": chat}
        folds = [Fold(key, least[key], self.WEIGHTS.get(key, 0.0)) for key in self.FOLDS]
        top = side.y + 6
        room = side.bottom - top - 4  # the minimap, the gap under it and the panels
        # the minimap draws the deck at a whole number of pixels a square
        w, h = self.plan.width, self.plan.height
        most = max(1, min((side.w - 12) // w, int(side.w * self.MINI_SHARE) // h))
        minis = [h * n + 2 for n in range(1, most + 1)]
        if self.folding.chosen is None:
            short = room - minis[0] < sum(least.values())
            self.folding.auto = (frozenset(p for p in self.FOLDS if p != "list")
                                 if short else frozenset())
        folded = self.folding.folded
        need = sum(bar if key in folded else least[key] for key in self.FOLDS)
        mini = next((m for m in reversed(minis) if room - m >= need), minis[0])
        self.mini_rect = pygame.Rect(side.x + 6, top, side.w - 12, mini)
        y = self.mini_rect.bottom + 4
        heights = fold_heights(folds, folded, side.bottom - y, bar)
        for key in self.FOLDS:
            setattr(self, f"{key}_rect", pygame.Rect(side.x, y, side.w, heights[key]))
            y += heights[key]

    def _guess(self) -> tuple[int, int, int, int]:
        """The column's measures before the window's type is known (the first layout)."""
        k = self.k
        head = round(47 * k)
        return (max(head, 2 * max(6, round(24 * min(1.0, k))) + 2), head, round(21 * k),
                round(165 * k))

    def _measure(self, ctx) -> bool:
        """Measure the column's panels in the window's type; True when they changed."""
        line = ctx.text.font(ctx.type.small).get_linesize()
        tabs = line + 4  # the negotiation's recipient tabs, its lines and its typing line
        chat = panel_height(ctx, tabs + 4 + self.CHAT_LINES * line + TextLine.height(ctx) + 10)
        measures = (fold_bar(ctx), panel_height(ctx, 0), line, chat)
        if measures == self._measures:
            return False
        self._measures = measures
        return True

    def on_enter(self, ctx) -> None:
        self._measure(ctx)
        super().on_enter(ctx)

    def on_resize(self, ctx) -> None:
        self._measure(ctx)
        super().on_resize(ctx)

    @property
    def captures_text(self) -> bool:
        return self.chat.line.active or self.text.active

    # ------------------------------------------------------------------ data

    @property
    def state(self) -> GameState | None:
        view = self.view
        return view.state if isinstance(view, JudgeView) else None

    def in_words(self, text: str) -> str:
        view = self.view
        state = getattr(view, "state", None)
        return named(text, judge_names(state)) if state is not None else text

    def seat_view(self, seat: str) -> SeatView | None:
        """The map of ``seat`` as the engine would send it to that seat."""
        found = self._seat_views.get(seat)
        if found is None and self.view is not None:
            try:
                found = seat_view_from_judge_view(self.view, seat)
            except (ArtifactError, KeyError, ValueError) as exc:
                self.status = f"cannot show {seat_title(seat)}'s map: {exc}"
                return None
            self._seat_views[seat] = found
        return found

    def _sync(self, ctx) -> None:
        if not self._new_version():
            return
        self._seat_views.clear()
        view = self.view
        if view is None:
            return
        self.chat.sync(self.source.doc.get("chat", []))
        state = view.state
        notes = state.judge_notices
        names = judge_names(state)
        for n in self._unseen(notes):
            if n.kind == "conflicts":
                text = "Placement conflicts: " + ("; ".join(
                    f"{seat_title(a)} and {seat_title(b)} in {space}"
                    for space, a, b in n.get("conflicts", [])) or "none")
                self.log.add(text, theme.ORANGE)
                continue
            text, colour = notice_text(n, names)
            told = f"to {seat_title(n.get('to'))}" if n.get("to") else "on board"
            self.log.add(f"{told}: {text}", colour)
        self._notices_seen = len(notes)
        self._fill_roster(state)
        self._take_timer(ctx)
        if not self._centred:
            self.cam.centre_on((20, 10))
            self._centred = True
        robot = state.characters.get(self.robot) if self.robot is not None else None
        if robot is not None and robot.square:
            self.robot = None

    def _fill_roster(self, state: GameState) -> None:
        sheets = default_sheets()
        entries: list[tuple[str, tuple]] = [("## Station systems", theme.SKY)]
        if state.phase in ("play", "over"):
            entries += [(line, theme.INK) for line in systems_lines(state, self.plan, sheets)]
        entries.append(("## Characters", theme.SKY))
        for _cid, char in sorted(state.characters.items()):
            sheet = sheets.characters[char.sheet]
            owner = seat_title(char.seat) if char.seat else "the Feynman"
            where = (place_name(self.plan.xy(char.square), self.plan, exact=True)
                     if char.square is not None else
                     ("no body" if not sheet.on_map else "not placed"))
            extra = []
            if char.suit:
                extra.append("suited")
            if char.informant_of:
                extra.append(f"informs {seat_title(char.informant_of)}")
            if char.suspended:
                extra.append("in a suspension capsule")
            if char.items:
                extra.append("carries " + ", ".join(
                    sheets.items[state.items[i].type].name for i in char.items))
            entries.append((f"{sheet.name} [{owner}] {char.status} - {where}"
                            + (f" ({'; '.join(extra)})" if extra else ""), theme.INK))
        entries.append(("## Items", theme.SKY))
        for _iid, item in sorted(state.items.items(), key=lambda kv: kv[1].type):
            name = sheets.items[item.type].name
            owner = seat_title(item.owner) if item.owner else "-"
            if item.holder:
                holder = state.characters[item.holder]
                where = f"held by {sheets.characters[holder.sheet].name}"
            elif item.square is not None:
                where = place_name(self.plan.xy(item.square), self.plan, exact=True)
            else:
                where = "not placed"
            entries.append((f"{name} [{owner}] {where}", theme.INK_DIM))
        self.roster.set_entries(entries)

    # ------------------------------------------------------------------ tools

    def tools(self) -> list[tuple[str, str, bool]]:
        view = self.view
        if view is None:
            return []
        state = view.state
        phase = view.phase
        out: list[tuple[str, str, bool]] = []
        if phase == "assign":
            free = [p for p in state.setup.names if p not in state.players.values()]
            open_seats = [s for s in state.seats if state.players[s] is None]
            if free:
                for seat in open_seats:
                    out.append((f"assign:{seat}", f"{free[0]} -> {seat_title(seat)}", True))
        elif phase == "judge_check":
            for _space, a, b in view.conflicts:
                out.append((f"return:{b}", f"Return {seat_title(b)}", True))
                out.append((f"return:{a}", f"Return {seat_title(a)}", True))
            for cid in FEYNMAN_ROBOTS:
                char = state.characters.get(cid)
                if char is not None:
                    placed = "placed" if char.square is not None else "place"
                    out.append((f"robot:{cid}", f"{cid.replace('_', ' ').title()} ({placed})",
                                True))
            unplaced = [cid for cid in FEYNMAN_ROBOTS
                        if cid in state.characters and state.characters[cid].square is None]
            out.append(("start_play", "Start play", not view.conflicts and not unplaced))
        elif phase == "play":
            # While the End game dialog is open the bar waits (and "End game..." stays
            # what it is: a second click on it never ends anything).
            free = self.levels is None
            out.append(("skip_turn", f"Skip {seat_title(view.turn_seat)}'s turn", free))
            out.append(("announce", "Announce", free and bool(self.text.text.strip())))
            for seat in state.seats:
                out.append((f"msg:{seat}", f"Tell {seat_short(seat)}",
                            free and bool(self.text.text.strip())))
            out.append(("end_game", "End game...", free))
        return out

    def end_lines(self) -> list[tuple[str, str]]:
        """(faction's level, the goal it stands for) for every seat, as the End game
        dialog shows them and as they will be announced; a level the Judge changed says
        what the rules found."""
        state = self.state
        table = Table(state)
        out = []
        for seat, level in (self.levels or {}).items():
            goals = goals_for(table, seat)
            changed = ("" if level == self.found.get(seat) else
                       f" (the rules found {self._level_words(seat, self.found.get(seat, 0))})")
            if level > len(goals):
                out.append((f"{seat_title(seat)}: no victory{changed}",
                            "none of its goals was met"))
            else:
                out.append((f"{seat_title(seat)}: victory level {level}{changed}",
                            goals[level - 1]))
        return out

    def _level_words(self, seat: str, level: int) -> str:
        count = len(goals_for(Table(self.state), seat))
        return f"level {level}" if 0 < level <= count else "no victory"

    def adjustments(self) -> tuple[tuple[str, int, str], ...]:
        """The levels the Judge changed, each with the reason typed in the text box."""
        reason = self.text.text.strip()
        return tuple((seat, level, reason) for seat, level in (self.levels or {}).items()
                     if level != self.found.get(seat))

    def click_button(self, key: str, ctx) -> Command | None:
        kind, _, arg = key.partition(":")
        state = self.state
        if state is None:
            return None
        if kind == "fold":
            self.fold(arg)
        elif kind == "as":
            self.as_seat = arg or None
            if self.as_seat is not None:  # look where that seat's forces are
                seat_view = self.seat_view(self.as_seat)
                own = [p.square for p in seat_pieces(seat_view) if p.own] if seat_view else []
                if own:
                    self.cam.centre_on(own[0])
        elif kind == "assign":
            free = [p for p in state.setup.names if p not in state.players.values()]
            if free:
                self.send(A.AssignFaction(free[0], arg), ctx)
        elif kind == "return":
            self.send(A.ReturnPlacement(arg), ctx)
        elif kind == "robot":
            self.robot = arg
            self.pending_square = None
            self.status = "Click an open square aboard for the robot, then choose its facing."
        elif kind == "start_play":
            self.send(A.StartPlay(), ctx)
        elif kind == "skip_turn":
            self.send(A.SkipTurn(), ctx)
        elif kind == "announce":
            self.send(A.Announce(self.text.text.strip()), ctx)
            self.text.text = ""
        elif kind == "msg":
            self.send(A.JudgeMessage(arg, self.text.text.strip()), ctx)
            self.text.text = ""
        elif kind == "end_game" and self.levels is None:
            # the dialog opens on the levels the rules give; the Judge may change them
            self.found, _checks = victory.evaluate(Table(state))
            self.levels = {s: self.found[s] for s in state.seats}
            self.confirming = False
        elif kind == "end_review" and self.levels is not None:
            if self.adjustments() and not self.text.text.strip():
                self.status = "Type the reason for the changed levels in the text box first."
            else:
                self.confirming = True
        elif kind == "end_back":
            self.confirming = False
        elif kind == "end_confirm" and self.levels is not None and self.confirming:
            self.send(A.EndGame(self.adjustments()), ctx)
            if self.adjustments():
                self.text.text = ""
            self.levels, self.confirming = None, False
        elif kind == "cancel_end":
            self.levels, self.confirming = None, False
        elif kind == "unpick":
            self.picked, self.moving = None, False
        elif kind == "jmove" and self.picked:
            self.moving = True
            self.status = "Click the square to move it to (Esc: cancel)."
        elif kind == "jremove" and self.picked:
            self.send(A.JudgeRemove(self.picked), ctx)
            self.picked, self.moving = None, False
        elif kind == "jstatus" and self.picked:
            self.send(A.JudgeSetStatus(self.picked, arg), ctx)
        elif kind == "jsuit" and self.picked:
            self.send(A.JudgeSetSuit(self.picked, arg), ctx)
        elif kind == "jface" and self.picked:
            where = self._picked_square()
            if where is not None:
                self.send(A.JudgeMove(self.picked, where[0], where[1], arg), ctx)
        elif kind == "level" and self.levels is not None and not self.confirming:
            seat, _, step = arg.partition("|")
            count = len(goals_for(Table(state), seat))
            self.levels[seat] = max(1, min(count + 1, self.levels[seat] + int(step)))
        return None

    def _picked_square(self) -> tuple[int, int] | None:
        state = self.state
        if state is None or self.picked is None:
            return None
        thing = state.characters.get(self.picked) or state.items.get(self.picked)
        if thing is None or thing.square is None:
            return None
        return self.plan.xy(thing.square)

    def pick_next(self, step: int = 1) -> None:
        """Tab: pick the next character or item in the roster's order, on the map or not
        (a removed character can be put back with Move to...)."""
        state = self.state
        sheets = default_sheets()
        if state is None:
            return
        ids = [cid for cid, c in sorted(state.characters.items())
               if sheets.characters[c.sheet].on_map]
        ids += [iid for iid, _item in sorted(state.items.items(),
                                             key=lambda kv: (kv[1].type, kv[0]))]
        if not ids:
            return
        n = ids.index(self.picked) + step if self.picked in ids else (0 if step > 0 else -1)
        self.picked, self.moving = ids[n % len(ids)], False
        where = self._picked_square()
        if where is not None:
            self.cam.centre_on(where)
        self.status = "Picked: choose a tool (Tab: next)."

    def adjudication_tools(self) -> list[tuple[str, str, bool]]:
        """(key, label, enabled) of the Judge's tools for the picked counter (play only)."""
        view = self.view
        if (view is None or view.phase != "play" or self.picked is None
                or self.as_seat is not None):  # the tools work on the whole ship's map
            return []
        state = view.state
        out = [("jmove", "Move to...", True), ("jremove", "Remove", True)]
        char = state.characters.get(self.picked)
        if char is not None:
            current = judge_status_of(char)
            out += [(f"jstatus:{status}", STATUS_LABELS[status], status != current)
                    for status in JUDGE_STATUSES]
            out += [(f"jface:{f}", f"Face {f}", f != char.facing) for f in "NESW"]
            if char.suit:
                out.append(("jsuit:", "Suit off", True))
            else:
                sheets = default_sheets()
                for iid in char.items:
                    if sheets.items[state.items[iid].type].suit:
                        out.append((f"jsuit:{iid}", "Suit on", True))
        out.append(("unpick", "Done", True))
        return out

    def send(self, action: A.Action, ctx) -> None:
        self.source.action(action)
        ctx.play("click")

    def place_robot(self, facing: str, ctx) -> None:
        if self.robot is None or self.pending_square is None:
            return
        x, y = self.pending_square
        self.send(A.PlaceRobot(self.robot, x, y, facing), ctx)
        self.pending_square = None

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event, ctx) -> Command | None:
        self._sync(ctx)
        if self.locked():
            return self._locked_handle(event, ctx)
        if self.view is None:
            return self._waiting_handle(event, ctx)
        if self.chat_takes(event, ctx):
            sent = self.chat.handle(event, ctx)
            if sent:
                self.source.chat(sent[0], sent[1])
                return None
            if self.chat.line.active and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                return None
        self.text.handle(event)
        if self.text.active and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return None
        handled, command = self._pointer(event, ctx)
        if handled:
            return command
        if event.type == pygame.KEYDOWN:
            if event.key in ARROW_FACING and self.pending_square is not None:
                self.place_robot(ARROW_FACING[event.key], ctx)
            elif event.key == pygame.K_ESCAPE and self.levels is not None:
                if self.confirming:
                    self.confirming = False
                else:
                    self.levels = None
            elif event.key == pygame.K_ESCAPE:
                self.robot = self.pending_square = None
                self.moving = False
            elif event.key == pygame.K_TAB and self.view.phase == "play":
                back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.pick_next(-1 if back else 1)
            elif event.key in (pygame.K_0, pygame.K_BACKQUOTE):
                self.as_seat = None
            elif pygame.K_1 <= event.key <= pygame.K_9:
                seats = self.state.seats if self.state else []
                n = event.key - pygame.K_1
                if n < len(seats):
                    self.as_seat = seats[n]
        return None

    def scrollers(self) -> list[tuple[pygame.Rect, ScrollText]]:
        roster = [] if "list" in self.folding.folded else [(self.list_rect, self.roster)]
        return roster + super().scrollers()

    def click_map(self, pos, ctx) -> None:
        if self.levels is not None:
            return  # the End game dialog is open over the map
        if self.pending_square is not None:
            for facing, rect in self.renderer.facing_rects(self.cam, self.pending_square).items():
                if rect.collidepoint(pos):
                    self.place_robot(facing, ctx)
                    return
        square = self.cam.square_at(pos)
        if square is not None and self.robot is not None:
            self.pending_square = square
            return
        view = self.view
        if view is None or view.phase != "play" or self.as_seat is not None:
            return
        if self.moving and self.picked is not None and square is not None:
            self.send(A.JudgeMove(self.picked, square[0], square[1]), ctx)
            self.moving = False
            self.status = ""
            return
        pieces = judge_pieces(self.state, self.plan)
        hits = [p for r, p in self.renderer.piece_rects(self.cam, pieces) if r.collidepoint(pos)]
        if hits:
            self.picked, self.moving = hits[-1].key, False
            self.status = f"{hits[-1].label}: choose a tool."

    def update(self, dt: float, ctx) -> Command | None:
        self.source.pump()
        self._sync(ctx)
        self._clear_stale()  # a new turn, round or phase: what was said no longer holds
        self._take_error(ctx)
        return None

    # ------------------------------------------------------------------ drawing

    def map_data(self) -> tuple[list[Piece], dict, dict]:
        state = self.state
        if self.as_seat is not None:
            seat_view = self.seat_view(self.as_seat)
            if seat_view is not None:
                return (seat_pieces(seat_view), seat_hatches(seat_view, self.plan),
                        seat_view.map.lifts)
        return (judge_pieces(state, self.plan), judge_hatches(state, self.plan),
                dict(state.lifts))

    def draw(self, surface: pygame.Surface, ctx) -> None:
        self._sync(ctx)
        if self._measure(ctx):
            self.layout(self.size)
        surface.fill(theme.BG)
        if self.locked():
            self._draw_locked(surface, ctx)
            return
        view = self.view
        if view is None:
            self._draw_waiting(surface, ctx)
            return
        doc = self.source.doc
        self.buttons, self.fold_titles = [], []
        self._fit_bar(ctx, view)
        seconds = turn_seconds_left(self._timer, ctx.time - self._timer_seen, view)
        draw_turn_bar(surface, ctx, self.top_rect, view,
                      doc.get("presence", {}), seconds, "judge", ctx.sound.muted)
        pieces, hatches, lifts = self.map_data()
        ov = Overlays(hover=self.hover)
        if self.pending_square is not None:
            ov.facing_at = self.pending_square
            ov.selected = self.pending_square
        elif self.picked is not None and self.as_seat is None:
            ov.selected = self._picked_square()
        seat_view = self.seat_view(self.as_seat) if self.as_seat is not None else None
        self.hazards.take(hazards_of(seat_view or view), ctx.time, self.as_seat)
        self.renderer.draw(surface, ctx, self.cam, hatches=hatches, lifts=lifts, pieces=pieces,
                           ov=ov, under=lambda surf, cam: self.hazards.draw(surf, cam, ctx.time))
        label = ("EVERYTHING (Judge)" if self.as_seat is None else
                 f"AS {seat_title(self.as_seat).upper()} SEES IT")
        img = ctx.text.render(label, ctx.type.body, theme.YELLOW, bold=True)
        box = img.get_rect(topleft=(self.cam.rect.x + 10, self.cam.rect.y + 8)).inflate(12, 6)
        pygame.draw.rect(surface, (0, 0, 0), box)
        surface.blit(img, (self.cam.rect.x + 10, self.cam.rect.y + 8))
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.cam.rect, 1)
        self.renderer.minimap(surface, ctx, self.mini_rect, self.cam, pieces, hatches, lifts)
        self._draw_switch(surface, ctx, view)
        inner = self._fold_panel(surface, ctx, "list", self.list_rect,
                                 "Every character and item")
        if inner is not None:
            self.roster.draw(surface, ctx, inner, ctx.type.small)
        self._draw_log(surface, ctx, "What each seat was told")
        self._draw_chat(surface, ctx, view.state.seats, True)
        self._draw_bar(surface, ctx, view)
        if self.levels is None:
            self._draw_adjudication(surface, ctx, view)
        if self.levels is not None:
            self._draw_levels(surface, ctx, view)
        if view.phase == "over":
            self._draw_result(surface, ctx, view)
        if self.hover is not None:
            names = [p.label for r, p in self.renderer.piece_rects(self.cam, pieces)
                     if r.collidepoint(ctx.mouse)]
            if names:
                draw_tooltip(surface, ctx, ", ".join(names), ctx.mouse)

    def _draw_switch(self, surface, ctx, view) -> None:
        seats = view.state.seats
        options = [None, *seats]
        labels = ["All" if seat is None else seat_title(seat).split(" ")[-1] for seat in options]
        labels = [seat_title(seat) if seat is not None and labels.count(label) > 1 else label
                  for seat, label in zip(options, labels, strict=True)]  # two seats alike
        # a label may shrink to 80 % (fit_text) before the switch needs a second row
        widest = max(ctx.text.size(label, ctx.type.small, True)[0] for label in labels) * 0.8 + 8
        inner_w = self.switch_rect.w - 2 * max(6, round(10 * ctx.scale))
        rows = 1 if widest * len(options) + 4 * (len(options) - 1) <= inner_w else 2
        # buttons tall enough for their words (a small window's fixed height left them
        # a few pixels, the names spilling out)
        # (in a small window at the tiny size, so the roster under them keeps its lines)
        px = ctx.type.small if self.k >= 0.75 else ctx.type.tiny
        button_h = ctx.text.font(px, True).get_linesize() + 6
        need = panel_height(ctx, rows * button_h + 4 * (rows - 1))
        if rows != self._switch_rows or need != self._switch_need:
            self._switch_rows, self._switch_need = rows, need
            self.layout(self.size)
        shown = labels[options.index(self.as_seat)] if self.as_seat in options else "All"
        title = "See the map as" + (f": {shown}" if "switch" in self.folding.folded else "")
        inner = self._fold_panel(surface, ctx, "switch", self.switch_rect, title)
        if inner is None:
            return
        per_row = -(-len(options) // rows)
        w = (inner.w - 4 * (per_row - 1)) // per_row
        h = (inner.h - 4 * (rows - 1)) // rows
        for n, (seat, label) in enumerate(zip(options, labels, strict=True)):
            rect = pygame.Rect(inner.x + (n % per_row) * (w + 4),
                               inner.y + (n // per_row) * (h + 4), w, h)
            b = Button(f"as:{seat or ''}", label, rect, selected=(seat == self.as_seat),
                       px=px)
            self.buttons.append(b)
            b.draw(surface, ctx, pressed=(b.key == self._pressed))

    def _bar_tools(self, ctx, view) -> tuple[list[tuple[str, str, bool, pygame.Rect]], int]:
        """The bar's tools laid out from the bar's top-left: one row filling the bar when
        they fit, else as many rows as they take (nothing is left off: with seven seats the
        Tell buttons once pushed End game off a 1280-wide bar); and the height they need."""
        width = self.bar_rect.w
        y = ctx.text.font(ctx.type.small).get_linesize() + 4
        if view.phase == "play":
            y += TextLine.height(ctx) + 4
        row_h = ctx.text.font(ctx.type.small, True).get_linesize() + 10
        x, top, placed = 8, y, []
        for key, label, enabled in self.tools():
            w = ctx.text.size(label, ctx.type.small, True)[0] + 16
            if x + w > width - 4 and x > 8:
                x, y = 8, y + row_h + 4
            placed.append((key, label, enabled, pygame.Rect(x, y, w, row_h)))
            x += w + 4
        if y == top:  # one row: the buttons fill the bar's height, as they always have
            fill = self.bar_rect.h - top - 6
            placed = [(k, lab, e, pygame.Rect(r.x, r.y, r.w, max(row_h, fill)))
                      for k, lab, e, r in placed]
        return placed, y + row_h + 6

    def _fit_bar(self, ctx, view) -> None:
        """Grow the bar (and shrink the map) when its tools need more than one row."""
        _placed, need = self._bar_tools(ctx, view)
        need = need if need > round(self.BAR_HEIGHT * self.k) else 0
        if need != self.bar_need:
            self.bar_need = need
            self.layout(self.size)

    def _draw_bar(self, surface, ctx, view) -> None:
        rect = self._draw_bar_ground(surface)
        status_h = ctx.text.font(ctx.type.small).get_linesize()
        if self.status:  # shrunk to fit the bar (to 70 %) before anything is cut
            img = fit_text(ctx, self.status, ctx.type.small, theme.ORANGE, rect.w - 16)
            surface.blit(img, (rect.x + 8, rect.y + 2))
        if view.phase == "play":
            line = pygame.Rect(rect.x + 8, rect.y + status_h + 4, rect.w - 16,
                               TextLine.height(ctx))
            self.text.draw(surface, ctx, line)
        placed, _need = self._bar_tools(ctx, view)
        for key, label, enabled, r in placed:
            selected = key == f"robot:{self.robot}"
            b = Button(key, label, r.move(rect.x, rect.y), enabled=enabled, selected=selected,
                       px=ctx.type.small)
            self.buttons.append(b)
            b.draw(surface, ctx, pressed=(b.key == self._pressed))

    def _draw_adjudication(self, surface, ctx, view) -> None:
        tools = self.adjudication_tools()
        if not tools:
            return
        state = view.state
        char = state.characters.get(self.picked)
        sheets = default_sheets()
        if char is not None:
            owner = seat_title(char.seat) if char.seat else "the Feynman"
            title = (f"{sheets.characters[char.sheet].name} [{owner}] "
                     f"{STATUS_LABELS[judge_status_of(char)]}")
        else:
            item = state.items.get(self.picked)
            title = sheets.items[item.type].name if item else self.picked
        cols = 4
        rows = (len(tools) + cols - 1) // cols
        # buttons as tall as the window's type wants: fixed 30-pixel rows hid two thirds
        # of a 640x400 window's map, where the Judge must click the square to move to
        bh = max(round(30 * self.k), ctx.text.font(ctx.type.tiny).get_linesize() + 8)
        rect = pygame.Rect(self.cam.rect.x + 8, 0, min(round(520 * max(1.0, self.k)),
                                                       self.cam.rect.w - 16),
                           panel_height(ctx, rows * (bh + 4) - 4))
        rect.bottom = self.cam.rect.bottom - 8
        self.adjudication_rect = rect
        inner = solid_panel(surface, rect, ctx, f"Adjudicate: {title}"[:60])
        w = (inner.w - 4 * (cols - 1)) // cols
        for n, (key, label, enabled) in enumerate(tools):
            r = pygame.Rect(inner.x + (n % cols) * (w + 4), inner.y + (n // cols) * (bh + 4),
                            w, bh)
            b = Button(key, label, r, enabled=enabled,
                       selected=(key == "jmove" and self.moving), px=ctx.type.tiny)
            self.buttons.append(b)
            b.draw(surface, ctx, pressed=(b.key == self._pressed))

    def _draw_levels(self, surface, ctx, view) -> None:
        """The End game dialog: set each faction's level, then a second page shows the
        levels exactly as they will be announced and asks to confirm. Its buttons never
        sit where the button of the step before was, so a double-click cannot end a game."""
        k = self.k
        lines = self.end_lines()
        body_h = ctx.text.font(ctx.type.body, True).get_linesize()
        tiny_h = ctx.text.font(ctx.type.tiny).get_linesize()
        btn_h = round(34 * k)
        head_h = ctx.text.font(ctx.type.small).get_linesize() + round(6 * k)
        row = body_h + tiny_h + round(6 * k)
        room = self.cam.rect.h - 20 - round(60 * k) - head_h - btn_h
        row = max(body_h + 2, min(row, room // max(1, len(lines))))
        rect = pygame.Rect(0, 0, min(self.cam.rect.w - 20, round(760 * k)),
                           round(60 * k) + head_h + row * len(lines) + btn_h)
        rect.center = self.cam.rect.center
        title = "End the game: confirm" if self.confirming else "End the game: victory levels"
        inner = solid_panel(surface, rect, ctx, title)
        ask = ("Announce these levels to every seat and end the game? It cannot be undone."
               if self.confirming else "The rules' levels: change one only with a reason "
               "typed in the text box, then review them.")
        surface.blit(fit_text(ctx, ask, ctx.type.small, theme.YELLOW if self.confirming
                              else theme.INK, inner.w, bold=self.confirming), (inner.x, inner.y))
        y = inner.y + head_h
        # - and + big enough to read and hit in a small window too (18 pixels hid them)
        step_w = max(round(36 * k), body_h + 12)
        step_h = min(row - 2, max(round(32 * k), body_h + 6))
        text_w = inner.w - (0 if self.confirming else 2 * step_w + 12)
        for seat, (level, goal) in zip(self.levels, lines, strict=True):
            surface.blit(fit_text(ctx, level, ctx.type.body, theme.INK, text_w, bold=True),
                         (inner.x, y))
            if row >= body_h + tiny_h:
                surface.blit(fit_text(ctx, goal, ctx.type.tiny, theme.INK_DIM, text_w),
                             (inner.x, y + body_h))
            if not self.confirming:
                for n, (step, label) in enumerate(((-1, "-"), (1, "+"))):
                    b = Button(f"level:{seat}|{step}", label, pygame.Rect(
                        inner.right - 2 * step_w - 6 + n * (step_w + 6), y,
                        step_w, step_h), px=ctx.type.body)
                    self.buttons.append(b)
            y += row
        half = (inner.w - 12) // 2
        left = pygame.Rect(inner.x, inner.bottom - btn_h, half, btn_h)
        right = pygame.Rect(inner.right - half, inner.bottom - btn_h, half, btn_h)
        if self.confirming:
            self.buttons += [
                Button("end_confirm", "End the game now", left, accent=theme.VERMILLION,
                       px=ctx.type.small),
                Button("end_back", "Back to the levels", right, px=ctx.type.small)]
        else:
            self.buttons += [
                Button("cancel_end", "Cancel (Esc)", left, px=ctx.type.small),
                Button("end_review", "Review and end...", right, accent=theme.GREEN,
                       px=ctx.type.small)]
        for b in self.buttons:
            if b.key.startswith(("level:", "end_", "cancel_end")):
                b.draw(surface, ctx, pressed=(b.key == self._pressed))

    def _draw_result(self, surface, ctx, view) -> None:
        state = view.state
        draw_result(surface, ctx, self.cam.rect.center, state.result,
                    min(round(660 * ctx.scale), self.cam.rect.w - 20),
                    height=self.cam.rect.h - 20)
