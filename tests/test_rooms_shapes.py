"""Tests for the rooms generator's designs (worldgen/generators/rooms/shapes.py): stamps,
their door sites, each room kind, and the cave library."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.generators.rooms import shapes
from worldgen.generators.rooms.attach import pack_site, unpack_site
from worldgen.generators.rooms.draw import Draw
from worldgen.generators.rooms.shapes import DIRS, Stamp
from worldgen.toolkit import grid


def brute_sites(mask, d):
    """Cells outside ``mask`` with floor at cell - d and none at the cell or beside it."""
    h, w = mask.shape
    dy, dx = DIRS[d]
    pad = np.pad(mask, 2)
    out = []
    for y in range(-1, h + 1):
        for x in range(-1, w + 1):
            at = lambda yy, xx: pad[yy + 2, xx + 2]  # noqa: E731
            if (at(y - dy, x - dx) and not at(y, x) and not at(y + dx, x + dy)
                    and not at(y - dx, x - dy)):
                out.append((y, x))
    return sorted(out, key=(lambda s: (s[1], s[0])) if d < 2 else (lambda s: s))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 9), st.integers(1, 9))
def test_stamp_round_trips_and_sites_match_their_definition(seed, h, w):
    m = np.random.default_rng(seed).random((h, w)) < 0.6
    m[0, 0] = m[-1, -1] = True  # the box is the bounding box
    s = Stamp.from_mask(m)
    assert (s.h, s.w, s.cells) == (h, w, int(m.sum()))
    assert np.array_equal(Stamp(s.rows, w).mask(), m)
    y0, x0, again = Stamp.from_cells([(y + 3, x + 5) for y, x in np.argwhere(m).tolist()])
    assert (y0, x0, again.rows) == (3, 5, s.rows)
    for d in range(4):
        assert sorted(s.sites(d)) == sorted(brute_sites(m, d))
        along = 1 if d < 2 else 0
        assert [p[along] for p in s.sites(d)] == sorted(p[along] for p in s.sites(d))


@pytest.mark.parametrize("h,w", [(1, 1), (1, 5), (4, 1), (3, 7)])
def test_a_box_knows_its_sites_and_bits_without_looking(h, w):
    box = Stamp.box(h, w)
    same = Stamp(box.rows, w)  # the generic path
    assert box.rect and box.cells == h * w
    for d in range(4):
        assert box.sites(d) == same.sites(d)
    assert box.rows == same.rows and box.cells == same.cells
    assert box.mask().all() and box.mask().shape == (h, w)


@pytest.mark.parametrize("design", [shapes.design_rect, shapes.design_conglomerate,
                                    shapes.design_cross, shapes.design_circle])
def test_designs_fit_their_span_and_are_one_region(design):
    r = Draw(np.random.default_rng(7))
    made = 0
    for i in range(200):
        mh, mw = 3 + i % 12, 4 + i % 17
        s = design(r, mh, mw)
        if s is None:
            continue
        made += 1
        m = s.mask()
        assert s.h <= mh and s.w <= mw
        assert m[0].any() and m[-1].any() and m[:, 0].any() and m[:, -1].any()
        assert grid.label(m, 4)[1] == 1
    assert made > 100


def test_cave_library_is_fixed_varied_and_fits_its_boxes():
    small, big = shapes.cave_library(False), shapes.cave_library(True)
    assert len(small) >= 700 and len(big) >= 90
    assert all(s.h <= 18 and s.w <= 18 and s.cells >= 12 for s in small)
    assert all(s.h <= 18 and s.w <= 36 for s in big)
    assert len({s.rows for s in small}) > 0.9 * len(small)  # mirror images differ
    assert all(grid.label(s.mask(), 4)[1] == 1 for s in small[:80])
    # Grown once per process from a fixed seed: the same stamps on every call.
    assert shapes.cave_library(False) is small
    r = Draw(np.random.default_rng(1))
    assert shapes.design_cave(r, 3, 3) is None  # nothing that small (a cave has 12+ cells)
    assert all(s.h <= 5 and s.w <= 6 for s in {shapes.design_cave(r, 5, 6) for _ in range(20)} - {None})
    cave = shapes.design_cave(r, 30, 60)
    assert cave is not None and cave in small
    assert shapes.design("circle", r, 2, 2) is None or shapes.design("circle", r, 2, 2)[0] == "rect"


@pytest.mark.parametrize("index", [lambda: shapes.CONGLOMERATES.index(), lambda: shapes.CROSSES.index(),
                                   lambda: (shapes.cave_library(), shapes._CAVE_INDEX[False])[1]])
def test_fit_index_lists_exactly_the_designs_that_fit(index):
    fit = index()
    assert len(fit.stamps) > 100 and fit.fitting(-1, 5) == ()
    for mh in range(0, fit.most_h + 3, 2):
        for mw in range(0, fit.most_w + 3, 3):
            assert fit.fitting(mh, mw) == tuple(s for s in fit.stamps if s.h <= mh and s.w <= mw)
    r = Draw(np.random.default_rng(3))
    drawn = {fit.draw(r, 9, 12) for _ in range(200)}
    assert drawn <= set(fit.fitting(9, 12)) and len(drawn) > 1


def test_library_designs_are_fixed_and_one_region():
    made = shapes.CONGLOMERATES.stamps()
    assert shapes.CONGLOMERATES.stamps() is made  # made once per process
    for s in made[:60] + shapes.CROSSES.stamps()[:60]:
        assert grid.label(s.mask(), 4)[1] == 1
        for d in range(4):  # positions along each face, sorted (try_room bisects them)
            along = s.along(d)
            assert list(along) == sorted(along) and len(along) == len(s.sites(d))
        for jitter in range(4):  # a plan: one site of each face but the one skipped
            for skip in range(5):
                plan = s.plan(jitter, skip)
                assert len(plan) == sum(1 for d in range(4) if d != skip and s.sites(d))
                for offset in plan:  # offsets added to a packed corner give packed sites
                    y, x, d, _, _ = unpack_site(pack_site(5, 5, 0, 0) + offset)
                    assert d != skip and (y - 5, x - 5) in s.sites(d)


PREPARED = ("rows", "h", "w", "rect", "cells", "halo", "halo_cols", "face_ys", "face_xs", "alongs", "plans")


def _one_by_one(mask: np.ndarray) -> Stamp:
    return Stamp.from_mask(mask).prepare()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_preparing_many_at_once_gives_what_one_by_one_gives(seed):
    """prepare_many and stamps_from_masks work out every attribute a stamp's
    placement reads exactly as Stamp.__init__ + prepare do, whatever the mix
    of sizes and shapes in one batch (empty rows and columns, one-cell and
    one-face stamps, rectangles)."""
    rng = np.random.default_rng(seed)
    masks = []
    for _ in range(int(rng.integers(1, 24))):
        h, w = (int(v) for v in rng.integers(1, 20, size=2))
        m = rng.random((h, w)) < rng.random()
        m[int(rng.integers(h)), int(rng.integers(w))] = True
        masks.append(m)
    masks.append(np.ones((1, 1), dtype=bool))
    want = [_one_by_one(m) for m in masks]
    for got in (shapes.prepare_many([Stamp.from_mask(m, bare=True) for m in masks]),
                shapes.stamps_from_masks(masks)):
        for a, b in zip(want, got, strict=True):
            for name in PREPARED:
                assert getattr(b, name) == getattr(a, name), name
            assert np.array_equal(b.mask(), a.mask())


def test_prepare_many_skips_prepared_stamps_and_rectangles_match():
    boxes = [Stamp(((1 << w) - 1,) * h, w, rect=True, bare=True) for h in (1, 2, 5) for w in (1, 3, 7)]
    done = Stamp.box(2, 2)
    plans = done.plans
    shapes.prepare_many(boxes + [done])
    assert done.plans is plans
    for s in boxes:
        ref = Stamp(s.rows, s.w, rect=True).prepare()
        assert all(getattr(s, name) == getattr(ref, name) for name in PREPARED)


def test_staircases_with_the_same_cells_share_one_stamp():
    from worldgen.generators.rooms import corridors
    for _ in corridors.grow_staircases():
        pass
    made = {id(v[2]) for v in corridors._DIAGONALS.values()}
    shapes_ = {(v[0], v[1], v[2].rows, v[2].w) for v in corridors._DIAGONALS.values()}
    assert len(made) == len(shapes_) < len(corridors._DIAGONALS)


# --------------------------------------------------------------------------- shapes.py's mutation survivors
# The room libraries (CONGLOMERATES, CROSSES, the cave rooms) and the discs are made once per process
# and cached, so under mutmut (every mutant runs in a process forked after the clean run filled those
# caches) the tests above never re-ran their builders: docs/TESTING.md's "cache trap".  The tests
# below call the builders afresh (fresh Draw, fresh Library, emptied caches) and pin what they make.


def _stamps_digest(made) -> str:
    """sha256 of the stamps' rows and widths (None for a design that could not be made)."""
    return hashlib.sha256(repr([None if s is None else (s.rows, s.w) for s in made]).encode()).hexdigest()


