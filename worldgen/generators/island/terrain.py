"""Heights to terrain: the water line at a quantile, exactly as many water
tiles as asked for, and the article's terrain rules by elevation."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import Pace
from worldgen.core.registry import Progress
from worldgen.core.steps import finish
from worldgen.core.tiles import T
from .params import IslandParams

__all__ = ["normalize255", "water_line", "lowest_cells", "lowest_cells_steps", "classify", "classify_steps"]


def normalize255(a: np.ndarray) -> np.ndarray:
    """Stretch to 0..255 (min -> 0, max -> 255) as float32; constant -> zeros."""
    a = np.asarray(a, dtype=np.float32)
    lo, hi = a.min(), a.max()
    if hi <= lo:
        return np.zeros_like(a)
    out = a - lo
    out /= hi - lo  # exactly 1 at the maximum, so the top is exactly 255
    out *= np.float32(255)
    return out


def water_line(height: np.ndarray, fraction: float) -> float:
    """The value at index ``int((n-1) * fraction)`` of the sorted heights.

    >>> water_line(np.arange(11, dtype=np.float32), 0.6)
    6.0
    """
    flat = np.asarray(height).ravel()
    k = int((flat.size - 1) * fraction)
    return float(np.partition(flat, k)[k])


def lowest_cells(height: np.ndarray, tiebreak: np.ndarray, count: int) -> np.ndarray:
    """The ``count`` lowest cells by ``(height, tiebreak, row-major order)``: a bool mask.

    Exactly ``count`` cells, however flat the field: cells level with the
    cut are taken by the lower ``tiebreak`` (the island uses its noise), then
    in row-major order.  Two partitions and a few passes, no full sort.
    :func:`lowest_cells_steps` is the same in steps.

    >>> h = np.array([[0, 0, 0], [0, 5, 0]], np.float32)
    >>> lowest_cells(h, np.array([[3, 1, 2], [0, 0, 9]], np.float32), 3).astype(int).tolist()
    [[0, 1, 1], [1, 0, 0]]
    """
    return finish(lowest_cells_steps(height, tiebreak, count, Pace()))[0]


def lowest_cells_steps(height: np.ndarray, tiebreak: np.ndarray, count: int, pace: Pace,
                       done: float = 0.25) -> Iterator[Progress]:
    """:func:`lowest_cells`, pausing between its passes on a big map (``pace``),
    and the highest height taken (None when none is): ``mask, top = yield
    from lowest_cells_steps(...)``."""
    flat, tb = np.asarray(height).ravel(), np.asarray(tiebreak).ravel()
    count = max(0, min(int(count), flat.size))
    mask = np.zeros(flat.size, dtype=bool)
    cut = None
    if count:
        cut = np.partition(flat, count - 1)[count - 1]
        yield from pace.pause(done)
        np.less(flat, cut, out=mask)
        need = count - int(np.count_nonzero(mask))
        level = np.flatnonzero(flat == cut)
        yield from pace.pause(done)
        if need < level.size:
            keys = tb[level]
            key_cut = np.partition(keys, need - 1)[need - 1]
            lower = level[keys < key_cut]
            level = np.concatenate([lower, level[keys == key_cut][:need - lower.size]])
        mask[level] = True   # every cell below the cut and at least one level with it
    return mask.reshape(np.shape(height)), cut


#: Which thresholds are strict ("above x"): shallow, sand, hills, mountain.
_STRICT = np.array([True, True, False, False, True, True])
#: Maps up to this many tiles are classified with one searchsorted.
_SEARCH_CELLS = 1 << 15
_TERRAIN = np.array([T.deep_water, T.shallow_water, T.sand, T.grass, T.forest, T.hills, T.mountain],
                    dtype=np.uint8)


def _breaks(line: float, p: IslandParams) -> list[np.float32]:
    """The six thresholds of :func:`classify` (shallow, sand, grass, forest,
    hills, mountain) as ``float32`` scalars.

    Raw thresholds in float32 (line - deep etc., rounded as float32 sums),
    then "h > x" as "h >= nextafter(x)" for the strict ones (shallow, sand,
    hills, mountain), then every land threshold at least sand's and
    hills/mountain at least forest's.  Scalars: a dozen array calls on six
    numbers cost more than the map's own pass on small maps.

    >>> [float(b) for b in _breaks(120.0, IslandParams())]
    [80.00000762939453, 120.00000762939453, 135.0, 155.0, 205.00001525878906, 230.00001525878906]
    """
    f32, up = np.float32, np.float32(np.inf)
    level = f32(line)
    raw = [level + f32(-p.deep), level + f32(0), level + f32(p.coast), level + f32(p.plains),
           f32(255 - p.hills) + f32(0), f32(255 - p.mountain) + f32(0)]
    shallow, sand, grass, forest, hills, mountain = (np.nextafter(x, up) if strict else x
                                                      for x, strict in zip(raw, _STRICT.tolist()))
    grass, forest = max(grass, sand), max(forest, sand)
    hills = max(hills, sand, forest)
    return [shallow, sand, grass, forest, hills, max(mountain, sand, hills)]


def classify(height: np.ndarray, line: float, p: IslandParams = IslandParams(),
             water: np.ndarray | None = None) -> np.ndarray:
    """Tiles by elevation (heights on 0..255), as the article lists them.

    Water (height <= line, or where ``water`` is True when given): shallow
    above ``line - deep``, else deep.  Land: sand below ``line + coast``,
    grass below ``line + plains``, then mountain above ``255 - mountain``,
    hills above ``255 - hills``, forest otherwise.  Each rule implies the
    ones before it, so the tile is the count of thresholds passed: one
    ``searchsorted`` on small maps (call overhead rules there), six
    comparisons on large ones (much faster than a binary search per tile).
    With ``water``, land
    level with the line (ties the mask broke) is sand and water above it
    shallow.

    >>> classify(np.array([0, 100, 130, 150, 200, 210, 240], np.float32), 120.0).tolist()
    [1, 2, 3, 4, 5, 6, 7]
    """
    h = np.asarray(height, dtype=np.float32)
    breaks = _breaks(line, p)
    if h.size <= _SEARCH_CELLS:  # one call: the count of thresholds <= h, in any order
        index = np.array(sorted(breaks), dtype=np.float32).searchsorted(h, side="right")
    else:
        index = np.zeros(h.shape, dtype=np.uint8)  # how many thresholds h has passed
        passed = np.empty(h.shape, dtype=bool)
        for b in breaks:
            np.greater_equal(h, b, out=passed)
            index += passed.view(np.uint8)
    if water is not None:  # water: at most shallow; land: at least sand
        index = np.where(water, np.minimum(index, 1), np.maximum(index, 2))
    return _TERRAIN.take(index)


def classify_steps(height: np.ndarray, line: float, p: IslandParams, water: np.ndarray | None,
                   pace: Pace, done: float = 0.5) -> Iterator[Progress]:
    """:func:`classify`, a band of rows at a time on a big map (``pace``),
    pausing after each: ``tiles = yield from classify_steps(...)``.  The same
    tiles (the rule is tile by tile); a 1024x1024 map in one piece was a
    4-5 ms step.

    >>> h = np.array([[0, 100, 130], [150, 200, 240]], np.float32)
    >>> tiles = classify_steps(h, 120.0, IslandParams(), None, Pace(big=True).at("t"))
    >>> events = [next(tiles)]
    >>> try:
    ...     next(tiles)
    ... except StopIteration as end:
    ...     end.value.tolist() == classify(h, 120.0).tolist()
    True
    """
    out = np.empty(height.shape, dtype=np.uint8)
    for r0, r1 in pace.bands(*height.shape):
        out[r0:r1] = classify(height[r0:r1], line, p, None if water is None else water[r0:r1])
        yield from pace.pause(done)
    return out
