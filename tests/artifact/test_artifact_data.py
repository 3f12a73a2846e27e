"""Component data: the packaged files load and hold the rulebook's facts; malformed files
fail with the file, line and reason."""

from __future__ import annotations

import shutil

import pytest

from game.artifact.datafiles import DATA_DIR
from game.artifact.deckplan import feynman, load_deckplan
from game.artifact.errors import DataError
from game.artifact.sheets import default_sheets, load_factions, load_items, load_movement


def test_deck_plan_has_every_named_place():
    plan = feynman()
    for name in ("Command Pod", "Computer Room", "Astrophysics Lab", "Engineering Deck",
                 "Drive Room", "Machine Shop", "Medlab", "Biolab", "Expeditionary Equipment",
                 "Spacesuit Locker", "Main Airlock", "Port Shuttle Lock", "Cutter Cabin",
                 "Starboard Shuttle Lock", "Lorry Cabin", "Life Support", "Galley",
                 "Lounge A", "Lounge B", "Head A", "Head B"):
        assert name in plan.space_names, name
    for n in range(1, 16):
        assert f"Stateroom {n}" in plan.space_names
    ring = [n for n in plan.segment_names if n.startswith("Ring Segment")]
    assert len(ring) == 7
    features = set(plan.feature)
    assert {"major_terminal", "minor_terminal", "shield_generator", "drive", "lift_stop",
            "control_seat", "turret"} <= features
    assert {t for t in plan.terrain} >= {"clear", "cluttered", "obstructed", "blocked",
                                           "space", "void"}
    assert "glass" in plan.vedge + plan.hedge and "door" in plan.vedge + plan.hedge


def test_gravity_only_in_the_ring_and_lifts_are_the_only_way_there():
    plan = feynman()
    ring = plan.region("Ring")
    ring_stops = {lift.ends[1] for lift in plan.lifts}
    for square in range(len(plan.terrain)):
        if plan.passable(square):
            assert plan.is_zero_g(square) == (square not in ring | ring_stops), square
    assert plan.is_zero_g(plan.sq(16, 7))
    # walking from the hull never reaches the ring: only the lift cars cross
    start = plan.sq(4, 7)
    seen = {start}
    todo = [start]
    while todo:
        cur = todo.pop()
        for nxt, _diag, _hatch in plan.neighbours(cur):
            if nxt not in seen and plan.feature[nxt] != "lift_stop":
                seen.add(nxt)
                todo.append(nxt)
    assert not seen & ring
    assert {lift.name for lift in plan.lifts} == {"1", "2"}


def test_airlocks_and_hatches():
    plan = feynman()
    names = {h.name: h for h in plan.hatches}
    for name in ("Port Lock Inner Hatch", "Port Lock Outer Hatch", "Main Airlock Inner Hatch",
                 "Ring Hatch 7-1", "Ring Hatch 3-4", "Astrophysics Hatch", "Hub Hatch"):
        assert name in names
    port = plan.segment_names.index("Port Shuttle Lock")
    assert plan.airlock[port]
    assert len([h for h in plan.hatches if port in h.segments]) == 2


def test_movement_chart_matches_the_example():
    sheets = default_sheets()
    human = sheets.movement["human"]
    assert human.allowance("jog", zero_g=True, encumbered=False) == 2
    assert human.allowance("jog", zero_g=False, encumbered=False) == 4
    assert (human.allowance("walk", zero_g=True, encumbered=False) + 1) // 2 == 1
    assert (human.allowance("run", zero_g=True, encumbered=False) + 1) // 2 == 2
    assert human.allowance("run", zero_g=False, encumbered=True) < human.allowance(
        "run", zero_g=False, encumbered=False)


