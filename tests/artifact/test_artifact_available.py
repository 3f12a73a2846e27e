"""``available_actions`` on a seat's own view agrees with the engine: what it offers is
legal, what it closes is refused, and every legal action of the engine's list is offered."""

from __future__ import annotations

import contextlib
import random

import pytest

from game.artifact import actions as A
from game.artifact import aliens, hazards, odds, square_picks
from game.artifact.available import available_actions
from game.artifact.engine import ArtifactGame
from game.artifact.errors import ArtifactError
from game.artifact.example import example_game
from game.artifact.movement import path_to, reachable
from game.artifact.seats import JUDGE
from game.artifact.views import view_for

from .arrange import fights, power_down
from .secrecy_tools import start_game, to_seat

FACINGS = "NESW"


def _concrete(view, game, option, entry):
    """The option as a whole engine action (a path for moves, the current facing)."""
    action = dict(option.action)
    kind = action["type"]
    if kind == "end_turn":
        return action
    if kind in ("activate_informant", "set_informant_condition", "transfer_control"):
        return action
    facing = action.pop("facing", entry.facing)  # a cover option names the facing it needs
    if option.key.partition(":")[0] in SQUARE_PICKS:  # aimed on the map: its first square
        know = odds.SeatKnowledge(view)
        pick = square_picks.pick_for(know, action["character"], option.key)
        if pick is not None and pick.targets:
            action = {**pick.action_at(next(iter(pick.targets))), "facing": facing}
            return action
    if kind == "alien_power" and action["power"] in ("drift", "illusion"):
        # the square is picked on the map: the first one the engine's check passes
        tries = [a for a in aliens.candidates(view, action["character"], game.plan,
                                              game.sheets)
                 if a.power == action["power"] and a.look == action.get("look", "")
                 and aliens.view_problem(view, a, game.plan, game.sheets) is None]
        action["path"] = [list(xy) for xy in tries[0].path] if tries else []
    if kind == "move" and "path" not in action:
        targets = sorted(reachable(view, action["character"], action["mode"], game.plan))
        if targets:
            found = path_to(view, action["character"], action["mode"], targets[0], game.plan)
            action["path"] = found["path"]
        else:
            action["path"] = []
    elif kind == "move":  # turn in place: a quarter turn
        facing = FACINGS[(FACINGS.index(facing) + 1) % 4]
    action["facing"] = facing
    return action


#: Bar options whose action is completed on the map (a path, then a target): their odds
#: are checked against the engine in ``test_artifact_odds``.
ON_THE_MAP = ("move_then_attack",)
#: Bar options aimed at a square picked on the map (gas, a flashlight, the cannon).
SQUARE_PICKS = ("gas", "light", "cannon")
#: The bar's combat options, by the kind their key starts with.
COMBAT_KINDS = ("attack", "move_then_attack", "opportunity_fire", "unjam", "medic", "medkit",
                "plasma", "place", "repair", "carry", "put_down", *SQUARE_PICKS)


