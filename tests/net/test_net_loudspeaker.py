"""The loudspeaker end to end: a controller's free message, typed with what a terminal
should never show (a line break, a tab, an escape, a direction override), sent by the
headless client, is heard by every seat at the next Global Updates as one plain line, and
an empty one is refused over the wire with the engine's reason. Real processes on
127.0.0.1."""

from __future__ import annotations

from test_net_e2e import PLAYERS, SEED, SETUP, Table, choose, documents

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE

TYPED = "Meet at the\nlounge,\tnow. \x1b[0m\u202eplease"
HEARD = "Meet at the lounge, now. [0mplease"
COMPUTER_ROOM_TERMINAL = (12, 6)  # major


def _to_play(game: ArtifactGame) -> list[tuple[str, A.Action]]:
    """The e2e script's choices up to the start of play, then turns ended until McCray's
    seat (holding Computer Control) is in turn, and the Judge puts him at a terminal."""
    script: list[tuple[str, A.Action]] = []
    while game.phase != "play":
        seat, action = choose(game, 0)
        game.apply(seat, action)
        script.append((seat, action))
    holder = game.state.characters[game.state.systems.control]
    while game.turn_seat != holder.seat:
        script.append((game.turn_seat, A.EndTurn()))
        game.apply(game.turn_seat, A.EndTurn())
    to_terminal = A.JudgeMove(holder.id, *COMPUTER_ROOM_TERMINAL, "N")
    game.apply(JUDGE, to_terminal)
    script.append((JUDGE, to_terminal))
    return script


def test_a_free_loudspeaker_message_through_the_headless_client(procs, tmp_path):
    game = ArtifactGame.new(SETUP, SEED)
    script = _to_play(game)
    host = procs.host("--players", str(PLAYERS), "--seed", str(SEED), "--port", "0",
                      "--save", str(tmp_path / "game.alog"), "--turn-seconds", "0",
                      "--heartbeat", "0.5")
    table = Table(procs, host)
    for seat, action in script:
        assert table.act(seat, action)["type"] == "ack", (seat, action)
    seat = game.turn_seat
    holder = game.state.systems.control
    refused = table.act(seat, A.Loudspeaker(holder, " \t\u200b ", "N"))
    assert refused["type"] == "error" and "empty announcement" in refused["message"]
    assert table.act(seat, A.Loudspeaker(holder, TYPED, "N"))["type"] == "ack"
    game.apply(seat, A.Loudspeaker(holder, TYPED, "N"))
    while game.round == 1:
        turn = game.turn_seat
        assert table.act(turn, A.EndTurn())["type"] == "ack"
        game.apply(turn, A.EndTurn())
    table.settle(game)
    for other, client in table.clients.items():
        if other not in game.seats:
            continue
        notices = documents(client.messages, other)[-1]["view"]["notices"]
        heard = [n["text"] for n in notices if n["kind"] == "announcement"]
        assert heard == [HEARD], other
