"""The rulebook's Example of Play, turns 1 to 4: every narrated action, in order, with what
each seat sees.

The ``played`` fixture plays the four turns as the book tells them for the Pirates, the
Phone Co. and the Mad Scientist's moves; the Computer Operations of turn 1 and 2 (hacking,
the Geiger counter, McCray's snoop), HAL's turns (its security actions, the Docbot and the
other robots, the RAM marker), the Global Updates and the Judge's word in the Negotiations
are their own tests, each played from the same start to its place in the story, so that
each reads alone."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import computer, sightings
from game.artifact.codec import canonical_json, to_plain
from game.artifact.engine import replay
from game.artifact.errors import IllegalAction
from game.artifact.example import example_game, example_setup
from game.artifact.interdiction import HATCH_REASON_INTERLOCK
from game.artifact.movement import check_path, path_to
from game.artifact.seats import JUDGE
from game.artifact.state import ItemCounter
from game.artifact.views import view_for
from tests.artifact.dice_tools import force_dice

#: The scenario's data names Orlov as the G-men's informant whatever the seed; with seed 9
#: the first die rolled in play (Orlov's blow, Phone Co. Turn 3) is the book's 2.
SEED = 9


def _move(game, seat, cid, mode, path, facing):
    events = game.apply(seat, A.Move(cid, mode, tuple(path), facing))
    char = game.state.characters[cid]
    reasons = [e.data["reason"] for e in events if e.kind == "interdiction"]
    return game.plan.xy(char.square), reasons


def _plan(game, seat, cid, mode, path, facing):
    return check_path(view_for(game, seat), cid, mode, path, facing, game.plan)


def _end(game, *seats):
    for seat in seats:
        assert game.turn_seat == seat
        game.apply(seat, A.EndTurn())


@pytest.fixture(scope="module")
def played():
    """Play turns 1-4; return the game, log and what was observed along the way."""
    game, log = example_game(SEED)
    seen: dict = {}

    def mv(seat, cid, mode, path, facing):
        action = A.Move(cid, mode, tuple(path), facing)
        before = game.to_json()
        result = _move(game, seat, cid, mode, path, facing)
        log.append((seat, action))
        assert game.to_json() != before
        return result

    def act(seat, action):
        events = game.apply(seat, action)
        log.append((seat, action))
        return events

    assert [c.id for c in game.state.characters.values()
            if c.informant_of == "phoneco"] == ["orlov"]
    # ---- Pirate Turn 1: Yee waits at the cutter's airlock door -------------------------
    seen["yee_0"] = _where(game, "yee")
    seen["eastwood"] = mv("pirates", "eastwood", "run", [(15, 2), (15, 1)], "E")
    seen["kyoshi_plan_1"] = _plan(game, "pirates", "kyoshi", "jog", [(16, 6)], "S")
    seen["kyoshi_1"] = mv("pirates", "kyoshi", "jog", [(16, 6)], "S")
    for cid in ("colovisto", "lichter", "mendez"):
        seen[cid + "_1"] = mv("pirates", cid, "jog", [(16, 6), (16, 7)], "S")
    seen["robertson_1"] = mv("pirates", "robertson", "jog", [(17, 6), (17, 7)], "S")
    seen["yee_1"] = _where(game, "yee")
    seen["phoneco_before_update_1"] = view_for(game, "phoneco")
    act("pirates", A.EndTurn())
    # ---- Phone Co. Turn 1: the Situation Update tells where the informant is ------------
    seen["phoneco_initial_1"] = view_for(game, "phoneco")
    seen["cabin_1"] = {game.plan.xy(q) for q in game.plan.region("Cutter Cabin")}
    seen["orlov_sees_1"] = {game.plan.xy(q) for q in sightings.observer_fov(
        game.state, game.plan, game.sheets, game.state.characters["orlov"], frozenset())}
    seen["pirates_at_1"] = {cid: game.plan.xy(game.state.characters[cid].square)
                            for cid in ("eastwood", "yee", "kyoshi", "colovisto", "lichter",
                                        "mendez", "robertson")}
    # (Phone Co.'s hacking and Geiger counter, McCray's snoop and HAL's four security
    # actions are their own tests below, from the same start.)
    for seat in ("phoneco", "scientist", "alien"):
        act(seat, A.EndTurn())
    # ---- Pirate Turn 2 -------------------------------------------------------------------
    # Initial Map Update: Orlov at the controls sees the Command Pod bubble through the
    # windshield (nobody is in it); Eastwood in the turret sees the reconbot on the ring.
    seen["pirates_initial_2"] = view_for(game, "pirates").map.counters
    # He decides not to blast it, not knowing whose it is: the cannon could.
    seen["cannon_at_bot"] = [a for a in game.legal_actions("pirates")
                             if isinstance(a, A.FireCannon) and a.character == "eastwood"
                             and a.target in seen["pirates_initial_2"]]
    orlov = game.state.characters["orlov"]
    seen["orlov_sees"] = {game.plan.space_name(sq) for sq in sightings.observer_fov(
        game.state, game.plan, game.sheets, orlov, frozenset())}
    seen["kyoshi_plan_2"] = _plan(game, "pirates", "kyoshi", "jog", [(16, 7)], "W")
    seen["kyoshi_2"] = mv("pirates", "kyoshi", "jog", [(16, 7)], "W")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="thruster"):
        game.apply("pirates", A.Move("colovisto", "jog", ((16, 7),), "N"))
    seen["colovisto_refused_unchanged"] = game.to_json() == before
    seen["colovisto_plan_2"] = _plan(game, "pirates", "colovisto", "jog", [(16, 7)], "E")
    seen["colovisto_2"] = mv("pirates", "colovisto", "jog", [(16, 7)], "E")
    mv("pirates", "lichter", "jog", [(16, 7), (17, 7)], "E")
    mv("pirates", "mendez", "jog", [(16, 7), (17, 8)], "E")
    mv("pirates", "robertson", "jog", [(17, 7)], "E")
    # Intending to cover the corridor after they leave, Yee enters the cutter airlock.
    seen["yee_2"] = mv("pirates", "yee", "walk", [(16, 5)], "S")
    act("pirates", A.EndTurn())
    # ---- Phone Co. Turn 2: Osorio jogs 4 to the door of Stateroom 1 ------------------------
    seen["phoneco_before"] = [c.counter for c in
                              view_for(game, "phoneco").map.counters.values()]
    seen["osorio_plan"] = _plan(game, "phoneco", "osorio", "jog",
                                [(5, 19), (4, 20), (4, 21), (3, 21)], "W")
    seen["osorio"] = mv("phoneco", "osorio", "jog", [(5, 19), (4, 20), (4, 21), (3, 21)], "W")
    seen["phoneco_after"] = view_for(game, "phoneco").map.counters
    act("phoneco", A.EndTurn())
    # ---- Mad Scientist Turn 2: McCray runs to Expeditionary Equipment, Slavin jogs to the
    # lab segment hatch ---------------------------------------------------------------------
    seen["mccray_run"] = mv("scientist", "mccray", "run", [(12, 7), (12, 8), (12, 9)], "S")
    seen["mccray_blind"] = game.state.characters["mccray"].blind
    mv("scientist", "slavin", "jog", [(12, 7), (13, 7)], "S")
    # The reconbot runs straight towards Preuitt: off the ring at its rim and on again by
    # the half of the ring where Stateroom 15 is, the ring turning it past.
    seen["reconbot_2"] = mv("scientist", "recon_bot_mccray", "run",
                            [(20, 15), (11, 36), (11, 37), (11, 38), (11, 39)], "S")
    act("scientist", A.EndTurn())
    act("alien", A.EndTurn())
    # ---- Pirate Turn 3: three pirates reach the hub hatch with 1 MP left --------------------
    for cid, path in (("lichter", [(18, 7), (19, 7)]), ("mendez", [(18, 7), (19, 7)]),
                      ("robertson", [(18, 7), (19, 7)])):
        plan = _plan(game, "pirates", cid, "run", path, "E")
        seen.setdefault("left_at_hatch", []).append(3 - plan.spent)
        with pytest.raises(IllegalAction, match="not enough MP"):
            game.apply("pirates", A.Move(cid, "run", tuple(path + [(20, 7)]), "E"))
        seen.setdefault("preview", []).append(
            path_to(view_for(game, "pirates"), cid, "run", (20, 7), game.plan))
        mv("pirates", cid, "run", path, "E")
    seen["kyoshi_plan_3"] = _plan(game, "pirates", "kyoshi", "run",
                                  [(17, 7), (18, 7), (19, 7)], "E")
    seen["kyoshi_3"] = mv("pirates", "kyoshi", "run", [(17, 7), (18, 7), (19, 7)], "E")
    # Four pirates fill the square by the hub hatch: Colovisto joins them next to it.
    seen["hub_square"] = sorted(cid for cid, e in view_for(game, "pirates").own.characters
                                .items() if e.square == (19, 7) and e.status == "active")
    with pytest.raises(IllegalAction) as full:
        _plan(game, "pirates", "colovisto", "run", [(17, 7), (18, 7), (19, 7)], "E")
    seen["colovisto_full"] = str(full.value)
    before = game.to_json()
    with pytest.raises(IllegalAction, match=r"full \(stacking\)"):
        game.apply("pirates", A.Move("colovisto", "run", ((17, 7), (18, 7), (19, 7)), "E"))
    seen["colovisto_refused_unchanged_3"] = game.to_json() == before
    seen["colovisto_3"] = mv("pirates", "colovisto", "run", [(17, 8), (18, 8), (19, 8)], "E")
    seen["opened_3"] = list(game.state.turn.opened)
    seen["runners_blind"] = game.state.characters["kyoshi"].blind
    seen["yee_3"] = mv("pirates", "yee", "walk", [(16, 6)], "S")  # into the Port Shuttle Lock
    act("pirates", A.EndTurn())
    # ---- Phone Co. Turn 3: the informant is activated; Osorio picks up the fake ------------
    act("phoneco", A.ActivateInformant("orlov"))
    # Orlov makes a move-then-attack against Eastwood, preoccupied in the turret: unarmed,
    # at whoever he finds there. The seed's next die is the book's 2.
    seen["pirates_before_blow"] = view_for(game, "pirates")
    seen["blow"] = act("phoneco", A.MoveThenAttack("orlov", "jog", ((15, 2), (15, 1)),
                                                   "unarmed", "normal", ((15, 1),), "W"))
    seen["eastwood_after_blow"] = game.state.characters["eastwood"].status
    seen["pirates_after_blow"] = view_for(game, "pirates")
    fake = next(i.id for i in game.state.items.values() if i.type == "fake_artifact")
    act("phoneco", A.MoveThenPickUp("osorio", "jog", ((2, 20), (1, 19)), (fake,), (), "S"))
    seen["osorio_carries"] = list(game.state.characters["osorio"].items)
    seen["fake"] = fake
    act("phoneco", A.EndTurn())
    # ---- Mad Scientist Turn 3: McCray picks up the stored pistol; Slavin walks through the
    # hatch for 1 MP --------------------------------------------------------------------------
    pistol = next(i.id for i in game.state.items.values()
                  if i.type == "pistol" and i.owner is None)
    seen["pistol_seen"] = pistol in view_for(game, "scientist").map.counters
    act("scientist", A.MoveThenPickUp("mccray", "walk", ((11, 10),), (pistol,), (), "S"))
    seen["mccray_items"] = view_for(game, "scientist").own.characters["mccray"].items
    seen["pistol"] = pistol
    seen["slavin_plan"] = _plan(game, "scientist", "slavin", "walk", [(14, 7)], "S")
    with pytest.raises(IllegalAction, match="not enough MP"):
        game.apply("scientist", A.Move("slavin", "walk", ((14, 7), (15, 7)), "S"))
    seen["slavin"] = mv("scientist", "slavin", "walk", [(14, 7)], "S")
    # The reconbot moves to the hull outside Stateroom 15, by Preuitt's terminal.
    seen["reconbot_3"] = mv("scientist", "recon_bot_mccray", "walk", [(11, 40), (11, 41)],
                            "E")
    act("scientist", A.EndTurn())
    act("alien", A.EndTurn())
    # ---- Pirate Turn 4: the telegram ---------------------------------------------------------
    seen["pirate_view_4"] = view_for(game, "pirates")
    seen["yee_4"] = mv("pirates", "yee", "walk", [(16, 5)], "S")  # back into the cutter airlock
    # Aghast, the pirate player sends his band running back down the main corridor.
    for cid in ("kyoshi", "lichter", "mendez", "robertson"):
        seen.setdefault("retreat", {})[cid] = mv("pirates", cid, "run",
                                                 [(18, 7), (17, 7), (16, 7)], "W")
    # Colovisto, facing the hub and without thrusters, backs away still facing it.
    seen["retreat"]["colovisto"] = mv("pirates", "colovisto", "run",
                                      [(18, 8), (17, 8), (16, 8)], "E")
    seen["retreat_blind"] = sorted(c.id for c in game.state.characters.values()
                                   if c.blind)
    act("pirates", A.EndTurn())
    seen["yee_final"] = _where(game, "yee")
    yee = game.state.characters["yee"].token
    seen["yee_unseen"] = [seat for seat in ("phoneco", "scientist")
                          if yee in view_for(game, seat).map.counters]
    # ---- Phone Co. Turn 4: Orlov undocks the cutter and "walks" it one square away;
    # Osorio jogs towards the Lift Shaft 2 hatch, Preuitt to meet her ----------------------
    seen["cutter_before"] = {cid: _where(game, cid) for cid in ("orlov", "eastwood", "yee")}
    seen["pilot_two"] = _refused(game, "phoneco", A.Pilot("orlov", "walk", ("N", "N"), "W"))
    seen["pilot"] = act("phoneco", A.Pilot("orlov", "walk", ("N",), "W"))
    seen["cutter_after"] = {cid: _where(game, cid) for cid in ("orlov", "eastwood", "yee")}
    view = view_for(game, "phoneco")
    osorio = path_to(view, "osorio", "jog", (5, 33), game.plan)
    seen["osorio_4"] = mv("phoneco", "osorio", "jog", osorio["path"], "S")
    view = view_for(game, "phoneco")
    preuitt = path_to(view, "preuitt", "jog", view.own.characters["osorio"].square,
                      game.plan)
    seen["preuitt_4"] = mv("phoneco", "preuitt", "jog", preuitt["path"], "N")
    bot = game.state.characters["recon_bot_mccray"].token
    seen["phoneco_sees_bot"] = bot in view_for(game, "phoneco").map.counters
    act("phoneco", A.EndTurn())
    return game, log, seen


def _refused(game, seat, action):
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert game.to_json() == before
    return str(refused.value)


def _where(game, cid):
    square = game.state.characters[cid].square
    return game.plan.xy(square), game.plan.space_name(square)


@pytest.mark.parametrize("seed", [1, 2, 3, 7, SEED])
def test_the_informant_is_the_scenarios_choice_not_the_seeds(seed):
    game, _log = example_game(seed)
    spies = [c.id for c in game.state.characters.values() if c.informant_of]
    assert spies == ["orlov"]
    notice = next(n for n in view_for(game, "phoneco").notices if n.kind == "informant")
    assert notice.about["counter"] == "Orlov"


def test_yee_waits_enters_the_cutter_airlock_goes_out_and_backtracks(played):
    _game, _log, seen = played
    assert seen["yee_0"] == seen["yee_1"] == ((16, 4), "Cutter Cabin")  # at the door, waiting
    assert seen["yee_2"] == ((16, 5), [])  # turn 2: enters the cutter airlock
    assert seen["yee_3"] == ((16, 6), [])  # turn 3: into the Port Shuttle Lock
    assert seen["yee_4"] == ((16, 5), [])  # turn 4: back into the cutter airlock ...
    assert seen["yee_final"] == ((16, 5), "Cutter Airlock")
    assert seen["yee_unseen"] == []  # ... where the other players do not know he lurks


def test_turn_3_colovisto_joins_the_rest_next_to_the_full_square(played):
    _game, _log, seen = played
    assert seen["hub_square"] == ["kyoshi", "lichter", "mendez", "robertson"]
    assert seen["colovisto_full"] == "(19, 7) is full (stacking)"
    assert seen["colovisto_refused_unchanged_3"]
    assert seen["colovisto_3"] == ((19, 8), [])  # the next square, beside the other four


def test_turn_1_interlock_stops_pirates_after_one_square(played):
    _game, _log, seen = played
    assert seen["eastwood"] == ((15, 1), [])  # in the turret, facing the stern
    assert seen["kyoshi_plan_1"].costs == (2,)  # half of jog 2 to open, 1 to enter
    assert seen["kyoshi_1"] == ((16, 6), [])
    for cid in ("colovisto", "lichter", "mendez"):
        assert seen[cid + "_1"] == ((16, 6), [HATCH_REASON_INTERLOCK])
    assert seen["robertson_1"] == ((17, 6), [HATCH_REASON_INTERLOCK])


def test_turn_2_hatch_at_half_ma_and_colovistos_facing_cost(played):
    _game, _log, seen = played
    assert seen["kyoshi_plan_2"].costs == (2,) and seen["kyoshi_plan_2"].facing_cost == 0
    assert seen["kyoshi_2"] == ((16, 7), [])
    assert seen["colovisto_refused_unchanged"]
    assert seen["colovisto_plan_2"].costs == (1,)  # the hatch is open: free for the rest
    assert seen["colovisto_plan_2"].facing_cost == 1
    assert seen["colovisto_plan_2"].spent == 2
    assert seen["colovisto_2"] == ((16, 7), [])


def test_osorio_jogs_four_and_sees_the_artifact_counter(played):
    _game, _log, seen = played
    assert seen["osorio_plan"].spent == 4
    assert seen["osorio"] == ((3, 21), [])
    assert "The Artifact" not in seen["phoneco_before"]
    placed = [c for c in seen["phoneco_after"].values() if c.counter == "The Artifact"]
    assert placed == [ItemCounter("The Artifact", (1, 19))]
    assert "fake" not in canonical_json(seen["phoneco_after"])
    assert seen["osorio_carries"] == [seen["fake"]] or seen["fake"] in seen["osorio_carries"]


def test_turn_3_three_pirates_left_at_the_closed_hatch(played):
    _game, _log, seen = played
    assert seen["left_at_hatch"] == [1, 1, 1]
    for preview in seen["preview"]:
        assert preview["stop"] == (19, 7) and preview["reason"]
    assert seen["kyoshi_plan_3"].facing_cost == 0  # suit thrusters: a free pivot
    assert seen["kyoshi_plan_3"].spent == 3
    assert seen["kyoshi_3"] == ((19, 7), [])
    assert seen["colovisto_3"] == ((19, 8), [])
    assert seen["opened_3"] == []  # the hub hatch stayed closed
    assert seen["runners_blind"]


def test_mccray_runs_blind_then_picks_up_the_stored_pistol(played):
    _game, _log, seen = played
    assert seen["mccray_run"] == ((12, 9), [])
    assert seen["mccray_blind"]
    assert seen["pistol_seen"]  # he sees again at his next situation update
    assert seen["pistol"] in seen["mccray_items"]


def test_slavin_opens_the_hatch_for_one_mp(played):
    _game, _log, seen = played
    assert seen["slavin_plan"].costs == (2,)  # 1 to open (half of walk 1) + 1 to enter
    assert seen["slavin"] == ((14, 7), [])


def test_turn_4_telegram_and_no_word_of_what_happened(played):
    _game, _log, seen = played
    view = seen["pirate_view_4"]
    telegrams = [n for n in view.notices if n.kind == "telegram"]
    assert [t.about["counter"] for t in telegrams] == ["Orlov", "Eastwood"]
    assert "orlov" not in view.own.characters
    # None of his other pirates saw the cutter: Eastwood is out of contact, neither his square
    # nor his state told (the Example's player learns nothing more).
    eastwood = view.own.characters["eastwood"]
    assert (eastwood.status, eastwood.square) == ("out_of_contact", None)
    text = canonical_json(view)
    assert "phoneco" not in canonical_json(telegrams) and "informant_" not in text
    assert view.informants == {}


def test_the_example_replays_byte_for_byte(played):
    game, log, _seen = played
    again = replay(example_setup(), SEED, log)
    assert again.to_json() == game.to_json()


def test_turn_3_orlovs_blow_from_behind_downs_eastwood(played):
    """Orlov is unarmed, Eastwood faces away from him (+1), the die shows 2: on the Unarmed
    chart's unarmoured row a 3 is Down. The attacker learns at once; the Pirate player only
    at his next turn, by telegram."""
    _game, _log, seen = played
    assert seen["eastwood_after_blow"] == "down"
    told = next(e.data for e in seen["blow"] if e.kind == "attack")
    assert told["weapon"] == "Unarmed" and told["shots"][0]["result"] == \
        "The target collapses and does not move."
    assert seen["pirates_after_blow"] == seen["pirates_before_blow"]


def test_space_armour_would_have_turned_orlovs_blow():
    """"If Eastwood had reserved some space armor for himself, that roll would have produced
    an NE result instead": the same 2 + 1 on the armoured row."""
    from game.artifact import combat_dice

    plain = combat_dice.damage("unarmed", "none", 2,
                               modifiers=combat_dice.close_modifiers(from_behind=True))
    armoured = combat_dice.damage(
        "unarmed", combat_dice.armour_row("human", "none", "space_armour"), 2,
        modifiers=combat_dice.close_modifiers(from_behind=True))
    assert (plain.effect.code, armoured.effect.code) == ("D", "NE")


