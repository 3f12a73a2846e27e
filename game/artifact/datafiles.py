"""Loading the package's data files, with errors that name the file, line and reason.

Every table the engine uses lives in ``game/artifact/data``; this module is the one place
that reads them, so a malformed file always fails the same way (``DataError``).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from functools import cache
from pathlib import Path

from .errors import DataError

DATA_DIR = Path(__file__).resolve().parent / "data"


@cache
def data_fingerprint() -> dict[str, str]:
    """``{file name: "sha256:<hex>"}`` of every packaged data file: what a game is played
    with. Saves and action logs record it, and a game is resumed or replayed only with the
    same data (``data_mismatch``)."""
    return {path.name: "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(DATA_DIR.iterdir()) if path.is_file()}


def data_mismatch(recorded: object) -> str | None:
    """None when ``recorded`` (a saved ``data_fingerprint``) is the data installed now, else
    one line naming the files that differ."""
    if not isinstance(recorded, dict) or not recorded:
        return "it does not say which data files it was played with"
    current = data_fingerprint()
    changed = sorted(n for n in set(recorded) & set(current) if recorded[n] != current[n])
    missing = sorted(set(recorded) - set(current))
    added = sorted(set(current) - set(recorded))
    parts = ([f"{', '.join(changed)} changed"] if changed else []) + (
        [f"{', '.join(missing)} missing"] if missing else []) + (
        [f"{', '.join(added)} added"] if added else [])
    if not parts:
        return None
    return "it was played with other data files (" + "; ".join(parts) + ")"


def data_path(name: str) -> Path:
    """The path of a packaged data file."""
    return DATA_DIR / name


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(path), None, "file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(str(path), None, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise DataError(str(path), None, f"cannot be read ({exc.strerror})") from None


def load_toml(path: Path) -> tuple[dict, str]:
    """Parse a TOML file; syntax errors become DataError with the parser's line number."""
    text = read_text(path)
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        raise DataError(str(path), line, f"TOML syntax error: {exc}") from None


def line_of(text: str, *needles: str) -> int | None:
    """The first line holding every needle (in order of the first), for error messages."""
    for number, line in enumerate(text.splitlines(), start=1):
        if all(needle in line for needle in needles):
            return number
    if len(needles) > 1:
        return line_of(text, needles[0])
    return None


class TableReader:
    """Typed field access on one TOML table, raising DataError at the right line."""

    def __init__(self, path: Path, text: str, table: dict, header: str) -> None:
        self.path = path
        self.text = text
        self.table = table
        self.header = header

    def fail(self, key: str | None, reason: str) -> DataError:
        line = None
        if key is not None:
            start = line_of(self.text, self.header) or 1
            lines = self.text.splitlines()
            for number in range(start, len(lines) + 1):
                stripped = lines[number - 1].lstrip()
                if stripped.startswith(key) and stripped[len(key):].lstrip().startswith("="):
                    line = number
                    break
                if number > start and stripped.startswith("["):
                    break
        if line is None:
            line = line_of(self.text, self.header)
        return DataError(str(self.path), line, f"{self.header}: {reason}")

    def get(self, key: str, kind: type, default: object = ...) -> object:
        if key not in self.table:
            if default is ...:
                raise self.fail(None, f"missing field {key!r}")
            return default
        value = self.table[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(key, f"{key} must be a whole number, got {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(key, f"{key} must be {kind.__name__}, got {value!r}")
        return value

    def strings(self, key: str, default: object = ...) -> tuple[str, ...]:
        value = self.get(key, list, default)
        if isinstance(value, tuple):
            value = list(value)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"{key} must be a list of strings")
        return tuple(value)

    def unknown(self, allowed: set[str]) -> None:
        for key in self.table:
            if key not in allowed:
                raise self.fail(key, f"unknown field {key!r}")
