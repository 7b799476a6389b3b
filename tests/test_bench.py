"""``python -m worldgen bench``: the step timing and the in-repo reference (no timing asserted)."""

import numpy as np

from worldgen.core import registry
from worldgen.core.registry import Progress, Stage
from worldgen.toolkit import grid
from worldgen.tools import bench


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

    total, step, stage, last = bench.drain_timed(slow_second())
    assert 0 < step <= total and stage == "b" and last.name == "b"


def test_rows_cover_bench_sizes_and_the_largest_legal_size():
    spec = registry.get("rooms")
    assert bench._sizes(spec) == [*spec.bench_sizes, spec.max_size]


def test_compare_quotes_the_peer_beside_our_row_from_the_same_run():
    rows = bench.compare_rows(repeat=1, only=["island"])
    assert [r["generator"] for r in rows] == ["island", "island"]
    row, noise = rows
    assert row["peer_ms"] == 0.27 and row["ratio"] == round(row["ours_ms"] / 0.27, 3)
    # the quoted figure scaled to this machine by the reference fill timed in the same run
    here = 0.27 * row["fill_ms"] / bench.FILL_QUOTED_MS
    assert abs(row["peer_here_ms"] - here) <= 0.01 and abs(row["ratio_here"] - row["ours_ms"] / here) <= 0.001
    assert row["floor"] is None  # island reports no floor share
    assert "noise stage alone" in noise["ours"] and noise["peer_ms"] == 0.27


def test_a_row_can_stop_at_a_stage():
    row = bench.measure("island", 88, 32, repeat=3, memory=True, stage="noise")
    # the noise stage is the first; every timed gap ends inside it
    assert row["step_stage"] == "noise"
    whole = bench.measure("island", 88, 32, repeat=3, memory=False)
    assert whole["step_stage"] in registry.get("island").stages
    assert list(bench._until(iter([Progress("a", 0.5), Stage("a", np.zeros((1, 1), np.uint8)),
                                   Stage("b", np.zeros((1, 1), np.uint8))]), "a"))[-1].name == "a"


def test_rooms_is_compared_at_its_defaults_and_at_the_diggers_work():
    rows = bench.compare_rows(repeat=3, only=["rooms"])
    full, digger = rows
    assert full["ours"] == "defaults" and full["size"] == "79x29"
    assert digger["size"] == "80x25" and "Digger" in digger["ours"]
    # rot.js digs a fifth of the interior and stops; so does the matched row,
    # measured on the maps the row timed, while the defaults dig far more
    assert 0.17 <= digger["floor"] <= 0.3 < full["floor"]
    maps = [registry.generate("rooms", f"bench-{i}", 80, 25, bench.DIGGER_WORK) for i in range(3)]
    assert digger["floor"] == sorted(m.last.info["floor_fraction"] for m in maps)[1]


def test_diggers_work_keeps_dead_ends_and_opens_no_loops():
    result = registry.generate("rooms", "bench-0", 80, 25, bench.DIGGER_WORK)
    assert result.stages["dead_ends"].info["filled"] == 0
    assert result.last.info["loops"] == 0
    assert result.stages["rooms"].info["rooms"] >= 2


def test_compare_prints_the_scaled_figure_and_the_floor_share(capsys):
    assert bench.run_bench(only=["rooms"], repeat=1, compare=True) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "70 ms on issue 13's machine" in lines[0]
    assert "peer here" in lines[1]
    assert len(lines) == 4 and all("%" in line for line in lines[2:])
