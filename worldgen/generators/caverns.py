"""Caverns: a labyrinth of submaps, cellular automata inside, gates joined by digging.

After RogueLike N7 (source ``002_ff8886b5662ccaa9.txt``).  Its five criteria
are the requirements: the start always reaches the exit; the exit is as far as
possible from the start; several paths, some to the exit and some not;
patterns that read as walls, corridors and rooms; big maps, none of it placed
by hand.  (Over 400 lines: five stages share one layout and one live preview;
splitting them would scatter the source's one algorithm.)

``submaps``
    The map is cut into a grid of submaps, each emptied and its four borders
    walled (two cells of wall between neighbours).  Remainders are shared
    out: submap columns are ``width // nx`` or one more wide, with ``nx =
    width // submap`` (at least 1), likewise rows.
``labyrinth``
    Randomized Prim's tree: the cheapest (random rank) wall between a reached
    and an unreached submap opens next, never a cycle (found as the minimum
    spanning tree by Boruvka rounds, :func:`_spanning_tree`).
    Opening a wall looks at each pair of cells facing each other across it
    (corners excluded): both open with probability ``gate``, else one of the
    two or none (a third of the rest each); if no pair opened both, one is
    forced.  A pair open on both sides is a *gate*.  Then ``loops`` (a
    fraction of the walls still closed, rounded up) more walls open the same
    way, so there are several paths.  A map of one submap (the source always
    has several) gets two *inner gates* mid-way along its two short sides.
``automata``
    Each interior is filled at random (wall with probability ``fill``) and
    the source's rule runs ``iterations`` times (:mod:`worldgen.toolkit.automaton`):
    a cell becomes wall if more than 4 walls lie within distance 1 (3x3 box, the
    cell included) or fewer than 3 within distance 2 (5x5 box), else floor;
    beyond the map counts as wall.  Borders and the cell just inside each
    gate are held fixed, so the labyrinth survives and every gate opens onto
    floor.  The loop stops early at a fixed point (nothing changed: every
    later iteration would give the same map).
``connected``
    Repair, a group of submap rows at a time: a submap's anchor is its
    largest interior cave (the source's "set" of reached cells).  A submap
    whose largest cave is smaller than its interior's shorter side is *rock*
    (a high ``fill``): its centre is carved and becomes the anchor, so its
    gates meet in the middle.  Every other gate component digs to the
    anchor along a shortest way through rock (:mod:`worldgen.toolkit.cavejoin`).
    (The source digs gate to gate; to the largest cave joins them as surely.)
    Digs never touch a border.  The start is a random cell of the start
    submap's anchor.  The floor is dressed with features (``features``,
    :mod:`worldgen.toolkit.features`), then floor the player cannot walk to from the
    start is shown as ``unreachable`` here and walled up in ``final``.
``final``
    The exit is the reachable cell farthest from the start on foot (ties:
    first in row-major order); ``stairs_up`` at the start, ``stairs_down`` at
    the exit.  Spawn points (``(k, 2)`` ``[x, y]``) are distinct random plain
    floor cells at least ``safe_radius`` steps from the start,
    ``round(density * eligible cells)`` each.

Steps are counted on foot by the game's movement rule, :data:`grid.WALK`
(8 directions): the exit, ``info["exit_distance"]``, ``safe_radius`` and the
pockets all use it; digs are 4-connected, walkable under any rule.  Every
long loop yields :class:`Progress` with a live preview.  What every legal
request keeps is checked by :mod:`worldgen.toolkit.promises` (``SPEC.promises``).

>>> from worldgen.core.registry import generate
>>> r = generate("caverns", "doc", 48, 32)
>>> list(r.stages)
['submaps', 'labyrinth', 'automata', 'connected', 'final']
>>> r.last.points["start"].shape, r.last.points["exit"].shape
((1, 2), (1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import DUNGEON_POINTS, GeneratorSpec, Progress, Stage, param, register
from worldgen.core.tiles import T
from worldgen.toolkit import cavejoin, features, grid, promises
from worldgen.toolkit.automaton import CaveAutomaton

__all__ = ["CavernParams", "Layout", "layout", "run", "SPEC"]


@dataclass(frozen=True)
class CavernParams:
    submap: int = param(16, 6, 64, "submap edge length in tiles (remainders are shared out)")
    gate: float = param(0.2, 0.0, 1.0, "chance that a cell pair across an opened wall opens on both sides")
    loops: float = param(0.1, 0.0, 1.0, "fraction of the walls left closed by the labyrinth opened as loops")
    fill: float = param(0.45, 0.0, 1.0, "initial wall chance inside each submap")
    iterations: int = param(100, 0, 400, "automaton iterations (stops early at a fixed point)")
    monsters: float = param(0.02, 0.0, 0.25, "monster spawn points per eligible floor tile")
    items: float = param(0.01, 0.0, 0.25, "item spawn points per eligible floor tile")
    safe_radius: int = param(10, 0, 200, "no spawn point within this many steps of the start"
                                         " (on foot, 8-way like the exit)")
    features: float = features.density_param()


# Work per yield at the largest sizes: bounded by counts, never by time.
_GROUP_CELLS = 1 << 17       # cells of submap rows joined (or filled) between progress events
_SCAN_CELLS = 1 << 20        # cells of a whole-map pass between progress events (big maps)
_OPEN_WALLS = 1 << 12        # labyrinth walls opened between progress events (big maps)


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


def _spanning_tree(g: Layout, rank: np.ndarray):
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
        parent = np.arange(n)
        u, v = group[g.a[new]], group[g.b[new]]
        while True:                              # union along the new walls
            pu, pv = parent[u], parent[v]
            if np.array_equal(pu, pv):
                break
            np.minimum.at(parent, np.maximum(pu, pv), np.minimum(pu, pv))
            while not np.array_equal(parent[parent], parent):
                parent = parent[parent]
        group = parent[group]
        yield opened
    return opened


def _pairs_of(g: Layout, walls: np.ndarray) -> np.ndarray:
    """Indices of every cell pair of the given walls."""
    counts = g.count[walls]
    starts = np.repeat(g.first[walls] - (np.cumsum(counts) - counts), counts)
    return starts + np.arange(int(counts.sum()), dtype=np.int64)


def _open_gates(g: Layout, gate: float, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every candidate pair's outcome, drawn up front for all walls.

    Returns ``(open_a, open_b, both)`` per pair.  Drawing them for every wall,
    opened or not, means the labyrinth's choices never change how a given
    wall looks.
    """
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
    return both | only_a, both | only_b, both


