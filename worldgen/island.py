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

Arrays are indexed ``[y, x]``.

Decisions where the article is silent (see also the README):

* Noise determinism: gradients come from a fixed table of 16 unit vectors
  written as exact constants (no sin/cos at run time), picked by a 256-entry
  permutation drawn from the seeded generator; every octave has its own
  permutation and a random sub-lattice offset (multiples of 1/256), so octaves
  do not share lattice zeros.  Octaves whose period is below one tile on both
  axes are skipped: sampled once per tile they are aliased white noise of
  amplitude <= 1/64, not detail.  (At 88x32 that keeps 6 of the 8 octaves.)
  The lowest octave is never skipped: when even it is finer than a tile
  (``divisor`` above both sides) it is all the noise there is, and without
  it the map would be flat and all water whatever ``water`` says.
* Simultaneous particles: they move in lock-step.  Every step all particles
  choose their move on the grid as it stood after the previous step (so each
  sees its own earlier deposits and everyone else's), then all deposits of
  the step are added at once with ``bincount`` (several particles on one tile
  all count).  A particle with no neighbour <= its tile stays and deposits
  again.  It deposits up to ``life`` times (once at its start).  Off the map
  counts as lower than any tile, so a particle on the edge may roll off and
  is then gone, as in the original code (where particles died at the edge):
  with a wall instead they pile up against it and the mound grows towards
  the edges, not the centre.  The article rolled particles one by one; all at
  once takes 3 ms instead of 3 s at 88x32 and looks alike, but the mound is
  a little wider (earlier particles no longer shape the slope for later
  ones).  ``batches=B`` releases B groups one after another (B times the
  steps); ``batches=particles`` is the article's one-by-one algorithm.
* Scaling: ``particles`` scales with area (3000 per 88*32 tiles); ``margin``
  and ``life`` with the smaller side (12 and 50 per 32 tiles).  Explicit
  margins are clamped per axis so that a quarter of the side (>= 1 tile) stays
  free to start in.  Above :data:`MASK_CELLS` tiles the particles run on a grid
  ``s`` times coarser (particles / s^2, life / s, margin / s: the same mound)
  and the mask is upsampled bilinearly; the rings and the normalization are
  applied at full size.  Simulating 279k particles for 800 steps at 512x512
  tile by tile would take seconds; ``mask_scale=1`` still does it on request.
* Terrain scale: thresholds apply to the combined height renormalized to
  0..255 (as the original code did), so "255-25" is the top of this map's
  range.  Water is ``height <= water line``, so without ties exactly
  ``int((n-1) * water) + 1`` tiles are water.
* Edge guarantee: the rings alone leave land on the edge in about two thirds
  of the 88x32 maps (a quarter with ``batches=4``, one in ten one by one),
  and in some maps at most sizes, so when the water line is taken the outer
  ring counts as the lowest ground (the quantile is over the other tiles, the
  ring being water by fiat), and ring tiles that are higher than the line are
  drawn as shallow water (``info["edge_tiles_sunk"]`` counts them).  The
  edge is always water, the water fraction is still exact (unless the ring
  alone is more than ``water`` of the map: tiny maps with little water), and
  heights are not touched.  ``noise_terrain`` has no such fix.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from worldgen import grid, seeding
from worldgen.registry import GeneratorSpec, Progress, Stage, param, register
from worldgen.tiles import T

__all__ = [
    "IslandParams", "SPEC", "run", "fractal_noise", "normalize255", "water_line", "classify",
    "rolling_particles", "finish_mask", "particle_scale", "MASK_CELLS", "work_cap",
]

#: The article's map size; the particle numbers are quoted for it.
ARTICLE_W, ARTICLE_H = 88, 32
#: Largest particle grid (cells) simulated tile by tile; bigger maps run coarser.
MASK_CELLS = 96 * 96
#: Ring multipliers (outermost, second outermost).
RING = (np.float32(0.75), np.float32(0.88))
#: Work (cells + particles touched) between two Progress events in the particle loop.
_WORK_PER_YIELD = 300_000
#: Noise cells summed between two Progress events (one octave at 512x512).
_NOISE_CELLS_PER_YIELD = 1 << 18


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
                            "simulate particles this many times coarser; 0 = auto (1 up to 96x96 tiles)")
    water: float = param(0.6, 0.05, 0.95, "fraction of the map under water")
    deep: int = param(40, 0, 255, "deep water below water line - deep")
    coast: int = param(15, 0, 255, "coast (sand) below water line + coast")
    plains: int = param(35, 0, 255, "plains (grass) below water line + plains")
    hills: int = param(50, 0, 255, "hills above 255 - hills")
    mountain: int = param(25, 0, 255, "mountains above 255 - mountain")