def test_turn_2_orlov_watches_the_command_pod_bubble_and_eastwood_spots_the_reconbot(played):
    game, log, seen = played
    assert "Command Pod" in seen["orlov_sees"]  # through the windshield, over the hull
    counters = seen["pirates_initial_2"]
    assert [c.counter for c in counters.values()] == ["Recon Bot (McCray)"]
    # "He decides not to blast it this turn": the turret's cannon could have, and he ends
    # his turn without firing
    assert {a.mode for a in seen["cannon_at_bot"]} == {"anti_personnel"}
    assert not [a for _s, a in log if isinstance(a, A.FireCannon)]
    bot = next(iter(counters.values()))
    assert game.plan.terrain[game.plan.sq(*bot.square)] == "space"  # on the ring's outside
    assert not any(game.plan.space_name(game.plan.sq(*c.square)) == "Command Pod"
                   for c in counters.values())  # no activity in the bubble


def test_the_reconbot_runs_towards_preuitt_and_clings_outside_stateroom_15(played):
    game, _log, seen = played
    assert seen["reconbot_2"] == ((11, 39), [])
    assert seen["reconbot_3"] == ((11, 41), [])
    plan = game.plan
    bot = game.state.characters["recon_bot_mccray"]
    assert bot.eva == "ring"
    x, y = plan.xy(bot.square)
    beside = {plan.space_name(plan.sq(x + dx, y + dy)) for dx, dy in ((1, 0), (-1, 0))}
    assert beside == {"Stateroom 15", ""}  # the stateroom's outer wall, and space


