"""Combat notices in plain words, as a player at the table would be told them.

The engine tells the attacker every outcome at once (the ``attack`` notice: per shot the
target, the dice, the number needed and what it saw) and the victim's owner at its next
Situation Update (``wounded``, ``telegram``); this module turns those notices, and the
other combat ones (clearing a jam, covering a square, first aid, repairs, booby traps,
thermite mines, casualties), into one line each. Counters are named as the seat's map shows them,
never by id or token; an id the seat has no name for is "someone".
"""

from __future__ import annotations

from game.artifact.sheets import default_sheets
from game.ui import theme
from game.ui.artifact_computer_words import counted

#: How a weapon ends a volley, in words (``weapon_state`` of an attack notice).
WEAPON_AFTER = {
    "jammed": "The {w} jams: clear it before it fires again.",
    "overheated": "The {w} overheats and shuts down until a mechanic repairs it.",
    "broken": "The {w} breaks and is thrown away.",
}
#: What the Bug Aliens' recovery roll says.
BUG_FATE = {"dead": "dies of its wounds", "stunned": "was only stunned and rises again"}


def faction_words(hostile: str) -> str:
    """Whom an opportunity-fire marker fires at, in words."""
    if hostile == "anyone":
        return "anyone not yours"
    factions = default_sheets().factions
    if hostile not in factions:
        return "anyone not yours"
    name = factions[hostile].name
    if name.startswith("The "):
        return f"the {name[4:]}'s characters"
    return f"{name} characters"


def _space(value) -> str:
    """The space a notice's square lies in, by name (a player's map has no grid to read
    coordinates against)."""
    from game.ui.artifact_pieces import place_name

    if isinstance(value, (list, tuple)) and len(value) == 2:
        return place_name(tuple(value))
    return "the ship"


def _in(value) -> str:
    """"in Main Corridor", or "outside the hull"."""
    where = _space(value)
    return where if where == "outside the hull" else f"in {where}"


def _square(value) -> str:
    return f"a square {_in(value)}"


def _target(value, names: dict[str, str]) -> str:
    if isinstance(value, str):
        return names.get(value, "someone") if value else ""
    return _square(value)


def _harm_list(results, none: str) -> str:
    """Who was caught in a blast, a trap or a mine, and what the seat saw of each."""
    told = [f"{r.get('who') or 'someone unseen'}: {r.get('result', '')}"
            for r in results or [] if isinstance(r, dict)]
    return " ".join(told) if told else none


def shot_words(shot: dict, names: dict[str, str]) -> str:
    """One shot of an attack notice: at whom, the roll against the number, what happened."""
    aimed = _target(shot.get("target"), names)
    roll = shot.get("roll")
    needed = shot.get("needed")
    parts = []
    if isinstance(roll, list) and len(roll) == 2:
        dice = f"rolled {roll[0]} and {roll[1]}"
        parts.append(f"{dice}, needed {needed}" if needed else dice)
        parts.append("hit" if shot.get("hit") else "missed")
    head = f"At {aimed}: " if aimed else ""
    said = (", ".join(parts) + ". ") if parts else ""
    result = str(shot.get("result") or "")
    if shot.get("blast"):
        result += " Blast: " + _harm_list(shot.get("blast"), "nobody caught in it.")
    return (head + said + result).strip()


