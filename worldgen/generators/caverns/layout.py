"""The caverns' submap grid and its walls: the geometry every stage reads
(:class:`Layout`), the labyrinth's spanning tree over the submaps, and the
gates drawn for every wall (:class:`Gates`).  Pure geometry and seeded draws:
no stage, no progress."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from worldgen.core import seeding
from worldgen.core.steps import finish
from worldgen.toolkit import grid

__all__ = ["Layout", "layout", "Gates", "spanning_tree", "inner_gates"]


@dataclass(frozen=True, eq=False)
class Layout:
    """The submap grid and every candidate wall between neighbouring submaps.

    ``xs``/``ys`` are the submap column/row edges (``nx + 1``/``ny + 1``
    values, first 0, last the map size); submap ``n`` is row ``n // nx``,
    column ``n % nx``.  Walls (edges of the submap graph) are numbered with
    the horizontal neighbours first: ``a[e]`` left of / above ``b[e]``.  Each
    wall has ``count[e]`` cell pairs starting at ``first[e]`` in the pair
    arrays: ``cell_a``/``cell_b`` are the facing border cells (flat indices),
    ``inner_a``/``inner_b`` the interior cells just behind them.  The
    generator reads only ``pair_b`` (``cell_b``) whole and the others for
    the pairs it needs (:meth:`across`).
    """

    width: int
    height: int
    nx: int
    ny: int
    xs: np.ndarray
    ys: np.ndarray
    row_of: np.ndarray   # (h,) submap row of each map row
    col_of: np.ndarray   # (w,) submap column of each map column
    border: np.ndarray   # (h, w) bool: the four borders of every submap
    a: np.ndarray
    b: np.ndarray
    first: np.ndarray
    count: np.ndarray

    @cached_property
    def pair_b(self) -> np.ndarray:
        """``cell_b`` of every pair, made on first use (a step of its own); see :meth:`across`."""
        return _pair_cells(self)

    def across(self, pairs: np.ndarray, k: int) -> np.ndarray:
        """The cells ``k`` steps on across the wall from ``cell_b`` of ``pairs``:
        -1 ``cell_a``, -2 ``inner_a``, +1 ``inner_b`` (one step is 1 or ``width``)."""
        step = np.where(pairs < self.n_pairs_h, k, k * self.width)
        return self.pair_b[pairs] + step

    @property
    def n_pairs_h(self) -> int:
        """Pairs of the horizontal neighbours' walls (they come first)."""
        return int(self.count[:(self.nx - 1) * self.ny].sum())

    @cached_property
    def pairs(self) -> tuple[np.ndarray, ...]:
        """``(pair_wall, cell_a, cell_b, inner_a, inner_b)`` (whole arrays, for tests and tools)."""
        every = np.arange(self.pair_b.size)
        return (np.repeat(np.arange(self.a.size), self.count), self.across(every, -1), self.pair_b,
                self.across(every, -2), self.across(every, 1))

    pair_wall = property(lambda self: self.pairs[0])
    cell_a = property(lambda self: self.pairs[1])
    cell_b = property(lambda self: self.pairs[2])
    inner_a = property(lambda self: self.pairs[3])
    inner_b = property(lambda self: self.pairs[4])

    @property
    def n_submaps(self) -> int:
        return self.nx * self.ny

    def submaps_of_rows(self, y0: int, y1: int) -> np.ndarray:
        """``(y1 - y0, w)`` int32 submap id of every cell of map rows ``y0..y1``."""
        return (self.row_of[y0:y1, None] * self.nx + self.col_of[None, :]).astype(np.int32)

    @cached_property
    def sub_of(self) -> np.ndarray:
        """``(h, w)`` int32 submap id per cell (made on first use: 16 MB at 2000x2000)."""
        return self.submaps_of_rows(0, self.height)

    def centres(self) -> np.ndarray:
        """Flat index of every submap's centre cell (always interior: submaps are >= 6 wide)."""
        cy = (self.ys[:-1] + self.ys[1:]) // 2
        cx = (self.xs[:-1] + self.xs[1:]) // 2
        return (cy[:, None] * self.width + cx[None, :]).ravel()

    def short_sides(self) -> np.ndarray:
        """Each submap interior's shorter side, in cells."""
        return (np.minimum(np.diff(self.ys)[:, None], np.diff(self.xs)[None, :]) - 2).ravel()


