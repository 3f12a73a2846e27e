"""Start (or resume) a hosted game: engine, action log, keys, hub, printed join strings.

A new game draws a secret code for every seat and the Judge (and, with encryption, a
CURVE key pair for the hub and one per seat), writes them with the setup and seed as
the action log's header, and prints one join string per seat. ``--resume`` reads the
same header back and replays the logged actions, so the same join strings work again
and the game stands exactly where the last fsynced action left it.
"""

from __future__ import annotations

import dataclasses
import secrets
import signal
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import platformdirs

from game.artifact.actions import action_from_dict
from game.artifact.datafiles import data_fingerprint, data_mismatch
from game.artifact.deckplan import feynman
from game.artifact.engine import ArtifactGame
from game.artifact.errors import ArtifactError
from game.artifact.preload import preload
from game.artifact.seats import JUDGE, describe_mix
from net.actionlog import ActionLog
from net.errors import LogError, NetError
from net.hub import CurveKeys, Hub
from net.joinstring import JoinString, curve_public_of, new_code, new_curve_keypair


@dataclass(frozen=True)
class HostOptions:
    """What ``python -m game host`` was asked for."""

    players: int | None = None
    bind: str = "127.0.0.1"
    port: int = 47474
    seed: int | None = None
    save: Path | None = None
    resume: Path | None = None
    turn_seconds: float = 180.0
    encrypt: bool = False
    assignment: str = "random"
    heartbeat: float = 1.0
    salvage: bool = False


def replay_log(header: dict[str, Any], entries: list[tuple[str, dict[str, Any]]]) -> Any:
    """Rebuild the engine from a log's setup, seed and actions, if the log was played with
    the data files installed here (the header names each with its hash)."""
    try:
        game = ArtifactGame.new(header["setup"], header["seed"])
    except (KeyError, TypeError, ArtifactError) as exc:
        raise LogError(f"the log's game setup is not usable: {exc}") from None
    problem = data_mismatch(header.get("data"))
    if problem:
        raise LogError(f"the log cannot be resumed: {problem}")
    for index, (seat, action) in enumerate(entries):
        try:
            game.apply(seat, action_from_dict(action))
        except ArtifactError as exc:
            raise LogError(f"logged action {index} does not replay: {exc}") from None
    return game


def default_save_path() -> Path:
    folder = Path(platformdirs.user_data_dir("lastfrontier")) / "artifact"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / time.strftime("game-%Y%m%d-%H%M%S.alog")


def _codes_ok(codes: Any, seats: tuple[str, ...]) -> bool:
    return isinstance(codes, dict) and set(codes) == {*seats, JUDGE} and all(
        isinstance(code, str) for code in codes.values())


def prepare(options: HostOptions) -> tuple[Any, ActionLog, dict[str, str], dict[str, Any] | None]:
    """Engine, open log, seat codes and CURVE keys, new or resumed; every data file the
    rules read is loaded first (``preload``), so a damaged one stops the host before
    anyone joins."""
    try:
        preload(feynman())
    except ArtifactError as exc:
        raise NetError(str(exc)) from None
    if options.resume is not None:
        log, contents, _ = ActionLog.resume(options.resume, salvage=options.salvage)
        header = contents.header
        try:
            game = replay_log(header, contents.entries)
            codes, curve = header.get("codes"), header.get("curve")
            if not _codes_ok(codes, tuple(game.seats)):
                raise LogError(f"{options.resume}: the header's seat codes do not fit the game")
        except LogError:
            log.close()
            raise
        return game, log, codes, curve
    seed = options.seed if options.seed is not None else secrets.randbits(63)
    setup = {"players": options.players, "assignment": options.assignment}
    try:
        game = ArtifactGame.new(setup, seed)
    except ArtifactError as exc:
        raise NetError(str(exc)) from None
    codes = {seat: new_code() for seat in (*game.seats, JUDGE)}
    curve = None
    if options.encrypt:
        server_public, server_secret = new_curve_keypair()
        curve = {"server_public": server_public, "server_secret": server_secret,
                 "clients": {seat: new_curve_keypair()[1] for seat in codes}}
    save = options.save if options.save is not None else default_save_path()
    log = ActionLog.create(save, {"setup": setup, "seed": seed, "data": data_fingerprint(),
                                  "codes": codes, "curve": curve})
    return game, log, codes, curve


def join_strings(host: str, port: int, codes: dict[str, str],
                 curve: dict[str, Any] | None) -> dict[str, JoinString]:
    joins = {}
    for seat, code in codes.items():
        if curve is None:
            joins[seat] = JoinString(host, port, seat, code)
        else:
            joins[seat] = JoinString(host, port, seat, code, curve["server_public"],
                                     curve["clients"][seat])
    return joins


