"""Hint then Enter takes the hinted choice, whatever the decision; the hint box stays off
the Holomap."""

from __future__ import annotations

import pygame
import pytest

from game.herald.bot import choose
from game.herald.engine import HeraldGame
from game.ui.app import App
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import HeraldScene
from game.ui.scene import Reset
from game.ui.settings import Settings, save_settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    # the first-game tour has been seen: these tests drive the console itself
    save_settings(Settings(coach_done=True))
    return tmp_path / "home"


def _play_by_hint_and_enter(seed: int, variant: str, limit: int) -> set[str]:
    app = App((1280, 800), mute=True)
    game = HeraldGame.new(seed, variant)
    app.apply(Reset(HeraldScene(game)))
    pilot = Pilot(app)
    pilot.settle()
    kinds = set()
    for _ in range(limit):
        if game.outcome is not None:
            break
        kind = game.pending.kind
        expected = choose(game).action
        before = len(game.log)
        pilot.press(pygame.K_h)
        pilot.press(pygame.K_RETURN)
        pilot.settle()
        assert len(game.log) == before + 1, f"Enter did nothing after a hint ({kind})"
        assert game.log[before] == expected, kind
        kinds.add(kind)
    return kinds


@pytest.mark.slow
def test_enter_takes_the_hinted_choice_for_every_decision_kind(home):
    kinds = set()
    for seed, variant in ((5, "standard"), (9, "linear"), (14, "standard")):
        kinds |= _play_by_hint_and_enter(seed, variant, 140)
    # a voyage to The Source and home meets every common kind of decision
    assert {"assign_dice", "direction", "environment", "event_officers"} <= kinds, kinds


def test_enter_takes_a_hinted_direction_environment_and_decline(home):
    """Hand-picked decisions: a direction, an Environment choice, a declined Event."""
    from game.herald import actions as act

    found = {}
    for seed in range(60):
        game = HeraldGame.new(seed)
        import random
        rng = random.Random(seed)
        while game.outcome is None and len(game.log) < 60:
            kind = game.pending.kind
            hint = choose(game).action
            key = "decline" if isinstance(hint, act.DeclineEvent) else kind
            if key in ("direction", "environment", "decline") and key not in found:
                found[key] = (seed, list(game.log))
            game.apply(rng.choice(game.legal_actions()))
        if len(found) == 3:
            break
    assert set(found) == {"direction", "environment", "decline"}
    for key, (seed, log) in found.items():
        game = HeraldGame.replay({"seed": seed, "variant": "standard", "dice": [],
                                  "pads": None}, log)
        app = App((1024, 640), mute=True)
        app.apply(Reset(HeraldScene(game)))
        pilot = Pilot(app)
        pilot.settle()
        expected = choose(game).action
        pilot.press(pygame.K_h)
        pilot.press(pygame.K_RETURN)
        pilot.settle()
        assert game.log[len(log)] == expected, key


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_hint_box_leaves_the_holomap_uncovered(home, size):
    app = App(size, mute=True)
    scene = HeraldScene(HeraldGame.new(2))
    app.apply(Reset(scene))
    pilot = Pilot(app)
    pilot.settle()
    pilot.press(pygame.K_h)
    app.render()
    box = scene.hint_rect(app.ctx)
    assert box is not None
    assert not box.colliderect(scene.layout.map_panel)
    hv = scene.layout.hexview
    for hex_ in scene.game.pads.holomap.regions:
        x, y = hv.center(hex_)
        assert not box.collidepoint(round(x), round(y))
    assert scene.layout.log_panel.contains(box)
