"""The turning ring's blows (rulebook: Rotating Ring): a floater crossing its spokes or rim.
The ring's band and the chances are ``space``'s data; the blow is a hit on a damage chart,
resolved by ``combat``."""

from __future__ import annotations

from . import combat, space


def sweep(game, seat: str, char, square: int, rng) -> list | None:
    """A floater entering a square swept by the turning ring's spokes or rim may be struck
    (Rotating Ring): None if it passes, else the events of the blow (it is interdicted
    there). The spokes leave the hub through both faces of the hull, so crossing the hub
    on the hull is crossing them too. Characters with treads ride the ring and are never
    struck."""
    s = game.state
    data = space.space_data()
    if (s.systems.ring_stopped or square not in space.outside(game.plan).swept
            or space.has_treads(char.sheet)):
        return None
    roll = rng.randint(1, 6)
    if roll > data.collide_on:
        return None
    res = combat.Resolver(game, seat, rng)
    told = res.told(char, res.harm(char, data.collision_weapon))
    return [game.notify(seat, {"kind": "ring_collision", "character": char.id,
                               "roll": roll, "result": told})] + res.events
