"""Island: fractal Perlin noise times a rolling-particle mask, cut at a water line.

After "World Generation Breakdown" (Dance of Death; seeds/000_7569994bbe06b055.txt):

1. ``noise``: fractal gradient (Perlin) noise, 8 octaves, lowest octave with
   features ``width/2`` by ``height/2`` tiles (Flash ``perlinNoise(w/2, h/2, 8)``),
   each octave double the frequency and half the amplitude, normalized 0..255.
   ``noise_terrain`` shows the terrain rules applied to it directly: it touches
   the edges, which is why the mask exists.
2. ``mask_plain`` / ``mask``: rolling particles.  3000 particles (at 88x32) of
   life 50 each start somewhere (``mask_plain``: anywhere; ``mask``: at least
   12 tiles from the edges), add 1 where they stand and roll to a uniformly
   random one of their 8 neighbours whose value is <= their own.  The outer
   ring is then multiplied by 0.75 and the second ring by 0.88, and the result
   normalized 0..255.
3. ``combined``: ``noise * mask / 255``.
4. ``terrain``: the water line is the value at index ``int((n-1) * water)`` of
   the sorted heights; terrain by elevation relative to it (see :func:`classify`).
   Its ``info`` says ``water_line``, ``land_fraction`` and ``edge_tiles_sunk``.

Arrays are indexed ``[y, x]``.

Decisions where the article is silent (docs/generators/island.md lists every departure):

* Noise determinism (:mod:`worldgen.noise`): 16 unit gradients written as
  exact constants (no sin/cos at run time), one seeded 256-entry
  permutation and one of 8 fixed sets of per-octave lattice offsets.  Octaves whose period is below one tile on
  both axes are skipped (aliased white noise of amplitude <= 1/64: at 88x32
  that keeps 6 of the 8 octaves); the lowest octave never is.
* Particles move in lock-step (:mod:`worldgen.particles`): all choose their
  move on the grid left by the previous step, then deposit at once; off the
  map counts as lower than any tile, so a particle may roll off and is then
  gone.  ``batches=particles`` is the article's one-by-one algorithm.
* Scaling: particles scale with area (3000 per 88x32), margin and life with
  the smaller side (12 and 50 per 32).  Above :data:`MASK_CELLS` tiles the
  particles run on a grid ``s`` times coarser, ``s`` at least
  :data:`MIN_COARSE` (particles / s^2, life and margin / s) and the mask is
  upsampled bilinearly.  That includes the article's 88x32, which rolls 333
  particles of life 17 on 30x11 cells: the same mound (same centre, profile
  and fall-off over many seeds: test), a little smoother, for a ninth of the
  cells and a third of the lock-steps, the only way to bring the whole map
  under 1 ms (each lock-step costs ~10 us of numpy calls whatever the grid:
  at full resolution the 49 lock-steps alone cost ~0.5 ms, at 2x coarser
  the 24 were still a third of the map's time).  ``mask_scale=1`` rolls the
  article's numbers tile by tile (``mask_scale=2``: on 44x16 cells, as the
  game's world map does).
* Terrain scale: thresholds apply to the combined height renormalized to
  0..255 (as the original code did), so "255-25" is the top of the map.
* Water: exactly the ``int((n-1) * water) + 1`` lowest tiles, by (height,
  noise, row-major order): level ground (a sparse mask leaves much of the
  map at 0) is split by the noise, so the fraction holds at any particle
  setting.  The outer ring counts as the lowest ground (the rings alone
  leave land on the edge in two thirds of the 88x32 maps), so land never
  touches the edge; ring tiles above the line are drawn as shallow water
  (``info["edge_tiles_sunk"]``).  A request whose ring alone is over
  ``water`` + 0.02 of the map is refused (:func:`check_request`).

(The noise lives in :mod:`worldgen.noise`, the particles in
:mod:`worldgen.particles`.)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from worldgen import grid, seeding
from worldgen.noise import _GX, _GY, NOISE_CELLS_PER_YIELD, fractal_noise, noise_steps  # noqa: F401
from worldgen.particles import (MAX_CELL_STEPS, MAX_LOCK_STEPS, MAX_PARTICLE_STEPS, clamp_margin, rolling_particles,
                                work_cap)
from worldgen.registry import GeneratorSpec, ParamError, Progress, Stage, param, register
from worldgen.tiles import T

__all__ = [
    "IslandParams", "SPEC", "run", "fractal_noise", "normalize255", "water_line", "lowest_cells", "classify",
    "ring_share", "check_request",
    "rolling_particles", "finish_mask", "particle_scale", "MASK_CELLS", "MIN_COARSE", "work_cap",
    "MAX_CELL_STEPS", "MAX_LOCK_STEPS", "MAX_PARTICLE_STEPS",
]

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
#: Cells above which whole-map terrain steps are split by Progress events.
_NOISE_CELLS_PER_YIELD = NOISE_CELLS_PER_YIELD


@dataclass(frozen=True)
class IslandParams:
    octaves: int = param(8, 1, 12, "noise octaves (those finer than a tile are skipped)")
    divisor: float = param(2.0, 0.25, 64.0,
                           "frequency divisor: lowest octave features are width/divisor wide")
    particles: int = param(0, 0, 2_000_000, "rolling particles; 0 = auto (3000 per 88x32 tiles)")
    life: int = param(0, 0, 5000, "steps per particle; 0 = auto (50 per 32 tiles of the smaller side)")
    margin: int = param(-1, -1, 512, "particles start this far from the edges; -1 = auto (12 per 32 tiles)")
    batches: int = param(1, 1, 1_000_000, "release particles in this many batches, one after another"
                                          " (1 = all at once, fastest; = particles: one by one)")
    mask_scale: int = param(0, 0, 64,
                            "simulate particles this many times coarser; 0 = auto (1 up to 48x48 tiles, then >= 3)")
    water: float = param(0.6, 0.05, 0.95, "fraction of the map under water")
    deep: int = param(40, 0, 255, "deep water below water line - deep")
    coast: int = param(15, 0, 255, "coast (sand) below water line + coast")
    plains: int = param(35, 0, 255, "plains (grass) below water line + plains")
    hills: int = param(50, 0, 255, "hills above 255 - hills")
    mountain: int = param(25, 0, 255, "mountains above 255 - mountain")


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


# --------------------------------------------------------------------------- terrain

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

    >>> h = np.array([[0, 0, 0], [0, 5, 0]], np.float32)
    >>> lowest_cells(h, np.array([[3, 1, 2], [0, 0, 9]], np.float32), 3).astype(int).tolist()
    [[0, 1, 1], [1, 0, 0]]
    """
    flat, tb = np.asarray(height).ravel(), np.asarray(tiebreak).ravel()
    count = max(0, min(int(count), flat.size))
    mask = np.zeros(flat.size, dtype=bool)
    if count:
        cut = np.partition(flat, count - 1)[count - 1]
        np.less(flat, cut, out=mask)
        need = count - int(np.count_nonzero(mask))
        level = np.flatnonzero(flat == cut)
        if need < level.size:
            keys = tb[level]
            key_cut = np.partition(keys, need - 1)[need - 1]
            lower = level[keys < key_cut]
            level = np.concatenate([lower, level[keys == key_cut][:need - lower.size]])
        mask[level] = True
    return mask.reshape(np.shape(height))


