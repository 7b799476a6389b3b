"""Tests for worldgen/toolkit/bitgrid.py: every bitset operation against a plain numpy
reference on random grids (including one-row and one-column ones)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.toolkit import grid
from worldgen.toolkit.bitgrid import BitGrid, bit_indices

grids = st.tuples(st.integers(0, 2**32 - 1), st.integers(1, 12), st.integers(1, 12),
                  st.floats(0.1, 0.9))


def random_mask(seed, h, w, density):
    return np.random.default_rng(seed).random((h, w)) < density


def drain(gen, events=None):
    """Run a generator to its end; its value (what it yields goes to ``events``)."""
    while True:
        try:
            item = next(gen)
        except StopIteration as stop:
            return stop.value
        if events is not None:
            events.append(item)


def shifted(m, dy, dx):
    """Each cell's neighbour at (dy, dx), False beyond the edge."""
    h, w = m.shape
    out = np.zeros_like(m)
    ys, xs = slice(max(dy, 0), h + min(dy, 0)), slice(max(dx, 0), w + min(dx, 0))
    yd, xd = slice(max(-dy, 0), h + min(-dy, 0)), slice(max(-dx, 0), w + min(-dx, 0))
    out[yd, xd] = m[ys, xs]
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 20_000), st.sampled_from([0.0005, 0.01, 0.3, 0.9]))
def test_bit_indices_lists_every_set_bit_of_short_and_long_ints(seed, n, density):
    """Ints past ``LONG_BITS`` with many bits set are read by their bytes:
    the same list, lowest first, as reading bit by bit."""
    m = np.random.default_rng(seed).random(n) < density
    bits = int.from_bytes(np.packbits(m, bitorder="little").tobytes(), "little")
    assert bit_indices(bits) == np.flatnonzero(m).tolist()


@settings(max_examples=80, deadline=None)
@given(grids)
def test_conversions_and_neighbourhoods_match_numpy(case):
    seed, h, w, density = case
    m = random_mask(seed, h, w, density)
    g = BitGrid(w, h)
    bits = g.from_mask(m)
    assert np.array_equal(g.to_mask(bits), m)
    assert g.indices(bits).tolist() == np.flatnonzero(m).tolist() == bit_indices(bits)
    assert g.from_cells([tuple(c) for c in np.argwhere(m).tolist()]) == bits
    assert g.from_indices(np.flatnonzero(m).tolist()) == bits
    inner = np.zeros_like(m)
    inner[1:-1, 1:-1] = True
    assert np.array_equal(g.to_mask(g.inner), inner)
    n, s, west, east = (shifted(m, dy, dx) for dy, dx in grid.offsets(4))
    assert [g.to_mask(b).tolist() for b in g.sides(bits)] == [a.tolist() for a in (n, s, west, east)]
    assert np.array_equal(g.to_mask(g.dilate(bits, 4)), grid.dilate(m, 4))
    assert np.array_equal(g.to_mask(g.dilate(bits, 8)), grid.dilate(m, 8))
    count = n.astype(int) + s + west + east
    assert np.array_equal(g.to_mask(g.dead_ends(bits)), m & (count <= 1))
    across, down = west & east & ~n & ~s, n & s & ~west & ~east
    assert np.array_equal(g.to_mask(g.passages(bits)), across | down)
    assert [g.to_mask(p).tolist() for p in g.passage_parts(bits)] == [across.tolist(), down.tolist()]


