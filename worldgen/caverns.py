"""Caverns: a labyrinth of submaps, cellular automata inside, gates joined by digging.

After RogueLike N7 (source ``002_ff8886b5662ccaa9.txt``).  Its five criteria
are the requirements: the start always reaches the exit; the exit is as far as
possible from the start; several paths, some to the exit and some not;
patterns that read as walls, corridors and rooms; big maps, none of it placed
by hand.

Stages, in order:

``submaps``
    The map is cut into a grid of submaps; every submap is emptied and its four
    borders walled.  Between two neighbouring submaps the wall is two cells
    thick (one border each).  When the map size is not a multiple of the
    submap size, the remainder is shared out: submap columns (rows) are
    ``width // nx`` or ``width // nx + 1`` wide, with ``nx = width // submap``
    (at least 1), so no margin is wasted and no submap is smaller than
    ``submap`` unless the whole map is.
``labyrinth``
    From the start submap, randomized Prim: repeatedly the cheapest (random
    rank) wall between a reached and an unreached submap is opened, never a
    cycle, until every submap is reached.  Opening a wall looks at each pair
    of cells facing each other across it (corner cells excluded): both open
    with probability ``gate``, else one of the two or none (each a third of
    the rest); if no pair opened both, one random pair is forced open.  A pair
    open on both sides is a *gate* pair.  Then ``loops`` (a fraction of the
    walls still closed, rounded up) more walls are opened the same way:
    loops, so there are several paths and some lead nowhere near the exit
    (a single row or column of submaps has no wall left to open).
``automata``
    Each submap interior is filled at random (wall with probability
    ``fill``; the source empties the submaps, so the randomness has to come
    from somewhere) and the source's rule runs ``iterations`` times over the
    whole map at once: a cell becomes wall if more than 4 walls lie within
    distance 1 (3x3 box, the cell included) or fewer than 3 within distance 2
    (5x5 box, the cell included), else floor; beyond the map edge counts as
    wall.  Submap borders (walls, gates
    and half-opened notches) and the cell just inside each gate are held
    fixed, so the labyrinth survives and every gate opens onto floor; a
    border cell is read as it is, so cells near a gate see its opening.  The
    loop stops early when an iteration changes nothing (a fixed point: every
    later iteration would give the same map, so the result is identical).
    A map that is one single submap has no gates to build on: if the
    automaton leaves under an eighth of it floor, the fill is drawn again (at
    most ``_FILL_ATTEMPTS`` fills, then the centre is carved).
``connected``
    Repair, one row of submaps at a time: each submap interior's floor is
    labelled; its largest component is the submap's anchor (the source's
    "set" of cells reached) and every gate component that is not the anchor
    digs toward it: from its cell nearest the anchor, the shortest way
    through rock (a breadth-first search from the anchor over the submap
    interior, then a walk downhill picking a random downhill neighbour per
    step), so every gate joins every other.  Digs never touch a border.  The
    start is a random cell of the start submap's anchor (the start submap is
    random).  Floor not reachable from the start (pockets the automaton cut
    off, notches in the borders) is shown as ``unreachable`` here and filled
    with wall in ``final`` (filled, not joined).
``final``
    Pockets filled; the exit is the reachable floor cell farthest from the
    start by walking distance (ties: first in row-major order);
    ``stairs_up`` at the start, ``stairs_down`` at the exit.  Spawn points for
    monsters and items (``(k, 2)`` ``[x, y]`` arrays) are distinct random
    reachable floor cells at least ``safe_radius`` steps from the start
    (never the start or the exit), ``round(density * eligible cells)`` each.

Movement, reachability and distances are 4-connected throughout (a map that
is 4-connected is also walkable by a game that allows diagonal steps).  Long
loops yield :class:`Progress` with a live preview: every automaton
iteration, chunks of the labyrinth, rows of submaps being joined, slices of
the final walk.

>>> from worldgen.registry import generate
>>> r = generate("caverns", "doc", 48, 32)
>>> list(r.stages)
['submaps', 'labyrinth', 'automata', 'connected', 'final']
>>> r.last.points["start"].shape, r.last.points["exit"].shape
((1, 2), (1, 2))
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np

from . import grid, seeding
from .registry import GeneratorSpec, Progress, Stage, param, register
from .tiles import T

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
    safe_radius: int = param(10, 0, 200, "no spawn point within this walking distance of the start")


# Work per yield at the largest sizes: bounded by counts, never by time.
_PRIM_CHUNK = 1024           # heap pops between labyrinth progress events
_GROUP_CELLS = 1 << 16       # cells of submap rows joined between progress events
_FILL_ATTEMPTS = 4           # fills tried for a one-submap map before carving its centre


@dataclass(frozen=True, eq=False)
class Layout:
    """The submap grid and every candidate wall between neighbouring submaps.

    ``xs``/``ys`` are the submap column/row edges (``nx + 1``/``ny + 1``
    values, first 0, last the map size); submap ``n`` is row ``n // nx``,
    column ``n % nx``.  Walls (edges of the submap graph) are numbered with
    the horizontal neighbours first: ``a[e]`` left of / above ``b[e]``.  Each
    wall has ``count[e]`` cell pairs starting at ``first[e]`` in the pair
    arrays: ``cell_a``/``cell_b`` are the facing border cells (flat indices),
    ``inner_a``/``inner_b`` the interior cells just behind them.
    """

    width: int
    height: int
    nx: int
    ny: int
    xs: np.ndarray
    ys: np.ndarray
    sub_of: np.ndarray   # (h, w) int32 submap id per cell
    border: np.ndarray   # (h, w) bool: the four borders of every submap
    a: np.ndarray
    b: np.ndarray
    first: np.ndarray
    count: np.ndarray
    pair_wall: np.ndarray
    cell_a: np.ndarray
    cell_b: np.ndarray
    inner_a: np.ndarray
    inner_b: np.ndarray

    @property
    def n_submaps(self) -> int:
        return self.nx * self.ny


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
    sub_of = (row[:, None] * nx + col[None, :]).astype(np.int32)
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
    n_h = jh.size
    pair_wall = np.repeat(np.arange(a.size), count)
    k = np.arange(pair_wall.size) - first[pair_wall]          # position along the wall
    horiz = pair_wall < n_h
    e_h = pair_wall[horiz]
    e_v = pair_wall[~horiz] - n_h
    y_h = ys[jh[e_h]] + 1 + k[horiz]
    x_h = xs[ih[e_h] + 1]                                     # first column of the right submap
    y_v = ys[jv[e_v] + 1]                                     # first row of the lower submap
    x_v = xs[iv[e_v]] + 1 + k[~horiz]
    cell_a = np.empty(pair_wall.size, dtype=np.int64)
    cell_b = np.empty_like(cell_a)
    inner_a = np.empty_like(cell_a)
    inner_b = np.empty_like(cell_a)
    cell_a[horiz], cell_b[horiz] = y_h * width + x_h - 1, y_h * width + x_h
    inner_a[horiz], inner_b[horiz] = y_h * width + x_h - 2, y_h * width + x_h + 1
    cell_a[~horiz], cell_b[~horiz] = (y_v - 1) * width + x_v, y_v * width + x_v
    inner_a[~horiz], inner_b[~horiz] = (y_v - 2) * width + x_v, (y_v + 1) * width + x_v
    return Layout(width, height, nx, ny, xs, ys, sub_of, border, a, b, first, count,
                  pair_wall, cell_a, cell_b, inner_a, inner_b)


def _prim(g: Layout, start: int, rank: np.ndarray):
    """Randomized Prim over the submap graph: returns the tree's walls in opening order.

    Every wall has a distinct random ``rank``; the cheapest wall between a
    reached and an unreached submap opens next.  Yields the (growing) order
    list once the adjacency is built and then every ``_PRIM_CHUNK`` heap pops.
    """
    n, m = g.n_submaps, g.a.size
    ends = np.concatenate([g.a, g.b])
    order = np.argsort(ends, kind="stable")
    walls = np.concatenate([np.arange(m), np.arange(m)])[order]
    others = np.concatenate([g.b, g.a])[order]
    bounds = np.concatenate([[0], np.cumsum(np.bincount(ends, minlength=n))]).tolist()
    ranks, walls, others = rank[walls].tolist(), walls.tolist(), others.tolist()
    tree: list[int] = []
    yield tree
    reached = bytearray(n)
    reached[start] = 1
    heap = [(ranks[k], walls[k], others[k]) for k in range(bounds[start], bounds[start + 1])]
    heapq.heapify(heap)
    pops = 0
    while heap:
        _, e, v = heapq.heappop(heap)
        pops += 1
        if pops % _PRIM_CHUNK == 0:
            yield tree
        if reached[v]:
            continue
        reached[v] = 1
        tree.append(e)
        for k in range(bounds[v], bounds[v + 1]):
            if not reached[others[k]]:
                heapq.heappush(heap, (ranks[k], walls[k], others[k]))
    return np.array(tree, dtype=np.int64)


def _pairs_of(g: Layout, walls: np.ndarray) -> np.ndarray:
    """Indices of every cell pair of the given walls."""
    counts = g.count[walls]
    starts = np.repeat(g.first[walls] - (np.cumsum(counts) - counts), counts)
    return starts + np.arange(int(counts.sum()), dtype=np.int64)


def _floor_tiles(wall: np.ndarray) -> np.ndarray:
    return np.where(wall, np.uint8(T.wall), np.uint8(T.floor))


def _dig_to_anchors(floor: np.ndarray, comp: np.ndarray, passable: np.ndarray,
                    anchor_mask: np.ndarray, targets: np.ndarray,
                    rng: np.random.Generator) -> int:
    """Join every ``targets`` component to the anchors by the shortest digs.

    A breadth-first search from every anchor cell over ``passable`` (walls
    included: digging is walking through rock) gives each cell its distance to
    the nearest anchor.  From each target component's nearest cell a tracer
    walks downhill to distance 0, a random downhill neighbour per step, all
    tracers at once; every cell it steps on becomes floor.  Regions of
    ``passable`` never touch each other across submaps, so every submap digs
    toward its own anchor.  Returns the number of cells turned to floor.
    """
    h, w = floor.shape
    dist = grid.distance_map(passable, anchor_mask, 4).ravel()
    is_target = np.zeros(int(comp.max()) + 1, dtype=bool)
    is_target[targets] = True
    flat_comp = comp.ravel()
    cells = np.flatnonzero(is_target[flat_comp])
    order = np.lexsort((cells, dist[cells], flat_comp[cells]))
    cells = cells[order]
    head = np.r_[True, flat_comp[cells[1:]] != flat_comp[cells[:-1]]]
    cur = cells[head]                       # each target's cell nearest an anchor
    d = dist[cur].astype(np.int64)
    steps = np.array([-w, 1, w, -1], dtype=np.int64)
    if not floor.flags.c_contiguous:
        raise ValueError("floor must be C-contiguous (it is dug through a flat view)")
    flat_floor = floor.reshape(-1)
    dug = 0
    turn = np.arange(4)
    for _ in range(h * w):                  # bounded: distances only shrink
        walking = np.flatnonzero(d > 0)
        if walking.size == 0:
            break
        nb = cur[walking, None] + steps[None, :]
        downhill = dist[nb] == (d[walking] - 1)[:, None]
        pick = (rng.integers(0, 4, size=walking.size)[:, None] + turn[None, :]) % 4
        first = np.argmax(np.take_along_axis(downhill, pick, 1), axis=1)
        rows = np.arange(walking.size)
        cur[walking] = nb[rows, pick[rows, first]]
        d[walking] -= 1
        dug += int(np.count_nonzero(~flat_floor[cur[walking]]))
        flat_floor[cur[walking]] = True
    return dug


def _automaton_step(wall: np.ndarray, free: np.ndarray, fixed_wall: np.ndarray) -> np.ndarray:
    """One iteration of the source's rule; cells outside ``free`` take ``fixed_wall``.

    A cell becomes wall if more than 4 walls lie within distance 1 (the 3x3
    box, the cell included) or fewer than 3 within distance 2 (the 5x5 box);
    beyond the map counts as wall.
    """
    near = grid.neighbour_count(wall, 1, include_centre=True, outside=True)
    far = grid.neighbour_count(wall, 2, include_centre=True, outside=True)
    new = near > 4
    new |= far < 3
    new &= free
    new |= fixed_wall
    return new


def _open_gates(g: Layout, gate: float, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every candidate pair's outcome, drawn up front for all walls.

    Returns ``(open_a, open_b, both)`` per pair.  Drawing them for every wall,
    opened or not, means the labyrinth's choices never change how a given
    wall looks.
    """
    rng = seeding.rng(seed, "gates")
    u = rng.random(g.pair_wall.size)
    forced = g.first + rng.integers(0, np.maximum(g.count, 1))
    rest = (1.0 - gate) / 3.0
    both = u < gate
    only_a = (u >= gate) & (u < gate + rest)
    only_b = (u >= gate + rest) & (u < gate + 2.0 * rest)
    no_both = np.bincount(g.pair_wall[both], minlength=g.a.size) == 0
    fix = forced[no_both & (g.count > 0)]
    both[fix], only_a[fix], only_b[fix] = True, False, False
    return both | only_a, both | only_b, both


