"""Reachability for a land walker (the source's red debug view), and the
repair that makes the ``final`` map one region: small pockets are filled,
larger ones (and any touching water) joined by digging back to the main region.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import BAND_CELLS, Tick, bands, pause
from worldgen.core.registry import Progress
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import grid
from .style import Style

__all__ = ["regions", "label_sizes", "reachability", "reachability_steps", "repair", "shore_up", "LAND", "is_land", "distances"]

#: Path cells the repair walks between two pauses (about 2 ms).
DIG_STEPS = 2048

#: Tiles a walker stands on dry-footed: start and exit go on them when a map has two.
LAND = (T.ground, T.sand)


def is_land(tiles: np.ndarray) -> np.ndarray:
    """Where ``tiles`` is :data:`LAND` (two compares: ``np.isin`` sorts, 5x slower)."""
    return (tiles == T.ground) | (tiles == T.sand)


def regions(tiles: np.ndarray, tick: Tick = None) -> Iterator[Progress]:
    """Walkable regions for the land walker: ``labels, count, main = yield from
    regions(...)``, main the largest."""
    labels, count = yield from grid.label_steps(WALKABLE[tiles], 4, BAND_CELLS if tick else 1 << 62,
                                                tick)
    yield from pause(tick)
    sizes = yield from label_sizes(labels, count, tick)
    sizes[0] = 0
    main = int(np.argmax(sizes)) if count else 0
    yield from pause(tick)
    return labels, count, main


def reachability(tiles: np.ndarray, labels: np.ndarray, main: int) -> tuple[np.ndarray, int]:
    """The map with walkable tiles cut off from region ``main`` marked unreachable; how many."""
    reach = tiles.copy()
    cut_off = (labels > 0) & (labels != main)
    reach[cut_off] = T.unreachable
    return reach, int(cut_off.sum())


def label_sizes(labels: np.ndarray, count: int, tick: Tick = None) -> Iterator[Progress]:
    """Cells per label ``0..count``, counted in bands of rows:
    ``sizes = yield from label_sizes(...)``.

    >>> list(label_sizes(np.array([[0, 2], [2, 1]]), 2))
    []
    """
    sizes = np.zeros(count + 1, dtype=np.intp)
    for r0, r1 in bands(*labels.shape, tick):
        sizes += np.bincount(labels[r0:r1].ravel(), minlength=count + 1)
        yield from pause(tick)
    return sizes


def reachability_steps(tiles: np.ndarray, labels: np.ndarray, main: int,
                       tick: Tick = None) -> Iterator[Progress]:
    """:func:`reachability` in bands of rows (it is row by row), pausing after
    each: ``reach, cut_off = yield from reachability_steps(...)``."""
    reach = np.empty_like(tiles)
    cut_off = 0
    for r0, r1 in bands(*tiles.shape, tick):
        reach[r0:r1], cut = reachability(tiles[r0:r1], labels[r0:r1], main)
        cut_off += cut
        yield from pause(tick)
    return reach, cut_off


def repair(tiles: np.ndarray, mask: np.ndarray, styles: list[Style], labels: np.ndarray,
           count: int, main: int, pocket: int, min_walkable: int = 0,
           tick: Tick = None) -> Iterator[Progress]:
    """Make the walkable tiles one 4-connected region, in place:
    ``report = yield from repair(...)``.

    Pockets smaller than ``pocket`` touching no water area are filled with
    their style's solid tile, smallest first, as long as ``min_walkable``
    tiles stay walkable; every other pocket is joined: from its cell nearest
    the main region (breadth-first distance over the whole interior) the
    shortest path back is dug with each area's dig tile.
    """
    report = {"filled_pockets": 0, "filled_tiles": 0, "joined_pockets": 0, "dug_tiles": 0}
    if count <= 1:
        return report
    fill_ids, join_ids = yield from _sort_pockets(mask, styles, labels, count, main, pocket, min_walkable, tick)
    yield from pause(tick)
    fill = fill_ids[labels]
    yield from pause(tick)
    tiles[fill] = np.array([s.solid for s in styles], dtype=np.uint8)[mask[fill]]
    report.update(filled_pockets=int(fill_ids.sum()), filled_tiles=int(fill.sum()),
                  joined_pockets=int(join_ids.sum()))
    if not join_ids.any():
        return report
    yield from pause(tick)
    dist = yield from _steps_to_main(labels, main, tick)
    starts = yield from _pocket_starts(labels, count, join_ids, dist, tick)
    report["dug_tiles"] = yield from _dig_back(tiles, mask, styles, labels, count, main, dist, starts, tick)
    yield from pause(tick)
    return report


def _sort_pockets(mask: np.ndarray, styles: list[Style], labels: np.ndarray, count: int, main: int,
                  pocket: int, min_walkable: int, tick: Tick) -> Iterator[Progress]:
    """Which pockets (labels other than 0 and ``main``) are filled and which
    joined: ``fill_ids, join_ids = yield from ...``, bool per label."""
    walk = labels > 0
    yield from pause(tick)
    sizes = yield from label_sizes(labels, count, tick)
    wet_walk = np.array([s.wet for s in styles], dtype=bool)[mask] & walk
    yield from pause(tick)
    touch_wet = np.bincount(labels[wet_walk], minlength=count + 1) > 0
    ids = np.arange(count + 1)
    other = (ids != 0) & (ids != main)
    fill_ids = _fill_within(other & (sizes < pocket) & ~touch_wet, sizes,
                            int(np.count_nonzero(walk)) - min_walkable)
    return fill_ids, other & ~fill_ids


def _steps_to_main(labels: np.ndarray, main: int, tick: Tick) -> Iterator[Progress]:
    """Steps (4-connected, inside the border ring) from region ``main``, flat:
    ``dist = yield from ...``.  Searched from the region's edge: a search
    seeded with every cell of a 1000x1000 region spends its first step on
    half a million cells."""
    main_cells = labels == main
    yield from pause(tick)
    edge = main_cells & (grid.neighbour_count(~main_cells, connectivity=4, outside=True) > 0)
    yield from pause(tick)
    passable = ~main_cells
    passable[[0, -1], :] = passable[:, [0, -1]] = False  # the border ring
    dist = (yield from distances(passable, edge, 4, tick)).ravel()
    yield from pause(tick)
    return dist


def _pocket_starts(labels: np.ndarray, count: int, join_ids: np.ndarray, dist: np.ndarray,
                   tick: Tick) -> Iterator[Progress]:
    """Each pocket to join's cell nearest the main region (ties: first in
    row-major order), farthest first (its path joins others on the way):
    ``starts = yield from ...``, flat cells.  The least of
    ``distance * cells + index`` per label."""
    flat_labels = labels.ravel()
    cells = np.flatnonzero(join_ids[flat_labels])
    yield from pause(tick)
    key = dist[cells].astype(np.int64) * flat_labels.size + cells
    yield from pause(tick)
    least = np.full(count + 1, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(least, flat_labels[cells], key)
    yield from pause(tick)
    least = least[join_ids]
    starts, start_d = least % flat_labels.size, least // flat_labels.size
    return starts[np.lexsort((starts, -start_d))]


def _dig_back(tiles: np.ndarray, mask: np.ndarray, styles: list[Style], labels: np.ndarray, count: int,
              main: int, dist: np.ndarray, starts: np.ndarray, tick: Tick) -> Iterator[Progress]:
    """Dig each pocket's shortest way back to region ``main`` (down ``dist``),
    in place, with each area's dig tile; a pocket another path reached
    already is skipped: ``dug = yield from ...``, tiles dug.

    A Python step per path cell, reading memoryviews and lists (a numpy
    scalar read costs ~5x more): a path cell costs about a microsecond."""
    w = tiles.shape[1]
    joined = [False] * (count + 1)
    joined[main] = True
    walkable = WALKABLE.tolist()
    dig_of = [s.dig for s in styles]
    at_tile, at_mask = memoryview(tiles.reshape(-1)), memoryview(mask.reshape(-1))
    at_label, at_dist = memoryview(labels.reshape(-1)), memoryview(dist)
    steps = (-w, w, -1, 1)
    dug = walked = 0
    for start in starts.tolist():
        walked += 1
        if joined[at_label[start]]:
            continue
        c = start
        for _ in range(at_dist[c] + 1):  # one cell per step down to the main region (dist 0)
            walked += 1
            if walked >= DIG_STEPS:
                walked = 0
                yield from pause(tick)
            if walkable[at_tile[c]]:
                joined[at_label[c]] = True
            else:
                at_tile[c] = dig_of[at_mask[c]]
                dug += 1
                for s in steps:
                    if walkable[at_tile[c + s]]:
                        joined[at_label[c + s]] = True
            dc = at_dist[c]
            if dc == 0:
                break
            for s in steps:
                if at_dist[c + s] == dc - 1:
                    c += s
                    break
    return dug


def _fill_within(fill_ids: np.ndarray, sizes: np.ndarray, spare: int) -> np.ndarray:
    """The pockets of ``fill_ids`` to fill: all, or the smallest (ties: lowest
    label) whose sizes add up to at most ``spare`` tiles.

    >>> _fill_within(np.array([0, 1, 1, 1], bool), np.array([0, 5, 2, 3]), 5).tolist()
    [False, False, True, True]
    """
    ids = np.flatnonzero(fill_ids)
    if int(sizes[ids].sum()) <= spare:
        return fill_ids
    ids = ids[np.argsort(sizes[ids], kind="stable")]
    out = np.zeros_like(fill_ids)
    out[ids[np.cumsum(sizes[ids]) <= spare]] = True
    return out


def shore_up(tiles: np.ndarray, min_walkable: int, tick: Tick = None) -> Iterator[Progress]:
    """Turn deep water shallow, in place, until the map is playable:
    ``count = yield from shore_up(...)``, how many tiles.

    A map with fewer than two land tiles (:data:`LAND`) puts its stairs in the
    shallows, so first the coast rule is applied with shallow water as land:
    deep water within 2 tiles of a walkable tile becomes shallow.  Then, while
    fewer than ``min_walkable`` tiles are walkable, the deep water nearest the
    walkable tiles (4-connected steps through deep water, then row-major
    order) becomes shallow, so the walkable tiles stay one region.  Deep water
    only shrinks: every coast rule still holds.
    """
    deep = tiles == T.deep_water
    if not deep.any():
        return 0
    walk = WALKABLE[tiles]
    before = int(np.count_nonzero(deep))
    yield from pause(tick)
    if np.count_nonzero(is_land(tiles)) < 2:
        near = grid.neighbour_count(walk, 2, include_centre=True) > 0
        tiles[deep & near] = T.shallow_water
        deep &= ~near
        walk = WALKABLE[tiles]
    yield from pause(tick)
    short = min_walkable - int(np.count_nonzero(walk))
    if short > 0 and deep.any():
        dist = (yield from distances(deep | walk, walk, 4, tick)).ravel()
        cells = np.flatnonzero(deep.ravel() & (dist > 0))
        cells = cells[np.argsort(dist[cells], kind="stable")][:short]
        tiles.ravel()[cells] = T.shallow_water
    yield from pause(tick)
    return before - int(np.count_nonzero(tiles == T.deep_water))


def distances(passable: np.ndarray, sources, connectivity: int, tick: Tick):
    """``grid.distance_map``, in slices handing back ``tick()`` when given."""
    return (yield from grid.distance_map_steps(passable, sources, connectivity,
                                               work=1 << 16 if tick else 1 << 62,
                                               tick=(lambda _: tick()) if tick else None))
