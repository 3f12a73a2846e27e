"""Every decision of The Artifact as a small frozen value, with a strict plain form.

Actions travel from seats to the host as plain dicts (msgpack and JSON both carry them):
``{"type": "move", "character": "kyoshi", "mode": "jog", "path": [[16, 6]], "facing": "W"}``.
``action_from_dict`` decodes through the one codec (``codec.from_plain``, bounded): unknown
types, missing or extra fields, wrong field types and oversized values raise
``InvalidAction``. Whether an action is *legal* is the engine's business.

Squares are ``(x, y)`` pairs on the one deck-plan canvas (see docs/artifact-deck-plan.md).
Facings are ``"N" "E" "S" "W"``. The action types of later rules (attacks, skills, security
actions ...) are listed as data shapes in docs/artifact-engine.md and added here with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .codec import CodecError, from_plain, to_plain
from .errors import InvalidAction

Square = tuple[int, int]


class Action:
    """Base of all actions: a ``TYPE`` tag; ``to_dict`` is its plain form (``codec``)."""

    TYPE: ClassVar[str] = ""

    def to_dict(self) -> dict:
        return to_plain(self)


# ---- lobby (Game Setup) -----------------------------------------------------------------------

@dataclass(frozen=True)
class AssignFaction(Action):
    """Judge's fiat: the named player takes the seat (Assign Factions)."""

    TYPE: ClassVar[str] = "assign_faction"
    player: str
    seat: str


@dataclass(frozen=True)
class AssignSpecies(Action):
    """Judge's secret choice of an alien seat's species (six- and more-player mixes)."""

    TYPE: ClassVar[str] = "assign_species"
    seat: str
    species: str


@dataclass(frozen=True)
class VoteEncryption(Action):
    """A seat's vote on allowing secret one-on-one conferences (Encryption)."""

    TYPE: ClassVar[str] = "vote_encryption"
    allow: bool


@dataclass(frozen=True)
class Customize(Action):
    """A seat's private order (Customize Factions).

    ``option``: the sheet's private option ("gmen", an alien species ...) or "".
    ``roster``: the optional characters picked. ``items``: (item type, holder) pairs, holder
    a character id of the seat or "" for things placed on the map (robots, traps, a fake).
    ``partner``: in the eight-player game, the four pirates handed to the second pirate seat.
    """

    TYPE: ClassVar[str] = "customize"
    option: str = ""
    roster: tuple[str, ...] = ()
    items: tuple[tuple[str, str], ...] = ()
    partner: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlaceForces(Action):
    """A seat's placement of every character and map-placed item: (thing, x, y, facing)."""

    TYPE: ClassVar[str] = "place_forces"
    places: tuple[tuple[str, int, int, str], ...]


@dataclass(frozen=True)
class ReturnPlacement(Action):
    """Judge's conflict check: send a seat back to placing, with a private note."""

    TYPE: ClassVar[str] = "return_placement"
    seat: str
    note: str = ""


@dataclass(frozen=True)
class PlaceRobot(Action):
    """Judge places one of the Feynman's inactive robots."""

    TYPE: ClassVar[str] = "place_robot"
    robot: str
    x: int
    y: int
    facing: str = "N"


@dataclass(frozen=True)
class StartPlay(Action):
    """Judge ends setup; the Pirates take the first turn."""

    TYPE: ClassVar[str] = "start_play"


# ---- character actions (Actions List) -----------------------------------------------------------

@dataclass(frozen=True)
class Move(Action):
    """Move (walk, jog or run) along ``path`` (squares entered, in order), then face.

    An empty path turns in place."""

    TYPE: ClassVar[str] = "move"
    character: str
    mode: str
    path: tuple[Square, ...]
    facing: str


@dataclass(frozen=True)
class MoveThenPickUp(Action):
    """Move (walk or jog), then pick up / drop / switch items in the square reached."""

    TYPE: ClassVar[str] = "move_then_pick_up"
    character: str
    mode: str
    path: tuple[Square, ...]
    take: tuple[str, ...]
    drop: tuple[str, ...]
    facing: str