def _join_band(floor: np.ndarray, interior: np.ndarray, sub_of: np.ndarray,
               gate_inner: np.ndarray, n_sub: int, rng: np.random.Generator):
    """Join every submap's gates inside one band of whole submap rows.

    ``gate_inner`` holds the band's gate inner cells (flat, band-relative);
    ``floor`` (a view of the band) is dug in place.  Returns the band's
    interior component labels (before digging), each submap's anchor label
    (0: no interior floor) and the number of cells dug.
    """
    comp, n_comp = grid.label(floor & interior, 4)
    flat_comp = comp.ravel()
    size = np.bincount(flat_comp, minlength=n_comp + 1)
    comp_sub = np.zeros(n_comp + 1, dtype=np.int64)
    comp_sub[flat_comp] = sub_of.ravel()          # label 0's entry is meaningless
    # Each submap's anchor: its largest interior component (ties: the first).
    labels = np.arange(1, n_comp + 1)
    order = labels[np.lexsort((labels, -size[1:], comp_sub[1:]))]
    first = np.ones(order.size, dtype=bool)
    first[1:] = comp_sub[order[1:]] != comp_sub[order[:-1]]
    head = order[first]
    anchor = np.zeros(n_sub, dtype=np.int64)
    anchor[comp_sub[head]] = head
    # Every other gate component digs its way to its submap's anchor.
    gcomp = flat_comp[gate_inner]
    targets = np.unique(gcomp[gcomp != anchor[comp_sub[gcomp]]])
    dug = 0
    if targets.size:
        needy = np.zeros(n_sub, dtype=bool)
        needy[comp_sub[targets]] = True
        region = interior & needy[sub_of]
        anchor_mask = region & (comp == anchor[sub_of])
        dug = _dig_to_anchors(floor, comp, region, anchor_mask, targets, rng)
    return comp, anchor, dug


