"""Targeting on the seat screen: choose a weapon and a target, see the odds, fire.

A ``Targeting`` holds what the player has chosen so far for one character: an attack, a
move-then-attack (first the square to move to, then the target) or opportunity fire (the
square to cover). Every number and refusal it shows comes from ``game.artifact.odds`` on
the seat's own view, which runs the engine's planning functions: the screen decides no rule
itself. The drawing helpers here paint the line of fire, the squares a missed shot could
strike, a grenade's blast, the squares a weapon can cover, the seat's own opportunity-fire
markers and the combat badges of a counter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.artifact import actions as A
from game.artifact import combat, odds
from game.ui import theme
from game.ui.text_registry import add_frame
from game.ui.widgets import draw_panel, draw_wrapped, panel_height, panel_padding

#: Whom an opportunity-fire marker may call hostile, in the order the button cycles them.
HOSTILE = combat.HOSTILE_CHOICES
MODE_WORDS = {"attack": "Attack", "move_attack": "Move + attack", "cover": "Cover a square"}
LINE_TINT = (230, 90, 60, 70)
BLAST_TINT = (240, 150, 40, 90)
COVER_TINT = (86, 180, 233, 70)


def facing_towards(start: tuple[int, int], target: tuple[int, int], now: str) -> str:
    """The facing that puts ``target`` ahead of a character at ``start`` (``now`` when they
    share a square)."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    if not dx and not dy:
        return now
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


