"""The growing dungeon: rooms attached one by one at door sites (Brogue's accretion).

A "random position" is a random door site on the outside of a built room (of
two drawn, the one with more free ground ahead), so every candidate touches;
the room is designed no larger than the free span measured there.  A shift
slides the room 1..3 door sites along its own face; a corridor, fixed by its
door, is retried shorter instead.  After a corridor is laid, the next designs
try a room at its far end.

How it stays fast: the map is three lists of row bitsets (bit ``x`` of
``rows[y]`` is cell ``(y, x)``): ``open`` (walkable), ``near`` (``open``
dilated by one cell, 8 ways, plus the map edge) and ``blocked`` (``open`` plus
the four neighbours of every join).  A placement with a door is legal when
``near & stamp`` is empty row by row; a fused one when ``blocked & stamp`` is.
Free space ahead of a site is a bit search in one row (a short walk down a
column).  Small ints per row cost the same at 79x29 and at 400x400, where
whole-map ints would grow with the map.  Door sites are kept in a list, one
int each (no container per site: a 400x400 map makes ten thousand, and the
garbage collector's full passes grow with live containers), re-checked lazily; cave blobs come from a library grown once.  A ``uint8`` tile map is painted as rooms land, for the previews.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

import numpy as np

from .. import seeding
from ..bitgrid import bit_indices
from ..tiles import T
from .corridors import try_corridor, try_drunken
from .draw import Draw
from .params import RoomParams
from .shapes import DIRS, ROOM_DESIGNS, Stamp, design, design_cave

__all__ = ["Builder", "SITES_PER_FACE", "pack_site", "unpack_site"]

#: Door sites remembered per room and direction (the rest of a face is reached by shifting).
SITES_PER_FACE = 3
#: The floor tile id as a plain int (cheaper to write into an array than an attribute look-up).
FLOOR = int(T.floor)
#: Caps on the free space measured ahead of a site and beside the first cell.
DEPTH_CAP, SIDE_CAP = 18, 14


#: ``bit_indices(v)`` for every v under 4096 (a box face is rarely wider).
_LOW_BITS = tuple(tuple(i for i in range(12) if v >> i & 1) for v in range(4096))


def pack_site(y: int, x: int, d: int, room: int, fails: int = 0) -> int:
    """A door site as one int: fails in bits 0-1, dir 2-3, x 4-12, y 13-21, room + 1 above.

    >>> unpack_site(pack_site(28, 78, 3, 41, 2))
    (28, 78, 3, 41, 2)
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
        self.h, self.w, self.p = height, width, p
        self.r = Draw(seeding.rng(seed, "rooms"))
        self.tiles = np.full((height, width), T.wall, dtype=np.uint8)
        full, edge = (1 << width) - 1, 1 | 1 << (width - 1)
        ring = [full] + [edge] * (height - 2) + [full]  # floor never touches the map edge
        self.open = [0] * height
        self.near = list(ring)
        self.blocked = list(ring)
        self.sites: list[int] = []
        self.joins: list[tuple[int, int]] = []
        # Rooms as three lists, not a tuple each: on a 400x400 map thousands of
        # live containers make each full pass of the garbage collector longer.
        self.kinds: list[str] = []
        self.corners: list[int] = []  # y0 << 12 | x0
        self.stamps: list[Stamp] = []
        self.priority: tuple[int, int, int, int] | None = None  # y, x, dir, tries
        self.floor = 0  # open cells so far

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

    def pick_site(self, tries: int = 32, pool: int = 2) -> tuple[int, tuple[int, int, int]] | None:
        """A random usable site and its free space (see :meth:`space`).

        Dead sites met on the way are dropped for good (``open`` and ``near``
        only grow, so a dead site never comes back).  Of ``pool`` usable sites
        the one with most free space wins, which steers growth into empty parts
        of the map.
        """
        best = None
        found = 0
        sites, u, near, o = self.sites, self.r.u, self.near, self.open
        for _ in range(tries):
            n = len(sites)
            if n == 0:
                break
            k = int(u() * n)
            site = sites[k]
            y, x, d = site >> 13 & 511, site >> 4 & 511, site >> 2 & 3
            dy, dx = DIRS[d]
            # :meth:`site_ok` and two free cells ahead, inline, the usual
            # killers first (listed sites have two cells ahead inside the map).
            if ((near[y + dy] >> (x + dx)) & 1 or (near[y + 2 * dy] >> (x + 2 * dx)) & 1
                    or (self.blocked[y] >> x) & 1 or not (o[y - dy] >> (x - dx)) & 1
                    or (o[y + dx] >> (x + dy)) & 1 or (o[y - dx] >> (x - dy)) & 1):
                sites[k] = sites[-1]  # not a site any more, or only a nook ahead: drop it
                sites.pop()
                if best is not None and best[0] == n - 1:
                    best = (k, best[1], best[2])  # it was swapped into the dropped slot
                continue
            room = self.space(y, x, d)
            if best is None or room[0] + room[1] + room[2] > best[2]:
                best = (k, room, room[0] + room[1] + room[2])
            found += 1
            if found >= pool:
                break
        return None if best is None else best[:2]

    def revive_sites(self, rooms: int = 16) -> None:
        """Sites again on up to ``rooms`` random rooms, once every site has been
        used up or dropped (each gets 3 tries): a tight cluster of rooms would
        otherwise stop the growth however many designs are left."""
        u = self.r.u
        for _ in range(rooms):
            rid = int(u() * len(self.stamps))
            kind, y0, x0, s = self.room(rid)
            if kind != "drunken":
                self.add_sites(s, y0, x0, rid)

    def room(self, i: int) -> tuple[str, int, int, Stamp]:
        """Room ``i``: ``(kind, y0, x0, stamp)``."""
        corner = self.corners[i]
        return self.kinds[i], corner >> 12, corner & 4095, self.stamps[i]

    def drop_site(self, k: int) -> None:
        self.sites[k] = self.sites[-1]
        self.sites.pop()

    def run(self, y: int, x: int, d: int, cap: int) -> int:
        """Free cells (not in ``near``) in a line from (y, x), excluded, along ``d``, capped.

        The map edge is in ``near``, so every line ends inside the map.
        """
        near = self.near
        if d == 3:  # east: the lowest set bit above x
            rest = near[y] >> (x + 1)
            n = (rest & -rest).bit_length() - 1
            return n if n < cap else cap
        if d == 2:  # west: the highest set bit below x
            n = x - (near[y] & ((1 << x) - 1)).bit_length()
            return n if n < cap else cap
        # north or south: down the column, through the rows in order
        rows = near[y + 1:y + 1 + cap] if d == 1 else near[max(y - cap, 0):y][::-1]
        n = 0
        for row in rows:
            if (row >> x) & 1:
                return n
            n += 1
        return n

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
        if y0 < 1 or x0 < 1 or y0 + s.h > self.h - 1 or x0 + s.w > self.w - 1:
            return False
        grid = self.blocked if fuse else self.near
        if s.rect:
            run = s.rows[0] << x0
            for row in grid[y0:y0 + s.h]:
                if row & run:
                    return False
            return True
        for y, r in enumerate(s.rows, y0):
            if grid[y] & (r << x0):
                return False
        return True

    def place(self, kind: str, s: Stamp, y0: int, x0: int, join: tuple[int, int] | None,
              sites: bool = True) -> None:
        open_, near, blocked = self.open, self.near, self.blocked
        y1 = y0 + s.h
        if s.rect:  # every row alike: whole slices at once
            r = s.rows[0] << x0
            grown = r | r << 1 | r >> 1
            open_[y0:y1] = [v | r for v in open_[y0:y1]]
            blocked[y0:y1] = [v | r for v in blocked[y0:y1]]
            near[y0 - 1:y1 + 1] = [v | grown for v in near[y0 - 1:y1 + 1]]
        else:
            for y, r in enumerate(s.rows, y0):
                r <<= x0
                open_[y] |= r
                blocked[y] |= r
                grown = r | r << 1 | r >> 1
                near[y - 1] |= grown
                near[y] |= grown
                near[y + 1] |= grown
        self.floor += s.cells
        s.paint(self.tiles[y0:y0 + s.h, x0:x0 + s.w], FLOOR)
        if join is not None:
            self.add_join(*join)
        rid = len(self.stamps)
        self.kinds.append(kind)
        self.corners.append(y0 << 12 | x0)
        self.stamps.append(s)
        if sites:
            self.add_sites(s, y0, x0, rid)

    def add_sites(self, s: Stamp, y0: int, x0: int, rid: int) -> None:
        """Up to SITES_PER_FACE door sites per direction, evenly spread over the
        face's live sites (two free cells ahead: room for a room) and jittered
        (Brogue keeps one).  A box's faces are a row or a column: their live
        sites are one bit test for the row, one per row for the column.  Sites
        are packed (:func:`pack_site`) as they are found."""
        u, k, sites, near, h, w = self.r.u, SITES_PER_FACE, self.sites, self.near, self.h, self.w
        tag = (rid + 1) << 22
        for d in range(4):
            if s.rect:
                if d < 2:
                    y = y0 - 1 if d == 0 else y0 + s.h
                    a, b = (y - 1, y - 2) if d == 0 else (y + 1, y + 2)
                    if b < 0 or b >= h:
                        continue
                    free = ~((near[a] | near[b]) >> x0) & ((1 << s.w) - 1)
                    base = tag | y << 13 | x0 << 4 | d << 2
                    live = [base + (j << 4) for j in (bit_indices(free) if free >> 12 else _LOW_BITS[free])]
                else:
                    x = x0 - 1 if d == 2 else x0 + s.w
                    if (x < 2) if d == 2 else (x + 2 >= w):
                        continue
                    shift = x - 2 if d == 2 else x + 1
                    base = tag | x << 4 | d << 2
                    live = [base | y << 13 for y in range(y0, y0 + s.h) if not (near[y] >> shift) & 3]
            elif d < 2:  # a row of sites at a time: one bit test for the row
                step = -1 if d == 0 else 1
                live = []
                for sy, bits in s.row_groups(d):
                    y = y0 + sy
                    if 0 <= y + 2 * step < h:
                        free = bits & ~((near[y + step] | near[y + 2 * step]) >> x0)
                        if free:
                            base = tag | y << 13 | x0 << 4 | d << 2
                            live += [base + (j << 4) for j in (bit_indices(free) if free >> 12
                                                               else _LOW_BITS[free])]
            else:
                live = self._live_sites(s.sites(d), y0, x0, d, tag | d << 2)
            n = len(live)
            if n > k:
                live = [live[(j * n + int(u() * n)) // k] for j in range(k)]
            sites += live

    def _live_sites(self, face: list[tuple[int, int]], y0: int, x0: int, d: int, base: int) -> list[int]:
        """The sites of ``face`` (stamp coordinates, facing west or east) at
        corner (y0, x0) with two cells ahead inside the map and clear of
        ``near``, packed on ``base``."""
        near, w = self.near, self.w
        if d == 2:
            return [base | (y0 + sy) << 13 | (x0 + sx) << 4 for sy, sx in face
                    if 2 <= x0 + sx and not (near[y0 + sy] >> (x0 + sx - 2)) & 3]
        return [base | (y0 + sy) << 13 | (x0 + sx) << 4 for sy, sx in face
                if x0 + sx + 2 < w and not (near[y0 + sy] >> (x0 + sx + 1)) & 3]

    def add_join(self, y: int, x: int) -> None:
        self.joins.append((y, x))
        self.floor += 1
        bit = 1 << x
        self.open[y] |= bit
        self.tiles[y, x] = FLOOR
        three = bit | bit << 1 | bit >> 1
        for row in (y - 1, y, y + 1):
            self.near[row] |= three
        self.blocked[y - 1] |= bit
        self.blocked[y] |= three
        self.blocked[y + 1] |= bit

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

    def try_room(self, kind: str, s: Stamp, site: list[int], fuse: bool,
                 left: int, right: int) -> bool:
        """Attach stamp ``s`` at ``site``; slide it along the wall up to ``shifts`` times.

        The first position puts the room inside the free span ``left``/``right``
        of the doorway when it can; each shift moves the door 1..3 sites along
        the room's face.
        """
        y, x, d = site[:3]
        face = s.sites(d ^ 1)  # the room's sites facing back at the doorway
        n = len(face)
        if n == 0:
            return False
        u = self.r.u
        extent = s.w if d < 2 else s.h  # north/south faces run along x
        if s.rect:  # face site j lies at offset j along the face
            lo, hi = max(extent - 1 - right, 0), min(left, n - 1)
            j = lo + int(u() * (hi - lo + 1)) if lo <= hi else int(u() * n)
        else:  # the face is sorted along itself: the sites inside are one slice
            along = s.along(d ^ 1)
            lo, hi = bisect_left(along, extent - 1 - right), bisect_right(along, left)
            j = lo + int(u() * (hi - lo)) if lo < hi else int(u() * n)
        dy, dx = DIRS[d]
        for _ in range(self.p.shifts + 1):
            y0, x0 = y - face[j][0], x - face[j][1]
            if fuse:
                y0, x0 = y0 - dy, x0 - dx
            if self.fits(s, y0, x0, fuse):
                self.place(kind, s, y0, x0, None if fuse else (y, x))
                return True
            step = self.r.int(1, 3) * (1 if u() < 0.5 else -1)
            j = min(max(j + step, 0), n - 1)
        return False

    def attempt(self) -> bool:
        """One design: pick a site and a kind, try to attach. True if something was added."""
        r, p = self.r, self.p
        site, k = None, None
        u = r.u()
        if self.priority is not None:  # the far end of the corridor just laid
            y, x, d, tries = self.priority
            self.priority = None
            room = self.space(y, x, d) if self.site_ok(y, x, d) else (0, 0, 0)
            if room[0] >= 2:
                site = [y, x, d, -1, tries]
                # A room, not another corridor, so the corridor leads somewhere.
                u = p.corridor_chance + u * (1.0 - p.corridor_chance)
        if site is None:
            got = self.pick_site()
            if got is None:
                self.revive_sites()
                return False
            k, room = got
            site = list(unpack_site(self.sites[k]))
        depth, left, right = room
        fuse = r.u() < p.fuse_chance
        if u < p.corridor_chance:
            v = r.u()
            if v < 0.2 and k is not None:
                ok = try_drunken(self, site)
            else:
                ok = try_corridor(self, site, fuse, diagonal=v >= 0.6)
        else:
            if u < p.corridor_chance + p.cave_chance:
                kind = "cave"
            else:
                v = r.u()
                kind = ROOM_DESIGNS[-1][0]
                for name, share, _ in ROOM_DESIGNS:
                    if v < share:
                        kind = name
                        break
                    v -= share
            across = left + right + 1
            mh, mw = (depth, across) if site[2] < 2 else (across, depth)
            got = design(kind, r, mh, mw)
            ok = got is not None and self.try_room(got[0], got[1], site, fuse, left, right)
        if not ok and k is None and site[4] < 2:  # give a corridor's far end another design
            self.priority = (site[0], site[1], site[2], site[4] + 1)
        if not ok and k is not None:
            if site[4] >= 2:
                self.drop_site(k)
            else:
                self.sites[k] += 1  # one more failure, in the low bits
        return ok

    def fix_diagonals(self) -> None:
        """Open one wall of every diagonal-only contact (F/W over W/F), as Brogue does."""
        for _ in range(3):
            o = self.open
            hits = []
            for y in range(self.h - 1):  # the top-left cell of each 2x2 block
                a, c = o[y], o[y + 1]
                b, e = a >> 1, c >> 1
                m = (a & e & ~b & ~c) | (b & c & ~a & ~e)
                if m:
                    hits += [(y, x) for x in bit_indices(m)]
            if not hits:
                return
            for y, x in hits:
                quad = [(o[y] >> x) & 1, (o[y] >> (x + 1)) & 1, (o[y + 1] >> x) & 1, (o[y + 1] >> (x + 1)) & 1]
                if sum(quad) != 2 or quad[0] == quad[1]:
                    continue  # already resolved by an earlier opening
                for wy, wx in ([(y, x + 1), (y + 1, x)] if quad[0] else [(y, x), (y + 1, x + 1)]):
                    if not (self.blocked[wy] >> wx) & 1:  # the edge is blocked too
                        self.open[wy] |= 1 << wx
                        self.blocked[wy] |= 1 << wx
                        self.tiles[wy, wx] = T.floor
                        self.floor += 1
                        break
