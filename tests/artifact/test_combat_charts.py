"""The combat charts: the packaged files hold every chart the rulebook names, keep every number
the rulebook prints, obey the shape the authored numbers promise, and a malformed file fails
with its file, line and reason."""

from __future__ import annotations

import shutil

import pytest

from game.artifact.combat_charts import (
    EFFECT_CODES,
    ROW_CODES,
    default_charts,
    load_combat_charts,
)
from game.artifact.datafiles import DATA_DIR
from game.artifact.errors import DataError
from game.artifact.sheets import ARMOUR, default_sheets

#: Severity of the results, mildest first.
SEVERITY = ROW_CODES


@pytest.fixture(scope="module")
def charts():
    return default_charts()


def test_every_weapon_the_rulebook_names_has_a_chart(charts):
    names = {w.name for w in charts.weapons.values()}
    assert names >= {"Pistol", "Rifle", "Grenade launcher", "RPP-7 plasma gun", "Welding torch",
                     "Unarmed", "Improvised weapon", "Claws and teeth", "EMP pistol", "Gas",
                     "Acid spray", "Thermite mine", "Booby trap", "Explosion"}
    for item in ("pistol", "rifle", "grenade_launcher", "rpp7", "emp_pistol", "gas_grenade",
                 "welding_torch", "thermite_mine", "booby_trap"):
        assert charts.weapon_for_item(item) is not None, item
    assert charts.weapon_for_item("medkit") is None
    assert {charts.cannon.anti_personnel, charts.cannon.plasma_drill} == {
        "rpp7", "grenade_launcher"}


def test_chart_shapes(charts):
    assert [b.name for b in charts.bands] == ["Adjacent", "Point-Blank", "Short", "Medium"]
    assert charts.bands[0].low == 0
    for before, after in zip(charts.bands, charts.bands[1:], strict=False):
        assert after.low == before.high + 1
    for weapon in charts.weapons.values():
        if weapon.kind == "ranged":
            assert len(weapon.to_hit) == 4
            assert all(n is None or 2 <= n <= 12 for n in weapon.to_hit)
        for armour in ARMOUR:
            row = weapon.row(armour)
            assert len(row) == (0 if weapon.emp else 6)
            assert set(row) <= set(ROW_CODES)
    assert set(charts.effects) == set(EFFECT_CODES)


def test_the_rulebook_s_printed_numbers(charts):
    mod = {m.id: m.value for m in charts.modifiers.values()}
    assert mod["unaware"] == mod["helpless"] == 2
    assert mod["double_fire"] == mod["panic_fire"] == -2
    assert mod["light_wound"] == mod["carrying_casualty"] == mod["elusive_target"] == -2
    assert mod["tough_serious"] == mod["tough_serious_strike"] == -1
    assert mod["machine_shop"] == 1
    assert mod["from_behind"] == 1  # the Example of Play's "+1 die modifier"
    assert [charts.fire[f].shots for f in ("normal", "double", "panic")] == [1, 2, 3]
    assert [charts.fire[f].jams_after for f in ("normal", "double", "panic")] == [
        False, False, True]
    assert charts.jam_on == 2
    assert [n for n in range(1, 7) if n in charts.rolls["stray_hit"]] == [1, 2, 3]
    assert [n for n in range(1, 7) if n in charts.rolls["down_dead"]] == [1, 2, 3]
    assert [n for n in range(1, 7) if n in charts.rolls["bug_dead"]] == [1, 2, 3, 4]
    assert len([n for n in range(1, 7) if n in charts.rolls["spoke_collision"]]) == 3
    assert {r for _, r in charts.computer_hits.entries} == {
        "darkness", "gas", "explosion", "special"}
    # close combat never jams: close weapons have no jam field at all
    assert all(w.jams == "never" for w in charts.weapons.values() if w.kind == "close")
    # plasma overheats and is serviced in the machine shop; rifles and pistols by any hands
    assert charts.weapons["rpp7"].jams == "overheat"
    assert charts.weapons["rpp7"].clear == "machine_shop"
    assert charts.weapons["rifle"].clear == charts.weapons["pistol"].clear == "hands"