def _edges_1d(size: int, submap: int) -> np.ndarray:
    n = max(1, size // submap)
    return (np.arange(n + 1, dtype=np.int64) * size) // n


def layout(width: int, height: int, submap: int) -> Layout:
    """The submap grid for a map; pure geometry, no randomness.

    >>> g = layout(40, 20, 16)
    >>> g.xs.tolist(), g.ys.tolist(), int(g.count.sum())
    ([0, 20, 40], [0, 20], 18)
    """
    xs, ys = _edges_1d(width, submap), _edges_1d(height, submap)
    nx, ny = xs.size - 1, ys.size - 1
    col = np.repeat(np.arange(nx), np.diff(xs))
    row = np.repeat(np.arange(ny), np.diff(ys))
    on_x = np.zeros(width, dtype=bool)
    on_x[xs[:-1]] = True
    on_x[xs[1:] - 1] = True
    on_y = np.zeros(height, dtype=bool)
    on_y[ys[:-1]] = True
    on_y[ys[1:] - 1] = True
    border = on_y[:, None] | on_x[None, :]

    # Horizontal neighbours (j, i) | (j, i + 1): pairs along the interior rows.
    jh, ih = np.meshgrid(np.arange(ny), np.arange(nx - 1), indexing="ij")
    jh, ih = jh.ravel(), ih.ravel()
    cnt_h = (ys[jh + 1] - ys[jh] - 2)
    # Vertical neighbours (j, i) over (j + 1, i): pairs along the interior columns.
    jv, iv = np.meshgrid(np.arange(ny - 1), np.arange(nx), indexing="ij")
    jv, iv = jv.ravel(), iv.ravel()
    cnt_v = (xs[iv + 1] - xs[iv] - 2)
    a = np.concatenate([jh * nx + ih, jv * nx + iv])
    b = np.concatenate([jh * nx + ih + 1, (jv + 1) * nx + iv])
    count = np.concatenate([cnt_h, cnt_v]).astype(np.int64)
    first = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int64)
    return Layout(width, height, nx, ny, xs, ys, row, col, border, a, b, first, count)


def _pair_cells(g: Layout) -> np.ndarray:
    """``cell_b`` of every pair (see :class:`Layout`), built by broadcasting.

    The pairs of the horizontal walls of submap row ``j`` are its interior
    rows at each wall's column, wall by wall; those of the vertical walls
    under it are the map's interior columns in order, on the row below.
    """
    w, xs, ys, nx, ny = g.width, g.xs, g.ys, g.nx, g.ny
    across_h = [(xs[1:nx, None] + np.arange(ys[j] + 1, ys[j + 1] - 1)[None, :] * w).ravel() for j in range(ny)]
    inner_x = np.ones(w, dtype=bool)
    inner_x[xs[:-1]] = False
    inner_x[xs[1:] - 1] = False
    across_v = (ys[1:ny, None] * w + np.flatnonzero(inner_x)[None, :]).ravel()
    return np.concatenate(across_h + [across_v]).astype(np.intp, copy=False)


