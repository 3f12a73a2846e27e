"""Every screen of both games, set up on an App, for the layout tests and for screenshots.

``SCREENS`` maps a name to a function that puts that screen on top of the app's stack
(from a fixed seed, without a network except the launcher's hosting screen, which runs a
real hub on 127.0.0.1 in a background thread like the launcher does).

    .venv/bin/python tests/ui/every_screen.py 1280x800 [OUT_DIR]   # screenshots + problems
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.artifact.engine import ArtifactGame  # noqa: E402
from game.herald.bot import choose  # noqa: E402
from game.herald.engine import HeraldGame  # noqa: E402
from game.herald.saves import save_game  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scene import Push, Reset  # noqa: E402

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


def _settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step([], 0.25)


def _herald_game(seed: int = 3, moves: int = 6) -> HeraldGame:
    game = HeraldGame.new(seed)
    for _ in range(moves):
        if game.pending is None:
            break
        game.apply(choose(game).action)
    return game


def title(app: App) -> None:
    from game.ui.title_scene import TitleScene

    app.apply(Reset(TitleScene()))


def title_with_save(app: App) -> None:
    from game.ui.herald_scene import autosave_path
    from game.ui.title_scene import TitleScene

    path = autosave_path(app.ctx.data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(path, _herald_game())
    app.ctx.options["launcher"] = True
    app.apply(Reset(TitleScene()))


def title_damaged(app: App) -> None:
    from game.ui.herald_scene import autosave_path
    from game.ui.title_scene import TitleScene

    path = autosave_path(app.ctx.data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[" * 1000)
    app.apply(Reset(TitleScene()))


def new_game(app: App) -> None:
    from game.ui.title_scene import NewGameScene

    title(app)
    app.apply(Push(NewGameScene()))


def replace_dialog(app: App) -> None:
    from game.ui.herald_pilot import Pilot

    title_with_save(app)
    app.step([], 0.02)
    new = next(b for b in app.top.buttons(app.ctx) if b.key == "new")
    Pilot(app).click(new.rect.center)


def herald_start(app: App) -> None:
    from game.ui.herald_scene import HeraldScene

    app.apply(Reset(HeraldScene(HeraldGame.new(3))))


def herald_midgame(app: App) -> None:
    from game.ui.herald_scene import HeraldScene

    app.apply(Reset(HeraldScene(_herald_game(seed=11, moves=25))))


def herald_dice_placed(app: App) -> None:
    """The dice decision with the automatic player's dice on all five Readings: every
    preview shows at once."""
    herald_midgame(app)
    orders = app.top.orders
    for slot, die in enumerate(choose(app.top.game).action.order):
        orders.place(die, slot, app.ctx)


def herald_hint(app: App) -> None:
    """The automatic player's hint in the ship's log: one of its longest (three lines at
    every window size), on the dice decision of seed 6's thirteenth move."""
    from game.ui.herald_scene import HeraldScene

    app.apply(Reset(HeraldScene(_herald_game(seed=6, moves=12))))
    app.top.ask_hint(app.ctx)


HERALD_DECISIONS = ("assign_dice", "direction", "environment", "investigate",
                    "event_officers", "source_operation")


def _herald_at(kind: str) -> HeraldGame:
    """The first game (seeds 0-9, the automatic player's choices) that asks ``kind``."""
    for seed in range(10):
        game = HeraldGame.new(seed)
        for _ in range(400):
            if game.pending is None:
                break
            if game.pending.kind == kind:
                return game
            game.apply(choose(game).action)
    raise LookupError(f"no game reached a {kind} decision")


def herald_shore_leave(app: App) -> None:
    """The Environment Reading offering Shore Leave: its button's long second line."""
    from game.herald import actions as act
    from game.ui.herald_scene import HeraldScene

    for seed in range(10):
        game = HeraldGame.new(seed)
        for _ in range(400):
            if game.pending is None:
                break
            if any(isinstance(a, act.ChooseEnvironment) and a.option == "shore_leave"
                   for a in game.legal_actions()):
                app.apply(Reset(HeraldScene(game)))
                return
            game.apply(choose(game).action)
    raise LookupError("no game offered Shore Leave")


