"""Directions and distances on a level, in the game's order: positions are
``(x, y)`` tuples, steps ``(dx, dy)``.  Arrays are ``[y, x]``, and
:mod:`worldgen.toolkit.grid` takes cells as ``(y, x)``: :func:`walk_distance` is the
one place the game hands it cells, so the conversion happens here only.

:data:`STEPS` is the one table of the 8 steps.  Its order matters: a monster
choosing between equally good steps takes the first, and a random step is
``STEPS[roll]``, so the order is part of the rules (and of every replay).

>>> STEPS[:4]
((0, -1), (0, 1), (-1, 0), (1, 0))
>>> chebyshev((2, 3), (5, 1))
3
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from worldgen.toolkit import grid

__all__ = ["STEPS", "chebyshev", "walk_distance"]

#: Up, down, left, right, then the diagonals (up-left, up-right, down-left, down-right).
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two cells with nothing in the way (8-way moves)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def walk_distance(passable: np.ndarray, sources: Iterable[tuple[int, int]]) -> np.ndarray:
    """Steps on foot (the game's movement rule, ``worldgen.toolkit.grid.WALK``) from
    the nearest of the ``(x, y)`` cells ``sources`` over ``passable``
    (a ``[y, x]`` mask); -1 where unreachable.

    >>> walk_distance(np.ones((1, 4), bool), [(0, 0)]).tolist()
    [[0, 1, 2, 3]]
    """
    return grid.walk_distance(passable, [(y, x) for x, y in sources])
