"""Small glyphs that tell the Artifact's counters apart at a glance: one per kind of item
(a gun, a grenade, a suit, a tool ...), drawn over the item counter, so a map full of
items is not a field of identical grey boxes.

The glyphs are drawn with pygame's primitives at the size asked for and cached per
(glyph, size, colour) within a small bound. Which glyph an item gets is decided from the
item's name as the control sheets spell it (``GLYPH_OF``); a name not listed gets the
plain crate.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

# item name (control sheets) -> glyph
GLYPH_OF: dict[str, str] = {
    "Rifle": "gun", "Pistol": "gun", "RPP-7 plasma gun": "gun", "EMP pistol": "gun",
    "Grenade launcher": "gun", "Acid sprayer bot": "bot",
    "Gas grenade": "bomb", "Thermite mine": "bomb", "Booby trap": "bomb",
    "Spacesuit": "suit", "Sneaksuit": "suit", "Space armour": "suit",
    "Thruster pack": "jet", "Welding torch": "torch", "Access code key": "key",
    "Geiger counter": "meter", "Medkit": "cross", "Flashlight": "torch",
    "Fake artifact": "gem", "The Artifact": "gem", "Loot": "coins",
    "Evidence disk": "disk", "Sailmaker reconbot": "bot", "Bell reconbot": "bot",
    "Phone bot": "bot",
}
CACHE_LIMIT = 96

_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def glyph_for(name: str) -> str:
    """The glyph of an item named ``name`` (a counter's name may carry " (2)")."""
    base = name.split(" (")[0]
    return GLYPH_OF.get(base, "crate")


def glyph(kind: str, side: int, colour=(20, 24, 30)) -> pygame.Surface:
    """Glyph ``kind`` on a transparent square of ``side`` pixels."""
    side = max(6, int(side))
    key = (kind, side, tuple(colour))
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    _DRAW.get(kind, _crate)(surf, side, colour)
    _cache[key] = surf
    while len(_cache) > CACHE_LIMIT:
        _cache.popitem(last=False)
    return surf


def _w(side: int) -> int:
    return max(1, side // 10)


def _gun(s, n, c):
    pygame.draw.rect(s, c, (n * 0.12, n * 0.34, n * 0.76, n * 0.18))
    pygame.draw.rect(s, c, (n * 0.22, n * 0.5, n * 0.2, n * 0.3))
    pygame.draw.rect(s, c, (n * 0.6, n * 0.28, n * 0.12, n * 0.08))


def _bomb(s, n, c):
    pygame.draw.circle(s, c, (n * 0.48, n * 0.58), n * 0.28)
    pygame.draw.line(s, c, (n * 0.6, n * 0.32), (n * 0.78, n * 0.14), _w(n) + 1)


def _suit(s, n, c):
    pygame.draw.circle(s, c, (n * 0.5, n * 0.4), n * 0.3, _w(n) + 1)
    pygame.draw.rect(s, c, (n * 0.34, n * 0.32, n * 0.32, n * 0.14))
    pygame.draw.rect(s, c, (n * 0.24, n * 0.7, n * 0.52, n * 0.16))


def _jet(s, n, c):
    pygame.draw.rect(s, c, (n * 0.22, n * 0.18, n * 0.22, n * 0.5))
    pygame.draw.rect(s, c, (n * 0.56, n * 0.18, n * 0.22, n * 0.5))
    for x in (0.33, 0.67):
        pygame.draw.polygon(s, c, [(n * (x - 0.1), n * 0.7), (n * (x + 0.1), n * 0.7),
                                   (n * x, n * 0.9)])


def _torch(s, n, c):
    pygame.draw.rect(s, c, (n * 0.18, n * 0.42, n * 0.42, n * 0.18))
    pygame.draw.polygon(s, c, [(n * 0.6, n * 0.36), (n * 0.86, n * 0.22),
                               (n * 0.86, n * 0.78), (n * 0.6, n * 0.64)])


def _key(s, n, c):
    pygame.draw.circle(s, c, (n * 0.3, n * 0.5), n * 0.17, _w(n) + 1)
    pygame.draw.line(s, c, (n * 0.45, n * 0.5), (n * 0.86, n * 0.5), _w(n) + 1)
    pygame.draw.line(s, c, (n * 0.74, n * 0.5), (n * 0.74, n * 0.66), _w(n) + 1)


def _meter(s, n, c):
    pygame.draw.rect(s, c, (n * 0.2, n * 0.2, n * 0.6, n * 0.6), _w(n) + 1)
    angle = math.radians(50)
    pygame.draw.line(s, c, (n * 0.5, n * 0.7),
                     (n * 0.5 + math.sin(angle) * n * 0.28, n * 0.7 - math.cos(angle) * n * 0.28),
                     _w(n) + 1)


def _cross(s, n, c):
    pygame.draw.rect(s, c, (n * 0.4, n * 0.16, n * 0.2, n * 0.68))
    pygame.draw.rect(s, c, (n * 0.16, n * 0.4, n * 0.68, n * 0.2))


def _gem(s, n, c):
    pygame.draw.polygon(s, c, [(n * 0.5, n * 0.12), (n * 0.84, n * 0.42),
                               (n * 0.5, n * 0.88), (n * 0.16, n * 0.42)], _w(n) + 1)
    pygame.draw.line(s, c, (n * 0.16, n * 0.42), (n * 0.84, n * 0.42), _w(n))


def _coins(s, n, c):
    for k in range(3):
        pygame.draw.ellipse(s, c, (n * 0.22, n * (0.58 - k * 0.16), n * 0.56, n * 0.2),
                            _w(n) + 1)


def _disk(s, n, c):
    pygame.draw.circle(s, c, (n * 0.5, n * 0.5), n * 0.34, _w(n) + 1)
    pygame.draw.circle(s, c, (n * 0.5, n * 0.5), n * 0.08)


def _bot(s, n, c):
    pygame.draw.rect(s, c, (n * 0.26, n * 0.3, n * 0.48, n * 0.4), _w(n) + 1)
    pygame.draw.line(s, c, (n * 0.5, n * 0.3), (n * 0.5, n * 0.14), _w(n))
    for x in (0.4, 0.6):
        pygame.draw.circle(s, c, (n * x, n * 0.48), max(1, n * 0.05))
    pygame.draw.line(s, c, (n * 0.3, n * 0.78), (n * 0.7, n * 0.78), _w(n) + 1)


def _crate(s, n, c):
    pygame.draw.rect(s, c, (n * 0.22, n * 0.22, n * 0.56, n * 0.56), _w(n) + 1)
    pygame.draw.line(s, c, (n * 0.22, n * 0.22), (n * 0.78, n * 0.78), _w(n))


_DRAW = {"gun": _gun, "bomb": _bomb, "suit": _suit, "jet": _jet, "torch": _torch, "key": _key,
         "meter": _meter, "cross": _cross, "gem": _gem, "coins": _coins, "disk": _disk,
         "bot": _bot, "crate": _crate}
