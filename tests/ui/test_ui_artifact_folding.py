"""The side column's folding panels: on the Judge's screen they fold to their titles at a
click and give their height to the others, a small window starts with the roster of every
character open and the rest folded, and the wheel scrolls the lists; on a seat's screen
the notices and the negotiation fold the same way. Driven by synthetic pygame events."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame
from every_screen import drawn_notes, drawn_texts, open_screen

from game.ui.app import App
from game.ui.fold_column import Fold, fold_heights, title_rect

OTHERS = frozenset({"switch", "log", "chat"})


@contextlib.contextmanager
def screen_at(home, size: tuple[int, int], name: str = "judge_play") -> Iterator[App]:
    """An app at ``size`` showing the screen ``name`` (the Judge's in play), closed after."""
    app = App(size, mute=True, data_dir=home)
    try:
        open_screen(app, name)
        yield app
    finally:
        app.ctx.close_all()


def click(app: App, pos) -> None:
    pos = tuple(pos)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def wheel(app: App, pos, y: int) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0),
                                 buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)])


def key(app: App, k: int, text: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0),
              pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0)])


def fold_title(app: App, panel: str) -> None:
    """Click the title of the column's panel ``panel``."""
    rect = getattr(app.stack[-1], f"{panel}_rect")
    click(app, title_rect(app.ctx, rect).center)


def roster_lines(app: App) -> list[str]:
    """The lines of the roster one frame draws."""
    scene = app.stack[-1]
    return [t.text for t in drawn_notes(app) if scene.roster.rect.contains(t.rect)]


def test_fold_heights_share_the_room_and_lists_give_way_before_buttons():
    folds = [Fold("buttons", 60), Fold("list", 100, 2.0), Fold("log", 60, 1.0)]
    # roomy: the leasts, the rest by weight, the column filled to the pixel
    h = fold_heights(folds, (), 400, 30)
    assert h == {"buttons": 60, "list": 100 + 120, "log": 60 + 60}
    assert sum(fold_heights(folds, (), 401, 30).values()) == 401
    # a folded panel is its bar, and its room goes to the open lists
    h = fold_heights(folds, {"log"}, 400, 30)
    assert h["log"] == 30 and h["list"] == 400 - 60 - 30
    # short of room: the lists shrink toward their bars, the buttons keep their height
    h = fold_heights(folds, (), 180, 30)
    assert h["buttons"] == 60 and 30 <= h["log"] < 60 and 30 <= h["list"] < 100
    assert sum(h.values()) <= 180
    # shorter still: the lists are down to their bars, then the buttons give way
    h = fold_heights(folds, (), 110, 30)
    assert h["list"] == h["log"] == 30 and 30 <= h["buttons"] <= 50


def test_a_small_window_opens_the_roster_alone_with_six_lines_or_more(home):
    # At 640x400 the roster of every character got its heading and one line; the
    # told log three, under a minimap, the seat switch and the negotiation.
    with screen_at(home, (640, 400)) as app:
        scene = app.stack[-1]
        assert scene.folding.folded == OTHERS
        lines = roster_lines(app)
        assert len(lines) >= 6, lines
        assert scene.roster.room >= 6
        assert app.render_checked() == []
        # the minimap shrank first: its deck at one pixel a square
        assert scene.mini_rect.h == scene.plan.height + 2


def test_a_click_on_a_title_folds_it_and_the_roster_gets_its_height(home):
    with screen_at(home, (1024, 640)) as app:
        scene = app.stack[-1]
        assert scene.folding.folded == frozenset()  # room for every panel open
        before = len(roster_lines(app))
        assert before >= 6
        texts = drawn_texts(app)
        assert "Placement conflicts: none" in texts
        fold_title(app, "log")
        assert scene.folding.folded == {"log"}
        texts = drawn_texts(app)
        assert "Placement conflicts: none" not in texts  # folded to its title
        assert "WHAT EACH SEAT WAS TOLD" in texts
        one = len(roster_lines(app))
        assert one > before
        fold_title(app, "chat")
        assert not [b for b in scene.chat.buttons if b.key.startswith("to:")]
        two = len(roster_lines(app))
        assert two > one
        fold_title(app, "log")  # open again: it takes its height back
        assert scene.folding.folded == {"chat"}
        assert "Placement conflicts: none" in drawn_texts(app)
        assert len(roster_lines(app)) < two
        assert app.render_checked() == []
        # the choice holds while the screen lives, whatever the window does
        app.resize((640, 400))
        app.step()
        assert scene.folding.folded == {"chat"}
        app.resize((1024, 640))
        app.step()
        assert scene.folding.folded == {"chat"}


def test_every_panel_open_in_a_small_window_still_fits(home):
    with screen_at(home, (640, 400)) as app:
        scene = app.stack[-1]
        for panel in ("switch", "log", "chat"):
            fold_title(app, panel)
        assert scene.folding.folded == frozenset()
        assert app.render_checked() == []
        switch = [b.rect for b in scene.buttons if b.key.startswith("as:")]
        assert len(switch) == 5 and all(scene.switch_rect.contains(r) for r in switch)
        assert scene.roster.room >= 1 and scene.log.room >= 1
        assert scene.chat_rect.bottom <= 400


