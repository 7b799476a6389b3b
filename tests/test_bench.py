"""``python -m worldgen bench``: the step timing and the in-repo reference (no timing asserted)."""

import numpy as np

from worldgen import bench, grid, registry
from worldgen.registry import Progress, Stage


def test_reference_fill_claims_every_cell_from_a_seed():
    owner = bench.reference_frontier_fill(60, 40, seeds=7, seed=3)
    assert owner.shape == (40, 60) and owner.dtype == np.uint8
    assert owner.min() >= 1 and owner.max() <= 5
    # Growth only spreads a type to touching cells: every region of one type
    # holds at least one of the 7 seeds, so there are at most 7 regions.
    regions = sum(grid.label(owner == t, 8)[1] for t in range(1, 6))
    assert 1 <= regions <= 7


def test_drain_timed_names_the_stage_of_the_longest_gap():
    def slow_second():
        yield Progress("a", 0.5)
        sum(range(200_000))
        yield Stage("b", np.zeros((2, 2), np.uint8))

    total, step, stage = bench.drain_timed(slow_second())
    assert 0 < step <= total and stage == "b"


def test_rows_cover_bench_sizes_and_the_largest_legal_size():
    spec = registry.get("rooms")
    assert bench._sizes(spec) == [*spec.bench_sizes, spec.max_size]


def test_compare_quotes_the_peer_beside_our_row_from_the_same_run():
    rows = bench.compare_rows(repeat=1, only=["island"])
    assert [r["generator"] for r in rows] == ["island"]
    (row,) = rows
    assert row["peer_ms"] == 0.27 and row["ratio"] == round(row["ours_ms"] / 0.27, 2)
