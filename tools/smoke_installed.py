"""Open the installed game's window for a few frames and check that every asset is found.

    cd /somewhere/else && /fresh/venv/bin/python /path/to/tools/smoke_installed.py

Run with the interpreter of a virtual environment that installed the built wheel, from a
folder outside the source tree: the script refuses to run if ``game`` would be imported
from the checkout, so it proves the wheel alone carries its sprites, sounds and fonts.
Exit status 0 and one summary line when all is well; an AssertionError otherwise.
"""

from __future__ import annotations

import io
import os
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CHECKOUT = Path(__file__).resolve().parents[1]


def main() -> int:
    import tempfile

    import game
    from game.ui.assets import FONT_FILES, SOUNDS_DIR, SPRITES, SPRITES_DIR, Assets
    from game.ui.sound import SOUNDS

    where = Path(game.__file__).resolve().parent
    assert not where.is_relative_to(CHECKOUT), f"game was imported from the checkout: {where}"
    assert "site-packages" in where.parts, f"game is not an installed package: {where}"

    from game.ui.app import App
    from game.ui.launcher_scene import LauncherScene

    with tempfile.TemporaryDirectory(prefix="lf-smoke-") as home:
        app = App((1280, 800), mute=True, data_dir=Path(home))
        app.push(LauncherScene())
        for _ in range(5):
            assert app.step([], 1 / 60), "the window closed by itself"
        w, h = app.screen.get_size()
        colours = {tuple(app.screen.get_at((x * w // 16, y * h // 10)))
                   for x in range(16) for y in range(10)}
        assert len(colours) > 8, "the window is blank"
        assets = Assets()
        for name, info in SPRITES.items():
            surf = assets.master(name)
            assert surf.get_size() == info.file_size, name
        for name in SOUNDS:
            data = (SOUNDS_DIR / f"{name}.wav").read_bytes()
            with wave.open(io.BytesIO(data)) as w:
                assert w.getnframes() > 0, name
        for face in FONT_FILES:
            img = assets.font(20, face=face).render("Herald", True, (255, 255, 255))
            assert img.get_width() > 20, face
        app.close()
    print(f"installed game at {where}: window ran 5 frames; {len(SPRITES)} sprites from "
          f"{SPRITES_DIR}, {len(SOUNDS)} sounds, {len(FONT_FILES)} fonts found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
