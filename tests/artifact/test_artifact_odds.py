"""The odds a seat's screen shows (``game.artifact.odds`` on its own view) are the odds the
engine rolls against: to-hit number, range band and every modifier, for random legal
attacks and move-then-attacks on random positions, wounds and facings."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import available, combat, movement, odds, preview
from game.artifact.errors import ArtifactError
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .arrange import FACINGS, fights, look_about
from .dice_tools import force_dice
from .secrecy_tools import start_game, to_seat


@pytest.fixture
def spy(monkeypatch):
    """Every shot list the engine plans (``combat.plan_attack``), in order."""
    planned: list = []
    real = combat.plan_attack

    def recording(*args, **kwargs):
        shots = real(*args, **kwargs)
        planned.append(shots)
        return shots

    monkeypatch.setattr(combat, "plan_attack", recording)
    return planned


def _same(shown: odds.AttackPreview, planned) -> None:
    assert shown.ok, shown.why
    assert len(shown.shots) == len(planned)
    for mine, theirs in zip(shown.shots, planned, strict=True):
        assert mine.odds == theirs.odds
        assert mine.odds.needed == theirs.odds.needed
        assert mine.odds.modifiers == theirs.odds.modifiers
        assert mine.odds.band == theirs.odds.band


def _move_attacks(view, plan, cid, rng):
    """Move-then-attacks the preview accepts (a walk to a few squares in reach, a ranged
    shot at a counter facing anywhere), each with its preview."""
    know = odds.SeatKnowledge(view, plan)
    entry = view.own.characters[cid]
    reach = sorted(preview.reachable(view, cid, "walk", plan))
    rng.shuffle(reach)
    ranged = [w.name for w in odds.weapons(know, cid) if w.ok and w.ranged]
    for end in reach[:6]:
        path = tuple(map(tuple, preview.path_to(view, cid, "walk", end, plan)["path"]))
        for token in sorted(combat.map_counters(know, view.seat)):
            for weapon in ranged:
                facing = rng.choice(FACINGS)
                shown = odds.preview_attack(know, cid, weapon, "normal", (token,), square=end,
                                            facing=facing, approach=entry.square)
                if shown.ok:
                    yield A.MoveThenAttack(cid, "walk", path, weapon, "normal", (token,),
                                           facing), shown


def _compare(spy, games) -> tuple[int, int, int]:
    """Preview random legal attacks and move-then-attacks on the seat's own view alone (its
    own picture of the plan: ``movement.view_plan``), apply each, and compare with what the
    engine planned; (attacks, move-then-attacks, shots whose line crossed a hole)."""
    compared = moved = through = 0
    for game, rng in games:
        seat = game.turn_seat
        holes = _hole_edges(game)
        attacks = [a for a in game.legal_actions(seat)
                   if isinstance(a, A.Attack) and a.weapon != "improvised"]
        rng.shuffle(attacks)
        for action in attacks[:4]:
            char = game.state.characters[action.character]
            if char.id in game.state.turn.acted or char.status != "active":
                continue
            view = view_for(game, seat)
            know = odds.SeatKnowledge(view)
            shown = odds.preview_attack(know, action.character, action.weapon,
                                        action.fire, action.targets)
            spy.clear()
            game.apply(seat, action)
            _same(shown, spy[0])
            compared += 1
            through += any(_crosses(game.plan, char.square, s.line.squares, holes)
                           for s in spy[0])
        # move, then attack: previewed from the end of the move
        view = view_for(game, seat)
        plan = movement.view_plan(view)
        for cid, entry in sorted(view.own.characters.items()):
            if cid in view.turn.acted or entry.status != "active" or not entry.ma:
                continue
            for action, shown in _move_attacks(view, plan, cid, rng):
                spy.clear()
                try:
                    game.apply(seat, action)
                except ArtifactError:
                    continue  # stopped short on the way
                _same(shown, spy[0])
                moved += 1
                break
    return compared, moved, through


def _hole_edges(game) -> set[tuple[int, int]]:
    """The (square, square) pairs either side of every hole in the hull or a hatch."""
    plan = game.drawn_plan
    systems = game.state.systems
    pairs = [plan.edge_squares(e) for e in systems.broken_windows]
    pairs += [pair for h in systems.blown_hatches for pair in plan.hatches[h].edges]
    return {tuple(sorted(p)) for p in pairs}


def _crosses(plan, start, squares, holes) -> bool:
    steps = zip((start, *squares), squares, strict=False)
    return any(tuple(sorted(step)) in holes for step in steps)


def test_previewed_odds_are_the_odds_the_engine_rolls_against(spy):
    compared, moved, _through = _compare(spy, fights(range(6), 3))
    assert compared >= 20 and moved >= 3, (compared, moved)


def test_previewed_odds_agree_through_broken_windows_and_blown_hatches(spy):
    """Windows shot out and hatches blown open: the seat's view holds the holes its map has
    seen, and the preview on that view alone plans every shot as the engine does, lines
    through the holes included (a preview on the drawn plan would see a closed hatch)."""
    compared, moved, through = _compare(spy, fights(range(6), 3, holes=True))
    assert compared >= 20 and moved >= 3 and through >= 2, (compared, moved, through)


def _kyoshi_and_osorio(kyoshi: str, osorio: str):
    """Kyoshi (rifle) at (5, 7) and Osorio six squares east, facing as given; the
    pirates' knowledge, Osorio's token and Kyoshi's rifle."""
    game, _log = example_game(5)
    game.apply(JUDGE, A.JudgeMove("kyoshi", 5, 7, kyoshi))
    game.apply(JUDGE, A.JudgeMove("osorio", 11, 7, osorio))
    look_about(game)
    know = odds.SeatKnowledge(view_for(game, "pirates"), game.plan)
    rifle = next(i for i in game.state.characters["kyoshi"].items
                 if game.state.items[i].type == "rifle")
    return game, know, game.state.characters["osorio"].token, rifle


