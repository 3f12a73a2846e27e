"""The rules screen: scrolling stops at the end, the scrollbar stays clear of Back, and the
text states the rules choices the notes make (Dilemma floor, Alien Tech on the roll)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.rules_scene import RulesScene, rules_entries
from game.ui.scene import Reset


def _key(app, key):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def _visible(app, scene):
    ctx = app.ctx
    area = scene.text.rect
    lines = scene.text._lines(ctx, ctx.type.body)
    lh = ctx.text.font(ctx.type.body).get_linesize()
    visible = area.h // lh
    return lines, visible


def _paged_to_the_end(size) -> tuple[App, RulesScene]:
    app = App(size, mute=True)
    scene = RulesScene()
    app.apply(Reset(scene))
    app.render()
    for _ in range(60):
        _key(app, pygame.K_PAGEDOWN)
    return app, scene


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_scrolling_stops_with_the_last_line_at_the_bottom(tmp_path, monkeypatch, size):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    app, scene = _paged_to_the_end(size)
    for _ in range(40):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    app.render()
    lines, visible = _visible(app, scene)
    assert len(lines) > visible, "the reference must be long enough to scroll at this size"
    # the view ends exactly at the last line: a full page of text, none past the end
    assert scene.text.offset == len(lines) - visible
    # one step back up moves the view at once (no dead scrolling past the end)
    _key(app, pygame.K_UP)
    assert scene.text.offset == len(lines) - visible - 1


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_scrollbar_never_reaches_the_back_button(tmp_path, monkeypatch, size):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    app, scene = _paged_to_the_end(size)
    lines, visible = _visible(app, scene)
    area = scene.text.rect
    back = scene.buttons(app.ctx)[0].rect
    start = scene.text.offset
    # the bar the text widget draws: from start/total to (start+visible)/total of the area
    bar_bottom = area.y + round(start / len(lines) * area.h) + round(visible / len(lines) * area.h)
    assert bar_bottom <= area.bottom + 1
    assert area.bottom <= back.top


def test_rules_text_states_the_dilemma_floor_and_the_alien_tech_modifier():
    text = " ".join(line for line, _ in rules_entries())
    assert "never drops below 3" in text
    assert "+1 modifier" in text and "Alien Travel Technology" in text
