"""Complete games of The Artifact, from the lobby to the engine's victory result, played by
bots through the real hub and the headless JSON-lines clients (real processes on 127.0.0.1).

Each bot is written as a third party would write one: it reads only the document its
client printed (decoded with ``viewtypes.decode_view``) and the public deck plan, and picks
its next action with the client-side previews (``game.artifact.preview``); an action the
host refuses is dropped and the next choice tried, and End Turn is always the last. The
test keeps an engine beside the host (same setup and seed) only to know when a client's
document has caught up, and to check the end:

* the game ended by the rules (the drives detonating, or the Judge's declaration) with the
  engine's victory levels;
* every document each seat and the Judge held was its own view at some point of the
  replayed log, and nothing else (the leak check of ``test_net_e2e``);
* the host's action log replays to the same game, result included.

The five-player game (the design reference: four factions and a Judge) ends when the Mad
Scientist's self-destruct countdown runs out; the seven-player game (two Phone Co. seats
and two alien seats sharing maps) ends by the Judge's declaration after two rounds.
"""

from __future__ import annotations

import zlib
from typing import Any

import pytest
from test_net_e2e import Table, canon, check_nothing_beyond_views
from test_net_harness import Procs

from game.artifact import actions as A
from game.artifact import preview
from game.artifact.codec import to_plain
from game.artifact.deckplan import feynman
from game.artifact.engine import ArtifactGame, replay
from game.artifact.example import example_orders, example_places
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from game.artifact.viewtypes import SeatView, decode_view
from net.actionlog import read

WEAPONS = ("rifle", "pistol", "rpp7", "emp_pistol")
#: Actions a bot takes in one turn at most before it ends the turn.
PER_TURN = 4
#: Seats that order and place their forces as in the Example of Play.
EXAMPLE_PLACED = ("pirates", "phoneco", "scientist")


@pytest.fixture
def procs(tmp_path):
    started = Procs(tmp_path)
    yield started
    started.close()


# ---- the bot: a seat's next choices, from its document alone -------------------------------------

def _distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def bot_choices(view: SeatView, plan) -> list[A.Action]:
    """What the seat in turn would like to do next, best first (End Turn last): the Mad
    Scientist sets a three-turn self-destruct from a major terminal with an access key;
    anyone fires at the nearest active stranger its map shows in a clear line (or strikes
    one in its own square), else jogs towards the nearest stranger it knows of, or
    somewhere it can reach."""
    acted = set(view.turn.acted) if view.turn is not None else set()
    out: list[A.Action] = []
    if len(acted) >= PER_TURN:
        return [A.EndTurn()]
    ready = [(cid, e) for cid, e in sorted(view.own.characters.items())
             if e.status == "active" and e.ma and e.square is not None and cid not in acted]
    ordered = any(n.kind in ("self_destruct_ordered", "self_destruct") for n in view.notices)
    if view.faction == "scientist" and not ordered:
        for cid, e in ready:
            keys = [i for i in e.items if view.own.items[i].type == "access_key"]
            if keys and plan.feature[plan.sq(*e.square)] == "major_terminal":
                out.append(A.SelfDestruct(cid, 3, e.facing))
    strangers = sorted((c.square, token) for token, c in view.map.counters.items()
                       if c.KIND == "character" and c.status == "active")
    for cid, e in ready[:2]:
        weapon = next((i for i in e.items if view.own.items[i].type in WEAPONS
                       and not view.own.items[i].jammed), None)
        near = sorted(strangers, key=lambda st: (_distance(st[0], e.square), st))
        for square, token in near[:1]:
            if square == e.square and "Hands" in e.skills:
                out.append(A.Attack(cid, weapon or "unarmed", "normal", (token,), e.facing))
            elif weapon and _distance(square, e.square) <= 8 \
                    and preview.line_of_sight(e.square, square, plan)[0]:
                out.append(A.Attack(cid, weapon, "normal", (token,), e.facing))
        reach = sorted(preview.reachable(view, cid, "jog", plan))
        known = [c.square for c in (*view.map.counters.values(),
                                    *view.map.last_known.values())
                 if c.KIND == "character" and c.status == "active" and c.square != e.square]
        if reach and known:  # towards the nearest stranger it knows of
            goal = min(reach, key=lambda sq: (min(_distance(sq, k) for k in known), sq))
        elif reach:
            goal = reach[zlib.crc32(f"{view.round}{cid}".encode()) % len(reach)]
        if reach:
            path = preview.path_to(view, cid, "jog", goal, plan)["path"]
            if path:
                out.append(A.Move(cid, "jog", tuple(tuple(p) for p in path), e.facing))
    return out[:5] + [A.EndTurn()]