def test_only_plasma_thermite_and_the_cannon_hurt_hatches(charts):
    hurt = {w.id for w in charts.weapons.values() if w.hatches}
    assert hurt == {"rpp7", "thermite_mine"}
    assert charts.cannon.anti_personnel in hurt


def test_always_penetrating_weapons_and_the_shield_generator(charts):
    thermite, emp = charts.weapons["thermite_mine"], charts.weapons["emp_pistol"]
    assert thermite.computer.mode == thermite.doors.mode == "always"
    assert emp.computer.mode == "always"
    assert {w.id for w in charts.weapons.values() if w.generator} == {
        "welding_torch", "thermite_mine", "emp_pistol"}
    assert charts.cannon.needle_beam_row == "armoured"


def test_authored_rows_worsen_with_the_roll_and_soften_with_armour(charts):
    rank = SEVERITY.index
    for weapon in charts.weapons.values():
        if weapon.emp:
            continue
        rows = [weapon.row(a) for a in ARMOUR]
        for row in rows:
            assert [rank(c) for c in row] == sorted(rank(c) for c in row), weapon.id
        for softer, harder in zip(rows, rows[1:], strict=False):
            assert all(rank(h) <= rank(s) for s, h in zip(softer, harder, strict=True)), \
                weapon.id


def test_the_example_of_play_fixes_the_unarmed_chart(charts):
    # Orlov rolls 2, +1 from behind: Eastwood (no armour) goes down; space armour: no effect
    unarmed = charts.weapons["unarmed"]
    assert unarmed.row("none")[3 - 1] == "D"
    assert unarmed.row("armoured")[3 - 1] == "NE"
    assert charts.suits["space_armour"].armour == "armoured"
    assert charts.natural["human"] == "unarmed"


def test_damage_additions_keep_the_rulebook_s_bug_rule_meaningful(charts):
    # "multiple Down hits don't add to a kill" for bugs: so for everyone else they do
    assert charts.additions["D"]["D"] == "K"
    for old, row in charts.additions.items():
        assert row["K"] == "K"
        assert row["NE"] == old


def test_builtins_name_robots_and_their_weapons(charts):
    sheets = default_sheets()
    for robot, weapons in charts.builtin.items():
        assert sheets.characters[robot].kind == "robot"
        assert weapons
    assert "acid_spray" in charts.builtin["acid_sprayer_bot"]
    assert "welding_torch" in charts.builtin["recon_bot_mccray"]


def test_charts_are_read_only(charts):
    with pytest.raises(TypeError):
        charts.weapons["laser"] = charts.weapons["rifle"]
    with pytest.raises(AttributeError):
        charts.jam_on = 3


# ---- malformed files -----------------------------------------------------------------------

