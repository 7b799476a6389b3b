"""Connected regions of a mask: labels found on horizontal runs of cells,
joined by hooking roots onto the smaller root (:func:`union_steps`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from worldgen.core.steps import finish
from .neighbours import offsets

__all__ = ["label", "label_steps", "union_steps", "largest_region"]


def _run_edges(m: np.ndarray, run_of: np.ndarray, connectivity: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of horizontal runs that touch across consecutive rows, few duplicates.

    Along a stretch of columns where the same two rows touch, the two runs do
    not change, so only the first column of each stretch makes an edge.
    """
    if connectivity == 8:
        shifts = (0, 1, -1)   # row y+1 cell at x + shift touches row y cell at x
    elif connectivity == 4:
        shifts = (0,)
    else:
        raise ValueError(f"connectivity must be 4 or 8, got {connectivity}")
    w = m.shape[1]
    us, vs = [], []
    for s in shifts:
        lo, hi = max(0, -s), w - max(0, s)          # columns x with x + s inside
        touch = m[:-1, lo:hi] & m[1:, lo + s:hi + s]
        first = touch.copy()
        first[:, 1:] &= ~touch[:, :-1]
        ys, xs = np.nonzero(first)
        xs = xs + lo
        us.append(run_of[ys, xs])
        vs.append(run_of[ys + 1, xs + s])
    return np.concatenate(us), np.concatenate(vs)


def label(mask: np.ndarray, connectivity: int = 4) -> tuple[np.ndarray, int]:
    """Label connected regions of True cells: ``(labels, count)``.

    Labels run 1..count in row-major order of each region's first cell; 0 is
    background.  Works on horizontal runs of True cells (far fewer than
    cells): runs touching across rows are joined by hooking roots onto the
    smaller root plus pointer jumping, all as array operations, O(log n)
    rounds in practice.  :func:`label_steps` is the same work in slices.

    >>> lab, n = label(np.array([[1, 0, 1], [1, 0, 0]], dtype=bool))
    >>> n, lab.tolist()
    (2, [[1, 0, 2], [1, 0, 0]])
    """
    return finish(label_steps(mask, connectivity))


def label_steps(mask: np.ndarray, connectivity: int = 4, cells: int = 1 << 18,
                tick: Callable[[], Any] | None = None):
    """:func:`label` as a generator: ``labels, count = yield from label_steps(...)``.

    Runs are found and mapped to labels in bands of about ``cells`` cells,
    and hooked together a round at a time; with ``tick`` it yields ``tick()``
    after each band and round (without, nothing), so a 1000x1000 map never
    holds the loop for long.  The result does not depend on the band size.

    >>> finish(label_steps(np.eye(3, dtype=bool), cells=3))[1]
    3
    """
    m = np.asarray(mask, dtype=bool)
    if m.ndim != 2:
        raise ValueError(f"label needs a 2-D mask, got shape {m.shape}")
    offsets(connectivity)  # validates it
    h, w = m.shape
    band = max(1, cells // max(w, 1))
    run_of = np.empty((h, w), dtype=np.int32)  # run index on True cells
    n_runs = 0
    us, vs = [], []
    for r0 in range(0, h, band):
        r1 = min(h, r0 + band)
        part = m[r0:r1]
        starts = part.copy()
        starts[:, 1:] &= ~part[:, :-1]
        run_of[r0:r1] = np.cumsum(starts.ravel(), dtype=np.int32).reshape(r1 - r0, w) + (n_runs - 1)
        n_runs += int(np.count_nonzero(starts))
        lo = max(r0 - 1, 0)  # the row pair across the band's top edge too
        u, v = _run_edges(m[lo:r1], run_of[lo:r1], connectivity)
        us.append(u)
        vs.append(v)
        if tick is not None:
            yield tick()
    if n_runs == 0:
        return np.zeros((h, w), dtype=np.int32), 0
    parent = yield from union_steps(np.arange(n_runs, dtype=np.int32), np.concatenate(us), np.concatenate(vs), tick)
    # Roots are each region's smallest run index, so sorted roots = row-major order.
    is_root = parent == np.arange(n_runs, dtype=np.int32)
    run_label = np.cumsum(is_root, dtype=np.int32)[parent]
    labels = np.empty((h, w), dtype=np.int32)
    for r0 in range(0, h, band):
        r1 = min(h, r0 + band)
        labels[r0:r1] = np.where(m[r0:r1], run_label[np.maximum(run_of[r0:r1], 0)], 0)
        if tick is not None:
            yield tick()
    return labels, int(np.count_nonzero(is_root))


def union_steps(parent: np.ndarray, u: np.ndarray, v: np.ndarray, tick: Callable[[], Any] | None = None):
    """Join items ``u[i]`` and ``v[i]``: ``parent = yield from union_steps(np.arange(n), u, v)``
    gives each item's root, the smallest item joined to it.

    Roots are hooked onto the smaller root, then paths halve (pointer jumping) until
    each item points at its root: O(log n) whole-array rounds, ``tick()`` between them.

    >>> finish(union_steps(np.arange(5), np.array([3, 1]), np.array([4, 3]))).tolist()
    [0, 1, 2, 1, 1]
    """
    while u.size:
        pu, pv = parent[u], parent[v]
        differ = pu != pv
        if not differ.any():
            break
        u, v, pu, pv = u[differ], v[differ], pu[differ], pv[differ]
        if tick is not None:
            yield tick()
        np.minimum.at(parent, np.maximum(pu, pv), np.minimum(pu, pv))
        while True:  # full path compression; each pass halves every path (a slice each)
            if tick is not None:
                yield tick()
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand
        if tick is not None:
            yield tick()
    return parent


def largest_region(mask: np.ndarray, connectivity: int = 4) -> np.ndarray:
    """The largest connected region of ``mask`` (ties: the first in row-major order)."""
    labels, count = label(mask, connectivity)
    if count == 0:
        return np.zeros_like(mask, dtype=bool)
    sizes = np.bincount(labels.ravel(), minlength=count + 1)
    sizes[0] = 0
    return labels == int(np.argmax(sizes))
