"""Real processes on 127.0.0.1 for the network tests, and tests of the command line.

``HostProc`` runs ``python -m game host`` and reads its join strings; ``ClientProc`` runs
``python -m game join|judge ... --headless`` and records every JSON line it prints.
Every wait is bounded; every process is killed by the fixture that made it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0  # seconds any single wait may take before the test fails


#: The session token each raw test socket was welcomed with (see ``say``).
TOKENS: dict[Any, str] = {}


def welcomed(sock: Any, welcome: dict[str, Any]) -> dict[str, Any]:
    """Remember the token of ``welcome`` for ``sock``; returns the welcome."""
    TOKENS[sock] = welcome["token"]
    return welcome


def say(sock: Any, message: dict[str, Any]) -> None:
    """Send a session message on a raw socket with the token its welcome gave."""
    from net.codec import encode

    sock.send(encode({**message, "token": TOKENS.get(sock, "")}))


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _stop(proc: subprocess.Popen, sig: int) -> None:
    """Send ``sig`` if ``proc`` still runs and wait for it; SIGKILL if it does not stop."""
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=WAIT)


class _Lines:
    """A thread that collects a pipe's lines into a list and a queue."""

    def __init__(self, stream: Any) -> None:
        self.lines: list[str] = []
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.thread = threading.Thread(target=self._pump, args=(stream,), daemon=True)
        self.thread.start()

    def _pump(self, stream: Any) -> None:
        for raw in stream:
            line = raw.rstrip("\n")
            self.lines.append(line)
            self.queue.put(line)
        self.queue.put(None)


class HostProc:
    """``python -m game host``; ``joins`` maps seat id to its join string."""

    def __init__(self, args: list[str]) -> None:
        self.args = args
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--no-window", *args], cwd=ROOT, env=_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.out = _Lines(self.proc.stdout)
        self.err = _Lines(self.proc.stderr)
        self.joins: dict[str, str] = {}
        self.port = 0
        deadline = time.monotonic() + WAIT
        while True:
            try:
                line = self.out.queue.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                self.kill()
                raise AssertionError(f"host did not start: {self.err.lines}") from None
            if line is None:
                raise AssertionError(f"host exited: {self.err.lines}")
            if line.startswith("join "):
                _, seat, text = line.split(" ")
                self.joins[seat] = text
                self.port = int(text.split("/")[2].rsplit(":", 1)[1])
            if line == "ready":
                break

    def kill(self, sig: int = signal.SIGKILL) -> None:
        _stop(self.proc, sig)

    def alive(self) -> bool:
        return self.proc.poll() is None


class ClientProc:
    """A headless client; ``messages`` is everything it printed, parsed."""

    def __init__(self, command: str, joins: list[str], extra: tuple[str, ...] = ()) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", command, *joins, "--headless", *extra], cwd=ROOT,
            env=_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True,
        )
        self.out = _Lines(self.proc.stdout)
        self.err = _Lines(self.proc.stderr)
        self.messages: list[dict[str, Any]] = []
        self._req = 1000

    def _drain(self) -> None:
        while True:
            try:
                line = self.out.queue.get_nowait()
            except queue.Empty:
                return
            if line is not None:
                self.messages.append(json.loads(line))

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def act(self, seat: str, action: dict[str, Any]) -> int:
        self._req += 1
        self.send({"type": "action", "seat": seat, "action": action, "req": self._req})
        return self._req

    def wait_for(self, pred: Callable[[dict[str, Any]], bool], timeout: float = WAIT,
                 start: int = 0) -> dict[str, Any]:
        """The first message from index ``start`` on that satisfies ``pred``."""
        deadline = time.monotonic() + timeout
        index = start
        while True:
            self._drain()
            while index < len(self.messages):
                if pred(self.messages[index]):
                    return self.messages[index]
                index += 1
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; last messages: {str(self.messages[-3:])[:1500]}"
                                     f" stderr: {self.err.lines[-5:]}")
            if self.proc.poll() is not None:
                self._drain()
                if index >= len(self.messages):
                    raise AssertionError(f"client exited: {self.err.lines[-5:]}")
            time.sleep(0.01)

    def answer(self, seat: str, req: int, timeout: float = WAIT) -> dict[str, Any]:
        return self.wait_for(lambda m: m.get("seat") == seat and m.get("req") == req
                             and m["type"] in ("ack", "error"), timeout=timeout)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        _stop(self.proc, sig)
        self._drain()


