"""Tests for the seed-and-grow ``biomes`` generator (worldgen/generators/biomes/)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import registry
from worldgen.core.registry import Progress, Stage
from worldgen.core.steps import finish
from worldgen.core.tiles import T
from worldgen.generators import biomes
from worldgen.generators.biomes import cleanup, generator as biomes_generator, ground
from worldgen.generators.biomes import (BASE_TYPES, TRANSITIONS, apply_transitions, clean_lone, lone_mask, qualifies,
                                        seed_counts)
from worldgen.toolkit import growth

BASE_IDS = [tid for _, tid in BASE_TYPES]
#: Tiles that only transitions make (grass is also a base type).
TRANSITION_IDS = sorted({row.becomes for row in TRANSITIONS} - set(BASE_IDS))


def stages(seed, width=48, height=40, params=None):
    return registry.generate("biomes", seed, width, height, params).stages


def test_registered_with_the_issue_sizes():
    spec = registry.get("biomes")
    assert spec.stages == ("seeds", "growth", "transitions", "terrain")
    assert spec.default_size == (100, 100)
    assert spec.bench_sizes == ((100, 100), (1000, 1000))
    assert spec.max_size[0] >= 1000 and spec.max_size[1] >= 1000
    assert spec.make_params().seeds == 100


@settings(max_examples=120, deadline=None)
@given(seed=st.text(max_size=12), width=st.integers(16, 64), height=st.integers(16, 64))
def test_every_tile_filled_no_lone_tiles_and_transitions_where_pairs_meet(seed, width, height):
    s = stages(seed, width, height)
    grown, mid, final = s["growth"].data, s["transitions"].data, s["terrain"].data
    assert final.shape == (height, width) and final.dtype == np.uint8
    # Every tile filled: growth claims every tile with a base type.
    assert np.isin(grown, BASE_IDS).all()
    assert (final != T.void).all()
    # The transitions stage is exactly the table applied to the grown map.
    assert np.array_equal(mid, apply_transitions(grown))
    # No lone tiles after clean-up.
    assert not lone_mask(final).any()
    # Every transition tile of the final map sits where its pair meets in the grown map.
    assert_transitions_where_pairs_meet(grown, final)
    # Grass where forest grew: the forest/desert row, or clean-up copying a grass neighbour.
    thinned = (final == T.grass) & (grown == T.forest)
    assert ((qualifies(grown) == T.grass) | (mid != final))[thinned].all()
    # Clean-up only touches lone tiles: everything else is the transitions stage.
    # Clean-up changed only tiles that were lone.
    assert np.count_nonzero(final != mid) <= s["terrain"].info["lone_fixed"]
    assert lone_mask(mid)[final != mid].all()


def assert_transitions_where_pairs_meet(grown, final):
    """Every transition tile is one its row makes from the grown map, or touches
    such a tile (clean-up may hand a lone tile the type of a neighbouring rim tile)."""
    rows = qualifies(grown)
    for y, x in zip(*np.nonzero(np.isin(final, TRANSITION_IDS))):
        near = rows[max(0, y - 1):y + 2, max(0, x - 1):x + 2]
        assert (near == final[y, x]).any(), (y, x, final[y, x])


@pytest.mark.parametrize("row", TRANSITIONS, ids=lambda r: f"{r.tile}-{r.touching}-{r.becomes}")
def test_each_transition_row_applies_where_its_pair_meets(row):
    grown = np.full((3, 5), row.tile, np.uint8)
    grown[:, 4] = row.touching
    out = apply_transitions(grown)
    assert (out[:, 3] == row.becomes).all()  # touches the pair: converted
    assert (out[:, :3] == row.tile).all()    # away from it: unchanged


def test_source_rule_and_precedence():
    W, F, G = T.deep_water, T.forest, T.grass
    grown = np.array([[W, W, F],
                      [W, W, G],
                      [W, W, G]], dtype=np.uint8)
    out = apply_transitions(grown)
    assert out[0, 1] == T.swamp   # water next to forest becomes swamp (the source's rule)
    assert out[1, 1] == T.swamp   # touches forest and grass: the first row wins
    assert out[2, 1] == T.sand    # water next to grass: beach
    assert (out[:, 0] == W).all()
    assert out[0, 2] == F and out[2, 2] == G  # only the water side changes
    # A mask limits where transitions may be written.
    mask = np.zeros_like(grown, dtype=bool)
    mask[2] = True
    masked = apply_transitions(grown, mask)
    assert masked[0, 1] == W and masked[2, 1] == T.sand


def test_transition_table_is_data_and_documented():
    doc = biomes.__doc__
    for row in TRANSITIONS:
        assert row.tile in BASE_IDS and row.touching in BASE_IDS
        assert row.becomes not in BASE_IDS or row.becomes == T.grass
        names = [registry_name(row.tile), registry_name(row.touching), registry_name(row.becomes)]
        assert all(n in doc for n in names)
    assert any(r.tile == T.deep_water and r.touching == T.forest and r.becomes == T.swamp for r in TRANSITIONS)


def registry_name(tid):
    from worldgen.core.tiles import TILES
    return TILES[tid].name


def test_clean_lone_takes_a_neighbours_type():
    grown = np.full((5, 5), T.grass, np.uint8)
    grown[2, 2] = T.desert
    tiles, fixed, _ = clean_lone(grown, grown, np.random.default_rng(0))
    assert fixed == 1 and (tiles == T.grass).all()
    # A lone tile between two types takes one of them, chosen at random.
    grown = np.full((3, 6), T.grass, np.uint8)
    grown[:, 3:] = T.forest
    grown[1, 2] = T.mountain
    picks = {int(clean_lone(grown, grown, np.random.default_rng(i))[0][1, 2]) for i in range(40)}
    assert picks == {T.grass, T.forest}


def test_same_seed_same_bytes_other_seed_other_map():
    a, b, c = stages("Avalon"), stages("Avalon"), stages("Lyonesse")
    for name in a:
        assert a[name].data.tobytes() == b[name].data.tobytes()
    assert a["terrain"].data.tobytes() != c["terrain"].data.tobytes()


def test_seed_tiles_follow_the_weights_exactly():
    s = stages("counts", 100, 100)
    seeds = s["seeds"].data
    assert np.count_nonzero(seeds) == 100
    for (name, tid), count in zip(BASE_TYPES, (30, 25, 20, 10, 15)):
        assert np.count_nonzero(seeds == tid) == count, name
    # Every seed keeps its type through growth.
    assert np.array_equal(s["growth"].data[seeds != 0], seeds[seeds != 0])


def test_seed_counts_apportion_and_normalize():
    assert seed_counts([0.3, 0.25, 0.2, 0.1, 0.15], 100) == [30, 25, 20, 10, 15]
    assert seed_counts([3, 2.5, 2, 1, 1.5], 100) == [30, 25, 20, 10, 15]
    assert seed_counts([1, 0, 0, 0, 0], 7) == [7, 0, 0, 0, 0]
    assert sum(seed_counts([0.11, 0.13, 0.17, 0.19, 0.4], 33)) == 33
    # All-zero weights are in range: equal weights.  Weights too small for
    # millionths are split by their exact values.
    assert seed_counts([0, 0, 0, 0, 0], 100) == [20, 20, 20, 20, 20]
    assert seed_counts([5e-324, 0, 0, 0, 1e-7], 10) == [0, 0, 0, 0, 10]
    assert seed_counts([1e-9, 3e-9, 0, 0, 0], 8) == [2, 6, 0, 0, 0]


def test_weights_are_normalized_so_scaling_them_changes_nothing():
    base = stages("norm", 40, 32)["terrain"].data
    doubled = stages("norm", 40, 32, {"grass": 0.6, "forest": 0.5, "water": 0.4,
                                       "mountain": 0.2, "desert": 0.3})["terrain"].data
    assert np.array_equal(base, doubled)


def test_all_zero_weights_mean_equal_weights():
    zero = stages("zero", 32, 32, {"grass": 0, "forest": 0, "water": 0, "mountain": 0, "desert": 0})
    equal = stages("zero", 32, 32, {"grass": 1, "forest": 1, "water": 1, "mountain": 1, "desert": 1})
    assert np.array_equal(zero["terrain"].data, equal["terrain"].data)


@pytest.mark.parametrize("weights", [
    (0.30, 0.25, 0.20, 0.10, 0.15),  # the defaults
    (0.10, 0.10, 0.10, 0.10, 0.60),  # a desert world
])
def test_type_shares_track_weights_over_many_seeds(weights):
    params = dict(zip([n for n, _ in BASE_TYPES], weights))
    shares = np.zeros(len(BASE_TYPES))
    runs = 60
    for i in range(runs):
        grown = stages(f"share-{i}", 64, 64, {**params, "seeds": 40})["growth"].data
        shares += [np.count_nonzero(grown == tid) / grown.size for tid in BASE_IDS]
    shares /= runs
    assert np.allclose(shares, weights, atol=0.025), (shares, weights)


def test_growth_yields_a_progress_preview_per_loop():
    items = list(registry.run("biomes", "progress", 60, 40))
    previews = [i for i in items if isinstance(i, Progress) and i.stage == "growth" and i.preview is not None]
    final = [i for i in items if isinstance(i, Stage) and i.name == "growth"][0]
    assert len(previews) == final.info["loops"] >= 3
    fractions = [p.done for p in previews]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    # Previews are views of the live map: blank tiles shrink loop by loop.
    blanks = []
    for item in registry.run("biomes", "progress", 60, 40):
        if isinstance(item, Progress) and item.preview is not None:
            blanks.append(int(np.count_nonzero(item.preview.data == T.void)))
    assert blanks == sorted(blanks, reverse=True) and blanks[-1] == 0 and blanks[0] > 0


def test_rough_zero_still_fills_and_spread_changes_the_map():
    a = stages("knobs", 48, 48, {"rough": 0.0})["terrain"].data
    b = stages("knobs", 48, 48, {"spread": 0.3})["terrain"].data
    c = stages("knobs", 48, 48)["terrain"].data
    assert (a != T.void).all() and (b != T.void).all()
    assert not np.array_equal(a, c) and not np.array_equal(b, c)


def test_without_transitions_only_base_types_remain():
    s = stages("plain", 48, 48, {"transitions": False})
    assert np.isin(s["terrain"].data, BASE_IDS).all()
    assert not lone_mask(s["terrain"].data).any()


def test_larger_map_fills_and_is_clean():
    s = stages("large", 300, 200)
    final = s["terrain"].data
    assert (final != T.void).all() and not lone_mask(final).any()


def test_more_seeds_than_tiles_is_capped():
    s = stages("crowded", 16, 16, {"seeds": 10_000})
    assert np.count_nonzero(s["seeds"].data) == 256


# Golden digests: sha256 of the final tile bytes.  If a deliberate change to the
# generator alters them, regenerate with
#   .venv/bin/python -c "import hashlib; from worldgen import generate; \
#   print(hashlib.sha256(generate('biomes', 'Deepisle', 100, 100).last.data.tobytes()).hexdigest())"
GOLDEN = {
    ("Deepisle", 100, 100): "838997ed3e867706d13b116a62368bfce6edca9170a7084938ab0651d16f918c",
    ("1000 Dungeons", 64, 48): "7971e72af19bd6e6d7d5079f3480c16d74ff221594f181555401e543b6281580",
    ("swamp", 200, 120): "5525c8ca017822896204b55a69a9fb4ba6a21708e4f8229339859e543e04f4a0",
}


@pytest.mark.parametrize("seed,width,height", list(GOLDEN))
def test_golden_digests(seed, width, height):
    tiles = registry.generate("biomes", seed, width, height).last.data
    assert hashlib.sha256(tiles.tobytes()).hexdigest() == GOLDEN[seed, width, height]


def test_transitions_are_found_in_bands_as_on_the_whole_map(monkeypatch):
    whole = registry.generate("biomes", "bands", 60, 50)
    monkeypatch.setattr(biomes_generator, "_BAND_CELLS", 60 * 7)     # bands of 7 rows
    banded = registry.generate("biomes", "bands", 60, 50)
    assert np.array_equal(whole.stages["transitions"].data, banded.stages["transitions"].data)
    assert np.array_equal(whole.last.data, banded.last.data)
    grown = whole.stages["growth"].data
    assert np.array_equal(whole.stages["transitions"].data, biomes.apply_transitions(grown))


def ref_lone_mask(tiles, mask=None):
    """Every tile against its 8 neighbours, spelled out (the frame is no type)."""
    h, w = tiles.shape
    padded = biomes.pad_frame(tiles, biomes.FRAME)
    has_same = np.zeros((h, w), dtype=bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                has_same |= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] == tiles
    return ~has_same if mask is None else ~has_same & mask


def ref_clean_lone(tiles, grown, rng, mask=None, table=TRANSITIONS):
    """clean_lone as the docstring says it, the lone set recomputed in full each pass."""
    tiles = tiles.copy()
    h, w = tiles.shape
    steps = growth.neighbour_steps(w)
    base = {tid for _, tid in BASE_TYPES}
    is_transition = np.zeros(256, dtype=bool)
    is_transition[[row.becomes for row in table if row.becomes not in base]] = True
    rim = biomes.pad_frame(qualifies(grown, table), 0).ravel()
    changed = fallback = 0
    for attempt in range(cleanup._CLEAN_PASSES + 1):
        lone = ref_lone_mask(tiles, mask)
        cells = np.flatnonzero(lone)
        if cells.size == 0:
            break
        padded = biomes.pad_frame(tiles, biomes.FRAME).ravel()
        nb = biomes.padded_index(cells, w)[:, None] + steps[None, :]
        kinds = padded[nb]
        ok = biomes.pad_frame(~lone, False).ravel()[nb]
        if attempt < cleanup._CLEAN_PASSES:
            ok &= ~is_transition[kinds] | (rim[nb] == kinds)
        draw = rng.integers(1, 1 << 30, size=nb.shape, dtype=np.int64)
        pick = np.argmax(np.where(ok, draw, 0), axis=1)
        fixed = np.flatnonzero(ok.any(axis=1))
        tiles.ravel()[cells[fixed]] = kinds[fixed, pick[fixed]]
        changed += int(fixed.size)
        fallback = int(fixed.size) if attempt == cleanup._CLEAN_PASSES else 0
    return tiles, changed, fallback


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("masked", [False, True])
def test_lone_mask_and_clean_up_match_the_plain_versions_on_noisy_maps(seed, masked):
    rng = np.random.default_rng(seed)
    h, w = rng.integers(1, 40, 2)
    kinds = np.array([tid for _, tid in BASE_TYPES] + [T.sand, T.hills], dtype=np.uint8)
    grown = kinds[rng.integers(0, 5, (h, w))]
    tiles = np.where(rng.random((h, w)) < 0.3, kinds[rng.integers(0, 7, (h, w))], grown)
    mask = rng.random((h, w)) < 0.8 if masked else None
    assert np.array_equal(lone_mask(tiles, mask), ref_lone_mask(tiles, mask))
    got = clean_lone(tiles, grown, np.random.default_rng(seed), mask)
    want = ref_clean_lone(tiles, grown, np.random.default_rng(seed), mask)
    assert np.array_equal(got[0], want[0]) and got[1:] == want[1:]


def ref_value_noise(rng, height, width, cell):
    """_value_noise by gathering both lattice rows for every map row (the plain form)."""
    gh, gw = height // cell + 2, width // cell + 2
    lattice = rng.random((gh, gw), dtype=np.float32)

    def axis(n):
        t = (np.arange(n, dtype=np.float32) + np.float32(0.5)) / np.float32(cell)
        i = t.astype(np.int64)
        f = t - i.astype(np.float32)
        return i, f * f * (np.float32(3) - np.float32(2) * f)

    y0, fy = axis(height)
    x0, fx = axis(width)
    rows = lattice[:, x0] + (lattice[:, x0 + 1] - lattice[:, x0]) * fx
    return (rows[y0 + 1] - rows[y0]) * fy[:, None] + rows[y0]


@pytest.mark.parametrize("height,width,cell", [(1, 1, 2), (7, 30, 2), (64, 48, 5), (200, 37, 66), (33, 90, 89)])
def test_value_noise_in_blocks_is_the_plain_interpolation_to_the_bit(height, width, cell):
    got = ground.value_noise(np.random.default_rng(cell), height, width, cell)
    want = ref_value_noise(np.random.default_rng(cell), height, width, cell)
    assert got.dtype == np.float32 and np.array_equal(got.view(np.uint32), want.view(np.uint32))


def ref_qualifies(grown, table=TRANSITIONS):
    """qualifies as the table reads: per cell, the first row whose tile it is and
    whose touching type is among its 8 neighbours (0 where none)."""
    h, w = grown.shape
    out = np.zeros((h, w), dtype=np.uint8)
    for y in range(h):
        for x in range(w):
            near = {int(grown[y + dy, x + dx]) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                    if (dy or dx) and 0 <= y + dy < h and 0 <= x + dx < w}
            hit = next((r for r in table if r.tile == grown[y, x] and r.touching in near), None)
            out[y, x] = 0 if hit is None else hit.becomes
    return out


#: A table of more touching types and tiles than a byte's codes hold (the wide lookups, not translation).
WIDE_TABLE = tuple(biomes.Transition(tile, near, T.hills, "wide") for tile in range(1, 7) for near in range(1, 9)
                   if tile != near)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("table", [TRANSITIONS, WIDE_TABLE], ids=["default", "wide"])
def test_qualifies_is_the_table_read_cell_by_cell(seed, table):
    rng = np.random.default_rng(seed)
    h, w = rng.integers(1, 24, 2)
    grown = rng.integers(0, 10, (h, w)).astype(np.uint8)
    assert np.array_equal(qualifies(grown, table), ref_qualifies(grown, table))


@pytest.mark.parametrize("height,width,spacing", [(50, 37, 3.0), (64, 300, 12.0), (9, 1, 5.0), (1, 40, 4.0)])
def test_ground_in_bands_is_the_whole_field_to_the_bit(monkeypatch, height, width, spacing):
    """The banded field (noise rows mixed a band at a time, the mixed field kept
    in the thresholds' memory) against the octaves made whole and mixed at once."""
    whole = ground.ground_thresholds(ground.ground_noise(np.random.default_rng(7), height, width, spacing), 0.9, 0.97)
    monkeypatch.setattr(ground, "_BAND_CELLS", 3 * width + 1)       # bands of 3 rows: blocks cut across them
    banded = finish(ground.ground_thresholds_steps(np.random.default_rng(7), height, width, spacing, 0.9, 0.97))
    assert banded.dtype == np.uint32 and np.array_equal(banded, whole)
    assert (banded.reshape(height + 2, width + 2)[[0, -1]] == 0).all()    # the frame
    assert (banded.reshape(height + 2, width + 2)[:, [0, -1]] == 0).all()


def test_ground_steps_yield_between_bands_on_a_big_map():
    ticks = []
    steps = ground.ground_thresholds_steps(np.random.default_rng(7), 1024, 1024, 3.0, 0.9, 0.97,
                                           tick=lambda: ticks.append(1))
    assert len(finish(steps)) == 1026 * 1026
    assert len(ticks) >= 6          # 1M cells in each of the two passes: a step every 2**18 cells


def test_tile_counts_count_every_tile_even_one_not_named():
    tiles = np.array([[1, 1, 4], [9, 4, 4]], np.uint8)
    assert biomes_generator._tile_counts(tiles, [1, 4, 5]) == {1: 2, 4: 3, 9: 1}
    assert biomes_generator._tile_counts(tiles, [4, 1, 9]) == {1: 2, 4: 3, 9: 1}


def test_a_lone_tile_ringed_only_by_transition_tiles_no_rim_made_takes_one_in_the_last_pass():
    """A desert tile amid marsh that no pair of the grown map made (the grown map is all grass):
    no pass but the last may give it marsh (a transition type comes only from a rim tile); the
    last, the fallback, takes any neighbour that is not lone, and says so."""
    marsh = TRANSITION_IDS[0]
    tiles = np.full((5, 5), marsh, np.uint8)
    tiles[2, 2] = T.desert
    grown = np.full((5, 5), T.grass, np.uint8)
    fixed, changed, fallback = clean_lone(tiles, grown, np.random.default_rng(1))
    assert (fixed == marsh).all() and (changed, fallback) == (1, 1)


@pytest.mark.parametrize("hi", [np.float32(0.3), np.nextafter(np.float32(0.3), np.float32(1))])
def test_a_flat_field_gives_every_cell_the_full_spread(hi):
    """Min equal to max (a field with one value): every chance is the spread (as at the field's
    top); a max a hair above the min is the usual scaling, the top cells at the spread too."""
    f = np.full(4, np.float32(0.3), np.float32)
    f[0] = hi
    out = np.empty(4, np.uint32)
    ground._chances(f.copy(), np.float32(0.3), hi, 0.5, 0.4, out, np.empty(4, np.float32))
    full = np.uint32(0.5 * ground._P_ONE)
    if hi == np.float32(0.3):
        assert (out == full).all()
    else:
        assert out[0] == full and (out[1:] == out[1]).all() and abs(int(out[1]) - 0.3 * ground._P_ONE) <= 2


# --- the run's events, exactly ---------------------------------------------------------------

def test_a_run_yields_its_stages_progress_and_info_exactly(monkeypatch):
    """Every event of a small run but the per-loop previews, pinned (6 seeds on 40x24, the
    transitions found in bands of 7 rows); each preview is the growth map with its loop count.
    After a deliberate change, print the events of this run and copy them here."""
    monkeypatch.setattr(biomes_generator, "_BAND_CELLS", 40 * 7)
    events, loops = [], 0
    for item in registry.run("biomes", "events", 40, 24, {"seeds": 6}):
        if isinstance(item, Progress) and item.preview is not None:
            loops += 1
            assert item.preview.name == "growth" and item.preview.info == {"loop": loops}
            assert item.done == np.count_nonzero(item.preview.data) / (40 * 24)
        elif isinstance(item, Progress):
            events.append((item.stage, item.done))
        else:
            events.append((item.name, item.info))
    counts = {"grass": 2, "forest": 1, "water": 1, "mountain": 1, "desert": 1}
    assert loops == 83
    assert events == [
        ("seeds", {"seed_counts": counts,
                   "seed_cells": [[32, 18], [23, 10], [30, 17], [38, 9], [26, 18], [39, 20]]}),
        ("growth", 0.0),                   # the delays: one slice on a small map
        ("growth", {"loops": 83}),
        ("transitions", 0.0), ("transitions", 7 / 48), ("transitions", 14 / 48), ("transitions", 21 / 48),
        ("transitions", 0.5),
        ("transitions", {}),
        ("terrain", 0.0), ("terrain", 0.5),
        ("terrain", {"loops": 83, "lone_fixed": 0, "lone_fallback": 0, "seed_counts": counts,
                     "tiles": {"deep_water": 23, "sand": 16, "grass": 617, "forest": 27, "hills": 56,
                               "mountain": 158, "desert": 59, "swamp": 4}}),
    ]


def test_transitions_in_bands_of_one_row_report_each_row(monkeypatch):
    """A band is at least one row, however narrow _BAND_CELLS is: progress after every row."""
    monkeypatch.setattr(biomes_generator, "_BAND_CELLS", 19)     # under one row of 20 cells
    done = [item.done for item in registry.run("biomes", "rows", 20, 16)
            if isinstance(item, Progress) and item.stage == "transitions"]
    assert done == [0.0, *(y / 32 for y in range(1, 17))]


def test_a_wide_run_reports_the_ground_and_the_delays_before_growing():
    """1024x256 cells: the ground's two passes tick once each (every 4 bands of 64 rows), the
    delays twice (the padded map is a little over 2**18 cells): all as growth at 0."""
    items = registry.run("biomes", "wide", 1024, 256)
    assert isinstance(next(items), Stage)
    before = []
    for item in items:
        if item.preview is not None:
            break
        before.append(item)
    assert [(item.stage, item.done, item.preview) for item in before] == [("growth", 0.0, None)] * 4


def test_a_single_seed_grows_over_the_whole_map_at_the_pace_of_its_ground():
    """One seed: one type everywhere; the ground's spacing is the map's whole area, and the loops
    it takes are pinned (print the terrain stage's info after a deliberate change)."""
    result = registry.generate("biomes", "one seed", 30, 20, {"seeds": 1})
    assert (result.last.data == T.grass).all()
    assert result.last.info["loops"] == 93


def test_seed_counts_round_weights_to_millionths_and_ties_go_to_the_earlier_type():
    assert seed_counts([0.5, 0.5000004, 0, 0, 0], 1) == [1, 0, 0, 0, 0]    # equal in millionths: a tie
    assert seed_counts([0.5, 0.5000006, 0, 0, 0], 1) == [0, 1, 0, 0, 0]
    # One millionth in all is enough to split by millionths (the rest rounds to 0).
    assert seed_counts([1e-6, 4e-7, 0, 0, 0], 7) == [7, 0, 0, 0, 0]
    assert seed_counts([1e-6, 0, 0, 0, 0], 3) == [3, 0, 0, 0, 0]


def test_seed_counts_give_the_rest_by_largest_remainder_not_largest_share():
    assert seed_counts([0.55, 0.45, 0, 0, 0], 2) == [1, 1, 0, 0, 0]    # 1.1 and 0.9: the 0.9 wins the rest
    assert seed_counts([0.55, 0.45, 0, 0, 0], 3) == [2, 1, 0, 0, 0]    # 1.65 and 1.35


def test_seed_counts_without_weights_is_a_parameter_error():
    with pytest.raises(registry.ParamError, match="^biome weights are needed$"):
        seed_counts([], 5)


def test_tile_counts_with_every_tile_named_count_each_by_itself():
    assert biomes_generator._tile_counts(np.array([[1, 1, 4]], np.uint8), [1, 4]) == {1: 2, 4: 1}
    assert biomes_generator._tile_counts(np.zeros((0, 3), np.uint8), [1, 4]) == {}


# --- the ground field --------------------------------------------------------------------------

def counted_ticks(monkeypatch, height, width):
    """The ticks of the ground field's steps, each as (bands mixed, bands turned to chances) so far."""
    done = {"mix": 0, "chances": 0}

    def counting(name, real):
        def call(*args):
            done[name] += 1
            return real(*args)
        return call
    monkeypatch.setattr(ground, "_mix", counting("mix", ground._mix))
    monkeypatch.setattr(ground, "_chances", counting("chances", ground._chances))
    ticks = []
    finish(ground.ground_thresholds_steps(np.random.default_rng(3), height, width, 20.0, 0.9, 0.97,
                                          tick=lambda: ticks.append((done["mix"], done["chances"]))))
    return ticks


def test_ground_steps_tick_after_every_whole_number_of_bands_of_2_18_cells(monkeypatch):
    # 1000 wide: bands of 65 rows (65,000 cells), a tick every 4 bands (2**18 // 65,000); 5 bands.
    assert counted_ticks(monkeypatch, 300, 1000) == [(4, 0), (5, 4)]


def test_ground_steps_tick_after_every_band_of_2_18_cells_or_more(monkeypatch):
    monkeypatch.setattr(ground, "_BAND_CELLS", 1 << 18)     # bands of 256 rows of 1024
    assert counted_ticks(monkeypatch, 600, 1024) == [(1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3)]


def test_ground_steps_without_a_tick_yield_none():
    assert list(ground.ground_thresholds_steps(np.random.default_rng(3), 300, 1000, 20.0, 0.9, 0.97)) == [None] * 2


def test_ground_bands_hold_about_2_16_cells_and_at_least_one_row():
    assert ground._bands(70000, 1) == [(0, 65536), (65536, 70000)]
    assert ground._bands(3, 70000) == [(0, 1), (1, 2), (2, 3)]


def test_octave_cells_are_two_thirds_and_two_ninths_of_the_spacing_and_at_least_two():
    assert [ground.octave_cells(s) for s in (3.0, 4.4, 4.5, 9.0, 13.5)] == [(2, 2), (2, 2), (3, 2), (6, 2), (9, 3)]


def test_ground_chances_are_clipped_to_one_4096th_and_to_certainty():
    """Whatever spread and rough a caller passes (BiomeParams' ranges never reach the clip)."""
    octaves = ground.ground_noise(np.random.default_rng(5), 12, 9, 6.0)
    inner = lambda t: t.reshape(14, 11)[1:-1, 1:-1]  # noqa: E731
    lowest = inner(ground.ground_thresholds(octaves, 1.0, 1.0))   # the field's lowest cell: chance 0
    assert lowest.min() == 4096 and lowest.max() == 1 << 24
    assert (inner(ground.ground_thresholds(octaves, 1.5, 0.0)) == 1 << 24).all()


# --- transitions and the clean-up at their edges -----------------------------------------------

@pytest.mark.parametrize("shape", [(7, 1), (1, 7), (1, 1)])
def test_qualifies_on_a_one_tile_wide_map(shape):
    W, F, M, G = T.deep_water, T.forest, T.mountain, T.grass
    grown = np.array([W, F, W, M, G, M, W], np.uint8)[:shape[0] * shape[1]].reshape(shape)
    assert np.array_equal(qualifies(grown), ref_qualifies(grown))


def test_apply_transitions_in_a_mask_changes_only_the_tiles_a_row_converts():
    W, F, G = T.deep_water, T.forest, T.grass
    grown = np.array([[W, W, F], [W, W, G], [W, W, G]], dtype=np.uint8)
    mask = np.zeros_like(grown, dtype=bool)
    mask[1:] = True
    assert apply_transitions(grown, mask).tolist() == [[W, W, F], [W, T.swamp, G], [W, T.sand, G]]


def test_an_empty_table_changes_nothing_and_qualifies_as_bytes():
    grown = np.array([[T.deep_water, T.forest]], np.uint8)
    assert np.array_equal(apply_transitions(grown, table=()), grown)
    none = qualifies(grown, ())
    assert none.dtype == np.uint8 and none.tolist() == [[0, 0]]


def test_transitions_and_clean_up_given_the_rows_do_not_find_them_again(monkeypatch):
    W, F = T.deep_water, T.forest
    grown = np.array([[W, W, F, F], [W, W, F, F]], np.uint8)
    becomes = qualifies(grown)

    def never(*args):
        raise AssertionError("found again")
    monkeypatch.setattr(biomes.transitions, "qualifies", never)
    monkeypatch.setattr(cleanup, "qualifies", never)
    mixed = apply_transitions(grown, becomes=becomes)
    assert mixed.tolist() == [[W, T.swamp, F, F], [W, T.swamp, F, F]]
    mixed[0, 3] = T.desert                                        # a lone tile for the clean-up
    assert clean_lone(mixed, grown, np.random.default_rng(0), rim=becomes)[0][0, 3] == F


def test_clean_up_of_a_clean_map_or_a_single_tile_changes_nothing():
    grown = np.full((3, 4), T.grass, np.uint8)
    tiles, changed, fallback = clean_lone(grown, grown, np.random.default_rng(0))
    assert np.array_equal(tiles, grown) and (changed, fallback) == (0, 0)
    one = np.array([[T.desert]], np.uint8)         # lone, with no neighbour to take
    tiles, changed, fallback = clean_lone(one, one, np.random.default_rng(0))
    assert tiles.tolist() == [[T.desert]] and (changed, fallback) == (0, 0)


def test_a_tile_fixed_by_a_pass_is_a_candidate_in_the_next():
    """Forest between grass and a lone grass tile takes grass in the first pass, which pairs
    the grass tile: the desert at the end, with no other neighbour, takes it in the second."""
    G, F, D = T.grass, T.forest, T.desert
    row = np.array([[G, G, F, G, D]], np.uint8)
    tiles, changed, fallback = clean_lone(row, row, np.random.default_rng(0))
    assert tiles.tolist() == [[G] * 5] and (changed, fallback) == (2, 0)


def test_clean_up_fixes_a_chain_one_tile_a_pass_and_stops_after_its_passes():
    """A row of lone tiles fed from one end: one tile a pass, the ninth by the last pass (the
    fallback); the tenth stays lone (the loop is bounded)."""
    G, F, D = T.grass, T.forest, T.desert
    row = np.array([[G, G] + [F, D] * 5], np.uint8)
    tiles, changed, fallback = clean_lone(row, row, np.random.default_rng(0))
    assert tiles.tolist() == [[G] * 11 + [D]] and (changed, fallback) == (9, 1)


def test_clean_up_takes_a_transition_type_from_the_rim_its_own_table_makes():
    """A custom table's rim (grass touching desert becomes hills): a lone tile beside it may
    take hills, under that table and not the default one (which makes no hills from grass)."""
    G, D = T.grass, T.desert
    table = (biomes.Transition(G, D, T.hills, "test"),)
    grown = np.full((3, 6), G, np.uint8)
    grown[:, 3:] = D
    tiles = apply_transitions(grown, table=table)
    tiles[1, 1] = T.mountain
    picks = {int(clean_lone(tiles, grown, np.random.default_rng(i), table=table)[0][1, 1]) for i in range(40)}
    assert picks == {G, T.hills}


# --- biomes over an island's lowland (grow_lowland: the named world's locations) ---------------

def small_island(h=28, w=45):
    """Water, a sand coast, grass with rows of forest, a mountain core, a lone peak at (14, 8)
    and a forest islet (rows 3-4, columns 41-42) apart from the main land."""
    y, x = np.mgrid[:h, :w]
    d = ((y - h / 2) / (h * 0.42)) ** 2 + ((x - w * 0.4) / (w * 0.36)) ** 2
    island = np.full((h, w), T.deep_water, np.uint8)
    island[d < 1.0] = T.sand
    island[d < 0.8] = T.grass
    island[(d < 0.8) & ((x + 2 * y) % 7 == 0)] = T.forest
    island[d < 0.12] = T.mountain
    island[3:5, w - 4:w - 2] = T.forest
    island[14, 8] = T.mountain
    return island


def first_cells_lowland(h, w, k):
    """A ``(h, w)`` sea whose first ``k`` cells (row by row) are lowland, grass and forest."""
    island = np.full((h, w), T.deep_water, np.uint8)
    island.ravel()[:k] = np.where(np.arange(k) % 3 == 0, T.forest, T.grass)
    return island


LOWLAND_WEIGHTS = (0.1, 0.2, 0.3, 0.2, 0.2)


# Pinned: sha256 of grow_lowland's tiles for small_island() (409 lowland tiles: 8 seeds).
# After a deliberate change, print the digest and info of finish(grow_lowland(seed, small_island(), LOWLAND_WEIGHTS)).
@pytest.mark.parametrize("seed,digest,loops,fixed", [
    (4, "9872e74de258113a436d3117de23f0834dc7795c0a949f962707b1ece95e5c54", 47, 1),
    (5, "5ba4469667fbb4938b9776414991248e0b1542e71d022d5a7a5f369dff4dc19c", 45, 1),
])
def test_grow_lowland_of_an_island_is_pinned_and_stays_in_the_lowland(seed, digest, loops, fixed):
    island = small_island()
    lowland = (island == T.grass) | (island == T.forest)
    tiles, info = finish(biomes.grow_lowland(seed, island, LOWLAND_WEIGHTS))
    assert hashlib.sha256(tiles.tobytes()).hexdigest() == digest
    assert info == {"biome_seeds": 8, "growth_loops": loops, "lone_fixed": fixed,
                    "biome_seed_counts": {"grass": 1, "forest": 2, "water": 2, "mountain": 2, "desert": 1}}
    assert np.array_equal(tiles[~lowland], island[~lowland])     # only the lowland changes
    assert (tiles != T.void).all() and not lone_mask(tiles, lowland).any()
    assert (tiles[3:5, 41:43] == T.forest).all()                  # the islet no seed reached keeps its tiles
    assert lone_mask(tiles)[14, 8]                                # the clean-up keeps out of the lone peak too


def test_grow_lowland_reports_the_ground_the_delays_each_loop_and_the_finish():
    island = small_island()
    events, loops = [], 0
    steps = biomes.grow_lowland(4, island, LOWLAND_WEIGHTS)
    while True:
        try:
            item = next(steps)
        except StopIteration as done:
            tiles, info = done.value
            break
        assert item.stage == "biomes"
        if item.preview is None:
            events.append(item.done)
        else:
            loops += 1
            assert item.preview.name == "biomes" and item.preview.data.shape == island.shape
            if loops == 1:
                assert item.done == 0.041809290953545235            # 0.9 of the share of lowland claimed
            last = item.done
    assert events == [0.0, 0.0, 0.95, 1.0] and loops == info["growth_loops"] == 47
    assert last == 0.9 * 405 / 409                                  # the islet's 4 tiles are never claimed


@pytest.mark.parametrize("lowland,h,w,seeds,digest", [
    (5, 4, 3, 5, "addae64f77a29c4b4a5251938937f2b4d8e4a9769f9e416083defe68588326b4"),      # fewer tiles than 8
    (899, 30, 31, 8, "c61e75c8f86ea4252ad1fca0ae77793938bf317f0c42a0da4eca38b2ca9408bc"),  # 8 at least
    (900, 30, 31, 9, "0afa803853af0a192e70f40e6fd1247276b4e025b30abb3a9d058537ff82f4f3"),  # one per 100
    (19999, 150, 141, 199, "0844e7ac0f46ea0e0a18b68f0af9380bfa88c10e9b16f58e76a4e34470bf1282"),
    (20100, 150, 141, 200, "b9ca3957dc6e8cb30869fa57a67a75e58139f62e0c12ed13829d9eb1eaa255af"),  # 200 at most
])
def test_grow_lowland_sows_a_seed_per_100_tiles_within_8_and_200_and_is_pinned(lowland, h, w, seeds, digest):
    from worldgen.generators.biomes import lowland as module
    assert module.TILES_PER_SEED == 100 and module.SEEDS_RANGE == (8, 200)
    island = first_cells_lowland(h, w, lowland)
    tiles, info = finish(biomes.grow_lowland(11, island, (0.3, 0.25, 0.2, 0.1, 0.15)))
    assert info["biome_seeds"] == sum(info["biome_seed_counts"].values()) == seeds
    assert hashlib.sha256(tiles.tobytes()).hexdigest() == digest
    assert (tiles.ravel()[lowland:] == T.deep_water).all()


def test_grow_lowland_of_every_tile_sown_has_no_growth_loop():
    tiles, info = finish(biomes.grow_lowland(11, first_cells_lowland(4, 3, 5), (0.3, 0.25, 0.2, 0.1, 0.15)))
    W, G = T.deep_water, T.grass
    assert tiles.tolist() == [[G, G, G], [W, G, W], [W, W, W], [W, W, W]]
    assert info == {"biome_seeds": 5, "growth_loops": 0, "lone_fixed": 2,
                    "biome_seed_counts": {"grass": 2, "forest": 1, "water": 1, "mountain": 0, "desert": 1}}


def test_grow_lowland_without_lowland_returns_a_copy_at_once():
    island = np.full((3, 5), T.deep_water, np.uint8)
    island[1, 1:4] = T.mountain
    steps = biomes.grow_lowland(1, island, LOWLAND_WEIGHTS)
    with pytest.raises(StopIteration) as done:
        next(steps)
    tiles, info = done.value.value
    assert np.array_equal(tiles, island) and tiles is not island
    assert info == {"biome_seeds": 0, "growth_loops": 0}


def test_a_run_and_grow_lowland_find_the_transitions_once(monkeypatch):
    """Both hand the rows they found to the transitions and the clean-up, which would
    otherwise find them again (a pass over the whole map each)."""
    calls = []

    def counted(real):
        def call(*args, **kwargs):
            calls.append(1)
            return real(*args, **kwargs)
        return call
    monkeypatch.setattr(biomes.transitions, "qualifies", counted(biomes.transitions.qualifies))
    monkeypatch.setattr(cleanup, "qualifies", counted(cleanup.qualifies))
    result = registry.generate("biomes", "once", 48, 40)
    assert result.last.info["lone_fixed"] > 0 and calls == []
    tiles, info = finish(biomes.grow_lowland(5, small_island(), LOWLAND_WEIGHTS))
    assert info["lone_fixed"] > 0 and calls == []
