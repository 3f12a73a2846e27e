"""Every screen renders; pawns are drawn where the engine says; the window resizes cleanly."""

from __future__ import annotations

import inspect

import pygame
import pytest

from game.herald import events as ev
from game.herald.bot import choose
from game.herald.engine import HeraldGame
from game.herald.saves import save_game
from game.ui import app as app_module
from game.ui.anim import AnimationQueue, Beat
from game.ui.app import App, run_herald
from game.ui.herald_display import Animator, Display
from game.ui.herald_help import TRACK_TIPS
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import HeraldScene, autosave_path
from game.ui.hexgrid import DIRECTION_ANGLES, HexView, unit_center
from game.ui.rules_scene import RulesScene
from game.ui.scene import Push, Reset
from game.ui.settings import Settings, save_settings
from game.ui.title_scene import NewGameScene, TitleScene


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    # the first-game tour has been seen: these tests drive the console itself
    save_settings(Settings(coach_done=True))
    return tmp_path / "home"


def game_app(home, seed=2, size=(1280, 800)) -> tuple[App, Pilot]:
    app = App(size, mute=True)
    app.apply(Reset(HeraldScene(HeraldGame.new(seed), autosave=autosave_path(home))))
    pilot = Pilot(app)
    pilot.settle()
    return app, pilot


def patch_mean(surface: pygame.Surface, centre, r: int = 4) -> tuple[float, float, float]:
    x0, y0 = round(centre[0]), round(centre[1])
    total = [0, 0, 0]
    n = 0
    for x in range(x0 - r, x0 + r + 1):
        for y in range(y0 - r, y0 + r + 1):
            c = surface.get_at((x, y))
            total[0] += c.r
            total[1] += c.g
            total[2] += c.b
            n += 1
    return (total[0] / n, total[1] / n, total[2] / n)


def differs(a, b, threshold=12.0) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) > threshold


def assert_ship_drawn_at_its_hex(app: App) -> None:
    scene = app.top
    app.render()
    L = scene.layout
    static = scene.painter.static_layer(app.ctx, scene.display.stec_active)
    here = L.hexview.center(tuple(scene.game.state.position))
    assert differs(patch_mean(app.screen, here), patch_mean(static, here))
    # a region far from the ship shows only the static map
    far = max(scene.game.pads.holomap.regions,
              key=lambda h: abs(h[0] - scene.game.state.position[0]))
    spot = L.hexview.center(far)
    assert not differs(patch_mean(app.screen, spot), patch_mean(static, spot), 3.0)


def test_ship_and_matrix_pawn_are_drawn_where_the_engine_puts_them(home, tmp_path):
    app, pilot = game_app(home)
    assert_ship_drawn_at_its_hex(app)
    scene = pilot.scene
    static = scene.painter.static_layer(app.ctx, False)
    pawn = scene.layout.matrix_point(*scene.game.state.matrix)
    assert differs(patch_mean(app.screen, pawn), patch_mean(static, pawn))
    game = scene.game
    while len(game.state.route) < 3:
        pilot.perform(choose(game).action)
    assert_ship_drawn_at_its_hex(app)
    path = app.screenshot(tmp_path / "game.png")
    assert pygame.image.load(str(path)).get_size() == (1280, 800)


def test_each_screen_renders_to_png(home, tmp_path):
    app = App((1280, 800), mute=True)
    scenes = {"title": TitleScene(), "new_game": NewGameScene(), "rules": RulesScene()}
    for name, scene in scenes.items():
        app.apply(Reset(scene))
        app.step([], 0.02)
        path = app.screenshot(tmp_path / f"{name}.png")
        img = pygame.image.load(str(path))
        colours = {tuple(img.get_at((x, y)))
                   for x in range(0, 1280, 37) for y in range(0, 800, 23)}
        assert len(colours) > 40, name
    app.apply(Reset(HeraldScene(HeraldGame.new(3))))
    pilot = Pilot(app)
    pilot.settle()
    game = pilot.scene.game
    while game.pending is not None:
        pilot.perform(choose(game).action)
    pilot.settle()
    assert app.top.name == "end"
    path = app.screenshot(tmp_path / "end.png")
    end = app.top
    rect = end.map_rect(app.ctx)
    hv = HexView(game.pads.holomap.regions, (rect.x, rect.y, rect.w, rect.h), margin=4)
    # the route is drawn in yellow through the second hex of the voyage
    c = app.screen.get_at(tuple(round(v) for v in hv.center(tuple(game.state.route[1]))))
    assert c.r > 180 and c.g > 170 and c.b < 120


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720), (1920, 1080)])
def test_resizing_recomputes_the_layout(home, size):
    app, pilot = game_app(home)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    assert app.screen.get_size() == size
    scene = pilot.scene
    assert scene.layout.size == size
    assert scene.layout.log_panel.right <= size[0] and scene.layout.orders_panel.bottom <= size[1]
    assert_ship_drawn_at_its_hex(app)
    # the game is still playable by pointing after the resize
    pilot.perform(choose(scene.game).action)
    assert len(scene.game.log) == 1


