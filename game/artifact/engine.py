"""The Artifact's rules engine: one game, its phases, turns and actions.

``ArtifactGame`` follows the habits of OpenSpiel and boardgame.io: the whole game is one typed
``state.GameState`` with one plain form (``to_dict``, through ``codec``), a game is its setup,
seed and action log (``replay``), the engine lists legal actions for whoever may act
(``actors``, ``legal_actions``) and ``apply`` either changes the state through its rule
functions and returns events, or raises a named error leaving it untouched. Nothing leaves
the engine for a seat except through ``views.view_for``.

Phases: ``assign`` -> ``encryption`` -> ``purchase`` -> ``place`` -> ``judge_check`` ->
``play`` -> ``over`` (rulebook: Game Setup, then Running the Game).
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import NamedTuple

from . import actions as A
from . import (
    aliens,
    areas,
    available,
    cannon,
    combat,
    combat_dice,
    computer,
    customize,
    hazards,
    informants,
    interdiction,
    judging,
    legal,
    movement,
    ships,
    sight,
    sightings,
    situation,
    victory,
    welding,
)
from . import space as eva_space
from .codec import to_plain
from .customize import FEYNMAN_ROBOTS
from .datafiles import data_fingerprint, data_mismatch
from .deckplan import FACINGS, DeckPlan, feynman
from .errors import ArtifactError, IllegalAction, InvalidAction, NotYourTurn, SaveError
from .events import Event
from .seats import JUDGE, SeatSpec, faction_mix, map_of
from .sheets import Sheets, default_sheets
from .state import (
    Adjustment,
    Busy,
    Character,
    CharacterCounter,
    Counter,
    GameState,
    ItemCounter,
    MapBook,
    Notice,
    Order,
    OwnCharacter,
    Setup,
    Turn,
    snapshot,
)
from .table import LOBBY_PHASES, Table, saved_state
from .views import view_for


def _rng_to_list(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _private_copy(state: GameState) -> GameState:
    """A copy of ``state`` that shares nothing mutable with it, to undo a failed action
    (or to try one). A pickle round trip copies what ``copy.deepcopy`` copies (records,
    containers, references shared inside the state kept shared) at about half the cost.
    ``apply`` keeps only the pickled half of one and unpickles it after a refusal."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class Pondered(NamedTuple):
    """``ArtifactGame.ponder``'s work: the state it started from and its serial (as the
    undo copy's record begins), the seat and the action, the private copy the action was
    applied to, and the events it gave."""

    state: GameState
    serial: int
    seat: str
    action: A.Action
    trial: ArtifactGame
    events: list[Event]


