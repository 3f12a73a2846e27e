"""The automatic player: a one-turn lookahead over the real engine with a hand-tuned
evaluation of the resulting position.

For the dice assignment it tries every distinct way of giving the dice to the Readings,
plays the rest of the turn on a copy of the game with quick sub-policies, stops before
Time (so no die is rolled and the real game's RNG is never touched), and scores the
position with ``evaluate``. Other decisions try each legal answer the same way. The
hint button and the bot protocol both call ``choose``.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from game.herald.actions import (
    Action,
    AssignDice,
    ChooseDirection,
    FaceEvent,
    Investigate,
    MountOperation,
    UseAlienTech,
)
from game.herald.engine import HeraldGame, _GameOver, scratch_copy
from game.herald.holomap import Hex, neighbour
from game.herald.labels import describe_action
from game.herald.outcome import accomplishments
from game.herald.state import HeraldState

W: dict[str, float] = {
    "tour": 22.0, "slack": 160.0, "slack_sq": 45.0, "slack_factor": 1.25, "lis": 160.0,
    "lis2": 35.0, "source": 160.0, "alien": 30.0, "cell": 70.0, "acc": 85.0, "acc_extra": 20.0,
    "eff_low": 10.0, "eff_high": 4.0, "modifier": 0.6,
}
"""Weights of the evaluation (tuned by self-play, see bench/herald_balance.py)."""
DEFEAT = -10_000.0
VICTORY = 10_000.0
_SIM_RNG = random.Random(0)


@dataclass(frozen=True)
class Hint:
    """A suggested action and, in plain words, why."""

    action: Action
    reason: str


class _Sim(HeraldGame):
    """A throwaway copy of a game that stops before Time, so it never rolls dice."""

    def _step_time(self) -> None:
        s = self.state
        if s.time > self.pads.time_track.countdown_start:
            self._advance_time("a turn passes")
        s.phase = "sim_done"


def _clone(game: HeraldGame) -> _Sim:
    return scratch_copy(game, _SIM_RNG, _Sim, keep_route=False)  # type: ignore[return-value]


def _sim_apply(sim: HeraldGame, action: Action) -> None:
    sim._events = []
    try:
        sim._perform(action)
    except _GameOver:
        return
    sim._run()


# -- evaluation ------------------------------------------------------------------------

def tour_length(game: HeraldGame, pos: Hex, need_lis: bool, need_source: bool) -> int:
    """Fewest moves from ``pos`` through the still-needed places and back to Earth."""
    h = game.pads.holomap
    to_earth = h.distances_from(h.earth)
    if need_source and need_lis:
        to_src = h.distances_from(h.source)
        best = 10**6
        for lis in h.lis_points:
            to_lis = h.distances_from(lis)
            a = to_lis[pos] + to_lis[h.source] + to_earth[h.source]
            b = to_src[pos] + to_src[lis] + to_earth[lis]
            best = min(best, a, b)
        return best
    if need_source:
        to_src = h.distances_from(h.source)
        return to_src[pos] + to_earth[h.source]
    if need_lis:
        return min(h.distances_from(lis)[pos] + to_earth[lis] for lis in h.lis_points)
    return to_earth[pos]


_SUPPLIES = {0: -400.0, 1: -170.0, 2: -55.0, 3: 0.0, 4: 12.0}
_LEADERSHIP = {0: -400.0, 1: -170.0, 2: -45.0, 3: 0.0, 4: 10.0}
_REPUTATION = {0: 0.0, 1: -45.0, 2: -170.0}


def _countdown_turns(game: HeraldGame, time: int) -> float:
    """Expected turns the Final Countdown still grants from Countdown space ``time``."""
    ranges = game.pads.time_track.countdown_ranges
    total = 0.0
    for space in sorted(ranges, reverse=True):
        if space <= time:
            total += 6.0 / max(1, ranges[space][1])
    return total


def evaluate(game: HeraldGame) -> float:
    """How good the position is for the Captain (bigger is better)."""
    s: HeraldState = game.state
    if s.outcome is not None:
        if s.outcome.victory:
            return VICTORY + 10.0 * s.outcome.score
        return DEFEAT + 5.0 * s.turn
    pads = game.pads
    start = pads.time_track.countdown_start
    need_lis = not s.lis_visited
    need_source = not s.source_visited
    tour = tour_length(game, s.position, need_lis, need_source)
    if s.time > start:
        turns = (s.time - start) + _countdown_turns(game, start)
    else:
        turns = _countdown_turns(game, s.time) - W["modifier"] * -min(0, s.countdown_modifier)
    slack = turns - tour * W["slack_factor"]
    value = 0.0
    value -= W["tour"] * tour
    value += W["slack"] * max(-8.0, min(slack, 8.0))
    if slack < 0:
        value -= W["slack_sq"] * slack * slack
    value += 0.0 if need_lis else W["lis"]
    value += W["lis2"] if len(s.lis_visited) >= 2 else 0.0
    value += 0.0 if need_source else W["source"]
    value += W["alien"] if s.alien_tech else 0.0
    value += W["cell"] * (4 - s.infiltration)
    done = accomplishments(s)
    value += W["acc"] * min(done, 3) + W["acc_extra"] * max(0, min(done, 6) - 3)
    value += _SUPPLIES[s.supplies] + _LEADERSHIP[s.leadership]
    value += _REPUTATION.get(len(s.bad_reputation), -400.0)
    for off in pads.officers:
        eff = s.effectiveness[off.id]
        value += W["eff_low"] * min(eff, 2) + W["eff_high"] * max(0, eff - 2)
    return value


# -- quick sub-policies used inside the lookahead ----------------------------------------

def _direction_choice(game: HeraldGame, options: list[str]) -> str:
    s = game.state
    h = game.pads.holomap
    ready = (not s.infiltration and s.lis_visited and s.source_visited
             and accomplishments(s) >= 3)
    best, best_cost = options[0], None
    for d in options:
        p = neighbour(s.position, d)
        if p == h.earth:
            cost = -1 if ready else 10**6
        else:
            cost = tour_length(game, p, not s.lis_visited and p not in h.lis_points,
                               not s.source_visited and p != h.source)
        if best_cost is None or cost < best_cost:
            best, best_cost = d, cost
    return best


def _pruned_options(game: HeraldGame) -> list[Action]:
    """The legal actions, keeping for each kind only the cheapest team of officers."""
    s = game.state
    legal = game.legal_actions()
    if s.phase in ("event_officers", "source_operation", "investigate", "alien_tech"):
        cheapest: dict[object, tuple[float, Action]] = {}
        rest: list[Action] = []
        for a in legal:
            if isinstance(a, FaceEvent | MountOperation | Investigate | UseAlienTech):
                key = (type(a).__name__, getattr(a, "dilemma", False))
                cost = _team_cost(game, a)
                if key not in cheapest or cost < cheapest[key][0]:
                    cheapest[key] = (cost, a)
            else:
                rest.append(a)
        return [a for _, a in cheapest.values()] + rest
    return legal


def _team_cost(game: HeraldGame, action: Action) -> float:
    """Effectiveness the action would spend, weighted towards keeping officers usable."""
    before = game.state.effectiveness
    sim = _clone(game)
    sim._events = []
    try:
        sim._perform(action)
    except _GameOver:
        return 1e9
    after = sim.state.effectiveness
    return sum((before[k] - after[k]) * (1.0 + 0.1 * (4 - after[k])) for k in before)


def _finish_turn(sim: HeraldGame) -> None:
    """Play the copy to the end of the turn with the quick sub-policies."""
    for _ in range(12):
        s = sim.state
        if s.outcome is not None or s.phase == "sim_done":
            return
        if s.phase == "direction":
            _sim_apply(sim, ChooseDirection(_direction_choice(sim, sim._direction_options())))
            continue
        options = _pruned_options(sim)
        if len(options) == 1:
            _sim_apply(sim, options[0])
            continue
        best, best_value = options[0], None
        for option in options:
            trial = _clone(sim)
            _sim_apply(trial, option)
            value = evaluate(trial)
            if best_value is None or value > best_value:
                best, best_value = option, value
        _sim_apply(sim, best)


def _assignments(game: HeraldGame) -> list[AssignDice]:
    """One assignment per distinct effect (e.g. Environment 1 and 2 act alike)."""
    s = game.state
    seen: set[tuple[int, ...]] = set()
    result = []
    for order in itertools.permutations(range(5)):
        v = [s.dice[i] for i in order]
        key = (v[0], (v[1] + 1) // 2, (v[2] + 1) // 2, v[3], (v[4] + 1) // 2)
        if key not in seen:
            seen.add(key)
            result.append(AssignDice(order))  # type: ignore[arg-type]
    return result


def _score_option(game: HeraldGame, action: Action) -> tuple[float, _Sim]:
    sim = _clone(game)
    _sim_apply(sim, action)
    _finish_turn(sim)
    return evaluate(sim), sim


def choose(game: HeraldGame) -> Hint:
    """The automatic player's choice for the pending decision, with a plain reason."""
    s = game.state
    if s.outcome is not None:
        raise ValueError("the game is over: there is nothing to choose")
    if s.phase == "assign_dice":
        options: list[Action] = list(_assignments(game))
    else:
        options = _pruned_options(game)
    if s.phase == "linear_incident":
        options = game.legal_actions()
    best: Action = options[0]
    best_value: float | None = None
    best_sim: _Sim | None = None
    others: list[_Sim] = []
    for option in options:
        value, sim = _score_option(game, option)
        if best_value is None or value > best_value:
            if best_sim is not None:
                others.append(best_sim)
            best, best_value, best_sim = option, value, sim
        else:
            others.append(sim)
    return Hint(best, _reason(game, best, best_sim, others))


