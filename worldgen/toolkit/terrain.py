"""Terrain that plays, put on a dungeon map before its exit is chosen: pools
(a lake of deep water ringed by shallows, a chasm, a meadow of brush ringed
by grass), bridges where a pool would cut a way, and doors at chokepoints.
The game gives them their rules (``game/rules/content/terrain.py``).

A pool grows from a centre on plain ground (:data:`GROUND`) as a ragged
blob of cells at most ``radius`` steps away, inside the centre's *region*
(a caverns submap, a room, a mosaic area: the generator says, by a
``region`` function) and never within a cell of ``keep`` (the start).  All
its work is inside a window of ``radius + 2`` cells round the centre, so a
pool costs the same on any map and a big map pays per pool, not per cell.

**Reachability.**  A pool never cuts a way.  Its blocking cells (deep water,
chasm) lie inside the window, off its outer ring, so any walk that crosses
the window enters and leaves it on cells the pool left alone.  Inside the
window, every piece of walkable ground that was one region before (by the
generator's ``connectivity``) must still be one after; where the pool
split it, a bridge is laid across the pool on the shortest line (4-way
steps, so it serves 8-way walkers too) between the pieces.  So whatever
was reachable stays reachable, whatever the map (``tests/test_terrain.py``
checks it on random maps, and the sweep on every generator).

Pool centres and door cells are found by probing random cells (a bounded
number of tries each), never by a pass over the whole map.

>>> import numpy as np
>>> from worldgen.core.tiles import T
>>> tiles = np.full((20, 30), T.floor, np.uint8); tiles[[0, -1], :] = T.wall; tiles[:, [0, -1]] = T.wall
>>> from worldgen.core.steps import finish
>>> info = finish(pools(tiles, np.random.default_rng(3), [("lake", 1), ("meadow", 1)], np.zeros(tiles.shape, bool)))
>>> info["lake"], info["meadow"], bool((tiles == T.deep_water).any()), bool((tiles == T.grass).any())
(1, 1, True, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from worldgen.core.registry import Progress, Stage, param
from worldgen.core.tiles import WALKABLE, T
from . import grid

__all__ = ["PoolKind", "POOLS", "GROUND", "pools", "none_laid", "doors", "Region", "plan", "amount_param", "PROBES",
           "POOLS_PER_STEP"]

#: Plain ground a pool or a door may take.
GROUND = (T.floor, T.ground)
_IS_GROUND = np.zeros(256, dtype=bool)
_IS_GROUND[list(GROUND)] = True
_WALKABLE = np.zeros(256, dtype=bool)
_WALKABLE[:len(WALKABLE)] = WALKABLE
#: Random cells tried for each pool centre or door before giving up on it.
PROBES = 40
#: Pools laid between two Progress events (one: a pool is about a millisecond of work).
POOLS_PER_STEP = 1


class PoolKind(NamedTuple):
    """A pool: its ``core`` tile (the inner cells), its ``rim`` (the outer
    cells: the core's tile when None), radius range, whether the core blocks
    a walker (then bridges keep the ways), and the share of a meadow's
    inner cells that are core."""

    core: int
    rim: int | None
    radius: tuple[int, int]
    blocks: bool
    core_share: float = 1.0


#: The pool kinds, by name: what generators ask :func:`pools` for.
POOLS: dict[str, PoolKind] = {
    "lake": PoolKind(T.deep_water, T.shallow_water, (2, 5), True),
    "chasm": PoolKind(T.chasm, None, (2, 4), True),
    "meadow": PoolKind(T.brush, T.grass, (2, 5), False, 0.6),
}

#: ``region(y0, y1, x0, x1, cy, cx)``: which cells of the window ``[y0:y1, x0:x1]``
#: are in the same region as the centre ``(cy, cx)`` (a bool array of the window's shape).
Region = Callable[[int, int, int, int, int, int], np.ndarray]


def amount_param(what: str) -> float:
    """A generator's parameter for one kind of terrain: how many per 1000 map
    tiles, 0 (none) by default: the bare algorithm is the source's, and the
    game asks for terrain by each site's theme (``game/rules/content/themes.py``)."""
    return param(0.0, 0.0, 10.0, f"{what} per 1000 map tiles (worldgen.toolkit.terrain): 0 none")


def plan(amounts: dict[str, float], floor: int, most: int | None = None) -> list[tuple[str, int]]:
    """``[(kind, count)]`` for a map of ``floor`` tiles and ``amounts`` in
    pools per 1000 of them (rounded to the nearest); with ``most``, at most
    that many in all, each count cut in proportion (rounded down: the
    generators' work budget, :mod:`worldgen.toolkit.terrain_work`).

    >>> plan({"lake": 1.0, "chasm": 0.0, "meadow": 2.4}, 1000)
    [('lake', 1), ('meadow', 2)]
    >>> plan({"lake": 10.0, "meadow": 5.0}, 4000, most=30)
    [('lake', 20), ('meadow', 10)]
    """
    out = []
    for kind, rate in amounts.items():
        n = int(rate * floor / 1000.0 + 0.5)
        if n > 0:
            out.append((kind, n))
    total = sum(n for _, n in out)
    if most is not None and total > most:
        out = [(kind, n * most // total) for kind, n in out if n * most // total > 0]
    return out


def none_laid() -> dict[str, int]:
    """What :func:`pools` reports when it lays nothing: 0 of each kind, 0 bridges.

    >>> none_laid()["bridges"], sorted(none_laid()) == sorted([*POOLS, "bridges"])
    (0, True)
    """
    return {kind: 0 for kind in POOLS} | {"bridges": 0}


def pools(tiles: np.ndarray, rng: np.random.Generator, wanted: Sequence[tuple[str, int]], keep: np.ndarray,
          region: Region | None = None, connectivity: int = 8, budget: int | None = None,
          stage: str = "final", shown: Stage | None = None) -> Iterator[Progress]:
    """``info = yield from pools(...)``: lay the pools ``wanted`` (kind, count)
    on ``tiles`` (changed in place); ``info`` counts each kind laid and the
    ``bridges`` cells.  ``budget``: blocking cells laid at most (None: no cap).
    Yields ``Progress(stage, ...)`` every :data:`POOLS_PER_STEP` pools."""
    info = none_laid()
    total = sum(n for _, n in wanted) or 1
    done = 0
    blocked = 0
    for kind_name, count in wanted:
        kind = POOLS[kind_name]
        for _ in range(count):
            done += 1
            if done % POOLS_PER_STEP == 0:
                yield Progress(stage, done / total, shown)
            if kind.blocks and budget is not None and blocked >= budget:
                continue
            laid = _one_pool(tiles, rng, kind, keep, region, connectivity)
            if laid is None:
                continue
            cells, bridges = laid
            info[kind_name] += 1
            info["bridges"] += bridges
            if kind.blocks:
                blocked += cells
    return info


def _probe(tiles: np.ndarray, rng: np.random.Generator, keep: np.ndarray, margin: int) -> tuple[int, int] | None:
    """A random ground cell at least ``margin`` cells from the edge whose 3x3
    is ground and clear of ``keep`` (:data:`PROBES` tries), else None."""
    h, w = tiles.shape
    if h <= 2 * margin or w <= 2 * margin:
        return None
    ys = rng.integers(margin, h - margin, PROBES)
    xs = rng.integers(margin, w - margin, PROBES)
    # Every probe's 3x3 at once (a crowded map fails most of them: one box
    # at a time cost 40 small numpy calls a pool that found no centre).
    cells = (ys * w + xs)[:, None] + _box_offsets(w)
    ok = _IS_GROUND[tiles.take(cells)].all(axis=1) & ~keep.take(cells).any(axis=1)
    first = int(ok.argmax())
    return (int(ys[first]), int(xs[first])) if ok[first] else None


@lru_cache(maxsize=8)
def _box_offsets(w: int) -> np.ndarray:
    """Flat offsets of a cell's 3x3 box on a map ``w`` wide (read-only)."""
    offs = np.array([dy * w + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)], dtype=np.intp)
    offs.flags.writeable = False
    return offs


def _one_pool(tiles: np.ndarray, rng: np.random.Generator, kind: PoolKind, keep: np.ndarray,
              region: Region | None, connectivity: int) -> tuple[int, int] | None:
    """One pool of ``kind``: ``(blocking cells laid, bridge cells)``, or None
    when no centre was found or the blob came out empty."""
    centre = _probe(tiles, rng, keep, 2)
    if centre is None:
        return None
    cy, cx = centre
    r = int(rng.integers(kind.radius[0], kind.radius[1] + 1))
    h, w = tiles.shape
    y0, y1, x0, x1 = max(0, cy - r - 2), min(h, cy + r + 3), max(0, cx - r - 2), min(w, cx + r + 3)
    win = tiles[y0:y1, x0:x1]
    allowed = _IS_GROUND[win] & ~grid.dilate(keep[y0:y1, x0:x1])
    if region is not None:
        allowed &= region(y0, y1, x0, x1, cy, cx)
    allowed[[0, -1], :] = False  # never the window's outer ring: walks across it stay whole
    allowed[:, [0, -1]] = False
    dist = _bfs(allowed, [(cy - y0, cx - x0)], 8)
    jitter = rng.integers(0, 2, win.shape)
    blob = (dist >= 0) & (dist + jitter <= r)
    if not blob.any():
        return None
    inner = grid.erode(blob | ~allowed) & blob  # cells with no ground outside the blob around them
    if kind.rim is None:
        core = blob
    else:
        core = inner & (rng.random(win.shape) < kind.core_share)
    bridges = 0
    if kind.blocks and core.any():
        before = _WALKABLE[win]
        core, bridge = _keep_ways(before, core, connectivity)
        bridges = int(np.count_nonzero(bridge))
        if kind.rim is not None:
            win[blob & ~core] = kind.rim
        win[core] = kind.core
        win[bridge] = T.bridge
        return int(np.count_nonzero(core)), bridges
    if kind.rim is not None:
        win[blob] = kind.rim
    win[core] = kind.core
    return 0, 0


def _keep_ways(before: np.ndarray, core: np.ndarray, connectivity: int) -> tuple[np.ndarray, np.ndarray]:
    """``(core, bridge)``: ``core`` less the cells that become a bridge, so that
    every region of ``before`` (walkable cells of the window) stays one region
    once the core blocks it."""
    labels, _ = grid.label(before, connectivity)
    bridge = np.zeros(core.shape, dtype=bool)
    for _ in range(int(np.count_nonzero(core))):  # bounded: each round bridges at least one cell
        after = before & ~core | bridge
        parts, _ = grid.label(after, connectivity)
        split = _split_region(labels, parts)
        if split is None:
            return core & ~bridge, bridge
        main, other = split
        path = _crossing(parts == main, parts == other, core & ~bridge)
        if not path:
            break  # no way across the core (cannot happen: the core came out of one region)
        for y, x in path:
            bridge[y, x] = True
    # Could not bridge: give the core back to the ground (the pool stays a rim).
    return np.zeros_like(core), np.zeros_like(core)


def _split_region(labels: np.ndarray, parts: np.ndarray) -> tuple[int, int] | None:
    """Two parts (labels of ``parts``) of one region of ``labels`` that the core
    split, the larger first; None when no region is split."""
    both = (labels > 0) & (parts > 0)
    pairs = np.unique(labels[both].astype(np.int64) * (1 << 20) + parts[both])
    regions = pairs >> 20
    for r in np.unique(regions).tolist():
        mine = (pairs[regions == r] & ((1 << 20) - 1)).tolist()
        if len(mine) > 1:
            sizes = [int(np.count_nonzero(parts == p)) for p in mine]
            order = sorted(range(len(mine)), key=lambda i: (-sizes[i], mine[i]))
            return mine[order[0]], mine[order[1]]
    return None


def _crossing(start: np.ndarray, goal: np.ndarray, water: np.ndarray) -> list[tuple[int, int]]:
    """The ``water`` cells of a shortest 4-way walk from ``start`` to ``goal``
    stepping only on ``water`` between them (empty when there is none)."""
    h, w = start.shape
    came: dict[tuple[int, int], tuple[int, int] | None] = {}
    queue: deque = deque()
    for y, x in zip(*np.nonzero(start)):
        came[(int(y), int(x))] = None
        queue.append((int(y), int(x)))
    while queue:
        y, x = queue.popleft()
        for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            ny, nx = y + dy, x + dx
            if not (0 <= ny < h and 0 <= nx < w) or (ny, nx) in came:
                continue
            if goal[ny, nx]:
                path, cell = [], (y, x)
                while cell is not None and water[cell]:
                    path.append(cell)
                    cell = came[cell]
                return path
            if water[ny, nx]:
                came[(ny, nx)] = (y, x)
                queue.append((ny, nx))
    return []


def _bfs(passable: np.ndarray, sources: list[tuple[int, int]], connectivity: int) -> np.ndarray:
    """Steps from ``sources`` over ``passable`` (-1: not reached), in Python:
    a window of a few hundred cells costs less so than in numpy calls."""
    h, w = passable.shape
    dist = np.full((h, w), -1, dtype=np.int32)
    steps = grid.offsets(connectivity)
    queue: deque = deque()
    for y, x in sources:
        if passable[y, x]:
            dist[y, x] = 0
            queue.append((y, x))
    while queue:
        y, x = queue.popleft()
        d = dist[y, x] + 1
        for dy, dx in steps:
            ny, nx = y + dy, x + dx
            if 0 <= ny < h and 0 <= nx < w and passable[ny, nx] and dist[ny, nx] < 0:
                dist[ny, nx] = d
                queue.append((ny, nx))
    return dist


def doors(tiles: np.ndarray, rng: np.random.Generator, count: int, keep: np.ndarray,
          where: Callable[[int, int], bool] | None = None) -> int:
    """Up to ``count`` doors on ground cells that are chokepoints (ground on
    two opposite sides, wall on the other two: :func:`worldgen.toolkit.grid.door_ok`),
    none beside another door or ``keep``, and where ``where(y, x)`` allows;
    found among :data:`PROBES` random cells a door, tested in one array
    operation.  A door is walkable: no way is cut.  Returns the doors laid."""
    h, w = tiles.shape
    if h < 3 or w < 3 or count <= 0:
        return 0
    ys = rng.integers(1, h - 1, PROBES * count)
    xs = rng.integers(1, w - 1, PROBES * count)
    walk, ground = _WALKABLE[tiles], _IS_GROUND[tiles]
    ns = ground[ys - 1, xs] & ground[ys + 1, xs] & ~walk[ys, xs - 1] & ~walk[ys, xs + 1]
    we = ground[ys, xs - 1] & ground[ys, xs + 1] & ~walk[ys - 1, xs] & ~walk[ys + 1, xs]
    ok = ground[ys, xs] & (ns | we) & ~keep[ys, xs]
    laid = 0
    for y, x in zip(ys[ok].tolist(), xs[ok].tolist()):
        if laid == count:
            break
        near = tiles[y - 1:y + 2, x - 1:x + 2]
        if (near == T.door).any() or keep[y - 1:y + 2, x - 1:x + 2].any() or (where is not None and not where(y, x)):
            continue
        tiles[y, x] = T.door
        laid += 1
    return laid
