"""Transport pieces on their own: codec, diff, join strings, schema, action log."""

from __future__ import annotations

import os
import random
import struct
import zlib
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import codec, messages
from net.actionlog import MAGIC, ActionLog, LogDamage, read
from net.codec import (
    CLIENT_MAX_ARRAY,
    CLIENT_MAX_MAP,
    CLIENT_MAX_STR,
    MAX_CLIENT_FRAME,
    MAX_DEPTH,
    MAX_HUB_FRAME,
    decode,
    encode,
)
from net.diff import diff, fingerprint, patch
from net.errors import JoinStringError, LogError, ProtocolError
from net.joinstring import JoinString, curve_public_of, new_code, new_curve_keypair, parse
from net.messages import PROTOCOL_VERSION

# ---------------------------------------------------------------- codec


def test_codec_round_trip():
    msg = {"type": "chat", "req": 3, "to": None, "text": "héllo", "x": [1, 2.5, True, {"a": []}]}
    assert decode(encode(msg)) == msg


@pytest.mark.parametrize(
    "frame, code",
    [
        (b"", "malformed"),
        (b"\xc1", "malformed"),  # never-used byte
        (msgpack.packb([1, 2]), "malformed"),  # not a map
        (msgpack.packb({"type": "hb"})[:-1], "malformed"),  # truncated
        (msgpack.packb({"type": "hb"}) + b"\x00", "malformed"),  # trailing bytes
        (msgpack.packb({1: 2}), "malformed"),  # non-string key
        (msgpack.packb({"b": b"raw"}, use_bin_type=True), "malformed"),  # binary
        (msgpack.packb({"e": msgpack.ExtType(5, b"x")}), "malformed"),  # extension
        (b"\x81\xa1a\xa2\xff\xfe", "malformed"),  # invalid utf-8
        (b"\x91" * 5000, "malformed"),  # nested far too deep for msgpack itself
        (b"\x80" + b"\x00" * MAX_CLIENT_FRAME, "too_large"),
    ],
)
def test_codec_refuses(frame, code):
    with pytest.raises(ProtocolError) as info:
        decode(frame)
    assert info.value.code == code


def test_the_smallest_frame_over_the_value_budget_is_counted_and_refused():
    """Empty lists count twice their bytes: the most values a frame can hold."""
    frame = encode({"v": [[]] * (CLIENT_MAX_ARRAY - 1), "w": [[]] * (CLIENT_MAX_ARRAY - 1),
                    **{str(n): [[]] * (CLIENT_MAX_ARRAY - 1) for n in range(6)}})
    assert len(frame) <= MAX_CLIENT_FRAME and 2 * len(frame) > codec.CLIENT_MAX_VALUES
    with pytest.raises(ProtocolError) as info:
        decode(frame)
    assert info.value.code == "too_large"


def test_codec_refuses_moderate_nesting():
    value: object = 1
    for _ in range(MAX_DEPTH + 2):
        value = [value]
    with pytest.raises(ProtocolError, match="nested"):
        decode(encode({"type": "x", "v": value}))


@pytest.mark.parametrize("value, code", [
    ([0] * 65_000, "too_large"),                            # 65,000 small ints
    ([[0] * 100] * 100, "too_large"),                       # 10,000 values in short lists
    ([{}] * (CLIENT_MAX_ARRAY + 1), "malformed"),           # a list longer than any legal one
    ({"path": [[1, 2]] * 5000}, "malformed"),               # a move with 5,000 squares
    ("x" * (CLIENT_MAX_STR + 1), "malformed"),              # a string longer than a chat line
    ({str(n): n for n in range(CLIENT_MAX_MAP + 1)}, "malformed"),
    ([[[[[[[1]]]]]]], "malformed"),                         # deeper than any legal message
])
def test_client_frames_are_refused_by_their_limits_before_being_built(value, code):
    frame = encode({"type": "action", "req": 1, "action": {"type": "move", "v": value}})
    with pytest.raises(ProtocolError) as info:
        decode(frame)
    assert info.value.code == code
    if code == "malformed":  # the hub's own (large) frames are not held to these limits
        assert decode(frame, MAX_HUB_FRAME)["action"]["v"] == value


_PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=20) | st.dictionaries(st.text(), inner, max_size=8),
    max_leaves=200)


@settings(max_examples=300, deadline=None)
@given(_PLAIN)
def test_a_frame_holds_no_more_values_than_bytes(value):
    """Why frames of at most half ``CLIENT_MAX_VALUES`` bytes are not counted: every
    value msgpack reads takes at least one byte and is counted at most twice, so such a
    frame cannot exceed the budget; only longer frames, which can, are counted (and
    refused past it, above)."""
    frame = encode({"v": value})
    budget = codec._ValueBudget(2 * len(frame))
    msgpack.unpackb(frame, raw=False, **budget.hooks())
    assert budget.left >= 0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, messages.MAX_REQ), st.integers(0, 2**63), st.lists(_PLAIN, max_size=4))
def test_the_hubs_packed_acks_and_updates_are_the_messages_encoded(req, seq, ops):
    assert messages.ack_frame(req) == encode(messages.ack(req))
    assert messages.update_frame(seq, encode(ops)) == encode(messages.update(seq, ops))
    assert decode(messages.update_frame(seq, encode(ops)), MAX_HUB_FRAME)["seq"] == seq


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_codec_random_bytes_never_crash(data):
    try:
        result = decode(data)
    except ProtocolError as exc:
        assert exc.code in ("malformed", "too_large")
    else:
        assert isinstance(result, dict)


# ---------------------------------------------------------------- diff

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner,
                                                                max_size=3),
    max_leaves=12,
)
docs = st.dictionaries(st.text(max_size=2), plain, max_size=4)


@settings(max_examples=300, deadline=None)
@given(docs, docs)
def test_diff_patch_round_trip(old, new):
    ops = diff(old, new)
    assert patch(old, ops) == new
    assert decode(encode({"d": ops}), MAX_HUB_FRAME)["d"] == ops  # diffs travel as msgpack
    assert (ops == []) == (encode(old) == encode(new))


@settings(max_examples=300, deadline=None)
@given(docs, docs, st.integers(1, 3))
def test_diff_with_fingerprints_gives_the_same_operations(old, new, depth):
    assert diff(old, new, fingerprint(old, depth), fingerprint(new, depth)) == diff(old, new)


def test_fingerprints_skip_equal_parts_and_only_those():
    old = {"view": {"a": [1, 2], "b": {"c": 1, "d": "x"}}, "n": 1}
    same = {"view": {"a": [1, 2], "b": {"c": 1, "d": "x"}}, "n": 1}  # equal, not the same
    changed = {"view": {"a": [1, 2], "b": {"c": 1.0, "d": "x"}}, "n": 1}
    assert diff(old, same, fingerprint(old), fingerprint(same)) == []
    assert diff(old, changed, fingerprint(old), fingerprint(changed)) == [
        ["set", ["view", "b", "c"], 1.0]]
    # a fingerprint that claims equal bytes is believed: the parts are not walked
    lying = {"view": fingerprint(old["view"])}
    assert diff(old, changed, lying, lying) == []


def test_diff_appends_lists():
    old = {"chat": [{"t": 1}], "n": 1}
    new = {"chat": [{"t": 1}, {"t": 2}], "n": 1}
    assert diff(old, new) == [["ext", ["chat"], [{"t": 2}]]]
    assert diff(new, new) == []


def test_diff_tells_int_from_bool_and_float():
    assert diff({"a": 1}, {"a": True}) == [["set", ["a"], True]]
    assert diff({"a": 1}, {"a": 1.0}) == [["set", ["a"], 1.0]]


@pytest.mark.parametrize(
    "ops",
    ["x", [["set"]], [["bogus", ["a"], 1]], [["del", ["zz"]]], [["set", ["q", "r"], 1]],
     [["ext", ["a"], [1]]], [["set", [], 1]], [["set", [3], 1]]],
)
def test_patch_refuses_malformed(ops):
    with pytest.raises(ProtocolError):
        patch({"a": 1}, ops)


# ---------------------------------------------------------------- join strings