class Procs:
    """Starts processes and kills every one of them at teardown."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.started: list[HostProc | ClientProc] = []

    def host(self, *args: str) -> HostProc:
        proc = HostProc(list(args))
        self.started.append(proc)
        return proc

    def client(self, command: str, *joins: str, extra: tuple[str, ...] = ()) -> ClientProc:
        proc = ClientProc(command, list(joins), extra)
        self.started.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.started:
            proc.kill()


@pytest.fixture
def procs(tmp_path):
    p = Procs(tmp_path)
    yield p
    p.close()


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=_env(),
                          capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL)


# ---------------------------------------------------------------- command line


@pytest.mark.parametrize(
    "args, needle",
    [
        (["join", "artifact://127.0.0.1:1/pirates/" + "0" * 32, "--docs"], "--docs"),
        (["judge", "artifact://127.0.0.1:1/judge/" + "0" * 32, "--size", "10x10"], "--size"),
        (["judge", "artifact://127.0.0.1:1/judge/" + "0" * 32, "--size", "big"], "--size"),
        (["join", "artifact://127.0.0.1:1/pirates/" + "0" * 32, "--headless", "--mute"],
         "--mute"),
        (["join", "nonsense"], "join string"),
        (["judge", "artifact://127.0.0.1:1/pirates/" + "0" * 32], "Judge"),
        (["host", "--players", "3", "--no-window", "--size", "800x600"], "--size"),
        (["host", "--players", "3", "--size", "800"], "--size"),
        (["join", "nonsense", "--headless"], "join string"),
        (["join", "artifact://127.0.0.1:1/judge/" + "0" * 32, "--headless"], "judge"),
        (["judge", "artifact://127.0.0.1:1/pirates/" + "0" * 32, "--headless"], "Judge"),
        (["host"], "--players"),
        (["host", "--players", "2"], "3 to 8"),
        (["host", "--players", "3", "--port", "70000"], "port"),
        (["host", "--players", "3", "--turn-seconds", "soon"], "seconds"),
        (["host", "--resume", "/nonexistent/file"], "no such file"),
    ],
)
def test_bad_command_lines_exit_2_with_one_line(args, needle):
    result = run_cli(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


def test_resume_refuses_clashing_options_and_garbage(tmp_path):
    junk = tmp_path / "junk.alog"
    junk.write_bytes(b"not a log")
    result = run_cli("host", "--resume", str(junk), "--players", "3")
    assert result.returncode == 2 and "--players" in result.stderr
    result = run_cli("host", "--resume", str(junk), "--port", "0")
    assert result.returncode == 2 and "not an Artifact action log" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_host_prints_a_join_string_per_seat_and_refuses_to_overwrite(procs, tmp_path):
    save = tmp_path / "g.alog"
    host = procs.host("--players", "5", "--port", "0", "--save", str(save), "--seed", "3")
    assert set(host.joins) == {"pirates", "phoneco", "scientist", "alien", "judge"}
    codes = {text.split("/")[-1] for text in host.joins.values()}
    assert len(codes) == 5 and host.port > 0
    assert all(text.startswith(f"artifact://127.0.0.1:{host.port}/")
               for text in host.joins.values())
    result = run_cli("host", "--players", "3", "--port", "0", "--save", str(save))
    assert result.returncode == 2 and "already exists" in result.stderr
    other = tmp_path / "other.alog"
    result = run_cli("host", "--players", "3", "--port", str(host.port), "--save", str(other))
    assert result.returncode == 2 and "cannot listen" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not other.exists()
    assert host.alive()


def test_encrypted_hotseat_client_plays_two_seats_and_strangers_are_refused(procs, tmp_path):
    from net.joinstring import new_curve_keypair, parse

    host = procs.host("--players", "3", "--port", "0", "--save", str(tmp_path / "e.alog"),
                      "--encrypt", "--heartbeat", "0.3")
    assert all(parse(text).encrypted for text in host.joins.values())
    hot = procs.client("join", host.joins["pirates"], host.joins["scientist"])
    for seat in ("pirates", "scientist"):
        snap = hot.wait_for(lambda m, s=seat: m["type"] == "snapshot" and m["seat"] == s)
        assert snap["doc"]["view"]["seat"] == seat
    hot.send({"type": "action", "action": {"type": "vote_encryption", "allow": True}})
    assert hot.wait_for(lambda m: m["type"] == "error")["code"] == "bad_input"
    req = hot.act("scientist", {"type": "vote_encryption", "allow": True})
    assert hot.answer("scientist", req)["type"] == "ack"
    req = hot.act("pirates", {"type": "start_play"})
    assert hot.answer("pirates", req)["code"] == "not_your_turn"
    forged = host.joins["phoneco"].rsplit("/", 1)[0] + "/" + new_curve_keypair()[1]
    stranger = procs.client("join", forged)
    judge = procs.client("judge", host.joins["judge"], extra=("--docs",))
    doc = judge.wait_for(lambda m: m["type"] == "doc")["doc"]
    assert doc["view"]["kind"] == "judge"
    assert doc["view"]["state"]["votes"] == {"scientist": True}
    # the stranger is refused in the handshake: it says so and stops
    stranger.wait_for(lambda m: m.get("event") == "keys_refused")
    assert stranger.proc.wait(timeout=WAIT) == 2
    assert not any(m["type"] in ("welcome", "snapshot", "error") for m in stranger.messages)
    req = hot.act("pirates", {"type": "vote_encryption", "allow": True})
    assert hot.answer("pirates", req)["type"] == "ack"
    last = judge.wait_for(lambda m: m["type"] == "doc"
                          and m["doc"]["view"]["state"]["votes"].get("pirates") is True)
    assert last["doc"]["presence"]["phoneco"] == "waiting"


def test_a_second_client_for_a_seat_takes_it_and_the_first_one_exits(procs, tmp_path):
    host = procs.host("--players", "3", "--port", "0", "--save", str(tmp_path / "t.alog"))
    first = procs.client("join", host.joins["phoneco"])
    first.wait_for(lambda m: m["type"] == "snapshot")
    second = procs.client("join", host.joins["phoneco"], extra=("--docs",))
    second.wait_for(lambda m: m["type"] == "snapshot")
    assert first.wait_for(lambda m: m["type"] == "closed")["seat"] == "phoneco"
    assert first.proc.wait(timeout=WAIT) == 0
    req = second.act("phoneco", {"type": "vote_encryption", "allow": False})
    assert second.answer("phoneco", req)["type"] == "ack"
    assert second.wait_for(lambda m: m["type"] == "doc"
                           and m["doc"]["view"]["my_vote"] is False)["seat"] == "phoneco"