# ---- the table: lobby choices (public rules and the Example's orders), the Judge ---------------

def lobby_choices(game: ArtifactGame, seat: str, orders: dict, tries: int) -> list[A.Action]:
    """A seat's lobby choices: vote for encryption, the Example's order and placement
    where the seat has one, else an order or placement the rules list (another one each
    time the Judge sends the seat back)."""
    phase = game.phase
    listed = game.legal_actions(seat)
    if phase == "encryption":
        return [A.VoteEncryption(True)]
    if phase == "purchase" and seat in orders:
        return [orders[seat], *listed[:3]]
    if phase == "place" and seat in EXAMPLE_PLACED and not tries:
        return [example_places(game, seat), *listed[:3]]
    start = (7 * tries) % max(1, len(listed))
    return (listed[start:] + listed[:start])[:4]


def judge_choices(game: ArtifactGame) -> list[A.Action]:
    """The Judge settles placement clashes (sending back a seat that did not place as the
    Example does, if one is involved), places the ship's robots, and starts play."""
    conflicts = game.placement_conflicts()
    if conflicts:
        _space, a, b = conflicts[0]
        back = a if b in EXAMPLE_PLACED and a not in EXAMPLE_PLACED else b
        return [A.ReturnPlacement(back, "Another force is there: place elsewhere.")]
    listed = game.legal_actions(JUDGE)
    return [a for a in listed if isinstance(a, A.PlaceRobot)][:1] + [A.StartPlay()]


