"""Informants (rulebook: Informants): the G-men's pirate and Pan's two, what they report at
their master's Initial Map Update, activation at will and by a condition set in advance
("activate instead of shooting at me"), the telegram, and secrecy."""

from __future__ import annotations

import random

import pytest

from game.artifact import actions as A
from game.artifact import sightings
from game.artifact.codec import canonical_json, to_plain
from game.artifact.engine import ArtifactGame, replay
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game, example_setup
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from tests.artifact.secrecy_tools import start_game, to_seat


def _pan_game(seed: int = 3) -> ArtifactGame:
    alien = A.Customize("pan", (), (), ())
    return start_game(4, seed, orders={"alien": alien})


def _kinds(game, seat):
    return [n.kind for n in view_for(game, seat).notices]


def test_pan_gets_two_human_informants_from_two_seats_and_only_pan_knows():
    for seed in (3, 4, 5):
        game = _pan_game(seed)
        spies = [c for c in game.state.characters.values() if c.informant_of == "alien"]
        assert len(spies) == 2
        assert len({c.seat for c in spies}) == 2
        assert all(game.sheets.characters[c.sheet].kind == "human" for c in spies)
        assert not {c.sheet for c in spies} & {"eastwood", "mccray"}
        assert set(view_for(game, "alien").informants) == {c.id for c in spies}
        for seat in ("pirates", "phoneco", "scientist"):
            view = view_for(game, seat)
            assert view.informants == {}
            assert not [n for n in view.notices if n.kind.startswith("informant")]


def test_pans_informants_report_at_pans_initial_map_update_only():
    game = _pan_game(3)
    spy = next(c for c in game.state.characters.values() if c.informant_of == "alien")
    # someone the spy alone sees: the Judge puts a pirate (or an agent) in its square
    other = next(c for c in game.state.characters.values()
                 if c.seat not in (None, "alien", spy.seat) and c.id != spy.id
                 and game.sheets.characters[c.sheet].on_map and c.status == "active")
    x, y = game.plan.xy(spy.square)
    game.apply(JUDGE, A.JudgeMove(other.id, x, y))
    to_seat(game, "scientist")
    alien_map = view_for(game, "alien").map
    assert other.token not in alien_map.counters or game.turn_seat == "alien"
    to_seat(game, "alien")
    counters = view_for(game, "alien").map.counters
    assert spy.token in counters and other.token in counters  # reported at its update


def test_activating_at_will_passes_control_and_the_owner_hears_at_its_update():
    game, _log = example_game(2)  # Orlov informs for the G-men
    to_seat(game, "phoneco")
    pirates_before = canonical_json(to_plain(view_for(game, "pirates")))
    game.apply("phoneco", A.ActivateInformant("orlov"))
    assert game.state.characters["orlov"].seat == "phoneco"
    assert "orlov" in view_for(game, "phoneco").own.characters
    assert canonical_json(to_plain(view_for(game, "pirates"))) == pirates_before
    to_seat(game, "pirates")
    telegrams = [n for n in view_for(game, "pirates").notices if n.kind == "telegram"]
    assert telegrams[-1].about["counter"] == "Orlov"
    assert "orlov" not in view_for(game, "pirates").own.characters


def _orlov_faces_osorio():
    """Example game: Osorio stands in Orlov's square in the cutter; the G-men set Orlov to
    change sides instead of attacking them; the pirates' turn comes."""
    game, _log = example_game(2)
    x, y = game.plan.xy(game.state.characters["orlov"].square)
    game.apply(JUDGE, A.JudgeMove("osorio", x, y, "N"))
    return game


def test_the_condition_is_set_in_secret_and_only_in_the_masters_turn():
    game = _orlov_faces_osorio()
    pirates = canonical_json(to_plain(view_for(game, "pirates")))
    with pytest.raises(IllegalAction):  # the pirates' turn
        game.apply("phoneco", A.SetInformantCondition("orlov", "instead_of_attacking"))
    to_seat(game, "phoneco")
    with pytest.raises(IllegalAction, match="not your informant"):
        game.apply("phoneco", A.SetInformantCondition("kyoshi", "instead_of_attacking"))
    with pytest.raises(IllegalAction, match="change sides only"):
        game.apply("phoneco", A.SetInformantCondition("orlov", "whenever"))
    assert A.SetInformantCondition("orlov", "instead_of_attacking") in \
        game.legal_actions("phoneco")
    game.apply("phoneco", A.SetInformantCondition("orlov", "instead_of_attacking"))
    assert view_for(game, "phoneco").informants["orlov"].when == "instead_of_attacking"
    assert game.state.characters["orlov"].informant_when == "instead_of_attacking"
    with pytest.raises(IllegalAction, match="already set"):
        game.apply("phoneco", A.SetInformantCondition("orlov", "instead_of_attacking"))
    view = canonical_json(to_plain(view_for(game, "pirates")))
    assert "instead_of_attacking" not in view and view.count("informant") == \
        pirates.count("informant")


