"""The action log's group commit: fsync in the background, nothing said before it returned.

The hub writes an accepted action and lets a background thread fsync it while it works out
the updates; every frame it would send waits until the fsync returned. These tests hold
the fsync back (or make it fail) and look at what leaves the hub meanwhile, and kill a
real host the moment acknowledgements arrive to check that none of them is lost.
"""

from __future__ import annotations

import errno
import gc
import signal
import sys
import threading
import time
from typing import Any

import pytest
import zmq
from test_net_harness import say, welcomed
from test_net_hostile import HubThread, expect, hello, recv

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from net import actionlog
from net import hub as hub_module
from net.actionlog import ActionLog, read
from net.codec import decode, encode
from net.errors import LogError
from net.host import replay_log
from net.hub import Hub
from net.messages import PROTOCOL_VERSION

WAIT = 10.0


class FsyncGate:
    """Stands in for the log's background fsync (``actionlog._datasync``): once armed,
    counts calls, and each call waits until the gate opens (or fails, if told to)."""

    def __init__(self) -> None:
        self.armed = False
        self.calls = 0
        self.open = threading.Event()
        self.fail = False
        self._real = actionlog._datasync

    def __call__(self, fd: int) -> None:
        if not self.armed:
            self._real(fd)
            return
        self.calls += 1
        assert self.open.wait(WAIT), "the test never opened the fsync gate"
        if self.fail:
            raise OSError(errno.EIO, "Input/output error")
        self._real(fd)


@pytest.fixture
def gate(monkeypatch):
    fsync = FsyncGate()
    monkeypatch.setattr(actionlog, "_datasync", fsync)
    yield fsync
    fsync.open.set()  # never leave a thread waiting


