"""Framing and strict msgpack decoding of every message on the wire.

A frame is one ZeroMQ message part holding one msgpack map. Decoding is strict
because the hub faces untrusted peers: the frame size is bounded before anything is
parsed, every list, map and string length is bounded by what the protocol allows (so
msgpack refuses a hostile frame while reading its first header, not after building
65,000 objects), strings must be valid UTF-8, map keys must be strings, extension types and raw
binary are refused, and nesting is bounded so a deeply nested document cannot exhaust
the stack. Anything else raises :class:`~net.errors.ProtocolError` with a code the hub
sends back unchanged.
"""

from __future__ import annotations

from typing import Any

import msgpack

from net.errors import ProtocolError

#: Largest frame a client may send to the hub (bytes). Bigger frames get ``too_large``.
#: The largest legal message is a chat line of 2,000 characters (at most 8,000 bytes of
#: UTF-8) or a placement of 128 pieces; 16 KiB holds either with room to spare.
MAX_CLIENT_FRAME = 16 * 1024
#: Largest frame the hub may send to a client (a Judge snapshot of a big game).
MAX_HUB_FRAME = 8 * 1024 * 1024
#: Deepest nesting of maps/lists accepted in any frame.
MAX_DEPTH = 32

#: Limits for a client's frame, from what the protocol allows, so that a hostile frame is
#: refused by msgpack itself before it is built: no list in any message is longer than
#: 128 (an engine action's longest list, a placement), no map has more than 16 keys (a
#: message or action has at most 8 fields), no string is longer than a chat line in
#: bytes, and a message nests at most 4 deep (message, action, list, entry).
CLIENT_MAX_ARRAY = 128
CLIENT_MAX_MAP = 16
CLIENT_MAX_STR = 8000
CLIENT_MAX_DEPTH = 6
#: Values (list entries and map keys and values) in one client frame, all lists and maps
#: together: a legal message has fewer than 600, a frame of 16 KiB could hold 16,000.
CLIENT_MAX_VALUES = 2048


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("malformed", f"msgpack extension type {code} is not allowed")


class _ValueBudget:
    """Counts the values of a frame as msgpack builds its lists and maps, and stops it
    once there are more than a legal message has: the work of refusing a frame is then
    bounded by the budget, not by how many tiny values fit in its bytes.

    Only frames longer than half the budget are counted: each list or map counts its
    entries and itself, every value takes at least one byte of msgpack and is counted at
    most twice (as an entry and, a list or map, as itself), so a frame of ``n`` bytes
    counts at most ``2 * n``."""

    def __init__(self, values: int) -> None:
        self.left = values

    def _take(self, container: Any) -> Any:
        self.left -= len(container) + 1
        if self.left < 0:
            raise ProtocolError("too_large", f"more than {CLIENT_MAX_VALUES} values in one message")
        return container

    def hooks(self) -> dict[str, Any]:
        return {"list_hook": self._take, "object_hook": self._take}


def encode(message: dict[str, Any]) -> bytes:
    """Pack one message; only plain primitives, lists and string-keyed maps go on the wire."""
    return msgpack.packb(message, use_bin_type=True, strict_types=False)


def decode(frame: bytes, max_size: int = MAX_CLIENT_FRAME) -> dict[str, Any]:
    """Unpack one frame into a message map, or raise ProtocolError saying why not."""
    if len(frame) > max_size:
        raise ProtocolError("too_large", f"frame of {len(frame)} bytes exceeds {max_size}")
    if not frame:
        raise ProtocolError("malformed", "empty frame")
    tight = max_size <= MAX_CLIENT_FRAME
    # A frame of at most half the budget in bytes cannot exceed it (see _ValueBudget):
    # counting its values would only slow down every message.
    hooks = _ValueBudget(CLIENT_MAX_VALUES).hooks() \
        if tight and 2 * len(frame) > CLIENT_MAX_VALUES else {}
    try:
        value = msgpack.unpackb(
            frame,
            **hooks,
            raw=False,
            strict_map_key=True,
            use_list=True,
            ext_hook=_refuse_ext,
            max_str_len=CLIENT_MAX_STR if tight else max_size,
            max_bin_len=0,
            max_array_len=CLIENT_MAX_ARRAY if tight else max_size,
            max_map_len=CLIENT_MAX_MAP if tight else max_size,
            max_ext_len=0,
        )
    except ProtocolError:
        raise
    except msgpack.ExtraData:
        raise ProtocolError("malformed", "trailing bytes after the message") from None
    except msgpack.StackError:
        raise ProtocolError("malformed", "message nested too deeply") from None
    except (ValueError, TypeError, UnicodeDecodeError, msgpack.UnpackException) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ProtocolError("malformed", f"not a msgpack message: {reason}") from None
    check_plain(value, max_depth=CLIENT_MAX_DEPTH if tight else MAX_DEPTH)
    if not isinstance(value, dict):
        raise ProtocolError("malformed", f"a message must be a map, got {type(value).__name__}")
    return value


_SCALARS = frozenset({type(None), bool, int, float, str})


def check_plain(value: Any, depth: int = 0, max_depth: int = MAX_DEPTH) -> None:
    """Refuse anything but None/bool/int/float/str and lists/str-keyed maps of them.

    Iterative, and one set lookup per value: this runs on every frame a hostile peer
    sends, so it must cost little per value and never recurse (plain loops: generator
    expressions here took a small message 40 % longer)."""
    stack = [(value, depth)]
    pop, push = stack.pop, stack.append
    while stack:
        item, level = pop()
        kind = type(item)
        if kind in _SCALARS:
            continue
        if level >= max_depth and item:
            raise ProtocolError("malformed", f"message nested deeper than {max_depth}")
        if kind is list:
            values = item
        elif kind is dict:
            for key in item:
                if type(key) is not str:
                    raise ProtocolError("malformed", "map keys must be strings")
            values = item.values()
        else:
            raise ProtocolError("malformed", f"values of type {kind.__name__} are not allowed")
        level += 1
        for inner in values:
            if type(inner) not in _SCALARS:
                push((inner, level))
