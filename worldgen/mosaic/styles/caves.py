"""Style ``caves``: cellular-automaton caves that leave few pockets."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ... import grid
from ...registry import Progress
from ..style import Job, walls_to_tiles

__all__ = ["caves"]


def caves(job: Job) -> Iterator[Progress]:
    """RogueBasin's set-up that leaves few pockets: 4 passes of
    ``wall if R1 >= 5 or R2 <= 2`` (R1/R2: walls in the 3x3/5x5 box including
    the cell), then 3 passes of ``wall if R1 >= 5``.  Returns the tiles."""
    wall = job.rng.random(job.area.shape) < job.params.cave_fill
    yield from job.pause()
    for i in range(7):
        r1 = grid.neighbour_count(wall, 1, include_centre=True, outside=True)
        if i < 4:
            r2 = grid.neighbour_count(wall, 2, include_centre=True, outside=True)
            wall = (r1 >= 5) | (r2 <= 2)
        else:
            wall = r1 >= 5
        yield from job.pause()
        yield from job.progress((i + 1) / 7, walls_to_tiles(wall))
    return walls_to_tiles(wall)
