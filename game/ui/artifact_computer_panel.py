"""The computer panel of The Artifact's seat screen: what the station's computer shows the
seat's character holding Computer Control, and its security actions.

Everything comes from the seat's own view through ``game.artifact.computer_view`` (who the
seat believes holds the marker, the announced countdown, the reports and snoops it
received) and the offers it makes, so the panel never decides a rule itself; a button
sends the offered action, which the engine judges. Segments list their spaces' lights as
the seat last saw them and the locks as its snoops left them; robots are the inactive
robot counters on its map; the self-destruct is set with a chosen countdown; the
loudspeaker takes a message typed in its field (the set phrases fill it in one click), told
beforehand if the engine's rule would refuse it (``areas.announcement_problem``).
"""

from __future__ import annotations

import pygame

from game.artifact import areas, computer, computer_view
from game.artifact.aliens import detached_spaces
from game.artifact.computer_view import Offer
from game.artifact.deckplan import DeckPlan
from game.artifact.viewtypes import SeatView
from game.ui import theme
from game.ui.artifact_computer_words import counted
from game.ui.artifact_panels import TextLine
from game.ui.artifact_pieces import seat_title
from game.ui.text_registry import add_frame
from game.ui.widgets import Button, draw_panel, fit_text

#: Quick picks for the loudspeaker, (button, phrase): a click puts the phrase in the field,
#: to send as it is or to change first (any text the engine's rule takes may be typed).
ANNOUNCEMENTS = (("Attention", "Attention, all crew."),
                 ("Intruder", "Intruder alert. Remain where you are."),
                 ("Evacuate ring", "Evacuate the ring section."),
                 ("Medical", "Medical team to the medlab."),
                 ("All hands", "All hands to the lounge."))
#: Offer keys that belong to the panel rather than the action bar.
#: A panel shorter than this (the map area of a small window) packs its rows tighter.
COMPACT_BELOW = 360
PANEL_KINDS = ("snoop", "robot", "cancel_destruct", "loudspeaker", "self_destruct",
               "transfer", "hack_lift", "hack")


def is_panel_key(key: str) -> bool:
    return key.partition(":")[0] in PANEL_KINDS


