"""``to_plain``'s conventions, on records made for the purpose: tags, omitted Nones, the
flat notice, containers; and that a subclass of a primitive is written like its base."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from game.artifact.codec import CodecError, to_plain
from game.artifact.state import OMIT_NONE


@dataclass(frozen=True)
class Inner:
    KIND: ClassVar[str] = "inner"
    x: int
    note: str | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True)
class Outer:
    TYPE: ClassVar[str] = "outer"
    inner: Inner
    items: tuple[Inner, ...] = ()
    by_id: dict[int, Inner] = field(default_factory=dict)
    tags: frozenset[str] = frozenset()
    maybe: float | None = None


@dataclass(frozen=True)
class Notice:  # the name makes it flat, as the engine's Notice
    kind: str
    round: int
    about: dict[str, Any]


class Colour(enum.StrEnum):
    RED = "red"


def test_records_tags_omitted_nones_and_containers():
    value = Outer(Inner(1), (Inner(2, "two"),), {3: Inner(3)}, frozenset({"b", "a"}))
    assert to_plain(value) == {
        "type": "outer",
        "inner": {"kind": "inner", "x": 1},
        "items": [{"kind": "inner", "x": 2, "note": "two"}],
        "by_id": {"3": {"kind": "inner", "x": 3}},
        "tags": ["a", "b"],
        "maybe": None,  # left out only where the field says so
    }
    assert list(to_plain(value)) == ["type", "inner", "items", "by_id", "tags", "maybe"]


def test_a_notice_is_flat_and_primitives_stay_as_they_are():
    assert to_plain(Notice("sighting", 3, {"where": [1, 2], "n": Inner(4)})) == {
        "kind": "sighting", "round": 3, "where": [1, 2], "n": {"kind": "inner", "x": 4}}
    assert to_plain([True, 1, 1.5, "s", None, (2,)]) == [True, 1, 1.5, "s", None, [2]]
    assert to_plain(Colour.RED) is Colour.RED  # a str subclass is its own plain form


@pytest.mark.parametrize("bad", [object(), Inner, b"bytes", {1, Inner(1)}])
def test_anything_else_has_no_plain_form(bad):
    with pytest.raises((CodecError, TypeError)):
        to_plain(bad)
