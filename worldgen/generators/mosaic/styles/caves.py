"""Style ``caves``: cellular-automaton caves that leave few pockets."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import banded, random_below
from worldgen.core.registry import Progress
from worldgen.toolkit import grid
from ..style import Job, walls_to_tiles

__all__ = ["caves"]


def caves(job: Job) -> Iterator[Progress]:
    """RogueBasin's set-up that leaves few pockets: 4 passes of
    ``wall if R1 >= 5 or R2 <= 2`` (R1/R2: walls in the 3x3/5x5 box including
    the cell), then 3 passes of ``wall if R1 >= 5``.  Returns the tiles."""
    h, w = job.area.shape
    wall = yield from random_below(job.rng, (h, w), job.params.cave_fill, job.tick)
    for i in range(7):
        # A pass reads 2 rows away at most, so it runs in bands with a 2-row halo.
        wall = yield from banded(lambda lo, hi, wall=wall, i=i: _pass(wall[lo:hi], i), h, w, 2,
                                 job.tick)
        yield from job.progress((i + 1) / 7, walls_to_tiles(wall))
    return walls_to_tiles(wall)


def _pass(wall: np.ndarray, i: int) -> np.ndarray:
    """Pass ``i`` (0..6) of the automaton; beyond the edge is wall."""
    r1 = grid.neighbour_count(wall, 1, include_centre=True, outside=True)
    if i < 4:
        return (r1 >= 5) | (grid.neighbour_count(wall, 2, include_centre=True, outside=True) <= 2)
    return r1 >= 5