# Spans from one cell to free, non-square, both ways round (the caps at 2, 3 and 4 bite).
SPANS = [(mh, mw) for mh in (1, 2, 3, 4, 5, 6, 9, 99) for mw in (1, 2, 3, 4, 5, 7, 13, 99)]


def _designs(make, seed: int) -> list:
    r = Draw(np.random.default_rng(seed))
    return [make(r, mh, mw) for _ in range(6) for mh, mw in SPANS]


#: After a deliberate change to a design, print the new digests with
#: `python -c "import tests.test_rooms_shapes as t; t.golden_designs()"` (from the repo root).
DESIGN_GOLDEN = {
    ("make_cross", 5): "a0924fabf20cd29a67c9fe4c1b672729801102ea785bdea442aead7d5d91839c",
    ("make_conglomerate", 5): "04981902bfc31df5bc5f49cbdba7db3938a16a7f6dff7664e343fb4a9545c424",
    ("design_rect", 5): "78bb3e7eabca55b16b0d9413a18a7e66cab7d898bc1194a7196d0a0ffa83e153",
    ("design_circle", 5): "30bf8fa68c1feb354a713b64c3fab7beb973a81e2efbf1ff227ecbe3cc49e953",
}


def golden_designs():
    shapes._DISCS.clear()
    for name, seed in DESIGN_GOLDEN:
        print(f"    ({name!r}, {seed}): \"{_stamps_digest(_designs(getattr(shapes, name), seed))}\",")


