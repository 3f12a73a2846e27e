"""Hub latency on loopback: from a seat sending something to every client having its update.

Runs a real host process (``python -m game host --players 8``: seven faction seats and
the Judge, the largest game) and, in this process, one client link per seat and the
Judge, all polled by one loop with one clock. Like the raw fan-out's clients, each pass
reads the sockets the poll found readable, stamping each frame as it comes off its
socket; then each link decodes and applies what it read, as a client would, and after
each frame the sockets are read again, so a frame that came while another was decoded
is stamped when it came, not once the decoding is done (an update's size is its frame's
length, not a second encoding of what was decoded). Two figures
come of that: when every client had its update's frame (what the raw fan-out measures
too: the hub's share), and when every client had also applied it (nine clients' decoding
one after another in this one process, where real clients do it side by side). Links
are ticked for their heartbeats once per pass. Measures:

* negotiation: a seat sends a public chat message; every document changes;
* engine actions: the seat whose turn it is acts; every seat whose view changed gets its
  update (the wait ends when the last of them has it); the slowest are named by kind
  (in a short script, the few that build every view, such as the last purchase of the
  lobby, set the p99 over every action);
* a raw pyzmq fan-out in the same run: a bare ROUTER process that, on one trigger
  message, sends the same number of bytes to the same number of DEALERs as the hub sent
  for a negotiation round; the ratio hub/raw is what the hub's work costs;
* snapshot and update sizes per seat.

With ``--baseline REF`` the hub of that git commit (its ``game`` and ``net`` exported to a
temporary folder) is measured too, in passes alternating with this tree's, on the same
script, and the ratios of the two are printed. ``--passes N`` repeats the measurement
(samples of all passes are merged).

Usage: ``python bench/net_latency.py [--rounds N] [--actions N] [--passes N]
[--baseline REF]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

import zmq

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from baseline import alternating  # noqa: E402

from game.artifact.seats import JUDGE  # noqa: E402
from net.client import SeatLink  # noqa: E402
from net.joinstring import parse  # noqa: E402

SEED = 11
RAW_SERVER = r"""
import sys, zmq
ctx = zmq.Context()
sock = ctx.socket(zmq.ROUTER)
port = sock.bind_to_random_port("tcp://127.0.0.1")
print(port, flush=True)
peers = []
while True:
    ident, body = sock.recv_multipart()
    if body == b"join":
        peers.append(ident)
        sock.send_multipart([ident, b"ok"])
    elif body == b"quit":
        break
    else:
        sizes = [int(x) for x in body.decode().split(",")]
        for peer, size in zip(peers, sizes):
            sock.send_multipart([peer, b"x" * size])
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def start_host(save: Path, root: Path = ROOT) -> tuple[subprocess.Popen, dict[str, str]]:
    """A host process running the ``game`` and ``net`` packages found under ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--players", "8", "--port", "0", "--seed", str(SEED),
         "--save", str(save), "--turn-seconds", "0", "--no-window"],
        cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    joins: dict[str, str] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("join "):
            _, seat, text = line.split()
            joins[seat] = text
        if line.strip() == "ready":
            break
    return proc, joins


class Clients:
    """All links in one poll loop; ``arrival[seat]`` is when each last got an update."""

    def __init__(self, joins: dict[str, str]) -> None:
        self.ctx = zmq.Context()
        self.sizes: dict[str, list[int]] = {seat: [] for seat in joins}
        self.snapshot_sizes: dict[str, int] = {}
        self.arrival: dict[str, float] = {}  # update frame read off the socket
        self.applied: dict[str, float] = {}  # ... and decoded and applied by its link
        self._stamp = 0.0
        self._size = 0  # bytes of the frame being handled (what the hub sent)
        self.links = {seat: SeatLink(self.ctx, parse(text), self._emit(seat), time.perf_counter)
                      for seat, text in joins.items()}
        self.poller = zmq.Poller()
        for link in self.links.values():
            self.poller.register(link.socket, zmq.POLLIN)
        self.by_socket = {link.socket: link for link in self.links.values()}
        self.acks: dict[int, dict] = {}

    def _emit(self, seat: str):
        def emit(message: dict) -> None:
            kind = message.get("type")
            if kind == "update":
                self.arrival[seat] = self._stamp
                self.applied[seat] = time.perf_counter()
                self.sizes[seat].append(self._size)
            elif kind == "snapshot":
                self.snapshot_sizes[seat] = self._size
            elif kind in ("ack", "error"):
                self.acks[(seat, message.get("req"))] = message
        return emit

    def pump(self, until, timeout: float = 10.0) -> None:
        deadline = time.perf_counter() + timeout
        while not until():
            if time.perf_counter() > deadline:
                raise SystemExit("bench: timed out waiting for the hub")
            frames: deque = deque()
            self._read(frames, 5)
            while frames:
                sock, frame, self._stamp = frames.popleft()
                self._size = len(frame)
                self.by_socket[sock].handle(frame)
                self._read(frames, 0)  # stamp what came while that frame was handled
            for link in self.links.values():
                link.tick()
                if link.socket not in self.by_socket:  # it reconnected: a new socket
                    self.poller.register(link.socket, zmq.POLLIN)
                    self.by_socket[link.socket] = link

    def _read(self, frames: deque, timeout: int) -> None:
        """Read every frame waiting on the readable sockets, each stamped as it comes off
        its socket (before any of them is handled, so no client's decoding delays
        another's stamp)."""
        for sock, _ in self.poller.poll(timeout):
            while True:
                try:
                    frames.append((sock, sock.recv(zmq.NOBLOCK), time.perf_counter()))
                except zmq.Again:
                    break

    def close(self) -> None:
        """Close every link and the context (a context left to the garbage collector
        would wait for its sockets)."""
        for link in self.links.values():
            link.close()
        self.ctx.term()

    def seqs(self) -> dict[str, int | None]:
        return {seat: link.seq for seat, link in self.links.items()}


def bench_hub(clients: Clients, rounds: int
              ) -> tuple[list[float], list[float], list[list[int]]]:
    """Public chat rounds: every document changes, so all clients must get an update.
    Returns when the last client had its update's frame, and had applied it, and the
    update sizes."""
    times, applied, sizes = [], [], []
    speaker = clients.links["pirates"]
    for n in range(rounds):
        before = clients.seqs()
        clients.arrival.clear()
        clients.applied.clear()
        counts = {seat: len(s) for seat, s in clients.sizes.items()}
        start = time.perf_counter()
        speaker.chat(f"round {n}: anyone seen the artifact?")
        clients.pump(lambda b=before: all(
            link.seq is not None and link.seq > (b[seat] or 0)
            for seat, link in clients.links.items()))
        times.append(max(clients.arrival.values()) - start)
        applied.append(max(clients.applied.values()) - start)
        sizes.append([clients.sizes[seat][counts[seat]] for seat in clients.links])
    return times, applied, sizes


def make_script(count: int) -> list[tuple[str, object]]:
    """Engine actions for the 8-player game, chosen from the engine's legal actions."""
    from game.artifact import actions as A
    from game.artifact.engine import ArtifactGame

    game = ArtifactGame.new({"players": 8, "assignment": "random"}, SEED)
    script: list[tuple[str, object]] = []
    moves = 0
    tries: dict[str, int] = {}
    while len(script) < count:
        if game.phase == "play":
            seat = game.turn_seat
            legal = game.legal_actions(seat)
            walks = [a for a in legal if isinstance(a, A.Move) and a.path]
            action = walks[(3 * game.round + moves) % len(walks)] if walks and moves < 2 \
                else A.EndTurn()
            moves = moves + 1 if isinstance(action, A.Move) else 0
        elif game.phase == "judge_check":
            seat = JUDGE
            legal = game.legal_actions(JUDGE)
            returns = [a for a in legal if isinstance(a, A.ReturnPlacement)]
            robots = [a for a in legal if isinstance(a, A.PlaceRobot)]
            action = (returns or robots or [A.StartPlay()])[0]
        elif game.phase == "encryption":
            seat = sorted(game.actors())[0]
            action = A.VoteEncryption(allow=True)
        elif game.phase == "purchase":
            seat = next(s for s in game.seats if s in game.actors())
            action = game.legal_actions(seat)[0]
        elif game.phase == "place":
            # spread the seats over different spaces; a seat sent back tries the next one
            seat = next(s for s in game.seats if s in game.actors())
            options = game.legal_actions(seat)
            tries[seat] = tries.get(seat, -1) + 1
            action = options[(5 * game.seats.index(seat) + tries[seat]) % len(options)]
        else:
            break
        game.apply(seat, action)
        script.append((seat, action))
    return script


def play_start(script: list[tuple[str, object]]) -> int:
    """The index of the script's first action in the play phase (after the lobby's)."""
    from game.artifact.engine import ArtifactGame

    game = ArtifactGame.new({"players": 8, "assignment": "random"}, SEED)
    for index, (seat, action) in enumerate(script):
        if game.phase == "play":
            return index
        game.apply(seat, action)
    return len(script)


def bench_actions(clients: Clients, script: list[tuple[str, object]]
                  ) -> tuple[list[float], list[float], int, list[tuple[float, str]]]:
    """Each action of the script; the wait ends when every changed seat has its update
    (its frame, and applied). Also each action's time with its kind (for the slowest)."""
    times, applied, kinds = [], [], []
    changed_total = 0
    for seat, action in script:
        before = clients.seqs()
        clients.arrival.clear()
        clients.applied.clear()
        start = time.perf_counter()
        req = clients.links[seat].action(action.to_dict())
        clients.pump(lambda r=(seat, req): r in clients.acks)
        if clients.acks[(seat, req)]["type"] != "ack":
            raise SystemExit(f"bench: action refused: {clients.acks[(seat, req)]}")
        # Updates for other seats may trail the ack: give them a moment, then take the last.
        settle = time.perf_counter() + 0.05
        clients.pump(lambda s=settle: time.perf_counter() > s)
        changed = sum(1 for s, link in clients.links.items() if link.seq != before[s])
        changed_total += changed
        if clients.arrival:
            times.append(max(clients.arrival.values()) - start)
            applied.append(max(clients.applied.values()) - start)
            kinds.append((times[-1], type(action).__name__))
    return times, applied, changed_total, kinds


def bench_raw(n_clients: int, sizes: list[list[int]]) -> list[float]:
    proc = subprocess.Popen([sys.executable, "-c", RAW_SERVER], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    port = int(proc.stdout.readline())
    ctx = zmq.Context()
    socks = []
    for _ in range(n_clients):
        sock = ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.connect(f"tcp://127.0.0.1:{port}")
        sock.send(b"join")
        sock.recv()
        socks.append(sock)
    poller = zmq.Poller()
    for sock in socks:
        poller.register(sock, zmq.POLLIN)
    times = []
    for round_sizes in sizes:
        got = [False] * n_clients
        start = time.perf_counter()
        socks[0].send(",".join(str(s) for s in round_sizes).encode())
        last = start
        while not all(got):
            for sock, _ in poller.poll(1000):
                sock.recv()
                got[socks.index(sock)] = True
                last = time.perf_counter()
        times.append(last - start)
    socks[0].send(b"quit")
    proc.wait(timeout=10)
    for sock in socks:
        sock.close()
    ctx.term()
    return times


def bench_fsync(folder: Path, count: int, size: int) -> list[float]:
    """The disk's own durability cost, as the action log pays it: append ``size`` bytes to
    a file in ``folder`` (where the host keeps its log) and ``fdatasync`` it (``fsync``
    where there is none), ``count`` times. Seconds each."""
    sync = getattr(os, "fdatasync", None) or os.fsync
    path = folder / "fsync.probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    times = []
    try:
        record = b"x" * size
        for _ in range(count):
            start = time.perf_counter()
            os.write(fd, record)
            sync(fd)
            times.append(time.perf_counter() - start)
    finally:
        os.close(fd)
        path.unlink()
    return times


def run_pass(root: Path, script: list, rounds: int, folder: Path, raw: bool) -> dict:
    """One host (from ``root``) measured: the script's actions, the disk around them,
    then ``rounds`` negotiation rounds (and, with ``raw``, the raw fan-out of the same
    bytes), then every seat's snapshot in play."""
    out: dict = {}
    folder = Path(tempfile.mkdtemp(dir=folder))
    host, joins = start_host(folder / "bench.alog", root)
    try:
        clients = Clients(joins)
        clients.pump(lambda: len(clients.snapshot_sizes) == len(joins))
        out["lobby_snapshots"] = dict(clients.snapshot_sizes)
        fsync_before = bench_fsync(folder, 60, 200)
        split = play_start(script)
        lobby = bench_actions(clients, script[:split])
        # The host's CPU time per action in play (its views, diffs, log and sends; every
        # thread), less what it spends idle in the same time (heartbeats, its timers),
        # measured over two seconds of nothing before those actions.
        idle_start, idle_cpu = time.perf_counter(), cpu_seconds(host.pid)
        clients.pump(lambda: time.perf_counter() > idle_start + 2.0)
        idle_end, cpu = time.perf_counter(), cpu_seconds(host.pid)
        play = bench_actions(clients, script[split:])
        done, after = time.perf_counter(), cpu_seconds(host.pid)
        out["act"], out["act_applied"] = lobby[0] + play[0], lobby[1] + play[1]
        out["changed"] = lobby[2] + play[2]
        out["play"] = play[0]
        out["kinds"] = lobby[3] + play[3]
        out["act_cpu"] = []
        if idle_cpu is not None and cpu is not None and after is not None and play[0]:
            idle_rate = (cpu - idle_cpu) / (idle_end - idle_start)
            out["act_cpu"] = [(after - cpu - idle_rate * (done - idle_end)) / len(play[0])]
        out["fsync"] = fsync_before + bench_fsync(folder, 60, 200)
        out["action_sizes"] = {seat: list(s) for seat, s in clients.sizes.items()}
        out["chat"], out["chat_applied"], out["sizes"] = bench_hub(clients, rounds)
        out["raw"] = bench_raw(len(joins), out["sizes"]) if raw else []
        clients.snapshot_sizes.clear()
        for link in clients.links.values():
            link.resync()
        clients.pump(lambda: len(clients.snapshot_sizes) == len(joins))
        out["play_snapshots"] = {seat: clients.snapshot_sizes[seat] for seat in clients.links}
        out["seats"] = list(clients.links)
        clients.close()
    finally:
        host.terminate()
        host.wait(timeout=10)
    return out


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system, every thread) process ``pid`` has used so far, from
    ``/proc`` (None where there is none): what the host spends on its own, whatever the
    machine's load does to the wall clock."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def merged(passes: list[dict], key: str) -> list:
    return [value for one in passes for value in one[key]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300,
                        help="negotiation rounds in each pass")
    parser.add_argument("--actions", type=int, default=60,
                        help="engine actions of the script (the lobby's first)")
    parser.add_argument("--passes", type=int, default=1,
                        help="hosts measured one after another (alternating with --baseline)")
    parser.add_argument("--baseline", metavar="REF",
                        help="also measure the hub of this git commit, in alternate passes")
    args = parser.parse_args()
    if min(args.rounds, args.actions, args.passes) < 1:
        parser.error("--rounds, --actions and --passes must be 1 or more")
    script = make_script(args.actions)
    runs = alternating(args.baseline, args.passes, lambda root, tmp: run_pass(
        root, script, args.rounds, tmp, raw=root == ROOT))
    if runs is None:
        return 2
    ours, theirs = runs

    def figures(times: list[float]) -> str:
        return (f"median {statistics.median(times) * 1000:.2f} ms, "
                f"p99 {percentile(times, 0.99) * 1000:.2f} ms")

    last = ours[-1]
    seats = last["seats"]
    chat_times, raw_times = merged(ours, "chat"), merged(ours, "raw")
    act_times = merged(ours, "act")
    print(f"clients: {len(seats)} ({len(seats) - 1} faction seats + the Judge), loopback; "
          f"{args.passes} pass(es) merged; load average {os.getloadavg()[0]:.1f} at the end")
    print(f"negotiation round to every client, {len(chat_times)} rounds: {figures(chat_times)}")
    print(f"raw pyzmq fan-out of the same bytes: {figures(raw_times)}")
    median_ratio = statistics.median(chat_times) / statistics.median(raw_times)
    p99_ratio = percentile(chat_times, 0.99) / percentile(raw_times, 0.99)
    print(f"ratio hub/raw: median {median_ratio:.1f}x, p99 {p99_ratio:.1f}x")
    print(f"  ... and applied by every client (decoded one after another here): "
          f"{figures(merged(ours, 'chat_applied'))}")
    if act_times:
        changed = sum(one["changed"] for one in ours)
        print(f"engine actions, {len(act_times)} actions ({changed} seat updates): "
              f"{figures(act_times)} (includes the fsync of the action log)")
        print(f"  ... and applied by every changed client: "
              f"{figures(merged(ours, 'act_applied'))}")
        play = merged(ours, "play")
        print(f"  ... the {len(play)} of them in play: {figures(play)}")
        slowest = sorted(merged(ours, "kinds"), reverse=True)[:6]
        print("  ... the slowest: " + ", ".join(f"{kind} {1000 * time:.2f} ms"
                                                for time, kind in slowest))
        cpu = merged(ours, "act_cpu")
        if cpu:
            print(f"the host's own CPU time per engine action in play (/proc, every thread, "
                  f"less its idle rate): {1000 * statistics.mean(cpu):.2f} ms")
        disk = merged(ours, "fsync")
        print(f"raw fdatasync of a 200-byte append on this disk, {len(disk)} times around the "
              f"actions: {figures(disk)} (the floor under an action's figures: no action is "
              f"told before its record is durable)")
    if theirs:
        print(f"baseline {args.baseline}, in alternate passes: negotiation round "
              f"{figures(merged(theirs, 'chat'))}; engine actions "
              f"{figures(merged(theirs, 'act'))}, in play {figures(merged(theirs, 'play'))}")
        base_cpu = merged(theirs, "act_cpu")
        if cpu and base_cpu:
            ratio = statistics.mean(cpu) / statistics.mean(base_cpu)
            print(f"  the baseline host's own CPU time per engine action in play: "
                  f"{1000 * statistics.mean(base_cpu):.2f} ms "
                  f"(ratio this tree/baseline {ratio:.2f}x)")
        base_chat, base_act = merged(theirs, "chat"), merged(theirs, "act")
        base_play = merged(theirs, "play")
        print(f"ratio this tree/baseline: negotiation median "
              f"{statistics.median(chat_times) / statistics.median(base_chat):.2f}x, "
              f"engine actions median "
              f"{statistics.median(act_times) / statistics.median(base_act):.2f}x, p99 "
              f"{percentile(act_times, 0.99) / percentile(base_act, 0.99):.2f}x; in play "
              f"median {statistics.median(play) / statistics.median(base_play):.2f}x, p99 "
              f"{percentile(play, 0.99) / percentile(base_play, 0.99):.2f}x")

    def per_seat(values: dict[str, float]) -> str:
        return ", ".join(f"{seat} {value:.0f}" for seat, value in values.items())

    sizes = last["sizes"]
    print("snapshot bytes per seat, lobby: " + per_seat(last["lobby_snapshots"]))
    print("snapshot bytes per seat, in play (incl. negotiation log): "
          + per_seat(last["play_snapshots"]))
    print("engine-action update bytes per seat, median (max): " + ", ".join(
        f"{seat} {statistics.median(s):.0f} ({max(s)})"
        for seat, s in last["action_sizes"].items() if s))
    print("negotiation update bytes per seat, median: " + per_seat(
        {seat: statistics.median(row[i] for row in sizes) for i, seat in enumerate(seats)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
