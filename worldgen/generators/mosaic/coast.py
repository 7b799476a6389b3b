"""Where land meets water: a sand beach on the land side, and the rule that
keeps deep water away from anything but water."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import Tick, bands, pause
from worldgen.core.registry import Progress
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import grid

__all__ = ["lay_beach", "coast_rule"]


def lay_beach(tiles: np.ndarray, mask: np.ndarray, a: int, styles, box: tuple[int, int, int, int],
              width: int, tick: Tick = None) -> Iterator[Progress]:
    """Sand on beach-taking land within ``width`` tiles of area ``a`` (walls stay),
    in place; ``yield from`` it (bands of rows on big maps).

    ``styles`` is the style of each area index (its ``beach`` flag decides).
    """
    if width <= 0:
        return
    y0, y1, x0, x1 = box
    takes = np.array([s.beach for s in styles], dtype=bool)
    for r0, r1 in bands(y1 - y0, x1 - x0, tick):
        lo, hi = max(y0 + r0 - width, y0), min(y0 + r1 + width, y1)  # a halo of ``width`` rows
        near = grid.neighbour_count(mask[lo:hi, x0:x1] == a, width, include_centre=True) > 0
        near = near[y0 + r0 - lo:y0 + r1 - lo]
        sub, sub_mask = tiles[y0 + r0:y0 + r1, x0:x1], mask[y0 + r0:y0 + r1, x0:x1]
        sub[near & takes[sub_mask] & (WALKABLE[sub] | (sub == T.hedge))] = T.sand
        yield from pause(tick)


def coast_rule(tiles: np.ndarray, tick: Tick = None) -> Iterator[Progress]:
    """Deep water only where no non-water is within 1 tile and no walkable land
    within 2, in place; ``yield from`` it (bands of rows on big maps).

    >>> t = np.full((1, 3), T.deep_water, np.uint8); t[0, 0] = T.ground
    >>> list(coast_rule(t)); t[0].tolist() == [T.ground, T.shallow_water, T.shallow_water]
    []
    True
    """
    h, w = tiles.shape
    for r0, r1 in bands(h, w, tick):
        lo, hi = max(r0 - 2, 0), min(r1 + 2, h)  # the rule reaches 2 rows
        part = tiles[lo:hi]
        deep = part == T.deep_water
        if deep[r0 - lo:r1 - lo].any():
            wet = deep | (part == T.shallow_water)
            land = ~wet & WALKABLE[part]
            bad = grid.neighbour_count(~wet, 1, include_centre=True, outside=True) > 0
            bad |= grid.neighbour_count(land, 2, include_centre=True) > 0
            change = (deep & bad)[r0 - lo:r1 - lo]
            tiles[r0:r1][change] = T.shallow_water
        yield from pause(tick)