def _dice_copy(rng: random.Random) -> random.Random:
    """A random source that rolls what ``rng`` would roll, for a copy of the game that an
    action is tried on (``is_legal``, ``ponder``)."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def _rng_from_list(data: list) -> random.Random:
    rng = random.Random()
    try:
        rng.setstate((data[0], tuple(data[1]), data[2]))
    except (TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"bad RNG state in save: {exc}") from None
    return rng


class ArtifactGame(Table):
    """One game of The Artifact (see module docstring)."""

    def __init__(self, state: GameState, rng: random.Random, plan: DeckPlan | None = None,
                 sheets: Sheets | None = None) -> None:
        super().__init__(state, plan, sheets)
        self._rng = rng
        #: ``prepare_undo``'s copy: (the state it copies, its serial, the pickled copy).
        self._undo: tuple[GameState, int, bytes] | None = None
        #: The state and serial ``prepare_sight`` last looked from.
        self._sighted: tuple[GameState, int] | None = None
        #: ``ponder``'s work, if any.
        self._pondered: Pondered | None = None
        #: What the last taken-over ``ponder`` left behind (the state before it), let go
        #: at the next one.
        self._let_go: object | None = None

    # ---- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, setup: dict, seed: int) -> ArtifactGame:
        if not isinstance(setup, dict):
            raise ArtifactError("setup must be a dict")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ArtifactError(f"seed must be a whole number from 0 to 2**63-1, got {seed!r}")
        unknown = set(setup) - {"players", "assignment", "names", "informants"}
        if unknown:
            raise ArtifactError(f"unknown setup field(s): {', '.join(sorted(map(str, unknown)))}")
        specs = faction_mix(setup.get("players"))
        assignment = setup.get("assignment", "random")
        if assignment not in ("random", "judge"):
            raise ArtifactError("setup assignment must be 'random' or 'judge'")
        names = setup.get("names")
        if names is None:
            names = [f"Player {i + 1}" for i in range(len(specs))]
        if (not isinstance(names, list) or len(names) != len(specs)
                or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
                or len(set(names)) != len(names)):
            raise ArtifactError(f"setup names must be {len(specs)} distinct names "
                                "of 1 to 40 characters (one per faction seat)")
        informants = _informants_setup(setup.get("informants", {}), specs)
        rng = random.Random(seed)
        plan = feynman()
        seats = [s.id for s in specs]
        state = GameState(
            setup=Setup(setup["players"], assignment, tuple(names), informants),
            seed=seed,
            data=dict(data_fingerprint()),
            seats=seats,
            specs={s.id: s for s in specs},
            map_of={s.id: map_of(s) for s in specs},
            players={s: None for s in seats},
            species={s: None for s in seats if specs_faction(specs, s) == "alien"},
            lifts={lift.name: lift.start for lift in plan.lifts},
            notices={s: [] for s in seats},
            pending={s: [] for s in seats},
        )
        for seat in seats:
            mid = state.map_of[seat]
            if mid not in state.maps:
                state.maps[mid] = MapBook(lifts={lift.name: lift.start for lift in plan.lifts})
        if assignment == "random":
            shuffled = list(names)
            rng.shuffle(shuffled)
            state.players = dict(zip(seats, shuffled, strict=True))
            aliens = [s for s in seats if specs_faction(specs, s) == "alien"]
            if len(aliens) > 1:
                options = list(default_sheets().factions["alien"].options)
                chosen = rng.sample(options, len(aliens))
                for seat, species in zip(aliens, chosen, strict=True):
                    state.species[seat] = species
            state.phase = "encryption"
        return cls(state, rng, plan)

    # ---- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole game as plain values (the state's plain form plus the RNG's)."""
        out = to_plain(self._s)
        out["rng"] = _rng_to_list(self._rng)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict) -> ArtifactGame:
        state = saved_state(data)
        problem = data_mismatch(state.data)
        if problem:
            raise SaveError(f"this saved game cannot be resumed: {problem}")
        game = cls(state, _rng_from_list(data["rng"]))
        game.check_integrity()
        return game

    # ---- actions -----------------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[A.Action]:
        if seat not in self.actors():
            return []
        return legal.legal_actions(self, seat)

    def is_legal(self, seat: str, action: A.Action | dict) -> bool:
        try:
            action = self._admit(seat, action)
            # ``prepare_undo``'s copy, when current, is half of a private copy already made
            trial = ArtifactGame(pickle.loads(self._undo_bytes()), _dice_copy(self._rng),
                                 self.drawn_plan, self.sheets)
            trial._dispatch(seat, action)  # the trial is thrown away: no second copy needed
        except ArtifactError:
            return False
        return True

    def apply(self, seat: str, action: A.Action | dict) -> list[Event]:
        """Validate and perform ``action`` for ``seat``; on any error nothing changes.

        If ``ponder`` already worked this very action out from the state as it stands, the
        state it left on its private copy is taken over instead of doing the work again:
        the same rule functions on an equal state with the same dice give the same game."""
        action = self._admit(seat, action)
        pondered = self._pondered_for(seat, action)
        if pondered is not None:
            # the state left behind is let go at the next ``ponder``, while idle, not now
            self._let_go, self._pondered = pondered, None
            self._s = pondered.trial._s
            self._rng.setstate(pondered.trial._rng.getstate())
            self._undo = None
            return list(pondered.events)
        # Only the pickled bytes are kept: they become a state again after a refusal
        # alone, so an accepted action pays for half of ``_private_copy``, or for none of
        # it when ``prepare_undo`` took the copy beforehand.
        saved_state = self._undo_bytes()
        self._undo = None
        saved_rng = self._rng.getstate()
        try:
            events = self._dispatch(seat, action)
        except BaseException:
            self._s = pickle.loads(saved_state)
            self._rng.setstate(saved_rng)
            # The state put back is the one those bytes copy: they serve the next action.
            self._undo = (self._s, self._s.serial, saved_state)
            raise
        self._s.serial += 1
        return events

    def prepare_undo(self) -> None:
        """Take now the copy of the state that ``apply`` puts back if the next action is
        refused (or fails), so that the action itself does not spend the time: the state
        after one action is the state before the next, and a host has idle time between
        them (``net.hub.Hub.run`` calls this once the frames of the last action have left).

        ``apply`` uses the copy only while it is a copy of the current state: the same
        state object (a refusal puts back a new one) with the same ``serial`` (every
        accepted action raises it); otherwise it pickles the state itself, as it would
        with no copy taken. Nothing else changes the state except the test setups' one
        documented door (``tests/artifact/arrange.writable``), which calls
        ``forget_undo`` first. Taking it again while it is still current costs nothing."""
        if not self._undo_current():
            self._undo = (self._s, self._s.serial, self._pickled())

    def prepare_sight(self) -> None:
        """Look now from where every character on the map stands, as it faces, so that
        the next action's map updates find those fields of view worked out: the plan's
        sight table and its outside views keep what they find (``sight.field_of_view``).

        A host calls this while idle, with ``prepare_undo``. It changes nothing of the
        game (what is kept depends on the deck plan alone, never on the state), and above
        all it spares the action that starts play: every map's first update looks from
        every character at once (about 2 ms of the 4 that action took). Looking again
        from the same state costs nothing."""
        s = self._s
        if self.of_this_state(self._sighted):
            return
        plan = self.plan
        for char in s.characters.values():
            if char.square is not None and char.facing in FACINGS:
                sight.field_of_view(plan, char.square, char.facing)
        self._sighted = (s, s.serial)

    #: Squares ``look_ahead`` looks from anew in one step (four fields of view each, about
    #: 0.1 ms a square) ...
    LOOK_AHEAD_STEP = 4
    #: ... or finds looked from before (far cheaper).
    LOOK_AHEAD_KEPT = 256
    #: Squares outside the hull or behind windows ``look_ahead`` looks from for one state
    #: (its plan keeps ``space.VIEWS_KEPT`` of their views, four a square).
    LOOK_AHEAD_OUTSIDE = 16

    def look_ahead(self) -> Iterator[int]:
        """Look now, step by step, from every square the characters of the seat in turn
        could reach this turn, facing every way, so that a move ending there finds its
        fields of view worked out: ``prepare_sight``, for the squares a move may come to.

        A host takes these steps while idle (``net.hub.Hub._think``); each yields the
        number of squares it newly looked from (at most ``LOOK_AHEAD_STEP``), and a
        message that comes meanwhile waits for one step at most: well under a millisecond
        where the plan has been looked at before, up to about 2 ms the first time round.
        What is kept is the deck plan's (``sight.field_of_view``): nothing of the game
        changes, and a state looked ahead from again costs little (about 0.2 ms), its
        squares being found kept. A square outside the hull, or behind a window, costs most to
        look from (each view outside a few tenths of a millisecond, a step of its own;
        ``space.outside_view``) and the plan keeps the fewest of those views, so at most
        ``LOOK_AHEAD_OUTSIDE`` such squares are looked from here for one state.

        Without this, a move that ends outside the hull or behind a window spent 1-2 ms
        of its way to the players looking out from there, cold. The squares are found by
        steps alone, whatever they cost (every square a move of the character's longest
        allowance could reach, and some it could not): what is looked from never decides
        anything."""
        s = self._s
        seat = self.turn_seat
        if s.phase != "play" or seat is None:
            return
        plan = self.plan
        table = sight.sight_table(plan)
        out = eva_space.outside(plan)
        outside_left = self.LOOK_AHEAD_OUTSIDE
        looked = kept = 0  # since the last step: squares newly looked from, squares found kept
        for char in sorted(s.characters.values(), key=lambda c: c.id):
            if char.seat != seat or char.square is None or char.status not in ("active",
                                                                                "serious"):
                continue  # only those who may move
            allowance = max(movement.mobility(self, char)["ma"].values(), default=0)
            for square in eva_space.reach(plan, char.square, allowance,
                                          eva_space.has_treads(char.sheet)):
                if all(table.has_looked(square, facing) for facing in FACINGS):
                    kept += 1
                else:
                    for facing in FACINGS:
                        table.seen_from(square, facing)
                    looked += 1
                if outside_left > 0 and (square in out.windows
                                         or plan.terrain[square] == "space"):
                    outside_left -= 1
                    for facing in FACINGS:
                        if not eva_space.outside_view_kept(plan, square, facing):
                            eva_space.outside_view(plan, square, facing)
                            yield looked  # costly: a step of its own
                            looked = kept = 0
                if looked >= self.LOOK_AHEAD_STEP or kept >= self.LOOK_AHEAD_KEPT:
                    yield looked
                    looked = kept = 0
        if looked or kept:
            yield looked

    def likely_action(self) -> tuple[str, A.Action] | None:
        """The action most likely to come next, worth pondering while a host idles: the
        Judge starting play once the forces stand checked, and in play the seat in turn
        ending it (every turn ends so, a few actions after it began). None otherwise: a
        move or an attack has too many forms to guess."""
        if self._s.phase == "judge_check":
            return JUDGE, A.StartPlay()
        seat = self.turn_seat
        if self._s.phase == "play" and seat is not None:
            return seat, A.EndTurn()
        return None

    def ponder(self, seat: str, action: A.Action) -> ArtifactGame | None:
        """Work ``action`` by ``seat`` out now, on a private copy of the game, so that
        ``apply`` only takes the copy's state over if that action comes next (a host calls
        this while idle, with ``likely_action``; see ``net.hub.Hub.run``). Returns the copy,
        as the action leaves it (a view of it may be built ahead too), or None if the
        action would be refused.

        Nothing of this game changes. The copy is used only while it was made from the state
        as it stands (the test of ``prepare_undo``'s copy), and asking again for the same
        action costs nothing. Whatever the copy's rule functions raise, refused or not, is
        left to the real action to raise again when it comes."""
        kept = self._pondered_for(seat, action)
        if kept is not None:
            return kept.trial
        # Let go here, not when the action came: freeing a whole copy of the state takes
        # about a millisecond (one that was not taken over is kept till now, never used).
        self._pondered = self._let_go = None
        try:
            action = self._admit(seat, action)
            # A copy that shares the frozen records (``state.snapshot``), not one that
            # shares nothing: the state taken over then holds the very records it held
            # before wherever the action left them alone, as after an action done here,
            # and the view cache and the hub's diff pass over those at a glance.
            trial = ArtifactGame(snapshot(self._s), _dice_copy(self._rng), self.drawn_plan,
                                 self.sheets)
            events = trial._dispatch(seat, action)
        except Exception:  # noqa: BLE001 (the real action meets it again, and is refused)
            return None
        trial._s.serial += 1
        self._pondered = Pondered(self._s, self._s.serial, seat, action, trial, events)
        return trial

    def _pondered_for(self, seat: str, action: A.Action) -> Pondered | None:
        """``ponder``'s work if it was for this very action from the state as it stands."""
        kept = self._pondered
        if kept is not None and self.of_this_state(kept) and (kept.seat, kept.action) == (
                seat, action):
            return kept
        return None

    def forget_undo(self) -> None:
        """Drop ``prepare_undo``'s copy (and ``ponder``'s): the state is about to be
        changed from outside the rules (a test's arranged situation), so the copy would no
        longer be of it."""
        self._undo = None
        self._pondered = None

    @property
    def undo_ready(self) -> bool:
        """Whether ``prepare_undo``'s copy is there for the next action (a bench's figure)."""
        return self._undo_current()

    def _undo_current(self) -> bool:
        return self.of_this_state(self._undo)

    def of_this_state(self, taken: tuple | None) -> bool:
        """Whether ``taken`` (a record starting with a state and its serial) was taken of
        the state as it stands: the same state object (a refusal puts back a new one) with
        the same serial (every accepted action raises it). A host tests its own records of
        work done ahead for a state so too (``net.hub.Hub``)."""
        return taken is not None and taken[0] is self._s and taken[1] == self._s.serial

    def _undo_bytes(self) -> bytes:
        """The pickled state before an action: ``prepare_undo``'s if current, else now."""
        return self._undo[2] if self._undo_current() else self._pickled()  # type: ignore[index]

    def _pickled(self) -> bytes:
        return pickle.dumps(self._s, pickle.HIGHEST_PROTOCOL)

    def _admit(self, seat: str, action: A.Action | dict) -> A.Action:
        """The action decoded, if ``seat`` may act at all now."""
        if isinstance(action, dict):
            action = A.action_from_dict(action)
        if not isinstance(action, A.Action):
            raise InvalidAction("not an action")
        if seat != JUDGE and seat not in self._s.seats:
            raise NotYourTurn(f"unknown seat {seat!r}")
        if seat not in self.actors():
            raise NotYourTurn(f"{seat} may not act now (phase {self.phase})")
        return action

    def _dispatch(self, seat: str, action: A.Action) -> list[Event]:
        handler = getattr(self, "_do_" + action.TYPE, None)
        if handler is None:
            raise IllegalAction(f"{action.TYPE} is not an action of this game")
        events = handler(seat, action)
        if self._s.phase == "play":  # a window the action broke decompresses its space
            events += hazards.settle(self)
        if self._s.phase == "play":  # the rules end the game (Victory: how a game ends)
            how = victory.ended_by(self)
            if how is not None:
                events += self._end_game(how)
        return events

    # ---- helpers -----------------------------------------------------------------------------
    def _need_phase(self, *phases: str) -> None:
        if self._s.phase not in phases:
            raise IllegalAction(f"not allowed in phase {self._s.phase}")

    def _need_judge(self, seat: str) -> None:
        if seat != JUDGE:
            raise NotYourTurn("only the Judge may do that")

    def _need_seat(self, seat: str) -> None:
        if seat == JUDGE:
            raise NotYourTurn("the Judge has no forces of its own")

    def notify(self, seat: str, notice: dict, *, pending: bool = False) -> Event:
        """Tell one seat something: now, or at its next Situation Update. ``notice`` is
        ``{"kind": ..., **particulars}``; the Judge's log gets a copy naming the seat."""
        about = dict(notice)
        kind = about.pop("kind")
        note = Notice(kind, self._s.round, about)
        (self._s.pending if pending else self._s.notices)[seat].append(note)
        self._s.judge_notices.append(Notice(kind, self._s.round, {"to": seat, **about}))
        return Event(kind, (seat, JUDGE), to_plain(note))

    def character(self, seat: str, cid: str) -> Character:
        char = self._s.characters.get(cid)
        if char is None or char.seat != seat:
            raise IllegalAction(f"{cid!r} is not one of your characters")
        return char

    def _token(self, used: set[str] | None = None) -> str:
        """A fresh counter token, unlike every character's and item's. ``used``, those
        tokens gathered once by a caller that makes many (and the new one added to it):
        the same draws as gathering them anew for each."""
        if used is None:
            used = self.tokens_in_use()
        while True:
            token = f"t{self._rng.getrandbits(32):08x}"
            if token not in used:
                used.add(token)
                return token

    def tokens_in_use(self) -> set[str]:
        """Every character's and item's token (see ``_token``)."""
        used = {c.token for c in self._s.characters.values()}
        used |= {i.token for i in self._s.items.values()}
        return used

    # ---- lobby: assign ---------------------------------------------------------------------
    def _do_assign_faction(self, seat: str, action: A.AssignFaction) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("assign")
        s = self._s
        if action.player not in s.setup.names:
            raise IllegalAction(f"no player named {action.player!r}")
        if action.seat not in s.seats:
            raise IllegalAction(f"no seat {action.seat!r} in this mix")
        if action.player in s.players.values():
            raise IllegalAction(f"{action.player} already has a seat")
        if s.players[action.seat] is not None:
            raise IllegalAction(f"seat {action.seat} is already taken")
        s.players[action.seat] = action.player
        events = [self.notify(action.seat, {"kind": "assigned", "player": action.player})]
        self._maybe_end_assign()
        return events

    def _do_assign_species(self, seat: str, action: A.AssignSpecies) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("assign")
        s = self._s
        if action.seat not in s.species or len(s.species) < 2:
            raise IllegalAction("species are assigned by the Judge only with two alien seats")
        if action.species not in self.sheets.factions["alien"].options:
            raise IllegalAction(f"unknown species {action.species!r}")
        if action.species in [v for k, v in s.species.items() if k != action.seat]:
            raise IllegalAction("the two alien seats must have different species")
        s.species[action.seat] = action.species
        events = [self.notify(action.seat, {"kind": "species", "species": action.species})]
        self._maybe_end_assign()
        return events

    def _maybe_end_assign(self) -> None:
        s = self._s
        if any(v is None for v in s.players.values()):
            return
        if len(s.species) > 1 and any(v is None for v in s.species.values()):
            return
        s.phase = "encryption"

    # ---- lobby: encryption -------------------------------------------------------------------
    def _do_vote_encryption(self, seat: str, action: A.VoteEncryption) -> list[Event]:
        self._need_seat(seat)
        self._need_phase("encryption")
        s = self._s
        s.votes[seat] = action.allow
        events = []
        if len(s.votes) == len(s.seats):
            s.encryption = all(s.votes.values())
            s.phase = "purchase"
            for other in s.seats:
                events.append(self.notify(other, {"kind": "encryption",
                                                  "allowed": s.encryption}))
        return events

    # ---- lobby: purchase ---------------------------------------------------------------------
    def _do_customize(self, seat: str, action: A.Customize) -> list[Event]:
        self._need_seat(seat)
        self._need_phase("purchase")
        order = customize.check_order(self, seat, action)
        s = self._s
        s.orders[seat] = order
        for partner in self._partners_without_orders(seat):
            s.orders[partner] = Order(by=seat)
        events = [self.notify(seat, {"kind": "order", "cost": order.cost})]
        if len(s.orders) == len(s.seats):
            events += self._build_forces()
        return events

    def _partners_without_orders(self, seat: str) -> list[str]:
        """The second pirate seat is equipped by the first (it shares its band)."""
        if seat == "pirates" and "pirates2" in self._s.seats:
            return ["pirates2"]
        return []

    def _build_forces(self) -> list[Event]:
        events = customize.build_forces(self)
        self._s.phase = "place"
        return events

    # ---- lobby: place ------------------------------------------------------------------------
    def _do_place_forces(self, seat: str, action: A.PlaceForces) -> list[Event]:
        self._need_seat(seat)
        self._need_phase("place")
        placements = customize.check_places(self, seat, action)
        s = self._s
        for kind, thing_id, square, facing in placements:
            if kind == "character":
                s.characters[thing_id].square = square
                s.characters[thing_id].facing = facing
                s.characters[thing_id].eva = eva_space.eva_state(self.plan, square)
            else:
                s.items[thing_id].square = square
        s.placed[seat] = True
        events = [self.notify(seat, {"kind": "placed"})]
        if all(s.placed.get(x) for x in s.seats):
            s.phase = "judge_check"
            s.judge_notices.append(Notice("conflicts", 0,
                                          {"conflicts": self.placement_conflicts()}))
        return events

    # ---- lobby: the Judge's check ------------------------------------------------------------
    def _do_return_placement(self, seat: str, action: A.ReturnPlacement) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("judge_check")
        s = self._s
        if action.seat not in s.seats:
            raise IllegalAction(f"no seat {action.seat!r}")
        for char in self.own_characters(action.seat):
            char.square = None
        for item in s.items.values():
            if item.owner == action.seat and item.holder is None:
                item.square = None
        s.placed[action.seat] = False
        s.phase = "place"
        note = action.note or "Another force is in a space you chose: place elsewhere."
        return [self.notify(action.seat, {"kind": "replace", "note": note})]

    def _do_place_robot(self, seat: str, action: A.PlaceRobot) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("judge_check")
        char, square = customize.check_robot_place(self, action)
        char.square = square
        char.facing = action.facing
        return [Event("robot_placed", (JUDGE,), {"robot": action.robot})]

    def _do_start_play(self, seat: str, action: A.StartPlay) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("judge_check")
        problem = customize.start_problem(self)
        if problem:
            raise IllegalAction(problem)
        s = self._s
        s.phase = "play"
        s.round = 1
        # McCray, the station's own scientist, starts with the Computer Control marker (the
        # Example of Play has him hold it in his first turn without taking it).
        s.systems.control = "mccray" if "mccray" in s.characters else None
        if s.systems.control:
            holder = s.characters[s.systems.control]
            self.notify(holder.seat, {"kind": "control_start", "character": holder.id})
        for item in sorted(s.items.values(), key=lambda i: i.id):
            if item.holder is None and item.square is not None and item.owner:
                if self.sheets.items[item.type].marker:
                    continue
                entry = sightings.item_counter(self.plan, self.sheets, item)
                s.maps[s.map_of[item.owner]].last_known[item.token] = replace(entry, round=0)
        # The Judge places the Feynman's inactive robots on the alien's map.
        for seat in s.seats:
            if self.faction_of(seat) != "alien":
                continue
            book = s.maps[s.map_of[seat]]
            for char in sorted(s.characters.values(), key=lambda c: c.id):
                if char.sheet in FEYNMAN_ROBOTS:
                    entry = sightings.character_counter(s, self.plan, self.sheets, char)
                    book.last_known[char.token] = replace(entry, round=0)
        sightings.refresh_maps(s, self.plan, self.sheets, sorted(s.maps))
        aliens.start(self)
        events = self._begin_turn(0)
        return events

    # ---- play: sequence of play --------------------------------------------------------------
    def _begin_turn(self, index: int) -> list[Event]:
        """Situation update and initial map update of the seat at ``index``."""
        s = self._s
        seat = s.seats[index]
        s.turn = Turn(index, seat)
        events = [Event("turn_started", tuple(s.seats) + (JUDGE,),
                        {"seat": seat, "round": s.round})]
        # Situation update: deliver what waited, finish suits, running characters see again.
        for notice in s.pending[seat]:
            s.notices[seat].append(notice)
            events.append(Event(notice.kind, (seat, JUDGE), to_plain(notice)))
        s.pending[seat] = []
        s.held.pop(seat, None)  # what others did to its forces reaches it now
        informants.arrive(self, seat)  # informants that changed sides on their condition
        ships.settle(s, seat)  # its pilots' ships are no longer under way
        # Its booby traps set off since its last turn go off, its opportunity fire is
        # carried out, and its markers come off.
        events += combat.resolve_pending(self, seat, self._rng)
        events += combat.bug_recovery(self, seat, self._rng)
        for char in self.own_characters(seat):
            char.blind = False
            busy = char.busy
            if busy and busy.kind == "wear_suit":
                item = s.items[busy.suit]
                if item.holder == char.id and char.suit is None:
                    char.items.remove(item.id)
                    item.worn = True
                    char.suit = item.id
                    events.append(self.notify(seat, {"kind": "suit_on", "character": char.id,
                                                     "suit": item.id}))
                char.busy = None
                s.turn.acted.append(char.id)
        events += hazards.begin_turn(self, seat)
        events += aliens.begin_turn(self, seat)
        sightings.refresh_map(s, self.plan, self.sheets, s.map_of[seat], informants=True)
        events += computer.initial_map_update(self, seat)
        events += aliens.computer_report(self, seat)
        return events

    def _do_end_turn(self, seat: str, action: A.EndTurn) -> list[Event]:
        self._need_phase("play")
        if seat != self.turn_seat:
            raise NotYourTurn("only the seat whose turn it is may end it")
        return self._end_turn()

    def _do_skip_turn(self, seat: str, action: A.SkipTurn) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        skipped = self.turn_seat
        events = [self.notify(skipped, {"kind": "turn_skipped"}, pending=True)]
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        """Interactions and final map update, then the next seat (or global updates)."""
        s = self._s
        seat = s.turn.seat
        # Interactions: gas attacks and turns without air for the seat's own characters
        events: list[Event] = hazards.interactions(self, seat, self._rng)
        sightings.refresh_maps(s, self.plan, self.sheets, sorted(s.maps))
        hazards.end_of_turn(self)
        aliens.final_map_update(self, seat)
        events.append(Event("turn_ended", tuple(s.seats) + (JUDGE,), {"seat": seat}))
        index = s.turn.index + 1
        if index >= len(s.seats):
            events += self._global_updates()
            index = 0
        if s.phase == "play":
            events += self._begin_turn(index)
        return events

    def _global_updates(self) -> list[Event]:
        s = self._s
        events = []
        for text in s.announcements:
            for seat in s.seats:
                events.append(self.notify(seat, {"kind": "announcement", "text": text}))
        s.announcements = []
        events += combat.resolve_mines(self, self._rng)
        events += hazards.settle(self)  # a mine may have burnt through a window
        events += computer.global_updates(self, self._rng)
        events += hazards.global_updates(self)
        s.round += 1
        events.append(Event("global_updates", tuple(s.seats) + (JUDGE,),
                            {"round": s.round}))
        return events

    # ---- the Judge during play ---------------------------------------------------------------
    def _do_judge_message(self, seat: str, action: A.JudgeMessage) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play", *LOBBY_PHASES)
        if action.seat not in self._s.seats:
            raise IllegalAction(f"no seat {action.seat!r}")
        if not action.text.strip():
            raise IllegalAction("an empty message says nothing")
        return [self.notify(action.seat, {"kind": "judge", "text": action.text})]

    def _do_announce(self, seat: str, action: A.Announce) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        if not action.text.strip():
            raise IllegalAction("an empty announcement says nothing")
        self._s.announcements.append(action.text)
        return [Event("announcement_queued", (JUDGE,), {"text": action.text})]

    def _do_end_game(self, seat: str, action: A.EndGame) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        found, _checks = victory.evaluate(self)
        adjustments = []
        for other, level, reason in action.adjust:
            if other not in self._s.seats:
                raise IllegalAction(f"no seat {other!r}")
            if any(a.seat == other for a in adjustments):
                raise IllegalAction(f"{other}: one adjustment per seat")
            count = victory.level_count(self, other)
            if not 1 <= level <= count + 1:
                raise IllegalAction(f"{other}: level must be 1..{count} (or {count + 1}: none)")
            if not reason.strip():
                raise IllegalAction(f"{other}: say why the level is changed")
            if level != found[other]:
                adjustments.append(Adjustment(other, found[other], level, reason.strip()))
        return self._end_game("judge", tuple(adjustments))

    def _end_game(self, how: str, adjustments: tuple[Adjustment, ...] = ()) -> list[Event]:
        """The end (rulebook: Victory): every seat's level evaluated, the Judge's changes
        applied, and everything still waiting for a seat told to it with the result."""
        s = self._s
        s.result = victory.result(self, how, adjustments)
        s.phase = "over"
        s.turn = None
        events = []
        for seat in s.seats:
            for notice in s.pending[seat]:
                s.notices[seat].append(notice)
                events.append(Event(notice.kind, (seat, JUDGE), to_plain(notice)))
            s.pending[seat] = []
        s.held.clear()
        summary = {"kind": "game_over", "levels": dict(s.result.levels),
                   "winners": list(s.result.winners), "ended_by": how}
        return events + [self.notify(x, summary) for x in s.seats]

    # ---- the Judge's adjudication (Human Judgment) -------------------------------------------
    def _do_judge_move(self, seat: str, action: A.JudgeMove) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        return judging.judge_move(self, action)

    def _do_judge_remove(self, seat: str, action: A.JudgeRemove) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        return judging.judge_remove(self, action)

    def _do_judge_status(self, seat: str, action: A.JudgeSetStatus) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        return judging.judge_status(self, action)

    def _do_judge_suit(self, seat: str, action: A.JudgeSetSuit) -> list[Event]:
        self._need_judge(seat)
        self._need_phase("play")
        return judging.judge_suit(self, action)

    # ---- character actions -------------------------------------------------------------------
    def _acting_character(self, seat: str, cid: str) -> Character:
        self._need_phase("play")
        if seat != self.turn_seat:
            raise NotYourTurn("characters act only in their seat's turn")
        char = self.character(seat, cid)
        problem = available.acting_problem(
            acted=char.id in self._s.turn.acted,
            active=available.may_act(char.status, self.sheets.characters[char.sheet].skills),
            on_map=sightings.is_physical(self.sheets, char),
            who=self.name_of(char))
        if problem:
            raise IllegalAction(problem)
        return char

    def _finish_action(self, seat: str, char: Character) -> None:
        self._s.turn.acted.append(char.id)
        self._map_update(seat)

    def _map_update(self, seat: str) -> None:
        """The seat's map after one of its actions (and an invisible alien's own sight)."""
        sightings.refresh_map(self._s, self.plan, self.sheets, self._s.map_of[seat])
        aliens.refresh_sight(self, seat)

    def _do_move(self, seat: str, action: A.Move) -> list[Event]:
        char = self._acting_character(seat, action.character)
        events, _halted = interdiction.perform_move(self, seat, char, action.mode, action.path,
                                                action.facing, self._rng)
        self._finish_action(seat, char)
        return events

    def _do_move_then_pick_up(self, seat: str, action: A.MoveThenPickUp) -> list[Event]:
        char = self._acting_character(seat, action.character)
        if action.mode == "run":
            raise IllegalAction("move-then-pick-up is walking or jogging only")
        problem = available.hampered_problem(char.status, "pick up")
        if problem:
            raise IllegalAction(problem)
        self._check_hands(char)
        self._check_fetch(seat, char, action)
        events, halted = interdiction.perform_move(self, seat, char, action.mode, action.path,
                                               action.facing, self._rng)
        if not halted:
            s = self._s
            there = [i for i in action.take if s.items[i].holder is None
                     and s.items[i].square == char.square]
            missing = [i for i in action.take if i not in there]
            events += self._swap_items(seat, char, there, action.drop, missing)
            book = s.maps[s.map_of[seat]]
            for token in missing:  # it looked where the map had it: the place is stale
                book.last_known.pop(token, None)
        self._finish_action(seat, char)
        return events

    def _check_fetch(self, seat: str, char: Character, action: A.MoveThenPickUp) -> None:
        """What a move-then-pick-up may name, judged on the seat's view: items its map shows
        (or last saw) in the square the path ends on. Whether they are still there is found
        out by going: an item gone unseen is reported missing, never a refusal."""
        view = view_for(self, seat)
        end = tuple(action.path[-1]) if action.path else view.own.characters[char.id].square
        known = dict(view.map.last_known)
        known.update(view.map.counters)
        if len(set(action.take)) != len(action.take):
            raise IllegalAction("an item is named twice")
        for token in action.take:
            counter = known.get(token)
            if not isinstance(counter, ItemCounter) or counter.square != end:
                raise IllegalAction(f"there is no item {token!r} known there to pick up")
        # Room in the hands as if every named item were there (a look-alike takes the room
        # of what it looks like), so the answer does not depend on what is really there.
        kept = [i for i in char.items if i not in action.drop]
        items = self._s.items
        problem = available.carry_problem(
            sum(1 for i in kept + list(action.take) if self.sheets.items[items[i].type].slot))
        if problem:
            raise IllegalAction(problem)

    def _do_pick_up_drop(self, seat: str, action: A.PickUpDrop) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._check_hands(char)
        events = self._swap_items(seat, char, action.take, action.drop)
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    def _check_hands(self, char: Character) -> None:
        problem = available.hands_problem(self.sheets.characters[char.sheet].hands,
                                          self.name_of(char))
        if problem:
            raise IllegalAction(problem)

    def _swap_items(self, seat: str, char: Character, take: Iterable[str],
                    drop: Iterable[str], missing: Iterable[str] = ()) -> list[Event]:
        """Drop, then pick up, in the character's square; ``missing`` names items a fetch
        went for that were not there (told, not refused)."""
        s = self._s
        take, drop, missing = list(take), list(drop), list(missing)
        if not take and not drop and not missing:
            raise IllegalAction("pick up or drop at least one item")
        if len(set(take)) != len(take) or len(set(drop)) != len(drop):
            raise IllegalAction("an item is named twice")
        for iid in drop:
            if iid not in char.items:
                raise IllegalAction(f"{self.name_of(char)} does not carry {iid!r}")
        for iid in take:
            item = s.items.get(iid)
            if (item is None or item.holder is not None or item.square != char.square
                    or self.sheets.items[item.type].marker):
                raise IllegalAction(f"there is no item {iid!r} to pick up here")
        kept = [i for i in char.items if i not in drop]
        slots = sum(1 for i in kept + take if self.sheets.items[s.items[i].type].slot)
        problem = available.carry_problem(slots)
        if problem:
            raise IllegalAction(problem)
        for iid in drop:
            char.items.remove(iid)
            s.items[iid].holder, s.items[iid].square = None, char.square
        for iid in take:
            char.items.append(iid)
            s.items[iid].holder, s.items[iid].square = char.id, None
        char.items.sort()
        # the names the seat knows them by (it holds, or held, each): never ids or tokens
        names = {iid: self.sheets.items[s.items[iid].type].name for iid in take + drop}
        notice = {"kind": "items", "character": char.id, "took": take, "dropped": drop,
                  "names": names}
        if missing:
            notice["missing"] = missing
        return [self.notify(seat, notice)]

    def _do_check_status(self, seat: str, action: A.CheckStatus) -> list[Event]:
        char = self._acting_character(seat, action.character)
        problem = available.checker_problem(self.sheets.characters[char.sheet].kind)
        if problem:
            raise IllegalAction(problem)
        target = self._seen_fallen(seat, char, action.target)
        problem = available.check_status_problem(
            target is not None and target.id != char.id
            and target.square == char.square and target.status != "active",
            action.target)
        if problem:
            raise IllegalAction(problem)
        if target.status == "down":  # a downed human's fate is rolled when first checked
            situation.hold_forces(self, target.seat)  # its owner learns at its update
            target.status = combat_dice.status_check(combat_dice.d6(self._rng))
        events = [self.notify(seat, {"kind": "status", "target": action.target,
                                     "result": target.status})]
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    def _seen_fallen(self, seat: str, char: Character, name: str) -> Character | None:
        """The character ``name`` stands for, if the seat's view shows it fallen in the
        checker's square: one of its own by id, or a counter on its map by token. Nothing
        else is accepted, and every refusal reads the same, so a try teaches nothing the
        view does not show (the internal ids of the data files are public)."""
        view = view_for(self, seat)
        here = view.own.characters[char.id].square
        entry: OwnCharacter | Counter | None = view.own.characters.get(name)
        if entry is None:
            entry = view.map.counters.get(name)
            if not isinstance(entry, CharacterCounter):
                entry = None
        if entry is None or entry.square != here or entry.status == "active":
            return None
        return next((c for c in self._s.characters.values()
                     if c.id == name or c.token == name), None)

    def _do_wear_suit(self, seat: str, action: A.WearSuit) -> list[Event]:
        char = self._acting_character(seat, action.character)
        sheet = self.sheets.characters[char.sheet]
        problem = available.suit_problem(sheet.kind, char.suit is not None, sheet.name)
        if problem:
            raise IllegalAction(problem)
        item = self._s.items.get(action.suit)
        if item is None or not self.sheets.items[item.type].suit:
            raise IllegalAction(f"{action.suit!r} is not a suit")
        if item.holder == char.id:
            pass
        elif item.holder is None and item.square == char.square:
            char.items.append(item.id)
            char.items.sort()
            item.holder, item.square = char.id, None
        else:
            raise IllegalAction("the suit must be carried or lying in the same square")
        char.busy = Busy("wear_suit", item.id)
        movement.face_after_action(self, char, action.facing)
        events = [self.notify(seat, {"kind": "suiting_up", "character": char.id})]
        self._finish_action(seat, char)
        return events

    def _do_move_lift_car(self, seat: str, action: A.MoveLiftCar) -> list[Event]:
        char = self._acting_character(seat, action.character)
        problem = areas.lift_power_problem(self)
        if problem:
            raise IllegalAction(problem)
        lift = movement.lift_controls(self.plan, self._s.lifts, char.square, action.lift)
        # Riders of other seats (and owners of markers on the car's floor) learn at their
        # Situation Update: their views and map updates keep the car where it was till then.
        situation.hold_square(self, lift.ends[self._s.lifts[lift.name]])
        events = movement.move_lift_car(self, seat, char, action.lift)
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    # ---- combat ------------------------------------------------------------------------------
    def _do_attack(self, seat: str, action: A.Attack) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        self._need_mapped_targets(seat, action.targets)
        if informants.turns_on_attack(self, seat, char, action.targets):
            return informants.turn_instead(self, seat, char)
        if hazards.gas_arm(self, char, action.weapon) is not None:
            return self._gas(seat, char, action)
        arm = combat.arm_for(self, char, action.weapon)
        shots = combat.plan_attack(self, seat, char, arm, action.fire, action.targets,
                                   facing=char.facing)
        movement.face_after_action(self, char, action.facing)  # checked before any roll
        events = combat.perform_attack(self, seat, char, arm, action.fire, shots, self._rng,
                                       facing=action.facing)
        aliens.unmask(self, char)
        self._finish_action(seat, char)
        return events

    def _need_mapped_targets(self, seat: str, targets) -> None:
        """An attack at a counter its seat's map does not show is refused before anything
        else (``combat.unmapped_target``): a secret informant ordered so does not turn."""
        problem = combat.unmapped_target(self, seat, targets)
        if problem:
            raise IllegalAction(problem)

    def _gas(self, seat: str, char: Character, action: A.Attack) -> list[Event]:
        """A gas grenade thrown (or a robot's gas sprayed) at one square: its space fills."""
        if action.fire != "normal" or len(action.targets) != 1:
            raise IllegalAction("gas is released once, at one square")
        target = action.targets[0]
        return self._act(seat, char, action.facing,
                         hazards.gas_problem(self, char, action.weapon, target),
                         lambda: hazards.release_gas(self, seat, char, action.weapon, target))

    def _act(self, seat: str, char: Character, facing: str, problem: str,
             perform: Callable[[], list[Event]]) -> list[Event]:
        """One character's action once its checks are made: refused with ``problem`` if
        there is one, else the character faces ``facing``, ``perform`` does the rest and
        the action is over (the seat's map updated)."""
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, facing)
        events = perform()
        self._finish_action(seat, char)
        return events

    def _do_move_then_attack(self, seat: str, action: A.MoveThenAttack) -> list[Event]:
        char = self._acting_character(seat, action.character)
        if action.mode == "run":
            raise IllegalAction("a running character may not move, then attack")
        problem = available.hampered_problem(char.status, "attack")
        if problem:
            raise IllegalAction(problem)
        if char.carrying is not None:
            raise IllegalAction(f"{self.name_of(char)} carries a casualty: it may not move and "
                                  "fire")
        self._need_mapped_targets(seat, action.targets)
        if informants.turns_on_attack(self, seat, char, action.targets):
            return informants.turn_instead(self, seat, char)
        arm = combat.arm_for(self, char, action.weapon)
        plan = self.plan
        # A blow struck from behind: the attacker set out from outside the target's field
        # of view (Orlov behind Eastwood's back in the Example of Play).
        end = plan.sq(*action.path[-1]) if action.path else char.square
        approach = char.square if action.path else None
        shots = combat.plan_attack(self, seat, char, arm, action.fire, action.targets,
                                   square=end, facing=action.facing, approach=approach)
        events, _halted = interdiction.perform_move(self, seat, char, action.mode,
                                                    action.path, action.facing, self._rng)
        # Stopped short, it makes no attack; stopped where it meant to go (bumping into the
        # very character it came for), it strikes.
        if char.square == end and char.status == "active":
            events += combat.perform_attack(self, seat, char, arm, action.fire, shots,
                                            self._rng, facing=action.facing)
            aliens.unmask(self, char)
        self._finish_action(seat, char)
        return events

    def _do_opportunity_fire(self, seat: str, action: A.TargetOpportunityFire) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        events = combat.place_opportunity_fire(self, seat, char, action.weapon, action.square,
                                               action.hostile, action.facing)
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    def _do_unjam(self, seat: str, action: A.Unjam) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        events = combat.perform_unjam(self, seat, char, action.weapon, self._rng)
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    def _do_jam(self, seat: str, action: A.Jam) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        return self._act(seat, char, action.facing,
                         combat.jam_problem(self, seat, char, action.weapon),
                         lambda: combat.deliberate_jam(self, seat, char, action.weapon))

    def _do_weld(self, seat: str, action: A.Weld) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        return self._act(seat, char, action.facing,
                         welding.weld_problem(self, char, action.square, action.shut),
                         lambda: welding.weld(self, seat, char, action.square, action.shut))

    def _do_use_skill(self, seat: str, action: A.UseSkill) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        sheet = self.sheets.characters[char.sheet]
        if action.skill not in sheet.skills:
            raise IllegalAction(f"{self.name_of(char)} lacks the {action.skill} skill")
        if action.skill == "Plasma":
            movement.face_after_action(self, char, action.facing)
            events = combat.plasma_work(self, seat, char, action.target)
            self._finish_action(seat, char)
            return events
        if action.skill == "Mechanic":
            movement.face_after_action(self, char, action.facing)
            events = combat.mechanic_work(self, seat, char, action.target, self._rng)
            self._finish_action(seat, char)
            return events
        if action.skill != "Medic":
            raise IllegalAction(f"the {action.skill} skill is not used this way")
        patient = combat.patient_here(self, seat, char, action.target)
        movement.face_after_action(self, char, action.facing)
        events = combat.first_aid(self, seat, char, patient, "medic")
        self._finish_action(seat, char)
        return events

    def _do_use_equipment(self, seat: str, action: A.UseEquipment) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        self._check_hands(char)
        item = self._s.items.get(action.item)
        if item is not None and item.type == "thermite_mine":
            return self._thermite(seat, char, item, action)
        if action.item not in char.items:
            raise IllegalAction(f"{self.name_of(char)} does not carry {action.item!r}")
        if item.type == "booby_trap":
            if "Plasma" not in self.sheets.characters[char.sheet].skills:
                raise IllegalAction("booby traps need the Plasma skill")
            movement.face_after_action(self, char, action.facing)
            events = combat.set_trap(self, seat, char, item, action.target)
            self._finish_action(seat, char)
            return events
        if item.type == "flashlight":
            return self._act(seat, char, action.facing,
                             hazards.examine_problem(self, char, action.item, action.target),
                             lambda: hazards.examine(self, seat, char, action.target))
        tool = {"access_key": (areas.key_problem, areas.use_key),
                "geiger_counter": (areas.geiger_problem, areas.geiger)}.get(item.type)
        if tool is not None:
            problem = tool[0](self, char, action.target)
            if problem:
                raise IllegalAction(problem)
            movement.face_after_action(self, char, action.facing)
            events = tool[1](self, seat, char, action.target)
            self._finish_action(seat, char)
            return events
        if item.type != "medkit":
            raise IllegalAction(f"the {self.sheets.items[item.type].name} is not used this way")
        patient = combat.patient_here(self, seat, char, action.target)
        movement.face_after_action(self, char, action.facing)
        events = combat.first_aid(self, seat, char, patient, "medkit", item)
        self._finish_action(seat, char)
        return events

    def _thermite(self, seat: str, char: Character, mine, action: A.UseEquipment):
        """Set a carried thermite mine here (target: this square), or detonate one of the
        seat's mines already set, from anywhere (target: its square); both need Plasma."""
        if "Plasma" not in self.sheets.characters[char.sheet].skills:
            raise IllegalAction("thermite mines need the Plasma skill")
        target = action.target
        if isinstance(target, str) or not self.plan.inside(*target):
            raise IllegalAction("name the mine's square")
        square = self.plan.sq(*target)
        if mine.id in char.items:
            if square != char.square:
                raise IllegalAction("a mine is set in the character's own square")
            movement.face_after_action(self, char, action.facing)
            events = combat.set_mine(self, seat, char, mine)
        elif (mine.owner == seat and mine.holder is None and mine.armed
              and mine.square == square):
            movement.face_after_action(self, char, action.facing)
            events = combat.detonate_mine(self, seat, mine)
        else:
            raise IllegalAction(f"{self.name_of(char)} does not carry {action.item!r}")
        self._finish_action(seat, char)
        return events

    def _do_pick_up_drop_casualty(self, seat: str,
                                  action: A.PickUpDropCasualty) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        if action.drop:
            events = combat.put_down(self, seat, char, action.casualty)
        else:
            events = combat.take_up(self, seat, char, action.casualty)
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    # ---- spaceships ---------------------------------------------------------------------------
    def _do_pilot(self, seat: str, action: A.Pilot) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        if action.mode not in ("walk", "jog", "run"):
            raise IllegalAction("mode must be one of walk, jog, run")
        problem = ships.pilot_problem(self, char, action.steps)
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, action.facing)
        events = ships.fly(self, seat, char, action.mode, action.steps)
        self._finish_action(seat, char)
        return events

    def _do_fire_cannon(self, seat: str, action: A.FireCannon) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = cannon.gunner_problem(self, char)
        if problem:
            raise IllegalAction(problem)
        events = cannon.fire(self, seat, char, action.mode, action.target, action.facing,
                             self._rng)
        self._finish_action(seat, char)
        return events

    # ---- computer operations -----------------------------------------------------------------
    def _do_hack(self, seat: str, action: A.Hack) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = computer.hack_problem(self, char)
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, action.facing)  # checked before the roll
        events = computer.hack(self, seat, char, self._rng)
        self._finish_action(seat, char)
        return events

    def _do_transfer_control(self, seat: str, action: A.TransferControl) -> list[Event]:
        self._need_phase("play")
        if seat != self.turn_seat:
            raise NotYourTurn("the marker is handed over in its holder's turn")
        return computer.transfer(self, seat, self.character(seat, action.character),
                                 action.to)

    def _do_security_action(self, seat: str, action: A.SecurityAction) -> list[Event]:
        if aliens.is_computer_mind(self, seat, action.character):  # HAL: the computer itself
            self._need_phase("play")
            events = aliens.security_action(self, seat, action)
            self._map_update(seat)
            return events
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = computer.security_action_problem(self, char, action.kind, action.segment,
                                                   action.toggle)
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, action.facing)
        events = computer.security_action(self, seat, char, action.kind, action.segment,
                                          action.toggle, self._rng)
        self._finish_action(seat, char)
        return events

    def _do_self_destruct(self, seat: str, action: A.SelfDestruct) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = computer.self_destruct_problem(self, char, action.turns)
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, action.facing)
        events = computer.order_self_destruct(self, seat, char, action.turns)
        self._finish_action(seat, char)
        return events

    def _do_alien_power(self, seat: str, action: A.AlienPower) -> list[Event]:
        self._need_phase("play")
        if seat != self.turn_seat:
            raise NotYourTurn("characters act only in their seat's turn")
        events = aliens.use_power(self, seat, action, self._rng)
        self._map_update(seat)
        return events

    def _do_command_robot(self, seat: str, action: A.CommandRobot) -> list[Event]:
        return self._area_action(seat, action, areas.command_robot_problem,
                                 areas.command_robot, action.robot)

    def _do_loudspeaker(self, seat: str, action: A.Loudspeaker) -> list[Event]:
        if aliens.is_computer_mind(self, seat, action.character):
            self._need_phase("play")
            if seat != self.turn_seat:
                raise NotYourTurn("characters act only in their seat's turn")
            self._need_facing(action.facing)
            return aliens.loudspeaker(self, seat, action)
        return self._area_action(seat, action, areas.loudspeaker_problem, areas.loudspeaker,
                                 action.text)

    def _do_hack_lift_car(self, seat: str, action: A.HackLiftCar) -> list[Event]:
        return self._area_action(seat, action, areas.hack_lift_problem, areas.hack_lift_car,
                                 action.lift, rolls=True)

    def _do_climb_ladder(self, seat: str, action: A.ClimbLadder) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        events = areas.climb_ladder(self, seat, char, action.lift)
        movement.face_after_action(self, char, action.facing)  # at the top (or bottom)
        self._finish_action(seat, char)
        return events

    def _do_use_medlab(self, seat: str, action: A.UseMedlab) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = areas.medlab_problem(self, char, action.use)
        if problem:
            raise IllegalAction(problem)
        events = areas.use_medlab(self, seat, char, action.use, action.target)
        movement.face_after_action(self, char, action.facing)
        self._finish_action(seat, char)
        return events

    def _do_mechanic_work(self, seat: str, action: A.MechanicWork) -> list[Event]:
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = areas.mechanic_problem(self, char, action.work)
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, action.facing)
        events = areas.mechanic_work(self, seat, char, action.work, action.target)
        self._finish_action(seat, char)
        return events

    def _area_action(self, seat: str, action, problem_of, perform, arg, *,
                     rolls: bool = False) -> list[Event]:
        """One character's action of ``areas``: checked (``problem_of``) before the facing
        changes and any die is rolled, then performed; the character has acted."""
        char = self._acting_character(seat, action.character)
        self._need_facing(action.facing)
        problem = problem_of(self, char, arg)
        if problem:
            raise IllegalAction(problem)
        movement.face_after_action(self, char, action.facing)
        events = perform(self, seat, char, arg, self._rng) if rolls else \
            perform(self, seat, char, arg)
        self._finish_action(seat, char)
        return events

    def _need_facing(self, facing: str) -> None:
        if facing not in FACINGS:
            raise IllegalAction(f"facing must be one of {', '.join(FACINGS)}")

    def _do_activate_informant(self, seat: str, action: A.ActivateInformant) -> list[Event]:
        self._need_phase("play")
        if seat != self.turn_seat:
            raise NotYourTurn("an informant is activated in its master's turn")
        return informants.activate(self, seat, informants.check_master(self, seat,
                                                                       action.character))

    def _do_set_informant_condition(self, seat: str,
                                    action: A.SetInformantCondition) -> list[Event]:
        self._need_phase("play")
        if seat != self.turn_seat:
            raise NotYourTurn("an informant's condition is set in its master's turn")
        return informants.set_condition(self, seat, action.character, action.condition)