@dataclass(frozen=True)
class PickUpDrop(Action):
    """Pick up, drop or switch (both at once) items in the character's square."""

    TYPE: ClassVar[str] = "pick_up_drop"
    character: str
    take: tuple[str, ...]
    drop: tuple[str, ...]
    facing: str


@dataclass(frozen=True)
class CheckStatus(Action):
    """Check the status of a downed character in the same square."""

    TYPE: ClassVar[str] = "check_status"
    character: str
    target: str
    facing: str


@dataclass(frozen=True)
class WearSuit(Action):
    """Put on a spacesuit, sneaksuit or space armour: takes this action and the next turn's."""

    TYPE: ClassVar[str] = "wear_suit"
    character: str
    suit: str
    facing: str


@dataclass(frozen=True)
class MoveLiftCar(Action):
    """Send a lift car to the other end of its shaft, with everyone in it."""

    TYPE: ClassVar[str] = "move_lift_car"
    character: str
    lift: str
    facing: str


@dataclass(frozen=True)
class ActivateInformant(Action):
    """The secret master takes permanent control of its informant (Informants)."""

    TYPE: ClassVar[str] = "activate_informant"
    character: str


@dataclass(frozen=True)
class Hack(Action):
    """A Hacker check at a computer terminal to wrest Computer Control (Skill Use: Hacker)."""

    TYPE: ClassVar[str] = "hack"
    character: str
    facing: str


@dataclass(frozen=True)
class TransferControl(Action):
    """Hand the Computer Control marker to another character with hands at a terminal
    (``to``: one of the seat's characters, or a counter token on its map). Free: it is no
    character's action."""

    TYPE: ClassVar[str] = "transfer_control"
    character: str
    to: str


@dataclass(frozen=True)
class SecurityAction(Action):
    """The controller's security action: ``snoop`` a segment (then ``toggle`` its
    ``lights`` or ``locks``, or ``""``), or ``cancel_self_destruct`` (segment and toggle
    ``""``)."""

    TYPE: ClassVar[str] = "security_action"
    character: str
    kind: str
    segment: str
    toggle: str
    facing: str


@dataclass(frozen=True)
class SelfDestruct(Action):
    """Set the self-destruct countdown (``turns`` 3..30) or cancel it (``turns`` 0) with an
    access code key at a major terminal of the command pod or the computer room."""

    TYPE: ClassVar[str] = "self_destruct"
    character: str
    turns: int
    facing: str


@dataclass(frozen=True)
class CommandRobot(Action):
    """The controller's security action Command Robot: wake an inactive robot (``robot``: a
    counter token on the seat's map, now or at its last-known place) and run it by camera
    and joystick. A robot that is already another seat's character is not taken, and the
    security action is spent all the same."""

    TYPE: ClassVar[str] = "command_robot"
    character: str
    robot: str
    facing: str


@dataclass(frozen=True)
class Loudspeaker(Action):
    """The controller speaks through the station's loudspeakers: every seat hears ``text`` at
    the next Global Updates, as an anonymous announcement."""

    TYPE: ClassVar[str] = "loudspeaker"
    character: str
    text: str
    facing: str


@dataclass(frozen=True)
class HackLiftCar(Action):
    """A Hacker check at a computer terminal that, on success, sends lift car ``lift`` to
    the other end of its shaft (Lift Shafts)."""

    TYPE: ClassVar[str] = "hack_lift_car"
    character: str
    lift: str
    facing: str


@dataclass(frozen=True)
class ClimbLadder(Action):
    """With the power down and the lifts stopped, climb the emergency ladder of shaft
    ``lift`` from one end to the other (through the car's kickout panels)."""

    TYPE: ClassVar[str] = "climb_ladder"
    character: str
    lift: str
    facing: str


