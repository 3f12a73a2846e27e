"""The pause overlay: Esc twice or Menu never leave a voyage without a question; settings
change at once, persist, and a damaged settings file gives defaults with a note."""

from __future__ import annotations

import json

import pygame
import pytest

from game.herald.engine import HeraldGame
from game.ui.app import App
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import HeraldScene, autosave_path
from game.ui.scene import Reset
from game.ui.settings import Settings, load_settings, save_settings, settings_path


def _game(home, size=(1280, 800)):
    app = App(size, mute=True)
    scene = HeraldScene(HeraldGame.new(6), autosave=autosave_path(home))
    app.apply(Reset(scene))
    pilot = Pilot(app)
    pilot.settle()
    return app, pilot, scene


def _click(app, pilot, key):
    button = next(b for b in app.top.buttons(app.ctx) if b.key == key)
    pilot.click(button.rect.center)


def test_escape_twice_pauses_and_resumes_never_leaves(home):
    """On the old main Esc went straight to the title, twice quit the program."""
    app, pilot, scene = _game(home)
    pilot.press(pygame.K_ESCAPE)
    assert app.top.name == "pause" and app.running
    pilot.press(pygame.K_ESCAPE)
    assert app.top is scene and app.running
    for _ in range(4):
        pilot.press(pygame.K_ESCAPE)
    assert app.running and app.top.name in ("pause", "herald")
    assert scene in app.stack


def test_menu_button_asks_before_leaving(home):
    app, pilot, scene = _game(home)
    pilot.click_target("top:menu")
    assert app.top.name == "pause"
    _click(app, pilot, "title")
    assert app.top.name == "dialog"
    _click(app, pilot, "stay")        # "Stay": back on the overlay, nothing left
    assert app.top.name == "pause" and scene in app.stack
    pilot.press(pygame.K_t)
    pilot.press(pygame.K_ESCAPE)      # Esc on the question answers Stay
    assert app.top.name == "pause"
    pilot.press(pygame.K_t)
    pilot.press(pygame.K_RETURN)      # Enter takes the safe answer, Stay
    assert app.top.name == "pause"
    _click(app, pilot, "title")
    _click(app, pilot, "go")
    assert app.top.name == "title" and app.running
    assert autosave_path(home).is_file()


def test_save_and_quit_asks_then_quits_with_the_voyage_saved(home):
    app, pilot, scene = _game(home)
    pilot.perform(scene.game.legal_actions()[0])
    autosave_path(home).unlink()
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_q)
    assert app.top.name == "dialog" and app.running
    _click(app, pilot, "go")
    assert not app.running and app.status == 0
    saved = json.loads(autosave_path(home).read_text())
    assert saved["log"] == [a.to_dict() for a in scene.game.log]


def test_overlay_rules_and_resume(home):
    app, pilot, scene = _game(home)
    pilot.press(pygame.K_ESCAPE)
    _click(app, pilot, "rules")
    assert app.top.name == "rules"
    pilot.press(pygame.K_ESCAPE)
    assert app.top.name == "pause"
    _click(app, pilot, "resume")
    assert app.top is scene


def test_settings_change_at_once_and_persist(home):
    app, pilot, scene = _game(home)
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_s)
    assert app.top.name == "settings"
    _click(app, pilot, "vol_down")
    _click(app, pilot, "vol_down")
    _click(app, pilot, "speed:fast")
    _click(app, pilot, "colour_blind")
    _click(app, pilot, "size:1024x640")
    # the resize is posted as a window event, as the window manager would send it
    app.step(pygame.event.get(), 0.02)
    assert app.ctx.size == (1024, 640)
    assert app.ctx.options["animation_speed"] == pytest.approx(1.8)
    assert app.ctx.options["colour_blind"] is True
    assert app.ctx.sound.volume == pytest.approx(0.6)
    stored, note = load_settings()
    assert note == ""
    assert stored == Settings(volume=0.6, animation_speed="fast", colour_blind=True,
                              window_size=(1024, 640))
    # a new session starts with them
    app2, pilot2, scene2 = _game(home)
    assert app2.ctx.options["animation_speed"] == pytest.approx(1.8)
    app2.step([], 0.02)
    assert scene2.queue.speed == pytest.approx(1.8)
    assert app2.ctx.sound.volume == pytest.approx(0.6)
    pilot.press(pygame.K_ESCAPE)
    assert app.top.name == "pause"


def test_colour_blind_palette_changes_the_pads(home):
    app, pilot, scene = _game(home)
    app.render()
    before = pygame.Surface.copy(scene.painter.static_layer(app.ctx, False))
    save_settings(Settings(colour_blind=True))
    app.ctx.options.pop("settings")
    scene.on_enter(app.ctx)
    after = scene.painter.static_layer(app.ctx, False)
    cell = scene.layout.matrix_cells[0][0]
    stripe = (cell.x + 1, cell.centery)
    assert before.get_at(stripe) != after.get_at(stripe)


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b"[1,2]",
                                     b'{"volume": 7, "animation_speed": "warp"}',
                                     b'{"window_size": [1e400, 5]}', b"[" * 50000])
def test_a_damaged_settings_file_gives_defaults_and_a_note(home, content):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    settings, note = load_settings()
    assert note and "\n" not in note and str(home) not in note
    assert settings.animation_speed in ("normal",) and 0 <= settings.volume <= 1
    app, pilot, scene = _game(home)
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_s)
    assert app.top.note == note


def test_settings_are_written_atomically(home):
    assert save_settings(Settings(volume=0.3)) == ""
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]
    assert load_settings() == (Settings(volume=0.3), "")


def test_the_saved_window_size_opens_the_next_window(home, monkeypatch):
    from game.ui import app as app_module

    save_settings(Settings(window_size=(1024, 640)))
    seen = []
    monkeypatch.setattr(app_module.App, "run", lambda self: seen.append(self.ctx.size) or 0)
    assert app_module.run_herald(mute=True) == 0
    assert seen == [(1024, 640)]
    seen.clear()
    assert app_module.run_herald(mute=True, size=(1600, 1000)) == 0
    assert seen == [(1600, 1000)]
