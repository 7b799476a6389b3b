"""Tests for first-passage growth (worldgen/toolkit/growth.py), the engine of ``biomes``.

The map-level promises (every tile claimed, the look) are in
tests/test_biomes.py with the goldens; here: the byte pool gives exactly the
generator's own bytes, the delays round and clip the chance as documented,
:func:`grow` claims every reachable blank cell once, each with the type of a
neighbour claimed before it, exactly when its wait falls due, and both
functions give pinned bytes for fixed inputs (mutation testing leans on those:
docs/TESTING.md).
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from worldgen.generators.biomes import FRAME, pad_frame, padded_index
from worldgen.toolkit import growth


@pytest.mark.parametrize("block", [1, 3, 64, 1 << 14])
def test_random_bytes_are_the_generators_bytes(monkeypatch, block):
    monkeypatch.setattr(growth.RandomBytes, "BLOCK", block)
    sizes = np.random.default_rng(0).integers(0, 300, 200).tolist() + [1, 2, 3, 4, 5, 4000]
    a = np.random.default_rng(11)
    b = growth.RandomBytes(np.random.default_rng(11))
    for n in sizes:
        got = b(n)
        assert got.dtype == np.uint8 and got.size == n
        assert got.tobytes() == a.bytes(n)


def test_neighbour_steps_reach_the_eight_neighbours_of_a_padded_grid():
    w = 5
    grid = np.zeros((4, w + 2), dtype=np.int64)
    centre = 2 * (w + 2) + 3
    grid.ravel()[centre + growth.neighbour_steps(w)] = 1
    assert grid[1:4, 2:5].sum() == 8 and grid[2, 3] == 0


def grown(h, w, seed, blocked_share=0.2):
    rng = np.random.default_rng(seed)
    tiles = np.zeros((h, w), dtype=np.uint8)
    blocked = rng.random((h, w)) < blocked_share
    tiles[blocked] = 200                                   # never claimed
    free = np.flatnonzero(~blocked.ravel())
    seeds = rng.choice(free, size=min(5, free.size), replace=False)
    tiles.ravel()[seeds] = rng.integers(1, 6, seeds.size)
    padded = pad_frame(tiles)
    before = padded.copy()
    delays = rng.integers(1, growth.MAX_DELAY + 1, padded.size).astype(np.uint8)
    claims = list(growth.grow(padded.ravel(), padded_index(seeds, w), delays, w, np.random.default_rng(seed)))
    return before, padded, claims


@pytest.mark.parametrize("seed", range(6))
def test_grow_claims_each_reachable_blank_once_with_a_neighbours_type(seed):
    before, after, claims = grown(23, 31, seed)
    blank = before == 0
    assert np.array_equal(after[~blank], before[~blank])          # seeds, blocks and frame kept
    filled = blank & (after != 0)
    assert sum(claims) == int(filled.sum())
    # Whatever stays blank is cut off from every seed by blocked cells.
    reach = (before != 0) & (before != 200) & (before != FRAME)
    for _ in range(after.size):
        grown_reach = reach.copy()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                grown_reach[1:-1, 1:-1] |= reach[1 + dy:after.shape[0] - 1 + dy, 1 + dx:after.shape[1] - 1 + dx]
        grown_reach &= (before == 0) | reach
        if np.array_equal(grown_reach, reach):
            break
        reach = grown_reach
    assert np.array_equal(filled, reach & blank)
    # Every claimed cell has an 8-neighbour of its type (its toucher).
    ys, xs = np.nonzero(filled)
    for y, x in zip(ys, xs):
        box = after[y - 1:y + 2, x - 1:x + 2].copy()
        box[1, 1] = 0
        assert (box == after[y, x]).any()


def test_grow_is_deterministic_and_seed_dependent():
    a, b, c = grown(20, 20, 1), grown(20, 20, 1), grown(20, 20, 1, blocked_share=0.0)
    assert np.array_equal(a[1], b[1]) and a[2] == b[2]
    assert not np.array_equal(a[1], c[1])


def test_delays_in_slices_equal_delays_at_once():
    t = np.random.default_rng(4).integers(1 << 10, 1 << 24, 1001).astype(np.uint32)
    whole = growth.growth_delays(t, np.random.default_rng(8))
    for cells in (4, 8, 500, 1 << 18):
        gen = growth.growth_delays_steps(t, np.random.default_rng(8), cells=cells, tick=lambda: "tick")
        ticks = []
        try:
            while True:
                ticks.append(next(gen))
        except StopIteration as done:
            assert np.array_equal(done.value, whole)
        assert ticks == ["tick"] * -(-t.size // cells)
    with pytest.raises(ValueError):
        next(growth.growth_delays_steps(t, np.random.default_rng(8), cells=6))


def test_grow_with_many_seeds_and_touches_from_every_side():
    """12,000 seeds on 200x200: > 65,536 touches in the first loop, many cells
    touched from several sides at once (each must be booked exactly once)."""
    h = w = 200
    rng = np.random.default_rng(5)
    seeds = rng.choice(h * w, size=12_000, replace=False)
    tiles = np.zeros((h, w), dtype=np.uint8)
    tiles.ravel()[seeds] = rng.integers(1, 6, seeds.size)
    padded = pad_frame(tiles)
    delays = rng.integers(1, growth.MAX_DELAY + 1, padded.size).astype(np.uint8)
    frontier = padded_index(seeds, w)
    runs = []
    for _ in range(2):
        grid = padded.copy()
        claims = list(growth.grow(grid.ravel(), frontier, delays, w, np.random.default_rng(6)))
        runs.append((grid, claims))
    (after, claims), (again, claims_again) = runs
    assert np.array_equal(after, again) and claims == claims_again
    inner = after[1:-1, 1:-1]
    assert (inner != 0).all() and sum(claims) == h * w - seeds.size
    assert np.array_equal(inner.ravel()[seeds], tiles.ravel()[seeds])
    # Every grown tile has an 8-neighbour of its type (its toucher).
    same = np.zeros_like(inner, dtype=bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                same |= after[1 + dy:h + 1 + dy, 1 + dx:w + 1 + dx] == inner
    grown_cells = np.ones(h * w, dtype=bool)
    grown_cells[seeds] = False
    assert same.ravel()[grown_cells].all()


def test_random_bytes_draw_a_new_block_only_when_a_request_runs_past_the_pool():
    """A request that ends exactly on the pool's last word is served from the pool (the generator
    has drawn one block); a byte more draws the next block."""
    block = growth.RandomBytes.BLOCK
    for extra, blocks in ((0, 1), (1, 2)):
        rng, ref = np.random.default_rng(6), np.random.default_rng(6)
        take = growth.RandomBytes(rng)
        take(4)
        take(4 * (block - 1) + extra)
        for _ in range(blocks):
            ref.integers(0, 1 << 32, size=block, dtype=np.uint32)
        assert rng.bit_generator.state == ref.bit_generator.state


@pytest.mark.parametrize("cells", [0, -4, 6])
def test_delays_in_slices_refuse_a_slice_that_is_not_a_positive_multiple_of_four(cells):
    with pytest.raises(ValueError, match="cells must be a positive multiple of 4"):
        growth.growth_delays_steps(np.zeros(8, np.uint32), np.random.default_rng(0), cells=cells).__next__()


def test_a_flush_files_no_empty_piece_for_a_loop_nothing_falls_due_in():
    """Bookings due in loops 5 and 7 of the next four (4..7): pieces for loops 5 and 7, and the
    ring slots of loops 4 and 6 stay empty (an empty piece would stop the ring there)."""
    ring = [[] for _ in range(8)]
    far = [np.array([(7 << 40) | 3, (5 << 40) | 1, (5 << 40) | 2])]
    growth._flush(far, ring, 4, 4)
    assert [[p.tolist() for p in slot] for slot in ring[4:8]] == [[], [[1, 2]], [], [[3]]]
    assert far == []


def test_random_bytes_keep_a_zero_word_of_the_stream():
    """A generator state whose next 64-bit output is 0 (PCG64's state stepped to equal halves):
    the pool's first two words are 0, as ``Generator.bytes`` gives them (a draw from 1 up would
    throw the zero word away and shift every byte after it)."""
    mult, rng = 0x2360ED051FC65DA44385DF649FCCF645, np.random.default_rng(0)
    state = rng.bit_generator.state
    equal_halves = (0x0123456789ABCDEF << 64) | 0x0123456789ABCDEF
    state["state"]["state"] = (equal_halves - state["state"]["inc"]) * pow(mult, -1, 1 << 128) % (1 << 128)
    a, b = np.random.default_rng(0), np.random.default_rng(0)
    a.bit_generator.state = b.bit_generator.state = state
    got = growth.RandomBytes(b)(16)
    assert got[:8].tolist() == [0] * 8 and got.tobytes() == a.bytes(16)


# --------------------------------------------------------------------------- delays

#: growth_delays of these thresholds (chance x 2**24: none, the rounding edges, chance 1, beyond)
#: with default_rng(7); after a deliberate change: print(growth.growth_delays(EDGE_THRESHOLDS, np.random.default_rng(7)).tolist())
EDGE_THRESHOLDS = np.array([0, 1, (1 << 15) - 1, 1 << 15, 1 << 16, 3 << 15, 1 << 20, 1 << 22, 1 << 23, 3 << 22,
                            (1 << 24) - (1 << 15) - 1, (1 << 24) - (1 << 15), 1 << 24, 1 << 25], dtype=np.uint32)
EDGE_DELAYS = [255, 33, 29, 1, 255, 255, 31, 2, 2, 1, 1, 1, 1, 1]


def test_delays_of_fixed_thresholds_and_seed_are_pinned():
    """Same thresholds and seed, same bytes: a few edges as literals, 5000 random chances (some
    above 1) by digest.  After a deliberate change, print the new values and say why."""
    assert growth.growth_delays(EDGE_THRESHOLDS, np.random.default_rng(7)).tolist() == EDGE_DELAYS
    t = np.random.default_rng(4).integers(0, (1 << 24) + (1 << 20), 5000).astype(np.uint32)
    d = growth.growth_delays(t, np.random.default_rng(9))
    assert hashlib.sha256(d.tobytes()).hexdigest() == "e8c793767bad3174adc68f2e240c162e5cabe6c9d8feee7756e07f608dd6775a"


def delays_at(threshold, n=256, seed=3):
    return growth.growth_delays(np.full(n, threshold, np.uint32), np.random.default_rng(seed))


@pytest.mark.parametrize("k", [1, 2, 37])
def test_delays_round_the_chance_to_the_nearest_256th(k):
    """A threshold draws with chance k/256 from half a 256th below k/256 up to just under half
    above it; the next 256th draws other delays from the same generator."""
    at_k, at_next = delays_at(k << 16), delays_at((k + 1) << 16)
    assert not np.array_equal(at_k, at_next)
    assert np.array_equal(delays_at((k << 16) - (1 << 15)), at_k)
    assert np.array_equal(delays_at((k << 16) + (1 << 15) - 1), at_k)
    assert np.array_equal(delays_at((k << 16) + (1 << 15)), at_next)


def test_delays_clip_the_chance_to_one_256th_and_to_certainty():
    """Under half a 256th (even 0) draws as 1/256: long waits, not all MAX_DELAY; a chance of 1 or
    more (thresholds past 2**24 included) waits exactly one loop."""
    assert np.array_equal(delays_at(0), delays_at(1 << 16))
    assert np.array_equal(delays_at((1 << 15) - 1), delays_at(1 << 16))
    assert 100 < np.median(delays_at(0)) < growth.MAX_DELAY
    for t in ((1 << 24) - (1 << 15), 1 << 24, (1 << 24) + (1 << 15), 1 << 25, 1 << 31):
        assert (delays_at(t) == 1).all()


# --------------------------------------------------------------------------- grow, exactly


def race(left_wait, right_wait):
    """A one-row corridor, type 1 at the left end and 2 at the right, five blank cells between
    with the delays ``left_wait`` (first two), 1 (the middle one), ``right_wait`` (last two):
    the middle cell goes to the side whose second cell is claimed (and touches it) first."""
    tiles = np.array([[1, 0, 0, 0, 0, 0, 2]], dtype=np.uint8)
    padded = pad_frame(tiles)
    delays = np.ones(padded.size, np.uint8)
    delays.reshape(padded.shape)[1, 2:7] = [*left_wait, 1, *right_wait]
    claims = list(growth.grow(padded.ravel(), padded_index(np.array([0, 6]), 7), delays, 7, np.random.default_rng(0)))
    return padded[1, 1:-1].tolist(), claims


@pytest.mark.parametrize("left, right, middle", [
    ((1, 1), (2, 1), 1),            # arrives in loop 2 against 3
    ((2, 2), (1, 1), 2),
    ((16, 1), (1, 17), 1),          # a wait filed in the ring straight away against one filed far
    ((17, 1), (1, 16), 2),
    ((255, 17), (16, 255), 2),      # the longest waits, past the ring's 256 slots: 272 against 271
    ((255, 16), (18, 255), 1),      # 271 against 273
])
def test_grow_gives_a_cell_to_the_side_that_touches_it_first(left, right, middle):
    """A cell touched in loop t with delay d is claimed in loop t + d exactly and touches its
    neighbours then: the race through the corridor is decided by one loop."""
    row, claims = race(left, right)
    assert row == [1, 1, 1, middle, 2, 2, 2]
    assert sum(claims) == 5


def grow_case(h, w, seeds, longest, seed, blocked_share=0.0, frontier_dtype=np.intp):
    """``seeds`` seeds of types 1..5 (and a share of never-claimed cells) on an ``h`` x ``w`` map,
    delays 1..``longest``, all from ``seed``: the grown padded grid and the claims per loop."""
    rng = np.random.default_rng(seed)
    tiles = np.zeros((h, w), dtype=np.uint8)
    tiles[rng.random((h, w)) < blocked_share] = 200
    free = np.flatnonzero(tiles.ravel() == 0)
    tiles.ravel()[rng.choice(free, seeds, replace=False)] = rng.integers(1, 6, seeds)
    delays = rng.integers(1, longest + 1, (h + 2) * (w + 2)).astype(np.uint8)
    padded = pad_frame(tiles)
    frontier = padded_index(np.flatnonzero(tiles.ravel() % 200), w).astype(frontier_dtype)
    claims = list(growth.grow(padded.ravel(), frontier, delays, w, np.random.default_rng(seed)))
    return padded, claims


def digest(grid, claims):
    return hashlib.sha256(grid.tobytes() + np.array(claims, np.int64).tobytes()).hexdigest()


#: grow_case arguments -> digest of the grid and claims.  After a deliberate change to growth
#: (say why in the commit): for k in GROW_GOLDEN: print(f"    {k}: \"{digest(*grow_case(*k))}\",")
GROW_GOLDEN = {
    (23, 31, 5, 255, 1, 0.2): "6833b2bf15fa6b292b6a5916c8e310658c3c6e2e1a934e0ea466b77d0edb0c18",   # long waits, blocks
    (40, 50, 80, 3, 2): "8aef7440acd4a5fdb7cd9a74939104acb8d5e436d54bfa29e75ccccbb5746f5a",          # many same-loop ties
    (61, 47, 300, 40, 3): "8c7083f2e26e9c0a5e8d5b3e2ba56b90125747f58c7f3565a203d24f9dd9733b",
    (64, 48, 1500, 60, 6): "aae9fc8fd2dcc70ca0cd2d40557f120c7eb9d8ee7ffef883f0db7a447877a61a",       # > 1024 claimed a loop
    (200, 200, 12000, 255, 5): "322e28ff7561f91689baa5d3e09c7c9f904f6126e5934c60b3f76205c19b676f",
}


@pytest.mark.parametrize("key", list(GROW_GOLDEN))
def test_grow_of_fixed_input_and_seed_is_pinned(key):
    """Same grid, delays and seed, same bytes: the growth's timing (when each wait falls due),
    its ties (which side a cell touched from several in one loop goes to) and both ways of looking."""
    assert digest(*grow_case(*key)) == GROW_GOLDEN[key]


@pytest.mark.parametrize("few", [0, 1 << 30])
def test_grow_looks_the_same_through_built_indices_and_shifted_views(monkeypatch, few):
    """Every loop through the built neighbour indices (few = 2**30), or through the shifted views
    (few = 0): the same map and claims as the mix of both the default threshold picks."""
    key = (61, 47, 300, 40, 3)
    monkeypatch.setattr(growth, "_FEW_CLAIMED", few)
    assert digest(*grow_case(*key)) == GROW_GOLDEN[key]


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.uint64])
def test_grow_takes_a_frontier_of_any_integer_dtype(dtype):
    """Seed indices kept as int32 or unsigned grow the same map as intp ones, on the
    shifted-view path too (1500 seeds: the first loop looks from more than 1024 cells)."""
    key = (64, 48, 1500, 60, 6)
    assert digest(*grow_case(*key, frontier_dtype=dtype)) == GROW_GOLDEN[key]


def test_grow_with_sparse_seeds_claims_their_blocks_in_one_loop():
    """1089 seeds, one in the middle of each 3x3 block of a 99x99 map, every delay 1: the first loop
    claims 8 cells around each (8x more than the seeds; the look buffer must grow), each block
    takes its seed's type, and nothing is left for a second loop."""
    n = 33
    types = (np.arange(n * n) % 5 + 1).astype(np.uint8).reshape(n, n)
    tiles = np.zeros((3 * n, 3 * n), dtype=np.uint8)
    tiles[1::3, 1::3] = types
    padded = pad_frame(tiles)
    seeds = np.flatnonzero(tiles.ravel())
    delays = np.ones(padded.size, np.uint8)
    claims = list(growth.grow(padded.ravel(), padded_index(seeds, 3 * n), delays, 3 * n, np.random.default_rng(1)))
    assert claims == [8 * n * n]
    assert np.array_equal(padded[1:-1, 1:-1], types.repeat(3, axis=0).repeat(3, axis=1))
