"""The six alien species' powers (game/artifact/aliens.py, data/aliens.toml), played through
the engine with forced dice: the rulebook's statements (Tough is immune to mind control,
robots are immune to mental illusions, HAL's four security actions and the Docbot it wakes,
Pan's informants, bodies as breeding ground) and the secrecy of what only the alien knows."""

from __future__ import annotations

import pytest

from game.artifact import actions as A
from game.artifact import aliens, computer_view
from game.artifact.codec import canonical_json, to_plain
from game.artifact.deckplan import feynman
from game.artifact.errors import DataError, IllegalAction
from game.artifact.example import example_game
from game.artifact.seats import JUDGE
from game.artifact.sheets import default_sheets
from game.artifact.state import CharacterCounter
from game.artifact.views import view_for

from .arrange import act_again, add_character, destroy_terminal, give_item
from .dice_tools import force_dice
from .secrecy_tools import informant_of, start_game, to_seat


def _game(species: str, players: int = 5, seed: int = 3):
    game = start_game(players, seed, orders={"alien": A.Customize(species)})
    assert aliens.species_of(game, "alien") == species
    return game


def _beside(game, cid: str, *, skip: int = 0) -> tuple[int, int]:
    """An open square one step from ``cid`` with room to stand."""
    square = game.state.characters[cid].square
    options = [n for n, _d, hatch in game.plan.neighbours(square)
               if hatch is None and game.stack_count(n) < 3]
    return game.plan.xy(options[skip])


def _bring(game, cid: str, xy: tuple[int, int]) -> None:
    """The Judge puts ``cid`` on ``xy`` (Human Judgment)."""
    game.apply(JUDGE, A.JudgeMove(cid, xy[0], xy[1], "N"))


def _next_to(game, cid: str, xy: tuple[int, int], status: str = "") -> str:
    """In the alien's turn, the Judge puts ``cid`` on ``xy`` (fallen with ``status``); the
    alien's next turn begins and sees it there. Its counter's token."""
    to_seat(game, "alien")
    _bring(game, cid, xy)
    if status:
        game.apply(JUDGE, A.JudgeSetStatus(cid, status))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    return game.state.characters[cid].token


def _notices(game, seat: str, kind: str) -> list:
    return [n for n in view_for(game, seat).notices if n.kind == kind]


def test_every_species_of_the_alien_sheet_has_its_powers_in_data():
    sheets = aliens.default_aliens()
    assert set(sheets.species) == set(default_sheets().factions["alien"].options)
    assert sheets.species["hal"].security_actions == 4  # HAL Turn #1: four security actions
    assert sheets.powers["dominate"].kinds == ("human", "alien")


def test_a_malformed_species_file_names_its_line(tmp_path):
    text = (aliens.DATA_FILE.read_text()
            .replace('looks = ["Bug Alien"', 'looks = ["Nobody"'))
    bad = tmp_path / "aliens.toml"
    bad.write_text(text)
    with pytest.raises(DataError) as err:
        aliens.load_aliens(bad, default_sheets())
    assert "Nobody" in str(err.value) and "aliens.toml" in str(err.value)
    assert ":" in str(err.value).split("aliens.toml")[1][:3]  # the line number follows


# ---- HAL ---------------------------------------------------------------------------------------

def test_hal_spends_four_security_actions_a_turn_without_the_marker():
    game = _game("hal")
    to_seat(game, "alien")
    hal = next(c for c in game.state.characters.values() if c.sheet == "hal")
    assert game.state.systems.control != hal.id  # McCray holds Computer Control
    segments = [a for a in game.legal_actions("alien") if isinstance(a, A.SecurityAction)]
    assert segments and all(a.character == hal.id for a in segments)
    ring = sorted({a.segment for a in segments})
    for segment in ring[:4]:
        game.apply("alien", A.SecurityAction(hal.id, "snoop", segment, "", "N"))
    with pytest.raises(IllegalAction, match="4 security actions"):
        game.apply("alien", A.SecurityAction(hal.id, "snoop", ring[4], "", "N"))
    assert not any(isinstance(a, A.SecurityAction) for a in game.legal_actions("alien"))
    assert len(_notices(game, "alien", "snoop")) == 4


def test_hal_speaks_on_the_loudspeakers_with_one_security_action():
    """Example of Play, Global Updates: HAL controls the ship's computer, so it may make a
    loudspeaker announcement, heard by every seat alike at Global Updates. It takes no
    terminal, hands or marker: one of its four security actions."""
    game = _game("hal")
    to_seat(game, "alien")
    hal = next(c for c in game.state.characters.values() if c.sheet == "hal")
    speak = A.Loudspeaker(hal.id, "Attention.", "N")
    assert speak in game.legal_actions("alien")
    offers = computer_view.hal_offers(view_for(game, "alien"), hal.id, game.plan)
    assert "loudspeaker" in [o.key for o in offers]
    game.apply("alien", A.Loudspeaker(hal.id, "All crew to the lounge.", "N"))
    assert computer_view.security_left(view_for(game, "alien")) == 3
    for seat in game.seats:
        assert not [n for n in game.state.notices[seat] if n.kind == "announcement"]
    segments = sorted({a.segment for a in game.legal_actions("alien")
                       if isinstance(a, A.SecurityAction)})
    for segment in segments[:3]:
        game.apply("alien", A.SecurityAction(hal.id, "snoop", segment, "", "N"))
    assert speak not in game.legal_actions("alien")
    with pytest.raises(IllegalAction, match="4 security actions"):
        game.apply("alien", speak)
    game.apply("alien", A.EndTurn())  # the last seat: Global Updates
    for seat in game.seats:
        heard = [n for n in game.state.notices[seat] if n.kind == "announcement"]
        assert heard and heard[-1].get("text") == "All crew to the lounge."


