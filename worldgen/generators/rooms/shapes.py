"""Room designs: rectangle, conglomerate, cross, circle and cave blob, as
:class:`Stamp` s (a room's floor as rows of bits), and the door sites on a
stamp's faces.

A design is made no larger than the free span measured at the door site
(``mh`` x ``mw``); a kind that cannot fit falls back to a small rectangle.
Stamps, and preparing them, are :mod:`worldgen.generators.rooms.stamp`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.random  # noqa: F401  (numpy imports it lazily: ~20 ms, which would land in one growth step)

from worldgen.core import seeding
from worldgen.toolkit import grid
from .draw import Draw
from .stamp import BOX_SIDE, DIRS, Stamp, prepare_many, stamps_from_masks

__all__ = ["DIRS", "ROOM_DESIGNS", "Stamp", "prepare_many", "stamps_from_masks", "design", "design_rect",
           "design_conglomerate", "design_cross", "design_circle", "design_cave", "cave_blobs", "cave_library",
           "grow_cave_library"]


class FitIndex:
    """Stamps listed by the largest span they fit: ``fitting(mh, mw)`` is the
    tuple of stamps no larger than ``mh`` x ``mw``, in the stamps' order, so a
    draw is one random index.  The table is made a row (one ``mh``) at a time,
    all of it by :meth:`grow` (a few milliseconds a row for the cave library),
    or a row when first asked for; either way the same tuples."""

    def __init__(self, stamps: list[Stamp]) -> None:
        self.stamps = stamps
        self.hs = np.array([s.h for s in stamps], dtype=np.int32)
        self.ws = np.array([s.w for s in stamps], dtype=np.int32)
        self.most_h, self.most_w = int(self.hs.max()), int(self.ws.max())
        self.table: list[tuple[tuple[int, ...], ...] | None] = [None] * (self.most_h + 1)

    def _row(self, mh: int) -> tuple[tuple[int, ...], ...]:
        """Indices (tuples of ints, which the garbage collector stops tracking)
        of the stamps that fit ``mh`` x ``mw``, for every ``mw``."""
        row = self.table[mh]
        if row is None:  # all widths at once: one nonzero, cut into a tuple per width
            low = np.flatnonzero(self.hs <= mh)
            width, k = np.nonzero(self.ws[low] <= np.arange(self.most_w + 1)[:, None])
            ends = np.cumsum(np.bincount(width, minlength=self.most_w + 1)).tolist()
            ids = low[k].tolist()
            row = self.table[mh] = tuple(map(tuple, map(ids.__getitem__, map(slice, [0] + ends[:-1], ends))))
        return row

    def grow(self, rows: int = 4) -> Iterator[None]:
        """Make every row, yielding after each ``rows`` of them."""
        for mh in range(self.most_h + 1):
            self._row(mh)
            if mh % rows == rows - 1:
                yield None

    def _fits(self, mh: int, mw: int) -> tuple[int, ...]:
        if mh < 0 or mw < 0:
            return ()
        return self._row(min(mh, self.most_h))[min(mw, self.most_w)]

    def fitting(self, mh: int, mw: int) -> tuple[Stamp, ...]:
        return tuple(self.stamps[i] for i in self._fits(mh, mw))

    def draw(self, r: Draw, mh: int, mw: int) -> Stamp | None:
        """A random stamp no larger than ``mh`` x ``mw`` (None if none is)."""
        if mh < 0 or mw < 0:
            return None
        row = self.table[mh if mh < self.most_h else self.most_h] or self._row(min(mh, self.most_h))
        fits = row[mw if mw < self.most_w else self.most_w]
        return self.stamps[fits[int(r.u() * len(fits))]] if fits else None


class Library:
    """Designs made once per process from a fixed seed, drawn from instead of
    designed per room: a design's door sites are then worked out once, not per
    placement, and a draw is one random index into the designs that fit
    (:class:`FitIndex`).  Its content is a pure function of ``make`` and the
    seed, never of call order.
    """

    def __init__(self, name: str, make: Callable[[Draw], Stamp | None], count: int) -> None:
        self.name, self.make, self.count = name, make, count
        self._index: FitIndex | None = None

    def grow(self, chunk: int = 64) -> Iterator[None]:
        """Make the designs (yielding after each ``chunk``) and their index."""
        if self._index is not None:
            return
        r = Draw(seeding.rng(0, "room library", self.name))
        stamps = []
        for start in range(0, self.count, chunk):
            made = (self.make(r) for _ in range(start, min(start + chunk, self.count)))
            stamps += prepare_many([s for s in made if s is not None])
            yield None
        index = FitIndex(stamps)
        yield from index.grow()
        self._index = index

    def index(self) -> FitIndex:
        if self._index is None:
            for _ in self.grow():
                pass
        return self._index

    def stamps(self) -> list[Stamp]:
        return self.index().stamps

    def fitting(self, mh: int, mw: int) -> tuple[Stamp, ...]:
        return self.index().fitting(mh, mw)

    def draw(self, r: Draw, mh: int, mw: int) -> Stamp | None:
        return (self._index or self.index()).draw(r, mh, mw)


def design_rect(r: Draw, mh: int, mw: int) -> Stamp | None:
    u = r.u  # r.int inline (a third of a rectangle's design): lo + int(u() * (hi - lo + 1))
    if u() < 0.25:
        h, w = 2 + int(u() * 3), 3 + int(u() * 4)  # Brogue's small rooms: 2..4 x 3..6
    else:
        h, w = 3 + int(u() * 5), 4 + int(u() * 9)  # 3..7 x 4..12
    if h > mh:
        h = mh
    if w > mw:
        w = mw
    if h < 2 or w < 2 or h * w < 6:
        return None
    return Stamp.box(h, w)


def design_conglomerate(r: Draw, mh: int, mw: int) -> Stamp | None:
    """A conglomerate from :data:`CONGLOMERATES` no larger than ``mh`` x ``mw``."""
    return CONGLOMERATES.draw(r, mh, mw)


def design_cross(r: Draw, mh: int, mw: int) -> Stamp | None:
    """A cross from :data:`CROSSES` no larger than ``mh`` x ``mw``."""
    return CROSSES.draw(r, mh, mw)


def _library_caps(r: Draw) -> tuple[int, int]:
    """Spans a library design is made for: half free, half tight (so small spans
    still find designs)."""
    return (99, 99) if r.u() < 0.5 else (r.int(3, 10), r.int(4, 14))


def make_conglomerate(r: Draw, mh: int, mw: int) -> Stamp | None:
    """Two or three rectangles side by side, each sharing >= 2 cells of edge.

    A rectangle that would push the whole past ``mh`` x ``mw`` is left out; with
    only one left it is not a conglomerate (None).
    """
    rects = [(0, 0, min(r.int(2, 6), mh), min(r.int(3, 9), mw))]  # y, x, h, w
    y_lo, x_lo, y_hi, x_hi = 0, 0, rects[0][2], rects[0][3]
    for _ in range(r.int(2, 4)):
        if len(rects) == 3:
            break
        y, x, h, w = rects[r.pick(len(rects))]
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
    rows = [0] * (y_hi - y_lo)
    for y, x, h, w in rects:
        run = ((1 << w) - 1) << (x - x_lo)
        for i in range(y - y_lo, y - y_lo + h):
            rows[i] |= run
    return Stamp(rows, x_hi - x_lo, bare=True)


def make_cross(r: Draw, mh: int, mw: int) -> Stamp | None:
    """A wide short bar crossing a narrow tall one (Brogue's cross room)."""
    wa, ha = min(r.int(4, 13), mw), r.int(2, 4)
    hb = min(r.int(ha + 2, ha + 6), mh)
    wb = min(r.int(2, 4), wa - 2)
    if wb < 1 or hb < ha + 1:
        return None
    ya = r.int(1, hb - ha - 1) if hb - ha >= 2 else 0
    xb = (wa - wb) // 2 + r.int(-((wa - wb) // 3), (wa - wb) // 3)
    xb = min(max(xb, 0), wa - wb)
    bar, post = (1 << wa) - 1, ((1 << wb) - 1) << xb
    return Stamp([bar if ya <= i < ya + ha else post for i in range(hb)], wa, bare=True)


#: Designs drawn from (see :class:`Library`).
CONGLOMERATES = Library("conglomerate", lambda r: make_conglomerate(r, *_library_caps(r)), 384)
CROSSES = Library("cross", lambda r: make_cross(r, *_library_caps(r)), 256)

_DISCS: dict[int, Stamp] = {}


def design_circle(r: Draw, mh: int, mw: int) -> Stamp | None:
    """A filled circle; ``x*x + y*y <= r*r + r`` avoids one-cell nubs."""
    radius = min(r.int(2, 4) if r.u() < 0.8 else r.int(5, 7), (min(mh, mw) - 1) // 2)
    if radius < 2:
        return None
    if radius not in _DISCS:
        a = np.arange(-radius, radius + 1)
        _DISCS[radius] = Stamp.from_mask((a[:, None] ** 2 + a[None, :] ** 2) <= radius * radius + radius).prepare()
    return _DISCS[radius]


def cave_blobs(rng: np.random.Generator, sizes: list[tuple[int, int]]) -> list[np.ndarray | None]:
    """Cellular-automaton blobs, one per ``(h, w)`` box, all grown in one canvas.

    56 % random fill, four rounds of "floor where 5 of the 3x3 cells are
    floor", then each box's largest region, cropped (None when under 12
    cells).  The boxes sit side by side with two wall columns between them,
    cleared after every round, so they never interact.
    """
    height = max(h for h, _ in sizes)
    xs = [0]
    for _, w in sizes:
        xs.append(xs[-1] + w + 2)
    live = np.zeros((height, xs[-1]), dtype=bool)
    for (h, w), x in zip(sizes, xs):
        live[:h, x:x + w] = True
    f = (rng.random(live.shape) < 0.56) & live
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


def _crop(f: np.ndarray) -> np.ndarray:
    rows = np.flatnonzero(f.any(axis=1))
    cols = np.flatnonzero(f.any(axis=0))
    return f[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


#: Cave rooms: (boxes grown, box heights, box widths) for the small ones and the
#: big first room; boxes are grown CAVE_CANVAS at a time.
_LIBRARY_PLAN = {False: (112, (6, 11), (9, 18)), True: (28, (11, 18), (22, 36))}
CAVE_CANVAS = 16
#: Cave stamps made and prepared (:func:`stamps_from_masks`) between two
#: ticks: as many as hold this many cells of box (about 50 small, 14 big).
PREPARE_CELLS = 6_000
_CAVES: dict[bool, list[Stamp]] = {}
_CAVE_INDEX: dict[bool, FitIndex] = {}


def grow_cave_library(tick: Callable[[], Any] | None = None) -> Iterator[Any]:
    """Grow every cave room a map may draw, and the other design libraries
    (:class:`Library`), once per process: ``yield from`` it; it yields
    ``tick()`` after each library and each canvas of blobs (when given).

    Automaton blobs (:func:`cave_blobs`) from a fixed seed, each in its mirror
    images (and, small ones, turned a quarter): about 100 x 8 small, 28 x 4
    big.  Growing a canvas costs about as much as a whole 79x29 dungeon should
    (a few hundred microseconds), so maps draw from this library instead.  Its
    content never depends on when it is grown.
    """
    if not Stamp.has_box(BOX_SIDE, BOX_SIDE):  # every box a rectangle or a straight corridor can be
        for side in (BOX_SIDE // 2, BOX_SIDE * 3 // 4, BOX_SIDE):
            Stamp.boxes_upto(side)
            if tick is not None:
                yield tick()
    for library in (CONGLOMERATES, CROSSES):  # a few ms a step, once
        for _ in library.grow():
            if tick is not None:
                yield tick()
    for big in (False, True):
        if big in _CAVES:
            continue
        count, (hlo, hhi), (wlo, whi) = _LIBRARY_PLAN[big]
        rng = seeding.rng(0, "cave library", int(big))
        sizes = [(int(h), int(w)) for h, w in zip(rng.integers(hlo, hhi + 1, size=count),
                                                   rng.integers(wlo, whi + 1, size=count))]
        masks = []
        for start in range(0, count, CAVE_CANVAS):
            for m in cave_blobs(rng, sizes[start:start + CAVE_CANVAS]):
                if m is None:
                    continue
                turns = (m, m[::-1], m[:, ::-1], m[::-1, ::-1])
                if not big:
                    turns += tuple(t.T for t in turns)
                masks += turns
            if tick is not None:
                yield tick()
        stamps = []
        chunk, cells = [], 0
        for k, m in enumerate(masks):  # the stamps and their sites, a chunk a step
            chunk.append(m)
            cells += m.size
            if cells >= PREPARE_CELLS or k == len(masks) - 1:
                stamps += stamps_from_masks(chunk)
                chunk, cells = [], 0
                if tick is not None:
                    yield tick()
        index = FitIndex(stamps)
        for _ in index.grow():
            if tick is not None:
                yield tick()
        _CAVES[big] = stamps
        _CAVE_INDEX[big] = index


def cave_library(big: bool = False) -> list[Stamp]:
    """The small (or big) cave rooms, grown first if need be (see :func:`grow_cave_library`)."""
    if big not in _CAVES:
        for _ in grow_cave_library():
            pass
    return _CAVES[big]


def design_cave(r: Draw, mh: int, mw: int, big: bool = False) -> Stamp | None:
    """A cave blob no larger than ``mh`` x ``mw`` from :func:`cave_library`
    (one draw among those that fit, see :class:`FitIndex`; None if none fits)."""
    if big not in _CAVE_INDEX:
        cave_library(big)
    return _CAVE_INDEX[big].draw(r, mh, mw)


ROOM_DESIGNS = (  # kind, share of the non-cave rooms, design
    ("rect", 0.34, design_rect),
    ("conglomerate", 0.26, design_conglomerate),
    ("cross", 0.24, design_cross),
    ("circle", 0.16, design_circle),
)

_DESIGN_FNS = {k: f for k, _, f in ROOM_DESIGNS}
_DESIGN_FNS["cave"] = design_cave


def design(kind: str, r: Draw, mh: int, mw: int) -> tuple[str, Stamp] | None:
    """A room of ``kind`` no larger than ``mh`` x ``mw``; a small rectangle if it cannot be."""
    f = _DESIGN_FNS[kind](r, mh, mw)
    if f is None and kind != "rect":
        kind, f = "rect", design_rect(r, mh, mw)
    return None if f is None else (kind, f)
