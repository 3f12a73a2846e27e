"""Plays Herald actions through the window with synthetic mouse and keyboard events.

The pilot never calls the engine: it looks up where the widgets are (the scene's named
targets) and posts MOUSEMOTION / MOUSEBUTTONDOWN / MOUSEBUTTONUP / KEYDOWN events, exactly
as a person would. Tests use it to play whole games through the UI, the frame benchmark
uses it to produce animations, and it can run an unattended demo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.herald import actions as act

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.herald_scene import HeraldScene

SETTLE_DT = 0.25
SETTLE_LIMIT = 400


class PilotError(Exception):
    """The pilot could not find what it meant to click (the UI is not in the expected state)."""


def motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


class Pilot:
    """Drives an :class:`~game.ui.app.App` whose top scene is the Herald game screen."""

    def __init__(self, app: App, dt: float = 1 / 60) -> None:
        self.app = app
        self.dt = dt

    @property
    def scene(self) -> HeraldScene:
        from game.ui.herald_scene import HeraldScene

        top = self.app.top
        if not isinstance(top, HeraldScene):
            raise PilotError(f"the top scene is {getattr(top, 'name', top)!r}, not the game")
        return top

    # -- raw input ---------------------------------------------------------------------

    def send(self, *events: pygame.event.Event) -> None:
        self.app.step(list(events), self.dt)

    def hover(self, pos: tuple[int, int]) -> None:
        self.send(motion(pos))

    def click(self, pos: tuple[int, int]) -> None:
        self.send(motion(pos), down(pos), up(pos))

    def drag(self, a: tuple[int, int], b: tuple[int, int], steps: int = 4) -> None:
        """Press at ``a``, move in ``steps`` frames to ``b``, release there."""
        self.send(motion(a), down(a))
        for i in range(1, steps + 1):
            t = i / steps
            p = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))
            self.send(motion(p, (1, 0, 0)))
        self.send(up(b))

    def press(self, k: int, mod: int = 0) -> None:
        self.send(key(k, mod))

    def settle(self) -> None:
        """Fast-forward until no animation plays (and the end screen, if due, is up)."""
        for _ in range(SETTLE_LIMIT):
            top = self.app.top
            busy = getattr(top, "busy", False) or getattr(top, "needs_refresh", False)
            ending = getattr(top, "name", "") == "herald" and top.game.outcome is not None
            if not busy and not ending:
                return
            self.app.step([], SETTLE_DT)
            if not self.app.running:
                return
        raise PilotError("the screen did not settle")

    # -- targets -----------------------------------------------------------------------

    def target(self, name: str) -> tuple[int, int]:
        points = self.scene.targets(self.app.ctx)
        if name not in points:
            raise PilotError(f"no {name!r} on screen; have {sorted(points)}")
        return points[name]

    def click_target(self, name: str) -> None:
        self.click(self.target(name))

    # -- actions -----------------------------------------------------------------------

    def perform(self, action: act.Action, dice_mode: str = "drag") -> None:
        """Carry out ``action`` by pointing and clicking, then let the animations play."""
        if isinstance(action, act.AssignDice):
            self._assign(action, dice_mode)
        elif isinstance(action, act.ChooseDirection):
            self.click_target(f"arrow:{action.direction}")
        elif isinstance(action, act.ChooseEnvironment):
            self.click_target(f"env:{action.option}")
        elif isinstance(action, act.DeclineInvestigation | act.DeclineAlienTech
                        | act.DeclineEvent | act.DeclineOperation):
            self.click_target("decline")
        else:
            self._officers(action)
        self.settle()

    def _assign(self, action: act.AssignDice, mode: str) -> None:
        orders = self.scene.orders
        readings = list(orders.readings)
        for slot, die in enumerate(action.order):
            reading = readings[slot]
            if mode == "drag":
                self.drag(self.target(f"die:{die}"), self.target(f"slot:{reading}"))
            elif mode == "click":
                self.click_target(f"die:{die}")
                self.click_target(f"slot:{reading}")
            elif mode == "keys":
                value = orders.dice[die]
                self.press(getattr(pygame, f"K_{value}"))
                self.click_target(f"slot:{reading}")
            else:
                raise PilotError(f"unknown dice mode {mode!r}")
        if mode == "keys":
            self.press(pygame.K_RETURN)
        else:
            self.click_target("confirm")

    def _officers(self, action: act.Action) -> None:
        from game.ui.herald_orders import _picks

        picked = _picks(action)
        if picked is None:
            raise PilotError(f"cannot perform {action!r}")
        picks, dilemma = picked
        orders = self.scene.orders
        if getattr(orders, "dilemma", False) != dilemma:
            self.click_target("dilemma")
        for k, oid in enumerate(picks):
            if oid is None:
                continue
            if len(picks) > 1:
                self.click_target(f"slot:{k}")
            self.click_target(f"officer:{oid}")
        self.click_target("confirm")
