"""Point markers and the caption strip that explains them (``--legend``).

Stages carry named point sets (``start``, ``exit``, ``monsters``, ``items``,
``sites``); pictures mark each point with one pixel of its colour in
:data:`POINT_COLOURS`.  :func:`legend_strip` draws, under a picture, one
swatch and one upper-case label per point set present, with its count when
there are several, in a 3x5 pixel font, so the strip scales with the map
like every other pixel of it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["POINT_COLOURS", "BACKGROUND", "TEXT", "legend_strip", "text_mask"]

#: Marker colours for named points drawn over a stage; other names are white.
POINT_COLOURS: dict[str, tuple[int, int, int]] = {
    "start": (80, 255, 80),
    "exit": (255, 64, 255),
    "monsters": (255, 48, 48),
    "items": (64, 224, 255),
    "sites": (255, 64, 32),
}
OTHER_COLOUR = (255, 255, 255)
BACKGROUND = (16, 20, 28)
TEXT = (216, 222, 233)

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
    " ": "...|...|...|...|...", "?": "##.|..#|.#.|...|.#.",
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


def _entry(name: str, count: int) -> np.ndarray:
    """One legend entry as ``(5, w, 3)`` RGB: a swatch of the marker colour, a space, the label."""
    label = name if count == 1 else f"{name} {count}"
    text = text_mask(label)
    width = _SWATCH_W + 2 + text.shape[1]
    rgb = np.empty((GLYPH_H, width, 3), dtype=np.uint8)
    rgb[:] = BACKGROUND
    rgb[:, :_SWATCH_W] = POINT_COLOURS.get(name, OTHER_COLOUR)
    rgb[:, _SWATCH_W + 2:][text] = TEXT
    return rgb


def legend_strip(points: dict[str, np.ndarray], width: int) -> np.ndarray:
    """The caption strip for ``points`` (name -> ``(k, 2)`` array), ``(h, w, 3) uint8``.

    Entries run left to right in :data:`POINT_COLOURS` order (then other names
    sorted) and wrap to new lines of ``width`` pixels; a line is widened to its
    one entry when that entry is wider.  No points: an empty ``(0, width, 3)``.

    >>> legend_strip({"start": np.array([[1, 2]]), "monsters": np.zeros((12, 2))}, 40).shape
    (14, 50, 3)
    """
    order = [n for n in POINT_COLOURS if n in points] + sorted(set(points) - set(POINT_COLOURS))
    entries = [_entry(n, len(np.asarray(points[n]).reshape(-1, 2))) for n in order
               if len(np.asarray(points[n]).reshape(-1, 2))]
    lines: list[list[np.ndarray]] = []
    used = width  # forces a first line
    for entry in entries:
        need = entry.shape[1] + (_GAP if lines and lines[-1] else 0)
        if not lines or used + need > width - 2 * _PAD:
            lines.append([entry])
            used = entry.shape[1]
        else:
            lines[-1].append(entry)
            used += need
    full_w = max([width] + [sum(e.shape[1] for e in line) + _GAP * (len(line) - 1) + 2 * _PAD
                            for line in lines])
    strip = np.empty((_LINE_H * len(lines), full_w, 3), dtype=np.uint8)
    strip[:] = BACKGROUND
    for row, line in enumerate(lines):
        x = _PAD
        y = row * _LINE_H + _PAD
        for entry in line:
            strip[y:y + GLYPH_H, x:x + entry.shape[1]] = entry
            x += entry.shape[1] + _GAP
    return strip