def test_the_words_name_the_number_the_band_and_each_modifier():
    game, know, token, rifle = _kyoshi_and_osorio("E", "E")
    shown = odds.preview_attack(know, "kyoshi", rifle, "double", (token,))
    words = shown.shots[0].words
    assert words.startswith(f"{shown.shots[0].odds.needed} or more on two dice: short range")
    assert "target cannot see the shooter (+2)" in words
    assert "double fire (-2)" in words
    assert len(shown.shots) == 2
    assert "_" not in words and "osorio" not in words
    # the engine agrees: forced dice one short of the number miss, the number hits
    need = shown.shots[0].odds.needed
    force_dice(game, *(_pair(need - 1) + _pair(need - 1)), *([1] * 12))
    game.apply("pirates", A.Attack("kyoshi", rifle, "double", (token,), "E"))
    shots = [n for n in view_for(game, "pirates").notices if n.kind == "attack"][-1]
    assert [s["needed"] for s in shots.get("shots")] == [need, need]
    assert not any(s["hit"] for s in shots.get("shots"))


def _pair(total: int) -> list[int]:
    total = max(3, min(12, total))
    return [min(6, total - 1), total - min(6, total - 1)]


def test_a_refused_attack_says_why_as_the_engine_would():
    game, know, token, rifle = _kyoshi_and_osorio("W", "W")
    shown = odds.preview_attack(know, "kyoshi", rifle, "normal", (token,))
    with pytest.raises(ArtifactError) as refused:
        game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token,), "W"))
    assert not shown.ok and shown.why == str(refused.value)


def test_opportunity_markers_are_on_the_placers_view_only():
    game, know, _token, rifle = _kyoshi_and_osorio("E", "W")
    cover = next(o for o in available.combat_options(know, "kyoshi")
                 if o.key == f"opportunity_fire:{rifle}")
    assert cover.ok, cover.why
    x, y = cover.action["square"]
    game.apply("pirates", A.TargetOpportunityFire("kyoshi", rifle, (x, y), "anyone",
                                                  cover.action["facing"]))
    marks = view_for(game, "pirates").cover
    assert [(m.character, m.weapon, tuple(m.square)) for m in marks] == [("kyoshi", rifle,
                                                                          (x, y))]
    assert all(view_for(game, seat).cover == () for seat in game.seats if seat != "pirates")


def test_the_preview_names_who_a_miss_could_strike_and_the_engine_agrees():
    """Yee stands between Kyoshi and Osorio: the preview counts him in the line (-1) and
    names him first for a miss; a miss rolled to strike the first in line hits Yee."""
    game, _know, token, rifle = _kyoshi_and_osorio("E", "E")
    game.apply(JUDGE, A.JudgeMove("yee", 8, 7, "N"))
    game.apply(JUDGE, A.JudgeMove("lichter", 12, 7, "N"))
    know = odds.SeatKnowledge(view_for(game, "pirates"), game.plan)
    shown = odds.preview_attack(know, "kyoshi", rifle, "normal", (token,)).shots[0]
    assert shown.in_line == ("Yee",) and shown.past == ("Lichter",)
    assert "someone in the line of fire (-1)" in shown.words
    force_dice(game, 1, 2, 2, 4)  # a miss; the stray die strikes Yee; his damage die
    game.apply("pirates", A.Attack("kyoshi", rifle, "normal", (token,), "E"))
    told = [n for n in view_for(game, "pirates").notices if n.kind == "attack"][-1]
    assert "hits Yee" in told.get("shots")[0]["result"]


def test_a_map_sharing_partners_characters_are_never_targets():
    """Eight players: the two pirate seats share a map, and each sees the other's characters
    on it. The view marks them as partners, and the odds' picture of the seat's map leaves
    them out as the engine's map does (the bar never offers to attack a friend)."""
    game = start_game(8, 36)
    to_seat(game, "pirates")
    view = view_for(game, "pirates")
    theirs = {c.token for c in game.state.characters.values() if c.seat == "pirates2"}
    assert view.partners and set(view.partners) <= theirs
    assert set(view.partners) <= set(view.map.counters)
    know = odds.SeatKnowledge(view)
    assert not set(view.partners) & set(combat.map_counters(know, "pirates"))
    for cid in view.own.characters:
        for option in available.available_actions(view, cid):
            assert not set(view.partners) & set(option.action.get("targets", ())), option