def _herald_decision(kind: str) -> Callable[[App], None]:
    def put(app: App) -> None:
        from game.ui.herald_scene import HeraldScene

        app.apply(Reset(HeraldScene(_herald_at(kind))))

    return put


def herald_pause(app: App) -> None:
    from game.ui.herald_pause import PauseScene

    herald_midgame(app)
    app.apply(Push(PauseScene(app.top)))


def herald_settings(app: App) -> None:
    from game.ui.herald_pause import SettingsScene

    herald_pause(app)
    app.apply(Push(SettingsScene()))


def _herald_coach(index: int) -> Callable[[App], None]:
    def put(app: App) -> None:
        herald_start(app)
        coach = app.top.coach
        coach.start()
        coach.index = index

    return put


def rules(app: App) -> None:
    from game.ui.rules_scene import RulesScene

    app.apply(Reset(RulesScene()))


def end(app: App) -> None:
    from game.ui.end_scene import EndScene

    app.apply(Reset(EndScene(_herald_game(seed=3, moves=100_000))))


def _table(phase: str):
    from game.ui.artifact_source import (
        LocalTable,
        to_judge_check,
        to_place,
        to_play,
        to_purchase,
    )

    table = LocalTable(ArtifactGame.new({"players": 5, "assignment": "random"}, 7))
    steps = {"lobby": [], "purchase": [to_purchase], "place": [to_purchase, to_place],
             "play": [to_purchase, to_place, to_judge_check, to_play]}[phase]
    for step in steps:
        step(table.game)
    table.serial += 1
    return table


def artifact_lobby(app: App) -> None:
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    app.apply(Reset(ArtifactSeatScene(_table("lobby").source("pirates"))))


def artifact_purchase(app: App) -> None:
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    app.apply(Reset(ArtifactSeatScene(_table("purchase").source("scientist"))))


def artifact_purchase_pirates(app: App) -> None:
    """The Pirates' form: seven of nine to pick, eight characters and a long price list."""
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    app.apply(Reset(ArtifactSeatScene(_table("purchase").source("pirates"))))


def artifact_placement(app: App) -> None:
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    app.apply(Reset(ArtifactSeatScene(_table("place").source("pirates"))))


def artifact_seat(app: App) -> None:
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    app.apply(Reset(ArtifactSeatScene(_table("play").source("pirates"))))


def artifact_seat_folded(app: App) -> None:
    """A seat in play with its negotiation folded to its title (the notices get its room)."""
    artifact_seat(app)
    app.stack[-1].fold("chat")


def artifact_carrier(app: App) -> None:
    """A seat in play with a character selected that carries items (a full action bar)."""
    from game.artifact.example import example_game
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LocalTable

    game, _log = example_game(6)
    scene = ArtifactSeatScene(LocalTable(game).source("pirates"))
    app.apply(Reset(scene))
    _settle(app, 1)
    carrier = next(cid for cid, e in scene.own().items() if e.items)
    scene.click_button(f"select:{carrier}", app.ctx)


def zero_g_character(game) -> str:
    """A character of the seat in turn without a thruster pack, put by the Judge in the
    zero-g hull at (16, 6) facing south (turning costs it MP there): its id."""
    from game.artifact import actions as A

    state = game.state
    cid = next(c for c, ch in sorted(state.characters.items())
               if ch.seat == game.turn_seat and ch.square is not None
               and not any("thruster" in state.items[i].type for i in ch.items))
    game.apply("judge", A.JudgeMove(cid, 16, 6, "S"))
    return cid


def artifact_facing(app: App) -> None:
    """A move planned in the zero-g hull that spends every MP: the facings it cannot
    afford greyed, with their cost; the mouse over one of them."""
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    table = _table("play")
    game = table.game
    seat = game.turn_seat
    cid = zero_g_character(game)
    table.serial += 1
    scene = ArtifactSeatScene(table.source(seat))
    app.apply(Reset(scene))
    _settle(app, 1)
    scene.click_button(f"select:{cid}", app.ctx)
    reach = scene.reach()
    target = max(reach, key=lambda sq: (reach[sq], sq))
    scene.cam.centre_on(target)
    app.step([], 0.02)
    scene.click_map(scene.cam.centre_px(*target), app.ctx)
    rect = scene.renderer.facing_rects(scene.cam, scene.pending_at)["N"]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.02)


