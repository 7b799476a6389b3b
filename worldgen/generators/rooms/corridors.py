"""Corridors leaving a door site: straight, diagonal (a staircase of short
runs), and drunken walks joining doorways of two separate rooms.

Each takes the growing dungeon ``b`` (a :class:`worldgen.generators.rooms.attach.Builder`,
which calls them) and works through its ``fits``/``place``/``add_join``, its
site list and its row bitsets.  A site is ``[y, x, dir, room, fails]``
(:func:`~worldgen.generators.rooms.attach.unpack_site`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .stamp import DIRS, Stamp, prepare_many

__all__ = ["try_corridor", "try_drunken", "partner_site", "staircase", "grow_staircases", "RUN_PATTERNS"]


#: Staircase patterns of a diagonal corridor: run lengths along its direction,
#: 1 or 2 (steep or shallow), fixed once (a corridor draws one of them).
RUN_PATTERNS = tuple(tuple(1 + (k * 2654435761 >> (j + 7) & 1) for j in range(12)) for k in range(8))
#: Lengths a staircase can have (drawn 4..10, shortened by thirds down to 3).
STAIR_LENGTHS = range(3, 11)
_DIAGONALS: dict[tuple[int, int, int, int], tuple[int, int, Stamp, int, int]] = {}
#: One stamp per distinct corridor: (oy, ox, rows, width) -> stamp.
_SHAPES: dict[tuple, Stamp] = {}


def staircase(d: int, side: int, pattern: int, length: int, bare: bool = False) -> tuple[int, int, Stamp, int, int]:
    """A staircase corridor leaving along ``d`` and stepping to ``side`` (0 or 1):
    ``(oy, ox, stamp, ey, ex)``, its box corner and its last cell relative to
    its first.  Made once per key (a pure function of it); keys whose cells
    are the same share one stamp (512 keys, 160 corridors).  ``bare``: the
    stamp left for :func:`~worldgen.generators.rooms.shapes.prepare_many` to prepare."""
    key = (d, side, pattern, length)
    got = _DIAGONALS.get(key)
    if got is None:
        dy, dx = DIRS[d]
        ly, lx = (dx, dy) if side == 0 else (-dx, -dy)
        runs = RUN_PATTERNS[pattern]
        cy = cx = 0
        cells = [(0, 0)]
        k = 0
        while len(cells) < length:
            for _ in range(runs[k % len(runs)]):
                cy, cx = cy + dy, cx + dx
                cells.append((cy, cx))
            cy, cx = cy + ly, cx + lx
            cells.append((cy, cx))
            k += 1
        oy, ox, s = Stamp.from_cells(cells, bare=True)
        s = _SHAPES.setdefault((oy, ox, s.rows, s.w), s)
        got = _DIAGONALS[key] = (oy, ox, s if bare else s.prepare(), cy, cx)
    return got


def _walk_weights() -> tuple[tuple[int, int, int, int], ...]:
    """The drunken walk's step weights, cumulative: north, + south, + west,
    total (+ east); 5 toward the goal, 1 any other open step, 0 a blocked one.

    Indexed by ``blocked | ty << 4 | tx << 6``: ``blocked`` bit 0 west, 1
    north, 2 east, 3 south; ``ty`` 0, 1, 2 when the goal lies north, level,
    south; ``tx`` the same west to east.

    >>> _walk_weights()[2 | 2 << 4 | 1 << 6]  # north blocked, goal to the south
    (0, 5, 6, 7)
    """
    out = [(0, 0, 0, 0)] * 256
    for tx in range(3):
        for ty in range(3):
            for blocked in range(16):
                n = 0 if blocked & 2 else 5 if ty == 0 else 1
                s = 0 if blocked & 8 else 5 if ty == 2 else 1
                w = 0 if blocked & 1 else 5 if tx == 0 else 1
                e = 0 if blocked & 4 else 5 if tx == 2 else 1
                out[blocked | ty << 4 | tx << 6] = (n, n + s, n + s + w, n + s + w + e)
    return tuple(out)


WALK_WEIGHTS = _walk_weights()


def grow_staircases(tick: Callable[[], Any] | None = None) -> Iterator[Any]:
    """Make every staircase corridor (:func:`staircase`) and its door sites
    once per process: ``yield from`` it; it yields ``tick()`` after each
    direction (128 keys, 40 stamps, a few milliseconds)."""
    for d in range(4):
        if (d, 0, 0, 3) in _DIAGONALS:
            continue
        made = {id(s): s for s in (staircase(d, side, pattern, length, bare=True)[2] for side in (0, 1)
                                    for pattern in range(len(RUN_PATTERNS)) for length in STAIR_LENGTHS)}
        prepare_many(list(made.values()))
        if tick is not None:
            yield tick()


def try_corridor(b, site: list[int], fuse: bool, diagonal: bool) -> bool:
    """A straight or staircase corridor leaving ``site`` along its direction.

    A corridor is fixed by its door, so a misfit is retried shorter.  On
    success the corridor's far end becomes ``b.priority``: the next design
    tries a room there, so few corridors die as dead ends.
    """
    r = b.r
    y, x, d = site[:3]
    dy, dx = DIRS[d]
    side = 0 if r.u() < 0.5 else 1
    if diagonal:
        length = r.int(4, 10)
        pattern = r.pick(len(RUN_PATTERNS))
        ly, lx = (dx, dy) if side == 0 else (-dx, -dy)  # lateral step
        last = DIRS.index((ly, lx))
        kind = "corridor_nwse" if (dy + ly) * (dx + lx) > 0 else "corridor_nesw"
    else:
        length = r.int(4, 12) if d >= 2 else r.int(3, 8)
        last = d
        kind = "corridor_v" if d < 2 else "corridor_h"
    sy, sx = (y, x) if fuse else (y + dy, x + dx)
    for _ in b.positions:  # the corridor and its shorter tries
        if diagonal:
            oy, ox, s, ey, ex = staircase(d, side, pattern, length)
            y0, x0, cy, cx = sy + oy, sx + ox, sy + ey, sx + ex
        else:  # a box one cell wide, from the start cell or ending there
            cy, cx = sy + dy * (length - 1), sx + dx * (length - 1)
            y0, x0 = (sy if sy < cy else cy), (sx if sx < cx else cx)
            s = Stamp.box(length, 1) if d < 2 else Stamp.box(1, length)
        if b.fits(s, y0, x0, fuse):
            b.place(kind, s, y0, x0, None if fuse else (y, x), d ^ 1)
            ey, ex = DIRS[last]
            b.priority = (cy + ey, cx + ex, last, 0)
            return True
        length = length * 2 // 3 if length > 4 else 3
    return False


def partner_site(b, site: list[int], radius: int = 14, tries: int = 24) -> tuple[int, int, int] | None:
    """A random door site of another room within ``radius`` of ``site`` (each
    axis), 6 or more steps away, usable, with free ground in front of it.

    Drawn from the site list (``tries`` draws), not searched for on the map.
    Most draws lie too far across (on a 79x29 map 6 of 9 a call, on 200x200
    nearly all): the column is tested first, on its own.
    """
    sites, u = b.sites, b.r.u
    y1, x1, _, own = site[:4]
    n = len(sites)
    for _ in range(tries):
        other = sites[int(u() * n)]
        x2 = other >> 4 & 511
        if not -radius <= x2 - x1 <= radius:
            continue
        y2 = other >> 13 & 511
        if not -radius <= y2 - y1 <= radius or (other >> 22) - 1 == own or abs(y2 - y1) + abs(x2 - x1) < 6:
            continue
        d2 = other >> 2 & 3
        dy, dx = DIRS[d2]
        if b.site_ok(y2, x2, d2) and not (b.near[y2 + dy] >> (x2 + dx)) & 1:
            return y2, x2, d2
    return None


def joined(rows: list[int], sy: int, sx: int, gy: int, gx: int, wy0: int, wx0: int, wy1: int, wx1: int) -> bool:
    """Can a 4-way walk on the clear cells (bits 0 of ``rows``) inside the
    window rows ``wy0..wy1``, columns ``wx0..wx1`` get from (sy, sx) to (gy, gx)?

    The window is one int, a row every ``wx1 - wx0 + 2`` bits (the extra bit,
    never clear, stops a sideways step wrapping into the next row).  Both
    ends grow by turns until they meet or one has nowhere left to go; a step
    grows a set east along whole runs (an addition carries through a run of
    clear bits), then one cell west, then one cell north and south.  About
    10 steps for a drunken walk's window (20 to 25 rows) on any map size.

    >>> rows = [0b11111, 0b10001, 0b11101, 0b10001, 0b11111]  # bit x: column x
    >>> joined(rows, 1, 3, 3, 3, 0, 0, 4, 4), joined(rows, 1, 3, 3, 3, 0, 2, 4, 4)
    (True, False)
    """
    s = wx1 - wx0 + 2
    clear_row = (1 << (s - 1)) - 1
    clear = 0
    for row in reversed(rows[wy0:wy1 + 1]):
        clear = clear << s | (~row >> wx0 & clear_row)
    a = 1 << (sy - wy0) * s + sx - wx0
    g = 1 << (gy - wy0) * s + gx - wx0
    while True:
        # ``clear + a`` carries each bit of ``a`` up through its run of clear
        # bits and out into the blocked bit above; the changed bits are the run.
        wide = ((clear + a ^ clear) | a >> 1) & clear | a
        grown = (wide | wide << s | wide >> s) & clear
        if grown & g:
            return True
        if grown == a:
            return False
        a, g = g, grown


def bent_clear(b, sy: int, sx: int, gy: int, gx: int) -> bool:
    """Is one of the two L-shaped paths from (sy, sx) to (gy, gx), along the
    row then the column or the column then the row, clear of ``b.near``?
    Four bit tests (a column is one int of ``b.near_cols``), where
    :func:`joined` takes ten flood steps: 7 in 10 walks that can arrive have one.
    """
    near, cols = b.near, b.near_cols
    xa, ya = min(sx, gx), min(sy, gy)
    across, down = (1 << abs(gx - sx) + 1) - 1, (1 << abs(gy - sy) + 1) - 1
    return (not (near[sy] >> xa & across or cols[gx] >> ya & down)
            or not (cols[sx] >> ya & down or near[gy] >> xa & across))


def try_drunken(b, site: list[int]) -> bool:
    """A weighted drunken walk from door ``site`` to a doorway of another room.

    Walked only when the goal can be reached at all inside the walk's window
    (:func:`joined`).  Half the walks could not: such a walk would have run
    out its steps (a draw each) and failed, so its draws are skipped instead
    and the maps are the same as if it had been walked.
    """
    partner = partner_site(b, site)
    if partner is None:
        return False
    near = b.near
    y1, x1, d1 = site[:3]
    y2, x2, d2 = partner
    sy, sx = y1 + DIRS[d1][0], x1 + DIRS[d1][1]
    gy, gx = y2 + DIRS[d2][0], x2 + DIRS[d2][1]
    if (near[sy] >> sx) & 1 or (near[gy] >> gx) & 1:
        return False
    # Walk inside a window around both ends; outside it counts as blocked, and
    # the map's edge is in ``near``: ``wall`` is ``near`` with every cell
    # outside the window set, so a step's test is one bit.
    m = 8
    wy0, wx0 = max(min(sy, gy) - m, 0), max(min(sx, gx) - m, 0)
    wy1, wx1 = min(max(sy, gy) + m, b.h - 1), min(max(sx, gx) + m, b.w - 1)
    steps = 3 * (abs(gy - sy) + abs(gx - sx)) + 12
    if not (bent_clear(b, sy, sx, gy, gx) or joined(near, sy, sx, gy, gx, wy0, wx0, wy1, wx1)):
        # A walk that cannot arrive never stops early: each cell it reaches
        # has the clear cell it came from beside it, so it runs all its steps,
        # unless its first cell is shut in and it stops before a draw.
        if not (near[sy] >> (sx - 1) & 5 == 5 and near[sy - 1] >> sx & 1 and near[sy + 1] >> sx & 1):
            b.r.skip(steps)
        return False
    full = (1 << b.w) - 1
    outside = full ^ (((1 << (wx1 - wx0 + 1)) - 1) << wx0)
    wall = [full] * b.h
    wall[wy0:wy1 + 1] = [outside | row for row in near[wy0:wy1 + 1]]
    cy, cx = sy, sx
    path = [(cy, cx)]
    u = b.r.u
    # Weight 5 for a step toward the goal, 1 for any other open step (north,
    # south, west, east); a step is open inside the window and off ``near``.
    # The weights come from WALK_WEIGHTS by the blocked neighbours and where
    # the goal lies: one look-up instead of four conditional expressions.
    for _ in range(steps):
        if cy == gy and cx == gx:
            break
        row = wall[cy]
        n, ns, nsw, total = WALK_WEIGHTS[(row >> (cx - 1) & 5 | (wall[cy - 1] >> cx & 1) << 1
                                          | (wall[cy + 1] >> cx & 1) << 3 | ((gy >= cy) + (gy > cy)) << 4
                                          | ((gx >= cx) + (gx > cx)) << 6)]
        if not total:
            return False
        pick = u() * total
        if pick < n:
            cy -= 1
        elif pick < ns:
            cy += 1
        elif pick < nsw:
            cx -= 1
        else:
            cx += 1
        path.append((cy, cx))
    if (cy, cx) != (gy, gx):
        return False
    y0, x0, s = Stamp.from_cells(path)
    b.place("drunken", s, y0, x0, (y1, x1), sites=False)
    b.add_join((y2, x2))
    return True
