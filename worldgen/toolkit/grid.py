"""Whole-array grid operations shared by every generator (numpy only, no scipy).

All arrays are indexed ``[y, x]``; cells are given as ``(y, x)`` tuples and
points as ``[x, y]`` rows only at the public edges (stages, CLI).

Connectivity is 4 (orthogonal) or 8 (orthogonal + diagonal) throughout.

Over 400 lines on purpose: this is the one toolkit of grid operations the
generators share (one neighbour count, one set of offset tables, dead ends
and door checks next to them); bitset forms of some live in ``bitgrid.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from worldgen.core.steps import finish
from .bitgrid import BitGrid

__all__ = [
    "neighbour_count", "label", "largest_region", "distance_map", "farthest_cell",
    "line_cells", "dig", "border_mask", "offsets", "distance_map_steps", "flat_to_points", "pick_cells",
    "WALK", "walk_distance", "dilate", "erode", "dead_end_mask", "fill_dead_ends", "door_ok",
    "label_steps", "union_steps",
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


#: The game's movement rule, one definition for the generators and the game: a
#: step goes to any of the 8 neighbours, diagonals included, and a diagonal step
#: may pass between two walls.  Distances "on foot" (a cavern's far exit, the
#: stairs of rooms, a monster's chase, click-to-walk) are counted with it.
WALK = 8


def walk_distance(passable: np.ndarray, sources) -> np.ndarray:
    """Steps on foot (:data:`WALK`) from the nearest source; -1 where unreachable.

    >>> walk_distance(np.ones((3, 3), bool), [(0, 0)]).tolist()
    [[0, 1, 2], [1, 1, 2], [2, 2, 2]]
    """
    return distance_map(passable, sources, WALK)


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
    rounds in practice.  :func:`label_steps` is the same work in slices.

    >>> lab, n = label(np.array([[1, 0, 1], [1, 0, 0]], dtype=bool))
    >>> n, lab.tolist()
    (2, [[1, 0, 2], [1, 0, 0]])
    """
    return finish(label_steps(mask, connectivity))


