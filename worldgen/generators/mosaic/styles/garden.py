"""Style ``garden``: 5x5 stamps written as digit strings, tiled grid-wise."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.registry import Progress
from worldgen.core.tiles import T
from ..style import Job

__all__ = ["GARDEN_STAMPS", "STAMPS", "parse_stamp", "garden"]


def parse_stamp(text: str) -> np.ndarray:
    """A stamp written as rows of digits, e.g. the source's own example:

    >>> parse_stamp("11111 12221 13231 12221 11111")[:2].tolist()
    [[1, 1, 1, 1, 1], [1, 2, 2, 2, 1]]
    """
    rows = text.split()
    if len({len(r) for r in rows}) != 1 or not all(r.isdigit() for r in rows):
        raise ValueError(f"stamp rows must be digit strings of one length: {text!r}")
    return np.array([[int(c) for c in row] for row in rows], dtype=np.uint8)


#: Digit -> tile for garden stamps: 1 path, 2 hedge, 3 pond (shallow), 4 statue.
_STAMP_TILES = np.array([T.void, T.ground, T.hedge, T.shallow_water, T.wall], dtype=np.uint8)

#: (stamp, weight).  The middle cell of every side is path and every stamp's
#: walkable cells are one region, so a tiled garden is connected (a test checks).
GARDEN_STAMPS: tuple[tuple[str, int], ...] = (
    ("11111 11111 11111 11111 11111", 2),   # lawn
    ("22122 21112 11111 21112 22122", 4),   # parterre
    ("22122 22122 11111 22122 22122", 3),   # crossing paths
    ("11111 22122 11111 22122 11111", 3),   # hedge rows
    ("12121 12121 11111 12121 12121", 3),   # hedge columns
    ("11111 12121 11111 12121 11111", 3),   # four shrubs
    ("11111 12221 13231 12221 11111", 2),   # the source's own stamp: hedge cross, two pools
    ("11111 12221 12321 12121 11111", 1),   # bower with a pool, open to the south
    ("21112 11311 13431 11311 21112", 1),   # fountain: statue in a cross of water
    ("11111 13331 13331 13331 11111", 1),   # pond
    ("11111 11111 11411 11111 11111", 1),   # statue
)
#: The stamps as tile arrays, in the order of :data:`GARDEN_STAMPS`.
STAMPS = np.stack([_STAMP_TILES[parse_stamp(s)] for s, _ in GARDEN_STAMPS])
_STAMP_CUM = np.cumsum([w for _, w in GARDEN_STAMPS])


def garden(job: Job) -> Iterator[Progress]:
    """5x5 stamps picked by weight and tiled grid-wise (grid aligned to the map);
    returns the tiles."""
    n = STAMPS.shape[1]
    h, w = job.area.shape
    oy, ox = (int(v) for v in job.rng.integers(0, n, size=2))
    ys = np.arange(h) + job.origin[0] + oy
    xs = np.arange(w) + job.origin[1] + ox
    gy, ry = ys // n - ys[0] // n, ys % n
    gx, rx = xs // n - xs[0] // n, xs % n
    draw = job.rng.integers(0, int(_STAMP_CUM[-1]), size=(int(gy[-1]) + 1, int(gx[-1]) + 1))
    pick = np.searchsorted(_STAMP_CUM, draw, side="right")
    out = np.empty((h, w), dtype=np.uint8)
    for r0, r1 in job.bands():
        out[r0:r1] = STAMPS[pick[gy[r0:r1, None], gx[None, :]], ry[r0:r1, None], rx[None, :]]
        yield from job.pause()
    return out
