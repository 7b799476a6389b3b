"""Tests for worldgen/toolkit/bitgrid.py: every bitset operation against a plain numpy
reference on random grids (including one-row and one-column ones)."""

from __future__ import annotations

import numpy as np
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
    try:
        g.fill_dead_ends(corridor, 0.5)
    except ValueError:
        pass
    else:
        raise AssertionError("keep > 0 without an rng must be refused")


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
