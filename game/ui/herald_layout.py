"""Where everything of the Herald console goes, computed from the window size alone.

Every rect is a fraction of the window (with margins scaled by the window scale), so the
console looks the same from 1280x720 to full screen. Scenes and tests ask the layout for
positions instead of hard-coding pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game.herald.holomap import DIRECTIONS, neighbour
from game.herald.pads import MATRIX_COLS, MATRIX_ROWS, Pads
from game.ui import theme
from game.ui.hexgrid import HexView

BAY_TRACKS: tuple[str, ...] = ("supplies", "leadership", "infiltration", "diplomatic", "research")
MODIFIER_RANGE: tuple[int, ...] = (-4, -3, -2, -1, 0, 1, 2)
TOP_BUTTONS: tuple[str, ...] = ("hint", "undo", "rules", "sound", "menu")


def _split_h(r: Rect, frac: float, gap: int) -> tuple[Rect, Rect]:
    """Split a rect into left and right parts, the left one ``frac`` of the width."""
    w1 = round((r.w - gap) * frac)
    return Rect(r.x, r.y, w1, r.h), Rect(r.x + w1 + gap, r.y, r.w - w1 - gap, r.h)


def _split_v(r: Rect, frac: float, gap: int) -> tuple[Rect, Rect]:
    h1 = round((r.h - gap) * frac)
    return Rect(r.x, r.y, r.w, h1), Rect(r.x, r.y + h1 + gap, r.w, r.h - h1 - gap)


def visit_spaces(pads: Pads) -> dict[tuple[int, int], tuple[int, int]]:
    """For the Lis Points and The Source: the off-map neighbour cell that holds its Visit
    space (drawn as a small socket linked to the region)."""
    h = pads.holomap
    out: dict[tuple[int, int], tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for special in (*h.lis_points, h.source):
        for d in ("UR", "UL", "DR", "DL", "R", "L"):
            n = neighbour(special, d)
            if n not in h.regions and n not in taken:
                out[special] = n
                taken.add(n)
                break
        else:
            out[special] = neighbour(special, DIRECTIONS[0])
    return out


@dataclass
class HeraldLayout:
    """All rects of the game screen for one window size."""

    size: tuple[int, int]
    scale: float
    margin: int
    top: Rect
    top_buttons: dict[str, Rect]
    map_panel: Rect
    map_area: Rect
    hexview: HexView
    alien_box: Rect
    time_panel: Rect
    time_cells: dict[int, Rect]
    mod_cells: dict[int, Rect]
    bay_panel: Rect
    bay_rows: dict[str, Rect]
    bay_cells: dict[str, list[Rect]]
    orders_panel: Rect
    orders_inner: Rect
    slots: list[Rect]
    tray: list[Rect]
    preview: Rect
    controls: Rect
    matrix_panel: Rect
    matrix_area: Rect
    matrix_cells: list[list[Rect]]
    officers_panel: Rect
    officer_cards: list[Rect]
    log_panel: Rect
    log_area: Rect
    countdown_die: Rect
    visits: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def compute(cls, size: tuple[int, int], pads: Pads) -> HeraldLayout:
        w, h = size
        s = theme.window_scale(size)
        m = max(4, round(8 * s))
        pad = max(6, round(10 * s))
        title_h = round(22 * s)
        top = Rect(0, 0, w, max(30, round(46 * s)))
        main = Rect(m, top.bottom + m, w - 2 * m, h - top.bottom - 2 * m)
        left, right = _split_h(main, 0.50, m)

        # -- top bar buttons, right-aligned
        bw, bh = round(96 * s), top.h - 2 * max(4, round(6 * s))
        top_buttons = {}
        x = w - m
        for key in reversed(TOP_BUTTONS):
            width = bh + 8 if key == "sound" else bw
            x -= width
            top_buttons[key] = Rect(x, top.y + (top.h - bh) // 2, width, bh)
            x -= max(4, round(6 * s))

        # -- left column: Holomap | Command Bay, then the Time track, then the Readings
        # (the Readings get the room their previews need, in running-text size)
        time_h = round(106 * s)
        orders_h = round((main.h - time_h - 2 * m) * 0.53)
        top_row = Rect(left.x, left.y, left.w, main.h - time_h - orders_h - 2 * m)
        map_panel, bay_panel = _split_h(top_row, 0.69, m)
        time_panel = Rect(left.x, top_row.bottom + m, left.w, time_h)
        orders_panel = Rect(left.x, time_panel.bottom + m, left.w,
                            left.bottom - time_panel.bottom - m)

        map_inner = map_panel.inflate(-2 * pad, -2 * pad)
        map_area = Rect(map_inner.x, map_inner.y + title_h, map_inner.w, map_inner.h - title_h)
        visits = visit_spaces(pads)
        hexview = HexView(pads.holomap.regions, (map_area.x, map_area.y, map_area.w, map_area.h),
                          margin=round(14 * s))
        ab_w, ab_h = round(150 * s), round(44 * s)
        alien_box = Rect(map_panel.right - pad - ab_w, map_panel.bottom - pad - ab_h, ab_w, ab_h)

        # Time track: 24 cells (first space on the left) with their captions under them,
        # and under those the Countdown Roll track, right-aligned after its caption.
        t_inner = time_panel.inflate(-2 * pad, -2 * pad)
        t_inner = Rect(t_inner.x, t_inner.y + title_h, t_inner.w, t_inner.h - title_h)
        spaces = pads.time_track.spaces
        cell_w = t_inner.w / spaces
        cell_h = max(12, round(t_inner.h * 0.35))
        time_cells = {}
        for i in range(spaces):
            label = spaces - i
            time_cells[label] = Rect(round(t_inner.x + i * cell_w), t_inner.y,
                                     max(4, round(cell_w) - 2), cell_h)
        mcw = cell_w * 1.25
        mx0 = t_inner.right - mcw * len(MODIFIER_RANGE)
        mod_cells = {v: Rect(round(mx0 + i * mcw), t_inner.bottom - cell_h,
                             max(4, round(mcw) - 2), cell_h)
                     for i, v in enumerate(MODIFIER_RANGE)}
        cd_side = max(10, title_h + round(2 * s))
        countdown_die = Rect(time_panel.right - pad - cd_side, time_panel.y + pad - round(3 * s),
                             cd_side, cd_side)

        # Command Bay: five vertical tracks, 0 at the bottom and 4 at the top.
        b_inner = bay_panel.inflate(-2 * pad, -2 * pad)
        b_inner = Rect(b_inner.x, b_inner.y + title_h, b_inner.w, b_inner.h - title_h)
        col_w = b_inner.w / len(BAY_TRACKS)
        head = round(26 * s)
        bay_rows, bay_cells = {}, {}
        for i, track in enumerate(BAY_TRACKS):
            col = Rect(round(b_inner.x + i * col_w), b_inner.y, max(8, round(col_w) - 2), b_inner.h)
            bay_rows[track] = col
            ch = (col.h - head) / 5
            # the cells keep the right part of the column; the track's name runs up the left
            side = max(6, min(round(ch) - 4, round(col.w * 0.42)))
            cx = col.right - side // 2 - 1
            bay_cells[track] = [
                Rect(cx - side // 2, round(col.bottom - (k + 1) * ch + (ch - side) / 2),
                     side, side)
                for k in range(5)
            ]

        # Boundary Readings / orders: 5 slots; under them the previews (or a decision's
        # prompt); at the bottom Clear, the dice tray and Confirm on one row.
        o_inner = orders_panel.inflate(-2 * pad, -2 * pad)
        o_inner = Rect(o_inner.x, o_inner.y + title_h, o_inner.w, o_inner.h - title_h)
        slot_w = o_inner.w / 5
        controls_h = round(40 * s)
        die = controls_h - max(4, round(6 * s))
        slot_h = round(die + 26 * s)
        slots = [Rect(round(o_inner.x + i * slot_w) + 2, o_inner.y, round(slot_w) - 4, slot_h)
                 for i in range(5)]
        controls = Rect(o_inner.x, o_inner.bottom - controls_h, o_inner.w, controls_h)
        gap = round(die * 0.3)
        tray_x = controls.centerx - (5 * die + 4 * gap) // 2
        tray_y = controls.y + (controls_h - die) // 2
        tray = [Rect(tray_x + i * (die + gap), tray_y, die, die) for i in range(5)]
        preview_y = o_inner.y + slot_h + round(6 * s)
        preview = Rect(o_inner.x, preview_y, o_inner.w, controls.y - preview_y - round(6 * s))

        # -- right column: Event Matrix, Officers' Quarters (one officer a row), log
        matrix_panel, rest_r = _split_v(right, 0.45, m)
        officers_panel, log_panel = _split_v(rest_r, 0.59, m)
        mx = matrix_panel.inflate(-2 * pad, -2 * pad)
        matrix_area = Rect(mx.x, mx.y + title_h, mx.w, mx.h - title_h)
        cw, ch = matrix_area.w / MATRIX_COLS, matrix_area.h / MATRIX_ROWS
        matrix_cells = [[Rect(round(matrix_area.x + c * cw) + 1, round(matrix_area.y + r * ch) + 1,
                              round(cw) - 2, round(ch) - 2) for r in range(MATRIX_ROWS)]
                        for c in range(MATRIX_COLS)]
        ox = officers_panel.inflate(-2 * pad, -2 * pad)
        ox = Rect(ox.x, ox.y + title_h, ox.w, ox.h - title_h)
        n = len(pads.officers)
        card_h = ox.h / n
        officer_cards = [Rect(ox.x, round(ox.y + i * card_h), ox.w, round(card_h) - 2)
                         for i in range(n)]
        lx = log_panel.inflate(-2 * pad, -2 * pad)
        log_area = Rect(lx.x, lx.y + title_h, lx.w, lx.h - title_h)
        return cls(
            size=size, scale=s, margin=m, top=top, top_buttons=top_buttons,
            map_panel=map_panel, map_area=map_area, hexview=hexview, alien_box=alien_box,
            time_panel=time_panel, time_cells=time_cells, mod_cells=mod_cells,
            bay_panel=bay_panel, bay_rows=bay_rows, bay_cells=bay_cells,
            orders_panel=orders_panel, orders_inner=o_inner, slots=slots, tray=tray,
            preview=preview, controls=controls, matrix_panel=matrix_panel,
            matrix_area=matrix_area, matrix_cells=matrix_cells, officers_panel=officers_panel,
            officer_cards=officer_cards, log_panel=log_panel, log_area=log_area,
            countdown_die=countdown_die, visits=visits,
        )

    def matrix_point(self, col: float, row: float) -> tuple[float, float]:
        """Pixel anchor of the Matrix pawn at a (possibly fractional, off-grid) cell."""
        cw = self.matrix_area.w / MATRIX_COLS
        ch = self.matrix_area.h / MATRIX_ROWS
        # over the cell's outcome picture, left of its words
        return (self.matrix_area.x + col * cw + 4 + 0.42 * ch,
                self.matrix_area.y + (row + 0.5) * ch)

    def time_point(self, value: float) -> tuple[float, float]:
        """Pixel centre of the Time marker at a (possibly fractional) track space."""
        labels = sorted(self.time_cells)
        lo, hi = labels[0], labels[-1]
        v = max(lo - 1, min(hi, value))
        a = self.time_cells[hi]
        b = self.time_cells[lo]
        step = (b.centerx - a.centerx) / max(1, hi - lo)
        return (a.centerx + (hi - v) * step, a.centery)

    def mod_point(self, value: float) -> tuple[float, float]:
        lo, hi = MODIFIER_RANGE[0], MODIFIER_RANGE[-1]
        v = max(lo, min(hi, value))
        a, b = self.mod_cells[lo], self.mod_cells[hi]
        step = (b.centerx - a.centerx) / (hi - lo)
        return (a.centerx + (v - lo) * step, a.centery)

    def bay_point(self, track: str, value: float) -> tuple[float, float]:
        cells = self.bay_cells[track]
        v = max(0.0, min(4.0, value))
        a, b = cells[0].center, cells[1].center
        return (a[0] + v * (b[0] - a[0]), a[1] + v * (b[1] - a[1]))

    def officer_text_x(self, index: int, name_w: int) -> int:
        """Where officer row ``index``'s Expertise begins (or a word laid over it), after
        the portrait and a column ``name_w`` wide for the names."""
        card = self.officer_cards[index]
        return card.x + card.h + 4 + name_w + round(12 * self.scale)

    def officer_word_x(self, index: int, max_eff: int) -> int:
        """Where a short word about officer ``index`` (exhausted) may begin: the part of
        the row just before the Effectiveness track is kept for it."""
        return self.officer_track_cells(index, max_eff)[0].left - round(104 * self.scale)

    def officer_track_cells(self, index: int, max_eff: int) -> list[Rect]:
        """The 0..4 effectiveness cells at the right of officer row ``index`` (cell 4
        hatched if max 3)."""
        card = self.officer_cards[index]
        side = max(8, card.h - 6)
        gap = max(2, side // 6)
        x0 = card.right - 5 * (side + gap) - 4
        y = card.centery - side // 2
        return [Rect(x0 + k * (side + gap), y, side, side) for k in range(5)]
