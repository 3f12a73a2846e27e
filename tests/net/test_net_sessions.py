"""Sessions against a real host process on 127.0.0.1: what a seat is tied to, and that
every request and every refusal gets an answer.

The old hub tied a seat to the connection's routing id, which a peer chooses: a socket
that took a dead seat's id got that seat's snapshot with no hello (the Judge's too), and
the silence towards duplicate ids told an attacker which ids were live. Its clients
retried a wrong code forever, said nothing useful when the host refused their keys, and
a burst past the rate limit left requests without any answer.
"""

from __future__ import annotations

import signal
import struct
import time
from typing import Any

import pytest
import zmq
from test_net_harness import WAIT, HostProc, Procs, say, welcomed

from net.client import NO_ANSWER
from net.codec import decode, encode
from net.joinstring import new_code, new_curve_keypair
from net.messages import PROTOCOL_VERSION

FIRST_ID = 0x6B8B4567


def _host(procs: Procs, tmp_path, *extra: str) -> HostProc:
    return procs.host("--players", "3", "--port", "0", "--seed", "4", "--turn-seconds", "0",
                      "--save", str(tmp_path / "g.alog"), *extra)


def _socket(ctx: zmq.Context, port: int, routing_id: bytes | None = None) -> zmq.Socket:
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    if routing_id is not None:
        sock.routing_id = routing_id
    sock.connect(f"tcp://127.0.0.1:{port}")
    return sock


def _heard(sock: zmq.Socket, seconds: float) -> list[dict[str, Any]]:
    """Everything that arrives within ``seconds``."""
    got = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        if sock.poll(int(left * 1000) + 1):
            got.append(decode(sock.recv(), 1 << 24))
    return got


def _first(sock: zmq.Socket, kind: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if sock.poll(100):
            message = decode(sock.recv(), 1 << 24)
            if message["type"] == kind:
                return message
    raise AssertionError(f"no {kind}")


def _hello(sock: zmq.Socket, host: HostProc, seat: str) -> None:
    sock.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": seat,
                      "code": host.joins[seat].split("/")[4]}))
    welcomed(sock, _first(sock, "welcome"))
    _first(sock, "snapshot")


