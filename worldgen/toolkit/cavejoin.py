"""The caverns' repair: every submap's gates joined to its largest cave.

:mod:`worldgen.generators.caverns` runs this for its ``connected`` stage, one group of
whole submap rows at a time (:func:`row_groups`); this module holds only the
work on one group (:func:`join_rows`).  In a group:

* a submap's *anchor* is its largest interior 4-connected component (ties:
  the first in row-major order); a submap whose anchor is smaller than its
  interior's shorter side is *rock*: its centre is carved and the
  component holding it becomes the anchor;
* every other component holding a gate inner cell (a *target*) digs to its
  submap's anchor: a breadth-first search (4-connected, rock included) from
  the anchors of the submaps that need it gives each cell its distance to
  the nearest anchor; from each target's cell nearest an anchor (ties: the
  first in row-major order) a tracer walks downhill to distance 0, a random
  downhill neighbour per step, all tracers at once, and every cell it steps
  on becomes floor.

How it stays at a few passes over the group's cells: components are found
on horizontal runs of interior floor (far fewer than cells; submap borders
split every run, so a run and a component lie in one submap), joined by
hooking roots onto the smaller root, and never written out as a per-cell
label map: sizes are run lengths summed per root, a gate's component is
the root of its run, a rock centre merges with its neighbours' roots, the
search starts from the anchors' runs (its first level by whole-row shifts)
and a submap's part of it stops at the level where its last target is
reached.  The tracers' order and draws follow the targets' order, first
cell in row-major order (a component's root is its first run).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from worldgen.core.steps import finish
from . import grid

__all__ = ["row_groups", "join_rows", "join_rows_steps", "union_runs"]


def row_groups(g, cells: int) -> list[tuple[int, int]]:
    """Map row ranges of consecutive submap rows of layout ``g``, about ``cells`` cells each.

    >>> from worldgen.generators.caverns import layout
    >>> row_groups(layout(40, 64, 16), 40 * 30)
    [(0, 32), (32, 64)]
    """
    groups, y0 = [], 0
    for j in range(g.ny):
        y1 = int(g.ys[j + 1])
        if (y1 - y0) * g.width >= cells or j == g.ny - 1:
            groups.append((y0, y1))
            y0 = y1
    return groups


def union_runs(n: int, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Each of ``n`` items' root, the smallest item joined to it by the pairs
    ``(u, v)`` (:func:`worldgen.toolkit.grid.union_steps`, run through).

    >>> union_runs(5, np.array([3, 1]), np.array([4, 3])).tolist()
    [0, 1, 2, 1, 1]
    """
    intp = np.intp  # (numpy indexes with it as it is)
    return finish(grid.union_steps(np.arange(n, dtype=intp), u.astype(intp, copy=False), v.astype(intp, copy=False)))


#: ``_FIRST_DOWNHILL[16 * r + bits]``: the first of the directions r, r + 1, ...
#: (mod 4) whose bit is set in ``bits`` (0 if none: a tracer always has one).
_FIRST_DOWNHILL = np.array([next(((r + j) % 4 for j in range(4) if bits >> ((r + j) % 4) & 1), 0)
                            for r in range(4) for bits in range(16)], dtype=np.intp)

