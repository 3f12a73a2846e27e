"""Views: what each seat is told, and when."""

from __future__ import annotations

import json

import pytest

from game.artifact import actions as A
from game.artifact.codec import canonical_json, to_plain
from game.artifact.engine import ArtifactGame
from game.artifact.errors import SaveError
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.views import decode_view, view_for


@pytest.fixture
def game():
    game, _log = example_game(11)  # Orlov is the G-men's informant
    return game


def test_losing_an_informant_shows_only_at_the_next_situation_update(game):
    game.apply("pirates", A.EndTurn())
    before = view_for(game, "pirates")
    game.apply("phoneco", A.ActivateInformant("orlov"))
    game.apply("phoneco", A.Move("orlov", "walk", (), "N"))  # he acts for his new master
    during = view_for(game, "pirates")
    assert during.own == before.own
    assert during.notices == before.notices
    assert "orlov" in view_for(game, "phoneco").own.characters
    game.apply("phoneco", A.EndTurn())
    game.apply("scientist", A.EndTurn())
    game.apply("alien", A.EndTurn())
    after = view_for(game, "pirates")
    assert "orlov" not in after.own.characters
    assert [n.about["counter"] for n in after.notices if n.kind == "telegram"] == ["Orlov"]


def test_the_alien_map_shows_where_the_robots_were_put(game):
    alien = view_for(game, "alien").map.last_known.values()
    assert sorted(c.counter for c in alien) == ["Doc Bot", "Handler Bot", "Securi Bot",
                                                    "Tech Bot"]
    for seat in ("pirates", "phoneco"):
        names = [c.counter for c in view_for(game, seat).map.last_known.values()]
        assert "Doc Bot" not in names


def test_scientist_remembers_where_he_put_the_artifact(game):
    last = view_for(game, "scientist").map.last_known.values()
    squares = sorted(c.square for c in last if c.counter == "The Artifact")
    assert squares == [(1, 19), (1, 23)]
    traps = [i for i in view_for(game, "scientist").own.items.values()
             if i.type == "booby_trap"]
    assert sorted(t.square for t in traps) == [(3, 7), (39, 7)]
    for seat in ("pirates", "phoneco", "alien"):
        assert "booby_trap" not in canonical_json(view_for(game, seat))


def test_views_are_deterministic_and_plain(game):
    for seat in (*game.seats, JUDGE):
        first = view_for(game, seat)
        assert canonical_json(first) == canonical_json(view_for(game, seat))
        assert decode_view(json.loads(canonical_json(first))) == first
    assert view_for(game.to_dict(), "phoneco") == view_for(game, "phoneco")
    judge = to_plain(view_for(game, JUDGE))
    assert "rng" not in judge["state"] and "seed" not in judge["state"]
    assert judge["state"]["orders"]["phoneco"]["option"] == "gmen"


def test_view_holds_no_seed_rng_or_others_orders(game):
    view = view_for(game, "pirates")
    text = canonical_json(view)
    for key in ("rng", "seed", "judge_notices", "orders", "pending"):
        assert f'"{key}"' not in text
    assert view.order.cost == 32


def test_bad_saves_are_refused():
    for bad in ({}, {"format": 1}, [], {"format": 99}):
        with pytest.raises(SaveError):
            ArtifactGame.from_dict(bad)
    game, _log = example_game(2)
    broken = json.loads(game.to_json())
    broken["characters"]["kyoshi"]["square"] = -5
    with pytest.raises(SaveError):
        ArtifactGame.from_dict(broken)
    broken = json.loads(game.to_json())
    broken["rng"] = "nonsense"
    with pytest.raises(SaveError):
        ArtifactGame.from_dict(broken)


def test_client_previews_work_on_the_view_alone(game):
    from game.artifact import preview

    game.apply("pirates", A.EndTurn())
    # as a client receives it: the plain form, decoded into the same records
    view = decode_view(json.loads(canonical_json(view_for(game, "phoneco"))))
    spots = preview.reachable(view, "osorio", "jog")
    assert spots[(3, 21)] == 4 and (2, 20) not in spots  # 5 MP away
    found = preview.path_to(view, "osorio", "jog", (3, 21))
    assert found["stop"] == (3, 21) and found["cost"] == 4 and found["reason"] is None
    game.apply("phoneco", A.Move("osorio", "jog", tuple(found["path"]), "W"))
    far = preview.path_to(view, "osorio", "jog", (1, 40))
    assert far["reason"] == "out of reach this turn"
    assert preview.line_of_sight((3, 21), (1, 19)) == (True, (1, 19))
    assert preview.line_of_sight((6, 19), (1, 19))[0] is False
    seen = preview.field_of_view(view, "osorio")
    assert (6, 19) in seen and (7, 19) not in seen and (1, 19) not in seen
    assert (1, 19) in preview.field_of_view(view, "osorio", square=(3, 21))


def test_the_scientist_places_his_artifact_and_the_fake_by_their_true_names():
    """The owner of a fake Artifact knows which is which: his placement rows name the
    Artifact and the fake, and the placement list shows those names, never a token or "an
    item" (others' maps show both as the Artifact)."""
    from game.artifact import actions as A
    from game.artifact.engine import ArtifactGame
    from game.ui.artifact_lobby import PlacementDraft
    from game.ui.artifact_source import to_purchase

    game = ArtifactGame.new({"players": 4, "assignment": "random"}, 3)
    to_purchase(game)
    seat = next(s for s in game.seats if game.faction_of(s) == "scientist")
    for other in game.seats:
        if other != seat:
            game.apply(other, game.legal_actions(other)[-1])
    game.apply(seat, A.Customize(items=(("artifact", ""), ("fake_artifact", ""))))
    view = view_for(game, seat)
    items = {row.name for row in view.to_place if row.kind == "item"}
    assert {"The Artifact", "Fake artifact"} <= items
    draft = PlacementDraft(view)
    labels = {draft.label(view, row.thing) for row in view.to_place}
    assert {"The Artifact", "Fake artifact"} <= labels
    assert not any(row.thing in labels for row in view.to_place)
