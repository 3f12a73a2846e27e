"""The command line's windows: ``host`` opens the Judge's window in the same process (hub in
a background thread) and shuts the hub down when it closes; ``join`` and ``judge`` open
windows by default. Runs under the dummy video driver, each window bounded by
ARTIFACT_QUIT_AFTER_FRAMES."""

from __future__ import annotations

import subprocess
import sys
import time

from test_net_harness import ROOT, WAIT, _env
from test_net_harness import procs as procs  # noqa: F401  (fixture)

from net.actionlog import read


def _window_env(frames: int) -> dict[str, str]:
    env = _env()
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               ARTIFACT_QUIT_AFTER_FRAMES=str(frames))
    return env


def test_host_opens_the_judges_window_and_stops_the_hub_when_it_closes(tmp_path):
    save = tmp_path / "g.alog"
    result = subprocess.run(
        [sys.executable, "-m", "game", "host", "--players", "4", "--port", "0", "--seed", "5",
         "--save", str(save), "--mute", "--size", "1024x700"],
        cwd=ROOT, env=_window_env(90), capture_output=True, text=True, timeout=WAIT * 3,
        stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("hosting The Artifact on tcp://127.0.0.1:")
    joins = {line.split()[1] for line in lines if line.startswith("join ")}
    assert joins == {"pirates", "phoneco", "scientist", "alien", "judge"}
    assert lines[-1] == "ready"
    assert "hub: judge connected" in result.stderr  # the window joined over loopback
    header = read(save)[0].header
    assert header["seed"] == 5  # the log was written and closed cleanly


def test_join_and_judge_open_windows(procs, tmp_path):  # noqa: F811
    host = procs.host("--players", "3", "--port", "0", "--save", str(tmp_path / "w.alog"))
    runs = [subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT,
                             env=_window_env(60), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
            for args in (["join", host.joins["pirates"], host.joins["phoneco"], "--mute"],
                         ["judge", host.joins["judge"]])]
    for run in runs:
        out, err = run.communicate(timeout=WAIT * 3)
        assert run.returncode == 0, err
    wanted = [f"hub: {seat} connected" for seat in ("pirates", "phoneco", "judge")]
    deadline = time.monotonic() + WAIT
    while not all(w in "\n".join(host.err.lines) for w in wanted):
        assert time.monotonic() < deadline, host.err.lines
        time.sleep(0.05)
    assert host.alive()


def test_a_bad_frame_limit_is_one_line(tmp_path):
    env = _window_env(1)
    env["ARTIFACT_QUIT_AFTER_FRAMES"] = "soon"
    result = subprocess.run(
        [sys.executable, "-m", "game", "judge", "artifact://127.0.0.1:9/judge/" + "0" * 32],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=WAIT,
        stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "ARTIFACT_QUIT_AFTER_FRAMES" in lines[0]


def test_no_display_is_one_line_and_the_hub_stops(tmp_path):
    env = _window_env(10)
    env["SDL_VIDEODRIVER"] = "no-such-driver"
    save = tmp_path / "n.alog"
    result = subprocess.run(
        [sys.executable, "-m", "game", "host", "--players", "3", "--port", "0",
         "--save", str(save)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=WAIT * 2,
        stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "ready" in result.stdout.splitlines()  # the join strings came first
    errors = [line for line in result.stderr.splitlines() if not line.startswith("hub: ")]
    assert len(errors) == 1 and "cannot open a window" in errors[0] and "--no-window" in errors[0]
    assert read(save)[0].header["setup"]["players"] == 3  # the log is there to --resume
