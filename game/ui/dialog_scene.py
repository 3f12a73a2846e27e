"""A modal question drawn over the current screen: a few words and two or more answers.

The dialog never acts itself: it pops with the key of the answer chosen (or the cancel key
on Esc), and the scene underneath receives that key in ``on_resume`` and acts on it. This
keeps "are you sure?" out of every scene's own drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.context import UiContext
from game.ui.scene import Command, Pop, Scene
from game.ui.widgets import Button, ClickTracker, draw_panel


@dataclass(frozen=True)
class Answer:
    """One button of a dialog: the key handed back, its label, and whether it is the one
    Enter chooses."""

    key: str
    label: str
    default: bool = False


@dataclass(frozen=True)
class DialogResult:
    """What a dialog hands to the scene below: which question (``topic``) and the answer."""

    topic: str
    answer: str


class DialogScene(Scene):
    """A see-through modal box with a title, a wrapped message and a row of answers."""

    opaque = False
    name = "dialog"

    def __init__(self, topic: str, title: str, message: str, answers: list[Answer],
                 cancel: str) -> None:
        self.topic = topic
        self.title = title
        self.message = message
        self.answers = answers
        self.cancel = cancel
        self.tracker = ClickTracker()

    def _box(self, ctx: UiContext) -> pygame.Rect:
        w, h = ctx.size
        bw = min(w - 40, round(620 * ctx.scale))
        lines = ctx.text.wrap(self.message, ctx.type.body, bw - round(60 * ctx.scale))
        lh = ctx.text.font(ctx.type.body).get_linesize()
        bh = round(150 * ctx.scale) + lh * len(lines)
        return pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)

    def buttons(self, ctx: UiContext) -> list[Button]:
        box = self._box(ctx)
        pad = round(24 * ctx.scale)
        gap = round(16 * ctx.scale)
        bh = round(46 * ctx.scale)
        n = len(self.answers)
        bw = (box.w - 2 * pad - gap * (n - 1)) // n
        y = box.bottom - pad - bh
        return [Button(a.key, a.label, pygame.Rect(box.x + pad + i * (bw + gap), y, bw, bh),
                       accent=theme.SKY if a.default else None, px=ctx.type.body)
                for i, a in enumerate(self.answers)]

    def _pop(self, answer: str) -> Command:
        return Pop(DialogResult(self.topic, answer))

    def handle(self, event: pygame.event.Event, ctx: UiContext) -> Command | None:
        self.tracker.set(self.buttons(ctx))
        key = self.tracker.handle(event)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                key = self.cancel
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                key = next((a.key for a in self.answers if a.default), None)
        if key is None:
            return None
        ctx.play("click")
        return self._pop(key)

    def draw(self, surface: pygame.Surface, ctx: UiContext) -> None:
        veil = pygame.Surface(ctx.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        box = self._box(ctx)
        inner = draw_panel(surface, box, ctx, self.title)
        px = ctx.type.body
        lh = ctx.text.font(px).get_linesize()
        y = inner.y + round(8 * ctx.scale)
        for line in ctx.text.wrap(self.message, px, box.w - round(60 * ctx.scale)):
            surface.blit(ctx.text.render(line, px, theme.INK), (inner.x + round(10 * ctx.scale), y))
            y += lh
        self.tracker.set(self.buttons(ctx))
        self.tracker.draw(surface, ctx)
