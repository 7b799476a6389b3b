"""Directions and distances on a level, in the game's order: positions are
``(x, y)`` tuples, steps ``(dx, dy)``.  (Arrays are ``[y, x]``; the
conversion happens where an array is indexed.)

:data:`STEPS` is the one table of the 8 steps.  Its order matters: a monster
choosing between equally good steps takes the first, and a random step is
``STEPS[roll]``, so the order is part of the rules (and of every replay).

>>> STEPS[:4]
((0, -1), (0, 1), (-1, 0), (1, 0))
>>> chebyshev((2, 3), (5, 1))
3
"""

from __future__ import annotations

__all__ = ["STEPS", "chebyshev"]

#: Up, down, left, right, then the diagonals (up-left, up-right, down-left, down-right).
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two cells with nothing in the way (8-way moves)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
