"""Cutting big maps' work into short steps.

At 1000x1000 one whole-map numpy expression takes a few milliseconds; a stage
is dozens of them.  Helpers take a ``tick`` (None on small maps) and hand
control back with ``yield from pause(tick)`` between pieces of work, and run
the heaviest expressions over bands of rows (:func:`bands`), so no step holds
the game's frame for long.  On small maps there is one band and no pause.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from worldgen.core.registry import Progress

__all__ = ["Tick", "BAND_CELLS", "pause", "bands", "row_bands", "banded", "random_below"]

Tick = Callable[[], Progress] | None

#: Cells per band of rows on big maps (about a millisecond of numpy per pass).
BAND_CELLS = 1 << 17


def pause(tick: Tick) -> Iterator[Progress]:
    """``yield from pause(tick)``: one Progress on big maps, nothing on small ones."""
    if tick is not None:
        yield tick()


def bands(height: int, width: int, tick: Tick) -> list[tuple[int, int]]:
    """Row ranges ``(r0, r1)`` covering the map: one when ``tick`` is None.

    >>> bands(5, 1 << 16, lambda: None)
    [(0, 2), (2, 4), (4, 5)]
    """
    if tick is None:
        return [(0, height)]
    return row_bands(height, width)


def row_bands(height: int, width: int) -> list[tuple[int, int]]:
    """The bands of rows of :func:`bands` on big maps, whatever the map's
    size: for work whose result may depend on the bands (random draws in
    pieces), so small and big maps are cut the same way.

    >>> row_bands(3, 1 << 16)
    [(0, 2), (2, 3)]
    """
    step = max(1, BAND_CELLS // max(width, 1))
    return [(r0, min(height, r0 + step)) for r0 in range(0, height, step)]


def banded(rows: Callable[[int, int], np.ndarray], height: int, width: int, halo: int,
           tick: Tick) -> Iterator[Progress]:
    """``out = yield from banded(rows, h, w, halo, tick)``: a whole-map result
    built band by band, pausing after each.

    ``rows(lo, hi)`` computes the result for map rows ``lo:hi``; each band is
    computed with ``halo`` extra rows each side (clipped to the map) and only
    its own rows are kept, so for any rule that reads at most ``halo`` rows
    away the result is the same as ``rows(0, height)`` (tests check it).

    >>> list(banded(lambda lo, hi: np.arange(lo, hi), 5, 1 << 16, 0, None))
    []
    >>> gen = banded(lambda lo, hi: np.arange(lo, hi), 5, 1 << 16, 0, lambda: "tick")
    >>> list(gen) == ["tick"] * 3
    True
    """
    out = None
    for r0, r1 in bands(height, width, tick):
        lo, hi = max(r0 - halo, 0), min(r1 + halo, height)
        part = rows(lo, hi)[r0 - lo:r1 - lo]
        if out is None:
            out = np.empty((height,) + part.shape[1:], dtype=part.dtype)
        out[r0:r1] = part
        yield from pause(tick)
    return out


def random_below(rng: np.random.Generator, shape: tuple[int, int], fraction: float,
                 tick: Tick) -> Iterator[Progress]:
    """``m = yield from random_below(rng, shape, fraction, tick)``:
    ``rng.random(shape) < fraction`` drawn a band of rows at a time, pausing
    after each: the same mask as one call, since the generator fills an
    array in row-major order (a test checks it).

    >>> a, b = np.random.default_rng(4), np.random.default_rng(4)
    >>> whole = a.random((6, 1 << 16)) < 0.3
    >>> gen = random_below(b, (6, 1 << 16), 0.3, lambda: "tick")
    >>> ticks = [next(gen) for _ in range(3)]
    >>> try:
    ...     next(gen)
    ... except StopIteration as done:
    ...     bool((done.value == whole).all()) and a.random() == b.random()
    True
    """
    h, w = shape
    out = np.empty((h, w), dtype=bool)
    for r0, r1 in bands(h, w, tick):
        out[r0:r1] = rng.random((r1 - r0, w)) < fraction
        yield from pause(tick)
    return out