def label_steps(mask: np.ndarray, connectivity: int = 4, cells: int = 1 << 18,
                tick: Callable[[], Any] | None = None):
    """:func:`label` as a generator: ``labels, count = yield from label_steps(...)``.

    Runs are found and mapped to labels in bands of about ``cells`` cells,
    and hooked together a round at a time; with ``tick`` it yields ``tick()``
    after each band and round (without, nothing), so a 1000x1000 map never
    holds the loop for long.  The result does not depend on the band size.

    >>> finish(label_steps(np.eye(3, dtype=bool), cells=3))[1]
    3
    """
    m = np.asarray(mask, dtype=bool)
    if m.ndim != 2:
        raise ValueError(f"label needs a 2-D mask, got shape {m.shape}")
    offsets(connectivity)  # validates it
    h, w = m.shape
    band = max(1, cells // max(w, 1))
    run_of = np.empty((h, w), dtype=np.int32)  # run index on True cells
    n_runs = 0
    us, vs = [], []
    for r0 in range(0, h, band):
        r1 = min(h, r0 + band)
        part = m[r0:r1]
        starts = part.copy()
        starts[:, 1:] &= ~part[:, :-1]
        run_of[r0:r1] = np.cumsum(starts.ravel(), dtype=np.int32).reshape(r1 - r0, w) + (n_runs - 1)
        n_runs += int(np.count_nonzero(starts))
        lo = max(r0 - 1, 0)  # the row pair across the band's top edge too
        u, v = _run_edges(m[lo:r1], run_of[lo:r1], connectivity)
        us.append(u)
        vs.append(v)
        if tick is not None:
            yield tick()
    if n_runs == 0:
        return np.zeros((h, w), dtype=np.int32), 0
    parent = yield from union_steps(np.arange(n_runs, dtype=np.int32), np.concatenate(us), np.concatenate(vs), tick)
    # Roots are each region's smallest run index, so sorted roots = row-major order.
    is_root = parent == np.arange(n_runs, dtype=np.int32)
    run_label = np.cumsum(is_root, dtype=np.int32)[parent]
    labels = np.empty((h, w), dtype=np.int32)
    for r0 in range(0, h, band):
        r1 = min(h, r0 + band)
        labels[r0:r1] = np.where(m[r0:r1], run_label[np.maximum(run_of[r0:r1], 0)], 0)
        if tick is not None:
            yield tick()
    return labels, int(np.count_nonzero(is_root))


def union_steps(parent: np.ndarray, u: np.ndarray, v: np.ndarray, tick: Callable[[], Any] | None = None):
    """Join items ``u[i]`` and ``v[i]``: ``parent = yield from union_steps(np.arange(n), u, v)``
    gives each item's root, the smallest item joined to it.

    Roots are hooked onto the smaller root, then paths halve (pointer jumping) until
    each item points at its root: O(log n) whole-array rounds, ``tick()`` between them.

    >>> finish(union_steps(np.arange(5), np.array([3, 1]), np.array([4, 3]))).tolist()
    [0, 1, 2, 1, 1]
    """
    while u.size:
        pu, pv = parent[u], parent[v]
        differ = pu != pv
        if not differ.any():
            break
        u, v, pu, pv = u[differ], v[differ], pu[differ], pv[differ]
        if tick is not None:
            yield tick()
        np.minimum.at(parent, np.maximum(pu, pv), np.minimum(pu, pv))
        while True:  # full path compression; each pass halves every path (a slice each)
            if tick is not None:
                yield tick()
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand
        if tick is not None:
            yield tick()
    return parent


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
    return finish(distance_map_steps(passable, sources, connectivity, work=1 << 62))


#: Work units charged per breadth-first level on top of 4 per cell expanded.
_LEVEL_COST = 1024
#: Frontier cells expanded per numpy pass within a level.
_CHUNK = 1 << 15
#: From this many frontier cells on, a level is expanded one direction at a time.
_BY_STEP = 1024


def distance_map_steps(passable: np.ndarray, sources, connectivity: int = 4,
                       work: int = 1 << 18, tick: Callable[[int], Any] | None = None):
    """:func:`distance_map` as a generator: ``dist = yield from distance_map_steps(...)``.

    Yields the number of cells reached so far each time about ``work`` units
    were spent (4 per cell expanded, a fixed charge per level and half a unit
    per cell for setting up: counted, never timed, so the slices are the same
    on every machine), then returns the distance map.  With ``tick`` it yields ``tick(reached)`` instead, so a
    generator relays its own events (``tick=lambda n: Progress(...)``).

    >>> gen = distance_map_steps(np.ones((1, 6), bool), [(0, 0)], work=1)
    >>> reached = list(gen)
    >>> reached[:3]
    [1, 2, 3]
    """
    p = np.asarray(passable, dtype=bool)
    h, w = p.shape
    idx = np.intp
    src = np.asarray(sources)
    src = src if src.dtype == bool else src.reshape(-1, 2).astype(idx)
    # A frame of one impassable cell keeps every neighbour in range; a grid whose
    # outer ring is impassable and holds no source (a walled map) needs none.
    pad = int(_on_ring(p, src))
    W = w + 2 * pad
    if pad:
        todo = np.zeros((h + 2, W), dtype=bool)   # passable and not reached yet
        todo[1:-1, 1:-1] = p
        todo = todo.ravel()
    else:
        todo = p.ravel().copy()
    dist = np.full((h + 2 * pad) * W, -1, dtype=np.int32)
    if src.dtype == bool:  # read back sorted and unique (np.unique sorted: 30 ms for 470k)
        if pad:
            seeded = np.zeros((h + 2, W), dtype=bool)
            seeded[1:-1, 1:-1] = src
            src = seeded
        frontier = np.flatnonzero(src)
    else:
        frontier = np.unique((src[:, 0] + pad) * W + (src[:, 1] + pad))
    dist[frontier] = 0
    todo[frontier] = False
    steps = np.array([dy * W + dx for dy, dx in offsets(connectivity)], dtype=idx)
    stamp = np.empty(dist.size, dtype=np.intp)  # only read where just written
    reached = int(frontier.size)
    spent = (h + 2) * (w + 2) // 2  # setting up touched every cell a few times
    if spent >= work:
        spent = 0
        yield reached if tick is None else tick(reached)
    chunk = min(_CHUNK, max(1024, work // 4))  # a budget under 4 * _CHUNK slices levels finer
    order_all = np.arange(8 * _BY_STEP, dtype=np.intp)
    d = 0
    steps_col = steps[:, None]
    while frontier.size:
        d += 1
        if frontier.size < _BY_STEP:  # the usual level (a cave's walk): one pass, no chunks
            spent += 4 * frontier.size + _LEVEL_COST
            nb = np.add(steps_col, frontier).ravel()   # direction-major: long inner loops
            nb = nb[todo[nb]]
            if not nb.size:
                break
            frontier, order_all = _unique_unsorted(nb, stamp, order_all)
            todo[frontier] = False
            dist[frontier] = d
            reached += frontier.size
            if spent >= work:
                spent = 0
                yield reached if tick is None else tick(reached)
            continue
        found = []
        # A level is expanded in chunks, so one huge frontier (every edge cell of
        # a big region) can be sliced too; each chunk's cells leave ``todo`` at
        # once, so later chunks never find them again.
        for c0 in range(0, frontier.size, chunk):
            part = frontier[c0:c0 + chunk]
            spent += 4 * part.size
            if part.size >= _BY_STEP:
                # One direction at a time: a cell found leaves ``todo`` at once, so no
                # later direction finds it again (no de-duplication: 1.7x faster).
                new = []
                for step in steps.tolist():
                    nb = part + step
                    nb = nb[todo[nb]]
                    todo[nb] = False
                    new.append(nb)
                nb = np.concatenate(new)
            else:  # a level's last few cells: all directions in one pass
                nb = np.add(steps_col, part).ravel()
                nb = nb[todo[nb]]
                if nb.size:
                    nb, order_all = _unique_unsorted(nb, stamp, order_all)
                    todo[nb] = False
            if nb.size:
                dist[nb] = d
                reached += int(nb.size)
                found.append(nb)
            if spent >= work and c0 + chunk < frontier.size:
                spent = 0
                yield reached if tick is None else tick(reached)
        spent += _LEVEL_COST
        if not found:
            break
        frontier = np.concatenate(found) if len(found) > 1 else found[0]
        if spent >= work:
            spent = 0
            yield reached if tick is None else tick(reached)
    return dist.reshape(h + 2, W)[1:-1, 1:-1].copy() if pad else dist.reshape(h, w)


def _unique_unsorted(nb: np.ndarray, stamp: np.ndarray, order_all: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``nb`` without repeats, unsorted (each cell's last writer in ``stamp`` wins); ``order_all`` grown."""
    if nb.size > order_all.size:
        order_all = np.arange(2 * nb.size, dtype=np.intp)
    order = order_all[:nb.size]
    stamp[nb] = order
    return nb[stamp[nb] == order], order_all


def _on_ring(passable: np.ndarray, sources: np.ndarray) -> bool:
    """Whether a passable cell or a source lies on the grid's outer ring."""
    if passable[0].any() or passable[-1].any() or passable[:, 0].any() or passable[:, -1].any():
        return True
    if sources.dtype == bool:
        return bool(sources[0].any() or sources[-1].any() or sources[:, 0].any() or sources[:, -1].any())
    h, w = passable.shape
    y, x = sources[:, 0], sources[:, 1]
    return bool(((y <= 0) | (y >= h - 1) | (x <= 0) | (x >= w - 1)).any())


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


__all__ += ["distinct_indices"]


def distinct_indices(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``k`` distinct random indices below ``n``, in random order, in O(k) (not O(n)) work.

    Rounds of uniform draws keep the indices not taken before (first
    occurrence wins); each round keeps at least half of what is still
    missing while ``k <= n / 2`` (spawn densities are at most 0.25 each), so
    the count of rounds is small and bounded; past the bound the rest comes
    from a permutation of what is left.  (``rng.choice(n, k, replace=False)``
    permutes all ``n`` once ``k`` is over 2% of it: 20 ms for a 2000x2000 cave;
    repeats are dropped by a scatter, not a sort.)

    >>> idx = distinct_indices(np.random.default_rng(0), 10, 4)
    >>> len(set(idx.tolist())), bool(idx.max() < 10)
    (4, True)
    """
    k = min(k, n)
    taken = np.zeros(n, dtype=bool)
    slot = np.empty(n, dtype=np.int32)        # read only where just written
    picked = []
    missing = k
    for _ in range(32):
        if missing == 0:
            break
        draws = rng.integers(0, n, size=missing + missing // 8 + 8)
        draws = draws[~taken[draws]]
        # First occurrences, in order, without sorting: each value's first position
        # is the minimum written to its slot (whatever order numpy writes in).
        order = np.arange(draws.size, dtype=np.int32)
        slot[draws] = draws.size
        np.minimum.at(slot, draws, order)
        fresh = draws[slot[draws] == order][:missing]
        taken[fresh] = True
        picked.append(fresh)
        missing -= fresh.size
    if missing:
        rest = np.flatnonzero(~taken)
        picked.append(rest[rng.permutation(rest.size)[:missing]])
    return np.concatenate(picked) if picked else np.zeros(0, dtype=np.int64)
