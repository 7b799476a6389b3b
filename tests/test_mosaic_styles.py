"""Tests for mosaic's styles (worldgen/generators/mosaic/style.py, worldgen/generators/mosaic/styles/):
the table and its order, each style on a crop, running a style on its area."""

from __future__ import annotations

import numpy as np
import pytest

from worldgen.core import seeding
from worldgen.core.registry import Progress
from worldgen.core.tiles import WALKABLE, T
from worldgen.generators import mosaic
from worldgen.generators.mosaic.style import Job, boxes, fill_area
from worldgen.generators.mosaic.styles import STAMPS, border, caves, garden, noise, ruins, water
from worldgen.toolkit import grid

SPEC = mosaic.SPEC


def _job(shape=(60, 60), seed=1, tiles=None, area=None, **params):
    area = np.ones(shape, dtype=bool) if area is None else area
    tiles = np.zeros(shape, dtype=np.uint8) if tiles is None else tiles
    return mosaic.Job(seeding.rng(seed, "test"), area, tiles, (0, 0), SPEC.make_params(params))


def _result(out):
    if isinstance(out, np.ndarray):
        return out
    while True:
        try:
            next(out)
        except StopIteration as stop:
            return stop.value


def test_style_table_declares_order_and_tiles():
    for style in mosaic.STYLES.values():
        assert style.solid in style.tiles or style.name == "water"
        assert WALKABLE[style.dig] or style.name == "border"
    assert mosaic.STYLES["water"].after and mosaic.STYLES["water"].wet
    names = list(mosaic.STYLES)
    phases = mosaic.style_phases(names)
    assert phases["water"] > max(phases[n] for n in names if n != "water")
    assert mosaic.style_phases(["caves", "noise"]) == {"caves": 0, "noise": 0}
    # The wild preset has no ruins; the civilized one favours artificial styles.
    assert mosaic.STYLES["ruins"].weights[0] == 0
    assert mosaic.STYLES["garden"].weights[1] > mosaic.STYLES["garden"].weights[0]


def test_style_order_is_declared_not_hard_wired(monkeypatch):
    caves = mosaic.STYLES["caves"]
    monkeypatch.setitem(mosaic.STYLES, "caves", mosaic.Style(
        caves.name, caves.fill, caves.tiles, caves.solid, caves.dig, after=("noise",)))
    assert mosaic.style_phases(["caves", "noise", "water", "border"]) == {
        "caves": 1, "noise": 0, "water": 2, "border": 0}
    monkeypatch.setitem(mosaic.STYLES, "noise", mosaic.Style(
        "noise", caves.fill, caves.tiles, caves.solid, caves.dig, after=("caves",)))
    with pytest.raises(ValueError, match="cycle"):
        mosaic.style_phases(["caves", "noise"])


def test_caves_leave_almost_no_isolated_pockets():
    for seed in range(5):
        tiles = _result(caves(_job((100, 100), seed)))
        ground = tiles == T.ground
        assert set(np.unique(tiles).tolist()) <= {T.ground, T.wall}
        assert 0.3 < ground.mean() < 0.8
        assert grid.largest_region(ground, 4).sum() >= 0.9 * ground.sum()


def test_noise_is_open_ground_with_ten_percent_walls():
    tiles = _result(noise(_job((200, 200))))
    assert set(np.unique(tiles).tolist()) == {T.ground, T.wall}
    assert abs((tiles == T.wall).mean() - 0.10) < 0.01


def test_parse_stamp_reads_the_sources_notation():
    stamp = mosaic.parse_stamp("11111 12221 13231 12221 11111")
    assert stamp.shape == (5, 5)
    assert stamp[2].tolist() == [1, 3, 2, 3, 1]
    with pytest.raises(ValueError):
        mosaic.parse_stamp("111 11")
    with pytest.raises(ValueError):
        mosaic.parse_stamp("1a1 111")


def test_garden_stamps_are_connected_and_open_on_every_side():
    assert any(s == "11111 12221 13231 12221 11111" for s, _ in mosaic.GARDEN_STAMPS)
    for text, weight in mosaic.GARDEN_STAMPS:
        assert weight > 0
        walk = WALKABLE[STAMPS[[s for s, _ in mosaic.GARDEN_STAMPS].index(text)]]
        assert grid.label(walk, 4)[1] == 1, text
        assert walk[0, 2] and walk[4, 2] and walk[2, 0] and walk[2, 4], text


def test_garden_tiles_stamps_on_a_grid_with_water_as_a_minor_element():
    tiles = _result(garden(_job((100, 100), 3)))
    stamps = {s.tobytes() for s in STAMPS}
    # find the grid offset: the one where every whole 5x5 block is a stamp
    offsets = [(oy, ox) for oy in range(5) for ox in range(5)
               if all(tiles[y:y + 5, x:x + 5].tobytes() in stamps
                      for y in range(oy, 95, 5) for x in range(ox, 95, 5))]
    assert offsets
    # one walkable region, apart from stamps cut open by the crop's edge
    labels, count = grid.label(WALKABLE[tiles], 4)
    main = grid.largest_region(WALKABLE[tiles], 4)
    edge = grid.border_mask(tiles.shape)
    for lab in range(1, count + 1):
        region = labels == lab
        assert (region & main).any() or (region & edge).any()
    water = (tiles == T.shallow_water).mean()
    assert 0.002 < water < 0.08
    assert (tiles == T.hedge).mean() > 0.1


