"""Fractal gradient (Perlin) noise for the island (:mod:`worldgen.generators.island`).

Determinism: 16 unit gradients written as exact constants (no sin/cos at
run time), one seeded 256-entry permutation and one of :data:`PHASES` sets of
per-octave lattice offsets (:data:`OFFSETS`); only element-wise float32
operations, added octave by octave in one fixed order, so every platform
gets the same bytes.

Everything but the permutation (where each pixel falls in each octave's
lattice, the fade weights, the gather indices) depends only on the map size
and the phase, and is kept for small maps (:func:`_cached_layout`): their path runs in
about 15 numpy calls instead of 50 (the noise was a quarter of the whole
island at 88x32).  Offsets used to be drawn per map from 2^32 sub-lattice
shifts per octave; with one fixed set, every map would put each octave's
lattice nodes (where that octave is 0) on the same pixels, halving the
noise's spread there over many maps.  Eight phases spread those pixels
evenly over the lattice cell (per-pixel spread within 5% of the mean over
many maps, as with random offsets).

Two paths give the same bytes (a test holds them to it): small maps,
whose layout is kept, compute every octave at once
(:func:`_octaves_at_once`); larger ones (from about 100 tiles wide, where
building the layout would cost more than the banded sum) go octave by
octave in bands of rows and yield :class:`Progress` between bands.  Arrays are indexed ``[y, x]``.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.registry import Progress
from worldgen.core.steps import finish

__all__ = ["fractal_noise", "noise_steps", "kept_octaves"]

#: Noise cells summed between two Progress events (one octave at 512x512).
NOISE_CELLS_PER_YIELD = 1 << 18
#: Most octaves a noise may have (the island's parameter range).
MAX_OCTAVES = 12
#: Maps whose octave terms (4 per octave, float32) fit this many cells, and whose layout is
#: kept (:func:`_layout_bytes`), take the all-at-once path.
_AT_ONCE_CELLS = 1 << 20

# 16 unit gradients, 22.5 degrees apart, as exact constants (cos/sin of k*pi/8).
_C1, _C2, _C3 = 0.92387953251128674, 0.70710678118654757, 0.38268343236508978
_GRAD = np.array([
    (1.0, 0.0), (_C1, _C3), (_C2, _C2), (_C3, _C1), (0.0, 1.0), (-_C3, _C1), (-_C2, _C2), (-_C1, _C3),
    (-1.0, 0.0), (-_C1, -_C3), (-_C2, -_C2), (-_C3, -_C1), (0.0, -1.0), (_C3, -_C1), (_C2, -_C2), (_C1, -_C3),
], dtype=np.float32)
_GX = np.ascontiguousarray(_GRAD[:, 0])
_GY = np.ascontiguousarray(_GRAD[:, 1])
_GYX = np.stack([_GY, _GX])  # (2, 16): y then x components
#: ``_GYX`` for every hash value 0..255 (its low 4 bits pick the gradient): one gather, no ``& 15``.
_GYX256 = _GYX.take(np.arange(256) & 15, axis=1)
_GYX256.flags.writeable = False


#: Sets of lattice offsets a map draws one of (see :func:`_phase_offsets`).
PHASES = 8


def _phase_offsets() -> np.ndarray:
    """:data:`OFFSETS` ``(PHASES, MAX_OCTAVES, 2)``: per phase and octave an ``(x, y)`` lattice offset.

    An integer part (which part of the 256-periodic lattice the octave
    hashes) plus a fraction in 1/256 steps: per octave spread by
    golden-ratio steps (no two octaves share their nodes), per phase by
    1/8 of a cell in x and 3/8 in y (the 8 phases put an octave's nodes on
    8 points spread over its lattice cell).  Exact in float64.
    """
    k, o = np.arange(PHASES)[:, None], np.arange(MAX_OCTAVES)[None, :]
    whole = np.stack(np.broadcast_arrays((o * 101 + 37) % 256, (o * 59 + 151) % 256), axis=-1)
    frac = np.stack([(o * 158 + k * 32 + 79) % 256, (o * 193 + k * 96 + 97) % 256], axis=-1)
    return whole + frac / 256.0


#: Lattice offsets ``[phase, octave] = (x, y)``, in lattice cells (see :func:`_phase_offsets`).
OFFSETS = _phase_offsets()
OFFSETS.flags.writeable = False


def _fade(t: np.ndarray) -> np.ndarray:
    """Perlin's quintic 6t^5 - 15t^4 + 10t^3 (element-wise, float32)."""
    return t * t * t * (t * (t * np.float32(6) - np.float32(15)) + np.float32(10))


def _axis(n: int, period: float, offset: float) -> tuple[np.ndarray, np.ndarray]:
    """Lattice cell (int) and fraction (float32) of samples 0..n-1 along one axis."""
    u = np.arange(n, dtype=np.float64) / period + offset
    cell = np.floor(u)
    return cell.astype(np.int64), (u - cell).astype(np.float32)


