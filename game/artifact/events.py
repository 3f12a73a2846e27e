"""Events: what happened, as plain frozen values, each naming the seats that may learn it.

The hub never forwards events (it forwards only ``view_for`` results); events are the
engine's own record of notices and a hint for the UI's animation of what its seat saw.
``audience`` lists seat ids (and/or ``"judge"``); the Judge is in every audience.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    kind: str
    audience: tuple[str, ...]
    data: dict = field(default_factory=dict, hash=False, compare=True)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "audience": list(self.audience), "data": dict(self.data)}