def test_hal_cut_off_from_the_computer_cannot_speak():
    game = _hal_example()
    destroy_terminal(game, (12, 6))  # the Computer Room's RAM dump terminal
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    with pytest.raises(IllegalAction, match="RAM is destroyed"):
        game.apply("alien", A.Loudspeaker("hal", "Hello.", "N"))
    assert not any(isinstance(a, A.Loudspeaker) for a in game.legal_actions("alien"))
    assert not computer_view.hal_offers(view_for(game, "alien"), "hal", game.plan)


def test_hal_ram_marker_is_the_alien_seats_secret():
    game = _game("hal")
    hal = next(c for c in game.state.characters.values() if c.sheet == "hal")
    ram = view_for(game, "alien").alien.ram
    assert ram == game.plan.xy(hal.square)
    assert game.plan.space_name(game.plan.sq(*ram)) in ("Computer Room", "Command Pod")
    for seat in game.seats:
        if seat != "alien":
            assert view_for(game, seat).alien is None
    assert view_for(game, JUDGE).state.aliens["alien"].ram == ram


def test_hal_wakes_the_docbot_with_one_security_action_and_it_jogs_at_once():
    """HAL Turn #2: one security action wakes the Docbot and jogs it into the hall."""
    game = _game("hal")
    to_seat(game, "alien")
    hal = next(c for c in game.state.characters.values() if c.sheet == "hal")
    doc = game.state.characters["doc_bot"]
    assert doc.seat is None and doc.status == "inactive"
    wake = A.AlienPower(hal.id, "command_robot", target=doc.token)
    assert wake in game.legal_actions("alien")
    game.apply("alien", wake)
    assert doc.seat == "alien" and doc.status == "active" and doc.controlled_by == hal.id
    assert "doc_bot" in view_for(game, "alien").own.characters
    jog = next(a for a in game.legal_actions("alien")
               if isinstance(a, A.Move) and a.character == "doc_bot" and a.mode == "jog")
    game.apply("alien", jog)
    assert sum(1 for u in game.state.aliens["alien"].used if u.endswith("command_robot")) == 1


def _hal_example():
    """The Example of Play's game (HAL's RAM in the Computer Room) at HAL's first turn."""
    game, _log = example_game(9)
    to_seat(game, "alien")
    return game


def _views_of_others(game) -> dict:
    return {seat: canonical_json(to_plain(view_for(game, seat)))
            for seat in game.seats if seat != "alien"}


def test_the_ram_goes_only_to_the_spaces_of_the_major_terminals():
    """HAL's sheet (authored): its RAM sits in the Computer Room or the Command Pod, the two
    spaces of the major terminals; HAL is placed only there, and the data file says so."""
    spaces = aliens.default_aliens().species["hal"].ram_spaces
    assert spaces == ("Computer Room", "Command Pod")
    assert all(aliens.ram_terminal(feynman(), space) is not None for space in spaces)
    assert tuple(default_sheets().characters["hal"].start) == spaces
    text = aliens.DATA_FILE.read_text().replace(
        'ram_spaces = ["Computer Room", "Command Pod"]', 'ram_spaces = ["Medlab"]')
    with pytest.raises(DataError, match="Medlab.*no space with a major terminal"):
        aliens.load_aliens(_write(text), default_sheets())


def _write(text: str):
    import tempfile
    from pathlib import Path
    path = Path(tempfile.mkdtemp()) / "aliens.toml"
    path.write_text(text)
    return path


def test_hal_moves_its_ram_to_the_command_pod_and_nobody_else_learns_it():
    """Example of Play, HAL Turn #3: "The RAM marker changes location to the Command Pod".
    It is HAL's action (one a turn); only HAL's view (and the Judge's) shows it."""
    game = _hal_example()
    stay = A.AlienPower("hal", "move_ram", target="Computer Room")
    move = A.AlienPower("hal", "move_ram", target="Command Pod")
    listed = game.legal_actions("alien")
    assert move in listed and stay not in listed
    with pytest.raises(IllegalAction, match="Computer Room already"):
        game.apply("alien", stay)
    with pytest.raises(IllegalAction, match="goes only to"):
        game.apply("alien", A.AlienPower("hal", "move_ram", target="Medlab"))
    before = _views_of_others(game)
    game.apply("alien", move)
    assert view_for(game, "alien").alien.ram == (2, 7)
    assert game.plan.space_name(game.state.characters["hal"].square) == "Command Pod"
    assert _views_of_others(game) == before
    assert view_for(game, JUDGE).state.aliens["alien"].ram == (2, 7)
    hal = game.state.characters["hal"].token  # no map shows it: nothing can aim at it
    for seat in ("pirates", "phoneco", "scientist"):
        known = view_for(game, seat).map
        assert hal not in known.counters and hal not in known.last_known
    with pytest.raises(IllegalAction, match="already acted"):
        game.apply("alien", stay)
    game.apply("alien", A.SecurityAction("hal", "snoop", "Lab Segment", "", "N"))


