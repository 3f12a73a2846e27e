"""Start (or resume) a hosted game: engine, action log, keys, hub, printed join strings.

A new game draws a secret code for every seat and the Judge (and, with encryption, a
CURVE key pair for the hub and one per seat), writes them with the setup and seed as
the action log's header, and prints one join string per seat. ``--resume`` reads the
same header back and replays the logged actions, so the same join strings work again
and the game stands exactly where the last fsynced action left it.
"""

from __future__ import annotations

import secrets
import signal
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import platformdirs

from game.artifact.actions import action_from_dict
from game.artifact.engine import ArtifactGame
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
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


def replay_log(header: dict[str, Any], entries: list[tuple[str, dict[str, Any]]]) -> Any:
    """Rebuild the engine from a log's setup, seed and actions."""
    try:
        game = ArtifactGame.new(header["setup"], header["seed"])
    except (KeyError, TypeError, ArtifactError) as exc:
        raise LogError(f"the log's game setup is not usable: {exc}") from None
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
    """Engine, open log, seat codes and CURVE keys, new or resumed."""
    if options.resume is not None:
        log, contents = ActionLog.resume(options.resume)
        header = contents.header
        game = replay_log(header, contents.entries)
        codes, curve = header.get("codes"), header.get("curve")
        if not _codes_ok(codes, tuple(game.seats)):
            raise LogError(f"{options.resume}: the header's seat codes do not fit the game")
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
    log = ActionLog.create(save, {"setup": setup, "seed": seed, "codes": codes, "curve": curve})
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


def run_host(options: HostOptions, out: TextIO) -> int:
    """Serve a game until SIGINT/SIGTERM; prints the join strings first."""
    game, log, codes, curve = prepare(options)
    keys = None
    if curve is not None:
        keys = CurveKeys(curve["server_public"], curve["server_secret"],
                         frozenset(curve_public_of(secret) for secret in curve["clients"].values()))
    try:
        hub = Hub(game, log, codes, bind=options.bind, port=options.port, curve=keys,
                  turn_seconds=options.turn_seconds, heartbeat=options.heartbeat)
    except Exception as exc:
        log.close()
        if options.resume is None:
            log.path.unlink()  # nothing happened in this game yet: do not leave it behind
        raise NetError(f"cannot listen on {options.bind}:{options.port}: {exc}") from None
    mode = "encrypted (CURVE)" if curve is not None else "unencrypted"
    print(f"hosting The Artifact on tcp://{_public_host(options.bind)}:{hub.port} ({mode}), "
          f"log {log.path}, {log.count} actions so far", file=out)
    for seat, join in join_strings(_public_host(options.bind), hub.port, codes, curve).items():
        print(f"join {seat} {join}", file=out)
    print("ready", file=out, flush=True)

    def stop(signum: int, frame: Any) -> None:
        hub.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        hub.run()
    finally:
        hub.close()
    return 0