def spanning_tree(g: Layout, rank: np.ndarray):
    """The walls randomized Prim would open: the minimum spanning tree under ``rank``.

    Ranks are distinct, so the tree is unique and Prim from any start finds
    it; Boruvka rounds find it as whole arrays: every group of joined submaps
    opens its cheapest wall to another group, groups merge (roots hooked onto
    the smaller root, then pointer jumping), until one is left.  At most
    log2(submaps) rounds, where Prim's heap loop was Python per wall.  A
    generator: yields the walls opened so far after each round, returns them.
    """
    n, m = g.n_submaps, g.a.size
    group = np.arange(n)
    wall_of_rank = np.empty(m, dtype=np.int64)
    wall_of_rank[rank] = np.arange(m)
    opened = np.zeros(0, dtype=np.int64)
    for _ in range(64):                          # bounded: each round at least halves the groups
        ga, gb = group[g.a], group[g.b]
        cross = np.flatnonzero(ga != gb)
        if cross.size == 0:
            break
        best = np.full(n, m, dtype=np.int64)
        np.minimum.at(best, ga[cross], rank[cross])
        np.minimum.at(best, gb[cross], rank[cross])
        new = wall_of_rank[np.unique(best[best < m])]
        opened = np.concatenate([opened, new])
        parent = finish(grid.union_steps(np.arange(n), group[g.a[new]], group[g.b[new]]))  # along the new walls
        group = parent[group]
        yield opened
    return opened


def _pairs_of(g: Layout, walls: np.ndarray) -> np.ndarray:
    """Indices of every cell pair of the given walls."""
    counts = g.count[walls]
    starts = np.repeat(g.first[walls] - (np.cumsum(counts) - counts), counts)
    return starts + np.arange(int(counts.sum()), dtype=np.int64)


class Gates:
    """Every candidate pair's outcome, drawn up front for all walls, and the
    opening of walls by them.

    Per pair: ``open_a``/``open_b`` whether its cell on each side opens,
    ``both`` whether both do (a *gate*).  Drawing them for every wall,
    opened or not, means the labyrinth's choices never change how a given
    wall looks.
    """

    def __init__(self, g: Layout, gate: float, seed: int) -> None:
        rng = seeding.rng(seed, "gates")
        u = rng.random(g.pair_b.size)
        forced = g.first + rng.integers(0, np.maximum(g.count, 1))
        rest = (1.0 - gate) / 3.0
        both = u < gate
        only_a = (u >= gate) & (u < gate + rest)
        only_b = (u >= gate + rest) & (u < gate + 2.0 * rest)
        # (every wall has pairs: submaps are at least 6 cells, so 4 interior cells, wide)
        no_both = ~np.logical_or.reduceat(both, g.first) if g.a.size else np.zeros(0, dtype=bool)
        fix = forced[no_both]
        both[fix], only_a[fix], only_b[fix] = True, False, False
        self.g = g
        self.open_a, self.open_b, self.both = both | only_a, both | only_b, both

    def open(self, walls: np.ndarray, wall: np.ndarray, tiles: np.ndarray, floor_id: int) -> None:
        """Open ``walls``: their pairs' open cells leave the ``wall`` mask and
        become ``floor_id`` in ``tiles`` (both flat, in place)."""
        g = self.g
        pairs = _pairs_of(g, walls)
        cells = np.concatenate([g.across(pairs[self.open_a[pairs]], -1), g.pair_b[pairs[self.open_b[pairs]]]])
        wall[cells] = False
        tiles[cells] = floor_id

    def inner_cells(self, opened: np.ndarray) -> np.ndarray:
        """The interior cells just behind both sides of every gate of the
        ``opened`` walls (flat; repeats where gates meet at corners)."""
        g = self.g
        gate_pair = np.flatnonzero(self.both & np.repeat(opened, g.count))
        return np.concatenate([g.across(gate_pair, -2), g.across(gate_pair, 1)])


def inner_gates(width: int, height: int) -> np.ndarray:
    """A lone submap's two inner gates: flat interior cells mid-way along its short sides.

    >>> divmod(inner_gates(40, 20), 40)
    (array([10, 10]), array([ 1, 38]))
    """
    if width >= height:
        return np.array([(height // 2) * width + 1, (height // 2) * width + width - 2])
    return np.array([width + width // 2, (height - 2) * width + width // 2])
