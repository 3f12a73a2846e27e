"""The client side of one seat (or the Judge): a DEALER linked to the hub.

Following the ZeroMQ guide's Clone and Pirate patterns: the link says hello with its
seat's code, receives a session token and a snapshot, then applies strictly sequenced
diffs; a diff that does not follow the last sequence number, or a heartbeat announcing a
sequence it has not seen, makes it ask for a fresh snapshot. Every message after hello
carries the token. It heartbeats the hub and, when the hub falls silent, drops the
socket and reconnects with the same code (a restarted hub knows the code from its action
log).

A hello the hub refuses for good (a wrong code, seat or key) closes the link with
``refused`` set, so a client can say so and stop instead of retrying forever; a hub that
does not answer at all is announced after a few seconds (``no_answer``), since with
CURVE a refused key looks from here exactly like a host that is not there.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from typing import Any

import zmq

from game.artifact.viewtypes import View, ViewError, decode_view
from net import messages
from net.codec import MAX_HUB_FRAME, decode, encode
from net.diff import patch
from net.errors import ProtocolError
from net.joinstring import JoinString, curve_public_of, hex_to_z85

#: Until the hub's welcome says otherwise, heartbeat this often and reconnect after this long.
DEFAULT_HEARTBEAT = 1.0
DEFAULT_LIVENESS = 4.0
#: Seconds without a welcome after which the link says the hub does not answer.
NO_ANSWER = 3.0
#: No plain view decoded yet.
_NOTHING = object()
#: What a CURVE handshake failure looks like from the client's side.
_HANDSHAKE_EVENTS = (zmq.EVENT_HANDSHAKE_FAILED_AUTH | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
                     | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL)


class SeatLink:
    """One seat's connection: hello, snapshot, sequenced updates, heartbeats, reconnects.

    ``emit`` receives every message from the hub (and a few local notices) as a dict;
    the headless client prints them, a window would draw them.

    ``doc`` is the seat's plain document as rebuilt from the snapshot and the diffs since;
    ``view`` is its ``view`` decoded into the engine's records (``SeatView`` or
    ``JudgeView``). A view that does not decode is reported as a ``bad_view`` notice and
    ``view`` keeps the last good one.
    """

    def __init__(
        self,
        ctx: zmq.Context,
        join: JoinString,
        emit: Callable[[dict[str, Any]], None],
        clock: Callable[[], float],
    ) -> None:
        self.ctx = ctx
        self.join = join
        self.seat = join.seat
        self.emit = emit
        self.clock = clock
        self.seq: int | None = None
        self.doc: dict[str, Any] | None = None
        self.view: View | None = None
        self._view_plain: Any = _NOTHING  # the plain view ``view`` was decoded from
        #: The parts of the views decoded so far, so an update decodes only what it changed.
        self._view_parts: dict = {}
        self.welcome: dict[str, Any] | None = None
        self.token = ""
        self.closed = False
        #: The hub's final refusal (an ``error`` or ``keys_refused`` notice), if any.
        self.refused: dict[str, Any] | None = None
        self._waiting_since = clock()
        self._told_no_answer = False
        self._req = itertools.count(1)
        self._resyncing = False
        self._hello_at: float | None = None
        self._resync_at = 0.0
        self.heartbeat = DEFAULT_HEARTBEAT
        self.liveness = DEFAULT_LIVENESS
        self.socket: zmq.Socket = self._connect()
        now = clock()
        self.heard = now
        self.sent = now
        self.hello()

    def _connect(self) -> zmq.Socket:
        sock = self.ctx.socket(zmq.DEALER)
        # 16 random bytes: nobody can guess this connection's routing id (the hub does not
        # trust it either; the session token is what counts).
        sock.routing_id = b"\x01" + secrets.token_bytes(15)
        sock.linger = 0
        sock.maxmsgsize = MAX_HUB_FRAME
        sock.sndhwm = 1000
        if self.join.host.startswith("["):
            sock.ipv6 = True
        if self.join.encrypted:
            assert self.join.client_secret is not None and self.join.server_key is not None
            sock.curve_secretkey = hex_to_z85(self.join.client_secret)
            sock.curve_publickey = hex_to_z85(curve_public_of(self.join.client_secret))
            sock.curve_serverkey = hex_to_z85(self.join.server_key)
        self.monitor = sock.get_monitor_socket(_HANDSHAKE_EVENTS) if self.join.encrypted \
            else None
        sock.connect(self.join.endpoint)
        return sock

    # ------------------------------------------------------------------ sending

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.socket.send(encode(message), zmq.NOBLOCK)
        except zmq.Again:
            self.emit({"type": "notice", "event": "send_dropped",
                       "message": "the hub is not reading; message dropped"})
            return
        self.sent = self.clock()

    def hello(self) -> None:
        self._resyncing = True
        self._hello_at = self.clock()
        self.send({"type": "hello", "v": messages.PROTOCOL_VERSION,
                   "seat": self.seat, "code": self.join.code})

    def _session(self, message: dict[str, Any]) -> None:
        """Send a message of the session: it carries the token the welcome gave.

        Once the hub closed this link (another connection took the seat) nothing more is
        sent: an action from a replaced window must not reach the hub, where its refusal
        would otherwise start a hello that pushes the new window off the seat.
        """
        if self.closed:
            self.emit({"type": "notice", "event": "link_closed",
                       "message": "this seat is open in another window; nothing was sent"})
            return
        self.send({**message, "token": self.token})

    def action(self, action: dict[str, Any], req: int | None = None) -> int:
        req = next(self._req) if req is None else req
        self._session({"type": "action", "req": req, "action": action})
        return req

    def chat(self, text: str, to: str | None = None, req: int | None = None) -> int:
        req = next(self._req) if req is None else req
        self._session({"type": "chat", "req": req, "to": to, "text": text})
        return req

    def resync(self) -> None:
        self._resyncing = True
        self._resync_at = self.clock()
        self._session({"type": "resync"})

    def bye(self) -> None:
        if self.token and not self.closed:
            self._session({"type": "bye"})

    # ------------------------------------------------------------------ receiving

    def receive(self) -> None:
        """Handle every message waiting on the socket (and the handshake's fate)."""
        self._handshake_events()
        while True:
            try:
                frame = self.socket.recv(zmq.NOBLOCK)
            except zmq.Again:
                return
            self.handle(frame)

    def handle(self, frame: bytes) -> None:
        """Decode and act on one frame read from this link's socket (``receive`` reads
        them; a caller polling many links may read first and hand them over here)."""
        self.heard = self.clock()
        try:
            message = decode(frame, MAX_HUB_FRAME)
        except ProtocolError as exc:
            self.emit({"type": "notice", "event": "bad_frame", "message": str(exc)})
            return
        self._on_message(message)

    def _handshake_events(self) -> None:
        if self.monitor is None:
            return
        # Imported here: zmq.utils.monitor brings in asyncio, a tenth of a second of a
        # window's start that only an encrypted join needs.
        from zmq.utils.monitor import recv_monitor_message

        while self.monitor is not None and not self.closed:
            try:
                event = recv_monitor_message(self.monitor, zmq.NOBLOCK)
            except zmq.Again:
                return
            if event["event"] == zmq.EVENT_HANDSHAKE_FAILED_AUTH:
                self._refuse({"type": "notice", "event": "keys_refused", "message":
                              "the host refused this seat's encryption key"})

    def _refuse(self, message: dict[str, Any]) -> None:
        self.refused = message
        self.closed = True
        self.emit(message)

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self._hello_at = None
            self.welcome = message
            self.token = str(message.get("token", ""))
            self.heartbeat = message.get("hb_ms", 1000) / 1000
            # The hub's own silence limit, doubled: reconnecting is only needed when the
            # hub itself died, and a restarted hub announces itself by refusing us sooner.
            self.liveness = 2 * message.get("liveness_ms", 4000) / 1000
        elif kind == "snapshot":
            self.seq, self.doc = message["seq"], message["doc"]
            self._resyncing = False
            self._decode_view()
        elif kind == "update":
            if self.doc is None or self.seq is None or message["seq"] != self.seq + 1:
                self.emit(message)
                self._gap(message.get("seq"))
                return
            try:
                self.doc = patch(self.doc, message["diff"])
            except ProtocolError as exc:
                self.emit({"type": "notice", "event": "bad_diff", "message": str(exc)})
                self.resync()
                return
            self.seq = message["seq"]
            self._decode_view()
        elif kind == "hb":
            if not self._resyncing and self.seq is not None and message.get("seq") != self.seq:
                self._gap(message.get("seq"))
            return  # heartbeats are not shown
        elif (kind == "error" and message.get("code") in messages.REFUSALS
              and self._hello_at is not None and message.get("req") is None):
            self._refuse(message)  # a wrong code or key stays wrong: say so and stop
            return
        elif kind == "error" and message.get("code") == "not_authenticated":
            # The hub restarted or dropped us as silent: take the seat back (once: the
            # heartbeats queued while the hub was away all come back with this error).
            # A link the hub closed for another connection stays closed: taking the seat
            # back is the user's choice (``reopen``), never a side effect.
            self.emit(message)
            if self.closed:
                return
            if self._hello_at is None or self.clock() - self._hello_at > self.liveness:
                self.hello()
            return
        elif kind == "closed":
            self.closed = True
        self.emit(message)

    def _decode_view(self) -> None:
        """Rebuild ``view`` from the document, unless its ``view`` part did not change.

        Only the parts a diff changed are decoded again: ``patch`` shares every unchanged
        part of the document with the last one, and ``decode_view`` hands those back as
        they were decoded then (so ``view`` shares them with the last view: views are
        read-only). A snapshot is a new document throughout and is decoded in full."""
        plain = self.doc.get("view") if isinstance(self.doc, dict) else None
        if plain is self._view_plain:
            return
        self._view_plain = plain
        try:
            self.view = decode_view(plain, self._view_parts)
        except ViewError as exc:
            self.emit({"type": "notice", "event": "bad_view", "message": str(exc)[:300]})

    def _gap(self, seq: Any) -> None:
        if self._resyncing:
            return
        self.emit({"type": "notice", "event": "gap",
                   "message": f"sequence {seq} after {self.seq}; asking for a snapshot"})
        self.resync()

    # ------------------------------------------------------------------ time

    def tick(self) -> None:
        """Heartbeat the hub; reconnect when it has been silent too long."""
        now = self.clock()
        if self.closed:
            return
        if self.welcome is None and not self._told_no_answer \
                and now - self._waiting_since > NO_ANSWER:
            self._told_no_answer = True
            refused = "refused this seat's keys or " if self.join.encrypted else ""
            self.emit({"type": "notice", "event": "no_answer", "message":
                       f"no answer from the host at {self.join.host}:{self.join.port} after "
                       f"{NO_ANSWER:.0f} s: it {refused}cannot be reached; still trying"})
        if now - self.heard > self.liveness:
            self.emit({"type": "notice", "event": "reconnecting",
                       "message": "the hub is silent; reconnecting"})
            self._close_socket(0)
            self.socket = self._connect()
            self.heard = now
            self.hello()
        elif self._resyncing and self._hello_at is None and now - self._resync_at > self.liveness:
            self.resync()  # the request or its snapshot was lost: ask again
        elif now - self.sent >= self.heartbeat and self.token:
            self._session({"type": "hb"})

    def _close_socket(self, linger: int) -> None:
        if self.monitor is not None:
            self.socket.disable_monitor()
            self.monitor.close(linger=0)
            self.monitor = None
        self.socket.close(linger=linger)

    def close(self) -> None:
        self._close_socket(100)
