"""Save files: atomic JSON of the versioned game dict; bad saves give one-line SaveError."""

from __future__ import annotations

import json
import random

import pytest

from game.herald.engine import HeraldGame
from game.herald.errors import SaveError
from game.herald.saves import load_game, save_game


def _midgame(seed: int = 11, steps: int = 9) -> HeraldGame:
    game = HeraldGame.new(seed, "linear", dice=[2, 6, 5, 4, 3, 3])
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_save_and_load_round_trip(tmp_path):
    game = _midgame()
    path = tmp_path / "game.json"
    save_game(path, game)
    loaded = load_game(path)
    assert loaded.to_dict() == game.to_dict()
    assert [a.to_dict() for a in loaded.log] == [a.to_dict() for a in game.log]
    assert not [p for p in tmp_path.iterdir() if p.name != "game.json"], "no temp files left"
    # the loaded game plays on exactly like the original
    action = game.legal_actions()[0]
    assert loaded.apply(action) == game.apply(action)


def test_save_overwrites_atomically(tmp_path):
    path = tmp_path / "game.json"
    save_game(path, _midgame(1))
    second = _midgame(2)
    save_game(path, second)
    assert load_game(path).to_dict() == second.to_dict()


@pytest.mark.parametrize("cut", [0.3, 0.7, 0.99])
def test_truncated_save_is_refused(tmp_path, cut):
    path = tmp_path / "game.json"
    save_game(path, _midgame())
    text = path.read_text()
    path.write_text(text[: int(len(text) * cut)])
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert "corrupt or truncated" in str(err.value) and "\n" not in str(err.value)
    assert str(path) in str(err.value)


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.update(version=99), "unsupported save version"),
        (lambda d: d.update(format="chess"), "not a Herald save"),
        (lambda d: d.pop("log"), "lacks its setup"),
        (lambda d: d["log"].append({"type": "fly_home"}), "does not replay"),
        (lambda d: d["log"].insert(0, {"type": "decline_event"}), "does not replay"),
        (lambda d: d["state"].update(supplies=4, leadership=1), "inconsistent"),
        (lambda d: d["setup"].update(seed="abc"), "does not replay"),
        (lambda d: d["setup"].update(pads={"holomap": 3}), "pads"),
    ],
)
def test_corrupt_saves_are_refused_with_one_line(tmp_path, mutate, words):
    data = _midgame().to_dict()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_garbage_and_missing_files(tmp_path):
    for content in ("", "[1, 2, 3]", "\x00\x01binary", "null"):
        path = tmp_path / "x.json"
        path.write_text(content)
        with pytest.raises(SaveError):
            load_game(path)
    with pytest.raises(SaveError, match="cannot read"):
        load_game(tmp_path / "nope.json")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000)
    with pytest.raises(SaveError):
        load_game(deep)


def test_custom_pads_travel_with_the_save(tmp_path):
    from game.herald.pads import BUNDLED, load_pads
    line = next(x for x in BUNDLED.read_text().splitlines() if x.startswith("3 = "))
    text = BUNDLED.read_text().replace(line, '3 = "1-1"')
    custom = tmp_path / "pads.toml"
    custom.write_text(text)
    game = HeraldGame.new(5, pads=load_pads(custom))
    path = tmp_path / "g.json"
    save_game(path, game)
    custom.unlink()
    loaded = load_game(path)
    assert loaded.pads.time_track.countdown_ranges[3] == (1, 1)
    assert loaded.to_dict() == game.to_dict()


def test_state_dict_round_trip_and_malformed_state():
    from game.herald.state import HeraldState, Outcome
    game = _midgame(4, 30)
    d = game.state.to_dict()
    assert HeraldState.from_dict(json.loads(json.dumps(d))).to_dict() == d
    if game.outcome is not None:
        assert Outcome.from_dict(game.outcome.to_dict()) == game.outcome
    broken = dict(d)
    del broken["supplies"]
    with pytest.raises(SaveError, match="state is malformed"):
        HeraldState.from_dict(broken)
    with pytest.raises(SaveError):
        HeraldState.from_dict({**d, "position": "here"})