def test_join_string_round_trip_plain_and_encrypted():
    plain_join = JoinString("127.0.0.1", 5555, "pirates", new_code())
    assert parse(str(plain_join)) == plain_join and not plain_join.encrypted
    public, secret = new_curve_keypair()
    assert curve_public_of(secret) == public
    enc = JoinString("[::1]", 1, "judge", new_code(), public, secret)
    assert parse(str(enc)) == enc and enc.encrypted
    assert enc.endpoint == "tcp://[::1]:1"


@pytest.mark.parametrize(
    "text",
    ["", "http://x:1/pirates/" + "0" * 32, "artifact://x/pirates/" + "0" * 32,
     "artifact://x:0/pirates/" + "0" * 32, "artifact://x:99999/pirates/" + "0" * 32,
     "artifact://x:1/Pirates!/" + "0" * 32, "artifact://x:1/pirates/zz",
     "artifact://x:1/pirates/" + "0" * 32 + "/abc/def", "artifact://x y:1/p/" + "0" * 32],
)
def test_join_string_refuses(text):
    with pytest.raises(JoinStringError):
        parse(text)


# ---------------------------------------------------------------- schema


def test_schema_accepts_every_documented_message():
    for msg in (
        {"type": "hello", "v": PROTOCOL_VERSION, "seat": "pirates", "code": "c"},
        {"type": "action", "token": "t", "req": 1, "action": {"type": "x"}},
        {"type": "chat", "token": "t", "req": 2, "to": None, "text": "hi"},
        {"type": "chat", "token": "t", "req": 2, "to": "alien", "text": "hi"},
        {"type": "resync", "token": "t"}, {"type": "resync", "token": "t", "req": 4},
        {"type": "hb", "token": "t"}, {"type": "bye", "token": "t"},
    ):
        assert messages.validate(msg) is msg


@pytest.mark.parametrize(
    "msg, code",
    [
        ({}, "bad_field"),
        ({"type": 3}, "bad_field"),
        ({"type": "launch_missiles"}, "unknown_type"),
        ({"type": "hb", "token": "t", "extra": 1}, "bad_field"),
        ({"type": "hb"}, "not_authenticated"),
        ({"type": "resync", "token": 5}, "not_authenticated"),
        ({"type": "hello", "v": PROTOCOL_VERSION, "seat": "pirates"}, "bad_field"),
        ({"type": "hello", "v": "1", "seat": "pirates", "code": "c"}, "bad_field"),
        ({"type": "action", "token": "t", "req": True, "action": {}}, "bad_field"),
        ({"type": "action", "token": "t", "req": -1, "action": {}}, "bad_field"),
        ({"type": "action", "token": "t", "req": 1, "action": []}, "bad_field"),
        ({"type": "chat", "token": "t", "req": 1, "to": None, "text": "   "}, "bad_field"),
        ({"type": "chat", "token": "t", "req": 1, "to": None, "text": "x" * 5000}, "bad_field"),
        ({"type": "chat", "token": "t", "req": 1, "to": 5, "text": "x"}, "bad_field"),
    ],
)
def test_schema_refuses(msg, code):
    with pytest.raises(ProtocolError) as info:
        messages.validate(msg)
    assert info.value.code == code


# ---------------------------------------------------------------- action log


def test_log_round_trip_and_refuses_overwrite(tmp_path):
    path = tmp_path / "game.alog"
    log = ActionLog.create(path, {"setup": {"players": 3}, "seed": 7, "codes": {"a": "b"}})
    log.append("pirates", {"type": "X", "n": 1})
    log.append("judge", {"type": "Y"})
    log.close()
    assert os.stat(path).st_mode & 0o777 == 0o600
    contents, end = read(path)
    assert contents.header["seed"] == 7 and end == path.stat().st_size
    assert contents.entries == [("pirates", {"type": "X", "n": 1}), ("judge", {"type": "Y"})]
    with pytest.raises(LogError, match="already exists"):
        ActionLog.create(path, {})


