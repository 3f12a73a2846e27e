"""Players see words and pictures, not codes: no "SUP LEA INF DIP RES", no "OK PHY 1+4 vs 4"."""

from __future__ import annotations

import re

from game.herald.engine import HeraldGame
from game.herald.pads import SUBJECT_NAMES
from game.ui.herald_draw import BAY_LABELS, OUTCOME_ICONS
from game.ui.herald_orders import eligibility_words

CODE = re.compile(r"\b(SUP|LEA|INF|DIP|RES|CUL|COM|PHY|BIO|SPA|GRO|BAT|POL|OK)\b")


def test_command_bay_names_its_tracks_in_words():
    assert not any(CODE.search(label) for label in BAY_LABELS.values())
    assert BAY_LABELS["infiltration"] == "Cells aboard"


def test_officer_tags_say_who_can_lead_what_in_words():
    for code, name in SUBJECT_NAMES.items():
        for cost in (None, 0, -1, -3):
            text = eligibility_words(code, cost)
            assert name in text and not CODE.search(text) and "vs" not in text


def test_every_event_outcome_has_a_picture():
    game = HeraldGame.new(1)
    outcomes = {ev.outcome for column in game.pads.events for ev in column}
    assert outcomes <= set(OUTCOME_ICONS)


def test_event_prompts_name_subjects_in_words():
    for seed in range(40):
        game = HeraldGame.new(seed)
        while game.outcome is None and len(game.log) < 12:
            if game.pending.kind == "event_officers":
                assert not CODE.search(game.pending.prompt), game.pending.prompt
                break
            game.apply(game.legal_actions()[0])
