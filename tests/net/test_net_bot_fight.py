"""Headless bots fight until one faction is wiped out (real processes on 127.0.0.1).

The Judge puts two factions' characters at either end of the main corridor; each bot then
attacks whatever active counter its map shows that the rules let it strike (the engine's
own listed attacks), else jogs towards the nearest enemy, and ends its turn; the other
seats end theirs. The fight is worked out on an engine with the host's setup and seed (the
dice come from the seeded RNG, so the host rolls the same), then sent through the
headless clients, and the host's game must end where the script's did: one side with no
active fighter, every action acknowledged, the action log the script.
"""

from __future__ import annotations

import functools

import pytest
from test_net_e2e import Table, choose
from test_net_harness import Procs

from game.artifact import actions as A
from game.artifact import legal
from game.artifact.engine import ArtifactGame, replay
from game.artifact.movement import path_to
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from net.actionlog import read

SEED = 3
PLAYERS = 3
SETUP = {"players": PLAYERS, "assignment": "random"}
#: The two ends of the main corridor, two squares wide (deck-plan coordinates).
ENDS = (((5, 7), (5, 8), (6, 7), (6, 8)), ((11, 7), (11, 8), (12, 7), (12, 8)))
MAX_TURNS = 60


@pytest.fixture
def procs(tmp_path):
    started = Procs(tmp_path)
    yield started
    started.close()


def fighters(game: ArtifactGame, seat: str) -> list:
    sheets = game.sheets
    return sorted((c for c in game.own_characters(seat)
                   if c.status == "active" and c.square is not None
                   and sheets.characters[c.sheet].on_map), key=lambda c: c.id)


def bot_turn(game: ArtifactGame, seat: str, enemy: str) -> list[A.Action]:
    """One bot's actions for its turn (applied to ``game`` as chosen)."""
    plan = game.plan
    done: list[A.Action] = []
    for char in fighters(game, seat):
        if char.id in game.state.turn.acted or char.status != "active":
            continue
        counters = game.state.maps[game.state.map_of[seat]].counters
        attacks = [a for a in legal._attacks(game, seat, char, [char.facing])
                   if isinstance(a, A.Attack) and a.fire == "normal"
                   and isinstance(a.targets[0], str)
                   and counters[a.targets[0]].status == "active"]
        if attacks:
            action = attacks[0]
        else:
            targets = [plan.xy(c.square) for c in fighters(game, enemy)]
            if not targets:
                break
            here = plan.xy(char.square)
            goal = min(targets, key=lambda t: (max(abs(t[0] - here[0]), abs(t[1] - here[1])), t))
            found = path_to(view_for(game, seat), char.id, "jog", goal, plan)
            if not found["path"]:
                continue
            action = A.Move(char.id, "jog", tuple(tuple(p) for p in found["path"]),
                            char.facing)
        game.apply(seat, action)
        done.append(action)
    return done


@functools.cache
def fight_script() -> tuple[tuple[tuple[str, A.Action], ...], str, str]:
    """The whole game as (seat, action) pairs, and the two fighting seats."""
    game = ArtifactGame.new(SETUP, SEED)
    script: list[tuple[str, A.Action]] = []

    def do(seat: str, action: A.Action) -> None:
        game.apply(seat, action)
        script.append((seat, action))

    while game.phase != "play":
        do(*choose(game, 0))
    red, blue = [s for s in game.seats if fighters(game, s)][:2]
    for seat, end, facing in ((red, ENDS[0], "E"), (blue, ENDS[1], "W")):
        for index, char in enumerate(fighters(game, seat)):
            x, y = end[index % len(end)]
            do(JUDGE, A.JudgeMove(char.id, x, y, facing))
    for _turn in range(MAX_TURNS):
        if not (fighters(game, red) and fighters(game, blue)):
            break
        seat = game.turn_seat
        if seat in (red, blue):
            script += [(seat, a) for a in bot_turn(game, seat, blue if seat == red else red)]
        do(seat, A.EndTurn())
    return tuple(script), red, blue


def test_the_scripted_fight_wipes_a_faction_out_with_real_attacks():
    script, red, blue = fight_script()
    game = replay(SETUP, SEED, script)
    assert not fighters(game, red) or not fighters(game, blue)
    attacks = [a for _s, a in script if isinstance(a, A.Attack)]
    assert len(attacks) >= 5
    outcomes = [n for seat in (red, blue) for n in game.state.notices[seat]
                if n.kind == "attack"]
    assert len(outcomes) == len(attacks)
    assert any(n.kind == "telegram" for seat in (red, blue) for n in game.state.notices[seat])


@pytest.mark.slow
def test_headless_bots_fight_until_one_faction_is_wiped_out(procs, tmp_path):
    script, red, blue = fight_script()
    save = tmp_path / "fight.alog"
    host = procs.host("--players", str(PLAYERS), "--seed", str(SEED), "--port", "0",
                      "--save", str(save), "--turn-seconds", "0", "--heartbeat", "0.5")
    table = Table(procs, host, docs=False)
    game = ArtifactGame.new(SETUP, SEED)
    for seat, action in script:
        answer = table.act(seat, action)
        assert answer["type"] == "ack", (seat, action, answer)
        game.apply(seat, action)
    entries = read(save)[0].entries
    assert entries == [(seat, action.to_dict()) for seat, action in script]
    hosted = replay(SETUP, SEED, entries)
    assert hosted.to_json() == game.to_json()
    assert not fighters(hosted, red) or not fighters(hosted, blue)
    assert host.alive()
