"""The one command-line entry point, ``python -m game`` (console script ``lastfrontier``).

Subcommands are added per game; with no subcommand a window opens offering both games
(The Herald first, since it needs nothing but this machine) and The Artifact's Host, Join
and Judge, all by mouse. Bad arguments print a single
line naming what was wrong and exit with status 2, like every other input error in
the project.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game.ui.sizes import HERALD_MIN_WINDOW, MIN_WINDOW

EXIT_USAGE = 2

# pygame greets on stdout when first imported; a command's output (an error's one line,
# the host's join strings) is the command's own
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


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


# The bounded-number parsers below are argparse types, and the launcher's forms use the
# very same ones, so a field and its option accept and refuse exactly the same text.


def _number(text: str, convert, low, high, not_a_number: str, out_of_range: str):
    """One argparse type for every bounded number: ``convert`` the text, then check
    ``low <= value <= high`` (NaN fails too). The two messages are formatted with
    ``text`` and ``value`` so each option keeps its own wording."""
    try:
        value = convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_a_number.format(text=text)) from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(out_of_range.format(text=text, value=value))
    return value


def parse_seed(text: str) -> int:
    return _number(text, int, 0, 2**63 - 1, "seed must be a whole number, got {text!r}",
                   "seed must be between 0 and 2**63-1, got {text}")


def _existing_file(text: str) -> Path:
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {text}")
    return path


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m game",
        description="The Herald (solitaire) and The Artifact (LAN). "
        "With no subcommand, opens a window offering both games and every Artifact role.",
    )
    parser.add_argument("--size", default=None,
                        help="window size WIDTHxHEIGHT (with no subcommand; default 1280x800)")
    parser.add_argument("--mute", action="store_true",
                        help="start with sound off (with no subcommand)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    herald = sub.add_parser(
        "herald",
        help="play The Herald (window by default; --headless for the JSON-lines bot protocol)",
        description="Play The Herald. Without --headless a window opens; with --headless the "
        "game speaks JSON lines on stdin/stdout (see docs/herald-bot-protocol.md).",
    )
    herald.add_argument("--headless", action="store_true", help="JSON-lines bot protocol")
    herald.add_argument("--seed", type=parse_seed, default=None,
                        help="game seed (default: random)")
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
    _add_artifact_commands(sub)
    return parser


def parse_port(text: str) -> int:
    return _number(text, int, 0, 65535, "port must be a whole number, got {text!r}",
                   "port must be 0-65535 (0: any free port), got {value}")


def parse_players(text: str) -> int:
    return _number(text, int, 3, 8, "--players wants a number, got {text!r}",
                   "The Artifact is for 3 to 8 players, got {value}")


def parse_seconds(text: str) -> float:
    return _number(text, float, 0, 86400, "want a number of seconds, got {text!r}",
                   "seconds must be between 0 and 86400, got {text}")


def _add_artifact_commands(sub: argparse._SubParsersAction) -> None:
    from game.artifact.seats import describe_mix

    host = sub.add_parser(
        "host",
        help="host a game of The Artifact (hub and the Judge's window; prints join strings)",
        description="Host a game of The Artifact: runs the hub, prints one join string per "
        "seat and one for the Judge, and opens the Judge's window in this process (the hub "
        "stops when it closes). --no-window serves without a window until SIGINT/SIGTERM. "
        "See docs/hosting.md.",
    )
    host.add_argument("--players", type=parse_players, default=None, metavar="N",
                      help="people at the table, the Judge included (3-8; not with "
                      "--resume). Each N gives: " + "; ".join(
                          describe_mix(n, short=True) for n in range(3, 9)))
    host.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                      help="address to listen on (default 127.0.0.1; 0.0.0.0 for a LAN)")
    host.add_argument("--port", type=parse_port, default=47474, metavar="P",
                      help="port to listen on (default 47474; 0 picks a free one)")
    host.add_argument("--seed", type=parse_seed, default=None, metavar="S",
                      help="game seed (default: random)")
    host.add_argument("--save", type=Path, default=None, metavar="FILE",
                      help="action log to write (a new file; default: in the user data folder)")
    host.add_argument("--resume", type=_existing_file, default=None, metavar="FILE",
                      help="continue the game in this action log (after a crash or a stop)")
    host.add_argument("--salvage", action="store_true",
                      help="with --resume: if the log is damaged, keep a copy of it and resume "
                      "from the last good record")
    host.add_argument("--turn-seconds", type=parse_seconds, default=180.0, metavar="T",
                      help="Rapidity: skip a player turn after this long (0: never; default 180)")
    host.add_argument("--encrypt", action="store_true",
                      help="CURVE-encrypt and authenticate every connection")
    host.add_argument("--assignment", choices=("random", "judge"), default="random",
                      help="factions assigned at random or by the Judge (default random)")
    host.add_argument("--heartbeat", type=parse_seconds, default=1.0, metavar="S",
                      help="seconds between heartbeats (a seat silent 4 beats is disconnected)")
    host.add_argument("--no-window", action="store_true",
                      help="serve without the Judge's window (until SIGINT/SIGTERM)")
    host.add_argument("--size", default=None,
                      help="Judge's window size WIDTHxHEIGHT (default 1280x800)")
    host.add_argument("--mute", action="store_true", help="start the window with sound off")

    join = sub.add_parser(
        "join",
        help="take one or more seats (several join strings: hotseat) of a hosted Artifact game",
        description="Join a hosted game of The Artifact in a window. Several join strings "
        "make one hotseat window with a curtain between seats. --headless speaks JSON lines "
        "on stdin/stdout instead (see docs/protocol.md).",
    )
    join.add_argument("join_strings", nargs="+", metavar="JOIN-STRING")
    judge = sub.add_parser(
        "judge",
        help="be the Judge of a hosted Artifact game",
        description="Join a hosted game of The Artifact as the Judge (the Judge's join string "
        "is required), in a window; --headless speaks JSON lines instead.",
    )
    judge.add_argument("join_strings", nargs=1, metavar="JOIN-STRING")
    for client in (join, judge):
        client.add_argument("--headless", action="store_true",
                            help="JSON-lines client instead of the window")
        client.add_argument("--docs", action="store_true",
                            help="with --headless: also print the whole current document "
                            "after every change")
        client.add_argument("--size", default=None,
                            help="window size WIDTHxHEIGHT (window only; default 1280x800)")
        client.add_argument("--mute", action="store_true",
                            help="start with sound off (window only)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command
    try:
        if command is None:
            from game.ui.app import run_launcher

            return run_launcher(size=_window_size(args.size), mute=args.mute)
        if command == "herald":
            return _run_herald(args)
        if command == "host":
            return _run_host(args)
        if command in ("join", "judge"):
            return _run_client(args, command)
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
    from game.ui.app import run_herald

    return run_herald(
        seed=args.seed, variant=args.variant, pads=args.pads, load=args.load,
        dice=args.dice, size=_window_size(args.size, HERALD_MIN_WINDOW, "The Herald's board"),
        mute=args.mute,
    )


def _window_size(
    text: str | None, smallest: tuple[int, int] = MIN_WINDOW, what: str = "",
) -> tuple[int, int]:
    """``--size WIDTHxHEIGHT`` (default 1280x800); ``what`` names a screen that needs
    more than the ``smallest`` window every screen lays out in."""
    if text is None:
        return (1280, 800)
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise CliError(f"--size wants WIDTHxHEIGHT, got {text!r}") from None
    if w > 10000 or h > 10000 or w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:
        raise CliError(f"--size {text} is out of range "
                       f"({MIN_WINDOW[0]}x{MIN_WINDOW[1]} and up)")
    if w < smallest[0] or h < smallest[1]:
        raise CliError(f"--size {text} is too small for {what} "
                       f"({smallest[0]}x{smallest[1]} and up)")
    return (w, h)


def _run_host(args: argparse.Namespace) -> int:
    if args.resume is not None:
        clashes = [name for name, given in (
            ("--players", args.players is not None), ("--seed", args.seed is not None),
            ("--save", args.save is not None), ("--encrypt", args.encrypt)) if given]
        if clashes:
            raise CliError(f"{', '.join(clashes)}: taken from the saved game with --resume")
    elif args.players is None:
        raise CliError("host wants --players N (3-8) or --resume FILE")
    if args.salvage and args.resume is None:
        raise CliError("--salvage goes with --resume FILE")
    if args.no_window and (args.size is not None or args.mute):
        raise CliError("--size and --mute apply to the Judge's window, not to --no-window")
    size = _window_size(args.size)
    from net.errors import NetError
    from net.host import HostOptions, run_host

    options = HostOptions(
        players=args.players, bind=args.bind, port=args.port, seed=args.seed, save=args.save,
        resume=args.resume, turn_seconds=args.turn_seconds, encrypt=args.encrypt,
        assignment=args.assignment, heartbeat=max(args.heartbeat, 0.05), salvage=args.salvage,
    )
    try:
        if args.no_window:
            return run_host(options, sys.stdout)
        return _host_with_window(options, size, args.mute)
    except NetError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:  # e.g. the disk holding the action log failed: stop, resume later
        raise CliError(f"host stopped: {exc}") from None


def _host_with_window(options, size: tuple[int, int], mute: bool) -> int:
    """The hub in a background thread, the Judge's window in this one over loopback; the
    hub shuts down (sockets closed, log closed) when the window closes."""
    from net.host import HostedGame

    hosted = HostedGame(options, sys.stdout)
    judge = hosted.start()
    try:
        from game.ui.artifact_app import run_judge_window

        return run_judge_window(str(judge), size=size, mute=mute)
    finally:
        hosted.stop()


def _run_client(args: argparse.Namespace, command: str) -> int:
    if args.headless and (args.size is not None or args.mute):
        raise CliError("--size and --mute apply to the window, not to --headless")
    if args.docs and not args.headless:
        raise CliError("--docs goes with --headless")
    size = _window_size(args.size)
    from net.headless import run_headless

    joins = check_join_strings(args.join_strings, command)
    if not args.headless:
        from game.ui.artifact_app import run_judge_window, run_seat_window

        if command == "judge":
            return run_judge_window(args.join_strings[0], size=size, mute=args.mute)
        return run_seat_window(list(args.join_strings), size=size, mute=args.mute)
    return run_headless(joins, sys.stdin.fileno(), sys.stdout, docs=args.docs)


def check_join_strings(texts: Sequence[str], command: str) -> list:
    """Parse the join strings given to ``join`` or ``judge``; CliError (one line) names
    what is wrong. The launcher's Join and Judge forms check pasted text with this too."""
    from net.errors import JoinStringError
    from net.joinstring import parse

    if not texts:
        raise CliError("give at least one join string")
    try:
        joins = [parse(text) for text in texts]
    except JoinStringError as exc:
        raise CliError(str(exc)) from None
    seats = [join.seat for join in joins]
    if len(set(seats)) != len(seats):
        raise CliError("the same seat is named twice")
    if command == "judge" and seats != ["judge"]:
        raise CliError("judge wants the Judge's join string")
    if command == "join" and "judge" in seats:
        raise CliError("the Judge's join string goes with 'judge', not 'join'")
    return joins
