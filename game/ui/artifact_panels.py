"""Panels shared by the seat and Judge screens: turn bar, notice log, negotiation panel
and a one-line text entry. They draw what the document says and report what was typed;
they never act on the game.
"""

from __future__ import annotations

import re
import unicodedata

import pygame
import pygame_gui
from pygame_gui.core.utility import get_default_manager, set_default_manager

from game.artifact.state import Notice, OwnItem, Result, ShieldsSeen
from game.artifact.viewtypes import SeatView, View
from game.ui import theme
from game.ui.artifact_combat_words import combat_notice
from game.ui.artifact_computer_words import computer_notice, counted
from game.ui.artifact_hazard_layer import hazard_line
from game.ui.artifact_pieces import item_name, place_name, seat_short, seat_title
from game.ui.artifact_words import FACING_WORDS, species_name
from game.ui.memory import release_freed
from game.ui.text_registry import add_frame
from game.ui.widgets import (
    Button,
    ScrollText,
    draw_panel,
    fit_text,
    mark_placeholders,
    panel_padding,
)


class TextLine:
    """A one-line text entry: click (or C) to focus, type, Enter to send, Escape to leave.

    The field itself is pygame_gui's ``UITextEntryLine``, so the cursor moves with the
    arrows, Home and End, text can be selected with the mouse or Shift, and Ctrl+C / Ctrl+V
    copy and paste through the system clipboard. This class keeps the small interface the
    screens use: ``text``, ``active``, ``handle`` (the sent text on Enter) and ``draw``.
    """

    def __init__(self, limit: int = 300, hint: str = "") -> None:
        self.limit = limit
        self.hint = hint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._text = ""
        self._active = False
        self._manager: pygame_gui.UIManager | None = None
        self._entry: pygame_gui.elements.UITextEntryLine | None = None
        self._built_for: tuple | None = None
        self._clock: float | None = None

    @property
    def text(self) -> str:
        return self._entry.get_text() if self._entry is not None else self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value[: self.limit]
        if self._entry is not None:
            self._entry.set_text(self._text)

    @property
    def active(self) -> bool:
        return self._active

    @active.setter
    def active(self, on: bool) -> None:
        self._active = bool(on)
        if self._entry is not None:
            if self._active:
                self._entry.focus()
            else:
                self._entry.unfocus()

    def handle(self, event: pygame.event.Event) -> str | None:
        """Feed an event; returns the submitted text on Enter (and clears it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside:
                self._feed(event)  # places the cursor where the click fell
            self.active = inside
            return None
        if not self.active:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.active = False
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                text = self.text.strip()
                self.text = ""
                self.active = False  # Enter sends and gives the keys back to the map
                return text or None
        self._feed(event)
        return None

    def _feed(self, event: pygame.event.Event) -> None:
        """Hand the event to the field. Typed text loses control and format characters
        (a zero-width space, an escape): pygame_gui cannot lay out a line that has no
        width and would raise; text it still cannot lay out (a pasted one) is undone."""
        if self._manager is None:
            return
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in event.text if unicodedata.category(ch)[0] != "C")
            if not text:
                return
            event = pygame.event.Event(pygame.TEXTINPUT, text=text)
        before = self.text
        try:
            self._manager.process_events(event)
        except pygame.error:
            self.text = before

    def _build(self, ctx, rect: pygame.Rect) -> None:
        """Make (or move) the field's entry. Each field has a pygame_gui manager of its own
        (fields of different scenes or windows may lie on the same spot, and a manager
        hands a click to whichever of its entries is on top). A manager carries a theme,
        fonts and caches: kept while the type size stays, and the old one freed before a
        new one is made (a manager is a reference cycle, left to the next collection it
        would still be held while its successor is built: the window's memory peak)."""
        from game.ui.widgets import gui_manager

        text = self.text
        px = ctx.type.small
        if self._manager is not None and self._built_for is not None \
                and self._built_for[2] == px:
            self._manager.set_window_resolution(ctx.size)
            self._entry.set_relative_position(rect.topleft)
            self._entry.set_dimensions(rect.size)
            return
        if self._manager is not None:
            self._entry.kill()
            self._manager.clear_and_reset()
            if get_default_manager() is self._manager:  # pygame_gui pins its first manager
                set_default_manager(None)
            self._manager = self._entry = None
            release_freed()
        # Square corners: pygame_gui smooths a rounded field by drawing it four times over,
        # several megabytes for each state of a line as wide as a large window.
        self._manager = gui_manager(ctx, px, rounded=False)
        self._entry = pygame_gui.elements.UITextEntryLine(
            rect, self._manager, placeholder_text=self.hint)
        self._entry.length_limit = self.limit
        if text:
            self._entry.set_text(text)
        if self._active:
            self._entry.focus()

    def draw(self, surface: pygame.Surface, ctx, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        key = (ctx.size, tuple(self.rect), ctx.type.small)
        if key != self._built_for:
            self._build(ctx, self.rect)
            self._built_for = key
        dt = 0.0 if self._clock is None else max(0.0, ctx.time - self._clock)
        self._clock = ctx.time
        self._manager.update(min(dt, 0.1))
        mark_placeholders([self._entry])
        self._manager.draw_ui(surface)

    @staticmethod
    def height(ctx) -> int:
        """The height a line needs for the running text size (border and padding in)."""
        return ctx.text.font(ctx.type.small).get_linesize() + 12


def solid_panel(surface, rect: pygame.Rect, ctx, title: str = "") -> pygame.Rect:
    """A panel that hides what is under it (for forms and results drawn over the map)."""
    pygame.draw.rect(surface, (10, 16, 28), rect.inflate(-6, -6), border_radius=10)
    add_frame(surface, "cover", rect, rect)  # a counter's name half under it is hidden
    return draw_panel(surface, rect, ctx, title)


def draw_result(surface, ctx, centre: tuple[int, int], result: Result | None,
                width: int = 640, species: dict[str, str] | None = None,
                height: int | None = None) -> None:
    """Every faction's victory level at the end and why: the goal of the level earned and
    the facts the engine found for it (or, with no level, what the last one lacked), and
    any level the Judge changed with the reason; an alien seat's species by name
    (``species``: seat -> option, once revealed). The reasons wrap onto as many lines as
    they need while the panel fits ``height`` (else one line each, cut). Every level of
    every seat, with its facts, is in the log (``end_level_lines``)."""
    species = species or {}
    levels = result.levels if result is not None else {}
    body = ctx.text.font(ctx.type.body, True).get_linesize()
    tiny = ctx.text.font(ctx.type.tiny).get_linesize()
    text_w = width - 2 * panel_padding(ctx) - 12
    rows = []
    for seat, level in levels.items():
        why, facts = level_reasons(result, seat)
        rows.append((seat, level, [why, facts],
                     [line for text in (why, facts) if text
                      for line in ctx.text.wrap(text, ctx.type.tiny, text_w)]))
    frame = round(76 * ctx.scale)
    wrapped = frame + sum(body + tiny * len(lines) + 6 for *_rest, lines in rows)
    wrap = height is None or wrapped <= height
    total = wrapped if wrap else frame + (body + 2 * tiny + 6) * len(rows)
    rect = pygame.Rect(0, 0, width, total)
    rect.center = centre
    # the rulebook's own measure: the lowest-numbered level wins (a 2 beats two 4s)
    inner = solid_panel(surface, rect, ctx,
                        "Game over: every faction's victory level (the lowest wins)")
    y = inner.y
    for seat, level, reasons, lines in rows:
        win = result is not None and seat in result.winners
        checks = result.checks.get(seat, ()) if result is not None else ()
        text = (f"{seat_title(seat)}: " + (f"victory level {level}" if 0 < level <= len(checks)
                                          else "no victory")
                + (f" ({species_name(species[seat])})" if seat in species else "")
                + ("   WINNER" if win else ""))
        surface.blit(fit_text(ctx, text, ctx.type.body, theme.YELLOW if win else theme.INK,
                              inner.w, bold=win), (inner.x, y))
        y += body
        for line in lines if wrap else reasons:
            surface.blit(fit_text(ctx, line, ctx.type.tiny, theme.INK_DIM, inner.w - 12),
                         (inner.x + 12, y))
            y += tiny
        y += 6


def level_reasons(result: Result | None, seat: str) -> tuple[str, str]:
    """Two lines on a seat's level: the goal it stands for (or that none was met) and the
    facts found for it, or the Judge's change and its reason."""
    if result is None:
        return "", ""
    level = result.levels.get(seat, 0)
    checks = result.checks.get(seat, ())
    earned = next((c for c in checks if c.level == level), None)
    why = f"because: {earned.goal}" if earned else "no victory: none of its goals was met"
    adjusted = next((a for a in result.adjustments if a.seat == seat), None)
    if adjusted is not None:
        found = (f"level {adjusted.found}" if adjusted.found <= len(checks) else "no victory")
        return why, f"The Judge ruled so (the rules found {found}): {adjusted.reason}"
    if earned is not None:
        return why, " ".join(earned.facts)
    return why, (" ".join(checks[-1].facts) if checks else "")


def end_level_lines(result: Result) -> list[tuple[str, tuple]]:
    """How the game ended, then every level of every seat with the facts found for it."""
    from game.artifact.victory import ENDINGS

    out: list[tuple[str, tuple]] = [(ENDINGS.get(result.ended_by, "The game is over."),
                                     theme.YELLOW)]
    for seat, checks in result.checks.items():
        for check in checks:
            mark = "met" if check.met else "not met"
            out.append((f"{seat_title(seat)} #{check.level} ({mark}): {check.goal} "
                        + " ".join(check.facts), theme.GREEN if check.met else theme.INK_DIM))
    for adjusted in result.adjustments:
        out.append((f"The Judge set {seat_title(adjusted.seat)} to level {adjusted.level}: "
                    f"{adjusted.reason}", theme.ORANGE))
    return out


def end_reveal_lines(reveal) -> list[tuple[str, tuple]]:
    """The end's reveal as log lines: each alien seat's species, then where every
    character and item was (by name, owner and place)."""
    from game.ui.artifact_pieces import place_name

    out: list[tuple[str, tuple]] = [("The game is over. Where everything was:", theme.YELLOW)]
    for seat, option in reveal.species.items():
        out.append((f"The {seat_title(seat)} seat was {species_name(option)}.",
                    theme.PURPLE))
    for c in reveal.characters:
        owner = seat_title(c.seat) if c.seat else "the Feynman"
        where = place_name(c.square) if c.square is not None else "off the map"
        out.append((f"{c.name} ({owner}): {where}, {c.status.replace('_', ' ')}", theme.INK))
    for i in reveal.items:
        owner = f" ({seat_title(i.owner)})" if i.owner else ""
        where = (f"held by {i.holder}" if i.holder else
                 place_name(i.square) if i.square is not None else "off the map")
        out.append((f"{i.name}{owner}: {where}", theme.INK_DIM))
    return out


def seat_names(view: SeatView) -> dict[str, str]:
    """Names for the ids and tokens a seat's notices carry: its characters and items and
    the counters its map shows (by token)."""
    out = {token: c.counter for token, c in view.map.counters.items()}
    out.update({iid: item.name for iid, item in view.own.items.items()})
    out.update({cid: e.name for cid, e in view.own.characters.items()})
    return out


def named(text: str, names: dict[str, str]) -> str:
    """``text`` (a refusal in the engine's words) with every id or token it quotes or
    names as a word put as the name a player knows (``seat_names``): players never read an
    id."""
    if not text or not names:
        return text

    def swap(match: re.Match) -> str:
        word = match.group(2)
        return names.get(word, match.group(0))

    return re.sub(r"(['\"]?)\b([A-Za-z0-9_]+)\b\1", swap, text)


def judge_names(state) -> dict[str, str]:
    """Names for every character and item of the Judge's state, by id and by token."""
    from game.artifact.sheets import default_sheets

    sheets = default_sheets()
    out = {}
    for iid, item in state.items.items():
        out[iid] = out[item.token] = sheets.items[item.type].name
    for cid, char in state.characters.items():
        out[cid] = sheets.characters[char.sheet].name
        out[char.token] = sheets.characters[char.sheet].counter
    return out


def space_line(n: Notice, who: str) -> str:
    """The words of the notices of space and ships (docs/artifact-space.md)."""
    kind = n.kind
    if kind == "ship_moved":
        z = n.get("z") or 0
        level = "" if not z else f", {abs(z)} level{'s' if abs(z) > 1 else ''} " + (
            "above" if z > 0 else "below") + " the station's plane"
        bow = {"N": "north", "E": "east", "S": "south", "W": "west"}.get(n.get("heading"))
        heading = f", its bow to the {bow}" if bow else ""
        return f"The {n.get('ship', 'ship')} is under way{level}{heading}."
    if kind == "ship_gone":
        aboard = len(n.get("aboard") or [])
        return (f"The {n.get('ship', 'ship')} left the station's space with {aboard} "
                f"aboard.")
    if kind == "ship_left":
        return f"The {n.get('ship', 'ship')} has flown off the map, gone for good."
    if kind == "shields_in_way":
        return (f"{who} flew the {n.get('ship', 'ship')} into the shimmering bubble at the "
                "map's edge: the shields are up, and the ship stops there.")
    if kind == "shoved":
        return f"{who} was shoved aside by a passing ship, unhurt."
    if kind == "cannon":
        if n.get("mode") == "plasma_drill":
            hits = len(n.get("results") or [])
            return (f"The plasma drill burns through the hull: {hits} "
                    f"{'character' if hits == 1 else 'characters'} caught inside.")
        return f"The needle beam strikes. {n.get('result', '')}".strip()
    result = n.get("result") or {}
    told = result.get("result", "") if isinstance(result, dict) else ""
    return f"{who} was struck by the turning ring. {told}".strip()


def _power_line(n: Notice, who: str, names: dict[str, str]) -> str:
    """An Alien Special Action's result, in words (never the roll's code)."""
    power = str(n.get("power", ""))
    target = names.get(str(n.get("target", "")), "the one you chose")
    told = {
        "suborn": f"{who} whispered to {target}: " + (
            "it will inform for you." if n.get("success") else "it did not listen."),
        "dominate": f"{who} reached for {target}'s mind: " + (
            "it is yours." if n.get("success") else "it resisted."),
        "release": f"{who} let {target}'s mind go.",
        "command_robot": f"{who} woke {target}." if n.get("success", True)
        else f"{target} did not answer the computer.",
        "illusion": f"{who} cast an illusion: a {n.get('look', 'counter')} stands there "
                    "till your next turn.",
        "disguise": f"{who} now looks like {n.get('look', 'itself')}.",
        "raise": f"{who} raised {target}." if n.get("success", True)
        else f"{target} did not rise: not dead.",
        "lay_egg": f"{who} laid an egg in {target}.",
        "move_ram": f"{who}'s RAM moved to the {n.get('target')}." if n.get("success", True)
        else f"The {n.get('target')}'s terminal did not answer: the RAM stays where it was.",
    }
    return told.get(power, f"{who} used a power.")


#: Sentences for the aliens' own notices (their powers' results, eggs, minds come home).
ALIEN_LINES = {
    "alien_power": _power_line,
    "alien_moved": lambda n, who, names: f"{who} moved unseen (written in your notes).",
    "egg_hatched": lambda n, who, names: "An egg hatched: a new bug alien.",
    "egg_lost": lambda n, who, names: "An egg was lost with its host.",
    "control_returned": lambda n, who, names: (
        f"{n.get('counter', who)} is back under your control."),
}


def notice_text(n: Notice, names: dict[str, str] | None = None) -> tuple[str, tuple]:
    """A notice from the view as one line of the log, with its colour. ``names`` turns
    the ids and tokens it carries into names; one it does not know is "someone" or "an
    item", never the id."""
    names = names or {}
    kind = n.kind
    who = names.get(n.get("character", ""), "someone")

    def things(ids) -> str:
        told = n.get("names") or {}  # the items notice names what the seat held
        return ", ".join(told.get(i) or names.get(str(i), "an item")
                         for i in ids or []) or "nothing"

    head = f"Round {n.round}: " if n.round else "Setup: "
    if kind == "telegram":
        return (head + f"TELEGRAM from the War Department: contact with "
                f"{n.get('counter', who)} is lost.", theme.VERMILLION)
    if kind == "fleeting":
        seen = n.get("glimpses") or n.get("counters") or ""
        if isinstance(seen, list):
            seen = ", ".join(f"{s.get('counter', '?')} ({s.get('space', '?')})"
                             if isinstance(s, dict) else str(s) for s in seen)
        elif isinstance(seen, dict):
            seen = ", ".join(str(v.get("counter", k)) if isinstance(v, dict) else str(k)
                             for k, v in seen.items())
        return head + f"Fleeting glimpse: {seen or 'something moved'}.", theme.YELLOW
    if kind == "interdiction":
        return head + f"{who} was stopped: {n.get('reason', 'interdicted')}.", theme.ORANGE
    if kind == "trap_triggered":
        return head + "A booby trap was triggered.", theme.ORANGE
    if kind == "lift":
        return head + f"Lift {n.get('lift')} car sent to the {n.get('end')} end.", theme.INK
    if kind == "lift_moved":
        return head + f"{who} rode lift {n.get('lift')}: the car moved.", theme.INK
    if kind == "ship_departed":  # the Judge's log: everyone and everything aboard
        aboard = ", ".join(names.get(str(c), "someone") for c in n.get("aboard") or [])
        return (head + f"The {n.get('ship', 'ship')} flew off the map with "
                f"{aboard or 'nobody'} aboard; with it went {things(n.get('items'))}.",
                theme.YELLOW)
    if kind in ("ship_moved", "ship_gone", "ship_left", "shoved", "ring_collision", "cannon",
                "shields_in_way"):
        return head + space_line(n, who), (theme.ORANGE if kind in (
            "ring_collision", "shields_in_way") else theme.INK)
    if kind == "items":
        took = things(n.get("took"))
        dropped = things(n.get("dropped"))
        gone = len(n.get("missing") or [])
        gone_text = (f" {counted(gone, 'item')} the map showed there "
                     f"{'was' if gone == 1 else 'were'} gone." if gone else "")
        return head + f"{who} took {took}; dropped {dropped}.{gone_text}", theme.INK_DIM
    if kind == "suiting_up":
        return head + f"{who} is putting on a suit.", theme.INK_DIM
    if kind == "suit_on":
        return head + f"{who} is suited up.", theme.INK_DIM
    if kind == "informant":
        return head + f"Your secret informant is {n.get('counter', who)}.", theme.PURPLE
    if kind == "informant_condition":
        if n.get("condition"):
            return (head + f"Your informant {n.get('counter', who)} will change sides instead "
                    "of attacking your characters.", theme.PURPLE)
        return (head + f"Your informant {n.get('counter', who)} will change sides only when "
                "you say so.", theme.PURPLE)
    if kind == "informant_active":
        return head + f"{who} now answers to you.", theme.PURPLE
    if kind == "announcement":
        return head + f"SHIP ANNOUNCEMENT: {n.get('text', '')}", theme.YELLOW
    if kind == "judge":
        return head + f"The Judge: {n.get('text', '')}", theme.SKY
    if kind == "turn_skipped":
        return head + "Your turn was skipped (Rapidity).", theme.ORANGE
    if kind == "replace":
        return head + f"The Judge: {n.get('note', 'place again')}", theme.ORANGE
    if kind == "placed":
        return head + "Forces placed.", theme.INK_DIM
    if kind == "order":
        return head + f"Order accepted: {n.get('cost', 0)} credits spent.", theme.INK_DIM
    if kind == "encryption":
        allowed = "allowed" if n.get("allowed") else "not allowed"
        return head + f"Private conversations are {allowed}.", theme.INK
    if kind == "assigned":
        return head + f"You play this seat as {n.get('player')}.", theme.INK
    if kind == "species":
        return head + f"Your species: {species_name(str(n.get('species')))}.", theme.PURPLE
    if kind == "judge_status":
        status = str(n.get("status", "")).replace("_", " ")
        return head + f"The Judge rules {who} {status}.", theme.SKY
    if kind == "judge_moved":
        sq = n.get("square")
        where = place_name(tuple(sq)) if sq else "another square"
        facing = FACING_WORDS.get(str(n.get("facing")), "")
        return (head + f"The Judge moved {who} to {where}"
                + (f", facing {facing}." if facing else "."), theme.SKY)
    if kind == "judge_dropped":
        return head + f"The Judge: {who} no longer holds the {n.get('item', 'item')}.", theme.SKY
    if kind == "judge_took":
        return head + f"The Judge took the {n.get('item', 'item')} from {who}.", theme.SKY
    if kind == "judge_suit":
        state = "is suited up" if n.get("suit") else "took the suit off"
        return head + f"The Judge rules {who} {state}.", theme.SKY
    if kind == "status":
        target = names.get(str(n.get("target", "")), "the character")
        result = str(n.get("result", "")).replace("_", " ")
        return head + f"Status check: {target} is {result}.", theme.INK
    if kind in ALIEN_LINES:
        return head + ALIEN_LINES[kind](n, who, names), theme.PURPLE
    if kind == "game_over":
        from game.artifact.victory import ENDINGS

        return head + ENDINGS.get(str(n.get("ended_by")), "The game is over."), theme.YELLOW
    hazard = hazard_line(n, who, names)
    if hazard is not None:
        return head + hazard[0], hazard[1]
    told = combat_notice(n, names)
    if told is not None:
        return head + told[0], told[1]
    told = computer_notice(n, who, names)
    if told is not None:
        return head + told, theme.SKY
    # a kind this screen has no sentence for: its name in words, never its fields
    return head + f"News: {kind.replace('_', ' ')}.", theme.INK_DIM


def chat_line(entry: dict, me: str) -> tuple[str, tuple]:
    kind = entry.get("kind")
    if kind == "public":
        return f"{seat_title(entry['from'])}: {entry['text']}", theme.INK
    if kind == "private":
        other = entry["to"] if entry["from"] == me else entry["from"]
        arrow = "to" if entry["from"] == me else "from"
        return f"[private {arrow} {seat_title(other)}] {entry['text']}", theme.PURPLE
    if kind == "talking":
        a, b = entry.get("pair", ["?", "?"])
        return f"* {seat_title(a)} and {seat_title(b)} are talking privately.", theme.INK_DIM
    return str(entry), theme.INK_DIM


NEAR_LIMIT = 200  # characters left when the negotiation line starts counting them


class ChatPanel:
    """Negotiation: the chat entries this seat may read, a recipient switch and a line."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.log = ScrollText()
        self.line = TextLine(2000, "type to negotiate, Enter to send")
        self.to: str | None = None
        self.buttons: list[Button] = []
        self._seen = -1

    def sync(self, chat: list[dict]) -> None:
        if len(chat) != self._seen:
            self.log.set_entries([chat_line(e, self.me) for e in chat])
            self._seen = len(chat)

    def recipients(self, seats: list[str], encryption: bool | None) -> list[str | None]:
        out: list[str | None] = [None]
        if encryption or self.me == "judge":
            out += [s for s in seats if s != self.me]
        return out

    def draw(self, surface, ctx, rect: pygame.Rect, seats: list[str],
             encryption: bool | None, panel=None) -> None:
        """The panel in ``rect``; ``panel(surface, rect, ctx, title)`` draws its frame and
        returns the room inside (``draw_panel`` unless a screen frames it its own way)."""
        inner = (panel or draw_panel)(surface, rect, ctx, "Negotiation")
        options = self.recipients(seats, encryption)
        if self.to not in options:
            self.to = None
        bh = ctx.text.font(ctx.type.small).get_linesize() + 4
        line_h = TextLine.height(ctx)
        self.buttons = []
        x, y = inner.x, inner.y
        for target in options:  # every recipient has its tab: a row that is full wraps
            label = "All" if target is None else seat_short(target)
            w = ctx.text.size(label, ctx.type.small, True)[0] + 16
            if x + w > inner.right and x > inner.x:
                x, y = inner.x, y + bh + 3
            b = Button(f"to:{target or ''}", label, pygame.Rect(x, y, w, bh),
                       selected=(target == self.to), px=ctx.type.small)
            self.buttons.append(b)
            x += w + 3
        if y + bh + 4 + line_h > inner.bottom and len(options) > 1:
            # Too short a panel for the tabs' rows and the line (a small window): one
            # button names the recipient and moves on to the next one when clicked.
            at = options.index(self.to)
            label = "To: " + ("All" if self.to is None else seat_short(self.to))
            w = min(inner.w, ctx.text.size(label, ctx.type.small, True)[0] + 16)
            nxt = options[(at + 1) % len(options)]
            self.buttons = [Button(f"to:{nxt or ''}", label,
                                   pygame.Rect(inner.x, inner.y, w, bh), px=ctx.type.small)]
            y = inner.y
        line_rect = pygame.Rect(inner.x, inner.bottom - line_h, inner.w, line_h)
        if inner.y + bh + 4 + line_h > inner.bottom:
            # not even one row above the line (placement in a small window): the button
            # sits at the line's left end, or, with nobody else to choose, goes
            if len(options) > 1:
                b = self.buttons[0]
                b.rect = pygame.Rect(inner.x, line_rect.y, b.rect.w, line_h)
                line_rect = pygame.Rect(b.rect.right + 4, line_rect.y,
                                        inner.right - b.rect.right - 4, line_h)
            else:
                self.buttons = []
            for b in self.buttons:
                b.draw(surface, ctx)
            self.line.draw(surface, ctx, line_rect)
            return
        for b in self.buttons:
            b.draw(surface, ctx)
        tabs = y + bh - inner.y
        note = self.limit_note()
        note_h = ctx.text.font(ctx.type.tiny).get_linesize() if note else 0
        log_rect = pygame.Rect(inner.x, inner.y + tabs + 4, inner.w,
                               inner.h - tabs - line_h - 10 - note_h)
        self.log.draw(surface, ctx, log_rect, ctx.type.small)
        if note:
            surface.blit(fit_text(ctx, note, ctx.type.tiny, theme.ORANGE, inner.w),
                         (inner.x, inner.bottom - line_h - note_h - 2))
        self.line.draw(surface, ctx, line_rect)

    def limit_note(self) -> str:
        """Said while typing near the most a message holds (the line takes no more)."""
        left = self.line.limit - len(self.line.text)
        if left > NEAR_LIMIT:
            return ""
        most = f"{self.line.limit:,}"
        if left <= 0:
            return f"Full: a message holds at most {most} characters. Send it, go on in another."
        return f"{left} characters left (a message holds at most {most})"

    def handle(self, event: pygame.event.Event, ctx) -> tuple[str, str | None] | None:
        """(text, recipient) when a message is sent."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.contains(event.pos):
                    value = b.key[3:]
                    self.to = value or None
                    return None
        if event.type == pygame.MOUSEWHEEL:
            self.log.handle(event, ctx)
        text = self.line.handle(event)
        if text:
            return text, self.to
        return None


def items_text(ids: list[str], items: dict[str, OwnItem]) -> str:
    names = []
    for iid in ids:
        item = items.get(iid)
        names.append(item.name if item else item_name(iid))
    return ", ".join(names)


def turn_seconds_left(timer: dict | None, since: float, view: View) -> float | None:
    """Seconds left in the current turn: the hub's ``timer`` (``left`` as of the message that
    carried it) less the time since this window received it; None without a running timer."""
    if not timer or view.phase != "play" or timer.get("seat") != view.turn_seat:
        return None
    return max(0.0, float(timer.get("left", 0.0)) - since)


def shields_words(seen) -> tuple[str, tuple]:
    """The shields as the seat knows them (``SeatView.shields``), for the turn bar: up in
    the bubble's blue, down in orange (ships may leave), and when they were last seen if
    nobody of the seat is watching them now."""
    state = "up" if seen.up else "down"
    when = "" if seen.watching else f" (last seen round {seen.round})"
    return f"Shields {state}{when}", theme.SKY if seen.up else theme.ORANGE


def draw_turn_bar(surface, ctx, rect: pygame.Rect, view: View, presence: dict,
                  seconds_left: float | None, me: str, muted: bool) -> None:
    pygame.draw.rect(surface, (12, 18, 30), rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright, 1)
    px = ctx.type.small
    x = rect.x + 10
    phase = view.phase
    parts: list[tuple[str, tuple]] = [(f"{seat_title(me).upper()}", theme.SKY)]
    if phase == "play":
        turn = view.turn_seat
        whose = "YOUR TURN" if turn == me else f"{seat_title(turn)}'s turn"
        parts.append((f"Round {view.round}", theme.INK))
        parts.append((whose, theme.YELLOW if turn == me else theme.INK))
        if isinstance(view, SeatView):
            if view.shields is not None:
                parts.append(shields_words(view.shields))
        else:  # the Judge sees them as they are
            parts.append(shields_words(ShieldsSeen(view.state.systems.shields_up,
                                                   view.round, True)))
        if seconds_left is not None:
            m, s = divmod(max(0, int(seconds_left)), 60)
            parts.append((f"timer {m}:{s:02d}", theme.ORANGE if seconds_left < 30 else theme.INK))
    elif phase == "over":
        parts.append(("Game over", theme.YELLOW))
    else:
        parts.append((f"Setup: {phase.replace('_', ' ')}", theme.INK))
    gone = [seat_title(s) for s, p in sorted(presence.items()) if p == "disconnected"]
    waiting = [seat_title(s) for s, p in sorted(presence.items()) if p == "waiting"]
    if gone:
        parts.append(("Disconnected: " + ", ".join(gone), theme.VERMILLION))
    if waiting:
        parts.append(("Not joined: " + ", ".join(waiting), theme.INK_DIM))
    for text, colour in parts:
        img = ctx.text.render(text, px, colour, bold=True)
        surface.blit(img, (x, rect.centery - img.get_height() // 2))
        x += img.get_width() + 22
    icon = "icon_sound_off" if muted else "icon_sound_on"
    side = rect.h - 10
    img = ctx.assets.scaled(icon, (side, side))
    surface.blit(img, (rect.right - side - 8, rect.y + 5))
    hint = ctx.text.render("M: mute", ctx.type.tiny, theme.INK_DIM)
    surface.blit(hint, (rect.right - side - 16 - hint.get_width(),
                        rect.centery - hint.get_height() // 2))


def forces_page(count: int, slots: int, page: int) -> tuple[range, int]:
    """Which of ``count`` names "Your forces" shows in ``slots`` places on page ``page``
    (counted round), and how many pages there are. All of them when they fit; otherwise
    a page holds one name fewer than the places, the last place being the button that
    turns to the next page, so no character is ever left off without a word."""
    if count <= slots:
        return range(count), 1
    per = max(1, slots - 1)
    pages = -(-count // per)
    first = (page % pages) * per
    return range(first, min(count, first + per)), pages


def forces_page_of(index: int, count: int, slots: int) -> int:
    """The page of "Your forces" that shows name number ``index``."""
    return 0 if count <= slots else index // max(1, slots - 1)