def _gone(watcher: zmq.Socket, seat: str) -> None:
    """Wait until the watcher's document shows ``seat`` disconnected."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if watcher.poll(100):
            message = decode(watcher.recv(), 1 << 24)
            if message["type"] == "update" and any(
                    op[1] == ["presence", seat] and op[2] == "disconnected"
                    for op in message["diff"]):
                return
    raise AssertionError(f"{seat} never shown as disconnected")


@pytest.mark.parametrize("seat", ["pirates", "judge"])
def test_a_dead_seats_routing_id_gets_nothing_without_a_hello(procs, ctx, tmp_path, seat):
    # heartbeats every 5 s: silence alone would mark a seat gone only after 20 s
    host = _host(procs, tmp_path, "--heartbeat", "5")
    ident = b"victim-" + seat.encode()
    victim = _socket(ctx, host.port, ident)
    _hello(victim, host, seat)
    watcher = _socket(ctx, host.port)
    _hello(watcher, host, "scientist")
    closed = time.monotonic()
    victim.close(linger=0)
    _gone(watcher, seat)  # the closed connection dropped the seat at once
    assert time.monotonic() - closed < 10.0
    thief = _socket(ctx, host.port, ident)  # the dead connection's routing id
    deadline = time.monotonic() + WAIT
    while True:  # libzmq lets the id in once the old connection is gone
        thief.send(encode({"type": "resync"}))
        if thief.poll(200):
            break
        assert time.monotonic() < deadline, "the hub never answered the new connection"
    for message in ({"type": "resync", "token": "0" * 32}, {"type": "hb", "token": ""},
                    {"type": "action", "req": 3, "token": "x",
                     "action": {"type": "vote_encryption", "allow": True}}):
        thief.send(encode(message))
    # the seat's document changes (a public chat): the thief must not hear of it
    say(watcher, {"type": "chat", "req": 1, "to": None, "text": "anyone there?"})
    assert _first(watcher, "ack")["req"] == 1
    heard = _heard(thief, 1.5)
    assert len(heard) >= 3, heard
    assert {(m["type"], m["code"]) for m in heard} == {("error", "not_authenticated")}, heard


def test_probing_routing_ids_tells_live_seats_from_free_ids_nothing(procs, ctx, tmp_path):
    host = _host(procs, tmp_path)
    clients = [procs.client("join", host.joins[seat]) for seat in ("pirates", "phoneco")]
    clients.append(procs.client("judge", host.joins["judge"]))
    for client in clients:
        client.wait_for(lambda m: m["type"] == "snapshot")
    answers = []
    for n in range(40):  # the ids the old clients were given, in order
        probe = _socket(ctx, host.port, b"\x00" + struct.pack(">I", FIRST_ID + n))
        probe.send(encode({"type": "resync"}))
        got = _heard(probe, 0.3)
        answers.append([m["code"] for m in got])
        probe.close(linger=0)
    assert answers == [["not_authenticated"]] * 40


def test_every_request_of_a_burst_gets_an_answer(procs, ctx, tmp_path):
    host = _host(procs, tmp_path)
    sock = _socket(ctx, host.port)
    _hello(sock, host, "phoneco")
    count = 1500
    answers: list[dict[str, Any]] = []
    for req in range(count):
        say(sock, {"type": "chat", "req": req, "to": "nobody", "text": "ping"})
        while sock.poll(0):
            answers.append(decode(sock.recv(), 1 << 24))
    deadline = time.monotonic() + WAIT
    while len([m for m in answers if m["type"] == "error"]) < count:
        assert time.monotonic() < deadline, f"{len(answers)} answers to {count} requests"
        if sock.poll(100):
            answers.append(decode(sock.recv(), 1 << 24))
    errors = [m for m in answers if m["type"] == "error"]
    assert {m["code"] for m in errors} <= {"unknown_seat", "rate_limited"}
    assert [m["req"] for m in errors if m["code"] == "unknown_seat"] == sorted(
        m["req"] for m in errors if m["code"] == "unknown_seat")


def test_sigterm_right_after_ready_is_a_clean_stop(procs, tmp_path):
    host = _host(procs, tmp_path)
    host.proc.send_signal(signal.SIGTERM)
    assert host.proc.wait(timeout=WAIT) == 0


def test_a_wrong_code_is_one_line_and_status_2(procs, tmp_path):
    host = _host(procs, tmp_path)
    wrong = host.joins["pirates"].rsplit("/", 1)[0] + "/" + new_code()
    client = procs.client("join", wrong)
    refusal = client.wait_for(lambda m: m["type"] == "error")
    assert refusal["code"] == "bad_code"
    assert client.proc.wait(timeout=WAIT) == 2
    lines = [line for line in client.err.lines if line]
    assert len(lines) == 1 and "bad_code" in lines[0]


def test_encrypted_join_with_wrong_keys_says_so_within_seconds(procs, tmp_path):
    host = _host(procs, tmp_path, "--encrypt")
    parts = host.joins["scientist"].split("/")
    stranger = procs.client("join", "/".join([*parts[:-1], new_curve_keypair()[1]]))
    stranger.wait_for(lambda m: m.get("event") == "keys_refused")
    assert stranger.proc.wait(timeout=WAIT) == 2
    elsewhere = procs.client("join", "/".join([*parts[:-2], new_curve_keypair()[0],
                                               parts[-1]]))
    notice = elsewhere.wait_for(lambda m: m.get("event") == "no_answer")
    assert "refused" in notice["message"] and f"after {NO_ANSWER:.0f} s" in notice["message"]
    assert elsewhere.proc.poll() is None  # a host that may yet appear: it keeps trying
