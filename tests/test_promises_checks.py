"""Each promise check of ``worldgen.toolkit.promises`` on hand-made maps, at the edges
of what it allows; the promises each spec names; one request checked; the sweep
(``worldgen.tools.sweep``)."""

import numpy as np
import pytest

from worldgen.core import registry
from worldgen.core.registry import ParamSpec, Stage
from worldgen.core.tiles import T
from worldgen.toolkit import promises
from worldgen.toolkit.promises import STAIRS_CLEAR_OF_DEEP, WATER_TOLERANCE
from worldgen.tools import sweep

GLYPH = {"0": T.void, "#": T.wall, ".": T.floor, "+": T.door, "~": T.deep_water, ",": T.shallow_water, "g": T.grass,
         "s": T.sand, ">": T.stairs_down, "^": T.trap}


def stage(rows: list[str], info=None, **points) -> Stage:
    """A tile stage from text (see :data:`GLYPH`); points as ``name=(x, y)`` or a list of them."""
    tiles = np.array([[GLYPH[c] for c in row] for row in rows], dtype=np.uint8)
    pts = {k: np.array(v if isinstance(v, list) else [v]).reshape(-1, 2) for k, v in points.items()}
    return Stage("final", tiles, points=pts, info=info or {})


class Water:
    def __init__(self, water):
        self.water = water


# -- the sizes ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("w", "h", "floor", "steps"), [
    (96, 64, 62, 16), (64, 96, 62, 16), (3, 50, 2, 1), (4, 4, 2, 1), (5, 9, 3, 1), (8, 8, 6, 2), (9, 7, 5, 1)])
def test_floor_and_exit_distance_needs_follow_the_smaller_side(w, h, floor, steps):
    assert promises.min_floor_tiles(w, h) == floor
    assert promises.min_exit_steps(w, h) == steps


# -- the dungeon checks ---------------------------------------------------------------------------
CORRIDOR = ["#########", "#.......#", "#########"]


def test_a_straight_corridor_keeps_every_dungeon_promise():
    s = stage(CORRIDOR, start=(1, 1), exit=(7, 1))
    assert {p.name: p.check(s, None) for p in registry.get("rooms").promises} == dict.fromkeys(
        ("connected", "exit_reachable", "exit_farthest", "exit_far", "start_not_exit", "min_floor"))


@pytest.mark.parametrize("points", [{}, {"start": [(1, 1), (2, 1)], "exit": (7, 1)}, {"exit": (7, 1)}],
                         ids=["none", "two-starts", "no-start"])
def test_a_map_without_one_start_breaks_the_checks_that_need_it(points):
    s = stage(CORRIDOR, **points)
    assert promises.connected(s, None) == "no single start point"
    for check in (promises.exit_reachable, promises.exit_farthest, promises.exit_far, promises.start_not_exit):
        assert check(s, None) == "no single start and exit point"


def test_a_map_without_one_exit_breaks_the_exit_checks():
    s = stage(CORRIDOR, start=(1, 1), exit=[(6, 1), (7, 1)])
    assert promises.connected(s, None) is None
    for check in (promises.exit_reachable, promises.exit_farthest, promises.exit_far, promises.start_not_exit):
        assert check(s, None) == "no single start and exit point"


def test_walkable_tiles_cut_off_from_the_start_are_counted():
    s = stage(["#######", "#..#..#", "#######"], start=(1, 1), exit=(2, 1))
    assert promises.connected(s, None) == "2 walkable tiles cannot be reached from the start"


def test_an_exit_in_a_wall_or_cut_off_cannot_be_reached():
    wall = stage(CORRIDOR, start=(1, 1), exit=(4, 0))
    assert promises.exit_reachable(wall, None) == "the exit at (4, 0) cannot be reached from the start"
    cut = stage(["#######", "#..#..#", "#######"], start=(1, 1), exit=(5, 1))
    assert promises.exit_reachable(cut, None) == "the exit at (5, 1) cannot be reached from the start"


