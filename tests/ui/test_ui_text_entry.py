"""The Artifact's negotiation line and the Judge's message line: a real text field (cursor
movement, selection, clipboard paste), and logs that break words too long for a line.

The old hand-drawn line only appended characters and removed the last one.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.artifact_panels import TextLine
from game.ui.widgets import ScrollText


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), mute=True, data_dir=tmp_path)
    yield a
    pygame.quit()


def key(k: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def focused_line(app: App) -> tuple[TextLine, pygame.Surface]:
    line = TextLine(200, "type here")
    surface = pygame.Surface(app.ctx.size)
    rect = pygame.Rect(100, 100, 400, TextLine.height(app.ctx))
    line.draw(surface, app.ctx, rect)
    line.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert line.active
    return line, surface


def test_the_cursor_moves_and_typing_goes_where_it_is(app):
    line, _ = focused_line(app)
    line.handle(typed("world"))
    line.handle(key(pygame.K_HOME))
    line.handle(typed("hello "))
    assert line.text == "hello world"
    line.handle(key(pygame.K_END))
    line.handle(key(pygame.K_LEFT))
    line.handle(key(pygame.K_BACKSPACE))
    assert line.text == "hello word"


def test_select_all_then_typing_replaces_the_selection(app):
    line, _ = focused_line(app)
    line.handle(typed("draft"))
    line.handle(key(pygame.K_a, pygame.KMOD_CTRL))
    line.handle(typed("final"))
    assert line.text == "final"


def test_paste_from_the_clipboard(app):
    line, _ = focused_line(app)
    pygame.scrap.put_text("Meet me at lift 2")
    line.handle(key(pygame.K_v, pygame.KMOD_CTRL))
    assert line.text == "Meet me at lift 2"


def test_enter_sends_clears_and_gives_the_keys_back(app):
    line, _ = focused_line(app)
    line.handle(typed("  over and out  "))
    assert line.handle(key(pygame.K_RETURN)) == "over and out"
    assert line.text == "" and not line.active
    assert line.handle(typed("x")) is None and line.text == ""


def test_escape_leaves_the_line_and_keeps_the_draft(app):
    line, _ = focused_line(app)
    line.handle(typed("half a thought"))
    line.handle(key(pygame.K_ESCAPE))
    assert not line.active and line.text == "half a thought"


def test_a_word_longer_than_the_log_is_broken_to_fit(app):
    ctx = app.ctx
    word = "Z" * 300
    lines = ctx.text.wrap(f"see {word} end", ctx.type.small, 200)
    assert "".join(lines).replace(" ", "") == f"see{word}end"
    assert all(ctx.text.size(line, ctx.type.small)[0] <= 200 for line in lines)
    log = ScrollText()
    log.add(f"Pirate: {word}")
    surface = pygame.Surface(ctx.size)
    log.draw(surface, ctx, pygame.Rect(10, 10, 200, 400))
    assert len(log._lines(ctx, ctx.type.small)) > 3


# -- a field's pygame_gui manager: kept while the type size stays, freed before the next --


def test_a_moved_field_keeps_its_manager_and_its_draft(app):
    line, surface = focused_line(app)
    line.handle(typed("draft"))
    manager = line._manager
    moved = pygame.Rect(150, 300, 500, TextLine.height(app.ctx))
    line.draw(surface, app.ctx, moved)
    assert line._manager is manager and line._entry.rect.topleft == moved.topleft
    assert line.text == "draft"


def test_a_new_type_size_frees_the_old_manager_and_keeps_the_draft(app):
    import weakref

    line = TextLine(200, "type here")
    line.draw(pygame.Surface(app.ctx.size), app.ctx,
              pygame.Rect(100, 100, 400, TextLine.height(app.ctx)))
    line.text = "to the Pirate"  # a draft left in a line the keys have gone back from
    old = weakref.ref(line._manager)
    pygame.event.clear()  # as a window's frame does: pygame_gui's own events name the entry
    small = app.ctx.type.small
    app.resize((2560, 1440))
    assert app.ctx.type.small != small
    surface = pygame.Surface(app.ctx.size)
    line.draw(surface, app.ctx, pygame.Rect(100, 100, 1600, TextLine.height(app.ctx)))
    # Collected before the new one was made: never two managers held at once.
    assert old() is None and line._manager is not None
    assert line.text == "to the Pirate"


def test_typed_zero_width_and_control_characters_never_crash_the_line(app):
    """pygame_gui cannot lay out a line of zero width (a lone zero-width space) and raised
    from inside the field: such characters are dropped as they are typed. (Fails before:
    pygame.error "Text has zero width".)"""
    line, surface = focused_line(app)
    line.handle(typed("\u200b"))
    line.draw(surface, app.ctx, line.rect)
    assert line.text == ""
    line.handle(typed("a\u200db\x1bc"))
    line.draw(surface, app.ctx, line.rect)
    assert line.text == "abc"


# -- the negotiation panel in a short window --


SEATS = ["pirates", "phoneco", "scientist", "alien", "judge"]


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def test_a_short_negotiation_panel_names_the_recipient_on_one_button_that_moves_on(app):
    # At 640x400 the recipient tabs wrapped to a second row under the typing line.
    from game.ui.artifact_panels import ChatPanel

    ctx = app.ctx
    surface = pygame.Surface(ctx.size)
    chat = ChatPanel("pirates")
    rect = pygame.Rect(10, 10, 180, 110)
    chat.draw(surface, ctx, rect, SEATS, True)
    line_top = rect.bottom - TextLine.height(ctx)
    assert len(chat.buttons) == 1 and chat.buttons[0].label == "To: All"
    assert all(b.rect.bottom <= line_top for b in chat.buttons)
    chat.handle(click(chat.buttons[0].rect.center), ctx)
    chat.draw(surface, ctx, rect, SEATS, True)
    assert chat.to == "phoneco" and chat.buttons[0].label.startswith("To: ")
    for _ in SEATS:  # round the seats and back to everyone
        if chat.to is None:
            break
        chat.handle(click(chat.buttons[0].rect.center), ctx)
        chat.draw(surface, ctx, rect, SEATS, True)
    assert chat.to is None
    # with room, every recipient keeps its own tab
    chat.draw(surface, ctx, pygame.Rect(10, 10, 380, 200), SEATS, True)
    assert len(chat.buttons) == len(SEATS)
