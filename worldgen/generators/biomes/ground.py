"""The ground field: where growth crawls and where it races (the package doc,
"Why it does not look like squares or a Voronoi diagram").  Two octaves of
smooth value noise become a per-tile chance that a blank tile is won each loop."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["ground_noise", "ground_thresholds", "octave_cells", "value_noise"]


#: Growth probabilities are stored as integers: chance * 2**24.
_P_ONE = 1 << 24


def value_noise(rng: np.random.Generator, height: int, width: int, cell: int) -> np.ndarray:
    """Smooth value noise in [0, 1], ``float32``, lattice spacing ``cell`` tiles.

    Separable smoothstep interpolation of a random lattice: rows first, then
    columns.  Element-wise float32 arithmetic only (no transcendental functions).
    """
    gh, gw = height // cell + 2, width // cell + 2
    lattice = rng.random((gh, gw), dtype=np.float32)

    def axis(n: int) -> tuple[np.ndarray, np.ndarray]:
        t = (np.arange(n, dtype=np.float32) + np.float32(0.5)) / np.float32(cell)
        i = t.astype(np.int64)
        f = t - i.astype(np.float32)
        return i, f * f * (np.float32(3) - np.float32(2) * f)  # smoothstep

    y0, fy = axis(height)
    x0, fx = axis(width)
    left, right = lattice[:, x0], lattice[:, x0 + 1]
    rows = left + (right - left) * fx  # (gh, width)
    step = rows[1:] - rows[:-1]        # (lower - upper) per pair of lattice rows
    out = np.empty((height, width), dtype=np.float32)
    # Map rows between the same two lattice rows form one block (y0 never falls):
    # upper + (lower - upper) * fy, by broadcasting, without gathering either row.
    cuts = np.flatnonzero(np.diff(y0)) + 1
    for a, b in zip([0, *cuts.tolist()], [*cuts.tolist(), height]):
        j = int(y0[a])
        block = out[a:b]
        np.multiply(step[j], fy[a:b, None], out=block)
        block += rows[j]
    return out


def ground_noise(rng: np.random.Generator, height: int, width: int, spacing: float) -> list[np.ndarray]:
    """The two octaves of the "ground" field, features ~2/3 and ~2/9 of ``spacing``."""
    return [value_noise(rng, height, width, cell) for cell in octave_cells(spacing)]


def octave_cells(spacing: float) -> tuple[int, int]:
    cell = max(2, int(spacing / 1.5))
    return cell, max(2, cell // 3)


def ground_thresholds(octaves: Sequence[np.ndarray], spread: float, rough: float) -> np.ndarray:
    """Per-tile spread chance from the ground noise, as padded flat ``uint32`` (chance * 2**24).

    Where the min-max normalized noise ``f`` is 1 the chance is ``spread``;
    it falls to ``spread * (1 - rough)`` as ``f * f`` falls to 0.
    """
    coarse, fine = octaves
    f = coarse * np.float32(0.65)
    f += np.float32(0.35) * fine
    lo, hi = f.min(), f.max()
    if hi > lo:
        f -= lo
        f *= np.float32(1.0) / (hi - lo)
    else:
        f[...] = 1
    f *= f
    # Scaled by 2**24 here rather than after the clip: a power of two, so every
    # product and sum rounds alike and the result is the same to the bit.
    f *= np.float32(spread * rough) * np.float32(_P_ONE)
    f += np.float32(spread * (1.0 - rough)) * np.float32(_P_ONE)
    np.clip(f, np.float32(_P_ONE / 4096), np.float32(_P_ONE), out=f)
    out = np.zeros((f.shape[0] + 2, f.shape[1] + 2), dtype=np.uint32)
    out[1:-1, 1:-1] = f               # truncated, as astype would
    return out.ravel()
