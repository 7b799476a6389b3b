"""Tests for mosaic's master mask units: shapes (worldgen/generators/mosaic/shapes.py) and
the modulo rule and majority smoothing (mask.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import pacing
from worldgen.core.registry import Progress
from worldgen.core.steps import finish_with_events
from worldgen.generators import mosaic
from worldgen.generators.mosaic.mask import make_mask, mask_preview, smooth
from worldgen.generators.mosaic.shapes import PRESETS, SHAPE_KINDS, shape, to_map

SPEC = mosaic.SPEC


run_to_end = finish_with_events  # (return value, events)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SHAPE_KINDS[1:]), st.integers(0, 2**32 - 1), st.integers(5, 80),
       st.integers(5, 80))
def test_shapes_lie_inside_the_interior_and_match_their_box(kind, seed, h, w):
    cells, (y0, y1, x0, x1), info = shape(kind, np.random.default_rng(seed), h, w)
    assert 0 <= y0 <= y1 <= h and 0 <= x0 <= x1 <= w
    assert cells.shape == (y1 - y0, x1 - x0) and cells.dtype == bool
    assert {"rectangle": "rect", "ellipse": "centre", "triangle": "points"}[kind] in info


def test_unknown_shape_and_to_map_shift():
    with pytest.raises(ValueError):
        shape("hexagon", np.random.default_rng(0), 10, 10)
    assert to_map({"rect": [0, 1, 3, 4], "points": [[0, 0], [2, 1], [1, 2]]}) == {
        "rect": [1, 2, 3, 4], "points": [[1, 1], [3, 2], [2, 3]]}
    assert set(PRESETS) == {"wild", "civilized"}


def test_smooth_takes_the_majority_and_keeps_its_own_on_a_tie():
    index = np.zeros((9, 9), dtype=np.uint8)
    index[4, 4] = 1                                 # a lone cell: outvoted
    index[:, 7:] = 2                                # a band: stays
    out, events = run_to_end(smooth(index, 3))
    assert events == [] and out[4, 4] == 0 and (out[:, 7:] == 2).all()
    tie = np.array([[0, 1]], dtype=np.uint8)        # one each in every 5x5 box
    assert run_to_end(smooth(tie, 2))[0].tolist() == [[0, 1]]
    ticks = run_to_end(smooth(index, 3, lambda: Progress("mask", 0.5)))[1]
    assert len(ticks) == 1                          # one band of rows


def test_smooth_in_bands_of_rows_is_the_same_pass(monkeypatch):
    index = np.random.default_rng(2).integers(0, 4, size=(37, 23)).astype(np.uint8)
    whole, _ = run_to_end(smooth(index, 4))
    monkeypatch.setattr(pacing, "BAND_CELLS", 23 * 3)  # bands of 3 rows
    banded, ticks = run_to_end(smooth(index, 4, lambda: Progress("mask", 0.5)))
    assert len(ticks) == 13 and np.array_equal(banded, whole)


def test_make_mask_fills_every_area_with_the_border_ring_as_zero():
    p = SPEC.make_params({"areas": 5, "shapes": 3, "smooth": 4})
    (mask, kinds, shapes), events = run_to_end(make_mask(np.random.default_rng(3), 40, 50, p))
    # a small map reports its pieces only: the shapes, then each smoothing pass
    assert [(e.stage, e.done, e.preview) for e in events] == [("mask", 0.5 + i / 8, None) for i in range(5)]
    assert mask.shape == (40, 50) and (mask[0] == 0).all() and (mask[:, -1] == 0).all()
    assert set(np.unique(mask[1:-1, 1:-1]).tolist()) == {1, 2, 3, 4, 5}
    assert kinds.max() < len(SHAPE_KINDS) and len(shapes) >= 3
    preview = mask_preview(mask[1:-1, 1:-1] - 1, 5)
    assert preview.kind == "layer" and np.array_equal(preview.data, mask.astype(np.float32))


@pytest.mark.parametrize("spare, big", [(0, True), (1, False), (-1, True)])
def test_a_mask_of_exactly_big_inner_cells_reports_each_shape(monkeypatch, spare, big):
    """``BIG`` set to exactly the inner cells of a 40x50 map (38 x 48): an event with a preview
    after each shape (a big map); one cell more, only the small map's pieces (no previews)."""
    from worldgen.generators.mosaic import mask as mosaic_mask
    monkeypatch.setattr(mosaic_mask, "BIG", 38 * 48 + spare)
    p = SPEC.make_params({"areas": 5, "shapes": 3, "smooth": 4})
    _, events = run_to_end(make_mask(np.random.default_rng(3), 40, 50, p))
    assert any(e.preview is not None for e in events) == big
    if big:
        assert [round(e.done, 4) for e in events[:3]] == [0.1667, 0.3333, 0.5]


