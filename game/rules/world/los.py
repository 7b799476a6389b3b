"""Lines of fire: the cells a bolt, a shot or a thrown item passes.

A line from ``a`` to ``b`` steps one cell at a time (Chebyshev steps, so a
line is as long as the walk it covers), rounding half-way points one way or
the other exactly as the field of view does (``fov.ray_table``): if a target
is in view, one of its two lines is clear.  A flight stops at the first wall
(anything not transparent), at the first creature, or at its range; ground
that hides but does not bar the way (brush: ``cover``) stops it too, but a
creature in it is struck, as one seen in it is.

>>> line((0, 0), (3, 1))
[(1, 0), (2, 1), (3, 1)]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["line", "flight", "Flight"]


def line(a: tuple[int, int], b: tuple[int, int], bias: int = 0, length: int | None = None) -> list[tuple[int, int]]:
    """Cells from ``a`` (excluded) towards ``b`` (``(x, y)`` pairs), continued past
    ``b`` up to ``length`` steps when given; ``bias`` picks the rounding."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = max(abs(dx), abs(dy))
    if n == 0:
        return []
    steps = length if length is not None else n
    out = []
    for t in range(1, steps + 1):
        # integer rounding of t * d / n at half-way points, as fov.ray_table does
        x = a[0] + (2 * dx * t + n - (1 - bias)) // (2 * n)
        y = a[1] + (2 * dy * t + n - (1 - bias)) // (2 * n)
        out.append((x, y))
    return out


class Flight:
    """Where a projectile went: the cells it crossed, the last one it reached
    (where a thrown item lands), and the creature cell it hit, if any."""

    def __init__(self, cells: list[tuple[int, int]], hit: tuple[int, int] | None) -> None:
        self.cells = cells
        self.hit = hit

    @property
    def end(self) -> tuple[int, int] | None:
        return self.cells[-1] if self.cells else None


def flight(transparent: np.ndarray, a: tuple[int, int], b: tuple[int, int], max_range: int,
           occupied: Callable[[int, int], bool], cover: np.ndarray | None = None) -> Flight:
    """The flight from ``a`` towards ``b`` over ``transparent[y, x]``: it stops
    before a wall, on the first cell ``occupied(x, y)`` says holds a creature,
    or after ``max_range`` cells.  A cell that is not transparent but is
    ``cover`` (walkable ground that hides: brush) stops it before, unless a
    creature is there: that one is hit.  Of the two roundings, the one that
    gets closer to ``b`` is taken (the clear one when ``b`` is in view).

    >>> import numpy as np
    >>> clear = np.ones((1, 5), bool); clear[0, 3] = False  # brush at x 3
    >>> flight(clear, (0, 0), (4, 0), 9, lambda x, y: x == 3).hit, flight(clear, (0, 0), (4, 0), 9, lambda x, y: x == 3, clear == clear).hit
    (None, (3, 0))
    """
    h, w = transparent.shape
    best: Flight | None = None
    for bias in (0, 1):
        cells, hit = [], None
        for x, y in line(a, b, bias, max_range):
            if not (0 <= x < w and 0 <= y < h):
                break
            if not transparent[y, x]:
                if cover is not None and cover[y, x] and occupied(x, y):
                    cells.append((x, y))
                    hit = (x, y)
                break
            cells.append((x, y))
            if occupied(x, y):
                hit = (x, y)
                break
        candidate = Flight(cells, hit)
        if best is None or _closeness(candidate, b) < _closeness(best, b):
            best = candidate
    return best


def _closeness(f: Flight, b: tuple[int, int]) -> int:
    end = f.end
    if end is None:
        return 1 << 30
    return max(abs(end[0] - b[0]), abs(end[1] - b[1]))
