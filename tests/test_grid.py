"""Property tests of the shared grid toolkit (worldgen/toolkit/grid/).

Every whole-array function is compared with a plain pure-Python reference
(brute-force counts, breadth-first flood fill) on random small grids, both
connectivities, both ``outside`` values, sources as a mask and as a list.
"""

from __future__ import annotations

import hashlib
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


@pytest.mark.parametrize("a,b,cells", [
    ((0, 0), (2, 1), [[0, 0], [1, 0], [1, 1], [2, 1]]),                # the lone x step half-way
    ((0, 0), (1, 3), [[0, 0], [0, 1], [0, 2], [1, 2], [1, 3]]),        # the lone y step half-way
    ((0, 0), (2, 3), [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2], [2, 3]]),
    ((5, 5), (1, 2), [[5, 5], [4, 5], [4, 4], [3, 4], [3, 3], [2, 3], [2, 2], [1, 2]]),   # up and left
    ((3, 7), (3, 4), [[3, 7], [3, 6], [3, 5], [3, 4]]),
    ((3, 2), (0, 2), [[3, 2], [2, 2], [1, 2], [0, 2]]),
])
def test_line_cells_takes_each_step_where_it_falls_along_the_line(a, b, cells):
    """Steps are ordered by where they fall along the line (x and y steps at
    (i + 0.5) / n of their count); on a tie the x step comes first."""
    got = grid.line_cells(a, b)
    assert got.dtype == np.int64 and got.tolist() == cells


