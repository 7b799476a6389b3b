"""Who is next to whom on a grid: the offset tables of 4- and 8-connectivity,
the game's movement rule (:data:`WALK`), neighbour counts, dilation and
erosion, dead ends and door checks."""

from __future__ import annotations

import numpy as np

from worldgen.toolkit.bitgrid import BitGrid

__all__ = ["offsets", "WALK", "border_mask", "neighbour_count", "dilate", "erode", "dead_end_mask",
           "fill_dead_ends", "door_ok"]


_OFFSETS4 = ((-1, 0), (1, 0), (0, -1), (0, 1))


_OFFSETS8 = _OFFSETS4 + ((-1, -1), (-1, 1), (1, -1), (1, 1))


def offsets(connectivity: int) -> tuple[tuple[int, int], ...]:
    """Neighbour offsets ``(dy, dx)`` for 4- or 8-connectivity."""
    if connectivity == 4:
        return _OFFSETS4
    if connectivity == 8:
        return _OFFSETS8
    raise ValueError(f"connectivity must be 4 or 8, got {connectivity}")


#: The game's movement rule, one definition for the generators and the game: a
#: step goes to any of the 8 neighbours, diagonals included, and a diagonal step
#: may pass between two walls.  Distances "on foot" (a cavern's far exit, the
#: stairs of rooms, a monster's chase, click-to-walk) are counted with it.
WALK = 8


def border_mask(shape: tuple[int, int], width: int = 1) -> np.ndarray:
    """True on the outermost ``width`` rings of a grid."""
    mask = np.ones(shape, dtype=bool)
    mask[width:-width or None, width:-width or None] = False
    return mask


def neighbour_count(mask: np.ndarray, radius: int = 1, *, include_centre: bool = False,
                    outside: bool = False, connectivity: int = 8) -> np.ndarray:
    """Count True cells in the ``(2r+1)^2`` box around every cell (``int32``, every platform).

    ``outside`` says what lies beyond the edge (True: walls for a cave
    automaton).  Small boxes (r <= 7) add shifted ``uint8`` rows then columns;
    larger ones use a summed-area table, so the cost does not grow with r.
    ``connectivity=4`` counts only the 4 orthogonal neighbours (radius 1).

    >>> neighbour_count(np.eye(3, dtype=bool)).tolist()
    [[1, 2, 1], [2, 2, 2], [1, 2, 1]]
    >>> neighbour_count(np.eye(3, dtype=bool), connectivity=4).tolist()
    [[0, 2, 0], [2, 0, 2], [0, 2, 0]]
    """
    m = np.asarray(mask, dtype=bool)
    r = int(radius)
    if r < 0:
        raise ValueError(f"radius must be >= 0, got {r}")
    if offsets(connectivity) is _OFFSETS4:
        return _orthogonal_count(m, r, include_centre, outside)
    h, w = m.shape
    k = 2 * r + 1
    if r <= 7:  # k * k <= 225 fits in uint8
        padded = _padded(m, r, outside).view(np.uint8)
        rows = padded[:, 0:w].copy()
        for dx in range(1, k):
            rows += padded[:, dx:dx + w]
        box = rows[0:h].copy()
        for dy in range(1, k):
            box += rows[dy:dy + h]
        total = box.astype(np.int32)
    else:
        padded = np.pad(m, r + 1, constant_values=outside).astype(np.int32)
        padded[0, :] = 0
        padded[:, 0] = 0
        sat = padded.cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32)
        total = sat[k:k + h, k:k + w] - sat[0:h, k:k + w] - sat[k:k + h, 0:w] + sat[0:h, 0:w]
    if not include_centre:
        total -= m
    return total


def _padded(m: np.ndarray, r: int, outside: bool) -> np.ndarray:
    """``np.pad(m, r, constant_values=outside)`` without np.pad's slow Python set-up."""
    out = np.full((m.shape[0] + 2 * r, m.shape[1] + 2 * r), outside, dtype=bool)
    out[r:r + m.shape[0], r:r + m.shape[1]] = m
    return out


