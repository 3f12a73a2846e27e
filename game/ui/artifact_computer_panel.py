"""The computer panel of The Artifact's seat screen: what the station's computer shows the
seat's character holding Computer Control, and its security actions.

Everything comes from the seat's own view through ``game.artifact.computer_view`` (who the
seat believes holds the marker, the announced countdown, the reports and snoops it
received) and the offers it makes, so the panel never decides a rule itself; a button
sends the offered action, which the engine judges. Segments list their spaces' lights as
the seat last saw them and the locks as its snoops left them; robots are the inactive
robot counters on its map; the self-destruct is set with a chosen countdown.
"""

from __future__ import annotations

import pygame

from game.artifact import computer, computer_view
from game.artifact.computer_view import Offer
from game.artifact.deckplan import DeckPlan
from game.artifact.viewtypes import SeatView
from game.ui import theme
from game.ui.text_registry import add_frame
from game.ui.widgets import Button, draw_panel, fit_text

#: Announcements the panel offers for the loudspeaker (the engine takes any text; the
#: headless client may send its own).
ANNOUNCEMENTS = ("Attention, all crew.", "Intruder alert. Remain where you are.",
                 "Evacuate the ring section.", "Medical team to the medlab.",
                 "All hands to the lounge.")
#: Offer keys that belong to the panel rather than the action bar.
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
        self.announcement = 0
        self.buttons: list[Button] = []
        self._offers: dict[str, Offer] = {}

    # ---- what the panel shows -------------------------------------------------------------
    def lines(self, view: SeatView, plan: DeckPlan) -> list[str]:
        """The panel's report in words: holder, countdown, lifts, reported hacks."""
        holder = computer_view.believed_control(view)
        own = view.own.characters
        out = [f"Computer Control: {own[holder].name}" if holder else
               "Computer Control: not held by your forces"]
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
        bh = lh + 8
        y = self._draw_controls(surface, ctx, inner, y, bh, px)
        snoops = {o.action["segment"]: o for o in offers if o.key.startswith("snoop:")}
        col = inner.w - 3 * (bh * 2 + 4)
        for segment, state in self.segment_rows(view, plan):
            if y + bh > inner.bottom:
                break
            surface.blit(fit_text(ctx, f"{segment}: {state}", px, theme.INK_DIM, col - 6),
                         (inner.x, y + 4))
            if segment in snoops:
                self._button(surface, ctx, f"cp:snoop:{segment}", "Snoop",
                             pygame.Rect(inner.x + col, y, bh * 2, bh - 2), px)
            y += bh

    def _draw_controls(self, surface, ctx, inner, y, bh, px) -> int:
        """The toggle choice, robots, countdown, loudspeaker, hand-overs and lift hacks."""
        x = inner.x
        if any(k.startswith("snoop:") for k in self._offers):
            surface.blit(ctx.text.render("After snooping, switch:", px, theme.INK), (x, y + 4))
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
        if "loudspeaker" in self._offers:
            row += [("cp:announce_next", ">"),
                    ("cp:loudspeaker", f'Say "{ANNOUNCEMENTS[self.announcement]}"')]
        x = inner.x
        for key, label in row:
            w = min(inner.w, ctx.text.size(label, px, True)[0] + 16)
            if x + w > inner.right:
                x = inner.x
                y += bh
            self._button(surface, ctx, key, label, pygame.Rect(x, y, w, bh - 2), px)
            x += w + 4
        return y + (bh if row else 0) + 4

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
        if kind == "announce_next":
            self.announcement = (self.announcement + 1) % len(ANNOUNCEMENTS)
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
            action["text"] = ANNOUNCEMENTS[self.announcement]
        return action



