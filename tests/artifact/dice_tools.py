"""Forced dice for rules tests: a seeded ``random.Random`` whose ``randint`` answers from a
script first, so a test states every die the rulebook's procedure rolls, in order.

The engine draws every die of play from its one RNG (``ArtifactGame`` keeps it beside the
state); a test gives the game a ``ScriptedDice`` in its place (``force_dice``). A script that
runs out fails the test, so a rule that rolls more (or fewer, ``exhausted``) dice than the
test expects is caught."""

from __future__ import annotations

import random


class ScriptedDice(random.Random):
    """``randint`` returns the scripted values in order; everything else is a seeded RNG."""

    def __init__(self, rolls=(), seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(rolls)
        self.used: list[int] = []

    def randint(self, a: int, b: int) -> int:
        if not self.script:
            raise AssertionError(f"a die ({a}-{b}) was rolled beyond the script "
                                 f"(used {self.used})")
        value = self.script.pop(0)
        if not a <= value <= b:
            raise AssertionError(f"scripted {value} is no roll of {a}-{b}")
        self.used.append(value)
        return value

    def getstate(self):
        return super().getstate(), tuple(self.script), tuple(self.used)

    def setstate(self, state) -> None:
        inner, script, used = state
        super().setstate(inner)
        self.script, self.used = list(script), list(used)

    @property
    def exhausted(self) -> bool:
        return not self.script


def force_dice(game, *rolls: int) -> ScriptedDice:
    """Make ``game`` roll ``rolls`` next (each a die of 1-6, in the order the rules roll)."""
    dice = ScriptedDice(rolls)
    game._rng = dice
    return dice
