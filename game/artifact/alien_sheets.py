"""The alien species' control sheets as data: each species' powers and their numbers, read
from ``data/aliens.toml`` and checked on load.

Kept apart from the powers' rules (``aliens``) so that the modules those rules read, such
as the victory sheets, can ask what a species is without importing the rules back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .datafiles import TableReader, data_path, load_toml
from .deckplan import feynman
from .errors import DataError
from .sheets import KINDS, Sheets, default_sheets

USES = ("action", "drift", "security", "free")
DATA_FILE = data_path("aliens.toml")
POWERS = ("security", "command_robot", "move_ram", "drift", "suborn", "dominate", "release",
          "illusion", "disguise", "raise", "lay_egg")


# ---- the control sheets (data) -------------------------------------------------------------

@dataclass(frozen=True)
class Power:
    """One special action and its numbers (see the header of ``data/aliens.toml``)."""

    id: str
    name: str
    uses: str
    reach: int = 0
    target: int = 0
    kinds: tuple[str, ...] = ()
    most: int = 0
    squares: int = 0
    rounds: int = 0
    looks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Species:
    """One species' control sheet: its powers and what sets it apart."""

    id: str
    name: str
    powers: tuple[str, ...]
    presence: bool
    security_actions: int = 0
    ram_spaces: tuple[str, ...] = ()
    risen: str = ""
    hatched: str = ""


@dataclass(frozen=True)
class AlienSheets:
    species: dict[str, Species]
    powers: dict[str, Power]


def load_aliens(path: Path, sheets: Sheets) -> AlienSheets:
    """Read and check ``aliens.toml`` against the control sheets (``sheets``): every species
    of the alien sheet has an entry, every power is known and used by some species, every
    number is in range and every sheet or counter named exists."""
    data, text = load_toml(path)
    powers: dict[str, Power] = {}
    counters = {c.counter for c in sheets.characters.values()}
    for pid, body in (data.get("power") or {}).items():
        reader = TableReader(path, text, body, f"[power.{pid}]")
        if not isinstance(body, dict):
            raise reader.fail(None, "must be a table")
        reader.unknown({"name", "uses", "reach", "target", "kinds", "most", "squares",
                        "rounds", "looks"})
        if pid not in POWERS:
            raise reader.fail(None, f"no rule for a power {pid!r} ({', '.join(POWERS)})")
        uses = reader.get("uses", str)
        if uses not in USES:
            raise reader.fail("uses", f"uses must be one of {', '.join(USES)}")
        numbers = {}
        for key, low, high in (("reach", 0, 40), ("target", 0, 6), ("most", 0, 12),
                               ("squares", 0, 20), ("rounds", 0, 20)):
            value = reader.get(key, int, 0)
            if not low <= value <= high:
                raise reader.fail(key, f"{key} must be {low} to {high}")
            numbers[key] = value
        kinds = reader.strings("kinds", ())
        for kind in kinds:
            if kind not in KINDS:
                raise reader.fail("kinds", f"unknown kind {kind!r}")
        looks = reader.strings("looks", ())
        for look in looks:
            if look not in counters:
                raise reader.fail("looks", f"no counter {look!r} in factions.toml")
        powers[pid] = Power(pid, reader.get("name", str), uses, kinds=kinds, looks=looks,
                            **numbers)
    for pid, need in (("drift", "squares"), ("suborn", "most"), ("dominate", "most"),
                      ("lay_egg", "rounds"), ("illusion", "looks")):
        if pid in powers and not getattr(powers[pid], need):
            raise DataError(str(path), None, f"[power.{pid}]: needs {need}")
    species: dict[str, Species] = {}
    options = sheets.factions["alien"].options
    for sid, body in (data.get("species") or {}).items():
        reader = TableReader(path, text, body, f"[species.{sid}]")
        if not isinstance(body, dict):
            raise reader.fail(None, "must be a table")
        reader.unknown({"name", "powers", "presence", "security_actions", "ram_spaces",
                        "risen", "hatched"})
        if sid not in options:
            raise reader.fail(None, f"{sid!r} is not a species of the alien sheet")
        own = reader.strings("powers")
        for pid in own:
            if pid not in powers:
                raise reader.fail("powers", f"unknown power {pid!r}")
        entry = Species(sid, reader.get("name", str), own, reader.get("presence", bool),
                        reader.get("security_actions", int, 0),
                        reader.strings("ram_spaces", ()), reader.get("risen", str, ""),
                        reader.get("hatched", str, ""))
        for key in ("risen", "hatched"):
            sheet = getattr(entry, key)
            if sheet and (sheet not in sheets.characters
                          or sheets.characters[sheet].faction != "alien"
                          or sheets.characters[sheet].option):
                raise reader.fail(key, f"{key} must name an alien sheet of no species option")
        if any(powers[p].uses == "security" for p in own) and entry.security_actions < 1:
            raise reader.fail("security_actions", "security powers need security_actions")
        if "raise" in own and not entry.risen:
            raise reader.fail("risen", "raise needs the risen sheet")
        if "lay_egg" in own and not entry.hatched:
            raise reader.fail("hatched", "lay_egg needs the hatched sheet")
        if "move_ram" in own and not entry.ram_spaces:
            raise reader.fail("ram_spaces", "move_ram needs ram_spaces")
        for space in entry.ram_spaces:
            if ram_terminal(feynman(), space) is None:
                raise reader.fail("ram_spaces", f"{space!r} is no space with a major terminal")
        species[sid] = entry
    missing = [o for o in options if o not in species]
    if missing:
        raise DataError(str(path), None, f"no [species.*] for {', '.join(missing)}")
    unused = sorted(set(powers) - {p for s in species.values() for p in s.powers})
    if unused:
        raise DataError(str(path), None, f"power(s) no species has: {', '.join(unused)}")
    return AlienSheets(species, powers)


@cache
def default_aliens() -> AlienSheets:
    """The packaged species sheets (loaded once; immutable)."""
    return load_aliens(DATA_FILE, default_sheets())


def ram_terminal(plan, space: str) -> int | None:
    """The square of the major terminal in ``space`` on ``plan`` (None: it has none)."""
    return next((sq for sq, f in enumerate(plan.feature)
                 if f == "major_terminal" and plan.space_name(sq) == space), None)