@pytest.mark.parametrize("key", list(DESIGN_GOLDEN))
def test_designs_made_afresh_match_their_golden_digests(key, monkeypatch):
    monkeypatch.setattr(shapes, "_DISCS", {})  # the discs are made, not taken from an earlier test
    name, seed = key
    assert _stamps_digest(_designs(getattr(shapes, name), seed)) == DESIGN_GOLDEN[key]


def _kinds(make, mh: int, mw: int, n: int = 300, seed: int = 1) -> set:
    r = Draw(np.random.default_rng(seed))
    return {None if s is None else (s.rows, s.w) for s in (make(r, mh, mw) for _ in range(n))}


def test_a_cross_needs_three_columns_and_three_rows():
    assert _kinds(shapes.make_cross, 99, 2) == {None}  # the post is 2 narrower than the bar
    assert _kinds(shapes.make_cross, 2, 99) == {None}  # the post is taller than the 2+ row bar
    assert _kinds(shapes.make_cross, 3, 3) == {((7, 7, 2), 3), None}  # the tightest: a T
    assert _kinds(shapes.make_cross, 3, 4) == {((15, 15, 6), 4), None}


def test_a_free_cross_is_a_bar_through_a_centred_post():
    r = Draw(np.random.default_rng(4))
    for _ in range(300):
        s = shapes.make_cross(r, 99, 99)
        m = s.mask()
        bar = np.flatnonzero(m.all(axis=1))
        post = m[~m.all(axis=1)]
        assert 4 <= s.w <= 13 and 2 <= len(bar) <= 4 and len(bar) + 2 <= s.h <= len(bar) + 6
        assert bar[0] >= 1 and bar[-1] <= s.h - 2 and np.array_equal(bar, np.arange(bar[0], bar[-1] + 1))
        assert (post == post[0]).all()  # one post, above and below the bar
        cols = np.flatnonzero(post[0])
        wb, xb = len(cols), int(cols[0])
        assert 2 <= wb <= 4 and np.array_equal(cols, np.arange(xb, xb + wb))
        assert abs(xb - (s.w - wb) // 2) <= (s.w - wb) // 3


def test_a_conglomerate_needs_room_for_two_rectangles():
    for mh, mw in [(1, 99), (99, 2), (2, 5), (3, 3), (3, 5)]:
        assert _kinds(shapes.make_conglomerate, mh, mw) == {None}, (mh, mw)
    assert _kinds(shapes.make_conglomerate, 2, 6) == {((63, 63), 6), None}  # two 2x3 side by side
    assert _kinds(shapes.make_conglomerate, 4, 3) == {((7, 7, 7, 7), 3), None}  # two 2x3 stacked
    three = _kinds(shapes.make_conglomerate, 3, 6, 2000)  # two 2..3 x 3 side by side, offset by one row at most
    assert three == {((63, 63), 6), ((63, 63, 63), 6), ((56, 63, 63), 6), ((63, 63, 56), 6), ((7, 63, 63), 6),
                     ((63, 63, 7), 6), None}


def test_a_free_conglomerate_is_two_or_three_overlapping_rectangles():
    r = Draw(np.random.default_rng(8))
    sizes = set()
    for _ in range(300):
        s = shapes.make_conglomerate(r, 99, 99)
        assert s is not None and grid.label(s.mask(), 4)[1] == 1
        assert s.mask()[0].any() and s.mask()[-1].any() and s.mask()[:, 0].any() and s.mask()[:, -1].any()
        sizes.add((s.h, s.w))
    assert max(h for h, _ in sizes) <= 18 and max(w for _, w in sizes) <= 27  # three 6x9 at most


def test_library_caps_are_free_half_the_time_else_tight_spans():
    r = Draw(np.random.default_rng(0))
    assert [shapes._library_caps(r) for _ in range(10)] == [
        (5, 4), (99, 99), (10, 10), (7, 14), (3, 13), (99, 99), (4, 13), (5, 8), (99, 99), (99, 99)]
    caps = [shapes._library_caps(r) for _ in range(2000)]
    tight = [c for c in caps if c != (99, 99)]
    assert 900 < len(tight) < 1100
    assert {h for h, _ in tight} == set(range(3, 11)) and {w for _, w in tight} == set(range(4, 15))


def test_a_rect_is_at_least_six_cells_and_two_each_way():
    assert _kinds(shapes.design_rect, 1, 99) == {None} and _kinds(shapes.design_rect, 99, 1) == {None}
    assert _kinds(shapes.design_rect, 2, 2) == {None}  # 4 cells: too small
    assert _kinds(shapes.design_rect, 2, 3) == {((7, 7), 3)}
    assert _kinds(shapes.design_rect, 3, 2) == {((3, 3, 3), 2), None}  # a small room, 2 high, is 2x2
    free = _kinds(shapes.design_rect, 99, 99, 2000)
    assert {len(rows) for rows, _ in free} == set(range(2, 8)) and {w for _, w in free} == set(range(3, 13))
    big = {((2 ** w - 1,) * h, w) for h in range(3, 8) for w in range(4, 13)}
    small = _kinds(shapes.design_rect, 99, 99, 2000) - big
    assert small == {((2 ** w - 1,) * h, w) for h, w in [(2, 3), (2, 4), (2, 5), (2, 6), (3, 3), (4, 3)]}  # 2..4 x 3..6


def test_circles_are_made_by_radius_and_need_five_cells_of_span(monkeypatch):
    monkeypatch.setattr(shapes, "_DISCS", {})
    assert _kinds(shapes.design_circle, 4, 99) == {None} and _kinds(shapes.design_circle, 99, 4) == {None}
    five = np.array([[0, 1, 1, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0]], bool)
    assert {tuple(map(tuple, shapes.Stamp(rows, w).mask())) for rows, w in _kinds(shapes.design_circle, 5, 6)} == {
        tuple(map(tuple, five))}
    r = Draw(np.random.default_rng(2))
    made = [shapes.design_circle(r, 99, 99) for _ in range(400)]
    assert sorted(shapes._DISCS) == list(range(2, 8)) and {s.h for s in made} == {5, 7, 9, 11, 13, 15}
    assert 0.7 < sum(s.h <= 9 for s in made) / 400 < 0.9  # radius 2..4 four times in five
    for radius, disc in shapes._DISCS.items():  # x*x + y*y <= r*r + r, prepared (its sites worked out)
        a = np.arange(-radius, radius + 1)
        assert np.array_equal(disc.mask(), a[:, None] ** 2 + a[None, :] ** 2 <= radius * radius + radius)
        assert disc.plans is not None


def test_fit_index_made_afresh_lists_and_draws_by_span():
    boxes = [Stamp.box(h, w) for h, w in [(2, 3), (3, 2), (1, 1), (5, 4), (2, 3)]]
    fit = shapes.FitIndex(boxes)
    assert (fit.most_h, fit.most_w, len(fit.table)) == (5, 4, 6) and fit.hs.tolist() == [2, 3, 1, 5, 2]
    assert fit.ws.tolist() == [3, 2, 1, 4, 3] and fit.table == [None] * 6  # rows made when first asked for
    assert fit.fitting(2, 3) == (boxes[0], boxes[2], boxes[4]) and fit.fitting(1, 1) == (boxes[2],)
    assert fit.fitting(5, 4) == fit.fitting(99, 99) == tuple(boxes)
    assert fit.fitting(4, 99) == tuple(boxes[:3] + boxes[4:])
    assert fit.fitting(0, 9) == fit.fitting(9, 0) == fit.fitting(-1, 3) == fit.fitting(3, -1) == ()
    r = Draw(np.random.default_rng(0))
    assert fit.draw(r, 1, 1) is boxes[2] and fit.draw(r, 0, 5) is None and fit.draw(r, 5, 0) is None
    assert fit.draw(r, -1, 9) is None and fit.draw(r, 9, -1) is None
    fresh = shapes.FitIndex(boxes)  # a draw makes the row it needs (clamped to the tallest)
    assert fresh.draw(r, 3, 1) is boxes[2] and fresh.draw(r, 9, 1) is boxes[2] and fresh.table[4] is None
    assert {id(fit.draw(r, 99, 99)) for _ in range(100)} == {id(b) for b in boxes}
    assert {id(fit.draw(r, 5, 3)) for _ in range(100)} == {id(b) for b in boxes[:3] + boxes[4:]}


@pytest.mark.parametrize("rows,ticks", [(1, 6), (2, 3), (4, 1), (6, 1), (7, 0)])
def test_fit_index_grows_every_row_yielding_after_each_few(rows, ticks):
    boxes = [Stamp.box(h, w) for h, w in [(2, 3), (5, 4), (1, 1)]]
    fit, asked = shapes.FitIndex(boxes), shapes.FitIndex(boxes)
    assert len(list(fit.grow(rows))) == ticks and None not in fit.table
    assert fit.table == [asked._row(mh) for mh in range(6)]  # the same rows as made when asked for


def _fresh_library(name: str, make, count: int) -> shapes.Library:
    return shapes.Library(name, lambda r: make(r, *shapes._library_caps(r)), count)


#: The libraries' designs, grown afresh (print again after a deliberate change:
#: `python -c "import tests.test_rooms_shapes as t; t.golden_libraries()"`).
TICKS = 52  # how many ticks growing everything afresh yields
LIBRARY_GOLDEN = {
    "conglomerate": "ce9d18b89ca8fe16fbe344daac69ed5eb764e8ec74821bf51d677436b11c2be6",
    "cross": "a58087cae8b299c03d6122eecc408c12842865142e748baba477b771de3f7d79",
    "cave small": "79f2b03c17f312c74a3638a3202333a2fd0d55cc9305658a9574876f9308eae2",
    "cave big": "27dfb16cbeb022e7c93115297afed94c4cb4aad527003c250d63fd629cebf2f0",
}


def _grow_all_afresh(monkeypatch=None) -> list:
    """grow_cave_library from empty caches (boxes, libraries, caves): what it yielded."""
    from worldgen.generators.rooms import stamp
    setattr_ = monkeypatch.setattr if monkeypatch is not None else setattr
    setattr_(stamp, "_BOXES", {})
    setattr_(shapes, "_CAVES", {})
    setattr_(shapes, "_CAVE_INDEX", {})
    setattr_(shapes, "CONGLOMERATES", _fresh_library("conglomerate", shapes.make_conglomerate, 384))
    setattr_(shapes, "CROSSES", _fresh_library("cross", shapes.make_cross, 256))
    ticks = iter(range(10_000))
    return list(shapes.grow_cave_library(lambda: next(ticks)))


def golden_libraries():
    _grow_all_afresh()
    made = {"conglomerate": shapes.CONGLOMERATES.stamps(), "cross": shapes.CROSSES.stamps(),
            "cave small": shapes._CAVES[False], "cave big": shapes._CAVES[True]}
    for name in LIBRARY_GOLDEN:
        print(f"    {name!r}: \"{_stamps_digest(made[name])}\",")


def test_growing_the_libraries_afresh_makes_the_golden_designs(monkeypatch):
    ticks = _grow_all_afresh(monkeypatch)
    # every yield is a tick(): boxes 3, each library's chunks and index rows, caves' canvases, chunks and rows
    assert ticks == list(range(TICKS))
    from worldgen.generators.rooms import stamp
    assert sorted(stamp._BOXES) == [(h, w) for h in range(1, stamp.BOX_SIDE + 1) for w in range(1, stamp.BOX_SIDE + 1)]
    made = {"conglomerate": shapes.CONGLOMERATES.stamps(), "cross": shapes.CROSSES.stamps(),
            "cave small": shapes._CAVES[False], "cave big": shapes._CAVES[True]}
    assert {name: _stamps_digest(m) for name, m in made.items()} == LIBRARY_GOLDEN
    assert all(s.plans is not None for m in made.values() for s in m)  # prepared: sites worked out
    for big in (False, True):
        index = shapes._CAVE_INDEX[big]
        assert index.stamps is shapes._CAVES[big] and None not in index.table  # every row made
    assert shapes.cave_library(True) is shapes._CAVES[True]
    assert list(shapes.grow_cave_library(lambda: 1 / 0)) == []  # grown once per process: nothing left to do


def test_growing_the_libraries_without_a_tick_yields_nothing_but_grows_all(monkeypatch):
    from worldgen.generators.rooms import stamp
    for name, value in [("_CAVES", {}), ("_CAVE_INDEX", {}),
                        ("CONGLOMERATES", _fresh_library("conglomerate", shapes.make_conglomerate, 384)),
                        ("CROSSES", _fresh_library("cross", shapes.make_cross, 256))]:
        monkeypatch.setattr(shapes, name, value)
    monkeypatch.setattr(stamp, "_BOXES", {})
    assert list(shapes.grow_cave_library()) == []
    made = [shapes.CONGLOMERATES.stamps(), shapes.CROSSES.stamps(), shapes._CAVES[False], shapes._CAVES[True]]
    assert [_stamps_digest(m) for m in made] == list(LIBRARY_GOLDEN.values())
    assert len(stamp._BOXES) == stamp.BOX_SIDE ** 2


def test_a_library_is_its_designs_from_a_seeded_draw_whatever_the_chunks():
    def make(r):  # a cross for tight caps, None (dropped) when they are too tight
        return shapes.make_cross(r, r.int(2, 5), r.int(2, 6))
    lib = shapes.Library("cross test", make, 10)
    assert (lib.name, lib.make, lib.count) == ("cross test", make, 10)
    assert len(list(lib.grow(4))) == 3 + 1  # chunks of 4, 4 and 2; then the index's rows 0..5 (one yield per 4)
    assert [s.rows for s in lib.stamps()] == [(31, 31, 6), (14, 31, 31, 14), (15, 15, 15, 15, 6), (12, 63, 63, 63, 12)]
    assert list(lib.grow(4)) == [] and lib.index() is lib.index()  # grown once
    for chunk in (1, 3, 10, 64):
        again = shapes.Library("cross test", make, 10)
        for _ in again.grow(chunk):
            pass
        assert [s.rows for s in again.stamps()] == [s.rows for s in lib.stamps()]
    other = shapes.Library("another name", make, 10)  # another seed
    assert [s.rows for s in other.stamps()] != [s.rows for s in lib.stamps()]
    drawn = shapes.Library("cross test", make, 10)  # a draw grows it first
    assert drawn.draw(Draw(np.random.default_rng(0)), 3, 5).rows == (31, 31, 6)
    assert drawn.fitting(3, 4) == () and len(drawn.fitting(4, 5)) == 2 and drawn.index() is drawn.index()


#: cave_blobs' output for two fixed inputs (after a deliberate change, print the shapes and the digest as the
#: test computes them, and BLOB_OF_TWELVE as `blobs[2].astype(int).tolist()`).
BLOB_OF_TWELVE = [[0, 1, 1, 0], [1, 1, 1, 1], [1, 1, 1, 1], [0, 1, 1, 0]]
BLOB_SHAPES = [None, (8, 15), (18, 30), (6, 12)]
BLOB_DIGEST = "25ee3c316481429d283e5287c413d870100b82135e88dad814a7d9a3be2a051b"


def test_cave_blobs_keep_each_boxs_largest_region_of_twelve_cells_or_more():
    # seed 60: the third box's largest region is exactly 12 cells (kept); the others are smaller (None)
    blobs = shapes.cave_blobs(np.random.default_rng(60), [(4, 5), (3, 6), (4, 4)])
    assert blobs[:2] == [None, None] and blobs[2].sum() == 12
    assert blobs[2].tolist() == BLOB_OF_TWELVE
    blobs = shapes.cave_blobs(np.random.default_rng(3), [(6, 9), (11, 18), (18, 36), (6, 18)])
    assert [None if b is None else b.shape for b in blobs] == BLOB_SHAPES
    assert hashlib.sha256(b"".join(np.packbits(b).tobytes() for b in blobs if b is not None)).hexdigest() == BLOB_DIGEST
    for b in blobs:
        if b is not None:
            assert grid.label(b)[1] == 1 and b[0].any() and b[-1].any() and b[:, 0].any() and b[:, -1].any()


def test_crop_cuts_a_mask_to_its_floors_box():
    f = np.zeros((5, 7), dtype=bool)
    f[1, 2] = f[3, 5] = True
    assert shapes._crop(f).tolist() == [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    f[:] = False
    f[4, 6] = True
    assert shapes._crop(f).tolist() == [[True]]
    assert shapes._crop(np.ones((2, 3), dtype=bool)).shape == (2, 3)


def test_a_cave_room_asked_for_first_grows_the_library(monkeypatch):
    from worldgen.generators.rooms import stamp
    for name in ("_CAVES", "_CAVE_INDEX"):
        monkeypatch.setattr(shapes, name, {})
    monkeypatch.setattr(stamp, "_BOXES", dict(stamp._BOXES))
    assert _stamps_digest(shapes.cave_library(True)) == LIBRARY_GOLDEN["cave big"]
    monkeypatch.setattr(shapes, "_CAVES", {})
    monkeypatch.setattr(shapes, "_CAVE_INDEX", {})
    cave = shapes.design_cave(Draw(np.random.default_rng(0)), 12, 20, big=True)
    assert cave in shapes._CAVES[True] and cave.h <= 12 and cave.w <= 20
    assert _stamps_digest(shapes._CAVE_INDEX[False].stamps) == LIBRARY_GOLDEN["cave small"]


# --- worldgen/generators/rooms/stamp.py: its mutation survivors (issue 42) ---
# The boxes are made with the libraries, before any mutant runs (the cache
# trap): these tests give Stamp.box and boxes_upto a fresh, empty cache.


def _same_as_one_by_one(got: Stamp, want: Stamp) -> None:
    for name in PREPARED:
        assert getattr(got, name) == getattr(want, name), name
    # the plans' offsets are added to packed sites and shifted: Python ints, not floats
    assert all(type(o) is int for plan in got.plans for o in plan)


def test_a_box_is_made_once_per_size_prepared_and_shared(monkeypatch):
    from worldgen.generators.rooms import stamp
    monkeypatch.setattr(stamp, "_BOXES", {})
    assert not Stamp.has_box(2, 3)
    box = Stamp.box(2, 3)
    assert (box.rows, box.h, box.w, box.rect, box.cells) == ((0b111, 0b111), 2, 3, True, 6)
    _same_as_one_by_one(box, Stamp((0b111, 0b111), 3, rect=True).prepare())
    assert Stamp.has_box(2, 3) and not Stamp.has_box(3, 2)
    assert Stamp.box(2, 3) is box  # one shared stamp per size


def test_boxes_upto_makes_every_missing_box_up_to_the_side(monkeypatch):
    from worldgen.generators.rooms import stamp
    monkeypatch.setattr(stamp, "_BOXES", {})
    kept = Stamp.box(2, 2)
    Stamp.boxes_upto(3)
    assert sorted(stamp._BOXES) == [(h, w) for h in (1, 2, 3) for w in (1, 2, 3)]
    assert Stamp.box(2, 2) is kept  # a box made already is not made again
    for (h, w), box in stamp._BOXES.items():
        assert (box.rows, box.w, box.rect) == (((1 << w) - 1,) * h, w, True)
        _same_as_one_by_one(box, Stamp(box.rows, w, rect=True).prepare())


def test_a_bare_stamp_works_out_its_halo_when_prepared_alone():
    bare = Stamp((0b010, 0b111), 3, bare=True)
    assert bare.cells is None and bare.halo is None and bare.halo_cols is None
    _same_as_one_by_one(bare.prepare(), Stamp((0b010, 0b111), 3).prepare())


def test_bare_stamps_from_cells_and_masks_leave_their_halo_to_prepare_many():
    m = np.array([[0, 1, 1], [1, 1, 0]], dtype=bool)
    made = [Stamp.from_mask(m, bare=True), Stamp.from_cells([(4, 6), (4, 7), (5, 5), (5, 6)], bare=True)[2]]
    assert all(s.cells is None and s.halo is None and s.halo_cols is None for s in made)
    for s in shapes.prepare_many(made):
        _same_as_one_by_one(s, _one_by_one(m))


def test_from_mask_reads_any_nonzero_array_as_a_bool_mask():
    s = Stamp.from_mask(np.array([[0, 2], [1, 1]]))
    assert s.rows == (0b10, 0b11) and s.cells == 3
    assert s.mask().dtype == bool and s.mask().tolist() == [[False, True], [True, True]]


def test_a_stamp_made_from_a_mask_keeps_that_mask():
    m = np.array([[1, 1, 0], [0, 1, 1]], dtype=bool)
    assert Stamp.from_mask(m).mask() is m
    assert shapes.stamps_from_masks([m])[0].mask() is m


@pytest.mark.parametrize("h,w", [(3, 61), (61, 2), (2, 62), (62, 3)])
def test_stamps_up_to_the_batch_side_and_past_it_prepare_as_one_by_one(h, w):
    """BATCH_SIDE (61) is the widest and tallest stamp worked on in uint64
    rows; at 61 the rows' high bits (past a float's 53) must come through
    exactly, and past it the stamps are prepared one by one."""
    rng = np.random.default_rng(h * 100 + w)
    masks = [rng.random((h, w)) < 0.7, rng.random((5, 4)) < 0.7]
    for m in masks:
        m[0, 0] = m[-1, -1] = True
    want = [_one_by_one(m) for m in masks]
    for got in (shapes.prepare_many([Stamp.from_mask(m, bare=True) for m in masks]),
                shapes.stamps_from_masks(masks)):
        for a, b in zip(want, got, strict=True):
            _same_as_one_by_one(b, a)
            assert np.array_equal(b.mask(), a.mask())


# ----------------------------------------------------------- shapes.py's mutation survivors, second round
# The fresh run's 46 survivors (94.3%): rolls at their exact thresholds (a scripted Draw, a filled
# canvas), the steps growing the libraries yields between (boxes, chunks of prepared caves, a
# library's chunk), the cave library's edge cases, the FitIndex's rows as made and kept, and the
# library designs made bare.  The rest are equivalent (listed in docs/TESTING.md).


def _scripted(*draws: float) -> Draw:
    """A Draw whose u() gives ``draws`` in turn (then fails: every draw is accounted for)."""
    r = Draw(np.random.default_rng(0))
    r.u = iter(draws).__next__
    return r


def _below(x: float) -> float:
    return float(np.nextafter(x, 0.0))


def test_the_library_caps_roll_is_free_below_one_half_and_tight_from_it():
    assert shapes._library_caps(_scripted(_below(0.5))) == (99, 99)
    assert shapes._library_caps(_scripted(0.5, 0.0, _below(1.0))) == (3, 14)


def test_the_rect_roll_is_a_small_room_below_one_quarter_and_a_big_one_from_it():
    assert shapes.design_rect(_scripted(_below(0.25), 0.0, 0.0), 99, 99).rows == (0b111,) * 2  # 2 x 3
    assert shapes.design_rect(_scripted(0.25, 0.0, 0.0), 99, 99).rows == (0b1111,) * 3  # 3 x 4


def test_the_circle_roll_is_a_small_radius_below_four_fifths_and_a_big_one_from_it(monkeypatch):
    monkeypatch.setattr(shapes, "_DISCS", {})
    assert shapes.design_circle(_scripted(_below(0.8), 0.0), 99, 99).h == 5  # radius 2
    assert shapes.design_circle(_scripted(0.8, 0.0), 99, 99).h == 11  # radius 5


class _Filled:
    """A stand-in for the Generator cave_blobs draws its fill from: every cell draws ``value``."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self, shape) -> np.ndarray:
        return np.full(shape, self.value)


def test_cave_blobs_fill_a_cell_drawn_below_56_percent_and_not_one_drawn_at_it():
    assert shapes.cave_blobs(_Filled(0.56), [(4, 5), (6, 9)]) == [None, None]
    full = shapes.cave_blobs(_Filled(_below(0.56)), [(4, 5), (6, 9)])  # a full box loses its corners
    assert full[0].astype(int).tolist() == [[0, 1, 1, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0]]
    assert full[1].astype(int).tolist() == [[0] + [1] * 7 + [0]] + [[1] * 9] * 4 + [[0] + [1] * 7 + [0]]


def test_cave_blobs_give_none_for_boxes_with_no_floor_left_even_an_empty_box():
    """No cell of a 2x2 or a one-row box has 5 floor cells among its 3x3, so the canvas ends with no
    region at all (label count 0); a 0-high box has no cells.  Each is None, without numpy's
    deprecation warnings (a later numpy's errors)."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert shapes.cave_blobs(np.random.default_rng(0), [(0, 4), (2, 2), (1, 6)]) == [None, None, None]
        assert shapes.cave_blobs(np.random.default_rng(0), [(0, 4), (4, 5)])[0] is None


def test_cave_library_gives_the_small_caves_unless_asked_for_the_big():
    assert shapes.cave_library() is shapes.cave_library(False) is not shapes.cave_library(True)


#: Cave plans small enough to grow in a few ms: one box each (8 small masks of 104 cells, 4 big of 527).
_ONE_BOX_PLAN = {False: (1, (6, 11), (9, 18)), True: (1, (11, 18), (22, 36))}


def _grow_caves_recording_chunks(monkeypatch, prepare_cells: int) -> list:
    """The caves grown afresh from _ONE_BOX_PLAN (boxes and libraries as they are): each chunk of masks
    stamps_from_masks was given, as its masks' sizes."""
    from worldgen.generators.rooms import stamp
    monkeypatch.setattr(stamp, "_BOXES", dict(stamp._BOXES))
    Stamp.boxes_upto(stamp.BOX_SIDE)
    shapes.CONGLOMERATES.index(), shapes.CROSSES.index()
    for name, value in [("_CAVES", {}), ("_CAVE_INDEX", {}), ("_LIBRARY_PLAN", _ONE_BOX_PLAN),
                        ("PREPARE_CELLS", prepare_cells)]:
        monkeypatch.setattr(shapes, name, value)
    chunks, real = [], shapes.stamps_from_masks
    monkeypatch.setattr(shapes, "stamps_from_masks",
                        lambda masks: chunks.append([m.size for m in masks]) or real(masks))
    for _ in shapes.grow_cave_library():
        pass
    return chunks


def test_cave_masks_are_prepared_in_chunks_closed_by_the_mask_that_reaches_prepare_cells(monkeypatch):
    # 2 x 104 reaches 208 exactly: chunks of two small masks
    assert _grow_caves_recording_chunks(monkeypatch, 208) == [[104] * 2] * 4 + [[527]] * 4
    # 2 x 104 falls one short of 209: chunks of three, the last the rest (and every chunk starts from 0 cells)
    assert _grow_caves_recording_chunks(monkeypatch, 209) == [[104] * 3, [104] * 3, [104] * 2] + [[527]] * 4


def test_the_big_caves_are_grown_even_when_the_small_ones_are_already(monkeypatch):
    _grow_caves_recording_chunks(monkeypatch, shapes.PREPARE_CELLS)
    small, big = shapes._CAVES[False], _stamps_digest(shapes._CAVES[True])
    del shapes._CAVES[True], shapes._CAVE_INDEX[True]
    assert _stamps_digest(shapes.cave_library(True)) == big and shapes._CAVES[False] is small
    assert shapes._CAVE_INDEX[True].stamps is shapes._CAVES[True]


def test_the_boxes_are_made_in_three_steps_half_three_quarters_then_the_whole_side(monkeypatch):
    from worldgen.generators.rooms import stamp
    monkeypatch.setattr(stamp, "_BOXES", {})
    shapes.CONGLOMERATES.index(), shapes.CROSSES.index(), shapes.cave_library(True)  # the rest grown already
    assert stamp.BOX_SIDE == 12
    sides = list(shapes.grow_cave_library(lambda: max(h for h, _ in stamp._BOXES)))
    assert sides == [6, 9, 12] and len(stamp._BOXES) == 144


def test_a_library_yields_after_every_64_designs_by_default():
    def make(r):
        return Stamp((0b111, 0b111), 3, bare=True)
    for count, chunks in [(64, 1), (65, 2), (128, 2), (129, 3)]:  # the index's rows 0..2 yield nothing
        assert len(list(shapes.Library("chunk test", make, count).grow())) == chunks, count


def test_fit_index_rows_list_each_width_up_to_the_widest_and_are_made_once():
    boxes = [Stamp.box(h, w) for h, w in [(2, 3), (3, 2), (1, 1), (5, 4), (2, 3)]]
    fit = shapes.FitIndex(boxes)
    row = fit._row(2)  # for widths 0..4: the indices of the boxes at most 2 high and that wide
    assert row == ((), (2,), (2,), (0, 2, 4), (0, 2, 4))
    assert fit._row(2) is row and fit.table[2] is row  # kept, not made again
    assert fit._row(5) == ((), (2,), (1, 2), (0, 1, 2, 4), (0, 1, 2, 3, 4))
    grown = shapes.FitIndex(boxes)
    for _ in grown.grow():
        pass
    assert all(grown._row(mh) is grown.table[mh] for mh in range(6))


def test_library_designs_are_made_bare_leaving_their_halo_to_prepare_many():
    r = Draw(np.random.default_rng(6))
    made = [shapes.make_cross(r, 99, 99) for _ in range(5)] + [shapes.make_conglomerate(r, 99, 99) for _ in range(5)]
    assert all(s.cells is None and s.halo is None and s.halo_cols is None for s in made)
    for s in shapes.prepare_many(made):
        _same_as_one_by_one(s, _one_by_one(s.mask()))
