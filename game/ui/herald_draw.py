"""Drawing the two pads as a starship console, from a :class:`Display` snapshot.

Everything that never changes during play (panels, hex tiles, track cells, the Event
Matrix texts, officer cards) is painted once per window size into a cached layer; each
frame only blits that layer and draws what moves (pawns, markers, dice, tokens, overlays).
"""

from __future__ import annotations

import math

import pygame

from game.herald.holomap import neighbour
from game.herald.pads import MATRIX_COLS, MATRIX_ROWS, SUBJECT_NAMES, Pads
from game.ui import art, theme
from game.ui.context import UiContext
from game.ui.herald_display import Display
from game.ui.herald_help import OUTCOME_WORDS, PANEL_TIPS, PLACE_TIPS, READING_TIPS, TRACK_TIPS
from game.ui.herald_layout import BAY_TRACKS, MODIFIER_RANGE, HeraldLayout
from game.ui.herald_orders import READING_ICONS, READING_LABELS
from game.ui.herald_text import SHORT_SUBJECTS, fit_text
from game.ui.hexgrid import DIRECTION_ANGLES, SQRT3
from game.ui.widgets import draw_panel, layer

BAY_LABELS = {"supplies": "Supplies", "leadership": "Leadership", "infiltration": "Cells aboard",
              "diplomatic": "Diplomacy", "research": "Research"}
#: Each Event outcome as a picture and a sign: what a success wins or a failure costs.
OUTCOME_ICONS = {"+SUP": ("icon_supplies", "+"), "+DIP": ("icon_diplomatic", "+"),
                 "+RES": ("icon_research", "+"), "-LEA": ("icon_leadership", "-"),
                 "-TIM": ("icon_time", "-"), "-REP": ("token_badrep", "-")}
#: The colour-blind palette: opportunities blue, threats orange (two hues that stay apart
#: for every common colour vision deficiency), and fields told apart by brightness.
CB_OUTCOME_COLOURS = {"+SUP": theme.SKY, "+DIP": theme.SKY, "+RES": theme.SKY,
                      "-LEA": theme.ORANGE, "-TIM": theme.ORANGE, "-REP": theme.ORANGE}
CB_FIELD_COLOURS = {"social": (255, 255, 255), "theoretical": theme.SKY,
                    "applied": theme.YELLOW, "security": theme.BLUE}


def outcome_colour(ctx: UiContext, outcome: str) -> tuple[int, int, int]:
    table = CB_OUTCOME_COLOURS if ctx.options.get("colour_blind") else theme.OUTCOME_COLOURS
    return table.get(outcome, theme.INK_DIM)


def field_colour(ctx: UiContext, field: str) -> tuple[int, int, int]:
    table = CB_FIELD_COLOURS if ctx.options.get("colour_blind") else theme.FIELD_COLOURS
    return table.get(field, theme.INK_DIM)
BAY_ICONS = {"supplies": "icon_supplies", "leadership": "icon_leadership",
             "infiltration": "icon_infiltration", "diplomatic": "icon_diplomatic",
             "research": "icon_research"}
BAY_MARKERS = {"supplies": "marker_captain", "leadership": "marker_captain",
               "infiltration": "marker_captain", "diplomatic": "marker_accomplishment",
               "research": "marker_accomplishment"}


