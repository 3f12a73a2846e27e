"""The host's hub: one ROUTER socket, the engine, and a document per seat.

Host-authoritative: only the hub applies actions. Each client connection (a DEALER)
authenticates as one seat with that seat's secret code (and, with CURVE, the key issued
for that seat) and gets a session token that every later message must carry: a routing
id is the peer's choice and proves nothing. From then on everything it receives is
unicast to it: a snapshot of its document, then sequenced diffs. A seat's
document is built from ``view_for(game, seat)`` and public hub facts only (who is
connected, the negotiation messages that seat may read), so nothing another seat may
not know ever leaves on its connection, and no other connection hears that it changed.
There is no PUB socket at all: PUB topics are chosen by subscribers, so they would be
no security boundary.

Crash safety: an action is applied and written to the action log, and nothing leaves the
hub until that write is fsynced: not its acknowledgement, not anybody's update. The fsync
runs in the background while the hub works out those updates (and writes any further
actions already waiting, which then share the fsync): every frame is held back until the
log is durable, then sent in order.
"""

from __future__ import annotations

import contextlib
import gc
import hmac
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TextIO

import zmq
import zmq.auth.thread
from zmq.utils.monitor import recv_monitor_message

from game.artifact.actions import SkipTurn, action_from_dict
from game.artifact.errors import ArtifactError, IllegalAction, InvalidAction, NotYourTurn
from game.artifact.seats import JUDGE
from game.artifact.viewcache import PlainViews
from net import messages
from net.actionlog import ActionLog
from net.codec import MAX_CLIENT_FRAME, decode, encode
from net.diff import Prints, diff, fingerprint
from net.errors import ProtocolError
from net.joinstring import hex_to_z85
from net.peers import Peers, max_path, unpredictable_routing_ids

#: Transport cap: a peer sending more than this in one message is disconnected by libzmq.
#: Twice the largest frame a client may send, so a frame a little too big is answered
#: with ``too_large`` and only a grossly oversized one costs the sender its connection.
TRANSPORT_MAX = 2 * MAX_CLIENT_FRAME
#: Messages libzmq queues per connection in each direction. Inbound, this bounds the memory
#: a peer can make the host hold (16 frames of 32 KiB); outbound, a seat that stops
#: reading loses updates beyond this and catches up with a snapshot (sequence gap).
RCV_QUEUE = 16
SND_QUEUE = 100
#: Messages read from the socket per loop pass, all connections together.
LOOP_BUDGET = 512
#: Each connection's token bucket: a burst of this many messages is handled at once...
CONN_BUDGET = 512
#: ...and the bucket refills at this many messages a second: far above what a player's or
#: a bot's client sends, far below a flood, which loses its own excess and nobody else's.
CONN_RATE = 5000.0
#: Each connection's work budget, in seconds of the hub's time spent on its messages: a
#: burst, and the refill per second. Message counts alone would let small frames that are
#: costly to refuse take the hub over; time is what the other seats wait for. The time an
#: accepted engine action takes is not charged: the rules themselves ration those (only
#: the seats whose turn it is may act), and a slow machine must not cut a player off.
WORK_BURST = 0.5
WORK_RATE = 0.05
#: Before ``hello`` a connection may send only frames this small (a hello is ~100 bytes).
HELLO_MAX = 512
#: Connections that have not said a good ``hello``: at most this many at once (the oldest
#: are cut), and each for at most this many seconds.
UNAUTH_MAX = 64
UNAUTH_SECONDS = 10.0
#: Peers must finish the ZeroMQ handshake (and CURVE) within this many milliseconds.
HANDSHAKE_MS = 5000
#: The longest path a move may give: the largest movement allowance of any character.
MAX_PATH = max_path()
#: Negotiation entries kept per seat; older ones are dropped in blocks.
CHAT_KEEP = 400
CHAT_DROP = 100
#: A private pair silent this long is announced as talking again on its next message.
TALK_IDLE = 60.0
#: Send flags for the routing id and the frame (never block: see _transmit).
_MORE = int(zmq.SNDMORE | zmq.NOBLOCK)
_LAST = int(zmq.NOBLOCK)
#: Python's thread switch interval while the hub serves, in seconds (see ``Hub.run``).
SWITCH_INTERVAL = 0.0005
#: The quiet, in milliseconds, the hub waits for after its last message before it takes the
#: engine's undo copy for the next action (see ``Hub.run``).
UNDO_QUIET_MS = 10
#: While the hub is never idle, a young collection runs after this many times the
#: collector's threshold of new objects (see ``_collect``).
BUSY_COLLECT = 20
PRESENCE_WAITING = "waiting"
PRESENCE_CONNECTED = "connected"
PRESENCE_DISCONNECTED = "disconnected"


#: Hubs serving in this process, and the switch interval before the first of them began.
_SERVING: dict[str, Any] = {"hubs": 0, "interval": 0.0, "collecting": True}
_SERVING_LOCK = threading.Lock()


