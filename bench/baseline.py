"""A baseline for the benches that compare this tree with another commit in one run: the
packages of a git commit, exported to a folder."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
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


def alternating(ref: str | None, rounds: int, run: Callable[[Path, Path], dict]
                ) -> tuple[list[dict], list[dict]] | None:
    """``run(root, folder)`` ``rounds`` times for this tree and, with ``ref``, as often for
    that commit's ``game`` and ``net``, one after the other (the baseline first), so both
    meet the same load; ``folder`` is a temporary folder for the run's files. This tree's
    results and the baseline's, or None, with the reason on stderr, when the commit
    cannot be exported."""
    ours: list[dict] = []
    theirs: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        if ref:
            base = export(ref, Path(tmp) / "baseline", ("game", "net"))
            if base is None:
                return None
        for _ in range(rounds):
            if base is not None:
                theirs.append(run(base, Path(tmp)))
            ours.append(run(ROOT, Path(tmp)))
    return ours, theirs