@settings(max_examples=80, deadline=None)
@given(grids, st.sampled_from([4, 8]))
def test_levels_and_distances_match_the_breadth_first_search(case, connectivity):
    seed, h, w, density = case
    m = random_mask(seed, h, w, density)
    g = BitGrid(w, h)
    source = (int(seed % h), int(seed // h % w))
    ref = grid.distance_map(m, [source], connectivity)
    levels = drain(g.levels(g.from_mask(m), g.from_cells([source]), connectivity))
    for k, front in enumerate(levels):
        assert np.array_equal(g.to_mask(front), ref == k)
    assert np.array_equal(g.distances(levels), ref)
    again, unreached = drain(g.search(g.from_mask(m), g.from_cells([source]), connectivity))
    assert again == levels and np.array_equal(g.to_mask(unreached), m & (ref < 0))


@settings(max_examples=60, deadline=None)
@given(grids)
def test_levels_without_wrap_masks_when_the_side_columns_are_closed(case):
    """With nothing passable in the first and last column (a dungeon's edge),
    the 8-way search skips its wrap masks: same levels, same ticks."""
    seed, h, w, density = case
    m = random_mask(seed, h, w + 2, density)
    m[:, [0, -1]] = False
    g = BitGrid(w + 2, h)
    source = (int(seed % h), 1 + int(seed // h % w))
    m[source] = True
    ref = grid.distance_map(m, [source], 8)
    ticks = []
    levels = drain(g.levels(g.from_mask(m), g.from_cells([source]), 8, work=3 * g.n, tick=lambda: 1), ticks)
    assert [g.to_mask(front).tolist() for front in levels] == [(ref == k).tolist() for k in range(len(levels))]
    assert (ref < len(levels)).all() and np.array_equal(g.distances(levels), ref)
    assert len(ticks) == (len(levels) - 1) // 3


def test_levels_slices_by_counted_work():
    g = BitGrid(30, 1)
    ticks = []
    levels = drain(g.levels(g.all, 1, 4, work=60, tick=lambda: "tick"), ticks)
    assert len(levels) == 30 and ticks == ["tick"] * 14  # a slice per two levels of 30 cells
    assert drain(g.levels(g.all, 1, 4), ticks) == levels and len(ticks) == 14


def test_fill_dead_ends_keeps_drawn_tips_with_their_corridors():
    g = BitGrid(7, 3)
    corridor = g.from_cells([(1, x) for x in range(7)])
    assert g.fill_dead_ends(corridor) == 0
    kept = g.fill_dead_ends(corridor, 1.0, np.random.default_rng(0))
    assert kept == corridor
    with pytest.raises(ValueError, match=r"^keep > 0 needs an rng$"):
        g.fill_dead_ends(corridor, 0.5)


@settings(max_examples=80, deadline=None)
@given(grids)
def test_planes_agree_with_distances(case):
    seed, h, w, density = case
    m = random_mask(seed, h, w, density)
    g = BitGrid(w, h)
    levels = drain(g.levels(g.from_mask(m), g.from_cells([(int(seed % h), int(seed // h % w))]), 8))
    dist = g.distances(levels)
    assert np.array_equal(dist, grid.distance_map(m, [(int(seed % h), int(seed // h % w))], 8))
    reached, planes = drain(g.level_planes(levels))
    assert np.array_equal(g.to_mask(reached), dist >= 0)
    for j, plane in enumerate(planes):
        assert np.array_equal(g.to_mask(plane), (dist >= 0) & (dist >> j & 1 == 1))
    ticks = []
    assert drain(g.level_planes(levels, work=g.n, tick=lambda: 1), ticks) == (reached, planes)
    assert len(ticks) >= len(levels) // 2


def test_from_mask_reads_any_array_by_truth():
    """A mask of another dtype (0/1 floats, counts) is read as ``bool``:
    every nonzero cell is set."""
    g = BitGrid(3, 2)
    assert g.from_mask(np.array([[0.0, 2.5, 0.0], [1.0, 0.0, -1.0]])) == 0b101_010
    assert g.from_mask([[0, 3, 0], [1, 0, 0]]) == 0b001_010


def test_dilate_refuses_a_connectivity_other_than_4_or_8_by_name():
    with pytest.raises(ValueError, match=r"^connectivity must be 4 or 8, got 6$"):
        BitGrid(3, 3).dilate(1, 6)


def test_fill_dead_ends_keeps_a_tip_whose_draw_is_below_keep_not_at_it():
    """A dead end survives when its draw is strictly below ``keep``: at a
    chance equal to the draw it goes, one float above it stays (seed 1 draws
    0.5118... for the west tip, 0.9504... for the east one)."""
    g = BitGrid(5, 1)
    draw = np.random.default_rng(1).random()
    assert g.fill_dead_ends(0b11111, draw, np.random.default_rng(1)) == 0
    assert g.fill_dead_ends(0b11111, float(np.nextafter(draw, 1.0)), np.random.default_rng(1)) == 0b1


def test_fill_dead_ends_peels_the_lone_cell_of_a_one_cell_grid():
    """The pass bound (the cell count, and one more) still lets a grid of
    one cell take its only pass."""
    assert BitGrid(1, 1).fill_dead_ends(1) == 0


def test_fill_dead_ends_steps_tick_each_time_work_cells_were_spent():
    """A 9-cell corridor peels in 5 passes of 9 cell-steps each: with
    ``work`` 10 a slice ends after passes 2 and 4 (the count starts at 0 and
    starts again after each tick); without ``work`` nothing is yielded, and
    nothing stops the peeling short (``least`` 0)."""
    g = BitGrid(9, 1)
    events = []
    assert drain(g.fill_dead_ends_steps(g.all), events) == 0 and events == []
    assert drain(g.fill_dead_ends_steps(g.all, work=10, tick=lambda: "tick"), events) == 0
    assert events == ["tick", "tick"]
    events.clear()
    assert drain(g.fill_dead_ends_steps(g.all, work=10), events) == 0 and events == [None, None]


def test_level_planes_yield_only_with_work_every_per_pairs():
    """Ten levels (a corridor walked from its west end): with ``work`` four
    times the cells a slice is two pairs, so the first pairing (five pairs)
    ticks three times and the second (two pairs) once; the planes are the
    same as without ``work``, which yields nothing."""
    g = BitGrid(10, 1)
    levels = [1 << k for k in range(10)]
    events = []
    reached, planes = drain(g.level_planes(levels), events)
    assert events == [] and reached == g.all
    assert [bit_indices(p) for p in planes] == [[1, 3, 5, 7, 9], [2, 3, 6, 7], [4, 5, 6, 7], [8, 9]]
    assert drain(g.level_planes(levels, work=4 * g.n, tick=lambda: "tick"), events) == (reached, planes)
    assert events == ["tick"] * 4
    events.clear()
    assert drain(g.level_planes(levels, work=4 * g.n), events) == (reached, planes)
    assert events == [None] * 4


def test_search_without_work_yields_nothing_on_either_path():
    """The 8-way search with closed side columns (no wrap masks) and the
    4-way one both run to their end in one go when no ``work`` is given."""
    g = BitGrid(12, 1)
    inner = g.all & ~1 & ~(1 << 11)
    for connectivity in (8, 4):
        events = []
        levels, unreached = drain(g.search(inner, 0b10, connectivity), events)
        assert events == [] and unreached == 0
        assert [bit_indices(f) for f in levels] == [[k] for k in range(1, 11)]


def test_search_slices_both_paths_alike_by_counted_work():
    """On one row the 8-way search (side columns closed: the path without
    wrap masks) and the 4-way one (the masked path) give the same 9 levels
    past the source; with ``work`` one more than the 12 cells each slice is
    two levels: 4 ticks, each ``tick()``'s value, or None without a tick."""
    g = BitGrid(12, 1)
    inner = g.all & ~1 & ~(1 << 11)
    for connectivity in (8, 4):
        for tick, want in ((lambda: "tick", "tick"), (None, None)):
            events = []
            levels = drain(g.levels(inner, 0b10, connectivity, work=g.n + 1, tick=tick), events)
            assert len(levels) == 10 and events == [want] * 4


def test_four_way_search_never_steps_diagonally_even_with_closed_side_columns():
    """Two cells touching only at a corner, away from the side columns: the
    8-way search reaches the second in one step, the 4-way one never."""
    g = BitGrid(5, 3)
    a, b = g.from_cells([(0, 1)]), g.from_cells([(1, 2)])
    assert drain(g.search(a | b, a, 8)) == ([a, b], 0)
    assert drain(g.search(a | b, a, 4)) == ([a], b)
