"""The Artifact's screens at a real table: what a group of players would trip over, each
driven with synthetic events on a local engine and checked on the screen's state or what
it draws."""

from __future__ import annotations

import pygame
import pytest
from test_ui_artifact_driver import Window, carrier_window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_source import (
    LocalTable,
    to_judge_check,
    to_place,
    to_play,
    to_purchase,
)


def table_in_play(players: int = 5, seed: int = 7) -> LocalTable:
    game = ArtifactGame.new({"players": players, "assignment": "random"}, seed)
    to_purchase(game)
    to_place(game)
    to_judge_check(game)
    to_play(game)
    table = LocalTable(game)
    table.serial += 1
    return table


@pytest.fixture
def in_play() -> LocalTable:
    return table_in_play()


def double_click(w: Window, pos) -> None:
    """Two presses at one spot with a frame between them, as a quick hand does."""
    for _ in range(2):
        w.move(pos)
        w._send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        w._send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        w.frame()


# ----------------------------------------------------------------------- 2: ending the game

def test_a_double_click_never_ends_the_game(ui_app, in_play):  # noqa: F811
    j = Window(ui_app, ArtifactJudgeScene(in_play.source(JUDGE)))
    double_click(j, j.button("end_game").rect.center)
    assert in_play.game.phase == "play"
    assert j.scene.levels is not None  # the dialog is open
    # every step's button is double-clicked too: still no ending without "End the game now"
    double_click(j, j.button("end_review").rect.center)
    assert in_play.game.phase == "play"
    j.press("end_review" if not j.scene.confirming else "end_back")
    j.press("end_review" if not j.scene.confirming else "end_back")
    assert j.button("end_confirm") is None and j.button("end_review") is not None
    double_click(j, j.button("cancel_end").rect.center)
    assert in_play.game.phase == "play" and j.scene.levels is None


def test_the_end_dialog_shows_the_levels_the_rules_give_and_asks_why_for_a_change(
        ui_app, in_play):  # noqa: F811
    from game.artifact.victory import evaluate, goals_for
    from game.ui.artifact_pieces import seat_title

    game = in_play.game
    found, _checks = evaluate(game)
    j = Window(ui_app, ArtifactJudgeScene(in_play.source(JUDGE)))
    j.press("end_game")
    assert j.scene.levels == found  # the dialog opens on the engine's own levels
    pirates = found["pirates"]
    j.press("level:pirates|-1")
    assert j.scene.levels["pirates"] == pirates - 1
    j.press("end_review")  # a changed level needs its reason first
    assert not j.scene.confirming and "reason" in j.scene.status
    j.click(j.scene.text.rect.center)
    j.type("The band held the Artifact at the airlock.")
    j.press("end_review")
    assert j.scene.confirming
    shown = " | ".join(j.texts())
    for seat in game.seats:
        level = found[seat] if seat != "pirates" else pirates - 1
        goals = goals_for(game, seat)
        if level <= len(goals):
            assert f"{seat_title(seat)}: victory level {level}" in shown
            assert goals[level - 1][:30] in shown
    assert f"the rules found level {pirates}" in shown
    assert "cannot be undone" in shown
    # the levels cannot change any more on this page; Back can
    assert j.button("level:pirates|1") is None
    j.press("end_confirm")
    assert game.phase == "over"
    result = game.state.result
    assert result.levels["pirates"] == pirates - 1 and result.found["pirates"] == pirates
    assert [(a.seat, a.reason) for a in result.adjustments] == [
        ("pirates", "The band held the Artifact at the airlock.")]
    assert {k: v for k, v in result.levels.items() if k != "pirates"} == {
        k: v for k, v in found.items() if k != "pirates"}


# ----------------------------------------------------------------------- 13: memory

def test_derived_surfaces_stay_within_their_budget(ui_app):  # noqa: F811
    """Scaled, tinted and 9-slice surfaces of many sizes (every zoom, every window) are
    kept within a byte budget; the old loader kept every size it ever made."""
    from game.ui.assets import DERIVED_CACHE_BYTES

    assets = ui_app.ctx.assets
    assets.clear_cache()
    for side in range(8, 400, 3):
        assets.scaled("floor_clear", (side, side))
        assets.tinted("counter_human", (200, 100, 50), (side, side))
        assets.nine_slice("panel", (side * 3, side * 2), 24)
    assert 0 < assets.cached_bytes() <= 3 * DERIVED_CACHE_BYTES
    made = sum(side * side * 4 * 8 for side in range(8, 400, 3))
    assert made > 4 * DERIVED_CACHE_BYTES  # the old caches would hold all of that