#: Which thresholds are strict ("above x"): shallow, sand, hills, mountain.
_STRICT = np.array([True, True, False, False, True, True])
#: Maps up to this many tiles are classified with one searchsorted.
_SEARCH_CELLS = 1 << 15
_TERRAIN = np.array([T.deep_water, T.shallow_water, T.sand, T.grass, T.forest, T.hills, T.mountain],
                    dtype=np.uint8)


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
    # Raw thresholds (float32, as line - deep etc. in float32), then "h > x" as
    # "h >= nextafter(x)" for the strict ones, then every land threshold at
    # least sand's and hills/mountain at least forest's: six numpy calls.
    raw = np.array([line, line, line, line, 255 - p.hills, 255 - p.mountain], dtype=np.float32)
    raw += np.array([-p.deep, 0, p.coast, p.plains, 0, 0], dtype=np.float32)
    breaks = np.where(_STRICT, np.nextafter(raw, np.float32(np.inf)), raw)  # shallow, sand, grass, forest, ...
    np.maximum(breaks[2:], breaks[1], out=breaks[2:])        # grass, forest, hills, mountain >= sand
    breaks[3:] = np.maximum.accumulate(breaks[3:])           # hills >= forest, mountain >= hills
    if h.size <= _SEARCH_CELLS:  # one call: the count of thresholds <= h, in any order
        index = np.sort(breaks).searchsorted(h, side="right")
    else:
        index = np.zeros(h.shape, dtype=np.uint8)  # how many thresholds h has passed
        passed = np.empty(h.shape, dtype=bool)
        for b in breaks:
            np.greater_equal(h, b, out=passed)
            index += passed.view(np.uint8)
    if water is not None:  # water: at most shallow; land: at least sand
        index = np.where(water, np.minimum(index, 1), np.maximum(index, 2))
    return _TERRAIN.take(index)


def ring_share(width: int, height: int) -> float:
    """Share of the map on its outer ring (always water: land never touches the edge).

    >>> ring_share(88, 32)
    0.08380681818181818
    """
    return (2 * (width + height) - 4) / (width * height)


def check_request(width: int, height: int, p: IslandParams) -> None:
    """Refuse, in one line naming them, a ``water`` the map's edge alone exceeds.

    The outer ring is water by rule, so a map whose ring is more than
    ``water`` (+ the 0.02 tolerance) of its tiles cannot meet the fraction:
    small maps with little water (16x16: the ring is 23%).
    """
    share = ring_share(width, height)
    if share > p.water + 0.02:
        raise ParamError(f"island: water={p.water:g} is below the edge ring's share of a {width}x{height} map "
                         f"({share:.3f}, always water); ask for water >= {share - 0.02:.3f} or a larger map")