def test_hal_hears_of_every_hacking_attempt_at_its_own_initial_map_update():
    """HAL is the computer: the Example's Judge "could have chosen to distort or hide" the
    attempt from Stateroom 15, so HAL knows of it. It hears of it at its own Initial Map
    Update (not in the hacker's turn), as McCray does at his, and each attempt once."""
    game, _log = example_game(9)
    game.apply("pirates", A.EndTurn())
    force_dice(game, 5)
    game.apply("phoneco", A.Hack("preuitt", "N"))
    assert _notices(game, "alien", "computer_report") == []  # not in the hacker's turn
    game.apply("phoneco", A.EndTurn())
    game.apply("scientist", A.EndTurn())
    [report] = _notices(game, "alien", "computer_report")
    assert report.about["hacks"] == [{"space": "Stateroom 15", "success": False, "round": 1}]
    assert report.about["character"] == "hal"
    scientist = _notices(game, "scientist", "computer_report")
    assert scientist[-1].about["hacks"] == report.about["hacks"]  # the controller too
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    assert _notices(game, "alien", "computer_report")[-1].about["hacks"] == []


def test_hal_cut_off_when_the_terminal_holding_its_ram_is_destroyed():
    """A destroyed terminal under the RAM cuts HAL off from the next Situation Update (no
    security actions, no robots woken, no report) until the RAM moves to a working one."""
    game = _hal_example()
    destroy_terminal(game, (12, 6))  # the Computer Room's RAM dump terminal
    game.apply("alien", A.SecurityAction("hal", "snoop", "Lab Segment", "", "N"))  # not yet
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    assert view_for(game, "alien").alien.ram_cut == "the terminal holding the RAM is destroyed"
    with pytest.raises(IllegalAction, match="RAM is destroyed"):
        game.apply("alien", A.SecurityAction("hal", "snoop", "Lab Segment", "", "N"))
    assert not any(isinstance(a, A.SecurityAction) for a in game.legal_actions("alien"))
    assert not any(a.power == "command_robot" for a in game.legal_actions("alien")
                   if isinstance(a, A.AlienPower))
    reports = len(_notices(game, "alien", "computer_report"))
    game.apply("alien", A.AlienPower("hal", "move_ram", target="Command Pod"))
    game.apply("alien", A.SecurityAction("hal", "snoop", "Lab Segment", "", "N"))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    assert len(_notices(game, "alien", "computer_report")) == reports + 1


def test_a_ram_sent_to_a_destroyed_terminal_stays_and_the_action_is_spent():
    game = _hal_example()
    destroy_terminal(game, (2, 7))  # the Command Pod's: HAL cannot see it is gone
    game.apply("alien", A.AlienPower("hal", "move_ram", target="Command Pod"))
    assert _notices(game, "alien", "alien_power")[-1].about["success"] is False
    assert view_for(game, "alien").alien.ram == (11, 5)
    assert "hal" in game.state.turn.acted


# ---- Pan ---------------------------------------------------------------------------------------

def test_pan_moves_unseen_by_written_notes_and_nobody_else_learns_it():
    game = _game("pan")
    to_seat(game, "alien")
    before = {seat: view_for(game, seat) for seat in game.seats if seat != "alien"}
    drift = next(a for a in game.legal_actions("alien")
                 if isinstance(a, A.AlienPower) and a.power == "drift" and len(a.path) == 4)
    game.apply("alien", drift)
    assert game.plan.xy(game.state.characters["pan"].square) == tuple(drift.path[-1])
    notes = view_for(game, "alien").alien.notes
    assert len(notes) == 1 and "Pan" in notes[0] and "by 4 squares" in notes[0]
    for seat, view in before.items():
        assert view_for(game, seat) == view
    with pytest.raises(IllegalAction, match="already moved"):
        game.apply("alien", drift)


def test_a_written_move_follows_the_deck_and_its_length():
    game = _game("pan")
    to_seat(game, "alien")
    pan = game.state.characters["pan"]
    x, y = game.plan.xy(pan.square)
    with pytest.raises(IllegalAction, match="not one step"):
        game.apply("alien", A.AlienPower("pan", "drift", path=((x + 3, y),)))
    far = tuple((x, y) for _ in range(5))
    with pytest.raises(IllegalAction, match="at most 4"):
        game.apply("alien", A.AlienPower("pan", "drift", path=far))


def test_pans_whisper_makes_an_informant_on_four_or_more():
    game = _game("pan")
    token = _next_to(game, "mccray", _beside(game, "pan"))
    assert token in view_for(game, "alien").alien.sight  # Pan sees all round
    assert token not in view_for(game, "alien").map.counters  # ... for itself only
    whisper = A.AlienPower("pan", "suborn", target=token)
    assert whisper in game.legal_actions("alien")
    force_dice(game, 3)
    game.apply("alien", whisper)
    assert game.state.characters["mccray"].informant_of is None
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    force_dice(game, 4)
    game.apply("alien", whisper)
    assert game.state.characters["mccray"].informant_of == "alien"
    assert view_for(game, "scientist").own.characters["mccray"].status == "active"
    last = _notices(game, "alien", "alien_power")[-1]
    assert (last.get("roll"), last.get("success")) == (4, True)
    game.apply("alien", A.ActivateInformant("mccray"))
    assert game.state.characters["mccray"].seat == "alien"
    to_seat(game, "scientist")
    assert _notices(game, "scientist", "telegram")[-1].get("counter") == "McCray"


# ---- mind control ------------------------------------------------------------------------------

def test_tough_characters_are_immune_to_mind_control():
    """Skill Use, Tough: immune to mind control; the die is rolled and the attempt fails
    as a bad roll does (the Controller does not learn who is Tough from the answer)."""
    game = _game("mind_control")
    token = _next_to(game, "eastwood", _beside(game, "mind_control"))
    force_dice(game, 6)
    game.apply("alien", A.AlienPower("mind_control", "dominate", target=token))
    assert game.state.characters["eastwood"].seat == "pirates"
    assert _notices(game, "alien", "alien_power")[-1].get("success") is False