def test_zooming_and_resizing_keeps_the_map_within_its_tile_budget(ui_app, in_play):  # noqa: F811
    """Every zoom level at several window sizes, panned across the whole ship: the static
    map is kept as tiles within a byte budget (the old renderer kept up to seven
    whole-ship surfaces, 29 MB each at the closest zoom), and the fonts opened stay few."""
    from game.ui.artifact_deckdraw import TILE_BUDGET
    from game.ui.artifact_map import ZOOMS
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.assets import FONT_CACHE_LIMIT

    scene = ArtifactSeatScene(in_play.source("pirates"))
    ui_app.push(scene)
    peak = 0
    for size in ((1024, 640), (2560, 1440), (1280, 800)):
        ui_app.resize(size)
        for index in range(len(ZOOMS)):
            scene.cam.zoom_index = index
            for square in ((0, 0), (23, 21), (46, 42)):
                scene.cam.centre_on(square)
                ui_app.step([], 0.02)
                peak = max(peak, scene.renderer.static.bytes)
    assert 0 < peak <= TILE_BUDGET
    assert len(ui_app.ctx.assets._fonts) <= FONT_CACHE_LIMIT
    assert not hasattr(scene.renderer, "_base")  # no whole-ship surfaces any more


# ----------------------------------------------------------------------- 10: the map

