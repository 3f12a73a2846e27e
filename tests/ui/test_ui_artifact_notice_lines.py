"""Notice lines in the log speak of items by the names the seat knows them by: never an
item's id or its anonymous token (players never see internal ids)."""

from __future__ import annotations

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