def until(pred, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_records_written_during_an_fsync_share_the_next_one(tmp_path, gate):
    log = ActionLog.create(tmp_path / "g.alog", {"setup": {}, "seed": 1})
    gate.armed = True
    log.write("pirates", {"type": "vote_encryption", "allow": True})
    until(lambda: gate.calls == 1)  # the first fsync began (and waits at the gate)
    log.write("phoneco", {"type": "vote_encryption", "allow": True})
    log.write("scientist", {"type": "vote_encryption", "allow": False})
    assert log.count == 3 and log.pending and log.durable == 0
    gate.open.set()
    log.wait_durable()
    assert not log.pending and log.durable == 3
    assert gate.calls == 2  # three records, two fsyncs
    log.close()
    entries = read(tmp_path / "g.alog")[0].entries
    assert [seat for seat, _ in entries] == ["pirates", "phoneco", "scientist"]


def test_the_fsync_of_a_record_has_begun_when_write_returns(tmp_path, gate, monkeypatch):
    """The writer hands the interpreter to the fsync thread at once: the fsync runs beside
    the writer's next work from its start (without the hand-over, the thread would wait
    for the writer's switch interval first). The hand-over's bound is lifted here, so a
    slow machine only makes the test wait longer."""
    monkeypatch.setattr(actionlog, "HANDOFF", WAIT)
    log = ActionLog.create(tmp_path / "h.alog", {"setup": {}, "seed": 1})
    gate.armed = True
    for _ in range(5):
        before = gate.calls
        log.write("pirates", {"type": "vote_encryption", "allow": True})
        assert log._syncer.syncing == log.count  # its fsync has begun...
        assert log.pending  # ...and not ended: the gate is shut
        until(lambda b=before: gate.calls == b + 1)
        gate.open.set()
        log.wait_durable()
        gate.open.clear()
    # while an fsync runs, a write does not wait for it: the next one covers the record
    log.write("pirates", {"type": "vote_encryption", "allow": True})
    second = threading.Thread(target=log.write,
                              args=("phoneco", {"type": "vote_encryption", "allow": True}))
    second.start()
    second.join(WAIT / 2)
    assert not second.is_alive() and log.pending  # it returned with the gate still shut
    assert gate.calls == 6 and log.count == 7
    gate.open.set()
    log.wait_durable()
    assert gate.calls == 7 and log.durable == log.count == 7
    log.close()


def test_append_is_durable_when_it_returns(tmp_path, gate):
    log = ActionLog.create(tmp_path / "a.alog", {"setup": {}, "seed": 1})
    gate.armed = True
    gate.open.set()
    log.append("pirates", {"type": "vote_encryption", "allow": True})
    assert gate.calls == 1 and log.durable == log.count == 1 and not log.pending
    log.close()


def test_the_fsync_thread_gets_the_interpreter_at_once_while_the_hub_serves(tmp_path):
    """The log's fsync thread must not wait Python's default 5 ms for the hub's thread to
    let it run (the fsync would start only after the views were worked out): the hub
    shortens the switch interval while it serves and puts it back when it stops. The
    garbage collector, likewise, runs only when the hub's loop calls it while serving,
    with what was made before set aside, and is itself again afterwards."""
    before = sys.getswitchinterval()
    assert before > hub_module.SWITCH_INTERVAL
    assert gc.isenabled() and gc.get_freeze_count() == 0
    first, second = HubThread(tmp_path), None
    (tmp_path / "second").mkdir()
    try:
        until(lambda: sys.getswitchinterval() == hub_module.SWITCH_INTERVAL)
        assert not gc.isenabled() and gc.get_freeze_count() > 0
        second = HubThread(tmp_path / "second")  # two hubs in one process overlap
        until(lambda: hub_module._SERVING["hubs"] == 2)
        first.close()
        assert sys.getswitchinterval() == hub_module.SWITCH_INTERVAL  # one still serves
        assert not gc.isenabled()
    finally:
        if first.thread.is_alive():
            first.close()
        if second is not None:
            second.close()
    assert sys.getswitchinterval() == before
    assert gc.isenabled() and gc.get_freeze_count() == 0


@pytest.fixture
def collector():
    """The collector switched off with small thresholds; put back as it was."""
    was, thresholds = gc.isenabled(), gc.get_threshold()
    gc.disable()
    gc.set_threshold(100, 3, 2)
    gc.collect()
    yield
    gc.set_threshold(*thresholds)
    if was:
        gc.enable()


def test_garbage_is_collected_between_messages_not_while_one_waits(collector):
    kept = [[] for _ in range(150)]  # 150 new objects: past the young threshold
    assert hub_module._collect(idle=False) is None  # a message waits: not now
    assert gc.get_count()[0] >= 150
    assert hub_module._collect(idle=True) == 0  # idle: the young generation
    assert gc.get_count()[0] < 100
    generations = []
    for _ in range(12):
        kept += [[] for _ in range(150)]
        generations.append(hub_module._collect(idle=True))
    assert 1 in generations and 2 in generations  # the older ones in their turn
    assert len(kept) == 150 * 13


def test_a_hub_never_idle_still_collects_its_young_generation(collector):
    kept = [[] for _ in range(100 * hub_module.BUSY_COLLECT - 50)]
    assert hub_module._collect(idle=False) is None
    kept += [[] for _ in range(100)]
    assert hub_module._collect(idle=False) == 0  # too many: collected even so
    for _ in range(6):
        kept += [[] for _ in range(100 * hub_module.BUSY_COLLECT)]
        assert hub_module._collect(idle=False) in (0, 1)  # never the oldest while busy
    assert kept


def test_nothing_leaves_the_hub_before_the_action_is_durable(tmp_path, gate):
    h = HubThread(tmp_path, heartbeat=1.0)  # nobody goes silent while the gate is shut
    try:
        pirates, judge = hello(h, "pirates"), hello(h, JUDGE)
        while recv(pirates, timeout=0.2) is not None:
            pass  # the Judge's arrival
        gate.armed = True
        say(pirates, {"type": "action", "req": 7,
                      "action": A.VoteEncryption(allow=True).to_dict()})
        until(lambda: h.log.count == 1)  # applied and written; its fsync waits at the gate
        assert h.log.pending
        # Neither the acknowledgement nor anybody's update (nor a heartbeat counting it)
        # may leave while the action could still be lost.
        assert recv(pirates, timeout=0.5) is None
        assert recv(judge, timeout=0.1) is None
        gate.open.set()
        assert expect(pirates, "ack")["req"] == 7
        update = expect(judge, "update")  # the Judge sees the vote
        assert any(op[1][0] == "view" for op in update["diff"]), update
        assert h.log.durable == 1
    finally:
        h.close()


def test_a_failed_fsync_stops_the_hub_and_acknowledges_nothing(tmp_path, gate,
                                                                 monkeypatch):
    failure: list[BaseException] = []
    run = Hub.run

    def recording_run(hub: Hub) -> None:
        try:
            run(hub)
        except Exception as exc:  # noqa: BLE001 - recorded for the test to look at
            failure.append(exc)

    monkeypatch.setattr(Hub, "run", recording_run)
    h = HubThread(tmp_path, heartbeat=1.0)  # nobody goes silent while the gate is shut
    try:
        pirates = hello(h, "pirates")
        gate.armed = gate.fail = True
        gate.open.set()
        say(pirates, {"type": "action", "req": 3,
                      "action": A.VoteEncryption(allow=True).to_dict()})
        h.thread.join(WAIT)
        assert not h.thread.is_alive()
        assert len(failure) == 1 and isinstance(failure[0], LogError), failure
        assert "cannot make the action log" in str(failure[0])
        assert recv(pirates, timeout=0.3) is None  # no ack ever left
    finally:
        h.close()


def test_acknowledged_actions_survive_a_kill_right_after_the_acks(procs, tmp_path):
    """All three seats vote at once (so their records share fsyncs); the host is killed the
    moment the first acknowledgement arrives, then again after a resume. Every action
    anybody saw acknowledged is in the log, which reads without damage and replays."""
    save = tmp_path / "kill.alog"
    host = procs.host("--players", "3", "--seed", "5", "--port", "0", "--save", str(save),
                      "--turn-seconds", "0")
    ctx = zmq.Context()
    acked: list[tuple[str, dict[str, Any]]] = []
    game = ArtifactGame.new({"players": 3, "assignment": "random"}, 5)
    try:
        for _ in range(2):
            # every seat that may act now acts at once, each with its first legal action
            votes = {seat: game.legal_actions(seat)[0].to_dict()
                     for seat in sorted(game.actors()) if seat != JUDGE}
            assert len(votes) >= 2, votes
            socks = {}
            for seat in votes:
                sock = ctx.socket(zmq.DEALER)
                sock.linger = 0
                code = host.joins[seat].rsplit("/", 1)[1]
                sock.connect(f"tcp://127.0.0.1:{host.port}")
                sock.send(encode({"type": "hello", "v": PROTOCOL_VERSION, "seat": seat,
                                  "code": code}))
                welcomed(sock, expect(sock, "welcome"))
                expect(sock, "snapshot")
                socks[seat] = sock
            for n, (seat, sock) in enumerate(socks.items()):
                say(sock, {"type": "action", "req": 100 + n, "action": votes[seat]})
            poller = zmq.Poller()
            for sock in socks.values():
                poller.register(sock, zmq.POLLIN)
            first = None
            deadline = time.monotonic() + WAIT
            while first is None and time.monotonic() < deadline:
                for sock, _ in poller.poll(100):
                    message = decode(sock.recv(), 1 << 24)
                    if message["type"] in ("ack", "error"):
                        first = (sock, message)
                        break
            assert first is not None, "no answer came"
            host.kill(signal.SIGKILL)  # at once: the other answers may still be in flight
            for seat, sock in socks.items():
                got = [first[1]] if sock is first[0] else []
                while sock.poll(50):
                    got.append(decode(sock.recv(), 1 << 24))
                acked += [(seat, votes[seat]) for m in got if m["type"] == "ack"]
                sock.close(linger=0)
            entries = read(save)[0].entries
            assert set(map(repr, acked)) <= set(map(repr, entries)), (acked, entries)
            log, contents, salvaged = ActionLog.resume(save)
            log.close()
            assert salvaged is None and contents.entries == entries
            game = replay_log(contents.header, contents.entries)
            host = procs.host("--resume", str(save), "--port", "0", "--turn-seconds", "0")
        assert acked, "no acknowledgement arrived before the kills"
    finally:
        ctx.destroy(linger=0)
