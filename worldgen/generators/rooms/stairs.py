"""Where stairs stand: the stairs up on room floor, the farthest cell of the
best kind; the stairs down as far on foot as any floor cell, in a room when
one is that far."""

from __future__ import annotations

from worldgen.toolkit.bitgrid import BitGrid

__all__ = ["stair_masks", "farthest", "pick_stair", "pick_farthest", "pick_far_from"]


def stair_masks(g: BitGrid, walk: int, floor: int) -> tuple[int, int, int]:
    """Where stairs may stand, best first (bitsets): floor inside a room (8
    walkable neighbours), then floor that is no dead end, then any floor."""
    inside = floor & ~g.dilate(g.all & ~walk, 8)
    return inside, floor & ~g.dead_ends(walk), floor


def farthest(levels: list[int], mask: int) -> int | None:
    """The cell of ``mask`` in the last breadth-first level that holds one (first
    in row-major order on ties), or None."""
    for front in reversed(levels):
        hit = front & mask
        if hit:
            return (hit & -hit).bit_length() - 1
    return None


def pick_stair(masks: tuple[int, ...], levels: list[int], exclude: int | None = None) -> int:
    """The farthest cell (flat index) of the best mask with one besides ``exclude``."""
    drop = 0 if exclude is None else 1 << exclude
    for mask in masks:
        got = farthest(levels, mask & ~drop)
        if got is not None:
            return got
    got = farthest(levels, ~drop)  # ~0 is every cell
    return exclude if got is None else got  # a one-cell map: both stairs on it


def pick_farthest(masks: tuple[int, ...], levels: list[int], exclude: int | None = None) -> int:
    """The exit: a cell of the farthest breadth-first level that holds any cell
    of the widest mask (``masks[-1]``), the best kind on that level first.
    Unlike :func:`pick_stair`, distance comes before kind: the exit is always
    as far on foot as any floor cell (a promise), in a room when one is that far."""
    drop = 0 if exclude is None else 1 << exclude
    for front in reversed(levels):
        if front & masks[-1] & ~drop:
            for mask in masks:
                hit = front & mask & ~drop
                if hit:
                    return (hit & -hit).bit_length() - 1
    return pick_stair(masks, levels, exclude)


def pick_far_from(masks: tuple[int, ...], cell: int, g: BitGrid) -> int:
    """The cell (flat index) of the first non-empty mask farthest from ``cell``
    in a straight line (first in row-major order on ties); ``cell`` when all
    are empty.  No search on foot, no numpy: a row's farthest cell is at
    one of its ends, so the first and last bit of each row are enough.

    >>> g = BitGrid(5, 3)
    >>> pick_far_from((0, 0b110_0000_0000_0010), 7, g)
    14
    >>> pick_far_from((0b100_0000_0000_0001,), 7, g)  # a tie: the first
    0
    """
    w = g.w
    y0, x0 = divmod(cell, w)
    row_bits = (1 << w) - 1
    for mask in masks:
        if mask:
            best, got, y = -1, cell, 0
            while mask:
                row = mask & row_bits
                if row:
                    dy = (y - y0) * (y - y0)
                    lo, hi = (row & -row).bit_length() - 1, row.bit_length() - 1
                    if dy + (lo - x0) * (lo - x0) > best:
                        best, got = dy + (lo - x0) * (lo - x0), y * w + lo
                    if dy + (hi - x0) * (hi - x0) > best:
                        best, got = dy + (hi - x0) * (hi - x0), y * w + hi
                mask >>= w
                y += 1
            return got
    return cell
