"""Style ``noise``: open ground with scattered walls."""

from __future__ import annotations

from collections.abc import Iterator

from worldgen.core.pacing import random_below
from worldgen.core.registry import Progress
from ..style import Job, walls_to_tiles

__all__ = ["noise"]


def noise(job: Job) -> Iterator[Progress]:
    """Open ground with a wall tile at ``noise_walls`` probability; returns the tiles."""
    wall = yield from random_below(job.rng, job.area.shape, job.params.noise_walls, job.tick)
    return walls_to_tiles(wall)
