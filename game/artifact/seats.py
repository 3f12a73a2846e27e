"""Seats at the table: the faction mix for 3 to 8 players (rulebook: Select Faction Mix).

A *seat* is one faction player's place at the table; the Judge is a role of its own
(``JUDGE``) and never a seat. Where the rulebook combines a faction with the Judge
("Phone Co./Judge") the seat is marked ``judge_also``: the digital Judge still joins
separately and the combined seat is simply handed to the same person. Seats listed in
``shares_map_with`` see one common map (two aliens, two phone companies, two pirates).
The order of the tuple is the order of play: the Pirates move first, then clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ArtifactError

JUDGE = "judge"

FACTIONS = ("pirates", "phoneco", "scientist", "alien")


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a faction mix."""

    id: str
    faction: str
    shares_map_with: str | None = None
    judge_also: bool = False

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "faction": self.faction,
            "shares_map_with": self.shares_map_with,
            "judge_also": self.judge_also,
        }


def faction_mix(players: int) -> tuple[SeatSpec, ...]:
    """The seats for ``players`` people (the Judge counts as a player, as in the rulebook)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ArtifactError(f"players must be a whole number from 3 to 8, got {players!r}")
    if not 3 <= players <= 8:
        raise ArtifactError(f"The Artifact is for 3 to 8 players, got {players}")
    pirates = SeatSpec("pirates", "pirates")
    pirates2 = SeatSpec("pirates2", "pirates", shares_map_with="pirates")
    scientist = SeatSpec("scientist", "scientist")
    if players == 3:
        return (pirates, SeatSpec("phoneco", "phoneco", judge_also=True), scientist)
    if players == 4:
        return (
            pirates,
            SeatSpec("phoneco", "phoneco"),
            scientist,
            SeatSpec("alien", "alien", judge_also=True),
        )
    phoneco = SeatSpec("phoneco", "phoneco")
    alien = SeatSpec("alien", "alien")
    if players == 5:
        return (pirates, phoneco, scientist, alien)
    alien2 = SeatSpec("alien2", "alien", shares_map_with="alien")
    if players == 6:
        return (pirates, phoneco, scientist, alien, alien2)
    phoneco2 = SeatSpec("phoneco2", "phoneco", shares_map_with="phoneco")
    if players == 7:
        return (pirates, phoneco, phoneco2, scientist, alien, alien2)
    return (pirates, pirates2, phoneco, phoneco2, scientist, alien, alien2)


def describe_mix(players: int, short: bool = False) -> str:
    """In words, who sits at a table of ``players`` people (the Judge counted): each
    seat by its faction's name, which seat the Judge's person also plays, and which seats
    share a map. ``short``: one clause for a help text."""
    from .sheets import default_sheets

    factions = default_sheets().factions
    seats = faction_mix(players)
    counts: dict[str, int] = {}
    for spec in seats:
        counts[spec.faction] = counts.get(spec.faction, 0) + 1
    names = [factions[f].name if n == 1 else f"{factions[f].name} (two seats, one map)"
             for f, n in counts.items()]
    judged = [factions[s.faction].name for s in seats if s.judge_also]
    if short:
        text = f"{players}: " + ", ".join(names)
        return text + (f" ({judged[0]} played by the Judge)" if judged else "")
    text = (f"{players} players counting the Judge: {len(seats)} seats ({', '.join(names)}) "
            "and the Judge")
    if judged:
        text += (f"; the Judge's person also plays {judged[0]} (its join string is a seat "
                 "of its own; open it in a second window or hand it over)")
    return text + "."


def allied(a: SeatSpec, b: SeatSpec) -> bool:
    """Whether two seats play one side: the eighth player's pirate seat shares the first
    pirate seat's map and victory conditions. Seats that only share a map (two phone
    companies, two aliens) are rivals."""
    return a.faction == b.faction == "pirates" and map_of(a) == map_of(b)


def map_of(spec: SeatSpec) -> str:
    """The id of the map a seat plays on (shared maps are named after their first seat)."""
    return spec.shares_map_with or spec.id