def specs_faction(specs: tuple[SeatSpec, ...], seat: str) -> str:
    return next(s.faction for s in specs if s.id == seat)


def _informants_setup(value, specs: tuple[SeatSpec, ...]) -> dict:
    """The Judge's choice of the G-men's informant, made in advance (a scenario such as the
    Example of Play names it): {phone company seat: pirate character}. A seat left out, or
    whose pirate is not in the band as ordered, gets the usual random draw."""
    phone_seats = {s.id for s in specs if s.faction == "phoneco"}
    pirates = {k for k, c in default_sheets().characters.items()
               if c.faction == "pirates" and k != "eastwood"}
    if (not isinstance(value, dict) or not set(value) <= phone_seats
            or not all(isinstance(v, str) and v in pirates for v in value.values())
            or len(set(value.values())) != len(value)):
        raise ArtifactError("setup informants must map Phone Co. seats of this mix to "
                            "different pirates (never Captain Eastwood)")
    return dict(sorted(value.items()))


def replay(setup: dict, seed: int, log: Iterable,
           data: dict | None = None) -> ArtifactGame:
    """Rebuild a game from its setup, seed and log of (seat, action) pairs. ``data`` is the
    ``data_fingerprint`` the log was played with, when it records one: other data is refused
    (the same actions would not mean the same game)."""
    if data is not None:
        problem = data_mismatch(data)
        if problem:
            raise SaveError(f"this game cannot be replayed: {problem}")
    game = ArtifactGame.new(setup, seed)
    for number, entry in enumerate(log):
        try:
            seat, action = entry
        except (TypeError, ValueError):
            raise SaveError(f"log entry {number} is not a (seat, action) pair") from None
        try:
            game.apply(seat, action)
        except ArtifactError as exc:
            raise SaveError(f"log entry {number} does not replay: {exc}") from None
    return game
