"""Component data: the bundled pads obey every constraint the rulebook implies, and a
malformed pads file fails with the file, the line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.herald.errors import PadsError
from game.herald.holomap import DIRECTIONS, adjacent, direction_between, neighbour
from game.herald.pads import BUNDLED, FIELDS, SUBJECTS, load_pads


@pytest.fixture(scope="module")
def pads():
    return load_pads()


def test_holomap_has_earth_two_lis_points_and_the_source(pads):
    h = pads.holomap
    assert h.earth in h.regions and h.source in h.regions
    assert len(set(h.lis_points)) == 2 and all(p in h.regions for p in h.lis_points)
    assert len({h.earth, h.source, *h.lis_points}) == 4
    # there is an edge: some neighbours of regions are off the map
    assert any(neighbour(r, d) not in h.regions for r in h.regions for d in DIRECTIONS)


def test_odd_r_neighbours_and_adjacency():
    assert neighbour((2, 2), "UL") == (1, 1) and neighbour((2, 2), "UR") == (2, 1)
    assert neighbour((2, 1), "UL") == (2, 0) and neighbour((2, 1), "UR") == (3, 0)
    assert neighbour((2, 1), "DL") == (2, 2) and neighbour((2, 1), "DR") == (3, 2)
    for d in DIRECTIONS:
        for start in ((3, 3), (3, 4)):
            n = neighbour(start, d)
            assert adjacent(start, n) and adjacent(n, start)
            assert direction_between(start, n) == d
    assert not adjacent((3, 3), (3, 3)) and not adjacent((0, 0), (2, 0))


def test_event_matrix_fixed_events(pads):
    assert len(pads.events) == 3 and all(len(c) == 8 for c in pads.events)
    vib = pads.events[1][0]
    assert vib.name == "Vibrations" and vib.subjects == ("BIO", "COM") and vib.effort == 4
    assert pads.events[1][4].name == "Survival"
    for column in pads.events:
        for ev in column:
            # effort after the Event Reading (+0/+1) and Bad Reputation (+1) stays in 3..6
            assert ev.effort >= 3 and ev.effort + 2 <= 6
            assert ev.outcome in ("+SUP", "+DIP", "+RES", "-LEA", "-TIM", "-REP")
            assert ev.subjects[0] != ev.subjects[1]


def test_officers_two_per_field_and_two_experts_per_subject(pads):
    assert len(pads.officers) == 8
    for field_, subjects in FIELDS.items():
        members = [o for o in pads.officers if o.field == field_]
        assert len(members) == 2
        for o in members:
            assert sorted(o.expertise) == sorted(subjects)
            assert sorted(o.expertise.values()) == [1, 2]
    for subject in SUBJECTS:
        assert sorted(o.expertise[subject] for o in pads.experts(subject)) == [1, 2]
    named = {o.name: o for o in pads.officers}
    assert named["Lt. Buma"].expertise["BIO"] == 2
    assert named["Ens. Rash"].expertise["BIO"] == 1
    assert named["Ens. Guwer"].expertise["COM"] == 2
    assert named["Lt. Shaniev"].expertise["COM"] == 1
    assert all(o.max_effectiveness in (3, 4) for o in pads.officers)


def test_time_track_has_24_spaces_and_three_countdown_ranges(pads):
    track = pads.time_track
    assert track.spaces == 24 and track.start == 24 and track.countdown_start == 3
    assert sorted(track.countdown_ranges) == [1, 2, 3]
    assert all(low == 1 and 1 <= high <= 6 for low, high in track.countdown_ranges.values())


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = BUNDLED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "pads.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def _earth_row() -> str:
    return next(line.strip().rstrip(",") for line in BUNDLED.read_text().splitlines()
                if line.strip().startswith('"E'))


def _countdown_line() -> str:
    return next(line for line in BUNDLED.read_text().splitlines() if line.startswith("3 = "))


def _first_full_row() -> str:
    return next(line.strip().rstrip(",") for line in BUNDLED.read_text().splitlines()
                if line.strip().startswith('". .'))


CASES = [
    ('subjects = ["BIO", "COM"]\neffort = 4', 'subjects = ["BIO", "COM"]\neffort = 5',
     "effort = 5", "3..6"),
    ('outcome = "+RES"', 'outcome = "+XYZ"', "+XYZ", "outcome must be one of"),
    ("expertise = { BIO = 2, PHY = 1 }", "expertise = { BIO = 2, PHY = 2 }",
     "BIO = 2, PHY = 2", "expertise must give 2"),
    ("max_effectiveness = 4", "max_effectiveness = 5", "max_effectiveness = 5",
     "between 3 and 4"),
    (_countdown_line(), '3 = "2-9"', '3 = "2-9"', "countdown range"),
    (_earth_row(), _earth_row().replace("S", "."), "rows = [", "Source"),
    (_earth_row(), _earth_row()[:-3] + '"', _earth_row()[:-3] + '"', "hexes"),
    (_first_full_row(), _first_full_row().replace(". .", "? .", 1), '"? .', "unknown symbol"),
]


@pytest.mark.parametrize(("old", "new", "needle", "reason"), CASES)
def test_bad_pads_name_file_line_and_reason(tmp_path, old, new, needle, reason):
    path = _broken(tmp_path, old, new)
    with pytest.raises(PadsError) as err:
        load_pads(path)
    message = str(err.value)
    assert message.startswith(f"{path}:{_line_of(path, needle)}:"), message
    assert reason in message
    assert "\n" not in message


def test_not_toml_and_missing_file(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[holomap\nrows = 3\n")
    with pytest.raises(PadsError, match=r"bad\.toml:1: not valid TOML"):
        load_pads(path)
    with pytest.raises(PadsError, match="cannot read"):
        load_pads(tmp_path / "missing.toml")


def test_vibrations_must_stay_put(tmp_path):
    path = _broken(tmp_path, 'name = "Vibrations"', 'name = "Tremors"')
    with pytest.raises(PadsError, match="Vibrations"):
        load_pads(path)


def test_real_values_can_be_typed_in(tmp_path):
    """A copy with different (still valid) values loads and is used."""
    path = _broken(tmp_path, _countdown_line(), '3 = "1-1"')
    assert load_pads(path).time_track.countdown_ranges[3] == (1, 1)