@contextlib.contextmanager
def _serving():
    """While at least one hub of this process serves: the thread switch interval is
    ``SWITCH_INTERVAL``, and the garbage collector runs only when a hub's loop says so
    (``_collect``), with everything made before the first hub began (the deck plan's
    sight tables, the sheets, a replayed game) set aside from its scans. Once the last
    hub stops, the interval there was before and the collector's own schedule come back.
    """
    with _SERVING_LOCK:
        if _SERVING["hubs"] == 0:
            _SERVING["collecting"] = gc.isenabled()
            gc.collect()
            gc.freeze()
            gc.disable()
            _SERVING["interval"] = sys.getswitchinterval()
            sys.setswitchinterval(min(_SERVING["interval"], SWITCH_INTERVAL))
        _SERVING["hubs"] += 1
    try:
        yield
    finally:
        with _SERVING_LOCK:
            _SERVING["hubs"] -= 1
            if _SERVING["hubs"] == 0:
                sys.setswitchinterval(_SERVING["interval"])
                gc.unfreeze()
                if _SERVING["collecting"]:
                    gc.enable()


def _collect(idle: bool) -> int | None:
    """Collect garbage as the collector's own schedule would (a young collection after
    ``threshold`` new objects, an older generation after its own count), but only where
    no message is waiting (``idle``): a collection of the older generations takes tens of
    milliseconds, and one started by an action's own objects would hold up everybody's
    update. Under a stream of messages that never leaves the hub idle, young collections
    still run once ``BUSY_COLLECT`` times the threshold of objects is reached, so memory
    stays bounded. The generation collected, or None."""
    young, middle, old = gc.get_count()
    threshold, middle_every, old_every = gc.get_threshold()
    if young < threshold or not idle and young < BUSY_COLLECT * threshold:
        return None
    generation = 0
    if middle >= middle_every:
        generation = 2 if idle and old >= old_every else 1
    gc.collect(generation)
    return generation


def _packed_once(ops: list[Any], packed: dict[tuple[int, ...], bytes]) -> bytes:
    """``encode(ops)``; new negotiation entries (one ``ext``) are packed once for every
    seat that reads the same entries, found in ``packed`` by their identities."""
    if len(ops) != 1 or ops[0][0] != "ext":
        return encode(ops)
    key = tuple(map(id, ops[0][2]))
    body = packed.get(key)
    if body is None:
        body = packed[key] = encode(ops)
    return body


@dataclass(frozen=True)
class CurveKeys:
    """The hub's CURVE key pair and, for each seat, the client public key issued for it
    (hex strings). A key admits its own seat only."""

    server_public: str
    server_secret: str
    client_publics: dict[str, str]


class _KeyRing:
    """ZAP callback: accept exactly the client keys the host issued, nothing else."""

    def __init__(self, allowed: frozenset[bytes]) -> None:
        self._allowed = allowed

    def callback(self, domain: str, key: bytes) -> bool:
        return domain == "artifact" and key in self._allowed


@dataclass
class _Conn:
    """One authenticated connection: the seat it holds, when it was last heard/served, and
    its TCP connection's file descriptor (so its disconnect is noticed at once)."""

    seat: str
    heard: float
    sent: float
    fd: int = -1
    token: str = ""
    closed: bool = False  # its TCP connection closed: its routing id may be someone else's


@dataclass
class _Seat:
    """Per-seat channel state: sequence number, presence, the negotiation entries it may
    read, and what it was last sent: the document without its ``chat`` (``doc``; None
    before its snapshot), the fingerprint of that document's view, and how far into
    ``chat`` it has read (entries dropped from the front so far, and entries after them)."""

    code: str
    seq: int = 0
    doc: dict[str, Any] | None = None
    prints: Prints | None = None
    conn: bytes | None = None
    presence: str = PRESENCE_WAITING
    chat: list[dict[str, Any]] = field(default_factory=list)
    chat_dropped: int = 0
    chat_sent: tuple[int, int] = (0, 0)


class _Thinking(NamedTuple):
    """The likely next action being worked out ahead (``Hub._think``): the state and serial
    it is for (as the engine's own records begin: ``ArtifactGame.of_this_state``), and the
    steps still to take (None: all taken)."""

    state: Any
    serial: int
    steps: Iterator[bool] | None