def _merits(game: HeraldGame, sim: _Sim) -> dict[str, float]:
    """What a choice leads to by the end of the turn, each measure bigger-is-better."""
    b = sim.state
    ended = b.outcome is not None
    return {
        "home": 1.0 if ended and b.outcome.victory else 0.0,
        "lis": float(len(b.lis_visited)),
        "source": float(b.source_visited),
        "alien": float(b.alien_tech),
        "cell": float(-b.infiltration),
        "result": float(accomplishments(b)),
        "supplies": float(b.supplies),
        "event": float(-len(b.bad_reputation)),
        "leadership": float(b.leadership),
        "way": 0.0 if ended else -float(tour_length(game, b.position, not b.lis_visited,
                                                     not b.source_visited)),
        "time": float(b.time + b.countdown_modifier),
        "crew": float(sum(b.effectiveness.values())),
        "alive": 0.0 if ended and not b.outcome.victory else 1.0,
    }


_MERIT_WORDS: tuple[tuple[str, str], ...] = (
    ("home", "it brings the Herald home"),
    ("alive", "it avoids a defeat another choice would bring"),
    ("lis", "it reaches a Lis Point"),
    ("source", "it reaches The Source"),
    ("alien", "it recovers the Alien Travel Technology"),
    ("cell", "it dismantles a Cell"),
    ("result", "it adds a Diplomatic Success or Research Survey"),
    ("event", "it keeps a Bad Reputation away"),
    ("supplies", "it keeps more Supplies"),
    ("leadership", "it keeps more Leadership"),
    ("way", "it shortens the way still to fly"),
    ("time", "it saves Time"),
    ("crew", "it spares the officers' Effectiveness"),
)


def _reason(game: HeraldGame, action: Action, sim: _Sim | None,
            others: list[_Sim] | None = None) -> str:
    """Say in plain words what this choice achieves that another choice would not.

    Every note compares the chosen action's turn with the other options' turns played
    the same way, so a choice is never credited with something that happens whatever is
    chosen (a Cell dismantled by the Sabotage Reading is not the Environment choice's
    doing). The notes name only what the chosen action does better than some alternative.
    """
    what = describe_action(action, game.state, game.pads)
    if sim is None:
        return what
    mine = _merits(game, sim)
    rivals = [_merits(game, o) for o in (others or [])]
    if sim.state.outcome is not None and not sim.state.outcome.victory:
        return f"{what}: every choice loses now; this one at least scores best."
    notes = [words for key, words in _MERIT_WORDS
             if any(mine[key] > r[key] for r in rivals)]
    if not rivals:
        notes = ["it is the only choice"]
    elif not notes:
        notes = ["the choices come out alike this turn; this one keeps the best position"]
    return f"{what}: " + ", ".join(notes[:3]) + "."
