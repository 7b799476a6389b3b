"""Tests for the rooms generator's designs (worldgen/generators/rooms/shapes.py): stamps,
their door sites, each room kind, and the cave library."""

from __future__ import annotations

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