def artifact_path(app: App) -> None:
    """A path preview towards a square out of reach, with the line of sight to it."""
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    scene = ArtifactSeatScene(_table("play").source("pirates"))
    app.apply(Reset(scene))
    _settle(app, 1)
    start = scene.own()[scene.selected].square
    target = (start[0] + 9, start[1] + 2)
    scene.cam.centre_on(start)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.cam.centre_px(*target),
                                 rel=(0, 0), buttons=(0, 0, 0))], 0.02)


def artifact_targeting(app: App) -> None:
    """An attack aimed with double fire: the odds panel over the map, the line of fire,
    the weapons and fire types on the bar."""
    from game.artifact import actions as A
    from game.artifact.example import example_game
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LocalTable

    game, _log = example_game(5)
    game.apply("judge", A.JudgeMove("kyoshi", 5, 7, "E"))
    game.apply("judge", A.JudgeMove("osorio", 11, 7, "E"))
    game.apply("judge", A.JudgeMove("yee", 8, 7, "N"))
    game.apply("pirates", A.Move("yee", "walk", (), "W"))
    scene = ArtifactSeatScene(LocalTable(game).source("pirates"))
    app.apply(Reset(scene))
    _settle(app, 1)
    scene.click_button("select:kyoshi", app.ctx)
    scene.click_button("attack", app.ctx)
    scene.cam.centre_on((8, 7))
    app.step([], 0.02)
    scene.click_map(scene.cam.centre_px(11, 7), app.ctx)
    scene.click_button("tfire:double", app.ctx)


def artifact_over(app: App) -> None:
    """A seat's screen once the Judge has ended the game: levels, why, and the reveal."""
    from game.artifact import actions as A
    from game.artifact.example import example_game
    from game.ui.artifact_seat_scene import ArtifactSeatScene
    from game.ui.artifact_source import LocalTable

    game, _log = example_game(6)
    game.apply("judge", A.EndGame((("pirates", 2, "The band's escape was as good as done."),)))
    app.apply(Reset(ArtifactSeatScene(LocalTable(game).source("pirates"))))


def artifact_locked(app: App) -> None:
    """A seat window another window has taken the seat from."""
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    source = _table("play").source("pirates")
    source.replaced = True
    app.apply(Reset(ArtifactSeatScene(source)))


def judge_lobby(app: App) -> None:
    from game.ui.artifact_judge_scene import ArtifactJudgeScene

    app.apply(Reset(ArtifactJudgeScene(_table("lobby").source("judge"))))


def judge_play(app: App) -> None:
    from game.ui.artifact_judge_scene import ArtifactJudgeScene

    app.apply(Reset(ArtifactJudgeScene(_table("play").source("judge"))))


def judge_column_open(app: App) -> None:
    """The Judge in play with every panel of the side column opened by the player (a small
    window starts with all but the roster folded)."""
    judge_play(app)
    scene = app.stack[-1]
    for panel in sorted(scene.folding.folded):
        scene.fold(panel)


def _judge_ending(confirm: bool) -> Callable[[App], None]:
    def put(app: App) -> None:
        from game.ui.artifact_judge_scene import ArtifactJudgeScene

        scene = ArtifactJudgeScene(_table("play").source("judge"))
        app.apply(Reset(scene))
        _settle(app, 1)
        scene.click_button("end_game", app.ctx)
        scene.click_button("level:pirates|1", app.ctx)
        if confirm:
            scene.click_button("end_review", app.ctx)
    return put


def curtain(app: App) -> None:
    from game.ui.artifact_app import HotseatScene
    from game.ui.artifact_seat_scene import ArtifactSeatScene

    table = _table("play")
    app.apply(Reset(HotseatScene([ArtifactSeatScene(table.source("phoneco")),
                                  ArtifactSeatScene(table.source("scientist"))])))


def launcher(app: App) -> None:
    from game.ui.launcher_scene import LauncherScene

    app.apply(Reset(LauncherScene()))


def host_form(app: App) -> None:
    from game.ui.launcher_scene import HostScene

    launcher(app)
    app.apply(Push(HostScene()))


def hosting(app: App) -> None:

    host_form(app)
    form = app.top
    form.fields["port"].set_text("0")
    form.players = 8
    form.encrypt = True
    app.apply(form.start(app.ctx))