@pytest.mark.parametrize("cells, repaired", [(4, False), (5, False), (3, True)])
def test_an_area_with_exactly_the_least_tiles_is_not_repainted(monkeypatch, cells, repaired):
    """A 12x22 map (10 x 20 inside: at least 4 tiles an area, 200 // 200 being less) of two areas,
    one shape of ``cells`` tiles making area 2 (no smoothing): 4 tiles or more are kept as
    drawn; 3 get one more shape painted with its index (recorded as "set")."""
    from worldgen.generators.mosaic import mask as mosaic_mask
    drawn = []

    def one_shape(name, rng, h, w):
        box = np.zeros((1, 10), bool)
        box[0, :cells if not drawn else 10] = True
        drawn.append(name)
        return box, (2, 3, 5, 15), {"centre": [2, 5]}

    monkeypatch.setattr(mosaic_mask, "shape", one_shape)
    p = SPEC.make_params({"areas": 2, "shapes": 1, "smooth": 0})
    (mask, _, shapes), _ = run_to_end(make_mask(np.random.default_rng(0), 12, 22, p))
    assert int(np.count_nonzero(mask == 2)) == (10 if repaired else cells)
    assert [s.get("set") for s in shapes] == ([None, 2] if repaired else [None])


# ---------------------------------------------------------------------------
# mask.py, coast.py, points.py and work.py at their edges (issue 42: the survivors of their
# mutation run; coast.py's and points.py's other tests are in tests/test_mosaic_repair.py).

from worldgen.core.tiles import T  # noqa: E402
from worldgen.generators.mosaic import work as mosaic_work  # noqa: E402
from worldgen.generators.mosaic.coast import coast_rule, lay_beach  # noqa: E402
from worldgen.generators.mosaic.points import place_points  # noqa: E402


def test_a_big_mask_previews_each_shape_and_each_pass_the_one_before(monkeypatch):
    """A 40x50 map paced as big (``BIG`` at its 38 x 48 inner cells), smoothed twice in bands of
    10 rows (4 bands): an event with the mask so far after each shape, then each pass's 4 bands
    with the pass before as their preview (0.5, then 0.75), then one pause per repair round
    (2 repairs and the round that finds none) and two more, at 1.0 with no preview."""
    from worldgen.generators.mosaic import mask as mosaic_mask
    monkeypatch.setattr(mosaic_mask, "BIG", 38 * 48)
    monkeypatch.setattr(pacing, "BAND_CELLS", 48 * 10)
    p = SPEC.make_params({"areas": 5, "shapes": 3, "smooth": 2})
    (mask, _, shapes), events = run_to_end(make_mask(np.random.default_rng(3), 40, 50, p))
    assert len(shapes) == 5 and [s.get("set") is not None for s in shapes] == [False] * 3 + [True] * 2
    assert [(round(e.done, 4), e.preview is not None) for e in events] == (
        [(0.1667, True), (0.3333, True), (0.5, True)] + [(0.5, True)] * 4 + [(0.75, True)] * 4
        + [(1.0, False)] * 5)
    drawn = events[2].preview.data
    assert all(np.array_equal(e.preview.data, drawn) for e in events[3:7])
    once, _ = run_to_end(smooth(drawn[1:-1, 1:-1].astype(np.uint8) - 1, 5))
    assert all(np.array_equal(e.preview.data[1:-1, 1:-1], once + 1) for e in events[7:11])
    assert not np.array_equal(once + 1, drawn[1:-1, 1:-1])       # the pass changed something


def test_the_mask_repair_is_bounded_at_eight_shapes(monkeypatch):
    """Shapes that cover nothing leave area 2 empty: the repair draws 8 more (each recorded with
    its kind and "set": 2) and then gives up, whatever is still missing."""
    from worldgen.generators.mosaic import mask as mosaic_mask
    drawn = []

    def no_cells(name, rng, h, w):
        drawn.append(name)
        return np.zeros((1, 10), bool), (2, 3, 5, 15), {"centre": [2, 5]}

    monkeypatch.setattr(mosaic_mask, "shape", no_cells)
    p = SPEC.make_params({"areas": 2, "shapes": 1, "smooth": 0})
    (mask, _, shapes), _ = run_to_end(make_mask(np.random.default_rng(0), 12, 22, p))
    assert not (mask == 2).any() and len(drawn) == 9
    assert [(s["kind"], s.get("set")) for s in shapes] == [(drawn[0], None)] + [(k, 2) for k in drawn[1:]]


