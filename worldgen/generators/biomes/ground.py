"""The ground field: where growth crawls and where it races (the package doc,
"Why it does not look like squares or a Voronoi diagram").  Two octaves of
smooth value noise become a per-tile chance that a blank tile is won each loop.

The field is made a band of rows at a time (:func:`ground_thresholds_steps`):
each band's octaves, their mix and then its chances are a dozen passes over
arrays small enough to stay in the processor's cache, where the same passes
over whole 1000x1000 maps each go out to memory (with the noise rows read
along rows, not at a column's stride: 12 ms of CPU became 7 at 1000x1000).
Every value is the same to the bit whichever way it is cut.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

__all__ = ["ground_noise", "ground_thresholds", "ground_thresholds_steps", "octave_cells", "value_noise"]


#: Growth probabilities are stored as integers: chance * 2**24.
_P_ONE = 1 << 24
#: Cells per band of the field's passes (a few ``float32`` arrays of a band fit in the cache).
_BAND_CELLS = 1 << 16


def _axis(n: int, cell: int) -> tuple[np.ndarray, np.ndarray]:
    """The lattice cell of each of ``n`` positions and its smoothstep weight."""
    t = (np.arange(n, dtype=np.float32) + np.float32(0.5)) / np.float32(cell)
    i = t.astype(np.int64)
    f = t - i.astype(np.float32)
    return i, f * f * (np.float32(3) - np.float32(2) * f)  # smoothstep


class _Octave:
    """Smooth value noise in [0, 1] (``float32``, lattice spacing ``cell`` tiles),
    written a band of map rows at a time by :meth:`fill`.

    Separable smoothstep interpolation of a random lattice: rows first (made
    here, one per lattice row), then columns.  Element-wise float32
    arithmetic only (no transcendental functions).
    """

    def __init__(self, rng: np.random.Generator, height: int, width: int, cell: int) -> None:
        gh, gw = height // cell + 2, width // cell + 2
        lattice = rng.random((gh, gw), dtype=np.float32)
        y0, self.fy = _axis(height, cell)
        x0, fx = _axis(width, cell)
        left, right = lattice[:, x0], lattice[:, x0 + 1]
        # (gh, width), row-major: the fancy index above lays it out by columns,
        # and each block below reads a whole row (3x slower at a column's stride).
        self.rows = np.ascontiguousarray(left + (right - left) * fx)
        self.step = self.rows[1:] - self.rows[:-1]  # (lower - upper) per pair of lattice rows
        # Map rows between the same two lattice rows form one block (y0 never falls):
        # lattice row j's block is map rows first[j] .. first[j + 1].
        self.y0 = y0
        self.first = np.searchsorted(y0, np.arange(gh)).tolist()

    def fill(self, out: np.ndarray, a: int, b: int) -> np.ndarray:
        """Map rows ``a .. b`` of the noise, written into ``out`` (``b - a`` rows).

        Each block is upper + (lower - upper) * fy, by broadcasting, without
        gathering either lattice row.
        """
        for j in range(int(self.y0[a]), int(self.y0[b - 1]) + 1):
            ya, yb = max(a, self.first[j]), min(b, self.first[j + 1])
            block = out[ya - a:yb - a]
            np.multiply(self.step[j], self.fy[ya:yb, None], out=block)
            block += self.rows[j]
        return out


def value_noise(rng: np.random.Generator, height: int, width: int, cell: int) -> np.ndarray:
    """Smooth value noise in [0, 1], ``float32``, lattice spacing ``cell`` tiles (see :class:`_Octave`)."""
    return _Octave(rng, height, width, cell).fill(np.empty((height, width), dtype=np.float32), 0, height)


def ground_noise(rng: np.random.Generator, height: int, width: int, spacing: float) -> list[np.ndarray]:
    """The two octaves of the "ground" field, features ~2/3 and ~2/9 of ``spacing``."""
    return [value_noise(rng, height, width, cell) for cell in octave_cells(spacing)]


def octave_cells(spacing: float) -> tuple[int, int]:
    cell = max(2, int(spacing / 1.5))
    return cell, max(2, cell // 3)


def _bands(height: int, width: int) -> list[tuple[int, int]]:
    """Bands of map rows of about :data:`_BAND_CELLS` cells each."""
    rows = max(1, _BAND_CELLS // max(width, 1))
    return [(a, min(height, a + rows)) for a in range(0, height, rows)]


def _mix(coarse: np.ndarray, fine: np.ndarray, out: np.ndarray, spare: np.ndarray) -> None:
    """``out = 0.65 coarse + 0.35 fine`` (float32, the field before it is normalized); ``spare`` is scratch."""
    np.multiply(coarse, np.float32(0.65), out=out)
    np.multiply(fine, np.float32(0.35), out=spare)
    out += spare


def _chances(f: np.ndarray, lo: np.float32, hi: np.float32, spread: float, rough: float, out: np.ndarray,
             work: np.ndarray) -> None:
    """The mixed field ``f`` as chances * 2**24 into ``out`` (``uint32``; it
    may be ``f``'s memory), worked out in ``work`` (``float32``, ``f``'s
    shape; it may be ``f``).

    Where the min-max normalized noise ``f`` is 1 the chance is ``spread``;
    it falls to ``spread * (1 - rough)`` as ``f * f`` falls to 0.
    """
    if hi > lo:
        np.subtract(f, lo, out=work)
        work *= np.float32(1.0) / (hi - lo)
    else:
        work[...] = 1
    work *= work
    # Scaled by 2**24 here rather than after the clip: a power of two, so every
    # product and sum rounds alike and the result is the same to the bit.
    work *= np.float32(spread * rough) * np.float32(_P_ONE)
    work += np.float32(spread * (1.0 - rough)) * np.float32(_P_ONE)
    np.maximum(work, np.float32(_P_ONE / 4096), out=work)   # a clip (no NaN here), in two faster passes
    np.minimum(work, np.float32(_P_ONE), out=work)
    out.view(np.int32)[...] = work    # truncated, as astype would (to int32: 2**24 fits, and the cast is faster)


def ground_thresholds(octaves: Sequence[np.ndarray], spread: float, rough: float) -> np.ndarray:
    """Per-tile spread chance from the ground noise, as padded flat ``uint32`` (chance * 2**24).

    The two octaves (coarse, fine) are mixed 0.65 : 0.35 and min-max
    normalized (:func:`_chances`).  :func:`ground_thresholds_steps` makes
    the same from a generator's draws, a band at a time.
    """
    coarse, fine = octaves
    f = np.empty_like(coarse)
    _mix(coarse, fine, f, np.empty_like(coarse))
    out = np.zeros((f.shape[0] + 2, f.shape[1] + 2), dtype=np.uint32)
    _chances(f, f.min(), f.max(), spread, rough, out[1:-1, 1:-1], f)
    return out.ravel()


def ground_thresholds_steps(rng: np.random.Generator, height: int, width: int, spacing: float, spread: float,
                            rough: float, tick: Callable[[], Any] | None = None) -> Iterator[Any]:
    """:func:`ground_thresholds` of :func:`ground_noise` (the same draws, the
    same bits) a band of rows at a time: ``thresholds = yield from ...``.

    The octaves of a band are mixed at once and never kept whole.  The
    mixed field is kept as ``float32`` in the memory of the thresholds it
    becomes once its range is known (a band is read out into the cache
    before its chances are written back), so no other whole-map array is made.
    Yields ``tick()`` (or None) about every 2**18 cells of each of the two passes.
    """
    octaves = [_Octave(rng, height, width, cell) for cell in octave_cells(spacing)]
    bands = _bands(height, width)
    rows = bands[0][1]
    per_tick = max(1, (1 << 18) // (rows * width))
    coarse, fine, spare = (np.empty((rows, width), dtype=np.float32) for _ in range(3))
    out = np.empty((height + 2, width + 2), dtype=np.uint32)   # not zeros: fresh zeroed pages cost more natively
    out[0] = out[-1] = out[:, 0] = out[:, -1] = 0
    field = out.view(np.float32)[1:-1, 1:-1]
    lows, highs = [], []
    for i, (a, b) in enumerate(bands):
        band = field[a:b]
        _mix(octaves[0].fill(coarse, a, b)[:b - a], octaves[1].fill(fine, a, b)[:b - a], band, spare[:b - a])
        lows.append(band.min())
        highs.append(band.max())
        if (i + 1) % per_tick == 0:
            yield None if tick is None else tick()
    lo, hi = min(lows), max(highs)
    for i, (a, b) in enumerate(bands):
        _chances(field[a:b], lo, hi, spread, rough, out[1 + a:1 + b, 1:-1], spare[:b - a])
        if (i + 1) % per_tick == 0:
            yield None if tick is None else tick()
    return out.ravel()
