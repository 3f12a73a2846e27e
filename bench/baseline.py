"""A baseline for the benches that compare this tree with another commit in one run: the
packages of a git commit, exported to a folder."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def export(ref: str, into: Path, packages: tuple[str, ...]) -> Path | None:
    """``packages`` (top-level folders, e.g. ``game``) of commit ``ref`` unpacked under
    ``into``; None, with the reason on stderr, when git cannot export them."""
    try:
        data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref,
                               *packages], check=True, capture_output=True).stdout
    except subprocess.CalledProcessError as exc:
        print(f"cannot export {ref!r}: {exc.stderr.decode().strip()}", file=sys.stderr)
        return None
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into
