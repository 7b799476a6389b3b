"""The island generator: noise x rolling-particle mask, water line at a quantile."""

import dataclasses
import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import registry, seeding
from worldgen.core.registry import ParamError, Progress, Stage
from worldgen.core.steps import finish
from worldgen.core.tiles import T
from worldgen.generators import captions, island
from worldgen.core.work import AIM_MS
from worldgen.generators.island import IslandParams, classify, finish_mask, fractal_noise, normalize255, work_cap
from worldgen.generators.island import mask as island_mask, terrain as island_terrain, work as island_work
from worldgen.generators.island.generator import TERRAIN_ONLY
from worldgen.toolkit import grid, noise, particles, promises

LAND = np.array([T.sand, T.grass, T.forest, T.hills, T.mountain])
WATER = np.array([T.deep_water, T.shallow_water])
SPEC = registry.get("island")


def gen(seed, w=88, h=32, params=None, stage=None):
    return registry.generate("island", seed, w, h, params, stage=stage)


def digest(a: np.ndarray) -> str:
    return hashlib.sha256(a.tobytes()).hexdigest()


def check_map(result, water=0.6):
    """The invariants every island keeps; returns the terrain tiles."""
    st_ = result.stages
    assert list(st_) == list(SPEC.stages)
    h, w = result.height, result.width
    for name in ("noise", "mask_plain", "mask", "combined"):
        layer = st_[name]
        assert layer.kind == "layer" and layer.data.dtype == np.float32 and layer.data.shape == (h, w)
        assert layer.vrange == (0.0, 255.0)
        assert layer.data.min() >= 0 and layer.data.max() <= 255
    for name in ("noise", "mask_plain", "mask"):  # normalized: the full range is used
        assert st_[name].data.min() == 0 and st_[name].data.max() == 255
    expected = st_["noise"].data * st_["mask"].data / np.float32(255)
    assert np.array_equal(st_["combined"].data, expected)
    tiles = st_["terrain"].data
    assert tiles.dtype == np.uint8 and tiles.shape == (h, w)
    assert np.isin(tiles, np.concatenate([LAND, WATER])).all()
    # Land never touches the edge.
    assert not np.isin(tiles[grid.border_mask(tiles.shape)], LAND).any()
    # The water fraction is met exactly, ties at the water line included: the
    # int((n-1) x water) + 1 lowest tiles, the ring counting lowest.
    n = tiles.size
    k = int((n - 1) * water)
    is_wet = np.isin(tiles, WATER)
    assert int(is_wet.sum()) == k + 1
    height = normalize255(st_["combined"].data)
    line = np.float32(st_["terrain"].info["water_line"])
    inner = ~grid.border_mask(tiles.shape)
    assert (height[is_wet & inner] <= line).all() and (height[~is_wet] >= line).all()
    assert st_["terrain"].info["land_fraction"] == (n - k - 1) / n
    assert promises.broken(st_["terrain"], result.params, "island") == {}
    return tiles


# --------------------------------------------------------------------------- protocol


def test_spec_registration():
    assert SPEC.stages == ("noise", "noise_terrain", "mask_plain", "mask", "combined", "terrain")
    assert SPEC.default_size == (88, 32) and SPEC.min_size == (16, 16) and SPEC.max_size == (1024, 1024)
    assert SPEC.bench_sizes == ((88, 32), (512, 512)) and SPEC.source == "000_7569994bbe06b055.txt"
    names = {s.name for s in SPEC.param_specs}
    assert {"octaves", "divisor", "particles", "life", "margin", "water"} <= names
    assert all(s.help for s in SPEC.param_specs)


def test_article_numbers_are_the_defaults():
    p = IslandParams()
    assert (p.octaves, p.divisor, p.water) == (8, 2.0, 0.6)
    assert (p.deep, p.coast, p.plains, p.hills, p.mountain) == (40, 15, 35, 50, 25)
    # The article's numbers, rolled on a grid 3x coarser (30x11: 333 particles of life 17).
    assert island.particle_scale(88, 32) == {"particles": 3000, "life": 50, "margin": 12, "scale": 3}
    def sim(params=None):
        info = gen("article", params=params, stage="mask").stages["mask"].info
        return info["sim_size"], info["sim_particles"], info["sim_life"], info["sim_margin"]
    assert sim() == ((30, 11), 333, 17, (4, 4))
    # mask_scale=2 rolls them on 44x16 (the game's world map does), mask_scale=1 tile by tile.
    assert sim({"mask_scale": 2}) == ((44, 16), 750, 25, (6, 6))
    assert sim({"mask_scale": 1}) == ((88, 32), 3000, 50, (12, 12))
    # Particles scale with area, life and margin with the smaller side.
    assert island.particle_scale(176, 48) == {"particles": 9000, "life": 75, "margin": 18, "scale": 3}
    assert island.particle_scale(48, 48)["scale"] == island.particle_scale(40, 24)["scale"] == 1
    assert island.particle_scale(49, 48)["scale"] == 3  # once coarser, at least MIN_COARSE
    assert island.particle_scale(200, 120)["scale"] == 4  # beyond it, as MASK_CELLS asks
    assert island.particle_scale(512, 512)["scale"] > 1  # big maps roll particles on a coarser grid
    explicit = IslandParams(particles=10, life=3, margin=0, mask_scale=2)
    assert island.particle_scale(88, 32, explicit) == {"particles": 10, "life": 3, "margin": 0, "scale": 2}


@pytest.mark.parametrize("w,h", [(88, 32), (64, 64), (16, 16), (200, 120)])
def test_stages_and_invariants_at_several_sizes(w, h):
    for i in range(3):
        check_map(gen(f"sizes-{i}", w, h))


def test_noise_terrain_is_the_same_rules_on_raw_noise():
    r = gen("raw")
    noise = r.stages["noise"].data
    line = island.water_line(noise, 0.6)
    assert r.stages["noise_terrain"].info["water_line"] == line
    assert np.array_equal(r.stages["noise_terrain"].data, classify(noise, line))


# --------------------------------------------------------------------------- invariants over many seeds


@pytest.mark.parametrize("w,h,count", [(88, 32, 300), (64, 64, 120), (16, 16, 300), (40, 24, 150)])
def test_invariants_over_many_seeds(w, h, count):
    for i in range(count):
        check_map(gen(f"many-{i}", w, h))


def test_invariants_at_large_sizes():
    for seed, (w, h) in [("big-a", (200, 120)), ("big-b", (512, 512)), ("big-c", (333, 97))]:
        check_map(gen(seed, w, h))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), w=st.integers(16, 120), h=st.integers(16, 90),
       water=st.floats(0.3, 0.9))
def test_invariants_any_size_and_water(seed, w, h, water):
    check_map(gen(seed, w, h, {"water": water}), water)


@pytest.mark.parametrize("params", [{"life": 1}, {"water": 0.3, "life": 10}, {"particles": 10, "margin": 20},
                                    {"water": 0.129, "particles": 1, "life": 1}])