def _kept(width: int, height: int, octaves: int, divisor: float) -> list[tuple[int, float, float]]:
    """``(octave, x period, y period)`` of the octaves that run: those finer than a tile on both axes don't."""
    kept = []
    for o in range(octaves):
        px, py = width / divisor / (1 << o), height / divisor / (1 << o)
        if o == 0 or max(px, py) >= 1.0:
            kept.append((o, px, py))
    return kept


def kept_octaves(width: int, height: int, octaves: int, divisor: float) -> int:
    """How many octaves a map of this size samples (those finer than a tile on both axes are skipped).

    >>> kept_octaves(88, 32, 8, 2.0)
    6
    """
    return len(_kept(width, height, octaves, divisor))


def _draw_tables(rng: np.random.Generator, octaves: int) -> tuple[np.ndarray, int]:
    """The hash permutation (all octaves) and the phase: which row of :data:`OFFSETS` the octaves use.

    One permutation serves every octave (as in Perlin's reference noise):
    each octave's offset puts it on another part of the 256-periodic
    lattice, and one draw costs a tenth of one per octave.  Octave o looks
    the same whatever the octave count.
    """
    if octaves > MAX_OCTAVES:
        raise ValueError(f"at most {MAX_OCTAVES} octaves")
    return rng.permutation(256), int(rng.integers(PHASES))


