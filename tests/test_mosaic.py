"""Tests for worldgen.generators.mosaic: master mask, styles, water, repair, points."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legal import bare, legal_request
from worldgen.core import seeding
from worldgen.core.registry import REGISTRY, ParamError, Progress, Stage
from worldgen.core.tiles import T, WALKABLE
from worldgen.generators import mosaic
from worldgen.toolkit import grid

SPEC = mosaic.SPEC
WATER = (T.deep_water, T.shallow_water)


def drain(seed, width, height, **params):
    """Run mosaic to the end: ({stage name: Stage}, [Progress ...]).

    Drains ``mosaic.run`` through the spec exactly as ``registry.generate``
    does, without importing the other generators."""
    p = SPEC.make_params(params)
    stages, progress = {}, []
    for item in SPEC.run(seeding.seed_from_text(seed), width, height, p):
        if isinstance(item, Stage):
            stages[item.name] = item
        else:
            progress.append(item)
    return stages, progress


def gen(seed, width=100, height=100, **params):
    return drain(seed, width, height, **params)[0]


def digest(stages) -> str:
    return hashlib.sha256(stages["final"].data.tobytes()).hexdigest()


def area_styles(stages):
    return [mosaic.STYLES[a["style"]] for a in stages["final"].info["areas"]]


#: The walkable share of the interior every legal request gets (docs/generators/mosaic.md: promises).
MIN_FLOOR_FRACTION = 0.1


def check_map(stages, **params):
    """Every invariant the issues name, on one run made with ``params``."""
    p = SPEC.make_params(params)
    beach = p.beach
    mask = stages["mask"].data.astype(np.int64)
    water, final, reach = stages["water"].data, stages["final"].data, stages["reachability"].data
    styles = area_styles(stages)
    n = len(styles)
    h, w = final.shape
    border = grid.border_mask((h, w))

    # The cage, and area 0 is exactly that ring with the border style.
    assert (final[border] == T.wall).all()
    assert ((mask == 0) == border).all()
    assert styles[0].name == "border"
    assert mask.max() <= n - 1

    # Each area holds only its style's tiles, apart from the beach seam (sand
    # within `beach` tiles of a water area, on land that takes a beach).
    wet_area = np.array([s.wet for s in styles])[mask]
    seam = grid.neighbour_count(wet_area, max(beach, 0), include_centre=True) > 0
    for a, style in enumerate(styles):
        here = mask == a
        ok = np.isin(water, style.tiles)
        if style.beach:
            ok |= (water == T.sand) & seam
        assert ok[here].all(), (style.name, np.unique(water[here & ~ok]))
        ok_final = ok | np.isin(final, (T.stairs_up, T.stairs_down))
        if style.beach:
            ok_final |= (final == T.sand) & seam
        assert ok_final[here].all(), (style.name, np.unique(final[here & ~ok_final]))

    # Deep water only where the rule allows: inside water areas, ringed by water;
    # before the repair also never within 2 tiles of walkable land.
    for m in (water, final):
        deep = m == T.deep_water
        assert not (deep & ~wet_area).any()
        dry = ~np.isin(m, WATER)
        near_dry = grid.neighbour_count(dry, 1, include_centre=True, outside=True) > 0
        assert not (deep & near_dry).any()
    land = WALKABLE[water] & (water != T.shallow_water)
    near_land = grid.neighbour_count(land, 2, include_centre=True) > 0
    assert not ((water == T.deep_water) & near_land).any()

    # Final: every area filled, one 4-connected walkable region, no debug tiles.
    assert not np.isin(final, (T.void, T.unreachable)).any()
    walk = WALKABLE[final]
    assert grid.label(walk, 4)[1] == 1

    # Reachability: the water map with exactly the cut-off walkable tiles in red.
    wwalk = WALKABLE[water]
    main = grid.largest_region(wwalk, 4)
    expect = water.copy()
    expect[wwalk & ~main] = T.unreachable
    assert np.array_equal(reach, expect)
    assert not np.isin(reach, (T.stairs_up, T.stairs_down)).any()

    # Points: stairs at start and exit, spawns on reachable floor away from the start.
    pts = stages["final"].points
    for name in ("start", "exit", "monsters", "items"):
        assert pts[name].ndim == 2 and pts[name].shape[1] == 2
    assert pts["start"].shape == (1, 2) and pts["exit"].shape == (1, 2)
    (sx, sy), (ex, ey) = pts["start"][0], pts["exit"][0]
    assert final[sy, sx] == T.stairs_up and final[ey, ex] == T.stairs_down
    assert (sx, sy) != (ex, ey)
    dist = grid.walk_distance(walk, [(sy, sx)])  # on foot: the game's 8-way steps
    assert (dist[walk] >= 0).all()
    floor = np.isin(final, (T.ground, T.sand, T.stairs_up, T.stairs_down))
    if stages["final"].info["stairs_on"] == "shallows":  # documented: a map without two land tiles
        assert np.count_nonzero(np.isin(final, (T.ground, T.sand))) < 2
        floor = walk & (grid.neighbour_count(final == T.deep_water, 2, include_centre=True) == 0)
    elif stages["final"].info["stairs_on"] == "water":  # documented: an islet in a lake
        floor = walk & (grid.neighbour_count(final == T.deep_water, 1, include_centre=True) == 0)
    assert dist[ey, ex] == dist[floor].max() > 0
    assert np.count_nonzero(walk) >= MIN_FLOOR_FRACTION * (h - 2) * (w - 2)
    assert stages["final"].info["exit_steps"] == dist[ey, ex]
    spawns = np.concatenate([pts["monsters"], pts["items"]])
    assert len({tuple(p) for p in spawns.tolist()}) == len(spawns)
    if len(spawns):
        xs, ys = spawns[:, 0], spawns[:, 1]
        assert floor[ys, xs].all()
        assert (dist[ys, xs] >= max(p.safe, 1)).all()


# --------------------------------------------------------------------------- spec

def test_spec_is_registered_with_issue_sizes_and_stages():
    assert REGISTRY["mosaic"] is SPEC
    assert SPEC.stages == ("mask", "styles", "water", "final", "reachability")
    assert SPEC.default_size == (100, 100)
    assert SPEC.bench_sizes == ((100, 100), (500, 500))
    assert SPEC.min_size == (24, 24) and SPEC.max_size == (1000, 1000)
    preset = SPEC.param_spec("preset")
    assert preset.default == "wild" and preset.choices == ("wild", "civilized")
    areas = SPEC.param_spec("areas")
    assert (areas.lo, areas.hi) == (2, 6)


def test_bad_params_are_refused():
    with pytest.raises(ParamError):
        SPEC.make_params({"preset": "urban"})
    with pytest.raises(ParamError):
        SPEC.make_params({"areas": 7})
    with pytest.raises(ParamError):
        SPEC.make_params({"areas": 1})
    assert SPEC.make_params({"preset": "civilized"}).preset == "civilized"


def test_registry_generate_drives_it_and_stops_at_a_stage():
    from worldgen.core.registry import generate

    full = generate("mosaic", "via-registry", 64, 48, {"preset": "civilized"})
    assert list(full.stages) == list(SPEC.stages)
    assert digest(full.stages) == digest(gen("via-registry", 64, 48, preset="civilized"))
    part = generate("mosaic", "via-registry", 64, 48, {"preset": "civilized"}, stage="water")
    assert list(part.stages) == ["mask", "styles", "water"]


def test_stages_come_in_order_with_kinds_and_shapes():
    order = []
    p = SPEC.make_params({"areas": 4})
    for item in SPEC.run(seeding.seed_from_text("order"), 60, 40, p):
        if isinstance(item, Stage):
            order.append(item.name)
    assert order == list(SPEC.stages)
    stages = gen("order", 60, 40, areas=4)
    mask = stages["mask"]
    assert mask.kind == "layer" and mask.data.dtype == np.float32 and mask.vrange == (0.0, 4.0)
    assert set(np.unique(mask.data).tolist()) == {0.0, 1.0, 2.0, 3.0, 4.0}
    for name in ("styles", "water", "final", "reachability"):
        assert stages[name].kind == "tiles" and stages[name].data.shape == (40, 60)


# --------------------------------------------------------------------------- invariants

SIZES = ((24, 24), (40, 30), (64, 64), (100, 100), (37, 80), (80, 41))


@pytest.mark.parametrize("chunk", range(10))
def test_invariants_over_hundreds_of_seeds(chunk):
    """500 runs: both presets, six sizes, every area count."""
    for i in range(chunk * 50, chunk * 50 + 50):
        preset = ("wild", "civilized")[i % 2]
        w, h = SIZES[i % len(SIZES)]
        areas = 2 + (i // 2) % 5
        stages = gen(f"seed-{i}", w, h, preset=preset, areas=areas)
        check_map(stages)
        # every area of the master mask is present
        counts = np.bincount(stages["mask"].data.astype(np.int64).ravel(), minlength=areas + 1)
        assert (counts > 0).all(), (i, counts)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_promises_at_every_legal_setting(data):
    """Any legal size and every parameter drawn from the table: the map keeps its promises."""
    seed, w, h, params = data.draw(legal_request(SPEC), label="request")
    params = bare(params)
    check_map(gen(seed, w, h, **params), **params)


@pytest.mark.parametrize("preset,size", [("wild", (500, 500)), ("civilized", (300, 200))])
def test_invariants_at_large_sizes(preset, size):
    check_map(gen(f"large-{preset}", *size, preset=preset, areas=5))


# --------------------------------------------------------------------------- determinism

def test_same_seed_same_bytes_other_seed_other_map():
    a, b = gen("same", 80, 60), gen("same", 80, 60)
    for name in SPEC.stages:
        assert a[name].data.tobytes() == b[name].data.tobytes()
    for name, pts in a["final"].points.items():
        assert np.array_equal(pts, b["final"].points[name])
    assert a["final"].info == b["final"].info
    assert digest(gen("other", 80, 60)) != digest(a)


# Regenerate after an intended change with:
#   .venv/bin/python -c "import tests.test_mosaic as t; print(t.current_goldens())"
GOLDEN = {
    ("Deepisle", 100, 100, "wild"): "70151c05c3022a1d8b68f2f65bae737f62fcd9f1a688acc9bdc27b94af8f3e93",
    ("Deepisle", 64, 48, "civilized"): "9184f2d84e2cd9d966932675c148223faa3a7bea59d5782ac27191d9d53d2793",
    ("golden-3", 160, 120, "wild"): "d4108949921896af5d2c6d8a4287faec47e892c74bd1d0394d90efa70c895291",
}


def current_goldens() -> dict:
    return {key: digest(gen(key[0], key[1], key[2], preset=key[3])) for key in GOLDEN}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_golden_digests(key):
    seed, w, h, preset = key
    assert digest(gen(seed, w, h, preset=preset)) == GOLDEN[key]


# --------------------------------------------------------------------------- mask

def _replay(shapes, h, w, areas):
    """Rasterise the recorded shapes independently and add them modulo ``areas``
    (a repair shape, recorded with ``set``, paints its area index instead)."""
    index = np.zeros((h, w), dtype=np.int64)
    Y, X = np.mgrid[0:h, 0:w]
    for s in shapes:
        if s["kind"] == "rectangle":
            x0, y0, rw, rh = s["rect"]
            cells = (X >= x0) & (X < x0 + rw) & (Y >= y0) & (Y < y0 + rh)
        elif s["kind"] == "ellipse":
            (cx, cy), (rx, ry) = s["centre"], s["radii"]
            cells = ((X - cx) * ry) ** 2 + ((Y - cy) * rx) ** 2 <= (rx * ry) ** 2
        else:
            pts = s["points"]
            signs = []
            for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
                signs.append((bx - ax) * (Y - ay) - (by - ay) * (X - ax))
            cells = (np.all([e >= 0 for e in signs], axis=0)
                     | np.all([e <= 0 for e in signs], axis=0))
        cells &= ~grid.border_mask((h, w))
        if "set" in s:
            index[cells] = s["set"] - 1
        else:
            index[cells] = (index[cells] + s["add"]) % areas
    out = index + 1
    out[grid.border_mask((h, w))] = 0
    return out


@pytest.mark.parametrize("preset", ["wild", "civilized"])
def test_mask_without_smoothing_is_the_modulo_sum_of_its_shapes(preset):
    for i in range(20):
        w, h = SIZES[i % len(SIZES)]
        areas = 2 + i % 5
        stages = gen(f"mod-{i}", w, h, preset=preset, areas=areas, smooth=0)
        info = stages["mask"].info
        assert all(1 <= s["add"] < areas for s in info["shapes"] if "add" in s)
        assert all(1 <= s["set"] <= areas for s in info["shapes"] if "set" in s)
        assert np.array_equal(stages["mask"].data.astype(np.int64),
                              _replay(info["shapes"], h, w, areas))


def test_presets_draw_their_shapes_with_the_source_proportions():
    kinds = {"wild": set(), "civilized": set()}
    for i in range(40):
        preset = ("wild", "civilized")[i % 2]
        w, h = SIZES[i % len(SIZES)]
        iw, ih = w - 2, h - 2
        for s in gen(f"shape-{i}", w, h, preset=preset)["mask"].info["shapes"]:
            kinds[preset].add(s["kind"])
            if s["kind"] == "ellipse":
                rx, ry = s["radii"]
                ratio = min(rx, ry) / max(rx, ry)
                assert 0.45 <= ratio <= 0.85, s
            if s["kind"] == "triangle":
                (x1, y1), (x2, y2), (x3, y3) = s["points"]
                for (ax, ay), (bx, by) in (((x1, y1), (x2, y2)), ((x2, y2), (x3, y3)),
                                           ((x3, y3), (x1, y1))):
                    assert ax != bx and ay != by, s  # no axis-aligned edge
                big_x, small_y = abs(x2 - x1), abs(y2 - y1)
                small_x, big_y = abs(x3 - x1), abs(y3 - y1)
                assert iw * 25 // 100 <= big_x <= iw * 50 // 100, s
                assert ih * 25 // 100 <= big_y <= ih * 50 // 100, s
                assert 1 <= small_x < max(2, iw * 25 // 100), s
                assert 1 <= small_y < max(2, ih * 25 // 100), s
    assert kinds["wild"] == {"ellipse", "triangle"}
    assert kinds["civilized"] == {"rectangle", "triangle"}


def _seams(mask):
    """Cells with an orthogonal neighbour of another area, inside the border."""
    inner = mask[1:-1, 1:-1]
    diff = np.zeros(inner.shape, dtype=bool)
    diff[:, 1:] |= inner[:, 1:] != inner[:, :-1]
    diff[1:, :] |= inner[1:, :] != inner[:-1, :]
    return int(diff.sum())


def test_smoothing_shortens_area_borders():
    """Same shapes (smoothing draws no numbers), fewer seams after the majority passes."""
    for i in range(20):
        preset = ("wild", "civilized")[i % 2]
        raw = gen(f"smooth-{i}", 80, 80, preset=preset, areas=4, smooth=0)["mask"]
        soft = gen(f"smooth-{i}", 80, 80, preset=preset, areas=4, smooth=2)["mask"]
        adds = [s for s in raw.info["shapes"] if "add" in s]
        assert adds == [s for s in soft.info["shapes"] if "add" in s]
        assert _seams(soft.data) < 0.8 * _seams(raw.data), i


# --------------------------------------------------------------------------- beach

def test_beach_lies_between_land_areas_and_water():
    with_beach = without = 0
    for i in range(40):
        stages = gen(f"beach-{i}", 80, 80, areas=3)
        styles = area_styles(stages)
        if not any(s.wet for s in styles):
            continue
        water = stages["water"].data
        assert (water == T.sand).any()
        with_beach += 1
        check_map(stages)
        none = gen(f"beach-{i}", 80, 80, areas=3, beach=0)["water"].data
        assert not (none == T.sand).any()
        without += 1
    assert with_beach >= 10 and without == with_beach


# --------------------------------------------------------------------------- repair

def test_pocket_zero_joins_everything():
    stages = gen("joiner", 100, 100, pocket=0, noise_walls=0.3, areas=4)
    assert stages["final"].info["repair"]["filled_pockets"] == 0
    check_map(stages)


# --------------------------------------------------------------------------- points, info

def test_spawn_density_and_safe_distance():
    stages = gen("spawns", 100, 100, monsters=10.0, items=5.0, safe=20)
    final = stages["final"].data
    n_walk = int(WALKABLE[final].sum())
    pts = stages["final"].points
    assert len(pts["monsters"]) == int(10.0 * n_walk / 1000.0)
    assert len(pts["items"]) == int(5.0 * n_walk / 1000.0)
    (sx, sy) = pts["start"][0]
    dist = grid.walk_distance(WALKABLE[final], [(sy, sx)])
    both = np.concatenate([pts["monsters"], pts["items"]])
    assert (dist[both[:, 1], both[:, 0]] >= 20).all()
    empty = gen("spawns", 100, 100, monsters=0.0, items=0.0)["final"].points
    assert empty["monsters"].shape == (0, 2) and empty["items"].shape == (0, 2)


def test_final_info_lists_areas_with_shape_and_style():
    counts = {"wild": {}, "civilized": {}}
    for i in range(30):
        preset = ("wild", "civilized")[i % 2]
        info = gen(f"info-{i}", 64, 64, preset=preset, areas=3)["final"].info
        assert info["preset"] == preset
        areas = info["areas"]
        assert [a["index"] for a in areas] == [0, 1, 2, 3]
        assert areas[0]["style"] == "border" and areas[0]["shape"] == "frame"
        assert sum(a["tiles"] for a in areas) == 64 * 64
        names = [a["style"] for a in areas[1:]]
        assert len(set(names)) == 3  # drawn without replacement: more styles than areas
        for a in areas[1:]:
            assert a["shape"] in ("base", "rectangle", "ellipse", "triangle")
            counts[preset][a["style"]] = counts[preset].get(a["style"], 0) + 1
    assert "ruins" not in counts["wild"]
    artificial = lambda c: c.get("garden", 0) + c.get("ruins", 0)  # noqa: E731
    assert artificial(counts["civilized"]) > artificial(counts["wild"])


def test_progress_events_at_large_sizes():
    stages, progress = drain("progress", 250, 200, areas=4)
    assert {p.stage for p in progress} >= {"mask", "styles", "final"}
    for p in progress:
        assert isinstance(p, Progress) and p.stage in SPEC.stages and 0.0 <= p.done <= 1.0
        assert p.preview is None or p.preview.data.shape == (200, 250)
    assert len([p for p in progress if p.stage == "styles"]) >= 7  # CA iterations
    _, small = drain("progress", 60, 60)
    # a small map is cut into its stages' pieces, not into bands: a few events, in mask and final only
    assert {p.stage for p in small} == {"mask", "final"} and len(small) <= 24
    assert all(p.preview is None or p.preview.data.shape == (60, 60) for p in small)


@pytest.mark.parametrize("spare, big", [(0, True), (1, False), (-1, True)])
def test_a_mosaic_of_exactly_big_cells_is_paced_as_a_big_map(monkeypatch, spare, big):
    """``BIG`` set to exactly a 64x40 map's cells: its styles and water stages report as they
    go (a big map); one cell more, the map runs as usual, with no events of its own."""
    from worldgen.core import registry
    from worldgen.generators.mosaic import generator as mosaic_generator

    def events():
        return [(i.stage, round(i.done, 6)) for i in registry.run("mosaic", "paced", 64, 40) if isinstance(i, Progress)]

    usual = events()
    monkeypatch.setattr(mosaic_generator, "BIG", 64 * 40 + spare)
    got = events()
    assert (got != usual) == big
    assert len(got) > len(usual) if big else got == usual


def test_each_area_is_filled_once_its_neighbour_reading_styles_after_the_rest(monkeypatch):
    """Phase 0 styles fill in the styles stage, the styles that read their neighbours (phase
    above 0) in the water stage after them; no area is filled twice."""
    from worldgen.core import registry
    from worldgen.generators.mosaic import generator as mosaic_generator
    from worldgen.generators.mosaic.styles import style_phases
    real, filled = mosaic_generator.fill_area, []

    def fill(seed, tiles, mask, a, styles, *rest):
        filled.append((a, style_phases([s.name for s in styles])[styles[a].name]))
        return real(seed, tiles, mask, a, styles, *rest)

    monkeypatch.setattr(mosaic_generator, "fill_area", fill)
    seen = set()
    for seed in range(4):
        filled.clear()
        list(registry.run("mosaic", f"fill-{seed}", 100, 100))
        areas = [a for a, _ in filled]
        assert len(areas) == len(set(areas)) > 1
        phases = [p for _, p in filled]
        assert phases == sorted(phases)
        seen |= set(phases)
    assert 0 in seen and len(seen) > 1   # both stages had areas to fill


# --------------------------------------------------------------------------- generator.py
# Focused tests of worldgen/generators/mosaic/generator.py: the run's wiring (its events,
# previews and infos), the terrain it lays in the areas that allow it, and the edges of its
# loop over the areas (issue 42: the module's mutation survivors).

#: Every terrain kind at the top of its range (the defaults lay none).
ALL_TERRAIN = {"lakes": 10.0, "chasms": 10.0, "meadows": 10.0, "doors": 10.0}


def _event_bytes(item) -> bytes:
    """One yielded item as bytes: a Stage's name, kind, range, data, info and points;
    a Progress's stage, share done and preview (read when it is yielded: it is live)."""
    import json
    if isinstance(item, Progress):
        shown = b"-" if item.preview is None else _event_bytes(item.preview)
        return f"P {item.stage} {item.done!r} ".encode() + shown
    info = json.dumps(item.info, sort_keys=True, default=lambda o: o.tolist() if hasattr(o, "tolist") else repr(o))
    head = f"S {item.name} {item.kind} {item.vrange!r} {item.data.dtype} {item.data.shape} {info} "
    points = b"".join(name.encode() + pts.astype(np.int64).tobytes() for name, pts in sorted(item.points.items()))
    return head.encode() + item.data.tobytes() + points


