"""Headless bots fight until one faction is wiped out (real processes on 127.0.0.1).

The Judge puts two factions' characters at either end of the main corridor. Each bot sees
only its seat's view (through the hub: the document its headless client prints) and,
for each of its characters, attacks an active counter its map shows when the engine's own
planning on that view says it may (``odds``, as the bar does), else jogs towards the
nearest character counter its map shows or last showed (or, seeing none, the far end of
the corridor), and ends its turn; the other seats end theirs. The fight is first worked
out on an engine with the host's setup and seed (the dice come from the seeded RNG, so
the host rolls the same); through the hub each bot then decides again from the document
it was sent, and must choose the very same actions: one side ends with no active
fighter, every action acknowledged, the action log the script.
"""

from __future__ import annotations

import functools

import pytest
from test_net_e2e import Table, canon, choose
from test_net_harness import Procs

from game.artifact import actions as A
from game.artifact import combat, odds, preview
from game.artifact.codec import to_plain
from game.artifact.engine import ArtifactGame, replay
from game.artifact.seats import JUDGE
from game.artifact.state import CharacterCounter
from game.artifact.views import decode_view, view_for
from game.artifact.viewtypes import SeatView
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


def bot_action(view: SeatView, cid: str, far_end) -> A.Action | None:
    """What one bot does with its character ``cid``, from its seat's view alone: an attack
    with normal fire at an active counter its map shows, if the engine's planning on the
    view allows one (``odds.preview_attack``), else a jog towards the nearest character
    counter its map shows or last showed (``far_end`` when it knows of none), facing the
    way it went; None when it can do neither."""
    know = odds.SeatKnowledge(view)
    entry = view.own.characters[cid]
    foes = sorted(t for t, c in combat.map_counters(know, view.seat).items()
                  if c.status == "active")
    for weapon in odds.weapons(know, cid):
        for token in foes:
            if weapon.ok and odds.preview_attack(know, cid, weapon.name, "normal",
                                                 (token,)).ok:
                return A.Attack(cid, weapon.name, "normal", (token,), entry.facing)
    known = {**view.map.last_known, **view.map.counters}
    goals = [tuple(c.square) for t, c in sorted(known.items())
             if isinstance(c, CharacterCounter) and c.status == "active"
             and t not in view.partners] or [far_end]
    here = tuple(entry.square)
    goal = min(goals, key=lambda t: (max(abs(t[0] - here[0]), abs(t[1] - here[1])), t))
    found = preview.path_to(view, cid, "jog", goal)
    path = [tuple(p) for p in found["path"]]
    if not path:
        return None
    last = path[-2] if len(path) > 1 else here
    dx, dy = path[-1][0] - last[0], path[-1][1] - last[1]
    facing = ("E" if dx > 0 else "W") if abs(dx) >= abs(dy) else ("S" if dy > 0 else "N")
    return A.Move(cid, "jog", tuple(path), facing)


def bot_next(view: SeatView, far_end) -> A.Action | None:
    """The bot's next action in its turn, from its view alone: the first of its active
    characters that has not acted and has something to do (``bot_action``); None when
    none has (the bot then ends its turn)."""
    if view.turn is None or view.turn_seat != view.seat:
        return None
    for cid, entry in sorted(view.own.characters.items()):
        if (entry.status == "active" and entry.square is not None and entry.ma
                and entry.kind != "program" and cid not in view.turn.acted):
            action = bot_action(view, cid, far_end)
            if action is not None:
                return action
    return None


def bot_turn(game: ArtifactGame, seat: str, far_end) -> list[A.Action]:
    """One bot's actions for its turn, each chosen from the seat's view as it stands and
    applied to ``game``."""
    done: list[A.Action] = []
    while (action := bot_next(view_for(game, seat), far_end)) is not None:
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
            script += [(seat, a) for a in bot_turn(game, seat, far_end(seat, red))]
        do(seat, A.EndTurn())
    return tuple(script), red, blue


def far_end(seat: str, red: str):
    """The end of the corridor a bot heads for while it knows of nobody: the other one."""
    return ENDS[1][0] if seat == red else ENDS[0][0]


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
    table = Table(procs, host, docs=True)
    game = ArtifactGame.new(SETUP, SEED)

    def sent(seat: str) -> SeatView:
        """The seat's view as the hub last sent it, once it shows the game as it stands
        here: what the bot decides on."""
        want = canon(to_plain(view_for(game, seat)))
        doc = table.clients[seat].wait_for(lambda m: m["type"] == "doc" and m["seat"] == seat
                                           and canon(m["doc"]["view"]) == want)
        view = decode_view(doc["doc"]["view"])
        assert isinstance(view, SeatView)
        return view

    decided = 0
    for seat, action in script:
        if game.phase == "play" and seat in (red, blue):
            # the bot decides again, from the document the hub sent it
            chosen = bot_next(sent(seat), far_end(seat, red))
            assert chosen == (None if isinstance(action, A.EndTurn) else action), \
                (seat, chosen, action)
            decided += 1
        answer = table.act(seat, action)
        assert answer["type"] == "ack", (seat, action, answer)
        game.apply(seat, action)
    entries = read(save)[0].entries
    assert entries == [(seat, action.to_dict()) for seat, action in script]
    hosted = replay(SETUP, SEED, entries)
    assert hosted.to_json() == game.to_json()
    assert not fighters(hosted, red) or not fighters(hosted, blue)
    assert decided >= len([a for _s, a in script if isinstance(a, A.Attack)])
    assert host.alive()
