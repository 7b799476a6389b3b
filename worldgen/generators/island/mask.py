"""The island's mask: rolling particles (:mod:`worldgen.toolkit.particles`)
scaled to the map, on a coarser grid for big maps and upsampled bilinearly,
the two outer rings lowered, normalized 0..255 (the package doc, "Scaling")."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Progress
from worldgen.toolkit import grid
from worldgen.toolkit.particles import clamp_margin, rolling_particles
from .params import IslandParams
from .terrain import normalize255

__all__ = ["particle_scale", "finish_mask", "MASK_CELLS", "MIN_COARSE", "RING", "ring", "mask_steps", "full_masks"]

#: The article's map size; the particle numbers are quoted for it.
ARTICLE_W, ARTICLE_H = 88, 32
#: Largest particle grid (cells) simulated tile by tile; bigger maps run coarser
#: (88x32 on 30x11, 512x512 on 47x47).
MASK_CELLS = 48 * 48
#: A map too big to roll tile by tile rolls at least this many times coarser: the
#: lock-steps (life / scale), not the cells, are the cost at these sizes.
MIN_COARSE = 3
#: Ring multipliers (outermost, second outermost).
RING = (np.float32(0.75), np.float32(0.88))


def particle_scale(width: int, height: int, p: IslandParams = IslandParams()) -> dict[str, int]:
    """The particle parameters actually used at this size (autos resolved, not yet coarsened)."""
    short = min(width, height)
    particles = p.particles or (3000 * width * height + ARTICLE_W * ARTICLE_H // 2) // (ARTICLE_W * ARTICLE_H)
    life = p.life or max(1, (50 * short + 16) // 32)
    margin = p.margin if p.margin >= 0 else (12 * short + 16) // 32
    scale = p.mask_scale
    if scale == 0:
        scale = 1
        while -(-width // scale) * -(-height // scale) > MASK_CELLS:
            scale += 1
        if scale > 1:
            scale = max(scale, MIN_COARSE)
    return {"particles": max(1, particles), "life": life, "margin": margin, "scale": scale}


@lru_cache(maxsize=8)
def _upsample_axis(n: int, ns: int, scale: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Bilinear taps along one axis: lower and upper coarse cell, their weights (read-only, cached)."""
    pad = (ns * scale - n) / 2.0
    u = (np.arange(n, dtype=np.float64) + 0.5 + pad) / scale - 0.5
    u = np.clip(u, 0.0, ns - 1.0)
    i0 = np.floor(u).astype(np.intp)
    i1 = np.minimum(i0 + 1, ns - 1)
    f = (u - i0).astype(np.float32)
    taps = (i0, i1, np.float32(1) - f, f)
    for a in taps:
        a.flags.writeable = False
    return taps


def _upsample(coarse: np.ndarray, scale: int, width: int, height: int) -> np.ndarray:
    """Bilinear, cell centres aligned and the coarse grid centred on the map (on the last two axes)."""
    hs, ws = coarse.shape[-2:]
    y0, y1, gy, fy = _upsample_axis(height, hs, scale)
    x0, x1, gx, fx = _upsample_axis(width, ws, scale)
    rows = coarse.take(y0, axis=-2) * gy[:, None] + coarse.take(y1, axis=-2) * fy[:, None]
    rows = rows.reshape(-1, ws)  # take along the last axis of a 3-d array is 1.6x slower
    # take(axis=1), not rows[:, x0]: fancy indexing there returns a column-major
    # array, and every later whole-map step on it ran 20x slower at 1024x1024.
    out = rows.take(x0, axis=1)
    out *= gx
    right = rows.take(x1, axis=1)
    right *= fx
    out += right
    return out.reshape(*coarse.shape[:-2], height, width)


def finish_mask(raw: np.ndarray) -> np.ndarray:
    """Outer ring x0.75, second ring x0.88, then normalized 0..255 (float32).

    >>> finish_mask(np.ones((5, 5)))[:, 2].astype(int).tolist()  # 255 * (0.88-0.75)/0.25
    [0, 132, 255, 132, 0]
    """
    m = np.array(raw, dtype=np.float32)
    m *= _ring_factor(m.shape)  # x1 inside: exact
    return normalize255(m)


@lru_cache(maxsize=8)
def ring(shape: tuple[int, int]) -> np.ndarray:
    """The outer ring (``grid.border_mask``), read-only, cached per shape."""
    ring = grid.border_mask(shape)
    ring.flags.writeable = False
    return ring


@lru_cache(maxsize=8)
def _ring_factor(shape: tuple[int, int]) -> np.ndarray:
    """:data:`RING` on the two outer rings, 1 inside (float32, read-only, cached per shape)."""
    factor = np.ones(shape, dtype=np.float32)
    factor[grid.border_mask(shape, 2)] = RING[1]
    factor[grid.border_mask(shape, 1)] = RING[0]
    factor.flags.writeable = False
    return factor


def mask_steps(seed: int, plan, sp: dict[str, int]) -> Iterator[Progress]:
    """Roll both particle populations (plain, centre-biased) as ``plan``
    (:class:`~worldgen.generators.island.work.MaskPlan`) says; returns (raw
    counts, scale, info).  ``sp``: :func:`particle_scale`'s numbers, reported."""
    ws, hs, margin = plan.ws, plan.hs, plan.margin
    # One stream for both populations' starts, then every move: each
    # generator costs ~25 us to seed, a tenth of the 88x32 particle loop.
    draws = seeding.rng(seed, "mask")
    raw = yield from rolling_particles(draws, ws, hs, plan.particles, plan.life, [0, margin], batches=plan.batches,
                                       progress="mask_plain", preview=plan.scale == 1)  # coarse counts would not fit
    info = dict(sp, sim_size=(ws, hs), sim_particles=plan.particles, sim_life=plan.life, sim_batches=plan.batches,
                sim_margin=(clamp_margin(margin, ws), clamp_margin(margin, hs)))
    return raw, plan.scale, info


def full_masks(raw: np.ndarray, scale: int, width: int, height: int) -> np.ndarray:
    """Raw counts ``(k, hs, ws)`` (maybe coarse) to the finished 0..255 masks ``(k, height, width)``.

    Every population in each numpy call; each mask is normalized on its
    own, element by element as :func:`normalize255` (the same bytes).
    """
    r = raw.astype(np.float32)
    if scale > 1:
        r = _upsample(r, scale, width, height)
    r *= _ring_factor(r.shape[-2:])
    lo = r.min(axis=(1, 2), keepdims=True)
    span = r.max(axis=(1, 2), keepdims=True)
    span -= lo
    span[span <= 0] = 1  # a constant mask: all zeros, as normalize255
    r -= lo
    r /= span
    r *= np.float32(255)
    return r
