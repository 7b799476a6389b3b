"""The work model and the budget (issue 40): every generator estimates a
request's work; a request the model prices over the aim is cut, the cut is
what the generator runs, and it is named in one line wherever a user sets
the values.  (The measured side, CPU time against the estimate, is a
benchmark: ``python -m worldgen sweep`` and ``python -m worldgen.tools.workfit``,
docs/BENCHMARKS.md, never a timed test.)"""

from __future__ import annotations

import math

import numpy as np
import pytest

from worldgen.core import registry
from worldgen.core.work import AIM_MS, BUDGET_MS, estimate, note, split
from worldgen.generators.caverns import work as caverns_work
from worldgen.generators.island import work as island_work
from worldgen.generators.mosaic import work as mosaic_work
from worldgen.generators.rooms import attach, work as rooms_work
from worldgen.generators.rooms.params import RoomParams
from worldgen.toolkit import terrain_work
from worldgen.tools import sweep, workfit

SPECS = registry.all_specs()
NAMES = [spec.name for spec in SPECS]


def top(spec: registry.GeneratorSpec) -> dict:
    """Every parameter at its top (a choice: its last)."""
    return {ps.name: ps.choices[-1] if ps.choices else ps.hi for ps in spec.param_specs}


# --------------------------------------------------------------------------- the model


@pytest.mark.parametrize("name", NAMES)
def test_every_generator_estimates_its_work_in_terms_that_add_up(name):
    spec = registry.get(name)
    assert spec.work is not None
    small = spec.estimate(*spec.default_size)
    large = spec.estimate(*spec.max_size)
    for e in (small, large):
        assert 0 < e.ms < math.inf and e.terms and all(v >= 0 for v in e.terms.values())
    assert large.ms > small.ms   # the largest map costs more than the default one


@pytest.mark.parametrize("name", NAMES)
def test_default_requests_are_never_cut(name):
    """Defaults at every size the game and the benchmarks use, and at the largest, run whole."""
    spec = registry.get(name)
    for size in (spec.default_size, *spec.bench_sizes, spec.max_size, (48, 32), (64, 40), (84, 52)):
        if spec.min_size[0] <= size[0] <= spec.max_size[0] and spec.min_size[1] <= size[1] <= spec.max_size[1]:
            assert spec.estimate(*size).cuts == () and spec.budget_note(*size) is None


@pytest.mark.parametrize("name", NAMES)
def test_every_corner_of_the_largest_size_is_cut_to_the_aim(name):
    """At the largest size, with every parameter at a bound (the sweep's
    corners), the model's estimate after the cuts is within the aim; a cut is
    named in one line."""
    spec = registry.get(name)
    width, height = spec.max_size
    for _, w, h, values in sweep.requests(name, 24, corner_count=24):
        try:
            params = spec.make_params(values)
        except registry.ParamError:
            continue
        e = spec.estimate(w, h, params)
        assert e.ms <= AIM_MS * 1.001, (values, e)
        line = spec.budget_note(w, h, params)
        if e.cuts:
            assert line.startswith(f"{name} {width}x{height}: ") and "\n" not in line and "work budget" in line
        else:
            assert line is None


def test_the_uncut_estimate_is_what_a_cut_brings_down():
    spec = registry.get("caverns")
    params = spec.make_params(top(spec))
    uncut, cut = spec.estimate(2000, 2000, params, aim=math.inf), spec.estimate(2000, 2000, params)
    assert uncut.cuts == () and uncut.ms > BUDGET_MS and cut.ms <= AIM_MS and cut.cuts


def test_split_gives_each_part_its_share_and_what_the_other_leaves():
    assert split(100.0, {"a": 10.0, "b": 20.0}, {"a": 0.5, "b": 0.5}) == {"a": 10.0, "b": 20.0}
    assert split(100.0, {"a": 500.0, "b": 500.0}, {"a": 0.7, "b": 0.3}) == {"a": 70.0, "b": 30.0}
    assert split(100.0, {"a": 500.0, "b": 5.0}, {"a": 0.3, "b": 0.7}) == {"a": 95.0, "b": 5.0}
    assert split(-5.0, {"a": 500.0, "b": 5.0}, {"a": 0.3, "b": 0.7}) == {"a": 0.0, "b": 0.0}


