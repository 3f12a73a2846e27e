"""Game setup: faction mix, control sheets, orders within budget, placement, replay."""

from __future__ import annotations

import json

import pytest

from game.artifact import actions as A
from game.artifact.codec import canonical_json
from game.artifact.datafiles import data_fingerprint
from game.artifact.engine import ArtifactGame, replay
from game.artifact.errors import (
    ArtifactError,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    SaveError,
)
from game.artifact.example import example_data, example_game, example_orders, example_setup
from game.artifact.seats import JUDGE, faction_mix
from game.artifact.sheets import default_sheets
from game.artifact.victory import default_victory
from game.artifact.views import view_for


@pytest.mark.parametrize(
    ("players", "seats", "judge_also", "shared"),
    [
        (3, ["pirates", "phoneco", "scientist"], ["phoneco"], {}),
        (4, ["pirates", "phoneco", "scientist", "alien"], ["alien"], {}),
        (5, ["pirates", "phoneco", "scientist", "alien"], [], {}),
        (6, ["pirates", "phoneco", "scientist", "alien", "alien2"], [], {"alien2": "alien"}),
        (7, ["pirates", "phoneco", "phoneco2", "scientist", "alien", "alien2"], [],
         {"alien2": "alien", "phoneco2": "phoneco"}),
        (8, ["pirates", "pirates2", "phoneco", "phoneco2", "scientist", "alien", "alien2"], [],
         {"alien2": "alien", "phoneco2": "phoneco", "pirates2": "pirates"}),
    ],
)
def test_faction_mix(players, seats, judge_also, shared):
    mix = faction_mix(players)
    assert [s.id for s in mix] == seats
    assert [s.id for s in mix if s.judge_also] == judge_also
    assert {s.id: s.shares_map_with for s in mix if s.shares_map_with} == shared
    assert mix[0].id == "pirates"  # the Pirates move first


@pytest.mark.parametrize("players", [2, 9, "4", True, None])
def test_faction_mix_rejects(players):
    with pytest.raises(ArtifactError):
        faction_mix(players)


def test_example_purchases_cost_exactly():
    sheets = default_sheets()
    data = example_data()
    for seat, order in data["order"].items():
        free = {item for item, _rule in sheets.factions[seat].free_items}
        cost = sum(sheets.items[item].price for item, _holder in order["items"]
                   if item not in free)
        assert cost == order["cost"], seat
    assert data["order"]["pirates"]["cost"] == 32
    assert data["order"]["scientist"]["cost"] == 18
    assert data["order"]["phoneco"]["cost"] == 12
    assert sheets.factions["scientist"].budget == 18
    assert sheets.factions["phoneco"].budget == 12
    assert sheets.factions["pirates"].budget >= 32


def test_control_sheets_have_rulebook_characters():
    sheets = default_sheets()
    for name in ("eastwood", "hernandez", "kyoshi", "mendez", "colovisto", "yee", "robertson",
                 "sarma", "orlov", "lichter", "osorio", "preuitt", "mccray", "slavin", "hal",
                 "pan", "koch", "handler_bot", "tech_bot", "securi_bot", "doc_bot"):
        assert name in sheets.characters
    victory = default_victory()
    for levels in victory.sheets.values():
        assert 3 <= len(levels) <= 4
    assert "Pilot" in sheets.characters["orlov"].skills
    assert "Plasma" not in sheets.characters["orlov"].skills  # cannot shoot out the shields
    assert "Mechanic" in sheets.characters["yee"].skills
    assert "Mechanic" in sheets.characters["colovisto"].skills
    assert "Pilot" in sheets.characters["slavin"].skills


def _lobby(players=5, seed=3):
    game = ArtifactGame.new({"players": players, "assignment": "random"}, seed)
    for seat in game.seats:
        game.apply(seat, A.VoteEncryption(True))
    return game


