"""Whole-array grid operations shared by every generator (numpy only, no scipy).

All arrays are indexed ``[y, x]``; cells are given as ``(y, x)`` tuples and
points as ``[x, y]`` rows only at the public edges (stages, CLI).

Connectivity is 4 (orthogonal) or 8 (orthogonal + diagonal) throughout.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "neighbour_count", "label", "largest_region", "distance_map", "farthest_cell",
    "line_cells", "dig", "border_mask", "offsets", "distance_map_steps", "flat_to_points", "pick_cells",
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
    """Count True cells in the ``(2r+1)^2`` box around every cell (``int32``, every platform).

    ``outside`` says what lies beyond the edge (True: walls for a cave
    automaton).  Small boxes (r <= 7) add shifted ``uint8`` rows then columns;
    larger ones use a summed-area table, so the cost does not grow with r.

    >>> neighbour_count(np.eye(3, dtype=bool)).tolist()
    [[1, 2, 1], [2, 2, 2], [1, 2, 1]]
    """
    m = np.asarray(mask, dtype=bool)
    r = int(radius)
    if r < 0:
        raise ValueError(f"radius must be >= 0, got {r}")
    h, w = m.shape
    k = 2 * r + 1
    if r <= 7:  # k * k <= 225 fits in uint8
        padded = np.pad(m, r, constant_values=outside).view(np.uint8)
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


def _run_edges(m: np.ndarray, run_of: np.ndarray, connectivity: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of horizontal runs that touch across consecutive rows, few duplicates.

    Along a stretch of columns where the same two rows touch, the two runs do
    not change, so only the first column of each stretch makes an edge.
    """
    if connectivity == 8:
        shifts = (0, 1, -1)   # row y+1 cell at x + shift touches row y cell at x
    elif connectivity == 4:
        shifts = (0,)
    else:
        raise ValueError(f"connectivity must be 4 or 8, got {connectivity}")
    w = m.shape[1]
    us, vs = [], []
    for s in shifts:
        lo, hi = max(0, -s), w - max(0, s)          # columns x with x + s inside
        touch = m[:-1, lo:hi] & m[1:, lo + s:hi + s]
        first = touch.copy()
        first[:, 1:] &= ~touch[:, :-1]
        ys, xs = np.nonzero(first)
        xs = xs + lo
        us.append(run_of[ys, xs])
        vs.append(run_of[ys + 1, xs + s])
    return np.concatenate(us), np.concatenate(vs)