@pytest.fixture
def data_copy(tmp_path):
    for name in ("feynman.map", "legend.toml", "deck.toml", "equipment.toml", "movement.toml",
                 "factions.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def _replace(path, old, new, count=1):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def _line_of(path, text):
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def _deck(d):
    return load_deckplan(d / "feynman.map", d / "legend.toml", d / "deck.toml")


def test_bad_map_character_names_file_line_and_column(data_copy):
    lines = (data_copy / "feynman.map").read_text().splitlines()
    lines[10] = lines[10][:3] + "?" + lines[10][4:]
    (data_copy / "feynman.map").write_text("\n".join(lines) + "\n")
    with pytest.raises(DataError) as info:
        _deck(data_copy)
    assert info.value.line == 11 and "feynman.map" in str(info.value)
    assert "column 4" in str(info.value) and "'?'" in str(info.value)


def test_unnamed_space_is_reported(data_copy):
    _replace(data_copy / "deck.toml", '[[space]]\nname = "Galley"\nat = [1, 31]\n', "")
    with pytest.raises(DataError, match=r"space at \[1, 31\] has no \[\[space\]\] name"):
        _deck(data_copy)


def test_anchor_outside_the_ship(data_copy):
    _replace(data_copy / "deck.toml", "at = [1, 31]", "at = [0, 0]")
    with pytest.raises(DataError, match="not inside the ship") as info:
        _deck(data_copy)
    assert info.value.line is not None and "deck.toml" in str(info.value)


def test_bad_legend_terrain(data_copy):
    _replace(data_copy / "legend.toml", '":" = { terrain = "cluttered" }',
             '":" = { terrain = "muddy" }')
    with pytest.raises(DataError, match="terrain must be one of") as info:
        _deck(data_copy)
    assert info.value.line == (data_copy / "legend.toml").read_text().splitlines().index(
        '":" = { terrain = "muddy" }') + 1


def test_hatch_name_on_a_wall(data_copy):
    _replace(data_copy / "deck.toml", 'at = [19, 7]\nside = "E"', 'at = [19, 7]\nside = "N"')
    with pytest.raises(DataError, match="no hatch on that side"):
        _deck(data_copy)


def test_toml_syntax_error_has_a_line(data_copy):
    _replace(data_copy / "equipment.toml", "price = 4", "price = = 4")
    with pytest.raises(DataError, match="TOML syntax error") as info:
        load_items(data_copy / "equipment.toml")
    assert info.value.line == _line_of(data_copy / "equipment.toml", "price = = 4")


def test_bad_field_values_point_at_their_line(data_copy):
    _replace(data_copy / "equipment.toml", "price = 4", "price = -4")
    with pytest.raises(DataError, match="negative") as info:
        load_items(data_copy / "equipment.toml")
    assert info.value.line == _line_of(data_copy / "equipment.toml", "price = -4")
    items = load_items(DATA_DIR / "equipment.toml")
    movement = load_movement(DATA_DIR / "movement.toml")
    _replace(data_copy / "factions.toml", 'skills = ["Hands", "Pilot", "Plasma", "Tough"]',
             'skills = ["Hands", "Juggling"]')
    with pytest.raises(DataError, match="unknown skill 'Juggling'") as info:
        load_factions(data_copy / "factions.toml", items, movement)
    text = (data_copy / "factions.toml").read_text().splitlines()
    assert text[info.value.line - 1].startswith("skills")
    _replace(data_copy / "movement.toml", "jog = 4", "jog = 9")
    with pytest.raises(DataError, match="walk <= jog <= run"):
        load_movement(data_copy / "movement.toml")


def test_missing_file():
    with pytest.raises(DataError, match="file not found"):
        load_items(DATA_DIR / "no-such-file.toml")


def test_hatch_inside_one_segment_is_refused():
    from game.artifact.deckplan import deckplan_from_text

    # a hatch with open floor around it joins a segment to itself
    grid = "\n".join(["+-+-+", "|. .|", "+ + +", "|.H.|", "+-+-+"])
    with pytest.raises(DataError, match="must join two segments"):
        deckplan_from_text(grid)
    fine = "\n".join(["+-+-+", "|.H.|", "+-+-+"])
    assert len(deckplan_from_text(fine).hatches) == 1


def test_ship_stores_are_validated(tmp_path):
    from game.artifact.customize import load_stores, ship_stores

    plan = feynman()
    sheets = default_sheets()
    assert ("pistol", plan.sq(11, 10)) in ship_stores()
    bad = tmp_path / "stores.toml"
    bad.write_text('[[store]]\nitem = "pistol"\nat = [0, 0]\n')
    with pytest.raises(DataError, match="not an open square aboard") as info:
        load_stores(bad, sheets, plan)
    assert info.value.line == 3
    bad.write_text('[[store]]\nitem = "laser"\nat = [11, 10]\n')
    with pytest.raises(DataError, match="not a piece of equipment") as info:
        load_stores(bad, sheets, plan)
    assert info.value.line == 2