def test_an_estimate_is_its_terms_at_their_costs_and_a_note_is_one_line():
    e = estimate({"x": 3.0, "y": 2.0}, {"x": 1.5, "y": 0.25}, ("x 9 -> 3",))
    assert e.ms == 5.0 and e.cuts == ("x 9 -> 3",)
    assert note("caverns", 2000, 2000, ("iterations 400 -> 96", "pools 5 -> 2")) == \
        "caverns 2000x2000: iterations 400 -> 96; pools 5 -> 2 (the 3 s work budget)"


# --------------------------------------------------------------------------- the generators run the cuts

PLANS = (island_work.plan, caverns_work.plan, mosaic_work.plan, rooms_work.plan)


@pytest.fixture
def priced(monkeypatch):
    """``priced(module, term, ms)``: a work model's term at another cost, the
    kept plans forgotten (before and after: they were worked out at the old costs)."""
    def price(module, term: str, ms: float) -> None:
        monkeypatch.setitem(module.COSTS, term, ms)
        for plan in PLANS:
            plan.cache_clear()
    yield price
    monkeypatch.undo()
    for plan in PLANS:
        plan.cache_clear()


def test_caverns_run_the_iterations_their_cut_allows(priced):
    """With the automaton priced so the budget pays for 7 generations of a
    48x32 map, the run stops there: the map is the 7-iteration map."""
    seven = registry.generate("caverns", "cut", 48, 32, {"iterations": 7})
    priced(caverns_work, "generations", AIM_MS / 7.5 / (48 * 32))
    spec = registry.get("caverns")
    assert spec.budget_note(48, 32) == "caverns 48x32: iterations 100 -> 7 (the 3 s work budget)"
    cut = registry.generate("caverns", "cut", 48, 32)
    assert cut.stages["automata"].info["iterations_run"] <= 7
    assert np.array_equal(cut.last.data, seven.last.data)


def test_a_plan_is_kept_per_request_and_priced_again_when_its_costs_change(priced):
    p = registry.get("caverns").make_params()
    assert caverns_work.plan(48, 32, p) is caverns_work.plan(48, 32, p)
    before = caverns_work.plan(48, 32, p).estimate.ms
    priced(caverns_work, "run", 100.0)
    assert caverns_work.plan(48, 32, p).estimate.ms > before


def test_rooms_try_no_more_designs_than_their_cut_allows(priced, monkeypatch):
    priced(rooms_work, "designs", AIM_MS / 20.5)
    spec = registry.get("rooms")
    plan = rooms_work.plan(79, 29, spec.make_params())
    assert (plan.attempts, plan.most) == (20, 20) and plan.estimate.cuts == ("designs 64 -> 20",)
    tried = []
    real = attach.Builder.attempt
    monkeypatch.setattr(attach.Builder, "attempt", lambda self: tried.append(1) or real(self))
    registry.generate("rooms", "cut", 79, 29)
    assert len(tried) <= 20


@pytest.mark.parametrize("name", ["caverns", "mosaic", "rooms"])
def test_pools_and_doors_are_cut_alike_and_the_run_lays_no_more(priced, name):
    module = {"caverns": caverns_work, "mosaic": mosaic_work, "rooms": rooms_work}[name]
    priced(module, "pools", AIM_MS / 3)   # three blocking pools fill the budget
    spec = registry.get(name)
    values = {"lakes": 8.0, "chasms": 8.0, "meadows": 0.0} | ({"doors": 4.0} if name != "rooms" else {})
    params = spec.make_params(values)
    e = spec.estimate(84, 52, params)
    assert e.ms <= AIM_MS and any(c.startswith("pools ") for c in e.cuts)
    laid = registry.generate(name, "cut", 84, 52, params).stages[spec.final_stage].info["terrain"]
    assert laid["lake"] + laid["chasm"] <= e.terms["pools"] + e.terms["pools_skipped"] <= 3


