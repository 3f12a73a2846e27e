"""Where every piece of text landed on the window, and the frames it belongs to.

Switched on only to check a layout (the overlap test, or a developer's debugging): the
``TextCache`` then marks each text surface it renders, ``draw_panel`` and ``Button.draw``
register their frames, and a :class:`RecordingSurface` (a ``pygame.Surface`` that notes
every blit of a marked surface) is drawn on instead of the window. Layers that carry text
(``widgets.layer``) are recording surfaces too, so text painted on a layer is found where
the layer lands.

:func:`problems` then lists, in words, every text whose ink touches another text, and
every text that leaves its frame (the panel or button under its centre, less the frame's
border and corner ornaments) or the window, runs under a button it does not belong to, or
is cut off by a clip (except inside a "viewport" frame: a scrolled map shows what falls in
its window, and a label half out of view there is a label of a place half out of view).
:func:`undersized` lists every text drawn smaller than a given running-text size, or cut
short with an ellipsis; only hotkey hints (a key's name on its button) may be smaller.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class TextRecord:
    """One text as drawn: the string, the rectangle of its ink on the window, and whether
    a clip (or the surface's edge) cut part of it away."""

    text: str
    rect: pygame.Rect
    cut: bool = False
    px: int = 0
    hint: bool = False


@dataclass(frozen=True)
class Frame:
    """A panel or button: its outer rectangle, and the inner one text must stay in."""

    kind: str
    outer: pygame.Rect
    inner: pygame.Rect


class TextRegistry:
    """Which rendered surfaces are text (and what they say)."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[pygame.Surface, str, pygame.Rect, int, bool]] = {}

    def mark(self, surface: pygame.Surface, text: str, px: int = 0,
             hint: bool = False) -> None:
        """Remember that ``surface`` shows ``text`` at font size ``px`` (``hint``: a
        hotkey hint, allowed the hint size). The surface is kept alive, so its id is never
        reused while the registry lives."""
        if text.strip():
            self._texts[id(surface)] = (surface, text, surface.get_bounding_rect(), px, hint)

    def text_of(self, surface: pygame.Surface
                ) -> tuple[str, pygame.Rect, int, bool] | None:
        entry = self._texts.get(id(surface))
        if entry is None or entry[0] is not surface:
            return None
        return entry[1], entry[2], entry[3], entry[4]


@dataclass
class _Notes:
    texts: list[TextRecord] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)


class RecordingSurface(pygame.Surface):
    """A surface that notes where marked text (and frames) were drawn on it."""

    registry: TextRegistry

    def __init__(self, size, flags: int = 0, depth: int = 32, *,
                 registry: TextRegistry) -> None:
        super().__init__(size, flags, depth)
        self.registry = registry
        self.notes = _Notes()

    def reset(self) -> None:
        self.notes = _Notes()

    def add_frame(self, kind: str, outer: pygame.Rect, inner: pygame.Rect) -> None:
        """A frame drawn now; an opaque panel hides the texts and frames wholly under it
        (a dialog over a screen), so those are forgotten, and a "cover" (a box laid over
        the screen, such as a coach's bubble) hides everything it touches."""
        outer = pygame.Rect(outer)
        if kind == "panel":
            self.notes.texts = [t for t in self.notes.texts if not outer.contains(t.rect)]
            self.notes.frames = [f for f in self.notes.frames if not outer.contains(f.outer)]
        elif kind == "cover":  # a box laid over the screen: what it touches is hidden
            self.notes.texts = [t for t in self.notes.texts if not outer.colliderect(t.rect)]
            self.notes.frames = [f for f in self.notes.frames
                                 if not outer.colliderect(f.outer) or f.kind == "viewport"]
        self.notes.frames.append(Frame(kind, outer, pygame.Rect(inner)))

    def blit(self, source, dest, area=None, special_flags: int = 0):  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        if drawn.w <= 0 or drawn.h <= 0:
            return drawn
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        if area is not None:
            ax, ay = pygame.Rect(area).topleft
            x, y = x - ax, y - ay
        marked = self.registry.text_of(source)
        if marked is not None:
            text, ink, px, hint = marked
            full = ink.move(x, y)
            rect = full.clip(drawn)
            if rect.w > 0 and rect.h > 0:
                self.notes.texts.append(TextRecord(text, rect, rect != full, px, hint))
        elif isinstance(source, RecordingSurface):
            for rec in source.notes.texts:
                full = rec.rect.move(x, y)
                rect = full.clip(drawn)
                if rect.w > 0 and rect.h > 0:
                    self.notes.texts.append(TextRecord(rec.text, rect, rec.cut or rect != full,
                                                       rec.px, rec.hint))
            for fr in source.notes.frames:
                self.notes.frames.append(Frame(fr.kind, fr.outer.move(x, y),
                                               fr.inner.move(x, y)))
        return drawn


def add_frame(surface: pygame.Surface, kind: str, outer: pygame.Rect,
              inner: pygame.Rect) -> None:
    """Register a panel or button drawn on ``surface`` (nothing unless it records)."""
    if isinstance(surface, RecordingSurface):
        surface.add_frame(kind, outer, inner)


def _owner(frames: list[Frame], point: tuple[int, int]) -> Frame | None:
    best = None
    for fr in frames:
        if fr.kind == "viewport":
            continue  # a window onto a map, not a box text belongs to
        if fr.outer.collidepoint(point) and (best is None or fr.outer.w * fr.outer.h
                                             <= best.outer.w * best.outer.h):
            best = fr
    return best


def problems(surface: RecordingSurface) -> list[str]:
    """Every overlap between two texts and every text that leaves its frame, in words."""
    out: list[str] = []
    window = surface.get_rect()
    texts = surface.notes.texts
    viewports = [f.outer for f in surface.notes.frames if f.kind == "viewport"]
    for rec in texts:
        if rec.cut and not any(v.collidepoint(rec.rect.center) for v in viewports):
            out.append(f"{rec.text!r} at {tuple(rec.rect)} is cut off")
        owner = _owner(surface.notes.frames, rec.rect.center)
        bounds = owner.inner if owner is not None else window
        if not bounds.contains(rec.rect):
            where = f"its {owner.kind} {tuple(owner.inner)}" if owner else "the window"
            out.append(f"{rec.text!r} at {tuple(rec.rect)} leaves {where}")
        for fr in surface.notes.frames:
            if fr.kind == "button" and fr.outer.colliderect(rec.rect) and (
                    owner is None or fr.outer != owner.outer):
                out.append(f"{rec.text!r} at {tuple(rec.rect)} runs under the button at "
                           f"{tuple(fr.outer)}")
    texts = [t for t in texts if not any(v.collidepoint(t.rect.center) for v in viewports)
             or not t.cut]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.text == b.text and abs(a.rect.x - b.rect.x) <= 2 \
                    and abs(a.rect.y - b.rect.y) <= 2:
                continue  # the same words again: a redraw, or a drop shadow
            if a.rect.colliderect(b.rect):
                out.append(f"{a.text!r} at {tuple(a.rect)} overlaps {b.text!r} at "
                           f"{tuple(b.rect)}")
    return out


def undersized(surface: RecordingSurface, min_px: int) -> list[str]:
    """Every text drawn below ``min_px`` (hotkey hints aside) or ended with an ellipsis
    (a label that did not fit and was cut short), in words."""
    out: list[str] = []
    for rec in surface.notes.texts:
        if rec.px < min_px and not rec.hint:
            out.append(f"{rec.text!r} at {tuple(rec.rect)} is {rec.px} px, under {min_px} px")
        if rec.text.rstrip().endswith(("...", "…")):
            out.append(f"{rec.text!r} at {tuple(rec.rect)} is cut short")
    return out
