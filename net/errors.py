"""Named errors of the network layer.

Each carries a short machine-readable ``code`` (the same string the hub puts in an
``error`` message on the wire) and a one-line human message, so a bad frame, a bad
join string or a corrupt action log is always reported as one clear line.
"""

from __future__ import annotations


class NetError(Exception):
    """Base of every error raised by :mod:`net`."""

    code = "net_error"


class ProtocolError(NetError):
    """A message that cannot be accepted; ``code`` names the reason on the wire."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class JoinStringError(NetError):
    """A join string that cannot be parsed (wrong scheme, seat, code or key)."""

    code = "bad_join_string"


class LogError(NetError):
    """An action log that cannot be read or resumed (corrupt, wrong format, wrong game)."""

    code = "bad_log"