# --------------------------------------------------------------------------- noise

# 16 unit gradients, 22.5 degrees apart, as exact constants (cos/sin of k*pi/8).
_C1, _C2, _C3 = 0.92387953251128674, 0.70710678118654757, 0.38268343236508978
_GRAD = np.array([
    (1.0, 0.0), (_C1, _C3), (_C2, _C2), (_C3, _C1), (0.0, 1.0), (-_C3, _C1), (-_C2, _C2), (-_C1, _C3),
    (-1.0, 0.0), (-_C1, -_C3), (-_C2, -_C2), (-_C3, -_C1), (0.0, -1.0), (_C3, -_C1), (_C2, -_C2), (_C1, -_C3),
], dtype=np.float32)
_GX = np.ascontiguousarray(_GRAD[:, 0])
_GY = np.ascontiguousarray(_GRAD[:, 1])


def _fade(t: np.ndarray) -> np.ndarray:
    """Perlin's quintic 6t^5 - 15t^4 + 10t^3 (element-wise, float32)."""
    return t * t * t * (t * (t * np.float32(6) - np.float32(15)) + np.float32(10))


def _axis(n: int, period: float, offset: float) -> tuple[np.ndarray, np.ndarray]:
    """Lattice cell (int) and fraction (float32) of samples 0..n-1 along one axis."""
    u = np.arange(n, dtype=np.float64) / period + offset
    cell = np.floor(u)
    return cell.astype(np.int64), (u - cell).astype(np.float32)