def test_f11_toggles_full_screen_and_back(home):
    app, pilot = game_app(home)
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    app.step([f11])
    app.step([f11])
    assert not app.fullscreen
    assert app.screen.get_size() == (1280, 800)


def test_tooltips_explain_the_tracks(home):
    app, pilot = game_app(home)
    scene = pilot.scene
    col = scene.layout.bay_rows["supplies"]
    assert scene.painter.tooltip_at(col.center, scene.display, scene.readings()) == \
        TRACK_TIPS["supplies"]
    time_cell = scene.layout.time_cells[10]
    assert scene.painter.tooltip_at(time_cell.center, scene.display, scene.readings()) == \
        TRACK_TIPS["time"]


def test_matrix_pawn_wraps_out_one_side_and_in_the_other(home):
    game = HeraldGame.new(1)
    d = Display.from_state(game.state)
    anim = Animator(d, lambda name: None, lambda text, tone: None)
    beat = anim.beat(ev.MatrixPawnMoved((0, 3), (2, 4), True, False))
    beat.advance(beat.duration / 2)
    assert -1 < d.matrix[0] < 0 and 3 < d.matrix[1] < 4  # leaving on the left
    assert 2 < d.matrix_ghost[0] < 3  # entering from the right
    beat.finish()
    assert d.matrix == (2.0, 4.0) and d.matrix_ghost is None


def test_ship_glides_facing_its_direction_and_tracks_slide(home):
    game = HeraldGame.new(1)
    d = Display.from_state(game.state)
    anim = Animator(d, lambda name: None, lambda text, tone: None)
    src, dst = (0, 3), (1, 2)
    queue = AnimationQueue()
    queue.add(anim.beat(ev.ShipMoved(src, dst, "UR", False)))
    queue.add(anim.beat(ev.TrackChanged("supplies", 4, 2, "test")))
    queue.update(0.3)
    a, b = unit_center(src), unit_center(dst)
    assert min(a[0], b[0]) < d.ship[0] < max(a[0], b[0])
    assert d.heading == DIRECTION_ANGLES["UR"]
    queue.update(0.55)
    assert 2.0 < d.tracks["supplies"] < 4.0
    queue.skip()
    assert not queue.busy and d.tracks["supplies"] == 2.0 and d.ship == unit_center(dst)


def test_dice_tumble_then_land_on_the_rolled_faces():
    game = HeraldGame.new(1)
    d = Display.from_state(game.state)
    sounds: list[str] = []
    anim = Animator(d, sounds.append, lambda text, tone: None)
    beat = anim.beat(ev.DiceRolled((6, 5, 4, 3, 2), "readings"))
    beat.advance(0.2)
    assert d.rolling and any(s != 0 for s in d.dice_spin)
    beat.advance(5.0)
    assert d.dice == [6, 5, 4, 3, 2] and not d.rolling
    assert sounds == ["dice_roll", "dice_land"]


def test_beat_finish_always_lands_on_the_end_value():
    seen: list[float] = []
    done: list[bool] = []
    b = Beat(1.0, seen.append, on_finish=lambda: done.append(True))
    b.advance(0.25)
    b.finish()
    assert seen[-1] == 1.0 and done == [True]


def test_run_herald_has_the_agreed_signature():
    params = list(inspect.signature(run_herald).parameters)
    assert params == ["seed", "variant", "pads", "load", "dice", "size", "mute"]


def test_run_herald_refuses_a_bad_save_in_one_line(tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    assert run_herald(load=bad) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err and "broken.json" in err


def test_run_herald_opens_the_title_with_continue_first(home, monkeypatch):
    home.mkdir(parents=True, exist_ok=True)
    game = HeraldGame.new(5)
    game.apply(choose(game).action)
    save_game(autosave_path(home), game)
    seen = {}

    def fake_run(self):
        self.step([], 0.02)
        seen["top"] = self.top.name
        seen["first"] = self.top.buttons(self.ctx)[0].key
        return 0

    monkeypatch.setattr(app_module.App, "run", fake_run)
    assert run_herald(seed=None, variant="standard", pads=None, load=None, dice=None,
                      size=(1280, 720), mute=True) == 0
    assert seen == {"top": "title", "first": "continue"}


def test_new_game_form_uses_the_seed_and_the_linear_toggle(home):
    app = App((1280, 800), mute=True)
    app.push(TitleScene())
    app.apply(Push(NewGameScene()))
    app.step([], 0.02)
    form = app.top
    pilot = Pilot(app)
    for ch in "4242":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    linear = next(b for b in form.buttons(app.ctx) if b.key == "linear")
    pilot.click(linear.rect.center)
    start = next(b for b in form.buttons(app.ctx) if b.key == "start")
    pilot.click(start.rect.center)
    assert app.top.name == "herald"
    assert app.top.game.setup["seed"] == 4242
    assert app.top.game.state.variant == "linear"
    assert autosave_path(home).is_file()


def test_rules_screen_opens_from_the_game_and_closes_with_escape(home):
    app, pilot = game_app(home)
    pilot.press(pygame.K_r)
    assert app.top.name == "rules"
    pilot.press(pygame.K_ESCAPE)
    assert app.top.name == "herald"