def _orthogonal_count(m: np.ndarray, radius: int, include_centre: bool, outside: bool) -> np.ndarray:
    """:func:`neighbour_count` over the 4 orthogonal neighbours."""
    if radius != 1:
        raise ValueError(f"a 4-connected count has radius 1, got {radius}")
    p = _padded(m, 1, outside).view(np.uint8)
    total = (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]).astype(np.int32)
    if include_centre:
        total += m
    return total


def dilate(mask: np.ndarray, connectivity: int = 8) -> np.ndarray:
    """``mask`` grown by one cell to its 4 or 8 neighbours (the edge: unset).

    >>> dilate(np.eye(3, dtype=bool)[:1], 4).astype(int).tolist()
    [[1, 1, 0]]
    """
    if connectivity == 8:  # the 3x3 box: rows then columns, five boolean calls
        return _box(mask, np.logical_or)
    return neighbour_count(mask, 1, include_centre=True, connectivity=connectivity) > 0


def erode(mask: np.ndarray) -> np.ndarray:
    """Cells whose whole 3x3 box is in ``mask`` (the edge counts as unset)."""
    return _box(mask, np.logical_and)


def _box(mask: np.ndarray, op: np.ufunc) -> np.ndarray:
    pad = np.zeros((mask.shape[0] + 2, mask.shape[1] + 2), dtype=bool)
    pad[1:-1, 1:-1] = mask
    rows = op(op(pad[:, :-2], pad[:, 1:-1]), pad[:, 2:])
    return op(op(rows[:-2], rows[1:-1]), rows[2:])


def dead_end_mask(walkable: np.ndarray) -> np.ndarray:
    """Walkable cells with at most one walkable 4-neighbour (3+ walls; the edge is wall).

    >>> dead_end_mask(np.ones((1, 3), bool)).tolist()
    [[True, False, True]]
    """
    walk = np.asarray(walkable, dtype=bool)
    g = BitGrid(walk.shape[1], walk.shape[0])
    return g.to_mask(g.dead_ends(g.from_mask(walk)))


def fill_dead_ends(walkable: np.ndarray, keep: float = 0.0,
                   rng: np.random.Generator | None = None) -> np.ndarray:
    """Fill dead ends until none is left; returns the new mask (the 2-core).

    A dead end is a walkable cell with 3 walls among its 4 neighbours (4 walls:
    a lone cell).  Filling one re-checks its neighbours, so a dead-end corridor
    is eaten back to the junction it came from.  ``keep`` is the chance each
    dead end found at the start survives, with its whole corridor.  The work
    is :meth:`worldgen.toolkit.bitgrid.BitGrid.fill_dead_ends`: the source's work list,
    held as bits.

    The source's list version (Softly Into the Night) stopped early: its
    "first list = temporary list; clear the temporary list" reads, in Python,
    as two names for one list, so the work list was empty after one pass and
    only corridors whose tip came first in scan order were eaten.  Here every
    pass takes a fresh set of cells.  The result does not depend on the order
    cells are visited.

    >>> m = np.array([[0, 0, 0, 0, 0],
    ...               [0, 1, 1, 1, 0],
    ...               [0, 1, 1, 1, 0],
    ...               [0, 0, 1, 0, 0],
    ...               [0, 0, 1, 0, 0]], dtype=bool)
    >>> fill_dead_ends(m).astype(int)[3:].tolist()
    [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    """
    walk = np.asarray(walkable, dtype=bool)
    g = BitGrid(walk.shape[1], walk.shape[0])
    return g.to_mask(g.fill_dead_ends(g.from_mask(walk), keep, rng))


def door_ok(walkable: np.ndarray, y: int, x: int) -> bool:
    """True when (y, x) has walkable cells on two opposite sides and walls on the other two.

    >>> door_ok(np.array([[0, 0, 0], [1, 1, 1], [0, 0, 0]], bool), 1, 1)
    True
    """
    h, w = walkable.shape
    if not (1 <= y <= h - 2 and 1 <= x <= w - 2):
        return False
    n, s, we, e = walkable[y - 1, x], walkable[y + 1, x], walkable[y, x - 1], walkable[y, x + 1]
    return bool((n and s and not we and not e) or (we and e and not n and not s))