@pytest.mark.parametrize("cut", [1, 5, 11, 12, 13, 17])
def test_log_torn_tail_is_dropped_on_resume(tmp_path, cut):
    path = tmp_path / "game.alog"
    log = ActionLog.create(path, {"seed": 1})
    log.append("pirates", {"type": "A"})
    size_one = path.stat().st_size
    log.append("pirates", {"type": "B"})
    log.close()
    data = path.read_bytes()
    path.write_bytes(data[: size_one + cut])  # the host died writing the second record
    log, contents, salvaged = ActionLog.resume(path)
    assert contents.entries == [("pirates", {"type": "A"})] and salvaged is None
    assert contents.torn == cut and "torn" in log.notes[0]
    assert path.stat().st_size == size_one
    log.append("scientist", {"type": "C"})
    log.close()
    assert read(path)[0].entries[-1] == ("scientist", {"type": "C"})


def _three_actions(tmp_path) -> tuple[Path, list[int]]:
    """A log with three actions and the byte offset of each record (header first)."""
    path = tmp_path / "game.alog"
    log = ActionLog.create(path, {"seed": 1})
    offsets = [len(MAGIC)]
    for n in range(3):
        offsets.append(path.stat().st_size)
        log.append("pirates", {"type": "A", "n": n})
    log.close()
    return path, offsets


@pytest.mark.parametrize("record, delta, why", [
    (2, 0, "length"),        # a flipped bit in a middle record's length field
    (2, 3, "length"),
    (3, 1, "length"),        # ... in the last record's length
    (3, 13, "contents"),     # ... inside the last complete record's payload
    (1, 14, "contents"),
])
def test_log_damage_is_an_error_naming_record_and_offset(tmp_path, record, delta, why):
    path, offsets = _three_actions(tmp_path)
    data = bytearray(path.read_bytes())
    data[offsets[record] + delta] ^= 0x40
    path.write_bytes(bytes(data))
    with pytest.raises(LogDamage, match=f"record {record} .* at byte {offsets[record]} .*{why}"):
        read(path)
    with pytest.raises(LogDamage):
        ActionLog.resume(path)
    assert path.read_bytes() == bytes(data)  # nothing cut


def test_log_zeros_after_the_end_are_damage_and_salvage_keeps_a_copy(tmp_path):
    path, offsets = _three_actions(tmp_path)
    good = path.read_bytes()
    path.write_bytes(good + bytes(4096))
    with pytest.raises(LogDamage, match=f"record 4 .* at byte {len(good)}"):
        read(path)
    log, contents, salvaged = ActionLog.resume(path, salvage=True)
    log.close()
    assert salvaged is not None and salvaged.actions_kept == 3 == len(contents.entries)
    assert salvaged.copy.read_bytes() == good + bytes(4096)
    assert path.read_bytes() == good
    # a damaged middle record: salvage keeps what precedes it
    data = bytearray(good)
    data[offsets[2] + 14] ^= 1
    path.write_bytes(bytes(data))
    log, contents, salvaged = ActionLog.resume(path, salvage=True)
    log.close()
    assert contents.entries == [("pirates", {"type": "A", "n": 0})]
    assert salvaged is not None and salvaged.copy.name == "game.alog.damaged.1"
    assert read(path)[1] == offsets[2]


def test_log_format_1_is_read_and_rewritten_on_resume(tmp_path):
    def record(payload):
        body = msgpack.packb(payload, use_bin_type=True)
        return struct.pack(">II", len(body), zlib.crc32(body)) + body

    path = tmp_path / "old.alog"
    path.write_bytes(b"ARTLOG1\n" + record({"kind": "game", "version": 1, "seed": 4})
                     + record({"kind": "action", "n": 0, "seat": "judge", "action": {"t": 1}}))
    contents, _ = read(path)
    assert contents.format == 1 and contents.entries == [("judge", {"t": 1})]
    log, contents, _ = ActionLog.resume(path)
    log.append("pirates", {"t": 2})
    log.close()
    again, end = read(path)
    assert path.read_bytes().startswith(MAGIC) and end == path.stat().st_size
    assert again.entries == [("judge", {"t": 1}), ("pirates", {"t": 2})]
    assert again.header["seed"] == 4


