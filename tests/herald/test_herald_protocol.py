"""The headless JSON-lines bot protocol, in-process and through a real subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from game.herald.engine import HeraldGame
from game.herald.protocol import run_headless
from game.herald.saves import save_game

ROOT = Path(__file__).resolve().parents[2]


def _run(lines: list[str], **kw) -> tuple[int, list[dict]]:
    out = io.StringIO()
    args = {"seed": 4, "variant": "standard", "pads": None, "load": None, "dice": None}
    args.update(kw)
    code = run_headless(stdin=io.StringIO("".join(line + "\n" for line in lines)),
                        stdout=out, **args)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_start_then_decision_with_numbered_options():
    code, msgs = _run([])
    assert code == 0
    assert msgs[0]["type"] == "start" and msgs[0]["seed"] == 4
    dec = msgs[1]
    assert dec["type"] == "decision" and dec["kind"] == "assign_dice"
    assert [o["index"] for o in dec["options"]] == list(range(len(dec["options"])))
    assert dec["state"]["supplies"] == 4 and "rng" not in dec["state"]
    assert any(e["type"] == "dice_rolled" for e in dec["events"])


def test_errors_then_asks_again():
    code, msgs = _run(["not json", "[1,2]", '{"choose": 99999}', '{"type": "fly"}',
                       '{"action": {"type": "choose_direction", "direction": "L"}}'])
    assert code == 0
    kinds = [m["type"] for m in msgs]
    assert kinds == ["start", "decision"] + ["error", "decision"] * 5
    assert all(m["kind"] == "assign_dice" for m in msgs if m["type"] == "decision")
    assert "pending decision is 'assign_dice'" in msgs[-2]["message"]


def test_forced_dice_and_action_object():
    code, msgs = _run(['{"action": {"type": "assign_dice", "order": [0, 1, 2, 3, 4]}}'],
                      dice=(3, 6, 3, 3, 4, 5))
    assert code == 0
    first = msgs[1]
    assert first["context"]["dice"] == [6, 3, 3, 4, 5]
    after = msgs[2]
    assert after["type"] == "decision"
    assert after["state"]["assignment"] == {"direction": 6, "environment": 3, "sabotage": 3,
                                            "timeline": 4, "event": 5}


def test_full_game_by_hints_ends_with_outcome():
    out = io.StringIO()
    lines = "".join('{"hint": true}\n' if i % 2 == 0 else "" for i in range(0))
    # a bot that always answers option 0 plays to the end
    feed = io.StringIO(lines + '{"choose": 0}\n' * 400)
    code = run_headless(seed=8, variant="linear", pads=None, load=None, dice=None,
                        stdin=feed, stdout=out)
    msgs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0 and msgs[-1]["type"] == "end"
    end = msgs[-1]
    assert end["tier"] in ("defeat", "success", "outstanding", "complete")
    assert sorted(end["breakdown"]) == list("abcdefg")
    assert sum(end["breakdown"].values()) == end["score"]


def test_hint_and_undo_commands():
    code, msgs = _run(['{"hint": true}', '{"choose": 0}', '{"undo": true}', '{"undo": true}'],
                      dice=(1, 5, 5, 4, 2, 1))
    hint = msgs[2]
    assert hint["type"] == "hint" and hint["reason"] and isinstance(hint["index"], int)
    assert msgs[3]["type"] == "decision" and msgs[3]["can_undo"] is True
    assert msgs[4]["type"] == "decision" and msgs[4]["kind"] == "assign_dice"
    assert msgs[5]["type"] == "error" and "nothing to undo" in msgs[5]["message"]


def test_a_refused_undo_is_followed_by_the_decision_again():
    """The doc promises the decision again after every error; a bot waiting for it must
    not hang after a refused undo (on the old main only the error came)."""
    code, msgs = _run(['{"undo": true}', '{"choose": 0}'], dice=(1, 5, 5, 4, 2, 1))
    assert code == 0
    assert [m["type"] for m in msgs[:4]] == ["start", "decision", "error", "decision"]
    assert "nothing to undo" in msgs[2]["message"]
    assert msgs[3]["kind"] == msgs[1]["kind"] == "assign_dice"
    assert msgs[3]["options"] == msgs[1]["options"]


def test_start_message_gives_the_components_a_planning_bot_needs():
    from game.herald.holomap import neighbour
    from game.herald.pads import load_pads

    code, msgs = _run([])
    start = msgs[0]
    pads = load_pads()
    h = start["holomap"]
    assert {tuple(x) for x in h["hexes"]} == set(pads.holomap.regions)
    assert tuple(h["source"]) == pads.holomap.source
    assert [tuple(x) for x in h["lis_points"]] == list(pads.holomap.lis_points)
    assert tuple(h["earth"]) == pads.holomap.earth
    assert "odd rows" in h["coordinates"]
    for key, steps in h["neighbours"].items():
        col, row = map(int, key.split(","))
        for d, target in steps.items():
            assert tuple(target) == neighbour((col, row), d)
    matrix = start["event_matrix"]["events"]
    assert len(matrix) == 3 and all(len(col) == 8 for col in matrix)
    assert matrix[1][0]["name"] == pads.events[1][0].name
    assert matrix[1][0]["subjects"] == list(pads.events[1][0].subjects)
    assert {o["id"]: (o["expertise"], o["max_effectiveness"]) for o in start["officers"]} == {
        o.id: (o.expertise, o.max_effectiveness) for o in pads.officers}


def test_end_message_names_the_cause():
    code, msgs = _run(['{"choose": 0}'] * 400, seed=8)
    end = msgs[-1]
    assert end["type"] == "end" and end["cause"] == end["state"]["outcome"]["cause"]
    assert end["cause"] in ("supplies", "leadership", "reputation", "time", "cells", "results",
                            "success", "outstanding", "complete")


def test_bad_save_and_bad_pads_fail_in_one_line(tmp_path):
    bad = tmp_path / "s.json"
    bad.write_text('{"format": "herald-game", "vers')
    code, msgs = _run([], load=bad)
    assert code == 2 and msgs == [{"type": "error", "fatal": True,
                                   "message": msgs[0]["message"]}]
    assert "truncated" in msgs[0]["message"]
    pads = tmp_path / "p.toml"
    pads.write_text("[holomap]\nrows = 1\n")
    code, msgs = _run([], pads=pads)
    assert code == 2 and "p.toml:2" in msgs[0]["message"]


def test_load_resumes_a_save(tmp_path):
    game = HeraldGame.new(21)
    game.apply(game.legal_actions()[3])
    path = tmp_path / "g.json"
    save_game(path, game)
    code, msgs = _run([], load=path)
    assert msgs[0]["resumed"] is True and msgs[0]["seed"] == 21
    assert msgs[1]["kind"] == game.pending.kind
    assert msgs[1]["state"] == game.state.public_dict()


def _subprocess(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "herald", "--headless", *args],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120,
                          check=False)


def test_subprocess_plays_a_whole_game():
    proc = _subprocess(["--seed", "12", "--variant", "linear"], '{"choose": 0}\n' * 400)
    assert proc.returncode == 0, proc.stderr
    msgs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert msgs[0]["type"] == "start" and msgs[0]["variant"] == "linear"
    assert msgs[-1]["type"] == "end"


def test_subprocess_eof_and_forced_dice():
    proc = _subprocess(["--seed", "1", "--dice", "2,6,5,4,3,2"], "")
    assert proc.returncode == 0, proc.stderr
    msgs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert msgs[1]["context"]["dice"] == [6, 5, 4, 3, 2]
    assert msgs[1]["state"]["matrix"] == [1, 0]  # setup die 2: Vibrations


def test_invalid_utf8_on_strict_stdin_is_an_error_and_the_game_goes_on():
    """Under PYTHONIOENCODING=utf-8:strict Python's text stdin raises on bad bytes; the
    protocol reads bytes and decodes them itself (the old main crashed with a traceback)."""
    import os
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    proc = subprocess.run(
        [sys.executable, "-m", "game", "herald", "--headless", "--seed", "3"],
        input=b'\xff\xfe{"choose": 0}\n{"choose": \xc3(}\n{"choose": 0}\n', capture_output=True,
        cwd=ROOT, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    msgs = [json.loads(line) for line in proc.stdout.splitlines()]
    kinds = [m["type"] for m in msgs]
    assert kinds[:7] == ["start", "decision", "error", "decision", "error", "decision",
                         "decision"]
    assert "UTF-8" in msgs[2]["message"] and "UTF-8" in msgs[4]["message"]
    assert msgs[6]["kind"] != "assign_dice" or msgs[6]["turn"] == 2


def test_over_long_binary_line_is_an_error():
    out = io.StringIO()
    feed = io.BytesIO(b"x" * 70_000 + b'\n{"choose": 0}\n')
    code = run_headless(seed=4, variant="standard", pads=None, load=None, dice=None,
                        stdin=feed, stdout=out)
    msgs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0 and [m["type"] for m in msgs[:4]] == ["start", "decision", "error",
                                                           "decision"]


def test_over_long_line_is_an_error_and_the_game_goes_on():
    code, msgs = _run(["x" * 70_000, '{"choose": 0}'])
    assert code == 0
    assert [m["type"] for m in msgs[:5]] == ["start", "decision", "error", "decision",
                                             "decision"]
    assert "longer than" in msgs[2]["message"]


def test_closed_output_ends_quietly():
    class Closed(io.StringIO):
        def write(self, text):
            raise BrokenPipeError

    code = run_headless(seed=1, variant="standard", pads=None, load=None, dice=None,
                        stdin=io.StringIO(""), stdout=Closed())
    assert code == 0