def test_turn_4_the_pirate_band_runs_back_down_the_main_corridor(played):
    game, _log, seen = played
    retreat = seen["retreat"]
    assert {cid: where for cid, where in retreat.items()} == {
        "kyoshi": ((16, 7), []), "lichter": ((16, 7), []), "mendez": ((16, 7), []),
        "robertson": ((16, 7), []), "colovisto": ((16, 8), [])}
    assert game.state.characters["colovisto"].facing == "E"
    assert seen["retreat_blind"] == ["colovisto", "kyoshi", "lichter", "mendez", "robertson"]


def test_turn_4_orlov_undocks_the_cutter_and_flies_it_one_square_away(played):
    game, _log, seen = played
    # the cutter walks 1 - 1 = 0 squares, but a mover always enters one square
    assert seen["pilot_two"] == "the Pirate cutter moves 1 a turn at that rate"
    # the pilot is told at once; the pirates, whose Eastwood and Yee are aboard, at their
    # next Situation Update
    assert [(e.kind, e.audience[0]) for e in seen["pilot"]] == [("ship_moved", "phoneco"),
                                                                ("ship_moved", "pirates")]
    assert [n.kind for n in game.state.pending["pirates"]][-1:] == ["ship_moved"]
    before, after = seen["cutter_before"], seen["cutter_after"]
    for cid in ("orlov", "eastwood", "yee"):  # everyone aboard goes with it
        (x, y), space = before[cid]
        assert after[cid] == ((x, y - 1), space)
    ship = game.state.ships["cutter"]
    assert not ship.docked and game.plan.xy(ship.square) == (14, 1)
    plan = game.plan
    outer = next(h for h in plan.hatches if h.name == "Port Lock Outer Hatch")
    (a, b), = {tuple(sorted(e)) for e in outer.edges[:1]}
    assert plan.terrain[a] == "space"  # the port lock's outer hatch opens on space now


