"""The committed sprites and sounds, their loader and the sound board.

Runs headless (conftest sets the dummy video and audio drivers).
"""

from __future__ import annotations

import array
import importlib.util
import itertools
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.ui import assets as assets_module
from game.ui.assets import (
    FONT_FILES,
    FONT_LICENCES,
    FONTS_DIR,
    NINE_SLICE_CORNERS,
    OPAQUE,
    SOUNDS_DIR,
    SPRITES,
    SPRITES_DIR,
    TILEABLE,
    AssetError,
    Assets,
    get_assets,
)
from game.ui.sound import SOUNDS, SoundBoard

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tools" / "make_assets.py"

REQUIRED_SPRITES = {
    "ship", "pawn_matrix", "token_journey", "token_badrep", "token_event",
    "marker_captain", "marker_accomplishment", "marker_time", "marker_countdown",
    *(f"die_{n}" for n in range(1, 7)), *(f"cdie_{n}" for n in range(1, 7)),
    "hex_space", "hex_earth", "hex_lis", "hex_source", "starfield", "panel",
    "button", "button_hover", "button_down", "button_disabled", "arrow",
    "icon_direction", "icon_environment", "icon_sabotage", "icon_stec", "icon_timeline",
    "icon_event", "icon_supplies", "icon_leadership", "icon_infiltration", "icon_diplomatic",
    "icon_research", "icon_time", "portrait_social", "portrait_theoretical",
    "portrait_applied", "portrait_security", "icon_sound_on", "icon_sound_off",
    "logo_herald", "logo_artifact",
    "counter_human", "counter_robot", "counter_android", "counter_alien", "counter_item",
    "counter_artifact", "facing_arrow", "status_light_wound", "status_down", "status_ko",
    "status_suit", "status_dead", "ghost", "hatch_open", "hatch_locked", "terminal_major",
    "terminal_minor", "lift_car", "glass", "floor_clear", "floor_cluttered",
    "floor_obstructed", "floor_blocked", "opfire_marker", "logo_judge", "curtain",
    # one portrait per character counter
    "char_eastwood", "char_pirate", "char_hernandez", "char_kyoshi", "char_mendez",
    "char_colovisto", "char_yee", "char_robertson", "char_sarma", "char_orlov", "char_osorio",
    "char_preuitt", "char_mccray", "char_slavin", "char_koch", "char_recon_bot_bell",
    "char_phone_bot", "char_acid_sprayer_bot", "char_recon_bot_mccray", "char_handler_bot",
    "char_tech_bot", "char_securi_bot", "char_doc_bot", "char_zombie", "char_bug_alien",
}

REQUIRED_SOUNDS = {
    "dice_roll", "dice_land", "engine", "click", "hover", "slide", "alarm", "success",
    "failure", "victory", "defeat", "countdown", "telegram", "hatch", "step", "error",
}

NOMINAL = {
    "ship": (96, 96), "pawn_matrix": (64, 64), "token_journey": (40, 40),
    "token_badrep": (40, 40), "token_event": (36, 36), "marker_time": (28, 28),
    "die_4": (64, 64), "cdie_2": (64, 64), "hex_earth": (128, 148), "starfield": (1920, 1080),
    "panel": (96, 96), "button_down": (96, 48), "arrow": (64, 64), "icon_stec": (48, 48),
    "icon_time": (40, 40), "portrait_applied": (72, 72), "icon_sound_off": (32, 32),
    "logo_herald": (600, 160), "counter_alien": (64, 64), "facing_arrow": (64, 64),
    "status_ko": (32, 32), "ghost": (64, 64), "hatch_locked": (32, 32), "lift_car": (64, 64),
    "glass": (32, 32), "floor_blocked": (32, 32), "opfire_marker": (32, 32),
    "logo_judge": (64, 64), "curtain": (1280, 800),
}


@pytest.fixture(scope="module")
def loader() -> Assets:
    return Assets()


