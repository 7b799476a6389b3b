"""Loops (Brogue's addLoops): a wall with floor on two opposite sides becomes a
door or doorway when the two sides are far apart on foot.

For sides p, q and distance maps a, b from any two cells, the triangle
inequality gives ``max(|a(p) - a(q)|, |b(p) - b(q)|)`` <= their walking
distance, so every loop opened is at least ``loop_distance`` long.  Loops are kept apart (a claimed box around
each) so they do not duplicate each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ..bitgrid import BitGrid
from .doors import lay_door
from .draw import Draw
from .params import RoomParams

__all__ = ["loop_candidates", "open_loops", "SPACING"]

#: Half the side of the box each opened loop claims against others.
SPACING = 4


def loop_candidates(g: BitGrid, walk: int, doors: int) -> tuple[np.ndarray, np.ndarray]:
    """Walls with walkable cells on two opposite sides and walls on the other two,
    not beside a door: ``(flat cells ascending, horizontal)``, ``horizontal``
    True where the floors are west and east."""
    cand = g.passages(walk) & ~walk & ~g.dilate(doors, 4)
    _, _, west, east = g.sides(walk)
    cells = g.indices(cand)
    return cells, g.to_mask(cand & west & east).ravel()[cells]


def open_loops(tiles: np.ndarray, g: BitGrid, walk: int, doors: list[tuple[int, int]],
               searches: list[list[int]], copies: int, n_loops: int, p: RoomParams, r: Draw,
               work: int = 0, tick: Callable[[], Any] | None = None) -> Iterator[Any]:
    """``walk, opened = yield from open_loops(...)``: open up to ``n_loops``
    loops in place (``tiles``, ``doors``); ``walk`` updated, the count opened.

    ``searches``: breadth-first searches on foot (:meth:`~worldgen.bitgrid.BitGrid.levels`),
    each over ``copies`` copies of ``walk`` stacked in one grid
    (``BitGrid(g.w, g.h * copies)``), each copy searched from its own cell
    (on a small map k searches cost about one: a whole-grid operation costs
    little more on a grid twice as tall).  Only the candidates' two sides are
    looked up in them (:meth:`~worldgen.bitgrid.BitGrid.distances_at`); the good
    ones are then tried in a random order, drawn one at a time (it stops once
    enough are open).  ``work``, ``tick``: slices of the look-up on big maps."""
    if n_loops <= 0:
        return walk, 0
    w, n = g.w, g.n
    cells, horiz = loop_candidates(g, walk, g.from_indices(y * w + x for y, x in doors))
    if cells.size == 0:
        return walk, 0
    step = np.where(horiz, 1, w)
    sides = np.concatenate((cells - step, cells + step))
    stacked = BitGrid.of(w, g.h * copies)
    at = np.concatenate([sides + k * n for k in range(copies)])
    score = np.zeros(cells.size, dtype=np.int32)
    for levels in searches:
        dist = (yield from stacked.distances_at(levels, at, work, tick)).reshape(-1, 2, cells.size)
        np.maximum(score, np.abs(dist[:, 0] - dist[:, 1]).max(axis=0), out=score)
    good = cells[score >= p.loop_distance].tolist()
    claimed = np.zeros(tiles.shape, dtype=bool)
    opened = []
    for t in range(len(good)):
        j = t + int(r.u() * (len(good) - t))  # a partial shuffle
        i = good[j]
        good[j] = good[t]
        y, x = divmod(i, w)
        if claimed[y, x]:
            continue
        claimed[max(y - SPACING, 0):y + SPACING + 1, max(x - SPACING, 0):x + SPACING + 1] = True
        if lay_door(tiles, y, x, r, p):
            doors.append((y, x))
        opened.append(i)
        if len(opened) >= n_loops:
            break
    return walk | g.from_indices(opened), len(opened)
