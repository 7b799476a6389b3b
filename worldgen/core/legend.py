"""What a picture's colours mean: point markers, change tints, and the key that names them.

Stages carry named point sets (``start``, ``exit``, ``monsters``, ``items``,
``sites``, and the vaults' ``captives`` and ``keys``); pictures mark each
point in its colour (:data:`POINT_COLOURS`) and, once a tile is drawn at
least :data:`SHAPE_MIN_PX` pixels wide, with its shape
(:data:`POINT_SHAPES`: a disc for the start, a down-pointing triangle for the
exit, a cross for monsters ...), so markers differ in two ways.  Every tile
colour (``worldgen.core.tiles``) and every marker colour differ from each
other by at least :data:`MIN_TILE_DIFFERENCE` and :data:`MIN_MARKER_DIFFERENCE`
(CIEDE2000, :func:`colour_difference`; ``tests/test_legend.py`` checks every pair).

A stage that changes only a few cells of the one before can have them tinted
(:data:`CHANGE_COLOURS`: ``opened``, cells that became passable, and
``changed``, any other change) so the change can be seen; which stages do
is the stage table's business (``worldgen.generators.captions``).

:func:`legend_strip` draws the key under a picture: optional lines of text
(a stage's sentence, its source), then one swatch and one label per entry,
in a 3x5 pixel font, so the strip scales with the map like every other pixel
of it.  :func:`tile_entries` and :func:`point_entries` make the entries for a
stage's tiles and markers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple

import numpy as np

from .tiles import TILES

__all__ = ["POINT_COLOURS", "POINT_SHAPES", "SHAPES", "SHAPE_MIN_PX", "OTHER_COLOUR", "CHANGE_COLOURS", "TINT",
           "BACKGROUND", "TEXT", "MIN_TILE_DIFFERENCE", "MIN_MARKER_DIFFERENCE", "Entry", "colour_difference",
           "lab_difference",
           "tile_entries", "point_entries", "legend_strip", "text_mask", "wrap"]

#: Marker colours for named points drawn over a stage; other names get :data:`OTHER_COLOUR`.
POINT_COLOURS: dict[str, tuple[int, int, int]] = {
    "start": (64, 255, 64),
    "exit": (255, 255, 255),
    "monsters": (255, 40, 40),
    "items": (0, 240, 255),
    "sites": (255, 64, 255),
    "captives": (150, 120, 255),
    "keys": (255, 255, 0),
}
OTHER_COLOUR = (190, 190, 255)
#: Tints of the cells a stage changed (see the module doc), mixed :data:`TINT` into the tile's colour.
CHANGE_COLOURS: dict[str, tuple[int, int, int]] = {
    "opened": (0, 255, 200),
    "changed": (255, 130, 150),
}
TINT = 0.65
#: Least CIEDE2000 difference between two tile colours, and between a marker or
#: tint colour and any other colour of a picture.
MIN_TILE_DIFFERENCE = 10.0
MIN_MARKER_DIFFERENCE = 18.0
BACKGROUND = (16, 20, 28)
TEXT = (216, 222, 233)

# Marker shapes, 7x7 ("#" lit), sampled to the size a marker is drawn at.
_SHAPE_ROWS = {
    "disc": "..###..|.#####.|#######|#######|#######|.#####.|..###..",
    "down": "#######|#######|.#####.|.#####.|..###..|..###..|...#...",
    "up": "...#...|..###..|..###..|.#####.|.#####.|#######|#######",
    "cross": "##...##|###.###|.#####.|..###..|.#####.|###.###|##...##",
    "diamond": "...#...|..###..|.#####.|#######|.#####.|..###..|...#...",
    "ring": "..###..|.#####.|##...##|##...##|##...##|.#####.|..###..",
    "plus": "..###..|..###..|#######|#######|#######|..###..|..###..",
    "square": "#######|#######|#######|#######|#######|#######|#######",
}
SHAPES: dict[str, np.ndarray] = {name: np.array([[c == "#" for c in row] for row in rows.split("|")], dtype=bool)
                                 for name, rows in _SHAPE_ROWS.items()}
#: The shape each point set is drawn with; other names: a square.
POINT_SHAPES: dict[str, str] = {"start": "disc", "exit": "down", "monsters": "cross", "items": "diamond",
                                "sites": "up", "captives": "ring", "keys": "plus"}
#: Tiles narrower than this many pixels get one-pixel markers; wider ones, shapes.
SHAPE_MIN_PX = 3.0


class Entry(NamedTuple):
    """One line of a key: a swatch of ``rgb`` and a label.  ``kind`` is
    ``tile``, ``marker`` (drawn with ``shape``), ``change`` or ``ramp``
    (a grey scale from ``rgb`` to ``high``: a layer stage's values)."""

    label: str
    rgb: tuple[int, int, int]
    kind: str = "tile"
    shape: str = ""
    high: tuple[int, int, int] = (255, 255, 255)


def _lab(rgb) -> np.ndarray:
    """sRGB (0..255) to CIELAB (D65)."""
    c = np.asarray(rgb, dtype=float) / 255.0
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    xyz = c @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]).T
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def colour_difference(rgb1, rgb2) -> float:
    """CIEDE2000 colour difference of two sRGB colours (0: the same; ~2: barely seen; 10: clearly other).

    >>> round(colour_difference((255, 255, 255), (0, 0, 0)), 1), colour_difference((9, 9, 9), (9, 9, 9))
    (100.0, 0.0)
    """
    return lab_difference(_lab(rgb1), _lab(rgb2))


