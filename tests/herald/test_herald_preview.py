"""Hover previews: one plain line per Reading and die, made by the engine's own steps and
checked against real turns on random states."""

from __future__ import annotations

import copy
import random

import pytest

from game.herald import events as ev
from game.herald.actions import AssignDice
from game.herald.engine import HeraldGame
from game.herald.holomap import DIRECTION_NAMES, neighbour
from game.herald.labels import describe_action
from game.herald.preview import destinations, preview_reading, reading_consequences
from game.herald.readings import ALL_READINGS, active_readings


def test_every_reading_and_value_gives_one_line():
    game = HeraldGame.new(3)
    for reading in ALL_READINGS:
        for value in range(1, 7):
            text = reading_consequences(game, reading, value)
            assert text and "\n" not in text and len(text) < 220


def test_previews_say_what_the_rules_do():
    game = HeraldGame.new(3, dice=[1])
    s, pads = game.state, game.pads
    assert "Supplies -1" in reading_consequences(game, "environment", 2)
    # Supplies are full at the start: the engine gains nothing, and the preview says so
    assert "Full Resupply (Time +1)" in reading_consequences(game, "environment", 3)
    s.supplies = 2
    assert "Full Resupply (Supplies +2, Time +1)" in reading_consequences(game, "environment", 3)
    assert "Shore Leave" in reading_consequences(game, "environment", 6)
    assert "dormant" in reading_consequences(game, "sabotage", 1)
    assert "Leadership -1" in reading_consequences(game, "sabotage", 5)
    assert "Time +1" in reading_consequences(game, "stec", 2)
    assert "first Challenge" in reading_consequences(game, "event", 1)
    assert "both" in reading_consequences(game, "event", 4)
    # from Vibrations (1, 0), Timeline 3 moves up and wraps to (1, 7)
    assert pads.events[1][7].name in reading_consequences(game, "timeline", 3)
    # Earth sits on the left edge: moving left is off the map, left-and-up is not
    assert reading_consequences(game, "direction", 1) == "the ship must move left-and-up"
    s.position = (2, 0)  # top row: both up-directions lead off the Holomap
    assert "lost" in reading_consequences(game, "direction", 3)
    s.position = neighbour(pads.holomap.source, "L")
    assert "The Source within reach" in reading_consequences(game, "direction", 6)
    s.time = 3
    assert "Countdown Roll" in reading_consequences(game, "stec", 1)


def test_last_cell_with_a_high_dice_sum_also_blows_up_the_engine():
    """The reported case: last Cell aboard, Sabotage 3, dice summing to 22. The engine
    dismantles the Cell and the STEC Engine explodes; the old preview said only the Cell."""
    game = HeraldGame.new(3, dice=[1, 3, 6, 6, 6, 1])
    game.state.infiltration = 1
    assert sum(game.state.dice) == 22
    preview = preview_reading(game, "sabotage", 3)
    assert "a Cell is dismantled" in preview.text
    assert "the STEC Engine explodes" in preview.text
    assert any(isinstance(e, ev.StecExploded) for e in preview.events)
    real = copy.deepcopy(game)
    order = _order_for(real, {"sabotage": 3, "environment": 6, "direction": 1,
                              "timeline": 6, "event": 6})
    events = real.apply(AssignDice(order))
    while real.pending.kind in ("direction", "environment"):
        events += real.apply(real.legal_actions()[0])
    assert any(isinstance(e, ev.StecExploded) for e in events)


def _order_for(game: HeraldGame, wanted: dict[str, int]) -> tuple[int, ...]:
    free = list(range(5))
    order = []
    for reading in active_readings(game.state.stec_active):
        i = next(k for k in free if game.state.dice[k] == wanted[reading])
        free.remove(i)
        order.append(i)
    return tuple(order)


def test_at_the_source_the_timeline_names_the_event_after_leaving():
    """The ship never stays at The Source: the Timeline there moves the pawn as anywhere."""
    game = HeraldGame.new(3)
    game.state.position = game.pads.holomap.source
    text = reading_consequences(game, "timeline", 3)
    assert "if you stay" not in text and "Search" not in text
    assert game.pads.events[1][7].name in text


def test_next_to_the_source_no_event_is_named_when_the_ship_must_move_in():
    game = HeraldGame.new(3)
    source = game.pads.holomap.source
    game.state.position = neighbour(source, "L")  # The Source lies to the right
    # Direction 5 (right or right-and-up) and 6 (right or right-and-down): both reach it
    # only through "right"; pick a Direction whose only valid move is into The Source
    forced = [v for v in range(1, 7)
              if destinations(game, v) == [source]]
    mixed = [v for v in range(1, 7) if source in destinations(game, v)
             and len(destinations(game, v)) > 1]
    assert mixed, "a Direction that may or may not enter The Source"
    for v in forced:
        text = reading_consequences(game, "timeline", 3, direction_value=v)
        assert "Search" in text and game.pads.events[1][7].name not in text
    for v in mixed:
        text = reading_consequences(game, "timeline", 3, direction_value=v)
        assert "unless the ship enters The Source" in text and "Search" in text
    # Direction 2 (left, left-and-down) leads away: the Event is named, no Search
    away = [v for v in range(1, 7) if source not in destinations(game, v)]
    assert away
    text = reading_consequences(game, "timeline", 3, direction_value=away[0])
    assert "Search" not in text and game.pads.events[1][7].name in text


