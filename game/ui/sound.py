"""Sound effects that fall silent, never over, when there is no audio.

A machine without a sound card, a CI box, or an SDL build without a mixer must still run
the game, so every failure here (mixer that will not start, missing or broken file, no free
channel) turns into silence. Sounds are loaded on first use and kept.
"""

from __future__ import annotations

import io
import logging
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame

from game.ui.assets import SOUNDS_DIR

log = logging.getLogger(__name__)

# Every sound the client plays (file name without .wav in sounds/).
SOUNDS: tuple[str, ...] = (
    "dice_roll",
    "dice_land",
    "engine",
    "click",
    "hover",
    "slide",
    "alarm",
    "success",
    "failure",
    "victory",
    "defeat",
    "countdown",
    "telegram",
    "hatch",
    "step",
    "error",
)

MIXER_FREQUENCY = 44100
MIXER_BUFFER = 512


class SoundBoard:
    """Plays the named effects, or nothing at all when no mixer can be had."""

    def __init__(
        self, muted: bool = False, sounds_dir: Traversable | Path | None = None,
        volume: float = 0.8,
    ) -> None:
        self.sounds_dir = sounds_dir if sounds_dir is not None else SOUNDS_DIR
        self._muted = bool(muted)
        self._volume = min(1.0, max(0.0, float(volume)))
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.available: bool = self._start_mixer()

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(
                    frequency=MIXER_FREQUENCY, size=-16, channels=2, buffer=MIXER_BUFFER
                )
            return bool(pygame.mixer.get_init())
        except Exception as exc:  # pygame.error, or a pygame built without the mixer
            log.info("no sound: mixer unavailable (%s)", exc)
            return False

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        self._muted = bool(muted)
        if self._muted and self.available:
            try:
                pygame.mixer.stop()
            except Exception:  # silence is the goal either way
                log.debug("mixer.stop failed", exc_info=True)

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the effects' volume (0 to 1) for loaded and future sounds."""
        self._volume = min(1.0, max(0.0, float(volume)))
        for sound in self._cache.values():
            if sound is not None:
                try:
                    sound.set_volume(self._volume)
                except Exception:  # a mixer gone away: the next load retries
                    log.debug("set_volume failed", exc_info=True)

    def toggle_mute(self) -> bool:
        """Flip mute and return the new state (True = muted)."""
        self.set_muted(not self._muted)
        return self._muted

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._cache:
            return self._cache[name]
        sound: pygame.mixer.Sound | None = None
        path = self.sounds_dir / f"{name}.wav"
        try:
            sound = pygame.mixer.Sound(file=io.BytesIO(path.read_bytes()))
            sound.set_volume(self._volume)
        except Exception as exc:  # missing, unreadable, or mixer gone: stay silent
            log.warning("sound %r unavailable: %s: %s", name, path, exc)
            sound = None
        self._cache[name] = sound
        return sound

    def preload(self, names: tuple[str, ...] = SOUNDS) -> int:
        """Load the given sounds now (e.g. during a loading screen); returns how many loaded."""
        if not self.available:
            return 0
        return sum(1 for name in names if self._sound(name) is not None)

    def play(self, name: str) -> bool:
        """Start a sound; True if it is playing. Never raises."""
        if self._muted or not self.available:
            return False
        try:
            sound = self._sound(name)
            if sound is None:
                return False
            return sound.play() is not None
        except Exception:  # a sound must never take the game down
            log.debug("could not play %r", name, exc_info=True)
            return False
