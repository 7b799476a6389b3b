"""First-passage growth for :mod:`worldgen.generators.biomes` (and the world's biome pass).

A blank cell, once a claimed 8-neighbour first touches it, waits a random
number of loops (geometric with its chance per loop, from a quantile table:
:func:`growth_delays`) and then takes that neighbour's type; :func:`grow`
runs the loops from a ring of time buckets.  Split from ``biomes.py`` (the
module doc there says why growth is built this way); ``biomes`` re-exports
every name.

Where a loop's time goes at 1000x1000 (430 loops, 8 million neighbour
looks, 1.3 million touches of 1 million cells): the looks themselves,
picking one touch per cell, the sort by delay and the bookkeeping of the
ring.  The looks read one ``uint8`` array of delays (0: taken) through
shifted views, so a look costs one byte and no neighbour index is built;
the delay and the toucher's type are looked up only for the touches; the
rare long waits (over 16 loops) are gathered into one chunk per loop and
sorted into the ring 16 loops at a time, so a loop appends a few slices
instead of ~40 and each bucket joins fewer pieces.  A cell touched from
several sides in one loop goes to a random one of them: each loop looks in
the 8 directions in a random order (16 random bytes from
:class:`RandomBytes`, the same bytes as ``Generator.bytes`` at a fifth of
the cost per call, drawn 256 loops at a time) and the last direction wins,
so no touch needs a random priority of its own and only the kept touches
are sorted, by delay alone.  (Issue 13: ~0.55x the time of the version
with a random priority per touch and a bucket append per distinct wait;
maps differ from it only where two types reach a cell in the same loop,
~0.5-1% of the cells.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import numpy as np

from worldgen.core.steps import finish

__all__ = ["MAX_DELAY", "DELAY_CELLS", "growth_delays", "growth_delays_steps", "grow", "neighbour_steps", "RandomBytes"]


def neighbour_steps(width: int) -> np.ndarray:
    """Flat offsets of the 8 neighbours in a padded grid of ``width + 2`` columns."""
    W = width + 2
    return np.array([-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1], dtype=np.int64)


class RandomBytes:
    """``draw(n)``: the bytes ``rng.bytes(n)`` would give, call after call, from a pool.

    ``Generator.bytes(n)`` takes ``ceil(n / 4)`` words (one for 0) of the
    generator's 32-bit stream (little-endian, the tail of the last word
    dropped), and that stream runs on across calls of any size, so drawing
    the words in blocks of :attr:`BLOCK` gives the same bytes (the generator
    is left further on).

    >>> a, b = np.random.default_rng(3), RandomBytes(np.random.default_rng(3))
    >>> [a.bytes(n) for n in (5, 1, 9)] == [b(n).tobytes() for n in (5, 1, 9)]
    True
    """

    BLOCK = 1 << 14

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.pool = np.zeros(0, dtype="<u4")
        self.pos = 0

    def __call__(self, n: int) -> np.ndarray:
        words = (n + 3) // 4 if n > 0 else 1           # as numpy counts: even 0 bytes take a word
        if self.pos + words > self.pool.size:
            fresh = self.rng.integers(0, 1 << 32, size=max(words, self.BLOCK), dtype=np.uint32)
            self.pool = np.concatenate([self.pool[self.pos:], fresh.astype("<u4", copy=False)])
            self.pos = 0
        out = self.pool[self.pos:self.pos + words].view(np.uint8)[:n]
        self.pos += words
        return out


#: A blank cell waits at most this many loops once touched (a documented clamp).
MAX_DELAY = 255
assert MAX_DELAY & (MAX_DELAY + 1) == 0, "grow's ring of time buckets indexes with a mask"
#: Bits of the uniform draw that picks a delay from the geometric quantile table.
_DELAY_BITS = 12


@lru_cache(maxsize=1)
def _delay_table() -> np.ndarray:
    """``table[L, u]``: loops a cell with chance ``L/256`` per loop waits, for a uniform ``u``.

    Row ``L`` is the geometric distribution's quantile function at
    ``(u + 1) / 4096`` (the first loop whose trial succeeds), capped at
    :data:`MAX_DELAY`; survival ``(1 - L/256)^d`` is computed in exact integer
    arithmetic (``floor`` each step), so the table is the same on every
    platform.  ``L`` runs 0..256 (0 is never used: chances are clipped to
    at least 1/256).
    """
    n_u = 1 << _DELAY_BITS
    scale = 40
    cut = ((n_u - 1 - np.arange(n_u, dtype=np.int64)) << scale) // n_u   # survival at quantile u
    keep = 256 - np.arange(257, dtype=np.int64)                             # 256 x (1 - chance)
    survival = np.empty((257, MAX_DELAY - 1), dtype=np.int64)               # after 1..254 loops
    s = np.full(257, 1 << scale, dtype=np.int64)
    for d in range(MAX_DELAY - 1):                                          # < 2^48: exact in int64
        s = s * keep // 256
        survival[:, d] = s
    # Loop d's survival exceeds the cut from quantile first[L, d] on; the delay at
    # quantile u is 1 + the number of loops whose survival is still above it there.
    first = np.searchsorted(-cut, -survival.ravel(), side="right").reshape(257, -1)
    # ``first`` rises along each row, so a row of the table is a staircase: the
    # value 1 + k on quantiles first[L, k-1] .. first[L, k].  One repeat draws them all.
    edges = np.empty((257, MAX_DELAY + 1), dtype=np.int64)
    edges[:, 0], edges[:, 1:MAX_DELAY], edges[:, MAX_DELAY] = 0, first, n_u
    steps = np.tile(np.arange(1, MAX_DELAY + 1, dtype=np.uint8), 257)
    table = np.repeat(steps, np.diff(edges, axis=1).ravel()).reshape(257, n_u)
    table[0] = MAX_DELAY
    return table


#: Cells per slice of :func:`growth_delays_steps` (a multiple of 4: a raw draw gives 4 cells).
DELAY_CELLS = 1 << 18
#: Cells worked on at once inside a slice (a multiple of 4): their arrays stay in the cache.
_SLICE_CELLS = 1 << 15


def growth_delays(thresholds: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per cell of :func:`worldgen.generators.biomes.ground_thresholds`, the loops it waits once touched (``uint8``).

    Geometric with the cell's chance per loop, from :func:`_delay_table`.
    :func:`growth_delays_steps` is the same work in slices.
    """
    return finish(growth_delays_steps(thresholds, rng))


