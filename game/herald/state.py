"""The whole state of one game of The Herald, as plain fields.

``HeraldState`` is what the pads show at a given moment plus the bookkeeping a game
in progress needs (the pending decision, this turn's dice and readings, the RNG).
``to_dict`` gives primitives only, in a fixed key order, so two states are equal
exactly when their serialisations are byte-identical.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.herald.errors import SaveError
from game.herald.holomap import Hex

TIERS: tuple[str, ...] = ("defeat", "success", "outstanding", "complete")
SCORE_KEYS: tuple[str, ...] = ("a", "b", "c", "d", "e", "f", "g")


@dataclass(frozen=True)
class Outcome:
    """How the voyage ended: tier, the reason in plain words, and the score (a)-(g)."""

    victory: bool
    tier: str
    reason: str
    score: int
    breakdown: dict[str, int]
    cause: str = ""

    __hash__ = object.__hash__

    def to_dict(self) -> dict[str, Any]:
        return {"victory": self.victory, "tier": self.tier, "reason": self.reason,
                "score": self.score, "breakdown": dict(self.breakdown), "cause": self.cause}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(bool(d["victory"]), str(d["tier"]), str(d["reason"]), int(d["score"]),
                   {str(k): int(v) for k, v in d["breakdown"].items()}, str(d.get("cause", "")))


def rng_to_list(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_list(data: list[Any]) -> random.Random:
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


@dataclass
class HeraldState:
    """Every value on the pads, plus the pending decision and this turn's readings."""

    variant: str = "standard"
    turn: int = 0
    position: Hex = (0, 0)
    route: list[Hex] = field(default_factory=list)
    bad_reputation: list[Hex] = field(default_factory=list)
    lis_visited: list[Hex] = field(default_factory=list)
    source_visited: bool = False
    alien_tech: bool = False
    supplies: int = 4
    leadership: int = 4
    infiltration: int = 4
    diplomatic: int = 0
    research: int = 0
    time: int = 24
    countdown_modifier: int = 0
    effectiveness: dict[str, int] = field(default_factory=dict)
    matrix: tuple[int, int] = (1, 0)
    event_tokens: list[tuple[int, int]] = field(default_factory=list)
    dice: tuple[int, ...] = ()
    assignment: dict[str, int] | None = None
    stec_active: bool = False
    outcome: Outcome | None = None
    phase: str = "setup"
    lost: bool = False
    incident: bool = False
    dice_used: int = 0
    rolled_at: int = 0
    rng: list[Any] | random.Random = field(default_factory=list)

    def copy(self) -> HeraldState:
        """A shallow copy, the same as ``copy.copy`` gives (the lists, dicts and RNG are
        shared), made without going through the pickling protocol: the automatic player
        copies the state for every choice it weighs, and the hover previews for every die."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

    @property
    def game_over(self) -> bool:
        return self.outcome is not None

    def to_dict(self, with_rng: bool = True) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "turn": self.turn,
            "position": list(self.position),
            "route": [list(h) for h in self.route],
            "bad_reputation": [list(h) for h in self.bad_reputation],
            "lis_visited": [list(h) for h in self.lis_visited],
            "source_visited": self.source_visited,
            "alien_tech": self.alien_tech,
            "supplies": self.supplies,
            "leadership": self.leadership,
            "infiltration": self.infiltration,
            "diplomatic": self.diplomatic,
            "research": self.research,
            "time": self.time,
            "countdown_modifier": self.countdown_modifier,
            "effectiveness": dict(self.effectiveness),
            "matrix": list(self.matrix),
            "event_tokens": [list(p) for p in self.event_tokens],
            "dice": list(self.dice),
            "assignment": None if self.assignment is None else dict(self.assignment),
            "stec_active": self.stec_active,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "phase": self.phase,
            "lost": self.lost,
            "incident": self.incident,
            "dice_used": self.dice_used,
            "rolled_at": self.rolled_at,
            "rng": self.rng_list() if with_rng else [],
        }

    def rng_list(self) -> list[Any]:
        """The RNG state as a plain list. The engine keeps a reference to its live RNG here
        (only a die roll moves it, and every roll sets this field again), so the 625-number
        copy is made only when the state is written out, not on every roll."""
        rng = self.rng
        if isinstance(rng, random.Random):
            return rng_to_list(rng)
        return [rng[0], list(rng[1]), rng[2]] if rng else []

    def public_dict(self) -> dict[str, Any]:
        """The state without the RNG and internal bookkeeping (for bots and displays)."""
        d = self.to_dict(with_rng=False)
        for key in ("rng", "dice_used", "rolled_at"):
            d.pop(key)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HeraldState:
        """Rebuild a state; any missing or mistyped field raises SaveError."""
        try:
            def hexes(key: str) -> list[Hex]:
                return [(int(h[0]), int(h[1])) for h in d[key]]

            outcome = d["outcome"]
            return cls(
                variant=str(d["variant"]),
                turn=int(d["turn"]),
                position=(int(d["position"][0]), int(d["position"][1])),
                route=hexes("route"),
                bad_reputation=hexes("bad_reputation"),
                lis_visited=hexes("lis_visited"),
                source_visited=bool(d["source_visited"]),
                alien_tech=bool(d["alien_tech"]),
                supplies=int(d["supplies"]),
                leadership=int(d["leadership"]),
                infiltration=int(d["infiltration"]),
                diplomatic=int(d["diplomatic"]),
                research=int(d["research"]),
                time=int(d["time"]),
                countdown_modifier=int(d["countdown_modifier"]),
                effectiveness={str(k): int(v) for k, v in d["effectiveness"].items()},
                matrix=(int(d["matrix"][0]), int(d["matrix"][1])),
                event_tokens=hexes("event_tokens"),
                dice=tuple(int(x) for x in d["dice"]),
                assignment=None if d["assignment"] is None else
                {str(k): int(v) for k, v in d["assignment"].items()},
                stec_active=bool(d["stec_active"]),
                outcome=None if outcome is None else Outcome.from_dict(outcome),
                phase=str(d["phase"]),
                lost=bool(d["lost"]),
                incident=bool(d["incident"]),
                dice_used=int(d["dice_used"]),
                rolled_at=int(d["rolled_at"]),
                rng=list(d["rng"]),
            )
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SaveError(f"state is malformed ({exc.__class__.__name__}: {exc})") from None
