"""The playground's panel drawn, and where its parts are (for clicks and taps).

A column at the window's right (:data:`WIDTH` px, the map keeps the rest):
a header of buttons (reset, compare, close) and a status line (the work
budget's cut in one line, the generation's progress, or its time), then one
row per knob (``game.shell.knobs``), scrolled: its name and value, its
control, and the spec's one-line help.  A number is a slider between
``-`` and ``+`` buttons, a choice and a toggle are segments, the seed a
field with a "roll" button.  Every part a finger aims at is at least
:data:`TARGET` px tall.  Text is never under ``MIN_TEXT`` (14 px in a
640x360 embed).  Drawing and geometry only: the state is the scene's
(``game.demo.playground``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from .knobs import Knob

from . import ui
from .demo_view import BOTTOM_BAND, MIN_TEXT

__all__ = ["WIDTH", "HEAD", "ROW", "TARGET", "HEADER_BUTTONS", "Part", "panel_rect", "header_button",
           "row_rect", "parts", "hit", "draw", "list_rect"]

WIDTH = 372
HEAD = 86  # the header's buttons and status line
ROW = 88  # one knob: name and value, control, help
TARGET = 30  # the least height of what a finger aims at
PAD = 10
STEP_BUTTON = 40
HEADER_BUTTONS = ("reset", "compare", "close")
FOCUS = (56, 62, 80)


class Part(NamedTuple):
    """A part of the panel under a point: ``what`` is ``"button"`` (``index`` of
    :data:`HEADER_BUTTONS`), ``"track"``, ``"minus"``, ``"plus"``, ``"segment"`` (``index``
    the choice), ``"roll"``, ``"field"`` or ``"row"`` (``knob`` the knob's index)."""

    what: str
    knob: int = -1
    index: int = -1
    rect: pygame.Rect = pygame.Rect(0, 0, 0, 0)


@lru_cache(maxsize=1024)
def _fit(content: str, width: int) -> str:
    """``ui.fit`` at ``MIN_TEXT``, kept: a long help line is cut once, not every frame."""
    return ui.fit(content, width, MIN_TEXT)


def panel_rect(window: tuple[int, int]) -> pygame.Rect:
    """The panel's column: the window's right, above the bottom band."""
    w, h = window
    return pygame.Rect(w - WIDTH, 0, WIDTH, h - BOTTOM_BAND)


def list_rect(window: tuple[int, int]) -> pygame.Rect:
    """The scrolled part of the panel, under its header."""
    rect = panel_rect(window)
    return pygame.Rect(rect.x, rect.y + HEAD, rect.width, rect.height - HEAD)


def header_button(window: tuple[int, int], index: int) -> pygame.Rect:
    """Where header button ``index`` is (equal widths across the top)."""
    rect = panel_rect(window)
    width = (rect.width - 2 * PAD - 2 * 6) // len(HEADER_BUTTONS)
    return pygame.Rect(rect.x + PAD + index * (width + 6), rect.y + 8, width, 36)


def row_rect(window: tuple[int, int], i: int, scroll: int) -> pygame.Rect:
    area = list_rect(window)
    return pygame.Rect(area.x, area.y + i * ROW - scroll, area.width, ROW)


def parts(knob: Knob, row: pygame.Rect) -> list[Part]:
    """The parts of one knob's row, ``knob`` filled in by the caller."""
    y = row.y + 30
    left, right = row.x + PAD, row.right - PAD
    if knob.kind == "number":
        return [Part("minus", rect=pygame.Rect(left, y, STEP_BUTTON, TARGET)),
                Part("track", rect=pygame.Rect(left + STEP_BUTTON + 8, y, right - left - 2 * STEP_BUTTON - 16,
                                               TARGET)),
                Part("plus", rect=pygame.Rect(right - STEP_BUTTON, y, STEP_BUTTON, TARGET))]
    if knob.kind in ("choice", "toggle"):
        names = knob.choices if knob.kind == "choice" else ("off", "on")
        width = (right - left - 6 * (len(names) - 1)) // len(names)
        return [Part("segment", index=i, rect=pygame.Rect(left + i * (width + 6), y, width, TARGET))
                for i in range(len(names))]
    roll = 76
    return [Part("field", rect=pygame.Rect(left, y, right - left - roll - 8, TARGET)),
            Part("roll", rect=pygame.Rect(right - roll, y, roll, TARGET))]


def hit(window: tuple[int, int], knobs: tuple[Knob, ...], scroll: int, pos: tuple[int, int]) -> Part | None:
    """The part of the panel at ``pos`` (None: outside the panel)."""
    if not panel_rect(window).collidepoint(pos):
        return None
    for i in range(len(HEADER_BUTTONS)):
        if header_button(window, i).collidepoint(pos):
            return Part("button", index=i, rect=header_button(window, i))
    if not list_rect(window).collidepoint(pos):
        return Part("header")
    i = (pos[1] - list_rect(window).y + scroll) // ROW
    if not 0 <= i < len(knobs):
        return Part("header")
    row = row_rect(window, i, scroll)
    for part in parts(knobs[i], row):
        if part.rect.collidepoint(pos):
            return part._replace(knob=i)
    return Part("row", knob=i, rect=row)


def _segment_names(knob: Knob) -> tuple[str, ...]:
    return knob.choices if knob.kind == "choice" else ("off", "on")


def _draw_control(surface: pygame.Surface, knob: Knob, value: Any, row: pygame.Rect, editing: str | None) -> None:
    for part in parts(knob, row):
        rect = part.rect
        if part.what in ("minus", "plus", "roll"):
            ui.Button({"minus": "-", "plus": "+", "roll": "roll"}[part.what], rect, None, MIN_TEXT).draw(surface)
        elif part.what == "track":
            mid = rect.centery
            pygame.draw.line(surface, ui.DIM, (rect.left, mid), (rect.right, mid), 3)
            x = rect.left + round(knob.position(value) * rect.width)
            pygame.draw.line(surface, ui.ACCENT, (rect.left, mid), (x, mid), 3)
            pygame.draw.circle(surface, ui.ACCENT, (x, mid), 10)
        elif part.what == "segment":
            chosen = knob.position(value) == (part.index / max(1, len(_segment_names(knob)) - 1))
            ui.panel(surface, rect, 230 if chosen else 120)
            pygame.draw.rect(surface, ui.ACCENT if chosen else ui.DIM, rect, 2 if chosen else 1)
            ui.text(surface, _segment_names(knob)[part.index], rect.center, MIN_TEXT,
                    ui.ACCENT if chosen else ui.INK, "center")
        else:  # the seed's field
            ui.panel(surface, rect, 230)
            pygame.draw.rect(surface, ui.ACCENT if editing is not None else ui.DIM, rect, 1)
            shown = editing + "|" if editing is not None else str(value)
            ui.text(surface, ui.fit(shown, rect.width - 12, MIN_TEXT), (rect.x + 6, rect.y + 3), MIN_TEXT)


def _draw_row(surface: pygame.Surface, knob: Knob, value: Any, row: pygame.Rect, focused: bool,
              editing: str | None, changed: bool) -> None:
    if focused:
        pygame.draw.rect(surface, FOCUS, row.inflate(-4, -2))
    name_colour = ui.ACCENT if changed else ui.INK
    shown = knob.show(value) if knob.kind == "number" else ""
    value_w = ui.text_size(shown, MIN_TEXT)[0] if shown else 0
    ui.text(surface, _fit(knob.name, row.width - 3 * PAD - value_w), (row.x + PAD, row.y + 3),
            MIN_TEXT, name_colour)
    if shown:
        ui.text(surface, shown, (row.right - PAD, row.y + 3), MIN_TEXT, ui.ACCENT, "topright")
    _draw_control(surface, knob, value, row, editing)
    ui.text(surface, _fit(knob.help, row.width - 2 * PAD), (row.x + PAD, row.y + 62), MIN_TEXT, ui.DIM)


def draw(surface: pygame.Surface, knobs: tuple[Knob, ...], values: dict[str, Any], *, scroll: int, focus: int,
         editing: str | None, status: tuple[str, tuple[int, int, int]], fraction: float | None,
         comparing: bool) -> None:
    """The panel: header buttons, the status line (or the progress of a generation), the rows."""
    window = surface.get_size()
    rect = panel_rect(window)
    ui.panel(surface, rect, 225)
    pygame.draw.line(surface, ui.DIM, rect.topleft, rect.bottomleft)
    for i, label in enumerate(HEADER_BUTTONS):
        button = ui.Button("leave compare" if comparing and label == "compare" else label,
                           header_button(window, i), None, MIN_TEXT)
        button.label = _fit(button.label, button.rect.width - 8)
        button.draw(surface)
    line_y = rect.y + 52
    if fraction is not None:
        bar = pygame.Rect(rect.x + PAD, line_y + 8, rect.width - 2 * PAD, 12)
        ui.progress_bar(surface, bar, fraction)
    else:
        ui.text(surface, _fit(status[0], rect.width - 2 * PAD), (rect.x + PAD, line_y), MIN_TEXT,
                status[1])
    area = list_rect(window)
    surface.set_clip(area)
    for i, knob in enumerate(knobs):
        row = row_rect(window, i, scroll)
        if row.bottom < area.top or row.top > area.bottom:
            continue
        value = values.get(knob.key)
        _draw_row(surface, knob, value, row, i == focus, editing if knob.kind == "seed" else None,
                  knob.kind != "seed" and value != knob.default)
    surface.set_clip(None)
    if len(knobs) * ROW > area.height:  # a scroll bar: where the rows shown are among all
        total = len(knobs) * ROW
        bar = pygame.Rect(rect.right - 5, area.y + area.height * scroll // total, 4,
                          max(20, area.height * area.height // total))
        pygame.draw.rect(surface, ui.DIM, bar)
