"""worldgen.toolkit.noise: the all-at-once path (small maps) gives the banded path's bytes."""

import numpy as np
import pytest

from worldgen.core.registry import Progress
from worldgen.core.steps import finish_with_events
from worldgen.toolkit import noise


def banded(monkeypatch, seed, w, h, octaves, divisor):
    with monkeypatch.context() as m:
        m.setattr(noise, "_AT_ONCE_CELLS", 0)
        steps = noise.noise_steps(np.random.default_rng(seed), w, h, octaves, divisor)
        return finish_with_events(steps)


@pytest.mark.parametrize("w,h", [(88, 32), (16, 16), (17, 93), (200, 120), (1024, 16)])
@pytest.mark.parametrize("octaves,divisor", [(1, 2.0), (8, 2.0), (12, 0.25), (5, 7.3), (8, 64.0)])
def test_at_once_is_the_banded_sum_byte_for_byte(monkeypatch, w, h, octaves, divisor):
    for seed in range(3):
        slow, events = banded(monkeypatch, seed, w, h, octaves, divisor)
        assert events and all(isinstance(e, Progress) and e.stage == "noise" for e in events)
        fast = noise.fractal_noise(np.random.default_rng(seed), w, h, octaves, divisor)
        assert fast.dtype == np.float32 and fast.shape == (h, w)
        assert fast.tobytes() == slow.tobytes()


def test_small_maps_take_the_at_once_path_and_large_ones_yield():
    small = noise.noise_steps(np.random.default_rng(1), 88, 32, 8, 2.0)
    with pytest.raises(StopIteration):
        next(small)  # no Progress: one step
    large = noise.noise_steps(np.random.default_rng(1), 512, 512, 8, 2.0)
    assert isinstance(next(large), Progress)


def test_kept_octaves_skip_those_finer_than_a_tile():
    assert [o for o, _, _ in noise._kept(88, 32, 8, 2.0)] == [0, 1, 2, 3, 4, 5]
    assert [o for o, _, _ in noise._kept(4, 4, 3, 64.0)] == [0]  # the lowest octave always runs


def test_phases_spread_each_octaves_nodes_over_its_cell():
    assert noise.OFFSETS.shape == (noise.PHASES, noise.MAX_OCTAVES, 2) and not noise.OFFSETS.flags.writeable
    frac = noise.OFFSETS % 1.0
    for o in range(noise.MAX_OCTAVES):
        for axis in (0, 1):  # the 8 phases: 8 fractions 1/8 of a cell apart on each axis
            assert np.allclose(np.diff(np.sort(frac[:, o, axis])), 1 / 8)
    phases = {noise._draw_tables(np.random.default_rng(s), 8)[1] for s in range(64)}
    assert phases == set(range(noise.PHASES))


def test_each_phase_and_octave_offset_is_its_documented_lattice_point():
    # OFFSETS is made at import, before a test can change the function: call it (docs/TESTING.md's cache trap).
    table = noise._phase_offsets()
    assert table.shape == (noise.PHASES, noise.MAX_OCTAVES, 2) and table.dtype == np.float64
    assert np.array_equal(table, noise.OFFSETS)
    assert tuple(table[0, 0]) == (37 + 79 / 256, 151 + 97 / 256)
    assert tuple(table[1, 0]) == (37 + 111 / 256, 151 + 193 / 256)
    assert tuple(table[3, 5]) == (30 + 197 / 256, 190 + 70 / 256)
    assert tuple(table[7, 11]) == (124 + 249 / 256, 32 + 76 / 256)
    whole, frac = np.floor(table), table % 1.0
    assert np.array_equal(whole[0], whole[7])  # a phase moves only the fraction
    assert len({tuple(w) for w in whole[0]}) == noise.MAX_OCTAVES  # each octave hashes its own part of the lattice
    assert len({tuple(f) for f in frac[0]}) == noise.MAX_OCTAVES  # and no two share their nodes
    step = (frac[1:] - frac[:-1]) % 1.0  # phase to phase: 1/8 of a cell in x, 3/8 in y
    assert np.array_equal(step[..., 0], np.full((noise.PHASES - 1, noise.MAX_OCTAVES), 1 / 8))
    assert np.array_equal(step[..., 1], np.full((noise.PHASES - 1, noise.MAX_OCTAVES), 3 / 8))
    assert np.array_equal(table * 256, np.round(table * 256))  # exact in 1/256 steps


