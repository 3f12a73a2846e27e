"""Framing and strict msgpack decoding of every message on the wire.

A frame is one ZeroMQ message part holding one msgpack map. Decoding is strict
because the hub faces untrusted peers: the frame size is bounded before anything is
parsed, strings must be valid UTF-8, map keys must be strings, extension types and raw
binary are refused, and nesting is bounded so a deeply nested document cannot exhaust
the stack. Anything else raises :class:`~net.errors.ProtocolError` with a code the hub
sends back unchanged.
"""

from __future__ import annotations

from typing import Any

import msgpack

from net.errors import ProtocolError

#: Largest frame a client may send to the hub (bytes). Bigger frames get ``too_large``.
MAX_CLIENT_FRAME = 64 * 1024
#: Largest frame the hub may send to a client (a Judge snapshot of a big game).
MAX_HUB_FRAME = 8 * 1024 * 1024
#: Deepest nesting of maps/lists accepted in any frame.
MAX_DEPTH = 32


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("malformed", f"msgpack extension type {code} is not allowed")


def encode(message: dict[str, Any]) -> bytes:
    """Pack one message; only plain primitives, lists and string-keyed maps go on the wire."""
    return msgpack.packb(message, use_bin_type=True, strict_types=False)


def decode(frame: bytes, max_size: int = MAX_CLIENT_FRAME) -> dict[str, Any]:
    """Unpack one frame into a message map, or raise ProtocolError saying why not."""
    if len(frame) > max_size:
        raise ProtocolError("too_large", f"frame of {len(frame)} bytes exceeds {max_size}")
    if not frame:
        raise ProtocolError("malformed", "empty frame")
    limit = max_size
    try:
        value = msgpack.unpackb(
            frame,
            raw=False,
            strict_map_key=True,
            use_list=True,
            ext_hook=_refuse_ext,
            max_str_len=limit,
            max_bin_len=0,
            max_array_len=limit,
            max_map_len=limit,
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
    check_plain(value)
    if not isinstance(value, dict):
        raise ProtocolError("malformed", f"a message must be a map, got {type(value).__name__}")
    return value


def check_plain(value: Any, depth: int = 0) -> None:
    """Refuse anything but None/bool/int/float/str and lists/str-keyed maps of them."""
    if depth > MAX_DEPTH:
        raise ProtocolError("malformed", f"message nested deeper than {MAX_DEPTH}")
    if value is None or isinstance(value, (bool, int, float, str)):
        return
    if isinstance(value, list):
        for item in value:
            check_plain(item, depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ProtocolError("malformed", "map keys must be strings")
            check_plain(item, depth + 1)
        return
    raise ProtocolError("malformed", f"values of type {type(value).__name__} are not allowed")
