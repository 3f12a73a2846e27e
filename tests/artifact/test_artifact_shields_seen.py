"""Knowing whether the shields are up (rulebook: Shields, "a shimmering energy bubble";
docs/artifact-rules-notes.md): a map learns their state when one of its observers sees open
space or stands beside the telescope, at its map updates, or when its seat is told (it set
them, wrecked the generator, met the bubble, heard the computer shut down); otherwise it
keeps the state it last learned, no longer watched (game/artifact/sightings.py)."""

from __future__ import annotations

from game.artifact import actions as A
from game.artifact.engine import ArtifactGame
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.state import ShieldsSeen
from game.artifact.views import view_for

from .arrange import destroy_terminal, lower_shields
from .secrecy_tools import canonical_view

TELESCOPE = (41, 5)


def _phoneco_turn():
    game, log = example_game(9)
    game.apply("pirates", A.EndTurn())
    assert game.turn_seat == "phoneco"
    return game


def _key(game, cid: str) -> str:
    return next(i for i in game.state.characters[cid].items
                if game.state.items[i].type == "access_key")


def test_the_bubble_is_seen_wherever_open_space_is_in_sight():
    game, _log = example_game(9)
    # the cutter's crew through its windshield, the scientist's reconbot on the ring's
    # outside; the Phone Co. and the alien are all indoors and know nothing yet
    assert view_for(game, "pirates").shields == ShieldsSeen(True, 1, True)
    assert view_for(game, "scientist").shields == ShieldsSeen(True, 1, True)
    assert view_for(game, "phoneco").shields is None
    assert view_for(game, "alien").shields is None


def test_the_seat_at_the_telescope_knows_at_once_and_the_watchers_at_the_turns_end():
    game = _phoneco_turn()
    game.apply(JUDGE, A.JudgeMove("osorio", 40, 5, "E"))  # beside the telescope
    before = {seat: canonical_view(game, seat) for seat in ("pirates", "scientist", "alien")}
    game.apply("phoneco", A.UseEquipment("osorio", _key(game, "osorio"), TELESCOPE, "E"))
    assert game.state.systems.shields_up is False
    assert view_for(game, "phoneco").shields == ShieldsSeen(False, 1, True)
    # nobody else learns it during the Phone Co.'s turn, watching or not
    for seat, view in before.items():
        assert canonical_view(game, seat) == view, seat
    game.apply("phoneco", A.EndTurn())  # the final map update: the watchers see it gone
    assert view_for(game, "pirates").shields == ShieldsSeen(False, 1, True)
    assert view_for(game, "scientist").shields == ShieldsSeen(False, 1, True)
    assert view_for(game, "alien").shields is None  # still nobody looking out


def test_a_change_out_of_every_sight_leaves_a_seats_view_byte_identical():
    """Twins that differ only in the shields: the alien, whom nobody of its own watches,
    sees the same bytes all round; a watching seat's view differs from the final map update
    of the turn the shields changed in, and not before."""
    game = _phoneco_turn()
    twin = ArtifactGame.from_dict(game.to_dict())
    lower_shields(twin)
    assert canonical_view(twin, "alien") == canonical_view(game, "alien")
    assert canonical_view(twin, "pirates") == canonical_view(game, "pirates")
    for seat in ("phoneco", "scientist", "alien", "pirates"):
        for g in (game, twin):
            g.apply(seat, A.EndTurn())
        assert canonical_view(twin, "alien") == canonical_view(game, "alien"), seat
    assert canonical_view(twin, "pirates") != canonical_view(game, "pirates")
    assert view_for(twin, "pirates").shields.up is False


def test_out_of_sight_the_map_keeps_what_it_last_saw_marked_as_last_seen():
    game, _log = example_game(9)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    # the reconbot comes in off the ring: nobody of the scientist's sees space any more
    game.apply(JUDGE, A.JudgeMove("recon_bot_mccray", 10, 4, "N"))
    game.apply("scientist", A.EndTurn())
    assert view_for(game, "scientist").shields == ShieldsSeen(True, 1, False)
    lower_shields(game)  # as someone at the telescope will, out of its sight
    for seat in ("alien", "pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    assert game.turn_seat == "scientist"
    assert view_for(game, "scientist").shields == ShieldsSeen(True, 1, False)


def test_the_computers_shutdown_tells_every_seat_the_shields_are_down():
    game = _phoneco_turn()
    for q, feature in enumerate(game.plan.feature):  # both shot to pieces
        if feature == "major_terminal":
            destroy_terminal(game, game.plan.xy(q))
    for seat in ("phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    assert view_for(game, "alien").shields is None  # before Global Updates: not yet
    game.apply("alien", A.EndTurn())  # the round ends: Global Updates
    assert game.state.systems.shutdown and not game.state.systems.shields_up
    for seat in game.seats:
        shields = view_for(game, seat).shields
        assert shields is not None and shields.up is False, seat