def test_log_refuses_other_files(tmp_path):
    path = tmp_path / "junk"
    path.write_bytes(b"hello world")
    with pytest.raises(LogError, match="not an Artifact action log"):
        read(path)
    path.write_bytes(MAGIC)
    with pytest.raises(LogError, match="header"):
        read(path)
    path.write_bytes(bytes(random.Random(3).randrange(256) for _ in range(100)))
    with pytest.raises(LogError):
        read(path)


def test_protocol_doc_lists_every_engine_action_with_its_fields():
    import dataclasses
    import re
    from pathlib import Path

    from game.artifact.actions import ACTION_TYPES

    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    section = doc.split("### Engine actions", 1)[1].split("\n## ", 1)[0]
    documented = {}
    for line in section.splitlines():
        match = re.match(r"\| `([a-z_]+)` \| (.*?) \|", line)
        if match:
            documented[match.group(1)] = re.findall(r"`([a-z_]+)`", match.group(2))
    assert set(documented) == set(ACTION_TYPES)
    for kind, cls in ACTION_TYPES.items():
        assert documented[kind] == [f.name for f in dataclasses.fields(cls)], kind


def test_protocol_doc_names_only_keys_the_views_have():
    import re
    from pathlib import Path

    from game.artifact.codec import to_plain
    from game.artifact.engine import ArtifactGame
    from game.artifact.seats import JUDGE
    from game.artifact.views import view_for

    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    section = doc.split("A seat's view is a map", 1)[1].split("* `presence`", 1)[0]
    seat_part, judge_part = section.split("The Judge's view has", 1)
    seat_keys = {key for line in seat_part.splitlines() if line.startswith("  | `")
                 for key in re.findall(r"`([a-z_]+)`", line.split("|")[1])}
    judge_keys = set(re.findall(r"`([a-z_]+)`", judge_part))
    game = ArtifactGame.new({"players": 3}, 1)
    assert len(seat_keys) > 15 and seat_keys <= set(to_plain(view_for(game, "pirates")))
    assert judge_keys <= set(to_plain(view_for(game, JUDGE))) and "state" in judge_keys


def test_patch_leaves_the_old_document_alone_and_shares_the_rest():
    old = {"view": {"a": {"x": 1}, "b": {"y": [1]}}, "chat": [1]}
    snapshot = encode(old)
    new = patch(old, [["set", ["view", "a", "x"], 2], ["ext", ["chat"], [2]]])
    assert encode(old) == snapshot  # untouched
    assert new == {"view": {"a": {"x": 2}, "b": {"y": [1]}}, "chat": [1, 2]}
    assert new["view"]["b"] is old["view"]["b"]  # unchanged parts are shared
    assert new["view"] is not old["view"] and new is not old


def test_protocol_doc_states_the_hub_limits_it_enforces():
    from pathlib import Path

    from net import codec, hub

    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    transport = " ".join(doc.split("## Transport", 1)[1].split("\n## ", 1)[0].split())

    def number(n: int) -> str:
        return f"{n:,}".replace(",", " ")

    for stated in (f"{number(codec.MAX_CLIENT_FRAME)} bytes", f"{hub.HELLO_MAX} bytes",
                   f"longer than {codec.CLIENT_MAX_ARRAY}", f"more than {codec.CLIENT_MAX_MAP}",
                   f"longer than {number(codec.CLIENT_MAX_STR)} bytes",
                   f"{number(codec.CLIENT_MAX_VALUES)} values",
                   f"deeper than {codec.CLIENT_MAX_DEPTH}",
                   f"above {hub.TRANSPORT_MAX // 1024} KiB", f"at most {hub.RCV_QUEUE} incoming",
                   f"at most {hub.SND_QUEUE} outgoing",
                   f"burst of {hub.CONN_BUDGET} messages", f"{number(int(hub.CONN_RATE))} a second",
                   f"burst of {hub.WORK_BURST} s", f"{hub.WORK_RATE} s per second",
                   f"At most {hub.UNAUTH_MAX} connections",
                   f"within {int(hub.UNAUTH_SECONDS)} seconds"):
        assert stated in transport, stated
    assert f"at most {hub.MAX_PATH}: the largest movement allowance" in doc
