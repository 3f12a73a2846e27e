"""Starting and resuming a hosted game without the network: codes, keys, replay."""

from __future__ import annotations

import pytest

from game.artifact.actions import VoteEncryption
from game.artifact.datafiles import data_fingerprint
from game.artifact.seats import JUDGE
from net.actionlog import ActionLog, read
from net.errors import LogError, NetError
from net.host import HostOptions, join_strings, prepare
from net.joinstring import curve_public_of, parse


def test_a_resumed_game_keeps_its_codes_keys_and_state(tmp_path):
    save = tmp_path / "g.alog"
    game, log, codes, curve = prepare(HostOptions(players=4, seed=12, save=save, encrypt=True))
    assert set(codes) == {*game.seats, JUDGE} and len(set(codes.values())) == len(codes)
    assert set(curve["clients"]) == set(codes)
    for seat in ("pirates", "phoneco"):
        action = VoteEncryption(allow=True)
        game.apply(seat, action)
        log.append(seat, action.to_dict())
    log.close()
    again, log2, codes2, curve2 = prepare(HostOptions(resume=save))
    log2.close()
    assert (codes2, curve2) == (codes, curve)
    assert again.to_json() == game.to_json()
    joins = join_strings("127.0.0.1", 47474, codes2, curve2)
    judge = parse(str(joins[JUDGE]))
    assert judge.code == codes[JUDGE] and judge.server_key == curve["server_public"]
    assert judge.client_secret == curve["clients"][JUDGE]
    assert curve_public_of(curve["server_secret"]) == curve["server_public"]


def test_a_log_that_does_not_replay_is_refused(tmp_path):
    save = tmp_path / "g.alog"
    game, log, codes, _ = prepare(HostOptions(players=3, seed=1, save=save))
    log.append("pirates", {"type": "start_play"})  # never legal for a seat
    log.close()
    with pytest.raises(LogError, match="logged action 0 does not replay"):
        prepare(HostOptions(resume=save))


def test_a_log_with_foreign_codes_or_setup_is_refused(tmp_path):
    save = tmp_path / "g.alog"
    ActionLog.create(save, {"setup": {"players": 3}, "seed": 1, "data": data_fingerprint(),
                            "codes": {"x": "y"}}).close()
    with pytest.raises(LogError, match="seat codes"):
        prepare(HostOptions(resume=save))
    bad = tmp_path / "b.alog"
    ActionLog.create(bad, {"setup": {"players": 99}, "seed": 1, "codes": {}}).close()
    with pytest.raises(LogError, match="setup"):
        prepare(HostOptions(resume=bad))
    assert read(bad)[0].entries == []


def test_a_bad_setup_is_one_clear_error(tmp_path):
    with pytest.raises(NetError, match="3 to 8"):
        prepare(HostOptions(players=2, save=tmp_path / "x.alog"))
    assert not (tmp_path / "x.alog").exists()


def test_a_log_played_with_other_data_files_is_refused_in_one_line(tmp_path):
    """The header names every data file with its hash; resuming with other data would give
    the same actions another meaning, so it is refused naming what differs (old main
    resumed such a log silently)."""
    save = tmp_path / "g.alog"
    data = dict(data_fingerprint())
    data["equipment.toml"] = "sha256:" + "0" * 64
    del data["deck.toml"]
    ActionLog.create(save, {"setup": {"players": 3}, "seed": 1, "data": data,
                            "codes": {"x": "y"}}).close()
    with pytest.raises(LogError) as refused:
        prepare(HostOptions(resume=save))
    message = str(refused.value)
    assert "\n" not in message
    assert "equipment.toml changed" in message and "deck.toml added" in message
    unnamed = tmp_path / "u.alog"
    ActionLog.create(unnamed, {"setup": {"players": 3}, "seed": 1, "codes": {}}).close()
    with pytest.raises(LogError, match="does not say which data files"):
        prepare(HostOptions(resume=unnamed))
    game, log, _codes, _curve = prepare(HostOptions(players=3, save=tmp_path / "new.alog",
                                                    seed=3))
    log.close()
    assert read(tmp_path / "new.alog")[0].header["data"] == data_fingerprint()


#: Run in a fresh interpreter (the loaders keep what they loaded for the whole process):
#: start a host's game, then print which loaders hold their data and whether the deck
#: plan's sight table has walked every area. With ``DAMAGED``, the victory sheets are a
#: broken copy first, and the host's refusal is printed.
_PRELOAD_PROBE = r"""
import shutil, sys
from pathlib import Path
import game.artifact.datafiles as datafiles
tmp = Path(sys.argv[1])
if sys.argv[2] == "damaged":
    data = tmp / "data"
    shutil.copytree(datafiles.DATA_DIR, data)
    (data / "victory.toml").write_text("[[level\n", encoding="utf-8")
    datafiles.DATA_DIR = data
from game.artifact import (alien_sheets, combat_charts, customize, deckplan, informants,
                           space, victory)
from game.artifact.sight import sight_table
from net.errors import NetError
from net.host import HostOptions, prepare
try:
    game, log, _, _ = prepare(HostOptions(players=4, seed=5, save=tmp / "g.alog"))
except NetError as exc:
    print("refused:", exc)
    raise SystemExit(0)
log.close()
loaders = (space.space_data, combat_charts.default_charts, victory.default_victory,
           informants.default_informants, alien_sheets.default_aliens, customize.ship_stores)
print(*(f.cache_info().currsize for f in loaders))
plan = deckplan.feynman()
table = sight_table(plan)
print("areas", len(table._areas), len(table.members))
print("outside", "outside" in plan.memo, "shields_view" in plan.memo)
"""


def _preload_probe(tmp_path, mode: str) -> str:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", _PRELOAD_PROBE, str(tmp_path), mode],
                          capture_output=True, text=True, timeout=120, env=env, cwd=root)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_host_loads_every_data_file_and_the_sight_lines_before_anyone_joins(tmp_path):
    # Loaded on first use, they made the action that starts play take 40-60 ms.
    lines = _preload_probe(tmp_path, "intact").splitlines()
    assert lines[0] == "1 1 1 1 1 1"
    _, walked, areas = lines[1].split()
    assert walked == areas and int(areas) > 0
    # what of space each square looks out on (3 ms more), where the shields show from
    assert lines[2] == "outside True True"


def test_a_damaged_data_file_stops_the_host_before_anyone_joins(tmp_path):
    out = _preload_probe(tmp_path, "damaged")
    assert out.startswith("refused:") and "victory.toml" in out
    assert len(out.strip().splitlines()) == 1