def lab_difference(lab1, lab2) -> float:
    """CIEDE2000 difference of two CIELAB colours (Sharma, Wu and Dalal's formulation).

    >>> round(lab_difference((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4)
    2.0425
    """
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25.0 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6)) - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c, s_h = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    r_t = (-math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2))))
           * 2 * math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25.0 ** 7)))
    dl, dc, dh_ = (l2 - l1) / s_l, (c2 - c1) / s_c, d_big_h / s_h
    return math.sqrt(dl * dl + dc * dc + dh_ * dh_ + r_t * dc * dh_)


def tile_entries(tiles: np.ndarray) -> list[Entry]:
    """An entry for each tile present in ``tiles``, in the tile table's order ("deep water", ...)."""
    present = np.flatnonzero(np.bincount(np.asarray(tiles, dtype=np.uint8).ravel(), minlength=len(TILES)))
    return [Entry(_TILE_LABELS.get(TILES[t].name, TILES[t].name.replace("_", " ")), TILES[t].rgb)
            for t in present if t < len(TILES)]


_TILE_LABELS = {"void": "blank"}


def point_entries(points: Mapping[str, np.ndarray]) -> list[Entry]:
    """An entry for each non-empty point set, with its count when it has several:
    :data:`POINT_COLOURS` order, then other names sorted."""
    order = [n for n in POINT_COLOURS if n in points] + sorted(set(points) - set(POINT_COLOURS))
    entries = []
    for name in order:
        count = len(np.asarray(points[name]).reshape(-1, 2))
        if count:
            entries.append(Entry(name if count == 1 else f"{name} {count}", POINT_COLOURS.get(name, OTHER_COLOUR),
                                 "marker", POINT_SHAPES.get(name, "square")))
    return entries


# A 3x5 font: five rows per glyph, "#" lit.  Labels are upper-cased first.
_FONT_ROWS = {
    "A": ".#.|#.#|###|#.#|#.#", "B": "##.|#.#|##.|#.#|##.", "C": ".##|#..|#..|#..|.##",
    "D": "##.|#.#|#.#|#.#|##.", "E": "###|#..|##.|#..|###", "F": "###|#..|##.|#..|#..",
    "G": ".##|#..|#.#|#.#|.##", "H": "#.#|#.#|###|#.#|#.#", "I": "###|.#.|.#.|.#.|###",
    "J": "..#|..#|..#|#.#|.#.", "K": "#.#|#.#|##.|#.#|#.#", "L": "#..|#..|#..|#..|###",
    "M": "#.#|###|###|#.#|#.#", "N": "##.|#.#|#.#|#.#|#.#", "O": ".#.|#.#|#.#|#.#|.#.",
    "P": "##.|#.#|##.|#..|#..", "Q": ".#.|#.#|#.#|##.|.##", "R": "##.|#.#|##.|#.#|#.#",
    "S": ".##|#..|.#.|..#|##.", "T": "###|.#.|.#.|.#.|.#.", "U": "#.#|#.#|#.#|#.#|###",
    "V": "#.#|#.#|#.#|#.#|.#.", "W": "#.#|#.#|###|###|#.#", "X": "#.#|#.#|.#.|#.#|#.#",
    "Y": "#.#|#.#|.#.|.#.|.#.", "Z": "###|..#|.#.|#..|###",
    "0": "###|#.#|#.#|#.#|###", "1": ".#.|##.|.#.|.#.|###", "2": "##.|..#|.#.|#..|###",
    "3": "##.|..#|.#.|..#|##.", "4": "#.#|#.#|###|..#|..#", "5": "###|#..|##.|..#|##.",
    "6": ".##|#..|###|#.#|###", "7": "###|..#|.#.|.#.|.#.", "8": "###|#.#|###|#.#|###",
    "9": "###|#.#|###|..#|##.", "_": "...|...|...|...|###", "-": "...|...|###|...|...",
    " ": "...|...|...|...|...", "?": "##.|..#|.#.|...|.#.", ".": "...|...|...|...|.#.",
    ",": "...|...|...|.#.|#..", ":": "...|.#.|...|.#.|...", ";": "...|.#.|...|.#.|#..",
    "'": ".#.|.#.|...|...|...", '"': "#.#|#.#|...|...|...", "(": "..#|.#.|.#.|.#.|..#",
    ")": "#..|.#.|.#.|.#.|#..", "/": "..#|..#|.#.|#..|#..", "%": "#.#|..#|.#.|#..|#.#",
    "+": "...|.#.|###|.#.|...", "=": "...|###|...|###|...", "!": ".#.|.#.|.#.|...|.#.",
    "&": ".#.|#.#|.#.|#.#|.##", "<": "..#|.#.|#..|.#.|..#", ">": "#..|.#.|..#|.#.|#..",
    "*": "...|#.#|.#.|#.#|...", "\u00b7": "...|...|.#.|...|...",
    "\u2019": ".#.|.#.|...|...|...", "\u201c": "#.#|#.#|...|...|...", "\u201d": "#.#|#.#|...|...|...",
}
_GLYPHS = {ch: np.array([[c == "#" for c in row] for row in rows.split("|")], dtype=bool)
           for ch, rows in _FONT_ROWS.items()}
