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
    assert str(err.value).startswith("game.json: ") and str(tmp_path) not in str(err.value)


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
    with pytest.raises(SaveError, match="no save file"):
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


def _damaged_saves() -> dict[str, bytes]:
    """Every kind of damage a file on disk can carry, as raw bytes."""
    good = _midgame().to_dict()

    def edited(change) -> bytes:
        data = json.loads(json.dumps(good))
        change(data)
        return json.dumps(data).encode()

    text = json.dumps(good)
    return {
        "turn 1e400": text.replace('"turn":', '"turn": 1e400, "x":', 1).encode(),
        "seed 1e400": edited(lambda d: d["setup"].update(seed=0)).replace(
            b'"seed": 0', b'"seed": 1e400'),
        "deep brackets": b"[" * 100_000,
        "deep closed brackets": b"[" * 100_000 + b"]" * 100_000,
        "deep object": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        "5000-digit seed": edited(lambda d: d["setup"].update(seed=0)).replace(
            b'"seed": 0', b'"seed": ' + b"7" * 5000),
        "4000-digit seed": edited(lambda d: d["setup"].update(seed=0)).replace(
            b'"seed": 0', b'"seed": ' + b"7" * 4000),
        "negative seed": edited(lambda d: d["setup"].update(seed=-3)),
        "seed true": edited(lambda d: d["setup"].update(seed=True)),
        "seed list": edited(lambda d: d["setup"].update(seed=[1, 2])),
        "variant number": edited(lambda d: d["setup"].update(variant=3)),
        "dice strings": edited(lambda d: d["setup"].update(dice=["a"])),
        "dice huge": edited(lambda d: d["setup"].update(dice=[10**300])),
        "setup list": edited(lambda d: d.update(setup=[])),
        "state list": edited(lambda d: d.update(state=[1])),
        "state turn inf": text.replace('"turn":', '"turn": Infinity, "y":', 1).encode(),
        "version float": edited(lambda d: d.update(version=1e400)),
        "version true": edited(lambda d: d.update(version=True)),
        "pads weird": edited(lambda d: d["setup"].update(pads={"holomap": [[1e400]]})),
        "log item number": edited(lambda d: d["log"].insert(1, 5)),
        "log item no type": edited(lambda d: d["log"].insert(1, {"order": [0, 1, 2, 3, 4]})),
        "log order huge": edited(lambda d: d["log"].insert(
            0, {"type": "assign_dice", "order": [10**4000, 0, 1, 2, 3]})),
        "log order floats": edited(lambda d: d["log"].insert(
            0, {"type": "assign_dice", "order": [0.5, 0, 1, 2, 3]})),
        "log order negative": edited(lambda d: d["log"].insert(
            0, {"type": "assign_dice", "order": [-1, -2, -3, -4, -5]})),
        "log direction number": edited(lambda d: d["log"].append(
            {"type": "choose_direction", "direction": 7})),
        "log extra field": edited(lambda d: d["log"].append(
            {"type": "decline_event", "why": "x" * 10_000})),
        "invalid utf-8": text.encode()[:50] + b"\xff\xfe\xc3(" + text.encode()[50:],
        "truncated": text.encode()[: len(text) // 2],
        "nan state": edited(lambda d: d["state"].update(supplies=float("nan"))),
        "binary": bytes(range(256)) * 8,
        "only whitespace": b"   \n\t ",
        "bom": b"\xef\xbb\xbf" + text.encode(),
    }


@pytest.mark.parametrize("kind", sorted(_damaged_saves()))
def test_any_damage_is_one_plain_save_error(tmp_path, kind):
    """Every damaged file gives SaveError (never OverflowError, RecursionError, ValueError),
    and its message is one short line without a path or a parser's line and column."""
    from game.herald.saves import read_summary
    path = tmp_path / "herald-autosave.json"
    path.write_bytes(_damaged_saves()[kind])
    for reader in (load_game, read_summary):
        with pytest.raises(SaveError) as err:
            reader(path)
        message = str(err.value)
        assert message.startswith("herald-autosave.json: ")
        assert "\n" not in message and len(message) < 200
        assert str(tmp_path) not in message
        assert "line " not in message and "column" not in message
        assert "Traceback" not in message and "Exceeds the limit" not in message


def test_read_summary_of_a_good_save(tmp_path):
    from game.herald.saves import read_summary
    game = _midgame()
    path = tmp_path / "g.json"
    save_game(path, game)
    summary = read_summary(path)
    assert (summary.turn, summary.seed, summary.variant) == (game.state.turn, 11, "linear")
    assert summary.describe() == f"turn {game.state.turn}, seed 11, Linear Timeline"
    assert summary.finished is False


def test_unreadable_file_names_the_file_only(tmp_path):
    folder = tmp_path / "herald-autosave.json"
    folder.mkdir()
    with pytest.raises(SaveError) as err:
        load_game(folder)
    assert str(err.value).startswith("herald-autosave.json: cannot read the save")
    assert str(tmp_path) not in str(err.value)
