"""Fuzz and soak the hub: hostile peers of every kind against an 8-player game in play.

Runs a real host process (``python -m game host --players 8``), seats all eight links in
this process (``net_latency.Clients``), plays the game into its play phase, records
every seat's document (a fresh snapshot) and the action log's bytes, then lets attacker
processes loose on the hub's port while one seat measures round trips (a chat to nobody:
answered with an error, changes nothing). Afterwards every seat's document and the log
must be byte-identical to before. Prints:

* whether the host is alive, and its exit status if not;
* the host's resident memory over time (sampled every 0.25 s; goal: under 200 MB);
* hostile messages sent, by kind, and connections used;
* the measuring seat's round trip p50/p99/max before and during the attack (goal during:
  p99 under 20 ms);
* whether every seat's document and the action log are unchanged.

Exit status 0 when the host is alive and nothing changed, 1 otherwise (timings are
printed, never judged). Attack kinds (each connection takes them in turn):

``junk``      random bytes, truncated or trailing msgpack, wrong types, unknown types;
``costly``    frames cheap to send and dear to refuse: 65,000 small ints, 21,000 empty
              maps, a 16,000-square path, 10,000 values in short lists, deep nesting;
``big``       1 MiB and 30 KiB frames (over the transport cap / over a client's frame);
``flood``     one-byte frames as fast as the socket takes them;
``squat``     fresh connections that take the routing ids libzmq hands out next when
              nothing seeds it (``00 6b8b4567`` on), then ordinary connections;
``hello``     hellos with wrong codes, unknown seats and wrong versions;
``forged``    actions, resyncs and heartbeats with made-up session tokens, from fresh
              connections and from connections that take live-looking routing ids.

Usage::

    python bench/net_fuzz.py [--messages 100000] [--connections 16] [--seconds 150]
    python bench/net_fuzz.py attack --port P [--kinds junk,costly] [--connections 8]
                                           [--messages N] [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import msgpack
import zmq

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("junk", "costly", "big", "flood", "squat", "hello", "forged")
FIRST_ID = 0x6B8B4567
SEATS = ("pirates", "pirates2", "phoneco", "phoneco2", "scientist", "alien", "alien2", "judge")


def _pack(value: object) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def hostile_frames(kind: str, rng: random.Random) -> list[bytes]:
    """A batch of frames of one kind (what one connection sends in one turn)."""
    if kind == "junk":
        hello = _pack({"type": "hello", "v": 2, "seat": "judge", "code": "0" * 32})
        return [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))),
                hello[:-3], hello + b"\x00", b"\xc1", _pack([1, 2]), _pack({1: 2}),
                _pack({"type": "shutdown"}), _pack({"type": None}), b"",
                _pack({"b": b"raw"}), _pack({"type": "hb", "x": 1})]
    if kind == "costly":
        return [_pack([0] * 65_000), _pack([{}] * 21_000), _pack({
            "type": "action", "req": 1, "token": "0" * 32, "action": {
                "type": "move", "character": "x", "mode": "run", "facing": "N",
                "path": [[1, 1]] * 16_000}}),
            _pack([[0] * 100] * 100), b"\x91" * 15_000, _pack([{}] * 127),
            _pack({"type": "chat", "req": 1, "to": None, "text": "x" * 300})]
    if kind == "big":
        return [b"\x80" + bytes(1024 * 1024), b"\x80" + bytes(30 * 1024)]
    if kind == "flood":
        return [b"\xc1"] * 64
    if kind == "hello":
        seat = rng.choice(SEATS)
        code = f"{rng.getrandbits(128):032x}"
        return [_pack({"type": "hello", "v": 2, "seat": seat, "code": code}),
                _pack({"type": "hello", "v": 2, "seat": "emperor", "code": "0" * 32}),
                _pack({"type": "hello", "v": 9, "seat": seat, "code": "0" * 32})]
    if kind == "forged":
        token = f"{rng.getrandbits(128):032x}"
        return [_pack({"type": "resync", "token": token}),
                _pack({"type": "hb", "token": token}),
                _pack({"type": "action", "req": 7, "token": token,
                       "action": {"type": "end_turn"}}),
                _pack({"type": "resync"}), _pack({"type": "action", "req": 8,
                                                  "action": {"type": "skip_turn"}})]
    raise ValueError(kind)


class Attacker:
    """Hostile connections, each cycling through the given kinds, until a message or time
    budget is spent. ``sent`` counts frames by kind."""

    def __init__(self, port: int, kinds: list[str], connections: int, seed: int) -> None:
        self.port = port
        self.kinds = kinds
        self.rng = random.Random(seed)
        self.ctx = zmq.Context()
        self.sockets = [self._socket() for _ in range(connections)]
        self.sent = {kind: 0 for kind in kinds}
        self.answers = 0
        self.squat_next = 0
        self.extra_connections = 0

    def _socket(self, routing_id: bytes | None = None) -> zmq.Socket:
        sock = self.ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.sndhwm = 200
        sock.rcvhwm = 200
        if routing_id is not None:
            sock.routing_id = routing_id
        sock.connect(f"tcp://127.0.0.1:{self.port}")
        return sock

    def _read(self, sock: zmq.Socket) -> None:
        while sock.poll(0):
            sock.recv()
            self.answers += 1

    def _squat(self, budget: int) -> int:
        """Fresh connections on the ids libzmq would hand out next, then plain ones."""
        count = min(budget, 40)
        batch = []
        for _ in range(count):
            ident = b"\x00" + struct.pack(">I", (FIRST_ID + self.squat_next) & 0xFFFFFFFF)
            self.squat_next += 1
            sock = self._socket(ident if len(batch) < count - 4 else None)
            sock.send(_pack({"type": "hb"}))
            batch.append(sock)
        self.extra_connections += len(batch)
        time.sleep(0.05)
        for sock in batch:
            self._read(sock)
            sock.close(linger=0)
        return count

    def run(self, messages: int, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        total = 0
        turn = 0
        while total < messages and time.monotonic() < deadline:
            for index, sock in enumerate(self.sockets):
                kind = self.kinds[(index + turn) % len(self.kinds)]
                if kind == "squat":
                    sent = self._squat(messages - total)
                    self.sent[kind] += sent
                    total += sent
                    continue
                for frame in hostile_frames(kind, self.rng):
                    try:
                        sock.send(frame, zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    self.sent[kind] += 1
                    total += 1
                self._read(sock)
                if total >= messages:
                    break
            turn += 1
            time.sleep(0.001)

    def close(self) -> None:
        for sock in self.sockets:
            sock.close(linger=0)
        self.ctx.term()


def attack_main(args: argparse.Namespace) -> int:
    attacker = Attacker(args.port, args.kinds.split(","), args.connections, args.seed)
    try:
        attacker.run(args.messages, args.seconds)
    finally:
        attacker.close()
    print("sent " + " ".join(f"{kind}={n}" for kind, n in attacker.sent.items())
          + f" total={sum(attacker.sent.values())} answers={attacker.answers}"
          + f" connections={args.connections + attacker.extra_connections}", flush=True)
    return 0


def spawn_attack(port: int, kinds: str, connections: int, messages: int, seconds: float,
                 seed: int = 1) -> subprocess.Popen:
    """An attacker process (``attack`` below) against ``port``."""
    return subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "attack", "--port", str(port),
         "--kinds", kinds, "--connections", str(connections), "--messages", str(messages),
         "--seconds", str(seconds), "--seed", str(seed)],
        stdout=subprocess.PIPE, text=True)


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def soak_main(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(ROOT))
    from net_latency import Clients, make_script, percentile, start_host

    from net.codec import encode

    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "soak.alog"
        script = make_script(args.actions)  # slow: before any link must keep time
        host, joins = start_host(save)
        clients = Clients(joins)
        try:
            clients.pump(lambda: all(link.doc is not None for link in clients.links.values()))
            for seat, action in script:
                req = clients.links[seat].action(action.to_dict())
                clients.pump(lambda r=(seat, req): r in clients.acks)
                if clients.acks[(seat, req)]["type"] != "ack":
                    print(f"setup action refused: {clients.acks[(seat, req)]}")
                    return 1
            phase = clients.links["judge"].doc["view"]["phase"]
            print(f"game: 8 seats, {len(script)} actions played, phase {phase}")

            def documents() -> dict[str, bytes]:
                for link in clients.links.values():
                    link.doc = None
                    link.resync()
                clients.pump(lambda: all(link.doc is not None
                                         for link in clients.links.values()))
                return {seat: encode(link.doc) for seat, link in clients.links.items()}

            before_docs, before_log = documents(), save.read_bytes()
            quiet_until = time.monotonic() + 3.0
            quiet = measure(clients, lambda: time.monotonic() < quiet_until, host, [], 0.0)
            print(f"legit round trip before the attack: {_figures(quiet, percentile)}")
            rss = [(0.0, rss_mib(host.pid))]
            per = max(1, args.connections // args.processes)
            started = time.monotonic()
            attackers = [spawn_attack(host_port(joins), ",".join(KINDS), per,
                                      args.messages // args.processes, args.seconds, seed=n)
                         for n in range(args.processes)]
            times = measure(clients, lambda: any(proc.poll() is None for proc in attackers),
                            host, rss, started)
            reports = [proc.communicate(timeout=60)[0].strip() for proc in attackers]
            elapsed = time.monotonic() - started
            alive = host.poll() is None
            print(f"host alive: {alive}" + ("" if alive else f" (exit status {host.returncode})"))
            for report in reports:
                print(f"attacker: {report}")
            totals = [int(part.split("=")[1]) for report in reports
                      for part in report.split() if part.startswith("total=")]
            print(f"hostile messages: {sum(totals)} in {elapsed:.1f} s "
                  f"from {per * args.processes} connections (+ squatters)")
            print("host RSS MiB over time: " + ", ".join(
                f"{t:.0f}s={m:.0f}" for t, m in rss[:: max(1, len(rss) // 12)]))
            print(f"host RSS peak: {max(m for _, m in rss):.1f} MiB (goal < 200)")
            if times:
                print(f"legit round trip during the attack: {_figures(times, percentile)} "
                      "(goal p99 < 20 ms)")
            if not alive:
                return 1
            after_docs, after_log = documents(), save.read_bytes()
            same_docs = [seat for seat in before_docs if before_docs[seat] == after_docs[seat]]
            print(f"documents byte-identical: {len(same_docs)}/{len(before_docs)}; "
                  f"action log byte-identical: {before_log == after_log} "
                  f"({len(after_log)} bytes)")
            return 0 if len(same_docs) == len(before_docs) and before_log == after_log else 1
        finally:
            for link in clients.links.values():
                link.close()
            clients.ctx.term()
            host.terminate()
            host.wait(timeout=30)


def host_port(joins: dict[str, str]) -> int:
    return int(next(iter(joins.values())).split("/")[2].rsplit(":", 1)[1])


def ping(clients) -> float | None:
    """One round trip of the measuring seat (a chat to nobody), or None if unanswered.

    Only this seat's socket is read between request and answer: the time measured is
    the hub's, not the time this process spends on the other seven links."""
    link = clients.links["scientist"]
    begin = time.perf_counter()
    req = link.chat("ping", to="nobody")
    while ("scientist", req) not in clients.acks:
        if not link.socket.poll(5000):
            print(f"request {req} unanswered for 5 s")
            return None
        link.receive()
    return time.perf_counter() - begin


