"""Situation Update (rulebook: Situation Update, Telegram from the War Department).

A seat learns what others did to its forces only at its own Situation Update. Until then its
view keeps showing its characters as they were: ``state["lost"]`` holds the entries of
characters it lost (an informant activated, a telegram on its way) and ``state["held"]`` the
entries of characters the Judge changed. Both are written by the rule modules that cause the
change and read by the views; the turn's Situation Update clears them.
"""

from __future__ import annotations

import copy

from . import movement


def xy_or_none(plan, square) -> list | None:
    """A square as ``[x, y]`` for a view, or None off the map."""
    return None if square is None else list(plan.xy(square))


def own_character_entry(game, char: dict) -> dict:
    """Everything a seat knows about one of its own characters."""
    s = game.state
    plan = game.plan
    sheet = game.sheets.characters[char["sheet"]]
    entry = {
        "id": char["id"], "name": sheet.name, "counter": char["counter"],
        "token": char["token"], "kind": sheet.kind, "skills": list(sheet.skills),
        "armour": sheet.armour, "movement": sheet.movement,
        "square": xy_or_none(plan, char["square"]), "facing": char["facing"],
        "status": char["status"], "items": list(char["items"]), "suit": char["suit"],
        "busy": copy.deepcopy(char["busy"]), "blind": char["blind"],
        "wound": bool(char.get("wound")),
    }
    if char["square"] is not None and sheet.on_map and s["phase"] == "play":
        entry.update(movement.mobility(game, char))
    return entry


def held_record(state: dict, seat: str, cid: str) -> dict | None:
    """What ``seat`` still believes of a character the Judge changed, until it is told:
    ``{"own": its own-forces entry, "counter": the counter its map partner sees, or None}``."""
    record = state.get("held", {}).get(seat, {}).get(cid)
    return copy.deepcopy(record) if record is not None else None
