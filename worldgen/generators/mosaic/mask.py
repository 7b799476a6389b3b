"""Stage ``mask``: shapes added modulo the number of areas, then smoothed.

A shape never erases what lies under it, it shifts it: each adds a random
1..areas-1 to the index under it, modulo ``areas`` (the source's rule).  The
borders are then smoothed by a majority filter.  The outer ring is area 0,
the border.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import Tick, bands, pause
from worldgen.core.registry import Progress, Stage
from worldgen.toolkit import grid
from .params import BIG, MosaicParams
from .shapes import PRESETS, SHAPE_KINDS, shape, to_map

__all__ = ["make_mask", "smooth", "mask_preview", "area_shapes"]


def smooth(index: np.ndarray, areas: int, tick: Tick = None) -> Iterator[Progress]:
    """One majority pass: each cell takes the most common index in its 5x5 box,
    keeping its own on a tie.  ``out = yield from smooth(...)``; with ``tick``
    it works in bands of rows and yields ``tick()`` after each.

    >>> list(smooth(np.array([[0, 0, 1]], np.uint8), 2))  # no events
    []
    """
    h, w = index.shape
    out = np.empty_like(index)
    for r0, r1 in bands(h, w, tick):
        lo, hi = max(r0 - 2, 0), min(h, r1 + 2)  # a 2-row halo: the box's reach
        out[r0:r1] = _majority(index[lo:hi], areas)[r0 - lo:r1 - lo]
        yield from pause(tick)
    return out


def _majority(index: np.ndarray, areas: int) -> np.ndarray:
    top = np.full(index.shape, -1, dtype=np.int32)   # best count so far
    best = np.zeros_like(index)                        # its index (first on ties)
    own = np.zeros(index.shape, dtype=np.int32)       # the cell's own index's count
    for a in range(areas):
        here = index == a
        count = grid.neighbour_count(here, 2, include_centre=True)
        better = count > top
        best[better] = a
        np.maximum(top, count, out=top)
        own[here] = count[here]
    return np.where(own == top, index, best)


def make_mask(rng: np.random.Generator, h: int, w: int, p: MosaicParams):
    """Yields Progress (on big maps after each shape and band, on small ones
    after the shapes and each smoothing pass); returns (mask uint8 [0 border,
    1..areas], kind uint8, shapes)."""
    areas = p.areas
    ih, iw = h - 2, w - 2
    index = np.zeros((ih, iw), dtype=np.uint8)   # 0..areas-1 inside the border
    kind = np.zeros((ih, iw), dtype=np.uint8)    # SHAPE_KINDS id of the last writer
    shapes: list[dict] = []
    kinds = PRESETS[p.preset]
    big = ih * iw >= BIG

    for i in range(p.shapes):
        name = kinds[int(rng.integers(len(kinds)))]
        cells, (y0, y1, x0, x1), info = shape(name, rng, ih, iw)
        add = int(rng.integers(1, areas))
        sub = index[y0:y1, x0:x1]
        sub[cells] = (sub[cells] + add) % areas  # the source's modulo rule
        kind[y0:y1, x0:x1][cells] = SHAPE_KINDS.index(name)
        shapes.append({"kind": name, "add": add, **to_map(info)})
        if big:
            yield Progress("mask", 0.5 * (i + 1) / p.shapes, mask_preview(index, areas))
    if not big:  # on any map, the shapes and each smoothing pass are steps of their own
        yield Progress("mask", 0.5)
    final = index
    for i in range(p.smooth):
        if big:  # one preview per pass (the pass before), shared by its bands
            event = Progress("mask", 0.5 + 0.5 * i / p.smooth, mask_preview(final, areas))
        final = yield from smooth(final, areas, (lambda event=event: event) if big else None)
        if not big:
            yield Progress("mask", 0.5 + 0.5 * (i + 1) / p.smooth)
    final = final.copy()
    tick = (lambda: Progress("mask", 1.0)) if big else None
    # Bounded repair: an area that chance or smoothing left (nearly) empty gets one
    # more shape painted with its index over the smoothed mask (recorded as "set").
    for _ in range(8):
        yield from pause(tick)
        counts = np.bincount(final.ravel(), minlength=areas)
        missing = np.flatnonzero(counts < max(4, ih * iw // 200))
        if missing.size == 0:
            break
        name = kinds[int(rng.integers(len(kinds)))]
        cells, (y0, y1, x0, x1), info = shape(name, rng, ih, iw)
        final[y0:y1, x0:x1][cells] = missing[0]
        kind[y0:y1, x0:x1][cells] = SHAPE_KINDS.index(name)
        shapes.append({"kind": name, "set": int(missing[0]) + 1, **to_map(info)})
    yield from pause(tick)
    mask = np.zeros((h, w), dtype=np.uint8)
    np.add(final, 1, out=mask[1:-1, 1:-1])
    kinds_full = np.zeros((h, w), dtype=np.uint8)
    kinds_full[1:-1, 1:-1] = kind
    yield from pause(tick)
    return mask, kinds_full, shapes


def mask_preview(index: np.ndarray, areas: int) -> Stage:
    """The interior index as a ``mask`` layer of the full map (border 0)."""
    full = np.empty((index.shape[0] + 2, index.shape[1] + 2), dtype=np.float32)
    full[[0, -1], :] = full[:, [0, -1]] = 0.0
    np.add(index, 1, out=full[1:-1, 1:-1], dtype=np.float32)  # one pass, no uint8 temporary
    return Stage("mask", full, kind="layer", vrange=(0.0, float(areas)))


def area_shapes(mask: np.ndarray, kinds: np.ndarray, n: int, tick: Tick = None) -> Iterator[Progress]:
    """Each area's shape: ``frame`` for the border (0), else the shape kind
    (:data:`SHAPE_KINDS`) that last wrote most of its cells (ties: the first
    kind).  ``found = yield from area_shapes(...)``, counted in bands of rows.

    >>> mask = np.array([[0, 0, 0], [0, 1, 2]], np.uint8)
    >>> kinds = np.array([[0, 0, 0], [0, 2, 3]], np.uint8)
    >>> list(area_shapes(mask, kinds, 3)) == []
    True
    """
    k = len(SHAPE_KINDS)
    counts = np.zeros(n * k, dtype=np.int64)
    yield from pause(tick)
    for r0, r1 in bands(*mask.shape, tick):
        key = mask[r0:r1].astype(np.intp) * k + kinds[r0:r1]
        counts += np.bincount(key.ravel(), minlength=n * k)
        yield from pause(tick)
    by_kind = counts.reshape(n, k)
    return ["frame" if a == 0 else SHAPE_KINDS[int(np.argmax(by_kind[a]))] for a in range(n)]