class HeraldPainter:
    """Paints the console for one layout; keeps the static layer cached."""

    def __init__(self, pads: Pads) -> None:
        self.pads = pads
        self.layout: HeraldLayout | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._arrows: dict[tuple, pygame.Surface] = {}
        self.hotspots: list[tuple[pygame.Rect, str]] = []

    def set_layout(self, layout: HeraldLayout) -> None:
        self.layout = layout
        self._static = None
        self._arrows.clear()
        self._build_hotspots()

    # -- static layer ---------------------------------------------------------------------

    def static_layer(self, ctx: UiContext, stec_active: bool) -> pygame.Surface:
        key = (self.layout.size, stec_active, bool(ctx.options.get("colour_blind")))
        if self._static is None or self._static_key != key:
            self._static = self._paint_static(ctx, stec_active)
            self._static_key = key
        return self._static

    def _paint_static(self, ctx: UiContext, stec_active: bool) -> pygame.Surface:
        L = self.layout
        surf = layer(ctx, L.size)
        bg = art.starfield(ctx, L.size)
        surf.blit(bg, bg.get_rect(center=(L.size[0] // 2, L.size[1] // 2)))
        veil = pygame.Surface(L.size, pygame.SRCALPHA)
        veil.fill((4, 8, 16, 110))
        surf.blit(veil, (0, 0))
        # top bar
        pygame.draw.rect(surf, (10, 16, 28), L.top)
        pygame.draw.line(surf, theme.PANEL_EDGE, L.top.bottomleft, L.top.bottomright, 2)
        logo_h = round(L.top.h * 0.8)
        lw, lh = ctx.assets.nominal_size("logo_herald")
        logo = art.sprite(ctx, "logo_herald", (round(lw * logo_h / lh), logo_h))
        surf.blit(logo, (L.margin, L.top.centery - logo.get_height() // 2))
        self._paint_map(surf, ctx)
        self._paint_time(surf, ctx)
        self._paint_bay(surf, ctx)
        self._paint_orders_frame(surf, ctx, stec_active)
        self._paint_matrix(surf, ctx)
        self._paint_officers(surf, ctx)
        draw_panel(surf, L.log_panel, ctx, "Ship's log")
        return surf

    def _paint_map(self, surf: pygame.Surface, ctx: UiContext) -> None:
        L = self.layout
        draw_panel(surf, L.map_panel, ctx, "Captain's Pad - Sector Holomap", icon="icon_direction")
        hv = L.hexview
        h = self.pads.holomap
        tile_w, tile_h = round(SQRT3 * hv.size) + 1, round(2 * hv.size) + 1
        for hx in sorted(h.regions):
            name = "hex_space"
            if hx == h.earth:
                name = "hex_earth"
            elif hx in h.lis_points:
                name = "hex_lis"
            elif hx == h.source:
                name = "hex_source"
            tile = art.sprite(ctx, name, (tile_w, tile_h))
            art.blit_center(surf, tile, hv.center(hx))
            pygame.draw.polygon(surf, theme.GRID, hv.polygon(hx), 1)
        # Visit spaces: a socket linked to its place, with the word beside it: on the
        # side away from its place, or across when that side runs out of the map.
        px = ctx.type.small
        for special in L.visits:
            a = hv.center(special)
            b = self.visit_center(special)
            pygame.draw.line(surf, theme.INK_DIM, a, b, 2)
            r = round(hv.size * 0.4)
            pygame.draw.circle(surf, (14, 22, 36), (round(b[0]), round(b[1])), r)
            pygame.draw.circle(surf, theme.INK_DIM, (round(b[0]), round(b[1])), r, 2)
            v = ctx.text.render("VISIT", px, theme.INK_DIM)
            ink = ctx.text.ink("VISIT", px)
            side = 1 if b[1] > a[1] else -1
            box = ink.move(round(b[0] - ink.centerx), 0)
            box.y = round(b[1] + r + 2) if side > 0 else round(b[1] - r - 2 - ink.h)
            if not L.map_area.contains(box):
                across = 1 if b[0] >= a[0] else -1
                box.centery = round(b[1])
                box.x = round(b[0] + r + 4) if across > 0 else round(b[0] - r - 4 - ink.w)
            surf.blit(v, (box.x - ink.x, box.y - ink.y))
        # Place names under their hex, or over it when the Visit socket hangs below.
        for hx, text in [(h.earth, "EARTH"), (h.source, "SOURCE"),
                         *[(p, "LIS") for p in h.lis_points]]:
            cx, cy = hv.center(hx)
            img = ctx.text.render(text, px, theme.INK, bold=True)
            shadow = ctx.text.render(text, px, theme.SHADOW, bold=True)
            ink = ctx.text.ink(text, px, True)
            below = hx not in L.visits or self.visit_center(hx)[1] <= cy
            y = cy + hv.size * 0.42 if below else cy - hv.size * 0.42 - ink.h
            pos = (round(cx - img.get_width() / 2), round(y - ink.y))
            surf.blit(shadow, (pos[0] + 1, pos[1] + 1))
            surf.blit(img, pos)
        # Alien Travel Technology found space.
        box = L.alien_box
        pygame.draw.rect(surf, (14, 22, 36), box, border_radius=6)
        pygame.draw.rect(surf, theme.INK_DIM, box, 1, border_radius=6)
        px = ctx.type.small
        t1 = ctx.text.render("ALIEN TRAVEL", px, theme.INK_DIM, bold=True)
        t2 = ctx.text.render("TECH FOUND", px, theme.INK_DIM, bold=True)
        surf.blit(t1, (box.x + 6, box.centery - t1.get_height()))
        surf.blit(t2, (box.x + 6, box.centery))
        sock = self.alien_socket()
        pygame.draw.circle(surf, theme.INK_DIM, sock, round(box.h * 0.36), 2)

    def visit_center(self, special: tuple[int, int]) -> tuple[float, float]:
        """Centre of the Visit space linked to a Lis Point or The Source: just outside the
        region, towards the empty cell chosen by the layout."""
        hv = self.layout.hexview
        ax, ay = hv.center(special)
        bx, by = hv.center(self.layout.visits[special])
        k = 0.78
        return (ax + (bx - ax) * k, ay + (by - ay) * k)

    def alien_socket(self) -> tuple[int, int]:
        box = self.layout.alien_box
        return (box.right - round(box.h * 0.5), box.centery)

    def _paint_time(self, surf: pygame.Surface, ctx: UiContext) -> None:
        L = self.layout
        draw_panel(surf, L.time_panel, ctx, "Time track", icon="icon_time")
        ranges = self.pads.time_track.countdown_ranges
        px = ctx.type.small
        for label, r in L.time_cells.items():
            countdown = label in ranges
            fill = (60, 40, 10) if countdown else (20, 32, 50)
            edge = theme.ORANGE if countdown else theme.GRID
            pygame.draw.rect(surf, fill, r, border_radius=3)
            pygame.draw.rect(surf, edge, r, 1, border_radius=3)
            img = ctx.text.render(str(label), px, theme.INK_DIM)
            surf.blit(img, img.get_rect(center=r.center))
        first = L.time_cells[max(L.time_cells)]
        last = L.time_cells[min(L.time_cells)]
        words = ", ".join(f"{lo}-{hi} on {space}" for space, (lo, hi) in
                          sorted(ranges.items(), reverse=True))
        note = ctx.text.render(f"Countdown ranges: {words}", px, theme.ORANGE)
        surf.blit(note, (last.right - note.get_width(), last.bottom + 1))
        start = ctx.text.render("start", px, theme.INK_FAINT)
        surf.blit(start, (first.x, first.bottom + 1))
        for v, r in L.mod_cells.items():
            pygame.draw.rect(surf, (30, 26, 44), r, border_radius=3)
            pygame.draw.rect(surf, theme.PURPLE, r, 1, border_radius=3)
            img = ctx.text.render(f"{v:+d}" if v else "0", px, theme.INK_DIM)
            surf.blit(img, img.get_rect(center=r.center))
        lo = L.mod_cells[MODIFIER_RANGE[0]]
        cap = ctx.text.render("Countdown Roll modifier", px, theme.PURPLE)
        surf.blit(cap, cap.get_rect(midright=(lo.x - 8, lo.centery)))

    def _paint_bay(self, surf: pygame.Surface, ctx: UiContext) -> None:
        L = self.layout
        draw_panel(surf, L.bay_panel, ctx, "Command Bay")
        px = ctx.type.small
        for track in BAY_TRACKS:
            col = L.bay_rows[track]
            cells = L.bay_cells[track]
            side = min(col.w - 4, round(22 * L.scale))
            icon = art.sprite(ctx, BAY_ICONS[track], (side, side))
            surf.blit(icon, (col.centerx - side // 2, col.y))
            # the track's name in words, running up beside its cells
            lane = pygame.Rect(col.x, cells[4].top, max(4, cells[0].left - col.x - 1),
                               cells[0].bottom - cells[4].top)
            label = ctx.text.render(BAY_LABELS[track], px, theme.INK_DIM, bold=True)
            label = pygame.transform.rotate(label, 90)
            if ctx.text.registry is not None:
                ctx.text.registry.mark(label, BAY_LABELS[track], px)
            surf.blit(label, label.get_rect(center=lane.center))
            x = cells[0].centerx
            pygame.draw.line(surf, theme.GRID, (x, cells[4].centery), (x, cells[0].centery), 2)
            for k, cell in enumerate(cells):
                danger = k == 0 and track in ("supplies", "leadership")
                fill = (50, 20, 14) if danger else (20, 32, 50)
                pygame.draw.rect(surf, fill, cell, border_radius=3)
                pygame.draw.rect(surf, theme.VERMILLION if danger else theme.GRID, cell, 1,
                                 border_radius=3)
                img = ctx.text.render(str(k), px, theme.INK_FAINT)
                surf.blit(img, img.get_rect(center=cell.center))

    def _paint_orders_frame(self, surf: pygame.Surface, ctx: UiContext, stec: bool) -> None:
        L = self.layout
        draw_panel(surf, L.orders_panel, ctx, "Boundary Readings", icon="icon_event")
        readings = ("direction", "environment", "stec" if stec else "sabotage", "timeline",
                    "event")
        px = ctx.type.small
        for r, name in zip(L.slots, readings, strict=True):
            pygame.draw.rect(surf, (16, 26, 42), r, border_radius=8)
            pygame.draw.rect(surf, theme.PANEL_EDGE, r, 1, border_radius=8)
            label = ctx.text.render(READING_LABELS[name], px, theme.INK, bold=True)
            surf.blit(label, label.get_rect(midtop=(r.centerx, r.y + 4)))
            die = L.tray[0].w
            side = max(10, min(r.w - die - 16, round(die * 0.6)))
            icon = art.sprite(ctx, READING_ICONS[name], (side, side))
            body_top = r.y + 6 + label.get_height()
            surf.blit(icon, (r.x + 5, body_top + (r.bottom - body_top - side) // 2))

    def _paint_matrix(self, surf: pygame.Surface, ctx: UiContext) -> None:
        L = self.layout
        draw_panel(surf, L.matrix_panel, ctx, "Event Pad - Event Matrix", icon="icon_timeline")
        px = ctx.type.small
        most = max(e.effort for column in self.pads.events for e in column)
        for c in range(MATRIX_COLS):
            for r in range(MATRIX_ROWS):
                ev = self.pads.events[c][r]
                cell = L.matrix_cells[c][r]
                colour = outcome_colour(ctx, ev.outcome)
                pygame.draw.rect(surf, (16, 24, 38), cell, border_radius=4)
                pygame.draw.rect(surf, theme.GRID, cell, 1, border_radius=4)
                stripe = pygame.Rect(cell.x, cell.y, max(3, round(4 * L.scale)), cell.h)
                pygame.draw.rect(surf, colour, stripe, border_radius=2)
                # the outcome as a picture with its sign, then the Event's name; under
                # them its two Subjects; at the right edge its Effort, as that many pips
                icon_name, sign = OUTCOME_ICONS.get(ev.outcome, ("icon_event", "?"))
                name_ink = ctx.text.ink(ev.name, px, True)
                pair = [f"{SUBJECT_NAMES[ev.subjects[0]]} & {SUBJECT_NAMES[ev.subjects[1]]}",
                        f"{SHORT_SUBJECTS[ev.subjects[0]]} & {SHORT_SUBJECTS[ev.subjects[1]]}"]
                sub_ink = ctx.text.ink(pair[-1], px)
                gap = max(0, min(round(cell.h * 0.06), cell.h - name_ink.h - sub_ink.h - 2))
                top = cell.centery - (name_ink.h + gap + sub_ink.h) // 2
                side = max(8, name_ink.h + 2)
                ix = stripe.right + 3
                icon = art.sprite(ctx, icon_name, (side, side))
                surf.blit(icon, (ix, top + name_ink.h - side + 1))
                mark = ctx.text.render(sign, px, colour, bold=True)
                mark_ink = ctx.text.ink(sign, px, True)
                surf.blit(mark, (ix + side + 1, top + name_ink.h - mark_ink.bottom))
                x0 = ix + side + mark_ink.right + 4
                pip = max(3, round(4 * L.scale))
                room = cell.right - x0 - pip - 6
                name = fit_text(ctx, [ev.name], px, room, theme.INK, bold=True)
                surf.blit(name, (x0, top - name_ink.y))
                sub = fit_text(ctx, pair, px, room, theme.INK_DIM)
                surf.blit(sub, (x0, top + name_ink.h + gap - sub_ink.y))
                # a meter filled from the bottom: one square for each point of Effort
                py = cell.centery + (most * (pip + 1) - 1) // 2 - pip
                for k in range(most):
                    sq = (cell.right - 3 - pip, py - k * (pip + 1), pip, pip)
                    pygame.draw.rect(surf, theme.INK_DIM, sq, 0 if k < ev.effort else 1)

    def _paint_officers(self, surf: pygame.Surface, ctx: UiContext) -> None:
        L = self.layout
        draw_panel(surf, L.officers_panel, ctx, "Event Pad - Officers' Quarters",
                   icon="icon_leadership")
        px = ctx.type.small
        name_w = max(ctx.text.size(off.name, px, True)[0] for off in self.pads.officers)
        for i, off in enumerate(self.pads.officers):
            card = L.officer_cards[i]
            tone = field_colour(ctx, off.field)
            pygame.draw.rect(surf, (16, 24, 38), card, border_radius=4)
            pygame.draw.rect(surf, theme.GRID, card, 1, border_radius=4)
            side = card.h - 4
            portrait = art.sprite(ctx, f"portrait_{off.field}", (side, side))
            surf.blit(portrait, (card.x + 2, card.y + 2))
            pygame.draw.rect(surf, tone, (card.x + 2, card.y + 2, side, side), 1)
            # one row: portrait, name, Expertise, then the Effectiveness track
            x = card.x + side + 6
            name = ctx.text.render(off.name, px, theme.INK, bold=True)
            ink = ctx.text.ink(off.name, px, True)
            base = card.centery + ink.h // 2
            surf.blit(name, (x, base - ink.bottom))
            exp = ", ".join(f"{SUBJECT_NAMES[s]} {v}" for s, v in sorted(
                off.expertise.items(), key=lambda kv: -kv[1]))
            short = ", ".join(f"{SHORT_SUBJECTS[s]} {v}" for s, v in sorted(
                off.expertise.items(), key=lambda kv: -kv[1]))
            ex_x = L.officer_text_x(i, name_w)
            room = L.officer_word_x(i, off.max_effectiveness) - ex_x
            ex = fit_text(ctx, [exp, short], px, room, tone)
            surf.blit(ex, (ex_x, base - ink.bottom))
            for k, cell in enumerate(L.officer_track_cells(i, off.max_effectiveness)):
                if k > off.max_effectiveness:
                    pygame.draw.rect(surf, (30, 30, 34), cell, border_radius=2)
                    pygame.draw.line(surf, theme.INK_FAINT, cell.topleft, cell.bottomright, 1)
                    continue
                pygame.draw.rect(surf, (22, 34, 52), cell, border_radius=2)
                pygame.draw.rect(surf, theme.GRID, cell, 1, border_radius=2)
                img = ctx.text.render(str(k), px, theme.INK_FAINT)
                surf.blit(img, img.get_rect(center=cell.center))

    # -- hotspots for tooltips ------------------------------------------------------------

    def _build_hotspots(self) -> None:
        L = self.layout
        h = self.pads.holomap
        spots: list[tuple[pygame.Rect, str]] = []
        for track in BAY_TRACKS:
            spots.append((L.bay_rows[track], TRACK_TIPS[track]))
        cells = list(L.time_cells.values())
        spots.append((cells[0].unionall(cells[1:]).inflate(0, 14), TRACK_TIPS["time"]))
        mods = list(L.mod_cells.values())
        spots.append((mods[0].unionall(mods[1:]).inflate(0, 14), TRACK_TIPS["countdown_modifier"]))
        for c in range(MATRIX_COLS):
            for r in range(MATRIX_ROWS):
                ev = self.pads.events[c][r]
                subj = " then ".join(SUBJECT_NAMES[s] for s in ev.subjects)
                spots.append((L.matrix_cells[c][r],
                              f"{ev.name}: Challenges in {subj}, listed Effort {ev.effort}. "
                              f"{OUTCOME_WORDS.get(ev.outcome, ev.outcome)}."))
        for i, off in enumerate(self.pads.officers):
            exp = ", ".join(f"{SUBJECT_NAMES[s]} {v}" for s, v in off.expertise.items())
            spots.append((L.officer_cards[i],
                          f"{off.name} ({off.field} sciences): Expertise {exp}; Effectiveness "
                          f"up to {off.max_effectiveness}. " + PANEL_TIPS["officers"]))
        hv = L.hexview
        r = round(hv.size * 0.8)
        for hx, key in [(h.earth, "earth"), (h.source, "source"),
                        *[(p, "lis") for p in h.lis_points]]:
            cx, cy = hv.center(hx)
            spots.append((pygame.Rect(round(cx - r), round(cy - r), 2 * r, 2 * r), PLACE_TIPS[key]))
        for special in L.visits:
            cx, cy = self.visit_center(special)
            spots.append((pygame.Rect(round(cx - r / 2), round(cy - r / 2), r, r),
                          PLACE_TIPS["visit"]))
        spots.append((L.alien_box, PLACE_TIPS["alien"]))
        spots.append((L.log_panel, PANEL_TIPS["log"]))
        spots.append((L.matrix_panel, PANEL_TIPS["matrix"]))
        spots.append((L.officers_panel, PANEL_TIPS["officers"]))
        self.hotspots = spots

    def tooltip_at(self, pos: tuple[int, int], display: Display, readings: list[str]) -> str:
        L = self.layout
        for i, r in enumerate(L.slots):
            if r.collidepoint(pos) and i < len(readings):
                return READING_TIPS.get(readings[i], "")
        hv = L.hexview
        for hx in display.bad_reputation:
            cx, cy = hv.center(hx)
            if math.hypot(pos[0] - cx, pos[1] - cy) < hv.size * 0.5:
                return PLACE_TIPS["badrep"]
        sx, sy = hv.to_pixel(*display.ship)
        if math.hypot(pos[0] - sx, pos[1] - sy) < hv.size * 0.45:
            return PLACE_TIPS["ship"]
        for rect, text in self.hotspots:
            if rect.collidepoint(pos):
                return text
        if L.map_area.collidepoint(pos) and hv.hex_at(*pos) in self.pads.holomap.regions:
            return PLACE_TIPS["region"]
        return ""

    # -- dynamic parts --------------------------------------------------------------------

    def draw_dynamic(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        self._draw_map_dynamic(surf, ctx, d)
        self._draw_tracks(surf, ctx, d)
        self._draw_matrix_dynamic(surf, ctx, d)
        self._draw_officers_dynamic(surf, ctx, d)

    def ship_center(self, d: Display) -> tuple[float, float]:
        return self.layout.hexview.to_pixel(*d.ship)

    def _draw_map_dynamic(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        L = self.layout
        hv = L.hexview
        h = self.pads.holomap
        # route
        if len(d.route) >= 2:
            pts = [hv.center(x) for x in d.route]
            _dashed(surf, (120, 170, 210), pts, max(1, round(hv.size * 0.06)), hv.size * 0.18)
        token = round(hv.size * 1.05)
        for hx in d.bad_reputation:
            k = 1.0
            if d.pops.get("badrep") is not None and hx == d.bad_reputation[-1]:
                k = max(0.05, d.pops["badrep"])
            img = art.sprite(ctx, "token_badrep", (max(2, round(token * k)),) * 2)
            art.blit_center(surf, img, hv.center(hx))
        jt = round(hv.size * 0.7)
        for special in L.visits:
            visited = (special in d.lis_visited) or (special == h.source and d.source_visited)
            if visited:
                k = 1.0
                key = "source" if special == h.source else "lis"
                if key in d.pops:
                    k = max(0.05, d.pops[key])
                img = art.sprite(ctx, "token_journey", (max(2, round(jt * k)),) * 2)
                art.blit_center(surf, img, self.visit_center(special))
        if d.alien_tech:
            k = max(0.05, d.pops.get("alien", 1.0))
            side = max(2, round(L.alien_box.h * 0.7 * k))
            art.blit_center(surf, art.sprite(ctx, "token_journey", (side, side)),
                            self.alien_socket())
        # ship
        side = round(hv.size * 1.25)
        ship = art.rotated(ctx, "ship", (side, side), d.heading)
        cx, cy = self.ship_center(d)
        if d.shake:
            cx += math.sin(ctx.time * 70) * d.shake
            cy += math.cos(ctx.time * 55) * d.shake
        art.blit_center(surf, ship, (cx, cy))

    def _draw_tracks(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        L = self.layout
        msize = round(22 * L.scale)
        bay_size = L.bay_cells[BAY_TRACKS[0]][0].w + 4  # a marker hides its cell, not the name
        for track in BAY_TRACKS:
            x, y = L.bay_point(track, d.tracks[track])
            pop = d.pops.get(f"track:{track}", 0.0)
            side = round(bay_size * (1 + 0.35 * pop))
            art.blit_center(surf, art.sprite(ctx, BAY_MARKERS[track], (side, side)), (x, y))
        t = d.tracks["time"]
        if t <= self.pads.time_track.countdown_start + 0.01:
            tag = ctx.text.render("FINAL COUNTDOWN", ctx.type.small, theme.ORANGE, True).copy()
            blink = 0.65 + 0.35 * math.sin(ctx.time * 4)
            tag.set_alpha(round(255 * blink))
            first = L.time_cells[max(L.time_cells)]
            surf.blit(tag, (first.x + round(L.time_panel.w * 0.25),
                            L.time_panel.y + round(8 * L.scale)))
        pop = d.pops.get("track:time", 0.0)
        side = round(msize * (1 + 0.35 * pop))
        art.blit_center(surf, art.sprite(ctx, "marker_time", (side, side)), L.time_point(t))
        pop = d.pops.get("track:countdown_modifier", 0.0)
        side = round(msize * (1 + 0.35 * pop))
        art.blit_center(surf, art.sprite(ctx, "marker_countdown", (side, side)),
                        L.mod_point(d.tracks["countdown_modifier"]))
        if d.countdown_die is not None:
            box = L.countdown_die
            face = max(1, min(6, int(d.countdown_die)))
            img = art.sprite(ctx, f"cdie_{face}", box.size)
            if d.countdown_spin:
                img = pygame.transform.rotate(img, d.countdown_spin)
            art.blit_center(surf, img, box.center)
            cap = ctx.text.render("Countdown Die", ctx.type.small, theme.ORANGE, bold=True)
            surf.blit(cap, (box.x - cap.get_width() - 6, box.centery - cap.get_height() // 2))

    def _draw_matrix_dynamic(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        L = self.layout
        tsz = round(L.matrix_cells[0][0].h * 0.5)
        for (c, r) in d.event_tokens:
            cell = L.matrix_cells[c][r]
            art.blit_center(surf, art.sprite(ctx, "token_event", (tsz, tsz)),
                            (cell.right - tsz * 0.7, cell.y + tsz * 0.6))
        if d.matrix_ghost is None:
            c, r = round(d.matrix[0]), round(d.matrix[1])
            if abs(d.matrix[0] - c) < 0.01 and abs(d.matrix[1] - r) < 0.01:
                cell = L.matrix_cells[c % MATRIX_COLS][r % MATRIX_ROWS]
                colour = theme.YELLOW if d.highlight_cell == (c, r) else theme.SKY
                pygame.draw.rect(surf, colour, cell.inflate(2, 2), 3, border_radius=5)
        side = round(L.matrix_cells[0][0].h * 0.84)
        pawn = art.sprite(ctx, "pawn_matrix", (side, side))
        if d.matrix_ghost is not None:
            self._wrap_gates(surf, d)
        clip = surf.get_clip()
        surf.set_clip(L.matrix_area)
        art.blit_center(surf, pawn, L.matrix_point(*d.matrix))
        if d.matrix_ghost is not None:
            art.blit_center(surf, pawn, L.matrix_point(*d.matrix_ghost))
        surf.set_clip(clip)

    def _wrap_gates(self, surf: pygame.Surface, d: Display) -> None:
        """Glowing marks on the two edges the Matrix pawn is wrapping across."""
        L = self.layout
        area = L.matrix_area
        (c0, r0), (c1, r1) = d.matrix, d.matrix_ghost
        half = L.matrix_cells[0][0].h * 0.5
        if abs(c1 - c0) > 1.5:
            y = L.matrix_point(0, (r0 + r1) / 2)[1]
            for x in (area.left + 1, area.right - 2):
                pygame.draw.line(surf, theme.YELLOW, (x, y - half), (x, y + half), 4)
        if abs(r1 - r0) > 1.5:
            x = L.matrix_cells[0][0].w * 0.5
            cx = area.x + ((c0 + c1) / 2 % MATRIX_COLS) * (area.w / MATRIX_COLS) + x
            for y in (area.top + 1, area.bottom - 2):
                pygame.draw.line(surf, theme.YELLOW, (cx - x * 0.8, y), (cx + x * 0.8, y), 4)

    def _draw_officers_dynamic(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        L = self.layout
        for i, off in enumerate(self.pads.officers):
            cells = L.officer_track_cells(i, off.max_effectiveness)
            value = d.effectiveness.get(off.id, 0.0)
            step = cells[1].centerx - cells[0].centerx
            x = cells[0].centerx + max(0.0, min(4.0, value)) * step
            pop = d.pops.get(f"officer:{off.id}", 0.0)
            side = round(cells[0].h * (1.05 + 0.35 * pop))
            art.blit_center(surf, art.sprite(ctx, "marker_captain", (side, side)),
                            (x, cells[0].centery))
            if value < 0.5:
                t = ctx.text.render("exhausted", ctx.type.small, theme.VERMILLION, bold=True)
                ink = ctx.text.ink("exhausted", ctx.type.small, True)
                surf.blit(t, (cells[0].x - ink.right - 8, cells[0].centery - ink.centery))

    # -- pieces used by the orders --------------------------------------------------------

    def die(self, surf: pygame.Surface, ctx: UiContext, value: int, rect: pygame.Rect,
            selected: bool = False, spin: float = 0.0, countdown: bool = False) -> None:
        face = max(1, min(6, int(value)))
        img = art.sprite(ctx, f"{'cdie' if countdown else 'die'}_{face}", rect.size)
        if selected:
            pygame.draw.rect(surf, theme.YELLOW, rect.inflate(8, 8), 3, border_radius=10)
        if spin:
            img = pygame.transform.rotate(img, spin)
        art.blit_center(surf, img, rect.center)

    def arrow_center(self, direction: str) -> tuple[float, float]:
        hv = self.layout.hexview
        cx, cy = hv.center(self._ship_hex)
        ang = math.radians(DIRECTION_ANGLES[direction])
        dist = hv.size * 1.45
        return (cx + math.cos(ang) * dist, cy - math.sin(ang) * dist)

    _ship_hex: tuple[int, int] = (0, 0)

    def set_ship_hex(self, hx: tuple[int, int]) -> None:
        self._ship_hex = tuple(hx)

    def direction_arrow(self, surf: pygame.Surface, ctx: UiContext, direction: str, style: str,
                        hot: bool = False) -> None:
        """Arrow out of the ship's hex. Styles: valid (solid, blue), lost (solid, orange,
        with a clock mark), invalid (hollow grey with a cross), ghost (faint preview)."""
        hv = self.layout.hexview
        side = round(hv.size * (1.15 if hot else 1.0))
        colour = {"valid": theme.SKY, "lost": theme.ORANGE, "invalid": (110, 110, 120),
                  "ghost": theme.YELLOW}[style]
        key = (style, direction, side, hot)
        img = self._arrows.get(key)
        if img is None:
            base = ctx.assets.tinted("arrow", colour, (side, side))
            if style in ("invalid", "ghost"):
                base = base.copy()
                base.set_alpha(150 if style == "invalid" else 170)
            img = pygame.transform.rotate(base, DIRECTION_ANGLES[direction])
            self._arrows[key] = img
        x, y = self.arrow_center(direction)
        r = round(hv.size * 0.6)
        if style in ("valid", "lost"):
            pygame.draw.circle(surf, (8, 14, 24), (round(x), round(y)), r)
            pygame.draw.circle(surf, colour, (round(x), round(y)), r, 3 if hot else 2)
            target = neighbour(self._ship_hex, direction)
            if target in hv.hexes:
                pygame.draw.polygon(surf, colour, hv.polygon(target, shrink=2), 2)
        art.blit_center(surf, img, (x, y))
        if style == "invalid":
            k = r * 0.7
            pygame.draw.line(surf, theme.VERMILLION, (x - k, y - k), (x + k, y + k), 3)
            pygame.draw.line(surf, theme.VERMILLION, (x - k, y + k), (x + k, y - k), 3)
        if style == "lost":
            pygame.draw.circle(surf, theme.ORANGE, (round(x + r), round(y - r)), max(4, r // 3), 2)

    def timeline_ghost(self, surf: pygame.Surface, ctx: UiContext,
                       cell_pos: tuple[int, int]) -> None:
        """Outline the Event the Timeline would lead to (``cell_pos`` from the engine)."""
        cell = self.layout.matrix_cells[cell_pos[0]][cell_pos[1]]
        pygame.draw.rect(surf, theme.YELLOW, cell.inflate(4, 4), 2, border_radius=5)
        _dashed_rect(surf, theme.YELLOW, cell.inflate(10, 10))

    def readings_dice(self, surf: pygame.Surface, ctx: UiContext, d: Display,
                      readings: list[str]) -> None:
        """The dice resting in the slots once assigned (outside the dice decision)."""
        if not d.assignment:
            return
        L = self.layout
        size = L.tray[0].w
        for r, name in zip(L.slots, readings, strict=False):
            value = d.assignment.get(name)
            if value is None:
                continue
            self.die(surf, ctx, value, slot_die_rect(r, size))

    def banner(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        if d.banner is None:
            return
        L = self.layout
        text = ctx.text.render(d.banner.text, ctx.type.heading, theme.INK, bold=True)
        box = text.get_rect(center=L.map_area.center).inflate(72, 24)
        colour = {"good": theme.SKY, "bad": theme.VERMILLION}.get(d.banner.tone, theme.YELLOW)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 10, 18, 225), layer.get_rect(), border_radius=10)
        pygame.draw.rect(layer, colour, layer.get_rect(), 3, border_radius=10)
        layer.blit(text, text.get_rect(center=(box.w // 2 + 12, box.h // 2)))
        symbol = {"good": "+", "bad": "!"}.get(d.banner.tone, "i")
        mark = ctx.text.render(symbol, ctx.type.heading, colour, bold=True)
        layer.blit(mark, (14, (box.h - mark.get_height()) // 2))
        layer.set_alpha(round(255 * max(0.0, min(1.0, d.banner.alpha))))
        surf.blit(layer, box)


    def event_card(self, surf: pygame.Surface, ctx: UiContext, d: Display) -> None:
        """The revealed Event as a card: it turns over at its Matrix cell, flies over the
        Holomap, holds there to be read, then fades."""
        card = d.card
        if card is None:
            return
        L = self.layout
        ev = self.pads.event_at(card.pos)
        t = card.t
        w = round(min(L.map_area.w * 0.8, 420 * L.scale))
        h = round(w * 0.52)
        target = pygame.Rect(0, 0, w, h)
        target.center = L.map_area.center
        cell = L.matrix_cells[card.pos[0]][card.pos[1]]
        fly = min(1.0, t / 0.25)
        ease = 1 - (1 - fly) ** 3
        cx = cell.centerx + (target.centerx - cell.centerx) * ease
        cy = cell.centery + (target.centery - cell.centery) * ease
        scale_w = abs(math.cos(math.pi * (1 - ease) / 2)) if fly < 1 else 1.0
        cw = max(2, round((cell.w + (w - cell.w) * ease) * max(0.05, scale_w)))
        ch = round(cell.h + (h - cell.h) * ease)
        rect = pygame.Rect(0, 0, cw, ch)
        rect.center = (round(cx), round(cy))
        colour = outcome_colour(ctx, ev.outcome)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (10, 18, 32, 245), layer.get_rect(), border_radius=12)
        pygame.draw.rect(layer, colour, layer.get_rect(), 3, border_radius=12)
        if fly >= 1:
            self._card_face(layer, ctx, ev, card.efforts, colour)
        alpha = 1.0 if t < 0.85 else max(0.0, (1 - t) / 0.15)
        layer.set_alpha(round(255 * alpha))
        surf.blit(layer, rect)

    def _card_face(self, layer: pygame.Surface, ctx: UiContext, ev, efforts, colour) -> None:
        w, h = layer.get_size()
        pad = max(8, round(12 * self.layout.scale))
        title = ctx.text.render(ev.name, ctx.type.heading, theme.INK, bold=True)
        layer.blit(title, (pad, pad))
        kind = "Opportunity" if ev.opportunity else "Threat"
        tag = ctx.text.render(kind, ctx.type.small, colour, bold=True)
        layer.blit(tag, (w - tag.get_width() - pad, pad + 2))
        y = pad + title.get_height() + round(6 * self.layout.scale)
        for k, (subject, effort) in enumerate(zip(ev.subjects, efforts, strict=True)):
            which = "First" if k == 0 else "Second"
            line = ctx.text.render(f"{which} Challenge: {SUBJECT_NAMES[subject]}, "
                                   f"Effort {effort}", ctx.type.body, theme.INK)
            layer.blit(line, (pad, y))
            y += line.get_height() + 2
        icon_name, sign = OUTCOME_ICONS.get(ev.outcome, ("icon_event", ""))
        side = max(12, min(h - y - pad, round(34 * self.layout.scale)))
        icon = art.sprite(ctx, icon_name, (side, side))
        y = h - pad - side
        layer.blit(icon, (pad, y))
        words = OUTCOME_WORDS.get(ev.outcome, ev.outcome)
        for i, text in enumerate(ctx.text.wrap(words, ctx.type.small, w - side - 3 * pad)[:2]):
            img = ctx.text.render(text, ctx.type.small, colour)
            layer.blit(img, (pad * 2 + side, y + i * img.get_height()))


def slot_die_rect(slot: pygame.Rect, size: int) -> pygame.Rect:
    """Where a die rests inside a Boundary Readings slot (right of the reading's icon)."""
    return pygame.Rect(slot.right - size - 6, slot.bottom - size - 5, size, size)


def _dashed(surf: pygame.Surface, colour, pts: list[tuple[float, float]], width: int,
            dash: float) -> None:
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:
            continue
        n = max(1, int(length / dash))
        for k in range(0, n, 2):
            a, b = k / n, min(1.0, (k + 1) / n)
            pygame.draw.line(surf, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def _dashed_rect(surf: pygame.Surface, colour, rect: pygame.Rect) -> None:
    pts = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    _dashed(surf, colour, pts, 1, 6)


def voyage_map(surf: pygame.Surface, ctx: UiContext, pads: Pads, route: list[tuple[int, int]],
               bad_reputation: list[tuple[int, int]], rect: pygame.Rect) -> None:
    """The Holomap with the whole route drawn over it (end screen)."""
    from game.ui.hexgrid import HexView

    h = pads.holomap
    hv = HexView(h.regions, (rect.x, rect.y, rect.w, rect.h), margin=4)
    tile_w, tile_h = round(SQRT3 * hv.size) + 1, round(2 * hv.size) + 1
    for hx in sorted(h.regions):
        name = "hex_space"
        if hx == h.earth:
            name = "hex_earth"
        elif hx in h.lis_points:
            name = "hex_lis"
        elif hx == h.source:
            name = "hex_source"
        art.blit_center(surf, art.sprite(ctx, name, (tile_w, tile_h)), hv.center(hx))
        pygame.draw.polygon(surf, theme.GRID, hv.polygon(hx), 1)
    label_px = ctx.type.small
    for hx, text in [(h.earth, "EARTH"), (h.source, "SOURCE"), *[(p, "LIS") for p in h.lis_points]]:
        cx, cy = hv.center(hx)
        img = ctx.text.render(text, label_px, theme.INK, bold=True)
        surf.blit(img, (round(cx - img.get_width() / 2), round(cy + hv.size * 0.45)))
    for hx in bad_reputation:
        art.blit_center(surf, art.sprite(ctx, "token_badrep", (round(hv.size),) * 2),
                        hv.center(tuple(hx)))
    pts = [hv.center(tuple(x)) for x in route]
    if len(pts) >= 2:
        pygame.draw.lines(surf, theme.YELLOW, False, pts, max(2, round(hv.size * 0.12)))
        head = hv.size * 0.28
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            length = math.hypot(x1 - x0, y1 - y0)
            if length < 1:
                continue
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            mx, my = (x0 + x1) / 2 + ux * head / 2, (y0 + y1) / 2 + uy * head / 2
            pygame.draw.polygon(surf, theme.ORANGE, [
                (mx, my), (mx - ux * head - uy * head * 0.6, my - uy * head + ux * head * 0.6),
                (mx - ux * head + uy * head * 0.6, my - uy * head - ux * head * 0.6)])
    for i, p in enumerate(pts):
        pygame.draw.circle(surf, theme.YELLOW, (round(p[0]), round(p[1])),
                           max(2, round(hv.size * 0.14)))
        if i == 0:
            pygame.draw.circle(surf, theme.INK, (round(p[0]), round(p[1])),
                               max(3, round(hv.size * 0.22)), 2)
    if pts:
        side = round(hv.size * 1.2)
        heading = 0.0
        if len(route) >= 2:
            from game.ui.hexgrid import direction_towards
            heading = DIRECTION_ANGLES[direction_towards(tuple(route[-2]), tuple(route[-1]))]
        art.blit_center(surf, art.rotated(ctx, "ship", (side, side), heading), pts[-1])