@dataclass(frozen=True)
class UseMedlab(Action):
    """Work the medlab's equipment (``use``): ``suspend`` an incapacitated human in a
    suspension capsule, ``revive`` a knocked-out human, ``heal`` a light wound (``target``:
    the patient, one's own by id or a counter's token), or ``recharge`` a carried medkit
    (``target``: its id)."""

    TYPE: ClassVar[str] = "use_medlab"
    character: str
    use: str
    target: str
    facing: str


@dataclass(frozen=True)
class MechanicWork(Action):
    """A Mechanic's work besides repairs (those are ``UseSkill`` "Mechanic"): ``jam`` a
    weapon of one's own side in its square, ``identify`` an Artifact there as real or fake,
    or ``wreck_controls`` of the ship whose control seat it sits in (``target``: the
    ship)."""

    TYPE: ClassVar[str] = "mechanic_work"
    character: str
    work: str
    target: str
    facing: str


#: What an attack may aim at: a character counter on the seat's map (its token), or a
#: square (a computer there, the hatch or window the line to it meets, a grenade's impact).
Target = str | Square


@dataclass(frozen=True)
class SetInformantCondition(Action):
    """The secret master sets in advance the condition on which its informant changes
    sides by itself (Informants: "activate instead of shooting at me"); "" clears it."""

    TYPE: ClassVar[str] = "set_informant_condition"
    character: str
    condition: str


@dataclass(frozen=True)
class Attack(Action):
    """Attack (ranged fire or close combat) with ``weapon``: an item the character carries,
    or a weapon it has without one ("unarmed", "claws", "improvised", a robot's built-in).

    ``fire`` is "normal", "double" or "panic"; ``targets`` one target for every shot, or
    one for all of them. The shots go out within the field the character faces now; then it
    faces ``facing``. When shooter and target share a square, ``facing`` is also the way a
    missed shot flies on (rulebook: Line of Sight). A gas grenade (or built-in gas) is
    thrown with normal fire at one square, whose space it fills (Gas)."""

    TYPE: ClassVar[str] = "attack"
    character: str
    weapon: str
    fire: str
    targets: tuple[Target, ...]
    facing: str


@dataclass(frozen=True)
class MoveThenAttack(Action):
    """Move (walk or jog, never run), then attack from the square reached, facing
    ``facing`` (the field the shots go out in). A move stopped short makes no attack."""

    TYPE: ClassVar[str] = "move_then_attack"
    character: str
    mode: str
    path: tuple[Square, ...]
    weapon: str
    fire: str
    targets: tuple[Target, ...]
    facing: str


@dataclass(frozen=True)
class TargetOpportunityFire(Action):
    """Target a square for opportunity fire: whoever ``hostile`` names that enters it in
    another seat's turn is stopped there and fired upon in this seat's next turn.
    ``hostile`` is "anyone" or a faction (pirates, phoneco, scientist, alien)."""

    TYPE: ClassVar[str] = "opportunity_fire"
    character: str
    weapon: str
    square: Square
    hostile: str
    facing: str


@dataclass(frozen=True)
class Unjam(Action):
    """Try to clear a jammed weapon the character carries (Unjam Table)."""

    TYPE: ClassVar[str] = "unjam"
    character: str
    weapon: str
    facing: str


@dataclass(frozen=True)
class Jam(Action):
    """A mechanic jams a willing character's weapon on purpose (Mechanic): ``weapon`` is an
    item carried by one of the seat's own characters in the mechanic's square."""

    TYPE: ClassVar[str] = "jam"
    character: str
    weapon: str
    facing: str


@dataclass(frozen=True)
class Weld(Action):
    """Weld shut (``shut``) or cut open the hatch between the character and ``square`` with
    a welding torch (a mechanic's carried torch, or a robot's built-in one)."""

    TYPE: ClassVar[str] = "weld"
    character: str
    square: Square
    shut: bool
    facing: str


