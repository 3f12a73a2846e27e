"""The rulebook's Example of Play as a ready game: orders, placements and robots from
``data/example_of_play.toml`` driven through the lobby, so that play starts at Pirate Turn 1.
"""

from __future__ import annotations

from . import actions as A
from .datafiles import data_path, load_toml
from .engine import ArtifactGame
from .seats import JUDGE


def example_data() -> dict:
    data, _text = load_toml(data_path("example_of_play.toml"))
    return data


def example_setup() -> dict:
    """The setup of the Example of Play: four players, the Judge's assignment, and Orlov as
    the G-men's informant (the Judge's pick in the book, named by the scenario's data)."""
    data = example_data()
    return {"players": data["players"], "assignment": "judge", "names": data["names"],
            "informants": dict(data["informants"])}


def example_orders() -> dict:
    """seat -> Customize action of the Example of Play."""
    data = example_data()
    return {seat: A.Customize(order["option"], tuple(order["roster"]),
                              tuple((i, h) for i, h in order["items"]), ())
            for seat, order in data["order"].items()}


def example_game(seed: int = 1) -> tuple[ArtifactGame, list]:
    """A game at the start of Pirate Turn 1, and the log of (seat, action) that made it."""
    data = example_data()
    game = ArtifactGame.new(example_setup(), seed)
    log: list = []

    def do(seat, action):
        game.apply(seat, action)
        log.append((seat, action))

    for seat, player in data["assign"].items():
        do(JUDGE, A.AssignFaction(player, seat))
    for seat in game.seats:
        do(seat, A.VoteEncryption(data["encryption"]))
    for seat, order in example_orders().items():
        do(seat, order)
    for seat in game.seats:
        do(seat, example_places(game, seat))
    for robot, (x, y, facing) in data["robots"].items():
        do(JUDGE, A.PlaceRobot(robot, x, y, facing))
    do(JUDGE, A.StartPlay())
    return game, log


def example_places(game: ArtifactGame, seat: str) -> A.PlaceForces:
    """The Example of Play's placement of ``seat``'s forces (characters by sheet, items by
    type in the order bought), for a game whose ``seat`` ordered as the Example does."""
    wanted = example_data()["place"][seat]
    state = game.state
    places = []
    by_type: dict = {}
    for item in sorted(state.items.values(), key=lambda i: i.id):
        if item.owner == seat and item.holder is None:
            by_type.setdefault(item.type, []).append(item.id)
    for char in sorted(state.characters.values(), key=lambda c: c.id):
        if char.seat == seat:
            x, y, facing = wanted[char.sheet]
            places.append((char.id, x, y, facing))
    for item_type, ids in by_type.items():
        spots = wanted[item_type]
        if not isinstance(spots[0], list):
            spots = [spots]
        for item_id, (x, y, facing) in zip(ids, spots, strict=True):
            places.append((item_id, x, y, facing))
    return A.PlaceForces(tuple(places))
