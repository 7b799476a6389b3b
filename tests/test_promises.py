"""Every generator keeps its promises at every legal setting (issue 12).

Hypothesis draws sizes and every parameter from each generator's legal table
(the fuzz file's strategies: bounds, neighbours of bounds and anything
between; the island's costliest knobs scaled down, never out of range) and
asserts each promise its spec names (``GeneratorSpec.promises``), or that the request
is refused in one line naming its parameters.  A fast subset runs here; the
large sweep is ``python -m worldgen sweep --maps 2000``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_fuzz_generators import cases
from worldgen.core import registry
from worldgen.core.registry import Stage
from worldgen.core.tiles import T
from worldgen.toolkit import promises
from worldgen.tools import sweep

NAMES = [spec.name for spec in registry.all_specs()]

#: Requests that broke a promise before the generators were fixed (regressions).
ONCE_BROKEN = [
    ("rooms", "gap", None, None, {}),
    ("rooms", "sweep-0-4", 172, 83, {
        "room_attempts": 89, "shifts": 15, "corridor_chance": 0.3368522555746124,
        "cave_chance": 0.32344191809944245, "fuse_chance": 0.10567343218879188,
        "door_chance": 0.7926745349832764, "secret_chance": 0.4344962148186301,
        "dead_end_keep": 0.0, "loops": 37.097277195328296, "loop_distance": 4,
        "monster_density": 0.09127545611000742, "item_density": 0.33182300145072935, "safe_radius": 10}),
    ("mosaic", "gap", None, None, {}),
    ("mosaic", "sweep-0-908", 36, 26, {
        "preset": "wild", "areas": 2, "shapes": 1, "smooth": 6, "cave_fill": 0.55, "noise_walls": 0.0,
        "beach": 3, "pocket": 0, "monsters": 21.60091905399888, "items": 0.4696566150394754, "safe": 172}),
]


def test_every_generator_has_promises():
    for spec in registry.all_specs():
        listed = spec.promises
        assert listed and len({p.name for p in listed}) == len(listed)
        assert all(p.doc for p in listed)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_every_promise_at_random_legal_settings(name, data):
    seed, width, height, values = data.draw(cases(registry.get(name)), label="request")
    broken, refusal = promises.check_request(name, seed, width, height, values)
    if refusal is not None:
        assert "\n" not in refusal and any(f"{k}=" in refusal for k in values), refusal
        return
    assert broken == {}


@pytest.mark.parametrize("name,seed,width,height,values", ONCE_BROKEN)
def test_requests_that_once_broke_a_promise(name, seed, width, height, values):
    spec = registry.get(name)
    width, height = width or spec.default_size[0], height or spec.default_size[1]
    broken, refusal = promises.check_request(name, seed, width, height, values)
    assert refusal is None and broken == {}


# --------------------------------------------------------------------------- the reported cases

@pytest.mark.parametrize("seed,width,height,params", [
    ("kvrt9w-189-éß", 96, 64, {}),                              # exit 59 steps, farthest 77
    ("x", 40, 40, {"submap": 64, "fill": 0.8}),                  # one floor tile, start == exit
    ("x", 40, 40, {"submap": 64, "fill": 0.7}),
])
def test_the_caverns_cases_of_issue_12(seed, width, height, params):
    broken, refusal = promises.check_request("caverns", seed, width, height, params)
    assert refusal is None and broken == {}


@pytest.mark.parametrize("params", [{"life": 1}, {"water": 0.3, "life": 10}, {"particles": 10, "margin": 20}])
def test_the_island_cases_of_issue_12(params):
    assert promises.check_request("island", "abc", 88, 32, params) == ({}, None)


# --------------------------------------------------------------------------- each promise, by hand

def stage(rows: list[str], **points) -> Stage:
    """A tile stage from text: ``#`` wall, ``.`` floor; points as ``(x, y)``."""
    tiles = np.array([[T.wall if c == "#" else T.floor for c in row] for row in rows], dtype=np.uint8)
    return Stage("final", tiles, points={k: np.array([v]) for k, v in points.items()})


def test_dungeon_promises_by_hand():
    good = stage(["######", "#....#", "#.##.#", "######"], start=(1, 1), exit=(4, 2))
    assert {p.name: p.check(good, None) for p in registry.get("caverns").promises} == {
        "connected": None, "exit_reachable": None, "exit_farthest": None, "exit_far": None,
        "start_not_exit": None, "min_floor": None}
    cut = stage(["######", "#..#.#", "######"], start=(1, 1), exit=(2, 1))
    assert "1 walkable tiles cannot be reached" in promises.connected(cut, None)
    assert "cannot be reached" in promises.exit_reachable(stage(["#####", "#.#.#", "#####"],
                                                                start=(1, 1), exit=(3, 1)), None)
    near = stage(["#####", "#...#", "#####"], start=(1, 1), exit=(2, 1))
    assert promises.exit_farthest(near, None) == "the exit is 1 steps away, the farthest tile 2"
    assert promises.start_not_exit(stage(["###", "#.#", "###"], start=(1, 1), exit=(1, 1)), None)
    assert promises.min_floor(stage(["#" * 20] * 19 + ["#" + "." * 3 + "#" * 16]), None)
    # Diagonal steps count: the exit across a corner is one step away, not two.
    corner = stage(["####", "#.##", "##.#", "####"], start=(1, 1), exit=(2, 2))
    assert promises.connected(corner, None) is None and promises.exit_farthest(corner, None) is None


def test_island_and_biome_promises_by_hand():
    class P:
        water = 0.5
    sea = np.full((4, 4), T.deep_water, np.uint8)
    sea[1:3, 1:3] = T.grass
    assert promises.no_land_on_edge(Stage("terrain", sea), P) is None
    assert promises.water_fraction(Stage("terrain", sea), P) == \
        "water covers 0.750 of the map, 0.500 was asked for"
    sea[0, 0] = T.sand
    assert promises.no_land_on_edge(Stage("terrain", sea), P) == "1 land tiles on the edge"
    lone = np.full((3, 3), T.grass, np.uint8)
    lone[1, 1] = T.forest
    assert promises.no_lone_tiles(Stage("terrain", lone), None) == "1 lone tiles"
    lone[1, 2] = T.forest
    assert promises.no_lone_tiles(Stage("terrain", lone), None) is None


def test_sweep_counts_every_promise_and_draws_legal_requests():
    report = []
    counts = sweep.sweep("caverns", 4, seed=7, report=report.append)
    assert counts["maps"] == 4 and set(counts["broken"]) == {p.name for p in registry.get("caverns").promises}
    assert counts["broken"] == dict.fromkeys(counts["broken"], 0) and report == []
    spec = registry.get("island")
    rng = np.random.default_rng(3)
    for _ in range(50):
        width, height, values = sweep.draw_request("island", rng)
        spec.check_size(width, height)
        spec.make_params(values)  # raises on anything out of range
