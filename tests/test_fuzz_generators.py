"""Fuzzing every registered generator across sizes and parameter extremes.

Loops over :func:`worldgen.core.registry.all_specs`, so a generator registered
later is fuzzed too, with the generic checks:

* the run completes within a generous item cap (every search or retry loop
  is count-bounded, so an endless loop shows up as a run that never ends);
* it yields exactly ``spec.stages`` in order, and Progress events name a
  stage with ``done`` in 0..1;
* tile stages are ``uint8`` with known tile ids, layers ``float32`` and
  finite; points are ``(k, 2)`` ``[x, y]`` inside the map, and ``start``,
  ``exit``, ``monsters`` and ``items`` stand on walkable tiles;
* same (seed, size, params) -> same bytes, in this process and in a child
  process with another ``PYTHONHASHSEED``.

Sizes are drawn near ``min_size`` and moderately larger (capped so the file
runs in about a minute); parameters at, next to and between their bounds
(``lo``, ``lo`` + one step, ``hi`` - one step, ``hi``, anything in between;
booleans and choices too).  A generator whose parameters multiply into long
runs gets a *budget* hook (:data:`BUDGETS`) that scales its drawn values down
to a bounded cost while keeping each extreme reachable on its own.

Generator-specific invariants that must hold for all valid parameters are in
:data:`INVARIANTS` (keyed by name; a new generator gets the generic checks).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from worldgen.core import registry, seeding
from worldgen.core.registry import GeneratorSpec, Progress, Stage
from worldgen.core.tiles import TILES, WALKABLE, T
from worldgen.generators import biomes, island, rooms, world
from worldgen.toolkit import grid
from worldgen.toolkit.features import FEATURE_TILES

SPECS = registry.all_specs()
NAMES = [s.name for s in SPECS]
N_TILES = len(TILES)
#: Items (stages + progress events) a run may yield before it counts as a hang.
ITEM_CAP = 200_000
#: Largest side drawn for the "moderately large" sizes.  For a longer hunt:
#: FUZZ_EXAMPLES=3000 FUZZ_SIDE_CAP=300 pytest tests/test_fuzz_generators.py -k fuzz_sizes
SIDE_CAP = int(os.environ.get("FUZZ_SIDE_CAP", "112"))
ROOT = Path(__file__).resolve().parents[1]
POINT_ON_WALKABLE = ("start", "exit", "monsters", "items")


# --------------------------------------------------------------------------- drawing

def _float_neighbours(lo: float, hi: float) -> list[float]:
    return [float(lo), float(np.nextafter(lo, hi)), float(np.nextafter(hi, lo)), float(hi)]


def param_strategy(ps: registry.ParamSpec) -> st.SearchStrategy:
    """Values at, next to and between a parameter's bounds."""
    if ps.choices:
        return st.sampled_from(ps.choices)
    if ps.type is bool:
        return st.booleans()
    if ps.type is int:
        edges = sorted({ps.lo, min(ps.lo + 1, ps.hi), max(ps.hi - 1, ps.lo), ps.hi})
        return st.one_of(st.sampled_from(edges), st.integers(ps.lo, ps.hi))
    if ps.type is float:
        return st.one_of(st.sampled_from(_float_neighbours(ps.lo, ps.hi)),
                         st.floats(ps.lo, ps.hi, allow_nan=False, allow_infinity=False))
    raise TypeError(f"no strategy for {ps.name}: {ps.type}")


def size_strategy(spec: GeneratorSpec) -> st.SearchStrategy:
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size

    def side(lo: int, hi: int) -> st.SearchStrategy:
        return st.one_of(st.just(lo), st.integers(lo, min(hi, lo + 3)),
                         st.integers(lo, max(lo, min(hi, SIDE_CAP))))

    return st.tuples(side(wlo, whi), side(hlo, hhi))


