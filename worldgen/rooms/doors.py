"""Doors at the joins: a door, a secret door or an open doorway; and the
clean-up of doors that dead-end filling left without two opposite floors."""

from __future__ import annotations

import numpy as np

from ..bitgrid import BitGrid
from ..tiles import T
from .draw import Draw
from .params import RoomParams

__all__ = ["lay_door", "lay_doors", "finish_doors"]


def lay_door(tiles: np.ndarray, y: int, x: int, r: Draw, p: RoomParams) -> bool:
    """Make (y, x) a door, a secret door or (``door_chance`` missed) open floor.

    True when it became a door of either kind.
    """
    if r.u() < p.door_chance:
        tiles[y, x] = T.secret_door if r.u() < p.secret_chance else T.door
        return True
    tiles[y, x] = T.floor
    return False


def lay_doors(tiles: np.ndarray, joins: list[tuple[int, int]], r: Draw,
              p: RoomParams) -> list[tuple[int, int]]:
    """A door, a secret door or an open doorway at every join (in place); the doors."""
    return [(y, x) for y, x in joins if lay_door(tiles, y, x, r, p)]


def finish_doors(tiles: np.ndarray, g: BitGrid, walk: int,
                 doors: list[tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """Drop doors that are no longer doors: wall if walled in, floor if open on 3+ sides.

    ``walk`` is the walkable bitset (:class:`~worldgen.bitgrid.BitGrid` layout);
    returns it updated, with the doors kept.  A Python step per door (a few
    dozen on a 79x29 map) on a bytes copy: reading one bit of a big int
    copies the int.
    """
    w = g.w
    cells = bytearray(g.to_mask(walk).tobytes())  # one byte per cell: cheap single reads
    kept = []
    for y, x in doors:
        i = y * w + x
        if not cells[i]:
            continue
        n, s, west, east = cells[i - w], cells[i + w], cells[i - 1], cells[i + 1]
        if (n and s and not west and not east) or (west and east and not n and not s):
            kept.append((y, x))
        elif n + s + west + east <= 1:
            tiles[y, x] = T.wall
            cells[i] = 0
        else:
            tiles[y, x] = T.floor
    return g.from_mask(np.frombuffer(bytes(cells), dtype=bool)), kept