def test_small_layouts_are_kept_read_only_and_bounded():
    kept = tuple(noise._kept(88, 32, 8, 2.0))
    layout = noise._cached_layout(88, 32, kept, 3)
    assert layout is noise._cached_layout(88, 32, kept, 3)
    assert not any(a.flags.writeable for a in layout)
    wide = tuple(noise._kept(512, 16, 8, 2.0))  # 12 MB: rebuilt each time, never held
    assert noise._cached_layout(512, 16, wide, 0) is not noise._cached_layout(512, 16, wide, 0)
    for phase in range(noise.PHASES):
        noise._cached_layout(64, 64, tuple(noise._kept(64, 64, 8, 2.0)), phase)
    assert len(noise._LAYOUTS) <= noise.PHASES
    assert sum(a.nbytes for layout in noise._LAYOUTS.values() for a in layout) <= noise.PHASES * noise._LAYOUT_BYTES


def test_the_noise_spread_is_the_same_everywhere_over_many_maps():
    """Each octave is 0 on its lattice nodes: were they on the same pixels in every
    map, the noise would vary half as much there over many maps."""
    maps = np.array([noise.fractal_noise(np.random.default_rng(s), 88, 32) for s in range(400)])
    spread = maps.std(axis=0)
    assert spread.min() > 0.85 * spread.mean() and spread.max() < 1.15 * spread.mean()


@pytest.mark.parametrize("width, kept", [(63, 5), (64, 6), (65, 6)])
def test_an_octave_whose_period_is_exactly_one_tile_is_kept_and_a_finer_one_is_not(width, kept):
    """At divisor 2 a map 64 wide puts octave 5's lattice exactly one tile apart (64 / 2 / 32):
    kept; 63 wide makes it finer than a tile (and the map is only 4 high): skipped; 65 keeps it."""
    assert noise.kept_octaves(width, 4, 8, 2.0) == kept


def _path_events(w, h):
    """The Progress events of a noise: none on the all-at-once path, one per band otherwise."""
    _, events = finish_with_events(noise.noise_steps(np.random.default_rng(4), w, h, 8, 2.0))
    return len(events)


@pytest.mark.parametrize("spare, at_once", [(0, True), (1, True), (-1, False)])
def test_a_map_whose_octave_terms_fill_the_at_once_limit_exactly_takes_that_path(monkeypatch, spare, at_once):
    """The limit set to exactly an 88x32 map's octave terms (4 per kept octave and cell): the
    all-at-once path (no events); one cell under them, the banded path."""
    terms = 4 * noise.kept_octaves(88, 32, 8, 2.0) * 88 * 32
    monkeypatch.setattr(noise, "_AT_ONCE_CELLS", terms + spare)
    assert (_path_events(88, 32) == 0) == at_once


@pytest.mark.parametrize("spare, at_once", [(0, True), (1, True), (-1, False)])
def test_a_map_whose_layout_fills_the_kept_bytes_exactly_takes_the_at_once_path(monkeypatch, spare, at_once):
    """The kept layouts' bound set to exactly an 88x32 map's layout estimate: all at once (and
    its layout kept); a byte under it, banded."""
    need = noise._layout_bytes(88, 32, noise._kept(88, 32, 8, 2.0))
    monkeypatch.setattr(noise, "_LAYOUT_BYTES", need + spare)
    monkeypatch.setattr(noise, "_LAYOUTS", {})
    assert (_path_events(88, 32) == 0) == at_once


@pytest.mark.parametrize("spare, kept", [(0, True), (1, True), (-1, False)])
def test_a_layout_of_exactly_the_kept_bytes_is_kept(monkeypatch, spare, kept):
    key = (88, 32, tuple(noise._kept(88, 32, 8, 2.0)), 2)
    size = sum(a.nbytes for a in noise._layout(*key))
    monkeypatch.setattr(noise, "_LAYOUT_BYTES", size + spare)
    monkeypatch.setattr(noise, "_LAYOUTS", {})
    noise._cached_layout(*key)
    assert (key in noise._LAYOUTS) == kept


