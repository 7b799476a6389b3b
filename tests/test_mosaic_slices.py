"""Tests for cutting mosaic's work into short steps (worldgen/core/pacing.py
and the units that use it): every unit split into bands or pauses gives the
same result as the whole, so a split cannot silently change a map."""

from __future__ import annotations

import numpy as np
import pytest

from worldgen.core import seeding
from worldgen.core import pacing
from worldgen.core.registry import Progress, Stage
from worldgen.core.steps import finish_with_events
from worldgen.core.tiles import T
from worldgen.generators import mosaic
from worldgen.generators.mosaic import generator, mask as mask_mod, repair as repair_mod
from worldgen.generators.mosaic.mask import area_shapes
from worldgen.generators.mosaic.repair import label_sizes, reachability, reachability_steps, regions, repair
from worldgen.generators.mosaic.shapes import SHAPE_KINDS
from worldgen.generators.mosaic.styles import caves, noise, ruins, water
from worldgen.toolkit import grid

SPEC = mosaic.SPEC
TICK = lambda: Progress("test", 0.5)  # noqa: E731


drain = finish_with_events  # (return value, events)


def test_banded_rule_with_a_halo_matches_the_whole(monkeypatch):
    wall = np.random.default_rng(2).random((37, 23)) < 0.45

    def rule(lo, hi):
        return grid.neighbour_count(wall[lo:hi], 2, include_centre=True, outside=True) >= 12

    whole, events = drain(pacing.banded(rule, 37, 23, 2, None))
    assert events == [] and np.array_equal(whole, rule(0, 37))
    monkeypatch.setattr(pacing, "BAND_CELLS", 23 * 3)
    banded, events = drain(pacing.banded(rule, 37, 23, 2, TICK))
    assert len(events) == 13 and np.array_equal(banded, whole)
    # A halo too small for the rule would differ: the test can see a broken split.
    short, _ = drain(pacing.banded(rule, 37, 23, 1, TICK))
    assert not np.array_equal(short, whole)


def test_random_below_draws_the_numbers_of_one_call(monkeypatch):
    monkeypatch.setattr(pacing, "BAND_CELLS", 50)
    a, b = np.random.default_rng(9), np.random.default_rng(9)
    whole = a.random((21, 17)) < 0.4
    banded, events = drain(pacing.random_below(b, (21, 17), 0.4, TICK))
    assert len(events) == 11 and np.array_equal(banded, whole)  # bands of 2 rows
    assert a.random() == b.random()  # and leaves the stream where one call would


def test_row_bands_do_not_depend_on_the_tick(monkeypatch):
    monkeypatch.setattr(pacing, "BAND_CELLS", 40)
    assert pacing.row_bands(9, 10) == [(0, 4), (4, 8), (8, 9)] == pacing.bands(9, 10, TICK)
    assert pacing.bands(9, 10, None) == [(0, 9)]


@pytest.mark.parametrize("style", [caves, noise, ruins, water], ids=lambda s: s.__name__)
def test_styles_sliced_match_the_whole(monkeypatch, style):
    shape = (47, 33)
    area = np.ones(shape, dtype=bool)
    area[:6] = area[:, :5] = False  # water reads its surroundings
    tiles = np.where(np.random.default_rng(4).random(shape) < 0.3, T.wall, T.ground).astype(np.uint8)

    def run(tick):
        job = mosaic.Job(seeding.rng(3, "slices"), area, tiles.copy(), (2, 5), SPEC.make_params(),
                         tick=tick)
        return drain(style(job))

    whole, quiet = run(None)
    monkeypatch.setattr(pacing, "BAND_CELLS", 33 * 4)
    sliced, events = run(TICK)
    assert quiet == [] and len(events) > 3
    assert np.array_equal(whole, sliced)


def test_reachability_in_bands_matches_the_whole(monkeypatch):
    rng = np.random.default_rng(6)
    tiles = np.where(rng.random((30, 20)) < 0.6, T.ground, T.wall).astype(np.uint8)
    labels, count = grid.label(tiles == T.ground, 4)
    main = int(np.argmax(np.bincount(labels.ravel())[1:])) + 1
    reach, cut = reachability(tiles, labels, main)
    monkeypatch.setattr(pacing, "BAND_CELLS", 20 * 7)
    (banded, banded_cut), events = drain(reachability_steps(tiles, labels, main, TICK))
    assert len(events) == 5 and cut > 0
    assert banded_cut == cut and np.array_equal(banded, reach)