def test_the_water_fraction_holds_when_the_mask_is_flat(params):
    """Issue 12: a sparse mask leaves most of the map at height 0 (0.819 water for
    life=1 instead of 0.6).  Level ground is split by the noise, so the count is exact."""
    for seed in ("abc", "flat-1", "flat-2"):
        r = gen(seed, 88, 32, params)
        check_map(r, params.get("water", 0.6))
        height = normalize255(r.stages["combined"].data)
        assert np.count_nonzero(height == 0) > 0.1 * height.size   # a flat field indeed


def test_lowest_cells_breaks_ties_by_the_tiebreak_then_row_major():
    flat = np.zeros((4, 5), np.float32)
    tb = np.arange(20, dtype=np.float32)[::-1].reshape(4, 5).copy()
    assert np.flatnonzero(island.lowest_cells(flat, tb, 3)).tolist() == [17, 18, 19]
    same = island.lowest_cells(flat, np.zeros_like(flat), 3)
    assert np.flatnonzero(same).tolist() == [0, 1, 2]
    assert not island.lowest_cells(flat, tb, 0).any() and island.lowest_cells(flat, tb, 99).all()


@pytest.mark.parametrize("w,h,water", [(16, 16, 0.05), (16, 16, 0.2), (1024, 16, 0.05), (40, 20, 0.1),
                                        (131, 17, 0.11723150585427536)])
def test_a_water_fraction_below_the_edge_ring_is_refused_in_one_line(w, h, water):
    """The ring is water by rule: when it alone is over ``water`` + 0.02 of the map,
    the request is refused naming the parameters (a ParamError: one line in the CLI
    and the demo), never drawn with the wrong fraction."""
    share = island.ring_share(w, h)
    if share <= water + 0.02:  # the whole ring is water, a little more than asked for
        r = gen("ring", w, h, {"water": water})
        assert promises.broken(r.last, r.params, "island") == {}
        assert np.isin(r.last.data, WATER).sum() == max(int((w * h - 1) * water) + 1, 2 * (w + h) - 4)
        return
    with pytest.raises(ParamError) as err:
        gen("ring", w, h, {"water": water})
    message = str(err.value)
    assert "\n" not in message and "water=" in message and f"{w}x{h}" in message


def test_the_edge_guarantee_is_needed_and_only_sinks_the_ring():
    """The rings alone let land reach the edge on some maps; the fix sinks only ring tiles."""
    sunk = 0
    for i in range(40):
        r = gen(f"edge-{i}")
        info = r.stages["terrain"].info
        sunk += info["edge_tiles_sunk"] > 0
        height = normalize255(r.stages["combined"].data)
        inner = ~grid.border_mask(height.shape)
        tiles = r.stages["terrain"].data
        # Inside the ring, the tiles are exactly the article's rules (no level ties here).
        assert np.array_equal(tiles[inner], classify(height, info["water_line"])[inner])
    assert sunk > 0


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("w,h", [(88, 32), (64, 64), (200, 120)])
def test_same_seed_same_bytes_other_seed_other_map(w, h):
    a, b, c = gen("same", w, h), gen("same", w, h), gen("other", w, h)
    for name in SPEC.stages:
        assert a.stages[name].data.tobytes() == b.stages[name].data.tobytes()
    assert a.last.data.tobytes() != c.last.data.tobytes()
    assert a.stages["mask"].data.tobytes() != c.stages["mask"].data.tobytes()


# Golden digests: sha256 of the terrain bytes.  After a deliberate change, regenerate with
#   .venv/bin/python -c "from tests.test_island import golden; golden()"
GOLDEN = {
    ("golden", 88, 32): "320b286b8945c813fe8005b16ba7a31f0ce4f79f67190408f2f0fc621fee57c1",
    ("Deepisle", 64, 64): "7c65a03f119058e92d66d9fd592634d6ab0caf2bf7d8be08eb9c7b038ec54079",
    ("wide", 200, 120): "2b38596f1f08afedc8deada4b477f921605828e7fd8881bb283017bd6d5c0aa9",
}


def golden():
    for (seed, w, h) in GOLDEN:
        print(f"    ({seed!r}, {w}, {h}): \"{digest(gen(seed, w, h).last.data)}\",")


@pytest.mark.parametrize("key", list(GOLDEN))
def test_golden_digests(key):
    seed, w, h = key
    assert digest(gen(seed, w, h).last.data) == GOLDEN[key]


# --------------------------------------------------------------------------- noise


def test_noise_lowest_octave_sets_the_feature_scale():
    """Octave 0 has period width/divisor: the full noise follows it, finer octaves only add detail."""
    rng = lambda: seeding.rng(7, "noise")  # noqa: E731
    base = fractal_noise(rng(), 128, 64, octaves=1)
    full = fractal_noise(rng(), 128, 64, octaves=8)
    assert np.corrcoef(base.ravel(), full.ravel())[0, 1] > 0.75
    # One octave is smooth: neighbours nearly equal; eight octaves are rougher.
    def lag1(a):
        return np.corrcoef(a[:, :-1].ravel(), a[:, 1:].ravel())[0, 1]
    assert lag1(base) > 0.98 and lag1(full) < lag1(base)


def crossings(a):
    """Mean sign changes per row about the median: about 2 per noise period."""
    s = a > np.median(a)
    return np.mean(np.count_nonzero(s[:, 1:] != s[:, :-1], axis=1))


def test_noise_divisor_scales_the_features():
    per_divisor = {}
    for divisor in (2.0, 8.0):
        per_divisor[divisor] = np.mean([
            crossings(fractal_noise(seeding.rng(i, "noise"), 256, 64, octaves=1, divisor=divisor))
            for i in range(20)])
    # Two periods across the width at divisor 2 (a few crossings), eight at divisor 8.
    assert 1.0 < per_divisor[2.0] < 6.0
    assert 2.5 < per_divisor[8.0] / per_divisor[2.0] < 5.5


def test_octaves_finer_than_a_tile_are_skipped():
    # At 88x32 octaves 6 and 7 have periods 0.69 x 0.25 tiles and below: skipped.
    eight = fractal_noise(seeding.rng(3, "noise"), 88, 32, octaves=8)
    six = fractal_noise(seeding.rng(3, "noise"), 88, 32, octaves=6)
    five = fractal_noise(seeding.rng(3, "noise"), 88, 32, octaves=5)
    assert np.array_equal(eight, six) and not np.array_equal(six, five)


def test_noise_gradients_are_unit_vectors_and_values_bounded():
    assert np.allclose(np.hypot(noise._GX, noise._GY), 1.0, atol=1e-6)
    raw = fractal_noise(seeding.rng(11, "noise"), 100, 60)
    assert np.abs(raw).max() < 2.0  # sum of octaves of 2D gradient noise (each |n| <= 0.71)


# --------------------------------------------------------------------------- particles