# --------------------------------------------------------------------------- particles

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
def _ring(shape: tuple[int, int]) -> np.ndarray:
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


def _mask_steps(seed: int, width: int, height: int, p: IslandParams) -> Iterator[Progress]:
    """Roll both particle populations (plain, centre-biased); returns (raw counts, scale, info)."""
    sp = particle_scale(width, height, p)
    s = sp["scale"]
    ws, hs = -(-width // s), -(-height // s)
    n = max(1, round(sp["particles"] / (s * s)))
    life = max(1, round(sp["life"] / s))
    margin = round(sp["margin"] / s)
    n, life, batches = work_cap(n, life, p.batches, 2 * (ws + 2) * (hs + 2))
    # One stream for both populations' starts, then every move: each
    # generator costs ~25 us to seed, a tenth of the 88x32 particle loop.
    draws = seeding.rng(seed, "mask")
    raw = yield from rolling_particles(draws, ws, hs, n, life, [0, margin], batches=batches,
                                       progress="mask_plain", preview=s == 1)  # coarse counts would not fit the map
    info = dict(sp, sim_size=(ws, hs), sim_particles=n, sim_life=life, sim_batches=batches,
                sim_margin=(clamp_margin(margin, ws), clamp_margin(margin, hs)))
    return raw, s, info


def _full_masks(raw: np.ndarray, scale: int, width: int, height: int) -> np.ndarray:
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


# --------------------------------------------------------------------------- run

def run(seed: int, width: int, height: int, p: IslandParams) -> Iterator[Stage | Progress]:
    """Yield the island's stages in order (see :data:`SPEC`).

    On maps over :data:`_NOISE_CELLS_PER_YIELD` tiles, whole-map steps are
    separated by :class:`Progress` events so no single step grows with the map
    beyond a few passes (none on small maps, where they would cost more than
    they split).
    """
    check_request(width, height, p)
    big = width * height > _NOISE_CELLS_PER_YIELD

    def pause(stage: str, done: float):
        if big:
            yield Progress(stage, done)

    raw = yield from noise_steps(seeding.rng(seed, "noise"), width, height, p.octaves, p.divisor)
    noise = normalize255(raw)
    yield Stage("noise", noise, kind="layer", vrange=(0.0, 255.0))

    line = water_line(noise, p.water)
    yield from pause("noise_terrain", 0.5)
    yield Stage("noise_terrain", classify(noise, line, p), info={"water_line": line})

    raw_masks, scale, mask_info = yield from _mask_steps(seed, width, height, p)
    yield from pause("mask_plain", 1.0)
    # Both masks in each numpy call on small maps; one per step on big ones (bounded steps).
    masks = _full_masks(raw_masks[:1] if big else raw_masks, scale, width, height)
    yield Stage("mask_plain", masks[0], kind="layer", vrange=(0.0, 255.0), info=dict(mask_info, margin=0))
    mask = _full_masks(raw_masks[1:], scale, width, height)[0] if big else masks[1]
    yield Stage("mask", mask, kind="layer", vrange=(0.0, 255.0), info=mask_info)

    combined = noise * mask
    combined /= np.float32(255)
    yield Stage("combined", combined, kind="layer", vrange=(0.0, 255.0))

    # Terrain on the combined height renormalized to 0..255.  Water: the
    # int((n-1) x water) + 1 lowest tiles, the outer ring counting as the
    # lowest ground (so land never touches the edge; all of it, should it be
    # more: check_request refuses what that would push over the tolerance)
    # and level ground split by the noise (so a flat mask cannot flood the map).
    height_map = normalize255(combined)
    yield from pause("terrain", 0.1)
    ring = _ring(height_map.shape)
    lowered = np.where(ring, np.float32(-1), height_map)
    count = max(int((height_map.size - 1) * p.water) + 1, 2 * (width + height) - 4)  # the ring: all of it
    yield from pause("terrain", 0.25)
    wet = lowest_cells(lowered, noise, count)
    line = float(np.max(lowered, where=wet, initial=np.float32(-1)))
    yield from pause("terrain", 0.5)
    tiles = classify(height_map, line, p, water=wet)
    yield from pause("terrain", 0.75)
    land = tiles.size - count  # lowest_cells takes exactly count cells
    yield Stage("terrain", tiles, info={
        "water_line": line, "land_fraction": land / tiles.size, "water_fraction": p.water,
        "edge_tiles_sunk": int(np.count_nonzero(height_map[ring] > np.float32(line)))})


SPEC = register(GeneratorSpec(
    name="island",
    title="Island",
    summary="fractal Perlin noise x rolling-particle mask, water line at a quantile, terrain by height",
    stages=("noise", "noise_terrain", "mask_plain", "mask", "combined", "terrain"),
    params=IslandParams,
    run=run,
    default_size=(88, 32),
    min_size=(16, 16),
    max_size=(1024, 1024),
    bench_sizes=((88, 32), (512, 512)),
    source="000_7569994bbe06b055.txt",
))
