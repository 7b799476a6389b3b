"""The growing dungeon: rooms attached one by one at door sites (Brogue's accretion).

A "random position" is a random door site on the outside of a built room (of
two drawn, the one with more free ground straight ahead), so every candidate
touches; the room is designed no larger than the free span measured there.  A
shift slides the room 1..3 door sites along its own face; a corridor, fixed
by its door, is retried shorter instead.  After a corridor is laid, the next
designs try a room at its far end.

How it stays fast (about 1500 bytecodes a design where main took 3000; the
same cost per design at 79x29 and at 400x400):

* The map is three lists of row bitsets (bit ``x`` of ``rows[y]`` is cell
  ``(y, x)``): ``open`` (walkable), ``near`` (``open`` grown by one cell, 8
  ways, plus the map edge) and ``blocked`` (``open`` plus the four neighbours
  of every join), and ``near`` again by column (``near_cols``).  A placement
  with a door is legal when ``near & stamp`` is empty row by row; a fused one
  when ``blocked & stamp`` is.  Placing ors the stamp's rows, its halo rows
  and halo columns (:attr:`Stamp.halo`, made once per stamp) in, in plain
  loops (``map`` over slices was measured slower for a room's few rows).
  Small ints per row cost the same at 79x29 and at 400x400; whole-map ints
  would be faster for a fit test at 79x29 but every single-cell test would
  cost a shift of the whole map (2 us at 400x400).
* Free space ahead of a site is one bit search in a row or a column; of the
  two sites drawn only the winner gets its sides measured.
* Door sites are ints, one per site (:func:`pack_site`; no container per
  site: a 400x400 map makes ten thousand, and the garbage collector's full
  passes grow with live containers), in a list on a small map and an array
  on a big one (:class:`Builder` says why).  A placement adds its
  stamp's site plan (:meth:`Stamp.plan`: one site a face, offsets worked out
  once per stamp, one addition each), unchecked; a site is checked when
  drawn by the one bit search that measures its depth ahead (under 2 free
  cells: dead; ``blocked`` need not be read), and a dead or used one dropped
  for good (``open`` and ``near`` only grow).  About half the sites listed
  are dead when listed (a neighbour within three cells of the face), but
  checking them then cost as much as the draws it saved (measured).
* The ``uint8`` tile map is painted from ``open`` only when read
  (:meth:`Builder.paint`: one ``unpackbits`` of the whole map, about 6 us at
  79x29), not as rooms land: a numpy write per placement (1 to 4 us: a slice,
  a box at a time, or a mask) cost about 80 us a 79x29 map, and most maps
  are drained with no preview looked at.  Cave blobs, conglomerates, crosses
  and boxes come from libraries grown (and their sites worked out) once per
  process.

Long because :class:`Builder` is one unit: its row bitsets and its list of
door sites are read together at every step of an attempt (a site is
checked by the bit search that measures the free space ahead of it, a
placement writes the map and lists the stamp's sites), and the notes above
count that loop's bytecodes.  Split in two, each test in it would pay an
attribute hop; the designs (:mod:`.shapes`), corridors (:mod:`.corridors`)
and drawing (:mod:`.draw`) already live apart.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right

import numpy as np

from worldgen.core import seeding
from worldgen.core.tiles import T
from worldgen.toolkit.bitgrid import bit_indices
from .corridors import try_corridor, try_drunken
from .draw import Draw
from .params import RoomParams
from .shapes import DIRS, ROOM_DESIGNS, Stamp, design, design_cave

__all__ = ["Builder", "pack_site", "unpack_site"]

#: The wall tile id as a ``uint8``: :meth:`Builder.paint` subtracts the floor bits from it.
WALL = np.uint8(T.wall)
assert T.wall == T.floor + 1, "Builder.paint makes floor as wall minus one"
#: Caps on the free space measured ahead of a site and beside the first cell.
DEPTH_CAP, SIDE_CAP = 18, 14
#: A placement's face left out of its site plan: none (:meth:`Stamp.plan`).
ALL_FACES = 4
#: Maps up to this many cells list their door sites in a list, bigger ones
#: in an array (see :class:`Builder`).
LIST_CELLS = 10_000
#: The room kinds, and the top of each one's slice of the design roll (cumulative
#: shares): a roll ``v`` picks ``_KINDS[bisect_right(_BELOW, v)]``, the first
#: kind whose top is above it (the last kind's top made 1, so every roll has one).
_KINDS = tuple(name for name, _, _ in ROOM_DESIGNS)
_BELOW = tuple(sum(share for _, share, _ in ROOM_DESIGNS[:i + 1]) for i in range(len(ROOM_DESIGNS) - 1))


def pack_site(y: int, x: int, d: int, room: int, fails: int = 0) -> int:
    """A door site as one int: fails in bits 0-1, dir 2-3, x 4-12, y 13-21, room + 1 above.

    Fields add: a corner's pack plus a stamp's site offset (:meth:`Stamp.plan`)
    is the site's pack, even for the offsets of -1 of the sites above and left.

    >>> unpack_site(pack_site(28, 78, 3, 41, 2))
    (28, 78, 3, 41, 2)
    >>> unpack_site(pack_site(5, 7, 0, 2) + (-1 << 13) + (3 << 4) + (1 << 2))
    (4, 10, 1, 2, 0)
    """
    return (room + 1) << 22 | y << 13 | x << 4 | d << 2 | fails


def unpack_site(site: int) -> tuple[int, int, int, int, int]:
    """``(y, x, dir, room, fails)`` of a packed site (room -1: no room)."""
    return site >> 13 & 511, site >> 4 & 511, site >> 2 & 3, (site >> 22) - 1, site & 3


class Builder:
    """The growing dungeon: live row bitsets, the site list, the room and join lists.

    Sites are packed ints (:func:`pack_site`) of ``(y, x, dir, room, fails)``;
    ``dir`` points away from the floor behind the site.  Room ``i`` is
    :meth:`room` ``(i)``: ``(kind, y0, x0, stamp)``; joins are ``(y, x)``.
    """

    def __init__(self, seed: int, width: int, height: int, p: RoomParams) -> None:
        self.h, self.w, self.p, self.seed = height, width, p, seed
        self.stride = (width + 7) & ~7  # bits a row in :meth:`whole_open` (whole bytes)
        self.r = Draw(seeding.rng(seed, "rooms"))
        self.u = self.r.u  # the next uniform float (read at every decision)
        self.tiles = np.full((height, width), T.wall, dtype=np.uint8)  # painted by :meth:`paint`
        self._painted = 0  # :attr:`floor` when the tiles were last painted
        full, edge = (1 << width) - 1, 1 | 1 << (width - 1)
        ring = [full] + [edge] * (height - 2) + [full]  # floor never touches the map edge
        self.open = [0] * height
        self.near = list(ring)
        self.blocked = list(ring)
        # ``near`` again by column (bit y of ``near_cols[x]``): a run down a column is one bit search.
        full, edge = (1 << height) - 1, 1 | 1 << (height - 1)
        self.near_cols = [full] + [edge] * (width - 2) + [full]
        # Packed sites: a list on a small map (a list's item is the int stored,
        # an array's is made anew when read: picking a site, about four draws,
        # took 1.61 us with an array and 1.38 with a list at 79x29), an array
        # on a big one (a dense 400x400 map lists millions,
        # and a list of them was walked by every garbage collection, 80 ms
        # each).  ``add_sites`` lists many at once (``fromlist``, not
        # ``extend``, for an array: it extends itself from a list through the
        # iterator protocol, 0.3 us more for a plan of three sites).
        self.sites: list[int] | array[int] = [] if width * height <= LIST_CELLS else array("q")
        self.add_sites = self.sites.extend if isinstance(self.sites, list) else self.sites.fromlist
        self.joins: list[tuple[int, int]] = []
        # Rooms as three lists, not a tuple each: on a 400x400 map thousands of
        # live containers make each full pass of the garbage collector longer.
        self.kinds: list[str] = []
        self.corners: list[int] = []  # y0 << 12 | x0
        self.stamps: list[Stamp] = []
        self.priority: tuple[int, int, int, int] | None = None  # y, x, dir, tries
        self.floor = 0  # open cells so far
        self.ahead = 0  # free depth ahead of the site :meth:`pick_site` returned last
        # The design roll's thresholds: corridor, cave, then the room kinds' shares.
        self._corridor = p.corridor_chance
        self._fuse = p.fuse_chance
        self._cave = p.corridor_chance + p.cave_chance
        self.positions = range(p.shifts + 1)  # a design's first position and its shifts (or shorter tries)

    # ---- sites

    def site_ok(self, y: int, x: int, d: int) -> bool:
        """May a join go at (y, x), floor behind it at -d, nothing ahead or beside?"""
        if (self.blocked[y] >> x) & 1:
            return False  # also the map edge, so the cells around are inside the map
        dy, dx = DIRS[d]
        o = self.open
        return bool((o[y - dy] >> (x - dx)) & 1) and not (
            (o[y + dy] >> (x + dx)) & 1 or (o[y + dx] >> (x + dy)) & 1
            or (o[y - dx] >> (x - dy)) & 1)

    def pick_site(self, tries: int = 32, pool: int = 2) -> int:
        """The index in :attr:`sites` of a random usable site, -1 if none was
        found; its free depth ahead (:meth:`run`) in :attr:`ahead`.

        A site is usable when :meth:`site_ok` holds and two cells ahead are
        free (room for a room).  Dead sites met on the way are dropped for
        good (``open`` and ``near`` only grow, so a dead site never comes
        back).  Of ``pool`` usable sites the one with the most free cells
        straight ahead wins, which steers growth into empty parts of the map.
        """
        best, most, found = -1, -1, 0
        sites, u, near, cols = self.sites, self.u, self.near, self.near_cols
        n = len(sites)
        if n == 0:
            self.ahead = -1
            return -1
        for _ in range(tries):
            k = int(u() * n)
            site = sites[k]
            y, x, d = site >> 13 & 511, site >> 4 & 511, site & 12  # d: dir << 2
            # :meth:`site_ok` and two free cells ahead, inline: the free depth
            # ahead (:meth:`run`: one bit search in the row or the column) is
            # 2 or more.  That is the whole test (tests/test_rooms_attach.py
            # checks it on every listed site): floor on the site, beside it or
            # at a join beside it (``blocked``, in :meth:`site_ok`) puts the
            # cell ahead in ``near`` (depth 0), and a site on the map edge
            # faces out of the map (depth 0 or -1).  The floor behind is the
            # site's own room, there for good.
            if d == 12:  # east
                rest = near[y] >> (x + 1)
                depth = (rest & -rest).bit_length() - 1
            elif d == 8:  # west
                depth = x - (near[y] & ((1 << x) - 1)).bit_length()
            elif d == 4:  # south
                rest = cols[x] >> (y + 1)
                depth = (rest & -rest).bit_length() - 1
            else:  # north
                depth = y - (cols[x] & ((1 << y) - 1)).bit_length()
            if depth < 2:
                n -= 1  # not a site any more, or only a nook ahead: drop it, the last one into its slot
                last = sites.pop()
                if k < n:
                    sites[k] = last
                    if best == n:
                        best = k  # it was the last one
                elif n == 0:
                    break
                continue
            if depth > DEPTH_CAP:
                depth = DEPTH_CAP
            if depth > most:
                best, most = k, depth
            found += 1
            if found >= pool:
                break
        self.ahead = most
        return best

    def revive_sites(self, rooms: int = 16) -> None:
        """Sites again on up to ``rooms`` random rooms, every site of every face,
        once every listed site has been used up or dropped (each gets 3
        tries): a tight cluster of rooms, whose planned sites all died, would
        otherwise stop the growth however many designs are left."""
        u = self.r.u
        for _ in range(rooms):
            rid = int(u() * len(self.stamps))
            kind, y0, x0, s = self.room(rid)
            if kind != "drunken":
                base = (rid + 1) << 22 | y0 << 13 | x0 << 4
                self.add_sites([base + (sy << 13) + (sx << 4) + (d << 2)
                                for d in range(4) for sy, sx in zip(s.face_ys[d], s.face_xs[d])])

    def room(self, i: int) -> tuple[str, int, int, Stamp]:
        """Room ``i``: ``(kind, y0, x0, stamp)``."""
        corner = self.corners[i]
        return self.kinds[i], corner >> 12, corner & 4095, self.stamps[i]

    def run(self, y: int, x: int, d: int, cap: int) -> int:
        """Free cells (not in ``near``) in a line from (y, x), excluded, along ``d``, capped.

        One bit search in a row (west, east) or a column (north, south); the
        map edge is in ``near``, so every line ends inside the map.
        """
        if d == 3:  # east: the lowest set bit above x
            rest = self.near[y] >> (x + 1)
            n = (rest & -rest).bit_length() - 1
        elif d == 2:  # west: the highest set bit below x
            n = x - (self.near[y] & ((1 << x) - 1)).bit_length()
        elif d == 1:  # south: the lowest set bit above y
            rest = self.near_cols[x] >> (y + 1)
            n = (rest & -rest).bit_length() - 1
        else:  # north: the highest set bit below y
            n = y - (self.near_cols[x] & ((1 << y) - 1)).bit_length()
        return n if n < cap else cap

    def space(self, y: int, x: int, d: int) -> tuple[int, int, int]:
        """Free room ahead of site (y, x): depth along ``d``, then free cells beside
        the first cell ahead on the low and high side (west/east for a door in a
        horizontal wall, north/south otherwise), all capped; sides are 0 when
        the depth is under 2 (no room fits there)."""
        depth = self.run(y, x, d, DEPTH_CAP)
        if depth < 2:
            return depth, 0, 0
        dy, dx = DIRS[d]
        lo, hi = (2, 3) if d < 2 else (0, 1)
        return (depth, self.run(y + dy, x + dx, lo, SIDE_CAP),
                self.run(y + dy, x + dx, hi, SIDE_CAP))

    # ---- placing

    def fits(self, s: Stamp, y0: int, x0: int, fuse: bool) -> bool:
        """May stamp ``s`` land at (y0, x0)?  With a door (``fuse`` False) no cell
        of it may touch existing floor, even diagonally; fused, it may not
        overlap floor or touch a join."""
        if y0 < 1 or x0 < 1 or y0 + s.h >= self.h or x0 + s.w >= self.w:
            return False
        grid = self.blocked if fuse else self.near
        y = y0
        for row in s.rows:
            if grid[y] & (row << x0):
                return False
            y += 1
        return True

    def place(self, kind: str, s: Stamp, y0: int, x0: int, join: tuple[int, int] | None,
              skip: int = ALL_FACES, sites: bool = True) -> None:
        """Add stamp ``s`` at (y0, x0) (it :meth:`fits`): the bitsets, the join,
        the room lists and (``sites``) its site plan without the face ``skip``
        (the one facing the doorway).  The tiles wait for :meth:`paint`.

        Plain loops over the rows: for the few rows of a room they beat
        ``map`` over slices (measured: 0.5 us against 1.3 us for 5 rows).
        A rectangle's rows are all one row, and so are its halo's rows and
        columns: each is shifted once (0.4 us less for a 5 x 8 room; more than
        half the placements are rectangles or straight corridors)."""
        open_, near, blocked, cols = self.open, self.near, self.blocked, self.near_cols
        if s.rect:
            row, ring, col = s.rows[0] << x0, s.halo[0] << (x0 - 1), s.halo_cols[0] << (y0 - 1)
            for y in range(y0, y0 + s.h):
                open_[y] |= row
                blocked[y] |= row
            for y in range(y0 - 1, y0 + s.h + 1):
                near[y] |= ring
            for x in range(x0 - 1, x0 + s.w + 1):
                cols[x] |= col
        else:
            y = y0
            for row in s.rows:
                row <<= x0
                open_[y] |= row
                blocked[y] |= row
                y += 1
            y, x = y0 - 1, x0 - 1
            for row in s.halo:
                near[y] |= row << x
                y += 1
            y = y0 - 1
            for col in s.halo_cols:
                cols[x] |= col << y
                x += 1
        stamps = self.stamps
        rid = len(stamps)
        self.floor += s.cells
        if join is not None:
            self.add_join(join)
        self.kinds.append(kind)
        self.corners.append(y0 << 12 | x0)
        stamps.append(s)
        if sites:
            # The stamp's site plan (:meth:`Stamp.plan`: a site on each face
            # but ``skip``, at a random eighth along it), unchecked:
            # :meth:`pick_site` drops the dead ones (off the map, or with a
            # room ahead) when it meets them.
            base = (rid + 1) << 22 | y0 << 13 | x0 << 4
            self.add_sites([base + offset for offset in s.plans[int(self.u() * 4) * 5 + skip]])

    def paint(self) -> np.ndarray:
        """:attr:`tiles` brought up to date and returned: floor where ``open``
        is, wall elsewhere, painted from the rows of bits in one pass when
        floor was added since the last call (floor only grows while rooms
        are added, so the count of it tells).

        >>> b = Builder(1, 12, 6, RoomParams())
        >>> b.place("rect", Stamp.box(2, 3), 2, 4, None, sites=False)
        >>> bool((b.paint()[2:4, 4:7] == T.floor).all()), int((b.tiles == T.floor).sum())
        (True, 6)
        """
        if self._painted != self.floor:
            self._painted = self.floor
            nb = self.stride >> 3
            raw = np.frombuffer(self.open_bytes(), dtype=np.uint8)
            bits = np.unpackbits(raw.reshape(self.h, nb), axis=1, count=self.w, bitorder="little")
            np.subtract(WALL, bits, out=self.tiles)
        return self.tiles

    def open_bytes(self) -> bytes:
        """``open`` as bytes, a row every :attr:`stride` bits (whole bytes), little-endian."""
        nb = self.stride >> 3
        return b"".join([row.to_bytes(nb, "little") for row in self.open])

    def whole_open(self) -> int:
        """``open`` as one int: cell (y, x) at bit ``y * stride + x``.

        >>> b = Builder(1, 12, 6, RoomParams())
        >>> b.place("rect", Stamp.box(2, 3), 2, 4, None, sites=False)
        >>> b.whole_open() == 0b111 << 2 * b.stride + 4 | 0b111 << 3 * b.stride + 4
        True
        """
        return int.from_bytes(self.open_bytes(), "little")

    def add_join(self, join: tuple[int, int]) -> None:
        """Open the join ``(y, x)`` (the tuple kept in :attr:`joins`): floor,
        and a plus of ``blocked`` around it.

        Called once the floor on both sides of it is placed (a join is a door
        site, floor behind it, and the room or corridor it leads to begins
        just ahead), so every cell around it is in ``near`` already: near and
        its columns are left as they are."""
        self.joins.append(join)
        y, x = join
        self.floor += 1
        bit = 1 << x
        self.open[y] |= bit
        blocked = self.blocked
        blocked[y - 1] |= bit
        blocked[y] |= bit | bit << 1 | bit >> 1
        blocked[y + 1] |= bit

    def first_room(self) -> None:
        r = self.r
        ih, iw = self.h - 2, self.w - 2
        mh, mw = max(3, ih * 2 // 3), max(3, iw * 2 // 3)  # leave room for the rest
        u = r.u()
        kind = "cave" if u < 0.3 else "cross" if u < 0.65 else "conglomerate" if u < 0.85 else "rect"
        s = design_cave(r, mh, mw, big=True) if kind == "cave" else None
        if s is None:
            got = design("cross" if kind == "cave" else kind, r, mh, mw)
            kind, s = got if got is not None else ("rect", Stamp.box(min(3, ih), min(3, iw)))
        # Somewhere in the middle half of the map.
        y0 = 1 + (ih - s.h) // 4 + r.int(0, (ih - s.h) // 2)
        x0 = 1 + (iw - s.w) // 4 + r.int(0, (iw - s.w) // 2)
        self.place(kind, s, y0, x0, None)

    def try_room(self, kind: str, s: Stamp, y: int, x: int, d: int, fuse: bool,
                 left: int, right: int) -> bool:
        """Attach stamp ``s`` at site (y, x) facing ``d``; slide it along the wall
        up to ``shifts`` times.

        The first position puts the room inside the free span ``left``/``right``
        of the doorway when it can; each shift moves the door 1..3 sites along
        the room's face (one draw: its length and its sign).
        """
        fys, fxs = s.face_ys[d ^ 1], s.face_xs[d ^ 1]  # the room's sites facing back at the doorway
        n = len(fys)
        if n == 0:
            return False
        u = self.u
        extent = s.w if d < 2 else s.h  # north/south faces run along x
        if s.rect:  # face site j lies at offset j along the face
            lo, hi = extent - 1 - right, left if left < n else n - 1  # clamped to the face
            if lo < 0:
                lo = 0
            j = lo + int(u() * (hi - lo + 1)) if lo <= hi else int(u() * n)
        else:  # the face is sorted along itself: the sites inside are one slice
            along = s.alongs[d ^ 1]
            lo, hi = bisect_left(along, extent - 1 - right), bisect_right(along, left)
            j = lo + int(u() * (hi - lo)) if lo < hi else int(u() * n)
        dy, dx = DIRS[d]
        cy, cx = (y - dy, x - dx) if fuse else (y, x)  # a fused room's face lies on the wall line
        grid = self.blocked if fuse else self.near
        rows = s.rows
        top, right_edge = self.h - s.h, self.w - s.w
        for _ in self.positions:
            y0, x0 = cy - fys[j], cx - fxs[j]
            if 0 < y0 < top and 0 < x0 < right_edge:  # :meth:`fits`, inline
                row_y = y0
                for row in rows:
                    if grid[row_y] & (row << x0):
                        break
                    row_y += 1
                else:
                    self.place(kind, s, y0, x0, None if fuse else (y, x), d ^ 1)
                    return True
            v = u() * 6.0  # a shift of 1..3 sites, either way
            j += int(v) - 2 if v >= 3.0 else int(v) - 3
            j = 0 if j < 0 else n - 1 if j >= n else j
        return False

    def attempt(self) -> bool:
        """One design: pick a site and a kind, try to attach. True if something was added.

        A room's free span beside the first cell ahead (:meth:`space`'s
        sides) is measured here by the same bit searches as :meth:`run`,
        inline: two calls less per room design (about 64 designs a 79x29 map)."""
        u = self.u
        roll = u()
        k = -1
        priority = self.priority
        if priority is not None:  # the far end of the corridor just laid
            self.priority = None
            y, x, d, fails = priority
            room = -1
            depth = self.run(y, x, d, DEPTH_CAP)
            if depth >= 2 and self.site_ok(y, x, d):
                # A room, not another corridor, so the corridor leads somewhere.
                roll = self._corridor + roll * (1.0 - self._corridor)
            else:
                priority = None
        if priority is None:
            k = self.pick_site()
            if k < 0:
                self.revive_sites()
                return False
            packed = self.sites[k]  # :func:`unpack_site`
            y, x, d = packed >> 13 & 511, packed >> 4 & 511, packed >> 2 & 3
            room, fails = (packed >> 22) - 1, packed & 3
            depth = self.ahead
        fuse = u() < self._fuse
        if roll < self._corridor:
            v = u()
            if v < 0.2 and k >= 0:
                ok = try_drunken(self, (y, x, d, room, fails))
            else:
                ok = try_corridor(self, (y, x, d, room, fails), fuse, diagonal=v >= 0.6)
        else:
            kind = "cave" if roll < self._cave else _KINDS[bisect_right(_BELOW, u())]
            # The free span ahead: the depth, at least 2, and both sides of the
            # first cell ahead (:meth:`run` west and east in its row, or north
            # and south in its column; the map edge is in ``near``).
            if d < 2:
                line, at = self.near[y + 1 if d else y - 1], x
            else:
                line, at = self.near_cols[x + 1 if d == 3 else x - 1], y
            left = at - (line & ((1 << at) - 1)).bit_length()
            rest = line >> (at + 1)
            right = (rest & -rest).bit_length() - 1
            if left > SIDE_CAP:
                left = SIDE_CAP
            if right > SIDE_CAP:
                right = SIDE_CAP
            span = left + right + 1
            got = design(kind, self.r, depth, span) if d < 2 else design(kind, self.r, span, depth)
            ok = got is not None and self.try_room(got[0], got[1], y, x, d, fuse, left, right)
        if k < 0:
            if not ok and fails < 2:  # give a corridor's far end another design
                self.priority = (y, x, d, fails + 1)
        elif ok or fails >= 2:  # used (it is floor now), or failed three times: drop it
            sites = self.sites
            sites[k] = sites[-1]
            sites.pop()
        else:
            self.sites[k] += 1  # one more failure, in the low bits
        return ok

    def fix_diagonals(self) -> None:
        """Open one wall of every diagonal-only contact (F/W over W/F), as Brogue does.

        The wall opened is one beside no join when there is one; where both
        stand beside joins, the first is opened and the joins beside it leave
        :attr:`joins` (with a third open side no door fits there).

        Each pass tests every 2x2 block of the map at once, on ``open`` as one
        int (rows :attr:`stride` bits apart: seven operations on it, where a
        loop over the rows took seven a row); floor never touches the map
        edge, so no block reaching past a row's end or the last row is a hit."""
        stride = self.stride
        for _ in range(3):
            o = self.open
            a = self.whole_open()
            b, c, e = a >> 1, a >> stride, a >> (stride + 1)
            m = (a ^ b) & (a ^ c) & ~(a ^ e)  # the top-left cells: b and c differ from a, e is a
            if not m:
                return
            for y, x in [divmod(i, stride) for i in bit_indices(m)]:
                quad = [(o[y] >> x) & 1, (o[y] >> (x + 1)) & 1, (o[y + 1] >> x) & 1, (o[y + 1] >> (x + 1)) & 1]
                if sum(quad) != 2 or quad[0] == quad[1]:
                    continue  # already resolved by an earlier opening
                walls = [(y, x + 1), (y + 1, x)] if quad[0] else [(y, x), (y + 1, x + 1)]
                free = [w for w in walls if not (self.blocked[w[0]] >> w[1]) & 1]  # beside no join
                wy, wx = free[0] if free else walls[0]
                if not free:  # the join beside it loses a walled side: a doorway, no door
                    side = {(wy - 1, wx), (wy + 1, wx), (wy, wx - 1), (wy, wx + 1)}
                    self.joins = [j for j in self.joins if j not in side]
                self.open[wy] |= 1 << wx
                self.blocked[wy] |= 1 << wx
                self.floor += 1
