"""The seat's action bar offers exactly the open options of the engine's
``available_actions`` for the selected character, and they work when clicked."""

from __future__ import annotations

import pygame
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact import preview
from game.artifact.example import example_game
from game.ui.artifact_seat_scene import GROUPS, ArtifactSeatScene
from game.ui.artifact_source import LocalTable


def test_action_bar_is_the_engines_open_options(ui_app):  # noqa: F811
    game, _log = example_game(6)
    table = LocalTable(game)
    w = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    w.frame()
    scene = w.scene
    carrier = next(cid for cid, e in scene.own().items() if e.items)
    w.press(f"select:{carrier}")
    assert scene.selected == carrier
    keys = [key for key, _label, _ok in scene.action_buttons(w.ctx)]
    opened = [o.key for o in preview.available_actions(scene.view, carrier) if o.ok]
    kinds = [k.partition(":")[0] for k in opened]
    several = {k for k in kinds if k in GROUPS and kinds.count(k) > 1}
    expected = [("mode:" + k if k in ("walk", "jog", "run") else
                 "suit:" + k[5:] if k.startswith("wear:") else
                 "group:" + kind if kind in several else k)
                for k, kind in zip(opened, kinds, strict=True)]
    assert keys == list(dict.fromkeys(expected))
    for kind in sorted(several):  # a group's button opens exactly its choices
        w.press(f"group:{kind}")
        inner = [key for key, _label, _ok in scene.action_buttons(w.ctx)]
        assert inner == [k for k in opened if k.partition(":")[0] == kind] + ["group_back"]
        w.press("group_back")
    assert "turn" in keys and "end_turn" in keys and any(k.startswith("drop:") for k in keys)
    item = next(k for k in keys if k.startswith("drop:"))[5:]
    w.press(f"drop:{item}")
    w.key(pygame.K_RETURN)
    assert item not in game.state.characters[carrier].items
    w.frame()
    # it has acted: nothing more for it but the seat-wide End Turn
    assert [k for k, _l, _o in scene.action_buttons(w.ctx)] == ["end_turn"]


def test_turn_bar_counts_down_from_the_hubs_timer(ui_app):  # noqa: F811
    """A window that joins late shows the seconds the hub says are left, not a whole turn."""
    from game.ui.artifact_source import LocalSource

    game, _log = example_game(6)
    table = LocalTable(game)

    class Late(LocalSource):
        @property
        def doc(self):
            return {**super().doc, "timer": {"seat": game.turn_seat, "round": game.round,
                                             "total": 180.0, "left": 95.0}}

    windows = [Window(ui_app, ArtifactSeatScene(Late(table, seat, 180.0)))
               for seat in ("pirates", "phoneco")]
    for w in windows:
        w.frame()
        w.ctx.text.clear()
        for _ in range(5):
            w.frame(1.0)
        rendered = {key[0] for key in w.ctx.text._cache}
        assert "timer 1:30" in rendered, sorted(t for t in rendered if "timer" in str(t))


def test_check_status_from_the_bar(ui_app):  # noqa: F811
    from game.artifact import actions as A
    from game.artifact.seats import JUDGE

    game, _log = example_game(6)
    s = game.state
    humans = sorted(c.id for c in game.own_characters("pirates")
                    if game.sheets.characters[c.sheet].kind == "human")
    fallen, checker = humans[:2]
    game.apply(JUDGE, A.JudgeMove(fallen, *game.plan.xy(s.characters[checker].square)))
    game.apply(JUDGE, A.JudgeSetStatus(fallen, "down"))
    table = LocalTable(game)
    w = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    w.frame()
    w.press(f"select:{checker}")
    w.press(f"check:{fallen}")
    w.key(pygame.K_RETURN)
    assert game.state.characters[fallen].status in ("dead", "serious")
    lines = [t for t, _c in w.scene.log.entries]
    assert any("Status check" in t for t in lines)


def test_an_invisible_aliens_powers_on_the_bar(ui_app, tmp_path):  # noqa: F811
    """Pan's bar offers its written move and its illusions (the engine's own options);
    the move's square is picked on the map and the written note appears in its secrets."""
    from pathlib import Path

    from game.artifact import actions as A
    from tests.artifact.secrecy_tools import start_game, to_seat

    game = start_game(5, 3, orders={"alien": A.Customize("pan")})
    to_seat(game, "alien")
    table = LocalTable(game)
    w = Window(ui_app, ArtifactSeatScene(table.source("alien")))
    w.frame()
    w.press("select:pan")
    keys = [key for key, _label, _ok in w.scene.action_buttons(w.ctx)]
    opened = [o.key for o in preview.available_actions(w.scene.view, "pan") if o.ok]
    assert "power:drift" in keys and "power:illusion:Zombie" in keys
    assert [k for k in keys if k.startswith("power:")] == [
        k for k in opened if k.startswith("power:")]
    w.press("power:drift")
    start = w.scene.own()["pan"].square
    target = next(tuple(a.path[-1]) for a in game.legal_actions("alien")
                  if isinstance(a, A.AlienPower) and a.power == "drift" and len(a.path) == 2)
    w.click_square(target)
    w.frame()
    shots = Path("shots")
    shots.mkdir(exist_ok=True)
    pygame.image.save(w.surface, str(shots / "alien_pan_bar.png"))
    assert game.plan.xy(game.state.characters["pan"].square) == target != start
    assert "power:drift" not in [k for k, _l, _o in w.scene.action_buttons(w.ctx)]
    assert len(game.state.aliens["alien"].notes) == 1
