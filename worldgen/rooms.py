"""Organic room-accretion dungeons, after Brogue (source 004, "Softly Into the Night").

The dungeon grows from one room.  Each step designs a small room (rectangle,
conglomerate of juxtaposed rectangles, cross, circle, cave blob) or a corridor
(straight, diagonal, or a drunken walk between doorways of two rooms), picks a
place where it touches what is already built and keeps it only if it overlaps
nothing: either one wall separates it from its neighbour (that wall cell is a
join and becomes a door) or its edge lies on the neighbour's wall line and the
two rooms fuse.  A room that does not fit is shifted a little along the wall
and retried ``shifts`` times, then dropped.  Then: doors and secret doors at
the joins, dead-end removal with a work list, loops opened where two areas are
one wall apart but far apart on foot, stairs far apart, spawn points.

Arrays are indexed ``[y, x]``; points are ``[x, y]`` rows.

Choices the issue left open:

* A "random position" is a random door site on the outside of a built room
  (of two drawn, the one with more free ground ahead), so every candidate
  touches; the room is designed no larger than the free span measured there.
  A shift slides the room 1..3 door sites along its own face; a corridor,
  fixed by its door, is retried shorter instead.
* After a corridor is laid, the next designs try a room at its far end, so
  few corridors die as dead ends.
* Stairs stand on floor, inside a room where there is one (all 8 neighbours
  walkable), not in wall niches: every walkable tile but kept dead ends has
  two or more walkable neighbours.  Up is the room cell farthest from a cell of
  the first room, down the room cell farthest from up (before loops).
* Stage ``rooms`` shows joins as plain floor; ``doors`` gives each a door, a
  secret door or leaves an open doorway.  Loops become doors the same way.
* A dead end is a walkable cell with three (or, for a lone cell, four) walls
  among its four neighbours; the map edge counts as wall.
* ``info["rooms"]`` records each design as placed (before dead-end filling):
  ``{kind, x, y, w, h, mask}``, ``mask`` one int per row, bit i set when cell
  (x + i, y + row) is that room's floor.  ``info["doors"]``: ``(x, y, secret)``.

How it stays fast (79x29 in a few ms): a room is a small ``bool`` stamp; the
map keeps ``bool`` grids updated in place when a room lands: ``open``
(walkable), ``near`` (``open`` dilated by one cell, 8 ways, plus the map edge)
and ``blocked`` (``open`` plus the four neighbours of every join).  A
placement with a door is legal when ``near & stamp`` is empty over the stamp's
window; a fused placement when ``blocked & stamp`` is empty.  Both are one
slice and one ``any``.  Door sites are kept in a list and re-checked lazily;
cave blobs are grown eight at a time in one automaton canvas.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import grid, seeding
from .registry import GeneratorSpec, Progress, Stage, param, register
from .tiles import T, WALKABLE

__all__ = ["RoomParams", "KINDS", "run", "fill_dead_ends", "dead_end_mask", "door_ok", "SPEC"]

#: Room kinds as recorded in ``info["rooms"]``.
KINDS = ("rect", "conglomerate", "cross", "circle", "cave", "corridor_h", "corridor_v",
         "corridor_nwse", "corridor_nesw", "drunken")

# Directions as (dy, dx), indexed 0..3: north, south, west, east; opposite = d ^ 1.
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))

#: Door sites remembered per room and direction (the rest of a face is reached by shifting).
SITES_PER_FACE = 3

#: Kinds whose stamp is a full box (a straight corridor is a box one cell wide).
_RECT_KINDS = frozenset(("rect", "corridor_h", "corridor_v"))


@dataclass(frozen=True)
class RoomParams:
    room_attempts: int = param(28, 4, 200, "room designs tried per 1000 map tiles")
    shifts: int = param(4, 0, 16, "shifts of a room that does not fit before it is dropped")
    corridor_chance: float = param(0.3, 0.0, 1.0, "share of designs that are corridors")
    cave_chance: float = param(0.12, 0.0, 1.0, "share of designs that are cave blobs")
    fuse_chance: float = param(0.15, 0.0, 1.0, "chance a room fuses with its neighbour instead of a door")
    door_chance: float = param(0.85, 0.0, 1.0, "chance a join gets a door (else an open doorway)")
    secret_chance: float = param(0.08, 0.0, 1.0, "chance a door is a secret door")
    dead_end_keep: float = param(0.1, 0.0, 1.0, "fraction of dead ends kept")
    loops: float = param(3.0, 0.0, 50.0, "loops opened per 1000 map tiles")
    loop_distance: int = param(20, 4, 400, "least walking distance across a wall to open a loop")
    monster_density: float = param(0.02, 0.0, 0.5, "monster spawn points per floor tile")
    item_density: float = param(0.015, 0.0, 0.5, "item spawn points per floor tile")
    safe_radius: int = param(8, 0, 100, "no spawn points within this walking distance of the start")


# --------------------------------------------------------------------------- helpers


class _Draw:
    """Uniform floats from a numpy Generator, fetched 1024 at a time.

    One numpy call per block instead of one per decision; the stream is the
    generator's own, so results do not depend on the block size.  ``u()`` is
    the bound ``__next__`` of an endless generator: the cheapest call Python has.
    """

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

        def stream():
            while True:
                yield from rng.random(1024).tolist()

        self.u = stream().__next__

    def int(self, lo: int, hi: int) -> int:
        """Uniform integer in ``lo..hi`` inclusive."""
        return min(lo + int(self.u() * (hi - lo + 1)), hi)


def _face_sites(p2: np.ndarray, d: int) -> tuple[np.ndarray, np.ndarray]:
    """Door sites of a stamp for entering it in direction ``d``.

    ``p2`` is the stamp padded by 2.  A site is a cell ``s`` outside the stamp
    with stamp floor at ``s + d`` and no floor at ``s`` or beside ``s``
    (perpendicular to ``d``), so a door there has floor on exactly two
    opposite sides.  Returns stamp coordinates (may be -1 or h/w).
    """
    dy, dx = DIRS[d]
    hh, ww = p2.shape

    def sh(oy: int, ox: int) -> np.ndarray:
        return p2[1 + oy:hh - 1 + oy, 1 + ox:ww - 1 + ox]

    m = sh(dy, dx) & ~(sh(0, 0) | sh(dx, dy) | sh(-dx, -dy))
    ys, xs = np.nonzero(m)
    return ys - 1, xs - 1


def _pad2(f: np.ndarray) -> np.ndarray:
    p = np.zeros((f.shape[0] + 4, f.shape[1] + 4), dtype=bool)
    p[2:-2, 2:-2] = f
    return p


def _halo_and_sites(f: np.ndarray) -> tuple[np.ndarray, list[int], list[int], list[int]]:
    """``f`` dilated 8 ways (padded by one cell), and every outward door site.

    Sites are ``(dirs, ys, xs)`` in stamp coordinates: the site at ``(y, x)``
    with direction ``d`` has floor at ``(y, x) - d`` and nothing beside it
    (:func:`_face_sites` for all four directions in one ``nonzero`` call).
    Both come from the same shifted views of one padded copy.
    """
    p = _pad2(f)
    hh, ww = p.shape
    vert = p[0:hh - 2] | p[1:hh - 1] | p[2:hh]  # floor in the 3-cell column around each cell
    halo = vert[:, 0:ww - 2] | vert[:, 1:ww - 1] | vert[:, 2:ww]
    c = p[1:hh - 1, 1:ww - 1]
    up, down = p[0:hh - 2, 1:ww - 1], p[2:hh, 1:ww - 1]
    left, right = p[1:hh - 1, 0:ww - 2], p[1:hh - 1, 2:ww]
    free_ns = ~(c | left | right)  # a site in a horizontal wall: nothing beside it
    free_we = ~vert[:, 1:ww - 1]
    m = np.empty((4,) + c.shape, dtype=bool)
    np.logical_and(down, free_ns, out=m[0])  # site north of the floor, facing north
    np.logical_and(up, free_ns, out=m[1])
    np.logical_and(right, free_we, out=m[2])
    np.logical_and(left, free_we, out=m[3])
    ds, ys, xs = np.nonzero(m)
    return halo, ds.tolist(), (ys - 1).tolist(), (xs - 1).tolist()


def _crop(f: np.ndarray) -> np.ndarray:
    rows = np.flatnonzero(f.any(axis=1))
    cols = np.flatnonzero(f.any(axis=0))
    return f[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


_DISCS: dict[int, np.ndarray] = {}


def _disc(radius: int) -> np.ndarray:
    """A filled circle; ``x*x + y*y <= r*r + r`` avoids one-cell nubs."""
    if radius not in _DISCS:
        a = np.arange(-radius, radius + 1)
        _DISCS[radius] = (a[:, None] ** 2 + a[None, :] ** 2) <= radius * radius + radius
    return _DISCS[radius]


# --------------------------------------------------------------------------- room designs


def _design_rect(r: _Draw, mh: int, mw: int) -> np.ndarray | None:
    if r.u() < 0.25:
        h, w = r.int(2, 4), r.int(3, 6)  # Brogue's small rooms
    else:
        h, w = r.int(3, 7), r.int(4, 12)
    h, w = min(h, mh), min(w, mw)
    if h < 2 or w < 2 or h * w < 6:
        return None
    return np.ones((h, w), dtype=bool)


def _design_conglomerate(r: _Draw, mh: int, mw: int) -> np.ndarray | None:
    """Two or three rectangles side by side, each sharing >= 2 cells of edge.

    A rectangle that would push the whole past ``mh`` x ``mw`` is left out; with
    only one left it is not a conglomerate (None).
    """
    rects = [(0, 0, min(r.int(2, 6), mh), min(r.int(3, 9), mw))]  # y, x, h, w
    y_lo, x_lo, y_hi, x_hi = 0, 0, rects[0][2], rects[0][3]
    for _ in range(r.int(2, 4)):
        if len(rects) == 3:
            break
        y, x, h, w = rects[min(int(r.u() * len(rects)), len(rects) - 1)]
        nh, nw = r.int(2, 6), r.int(3, 9)
        side = r.int(0, 3)
        if side < 2:  # above or below: overlap >= 2 columns
            ny = y - nh if side == 0 else y + h
            nx = r.int(x - nw + 2, x + w - 2)
        else:
            nx = x - nw if side == 2 else x + w
            ny = r.int(y - nh + 2, y + h - 2)
        if max(y_hi, ny + nh) - min(y_lo, ny) > mh or max(x_hi, nx + nw) - min(x_lo, nx) > mw:
            continue
        rects.append((ny, nx, nh, nw))
        y_lo, x_lo, y_hi, x_hi = min(y_lo, ny), min(x_lo, nx), max(y_hi, ny + nh), max(x_hi, nx + nw)
    if len(rects) < 2:
        return None
    f = np.zeros((y_hi - y_lo, x_hi - x_lo), dtype=bool)
    for y, x, h, w in rects:
        f[y - y_lo:y - y_lo + h, x - x_lo:x - x_lo + w] = True
    return f


def _design_cross(r: _Draw, mh: int, mw: int) -> np.ndarray | None:
    """A wide short bar crossing a narrow tall one (Brogue's cross room)."""
    wa, ha = min(r.int(4, 13), mw), r.int(2, 4)
    hb = min(r.int(ha + 2, ha + 6), mh)
    wb = min(r.int(2, 4), wa - 2)
    if wb < 1 or hb < ha + 1:
        return None
    f = np.zeros((hb, wa), dtype=bool)
    ya = r.int(1, hb - ha - 1) if hb - ha >= 2 else 0
    xb = (wa - wb) // 2 + r.int(-((wa - wb) // 3), (wa - wb) // 3)
    xb = min(max(xb, 0), wa - wb)
    f[ya:ya + ha, :] = True
    f[:, xb:xb + wb] = True
    return f


def _design_circle(r: _Draw, mh: int, mw: int) -> np.ndarray | None:
    radius = min(r.int(2, 4) if r.u() < 0.8 else r.int(5, 7), (min(mh, mw) - 1) // 2)
    return _disc(radius) if radius >= 2 else None


def _cave_blobs(r: _Draw, sizes: list[tuple[int, int]]) -> list[np.ndarray]:
    """Cellular-automaton blobs, one per ``(h, w)`` box, all grown in one canvas.

    56 % random fill, four rounds of "floor where 5 of the 3x3 cells are
    floor", then each box's largest region.  The boxes sit side by side with
    two wall columns between them, cleared after every round, so they never
    interact; one canvas costs a few array operations instead of a few per box.
    """
    height = max(h for h, _ in sizes)
    xs = [0]
    for _, w in sizes:
        xs.append(xs[-1] + w + 2)
    live = np.zeros((height, xs[-1]), dtype=bool)
    for (h, w), x in zip(sizes, xs):
        live[:h, x:x + w] = True
    f = (r.rng.random(live.shape) < 0.56) & live
    for _ in range(4):
        f = (grid.neighbour_count(f, 1, include_centre=True) >= 5) & live
    labels, count = grid.label(f)
    blobs = []
    for (h, w), x in zip(sizes, xs):
        box = labels[:h, x:x + w]
        sizes_ = np.bincount(box.ravel(), minlength=count + 1)
        sizes_[0] = 0
        best = int(np.argmax(sizes_))
        blobs.append(_crop(box == best) if sizes_[best] >= 12 else None)
    return blobs


def _design_cave(r: _Draw, mh: int, mw: int, big: bool = False) -> np.ndarray | None:
    """One cave blob no larger than ``mh`` x ``mw`` (see :func:`_cave_blobs`)."""
    h, w = (r.int(11, 18), r.int(22, 36)) if big else (r.int(6, 11), r.int(9, 18))
    h, w = min(h, mh), min(w, mw)
    if h < 5 or w < 5:
        return None
    return _cave_blobs(r, [(h, w)])[0]


_ROOM_DESIGNS = (  # kind, share of the non-cave rooms, design
    ("rect", 0.34, _design_rect),
    ("conglomerate", 0.26, _design_conglomerate),
    ("cross", 0.24, _design_cross),
    ("circle", 0.16, _design_circle),
)


_DESIGN_FNS = {k: f for k, _, f in _ROOM_DESIGNS}


def _design(kind: str, r: _Draw, mh: int, mw: int,
            caves: list[np.ndarray] | None = None) -> tuple[str, np.ndarray] | None:
    """A room of ``kind`` no larger than ``mh`` x ``mw``; a small rectangle if it cannot be.

    Caves come from ``caves``, a bank grown in advance (the first that fits is
    taken out), so a cave costs no automaton run of its own.
    """
    if kind == "cave":
        f = None
        for j, blob in enumerate(caves or ()):
            if blob.shape[0] <= mh and blob.shape[1] <= mw:
                f = caves.pop(j)
                break
    else:
        f = _DESIGN_FNS[kind](r, mh, mw)
    if f is None and kind != "rect":
        kind, f = "rect", _design_rect(r, mh, mw)
    return None if f is None else (kind, f)


# --------------------------------------------------------------------------- accretion


class _Builder:
    """The growing dungeon: live grids, the site list, the room and join lists."""

    def __init__(self, seed: int, width: int, height: int, p: RoomParams) -> None:
        self.h, self.w, self.p = height, width, p
        self.r = _Draw(seeding.rng(seed, "rooms"))
        self.tiles = np.full((height, width), T.wall, dtype=np.uint8)
        self.open = np.zeros((height, width), dtype=bool)
        self.near = np.zeros((height, width), dtype=bool)
        self.blocked = np.zeros((height, width), dtype=bool)
        self.near[grid.border_mask(self.near.shape)] = True  # floor never touches the map edge
        self.blocked[grid.border_mask(self.near.shape)] = True
        self.sites: list[list[int]] = []  # [y, x, dir, room, fails]; dir points away from the floor
        self.joins: list[tuple[int, int]] = []  # (y, x)
        self.rooms: list[tuple[str, int, int, np.ndarray]] = []  # kind, y0, x0, stamp
        self.priority: tuple[int, int, int, int] | None = None  # y, x, dir, tries
        self.roomid = np.full((height, width), -1, dtype=np.int32)  # which room owns a floor cell
        self.caves: list[np.ndarray] = []  # cave blobs grown in advance, 8 at a time

    # ---- sites

    def site_ok(self, y: int, x: int, d: int) -> bool:
        """May a join go at (y, x), floor behind it at -d, a room ahead at +d?"""
        dy, dx = DIRS[d]
        if not (1 <= y <= self.h - 2 and 1 <= x <= self.w - 2
                and 1 <= y + dy <= self.h - 2 and 1 <= x + dx <= self.w - 2):
            return False
        o = self.open
        return bool(o[y - dy, x - dx] and not self.blocked[y, x] and not o[y + dy, x + dx]
                    and not o[y + dx, x + dy] and not o[y - dx, x - dy])

    def pick_site(self, tries: int = 32, pool: int = 2) -> tuple[int, tuple[int, int, int]] | None:
        """A random usable site and its free space (see :meth:`space`).

        Dead sites met on the way are dropped for good (``open`` and ``near``
        only grow, so a dead site never comes back).  Of ``pool`` usable sites
        the one with most free space wins, which steers growth into empty parts
        of the map.
        """
        best = None
        found = 0
        for _ in range(tries):
            n = len(self.sites)
            if n == 0:
                break
            i = min(int(self.r.u() * n), n - 1)
            y, x, d = self.sites[i][:3]
            room = self.space(y, x, d) if self.site_ok(y, x, d) else (0, 0, 0)
            if room[0] < 2:  # not a site any more, or only a one-cell nook ahead
                self.drop_site(i)
                if best is not None and best[0] == len(self.sites):
                    best = (i, best[1])  # it was swapped into the dropped slot
                continue
            if best is None or sum(room) > sum(best[1]):
                best = (i, room)
            found += 1
            if found >= pool:
                break
        return best

    def drop_site(self, i: int) -> None:
        self.sites[i] = self.sites[-1]
        self.sites.pop()

    # ---- placing

    def fits(self, f: np.ndarray, y0: int, x0: int, fuse: bool, full: bool = False) -> bool:
        """May stamp ``f`` land at (y0, x0)?  With a door (``fuse`` False) no cell
        of it may touch existing floor, even diagonally; fused, it may not
        overlap floor or touch a join.  ``full``: the stamp is a whole box."""
        h, w = f.shape
        if y0 < 1 or x0 < 1 or y0 + h > self.h - 1 or x0 + w > self.w - 1:
            return False
        window = (self.blocked if fuse else self.near)[y0:y0 + h, x0:x0 + w]
        return not (window.any() if full else (window & f).any())

    def place(self, kind: str, f: np.ndarray, y0: int, x0: int, join: tuple[int, int] | None,
              sites: bool = True) -> None:
        h, w = f.shape
        rid = len(self.rooms)
        win = (slice(y0, y0 + h), slice(x0, x0 + w))
        rect = kind in _RECT_KINDS  # a full box: plain slice writes, sites by formula
        if rect:
            self.open[win] = True
            self.blocked[win] = True
            self.roomid[win] = rid
            self.tiles[win] = T.floor
            self.near[y0 - 1:y0 + h + 1, x0 - 1:x0 + w + 1] = True
        else:
            halo, ds, ys, xs = _halo_and_sites(f)
            self.open[win] |= f
            self.blocked[win] |= f
            self.roomid[win][f] = rid
            self.tiles[win][f] = T.floor
            self.near[y0 - 1:y0 + h + 1, x0 - 1:x0 + w + 1] |= halo
        if join is not None:
            self.add_join(*join)
        self.rooms.append((kind, y0, x0, f))
        if not sites:
            return
        # Up to SITES_PER_FACE random door sites per direction (Brogue keeps one).
        u = self.r.u
        k = SITES_PER_FACE
        if rect:
            faces = []
            for d, (sy, sx, n, along_x) in enumerate(((y0 - 1, x0, w, True), (y0 + h, x0, w, True),
                                                      (y0, x0 - 1, h, False), (y0, x0 + w, h, False))):
                offs = range(n) if n <= k else [min(int((j + u()) * n / k), n - 1) for j in range(k)]
                faces += [[sy, sx + o, d, rid, 0] if along_x else [sy + o, sx, d, rid, 0] for o in offs]
            self.sites += faces
            return
        start = 0
        for end in [ds.index(d) for d in range(1, 4) if d in ds] + [len(ds)]:
            n = end - start
            if n <= k:
                picks = range(start, end)
            else:  # k evenly spread sites, jittered
                step = n / k
                picks = [start + min(int((j + u()) * step), n - 1) for j in range(k)]
            self.sites.extend([ys[j] + y0, xs[j] + x0, ds[j], rid, 0] for j in picks)
            start = end

    def add_join(self, y: int, x: int) -> None:
        self.joins.append((y, x))
        self.open[y, x] = True
        self.tiles[y, x] = T.floor
        self.near[y - 1:y + 2, x - 1:x + 2] = True
        self.blocked[y - 1:y + 2, x] = True
        self.blocked[y, x - 1:x + 2] = True

    def first_room(self) -> None:
        r = self.r
        ih, iw = self.h - 2, self.w - 2
        mh, mw = max(3, ih * 2 // 3), max(3, iw * 2 // 3)  # leave room for the rest
        u = r.u()
        kind = "cave" if u < 0.3 else "cross" if u < 0.65 else "conglomerate" if u < 0.85 else "rect"
        f = _design_cave(r, mh, mw, big=True) if kind == "cave" else None
        if f is None:
            got = _design("cross" if kind == "cave" else kind, r, mh, mw)
            kind, f = got if got is not None else ("rect", np.ones((min(3, ih), min(3, iw)), dtype=bool))
        h, w = f.shape
        # Somewhere in the middle half of the map.
        y0 = 1 + (ih - h) // 4 + r.int(0, (ih - h) // 2)
        x0 = 1 + (iw - w) // 4 + r.int(0, (iw - w) // 2)
        self.place(kind, f, y0, x0, None)

    def space(self, y: int, x: int, d: int) -> tuple[int, int, int]:
        """Free room ahead of site (y, x): depth along ``d``, then free cells
        beside the first cell on the low and high side (west/east for a door in
        a horizontal wall, north/south otherwise), all capped."""
        dy, dx = DIRS[d]
        near = self.near  # its border ring is set, so these walks stop inside the map
        cy, cx = y + dy, x + dx
        depth = 0
        while depth < 18 and not near[cy, cx]:
            depth += 1
            cy, cx = cy + dy, cx + dx
        sides = []
        for py, px in (((0, -1), (0, 1)) if d < 2 else ((-1, 0), (1, 0))):  # west/east or north/south
            cy, cx = y + dy + py, x + dx + px
            n = 0
            while n < 14 and not near[cy, cx]:
                n += 1
                cy, cx = cy + py, cx + px
            sides.append(n)
        return depth, sides[0], sides[1]

    def try_room(self, kind: str, f: np.ndarray, site: list[int], fuse: bool,
                 left: int, right: int) -> bool:
        """Attach stamp ``f`` at ``site``; slide it along the wall up to ``shifts`` times.

        The first position puts the room inside the free span ``left``/``right``
        of the doorway when it can; each shift moves the door 1..3 sites along
        the room's face.
        """
        y, x, d = site[:3]
        dy, dx = DIRS[d]
        if kind == "rect":  # the whole face: row -1 / h or column -1 / w
            h, w = f.shape
            lat = np.arange(w if d < 2 else h)
            far = np.full(lat.size, (h if d == 0 else -1) if d < 2 else (w if d == 2 else -1))
            ys, xs = (far, lat) if d < 2 else (lat, far)
        else:
            ys, xs = _face_sites(_pad2(f), d)
        n = ys.size
        if n == 0:
            return False
        if d < 2:  # the face runs along x: order sites by x so neighbours are a small shift
            order = np.argsort(xs, kind="stable")
            ys, xs = ys[order], xs[order]
            lat, extent = xs, f.shape[1]
        else:
            lat, extent = ys, f.shape[0]
        inside = np.flatnonzero((lat <= left) & (lat >= extent - 1 - right))
        pool = inside if inside.size else np.arange(n)
        i = int(pool[min(int(self.r.u() * pool.size), pool.size - 1)])
        ys, xs = ys.tolist(), xs.tolist()
        for _ in range(self.p.shifts + 1):
            y0, x0 = y - ys[i], x - xs[i]
            if fuse:
                y0, x0 = y0 - dy, x0 - dx
            if self.fits(f, y0, x0, fuse, kind == "rect"):
                self.place(kind, f, y0, x0, None if fuse else (y, x))
                return True
            step = self.r.int(1, 3) * (1 if self.r.u() < 0.5 else -1)
            i = min(max(i + step, 0), n - 1)
        return False

    def try_corridor(self, site: list[int], fuse: bool, diagonal: bool) -> bool:
        """A straight or staircase corridor leaving ``site`` along its direction.

        A corridor is fixed by its door, so a misfit is retried shorter.
        """
        r = self.r
        y, x, d = site[:3]
        dy, dx = DIRS[d]
        ly, lx = (dx, dy) if r.u() < 0.5 else (-dx, -dy)  # lateral step of a diagonal
        length = r.int(4, 12) if d >= 2 else r.int(3, 8)
        if diagonal:
            length = r.int(4, 10)
        # Run lengths along d for a diagonal: 1 or 2 (steep or shallow staircase).
        runs = [r.int(1, 2) for _ in range(length)]
        sy, sx = (y, x) if fuse else (y + dy, x + dx)
        for _ in range(self.p.shifts + 1):
            cells = [(sy, sx)]
            cy, cx = sy, sx
            last = d
            if diagonal:
                k = 0
                while len(cells) < length:
                    for _ in range(runs[k % len(runs)]):
                        cy, cx = cy + dy, cx + dx
                        cells.append((cy, cx))
                    cy, cx = cy + ly, cx + lx
                    cells.append((cy, cx))
                    k += 1
                last = DIRS.index((ly, lx))
                arr = np.array(cells, dtype=np.int64)
                y0, x0 = int(arr[:, 0].min()), int(arr[:, 1].min())
                f = np.zeros((int(arr[:, 0].max()) - y0 + 1, int(arr[:, 1].max()) - x0 + 1), dtype=bool)
                f[arr[:, 0] - y0, arr[:, 1] - x0] = True
            else:  # a box one cell wide
                cy, cx = sy + dy * (length - 1), sx + dx * (length - 1)
                y0, x0 = min(sy, cy), min(sx, cx)
                f = np.ones((length, 1) if d < 2 else (1, length), dtype=bool)
            if self.fits(f, y0, x0, fuse, not diagonal):
                if diagonal:
                    vy, vx = dy + ly, dx + lx
                    kind = "corridor_nwse" if vy * vx > 0 else "corridor_nesw"
                else:
                    kind = "corridor_v" if d < 2 else "corridor_h"
                self.place(kind, f, y0, x0, None if fuse else (y, x))
                ey, ex = DIRS[last]
                self.priority = (cy + ey, cx + ex, last, 0)
                return True
            length = max(3, length * 2 // 3)
        return False

    def partner_site(self, y1: int, x1: int, d1: int, radius: int = 14) -> tuple[int, int, int] | None:
        """A random door site of another room within ``radius`` of (y1, x1),
        6 or more steps away, with free ground in front of it."""
        ylo, yhi = max(y1 - radius, 1), min(y1 + radius, self.h - 2)
        xlo, xhi = max(x1 - radius, 1), min(x1 + radius, self.w - 2)
        win = (slice(ylo - 1, yhi + 2), slice(xlo - 1, xhi + 2))
        o, near, room = self.open[win], self.near[win], self.roomid[win]
        c = (slice(1, -1), slice(1, -1))
        free = ~self.blocked[win][c]
        free_ns = free & ~o[1:-1, :-2] & ~o[1:-1, 2:]  # nothing open beside a door in a horizontal wall
        free_we = free & ~o[:-2, 1:-1] & ~o[2:, 1:-1]
        other = room1 = self.roomid[y1 - DIRS[d1][0], x1 - DIRS[d1][1]]
        m = np.empty((4,) + free.shape, dtype=bool)
        # Direction d points away from the floor: floor at c - d, free ground at c + d.
        np.logical_and(free_ns, o[2:, 1:-1] & ~near[:-2, 1:-1] & (room[2:, 1:-1] != other), out=m[0])
        np.logical_and(free_ns, o[:-2, 1:-1] & ~near[2:, 1:-1] & (room[:-2, 1:-1] != other), out=m[1])
        np.logical_and(free_we, o[1:-1, 2:] & ~near[1:-1, :-2] & (room[1:-1, 2:] != other), out=m[2])
        np.logical_and(free_we, o[1:-1, :-2] & ~near[1:-1, 2:] & (room[1:-1, :-2] != other), out=m[3])
        ds, ys, xs = np.nonzero(m)
        ys, xs = ys + ylo, xs + xlo
        ok = np.flatnonzero(np.abs(ys - y1) + np.abs(xs - x1) >= 6)
        if ok.size == 0 or room1 < 0:
            return None
        j = int(ok[min(int(self.r.u() * ok.size), ok.size - 1)])
        return int(ys[j]), int(xs[j]), int(ds[j])

    def try_drunken(self, i: int) -> bool:
        """A weighted drunken walk from one doorway to a doorway of another room."""
        r = self.r
        y1, x1, d1 = self.sites[i][:3]
        partner = self.partner_site(y1, x1, d1)
        if partner is None:
            return False
        y2, x2, d2 = partner
        sy, sx = y1 + DIRS[d1][0], x1 + DIRS[d1][1]
        gy, gx = y2 + DIRS[d2][0], x2 + DIRS[d2][1]
        if self.near[sy, sx] or self.near[gy, gx]:
            return False
        # Walk inside a window around both ends, on a bytes copy of ``near``
        # (a list lookup per step is much cheaper than a numpy scalar read).
        # Outside the window counts as blocked; the map's border is in ``near``.
        m = 8
        wy0, wx0 = max(min(sy, gy) - m, 0), max(min(sx, gx) - m, 0)
        wy1, wx1 = min(max(sy, gy) + m + 1, self.h), min(max(sx, gx) + m + 1, self.w)
        ww = wx1 - wx0 + 2
        blocked = np.ones((wy1 - wy0 + 2, ww), dtype=np.uint8)
        blocked[1:-1, 1:-1] = self.near[wy0:wy1, wx0:wx1]
        blocked = blocked.tobytes()
        moves4 = ((-1, 0, -ww), (1, 0, ww), (0, -1, -1), (0, 1, 1))
        cy, cx = sy - wy0 + 1, sx - wx0 + 1  # window coordinates
        gy_, gx_ = gy - wy0 + 1, gx - wx0 + 1
        cur = cy * ww + cx
        goal = gy_ * ww + gx_
        path = [cur]
        u = r.u
        for _ in range(3 * (abs(gy - sy) + abs(gx - sx)) + 12):
            if cur == goal:
                break
            # Weight 5 for a step toward the goal, 1 for any other open step.
            options = [(ddy, ddx, step, 5 if (gy_ - cy) * ddy > 0 or (gx_ - cx) * ddx > 0 else 1)
                       for ddy, ddx, step in moves4 if not blocked[cur + step]]
            if not options:
                return False
            pick = u() * sum(o[3] for o in options)
            for ddy, ddx, step, wgt in options:
                pick -= wgt
                if pick < 0:
                    break
            cy, cx, cur = cy + ddy, cx + ddx, cur + step
            path.append(cur)
        if cur != goal:
            return False
        cells = np.divmod(np.array(path, dtype=np.int64), ww)
        arr = np.stack([cells[0] + (wy0 - 1), cells[1] + (wx0 - 1)], axis=1)
        y0, x0 = int(arr[:, 0].min()), int(arr[:, 1].min())
        f = np.zeros((int(arr[:, 0].max()) - y0 + 1, int(arr[:, 1].max()) - x0 + 1), dtype=bool)
        f[arr[:, 0] - y0, arr[:, 1] - x0] = True
        self.place("drunken", f, y0, x0, (y1, x1), sites=False)
        self.add_join(y2, x2)
        return True

    def attempt(self) -> bool:
        """One design: pick a site and a kind, try to attach. True if something was added."""
        r, p = self.r, self.p
        site, i = None, None
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
                return False
            i, room = got
            site = self.sites[i]
        depth, left, right = room
        fuse = r.u() < p.fuse_chance
        if u < p.corridor_chance:
            v = r.u()
            if v < 0.2 and i is not None:
                ok = self.try_drunken(i)
            else:
                ok = self.try_corridor(site, fuse, diagonal=v >= 0.6)
        else:
            if u < p.corridor_chance + p.cave_chance:
                kind = "cave"
            else:
                v = r.u()
                kind = _ROOM_DESIGNS[-1][0]
                for name, share, _ in _ROOM_DESIGNS:
                    if v < share:
                        kind = name
                        break
                    v -= share
            across = left + right + 1
            mh, mw = (depth, across) if site[2] < 2 else (across, depth)
            if kind == "cave" and not self.caves:
                self.caves = [b for b in _cave_blobs(r, [(r.int(6, 11), r.int(9, 18)) for _ in range(8)])
                              if b is not None]
            got = _design(kind, r, mh, mw, self.caves)
            ok = got is not None and self.try_room(got[0], got[1], site, fuse, left, right)
        if not ok and i is None and site[4] < 2:  # give a corridor's far end another design
            self.priority = (site[0], site[1], site[2], site[4] + 1)
        if not ok and i is not None:
            site[4] += 1
            if site[4] >= 3:
                self.drop_site(i)
        return ok

    def fix_diagonals(self) -> None:
        """Open one wall of every diagonal-only contact (F/W over W/F), as Brogue does."""
        for _ in range(3):
            o = self.open
            a, b, c, e = o[:-1, :-1], o[:-1, 1:], o[1:, :-1], o[1:, 1:]
            hits = np.argwhere((a & e & ~b & ~c) | (b & c & ~a & ~e))
            if hits.size == 0:
                return
            for y, x in hits.tolist():
                quad = o[y:y + 2, x:x + 2]
                if quad.sum() != 2 or quad[0, 0] == quad[0, 1]:
                    continue  # already resolved by an earlier opening
                walls = [(y, x + 1), (y + 1, x)] if quad[0, 0] else [(y, x), (y + 1, x + 1)]
                for wy, wx in walls:
                    if 1 <= wy <= self.h - 2 and 1 <= wx <= self.w - 2 and not self.blocked[wy, wx]:
                        self.open[wy, wx] = True
                        self.blocked[wy, wx] = True
                        self.tiles[wy, wx] = T.floor
                        break


# --------------------------------------------------------------------------- later stages


def dead_end_mask(walkable: np.ndarray) -> np.ndarray:
    """Walkable cells with at most one walkable 4-neighbour (3+ walls; the edge is wall)."""
    o = np.pad(np.asarray(walkable, dtype=bool), 1)
    n = (o[:-2, 1:-1].astype(np.int8) + o[2:, 1:-1] + o[1:-1, :-2] + o[1:-1, 2:])
    return o[1:-1, 1:-1] & (n <= 1)


def fill_dead_ends(walkable: np.ndarray, keep: float = 0.0,
                   rng: np.random.Generator | None = None) -> np.ndarray:
    """Fill dead ends with a work list until none is left; returns the new mask.

    A dead end is a walkable cell with 3 walls among its 4 neighbours (4 walls:
    a lone cell).  Filling one re-checks its neighbours, so a dead-end corridor
    is eaten back to the junction it came from.  ``keep`` is the chance each
    dead end found at the start survives, with its whole corridor.

    The source's list version stopped early: its "first list = temporary
    list; clear the temporary list" reads, in Python, as two names for one
    list, so the work list was empty after one pass and only corridors whose
    tip came first in scan order were eaten.  Here every pass builds a fresh
    list (``work = nxt``).  The result is the grid's 2-core: it does not depend
    on the order cells are visited.

    >>> m = np.array([[0, 0, 0, 0, 0],
    ...               [0, 1, 1, 1, 0],
    ...               [0, 1, 1, 1, 0],
    ...               [0, 0, 1, 0, 0],
    ...               [0, 0, 1, 0, 0]], dtype=bool)
    >>> fill_dead_ends(m).astype(int)[3:].tolist()
    [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    """
    o = np.asarray(walkable, dtype=bool)
    h, w = o.shape
    wp = w + 2
    padded = np.pad(o, 1)
    cells = bytearray(padded.astype(np.uint8).tobytes())
    tips = np.flatnonzero(np.pad(dead_end_mask(o), 1))
    kept: set[int] = set()
    if keep > 0.0 and tips.size:
        if rng is None:
            raise ValueError("keep > 0 needs an rng")
        keep_it = rng.random(tips.size) < keep
        kept = set(tips[keep_it].tolist())
        tips = tips[~keep_it]
    work = tips.tolist()
    # Each pass fills at least one cell or ends, so this bound is never reached early.
    for _ in range(int(np.count_nonzero(o)) + 1):
        if not work:
            break
        nxt: list[int] = []
        for i in work:
            if (cells[i] and i not in kept
                    and cells[i - 1] + cells[i + 1] + cells[i - wp] + cells[i + wp] <= 1):
                cells[i] = 0
                nxt.extend((i - 1, i + 1, i - wp, i + wp))
        work = nxt  # a new list; the old one is dropped, never cleared through an alias
    out = np.frombuffer(bytes(cells), dtype=np.uint8).reshape(h + 2, wp)[1:-1, 1:-1]
    return out.astype(bool)


def door_ok(walkable: np.ndarray, y: int, x: int) -> bool:
    """True when (y, x) has walkable cells on two opposite sides and walls on the other two."""
    h, w = walkable.shape
    if not (1 <= y <= h - 2 and 1 <= x <= w - 2):
        return False
    n, s, we, e = walkable[y - 1, x], walkable[y + 1, x], walkable[y, x - 1], walkable[y, x + 1]
    return bool((n and s and not we and not e) or (we and e and not n and not s))


def _finish_doors(tiles: np.ndarray, doors: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop doors that are no longer doors: wall if walled in, floor if open on 3+ sides."""
    walk = WALKABLE[tiles]
    kept = []
    for y, x in doors:
        if not walk[y, x]:
            continue
        if door_ok(walk, y, x):
            kept.append((y, x))
            continue
        around = int(walk[y - 1, x]) + int(walk[y + 1, x]) + int(walk[y, x - 1]) + int(walk[y, x + 1])
        tiles[y, x] = T.wall if around <= 1 else T.floor
        walk[y, x] = around > 1
    return kept


def _loop_candidates(walk: np.ndarray, doors_near: np.ndarray):
    """Wall cells with walkable cells on two opposite sides and walls on the other two."""
    o = walk
    c = ~o[1:-1, 1:-1] & ~doors_near[1:-1, 1:-1]
    hor = c & o[1:-1, :-2] & o[1:-1, 2:] & ~o[:-2, 1:-1] & ~o[2:, 1:-1]
    ver = c & o[:-2, 1:-1] & o[2:, 1:-1] & ~o[1:-1, :-2] & ~o[1:-1, 2:]
    hy, hx = np.nonzero(hor)
    vy, vx = np.nonzero(ver)
    ys = np.concatenate([hy, vy]) + 1
    xs = np.concatenate([hx, vx]) + 1
    horizontal = np.concatenate([np.ones(hy.size, bool), np.zeros(vy.size, bool)])
    order = np.argsort(ys * walk.shape[1] + xs, kind="stable")
    return ys[order], xs[order], horizontal[order]


def _dilate4(mask: np.ndarray) -> np.ndarray:
    out = mask.copy()
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    return out


def _room_cell_masks(walk: np.ndarray, tiles: np.ndarray) -> tuple[np.ndarray, ...]:
    """Where stairs may stand, best first: floor inside a room (8 walkable
    neighbours), then floor that is no dead end, then any floor."""
    floor = tiles == T.floor
    return floor & (grid.neighbour_count(walk, 1) == 8), floor & ~dead_end_mask(walk), floor


def _pick_room_cell(masks: tuple[np.ndarray, ...], dist: np.ndarray,
                    exclude: tuple[int, int] | None = None) -> tuple[int, int]:
    """The cell of the best non-empty mask farthest by ``dist`` (first in row-major order on ties)."""
    for mask in masks:
        score = np.where(mask & (dist >= 0), dist, -1)
        if exclude is not None:
            score[exclude] = -1
        if score.max() >= 0:
            return grid.farthest_cell(score)
    return grid.farthest_cell(dist)


# --------------------------------------------------------------------------- the generator


def run(seed: int, width: int, height: int, p: RoomParams):
    """Yield the stages ``rooms``, ``doors``, ``dead_ends``, ``loops``, ``final``."""
    area = width * height
    b = _Builder(seed, width, height, p)
    b.first_room()
    yield Progress("rooms", 0.0, preview=Stage("rooms", b.tiles))
    attempts = max(12, area * p.room_attempts // 1000)
    for k in range(attempts):
        if b.attempt():
            yield Progress("rooms", (k + 1) / attempts, preview=Stage("rooms", b.tiles))
        elif k % 16 == 15:  # a run of misfits: still hand control back now and then
            yield Progress("rooms", (k + 1) / attempts)
    b.fix_diagonals()
    tiles = b.tiles
    yield Stage("rooms", tiles.copy(), info={"rooms": len(b.rooms), "joins": len(b.joins)})

    # Doors at the joins: a door, a secret door or an open doorway.
    r = _Draw(seeding.rng(seed, "doors"))
    doors: list[tuple[int, int]] = []
    for y, x in b.joins:
        if r.u() < p.door_chance:
            tiles[y, x] = T.secret_door if r.u() < p.secret_chance else T.door
            doors.append((y, x))
    yield Stage("doors", tiles.copy(), info={"doors": len(doors)})

    # Dead ends, then doors they orphaned.
    walk = WALKABLE[tiles]
    before = walk
    walk = fill_dead_ends(walk, p.dead_end_keep, seeding.rng(seed, "dead_ends"))
    tiles[before & ~walk] = T.wall
    doors = _finish_doors(tiles, doors)
    walk = WALKABLE[tiles]
    yield Stage("dead_ends", tiles.copy(), info={"filled": int(np.count_nonzero(before & ~walk))})

    # Stairs far apart, chosen before the loops so two searches serve both:
    # up is the room cell farthest from a root cell, down the one farthest from up.
    # Loops only shorten paths, and every walkable cell stays reachable.
    # Any root works; one in the first room (mid-map) has a short search.
    _, ry, rx, f0 = b.rooms[0]
    mid = f0.shape[0] // 2
    root = (ry + mid, rx + int(np.argmax(f0[mid])))
    if not walk[root]:
        root = divmod(int(np.argmax(walk)), width)
    dist_a = yield from _distance(walk, root, "loops")
    masks = _room_cell_masks(walk, tiles)
    up = _pick_room_cell(masks, dist_a)
    dist_up = yield from _distance(walk, up, "loops")
    down = _pick_room_cell(masks, dist_up, exclude=up)
    lost = walk & (dist_up < 0)  # cannot happen by construction; the promise is kept if it did

    # Loops (Brogue's addLoops): a wall with walkable cells on two opposite sides
    # becomes a door when the two sides are far apart on foot.  For sides p, q
    # the triangle inequality gives max(|a(p) - a(q)|, |u(p) - u(q)|) <= their
    # walking distance (a, u: distances from the two searches above), so every
    # loop opened is at least ``loop_distance`` long.  Loops opened in one batch
    # are kept apart so they do not duplicate each other.
    r = _Draw(seeding.rng(seed, "loops"))
    n_loops = int(p.loops * area / 1000.0 + 0.5)
    opened = _open_loops(tiles, walk, doors, dist_a, dist_up, n_loops, p, r,
                         seeding.rng(seed, "loops", "order"))
    yield Stage("loops", tiles.copy(), info={"loops": opened})

    if lost.any():
        tiles[lost] = T.wall
        walk &= ~lost
        doors = [(y, x) for y, x in doors if walk[y, x]]
    tiles[up] = T.stairs_up
    tiles[down] = T.stairs_down

    # Spawn points on plain floor, away from the start.
    # Loops may have brought cells closer to the start: recount near it, exactly,
    # in the window where a walk of safe_radius steps can reach.
    floor = tiles == T.floor
    far_enough = dist_up >= p.safe_radius
    k = p.safe_radius
    y0, x0 = max(up[0] - k, 0), max(up[1] - k, 0)
    local = grid.distance_map(walk[y0:up[0] + k + 1, x0:up[1] + k + 1], [(up[0] - y0, up[1] - x0)])
    far_enough[y0:up[0] + k + 1, x0:up[1] + k + 1] &= (local < 0) | (local >= k)
    cand = np.flatnonzero(floor & far_enough)
    n_floor = int(np.count_nonzero(floor))
    n_mon = int(n_floor * p.monster_density + 0.5)
    n_item = int(n_floor * p.item_density + 0.5)
    monsters, items = grid.pick_cells(seeding.rng(seed, "spawns"), cand, (n_mon, n_item))

    records = []
    for j in range(0, len(b.rooms), 512):
        records += [_room_record(*room) for room in b.rooms[j:j + 512]]
        yield Progress("final", 0.5 + 0.5 * j / len(b.rooms))
    doors.sort()
    info = {
        "rooms": records,
        "doors": [(int(x), int(y), bool(tiles[y, x] == T.secret_door)) for y, x in doors],
        "loops": opened,
        "floor_fraction": round(int(np.count_nonzero(walk)) / area, 4),
    }
    yield Stage("final", tiles, points={
        "start": np.array([[up[1], up[0]]], dtype=np.int64),
        "exit": np.array([[down[1], down[0]]], dtype=np.int64),
        "monsters": grid.flat_to_points(monsters, width),
        "items": grid.flat_to_points(items, width),
    }, info=info)


def _distance(walk: np.ndarray, cell: tuple[int, int], stage: str):
    """``grid.distance_map`` from one cell, yielding Progress on big maps
    (through its sliced form ``grid.distance_map_steps`` when grid has it)."""
    sliced = getattr(grid, "distance_map_steps", None)
    if sliced is None:
        return grid.distance_map(walk, [cell])
    steps = sliced(walk, [cell], work=1 << 17)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        yield Progress(stage, 0.5)


def _open_loops(tiles, walk, doors, dist_a, dist_b, n_loops, p, r, order_rng) -> int:
    if n_loops <= 0:
        return 0
    door_mask = np.zeros_like(walk)
    for y, x in doors:
        door_mask[y, x] = True
    ys, xs, horiz = _loop_candidates(walk, _dilate4(door_mask))
    if ys.size == 0:
        return 0
    py = np.where(horiz, ys, ys - 1)
    px = np.where(horiz, xs - 1, xs)
    qy = np.where(horiz, ys, ys + 1)
    qx = np.where(horiz, xs + 1, xs)
    score = np.maximum(np.abs(dist_a[py, px] - dist_a[qy, qx]), np.abs(dist_b[py, px] - dist_b[qy, qx]))
    good = np.flatnonzero(score >= p.loop_distance)
    claimed = np.zeros_like(walk)
    spacing = 4
    opened = 0
    for j in good[order_rng.permutation(good.size)].tolist():
        if opened >= n_loops:
            break
        y, x = int(ys[j]), int(xs[j])
        if claimed[y, x]:
            continue
        claimed[max(y - spacing, 0):y + spacing + 1, max(x - spacing, 0):x + spacing + 1] = True
        if r.u() < p.door_chance:
            tiles[y, x] = T.secret_door if r.u() < p.secret_chance else T.door
            doors.append((y, x))
        else:
            tiles[y, x] = T.floor
        walk[y, x] = True
        opened += 1
    return opened


_BIT = np.int64(1) << np.arange(63, dtype=np.int64)


def _room_record(kind: str, y0: int, x0: int, f: np.ndarray) -> dict:
    """A room as JSON-ready ints: bounding box, and ``mask``, one int per row
    whose bit i is set when cell (x + i, y + row) is the room's floor."""
    h, w = f.shape
    if w < 63:
        rows = (f.astype(np.int64) @ _BIT[:w]).tolist()
    else:  # never made by the designs above, but a record must not overflow
        rows = [sum(1 << i for i in np.flatnonzero(row).tolist()) for row in f]
    return {"kind": kind, "x": int(x0), "y": int(y0), "w": int(w), "h": int(h), "mask": rows}


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
))
