"""The rooms generator as the list of its stages: rooms, doors, dead_ends, loops, final."""

from __future__ import annotations

import math
from functools import reduce
from operator import or_

import numpy as np

from worldgen.core.registry import DUNGEON_POINTS, GeneratorSpec, LiveStage, Progress, Stage, register
from worldgen.core import seeding
from worldgen.core.pacing import Pace
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import features, grid, promises, terrain, vaults
from worldgen.toolkit.bitgrid import BitGrid
from .attach import Builder
from .corridors import grow_staircases
from .doors import finish_doors, lay_doors
from .draw import Draw
from .loops import open_loops
from .params import RoomParams
from .shapes import Stamp, grow_cave_library
from .stairs import pick_far_from, pick_farthest, stair_masks
from .work import plan, work

__all__ = ["run", "SPEC", "MIN_FLOOR", "GROW_FLOOR"]

#: Share of the interior that is floor on every finished map (a promise, tested).
MIN_FLOOR = 0.1
#: Share of the interior the rooms stage grows to at least, whatever ``room_attempts``
#: says (dead-end filling takes some of it back).
GROW_FLOOR = 0.2
#: Room records made between two Progress events (a 400x400 map has thousands).
RECORDS_PER_STEP = 256
#: Cell-steps of breadth-first search between two Progress events on big maps.
SEARCH_SLICE = 1 << 23
#: Spawn points drawn one by one in Python up to this many (numpy beyond).
SAMPLE_IN_PYTHON = 256
#: Maps up to this many cells search for loops from both cells at once, on
#: two stacked copies (measured: 79x29 gains, 200x200 loses).
STACK_CELLS = 10_000


