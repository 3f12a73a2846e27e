"""Player settings that outlive a session: volume, animation speed, palette, window size,
and whether the first-game coach marks have been seen.

They live in ``settings.json`` in the platform's configuration folder (platformdirs), or in
``$LASTFRONTIER_HOME`` when that is set (tests), and are written atomically (temp file,
fsync, rename) like saves. A missing file means defaults; a damaged one also gives the
defaults, plus a one-line note the settings screen shows, so nothing fails to start
because of a settings file and nothing is lost silently.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import platformdirs

from game.herald.saves import write_atomically
from game.ui.context import DATA_DIR_ENV

SETTINGS_NAME = "settings.json"
MAX_BYTES = 64 * 1024

#: Animation speeds the settings offer, as multipliers of the normal pace.
SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 40.0}
SPEED_WORDS: dict[str, str] = {"slow": "Slow", "normal": "Normal", "fast": "Fast",
                               "instant": "Instant"}
#: Window sizes the settings offer (the window can still be resized by hand).
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 800), (1600, 1000),
                                             (1920, 1080))
VOLUME_STEP = 0.1


@dataclass(frozen=True)
class Settings:
    """Every persisted setting with its default."""

    volume: float = 0.8
    animation_speed: str = "normal"
    colour_blind: bool = False
    window_size: tuple[int, int] | None = None
    coach_done: bool = False

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.animation_speed, 1.0)

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size) if self.window_size else None
        return d


def settings_path() -> Path:
    """Where the settings file lives ($LASTFRONTIER_HOME wins, for tests and portable use)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override) / SETTINGS_NAME
    return Path(platformdirs.user_config_dir("lastfrontier")) / SETTINGS_NAME


def _from_dict(d: Any) -> tuple[Settings, list[str]]:
    """Settings from a parsed file; unknown or out-of-range values fall back, and are named."""
    base = Settings()
    if not isinstance(d, dict):
        return base, ["the file is not a set of settings"]
    bad: list[str] = []
    values: dict[str, Any] = {}
    volume = d.get("volume", base.volume)
    if isinstance(volume, int | float) and not isinstance(volume, bool) \
            and 0.0 <= volume <= 1.0:
        values["volume"] = round(float(volume), 2)
    else:
        bad.append("volume")
    speed = d.get("animation_speed", base.animation_speed)
    if speed in SPEEDS:
        values["animation_speed"] = speed
    else:
        bad.append("animation speed")
    for key, words in (("colour_blind", "palette"), ("coach_done", "coach marks")):
        value = d.get(key, getattr(base, key))
        if isinstance(value, bool):
            values[key] = value
        else:
            bad.append(words)
    size = d.get("window_size")
    if size is None:
        values["window_size"] = None
    elif (isinstance(size, list) and len(size) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in size)
          and 640 <= size[0] <= 10000 and 400 <= size[1] <= 10000):
        values["window_size"] = (size[0], size[1])
    else:
        bad.append("window size")
    return replace(base, **values), bad


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The saved settings and a one-line note ("" when all is well). Never raises."""
    target = settings_path() if path is None else Path(path)
    try:
        with target.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Settings(), ""
    except OSError as exc:
        return Settings(), f"{target.name} cannot be read ({(exc.strerror or 'error').lower()}); " \
                           "defaults are in use"
    if len(raw) > MAX_BYTES:
        return Settings(), f"{target.name} is far too large; defaults are in use"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Settings(), f"{target.name} is damaged; defaults are in use"
    settings, bad = _from_dict(data)
    note = f"{target.name}: unusable {', '.join(bad)}; defaults used for that" if bad else ""
    return settings, note


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings atomically; returns "" or a one-line reason it failed."""
    target = settings_path() if path is None else Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, json.dumps(settings.to_dict(), indent=1))
    except OSError as exc:
        return f"settings not saved: {(exc.strerror or 'error').lower()}"
    return ""


def apply_settings(ctx: Any, settings: Settings) -> None:
    """Put the settings into effect for the running client: sound volume and the options
    the Herald screens read (animation speed, palette)."""
    setter = getattr(ctx.sound, "set_volume", None)
    if setter is not None:
        setter(settings.volume)
    ctx.options["animation_speed"] = settings.speed
    ctx.options["colour_blind"] = settings.colour_blind
    ctx.options["settings"] = settings
