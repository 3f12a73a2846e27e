"""The one command-line entry point, ``python -m game`` (console script ``lastfrontier``).

Subcommands are added per game; with no subcommand the Herald window opens, because
that is the game that needs nothing but this machine. Bad arguments print a single
line naming what was wrong and exit with status 2, like every other input error in
the project.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

EXIT_USAGE = 2


class CliError(Exception):
    """A command line that cannot be acted on; the message is shown as one line."""


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _dice_list(text: str) -> tuple[int, ...]:
    try:
        values = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--dice wants comma-separated numbers 1-6, got {text!r}"
        ) from None
    if not values or any(v < 1 or v > 6 for v in values):
        raise argparse.ArgumentTypeError(f"--dice wants numbers from 1 to 6, got {text!r}")
    return values


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, got {text!r}") from None
    if value < 0 or value >= 2**63:
        raise argparse.ArgumentTypeError(f"seed must be between 0 and 2**63-1, got {text}")
    return value


def _existing_file(text: str) -> Path:
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {text}")
    return path


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m game",
        description="The Herald (solitaire) and The Artifact (LAN). "
        "With no subcommand, opens The Herald.",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    herald = sub.add_parser(
        "herald",
        help="play The Herald (window by default; --headless for the JSON-lines bot protocol)",
        description="Play The Herald. Without --headless a window opens; with --headless the "
        "game speaks JSON lines on stdin/stdout (see docs/herald-bot-protocol.md).",
    )
    herald.add_argument("--headless", action="store_true", help="JSON-lines bot protocol")
    herald.add_argument("--seed", type=_seed, default=None, help="game seed (default: random)")
    herald.add_argument(
        "--variant", choices=("standard", "linear"), default="standard",
        help="'linear' plays the Linear Timeline variant",
    )
    herald.add_argument("--pads", type=_existing_file, default=None,
                        help="pads data file (TOML) replacing the bundled one")
    herald.add_argument("--load", type=_existing_file, default=None,
                        help="resume a save file")
    herald.add_argument("--dice", type=_dice_list, default=None,
                        help="force the dice sequence, e.g. 3,1,6,2,5 (then random)")
    herald.add_argument("--size", default=None,
                        help="window size WIDTHxHEIGHT (window only; default 1280x800)")
    herald.add_argument("--mute", action="store_true", help="start with sound off (window only)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "herald"
    if args.command is None:
        args = parser.parse_args(["herald"])
    try:
        if command == "herald":
            return _run_herald(args)
    except CliError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    parser.error(f"unknown command {command!r}")
    return EXIT_USAGE


def _run_herald(args: argparse.Namespace) -> int:
    if args.headless:
        if args.size is not None or args.mute:
            raise CliError("--size and --mute apply to the window, not to --headless")
        from game.herald.protocol import run_headless

        return run_headless(
            seed=args.seed, variant=args.variant, pads=args.pads, load=args.load,
            dice=args.dice, stdin=sys.stdin, stdout=sys.stdout,
        )
    size = (1280, 800)
    if args.size is not None:
        try:
            w, h = (int(p) for p in args.size.lower().split("x"))
        except ValueError:
            raise CliError(f"--size wants WIDTHxHEIGHT, got {args.size!r}") from None
        if w < 640 or h < 400 or w > 10000 or h > 10000:
            raise CliError(f"--size {args.size} is out of range (640x400 and up)")
        size = (w, h)
    from game.ui.app import run_herald

    return run_herald(
        seed=args.seed, variant=args.variant, pads=args.pads, load=args.load,
        dice=args.dice, size=size, mute=args.mute,
    )
