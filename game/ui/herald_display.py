"""What the Herald console shows at this instant, and how engine events animate it.

``Display`` is a snapshot of every drawable value (pawn positions as floats, track values
as floats, dice faces ...). Between decisions it equals the engine state; after an action
the scene takes the snapshot from *before* the action and turns each engine event into a
:class:`~game.ui.anim.Beat` that moves the snapshot towards the new state. When the queue
runs dry (or a click skips it) the display is re-synced from the engine, so the view can
never drift from the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from game.herald import events as ev
from game.herald.state import HeraldState
from game.ui.anim import Beat, Together, back_out, ease_in_out, ease_out, lerp
from game.ui.hexgrid import DIRECTION_ANGLES, direction_towards, unit_center

TRACKS = ("supplies", "leadership", "infiltration", "diplomatic", "research", "time",
          "countdown_modifier")


@dataclass
class Banner:
    text: str
    tone: str = "info"  # info | good | bad
    alpha: float = 1.0


@dataclass
class EventCard:
    """The card turned over when an Event is revealed; ``t`` runs 0..1 over its beat."""

    pos: tuple[int, int]
    efforts: tuple[int, int]
    t: float = 0.0


@dataclass
class Display:
    """Every value the console draws that can change during play."""

    ship: tuple[float, float]
    heading: float
    matrix: tuple[float, float]
    matrix_ghost: tuple[float, float] | None
    tracks: dict[str, float]
    effectiveness: dict[str, float]
    dice: list[int]
    dice_spin: list[float]
    rolling: bool
    countdown_die: int | None
    countdown_spin: float
    bad_reputation: list[tuple[int, int]]
    lis_visited: list[tuple[int, int]]
    source_visited: bool
    alien_tech: bool
    stec_active: bool
    event_tokens: list[tuple[int, int]]
    route: list[tuple[int, int]]
    assignment: dict[str, int] | None
    banner: Banner | None = None
    pops: dict[str, float] = field(default_factory=dict)
    shake: float = 0.0
    highlight_cell: tuple[int, int] | None = None
    card: EventCard | None = None

    @classmethod
    def from_state(cls, s: HeraldState, countdown_die: int | None = None) -> Display:
        heading = 0.0
        if len(s.route) >= 2 and s.route[-1] != s.route[-2]:
            heading = DIRECTION_ANGLES[direction_towards(tuple(s.route[-2]), tuple(s.route[-1]))]
        return cls(
            ship=unit_center(tuple(s.position)),
            heading=heading,
            matrix=(float(s.matrix[0]), float(s.matrix[1])),
            matrix_ghost=None,
            tracks={t: float(getattr(s, t)) for t in TRACKS},
            effectiveness={k: float(v) for k, v in s.effectiveness.items()},
            dice=list(s.dice),
            dice_spin=[0.0] * len(s.dice),
            rolling=False,
            countdown_die=countdown_die,
            countdown_spin=0.0,
            bad_reputation=[tuple(h) for h in s.bad_reputation],
            lis_visited=[tuple(h) for h in s.lis_visited],
            source_visited=s.source_visited,
            alien_tech=s.alien_tech,
            stec_active=s.stec_active,
            event_tokens=[tuple(p) for p in s.event_tokens],
            route=[tuple(h) for h in s.route],
            assignment=None if s.assignment is None else dict(s.assignment),
        )


# Seconds per kind of beat at normal speed.
DUR_ROLL = 0.75
DUR_SHIP = 0.65
DUR_MATRIX = 0.7
DUR_TRACK = 0.35
DUR_BANNER = 0.9
DUR_POP = 0.35
DUR_CARD = 1.8
#: What a handled Opportunity wins or a missed Threat costs, for the result banner.
RESOLVED_WORDS = {("+SUP", True): "+2 Supplies", ("+DIP", True): "a Diplomatic Success",
                  ("+RES", True): "a Research Survey", ("-LEA", False): "Leadership -1",
                  ("-TIM", False): "Time +1", ("-REP", False): "a Bad Reputation here"}


class Animator:
    """Turns engine events into beats acting on a :class:`Display`.

    ``on_log`` receives each event's plain-words sentence when its beat starts, so the game
    log reads in step with what is on screen; ``play`` receives sound names.
    """

    def __init__(
        self,
        display: Display,
        play: Callable[[str], None],
        on_log: Callable[[str, str], None],
        rng: random.Random | None = None,
    ) -> None:
        self.d = display
        self.play = play
        self.on_log = on_log
        self.rng = rng or random.Random(7)

    # -- helpers ---------------------------------------------------------------------

    def _log(self, e: ev.Event, tone: str = "info") -> Callable[[], None]:
        def start() -> None:
            self.on_log(e.describe(), tone)
        return start

    def _banner(self, e: ev.Event, text: str, tone: str, sound: str | None,
                duration: float = DUR_BANNER) -> Beat:
        d = self.d

        def start() -> None:
            self.on_log(e.describe(), tone)
            d.banner = Banner(text, tone)
            if sound:
                self.play(sound)

        def update(t: float) -> None:
            if d.banner is not None:
                d.banner.alpha = min(1.0, 4 * (1 - t)) if t > 0.6 else min(1.0, t * 6)

        def finish() -> None:
            d.banner = None

        return Beat(duration, update, on_start=start, on_finish=finish, easing=lambda t: t,
                    label=e.type)

    def _instant(self, e: ev.Event, apply: Callable[[], None] | None = None,
                 tone: str = "info") -> Beat:
        def start() -> None:
            self.on_log(e.describe(), tone)
            if apply:
                apply()
        return Beat(0.0, on_start=start, label=e.type)

    def _card(self, e: ev.EventRevealed) -> Beat:
        """An Event card turns over at its place on the Matrix and comes to the front."""
        d = self.d

        def start() -> None:
            self.on_log(e.describe(), "info")
            d.highlight_cell = tuple(e.pos)
            d.card = EventCard(tuple(e.pos), tuple(e.efforts))
            self.play("click")

        def update(t: float) -> None:
            if d.card is not None:
                d.card.t = t

        def finish() -> None:
            d.card = None

        return Beat(DUR_CARD, update, on_start=start, on_finish=finish, easing=lambda t: t,
                    label=e.type)

    # -- one event -> one beat ---------------------------------------------------------

    def beats_for(self, events: list[ev.Event]) -> list[Beat]:
        beats: list[Beat] = []
        i = 0
        while i < len(events):
            e = events[i]
            if isinstance(e, ev.EffectivenessChanged):
                group = [e]
                while i + 1 < len(events) and isinstance(events[i + 1], ev.EffectivenessChanged):
                    i += 1
                    group.append(events[i])
                beats.append(Together([self._effectiveness(x) for x in group],
                                      label="effectiveness"))
            else:
                beats.append(self.beat(e))
            i += 1
        return beats

    def beat(self, e: ev.Event) -> Beat:
        d = self.d
        if isinstance(e, ev.DiceRolled):
            return self._roll(e)
        if isinstance(e, ev.ShipMoved):
            return self._ship(e)
        if isinstance(e, ev.MatrixPawnMoved):
            return self._matrix(e)
        if isinstance(e, ev.TrackChanged):
            return self._track(e)
        if isinstance(e, ev.DiceAssigned):
            def assign() -> None:
                d.assignment = dict(e.assignment)
            return self._instant(e, assign)
        if isinstance(e, ev.LisPointVisited):
            return self._pop(e, "lis", lambda: d.lis_visited.append(tuple(e.hex))
                             if tuple(e.hex) not in d.lis_visited else None, "success", "good")
        if isinstance(e, ev.SourceReached):
            def reach() -> None:
                d.source_visited = True
            return self._pop(e, "source", reach, "success", "good")
        if isinstance(e, ev.BadReputationPlaced):
            return self._pop(e, "badrep", lambda: d.bad_reputation.append(tuple(e.hex)),
                             "alarm", "bad")
        if isinstance(e, ev.EventRevealed):
            return self._card(e)
        if isinstance(e, ev.EventResolved):
            good = e.success
            text = "Event handled" if good else "Event not met"
            words = RESOLVED_WORDS.get((e.outcome, good), "")
            return self._banner(e, f"{text}{': ' + words if words else ''}",
                                "good" if good else "bad", "success" if good else "failure")
        if isinstance(e, ev.CellDismantled):
            return self._banner(e, "Isolationist Cell dismantled", "good", "success")
        if isinstance(e, ev.StecExploded):
            def boom() -> None:
                d.stec_active = True
            b = self._banner(e, "STEC Engine explosion!", "bad", "alarm", 1.1)
            inner = b.on_update

            def shake(t: float) -> None:
                d.shake = 6 * (1 - t)
                if inner:
                    inner(t)
            b.on_update = shake
            old_finish = b.on_finish

            def finish() -> None:
                d.shake = 0.0
                boom()
                if old_finish:
                    old_finish()
            b.on_finish = finish
            return b
        if isinstance(e, ev.AlienTechRecovered):
            def found() -> None:
                d.alien_tech = True
            return self._pop(e, "alien", found, "success", "good")
        if isinstance(e, ev.SearchBegun):
            return self._banner(e, f"Search at The Source: {e.time_needed} Time", "info",
                                "engine")
        if isinstance(e, ev.OperationMounted):
            return self._banner(e, "Exploring parties go in", "info", "click")
        if isinstance(e, ev.MinorIncident):
            return self._banner(e, f"Minor incident: {e.name}", "bad", "failure")
        if isinstance(e, ev.CountdownBegan):
            return self._banner(e, "The Final Countdown begins", "bad", "countdown", 1.1)
        if isinstance(e, ev.CountdownRolled):
            return self._countdown(e)
        if isinstance(e, ev.GameEnded):
            tone = "good" if e.outcome.get("victory") else "bad"
            return self._banner(e, "The voyage is over", tone,
                                "victory" if tone == "good" else "defeat", 1.2)
        if isinstance(e, ev.TurnBegan):
            def newturn() -> None:
                d.assignment = None
                d.highlight_cell = None
            return self._instant(e, newturn, tone="turn")
        return self._instant(e)

    def _roll(self, e: ev.DiceRolled) -> Beat:
        d = self.d
        if e.purpose == "countdown":
            def cstart() -> None:
                self.on_log(e.describe(), "info")
                self.play("dice_roll")

            def cupdate(t: float) -> None:
                if t < 1.0:
                    d.countdown_die = self.rng.randint(1, 6)
                    d.countdown_spin = (1 - t) * 540
            def cfinish() -> None:
                d.countdown_die = e.dice[0]
                d.countdown_spin = 0.0
                self.play("dice_land")
            return Beat(DUR_ROLL, cupdate, on_start=cstart, on_finish=cfinish, easing=ease_out,
                        label=e.type)

        final = list(e.dice)

        def start() -> None:
            self.on_log(e.describe(), "info")
            self.play("dice_roll")
            d.rolling = True
            d.assignment = None
            d.dice = [self.rng.randint(1, 6) for _ in final]
            d.dice_spin = [self.rng.uniform(-1, 1) for _ in final]

        def update(t: float) -> None:
            if t >= 1.0:
                return
            # faces change less often as the dice slow down
            if self.rng.random() < 0.6 * (1 - t) + 0.1:
                k = self.rng.randrange(len(final))
                d.dice[k] = self.rng.randint(1, 6)
            d.dice_spin = [(1 - t) * 720 * (1 if i % 2 else -1) * (0.6 + 0.1 * i)
                           for i in range(len(final))]

        def finish() -> None:
            d.dice = list(final)
            d.dice_spin = [0.0] * len(final)
            d.rolling = False
            self.play("dice_land")

        return Beat(DUR_ROLL, update, on_start=start, on_finish=finish, easing=ease_out,
                    label=e.type)

    def _ship(self, e: ev.ShipMoved) -> Beat:
        d = self.d
        a = unit_center(tuple(e.src))
        b = unit_center(tuple(e.dst))
        heading = DIRECTION_ANGLES.get(e.direction, d.heading)

        def start() -> None:
            self.on_log(e.describe(), "bad" if e.lost else "info")
            self.play("engine")
            d.heading = heading

        def update(t: float) -> None:
            d.ship = (lerp(a[0], b[0], t), lerp(a[1], b[1], t))

        def finish() -> None:
            if not d.route or d.route[-1] != tuple(e.dst):
                d.route.append(tuple(e.dst))

        return Beat(DUR_SHIP, update, on_start=start, on_finish=finish, easing=ease_in_out,
                    label=e.type)

    def _matrix(self, e: ev.MatrixPawnMoved) -> Beat:
        """Glide between Events; across an edge, one copy leaves while another enters."""
        d = self.d
        (c0, r0), (c1, r1) = e.src, e.dst
        dc, dr = c1 - c0, r1 - r0
        if e.wrapped_col:
            dc = -1 if dc > 0 else 1
        if e.wrapped_row:
            dr = -1 if dr > 0 else 1
        wrapped = e.wrapped_col or e.wrapped_row

        def start() -> None:
            self.on_log(e.describe(), "info")
            self.play("slide")
            d.highlight_cell = None

        def update(t: float) -> None:
            d.matrix = (c0 + dc * t, r0 + dr * t)
            d.matrix_ghost = (c1 - dc * (1 - t), r1 - dr * (1 - t)) if wrapped else None

        def finish() -> None:
            d.matrix = (float(c1), float(r1))
            d.matrix_ghost = None

        return Beat(DUR_MATRIX, update, on_start=start, on_finish=finish, easing=ease_in_out,
                    label=e.type)

    def _track(self, e: ev.TrackChanged) -> Beat:
        d = self.d
        worse = _is_worse(e)

        def start() -> None:
            self.on_log(e.describe(), "bad" if worse else "good")
            self.play("slide")
            d.pops[f"track:{e.track}"] = 1.0

        def update(t: float) -> None:
            d.tracks[e.track] = lerp(e.old, e.new, t)
            d.pops[f"track:{e.track}"] = 1 - t

        def finish() -> None:
            d.tracks[e.track] = float(e.new)
            d.pops.pop(f"track:{e.track}", None)

        return Beat(DUR_TRACK, update, on_start=start, on_finish=finish, easing=ease_out,
                    label=e.type)

    def _effectiveness(self, e: ev.EffectivenessChanged) -> Beat:
        d = self.d

        def start() -> None:
            self.on_log(e.describe(), "bad" if e.new < e.old else "good")
            self.play("slide")

        def update(t: float) -> None:
            d.effectiveness[e.officer] = lerp(e.old, e.new, t)
            d.pops[f"officer:{e.officer}"] = 1 - t

        def finish() -> None:
            d.effectiveness[e.officer] = float(e.new)
            d.pops.pop(f"officer:{e.officer}", None)

        return Beat(DUR_TRACK, update, on_start=start, on_finish=finish, easing=ease_out,
                    label=e.type)

    def _pop(self, e: ev.Event, key: str, apply: Callable[[], object], sound: str,
             tone: str) -> Beat:
        d = self.d

        def start() -> None:
            self.on_log(e.describe(), tone)
            self.play(sound)
            apply()

        def update(t: float) -> None:
            d.pops[key] = t

        def finish() -> None:
            d.pops.pop(key, None)

        return Beat(DUR_POP, update, on_start=start, on_finish=finish, easing=back_out,
                    label=e.type)

    def _countdown(self, e: ev.CountdownRolled) -> Beat:
        verdict = "Time advances" if e.advanced else "Time holds"
        return self._banner(e, f"Countdown Roll {e.roll}{e.modifier:+d}: {verdict}",
                            "bad" if e.advanced else "good", "countdown")


def _is_worse(e: ev.TrackChanged) -> bool:
    if e.track in ("infiltration",):
        return e.new > e.old
    if e.track == "time":
        return e.new < e.old  # the marker moves towards the last space
    return e.new < e.old