def test_terrain_cut_is_proportional_within_the_allowance_and_none_when_all_fit():
    costs = {"pools": 1.0, "pools_skipped": 0.0, "meadows": 0.5, "doors": 0.1}
    amounts = {"lake": 2.0, "chasm": 0.0, "meadow": 2.0}
    wanted, doors, cuts = terrain_work.work_cut(amounts, 10_000, 30, None, 1000.0, costs)
    assert (wanted, doors, cuts) == ([("lake", 20), ("meadow", 20)], 30, [])
    wanted, doors, cuts = terrain_work.work_cut(amounts, 10_000, 30, None, 16.0, costs)
    spent = sum(costs[k] * v for k, v in terrain_work.work_terms(wanted, doors, None).items())
    assert spent <= 16.0 and dict(wanted)["lake"] == dict(wanted)["meadow"] and doors < 30
    assert cuts == [f"pools 40 -> {sum(n for _, n in wanted)}", f"doors 30 -> {doors}"]


def test_a_terrain_allowance_of_exactly_its_need_cuts_nothing_and_a_hair_less_cuts():
    """The pools and doors priced at exactly the allowance all fit (no cut line: so a caverns
    plan whose terrain is allowed exactly its need is uncut whichever way it asks); the next
    float below cuts the pools."""
    costs = {"pools": 1.0, "pools_skipped": 0.0, "meadows": 0.5, "doors": 0.1}
    amounts = {"lake": 2.0, "chasm": 0.0, "meadow": 2.0}
    need = sum(costs[k] * v for k, v in terrain_work.work_terms([("lake", 20), ("meadow", 20)], 30, None).items())
    assert terrain_work.work_cut(amounts, 10_000, 30, None, need, costs) == ([("lake", 20), ("meadow", 20)], 30, [])
    wanted, doors, cuts = terrain_work.work_cut(amounts, 10_000, 30, None, float(np.nextafter(need, 0.0)), costs)
    laid = sum(n for _, n in wanted)
    assert laid < 40 and cuts[0] == f"pools 40 -> {laid}"


def test_blocking_pools_past_their_cells_budget_are_priced_as_skipped():
    terms = terrain_work.work_terms([("lake", 50), ("chasm", 50), ("meadow", 5)], 0, 300)
    assert terms == {"pools": 30, "pools_skipped": 70, "meadows": 5, "doors": 0}
    per_kind = terrain_work.work_terms([("lake", 50), ("chasm", 50)], 0, 300, per_kind=True)
    assert per_kind["pools"] == 60 and per_kind["pools_skipped"] == 40


# --------------------------------------------------------------------------- the sweep and the fit


def test_the_sweep_starts_at_the_corners_of_the_largest_size():
    spec = registry.get("rooms")
    heads = list(sweep.requests("rooms", 30))[:3]
    assert [(w, h) for _, w, h, _ in heads] == [spec.max_size] * 3
    assert heads[0][3] == top(spec)
    assert heads[1][3] == {ps.name: ps.lo for ps in spec.param_specs}
    assert list(sweep.requests("rooms", 30)) == list(sweep.requests("rooms", 30))   # the same requests again
    assert [r[0] for r in sweep.requests("rooms", 5)] == [f"sweep-0-{i}" for i in range(5)]


def test_the_sweep_reports_the_worst_request_with_a_command_that_makes_it_again():
    report = sweep.sweep("island", 6, seed=3, corner_count=0)
    worst = report["worst"]
    assert worst["cpu_s"] > 0 and worst["peak_mib"] > 0 and worst["estimate_s"] > 0
    assert report["model"]["all"]["runs"] == 6 - report["refused"]
    line = worst["command"]
    assert line.startswith("python -m worldgen island --seed sweep-3-") and line.endswith("--out worst.npz")
    name, seed, width, height, values = sweep.parse_command(line)
    assert name == "island"
    again = [r for r in sweep.requests("island", 6, seed=3, corner_count=0) if r[0] == seed][0]
    spec = registry.get("island")
    assert (again[1], again[2]) == (width, height)
    assert spec.make_params(values) == spec.make_params(again[3])


def test_model_error_is_the_spread_of_measured_over_estimated():
    pairs = [(100.0, 100.0), (200.0, 100.0), (50.0, 100.0), (5.0, 10.0)]
    got = sweep.model_error(pairs)
    assert got["all"]["runs"] == 4 and got["all"]["min"] == 0.5 and got["all"]["max"] == 2.0
    assert got["heavy"]["runs"] == 2 and got["heavy"]["median"] == 1.5