def test_new_validates_setup():
    with pytest.raises(ArtifactError):
        ArtifactGame.new({"players": 9}, 1)
    with pytest.raises(ArtifactError):
        ArtifactGame.new({"players": 4, "assignment": "dice"}, 1)
    with pytest.raises(ArtifactError):
        ArtifactGame.new({"players": 4, "names": ["a", "a", "b", "c"]}, 1)
    with pytest.raises(ArtifactError):
        ArtifactGame.new({"players": 4, "colour": "red"}, 1)
    with pytest.raises(ArtifactError):
        ArtifactGame.new({"players": 4}, -1)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_setup_reaches_play_for_every_player_count(players):
    game = ArtifactGame.new({"players": players, "assignment": "random"}, players)
    assert game.phase == "encryption"
    assert game.actors() == frozenset(game.seats)
    steps = 0
    while game.phase != "play":
        steps += 1
        assert steps < 200
        actor = sorted(game.actors())[0]
        options = game.legal_actions(actor)
        assert options, (game.phase, actor)
        if game.phase == "judge_check":
            returns = [a for a in options if isinstance(a, A.ReturnPlacement)]
            robots = [a for a in options if isinstance(a, A.PlaceRobot)]
            action = (returns or robots or options)[0]
        elif game.phase == "place":
            # spread the seats over different spaces
            action = options[game.seats.index(actor) * 3 % len(options)]
        else:
            action = options[0]
        game.apply(actor, action)
    assert game.turn_seat == "pirates"
    assert game.actors() == frozenset({"pirates", JUDGE})
    if players >= 6:
        species = [game.state.species[s] for s in game.seats if s.startswith("alien")]
        assert len(set(species)) == 2


def test_judge_assignment_and_species():
    game = ArtifactGame.new({"players": 6, "assignment": "judge"}, 5)
    assert game.phase == "assign"
    assert game.actors() == frozenset({JUDGE})
    with pytest.raises(NotYourTurn):
        game.apply("pirates", A.VoteEncryption(True))
    names = game.state.setup.names
    for name, seat in zip(names, game.seats, strict=True):
        game.apply(JUDGE, A.AssignFaction(name, seat))
    assert game.phase == "assign"  # species still open
    game.apply(JUDGE, A.AssignSpecies("alien", "hal"))
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(JUDGE, A.AssignSpecies("alien2", "hal"))
    assert game.to_json() == before
    game.apply(JUDGE, A.AssignSpecies("alien2", "bugs"))
    assert game.phase == "encryption"
    assert view_for(game, "alien2").species == "bugs"
    assert view_for(game, "alien").species == "hal"


def test_encryption_needs_everyone():
    game = ArtifactGame.new({"players": 3}, 2)
    game.apply("pirates", A.VoteEncryption(True))
    game.apply("phoneco", A.VoteEncryption(False))
    game.apply("scientist", A.VoteEncryption(True))
    assert game.state.encryption is False
    assert game.phase == "purchase"


@pytest.mark.parametrize(
    ("seat", "order", "why"),
    [
        ("pirates", A.Customize("", ("lichter",), (("loot", "eastwood"),)), "pick exactly"),
        ("scientist", A.Customize("", (), (("artifact", ""), ("rpp7", "mccray"))),
         "price list"),
        ("scientist", A.Customize("", (), (("artifact", ""),) + (("pistol", "slavin"),) * 5),
         "at most 4"),
        ("scientist", A.Customize("", (), (("artifact", ""), ("sailmaker_reconbot", ""),
                                           ("sailmaker_reconbot", ""), ("sneaksuit", "mccray"),
                                           ("sneaksuit", "slavin"), ("pistol", "mccray"),
                                           ("emp_pistol", "slavin"))),
         "budget"),
        ("scientist", A.Customize("", (), (("artifact", "mccray"),)), "on the map"),
        ("scientist", A.Customize("", (), ()), "say where"),
        ("phoneco", A.Customize("spies", (), (("evidence_disk", "preuitt"),)), "choose one"),
        ("scientist", A.Customize("", (), (("artifact", ""), ("sneaksuit", "mccray"),
                                           ("sneaksuit", "mccray"))), "one suit"),
    ],
)
def test_bad_orders_are_refused_and_change_nothing(seat, order, why):
    game = _lobby()
    before = game.to_json()
    with pytest.raises(IllegalAction, match=why):
        game.apply(seat, order)
    assert game.to_json() == before