def test_mind_control_takes_a_mind_and_the_owner_hears_at_its_situation_update():
    game = _game("mind_control")
    _next_to(game, "mccray", _beside(game, "mind_control"))
    mccray = game.state.characters["mccray"]
    before = view_for(game, "scientist")
    force_dice(game, 4)
    game.apply("alien", A.AlienPower("mind_control", "dominate", target=mccray.token))
    assert mccray.seat == "alien" and mccray.controlled_by == "mind_control"
    assert mccray.home_seat == "scientist"
    assert view_for(game, "scientist").own == before.own  # not told yet
    assert "mccray" in view_for(game, "alien").own.characters
    game.apply("alien", A.AlienPower("mind_control", "release", target="mccray"))
    assert mccray.seat == "scientist" and mccray.controlled_by is None
    to_seat(game, "scientist")
    kinds = [n.kind for n in view_for(game, "scientist").notices[-3:]]
    assert "telegram" in kinds and "control_returned" in kinds


# ---- illusions ---------------------------------------------------------------------------------

def _cast(game, *, robot: bool):
    """Pan casts a zombie beside itself; McCray watches from beside Pan, or (``robot``) the
    Mad Scientist's reconbot does while McCray is taken out of play (his map's only eye)."""
    to_seat(game, "alien")
    square = _beside(game, "pan")
    watcher = _beside(game, "pan", skip=1)
    _bring(game, "mccray", watcher)
    if robot:
        game.apply(JUDGE, A.JudgeRemove("mccray"))
        for cid in list(game.state.characters):
            char = game.state.characters[cid]
            if char.seat == "scientist" and cid != "mccray":
                game.apply(JUDGE, A.JudgeSetStatus(cid, "inactive"))
        bot = "recon_bot_mccray"
        if bot not in game.state.characters:
            add_character(game, bot, "scientist", game.plan.sq(*watcher))
        else:
            _bring(game, bot, watcher)
            game.apply(JUDGE, A.JudgeSetStatus(bot, "healthy"))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    game.apply("alien", A.AlienPower("pan", "illusion", path=(square,), look="Zombie"))
    token = game.state.aliens["alien"].illusions[0].token
    game.apply("alien", A.EndTurn())  # the final map update looks at every map
    return token, game.state.maps[game.state.map_of["scientist"]]


def test_a_mental_illusion_fools_a_human_who_sees_its_square():
    game = _game("pan")
    token, book = _cast(game, robot=False)
    counter = book.counters[token]
    assert isinstance(counter, CharacterCounter) and counter.counter == "Zombie"
    assert token not in game.state.maps[game.state.map_of["alien"]].counters
    to_seat(game, "alien")  # the caster's next turn: the illusion fades
    assert not game.state.aliens["alien"].illusions
    game.apply("alien", A.EndTurn())
    assert token not in game.state.maps[game.state.map_of["scientist"]].counters


def test_robots_are_not_fooled_by_a_mental_illusion():
    """Robots: immune to mental illusions (a map whose only eye is a robot shows none)."""
    game = _game("pan")
    token, book = _cast(game, robot=True)
    assert token not in book.counters


def _face(game, cid: str, square: tuple[int, int]) -> None:
    """The Judge turns ``cid`` towards ``square`` (its own turn: it knows at once)."""
    x, y = game.plan.xy(game.state.characters[cid].square)
    gx, gy = square
    facing = "N" if gy < y else "S" if gy > y else ("E" if gx > x else "W")
    if facing != game.state.characters[cid].facing:
        game.apply(JUDGE, A.JudgeMove(cid, x, y, facing))


def _everyone(game) -> dict:
    return {cid: (c.status, c.square, c.seat) for cid, c in game.state.characters.items()}


def test_a_shot_that_hits_an_illusion_meets_nothing_and_flies_on():
    """McCray fires at the zombie Pan shows him; his dice hit, but nothing is there: he is
    told the shot passed through it, nobody is harmed, the illusion stands until Pan's next
    turn (it stops nobody, and shooting it does not dispel it), and Pan is told nothing."""
    game = _game("pan")
    token, _book = _cast(game, robot=False)
    ghost = game.state.aliens["alien"].illusions[0]
    to_seat(game, "scientist")
    assert token in view_for(game, "scientist").map.counters
    _face(game, "mccray", ghost.square)
    shot = next(a for a in game.legal_actions("scientist")
                if isinstance(a, A.Attack) and a.targets == (token,) and a.fire == "normal")
    before, told = _everyone(game), len(game.state.notices["alien"])
    force_dice(game, 6, 6, 1, 1, 1, 1, 1, 1)
    events = game.apply("scientist", shot)
    report = next(e.data for e in events if e.kind == "attack")["shots"][0]
    assert report["hit"] is True
    assert report["result"].startswith(
        "The shot passes through the Zombie as though nothing were there")
    assert "stray" not in report and _everyone(game) == before
    assert [e.audience for e in events] == [("scientist", JUDGE)]
    assert len(game.state.notices["alien"]) == told
    assert game.state.aliens["alien"].illusions == [ghost]
    game.apply("scientist", A.EndTurn())
    assert token in view_for(game, "scientist").map.counters  # still seen till it fades


def test_a_blow_at_an_illusion_in_ones_own_square_finds_nobody():
    """Close combat at the illusion McCray stands in: the blow finds nobody there."""
    game = _game("pan")
    token, _book = _cast(game, robot=False)
    ghost = game.state.aliens["alien"].illusions[0]
    to_seat(game, "scientist")
    game.apply(JUDGE, A.JudgeMove("mccray", *ghost.square, "N"))
    before = _everyone(game)
    events = game.apply("scientist", A.Attack("mccray", "unarmed", "normal", (token,), "N"))
    report = next(e.data for e in events if e.kind == "attack")["shots"][0]
    assert (report["hit"], report["result"]) == (False, "The blow finds nobody there.")
    assert _everyone(game) == before