def _island_budget(values: dict, width: int, height: int) -> dict:
    """Bound the particle simulation: ``batches * life`` steps over the grid plus
    ``particles * life`` moves.  Values only ever go down, and each of particles,
    life and batches may still be at its maximum, just not all at once."""
    v = dict(values)
    if v["mask_scale"] == 1 and width * height > 64 * 64:
        v["mask_scale"] = 0  # every tile simulated on a big map: slow by request, not a hang
    sp = island.particle_scale(width, height, island.IslandParams(**v))
    s = sp["scale"]
    cells = 2 * (-(-width // s) + 2) * (-(-height // s) + 2)
    particles, life = max(1, sp["particles"] // (s * s)), max(1, sp["life"] // s)
    batches = max(1, min(v["batches"], particles))
    if batches * life > 3000:  # Python-level steps
        batches = max(1, 3000 // life)
        life = min(life, 3000)
    if batches * life * cells > 1.5e7:  # grid work per step
        life = max(1, int(1.5e7 // (batches * cells)))
    if particles * life > 1.5e7:  # particle moves
        particles = max(1, int(1.5e7 // life))
    # Back to parameter units (the simulation divides by the scale), never upward.
    if particles * s * s < sp["particles"]:
        v["particles"] = max(1, particles * s * s)
    if life * s < sp["life"]:
        v["life"] = max(1, life * s)
    v["batches"] = min(v["batches"], batches)
    return v


#: Per-generator hooks scaling drawn values down to a bounded cost.
BUDGETS = {"island": _island_budget}


@st.composite
def cases(draw, spec: GeneratorSpec):
    width, height = draw(size_strategy(spec))
    values = {ps.name: draw(param_strategy(ps)) for ps in spec.param_specs}
    values = BUDGETS.get(spec.name, lambda v, w, h: v)(values, width, height)
    seed = draw(st.integers(0, 2**63))
    return seed, width, height, values


# --------------------------------------------------------------------------- generic checks

def check_stage(stage: Stage, width: int, height: int) -> None:
    assert stage.data.shape == (height, width), (stage.name, stage.data.shape)
    if stage.kind == "tiles":
        assert stage.data.dtype == np.uint8, stage.name
        assert int(stage.data.max()) < N_TILES, (stage.name, int(stage.data.max()))
    else:
        assert stage.kind == "layer" and stage.data.dtype == np.float32, stage.name
        assert np.isfinite(stage.data).all(), stage.name
        lo, hi = stage.vrange
        assert np.isfinite(lo) and np.isfinite(hi) and lo <= hi, (stage.name, stage.vrange)
    for name, pts in stage.points.items():
        pts = np.asarray(pts)
        assert pts.ndim == 2 and pts.shape[1] == 2, (stage.name, name, pts.shape)
        assert np.issubdtype(pts.dtype, np.integer), (stage.name, name, pts.dtype)
        if pts.size == 0:
            continue
        xs, ys = pts[:, 0], pts[:, 1]
        assert ((xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)).all(), (stage.name, name)
        if stage.kind == "tiles" and name in POINT_ON_WALKABLE:
            assert WALKABLE[stage.data[ys, xs]].all(), (stage.name, name)


def drain(spec: GeneratorSpec, seed: int, width: int, height: int, values: dict):
    """Run to the end under the item cap: ``({name: Stage}, items yielded)``, generic checks done.

    A request the generator refuses (``ParamError`` before its first item: a
    documented conflict between parameters) gives ``(None, 0)`` after checking
    that the refusal is one line naming a parameter.
    """
    stages: dict[str, Stage] = {}
    order: list[str] = []
    items = 0
    run = registry.run(spec.name, seed, width, height, values)
    try:
        first = next(run)
    except registry.ParamError as exc:
        message = str(exc)
        assert "\n" not in message and any(f"{ps.name}=" in message for ps in spec.param_specs), message
        return None, 0
    for item in itertools.chain([first], run):
        items += 1
        assert items <= ITEM_CAP, f"{spec.name} yielded over {ITEM_CAP} items: a hang?"
        if isinstance(item, Progress):
            assert item.stage in spec.stages, item.stage
            assert 0.0 <= item.done <= 1.0, (item.stage, item.done)
            if item.preview is not None:
                check_stage(item.preview, width, height)
            continue
        assert isinstance(item, Stage), type(item)
        check_stage(item, width, height)
        order.append(item.name)
        # Stages may share live arrays with later work: keep copies.
        stages[item.name] = Stage(item.name, item.data.copy(), item.kind, item.vrange,
                                  {k: np.array(v, copy=True) for k, v in item.points.items()},
                                  dict(item.info))
    assert tuple(order) == spec.stages, order
    return stages, items


def fingerprint(stages: dict[str, Stage]) -> str:
    """sha256 over every stage's bytes and points, in stage order."""
    h = hashlib.sha256()
    for name, stage in stages.items():
        h.update(name.encode() + b"\0" + stage.data.tobytes())
        for pname in sorted(stage.points):
            h.update(pname.encode() + np.asarray(stage.points[pname], dtype=np.int64).tobytes())
    return h.hexdigest()


# --------------------------------------------------------------------------- per-generator invariants

def _dist_from(tiles: np.ndarray, point) -> np.ndarray:
    x, y = (int(v) for v in point)
    return grid.distance_map(WALKABLE[tiles], [(y, x)], 4)


def _check_spawns(tiles, pts, dist, least: int, floor_tiles) -> None:
    spawns = np.concatenate([pts["monsters"], pts["items"]]).astype(np.int64).reshape(-1, 2)
    if spawns.size == 0:
        return
    assert len({(int(x), int(y)) for x, y in spawns}) == len(spawns), "spawn points are distinct"
    xs, ys = spawns[:, 0], spawns[:, 1]
    assert np.isin(tiles[ys, xs], floor_tiles).all()
    assert (dist[ys, xs] >= least).all()


def check_island(stages, width, height, p) -> None:
    tiles = stages["terrain"].data
    allowed = [T.deep_water, T.shallow_water, T.sand, T.grass, T.forest, T.hills, T.mountain]
    assert np.isin(tiles, allowed).all() and np.isin(stages["noise_terrain"].data, allowed).all()
    for name in ("noise", "mask_plain", "mask", "combined"):
        layer = stages[name].data
        assert layer.min() >= 0 and layer.max() <= 255, name
    wet = np.isin(tiles, [T.deep_water, T.shallow_water])
    ring = grid.border_mask(tiles.shape)
    assert wet[ring].all(), "no land on the edge"
    # The water fraction: the int((n-1) * water) + 1 lowest tiles, the ring counting
    # lowest and level ground split by the noise, so the count is exact (requests
    # whose ring alone is over water + 0.02 of the map are refused before this).
    n, k = tiles.size, int((tiles.size - 1) * p["water"])
    assert int(np.count_nonzero(wet)) == max(k + 1, int(np.count_nonzero(ring)))
    assert abs(np.count_nonzero(wet) / n - p["water"]) <= 0.02
    assert stages["terrain"].info["land_fraction"] == (n - int(np.count_nonzero(wet))) / n


def check_biomes(stages, width, height, p) -> None:
    seeds = stages["seeds"].data
    n_seeds = min(p["seeds"], width * height)
    assert int(np.count_nonzero(seeds)) == n_seeds
    assert sum(stages["seeds"].info["seed_counts"].values()) == n_seeds
    base = [tid for _, tid in biomes.BASE_TYPES]
    assert np.isin(stages["growth"].data, base).all(), "growth claims every tile"
    final = stages["terrain"].data
    allowed = base + ([row.becomes for row in biomes.TRANSITIONS] if p["transitions"] else [])
    assert np.isin(final, allowed).all(), "every tile filled with a biome"
    if not p["transitions"]:
        assert np.array_equal(stages["transitions"].data, stages["growth"].data)
    assert not biomes.lone_mask(final).any(), "no lone tiles after the clean-up"


#: The parameters that dress a finished map with terrain and vaults (0 by default).
DRESSING = ("lakes", "chasms", "meadows", "doors", "vaults")
#: The tiles terrain and vaults add (worldgen.toolkit.terrain, worldgen.toolkit.vaults) when asked for.
DRESSING_TILES = [T.deep_water, T.shallow_water, T.chasm, T.bridge, T.grass, T.brush, T.door, T.vault_door,
                  T.vault_floor, T.pedestal, T.bookshelf, T.altar]


def in_vaults(final) -> np.ndarray:
    """The cells of the vaults' boxes (carved after the exit was chosen: never stair ground)."""
    out = np.zeros(final.data.shape, dtype=bool)
    for v in final.info.get("vaults", []):
        x, y, w, h = v["box"]
        out[y:y + h, x:x + w] = True
    return out


def check_caverns(stages, width, height, p) -> None:
    final = stages["final"]
    tiles, pts = final.data, final.points
    assert np.isin(tiles, [T.wall, T.floor, T.stairs_up, T.stairs_down, T.trap, *FEATURE_TILES, *DRESSING_TILES]).all()
    assert (tiles[grid.border_mask(tiles.shape)] == T.wall).all()
    assert pts["start"].shape == (1, 2) and pts["exit"].shape == (1, 2)
    (sx, sy), (ex, ey) = pts["start"][0], pts["exit"][0]
    assert tiles[ey, ex] == T.stairs_down and tiles[sy, sx] == T.stairs_up
    walk = WALKABLE[tiles]
    dist = grid.walk_distance(walk, [(sy, sx)])  # the exit is farthest on foot (8-way)
    assert dist[ey, ex] >= 0, "the exit is reachable from the start"
    assert dist[ey, ex] == dist[~in_vaults(final)].max(), "the exit is the farthest reachable cell (vaults aside)"
    assert not (walk & (dist < 0)).any(), "every walkable cell is reachable"
    _check_spawns(tiles, pts, dist, max(p["safe_radius"], 1), [T.floor])


def check_mosaic(stages, width, height, p) -> None:
    final = stages["final"]
    tiles, pts = final.data, final.points
    assert (tiles[grid.border_mask(tiles.shape)] == T.wall).all()
    assert not np.isin(tiles, [T.void, T.unreachable]).any()
    walk = WALKABLE[tiles]
    assert grid.label(walk, 4)[1] == 1, "the final map is one walkable region"
    water = stages["water"].data  # before the repair: deep water is ringed by water, far from land
    dry = ~np.isin(water, [T.deep_water, T.shallow_water])
    deep = water == T.deep_water
    assert not (deep & (grid.neighbour_count(dry, 1, include_centre=True, outside=True) > 0)).any()
    land = WALKABLE[water] & (water != T.shallow_water)
    assert not (deep & (grid.neighbour_count(land, 2, include_centre=True) > 0)).any()
    (sx, sy), (ex, ey) = pts["start"][0], pts["exit"][0]
    assert tiles[sy, sx] == T.stairs_up and tiles[ey, ex] == T.stairs_down
    assert (sx, sy) != (ex, ey)
    dist = grid.walk_distance(WALKABLE[tiles], [(sy, sx)])  # mosaic measures on foot
    assert final.info["exit_steps"] == dist[ey, ex]
    floor = [T.ground, T.sand]
    if final.info["stairs_on"] in ("shallows", "water"):  # documented: too little land, shallows count
        floor = [t.id for t in TILES if t.walkable]
    _check_spawns(tiles, pts, dist, max(p["safe"], 1), floor)


def check_rooms(stages, width, height, p) -> None:
    final = stages["final"]
    tiles, pts = final.data, final.points
    assert (tiles[grid.border_mask(tiles.shape)] == T.wall).all()
    walk = WALKABLE[tiles]
    assert grid.label(walk, 4)[1] == 1, "the floor is one connected region"
    (sx, sy), (ex, ey) = pts["start"][0], pts["exit"][0]
    assert (sx, sy) != (ex, ey)
    assert tiles[sy, sx] == T.stairs_up and tiles[ey, ex] == T.stairs_down
    dist = grid.walk_distance(walk, [(sy, sx)])  # rooms measures on foot
    _check_spawns(tiles, pts, dist, p["safe_radius"], [T.floor])
    if p["dead_end_keep"] == 0 and not any(p.get(k) for k in DRESSING):  # (a pool's rim may be a stub)
        assert not rooms.dead_end_mask(walk).any(), "no dead ends are left when none are kept"


#: Invariants that must hold for every valid (seed, size, params); by generator name.
INVARIANTS = {"island": check_island, "biomes": check_biomes, "caverns": check_caverns,
              "mosaic": check_mosaic, "rooms": check_rooms}


def full_params(spec: GeneratorSpec, values: dict) -> dict:
    """Every parameter's value (defaults filled in) for the invariant checks."""
    p = spec.make_params(values)
    return {ps.name: getattr(p, ps.name) for ps in spec.param_specs}


# --------------------------------------------------------------------------- the fuzz tests

def test_every_builtin_generator_is_fuzzed():
    assert set(INVARIANTS) <= set(NAMES)
    assert {"island", "biomes", "caverns", "mosaic", "rooms"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_fuzz_sizes_and_parameter_extremes(name, data):
    spec = registry.get(name)
    seed, width, height, values = data.draw(cases(spec), label="case")
    stages, _ = drain(spec, seed, width, height, values)
    if stages is None:
        return  # refused in one line (checked by drain)
    check = INVARIANTS.get(name)
    if check is not None:
        check(stages, width, height, full_params(spec, values))
    again, _ = drain(spec, seed, width, height, values)
    assert fingerprint(again) == fingerprint(stages), "same seed, size and params -> same bytes"


def _extreme_combos(spec: GeneratorSpec):
    """All parameters at lo, all at hi, and alternating, at the smallest size and a bigger one."""
    specs = spec.param_specs

    def pick(ps, which):
        if ps.choices:
            return ps.choices[0] if which == "lo" else ps.choices[-1]
        return ps.lo if which == "lo" else ps.hi

    combos = []
    for mode in ("lo", "hi", "alt", "alt2"):
        values = {}
        for i, ps in enumerate(specs):
            which = mode if mode in ("lo", "hi") else ("lo" if (i % 2 == 0) == (mode == "alt") else "hi")
            values[ps.name] = pick(ps, which)
        combos.append(values)
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    for width, height in ((wlo, hlo), (min(whi, 2 * wlo + 7), min(hhi, 2 * hlo + 5))):
        for values in combos:
            yield width, height, BUDGETS.get(spec.name, lambda v, w, h: v)(values, width, height)


@pytest.mark.parametrize("name", NAMES)
def test_no_hang_at_extreme_combinations(name):
    """Every run ends: items yielded are counted against a generous cap."""
    spec = registry.get(name)
    for width, height, values in _extreme_combos(spec):
        stages, items = drain(spec, f"extreme-{width}x{height}", width, height, values)
        if stages is None:
            continue  # refused in one line (checked by drain)
        assert 0 < items <= ITEM_CAP
        check = INVARIANTS.get(name)
        if check is not None:
            check(stages, width, height, full_params(spec, values))


def test_island_expensive_extremes_complete():
    """The costly island knobs at their maximum, one at a time, on a small map."""
    spec = registry.get("island")
    for values in ({"particles": 2_000_000, "life": 2}, {"life": 5000, "particles": 50},
                   {"batches": 1_000_000, "particles": 300, "life": 3},
                   {"mask_scale": 64, "particles": 2_000_000, "life": 40},
                   {"octaves": 12, "divisor": 0.25}, {"divisor": 64.0}):
        stages, items = drain(spec, "costly", 24, 20, values)
        check_island(stages, 24, 20, full_params(spec, values))
        assert items <= ITEM_CAP


# --------------------------------------------------------------------------- regressions found by fuzzing

#: (generator, seed, width, height, params) of runs that once broke an invariant.
REGRESSIONS = (
    # mosaic: a lake map whose only ground was one dug tile put start and exit
    # on that one cell (stairs_down over stairs_up).
    ("mosaic", 5_556_698_392_185_456, 24, 24,
     {"preset": "wild", "areas": 2, "shapes": 3, "smooth": 7, "cave_fill": 0.5499999999999999,
      "noise_walls": 0.0, "beach": 0, "pocket": 0, "monsters": 0.0, "items": 0.0, "safe": 0}),
    # biomes: weights all 0 (each in range) raised ParamError mid-run; so did
    # positive weights below half a millionth.
    ("biomes", 0, 16, 16, {"seeds": 1, "grass": 0.0, "forest": 0.0, "water": 0.0, "mountain": 0.0,
                           "desert": 0.0, "spread": 0.05, "rough": 0.0, "transitions": False}),
    ("biomes", 1, 17, 19, {"grass": 5e-324, "forest": 5e-324, "water": 0.0, "mountain": 0.0,
                           "desert": 0.0}),
)


@pytest.mark.parametrize("name,seed,width,height,values", REGRESSIONS)
def test_regressions(name, seed, width, height, values):
    spec = registry.get(name)
    stages, _ = drain(spec, seed, width, height, values)
    INVARIANTS[name](stages, width, height, full_params(spec, values))


@pytest.mark.parametrize("width,height", [(16, 16), (60, 40)])
def test_island_divisor_wider_than_the_map_still_meets_the_water_fraction(width, height):
    """divisor=64 on a map under 64 tiles: every octave is finer than a tile.  Skipping
    them all left the noise flat and the map all water (ties) whatever ``water`` said."""
    spec = registry.get("island")
    stages, _ = drain(spec, "flat", width, height, {"divisor": 64.0})
    assert stages["noise"].data.max() == 255
    check_island(stages, width, height, full_params(spec, {"divisor": 64.0}))
    wet = np.isin(stages["terrain"].data, [T.deep_water, T.shallow_water])
    assert int(np.count_nonzero(wet)) == int((width * height - 1) * 0.6) + 1


# --------------------------------------------------------------------------- world (not registered)

@settings(max_examples=4, deadline=None)
@given(name=st.text(min_size=1, max_size=12).filter(lambda s: s.strip() != ""))
def test_world_location_invariants_for_any_name(name):
    try:
        w = world.World.from_name(name)
    except world.WorldNameError:
        return
    loc = w.location(int(seeding.seed_from_text(w.key) % world.N_LOCATIONS))
    tiles = loc.tiles
    assert tiles.dtype == np.uint8 and int(tiles.max()) < N_TILES
    xy = loc.site_points()
    assert len(xy) == world.SITES_PER_LOCATION
    assert len({tuple(p) for p in xy.tolist()}) == len(xy)
    assert world.WALKABLE_LAND[tiles[xy[:, 1], xy[:, 0]]].all()
    d2 = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1)
    d2[np.arange(len(xy)), np.arange(len(xy))] = 1 << 40
    assert d2.min() >= loc.spacing ** 2 - 1e-9
    assert tuple(loc.start) not in {tuple(p) for p in xy.tolist()}
    assert all(s.steps >= 0 for s in loc.sites)
    assert [s.steps for s in loc.sites] == sorted(s.steps for s in loc.sites)


@settings(max_examples=150, deadline=None)
@given(h=st.integers(1, 24), w=st.integers(1, 24), density=st.floats(0.0, 1.0),
       n=st.integers(1, 120), seed=st.integers(0, 2**32))
def test_place_sites_ends_and_keeps_its_spacing(h, w, density, n, seed):
    land = np.random.default_rng(seed).random((h, w)) < density
    xy, r2 = world.place_sites(land, n, np.random.default_rng(seed + 1))
    cells = int(np.count_nonzero(land))
    assert len(xy) == min(n, cells)
    if len(xy):
        assert land[xy[:, 1], xy[:, 0]].all()
        assert len({tuple(p) for p in xy.tolist()}) == len(xy)
        d2 = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1)
        d2[np.arange(len(xy)), np.arange(len(xy))] = 1 << 40
        assert d2.min() >= r2 >= 1


# --------------------------------------------------------------------------- determinism across processes

#: (generator, seed, width, height, params): a few runs also checked in child processes.
CROSS_PROCESS = (
    ("island", "cross", 40, 24, {"water": 0.55, "batches": 3}),
    ("biomes", "cross", 33, 21, {"seeds": 40, "rough": 0.5}),
    ("caverns", "cross", 50, 37, {"submap": 9, "loops": 0.5}),
    ("mosaic", "cross", 41, 35, {"preset": "civilized", "areas": 5}),
    ("rooms", "cross", 60, 30, {"loops": 20.0, "dead_end_keep": 0.5}),
)

_CHILD = """
import hashlib, json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from worldgen.core import registry
from worldgen.generators import world
out = {}
for name, seed, w, h, params in json.loads(sys.argv[2]):
    d = hashlib.sha256()
    for item in registry.run(name, seed, w, h, params):
        if isinstance(item, registry.Stage):
            d.update(item.name.encode() + b"\\0" + item.data.tobytes())
            for p in sorted(item.points):
                d.update(p.encode() + np.asarray(item.points[p], dtype=np.int64).tobytes())
    out[name] = d.hexdigest()
loc = world.World.from_name("Cross Process").location(0)
out["world"] = hashlib.sha256(loc.tiles.tobytes() + loc.site_points().tobytes()).hexdigest()
print(json.dumps(out))
"""


def _here_digests() -> dict:
    out = {}
    for name, seed, w, h, params in CROSS_PROCESS:
        d = hashlib.sha256()
        for item in registry.run(name, seed, w, h, params):
            if isinstance(item, Stage):
                d.update(item.name.encode() + b"\0" + item.data.tobytes())
                for p in sorted(item.points):
                    d.update(p.encode() + np.asarray(item.points[p], dtype=np.int64).tobytes())
        out[name] = d.hexdigest()
    loc = world.World.from_name("Cross Process").location(0)
    out["world"] = hashlib.sha256(loc.tiles.tobytes() + loc.site_points().tobytes()).hexdigest()
    return out


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_same_bytes_in_a_process_with_another_hash_seed(hash_seed):
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    child = subprocess.run([sys.executable, "-c", _CHILD, str(ROOT), json.dumps(CROSS_PROCESS)],
                           env=env, capture_output=True, text=True, check=True, cwd=str(ROOT))
    assert json.loads(child.stdout.strip().splitlines()[-1]) == _here_digests()
