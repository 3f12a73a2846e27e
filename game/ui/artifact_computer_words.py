"""The Computer Operations, special-area and system-equipment notices of The Artifact in
words, for the seat's log (the computer panel draws the rest)."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` things as a player says it: "no hull breaches", "1 hull breach", "2 ..."."""
    many = many or one + "s"
    return f"no {many}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


def computer_notice(n, who: str, names: dict[str, str]) -> str | None:
    """The log line of a Computer Operations, special-area or system-equipment notice, in
    words (never an id), or None for other kinds."""
    kind = n.kind
    target = names.get(str(n.get("target", "")), "them")
    bonus = n.get("bonus")
    roll = f"rolled {n.get('roll')}" + (f" {bonus:+d}" if isinstance(bonus, int) and bonus
                                        else "") + f", needed {n.get('needed')}"
    said = {
        "control_start": f"{who} holds Computer Control.",
        "control_given": f"{who} handed Computer Control over.",
        "control_lost": f"{who} no longer holds Computer Control.",
        "control_received": f"{who} was handed Computer Control.",
        "hack": f"{who} hacked the computer: {roll}: "
                + ("Computer Control is yours." if n.get("success") else "failed."),
        "hack_lift": f"{who} hacked lift {n.get('lift')}: {roll}: "
                     + ("the car is sent." if n.get("success") else "failed."),
        "cancel_self_destruct": f"{who} tried to stop the self-destruct: {roll}: "
                                + ("it will stop." if n.get("success") else "failed."),
        "self_destruct_ordered": f"{who} ordered the self-destruct "
                                 + (f"set to {n.get('turns')} turns." if n.get("turns")
                                    else "cancelled."),
        "self_destruct": f"SHIP ANNOUNCEMENT: {n.get('text', '')}",
        "drive_detonation": "The drives detonate.",
        "loudspeaker": f"{who} speaks on the loudspeakers (heard at Global Updates): "
                       f"{n.get('text', '')}",
        "ladder": f"{who} climbed the emergency ladder to the {n.get('end')} end of lift "
                  f"{n.get('lift')}.",
        "geiger": f"{who}'s Geiger counter: "
                  + (f"the signature is in {n.get('segment')}, "
                     + " and ".join(n.get("directions") or []) + "."
                     if n.get("found") else f"no signature in {n.get('segment')}."),
        "treated": f"{who} was {n.get('done')} by someone.",
    }
    if kind in said:
        return said[kind]
    if kind == "computer_report":
        hacks = len(n.get("hacks") or [])
        breaches = len(n.get("breaches") or [])
        return (f"Computer report: {counted(hacks, 'hacking attempt')} since your last "
                f"turn, {counted(breaches, 'hull breach', 'hull breaches')}; lift cars "
                "shown.")
    if kind == "snoop":
        switched = {"dark": "; lights out", "lit": "; lights on", "locked": "; hatches locked",
                    "unlocked": "; hatches unlocked",
                    "away": "; it has left its dock and its cameras answer to it alone",
                    }.get(n.get("result", ""), "")
        seen = n.get("seen")
        told = counted(seen, "counter") if isinstance(seen, int) else "some counters"
        return f"{who} snooped {n.get('segment')}: {told} seen{switched}."
    if kind == "command_robot":
        name = n.get("name", "the robot")
        return (f"{who} took command of the {name}." if n.get("success") else
                f"{who} could not take command of the {name}: it answers to someone else.")
    if kind in ("medlab", "mechanic"):
        done = n.get("done")
        if not done:
            return f"{who} could not help: {n.get('why')}."
        if kind == "medlab":
            return f"{who}: {target} {done}."
        if n.get("work") == "identify":
            return f"{who} examined it: this Artifact is {done}."
        return f"{who}: {n.get('work', '').replace('_', ' ')} done ({done})."
    if kind == "hatch_lock":
        return f"{who}: {n['why']}." if n.get("why") else \
            f"{who} {'locked' if n.get('locked') else 'unlocked'} the hatch."
    if kind == "jammed_on_purpose":
        holder = names.get(str(n.get("holder", "")), "its holder")
        return f"{who} jammed {holder}'s {n.get('weapon', 'weapon')} on purpose."
    if kind == "weld":
        return f"{who}: {n['why']}." if n.get("why") else \
            f"{who} {'welded the hatch shut' if n.get('done') == 'welded' else 'cut the weld'}."
    if kind == "shields":
        state = "up" if n.get("up") else "down"
        return f"{who}: {n['why']}; the shields are {state}." if n.get("why") else \
            f"{who} set the shields {state}."
    return None