def run(seed: int, width: int, height: int, p: CavernParams):
    """Yield the caverns stages (see the module docstring)."""
    g = layout(width, height, p.submap)
    h, w = height, width
    n_sub, n_walls = g.n_submaps, g.a.size
    floor_id, wall_id = np.uint8(T.floor), np.uint8(T.wall)

    # -- submaps: every submap empty, its four borders walled.
    wall = g.border.copy()
    live = _floor_tiles(wall)            # the preview, updated in place
    yield Stage("submaps", live.copy(),
                info={"nx": g.nx, "ny": g.ny, "xs": g.xs.tolist(), "ys": g.ys.tolist()})

    # -- labyrinth over submaps, animated in chunks of opened walls.
    open_a, open_b, both = _open_gates(g, p.gate, seed)
    flat_wall, flat_live = wall.ravel(), live.ravel()
    yield Progress("labyrinth", 0.0, Stage("labyrinth", live))

    def open_walls(walls: np.ndarray) -> None:
        pairs = _pairs_of(g, walls)
        cells = np.concatenate([g.cell_a[pairs[open_a[pairs]]], g.cell_b[pairs[open_b[pairs]]]])
        flat_wall[cells] = False
        flat_live[cells] = floor_id

    start_sub = int(seeding.rng(seed, "start submap").integers(n_sub))
    rank = seeding.rng(seed, "labyrinth").permutation(n_walls)
    prim = _prim(g, start_sub, rank)
    shown = 0
    while True:
        try:
            order = next(prim)
        except StopIteration as stop:
            tree = stop.value
            break
        open_walls(np.array(order[shown:], dtype=np.int64))
        shown = len(order)
        yield Progress("labyrinth", 0.9 * shown / max(n_sub - 1, 1), Stage("labyrinth", live))
    open_walls(tree[shown:])
    closed = np.ones(n_walls, dtype=bool)
    closed[tree] = False
    closed = np.flatnonzero(closed)
    n_extra = int(np.ceil(p.loops * closed.size)) if p.loops > 0 else 0
    extra = np.sort(closed[seeding.rng(seed, "loops").permutation(closed.size)[:n_extra]])
    open_walls(extra)
    opened = np.zeros(n_walls, dtype=bool)
    opened[tree] = True
    opened[extra] = True
    gate_pair = both & opened[g.pair_wall]
    gate_inner = np.unique(np.concatenate([g.inner_a[gate_pair], g.inner_b[gate_pair]]))
    yield Stage("labyrinth", live.copy(),
                info={"start_submap": start_sub,
                      "tree": np.stack([g.a[tree], g.b[tree]], 1).reshape(-1, 2),
                      "extra": np.stack([g.a[extra], g.b[extra]], 1).reshape(-1, 2)})

    # -- automata: random fill, then the source's rule over the whole map.
    fixed = g.border.copy()
    fixed.ravel()[gate_inner] = True
    fixed_wall = fixed & wall            # gate inner cells are floor, held so
    free = ~fixed
    fixed_count = int(np.count_nonzero(fixed_wall))
    for attempt in range(_FILL_ATTEMPTS):
        labels = ("fill",) if attempt == 0 else ("fill", attempt)
        init = seeding.rng(seed, *labels).random((h, w)) < p.fill
        wall = (init & free) | fixed_wall
        np.add(wall, floor_id, out=live)     # T.wall == T.floor + 1 (asserted below)
        yield Progress("automata", 0.0, Stage("automata", live))
        iterations_run = 0
        for it in range(p.iterations):
            new = _automaton_step(wall, free, fixed_wall)
            iterations_run = it + 1
            if np.array_equal(new, wall):
                break                        # a fixed point: later iterations change nothing
            wall = new
            np.add(wall, floor_id, out=live)
            yield Progress("automata", iterations_run / p.iterations, Stage("automata", live))
        # Gates always leave floor to build on; a lone submap has none, so a
        # fill the automaton turns (almost) all to rock is drawn again.
        if n_sub > 1 or 8 * (h * w - int(np.count_nonzero(wall))) >= h * w - fixed_count:
            break
    floor = ~wall
    yield Stage("automata", live.copy(), info={"iterations_run": iterations_run})

    # -- connected: join every submap's gates, one row of submaps at a time.
    interior = ~g.border
    gate_row = g.sub_of.ravel()[gate_inner] // g.nx
    dug = 0
    start = -1
    pending = 0
    for j in range(g.ny):
        y0, y1 = int(g.ys[j]), int(g.ys[j + 1])
        band = floor[y0:y1]
        comp, anchor, n_dug = _join_band(band, interior[y0:y1], g.sub_of[y0:y1],
                                         gate_inner[gate_row == j] - y0 * w, n_sub,
                                         seeding.rng(seed, "dig", j))
        dug += n_dug
        if j == start_sub // g.nx:
            # The start: a random cell of the start submap's anchor component.
            if anchor[start_sub] > 0:
                cand = np.flatnonzero(comp.ravel() == anchor[start_sub]) + y0 * w
            else:  # no gates and all walled (a one-submap map): carve its centre
                i = start_sub % g.nx
                cy, cx = (y0 + y1) // 2, (g.xs[i] + g.xs[i + 1]) // 2
                floor[cy, cx] = True
                cand = np.array([cy * w + cx])
                dug += 1
            start = int(cand[seeding.rng(seed, "start cell").integers(cand.size)])
        live[y0:y1] = np.where(band, floor_id, wall_id)
        pending += (y1 - y0) * w
        if pending >= _GROUP_CELLS or j == g.ny - 1:
            pending = 0
            yield Progress("connected", 0.5 * (j + 1) / g.ny, Stage("connected", live))
    sy, sx = divmod(start, w)
    n_floor = int(np.count_nonzero(floor))
    walk = grid.distance_map_steps(floor, [(sy, sx)], 4)
    while True:
        try:
            reached = next(walk)
        except StopIteration as stop:
            dist = stop.value
            break
        yield Progress("connected", 0.5 + 0.5 * reached / n_floor, Stage("connected", live))
    reach = dist >= 0
    pockets = floor & ~reach
    live[pockets] = T.unreachable
    start_pt = grid.flat_to_points([start], w)
    yield Stage("connected", live.copy(), points={"start": start_pt},
                info={"dug": dug, "pockets": int(np.count_nonzero(pockets))})

    # -- final: pockets filled, stairs, spawn points.
    ey, ex = grid.farthest_cell(dist)
    exit_flat = ey * w + ex
    live[pockets] = wall_id
    live[sy, sx] = T.stairs_up
    live[ey, ex] = T.stairs_down
    eligible = np.flatnonzero(dist.ravel() >= max(p.safe_radius, 1))
    eligible = eligible[eligible != exit_flat]
    k_mon = int(np.floor(p.monsters * eligible.size + 0.5))
    k_item = int(np.floor(p.items * eligible.size + 0.5))
    monsters, items = grid.pick_cells(seeding.rng(seed, "spawns"), eligible, (k_mon, k_item))
    points = {"start": start_pt, "exit": grid.flat_to_points([exit_flat], w),
              "monsters": grid.flat_to_points(np.sort(monsters), w),
              "items": grid.flat_to_points(np.sort(items), w)}
    yield Stage("final", live, points=points,
                info={"exit_distance": int(dist[ey, ex]), "floor": int(np.count_nonzero(reach)),
                      "dug": dug, "iterations_run": iterations_run})


assert T.wall == T.floor + 1, "the automaton preview adds T.floor to a 0/1 wall array"


SPEC = register(GeneratorSpec(
    name="caverns",
    title="Caverns",
    summary="a labyrinth of submaps grown into caves by cellular automata; the exit is the farthest cell",
    stages=("submaps", "labyrinth", "automata", "connected", "final"),
    params=CavernParams,
    run=run,
    default_size=(96, 64),
    min_size=(16, 16),
    max_size=(2000, 2000),
    bench_sizes=((96, 64), (1000, 1000)),
    source="002_ff8886b5662ccaa9.txt",
))
