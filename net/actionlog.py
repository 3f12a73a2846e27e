"""The hub's append-only action log: the whole game as setup, seed and accepted actions.

A game of The Artifact is its setup, its seed and its action log, so this file is the
save: ``--resume FILE`` rebuilds the engine by replaying it. Every accepted action is
appended and fsynced before any client hears of its result, so a host killed at any
instant resumes at a point no client has seen past.

Group commit: ``append`` writes and fsyncs at once. The hub uses ``write`` instead, which
writes the record and leaves the fsync to a background thread, and holds back every
message it would send (the acknowledgement, everyone's updates) until ``wait_durable``
says the fsync returned. Meanwhile it works out those updates, and further actions that
arrive are written too: one fsync then covers all of them (``fdatasync`` where the system
has it: the record and the file's length, without the timestamps). An fsync that fails
stops the host: nothing written after the last good fsync was ever acknowledged.

Layout (format 2): the 8-byte magic ``ARTLOG2\\n``, then records of
``[length u32 BE][crc32 of payload u32 BE][crc32 of those 8 bytes u32 BE][msgpack payload]``.
The first record is the header (setup, seed, the data files the game is played with as
``{name: "sha256:..."}``, seat codes and, with encryption, the CURVE
keys, so the same join strings work after a resume: the file is therefore secret and
created with mode 0600). Each further record is one action.

Why the length has its own checksum: a torn last record (the host died mid-write,
before the fsync returned, so nobody was told of that action) must be told apart from a
flipped bit anywhere else. With a checked length, "the file ends inside this record" is
proof of a torn write; a length that fails its check, a payload that fails its checksum
(even in the last record) or bytes that are no record at all are damage, reported with
the record's number and byte offset and never silently cut. ``resume(..., salvage=True)``
is the explicit way out: it keeps a copy of the damaged file and resumes from the last
good record.

Format 1 (``ARTLOG1\\n``, records without the length check) is still read; resuming one
rewrites it as format 2 first (atomically), so new records are always protected.
"""

from __future__ import annotations

import os
import shutil
import struct
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from net.errors import LogError

MAGIC = b"ARTLOG2\n"
MAGIC_V1 = b"ARTLOG1\n"
_HEAD = struct.Struct(">III")
_HEAD_V1 = struct.Struct(">II")
_LENGTH = struct.Struct(">II")
MAX_RECORD = 16 * 1024 * 1024
#: Seconds ``write`` waits at most for the background fsync of its record to begin.
HANDOFF = 0.002
FORMAT_VERSION = 1  # of the header record's contents (kind, version, setup...)


@dataclass
class LogContents:
    """What a log file holds: its header and the (seat, action dict) entries in order.

    ``torn`` is the number of bytes of a torn final record that reading ignored (0 when
    the file ends cleanly); ``format`` is the file format the records were read in."""

    header: dict[str, Any]
    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    torn: int = 0
    format: int = 2


class LogDamage(LogError):
    """A record that is damaged (not a torn tail): where it is and what precedes it."""

    def __init__(self, path: Path, record: int, offset: int, why: str,
                 good: list[dict[str, Any]], fmt: int) -> None:
        what = "the header" if record == 0 else f"action {record - 1}"
        super().__init__(
            f"{path}: record {record} ({what}) at byte {offset} is damaged: {why}; the file "
            f"was left as it is (--salvage keeps a copy and resumes from the record before)")
        self.record = record
        self.offset = offset
        self.good = good
        self.format = fmt


@dataclass(frozen=True)
class Salvage:
    """What ``resume(..., salvage=True)`` did: the copy it kept and where it cut."""

    copy: Path
    record: int
    offset: int
    actions_kept: int


def _record(payload: dict[str, Any]) -> bytes:
    data = msgpack.packb(payload, use_bin_type=True)
    lengths = _LENGTH.pack(len(data), zlib.crc32(data))
    return lengths + struct.pack(">I", zlib.crc32(lengths)) + data


