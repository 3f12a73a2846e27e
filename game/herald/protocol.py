"""The headless bot protocol: JSON lines on stdin/stdout (docs/herald-bot-protocol.md).

For every decision the game prints one ``decision`` object (the kind, a prompt, the
public state, the events since the last decision and the numbered legal options) and
reads one line choosing an option, by index or as an action object. A malformed or
illegal line gets an ``error`` object and the same decision again. The game ends with
an ``end`` object (outcome, tier, score breakdown). End of input ends cleanly (exit 0).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO

from game.herald.actions import action_from_dict
from game.herald.bot import choose
from game.herald.engine import HeraldGame
from game.herald.errors import HeraldError, IllegalAction, InvalidAction, PadsError, SaveError
from game.herald.events import Event
from game.herald.labels import describe_action
from game.herald.pads import load_pads
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


def end_message(game: HeraldGame, events: list[Event]) -> dict[str, Any]:
    out = game.outcome
    assert out is not None
    return {"type": "end", "victory": out.victory, "tier": out.tier, "reason": out.reason,
            "score": out.score, "breakdown": out.breakdown, "turn": game.state.turn,
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


def _read_line(stdin: TextIO) -> str | None:
    """One input line (None at end of input); an over-long line is read to its end and
    returned as a marker the parser rejects."""
    line = stdin.readline(MAX_LINE + 1)
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
                 dice: tuple[int, ...] | None, stdin: TextIO, stdout: TextIO) -> int:
    """Play one game over JSON lines; returns the process exit status."""
    try:
        return _play(seed, variant, pads, load, dice, stdin, stdout)
    except BrokenPipeError:
        return EXIT_OK


def _play(seed: int | None, variant: str, pads: Path | None, load: Path | None,
          dice: tuple[int, ...] | None, stdin: TextIO, stdout: TextIO) -> int:
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
                    "variant": game.setup["variant"], "resumed": load is not None})
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