def test_the_exit_must_be_the_farthest_stair_ground_on_foot():
    s = stage(CORRIDOR, start=(1, 1), exit=(6, 1))
    assert promises.exit_farthest(s, None) == "the exit is 5 steps away, the farthest tile 6"
    # a farther tile stairs may not stand on (a door, a trap, grass) does not count
    for far in "+^g":
        ok = stage(["#########", "#......" + far + "#", "#########"], start=(1, 1), exit=(6, 1))
        assert promises.exit_farthest(ok, None) is None
    for far in "s>":  # sand and stairs are stair ground
        bad = stage(["#########", "#......" + far + "#", "#########"], start=(1, 1), exit=(6, 1))
        assert promises.exit_farthest(bad, None) is not None


def test_a_map_whose_stairs_left_the_land_counts_water_clear_of_the_deep():
    rows = ["###########", "#sss,,,,,~#", "###########"]
    for on, clear in STAIRS_CLEAR_OF_DEEP.items():
        # shallow water (",") at x = 5..8, deep at x = 9: the farthest clear tile is 9 - 1 - clear
        farthest = 9 - 1 - clear
        good = stage(rows, info={"stairs_on": on}, start=(1, 1), exit=(farthest, 1))
        assert promises.exit_farthest(good, None) is None, on
        short = stage(rows, info={"stairs_on": on}, start=(1, 1), exit=(farthest - 1, 1))
        assert promises.exit_farthest(short, None) is not None, on
    # the ground stairs may always stand on still counts, even beside deep water
    floor_last = stage(["##########", "#s,,,,,.~#", "##########"], info={"stairs_on": "water"}, start=(1, 1), exit=(7, 1))
    assert promises.exit_farthest(floor_last, None) is None
    plain = stage(rows, start=(1, 1), exit=(3, 1))  # without the note, water is no stair ground
    assert promises.exit_farthest(plain, None) is None
    assert STAIRS_CLEAR_OF_DEEP == {"shallows": 2, "water": 1}


def test_the_exit_must_be_a_quarter_of_the_smaller_side_away():
    rows = ["#" * 20] + ["#" + "." * 18 + "#"] * 10 + ["#" * 20]  # 20 x 12: needs 3 steps
    assert promises.exit_far(stage(rows, start=(1, 1), exit=(4, 1)), None) is None
    assert promises.exit_far(stage(rows, start=(1, 1), exit=(3, 1)), None) == "the exit is 2 steps from the start (need 3)"


def test_the_start_and_the_exit_are_two_tiles():
    assert promises.start_not_exit(stage(CORRIDOR, start=(3, 1), exit=(3, 1)), None) == "the start is the exit"
    assert promises.start_not_exit(stage(CORRIDOR, start=(3, 1), exit=(4, 1)), None) is None


def test_a_dungeon_needs_a_corridor_of_floor_across_its_smaller_side():
    rows = ["#" * 10] * 9 + ["#" + "." * 7 + "##"]  # 10 x 10 needs 8 walkable tiles: has 7
    assert promises.min_floor(stage(rows), None) == "7 walkable tiles (need 8)"
    rows[-1] = "#" + "." * 8 + "#"
    assert promises.min_floor(stage(rows), None) is None


