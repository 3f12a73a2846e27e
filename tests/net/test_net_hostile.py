"""Hostile input against a real hub on 127.0.0.1: it stays up, answers, changes nothing.

The hub runs in a thread of the test process with the real engine; the attackers are raw
ZeroMQ sockets speaking whatever bytes they like.
"""

from __future__ import annotations

import io
import random
import threading
import time
from typing import Any

import msgpack
import pytest
import zmq
from test_net_harness import say, welcomed

from game.artifact.codec import to_plain
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from net.actionlog import ActionLog, read
from net.client import SeatLink
from net.codec import MAX_HUB_FRAME, decode, encode
from net.hub import CONN_BUDGET, CurveKeys, Hub
from net.joinstring import JoinString, curve_public_of, hex_to_z85, new_code, new_curve_keypair
from net.messages import PROTOCOL_VERSION

WAIT = 10.0


class HubThread:
    """A hub serving a fresh 3-player game in a background thread."""

    def __init__(self, tmp_path, curve: CurveKeys | None = None, players: int = 3,
                 heartbeat: float = 0.2, seed: int = 5) -> None:
        self.game = ArtifactGame.new({"players": players, "assignment": "random"}, seed)
        self.codes = {seat: new_code() for seat in (*self.game.seats, JUDGE)}
        self.log_path = tmp_path / "hub.alog"
        self.log = ActionLog.create(self.log_path, {"setup": {"players": players},
                                                    "seed": seed})
        self.hub = Hub(self.game, self.log, self.codes, port=0, curve=curve, heartbeat=heartbeat,
                       status=io.StringIO())
        self.thread = threading.Thread(target=self.hub.run, daemon=True)
        self.thread.start()
        self.ctx = zmq.Context()
        self.sockets: list[zmq.Socket] = []

    def raw(self, **options: Any) -> zmq.Socket:
        sock = self.ctx.socket(zmq.DEALER)
        sock.linger = 0
        for name, value in options.items():
            setattr(sock, name, value)
        sock.connect(f"tcp://127.0.0.1:{self.hub.port}")
        self.sockets.append(sock)
        return sock

    def join(self, seat: str) -> JoinString:
        return JoinString("127.0.0.1", self.hub.port, seat, self.codes[seat])

    def close(self) -> None:
        for sock in self.sockets:
            sock.close(linger=0)
        self.ctx.term()
        self.hub.stop()
        self.thread.join(timeout=WAIT)
        self.hub.close()


@pytest.fixture
def hub(tmp_path):
    h = HubThread(tmp_path)
    yield h
    h.close()