def test_turn_4_the_technicians_jog_and_preuitt_never_sees_the_reconbot(played):
    game, _log, seen = played
    (x, y), reasons = seen["osorio_4"]
    assert reasons == [] and y > 19  # down Ring Corridor 1 towards the lift 2 hatch
    assert game.plan.space_name(game.plan.sq(x, y)).startswith("Ring Corridor")
    (_px, py), reasons = seen["preuitt_4"]
    assert reasons == [] and py < 42  # away from his terminal, towards his partner
    assert seen["phoneco_sees_bot"] is False  # the robot at work behind him
# ---- Computer Operations and the special areas in the Example of Play ----------------------------
def test_example_hacking_geiger_report_and_snoop():
    """Phone Co. Turn 1: Preuitt's hacking roll at his minor terminal is a 5, too low;
    Osorio's Geiger counter puts the Artifact's signature in her segment, in front of her.
    Mad Scientist Turn 1: McCray, at a terminal with the marker, hears of the attempt from
    Stateroom 15 at his Initial Map Update and snoops the ring segment holding the Artifact.
    Phone Co. Turn 2: a 4, another failure; at a major terminal either roll would do."""
    game, _log = example_game(SEED)
    game.apply("pirates", A.EndTurn())
    force_dice(game, 5)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    geiger = next(i for i in game.state.characters["osorio"].items
                  if game.state.items[i].type == "geiger_counter")
    game.apply("phoneco", A.UseEquipment("osorio", geiger, "", "W"))
    notices = {n.kind: n.about for n in game.state.notices["phoneco"]}
    assert (notices["hack"]["roll"], notices["hack"]["success"]) == (5, False)
    assert (notices["geiger"]["segment"], notices["geiger"]["directions"]) == (
        "Ring Segment 1", ["in front"])
    game.apply("phoneco", A.EndTurn())
    report = [n for n in game.state.notices["scientist"] if n.kind == "computer_report"][-1]
    assert report.about["hacks"] == [{"space": "Stateroom 15", "success": False, "round": 1}]
    artifact = next(i for i in game.state.items.values() if i.type == "artifact")
    segment = game.plan.segment_name(artifact.square)
    assert segment == "Ring Segment 1"
    game.apply("scientist", A.SecurityAction("mccray", "snoop", segment, "", "S"))
    known = view_for(game, "scientist").map
    assert artifact.token in {**known.counters, **known.last_known}
    game.apply("scientist", A.EndTurn())
    game.apply("alien", A.EndTurn())
    game.apply("pirates", A.EndTurn())
    force_dice(game, 4)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    assert game.state.systems.control == "mccray"
    assert all(roll + computer.MAJOR_BONUS >= computer.HACK_TARGET for roll in (5, 4))


