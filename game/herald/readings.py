"""The Chaos-Entropy Boundary Readings: the tables that turn a die into an effect.

Each function here is one table of the rulebook's section A (Boundary Readings) or of
The Search at The Source, kept free of game flow so the engine, the preview and the
automatic player read the same numbers.
"""

from __future__ import annotations

READINGS: tuple[str, ...] = ("direction", "environment", "sabotage", "timeline", "event")
"""All reading names in order of application; "stec" replaces "sabotage" once active."""

ALL_READINGS: tuple[str, ...] = ("direction", "environment", "sabotage", "stec", "timeline",
                                 "event")

# A1. Direction: each result allows one of two adjacent directions.
DIRECTION_CHOICES: dict[int, tuple[str, str]] = {
    1: ("L", "UL"),
    2: ("L", "DL"),
    3: ("UL", "UR"),
    4: ("DL", "DR"),
    5: ("R", "UR"),
    6: ("R", "DR"),
}

ENVIRONMENT_OPTIONS: tuple[str, ...] = ("on_the_fly", "full_resupply", "shore_leave")

COUNTERINTELLIGENCE_SUM = 18
"""A3-1: with a Sabotage Reading of 3 or 4, dice summing to this or more dismantle a Cell."""


def active_readings(stec_active: bool) -> tuple[str, ...]:
    """The five readings that take a die this turn, in order of application."""
    third = "stec" if stec_active else "sabotage"
    return ("direction", "environment", third, "timeline", "event")


def environment_options(value: int) -> tuple[str, ...]:
    """A2: what the Environment Reading lets you do (empty: Supplies simply drop by 1)."""
    if value <= 2:
        return ()
    if value <= 4:
        return ("on_the_fly", "full_resupply")
    return ("on_the_fly", "shore_leave")


def timeline_step(value: int) -> tuple[int, int]:
    """A4: (column step, row step) of the Event Matrix pawn; row -1 is up."""
    dcol = -1 if value <= 2 else (0 if value <= 4 else 1)
    drow = -1 if value % 2 == 1 else 1
    return dcol, drow


def event_effort_bonus(value: int) -> tuple[int, int]:
    """A5: how much the Event Reading adds to the first and the second Challenge."""
    if value <= 2:
        return (1, 0)
    if value <= 4:
        return (1, 1)
    return (0, 1)


def search_time(timeline_value: int, lis_visited: bool) -> int:
    """The Search: time needed to reach The Source (2/3/4, minus 2 after a Lis Point)."""
    base = 2 if timeline_value <= 2 else (3 if timeline_value <= 4 else 4)
    return max(0, base - 2) if lis_visited else base


OPERATION_SUBJECTS: tuple[str, ...] = ("CUL", "BAT", "GRO", "BIO")
"""The four Challenges of the operation at The Source, in order."""


def operation_costs(event_value: int) -> tuple[int, tuple[int, int, int, int]]:
    """The Search: (Supplies needed, Efforts for CUL, BAT, GRO, BIO) by the Event Reading."""
    if event_value <= 2:
        return 1, (4, 4, 3, 3)
    if event_value <= 4:
        return 2, (3, 3, 3, 3)
    return 1, (3, 3, 4, 4)
