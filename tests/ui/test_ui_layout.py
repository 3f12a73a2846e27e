"""No text overlaps another or leaves its panel, on every screen of both games, at four
window sizes (1024x640, 1280x800, 1920x1080 and 2560x1440).

The check draws each screen onto a recording surface (``App.render_checked``): every text
the client renders is noted with the rectangle of its ink, every panel and button with the
area inside its border and corner brackets (see ``game.ui.text_registry``).
"""

from __future__ import annotations

import pygame
import pytest
from every_screen import HERALD_SCREENS, SCREENS, SIZES, drawn_texts, open_screen

from game.ui.app import App
from game.ui.text_registry import RecordingSurface, TextRegistry, problems, undersized
from game.ui.widgets import Button, draw_panel, draw_wrapped


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_no_text_overlaps_or_leaves_its_frame(home, screen, size):
    app = App(size, mute=True, data_dir=home)
    try:
        open_screen(app, screen)
        found = app.render_checked()
    finally:
        app.ctx.close_all()
    assert not found, f"{screen} at {size[0]}x{size[1]}:\n" + "\n".join(found)


@pytest.mark.parametrize("size", [pytest.param(s, marks=[] if s == (1280, 800)
                                               else [pytest.mark.slow]) for s in SIZES],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", sorted(HERALD_SCREENS))
def test_every_herald_text_is_running_text_size_and_whole(home, screen, size):
    """On The Herald's screens every text (hotkey hints on buttons aside) is at least the
    small running-text size, 15 px at 1280x800 and scaled with the window, and none is cut
    short with an ellipsis to fit."""
    app = App(size, mute=True, data_dir=home)
    try:
        open_screen(app, screen)
        found = [p for p in app.render_checked(min_px=app.ctx.type.small)
                 if " px, under " in p or "is cut short" in p]
    finally:
        app.ctx.close_all()
    assert app.ctx.type.small >= round(15 * min(size[0] / 1280, size[1] / 800))
    assert not found, f"{screen} at {size[0]}x{size[1]}:\n" + "\n".join(found)


def _recording(app: App) -> tuple[TextRegistry, RecordingSurface]:
    """A surface the size of ``app``'s window that records every text drawn on it, with
    the app's text cache reporting to the returned registry (the layout check's setup)."""
    registry = TextRegistry()
    app.ctx.text.check_layout(registry)
    return registry, RecordingSurface(app.screen.get_size(), registry=registry)


def test_the_check_sees_a_small_text_and_an_ellipsis_but_not_a_hotkey_hint(home):
    app = App((1280, 800), mute=True, data_dir=home)
    registry, surface = _recording(app)
    Button("go", "Launch", pygame.Rect(100, 100, 200, 48), hotkey="Enter").draw(surface, app.ctx)
    surface.blit(app.ctx.text.render("Effort 3", 15), (400, 100))
    assert undersized(surface, 15) == []
    surface.blit(app.ctx.text.render("Space & Physics", 12), (400, 150))
    surface.blit(app.ctx.text.render("Effort 4: Communicatio...", 15), (400, 200))
    found = undersized(surface, 15)
    assert len(found) == 2
    assert "'Space & Physics'" in found[0] and "12 px" in found[0]
    assert "cut short" in found[1]


def test_the_check_sees_a_hotkey_on_a_button_border_and_two_texts_on_top(home):
    """The check itself: text drawn over the frame of a button, or over another text, is
    reported; the same text drawn by the widgets inside their frames is not."""
    app = App((1280, 800), mute=True, data_dir=home)
    registry, surface = _recording(app)
    button = Button("go", "Launch", pygame.Rect(100, 100, 200, 48), hotkey="Enter")
    button.draw(surface, app.ctx)
    draw_panel(surface, pygame.Rect(400, 100, 300, 200), app.ctx, "Panel title")
    assert problems(surface) == []
    hint = app.ctx.text.render("Enter", app.ctx.type.tiny)
    surface.blit(hint, (300 - hint.get_width() - 2, 148 - hint.get_height()))  # the old spot
    surface.blit(app.ctx.text.render("Panel title", 20), (420, 150))
    surface.blit(app.ctx.text.render("on top", 20), (440, 152))
    surface.set_clip(pygame.Rect(0, 600, 1280, 8))
    surface.blit(app.ctx.text.render("half hidden", 20), (10, 598))
    surface.set_clip(None)
    found = problems(surface)
    assert any("'Enter'" in p and "leaves its button" in p for p in found)
    assert any("overlaps" in p and "'on top'" in p for p in found)
    assert any("'half hidden'" in p and "cut off" in p for p in found)
    # inside a scrolled map's viewport a half-visible label is expected
    surface.reset()
    surface.add_frame("viewport", pygame.Rect(0, 400, 600, 100), pygame.Rect(0, 400, 600, 100))
    surface.set_clip(pygame.Rect(0, 400, 600, 100))
    surface.blit(app.ctx.text.render("Lab Corridor", 20), (580, 450))
    surface.set_clip(None)
    assert problems(surface) == []


def test_wrapped_text_shrinks_a_little_then_ends_with_an_ellipsis_never_dropped(home):
    app = App((1280, 800), mute=True, data_dir=home)
    ctx = app.ctx
    registry, surface = _recording(app)
    lh = ctx.text.font(ctx.type.small).get_linesize()
    area = pygame.Rect(10, 10, 300, 2 * lh)
    words = "the choice of two officers for the Event, or none, with a Dilemma"
    used = draw_wrapped(surface, ctx, words, ctx.type.small, (255, 255, 255), area)
    assert used <= area.h
    assert "".join(t.text for t in surface.notes.texts).replace(" ", "") == words.replace(" ", "")
    surface.reset()
    draw_wrapped(surface, ctx, words * 6, ctx.type.small, (255, 255, 255), area)
    assert surface.notes.texts[-1].text.endswith("…")
    assert all(area.contains(t.rect) for t in surface.notes.texts)


def test_running_text_is_at_least_15_px_at_1280x800_and_scales_with_the_window():
    from game.ui.theme import TypeScale, window_scale

    ref = TypeScale.for_scale(window_scale((1280, 800)))
    assert min(ref.small, ref.body, ref.heading) >= 15
    big = TypeScale.for_scale(window_scale((2560, 1440)))
    small = TypeScale.for_scale(window_scale((1024, 640)))
    assert small.body < ref.body < big.body and big.small >= round(ref.small * 1.7)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_seats_notices_hold_a_three_line_attack_report(home, size):
    # An attack's outcome wraps to three lines in the side column; at 1280x720 the
    # notices showed only its last two, so the report began in mid-sentence.
    app = App(size, mute=True, data_dir=home)
    try:
        open_screen(app, "artifact_seat")
        scene = app.stack[-1]
        app.render_checked()
        lines = scene.log.rect.h // app.ctx.text.font(app.ctx.type.small).get_linesize()
    finally:
        app.ctx.close_all()
    assert lines >= 3, f"notices show {lines} lines at {size[0]}x{size[1]}"


@pytest.mark.parametrize("size", [(190, 36), (200, 48), (120, 30)])
def test_a_hotkey_hint_keeps_clear_of_its_buttons_inner_line(home, size):
    # "Esc" on the launcher's Back button touched the frame's inner line at 1280x720:
    # the hint sat flush with the text area's edge, which lies on that line.
    app = App((1280, 720), mute=True, data_dir=home)
    registry, surface = _recording(app)
    button = Button("back", "Back", pygame.Rect(100, 100, *size), hotkey="Esc")
    button.draw(surface, app.ctx)
    hints = [t for t in surface.notes.texts if t.text == "Esc"]
    area = button.text_area(app.ctx)
    assert hints, "the hint is drawn"
    assert hints[0].rect.right <= area.right - (button.rect.right - area.right)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_buttons_second_line_keeps_clear_of_its_icon_and_hotkey(home, size):
    # The Herald's "Shore leave" choice: a short label with an icon over a long second
    # line. The second line started where the label did (after the icon), ran past the
    # frame and under the "2" hint; centred alone it ran under the icon instead.
    app = App(size, mute=True, data_dir=home)
    ctx = app.ctx
    registry, surface = _recording(app)
    rect = pygame.Rect(330, 581, 294, 78).scale_by(size[0] / 1280)
    button = Button("env:shore_leave", "Shore leave", rect, icon="icon_leadership",
                    sublabel="+2 Effectiveness to all, costs Time", sub_px=ctx.type.small,
                    hotkey="2")
    button.draw(surface, ctx)
    assert problems(surface) == []
    sub = next(t for t in surface.notes.texts if t.text.startswith("+2"))
    label = next(t for t in surface.notes.texts if t.text == "Shore leave")
    assert sub.text == "+2 Effectiveness to all, costs Time"  # whole, not cut short
    # one column beside the icon: both lines centred on it, the icon left of the longer
    side = min(button.text_area(ctx).h - 2, round(ctx.type.body * 1.4))
    assert abs(sub.rect.centerx - label.rect.centerx) <= 2
    assert sub.rect.x - side >= button.text_area(ctx).x


SMALL_ARTIFACT = ("artifact_lobby", "artifact_purchase", "artifact_purchase_pirates",
                  "artifact_placement", "artifact_seat", "artifact_seat_folded",
                  "artifact_targeting", "judge_lobby", "judge_play", "judge_column_open",
                  "judge_end_levels", "hosting")


@pytest.mark.parametrize("screen", SMALL_ARTIFACT)
def test_the_artifacts_screens_fit_a_640x400_window(home, screen):
    # Played at 640x400: the lobby's seats line ran under the notices, the Judge's "See
    # the map as" buttons were a few pixels tall with their names spilling out, the
    # purchase form's last item sat across the form's frame, and the host's list ran
    # "second Phone Company" into its join string.
    app = App((640, 400), mute=True, data_dir=home)
    try:
        open_screen(app, screen)
        found = app.render_checked()
        scene = app.stack[-1]
        form = getattr(scene, "purchase", None)
        if form is not None:
            app.render()
            box = scene.cam.rect.inflate(-40, -40)
            outside = [b.label for b in form.buttons if not box.contains(b.rect)]
            assert not outside, f"outside the purchase form: {outside}"
    finally:
        app.ctx.close_all()
    assert not found, f"{screen} at 640x400:\n" + "\n".join(found)


def test_placement_names_the_space_and_the_facing_never_coordinates(home):
    from game.ui.artifact_lobby import PlacementDraft

    app = App((1280, 720), mute=True, data_dir=home)
    try:
        open_screen(app, "artifact_placement")
        scene = app.stack[-1]
        draft: PlacementDraft = scene.placement
        allowed = sorted(draft.allowed(draft.current[2]))
        draft.place(allowed[0])
        draft.face("E")
        app.render()
        labels = [b.label for b in scene.buttons if b.key.startswith("place_pick:")]
    finally:
        app.ctx.close_all()
    assert any(label.endswith(", facing east") for label in labels), labels
    assert not any("(" in label for label in labels), labels


@pytest.mark.parametrize("size", [(1280, 720), (640, 400)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_end_panel_says_the_lowest_level_wins(home, size):
    # "Mad Scientist: victory level 2   WINNER" under two factions at level 4 read as a
    # mistake to a player who had not read that the lowest-numbered level wins.
    app = App(size, mute=True, data_dir=home)
    try:
        open_screen(app, "artifact_over")
        texts = drawn_texts(app)
        found = app.render_checked()
    finally:
        app.ctx.close_all()
    assert any(t.upper().endswith("(THE LOWEST WINS)") for t in texts), texts
    assert not found, found


def test_a_notice_longer_than_its_panel_reads_from_its_start(home):
    # At 640x400 a seat's notices hold one line: the newest notice showed its last line
    # only ("held by Preuitt"), a sentence's tail with no beginning.
    from game.ui.widgets import ScrollText

    app = App((640, 400), mute=True, data_dir=home)
    ctx = app.ctx
    registry, surface = _recording(app)
    log = ScrollText()
    log.add("Setup: Forces placed.")
    log.add("The game is over. The evidence disk lies in the Lorry Cabin, held by Preuitt.")
    lh = ctx.text.font(ctx.type.small).get_linesize()
    log.draw(surface, ctx, pygame.Rect(10, 10, 170, lh), ctx.type.small)
    shown = [t.text for t in surface.notes.texts]
    ctx.text.check_layout(None)
    assert len(shown) == 1
    assert shown[0].startswith("The game is over") and shown[0].endswith("…"), shown
    # with room for the whole notice it is shown whole, as before
    surface.reset()
    ctx.text.check_layout(registry)
    log.draw(surface, ctx, pygame.Rect(10, 10, 170, 8 * lh), ctx.type.small)
    ctx.text.check_layout(None)
    shown = [t.text for t in surface.notes.texts]
    assert shown[0] == "Setup: Forces placed." and not shown[-1].endswith("…")


def test_the_recipient_button_stays_clear_of_the_typing_line_in_a_short_panel(home):
    # While placing at 640x400 the negotiation panel is one line high: "To: All" lay
    # under the typing line, out of reach.
    app = App((640, 400), mute=True, data_dir=home)
    try:
        open_screen(app, "artifact_placement")
        scene = app.stack[-1]
        app.render()
        chat = scene.chat
        buttons = [b for b in chat.buttons if b.key.startswith("to:")]
        line = chat.line.rect
        panel = scene.chat_rect
    finally:
        app.ctx.close_all()
    assert buttons, "a recipient can be chosen"
    for b in buttons:
        assert not b.rect.colliderect(line), (b.rect, line)
        assert panel.contains(b.rect)
    assert line.w >= panel.w // 2


@pytest.mark.parametrize("size", [(640, 400), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_judges_adjudication_panel_leaves_most_of_the_map_to_click(home, size):
    # At 640x400 the panel's fixed 30-pixel rows covered two thirds of the map, where
    # the Judge clicks the square after "Move to...".
    app = App(size, mute=True, data_dir=home)
    try:
        open_screen(app, "judge_play")
        scene = app.stack[-1]
        scene.picked = "kyoshi"
        found = app.render_checked()
        app.render()
        panel, cam = scene.adjudication_rect, scene.cam.rect
        labels = [b.label for b in scene.buttons if b.key.startswith(("jmove", "jstatus"))]
    finally:
        app.ctx.close_all()
    assert not found, found
    assert "Move to..." in labels
    assert panel.h <= cam.h // 2, (panel, cam)


def test_the_end_dialogs_level_steps_are_readable_at_640x400(home):
    # The - and + beside each faction's level were 18 pixels wide at 640x400: their
    # signs shrank to a dot inside the frame.
    app = App((640, 400), mute=True, data_dir=home)
    try:
        open_screen(app, "judge_end_levels")
        scene = app.stack[-1]
        small = [p for p in app.render_checked(min_px=app.ctx.type.body)
                 if p.startswith(("'+'", "'-'"))]
        app.render()
        steps = [b for b in scene.buttons if b.key.startswith("level:")]
        body = app.ctx.text.font(app.ctx.type.body, True).get_linesize()
    finally:
        app.ctx.close_all()
    assert len(steps) == 8
    assert not small, small
    assert all(b.rect.w >= body + 12 for b in steps)


def test_the_purchase_form_names_every_character_or_says_it_stops(home):
    # The Pirates' form at 640x400 listed three of its eight characters and stopped.
    app = App((640, 400), mute=True, data_dir=home)
    try:
        open_screen(app, "artifact_purchase_pirates")
        texts = drawn_texts(app)
        roster = app.stack[-1].purchase.roster()
    finally:
        app.ctx.close_all()
    start = texts.index("Your characters") + 1
    named = " ".join(texts[start:])
    assert len(roster) == 8
    assert "…" in named or all(name in named for name in ("Eastwood", "Yee")), named


def test_a_form_with_nothing_for_sale_says_so(home):
    # The Alien's form showed "Price list (click to buy)" over an empty column and
    # "Order (click a holder to change it)" over nothing: it looked broken.
    from every_screen import _table

    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.scene import Reset

    app = App((1280, 720), mute=True, data_dir=home)
    try:
        app.apply(Reset(ArtifactSeatScene(_table("purchase").source("alien"))))
        for _ in range(3):
            app.step([], 0.25)
        texts = " ".join(drawn_texts(app))
    finally:
        app.ctx.close_all()
    assert "click to buy" not in texts and "click a holder" not in texts
    assert "Nothing for sale" in texts and "Nothing ordered" in texts
