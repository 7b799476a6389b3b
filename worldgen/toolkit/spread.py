"""Spread-out picks of a mask's cells (the world's dungeon sites), in steps.

Dart throwing with a shrinking radius: the first radius is ``sqrt(2 *
cells / n)``; a cell is drawn uniformly among those at least the radius from
every pick so far; when none is left the squared radius shrinks by an
eighth (at most :data:`MAX_RELAX` times, then 1).  Each pick costs a pass
over the cells, so :func:`place_sites_steps` yields every
:data:`PICKS_PER_STEP` picks: 100 sites on a large island held one frame
6-7 ms in one piece.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import numpy as np

from worldgen.core.steps import finish

__all__ = ["place_sites", "place_sites_steps", "MAX_RELAX", "PICKS_PER_STEP"]

#: Shrinking steps of the site spacing before giving up on spacing altogether.
MAX_RELAX = 64
#: Picks between two yields of :func:`place_sites_steps`.
PICKS_PER_STEP = 25


def place_sites(land: np.ndarray, n: int, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """``n`` spread-out cells of the bool mask ``land``: ``((k, 2) [x, y] in draw order, r2)``.

    ``r2`` is the final squared spacing: no two cells are closer than
    ``sqrt(r2)``.  ``k < n`` only when ``land`` has fewer than ``n`` cells.
    Integer arithmetic only.  :func:`place_sites_steps` is the same in steps.

    >>> xy, r2 = place_sites(np.ones((10, 10), bool), 4, np.random.default_rng(1))
    >>> xy.shape, r2 >= 25
    ((4, 2), True)
    """
    return finish(place_sites_steps(land, n, rng))


def place_sites_steps(land: np.ndarray, n: int, rng: np.random.Generator, per_step: int = PICKS_PER_STEP,
                      tick: Callable[[], Any] | None = None) -> Generator[Any, None, tuple[np.ndarray, int]]:
    """:func:`place_sites`, yielding ``tick()`` (or None) every ``per_step``
    picks: ``xy, r2 = yield from place_sites_steps(...)``.

    >>> from worldgen.core.steps import finish_with_events
    >>> land = np.ones((30, 30), bool)
    >>> steps = place_sites_steps(land, 60, np.random.default_rng(2), per_step=25, tick=lambda: "tick")
    >>> (xy, r2), events = finish_with_events(steps)
    >>> events, xy.tolist() == place_sites(land, 60, np.random.default_rng(2))[0].tolist()
    (['tick', 'tick'], True)
    """
    h, w = land.shape
    cells = np.flatnonzero(land)
    k = min(n, int(cells.size))
    if k == 0:
        return np.zeros((0, 2), dtype=np.int64), 0
    cy, cx = np.divmod(cells.astype(np.int64), w)
    big = np.int64(1) << 62
    nearest = np.full(cells.size, big, dtype=np.int64)  # squared distance to the nearest site
    r2 = max(1, (2 * int(cells.size)) // n)
    chosen = np.empty(k, dtype=np.int64)
    relaxed = 0
    i = 0
    while i < k:
        open_ = np.flatnonzero(nearest >= r2)
        if open_.size == 0:
            if r2 == 1 or relaxed >= MAX_RELAX:
                r2 = 1  # every cell not yet taken is open at r2 = 1
            else:
                r2 = max(1, (r2 * 7) // 8)
            relaxed += 1
            continue
        j = int(open_[rng.integers(open_.size)])
        chosen[i] = j
        i += 1
        np.minimum(nearest, (cx - cx[j]) ** 2 + (cy - cy[j]) ** 2, out=nearest)
        if i % per_step == 0 and i < k:
            yield tick() if tick is not None else None
    return np.stack([cx[chosen], cy[chosen]], axis=1), r2