def test_water_depth_and_coast_adapt_to_neighbours():
    # A lake in the middle of a crop: ground to the west, wall to the east.
    h, w = 40, 60
    area = np.zeros((h, w), dtype=bool)
    area[5:35, 10:50] = True
    tiles = np.zeros((h, w), dtype=np.uint8)
    tiles[:, :30] = T.ground
    tiles[:, 30:] = T.wall
    tiles[area] = T.void
    for seed in range(5):
        out = _result(water(_job((h, w), seed, tiles=tiles, area=area)))
        lake = out[area]
        assert set(np.unique(lake).tolist()) <= {T.deep_water, T.shallow_water, T.ground}
        assert (lake == T.deep_water).mean() > 0.3
        assert (lake == T.ground).mean() < 0.15
        # islets are islands: 4 tiles of water between them and the lake's edge
        islets = (out == T.ground) & area
        assert not (islets & (grid.neighbour_count(~area, 4, include_centre=True) > 0)).any()
        deep = (out == T.deep_water) & area
        # ground side: 2 tiles of shallow shelf; wall side: only 1
        assert not deep[5:35, 10:12].any() and not deep[5:7, 10:30].any()
        assert not deep[5:35, 49].any()
        assert deep[5:35, 48].any() or deep[6:34, 47].any()


def test_border_is_all_wall_and_ruins_are_blocks_with_gaps():
    assert (border(_job((7, 9))) == T.wall).all()
    tiles = _result(ruins(_job((120, 120), 4)))
    assert set(np.unique(tiles).tolist()) == {T.ground, T.wall}
    assert 0.05 < (tiles == T.wall).mean() < 0.3
    # Crumbled walls with door gaps: the ground is (nearly) one region.
    ground = tiles == T.ground
    assert grid.largest_region(ground, 4).sum() >= 0.95 * ground.sum()


def test_job_progress_reports_only_when_the_runner_asks():
    quiet = _job((40, 40))
    assert list(quiet.progress(0.5, np.zeros((40, 40), np.uint8))) == []
    seen = []
    loud = _job((40, 40))
    loud.report = lambda done, tiles: seen.append((done, tiles.shape)) or Progress("styles", done)
    events = list(caves(loud))
    assert len(events) == 7 and all(isinstance(e, Progress) for e in events)
    assert [d for d, _ in seen] == [(i + 1) / 7 for i in range(7)]


def test_fill_area_writes_only_its_area_and_reports_the_whole_map():
    mask = np.zeros((30, 40), dtype=np.uint8)
    mask[5:20, 8:30] = 1
    mask[22:28, 2:12] = 2
    styles = [mosaic.STYLES["border"], mosaic.STYLES["caves"], mosaic.STYLES["noise"]]
    tiles = np.full(mask.shape, T.void, dtype=np.uint8)
    found = _result(boxes(mask, 3, 2))
    assert found[1] == (3, 22, 6, 32) and found[2] == (20, 30, 0, 14)
    shown = []
    events = list(fill_area(7, tiles, mask, 1, styles, found[1], SPEC.make_params(),
                            lambda done, full: shown.append(full.copy()) or Progress("styles", done)))
    assert len(events) == 7 and all(s.shape == mask.shape for s in shown)
    assert np.isin(tiles[mask == 1], (T.ground, T.wall)).all()
    assert (tiles[mask != 1] == T.void).all()
    assert list(fill_area(7, tiles, mask, 2, styles, found[2], SPEC.make_params())) == []
    assert np.isin(tiles[mask == 2], (T.ground, T.wall)).all()
    assert _result(boxes(mask, 4, 0))[3] is None


@pytest.mark.parametrize("preset, col", [("wild", 0), ("civilized", 1)])
def test_areas_take_only_styles_of_some_weight_the_pool_refilling_once_empty(preset, col):
    """Six areas draw from the preset's styles of weight above 0, without replacement until the
    pool is empty (four in the wild, five civilized), then from a full pool again: never a style
    of weight 0 (the border, ruins in the wild), and every weighted style once before any twice."""
    from worldgen.generators.mosaic.styles import STYLES, assign
    weighted = {name for name, s in STYLES.items() if s.weights[col] > 0}
    for seed in range(12):
        p = mosaic.SPEC.make_params({"preset": preset, "areas": 6})
        names = [s.name for s in assign(np.random.default_rng(seed), p)]
        assert names[0] == "border" and len(names) == 7
        assert set(names[1:]) <= weighted
        assert set(names[1:1 + len(weighted)]) == weighted