# ---- Koch, zombies, bugs -----------------------------------------------------------------------

def test_koch_wears_the_look_of_a_counter_it_sees():
    game = _game("koch")
    token = _next_to(game, "mccray", _beside(game, "koch"))
    assert token in view_for(game, "alien").map.counters
    game.apply("alien", A.AlienPower("koch", "disguise", target=token, facing="S"))
    assert game.state.characters["koch"].counter == "McCray"
    game.apply("alien", A.EndTurn())
    for book in game.state.maps.values():
        koch = game.state.characters["koch"].token
        if koch in book.counters:
            assert book.counters[koch].counter == "McCray"
    to_seat(game, "alien")
    game.apply("alien", A.AlienPower("koch", "disguise"))
    assert game.state.characters["koch"].counter == "Koch"


def test_koch_shows_its_own_counter_again_once_it_attacks():
    """The disguise lasts until Koch attacks: the blow shows Koch on the victim's map."""
    game = _game("koch")
    token = _next_to(game, "mccray", _beside(game, "koch"))
    game.apply("alien", A.AlienPower("koch", "disguise", target=token, facing="S"))
    assert game.state.characters["koch"].counter == "McCray"
    koch = game.state.characters["koch"]
    _next_to(game, "mccray", game.plan.xy(koch.square))
    attack = next(a for a in game.legal_actions("alien")
                  if isinstance(a, A.Attack) and a.character == "koch" and a.targets == (token,))
    force_dice(game, 1, 1, 1, 1)
    game.apply("alien", attack)
    assert koch.counter == "Koch"
    to_seat(game, "scientist")
    book = game.state.maps[game.state.map_of["scientist"]]
    assert book.counters[koch.token].counter == "Koch"


def test_a_disguised_koch_striking_the_last_one_out_shows_koch():
    """The free blow at the last one out of a hostile square is an attack too: the victim's
    map shows Koch; Koch's own seat hears of it at its Situation Update."""
    game = _game("koch")
    token = _next_to(game, "mccray", _beside(game, "koch"))
    game.apply("alien", A.AlienPower("koch", "disguise", target=token, facing="S"))
    koch = game.state.characters["koch"]
    to_seat(game, "alien")
    _bring(game, "mccray", game.plan.xy(koch.square))
    to_seat(game, "scientist")
    assert koch.counter == "McCray"
    before = view_for(game, "alien").own
    leave = next(a for a in game.legal_actions("scientist")
                 if isinstance(a, A.Move) and a.character == "mccray" and len(a.path) == 1)
    force_dice(game, 1, 1, 1, 1)
    game.apply("scientist", leave)
    assert koch.counter == "Koch"
    assert view_for(game, "alien").own == before
    game.apply("scientist", A.EndTurn())
    book = game.state.maps[game.state.map_of["scientist"]]
    seen = book.counters.get(koch.token) or book.last_known.get(koch.token)
    assert seen is not None and seen.counter == "Koch"


@pytest.mark.parametrize("status", ["dead", "ko"])
def test_a_zombie_raises_a_dead_human_in_its_square(status):
    """Only the dead rise. A knocked-out body looks as fallen as a dead one: the zombie
    tries, the action is spent, and the answer teaches nothing the seat cannot see."""
    game = _game("zombies")
    zombie = game.state.characters["zombie_1"]
    token = _next_to(game, "mccray", game.plan.xy(zombie.square), status)
    rise = A.AlienPower("zombie_1", "raise", target=token)
    assert rise in game.legal_actions("alien")
    game.apply("alien", rise)
    mccray = game.state.characters["mccray"]
    assert "zombie_1" in game.state.turn.acted
    if status == "ko":
        assert mccray.seat == "scientist"
        assert _notices(game, "alien", "alien_power")[-1].get("success") is False
        return
    assert (mccray.seat, mccray.sheet, mccray.status) == ("alien", "risen_zombie", "active")
    assert view_for(game, "alien").own.characters["mccray"].name == "Risen zombie"


def test_a_bug_egg_hatches_after_two_global_updates_and_the_host_dies():
    game = _game("bugs")
    bug = game.state.characters["bug_1"]
    token = _next_to(game, "mccray", game.plan.xy(bug.square), "ko")
    lay = A.AlienPower("bug_1", "lay_egg", target=token)
    assert lay in game.legal_actions("alien")
    game.apply("alien", lay)
    assert [e.host for e in view_for(game, "alien").alien.eggs] == [token]
    assert all(view_for(game, s).alien is None for s in game.seats if s != "alien")
    bugs_before = sum(1 for c in game.state.characters.values() if c.sheet == "bug_hatchling")
    game.apply("alien", A.EndTurn())  # the first Global Updates: the egg waits
    to_seat(game, "alien")
    assert game.state.aliens["alien"].eggs
    game.apply("alien", A.EndTurn())  # the second: it hatches at the Situation Update
    assert game.state.aliens["alien"].eggs
    before = view_for(game, "scientist").own
    told = len(_notices(game, "scientist", "telegram"))
    to_seat(game, "alien")
    hatched = [c for c in game.state.characters.values() if c.sheet == "bug_hatchling"]
    assert len(hatched) == bugs_before + 1
    assert hatched[0].seat == "alien" and hatched[0].square == game.state.characters[
        "mccray"].square
    assert game.state.characters["mccray"].status == "dead"
    assert not game.state.aliens["alien"].eggs
    assert view_for(game, "scientist").own == before  # told at its own Situation Update
    to_seat(game, "scientist")
    telegrams = _notices(game, "scientist", "telegram")
    assert len(telegrams) == told + 1 and telegrams[-1].get("counter") == "McCray"


