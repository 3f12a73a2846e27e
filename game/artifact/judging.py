"""The Judge's adjudication tools (rulebook: Human Judgment, Secrecy, Situation Update).

The Judge may settle what the rules do not cover by moving or removing a counter, setting a
character's status or putting a suit on or off. Each is a logged action like any other, so a
game with adjudications still replays exactly.

Secrecy is kept as the map-update rules keep it:

* The owner of an affected character learns of the change at its next Situation Update (at
  once when it is that seat's turn): a *telegram* naming only the counter when it loses the
  character (down, KO, seriously wounded, dead, inactive, removed), otherwise a
  ``judge_status`` / ``judge_moved`` / ``judge_suit`` notice. Until then its view keeps the
  forces as they were (``situation.hold_forces``), so neither the timing nor the content of the
  adjudication reaches it early.
* Other maps change only by sight: their counters stay where their observers last saw them
  and become last-known places at their next map update; nothing is placed for them.
* The acting seat's map is refreshed at once when the change happens in its own turn, since
  its characters are looking.
"""

from __future__ import annotations

from . import actions as A
from . import sightings, situation, space
from .deckplan import FACINGS
from .errors import IllegalAction
from .events import Event
from .seats import JUDGE
from .state import Character, Item

#: Status values of the engine's state for each of the Judge's statuses.
STATE_STATUS = {"healthy": "active", "light_wound": "active", "ko": "ko", "down": "down",
                "serious": "serious", "dead": "dead", "inactive": "inactive"}
assert set(STATE_STATUS) == set(A.JUDGE_STATUSES)


def judge_status_of(char: Character) -> str:
    """The Judge's name for a character's current status."""
    if char.status == "active":
        return "light_wound" if char.wound else "healthy"
    return char.status


def status_problem(game, char: Character, status: str) -> str | None:
    """Why the Judge may not give ``char`` the Judge's ``status`` now (None: it may)."""
    if judge_status_of(char) == status:
        return f"{game.name_of(char)} is already {status}"
    if (STATE_STATUS[status] == "active" and char.status != "active" and char.square is not None
            and game.sheets.characters[char.sheet].on_map
            and game.stack_count(char.square, exclude=char.id)
            >= game.stack_limit(char.square)):
        return "its square is full: an active character would break stacking"
    return None


def _hold(game, char: Character) -> None:
    """Keep the owner's view of its forces as it is now until its next Situation Update."""
    situation.hold_forces(game, char.seat)


def _hold_marker_owner(game, item: Item) -> None:
    """A hidden marker on the floor (a booby trap) is in its owner's view: hold that too."""
    if item.holder is None and item.owner and game.sheets.items[item.type].marker:
        situation.hold_forces(game, item.owner)


def _tell_owner(game, char: Character, notice: dict, lost: bool) -> list[Event]:
    seat = char.seat
    if seat is None:
        return []
    counter = game.sheets.characters[char.sheet].counter
    if lost:
        notice = {"kind": "telegram", "counter": counter, "character": char.id}
    now = seat == game.turn_seat
    return [game.notify(seat, notice, pending=not now)]


def _refresh_acting_map(game, seat: str | None) -> None:
    if seat is not None and seat == game.turn_seat:
        s = game.state
        sightings.refresh_map(s, game.plan, game.sheets, s.map_of[seat])


def _let_go(holder: Character, item: Item) -> None:
    """Take ``item`` out of its holder's hands (or off its back, for a worn suit)."""
    if holder.suit == item.id:
        holder.suit = None
    else:
        holder.items.remove(item.id)
    item.worn = False


def _thing(game, thing: str) -> tuple[str, Character | Item]:
    s = game.state
    if thing in s.characters:
        return "character", s.characters[thing]
    if thing in s.items:
        return "item", s.items[thing]
    raise IllegalAction(f"no character or item {thing!r}")


def judge_move(game, action: A.JudgeMove) -> list[Event]:
    s = game.state
    plan = game.plan
    kind, obj = _thing(game, action.thing)
    if action.facing and action.facing not in FACINGS:
        raise IllegalAction(f"facing must be one of {', '.join(FACINGS)} (or empty: keep it)")
    if not plan.inside(action.x, action.y):
        raise IllegalAction("that square is off the map")
    square = plan.sq(action.x, action.y)
    if not plan.passable(square):
        raise IllegalAction("that square is not open floor")
    if kind == "item":
        holder = s.characters.get(obj.holder) if obj.holder else None
        if holder is not None:
            _hold(game, holder)
            _let_go(holder, obj)
        if obj.square == square and holder is None:
            raise IllegalAction("the item is already there")
        _hold_marker_owner(game, obj)
        obj.holder, obj.square = None, square
        events = [Event("judge_moved", (JUDGE,), {"thing": obj.id,
                                                  "square": [action.x, action.y]})]
        if holder is not None:
            events += _tell_owner(game, holder, {"kind": "judge_dropped",
                                                 "character": holder.id,
                                                 "item": game.sheets.items[obj.type].name},
                                  lost=False)
            _refresh_acting_map(game, holder.seat)
        return events
    char = obj
    sheet = game.sheets.characters[char.sheet]
    if not sheet.on_map:
        raise IllegalAction(f"{game.name_of(char)} has no body on the map")
    facing = action.facing or char.facing
    if char.square == square and facing == char.facing:
        raise IllegalAction(f"{game.name_of(char)} is already there, facing {facing}")
    if (char.status == "active"
            and game.stack_count(square, exclude=char.id) >= game.stack_limit(square)):
        raise IllegalAction("that square is full (stacking)")
    _hold(game, char)
    char.square = square
    char.facing = facing
    char.eva = space.eva_state(plan, square)
    events = [Event("judge_moved", (JUDGE,), {"thing": char.id,
                                              "square": [action.x, action.y]})]
    events += _tell_owner(game, char, {"kind": "judge_moved", "character": char.id,
                                       "square": [action.x, action.y], "facing": facing},
                          lost=False)
    _refresh_acting_map(game, char.seat)
    return events