def test_suits_take_no_slot():
    game = _lobby()
    order = A.Customize("", (), (("artifact", ""), ("spacesuit", "slavin"),
                                 ("pistol", "slavin"), ("pistol", "slavin"),
                                 ("medkit", "slavin"), ("access_key", "slavin")))
    game.apply("scientist", order)
    assert game.state.orders["scientist"].cost == 3 + 2 + 2 + 2 + 2


def test_orders_stay_private():
    game = _lobby()
    for seat, order in example_orders().items():
        game.apply(seat, order)
    view = view_for(game, "pirates")
    text = canonical_json(view)
    assert "emp_pistol" not in text and "gmen" not in text and "geiger" not in text
    assert view.order.cost == 32
    judge = canonical_json(view_for(game, JUDGE))
    assert "gmen" in judge and "rng" not in json.loads(judge)["state"]


def test_example_game_setup_and_conflict_check():
    game, log = example_game(seed=11)
    assert game.phase == "play" and game.turn_seat == "pirates"
    state = game.state
    assert state.characters["kyoshi"].suit is not None
    informant = [c for c in state.characters.values() if c.informant_of == "phoneco"]
    assert len(informant) == 1 and informant[0].seat == "pirates"
    assert informant[0].sheet != "eastwood"
    pirate_view = canonical_json(view_for(game, "pirates"))
    assert "informant_of" not in pirate_view and "phoneco" not in pirate_view.split("seats")[0]
    assert view_for(game, "pirates").informants == {}
    assert view_for(game, "phoneco").informants
    # replay from setup, seed and log gives the same bytes
    again = replay(example_setup(), 11, log)
    assert again.to_json() == game.to_json()
    # save and load
    loaded = ArtifactGame.from_dict(json.loads(game.to_json()))
    assert loaded.to_json() == game.to_json()


def test_judge_conflict_check_returns_a_seat():
    game = _lobby(players=3, seed=4)
    orders = example_orders()
    for seat in game.seats:
        game.apply(seat, orders[seat])
    assert game.phase == "place"
    # both put a character into Stateroom 2
    plan = game.plan
    pirates_places = []
    for char in game.own_characters("pirates"):
        pirates_places.append((char.id, 16, 5, "N") if len(pirates_places) < 4 else
                              (char.id, 17, 5, "N"))
    game.apply("pirates", A.PlaceForces(tuple(pirates_places)))
    osorio = ("osorio", 6, 19, "W")
    preuitt = ("preuitt", 7, 20, "W")
    game.apply("phoneco", A.PlaceForces((osorio, preuitt)))
    sci = []
    for char in game.own_characters("scientist"):
        spot = (8, 21) if char.sheet != "recon_bot_mccray" else (9, 32)
        sci.append((char.id, *spot, "N"))
    for item in game.state.items.values():
        if item.owner == "scientist" and item.holder is None:
            sci.append((item.id, 1, 23, "N"))
    game.apply("scientist", A.PlaceForces(tuple(sci)))
    assert game.phase == "judge_check"
    assert ["Stateroom 2", "phoneco", "scientist"] in game.placement_conflicts()
    with pytest.raises(IllegalAction, match="share a space"):
        game.apply(JUDGE, A.StartPlay())
    game.apply(JUDGE, A.ReturnPlacement("scientist", "Someone is already there."))
    assert game.phase == "place" and game.actors() == frozenset({"scientist"})
    assert view_for(game, "scientist").notices[-1].about["note"] == "Someone is already there."
    assert plan.space_name(plan.sq(8, 21)) == "Stateroom 2"