# Same seed, size and settings: the same bytes everywhere. After a deliberate change to the
# noise, print the new digests with `python -c "from tests.test_noise import golden; golden()"`.
GOLDEN = {
    (1, 88, 32, None): "70828e48433281c8e525efa2c02c919dce7dcc20efa6bdbea3f67f521170d4f3",  # defaults, all at once
    (2, 600, 20, None): "2aa1e980fdb14f299152cf59d03bb5daaf47b6777ba17f5b350b335b7611818a",  # defaults, banded
    (3, 17, 93, (5, 7.3)): "30f1b80c616ed0997cc05f885d2c2d27522fddc44954b5c978e09cbe394f5da2",
}


def _golden_noise(seed, w, h, settings):
    rng = np.random.default_rng(seed)
    return noise.fractal_noise(rng, w, h) if settings is None else noise.fractal_noise(rng, w, h, *settings)


def golden():
    import hashlib
    for key in GOLDEN:
        print(f"    {key!r}: \"{hashlib.sha256(_golden_noise(*key).tobytes()).hexdigest()}\",")


@pytest.mark.parametrize("key", list(GOLDEN))
def test_noise_golden_digests_are_the_same_bytes_everywhere(key):
    """The default 8 octaves at divisor 2 on a small map (all at once) and on a wide one (banded,
    where a ninth octave would be finer than a tile no more), and a tall map at an odd divisor."""
    import hashlib
    assert hashlib.sha256(_golden_noise(*key).tobytes()).hexdigest() == GOLDEN[key]


def test_the_fade_is_perlins_quintic_flat_at_both_ends_and_a_half_at_a_half():
    t = np.array([0.0, 0.25, 0.5, 0.75, 1.0], dtype=np.float32)
    got = noise._fade(t)
    assert got.dtype == np.float32
    assert got.tolist() == [0.0, 0.103515625, 0.5, 0.896484375, 1.0]  # 6t^5 - 15t^4 + 10t^3, exact


def test_at_most_twelve_octaves_and_a_thirteenth_is_refused_in_one_line():
    assert noise.fractal_noise(np.random.default_rng(1), 8, 8, noise.MAX_OCTAVES).shape == (8, 8)
    with pytest.raises(ValueError, match=r"^at most 12 octaves$"):
        noise.fractal_noise(np.random.default_rng(1), 8, 8, noise.MAX_OCTAVES + 1)


def test_banded_progress_counts_each_band_of_each_octave_in_order():
    """1024 wide: 256 rows a band (NOISE_CELLS_PER_YIELD cells), so 512 rows are two bands an
    octave; 4 octaves give eight events, an eighth of the work apart, the last at 1."""
    _, events = finish_with_events(noise.noise_steps(np.random.default_rng(1), 1024, 512, 4, 2.0))
    assert [e.stage for e in events] == ["noise"] * 8
    assert [e.done for e in events] == [k / 8 for k in range(1, 9)]


@pytest.mark.parametrize("width, bands", [(noise.NOISE_CELLS_PER_YIELD // 2, 2), (noise.NOISE_CELLS_PER_YIELD, 3),
                                          (noise.NOISE_CELLS_PER_YIELD + 1, 3)])
def test_a_row_wider_than_the_cells_between_yields_is_still_a_band_of_its_own(width, bands):
    """3 rows of one octave: at half NOISE_CELLS_PER_YIELD wide two rows fit a band (events after
    rows 2 and 3); at exactly it, or wider, a band is one row (never none)."""
    _, events = finish_with_events(noise.noise_steps(np.random.default_rng(1), width, 3, 1, 2.0))
    assert len(events) == bands and events[-1].done == 1.0


@pytest.mark.parametrize("size, estimate", [((88, 32, 8, 2.0), 666096), ((17, 93, 5, 7.3), 175296),
                                            ((40, 24, 12, 0.25), 187416), ((30, 20, 3, 1.5), 28584)])
def test_the_layout_estimate_is_its_exact_bytes_at_the_most_lattice_rows_and_columns(size, estimate):
    """The estimate prices the layout's arrays (int64 lattice x and y and corner indices, float32
    lerp factors, int64 rows and float32 weights per octave) at the most lattice rows and columns
    any phase can need (ceil(cells) + 2 a side): at least every phase's real layout. Pinned for
    maps at a divisor of 2, a fraction and below 1 (where cells are not whole)."""
    w, h, octaves, divisor = size
    kept = noise._kept(w, h, octaves, divisor)
    assert noise._layout_bytes(w, h, kept) == estimate
    real = [sum(a.nbytes for a in noise._layout(w, h, tuple(kept), phase)) for phase in range(noise.PHASES)]
    assert max(real) <= estimate
