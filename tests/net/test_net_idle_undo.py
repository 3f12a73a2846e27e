"""The hub takes the engine's undo copy while it idles, after an action's frames have left
(``Hub.run``, ``ArtifactGame.prepare_undo``): the next action finds it ready, and a refused
one is put back from it. It also looks from every character then
(``ArtifactGame.prepare_sight``). A real hub in a thread on 127.0.0.1, raw sockets."""

from __future__ import annotations

import time

from test_net_harness import say
from test_net_hostile import WAIT, HubThread, expect, hello

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame


def until(pred, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_the_idle_hub_has_the_next_actions_undo_copy_ready(tmp_path):
    h = HubThread(tmp_path, heartbeat=1.0)
    try:
        pirates = hello(h, "pirates")
        until(lambda: h.game.undo_ready)  # nothing to read: the copy is taken
        before, serial = h.game.to_json(), h.game.state.serial
        # an order in the encryption vote is refused by the rules (the seat may act, so
        # the engine tried it): the state is put back from the copy taken while idle
        say(pirates, {"type": "action", "req": 1, "action": A.Customize().to_dict()})
        refusal = expect(pirates, "error")
        assert (refusal["req"], refusal["code"]) == (1, "illegal")
        assert h.game.to_json() == before
        until(lambda: h.game.undo_ready)
        say(pirates, {"type": "action", "req": 2,
                      "action": A.VoteEncryption(allow=True).to_dict()})
        assert expect(pirates, "ack")["req"] == 2
        # the copy of the state after the vote, taken once its frames had left
        until(lambda: h.game.undo_ready and h.game.state.serial == serial + 1)
    finally:
        h.close()


def test_the_idle_hub_looks_from_every_character_after_each_action(tmp_path, monkeypatch):
    looked: list[int] = []
    real = ArtifactGame.prepare_sight

    def spy(game: ArtifactGame) -> None:
        looked.append(game.state.serial)
        real(game)

    monkeypatch.setattr(ArtifactGame, "prepare_sight", spy)
    h = HubThread(tmp_path, heartbeat=1.0)
    try:
        pirates = hello(h, "pirates")
        serial = h.game.state.serial
        until(lambda: serial in looked)
        say(pirates, {"type": "action", "req": 1,
                      "action": A.VoteEncryption(allow=True).to_dict()})
        assert expect(pirates, "ack")["req"] == 1
        until(lambda: serial + 1 in looked)  # after the action's frames left, while idle
    finally:
        h.close()
