"""Every Artifact screen drawn from an in-process engine (the same documents the hub would
send), driven by synthetic events, checked on its pixels and saved as a screenshot
(into $ARTIFACT_SHOTS when set, else the test's temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from test_ui_artifact_driver import Window, changed_outside, counter_pixels
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact import actions as A
from game.artifact import movement, preview
from game.artifact.deckplan import feynman
from game.artifact.engine import ArtifactGame
from game.artifact.seats import JUDGE
from game.ui.artifact_app import HotseatScene, run_judge_window, run_seat_window
from game.ui.artifact_curtain import CurtainScene
from game.ui.artifact_judge_scene import ArtifactJudgeScene
from game.ui.artifact_map import faction_colour
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable, to_judge_check, to_place, to_play, to_purchase

SEED = 7


def shots_dir(tmp_path: Path) -> Path:
    path = Path(os.environ.get("ARTIFACT_SHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def shoot(window: Window, folder: Path, name: str) -> Path:
    window.frame()
    target = folder / f"{name}.png"
    pygame.image.save(window.surface, str(target))
    return target


@pytest.fixture
def table() -> LocalTable:
    return LocalTable(ArtifactGame.new({"players": 4, "assignment": "random"}, SEED))


def refresh(table: LocalTable) -> None:
    table.serial += 1


def test_lobby_screens(ui_app, table, tmp_path):  # noqa: F811
    folder = shots_dir(tmp_path)
    table.presence["alien"] = "waiting"
    w = Window(ui_app, ArtifactSeatScene(table.source("pirates")))
    shoot(w, folder, "lobby_encryption")
    assert w.button("vote:yes") is not None and w.button("vote:no") is not None
    w.press("vote:yes")
    assert table.game.state.votes["pirates"] is True
    for seat in table.game.seats[1:]:
        table.game.apply(seat, A.VoteEncryption(True))
    refresh(table)
    w.frame()
    form = w.scene.purchase
    assert form is not None and form.left() == 32
    w.press("buy:rifle")
    w.press("buy:spacesuit")
    assert form.left() == 32 - 4 - 3
    shoot(w, folder, "lobby_purchase")
    w.press("send_order")
    assert table.game.state.orders["pirates"].cost == 7
    to_place(table.game, skip="pirates")
    refresh(table)
    w.frame()
    draft = w.scene.placement
    assert draft is not None
    plan = feynman()
    cabin = sorted(plan.xy(s) for s in plan.region("Pirate Cutter") if plan.passable(s))
    first = cabin[0]
    w.click_square(first)
    assert draft.places[draft.things[0][1]][:2] == list(first)
    shoot(w, folder, "lobby_placement")
    # the START squares are shaded green on the map, others are not
    cur = draft.current
    allowed = draft.allowed(cur[2])
    some = next(s for s in allowed if s != first and plan.terrain[plan.sq(*s)] != "space")
    w.goto(some)
    w.move((5, 5))
    w.frame()
    x, y = w.scene.cam.to_screen(*some)
    assert changed_outside(w, []) > 0
    w.click((x + 3, y + 3))
    assert len(draft.places) == 2
    w.click_square((30, 30))  # outside the cutter: refused, nothing placed
    assert len(draft.places) == 2 and "START" in w.scene.status
    n = 0
    while not draft.complete():
        w.click_square(cabin[(n // 3 + 1) % len(cabin)])
        n += 1
        assert n < 30
    w.key(pygame.K_RIGHT)
    w.key(pygame.K_RETURN)
    assert table.game.state.placed["pirates"] is True


@pytest.fixture
def in_play(table) -> LocalTable:
    to_purchase(table.game)
    to_place(table.game)
    to_judge_check(table.game)
    to_play(table.game)
    refresh(table)
    return table


def test_seat_map_overlays_and_los(ui_app, in_play, tmp_path):  # noqa: F811
    folder = shots_dir(tmp_path)
    w = Window(ui_app, ArtifactSeatScene(in_play.source("pirates")))
    scene = w.scene
    w.frame()
    assert scene.my_turn() and scene.selected is not None
    cid = scene.selected
    start = tuple(scene.own()[cid].square)
    w.key(pygame.K_2)  # jog
    reach = scene.reach()
    assert reach == preview.reachable(scene.view, cid, "jog")
    assert scene.fov() == preview.field_of_view(scene.view, cid)
    target = max(reach, key=lambda s: (reach[s], s))
    pos = w.goto(start)
    for _ in range(2):
        w.key(pygame.K_EQUALS)
    pos = scene.cam.centre_px(*target)
    w.move(pos)
    ov, _key = scene.overlays()
    found = preview.path_to(scene.view, cid, "jog", target)
    assert ov.path == [tuple(p) for p in found["path"]] and ov.path_stop == tuple(found["stop"])
    checked = movement.check_path(scene.view, cid, "jog", found["path"],
                                  scene.own()[cid].facing)
    hatch_steps = {feynman().xy(s) for s, h in zip(checked.squares, checked.hatches,
                                                    strict=True) if h is not None}
    assert set(ov.path_notes) == hatch_steps
    shoot(w, folder, "seat_map_overlays")
    # line of sight: one clear, one blocked, as the engine's preview says
    plan = feynman()
    squares = [plan.xy(s) for s in range(len(plan.terrain)) if plan.passable(s)]
    near = sorted(squares, key=lambda s: abs(s[0] - start[0]) + abs(s[1] - start[1]))
    clear = next(s for s in near[1:] if preview.line_of_sight(start, s)[0])
    blocked = next(s for s in near if not preview.line_of_sight(start, s)[0]
                   and abs(s[0] - start[0]) + abs(s[1] - start[1]) >= 4
                   and preview.line_of_sight(start, s)[1] != start)
    w.move(scene.cam.centre_px(*clear))
    ov, _ = scene.overlays()
    assert ov.los is not None and ov.los[2] is True
    shoot(w, folder, "seat_hover_los_clear")
    w.move(scene.cam.centre_px(*blocked))
    ov, _ = scene.overlays()
    assert ov.los[2] is False and ov.los[3] == preview.line_of_sight(start, blocked)[1]
    path = shoot(w, folder, "seat_hover_los_blocked")
    img = pygame.image.load(str(path))
    sx, sy = scene.cam.centre_px(*ov.los[3])
    # the blocked line ends in a vermilion cross at the square that stops it
    assert counter_pixels(img, pygame.Rect(sx - 8, sy - 8, 17, 17), (213, 94, 0), 40) > 5
    # moving: click the target, choose the facing by clicking an arrow; it animates
    sounds = []
    w.ctx.sound.play = lambda name: sounds.append(name) or False
    w.click(scene.cam.centre_px(*target))
    assert scene.pending is not None
    assert scene.pending.path == tuple(tuple(p) for p in found["path"])
    shoot(w, folder, "seat_facing_choice")
    facing_now = scene.own()[cid].facing
    arrows = scene.renderer.facing_rects(scene.cam, scene.pending_at)
    w.click(arrows[facing_now].center)
    assert in_play.game.state.characters[cid].square == plan.sq(*found["stop"])
    w.frame(0.05)
    assert scene.animating()
    mid = scene.motions[cid].pos()
    assert mid != tuple(map(float, found["stop"]))
    for _ in range(40):
        w.frame(0.05)
    assert not scene.animating()
    assert "step" in sounds or "hatch" in sounds
    # the action bar offers only what the character may do; it has acted now
    keys = [k for k, _label, _on in scene.action_buttons(w.ctx)]
    assert "mode:walk" not in keys and "end_turn" in keys
    w.key(pygame.K_e)
    assert in_play.game.turn_seat == "phoneco"


def test_stacked_counters_each_pickable(ui_app, in_play):  # noqa: F811
    w = Window(ui_app, ArtifactSeatScene(in_play.source("pirates")))
    scene = w.scene
    w.frame()
    by_square = {}
    for cid, e in scene.own().items():
        by_square.setdefault(tuple(e.square), []).append(cid)
    square, stack = next((s, ids) for s, ids in by_square.items() if len(ids) > 1)
    w.press(f"select:{stack[0]}")
    w.goto(square)
    for _ in range(3):
        w.key(pygame.K_EQUALS)
    w.goto(square)
    picked = set()
    for rect, piece in scene.renderer.piece_rects(scene.cam, scene.pieces()):
        if piece.square == square and piece.own:
            w.click(rect.center)
            picked.add(scene.selected)
    assert picked == set(stack)
    colour = faction_colour("pirates")
    x, y = scene.cam.to_screen(*square)
    w.move((5, 5))
    w.frame()
    assert counter_pixels(w.surface, pygame.Rect(x, y, scene.cam.cell, scene.cam.cell),
                          colour) > 40


def test_judge_screens_and_tools(ui_app, in_play, tmp_path):  # noqa: F811
    folder = shots_dir(tmp_path)
    j = Window(ui_app, ArtifactJudgeScene(in_play.source(JUDGE)))
    scene = j.scene
    j.frame()
    shoot(j, folder, "judge_everything")
    state = in_play.game.state
    placed = [c for c in state.characters.values() if c.square is not None]
    assert len(scene.map_data()[0]) >= len([c for c in placed if c.sheet != "hal"])
    names = [t for t, _c in scene.roster.entries]
    assert any("Capt. Eastwood" in t and "Pirate" in t for t in names)
    j.press("as:phoneco")
    seat_scene = ArtifactSeatScene(in_play.source("phoneco"))
    sw = Window(ui_app, seat_scene)
    sw.frame()
    assert {p.key for p in scene.map_data()[0]} == {p.key for p in seat_scene.pieces()}
    shoot(j, folder, "judge_as_phoneco")
    j.key(pygame.K_0)
    assert scene.as_seat is None
    # announcement and a private word, typed into the Judge's line
    j.click(scene.text.rect.center)
    j.type("All hands: hull breach drill.")
    j.press("announce")
    assert state.announcements == ["All hands: hull breach drill."]
    j.click(scene.text.rect.center)
    j.type("Your informant is nervous.")
    j.press("msg:phoneco")
    assert state.notices["phoneco"][-1].about["text"] == "Your informant is nervous."
    j.press("skip_turn")
    assert in_play.game.turn_seat == "phoneco"
    # private talk: the Judge sees only that it happens
    in_play.say("pirates", "secret terms", "scientist")
    in_play.say("phoneco", "hello all", None)
    j.frame()
    lines = [t for t, _c in scene.chat.log.entries]
    assert any("hello all" in t for t in lines)
    assert not any("secret terms" in t for t in lines)
    assert any("talking privately" in t for t in lines)
    shoot(j, folder, "judge_negotiation")
    # ending the game: the rules' levels, one changed with the reason typed in the line
    j.press("end_game")
    found = dict(scene.levels)
    j.press("level:pirates|-1")
    j.press("level:pirates|-1")
    j.click(scene.text.rect.center)
    j.type("The band took the Artifact at gunpoint.")
    shoot(j, folder, "judge_end_game")
    j.press("end_review")
    j.press("end_confirm")
    assert in_play.game.phase == "over"
    result = in_play.game.state.result
    assert result.found == found and result.levels["pirates"] == max(1, found["pirates"] - 2)
    assert [a.reason for a in result.adjustments] == ["The band took the Artifact at gunpoint."]
    shoot(j, folder, "judge_game_over")
    w = Window(ui_app, ArtifactSeatScene(in_play.source("pirates")))
    shoot(w, folder, "seat_game_over")
    assert w.scene.view.result == result and "pirates" in result.winners


def test_judge_places_robots_through_the_screen(ui_app, table, tmp_path):  # noqa: F811
    to_purchase(table.game)
    to_place(table.game)
    to_judge_check(table.game)
    refresh(table)
    j = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    j.frame()
    shoot(j, shots_dir(tmp_path), "judge_check")
    plan = feynman()
    room = sorted(plan.xy(s) for s in range(len(plan.terrain))
                  if plan.space_name(s) == "Stateroom 5" and plan.passable(s))
    for n, robot in enumerate(("handler_bot", "tech_bot", "securi_bot", "doc_bot")):
        j.press(f"robot:{robot}")
        j.click_square(room[n])
        arrows = j.scene.renderer.facing_rects(j.scene.cam, room[n])
        j.click(arrows["W"].center)
        char = table.game.state.characters[robot]
        assert char.square == plan.sq(*room[n]) and char.facing == "W"
    j.press("start_play")
    assert table.game.phase == "play"


def test_negotiation_panel_and_hotseat_curtain(ui_app, in_play, tmp_path):  # noqa: F811
    folder = shots_dir(tmp_path)
    ui_app.ctx.sound.set_muted(False)
    game = in_play.game
    game.apply("pirates", A.EndTurn())
    refresh(in_play)
    hot = HotseatScene([ArtifactSeatScene(in_play.source("phoneco")),
                        ArtifactSeatScene(in_play.source("scientist"))])
    ui_app.push(hot)
    ui_app.step([], 0.02)
    assert isinstance(ui_app.top, CurtainScene) and ui_app.top.seat == "phoneco"
    ui_app.screenshot(folder / "curtain.png")
    curtain_px = pygame.surfarray.array3d(ui_app.screen).copy()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 400), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(600, 400), button=1)
    ui_app.step([down, up], 0.02)
    assert ui_app.top is hot and hot.current.seat == "phoneco"
    # negotiation: public and private lines
    scene = hot.current
    ui_app.step([], 0.02)
    chat_pos = scene.chat.line.rect.center
    ui_app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chat_pos, button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=chat_pos, button=1),
                 pygame.event.Event(pygame.TEXTINPUT, text="m is for message, not mute"),
                 pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")],
                0.02)
    assert not ui_app.ctx.sound.muted
    assert in_play.chat_log[-1] == {"kind": "public", "from": "phoneco",
                                    "text": "m is for message, not mute"}
    in_play.say("pirates", "Meet me at lift 2", "phoneco")
    in_play.say("scientist", "we need to talk", "alien")
    ui_app.step([], 0.02)
    ui_app.screenshot(folder / "negotiation.png")
    lines = [t for t, _c in scene.chat.log.entries]
    assert any("[private from Pirate] Meet me at lift 2" in t for t in lines)
    assert any("Alien and Mad Scientist are talking" in t for t in lines)
    # the phone company ends its turn: the curtain hides it before the scientist appears
    ui_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e")], 0.02)
    ui_app.step([], 0.02)
    assert isinstance(ui_app.top, CurtainScene) and ui_app.top.seat == "scientist"
    shown = pygame.surfarray.array3d(ui_app.screen)
    assert (shown == curtain_px).mean() > 0.9  # the same curtain, nothing of a map
    ui_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")],
                0.02)
    assert ui_app.top is hot and hot.current.seat == "scientist"
    # the mute toggle (M, outside the text line) shows on the turn bar
    ui_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")], 0.02)
    assert ui_app.ctx.sound.muted
    ui_app.screenshot(folder / "seat_scientist_after_curtain.png")


def test_bad_join_strings_give_one_line_and_status_2(capsys):
    assert run_seat_window(["not-a-join-string"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err
    judge_string = "artifact://127.0.0.1:47474/judge/" + "0" * 32
    assert run_seat_window([judge_string]) == 2
    seat_string = "artifact://127.0.0.1:47474/pirates/" + "0" * 32
    assert run_judge_window(seat_string) == 2
    assert run_judge_window("artifact://host:99999/judge/x") == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("error:") for line in lines)


def test_drop_and_take_through_the_action_bar(ui_app, in_play):  # noqa: F811
    game = in_play.game
    game.apply("pirates", A.EndTurn())
    game.apply("phoneco", A.EndTurn())
    refresh(in_play)
    w = Window(ui_app, ArtifactSeatScene(in_play.source("scientist")))
    scene = w.scene
    w.frame()
    carrier = next(cid for cid, e in scene.own().items() if e.items)
    item = scene.own()[carrier].items[0]
    w.press(f"select:{carrier}")
    w.press(f"drop:{item}")
    assert scene.pending is not None  # the facing is asked after every action
    w.key(pygame.K_LEFT)
    assert game.state.items[item].holder is None
    assert game.state.characters[carrier].facing == "W"
    w.frame()
    square = scene.own()[carrier].square
    other = next((cid for cid, e in scene.own().items()
                  if cid != carrier and e.square == square and scene.can_act(cid)), None)
    keys = [k for k, _l, _e in scene.action_buttons(w.ctx)]
    assert f"drop:{item}" not in keys  # the carrier has acted: nothing more for it
    assert other is not None
    w.press(f"select:{other}")
    w.press(f"take:{item}")
    w.key(pygame.K_RETURN)
    assert game.state.items[item].holder == other


def test_informant_telegram_reaches_the_log_with_its_sound(ui_app, in_play):  # noqa: F811
    game = in_play.game
    informant = next(c for c in game.state.characters.values() if c.informant_of)
    master = informant.informant_of
    victim = informant.seat
    while game.turn_seat != master:
        game.apply(game.turn_seat, A.EndTurn())
    refresh(in_play)
    w = Window(ui_app, ArtifactSeatScene(in_play.source(master)))
    w.frame()
    w.press(f"inform:{informant.id}")
    assert game.state.characters[informant.id].seat == master
    w.key(pygame.K_e)
    v = Window(ui_app, ArtifactSeatScene(in_play.source(victim)))
    v.frame()
    sounds = []
    v.ctx.sound.play = lambda name: sounds.append(name) or False
    while game.turn_seat != victim:
        game.apply(game.turn_seat, A.EndTurn())
    refresh(in_play)
    v.frame()
    lines = [t for t, _c in v.scene.log.entries]
    assert any("TELEGRAM" in t for t in lines) and "telegram" in sounds


def test_turn_bar_timer_and_presence(ui_app, in_play):  # noqa: F811
    in_play.presence["phoneco"] = "disconnected"
    in_play.presence["alien"] = "waiting"
    refresh(in_play)
    source = in_play.source("pirates")
    source.turn_seconds = 180.0
    w = Window(ui_app, ArtifactSeatScene(source))
    w.frame()
    w.ctx.text.clear()
    for _ in range(30):
        w.frame(1.0)
    rendered = {key[0] for key in w.ctx.text._cache}
    assert "timer 2:30" in rendered
    assert "Disconnected: Phone Company" in rendered
    assert "Not joined: Alien" in rendered
    assert "YOUR TURN" in rendered and "Round 1" in rendered


def test_judge_assigns_factions_by_hand(ui_app):  # noqa: F811
    game = ArtifactGame.new({"players": 3, "assignment": "judge",
                             "names": ["Ann", "Bob", "Cy"]}, SEED)
    table = LocalTable(game)
    j = Window(ui_app, ArtifactJudgeScene(table.source(JUDGE)))
    for seat in ("pirates", "phoneco", "scientist"):
        j.press(f"assign:{seat}")
    assert game.phase == "encryption"
    assert sorted(game.state.players.values()) == ["Ann", "Bob", "Cy"]


def test_c_focuses_the_negotiation_line_without_typing_itself(ui_app, in_play):  # noqa: F811
    w = Window(ui_app, ArtifactSeatScene(in_play.source("scientist")))
    w.frame()
    w.key(pygame.K_c)
    w.type("c")  # the text event the same key press makes
    assert w.scene.captures_text
    w.type("Deal?")
    w.key(pygame.K_RETURN)
    assert in_play.chat_log[-1]["text"] == "Deal?"
    assert not w.scene.captures_text


def test_resize_zoom_pan_and_overlay_keys(ui_app, in_play):  # noqa: F811
    scene = ArtifactSeatScene(in_play.source("pirates"))
    ui_app.push(scene)
    ui_app.step([], 0.02)
    width = scene.cam.rect.w
    ui_app.resize((1600, 1000))
    ui_app.step([], 0.02)
    assert scene.cam.rect.w > width and scene.side_rect.right == 1600
    cell = scene.cam.cell
    centre = scene.cam.rect.center
    ui_app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                    buttons=(0, 0, 0)),
                 pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.02)
    assert scene.cam.cell > cell
    ox = scene.cam.ox
    drag = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] - 120, centre[1]),
                               rel=(-120, 0), buttons=(0, 0, 1)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(centre[0] - 120, centre[1]),
                               button=3)]
    ui_app.step(drag, 0.02)
    assert scene.cam.ox == ox + 120
    for key, attr in ((pygame.K_f, "show_fov"), (pygame.K_l, "show_los"),
                      (pygame.K_r, "show_reach")):
        before = getattr(scene, attr)
        ui_app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], 0.02)
        assert getattr(scene, attr) is not before
    ov, _key = scene.overlays()
    assert not ov.fov and not ov.reach and ov.los is None


def test_the_curtain_keeps_every_seat_hearing_the_hub(ui_app, in_play, monkeypatch):  # noqa: F811
    """While the screen is being passed, each seat's link is still pumped, so snapshots
    and heartbeats flow and the hub does not mark the seats disconnected."""
    sources = [in_play.source("phoneco"), in_play.source("scientist")]
    pumped = {source.seat: 0 for source in sources}
    for source in sources:
        def counting(source=source, real=source.pump):
            pumped[source.seat] += 1
            real()
        monkeypatch.setattr(source, "pump", counting)
    ui_app.push(HotseatScene([ArtifactSeatScene(source) for source in sources]))
    ui_app.step([], 0.02)
    assert isinstance(ui_app.top, CurtainScene)
    before = dict(pumped)
    for _ in range(5):
        ui_app.step([], 0.02)
    assert isinstance(ui_app.top, CurtainScene)  # nobody lifted it
    assert all(pumped[seat] >= before[seat] + 5 for seat in pumped), pumped


@pytest.mark.parametrize("size", [(1280, 720), (640, 400)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_your_forces_shows_every_character_or_pages_them(ui_app, in_play, tmp_path,  # noqa: F811
                                                         size):
    # With eight pirates the list stopped at the rows it had room for: at 1280x720
    # Robertson and Yee had no button and nothing said so, and at 640x400 only one
    # name was shown. Now the names share a row as the longest allows, and a "More"
    # button pages through the rest.
    ui_app.resize(size)
    w = Window(ui_app, ArtifactSeatScene(in_play.source("pirates")), size)
    w.frame()
    own = list(w.scene.own())
    assert len(own) == 8
    seen: list[str] = []
    pages = 0
    while True:
        pages += 1
        names = [b.key.partition(":")[2] for b in w.scene.buttons if b.key.startswith("select:")]
        assert len(names) >= min(3, len(own) - len(seen)), f"only {names} shown at {size}"
        seen += names
        more = w.button("forces_page")
        if more is None or len(seen) >= len(own):
            break
        assert f"({pages} of " in more.label
        w.press("forces_page")
        assert pages < 10
    assert seen == own  # every character once, in order
    shoot(w, shots_dir(tmp_path), f"forces_{size[0]}x{size[1]}")
    # selecting the last one (Tab, or a click on its counter) turns to its page
    w.scene.selected = own[-1]
    w.frame()
    assert own[-1] in [b.key.partition(":")[2] for b in w.scene.buttons
                       if b.key.startswith("select:")]


def test_an_informants_report_is_labelled_while_shown_and_after_it_fades():
    # The G-men hear from Orlov at their map update; once they act, Orlov's counter and
    # what he told fade to last-known places. Those places are right (the report is
    # knowledge of that moment) but Orlov's faded counter read "last seen in round 1",
    # as if one of theirs had seen him: it now says it is their informant's report.
    from game.artifact.example import example_game
    from game.ui.artifact_pieces import INFORMANT_NOTE, seat_pieces

    game, _log = example_game(1)
    game.apply("pirates", A.EndTurn())
    table = LocalTable(game)
    view = table.source("phoneco").view
    orlov = view.informants["orlov"].token
    live = {p.key: p for p in seat_pieces(view)}
    assert live[orlov].note == INFORMANT_NOTE and not live[orlov].ghost
    move = next(a for a in game.legal_actions("phoneco") if isinstance(a, A.Move))
    game.apply("phoneco", move)
    refresh(table)
    view = table.source("phoneco").view
    faded = {p.key: p for p in seat_pieces(view)}
    assert faded[orlov].ghost
    assert faded[orlov].note == "your informant, where it reported from in round 1"
    others = [p for k, p in faded.items() if p.ghost and k != orlov]
    assert others and all(p.note == "last seen in round 1" for p in others)
