"""The message schema: what a client may send the hub, checked field by field.

Every client message is a map with a ``type`` and exactly the fields listed for that
type in :data:`CLIENT_MESSAGES` (every one after ``hello`` carries the session token the
hub issued in ``welcome``: a connection's routing id is chosen by the peer and proves
nothing); a missing, extra or wrongly typed field is refused with
``bad_field`` and an unknown type with ``unknown_type``, naming the culprit. The hub's
own messages are built by the small constructors at the end, so both directions are
described in one module (and in docs/protocol.md).
"""

from __future__ import annotations

from typing import Any

from msgpack import packb

from net.errors import ProtocolError

PROTOCOL_VERSION = 4
#: Session tokens: 16 random bytes as 32 hex digits, issued in ``welcome``.
TOKEN_CHARS = 32
MAX_CHAT_CHARS = 2000
MAX_REQ = 2**31 - 1

_STR = "str"
_INT = "int"
_MAP = "map"
_OPT_STR = "str|null"

#: type -> {field: (kind, required)}; ``type`` itself is implied.
CLIENT_MESSAGES: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"v": (_INT, True), "seat": (_STR, True), "code": (_STR, True)},
    "action": {"token": (_STR, True), "req": (_INT, True), "action": (_MAP, True)},
    "chat": {"token": (_STR, True), "req": (_INT, True), "to": (_OPT_STR, True),
             "text": (_STR, True)},
    "resync": {"token": (_STR, True), "req": (_INT, False)},
    "hb": {"token": (_STR, True)},
    "bye": {"token": (_STR, True)},
}
#: Answers to a ``hello`` that no retry can change: a client should stop and say so.
REFUSALS = frozenset({"bad_code", "unknown_seat", "bad_version", "wrong_key"})


#: What each kind of field may hold, as exact types (a decoded frame holds only the
#: plain types; ``bool`` is not an ``int`` here).
_KIND_TYPES: dict[str, frozenset[type]] = {
    _STR: frozenset({str}), _INT: frozenset({int}), _MAP: frozenset({dict}),
    _OPT_STR: frozenset({str, type(None)})}
#: ``CLIENT_MESSAGES`` as ``validate`` reads it: per type, the names it may carry, whether
#: it carries a token, and (name, kind, types, required) of each field but the token,
#: which is checked once, first (its absence has an answer of its own).
_SCHEMA = {
    kind: (frozenset({"type", *fields}), "token" in fields,
           tuple((name, want, _KIND_TYPES[want], required)
                 for name, (want, required) in fields.items() if name != "token"))
    for kind, fields in CLIENT_MESSAGES.items()}
_MISSING = object()


def validate(message: dict[str, Any]) -> dict[str, Any]:
    """Check one decoded client message against the schema; return it unchanged."""
    kind = message.get("type")
    if type(kind) is not str:
        raise ProtocolError("bad_field", "message needs a string field 'type'")
    schema = _SCHEMA.get(kind)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    names, token, fields = schema
    for name in message:
        if name not in names:
            raise ProtocolError("bad_field", f"{kind}: unexpected field {name[:40]!r}")
    if token and type(message.get("token")) is not str:
        raise ProtocolError("not_authenticated", "say hello with your seat's code first "
                            "(and send the token of its welcome with every message)")
    for name, want, types, required in fields:
        value = message.get(name, _MISSING)
        if value is _MISSING:
            if required:
                raise ProtocolError("bad_field", f"{kind}: missing field {name!r}")
            continue
        if type(value) not in types:
            got = type(value).__name__
            raise ProtocolError("bad_field", f"{kind}: field {name!r} must be {want}, got {got}")
    req = message.get("req")
    if req is not None and not 0 <= req <= MAX_REQ:
        raise ProtocolError("bad_field", f"{kind}: field 'req' out of range")
    if kind == "chat":
        text = message["text"]
        if not text.strip() or len(text) > MAX_CHAT_CHARS:
            raise ProtocolError("bad_field", f"chat: text must be 1-{MAX_CHAT_CHARS} characters")
    return message


#: The packed beginnings of an ``ack`` and an ``update`` (maps of 2 and 3 fields, in the
#: order the constructors below give them): the hub sends one of each per seat and
#: message, and packs only what differs (see ``ack_frame`` and ``update_frame``).
_ACK_HEAD = b"\x82" + packb("type") + packb("ack") + packb("req")
_UPDATE_HEAD = b"\x83" + packb("type") + packb("update") + packb("seq")
_DIFF_KEY = packb("diff")


def ack_frame(req: int) -> bytes:
    """``encode(ack(req))``, byte for byte."""
    return _ACK_HEAD + packb(req)


def update_frame(seq: int, packed_ops: bytes) -> bytes:
    """``encode(update(seq, ops))``, byte for byte, given ``encode(ops)``: a negotiation
    line's ops are the same for every seat that reads it, so they are packed once."""
    return _UPDATE_HEAD + packb(seq) + _DIFF_KEY + packed_ops


def error(code: str, text: str, req: int | None = None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": text, "req": req}


def ack(req: int) -> dict[str, Any]:
    return {"type": "ack", "req": req}


def welcome(seat: str, role: str, seats: list[str], token: str,
            timing: dict[str, Any]) -> dict[str, Any]:
    return {"type": "welcome", "v": PROTOCOL_VERSION, "seat": seat, "role": role,
            "seats": seats, "token": token, **timing}


def snapshot(seq: int, doc: dict[str, Any]) -> dict[str, Any]:
    return {"type": "snapshot", "seq": seq, "doc": doc}


def update(seq: int, ops: list[Any]) -> dict[str, Any]:
    return {"type": "update", "seq": seq, "diff": ops}


def heartbeat(seq: int) -> dict[str, Any]:
    return {"type": "hb", "seq": seq}


def closed(reason: str) -> dict[str, Any]:
    return {"type": "closed", "reason": reason}
