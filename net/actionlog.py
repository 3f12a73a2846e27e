"""The hub's append-only action log: the whole game as setup, seed and accepted actions.

A game of The Artifact is its setup, its seed and its action log, so this file is the
save: ``--resume FILE`` rebuilds the engine by replaying it. Every accepted action is
appended and fsynced before any client hears of its result, so a host killed at any
instant resumes at a point no client has seen past.

Layout: the 8-byte magic ``ARTLOG1\\n``, then records of ``[length u32 BE][crc32 u32 BE]
[msgpack payload]``. The first record is the header (setup, seed, seat codes and, with
encryption, the CURVE keys, so the same join strings work after a resume: the file is
therefore secret and created with mode 0600). Each further record is one action.
A torn last record (the host died mid-write, before the fsync returned) is dropped on
resume; damage anywhere else is an error naming the record.
"""

from __future__ import annotations

import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from net.errors import LogError

MAGIC = b"ARTLOG1\n"
_HEAD = struct.Struct(">II")
MAX_RECORD = 16 * 1024 * 1024
FORMAT_VERSION = 1


@dataclass
class LogContents:
    """What a log file holds: its header and the (seat, action dict) entries in order."""

    header: dict[str, Any]
    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _record(payload: dict[str, Any]) -> bytes:
    data = msgpack.packb(payload, use_bin_type=True)
    return _HEAD.pack(len(data), zlib.crc32(data)) + data


def _fsync_dir(path: Path) -> None:
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class ActionLog:
    """An open log file, appended to and fsynced one action at a time."""

    def __init__(self, path: Path, fd: int, count: int) -> None:
        self.path = path
        self._fd = fd
        self.count = count

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any]) -> ActionLog:
        """Start a new log; refuses to overwrite an existing file."""
        path = Path(path)
        header = {"kind": "game", "version": FORMAT_VERSION, **header}
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600)
        except FileExistsError:
            raise LogError(f"{path} already exists (use --resume to continue it)") from None
        except OSError as exc:
            raise LogError(f"cannot create {path}: {exc.strerror}") from None
        os.write(fd, MAGIC + _record(header))
        os.fsync(fd)
        _fsync_dir(path)
        return cls(path, fd, 0)

    @classmethod
    def resume(cls, path: str | Path) -> tuple[ActionLog, LogContents]:
        """Open an existing log for appending, after reading it (and cutting a torn tail)."""
        path = Path(path)
        contents, good_end = read(path)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise LogError(f"cannot open {path}: {exc.strerror}") from None
        if os.fstat(fd).st_size != good_end:
            os.ftruncate(fd, good_end)
            os.fsync(fd)
        return cls(path, fd, len(contents.entries)), contents

    def append(self, seat: str, action: dict[str, Any]) -> None:
        """Write one accepted action and fsync it; only then may clients hear of it."""
        data = _record({"kind": "action", "n": self.count, "seat": seat, "action": action})
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)
        self.count += 1

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def read(path: str | Path) -> tuple[LogContents, int]:
    """Read a whole log; returns its contents and the byte offset where good data ends."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror}") from None
    if not data.startswith(MAGIC):
        raise LogError(f"{path} is not an Artifact action log (bad magic)")
    pos = len(MAGIC)
    records: list[dict[str, Any]] = []
    while pos < len(data):
        if pos + _HEAD.size > len(data):
            break  # torn header of the last record
        length, crc = _HEAD.unpack_from(data, pos)
        start, end = pos + _HEAD.size, pos + _HEAD.size + length
        if length > MAX_RECORD:
            raise LogError(f"{path}: record {len(records)} claims {length} bytes")
        if end > len(data):
            break  # torn body of the last record
        body = data[start:end]
        if zlib.crc32(body) != crc:
            if end == len(data):
                break  # torn last record
            raise LogError(f"{path}: record {len(records)} fails its checksum")
        try:
            record = msgpack.unpackb(body, raw=False, strict_map_key=True)
        except Exception as exc:  # noqa: BLE001 - any unpack failure is a corrupt record
            raise LogError(f"{path}: record {len(records)} is not msgpack ({exc})") from None
        if not isinstance(record, dict):
            raise LogError(f"{path}: record {len(records)} is not a map")
        records.append(record)
        pos = end
    if not records:
        raise LogError(f"{path} has no header record")
    header = records[0]
    if header.get("kind") != "game" or header.get("version") != FORMAT_VERSION:
        raise LogError(f"{path}: unsupported log header (version {header.get('version')!r})")
    entries: list[tuple[str, dict[str, Any]]] = []
    for index, record in enumerate(records[1:]):
        seat, action = record.get("seat"), record.get("action")
        if (
            record.get("kind") != "action"
            or record.get("n") != index
            or not isinstance(seat, str)
            or not isinstance(action, dict)
        ):
            raise LogError(f"{path}: record {index + 1} is not action number {index}")
        entries.append((seat, action))
    return LogContents(header, entries), pos
