"""The game as it stands: its state with the deck plan and control sheets it is played on.

``Table`` answers every read-only question the rule modules and the views ask of a game
(whose turn, who may act, a seat's faction, stacking, the Judge's placement conflicts). The
engine's ``ArtifactGame`` is a ``Table`` that can also change; views take a ``Table``, so
they read the state without importing the engine (rulebook: Sequence of Play, Stacking,
Place Counters).
"""

from __future__ import annotations

from . import ships, sightings
from .codec import CodecError, from_plain
from .deckplan import FACINGS, DeckPlan, feynman
from .errors import SaveError
from .seats import JUDGE, SeatSpec, allied, faction_mix
from .sheets import Sheets, default_sheets
from .state import Character, GameState

LOBBY_PHASES = ("assign", "encryption", "purchase", "place", "judge_check")
STACK_LIMIT = 4
LIFT_STACK_LIMIT = 8


class Table:
    """A game's state, deck plan and sheets, read-only (see module docstring)."""

    def __init__(self, state: GameState, plan: DeckPlan | None = None,
                 sheets: Sheets | None = None) -> None:
        self._s = state
        self.drawn_plan = plan or feynman()
        self.sheets = sheets or default_sheets()

    @property
    def plan(self) -> DeckPlan:
        """The deck plan as it stands: the drawn plan with the windows and hatches broken so
        far opened up (they let sight and movement through at once), without gravity once
        the ring has stopped (``DeckPlan.without_gravity``), and the ships where they have
        flown (``ships.moved_plan``)."""
        systems = self._s.systems
        plan = self.drawn_plan.without_gravity() if systems.ring_stopped else self.drawn_plan
        if systems.broken_windows or systems.blown_hatches:
            plan = plan.with_breaks(systems.broken_windows, systems.blown_hatches)
        if self._s.ships:
            plan = ships.moved_plan(plan, self._s.ships)
        return plan

    # ---- public properties -------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._s.seats)

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def turn_seat(self) -> str | None:
        turn = self._s.turn
        return turn.seat if turn else None

    @property
    def state(self) -> GameState:
        """The live state: read it, never change it (only the engine's rule functions do;
        ``tests/test_state_writes.py`` holds every other module to that); ``to_dict()``
        gives its plain form."""
        return self._s

    def seat_spec(self, seat: str) -> SeatSpec:
        return self._s.specs[seat]

    def faction_of(self, seat: str) -> str:
        return self._s.specs[seat].faction

    def actors(self) -> frozenset[str]:
        s = self._s
        phase = s.phase
        if phase == "assign":
            return frozenset({JUDGE})
        if phase == "encryption":
            return frozenset(seat for seat in s.seats if seat not in s.votes)
        if phase == "purchase":
            return frozenset(seat for seat in s.seats
                             if seat not in s.orders and seat != "pirates2")
        if phase == "place":
            return frozenset(seat for seat in s.seats if not s.placed.get(seat))
        if phase in ("judge_check",):
            return frozenset({JUDGE})
        if phase == "play":
            return frozenset({JUDGE, s.turn.seat})
        return frozenset()

    def name_of(self, char: Character) -> str:
        """The name a character goes by in the engine's own sentences (a refusal's reason
        is read by the seat that owns it, and clients show it as sent: never an id)."""
        return self.sheets.characters[char.sheet].name

    def own_characters(self, seat: str) -> list[Character]:
        return [c for c in self._s.characters.values() if c.seat == seat]

    def placement_conflicts(self) -> list[list]:
        """[space, seat, seat] for every space where two seats that are not allies (the two
        pirate bands of an 8-player game are one side) placed characters."""
        by_space: dict = {}
        for char in sorted(self._s.characters.values(), key=lambda c: c.id):
            if char.seat is None or not sightings.is_physical(self.sheets, char):
                continue
            name = self.plan.space_name(char.square) or f"outside {char.square}"
            by_space.setdefault(name, set()).add(char.seat)
        out = []
        for name in sorted(by_space):
            seats = sorted(by_space[name])
            for i, a in enumerate(seats):
                for b in seats[i + 1:]:
                    if not allied(self.seat_spec(a), self.seat_spec(b)):
                        out.append([name, a, b])
        return out

    def stack_limit(self, square: int) -> int:
        return LIFT_STACK_LIMIT if self.plan.feature[square] == "lift_stop" else STACK_LIMIT

    def stack_count(self, square: int, exclude: str | None = None) -> int:
        """Active characters counting for stacking in ``square``."""
        return sum(1 for c in self._s.characters.values()
                   if c.square == square and c.id != exclude and c.status == "active"
                   and sightings.is_physical(self.sheets, c))

    @classmethod
    def from_dict(cls, data: dict) -> Table:
        """A read-only table of a saved state (``ArtifactGame.to_dict``), checked."""
        table = cls(saved_state(data))
        table.check_integrity()
        return table

    def check_integrity(self) -> None:
        """Raise SaveError unless every character and item names known data."""
        try:
            self._check_integrity()
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveError(f"saved game is inconsistent: {exc!r}") from None

    def _check_integrity(self) -> None:
        s = self._s
        faction_mix(s.setup.players)
        n = len(self.plan.terrain)
        for cid, char in s.characters.items():
            if char.sheet not in self.sheets.characters or char.id != cid:
                raise ValueError(f"character {cid}")
            if char.square is not None and not 0 <= char.square < n:
                raise ValueError(f"character {cid} square")
            if char.facing not in FACINGS:
                raise ValueError(f"character {cid} facing")
        for iid, item in s.items.items():
            if item.type not in self.sheets.items or item.id != iid:
                raise ValueError(f"item {iid}")
        if s.phase not in LOBBY_PHASES + ("play", "over"):
            raise ValueError("phase")



def saved_state(data: dict) -> GameState:
    """The typed state of a saved game's plain form (``ArtifactGame.to_dict``), checked field
    by field; the RNG's entry is the engine's business."""
    if not isinstance(data, dict) or data.get("format") != GameState.FORMAT:
        raise SaveError("not a saved game of The Artifact (format mismatch)")
    body = {k: v for k, v in data.items() if k != "rng"}
    try:
        return from_plain(GameState, body, path="save")
    except CodecError as exc:
        raise SaveError(f"saved game is damaged: {exc}") from None