def test_the_fit_finds_the_costs_that_made_the_times():
    rng = np.random.default_rng(1)
    true = {"a": 0.5, "b": 0.002, "c": 0.0}
    rows = []
    for _ in range(40):
        terms = {"a": float(rng.integers(1, 5)), "b": float(rng.integers(100, 5000)), "c": float(rng.integers(1, 9))}
        rows.append((terms, 0.0, sum(true[k] * v for k, v in terms.items()), ""))
    got = workfit.fit(rows)
    assert got["a"] == pytest.approx(0.5, rel=1e-3) and got["b"] == pytest.approx(0.002, rel=1e-3)
    assert got["c"] == pytest.approx(0.0, abs=1e-6)


# --------------------------------------------------------------------------- where users set values


RUNAWAY = {"life": "5000", "batches": "1000000"}


def test_the_command_line_names_the_cut_on_stderr(tmp_path, capsys):
    from worldgen.tools.cli import main
    args = ["island", "--seed", "x", "--width", "16", "--height", "16", "--out", str(tmp_path / "m.npz")]
    for k, v in RUNAWAY.items():
        args += ["--param", f"{k}={v}"]
    assert main(args) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("worldgen: note: island 16x16: mask batches 273 -> ")


def test_a_link_names_the_cut_among_its_messages():
    from game.shell.settings import parse_query
    query = "mode=demo&demo=island&w=16&h=16&" + "&".join(f"p.{k}={v}" for k, v in RUNAWAY.items())
    messages = parse_query(query).messages
    notes = [m for m in messages if "work budget" in m]
    assert notes == [registry.get("island").budget_note(16, 16, registry.get("island").make_params(RUNAWAY))]
    assert not any("work budget" in m for m in parse_query("mode=demo&demo=island&w=16&h=16").messages)


def test_the_demo_names_the_cut_once_in_a_toast(tmp_path):
    from gameloop import make_app, run

    from game.scenes.demo import DemoScene
    spec = registry.get("island")
    line = spec.budget_note(16, 16, spec.make_params(RUNAWAY))
    app = make_app("demo=island&seed=x&w=16&h=16&" + "&".join(f"p.{k}={v}" for k, v in RUNAWAY.items()), tmp_path)
    run(app, 2)
    assert [t[0] for t in app.top.toasts.items].count(line) == 1     # from the link, not twice
    scene = DemoScene(app, "island", seed="y", width=16, height=16, params=dict(RUNAWAY))
    assert [t[0] for t in scene.toasts.items] == [line]             # the demo's own values
    plain = DemoScene(app, "island", seed="y")
    assert plain.toasts.items == []


def test_a_dungeon_request_asks_the_terrain_what_its_parameters_say():
    caverns, rooms = registry.get("caverns"), registry.get("rooms")
    got = terrain_work.asked(caverns.make_params({"lakes": 2.0, "meadows": 1.0, "doors": 3.0, "vaults": 2.0}), 100, 50)
    assert (got.cells, got.wanted, got.doors, got.budget) == (5000, [("lake", 10), ("meadow", 5)], 15, 625)
    assert got.terms == {"run": 1, "cells": 5000, "vaults": 2.0, "features": 5000.0}
    assert terrain_work.asked(rooms.make_params({"lakes": 1.0}), 100, 50).doors == 0   # rooms has no doors parameter


def test_half_a_door_per_map_rounds_up_to_one_and_the_pools_budget_is_an_eighth_rounded_down():
    caverns = registry.get("caverns")
    p = caverns.make_params({"doors": 1.0})
    half = terrain_work.asked(p, 25, 20)   # 500 cells: 0.5 doors, one; budget 62.5, 62
    assert (half.doors, half.budget) == (1, 62) and type(half.budget) is int
    assert terrain_work.asked(p, 499, 1).doors == 0


COSTS = {"pools": 1.0, "pools_skipped": 0.0, "meadows": 0.5, "doors": 1.0}