def _cells_of_runs(start: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Every cell of the given runs, run after run (flat, ascending within a run)."""
    total = int(length.sum())
    if total == 0:
        return np.zeros(0, dtype=np.intp)
    offset = np.repeat(start - (np.cumsum(length) - length), length)
    return offset + np.arange(total, dtype=np.intp)


def join_rows(floor: np.ndarray, g, y0: int, y1: int, gate_inner: np.ndarray,
              rng: np.random.Generator, start_sub: int = -1) -> tuple[np.ndarray, np.ndarray | None]:
    """Join every submap's gates in map rows ``y0..y1`` (whole submap rows of layout ``g``).

    ``floor`` is the C-contiguous view of those rows, dug in place;
    ``gate_inner`` holds their gate inner cells (flat, relative to ``y0``,
    floor).  Returns ``(dug, start_cells)``: the cells turned to floor
    (flat, relative, unique) and, when submap ``start_sub`` lies in these
    rows, its anchor's cells before digging (flat, relative, row-major),
    else None.  :func:`join_rows_steps` is the same work in two slices.
    """
    return finish(join_rows_steps(floor, g, y0, y1, gate_inner, rng, start_sub))


def join_rows_steps(floor: np.ndarray, g, y0: int, y1: int, gate_inner: np.ndarray,
                    rng: np.random.Generator, start_sub: int = -1, tick: Callable[[], Any] | None = None):
    """:func:`join_rows` as a generator: it yields ``tick()`` (None without one) once,
    between finding the components and digging, and returns what it returns."""
    h, w = floor.shape
    if h != y1 - y0 or not floor.flags.c_contiguous:
        raise ValueError("floor must be the C-contiguous rows y0..y1")
    n = h * w
    flat = floor.reshape(-1)
    border = g.border[y0:y1].reshape(-1)
    m = np.greater(flat, border)                 # interior floor
    # -- runs: 1-based ids (0: none); every row starts and ends on a border cell.
    is_start = np.empty(n, dtype=bool)
    is_start[0] = m[0]
    np.greater(m[1:], m[:-1], out=is_start[1:])
    run_start = np.flatnonzero(is_start)
    run_len = np.flatnonzero(np.greater(m[:-1], m[1:])) + 1 - run_start   # (3x faster than add.reduceat)
    n_runs = run_start.size
    rid = np.cumsum(is_start, dtype=np.int32)   # a run cell's run id
    del is_start
    # -- components: runs touching across rows, the first column of each stretch.
    touch = m[:-w] & m[w:]
    first = np.empty_like(touch)
    first[0] = touch[0]
    np.greater(touch[1:], touch[:-1], out=first[1:])
    top = np.flatnonzero(first)
    del touch, first
    root = union_runs(n_runs + 1, rid[top], rid[top + w])
    # -- anchors: the largest component per submap (ties: the smaller root, the first).
    j0 = int(g.row_of[y0])
    nx, n_local = g.nx, (int(g.row_of[y1 - 1]) + 1 - j0) * g.nx
    run_sub = np.zeros(n_runs + 1, dtype=np.intp)
    run_sub[1:] = (g.row_of[y0 + run_start // w] - j0) * nx + g.col_of[run_start % w]
    size = np.zeros(n_runs + 1, dtype=np.int64)
    size[1:] = np.bincount(root[1:], weights=run_len, minlength=n_runs + 1)[1:]
    roots = np.flatnonzero(root == np.arange(n_runs + 1))[1:]
    scale = n_runs + 2
    best = np.zeros(n_local, dtype=np.int64)
    np.maximum.at(best, run_sub[roots], size[roots] * scale + (scale - 1 - roots))
    anchor = np.where(best > 0, scale - 1 - best % scale, 0)
    jr = j0 + np.arange(n_local) // nx
    ir = np.arange(n_local) % nx
    ys, xs = g.ys, g.xs
    short = np.minimum(ys[jr + 1] - ys[jr], xs[ir + 1] - xs[ir]) - 2
    rock = np.flatnonzero(best // scale < short)
    carved = np.zeros(0, dtype=np.intp)
    if rock.size:
        # A rock submap's centre: floor, in the component of its floor neighbours.
        centre = ((ys[jr[rock]] + ys[jr[rock] + 1]) // 2 - y0) * w + (xs[ir[rock]] + xs[ir[rock] + 1]) // 2
        was = m[centre]
        anchor[rock[was]] = root[rid[centre[was]]]
        carved = centre[~was]
        if carved.size:
            new = np.arange(n_runs + 1, n_runs + 1 + carved.size, dtype=np.int32)
            nbs = carved[:, None] + np.array([-w, -1, 1, w])
            open_nb = m[nbs]
            remap = np.arange(n_runs + 1 + carved.size, dtype=np.int32)
            remap[root[rid[nbs[open_nb]]]] = np.broadcast_to(new[:, None], nbs.shape)[open_nb]
            root = remap[np.concatenate([root, new])]
            run_sub = np.concatenate([run_sub, rock[~was]])
            anchor[rock[~was]] = new
            flat[carved] = True
            m[carved] = True
            rid[carved] = new
    start_cells = None
    if 0 <= start_sub - j0 * nx < n_local:
        a = anchor[start_sub - j0 * nx]
        mine = np.flatnonzero(root[1:n_runs + 1] == a)
        start_cells = _cells_of_runs(run_start[mine], run_len[mine])
        if a > n_runs:                          # a carved centre's component
            start_cells = np.sort(np.concatenate([start_cells, carved[a - n_runs - 1:a - n_runs]]))
    # -- targets: gate components that are not their submap's anchor.
    gcomp = root[rid[gate_inner]]
    targets = np.unique(gcomp[gcomp != anchor[run_sub[gcomp]]])
    if targets.size == 0:
        return carved, start_cells
    yield None if tick is None else tick()
    row_sub = (g.row_of[y0:y1] - j0) * nx       # a cell's submap: row_sub[y] + col_sub[x]
    dug = _dig(flat, root, run_start, run_len, n_runs, carved, border, anchor,
               run_sub, targets, row_sub, g.col_of, rng)
    return np.unique(np.concatenate([carved, dug])), start_cells


def _dig(flat, root, run_start, run_len, n_runs, carved, border, anchor, run_sub, targets,
         row_sub, col_sub, rng):
    """Dig every target to its submap's anchor (module doc); the cells turned to floor."""
    n, w = flat.size, col_sub.size
    needy = np.zeros(anchor.size, dtype=bool)
    needy[run_sub[targets]] = True
    is_source = np.zeros(root.size, dtype=bool)
    is_source[anchor[needy]] = True
    runs = np.flatnonzero(is_source[root[1:n_runs + 1]])
    source = _cells_of_runs(run_start[runs], run_len[runs])
    if carved.size:
        source = np.concatenate([source, carved[is_source[n_runs + 1:]]])
    todo = ~border                              # interior cells not reached yet
    todo[source] = False
    dist = np.full(n, -1, dtype=np.int16)
    dist[source] = 0
    target_of = np.full(root.size, -1, dtype=np.intp)
    target_of[targets] = np.arange(targets.size)
    level = np.zeros(targets.size, dtype=np.int64)
    start = np.full(targets.size, n, dtype=np.intp)
    left = targets.size
    pending = np.bincount(run_sub[targets], minlength=anchor.size)   # targets not reached, per submap
    tgt = np.full(n, -1, dtype=np.intp)         # the target each cell belongs to, if any
    runs = np.flatnonzero(target_of[root[1:n_runs + 1]] >= 0)
    tgt[_cells_of_runs(run_start[runs], run_len[runs])] = np.repeat(target_of[root[runs + 1]], run_len[runs])
    # Level 1 by whole-row shifts: the anchors are big, and expanding each of
    # their cells (most with no new neighbour) was most of the search.
    seen = np.zeros(n, dtype=bool)
    seen[source] = True
    ring = np.zeros(n, dtype=bool)
    ring[1:] = seen[:-1]
    ring[:-1] |= seen[1:]
    ring[w:] |= seen[:-w]
    ring[:-w] |= seen[w:]
    ring &= todo
    np.greater(todo, ring, out=todo)
    frontier, d = np.flatnonzero(ring), 1
    del seen, ring
    while True:
        dist[frontier] = d
        t = tgt[frontier]
        hit = t >= 0
        if hit.any():
            cells, t = frontier[hit], t[hit]
            now = level[t] == 0
            if now.any():
                cells, t = cells[now], t[now]
                reached = np.unique(t)
                left -= reached.size
                level[t] = d
                np.minimum.at(start, t, cells)
                subs = run_sub[targets[reached]]
                np.subtract.at(pending, subs, 1)
                if left and not pending[subs].all():
                    # A submap whose targets are all reached searches no further.
                    y, x = np.divmod(frontier, w)
                    frontier = frontier[pending[row_sub[y] + col_sub[x]] > 0]
        if not left or not frontier.size:
            break
        d += 1
        found = []
        for step in (-w, -1, 1, w):
            nb = frontier + step
            nb = nb[todo[nb]]
            todo[nb] = False
            found.append(nb)
        frontier = np.concatenate(found)
    if left:
        raise AssertionError("a target has no way to its anchor")  # interiors are rectangles
    # -- tracers, in the targets' order: a random downhill neighbour per step.
    # A tracer draws r in 0..3 and takes the first downhill direction of
    # r, r + 1, ... (mod 4) in the order up, right, down, left: a table
    # from r and the 4 downhill bits.
    # (The draws of every step in one call: the same stream as a call per step.)
    steps = np.array([-w, 1, w, -1], dtype=np.intp)
    cur, d = start, level
    draws = rng.integers(0, 4, size=int(d.sum())) * 16
    used = 0
    dug = []
    for _ in range(int(d.max())):
        walking = np.flatnonzero(d > 0)
        if walking.size == 0:
            break
        here = cur[walking]
        downhill = dist[here[:, None] + steps] == (d[walking] - 1)[:, None]
        bits = np.packbits(downhill, axis=1, bitorder="little")[:, 0]
        way = _FIRST_DOWNHILL[draws[used:used + walking.size] + bits]
        used += walking.size
        here += steps[way]
        cur[walking] = here
        d[walking] -= 1
        step_cells = here
        step_cells = step_cells[~flat[step_cells]]
        flat[step_cells] = True
        dug.append(step_cells)
    return np.concatenate(dug) if dug else np.zeros(0, dtype=np.intp)
