"""Every seat's view kept from one action to the next: only the views an action can change
are built again (what the hub sends after every action).

``PlainViews(game).plain(seat)`` always equals ``views.plain_view_for(game, seat)``. After
an action it finds which seats' knowledge the action touched by comparing the state with a
copy of it taken after the previous action, part by part:

* every part of the state that is not one seat's own (systems, ships, dark spaces,
  announcements, opportunity fire ... and any part added later: a part this module does
  not know is public) touches every seat;
* a map touches the seats that keep it; a seat's own entries (notices, votes, held forces,
  alien secrets) touch that seat; a character touches its owner and the seats it informs
  for or is controlled by; an item its owner and the owner of the character holding it;
  the turn's own record (who acted, hatches opened) the seat in turn;
* a touched seat touches its map partners (a partner's characters show on a shared map).

When play begins or ends, every seat counts as touched (its own characters' moves and
the end's reveal read the phase). From one part of the lobby to another, the phase is
read besides the frame only by what a seat has still to place: entering or leaving the
placement touches the seats not yet placed. In the lobby as in play, a vote,
a purchase or a placement touches its own seat (and the seats a change to a public part
touches: every one). A turn passed on or a round begun in play, or a seat done with its
part of the lobby (the public frame: the round, whose turn, who may act) touches no seat
by itself: the fields of a view that read the frame are written by
one function, ``views.frame_fields``, which ``view_for`` calls too, and a seat the action
did not touch otherwise keeps its last view record with those fields written anew.

A touched seat's view is built by ``view_for`` itself, so every field of a view, present
and to come, is covered; its plain form takes back from the last one every part (a field,
a counter, an own character) equal to what it was (``codec.to_plain_again``). An
untouched seat keeps its last plain view, the same object, which the hub's diff passes
over at once (after a new frame: one that shares every other field with it). The
Judge's view holds the whole state: its frame is written anew, and of the state only the
parts (or characters, items, maps, seats' entries) that changed since its last view.
Plain forms of the frozen records a view shares with the state (notices, counters, own
entries) are kept too (``codec.to_plain``'s ``memo``).
``tests/artifact/test_artifact_viewcache.py`` checks after every action of random games
that every seat's kept view equals a full rebuild.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
from collections.abc import Callable
from functools import cache
from typing import Any

from .codec import to_plain, to_plain_again
from .seats import JUDGE
from .state import GameState
from .table import LOBBY_PHASES, Table
from .views import _judge_view, frame_fields, view_for

__all__ = ["Marks", "PlainViews", "changes", "touched_seats"]

#: Parts of the state kept per seat (a map keyed by seat id): a change touches that seat.
SEAT_PARTS = ("players", "species", "votes", "placed", "notices", "pending", "held", "aliens")
#: Parts compared record by record, each touching the seats ``_character_seats`` or
#: ``_item_seats`` name (``maps``: each changed map's seats); ``turn`` on its own.
KEYED_PARTS = (*SEAT_PARTS, "characters", "items", "maps")
#: Parts of the public frame: a seat's view reads them only in ``views.frame_fields`` (and
#: the phase also what a seat has still to place, its own characters' moves and the reveal:
#: see ``touched_seats``).
FRAME_PARTS = ("phase", "round")
#: The phases of the lobby (``table.LOBBY_PHASES``).
_LOBBY = frozenset(LOBBY_PHASES)
#: Parts no own character's entry reads (``situation.own_character_entry``: it reads its
#: character, the records of the items it carries and of the casualty it carries, the
#: phase and the deck plan): a change to any other part drops every entry kept.
ENTRY_BLIND_PARTS = (*SEAT_PARTS, "maps", "turn", "round", "judge_notices", "announcements",
                     "opportunity", "attacks")
#: Parts never compared: the serial changes with every action and is read by no seat's
#: view; the seed is in no view at all.
UNREAD_PARTS = ("serial", "seed")


#: Values a copy shares as they are (a tuple or a frozenset is looked into).
_ATOMS = frozenset({str, int, float, bool, type(None)})


@cache
def _fields_of(kind: type) -> tuple[str, ...] | None:
    """The fields ``_copy`` copies of a class: all of a mutable record's, None for a frozen
    record or anything else (shared as it is: nothing changes those once made).

    A copy is compared with the live record by the record's own equality, so a mutable
    record must compare every field: one that does not is refused here (a change to it
    would go unseen)."""
    if not dataclasses.is_dataclass(kind) or kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return None
    fields = dataclasses.fields(kind)
    if not kind.__dataclass_params__.eq or not all(f.compare for f in fields):  # type: ignore[attr-defined]
        raise TypeError(f"{kind.__name__} does not compare all its fields: the view cache "
                        "cannot tell whether it changed")
    return tuple(f.name for f in fields)


@cache
def _shared(kind: type) -> bool:
    """Whether ``_copy`` keeps values of ``kind`` as they are without a look inside (a
    tuple is looked into: it may hold a list)."""
    return kind in _ATOMS or _fields_of(kind) is None and kind not in (list, tuple, dict, set)


def _all_shared(values: Any) -> bool:
    return all(map(_shared, set(map(type, values))))


def _copy(value: Any) -> Any:
    """A copy of ``value`` (any part of the state) equal to it, that later rule functions
    cannot change: lists, maps, sets and mutable records are copied all the way down, a
    tuple only if something inside needs it, frozen records are shared. Like
    ``state.snapshot``, which shares every tuple."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return list(value) if _all_shared(value) else [_copy(v) for v in value]
    if kind is tuple:
        return value if _all_shared(value) else tuple([_copy(v) for v in value])
    if kind is dict:
        if _all_shared(value.values()):
            return dict(value)
        return {k: _copy(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    names = _fields_of(kind)
    if names is None:
        return value
    copy = object.__new__(kind)
    for name in names:
        item = getattr(value, name)
        object.__setattr__(copy, name, item if type(item) in _ATOMS else _copy(item))
    return copy


def _compared_parts() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(GameState) if f.name not in UNREAD_PARTS)


_PARTS = _compared_parts()


class Marks:
    """The parts of the state as they were after one action (private copies), the public
    frame, and with ``before`` (the marks of the state after the previous action) the
    ``changes`` since then.

    Made from ``before``, only what changed is copied: each part of the state is compared
    with its copy in ``before`` (the records' own equality, mostly in C), and a part equal
    to it keeps that copy (nothing changes it); of a part kept per seat, record or map,
    only the entries that changed are copied again. An action changes a few characters,
    maps and notices; copying the whole state after each one cost more than the views."""

    __slots__ = ("changed", "frame", "parts")

    def __init__(self, game: Table, before: Marks | None = None) -> None:
        s = game.state
        self.frame = (s.phase, s.round, game.turn_seat, tuple(sorted(game.actors())))
        self.changed: dict[str, list | None] | None = None
        if before is None:
            self.parts = {name: _copy(getattr(s, name)) for name in _PARTS}
            return
        was = before.parts
        parts: dict[str, Any] = {}
        changed: dict[str, list | None] = {}
        for name in _PARTS:
            old, live = was[name], getattr(s, name)
            if old == live:
                parts[name] = old
            elif name in KEYED_PARTS and type(old) is dict and type(live) is dict:
                keys = _changed_keys(old, live)
                fresh = set(keys)
                parts[name] = {k: _copy(v) if k in fresh else old[k] for k, v in live.items()}
                changed[name] = keys
            else:
                parts[name] = _copy(live)
                changed[name] = None
        self.parts, self.changed = parts, changed


def _character_seats(char: Any) -> set[str]:
    return {seat for seat in (char.seat, char.informant_of, char.controlled_by, char.home_seat)
            if seat is not None}


def _item_seats(item: Any, characters: dict[str, Any]) -> set[str]:
    owner, holding = item.owner, item.holder
    seats = {owner} if owner is not None else set()
    holder = characters.get(holding) if holding else None
    if holder is not None:
        seats |= _character_seats(holder)
    return seats


def _changed_keys(before: dict, after: dict) -> list:
    return [key for key in before.keys() | after.keys()
            if key not in before or key not in after or before[key] != after[key]]


def changes(before: Marks, after: Marks) -> dict[str, list | None]:
    """The parts of the state that differ between ``before`` and ``after``: for a part kept
    per seat, per record or per map, the keys that changed; None for a part that differs
    as a whole (a part that did not change is not named)."""
    was, now = before.parts, after.parts
    out: dict[str, list | None] = {}
    for name in _PARTS:
        old, new = was[name], now[name]
        if old is new or old == new:
            continue
        keyed = name in KEYED_PARTS and type(old) is dict and type(new) is dict
        out[name] = _changed_keys(old, new) if keyed else None
    return out


def touched_seats(game: Table, before: Marks, after: Marks,
                  changed: dict[str, list | None] | None = None) -> set[str]:
    """The faction seats whose views may differ between ``before`` and ``after`` in more
    than their frame fields (``views.frame_fields``; with ``changed``, the ``changes``
    between them, if worked out already): every seat unless the state shows otherwise
    (see the module docstring)."""
    if changed is None:
        changed = changes(before, after)
    s = game.state
    everyone = set(s.seats)
    touched: set[str] = set()
    phases = {before.frame[0], after.frame[0]}
    if len(phases) > 1:
        if not phases <= _LOBBY:  # play begins (own characters' moves) or ends (the reveal)
            return everyone
        # from one part of the lobby to another: besides the frame, only what a seat has
        # still to place reads the phase (such a seat is touched otherwise too, as the
        # rules stand: its forces were just built, or the Judge just sent it back)
        if "place" in phases:
            touched.update(seat for seat in everyone if not s.placed.get(seat))
    was, now = before.parts, after.parts
    for name, keys in changed.items():
        if name in SEAT_PARTS:
            assert keys is not None
            if not everyone.issuperset(keys):
                return everyone
            touched.update(keys)
        elif name == "characters":
            for cid in keys or ():
                for version in (was[name].get(cid), now[name].get(cid)):
                    if version is not None:
                        touched |= _character_seats(version)
        elif name == "items":
            for iid in keys or ():
                if iid in was[name]:
                    touched |= _item_seats(was[name][iid], was["characters"])
                if iid in now[name]:
                    touched |= _item_seats(now[name][iid], now["characters"])
        elif name == "maps":
            for mid in keys or ():
                touched |= {seat for seat in s.seats if s.map_of[seat] == mid}
        elif name == "turn":
            old, new = was[name], now[name]
            if old is None or new is None:
                return everyone
            if old.seat == new.seat:  # what it did: its own view's turn
                touched.add(new.seat)
            # a turn passed on: every view's turn is in its frame, written anew
        elif name in FRAME_PARTS:
            continue  # written anew in every view kept
        elif name != "judge_notices":  # a public part (or one added since): everyone
            return everyone
    touched &= everyone
    maps = {s.map_of[seat] for seat in touched}
    return touched | {seat for seat in s.seats if s.map_of[seat] in maps}


class PlainViews:
    """The plain views of one game's seats and Judge, built again only where an action
    touched them (see the module docstring). Read ``game`` only through this after it is
    made: it notices a change by the state's ``serial``, which every accepted action
    raises."""

    #: Plain forms of frozen records kept at most; past it the memo starts again.
    MEMO_MAX = 200_000

    def __init__(self, game: Table) -> None:
        self.game = game
        self._memo: dict[int, tuple[Any, Any]] = {}
        self._plain: dict[str, dict[str, Any]] = {}
        #: The view record each kept plain view was written from.
        self._records: dict[str, Any] = {}
        #: The frame (``Marks.frame``) each kept view record was written at.
        self._frames: dict[str, tuple] = {}
        self._stale: set[str] = set()
        #: Own characters' entries as they are now (``situation.believed_forces``).
        self._known: dict[str, Any] = {}
        #: The plain state in the Judge's last view, and the changes made since then.
        self._judged: dict[str, Any] | None = None
        self._unjudged: dict[str, set | None] = {}
        self._marks: Marks | None = None
        self._serial: int | None = None
        self._state: GameState | None = None
        #: Seat views built, kept with their frame written anew, and kept as they were
        #: since made (figures for the bench).
        self.built = 0
        self.reframed = 0
        self.kept = 0

    def fork(self, game: Table) -> PlainViews:
        """These views, kept apart, for ``game``: a private copy of this one's game that an
        action was worked out on ahead (``ArtifactGame.ponder``). What the copy builds
        changes nothing here; if the game takes the copy's state over, ``rebind`` hands the
        copy's views to it. The plain forms of frozen records are shared: the memo holds
        every record it names, so an id in it is never another record's."""
        other = copy.copy(self)
        other.game = game
        other._plain = dict(self._plain)
        other._records = dict(self._records)
        other._frames = dict(self._frames)
        other._stale = set(self._stale)
        other._known = dict(self._known)
        other._unjudged = dict(self._unjudged)
        return other

    def rebind(self, game: Table) -> bool:
        """Serve ``game`` from now on, if it stands in the very state these views were
        last brought up to (it took over the state of the copy they were forked for).
        Whether it did: views of any other state are no use to it."""
        if game.state is not self._state or game.state.serial != self._serial:
            return False
        self.game = game
        return True

    def plain(self, seat: str) -> dict[str, Any]:
        """``views.plain_view_for(self.game, seat)``: the same object as last time if the
        actions since then did not touch ``seat``."""
        self._catch_up()
        game = self.game
        if seat == JUDGE:
            return self._judge()
        kept = self._plain.get(seat)
        frame = self._marks.frame  # type: ignore[union-attr]
        record = self._records.get(seat)
        if kept is not None and seat not in self._stale:
            if self._frames[seat] == frame:
                self.kept += 1
                return kept
            self.reframed += 1  # the turn or the round moved on, and nothing of its own
            view = _replaced(record, frame_fields(game, seat))
        else:
            self.built += 1
            view = view_for(game, seat, self._known)
        plain = to_plain_again(view, record, kept, self._memo, PLAIN_DEPTH)
        self._plain[seat] = plain
        self._records[seat] = view
        self._frames[seat] = frame
        self._stale.discard(seat)
        return plain

    def _judge(self) -> dict[str, Any]:
        """The Judge's view: its frame written anew, its state part by part, a part (or a
        character, item, map or one seat's entry) the actions since the last one did not
        change kept."""
        game = self.game
        s = game.state
        plain = to_plain(_judge_view(game, None), self._memo)  # type: ignore[arg-type]
        old = self._judged
        state: dict[str, Any] = {}
        for name, omit_none in _STATE_FIELDS:
            value = getattr(s, name)
            if name == "seed" or (value is None and omit_none):
                continue
            if old is None or name not in old:
                state[name] = to_plain(value, self._memo)
                continue
            if name not in self._unjudged and name not in UNREAD_PARTS:
                state[name] = old[name]
                continue
            keys = self._unjudged.get(name)
            if keys is None or name not in KEYED_PARTS:
                state[name] = to_plain(value, self._memo)
                continue
            before = old[name]
            state[name] = {str(k): before[str(k)] if k not in keys and str(k) in before
                           else to_plain(v, self._memo) for k, v in value.items()}
        plain["state"] = state
        self._judged, self._unjudged = state, {}
        return plain

    def _catch_up(self) -> None:
        """After an action: mark the seats it touched as to be built again."""
        s = self.game.state
        if s is self._state and s.serial == self._serial:
            return
        marks = Marks(self.game, self._marks)
        if self._marks is None:
            self._stale |= set(self._plain)
            self._judged = None
            self._known.clear()
        else:  # compared by value: a state put back whole (a refused action) is compared too
            changed = marks.changed
            assert changed is not None
            self._stale |= touched_seats(self.game, self._marks, marks, changed)
            self._forget_entries(changed)
            for name, keys in changed.items():
                if name in self._unjudged:
                    was = self._unjudged[name]
                    self._unjudged[name] = None if was is None or keys is None \
                        else was | set(keys)
                else:
                    self._unjudged[name] = None if keys is None else set(keys)
        self._marks, self._serial, self._state = marks, s.serial, s
        if len(self._memo) > self.MEMO_MAX:
            self._memo.clear()

    def _forget_entries(self, changed: dict[str, list | None]) -> None:
        """Drop the kept own entries the changes may have made wrong: all of them after a
        change to a part they read as a whole, else those of the characters changed and
        of those carrying a changed item or a changed casualty."""
        known = self._known
        if not known or not changed:
            return
        chars = changed.get("characters", ())
        items = changed.get("items", ())
        if chars is None or items is None or not all(
                name in ENTRY_BLIND_PARTS or name in ("characters", "items") for name in changed):
            known.clear()
            return
        if not chars and not items:
            return
        chars, items = set(chars), set(items)
        live = self.game.state.characters
        for cid in list(known):
            char = live.get(cid)
            if (char is None or cid in chars or char.carrying in chars or char.suit in items
                    or not items.isdisjoint(char.items)):
                del known[cid]


def _replaced(record: Any, changes: dict[str, Any]) -> Any:
    """``dataclasses.replace(record, **changes)`` for a record whose fields are all set by
    its ``__init__`` (a view), its fields read in one C call."""
    kind = type(record)
    names, read = _reader(kind)
    values = dict(zip(names, read(record), strict=True))
    values.update(changes)
    return kind(**values)


@cache
def _reader(kind: type) -> tuple[tuple[str, ...], Callable[[Any], tuple]]:
    names = tuple(f.name for f in dataclasses.fields(kind))
    return names, operator.attrgetter(*names)


#: How deep ``to_plain_again`` looks for equal parts: a view's fields, their fields (a
#: seat's map, its own forces), and their entries (each counter, each character).
PLAIN_DEPTH = 3


#: The fields of the state in the order its plain form has them, each with whether it is
#: left out while None.
_STATE_FIELDS = tuple((f.name, bool(f.metadata.get("omit_none")))
                      for f in dataclasses.fields(GameState))