@pytest.mark.parametrize("allowed, pools", [(16.0, 16), (float(np.nextafter(16.0, 0.0)), 15), (0.5, 0)])
def test_a_terrain_cut_keeps_the_most_pools_the_allowance_pays_for_exactly(allowed, pools):
    """40 lakes at 1 ms each, no doors: an allowance of exactly 16 ms keeps 16 (the most that fit,
    the last exactly at the allowance), a hair less 15, less than one lake's none; only the pools
    are named as cut (the doors, 0 -> 0, are not)."""
    got = terrain_work.work_cut({"lake": 4.0}, 10_000, 0, None, allowed, COSTS)
    assert got == ([("lake", pools)] if pools else [], 0, [f"pools 40 -> {pools}"])


def test_with_no_pools_asked_the_doors_are_cut_to_what_the_allowance_pays():
    """30 doors at 0.25 ms and 2.6 ms allowed, no pools: 2.6 / 0.25 = 10.4, so 10 doors, named in
    one line; 7.5 ms allowed pays for all 30."""
    costs = dict(COSTS, doors=0.25)
    assert terrain_work.work_cut({"lake": 0.0}, 10_000, 30, None, 2.6, costs) == ([], 10, ["doors 30 -> 10"])
    assert terrain_work.work_cut({"lake": 0.0}, 10_000, 30, None, 7.5, costs) == ([], 30, [])


def test_a_terrain_cut_prices_the_doors_cut_in_proportion_rounded_down():
    """10 lakes and 7 doors at 1 ms each in 10 ms: 6 lakes keep 7 * 6 // 10 = 4 doors (10 ms in
    all), 7 lakes would keep 4 (11 ms); so 6 lakes and 4 doors."""
    got = terrain_work.work_cut({"lake": 1.0}, 10_000, 7, None, 10.0, COSTS)
    assert got == ([("lake", 6)], 4, ["pools 10 -> 6", "doors 7 -> 4"])


def test_a_single_pool_cut_takes_its_doors_with_it():
    """1 lake and 2 doors (3 ms) in 2.5 ms: none of either (the doors go in proportion: 2 * 0 // 1)."""
    assert terrain_work.work_cut({"lake": 1.0}, 1000, 2, None, 2.5, COSTS) == \
        ([], 0, ["pools 1 -> 0", "doors 2 -> 0"])


def test_a_terrain_cut_prices_blocking_pools_past_the_budget_as_skipped_one_budget_or_per_kind():
    """10 lakes and 10 chasms with a budget of 3 pools' cells, 4 ms allowed, a skipped pool free:
    one budget for all lays 3 (fits, nothing cut); a budget per kind lays 3 + 3 (over), cut to 2
    of each."""
    budget, amounts = 3 * terrain_work.POOL_CELLS, {"lake": 1.0, "chasm": 1.0}
    assert terrain_work.work_cut(amounts, 10_000, 0, budget, 4.0, COSTS) == \
        ([("lake", 10), ("chasm", 10)], 0, [])
    assert terrain_work.work_cut(amounts, 10_000, 0, budget, 4.0, COSTS, per_kind=True) == \
        ([("lake", 2), ("chasm", 2)], 0, ["pools 20 -> 4"])


@pytest.mark.parametrize("designs, cells, crowded", [
    (300, 10_000, 0),    # exactly CROWDED per 1000 tiles: not crowded yet
    (301, 10_000, 1),    # one design more: one crowded design
    (69, 2291, 1),       # 30 * 2291 / 1000 = 68.73: whole designs, floored (68), so 69 is one past
    (10, 2291, 0),       # far under: never negative
])
def test_rooms_designs_past_thirty_per_thousand_tiles_count_as_crowded(designs, cells, crowded):
    p = RoomParams(corridor_chance=0.25, shifts=3)
    terms = rooms_work._design_terms(designs, cells, p)
    assert terms == {"designs": designs, "crowded": crowded, "shifts": designs * 3,
                     "crowded_shifts": crowded * 3, "crowded_rooms": crowded * 0.75}
    assert type(terms["crowded"]) is int


def test_the_rooms_work_estimate_is_the_plans_at_the_aim_it_is_given():
    p = registry.get("rooms").make_params()
    small = rooms_work.work(200, 120, p, aim=2.0)
    assert small == rooms_work.plan(200, 120, p, 2.0).estimate
    assert small.cuts and small.ms < rooms_work.work(200, 120, p).ms
