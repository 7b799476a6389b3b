"""Uniform random numbers for the rooms generator, drawn in blocks."""

from __future__ import annotations

from itertools import chain, islice

import numpy as np

__all__ = ["Draw"]


class Draw:
    """Uniform floats from a numpy Generator, fetched ``block`` at a time.

    One numpy call per block instead of one per decision.  ``u()`` is the
    ``__next__`` of a C iterator (``itertools.chain`` over the blocks, a new
    block fetched when one runs out): about 20 ns a number, a Python
    generator's resume costs twice that.  A block is read through a
    ``memoryview``, whose iterator makes each float when it is drawn: a
    ``tolist()`` made all 512 at once, and a 79x29 map leaves about half its
    last block unread (a map draws about 1200 numbers: 15 us less).  The
    numbers do not depend on ``block``: numpy draws the same stream in any chunks.

    >>> r = Draw(np.random.default_rng(0))
    >>> 0.0 <= r.u() < 1.0, 3 <= r.int(3, 5) <= 5
    (True, True)
    >>> Draw(np.random.default_rng(5), 3).u() == Draw(np.random.default_rng(5)).u()
    True
    >>> a, b = Draw(np.random.default_rng(2), 4), Draw(np.random.default_rng(2))
    >>> a.skip(9)
    >>> _ = [b.u() for _ in range(9)]
    >>> a.u() == b.u()
    True
    """

    def __init__(self, rng: np.random.Generator, block: int = 512) -> None:
        self.rng = rng
        blocks = iter(lambda: memoryview(rng.random(block)), None)  # endless: never None
        self._numbers = chain.from_iterable(blocks)
        self.u = self._numbers.__next__

    def skip(self, n: int) -> None:
        """Throw the next ``n`` numbers away, as ``n`` calls of ``u()`` would
        (in C: a few nanoseconds a number)."""
        next(islice(self._numbers, n, n), None)

    def int(self, lo: int, hi: int) -> int:
        """Uniform integer in ``lo..hi`` inclusive."""
        return lo + int(self.u() * (hi - lo + 1))

    def pick(self, n: int) -> int:
        """Uniform index in ``0..n-1``.

        ``u() * n < n`` for every float ``u() < 1`` and int ``n``: the product
        rounds to ``n`` only if ``n * 2**-53`` is under half a unit in the last
        place of ``n``, which happens only when ``n`` is a power of two, and
        then the product is exact.  So no clamp is needed (here or in ``int``).
        """
        return int(self.u() * n)
