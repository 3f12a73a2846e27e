"""A damaged action log and the real host process: only a torn tail is dropped, and it
says so; any other damage is one line and exit status 2 naming the record and its byte
offset; ``--salvage`` keeps a copy and resumes from the last good record.

The old host took a middle record whose length pointed past the end for a torn tail and
resumed with half the game, silently; it also dropped a last record with a flipped bit
without a word, and refused a log with zeros appended with no way out.
"""

from __future__ import annotations

from pathlib import Path

from test_net_e2e import PLAYERS, SEED, make_script
from test_net_harness import run_cli

from net.actionlog import MAGIC, read
from net.host import HostOptions, prepare

ACTIONS = 24


def _played_log(tmp_path: Path) -> tuple[Path, list[int]]:
    """A real game's log with ACTIONS actions and each record's byte offset."""
    save = tmp_path / "game.alog"
    game, log, _, _ = prepare(HostOptions(players=PLAYERS, seed=SEED, save=save))
    offsets = [len(MAGIC)]
    for seat, action in make_script(max_actions=ACTIONS, rounds=3):
        offsets.append(save.stat().st_size)
        game.apply(seat, action)
        log.append(seat, action.to_dict())
    log.close()
    assert len(offsets) == ACTIONS + 1
    return save, offsets


def _flip(path: Path, offset: int, mask: int = 0x10) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= mask
    path.write_bytes(bytes(data))


def _refused(save: Path, record: int, offset: int) -> None:
    before = save.read_bytes()
    result = run_cli("host", "--no-window", "--resume", str(save), "--port", "0")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1, lines
    assert f"record {record} " in lines[0] and f"at byte {offset} " in lines[0], lines[0]
    assert save.read_bytes() == before  # nothing was cut


def test_a_flipped_length_bit_in_the_middle_is_refused_not_cut(tmp_path):
    save, offsets = _played_log(tmp_path)
    _flip(save, offsets[12] + 1, 0x01)  # the length now points far past the end
    _refused(save, 12, offsets[12])


def test_a_flipped_bit_in_the_last_complete_record_is_refused(tmp_path):
    save, offsets = _played_log(tmp_path)
    _flip(save, offsets[-1] + 20)
    _refused(save, ACTIONS, offsets[-1])


def test_zeros_appended_are_refused_and_salvage_resumes_keeping_a_copy(procs, tmp_path):
    save, offsets = _played_log(tmp_path)
    good = save.read_bytes()
    save.write_bytes(good + bytes(4096))
    _refused(save, ACTIONS + 1, len(good))
    host = procs.host("--resume", str(save), "--port", "0", "--salvage")
    notes = [line for line in host.out.lines if line.startswith("resume:")]
    assert len(notes) == 1 and "salvaged" in notes[0] and f"{ACTIONS} actions" in notes[0]
    assert f"{ACTIONS} actions so far" in host.out.lines[0]
    assert (tmp_path / "game.alog.damaged").read_bytes() == good + bytes(4096)
    host.kill()
    assert save.read_bytes() == good
    assert len(read(save)[0].entries) == ACTIONS


def test_only_a_torn_final_record_is_dropped_and_the_host_says_so(procs, tmp_path):
    save, offsets = _played_log(tmp_path)
    data = save.read_bytes()
    save.write_bytes(data[:offsets[-1] + 15])  # died while writing the last action
    host = procs.host("--resume", str(save), "--port", "0")
    notes = [line for line in host.out.lines if line.startswith("resume:")]
    assert len(notes) == 1 and "torn" in notes[0] and f"byte {offsets[-1]}" in notes[0]
    assert f"{ACTIONS - 1} actions so far" in host.out.lines[0]
    host.kill()
    assert save.read_bytes() == data[:offsets[-1]]