@dataclass
class Targeting:
    """One character's attack being set up (see the module docstring)."""

    cid: str
    mode: str                          # "attack", "move_attack" or "cover"
    weapon: str
    fire: str = "normal"
    target: str | tuple[int, int] | None = None
    square: tuple[int, int] | None = None   # where the target was picked
    move_mode: str = "walk"
    path: tuple[tuple[int, int], ...] = ()  # move_attack: the move before the shots
    facing: str | None = None               # cover: the facing the marker needs
    hostile: str = "anyone"
    choices: list[odds.WeaponChoice] = field(default_factory=list)

    # ---------------------------------------------------------------- what the player sees

    def start(self, know: odds.SeatKnowledge) -> tuple[int, int]:
        """Where the shots would go out from: the end of the move, else where it stands."""
        if self.path:
            return tuple(self.path[-1])
        return tuple(know.view.own.characters[self.cid].square)

    def shot_facing(self, know: odds.SeatKnowledge) -> str:
        """The field the shots go out in: the character's own, or (after a move) the way
        that looks at the target."""
        now = know.view.own.characters[self.cid].facing
        if self.mode != "move_attack" or self.square is None:
            return now
        return facing_towards(self.start(know), self.square, now)

    def preview(self, know: odds.SeatKnowledge) -> odds.AttackPreview | None:
        if self.target is None or self.mode == "cover":
            return None
        entry = know.view.own.characters[self.cid]
        if self.mode == "move_attack":
            return odds.preview_attack(know, self.cid, self.weapon, self.fire, (self.target,),
                                       square=self.start(know), facing=self.shot_facing(know),
                                       approach=tuple(entry.square))
        return odds.preview_attack(know, self.cid, self.weapon, self.fire, (self.target,))

    def cover(self, know: odds.SeatKnowledge) -> dict[tuple[int, int], str]:
        """Squares the chosen weapon can cover, each with the facing it needs (the
        character's own facing first)."""
        if self.mode != "cover":
            return {}
        now = know.view.own.characters[self.cid].facing
        out: dict[tuple[int, int], str] = {}
        for facing in [now] + [f for f in "NESW" if f != now]:
            for sq in odds.cover_squares(know, self.cid, self.weapon, facing):
                out.setdefault(tuple(sq), facing)
        return out

    def lines(self, know: odds.SeatKnowledge) -> list[tuple[str, tuple]]:
        """The panel's text: what is chosen, then the odds in words, or what to do next."""
        name = know.view.own.characters[self.cid].name
        weapon = next((w.label for w in self.choices if w.name == self.weapon), "weapon")
        head = f"{MODE_WORDS[self.mode]}: {name} with the {weapon}"
        if self.mode != "cover" and self.fire != "normal":
            head += f", {odds.fire_name(know, self.fire).lower()}"
        if self.path:
            head += ", after moving to ({}, {})".format(*self.path[-1])
        out = [(head, theme.INK)]
        if self.mode == "cover":
            out.append((f"Fires at {_hostile_words(self.hostile)} entering the square. "
                        "Click a blue square to cover it.", theme.INK_DIM))
            return out
        if self.mode == "move_attack" and not self.path:
            out.append(("Click a square in reach to move to first.", theme.INK_DIM))
            return out
        shown = self.preview(know)
        if shown is None:
            out.append(("Click a counter (or a window, hatch or computer) to aim at.",
                        theme.INK_DIM))
            return out
        if not shown.ok:
            out.append((f"Cannot attack: {shown.why}.", theme.ORANGE))
            return out
        for n, shot in enumerate(shown.shots):
            if n and shot.target == shown.shots[0].target and shot.odds == shown.shots[0].odds:
                continue
            text = f"At {shot.aimed_at}: {shot.words}"
            if not shot.odds.always_hits and not shown.close and shot.odds.needed:
                text = text.rstrip(".") + f"; {odds.chance_words(shot.odds)}."
            out.append((text, theme.YELLOW))
        first = shown.shots[0]
        if len(shown.shots) > 1:
            out.append((f"{len(shown.shots)} shots, each rolled on its own.", theme.INK))
        if first.in_line or first.past:
            near = ", ".join(first.in_line) or "nobody you know of"
            far = ", ".join(first.past) or "nobody you know of"
            out.append((f"A miss could strike, nearest first: in the line of fire {near}; "
                        f"past the target {far}.", theme.ORANGE))
        elif not shown.close:
            out.append(("Nobody you know of stands in the line of fire.", theme.INK_DIM))
        if first.blast:
            out.append(("The blast strikes the target square and the eight around it.",
                        theme.ORANGE))
        out += [(line, theme.INK_DIM) for line in shown.extra]
        return out

    def buttons(self, know: odds.SeatKnowledge) -> list[tuple[str, str, bool]]:
        """(key, label, enabled) for the bar while targeting."""
        out = []
        for w in self.choices:
            if self.mode == "cover" and not w.ranged:
                continue
            out.append((f"tweapon:{w.name}", w.label, w.ok))
        if self.mode == "cover":
            out.append(("thostile", f"Hostile: {_hostile_words(self.hostile)}", True))
        else:
            chosen = next((w for w in self.choices if w.name == self.weapon), None)
            for fire in chosen.fires if chosen and chosen.ranged else ():
                out.append((f"tfire:{fire}", odds.fire_name(know, fire), True))
            shown = self.preview(know)
            label = "Move and fire" if self.mode == "move_attack" else "Fire"
            out.append(("tfire_now", label, bool(shown and shown.ok)))
        out.append(("tcancel", "Cancel (Esc)", True))
        return out

    # ---------------------------------------------------------------- the player's choices

    def click(self, know: odds.SeatKnowledge, square: tuple[int, int],
              path: list | None) -> str:
        """The player clicked ``square`` (``path``: the planner's path there, for the move
        of a move-then-attack). Returns what the status line should say."""
        if self.mode == "cover":
            facing = self.cover(know).get(tuple(square))
            if facing is None:
                return "That square cannot be covered from here."
            self.square, self.facing = tuple(square), facing
            return ""
        if self.mode == "move_attack" and not self.path:
            if not path:
                return "No way there this turn."
            self.path = tuple(tuple(p) for p in path)
            return "Now click what to attack from there."
        options = odds.target_at(know, self.cid, square)
        if self.target in options and self.square == tuple(square) and len(options) > 1:
            options = options[options.index(self.target) + 1:] + options[
                :options.index(self.target) + 1]  # another click: the next thing there
        self.target, self.square = options[0], tuple(square)
        return ""

    def action(self, know: odds.SeatKnowledge) -> A.Action | None:
        """The engine action chosen, its facing afterwards the character's own (the seat
        screen then asks for it)."""
        entry = know.view.own.characters[self.cid]
        if self.mode == "cover":
            if self.square is None or self.facing is None:
                return None
            return A.TargetOpportunityFire(self.cid, self.weapon, self.square, self.hostile,
                                           self.facing)
        shown = self.preview(know)
        if shown is None or not shown.ok:
            return None
        target = self.target
        if self.mode == "move_attack":
            return A.MoveThenAttack(self.cid, self.move_mode, self.path, self.weapon,
                                    self.fire, (target,), self.shot_facing(know))
        return A.Attack(self.cid, self.weapon, self.fire, (target,), entry.facing)

    def chosen(self) -> tuple[str, ...]:
        """The bar keys of what is chosen (drawn selected)."""
        return (f"tweapon:{self.weapon}", f"tfire:{self.fire}")

    def pick_weapon(self, name: str) -> None:
        self.weapon = name
        chosen = next((w for w in self.choices if w.name == name), None)
        if chosen is not None and self.fire not in chosen.fires:
            self.fire = "normal"

    def next_hostile(self) -> None:
        self.hostile = HOSTILE[(HOSTILE.index(self.hostile) + 1) % len(HOSTILE)]