def test_ring_wrap_lab_link_and_lift_spokes_are_drawn_through_space(ui_app):  # noqa: F811
    from game.artifact.deckplan import feynman
    from game.ui.artifact_deckdraw import (
        BAND,
        SHAFT,
        StaticMap,
        connectors,
    )

    plan = feynman()
    found = connectors(plan)
    joined = {tuple(sorted(c.ends[0] + c.ends[1])) for c in found}
    # every hatch link (the ring's halves, the lab over engineering) and every lift
    for a, others in plan.links.items():
        for b, _hid in others:
            assert any(a in squares and b in squares for squares in joined), (a, b)
    for lift in plan.lifts:
        assert tuple(sorted(lift.ends)) in joined
    covered: dict[tuple[int, int], int] = {}
    for n, conn in enumerate(found):
        k = conn.width
        cells = set()
        for (x0, y0), (x1, y1) in zip(conn.points, conn.points[1:], strict=False):
            for x in range(min(x0, x1), max(x0, x1) + k):
                for y in range(min(y0, y1), max(y0, y1) + k):
                    cells.add((x, y))
        for x, y in cells:  # through space only, never over the hull
            assert not plan.inside(x, y) or plan.terrain[plan.sq(x, y)] in ("space", "void")
        for cell in cells:
            covered.setdefault(cell, n)
        if conn.kind == "wrap":  # the ring's bands never cross each other
            assert all(covered[cell] == n or found[covered[cell]].kind == "spoke"
                       for cell in cells)
        # and the band is on the map's pixels, in its own colour
        static = StaticMap(plan)
        c = 24
        seg = conn.segments(c)[len(conn.segments(c)) // 2]
        view = seg.inflate(8, 8)
        target = pygame.Surface(view.size)
        static.blit_view(target, ui_app.ctx, c, view, {}, {})
        colour = BAND if conn.kind == "wrap" else SHAFT
        px = pygame.surfarray.array3d(target)
        hits = ((px[:, :, 0] == colour[0]) & (px[:, :, 1] == colour[1])
                & (px[:, :, 2] == colour[2])).sum()
        assert hits > seg.w * seg.h // 3, conn.label


@pytest.mark.parametrize("cell", [18, 24, 30, 38, 48, 60])
def test_room_names_never_overlap_and_keep_a_gap(ui_app, cell):  # noqa: F811
    from game.artifact.deckplan import feynman
    from game.ui.artifact_deckdraw import name_layout

    plan = feynman()
    labels = name_layout(plan, cell, lambda t, px: ui_app.ctx.text.size(t, px, True))
    assert len(labels) >= 20
    gap = max(4, cell // 4)
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not a.rect.inflate(gap, gap // 2).colliderect(b.rect), (a.text, b.text)
    # each name sits on its own room (its middle square is one of the room's squares)
    for label in labels:
        if label.text in plan.space_names:
            x, y = label.rect.centerx // cell, label.rect.centery // cell
            assert plan.inside(x, y) and plan.space_name(plan.sq(x, y)) == label.text


def test_the_frame_around_the_map_follows_every_change_while_cached(ui_app, in_play):  # noqa: F811
    """The turn bar, side column and tool bar are blitted from the last frame while the
    mouse is over the map; any change they show (the walking mode here) redraws them."""
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    w = Window(ui_app, ArtifactSeatScene(in_play.source("pirates")))
    w.move(w.scene.cam.rect.center)
    w.frame()
    w.frame()
    assert w.scene._chrome_at is not None  # cached
    bar = w.scene.bar_rect
    before = pygame.surfarray.array3d(w.surface.subsurface(bar)).copy()
    w.key(pygame.K_2)
    assert w.scene.mode == "jog"
    after = pygame.surfarray.array3d(w.surface.subsurface(bar))
    assert (before != after).any()
    assert [b.key for b in w.scene.buttons if b.selected and b.key.startswith("mode:")] == \
        ["mode:jog"]


# ----------------------------------------------------------------------- 5: the action bar

@pytest.mark.parametrize("size", [(640, 400), (1024, 640), (1280, 800)])
@pytest.mark.parametrize("extra", [0, 9])
def test_the_bar_wraps_and_end_turn_is_always_there(ui_app, size, extra):  # noqa: F811
    """Every action the engine offers gets a button inside the bar (rows wrap, the bar
    grows), End Turn included, none overlapping; ``extra`` more offers (the informant,
    Move + take for each item on a square) crowd it further."""
    from game.artifact.example import example_game
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    game, _log = example_game(6)
    table = LocalTable(game)
    scene = ArtifactSeatScene(table.source("pirates"))
    offered = scene.action_buttons
    more = [(f"mtake:item{n}", f"Move + take Spacesuit {n}", True) for n in range(extra)]
    scene.action_buttons = lambda ctx: offered(ctx)[:-1] + more + offered(ctx)[-1:]
    ui_app.resize(size)
    w = Window(ui_app, scene, size)
    w.move((w.scene.cam.rect.x + 5, w.scene.cam.rect.y + 5))
    w.frame()
    carrier = next(cid for cid, e in scene.own().items() if e.items)
    scene.click_button(f"select:{carrier}", w.ctx)
    w.frame()
    w.frame()
    wanted = [key for key, _l, _ok in scene.action_buttons(w.ctx)]
    assert "end_turn" in wanted and len(wanted) >= 5 + extra
    shown = {b.key: b.rect for b in scene.buttons}
    window = pygame.Rect((0, 0), size)
    for key in wanted:
        assert key in shown, (key, size)
        assert scene.bar_rect.contains(shown[key]) and window.contains(shown[key]), key
    bar = [shown[k] for k in wanted] + [r for k, r in shown.items() if k.startswith("toggle:")]
    for i, a in enumerate(bar):
        assert a.collidelist(bar[i + 1:]) < 0
    assert scene.cam.rect.h >= size[1] // 3  # the map keeps most of the window


# ----------------------------------------------------------------------- 12: smaller things

@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_placement_list_shows_every_counter_of_a_seat(ui_app, size):  # noqa: F811
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    game = ArtifactGame.new({"players": 5, "assignment": "random"}, 7)
    to_purchase(game)
    to_place(game)
    table = LocalTable(game)
    ui_app.resize(size)
    w = Window(ui_app, ArtifactSeatScene(table.source("pirates")), size)
    w.frame()
    things = w.scene.placement.things
    assert len(things) >= 6
    rows = [b for b in w.scene.buttons if b.key.startswith("place_pick:")]
    assert len(rows) == len(things)  # the old list showed four (none at 1280x800)
    assert all(w.scene.list_rect.contains(b.rect) for b in rows)


def test_the_negotiation_line_says_how_much_a_message_holds(ui_app, in_play):  # noqa: F811
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    w = Window(ui_app, ArtifactSeatScene(in_play.source("phoneco")))
    w.frame()
    w.click(w.scene.chat.line.rect.center)
    w.type("x" * 1850)
    shown = " | ".join(w.texts())
    assert "150 characters left (a message holds at most 2,000)" in shown
    w.type("y" * 400)
    assert len(w.scene.chat.line.text) == 2000
    assert "Full: a message holds at most 2,000 characters" in " | ".join(w.texts())
    w.key(pygame.K_RETURN)
    assert len(in_play.chat_log[-1]["text"]) == 2000


def test_see_the_map_as_keeps_clear_of_its_title_at_every_size(ui_app):  # noqa: F811
    j_table = LocalTable(ArtifactGame.new({"players": 8, "assignment": "random"}, 3))
    for size in ((1024, 640), (1920, 1080), (2560, 1440)):
        ui_app.resize(size)
        j = Window(ui_app, ArtifactJudgeScene(j_table.source(JUDGE)), size)
        j.frame()
        switch = [b.rect for b in j.scene.buttons if b.key.startswith("as:")]
        assert len(switch) == 8 and all(j.scene.switch_rect.contains(r) for r in switch)
        title_bottom = j.scene.switch_rect.y + ui_app.ctx.text.font(
            ui_app.ctx.type.small, True).get_height()
        assert min(r.top for r in switch) > title_bottom


def test_the_host_says_who_plays_what_for_each_number_of_players():
    import subprocess
    import sys

    from test_ui_artifact_driver import ROOT, _env

    from game.artifact.seats import describe_mix

    assert "the Judge's person also plays The Alien" in describe_mix(4)
    assert "the Judge's person also plays Bell Telephone" in describe_mix(3)
    assert "also plays" not in describe_mix(5)
    assert "The Alien (two seats, one map)" in describe_mix(6)
    out = subprocess.run([sys.executable, "-m", "game", "host", "--help"], cwd=ROOT,
                         env=_env(), capture_output=True, text=True, timeout=60).stdout
    flat = " ".join(out.split())
    for n in range(3, 9):
        assert describe_mix(n, short=True) in flat


# ----------------------------------------------------------------------- 7: facings

def test_facings_the_character_cannot_afford_are_greyed_and_keep_the_plan(ui_app):  # noqa: F811
    from every_screen import zero_g_character

    from game.artifact import preview
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    table = table_in_play(seed=2)
    game = table.game
    seat = game.turn_seat
    cid = zero_g_character(game)
    table.serial += 1
    w = Window(ui_app, ArtifactSeatScene(table.source(seat)))
    w.frame()
    scene = w.scene
    scene.click_button(f"select:{cid}", w.ctx)
    w.frame()
    reach = scene.reach()
    target = max(reach, key=lambda sq: (reach[sq], sq))  # spends every MP
    w.click_square(target)
    assert scene.pending is not None
    costs = scene.facing_costs()
    engine = preview.facing_choices(scene.view, cid, scene.pending.mode, scene.pending.path)
    assert costs == engine
    refused = [f for f, (_c, why) in costs.items() if why]
    assert refused and costs["S"] == (0, "")
    rects = scene.renderer.facing_rects(scene.cam, scene.pending_at)
    before = game.state.serial
    w.move(rects[refused[0]].center)
    assert "not possible" in scene.facing_tip(refused[0]) and "MP" in scene.facing_tip(
        refused[0])
    w.click(rects[refused[0]].center)
    assert scene.pending is not None and game.state.serial == before  # plan kept, unsent
    assert "Cannot face that way" in scene.status
    w.click(rects["S"].center)
    assert scene.pending is None and game.state.characters[cid].square == game.plan.sq(*target)


# ----------------------------------------------------------------------- 8: overlays

def _renderer_window(ui_app):
    from game.artifact.deckplan import feynman
    from game.ui.artifact_map import DEFAULT_ZOOM, Camera, DeckRenderer

    renderer = DeckRenderer(feynman())
    cam = Camera(renderer.plan, pygame.Rect(0, 0, 900, 640))
    cam.zoom_index = DEFAULT_ZOOM
    cam.centre_on((10, 8))
    return renderer, cam, pygame.Surface((900, 640))


def test_path_notes_and_the_reason_never_overlap(ui_app):  # noqa: F811
    from game.ui.artifact_map import Overlays

    renderer, cam, surface = _renderer_window(ui_app)
    ov = Overlays(path=[(9, 8), (10, 8), (11, 8)], path_start=(8, 8), path_stop=(11, 8),
                  path_reason="out of reach this turn",
                  path_notes={(10, 8): "hatch +1 MP", (11, 8): "hatch +2 MP"},
                  selected=(8, 8))
    renderer.draw(surface, ui_app.ctx, cam, hatches={}, lifts={}, pieces=[], ov=ov)
    boxes = renderer.label_boxes
    assert len(boxes) == 3
    for i, a in enumerate(boxes):
        assert a.collidelist(boxes[i + 1:]) < 0


def test_a_blocked_line_of_sight_is_never_crossed_on_the_counter(ui_app):  # noqa: F811
    from game.ui.artifact_map import Overlays, Piece
    from game.ui.theme import VERMILLION

    renderer, cam, surface = _renderer_window(ui_app)
    me = Piece("me", "character", "Kyoshi", (8, 8), own=True, colour=(230, 230, 230))
    ov = Overlays(los=((8, 8), (14, 8), False, (8, 8)), selected=(8, 8))
    renderer.draw(surface, ui_app.ctx, cam, hatches={}, lifts={}, pieces=[me], ov=ov)
    rect = renderer.piece_rects(cam, [me])[0][0]
    px = pygame.surfarray.array3d(surface.subsurface(rect.clip(surface.get_rect())))
    red = ((px[:, :, 0] == VERMILLION[0]) & (px[:, :, 1] == VERMILLION[1])
           & (px[:, :, 2] == VERMILLION[2])).sum()
    assert red == 0 and renderer.los_cross is not None


@pytest.mark.parametrize("zoom", [5, 6, 7])
def test_facing_arrows_keep_off_the_neighbouring_counters(ui_app, zoom):  # noqa: F811
    from game.ui.artifact_map import Piece

    renderer, cam, _surface = _renderer_window(ui_app)
    cam.zoom_index = zoom
    around = [Piece(f"n{k}", "character", "Osorio", sq) for k, sq in
              enumerate(((10, 7), (11, 8), (10, 9), (9, 8)))]
    counters = [r for r, _p in renderer.piece_rects(cam, around)]
    arrows = renderer.facing_rects(cam, (10, 8))
    for facing, rect in arrows.items():
        assert rect.collidelist(counters) < 0, facing
    values = list(arrows.values())
    for i, a in enumerate(values):
        assert a.collidelist(values[i + 1:]) < 0


# ----------------------------------------------------------------------- 3: names, not ids

def test_notices_name_items_and_characters_never_their_ids(ui_app):  # noqa: F811
    """A drop, a status check and a Judge's log: names everywhere, no id or token."""
    import re

    from game.ui.artifact_panels import judge_names, notice_text, seat_names

    w, game, carrier = carrier_window(ui_app)
    table = w.scene.source.table
    scene = w.scene
    item = scene.own()[carrier].items[0]
    name = scene.view.own.items[item].name
    w.press(f"select:{carrier}")
    w.press(f"drop:{item}")
    w.key(pygame.K_RETURN)
    w.frame()
    lines = [text for text, _c in scene.log.entries]
    dropped = next(t for t in lines if "dropped" in t)
    assert name in dropped and item not in dropped
    ids = {*game.state.characters, *game.state.items,
           *(i.token for i in game.state.items.values()),
           *(c.token for c in game.state.characters.values())}
    # ids are lower case (tokens "t" and hex): a name is written with capitals
    pattern = re.compile(r"\b(" + "|".join(re.escape(i) for i in sorted(ids, key=len,
                                                                       reverse=True)) + r")\b")
    view = scene.view
    for n in view.notices:
        text, _c = notice_text(n, seat_names(view))
        assert not pattern.search(text), text
    # the Judge's log: who was told what, by name
    j = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    j.frame()
    state = j.scene.state
    names = judge_names(state)
    for n in state.judge_notices:
        if n.kind == "conflicts":
            continue
        text, _c = notice_text(n, names)
        assert not pattern.search(text), text
    # an unknown notice kind is named in words, never by its fields
    from game.artifact.state import Notice

    text, _c = notice_text(Notice("shot_fired", 2, {"target": "t1234abcd"}), {})
    assert "t1234abcd" not in text and "=" not in text


def test_private_options_are_named_and_explained(ui_app):  # noqa: F811
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_words import option_words, parse_options

    game = ArtifactGame.new({"players": 5, "assignment": "random"}, 7)
    to_purchase(game)
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source("phoneco")))
    w.frame()
    labels = {b.key: b.label for b in w.scene.buttons if b.key.startswith("opt:")}
    assert labels == {"opt:technicians": "Technicians", "opt:gmen": "G-men"}
    w.press("opt:gmen")
    shown = " ".join(w.texts())
    assert "informs for you" in shown  # the line explaining the chosen option
    assert len(option_words()) == 8
    with pytest.raises(Exception, match="no words for"):
        parse_options('[phoneco.gmen]\nname = "G-men"\nabout = "x"\n')
    with pytest.raises(Exception, match="is no option"):
        parse_options('[phoneco.spies]\nname = "S"\nabout = "x"\n')


# ----------------------------------------------------------------------- 6: stale statuses

def test_a_refusal_is_cleared_when_the_turn_moves_on(ui_app, in_play):  # noqa: F811
    from game.artifact import actions as A
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    seat = in_play.game.turn_seat
    w = Window(ui_app, ArtifactSeatScene(in_play.source(seat)))
    w.frame()
    w.scene.source.action(A.Move("nobody", "walk", (), "N"))  # refused by the engine
    w.frame()
    assert w.scene.status
    w.key(pygame.K_e)  # end the turn: the refusal is about a moment that has passed
    w.frame()
    assert in_play.game.turn_seat != seat and w.scene.status == ""
    for _ in range(3):
        w.frame()
    assert w.scene.status == ""  # and it does not come back


def test_the_judges_robot_hint_is_gone_once_play_starts(ui_app):  # noqa: F811
    from game.artifact import actions as A

    game = ArtifactGame.new({"players": 5, "assignment": "random"}, 7)
    to_purchase(game)
    to_place(game)
    to_judge_check(game)
    table = LocalTable(game)
    j = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    j.frame()
    j.press("robot:handler_bot")
    assert "robot" in j.scene.status
    to_play(game)
    assert game.phase == "play"
    table.serial += 1
    j.frame()
    assert j.scene.status == ""
    assert A  # the actions module is what to_play sent


def test_a_long_status_is_shown_in_full(ui_app, in_play):  # noqa: F811
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    w = Window(ui_app, ArtifactSeatScene(in_play.source("pirates")))
    w.frame()
    words = " ".join(f"word{n}" for n in range(24))  # about 170 characters
    w.scene.status = words
    shown = " ".join(w.texts())
    assert all(f"word{n}" in shown for n in range(24))


# ----------------------------------------------------------------------- 9: counters

def test_counters_tell_items_apart_and_show_names_and_ghosts(ui_app):  # noqa: F811
    from game.ui.artifact_map import DeckRenderer, Piece
    from game.ui.text_registry import RecordingSurface, TextRegistry

    ctx = ui_app.ctx
    rect = pygame.Rect(0, 0, 40, 40)
    drawn = {}
    for name in ("Rifle", "Medkit", "Spacesuit", "Loot"):
        surface = pygame.Surface((40, 40))
        DeckRenderer.draw_piece(surface, ctx, rect, Piece(name, "item", name, (0, 0)))
        drawn[name] = pygame.surfarray.array3d(surface).tobytes()
    assert len(set(drawn.values())) == 4  # four kinds of item, four different counters
    registry = TextRegistry()
    ctx.text.check_layout(registry)
    try:
        target = RecordingSurface((200, 60), registry=registry)
        DeckRenderer.draw_piece(target, ctx, pygame.Rect(0, 0, 40, 40),
                                Piece("k", "character", "Kyoshi", (0, 0), facing="E"))
        DeckRenderer.draw_piece(target, ctx, pygame.Rect(60, 0, 40, 40),
                                Piece("g", "character", "Osorio", (1, 0), ghost=True,
                                      facing="S", seen_round=3))
    finally:
        ctx.text.check_layout(None)
    texts = [t.text for t in target.notes.texts]
    assert "Kyoshi" in texts and "Osorio" in texts  # whole names on a plate
    assert "R3" in texts  # the round a ghost was last seen


def test_the_selected_character_has_a_card(ui_app):  # noqa: F811

    w, _game, carrier = carrier_window(ui_app)
    scene = w.scene
    w.press(f"select:{carrier}")
    entry = scene.own()[carrier]
    shown = " ".join(w.texts())
    items = scene.view.own.items
    assert f"{entry.name}: {entry.kind}" in shown
    assert "Moves this turn: walk" in shown
    assert all(skill in shown for skill in entry.skills)
    assert all(items[i].name in shown for i in entry.items)
    # and every character of the seat still has its button
    assert {b.key for b in scene.buttons if b.key.startswith("select:")} == \
        {f"select:{cid}" for cid in scene.own()}


def test_squares_where_a_trap_stopped_us_are_marked(ui_app, in_play):  # noqa: F811
    import dataclasses

    from game.artifact.state import Notice
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LocalSource
    from game.ui.theme import VERMILLION

    class Trapped(LocalSource):
        @property
        def view(self):
            view = super().view
            trap = Notice("interdiction", 1, {"character": "kyoshi", "reason": "a booby trap",
                                              "square": [12, 8]})
            return dataclasses.replace(view, notices=(*view.notices, trap))

    w = Window(ui_app, ArtifactSeatScene(Trapped(in_play, "pirates")))
    w.frame()
    ov, _key = w.scene.overlays()
    assert ov.traps == {(12, 8)}
    pos = w.goto((12, 8))
    w.frame()
    c = w.scene.cam.cell
    area = pygame.Rect(0, 0, c, c)
    area.center = pos
    px = pygame.surfarray.array3d(w.surface.subsurface(area))
    red = ((px[:, :, 0] == VERMILLION[0]) & (px[:, :, 1] == VERMILLION[1])
           & (px[:, :, 2] == VERMILLION[2])).sum()
    assert red > c


# ----------------------------------------------------------------------- 4: an owner's things

def test_an_owner_sees_its_own_things_by_name_never_as_ghosts(ui_app):  # noqa: F811
    """A seat's own item that its map also shows (a fake Artifact looks like the real one
    to others) is drawn once, by its true name and in the seat's colour; an own item or
    character the map remembers somewhere else leaves no ghost there."""
    import dataclasses

    from game.artifact.state import CharacterCounter, ItemCounter, OwnItem
    from game.ui.artifact_pieces import seat_pieces

    w, _game, carrier = carrier_window(ui_app)
    view = w.scene.view
    me = view.own.characters[carrier]
    fake = OwnItem("tfake0001", "fake_artifact", "Fake artifact", None, (14, 9))
    carried = view.own.items[me.items[0]]
    counters = {**view.map.counters,
                "tfake0001": ItemCounter("The Artifact", (14, 9))}
    last = {**view.map.last_known,
            carried.id: ItemCounter(carried.name, (3, 3), round=1),
            me.token: CharacterCounter(me.counter, (4, 4), "N", "active", round=1)}
    view = dataclasses.replace(
        view, own=dataclasses.replace(view.own, items={**view.own.items, "tfake0001": fake}),
        map=dataclasses.replace(view.map, counters=counters, last_known=last))
    pieces = seat_pieces(view)
    at = [p for p in pieces if p.square == (14, 9)]
    assert [(p.label, p.own) for p in at] == [("Fake artifact", True)]
    assert not [p for p in pieces if p.ghost and p.square in ((3, 3), (4, 4))]


# ----------------------------------------------------------------------- 11: the end screen

def test_the_end_screen_reveals_where_everything_was_and_why(ui_app):  # noqa: F811
    from game.artifact import actions as A
    from game.artifact.views import view_for
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    w, game, _carrier = carrier_window(ui_app)
    assert view_for(game, "pirates").reveal is None  # nothing is told before the end
    game.apply(JUDGE, A.EndGame((("pirates", 2, "The band's escape was as good as done."),)))
    w.scene.source.table.serial += 1
    w.frame()
    assert isinstance(w.scene, ArtifactSeatScene)
    shown = " | ".join(w.texts())
    assert "Space Pirates" in shown or "Pirate" in shown
    assert "victory level 2" in shown and "because:" in shown
    assert "(HAL)" in shown  # the alien seat's species, by name
    log = " | ".join(t for t, _c in w.scene.log.entries)
    state = game.state
    for char in state.characters.values():
        sheet = game.sheets.characters[char.sheet]
        if sheet.on_map:
            assert sheet.name in log, sheet.name
    for item in state.items.values():
        assert game.sheets.items[item.type].name in log
    assert "The Alien seat was HAL" in log


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_end_panel_shows_every_reason_whole_and_at_reading_size(ui_app, size):  # noqa: F811
    """The end panel's width did not grow with the window and each reason had one line:
    a long one was drawn smaller than the small type or cut with an ellipsis. Now each
    wraps, at the small type, on the seat's screen and the Judge's."""
    from game.artifact import actions as A
    from game.artifact.example import example_game
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.text_registry import RecordingSurface, TextRegistry

    reason = ("The band's escape was as good as done: the cutter had undocked with the "
              "loot aboard and the shields were down when the Judge called time.")
    game, _log = example_game(6)
    game.apply(JUDGE, A.EndGame((("pirates", 2, reason),)))
    ui_app.ctx.resized(size)
    table = LocalTable(game)
    for scene in (ArtifactSeatScene(table.source("pirates")),
                  ArtifactJudgeScene(table.source(JUDGE))):
        w = Window(ui_app, scene, size=size)
        w.frame()
        registry = TextRegistry()
        w.ctx.text.check_layout(registry)
        try:
            target = RecordingSurface(size, registry=registry)
            scene.draw(target, w.ctx)
        finally:
            w.ctx.text.check_layout(None)
        texts = target.notes.texts
        assert reason in " ".join(t.text for t in texts)  # whole, over wrapped lines
        lines = [t for t in texts if t.text.startswith(("because:", "The Judge ruled so"))
                 or (len(t.text) > 12 and t.text in reason)]
        assert len(lines) >= 3
        assert all(t.px >= w.ctx.type.tiny for t in lines)
        assert not any(t.text.endswith(("…", "...")) for t in lines)


def test_a_counter_last_seen_during_setup_wears_no_round_zero(ui_app):  # noqa: F811
    """HAL's robots on its map since the setup: their faded counters said "R0" and "last
    seen round 0", a round the game never has. They read "last seen during setup" and
    wear no round badge; a counter seen in play keeps its "R3"."""
    from game.artifact.example import example_game
    from game.artifact.views import view_for
    from game.ui.artifact_map import DeckRenderer, Piece
    from game.ui.artifact_pieces import seat_pieces
    from game.ui.text_registry import RecordingSurface, TextRegistry

    game, _log = example_game(6)
    ghosts = [p for p in seat_pieces(view_for(game, "alien")) if p.ghost]
    assert ghosts and {p.note for p in ghosts} == {"last seen during setup"}
    ctx = ui_app.ctx
    registry = TextRegistry()
    ctx.text.check_layout(registry)
    try:
        target = RecordingSurface((200, 60), registry=registry)
        DeckRenderer.draw_piece(target, ctx, pygame.Rect(0, 0, 40, 40),
                                Piece("g", "character", "Doc Bot", (0, 0), ghost=True,
                                      seen_round=0))
        DeckRenderer.draw_piece(target, ctx, pygame.Rect(60, 0, 40, 40),
                                Piece("h", "character", "Osorio", (1, 0), ghost=True,
                                      seen_round=3))
    finally:
        ctx.text.check_layout(None)
    texts = [t.text for t in target.notes.texts]
    assert "R0" not in texts and "R3" in texts


def test_with_seven_seats_every_tell_tab_and_end_game_is_on_screen_at_1280x720(ui_app):  # noqa: F811
    """Eight players at 1280x720: the Judge's bar used to stop where its row ended (no
    Tell for the aliens, no End game...), the negotiation tabs too (no private talk with
    the aliens), and a faction's two seats had the same label. Every tool and every
    recipient now has its button, on screen, none over another, each label its own."""
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    table = table_in_play(players=8, seed=7)
    assert len(table.game.seats) == 7
    ui_app.ctx.resized((1280, 720))
    judge = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)), size=(1280, 720))
    judge.frame()
    judge.frame()
    wanted = {key for key, _label, _on in judge.scene.tools()}
    assert {"end_game", "msg:alien", "msg:alien2"} <= wanted
    bar = [b for b in judge.scene.buttons if b.key in wanted]
    assert {b.key for b in bar} == wanted
    assert len({b.label for b in bar}) == len(bar)
    screen = judge.surface.get_rect()
    for n, b in enumerate(bar):
        assert screen.contains(b.rect) and judge.scene.bar_rect.contains(b.rect), b.key
        assert not any(b.rect.colliderect(o.rect) for o in bar[n + 1:]), b.key
    for seat, w in (("judge", judge), ("pirates2", Window(
            ui_app, ArtifactSeatScene(table.source("pirates2")), size=(1280, 720)))):
        w.frame()
        tabs = [b for b in w.scene.chat.buttons if b.key.startswith("to:")]
        others = {s for s in table.game.seats if s != seat}
        assert {b.key for b in tabs} == {"to:"} | {f"to:{s}" for s in others}, seat
        assert len({b.label for b in tabs}) == len(tabs), seat
        assert all(w.scene.chat_rect.contains(b.rect) for b in tabs), seat
    judge.press("end_game")
    assert judge.scene.levels is not None  # the End game dialog opens
