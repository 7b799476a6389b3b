"""Style ``ruins``: crumbled city blocks (added so ``civilized`` has two
artificial styles)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import random_below
from worldgen.core.registry import Progress
from ..style import Job, walls_to_tiles

__all__ = ["ruins"]


def ruins(job: Job) -> Iterator[Progress]:
    """Walls on a grid of 7..10-tile blocks, each segment kept (75 %) with a
    door gap; 15 % of wall crumbled, 2 % rubble.  Returns the tiles."""
    rng = job.rng
    cell = int(rng.integers(7, 11))
    h, w = job.area.shape
    oy, ox = (int(v) for v in rng.integers(0, cell, size=2))
    ys = np.arange(h) + job.origin[0] + oy
    xs = np.arange(w) + job.origin[1] + ox
    by, ry = ys // cell - ys[0] // cell, ys % cell
    bx, rx = xs // cell - xs[0] // cell, xs % cell
    nby, nbx = int(by[-1]) + 1, int(bx[-1]) + 1
    keep_h = rng.random((nby, nbx)) < 0.75
    keep_v = rng.random((nby, nbx)) < 0.75
    door_h = rng.integers(1, cell, size=(nby, nbx))
    door_v = rng.integers(1, cell, size=(nby, nbx))
    crumbled = yield from random_below(rng, (h, w), 0.15, job.tick)
    rubble = yield from random_below(rng, (h, w), 0.02, job.tick)
    out = np.empty((h, w), dtype=np.uint8)
    for r0, r1 in job.bands():
        B = (by[r0:r1, None], bx[None, :])
        wall = (ry[r0:r1, None] == 0) & keep_h[B] & (rx[None, :] != door_h[B])
        wall |= (rx[None, :] == 0) & keep_v[B] & (ry[r0:r1, None] != door_v[B])
        out[r0:r1] = walls_to_tiles((wall & ~crumbled[r0:r1]) | rubble[r0:r1])
        yield from job.pause()
    return out
