"""The hazards on the map, as the seat knows them (or all of them, for the Judge): dark spaces
shaded night-blue, gas a green haze with drifting stripes, airless segments edged in ice
blue; a short animation when the view first tells of a decompression (air streaming out
of the segment) or of the ring's stop (everything in the ring jolting downward).

Drawn over the deck's tiles and under the counters (``DeckRenderer.draw``'s ``under``). The
still part is one small surface, a pixel a square, rebuilt only when what it shows changes,
and scaled to the camera like the reach and field-of-view shading.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.artifact.deckplan import DeckPlan
from game.artifact.viewtypes import JudgeView, SeatView
from game.ui import theme
from game.ui.artifact_computer_words import counted
from game.ui.artifact_pieces import place_name

#: Colours (RGBA) of each hazard's shading.
DARK = (4, 8, 30, 170)
GAS = (120, 200, 60, 80)
GAS_STRIPE = (150, 230, 80, 120)
AIRLESS = (130, 200, 255)
#: How long an animation runs, in seconds.
ANIMATION = 1.6


@dataclass(frozen=True)
class Hazards:
    """What one screen shows: dark spaces, gassed spaces, airless segments, the ring's stop."""

    dark: frozenset = frozenset()
    gas: frozenset = frozenset()
    airless: frozenset = frozenset()
    ring_stopped: bool = False


def hazards_of(view: SeatView | JudgeView) -> Hazards:
    """A seat's hazards are its view's (what its map saw, what it was told); the Judge's are
    the truth."""
    if isinstance(view, JudgeView):
        s = view.state
        return Hazards(frozenset(s.dark), frozenset(s.systems.gas),
                       frozenset(s.systems.decompressed), s.systems.ring_stopped)
    return Hazards(frozenset(view.dark), frozenset(view.gas), frozenset(view.airless),
                   view.ring_stopped)


@dataclass
class Animation:
    kind: str                 # "decompression", "ring_stop" or "departure"
    start: float
    squares: frozenset = field(default_factory=frozenset)