class Players:
    """The host, one headless client per seat and one for the Judge, the bots, and the
    engine kept beside the host."""

    def __init__(self, procs: Procs, tmp_path, players: int, seed: int) -> None:
        self.setup = {"players": players, "assignment": "random"}
        self.seed = seed
        self.save = tmp_path / "game.alog"
        self.host = procs.host("--players", str(players), "--seed", str(seed), "--port", "0",
                               "--save", str(self.save), "--turn-seconds", "0",
                               "--heartbeat", "0.5")
        self.table = Table(procs, self.host)
        self.game = ArtifactGame.new(self.setup, seed)
        self.plan = feynman()
        self.script: list[tuple[str, A.Action]] = []
        self.refused = 0

    def document_view(self, seat: str) -> SeatView:
        """The seat's view as its client's latest document holds it, once that document
        shows the game as it stands (the engine beside the host says when)."""
        client = self.table.clients[seat]
        want = canon(to_plain(view_for(self.game, seat)))
        doc = client.wait_for(lambda m: m.get("seat") == seat and m["type"] == "doc"
                              and canon(m["doc"]["view"]) == want)
        view = decode_view(doc["doc"]["view"])
        assert isinstance(view, SeatView)
        return view

    def try_in_turn(self, seat: str, choices: list[A.Action]) -> A.Action:
        """Send the choices in order until the host accepts one."""
        for action in choices:
            answer = self.table.act(seat, action)
            if answer["type"] == "ack":
                self.game.apply(seat, action)
                self.script.append((seat, action))
                return action
            assert answer["code"] == "illegal", answer
            self.refused += 1
        raise AssertionError(f"{seat}: nothing accepted of {choices}")

    def play_lobby(self, orders: dict) -> None:
        tries: dict[str, int] = {}
        while self.game.phase not in ("play", "over"):
            actors = sorted(self.game.actors())
            if actors == [JUDGE]:
                action = self.try_in_turn(JUDGE, judge_choices(self.game))
                if isinstance(action, A.ReturnPlacement):
                    tries[action.seat] = tries.get(action.seat, 0) + 1
                continue
            for seat in actors:
                if seat != JUDGE and seat in self.game.actors():
                    self.try_in_turn(seat, lobby_choices(self.game, seat, orders,
                                                         tries.get(seat, 0)))

    def play_turn(self) -> None:
        seat = self.game.turn_seat
        while self.game.phase == "play" and self.game.turn_seat == seat:
            self.try_in_turn(seat, bot_choices(self.document_view(seat), self.plan))

    def check_the_end(self) -> dict[str, Any]:
        """Every client caught up, the log replays to the same game, nothing leaked."""
        game = self.game
        assert game.phase == "over"
        self.table.settle(game)
        entries = read(self.save)[0].entries
        assert entries == [(seat, action.to_dict()) for seat, action in self.script]
        states = [ArtifactGame.new(self.setup, self.seed)]
        for seat, action in entries:
            nxt = ArtifactGame.from_dict(states[-1].to_dict())
            nxt.apply(seat, A.action_from_dict(action))
            states.append(nxt)
        assert states[-1].to_json() == game.to_json()
        again = replay(self.setup, self.seed, entries)
        assert again.state.result == game.state.result
        seats = list(self.host.joins)
        held = {seat: check_nothing_beyond_views(client.messages, seat, states, seats)
                for seat, client in self.table.clients.items()}
        assert all(count > 3 for count in held.values())
        for seat in game.seats:  # every seat's last document shows the result
            assert decode_view(self._last_doc(seat)["view"]).result == game.state.result
        assert self.host.alive()
        return held

    def _last_doc(self, seat: str) -> dict:
        client = self.table.clients[seat]
        return [m for m in client.messages if m.get("seat") == seat
                and m["type"] == "doc"][-1]["doc"]


# ---- the games -----------------------------------------------------------------------------

@pytest.mark.slow
def test_a_five_player_game_runs_to_the_drives_detonating(procs, tmp_path):
    players = Players(procs, tmp_path, 5, 21)
    game = players.game
    players.play_lobby(dict(example_orders(), alien=A.Customize("zombies", (), (), ())))
    assert game.phase == "play" and len(game.seats) == 4
    while game.phase == "play" and game.round <= 6:
        players.play_turn()
    result = game.state.result
    assert game.phase == "over" and result.ended_by == "detonation"
    assert game.state.systems.detonated and game.round == 5
    assert any(isinstance(a, A.SelfDestruct) for _s, a in players.script)
    assert any(isinstance(a, A.Move) for _s, a in players.script)
    assert set(result.levels) == set(game.seats)
    for seat, checks in result.checks.items():
        assert result.levels[seat] == next((c.level for c in checks if c.met),
                                           len(checks) + 1)
    players.check_the_end()


@pytest.mark.slow
def test_a_seven_player_game_with_two_aliens_sharing_a_map_ends_by_the_judge(procs,
                                                                             tmp_path):
    players = Players(procs, tmp_path, 7, 22)
    game = players.game
    orders = {seat: order for seat, order in example_orders().items() if seat != "alien"}
    players.play_lobby(orders)
    state = game.state
    assert state.map_of["alien2"] == state.map_of["alien"]
    assert state.map_of["phoneco2"] == state.map_of["phoneco"]
    assert state.species["alien"] != state.species["alien2"]
    while game.phase == "play" and game.round <= 2:
        players.play_turn()
    players.try_in_turn(JUDGE, [A.EndGame()])
    result = game.state.result
    assert game.phase == "over" and result.ended_by == "judge" and result.adjustments == ()
    assert set(result.levels) == set(game.seats) == {
        "pirates", "phoneco", "phoneco2", "scientist", "alien", "alien2"}
    assert set(result.checks["alien"]) != set(result.checks["alien2"])  # two species' sheets
    players.check_the_end()
