"""First-game coach marks: a short guided look at the parts of the first turn.

They appear in a new game (turn 1, nothing decided yet) as soon as the player first
touches the mouse or the keyboard, while the settings say the tour has not been seen. Each
mark frames one part of the screen with a few words; Next (or Space) moves on, Skip tour
ends it. Finishing or skipping writes ``coach_done`` to the settings file, so the tour is
never shown again. The marks never block the game: clicks outside their own two buttons
go through to the console underneath, and a tour still open when the second turn begins
steps aside for that game (it comes back with the next new game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.context import UiContext
from game.ui.settings import apply_settings, save_settings
from game.ui.text_registry import add_frame
from game.ui.widgets import Button, ClickTracker

if TYPE_CHECKING:
    from game.ui.herald_scene import HeraldScene


@dataclass(frozen=True)
class CoachMark:
    key: str
    text: str
    target: Callable[[HeraldScene], pygame.Rect]


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    return rects[0].unionall(rects[1:])


MARKS: tuple[CoachMark, ...] = (
    CoachMark("dice", "These are this turn's five Reading Dice. Give one to each Reading: drag "
              "a die onto a slot, or click the die and then the slot (keys 1-6 pick a die).",
              lambda s: _union([*s.layout.slots, *s.layout.tray])),
    CoachMark("preview", "Before you commit, this box says what each die would do on its "
              "Reading, worked out by the rules themselves. Hover a slot for more.",
              lambda s: s.layout.preview),
    CoachMark("confirm", "Confirm (Enter) applies the Readings in order. Unsure? Hint (H) "
              "suggests a choice and says why; Enter then takes it. Undo (U) takes a "
              "decision back until the next roll.",
              lambda s: _union([s.layout.controls, s.layout.top_buttons["hint"],
                                s.layout.top_buttons["undo"]])),
    CoachMark("stepper", "The steps of every turn: dice, direction, environment, sabotage, "
              "timeline, event, time. The lit step is happening now.",
              lambda s: s.stepper_rect if s.stepper_rect.w else s.layout.top),
    CoachMark("map", "The Holomap. Fly to a Lis Point and to The Source, then back home to "
              "Earth. Entering Earth ends the voyage, ready or not.",
              lambda s: s.layout.map_panel),
    CoachMark("goals", "What victory needs, ticked off as you go: a Lis Point, The Source, "
              "every saboteur Cell dismantled, three results, then home.",
              lambda s: s.goal_rect),
    CoachMark("time", "Time runs down every turn, and faster for costly choices. On the last "
              "spaces a Countdown Roll decides whether it moves on.",
              lambda s: s.layout.time_panel),
    CoachMark("officers", "Events need two officers: Expertise plus Effectiveness must reach "
              "the Effort, and leading costs Effectiveness. Shore Leave restores it. "
              "Esc pauses the game; the rules (R) explain everything.",
              lambda s: s.layout.officers_panel),
)


class Coach:
    """The tour's state and drawing, owned by the game screen."""

    def __init__(self) -> None:
        self.index = 0
        self.active = False
        self.finished = False
        self.tracker = ClickTracker()

    @property
    def mark(self) -> CoachMark:
        return MARKS[self.index]

    def start(self) -> None:
        if not self.finished:
            self.active = True

    def _close(self, ctx: UiContext) -> None:
        from game.ui.herald_pause import settings_in_effect

        self.active = False
        self.finished = True
        settings = settings_in_effect(ctx).with_(coach_done=True)
        apply_settings(ctx, settings)
        save_settings(settings)

    def step_aside(self) -> None:
        """Close the tour for this game only: the player has played past the first turn
        without it, and a card dimming the console all voyage long would only be in the
        way. It was not finished, so the next new game offers it again."""
        self.active = False

    def advance(self, ctx: UiContext) -> None:
        if self.index + 1 >= len(MARKS):
            self._close(ctx)
        else:
            self.index += 1

    def bubble(self, scene: HeraldScene, ctx: UiContext) -> tuple[pygame.Rect, list[str]]:
        """The text box: beside the framed part, inside the window, lines wrapped."""
        target = self.mark.target(scene)
        w, h = ctx.size
        width = round(min(w * 0.42, 460 * ctx.scale))
        lines = ctx.text.wrap(self.mark.text, ctx.type.body, width - 24)
        lh = ctx.text.font(ctx.type.body).get_linesize()
        title = ctx.text.font(ctx.type.small).get_linesize()
        height = 12 + title + 4 + len(lines) * lh + 10 + self._button_h(ctx) + 10
        box = pygame.Rect(0, 0, width, height)
        if target.bottom + height + 12 <= h:
            box.midtop = (target.centerx, target.bottom + 12)
        elif target.top - height - 12 >= 0:
            box.midbottom = (target.centerx, target.top - 12)
        elif target.right + width + 12 <= w:
            box.midleft = (target.right + 12, target.centery)
        else:
            box.midright = (target.left - 12, target.centery)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        return box, lines

    @staticmethod
    def _button_h(ctx: UiContext) -> int:
        return max(round(34 * ctx.scale), ctx.text.font(ctx.type.small).get_linesize() + 12)

    def buttons(self, scene: HeraldScene, ctx: UiContext) -> list[Button]:
        box, _ = self.bubble(scene, ctx)
        bh = self._button_h(ctx)
        bw = max(round(130 * ctx.scale), ctx.text.size("Skip tour", ctx.type.small, True)[0] + 30)
        y = box.bottom - bh - 10
        last = self.index + 1 >= len(MARKS)
        return [Button("coach_skip", "Skip tour", pygame.Rect(box.x + 12, y, bw, bh),
                       px=ctx.type.small, tooltip="End the tour; it will not come back."),
                Button("coach_next", "Done" if last else "Next",
                       pygame.Rect(box.right - bw - 12, y, bw, bh), hotkey="Space",
                       accent=theme.SKY, px=ctx.type.small)]

    def handle(self, event: pygame.event.Event, scene: HeraldScene, ctx: UiContext) -> bool:
        """True when the event was the tour's (its buttons, or Space)."""
        if not self.active:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.advance(ctx)
            ctx.play("click")
            return True
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        buttons = self.buttons(scene, ctx)
        if not any(b.contains(event.pos) for b in buttons):
            return False
        self.tracker.set(buttons)
        choice = self.tracker.handle(event)
        if choice == "coach_next":
            ctx.play("click")
            self.advance(ctx)
        elif choice == "coach_skip":
            ctx.play("click")
            self._close(ctx)
        return True

    def draw(self, surface: pygame.Surface, scene: HeraldScene, ctx: UiContext) -> None:
        if not self.active:
            return
        target = self.mark.target(scene)
        shade = pygame.Surface(ctx.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        pygame.draw.rect(shade, (0, 0, 0, 0), target.inflate(10, 10), border_radius=10)
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.YELLOW, target.inflate(10, 10), 3, border_radius=10)
        box, lines = self.bubble(scene, ctx)
        pygame.draw.rect(surface, (8, 14, 26), box, border_radius=10)
        pygame.draw.rect(surface, theme.YELLOW, box, 2, border_radius=10)
        add_frame(surface, "cover", box, box.inflate(-6, -6))  # hides what lies under it
        step = ctx.text.render(f"First voyage: {self.index + 1} of {len(MARKS)}",
                               ctx.type.small, theme.YELLOW, bold=True)
        surface.blit(step, (box.x + 12, box.y + 8))
        lh = ctx.text.font(ctx.type.body).get_linesize()
        for i, line in enumerate(lines):
            surface.blit(ctx.text.render(line, ctx.type.body, theme.INK),
                         (box.x + 12, box.y + 16 + step.get_height() + i * lh))
        self.tracker.set(self.buttons(scene, ctx))
        self.tracker.draw(surface, ctx)
