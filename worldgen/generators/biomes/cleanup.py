"""The clean-up of lone tiles (the package doc says why it keeps transition
tiles where their pair meets)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .transitions import BASE_TYPES, FRAME, TRANSITIONS, Transition, qualifies

__all__ = ["lone_mask", "clean_lone"]


#: Clean-up passes before giving up on a (pathological) lone tile.
_CLEAN_PASSES = 8


def lone_mask(tiles: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Tiles (inside ``mask``) with no 8-neighbour of their own type.

    >>> lone_mask(np.array([[1, 1, 2], [1, 3, 2], [4, 4, 2]], np.uint8)).astype(int).tolist()
    [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    """
    h, w = tiles.shape
    paired = np.zeros((h, w), dtype=bool)       # has an orthogonal neighbour of its type
    flat, line = np.ascontiguousarray(tiles).ravel(), paired.ravel()
    eq = flat[1:] == flat[:-1]                  # each orthogonal pair compared once, for both cells:
    eq[w - 1::w] = False                        # along the map as one line, a row's end not beside the next
    line[1:] |= eq
    line[:-1] |= eq
    eq = tiles[1:] == tiles[:-1]
    paired[1:] |= eq
    paired[:-1] |= eq
    lone = np.logical_not(paired, out=paired)
    if mask is not None:
        lone &= mask
    ys, xs = np.divmod(np.flatnonzero(lone), w)  # few: look at their diagonals (1-D: 2-D nonzero is slow)
    if ys.size:
        kind = tiles[ys, xs]
        diagonal = np.zeros(ys.size, dtype=bool)
        for dy, dx in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            y, x = ys + dy, xs + dx
            inside = (y >= 0) & (y < h) & (x >= 0) & (x < w)
            diagonal |= inside & (tiles[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)] == kind)
        lone[ys[diagonal], xs[diagonal]] = False
    return lone


_DY = np.array([-1, -1, -1, 0, 0, 1, 1, 1])  # the 8 neighbours, in growth.neighbour_steps order


_DX = np.array([-1, 0, 1, -1, 1, -1, 0, 1])


def _around(cells: np.ndarray, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """``(k, 8)`` flat neighbours of flat ``cells`` of an ``(h, w)`` map (0 off the map) and which are on it."""
    y, x = np.divmod(cells, w)
    ny, nx = y[:, None] + _DY, x[:, None] + _DX
    inside = (ny >= 0) & (ny < h) & (nx >= 0) & (nx < w)
    return np.where(inside, ny * w + nx, 0), inside


def clean_lone(tiles: np.ndarray, grown: np.ndarray, rng: np.random.Generator,
               mask: np.ndarray | None = None, table: Sequence[Transition] = TRANSITIONS,
               rim: np.ndarray | None = None) -> tuple[np.ndarray, int, int]:
    """Give every lone tile (inside ``mask``) the type of a random neighbour.

    Only neighbours that are not lone themselves are candidates, so a fixed
    tile is never lone again and no other tile becomes lone.  A transition
    type (a ``becomes`` of ``table`` that is not a base type) is a candidate
    only from a neighbour that its own row made from ``grown`` (a rim tile),
    so a lone tile next to a rim may join the rim (a one-tile peak ringed by
    foothills becomes hills) but no transition tile drifts away from where
    its pair meets.  Neighbours outside ``mask`` never change but count as
    candidates.  Repeats up to a bounded number of passes, then one last
    pass lets a still-lone tile take any non-lone neighbour.  Returns
    ``(tiles, tiles changed, tiles changed by that last pass)``.
    """
    tiles = tiles.copy()
    h, w = tiles.shape
    lone = lone_mask(tiles, mask)
    cells = np.flatnonzero(lone)
    if cells.size == 0:
        return tiles, 0, 0
    base = {tid for _, tid in BASE_TYPES}
    is_transition = np.zeros(256, dtype=bool)
    is_transition[[row.becomes for row in table if row.becomes not in base]] = True
    # What each tile's own row makes it (``rim``: the caller's qualifies(grown, table)).
    rim = (qualifies(grown, table) if rim is None else rim).ravel()
    flat, lone = tiles.ravel(), lone.ravel()
    changed = fallback = 0
    for attempt in range(_CLEAN_PASSES + 1):
        if cells.size == 0:
            break
        nb, inside = _around(cells, h, w)       # the 8 neighbours
        kinds = np.where(inside, flat[nb], np.uint8(FRAME))
        ok = inside & ~lone[nb]                 # in the map and not lone
        if attempt < _CLEAN_PASSES:  # the last pass is the documented fallback: any neighbour
            # A transition type only comes from a tile its own row made (a rim tile).
            fitting = ~is_transition[kinds] | (rim[nb] == kinds)
            ok &= fitting
        draw = rng.integers(1, 1 << 30, size=nb.shape, dtype=np.int64)
        pick = np.argmax(np.where(ok, draw, 0), axis=1)
        can = ok.any(axis=1)
        fixed = np.flatnonzero(can)
        flat[cells[fixed]] = kinds[fixed, pick[fixed]]
        lone[cells[fixed]] = False
        changed += int(fixed.size)
        fallback = int(fixed.size) if attempt == _CLEAN_PASSES else 0
        # No tile ever becomes lone, so the next pass's lone tiles are those left
        # here that still have no neighbour of their type: only they are looked at.
        rest = cells[~can]
        nb, inside = _around(rest, h, w)
        alone = ~(inside & (flat[nb] == flat[rest][:, None])).any(axis=1)
        lone[rest[~alone]] = False
        cells = rest[alone]
    return tiles, changed, fallback
