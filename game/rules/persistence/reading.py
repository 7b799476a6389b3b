"""Reading values from a save (or any stored text) without trusting them.

Every reader takes whatever JSON gave and returns a value of the type the
game needs, clamped to a documented range, or a default: never an
exception.  The save codec (:mod:`game.rules.persistence.codec`, :mod:`game.rules.persistence.snapshot`)
and the score table read through these.
"""

from __future__ import annotations

__all__ = ["clamp_int", "cell", "as_dict", "as_list", "BIG"]

BIG = 2**31 - 1  # cap for counts and the turn read from a save


def clamp_int(value, lo: int, hi: int, default: int) -> int:
    """A number read from a save as an int clamped to ``[lo, hi]``; ``default``
    when it is no number (None, a list, "abc", NaN, infinity, a bool).

    >>> clamp_int("12", 0, 10, 5), clamp_int(-3.7, 0, 10, 5), clamp_int(float("nan"), 0, 10, 5)
    (10, 0, 5)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return default
    try:
        return max(lo, min(hi, int(value)))
    except (ValueError, OverflowError):  # "abc", NaN, infinity, 5000 digits
        return default


def cell(value) -> tuple[int, int] | None:
    """``[x, y]`` from a save as a pair of ints (clamped far off any map), else None.

    >>> cell([3, "4"]), cell([3]), cell("x"), cell([-1, 2])
    ((3, 4), None, None, None)
    """
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    x, y = clamp_int(value[0], -1, BIG, -1), clamp_int(value[1], -1, BIG, -1)
    return (x, y) if x >= 0 and y >= 0 else None


def as_dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def as_list(value) -> list:
    return value if isinstance(value, list) else []
