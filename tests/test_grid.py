"""Property tests of the shared grid toolkit (worldgen/toolkit/grid/).

Every whole-array function is compared with a plain pure-Python reference
(brute-force counts, breadth-first flood fill) on random small grids, both
connectivities, both ``outside`` values, sources as a mask and as a list.
"""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from worldgen.core.steps import finish, finish_with_events
from worldgen.toolkit import grid

# -- references -------------------------------------------------------------

STEPS4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
STEPS8 = STEPS4 + ((-1, -1), (-1, 1), (1, -1), (1, 1))


def steps_for(connectivity):
    return STEPS4 if connectivity == 4 else STEPS8


def ref_neighbour_count(mask, radius, include_centre, outside):
    h, w = len(mask), len(mask[0])
    out = [[0] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            n = 0
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    if dy == 0 and dx == 0 and not include_centre:
                        continue
                    yy, xx = y + dy, x + dx
                    if 0 <= yy < h and 0 <= xx < w:
                        n += bool(mask[yy][xx])
                    else:
                        n += bool(outside)
            out[y][x] = n
    return out


def ref_label(mask, connectivity):
    """Flood fill from each unlabelled True cell in row-major order."""
    h, w = len(mask), len(mask[0])
    lab = [[0] * w for _ in range(h)]
    count = 0
    for y in range(h):
        for x in range(w):
            if mask[y][x] and not lab[y][x]:
                count += 1
                lab[y][x] = count
                todo = deque([(y, x)])
                while todo:
                    cy, cx = todo.popleft()
                    for dy, dx in steps_for(connectivity):
                        ny, nx = cy + dy, cx + dx
                        if 0 <= ny < h and 0 <= nx < w and mask[ny][nx] and not lab[ny][nx]:
                            lab[ny][nx] = count
                            todo.append((ny, nx))
    return lab, count


def ref_distance(passable, sources, connectivity):
    """Plain BFS; sources count as starts even on impassable cells."""
    h, w = len(passable), len(passable[0])
    dist = [[-1] * w for _ in range(h)]
    todo = deque()
    for y, x in sources:
        if dist[y][x] < 0:
            dist[y][x] = 0
            todo.append((y, x))
    while todo:
        cy, cx = todo.popleft()
        for dy, dx in steps_for(connectivity):
            ny, nx = cy + dy, cx + dx
            if 0 <= ny < h and 0 <= nx < w and passable[ny][nx] and dist[ny][nx] < 0:
                dist[ny][nx] = dist[cy][cx] + 1
                todo.append((ny, nx))
    return dist


# -- strategies --------------------------------------------------------------

shapes = st.tuples(st.integers(1, 14), st.integers(1, 14))
masks = shapes.flatmap(lambda s: arrays(bool, s))
connectivities = st.sampled_from([4, 8])


@st.composite
def grids_with_sources(draw):
    mask = draw(masks)
    h, w = mask.shape
    cells = draw(st.lists(st.tuples(st.integers(0, h - 1), st.integers(0, w - 1)),
                          min_size=1, max_size=4))
    return mask, cells


# -- neighbour_count ---------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(masks, st.integers(0, 9), st.booleans(), st.booleans())
def test_neighbour_count_matches_brute_force(mask, radius, include_centre, outside):
    got = grid.neighbour_count(mask, radius, include_centre=include_centre, outside=outside)
    assert got.dtype == np.int32 and got.shape == mask.shape
    assert got.tolist() == ref_neighbour_count(mask.tolist(), radius, include_centre, outside)


def test_neighbour_count_large_radius_uses_same_counts():
    rng = np.random.default_rng(5)
    mask = rng.random((40, 30)) < 0.5
    for r in (6, 7, 8, 12):
        got = grid.neighbour_count(mask, r, include_centre=True, outside=True)
        assert got.tolist() == ref_neighbour_count(mask.tolist(), r, True, True)


def test_neighbour_count_rejects_negative_radius():
    with pytest.raises(ValueError):
        grid.neighbour_count(np.zeros((3, 3), bool), -1)


# -- label / largest_region --------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(masks, connectivities)
def test_label_matches_flood_fill(mask, connectivity):
    labels, count = grid.label(mask, connectivity)
    ref, ref_count = ref_label(mask.tolist(), connectivity)
    assert count == ref_count
    assert labels.dtype == np.int32
    assert labels.tolist() == ref  # same numbering: row-major order of first cells


def test_label_on_a_bigger_random_grid_and_a_spiral():
    rng = np.random.default_rng(11)
    for fill in (0.45, 0.6, 0.7):
        mask = rng.random((60, 70)) < fill
        for c in (4, 8):
            labels, count = grid.label(mask, c)
            ref, ref_count = ref_label(mask.tolist(), c)
            assert count == ref_count and labels.tolist() == ref
    spiral = np.zeros((31, 31), bool)  # one long winding region: many union rounds
    y, x, dy, dx = 15, 15, 0, 1
    for n in range(1, 31):
        for _ in range(2):
            for _ in range(n):
                if 0 <= y < 31 and 0 <= x < 31:
                    spiral[y, x] = True
                y, x = y + dy * 1, x + dx * 1
            dy, dx = dx, -dy
    labels, count = grid.label(spiral, 4)
    ref, ref_count = ref_label(spiral.tolist(), 4)
    assert count == ref_count and labels.tolist() == ref


def test_label_empty_and_full():
    assert grid.label(np.zeros((4, 5), bool))[1] == 0
    labels, count = grid.label(np.ones((4, 5), bool), 4)
    assert count == 1 and (labels == 1).all()
    assert grid.label(np.zeros((0, 0), bool))[1] == 0


def test_label_rejects_bad_connectivity():
    with pytest.raises(ValueError):
        grid.label(np.ones((3, 3), bool), 6)
    with pytest.raises(ValueError):
        grid.label(np.zeros((3, 3), bool), 6)
    with pytest.raises(ValueError):
        grid.distance_map(np.ones((3, 3), bool), [(0, 0)], 6)


@settings(max_examples=200, deadline=None)
@given(masks, connectivities)
def test_largest_region_is_the_biggest_first_component(mask, connectivity):
    ref, count = ref_label(mask.tolist(), connectivity)
    got = grid.largest_region(mask, connectivity)
    if count == 0:
        assert not got.any()
        return
    ref = np.array(ref)
    sizes = [int((ref == k).sum()) for k in range(1, count + 1)]
    best = 1 + sizes.index(max(sizes))  # ties: the first in row-major order
    assert np.array_equal(got, ref == best)


# -- distance_map ------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(grids_with_sources(), connectivities, st.booleans())
def test_distance_map_matches_bfs(case, connectivity, as_mask):
    passable, cells = case
    if as_mask:
        sources = np.zeros_like(passable)
        for y, x in cells:
            sources[y, x] = True
    else:
        sources = cells
    got = grid.distance_map(passable, sources, connectivity)
    assert got.dtype == np.int32
    assert got.tolist() == ref_distance(passable.tolist(), cells, connectivity)


@settings(max_examples=150, deadline=None)
@given(grids_with_sources(), connectivities, st.integers(1, 50))
def test_distance_map_steps_slices_the_same_search(case, connectivity, work):
    passable, cells = case
    gen = grid.distance_map_steps(passable, cells, connectivity, work=work)
    dist, reached = finish_with_events(gen)
    assert dist.tolist() == ref_distance(passable.tolist(), cells, connectivity)
    assert reached == sorted(reached)
    assert all(r <= int((dist >= 0).sum()) for r in reached)


def test_distance_map_follows_a_long_winding_path():
    # A serpentine corridor: the search walks every cell one level at a time.
    h, w = 21, 40
    passable = np.zeros((h, w), bool)
    passable[::2, :] = True
    for r in range(1, h, 2):
        passable[r, w - 1 if (r // 2) % 2 == 0 else 0] = True
    dist = grid.distance_map(passable, [(0, 0)], 4)
    assert dist.tolist() == ref_distance(passable.tolist(), [(0, 0)], 4)
    assert grid.farthest_cell(dist) == (h - 1, w - 1)
    assert dist.max() == int(passable.sum()) - 1


def test_distance_map_with_no_sources_and_impassable_source():
    passable = np.ones((3, 3), bool)
    assert (grid.distance_map(passable, np.zeros((3, 3), bool)) == -1).all()
    passable[1, 1] = False
    dist = grid.distance_map(passable, [(1, 1)], 4)
    assert dist[1, 1] == 0 and dist[0, 1] == 1 and dist[0, 0] == 2


# -- farthest_cell, line_cells, dig, border_mask, offsets ---------------------

@settings(max_examples=100, deadline=None)
@given(shapes.flatmap(lambda s: arrays(np.int32, s, elements=st.integers(-1, 5))))
def test_farthest_cell_first_maximum_in_row_major_order(dist):
    y, x = grid.farthest_cell(dist)
    flat = dist.ravel().tolist()
    assert y * dist.shape[1] + x == flat.index(max(flat))


@settings(max_examples=200, deadline=None)
@given(st.tuples(st.integers(-20, 20), st.integers(-20, 20)),
       st.tuples(st.integers(-20, 20), st.integers(-20, 20)))
def test_line_cells_is_a_4_connected_path(a, b):
    cells = grid.line_cells(a, b)
    assert tuple(cells[0]) == a and tuple(cells[-1]) == b
    assert len(cells) == abs(a[0] - b[0]) + abs(a[1] - b[1]) + 1
    steps = np.abs(np.diff(cells, axis=0)).sum(axis=1)
    assert (steps == 1).all()
    # Never strays outside the bounding box.
    assert cells[:, 0].min() >= min(a[0], b[0]) and cells[:, 0].max() <= max(a[0], b[0])
    assert cells[:, 1].min() >= min(a[1], b[1]) and cells[:, 1].max() <= max(a[1], b[1])


@settings(max_examples=100, deadline=None)
@given(masks, st.data())
def test_dig_connects_the_two_cells(floor, data):
    h, w = floor.shape
    a = (data.draw(st.integers(0, h - 1)), data.draw(st.integers(0, w - 1)))
    b = (data.draw(st.integers(0, h - 1)), data.draw(st.integers(0, w - 1)))
    before = floor.copy()
    changed = grid.dig(floor, a, b)
    assert changed == int((floor & ~before).sum())
    assert (floor >= before).all()
    dist = ref_distance(floor.tolist(), [a], 4)
    assert dist[b[0]][b[1]] >= 0


@pytest.mark.parametrize("shape,width", [((5, 7), 1), ((6, 6), 2), ((1, 4), 1), ((3, 3), 2)])
def test_border_mask_marks_the_outer_rings(shape, width):
    got = grid.border_mask(shape, width)
    h, w = shape
    ref = [[y < width or y >= h - width or x < width or x >= w - width for x in range(w)]
           for y in range(h)]
    assert got.tolist() == ref


def test_offsets():
    assert set(grid.offsets(4)) == set(STEPS4)
    assert set(grid.offsets(8)) == set(STEPS8)
    with pytest.raises(ValueError):
        grid.offsets(6)


def test_distance_map_steps_with_a_small_budget_slices_big_levels_the_same():
    """A budget under 4 * _CHUNK expands a level in chunks of work // 4 cells:
    a frontier of thousands of cells (every edge of an open grid) is cut up."""
    rng = np.random.default_rng(3)
    passable = rng.random((90, 80)) < 0.8
    sources = rng.random((90, 80)) < 0.4  # levels 0 and 1 hold thousands of cells
    gen = grid.distance_map_steps(passable, sources, 8, work=4096)
    dist, reached = finish_with_events(gen)
    assert np.array_equal(dist, grid.distance_map(passable, sources, 8))
    assert reached == sorted(reached)
    assert sum(0 < r < int((dist <= 1).sum()) for r in reached) >= 2  # inside level 1


def test_label_steps_in_small_slices_matches_label():
    mask = np.random.default_rng(12).random((60, 45)) < 0.55
    ticks = []
    steps = grid.label_steps(mask, 4, cells=90, tick=lambda: ticks.append(1) or "tick")
    labels, count = finish(steps)
    whole, whole_count = grid.label(mask, 4)
    assert count == whole_count and np.array_equal(labels, whole) and len(ticks) > 60


@pytest.mark.parametrize("connectivity", [4, 8])
def test_distance_map_big_levels_one_direction_at_a_time_match_bfs(connectivity):
    """Levels of _BY_STEP cells or more are expanded one direction at a time
    (no de-duplication pass): checked against the plain breadth-first search."""
    rng = np.random.default_rng(21)
    passable = rng.random((120, 150)) < 0.75
    cells = [(int(y), int(x)) for y, x in zip(rng.integers(0, 120, 150), rng.integers(0, 150, 150))]
    dist = grid.distance_map(passable, cells, connectivity)
    assert np.bincount(dist[dist >= 0]).max() >= grid.distance._BY_STEP  # some big levels
    assert dist.tolist() == ref_distance(passable.tolist(), cells, connectivity)


@pytest.mark.parametrize("connectivity", [4, 8])
@pytest.mark.parametrize("seed", range(4))
def test_distance_map_on_a_walled_grid_needs_no_frame(connectivity, seed):
    """A grid whose outer ring is impassable and holds no source is searched
    without a frame: the same distances, in a fresh array."""
    rng = np.random.default_rng(seed)
    passable = rng.random((30, 41)) < 0.7
    passable[[0, -1], :] = False
    passable[:, [0, -1]] = False
    cells = [(int(y), int(x)) for y, x in zip(rng.integers(1, 29, 5), rng.integers(1, 40, 5))]
    mask = np.zeros_like(passable)
    mask[tuple(np.array(cells).T)] = True
    ref = ref_distance(passable.tolist(), cells, connectivity)
    for sources in (cells, mask):
        dist = grid.distance_map(passable, sources, connectivity)
        assert dist.tolist() == ref
        assert dist.flags.c_contiguous and dist.flags.writeable
    edge = [(0, 5)] + cells                      # a source on the ring: framed again
    assert grid.distance_map(passable, edge, connectivity).tolist() == ref_distance(passable.tolist(), edge, connectivity)


def _distinct_reference(rng, n, k):
    """distinct_indices as it was written first: repeats dropped by a sort (np.unique)."""
    k = min(k, n)
    taken = np.zeros(n, dtype=bool)
    picked, missing = [], k
    for _ in range(32):
        if missing == 0:
            break
        draws = rng.integers(0, n, size=missing + missing // 8 + 8)
        draws = draws[~taken[draws]]
        _, first = np.unique(draws, return_index=True)
        fresh = draws[np.sort(first)][:missing]
        taken[fresh] = True
        picked.append(fresh)
        missing -= fresh.size
    if missing:
        rest = np.flatnonzero(~taken)
        picked.append(rest[rng.permutation(rest.size)[:missing]])
    return np.concatenate(picked) if picked else np.zeros(0, dtype=np.int64)


@pytest.mark.parametrize("n,k", [(10, 4), (10, 10), (1, 1), (5, 0), (1000, 480), (100_000, 3000), (50, 200)])
def test_distinct_indices_keeps_first_draws_in_order(n, k):
    for seed in range(3):
        got = grid.distinct_indices(np.random.default_rng(seed), n, k)
        ref = _distinct_reference(np.random.default_rng(seed), n, k)
        assert got.tolist() == ref.tolist()
        assert len(set(got.tolist())) == min(n, k) and (got < n).all()


@pytest.mark.parametrize("table_dtype,size", [(np.uint8, 256), (np.uint8, 64), (np.uint16, 256), (np.int64, 300)])
def test_lookup_is_the_table_read_at_every_key(table_dtype, size):
    """The byte translation (a byte table of 256 over byte keys) and every other
    case (a take) give ``table[keys]``, shape and dtype included."""
    rng = np.random.default_rng(size)
    table = rng.integers(0, 200, size).astype(table_dtype)
    keys = rng.integers(0, size, (7, 13)).astype(np.uint8 if size <= 256 else np.intp)
    got = grid.lookup(table, keys)
    assert got.dtype == table.dtype and got.shape == keys.shape
    assert np.array_equal(got, table[keys])
    got[0, 0] = 1                                   # a new array, writable, not the table
    assert np.array_equal(grid.lookup(table, keys[::2, ::3]), table[keys[::2, ::3]])   # strided keys
