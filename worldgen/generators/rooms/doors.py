"""Doors at the joins: a door, a secret door or an open doorway; and the
clean-up of doors that dead-end filling left without two opposite floors."""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T
from worldgen.toolkit.bitgrid import BitGrid
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
    """A door, a secret door or an open doorway at every join (in place); the doors.

    :func:`lay_door` inlined (a call per join is a third of the stage on a 79x29
    map): the same draws in the same order."""
    u, door_chance, secret_chance = r.u, p.door_chance, p.secret_chance
    door, secret, floor = int(T.door), int(T.secret_door), int(T.floor)
    doors = []
    for y, x in joins:
        if u() < door_chance:
            tiles[y, x] = secret if u() < secret_chance else door
            doors.append((y, x))
        else:
            tiles[y, x] = floor
    return doors


def finish_doors(tiles: np.ndarray, g: BitGrid, walk: int,
                 doors: list[tuple[int, int]], least: int = 0) -> tuple[int, list[tuple[int, int]], int]:
    """Drop doors that are no longer doors: wall if walled in, floor if open on 3+ sides.

    ``walk`` is the walkable bitset (:class:`~worldgen.toolkit.bitgrid.BitGrid` layout);
    returns it updated, with the doors kept (in their order) and as bits.  Whole-grid bit
    operations: walling a door in can wall in the next one, so that repeats
    until none is left.  Walling in never leaves fewer than ``least`` walkable
    cells (the floor promise): those doors become floor instead, the stub
    they end kept as dead-end filling keeps its last stubs.
    """
    w = g.w
    door_bits = walk & g.from_indices(y * w + x for y, x in doors)  # those filled are gone
    while shut := door_bits & g.dead_ends(walk):  # one walkable side or none
        if (walk ^ shut).bit_count() < least:
            break  # left as doorways below: no longer between two opposite floors
        walk ^= shut
        door_bits ^= shut
        tiles.flat[g.index_list(shut)] = T.wall
    opened = door_bits & ~g.passages(walk)  # no longer between two opposite floors (or a stub's end)
    if opened:
        tiles.flat[g.index_list(opened)] = T.floor
        door_bits ^= opened
    kept = g.to_mask(door_bits).tobytes()  # one look-up per door (a bit of a big int costs a copy)
    return walk, [(y, x) for y, x in doors if kept[y * w + x]], door_bits