def test_the_wheel_scrolls_the_roster_which_keeps_its_place_when_refreshed(home):
    with screen_at(home, (640, 400)) as app:
        scene = app.stack[-1]
        first = roster_lines(app)
        over = scene.roster.rect.center
        wheel(app, over, -1)
        assert scene.roster.offset == 3
        assert roster_lines(app)[0] == first[3]
        for _ in range(200):  # to the end: the last lines fill the panel, no further
            wheel(app, over, -1)
        wrapped = scene.roster._wrapped
        assert scene.roster.offset == len(wrapped) - scene.roster.room
        shown = roster_lines(app)
        assert len(shown) == scene.roster.room
        end = wrapped[-1][0]
        assert shown[-1] == (end[3:] if end.startswith("## ") else end)
        # a new turn refreshes the roster: the Judge is not thrown back to its top
        at = scene.roster.offset
        version = scene._version
        scene.click_button("skip_turn", app.ctx)
        app.step()
        assert scene._version != version
        assert scene.roster.offset == at
        wheel(app, over, 1)
        assert scene.roster.offset == at - 3
        # the wheel over a folded panel's title scrolls nothing
        wheel(app, scene.log_rect.center, 1)
        assert scene.log.offset == 0


def test_keys_and_clicks_still_work_with_the_panels_folded(home):
    with screen_at(home, (640, 400)) as app:
        scene = app.stack[-1]
        seats = scene.state.seats
        key(app, pygame.K_2, "2")  # the switch is folded: its keys still switch
        assert scene.as_seat == seats[1]
        label = [b.label for b in scene.fold_titles if b.key == "fold:switch"][0]
        assert label == "See the map as: Company"  # the folded title names the seat
        key(app, pygame.K_0, "0")
        assert scene.as_seat is None
        key(app, pygame.K_TAB)
        assert scene.picked is not None
        fold_title(app, "chat")
        assert "chat" not in scene.folding.folded
        app.step()
        line = scene.chat.line.rect.center
        fold_title(app, "chat")
        fold_title(app, "list")  # every panel folded: the titles stack under the minimap
        assert scene.chat_rect.bottom < line[1]
        # where the negotiation's typing line was: nothing to type in while it is folded
        click(app, line)
        assert not scene.chat.line.active and not scene.captures_text
        assert scene.folding.folded == OTHERS | {"list"}
        fold_title(app, "list")
        fold_title(app, "chat")
        click(app, scene.chat.line.rect.center)
        assert scene.chat.line.active
        app.step([pygame.event.Event(pygame.TEXTINPUT, text="3")])
        assert scene.chat.line.text == "3" and scene.as_seat is None
        # folding it while typing gives the keys back to the map
        fold_title(app, "chat")
        assert not scene.chat.line.active
        key(app, pygame.K_3, "3")
        assert scene.as_seat == seats[2]


def test_a_folded_panel_says_how_much_came_since_it_folded(home):
    with screen_at(home, (1024, 640)) as app:
        scene = app.stack[-1]
        fold_title(app, "log")
        before = len(scene.log.entries)
        scene.click_button("skip_turn", app.ctx)  # the seat is told its turn was skipped
        app.step()
        came = len(scene.log.entries) - before
        assert came > 0
        texts = drawn_texts(app)
        assert f"WHAT EACH SEAT WAS TOLD ({came} NEW)" in texts, texts
        fold_title(app, "log")
        texts = drawn_texts(app)
        assert "WHAT EACH SEAT WAS TOLD" in texts
        assert not any("NEW)" in t for t in texts)


def test_a_seats_notices_and_negotiation_fold_in_a_small_window(home):
    # At 640x400 a seat's notices hold one line under its forces and the negotiation.
    with screen_at(home, (640, 400), "artifact_seat") as app:
        scene = app.stack[-1]
        assert scene.folding.folded == frozenset()  # a seat starts as it always has
        app.step()
        notices, forces = scene.log.room, scene.list_rect.h
        fold_title(app, "chat")
        assert scene.folding.folded == {"chat"}
        assert scene.log.room >= notices + 3  # the negotiation's height went to the notices
        assert not [b for b in scene.chat.buttons if b.key.startswith("to:")]
        assert app.render_checked() == []
        fold_title(app, "log")  # both folded: the forces get the height
        assert scene.list_rect.h > forces
        assert app.render_checked() == []
        # C opens the folded negotiation and types in it
        key(app, pygame.K_c, "c")
        assert "chat" not in scene.folding.folded and scene.chat.line.active
        app.step([pygame.event.Event(pygame.TEXTINPUT, text="c"),
                  pygame.event.Event(pygame.TEXTINPUT, text="hi")])
        assert scene.chat.line.text == "hi"
