"""Save files: the game's versioned plain dict as JSON, written atomically.

A save is ``HeraldGame.to_dict()``. Loading replays the recorded setup and log and
checks the result against the recorded state, so a corrupt, truncated or edited file
is refused with a one-line ``SaveError`` instead of producing a broken game.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from game.herald.engine import HeraldGame
from game.herald.errors import SaveError


def save_game(path: str | Path, game: HeraldGame) -> None:
    """Write the game to ``path`` atomically (temp file, fsync, os.replace)."""
    target = Path(path)
    data = json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                               dir=str(target.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_game(path: str | Path) -> HeraldGame:
    """Read a save; SaveError (one line, naming the file) if it cannot be used."""
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{target}: cannot read the save ({exc.__class__.__name__})") from None
    if not text.strip():
        raise SaveError(f"{target}: the save is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{target}: the save is corrupt or truncated "
                        f"(line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{target}: the save is corrupt (nested too deeply)") from None
    try:
        return HeraldGame.from_dict(data)
    except SaveError as exc:
        raise SaveError(f"{target}: {exc}") from None
