"""The one place the client loads images and fonts from.

Every file is read through ``importlib.resources`` from the installed package
(``game/assets/``), so a wheel or a plain ``pip install .`` finds them without the source
tree. The sources stay at the repository root: ``sprites/`` and ``sounds/`` are drawn by
``tools/make_assets.py``, and ``game/assets/sprites`` and ``game/assets/sounds`` are links to
them, which the build follows and copies into the wheel (one source of truth, and an
editable install reads the very same files). ``game/assets/fonts`` holds Noto Sans and Fira
Code under the SIL Open Font License (the licence files sit next to them).

Sprites live in ``sprites/`` at the repository root.
Most are stored at twice their *nominal* size (the size the UI lays them out at on the
reference 1280x800 window), so they stay crisp when a bigger window scales them up; the
manifest ``SPRITES`` below records each nominal size and stored scale. ``Assets.image``
therefore hands back the nominal size, while ``scaled``/``rotated``/``tinted``/``nine_slice``
always resample from the full-resolution file.

Derived surfaces are cached, because smoothscale and rotozoom are far too slow to run per
frame; each cache keeps its most recently used surfaces up to a byte budget
(``DERIVED_CACHE_BYTES``), so zooming through every map scale and resizing the window does
not keep a copy of every size ever drawn. After ``pygame.display.set_mode`` (a new window
or a resize) call ``clear_cache()`` so the next loads are converted to the display's pixel
format.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame

ASSETS_DIR: Traversable = resources.files("game") / "assets"
SPRITES_DIR: Traversable = ASSETS_DIR / "sprites"
SOUNDS_DIR: Traversable = ASSETS_DIR / "sounds"
FONTS_DIR: Traversable = ASSETS_DIR / "fonts"

# The type faces: body text, its real bold (no synthetic emboldening), and a monospaced
# face for join strings and keys that are read character by character.
FONT_FILES: dict[str, str] = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "mono": "FiraCode-Regular.ttf",
}
FONT_LICENCES = ("NotoSans-LICENSE.txt", "FiraCode-LICENSE.txt")

# How many rotated surfaces to keep; the ship turns through many angles in an animation.
ROTATED_CACHE_LIMIT = 256
# How many opened fonts (a face at a size) to keep: each holds about half a megabyte, and
# zooming the map asks for many sizes; a frame uses about a dozen.
FONT_CACHE_LIMIT = 28
# Bytes of pixels each cache of derived surfaces (scaled, tinted, 9-slice, rotated) keeps.
DERIVED_CACHE_BYTES = 24 * 1024 * 1024


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory of a surface (what a cache budget counts)."""
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class SurfaceCache:
    """Surfaces by key, least recently used first out, within a byte budget and a count.

    A surface shared with another cache (a scaled sprite that is its own master) is
    counted here too: the budget is an upper bound, never an undercount.
    """

    def __init__(self, budget: int = DERIVED_CACHE_BYTES, limit: int | None = None) -> None:
        self.budget = budget
        self.limit = limit
        self.bytes = 0
        self._items: OrderedDict = OrderedDict()

    def get(self, key) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key, surf: pygame.Surface) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surf
        self.bytes += surface_bytes(surf)
        while len(self._items) > 1 and (
                self.bytes > self.budget
                or (self.limit is not None and len(self._items) > self.limit)):
            _key, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


class AssetError(Exception):
    """A sprite that is missing or cannot be decoded; the message is one line naming the file."""


@dataclass(frozen=True)
class SpriteInfo:
    """Nominal layout size of a sprite and how many file pixels there are per nominal pixel."""

    size: tuple[int, int]
    scale: int = 2

    @property
    def file_size(self) -> tuple[int, int]:
        return (self.size[0] * self.scale, self.size[1] * self.scale)


def _same(size: tuple[int, int], *names: str, scale: int = 2) -> dict[str, SpriteInfo]:
    return {name: SpriteInfo(size, scale) for name in names}