def _option_of(action: A.Action, game=None) -> str:
    """The bar's option that leads to ``action`` (a move-then-pick-up is offered once its
    move is chosen, so by the move's mode)."""
    if game is not None and isinstance(action, A.Attack) and hazards.gas_arm(
            game, game.state.characters[action.character], action.weapon) is not None:
        return f"gas:{action.weapon}"
    if isinstance(action, A.FireCannon):
        return f"cannon:{action.mode}"
    if (game is not None and isinstance(action, A.UseEquipment)
            and game.state.items[action.item].type == "flashlight"):
        return f"light:{action.item}"
    if isinstance(action, A.Move):
        return action.mode if action.path else "turn"
    if isinstance(action, A.MoveThenPickUp):
        return action.mode if action.path else "turn"
    if isinstance(action, A.CheckStatus):
        return f"check:{action.target}"
    if isinstance(action, A.PickUpDrop):
        return f"take:{action.take[0]}" if action.take else f"drop:{action.drop[0]}"
    if isinstance(action, A.WearSuit):
        return f"wear:{action.suit}"
    if isinstance(action, A.MoveLiftCar):
        return f"lift:{action.lift}"
    if isinstance(action, A.ActivateInformant):
        return f"inform:{action.character}"
    if isinstance(action, A.SetInformantCondition):
        return f"icond:{action.character}|{action.condition}"
    if isinstance(action, A.TargetOpportunityFire):
        return f"opportunity_fire:{action.weapon}"
    if isinstance(action, A.Unjam):
        return f"unjam:{action.weapon}"
    if isinstance(action, A.UseSkill):
        if action.skill == "Plasma":
            return "plasma:{},{}".format(*action.target)
        if action.skill == "Mechanic":
            return f"repair:{action.target}"
        return f"medic:{action.target}"
    if isinstance(action, A.UseEquipment):
        if isinstance(action.target, str):
            return f"medkit:{action.item}:{action.target}"
        return "place:{}:{},{}".format(action.item, *action.target)
    if isinstance(action, A.Pilot):  # the bar flies one step at a time, at its own rate
        return f"fly:{action.steps[0]}"
    if isinstance(action, A.PickUpDropCasualty):
        return f"{'put_down' if action.drop else 'carry'}:{action.casualty}"
    if isinstance(action, A.AlienPower):
        if action.power == "drift":
            return "power:drift"
        if action.power == "illusion":
            return f"power:illusion:{action.look}"
        return f"power:{action.power}:{action.target}"
    if isinstance(action, A.TransferControl):
        return f"transfer:{action.to}"
    if isinstance(action, A.SecurityAction):
        return f"snoop:{action.segment}" if action.kind == "snoop" else "cancel_destruct"
    if isinstance(action, A.CommandRobot):
        return f"robot:{action.robot}"
    if isinstance(action, A.HackLiftCar):
        return f"hack_lift:{action.lift}"
    if isinstance(action, A.ClimbLadder):
        return f"ladder:{action.lift}"
    if isinstance(action, A.UseMedlab):
        return f"medlab:{action.use}:{action.target}"
    if isinstance(action, A.Jam):
        return f"jam:{action.weapon}"
    if isinstance(action, A.Weld):
        return "weld:{},{}:{}".format(*action.square, "Weld shut" if action.shut else "Cut open")
    if isinstance(action, A.MechanicWork):
        return f"mechanic:{action.work}:{action.target}"
    return action.TYPE


def _check(game, seat, full: bool) -> int:
    view = view_for(game, seat)
    checked = 0
    lifts_known = view.map.lifts == game.state.lifts
    for cid, entry in view.own.characters.items():
        options = available_actions(view, cid)
        for option in options:
            if option.key.startswith("lift:") and not lifts_known:
                continue
            action = _concrete(view, game, option, entry)
            if (option.key == "turn" and not option.ok) or option.key in ON_THE_MAP:
                continue
            legal = game.is_legal(seat, action)
            if option.key in ("walk", "jog", "run") and option.ok:
                assert action["path"], option
            assert legal == option.ok, (seat, cid, option, action)
            checked += 1
        if full and lifts_known:
            offered = {o.key for o in options if o.ok}
            offered |= {k.rsplit(":", 1)[0] for k in offered if k.startswith("fly:")}
            for action in game.legal_actions(seat):
                if getattr(action, "character", None) == cid:
                    assert _option_of(action, game) in offered, (cid, action, offered)
    if full and game.turn_seat == seat:  # what the seat does with its informants
        offered = {o.key for o in available_actions(view, None) if o.ok}
        for action in game.legal_actions(seat):
            if isinstance(action, (A.ActivateInformant, A.SetInformantCondition)):
                assert _option_of(action, game) in offered, (action, offered)
                checked += 1
    return checked


def _step(game, rng):
    if game.phase != "play":
        actor = rng.choice(sorted(game.actors()))
        return actor, rng.choice(game.legal_actions(actor))
    seat = game.turn_seat
    view = view_for(game, seat)
    if rng.random() < 0.15:
        return seat, A.EndTurn()
    mine = [c for c, e in view.own.characters.items()
            if e.status == "active" and e.ma and c not in view.turn.acted]
    if not mine:
        return seat, A.EndTurn()
    cid = rng.choice(mine)
    entry = view.own.characters[cid]
    # The walk takes the non-combat options only (fights are the fight test's); the bar's
    # combat options are still checked against the engine wherever they come up.
    open_ = [o for o in available_actions(view, cid)
             if o.ok and o.key.partition(":")[0] not in COMBAT_KINDS]
    option = rng.choice(open_)
    return seat, A.action_from_dict(_concrete(view, game, option, entry))