def test_an_egg_whose_host_left_the_map_is_lost():
    game = _game("bugs")
    bug = game.state.characters["bug_1"]
    token = _next_to(game, "mccray", game.plan.xy(bug.square), "ko")
    game.apply("alien", A.AlienPower("bug_1", "lay_egg", target=token))
    game.apply(JUDGE, A.JudgeRemove("mccray"))  # carried off the map
    hatchlings = sum(1 for c in game.state.characters.values() if c.sheet == "bug_hatchling")
    for _ in range(2):
        game.apply("alien", A.EndTurn())
        to_seat(game, "alien")
    assert _notices(game, "alien", "egg_lost")
    assert not game.state.aliens["alien"].eggs
    assert sum(1 for c in game.state.characters.values()
               if c.sheet == "bug_hatchling") == hatchlings


# ---- two alien seats ---------------------------------------------------------------------------

def test_two_aliens_share_a_map_but_not_their_secrets():
    game = start_game(6, 11, orders={"alien": A.Customize(""), "alien2": A.Customize("")})
    first, second = (aliens.species_of(game, s) for s in ("alien", "alien2"))
    assert first and second and first != second
    one, two = view_for(game, "alien"), view_for(game, "alien2")
    assert one.alien is not None and two.alien is not None
    assert one.map.id == two.map.id
    for seat, view in (("alien", one), ("alien2", two)):
        for cid in view.own.characters:
            char = game.state.characters[cid]
            if game.sheets.characters[char.sheet].on_map:
                assert char.counter == "Bug Alien"
        other = "alien2" if seat == "alien" else "alien"
        for entry in view_for(game, other).own.characters.values():
            if entry.kind == "program":  # an invisible partner is not on the shared map
                assert entry.token not in view.map.counters


def test_an_invisible_alien_keeps_its_moves_and_sight_from_the_alien_sharing_its_map():
    """Select Faction Mix (six players): written secret movement notes keep an invisible
    alien's doings from the other alien seat, though the two share a map."""
    game = start_game(6, 11, orders={"alien": A.Customize(""), "alien2": A.Customize("")})
    assert (aliens.species_of(game, "alien"), aliens.species_of(game, "alien2")) == (
        "pan", "zombies")
    to_seat(game, "alien")
    partner = view_for(game, "alien2")
    drift = next(a for a in game.legal_actions("alien")
                 if isinstance(a, A.AlienPower) and a.power == "drift")
    game.apply("alien", drift)
    game.apply("alien", A.EndTurn())
    after = view_for(game, "alien2")
    assert after.alien == partner.alien and after.own == partner.own
    pan = game.state.characters["pan"]
    shared = game.state.maps[game.state.map_of["alien"]]
    assert pan.token not in shared.counters and pan.token not in after.map.counters
    assert view_for(game, "alien").alien.notes and not after.alien.notes


def _koch_beside_mccray(seed: int):
    """A six-player game with Koch sharing its map with mind control, McCray brought beside
    Koch in the alien's turn and seen at its next one."""
    game = start_game(6, seed, orders={"alien": A.Customize(""), "alien2": A.Customize("")})
    koch_seat = next(s for s in ("alien", "alien2") if aliens.species_of(game, s) == "koch")
    partner = "alien2" if koch_seat == "alien" else "alien"
    to_seat(game, koch_seat)
    _bring(game, "mccray", _beside(game, "koch"))
    game.apply(koch_seat, A.EndTurn())
    to_seat(game, koch_seat)
    return game, koch_seat, partner


def test_a_map_sharing_partner_never_sees_kochs_disguise():
    """Select Faction Mix: the two alien seats share a map and every body on it shows as a
    "Bug Alien", so that neither learns the other's species before it figures it out.
    Koch's disguise (only Koch takes another's look) would name the species: the partner's
    view is the same whether Koch put one on or not, while a stranger's map shows the look.
    Fails before: the partner's counter for Koch showed "McCray"."""
    game, koch_seat, partner = _koch_beside_mccray(19)
    twin, _s, _p = _koch_beside_mccray(19)
    mccray = game.state.characters["mccray"].token
    game.apply(koch_seat, A.AlienPower("koch", "disguise", target=mccray))
    assert game.state.characters["koch"].counter == "McCray"
    assert twin.state.characters["koch"].counter == "Bug Alien"
    for played in (game, twin):
        played.apply(koch_seat, A.EndTurn())
    koch = game.state.characters["koch"].token
    seen = view_for(game, partner)
    assert koch in seen.partners and seen.map.counters[koch].counter == "Bug Alien"
    assert seen == view_for(twin, partner)
    shown = [book.counters[koch].counter for book in game.state.maps.values()
             if koch in book.counters]
    assert shown and set(shown) == {"McCray"}  # strangers' maps show the look