def judge_remove(game, action: A.JudgeRemove) -> list[Event]:
    s = game.state
    kind, obj = _thing(game, action.thing)
    if kind == "item":
        holder = s.characters.get(obj.holder) if obj.holder else None
        if holder is None and obj.square is None:
            raise IllegalAction(f"{obj.id} is not in play")
        events = [Event("judge_removed", (JUDGE,), {"thing": obj.id})]
        _hold_marker_owner(game, obj)
        if holder is not None:
            _hold(game, holder)
            _let_go(holder, obj)
            events += _tell_owner(game, holder, {"kind": "judge_took",
                                                 "character": holder.id,
                                                 "item": game.sheets.items[obj.type].name},
                                  lost=False)
        obj.holder, obj.square, obj.worn = None, None, False
        if holder is not None:
            _refresh_acting_map(game, holder.seat)
        return events
    char = obj
    if char.square is None:
        raise IllegalAction(f"{game.name_of(char)} is not on the map")
    if not game.sheets.characters[char.sheet].on_map:
        raise IllegalAction(f"{game.name_of(char)} has no body on the map")
    _hold(game, char)
    char.square = None
    char.busy = None
    events = [Event("judge_removed", (JUDGE,), {"thing": char.id})]
    events += _tell_owner(game, char, {}, lost=True)
    _refresh_acting_map(game, char.seat)
    return events


def judge_status(game, action: A.JudgeSetStatus) -> list[Event]:
    s = game.state
    char = s.characters.get(action.character)
    if char is None:
        raise IllegalAction(f"no character {action.character!r}")
    if action.status not in A.JUDGE_STATUSES:
        raise IllegalAction(f"status must be one of {', '.join(A.JUDGE_STATUSES)}")
    problem = status_problem(game, char, action.status)
    if problem:
        raise IllegalAction(problem)
    new = STATE_STATUS[action.status]
    _hold(game, char)
    was_active = char.status == "active"
    char.status = new
    if action.status == "light_wound":
        char.wound = True
    else:
        char.wound = False
    if new != "active":
        char.busy = None
    lost = was_active and new != "active"
    events = [Event("judge_status", (JUDGE,), {"character": char.id,
                                               "status": action.status})]
    events += _tell_owner(game, char, {"kind": "judge_status", "character": char.id,
                                       "status": action.status}, lost=lost)
    _refresh_acting_map(game, char.seat)
    return events


def judge_suit(game, action: A.JudgeSetSuit) -> list[Event]:
    s = game.state
    char = s.characters.get(action.character)
    if char is None:
        raise IllegalAction(f"no character {action.character!r}")
    if action.suit == "":
        worn = char.suit
        if not worn:
            raise IllegalAction(f"{game.name_of(char)} wears no suit")
        _hold(game, char)
        char.suit = None
        s.items[worn].worn = False
        char.items.append(worn)
        char.items.sort()
    else:
        sheet = game.sheets.characters[char.sheet]
        if sheet.kind not in ("human", "android"):
            raise IllegalAction("only humans and androids wear suits")
        if char.suit:
            raise IllegalAction(f"{game.name_of(char)} already wears a suit")
        item = s.items.get(action.suit)
        if item is None or not game.sheets.items[item.type].suit:
            raise IllegalAction(f"{action.suit!r} is not a suit")
        if item.holder == char.id:
            char.items.remove(item.id)
        elif item.holder is None and item.square is not None \
                and item.square == char.square:
            pass
        else:
            raise IllegalAction("the suit must be carried by the character or lie in its square")
        _hold(game, char)
        item.holder, item.square, item.worn = char.id, None, True
        char.suit = item.id
        if char.busy and char.busy.kind == "wear_suit":
            char.busy = None
    events = [Event("judge_suit", (JUDGE,), {"character": char.id, "suit": action.suit})]
    events += _tell_owner(game, char, {"kind": "judge_suit", "character": char.id,
                                       "suit": action.suit}, lost=False)
    _refresh_acting_map(game, char.seat)
    return events