def measure(clients, running, host: subprocess.Popen,
            rss: list[tuple[float, float]], started: float) -> list[float]:
    """Round trips while ``running()``, every other seat kept alive; samples the host's
    memory meanwhile."""
    times: list[float] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.25):
            if host.poll() is not None:
                return
            rss.append((time.monotonic() - started, rss_mib(host.pid)))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    others_pumped = time.perf_counter()
    try:
        while running() and host.poll() is None:
            if time.perf_counter() - others_pumped > 0.25:  # every seat keeps its heartbeat
                for other in clients.links.values():
                    other.receive()
                    other.tick()
                others_pumped = time.perf_counter()
            took = ping(clients)
            if took is None:
                break
            times.append(took)
            time.sleep(0.01)
    finally:
        stop.set()
        sampler.join()
    return times


def _figures(times: list[float], percentile) -> str:
    return (f"n={len(times)} p50={percentile(times, 0.5) * 1000:.2f} ms "
            f"p99={percentile(times, 0.99) * 1000:.2f} ms max={max(times) * 1000:.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    attack = sub.add_parser("attack", help="only attack a hub already listening on --port")
    attack.add_argument("--port", type=int, required=True)
    attack.add_argument("--kinds", default=",".join(KINDS))
    attack.add_argument("--connections", type=int, default=8)
    attack.add_argument("--messages", type=int, default=50_000)
    attack.add_argument("--seconds", type=float, default=60.0)
    attack.add_argument("--seed", type=int, default=1)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=150.0)
    parser.add_argument("--actions", type=int, default=60,
                        help="engine actions played before the attack (into the play phase)")
    args = parser.parse_args()
    if args.command == "attack":
        return attack_main(args)
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    return soak_main(args)


if __name__ == "__main__":
    sys.exit(main())
