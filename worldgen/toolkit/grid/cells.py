"""Lists of cells: straight 4-connected lines (and digging them), flat
indices as points, random picks of distinct cells."""

from __future__ import annotations

import numpy as np

__all__ = ["line_cells", "dig", "flat_to_points", "pick_cells", "distinct_indices"]


def line_cells(a: tuple[int, int], b: tuple[int, int]) -> np.ndarray:
    """A 4-connected straight-ish line of cells from ``a`` to ``b`` inclusive.

    Returns an ``(n, 2)`` array of ``(y, x)``; consecutive cells differ by one
    orthogonal step, so digging it always makes a walkable path.

    >>> line_cells((0, 0), (1, 2)).tolist()
    [[0, 0], [0, 1], [1, 1], [1, 2]]
    """
    (y0, x0), (y1, x1) = a, b
    dy, dx = y1 - y0, x1 - x0
    ny, nx = abs(dy), abs(dx)
    # Each step is an x or a y move; order them by where they fall along the line.
    t = np.concatenate([(np.arange(nx) + 0.5) / max(nx, 1), (np.arange(ny) + 0.5) / max(ny, 1)])
    is_y = np.concatenate([np.zeros(nx, dtype=bool), np.ones(ny, dtype=bool)])
    order = np.argsort(t, kind="stable")
    is_y = is_y[order]
    sy = np.cumsum(is_y) * (1 if dy >= 0 else -1)
    sx = np.cumsum(~is_y) * (1 if dx >= 0 else -1)
    cells = np.empty((nx + ny + 1, 2), dtype=np.int64)
    cells[0] = (y0, x0)
    cells[1:, 0] = y0 + sy
    cells[1:, 1] = x0 + sx
    return cells


def dig(floor: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> int:
    """Set a 4-connected line from ``a`` to ``b`` to True in place; returns cells changed."""
    cells = line_cells(a, b)
    ys, xs = cells[:, 0], cells[:, 1]
    changed = int(np.count_nonzero(~floor[ys, xs]))
    floor[ys, xs] = True
    return changed


def flat_to_points(flat, width: int) -> np.ndarray:
    """Flat cell indices of a ``width``-wide grid as ``(k, 2)`` ``[x, y]`` points.

    >>> flat_to_points([0, 5, 7], 4).tolist()
    [[0, 0], [1, 1], [3, 1]]
    """
    y, x = np.divmod(np.asarray(flat, dtype=np.int64).reshape(-1), width)
    return np.stack([x, y], axis=1)


def pick_cells(rng: np.random.Generator, candidates: np.ndarray, counts) -> list[np.ndarray]:
    """Distinct random cells from ``candidates``, split into groups of ``counts``.

    When there are fewer candidates than asked for, earlier groups are served
    first.  Spawn points (monsters, then items) use this.

    >>> a, b = pick_cells(np.random.default_rng(0), np.arange(5), (3, 4))
    >>> len(a), len(b), len(set(a) | set(b))
    (3, 2, 5)
    """
    candidates = np.asarray(candidates)
    total = min(int(sum(counts)), candidates.size)
    chosen = candidates[rng.choice(candidates.size, size=total, replace=False)] if total else candidates[:0]
    groups, start = [], 0
    for k in counts:
        k = max(0, min(int(k), total - start))
        groups.append(chosen[start:start + k])
        start += k
    return groups


def distinct_indices(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``k`` distinct random indices below ``n``, in random order, in O(k) (not O(n)) work.

    Rounds of uniform draws keep the indices not taken before (first
    occurrence wins); each round keeps at least half of what is still
    missing while ``k <= n / 2`` (spawn densities are at most 0.25 each), so
    the count of rounds is small and bounded; past the bound the rest comes
    from a permutation of what is left.  (``rng.choice(n, k, replace=False)``
    permutes all ``n`` once ``k`` is over 2% of it: 20 ms for a 2000x2000 cave;
    repeats are dropped by a scatter, not a sort.)

    >>> idx = distinct_indices(np.random.default_rng(0), 10, 4)
    >>> len(set(idx.tolist())), bool(idx.max() < 10)
    (4, True)
    """
    k = min(k, n)
    taken = np.zeros(n, dtype=bool)
    slot = np.empty(n, dtype=np.int32)        # read only where just written
    picked = []
    missing = k
    for _ in range(32):
        if missing == 0:
            break
        draws = rng.integers(0, n, size=missing + missing // 8 + 8)
        draws = draws[~taken[draws]]
        # First occurrences, in order, without sorting: each value's first position
        # is the minimum written to its slot (whatever order numpy writes in).
        order = np.arange(draws.size, dtype=np.int32)
        slot[draws] = draws.size
        np.minimum.at(slot, draws, order)
        fresh = draws[slot[draws] == order][:missing]
        taken[fresh] = True
        picked.append(fresh)
        missing -= fresh.size
    if missing:
        rest = np.flatnonzero(~taken)
        picked.append(rest[rng.permutation(rest.size)[:missing]])
    return np.concatenate(picked) if picked else np.zeros(0, dtype=np.int64)