def inner_gates(width: int, height: int) -> np.ndarray:
    """A lone submap's two inner gates: flat interior cells mid-way along its short sides.

    >>> divmod(inner_gates(40, 20), 40)
    (array([10, 10]), array([ 1, 38]))
    """
    if width >= height:
        return np.array([(height // 2) * width + 1, (height // 2) * width + width - 2])
    return np.array([width + width // 2, (height - 2) * width + width // 2])


def run(seed: int, width: int, height: int, p: CavernParams):
    """Yield the caverns stages (see the module docstring)."""
    g = layout(width, height, p.submap)
    h, w = height, width
    n_sub, n_walls = g.n_submaps, g.a.size
    floor_id, wall_id = np.uint8(T.floor), np.uint8(T.wall)

    # -- submaps: every submap empty, its four borders walled.
    big = h * w > _SCAN_CELLS // 4          # split whole-map steps from 512x512 up
    if big:
        yield Progress("submaps", 0.5)
    wall = g.border.copy()
    live = np.add(wall.view(np.uint8), floor_id)   # the preview, updated in place (T.wall = T.floor + 1)
    yield Stage("submaps", live.copy(),
                info={"nx": g.nx, "ny": g.ny, "xs": g.xs.tolist(), "ys": g.ys.tolist()})

    # -- labyrinth over submaps, animated in chunks of opened walls.
    if big:
        _ = g.pair_b                     # the cell pairs of every wall: a step of their own
        yield Progress("labyrinth", 0.0, Stage("labyrinth", live))
    open_a, open_b, both = _open_gates(g, p.gate, seed)
    flat_wall, flat_live = wall.ravel(), live.ravel()
    yield Progress("labyrinth", 0.0, Stage("labyrinth", live))

    def open_walls(walls: np.ndarray) -> None:
        pairs = _pairs_of(g, walls)
        cells = np.concatenate([g.across(pairs[open_a[pairs]], -1), g.pair_b[pairs[open_b[pairs]]]])
        flat_wall[cells] = False
        flat_live[cells] = floor_id

    start_sub = int(seeding.rng(seed, "start submap").integers(n_sub))
    rank = seeding.rng(seed, "labyrinth").permutation(n_walls)
    rounds = _spanning_tree(g, rank)
    shown = 0
    while True:
        try:
            order = next(rounds)
        except StopIteration as stop:
            tree = stop.value
            break
        if big:                          # a round's search, then its walls in chunks
            yield Progress("labyrinth", 0.9 * shown / max(n_sub - 1, 1), Stage("labyrinth", live))
        for c0 in range(shown, order.size, _OPEN_WALLS if big else n_walls):
            open_walls(order[c0:c0 + (_OPEN_WALLS if big else n_walls)])
            done = min(order.size, c0 + _OPEN_WALLS) if big else order.size
            yield Progress("labyrinth", 0.9 * done / max(n_sub - 1, 1), Stage("labyrinth", live))
        shown = order.size
    open_walls(tree[shown:])
    closed = np.ones(n_walls, dtype=bool)
    closed[tree] = False
    closed = np.flatnonzero(closed)
    n_extra = int(np.ceil(p.loops * closed.size)) if p.loops > 0 else 0
    extra = np.sort(closed[seeding.rng(seed, "loops").permutation(closed.size)[:n_extra]])
    open_walls(extra)
    if big:
        yield Progress("labyrinth", 0.95, Stage("labyrinth", live))
    opened = np.zeros(n_walls, dtype=bool)
    opened[tree] = True
    opened[extra] = True
    gate_pair = np.flatnonzero(both & np.repeat(opened, g.count))
    gate_inner = np.concatenate([g.across(gate_pair, -2), g.across(gate_pair, 1)])  # (repeats: corners)
    if n_sub == 1:
        gate_inner = inner_gates(w, h)
    yield Stage("labyrinth", live.copy(),
                info={"start_submap": start_sub,
                      "tree": np.stack([g.a[tree], g.b[tree]], 1).reshape(-1, 2),
                      "extra": np.stack([g.a[extra], g.b[extra]], 1).reshape(-1, 2)})

    # -- automata: random fill, then the source's rule over the whole map.
    fixed = g.border.copy()              # borders and gate inner cells (read again in "connected")
    fixed.ravel()[gate_inner] = True
    del gate_inner
    fixed_wall = fixed & wall            # gate inner cells are floor, held so
    if big:
        yield Progress("automata", 0.0, Stage("automata", live))
    ca = CaveAutomaton((h, w))
    if big:
        yield Progress("automata", 0.0, Stage("automata", live))
    fill = seeding.rng(seed, "fill")
    rows = max(1, _GROUP_CELLS // w)
    for y0 in range(0, h, rows):         # one stream: chunks draw what one call would
        y1 = min(h, y0 + rows)
        init = fill.random((y1 - y0, w)) < p.fill
        init &= ~fixed[y0:y1]
        init |= fixed_wall[y0:y1]
        ca.set_rows(y0, init, ~fixed[y0:y1], fixed_wall[y0:y1])
        if y1 < h:
            yield Progress("automata", 0.0, Stage("automata", live))
    del wall, fixed_wall, init
    ca.show()
    yield Progress("automata", 0.0, Stage("automata", ca.shown))
    iterations_run = 0
    for it in range(p.iterations):
        iterations_run = it + 1
        if not ca.step():
            break                        # a fixed point: later iterations change nothing
        ca.show()
        yield Progress("automata", iterations_run / p.iterations, Stage("automata", ca.shown))
    floor = ca.floor_mask()
    live[...] = ca.shown
    del ca
    yield Stage("automata", live.copy(), info={"iterations_run": iterations_run})

    # -- connected: join every submap's gates, a group of submap rows at a time.
    dug = 0
    start = -1
    groups = cavejoin.row_groups(g, _GROUP_CELLS)
    for k, (y0, y1) in enumerate(groups):
        gate_inner = np.flatnonzero(np.greater(fixed[y0:y1], g.border[y0:y1]))   # sorted, relative
        shown = Progress("connected", 0.5 * (k + 0.5) / len(groups), Stage("connected", live))
        dug_cells, anchor_cells = yield from cavejoin.join_rows_steps(
            floor[y0:y1], g, y0, y1, gate_inner, seeding.rng(seed, "dig", k), start_sub, lambda: shown)
        dug += dug_cells.size
        if anchor_cells is not None:
            # The start: a random cell of the start submap's anchor component.
            start = int(anchor_cells[seeding.rng(seed, "start cell").integers(anchor_cells.size)]) + y0 * w
        flat_live[dug_cells + y0 * w] = floor_id
        yield Progress("connected", 0.5 * (k + 1) / len(groups), Stage("connected", live))
    sy, sx = divmod(start, w)
    keep = np.zeros((h, w), dtype=bool)  # (features can lengthen a walk: dressed before measuring)
    keep[sy, sx] = True
    dressed = yield from features.place(live, seed, keep, p.features, "connected", Stage("connected", live))
    n_floor = 0
    for y0 in range(0, h, max(1, _SCAN_CELLS // w)):   # features block the way
        rows = slice(y0, y0 + max(1, _SCAN_CELLS // w))
        floor[rows] &= ~np.take(features.IS_FEATURE, live[rows])   # (np.take: half the time of [])
        n_floor += int(np.count_nonzero(floor[rows]))
        yield Progress("connected", 0.5, Stage("connected", live))
    walk = grid.distance_map_steps(floor, [(sy, sx)], grid.WALK)
    while True:
        try:
            reached = next(walk)
        except StopIteration as stop:
            dist = stop.value
            break
        yield Progress("connected", 0.5 + 0.5 * reached / n_floor, Stage("connected", live))
    pockets = np.flatnonzero(floor & (dist < 0))     # few cells: kept as indices
    n_pockets = int(pockets.size)
    if big:
        yield Progress("connected", 1.0, Stage("connected", live))
    flat_live[pockets] = T.unreachable
    start_pt = grid.flat_to_points([start], w)
    yield Stage("connected", live.copy(), points={"start": start_pt},
                info={"dug": dug, "pockets": n_pockets})

    # -- final: pockets filled, stairs, spawn points.
    flat_live[pockets] = wall_id
    del pockets
    ey, ex = grid.farthest_cell(dist)
    exit_flat = ey * w + ex
    live[sy, sx] = T.stairs_up
    live[ey, ex] = T.stairs_down
    yield Progress("final", 0.3, Stage("final", live))
    flat_dist = dist.ravel()
    eligible, n_eligible = np.empty(n_floor, dtype=np.intp), 0     # filled slice by slice
    for c0 in range(0, flat_dist.size, _SCAN_CELLS):
        ok = flat_dist[c0:c0 + _SCAN_CELLS] >= max(p.safe_radius, 1)
        ok &= flat_live[c0:c0 + _SCAN_CELLS] == T.floor   # plain floor: not a trap, not the stairs
        part = np.flatnonzero(ok)
        np.add(part, c0, out=eligible[n_eligible:n_eligible + part.size])
        n_eligible += part.size
        yield Progress("final", 0.3 + 0.3 * min(1.0, (c0 + _SCAN_CELLS) / flat_dist.size), Stage("final", live))
    k_mon = int(np.floor(p.monsters * n_eligible + 0.5))
    k_item = int(np.floor(p.items * n_eligible + 0.5))
    chosen = eligible[grid.distinct_indices(seeding.rng(seed, "spawns"), n_eligible, k_mon + k_item)]
    del eligible
    if big:
        yield Progress("final", 0.8, Stage("final", live))
    monsters, items = chosen[:k_mon], chosen[k_mon:]
    points = {"start": start_pt, "exit": grid.flat_to_points([exit_flat], w),
              "monsters": grid.flat_to_points(np.sort(monsters), w),
              "items": grid.flat_to_points(np.sort(items), w)}
    yield Stage("final", live, points=points,
                info={"exit_distance": int(dist[ey, ex]), "floor": n_floor - n_pockets,
                      "dug": dug, "iterations_run": iterations_run, **dressed})



SPEC = register(GeneratorSpec(
    name="caverns",
    title="Caverns",
    summary="a labyrinth of submaps grown into caves by cellular automata; the exit is the farthest"
            " cell on foot (8-way)",
    stages=("submaps", "labyrinth", "automata", "connected", "final"),
    params=CavernParams,
    run=run,
    default_size=(96, 64),
    min_size=(16, 16),
    max_size=(2000, 2000),
    bench_sizes=((96, 64), (1000, 1000)),
    source="002_ff8886b5662ccaa9.txt",
    kind="dungeon",
    points=DUNGEON_POINTS,
    promises=promises.DUNGEON,
    terrains=(T.mountain, T.hills),
    colour=(120, 100, 90),
))
