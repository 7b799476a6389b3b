"""``python -m worldgen bench``: the step timing and the in-repo reference (no timing asserted)."""

import numpy as np

from worldgen.core import registry
from worldgen.core.registry import Progress, Stage
from worldgen.toolkit import grid
from worldgen.generators.world import (DUNGEON_SIZES, LOCATION_SIZES, N_LOCATIONS, Location, WorldParams,
                                      location_size, world_param_specs)
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

    total, step, stage, last, where = bench.drain_timed(slow_second())
    assert 0 < step <= total and stage == "b" and last.name == "b" and where == "b"


def test_drain_timed_says_which_item_of_a_stage_ended_the_longest_gap():
    def slow_middle():
        yield Progress("grow", 0.25)
        sum(range(300_000))
        yield Progress("grow", 0.5)
        yield Progress("grow", 0.75)
        yield Stage("grow", np.zeros((2, 2), np.uint8))
        yield Stage("final", np.zeros((2, 2), np.uint8))

    drained = bench.drain_timed(slow_middle())
    assert (drained.stage, drained.where) == ("grow", "grow 2/4")


def test_drain_timed_on_the_cpu_clock_counts_this_threads_work():
    from worldgen.tools.timing import CLOCKS
    drained = bench.drain_timed(iter([Progress("a", 0.5)]), CLOCKS["cpu"])
    assert drained.total_ms >= drained.step_ms >= 0.0 and drained.where == "a"


def test_rows_cover_the_games_sizes_bench_sizes_and_the_largest_legal_size():
    spec = registry.get("rooms")
    game = [(d.width, d.height) for d in DUNGEON_SIZES.values()]
    assert bench._sizes(spec) == [*game, *spec.bench_sizes, spec.max_size]
    # an overworld generator is not played at the dungeon sizes
    island = registry.get("island")
    assert bench._sizes(island) == [*island.bench_sizes, island.max_size]


def test_rows_hold_the_games_sizes_to_4_ms_and_the_largest_to_16():
    rows = {(s.width, s.height): s for s in bench.subjects(["caverns"])}
    assert rows[(84, 52)].goal_ms == bench.GAME_STEP_MS == 4.0 and rows[(84, 52)].label == "large"
    assert rows[(2000, 2000)].goal_ms == bench.LARGEST_STEP_MS == 16.0
    assert rows[(1000, 1000)].goal_ms is None


def test_world_rows_time_each_location_size_and_the_largest_world():
    rows = bench.subjects([bench.WORLD])
    sizes = [(s.width, s.height) for s in rows]
    assert sizes[:-1] == sorted(set(LOCATION_SIZES), key=LOCATION_SIZES.index)
    assert [s.goal_ms for s in rows] == [4.0] * (len(rows) - 1) + [16.0]
    hi = {spec.name: spec.hi for spec in world_param_specs()}
    widest = WorldParams(width=hi["width"], height=hi["height"])
    assert sizes[-1] == max(location_size(widest, i) for i in range(N_LOCATIONS))
    items = list(rows[0].run("bench-0"))
    assert isinstance(items[-1], Location) and items[-1].tiles.shape == (rows[0].height, rows[0].width)


def test_a_row_reports_each_runs_longest_step_and_where_the_worst_was():
    row = bench.measure("mosaic", 48, 32, repeat=3, memory=True)
    assert len(row["steps_ms"]) == len(row["steps_where"]) == 3
    assert row["worst_ms"] == max(row["steps_ms"]) and row["step_ms"] == sorted(row["steps_ms"])[1]
    assert row["worst_where"] == row["steps_where"][row["steps_ms"].index(row["worst_ms"])]
    assert row["worst_where"].split()[0] == row["step_stage"] in registry.get("mosaic").stages
    assert 0 < row["peak_mib"] < bench.MEMORY_MIB


def test_the_table_marks_a_row_over_its_goal():
    row = {"generator": "x", "width": 8, "height": 8, "label": "", "runs": 1, "median_ms": 1.0, "min_ms": 1.0,
           "max_ms": 1.0, "step_ms": 5.0, "worst_ms": 5.0, "worst_where": "a 1/2", "goal_ms": 4.0, "floor": None}
    assert bench._line(row).endswith("OVER")
    assert not bench._line(dict(row, goal_ms=16.0)).endswith("OVER")
    assert bench._line(dict(row, goal_ms=16.0, peak_mib=300.0)).endswith("OVER")


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
    assert len(row["ratios"]) == row["runs"] == 1  # one round: one ratio


def test_compare_times_each_run_whole_between_two_clock_reads_as_the_fill(monkeypatch):
    """Our side is not billed for the meter: one read before a run and one
    after, however many stages and progress events it yields."""
    from worldgen.tools import compare
    reads = []
    monkeypatch.setitem(compare.CLOCKS, "wall", lambda: reads.append(1) or float(len(reads)))
    rows = bench.compare_rows(repeat=1, only=["island"])
    assert len(rows) == 2 and len(reads) == 2 + 2 * len(rows)  # the fill, then each row's one run


def test_compare_interleaves_rounds_of_the_fill_with_each_row():
    rows = bench.compare_rows(repeat=3, only=["biomes"])
    (biomes,) = rows
    assert biomes["runs"] == 3 and len(biomes["ratios"]) == 3
    # the fill's own row: compared with the fill's median in the same run, no scaling
    assert biomes["peer_ms"] == biomes["peer_here_ms"] == biomes["fill_ms"]
    # (the ratio is of the unrounded times; the row prints them to 0.01 ms: equal within the rounding)
    assert abs(biomes["ratio_here"] - biomes["ours_ms"] / biomes["fill_ms"]) <= 0.001


def test_a_row_can_stop_at_a_stage():
    row = bench.measure("island", 88, 32, repeat=3, memory=True, stage="noise")
    # the noise stage is the first; every timed gap ends inside it
    assert row["step_stage"] == "noise"
    whole = bench.measure("island", 88, 32, repeat=3, memory=False)
    assert whole["step_stage"] in registry.get("island").stages
    assert list(bench.until(iter([Progress("a", 0.5), Stage("a", np.zeros((1, 1), np.uint8)),
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
    assert "70 ms on the computer the goals were set on" in lines[0]
    assert "peer here" in lines[1]
    assert len(lines) == 4 and all("%" in line for line in lines[2:])