def test_an_informant_ordered_to_attack_its_master_changes_sides_instead():
    game = _orlov_faces_osorio()
    to_seat(game, "phoneco")
    game.apply("phoneco", A.SetInformantCondition("orlov", "instead_of_attacking"))
    to_seat(game, "pirates")
    osorio = game.state.characters["osorio"]
    assert osorio.token in view_for(game, "pirates").map.counters
    phoneco_before = canonical_json(to_plain(view_for(game, "phoneco")))
    game.apply("pirates", A.Attack("orlov", "unarmed", "normal", (osorio.token,), "N"))
    orlov = game.state.characters["orlov"]  # nobody's until its master is told
    assert orlov.seat is None and orlov.informant_of == "phoneco"
    assert osorio.status == "active" and not osorio.wound  # no blow was struck
    # the owner is told at once (its own order), by telegram naming only the counter
    pirates = view_for(game, "pirates")
    assert "orlov" not in pirates.own.characters
    assert pirates.notices[-1].kind == "telegram" and pirates.notices[-1].about["counter"] \
        == "Orlov"
    assert not [n for n in pirates.notices if n.kind == "attack"]
    # the master learns only at its Situation Update: its view has not moved
    assert canonical_json(to_plain(view_for(game, "phoneco"))) == phoneco_before
    to_seat(game, "phoneco")
    view = view_for(game, "phoneco")
    assert "orlov" in view.own.characters and "orlov" not in view.informants
    assert "informant_active" in _kinds(game, "phoneco")
    moves = [a for a in game.legal_actions("phoneco")
             if isinstance(a, A.Move) and a.character == "orlov"]
    game.apply("phoneco", moves[0])  # it acts for its new master


def test_without_the_condition_or_at_another_target_the_attack_goes_ahead():
    game = _orlov_faces_osorio()
    to_seat(game, "phoneco")
    to_seat(game, "pirates")  # its map shows Osorio now
    osorio = game.state.characters["osorio"]
    game.apply("pirates", A.Attack("orlov", "unarmed", "normal", (osorio.token,), "N"))
    assert game.state.characters["orlov"].seat == "pirates"
    assert [n for n in view_for(game, "pirates").notices if n.kind == "attack"]


def test_twins_differing_only_in_the_informant_look_the_same_to_everyone_else():
    """Two games, Orlov or Yee informing for the G-men, played with the same actions (the
    G-men also set their own informant's condition): every other seat's view is the same
    at every step."""
    games = []
    for spy in ("orlov", "yee"):
        setup = dict(example_setup(), informants={"phoneco": spy})
        _game, log = example_game(2)
        games.append((replay(setup, 2, log), spy))
    rng = random.Random(9)
    steps = 0
    while steps < 60:
        seat = games[0][0].turn_seat
        if seat == "phoneco" and steps % 3 == 0:
            for game, spy in games:
                if game.state.characters[spy].informant_when == "":
                    game.apply("phoneco", A.SetInformantCondition(spy, "instead_of_attacking"))
        legal = [a for a in games[0][0].legal_actions(seat)
                 if isinstance(a, (A.Move, A.EndTurn, A.PickUpDrop))
                 and getattr(a, "character", None) not in ("orlov", "yee")]
        action = rng.choice(legal) if rng.random() < 0.8 else A.EndTurn()
        for game, _spy in games:
            game.apply(seat, action)
        steps += 1
        for other in ("pirates", "scientist", "alien"):
            assert canonical_json(to_plain(view_for(games[0][0], other))) == \
                canonical_json(to_plain(view_for(games[1][0], other))), (steps, other)
    assert games[0][0].round >= 2