def run(seed: int, width: int, height: int, p: RoomParams):
    """Yield the stages ``rooms``, ``doors``, ``dead_ends``, ``loops``, ``final``."""

    # rooms: accretion from one room in the middle; a preview per room (one
    # LiveStage over the tiles, painted from the builder's bits when read: a
    # preview is valid until the next step, and most runs never read one).
    yield from grow_cave_library(lambda: Progress("rooms", 0.0))
    yield from grow_staircases(lambda: Progress("rooms", 0.0))
    b = Builder(seed, width, height, p)
    shown = LiveStage("rooms", b.paint)
    b.first_room()
    step = Progress("rooms", 0.0, preview=shown)
    yield step
    # room_attempts designs, and more while the floor is short of GROW_FLOOR of
    # the interior (up to the parameter's top rate), so sparse settings still
    # leave MIN_FLOOR after dead ends are filled; both within the work budget
    # (worldgen.core.work: .work.plan).
    cut = plan(width, height, p)
    attempts, most = cut.attempts, cut.most
    want = GROW_FLOOR * (width - 2) * (height - 2)
    k = 0
    # ``done`` is the 16ths of the designs tried, (k + 1) * 16 // attempts,
    # at most 16: worked out again only from ``bump``, the first k that
    # passes the last value (a few times a map, not once a room).
    bump = -(-attempts // 16) - 1
    while k < attempts or (b.floor < want and k < most):
        if b.attempt():
            # One event per room; a new one only when ``done`` has moved a
            # 16th (an event is immutable, and making one costs a microsecond).
            if k >= bump:
                sixteenths = min(16, (k + 1) * 16 // attempts)
                bump = -(-(sixteenths + 1) * attempts // 16) - 1
                if sixteenths / 16 != step.done:
                    step = Progress("rooms", sixteenths / 16, preview=shown)
            yield step
        elif k % 16 == 15:  # a run of misfits: still hand control back now and then
            yield Progress("rooms", min(1.0, (k + 1) * 16 // attempts / 16))
        k += 1
    b.fix_diagonals()
    tiles = b.paint()
    yield Stage("rooms", tiles.copy(), info={"rooms": len(b.stamps), "joins": len(b.joins)})

    # The finishing stages go on drawing from the rooms stage's stream: making
    # a generator costs about as much as the doors stage itself on a 79x29 map.
    # They work on bitsets (worldgen.toolkit.bitgrid): on a 79x29 map a numpy call
    # costs as much as a dozen whole-map bit operations.
    yield from _finish(b, width, height, p, cut.pools)


def _finish(b: Builder, width: int, height: int, p: RoomParams, pools: list[tuple[str, int]]):
    """The stages after ``rooms``: ``doors``, ``dead_ends``, ``loops``, ``final``."""
    tiles, r, g = b.tiles, b.r, BitGrid.of(width, height)

    # doors: a door, a secret door or an open doorway at each join.
    doors = lay_doors(tiles, b.joins, r, p)
    yield Stage("doors", tiles.copy(), info={"doors": len(doors)})

    # dead_ends: filled (the work list held as bits), then the doors they orphaned.
    walk, doors, door_bits, filled = yield from _fill_dead_ends(tiles, g, doors, r, p)
    yield Stage("dead_ends", tiles.copy(), info={"filled": filled})

    # loops: walls between floors far apart on foot become doors.
    root = _root(b.room(0), width, walk)
    up = pick_far_from(stair_masks(g, walk, walk & ~door_bits), root, g)
    walk, door_bits, opened = yield from _open_loops(b, g, walk, doors, door_bits, root, up, p)
    yield Stage("loops", tiles.copy(), info={"loops": opened})

    # final: features on interior floor (never cutting a walk: worldgen.toolkit.features),
    # then the exit farthest on foot from the start on the finished map, spawn
    # points on plain floor away from the start, the room and door lists.
    yield from _final(b, g, walk, doors, door_bits, up, opened, p, pools)


def _fill_dead_ends(tiles: np.ndarray, g: BitGrid, doors: list, r: Draw, p: RoomParams):
    """Fill dead ends (a sparse map keeps its last stubs: :data:`MIN_FLOOR`),
    then drop the doors they orphaned: ``(walk, doors, door bits, cells filled)
    = yield from ...`` (the filling in slices of :data:`SEARCH_SLICE` cell-steps)."""
    before = g.from_mask(tiles != T.wall)
    least = math.ceil(MIN_FLOOR * (g.w - 2) * (g.h - 2))
    walk = yield from g.fill_dead_ends_steps(before, p.dead_end_keep, r.rng, least, SEARCH_SLICE,
                                             lambda: Progress("dead_ends", 0.5))
    tiles[g.to_mask(before & ~walk)] = T.wall
    walk, doors, door_bits = finish_doors(tiles, g, walk, doors, least)
    return walk, doors, door_bits, (before & ~walk).bit_count()


def _open_loops(b: Builder, g: BitGrid, walk: int, doors: list, door_bits: int, root: int, up: int,
                p: RoomParams):
    """The loops stage's work: ``walk, door_bits, opened = yield from ...``.

    Walls are scored by distances from two cells: ``root``, one of the first
    room (mid-map), and the up stairs ``up``, the room cell farthest from it in a
    straight line (so near an end of the dungeon).  Neither depends on the
    other's search: on a small map both run as one, on two copies of the map
    stacked in a grid twice as tall; on a big one (whole-grid operations cost
    by length) apart."""
    width, height = g.w, g.h
    area = width * height
    n_loops = int(p.loops * area / 1000.0 + 0.5)
    searches = []
    copies = 2 if area <= STACK_CELLS else 1
    if n_loops > 0:
        stacked = BitGrid.of(width, copies * height)
        both = walk | walk << g.n
        for sources in ([1 << up | 1 << (root + g.n)] if copies == 2 else [1 << up, 1 << root]):
            searches.append((yield from stacked.levels(both if copies == 2 else walk, sources, grid.WALK,
                                                       SEARCH_SLICE, lambda: Progress("loops", 0.5))))
            yield Progress("loops", 0.5)
    return (yield from open_loops(b.tiles, g, walk, doors, door_bits, searches, copies, n_loops,
                                  p, b.r, SEARCH_SLICE, lambda: Progress("loops", 0.75)))


def _final(b: Builder, g: BitGrid, walk: int, doors: list, door_bits: int, up: int, opened: int,
           p: RoomParams, pools: list[tuple[str, int]]):
    """The final stage: features, the exit, spawn points, the room and door lists."""
    tiles, r, width = b.tiles, b.r, g.w
    laid = yield from _terrain(b, tiles, up, pools)
    pooled = any(laid.values())
    if pooled:
        walk &= g.from_mask(_OPEN[tiles])  # pools' cores block the way
        plain = walk & ~door_bits & g.from_mask(features.IS_FLOORLIKE[tiles])
    else:  # the walk's tiles are floor and the doors (door_bits) only: no mask to make
        plain = walk & ~door_bits
    dressed, blocking, traps = yield from features.place_bits(g, tiles, plain, 1 << up, r.u, p.features)
    yield Progress("final", 0.25)
    walk ^= blocking
    levels, lost = yield from g.search(walk, 1 << up, grid.WALK, SEARCH_SLICE, lambda: Progress("final", 0.5))
    floor = walk & ~door_bits & ~traps  # stairs and spawns on plain floor (not a pool's rim or bridge)
    if pooled:
        floor &= g.from_mask(tiles == T.floor)
    down = pick_farthest(stair_masks(g, walk, floor), levels, exclude=up)
    if lost:
        # Cannot happen by construction; the promise is kept if it did.
        tiles[g.to_mask(lost)] = T.wall
        walk ^= lost
        floor &= ~lost
        doors = [(y, x) for y, x in doors if (walk >> (y * width + x)) & 1]
    tiles.flat[up] = T.stairs_up
    tiles.flat[down] = T.stairs_down
    floor &= ~(1 << up) & ~(1 << down)
    yield Progress("final", 0.7)
    n_floor = floor.bit_count()
    counts = (int(n_floor * p.monster_density + 0.5), int(n_floor * p.item_density + 0.5))
    spawns = _sample(g.indices(floor & ~reduce(or_, levels[:p.safe_radius], 0)), counts[0] + counts[1], r)
    yield Progress("final", 0.75)
    carved = []
    if p.vaults > 0:  # none asked for (the defaults): no stream seeded, no pass over the map
        rng = seeding.rng(b.seed, "vaults")
        carved = yield from Pace().at("final").relay(
            vaults.carve_steps(tiles, rng, vaults.pick_designs(rng, p.vaults)), lambda done: 0.75)
    records = yield from _room_records(b)
    doors.sort()
    secret = int(T.secret_door)
    cell = tiles.tobytes()
    info = {
        "rooms": records,
        "doors": [(x, y, cell[y * width + x] == secret) for y, x in doors],
        "loops": opened,
        "floor_fraction": round(walk.bit_count() / g.n, 4),
        **dressed,
        "terrain": laid,
        "vaults": carved,
    }
    yield Stage("final", tiles, points={**_points(up, down, spawns, counts[0], width), **vaults.points_of(carved)},
                info=info)


#: ``_OPEN[tile]``: whether a walk may cross it once the pools are laid.
_OPEN = WALKABLE.copy()
#: Room kinds a pool may lie in (not the corridors).
POOL_ROOMS = frozenset({"rect", "conglomerate", "cross", "circle", "cave"})


def _terrain(b: Builder, tiles: np.ndarray, up: int, wanted: list[tuple[str, int]]):
    """``info = yield from _terrain(...)``: lakes, chasms and meadows, each
    inside one room (the source's "terrain changes" among a level's
    features; never in a corridor), away from the stairs up, the map kept
    one 4-connected region as the rooms make it (:mod:`worldgen.toolkit.terrain`)."""
    h, w = tiles.shape
    if not wanted:  # none asked for (the defaults): no stream seeded, no rooms looked at
        return terrain.none_laid()
    keep = np.zeros((h, w), dtype=bool)
    keep.flat[up] = True
    boxes = [(y0, x0, s) for kind, corner, s in zip(b.kinds, b.corners, b.stamps) if kind in POOL_ROOMS
             for y0, x0 in [(corner >> 12, corner & 4095)]]

    def room(y0, y1, x0, x1, cy, cx):
        out = np.zeros((y1 - y0, x1 - x0), dtype=bool)
        for ry, rx, s in boxes:
            if ry <= cy < ry + s.h and rx <= cx < rx + s.w and (s.rows[cy - ry] >> (cx - rx)) & 1:
                m = s.mask()
                ty0, tx0 = max(y0, ry), max(x0, rx)
                ty1, tx1 = min(y1, ry + s.h), min(x1, rx + s.w)
                out[ty0 - y0:ty1 - y0, tx0 - x0:tx1 - x0] = m[ty0 - ry:ty1 - ry, tx0 - rx:tx1 - rx]
                break
        return out

    return (yield from terrain.pools(tiles, seeding.rng(b.seed, "terrain"), wanted, keep, room, 4, h * w // 8))


def _room_records(b: Builder):
    """The rooms as JSON-ready ints (rooms/__init__.py says what they hold):
    ``records = yield from ...``, a Progress every :data:`RECORDS_PER_STEP`.

    The mask is the stamp's own tuple of rows, no new container per room (the
    garbage collector stops tracking a tuple of ints, and the dict holding
    it).  One comprehension, no call per room: half the time of one."""
    records = []
    kinds, corners, stamps = b.kinds, b.corners, b.stamps
    for j in range(0, len(stamps), RECORDS_PER_STEP):
        k = j + RECORDS_PER_STEP
        records += [{"kind": kind, "x": corner & 4095, "y": corner >> 12, "w": s.w, "h": s.h, "mask": s.rows}
                    for kind, corner, s in zip(kinds[j:k], corners[j:k], stamps[j:k])]
        yield Progress("final", 0.75 + 0.25 * j / len(stamps))
    return records


def _sample(cells: np.ndarray, k: int, r: Draw) -> list[int] | np.ndarray:
    """Up to ``k`` distinct ``cells`` in a random order (a list, or an array
    when many): a partial Fisher-Yates shuffle drawing from ``r`` for a few
    (:func:`worldgen.toolkit.features.sample_cells`), numpy's ``choice`` for many (a
    dense 400x400 map asks for tens of thousands).

    >>> import numpy as np
    >>> got = _sample(np.arange(10), 4, Draw(np.random.default_rng(0)))
    >>> len(set(got)) == 4 and set(got) <= set(range(10))
    True
    """
    m = len(cells)
    k = min(k, m)
    if k > SAMPLE_IN_PYTHON:
        return cells[r.rng.choice(m, size=k, replace=False)]
    return features.sample_cells(cells, k, r.u)


def _points(up: int, down: int, spawns: list[int] | np.ndarray, monsters: int, width: int) -> dict:
    """The stage's points (``(k, 2)`` ``int64`` ``[x, y]`` rows): ``start`` at
    flat cell ``up``, ``exit`` at ``down``, ``monsters`` the first of
    ``spawns``, ``items`` the rest; slices of one array made in three calls.

    >>> {k: v.tolist() for k, v in _points(5, 6, [7, 8, 9], 1, 4).items()}
    {'start': [[1, 1]], 'exit': [[2, 1]], 'monsters': [[3, 1]], 'items': [[0, 2], [1, 2]]}
    """
    if isinstance(spawns, np.ndarray):
        flat = np.concatenate((np.array([up, down], dtype=np.int64), spawns))
    else:
        flat = np.array([up, down, *spawns], dtype=np.int64)
    xy = np.empty((len(flat), 2), dtype=np.int64)
    np.divmod(flat, width, out=(xy[:, 1], xy[:, 0]))
    return {"start": xy[:1], "exit": xy[1:2], "monsters": xy[2:2 + monsters], "items": xy[2 + monsters:]}


def _root(first: tuple[str, int, int, Stamp], width: int, walk: int) -> int:
    """A walkable cell of the first room's middle row (any walkable cell if it went)."""
    _, y0, x0, s = first
    row = s.rows[s.h // 2]
    i = (y0 + s.h // 2) * width + x0 + (row & -row).bit_length() - 1
    return i if (walk >> i) & 1 else (walk & -walk).bit_length() - 1


SPEC = register(GeneratorSpec(
    name="rooms",
    title="Rooms (Brogue-style accretion)",
    summary="rooms, crosses, caves and corridors accreted one by one; doors, loops, no dead ends",
    stages=("rooms", "doors", "dead_ends", "loops", "final"),
    params=RoomParams,
    run=run,
    default_size=(79, 29),
    min_size=(20, 12),
    max_size=(400, 400),
    bench_sizes=((79, 29), (200, 200)),
    source="004_6e894d1118b40400.txt",
    kind="dungeon",
    work=work,
    points=DUNGEON_POINTS + vaults.POINTS,
    promises=promises.DUNGEON,
    terrains=(T.grass, T.desert, T.sand, T.ground),
    colour=(150, 140, 130),
))