def _noise_steps(rng: np.random.Generator, width: int, height: int, octaves: int,
                 divisor: float) -> Iterator[Progress]:
    """Sum of octaves (raw, about -1..1); yields Progress per band of rows, returns the array."""
    # Drawn per octave, in order, so octave o looks the same whatever the octave count.
    tables = [(rng.permutation(256), rng.integers(0, 1 << 16, size=2) / 256.0) for _ in range(octaves)]
    total = np.zeros((height, width), dtype=np.float32)
    buf = np.empty_like(total)
    band = max(1, _NOISE_CELLS_PER_YIELD // width)
    for o, (perm, offset) in enumerate(tables):
        px = width / divisor / (1 << o)
        py = height / divisor / (1 << o)
        if o > 0 and max(px, py) < 1.0:
            continue  # finer than a tile on both axes: aliasing, not detail
        amp = np.float32(1.0 / (1 << o))  # 2^-o exactly, no pow()
        xi, xf = _axis(width, px, offset[0])
        yi, yf = _axis(height, py, offset[1])
        x0, y0 = int(xi[0]), int(yi[0])
        lx = np.arange(x0, int(xi[-1]) + 2)
        ly = np.arange(y0, int(yi[-1]) + 2)
        hashed = perm[(perm[lx & 255][None, :] + ly[:, None]) & 255] & 15  # (lattice rows, cols)
        gx, gy = _GX[hashed], _GY[hashed]
        cx = xi - x0
        u = _fade(xf)
        one = np.float32(1)
        # Per lattice row j: value(x, y) = Ax[j, x] + (y - j) * Ay[j, x] after the x-lerp.
        ax = gx[:, cx] * ((one - u) * xf) + gx[:, cx + 1] * (u * (xf - one))
        ay = gy[:, cx] * (one - u) + gy[:, cx + 1] * u
        cy = yi - y0
        v = _fade(yf)
        c0 = amp * (one - v)
        c1 = amp * v
        weights = (c0 * yf, c0, c1 * (yf - one), c1)
        sources = ((ay, cy), (ax, cy), (ay, cy + 1), (ax, cy + 1))
        for r0 in range(0, height, band):  # bands of rows: bounded work between yields
            r1 = min(height, r0 + band)
            part, acc = buf[r0:r1], total[r0:r1]
            for wgt, (src, rows) in zip(weights, sources):
                np.take(src, rows[r0:r1], axis=0, out=part)
                part *= wgt[r0:r1, None]
                acc += part
            yield Progress("noise", (o + r1 / height) / octaves)
    return total


def _drain(gen: Iterator) -> np.ndarray:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def fractal_noise(rng: np.random.Generator, width: int, height: int, octaves: int = 8,
                  divisor: float = 2.0) -> np.ndarray:
    """Fractal gradient noise, raw (about -1..1), float32 ``(height, width)``.

    The lowest octave has a period of ``width/divisor`` tiles along x and
    ``height/divisor`` along y; octave k has period / 2^k and amplitude / 2^k.

    >>> n = fractal_noise(seeding.rng(1, "doc"), 16, 8)
    >>> n.shape, n.dtype.name
    ((8, 16), 'float32')
    """
    return _drain(_noise_steps(rng, width, height, octaves, divisor))


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


_TERRAIN = np.array([T.deep_water, T.shallow_water, T.sand, T.grass, T.forest, T.hills, T.mountain],
                    dtype=np.uint8)


def classify(height: np.ndarray, line: float, p: IslandParams = IslandParams()) -> np.ndarray:
    """Tiles by elevation (heights on 0..255), as the article lists them.

    Water (height <= line): shallow above ``line - deep``, else deep.  Land:
    sand below ``line + coast``, grass below ``line + plains``, then mountain
    above ``255 - mountain``, hills above ``255 - hills``, forest otherwise.
    Each rule implies the ones before it, so the tile is the count of
    thresholds passed (six comparisons: much faster than ``searchsorted``).

    >>> classify(np.array([0, 100, 130, 150, 200, 210, 240], np.float32), 120.0).tolist()
    [1, 2, 3, 4, 5, 6, 7]
    """
    h = np.asarray(height, dtype=np.float32)
    f32 = np.float32
    up = np.inf

    def above(x: float) -> np.float32:  # "h > x" as "h >= above(x)"
        return np.nextafter(f32(x), f32(up))

    line = f32(line)
    land = above(line)
    lush = f32(line + f32(p.plains))
    breaks = np.array([
        above(line - f32(p.deep)),          # shallow
        land,                               # sand
        max(land, f32(line + f32(p.coast))),  # grass
        max(land, lush),                    # forest
        max(land, lush, above(255 - p.hills)),  # hills
        max(land, lush, above(255 - p.hills), above(255 - p.mountain)),  # mountain
    ], dtype=np.float32)
    index = np.zeros(h.shape, dtype=np.uint8)  # how many thresholds h has passed
    passed = np.empty(h.shape, dtype=bool)
    for b in breaks:
        np.greater_equal(h, b, out=passed)
        index += passed.view(np.uint8)
    return _TERRAIN.take(index)


# --------------------------------------------------------------------------- particles

_OFFSETS8 = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
#: 840 = lcm(1..8): ``r % k`` is exactly uniform over k choices for r uniform in 0..839.
_CHOICES = 840


@lru_cache(maxsize=1)
def _choice_table() -> np.ndarray:
    """``table[(r << 8) | bits]``: the (r % k)-th set bit of ``bits`` (k set bits), 8 if none.

    Bit i of ``bits`` is neighbour ``_OFFSETS8[i]``; 8 means "stay".  With r
    uniform in 0..839 every allowed neighbour is exactly equally likely.
    """
    masks = np.arange(256)
    bits = ((masks[:, None] >> np.arange(8)[None, :]) & 1).astype(bool)
    count = bits.sum(axis=1)
    nth = np.full((256, 8), 8, dtype=np.uint8)  # nth[m, j]: index of the j-th set bit of m
    rank = np.cumsum(bits, axis=1) - 1
    m_idx, d_idx = np.nonzero(bits)
    nth[m_idx, rank[m_idx, d_idx]] = d_idx
    j = np.arange(_CHOICES)[:, None] % np.maximum(count, 1)[None, :]  # (840, 256)
    return nth[masks[None, :], j].ravel()


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
    return {"particles": max(1, particles), "life": life, "margin": margin, "scale": scale}


#: Work caps (documented clamps).  Every lock-step sweeps the whole particle
#: grid, and every particle-step moves one particle, so a run costs about
#: ``lock-steps x grid cells + particles x life``.  The parameter ranges allow
#: requests that would run for minutes or years in a browser tab; these caps
#: keep the worst legal request to a few seconds.  The defaults and the
#: article's one-by-one mode at 88x32 (``batches=3000``) are within both.
MAX_PARTICLE_STEPS = 40_000_000  # particles x life, per population
MAX_CELL_STEPS = 1_000_000_000  # lock-steps x grid cells, all populations together
MAX_LOCK_STEPS = 200_000  # lock-steps (batches x life): each has a fixed Python cost


def work_cap(particles: int, life: int, batches: int, cells: int) -> tuple[int, int, int]:
    """Clamp ``(particles, life, batches)`` to the work caps for a grid of
    ``cells`` cells (all populations): life is cut first, then particles, then
    batches.  Requests within the caps are returned unchanged.
    ``info["sim_particles"|"sim_life"|"sim_batches"]`` of the mask stages
    report what ran.

    >>> work_cap(3000, 50, 3000, 2 * 90 * 34)
    (3000, 50, 3000)
    >>> work_cap(2_000_000, 5000, 1_000_000, 2 * 1026 * 1026)
    (2000000, 20, 23)
    """
    max_steps = max(1, min(MAX_LOCK_STEPS, MAX_CELL_STEPS // cells))
    life = min(life, max_steps)
    if particles * life > MAX_PARTICLE_STEPS:
        life = max(1, MAX_PARTICLE_STEPS // particles)
        particles = min(particles, MAX_PARTICLE_STEPS // life)
    batches = max(1, min(batches, particles, max_steps // life))
    return particles, life, batches


def _clamp_margin(margin: int, side: int) -> int:
    """Keep at least a quarter of the side (>= 1 cell) to start in."""
    return max(0, min(margin, (side - max(1, side // 4)) // 2))


def rolling_particles(rngs: list[np.random.Generator], moves: np.random.Generator, width: int,
                      height: int, particles: int, life: int, margins: list[int], batches: int = 1,
                      trace: list | None = None, progress: str | None = None,
                      preview: bool = True) -> Iterator[Progress]:
    """Roll one particle population per start rng on its own grid; returns raw counts.

    ``rngs[v]`` places population v's particles (at least ``margins[v]``
    from the edges, clamped: see module doc); ``moves`` draws every move of
    every population (one draw per chunk of steps is much cheaper than one
    per population).  Each population is released in ``batches`` equal
    batches, one after the other; the particles of a batch (of all
    populations at once) move in lock-step.

    A generator: yields :class:`Progress` (``progress`` names the stage; with
    ``preview``, a float32 copy of the first population's counts) and returns an ``int64`` array
    ``(len(rngs), height, width)`` of deposits, each summing to at most
    ``particles * life`` (a particle that rolls off stops).  With ``trace``
    (a list), appends per step ``[counts_before, yx_before, yx_after]``:
    ``(k, h, w)`` and ``(k, n, 2)`` arrays for the batch, ``[-1, -1]`` for a
    particle that has left the map.

    Layout: the k grids get a one-cell frame of value -1 and lie end to end in
    one flat array, with guard cells of the dtype's maximum before and after;
    positions are flat indices.  The frame is lower than any tile, so a
    particle on the edge may roll onto it, and it is then dead: the frame's
    deposits are wiped every step and, since no tile is <= -1 and no guard is
    <= anything, it can only drift along frames, never back onto a map.
    Each step computes for every cell the 8 bits "neighbour <= me" with one
    comparison over a 3x3 window view, packs them 8 cells per ``uint64`` word
    (bytes hold 0/1, so the integer matmul ``sum_i 2^i * word_i`` over the 8
    directions never carries between bytes: it is an OR), then every
    particle picks its move with one table lookup (:func:`_choice_table`).
    """
    k = len(rngs)
    batches = max(1, min(batches, particles))
    hp, wp = height + 2, width + 2
    cells = hp * wp
    dtype = np.int32 if particles * life < np.iinfo(np.int32).max else np.int64
    n8 = -(-k * cells // 8) * 8
    lead = wp + 1
    buf = np.full(lead + n8 + wp + 1, np.iinfo(dtype).max, dtype=dtype)
    flat = buf[lead:lead + k * cells]
    counts = flat.reshape(k, hp, wp)
    counts[:] = 0
    is_frame = np.zeros((k, hp, wp), dtype=bool)
    is_frame[:, 0, :] = is_frame[:, -1, :] = is_frame[:, :, 0] = is_frame[:, :, -1] = True
    frame = np.flatnonzero(is_frame)
    flat[frame] = -1
    item = buf.strides[0]
    window = np.lib.stride_tricks.as_strided(
        buf, shape=(3, 3, n8), strides=(wp * item, item, item), writeable=False)
    centre = buf[lead:lead + n8]
    less = np.empty((3, 3, n8), dtype=bool)
    less_words = less.reshape(9, n8).view(np.uint64)
    weights = np.array([1, 2, 4, 8, 0, 16, 32, 64, 128], dtype=np.uint64)  # centre: 0
    words = np.empty(n8 // 8, dtype=np.uint64)
    bits = words.view(np.uint8)  # bits[i]: which neighbours of cell i are <= it
    offs = np.array([dy * wp + dx for dy, dx in _OFFSETS8] + [0], dtype=np.intp)
    table = _choice_table()
    # All starts first, so that the batch count never changes where particles start.
    starts = np.empty((k, particles), dtype=np.intp)
    for v, (rng, margin) in enumerate(zip(rngs, margins)):
        mx, my = _clamp_margin(margin, width), _clamp_margin(margin, height)
        ys = rng.integers(my, height - my, size=particles)
        xs = rng.integers(mx, width - mx, size=particles)
        starts[v] = v * cells + (ys + 1) * wp + (xs + 1)
    every = max(1, _WORK_PER_YIELD // (k * cells + k * -(-particles // batches)))
    total_steps = batches * life
    done = 0

    def deposit(pos: np.ndarray) -> None:
        np.add(flat, np.bincount(pos, minlength=k * cells), out=flat, casting="unsafe")
        flat[frame] = -1

    def where(pos: np.ndarray) -> np.ndarray:
        n = pos.size // k
        v, rest = np.divmod(pos, cells)
        y, x = np.divmod(rest, wp)
        yx = np.stack([y - 1, x - 1], axis=-1)
        yx[is_frame.ravel()[pos] | (v != np.arange(k * n) // n)] = -1
        return yx.reshape(k, n, 2)

    for batch in range(batches):
        lo, hi = particles * batch // batches, particles * (batch + 1) // batches
        pos = starts[:, lo:hi].reshape(-1).copy()
        n = pos.size
        index = np.empty(n, dtype=np.uint32)
        # Moves are drawn per chunk of steps (bounded memory); the chunk size
        # depends only on (particles, life, batches): part of the recipe.
        chunk = max(1, min(life - 1, (1 << 20) // n))
        choices = np.empty((0, n), dtype=np.uint32)
        deposit(pos)
        for t in range(1, life):
            c = (t - 1) % chunk
            if c == 0:
                choices = moves.integers(0, _CHOICES, size=(min(chunk, life - t), n), dtype=np.uint32)
                choices <<= 8
            if trace is not None:
                trace.append([counts[:, 1:-1, 1:-1].astype(np.int64), where(pos)])
            np.less_equal(window, centre, out=less)
            np.matmul(weights, less_words, out=words)
            np.bitwise_or(choices[c], bits.take(pos), out=index)
            pos += offs.take(table.take(index))
            deposit(pos)
            if trace is not None:
                trace[-1].append(where(pos))
            done += 1
            if progress is not None and done % every == 0:
                shown = None
                if preview:
                    live = counts[0, 1:-1, 1:-1].astype(np.float32)
                    shown = Stage(progress, live, kind="layer", vrange=(0.0, float(max(live.max(), 1))))
                yield Progress(progress, done / total_steps, shown)
        done += 1
    return counts[:, 1:-1, 1:-1].astype(np.int64)


def _upsample(coarse: np.ndarray, scale: int, width: int, height: int) -> np.ndarray:
    """Bilinear, cell centres aligned and the coarse grid centred on the map."""
    hs, ws = coarse.shape

    def axis(n: int, ns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        pad = (ns * scale - n) / 2.0
        u = (np.arange(n, dtype=np.float64) + 0.5 + pad) / scale - 0.5
        u = np.clip(u, 0.0, ns - 1.0)
        i0 = np.floor(u).astype(np.intp)
        i1 = np.minimum(i0 + 1, ns - 1)
        return i0, i1, (u - i0).astype(np.float32)

    y0, y1, fy = axis(height, hs)
    x0, x1, fx = axis(width, ws)
    one = np.float32(1)
    rows = coarse[y0] * (one - fy)[:, None] + coarse[y1] * fy[:, None]
    return rows[:, x0] * (one - fx) + rows[:, x1] * fx


def finish_mask(raw: np.ndarray) -> np.ndarray:
    """Outer ring x0.75, second ring x0.88, then normalized 0..255 (float32).

    >>> finish_mask(np.ones((5, 5)))[:, 2].astype(int).tolist()  # 255 * (0.88-0.75)/0.25
    [0, 132, 255, 132, 0]
    """
    m = np.array(raw, dtype=np.float32)
    inner = m[1:-1, 1:-1]
    inner[[0, -1], :] *= RING[1]
    inner[1:-1, [0, -1]] *= RING[1]
    m[[0, -1], :] *= RING[0]
    m[1:-1, [0, -1]] *= RING[0]
    return normalize255(m)


def _mask_steps(seed: int, width: int, height: int, p: IslandParams) -> Iterator[Progress]:
    """Roll both particle populations (plain, centre-biased); returns (raw counts, scale, info)."""
    sp = particle_scale(width, height, p)
    s = sp["scale"]
    ws, hs = -(-width // s), -(-height // s)
    n = max(1, round(sp["particles"] / (s * s)))
    life = max(1, round(sp["life"] / s))
    margin = round(sp["margin"] / s)
    n, life, batches = work_cap(n, life, p.batches, 2 * (ws + 2) * (hs + 2))
    rngs = [seeding.rng(seed, "mask_plain"), seeding.rng(seed, "mask")]
    raw = yield from rolling_particles(rngs, seeding.rng(seed, "mask_moves"), ws, hs, n, life,
                                       [0, margin], batches=batches, progress="mask_plain",
                                       preview=s == 1)  # coarse counts would not fit the map
    info = dict(sp, sim_size=(ws, hs), sim_particles=n, sim_life=life, sim_batches=batches,
                sim_margin=(_clamp_margin(margin, ws), _clamp_margin(margin, hs)))
    return raw, s, info


def _full_mask(raw: np.ndarray, scale: int, width: int, height: int) -> np.ndarray:
    """Raw counts (maybe coarse) to the finished 0..255 mask at map size."""
    r = raw.astype(np.float32)
    if scale > 1:
        r = _upsample(r, scale, width, height)
    return finish_mask(r)


# --------------------------------------------------------------------------- run

def run(seed: int, width: int, height: int, p: IslandParams) -> Iterator[Stage | Progress]:
    """Yield the island's stages in order (see :data:`SPEC`)."""
    raw = yield from _noise_steps(seeding.rng(seed, "noise"), width, height, p.octaves, p.divisor)
    noise = normalize255(raw)
    yield Stage("noise", noise, kind="layer", vrange=(0.0, 255.0))

    line = water_line(noise, p.water)
    yield Stage("noise_terrain", classify(noise, line, p), info={"water_line": line})

    raw_masks, scale, mask_info = yield from _mask_steps(seed, width, height, p)
    plain = _full_mask(raw_masks[0], scale, width, height)
    yield Stage("mask_plain", plain, kind="layer", vrange=(0.0, 255.0), info=dict(mask_info, margin=0))
    mask = _full_mask(raw_masks[1], scale, width, height)
    yield Stage("mask", mask, kind="layer", vrange=(0.0, 255.0), info=mask_info)

    combined = noise * mask
    combined /= np.float32(255)
    yield Stage("combined", combined, kind="layer", vrange=(0.0, 255.0))

    # Terrain on the combined height renormalized to 0..255.  Edge guarantee
    # (module doc): the outer ring counts as the lowest ground when the water
    # line is taken, and ring tiles above it are drawn as the water they are.
    height_map = normalize255(combined)
    ring = np.flatnonzero(grid.border_mask(height_map.shape))
    edge = height_map.ravel()[ring]
    lowered = height_map.copy()
    lowered.ravel()[ring] = -1.0
    line = water_line(lowered, p.water)
    tiles = classify(height_map, line, p)
    tiles.ravel()[ring] = classify(np.minimum(edge, np.float32(line)), line, p)
    land = int(np.count_nonzero(lowered > np.float32(line)))
    yield Stage("terrain", tiles, info={
        "water_line": line, "land_fraction": land / tiles.size, "water_fraction": p.water,
        "edge_tiles_sunk": int(np.count_nonzero(edge > np.float32(line)))})


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