@pytest.mark.parametrize("n", [3, 20, 64])
def test_line_cells_on_a_diagonal_is_a_staircase_starting_along_x(n):
    """Every x step ties with a y step: a stable order, x first, however long the line."""
    assert grid.line_cells((0, 0), (n, n)).tolist() == [[k // 2, (k + 1) // 2] for k in range(2 * n + 1)]


def test_pick_cells_serves_groups_in_order_without_sharing_a_cell():
    rng = np.random.default_rng(0)
    groups = grid.pick_cells(rng, np.arange(10), (0, 3, 2, 4))
    assert [len(g) for g in groups] == [0, 3, 2, 4]
    assert len(set(np.concatenate(groups).tolist())) == 9
    short = grid.pick_cells(np.random.default_rng(0), np.arange(5), (2, 0, 2, 3))   # 7 asked of 5
    assert [len(g) for g in short] == [2, 0, 2, 1]
    assert sorted(np.concatenate(short).tolist()) == [0, 1, 2, 3, 4]


def test_flat_to_points_takes_any_shape_of_indices_as_int64_points():
    assert grid.flat_to_points(np.array([[0, 5], [7, 9]]), 4).tolist() == [[0, 0], [1, 1], [3, 1], [1, 2]]
    points = grid.flat_to_points(np.array([0, 5, 7], np.int32), 4)
    assert points.dtype == np.int64 and points.tolist() == [[0, 0], [1, 1], [3, 1]]
    assert grid.flat_to_points(6, 4).tolist() == [[2, 1]]


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


@pytest.mark.parametrize("shape,width", [((5, 7), None), ((5, 7), 1), ((6, 6), 2), ((1, 4), 1), ((3, 3), 2)])
def test_border_mask_marks_the_outer_rings(shape, width):
    got = grid.border_mask(shape) if width is None else grid.border_mask(shape, width)
    h, w = shape
    width = width or 1   # one ring unless told
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


@pytest.mark.parametrize("n,k", [(10, 4), (10, 10), (10, 1), (1, 1), (5, 0), (1000, 480), (100_000, 3000), (50, 200),
                                 (1000, 1000)])
def test_distinct_indices_keeps_first_draws_in_order(n, k):
    """Round by round while k is small; all of n (1000 of 1000) takes the 32 rounds
    of draws and then the permutation of what is left."""
    for seed in range(3):
        got = grid.distinct_indices(np.random.default_rng(seed), n, k)
        ref = _distinct_reference(np.random.default_rng(seed), n, k)
        assert got.tolist() == ref.tolist() and got.dtype == np.int64   # int64 when empty too
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


# -- distance_map_steps: where the slices fall ---------------------------------
# The work is counted, never timed (4 units per cell expanded, 1024 per level, half a
# unit per cell of set-up), so the same search yields at the same places everywhere.

def _slices(passable, sources, connectivity, work, tick=None):
    return finish_with_events(grid.distance_map_steps(passable, sources, connectivity, work=work, tick=tick))


def test_distance_map_steps_relays_tick_of_the_cells_reached():
    passable = np.ones((5, 9), bool)
    plain = _slices(passable, [(2, 4)], 8, 1)[1]
    dist, ticks = _slices(passable, [(2, 4)], 8, 1, tick=lambda n: ("progress", n))
    assert plain == [1, 9, 25, 35, 45]
    assert ticks == [("progress", n) for n in plain]
    assert dist.tolist() == ref_distance(passable.tolist(), [(2, 4)], 8)


@pytest.mark.parametrize("extra,first", [(-1, 1), (0, 1), (1, 1 + 2)])
def test_distance_map_steps_yields_after_set_up_from_a_budget_of_its_cost(extra, first):
    """Setting up costs (h + 2) * (w + 2) // 2 units: a budget of that (or less) yields
    before the first level (only the source reached); one unit more, after it."""
    h, w = 9, 13
    passable = np.zeros((h, w), bool)
    passable[4, :] = True
    _, reached = _slices(passable, [(4, 6)], 4, (h + 2) * (w + 2) // 2 + extra)
    assert reached[0] == first


@pytest.mark.parametrize("work,expected", [(1028, list(range(1, 701))), (1029, list(range(1, 700, 2)))])
def test_distance_map_steps_charges_4_per_cell_and_1024_per_level(work, expected):
    """Along a corridor each level expands one cell: 1028 units.  A budget of 1028
    yields after every level (the one that finds nothing ends the search instead),
    1029 after every second; set-up (1053 units) yields first, with the source alone."""
    _, reached = _slices(np.ones((1, 700), bool), [(0, 0)], 4, work)
    assert reached == expected


def test_a_big_level_yields_between_chunks_not_after_its_last():
    """2048 sources (every other row): each level is expanded in two chunks of 1024
    cells, with a yield between them, none after the last chunk itself, and one at
    the end of a level that found cells (the second finds none: the search ends)."""
    sources = np.zeros((64, 64), bool)
    sources[::2] = True
    dist, reached = _slices(np.ones((64, 64), bool), sources, 4, 1024)
    assert reached == [2048, 3072, 4096, 4096]
    assert (dist == np.arange(64)[:, None] % 2).all()


def test_distance_map_when_every_cell_is_a_source():
    """A first level of thousands of cells that finds nothing ends the search with the map."""
    assert (grid.distance_map(np.ones((40, 40), bool), np.ones((40, 40), bool)) == 0).all()
    assert (grid.distance_map(np.zeros((40, 40), bool), np.ones((40, 40), bool), 8) == 0).all()


@pytest.mark.parametrize("shape,work,expected", [
    ((300, 300), 1000, [0, 1]),      # pieces of 65536 cells at least: 217 rows, then the rest
    ((300, 300), 40000, [0, 1]),     # 2 * work = 80000 cells: 264 rows
    ((300, 300), 1 << 18, []),       # 524288 cells: at once; set-up (45602) under budget
    ((2, 40000), 1000, [0, 1]),      # a row at least per piece
    ((2, 40000), 1 << 18, []),
])
def test_distance_map_steps_sets_a_big_grid_up_in_pieces_of_twice_its_budget(shape, work, expected):
    """Set-up yields (no cell reached yet) between pieces of max(65536, 2 * work) cells,
    then once more when it cost the budget (the source reached, it finds nothing)."""
    dist, reached = _slices(np.zeros(shape, bool), [(0, 0)], 4, work)
    assert reached == expected
    assert dist[0, 0] == 0 and (dist == -1).sum() == dist.size - 1


def test_distance_map_marks_unreached_cells_in_every_set_up_piece():
    """A framed 434-row grid is set up in two pieces of 217 rows: every unreached
    cell of both reads -1 (a search that reached every cell ran first, so memory
    reused from it holds no -1)."""
    shape = (434, 300)
    assert (grid.distance_map(np.ones(shape, bool), np.ones(shape, bool)) == 0).all()
    dist = finish(grid.distance_map_steps(np.zeros(shape, bool), [(0, 0)], 4, work=1000))
    assert dist[0, 0] == 0 and int((dist == -1).sum()) == dist.size - 1


def _scattered(seed, shape, count):
    """``count`` distinct random cells of ``shape`` as a mask."""
    mask = np.zeros(shape[0] * shape[1], bool)
    mask[np.random.default_rng(seed).choice(mask.size, count, replace=False)] = True
    return mask.reshape(shape)


#: Maps whose searches take every path of distance_map_steps: an open field from
#: few sources (levels grow past _BY_STEP and are chunked), a cave (hundreds of
#: small levels, set up in pieces), 1024 scattered sources (a first level of
#: exactly _BY_STEP cells) and a dense field (levels of several chunks).
SLICE_MAPS = {
    "open": lambda: (np.ones((120, 130), bool), np.random.default_rng(1).random((120, 130)) < 0.02),
    "cave": lambda: (np.random.default_rng(1).random((300, 300)) < 0.62, [(150, 150), (10, 290)]),
    "scattered": lambda: (np.ones((100, 100), bool), _scattered(5, (100, 100), 1024)),
    "dense": lambda: (np.ones((100, 100), bool), np.random.default_rng(2).random((100, 100)) < 0.45),
}

#: sha256 of the cells reached at each yield and the distances, per (map,
#: connectivity, work).  After a deliberate change: run slices_golden() and paste.
SLICES = {
    ('open', 4, 1): "53e3bde1208ee42a84bfe264396d25e6af865cb7aad44976a330a1a532078730",
    ('open', 4, 4096): "fb3523bfdd2f289beb242fd77aa410fc91435a057fbbb9a3d0ac0721b021da42",
    ('open', 4, 5000): "d84c1268e8c402a451a0eb767f464630809f69a34e6ad20e23f551f43087cccb",
    ('open', 8, 20000): "b13337000e1cd111d2deedbc22fdd9fe35989234cc9b5f50197cfc719104a263",
    ('cave', 4, 5000): "713b6c880b1b87e9ef191a14978e86dd80ffa488124a48602666c66537e62493",
    ('cave', 8, 40000): "397dabc4d6605134969dd5f5ed7cf5d8b5a13ef97868ae96e311aefecc8e3228",
    ('cave', 4, 1 << 18): "a539ac0e3f3d6185432c8c0559bb8fa055eaf4cc7f31c32a232152d0149a9e92",
    ('scattered', 4, 1): "cddfcd5a98f38829a27aa202d3331e3437ea2e342d3312b15abbbdbb59f9e372",
    ('scattered', 8, 1): "350f395d6f0b6c62c1313fcebb09c7e8d606a7eb2a8cbf6e2370079cfbe90dba",
    ('dense', 4, 4097): "392f283f71e96a74c279052e4b67b6a848a2b7f997c92d66b7bdc44e38d74151",
}


def _slice_digest(key):
    name, connectivity, work = key
    passable, sources = SLICE_MAPS[name]()
    dist, reached = _slices(passable, sources, connectivity, work)
    return hashlib.sha256(repr(reached).encode() + dist.tobytes()).hexdigest()


def slices_golden():
    for key in SLICES:
        print(f"    {key!r}: \"{_slice_digest(key)}\",")


@pytest.mark.parametrize("key", list(SLICES))
def test_distance_map_steps_slices_are_the_same_everywhere(key):
    assert _slice_digest(key) == SLICES[key]


@pytest.mark.parametrize("cell,on_ring", [((0, 3), True), ((5, 3), True), ((2, 0), True), ((2, 6), True),
                                          ((1, 3), False), ((4, 3), False), ((2, 1), False), ((2, 5), False)])
def test_a_search_is_framed_only_when_the_outer_ring_is_open_or_holds_a_source(cell, on_ring):
    """A frame of one wall is added (a copy of the map) when a passable cell or a
    source lies on the outer ring, each side alone; one cell in from it needs none."""
    inner = (3, 3)
    open_cell = np.zeros((6, 7), bool)
    open_cell[cell] = True
    as_mask = open_cell.copy()
    cases = [(open_cell, [inner]),                        # a passable cell there
             (np.zeros((6, 7), bool), as_mask),           # a source there, as a mask
             (np.zeros((6, 7), bool), [cell])]            # a source there, as a cell
    for passable, sources in cases:
        assert grid.distance._Search(passable, sources, 4).pad == int(on_ring)
        cells = [tuple(c) for c in np.argwhere(sources)] if isinstance(sources, np.ndarray) else sources
        assert grid.distance_map(passable, sources, 8).tolist() == ref_distance(passable.tolist(), cells, 8)


def test_lookup_takes_the_byte_path_only_for_a_byte_table_of_256_over_byte_keys():
    """Wider keys into a byte table of 256, and byte keys into a byte table of 257
    entries, are plain takes (a byte translation needs both bytes and 256 entries)."""
    table = (np.arange(256) * 7 % 251).astype(np.uint8)
    keys = np.array([[0, 255, 3], [200, 1, 7]])
    for wide in (np.int64, np.uint16, np.intp):
        assert np.array_equal(grid.lookup(table, keys.astype(wide)), table[keys])
    longer = np.append(table, np.uint8(9))
    assert np.array_equal(grid.lookup(longer, keys.astype(np.uint8)), longer[keys])


def test_label_steps_ticks_once_per_band_of_rows_in_each_pass():
    """Bands of max(1, cells // width) rows, once to find the runs and once to label
    them (rows apart: no union rounds); a mask one cell wide counts its width as 1."""
    for shape, cells, ticks in [((10, 5), 3, 20), ((10, 5), 10, 10), ((10, 1), 3, 8), ((10, 5), 1 << 18, 2)]:
        mask = np.zeros(shape, bool)
        mask[::2] = True
        seen = []
        labels, count = finish(grid.label_steps(mask, 4, cells=cells, tick=lambda: seen.append(1)))
        assert len(seen) == ticks
        assert count == 5 and labels[::2, 0].tolist() == [1, 2, 3, 4, 5]


def test_label_reads_any_nonzero_cell_as_part_of_a_region():
    """A byte map is a mask of its nonzero cells (2 and 255 as much as 1)."""
    tiles = np.array([[2, 2, 0, 255], [0, 2, 0, 1], [1, 0, 0, 7]], np.uint8)
    for connectivity in (4, 8):
        labels, count = grid.label(tiles, connectivity)
        expected = grid.label(tiles != 0, connectivity)
        assert count == expected[1] and np.array_equal(labels, expected[0])
    assert np.array_equal(grid.neighbour_count(tiles), grid.neighbour_count(tiles != 0))
    assert np.array_equal(grid.neighbour_count(tiles, 8), grid.neighbour_count(tiles != 0, 8))   # the summed-area path
    region = grid.largest_region(tiles)
    assert region.dtype == bool and region.tolist() == [[1, 1, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]]


def test_largest_region_is_4_connected_unless_told_and_a_mask_of_the_map_shape():
    diagonal = np.eye(4, dtype=bool)
    diagonal[0, 1] = True
    assert grid.largest_region(diagonal).tolist() == grid.largest_region(diagonal, 4).tolist()
    assert grid.largest_region(diagonal).sum() == 3 and grid.largest_region(diagonal, 8).sum() == 5
    for empty in (np.zeros((3, 5), bool), np.zeros((3, 5), np.uint8)):
        got = grid.largest_region(empty)
        assert got.dtype == bool and got.shape == (3, 5) and not got.any()


def test_grid_errors_say_what_was_wrong():
    with pytest.raises(ValueError, match="connectivity must be 4 or 8, got 6"):
        grid.offsets(6)
    with pytest.raises(ValueError, match="radius must be >= 0, got -1"):
        grid.neighbour_count(np.zeros((3, 3), bool), -1)
    with pytest.raises(ValueError, match="a 4-connected count has radius 1, got 2"):
        grid.neighbour_count(np.zeros((3, 3), bool), 2, connectivity=4)
    with pytest.raises(ValueError, match=r"label needs a 2-D mask, got shape \(3,\)"):
        grid.label(np.ones(3, bool))