def _hostile_words(hostile: str) -> str:
    from game.ui.artifact_combat_words import faction_words
    return faction_words(hostile)


# ---- drawing -------------------------------------------------------------------------------

def _tint(surface, cam, squares, colour) -> None:
    c = cam.cell
    if not squares:
        return
    cell = pygame.Surface((c, c), pygame.SRCALPHA)
    cell.fill(colour)
    for sq in squares:
        surface.blit(cell, cam.to_screen(*sq))


def draw_targeting(surface, ctx, cam, targeting: Targeting, know: odds.SeatKnowledge) -> None:
    """The line of fire (red), the squares a grenade would blast (orange), the squares a
    weapon could cover (blue), the move before a move-then-attack, and a ring on the
    target."""
    clip = surface.get_clip()
    surface.set_clip(cam.rect)
    c = cam.cell
    if targeting.mode == "cover":
        _tint(surface, cam, targeting.cover(know), COVER_TINT)
    if targeting.path:
        entry = know.view.own.characters[targeting.cid]
        pts = [cam.centre_px(*entry.square)] + [cam.centre_px(*p) for p in targeting.path]
        pygame.draw.lines(surface, theme.YELLOW, False, pts, max(2, c // 10))
    shown = targeting.preview(know)
    if shown is not None and shown.ok:
        first = shown.shots[0]
        _tint(surface, cam, first.line, LINE_TINT)
        _tint(surface, cam, first.blast, BLAST_TINT)
        start = cam.centre_px(*targeting.start(know))
        end = cam.centre_px(*targeting.square) if targeting.square else start
        if start != end:
            pygame.draw.line(surface, theme.VERMILLION, start, end, max(2, c // 12))
    if targeting.square is not None:
        colour = theme.VERMILLION if targeting.mode != "cover" else theme.SKY
        pygame.draw.circle(surface, colour, cam.centre_px(*targeting.square),
                           max(6, c // 2), max(2, c // 10))
    surface.set_clip(clip)


def draw_targeting_panel(surface, ctx, cam, targeting: Targeting,
                         know: odds.SeatKnowledge) -> pygame.Rect:
    """The odds panel over the map's top edge (its bottom edge when the target or the
    shooter would be under it): the choice, then each line in words. Returns its rect."""
    rect = cam.rect
    lines = targeting.lines(know)
    px = ctx.type.small
    lh = ctx.text.font(px).get_linesize()
    width = rect.w - 16
    text_w = width - 2 * panel_padding(ctx)
    rows = sum(max(1, len(ctx.text.wrap(t, px, text_w))) for t, _c in lines)
    panel = pygame.Rect(rect.x + 8, rect.y + 8, width,
                        min(rect.h // 2, panel_height(ctx, rows * lh)))
    spots = [targeting.square, targeting.start(know)]
    if any(sq is not None and panel.collidepoint(cam.centre_px(*sq)) for sq in spots):
        panel.bottom = rect.bottom - 8  # keep the target and the shooter in sight
    add_frame(surface, "cover", panel, panel)  # laid over the map: it hides what it touches
    inner = draw_panel(surface, panel, ctx, "Targeting")
    y = inner.y
    for text, colour in lines:
        area = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        if area.h < lh:
            break
        y += draw_wrapped(surface, ctx, text, px, colour, area)
    return panel


def draw_cover_marks(surface, ctx, cam, marks, names: dict[str, str]) -> None:
    """The seat's own opportunity-fire markers: a crosshair on each covered square with
    the coverer's name (only the placer's view carries them)."""
    clip = surface.get_clip()
    surface.set_clip(cam.rect)
    c = cam.cell
    for mark in marks:
        cx, cy = cam.centre_px(*mark.square)
        r = max(5, c // 2 - 2)
        pygame.draw.circle(surface, theme.SKY, (cx, cy), r, max(2, c // 12))
        pygame.draw.line(surface, theme.SKY, (cx - r - 3, cy), (cx + r + 3, cy), 2)
        pygame.draw.line(surface, theme.SKY, (cx, cy - r - 3), (cx, cy + r + 3), 2)
        if c >= 24:
            who = names.get(mark.character, "")
            img = ctx.text.render(f"cover: {who}", max(9, c // 4), theme.SKY, bold=True)
            surface.blit(img, img.get_rect(midtop=(cx, cy + r + 2)))
    surface.set_clip(clip)


#: Each combat badge's colour (its words are in the counter's tooltip).
BADGE_COLOUR = {"weapon jammed": theme.VERMILLION, "weapon overheated": theme.ORANGE,
                "weapon shorted out": theme.ORANGE, "carrying a casualty": theme.SKY}


def draw_combat_badges(surface, ctx, rect: pygame.Rect, marks: tuple[str, ...]) -> None:
    """Small icons down a counter's left edge for what its status badge does not say: a
    weapon jammed (a red "no" sign), one out of action until repaired (orange), a casualty
    carried (a blue stretcher). Hovering the counter names them in words."""
    if not marks or rect.w < 14:
        return
    b = max(8, round(rect.w * 0.3))
    y = rect.y + rect.h // 3
    for mark in marks:
        colour = BADGE_COLOUR.get(mark, theme.ORANGE)
        box = pygame.Rect(rect.x - b // 4, y, b, b)
        if mark == "carrying a casualty":
            pygame.draw.rect(surface, (255, 255, 255), box.inflate(4, 4))
            pygame.draw.rect(surface, (0, 0, 0), box.inflate(2, 2))
            pygame.draw.rect(surface, colour, box)
            pygame.draw.line(surface, (255, 255, 255), (box.x + 2, box.centery),
                             (box.right - 3, box.centery), max(1, b // 5))
        else:
            pygame.draw.circle(surface, (255, 255, 255), box.center, b // 2 + 2)
            pygame.draw.circle(surface, (0, 0, 0), box.center, b // 2 + 1)
            pygame.draw.circle(surface, colour, box.center, b // 2)
            k = max(2, b // 4)
            pygame.draw.line(surface, (255, 255, 255), (box.centerx - k, box.centery + k),
                             (box.centerx + k, box.centery - k), max(2, b // 5))
        y += b + 2


def piece_marks(entry, items) -> tuple[str, ...]:
    """The combat badges of one of the seat's own characters, in the words its tooltip
    uses: a carried weapon jammed, one out of action until repaired, a casualty carried."""
    out = []
    carried = [items[i] for i in entry.items if i in items]
    if any(i.jammed for i in carried):
        out.append("weapon jammed")
    if any(i.disabled == "overheated" for i in carried):
        out.append("weapon overheated")
    if any(i.disabled == "emp" for i in carried):
        out.append("weapon shorted out")
    if entry.carrying:
        out.append("carrying a casualty")
    return tuple(out)
