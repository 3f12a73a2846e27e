"""Holes in the seat views (rulebook: Hits to Map Features; Combat Secrecy): a broken window
or a hatch blown open shows on a seat's map once one of its observers sees either side of
it, and then stays; a hole nobody of the seat has seen leaves its view exactly as it was,
and the seat's own picture of the plan (``movement.view_plan``) lets sight and movement
through the holes it knows of."""

from __future__ import annotations

import json

from game.artifact import actions as A
from game.artifact import movement
from game.artifact.deckplan import feynman
from game.artifact.engine import ArtifactGame
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import view_for
from tests.artifact.arrange import break_open
from tests.artifact.dice_tools import force_dice
from tests.artifact.secrecy_tools import canonical_view, seen_squares

POD_WINDOW = ((0, 8), (1, 8))      # the Command Pod's west window: space, then the pod
LAB_WINDOW = ((40, 2), (40, 3))  # the Astrophysics Lab's, far from the pirates


def _edge(game, window) -> int:
    plan = game.drawn_plan
    return plan.edge_id(plan.sq(*window[0]), plan.sq(*window[1]))


def _shoot_out_the_pod_window(game) -> None:
    """Lichter shoots out the Command Pod's west window (it always hits; the penetration die
    1 breaks it); Osorio of the Phone Co. stands in the pod."""
    game.apply(JUDGE, A.JudgeMove("lichter", 3, 8, "W"))
    game.apply(JUDGE, A.JudgeMove("osorio", 3, 6, "W"))
    rifle = next(i for i in game.state.characters["lichter"].items
                 if game.state.items[i].type == "rifle")
    dice = force_dice(game, 1)
    game.apply("pirates", A.Attack("lichter", rifle, "normal", (POD_WINDOW[0],), "W"))
    assert dice.exhausted


def test_the_shooter_sees_the_hole_at_once_the_victim_at_its_update_others_never():
    game, _log = example_game(11)
    edge = _edge(game, POD_WINDOW)
    _shoot_out_the_pod_window(game)
    assert edge in game.state.systems.broken_windows
    assert view_for(game, "pirates").broken_windows == (edge,)
    # the Phone Co.'s Osorio was blown out by it: its seat learns at its own update
    assert view_for(game, "phoneco").broken_windows == ()
    game.apply("pirates", A.EndTurn())
    assert view_for(game, "phoneco").broken_windows == (edge,)
    # HAL, in the computer's wires, has seen nothing of it
    for seat in ("phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    assert not set(game.plan.edge_squares(edge)) & seen_squares(game, "alien")
    assert view_for(game, "alien").broken_windows == ()


def test_the_seats_plan_opens_the_holes_it_knows_of():
    """The pirates' picture of the plan has the pod's window open (the way out into space
    that decompression blew Orlov through) and the blown hatch open; a seat that has not
    seen them keeps them closed."""
    game, _log = example_game(11)
    break_open(game, hatches=("Lab Segment Hatch",))
    game.apply(JUDGE, A.JudgeMove("yee", 12, 7, "E"))
    game.apply("pirates", A.Move("yee", "walk", (), "E"))  # the pirates look about
    _shoot_out_the_pod_window(game)
    view = view_for(game, "pirates")
    hatch = next(h.id for h in game.plan.hatches if h.name == "Lab Segment Hatch")
    assert view.blown_hatches == (hatch,)
    plan = movement.view_plan(view)
    assert plan is game.plan  # the same holes: the very plan the engine plays on
    a, b = (game.plan.sq(*xy) for xy in POD_WINDOW)
    assert plan.edge_between(a, b) == "open"
    assert game.drawn_plan.edge_between(a, b) == "glass"
    hal = movement.view_plan(view_for(game, "alien"))
    assert hal.edge_between(a, b) == "glass"


def test_a_window_broken_out_of_a_seats_sight_leaves_its_view_as_it_was():
    """Twin games that differ only in the Astrophysics Lab's window, broken in one of them where
    no pirate sees either side of it: the pirates' views are equal after their own action;
    a round later they differ only in the ship's public warning of the lost pressure; once a
    pirate looks at the window it shows."""
    game, _log = example_game(11)
    twin = ArtifactGame.from_dict(json.loads(game.to_json()))
    assert not set(game.plan.sq(*xy) for xy in LAB_WINDOW) & seen_squares(game, "pirates")
    break_open(twin, windows=(LAB_WINDOW,))
    for g in (game, twin):
        g.apply("pirates", A.Move("yee", "walk", (), "W"))
    assert canonical_view(twin, "pirates") == canonical_view(game, "pirates")
    for g in (game, twin):
        for seat in ("pirates", "phoneco", "scientist", "alien"):
            g.apply(seat, A.EndTurn())
    # at Global Updates the ship's computer tells everyone the lab has lost its air (public:
    # docs/artifact-rules-notes.md), never where the hole is
    mine, theirs = view_for(game, "pirates"), view_for(twin, "pirates")
    assert theirs.airless == ("Astrophysics Lab",) and mine.airless == ()
    assert [n.kind for n in theirs.notices[len(mine.notices):]] == ["decompression_warning"]
    assert theirs.broken_windows == mine.broken_windows == ()
    assert movement.view_plan(theirs) is movement.view_plan(mine)
    for g in (game, twin):  # Kyoshi is put in the lab, facing its window
        g.apply(JUDGE, A.JudgeMove("kyoshi", 40, 5, "N"))
        g.apply("pirates", A.Move("kyoshi", "walk", (), "N"))
    assert view_for(twin, "pirates").broken_windows == (_edge(twin, LAB_WINDOW),)
    assert view_for(game, "pirates").broken_windows == ()



def test_a_hole_opens_a_step_the_whole_plan_kept_closed():
    """The plan keeps each square's steps (``DeckPlan.neighbours``); a plan with a hole is
    another plan, whose steps go through it, whatever the whole plan kept."""
    plan = feynman()
    a, b = next((a, a + 1) for a in range(len(plan.terrain) - 1)
                if plan.xy(a)[1] == plan.xy(a + 1)[1] and plan.edge_between(a, a + 1) == "glass"
                and plan.passable(a) and plan.passable(a + 1))
    assert b not in {n for n, _d, _h in plan.neighbours(a)}  # glass: no step
    assert plan.neighbours(a) is plan.neighbours(a)  # kept
    broken = plan.with_breaks(windows=[plan.edge_id(a, b)])
    assert b in {n for n, _d, _h in broken.neighbours(a)}
    assert a in {n for n, _d, _h in broken.neighbours(b)}
    assert b not in {n for n, _d, _h in plan.neighbours(a)}
