"""The built wheel carries every file the game reads at run time.

A plain ``pip install .`` once shipped no sprites and no sounds; this builds the wheel the
way CI does (``tools/build_wheel.py``) and lists what is inside it. ``.ci/run`` goes further
and plays the installed wheel from another folder (``tools/smoke_installed.py``).
"""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path

import pytest

from game.ui.assets import FONT_FILES, FONT_LICENCES, SPRITES
from game.ui.sound import SOUNDS

ROOT = Path(__file__).resolve().parents[1]


def _builder():
    spec = importlib.util.spec_from_file_location("build_wheel", ROOT / "tools" / "build_wheel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> set[str]:
    builder = _builder()
    wheel = builder.build_wheel(tmp_path_factory.mktemp("dist"))
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


@pytest.mark.slow
def test_wheel_holds_every_sprite_sound_and_font(wheel_names: set[str]) -> None:
    missing = [f"game/assets/sprites/{n}.png" for n in SPRITES
               if f"game/assets/sprites/{n}.png" not in wheel_names]
    missing += [f"game/assets/sounds/{n}.wav" for n in SOUNDS
                if f"game/assets/sounds/{n}.wav" not in wheel_names]
    missing += [f"game/assets/fonts/{n}" for n in (*FONT_FILES.values(), *FONT_LICENCES)
                if f"game/assets/fonts/{n}" not in wheel_names]
    assert not missing


@pytest.mark.slow
def test_wheel_holds_every_file_of_the_packages(wheel_names: set[str]) -> None:
    """Every file under game/ and net/ in the checkout (data files of both engines, the
    client's data, the modules), with the asset links followed, is in the wheel."""
    builder = _builder()
    expected = set()
    for rel in builder.source_files(ROOT):
        path = ROOT / rel
        if not rel.startswith(("game/", "net/")):
            continue
        if path.is_dir():  # a link to a folder of assets: its files
            expected |= {f"{rel}/{p.name}" for p in path.iterdir() if p.is_file()}
        elif path.exists():
            expected.add(rel)
    missing = sorted(expected - wheel_names)
    assert not missing
    assert {n for n in expected if n.endswith((".toml", ".json", ".map"))}
