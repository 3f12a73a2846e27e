"""The seat screen's computer panel and the bar's area actions: the controller sees the
station's segments, robots, countdown and hand-overs, and its clicks become the engine's
security actions; the bar's special-area and equipment offers work when clicked."""

from __future__ import annotations

import os

import pygame
import pytest
from test_ui_artifact_driver import Window
from test_ui_artifact_driver import ui_app as ui_app  # noqa: F401  (fixture)

from game.artifact.example import example_game
from game.ui.artifact_seat_scene import ArtifactSeatScene
from game.ui.artifact_source import LocalTable
from tests.artifact.secrecy_tools import to_seat

SHOTS = os.environ.get("ARTIFACT_SHOTS", "")


def _shot(w: Window, name: str) -> None:
    if SHOTS:
        w.frame()
        pygame.image.save(w.surface, os.path.join(SHOTS, name))


def _window(ui_app, game, seat):  # noqa: F811
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source(seat)))
    w.frame()
    return w


def test_the_controller_snoops_from_the_computer_panel(ui_app):  # noqa: F811
    game, _log = example_game(6)
    to_seat(game, "scientist")
    w = _window(ui_app, game, "scientist")
    w.press("select:mccray")
    keys = [k for k, _l, _o in w.scene.action_buttons(w.ctx)]
    assert "computer" in keys and not any(k.startswith("snoop:") for k in keys)
    w.press("computer")
    texts = w.texts()
    assert "Computer Control: Dr. McCray" in texts
    assert any(t.startswith("Lab Segment: lights on") for t in texts)
    _shot(w, "computer_panel.png")
    w.press("cp:toggle:lights")
    w.press("cp:snoop:Lab Segment")
    told = [n for n in game.state.notices["scientist"] if n.kind == "snoop"][-1].about
    assert (told["segment"], told["toggle"], told["result"]) == ("Lab Segment", "lights",
                                                                  "dark")
    assert "mccray" in game.state.turn.acted
    w.frame()
    assert w.button("cp:snoop:Lab Segment") is None  # he has acted: nothing to press


def test_the_panel_sets_the_self_destruct_countdown(ui_app):  # noqa: F811
    game, _log = example_game(6)
    to_seat(game, "scientist")
    w = _window(ui_app, game, "scientist")
    w.press("select:slavin")  # the access code key, at the Computer Room's major terminal
    w.press("computer")
    for _ in range(3):
        w.press("cp:turns:-")
    w.press("cp:self_destruct")
    assert game.state.systems.self_destruct_orders == [7]


def test_the_bar_reads_the_geiger_counter(ui_app):  # noqa: F811
    game, _log = example_game(6)
    to_seat(game, "phoneco")
    w = _window(ui_app, game, "phoneco")
    w.press("select:osorio")
    geiger = next(i for i in game.state.characters["osorio"].items
                  if game.state.items[i].type == "geiger_counter")
    w.press(f"medkit:{geiger}:")
    w.key(pygame.K_RETURN)  # keep the facing
    told = [n for n in game.state.notices["phoneco"] if n.kind == "geiger"][-1].about
    assert told["found"] and told["directions"] == ["in front"]
    _shot(w, "geiger_bar.png")
    assert any("Geiger" in t or "signature" in t for t in w.texts())


def test_a_hacker_sees_the_panels_hacking_offers(ui_app):  # noqa: F811
    game, _log = example_game(6)
    to_seat(game, "phoneco")
    w = _window(ui_app, game, "phoneco")
    w.press("select:preuitt")
    w.press("computer")
    texts = w.texts()
    assert "Computer Control: not held by your forces" in texts
    _shot(w, "computer_panel_hacker.png")
    w.press("cp:hack_lift:1")
    assert [n for n in game.state.notices["phoneco"] if n.kind == "hack_lift"]
    assert isinstance(game.state.turn, object) and "preuitt" in game.state.turn.acted



def test_the_judge_sees_every_system(ui_app):  # noqa: F811
    from game.artifact import actions as A
    from game.artifact.seats import JUDGE
    from game.ui.artifact_judge_scene import ArtifactJudgeScene

    game, _log = example_game(6)
    to_seat(game, "scientist")
    game.apply("scientist", A.SelfDestruct("slavin", 12, "S"))
    j = Window(ui_app, ArtifactJudgeScene(LocalTable(game).source(JUDGE)))
    j.frame()
    texts = j.texts()
    assert "Computer Control: Dr. McCray [Mad Scientist]" in texts
    assert "Self-destruct: not set (orders waiting: 12)" in texts
    assert any(t.startswith("Shields: up") for t in texts)
    from game.ui.artifact_computer_panel import systems_lines

    lines = systems_lines(game.state, game.plan, game.sheets)  # the list scrolls to them
    assert ("HAL's RAM [Alien]: Computer Room; hacking attempts not yet reported to it: 0"
            in lines)
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Lab Segment", "lights", "S"))
    lines = systems_lines(game.state, game.plan, game.sheets)
    assert "At Global Updates: Biolab dark, Lab Corridor dark, Machine Shop dark" in lines
    _shot(j, "judge_systems.png")


