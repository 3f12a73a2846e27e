"""The engine's refusals name characters as players know them: a headless client shows a
reason as it was sent (docs/protocol.md), so a reason may echo what the client itself
wrote (in quotes) but never carries a character's id or a counter's token of its own."""

from __future__ import annotations

import random
import re

import pytest

from game.artifact import actions as A
from game.artifact.example import example_game
from game.artifact.views import view_for
from tests.artifact.secrecy_tools import answers, computer_probes, probe_junk, to_seat

QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def _internal_words(game) -> set[str]:
    s = game.state
    return ({*s.characters, *(c.token for c in s.characters.values()), *s.items,
             *(i.token for i in s.items.values())})


def _leaks(reason: str, internal: set[str]) -> list[str]:
    """The ids and tokens ``reason`` carries outside the words the client sent (quoted)."""
    return [w for w in re.findall(r"[A-Za-z0-9_]+", QUOTED.sub("", reason)) if w in internal]


@pytest.mark.parametrize("seat", ["scientist", "alien", "pirates", "phoneco"])
def test_no_refusal_carries_an_internal_id(seat):
    """Every character of the seat tries the computer, the special areas, equipment and
    junk names: whatever the engine refuses, its reason names no id or token. (Fails
    before: "mccray is not at a working computer terminal", "kyoshi has no hands"...)"""
    game, _log = example_game(6)
    to_seat(game, seat)
    view = view_for(game, seat)
    internal = _internal_words(game)
    rng = random.Random(seat)
    reasons = []
    for cid in sorted(view.own.characters):
        actions = computer_probes(game, view, cid, rng) + probe_junk(game, seat, cid)
        actions += [A.WearSuit(cid, item, "N") for item in sorted(view.own.items)]
        reasons += [a[1] for a in answers(game, seat, actions) if a[0] != "ok"]
    assert len(reasons) > 20  # the probes are mostly refused: the walk checks something
    assert [(r, _leaks(r, internal)) for r in reasons if _leaks(r, internal)] == []


def test_the_acting_refusal_names_the_character():
    """The refusal a screen shows most ("has already acted") reads with the name."""
    game, _log = example_game(6)
    to_seat(game, "scientist")
    facing = game.state.characters["mccray"].facing
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Lab Segment", "", facing))
    said = answers(game, "scientist", [
        A.Hack("mccray", facing),
        A.SecurityAction("mccray", "snoop", "Lab Segment", "", facing)])
    assert [a[1] for a in said] == ["Dr. McCray has already acted this turn"] * 2
