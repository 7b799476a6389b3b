"""Loops (Brogue's addLoops): a wall with floor on two opposite sides becomes a
door or doorway when the two sides are far apart on foot.

For sides p, q and distance maps a, b from any two cells, the triangle
inequality gives ``max(|a(p) - a(q)|, |b(p) - b(q)|)`` <= their walking
distance, so every loop opened is at least ``loop_distance`` long.  Loops are kept apart (a claimed box around
each) so they do not duplicate each other.

The test runs on bitsets, every candidate at once: the distances as bit
planes (:meth:`~worldgen.toolkit.bitgrid.BitGrid.level_planes`), each plane shifted
so both sides' bits lie on the wall between them, then a subtractor and two
comparisons done a bit plane at a time (:func:`far_apart`), about 130
whole-grid operations.  Measured on 79x29 against gathering the sides'
distances into numpy arrays: a dozen numpy calls on arrays of a hundred
cells cost more than all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import reduce
from operator import or_
from typing import Any

import numpy as np

from worldgen.toolkit.bitgrid import BitGrid
from .doors import lay_door
from .draw import Draw
from .params import RoomParams

__all__ = ["loop_candidates", "far_apart", "open_loops", "SPACING"]

#: Half the side of the box each opened loop claims against others.
SPACING = 4


def loop_candidates(g: BitGrid, walk: int, doors: int) -> tuple[int, int]:
    """Walls with walkable cells on two opposite sides and walls on the other two,
    not beside a door: ``(horizontal, vertical)`` bitsets, horizontal where the
    floors are west and east, vertical where they are north and south."""
    horizontal, vertical = g.passage_parts(walk)
    free = ~walk & ~g.dilate(doors, 4)
    return horizontal & free, vertical & free


def far_apart(g: BitGrid, planes: list[int], horizontal: int, vertical: int, least: int) -> int:
    """The cells of ``horizontal`` whose west and east neighbours' values, and
    of ``vertical`` whose north and south neighbours' values, differ by at
    least ``least`` (> 0).  A cell's value is bit-sliced: bit j of it is its
    bit in ``planes[j]`` (values of cells in no plane are 0).

    ``d = a - b + 2**k`` (``a`` west or north, ``2**k`` above every value and
    ``least``) from a borrow chain, then ``|a - b| >= least`` as ``d >= 2**k +
    least`` or ``d < 2**k - least + 1``: a comparison with a constant costs one
    operation a bit.

    >>> g = BitGrid(5, 1)  # values 0, 3, -, 7, 1: the middle cell's sides differ by 4
    >>> planes = [0b11010, 0b01010, 0b01000]
    >>> far_apart(g, planes, 0b00100, 0, 4), far_apart(g, planes, 0b00100, 0, 5)
    (4, 0)
    """
    w = g.w
    both = horizontal | vertical
    k = max(len(planes), least.bit_length())
    diff, borrow = [], 0
    for j in range(k):
        plane = planes[j] if j < len(planes) else 0
        a = ((plane << 1) & horizontal) | ((plane << w) & vertical)  # the west or north value, at the wall
        b = ((plane >> 1) & horizontal) | ((plane >> w) & vertical)
        x = a ^ b
        diff.append(x ^ borrow)
        borrow ^= x & (b ^ borrow)  # a borrow where a < b, else the borrow in
    diff.append(both ^ borrow)  # bit k: a >= b
    return both & (_at_least(diff, (1 << k) + least, both) | ~_at_least(diff, (1 << k) - least + 1, both))


def _at_least(bits: list[int], c: int, ones: int) -> int:
    """Where the bit-sliced value (bit j in ``bits[j]``) is at least ``c``,
    within ``ones``: from the lowest bit up, a bit above ``c``'s decides,
    an equal bit leaves it to the bits below."""
    ge = ones
    for j, plane in enumerate(bits):
        ge = plane & ge if (c >> j) & 1 else plane | ge
    return ge


def open_loops(tiles: np.ndarray, g: BitGrid, walk: int, doors: list[tuple[int, int]], door_bits: int,
               searches: list[list[int]], copies: int, n_loops: int, p: RoomParams, r: Draw,
               work: int = 0, tick: Callable[[], Any] | None = None) -> Iterator[Any]:
    """``walk, door_bits, opened = yield from open_loops(...)``: open up to
    ``n_loops`` loops in place (``tiles``, ``doors``); ``walk`` and
    ``door_bits`` (the doors as bits) updated, the count opened.

    ``searches``: breadth-first searches on foot (:meth:`~worldgen.toolkit.bitgrid.BitGrid.levels`),
    each over ``copies`` copies of ``walk`` stacked in one grid
    (``BitGrid(g.w, g.h * copies)``), each copy searched from its own cell
    (on a small map k searches cost about one: a whole-grid operation costs
    little more on a grid twice as tall).  Their levels go into bit planes
    (``work``, ``tick``: slices of that on big maps), one more than the level
    (so a cell no search reached counts as -1); the candidates far enough
    apart in any copy (:func:`far_apart`) are then tried in a random order,
    drawn one at a time (it stops once enough are open)."""
    if n_loops <= 0:
        return walk, door_bits, 0
    w, n = g.w, g.n
    horizontal, vertical = loop_candidates(g, walk, door_bits)
    if not horizontal | vertical:
        return walk, door_bits, 0
    stacked = BitGrid.of(w, g.h * copies)
    if copies > 1:  # the candidates of every copy
        horizontal = reduce(or_, (horizontal << k * n for k in range(copies)))
        vertical = reduce(or_, (vertical << k * n for k in range(copies)))
    far = 0
    for levels in searches:
        _, planes = yield from stacked.level_planes([0, *levels], work, tick)
        far |= far_apart(stacked, planes, horizontal, vertical, p.loop_distance)
    if copies > 1:  # far apart in any copy
        far = reduce(or_, (far >> k * n for k in range(copies))) & g.all
    good = g.index_list(far)
    claimed = np.zeros(tiles.shape, dtype=bool)
    opened, new_doors = [], []
    for t in range(len(good)):
        j = t + int(r.u() * (len(good) - t))  # a partial shuffle
        i = good[j]
        good[j] = good[t]
        y, x = divmod(i, w)
        if claimed[y, x]:
            continue
        claimed[max(y - SPACING, 0):y + SPACING + 1, max(x - SPACING, 0):x + SPACING + 1] = True
        if lay_door(tiles, y, x, r, p):
            doors.append((y, x))
            new_doors.append(i)
        opened.append(i)
        if len(opened) >= n_loops:
            break
    return walk | g.from_indices(opened), door_bits | g.from_indices(new_doors), len(opened)