def test_action_labels_are_plain_words():
    game = HeraldGame.new(4)
    for action in game.legal_actions():
        label = describe_action(action, game.state, game.pads)
        assert label.startswith("direction ") and "\n" not in label


# -- the property test: previews against real turns ------------------------------------

class _Recorder:
    """Wraps a game's own step methods to keep the state before each step and the events
    the step emitted, so a real turn can be compared step by step with the previews."""

    STEPS = ("_step_environment", "_step_third", "_step_timeline", "_step_event")

    def __init__(self, game: HeraldGame) -> None:
        self.game = game
        self.records: dict[str, tuple[object, list[ev.Event], str]] = {}
        for name in self.STEPS:
            original = getattr(game, name)
            setattr(game, name, self._wrap(name, original))

    def _wrap(self, name, original):
        def step():
            before = copy.deepcopy(self.game.state)
            start = len(self.game._events)
            try:
                original()
            finally:
                self.records[name] = (before, list(self.game._events[start:]),
                                      self.game.state.phase)
        return step


def _random_states(count: int, seed: int):
    rng = random.Random(seed)
    produced = 0
    game_seed = 0
    while produced < count:
        game = HeraldGame.new(game_seed, "linear" if game_seed % 3 == 0 else "standard")
        game_seed += 1
        steps = rng.randrange(0, 60)
        for _ in range(steps):
            if game.outcome is not None:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.outcome is None and game.pending.kind == "assign_dice":
            produced += 1
            yield game, rng


def _at(game: HeraldGame, state) -> HeraldGame:
    twin = copy.deepcopy(game)
    twin.state = copy.deepcopy(state)
    return twin


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_previews_match_the_engine_on_random_states(seed):
    checked = {"environment": 0, "third": 0, "timeline": 0, "direction": 0}
    for game, rng in _random_states(70, seed):
        action = rng.choice(game.legal_actions())
        readings = active_readings(game.state.stec_active)
        values = {r: game.state.dice[i] for r, i in zip(readings, action.order, strict=True)}
        third = readings[2]
        start = copy.deepcopy(game.state)
        shown = {r: preview_reading(game, r, values[r], values["direction"]) for r in readings}
        real = copy.deepcopy(game)
        rec = _Recorder(real)
        real.apply(action)
        # direction: the options the preview names are the engine's
        if real.outcome is None and real.pending.kind == "direction":
            checked["direction"] += 1
            for a in real.legal_actions():
                assert DIRECTION_NAMES[a.direction] in shown["direction"].text
        while real.outcome is None and real.pending.kind in ("direction", "environment"):
            real.apply(rng.choice(real.legal_actions()))
        # environment with no choice: exactly the engine's events
        if "_step_environment" in rec.records and not shown["environment"].decision:
            before, events, _ = rec.records["_step_environment"]
            assert tuple(events) == preview_reading(_at(game, before), "environment",
                                                    values["environment"]).events
            checked["environment"] += 1
        # the third Reading: the preview from the state the step really met equals the
        # step's events; and when nothing changed since the dice, so does the shown one
        if "_step_third" in rec.records:
            before, events, phase = rec.records["_step_third"]
            again = preview_reading(_at(game, before), third, values[third])
            assert again.events == tuple(events)
            assert again.decision == (phase if phase in ("investigate", "alien_tech") else None)
            same = all(getattr(before, k) == getattr(start, k) for k in (
                "supplies", "leadership", "infiltration", "time", "countdown_modifier",
                "stec_active", "alien_tech", "effectiveness"))
            if same:
                assert shown[third].events == tuple(events)
                for e in events:
                    if isinstance(e, ev.CellDismantled):
                        assert "a Cell is dismantled" in shown[third].text
                    if isinstance(e, ev.StecExploded):
                        assert "STEC Engine explodes" in shown[third].text
            checked["third"] += 1
        # the Timeline: the Event the preview names is the one revealed (or the Search)
        if "_step_timeline" in rec.records and "_step_event" in rec.records:
            _, t_events, _ = rec.records["_step_timeline"]
            _, e_events, _ = rec.records["_step_event"]
            text = shown["timeline"].text
            search = [e for e in e_events if isinstance(e, ev.SearchBegun)]
            revealed = [e for e in e_events if isinstance(e, ev.EventRevealed)]
            incident = [e for e in t_events if isinstance(e, ev.MinorIncident)]
            pawn = [e for e in t_events if isinstance(e, ev.MatrixPawnMoved)]
            if search:
                assert f"Search takes {search[0].time_needed} Time" in text
            elif revealed:
                assert revealed[0].name in text
                assert not text.startswith("at The Source")
            elif pawn and (incident or real.pending and real.pending.kind == "linear_incident"):
                assert "already happened" in text
            checked["timeline"] += 1
    assert all(n > 0 for n in checked.values()), checked
