"""A client's view decoded part by part (``decode_view(..., reuse)``) equals a full decode.

A client keeps its document by applying the hub's diffs (``net.diff.patch``), which share
every unchanged part with the last document, and decodes the view handing back the parts
it decoded before. After every action of random games the view so decoded is compared with
a decode of the same document from scratch: as records and as packed plain bytes.
"""

from __future__ import annotations

import contextlib
import random

import msgpack
import pytest

from game.artifact.codec import from_plain, to_plain
from game.artifact.errors import ArtifactError
from game.artifact.seats import JUDGE
from game.artifact.viewcache import PlainViews
from game.artifact.viewtypes import VIEW_REUSE_MAX, SeatView, ViewError, decode_view
from net.codec import MAX_HUB_FRAME, decode, encode
from net.diff import diff, patch

from .secrecy_tools import hazards_in_play, quick_game, random_step

GAMES = 10


def _wire(ops: list) -> list:
    """The diff as a client gets it: packed and unpacked again (fresh objects)."""
    return decode(encode({"diff": ops}), MAX_HUB_FRAME)["diff"]


def _packed(view) -> bytes:
    return msgpack.packb(to_plain(view), use_bin_type=True)


def test_a_view_decoded_part_by_part_equals_a_full_decode_after_every_action():
    reused = 0
    for index in range(GAMES):
        rng = random.Random(47_000 + index)
        game = quick_game(3 + index % 6, index % 4)
        if index % 3 == 0:
            hazards_in_play(game, rng)
        views = PlainViews(game)
        seats = [*game.seats, JUDGE]
        sent = {seat: views.plain(seat) for seat in seats}
        docs = {seat: decode(encode({"view": sent[seat]}), MAX_HUB_FRAME) for seat in seats}
        memos: dict[str, dict] = {seat: {} for seat in seats}
        kept = {seat: decode_view(docs[seat]["view"], memos[seat]) for seat in seats}
        for step in range(rng.randrange(20, 40)):
            if game.phase != "play":
                break
            seat, action = random_step(game, rng)
            with contextlib.suppress(ArtifactError):
                game.apply(seat, action)
            for who in seats:
                new = views.plain(who)
                ops = diff({"view": sent[who]}, {"view": new})
                sent[who] = new
                if not ops:
                    continue
                before = kept[who]
                docs[who] = patch(docs[who], _wire(ops))
                kept[who] = decode_view(docs[who]["view"], memos[who])
                full = decode_view(docs[who]["view"])
                assert kept[who] == full, (index, step, who, action)
                assert _packed(kept[who]) == _packed(full), (index, step, who, action)
                reused += sum(getattr(kept[who], name) is getattr(before, name)
                              for name in type(full).__dataclass_fields__
                              if not isinstance(getattr(full, name), (str, int, type(None))))
    assert reused > 0  # parts were handed back, so the comparison covers reuse


def _seat_doc() -> tuple[dict, dict]:
    game = quick_game(4, 0)
    seat = game.seats[0]
    plain = PlainViews(game).plain(seat)
    return decode(encode({"view": plain}), MAX_HUB_FRAME)["view"], plain


def test_an_unchanged_part_is_handed_back_and_a_changed_one_decoded_again():
    doc, _ = _seat_doc()
    memo: dict = {}
    first = decode_view(doc, memo)
    assert isinstance(first, SeatView)
    notices = [*doc["notices"], {"kind": "placed", "round": 9}]
    second = decode_view({**doc, "notices": notices}, memo)
    assert second.map is first.map and second.own is first.own
    assert second.notices != first.notices and second.notices[-1].round == 9
    assert decode_view(dict(doc)).map is not first.map  # without the memo: all built anew


def test_a_changed_part_is_still_checked():
    doc, _ = _seat_doc()
    memo: dict = {}
    decode_view(doc, memo)
    with pytest.raises(ViewError, match="round"):
        decode_view({**doc, "notices": [{"kind": "placed", "round": "nine"}]}, memo)
    own = doc["own"]
    with pytest.raises(ViewError):  # the same map object put where another type belongs
        decode_view({**doc, "map": own}, memo)


def test_the_same_object_decoded_as_another_type_is_not_handed_back():
    memo: dict = {}
    data = [1, 2]
    assert from_plain(list[int], data, reuse=memo) == [1, 2]
    assert from_plain(tuple[int, ...], data, reuse=memo) == (1, 2)
    with pytest.raises(ArtifactError):
        from_plain(list[str], data, reuse=memo)


def test_the_memo_is_bounded():
    doc, _ = _seat_doc()
    memo = {(n, int): (None, None) for n in range(VIEW_REUSE_MAX + 1)}
    decode_view(doc, memo)
    assert len(memo) < VIEW_REUSE_MAX
