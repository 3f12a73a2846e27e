"""Where an Artifact screen gets its data: a seat's document, and a way to act and talk.

Every Artifact scene reads one *source*: an object with the shape of ``net.client.SeatLink``
as a window sees it: ``seat``, ``doc`` (``{"view", "presence", "timer", "chat"}``, the seat's
whole plain document), ``view`` (the document's view as the engine's records: a ``SeatView``
or ``JudgeView``), ``action(Action)`` (an engine action value), ``chat(text, to)``,
``pump()`` (read the network, heartbeat), ``version`` (changes whenever the document
changes), ``last_error`` and ``turn_seconds``; ``replaced`` (another window took this seat:
the screen locks itself) and ``reconnect()`` (take the seat back, on the player's word only).

``LinkSource`` wraps a real ``SeatLink`` to the hub; ``LocalTable`` runs an engine in the
same process and hands out ``LocalSource`` objects for its seats (tests, screenshots, the
frame bench). Both give the scenes exactly what the hub would: ``view_for`` of the seat
(over the network, decoded from its plain form into the same records).
``to_purchase``, ``to_place``, ``to_judge_check`` and ``to_play`` take a local game through
its lobby the same way for all of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.artifact import actions as A
from game.artifact.codec import to_plain
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.views import View, view_for

#: What a player reads when an order was sent on a link the hub had dropped.
LOST_ORDER = ("The connection to the host dropped before your order reached it; "
              "the seat is being taken back. Give the order again.")


class LinkSource:
    """One seat (or the Judge) over the network, through a ``SeatLink``."""

    def __init__(self, join, ctx=None, clock: Callable[[], float] = time.monotonic) -> None:
        import zmq

        self._own_ctx = ctx is None
        self.ctx = ctx or zmq.Context()
        self.seat: str = join.seat
        self.last_error: str = ""
        self.errors = 0
        self.messages: list[dict[str, Any]] = []
        self._join = join
        self._clock = clock
        self._links = 0
        self.link = self._open()

    def _open(self):
        from net.client import SeatLink

        self._links += 1
        return SeatLink(self.ctx, self._join, self._emit, self._clock)

    @property
    def where(self) -> str:
        """The host and port this window joins, as the join string gave them."""
        return f"{self._join.host}:{self._join.port}"

    @property
    def replaced(self) -> bool:
        """The hub gave this seat to another connection (not a refusal of the code)."""
        return self.link.closed and self.link.refused is None

    def reconnect(self) -> None:
        """Take the seat back with a fresh link: the other window is the one closed now."""
        self.link.close()
        self.last_error = ""
        self.link = self._open()

    def _emit(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error" and message.get("code") == "not_authenticated":
            # The hub dropped this link as silent (or restarted); the link takes the seat
            # back by itself. A heartbeat refused is nothing to tell the player; an order
            # refused is, in words, never the protocol's.
            if message.get("req") is not None:
                self.last_error = LOST_ORDER
                self.errors += 1
        elif kind == "error":
            self.last_error = str(message.get("message") or message.get("code") or "refused")
            self.errors += 1
        elif kind == "ack":
            self.last_error = ""
        elif kind == "closed":
            self.last_error = "another window took this seat"
        elif kind == "notice" and message.get("event") == "bad_view":
            self.last_error = str(message.get("message"))
            self.errors += 1
        if kind in ("error", "ack", "closed", "notice"):
            self.messages.append(message)
            del self.messages[:-50]

    @property
    def doc(self) -> dict | None:
        return self.link.doc

    @property
    def view(self) -> View | None:
        return self.link.view

    @property
    def version(self) -> tuple:
        return (self._links, self.link.seq, id(self.link.doc), self.link.closed)

    @property
    def turn_seconds(self) -> float:
        welcome = self.link.welcome or {}
        return float(welcome.get("turn_seconds") or 0)

    def pump(self) -> None:
        self.link.receive()
        self.link.tick()

    def action(self, action: A.Action) -> None:
        self.link.action(action.to_dict())

    def chat(self, text: str, to: str | None = None) -> None:
        self.link.chat(text, to)

    def close(self) -> None:
        if getattr(self, "_closed", False):  # (a window given up on, then the exit's closers)
            return
        self._closed = True
        try:
            self.link.bye()
            self.link.close()
        finally:
            if self._own_ctx:
                self.ctx.term()


def to_purchase(game) -> None:
    """Every seat allows private conversations: the game moves on to the purchase."""
    for seat in game.seats:
        game.apply(seat, A.VoteEncryption(True))


def to_place(game, skip: str | None = None) -> None:
    """Every seat but ``skip`` that orders (a faction's second seat does not) sends its last
    offered order."""
    for seat in game.seats:
        if seat != skip and seat in game.actors():
            game.apply(seat, game.legal_actions(seat)[-1])


def to_judge_check(game, skip: str | None = None) -> None:
    """Every seat but ``skip`` places as first offered; the Judge returns each conflicting
    placement until none is left (each returned seat takes its next offer)."""
    for seat in game.seats:
        if seat != skip:
            game.apply(seat, game.legal_actions(seat)[0])
    k = 1
    while game.phase == "judge_check" and game.placement_conflicts():
        _space, _a, b = game.placement_conflicts()[0]
        game.apply(JUDGE, A.ReturnPlacement(b, ""))
        game.apply(b, game.legal_actions(b)[k])
        k += 1


def to_play(game) -> None:
    """The Judge places the Feynman's robots as first offered, then starts play."""
    while game.phase == "judge_check":
        legal = game.legal_actions(JUDGE)
        robots = [a for a in legal if isinstance(a, A.PlaceRobot)]
        game.apply(JUDGE, robots[0] if robots else A.StartPlay())


class LocalTable:
    """An engine in this process with the hub's document rules, for local seats."""

    def __init__(self, game) -> None:
        self.game = game
        self.chat_log: list[dict[str, Any]] = []
        self.presence: dict[str, str] = {s: "connected" for s in (*game.seats, JUDGE)}
        self.serial = 0
        self._talking: set[tuple[str, str]] = set()

    def source(self, seat: str) -> LocalSource:
        return LocalSource(self, seat)

    def apply(self, seat: str, action: A.Action) -> str:
        """Apply ``action`` for ``seat``; '' or the engine's reason for refusing it."""
        try:
            self.game.apply(seat, action)
        except ArtifactError as exc:
            return str(exc)
        self.serial += 1
        return ""

    def say(self, seat: str, text: str, to: str | None) -> str:
        text = text.strip()[:2000]
        if not text:
            return "say something"
        if to is None:
            self.chat_log.append({"kind": "public", "from": seat, "text": text})
        else:
            if to not in self.game.seats or to == seat:
                return f"no seat {to!r} to talk to"
            if seat != JUDGE and to != JUDGE and not self.game.state.encryption:
                return "private conversations were not agreed"
            pair = tuple(sorted((seat, to)))
            if pair not in self._talking:
                self._talking.add(pair)
                self.chat_log.append({"kind": "talking", "pair": list(pair)})
            self.chat_log.append({"kind": "private", "from": seat, "to": to, "text": text})
        self.serial += 1
        return ""

    def chat_for(self, seat: str) -> list[dict[str, Any]]:
        out = []
        for entry in self.chat_log:
            if entry["kind"] == "public":
                out.append(entry)
            elif entry["kind"] == "private":
                if seat in (entry["from"], entry["to"]):
                    out.append(entry)
            elif seat not in entry["pair"]:
                out.append(entry)
        return out[-400:]


class LocalSource:
    """One seat of a ``LocalTable``, with the same shape as ``LinkSource``."""

    def __init__(self, table: LocalTable, seat: str, turn_seconds: float = 0.0) -> None:
        self.table = table
        self.seat = seat
        self.last_error = ""
        self.errors = 0
        self.turn_seconds = turn_seconds
        self.replaced = False   # a local seat is never taken by another window
        self._doc: dict | None = None
        self._view: View | None = None
        self._doc_at = -1

    @property
    def version(self) -> tuple:
        return (self.table.serial, self.table.game.state.serial)

    @property
    def view(self) -> View:
        self._refresh()
        assert self._view is not None
        return self._view

    @property
    def doc(self) -> dict:
        self._refresh()
        assert self._doc is not None
        return self._doc

    def _refresh(self) -> None:
        key = self.table.serial
        if self._doc is None or self._doc_at != key:
            game = self.table.game
            timer = None
            if self.turn_seconds and game.phase == "play":
                # no wall clock here: the turn's whole time, counted from when it is seen
                timer = {"seat": game.turn_seat, "round": game.round,
                         "total": float(self.turn_seconds), "left": float(self.turn_seconds)}
            self._view = view_for(game, self.seat)
            self._doc = {"view": to_plain(self._view),
                         "presence": dict(self.table.presence), "timer": timer,
                         "chat": self.table.chat_for(self.seat)}
            self._doc_at = key

    def pump(self) -> None:
        """Nothing to read: the engine is right here."""

    def reconnect(self) -> None:
        """Nothing to reconnect to: the seat is this process's own."""
        self.replaced = False

    def action(self, action: A.Action) -> None:
        self.last_error = self.table.apply(self.seat, action)
        if self.last_error:
            self.errors += 1

    def chat(self, text: str, to: str | None = None) -> None:
        self.last_error = self.table.say(self.seat, text, to)

    def close(self) -> None:
        """Nothing to close."""
