"""Shared helpers of the secrecy tests: ready games, what a seat sees, perturbations of what
it cannot see, and probe actions.

Everything that reaches into the engine's state lives here, so that a change of the state's
shape is adapted in one place."""

from __future__ import annotations

import random

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE


def start_game(players: int, seed: int, *, gmen: bool | None = None,
               orders: dict | None = None) -> ArtifactGame:
    """A random game of ``players`` driven through the lobby to the first turn of play.

    ``gmen``: True makes every Phone Co. seat pick the G-men (so there is an informant),
    False the technicians, None either at random. ``orders``: seat -> Customize action to
    give instead of a random one."""
    rng = random.Random(seed)
    game = ArtifactGame.new({"players": players, "assignment": "random"}, seed)
    for seat in game.seats:
        game.apply(seat, A.VoteEncryption(rng.random() < 0.5))
    for seat in sorted(game.actors()):
        if orders and seat in orders:
            game.apply(seat, orders[seat])
            continue
        options = game.legal_actions(seat)
        if gmen is not None and game.faction_of(seat) == "phoneco":
            wanted = "gmen" if gmen else "technicians"
            options = [o for o in options if o.option == wanted]
        game.apply(seat, rng.choice(options))
    for seat in game.seats:
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    for attempt in range(60):  # the Judge settles placement clashes
        conflicts = game.placement_conflicts()
        if not conflicts:
            break
        _space, a, b = conflicts[0]
        moved = rng.choice([a, b])
        game.apply(JUDGE, A.ReturnPlacement(moved, ""))
        options = game.legal_actions(moved)
        game.apply(moved, options[(attempt * 7 + rng.randrange(len(options))) % len(options)])
    while game.phase == "judge_check":
        robots = [a for a in game.legal_actions(JUDGE) if isinstance(a, A.PlaceRobot)]
        game.apply(JUDGE, rng.choice(robots) if robots else A.StartPlay())
    assert game.phase == "play"
    return game


def to_seat(game: ArtifactGame, seat: str) -> None:
    """End turns until it is ``seat``'s."""
    while game.turn_seat != seat:
        game.apply(game.turn_seat, A.EndTurn())


def informant_of(game: ArtifactGame, master: str) -> str | None:
    return next((c["id"] for c in game.state["characters"].values()
                 if c.get("informant_of") == master), None)


def seat_of(game: ArtifactGame, cid: str) -> str | None:
    return game.state["characters"][cid]["seat"]


def square_of(game: ArtifactGame, cid: str) -> tuple[int, int] | None:
    square = game.state["characters"][cid]["square"]
    return None if square is None else game.plan.xy(square)


def token_of(game: ArtifactGame, thing: str) -> str:
    s = game.state
    return (s["characters"].get(thing) or s["items"][thing])["token"]


def items_of(game: ArtifactGame, cid: str) -> list[str]:
    char = game.state["characters"][cid]
    return sorted(char["items"] + ([char["suit"]] if char["suit"] else []))


def item_ids(game: ArtifactGame, item_type: str, owner: str | None = "any") -> list[str]:
    return sorted(i["id"] for i in game.state["items"].values()
                  if i["type"] == item_type and (owner == "any" or i["owner"] == owner))


def on_map_characters(game: ArtifactGame, seat: str) -> list[str]:
    return sorted(c["id"] for c in game.state["characters"].values()
                  if c["seat"] == seat and c["square"] is not None
                  and game.sheets.characters[c["sheet"]].on_map)
