"""Player-facing words for what the Artifact's data names by id: the factions' private
options (``data/artifact_options.toml``) and the ids and tokens a notice may carry.

The option file is checked against the control sheets when first read: every option of
every faction has a name and a line of explanation, and nothing else is there; a file that
does not fit is reported in one line naming what is wrong.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from game.artifact.sheets import default_sheets

OPTIONS_FILE = "artifact_options.toml"

#: The four facings as a player says them.
FACING_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: The hull's two faces (the rulebook's EVA marker, and the marker turned round): the title
#: over each face's drawing, where a figure on it is, and what its counter's badge says.
HULL_FACE_TITLES = {"dorsal": "On top of the hull", "ventral": "Underneath the hull"}
HULL_FACE_PLACES = {"dorsal": "the top of the hull over the",
                    "ventral": "the underside of the hull below the"}
HULL_FACE_WORDS = {"dorsal": "on top of the hull", "ventral": "underneath the hull"}


class WordsError(Exception):
    """The option words file is missing, unreadable or does not fit the control sheets."""


@dataclass(frozen=True)
class OptionWords:
    """A private option as a player reads it."""

    name: str
    about: str


def parse_options(text: str, source: str = OPTIONS_FILE) -> dict[tuple[str, str], OptionWords]:
    """{(faction, option): words} from the file's text, checked against the sheets."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise WordsError(f"{source}: not valid TOML: {exc}") from None
    sheets = default_sheets()
    wanted = {(f, o) for f, faction in sheets.factions.items() for o in faction.options}
    out: dict[tuple[str, str], OptionWords] = {}
    for faction, options in data.items():
        if not isinstance(options, dict):
            raise WordsError(f"{source}: [{faction}] must be a table of options")
        for option, entry in options.items():
            if (faction, option) not in wanted:
                raise WordsError(f"{source}: {faction}.{option} is no option of the sheets")
            if not isinstance(entry, dict) or set(entry) != {"name", "about"} or not all(
                    isinstance(v, str) and v.strip() for v in entry.values()):
                raise WordsError(f"{source}: {faction}.{option} wants a name and an about "
                                 "line, both text")
            out[(faction, option)] = OptionWords(entry["name"], entry["about"])
    missing = sorted(wanted - set(out))
    if missing:
        raise WordsError(f"{source}: no words for {', '.join(f'{f}.{o}' for f, o in missing)}")
    return out


@lru_cache(maxsize=1)
def option_words() -> dict[tuple[str, str], OptionWords]:
    """The bundled option words (read and checked once)."""
    path = resources.files("game.ui") / "data" / OPTIONS_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise WordsError(f"{OPTIONS_FILE}: cannot be read: {exc}") from None
    return parse_options(text)


def option_name(faction: str, option: str) -> str:
    """The option's name for players (an option the sheets do not have: "a secret")."""
    found = option_words().get((faction, option))
    return found.name if found else "a secret option"


def option_about(faction: str, option: str) -> str:
    found = option_words().get((faction, option))
    return found.about if found else ""


def species_name(option: str) -> str:
    """An alien species (an alien faction option) by its name."""
    return option_name("alien", option)
