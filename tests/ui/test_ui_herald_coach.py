"""First-game coach marks: they walk through the first turn, can be skipped, and once
finished or skipped never come back (the settings file remembers)."""

from __future__ import annotations

import pygame
import pytest

from game.herald.engine import HeraldGame
from game.ui.app import App
from game.ui.herald_coach import MARKS
from game.ui.herald_pilot import Pilot
from game.ui.herald_scene import HeraldScene
from game.ui.scene import Reset
from game.ui.settings import load_settings


def _new_game(size=(1280, 800), game=None):
    app = App(size, mute=True)
    scene = HeraldScene(game or HeraldGame.new(3))
    app.apply(Reset(scene))
    pilot = Pilot(app)
    pilot.settle()
    pilot.hover((5, 5))
    return app, pilot, scene


def _press(app, pilot, key):
    button = next(b for b in app.top.coach.buttons(app.top, app.ctx) if b.key == key)
    pilot.click(button.rect.center)


def test_the_tour_walks_through_the_first_turn_and_never_returns(home):
    app, pilot, scene = _new_game()
    assert scene.coach.active and scene.coach.index == 0
    seen = []
    for _ in MARKS:
        seen.append(scene.coach.mark.key)
        target = scene.coach.mark.target(scene)
        assert target.w > 0 and target.h > 0
        box, _ = scene.coach.bubble(scene, app.ctx)
        assert pygame.Rect(0, 0, *app.ctx.size).contains(box)
        _press(app, pilot, "coach_next")
    assert seen == [m.key for m in MARKS]
    assert not scene.coach.active and load_settings()[0].coach_done
    app2, pilot2, scene2 = _new_game()
    assert not scene2.coach.active and scene2.coach.finished


def test_skip_ends_it_for_good_and_space_moves_on(home):
    app, pilot, scene = _new_game()
    pilot.press(pygame.K_SPACE)
    assert scene.coach.index == 1
    _press(app, pilot, "coach_skip")
    assert not scene.coach.active
    assert load_settings()[0].coach_done is True
    _, _, again = _new_game()
    assert not again.coach.active


def test_the_console_stays_playable_under_the_tour(home):
    app, pilot, scene = _new_game()
    assert scene.coach.active
    game = scene.game
    pilot.press(pygame.K_h)
    pilot.press(pygame.K_RETURN)
    pilot.settle()
    assert len(game.log) == 1


def test_no_tour_when_a_voyage_is_resumed(home):
    game = HeraldGame.new(3)
    game.apply(game.legal_actions()[0])
    app, pilot, scene = _new_game(game=game)
    assert not scene.coach.active


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_tour_bubbles_fit_every_window(home, size):
    app, pilot, scene = _new_game(size)
    for _ in MARKS:
        box, _ = scene.coach.bubble(scene, app.ctx)
        assert pygame.Rect(0, 0, *size).contains(box)
        pilot.press(pygame.K_SPACE)


def test_an_ignored_tour_steps_aside_when_the_second_turn_begins(home):
    # Played on without it, the tour's first card stayed up and dimmed the console for
    # the whole voyage (seen in a full game driven by the mouse).
    from game.herald.bot import choose

    app, pilot, scene = _new_game()
    game = scene.game
    assert scene.coach.active
    while game.state.turn == 1:
        pilot.perform(choose(game).action, "click")
        assert scene.coach.active or game.state.turn > 1
    pilot.settle()
    assert not scene.coach.active
    assert load_settings()[0].coach_done is False  # never finished: a new game offers it
    _, _, again = _new_game()
    assert again.coach.active