def label(mask: np.ndarray, connectivity: int = 4) -> tuple[np.ndarray, int]:
    """Label connected regions of True cells: ``(labels, count)``.

    Labels run 1..count in row-major order of each region's first cell; 0 is
    background.  Works on horizontal runs of True cells (far fewer than
    cells): runs touching across rows are joined by hooking roots onto the
    smaller root plus pointer jumping, all as array operations, O(log n)
    rounds in practice.

    >>> lab, n = label(np.array([[1, 0, 1], [1, 0, 0]], dtype=bool))
    >>> n, lab.tolist()
    (2, [[1, 0, 2], [1, 0, 0]])
    """
    m = np.asarray(mask, dtype=bool)
    if m.ndim != 2:
        raise ValueError(f"label needs a 2-D mask, got shape {m.shape}")
    offsets(connectivity)  # validates it
    h, w = m.shape
    starts = m.copy()
    starts[:, 1:] &= ~m[:, :-1]
    run_of = np.cumsum(starts.ravel(), dtype=np.int32).reshape(h, w) - 1   # run index on True cells
    n_runs = int(run_of[-1, -1]) + 1 if m.size else 0
    if n_runs == 0:
        return np.zeros((h, w), dtype=np.int32), 0
    u, v = _run_edges(m, run_of, connectivity)
    parent = np.arange(n_runs, dtype=np.int32)
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
    # Roots are each region's smallest run index, so sorted roots = row-major order.
    is_root = parent == np.arange(n_runs, dtype=np.int32)
    run_label = np.cumsum(is_root, dtype=np.int32)[parent]
    labels = np.where(m, run_label[np.maximum(run_of, 0)], 0).astype(np.int32, copy=False)
    return labels, int(np.count_nonzero(is_root))


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
    :func:`distance_map_steps` is the same search in slices, for callers that
    must yield while it runs.

    >>> distance_map(np.ones((1, 4), bool), [(0, 0)]).tolist()
    [[0, 1, 2, 3]]
    """
    steps = distance_map_steps(passable, sources, connectivity, work=1 << 62)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


#: Work units charged per breadth-first level on top of 4 per cell expanded.
_LEVEL_COST = 1024


def distance_map_steps(passable: np.ndarray, sources, connectivity: int = 4,
                       work: int = 1 << 18):
    """:func:`distance_map` as a generator: ``dist = yield from distance_map_steps(...)``.

    Yields the number of cells reached so far each time about ``work`` units
    were spent (4 per cell expanded plus a fixed charge per level: counted,
    never timed, so the slices are the same on every machine), then returns
    the distance map.

    >>> gen = distance_map_steps(np.ones((1, 6), bool), [(0, 0)], work=1)
    >>> reached = list(gen)
    >>> reached[:3]
    [2, 3, 4]
    """
    p = np.asarray(passable, dtype=bool)
    h, w = p.shape
    W = w + 2
    idx = np.intp
    todo = np.zeros((h + 2, W), dtype=bool)       # passable and not reached yet
    todo[1:-1, 1:-1] = p
    todo = todo.ravel()
    dist = np.full((h + 2) * W, -1, dtype=np.int32)
    src = np.asarray(sources)
    if src.dtype == bool:
        ys, xs = np.nonzero(src)
    else:
        src = src.reshape(-1, 2)
        ys, xs = src[:, 0], src[:, 1]
    frontier = np.unique((ys.astype(np.int64) + 1) * W + (xs.astype(np.int64) + 1)).astype(idx)
    dist[frontier] = 0
    todo[frontier] = False
    steps = np.array([dy * W + dx for dy, dx in offsets(connectivity)], dtype=idx)
    stamp = np.zeros((h + 2) * W, dtype=np.intp)
    reached = int(frontier.size)
    spent = 0
    d = 0
    while frontier.size:
        d += 1
        nb = (frontier[:, None] + steps[None, :]).ravel()
        nb = nb[todo[nb]]
        spent += 4 * frontier.size + _LEVEL_COST
        if nb.size == 0:
            break
        # De-duplicate without sorting: the last writer of each cell keeps it.
        order = np.arange(nb.size, dtype=np.intp)
        stamp[nb] = order
        frontier = nb[stamp[nb] == order]
        dist[frontier] = d
        todo[frontier] = False
        reached += int(frontier.size)
        if spent >= work:
            spent = 0
            yield reached
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



def flat_to_points(flat, width: int) -> np.ndarray:
    """Flat cell indices of a ``width``-wide grid as ``(k, 2)`` ``[x, y]`` points.

    >>> flat_to_points([0, 5, 7], 4).tolist()
    [[0, 0], [1, 1], [3, 1]]
    """
    y, x = np.divmod(np.asarray(flat, dtype=np.int64).reshape(-1), width)
    return np.stack([x, y], axis=1)


def pick_cells(rng: np.random.Generator, candidates: np.ndarray, counts) -> list[np.ndarray]:
    """Distinct random cells from ``candidates``, split into groups of ``counts``.

    When there are fewer candidates than asked for, earlier groups are served
    first.  Spawn points (monsters, then items) use this.

    >>> a, b = pick_cells(np.random.default_rng(0), np.arange(5), (3, 4))
    >>> len(a), len(b), len(set(a) | set(b))
    (3, 2, 5)
    """
    candidates = np.asarray(candidates)
    total = min(int(sum(counts)), candidates.size)
    chosen = candidates[rng.choice(candidates.size, size=total, replace=False)] if total else candidates[:0]
    groups, start = [], 0
    for k in counts:
        k = max(0, min(int(k), total - start))
        groups.append(chosen[start:start + k])
        start += k
    return groups
