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
    group = _Group(floor, g, y0, y1)
    start_cells = group.start_cells(start_sub)
    targets = group.targets(gate_inner)
    if targets.size == 0:
        return group.carved, start_cells
    yield None if tick is None else tick()
    dug = group.dig(targets, rng)
    return np.unique(np.concatenate([group.carved, dug])), start_cells


class _Group:
    """A group of whole submap rows (map rows ``y0..y1`` of layout ``g``) as
    :func:`join_rows` sees it: its interior floor as horizontal runs (1-based
    ids, 0: none), their components (``root`` per run: the component's first
    run) and each submap's anchor component, rock submaps carved.  ``flat`` is
    the group's floor, dug in place."""

    def __init__(self, floor: np.ndarray, g, y0: int, y1: int) -> None:
        h, w = floor.shape
        if h != y1 - y0 or not floor.flags.c_contiguous:
            raise ValueError("floor must be the C-contiguous rows y0..y1")
        self.g, self.y0, self.y1, self.w = g, y0, y1, w
        self.flat = floor.reshape(-1)
        self.border = g.border[y0:y1].reshape(-1)
        self.m = np.greater(self.flat, self.border)      # interior floor
        self.j0 = int(g.row_of[y0])                       # the group's first submap row
        self.n_local = (int(g.row_of[y1 - 1]) + 1 - self.j0) * g.nx
        self._find_runs()
        self.root = union_runs(self.n_runs + 1, *self._touching_runs())
        self._find_anchors()

    def _find_runs(self) -> None:
        """Runs of interior floor: every row starts and ends on a border cell."""
        m, n = self.m, self.m.size
        is_start = np.empty(n, dtype=bool)
        is_start[0] = m[0]
        np.greater(m[1:], m[:-1], out=is_start[1:])
        self.run_start = np.flatnonzero(is_start)
        self.run_len = np.flatnonzero(np.greater(m[:-1], m[1:])) + 1 - self.run_start   # (3x faster than add.reduceat)
        self.n_runs = self.run_start.size
        self.rid = np.cumsum(is_start, dtype=np.int32)   # a run cell's run id

    def _touching_runs(self) -> tuple[np.ndarray, np.ndarray]:
        """Pairs of runs touching across rows: the first column of each stretch."""
        m, w = self.m, self.w
        touch = m[:-w] & m[w:]
        first = np.empty_like(touch)
        first[0] = touch[0]
        np.greater(touch[1:], touch[:-1], out=first[1:])
        top = np.flatnonzero(first)
        return self.rid[top], self.rid[top + w]

    def _find_anchors(self) -> None:
        """Each submap's anchor: its largest component (ties: the smaller root,
        the first); a rock submap (anchor smaller than its interior's shorter
        side) gets its centre carved instead."""
        g, n_runs, root, w = self.g, self.n_runs, self.root, self.w
        self.run_sub = np.zeros(n_runs + 1, dtype=np.intp)
        self.run_sub[1:] = (g.row_of[self.y0 + self.run_start // w] - self.j0) * g.nx + g.col_of[self.run_start % w]
        size = np.zeros(n_runs + 1, dtype=np.int64)
        size[1:] = np.bincount(root[1:], weights=self.run_len, minlength=n_runs + 1)[1:]
        roots = np.flatnonzero(root == np.arange(n_runs + 1))[1:]
        scale = n_runs + 2
        best = np.zeros(self.n_local, dtype=np.int64)
        np.maximum.at(best, self.run_sub[roots], size[roots] * scale + (scale - 1 - roots))
        self.anchor = np.where(best > 0, scale - 1 - best % scale, 0)
        jr = self.j0 + np.arange(self.n_local) // g.nx
        ir = np.arange(self.n_local) % g.nx
        short = np.minimum(g.ys[jr + 1] - g.ys[jr], g.xs[ir + 1] - g.xs[ir]) - 2
        rock = np.flatnonzero(best // scale < short)
        centre = ((g.ys[jr[rock]] + g.ys[jr[rock] + 1]) // 2 - self.y0) * w + (g.xs[ir[rock]] + g.xs[ir[rock] + 1]) // 2
        self.carved = self._carve(rock, centre)

    def _carve(self, rock: np.ndarray, centre: np.ndarray) -> np.ndarray:
        """Make each rock submap's centre floor, in the component of its floor
        neighbours (a new component when it was rock); returns the cells carved."""
        n_runs, m, w = self.n_runs, self.m, self.w
        was = m[centre]
        self.anchor[rock[was]] = self.root[self.rid[centre[was]]]
        carved = centre[~was]
        if carved.size:
            new = np.arange(n_runs + 1, n_runs + 1 + carved.size, dtype=np.int32)
            nbs = carved[:, None] + np.array([-w, -1, 1, w])
            open_nb = m[nbs]
            remap = np.arange(n_runs + 1 + carved.size, dtype=np.int32)
            remap[self.root[self.rid[nbs[open_nb]]]] = np.broadcast_to(new[:, None], nbs.shape)[open_nb]
            self.root = remap[np.concatenate([self.root, new])]
            self.run_sub = np.concatenate([self.run_sub, rock[~was]])
            self.anchor[rock[~was]] = new
            self.flat[carved] = True
            m[carved] = True
            self.rid[carved] = new
        return carved

    def _cells_of(self, runs: np.ndarray) -> np.ndarray:
        """Every cell of the given runs (0-based run indices), run after run."""
        return _cells_of_runs(self.run_start[runs], self.run_len[runs])

    def start_cells(self, start_sub: int) -> np.ndarray | None:
        """Submap ``start_sub``'s anchor cells (flat, relative, row-major), None
        when that submap is not in the group."""
        local = start_sub - self.j0 * self.g.nx
        if not 0 <= local < self.n_local:
            return None
        a, n_runs = self.anchor[local], self.n_runs
        cells = self._cells_of(np.flatnonzero(self.root[1:n_runs + 1] == a))
        if a > n_runs:                          # a carved centre's component
            cells = np.sort(np.concatenate([cells, self.carved[a - n_runs - 1:a - n_runs]]))
        return cells

    def targets(self, gate_inner: np.ndarray) -> np.ndarray:
        """Components (roots) holding a gate inner cell that are not their submap's anchor."""
        gcomp = self.root[self.rid[gate_inner]]
        return np.unique(gcomp[gcomp != self.anchor[self.run_sub[gcomp]]])

    def dig(self, targets: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Dig every target to its submap's anchor (module doc); the cells turned to floor."""
        dist, start, level = self._search(targets)
        return self._trace(dist, start, level, rng)

    def _sources(self, targets: np.ndarray) -> np.ndarray:
        """The cells of the anchors of every submap holding a target."""
        needy = np.zeros(self.anchor.size, dtype=bool)
        needy[self.run_sub[targets]] = True
        is_source = np.zeros(self.root.size, dtype=bool)
        is_source[self.anchor[needy]] = True
        source = self._cells_of(np.flatnonzero(is_source[self.root[1:self.n_runs + 1]]))
        if self.carved.size:
            source = np.concatenate([source, self.carved[is_source[self.n_runs + 1:]]])
        return source

    def _target_cells(self, targets: np.ndarray) -> np.ndarray:
        """Per cell, the index in ``targets`` of the component holding it (-1: none)."""
        target_of = np.full(self.root.size, -1, dtype=np.intp)
        target_of[targets] = np.arange(targets.size)
        runs = np.flatnonzero(target_of[self.root[1:self.n_runs + 1]] >= 0)
        tgt = np.full(self.flat.size, -1, dtype=np.intp)
        tgt[self._cells_of(runs)] = np.repeat(target_of[self.root[runs + 1]], self.run_len[runs])
        return tgt

    def _search(self, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Breadth-first distances from the anchors (4-connected, rock included)
        until every target is reached: ``(dist, each target's first cell
        reached, its distance)``.  A submap whose targets are all reached
        searches no further."""
        n, w = self.flat.size, self.w
        source = self._sources(targets)
        todo = ~self.border                      # interior cells not reached yet
        todo[source] = False
        dist = np.full(n, -1, dtype=np.int16)
        dist[source] = 0
        tgt = self._target_cells(targets)
        level = np.zeros(targets.size, dtype=np.int64)
        start = np.full(targets.size, n, dtype=np.intp)
        pending = np.bincount(self.run_sub[targets], minlength=self.anchor.size)   # targets not reached, per submap
        frontier, d, left = _first_ring(source, todo, w), 1, targets.size
        row_sub, col_sub = self.row_sub, self.g.col_of
        while True:
            dist[frontier] = d
            t = tgt[frontier]
            hit = t >= 0
            cells, t = frontier[hit], t[hit]
            now = level[t] == 0
            if now.any():
                cells, t = cells[now], t[now]
                reached = np.unique(t)
                left -= reached.size
                level[t] = d
                np.minimum.at(start, t, cells)
                subs = self.run_sub[targets[reached]]
                np.subtract.at(pending, subs, 1)
                if left and not pending[subs].all():
                    y, x = np.divmod(frontier, w)
                    frontier = frontier[pending[row_sub[y] + col_sub[x]] > 0]
            if not left or not frontier.size:
                break
            d += 1
            frontier = _expand(frontier, todo, (-w, -1, 1, w))
        if left:
            raise AssertionError("a target has no way to its anchor")  # interiors are rectangles
        return dist, start, level

    @property
    def row_sub(self) -> np.ndarray:
        """A cell's submap is ``row_sub[y] + col_of[x]`` (relative to the group)."""
        return (self.g.row_of[self.y0:self.y1] - self.j0) * self.g.nx

    def _trace(self, dist: np.ndarray, start: np.ndarray, level: np.ndarray,
               rng: np.random.Generator) -> np.ndarray:
        """Tracers, in the targets' order, walk downhill from each target's
        ``start`` to distance 0, a random downhill neighbour per step, digging
        what they step on; returns the cells dug.

        A tracer draws r in 0..3 and takes the first downhill direction of
        r, r + 1, ... (mod 4) in the order up, right, down, left: a table
        from r and the 4 downhill bits.  (The draws of every step in one
        call: the same stream as a call per step.)"""
        w, flat = self.w, self.flat
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
            step_cells = here[~flat[here]]
            flat[step_cells] = True
            dug.append(step_cells)
        return np.concatenate(dug) if dug else np.zeros(0, dtype=np.intp)


def _first_ring(source: np.ndarray, todo: np.ndarray, w: int) -> np.ndarray:
    """The cells one step from ``source`` still ``todo`` (taken out of it), by
    whole-row shifts: the anchors are big, and expanding each of their cells
    (most with no new neighbour) was most of the search."""
    seen = np.zeros(todo.size, dtype=bool)
    seen[source] = True
    ring = np.zeros(todo.size, dtype=bool)
    ring[1:] = seen[:-1]
    ring[:-1] |= seen[1:]
    ring[w:] |= seen[:-w]
    ring[:-w] |= seen[w:]
    ring &= todo
    np.greater(todo, ring, out=todo)
    return np.flatnonzero(ring)


def _expand(frontier: np.ndarray, todo: np.ndarray, steps: tuple[int, ...]) -> np.ndarray:
    """The cells one step from ``frontier`` still ``todo`` (taken out of it), direction by direction."""
    found = []
    for step in steps:
        nb = frontier + step
        nb = nb[todo[nb]]
        todo[nb] = False
        found.append(nb)
    return np.concatenate(found)
