"""One seat's screen of The Artifact, from the lobby to the end of the game.

Everything shown comes from the seat's own document (its ``view_for``, presence and chat);
everything the player does becomes an engine action sent through the source. Reach, path,
field of view and line of sight come from ``game.artifact.preview`` on the seat's view, and
the odds of an attack from ``game.artifact.odds`` (the engine's own attack planning on what
the seat knows; the aiming itself is ``artifact_targeting``), so the screen never decides a
rule itself: an action the engine refuses comes back with its reason, shown in the status
line.

Keys: 1/2/3 walk/jog/run, Tab next character, F field of view, L line of sight, E end turn,
arrow keys choose the facing when asked (otherwise pan), Enter keeps the facing, Escape
cancels, +/- zoom, M mute (the app's), C focus the negotiation line.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict

import pygame

from game.artifact import actions as A
from game.artifact import movement, odds, preview, space, square_picks
from game.artifact.computer_view import Offer
from game.artifact.errors import ArtifactError
from game.artifact.state import ItemCounter, OwnCharacter
from game.artifact.viewtypes import SeatView, View
from game.ui import theme
from game.ui.anim import ease_in_out
from game.ui.artifact_computer_panel import ComputerPanel, is_panel_key
from game.ui.artifact_hazard_layer import hazards_of
from game.ui.artifact_lobby import PlacementDraft, PurchaseForm, reveal_lines
from game.ui.artifact_map import FACING_ANGLE, Overlays, Piece
from game.ui.artifact_mapscene import ARROW_FACING, ArtifactMapScene
from game.ui.artifact_panels import (
    draw_result,
    draw_turn_bar,
    end_level_lines,
    end_reveal_lines,
    forces_page,
    forces_page_of,
    named,
    notice_text,
    seat_names,
    turn_seconds_left,
)
from game.ui.artifact_pieces import place_name, seat_hatches, seat_pieces, seat_title
from game.ui.artifact_targeting import (
    Targeting,
    draw_cover_marks,
    draw_targeting,
    draw_targeting_panel,
)
from game.ui.artifact_words import FACING_WORDS, HULL_FACE_WORDS
from game.ui.scene import Command
from game.ui.widgets import (
    Button,
    draw_panel,
    draw_tooltip,
    draw_wrapped,
    ellipsized,
    fit_text,
)

HOVERED = ("path", "los", "notes", "aim")  # previews that follow the mouse
HOVER_CACHE = 64
BAR_MOST = 0.5  # the tool bar grows to at most this share of the window's height
LOBBY = ("assign", "encryption", "purchase", "place", "judge_check")
MODES = ("walk", "jog", "run")
#: Bar options that become one action at once (the facing afterwards asked next): clearing a
#: jam, first aid, a medkit, trap inspection, booby traps and thermite mines, repairs,
#: casualties.
#: A character's status in the unit panel's words.
STATUS_WORDS = {"active": "ready", "ko": "knocked out", "serious": "seriously wounded",
                "down": "down", "dead": "dead", "inactive": "inactive",
                "wounded": "lightly wounded"}
#: Why a carried item is out of action, in words.
ITEM_STATE = {"overheated": "overheated: needs repair", "emp": "shorted out: needs repair",
              "broken": "broken", "breached": "breached"}
#: Bar options that come in several (one per patient, thing or square): more than one of a
#: kind shows as one button that opens them, so the bar stays within its room.
GROUPS = {"medic": "First aid", "medkit": "Medkit", "plasma": "Inspect for traps",
          "place": "Traps and mines", "repair": "Repair", "carry": "Carry",
          "unjam": "Clear a jam", "opportunity_fire": "Cover a square",
          "weld": "Weld or cut a hatch", "jam": "Jam a weapon", "fly": "Fly the ship",
          "flyoff": "Fly off the map",
          "gas": "Gas", "light": "Flashlight", "cannon": "Pirate cannon"}
#: Bar options aimed at a square picked on the map (``square_picks``).
SQUARE_PICKS = ("gas", "light", "cannon")
COMBAT_OPTIONS = ("unjam", "medic", "medkit", "plasma", "place", "repair", "carry",
                  "put_down", "flyoff")
STEP_SECONDS = 0.16
TURN_SECONDS = 0.25


def _shortest(a: float, b: float) -> float:
    d = (b - a + 180.0) % 360.0 - 180.0
    return a + d


class Motion:
    """A counter gliding square by square (and turning) towards where the view now has it."""

    def __init__(self, points: list[tuple[int, int]], a0: float, a1: float) -> None:
        self.points = points
        self.a0 = a0
        self.a1 = _shortest(a0, a1)
        steps = max(0, len(points) - 1)
        self.duration = max(TURN_SECONDS if a0 != a1 else 0.0, steps * STEP_SECONDS)
        self.t = 0.0
        self.step_done = 0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def pos(self) -> tuple[float, float]:
        steps = len(self.points) - 1
        if steps <= 0 or self.duration <= 0:
            return float(self.points[-1][0]), float(self.points[-1][1])
        f = min(1.0, self.t / self.duration) * steps
        i = min(steps - 1, int(f))
        k = ease_in_out(f - i)
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        return x0 + (x1 - x0) * k, y0 + (y1 - y0) * k

    def angle(self) -> float:
        if self.duration <= 0:
            return self.a1
        return self.a0 + (self.a1 - self.a0) * min(1.0, self.t / self.duration)


@dataclasses.dataclass
class BarPlan:
    """Where the tool bar's buttons go: (key, label, enabled, rect) for the actions and
    the display toggles, the type size, and the bar height all of them need."""

    actions: list[tuple[str, str, bool, pygame.Rect]]
    toggles: list[tuple[str, str, pygame.Rect]]
    px: int
    height: int


def pack_bar(ctx, actions, toggles, px: int, x0: int, right: int, top: int,
             row_h: int, gap: int = 4) -> tuple[list, list, int]:
    """Lay the bar out at type size ``px``: the display toggles at the right of the first
    row, End Turn just left of them (so it is always there, whatever else is offered), and
    every other action from the left, wrapping onto as many rows as it takes. Returns the
    placed actions, the placed toggles and the lowest pixel used."""
    def width(label: str, size: int = px) -> int:
        return max(44, ctx.text.size(label, size, True)[0] + 14)

    placed_t = []
    x = right
    for attr, label in reversed(toggles):
        w = width(label, ctx.type.tiny)
        x -= w
        placed_t.insert(0, (attr, label, pygame.Rect(x, top, w, row_h)))
        x -= gap
    first_right = x
    placed = []
    end = [a for a in actions if a[0] == "end_turn"]
    if end:
        w = min(width(end[0][1]), max(44, first_right - x0))
        if first_right - w < x0:  # no room beside the toggles: End Turn opens the row below
            first_right = x0 - gap
        else:
            placed.append((*end[0], pygame.Rect(first_right - w, top, w, row_h)))
            first_right -= w + gap
    row, x = 0, x0
    limit = first_right
    bottom = top + row_h
    for key, label, enabled in actions:
        if key == "end_turn" and placed and placed[0][0] == "end_turn":
            continue
        w = min(width(label), right - x0)
        if x + w > limit and (x > x0 or limit < right):  # on to the next row
            row += 1
            x, limit = x0, right
        y = top + row * (row_h + gap)
        placed.append((key, label, enabled, pygame.Rect(x, y, w, row_h)))
        bottom = max(bottom, y + row_h)
        x += w + gap
    return placed, placed_t, bottom


class ArtifactSeatScene(ArtifactMapScene):
    """The seat screen (see the module docstring)."""

    name = "artifact_seat"

    BAR_HEIGHT = 92  # room for two rows of actions; more rows grow it (``plan_bar``)

    def __init__(self, source, *, overlays_on: bool = True) -> None:
        super().__init__(source, cam_top=36)
        self.selected: str | None = None
        self.forces_page = 0  # the page of "Your forces" names shown when not all fit
        self._forces_followed: str | None = None  # the selection the page last followed
        self.mode = "walk"
        self.show_fov = overlays_on
        self.show_los = overlays_on
        self.show_reach = overlays_on
        self.pending: A.Action | None = None
        self.pending_at: tuple[int, int] | None = None
        self.targeting: Targeting | None = None  # an attack being aimed (combat)
        self.group: str | None = None  # the bar shows this group's choices (``GROUPS``)
        # an Alien Special Action waiting for its square on the map: (power, look)
        self.power_pick: tuple[str, str] | None = None
        self.square_pick: str | None = None  # a gas, flashlight or cannon option being aimed
        self.computer = ComputerPanel()
        self.show_computer = False
        self.sent_paths: dict[str, list[tuple[int, int]]] = {}
        self.motions: dict[str, Motion] = {}
        self.purchase: PurchaseForm | None = None
        self.placement: PlacementDraft | None = None
        self._view: dict | None = None
        self._pieces: list[Piece] = []
        self._preview_cache: dict = {}
        self._hover_cache: OrderedDict = OrderedDict()
        self._swallow = ""
        self._chrome_at: tuple | None = None     # what the cached frame pieces show
        self._chrome: list[tuple[pygame.Rect, pygame.Surface]] = []
        self._chrome_buttons: list[Button] = []
        self._bar_plan: BarPlan | None = None
        self._placing = False     # the placement list has the column's room
        self._revealed = False    # the end's reveal is in the notices
        self.layout((1280, 800))

    # ------------------------------------------------------------------ layout

    def layout_lists(self, side: int, top: int, rest: int) -> None:
        # Placing forces needs a row per counter: the list takes most of the column then.
        share = 0.68 if self._placing else (0.44 if self._roomy() else 0.46)
        self.list_rect = pygame.Rect(self.side_rect.x, top, side, int(rest * share))

    @property
    def LOG_SHARE(self) -> float:  # noqa: N802  (the base's class constant, per phase here)
        return 0.1 if self._placing else (0.25 if self._roomy() else 0.22)

    def _roomy(self) -> bool:
        """A window of 1280x720 or more gives the notices room for a three-line report
        (an attack's outcome); a smaller one keeps that room for the negotiation line."""
        return getattr(self, "k", 1.0) >= 0.85

    @property
    def captures_text(self) -> bool:
        return self.chat.line.active or self.computer.speech.active

    # ------------------------------------------------------------------ data

    def is_actor(self) -> bool:
        view = self.view
        return view is not None and self.seat in view.actors

    def my_turn(self) -> bool:
        view = self.view
        return view is not None and view.phase == "play" and view.turn_seat == self.seat

    def own(self) -> dict[str, OwnCharacter]:
        view = self.view
        return view.own.characters if view else {}

    def can_act(self, cid: str | None) -> bool:
        if cid is None or not self.my_turn():
            return False
        entry = self.own().get(cid)
        if entry is None or entry.square is None or entry.status != "active":
            return False
        turn = self.view.turn
        return (turn is None or cid not in turn.acted) and bool(entry.ma)

    def _sync(self, ctx) -> None:
        """React to a new document: notices, sounds, animations, lobby drafts."""
        if not self._new_version():
            return
        old = self._view
        view = self.view
        self._view = view
        self._preview_cache.clear()
        self._hover_cache.clear()
        if view is None:
            return
        doc = self.source.doc
        self.chat.sync(doc.get("chat", []))
        notices = view.notices
        names = seat_names(view)
        for n in self._unseen(notices):
            text, colour = notice_text(n, names)
            self.log.add(text, colour)
            if n.kind == "telegram":
                ctx.play("telegram")
            elif n.kind in ("announcement", "trap_triggered"):
                ctx.play("alarm")
        self._notices_seen = len(notices)
        if view.reveal is not None and not self._revealed:  # the end: all is told
            self._revealed = True
            lines = end_level_lines(view.result) if view.result is not None else []
            for text, colour in lines + end_reveal_lines(view.reveal):
                self.log.add(text, colour)
        new_pieces = seat_pieces(view)
        if old is not None:
            self._animate(self._pieces, new_pieces)
        self._pieces = new_pieces
        phase = view.phase
        if phase == "purchase" and view.order is None:
            if self.purchase is None or self.purchase.faction_id != view.faction:
                self.purchase = PurchaseForm(view)
        else:
            self.purchase = None
        if phase == "place" and view.to_place:
            if self.placement is None:
                self.placement = PlacementDraft(view, self.plan)
        else:
            self.placement = None
        if self._placing != (self.placement is not None):
            self._placing = self.placement is not None
            self.layout(self.size)
        self._take_timer(ctx)
        if self.selected not in self.own() or (old is not None and old.phase != phase):
            self.selected = None
        if self.targeting is not None and not self.can_act(self.targeting.cid):
            self.targeting = None
        if not self.can_act(self.selected):
            self.group = None
        if self.selected is None and phase == "play":
            self.select_next()
        if not self._centred:
            squares = [p.square for p in new_pieces if p.own] or [(20, 8)]
            self.cam.centre_on(squares[0])
            self._centred = True

    def _animate(self, old: list[Piece], new: list[Piece]) -> None:
        before = {p.key: p for p in old if not p.ghost}
        for p in new:
            if p.ghost or p.key not in before:
                continue
            q = before[p.key]
            if q.square == p.square and q.facing == p.facing:
                continue
            a0 = FACING_ANGLE.get(q.facing or "N", 0.0)
            a1 = FACING_ANGLE.get(p.facing or "N", 0.0)
            path = self.sent_paths.pop(p.key, None)
            if path and tuple(path[-1]) == p.square:
                points = [q.square] + [tuple(s) for s in path]
            elif q.square != p.square:
                points = [q.square, p.square]
            else:
                points = [p.square]
            self.motions[p.key] = Motion(points, a0, a1)

    def select_next(self) -> None:
        ids = [cid for cid, e in self.own().items()
               if e.square is not None and e.kind != "program"]
        if not ids:
            self.selected = None
            return
        ready = [cid for cid in ids if self.can_act(cid)] or ids
        if self.selected in ready:
            ready = ready[ready.index(self.selected) + 1:] + ready[: ready.index(self.selected) + 1]
        self.selected = ready[0]
        self.pending = None
        self.targeting = None
        self.group = None

    # ------------------------------------------------------------------ previews (engine)

    def _cached(self, key, fn):
        """An engine preview, asked once per document. What follows the mouse (paths,
        lines of sight, hatch notes) is kept for the last ``HOVER_CACHE`` squares only,
        so sweeping the map never pushes out the selection's reach and actions."""
        cache = self._hover_cache if key[0] in HOVERED else self._preview_cache
        if key in cache:
            if cache is self._hover_cache:
                cache.move_to_end(key)
            return cache[key]
        try:
            found = fn()
        except (ArtifactError, KeyError, ValueError):
            found = None
        cache[key] = found
        if cache is self._hover_cache and len(cache) > HOVER_CACHE:
            cache.popitem(last=False)
        return found

    def knowledge(self) -> odds.SeatKnowledge | None:
        """The seat's view in the shape the engine's combat planning reads (built once a
        document)."""
        if self.view is None or self.view.phase != "play":
            return None
        return self._cached(("know",), lambda: odds.SeatKnowledge(self.view))

    def option(self, key: str):
        """The action bar's option ``key`` for the selected character, if open."""
        options = self._cached(("available", self.selected), lambda: preview.available_actions(
            self.view, self.selected if self.selected in self.own() else None, self.plan))
        return next((o for o in options or [] if o.key == key and o.ok), None)

    def reach(self) -> dict:
        if not self.can_act(self.selected):
            return {}
        return self._cached(("reach", self.selected, self.mode),
                            lambda: preview.reachable(self.view, self.selected, self.mode)) or {}

    def fov(self) -> set:
        if self.selected is None or self.view is None:
            return set()
        entry = self.own().get(self.selected)
        if not entry or entry.square is None:
            return set()
        return self._cached(("fov", self.selected),
                            lambda: preview.field_of_view(self.view, self.selected)) or set()

    def path_preview(self, target: tuple[int, int]) -> dict | None:
        if not self.can_act(self.selected):
            return None
        return self._cached(("path", self.selected, self.mode, target),
                            lambda: preview.path_to(self.view, self.selected, self.mode, target))

    def path_notes(self, path: list[tuple[int, int]]) -> dict:
        """Where the planned path opens a hatch, and what that costs (the engine's check)."""
        entry = self.own().get(self.selected or "")
        if not path or not entry:
            return {}

        def notes():
            plan = movement.check_path(self.view, self.selected, self.mode,
                                       [list(p) for p in path], entry.facing, self.plan)
            out = {}
            for square, cost, hatch in zip(plan.squares, plan.costs, plan.hatches,
                                           strict=False):
                if hatch is not None:
                    extra = cost - self.plan.cost[square]
                    out[self.plan.xy(square)] = f"hatch +{extra} MP" if extra > 0 else "hatch"
            return out

        return self._cached(("notes", self.selected, self.mode, tuple(path)), notes) or {}

    def los(self, target: tuple[int, int]):
        entry = self.own().get(self.selected or "")
        if not entry or entry.square is None:
            return None
        start = entry.square
        if start == target:
            return None
        faces = space.outside(self.plan).face_of
        if faces.get(self.plan.sq(*start)) != faces.get(self.plan.sq(*target)):
            # the hull's faces are drawn apart: a line across the drawing between a face and
            # anywhere else means nothing (the field of view shows what is seen over the hull)
            return None
        found = self._cached(("los", start, target),
                             lambda: preview.line_of_sight(start, target))
        if found is None:
            return None
        clear, stop = found
        return start, target, clear, stop

    # ------------------------------------------------------------------ legal actions

    def action_buttons(self, ctx) -> list[tuple[str, str, bool]]:
        """(key, label, enabled) for the selected character, only what may be legal now."""
        out: list[tuple[str, str, bool]] = []
        view = self.view
        if view is None or view.phase != "play":
            return out
        mine = self.my_turn()
        pending = self.pending
        if isinstance(pending, A.Move) and pending.path and pending.mode != "run":
            # move, then pick up what lies where the move ends (walking or jogging only)
            entry = self.own().get(pending.character)
            end = tuple(pending.path[-1])
            if entry is not None and "Hands" in entry.skills:
                for key, name in self._floor_items(end):
                    out.append((f"mtake:{key}", f"Move + take {name}", True))
        if not mine:
            return out
        know = self.knowledge()
        if self.targeting is not None and know is not None:
            return self.targeting.buttons(know)
        # what the engine would accept, asked of the seat's own view
        cid = self.selected
        options = self._cached(("available", cid), lambda: preview.available_actions(
            view, cid if cid in self.own() else None, self.plan))
        open_ = [o for o in options or [] if o.ok and not is_panel_key(o.key)]
        if any(o.ok and is_panel_key(o.key) for o in options or []):
            out.append(("computer", "Computer", True))  # the panel offers these
        groups: dict[str, list] = {}
        for option in open_:
            kind = option.key.partition(":")[0]
            if kind in GROUPS:
                groups.setdefault(kind, []).append(option)
        if self.group is not None:  # one group's choices, and the way back
            return [(o.key, o.label, True) for o in groups.get(self.group, [])] + [
                ("group_back", "Back (Esc)", True)]
        shown: set = set()
        for option in open_:
            kind, _, arg = option.key.partition(":")
            if kind in groups and len(groups[kind]) > 1:
                if kind not in shown:  # a choice of several: one button opens them
                    shown.add(kind)
                    out.append((f"group:{kind}", f"{GROUPS[kind]} ({len(groups[kind])})",
                                True))
            elif kind in MODES:
                n = MODES.index(kind) + 1
                out.append((f"mode:{kind}", f"{n} {option.label}", True))
            elif kind == "wear":
                out.append((f"suit:{arg}", option.label, True))
            elif kind == "end_turn":
                out.append(("end_turn", "End Turn (E)", True))
            else:
                out.append((option.key, option.label, True))
        return out

    def options(self) -> list:
        """The bar's options for the selected character (the seat's own view asked)."""
        view, cid = self.view, self.selected
        return self._cached(("available", cid), lambda: preview.available_actions(
            view, cid if cid in self.own() else None, self.plan)) or []

    def offer_action(self, key: str) -> A.Action | None:
        """The engine action an open option of the bar stands for, at the character's
        present facing (asked next), for the options that name everything they need."""
        option = next((o for o in self.options() if o.key == key and o.ok), None)
        entry = self.own().get(self.selected)
        if option is None or entry is None or "character" not in option.action:
            return None
        try:
            return A.action_from_dict({**option.action, "facing": entry.facing})
        except ArtifactError:
            return None

    def _floor_items(self, square: tuple[int, int]) -> list[tuple[str, str]]:
        """(id, name) of the items the seat's map shows lying on ``square`` (its own hidden
        markers are not for picking up)."""
        view = self.view
        out = [(token, c.counter) for token, c in view.map.counters.items()
               if isinstance(c, ItemCounter) and c.square == square]
        return out

    # ------------------------------------------------------------------ acting

    def send(self, action: A.Action, ctx) -> None:
        if isinstance(action, A.Move) and action.path:
            self.sent_paths[action.character] = list(action.path)
        self.source.action(action)
        ctx.play("click")
        self.pending = None
        self.pending_at = None

    def ask_facing(self, action: A.Action, at: tuple[int, int]) -> None:
        """Hold ``action`` (its facing is the default) until the player picks a facing."""
        self.pending = action
        self.pending_at = at

    def facing_costs(self) -> dict[str, tuple[int, str]]:
        """For the pending action, each facing's (MP, why the engine would refuse it)."""
        action = self.pending
        if action is None or getattr(action, "character", None) not in self.own():
            return {}
        path = getattr(action, "path", None)
        mode = getattr(action, "mode", None)
        return self._cached(("facings", repr(action)), lambda: preview.facing_choices(
            self.view, action.character, mode, path, self.plan)) or {}

    def finish_facing(self, facing: str | None, ctx) -> None:
        """Send the pending action ending with ``facing`` (None: its default); a facing
        the character cannot afford is refused here, saying why, and the plan is kept."""
        if self.pending is None:
            return
        action = self.pending
        if facing is not None:
            action = dataclasses.replace(action, facing=facing)
        _cost, why = self.facing_costs().get(getattr(action, "facing", ""), (0, ""))
        if why:
            self.status = f"Cannot face that way: {self.in_words(why)}."
            ctx.play("error")
            return
        self.send(action, ctx)
        self._after_action()

    def _after_action(self) -> None:
        self._preview_cache.clear()
        self._hover_cache.clear()

    def click_button(self, key: str, ctx) -> Command | None:
        kind, _, arg = key.partition(":")
        view = self.view
        if kind == "fold":
            self.fold(arg)
        elif kind == "vote":
            self.send(A.VoteEncryption(arg == "yes"), ctx)
        elif kind == "ready" and self.placement is not None:
            self.send(self.placement.action(), ctx)
        elif kind == "clear" and self.placement is not None:
            self.placement = PlacementDraft(view, self.plan)
        elif kind == "place_pick" and self.placement is not None:
            self.placement.index = int(arg)
        elif kind == "mode":
            self.mode = arg
            self.pending = None
        elif kind == "toggle":
            setattr(self, arg, not getattr(self, arg))
        elif kind == "select":
            self.selected = arg
            self.pending = None
            self.targeting = None
            self.group = None
            self.square_pick = None
            entry = self.own().get(arg)
            if entry and entry.square is not None:
                self.cam.centre_on(entry.square)
        elif kind == "forces_page":
            self.forces_page += 1
        elif kind == "end_turn":
            self.send(A.EndTurn(), ctx)
        elif kind == "mtake" and isinstance(self.pending, A.Move):
            move = self.pending
            self.pending = A.MoveThenPickUp(move.character, move.mode, move.path, (arg,), (),
                                            move.facing)
        elif kind == "inform":
            self.send(A.ActivateInformant(arg), ctx)
        elif kind == "icond":
            cid, _, condition = arg.partition("|")
            self.send(A.SetInformantCondition(cid, condition), ctx)
        elif self.selected and kind == "fly":
            entry = self.own()[self.selected]
            way, _, mode = arg.partition(":")
            step, _, count = way.partition("*")
            self.ask_facing(A.Pilot(self.selected, mode, (step,) * int(count or 1),
                                    entry.facing), entry.square)
        elif kind == "group":
            self.group = arg
        elif kind == "group_back":
            self.group = None
        elif kind in ("attack", "move_then_attack", "opportunity_fire") and self.selected:
            self.group = None
            self.start_targeting(key)
        elif kind in SQUARE_PICKS and self.selected:
            self.group = None
            self.square_pick = key
            self.status = "Pick the square on the map (Esc: cancel)."
        elif kind in ("tweapon", "tfire", "thostile", "tfire_now", "tcancel") \
                and self.targeting is not None:
            self.targeting_button(kind, arg, ctx)
        elif kind in COMBAT_OPTIONS and self.selected:
            self.group = None
            option = self.option(key)
            entry = self.own()[self.selected]
            if option is not None:
                self.ask_facing(A.action_from_dict({**option.action, "facing": entry.facing}),
                                entry.square)
        elif kind == "power" and self.selected:
            power, _, rest = arg.partition(":")
            if power in ("drift", "illusion"):
                self.power_pick = (power, rest)
                self.status = "Pick the square on the map (Esc: cancel)."
            else:
                self.send(A.AlienPower(self.selected, power, target=rest), ctx)
        elif kind == "computer":
            self.show_computer = not self.show_computer
        elif kind == "cp":
            entry = self.own().get(self.selected)
            plain = self.computer.click(key, entry.facing if entry else "N")
            if plain is not None:
                self.send(A.action_from_dict(plain), ctx)
                self._after_action()
                self._after_action()
        elif self.selected and kind in ("turn", "take", "drop", "suit", "lift", "check"):
            entry = self.own()[self.selected]
            at = entry.square
            cid, now = self.selected, entry.facing
            action: A.Action
            if kind == "turn":
                action = A.Move(cid, "walk", (), now)
            elif kind == "take":
                action = A.PickUpDrop(cid, (arg,), (), now)
            elif kind == "drop":
                action = A.PickUpDrop(cid, (), (arg,), now)
            elif kind == "suit":
                action = A.WearSuit(cid, arg, now)
            elif kind == "check":
                action = A.CheckStatus(cid, arg, now)
            else:
                action = A.MoveLiftCar(cid, arg, now)
            self.ask_facing(action, at)
        elif self.purchase is not None:
            action = self.purchase.click(key)
            if action is not None:
                self.send(action, ctx)
        elif (offered := self.offer_action(key)) is not None:  # special areas, equipment
            entry = self.own()[self.selected]
            self.ask_facing(offered, entry.square)
        return None

    def in_words(self, text: str) -> str:
        view = self.view
        return named(text, seat_names(view)) if isinstance(view, SeatView) else text

    def aim_square(self, square: tuple[int, int], ctx) -> None:
        """The gas, flashlight or cannon option being aimed, at ``square``: its action (the
        facing asked next), or the engine's reason it cannot go there."""
        key, self.square_pick = self.square_pick, None
        know = self.knowledge()
        cid = self.selected
        pick = square_picks.pick_for(know, cid, key) if know is not None else None
        plain = pick.action_at(square) if pick is not None else None
        if plain is None:
            why = square_picks.aim_problem(know, cid, key, square) if know else "not now"
            self.status = f"Cannot: {self.in_words(why)}."
            ctx.play("error")
            return
        entry = self.own()[cid]
        self.status = ""
        if plain.get("mode") == "anti_personnel":  # the odds before it fires, in words
            name = seat_names(self.view).get(plain["target"], "the target")
            self.status = (f"Cannon at {name}: "
                           f"{square_picks.cannon_odds(know, cid, plain['target'])}")
        self.ask_facing(A.action_from_dict({**plain, "facing": entry.facing}), entry.square)

    def pick_squares(self) -> frozenset:
        """The squares the option being aimed may go to (lit up on the map)."""
        know = self.knowledge()
        if self.square_pick is None or know is None or self.selected not in self.own():
            return frozenset()
        cid, key = self.selected, self.square_pick
        pick = self._cached(("pick", cid, key),
                            lambda: square_picks.pick_for(know, cid, key))
        return frozenset(pick.targets) if pick is not None else frozenset()

    def start_targeting(self, key: str) -> None:
        """Begin aiming from the bar's attack, move + attack or cover option."""
        option = self.option(key)
        know = self.knowledge()
        if option is None or know is None:
            return
        cid = self.selected
        choices = odds.weapons(know, cid)
        usable = [w for w in choices if w.ok]
        kind, _, arg = key.partition(":")
        if kind == "attack":
            self.targeting = Targeting(cid, "attack", option.action["weapon"],
                                       option.action["fire"], choices=choices)
        elif kind == "move_then_attack":
            if self.mode == "run":
                self.mode = "walk"
            ranged = [w for w in usable if w.ranged] or usable
            self.targeting = Targeting(cid, "move_attack", ranged[0].name,
                                       move_mode=self.mode, choices=choices)
        else:
            self.targeting = Targeting(cid, "cover", arg, choices=choices)
        self.pending = None
        self.status = ""

    def targeting_button(self, kind: str, arg: str, ctx) -> None:
        t = self.targeting
        know = self.knowledge()
        if t is None or know is None:
            return
        if kind == "tweapon":
            t.pick_weapon(arg)
        elif kind == "tfire":
            t.fire = arg
        elif kind == "thostile":
            t.next_hostile()
        elif kind == "tcancel":
            self.targeting = None
        elif kind == "tfire_now":
            action = t.action(know)
            if action is None:
                self.status = "Choose a target the engine would accept first."
                ctx.play("error")
                return
            self.targeting = None
            if isinstance(action, A.Attack):  # the facing it ends with is asked next
                self.ask_facing(action, tuple(self.own()[t.cid].square))
            else:
                self.send(action, ctx)
                self._after_action()

    def targeting_click(self, square: tuple[int, int], ctx) -> None:
        t = self.targeting
        know = self.knowledge()
        if t is None or know is None:
            return
        path = None
        if t.mode == "move_attack" and not t.path:
            found = self.path_preview(square)
            if found and found.get("path") and tuple(found["stop"]) == tuple(square):
                path = found["path"]
        said = t.click(know, square, path)
        if t.mode == "cover" and not said:
            self.targeting = None
            self.send(t.action(know), ctx)
            self._after_action()
            return
        self.status = self.in_words(said)
        ctx.play("error" if said and "cannot" in said.lower() else "click")

    def click_map(self, pos: tuple[int, int], ctx) -> None:
        square = self.cam.square_at(pos)
        if square is None:
            return
        if self.square_pick is not None and self.selected in self.own():
            self.aim_square(square, ctx)
            return
        if self.power_pick is not None and self.selected in self.own():
            power, look = self.power_pick
            self.power_pick = None
            action, why = preview.power_at(self.view, self.selected, power, look, square,
                                           self.plan)
            if action is None:
                self.status = f"Cannot: {self.in_words(why)}."
                ctx.play("error")
                return
            self.send(action, ctx)
            self.status = ""
            self._after_action()
            return
        if self.pending is not None and self.pending_at is not None:
            for facing, rect in self.renderer.facing_rects(self.cam, self.pending_at).items():
                if rect.collidepoint(pos):
                    self.finish_facing(facing, ctx)
                    return
            self.pending = None
            self.pending_at = None
        if self.targeting is not None:
            self.targeting_click(square, ctx)
            return
        if self.placement is not None:
            if self.placement.place(square):
                ctx.play("click")
            else:
                self.status = "Not a START square for that counter."
                ctx.play("error")
            return
        moving = self.can_act(self.selected) and square in self.reach()
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        for rect, piece in reversed(self.renderer.piece_rects(self.cam, self._pieces)):
            if moving and not shift:
                break
            if rect.collidepoint(pos) and piece.own and piece.key in self.own():
                if piece.key != self.selected:
                    self.selected = piece.key
                    self.status = f"{self.own()[piece.key].name} selected."
                    return
                break
        if not self.can_act(self.selected):
            return
        found = self.path_preview(square)
        if not found or not found.get("path"):
            return
        entry = self.own()[self.selected]
        last = tuple(found["path"][-2]) if len(found["path"]) > 1 else entry.square
        stop = tuple(found["stop"])
        facing = entry.facing
        dx, dy = stop[0] - last[0], stop[1] - last[1]
        if not entry.free_turns:
            pass  # turning costs MP here (zero-g, no thrusters): keep the facing by default
        elif abs(dx) > abs(dy):
            facing = "E" if dx > 0 else "W"
        elif dy:
            facing = "S" if dy > 0 else "N"
        self.ask_facing(A.Move(self.selected, self.mode, tuple(tuple(p) for p in found["path"]),
                               facing), stop)
        if self.facing_costs().get(facing, (0, ""))[1]:  # cannot turn that far: keep facing
            self.pending = dataclasses.replace(self.pending, facing=entry.facing)

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event, ctx) -> Command | None:
        self._sync(ctx)
        if self.locked():
            return self._locked_handle(event, ctx)
        view = self.view
        if view is None:
            return self._waiting_handle(event, ctx)
        if event.type == pygame.TEXTINPUT and self._swallow:
            swallow, self._swallow = self._swallow, ""
            if event.text.lower() == swallow:
                return None  # the C that focused the line is not part of the message
        sent = self.chat.handle(event, ctx) if self.chat_takes(event, ctx) else None
        if sent:
            text, to = sent
            self.source.chat(text, to)
            ctx.play("click")
            return None
        if self.chat.line.active and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return None
        if self.show_computer and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT,
                                                 pygame.MOUSEBUTTONDOWN):
            entry = self.own().get(self.selected)
            taken, plain = self.computer.type_event(event, entry.facing if entry else "N")
            if plain is not None:
                self.send(A.action_from_dict(plain), ctx)
                self._after_action()
            if taken:
                return None
        handled, command = self._pointer(event, ctx)
        if handled:
            return command
        if event.type == pygame.KEYDOWN:
            return self._key(event, ctx)
        return None

    def _key(self, event, ctx) -> Command | None:
        key = event.key
        if key in ARROW_FACING:
            if self.pending is not None:
                self.finish_facing(ARROW_FACING[key], ctx)
            elif self.placement is not None:
                self.placement.face(ARROW_FACING[key])
            else:
                dx, dy = {"N": (0, 1), "S": (0, -1), "E": (-1, 0), "W": (1, 0)}[ARROW_FACING[key]]
                self.cam.pan(dx * self.cam.cell * 3, dy * self.cam.cell * 3)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.pending is not None:
                self.finish_facing(None, ctx)
            elif self.purchase is not None:
                self.click_button("send_order", ctx)
            elif self.placement is not None and self.placement.complete():
                self.click_button("ready", ctx)
        elif key == pygame.K_ESCAPE:
            # Esc steps back one layer: a plan or a pick first, then the computer panel
            if self.show_computer and not (self.pending or self.targeting or self.group
                                           or self.power_pick or self.square_pick):
                self.show_computer = False
            self.pending = None
            self.pending_at = None
            self.targeting = None
            self.group = None
            self.power_pick = None
            self.square_pick = None
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.mode = MODES[key - pygame.K_1]
            self.pending = None
        elif key == pygame.K_TAB:
            self.select_next()
        elif key == pygame.K_f:
            self.show_fov = not self.show_fov
        elif key == pygame.K_l:
            self.show_los = not self.show_los
        elif key == pygame.K_r:
            self.show_reach = not self.show_reach
        elif key in (pygame.K_y, pygame.K_n) and view_phase(self.view) == "encryption":
            if self.view.my_vote is None:
                self.send(A.VoteEncryption(key == pygame.K_y), ctx)
        elif key == pygame.K_e and self.my_turn():
            self.send(A.EndTurn(), ctx)
        elif key == pygame.K_c:
            if "chat" in self.folding.folded:
                self.fold("chat")  # open the negotiation to type in it
            self.chat.line.active = True
            self._swallow = "c"
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.cam.zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cam.zoom(-1)
        return None

    # ------------------------------------------------------------------ time

    def update(self, dt: float, ctx) -> Command | None:
        self.source.pump()
        self._sync(ctx)
        for key, m in list(self.motions.items()):
            before = int(min(1.0, m.t / m.duration) * (len(m.points) - 1)) if m.duration else 0
            m.t += dt
            after = int(min(1.0, m.t / m.duration) * (len(m.points) - 1)) if m.duration else 0
            for i in range(before, after):
                a, b = m.points[i], m.points[i + 1]
                hatch = self.plan.hatch_between(self.plan.sq(*a), self.plan.sq(*b))
                ctx.play("hatch" if hatch is not None else "step")
            if m.done:
                del self.motions[key]
        self._clear_stale()  # a new turn, round or phase: what was said no longer holds
        self._take_error(ctx)
        return None

    def animating(self) -> bool:
        return bool(self.motions)

    # ------------------------------------------------------------------ drawing

    def pieces(self) -> list[Piece]:
        out = []
        for p in self._pieces:
            m = self.motions.get(p.key)
            if m is not None:
                p = Piece(**{**p.__dict__, "pos": m.pos(), "angle": m.angle()})
            out.append(p)
        if self.placement is not None:
            out += self.placement.pieces(self.view)
        return out

    def trap_squares(self) -> frozenset:
        """Squares where this seat's characters were stopped by a booby trap (from its
        own notices), marked on its map so the next one does not walk into it."""
        view = self.view
        return frozenset(tuple(n.get("square")) for n in (view.notices if view else ())
                         if n.kind == "interdiction" and n.get("square")
                         and "trap" in str(n.get("reason", "")))

    def overlays(self) -> tuple[Overlays, tuple]:
        ov = Overlays(hover=self.hover)
        key: tuple = (self._version, self.selected, self.mode)
        if self.placement is not None:
            cur = self.placement.current
            if cur is not None:
                ov.allowed = self.placement.allowed(cur[2])
                key = ("place", cur[2])
            return ov, key
        ov.traps = self.trap_squares()
        if self.square_pick is not None:  # where the gas, light or cannon may be aimed
            ov.allowed = self.pick_squares()
            key += ("pick", self.square_pick)
        entry = self.own().get(self.selected or "")
        if entry and entry.square is not None:
            ov.selected = entry.square
            aiming = self.targeting is not None and not (
                self.targeting.mode == "move_attack" and not self.targeting.path)
            if self.show_reach and not aiming:
                ov.reach = self.reach()
            if self.show_fov:
                ov.fov = self.fov()
            key += (self.show_reach, self.show_fov)
            moving = self.targeting is None or (self.targeting.mode == "move_attack"
                                                and not self.targeting.path)
            if self.hover is not None and self.pending is None and moving:
                if self.show_los:
                    ov.los = self.los(self.hover)
                found = self.path_preview(self.hover)
                if found and found.get("path"):
                    ov.path = [tuple(p) for p in found["path"]]
                    ov.path_stop = tuple(found["stop"])
                    ov.path_reason = found.get("reason") or ""
                    ov.path_start = entry.square
                    ov.path_notes = self.path_notes(ov.path)
        if self.pending is not None and self.pending_at is not None:
            ov.facing_at = self.pending_at
            ov.facing_default = getattr(self.pending, "facing", None)
            ov.facing_costs = self.facing_costs()
            if getattr(self.pending, "path", ()):
                ov.path = list(self.pending.path)
                ov.path_start = entry.square if entry else None
                ov.path_stop = self.pending_at
        return ov, key

    def _chrome_key(self, ctx, view, pieces, seconds_left) -> tuple | None:
        """What the frame around the map (turn bar, side column, tool bar) shows, or None
        when it must be drawn afresh this frame: the mouse is not over the map (a button
        may light up), the negotiation line is being typed in, the lobby's forms are up,
        or a layout check is recording the texts drawn."""
        if (ctx.text.registry is not None or self.chat.line.active or self._pressed
                or view.phase in LOBBY or not self.cam.rect.collidepoint(ctx.mouse)):
            return None
        return (ctx.size, self._version, self.selected, self.forces_page, self.mode,
                self.show_fov,
                self.show_los, self.show_reach, repr(self.pending), repr(self.targeting),
                self.group,
                self.status,
                None if seconds_left is None else int(seconds_left), ctx.sound.muted,
                self.chat.to, len(self.chat.log.entries), self.chat.log.offset,
                self.folding.folded,
                len(self.log.entries), self.log.offset, self.cam.cell, round(self.cam.ox),
                round(self.cam.oy), tuple((p.key, p.square, p.pos, p.ghost) for p in pieces))

    def _draw_chrome(self, surface, ctx, view, doc, pieces, hatches, lifts,
                     seconds_left) -> None:
        """The turn bar, the side column (minimap, lists, notices, negotiation) and the
        tool bar; ``self.buttons`` is what they hold (and ``fold_titles`` the titles)."""
        self.buttons, self.fold_titles = [], []
        draw_turn_bar(surface, ctx, self.top_rect, view, doc.get("presence", {}), seconds_left,
                      self.seat, ctx.sound.muted)
        self.renderer.minimap(surface, ctx, self.mini_rect, self.cam, pieces, hatches, lifts)
        if view.phase in LOBBY:
            self._draw_lobby(surface, ctx, view, doc)
        else:
            self._draw_forces(surface, ctx, view)
        self._draw_log(surface, ctx, "Notices")
        self._draw_chat(surface, ctx, [s.id for s in view.seats], view.encryption)
        self._draw_bar(surface, ctx, view, self._bar_plan)

    def draw(self, surface: pygame.Surface, ctx) -> None:
        self._sync(ctx)
        if self.locked():
            surface.fill(theme.BG)
            self._draw_locked(surface, ctx)
            return
        view = self.view
        doc = self.source.doc or {}
        if view is None:
            surface.fill(theme.BG)
            self._draw_waiting(surface, ctx)
            return
        if self._measure_folds(ctx):
            self.layout(self.size)
        seconds_left = turn_seconds_left(self._timer, ctx.time - self._timer_seen, view)
        ov, key = self.overlays()
        pieces = self.pieces()
        lifts = view.map.lifts
        hatches = seat_hatches(view, self.plan)
        phase = view.phase
        chrome = self._chrome_key(ctx, view, pieces, seconds_left)
        if chrome is not None and chrome == self._chrome_at:
            for rect, img in self._chrome:
                surface.blit(img, rect)
            self.buttons = list(self._chrome_buttons)
        else:
            self._bar_plan = self._fit_bar(ctx, view)  # may grow the bar (and shrink the map)
            surface.fill(theme.BG)
            self._draw_chrome(surface, ctx, view, doc, pieces, hatches, lifts, seconds_left)
            self._chrome_at = chrome
            if chrome is not None:
                self._chrome = [(r, surface.subsurface(r).copy())
                                for r in (self.top_rect, self.side_rect, self.bar_rect)]
                self._chrome_buttons = list(self.buttons)
        self.hazards.take(hazards_of(view), ctx.time)
        self.renderer.draw(surface, ctx, self.cam, hatches=hatches, lifts=lifts, pieces=pieces,
                           ov=ov, overlay_key=key,
                           under=lambda surf, cam: self.hazards.draw(surf, cam, ctx.time))
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.cam.rect, 1)
        self._draw_combat(surface, ctx, view)
        if phase in LOBBY:  # forms drawn over the map
            self._draw_lobby_forms(surface, ctx, view)
        if phase == "over":
            self._draw_result(surface, ctx, view)
        if phase == "play" and self.show_computer:
            self._draw_computer(surface, ctx, view)
        if self.hover is not None and self.pending is None and self.targeting is None:
            self._draw_hover_tip(surface, ctx)
        elif self.hover is not None and self.pending is None:
            draw_tooltip(surface, ctx, self.aim_tip(self.hover), ctx.mouse)
        elif self.pending is not None and self.pending_at is not None:
            self._draw_facing_tip(surface, ctx)

    def _draw_combat(self, surface, ctx, view) -> None:
        """The seat's own opportunity-fire markers, and the attack being aimed with its
        odds panel."""
        if view.cover:
            draw_cover_marks(surface, ctx, self.cam, view.cover, seat_names(view))
        know = self.knowledge()
        if self.targeting is not None and know is not None and self.pending is None:
            draw_targeting(surface, ctx, self.cam, self.targeting, know)
            draw_targeting_panel(surface, ctx, self.cam, self.targeting, know)

    def _bar_toggles(self, view) -> tuple[tuple[str, str], ...]:
        return () if view.phase in LOBBY else (
            ("show_reach", "Reach"), ("show_fov", "FOV"), ("show_los", "LOS"))

    def plan_bar(self, ctx, view) -> BarPlan:
        """The bar's buttons at the running-text size if they fit the bar's usual height,
        else at the hint size, in as many rows as they take (the bar then grows)."""
        actions = self.action_buttons(ctx)
        toggles = self._bar_toggles(view)
        lines = len(ctx.text.wrap(self.bar_status(), ctx.type.small,
                                  self.size[0] - self.side_rect.w - 16)) if self.bar_status() else 1
        status_h = ctx.text.font(ctx.type.small).get_linesize() * min(2, lines) + 4
        base = round(self.BAR_HEIGHT * self.k)
        x0, right = 8, self.size[0] - self.side_rect.w - 4
        plan = None
        most = int(self.size[1] * BAR_MOST)
        for px, pad, fits in ((ctx.type.small, 10, base), (ctx.type.tiny, 10, base),
                              (ctx.type.tiny, 10, most), (ctx.type.tiny, 4, most)):
            row_h = ctx.text.font(px).get_linesize() + pad
            placed, placed_t, bottom = pack_bar(ctx, actions, toggles, px, x0, right,
                                                status_h, row_h)
            plan = BarPlan(placed, placed_t, px, bottom + 6)
            if plan.height <= fits:
                break
        return plan

    def _fit_bar(self, ctx, view) -> BarPlan:
        """Plan the bar; grow or shrink it (and the map) to what its buttons need."""
        plan = self.plan_bar(ctx, view)
        need = plan.height if plan.height > round(self.BAR_HEIGHT * self.k) else 0
        if need != self.bar_need:
            self.bar_need = need
            self.layout(self.size)
        return plan

    def bar_status(self) -> str:
        """The status line: how to finish a pending action, else the last thing said."""
        if self.pending is None:
            return self.status
        status = ("Choose the facing: click an arrow or press an arrow key "
                  "(Enter takes the ringed one, Esc cancels).")
        if self.status.startswith(("Cannot face that way", "Cannon at ")):
            status = self.status + " " + status  # a refusal, or the odds of the shot
        entry = self.own().get(getattr(self.pending, "character", ""))
        if entry is not None and not entry.free_turns:
            status += " Zero-g, no thrusters: 1 MP per quarter turn."
        return status

    def _draw_bar(self, surface, ctx, view, plan: BarPlan) -> None:
        rect = self._draw_bar_ground(surface)
        status = self.bar_status()
        if status:  # in full, on up to two lines (the bar's plan made room for them)
            lh = ctx.text.font(ctx.type.small).get_linesize()
            top = min((r.y for _k, _l, _e, r in plan.actions), default=lh)
            draw_wrapped(surface, ctx, status, ctx.type.small,
                         theme.YELLOW if self.pending else theme.ORANGE,
                         pygame.Rect(rect.x + 8, rect.y + 2, rect.w - 16, max(lh, top - 4)))
        for key, label, enabled, r in plan.actions:
            selected = key == f"mode:{self.mode}" or (
                self.targeting is not None and key in self.targeting.chosen())
            b = Button(key, label, r.move(rect.x, rect.y), enabled=enabled, selected=selected,
                       px=plan.px, accent=theme.GREEN if key == "end_turn" else None)
            self.buttons.append(b)
        for attr, label, r in plan.toggles:
            on = getattr(self, attr)
            b = Button(f"toggle:{attr}", ("[x] " if on else "[ ] ") + label,
                       r.move(rect.x, rect.y), selected=on, px=ctx.type.tiny)
            self.buttons.append(b)
        for b in self.buttons:
            b.draw(surface, ctx, pressed=(b.key == self._pressed))

    def unit_lines(self, view, cid: str) -> list[str]:
        """The selected character's card: what it is, how far it may move, its skills,
        armour, wounds, and what it carries and wears, in words."""
        e = self.own()[cid]
        items = view.own.items
        acted = view.turn is not None and cid in view.turn.acted
        status = STATUS_WORDS.get(e.status, str(e.status).replace("_", " "))
        head = f"{e.name}: {e.kind}, {status}" + (", light wound" if e.wound else "")
        if e.eva in HULL_FACE_WORDS:  # the EVA marker, in words
            head += f", {HULL_FACE_WORDS[e.eva]}"
        armour = "no armour" if e.armour == "none" else f"{e.armour} armour"
        ma = e.ma or {}
        if acted:
            moves = "Has acted this turn."
        elif ma and e.status == "active":
            moves = ("Moves this turn: " + ", ".join(f"{m} {ma.get(m, 0)}" for m in MODES)
                     + " squares' worth (MP)"
                     + ("" if e.free_turns else "; turning costs MP (zero-g)"))
        elif e.kind == "program" and view.alien is not None:
            moves = "Unseen: moves only by its powers (written in your notes)."
        else:
            moves = "Cannot move now."
        skills = ", ".join(e.skills) or "none"
        carried = ", ".join(item_words(items[i], self.knowledge()) for i in e.items
                            if i in items)
        worn = items[e.suit].name if e.suit in items else ""
        kit = ("Carries " + (carried or "nothing")) + (f"; wears {worn}" if worn else "")
        if e.carrying:
            body = self.own().get(e.carrying)
            kit += f"; bears {body.name if body else 'a casualty'}"
        if e.carried_by:
            kit += "; is being carried"
        return [head, f"{moves}", f"Skills: {skills}; {armour}.", kit + "."]

    def _draw_forces(self, surface, ctx, view) -> None:
        inner = draw_panel(surface, self.list_rect, ctx, "Your forces")
        px = ctx.type.tiny
        lh = ctx.text.font(px).get_linesize() + 6
        y = inner.y
        acted = view.turn.acted if view.turn else ()
        own = list(self.own().items())

        def label(cid: str, e: OwnCharacter) -> str:
            state = "done" if cid in acted else (
                "" if e.status == "active" else str(e.status).replace("_", " "))
            return e.name + (f" ({state})" if state else "")

        # names only, side by side: as many columns (up to three) as the longest name
        # allows, so a narrow column still shows two or three names a row
        need = max((ctx.text.size(label(cid, e), px)[0] for cid, e in own), default=0) + 16
        cols = next((c for c in (3, 2) if (inner.w - 4 * (c - 1)) // c >= need), 1)
        # the card leaves the names two rows when they need more than one (a name and
        # the page button at the least), and one row otherwise
        name_rows = min(2, -(-len(own) // cols))
        if self.selected in self.own():  # the selected character's card first
            card = self.unit_lines(view, self.selected)
            small = ctx.text.font(px).get_linesize()
            lines = [(line, bold) for n, text in enumerate(card)
                     for line, bold in ((w, n == 0) for w in ctx.text.wrap(text, px, inner.w))]
            room = max(1, (inner.bottom - y - 4 - name_rows * lh) // small)
            if len(lines) > room:  # a card cut short says so
                last, bold = lines[room - 1]
                lines[room - 1] = (ellipsized(ctx, last, px, inner.w, bold), bold)
            for line, bold in lines[:room]:
                surface.blit(ctx.text.render(line, px, theme.INK if bold else theme.INK_DIM,
                                             bold), (inner.x, y))
                y += small
            y += 4
        w = (inner.w - 4 * (cols - 1)) // cols
        slots = max(1, (inner.bottom - y) // lh) * cols
        index = [cid for cid, _e in own].index(self.selected) if self.selected in self.own() else 0
        if self.selected != self._forces_followed:  # a new selection: show its page
            self._forces_followed = self.selected
            self.forces_page = forces_page_of(index, len(own), slots)
        shown, pages = forces_page(len(own), slots, self.forces_page)
        self.forces_page %= pages
        cells: list[tuple[str, OwnCharacter | None]] = list(own[shown.start:shown.stop])
        if pages > 1:
            cells.append(("", None))  # the page button takes the last place
        for n, (cid, e) in enumerate(cells):
            rect = pygame.Rect(inner.x + (n % cols) * (w + 4), y + (n // cols) * lh, w, lh - 2)
            if e is None:
                b = Button("forces_page", f"More ({self.forces_page + 1} of {pages})", rect, px=px,
                           tooltip="Show the next names of your forces (Tab selects the "
                           "next character too).", accent=theme.SKY)
            else:
                b = Button(f"select:{cid}", label(cid, e), rect,
                           selected=(cid == self.selected), px=px)
            self.buttons.append(b)
            b.draw(surface, ctx)

    def _draw_lobby(self, surface, ctx, view, doc) -> None:
        inner = draw_panel(surface, self.list_rect, ctx, "Lobby")
        px = ctx.type.tiny
        lh = ctx.text.font(px).get_linesize() + 2
        y = inner.y
        for text, colour, bold in reveal_lines(view)[:1 if self.placement else 2]:
            surface.blit(ctx.text.render(text, ctx.type.small if bold else px, colour, bold),
                         (inner.x, y))
            y += lh + (4 if bold else 0)
        if self.placement is None:  # (while placing, the list needs the room; the turn
            presence = doc.get("presence", {})  # bar still names a seat that is missing)
            seats = [s.id for s in view.seats] + ["judge"]
            parts = [f"{seat_title(s)}: {presence.get(s, 'waiting')}" for s in seats]
            # the phase's own lines below keep their room: in a small window the seats'
            # line ends with an ellipsis instead of running over the panel's edge
            reserve = lh + 8
            if view.phase == "encryption" and view.my_vote is None:
                reserve += min(30, lh + 10) + 4
            elif view.phase == "purchase" and self.purchase is not None:
                reserve = 4
            room = max(lh, inner.bottom - reserve - y)
            y += draw_wrapped(surface, ctx, "Seats - " + "; ".join(parts), px, theme.INK_DIM,
                              pygame.Rect(inner.x, y, inner.w, room), min_px=px)
        phase = view.phase
        y += 4
        if phase == "encryption":
            vote = view.my_vote
            msg = ("Allow private (encrypted) conversations?" if vote is None else
                   f"You voted {'to allow' if vote else 'against'}; waiting for the others.")
            surface.blit(fit_text(ctx, msg, ctx.type.small, theme.INK, inner.w), (inner.x, y))
            y += lh + 4
            if vote is None:
                w = inner.w // 2 - 4
                bh = min(30, lh + 10)
                self.buttons += [
                    Button("vote:yes", "Allow (Y)", pygame.Rect(inner.x, y, w, bh), px=px),
                    Button("vote:no", "Refuse (N)", pygame.Rect(inner.x + w + 8, y, w, bh),
                           px=px)]
        elif phase == "purchase":
            if self.purchase is not None:  # the form itself is drawn over the map
                lines = [(line, colour) for text, colour, _bold in reveal_lines(view)[2:]
                         for line in ctx.text.wrap(text, px, inner.w)]
                room = max(0, (inner.bottom - y) // lh)
                if len(lines) > room > 0:  # cut short, and saying so
                    last, colour = lines[room - 1]
                    lines[room - 1] = (ellipsized(ctx, last, px, inner.w), colour)
                for line, colour in lines[:room]:
                    surface.blit(ctx.text.render(line, px, colour), (inner.x, y))
                    y += lh
            else:
                surface.blit(ctx.text.render("Order sent; waiting for the other seats.",
                                             ctx.type.small, theme.INK), (inner.x, y))
        elif phase == "place" and self.placement is not None:
            draft = self.placement
            surface.blit(ctx.text.render("Click a green START square for each:", px,
                                         theme.INK), (inner.x, y))
            y += lh
            rows = max(1, (inner.bottom - 34 - y) // (lh + 2))
            first = max(0, min(draft.index - rows // 2, len(draft.things) - rows))
            for n, (_kind, thing, regions) in enumerate(draft.things):
                if n < first:
                    continue
                if y + lh + 34 > inner.bottom:
                    break
                where = draft.places.get(thing)
                label = (f"{draft.label(view, thing)} -> "
                         + (f"{place_name(where[:2], self.plan)}, facing "
                            f"{FACING_WORDS.get(where[2], where[2])}" if where else
                            ", ".join(regions)))
                b = Button(f"place_pick:{n}", label, pygame.Rect(inner.x, y, inner.w, lh + 1),
                           selected=(n == draft.index), px=px)
                self.buttons.append(b)
                y += lh + 2
            w = inner.w // 2 - 4
            self.buttons += [
                Button("ready", "Ready (Enter)", pygame.Rect(inner.x, inner.bottom - 30, w, 28),
                       enabled=draft.complete(), accent=theme.GREEN, px=px),
                Button("clear", "Start over", pygame.Rect(inner.x + w + 8, inner.bottom - 30,
                                                          w, 28), px=px)]
        elif phase == "place":
            surface.blit(ctx.text.render("Placed; waiting for the other seats.", ctx.type.small,
                                         theme.INK), (inner.x, y))
        elif phase == "judge_check":
            surface.blit(ctx.text.render("The Judge is checking the placements.",
                                         ctx.type.small, theme.INK), (inner.x, y))
        elif phase == "assign":
            surface.blit(ctx.text.render("The Judge is assigning factions.", ctx.type.small,
                                         theme.INK), (inner.x, y))
        for b in self.buttons:
            if b.key.startswith(("vote:", "place_pick:", "ready", "clear")):
                b.draw(surface, ctx, pressed=(b.key == self._pressed))

    def _draw_lobby_forms(self, surface, ctx, view) -> None:
        """The purchase form, laid over the map."""
        if view.phase == "purchase" and self.purchase is not None:
            rect = self.cam.rect.inflate(-40, -40)
            self.purchase.draw(surface, ctx, rect, [s.id for s in view.seats])
            self.buttons += self.purchase.buttons

    def _draw_computer(self, surface, ctx, view) -> None:
        """The computer panel over the right part of the map, with what the bar's options
        hold for it (nothing to press when the selected character cannot act)."""
        offers = [Offer(o.key, o.label, o.action) for o in self.options()
                  if o.ok and is_panel_key(o.key)] if self.my_turn() else []
        cam = self.cam.rect
        w = min(cam.w - 20, max(360, cam.w // 2))
        rect = pygame.Rect(cam.right - w - 10, cam.y + 10, w, cam.h - 20)
        self.computer.draw(surface, ctx, rect, view, self.plan, offers)
        self.buttons += self.computer.buttons

    def _draw_result(self, surface, ctx, view) -> None:
        draw_result(surface, ctx, self.cam.rect.center, view.result,
                    min(round(660 * ctx.scale), self.cam.rect.w - 20),
                    view.reveal.species if view.reveal is not None else None,
                    height=self.cam.rect.h - 20)

    def facing_tip(self, facing: str) -> str:
        """What hovering a facing arrow says: its cost, or why it cannot be chosen."""
        cost, why = self.facing_costs().get(facing, (0, ""))
        name = FACING_WORDS[facing]
        if why:
            return f"Face {name}: not possible, {why}"
        return f"Face {name}: " + (f"turning costs {cost} MP" if cost else "free")

    def _draw_facing_tip(self, surface, ctx) -> None:
        for facing, rect in self.renderer.facing_rects(self.cam, self.pending_at).items():
            if rect.collidepoint(ctx.mouse):
                draw_tooltip(surface, ctx, self.facing_tip(facing), ctx.mouse)
                return

    def aim_tip(self, square: tuple[int, int]) -> str:
        """While aiming, what hovering ``square`` would be: the first thing a click there
        aims at, with the odds in words ("" for none, or before a move's square is
        chosen)."""
        t = self.targeting
        know = self.knowledge()
        if t is None or know is None or t.mode == "cover" or (t.mode == "move_attack"
                                                              and not t.path):
            return ""

        def tip() -> str:
            trial = dataclasses.replace(t, target=None, square=None)
            trial.click(know, square, None)
            shown = trial.preview(know)
            if shown is None:
                return ""
            if not shown.ok:  # said of a counter; an empty square that is no target: nothing
                return "" if isinstance(trial.target, tuple) else f"Cannot attack: {shown.why}."
            return f"{shown.shots[0].aimed_at}: {shown.shots[0].words}"

        return self._cached(("aim", repr(t), square), tip) or ""

    def _draw_hover_tip(self, surface, ctx) -> None:
        found = []
        for rect, piece in self.renderer.piece_rects(self.cam, self.pieces()):
            if rect.collidepoint(ctx.mouse):
                found.append(piece)
        if not found:
            return
        p = found[-1]
        text = p.label + (f" ({p.note})" if p.note else "")
        face = space.face_of(self.plan, self.plan.sq(*p.square))
        if face:
            text += f", {HULL_FACE_WORDS[face]}"
        if p.status and p.status != "active":
            text += f", {STATUS_WORDS.get(p.status, p.status)}"
        if p.marks:
            text += "; " + ", ".join(p.marks)
        draw_tooltip(surface, ctx, text, ctx.mouse)


def item_words(item, know: odds.SeatKnowledge | None) -> str:
    """A carried item's name with what the unit panel must say of it: jammed, out of
    action, or a medkit's uses left."""
    state = ITEM_STATE.get(item.disabled, "") or ("jammed" if item.jammed else "")
    if item.type == "medkit" and know is not None:
        left = know.charts.medkit_charges if item.charges is None else item.charges
        state = f"{left} use{'s' if left != 1 else ''} left"
    return f"{item.name} ({state})" if state else item.name


def view_phase(view: View | None) -> str:
    return view.phase if view is not None else ""


def facing_keys() -> dict[int, str]:
    """The keys that choose a facing (for help screens and tests)."""
    return dict(ARROW_FACING)


__all__ = ["ArtifactSeatScene", "facing_keys"]
