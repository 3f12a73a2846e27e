"""The seat's lobby: faction reveal, the encryption vote, purchasing and placement.

The purchase form is a draft of the ``customize`` action built from the seat's own control
sheet (public data shipped with the game); the placement draft is a ``place_forces`` action
built by clicking START squares. Both are only drafts: the engine checks them when sent,
and its reason for refusing is shown.
"""

from __future__ import annotations

import pygame

from game.artifact import actions as A
from game.artifact.deckplan import DeckPlan, feynman
from game.artifact.sheets import default_sheets
from game.artifact.viewtypes import SeatView
from game.ui import theme
from game.ui.artifact_map import Piece, faction_colour
from game.ui.artifact_panels import solid_panel
from game.ui.artifact_pieces import character_sprite, item_sprite, seat_title
from game.ui.artifact_words import option_about, option_name
from game.ui.widgets import Button, draw_wrapped, fit_text

NOBODY = ""


class PurchaseForm:
    """A draft order: option, optional characters, free items and purchases with holders."""

    def __init__(self, view: SeatView) -> None:
        self.sheets = default_sheets()
        self.seat = view.seat
        self.faction_id = view.faction
        self.faction = self.sheets.factions[self.faction_id]
        self.species = view.species
        self.option = self.species or (self.faction.options[0] if self.faction.options else "")
        self.picked: list[str] = list(self.faction.optional[: self.faction.pick])
        self.free: list[list[str]] = [[item, ""] for item, _rule in self.faction.free_items]
        self.bought: list[list[str]] = []
        self.buttons: list[Button] = []
        self._fix_free_holders()

    # ---------------------------------------------------------------- the draft
    def roster(self) -> list[str]:
        if self.faction_id == "alien":
            return [c.id for c in self.sheets.characters.values()
                    if c.faction == "alien" and c.option == self.option]
        return list(self.faction.required) + list(self.picked)

    def holders_for(self, item_id: str, rule: str = "") -> list[str]:
        kind = self.sheets.items[item_id]
        if kind.robot or rule == "map":
            return [NOBODY]
        out = [NOBODY] if rule != "any" else []
        for cid in self.roster():
            sheet = self.sheets.characters[cid]
            wearer = sheet.kind in ("human", "android")
            if (kind.suit and wearer) or (not kind.suit and sheet.hands):
                out.append(cid)
        return out or [NOBODY]

    def _fix_free_holders(self) -> None:
        rules = dict(self.faction.free_items)
        for entry in self.free:
            choices = self.holders_for(entry[0], rules.get(entry[0], ""))
            if entry[1] not in choices:
                entry[1] = choices[0]
        for entry in self.bought:
            if entry[1] not in self.holders_for(entry[0]):
                entry[1] = NOBODY

    def spent(self) -> int:
        return sum(self.sheets.items[i].price for i, _h in self.bought)

    def left(self) -> int:
        return self.faction.budget - self.spent()

    def action(self) -> A.Customize:
        roster = self.roster()
        partner: list[str] = []
        if self.seat == "pirates" and self._has_partner:
            partner = roster[1:5]
        return A.Customize(self.option,
                           () if self.faction_id == "alien" else tuple(self.picked),
                           tuple((item, holder) for item, holder in self.free + self.bought),
                           tuple(partner))

    _has_partner = False

    # ---------------------------------------------------------------- drawing
    def draw(self, surface, ctx, rect: pygame.Rect, seats: list[str]) -> None:
        self._has_partner = "pirates2" in seats
        inner = solid_panel(surface, rect, ctx, f"Customize: {self.faction.name}")
        px = ctx.type.small
        lh = ctx.text.font(px).get_linesize() + 4
        self.buttons = []
        col_w = (inner.w - 20) // 3
        left = pygame.Rect(inner.x, inner.y, col_w, inner.h)
        mid = pygame.Rect(left.right + 10, inner.y, col_w, inner.h)
        right = pygame.Rect(mid.right + 10, inner.y, col_w, inner.h)
        colour = faction_colour(self.faction_id)
        # the budget wraps in a narrow form rather than lose "left" to an ellipsis
        budget_h = draw_wrapped(surface, ctx, f"Budget {self.faction.budget} cr   spent "
                                f"{self.spent()}   left {self.left()}", ctx.type.body,
                                theme.VERMILLION if self.left() < 0 else theme.YELLOW,
                                pygame.Rect(right.x, right.y, right.w, 3 * lh))
        y = left.y
        if self.faction.options:
            surface.blit(fit_text(ctx, "Private option", px, colour, col_w, True), (left.x, y))
            y += lh
            choices = (self.species,) if self.species else self.faction.options
            for opt in choices:
                b = Button(f"opt:{opt}", option_name(self.faction_id, opt),
                           pygame.Rect(left.x, y, col_w, lh), selected=(opt == self.option),
                           px=px)
                self.buttons.append(b)
                y += lh + 2
            about = option_about(self.faction_id, self.option)
            if about:  # what the chosen option means, in a line or three
                y += 2 + draw_wrapped(surface, ctx, about, ctx.type.tiny, theme.INK_DIM,
                                      pygame.Rect(left.x, y, col_w, 3 * lh))
            y += 6
        if self.faction.pick:
            surface.blit(fit_text(ctx, f"Pick {self.faction.pick} of these "
                                  f"({len(self.picked)} picked)", px, colour, col_w, True),
                         (left.x, y))
            y += lh
            for cid in self.faction.optional:
                sheet = self.sheets.characters[cid]
                tick = "[x]" if cid in self.picked else "[ ]"
                skills = "/".join(s for s in sheet.skills if s != "Hands")
                b = Button(f"pick:{cid}", f"{tick} {sheet.name}  {skills}",
                           pygame.Rect(left.x, y, col_w, lh), selected=cid in self.picked,
                           px=ctx.type.tiny)
                self.buttons.append(b)
                y += lh + 1
        surface.blit(fit_text(ctx, "Your characters", px, colour, col_w, True), (left.x, y + 6))
        y += lh + 6
        names = [f"{self.sheets.characters[cid].name} ({self.sheets.characters[cid].kind})"
                 for cid in self.roster()]
        if y + len(names) * (lh - 2) <= left.bottom:  # one a line
            for name in names:
                surface.blit(ctx.text.render(name, ctx.type.tiny, theme.INK), (left.x + 4, y))
                y += lh - 2
        else:  # a short form: the names run on, none left out without a word
            draw_wrapped(surface, ctx, ", ".join(names), ctx.type.tiny, theme.INK,
                         pygame.Rect(left.x + 4, y, left.w - 4, left.bottom - y))
        # shop
        y = mid.y
        shop = self.faction.shop
        heading = "Price list (click to buy)" if shop else "Price list"
        surface.blit(fit_text(ctx, heading, px, colour, mid.w, True), (mid.x, y))
        y += lh
        if not shop:  # (the Alien's: an empty list under "click to buy" read as broken)
            draw_wrapped(surface, ctx, "Nothing for sale to you: your forces are the option "
                         "you choose.", ctx.type.tiny, theme.INK_DIM,
                         pygame.Rect(mid.x, y, mid.w, 3 * lh))
        # every item keeps a button inside the form: the rows close up in a short window
        row = max(ctx.text.font(ctx.type.tiny).get_linesize() + 2,
                  min(lh, (mid.bottom - y) // max(1, len(shop)) - 1))
        for item_id in shop:
            kind = self.sheets.items[item_id]
            b = Button(f"buy:{item_id}", f"+ {kind.name}  {kind.price} cr",
                       pygame.Rect(mid.x, y, col_w, row), enabled=kind.price <= self.left(),
                       px=ctx.type.tiny)
            self.buttons.append(b)
            y += row + 1
        # order
        y = right.y + budget_h + 6
        empty = not self.free and not self.bought
        y += draw_wrapped(surface, ctx, "Order" if empty else
                          "Order (click a holder to change it)", px, colour,
                          pygame.Rect(right.x, y, right.w, 2 * lh)) + 4
        if empty:
            draw_wrapped(surface, ctx, "Nothing ordered: send the order as it is." if not shop
                         else "Nothing bought yet: click an item in the price list.",
                         ctx.type.tiny, theme.INK_DIM, pygame.Rect(right.x, y, right.w, 3 * lh))
        names = {cid: self.sheets.characters[cid].name for cid in self.roster()}
        names[NOBODY] = "on the map"
        for n, (item_id, holder) in enumerate(self.free):
            kind = self.sheets.items[item_id]
            b = Button(f"freeholder:{n}", f"{kind.name} (free) -> {names.get(holder, holder)}",
                       pygame.Rect(right.x, y, col_w, lh), px=ctx.type.tiny)
            self.buttons.append(b)
            y += lh + 1
        for n, (item_id, holder) in enumerate(self.bought):
            if y > right.bottom - 2 * lh - 10:
                break
            kind = self.sheets.items[item_id]
            b = Button(f"holder:{n}", f"{kind.name} -> {names.get(holder, holder)}",
                       pygame.Rect(right.x, y, col_w - lh - 4, lh), px=ctx.type.tiny)
            x = Button(f"drop:{n}", "x", pygame.Rect(right.x + col_w - lh, y, lh, lh),
                       px=ctx.type.tiny)
            self.buttons += [b, x]
            y += lh + 1
        if self._has_partner:
            partner = ", ".join(self.sheets.characters[c].name for c in self.roster()[1:5])
            surface.blit(ctx.text.render(f"Second pirate seat gets: {partner}", ctx.type.tiny,
                                         theme.INK_DIM), (right.x, right.bottom - 2 * lh - 6))
        self.buttons.append(Button("send_order", "Send order (Enter)",
                                   pygame.Rect(right.x, right.bottom - lh - 6, col_w, lh + 4),
                                   enabled=self.left() >= 0, accent=theme.GREEN, px=px))
        for b in self.buttons:
            b.draw(surface, ctx)

    def click(self, key: str) -> A.Customize | None:
        """Act on a clicked button key; returns the customize action on 'send'."""
        kind, _, arg = key.partition(":")
        rules = dict(self.faction.free_items)
        if kind == "opt":
            self.option = arg
        elif kind == "pick":
            if arg in self.picked:
                self.picked.remove(arg)
            else:
                self.picked.append(arg)
                if len(self.picked) > self.faction.pick:
                    self.picked.pop(0)
        elif kind == "buy":
            holders = self.holders_for(arg)
            used = {h for _i, h in self.bought}
            holder = next((h for h in holders if h and h not in used), holders[0])
            self.bought.append([arg, holder])
        elif kind == "drop":
            del self.bought[int(arg)]
        elif kind in ("holder", "freeholder"):
            entry = (self.bought if kind == "holder" else self.free)[int(arg)]
            rule = rules.get(entry[0], "") if kind == "freeholder" else ""
            choices = self.holders_for(entry[0], rule)
            i = choices.index(entry[1]) if entry[1] in choices else -1
            entry[1] = choices[(i + 1) % len(choices)]
        elif kind == "send_order":
            return self.action()
        self._fix_free_holders()
        return None


class PlacementDraft:
    """Where each of the seat's characters and map items starts, chosen by clicking."""

    def __init__(self, view: SeatView, plan: DeckPlan | None = None) -> None:
        self.plan = plan or feynman()
        self.things: list[tuple[str, str, tuple[str, ...]]] = [
            (row.kind, row.thing, row.regions) for row in view.to_place]
        self.names: dict[str, str] = {row.thing: row.name for row in view.to_place if row.name}
        self.places: dict[str, list] = {}
        self.index = 0
        self._allowed: dict[tuple[str, ...], set] = {}

    @property
    def current(self) -> tuple[str, str, tuple[str, ...]] | None:
        if 0 <= self.index < len(self.things):
            return self.things[self.index]
        return None

    def allowed(self, regions: tuple[str, ...]) -> set[tuple[int, int]]:
        """START squares of the regions (a square one can stand on, or space for clingers)."""
        found = self._allowed.get(regions)
        if found is None:
            plan = self.plan
            squares: set = set()
            for name in regions:
                squares |= plan.region(name)
            found = {plan.xy(s) for s in squares
                     if plan.passable(s) or plan.terrain[s] == "space"}
            self._allowed[regions] = found
        return found

    def place(self, square: tuple[int, int]) -> bool:
        cur = self.current
        if cur is None or square not in self.allowed(cur[2]):
            return False
        facing = self.places.get(cur[1], [0, 0, "N"])[2]
        self.places[cur[1]] = [square[0], square[1], facing]
        for step in range(1, len(self.things) + 1):
            n = (self.index + step) % len(self.things)
            if self.things[n][1] not in self.places:
                self.index = n
                break
        return True

    def face(self, facing: str) -> None:
        cur = self.current
        target = cur[1] if cur and cur[1] in self.places else self._last()
        if target in self.places:
            self.places[target][2] = facing

    def _last(self) -> str | None:
        return next(reversed(self.places), None) if self.places else None

    def complete(self) -> bool:
        return all(t[1] in self.places for t in self.things)

    def action(self) -> A.PlaceForces:
        return A.PlaceForces(tuple((thing, *self.places[thing]) for _k, thing, _r in self.things
                                   if thing in self.places))

    def pieces(self, view: SeatView) -> list[Piece]:
        colour = faction_colour(view.faction)
        out = []
        chars = view.own.characters
        items = view.own.items
        for kind, thing, _regions in self.things:
            if thing not in self.places:
                continue
            x, y, facing = self.places[thing]
            if kind == "character":
                entry = chars.get(thing)
                counter = entry.counter if entry else thing
                kind_of = entry.kind if entry else "human"
                if kind_of == "program":
                    out.append(Piece(thing, "item", counter, (x, y),
                                     "counter_alien", colour, own=True))
                    continue
                out.append(Piece(thing, "character", counter, (x, y),
                                 character_sprite(counter, kind_of),
                                 colour, facing, own=True))
            else:
                item = items.get(thing)
                name = item.name if item else self.names.get(thing, "an item")
                out.append(Piece(thing, "item", name, (x, y), item_sprite(name), colour,
                                 own=True))
        return out

    def label(self, view: SeatView, thing: str) -> str:
        """A character's or item's name as its owner knows it (the placement row names it;
        a fake Artifact is "Fake artifact"), never the token."""
        entry = view.own.characters.get(thing)
        if entry:
            return entry.name
        item = view.own.items.get(thing)
        return item.name if item else self.names.get(thing, "an item")


def reveal_lines(view: SeatView) -> list[tuple[str, tuple, bool]]:
    """The private faction reveal: who you are, what you want."""
    sheets = default_sheets()
    faction = sheets.factions.get(view.faction)
    out: list[tuple[str, tuple, bool]] = []
    if faction is None:
        return out
    out.append((f"You are {faction.name}", faction_colour(view.faction), True))
    if view.player:
        out.append((f"played by {view.player} ({seat_title(view.seat)} seat)",
                    theme.INK_DIM, False))
    if view.species:
        out.append((f"Species: {view.species}", theme.PURPLE, True))
    for n, text in enumerate(view.victory, start=1):
        out.append((f"#{n} {text}", theme.INK, False))
    return out