def test_every_area_notice_reads_in_words():
    """The log has a sentence for each notice of the computer, the areas and the system
    equipment, and none shows an id or token."""
    from game.artifact.state import Notice
    from game.ui.artifact_computer_words import computer_notice

    samples = [
        Notice("control_start", 1, {"character": "mccray"}),
        Notice("hack", 1, {"character": "preuitt", "roll": 5, "bonus": 0, "needed": 6,
                           "success": False}),
        Notice("hack_lift", 1, {"character": "preuitt", "lift": "1", "roll": 6, "bonus": 2,
                                "needed": 6, "success": True}),
        Notice("snoop", 1, {"character": "mccray", "segment": "Lab Segment", "seen": 4,
                            "toggle": "lights", "result": "dark"}),
        Notice("command_robot", 2, {"character": "mccray", "robot": "t1234abcd",
                                    "name": "Doc Bot", "success": False}),
        Notice("loudspeaker", 2, {"character": "mccray", "text": "Remain calm."}),
        Notice("ladder", 2, {"character": "osorio", "lift": "1", "end": "ring"}),
        Notice("medlab", 2, {"character": "slavin", "use": "revive", "target": "mccray",
                             "done": "revived", "why": ""}),
        Notice("mechanic", 2, {"character": "osorio", "work": "identify",
                               "target": "t99", "done": "fake", "why": ""}),
        Notice("hatch_lock", 2, {"character": "osorio", "square": [21, 5], "locked": True,
                                 "why": ""}),
        Notice("weld", 2, {"character": "yee", "square": [21, 5], "done": "welded",
                           "why": ""}),
        Notice("jammed_on_purpose", 2, {"character": "yee", "weapon": "Rifle",
                                        "holder": "yee"}),
        Notice("shields", 2, {"character": "osorio", "up": False, "why": ""}),
        Notice("geiger", 1, {"character": "osorio", "segment": "Ring Segment 1",
                             "found": True, "directions": ["in front"]}),
        Notice("computer_report", 1, {"character": "mccray", "breaches": [], "lifts": {},
                                      "hacks": [{"space": "Stateroom 15"}]}),
    ]
    names = {"mccray": "Dr. McCray", "preuitt": "Preuitt", "osorio": "Osorio",
             "slavin": "Slavin", "yee": "Yee"}
    for notice in samples:
        text = computer_notice(notice, names.get(notice.get("character"), "someone"), names)
        assert text, notice.kind
        assert not any(word in text for word in ("t1234abcd", "t99", "mccray", "_"))


def test_the_bar_welds_a_hatch_shut(ui_app):  # noqa: F811
    """A mechanic with a welding torch beside a hatch: the bar's "Weld shut" becomes the
    engine's weld, and the hatch is sealed."""
    from game.artifact import actions as A
    from game.artifact.seats import JUDGE
    game, _log = example_game(6)
    game.apply(JUDGE, A.JudgeMove("yee", 21, 6, "N"))
    to_seat(game, "pirates")
    w = _window(ui_app, game, "pirates")
    w.press("select:yee")
    keys = [k for k, _l, _o in w.scene.action_buttons(w.ctx)]
    assert "group:weld" in keys  # a hatch welded shut or cut open: one button opens them
    w.press("group:weld")
    keys = [k for k, _l, _o in w.scene.action_buttons(w.ctx)]
    weld = next(k for k in keys if k.startswith("weld:") and k.endswith(":Weld shut"))
    w.press(weld)
    w.key(pygame.K_RETURN)  # keep the facing
    _shot(w, "weld_bar.png")
    assert game.state.systems.welded
    assert "yee" in game.state.turn.acted


def _sized(ui_app, game, seat, size):  # noqa: F811
    ui_app.resize(size)
    w = Window(ui_app, ArtifactSeatScene(LocalTable(game).source(seat)), size)
    w.scene.layout(size)
    w.frame()
    return w