def test_available_actions_agree_with_the_engine_over_random_games():
    total = 0
    for players, seed in ((4, 31), (6, 32)):
        rng = random.Random(seed)
        game = ArtifactGame.new({"players": players}, seed)
        for step in range(150):
            seat, action = _step(game, rng)
            with contextlib.suppress(ArtifactError):  # a lift car the map misplaced
                game.apply(seat, action)
            if game.phase == "play" and step % 2 == 0:
                total += _check(game, game.turn_seat, full=step % 60 == 0)
                other = next(x for x in game.seats if x != game.turn_seat)
                view = view_for(game, other)
                for cid in view.own.characters:
                    assert not any(o.ok for o in available_actions(view, cid))
        assert game.phase == "play" and game.round >= 2
    assert total > 150


@pytest.mark.parametrize("species", ["hal", "pan", "mind_control", "koch", "zombies", "bugs"])
def test_the_bar_offers_every_power_of_each_species(species):
    """The species' powers on the bar agree with the engine both ways, over a few turns of
    random play with them (every legal Alien Special Action is offered)."""
    rng = random.Random(7)
    game = start_game(5, 21, orders={"alien": A.Customize(species)})
    body = next((c for c in game.state.characters.values() if c.seat == "alien"
                 and game.sheets.characters[c.sheet].on_map), None)
    if body is not None:  # McCray falls where the species' body stands: a target for all
        game.apply(JUDGE, A.JudgeMove("mccray", *game.plan.xy(body.square), "N"))
        game.apply(JUDGE, A.JudgeSetStatus("mccray", "ko"))
    checked = used = 0
    for _round in range(3):
        to_seat(game, "alien")
        checked += _check(game, "alien", full=True)
        # (a robot HAL wakes is not applied: its own combat options are another test's)
        powers = [a for a in game.legal_actions("alien") if isinstance(a, A.AlienPower)
                  and a.power != "command_robot"]
        snoops = [a for a in game.legal_actions("alien") if isinstance(a, A.SecurityAction)]
        if snoops:  # HAL: the computer panel's snoops, checked as the bar's are
            game.apply("alien", rng.choice(snoops))
            used += 1
        used += len(powers)
        for action in rng.sample(powers, min(3, len(powers))):
            with contextlib.suppress(ArtifactError):  # a second power of one character
                game.apply("alien", action)
        checked += _check(game, "alien", full=True)
        game.apply("alien", A.EndTurn())
    assert checked > 10 and used


def test_closed_options_say_why():
    game = ArtifactGame.new({"players": 4}, 5)
    while game.phase != "play":
        actor = sorted(game.actors())[0]
        game.apply(actor, game.legal_actions(actor)[0])
    seat = game.turn_seat
    view = view_for(game, seat)
    cid = next(iter(view.own.characters))
    other = next(x for x in game.seats if x != seat)
    other_view = view_for(game, other)
    ocid = next(iter(other_view.own.characters))
    closed = available_actions(other_view, ocid)
    assert closed and all(o.why == "characters act only in their seat's turn" for o in closed)
    assert not any(o.key == "end_turn" for o in closed)
    assert any(o.key == "end_turn" and o.ok for o in available_actions(view, cid))


def test_the_bar_offers_every_combat_action_the_engine_lists_in_a_fight():
    """The Example's characters thrown together (wounded, fallen, facing anywhere): every
    attack, cover, first aid, trap inspection and casualty the engine lists has its bar
    entry, and each entry open is legal as offered."""
    checked = 0
    kinds: set = set()
    for game, _rng in fights(range(4), 2):
        seat = game.turn_seat
        kinds |= {type(a) for a in game.legal_actions(seat)}
        checked += _check(game, seat, full=True)
    assert {A.Attack, A.TargetOpportunityFire, A.UseSkill, A.PickUpDropCasualty} <= kinds
    assert checked > 100


def test_with_the_power_down_the_bar_offers_the_ladder_and_closes_the_lifts():
    """Lift Shafts: with the power down the cars stop and the emergency ladder is climbed.
    The bar offers the ladder to a character in a shaft and closes the car's button with
    the engine's reason, both agreeing with the engine (fails before: no ladder offered)."""
    game = start_game(4, 5)
    to_seat(game, "phoneco")
    lift = game.plan.lifts[0]
    game.apply(JUDGE, A.JudgeMove("osorio", *game.plan.xy(lift.ends[0]), "N"))
    assert game.state.lifts[lift.name] == 0  # the car at the hull end, where she stands
    power_down(game)
    view = view_for(game, "phoneco")
    assert view.shutdown  # public, as the Global Updates told everyone
    options = {o.key: o for o in available_actions(view, "osorio")}
    ladder = options[f"ladder:{lift.name}"]
    assert ladder.ok and "ring end" in ladder.label
    assert options[f"lift:{lift.name}"].why == "the power is down: the lift cars do not move"
    assert _check(game, "phoneco", full=True) > 0
    game.apply("phoneco", A.action_from_dict({**ladder.action, "facing": "N"}))
    assert game.state.characters["osorio"].square == lift.ends[1]