def test_an_egg_that_hatched_into_a_living_bug_counts_as_surviving_for_victory():
    """The bugs' levels count eggs that survive to the end; one that hatched lives on as a
    bug (the brood grew), and a hatched egg leaves the seat's list of waiting eggs. Fails
    before: only eggs still waiting were counted, so hatching lost the egg."""
    from game.artifact import victory

    game = _game("bugs")
    bug = game.state.characters["bug_1"]
    token = _next_to(game, "mccray", game.plan.xy(bug.square), "ko")
    game.apply("alien", A.AlienPower("bug_1", "lay_egg", target=token))
    for _round in range(2):
        game.apply("alien", A.EndTurn())
        to_seat(game, "alien")
    assert not game.state.aliens["alien"].eggs
    _levels, checks = victory.evaluate(game)
    eggs = next(c for c in checks["alien"] if c.goal.startswith("At least three eggs"))
    assert eggs.facts == ("1 egg survived, 1 of them hatched (3 needed).",)
    for hatchling in [c for c in game.state.characters.values() if c.sheet == "bug_hatchling"]:
        game.apply(JUDGE, A.JudgeSetStatus(hatchling.id, "dead"))
    _levels, checks = victory.evaluate(game)
    eggs = next(c for c in checks["alien"] if c.goal.startswith("At least three eggs"))
    assert eggs.facts == ("0 eggs survived, 0 of them hatched (3 needed).",)


def test_pans_whisper_never_takes_the_g_mens_informant():
    """One informant, one master (the draw never deals a character to two): a whisper to the
    G-men's informant is rolled and answered as a bad roll is, and the G-men keep their
    informant, their view unmoved by another seat's turn."""
    game = start_game(5, 3, gmen=True, orders={"alien": A.Customize("pan")})
    spy = informant_of(game, "phoneco")
    assert spy is not None
    token = _next_to(game, spy, _beside(game, "pan"))
    before = view_for(game, "phoneco")
    assert spy in before.informants
    force_dice(game, 6)
    game.apply("alien", A.AlienPower("pan", "suborn", target=token))
    last = _notices(game, "alien", "alien_power")[-1]
    assert (last.get("roll"), last.get("success")) == (6, False)
    assert game.state.characters[spy].informant_of == "phoneco"
    assert spy not in view_for(game, "alien").informants
    assert view_for(game, "phoneco") == before


def test_a_mind_held_by_the_controller_stays_the_g_mens_informant():
    """Mind control takes the body, not the tie to the secret master: the G-men's view does
    not move in the alien's turn (their informant is still theirs), and activating it takes
    it from the Controller for good, the alien hearing by telegram at its update."""
    game = start_game(5, 3, gmen=True, orders={"alien": A.Customize("mind_control")})
    spy = informant_of(game, "phoneco")
    assert spy is not None
    token = _next_to(game, spy, _beside(game, "mind_control"))
    before = view_for(game, "phoneco")
    force_dice(game, 4)
    game.apply("alien", A.AlienPower("mind_control", "dominate", target=token))
    char = game.state.characters[spy]
    assert (char.seat, char.controlled_by, char.informant_of) == (
        "alien", "mind_control", "phoneco")
    assert view_for(game, "phoneco") == before
    to_seat(game, "phoneco")
    assert spy in view_for(game, "phoneco").informants
    told = len(_notices(game, "alien", "telegram"))
    game.apply("phoneco", A.ActivateInformant(spy))
    assert (char.seat, char.controlled_by, char.home_seat, char.informant_of) == (
        "phoneco", None, None, None)
    assert spy in view_for(game, "phoneco").own.characters
    to_seat(game, "alien")
    assert len(_notices(game, "alien", "telegram")) == told + 1
    assert spy not in view_for(game, "alien").own.characters


def test_the_g_men_lose_a_raised_informant_only_at_their_own_update():
    """A dead informant raised as a zombie informs nobody; its master's list changes at its
    own Situation Update, not in the alien's turn."""
    game = start_game(5, 3, gmen=True, orders={"alien": A.Customize("zombies")})
    spy = informant_of(game, "phoneco")
    zombie = game.state.characters["zombie_1"]
    token = _next_to(game, spy, game.plan.xy(zombie.square), "dead")
    before = view_for(game, "phoneco")
    assert spy in before.informants
    game.apply("alien", A.AlienPower("zombie_1", "raise", target=token))
    assert game.state.characters[spy].informant_of is None
    assert view_for(game, "phoneco") == before
    to_seat(game, "phoneco")
    assert spy not in view_for(game, "phoneco").informants


# ---- the limits of each power (aliens.toml: most) ----------------------------------------------

def _refused(game, seat: str, action, why: str) -> None:
    """``action`` is neither listed nor taken, and its refusal says ``why``."""
    assert action not in game.legal_actions(seat)
    with pytest.raises(IllegalAction, match=why):
        game.apply(seat, action)


def test_pan_runs_three_informants_at_most():
    """Pan is dealt two informants; a third is won by a whisper, and a fourth is refused
    before any die is rolled."""
    game = _game("pan")
    assert len(view_for(game, "alien").informants) == 2
    mccray = _next_to(game, "mccray", _beside(game, "pan"))
    force_dice(game, 4)
    game.apply("alien", A.AlienPower("pan", "suborn", target=mccray))
    assert len(view_for(game, "alien").informants) == 3
    kyoshi = _next_to(game, "kyoshi", _beside(game, "pan", skip=1))
    assert game.state.characters["kyoshi"].informant_of is None
    _refused(game, "alien", A.AlienPower("pan", "suborn", target=kyoshi),
             "you run 3 informants already")
    assert game.state.characters["kyoshi"].informant_of is None


def test_the_controller_holds_two_minds_at_most_and_a_released_one_frees_a_place():
    game = _game("mind_control")
    taken = []
    for n, cid in enumerate(("mccray", "slavin")):
        token = _next_to(game, cid, _beside(game, "mind_control", skip=n))
        force_dice(game, 6)
        game.apply("alien", A.AlienPower("mind_control", "dominate", target=token))
        assert game.state.characters[cid].controlled_by == "mind_control"
        taken.append(cid)
    osorio = _next_to(game, "osorio", _beside(game, "mind_control", skip=2))
    third = A.AlienPower("mind_control", "dominate", target=osorio)
    _refused(game, "alien", third, "holds 2 minds already")
    assert game.state.characters["osorio"].seat == "phoneco"
    game.apply("alien", A.AlienPower("mind_control", "release", target="slavin"))
    assert third in game.legal_actions("alien")


