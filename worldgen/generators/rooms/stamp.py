"""Stamps: a room's floor as rows of bits, what placing it needs (its halo,
door sites and site plans), worked out once per stamp, and for many stamps
at once (:func:`prepare_many`, :func:`stamps_from_masks`: the libraries of
designs a process grows before its first map).

Rows of bits, not ``bool`` arrays: a 79x29 dungeon places about 50 rooms and
tries more, and a few small-int operations per row cost less than numpy's
per-call overhead (the builder measured 3.9 ms with ``bool`` stamps).
"""

from __future__ import annotations

from itertools import chain

import numpy as np

from worldgen.toolkit import grid
from worldgen.toolkit.bitgrid import bit_indices

__all__ = ["DIRS", "Stamp", "BOX_SIDE", "prepare_many", "stamps_from_masks"]

#: Directions as (dy, dx), indexed 0..3: north, south, west, east; opposite = d ^ 1.
DIRS = grid.offsets(4)

class Stamp:
    """A room's floor: bit ``x`` of ``rows[y]`` is cell ``(y, x)`` of its ``h`` x ``w`` box.

    The box is the floor's bounding box.  ``rect``: every cell is floor.

    What placing it needs is worked out once per stamp, never per placement:
    ``halo`` when it is made, and its door sites by :meth:`prepare` (library
    designs, boxes and staircases are prepared when made; a drunken walk,
    which lists no sites, never is).

    >>> s = Stamp((0b010, 0b111), 3)
    >>> s.h, s.w, s.cells, s.sites(0)
    (2, 3, 4, ((-1, 1),))
    """

    __slots__ = ("rows", "h", "w", "cells", "rect", "halo", "halo_cols", "face_ys", "face_xs", "alongs",
                 "plans", "_mask")

    def __init__(self, rows, w: int, rect: bool = False, bare: bool = False, cols=None) -> None:
        self.rows = tuple(rows)
        self.h, self.w, self.rect = len(self.rows), w, rect
        #: Set by :meth:`prepare`: the sites per face (y and x apart), where they lie along it, the site plans.
        self.face_ys = self.face_xs = self.alongs = self.plans = None
        self._mask = None
        if bare:  # cells and halo left to prepare_many, which works them out for many stamps at once
            self.cells = self.halo = self.halo_cols = None
        else:
            self._finish(cols)

    def _finish(self, cols=None) -> None:
        """Work out :attr:`cells`, :attr:`halo` and :attr:`halo_cols` (from
        ``cols``, the rows transposed, when the caller has them)."""
        w = self.w
        self.cells = self.h * w if self.rect else sum(r.bit_count() for r in self.rows)
        #: The floor grown by one cell 8 ways: ``h + 2`` rows, bit ``x + 1`` for
        #: column ``x`` (the row above the box first), so a placement at
        #: (y0, x0) ors row ``i`` shifted by ``x0 - 1`` into map row ``y0 - 1 + i``.
        wide = [r | r << 1 | r << 2 for r in self.rows]
        self.halo = tuple(a | b | c for a, b, c in zip([0, 0] + wide, [0] + wide + [0], wide + [0, 0]))
        #: The halo by column: ``w + 2`` ints, bit ``i`` of column ``c`` set when
        #: bit ``c`` of ``halo[i]`` is (for the builder's column bitsets): the
        #: columns grown the same way as the rows.
        tall = [c | c << 1 | c << 2 for c in (_transpose(self.rows, w) if cols is None else cols)]
        self.halo_cols = tuple(a | b | c for a, b, c in zip([0, 0] + tall, [0] + tall + [0], tall + [0, 0]))

    @classmethod
    def box(cls, h: int, w: int) -> Stamp:
        """The ``h`` x ``w`` rectangle, prepared: one shared stamp per size
        (stamps are never changed once made)."""
        s = _BOXES.get((h, w))
        if s is None:
            s = _BOXES[h, w] = cls(((1 << w) - 1,) * h, w, rect=True).prepare()
        return s

    @staticmethod
    def has_box(h: int, w: int) -> bool:
        """Whether the ``h`` x ``w`` box is made already."""
        return (h, w) in _BOXES

    @classmethod
    def boxes_upto(cls, side: int) -> None:
        """Make (and prepare, all at once) every box up to ``side`` x ``side``."""
        sizes = [(h, w) for h in range(1, side + 1) for w in range(1, side + 1) if (h, w) not in _BOXES]
        made = prepare_many([cls(((1 << w) - 1,) * h, w, rect=True, bare=True) for h, w in sizes])
        _BOXES.update(zip(sizes, made))

    @classmethod
    def from_mask(cls, mask: np.ndarray, bare: bool = False) -> Stamp:
        """A ``bool`` array (its own bounding box) as a stamp."""
        mask = np.asarray(mask, dtype=bool)
        packed = np.packbits(mask, axis=1, bitorder="little")
        out = cls([int.from_bytes(row.tobytes(), "little") for row in packed], mask.shape[1], bare=bare)
        out._mask = mask
        return out

    @classmethod
    def from_cells(cls, cells, bare: bool = False) -> tuple[int, int, Stamp]:
        """Cells ``(y, x)`` (repeats allowed) as ``(y0, x0, stamp)``, the
        stamp's corner in those coordinates; rows and columns in one pass."""
        ys, xs = zip(*cells)
        y0, x0 = min(ys), min(xs)
        rows = [0] * (max(ys) - y0 + 1)
        cols = [0] * (max(xs) - x0 + 1)
        for y, x in set(cells):  # a drunken walk's path repeats cells
            rows[y - y0] |= 1 << (x - x0)
            cols[x - x0] |= 1 << (y - y0)
        return y0, x0, cls(rows, len(cols), bare=bare, cols=cols)

    def mask(self) -> np.ndarray:
        """The stamp as a ``bool`` array ``[y, x]``."""
        if self._mask is None:
            nb = (self.w + 7) // 8
            raw = np.frombuffer(b"".join(r.to_bytes(nb, "little") for r in self.rows), dtype=np.uint8)
            self._mask = np.unpackbits(raw.reshape(self.h, nb), axis=1, count=self.w,
                                       bitorder="little").view(bool)
        return self._mask

    def prepare(self) -> Stamp:
        """Work out, once, the door sites of each face (their y in
        :attr:`face_ys`, their x in :attr:`face_xs`: two tuples of ints a
        face, not a tuple per site), where they lie along each face
        (:attr:`alongs`, the same tuples) and the site plans (:attr:`plans`,
        see :meth:`plan`).  The stamp."""
        if self.plans is None:
            if self.halo is None:
                self._finish()
            # tuples, not lists: the garbage collector stops tracking a tuple of
            # ints, and every live container lengthens its full passes
            faces = self._box_faces() if self.rect else self._find_faces()
            ys = self.face_ys = tuple(tuple([y for y, _ in face]) for face in faces)
            xs = self.face_xs = tuple(tuple([x for _, x in face]) for face in faces)
            self.alongs = (xs[0], xs[1], ys[2], ys[3])
            # Per face, its site (packed offset) for each jitter; then the plans.
            plans = []
            for j in range(4):
                picks = [(d, (ys[d][k] << 13) + (xs[d][k] << 4) + (d << 2))
                         for d in range(4) if ys[d]
                         for k in ((2 * j + 1) * len(ys[d]) // 8,)]
                plans += [tuple([o for d, o in picks if d != skip]) for skip in range(5)]
            self.plans = tuple(plans)
        return self

    def sites(self, d: int) -> tuple[tuple[int, int], ...]:
        """Outward door sites in direction ``d``, in stamp coordinates.

        A site is a cell ``s`` outside the stamp with floor at ``s - d`` and no
        floor at ``s`` or beside it (across ``d``), so a door there has floor
        on exactly two opposite sides.  Ordered along the face (by x for north
        and south, by y for west and east).
        """
        s = self.prepare()
        return tuple(zip(s.face_ys[d], s.face_xs[d]))

    def along(self, d: int) -> tuple[int, ...]:
        """Where each site of :meth:`sites` ``(d)`` lies along the face (x for
        north and south, y for west and east): ascending, for ``bisect``."""
        return self.prepare().alongs[d]

    def plan(self, jitter: int, skip: int) -> tuple[int, ...]:
        """The door sites to list when the stamp is placed: one per face, the
        face ``skip`` left out (the one facing the doorway it came in by; 4:
        none), ``(2 * jitter + 1) / 8`` of the way along it (``jitter`` 0..3).
        Each site is an offset to add to a packed corner
        (:func:`worldgen.generators.rooms.attach.pack_site`): ``sy << 13 + sx << 4 + d << 2``.
        Worked out by :meth:`prepare`, kept in ``plans[jitter * 5 + skip]``.

        One site a face, not more: fewer sites die unseen in the list (a room
        built in front of them), so fewer draws find a dead one, and the map
        fills as well as with three.

        >>> Stamp.box(1, 9).plan(0, 4)[0] == (-1 << 13) + (1 << 4)  # north, an eighth along
        True
        """
        return self.prepare().plans[jitter * 5 + skip]

    def _box_faces(self) -> tuple[list[tuple[int, int]], ...]:
        h, w = self.h, self.w
        return ([(-1, x) for x in range(w)], [(h, x) for x in range(w)],
                [(y, -1) for y in range(h)], [(y, w) for y in range(h)])

    def _find_faces(self) -> tuple[list[tuple[int, int]], ...]:
        rows = self.rows
        north, south, west, east = [], [], [], []
        up = 0
        for i, row in enumerate(rows):
            down = rows[i + 1] if i + 1 < self.h else 0
            m = row & ~(up | up << 1 | up >> 1)
            if m:
                north += [(i - 1, x) for x in bit_indices(m)]
            m = row & ~(down | down << 1 | down >> 1)
            if m:
                south += [(i + 1, x) for x in bit_indices(m)]
            around = row | up | down
            m = row & ~(around << 1)
            if m:
                west += [(i, x - 1) for x in bit_indices(m)]
            m = row & ~(around >> 1)
            if m:
                east += [(i, x + 1) for x in bit_indices(m)]
            up = row
        north.sort(key=_along_x)
        south.sort(key=_along_x)
        return north, south, west, east


_BOXES: dict[tuple[int, int], Stamp] = {}
#: Boxes up to this side are made with the libraries (rectangles are at most
#: 7 x 12, straight corridors 12 long), so no map prepares one.
BOX_SIDE = 12


def _transpose(rows: tuple[int, ...], width: int) -> tuple[int, ...]:
    """Rows of bits as ``width`` columns: bit ``i`` of column ``c`` is bit ``c`` of row ``i``.

    >>> _transpose((0b01, 0b11), 2)
    (3, 2)
    """
    cols = [0] * width
    for i, row in enumerate(rows):
        while row:
            low = row & -row
            cols[low.bit_length() - 1] |= 1 << i
            row ^= low
    return tuple(cols)


#: Widest (and tallest) stamp :func:`prepare_many` works on in ``uint64`` rows
#: (its halo takes two more bits); wider ones are prepared one by one.
BATCH_SIDE = 61


def prepare_many(stamps: list[Stamp]) -> list[Stamp]:
    """:meth:`Stamp.prepare` (and the halo) for many stamps at once: the same
    values, worked out in whole-array numpy operations on the stamps' rows as
    ``uint64`` and built into tuples by ``map`` and ``zip``, not by a Python
    loop per row and site (about a third of the per-stamp cost).  The stamps,
    prepared.

    >>> s = prepare_many([Stamp((0b010, 0b111), 3, bare=True)])[0]
    >>> s.halo == Stamp((0b010, 0b111), 3).halo, s.face_xs == Stamp((0b010, 0b111), 3).prepare().face_xs
    (True, True)
    """
    todo = [s for s in stamps if s.plans is None]
    if not todo:
        return stamps
    hs = [s.h for s in todo]
    ws = [s.w for s in todo]
    if max(max(hs), max(ws)) > BATCH_SIDE:
        for s in todo:
            s._finish()
            s.prepare()
        return stamps
    n, hh = len(todo), max(hs)
    # every stamp's rows in one array, two empty rows above and below each
    flat = np.fromiter(chain.from_iterable(s.rows for s in todo), dtype=np.uint64)
    heights = np.array(hs, dtype=np.int64)
    first = np.cumsum(heights) - heights
    slot = np.arange(len(flat)) + np.repeat(np.arange(n) * (hh + 4) + 2 - first, heights)
    rows = np.zeros((n, hh + 4), dtype=np.uint64)
    rows.ravel()[slot] = flat
    _prepare(todo, rows, hs, ws)
    return stamps


def stamps_from_masks(masks: list[np.ndarray]) -> list[Stamp]:
    """:meth:`Stamp.from_mask` for many ``bool`` arrays, prepared at once
    (:func:`prepare_many`): the rows packed by one ``packbits`` for all."""
    hs = [m.shape[0] for m in masks]
    ws = [m.shape[1] for m in masks]
    n, hh = len(masks), max(hs)
    if max(hh, max(ws)) > BATCH_SIDE:
        return prepare_many([Stamp.from_mask(m, bare=True) for m in masks])
    wide = np.zeros((n, hh + 4, 64), dtype=bool)
    for k, m in enumerate(masks):
        wide[k, 2:2 + hs[k], :ws[k]] = m
    rows = np.packbits(wide, axis=2, bitorder="little").view("<u8")[:, :, 0].astype(np.uint64)
    out = []
    for m, r, w in zip(masks, _cut(rows[:, 2:], hs), ws):
        s = Stamp(r, w, bare=True)
        s._mask = m
        out.append(s)
    _prepare(out, rows, hs, ws)
    return out


def _prepare(todo: list[Stamp], rows: np.ndarray, hs: list[int], ws: list[int]) -> None:
    """The work of :func:`prepare_many`, from the stamps' rows as an array
    ``[stamp, row + 2]`` (two empty rows each side)."""
    n, hh, ww = len(todo), rows.shape[1] - 4, max(ws)
    one = np.uint64(1)
    bit = one << np.arange(ww, dtype=np.uint64)  # each column's bit
    floor = (rows[:, 2:hh + 2, None] & bit) != 0  # [stamp, y, x]
    cols = np.zeros((n, ww + 4), dtype=np.uint64)
    cols[:, 2:ww + 2] = (floor.astype(np.uint64) << np.arange(hh, dtype=np.uint64)[:, None]).sum(
        axis=1, dtype=np.uint64)
    cells = np.count_nonzero(floor, axis=(1, 2)).tolist()
    halo = _grown(rows, one)
    halo_cols = _grown(cols, one)
    row = rows[:, 2:hh + 2]
    up, down = rows[:, 1:hh + 1], rows[:, 3:hh + 3]
    around = row | up | down
    found = (row & ~(up | up << one | up >> one), row & ~(down | down << one | down >> one),
             row & ~(around << one), row & ~(around >> one))
    face_ys, face_xs = [], []
    offsets = np.zeros((n, 4, 4), dtype=np.int64)  # [stamp, jitter, face]: the plans' sites
    live = np.zeros(n, dtype=np.int64)  # bit d: face d has sites
    for d, m in enumerate(found):
        b = (m[:, :, None] & bit) != 0
        if d < 2:  # along x: by x, then y
            k, x, y = np.nonzero(b.transpose(0, 2, 1))
            y += -1 if d == 0 else 1
        else:
            k, y, x = np.nonzero(b)
            x += -1 if d == 2 else 1
        count = np.bincount(k, minlength=n)
        start = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(count, out=start[1:])
        if len(k):
            # Stamp.plan: per jitter j, the site (2j + 1) / 8 of the way along
            at = np.minimum(start[:-1] + np.arange(1, 8, 2)[:, None] * count // 8, len(k) - 1)
            offsets[:, :, d] = (y[at] * 8192 + x[at] * 16 + d * 4).T
            live |= (count > 0) << d
        ys, xs = y.tolist(), x.tolist()
        spans = list(map(slice, start[:-1].tolist(), start[1:].tolist()))
        face_ys.append(map(tuple, map(ys.__getitem__, spans)))
        face_xs.append(map(tuple, map(xs.__getitem__, spans)))
    # Plans: stamps grouped by which faces have sites, so every plan of a group
    # lists the same faces; 20 a stamp, in the order jitter * 5 + skip.
    plans: list[tuple | None] = [None] * n
    for pattern in np.unique(live).tolist():
        group = np.flatnonzero(live == pattern)
        on = [d for d in range(4) if pattern >> d & 1]
        # each face's offsets as one flat list [stamp * 4 + jitter]: zip makes
        # the tuples (no nested lists: fewer containers for the collector)
        column = {d: offsets[group, :, d].ravel().tolist() for d in on}
        every = list(zip(*(column[d] for d in on)))
        per_skip = [every if skip not in on else list(zip(*(column[d] for d in on if d != skip)))
                    for skip in range(5)]
        if len(on) == 1:  # zip of nothing makes nothing: the plan skipping the one face is empty
            per_skip[on[0]] = [()] * len(every)
        made = list(chain.from_iterable(zip(*per_skip)))  # [(stamp * 4 + jitter) * 5 + skip]
        for i, k in enumerate(group.tolist()):
            plans[k] = tuple(made[20 * i:20 * i + 20])
    halos = _cut(halo, [h + 2 for h in hs])
    halo_columns = _cut(halo_cols, [w + 2 for w in ws])
    for s, c, ha, hc, y0, y1, y2, y3, x0, x1, x2, x3, pl in zip(todo, cells, halos, halo_columns, *face_ys, *face_xs,
                                                               plans):
        s.cells, s.halo, s.halo_cols = c, ha, hc
        s.face_ys, s.face_xs, s.alongs, s.plans = (y0, y1, y2, y3), (x0, x1, x2, x3), (x0, x1, y2, y3), pl


def _cut(rows: np.ndarray, lengths: list[int]) -> list[tuple[int, ...]]:
    """Row ``k`` of ``rows`` cut to ``lengths[k]``, as tuples of ints: per
    distinct length, one flat list per column zipped (no list per row: fewer
    containers for the garbage collector to see)."""
    out: list[tuple[int, ...] | None] = [None] * len(lengths)
    by = np.asarray(lengths)
    for length in set(lengths):
        group = np.flatnonzero(by == length)
        part = rows[group, :length].T.tolist() if length else [[]]
        made = zip(*part) if length else [()] * len(group)
        for k, t in zip(group.tolist(), made):
            out[k] = t
    return out


def _grown(rows: np.ndarray, one: np.uint64) -> np.ndarray:
    """Rows of bits (two empty rows each side) grown one cell 8 ways, bit
    ``x + 1`` for column ``x``: :attr:`Stamp.halo` for every stamp at once."""
    wide = rows | rows << one | rows << np.uint64(2)
    return wide[:, :-2] | wide[:, 1:-1] | wide[:, 2:]


def _along_x(site: tuple[int, int]) -> int:
    return site[1]