@pytest.fixture
def chart_copy(tmp_path):
    for name in ("weapons.toml", "combat.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def _load(d):
    return load_combat_charts(d / "weapons.toml", d / "combat.toml")


def _edit(path, old, new):
    """Replace the first ``old`` by ``new``; the line where ``new`` starts."""
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def _last_line(new):
    """Lines from where an edit starts to its last line (the line a new field sits on)."""
    return new.count("\n")


BAD_WEAPONS = [
    ("to_hit = [5, 6, 8, 11]", "to_hit = [5, 6, 8, 13]", "neither a 2d6 number"),
    ("to_hit = [5, 6, 8, 11]", "to_hit = [5, 6, 8]", "one per band"),
    ("to_hit = [6, 5, 6, 8]", 'to_hit = ["-", "-", "-", "-"]', "reaches no band"),
    ('none     = ["NE", "L", "L", "S", "D", "K"]', 'none     = ["NE", "L", "L", "S", "D"]',
     "must list 6 results"),
    ('light    = ["NE", "NE", "L", "L", "S", "D"]', 'light    = ["NE", "NE", "L", "L", "X", "D"]',
     "'X' is not a damage result"),
    ('item = "pistol"', 'item = "phaser"', "not in the equipment list"),
    ('doors = "1-2"', 'doors = "0-2"', "not a range within 1-6"),
    ('computer = "1-2"', 'computer = "two"', "must be a die range"),
    ('fire = ["normal", "double", "panic"]', 'fire = ["normal", "burst"]',
     "unknown type of fire 'burst'"),
    ('jams = "overheat"', 'jams = "melts"', "jams must be one of"),
    ('clear = "machine_shop"', 'clear = "hands"', "cleared in the machine shop"),
    ('skill = "Plasma"', 'skill = "Juggling"', "unknown skill 'Juggling'"),
    ('kind = "close"', 'kind = "thrown"', "kind must be one of"),
    ('reach = "short"', 'reach = "far"', "reach must be one of"),
    ("emp = true", "emp = true\nnone = []", "no damage rows"),
    ('item = "welding_torch"\nkind = "close"', 'item = "welding_torch"\nkind = "close"\n'
     'to_hit = [2, 2, 2, 2]', "to_hit belongs to ranged weapons only"),
    ('computer = "1-4"\nhatches = true', 'computer = "1-4"\nhatches = "yes"',
     "hatches must be bool"),
    ('name = "Rifle"', 'name = "Rifle"\ncolour = "red"', "unknown field 'colour'"),
    ('anti_personnel = "rpp7"', 'anti_personnel = "unarmed"', "not a ranged weapon"),
    ('[cannon]\nskill = "Plasma"', '[cannon]\nskill = "Gunnery"', "skill must be one of"),
    ('improvised = "improvised"', 'improvised = "rifle"', "not a close weapon"),
    ('securi_bot = ["gas"]', 'mccray = ["gas"]', "'mccray' is not a robot"),
    ('securi_bot = ["gas"]', 'securi_bot = ["laser"]', "unknown weapon 'laser'"),
    ('alien = "claws"', 'alien = "claws", program = "unarmed"',
     "natural must name a close-combat chart"),
]


BAD_COMBAT = [
    ("squares = [4, 8]", "squares = [5, 8]", "must start at 4 squares"),
    ("squares = [9, 16]", "squares = [16, 9]", "nearest, farthest"),
    ("value = -2                      # rulebook\napplies", "value = 1.5\napplies",
     "value must be a whole number"),
    ('applies = "unjam"', 'applies = "morale"', "applies must be one of"),
    ('modifier = "panic_fire"', 'modifier = "machine_shop"', "is not a to-hit modifier"),
    ("shots = 3", "shots = 0", "at least 1"),
    ('status = "down"', 'status = "asleep"', "status must be one of"),
    ('L  = { NE = "L",  L = "S"', 'L  = { NE = "L",  L = "Q"', "'Q' is not a damage result"),
    ('D  = { NE = "D", ', 'D  = { ', "must give a result for each"),
    ('special = "6"', 'special = "7"', "not a range within 1-6"),
    ("jam_on = 2", "jam_on = 1", "jam_on must be a 2d6 roll"),
    ('armour = "armoured"\nsealed', 'armour = "plate"\nsealed', "armour must be one of"),
    ("[suit.sneaksuit]", "[suit.flashlight]", "'flashlight' is not a suit"),
    ('effects = ["L", "S", "D", "K"]', 'effects = ["L", "Z"]', "'Z' is not a damage result"),
    ("charges = 1", "charges = 0", "at least one use"),
]


# (file, old text, new text, reason, lines from the edit's start to the faulty line): a new
# weapon field is reported on its own line, a changed combat value on the edit's first line
BAD = ([("weapons.toml", old, new, reason, _last_line(new)) for old, new, reason in BAD_WEAPONS]
       + [("combat.toml", old, new, reason, 0) for old, new, reason in BAD_COMBAT])


@pytest.mark.parametrize(("name", "old", "new", "reason", "offset"), BAD)
def test_a_bad_chart_value_names_file_line_and_reason(chart_copy, name, old, new, reason,
                                                      offset):
    line = _edit(chart_copy / name, old, new) + offset
    with pytest.raises(DataError, match=reason) as info:
        _load(chart_copy)
    assert name in str(info.value)
    assert info.value.line == line


def test_a_die_table_with_a_gap_points_at_its_header(chart_copy):
    _edit(chart_copy / "combat.toml", 'cleared = "4-6"', 'cleared = "5-6"')
    with pytest.raises(DataError, match=r"\[unjam\]: the die ranges must cover 1-6") as info:
        _load(chart_copy)
    lines = (chart_copy / "combat.toml").read_text().splitlines()
    assert lines[info.value.line - 1] == "[unjam]"


def test_missing_pieces_are_named(chart_copy):
    _edit(chart_copy / "combat.toml", "[modifier.mechanic]", "[modifier.mechanics]")
    with pytest.raises(DataError, match=r"\[modifier.mechanic\] is missing"):
        _load(chart_copy)
    shutil.copy(DATA_DIR / "combat.toml", chart_copy / "combat.toml")
    _edit(chart_copy / "combat.toml", "[effect.EMP]", "[effect.ZAP]")
    with pytest.raises(DataError, match="unknown damage result 'ZAP'"):
        _load(chart_copy)
    shutil.copy(DATA_DIR / "combat.toml", chart_copy / "combat.toml")
    text = (chart_copy / "combat.toml").read_text()
    start = text.index("[suit.sneaksuit]")
    (chart_copy / "combat.toml").write_text(text[:start] + text[text.index("[breach]"):])
    with pytest.raises(DataError, match=r"\[suit.sneaksuit\] is missing"):
        _load(chart_copy)


def test_two_charts_for_one_item_are_refused(chart_copy):
    _edit(chart_copy / "weapons.toml", 'name = "Rifle"\nitem = "rifle"',
          'name = "Rifle"\nitem = "pistol"')
    with pytest.raises(DataError, match="'pistol' has more than one weapon chart"):
        _load(chart_copy)


def test_a_table_where_a_chart_belongs(chart_copy):
    path = chart_copy / "weapons.toml"
    path.write_text(path.read_text() + "\n[weapon]\nlaser = 3\n")
    with pytest.raises(DataError, match="weapon.laser must be a table") as info:
        _load(chart_copy)
    assert info.value.line == len(path.read_text().splitlines())


def test_toml_syntax_error_and_missing_file(chart_copy):
    line = _edit(chart_copy / "combat.toml", "charges = 1", "charges = = 1")
    with pytest.raises(DataError, match="TOML syntax error") as info:
        _load(chart_copy)
    assert info.value.line == line
    with pytest.raises(DataError, match="file not found"):
        load_combat_charts(chart_copy / "nothing.toml", DATA_DIR / "combat.toml")


def test_a_printed_chart_typed_in_is_used(chart_copy):
    # an owner of the Player Aid types a different pistol line: the loader takes it as is
    _edit(chart_copy / "weapons.toml", "to_hit = [5, 6, 8, 11]", 'to_hit = [4, 5, 7, "-"]')
    _edit(chart_copy / "weapons.toml", 'doors = "1-2"', 'doors = "1"')
    typed = _load(chart_copy)
    assert typed.weapons["pistol"].to_hit == (4, 5, 7, None)
    assert str(typed.weapons["pistol"].doors) == "1"


def test_an_improvised_blow_is_never_weaker_than_a_fist(charts):
    rank = SEVERITY.index
    fist, club = charts.weapons["unarmed"], charts.weapons["improvised"]
    for armour in ARMOUR:
        assert all(rank(c) >= rank(f) for f, c in zip(fist.row(armour), club.row(armour),
                                                       strict=True))