def test_area_shapes_in_bands_match_a_count_per_area(monkeypatch):
    rng = np.random.default_rng(8)
    mask = rng.integers(0, 4, size=(25, 18)).astype(np.uint8)
    kinds = rng.integers(0, len(SHAPE_KINDS), size=(25, 18)).astype(np.uint8)
    expect = ["frame"] + [SHAPE_KINDS[int(np.argmax(np.bincount(kinds[mask == a],
                                                                 minlength=len(SHAPE_KINDS))))]
                          for a in range(1, 4)]
    assert drain(area_shapes(mask, kinds, 4)) == (expect, [])
    monkeypatch.setattr(pacing, "BAND_CELLS", 18 * 5)
    found, events = drain(area_shapes(mask, kinds, 4, TICK))
    assert found == expect and len(events) == 6


@pytest.mark.parametrize("preset", ["wild", "civilized"])
def test_the_whole_generator_sliced_makes_the_same_map(monkeypatch, preset):
    """A small map run as if it were big (every pause, band and slice taken,
    with bands of a few rows) gives the same stages as run in one piece."""
    p = SPEC.make_params({"preset": preset})
    seed = seeding.seed_from_text(f"slices-{preset}")

    def stages():
        out, events = {}, 0
        for item in generator.run(seed, 72, 58, p):
            if isinstance(item, Stage):
                out[item.name] = item
            else:
                events += 1
        return out, events

    whole, quiet = stages()
    monkeypatch.setattr(generator, "BIG", 0)
    monkeypatch.setattr(mask_mod, "BIG", 0)
    monkeypatch.setattr(pacing, "BAND_CELLS", 72 * 6)
    sliced, events = stages()
    assert quiet < 25 and events > 100  # a small map: its stages' pieces only; sliced: bands and slices too
    assert list(whole) == list(sliced)
    for name, stage in whole.items():
        assert np.array_equal(stage.data, sliced[name].data), name
        assert stage.info == sliced[name].info, name
        points = stage.points or {}
        assert {k: v.tolist() for k, v in points.items()} == \
            {k: v.tolist() for k, v in (sliced[name].points or {}).items()}, name


def test_label_sizes_in_bands_match_one_bincount(monkeypatch):
    labels = np.random.default_rng(10).integers(0, 9, size=(33, 14))
    whole, events = drain(label_sizes(labels, 8))
    assert events == [] and whole.tolist() == np.bincount(labels.ravel(), minlength=9).tolist()
    monkeypatch.setattr(pacing, "BAND_CELLS", 14 * 4)
    banded, events = drain(label_sizes(labels, 8, TICK))
    assert len(events) == 9 and banded.tolist() == whole.tolist()


def test_repair_pausing_in_the_middle_of_a_path_digs_the_same(monkeypatch):
    """The dig loop may pause inside a path (every DIG_STEPS cells): the map
    and the report are the same as digging every path in one go."""
    h, w = 40, 60
    rng = np.random.default_rng(14)
    tiles = np.where(rng.random((h, w)) < 0.42, T.ground, T.wall).astype(np.uint8)
    tiles[grid.border_mask((h, w))] = T.wall
    mask = np.ones((h, w), dtype=np.uint8)
    mask[grid.border_mask((h, w))] = 0
    mask[:, 30:] = 2
    mask[grid.border_mask((h, w))] = 0
    styles = [mosaic.STYLES["border"], mosaic.STYLES["caves"], mosaic.STYLES["noise"]]

    def run(tick):
        t = tiles.copy()
        labels, count, main = drain(regions(t, tick))[0]
        report, events = drain(repair(t, mask, styles, labels, count, main, 0, 0, tick))
        return t, report, events

    whole, report, quiet = run(None)
    assert quiet == [] and report["joined_pockets"] > 10 and report["dug_tiles"] > 20
    monkeypatch.setattr(repair_mod, "DIG_STEPS", 3)
    sliced, sliced_report, events = run(TICK)
    assert sliced_report == report and np.array_equal(sliced, whole)
    assert len(events) > report["dug_tiles"] // 3