def test_example_the_docbot_woken_and_jogged_into_the_hall():
    """HAL Turn 2: one security action wakes the Docbot, which jogs into the hall and
    stops outside the Machine Shop in the same turn. (In the book HAL commands it as the
    ship's computer; here the controller McCray does, after a snoop of the Biolab's
    segment puts the robots on his map.)"""
    game, _log = example_game(SEED)
    for seat in ("pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    game.apply("scientist", A.SecurityAction("mccray", "snoop", "Lab Segment", "", "S"))
    for seat in ("scientist", "alien", "pirates", "phoneco"):
        game.apply(seat, A.EndTurn())
    docbot = game.state.characters["doc_bot"]
    game.apply("scientist", A.CommandRobot("mccray", docbot.token, "S"))
    assert (docbot.seat, docbot.status) == ("scientist", "active")
    found = path_to(view_for(game, "scientist"), "doc_bot", "jog", (17, 8), game.plan)
    game.apply("scientist", A.Move("doc_bot", "jog", tuple(found["path"]), "N"))
    assert game.plan.xy(docbot.square) == (17, 8)
    assert game.plan.space_name(game.plan.sq(17, 9)) == "Machine Shop"


def _others(game) -> dict:
    """Every seat's view but HAL's, in plain form."""
    return {seat: canonical_json(to_plain(view_for(game, seat)))
            for seat in game.seats if seat != "alien"}


def test_example_hals_turns_snoops_the_docbot_and_the_ram_marker():
    """HAL Turn #1: four security actions video-scan the right half of the ring. HAL Turn #2:
    one wakes the Docbot, which jogs into the hall outside the Machine Shop, and the other
    three snoop the left half of the ring. HAL Turn #3: the RAM marker moves to the Command
    Pod. HAL is the computer: it also hears of Preuitt's failed hack at its own update.
    None of it changes what another seat's view shows (nobody sees the Docbot go)."""
    game, _log = example_game(SEED)
    assert view_for(game, "alien").alien.ram == (11, 5)  # placed in the Computer Room
    assert game.plan.space_name(game.plan.sq(11, 5)) == "Computer Room"
    game.apply("pirates", A.EndTurn())
    force_dice(game, 5)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    for seat in ("phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    # ---- HAL Turn #1 -------------------------------------------------------------------
    report = [n for n in view_for(game, "alien").notices if n.kind == "computer_report"]
    assert report[-1].about["hacks"] == [{"space": "Stateroom 15", "success": False,
                                          "round": 1}]
    before = _others(game)
    right = ["Ring Segment 4", "Ring Segment 5", "Ring Segment 6", "Ring Segment 7"]
    for segment in right:
        game.apply("alien", A.SecurityAction("hal", "snoop", segment, "", "N"))
    with pytest.raises(IllegalAction, match="4 security actions"):
        game.apply("alien", A.SecurityAction("hal", "snoop", "Ring Segment 1", "", "N"))
    hal_map = view_for(game, "alien").map
    known = {**hal_map.counters, **hal_map.last_known}  # seen by the cameras a moment
    preuitt = game.state.characters["preuitt"]
    assert known[preuitt.token].square == game.plan.xy(preuitt.square)
    assert game.plan.space_name(preuitt.square) == "Stateroom 15"
    assert game.state.characters["osorio"].token not in known  # the left half
    assert _others(game) == before
    game.apply("alien", A.EndTurn())
    for seat in ("pirates", "phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    # ---- HAL Turn #2 -------------------------------------------------------------------
    before = _others(game)
    docbot = game.state.characters["doc_bot"]
    game.apply("alien", A.AlienPower("hal", "command_robot", target=docbot.token))
    found = path_to(view_for(game, "alien"), "doc_bot", "jog", (17, 8), game.plan)
    game.apply("alien", A.Move("doc_bot", "jog", tuple(found["path"]), "N"))
    assert game.plan.xy(game.state.characters["doc_bot"].square) == (17, 8)
    for segment in ("Ring Segment 1", "Ring Segment 2", "Ring Segment 3"):
        game.apply("alien", A.SecurityAction("hal", "snoop", segment, "", "N"))
    hal_map = view_for(game, "alien").map
    known = {**hal_map.counters, **hal_map.last_known}
    assert game.state.characters["osorio"].token in known
    artifact = next(i for i in game.state.items.values() if i.type == "artifact")
    assert artifact.token in known  # under the sink in Head A
    assert "doc_bot" in view_for(game, "alien").own.characters
    assert _others(game) == before
    game.apply("alien", A.EndTurn())
    for seat in ("pirates", "phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    # ---- HAL Turn #3: the RAM marker to the Command Pod ----------------------------------
    before = _others(game)
    game.apply("alien", A.AlienPower("hal", "move_ram", target="Command Pod"))
    ram = view_for(game, "alien").alien.ram
    assert game.plan.space_name(game.plan.sq(*ram)) == "Command Pod"
    assert _others(game) == before
    game.apply("alien", A.EndTurn())
    for seat in game.seats:
        if seat != "alien":
            assert "RAM" not in canonical_json(to_plain(view_for(game, seat)))


# ---- the Global Updates, the Negotiations, HAL Turn #3's robots, the informant ----------

def test_example_global_updates_of_turn_1_bring_nobody_any_word():
    """Global Updates after HAL Turn #1: "Nothing interesting happens" -- no countdown, no
    announcement, nothing for any seat; the next round starts with the Pirates."""
    game, _log = example_game(SEED)
    for seat in ("pirates", "phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    told = {seat: len(game.state.notices[seat]) for seat in game.seats}
    game.apply("alien", A.EndTurn())  # HAL quiescent; then the Global Updates
    assert {seat: len(game.state.notices[seat]) for seat in game.seats} == told
    assert game.turn_seat == "pirates" and game.round == 2


def test_example_negotiations_the_judge_tells_the_professor_where_the_technicians_are():
    """Negotiations after Pirate Turn #2: the Judge (for HAL) tells the Mad Scientist where
    the two technicians are, in private: only the Professor's seat hears it."""
    game, _log = example_game(SEED)
    for seat in ("pirates", "phoneco", "scientist", "alien", "pirates"):
        game.apply(seat, A.EndTurn())
    where = {cid: game.plan.space_name(game.state.characters[cid].square)
             for cid in ("osorio", "preuitt")}
    text = f"The technicians are in {where['osorio']} and {where['preuitt']}."
    before = {seat: view_for(game, seat) for seat in ("pirates", "phoneco", "alien")}
    game.apply(JUDGE, A.JudgeMessage("scientist", text))
    heard = [n for n in view_for(game, "scientist").notices if n.kind == "judge"]
    assert [n.about["text"] for n in heard] == [text]
    assert {seat: view_for(game, seat) for seat in before} == before


def _hal_turn_2(game):
    """Play to HAL Turn #2: one security action wakes the Docbot, which jogs into the hall
    and stops outside the Machine Shop; the three left snoop the left half of the ring."""
    for seat in ("pirates", "phoneco", "scientist", "alien", "pirates", "phoneco",
                 "scientist"):
        game.apply(seat, A.EndTurn())
    hal = next(c for c in game.state.characters.values() if c.sheet == "hal")
    docbot = game.state.characters["doc_bot"]
    game.apply("alien", A.AlienPower(hal.id, "command_robot", target=docbot.token))
    found = path_to(view_for(game, "alien"), "doc_bot", "jog", (17, 8), game.plan)
    game.apply("alien", A.Move("doc_bot", "jog", tuple(found["path"]), docbot.facing))
    for segment in ("Ring Segment 1", "Ring Segment 2", "Ring Segment 3"):
        game.apply("alien", A.SecurityAction(hal.id, "snoop", segment, "", "N"))
    return hal, docbot


def test_example_hal_turn_3_the_docbot_cannot_open_the_hatch_and_the_robots_wait():
    """HAL Turn #3: the Docbot runs down the corridor towards McCray but, with the hatch
    costing half its MA, has too few MP left to open the lab segment hatch, which stays
    shut; the rest of the robots are woken (three more security actions) where they stand,
    by the Biolab door, ready to follow McCray and Slavin; nobody else learns of it."""
    game, _log = example_game(SEED)
    hal, docbot = _hal_turn_2(game)
    for seat in ("alien", "pirates", "phoneco", "scientist"):
        game.apply(seat, A.EndTurn())
    others = {seat: view_for(game, seat) for seat in ("pirates", "phoneco", "scientist")}
    run = path_to(view_for(game, "alien"), "doc_bot", "run", (13, 7), game.plan)
    path = tuple(tuple(p) for p in run["path"])
    assert run["stop"] == (14, 7) and run["cost"] == 3  # 2 of its 5 MP left at the hatch
    assert "not enough MP" in _refused(game, "alien",
                                       A.Move("doc_bot", "run", path + ((13, 7),),
                                              docbot.facing))
    game.apply("alien", A.Move("doc_bot", "run", path, docbot.facing))
    assert game.plan.xy(game.state.characters["doc_bot"].square) == (14, 7)
    assert game.state.turn.opened == []  # the hatch stays shut
    door = (15, 9)  # the Biolab's side of its door on the lab corridor
    for robot in ("handler_bot", "tech_bot", "securi_bot"):
        bot = game.state.characters[robot]
        game.apply("alien", A.AlienPower(hal.id, "command_robot", target=bot.token))
        assert (bot.seat, bot.status, bot.controlled_by) == ("alien", "active", hal.id)
        x, y = game.plan.xy(bot.square)
        assert max(abs(x - door[0]), abs(y - door[1])) <= 1
        assert game.plan.space_name(bot.square) == "Biolab"
    assert sum(1 for u in game.state.aliens["alien"].used if u.endswith("command_robot")) == 3
    assert {seat: view_for(game, seat) for seat in others} == others


def _in_cabin(seen, view):
    return sorted(c.counter for c in view.map.counters.values() if c.square in seen["cabin_1"])


def test_turn_1_phone_co_hears_where_its_informant_is(played):
    """Phone Co. Turn #1: the Situation Update describes the informant's situation, "with
    Eastwood and Yee in the pirate vessel". The informant is Orlov, at the cutter's controls
    facing the windshield, his back to Eastwood in the turret and Yee at the airlock door;
    he reports what he sees and, without looking, the comrades who share the cabin with him,
    where they are."""
    game, _log, seen = played
    view = seen["phoneco_initial_1"]
    assert [e.counter for e in view.informants.values()] == ["Orlov"]
    token = view.informants["orlov"].token
    orlov = view.map.counters[token]
    assert orlov.square in seen["cabin_1"]
    assert orlov.facing == "W"
    assert _in_cabin(seen, view) == ["Eastwood", "Orlov", "Yee"]
    where = {c.counter: (c.square, c.facing) for c in view.map.counters.values()}
    assert where["Eastwood"] == ((15, 1), "E")  # in the turret, facing the stern
    assert where["Yee"] == ((16, 4), "S")  # at the airlock door
    # behind his back: he knows them for sharing the cabin, not by sight
    assert not {seen["pirates_at_1"][c] for c in ("eastwood", "yee")} & seen["orlov_sees_1"]
    assert "orlov" not in view.own.characters  # he informs; the Pirates still run him


def test_turn_1_pirates_outside_the_cabin_stay_unknown_to_phone_co(played):
    """The comrades Orlov neither sees nor shares the cabin with -- the assault team in the
    Port Shuttle Lock and the corridor -- are not on the G-men's map."""
    _game, _log, seen = played
    view = seen["phoneco_initial_1"]
    shown = {c.counter for c in view.map.counters.values()}
    for cid in ("kyoshi", "colovisto", "lichter", "mendez", "robertson"):
        assert seen["pirates_at_1"][cid] not in seen["orlov_sees_1"] | seen["cabin_1"]
    assert shown == {"Eastwood", "Orlov", "Yee"}


def test_turn_1_phone_co_learns_the_cabin_only_at_its_initial_map_update(played):
    """During the Pirates' turn, Eastwood already in the turret and Yee at the door, the
    G-men's map holds nothing: the informant reports at its master's map update only."""
    _game, _log, seen = played
    assert seen["phoneco_before_update_1"].map.counters == {}
    assert _in_cabin(seen, seen["phoneco_initial_1"]) == ["Eastwood", "Orlov", "Yee"]