def stream_digest(seed, width, height, **params) -> str:
    """sha256 of everything one run yields, in order (:func:`_event_bytes`)."""
    p = SPEC.make_params(params)
    h = hashlib.sha256()
    for item in SPEC.run(seeding.seed_from_text(seed), width, height, p):
        h.update(hashlib.sha256(_event_bytes(item)).digest())
    return h.hexdigest()


# Regenerate after an intended change with:
#   PYTHONPATH=tests .venv/bin/python -c "import tests.test_mosaic as t; print(t.current_stream_goldens())"
# 47x33: a small map (no slicing), every terrain kind; 120x100: exactly BIG cells, so every
# loop is sliced and shows previews; 64x48 "v-2": two vaults carved (a relayed step each).
STREAM_GOLDEN = {
    ("gen-a", 47, 33, "civilized"): "35f593a17781784ce9a5760fcbac3594ba4095f6e0d948bf610af7d991ffa8b0",
    ("gen-big", 120, 100, "civilized"): "27c8435bf288b85b235b6839c54bb2516d5448d745ee561439b3e43506fa0980",
    ("v-2", 64, 48, "wild"): "3725fdbadd9131d2846fb8925f387b7be4f4643db09b040460f74c7bd948fd25",
}
STREAM_PARAMS = {"areas": 5, "features": 2.0, "vaults": 3.0, **ALL_TERRAIN}


