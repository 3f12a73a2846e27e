"""Save files: the game's versioned plain dict as JSON, written atomically.

A save is ``HeraldGame.to_dict()``. Loading replays the recorded setup and log and
checks the result against the recorded state, so a corrupt, truncated or edited file
is refused instead of producing a broken game.

Whatever is wrong with the file (unreadable, not UTF-8, cut short, nested a hundred
thousand deep, numbers too large to be numbers, wrong types, moves the rules refuse),
``load_game`` and ``read_summary`` raise exactly one error, ``SaveError``, whose message
is one line of plain words naming the file by its name only: the title screen shows it
as it is, so it must never carry a traceback, a full path or a parser's line/column.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from game.herald.engine import HeraldGame
from game.herald.errors import SaveError

#: A real save is a few tens of kilobytes; anything far bigger is not one of ours.
MAX_SAVE_BYTES = 4 * 1024 * 1024

#: Everything a damaged file can make Python's own machinery raise while it is decoded
#: and replayed (OverflowError for 1e400 turned into a whole number, RecursionError for
#: deep nesting, ValueError for a 5,000-digit number, the rest for wrong types).
_DAMAGE = (ArithmeticError, LookupError, TypeError, ValueError, AttributeError,
           RecursionError, MemoryError)


@dataclass(frozen=True)
class SaveSummary:
    """What the title screen says about a save: turn, seed and variant of a game that loads."""

    turn: int
    seed: int
    variant: str
    finished: bool

    def describe(self) -> str:
        """A few words for the title line, e.g. "turn 4, seed 17, Linear Timeline"."""
        text = f"turn {self.turn}, seed {self.seed}"
        return text + (", Linear Timeline" if self.variant == "linear" else "")


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, never
    half of either: temp file in the same folder, fsync, os.replace."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                               dir=str(target.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_game(path: str | Path, game: HeraldGame) -> None:
    """Write the game to ``path`` atomically (temp file, fsync, os.replace)."""
    write_atomically(path, json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=False))


def _read_text(target: Path) -> str:
    try:
        with target.open("rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(f"{target.name}: there is no save file") from None
    except OSError as exc:
        why = (exc.strerror or "the system refused").lower()
        raise SaveError(f"{target.name}: cannot read the save ({why})") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{target.name}: the file is far too large to be a save") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{target.name}: the save is corrupt (it is not readable text)") from None
    if not text.strip():
        raise SaveError(f"{target.name}: the save is empty")
    return text


def _parse(target: Path, text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise SaveError(f"{target.name}: the save is corrupt or truncated "
                        "(it is not a complete save)") from None
    except RecursionError:
        raise SaveError(f"{target.name}: the save is corrupt (nested too deeply)") from None
    except ValueError:
        raise SaveError(f"{target.name}: the save is corrupt "
                        "(it holds a number too long to read)") from None


def load_game(path: str | Path) -> HeraldGame:
    """Read a save; ``SaveError`` with a one-line, plain-words message if it cannot be used."""
    target = Path(path)
    data = _parse(target, _read_text(target))
    try:
        return HeraldGame.from_dict(data)
    except SaveError as exc:
        raise SaveError(f"{target.name}: {_one_line(str(exc))}") from None
    except _DAMAGE:
        raise SaveError(f"{target.name}: the save is corrupt "
                        "(its contents do not make a game)") from None


def read_summary(path: str | Path) -> SaveSummary:
    """Turn, seed and variant of the save at ``path``, or ``SaveError`` if it cannot be loaded.

    It loads the game in full (a replay takes milliseconds), so a summary is shown only
    for a save that Continue will actually open.
    """
    game = load_game(path)
    return SaveSummary(turn=game.state.turn, seed=game.setup["seed"],
                       variant=game.setup["variant"], finished=game.outcome is not None)


def _one_line(text: str, limit: int = 160) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 3].rstrip() + "..."
