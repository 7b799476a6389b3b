"""Whole-array grid operations shared by every generator (numpy only, no scipy).

All arrays are indexed ``[y, x]``; cells are given as ``(y, x)`` tuples and
points as ``[x, y]`` rows only at the public edges (stages, CLI).

Connectivity is 4 (orthogonal) or 8 (orthogonal + diagonal) throughout.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "neighbour_count", "label", "largest_region", "distance_map", "farthest_cell",
    "line_cells", "dig", "border_mask", "offsets", "lines_cells",
]

_OFFSETS4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
_OFFSETS8 = _OFFSETS4 + ((-1, -1), (-1, 1), (1, -1), (1, 1))


def offsets(connectivity: int) -> tuple[tuple[int, int], ...]:
    """Neighbour offsets ``(dy, dx)`` for 4- or 8-connectivity."""
    if connectivity == 4:
        return _OFFSETS4
    if connectivity == 8:
        return _OFFSETS8
    raise ValueError(f"connectivity must be 4 or 8, got {connectivity}")


def border_mask(shape: tuple[int, int], width: int = 1) -> np.ndarray:
    """True on the outermost ``width`` rings of a grid."""
    mask = np.ones(shape, dtype=bool)
    mask[width:-width or None, width:-width or None] = False
    return mask


def neighbour_count(mask: np.ndarray, radius: int = 1, *, include_centre: bool = False,
                    outside: bool = False) -> np.ndarray:
    """Count True cells in the ``(2r+1)^2`` box around every cell.

    ``outside`` says what lies beyond the edge (True: walls for a cave
    automaton).  Uses a summed-area table, so the cost does not grow with r.

    >>> neighbour_count(np.eye(3, dtype=bool)).tolist()
    [[1, 2, 1], [2, 2, 2], [1, 2, 1]]
    """
    m = np.asarray(mask, dtype=bool)
    r = int(radius)
    padded = np.pad(m, r + 1, constant_values=outside).astype(np.int32)
    padded[0, :] = 0
    padded[:, 0] = 0
    sat = padded.cumsum(0).cumsum(1)
    k = 2 * r + 1
    h, w = m.shape
    total = sat[k:k + h, k:k + w] - sat[0:h, k:k + w] - sat[k:k + h, 0:w] + sat[0:h, 0:w]
    if not include_centre:
        total -= m
    return total


def _edges(mask: np.ndarray, connectivity: int) -> tuple[np.ndarray, np.ndarray]:
    """Flat index pairs (u, v) of neighbouring True cells, each pair once."""
    h, w = mask.shape
    flat = np.arange(h * w, dtype=np.int64).reshape(h, w)
    us, vs = [], []
    pairs = [((slice(None), slice(None, -1)), (slice(None), slice(1, None))),
             ((slice(None, -1), slice(None)), (slice(1, None), slice(None)))]
    if connectivity == 8:
        pairs += [((slice(None, -1), slice(None, -1)), (slice(1, None), slice(1, None))),
                  ((slice(None, -1), slice(1, None)), (slice(1, None), slice(None, -1)))]
    elif connectivity != 4:
        raise ValueError(f"connectivity must be 4 or 8, got {connectivity}")
    for a, b in pairs:
        both = mask[a] & mask[b]
        us.append(flat[a][both])
        vs.append(flat[b][both])
    return np.concatenate(us), np.concatenate(vs)


def label(mask: np.ndarray, connectivity: int = 4) -> tuple[np.ndarray, int]:
    """Label connected regions of True cells: ``(labels, count)``.

    Labels run 1..count in row-major order of each region's first cell; 0 is
    background.  Union by hooking roots onto the smaller root plus pointer
    jumping, all as array operations: O(log n) rounds in practice.

    >>> lab, n = label(np.array([[1, 0, 1], [1, 0, 0]], dtype=bool))
    >>> n, lab.tolist()
    (2, [[1, 0, 2], [1, 0, 0]])
    """
    m = np.asarray(mask, dtype=bool)
    h, w = m.shape
    labels = np.zeros((h, w), dtype=np.int32)
    parent = np.arange(h * w, dtype=np.int64)
    u, v = _edges(m, connectivity)
    while u.size:
        pu, pv = parent[u], parent[v]
        differ = pu != pv
        if not differ.any():
            break
        u, v, pu, pv = u[differ], v[differ], pu[differ], pv[differ]
        np.minimum.at(parent, np.maximum(pu, pv), np.minimum(pu, pv))
        while True:  # full path compression; each pass halves every path
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand
    cells = np.flatnonzero(m)
    if cells.size == 0:
        return labels, 0
    roots = parent[cells]
    uniq, inverse = np.unique(roots, return_inverse=True)
    # Roots are each region's smallest flat index, so sorted roots = row-major order.
    labels.ravel()[cells] = inverse.astype(np.int32) + 1
    return labels, int(uniq.size)


def largest_region(mask: np.ndarray, connectivity: int = 4) -> np.ndarray:
    """The largest connected region of ``mask`` (ties: the first in row-major order)."""
    labels, count = label(mask, connectivity)
    if count == 0:
        return np.zeros_like(mask, dtype=bool)
    sizes = np.bincount(labels.ravel(), minlength=count + 1)
    sizes[0] = 0
    return labels == int(np.argmax(sizes))


def distance_map(passable: np.ndarray, sources, connectivity: int = 4) -> np.ndarray:
    """Walking distance (steps) from the nearest source; -1 where unreachable.

    ``sources`` is a bool mask or a sequence of ``(y, x)`` cells.  Sources on
    impassable cells still count as starts.  A breadth-first search that moves
    a whole frontier per step, touching each cell a bounded number of times.

    >>> distance_map(np.ones((1, 4), bool), [(0, 0)]).tolist()
    [[0, 1, 2, 3]]
    """
    p = np.asarray(passable, dtype=bool)
    h, w = p.shape
    W = w + 2
    open_ = np.zeros((h + 2, W), dtype=bool)
    open_[1:-1, 1:-1] = p
    open_ = open_.ravel()
    dist = np.full((h + 2) * W, -1, dtype=np.int32)
    src = np.asarray(sources)
    if src.dtype == bool:
        ys, xs = np.nonzero(src)
    else:
        src = src.reshape(-1, 2)
        ys, xs = src[:, 0], src[:, 1]
    frontier = np.unique((ys.astype(np.int64) + 1) * W + (xs.astype(np.int64) + 1))
    dist[frontier] = 0
    steps = np.array([dy * W + dx for dy, dx in offsets(connectivity)], dtype=np.int64)
    stamp = np.zeros((h + 2) * W, dtype=np.int64)
    d = 0
    while frontier.size:
        d += 1
        nb = (frontier[:, None] + steps[None, :]).ravel()
        nb = nb[open_[nb] & (dist[nb] < 0)]
        if nb.size == 0:
            break
        # De-duplicate without sorting: the last writer of each cell keeps it.
        order = np.arange(nb.size, dtype=np.int64)
        stamp[nb] = order
        frontier = nb[stamp[nb] == order]
        dist[frontier] = d
    return dist.reshape(h + 2, W)[1:-1, 1:-1].copy()


def farthest_cell(dist: np.ndarray) -> tuple[int, int]:
    """The ``(y, x)`` of the largest distance (first in row-major order on ties)."""
    flat = int(np.argmax(dist))
    return divmod(flat, dist.shape[1])


def line_cells(a: tuple[int, int], b: tuple[int, int]) -> np.ndarray:
    """A 4-connected straight-ish line of cells from ``a`` to ``b`` inclusive.

    Returns an ``(n, 2)`` array of ``(y, x)``; consecutive cells differ by one
    orthogonal step, so digging it always makes a walkable path.

    >>> line_cells((0, 0), (1, 2)).tolist()
    [[0, 0], [0, 1], [1, 1], [1, 2]]
    """
    (y0, x0), (y1, x1) = a, b
    dy, dx = y1 - y0, x1 - x0
    ny, nx = abs(dy), abs(dx)
    # Each step is an x or a y move; order them by where they fall along the line.
    t = np.concatenate([(np.arange(nx) + 0.5) / max(nx, 1), (np.arange(ny) + 0.5) / max(ny, 1)])
    is_y = np.concatenate([np.zeros(nx, dtype=bool), np.ones(ny, dtype=bool)])
    order = np.argsort(t, kind="stable")
    is_y = is_y[order]
    sy = np.cumsum(is_y) * (1 if dy >= 0 else -1)
    sx = np.cumsum(~is_y) * (1 if dx >= 0 else -1)
    cells = np.empty((nx + ny + 1, 2), dtype=np.int64)
    cells[0] = (y0, x0)
    cells[1:, 0] = y0 + sy
    cells[1:, 1] = x0 + sx
    return cells


def dig(floor: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> int:
    """Set a 4-connected line from ``a`` to ``b`` to True in place; returns cells changed."""
    cells = line_cells(a, b)
    ys, xs = cells[:, 0], cells[:, 1]
    changed = int(np.count_nonzero(~floor[ys, xs]))
    floor[ys, xs] = True
    return changed


def lines_cells(a, b) -> np.ndarray:
    """Many 4-connected lines at once: rows ``[line, y, x]`` in walking order.

    ``a`` and ``b`` are ``(k, 2)`` arrays of ``(y, x)`` end points; line ``i``
    runs from ``a[i]`` to ``b[i]`` inclusive, every step one orthogonal move,
    after ``t`` of its ``n`` steps it has made ``round(t * |dx| / n)`` x-moves
    (halves round up), so it hugs the straight segment.  Integer arithmetic
    only; the lines follow each other in input order.

    >>> lines_cells([(0, 0), (5, 5)], [(1, 2), (5, 5)]).tolist()
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 2], [1, 5, 5]]
    """
    a = np.asarray(a, dtype=np.int64).reshape(-1, 2)
    b = np.asarray(b, dtype=np.int64).reshape(-1, 2)
    dy, dx = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    ny, nx = np.abs(dy), np.abs(dx)
    n = nx + ny
    line = np.repeat(np.arange(a.shape[0], dtype=np.int64), n + 1)
    starts = np.cumsum(n + 1) - (n + 1)
    t = np.arange(line.size, dtype=np.int64) - starts[line]
    nl, nxl = n[line], nx[line]
    moves_x = (2 * t * nxl + nl) // np.maximum(2 * nl, 1)
    moves_y = t - moves_x
    out = np.empty((line.size, 3), dtype=np.int64)
    out[:, 0] = line
    out[:, 1] = a[line, 0] + np.sign(dy)[line] * moves_y
    out[:, 2] = a[line, 1] + np.sign(dx)[line] * moves_x
    return out