@pytest.mark.parametrize("ih, iw, cells, repaired", [(20, 50, 4, True), (20, 50, 5, False),
                                                     (20, 51, 5, False), (20, 51, 4, True)])
def test_the_least_tiles_of_an_area_are_a_two_hundredth_of_the_interior_rounded_down(
        monkeypatch, ih, iw, cells, repaired):
    """From 1000 inner cells on, an area needs a two-hundredth of them: 5 tiles at 20 x 50 (4
    are repainted) and still 5 at 20 x 51 (1020 / 200 rounded down; 5 are kept)."""
    from worldgen.generators.mosaic import mask as mosaic_mask

    def one_shape(name, rng, h, w):
        box = np.zeros((1, 10), bool)
        box[0, :cells if not drawn else 10] = True
        drawn.append(name)
        return box, (2, 3, 5, 15), {"centre": [2, 5]}

    drawn: list[str] = []
    monkeypatch.setattr(mosaic_mask, "shape", one_shape)
    p = SPEC.make_params({"areas": 2, "shapes": 1, "smooth": 0})
    (mask, _, shapes), _ = run_to_end(make_mask(np.random.default_rng(0), ih + 2, iw + 2, p))
    assert int(np.count_nonzero(mask == 2)) == (10 if repaired else cells)
    assert [s.get("set") for s in shapes] == ([None, 2] if repaired else [None])


def test_mask_preview_is_a_float32_mask_layer_over_the_areas():
    preview = mask_preview(np.array([[0, 4], [2, 1]], np.uint8), 5)
    assert (preview.name, preview.kind, preview.vrange) == ("mask", "layer", (0.0, 5.0))
    assert preview.data.dtype == np.float32
    assert preview.data.tolist() == [[0, 0, 0, 0], [0, 1, 5, 0], [0, 3, 2, 0], [0, 0, 0, 0]]


@pytest.mark.parametrize("other", [T.wall, T.ground], ids=["wall", "ground"])
def test_deep_water_turns_shallow_beside_a_single_wall_and_two_tiles_from_a_single_ground(other):
    """A 9x9 deep lake with one tile at its centre: one wall makes its 8 neighbours shallow, one
    ground the 24 tiles within 2; the map's edge (beyond it counts as non-water) its outer ring."""
    tiles = np.full((9, 9), T.deep_water, dtype=np.uint8)
    tiles[4, 4] = other
    assert list(coast_rule(tiles)) == []
    reach = 1 if other == T.wall else 2
    deep = np.zeros((9, 9), bool)
    deep[1:-1, 1:-1] = True
    deep[4 - reach:5 + reach, 4 - reach:5 + reach] = False
    assert np.array_equal(tiles == T.deep_water, deep)
    assert tiles[4, 4] == other and np.count_nonzero(tiles == T.shallow_water) == 80 - deep.sum()


def test_a_lone_tile_of_the_beach_area_lies_within_the_beach_width_of_itself():
    """Beach land of area 2 is one tile amid beach land of area 1: a beach 1 wide turns it and
    its 8 neighbours to sand (its own tile lies 0 steps from area 2), nothing farther."""
    mask = np.ones((7, 9), dtype=np.uint8)
    mask[3, 4] = 2
    styles = [mosaic.STYLES["border"], mosaic.STYLES["caves"], mosaic.STYLES["caves"]]
    tiles = np.full((7, 9), T.ground, dtype=np.uint8)
    assert list(lay_beach(tiles, mask, 2, styles, (0, 7, 0, 9), 1)) == []
    sand = np.zeros((7, 9), bool)
    sand[2:5, 3:6] = True
    assert np.array_equal(tiles == T.sand, sand)


def _walled(h, w, inside=T.ground):
    tiles = np.full((h, w), T.wall, dtype=np.uint8)
    tiles[1:-1, 1:-1] = inside
    return tiles