def current_stream_goldens() -> dict:
    return {key: stream_digest(key[0], key[1], key[2], preset=key[3], **STREAM_PARAMS) for key in STREAM_GOLDEN}


@pytest.mark.parametrize("key", sorted(STREAM_GOLDEN))
def test_a_run_yields_the_same_events_stages_and_infos_for_the_same_request(key):
    """Not just the final tiles: every stage, info, point and progress event with its preview."""
    seed, w, h, preset = key
    assert stream_digest(seed, w, h, preset=preset, **STREAM_PARAMS) == STREAM_GOLDEN[key]


@pytest.mark.parametrize("seed, size, preset", [("gen-a", (47, 33), "civilized"), ("gen-c", (52, 40), "civilized"),
                                                ("gen-d", (50, 38), "wild")])
def test_pools_and_doors_lie_in_the_areas_whose_styles_allow_them(seed, size, preset):
    """Lakes in caves and gardens, chasms in caves, noise and ruins, meadows in gardens, noise
    and caves, doors in ruins and gardens (``POOL_STYLES``, ``DOOR_STYLES``); the info counts
    what was laid, bridges summed over the kinds."""
    from worldgen.generators.mosaic.generator import DOOR_STYLES, POOL_STYLES
    stages = gen(seed, *size, preset=preset, areas=5, **ALL_TERRAIN)
    final, info = stages["final"].data, stages["final"].info
    style = np.array([a["style"] for a in info["areas"]])[stages["mask"].data.astype(np.int64)]
    laid = info["terrain"]
    assert min(laid["lake"], laid["chasm"], laid["meadow"], laid["doors"], laid["bridges"]) > 0, laid
    assert set(style[final == T.chasm]) <= set(POOL_STYLES["chasm"])
    assert set(style[np.isin(final, (T.brush, T.grass))]) <= set(POOL_STYLES["meadow"])
    assert set(style[(final == T.deep_water) & (style != "water")]) <= set(POOL_STYLES["lake"])
    assert set(style[final == T.door]) <= set(DOOR_STYLES)
    assert laid["bridges"] == np.count_nonzero(final == T.bridge)