def _open_panel(ui_app, seat: str, cid: str, size=(1280, 800)):  # noqa: F811
    """The Example's game at ``seat``'s turn, ``cid`` selected and the panel open."""
    game, _log = example_game(6)
    to_seat(game, seat)
    w = _sized(ui_app, game, seat, size)
    w.press(f"select:{cid}")
    w.press("computer")
    return game, w


def _save(w: Window, tmp_path, name: str) -> None:
    folder = SHOTS or str(tmp_path)
    pygame.image.save(w.surface, os.path.join(folder, name))


@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
def test_the_controller_types_a_loudspeaker_message(ui_app, tmp_path, size):  # noqa: F811
    """The loudspeaker takes any message typed in the panel's field (Enter or Speak sends
    it, cleaned as the engine hears it); the set phrases fill the field in one click.
    (Fails before: the panel only cycled through set phrases.)"""
    from game.artifact import actions as A

    game, w = _open_panel(ui_app, "scientist", "mccray", size)
    field = w.scene.computer.speech
    w.click(field.rect.center)
    assert field.active and w.scene.captures_text
    w.type("Meet me by the lounge. ")
    for _ in range(3):  # the field redraws its text on its next updates
        w.frame()
    _save(w, tmp_path, f"loudspeaker_typing_{size[0]}.png")
    w.key(pygame.K_e, "e")  # typing: E is a letter here, not End Turn
    assert game.turn_seat == "scientist"
    w.key(pygame.K_RETURN)
    said = [n for n in game.state.notices["scientist"] if n.kind == "loudspeaker"][-1]
    assert said.about["text"] == "Meet me by the lounge."
    assert game.state.announcements == ["Meet me by the lounge."]
    assert not field.active and field.text == ""
    game.apply("scientist", A.EndTurn())  # Slavin speaks next turn, with a quick pick
    to_seat(game, "scientist")
    game.apply("scientist", A.TransferControl("mccray", "slavin"))
    w = _sized(ui_app, game, "scientist", size)
    field = w.scene.computer.speech
    for _ in range(8):  # Tab to Slavin: a small window's forces list shows few names
        if w.scene.selected == "slavin":
            break
        w.key(pygame.K_TAB)
    if w.button("cp:phrase:1") is None:
        w.press("computer")
    w.press("cp:phrase:1")
    assert field.text == "Intruder alert. Remain where you are."
    _save(w, tmp_path, f"loudspeaker_phrase_{size[0]}.png")
    w.press("cp:loudspeaker")
    said = [n for n in game.state.notices["scientist"] if n.kind == "loudspeaker"][-1]
    assert said.about["text"] == "Intruder alert. Remain where you are."


def test_a_message_the_engine_would_refuse_greys_the_speak_button(ui_app):  # noqa: F811
    _game, w = _open_panel(ui_app, "scientist", "mccray")
    w.scene.computer.speech.text = "x" * 200
    assert w.button("cp:loudspeaker").enabled
    w.scene.computer.speech.text = "     "  # nothing anyone would hear
    assert not w.button("cp:loudspeaker").enabled
    assert "an empty announcement says nothing" in w.texts()


@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
def test_hal_snoops_from_the_computer_panel(ui_app, tmp_path, size):  # noqa: F811
    """HAL is the computer: its panel shows the security actions left this turn and where
    its RAM is, and offers every segment's snoop (no terminal, hands or marker needed).
    (Fails before: HAL's snoops were on no screen.)"""
    game, w = _open_panel(ui_app, "alien", "hal", size)
    texts = " | ".join(w.texts())
    assert "You are the computer: 4 security actions left" in texts
    assert "Your RAM: Computer Room" in texts
    _save(w, tmp_path, f"hal_panel_{size[0]}.png")
    if size[1] < 600:  # a small window pages the segments: the ring's are further down
        assert w.button("cp:snoop:Ring Segment 7") is None
        for _ in range(6):
            if w.button("cp:snoop:Ring Segment 7") is not None:
                break
            w.press("cp:rows:+")
        _save(w, tmp_path, f"hal_panel_paged_{size[0]}.png")
    w.press("cp:snoop:Ring Segment 7")
    told = [n for n in game.state.notices["alien"] if n.kind == "snoop"][-1].about
    assert (told["character"], told["segment"]) == ("hal", "Ring Segment 7")
    assert "You are the computer: 3 security actions left" in w.texts()