def growth_delays_steps(thresholds: np.ndarray, rng: np.random.Generator, cells: int = DELAY_CELLS,
                        tick: Callable[[], Any] | None = None):
    """:func:`growth_delays` in slices: ``delays = yield from growth_delays_steps(...)``.

    Yields ``tick()`` (or None) after each slice of ``cells`` cells, a
    multiple of 4; the generator's raw stream runs on across slices, so the
    delays do not depend on the slicing.

    >>> t = np.full(10, 1 << 23, np.uint32)
    >>> whole = growth_delays(t, np.random.default_rng(1))
    >>> gen = growth_delays_steps(t, np.random.default_rng(1), cells=4)
    >>> ticks = 0
    >>> try:
    ...     while True:
    ...         next(gen); ticks += 1
    ... except StopIteration as done:
    ...     bool((done.value == whole).all()), ticks
    (True, 3)
    """
    if cells <= 0 or cells % 4:
        raise ValueError(f"cells must be a positive multiple of 4, got {cells}")
    table = _delay_table().ravel()
    out = np.empty(thresholds.size, dtype=np.uint8)
    level = np.empty(min(cells, _SLICE_CELLS), dtype=np.uint32)
    for c0 in range(0, thresholds.size, cells):
        for s0 in range(c0, min(c0 + cells, thresholds.size), _SLICE_CELLS):   # in the cache, in one buffer
            part = thresholds[s0:min(s0 + _SLICE_CELLS, c0 + cells)]
            n = part.size
            key = level[:n]
            np.add(part, np.uint32(1 << 15), out=key)
            key >>= np.uint32(16)                                          # chance x 256, rounded
            np.maximum(key, np.uint32(1), out=key)                         # a clip to 1..256, in two
            np.minimum(key, np.uint32(256), out=key)                       # faster passes
            key <<= np.uint32(_DELAY_BITS)
            u = rng.bit_generator.random_raw(-(-n // 4)).astype("<u8", copy=False).view("<u2")[:n]
            u &= np.uint16((1 << _DELAY_BITS) - 1)
            key |= u
            table.take(key, out=out[s0:s0 + n])
        yield None if tick is None else tick()
    return out


#: Delays 1..MAX_DELAY: where each one's run starts in a loop's bookings sorted by delay.
_DELAYS = np.arange(1, MAX_DELAY + 1, dtype=np.uint8)


#: The 8 blocks of a loop's looks (one per direction, in the loop's order), and where each starts in units of k.
_BLOCKS = np.arange(8, dtype=np.uint8)
_BLOCK_STARTS = np.arange(9, dtype=np.intp)
#: Below this many claimed cells a loop builds its neighbour indices (fewer calls) instead
#: of reading eight shifted views (less memory traffic); both give the same looks.
_FEW_CLAIMED = 1024
#: Loops whose direction orders are drawn at once (the same bytes as one draw per loop).
_ORDERS_AHEAD = 256
#: Waits up to this long go straight into the ring's buckets; longer ones (2% of the
#: cells, but half of a loop's distinct waits) go into one chunk per loop instead.
_NEAR = 16
#: The delays a booking's near runs start at: 1 .. _NEAR + 1.
_NEAR_DELAYS = _DELAYS[:_NEAR + 1]


def _flush(far: list[np.ndarray], ring: list[list[np.ndarray]], t: int, near: int) -> None:
    """Move the bookings of ``far`` (``due << 40 | booking``) due in loops ``t .. t + near - 1`` into the ring.

    >>> ring = [[] for _ in range(8)]
    >>> far = [np.array([(5 << 40) | 7, (9 << 40) | 8, (4 << 40) | 6])]
    >>> _flush(far, ring, 4, 2)
    >>> [r[0].tolist() if r else [] for r in ring][4:6], (far[0] >> 40).tolist()
    ([[6], [7]], [9])
    """
    pool = np.concatenate(far) if len(far) > 1 else far[0]
    far.clear()
    due = pool >> 40
    soon = due < t + near
    if not soon.all():
        far.append(pool[~soon])
    if not soon.any():
        return
    pool = pool[soon]
    offset = (due[soon] - t).astype(np.uint8)
    order = np.argsort(offset, kind="stable")
    pool = pool.take(order)
    pool &= (1 << 40) - 1
    pool = pool.astype(np.intp, copy=False)               # like the ring's other pieces (int32 in the browser)
    cuts = offset.take(order).searchsorted(np.arange(near + 1, dtype=np.uint8)).tolist()
    for i in range(near):
        if cuts[i + 1] > cuts[i]:
            ring[(t + i) & (len(ring) - 1)].append(pool[cuts[i]:cuts[i + 1]])


def grow(grid: np.ndarray, frontier: np.ndarray, delays: np.ndarray, width: int,
         rng: np.random.Generator) -> Iterator[int]:
    """Grow claimed tiles into blank (0) tiles of a padded flat ``grid`` in place.

    ``frontier`` holds padded flat indices of the claimed (seed) tiles; the
    frame and any tile that must not be claimed hold non-zero ids.  A blank
    cell, once a claimed 8-neighbour first touches it, waits ``delays`` loops
    (:func:`growth_delays`: geometric with its chance per loop, 1 to
    :data:`MAX_DELAY`) and then takes that neighbour's type; among
    neighbours claimed in the same loop a random one touches it (the one
    whose direction comes last in the loop's random order of the 8).  Loops
    are processed in time order from a ring of time buckets, each cell
    entering one bucket once (first-passage growth: no tile is re-examined
    loop after loop, which made this 4x slower).  Yields the number of tiles
    claimed in each loop that claims any; stops when no blank cell can be
    reached.

    One ``uint8`` array does three jobs: ``wait`` holds each untouched blank
    cell's delay and 0 once it is touched (or never blank), so a look at a
    neighbour tells both whether it is free and how long it will wait, and
    it picks the winning touch of a cell touched from several sides.  The
    looks read it through eight shifted views (no array of neighbour
    indices is built).
    """
    touch = _Looks(grid, delays, width, rng).touch
    ring = _Ring()
    book, next_due = ring.book, ring.next_due             # (bound once: a loop is a few microseconds)
    claimed = np.asarray(frontier, dtype=np.intp)
    kind = grid[claimed]
    while True:
        booked, delay = touch(claimed, kind)
        book(booked, delay)
        claimed = next_due()
        if claimed is None:
            return
        kind = claimed.astype(np.uint8)                   # a booking travels as cell << 8 | type
        claimed = claimed >> 8                            # (a new array: timed faster than >>= in place)
        grid[claimed] = kind
        yield int(claimed.size)


class _Looks:
    """The claimed cells' looks at their 8 neighbours (see :func:`grow`):
    ``wait`` holds each untouched blank cell's delay (0 once touched, or
    never blank), read through eight shifted views."""

    def __init__(self, grid: np.ndarray, delays: np.ndarray, width: int, rng: np.random.Generator) -> None:
        self.steps = neighbour_steps(width).astype(np.intp)
        self.draw = RandomBytes(rng)
        self.wait = np.maximum(delays, 1).astype(np.uint8, copy=False)
        self.wait[grid != 0] = 0
        self.base = width + 3                             # the first cell of the map; every claimed cell >= base
        self.shifted = [self.wait[self.base + s:] for s in self.steps.tolist()]  # shifted[d][c - base]: wait[c + steps[d]]
        self.buf = np.empty(0, dtype=np.uint8)
        self.orders: list[list[int]] = []                 # direction orders drawn ahead, 256 loops at a time
        self.order_steps: list[np.ndarray] = []           # and the flat steps of each

    def touch(self, claimed: np.ndarray, kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The claimed cells look at their 8 neighbours, one direction after
        another in this loop's random order (direction-major: long inner
        loops); each untouched one is booked with the toucher's type, the
        toucher from the direction that comes last where several touch it.
        Returns ``(bookings, delays)`` sorted by delay, a booking ``cell << 8 | type``."""
        k, wait = claimed.size, self.wait
        if not self.orders:                               # 16 bytes per loop, as if drawn loop by loop
            keys = self.draw(16 * _ORDERS_AHEAD).view("<u2").reshape(_ORDERS_AHEAD, 8)
            orders = np.argsort(keys, axis=1, kind="stable")[::-1]
            self.orders = orders.tolist()
            self.order_steps = list(self.steps.take(orders))  # each order's steps, a row each
        order = self.orders.pop()                         # this loop's random order of the 8 directions
        step = self.order_steps.pop()                     # step[j]: the direction looked at j-th
        look, around = self._look(claimed, order, step)
        pair = (look != 0).nonzero()[0]
        if not pair.size:
            return pair, pair
        at = _BLOCK_STARTS * k                            # where each block starts in the looks
        starts = pair.searchsorted(at)                    # and its touches in ``pair`` (which rises)
        counts = starts[1:] - starts[:-1]
        block = _BLOCKS.repeat(counts)                    # uint8, as wait: no casting scatter
        source = pair - at[:8].repeat(counts)
        if around is None:
            target = claimed.take(source)
            target += step.repeat(counts)
        else:
            target = around.take(pair)
        # A cell touched from several sides keeps the touch from the block that
        # comes last: each touch writes its block into ``wait`` (read already),
        # the last write wins, and a cell is touched at most once from each
        # direction, so exactly one touch reads its own back.
        wait[target] = block
        first = (wait.take(target) == block).nonzero()[0]
        delay = look.take(pair.take(first))
        by_delay = delay.argsort(kind="stable")           # one radix pass over bytes
        kept = first.take(by_delay)                       # the kept touches, by delay
        booked = target.take(kept)
        wait[booked] = 0
        booked <<= 8
        booked |= kind.take(source.take(kept))
        return booked, delay.take(by_delay)

    def _look(self, claimed: np.ndarray, order: list[int], step: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """``(look, around)``: the ``wait`` of each claimed cell's neighbour,
        direction after direction; ``around`` the neighbours' indices when
        built (few claimed cells: two calls are cheaper), else None."""
        k = claimed.size
        if k < _FEW_CLAIMED:
            around = np.add.outer(step, claimed).ravel()
            return self.wait.take(around), around
        if self.buf.size < 8 * k:
            self.buf = np.empty(16 * k, dtype=np.uint8)
        look = self.buf[:8 * k]
        offset = claimed - self.base
        for j, d in enumerate(order):                     # clip: indices are all inside, no copy of out
            self.shifted[d].take(offset, out=look[j * k:(j + 1) * k], mode="clip")
        return look, None


class _Ring:
    """Bookings by the loop they fall due: a ring of :data:`MAX_DELAY` + 1
    time buckets for the next :data:`_NEAR` loops' worth, the rare long
    waits gathered in ``far`` (as ``due << 40 | booking``) and sorted into
    the ring :data:`_NEAR` loops at a time."""

    def __init__(self) -> None:
        self.slots = MAX_DELAY + 1                        # a power of two: t & (slots - 1)
        self.ring: list[list[np.ndarray]] = [[] for _ in range(self.slots)]
        self.far: list[np.ndarray] = []
        self.flush_at = _NEAR
        self.t = self.pending = 0

    def book(self, booked: np.ndarray, delay: np.ndarray) -> None:
        """File ``booked`` (sorted by ``delay``) for loop ``t + delay``."""
        m = booked.size
        if not m:
            return
        near, t, ring, mask = _NEAR, self.t, self.ring, self.slots - 1
        b = delay.searchsorted(_NEAR_DELAYS).tolist()     # b[d - 1]: where delay d starts (d <= near + 1)
        for i in range(near):                             # (in Python: fewer calls than numpy's)
            if b[i] != b[i + 1]:
                ring[(t + 1 + i) & mask].append(booked[b[i]:b[i + 1]])
        if b[near] < m:                                   # the long waits: one chunk, sorted into the ring later
            later = delay[b[near]:].astype(np.int64)
            later += t
            later <<= 40
            later |= booked[b[near]:]
            self.far.append(later)
        self.pending += m

    def next_due(self) -> np.ndarray | None:
        """The bookings of the next loop that has any (the loop count moves
        on to it); None when nothing is booked."""
        if self.pending == 0:
            return None
        self.t += 1
        while True:
            if self.t == self.flush_at:
                self.flush_at = self.t + _NEAR
                if self.far:
                    _flush(self.far, self.ring, self.t, _NEAR)
            if self.ring[self.t & (self.slots - 1)]:
                break
            self.t += 1                                   # at most MAX_DELAY empty loops
        due = self.ring[self.t & (self.slots - 1)]
        claimed = np.concatenate(due) if len(due) > 1 else due[0]
        due.clear()
        self.pending -= claimed.size
        return claimed
