"""Every character counter has a portrait of its own: told apart at a glance on the map
(also in greyscale), the same wherever the counter is shown, and keyed by the counter's
name, so it tells no more than the name plate does."""

from __future__ import annotations

import itertools

import pygame
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)
from test_ui_artifact_table import table_in_play

from game.artifact.sheets import default_sheets
from game.ui.artifact_pieces import character_sprite, judge_pieces, seat_pieces
from game.ui.assets import SPRITES, Assets


def on_map_counters() -> dict[str, str]:
    """Counter name -> kind, for every character that stands on the map."""
    return {c.counter: c.kind for c in default_sheets().characters.values() if c.on_map}


def test_every_counter_on_the_map_has_a_portrait_of_its_own():
    sprites = {counter: character_sprite(counter, kind)
               for counter, kind in on_map_counters().items()}
    assert all(s.startswith("char_") and s in SPRITES for s in sprites.values()), sprites
    assert len(set(sprites.values())) == len(sprites)  # no two counters share one


def test_portraits_differ_at_counter_size_even_in_greyscale(ui_app):  # noqa: F811
    # At 32 pixels (a counter at a middle zoom) and without colour, every pair of
    # portraits differs clearly in at least 40 of its 1,024 pixels (the humans share a
    # body, so their headgear and chest emblem carry it); a near copy would differ in few.
    loader = Assets()
    grey = {}
    names = sorted({character_sprite(c, k) for c, k in on_map_counters().items()})
    for name in names:
        small = pygame.transform.smoothscale(loader.master(name), (32, 32))
        grey[name] = pygame.image.tobytes(pygame.transform.grayscale(small), "RGB")[::3]
    for a, b in itertools.combinations(names, 2):
        differ = sum(abs(x - y) > 40 for x, y in zip(grey[a], grey[b], strict=True))
        assert differ > 40, (a, b, differ)


def test_a_counter_looks_the_same_to_its_owner_to_others_and_to_the_judge(ui_app):  # noqa: F811
    from game.artifact.views import view_for

    table = table_in_play()
    game = table.game
    judge = {p.key: p for p in judge_pieces(game.state) if p.kind == "character"}
    for seat in game.state.specs:
        view = view_for(game, seat)
        for p in seat_pieces(view):
            if p.kind != "character" or p.ghost:
                continue
            assert p.sprite == character_sprite(p.label), (seat, p.label)
            assert p.sprite.startswith("char_")
    for cid, p in judge.items():
        sheet = default_sheets().characters[game.state.characters[cid].sheet]
        assert p.sprite == character_sprite(sheet.counter)
    # Lichter's counter is "Pirate": his portrait is the Pirate's, never a face of his own
    assert character_sprite("Pirate") == "char_pirate"
    assert len(judge) >= 10


def test_the_map_draws_each_characters_portrait_and_ghost(ui_app):  # noqa: F811
    from game.ui.artifact_map import DeckRenderer, Piece

    ctx = ui_app.ctx
    rect = pygame.Rect(0, 0, 48, 48)
    drawn = {}
    for name in ("Kyoshi", "Osorio", "Mendez", "Tech Bot", "Bug Alien"):
        for ghost in (False, True):
            surface = pygame.Surface((48, 48))
            DeckRenderer.draw_piece(surface, ctx, rect,
                                    Piece(name, "character", name, (0, 0),
                                          sprite=character_sprite(name), ghost=ghost))
            drawn[name, ghost] = pygame.surfarray.array3d(surface).tobytes()
    assert len(set(drawn.values())) == len(drawn)  # five faces, solid and ghosted