@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
def test_the_bar_offers_the_emergency_ladder_when_the_power_is_down(ui_app, tmp_path,
                                                                     size):  # noqa: F811
    from game.artifact import actions as A
    from game.artifact.seats import JUDGE
    from tests.artifact.arrange import power_down

    game, _log = example_game(6)
    to_seat(game, "phoneco")
    lift = game.plan.lifts[0]
    game.apply(JUDGE, A.JudgeMove("osorio", *game.plan.xy(lift.ends[0]), "N"))
    power_down(game)
    w = _sized(ui_app, game, "phoneco", size)
    w.press("select:osorio")
    keys = {k: label for k, label, _ok in w.scene.action_buttons(w.ctx)}
    assert f"ladder:{lift.name}" in keys, keys
    _save(w, tmp_path, f"ladder_bar_{size[0]}.png")
    w.press(f"ladder:{lift.name}")
    if w.scene.pending is not None:
        w.key(pygame.K_RETURN)  # keep the facing
    assert game.state.characters["osorio"].square == lift.ends[1]


def test_the_computer_report_and_a_snoop_count_in_words():
    """No "attempt(s)" or "breach(es)": the counts read as a player says them."""
    from game.artifact.state import Notice
    from game.ui.artifact_computer_words import computer_notice

    def report(hacks: int, breaches: int) -> str:
        return computer_notice(Notice("computer_report", 1, {
            "hacks": [{}] * hacks, "breaches": [{}] * breaches}), "McCray", {})

    assert report(0, 0) == ("Computer report: no hacking attempts since your last turn, "
                            "no hull breaches; lift cars shown.")
    assert report(1, 2) == ("Computer report: 1 hacking attempt since your last turn, "
                            "2 hull breaches; lift cars shown.")
    snoop = computer_notice(Notice("snoop", 1, {"segment": "Lab Segment", "seen": 1,
                                                "toggle": "", "result": ""}), "McCray", {})
    assert snoop == "McCray snooped Lab Segment: 1 counter seen."


@pytest.mark.parametrize("seat, cid", [("scientist", "mccray"), ("alien", "hal")])
@pytest.mark.parametrize("size", [(640, 400), (1280, 720)])
def test_a_small_window_pages_several_segments_and_reaches_them_all(ui_app, tmp_path, seat,
                                                                     cid, size):  # noqa: F811
    """At 640x400 the panel packs its rows so a page shows at least three segments (with
    the loudspeaker and hand-overs above them too), and Up/Down reach every segment's
    Snoop. (Fails before: the controller's page at 640x400 held a single segment.)"""
    from game.artifact import computer

    game, w = _open_panel(ui_app, seat, cid, size)
    panel = w.scene.computer
    _save(w, tmp_path, f"segments_{seat}_{size[0]}.png")
    assert len(panel.shown) >= 3
    segments = computer.feynman_segments(game.plan)
    seen: list[str] = []
    for _ in range(len(segments)):
        seen += [s for s in panel.shown if s not in seen]
        assert all(w.button(f"cp:snoop:{s}") is not None for s in panel.shown)
        if len(seen) == len(segments) or w.button("cp:rows:+") is None:
            break
        w.press("cp:rows:+")
    assert seen == list(segments)
    if w.button("cp:rows:-") is not None:  # and back up to the first page
        for _ in range(len(segments)):
            w.press("cp:rows:-")
        assert panel.shown[0] == segments[0]


def test_esc_closes_the_computer_panel_and_the_button_opens_it_again(ui_app):  # noqa: F811
    # Esc left the panel open over the map; the next click on Computer then closed it,
    # so the button seemed to do nothing.
    game, _log = example_game(6)
    to_seat(game, "scientist")
    w = _window(ui_app, game, "scientist")
    w.press("select:mccray")
    w.press("computer")
    assert "Computer Control: Dr. McCray" in w.texts()
    w.key(pygame.K_ESCAPE)
    assert "Computer Control: Dr. McCray" not in w.texts()
    w.press("computer")
    assert "Computer Control: Dr. McCray" in w.texts()


@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
def test_hal_speaks_on_the_loudspeakers_from_its_panel(ui_app, tmp_path, size):  # noqa: F811
    """HAL's panel offers the loudspeaker too (one of its security actions): typed in the
    field and sent, it is queued for Global Updates and one security action is gone."""
    game, w = _open_panel(ui_app, "alien", "hal", size)
    field = w.scene.computer.speech
    w.click(field.rect.center)
    w.type("Please remain calm.")
    for _ in range(3):
        w.frame()
    _save(w, tmp_path, f"hal_loudspeaker_{size[0]}.png")
    w.key(pygame.K_RETURN)
    said = [n for n in game.state.notices["alien"] if n.kind == "loudspeaker"][-1]
    assert said.about == {"character": "hal", "text": "Please remain calm."}
    assert game.state.announcements == ["Please remain calm."]
    assert "You are the computer: 3 security actions left" in " | ".join(w.texts())
