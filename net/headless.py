"""The headless client: seats (or the Judge) played by a script over JSON lines.

Like the Herald's bot protocol: every message the hub sends (snapshot, update, ack,
error, welcome, closed) and every local notice is printed on stdout as one JSON object
per line, with a ``"seat"`` field saying which seat it belongs to. Each stdin line is
one JSON object: ``{"type": "action", "action": {...}}``, ``{"type": "chat", "text": ...,
"to": null|seat}``, ``{"type": "resync"}`` or ``{"type": "quit"}``, with a ``"seat"``
field when the client holds several (hotseat) seats. See docs/protocol.md.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

import zmq

from net.client import SeatLink
from net.joinstring import JoinString

MAX_INPUT_LINE = 256 * 1024
INPUT_TYPES = {"action", "chat", "resync", "quit"}


class HeadlessClient:
    """Several seat links and a JSON-lines console, driven by one poll loop."""

    def __init__(self, joins: Sequence[JoinString], stdout: TextIO, docs: bool = False) -> None:
        self.ctx = zmq.Context()
        self.out = stdout
        self.docs = docs
        self.running = True
        self.links: dict[str, SeatLink] = {}
        for join in joins:
            self.links[join.seat] = SeatLink(
                self.ctx, join, self._emitter(join.seat), time.monotonic)

    def _emitter(self, seat: str):
        def emit(message: dict[str, Any]) -> None:
            self.print({**message, "seat": seat})
            link = self.links.get(seat)
            if (self.docs and link is not None and link.doc is not None
                    and message.get("type") in ("snapshot", "update")
                    and message.get("seq") == link.seq):
                self.print({"type": "doc", "seat": seat, "seq": link.seq, "doc": link.doc})
        return emit

    def print(self, message: dict[str, Any]) -> None:
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    def _local_error(self, text: str) -> None:
        self.print({"type": "error", "code": "bad_input", "message": text, "source": "client"})

    def command(self, line: str) -> None:
        """Act on one stdin line."""
        try:
            message = json.loads(line)
        except ValueError as exc:
            self._local_error(f"not JSON: {exc}")
            return
        if not isinstance(message, dict) or message.get("type") not in INPUT_TYPES:
            self._local_error(f"want an object with type in {sorted(INPUT_TYPES)}")
            return
        kind = message["type"]
        if kind == "quit":
            self.running = False
            return
        seat = message.get("seat")
        if seat is None and len(self.links) == 1:
            seat = next(iter(self.links))
        link = self.links.get(seat) if isinstance(seat, str) else None
        if link is None:
            self._local_error(f"name one of the seats {sorted(self.links)} in 'seat'")
            return
        req = message.get("req")
        if req is not None and (not isinstance(req, int) or isinstance(req, bool)):
            self._local_error("'req' must be a whole number")
            return
        if kind == "action":
            if not isinstance(message.get("action"), dict):
                self._local_error("an action line needs an 'action' object")
                return
            link.action(message["action"], req)
        elif kind == "chat":
            text, to = message.get("text"), message.get("to")
            if not isinstance(text, str) or not (to is None or isinstance(to, str)):
                self._local_error("a chat line needs 'text' (string) and 'to' (seat or null)")
                return
            link.chat(text, to, req)
        elif kind == "resync":
            link.resync()

    def run(self, stdin_fd: int) -> int:
        poller = zmq.Poller()
        for link in self.links.values():
            poller.register(link.socket, zmq.POLLIN)
        stdin_open = True
        poller.register(stdin_fd, zmq.POLLIN)
        pending = b""
        while self.running:
            ready = dict(poller.poll(100))
            for link in self.links.values():
                old = link.socket
                link.receive()
                link.tick()
                if link.socket is not old:  # reconnected: poll the new socket
                    poller.unregister(old)
                    poller.register(link.socket, zmq.POLLIN)
            if stdin_open and stdin_fd in ready:
                chunk = os.read(stdin_fd, 65536)
                if not chunk:
                    stdin_open = False  # keep listening; "quit" or a signal ends the client
                    poller.unregister(stdin_fd)
                pending += chunk
                *lines, pending = pending.split(b"\n")
                if len(pending) > MAX_INPUT_LINE:
                    self._local_error(f"input line longer than {MAX_INPUT_LINE} bytes dropped")
                    pending = b""
                for raw in lines:
                    if raw.strip():
                        self.command(raw.decode("utf-8", errors="replace"))
            if all(link.closed for link in self.links.values()):
                break
            if any(link.refused for link in self.links.values()):
                break  # a join string the host refuses: nothing to play with
        for link in self.links.values():
            link.bye()
            link.close()
        self.ctx.term()
        refused = [(seat, link.refused) for seat, link in self.links.items() if link.refused]
        if refused:
            seat, message = refused[0]
            code = message.get("code") or message.get("event")
            print(f"{seat}: the host refused this join string ({code}): {message['message']}",
                  file=sys.stderr)
            return 2
        return 0


def run_headless(joins: Sequence[JoinString], stdin_fd: int, stdout: TextIO,
                 docs: bool = False) -> int:
    """Run until ``quit`` on stdin, SIGTERM/SIGINT, or every seat being taken over."""
    client = HeadlessClient(joins, stdout, docs=docs)

    def stop(signum: int, frame: Any) -> None:
        client.running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    return client.run(stdin_fd)
