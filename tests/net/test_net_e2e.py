"""End to end with real processes on 127.0.0.1: a host, three seats and the Judge.

The actions are chosen beforehand from the engine's own legal actions (same setup and
seed as the host), sent through the headless clients, and then everything each client
printed is checked against the engine: every document a seat held was built from
``view_for`` of that seat at some point of the replayed log, in order, and nothing else.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from test_net_harness import ClientProc, HostProc, Procs

from game.artifact import actions as A
from game.artifact.codec import to_plain
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from net.actionlog import read
from net.diff import patch

SEED = 7
PLAYERS = 3
SETUP = {"players": PLAYERS, "assignment": "random"}


def choose(game: ArtifactGame, moves_this_turn: int) -> tuple[str, A.Action]:
    """A deterministic, always-legal next action that moves the game forward."""
    phase = game.phase
    actors = game.actors()
    if phase == "play":
        seat = game.turn_seat
        assert seat is not None
        legal = game.legal_actions(seat)
        if moves_this_turn < 2:
            moves = [a for a in legal if isinstance(a, A.Move) and a.path]
            if moves:
                return seat, moves[(7 * game.round + moves_this_turn) % len(moves)]
        return seat, A.EndTurn()
    if phase == "judge_check":
        legal = game.legal_actions(JUDGE)
        for kind in (A.PlaceRobot, A.StartPlay):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return JUDGE, found[0]
        raise AssertionError(f"no way out of judge_check: {legal[:5]}")
    seat = next(s for s in game.seats if s in actors)
    if phase == "encryption":
        return seat, A.VoteEncryption(allow=True)
    legal = game.legal_actions(seat)
    assert legal, f"{seat} has no legal action in {phase}"
    return seat, legal[0]


@functools.cache
def _script(max_actions: int, rounds: int) -> tuple[tuple[str, A.Action], ...]:
    game = ArtifactGame.new(SETUP, SEED)
    script: list[tuple[str, A.Action]] = []
    moves = 0
    while len(script) < max_actions and not (game.phase == "play" and game.round > rounds):
        seat, action = choose(game, moves)
        before = game.turn_seat
        game.apply(seat, action)
        moves = moves + 1 if game.turn_seat == before and isinstance(action, A.Move) else 0
        script.append((seat, action))
    return tuple(script)


def make_script(max_actions: int, rounds: int) -> list[tuple[str, A.Action]]:
    """The scripted game (computed once per test run: choosing is slow)."""
    return list(_script(max_actions, rounds))


def replay_states(entries: list[tuple[str, dict[str, Any]]]) -> list[ArtifactGame]:
    """The game after 0, 1, ... n logged actions (each its own object)."""
    game = ArtifactGame.new(SETUP, SEED)
    states = [ArtifactGame.from_dict(game.to_dict())]
    for seat, action in entries:
        game.apply(seat, A.action_from_dict(action))
        states.append(ArtifactGame.from_dict(game.to_dict()))
    return states


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


_MISSING = object()


def _at(doc: Any, path: list[str]) -> Any:
    for key in path:
        if not isinstance(doc, dict) or key not in doc:
            return _MISSING
        doc = doc[key]
    return doc


def documents(messages: list[dict[str, Any]], seat: str) -> list[dict[str, Any]]:
    """Every document the client held, rebuilt from its snapshots and in-order updates."""
    docs: list[dict[str, Any]] = []
    doc = None
    seq = None
    for message in messages:
        if message.get("seat") != seat:
            continue
        if message["type"] == "snapshot":
            doc, seq = message["doc"], message["seq"]
            docs.append(doc)
        elif message["type"] == "update" and doc is not None and message["seq"] == seq + 1:
            doc, seq = patch(doc, message["diff"]), message["seq"]
            docs.append(doc)
            for op in message["diff"]:  # no value that the resulting document does not hold
                if op[0] == "set":
                    assert canon(_at(doc, op[1])) == canon(op[2]), op
                elif op[0] == "del":
                    assert _at(doc, op[1]) is _MISSING, op
        elif message["type"] == "doc":
            assert canon(message["doc"]) == canon(doc), "client's own document differs"
    return docs


@pytest.fixture
def procs(tmp_path):
    started = Procs(tmp_path)
    yield started
    started.close()


ALLOWED_TYPES = {"welcome", "snapshot", "update", "ack", "error", "doc", "notice", "closed"}


def check_nothing_beyond_views(messages: list[dict[str, Any]], seat: str,
                               states: list[ArtifactGame], all_seats: list[str]) -> int:
    """Every document ``seat`` held is its own view at some logged point, in order."""
    views = [canon(to_plain(view_for(state, seat))) for state in states]
    index = 0
    docs = documents(messages, seat)
    assert docs, f"{seat} received no snapshot"
    for doc in docs:
        assert set(doc) == {"view", "presence", "timer", "chat"}
        view = canon(doc["view"])
        assert view in views[index:], f"{seat} held a view the engine never gave it"
        index = views.index(view, index)
        assert set(doc["presence"]) == set(all_seats)
        assert set(doc["presence"].values()) <= {"waiting", "connected", "disconnected"}
        for entry in doc["chat"]:
            if entry["kind"] == "private":
                assert seat in (entry["from"], entry["to"]), f"{seat} read another's secret"
            elif entry["kind"] == "talking":
                assert seat not in entry["pair"]
                assert set(entry) == {"kind", "pair"}
            else:
                assert entry["kind"] == "public"
    for message in messages:
        if message.get("seat") == seat:
            assert message["type"] in ALLOWED_TYPES
            if message["type"] in ("ack", "error"):
                assert set(message) <= {"type", "req", "code", "message", "seat", "source"}
    return len(docs)


class Table:
    """A host and its clients: one process per seat, one for the Judge."""

    def __init__(self, procs: Procs, host: HostProc, docs: bool = True) -> None:
        self.procs = procs
        self.host = host
        extra = ("--docs",) if docs else ()
        self.clients: dict[str, ClientProc] = {}
        for seat, text in host.joins.items():
            command = "judge" if seat == JUDGE else "join"
            self.clients[seat] = procs.client(command, text, extra=extra)
        for seat, client in self.clients.items():
            client.wait_for(lambda m, s=seat: m.get("seat") == s and m["type"] == "snapshot")

    def act(self, seat: str, action: A.Action) -> dict[str, Any]:
        """Send an action; if the hub had dropped the connection meanwhile (a stalled
        machine), the action was not applied: wait for the seat to be back and resend."""
        client = self.clients[seat]
        for _ in range(3):
            mark = len(client.messages)
            req = client.act(seat, action.to_dict())
            answer = client.answer(seat, req)
            if answer.get("code") != "not_authenticated":
                return answer
            client.wait_for(lambda m: m["type"] == "snapshot" and m["seat"] == seat, start=mark)
        return answer

    def settle(self, game: ArtifactGame) -> None:
        """Wait until every client's last document shows its view of ``game``."""
        for seat, client in self.clients.items():
            want = canon(to_plain(view_for(game, seat)))
            client.wait_for(lambda m, s=seat, w=want, c=client: m["type"] == "doc"
                            and m["seat"] == s and canon(m["doc"]["view"]) == w
                            and m["seq"] == max(x.get("seq", -1) for x in c.messages
                                                if x.get("seat") == s and x["type"] in
                                                ("snapshot", "update")))