# Every character counter that has a portrait of its own (``char_<slug>``): the slug of the
# counter's name as the control sheets spell it (``counter`` in factions.toml), so a counter
# looks the same on every map that shows it and tells no more than its name does. A
# counter without one here falls back to its kind's silhouette (``counter_human`` ...).
CHARACTER_ICONS: tuple[str, ...] = (
    "eastwood", "pirate", "hernandez", "kyoshi", "mendez", "colovisto", "yee", "robertson",
    "sarma", "orlov", "osorio", "preuitt", "mccray", "slavin", "koch",
    "recon_bot_bell", "phone_bot", "acid_sprayer_bot", "recon_bot_mccray", "handler_bot",
    "tech_bot", "securi_bot", "doc_bot", "zombie", "bug_alien",
)

# The binding list of sprites: name (file name without .png) -> nominal size and scale.
SPRITES: dict[str, SpriteInfo] = {
    # The Herald
    **_same((96, 96), "ship"),
    **_same((64, 64), "pawn_matrix"),
    **_same((40, 40), "token_journey", "token_badrep"),
    **_same((36, 36), "token_event"),
    **_same(
        (28, 28), "marker_captain", "marker_accomplishment", "marker_time", "marker_countdown"
    ),
    **_same((64, 64), *(f"die_{n}" for n in range(1, 7))),
    **_same((64, 64), *(f"cdie_{n}" for n in range(1, 7))),
    **_same((128, 148), "hex_space", "hex_earth", "hex_lis", "hex_source"),
    **_same((1920, 1080), "starfield", scale=1),
    **_same((96, 96), "panel"),
    **_same((96, 48), "button", "button_hover", "button_down", "button_disabled"),
    **_same((64, 64), "arrow"),
    **_same(
        (48, 48),
        "icon_direction",
        "icon_environment",
        "icon_sabotage",
        "icon_stec",
        "icon_timeline",
        "icon_event",
    ),
    **_same(
        (40, 40),
        "icon_supplies",
        "icon_leadership",
        "icon_infiltration",
        "icon_diplomatic",
        "icon_research",
        "icon_time",
    ),
    **_same(
        (72, 72),
        "portrait_social",
        "portrait_theoretical",
        "portrait_applied",
        "portrait_security",
    ),
    **_same((32, 32), "icon_sound_on", "icon_sound_off"),
    **_same((600, 160), "logo_herald", "logo_artifact"),
    # The Artifact
    **_same(
        (64, 64),
        "counter_human",
        "counter_robot",
        "counter_android",
        "counter_alien",
        "counter_item",
        "counter_artifact",
    ),
    **_same((64, 64), *(f"char_{slug}" for slug in CHARACTER_ICONS)),
    **_same((64, 64), "facing_arrow", "ghost", "lift_car", "logo_judge"),
    **_same(
        (32, 32),
        "status_light_wound",
        "status_down",
        "status_ko",
        "status_suit",
        "status_dead",
    ),
    **_same((32, 32), "hatch_open", "hatch_locked", "terminal_major", "terminal_minor"),
    **_same(
        (32, 32),
        "glass",
        "floor_clear",
        "floor_cluttered",
        "floor_obstructed",
        "floor_blocked",
    ),
    **_same((32, 32), "opfire_marker"),
    **_same((1280, 800), "curtain", scale=1),
}

# 9-slice frames: name -> corner size in nominal pixels.
NINE_SLICE_CORNERS: dict[str, int] = {
    "panel": 24,
    "button": 16,
    "button_hover": 16,
    "button_down": 16,
    "button_disabled": 16,
}

# Sprites that tile seamlessly (floor textures, glass).
TILEABLE = ("glass", "floor_clear", "floor_cluttered", "floor_obstructed", "floor_blocked")

# Opaque backgrounds (no alpha channel needed).
OPAQUE = ("starfield", "curtain", "floor_clear", "floor_cluttered", "floor_obstructed",
          "floor_blocked")


def _size(size: tuple[int, int]) -> tuple[int, int]:
    """A layout may compute a zero or negative size on a tiny window; never crash on it."""
    return (max(1, int(size[0])), max(1, int(size[1])))


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