def test_a_map_partner_sees_nothing_move_when_the_informant_changes_sides():
    """Seven players: the two Phone Co. seats share a map. When the G-men's informant
    changes sides on its condition in the pirates' turn, the rival company's map and
    forces stay as they were."""
    game = start_game(7, 12, gmen=True)
    spy = next(c for c in game.state.characters.values() if c.informant_of == "phoneco")
    agent = next(c for c in game.state.characters.values()
                 if c.seat == "phoneco" and c.sheet == "osorio")
    game.apply(JUDGE, A.JudgeMove(spy.id, 8, 8, "N"))
    game.apply(JUDGE, A.JudgeMove(agent.id, 8, 8, "N"))
    to_seat(game, "phoneco")
    game.apply("phoneco", A.SetInformantCondition(spy.id, "instead_of_attacking"))
    to_seat(game, "pirates")
    assert agent.token in view_for(game, "pirates").map.counters

    def rival() -> tuple:
        view = view_for(game, "phoneco2")
        return canonical_json(to_plain(view.map)), canonical_json(to_plain(view.own))

    before = rival()
    game.apply("pirates", A.Attack(spy.id, "unarmed", "normal", (agent.token,),
                                   spy.facing))
    assert spy.seat is None and spy.informant_of == "phoneco"
    assert rival() == before


def _hidden_square_in_space(game, spy) -> tuple[int, int]:
    """A free square of ``spy``'s space that the spy does not see (behind its back)."""
    plan = game.plan
    fov = sightings.observer_fov(game.state, plan, game.sheets, spy, frozenset())
    taken = {c.square for c in game.state.characters.values()}
    space = plan.space_name(spy.square)
    return next(plan.xy(q) for q in sorted(plan.region(space))
                if q not in fov and q not in taken and plan.passable(q))


def test_the_informant_reports_comrades_in_its_space_but_not_strangers_behind_it():
    """Orlov (informing for the G-men) knows the pirates who share the cutter's cabin, not
    by sight; a stranger slipped in behind his back, and Yee gone into the cutter's airlock
    out of his sight, he does not know of: the G-men's map shows neither."""
    game, _log = example_game(9)
    orlov = game.state.characters["orlov"]
    x, y = _hidden_square_in_space(game, orlov)
    game.apply(JUDGE, A.JudgeMove("slavin", x, y, "N"))
    game.apply("pirates", A.Move("kyoshi", "jog", ((16, 6),), "S"))
    for cid in ("colovisto", "lichter", "mendez"):  # out of the cutter's airlock
        game.apply("pirates", A.Move(cid, "jog", ((16, 6), (16, 7)), "S"))
    game.apply(JUDGE, A.JudgeMove("yee", 16, 5, "S"))
    assert game.plan.space_name(game.state.characters["yee"].square) == "Cutter Airlock"
    to_seat(game, "phoneco")
    counters = view_for(game, "phoneco").map.counters
    chars = game.state.characters
    assert chars["eastwood"].token in counters  # in the cabin, behind him
    assert chars["slavin"].token not in counters  # no comrade of his
    assert chars["yee"].token not in counters  # beyond the cabin's hatch, out of sight


def test_pans_informant_reports_the_comrades_in_its_space():
    """Pan's informants follow the same rule (its reports are kept in its secrets): a
    comrade of the informant's seat away from its space and out of its sight is not
    reported; brought into its space behind its back, it is reported at Pan's next Initial
    Map Update, and not before."""
    game = _pan_game(3)
    chars = game.state.characters
    spies = [c for c in chars.values() if c.informant_of == "alien"]
    spy, comrade = next((spy, c) for spy in spies for c in chars.values()
                        if c.seat == spy.seat and c.id != spy.id)
    seen = set().union(*(sightings.observer_fov(game.state, game.plan, game.sheets, c,
                                                frozenset()) for c in spies))
    taken = {c.square for c in chars.values()}
    away = next(game.plan.xy(q) for q in sorted(game.plan.region("Drive Room"))
                if q not in seen and q not in taken and game.plan.passable(q))
    to_seat(game, "alien")
    game.apply("alien", A.EndTurn())
    game.apply(JUDGE, A.JudgeMove(comrade.id, *away, "N"))
    to_seat(game, "alien")
    assert comrade.token not in game.state.aliens["alien"].reports  # away, unseen
    game.apply("alien", A.EndTurn())
    x, y = _hidden_square_in_space(game, spy)
    game.apply(JUDGE, A.JudgeMove(comrade.id, x, y, "N"))
    game.apply(game.turn_seat, A.EndTurn())
    assert comrade.token not in game.state.aliens["alien"].reports  # not before
    to_seat(game, "alien")
    assert comrade.token in game.state.aliens["alien"].reports
    assert comrade.token in view_for(game, "alien").map.counters
