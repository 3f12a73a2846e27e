"""Join strings: everything a client needs to take one seat, in one shell-safe token.

Format (all parts are letters, digits, dots, colons and brackets, so it survives a
shell, a chat window and a copy/paste)::

    artifact://HOST:PORT/SEAT/CODE
    artifact://HOST:PORT/SEAT/CODE/SERVERKEY/CLIENTKEY      (with --encrypt)

``CODE`` is the seat's secret (32 hex digits). With encryption, ``SERVERKEY`` is the
hub's CURVE public key and ``CLIENTKEY`` the CURVE secret key the hub issued for this
seat, both as 64 hex digits (hex rather than Z85 because Z85 uses '/', '?' and '&').
An IPv6 host is written in brackets, e.g. ``[::1]``.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

import zmq
from zmq.utils import z85

from net.errors import JoinStringError

SCHEME = "artifact://"
_SEAT = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_CODE = re.compile(r"^[0-9a-f]{32}$")
_KEY = re.compile(r"^[0-9a-f]{64}$")
_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})$")


def new_code() -> str:
    """A fresh seat secret: 128 random bits."""
    return secrets.token_hex(16)


def new_curve_keypair() -> tuple[str, str]:
    """(public, secret) CURVE keys as 64-digit hex strings."""
    public, secret = zmq.curve_keypair()
    return z85_to_hex(public), z85_to_hex(secret)


def z85_to_hex(key: bytes) -> str:
    return z85.decode(key).hex()


def hex_to_z85(key: str) -> bytes:
    return z85.encode(bytes.fromhex(key))


def curve_public_of(secret_hex: str) -> str:
    """The public key belonging to a hex secret key."""
    return z85_to_hex(zmq.curve_public(hex_to_z85(secret_hex)))


@dataclass(frozen=True)
class JoinString:
    """One parsed join string."""

    host: str
    port: int
    seat: str
    code: str
    server_key: str | None = None
    client_secret: str | None = None

    @property
    def encrypted(self) -> bool:
        return self.server_key is not None

    @property
    def endpoint(self) -> str:
        return f"tcp://{self.host}:{self.port}"

    def __str__(self) -> str:
        text = f"{SCHEME}{self.host}:{self.port}/{self.seat}/{self.code}"
        if self.server_key is not None:
            text += f"/{self.server_key}/{self.client_secret}"
        return text


def parse(text: str) -> JoinString:
    """Parse a join string, or raise JoinStringError naming the bad part."""
    if not isinstance(text, str) or not text.startswith(SCHEME):
        raise JoinStringError(f"join string must start with {SCHEME}, got {str(text)[:40]!r}")
    parts = text[len(SCHEME):].split("/")
    if len(parts) not in (3, 5):
        raise JoinStringError("join string wants HOST:PORT/SEAT/CODE[/SERVERKEY/CLIENTKEY]")
    netloc, seat, code = parts[:3]
    host, sep, port_text = netloc.rpartition(":")
    if not sep or not _HOST.match(host):
        raise JoinStringError(f"bad host in join string: {netloc!r}")
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise JoinStringError(f"bad port in join string: {port_text!r}")
    if not _SEAT.match(seat):
        raise JoinStringError(f"bad seat in join string: {seat!r}")
    if not _CODE.match(code):
        raise JoinStringError("bad code in join string (want 32 hex digits)")
    server_key = client_secret = None
    if len(parts) == 5:
        server_key, client_secret = parts[3], parts[4]
        if not _KEY.match(server_key) or not _KEY.match(client_secret):
            raise JoinStringError("bad key in join string (want 64 hex digits)")
    return JoinString(host, int(port_text), seat, code, server_key, client_secret)