def computer_notice(n, who: str, names: dict[str, str]) -> str | None:
    """The log line of a Computer Operations, special-area or system-equipment notice, in
    words (never an id), or None for other kinds."""
    kind = n.kind
    target = names.get(str(n.get("target", "")), "them")
    roll = f"rolled {n.get('roll')}" + (f" +{n.get('bonus')}" if n.get("bonus") else "") \
        + f", needed {n.get('needed')}"
    said = {
        "control_start": f"{who} holds Computer Control.",
        "control_given": f"{who} handed Computer Control over.",
        "control_lost": f"{who} no longer holds Computer Control.",
        "control_received": f"{who} was handed Computer Control.",
        "hack": f"{who} hacked the computer: {roll}: "
                + ("Computer Control is yours." if n.get("success") else "failed."),
        "hack_lift": f"{who} hacked lift {n.get('lift')}: {roll}: "
                     + ("the car is sent." if n.get("success") else "failed."),
        "cancel_self_destruct": f"{who} tried to stop the self-destruct: {roll}: "
                                + ("it will stop." if n.get("success") else "failed."),
        "self_destruct_ordered": f"{who} ordered the self-destruct "
                                 + (f"set to {n.get('turns')} turns." if n.get("turns")
                                    else "cancelled."),
        "self_destruct": f"SHIP ANNOUNCEMENT: {n.get('text', '')}",
        "drive_detonation": "The drives detonate.",
        "loudspeaker": f"{who} speaks on the loudspeakers (heard at Global Updates): "
                       f"{n.get('text', '')}",
        "ladder": f"{who} climbed the emergency ladder to the {n.get('end')} end of lift "
                  f"{n.get('lift')}.",
        "geiger": f"{who}'s Geiger counter: "
                  + (f"the signature is in {n.get('segment')}, "
                     + " and ".join(n.get("directions") or []) + "."
                     if n.get("found") else f"no signature in {n.get('segment')}."),
        "treated": f"{who} was {n.get('done')} by someone.",
    }
    if kind in said:
        return said[kind]
    if kind == "computer_report":
        hacks = len(n.get("hacks") or [])
        breaches = len(n.get("breaches") or [])
        return (f"Computer report: {hacks} hacking attempt(s) since your last turn, "
                f"{breaches} hull breach(es), lift cars shown.")
    if kind == "snoop":
        switched = {"dark": "; lights out", "lit": "; lights on", "locked": "; hatches locked",
                    "unlocked": "; hatches unlocked"}.get(n.get("result", ""), "")
        return f"{who} snooped {n.get('segment')}: {n.get('seen')} counter(s) seen{switched}."
    if kind == "command_robot":
        name = n.get("name", "the robot")
        return (f"{who} took command of the {name}." if n.get("success") else
                f"{who} could not take command of the {name}: it answers to someone else.")
    if kind in ("medlab", "mechanic"):
        done = n.get("done")
        if not done:
            return f"{who} could not help: {n.get('why')}."
        if kind == "medlab":
            return f"{who}: {target} {done}."
        if n.get("work") == "identify":
            return f"{who} examined it: this Artifact is {done}."
        return f"{who}: {n.get('work', '').replace('_', ' ')} done ({done})."
    if kind == "hatch_lock":
        return f"{who}: {n['why']}." if n.get("why") else \
            f"{who} {'locked' if n.get('locked') else 'unlocked'} the hatch."
    if kind == "jammed_on_purpose":
        holder = names.get(str(n.get("holder", "")), "its holder")
        return f"{who} jammed {holder}'s {n.get('weapon', 'weapon')} on purpose."
    if kind == "weld":
        return f"{who}: {n['why']}." if n.get("why") else \
            f"{who} {'welded the hatch shut' if n.get('done') == 'welded' else 'cut the weld'}."
    if kind == "shields":
        state = "up" if n.get("up") else "down"
        return f"{who}: {n['why']}; the shields are {state}." if n.get("why") else \
            f"{who} set the shields {state}."
    return None


def systems_lines(state, plan: DeckPlan, sheets) -> list[str]:
    """The Judge's summary of every system of the Feynman, in words."""
    s = state
    sysm = s.systems
    holder = s.characters.get(sysm.control) if sysm.control else None
    hatch_names = {h.id: h.name for h in plan.hatches}

    def hatches(ids) -> str:
        return ", ".join(hatch_names.get(h, "?") for h in ids) or "none"

    control = (f"{sheets.characters[holder.sheet].name}"
               + (f" [{holder.seat}]" if holder.seat else "")) if holder else "nobody"
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
    commanded = [sheets.characters[c.sheet].name for c in s.characters.values()
                 if c.controlled_by and sheets.characters[c.sheet].kind == "robot"]
    if commanded:
        out.append("Robots under command: " + ", ".join(sorted(commanded)))
    suspended = [sheets.characters[c.sheet].name for c in s.characters.values() if c.suspended]
    if suspended:
        out.append("In suspension capsules: " + ", ".join(sorted(suspended)))
    return out