def test_each_stage_info_names_its_fields():
    """mask: the area count, tiles per area (every area, empty ones too) and the shapes; styles
    and water: the run order (styles that read no neighbour first, in area order, then water);
    reachability: the regions, the cut-off tiles and the walker; final: the areas, the order,
    the repair, the terrain and vaults laid, the walker."""
    from worldgen.generators.mosaic.params import WALKER
    stages = gen("gen-a", 47, 33, preset="civilized", areas=5, **ALL_TERRAIN)
    mask, final, reach = stages["mask"], stages["final"], stages["reachability"]
    assert sorted(mask.info) == ["area_tiles", "areas", "shapes"] and mask.info["areas"] == 5
    assert mask.info["area_tiles"] == np.bincount(mask.data.astype(np.int64).ravel()).tolist()
    assert mask.info["area_tiles"] == [156, 646, 373, 121, 121, 134]  # sums to 47 * 33
    assert [a["style"] for a in final.info["areas"]] == ["border", "water", "garden", "caves", "ruins", "noise"]
    order = ["border", "garden", "caves", "ruins", "noise", "water"]
    assert stages["styles"].info == stages["water"].info == {"order": order} and final.info["order"] == order
    assert reach.info == {"regions": 1, "unreachable_tiles": 0, "walker": WALKER}
    cut = gen("reach-3", 47, 33, preset="wild", areas=5)  # one tile cut off before the repair
    walk = WALKABLE[cut["water"].data]
    assert grid.label(walk, 4)[1] == 2 and np.count_nonzero(cut["reachability"].data == T.unreachable) == 1
    assert cut["reachability"].info == {"regions": 2, "unreachable_tiles": 1, "walker": WALKER}
    assert final.info["walker"] == WALKER and final.info["preset"] == "civilized"
    assert final.info["vaults"] == [] and "shallowed_tiles" in final.info["repair"]
    carved = gen("v-2", 64, 48, preset="wild", vaults=3.0)["final"].info["vaults"]
    assert [v["design"] for v in carved] == ["trapped", "locked"]