@dataclass(frozen=True)
class UseSkill(Action):
    """Use a skill (Skill Use). ``Medic``: revive a knocked-out character or heal a light
    wound; ``target`` names the patient in the same square (one's own by id, another by its
    counter's token)."""

    TYPE: ClassVar[str] = "use_skill"
    character: str
    skill: str
    target: Target
    facing: str


@dataclass(frozen=True)
class UseEquipment(Action):
    """Use a carried item (Equipment Guide). A medkit gives a medic's first aid (one
    charge); ``target`` names the patient as for ``UseSkill``. A flashlight lights the
    square ``target`` ([x, y]) for everyone until the turn ends (Dark).
    An access code key locks or
    unlocks the hatch to the square ``target`` across it, or raises or lowers the shields
    (``target``: the telescope's square, beside the character); a welding torch welds the
    hatch to ``target`` shut, or cuts the weld; a Geiger counter reads (``target`` "")."""

    TYPE: ClassVar[str] = "use_equipment"
    character: str
    item: str
    target: Target
    facing: str


@dataclass(frozen=True)
class PickUpDropCasualty(Action):
    """Pick up a casualty in the same square (one or two carriers), or with ``drop`` put
    the one carried down (Casualty Transport). ``casualty`` names it as a patient is named:
    one's own by id, another by its counter's token."""

    TYPE: ClassVar[str] = "pick_up_drop_casualty"
    character: str
    casualty: str
    drop: bool
    facing: str


@dataclass(frozen=True)
class Pilot(Action):
    """Ship Movement: a pilot at a control seat flies the ship ``steps`` ("N", "E", "S",
    "W", "up", "down"; at most the ship's MA at ``mode``), then faces ``facing``."""

    TYPE: ClassVar[str] = "pilot"
    character: str
    mode: str
    steps: tuple[str, ...]
    facing: str


@dataclass(frozen=True)
class FireCannon(Action):
    """Pirate Cannon: the gunner in the cutter's turret fires in ``mode``
    ("anti_personnel": a character's token or a square, as an attack; "plasma_drill" or
    "needle_beam": a square), within the field it faces now; then it faces ``facing``."""

    TYPE: ClassVar[str] = "fire_cannon"
    character: str
    mode: str
    target: Target
    facing: str


@dataclass(frozen=True)
class AlienPower(Action):
    """Alien Special Action: one of the species' powers (``data/aliens.toml``) used by one of
    the alien seat's characters. ``target`` names a character (one's own by id, another by
    its counter's token on the seat's map or in its own sight), ``path`` the squares of a
    written move (``drift``) or the one square of an illusion, ``look`` the counter an
    illusion shows; ``facing`` "" keeps the user's facing."""

    TYPE: ClassVar[str] = "alien_power"
    character: str
    power: str
    target: str = ""
    path: tuple[Square, ...] = ()
    look: str = ""
    facing: str = ""


@dataclass(frozen=True)
class EndTurn(Action):
    """The acting seat has finished its actions: interactions and final map update follow."""

    TYPE: ClassVar[str] = "end_turn"


# ---- the Judge ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SkipTurn(Action):
    """Rapidity: the Judge (or the host's turn timer, acting for the Judge) ends the turn."""

    TYPE: ClassVar[str] = "skip_turn"


@dataclass(frozen=True)
class JudgeMessage(Action):
    """Human Judgment: a private word from the Judge to one seat."""

    TYPE: ClassVar[str] = "judge_message"
    seat: str
    text: str


@dataclass(frozen=True)
class Announce(Action):
    """An anonymous announcement, told to every seat at the next Global Updates."""

    TYPE: ClassVar[str] = "announce"
    text: str


@dataclass(frozen=True)
class EndGame(Action):
    """The Judge declares the end of the game (rulebook: Victory). The engine works out every
    seat's victory level; ``adjust`` lists the Judge's changes, each ``(seat, level,
    reason)``: a level the Judge rules otherwise, with the reason, told to every seat."""

    TYPE: ClassVar[str] = "end_game"
    adjust: tuple[tuple[str, int, str], ...] = ()


