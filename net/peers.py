"""The hub's view of its TCP connections: allowances, strangers, and cutting a connection.

A ROUTER socket knows a peer only by its routing id, which the peer may choose. What it
cannot choose is its TCP connection: libzmq tells the hub about every accepted and closed
connection through a socket monitor (by file descriptor), and every received message
says which descriptor it came in on (``ZMQ_SRCFD``). So allowances are kept per
connection, a closed connection drops its seat at once, and a connection that has not
authenticated in time is cut: ``shutdown()`` on the descriptor (never ``close()``, which
belongs to libzmq) makes libzmq read end-of-stream and tear it down itself.

Routing ids: a peer that brings no routing id gets ``00`` + a 32-bit counter that libzmq
starts from ``rand()``, which nothing seeds, so the sequence is the same in every
process; and libzmq does not check a generated id against the ids peers chose, it aborts
on the clash (``Assertion failed: ok (src/socket_base.cpp)``). ``ROUTER_HANDOVER`` does
not help (it renames the old peer with the same counter), the ZAP handler never sees
routing ids, and the draft SERVER socket that assigns ids itself is not in the released
library. :func:`unpredictable_routing_ids` seeds ``rand()`` from the operating system's
secret random source before the hub's socket is made, so the next ids are a secret and
taking them in advance means guessing one number in 2^32 per connection held.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import secrets
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass

from game.artifact.sheets import default_sheets


def unpredictable_routing_ids() -> bool:
    """Seed the C library's ``rand()`` (which libzmq draws its first routing id from)
    with 32 secret bits; returns whether it could. Call it before making a ROUTER."""
    if sys.platform == "win32":
        names = ["ucrtbase", "msvcrt"]
    else:
        names = [ctypes.util.find_library("c") or "libc.so.6"]
    for name in names:
        try:
            libc = ctypes.CDLL(name)
            libc.srand(ctypes.c_uint(secrets.randbits(32)))
        except (OSError, AttributeError):
            continue
        return True
    return False


def max_path() -> int:
    """The largest movement allowance of any character in any mode: every square entered
    costs at least 1 MP, so no legal move lists more squares than this."""
    return max(value for move in default_sheets().movement.values()
               for row in (move.gravity, move.zero_g, move.heavy) for value in row.values())


@dataclass
class Peer:
    """One TCP connection: when it came, whether it holds a seat, and its allowances."""

    fd: int
    since: float
    tokens: float
    work: float
    stamp: float
    seat: bool = False
    listed: bool = False  # reported by the monitor as accepted (so it may be cut)
    rate: float = 0.0
    burst: float = 0.0
    work_rate: float = 0.0
    work_burst: float = 0.0
    clock: Callable[[], float] | None = None

    def allow(self) -> bool:
        """Refill both allowances for the time passed; may one more message be read?"""
        assert self.clock is not None
        now = self.clock()
        passed = max(0.0, now - self.stamp)
        self.stamp = now
        self.tokens = min(self.burst, self.tokens + passed * self.rate)
        self.work = min(self.work_burst, self.work + passed * self.work_rate)
        if self.tokens < 1.0 or self.work <= 0.0:
            return False
        self.tokens -= 1.0
        return True

    def spend(self, seconds: float) -> None:
        self.work -= seconds


class Peers:
    """Every TCP connection the hub's socket has, by file descriptor."""

    def __init__(self, clock: Callable[[], float], burst: float, rate: float,
                 work_burst: float, work_rate: float) -> None:
        self.clock = clock
        self._limits = (burst, rate, work_burst, work_rate)
        self._peers: dict[int, Peer] = {}
        self.cuts = 0

    def __len__(self) -> int:
        return len(self._peers)

    def _new(self, fd: int) -> Peer:
        burst, rate, work_burst, work_rate = self._limits
        now = self.clock()
        return Peer(fd, now, burst, work_burst, now, rate=rate, burst=burst,
                    work_rate=work_rate, work_burst=work_burst, clock=self.clock)

    def accepted(self, fd: int) -> None:
        peer = self._peers[fd] = self._new(fd)
        peer.listed = True

    def closed(self, fd: int) -> None:
        self._peers.pop(fd, None)

    def find(self, fd: int) -> Peer | None:
        return self._peers.get(fd)

    def get(self, fd: int) -> Peer:
        """The connection a message came in on. A message may still be queued after its
        connection closed: it gets allowances, but such an entry is never cut."""
        peer = self._peers.get(fd)
        if peer is None:
            peer = self._peers[fd] = self._new(fd)
        return peer

    def authenticated(self, fd: int) -> None:
        self.get(fd).seat = True

    def unauthenticated(self, fd: int) -> None:
        peer = self._peers.get(fd)
        if peer is not None:
            peer.seat = False
            peer.since = self.clock()

    def strangers(self) -> int:
        return sum(1 for peer in self._peers.values() if not peer.seat)

    def cut_strangers(self, keep: int, seconds: float) -> None:
        """Cut connections without a seat that are older than ``seconds``, and the oldest
        beyond the ``keep`` youngest."""
        now = self.clock()
        strangers = sorted((peer for peer in self._peers.values()
                            if not peer.seat and peer.listed),
                           key=lambda peer: peer.since)
        excess = len(strangers) - keep
        for index, peer in enumerate(strangers):
            if index < excess or now - peer.since > seconds:
                self.cut(peer.fd)

    def cut(self, fd: int) -> None:
        """End one TCP connection; libzmq notices, closes it and reports it closed."""
        peer = self._peers.pop(fd, None)
        if peer is None or not peer.listed:
            return  # never cut a descriptor the monitor did not report as a connection
        self.cuts += 1
        with contextlib.suppress(OSError, ValueError, AttributeError):
            conn = socket.fromfd(fd, socket.AF_INET, socket.SOCK_STREAM)  # a duplicate
            try:
                conn.shutdown(socket.SHUT_RDWR)
            finally:
                conn.close()  # closes the duplicate only; libzmq still owns ``fd``