def join_form(app: App) -> None:
    from game.ui.launcher_scene import JoinScene

    launcher(app)
    app.apply(Push(JoinScene("join")))


def judge_form(app: App) -> None:
    from game.ui.launcher_scene import JoinScene

    launcher(app)
    app.apply(Push(JoinScene("judge")))


def _coach_marks() -> int:
    from game.ui.herald_coach import MARKS

    return len(MARKS)


SCREENS: dict[str, Callable[[App], None]] = {
    "title": title, "title_with_save": title_with_save, "title_damaged": title_damaged,
    "new_game": new_game, "replace_dialog": replace_dialog, "herald_start": herald_start,
    "herald_midgame": herald_midgame, "herald_dice_placed": herald_dice_placed,
    "herald_hint": herald_hint,
    "rules": rules, "end": end,
    "artifact_lobby": artifact_lobby, "artifact_purchase": artifact_purchase,
    "artifact_purchase_pirates": artifact_purchase_pirates,
    "artifact_seat": artifact_seat, "artifact_seat_folded": artifact_seat_folded,
    "artifact_locked": artifact_locked,
    "artifact_carrier": artifact_carrier, "artifact_facing": artifact_facing,
    "artifact_path": artifact_path, "artifact_over": artifact_over,
    "artifact_targeting": artifact_targeting,
    "artifact_placement": artifact_placement,
    "judge_lobby": judge_lobby, "judge_play": judge_play, "judge_column_open": judge_column_open,
    "judge_end_levels": _judge_ending(False), "judge_end_confirm": _judge_ending(True),
    "curtain": curtain, "launcher": launcher, "host_form": host_form, "hosting": hosting,
    "join_form": join_form, "judge_form": judge_form,
    **{f"herald_{kind}": _herald_decision(kind) for kind in HERALD_DECISIONS},
    "herald_shore_leave": herald_shore_leave,
    "herald_pause": herald_pause, "herald_settings": herald_settings,
    **{f"herald_coach_{n}": _herald_coach(n) for n in range(_coach_marks())},
}


#: The Herald's screens: every text on them is running text, at least the small size (15 px
#: at 1280x800, scaled with the window), hotkey hints on buttons aside.
HERALD_SCREENS: tuple[str, ...] = tuple(
    name for name in SCREENS
    if name.startswith(("herald", "title")) or name in ("new_game", "replace_dialog", "rules",
                                                         "end"))


def min_text_px(app: App, name: str) -> int | None:
    """The smallest font size screen ``name`` may draw text at (None: not checked)."""
    return app.ctx.type.small if name in HERALD_SCREENS else None


def drawn_notes(app: App) -> list:
    """Every text the top scene draws in one frame, in drawing order, each with the rect
    of its ink (``text_registry``), recorded without touching the window."""
    from game.ui.text_registry import RecordingSurface, TextRegistry

    registry = TextRegistry()
    app.ctx.text.check_layout(registry)
    try:
        surface = RecordingSurface(app.ctx.size, registry=registry)
        app.stack[-1].draw(surface, app.ctx)
    finally:
        app.ctx.text.check_layout(None)
    return surface.notes.texts


def drawn_texts(app: App) -> list[str]:
    """Every text the top scene draws in one frame, in drawing order (what the player
    reads)."""
    return [t.text for t in drawn_notes(app)]


def open_screen(app: App, name: str) -> None:
    """Put screen ``name`` on top and let its animations settle."""
    SCREENS[name](app)
    _settle(app)


def main(argv: list[str]) -> int:
    import tempfile

    size = tuple(int(v) for v in argv[0].split("x"))
    out = Path(argv[1]) if len(argv) > 1 else None
    names = argv[2].split(",") if len(argv) > 2 else list(SCREENS)
    bad = 0
    with tempfile.TemporaryDirectory() as home:
        for name in names:
            app = App(size, mute=True, data_dir=Path(home) / name)
            try:
                open_screen(app, name)
                found = app.render_checked(min_px=min_text_px(app, name))
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    app.screenshot(out / f"{name}_{size[0]}x{size[1]}.png")
            finally:
                app.ctx.close_all()
            bad += len(found)
            print(f"{name}: {len(found)} problems")
            for line in found[:40]:
                print("   ", line)
    pygame.quit()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