@pytest.fixture(scope="module")
def generator():
    """tools/make_assets.py imported as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("make_assets_under_test", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def corners(surf: pygame.Surface) -> list[pygame.Color]:
    w, h = surf.get_size()
    return [surf.get_at(p) for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))]


# -- the files --------------------------------------------------------------------------


def test_manifest_is_exactly_the_required_sprites() -> None:
    assert set(SPRITES) == REQUIRED_SPRITES
    assert set(SOUNDS) == REQUIRED_SOUNDS


def test_package_folders_serve_the_repository_sources() -> None:
    """The loader reads from inside the package; in a checkout those folders are links to
    the top-level sources, so there is one copy of every file."""
    package = Path(str(SPRITES_DIR)).parent
    assert package == ROOT / "game" / "assets"
    assert Path(str(SPRITES_DIR)).resolve() == (ROOT / "sprites").resolve()
    assert Path(str(SOUNDS_DIR)).resolve() == (ROOT / "sounds").resolve()
    on_disk = {p.name[:-4] for p in SPRITES_DIR.iterdir() if p.name.endswith(".png")}
    assert on_disk == REQUIRED_SPRITES
    assert {p.name[:-4] for p in SOUNDS_DIR.iterdir() if p.name.endswith(".wav")} == (
        REQUIRED_SOUNDS)


def test_fonts_ship_with_their_licences() -> None:
    names = {p.name for p in FONTS_DIR.iterdir()}
    assert set(FONT_FILES.values()) | set(FONT_LICENCES) <= names
    for licence in FONT_LICENCES:
        assert "SIL Open Font License" in (FONTS_DIR / licence).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(REQUIRED_SPRITES))
def test_every_sprite_loads_at_its_documented_size(loader: Assets, name: str) -> None:
    info = SPRITES[name]
    assert loader.master(name).get_size() == info.file_size
    assert loader.image(name).get_size() == info.size
    if name in NOMINAL:
        assert info.size == NOMINAL[name]


def test_sprites_are_stored_at_twice_nominal_size_except_backgrounds() -> None:
    for name, info in SPRITES.items():
        expected = 1 if name in ("starfield", "curtain") else 2
        assert info.scale == expected, name


def test_alpha_where_needed(loader: Assets) -> None:
    for name in SPRITES:
        surf = loader.master(name)
        if name in OPAQUE:
            assert all(c.a == 255 for c in corners(surf)), name
        elif name in TILEABLE:
            assert surf.get_flags() & pygame.SRCALPHA, name
            assert 0 < surf.get_at((5, 5)).a < 255, name  # glass is see-through
        else:
            assert surf.get_flags() & pygame.SRCALPHA, name
            assert all(c.a == 0 for c in corners(surf)), name


@pytest.mark.parametrize("name", ["hex_space", "hex_earth", "hex_lis", "hex_source"])
def test_hex_tiles_are_pointy_top_with_clear_corners(loader: Assets, name: str) -> None:
    surf = loader.image(name)
    w, h = surf.get_size()
    assert all(c.a == 0 for c in corners(surf))
    assert surf.get_at((w // 2, h // 2)).a == 255
    # pointy top: the top middle is inside, the top corners beside it are not
    assert surf.get_at((w // 2, 3)).a > 200
    assert surf.get_at((6, 20)).a == 0
    assert surf.get_at((3, h // 2)).a > 200


def test_die_faces_all_differ(loader: Assets) -> None:
    faces = [f"die_{n}" for n in range(1, 7)] + [f"cdie_{n}" for n in range(1, 7)]
    data = {n: pygame.image.tobytes(loader.master(n), "RGBA") for n in faces}
    for a, b in itertools.combinations(faces, 2):
        assert data[a] != data[b], (a, b)


def test_countdown_die_is_told_apart_by_brightness_not_hue_alone(loader: Assets) -> None:
    white = pygame.transform.average_color(loader.image("die_1"))
    amber = pygame.transform.average_color(loader.image("cdie_1"))
    # the blue channel separates them strongly (white vs amber) and so does overall luminance
    assert white[2] - amber[2] > 80
    assert sum(white[:3]) - sum(amber[:3]) > 60


def _mask_difference(loader: Assets, a: str, b: str) -> int:
    ma = pygame.mask.from_surface(loader.master(a), 127)
    mb = pygame.mask.from_surface(loader.master(b), 127)
    return ma.count() + mb.count() - 2 * ma.overlap_area(mb, (0, 0))


def test_tokens_and_markers_differ_in_shape_or_pattern(loader: Assets) -> None:
    # journey has a toothed rim: its silhouette differs from the smooth bad-reputation disc
    assert _mask_difference(loader, "token_journey", "token_badrep") > 200
    lum = {
        name: sum(pygame.transform.average_color(loader.image(name))[:3])
        for name in ("token_journey", "token_badrep")
    }
    assert lum["token_journey"] - lum["token_badrep"] > 100
    markers = ["marker_captain", "marker_accomplishment", "marker_time", "marker_countdown"]
    data = {m: pygame.image.tobytes(loader.master(m), "RGBA") for m in markers}
    for a, b in itertools.combinations(markers, 2):
        assert data[a] != data[b]


def test_floor_textures_differ_in_brightness_or_pattern(loader: Assets) -> None:
    floors = ["floor_clear", "floor_cluttered", "floor_obstructed", "floor_blocked"]
    grey = {}
    for name in floors:
        surf = pygame.transform.grayscale(loader.master(name))
        grey[name] = pygame.image.tobytes(surf, "RGB")[::3]
    for a, b in itertools.combinations(floors, 2):
        # compare as a colour-blind viewer would: greyscale only
        diff = sum(abs(x - y) for x, y in zip(grey[a], grey[b], strict=True)) / len(grey[a])
        assert diff > 12, (a, b, diff)


def test_tileable_textures_repeat_with_their_own_period(generator) -> None:
    # The generator draws a 3x3 block and keeps the middle tile; if the drawing repeats with
    # the tile's period, the middle tile equals its neighbours and the texture is seamless.
    for name in TILEABLE:
        recipe, info = generator.RECIPES[name], SPRITES[name]
        w, h = info.size
        canvas = generator.Canvas(w * 3, h * 3, info.scale, recipe.ss)
        recipe.draw(canvas, generator.seed_for(name))
        full = canvas.finish(opaque=recipe.opaque)
        tw, th = info.file_size
        middle = full.subsurface((tw, th, tw - 1, th - 1))
        right = full.subsurface((2 * tw, th, tw - 1, th - 1))
        below = full.subsurface((tw, 2 * th, tw - 1, th - 1))
        data = pygame.image.tobytes(middle, "RGBA")
        assert data == pygame.image.tobytes(right, "RGBA"), name
        assert data == pygame.image.tobytes(below, "RGBA"), name


# -- the loader ---------------------------------------------------------------------------


def test_loader_caches_every_kind_of_surface(loader: Assets) -> None:
    assert loader.image("ship") is loader.image("ship")
    assert loader.scaled("ship", (50, 50)) is loader.scaled("ship", (50, 50))
    assert loader.rotated("ship", 30, (60, 60)) is loader.rotated("ship", 30.0, (60, 60))
    assert loader.rotated("ship", 390, (60, 60)) is loader.rotated("ship", 30, (60, 60))
    assert loader.tinted("counter_human", (255, 0, 0), (40, 40)) is loader.tinted(
        "counter_human", (255, 0, 0), (40, 40)
    )
    assert loader.nine_slice("panel", (300, 200), 24) is loader.nine_slice("panel", (300, 200), 24)
    assert loader.font(18) is loader.font(18)
    assert loader.font(18) is not loader.font(18, bold=True)


def test_scaled_rotated_tinted(loader: Assets) -> None:
    assert loader.scaled("arrow", (32, 20)).get_size() == (32, 20)
    assert loader.scaled("arrow", (0, -4)).get_size() == (1, 1)  # a tiny layout never crashes
    turned = loader.rotated("ship", 45, (96, 96))
    assert turned.get_width() > 96 and turned.get_height() > 96
    assert loader.rotated("ship", 0, (96, 96)).get_size() == (96, 96)
    # turning the east-pointing arrow by 90 degrees points it north: its wide head goes up
    north = loader.rotated("arrow", 90, (64, 64))
    w, h = north.get_size()

    def row_width(y: int) -> int:
        return sum(1 for x in range(w) if north.get_at((x, y)).a > 127)

    assert row_width(h // 2 - 12) > row_width(h // 2 + 12) + 4
    red = loader.tinted("counter_human", (255, 0, 0), (64, 64))
    base = loader.scaled("counter_human", (64, 64))
    centre_px = red.get_at((10, 32))
    assert centre_px.g == 0 and centre_px.b == 0 and centre_px.r == base.get_at((10, 32)).r
    assert red.get_at((0, 0)).a == base.get_at((0, 0)).a


def test_nine_slice_keeps_corners_and_fills_size(loader: Assets) -> None:
    for name, corner in NINE_SLICE_CORNERS.items():
        small = loader.nine_slice(name, SPRITES[name].size, corner)
        big = loader.nine_slice(name, (420, 260), corner)
        assert big.get_size() == (420, 260)
        tl_small = pygame.image.tobytes(small.subsurface((0, 0, corner, corner)), "RGBA")
        tl_big = pygame.image.tobytes(big.subsurface((0, 0, corner, corner)), "RGBA")
        assert tl_small == tl_big, name
        br_big = big.subsurface((420 - corner, 260 - corner, corner, corner))
        br_small = small.subsurface((small.get_width() - corner, small.get_height() - corner,
                                     corner, corner))
        assert pygame.image.tobytes(br_big, "RGBA") == pygame.image.tobytes(br_small, "RGBA")
    # the middle is filled (panel glass), the outer corner stays clear
    panel = loader.nine_slice("panel", (420, 260), 24)
    assert panel.get_at((210, 130)).a > 200
    assert panel.get_at((0, 0)).a == 0
    # a frame smaller than its two corners still comes out at the asked size
    assert loader.nine_slice("button", (20, 10), 16).get_size() == (20, 10)


def test_missing_sprite_raises_asset_error_naming_the_file(loader: Assets) -> None:
    with pytest.raises(AssetError) as err:
        loader.image("no_such_sprite")
    message = str(err.value)
    assert "no_such_sprite.png" in message
    assert "\n" not in message


def test_unreadable_sprite_raises_asset_error(tmp_path: Path) -> None:
    (tmp_path / "broken.png").write_bytes(b"this is not a png\n" * 4)
    with pytest.raises(AssetError) as err:
        Assets(sprites_dir=tmp_path).image("broken")
    message = str(err.value)
    assert "broken.png" in message and "\n" not in message


def test_clear_cache_and_convert_after_set_mode() -> None:
    loader = Assets()
    first = loader.image("panel")
    was_init = pygame.display.get_init()
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        loader.clear_cache()
        second = loader.image("panel")
        assert second is not first
        assert second.get_flags() & pygame.SRCALPHA
        assert loader.nine_slice("panel", (200, 100), 24).get_size() == (200, 100)
    finally:
        if not was_init:
            pygame.display.quit()


def test_shared_loader_is_a_singleton() -> None:
    assert get_assets() is get_assets()
    assert isinstance(get_assets(), Assets)
    assert assets_module.get_assets().sprites_dir == SPRITES_DIR


def test_font_renders_with_the_bundled_font(loader: Assets) -> None:
    text = loader.font(24, bold=True).render("HERALD", True, (255, 255, 255))
    assert text.get_width() > 40 and text.get_height() >= 16


def test_bold_is_a_real_bold_cut_not_synthetic(loader: Assets) -> None:
    """Synthetic emboldening widens every glyph and spreads words apart ("T RACK"); the
    bold face is its own file with its own metrics; the regular face is never emboldened."""
    regular, bold = loader.font(20), loader.font(20, bold=True)
    assert not regular.bold
    assert bold.name == "Noto Sans" and bold.style_name == "Bold"
    assert regular.style_name == "Regular"
    mono = loader.font(20, face="mono")
    assert mono.name == "Fira Code"
    assert mono.size("iiii")[0] == mono.size("MMMM")[0]


# -- the sounds ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(REQUIRED_SOUNDS))
def test_sound_files_are_short_normalised_mono_pcm(name: str) -> None:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav"), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() in (22050, 44100)
        frames = w.readframes(w.getnframes())
        seconds = w.getnframes() / w.getframerate()
    samples = array.array("h")
    samples.frombytes(frames)
    if sys.byteorder != "little":
        samples.byteswap()
    assert 0.02 < seconds <= 2.5
    if name in ("victory", "defeat"):
        assert seconds >= 1.6
    peak = max(abs(s) for s in samples)
    assert peak > 0.2 * 32767  # normalised, even the soft hover
    assert peak <= 32767
    # faded in and out: no click at either end
    assert abs(samples[0]) <= 64 and abs(samples[-1]) <= 64


@pytest.fixture
def fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_sound_board_plays_with_the_dummy_driver(fresh_mixer) -> None:
    board = SoundBoard()
    assert board.available
    assert board.muted is False
    assert board.preload() == len(SOUNDS)
    assert board.play("click") is True
    assert board.play("no_such_sound") is False  # silently nothing
    assert board.toggle_mute() is True
    assert board.muted is True
    assert board.play("click") is False
    assert board.toggle_mute() is False
    board.set_muted(True)
    assert board.muted
    board.set_muted(False)
    assert board.play("success") is True


def test_sound_board_starts_muted_when_asked(fresh_mixer) -> None:
    board = SoundBoard(muted=True)
    assert board.muted and board.play("click") is False


def test_sound_board_degrades_to_silence_when_mixer_fails(fresh_mixer, monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    board = SoundBoard()
    assert board.available is False
    for name in SOUNDS:
        assert board.play(name) is False
    assert board.preload() == 0
    assert board.toggle_mute() is True
    assert board.toggle_mute() is False


def test_sound_board_never_raises_from_a_broken_sound(fresh_mixer, tmp_path: Path) -> None:
    (tmp_path / "click.wav").write_bytes(b"RIFF not really")
    board = SoundBoard(sounds_dir=tmp_path)
    assert board.available
    assert board.play("click") is False

    class Exploding:
        def play(self):
            raise pygame.error("channel lost")

    board._cache["boom"] = Exploding()  # type: ignore[assignment]
    assert board.play("boom") is False


# -- the generator ------------------------------------------------------------------------


def test_generator_covers_the_manifest(generator) -> None:
    assert set(generator.RECIPES) == set(SPRITES)
    assert set(generator.SOUND_RECIPES) == set(SOUNDS)


def test_generator_reproduces_committed_files_byte_for_byte(tmp_path: Path) -> None:
    names = ["die_3", "token_journey", "icon_event", "click", "telegram"]
    subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(tmp_path), "--only", ",".join(names), "-q"],
        check=True,
        timeout=120,
    )
    for name in names:
        if name in SPRITES:
            made, kept = tmp_path / "sprites" / f"{name}.png", SPRITES_DIR / f"{name}.png"
        else:
            made, kept = tmp_path / "sounds" / f"{name}.wav", SOUNDS_DIR / f"{name}.wav"
        assert made.read_bytes() == kept.read_bytes(), name


def test_generator_rejects_unknown_names(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(tmp_path), "--only", "nonesuch"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode != 0
    assert "nonesuch" in done.stderr


def test_docs_list_every_asset() -> None:
    text = (ROOT / "docs" / "assets.md").read_text(encoding="utf-8")
    for name in SPRITES:
        assert f"sprites/{name}.png" in text, name
    for name in SOUNDS:
        assert f"sounds/{name}.wav" in text, name
    assert "tools/make_assets.py" in text
