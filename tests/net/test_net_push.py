"""What the hub pushes: a client applying its snapshot and diffs holds exactly the hub's
document of its seat, through negotiation entries dropped in blocks and engine actions."""

from __future__ import annotations

import zmq
from test_net_harness import say
from test_net_hostile import HubThread, hello

from game.artifact.seats import JUDGE
from net.codec import decode
from net.diff import patch
from net.hub import CHAT_DROP, CHAT_KEEP

WAIT = 10.0


class Reader:
    """A seat's socket and the document its messages build, as a client would."""

    def __init__(self, sock: zmq.Socket, snapshot: dict) -> None:
        self.sock = sock
        self.doc = snapshot["doc"]
        self.seq = snapshot["seq"]
        self.ops: list[list] = []

    def read(self, until) -> None:
        while not until(self):
            assert self.sock.poll(int(WAIT * 1000)), "no update came"
            message = decode(self.sock.recv(), 1 << 24)
            if message["type"] == "update":
                assert message["seq"] == self.seq + 1
                self.seq = message["seq"]
                self.ops += message["diff"]
                self.doc = patch(self.doc, message["diff"])
            elif message["type"] == "snapshot":
                raise AssertionError("a snapshot: the hub saw a gap")


def test_clients_documents_follow_the_hub_through_dropped_negotiation_entries(tmp_path):
    h = HubThread(tmp_path, heartbeat=1.0)
    try:
        socks = {}
        readers = {}
        for seat in ("pirates", "phoneco", JUDGE):
            socks[seat] = hello(h, seat)
            readers[seat] = Reader(socks[seat], {"doc": h.hub.document(seat), "seq": 0})
        # documents as of the last arrival (every earlier arrival pushed to the others)
        for seat, reader in readers.items():
            reader.read(lambda r, s=seat: r.doc["presence"] == h.hub.document(s)["presence"])
        total = CHAT_KEEP + CHAT_DROP // 2 + 7
        for n in range(total):
            say(socks["pirates"], {"type": "chat", "req": n + 1, "to": None,
                                   "text": f"line {n}"})
            if n % 25 == 24:  # keep within the connection's allowance, and every seat's
                # queue within the hub's send limit (a reader left behind sees a gap)
                for reader in readers.values():
                    reader.read(lambda r, n=n: r.doc["chat"]
                                and r.doc["chat"][-1]["text"] == f"line {n}")
        last = f"line {total - 1}"
        for seat, reader in readers.items():
            reader.read(lambda r: r.doc["chat"] and r.doc["chat"][-1]["text"] == last)
            assert reader.doc == h.hub.document(seat), seat
            texts = [entry["text"] for entry in reader.doc["chat"]]
            assert texts == [f"line {n}" for n in range(CHAT_DROP, total)], seat
            # appends travel as "ext"; the block drop sends the list once, whole
            assert sum(op[:2] == ["set", ["chat"]] for op in reader.ops) == 1, seat
    finally:
        h.close()


def test_the_plain_views_the_hub_sends_are_to_plain_of_view_for():
    """Over a scripted game, for every seat and the Judge, after every action: the same
    value and the same key order (the msgpack bytes), and the Judge's without the seed."""
    from test_net_e2e import SEED, SETUP, make_script

    from game.artifact.codec import to_plain
    from game.artifact.engine import ArtifactGame
    from game.artifact.views import plain_view_for, view_for
    from net.codec import encode

    game = ArtifactGame.new(SETUP, SEED)
    for seat, action in [(None, None), *make_script(max_actions=60, rounds=1)]:
        if action is not None:
            game.apply(seat, action)
        for who in (*game.seats, JUDGE):
            plain = plain_view_for(game, who)
            assert encode(plain) == encode(to_plain(view_for(game, who))), who
        assert "seed" not in plain["state"]