def noise_steps(rng: np.random.Generator, width: int, height: int, octaves: int,
                divisor: float) -> Iterator[Progress]:
    """Sum of octaves (raw, about -1..1); yields Progress per band of rows on maps that do not
    take the all-at-once path, returns the array."""
    tables = _draw_tables(rng, octaves)
    kept = _kept(width, height, octaves, divisor)
    if 4 * len(kept) * width * height <= _AT_ONCE_CELLS and _layout_bytes(width, height, kept) <= _LAYOUT_BYTES:
        return _octaves_at_once(tables[0], _cached_layout(width, height, tuple(kept), tables[1]), width, height)
    total = np.zeros((height, width), dtype=np.float32)
    buf = np.empty_like(total)
    band = max(1, NOISE_CELLS_PER_YIELD // width)
    for o, px, py in kept:
        perm, offset = tables[0], OFFSETS[tables[1], o]
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


#: Layouts kept (:func:`_cached_layout`): at most :data:`PHASES`, each at most 1 MB (88x32: 0.6 MB).
_LAYOUTS: dict[tuple, tuple] = {}
_LAYOUT_BYTES = 1 << 20


def _cached_layout(width: int, height: int, kept: tuple[tuple[int, float, float], ...], phase: int) -> tuple:
    """:func:`_layout`, kept for the next map when it is small (the last :data:`PHASES` such layouts).

    Small maps are where the layout's ~35 numpy calls would be a large share
    of the noise; a big one (128x80: 1.8 MB, 512x16: 12 MB) is rebuilt
    each time rather than held.
    """
    key = (width, height, kept, phase)
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _layout(*key)
        if sum(a.nbytes for a in layout) <= _LAYOUT_BYTES:
            if len(_LAYOUTS) >= PHASES:
                del _LAYOUTS[next(iter(_LAYOUTS))]  # the oldest
            _LAYOUTS[key] = layout
    return layout


def _layout_bytes(width: int, height: int, kept: list[tuple[int, float, float]]) -> int:
    """At least the bytes of :func:`_layout` at this size, whatever the phase (its
    lattice rows and columns rounded up): the all-at-once path is taken only
    where its layout is kept, since building it costs more than the banded
    path's whole sum (at 128x80: 0.6 ms of layout + 0.9 of sum, against 1.0
    banded; with the layout kept, 88x32 sums in 0.18 ms, banded 0.55).

    >>> _layout_bytes(88, 32, _kept(88, 32, 8, 2.0)) >= sum(a.nbytes for a in _layout(88, 32, tuple(_kept(88, 32, 8, 2.0)), 0))
    True
    """
    n = len(kept)
    rows = sum(-(-height // py) + 2 for _, _, py in kept)        # lattice rows, all octaves
    cols = max(-(-width // px) for _, px, _ in kept) + 2
    return int(rows * (cols * 8 + 8 + width * (4 * 8 + 4 * 4)) + n * 4 * height * (8 + 4))


def _layout(width: int, height: int, kept: tuple[tuple[int, float, float], ...], phase: int) -> tuple:
    """Everything :func:`_octaves_at_once` needs but the permutation (read-only; see :func:`_cached_layout`).

    The lattices of all kept octaves are stacked row-wise (octave k's rows
    start at ``first[k]``); octave k's lattice columns are padded to the
    widest (extra columns are hashed but never read).  Returns ``(lx, ly,
    at, left, right, pick, weights)``: lattice x (``(R, C)``, & 255) and y
    (``(R, 1)``, & 255) of the hash, flat indices into the ``(2, R, C)``
    gradient lattice of each pixel's left and right corners (``(2, 2, R,
    width)``), their x-lerp factors ``(2, R, width)``, and the rows and
    weights ``(n, 4, height, 1)`` of the four y-terms of every octave.
    """
    f32, one = np.float32, np.float32(1)
    n = len(kept)
    octave = np.array([o for o, _, _ in kept])
    offsets = OFFSETS[phase, octave]                                               # (n, 2)
    amp = (1.0 / (1 << octave)).astype(f32)[:, None]                               # (n, 1)
    ux = np.arange(width, dtype=np.float64) / np.array([px for _, px, _ in kept])[:, None] + offsets[:, :1]
    uy = np.arange(height, dtype=np.float64) / np.array([py for _, _, py in kept])[:, None] + offsets[:, 1:]
    cellx, celly = np.floor(ux), np.floor(uy)
    xf, yf = (ux - cellx).astype(f32), (uy - celly).astype(f32)                    # (n, width), (n, height)
    cellx, celly = cellx.astype(np.int64), celly.astype(np.int64)
    cx, cy = cellx - cellx[:, :1], celly - celly[:, :1]                            # lattice-local cells
    rows = cy[:, -1] + 2                                                           # lattice rows per octave
    first = np.concatenate([[0], np.cumsum(rows)[:-1]])
    cols = int(cx[:, -1].max()) + 2
    own = np.repeat(np.arange(n), rows)                                            # octave of each lattice row
    nrows = int(rows.sum())
    ly = (celly[own, 0] + (np.arange(nrows) - first[own]))[:, None] & 255          # (R, 1) lattice y
    lx = ((cellx[:, :1] + np.arange(cols)) & 255)[own]                             # (R, C) lattice x
    # Flat gathers (take) of lattice row r, column cx: much cheaper than take_along_axis.
    at = cx[own] + (np.arange(nrows) * cols)[:, None]                              # (R, width)
    at = np.stack([at, at + nrows * cols])                                         # (2, R, width): gy, gx
    at = np.stack([at, at + 1])                                                    # left, right corner
    u = _fade(xf)
    one_u = one - u
    # Stacked: source 0 is Ay, source 1 is Ax (the banded path's term order is Ay, Ax, Ay, Ax):
    # Ay = gy0 (1-u) + gy1 u and Ax = gx0 ((1-u) xf) + gx1 (u (xf-1)), per lattice row.
    left = np.stack([one_u, one_u * xf]).take(own, axis=1)                        # (2, R, width)
    right = np.stack([u, u * (xf - one)]).take(own, axis=1)
    v = _fade(yf)
    c0, c1 = amp * (one - v), amp * v                                              # (n, height)
    weights = np.stack([c0 * yf, c0, c1 * (yf - one), c1], axis=1)[..., None]      # (n, 4, height, 1)
    row = first[:, None] + cy                                                      # (n, height)
    pick = np.stack([row, row + nrows, row + 1, row + (nrows + 1)], axis=1)        # (n, 4, height)
    layout = (lx, ly, at, left, right, pick, weights)
    for a in layout:
        a.flags.writeable = False
    return layout


def _octaves_at_once(perm: np.ndarray, layout: tuple, width: int, height: int) -> np.ndarray:
    """:func:`noise_steps`' sum with every kept octave in each numpy call: the same operations on
    the same values element by element, so the same bytes.

    Only the hash (the permutation ``perm``) depends on the map; ``layout``
    (:func:`_layout`) has the rest: about
    15 numpy calls.  The four weighted terms of every octave are added to
    the total one after another, in the banded path's order.
    """
    lx, ly, at, left, right, pick, weights = layout
    hashed = perm.take((perm.take(lx) + ly) & 255)                                 # (R, C), 0..255
    grads = _GYX256.take(hashed, axis=1)                                           # (2, R, C): gy, gx
    src, far = grads.take(at)                                                      # left, right corners
    src *= left
    far *= right
    src += far
    terms = src.reshape(-1, width).take(pick, axis=0)                              # (n, 4, height, width)
    terms *= weights
    terms = terms.reshape(-1, height, width)
    # From 0, then term by term in order, as the banded path: a reduction over
    # the outer axis adds whole rows one after another (no pairwise summation).
    return np.add.reduce(terms, axis=0, initial=np.float32(0))


def fractal_noise(rng: np.random.Generator, width: int, height: int, octaves: int = 8,
                  divisor: float = 2.0) -> np.ndarray:
    """Fractal gradient noise, raw (about -1..1), float32 ``(height, width)``.

    The lowest octave has a period of ``width/divisor`` tiles along x and
    ``height/divisor`` along y; octave k has period / 2^k and amplitude / 2^k.

    >>> n = fractal_noise(np.random.default_rng(1), 16, 8)
    >>> n.shape, n.dtype.name
    ((8, 16), 'float32')
    """
    return finish(noise_steps(rng, width, height, octaves, divisor))


