"""Notice lines in the log speak of items by the names the seat knows them by: never an
item's id or its anonymous token (players never see internal ids)."""

from __future__ import annotations

import re

from game.artifact import actions as A
from game.artifact.example import example_game
from game.artifact.state import Notice
from game.artifact.views import view_for
from game.ui.artifact_panels import notice_text


def test_an_items_notice_names_what_was_dropped_and_taken():
    game, _log = example_game(11)
    view = view_for(game, "pirates")
    cid = next(c for c, e in view.own.characters.items() if e.items)
    entry = view.own.characters[cid]
    item = entry.items[0]
    name = view.own.items[item].name
    token = game.state.items[item].token
    game.apply("pirates", A.PickUpDrop(cid, (), (item,), entry.facing))
    names = {c: e.name for c, e in view.own.characters.items()}
    dropped = view_for(game, "pirates").notices[-1]
    text, _colour = notice_text(dropped, names)
    assert f"dropped {name}" in text and entry.name in text
    assert item not in text and token not in text and cid not in text

    game.apply("pirates", A.EndTurn())
    for seat in ("phoneco", "scientist", "alien"):
        game.apply(seat, A.EndTurn())
    entry = view_for(game, "pirates").own.characters[cid]
    game.apply("pirates", A.PickUpDrop(cid, (item,), (), entry.facing))
    took = view_for(game, "pirates").notices[-1]
    text, _colour = notice_text(took, names)
    assert f"took {name}" in text and item not in text and token not in text


def test_a_notice_line_says_its_round_in_words():
    """Each line starts with "Setup:" or "Round N:", never a code such as "(R0)"."""
    game, _log = example_game(11)
    view = view_for(game, "pirates")
    heads = [notice_text(n)[0] for n in view.notices]
    assert heads and all(h.startswith(("Setup: ", "Round ")) for h in heads)
    assert not any("(R" in h for h in heads)
    assert any(h.startswith("Setup: ") for h in heads)
    text, _colour = notice_text(Notice("trap_triggered", 3))
    assert text == "Round 3: A booby trap was triggered."


def test_every_combat_notice_reads_as_a_sentence_without_ids():
    """Each combat notice the engine sends has its own sentence (never the "News:"
    fallback), names characters as the seat knows them and shows no id or token."""
    names = {"kyoshi": "Kyoshi", "t17": "Osorio", "medkit_3": "Medkit"}
    shot = {"target": "t17", "hit": True, "roll": [5, 4], "needed": 7, "who": "Osorio",
            "result": "The target crumples, gravely hurt.", "token": "t17"}
    samples = [
        Notice("attack", 2, {"character": "kyoshi", "weapon": "Rifle", "fire": "Double fire",
                             "shots": [shot, {"target": [9, 7], "hit": False, "roll": [2, 1],
                                              "needed": 7, "result": "The shot goes wide."}],
                             "weapon_state": "jammed", "square": [5, 7]}),
        Notice("wounded", 2, {"character": "kyoshi", "result": "Light wound"}),
        Notice("unjam", 2, {"character": "kyoshi", "weapon": "Rifle", "roll": 3, "total": 4,
                            "cleared": True}),
        Notice("opportunity_fire", 2, {"character": "kyoshi", "square": [9, 7],
                                       "hostile": "phoneco"}),
        Notice("opportunity_triggered", 2, {"square": [9, 7]}),
        Notice("trap_went_off", 2, {"square": [9, 7], "results": [
            {"who": "Osorio", "result": "The target slumps, senseless."}]}),
        Notice("drive_detonation", 2, {}),
        Notice("first_aid", 2, {"character": "kyoshi", "patient": "t17", "how": "medkit",
                                "done": "revived", "why": ""}),
        Notice("treated", 2, {"character": "kyoshi", "done": "healed"}),
        Notice("bug_recovery", 2, {"character": "kyoshi", "result": "stunned"}),
        Notice("traps_inspected", 2, {"character": "kyoshi", "square": [9, 7],
                                      "disarmed": 1}),
        Notice("trap_disarmed", 2, {"square": [9, 7]}),
        Notice("mine_set", 2, {"character": "kyoshi", "square": [9, 7]}),
        Notice("mine_primed", 2, {"square": [9, 7]}),
        Notice("mine_went_off", 2, {"square": [9, 7], "results": []}),
        Notice("casualty", 2, {"character": "kyoshi", "casualty": "t17", "carried": True,
                               "team": 2}),
        Notice("trap_set", 2, {"character": "kyoshi", "square": [9, 7]}),
        Notice("repair", 2, {"character": "kyoshi", "target": "medkit_3", "roll": 5,
                             "total": 5, "done": "repaired", "why": ""}),
        Notice("repaired", 2, {"item": "medkit_3", "done": "repaired"}),
    ]
    for notice in samples:
        text, _colour = notice_text(notice, names)
        assert text.startswith("Round 2: ") and "News:" not in text, text
        assert "t17" not in text and "kyoshi" not in text and "_" not in text, text
        assert "(s)" not in text, text
        # places by name: the map has no grid to read "(9, 7)" against
        assert not re.search(r"\(\d+, \d+\)", text), text
    attack = notice_text(samples[0], names)[0]
    assert "Kyoshi attacks with the Rifle (double fire)" in attack
    assert "At Osorio: rolled 5 and 4, needed 7, hit. The target crumples" in attack
    assert "missed" in attack and "jams" in attack
    assert notice_text(samples[3], names)[0].endswith(
        "Kyoshi covers a square in Main Corridor: it fires at Bell Telephone characters "
        "entering it.")
    assert notice_text(samples[5], names)[0] == (
        "Round 2: Your booby trap in Main Corridor goes off. Osorio: The target slumps, "
        "senseless.")