def test_choice_table_picks_each_allowed_neighbour_equally():
    rows = 1 << particles._CHOICE_BITS
    table = particles._choice_table().reshape(rows, 256)
    for mask in range(256):
        picks = np.bincount(table[:, mask], minlength=9)
        allowed = [d for d in range(8) if mask >> d & 1]
        if not allowed:
            assert picks[8] == rows  # nowhere to go: stay
        else:
            # Equal up to the remainder of 256 / k: less than one draw in 256.
            assert all(abs(picks[d] - rows / len(allowed)) < 1 for d in allowed)
            assert picks.sum() == picks[allowed].sum()


def test_move_table_is_the_choice_table_as_flat_moves():
    for row in (10, 90, 40_000):
        table = particles._move_table(row)
        dirs = particles._choice_table()
        offs = [dy * row + dx for dy, dx in particles._OFFSETS8] + [0]
        assert table.shape == dirs.shape and not table.flags.writeable
        assert np.array_equal(table, np.take(offs, dirs))
    assert particles._move_table(90).dtype == np.int16 and particles._move_table(40_000).dtype == np.intp


def test_empty_grids_layout():
    k, hp, wp = 2, 5, 6
    buf = particles._empty_grids(k, hp, wp, np.dtype(np.int32), -(1 << 30))
    assert not buf.flags.writeable and buf.dtype == np.int32
    top = np.iinfo(np.int32).max
    lead, block = wp + 1, (hp + 1) * wp
    n8 = -(-k * block // 8) * 8
    assert buf.size == 2 * lead + n8 and (buf[:lead] == top).all() and (buf[lead + k * block:] == top).all()
    blocks = buf[lead:lead + k * block].reshape(k, hp + 1, wp)
    grids = blocks[:, :hp]
    ring = np.broadcast_to(grid.border_mask((hp, wp)), grids.shape)
    assert (grids[ring] == -(1 << 30)).all() and (grids[~ring] == 0).all()
    assert (blocks[:, hp] == top).all()  # a guard row after each grid: frames never meet


def test_int16_grids_roll_exactly_as_wide_ones(monkeypatch):
    """The grid dtype only holds the counts: int16 (small runs) and int32 give the same rolls."""
    for life, margins in ((30, [0, 4]), (8, [0, 0, 3])):
        narrow = roll(20, 12, 200, life, margins)
        with monkeypatch.context() as m:
            m.setattr(particles, "_NARROW16", 0)
            assert np.array_equal(roll(20, 12, 200, life, margins), narrow)
    # The largest int16 run (32766 particle-steps): on a 1x1 map every particle deposits once,
    # then rolls off; two thirds of all deposits land on the frame, which never climbs back to 0.
    n = 32766 // 3
    assert particles._NARROW16 > n * 3
    one = roll(1, 1, n, 3, [0])
    assert one.dtype == np.int64 and one.tolist() == [[[n]]]


def test_move_draws_are_uniform_and_the_same_stream_everywhere():
    draws = particles._move_draws(seeding.rng(1, "moves"), (50, 400))
    assert draws.dtype == np.uint16 and not (draws & 0xFF).any()   # r << 8: the low byte is the move mask's
    draws >>= 8
    counts = np.bincount(draws.ravel() >> 5, minlength=8)        # 8 bins of 2500 expected
    assert counts.min() > 2200 and counts.max() < 2800
    again = particles._move_draws(seeding.rng(1, "moves"), (50, 400))
    assert np.array_equal(again >> 8, draws)


def roll(w, h, particles, life, margins, batches=1, trace=None, seed=5):
    return finish(island.rolling_particles(
        seeding.rng(seed, "moves"), w, h, particles, life, margins, batches=batches, trace=trace))


def test_starts_are_uniform_within_the_margins():
    wp, hp = 33, 22
    starts = particles._starts(seeding.rng(2, "s"), 31, 20, 40_000, [0, 5], wp, wp * hp)
    assert starts.shape == (2, 40_000) and starts.dtype == np.intp
    for v, margin in enumerate((0, 5)):
        rest = starts[v] - v * wp * hp
        y, x = rest // wp - 1, rest % wp - 1
        assert (y.min(), y.max(), x.min(), x.max()) == (margin, 19 - margin, margin, 30 - margin)
        for a, span in ((y, 20 - 2 * margin), (x, 31 - 2 * margin)):
            counts = np.bincount(a - margin, minlength=span)
            assert counts.min() > 0.85 * counts.mean() and counts.max() < 1.15 * counts.mean()
    again = particles._starts(seeding.rng(2, "s"), 31, 20, 40_000, [0, 5], wp, wp * hp)
    assert np.array_equal(again, starts)


def test_every_step_rolls_to_a_random_neighbour_no_higher():
    trace = []
    w, h = 20, 12
    roll(w, h, 150, 30, [0, 4], trace=trace)
    assert len(trace) == 29
    moved = stayed = left = 0
    for counts, before, after in trace:
        padded = np.pad(counts, ((0, 0), (1, 1), (1, 1)), constant_values=-1)  # off the map: lowest
        for v in range(2):
            for (y0, x0), (y1, x1) in zip(before[v], after[v]):
                if y0 < 0:  # already gone: stays gone
                    assert y1 < 0
                    continue
                here = counts[v, y0, x0]
                window = padded[v, y0:y0 + 3, x0:x0 + 3]
                allowed = window <= here
                allowed[1, 1] = False
                if y1 < 0:  # rolled off: only from the edge
                    assert min(y0, x0) == 0 or y0 == h - 1 or x0 == w - 1
                    left += 1
                elif (y1, x1) == (y0, x0):
                    assert not allowed.any()  # stays only when every neighbour is higher
                    stayed += 1
                else:
                    assert max(abs(y1 - y0), abs(x1 - x0)) == 1
                    assert counts[v, y1, x1] <= here
                    moved += 1
    assert moved > 1000 and left > 0


def test_particle_mass_starts_and_margins():
    w, h, n = 40, 24, 500
    # Life 1: every particle deposits once where it starts.
    plain, centred = roll(w, h, n, 1, [0, 6])
    assert plain.sum() == centred.sum() == n
    assert not centred[:6].any() and not centred[-6:].any()
    assert not centred[:, :6].any() and not centred[:, -6:].any()
    assert plain[0].any() or plain[-1].any() or plain[:, 0].any()  # the plain variant starts anywhere
    # Longer lives: a particle deposits once per step until it rolls off the map.
    plain, centred = roll(w, h, n, 20, [0, 6])
    assert 0 < plain.sum() < n * 20 and centred.sum() <= n * 20
    # Too short to reach the edge from 6 tiles in: no one is lost.
    _, centred = roll(w, h, n, 6, [0, 6])
    assert centred.sum() == n * 6
    # Margins are clamped so a quarter of each side stays free to start in.
    _, clamped = roll(16, 16, n, 1, [0, 50])
    assert np.array_equal(np.flatnonzero(clamped.any(axis=0)), np.arange(6, 10))


@pytest.mark.parametrize("w, h", [(40, 8), (8, 40)])
def test_a_margin_is_clamped_on_each_side_by_that_sides_own_length(w, h):
    """A margin of 10 on a 40x8 map: 10 from the long sides' ends, 3 from the short ones (a quarter
    of the 8 cells, 2, stays free to start in), and the same turned on its side."""
    _, centred = roll(w, h, 2000, 1, [0, 10])
    rows, cols = np.flatnonzero(centred.any(axis=1)), np.flatnonzero(centred.any(axis=0))
    lo_y, lo_x = particles.clamp_margin(10, h), particles.clamp_margin(10, w)
    assert (lo_y, lo_x) == ((3, 10) if h == 8 else (10, 3))
    assert np.array_equal(rows, np.arange(lo_y, h - lo_y)) and np.array_equal(cols, np.arange(lo_x, w - lo_x))


@pytest.mark.parametrize("margin, side, kept", [(5, 16, 5), (6, 16, 6), (7, 16, 6), (-1, 16, 0), (0, 16, 0),
                                                (1, 3, 1), (2, 3, 1), (1, 2, 0), (1, 1, 0), (1, 4, 1), (2, 5, 2),
                                                (7, 20, 7), (8, 20, 7)])
def test_a_margin_keeps_a_quarter_of_the_side_and_at_least_one_cell_to_start_in(margin, side, kept):
    """16 cells: a quarter (4) stays free, so the margin stops at 6 (5 and 6 kept, 7 made 6); a
    side under 4 keeps one cell; a negative margin is none."""
    assert particles.clamp_margin(margin, side) == kept


def test_batches_keep_starts_and_mass():
    a = roll(30, 20, 300, 1, [0, 5], batches=1)
    b = roll(30, 20, 300, 1, [0, 5], batches=7)
    assert np.array_equal(a, b)  # the batch count never moves the starts
    c = roll(30, 20, 300, 10, [0, 5], batches=3)
    d = roll(30, 20, 300, 10, [0, 5], batches=3)
    assert np.array_equal(c, d) and not np.array_equal(c, roll(30, 20, 300, 10, [0, 5]))


def test_finish_mask_rings_and_normalization():
    raw = seeding.rng(1, "t").integers(1, 100, (12, 20)).astype(np.float32)
    factor = np.ones_like(raw)
    factor[grid.border_mask(raw.shape, 2)] = np.float32(0.88)
    factor[grid.border_mask(raw.shape, 1)] = np.float32(0.75)
    assert np.array_equal(finish_mask(raw), normalize255(raw * factor))


def test_upsample_is_bilinear_with_cached_read_only_taps():
    coarse = np.arange(12, dtype=np.float32).reshape(3, 4)
    up = island_mask._upsample(coarse, 2, 8, 6)
    assert up.shape == (6, 8) and up.dtype == np.float32 and up.flags.c_contiguous  # row-major, as the noise
    assert np.all(np.diff(up, axis=1) >= 0) and np.all(np.diff(up, axis=0) >= 0)  # a ramp stays a ramp
    assert up.min() == 0 and up.max() == 11
    assert np.array_equal(island_mask._upsample(np.full((3, 4), 7, np.float32), 3, 11, 8), np.full((8, 11), 7))
    taps = island_mask._upsample_axis(8, 4, 2)
    assert taps is island_mask._upsample_axis(8, 4, 2) and not any(a.flags.writeable for a in taps)
    assert not island_mask._ring_factor((6, 7)).flags.writeable


def mask_profile(stage, seeds, w, h):
    return np.mean([gen(f"prof-{i}", w, h, stage=stage).stages[stage].data for i in range(seeds)], axis=0)


def test_centre_biased_mask_is_a_centred_mound_and_plain_is_boxy():
    w, h = 88, 32
    centred = mask_profile("mask", 8, w, h)
    plain = mask_profile("mask_plain", 8, w, h)
    ys, xs = np.mgrid[0:h, 0:w]
    cy, cx = (centred * ys).sum() / centred.sum(), (centred * xs).sum() / centred.sum()
    assert abs(cy - (h - 1) / 2) < 1.5 and abs(cx - (w - 1) / 2) < 3
    # Plain: a plateau across the width, falling off only near the edges (boxy);
    # centre-biased: a mound whose flanks are already low where the plateau is high.
    mid = w // 2
    flat_plain = plain[h // 2, 8] / plain[h // 2, mid]
    flat_centred = centred[h // 2, 8] / centred[h // 2, mid]
    assert flat_plain > 0.65 and flat_centred < 0.6 and flat_plain > 1.3 * flat_centred
    assert centred[h // 2, mid] > 200 and plain[h // 2, 0] < 0.5 * plain[h // 2, mid]
    # Both fall towards every edge.
    for m in (plain, centred):
        centre = m[h // 2 - 2:h // 2 + 2, w // 2 - 4:w // 2 + 4]
        assert m[grid.border_mask(m.shape)].mean() < 0.5 * centre.mean()


def test_big_maps_roll_particles_on_a_coarser_grid():
    r = gen("coarse", 200, 120, stage="mask")
    info = r.stages["mask"].info
    assert info["scale"] == 4 and info["sim_size"] == (50, 30)  # at most MASK_CELLS cells
    assert r.stages["mask"].data.shape == (120, 200)
    same = gen("coarse", 200, 120, {"mask_scale": 4}, stage="mask").stages["mask"].data
    assert np.array_equal(same, r.stages["mask"].data)


# --------------------------------------------------------------------------- terrain


def test_classify_follows_the_article_thresholds():
    line = 120.0
    h = np.array([0, 80, 80.5, 120, 120.5, 134.9, 135, 154.9, 155, 205, 205.5, 230, 230.5, 255],
                 dtype=np.float32)
    expect = [T.deep_water, T.deep_water, T.shallow_water, T.shallow_water, T.sand, T.sand, T.grass,
              T.grass, T.forest, T.forest, T.hills, T.hills, T.mountain, T.mountain]
    assert classify(h, line).tolist() == expect
    # Coast and plains come first even when the water line is high.
    assert classify(np.array([215, 240], np.float32), 210.0).tolist() == [T.sand, T.grass]


def test_classify_search_and_comparison_paths_agree(monkeypatch):
    """Small maps use one searchsorted, large ones six comparisons: same tiles, any thresholds
    (coast above plains puts the grass threshold above the forest one)."""
    rng = seeding.rng(4, "classify")
    for _ in range(40):
        h = (rng.random((12, 20)) * 255).astype(np.float32)
        values = {k: int(rng.integers(0, 256)) for k in ("deep", "coast", "plains", "hills", "mountain")}
        p = IslandParams(**values)
        line = float(h[3, 4]) if rng.random() < 0.5 else float(rng.random() * 255)
        water = rng.random(h.shape) < 0.5
        for wet in (None, water):
            fast = classify(h, line, p, wet)
            with monkeypatch.context() as m:
                m.setattr(island_terrain, "_SEARCH_CELLS", 0)
                assert np.array_equal(classify(h, line, p, wet), fast)


def test_classify_with_water_caps_water_at_shallow_and_lifts_land_to_sand():
    """The wet mask's rule written out (water at most shallow, land at least
    sand, by the thresholds passed) on both paths, whatever the mask's dtype."""
    rng = seeding.rng(6, "classify-wet")
    terrain_of = np.array([T.deep_water, T.shallow_water, T.sand, T.grass, T.forest, T.hills, T.mountain])
    for _ in range(30):
        h = (rng.random((9, 14)) * 255).astype(np.float32)
        line = float(rng.random() * 255)
        water = rng.random(h.shape) < 0.5
        passed = np.array(sorted(island_terrain._breaks(line, IslandParams())), np.float32).searchsorted(h, "right")
        want = terrain_of[np.where(water, np.minimum(passed, 1), np.maximum(passed, 2))]
        for mask in (water, water.astype(np.int64)):
            assert np.array_equal(classify(h, line, IslandParams(), mask), want)


def test_lowest_cells_without_ties_are_every_cell_up_to_the_cut():
    rng = seeding.rng(7, "lowest")
    for count in (1, 5, 37, 60):
        h = rng.permutation(60).astype(np.float32).reshape(6, 10)
        got = island.lowest_cells(h, np.zeros_like(h), count)
        assert np.array_equal(got, h < count)


def ref_breaks(line, p):
    """classify's thresholds as float32 arrays (the plain form): line + offsets, strict
    ones one float32 step up, land at least sand, hills and mountain at least forest."""
    raw = np.array([line, line, line, line, 255 - p.hills, 255 - p.mountain], dtype=np.float32)
    raw += np.array([-p.deep, 0, p.coast, p.plains, 0, 0], dtype=np.float32)
    breaks = np.where([True, True, False, False, True, True], np.nextafter(raw, np.float32(np.inf)), raw)
    np.maximum(breaks[2:], breaks[1], out=breaks[2:])
    breaks[3:] = np.maximum.accumulate(breaks[3:])
    return breaks


def test_classify_thresholds_on_scalars_are_the_float32_array_ones_to_the_bit():
    rng = seeding.rng(5, "breaks")
    for _ in range(2000):
        p = IslandParams(**{k: int(rng.integers(0, 256)) for k in ("deep", "coast", "plains", "hills", "mountain")})
        line = float(np.float32(rng.random() * 255)) if rng.random() < 0.7 else float(rng.integers(0, 256))
        got = np.array(island_terrain._breaks(line, p), dtype=np.float32)
        assert got.tobytes() == ref_breaks(line, p).tobytes(), (line, p)


def test_water_line_is_the_article_quantile():
    h = np.arange(100, dtype=np.float32)[::-1].copy()
    assert island.water_line(h, 0.6) == 59.0  # sorted[int(99 * 0.6)]


# --------------------------------------------------------------------------- progress


def test_progress_events_in_order_and_bounded():
    items = list(registry.run("island", "prog", 512, 512))
    names = [i.name for i in items if isinstance(i, Stage)]
    assert names == list(SPEC.stages)
    progress = [i for i in items if isinstance(i, Progress)]
    particle = [p for p in progress if p.stage == "mask_plain"]
    assert len(particle) >= 10  # the long particle loop hands control back often
    assert all(0 < p.done <= 1 for p in progress)
    assert [p.done for p in particle] == sorted(p.done for p in particle)
    small = [i for i in registry.run("island", "prog", 88, 32) if isinstance(i, Progress)]
    assert len(small) <= 12  # little overhead at the article's size
    with_preview = [p for p in small if p.preview is not None]
    assert all(p.preview.data.shape == (32, 88) for p in with_preview)


# ----------------------------------------------------------------------------- work caps


def mask_ms(n: int, life: int, batches: int, w: int, h: int) -> float:
    return sum(island_work.COSTS[k] * v for k, v in particles.work_terms(n, life, batches, w, h).items())


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 2_000_000), st.integers(1, 5000), st.integers(1, 1_000_000), st.integers(3, 1026),
       st.integers(3, 1026), st.sampled_from([0.0, 50.0, 400.0, 1500.0]))
def test_work_cap_keeps_the_mask_within_its_budget_and_cuts_only_what_passes_it(asked, life, batches, w, h, budget):
    n, l, b = work_cap(asked, life, batches, w, h, budget, island_work.COSTS)
    assert 1 <= n <= asked and 1 <= l <= life and 1 <= b <= min(batches, n)
    if mask_ms(asked, life, min(batches, asked), w, h) <= budget:
        assert (n, l, b) == (asked, life, min(batches, asked))      # within the budget: nothing cut
    else:
        assert mask_ms(n, l, b, w, h) <= budget or (n, l, b) == (1, 1, 1)
        if (n, l) == (asked, life) and b < min(batches, asked):     # batches cut alone: as few as needed
            assert mask_ms(n, l, b + 1, w, h) > budget


def test_work_cap_cuts_batches_before_life_and_life_before_particles():
    costs = island_work.COSTS
    n, life, batches = work_cap(3000, 50, 3000, 88, 32, 100.0, costs)
    assert (n, life) == (3000, 50) and batches < 3000                 # the same particles and lives, fewer groups
    n, life, batches = work_cap(2_000_000, 5000, 1, 1024, 1024, 100.0, costs)
    assert batches == 1 and life < 5000


def test_runaway_request_is_cut_to_the_budget_and_named():
    """A legal but absurd request (the article's one-by-one release of a huge
    population on a tiny map) runs the mask the budget allows, and says so."""
    values = {"life": 5000, "batches": 1_000_000}
    info = registry.generate("island", "cap", 16, 16, values, stage="mask").stages["mask"].info
    p = SPEC.make_params(values)
    estimate = SPEC.estimate(16, 16, p)
    assert estimate.ms <= AIM_MS + 1e-9 and estimate.cuts
    sim = island_work.plan(16, 16, p)[1]
    assert (info["sim_particles"], info["sim_life"], info["sim_batches"]) == (sim.particles, sim.life, sim.batches)
    assert info["sim_batches"] < 1_000_000
    note = SPEC.budget_note(16, 16, p)
    assert note.startswith("island 16x16: mask batches ") and "(the 3 s work budget)" in note and "\n" not in note


def test_the_articles_one_by_one_release_runs_tile_by_tile_uncut():
    """The article's algorithm, every particle alone on the full-resolution grid,
    is within the budget (its lock-steps run in Python: :data:`particles._TINY`)."""
    values = {"mask_scale": 1, "batches": 3000}
    info = registry.generate("island", "article", 88, 32, values, stage="mask").stages["mask"].info
    assert (info["sim_size"], info["sim_particles"], info["sim_life"], info["sim_batches"]) == ((88, 32), 3000, 50, 3000)
    assert SPEC.budget_note(88, 32, SPEC.make_params(values)) is None


def test_a_few_particles_roll_the_same_in_python_as_in_numpy(monkeypatch):
    """The lock-steps of a handful of particles, run in Python, move and
    deposit exactly as numpy's gathered path does (batches of 1 to 9 a population)."""
    def masks(tiny, batches):
        monkeypatch.setattr(particles, "_TINY", tiny)
        return finish(particles.rolling_particles(np.random.default_rng(9), 30, 20, 40, 25, [0, 6], batches=batches))
    for batches in (40, 20, 13, 10, 5):
        assert np.array_equal(masks(0, batches), masks(10 ** 9, batches))


def test_previews_of_a_few_particles_on_a_big_grid_are_a_small_share_of_the_work():
    """Few particles on a big grid: a preview (a pass over the grid) comes once
    per many lock-steps (it came every lock-step, twenty times their work)."""
    events = list(particles.rolling_particles(np.random.default_rng(1), 300, 300, 40, 50, [0, 6], batches=20,
                                              progress="mask_plain"))
    lock_steps = 20 * 49
    assert 1 <= len(events) <= lock_steps // 50
    assert all(e.preview is not None and e.preview.data.shape == (300, 300) for e in events)


def test_few_particles_compare_only_their_cells_with_the_same_result(monkeypatch):
    """The lock-step that reads only the cells particles stand on rolls them
    exactly as the whole-grid comparison does."""
    def masks(gather):
        monkeypatch.setattr(particles, "_GATHER", gather)
        rng = np.random.default_rng(5)
        return finish(particles.rolling_particles(rng, 30, 20, 40, 25, [0, 6], batches=8))
    assert np.array_equal(masks(1), masks(10 ** 9))


@pytest.mark.parametrize("moving, path", [(particles._TINY - 1, "tiny"), (particles._TINY, "tiny"),
                                          (particles._TINY + 1, "numpy")])
def test_a_lock_step_of_at_most_tiny_particles_is_priced_as_rolled_in_python_and_one_more_by_numpy(moving, path):
    terms = particles.work_terms(moving, 4, 1, 30, 20, populations=1)
    rolled = (terms["tiny_steps"], terms["tiny_moves"], terms["steps"], terms["moves"])
    assert rolled == ((3, 3 * moving, 0, 0) if path == "tiny" else (0, 0, 3, 3 * moving))


@pytest.mark.parametrize("moving, read", [(15, "gathered"), (16, "gathered"), (17, "compared")])
def test_moves_are_priced_as_gathered_until_gather_times_them_passes_the_grids_cells(moving, read):
    """A 14x13 grid is laid out in 16x16 = 256 cells: 16 movers (x 16 = 256) still gather."""
    assert particles._GATHER == 16
    terms = particles.work_terms(moving, 2, 1, 14, 13, populations=1)
    assert (terms["gathered"], terms["compared"]) == ((moving, 0) if read == "gathered" else (0, 256))


def _priced(**unit) -> dict[str, float]:
    """Costs that price only the named terms (at the given ms a unit): whole numbers, exact sums."""
    keys = ("batches", "starts", "tiny_steps", "tiny_moves", "steps", "moves", "gathered", "compared")
    return {k: float(unit.get(k, 0.0)) for k in keys}


def test_a_cut_keeps_the_most_that_prices_exactly_at_the_budget():
    """Batches, then life, then particles are cut to the largest value within the budget, and a
    value whose price is the budget exactly is within it (a request at its budget is not cut)."""
    assert work_cap(100, 5, 50, 30, 20, 10.0, _priced(batches=1)) == (100, 5, 10)   # ms = batches
    assert work_cap(100, 5, 50, 30, 20, 50.0, _priced(batches=1)) == (100, 5, 50)   # at the budget: kept
    steps = _priced(tiny_steps=1, steps=1)  # ms = batches * (life - 1): 1 batch, so life - 1
    assert work_cap(1, 40, 1, 30, 20, 10.0, steps) == (1, 11, 1)
    # 2 populations: 2 ms a particle; no life fits before the particles are cut, so life goes to 1 first
    assert work_cap(100, 5, 1, 30, 20, 60.0, _priced(starts=1)) == (30, 1, 1)


@pytest.mark.parametrize("moving, every", [(7, 15), (8, 13), (9, 10)])
def test_progress_events_are_spaced_by_a_lock_steps_work_rolled_in_python_up_to_tiny_particles(moving, every):
    """50,000 units between events: a lock-step of up to 8 (_TINY) movers costs 500 units a mover
    (7: 3,500, 8: 4,000), of 9 numpy's 5,000 plus 10 a mover (5,090; 16 x 9 movers still gather)."""
    assert (particles._TINY, particles._WORK_PER_YIELD) == (8, 50_000)
    assert particles._event_every(moving, particles._Grids(1, 30, 20, 1000), False) == every


@pytest.mark.parametrize("moving, every", [(99, 9), (100, 9), (101, 7)])
def test_progress_events_price_a_pass_over_the_grid_once_sixteen_times_the_movers_pass_its_cells(moving, every):
    """A 38x37 grid is laid out in 40x40 = 1,600 cells: up to 100 movers (x 16 = 1,600) gather
    their 3x3 (5,000 + 10 a mover: 5,990, 6,000 units a lock-step), 101 compare the whole grid
    (5,000 + 1,010 + 1,600)."""
    grids = particles._Grids(1, 38, 37, 10_000)
    assert grids.centre.size == 1600
    assert particles._event_every(moving, grids, False) == every


@pytest.mark.parametrize("w, h", [(16, 16), (20, 16), (32, 16)])
def test_the_least_water_the_ring_refusal_asks_for_is_accepted_and_a_hair_less_refused(w, h):
    """The ring's share minus the 0.02 tolerance is enough (16x16: 0.214375); the float just
    below it is refused in one line naming the share."""
    least = island.ring_share(w, h) - 0.02
    island.check_request(w, h, IslandParams(water=least))
    with pytest.raises(ParamError, match=f"below the edge ring's share of a {w}x{h} map"):
        island.check_request(w, h, IslandParams(water=float(np.nextafter(least, 0.0))))


@pytest.mark.parametrize("size, scale, rolled", [(16, 1, ""), (256, 6, " (rolled on 43x43)")])
def test_a_mask_cut_names_the_coarse_grid_it_rolled_on_only_when_the_particles_rolled_coarse(size, scale, rolled):
    p = SPEC.make_params({"life": 5000, "batches": 1_000_000, "particles": 2_000_000 if size > 16 else 0})
    estimate, mask = island_work.plan(size, size, p)
    assert mask.scale == scale and len(estimate.cuts) == 1
    assert estimate.cuts[0].startswith("mask batches ") and estimate.cuts[0].endswith(rolled or tuple("0123456789"))
    assert ("rolled on" in estimate.cuts[0]) == bool(rolled)


@pytest.mark.parametrize("value", [0.0, 7.5, 255.0])
def test_a_constant_layer_normalises_to_zeros(value):
    """No span to stretch (the highest value is the lowest): all zeros, never a division by zero."""
    assert not normalize255(np.full((3, 4), value, np.float32)).any()


def test_a_population_that_left_no_deposit_makes_an_all_zero_mask_beside_a_stretched_one():
    raw = np.zeros((2, 5, 6), np.float32)
    raw[1, 2, 3] = 4.0
    masks = island_mask.full_masks(raw, 1, 6, 5)
    assert not np.isnan(masks).any() and not masks[0].any() and masks[1].max() == 255


@pytest.mark.parametrize("spare, split", [(0, False), (1, False), (-1, True)])
def test_an_island_of_exactly_the_cells_per_yield_runs_its_whole_map_steps_unsplit(monkeypatch, spare, split):
    """The threshold set to exactly an 88x32 map's cells: the terrain stages give no Progress of
    their own (a small map); one cell under it, they are split by events (a big one)."""
    from worldgen.generators.island import generator as island_generator
    monkeypatch.setattr(island_generator, "_NOISE_CELLS_PER_YIELD", 88 * 32 + spare)
    stages = {i.stage for i in registry.run("island", "paced", 88, 32) if isinstance(i, Progress)}
    assert ({"noise_terrain", "terrain"} <= stages) == split
    assert not ({"noise_terrain", "terrain"} & stages) or split


def test_the_ring_tiles_counted_as_sunk_are_those_above_the_water_line_not_at_it():
    """A 6x6 map whose 20 ring tiles and lowest inner tile are its water (21 tiles): the line is
    that inner tile's height; a ring tile exactly that high is not counted as sunk, the ring
    tiles above it are."""
    combined = np.full((6, 6), 200.0, np.float32)
    combined[1:5, 1:5] = np.arange(100, 116, dtype=np.float32).reshape(4, 4) + 100   # inner 200..215
    combined[2, 2] = 100.0                         # the lowest inner tile: the water line
    combined[0, :] = 100.0                         # the top row of the ring exactly as high
    combined[5, 5] = 0.0                           # a ring tile at 0 (below), others at 200 (above)
    combined[1, 1] = 255.0
    params = island.SPEC.make_params({"water": 20 / 35 + 1e-9})
    noise_ = np.zeros((6, 6), np.float32)
    from worldgen.core.pacing import Pace
    from worldgen.generators.island import generator as island_generator
    tiles, info = finish(island_generator._terrain(noise_, combined, params, Pace()))
    assert info["water_line"] == 100.0
    assert info["edge_tiles_sunk"] == 20 - 6 - 1


def test_particle_progress_counts_every_lock_step_of_every_batch(monkeypatch):
    """One event per lock-step (the yield pace forced to 1): each batch's steps but its last, which
    ends the batch; the fractions are the steps done of batches x life."""
    monkeypatch.setattr(particles, "_WORK_PER_YIELD", 1)
    for n in (3, 40):  # a tiny population and a lock-stepped one
        events = list(particles.rolling_particles(np.random.default_rng(1), 12, 10, n, 5, [0, 2], batches=2,
                                                  progress="mask", preview=False))
        assert [e.done for e in events] == [s / 10 for s in (1, 2, 3, 4, 6, 7, 8, 9)]
        assert {(e.stage, e.preview) for e in events} == {("mask", None)}


def test_a_particle_preview_is_the_first_populations_counts_so_far_as_a_float_layer(monkeypatch):
    monkeypatch.setattr(particles, "_WORK_PER_YIELD", 1)
    trace, seen = [], []
    for e in particles.rolling_particles(np.random.default_rng(1), 12, 10, 40, 5, [0, 3], trace=trace,
                                         progress="mask", preview=True):
        seen.append((round(e.done * 5), e.preview))
        assert e.preview.name == "mask" and e.preview.kind == "layer" and e.preview.data.dtype == np.float32
        assert e.preview.vrange == (0.0, float(max(e.preview.data.max(), 1)))
    assert [t for t, _ in seen] == [1, 2, 3, 4]
    for t, shown in seen[:-1]:  # the counts after step t are the next step's counts before it moves
        assert np.array_equal(shown.data, trace[t][0][0]) and not np.array_equal(shown.data, trace[t][0][1])
    few = list(particles.rolling_particles(np.random.default_rng(1), 12, 10, 3, 5, [0, 2], batches=2, progress="mask"))
    assert few and all(e.preview.data.max() <= 1 and e.preview.vrange == (0.0, 1.0) for e in few)  # never less than 1


# --------------------------------------------------------------------------- resume: a terrain knob alone


@pytest.mark.parametrize("change", [{"water": 0.45}, {"deep": 10, "coast": 30}, {"plains": 60, "hills": 20},
                                    {"mountain": 5, "water": 0.8}])
def test_a_terrain_knob_resumes_the_island_and_makes_a_fresh_runs_stages(change):
    island = registry.get("island")
    was = island.make_params(captions.demo_params(island))
    before = registry.generate("island", "resume", params=was).stages
    now = dataclasses.replace(was, **change)
    resumed = [item for item in registry.rerun("island", "resume", None, None, now, before, was)
               if isinstance(item, registry.Stage)]
    fresh = registry.generate("island", "resume", params=now).stages
    assert [s.name for s in resumed] == list(fresh)
    for stage in resumed:
        assert np.array_equal(stage.data, fresh[stage.name].data) and stage.info == fresh[stage.name].info
    assert resumed[2] is before["mask_plain"]  # the particles were not rolled again


@pytest.mark.parametrize("change", [{"octaves": 4}, {"batches": 5}, {"mask_scale": 2}, {"water": 0.5, "life": 20}])
def test_a_knob_the_terrain_does_not_own_runs_the_island_again(change):
    island = registry.get("island")
    was = island.make_params(captions.demo_params(island))
    before = registry.generate("island", "again", params=was).stages
    now = dataclasses.replace(was, **change)
    assert island.resume(1, 88, 32, now, before, was) is None
    stages = [i for i in registry.rerun("island", "again", None, None, now, before, was)
              if isinstance(i, registry.Stage)]
    assert all(s is not before[s.name] for s in stages)
    assert np.array_equal(stages[-1].data, registry.generate("island", "again", params=now).last.data)


def test_a_run_missing_one_of_its_stages_is_not_resumed():
    island = registry.get("island")
    was = island.make_params(captions.demo_params(island))
    before = dict(registry.generate("island", "gap", params=was).stages)
    now = dataclasses.replace(was, water=0.45)
    assert island.resume(1, 88, 32, now, before, was) is not None
    for name in island.stages:
        assert island.resume(1, 88, 32, now, {k: v for k, v in before.items() if k != name}, was) is None, name


def test_a_big_island_resumed_makes_a_fresh_runs_terrain_in_bounded_steps():
    island = registry.get("island")
    was = island.make_params({"life": 4, "particles": 20})
    before = registry.generate("island", "big", 720, 720, params=was).stages
    now = dataclasses.replace(was, water=0.55, hills=30)
    items = list(registry.rerun("island", "big", 720, 720, now, before, was))
    events = [i for i in items if isinstance(i, Progress)]
    assert {e.stage for e in events} == {"noise_terrain", "terrain"}  # split, each part named for its stage
    resumed = {i.name: i for i in items if isinstance(i, Stage)}
    fresh = registry.generate("island", "big", 720, 720, params=now).stages
    for name in ("noise_terrain", "terrain"):
        assert np.array_equal(resumed[name].data, fresh[name].data) and resumed[name].info == fresh[name].info


def test_the_auto_particle_count_rounds_half_up_to_a_whole_number():
    # 3000 per 88x32 tiles: 16x16 is 272.7, so 273; 48x48 is 2454.5, so 2455
    for (w, h), n in (((16, 16), 273), ((48, 48), 2455), ((88, 32), 3000)):
        got = island.particle_scale(w, h)["particles"]
        assert got == n and type(got) is int, (w, h, got)
    one = dataclasses.replace(IslandParams(), particles=1)
    assert island.particle_scale(88, 32, one)["particles"] == 1  # one asked is one rolled


@pytest.mark.parametrize("w, h", [(651, 598), (598, 651)])
def test_the_auto_mask_scale_counts_whole_coarse_cells_on_each_axis(w, h):
    """At scale 13 the coarse grid is 51 x 46 whole cells (2346, over MASK_CELLS) though 651/13 x 46 is
    only 2303.5: a part cell is a cell, so the scale goes on to 14."""
    assert island.particle_scale(w, h)["scale"] == 14


def test_a_big_islands_progress_names_its_stages_in_order_with_fractions_from_0_to_1():
    p = dataclasses.replace(IslandParams(), life=4, particles=20)
    seen = []
    for item in island.SPEC.run(3, 720, 720, p):
        if isinstance(item, Progress):
            assert 0.0 <= item.done <= 1.0, item
            if not seen or seen[-1] != item.stage:
                seen.append(item.stage)
    assert [s for s in seen if s in island.SPEC.stages] == seen  # no event outside a stage
    order = [island.SPEC.stages.index(s) for s in seen]
    assert order == sorted(order) and {"noise", "noise_terrain", "mask_plain", "terrain"} <= set(seen)


def test_the_plain_mask_carries_the_masks_info_with_no_margin_and_the_terrain_its_fractions():
    p = dataclasses.replace(IslandParams(), water=0.6)
    stages = registry.generate("island", "infos", params=p).stages
    plain, mask, terrain = stages["mask_plain"].info, stages["mask"].info, stages["terrain"].info
    assert plain == dict(mask, margin=0) and mask["margin"] > 0
    assert set(terrain) == {"water_line", "land_fraction", "water_fraction", "edge_tiles_sunk"}
    assert terrain["water_fraction"] == 0.6


def test_a_map_too_small_for_its_water_is_refused_with_the_least_water_it_could_have():
    p = dataclasses.replace(IslandParams(), water=0.1)
    with pytest.raises(ParamError) as refused:
        island.check_request(16, 16, p)
    assert str(refused.value) == ("island: water=0.1 is below the edge ring's share of a 16x16 map (0.234, always "
                                  "water); ask for water >= 0.214 or a larger map")


def test_every_terrain_knob_changed_at_once_still_resumes_the_island():
    spec = registry.get("island")
    was = spec.make_params(captions.demo_params(spec))
    before = registry.generate("island", "all", params=was).stages
    now = dataclasses.replace(was, water=0.45, deep=10, coast=30, plains=60, hills=20, mountain=5)
    assert {f for f in TERRAIN_ONLY if getattr(now, f) != getattr(was, f)} == TERRAIN_ONLY
    assert spec.resume(1, 88, 32, now, before, was) is not None


def test_normalizing_gives_float32_and_a_flat_field_all_zeros():
    out = island.normalize255(np.array([[0.0, 2.0], [4.0, 1.0]], dtype=np.float64))
    assert out.dtype == np.float32 and out.tolist() == [[0.0, 127.5], [255.0, 63.75]]
    flat = island.normalize255(np.full((3, 4), 7.0))
    assert flat.shape == (3, 4) and flat.dtype == np.float32 and not flat.any()


def test_the_lowest_cells_of_a_level_field_are_those_of_the_lowest_tiebreak():
    rng = np.random.default_rng(4)
    level, tiebreak = np.zeros((20, 30), np.float32), rng.random((20, 30)).astype(np.float32)
    for count in (1, 7, 300, 599):
        got = island_terrain.lowest_cells(level, tiebreak, count)
        assert got.sum() == count
        assert np.array_equal(np.flatnonzero(got), np.sort(np.argsort(tiebreak.ravel(), kind="stable")[:count]))


def test_the_islands_work_is_estimated_at_the_aim_it_is_given():
    p = IslandParams()
    cut, usual = island_work.work(512, 512, p, aim=20.0), island_work.work(512, 512, p)
    assert cut.cuts and not usual.cuts and cut.ms < usual.ms


def test_a_trace_shows_a_particle_that_left_the_map_as_minus_one_and_every_other_on_it():
    trace = []
    finish(particles.rolling_particles(np.random.default_rng(2), 5, 4, 30, 25, [0, 1], trace=trace))
    assert len(trace) == 24
    for counts, before, after in trace:
        assert counts.shape == (2, 4, 5) and before.shape == after.shape == (2, 30, 2)
        gone = (after == -1).all(axis=-1)
        assert ((after == -1) == gone[..., None]).all()  # both coordinates or neither
        on = after[~gone]
        assert ((on >= 0) & (on < [4, 5])).all()  # (y, x) on the 4 x 5 map
    assert (trace[-1][2] == -1).all(axis=-1).any()  # on so small a map, some have rolled off



def test_the_plain_mask_rolls_from_the_edge_in_the_batches_asked_and_previews_only_at_full_scale():
    """The plain mask is only shown (the terrain reads the other): pin it too, with batches."""
    p = dataclasses.replace(IslandParams(), batches=5, mask_scale=1, life=30, particles=600)
    run = list(island.SPEC.run(5, 40, 30, p))
    plain = next(i for i in run if isinstance(i, Stage) and i.name == "mask_plain")
    assert digest(plain.data) == PLAIN_MASK
    assert (plain.info["particles"], plain.info["life"], plain.info["scale"]) == (600, 30, 1)  # as asked
    shown = [i.preview for i in run if isinstance(i, Progress) and i.stage == "mask_plain"]
    assert shown and all(s is not None for s in shown)
    coarse = dataclasses.replace(p, mask_scale=3)
    assert all(i.preview is None for i in island.SPEC.run(5, 40, 30, coarse)
               if isinstance(i, Progress) and i.stage == "mask_plain")
    one_batch = dataclasses.replace(p, batches=1)
    again = next(i for i in island.SPEC.run(5, 40, 30, one_batch) if isinstance(i, Stage) and i.name == "mask_plain")
    assert not np.array_equal(again.data, plain.data)  # the batches are part of the recipe


# after a deliberate change: print digest(...) of the test's plain mask
PLAIN_MASK = "80495075c525b74a5f3ec18a91c3aa5034a91424101e98f333f576fee32ab55b"