@pytest.mark.parametrize("seed, size, params", [("gen-big", (120, 100), STREAM_PARAMS),
                                                ("v-2", (64, 48), {"vaults": 3.0})])
def test_progress_shows_previews_named_for_the_stages_of_the_spec(seed, size, params):
    """Every event is 0..1 done and any preview is a whole map of a stage the spec names; on a
    map of BIG cells the styles and water stages show their own stage, and the final stage
    shows water, then reachability, then final, with a preview on every event."""
    from worldgen.generators.mosaic.params import BIG
    w, h = size
    seen = {}
    for item in SPEC.run(seeding.seed_from_text(seed), w, h, SPEC.make_params(params)):
        if isinstance(item, Progress):
            assert 0.0 <= item.done <= 1.0, item
            if item.preview is not None:
                assert item.preview.name in SPEC.stages and item.preview.data.shape == (h, w), item
            seen.setdefault(item.stage, []).append(None if item.preview is None else item.preview.name)
    if w * h >= BIG:
        assert "styles" in seen["styles"] and "water" in seen["water"]
        assert None not in seen["final"]
        assert list(dict.fromkeys(seen["final"])) == ["water", "reachability", "final"]
    else:
        assert set(seen) == {"mask", "final"} and seen["final"][-1] == "final"  # the vaults' step