def test_the_aliens_notices_have_sentences_without_codes():
    names = {"mccray": "McCray", "t1": "McCray", "pan": "Pan"}
    whisper = Notice("alien_power", 2, {"power": "suborn", "character": "pan", "target": "t1",
                                         "roll": 4, "needed": 4, "success": True})
    text, _colour = notice_text(whisper, names)
    assert text == "Round 2: Pan whispered to McCray: it will inform for you."
    back = Notice("control_returned", 3, {"character": "mccray", "counter": "McCray"})
    assert notice_text(back, names)[0] == "Round 3: McCray is back under your control."
    for kind in ("alien_moved", "egg_hatched", "egg_lost"):
        line = notice_text(Notice(kind, 1, {"character": "pan"}), names)[0]
        assert "News" not in line and "_" not in line


def test_hals_ram_moving_reads_in_words():
    names = {"hal": "HAL"}
    moved = Notice("alien_power", 3, {"power": "move_ram", "character": "hal",
                                      "target": "Command Pod", "success": True})
    assert notice_text(moved, names)[0] == "Round 3: HAL's RAM moved to the Command Pod."
    stayed = Notice("alien_power", 3, {"power": "move_ram", "character": "hal",
                                       "target": "Command Pod", "success": False})
    assert notice_text(stayed, names)[0] == ("Round 3: The Command Pod's terminal did not "
                                             "answer: the RAM stays where it was.")


def test_the_judges_move_says_where_and_which_way_in_words():
    """A character the Judge moved: the line names the space and the facing in words (the
    old line ended "facing E", a code), from the engine's own notice."""
    game, _log = example_game(11)
    game.apply("judge", A.JudgeMove("kyoshi", 5, 7, "E"))
    view = view_for(game, "pirates")
    moved = next(n for n in view.notices if n.kind == "judge_moved")
    names = {c: e.name for c, e in view.own.characters.items()}
    text, _colour = notice_text(moved, names)
    assert text == "Round 1: The Judge moved Kyoshi to Main Corridor, facing east."


def test_items_gone_from_where_the_map_showed_them_are_counted_in_words():
    text, _colour = notice_text(Notice("items", 2, {"character": "kyoshi", "took": [],
                                                    "dropped": [], "missing": ["t1"]}),
                                {"kyoshi": "Kyoshi"})
    assert text.endswith("1 item the map showed there was gone.")
    text, _colour = notice_text(Notice("items", 2, {"character": "kyoshi", "took": [],
                                                    "dropped": [], "missing": ["t1", "t2"]}),
                                {"kyoshi": "Kyoshi"})
    assert text.endswith("2 items the map showed there were gone.")