def test_the_bar_offers_gas_flashlights_and_the_cannon_as_the_engine_lists_them():
    """Gas grenades and flashlights in the pirates' hands, the lights out about them and
    Eastwood (Plasma) in the cutter's turret, facing every way in turn: every gas throw,
    flashlight and cannon shot the engine lists has its open bar entry, each entry's squares
    are all legal (checked one by one), and the entries are closed when nothing can be
    aimed at."""
    from .arrange import give_item, lights_out

    seen: set = set()
    aimed = 0
    for seed, facing in zip(range(4), FACINGS, strict=True):
        for game, _rng in fights([seed], 1):
            for cid in ("kyoshi", "lichter", "mendez"):
                give_item(game, cid, "gas_grenade")
                give_item(game, cid, "flashlight")
            lights_out(game, "Main Corridor", "Lab Corridor", "Computer Room")
            game.apply(JUDGE, A.JudgeMove("eastwood", 15, 1, facing))
            if game.state.characters["eastwood"].status != "active" \
                    or game.state.characters["eastwood"].wound:
                game.apply(JUDGE, A.JudgeSetStatus("eastwood", "healthy"))
            view = view_for(game, "pirates")
            know = odds.SeatKnowledge(view)
            legal = game.legal_actions("pirates")
            seen |= {_option_of(a, game).partition(":")[0] for a in legal}
            _check(game, "pirates", full=True)
            for cid, entry in view.own.characters.items():
                for option in available_actions(view, cid):
                    if option.key.partition(":")[0] not in SQUARE_PICKS or not option.ok:
                        continue
                    pick = square_picks.pick_for(know, cid, option.key)
                    for square in pick.targets:
                        action = {**pick.action_at(square), "facing": entry.facing}
                        assert game.is_legal("pirates", action), (option.key, action)
                        aimed += 1
    assert {"gas", "light", "cannon"} <= seen and aimed > 50, (seen, aimed)


def test_a_security_robot_sprays_its_built_in_gas_from_the_bar():
    """Robots use their built-in equipment as if skilled (no hands needed): the pirates'
    commanded security robot is offered "Spray gas" at the squares the engine accepts, and
    a spray at one of them fills that space (the robot keeps its gas)."""
    from .arrange import hand_robot

    game, _log = example_game(3)
    hand_robot(game, "securi_bot", "pirates", "active")
    game.apply(JUDGE, A.JudgeMove("securi_bot", 9, 7, "E"))
    view = view_for(game, "pirates")
    option = next(o for o in available_actions(view, "securi_bot") if o.key == "gas:gas")
    assert option.ok and option.label == "Spray gas", option
    pick = square_picks.pick_for(odds.SeatKnowledge(view), "securi_bot", "gas:gas")
    assert (11, 7) in pick.targets and (7, 7) not in pick.targets  # behind it: not offered
    _check(game, "pirates", full=True)
    game.apply("pirates", A.action_from_dict({**pick.action_at((11, 7)), "facing": "E"}))
    assert game.plan.space_name(game.plan.sq(11, 7)) in game.state.systems.gas
    view = view_for(game, "pirates")
    assert view.turn.acted == ("securi_bot",)


def test_the_bar_offers_what_the_legal_list_does_with_an_informant():
    """The G-men's secret informant: activating it and each condition it may be set to
    turn on are on the bar whenever the engine lists them."""
    game = start_game(5, 12, gmen=True)
    master = next(s for s in game.seats if game.faction_of(s) == "phoneco")
    to_seat(game, master)
    listed = [a for a in game.legal_actions(master)
              if isinstance(a, (A.ActivateInformant, A.SetInformantCondition))]
    assert any(isinstance(a, A.ActivateInformant) for a in listed)
    assert any(isinstance(a, A.SetInformantCondition) for a in listed)
    view = view_for(game, master)
    offered = {o.key for o in available_actions(view, None) if o.ok}
    assert {_option_of(a, game) for a in listed} <= offered
    assert _check(game, master, full=True) >= len(listed)