def recv(sock: zmq.Socket, timeout: float = WAIT) -> dict[str, Any] | None:
    """Next non-heartbeat message, or None if nothing came within ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sock.poll(int(max(1, (deadline - time.monotonic()) * 1000))):
            message = decode(sock.recv(), 16 * 1024 * 1024)
            if message["type"] != "hb":
                return message
    return None


def expect(sock: zmq.Socket, kind: str) -> dict[str, Any]:
    """The next message other than heartbeats (and updates, unless one is expected)."""
    message = recv(sock)
    while message is not None and message["type"] == "update" and kind != "update":
        message = recv(sock)
    assert message is not None, f"no {kind} arrived"
    assert message["type"] == kind, message
    return message


def chat_update(sock: zmq.Socket) -> dict[str, Any]:
    """The next update that touches the negotiation entries."""
    while True:
        message = expect(sock, "update")
        if any(op[1] == ["chat"] for op in message["diff"]):
            return message


def hello(h: HubThread, seat: str) -> zmq.Socket:
    sock = h.raw()
    sock.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": seat, "code": h.codes[seat]}))
    welcomed(sock, expect(sock, "welcome"))
    expect(sock, "snapshot")
    return sock


def state_of(h: HubThread) -> str:
    return h.game.to_json()


def nested(depth: int) -> bytes:
    return b"\x81\xa1x" * depth + b"\xc0"


HOSTILE_FRAMES = [
    (b"", "malformed"),
    (b"\xc1\xc1\xc1", "malformed"),
    (encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": "pirates"})[:-3], "malformed"),
    (nested(40), "malformed"),
    (nested(100_000)[:15_000], "malformed"),
    (b"\x91" * 15_000, "malformed"),
    (b"\xdd\xff\xff\xff\xff", "malformed"),  # claims a 4-billion-element array
    (msgpack.packb({"type": "action", "req": 1, "action": {"x": b"\x00"}}, use_bin_type=True),
     "malformed"),
    (encode({"type": "hb"}) * 2, "malformed"),
    (encode({"type": "x" * 20_000}), "too_large"),
    ({"type": "action", "req": 1, "action": {"type": "move", "path": [[0, 0]] * 100,
                                              "character": "c", "mode": "walk",
                                              "facing": "N"}}, "invalid_action"),
    ({"type": "action", "req": 1, "action": {"v": [[0] * 100] * 100}}, "too_large"),
    (encode({"type": "shutdown"}), "unknown_type"),
    (encode({"type": None}), "bad_field"),
    (encode({"type": "hello", "v": PROTOCOL_VERSION,
             "seat": ["pirates"], "code": "x"}), "bad_field"),
    ({"type": "chat", "req": "7", "to": None, "text": "hi"}, "bad_field"),
    ({"type": "action", "req": 2**40, "action": {}}, "bad_field"),
    (encode({"type": "resync", "token": "0" * 32}), "not_authenticated"),  # someone's token?
]


def test_hostile_frames_get_errors_and_change_nothing(hub):
    before = state_of(hub)
    sock = hub.raw()
    sock.send(b"\x80" + b"\x00" * 600)  # before hello only a hello-sized frame is read
    assert expect(sock, "error")["code"] == "too_large"
    sock = hello(hub, "scientist")  # a player's own connection may send larger frames
    for frame, code in HOSTILE_FRAMES:
        if isinstance(frame, dict):
            say(sock, frame)  # with this connection's own token
        else:
            sock.send(frame)
        answer = expect(sock, "error")
        assert answer["code"] == code, (str(frame)[:40], answer)
    sock.send_multipart([b"two", b"frames"])
    assert expect(sock, "error")["code"] == "malformed"
    rng = random.Random(9)
    for _ in range(200):
        sock.send(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))))
        answer = expect(sock, "error")
        assert answer["code"] in ("malformed", "unknown_type", "bad_field")
    # an authenticated seat still plays normally afterwards
    good = hello(hub, "pirates")
    say(good, {"type": "action", "req": 5, "action": {"type": "vote_encryption",
                                                               "allow": True}})
    assert expect(good, "ack")["req"] == 5
    assert hub.thread.is_alive()
    assert state_of(hub) != before  # the one legal vote did change it
    assert read(hub.log_path)[0].entries == [("pirates", {"type": "vote_encryption",
                                                          "allow": True})]


def test_a_frame_above_the_transport_cap_drops_only_that_peer(hub):
    big = hub.raw()
    big.send(b"\x80" + b"\x00" * (2 * 1024 * 1024))
    assert recv(big, timeout=1.0) is None
    sock = hello(hub, "scientist")
    say(sock, {"type": "resync"})
    assert expect(sock, "snapshot")["seq"] >= 0
    assert hub.thread.is_alive()


def test_authentication_is_required_and_codes_are_per_seat(hub):
    before = state_of(hub)
    sock = hub.raw()
    vote = {"type": "action", "req": 1, "action": {"type": "vote_encryption", "allow": True}}
    sock.send(encode(vote))
    assert expect(sock, "error")["code"] == "not_authenticated"
    for seat, code in (("pirates", "0" * 32), ("pirates", hub.codes["scientist"]),
                       ("judge", hub.codes["pirates"]), ("pirates", "")):
        sock.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": seat, "code": code}))
        assert expect(sock, "error")["code"] == "bad_code"
    sock.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": "emperor", "code": "x"}))
    assert expect(sock, "error")["code"] == "unknown_seat"
    sock.send(encode({"type": "hello", "v": 1, "seat": "pirates", "code": hub.codes["pirates"]}))
    assert expect(sock, "error")["code"] == "bad_version"
    sock.send(encode(vote))
    assert expect(sock, "error")["code"] == "not_authenticated"
    assert state_of(hub) == before and hub.log.count == 0
    assert set(hub.hub.presence().values()) == {"waiting"}


def test_out_of_turn_illegal_and_invalid_actions_change_nothing(hub):
    pirates = hello(hub, "pirates")
    judge = hello(hub, "judge")
    before = state_of(hub)
    cases = [
        (judge, {"type": "vote_encryption", "allow": True}, "not_your_turn"),
        (pirates, {"type": "start_play"}, "not_your_turn"),
        (pirates, {"type": "customize", "option": "", "roster": [], "items": [],
                   "partner": []}, "illegal"),
        (pirates, {"type": "vote_encryption", "allow": "yes"}, "invalid_action"),
        (pirates, {"type": "teleport"}, "invalid_action"),
        (pirates, {"type": "vote_encryption"}, "invalid_action"),
    ]
    for n, (sock, action, code) in enumerate(cases):
        say(sock, {"type": "action", "req": n, "action": action})
        answer = expect(sock, "error")
        assert (answer["code"], answer["req"]) == (code, n), answer
        assert answer["message"]
    assert state_of(hub) == before and hub.log.count == 0
    say(pirates, {"type": "action", "req": 50,
                         "action": {"type": "vote_encryption", "allow": False}})
    assert expect(pirates, "ack")["req"] == 50
    say(pirates, {"type": "action", "req": 51,
                         "action": {"type": "vote_encryption", "allow": True}})
    assert expect(pirates, "error")["code"] == "not_your_turn"  # already voted
    assert hub.log.count == 1


def test_private_talk_needs_the_encryption_agreement_except_with_the_judge(hub):
    pirates = hello(hub, "pirates")
    scientist = hello(hub, "scientist")
    judge = hello(hub, "judge")
    say(pirates, {"type": "chat", "req": 1, "to": "scientist", "text": "a deal?"})
    assert expect(pirates, "error")["code"] == "no_encryption"
    say(pirates, {"type": "chat", "req": 2, "to": "pirates", "text": "me"})
    assert expect(pirates, "error")["code"] == "bad_field"
    say(pirates, {"type": "chat", "req": 3, "to": "nobody", "text": "x"})
    assert expect(pirates, "error")["code"] == "unknown_seat"
    say(pirates, {"type": "chat", "req": 4, "to": "judge", "text": "psst, Judge"})
    assert expect(pirates, "ack")["req"] == 4
    update = expect(judge, "update")
    assert update["diff"] == [["ext", ["chat"], [{"kind": "private", "from": "pirates",
                                                 "to": "judge", "text": "psst, Judge"}]]]
    seen = chat_update(scientist)
    assert seen["diff"] == [["ext", ["chat"], [{"kind": "talking",
                                               "pair": ["judge", "pirates"]}]]]


def test_a_flooding_client_does_not_starve_others(hub):
    pirates = hello(hub, "pirates")
    read: list[bytes] = []  # what the hub decoded (a refused message is not decoded)
    handle = hub.hub._handle

    def counted(ident: bytes, frames: list[bytes], *args: Any) -> None:
        read.append(frames[-1])
        handle(ident, frames, *args)

    hub.hub._handle = counted  # type: ignore[method-assign]
    flood = hub.raw(sndhwm=0)
    for _ in range(3000):
        flood.send(b"\xc1", zmq.NOBLOCK)
    say(pirates, {"type": "action", "req": 9,
                         "action": {"type": "vote_encryption", "allow": True}})
    assert expect(pirates, "ack")["req"] == 9
    codes = []
    while (message := recv(flood, timeout=1.0)) is not None:
        codes.append(message["code"])
    # Answered both ways. How many answers reach it depends on how fast the flooder's
    # own queue empties (the hub drops what would overfill it): count what the hub read.
    assert "rate_limited" in codes and "malformed" in codes
    flooded = read.count(b"\xc1")
    assert CONN_BUDGET <= flooded < 3000  # the burst was read, the excess dropped unread


def test_a_client_seeing_a_stale_or_gapped_sequence_asks_for_a_snapshot(tmp_path):
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.linger = 0
    port = router.bind_to_random_port("tcp://127.0.0.1")
    seen: list[dict[str, Any]] = []
    link = SeatLink(ctx, JoinString("127.0.0.1", port, "pirates", new_code()), seen.append,
                    time.monotonic)

    def next_from_client() -> dict[str, Any]:
        assert router.poll(int(WAIT * 1000))
        ident, frame = router.recv_multipart()
        next_from_client.ident = ident  # type: ignore[attr-defined]
        return decode(frame)

    def hub_says(message: dict[str, Any]) -> None:
        router.send_multipart([next_from_client.ident, encode(message)])  # type: ignore[attr-defined]
        deadline = time.monotonic() + WAIT
        count = len(seen)
        while len(seen) == count and time.monotonic() < deadline:
            link.socket.poll(50)
            link.receive()

    try:
        assert next_from_client()["type"] == "hello"
        hub_says({"type": "snapshot", "seq": 4, "doc": {"view": {"a": 1}}})
        hub_says({"type": "update", "seq": 5, "diff": [["set", ["view", "a"], 2]]})
        assert (link.seq, link.doc) == (5, {"view": {"a": 2}})
        hub_says({"type": "update", "seq": 5, "diff": [["set", ["view", "a"], 9]]})  # stale
        assert next_from_client()["type"] == "resync"
        assert link.doc == {"view": {"a": 2}}  # the stale update was not applied
        hub_says({"type": "snapshot", "seq": 7, "doc": {"view": {"a": 3}}})
        hub_says({"type": "update", "seq": 9, "diff": [["set", ["view", "a"], 4]]})  # gap
        assert next_from_client()["type"] == "resync"
        assert (link.seq, link.doc) == (7, {"view": {"a": 3}})
        hub_says({"type": "snapshot", "seq": 9, "doc": {"view": {"a": 4}}})
        hub_says({"type": "update", "seq": 10, "diff": [["del", ["nothing"]]]})  # bad diff
        assert next_from_client()["type"] == "resync"
        assert link.seq == 9
        assert any(m.get("event") == "gap" for m in seen)
        # {"a": ...} is no view: each was reported in one line, and the link went on
        bad = [m for m in seen if m.get("event") == "bad_view"]
        assert bad and link.view is None
        assert all("\n" not in m["message"] and "view" in m["message"] for m in bad)
        game = ArtifactGame.new({"players": 3}, 5)
        good = to_plain(view_for(game, "pirates"))
        hub_says({"type": "snapshot", "seq": 11, "doc": {"view": good}})
        assert link.view == view_for(game, "pirates")
        count = len([m for m in seen if m.get("event") == "bad_view"])
        hub_says({"type": "update", "seq": 12, "diff": [["set", ["view", "round"], "two"]]})
        assert link.seq == 12 and link.doc["view"]["round"] == "two"
        assert link.view == view_for(game, "pirates")  # the last view that decoded
        assert len([m for m in seen if m.get("event") == "bad_view"]) == count + 1
    finally:
        link.close()
        router.close(linger=0)
        ctx.term()


def test_curve_refuses_unknown_and_plain_clients(tmp_path):
    server_public, server_secret = new_curve_keypair()
    client_secrets = {seat: new_curve_keypair()[1] for seat in ("pirates", "phoneco",
                                                                "scientist", "judge")}
    keys = CurveKeys(server_public, server_secret,
                     {seat: curve_public_of(s) for seat, s in client_secrets.items()})
    h = HubThread(tmp_path, curve=keys)
    try:
        def curve_socket(secret: str) -> zmq.Socket:
            return h.raw(curve_secretkey=hex_to_z85(secret),
                         curve_publickey=hex_to_z85(curve_public_of(secret)),
                         curve_serverkey=hex_to_z85(server_public))

        good = curve_socket(client_secrets["pirates"])
        # the pirates' key with the Judge's code (or the phoneco's) is refused: a key
        # admits only the seat it was issued for
        for seat in ("judge", "phoneco"):
            good.send(encode({"type": "hello", "v": PROTOCOL_VERSION,
                              "seat": seat, "code": h.codes[seat]}))
            assert expect(good, "error")["code"] == "wrong_key"
        good.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": "pirates",
                          "code": h.codes["pirates"]}))
        assert expect(good, "welcome")["seat"] == "pirates"
        stranger = curve_socket(new_curve_keypair()[1])  # a valid key the host never issued
        stranger.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": "scientist",
                              "code": h.codes["scientist"]}))
        plain = h.raw()
        plain.send(encode({"type": "hello", "v": PROTOCOL_VERSION,
                           "seat": "judge", "code": h.codes["judge"]}))
        assert recv(stranger, timeout=1.5) is None
        assert recv(plain, timeout=0.5) is None
        presence = h.hub.presence()  # pirates joined (and, silent, may have timed out since)
        assert presence.pop("pirates") in ("connected", "disconnected")
        assert presence == {"phoneco": "waiting", "scientist": "waiting", "judge": "waiting"}
        assert not h.hub.log.count
    finally:
        h.close()


def test_a_second_hello_for_a_seat_takes_it_over(hub):
    first = hello(hub, "phoneco")
    second = hello(hub, "phoneco")
    assert expect(first, "closed")["reason"]
    say(second, {"type": "resync"})
    assert expect(second, "snapshot")["doc"]["view"]["seat"] == "phoneco"
    say(first, {"type": "resync"})
    assert expect(first, "error")["code"] == "not_authenticated"


def _lobby_to_purchase(h: HubThread) -> dict[str, zmq.Socket]:
    socks = {seat: hello(h, seat) for seat in h.game.seats}
    for n, sock in enumerate(socks.values()):
        say(sock, {"type": "action", "req": n,
                          "action": {"type": "vote_encryption", "allow": False}})
        assert expect(sock, "ack")["req"] == n
    assert h.game.phase == "purchase"
    return socks


def _frames_after(sock: zmq.Socket, quiet: float = 0.3) -> list[bytes]:
    frames = []
    while sock.poll(int(quiet * 1000)):
        frame = sock.recv()
        if decode(frame, 1 << 24)["type"] != "hb":
            frames.append(frame)
    return frames


def test_what_others_receive_does_not_depend_on_a_private_purchase(tmp_path):
    """Side channel: the bytes the pirates get when the scientist's order closes the
    purchase phase are the same whatever the scientist bought."""
    heard = []
    for pick in (0, -1):
        folder = tmp_path / f"run{pick}"
        folder.mkdir()
        h = HubThread(folder, heartbeat=30.0)  # no heartbeats, no timeouts during the test
        try:
            socks = _lobby_to_purchase(h)
            for n, seat in enumerate(("pirates", "phoneco")):
                order = h.game.legal_actions(seat)[0].to_dict()
                say(socks[seat], {"type": "action", "req": n, "action": order})
                assert expect(socks[seat], "ack")["req"] == n
            _frames_after(socks["pirates"])
            # the scientist orders last: everyone's view moves on to placement
            options = h.game.legal_actions("scientist")
            assert len(options) > 1
            order = options[pick].to_dict()
            say(socks["scientist"], {"type": "action", "req": 99, "action": order})
            assert expect(socks["scientist"], "ack")["req"] == 99
            heard.append(_frames_after(socks["pirates"]))
        finally:
            h.close()
    assert heard[0] == heard[1]
    assert [decode(f, MAX_HUB_FRAME)["type"] for f in heard[0]] == ["update"]


def test_curve_fails_closed_when_no_authenticator_answers(tmp_path):
    """The fail-open trap: libzmq lets any CURVE key in when no ZAP handler runs, unless
    the socket enforces the ZAP domain. Stop the authenticator: even a key the host
    issued must now be refused."""
    server_public, server_secret = new_curve_keypair()
    client_secret = new_curve_keypair()[1]
    keys = CurveKeys(server_public, server_secret, {"pirates": curve_public_of(client_secret)})
    h = HubThread(tmp_path, curve=keys)
    try:
        assert h.hub._auth is not None
        h.hub._auth.stop()
        sock = h.raw(curve_secretkey=hex_to_z85(client_secret),
                     curve_publickey=hex_to_z85(curve_public_of(client_secret)),
                     curve_serverkey=hex_to_z85(server_public))
        sock.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": "pirates",
                          "code": h.codes["pirates"]}))
        assert recv(sock, timeout=1.5) is None
        assert h.hub.presence()["pirates"] == "waiting"
    finally:
        h.close()


def test_a_client_that_waits_for_each_answer_is_not_rate_limited(hub):
    """The allowance is over time, not per loop pass: quick round trips past the burst
    size are all answered, none dropped."""
    sock = hub.raw()
    for _ in range(CONN_BUDGET + 200):
        sock.send(b"\xc1")
        assert expect(sock, "error")["code"] == "malformed"
