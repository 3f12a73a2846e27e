"""A seat opened in a second window: the first one locks itself and offers Reconnect.

A real host process on 127.0.0.1 and two windows of the same seat in this process, driven
by synthetic events. On the old client a replaced window kept its whole action bar, and
anything it sent came back refused, which made it say hello again and push the new
window off the seat.
"""

from __future__ import annotations

import time

import pygame
import pytest
from test_ui_artifact_driver import (
    Window,
    four_player_host,
    settle,
    ui_app,  # noqa: F401  (fixture)
)

from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LinkSource
from net.joinstring import parse


@pytest.fixture
def host(tmp_path):
    started = four_player_host(tmp_path / "game.alog", 5)
    yield started
    started.close()


def run_for(windows, seconds: float) -> None:
    """Frames on every window for a while (the hub answers within it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for w in windows:
            w.frame(0.02)
        time.sleep(0.01)


def open_window(app, host, seat: str) -> Window:
    source = LinkSource(parse(host.joins[seat]))
    scene = ArtifactJudgeScene(source) if seat == "judge" else ArtifactSeatScene(source)
    return Window(app, scene)


@pytest.mark.parametrize("seat", ["pirates", "judge"])
def test_replaced_window_locks_and_reconnects(host, ui_app, seat):  # noqa: F811
    old = open_window(ui_app, host, seat)
    new = None
    try:
        settle([old], lambda: old.scene.view is not None, what="first snapshot")
        assert not old.scene.locked()
        new = open_window(ui_app, host, seat)
        settle([old, new], lambda: old.scene.locked() and new.scene.view is not None,
               what="the old window locked")
        # the old window offers Reconnect and nothing else
        old.frame()
        assert [b.key for b in old.scene.buttons] == ["reconnect"]
        # keys and clicks that would act do nothing: the new window keeps the seat
        old.key(pygame.K_y)
        old.key(pygame.K_e)
        old.click(old.scene.cam.rect.center)
        run_for([old, new], 2.0)
        assert not new.scene.locked(), "the replaced window pushed the new one off"
        assert new.scene.source.doc["presence"][seat] == "connected"
        assert old.scene.locked()
        # Reconnect takes the seat back on purpose; now the other window is the locked one
        old.press("reconnect")
        settle([old, new], lambda: new.scene.locked() and not old.scene.locked()
               and old.scene.view is not None, what="the seat taken back")
        run_for([old, new], 1.0)
        assert not old.scene.locked() and new.scene.locked()
        assert old.scene.source.doc["presence"][seat] == "connected"
    finally:
        old.scene.source.close()
        if new is not None:
            new.scene.source.close()


def test_a_closed_link_never_takes_the_seat_back_by_itself(host):
    """Below the screen: an action sent on a link the hub closed is not sent at all (on
    the old link its refusal started a hello that took the seat back)."""
    from game.artifact import actions as A

    old = LinkSource(parse(host.joins["phoneco"]))
    new = None
    try:
        deadline = time.monotonic() + 10
        while old.doc is None and time.monotonic() < deadline:
            old.pump()
            time.sleep(0.01)
        new = LinkSource(parse(host.joins["phoneco"]))
        while not old.replaced and time.monotonic() < deadline:
            old.pump()
            new.pump()
            time.sleep(0.01)
        assert old.replaced
        old.action(A.VoteEncryption(True))
        old.chat("still here?")
        end = time.monotonic() + 2.0
        while time.monotonic() < end:
            old.pump()
            new.pump()
            time.sleep(0.01)
        assert not new.replaced and old.replaced
        assert new.doc["presence"]["phoneco"] == "connected"
    finally:
        old.close()
        if new is not None:
            new.close()


def test_a_window_the_hub_dropped_as_silent_says_so_in_words(host, ui_app):  # noqa: F811
    """A window that stops answering for longer than the hub waits (a stalled machine) is
    dropped; its next heartbeat and order come back refused and the link takes the seat
    back by itself. The player reads, in words, that the order was lost -- never the
    protocol's "say hello with your seat's code" -- and the order given again is taken."""
    from game.ui.artifact_source import LOST_ORDER

    w = open_window(ui_app, host, "pirates")
    try:
        settle([w], lambda: w.scene.view is not None and w.scene.view.phase == "encryption",
               what="the lobby")
        time.sleep(3.5)  # the hub's limit is 4 heartbeats of 0.5 s
        w.press("vote:yes")
        settle([w], lambda: w.scene.source.errors > 0, what="the refusal")
        settle([w], lambda: w.scene.source.link.welcome is not None
               and w.scene.source.link.token and w.scene.source.link._hello_at is None,
               what="the seat taken back")
        assert w.scene.source.last_error == LOST_ORDER
        assert w.scene.status == LOST_ORDER
        assert "hello" not in w.scene.status and "code" not in w.scene.status
        run_for([w], 1.0)
        w.press("vote:yes")
        settle([w], lambda: w.scene.view.my_vote is True, what="the vote taken")
        assert w.scene.source.errors == 1
    finally:
        w.scene.source.close()