class Assets:
    """Loads sprites and fonts once and keeps every derived surface it has made."""

    def __init__(self, sprites_dir: Traversable | Path | None = None) -> None:
        self.sprites_dir = sprites_dir if sprites_dir is not None else SPRITES_DIR
        self._masters: dict[str, pygame.Surface] = {}
        self._images: dict[str, pygame.Surface] = {}
        self._scaled = SurfaceCache()
        self._tinted = SurfaceCache()
        self._nine = SurfaceCache()
        self._rotated = SurfaceCache(limit=ROTATED_CACHE_LIMIT)
        self._fonts: OrderedDict[tuple[int, str], pygame.font.Font] = OrderedDict()
        self._font_bytes: dict[str, bytes] = {}

    # -- loading -----------------------------------------------------------------------

    def path(self, name: str) -> Traversable:
        """Where the file of sprite ``name`` lives (inside the installed package)."""
        return self.sprites_dir / f"{name}.png"

    def master(self, name: str) -> pygame.Surface:
        """The sprite exactly as stored in its file (full resolution)."""
        surf = self._masters.get(name)
        if surf is None:
            surf = self._load(name)
            self._masters[name] = surf
        return surf

    def _load(self, name: str) -> pygame.Surface:
        path = self.path(name)
        if not path.is_file():
            raise AssetError(f"sprite {name!r} not found: {path}")
        try:
            with path.open("rb") as fh:
                surf = pygame.image.load(io.BytesIO(fh.read()), f"{name}.png")
        except (pygame.error, OSError, ValueError) as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise AssetError(f"sprite {name!r} unreadable: {path}: {reason}") from None
        if _display_ready():
            surf = surf.convert_alpha()
        elif surf.get_bitsize() != 32:
            # smoothscale needs 24/32-bit pixels; paletted files are widened here.
            surf = surf.convert(32, pygame.SRCALPHA)
        return surf

    def nominal_size(self, name: str) -> tuple[int, int]:
        """The layout size of a sprite (the file size for sprites not in the manifest)."""
        info = SPRITES.get(name)
        if info is not None:
            return info.size
        return self.master(name).get_size()

    # -- derived surfaces --------------------------------------------------------------

    def image(self, name: str) -> pygame.Surface:
        """The sprite at its nominal size (see ``SPRITES``)."""
        surf = self._images.get(name)
        if surf is None:
            master = self.master(name)
            size = self.nominal_size(name)
            surf = master if master.get_size() == size else self.scaled(name, size)
            self._images[name] = surf
        return surf

    def scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The sprite smooth-scaled from its full-resolution file to ``size``."""
        size = _size(size)
        key = (name, size)
        surf = self._scaled.get(key)
        if surf is None:
            master = self.master(name)
            if master.get_size() == size:
                surf = master
            else:
                surf = pygame.transform.smoothscale(master, size)
            self._scaled.put(key, surf)
        return surf

    def rotated(self, name: str, angle_deg: float, size: tuple[int, int]) -> pygame.Surface:
        """The sprite at ``size``, turned ``angle_deg`` counter-clockwise (pygame's sense).

        The result is larger than ``size`` (it holds the rotated bounding box); blit it by
        its centre. Angles are kept to a tenth of a degree so an animation does not fill
        memory; the least recently used rotations are dropped past ``ROTATED_CACHE_LIMIT``.
        """
        size = _size(size)
        angle = round(float(angle_deg) % 360.0, 1) % 360.0
        key = (name, angle, size)
        surf = self._rotated.get(key)
        if surf is not None:
            return surf
        base = self.scaled(name, size)
        surf = base if angle == 0.0 else pygame.transform.rotozoom(base, angle, 1.0)
        return self._rotated.put(key, surf)

    def tinted(
        self, name: str, rgb: tuple[int, int, int], size: tuple[int, int]
    ) -> pygame.Surface:
        """The sprite at ``size`` with its colours multiplied by ``rgb`` (alpha untouched).

        The Artifact's counters are drawn light and neutral so a faction colour can be laid
        on them this way.
        """
        size = _size(size)
        colour = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
        key = (name, colour, size)
        surf = self._tinted.get(key)
        if surf is None:
            surf = self.scaled(name, size).copy()
            surf.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted.put(key, surf)
        return surf

    def nine_slice(self, name: str, size: tuple[int, int], corner: int) -> pygame.Surface:
        """A frame stretched to ``size`` keeping its four ``corner``-pixel corners intact.

        ``corner`` is in nominal pixels (panel: 24, buttons: 16); the corners are cut from
        the full-resolution file and scaled to ``corner`` pixels on screen. The edges stretch
        along their length only and the middle stretches both ways.
        """
        size = _size(size)
        key = (name, size, int(corner))
        surf = self._nine.get(key)
        if surf is None:
            surf = self._build_nine_slice(name, size, int(corner))
            self._nine.put(key, surf)
        return surf

    def _build_nine_slice(
        self, name: str, size: tuple[int, int], corner: int
    ) -> pygame.Surface:
        master = self.master(name)
        mw, mh = master.get_size()
        nw, nh = self.nominal_size(name)
        # Source corner in file pixels; never more than half the file.
        sc = max(1, min(round(corner * mw / nw), mw // 2, mh // 2))
        w, h = size
        # Destination corner; shrink it for frames smaller than two corners.
        dc = max(0, min(corner, w // 2, h // 2))
        out = pygame.Surface(size, pygame.SRCALPHA)
        src_cols = (0, sc, mw - sc, mw)
        src_rows = (0, sc, mh - sc, mh)
        dst_cols = (0, dc, w - dc, w)
        dst_rows = (0, dc, h - dc, h)
        for row in range(3):
            for col in range(3):
                sx, sy = src_cols[col], src_rows[row]
                sw, sh = src_cols[col + 1] - sx, src_rows[row + 1] - sy
                dx, dy = dst_cols[col], dst_rows[row]
                dw, dh = dst_cols[col + 1] - dx, dst_rows[row + 1] - dy
                if sw <= 0 or sh <= 0 or dw <= 0 or dh <= 0:
                    continue
                piece = master.subsurface((sx, sy, sw, sh))
                if (sw, sh) != (dw, dh):
                    piece = pygame.transform.smoothscale(piece, (dw, dh))
                out.blit(piece, (dx, dy))
        if _display_ready():
            out = out.convert_alpha()
        return out

    # -- fonts ---------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False, face: str | None = None) -> pygame.font.Font:
        """The bundled type face at ``size`` pixels, cached per size and face.

        ``bold`` picks Noto Sans Bold (a real bold cut); ``face="mono"`` gives Fira Code.
        """
        size = max(1, int(size))
        face = face or ("bold" if bold else "regular")
        key = (size, face)
        font = self._fonts.get(key)
        if font is not None:
            self._fonts.move_to_end(key)
            return font
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(io.BytesIO(self.font_data(face)), size)
        self._fonts[key] = font
        while len(self._fonts) > FONT_CACHE_LIMIT:
            self._fonts.popitem(last=False)
        return font

    def font_data(self, face: str) -> bytes:
        """The bytes of a bundled font file (read once); AssetError if missing."""
        data = self._font_bytes.get(face)
        if data is None:
            path = FONTS_DIR / FONT_FILES[face]
            try:
                data = path.read_bytes()
            except OSError:
                raise AssetError(f"font {face!r} not found: {FONT_FILES[face]}") from None
            self._font_bytes[face] = data
        return data

    def cached_bytes(self) -> int:
        """Pixel bytes held by the caches of derived surfaces (each within its budget)."""
        return sum(c.bytes for c in (self._scaled, self._tinted, self._nine, self._rotated))

    def clear_cache(self) -> None:
        """Forget every surface and font (call after ``set_mode`` or a window resize)."""
        self._masters.clear()
        self._images.clear()
        self._scaled.clear()
        self._tinted.clear()
        self._nine.clear()
        self._rotated.clear()
        self._fonts.clear()


_ASSETS: Assets | None = None


def get_assets() -> Assets:
    """The shared loader, made on first use."""
    global _ASSETS
    if _ASSETS is None:
        _ASSETS = Assets()
    return _ASSETS