# -- the island and biome checks ------------------------------------------------------------------
def test_the_water_share_is_met_within_the_tolerance():
    sea = ["~~~~~", "~gggg", "~~~~~", "~~~~~"]  # 16 water tiles of 20: 0.8
    assert WATER_TOLERANCE == 0.02
    assert promises.water_fraction(stage(sea), Water(0.8)) is None
    assert promises.water_fraction(stage(sea), Water(0.819)) is None
    assert promises.water_fraction(stage(sea), Water(0.781)) is None
    land = stage(["gggg"])  # no water at all: exactly the tolerance away from 0.02 is kept
    assert promises.water_fraction(land, Water(WATER_TOLERANCE)) is None
    assert promises.water_fraction(land, Water(0.0201)) == "water covers 0.000 of the map, 0.020 was asked for"
    assert promises.water_fraction(stage(sea), Water(0.83)) == "water covers 0.800 of the map, 0.830 was asked for"
    assert promises.water_fraction(stage(sea), Water(0.77)) is not None
    shallow = ["~~,~~", "~gggg", "~~~~~", "~~~~~"]  # shallow water counts as water too
    assert promises.water_fraction(stage(shallow), Water(0.8)) is None


def test_no_land_on_the_outer_ring_only():
    assert promises.no_land_on_edge(stage(["~~~~", "~gs~", "~~~~"]), None) is None
    assert promises.no_land_on_edge(stage(["~~~g", "~gs~", "s~~~"]), None) == "2 land tiles on the edge"


def test_every_tile_needs_a_neighbour_of_its_type_diagonals_included():
    assert promises.no_lone_tiles(stage(["ggg", "gsg", "ggg"]), None) == "1 lone tiles"
    assert promises.no_lone_tiles(stage(["ggs", "gsg", "ggg"]), None) is None  # diagonal
    assert promises.no_lone_tiles(stage(["sgg", "ggg", "ggs"]), None) == "2 lone tiles"  # corners, off the edge
    assert promises.no_lone_tiles(stage(["gg"]), None) is None
    assert promises.no_lone_tiles(stage(["0gg", "ggg"]), None) == "1 lone tiles"  # tile 0 is no frame


# -- the table and one request ------------------------------------------------------------------------
def test_each_generator_keeps_its_own_promises():
    names = {spec.name: [p.name for p in spec.promises] for spec in registry.all_specs()}
    dungeon = ["connected", "exit_reachable", "exit_farthest", "exit_far", "start_not_exit", "min_floor"]
    assert names == {"island": ["water_fraction", "no_land_on_edge"], "biomes": ["no_lone_tiles"],
                     "caverns": dungeon, "mosaic": dungeon, "rooms": dungeon}
    assert registry.get("island").promises[0].doc.startswith("The share of water tiles is within")


def test_broken_lists_only_the_promises_broken():
    s = stage(CORRIDOR, start=(1, 1), exit=(1, 1))
    assert promises.broken(s, None, "rooms") == {
        "exit_farthest": "the exit is 0 steps away, the farthest tile 6",
        "exit_far": "the exit is 0 steps from the start (need 1)", "start_not_exit": "the start is the exit"}
    assert promises.broken(s, None, "unknown") == {}


def test_a_request_is_generated_as_asked_and_its_final_stage_checked(monkeypatch):
    asked = []
    start_is_exit = stage(CORRIDOR, start=(1, 1), exit=(1, 1))

    class Made:
        stages, params = {"final": start_is_exit}, None

    def generate(*args):
        asked.append(args)
        return Made()

    monkeypatch.setattr(promises.registry, "generate", generate)
    bad, refusal = promises.check_request("rooms", "seedy", 33, 21, {"loops": 2})
    assert asked == [("rooms", "seedy", 33, 21, {"loops": 2})] and refusal is None
    assert bad["start_not_exit"] == "the start is the exit"


def test_a_refused_request_breaks_nothing_and_says_why():
    bad, refusal = promises.check_request("rooms", "x", 20, 12, {"room_attempts": 1})
    assert bad == {} and "room_attempts must be in" in refusal
    assert promises.check_request("caverns", "x", 48, 32) == ({}, None)


