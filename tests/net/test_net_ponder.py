"""The idle hub works out ahead the action likely to come next and every connected seat's
view of the game it would leave (``Hub._think``, ``ArtifactGame.ponder``), then looks from
where the seat in turn may move (``ArtifactGame.look_ahead``). A real hub in a
thread on 127.0.0.1, raw sockets: every seat is sent, message for message, what a hub that
never thinks ahead sends, whether the thinking was done, cut short or for an action that
did not come; and thinking alone sends nobody anything."""

from __future__ import annotations

from test_net_e2e import PLAYERS, SEED, make_script
from test_net_harness import say
from test_net_hostile import HubThread, hello, recv
from test_net_idle_undo import until

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.artifact.viewcache import PlainViews


def _caught_up(h: HubThread, seat: str, sock, got: list) -> None:
    """Read ``seat``'s messages (but heartbeats) into ``got`` until it has every update
    the hub sent it so far."""
    sent = h.hub._seats[seat].seq
    while max((m["seq"] for m in got if m["type"] in ("snapshot", "update")), default=-1) < sent:
        message = recv(sock)
        assert message is not None, f"{seat}: update {sent} never came"
        got.append(message)


def _play(tmp_path, script, wait_for_thinking) -> tuple[dict[str, list], HubThread]:
    """Each seat's messages (but heartbeats) over ``script``; before an action, the idle
    work is waited for when ``wait_for_thinking(index)``, else the action follows the last
    one's acknowledgement at once (the thinking cut short, or not begun)."""
    tmp_path.mkdir()
    # the scripted game of the end-to-end tests; nobody falls silent
    h = HubThread(tmp_path, players=PLAYERS, heartbeat=5.0, seed=SEED)
    try:
        socks, got = {}, {}
        for seat in (*h.game.seats, JUDGE):
            socks[seat] = hello(h, seat)  # its snapshot read: only updates from here on
            got[seat] = [{"type": "snapshot", "seq": h.hub._seats[seat].seq}]
        for index, (seat, action) in enumerate(script):
            if wait_for_thinking(index):
                until(lambda: h.hub.settled)
            for name, sock in socks.items():
                _caught_up(h, name, sock, got[name])
                assert recv(sock, 0.005) is None  # thinking ahead tells nobody anything
            say(socks[seat], {"type": "action", "req": index, "action": action.to_dict()})
            while (message := recv(socks[seat]))["type"] != "ack":
                got[seat].append(message)
            got[seat].append(message)
        for name, sock in socks.items():
            _caught_up(h, name, sock, got[name])
        return got, h
    finally:
        h.close()


def test_every_seat_hears_what_a_hub_that_never_thinks_ahead_says(tmp_path, monkeypatch):
    script = make_script(max_actions=70, rounds=20)
    assert sum(isinstance(a, A.EndTurn) for _, a in script) > 15
    assert any(isinstance(a, A.StartPlay) for _, a in script)
    rebinds: list[bool] = []
    real = PlainViews.rebind

    def spy(views: PlainViews, game) -> bool:
        rebinds.append(real(views, game))
        return rebinds[-1]

    monkeypatch.setattr(PlainViews, "rebind", spy)
    looked: list[int] = []  # the states looked ahead from to the end
    real_look = ArtifactGame.look_ahead

    def look(game: ArtifactGame):
        yield from real_look(game)
        looked.append(game.state.serial)

    monkeypatch.setattr(ArtifactGame, "look_ahead", look)
    thinking, _ = _play(tmp_path / "thinking", script, lambda index: index % 5 != 4)
    taken = rebinds.count(True)
    assert len(set(looked)) > 15
    monkeypatch.setattr(ArtifactGame, "likely_action", lambda game: None)
    monkeypatch.setattr(ArtifactGame, "look_ahead", lambda game: iter(()))
    plain, h = _play(tmp_path / "plain", script, lambda index: True)
    assert rebinds.count(True) == taken > 15  # the plain hub never took any over
    for seat in plain:
        kinds = [m["type"] for m in plain[seat]]
        assert kinds.count("update") > 30 and kinds.count("ack") == sum(
            s == seat for s, _ in script), seat
        assert thinking[seat] == plain[seat], seat