def _public_host(bind: str) -> str:
    """The host name to put in join strings: the bind address, or this machine's name."""
    if bind in ("0.0.0.0", "*", "::"):
        return socket.gethostname()
    return f"[{bind}]" if ":" in bind else bind


def _curve_keys(curve: dict[str, Any] | None) -> CurveKeys | None:
    if curve is None:
        return None
    return CurveKeys(curve["server_public"], curve["server_secret"],
                     {seat: curve_public_of(secret) for seat, secret in curve["clients"].items()})


def _open_hub(options: HostOptions, game: Any, log: ActionLog, codes: dict[str, str],
              curve: dict[str, Any] | None) -> Hub:
    try:
        return Hub(game, log, codes, bind=options.bind, port=options.port,
                   curve=_curve_keys(curve), turn_seconds=options.turn_seconds,
                   heartbeat=options.heartbeat)
    except Exception as exc:
        log.close()
        if options.resume is None:
            log.path.unlink()  # nothing happened in this game yet: do not leave it behind
        raise NetError(f"cannot listen on {options.bind}:{options.port}: {exc}") from None


def _announce(options: HostOptions, port: int, log: ActionLog, codes: dict[str, str],
              curve: dict[str, Any] | None, out: TextIO,
              players: int) -> dict[str, JoinString]:
    """Print the address, the log and one join string per seat and the Judge, then "ready"."""
    mode = "encrypted (CURVE)" if curve is not None else "unencrypted"
    public = _public_host(options.bind)
    print(f"hosting The Artifact on tcp://{public}:{port} ({mode}), "
          f"log {log.path}, {log.count} actions so far", file=out)
    print(f"table: {describe_mix(players)}", file=out)
    for note in log.notes:
        print(f"resume: {note}", file=out)
    joins = join_strings(public, port, codes, curve)
    for seat, join in joins.items():
        print(f"join {seat} {join}", file=out)
    print("ready", file=out, flush=True)
    return joins


def run_host(options: HostOptions, out: TextIO) -> int:
    """Serve a game until SIGINT/SIGTERM; prints the join strings first."""
    game, log, codes, curve = prepare(options)
    hub = _open_hub(options, game, log, codes, curve)

    def stop(signum: int, frame: Any) -> None:
        hub.stop()

    # Before "ready": a script may stop the host the moment it reads that line.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    _announce(options, hub.port, log, codes, curve, out, game.state.setup.players)
    try:
        hub.run()
    finally:
        hub.close()
    return 0


def loopback_of(bind: str) -> str:
    """Where a client on the host machine itself reaches a hub bound to ``bind``."""
    if bind in ("0.0.0.0", "*"):
        return "127.0.0.1"
    if bind == "::":
        return "[::1]"
    return f"[{bind}]" if ":" in bind and not bind.startswith("[") else bind


class HostedGame:
    """A hub serving in a background thread of this process (the host player's window runs
    in the main thread). The hub's sockets are made, used and closed in that thread only.

    ``start()`` binds, prints the join strings like ``run_host`` and returns the Judge's join
    string for a client on this machine; ``stop()`` ends the loop and waits for the thread,
    which closes the sockets and the action log."""

    def __init__(self, options: HostOptions, out: TextIO) -> None:
        self.options = options
        self.out = out
        self.hub: Hub | None = None
        self.joins: dict[str, JoinString] = {}
        self._ready = threading.Event()
        self._error: NetError | None = None
        self._thread = threading.Thread(target=self._serve, name="artifact-hub", daemon=True)

    def _serve(self) -> None:
        try:
            game, log, codes, curve = prepare(self.options)
            hub = _open_hub(self.options, game, log, codes, curve)
        except NetError as exc:
            self._error = exc
            self._ready.set()
            return
        except OSError as exc:
            self._error = NetError(f"host stopped: {exc}")
            self._ready.set()
            return
        self.hub = hub
        try:
            self.joins = _announce(self.options, hub.port, log, codes, curve, self.out,
                                   hub.game.state.setup.players)
            self._ready.set()
            hub.run()
        finally:
            hub.close()

    def start(self, timeout: float = 30.0) -> JoinString:
        self._thread.start()
        if not self._ready.wait(timeout):
            raise NetError("the hub did not start")
        if self._error is not None:
            raise self._error
        judge = self.joins[JUDGE]
        return dataclasses.replace(judge, host=loopback_of(self.options.bind))

    def stop(self, timeout: float = 10.0) -> None:
        if self.hub is not None:
            self.hub.stop()
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()
