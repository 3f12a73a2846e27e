"""Build the project's wheel from a clean copy of the tracked files.

    python tools/build_wheel.py OUT_DIR        # prints the path of the wheel it wrote

Building in place would leave ``build/`` behind and could pick up stale files from an
earlier build, so the files git knows about (tracked, plus new ones not ignored) are
copied to a temporary folder first, links kept as links, and ``pip wheel`` runs there.
The suite's wheel test and ``.ci/run`` both use this, so they check the same artefact.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def source_files(root: Path = ROOT) -> list[str]:
    """Paths (relative to ``root``) of every file git tracks or would track."""
    done = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=root, check=True, capture_output=True, timeout=60,
    )
    return sorted({p for p in done.stdout.decode("utf-8").split("\0") if p})


def copy_sources(dest: Path, root: Path = ROOT) -> None:
    """Copy the project's files into ``dest`` (which must exist), links kept as links."""
    for rel in source_files(root):
        src = root / rel
        if not src.exists() and not src.is_symlink():
            continue  # deleted in the work tree but not yet in the index
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target, follow_symlinks=False)


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build the wheel into ``out_dir`` and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lf-wheel-src-") as tmp:
        src = Path(tmp)
        copy_sources(src, root)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out_dir),
             str(src)],
            check=True, timeout=600,
        )
    wheels = sorted(out_dir.glob("last_frontier_console-*.whl"))
    if not wheels:
        raise SystemExit(f"no wheel was written to {out_dir}")
    return wheels[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the wheel from a clean copy.")
    parser.add_argument("out_dir", type=Path)
    args = parser.parse_args(argv)
    print(build_wheel(args.out_dir))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
