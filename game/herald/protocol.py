"""The headless bot protocol: JSON lines on stdin/stdout (docs/herald-bot-protocol.md).

For every decision the game prints one ``decision`` object (the kind, a prompt, the
public state, the events since the last decision and the numbered legal options) and
reads one line choosing an option, by index or as an action object. A malformed,
illegal or undecodable line, and a refused undo, get an ``error`` object and the same
decision again. The game ends with
an ``end`` object (outcome, tier, score breakdown). End of input ends cleanly (exit 0).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any, TextIO

from game.herald.actions import action_from_dict
from game.herald.bot import choose
from game.herald.engine import HeraldGame
from game.herald.errors import HeraldError, IllegalAction, InvalidAction, PadsError, SaveError
from game.herald.events import Event
from game.herald.holomap import DIRECTIONS, neighbour
from game.herald.labels import describe_action
from game.herald.pads import MATRIX_COLS, MATRIX_ROWS, SUBJECT_NAMES, Pads, load_pads
from game.herald.saves import load_game

PROTOCOL = "herald-bot/1"
MAX_LINE = 64 * 1024
EXIT_OK = 0
EXIT_BAD_INPUT = 2


def _event_dicts(events: list[Event]) -> list[dict[str, Any]]:
    return [{**e.to_dict(), "text": e.describe()} for e in events]


def decision_message(game: HeraldGame, events: list[Event]) -> dict[str, Any]:
    """The object printed for the pending decision."""
    decision = game.pending
    assert decision is not None
    options = [{"index": i, "action": a.to_dict(),
                "label": describe_action(a, game.state, game.pads)}
               for i, a in enumerate(game.legal_actions())]
    return {"type": "decision", "kind": decision.kind, "prompt": decision.prompt,
            "turn": game.state.turn, "context": decision.context,
            "state": game.state.public_dict(), "events": _event_dicts(events),
            "can_undo": game.can_undo(), "options": options}


COORDINATES = (
    "Hexes are [col, row] with [0, 0] at the top left; rows run downwards and odd rows sit "
    "half a hex to the right (pointy-top hexes, odd-r offset). Directions: L [-1, 0] and "
    "R [+1, 0] on every row; on even rows UL [-1, -1], UR [0, -1], DL [-1, +1], DR [0, +1]; "
    "on odd rows UL [0, -1], UR [+1, -1], DL [0, +1], DR [+1, +1]."
)


def pads_message(pads: Pads) -> dict[str, Any]:
    """The components a planning bot needs: the Holomap, the Event Matrix and the officers."""
    h = pads.holomap
    hexes = sorted(h.regions, key=lambda x: (x[1], x[0]))
    return {
        "holomap": {
            "coordinates": COORDINATES,
            "width": h.width, "height": h.height,
            "hexes": [list(x) for x in hexes],
            "earth": list(h.earth),
            "lis_points": [list(x) for x in h.lis_points],
            "source": list(h.source),
            "neighbours": {f"{c},{r}": {d: list(neighbour((c, r), d)) for d in DIRECTIONS
                                        if h.on_map(neighbour((c, r), d))}
                           for c, r in hexes},
        },
        "event_matrix": {
            "columns": MATRIX_COLS, "rows": MATRIX_ROWS,
            "events": [[{"pos": [c, r], "name": ev.name, "subjects": list(ev.subjects),
                         "effort": ev.effort, "outcome": ev.outcome,
                         "opportunity": ev.opportunity}
                        for r, ev in enumerate(column)] for c, column in enumerate(pads.events)],
        },
        "officers": [{"id": o.id, "name": o.name, "field": o.field,
                      "expertise": dict(o.expertise),
                      "max_effectiveness": o.max_effectiveness} for o in pads.officers],
        "subjects": dict(SUBJECT_NAMES),
        "time_track": {"spaces": pads.time_track.spaces,
                       "countdown_start": pads.time_track.countdown_start,
                       "countdown_ranges": {str(k): list(v) for k, v in
                                            sorted(pads.time_track.countdown_ranges.items())}},
    }


def end_message(game: HeraldGame, events: list[Event]) -> dict[str, Any]:
    out = game.outcome
    assert out is not None
    return {"type": "end", "victory": out.victory, "tier": out.tier, "cause": out.cause,
            "reason": out.reason, "score": out.score, "breakdown": out.breakdown,
            "turn": game.state.turn,
            "state": game.state.public_dict(), "events": _event_dicts(events)}


def _write(stdout: TextIO, obj: dict[str, Any]) -> None:
    stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    stdout.flush()


def _parse_choice(game: HeraldGame, line: str):
    """Turn one input line into an action of the pending decision (or raise)."""
    if len(line) > MAX_LINE:
        raise InvalidAction(f"line longer than {MAX_LINE} characters")
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        raise InvalidAction("not a JSON object") from None
    if isinstance(data, int) and not isinstance(data, bool):
        data = {"choose": data}
    if not isinstance(data, dict):
        raise InvalidAction("send an object such as {\"choose\": 0} or {\"action\": {...}}")
    if "choose" in data:
        index = data["choose"]
        legal = game.legal_actions()
        if isinstance(index, bool) or not isinstance(index, int):
            raise InvalidAction("\"choose\" must be an option index")
        if not 0 <= index < len(legal):
            raise IllegalAction(f"no option {index}: choose 0 to {len(legal) - 1}")
        return legal[index]
    if "action" in data:
        return action_from_dict(data["action"])
    if "type" in data:
        return action_from_dict(data)
    raise InvalidAction("send {\"choose\": N}, {\"action\": {...}}, {\"hint\": true} "
                        "or {\"undo\": true}")


NOT_UTF8 = "\x00not-utf-8"


def _read_line(stdin: IO) -> str | None:
    """One input line (None at end of input); an over-long line is read to its end and
    returned as a marker the parser rejects.

    A binary stream (what ``run_headless`` uses when given ``sys.stdin``) is read as bytes
    and decoded here, so bytes that are not UTF-8 become an error message for the bot
    instead of a UnicodeDecodeError raised by Python's own text layer, whatever
    PYTHONIOENCODING or the locale say.
    """
    line = stdin.readline(MAX_LINE + 1)
    if isinstance(line, bytes):
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:
                rest = stdin.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            return "\x00" * (MAX_LINE + 1)
        if not line:
            return None
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            return NOT_UTF8
    if not line:
        return None
    if len(line) > MAX_LINE and not line.endswith("\n"):
        while True:
            rest = stdin.readline(MAX_LINE)
            if not rest or rest.endswith("\n"):
                break
        return "\x00" * (MAX_LINE + 1)
    return line


def run_headless(seed: int | None, variant: str, pads: Path | None, load: Path | None,
                 dice: tuple[int, ...] | None, stdin: IO, stdout: TextIO) -> int:
    """Play one game over JSON lines; returns the process exit status.

    A text ``stdin`` with a binary ``buffer`` underneath (``sys.stdin``) is read through
    that buffer, so the protocol decodes its input itself (see ``_read_line``).
    """
    raw = getattr(stdin, "buffer", None)
    try:
        return _play(seed, variant, pads, load, dice, raw if raw is not None else stdin,
                     stdout)
    except BrokenPipeError:
        return EXIT_OK


def _play(seed: int | None, variant: str, pads: Path | None, load: Path | None,
          dice: tuple[int, ...] | None, stdin: IO, stdout: TextIO) -> int:
    try:
        if load is not None:
            game = load_game(load)
        else:
            if seed is None:
                seed = int.from_bytes(os.urandom(8), "big") & (2**63 - 1)
            pad_data = load_pads(pads) if pads is not None else None
            game = HeraldGame.new(seed, variant, pad_data, dice)
    except (PadsError, SaveError, HeraldError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        _write(stdout, {"type": "error", "fatal": True, "message": message})
        return EXIT_BAD_INPUT
    _write(stdout, {"type": "start", "protocol": PROTOCOL, "seed": game.setup["seed"],
                    "variant": game.setup["variant"], "resumed": load is not None,
                    **pads_message(game.pads)})
    events: list[Event] = list(game.history) if load is None else []
    while game.outcome is None:
        _write(stdout, decision_message(game, events))
        while True:
            line = _read_line(stdin)
            if line is None:
                return EXIT_OK
            line = line.strip()
            if not line:
                continue
            if line == NOT_UTF8:
                _write(stdout, {"type": "error", "message": "the line is not valid UTF-8 text"})
                _write(stdout, decision_message(game, []))
                continue
            try:
                data = json.loads(line) if line.startswith("{") else None
            except (json.JSONDecodeError, RecursionError):
                data = None
            if isinstance(data, dict) and data.get("hint") is True:
                hint = choose(game)
                legal = game.legal_actions()
                index = legal.index(hint.action) if hint.action in legal else None
                _write(stdout, {"type": "hint", "action": hint.action.to_dict(),
                                "index": index, "reason": hint.reason})
                continue
            if isinstance(data, dict) and data.get("undo") is True:
                try:
                    game.undo()
                except IllegalAction as exc:
                    _write(stdout, {"type": "error", "message": str(exc)})
                    _write(stdout, decision_message(game, []))
                    continue
                events = []
                break
            try:
                action = _parse_choice(game, line)
                events = game.apply(action)
            except (InvalidAction, IllegalAction) as exc:
                _write(stdout, {"type": "error", "message": str(exc)})
                _write(stdout, decision_message(game, []))
                continue
            break
    _write(stdout, end_message(game, events))
    return EXIT_OK
