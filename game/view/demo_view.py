"""The demo's words around its map, laid out to read in a 640x360 embed.

An embed shows the 960x540 window at two thirds, so no text here is drawn
under :data:`MIN_TEXT` pixels (14 on the reader's screen).  The map takes the
window but for two places of words, whichever leaves it larger
(:func:`layout`): a band above it (the stage's title and sentence) and rows
of the key below it, for wide maps; or a column beside it, for square ones.
The seed and the buttons share the bottom band.  A bare figure (``ui=0``)
has only :func:`draw_caption`: one line over the map's foot, shown once the
reader points at it.  Drawing only; the scene (``game.scenes.demo``) keeps
the state.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pygame

from worldgen.core.drawing import stage_entries
from worldgen.core.legend import SHAPES, Entry, wrap
from worldgen.core.registry import GeneratorSpec, Stage
from worldgen.generators import captions

from . import ui
from .render import rgb_surface

__all__ = ["MIN_TEXT", "TITLE_TEXT", "BOTTOM_BAND", "Words", "Layout", "words_for", "layout", "draw_words", "draw_key",
           "draw_caption", "draw_help", "entry_width"]

#: The smallest text the demo draws: 14 px in a 640x360 embed of the 960x540 window.
MIN_TEXT = 21
TITLE_TEXT = 24
LINE = 25  # line height of MIN_TEXT text
BOTTOM_BAND = 46  # the seed and the buttons
MARGIN = 12
SIDE_WIDTH = 330  # the column beside a square map
SWATCH = 18
RAMP = 60  # a layer's grey scale, dark to light
MAX_SENTENCE_LINES = 3


class Words(NamedTuple):
    """What the demo says about the stage on screen."""

    title: str  # "Island 3/6 Rolling particles"
    sentence: str
    credit: str
    entries: tuple[Entry, ...]


class Layout(NamedTuple):
    map_area: pygame.Rect
    text: pygame.Rect  # title, sentence (and, beside a map, the key and the credit)
    key: pygame.Rect  # the key's rows under a wide map; empty beside one
    side: bool
    title_lines: tuple[str, ...]
    sentence_lines: tuple[str, ...]
    credit_lines: tuple[str, ...]
    credit_beside: bool = False  # on the title's line, at its right
    panels: tuple[pygame.Rect, ...] = ()  # the shaded boxes behind the words: the map is never under them


def words_for(spec: GeneratorSpec, name: str, shown: Stage | None, stages, params, size: tuple[int, int],
              start: bool = False) -> Words:
    """What the demo says of stage ``name`` while ``shown`` (a finished stage of ``stages``, or one
    of its steps; None while nothing is) is on screen: its heading, its sentence (the facts of a
    finished stage filled in; ``start``: its first step's), the credit, the key."""
    note = captions.note(spec, name)
    finished = shown is not None and stages.get(name) is shown
    sentence = captions.sentence(spec, name, params, shown.info if finished else None, size, start=start)
    entries: tuple[Entry, ...] = ()
    if shown is not None:
        ramp = tuple(captions.fill(spec, part, params) for part in note.ramp)
        before = captions.before(spec, stages, name) if finished else None
        entries = tuple(stage_entries(shown, before, note.changes if finished else (), ramp))
    return Words(captions.heading(spec, name), sentence, captions.credit(spec), entries)


def _swatch_width(entry: Entry) -> int:
    return RAMP if entry.kind == "ramp" else SWATCH


def entry_width(entry: Entry) -> int:
    return _swatch_width(entry) + 8 + ui.text_size(entry.label, MIN_TEXT)[0]


def _lines(text: str, width: int, size: int = MIN_TEXT, most: int = MAX_SENTENCE_LINES) -> tuple[str, ...]:
    lines = wrap(text, lambda line: ui.text_size(line, size)[0] <= width) if text else []
    if len(lines) > most:
        lines = lines[:most - 1] + [ui.fit(" ".join(lines[most - 1:]), width, size)]
    return tuple(ui.fit(line, width, size) for line in lines)


def _key_rows(entries: tuple[Entry, ...], width: int) -> int:
    """Rows the key takes when its entries flow across ``width`` pixels."""
    rows, used = 0, width + 1
    for entry in entries:
        need = entry_width(entry) + 18
        if used + need > width:
            rows, used = rows + 1, need
        else:
            used += need
    return rows


def _scale(map_size: tuple[int, int], area: pygame.Rect) -> float:
    return min(area.width / map_size[0], area.height / map_size[1]) if area.width > 0 and area.height > 0 else 0.0


def layout(window: tuple[int, int], map_size: tuple[int, int], words: Words) -> Layout:
    """Where the map and the words go: the stacked layout or the side one, whichever draws the map larger."""
    w, h = window
    inner = w - 2 * MARGIN
    title = (ui.fit(words.title, inner, TITLE_TEXT),)
    sentence = _lines(words.sentence, inner)
    credit_w = ui.text_size(words.credit, MIN_TEXT)[0] if words.credit else 0
    beside = credit_w and ui.text_size(title[0], TITLE_TEXT)[0] + 24 + credit_w <= inner
    credit = () if not words.credit else (words.credit,) if beside else _lines(words.credit, inner, most=1)
    top = MARGIN + 30 + LINE * (len(sentence) + (0 if beside else len(credit))) + 4
    rows = _key_rows(words.entries, inner)
    key_h = rows * (LINE + 3)
    key = pygame.Rect(MARGIN, h - BOTTOM_BAND - key_h - 4, inner, key_h)
    panels = (pygame.Rect(0, 0, w, top + 4),) + ((pygame.Rect(0, key.top - 4, w, key_h + 8),) if rows else ())
    bottom = key.top - 4 if rows else h - BOTTOM_BAND
    stacked = Layout(pygame.Rect(0, top + 4, w, bottom - top - 4), pygame.Rect(MARGIN, MARGIN, inner, top - MARGIN),
                     key, False, title, sentence, credit, bool(beside), panels)
    column = SIDE_WIDTH - 2 * MARGIN
    side = Layout(pygame.Rect(0, 0, w - SIDE_WIDTH, h - BOTTOM_BAND),
                  pygame.Rect(w - SIDE_WIDTH + MARGIN, MARGIN, column, h - BOTTOM_BAND - MARGIN),
                  pygame.Rect(0, 0, 0, 0), True, _lines(words.title, column, TITLE_TEXT, 2),
                  _lines(words.sentence, column, most=6), _lines(words.credit, column, most=3), False,
                  (pygame.Rect(w - SIDE_WIDTH, 0, SIDE_WIDTH, h - BOTTOM_BAND),))
    return side if _scale(map_size, side.map_area) > _scale(map_size, stacked.map_area) else stacked


def draw_words(surface: pygame.Surface, spot: Layout, words: Words) -> None:
    """The title, the sentence, the credit, and the key (in its rows or in the column)."""
    for panel in spot.panels:
        ui.panel(surface, panel, 150)
    x, y = spot.text.topleft
    for line in spot.title_lines:
        ui.text(surface, line, (x, y), TITLE_TEXT, ui.ACCENT)
        y += 30
    if spot.credit_beside:
        ui.text(surface, words.credit, (spot.text.right, spot.text.top + 3), MIN_TEXT, ui.DIM, "topright")
    for line in spot.sentence_lines:
        ui.text(surface, line, (x, y), MIN_TEXT, ui.INK)
        y += LINE
    if spot.side:
        room = pygame.Rect(x, y + 10, spot.text.width, spot.text.bottom - y - 18 - LINE * len(spot.credit_lines))
        y = draw_key(surface, room, words.entries, column=True) + 8
    if not spot.credit_beside:
        for line in spot.credit_lines:
            ui.text(surface, line, (x, y), MIN_TEXT, ui.DIM)
            y += LINE
    if not spot.side and spot.key.height:
        draw_key(surface, spot.key, words.entries)


def _swatch(surface: pygame.Surface, entry: Entry, rect: pygame.Rect) -> None:
    if entry.kind == "marker":
        side = rect.width - 2
        pick = (np.arange(side) * 7) // side
        mask = SHAPES[entry.shape][np.ix_(pick, pick)]
        rgb = np.zeros((side, side, 3), np.uint8)
        rgb[mask] = entry.rgb
        shape = rgb_surface(rgb)
        shape.set_colorkey((0, 0, 0))
        pygame.draw.rect(surface, (8, 8, 8), rect)
        surface.blit(shape, rect.move(1, 1))
        return
    if entry.kind == "ramp":
        rect = pygame.Rect(rect.topleft, (RAMP, rect.height))
        for i in range(rect.width):
            level = round(255 * i / max(1, rect.width - 1))
            pygame.draw.line(surface, (level,) * 3, (rect.left + i, rect.top), (rect.left + i, rect.bottom - 1))
    else:
        pygame.draw.rect(surface, entry.rgb, rect)
    pygame.draw.rect(surface, ui.DIM, rect, 1)


def draw_key(surface: pygame.Surface, rect: pygame.Rect, entries: tuple[Entry, ...], column: bool = False) -> int:
    """The key's entries: flowing in rows across ``rect``, or down it (two columns when one is too long).
    Returns the bottom of what it drew."""
    if column:
        per = max(1, rect.height // LINE)
        cols = 1 if len(entries) <= per else 2
        col_w = rect.width // cols
        shown = entries[:per * cols]
        for i, entry in enumerate(shown):
            x, y = rect.x + (i // per) * col_w, rect.y + (i % per) * LINE
            sw = _swatch_width(entry)
            _swatch(surface, entry, pygame.Rect(x, y + 3, SWATCH, SWATCH))
            ui.text(surface, ui.fit(entry.label, col_w - sw - 12, MIN_TEXT), (x + sw + 8, y), MIN_TEXT)
        return rect.y + min(per, len(shown)) * LINE
    x, y = rect.left, rect.top
    for entry in entries:
        width = entry_width(entry)
        if x > rect.left and x + width > rect.right:
            x, y = rect.left, y + LINE + 3
        _swatch(surface, entry, pygame.Rect(x, y + 3, SWATCH, SWATCH))
        ui.text(surface, entry.label, (x + _swatch_width(entry) + 8, y), MIN_TEXT)
        x += width + 18
    return y + LINE


def draw_caption(surface: pygame.Surface, line: str, hint: str) -> pygame.Rect:
    """A bare figure's one line over the foot of the window: what the stage is, and what a click does."""
    w, h = surface.get_size()
    hint_w = ui.text_size(hint, MIN_TEXT)[0]
    band = pygame.Rect(0, h - LINE - 14, w, LINE + 14)
    ui.panel(surface, band, 190)
    ui.text(surface, ui.fit(line, w - hint_w - 3 * MARGIN, MIN_TEXT), (MARGIN, band.top + 7), MIN_TEXT)
    ui.text(surface, hint, (w - MARGIN, band.top + 7), MIN_TEXT, ui.ACCENT, "topright")
    return band


def draw_help(surface: pygame.Surface, lines: list[tuple[str, str]]) -> pygame.Rect:
    """The keys, in a box in the middle of the window."""
    key_w = max(ui.text_size(k, MIN_TEXT)[0] for k, _ in lines)
    text_w = max(ui.text_size(t, MIN_TEXT)[0] for _, t in lines)
    box = pygame.Rect(0, 0, key_w + text_w + 3 * MARGIN + 16, LINE * len(lines) + 2 * MARGIN)
    box.center = surface.get_rect().center
    ui.panel(surface, box, 235)
    pygame.draw.rect(surface, ui.DIM, box, 1)
    for i, (key, what) in enumerate(lines):
        y = box.top + MARGIN + i * LINE
        ui.text(surface, key, (box.left + MARGIN, y), MIN_TEXT, ui.ACCENT)
        ui.text(surface, what, (box.left + 2 * MARGIN + key_w + 16, y), MIN_TEXT)
    return box
