"""A small animation system driven by explicit time steps (never the wall clock).

A :class:`Beat` is one thing that happens over time (a pawn glides, a marker slides, dice
tumble); it reports progress 0..1 to a callback. Beats play one after another in an
:class:`AnimationQueue`, or together inside a :class:`Together`. Because the app feeds
``update(dt)`` with whatever time it likes, tests fast-forward animations without sleeping
and a click can ``skip()`` everything straight to the end state.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable

Progress = Callable[[float], None]
Hook = Callable[[], None]


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic)."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and stop (cubic)."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def back_out(t: float) -> float:
    """Overshoots slightly and settles, for things that pop into place."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Beat:
    """One animated happening: ``on_update(eased_t)`` is called as time passes.

    ``on_start`` runs once when the beat begins (e.g. to play a sound), ``on_finish`` once
    at the end, also when the beat is skipped, so the view always lands in the final state.
    """

    def __init__(
        self,
        duration: float,
        on_update: Progress | None = None,
        *,
        on_start: Hook | None = None,
        on_finish: Hook | None = None,
        easing: Callable[[float], float] = ease_in_out,
        label: str = "",
    ) -> None:
        self.duration = max(0.0, duration)
        self.on_update = on_update
        self.on_start = on_start
        self.on_finish = on_finish
        self.easing = easing
        self.label = label
        self.elapsed = 0.0
        self.started = False
        self.done = False

    def _begin(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()

    def advance(self, dt: float) -> float:
        """Play ``dt`` seconds; returns the time left over once the beat is done."""
        self._begin()
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.finish()
            return leftover
        if self.on_update:
            self.on_update(self.easing(self.elapsed / self.duration))
        return 0.0

    def finish(self) -> None:
        """Jump to the end: final progress, then ``on_finish``."""
        self._begin()
        if self.done:
            return
        self.done = True
        if self.on_update:
            self.on_update(1.0)
        if self.on_finish:
            self.on_finish()


class Together(Beat):
    """Several beats played at the same time; done when the longest one is."""

    def __init__(self, beats: list[Beat], label: str = "") -> None:
        super().__init__(max((b.duration for b in beats), default=0.0), label=label)
        self.beats = beats

    def _begin(self) -> None:
        self.started = True

    def advance(self, dt: float) -> float:
        self.started = True
        if self.done:
            return dt
        self.elapsed += dt
        for b in self.beats:
            if not b.done:
                b.advance(dt)
        if all(b.done for b in self.beats):
            self.done = True
            return max(0.0, self.elapsed - self.duration)
        return 0.0

    def finish(self) -> None:
        self.started = True
        for b in self.beats:
            b.finish()
        self.done = True


class AnimationQueue:
    """Beats played one after another. ``busy`` while anything is left to play."""

    def __init__(self) -> None:
        self._beats: deque[Beat] = deque()
        self.speed = 1.0

    def add(self, beat: Beat) -> None:
        self._beats.append(beat)

    @property
    def busy(self) -> bool:
        return bool(self._beats)

    @property
    def current(self) -> Beat | None:
        return self._beats[0] if self._beats else None

    def update(self, dt: float) -> None:
        """Play ``dt`` seconds, carrying leftover time into the next beat."""
        dt *= self.speed
        guard = 0
        while self._beats and guard < 10_000:
            guard += 1
            beat = self._beats[0]
            dt = beat.advance(dt)
            if not beat.done:
                return
            self._beats.popleft()
            if dt <= 0 and not (self._beats and self._beats[0].duration == 0):
                return

    def skip(self) -> None:
        """Finish every queued beat at once (a click during an animation)."""
        while self._beats:
            self._beats.popleft().finish()

    def remaining(self) -> float:
        """Seconds left to play (ignoring speed)."""
        total = 0.0
        for b in self._beats:
            total += max(0.0, b.duration - b.elapsed)
        return total


def wobble(t: float, amplitude: float, turns: float = 3.0) -> float:
    """A decaying oscillation, for tumbling dice."""
    return amplitude * math.sin(t * turns * 2 * math.pi) * (1 - t)
