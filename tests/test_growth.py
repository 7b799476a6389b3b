"""Tests for first-passage growth (worldgen/toolkit/growth.py), the engine of ``biomes``.

The map-level promises (every tile claimed, the look) are in
tests/test_biomes.py with the goldens; here: the byte pool gives exactly the
generator's own bytes, and :func:`grow` claims every reachable blank cell
once, each with the type of a neighbour claimed before it.
"""

from __future__ import annotations

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