def _datasync(fd: int) -> None:
    """Make what was appended to ``fd`` durable: ``fdatasync`` where there is one (it
    skips the timestamps a reader does not need, the file's new length it does not
    skip), ``fsync`` elsewhere."""
    sync = getattr(os, "fdatasync", None)
    (sync or os.fsync)(fd)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class _Syncer(threading.Thread):
    """Fsyncs a log file in the background: whatever was written before each fsync began
    is durable when it returns, so a burst of records shares one fsync."""

    def __init__(self, fd: int, count: int) -> None:
        super().__init__(name="actionlog-fsync", daemon=True)
        self._fd = fd
        self._cond = threading.Condition()
        self.written = count  # records written to the file (by the hub's thread)
        self.syncing = count  # records the fsync begun last (running, or done) covers
        self.synced = count  # records known durable
        self.error: OSError | None = None
        self._closing = False

    def wrote(self, count: int, handoff: float = 0.0) -> None:
        """``count`` records are written now. With ``handoff`` (seconds), when no fsync
        is running, wait that long at most for the fsync of this record to begin: the
        writer gives up the interpreter at once, where this thread would otherwise wait
        for the writer's thread switch interval (or longer, for a processor) before it
        could start the fsync. A running fsync is not waited for: the next one begins
        when it returns.

        Measured against waking the thread and returning at once, the two chosen action
        by action in the same run of the hub's latency bench (300 actions a run): the
        wait costs the write about 0.1 ms (a median of 0.22-0.29 ms against 0.12-0.14),
        and where the fsync is quick (0.1 ms, a quiet disk) an action reached its
        clients no sooner or later for it (medians 5.35 against 5.26 ms, 6.17 against
        6.46). Where the disk is busy (fdatasync 0.4-2.4 ms, the machine's load 6-7)
        the fsync outlasts the views it runs beside, and starting it up to a switch
        interval sooner is what the action waits for: medians 8.41 against 10.95 ms
        and 6.08 against 6.80 ms with the wait."""
        with self._cond:
            self.written = count
            self._cond.notify_all()
            if handoff > 0 and self.syncing == self.synced:
                self._cond.wait_for(
                    lambda: self.syncing >= count or self.error is not None, handoff)

    def run(self) -> None:
        while True:
            with self._cond:
                while self.synced == self.written and not self._closing:
                    self._cond.wait()
                if self.synced == self.written:
                    return
                target = self.written
                self.syncing = target
                self._cond.notify_all()
            try:
                _datasync(self._fd)
            except OSError as exc:
                with self._cond:
                    self.error = exc
                    self._cond.notify_all()
                return
            with self._cond:
                self.synced = target
                self._cond.notify_all()

    def wait(self, count: int) -> None:
        """Until the first ``count`` records are durable; OSError if an fsync failed."""
        with self._cond:
            while self.synced < count and self.error is None:
                self._cond.wait()
            if self.synced < count:
                assert self.error is not None
                raise self.error

    def stop(self) -> None:
        """Finish the fsync of what was written, then end the thread."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self.join()


class ActionLog:
    """An open log file, appended to one action at a time: each fsynced at once
    (``append``), or written now and fsynced in the background, several at a time
    (``write``, then ``wait_durable``)."""

    def __init__(self, path: Path, fd: int, count: int) -> None:
        self.path = path
        self._fd = fd
        self.count = count
        #: How many of the ``count`` records are known to be on disk.
        self.durable = count
        self._syncer: _Syncer | None = None
        #: What resuming had to say (a torn tail dropped, a salvage): the host prints it.
        self.notes: list[str] = []

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
        _write_all(fd, MAGIC + _record(header))
        os.fsync(fd)
        _fsync_dir(path)
        return cls(path, fd, 0)

    @classmethod
    def resume(cls, path: str | Path, salvage: bool = False
               ) -> tuple[ActionLog, LogContents, Salvage | None]:
        """Open an existing log for appending, after reading it.

        A torn final record is cut (``contents.torn`` says how many bytes). Damage raises
        :class:`LogDamage` unless ``salvage``: then the damaged file is copied aside and
        the log resumes from the last good record before the damage."""
        path = Path(path)
        rescued = None
        try:
            contents, good_end = read(path)
        except LogDamage as exc:
            if not salvage or exc.record == 0:
                raise
            contents = _contents(path, exc.good, exc.format)
            good_end = exc.offset
            copy = _keep_copy(path)
            rescued = Salvage(copy, exc.record, exc.offset, len(contents.entries))
        if contents.format != 2:
            _rewrite(path, contents)
            good_end = path.stat().st_size
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise LogError(f"cannot open {path}: {exc.strerror}") from None
        if os.fstat(fd).st_size != good_end:
            os.ftruncate(fd, good_end)
            os.fsync(fd)
        log = cls(path, fd, len(contents.entries))
        if contents.torn:
            log.notes.append(
                f"the last record was torn ({contents.torn} bytes at byte {good_end}: the "
                f"host stopped while writing an action it had not yet acknowledged); "
                f"it was dropped")
        if rescued is not None:
            log.notes.append(
                f"salvaged: record {rescued.record} at byte {rescued.offset} was damaged; "
                f"a copy of the damaged file is {rescued.copy}; resuming with "
                f"{rescued.actions_kept} actions")
        return log, contents, rescued

    def append(self, seat: str, action: dict[str, Any]) -> None:
        """Write one accepted action and fsync it; only then may clients hear of it."""
        self.write(seat, action)
        self.wait_durable()

    def write(self, seat: str, action: dict[str, Any]) -> None:
        """Write one accepted action; the background thread fsyncs it. Nobody may hear of
        it before :meth:`wait_durable` has returned.

        Returns once that fsync has begun (or after ``HANDOFF`` seconds at most, or at
        once while an earlier fsync still runs): the caller's work meanwhile (the hub's
        views) then runs beside the whole of the fsync."""
        _write_all(self._fd, _record(
            {"kind": "action", "n": self.count, "seat": seat, "action": action}))
        self.count += 1
        if self._syncer is None:
            self._syncer = _Syncer(self._fd, self.count - 1)
            self._syncer.start()
        self._syncer.wrote(self.count, HANDOFF)

    @property
    def pending(self) -> bool:
        """Whether records were written that are not yet known to be durable."""
        if self.durable < self.count and self._syncer is not None:
            self.durable = self._syncer.synced  # an int read: no lock needed
        return self.durable < self.count

    def wait_durable(self) -> None:
        """Return once every record written so far is on disk (fsync returned).

        Raises LogError if an fsync failed: the host must stop, since it cannot keep the
        promise that an acknowledged action survives a crash."""
        if self.durable == self.count:
            return
        assert self._syncer is not None
        try:
            self._syncer.wait(self.count)
        except OSError as exc:
            raise LogError(f"cannot make the action log {self.path} durable: "
                           f"{exc.strerror or exc}") from None
        self.durable = self.count

    def close(self) -> None:
        """Fsync what was written (a clean stop leaves nothing behind) and close."""
        if self._syncer is not None:
            self._syncer.stop()
            self._syncer = None
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def _keep_copy(path: Path) -> Path:
    """Copy a damaged log next to itself under a name not yet taken; fsync the copy."""
    for n in range(1000):
        copy = path.with_name(f"{path.name}.damaged" + (f".{n}" if n else ""))
        if not copy.exists():
            break
    else:
        raise LogError(f"{path}: too many damaged copies beside it already")
    shutil.copyfile(path, copy)
    fd = os.open(copy, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return copy


def _rewrite(path: Path, contents: LogContents) -> None:
    """Write ``contents`` as a format-2 log in place of ``path`` (write, fsync, rename)."""
    temp = path.with_name(path.name + ".rewrite")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        parts = [MAGIC, _record(contents.header)]
        parts += [_record({"kind": "action", "n": n, "seat": seat, "action": action})
                  for n, (seat, action) in enumerate(contents.entries)]
        _write_all(fd, b"".join(parts))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temp, path)
    _fsync_dir(path)
    contents.format = 2


def _unpack(path: Path, body: bytes, index: int, offset: int, good: list[dict[str, Any]],
            fmt: int) -> dict[str, Any]:
    try:
        record = msgpack.unpackb(body, raw=False, strict_map_key=True)
    except Exception as exc:  # noqa: BLE001 - any unpack failure is a corrupt record
        raise LogDamage(path, index, offset, f"not msgpack ({exc})", good, fmt) from None
    if not isinstance(record, dict):
        raise LogDamage(path, index, offset, "not a map", good, fmt)
    if index == 0:
        if record.get("kind") != "game" or record.get("version") != FORMAT_VERSION:
            raise LogError(
                f"{path}: unsupported log header (version {record.get('version')!r})")
    elif (record.get("kind") != "action" or record.get("n") != index - 1
          or not isinstance(record.get("seat"), str)
          or not isinstance(record.get("action"), dict)):
        raise LogDamage(path, index, offset, f"it is not action number {index - 1}", good, fmt)
    return record


def read(path: str | Path) -> tuple[LogContents, int]:
    """Read a whole log; returns its contents and the byte offset where good data ends.

    Raises :class:`LogDamage` for damage (anything but a torn final record) and
    :class:`LogError` for a file that is not an action log at all."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror}") from None
    if data.startswith(MAGIC):
        fmt, head = 2, _HEAD
    elif data.startswith(MAGIC_V1):
        fmt, head = 1, _HEAD_V1
    elif not data:
        raise LogError(f"{path} is empty, not an Artifact action log")
    else:
        raise LogError(f"{path} is not an Artifact action log (it does not begin as one does)")
    pos = len(MAGIC)
    records: list[dict[str, Any]] = []
    torn = 0
    while pos < len(data):
        index = len(records)
        if pos + head.size > len(data):
            torn = len(data) - pos  # the host died writing this record's first bytes
            break
        if fmt == 2:
            length, crc, check = _HEAD.unpack_from(data, pos)
            if zlib.crc32(data[pos:pos + 8]) != check:
                raise LogDamage(path, index, pos, "its length fails its checksum", records, fmt)
        else:
            length, crc = _HEAD_V1.unpack_from(data, pos)
        if length > MAX_RECORD:
            raise LogDamage(path, index, pos, f"it claims {length} bytes", records, fmt)
        start, end = pos + head.size, pos + head.size + length
        if end > len(data):
            torn = len(data) - pos  # the file ends inside this record: a torn write
            break
        body = data[start:end]
        if zlib.crc32(body) != crc:
            raise LogDamage(path, index, pos, "its contents fail their checksum", records, fmt)
        records.append(_unpack(path, body, index, pos, records, fmt))
        pos = end
    if not records:
        raise LogError(f"{path} has no header record")
    return _contents(path, records, fmt, torn), pos


def _contents(path: Path, records: list[dict[str, Any]], fmt: int, torn: int = 0
              ) -> LogContents:
    if not records:
        raise LogError(f"{path} has no header record")
    entries = [(record["seat"], record["action"]) for record in records[1:]]
    return LogContents(records[0], entries, torn, fmt)