def _bodies_beside_a_bug(game, cids) -> list[str]:
    """``cids`` lying knocked out in bug_1's square, seen by the bugs: their tokens."""
    to_seat(game, "alien")
    square = game.plan.xy(game.state.characters["bug_1"].square)
    for cid in cids:
        _bring(game, cid, square)
        game.apply(JUDGE, A.JudgeSetStatus(cid, "ko"))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    return [game.state.characters[cid].token for cid in cids]


def test_three_eggs_wait_at_most():
    """Two bugs lay two eggs one turn; the next turn one lays a third, and the other is
    refused a fourth while those three wait (the first two are one Global Update old)."""
    game = _game("bugs")
    a, b, c, d = _bodies_beside_a_bug(game, ("mccray", "slavin", "osorio", "preuitt"))
    game.apply("alien", A.AlienPower("bug_1", "lay_egg", target=a))
    game.apply("alien", A.AlienPower("bug_2", "lay_egg", target=b))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    assert len(game.state.aliens["alien"].eggs) == 2
    game.apply("alien", A.AlienPower("bug_1", "lay_egg", target=c))
    assert len(game.state.aliens["alien"].eggs) == 3
    _refused(game, "alien", A.AlienPower("bug_2", "lay_egg", target=d),
             "3 eggs wait already")
    assert len(game.state.aliens["alien"].eggs) == 3


def test_a_full_square_makes_a_due_egg_wait_until_there_is_room():
    """The egg is due, but the host's square holds as many as may stand there: no bug can
    hatch into it, so the egg waits (still the alien's secret) and hatches at the first
    Situation Update that finds room."""
    game = _game("bugs")
    bug = game.state.characters["bug_1"]
    (token,) = _bodies_beside_a_bug(game, ("mccray",))
    game.apply("alien", A.AlienPower("bug_1", "lay_egg", target=token))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    square = game.plan.xy(bug.square)
    for cid in ("slavin", "osorio"):
        _bring(game, cid, square)
    assert game.stack_count(bug.square) == game.stack_limit(bug.square)
    hatchlings = sum(1 for c in game.state.characters.values() if c.sheet == "bug_hatchling")
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")  # due now, but the square is full
    assert [e.host for e in view_for(game, "alien").alien.eggs] == [token]
    assert game.state.characters["mccray"].status == "ko"
    assert sum(1 for c in game.state.characters.values()
               if c.sheet == "bug_hatchling") == hatchlings
    _bring(game, "osorio", _beside(game, "bug_1"))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    assert not game.state.aliens["alien"].eggs
    assert game.state.characters["mccray"].status == "dead"
    assert sum(1 for c in game.state.characters.values()
               if c.sheet == "bug_hatchling") == hatchlings + 1


def test_a_tough_character_is_still_fooled_by_a_mental_illusion():
    """Tough guards only against mind control: Eastwood, the pirates' only eye, sees the
    zombie Pan shows beside him."""
    game = _game("pan")
    assert "Tough" in game.sheets.characters["eastwood"].skills
    to_seat(game, "alien")
    square = _beside(game, "pan")
    _bring(game, "eastwood", _beside(game, "pan", skip=1))
    for cid, char in list(game.state.characters.items()):
        if char.seat == "pirates" and cid != "eastwood":
            game.apply(JUDGE, A.JudgeRemove(cid))
    game.apply("alien", A.EndTurn())
    to_seat(game, "alien")
    game.apply("alien", A.AlienPower("pan", "illusion", path=(square,), look="Zombie"))
    token = game.state.aliens["alien"].illusions[0].token
    game.apply("alien", A.EndTurn())
    counter = game.state.maps[game.state.map_of["pirates"]].counters.get(token)
    assert isinstance(counter, CharacterCounter) and counter.counter == "Zombie"


def test_kochs_disguise_falls_when_its_opportunity_fire_goes_off():
    """Koch, wearing McCray's look, covers the square beside McCray with a rifle; McCray
    walks into it. The shot, fired at the Alien's Situation Update, is an attack: Koch shows
    its own counter from then on, and until then it kept the disguise."""
    game = _game("koch")
    koch = game.state.characters["koch"]
    token = _next_to(game, "mccray", _beside(game, "koch"))
    game.apply("alien", A.AlienPower("koch", "disguise", target=token, facing="S"))
    act_again(game, "koch")
    rifle = give_item(game, "koch", "rifle")
    mx, my = game.plan.xy(game.state.characters["mccray"].square)
    kx, ky = game.plan.xy(koch.square)
    covered = (2 * mx - kx, 2 * my - ky)  # one square on, in line with Koch and McCray
    facing = {(1, 0): "E", (-1, 0): "W", (0, 1): "S", (0, -1): "N"}[(mx - kx, my - ky)]
    game.apply("alien", A.TargetOpportunityFire("koch", rifle, covered, "anyone", facing))
    game.apply("alien", A.EndTurn())
    to_seat(game, "scientist")
    game.apply("scientist", A.Move("mccray", "walk", (covered,), facing))
    assert game.plan.xy(game.state.characters["mccray"].square) == covered
    assert koch.counter == "McCray"
    force_dice(game, 1, 1, 1, 1)
    to_seat(game, "alien")
    assert _notices(game, "alien", "opportunity_triggered")
    assert _notices(game, "alien", "attack")[-1].get("character") == "koch"
    assert koch.counter == "Koch"