def test_an_area_the_mask_left_empty_is_skipped_and_the_others_still_filled(monkeypatch):
    """The mask's repair is bounded, so an area may come out empty: it is skipped (no box),
    the areas after it are filled all the same and the infos still list it with 0 tiles."""
    from worldgen.generators.mosaic import generator as mosaic_generator
    real = mosaic_generator.make_mask

    def emptied(rng, h, w, p):
        mask, kinds, shapes = yield from real(rng, h, w, p)
        mask[(mask == 1) | (mask == p.areas)] = 2  # the first area and the last
        return mask, kinds, shapes

    monkeypatch.setattr(mosaic_generator, "make_mask", emptied)
    stages = gen("empty-area", 64, 48, preset="civilized", areas=5)
    areas = stages["final"].info["areas"]
    assert [a["style"] for a in areas] == ["border", "noise", "garden", "ruins", "water", "caves"]
    tiles = stages["mask"].info["area_tiles"]
    assert len(tiles) == 6 and tiles[1] == tiles[5] == 0 and min(tiles[:1] + tiles[2:5]) > 0
    assert [a["tiles"] for a in areas] == tiles
    check_map(stages, preset="civilized", areas=5)  # every other area filled: no void left


def test_the_coast_rule_runs_once_on_the_filled_map_before_the_water_stage(monkeypatch):
    """Deep water is kept from land (``coast_rule``) once every area, the lakes last, is
    filled, and before the water stage is shown."""
    from worldgen.generators.mosaic import generator as mosaic_generator
    real, log = mosaic_generator.coast_rule, []

    def coast(tiles, tick=None):
        log.append(("coast", int(np.count_nonzero(tiles == T.void))))
        return real(tiles, tick)

    monkeypatch.setattr(mosaic_generator, "coast_rule", coast)
    for item in SPEC.run(seeding.seed_from_text("gen-a"), 47, 33, SPEC.make_params({"preset": "civilized", "areas": 5})):
        if isinstance(item, Stage) and item.name in ("styles", "water"):
            log.append((item.name, int(np.count_nonzero(item.data == T.deep_water))))
    assert [e[0] for e in log] == ["styles", "coast", "water"]
    assert log[1][1] == 0 and log[2][1] > 0  # no void left, and the lake is in