def test_action_dicts_are_strict():
    assert A.action_from_dict(A.Move("kyoshi", "jog", ((16, 6),), "S").to_dict()) == A.Move(
        "kyoshi", "jog", ((16, 6),), "S")
    for bad in ({"type": "fly"}, {"type": "move", "character": 3, "mode": "jog", "path": [],
                                  "facing": "N"},
                {"type": "move", "character": "k", "mode": "jog", "path": [[1]],
                 "facing": "N"},
                {"type": "end_turn", "extra": 1}, [], {"type": "place_robot", "robot": "x",
                                                       "x": True, "y": 1}):
        with pytest.raises(InvalidAction):
            A.action_from_dict(bad)
    game, _log = example_game(seed=2)
    before = game.to_json()
    with pytest.raises(InvalidAction):
        game.apply("pirates", {"type": "move", "character": "kyoshi"})
    assert game.to_json() == before


@pytest.mark.parametrize("bad", [{"pirates": "orlov"}, {"phoneco": "eastwood"},
                                 {"phoneco": "nobody"}, ["orlov"], {"phoneco": 3},
                                 {"phoneco": "mccray"}])
def test_setup_informants_name_a_pirate_for_a_phone_company_seat(bad):
    with pytest.raises(ArtifactError, match="informants"):
        ArtifactGame.new({"players": 4, "informants": bad}, 1)
    game = ArtifactGame.new({"players": 4, "informants": {"phoneco": "yee"}}, 1)
    assert game.state.setup.informants == {"phoneco": "yee"}


def test_saves_and_replays_name_their_data_files():
    """A save records every data file it was played with (name and hash); loading it or
    replaying its log with other data is refused in one line naming the file."""
    game, log = example_game(seed=11)
    saved = game.to_dict()
    assert saved["data"] == data_fingerprint()
    assert set(saved["data"]) >= {"deck.toml", "equipment.toml", "factions.toml",
                                  "feynman.map", "weapons.toml"}
    assert all(h.startswith("sha256:") and len(h) == 71 for h in saved["data"].values())
    assert ArtifactGame.from_dict(saved).to_json() == game.to_json()
    other = dict(saved, data=dict(saved["data"], **{"factions.toml": "sha256:" + "1" * 64}))
    with pytest.raises(SaveError) as refused:
        ArtifactGame.from_dict(other)
    assert "factions.toml changed" in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(SaveError, match="does not say which data files"):
        ArtifactGame.from_dict(dict(saved, data={}))
    assert replay(example_setup(), 11, log, data=saved["data"]).to_json() == game.to_json()
    with pytest.raises(SaveError, match="factions.toml changed"):
        replay(example_setup(), 11, log, data=other["data"])


def test_forces_draw_the_same_counter_tokens_as_ever():
    """A game is its setup, seed and action log: the counters' tokens drawn when the
    forces are built are pinned, so a save made before any change to how they are
    drawn replays to the same game."""
    game = ArtifactGame.new({"players": 3, "assignment": "random"}, 5)
    while game.phase != "place":
        seat = sorted(game.actors())[0]
        game.apply(seat, game.legal_actions(seat)[0])
    s = game.state
    assert {c.id: c.token for c in s.characters.values()} == {
        "colovisto": "td76d4330", "doc_bot": "te6a16a3b", "eastwood": "tbde5c099",
        "handler_bot": "t3fc1ea36", "hernandez": "tcb91ce37", "kyoshi": "tb0c11fde",
        "lichter": "t5bc8fbbc", "mccray": "t77330bdb", "mendez": "tf1446bea",
        "osorio": "t87b0b125", "preuitt": "t076ce2ef", "robertson": "ta6eb8c9e",
        "securi_bot": "t0d464138", "slavin": "tc6a53877", "tech_bot": "ta6233255",
        "yee": "tbd69fe29"}
    assert sorted((i.type, i.token) for i in s.items.values()) == [
        ("artifact", "tf17fd374"), ("evidence_disk", "td7210dff"),
        ("flashlight", "t1cfb10f6"), ("loot", "tec1d7da0"), ("medkit", "t3f1f65a8"),
        ("pistol", "t2827688d"), ("spacesuit", "t5f2dd97f"), ("spacesuit", "t7814e8a2"),
        ("thruster_pack", "tde527100"), ("welding_torch", "t617959ce")]
