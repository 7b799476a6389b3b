"""Style ``water``: a lake with a few islets, its depth from the surroundings
and a coast that adapts to the ground or wall beside it (so it runs last)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import row_bands
from worldgen.core.registry import Progress
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import grid
from ..style import Job

__all__ = ["water", "lake_tiles"]


def water(job: Job) -> Iterator[Progress]:
    """A lake with a few islets; depth from the surroundings; coast from the neighbours.

    A water cell is deep when every cell within a radius of 0, 1 or 2 (drawn
    per cell) is water of this area; an automaton smooths the deep part; then
    the coast adapts: water within 2 tiles of walkable land (ground, sand,
    islets) or 1 tile of a wall stays shallow, so ground slopes gently and
    walls drop off steeply.  Returns the tiles.
    """
    rng, area = job.rng, job.area
    shape = area.shape
    # Islets: a majority rule run on a minority of land (only a few blobs survive)
    # on a grid 3x coarser, scaled up and rounded at full resolution; they keep
    # 4 tiles of water between them and the lake's edge.
    coarse = rng.random((shape[0] // 3 + 1, shape[1] // 3 + 1)) < 0.34
    for _ in range(3):
        coarse = grid.neighbour_count(coarse, 1, include_centre=True) >= 5
    yield from job.pause()
    land = np.repeat(np.repeat(coarse, 3, axis=0), 3, axis=1)[:shape[0], :shape[1]]
    yield from job.pause()
    for i in range(2):
        land = grid.neighbour_count(land, 1, include_centre=True) >= 5
        yield from job.pause()
        yield from job.progress(0.1 * (i + 1), lake_tiles(land & area, np.zeros(shape, dtype=bool)))
    land &= grid.neighbour_count(~area, 4, include_centre=True, outside=True) == 0
    wet = area & ~land
    dry = ~wet
    yield from job.pause()
    clear1 = grid.neighbour_count(dry, 1, include_centre=True, outside=True) == 0
    yield from job.pause()
    clear2 = grid.neighbour_count(dry, 2, include_centre=True, outside=True) == 0
    yield from job.pause()
    # Each cell's radius is drawn a band of rows at a time, the same bands on
    # every map size (bounded integers are drawn 32 bits at a time, so where a
    # call ends could shift the stream: the bands never depend on the tick).
    deep = np.empty(shape, dtype=bool)
    for r0, r1 in row_bands(*shape):
        radius = rng.integers(0, 3, size=(r1 - r0, shape[1]))
        deep[r0:r1] = np.where(radius == 0, wet[r0:r1],
                               np.where(radius == 1, clear1[r0:r1], clear2[r0:r1]))
        yield from job.pause()
    yield from job.progress(0.4, lake_tiles(land, deep))
    for i in range(2):
        deep = (grid.neighbour_count(deep, 1, include_centre=True) >= 5) & wet
        yield from job.pause()
        yield from job.progress(0.6 + 0.2 * i, lake_tiles(land, deep))
    around = ~area & (job.tiles != T.void)
    walk = WALKABLE[job.tiles]
    yield from job.pause()
    shelf = grid.neighbour_count((around & walk) | land, 2, include_centre=True) > 0
    shelf |= grid.neighbour_count(around & ~walk, 1, include_centre=True) > 0
    yield from job.pause()
    return lake_tiles(land, deep & ~shelf)


#: Tile by ``2 * land + deep``.
_LAKE_TILES = np.array([T.shallow_water, T.deep_water, T.ground, T.ground], dtype=np.uint8)


def lake_tiles(land: np.ndarray, deep: np.ndarray) -> np.ndarray:
    """Ground on ``land``, deep water on ``deep``, shallow water elsewhere.

    >>> lake_tiles(np.array([1, 1, 0, 0], bool), np.array([1, 0, 1, 0], bool)).tolist() == [
    ...     T.ground, T.ground, T.deep_water, T.shallow_water]
    True
    """
    code = np.left_shift(land.view(np.uint8), 1) | deep.view(np.uint8)
    return _LAKE_TILES.take(code)