def test_three_seats_and_the_judge_play_and_see_only_their_views(procs, tmp_path):
    script = make_script(max_actions=60, rounds=2)
    assert any(isinstance(a, A.StartPlay) for _, a in script)
    save = tmp_path / "game.alog"
    host = procs.host("--players", str(PLAYERS), "--seed", str(SEED), "--port", "0",
                      "--save", str(save), "--turn-seconds", "0", "--heartbeat", "0.5")
    table = Table(procs, host)
    game = ArtifactGame.new(SETUP, SEED)
    talked = False
    for number, (seat, action) in enumerate(script):
        # Something out of turn first: refused, nothing changes.
        idle = next((s for s in game.seats if s not in game.actors()), None)
        if idle is not None and number % 5 == 0:
            answer = table.act(idle, action)
            assert answer["type"] == "error" and answer["code"] in ("not_your_turn", "illegal")
        answer = table.act(seat, action)
        assert answer["type"] == "ack", (seat, action, answer)
        game.apply(seat, action)
        if game.phase == "purchase" and not talked:
            talked = True
            pirates = table.clients["pirates"]
            req = pirates._req = pirates._req + 1
            pirates.send({"type": "chat", "to": None, "text": "we come in peace", "req": req})
            assert pirates.answer("pirates", req)["type"] == "ack"
            req = pirates._req = pirates._req + 1
            pirates.send({"type": "chat", "to": "scientist", "text": "the drive room, at 3",
                          "req": req})
            assert pirates.answer("pirates", req)["type"] == "ack"
    table.settle(game)

    entries = read(save)[0].entries
    assert entries == [(seat, action.to_dict()) for seat, action in script]
    states = replay_states(entries)
    assert states[-1].to_json() == game.to_json()
    seats = list(host.joins)
    held = {seat: check_nothing_beyond_views(client.messages, seat, states, seats)
            for seat, client in table.clients.items()}
    assert all(count > 3 for count in held.values())
    phoneco_chat = documents(table.clients["phoneco"].messages, "phoneco")[-1]["chat"]
    assert {"kind": "talking", "pair": ["pirates", "scientist"]} in phoneco_chat
    assert all("drive room" not in canon(m) for m in table.clients["phoneco"].messages)
    assert all("drive room" not in canon(m) for m in table.clients[JUDGE].messages)
    scientist_chat = documents(table.clients["scientist"].messages, "scientist")[-1]["chat"]
    assert {"kind": "private", "from": "pirates", "to": "scientist",
            "text": "the drive room, at 3"} in scientist_chat
    assert host.alive()