@pytest.mark.parametrize("size, least", [((47, 33), 140), ((24, 24), 49), ((30, 61), 166)])
def test_the_repair_keeps_a_tenth_of_the_interior_walkable(monkeypatch, size, least):
    """Both the pocket filling and the shoring up are asked to keep ceil(10%) of the map's
    interior (all but the border ring) walkable: 45x31, 22x22 and 28x59 interiors."""
    from worldgen.generators.mosaic import generator as mosaic_generator
    asked = []
    real_repair, real_shore = mosaic_generator.repair, mosaic_generator.shore_up

    def repair(tiles, mask, styles, labels, count, main, pocket, min_walkable, tick):
        asked.append(min_walkable)
        return real_repair(tiles, mask, styles, labels, count, main, pocket, min_walkable, tick)

    def shore_up(tiles, min_walkable, tick):
        asked.append(min_walkable)
        return real_shore(tiles, min_walkable, tick)

    monkeypatch.setattr(mosaic_generator, "repair", repair)
    monkeypatch.setattr(mosaic_generator, "shore_up", shore_up)
    gen("least", *size)
    assert asked == [least, least]


@pytest.mark.parametrize("size, cap", [((47, 33), 193), ((24, 24), 72)])
def test_pools_block_at_most_an_eighth_of_the_map_in_whole_cells(monkeypatch, size, cap):
    """Lakes and chasms together lay at most ``cells // 8`` blocking cells, an int (47x33 is
    1551 cells: 193, not 193.875), asked once per pool kind."""
    from worldgen.generators.mosaic import generator as mosaic_generator
    from worldgen.toolkit import terrain
    real, budgets = terrain.pools, []

    def pools(tiles, rng, wanted, keep, region, connectivity, budget, *rest):
        budgets.append(budget)
        return real(tiles, rng, wanted, keep, region, connectivity, budget, *rest)

    monkeypatch.setattr(mosaic_generator.terrain, "pools", pools)
    gen("cap", *size, **ALL_TERRAIN)
    assert budgets == [cap] * 3 and all(type(b) is int for b in budgets)
