"""Hover previews: one plain line per Reading and die, matching what the engine does."""

from __future__ import annotations

from game.herald.engine import HeraldGame
from game.herald.holomap import neighbour
from game.herald.labels import describe_action
from game.herald.preview import reading_consequences
from game.herald.readings import ALL_READINGS


def test_every_reading_and_value_gives_one_line():
    game = HeraldGame.new(3)
    for reading in ALL_READINGS:
        for value in range(1, 7):
            text = reading_consequences(game.state, game.pads, reading, value)
            assert text and "\n" not in text and len(text) < 160


def test_previews_say_what_the_rules_do():
    game = HeraldGame.new(3, dice=[1])
    s, pads = game.state, game.pads
    assert "Supplies -1" in reading_consequences(s, pads, "environment", 2)
    assert "Full Resupply" in reading_consequences(s, pads, "environment", 3)
    assert "Shore Leave" in reading_consequences(s, pads, "environment", 6)
    assert "dormant" in reading_consequences(s, pads, "sabotage", 1)
    assert "Leadership -1" in reading_consequences(s, pads, "sabotage", 5)
    assert "Time +1" in reading_consequences(s, pads, "stec", 2)
    assert "first Challenge" in reading_consequences(s, pads, "event", 1)
    assert "both" in reading_consequences(s, pads, "event", 4)
    # from Vibrations (1, 0), Timeline 3 moves up and wraps to (1, 7)
    assert pads.events[1][7].name in reading_consequences(s, pads, "timeline", 3)
    # Earth sits on the left edge: moving left is off the map, left-and-up is not
    assert reading_consequences(s, pads, "direction", 1) == "move left-and-up"
    s.position = (2, 0)  # top row: both up-directions lead off the Holomap
    assert "lost" in reading_consequences(s, pads, "direction", 3)
    s.position = neighbour(pads.holomap.source, "L")
    assert "The Source within reach" in reading_consequences(s, pads, "direction", 6)
    s.time = 3
    assert "Countdown Roll" in reading_consequences(s, pads, "stec", 1)


def test_action_labels_are_plain_words():
    game = HeraldGame.new(4)
    for action in game.legal_actions():
        label = describe_action(action, game.state, game.pads)
        assert label.startswith("direction ") and "\n" not in label