def test_the_stairs_stand_on_the_land_when_it_lies_within_one_step():
    """Two land tiles side by side in a walled map whose exit needs but 1 step: the start and the
    exit are those two (never a wall before them in the map's order)."""
    tiles = np.full((3, 4), T.wall, dtype=np.uint8)
    tiles[1, 1:3] = T.ground
    for seed in range(4):   # either tile as the random probe
        (points, facts), _ = run_to_end(place_points(np.random.default_rng(seed), tiles, SPEC.make_params()))
        assert sorted([tuple(points["start"][0]), tuple(points["exit"][0])]) == [(1, 1), (2, 1)]
        assert facts == {"exit_steps": 1, "stairs_on": "land"}


def test_the_exit_stays_on_its_land_tile_when_nothing_walkable_lies_farther():
    """Two land tiles walled apart: the start reaches no other floor, so the exit is the start
    (0 steps); no other tier offers a farther tile, so the stairs stay on land."""
    tiles = np.full((3, 6), T.wall, dtype=np.uint8)
    tiles[1, 1] = tiles[1, 4] = T.ground
    (points, facts), _ = run_to_end(place_points(np.random.default_rng(0), tiles, SPEC.make_params()))
    assert points["start"].tolist() == points["exit"].tolist()
    assert tuple(points["start"][0]) in ((1, 1), (4, 1))
    assert facts == {"exit_steps": 0, "stairs_on": "land"}


def test_spawns_may_stand_on_the_shallows_the_stairs_moved_onto():
    """Land 2 steps wide at the west end of 2 rows of shallows 30 long (the map asks for 3): the
    exit moves to the far shallows, and those shallows become floor for spawns too (60
    walkable tiles at 30 a thousand: one monster, at least 20 steps out: on the shallows)."""
    tiles = np.full((12, 40), T.wall, dtype=np.uint8)
    tiles[1:3, 1:31] = T.shallow_water
    tiles[1, 1] = tiles[1, 3] = T.ground
    p = SPEC.make_params({"monsters": 30.0, "items": 0.0, "safe": 20})
    (points, facts), _ = run_to_end(place_points(np.random.default_rng(1), tiles, p))
    assert facts["stairs_on"] == "shallows" and facts["exit_steps"] >= 27
    (x, y), = points["monsters"].tolist()
    assert tiles[y, x] == T.shallow_water and x >= 21


def test_with_safe_zero_a_spawn_may_stand_one_step_from_the_start_but_not_on_it():
    """Three land tiles in a row amid 57 shallows (60 walkable: one monster at 30 a thousand):
    with ``safe`` 0 the middle tile, one step from the start, takes it; never the start."""
    tiles = _walled(8, 12, T.shallow_water)
    tiles[1, 1:4] = T.ground
    p = SPEC.make_params({"monsters": 30.0, "items": 0.0, "safe": 0})
    (points, facts), _ = run_to_end(place_points(np.random.default_rng(0), tiles, p))
    assert facts == {"exit_steps": 2, "stairs_on": "land"}
    assert points["monsters"].tolist() == [[2, 1]]


def test_item_spawns_are_counted_on_every_tile_the_start_reaches():
    """100 walkable tiles at 30 items a thousand: 3 items (a thousand and one would make 2)."""
    p = SPEC.make_params({"monsters": 0.0, "items": 30.0, "safe": 1})
    (points, _), _ = run_to_end(place_points(np.random.default_rng(4), _walled(12, 12), p))
    assert len(points["items"]) == 3 and len(points["monsters"]) == 0


def test_place_points_pauses_between_its_pieces_of_work(monkeypatch):
    """A 78 x 78 open map in bands of 10 rows (8 bands): 9 pauses between the pieces, one per
    band of spawn candidates, and one inside each of the two walks (big enough to slice)."""
    monkeypatch.setattr(pacing, "BAND_CELLS", 80 * 10)
    ticks = []
    gen = place_points(np.random.default_rng(1), _walled(80, 80), SPEC.make_params(),
                       lambda: ticks.append(1) or Progress("final", 0.75))
    _, events = run_to_end(gen)
    assert len(events) == len(ticks) == 9 + 8 + 2


def test_the_mosaic_work_estimate_is_cut_to_the_aim_it_is_given():
    """Every pool and door kind at the top of its range on a 400x400 map: 417 ms, within the
    default aim (no cut); aimed at 300 ms, pools and doors are cut to fit."""
    p = SPEC.make_params({"lakes": 1.0, "chasms": 1.0, "doors": 1.0, "meadows": 1.0})
    full = mosaic_work.work(400, 400, p)
    assert full.cuts == () and 417 < full.ms < 418
    cut = mosaic_work.work(400, 400, p, 300.0)
    assert cut.cuts == ("pools 480 -> 315", "doors 160 -> 105") and cut.ms <= 300.0