class ComputerPanel:
    """State of the panel between frames (the chosen toggle, countdown and announcement)
    and its buttons once drawn (keys ``cp:<what>``)."""

    def __init__(self) -> None:
        self.toggle = ""
        self.turns = computer_view.COUNTDOWN_SAMPLE
        self.speech = TextLine(areas.LOUDSPEAKER_MAX, "Type what the loudspeakers say")
        self.speaking = False  # the loudspeaker is offered (its field is drawn)
        self.first = 0  # the first segment row shown (a small window pages them)
        self.page = 1   # rows a page shows
        self.shown: list[str] = []  # the segments the last frame showed
        self.buttons: list[Button] = []
        self._offers: dict[str, Offer] = {}

    # ---- what the panel shows -------------------------------------------------------------
    def lines(self, view: SeatView, plan: DeckPlan) -> list[str]:
        """The panel's report in words: holder, countdown, lifts, reported hacks."""
        holder = computer_view.believed_control(view)
        own = view.own.characters
        out = [f"Computer Control: {own[holder].name}" if holder else
               "Computer Control: not held by your forces"]
        left = computer_view.security_left(view)
        if left is not None:  # HAL: the computer itself
            ram = view.alien.ram
            where = plan.space_name(plan.sq(*ram)) if ram is not None else "nowhere"
            out.append(f"You are the computer: {counted(left, 'security action')} left")
            out.append(f"Your RAM: {where}")
            if view.alien.ram_cut:
                out.append(f"Cut off: {view.alien.ram_cut}")
        left = computer_view.countdown(view)
        out.append(f"Self-destruct: {left} turns left" if left else "Self-destruct: not set")
        ends = {0: "hull end", 1: "ring end"}
        out.append("Lift cars: " + ", ".join(f"{name} at the {ends[end]}"
                                             for name, end in sorted(view.map.lifts.items())))
        hacks = computer_view.hacks_reported(view)[-3:]
        for hack in hacks:
            result = "succeeded" if hack.get("success") else "failed"
            out.append(f"Hacking attempt from {hack.get('space')} (round "
                       f"{hack.get('round')}) {result}")
        return out

    def segment_rows(self, view: SeatView, plan: DeckPlan) -> list[tuple[str, str]]:
        """(segment, its state in words) for every segment of the Feynman."""
        locks = computer_view.known_locks(view)
        dark = set(view.dark)
        rows = []
        for segment in computer.feynman_segments(plan):
            spaces = computer.segment_spaces(plan, segment)
            out = sum(1 for space in spaces if space in dark)
            lights = "lights on" if not out else "dark" if out == len(spaces) else \
                f"{out} of {len(spaces)} dark"
            rows.append((segment, lights + (f", hatches {locks[segment]}"
                                            if segment in locks else "")))
        return rows

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surface, ctx, rect: pygame.Rect, view: SeatView, plan: DeckPlan,
             offers: list[Offer]) -> None:
        self.buttons = []
        self._offers = {o.key: o for o in offers if is_panel_key(o.key)}
        pygame.draw.rect(surface, (10, 16, 28), rect.inflate(-6, -6), border_radius=10)
        add_frame(surface, "cover", rect, rect)  # the map under it is hidden
        inner = draw_panel(surface, rect, ctx, "Station computer")
        px = ctx.type.tiny
        lh = ctx.text.font(px).get_linesize()
        y = inner.y
        for line in self.lines(view, plan):
            surface.blit(fit_text(ctx, line, px, theme.INK, inner.w), (inner.x, y))
            y += lh
        y += 4
        # a small window (the map area of 640x400) packs its buttons tighter, so the
        # segment list keeps several rows a page
        compact = rect.h < COMPACT_BELOW
        bh = lh + (4 if compact else 8)
        y = self._draw_controls(surface, ctx, inner, y, bh, px)
        self._draw_segments(surface, ctx, inner, y, bh, px, view, plan, offers)

    def _draw_segments(self, surface, ctx, inner, y, bh, px, view, plan, offers) -> None:
        """The segment rows with their Snoop buttons. When they do not all fit, they page:
        Up and Down stand in the spare column beside the first and last rows shown."""
        snoops = {o.action["segment"]: o for o in offers if o.key.startswith("snoop:")}
        lh = ctx.text.font(px).get_linesize()
        bw = max(bh * 2, ctx.text.size("Snoop", px, True)[0] + 12)
        col = inner.w - 3 * (bw + 4)
        rows = self.segment_rows(view, plan)
        room = max(1, (inner.bottom - y) // bh)
        paged = room < len(rows)
        if paged:
            room = max(2, room)  # Up and Down need two rows beside them
            self.first = max(0, min(self.first, len(rows) - room))
            self.page = room
        else:
            self.first = 0
        self.shown = [segment for segment, _ in rows[self.first:self.first + room]]
        top = y
        for segment, state in rows[self.first:self.first + room]:
            surface.blit(fit_text(ctx, f"{segment}: {state}", px, theme.INK_DIM, col - 6),
                         (inner.x, y + (bh - lh) // 2))
            if segment in snoops:
                self._button(surface, ctx, f"cp:snoop:{segment}", "Snoop",
                             pygame.Rect(inner.x + col, y, bw, bh - 2), px)
            y += bh
        if not paged:
            return
        x = inner.x + col + bw + 4
        self._button(surface, ctx, "cp:rows:-", "Up", pygame.Rect(x, top, bw * 2 + 4, bh - 2),
                     px)
        self._button(surface, ctx, "cp:rows:+", "Down",
                     pygame.Rect(x, y - bh, bw * 2 + 4, bh - 2), px)
        if len(self.shown) > 2:
            last = self.first + len(self.shown)
            words = fit_text(ctx, f"{self.first + 1}-{last} of {len(rows)}", px,
                             theme.INK_DIM, bw * 2 + 4)
            surface.blit(words, (x + 2, top + bh + (bh - lh) // 2))

    def _draw_controls(self, surface, ctx, inner, y, bh, px) -> int:
        """The toggle choice, robots, countdown, loudspeaker, hand-overs and lift hacks."""
        x = inner.x
        if any(k.startswith("snoop:") for k in self._offers):
            surface.blit(ctx.text.render("After snooping, switch:", px, theme.INK),
                         (x, y + (bh - ctx.text.font(px).get_linesize()) // 2))
            x += ctx.text.size("After snooping, switch:", px)[0] + 8
            for toggle, word in (("", "nothing"), ("lights", "lights"), ("locks", "locks")):
                w = ctx.text.size(word, px, True)[0] + 16
                self._button(surface, ctx, f"cp:toggle:{toggle}", word,
                             pygame.Rect(x, y, w, bh - 2), px, selected=self.toggle == toggle)
                x += w + 4
            y += bh
        row: list[tuple[str, str]] = []
        for key, offer in self._offers.items():
            kind = key.partition(":")[0]
            if kind in ("robot", "transfer", "hack_lift", "hack", "cancel_destruct"):
                row.append((f"cp:{key}", offer.label))
        if "self_destruct" in self._offers:
            row += [("cp:turns:-", "-"), ("cp:self_destruct",
                                          f"Self-destruct in {self.turns}"),
                    ("cp:turns:+", "+"), ("cp:destruct_cancel", "Stop countdown")]
        x = inner.x
        for key, label in row:
            w = min(inner.w, ctx.text.size(label, px, True)[0] + 16)
            if x + w > inner.right:
                x = inner.x
                y += bh
            self._button(surface, ctx, key, label, pygame.Rect(x, y, w, bh - 2), px)
            x += w + 4
        y += (bh if row else 0) + 4
        self.speaking = "loudspeaker" in self._offers
        if self.speaking:
            y = self._draw_loudspeaker(surface, ctx, inner, y, bh, px)
        else:
            self.speech.active = False
        return y

    def _draw_loudspeaker(self, surface, ctx, inner, y, bh, px) -> int:
        """The message field and its Speak button, the quick picks under them, and why the
        message would be refused (the engine's own rule), if it would."""
        speak = "Speak"
        w = ctx.text.size(speak, px, True)[0] + 16
        fh = TextLine.height(ctx)
        self.speech.draw(surface, ctx, pygame.Rect(inner.x, y, inner.w - w - 4, fh))
        why = areas.announcement_problem(self.speech.text) if self.speech.text else None
        b = Button("cp:loudspeaker", speak, pygame.Rect(inner.right - w, y, w, fh),
                   enabled=bool(self.speech.text) and why is None, px=px)
        self.buttons.append(b)
        b.draw(surface, ctx)
        y += fh + 4
        if why:
            surface.blit(fit_text(ctx, why, px, theme.INK_DIM, inner.w), (inner.x, y))
            y += bh
        x = inner.x
        for i, (label, _phrase) in enumerate(ANNOUNCEMENTS):
            w = ctx.text.size(label, px, True)[0] + 16
            if x + w > inner.right:
                x = inner.x
                y += bh
            self._button(surface, ctx, f"cp:phrase:{i}", label, pygame.Rect(x, y, w, bh - 2),
                         px)
            x += w + 4
        return y + bh + 4

    def _button(self, surface, ctx, key, label, rect, px, selected=False) -> None:
        b = Button(key, label, rect, selected=selected, px=px)
        self.buttons.append(b)
        b.draw(surface, ctx)

    # ---- clicks ----------------------------------------------------------------------------
    def click(self, key: str, facing: str) -> dict | None:
        """The action (plain form) a panel button sends, or None for a setting."""
        what = key.removeprefix("cp:")
        kind, _, arg = what.partition(":")
        if kind == "toggle":
            self.toggle = arg
            return None
        if kind == "turns":
            low, high = computer.COUNTDOWN
            self.turns = max(low, min(high, self.turns + (1 if arg == "+" else -1)))
            return None
        if kind == "rows":
            self.first = max(0, self.first + (self.page if arg == "+" else -self.page))
            return None
        if kind == "phrase":
            self.speech.text = ANNOUNCEMENTS[int(arg)][1]
            return None
        offer = self._offers.get("self_destruct" if kind == "destruct_cancel" else what)
        if offer is None:
            return None
        action = {**offer.action, "facing": facing}
        if kind == "snoop":
            action["toggle"] = self.toggle
        elif kind == "self_destruct":
            action["turns"] = self.turns
        elif kind == "destruct_cancel":
            action["turns"] = 0
        elif kind == "loudspeaker":
            if areas.announcement_problem(self.speech.text):
                return None  # the button is greyed: nothing the engine would take
            action["text"] = areas.announcement_text(self.speech.text)
            self.speech.text = ""
        return action

    def type_event(self, event, facing: str) -> tuple[bool, dict | None]:
        """Feed a key or click to the loudspeaker's field while it is drawn: (whether the
        field took the event, the loudspeaker action Enter sends, if any)."""
        if not self.speaking:
            return False, None
        inside = event.type == pygame.MOUSEBUTTONDOWN and self.speech.rect.collidepoint(
            event.pos)
        if not (self.speech.active or inside):
            return False, None
        if event.type == pygame.MOUSEBUTTONDOWN and not inside:
            self.speech.active = False  # a click elsewhere leaves the field and goes on
            return False, None
        text = self.speech.handle(event)
        if text is None:
            return True, None
        self.speech.text = text
        return True, self.click("cp:loudspeaker", facing)


def systems_lines(state, plan: DeckPlan, sheets) -> list[str]:
    """The Judge's summary of every system of the Feynman, in words."""
    s = state
    sysm = s.systems
    holder = s.characters.get(sysm.control) if sysm.control else None
    hatch_names = {h.id: h.name for h in plan.hatches}

    def hatches(ids) -> str:
        return ", ".join(hatch_names.get(h, "?") for h in ids) or "none"

    control = (f"{sheets.characters[holder.sheet].name}"
               + (f" [{seat_title(holder.seat)}]" if holder.seat else "")) if holder else "nobody"
    countdown = f"{sysm.self_destruct} turns" if sysm.self_destruct is not None else "not set"
    if sysm.self_destruct_orders:
        countdown += " (orders waiting: " + ", ".join(
            "cancel" if t == 0 else str(t) for t in sysm.self_destruct_orders) + ")"
    shields = "wrecked" if sysm.generator_wrecked else "up" if sysm.shields_up else "down"
    ends = {0: "hull", 1: "ring"}
    out = [f"Computer Control: {control}",
           f"Main computer: {'SHUT DOWN' if sysm.shutdown else 'running'}; "
           f"terminals destroyed: {len(sysm.destroyed_terminals)}",
           f"Self-destruct: {countdown}",
           f"Shields: {shields}; life support: {'working' if sysm.life_support else 'gone'}"
           f"; ring: {'stopped' if sysm.ring_stopped else 'turning'}",
           "Lift cars: " + ", ".join(f"{n} at the {ends[e]} end"
                                     for n, e in sorted(s.lifts.items())),
           f"Locked hatches: {hatches(s.locked)}",
           f"Welded hatches: {hatches(sysm.welded)}; blown open: {hatches(sysm.blown_hatches)}",
           f"Dark: {', '.join(s.dark) or 'nowhere'}; gas: {', '.join(sysm.gas) or 'nowhere'}",
           f"Hacking attempts not yet reported: {len(sysm.hack_attempts)}"]
    waiting = [f"{space} {'dark' if dark else 'lit'}" for space, dark in sysm.switching]
    waiting += [f"{space}: {kind.replace('_', ' ')}" for kind, space in sysm.failing]
    if waiting:  # what falls at the next Global Updates
        out.append("At Global Updates: " + ", ".join(waiting))
    commanded = [sheets.characters[c.sheet].name for c in s.characters.values()
                 if c.controlled_by and sheets.characters[c.sheet].kind == "robot"]
    if commanded:
        out.append("Robots under command: " + ", ".join(sorted(commanded)))
    for seat, secrets in sorted(s.aliens.items()):
        if secrets.ram is not None:  # HAL: where its RAM is, as it last learnt it
            where = plan.space_name(plan.sq(*secrets.ram)) if plan.inside(*secrets.ram) \
                else "?"
            out.append(f"HAL's RAM [{seat_title(seat)}]: {where}"
                       + (f" (cut off: {secrets.ram_cut})" if secrets.ram_cut else "")
                       + f"; hacking attempts not yet reported to it: {len(sysm.hal_hacks)}")
    cut = sorted({plan.space_name(sq) for sq in range(len(plan.feature))
                  if plan.feature[sq] == "major_terminal"} & detached_spaces(s.ships))
    if cut:
        out.append("Major terminals cut off (their craft left its dock): " + ", ".join(cut))
    suspended = [sheets.characters[c.sheet].name for c in s.characters.values() if c.suspended]
    if suspended:
        out.append("In suspension capsules: " + ", ".join(sorted(suspended)))
    return out