class Hub:
    """Serve one game to its seats and Judge until :meth:`stop` is called."""

    def __init__(
        self,
        game: Any,
        log: ActionLog,
        codes: dict[str, str],
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        curve: CurveKeys | None = None,
        turn_seconds: float = 0.0,
        heartbeat: float = 1.0,
        liveness: int = 4,
        clock: Callable[[], float] = time.monotonic,
        status: TextIO | None = None,
    ) -> None:
        self.game = game
        self.log = log
        self.clock = clock
        self.heartbeat = heartbeat
        self.liveness = liveness
        self.turn_seconds = turn_seconds
        self._status = status if status is not None else sys.stderr
        self._seats = {seat: _Seat(code) for seat, code in codes.items()}
        self._conns: dict[bytes, _Conn] = {}
        self.peers = Peers(clock, CONN_BUDGET, CONN_RATE, WORK_BURST, WORK_RATE)
        self._uncharged = 0.0  # time of accepted actions in the message being handled
        self._limited = encode(messages.error(
            "rate_limited", "over this connection's allowance; the message was not read"))
        self._talk: dict[tuple[str, str], float] = {}
        #: Frames waiting for the action log's fsync, in the order they were sent, each with
        #: the connection it was meant for (None: not an authenticated one).
        self._held: list[tuple[bytes, bytes, _Conn | None]] = []
        self._views: dict[str, tuple[int, dict[str, Any], Prints]] = {}
        self._plain_views = PlainViews(game)
        #: The likely next action being worked out ahead while idle (``_think``).
        self._thinking: _Thinking | None = None
        #: What it found: the views of the game as that action would leave it, and for a
        #: seat, its plain view there with the fingerprint taken against the view it was
        #: given last (the one kept in ``_views`` then).
        self._thought: PlainViews | None = None
        self._thought_prints: dict[str, tuple[dict[str, Any], dict[str, Any], Prints]] = {}
        #: What ``_take_thought`` dropped, let go at the next ``_think``.
        self._let_go: Any = None
        self._presence: dict[str, str] = {}
        self._turn_key: tuple[Any, ...] | None = None
        self._deadline: float | None = None
        self._running = True
        self.ctx = zmq.Context()
        self._auth: zmq.auth.thread.ThreadAuthenticator | None = None
        #: With CURVE: each issued key (as libzmq's User-Id, Z85) and the seat it is for.
        self._key_seats: dict[str, str] | None = None
        # libzmq numbers the peers that bring no routing id of their own from a counter
        # it seeds with rand(); it never checks that number against the ids peers chose,
        # and aborts the process on a clash. Unpredictable numbers leave an attacker no
        # id to take in advance (see net/peers.py).
        unpredictable_routing_ids()
        self.router = self.ctx.socket(zmq.ROUTER)
        self.router.linger = 0
        self.router.maxmsgsize = TRANSPORT_MAX
        self.router.sndhwm = SND_QUEUE
        self.router.rcvhwm = RCV_QUEUE
        self.router.handshake_ivl = HANDSHAKE_MS
        self._monitor = self.router.get_monitor_socket(
            zmq.EVENT_ACCEPTED | zmq.EVENT_DISCONNECTED)
        try:
            if curve is not None:
                self._start_curve(curve)
            if ":" in bind:
                self.router.ipv6 = True
            host = f"[{bind}]" if ":" in bind and not bind.startswith("[") else bind
            if port == 0:
                self.port = self.router.bind_to_random_port(f"tcp://{host}")
            else:
                self.router.bind(f"tcp://{host}:{port}")
                self.port = port
        except zmq.ZMQError:
            self._close_sockets()
            raise
        self._reset_turn_timer()

    # ------------------------------------------------------------------ setup

    def _start_curve(self, curve: CurveKeys) -> None:
        # The authenticator must be running before the socket binds: with CURVE on and no
        # ZAP handler, libzmq would accept any client key (the fail-open trap).
        # ZAP_ENFORCE_DOMAIN makes a missing handler refuse connections instead.
        self._auth = zmq.auth.thread.ThreadAuthenticator(self.ctx)
        self._auth.start()
        allowed = frozenset(hex_to_z85(key) for key in curve.client_publics.values())
        self._key_seats = {hex_to_z85(key).decode("ascii"): seat
                           for seat, key in curve.client_publics.items()}
        self._auth.configure_curve_callback(
            domain="artifact", credentials_provider=_KeyRing(allowed))
        self.router.setsockopt(zmq.ZAP_ENFORCE_DOMAIN, 1)
        self.router.zap_domain = b"artifact"
        self.router.curve_secretkey = hex_to_z85(curve.server_secret)
        self.router.curve_publickey = hex_to_z85(curve.server_public)
        self.router.curve_server = True

    def _close_sockets(self) -> None:
        self.router.disable_monitor()
        self._monitor.close(linger=0)
        self.router.close(linger=0)
        if self._auth is not None:
            self._auth.stop()
            self._auth = None
        self.ctx.term()

    def close(self) -> None:
        """Release the socket, the authenticator and the log (the caller's log too)."""
        self._close_sockets()
        self.log.close()

    def stop(self) -> None:
        self._running = False

    def _say(self, text: str) -> None:
        # One write per line: the host's window thread may print at the same moment.
        self._status.write(f"hub: {text}\n")
        self._status.flush()

    # ------------------------------------------------------------------ loop

    def run(self) -> None:
        """Serve until stopped; a pass waits at most a tenth of a heartbeat (and 0.2 s).

        While it serves, Python's thread switch interval is ``SWITCH_INTERVAL``: the
        action log's fsync thread, woken when an action is written, needs the interpreter
        lock for a moment before its fsync can start, and by default it would wait up to
        5 ms for the hub's thread to give it up (working out the views takes about 1-2 ms,
        so the fsync would start only once they were done). Given at once, the fsync runs
        while the views are worked out, as it is meant to.

        Garbage is collected between messages, not while an action is worked out
        (``_collect``): the young generation fills up in a few actions and one action
        in a few dozen would otherwise pay for a collection, an older one for tens of
        milliseconds. Once nothing has come for ``UNDO_QUIET_MS`` (and nothing waits),
        the engine takes the copy of its state that a refused next action is put back from
        (``ArtifactGame.prepare_undo``), looks from where every character stands
        (``ArtifactGame.prepare_sight``), works out ahead the action likely to come
        next, with every seat's view of the game it would leave, and looks from where the
        seat in turn may move (``_think``), so that the next action does not pay for any
        of it. Not at once after an action: its frames have left the hub then, but the
        sockets' I/O thread and the clients are still at them, and on a machine of two
        cores the copy's half millisecond would come before they arrive."""
        poller = zmq.Poller()
        poller.register(self.router, zmq.POLLIN)
        poller.register(self._monitor, zmq.POLLIN)
        wait_ms = min(200, max(10, int(self.heartbeat * 100)))
        with _serving():
            while self._running:
                ready = dict(poller.poll(wait_ms if self.settled else UNDO_QUIET_MS))
                if ready:
                    self.drain(events=self._monitor in ready)
                self.tick()
                idle = not self._more_waiting()
                _collect(idle=idle)
                if not ready and idle:
                    self.game.prepare_undo()
                    self.game.prepare_sight()
                    self._think()
                    _collect(idle=not self._more_waiting())  # what the thinking left

    @property
    def settled(self) -> bool:
        """Whether the idle work for the state as it stands is all done (``run`` then
        waits a full pass for a message): the undo copy taken, the likely next action
        worked out as far as it goes, the look ahead taken."""
        thinking = self._thinking
        return (self.game.undo_ready and self.game.of_this_state(thinking)
                and thinking is not None and thinking.steps is None)

    def _think(self) -> None:
        """Take the steps of ``_pondering`` for the state as it stands, one after another
        while no message waits: a message that comes meanwhile waits one step at most (the
        engine's part, about a millisecond, one seat's view, or a few squares looked ahead
        from), and the steps left are taken at the next quiet."""
        self._let_go = None
        thinking = self._thinking
        if thinking is None or not self.game.of_this_state(thinking):
            self._thought, self._thought_prints = None, {}
            state = self.game.state
            thinking = _Thinking(state, state.serial, self._pondering())
        steps = thinking.steps
        while steps is not None:
            if next(steps, None) is None:
                steps = None
            elif self._more_waiting():
                break
        self._thinking = thinking._replace(steps=steps)

    def _pondering(self) -> Iterator[bool]:
        """The steps of working out the likely next action ahead (``ArtifactGame.ponder``):
        the engine's part, then each seat's view of the game it leaves, with its fingerprint
        against the view the seat has now. Nothing of it is sent, or seen by anyone, unless
        that action comes next and the game takes the result over (``_take_thought``): the
        updates are then those the action would have made anyway. Then the steps of
        looking from where the seat in turn's characters may move to
        (``ArtifactGame.look_ahead``), for a move, which has too many forms to ponder."""
        yield from self._pondering_likely()
        try:
            for _ in self.game.look_ahead():
                yield True
        except Exception as exc:  # noqa: BLE001 (only a cache was being filled: stay up)
            self._say(f"looking ahead failed: {exc!r}")

    def _pondering_likely(self) -> Iterator[bool]:
        likely = self.game.likely_action()
        if likely is None:
            return
        trial = self.game.ponder(*likely)
        if trial is None:
            return
        yield True
        views = self._plain_views.fork(trial)
        self._thought = views
        for seat, channel in self._seats.items():
            if channel.conn is None or channel.doc is None:
                continue  # built when it comes, as for an action (``_push``)
            view = views.plain(seat)
            cached = self._views.get(seat)
            if cached is not None and cached[1] is not view:
                self._thought_prints[seat] = (
                    view, cached[1], fingerprint(view, 3, cached[1], cached[2]))
            yield True

    def _take_thought(self) -> None:
        """After an accepted action: if the game took over the state ``_think`` worked out
        ahead, its views (and the fingerprints of the seats' views not sent since) serve
        from now on. Otherwise what was worked out is dropped."""
        views, prints = self._thought, self._thought_prints
        # let go at the next ``_think``, while idle: freeing them takes time
        self._let_go = (views, prints, self._thinking, self._plain_views)
        self._thought, self._thought_prints, self._thinking = None, {}, None
        if views is None or not views.rebind(self.game):
            return
        self._plain_views = views
        count = self.log.count
        for seat, (view, base, found) in prints.items():
            cached = self._views.get(seat)
            if cached is not None and cached[1] is base:
                self._views[seat] = (count, view, found)

    def drain(self, events: bool = True) -> None:
        """Handle what is waiting, each connection within its allowances.

        Connection events first (``events``: the monitor has some waiting), so a peer
        that is gone is dropped before anything else is read; ``run`` knows from its poll
        whether there are any, and asking the monitor costs a message's path as much as
        decoding it. A message from a connection not yet known reads the events anyway,
        and every send reads them first (see ``_push`` and ``_release``). ROUTER
        fair-queues its peers (one message from each in turn); on top of that each TCP
        connection has a token bucket (messages) and a work budget (the hub's time its
        messages took). A message over either allowance is answered with
        ``rate_limited`` without being decoded, so a flood costs the hub little and every
        request still gets an answer.
        """
        if events:
            self._connection_events()
        for _ in range(LOOP_BUDGET):
            try:
                ident, body, last = self._receive()
            except zmq.Again:
                break
            fd = int(last.get(zmq.SRCFD))
            peer = self.peers.find(fd)
            if peer is None:  # its "accepted" event is still queued: read the events first
                self._connection_events()
                peer = self.peers.get(fd)
            if not peer.allow():
                self._send_frame(ident, self._limited)
                continue
            user = None
            if self._key_seats is not None:
                with contextlib.suppress(zmq.ZMQError):
                    user = last.get("User-Id")
            self._uncharged = 0.0
            started = time.perf_counter()
            self._handle(ident, body, fd, user)
            peer.spend(time.perf_counter() - started - self._uncharged)
            if self._held and (not self.log.pending or not self._more_waiting()):
                self._release()
        self._release()

    def _receive(self) -> tuple[bytes, list[bytes], zmq.Frame]:
        """One message: the routing id, the peer's frames, and the last of them as
        libzmq's message (which says the connection it came in on). ``zmq.Again`` when
        nothing is waiting.

        Read part by part, only the last kept as a message object: ``recv_multipart``
        makes one per part and asks the socket after each whether more follow, three
        times the time of this for a small message (36-40 us against 12-14, warm, on a
        busy machine). ROUTER delivers a message whole, so the parts after the routing
        id are there."""
        ident = self.router.recv(zmq.NOBLOCK)
        last = self.router.recv(zmq.NOBLOCK, copy=False)
        body = [last.bytes]
        while last.more:
            last = self.router.recv(zmq.NOBLOCK, copy=False)
            body.append(last.bytes)
        return ident, body, last

    def _connection_events(self) -> None:
        """Accepted and closed TCP connections, from the socket monitor."""
        # Asked several times per message: a flag read is far cheaper than a refused read.
        while self._monitor.get(zmq.EVENTS) & zmq.POLLIN:
            try:
                event = recv_monitor_message(self._monitor, zmq.NOBLOCK)
            except zmq.Again:
                return
            fd = int(event["value"])
            if event["event"] == zmq.EVENT_ACCEPTED:
                self.peers.accepted(fd)
            elif event["event"] == zmq.EVENT_DISCONNECTED:
                self.peers.closed(fd)
                for ident, conn in list(self._conns.items()):
                    if conn.fd == fd:
                        conn.closed = True
                        self._drop(ident, PRESENCE_DISCONNECTED, "connection closed")

    def _more_waiting(self) -> bool:
        """Whether another message is already there to be read (and written to the log
        with the same fsync, if it is an action)."""
        return bool(self.router.get(zmq.EVENTS) & zmq.POLLIN)

    def tick(self) -> None:
        """Heartbeats out, liveness in, and the Rapidity turn timer."""
        self._connection_events()  # no heartbeat to a routing id whose connection closed
        now = self.clock()
        silent = self.heartbeat * self.liveness
        for ident, conn in list(self._conns.items()):
            if now - conn.heard > silent:
                self._drop(ident, PRESENCE_DISCONNECTED, "silent")
                self.peers.cut(conn.fd)
            elif now - conn.sent >= self.heartbeat:
                self._send(ident, messages.heartbeat(self._seats[conn.seat].seq))
        self.peers.cut_strangers(UNAUTH_MAX, UNAUTH_SECONDS)
        if self._deadline is not None and now >= self._deadline:
            self._skip_turn()
        self._release()

    # ------------------------------------------------------------------ input

    def _handle(self, ident: bytes, frames: list[bytes], fd: int = -1,
                user: str | None = None) -> None:
        conn = self._conns.get(ident)
        req = None
        try:
            if len(frames) != 1:
                raise ProtocolError("malformed", "send exactly one frame per message")
            limit = MAX_CLIENT_FRAME if conn is not None else HELLO_MAX
            if len(frames[0]) > limit:
                raise ProtocolError(
                    "too_large", f"frame of {len(frames[0])} bytes exceeds {limit}"
                    + ("" if conn is not None else " before hello"))
            message = messages.validate(decode(frames[0]))
            req = message.get("req")
            kind = message["type"]
            if kind == "hello":
                self._hello(ident, message, fd, user)
                return
            # The same answer whether this routing id holds a seat or not: only the token
            # the hub issued to this very connection counts.
            if conn is None or not hmac.compare_digest(conn.token.encode(),
                                                       message["token"].encode()):
                raise ProtocolError("not_authenticated", "say hello with your seat's code first")
            conn.heard = self.clock()
            if kind == "hb":
                return
            if kind == "resync":
                self._snapshot(ident, conn.seat)
            elif kind == "action":
                self._action(ident, conn.seat, message)
            elif kind == "chat":
                self._chat(ident, conn.seat, message)
            elif kind == "bye":
                self._drop(ident, PRESENCE_DISCONNECTED, "left")
        except ProtocolError as exc:
            self._send(ident, messages.error(exc.code, str(exc), req))

    def _hello(self, ident: bytes, message: dict[str, Any], fd: int = -1,
               user: str | None = None) -> None:
        if message["v"] != messages.PROTOCOL_VERSION:
            raise ProtocolError(
                "bad_version", f"protocol version {messages.PROTOCOL_VERSION} wanted")
        seat_id = message["seat"]
        seat = self._seats.get(seat_id)
        if seat is None:
            raise ProtocolError("unknown_seat", f"no seat {seat_id[:40]!r} in this game")
        if not hmac.compare_digest(seat.code.encode(), message["code"].encode()):
            raise ProtocolError("bad_code", f"wrong code for seat {seat_id!r}")
        if self._key_seats is not None and self._key_seats.get(user or "") != seat_id:
            raise ProtocolError("wrong_key",
                                f"this connection's key was not issued for {seat_id!r}")
        old = self._conns.get(ident)
        if old is not None and old.seat != seat_id:
            self._drop(ident, PRESENCE_DISCONNECTED, "switched seat", push=False)
        if seat.conn is not None and seat.conn != ident:
            self._send(seat.conn, messages.closed("another connection took this seat"))
            taken = self._conns.pop(seat.conn, None)
            if taken is not None:  # now a stranger: it must leave, or be cut in time
                self.peers.unauthenticated(taken.fd)
        now = self.clock()
        self._connection_events()  # a close of this descriptor's previous owner comes first
        token = secrets.token_hex(messages.TOKEN_CHARS // 2)
        self._conns[ident] = _Conn(seat_id, now, now, fd, token)
        self.peers.authenticated(fd)
        seat.conn = ident
        seat.presence = PRESENCE_CONNECTED
        role = "judge" if seat_id == JUDGE else "seat"
        timing = {"hb_ms": int(self.heartbeat * 1000),
                  "liveness_ms": int(self.heartbeat * self.liveness * 1000),
                  "turn_seconds": self.turn_seconds}
        self._send(ident, messages.welcome(seat_id, role, list(self._seats), token, timing))
        self._snapshot(ident, seat_id)
        self._say(f"{seat_id} connected")
        self._push()

    def _action(self, ident: bytes, seat: str, message: dict[str, Any]) -> None:
        req = message["req"]
        path = message["action"].get("path")
        if isinstance(path, list) and len(path) > MAX_PATH:
            raise ProtocolError("invalid_action", f"a path is at most {MAX_PATH} squares long "
                                "(no character may move further in one action)")
        try:
            action = action_from_dict(message["action"])
        except InvalidAction as exc:
            raise ProtocolError("invalid_action", str(exc)) from None
        started = time.perf_counter()
        self._apply(seat, action)
        self._send_frame(ident, messages.ack_frame(req))
        self._push()
        self._uncharged = time.perf_counter() - started

    def _apply(self, seat: str, action: Any) -> None:
        try:
            self.game.apply(seat, action)
        except NotYourTurn as exc:
            raise ProtocolError("not_your_turn", str(exc)) from None
        except InvalidAction as exc:
            raise ProtocolError("invalid_action", str(exc)) from None
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc)) from None
        except ArtifactError as exc:
            raise ProtocolError("illegal", str(exc)) from None
        except Exception as exc:  # an engine fault: it restored its state; stay up
            self._say(f"engine failed on {action.to_dict()!r} from {seat}: {exc!r}")
            raise ProtocolError(
                "internal", f"the rules engine failed on this action ({type(exc).__name__})"
            ) from None
        # Written now, fsynced in the background; every frame from here on is held back
        # until the fsync returned (see _send_frame), so nobody hears of it before then.
        self.log.write(seat, action.to_dict())
        self._take_thought()
        self._reset_turn_timer()

    def _skip_turn(self) -> None:
        seat = self.game.turn_seat
        self._deadline = None
        if seat is None:
            return
        try:
            self._apply(JUDGE, SkipTurn())
        except ProtocolError as exc:
            self._say(f"turn timer could not skip {seat}: {exc}")
            return
        self._say(f"turn timer ran out: {seat} skipped")
        self._push()

    def _reset_turn_timer(self) -> None:
        if self.turn_seconds <= 0 or self.game.phase != "play" or self.game.turn_seat is None:
            self._turn_key = None
            self._deadline = None
            return
        key = (self.game.round, self.game.turn_seat, self.log.count)
        if self._turn_key is None or key[:2] != self._turn_key[:2]:
            self._turn_key = key
            self._deadline = self.clock() + self.turn_seconds

    # ------------------------------------------------------------------ negotiations

    def _chat(self, ident: bytes, seat: str, message: dict[str, Any]) -> None:
        to, text, req = message["to"], message["text"], message["req"]
        if to is None:
            entry = {"kind": "public", "from": seat, "text": text}
            for channel in self._seats.values():
                self._add_chat(channel, entry)
        else:
            if to not in self._seats:
                raise ProtocolError("unknown_seat", f"no seat {to[:40]!r} in this game")
            if to == seat:
                raise ProtocolError("bad_field", "chat: cannot talk privately to yourself")
            if JUDGE not in (seat, to) and not self._encryption_agreed():
                raise ProtocolError(
                    "no_encryption", "private conversations need the encryption agreement")
            pair = tuple(sorted((seat, to)))
            now = self.clock()
            last = self._talk.get(pair)  # type: ignore[arg-type]
            self._talk[pair] = now  # type: ignore[index]
            entry = {"kind": "private", "from": seat, "to": to, "text": text}
            self._add_chat(self._seats[seat], entry)
            self._add_chat(self._seats[to], entry)
            if last is None or now - last > TALK_IDLE:
                notice = {"kind": "talking", "pair": list(pair)}
                for other, channel in self._seats.items():
                    if other not in pair:
                        self._add_chat(channel, notice)
        self._send_frame(ident, messages.ack_frame(req))
        self._push(facts=False)

    def _add_chat(self, channel: _Seat, entry: dict[str, Any]) -> None:
        channel.chat.append(entry)
        if len(channel.chat) > CHAT_KEEP:
            del channel.chat[:CHAT_DROP]
            channel.chat_dropped += CHAT_DROP

    def _encryption_agreed(self) -> bool:
        """Whether the lobby's encryption vote allowed private conferences."""
        return self.game.state.encryption is True

    # ------------------------------------------------------------------ output

    def _view(self, seat: str) -> tuple[dict[str, Any], Prints]:
        """The plain form of ``view_for(game, seat)`` (``viewcache.PlainViews``: only the
        views an action touched are built again) and its fingerprint, recomputed only
        after the game changed.

        The game changes only by an accepted action, and every accepted action is
        logged, so the log's length is the version of the game state. The fingerprint
        (each part packed once) lets a diff skip the parts of the view that did not
        change, and a view that did not change at all, without walking them; the parts
        that are the same objects as in the last view keep their packed bytes.
        """
        cached = self._views.get(seat)
        if cached is None or cached[0] != self.log.count:
            view = self._plain_views.plain(seat)
            if cached is None:
                prints = fingerprint(view)
            elif cached[1] is view:
                prints = cached[2]
            else:
                prints = fingerprint(view, 3, cached[1], cached[2])
            cached = (self.log.count, view, prints)
            self._views[seat] = cached
        return cached[1], cached[2]

    def document(self, seat: str, fresh: bool = False) -> dict[str, Any]:
        """Everything ``seat`` may know: its engine view plus public hub facts, and the
        negotiation entries it may read."""
        return {**self._facts(seat, fresh), "chat": list(self._seats[seat].chat)}

    def _facts(self, seat: str, fresh: bool = False) -> dict[str, Any]:
        """``seat``'s document but for its negotiation entries: view, presence, timer.

        ``timer`` is the Rapidity countdown of the current turn (public: everyone knows
        whose turn it is): ``left`` seconds as of the message that carries it. It is
        recomputed for a snapshot (``fresh``) and when a turn starts; between those it
        stays as sent, so it changes nobody's document while a turn runs and every
        client counts down from the moment the value reached it."""
        channel = self._seats[seat]
        timer = self._timer()
        old = (channel.doc or {}).get("timer")
        if (not fresh and timer is not None and old is not None
                and (old["seat"], old["round"]) == (timer["seat"], timer["round"])):
            timer = old
        return {"view": self._view(seat)[0], "presence": self._presence_now(), "timer": timer}

    def _presence_now(self) -> dict[str, str]:
        """Who is connected; the same object while nothing changed, so a diff skips it
        at a glance (documents are never mutated)."""
        presence = {name: other.presence for name, other in self._seats.items()}
        if presence != self._presence:
            self._presence = presence
        return self._presence

    def _chat_ops(self, channel: _Seat) -> list[Any]:
        """The diff of ``channel``'s negotiation entries since it was last sent them: the
        hub only ever appends, and drops from the front in blocks (then the whole list
        goes again), so there is no need to compare the entries themselves."""
        dropped, length = channel.chat_sent
        if dropped != channel.chat_dropped:
            return [["set", ["chat"], list(channel.chat)]]
        if length == len(channel.chat):
            return []
        return [["ext", ["chat"], channel.chat[length:]]]

    def _timer(self) -> dict[str, Any] | None:
        if self._deadline is None:
            return None
        left = max(0.0, self._deadline - self.clock())
        return {"seat": self.game.turn_seat, "round": self.game.round,
                "total": float(self.turn_seconds), "left": round(left, 1)}

    def _snapshot(self, ident: bytes, seat: str) -> None:
        channel = self._seats[seat]
        channel.doc = self._facts(seat, fresh=True)
        channel.prints = {"view": self._view(seat)[1]}
        channel.chat_sent = (channel.chat_dropped, len(channel.chat))
        self._send(ident, messages.snapshot(
            channel.seq, {**channel.doc, "chat": list(channel.chat)}))

    def _push(self, facts: bool = True) -> None:
        """Send each connected seat the diff of its own document, if it changed.

        Every document is computed before anything is sent, so when a seat's update
        leaves does not depend on how long the seats before it took to compute. Closed
        connections are dropped first: a routing id whose connection has just closed may
        already belong to someone else, who must not get that seat's update.

        ``facts=False`` after a negotiation entry and nothing else: only the entries are
        looked at. The rest of a document (view, presence, timer) changes only by what
        pushes in full at once (an action, a seat arriving or leaving, a skipped turn).

        While frames are held for the log (after an action), every frame made here is
        held too, and ``_release`` reads the closed connections before any leaves: the
        monitor is not asked twice on an action's path.
        """
        if not self._held:
            self._connection_events()
        outgoing = []
        #: The packed ops of the entries several seats read (a public line: all of them),
        #: by the entries' identities (alive in the seats' lists throughout).
        packed: dict[tuple[int, ...], bytes] = {}
        for seat, channel in self._seats.items():
            if channel.conn is None or channel.doc is None:
                continue
            if facts:
                new = self._facts(seat)
                prints = {"view": self._view(seat)[1]}
                ops = diff(channel.doc, new, channel.prints, prints) + self._chat_ops(channel)
                body = encode(ops) if ops else b""
            else:
                new, prints, ops = channel.doc, channel.prints, self._chat_ops(channel)
                body = _packed_once(ops, packed) if ops else b""
            if ops:
                channel.seq += 1
                channel.doc = new
                channel.prints = prints
                channel.chat_sent = (channel.chat_dropped, len(channel.chat))
                outgoing.append((channel.conn, messages.update_frame(channel.seq, body)))
        for ident, frame in outgoing:
            self._send_frame(ident, frame)

    def _send(self, ident: bytes, message: dict[str, Any]) -> None:
        self._send_frame(ident, encode(message))

    def _send_frame(self, ident: bytes, frame: bytes) -> None:
        if self._held or self.log.pending:
            # It may tell of an action not yet durable: it waits for the fsync.
            self._held.append((ident, frame, self._conns.get(ident)))
            return
        self._transmit(ident, frame)

    def _release(self) -> None:
        """Wait for the action log's fsync, then send the frames held back for it.

        A frame meant for a connection that closed meanwhile is not sent: its routing id
        may already be someone else's (the same rule as in :meth:`_push`)."""
        if not self._held:
            return
        self.log.wait_durable()
        self._connection_events()  # closed connections first (their seats' updates queue up)
        held, self._held = self._held, []
        for ident, frame, conn in held:
            if conn is None or not conn.closed:
                self._transmit(ident, frame)

    def _transmit(self, ident: bytes, frame: bytes) -> None:
        try:
            # Two plain sends with the flags as ints: send_multipart's checks and flag
            # arithmetic cost more than the sends themselves for a small frame.
            self.router.send(ident, _MORE)
            self.router.send(frame, _LAST)
        except zmq.Again:
            return  # peer not reading: it will see a sequence gap and ask for a snapshot
        except zmq.ZMQError:
            return
        conn = self._conns.get(ident)
        if conn is not None:
            conn.sent = self.clock()

    def _drop(self, ident: bytes, presence: str, why: str, push: bool = True) -> None:
        conn = self._conns.pop(ident, None)
        if conn is None:
            return
        self.peers.unauthenticated(conn.fd)
        channel = self._seats[conn.seat]
        if channel.conn == ident:
            channel.conn = None
            channel.doc = None
            channel.presence = presence
            self._say(f"{conn.seat} disconnected ({why})")
        if push:
            self._push()

    # ------------------------------------------------------------------ introspection

    def presence(self) -> dict[str, str]:
        return {name: channel.presence for name, channel in self._seats.items()}