def combat_notice(n, names: dict[str, str]) -> tuple[str, tuple] | None:
    """The words and colour of a combat notice, or None for any other kind."""
    kind = n.kind
    who = names.get(str(n.get("character", "")), "someone")
    if kind == "attack":
        weapon = n.get("weapon") or "weapon"
        fire = str(n.get("fire") or "")
        how = f"{who} attacks with the {weapon}" + (f" ({fire.lower()})" if fire else "")
        shots = " ".join(shot_words(s, names) for s in n.get("shots") or []
                         if isinstance(s, dict))
        after = WEAPON_AFTER.get(str(n.get("weapon_state")), "").format(w=weapon)
        hit = any(isinstance(s, dict) and s.get("hit") for s in n.get("shots") or [])
        return (f"{how}. {shots} {after}".strip(),
                theme.VERMILLION if hit else theme.ORANGE)
    if kind == "wounded":
        return (f"{who} was hit: {str(n.get('result', 'hurt')).lower()}.", theme.VERMILLION)
    if kind == "unjam":
        done = "cleared" if n.get("cleared") else "still jammed"
        return (f"{who} works on the jammed {n.get('weapon', 'weapon')}: rolled "
                f"{n.get('roll')}" + (f" (counts {n.get('total')})"
                                      if n.get("total") != n.get("roll") else "")
                + f", {done}.", theme.INK)
    if kind == "opportunity_fire":
        return (f"{who} covers {_square(n.get('square'))}: it fires at "
                f"{faction_words(str(n.get('hostile', 'anyone')))} entering it.", theme.INK)
    if kind == "opportunity_triggered":
        return (f"Opportunity fire: someone entered the square you cover "
                f"{_in(n.get('square'))} and was stopped there; you fire at the start "
                "of your turn.", theme.ORANGE)
    if kind == "trap_went_off":
        return ("Your booby trap " + _in(n.get("square")) + " goes off. "
                + _harm_list(n.get("results"), "Nobody was caught in it."), theme.ORANGE)
    if kind == "drive_detonation":
        return "The drives detonate: the Feynman blows apart.", theme.VERMILLION
    if kind == "first_aid":
        patient = names.get(str(n.get("patient", "")), "the patient")
        tool = "a medkit" if n.get("how") == "medkit" else "first aid"
        if n.get("done"):
            return f"{who} uses {tool} on {patient}: {n.get('done')}.", theme.GREEN
        return f"{who} tries {tool} on {patient}: {n.get('why', 'no help')}.", theme.ORANGE
    if kind == "treated":
        return f"{who} was given first aid: {n.get('done', 'treated')}.", theme.GREEN
    if kind == "bug_recovery":
        return (f"{who} {BUG_FATE.get(str(n.get('result')), 'lies still')}.",
                theme.PURPLE)
    if kind == "traps_inspected":
        found = int(n.get("disarmed") or 0)
        what = (f"found and disarmed {counted(found, 'booby trap')}" if found
                else "found no booby trap")
        return f"{who} inspects {_square(n.get('square'))}: {what}.", theme.INK
    if kind == "trap_disarmed":
        return f"Your booby trap {_in(n.get('square'))} was disarmed.", theme.ORANGE
    if kind == "mine_set":
        return f"{who} sets a thermite mine {_in(n.get('square'))}.", theme.INK
    if kind == "mine_primed":
        return (f"The thermite mine {_in(n.get('square'))} will go off at the end "
                "of the round.", theme.ORANGE)
    if kind == "mine_went_off":
        return ("The thermite mine " + _in(n.get("square")) + " burns. "
                + _harm_list(n.get("results"), "Nobody was caught in it."), theme.ORANGE)
    if kind == "trap_set":
        return f"{who} sets a booby trap {_in(n.get('square'))}.", theme.INK
    if kind == "repair":
        thing = names.get(str(n.get("target", "")), "it")
        roll = f" (rolled {n.get('roll')})" if n.get("roll") is not None else ""
        if n.get("done"):
            return f"{who} works on {thing}{roll}: {n.get('done')}.", theme.GREEN
        return f"{who} works on {thing}{roll}: {n.get('why', 'no luck')}.", theme.INK
    if kind == "repaired":
        thing = names.get(str(n.get("character") or n.get("item") or ""), "one of yours")
        return f"A mechanic has {n.get('done', 'repaired')} {thing}.", theme.GREEN
    if kind == "casualty":
        casualty = names.get(str(n.get("casualty", "")), "the casualty")
        if n.get("carried"):
            team = " (two carry it now)" if n.get("team") == 2 else ""
            return f"{who} picks up {casualty}{team}.", theme.INK
        return f"{who} puts {casualty} down.", theme.INK
    return None