GLYPH_H, GLYPH_W = 5, 3
_ADVANCE = GLYPH_W + 1  # one blank column between letters
_PAD = 1  # blank pixels around each line
_LINE_H = GLYPH_H + 2 * _PAD
_SWATCH_W = 3
_GAP = 4  # blank columns between entries


def text_mask(text: str) -> np.ndarray:
    """Lit pixels of ``text`` in the 3x5 font, ``(5, 4 * len - 1)`` bool (unknown characters: ``?``).

    >>> text_mask("hi").astype(int)
    array([[1, 0, 1, 0, 1, 1, 1],
           [1, 0, 1, 0, 0, 1, 0],
           [1, 1, 1, 0, 0, 1, 0],
           [1, 0, 1, 0, 0, 1, 0],
           [1, 0, 1, 0, 1, 1, 1]])
    """
    text = text.upper()
    mask = np.zeros((GLYPH_H, max(0, _ADVANCE * len(text) - 1)), dtype=bool)
    for i, ch in enumerate(text):
        mask[:, i * _ADVANCE:i * _ADVANCE + GLYPH_W] = _GLYPHS.get(ch, _GLYPHS["?"])
    return mask


def wrap(text: str, fits) -> list[str]:
    """Greedy word wrap: ``fits(line)`` says whether a line fits; a word too long alone stays whole.

    >>> wrap("one two three", lambda line: len(line) <= 7)
    ['one two', 'three']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and fits(lines[-1] + " " + word):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _entry(entry: Entry) -> np.ndarray:
    """One key entry as ``(5, w, 3)`` RGB: a swatch, a space, the label."""
    text = text_mask(entry.label)
    width = _SWATCH_W + 2 + text.shape[1]
    rgb = np.empty((GLYPH_H, width, 3), dtype=np.uint8)
    rgb[:] = BACKGROUND
    if entry.kind == "ramp":
        ramp = np.linspace(np.array(entry.rgb, float), np.array(entry.high, float), GLYPH_H)
        rgb[:, :_SWATCH_W] = ramp[::-1, None, :].round().astype(np.uint8)  # high at the top
    else:
        rgb[:, :_SWATCH_W] = entry.rgb
    rgb[:, _SWATCH_W + 2:][text] = TEXT
    return rgb


def _text_line(text: str) -> np.ndarray:
    mask = text_mask(text)
    rgb = np.empty((*mask.shape, 3), dtype=np.uint8)
    rgb[:] = BACKGROUND
    rgb[mask] = TEXT
    return rgb


def legend_strip(entries: Mapping[str, np.ndarray] | Iterable[Entry], width: int,
                 lines: Iterable[str] = ()) -> np.ndarray:
    """The key for ``entries`` (or a stage's points, name -> ``(k, 2)`` array), ``(h, w, 3) uint8``.

    ``lines`` (a sentence, a credit) come first, word-wrapped to ``width``
    pixels; then the entries, left to right, wrapping to new lines; a line
    is widened to its one entry or word when that is wider.  Nothing at
    all: an empty ``(0, width, 3)``.

    >>> legend_strip({"start": np.array([[1, 2]]), "monsters": np.zeros((12, 2))}, 40).shape
    (14, 50, 3)
    """
    if isinstance(entries, Mapping):
        entries = point_entries(entries)
    room = width - 2 * _PAD
    rows: list[list[np.ndarray]] = [[_text_line(t)] for line in lines
                                    for t in wrap(line, lambda t: len(t) * _ADVANCE - 1 <= room)]
    used = width  # forces a first line of entries
    first = len(rows)
    for entry in map(_entry, entries):
        need = entry.shape[1] + (_GAP if len(rows) > first else 0)
        if len(rows) == first or used + need > room:
            rows.append([entry])
            used = entry.shape[1]
        else:
            rows[-1].append(entry)
            used += need
    full_w = max([width] + [sum(e.shape[1] for e in row) + _GAP * (len(row) - 1) + 2 * _PAD for row in rows])
    strip = np.empty((_LINE_H * len(rows), full_w, 3), dtype=np.uint8)
    strip[:] = BACKGROUND
    for r, row in enumerate(rows):
        x = _PAD
        y = r * _LINE_H + _PAD
        for piece in row:
            strip[y:y + GLYPH_H, x:x + piece.shape[1]] = piece
            x += piece.shape[1] + _GAP
    return strip