# -- drawing requests and the sweep ------------------------------------------------------------------
def test_log_uniform_draws_stay_in_range_favour_small_and_reach_the_top():
    rng = np.random.default_rng(0)
    draws = [sweep._log_uniform(rng, 16, 2000) for _ in range(3000)]
    assert min(draws) == 16 and 1900 < max(draws) <= 2000
    assert np.median(draws) < 200
    assert {sweep._log_uniform(rng, 1, 3) for _ in range(200)} == {1, 2, 3}
    assert {sweep._log_uniform(rng, 5, 5) for _ in range(20)} == {5}


def test_a_drawn_value_is_legal_and_bounds_come_up():
    rng = np.random.default_rng(1)
    wide = ParamSpec("n", int, 5, 0, 100_000, "")
    narrow = ParamSpec("k", int, 5, 2, 9, "")
    ratio = ParamSpec("f", float, 0.5, 0.1, 0.9, "")
    flag = ParamSpec("b", bool, True, False, True, "")
    pick = ParamSpec("c", str, "a", None, None, "", choices=("a", "b", "c"))
    drawn = {ps.name: [sweep._draw_value(rng, ps) for _ in range(400)] for ps in (wide, narrow, ratio, flag, pick)}
    assert all(0 <= v <= 100_000 and isinstance(v, int) for v in drawn["n"]) and {0, 100_000} <= set(drawn["n"])
    assert np.median(drawn["n"]) < 10_000  # log-uniform over a wide range
    assert set(drawn["k"]) == set(range(2, 10))
    assert all(0.1 <= v <= 0.9 for v in drawn["f"]) and {0.1, 0.9} <= set(drawn["f"])
    assert 0.1 < sum(v in (0.1, 0.9) for v in drawn["f"]) / 400 < 0.3  # bounds one time in five
    assert set(drawn["b"]) == {False, True} and set(drawn["c"]) == {"a", "b", "c"}


def test_a_drawn_request_is_legal_for_its_generator():
    rng = np.random.default_rng(2)
    for spec in registry.all_specs():
        for _ in range(30):
            width, height, values = sweep.draw_request(spec.name, rng)
            spec.check_size(width, height)
            spec.make_params(values)
            assert set(values) == {ps.name for ps in spec.param_specs}


def test_the_sweep_counts_refusals_and_reports_each_broken_request(monkeypatch):
    calls = []

    def fake_measure(name, seed, width, height, values):
        calls.append((seed, width, height, values))
        i = len(calls) - 1
        return sweep.Measured(None if i == 2 else 1.0 + i, 1.0, ({"connected": "cut"} if i in (1, 3) else {}),
                              ("refused" if i == 2 else None))

    monkeypatch.setattr(sweep, "measure", fake_measure)
    lines = []
    out = sweep.sweep("caverns", 4, seed=3, report=lines.append)
    assert [c[0] for c in calls] == [f"sweep-3-{i}" for i in range(4)]
    spec = registry.get("caverns")
    for _, width, height, values in calls:  # the drawn request itself is what is checked
        spec.check_size(width, height)
        assert set(values) == {ps.name for ps in spec.param_specs}
    assert out["maps"] == 4 and out["refused"] == 1 and out["generator"] == "caverns"
    assert out["broken"]["connected"] == 2 and sum(out["broken"].values()) == 2
    assert len(lines) == 2 and lines[0].startswith("caverns seed='sweep-3-1' ") and lines[0].endswith("{'connected': 'cut'}")
    calls.clear()
    sweep.sweep("caverns", 2)
    assert [c[0] for c in calls] == ["sweep-0-0", "sweep-0-1"]  # seed 0 unless told


def test_the_sweep_draws_the_same_requests_for_the_same_seed(monkeypatch):
    seen = []
    monkeypatch.setattr(sweep, "measure", lambda *a: (seen.append(a), sweep.Measured(1.0, 1.0, {}, None))[1])
    sweep.sweep("rooms", 3, seed=1)
    sweep.sweep("rooms", 3, seed=1)
    sweep.sweep("rooms", 3, seed=2)
    assert seen[:3] == seen[3:6] and seen[:3] != seen[6:]
