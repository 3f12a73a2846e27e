"""Complete games of The Artifact, from the lobby to the engine's victory result, played by
bots through the real hub and the headless JSON-lines clients (real processes on 127.0.0.1).

Each bot is written as a third party would write one: it reads only the document its
client printed (decoded with ``viewtypes.decode_view``) and the public deck plan, and picks
its next action with the client-side previews (``preview``, ``odds``); an action the
host refuses is dropped and the next choice tried, and End Turn is always the last. The
test keeps an engine beside the host (same setup and seed) only to know when a client's
document has caught up, and to check the end:

* the game ended by the rules (the drives detonating, or the Judge's declaration) with the
  engine's victory levels;
* every document each seat and the Judge held was its own view at some point of the
  replayed log, and nothing else (the leak check of ``test_net_e2e``);
* the host's action log replays to the same game, result included.

The bots (``artifact_bot``) seek out hostile characters and fight them, cover the way they
would come and pick up the Artifact where they see it, so each game holds real fights:
attacks, wounds and deaths among the seats' characters (``check_the_fighting``). The
five-player game (the design reference: four factions and a Judge) ends when the Mad
Scientist's self-destruct countdown, set in round 4, runs out; the seven-player game (two
Phone Co. seats, and Koch and the bug aliens sharing a map) ends by the Judge's declaration
after six rounds.
"""

from __future__ import annotations

from typing import Any

import pytest
from artifact_bot import bot_choices
from test_net_e2e import Table, canon, check_nothing_beyond_views
from test_net_harness import Procs

from game.artifact import actions as A
from game.artifact.codec import to_plain
from game.artifact.deckplan import feynman
from game.artifact.engine import ArtifactGame, replay
from game.artifact.example import example_orders, example_places
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from game.artifact.viewtypes import SeatView, decode_view
from net.actionlog import read

#: Seats that order and place their forces as in the Example of Play.
EXAMPLE_PLACED = ("pirates", "phoneco", "scientist")
#: Where the other seats place their forces, first choice first: where the others pass (the
#: main corridor the pirates come down, the ring corridor by the technicians' staterooms).
PLACE_FIRST = ("Main Corridor", "Ring Corridor 1", "Lift Hub", "Ring Corridor 2",
               "Stateroom 2")


@pytest.fixture
def procs(tmp_path):
    started = Procs(tmp_path)
    yield started
    started.close()


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
    if phase == "place":  # where the others pass, another space each time sent back
        plan = game.plan
        ranked = sorted(listed, key=lambda a: (_place_rank(plan, a), listed.index(a)))
        return ranked[tries:tries + 4] or listed[:4]
    start = (7 * tries) % max(1, len(listed))
    return (listed[start:] + listed[:start])[:4]


def _place_rank(plan, action: A.PlaceForces) -> int:
    if not action.places:
        return 0
    _thing, x, y, _facing = action.places[0]
    space = plan.space_name(plan.sq(x, y))
    return PLACE_FIRST.index(space) if space in PLACE_FIRST else len(PLACE_FIRST)


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
        self.states = states
        return held

    def check_the_fighting(self) -> None:
        """The game held real fights: attacks made and told to the attacker, and before the
        end (the drives blowing up kill everyone) wounds and deaths among the seats'
        characters, each owner told by telegram or a wounded notice."""
        attacks = [a for _s, a in self.script if isinstance(a, (A.Attack, A.MoveThenAttack))]
        told = [n for seat in self.game.seats for n in self.game.state.notices[seat]
                if n.kind == "attack"]
        assert len(attacks) >= 5 and len(told) >= 5
        assert any(isinstance(a, A.MoveThenAttack) for a in attacks)
        last = self.states[-2].state  # just before the action that ended the game
        hurt = {c.id: c.status for c in last.characters.values()
                if c.seat is not None and (c.status in ("ko", "down", "serious", "dead")
                                           or c.wound)}
        assert "dead" in hurt.values() and len(hurt) >= 3, hurt
        losses = [n for seat in self.game.seats for n in self.game.state.notices[seat]
                  if n.kind in ("telegram", "wounded")]
        assert losses

    def _last_doc(self, seat: str) -> dict:
        client = self.table.clients[seat]
        return [m for m in client.messages if m.get("seat") == seat
                and m["type"] == "doc"][-1]["doc"]


# ---- the games -----------------------------------------------------------------------------

@pytest.mark.slow
def test_a_five_player_game_fights_until_the_drives_detonate(procs, tmp_path):
    players = Players(procs, tmp_path, 5, 21)
    game = players.game
    players.play_lobby(dict(example_orders(), alien=A.Customize("zombies", (), (), ())))
    assert game.phase == "play" and len(game.seats) == 4
    while game.phase == "play" and game.round <= 12:
        players.play_turn()
    result = game.state.result
    assert game.phase == "over" and result.ended_by == "detonation"
    assert game.state.systems.detonated
    assert any(isinstance(a, A.SelfDestruct) for _s, a in players.script)
    assert any(isinstance(a, A.Move) for _s, a in players.script)
    assert set(result.levels) == set(game.seats)
    for seat, checks in result.checks.items():
        assert result.levels[seat] == next((c.level for c in checks if c.met),
                                           len(checks) + 1)
    players.check_the_end()
    players.check_the_fighting()


@pytest.mark.slow
def test_a_seven_player_game_with_two_aliens_sharing_a_map_fights_until_the_judge_ends_it(
        procs, tmp_path):
    players = Players(procs, tmp_path, 7, 23)
    game = players.game
    orders = {seat: order for seat, order in example_orders().items() if seat != "alien"}
    players.play_lobby(orders)
    state = game.state
    assert state.map_of["alien2"] == state.map_of["alien"]
    assert state.map_of["phoneco2"] == state.map_of["phoneco"]
    assert (state.species["alien"], state.species["alien2"]) == ("koch", "bugs")
    while game.phase == "play" and game.round <= 6:
        players.play_turn()
    players.try_in_turn(JUDGE, [A.EndGame()])
    result = game.state.result
    assert game.phase == "over" and result.ended_by == "judge" and result.adjustments == ()
    assert set(result.levels) == set(game.seats) == {
        "pirates", "phoneco", "phoneco2", "scientist", "alien", "alien2"}
    assert set(result.checks["alien"]) != set(result.checks["alien2"])  # two species' sheets
    kinds = {type(a) for _s, a in players.script}
    assert A.TargetOpportunityFire in kinds  # a character covered the way a hostile came
    assert A.MoveThenPickUp in kinds  # someone went for an Artifact counter it saw
    players.check_the_end()
    players.check_the_fighting()