@dataclass(frozen=True)
class JudgeMove(Action):
    """Human Judgment: the Judge puts a character or a floor item on another square
    (``facing`` "" keeps a character's facing). The owner hears of it at its next
    Situation Update; other maps learn it only by sight."""

    TYPE: ClassVar[str] = "judge_move"
    thing: str
    x: int
    y: int
    facing: str = ""


@dataclass(frozen=True)
class JudgeRemove(Action):
    """Human Judgment: the Judge takes a character or an item out of the game (off the map,
    out of any hands). The owner of a removed character gets a telegram."""

    TYPE: ClassVar[str] = "judge_remove"
    thing: str


@dataclass(frozen=True)
class JudgeSetStatus(Action):
    """Human Judgment: the Judge sets a character's status (see ``JUDGE_STATUSES``)."""

    TYPE: ClassVar[str] = "judge_status"
    character: str
    status: str


@dataclass(frozen=True)
class JudgeSetSuit(Action):
    """Human Judgment: the Judge puts a suit on a character at once (``suit``: a suit the
    character carries or that lies in its square) or takes the worn one off (``suit`` "":
    it stays carried)."""

    TYPE: ClassVar[str] = "judge_suit"
    character: str
    suit: str


#: Statuses the Judge may set: healthy and light wound keep a character active (a light
#: wound halves its MA); KO, down, seriously wounded and dead make it inactive; "inactive"
#: switches a robot off (or a character out of play without a wound).
JUDGE_STATUSES = ("healthy", "light_wound", "ko", "down", "serious", "dead", "inactive")


ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (AssignFaction, AssignSpecies, VoteEncryption, Customize, PlaceForces,
                ReturnPlacement, PlaceRobot, StartPlay, Move, MoveThenPickUp, PickUpDrop,
                CheckStatus, WearSuit, MoveLiftCar, ActivateInformant, SetInformantCondition,
                Attack, MoveThenAttack,
                TargetOpportunityFire, Unjam, Jam, Weld, UseSkill, UseEquipment,
                PickUpDropCasualty,
                Hack, TransferControl, SecurityAction, SelfDestruct, Pilot, FireCannon,
                AlienPower, CommandRobot, Loudspeaker, HackLiftCar, ClimbLadder, UseMedlab,
                MechanicWork, EndTurn, SkipTurn,
                JudgeMessage, Announce, EndGame, JudgeMove, JudgeRemove, JudgeSetStatus,
                JudgeSetSuit)
}


def action_from_dict(data: object) -> Action:
    """Build an action from its plain form, bounded as network data must be; anything
    malformed raises InvalidAction."""
    if not isinstance(data, dict):
        raise InvalidAction(f"an action must be a dict, got {type(data).__name__}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidAction(f"unknown action type {kind!r}"[:200])
    try:
        if cls is EndGame and "levels" in data:
            data = _declared_levels(data)
        return from_plain(cls, data, bounded=True, path=cls.TYPE)
    except CodecError as exc:
        raise InvalidAction(str(exc)[:300]) from None


#: The reason given to each level of an ``end_game`` in its older form, when it is read.
DECLARED_LEVEL = "The level the Judge declared (a log from before levels were worked out)."


def _declared_levels(data: dict) -> dict:
    """An older log's ``end_game``: ``levels``, the Judge's typed level for every seat
    (``[[seat, level], ...]``), from before the engine worked levels out. Read as the Judge's
    changes, each with a stated reason, so that the replay ends with the levels declared then
    (a level the engine now finds the same is no change); the two forms together are refused."""
    if "adjust" in data:
        raise CodecError("end_game: 'levels' (the older form) and 'adjust' together")
    levels = from_plain(tuple[tuple[str, int], ...], data["levels"], bounded=True,
                        path="end_game.levels (the older form)")
    rest = {key: value for key, value in data.items() if key != "levels"}
    return {**rest, "adjust": [[seat, level, DECLARED_LEVEL] for seat, level in levels]}