class HazardLayer:
    """Keeps what was last shown, starts an animation when a hazard first appears, and
    draws (see module docstring)."""

    def __init__(self, plan: DeckPlan) -> None:
        self.plan = plan
        self.shown: Hazards | None = None
        self.whose: str | None = None
        self.animations: list[Animation] = []
        self._departures: list[frozenset] = []  # started at the next draw
        self._tiny: pygame.Surface | None = None
        self._tiny_key: Hazards | None = None
        self._ring = frozenset(sq for sq in range(len(plan.terrain))
                               if plan.segment_of[sq] >= 0
                               and plan.gravity[plan.segment_of[sq]]
                               and plan.passable(sq))

    def follow(self, plan: DeckPlan) -> None:
        """Shade ``plan`` from now on: the deck plan with the ships where they have flown
        (a ship's dark or gassed space moves with it)."""
        if plan is not self.plan:
            self.plan = plan
            self._tiny = self._tiny_key = None

    # ------------------------------------------------------------------ what changed

    def take(self, hazards: Hazards, now: float, whose: str | None = None) -> None:
        """The screen's hazards now, as ``whose`` knows them (the Judge's screen may show a
        seat's): a segment newly airless or the ring newly stopped starts its animation (not
        on the first look, nor when the screen turns to another seat's knowledge: a window
        opened late shows them still)."""
        before = self.shown
        self.shown = hazards
        turned = whose != self.whose
        self.whose = whose
        if before is None or turned:
            return
        new_airless = hazards.airless - before.airless
        if new_airless:
            self.animations.append(Animation("decompression", now,
                                             self.segment_squares(new_airless)))
        if hazards.ring_stopped and not before.ring_stopped:
            self.animations.append(Animation("ring_stop", now, self._ring))

    def depart(self, squares: frozenset) -> None:
        """A ship has flown off the map from ``squares``: a fading ghost of it where it was
        (started at the next draw, which knows the time)."""
        self._departures.append(frozenset(squares))

    def segment_squares(self, names) -> frozenset:
        plan = self.plan
        wanted = set(names)
        return frozenset(sq for sq in range(len(plan.terrain))
                         if plan.segment_name(sq) in wanted and plan.passable(sq))

    def space_squares(self, names) -> list[int]:
        plan = self.plan
        wanted = set(names)
        return [sq for sq in range(len(plan.terrain)) if plan.space_name(sq) in wanted]

    def animating(self, now: float) -> bool:
        self.animations = [a for a in self.animations if now - a.start < ANIMATION]
        return bool(self.animations)

    # ------------------------------------------------------------------ drawing

    def _still(self) -> pygame.Surface | None:
        """Dark, gas and airless shading at one pixel a square."""
        hz = self.shown
        if hz is None or not (hz.dark or hz.gas or hz.airless):
            return None
        if self._tiny is not None and self._tiny_key == hz:
            return self._tiny
        plan = self.plan
        tiny = pygame.Surface((plan.width, plan.height), pygame.SRCALPHA)
        for sq in self.space_squares(hz.dark):
            tiny.fill(DARK, (*plan.xy(sq), 1, 1))
        for sq in self.space_squares(hz.gas):
            x, y = plan.xy(sq)
            under = tiny.get_at((x, y))
            tiny.set_at((x, y), _over(under, GAS))
        self._tiny, self._tiny_key = tiny, hz
        return tiny

    def draw(self, surface: pygame.Surface, cam, now: float) -> None:
        """Shade the camera's view, then any animation under way."""
        tiny = self._still()
        c = cam.cell
        view = pygame.Rect(round(cam.ox), round(cam.oy), cam.rect.w, cam.rect.h)
        plan = self.plan
        sx0, sy0 = max(0, math.floor(view.x / c)), max(0, math.floor(view.y / c))
        sx1 = min(plan.width - 1, math.floor((view.right - 1) / c))
        sy1 = min(plan.height - 1, math.floor((view.bottom - 1) / c))
        if sx1 < sx0 or sy1 < sy0:
            return
        if tiny is not None:
            part = tiny.subsurface((sx0, sy0, sx1 - sx0 + 1, sy1 - sy0 + 1))
            big = pygame.transform.scale(part, (part.get_width() * c, part.get_height() * c))
            surface.blit(big, (cam.rect.x + sx0 * c - view.x, cam.rect.y + sy0 * c - view.y))
        hz = self.shown
        if hz is not None and hz.gas:
            self._gas_stripes(surface, cam, hz.gas, now, (sx0, sy0, sx1, sy1))
        if hz is not None and hz.airless:
            self._airless_edges(surface, cam, hz.airless)
        self.animations += [Animation("departure", now, squares)
                            for squares in self._departures]
        self._departures = []
        for anim in self.animations:
            t = (now - anim.start) / ANIMATION
            if 0 <= t < 1:
                self._animate(surface, cam, anim, t)

    def _gas_stripes(self, surface, cam, gas, now: float, box) -> None:
        """Diagonal stripes drifting slowly across each gassed square."""
        c = cam.cell
        if c < 10:
            return
        sx0, sy0, sx1, sy1 = box
        shift = int(now * c / 3) % max(1, c // 2)
        step = max(6, c // 3)
        for sq in self.space_squares(gas):
            x, y = self.plan.xy(sq)
            if not (sx0 <= x <= sx1 and sy0 <= y <= sy1):
                continue
            px, py = cam.to_screen(x, y)
            cell = pygame.Surface((c, c), pygame.SRCALPHA)
            for k in range(-c, c, step):
                a = k + shift
                pygame.draw.line(cell, GAS_STRIPE, (a, c), (a + c, 0), 2)
            surface.blit(cell, (px, py))

    def _airless_edges(self, surface, cam, names) -> None:
        """An ice-blue line along each airless square's sides that face another space."""
        plan = self.plan
        c = cam.cell
        squares = self.segment_squares(names)
        width = max(1, c // 10)
        for sq in squares:
            x, y = plan.xy(sq)
            px, py = cam.to_screen(x, y)
            for dx, dy, a, b in ((0, -1, (0, 0), (c, 0)), (1, 0, (c, 0), (c, c)),
                                 (0, 1, (0, c), (c, c)), (-1, 0, (0, 0), (0, c))):
                nx, ny = x + dx, y + dy
                if plan.inside(nx, ny) and plan.sq(nx, ny) in squares:
                    continue
                pygame.draw.line(surface, AIRLESS, (px + a[0], py + a[1]),
                                 (px + b[0], py + b[1]), width)

    def _animate(self, surface, cam, anim: Animation, t: float) -> None:
        c = cam.cell
        fade = int(200 * (1 - t))
        if anim.kind == "decompression":
            # white streaks rushing outward from each square's middle
            for sq in anim.squares:
                cx, cy = cam.centre_px(*self.plan.xy(sq))
                reach = c * (0.2 + 0.8 * t)
                for ang in range(0, 360, 45):
                    r = math.radians(ang + 20 * t)
                    a = (cx + math.cos(r) * reach * 0.4, cy + math.sin(r) * reach * 0.4)
                    b = (cx + math.cos(r) * reach, cy + math.sin(r) * reach)
                    pygame.draw.line(surface, (fade + 55, fade + 55, 255), a, b, 1)
        elif anim.kind == "departure":
            # the ship's outline where it was, fading and shrinking into the dark
            inset = int(c * 0.4 * t)
            colour = (120 + fade // 2, 200, 255)
            for sq in anim.squares:
                px, py = cam.to_screen(*self.plan.xy(sq))
                pygame.draw.rect(surface, colour, (px + inset, py + inset, c - 2 * inset,
                                                   c - 2 * inset), max(1, c // 10))
        else:
            # chevrons falling through each ring square: the ring's brakes
            drop = int(c * 3 * t) % max(1, c)
            colour = (255, 200 - fade // 4, 60)
            for sq in anim.squares:
                px, py = cam.to_screen(*self.plan.xy(sq))
                y = py + drop
                mid = px + c // 2
                pygame.draw.lines(surface, colour, False,
                                  [(px + c // 4, y), (mid, y + c // 5), (px + 3 * c // 4, y)],
                                  max(1, c // 12))


def _over(under: pygame.Color, colour: tuple) -> tuple:
    """``colour`` laid over ``under`` (both RGBA), as one RGBA pixel."""
    ua = under.a / 255
    ca = colour[3] / 255
    alpha = ca + ua * (1 - ca)
    if alpha == 0:
        return (0, 0, 0, 0)
    mix = [round((colour[i] * ca + under[i] * ua * (1 - ca)) / alpha) for i in range(3)]
    return (*mix, round(alpha * 255))


def hazard_line(n, who: str, names: dict[str, str]) -> tuple[str, tuple] | None:
    """A hazard notice (``hazards.py``'s kinds) in words with its colour, or None for any
    other kind. ``who`` is the notice's character by name."""
    kind = n.kind
    if kind == "gas_released":
        return (f"{who} released {n.get('weapon', 'gas')} in "
                f"{place_name(n.get('square'))}: the space fills with gas.", theme.GREEN)
    if kind == "gassed":
        result = str(n.get("result", "")).replace("_", " ")
        return f"Gas: {who} breathes it in ({result}).", theme.ORANGE
    if kind == "airless":
        turns = counted(int(n.get("turns") or 1), "turn")
        return f"{who} has no air ({turns} so far).", theme.ORANGE
    if kind == "suffocated":
        return f"{who} suffocated without air.", theme.VERMILLION
    if kind == "examined":
        return (f"{who} shines a flashlight on a square in {place_name(n.get('square'))}.",
                theme.INK_DIM)
    if kind == "decompression":
        blown = ", ".join(names.get(c, "someone") for c in n.get("characters") or [])
        lost = ", ".join(n.get("lost") or [])
        tail = f" Lost into space: {lost}." if lost else ""
        return f"DECOMPRESSION: {blown or 'your people'} blown toward a breach.{tail}", \
            theme.VERMILLION
    if kind == "ring_lurch":
        moved = ", ".join(names.get(c, "someone") for c in n.get("characters") or [])
        return f"The ring's brakes threw {moved or 'your people'} across the deck.", \
            theme.ORANGE
    if kind == "lost_action":
        return f"{who} is still picking itself up: no action this turn.", theme.ORANGE
    if kind == "gas_filled":  # the Judge's log
        return f"Gas fills {n.get('space', 'a space')}.", theme.GREEN
    if kind == "space_decompressed":
        return (f"{n.get('space', 'A space')} decompresses through a breach in "
                f"{place_name(n.get('breach'))}.", theme.VERMILLION)
    if kind == "air_gone_bad":
        return f"The air goes bad: gas fills {n.get('space', 'a space')}.", theme.ORANGE
    if kind in ("decompression_warning", "life_support", "computer_shutdown",
                "ring_stopped"):
        return f"SHIP: {n.get('text', '')}", theme.YELLOW
    return None
