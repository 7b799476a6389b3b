"""The picture's colours and markers tell things apart (worldgen/core/legend.py, worldgen/core/tiles.py).

Every pair of tile colours, and every marker or tint colour against every
other colour a picture holds, differs by at least the legend's minimum
(CIEDE2000); markers also differ in shape.  This is the legend "whose every
tile and marker has a distinct colour" (issues 39 and 43).
"""

import itertools

import numpy as np
import pytest

from worldgen.core import legend
from worldgen.core.legend import (CHANGE_COLOURS, MIN_MARKER_DIFFERENCE, MIN_TILE_DIFFERENCE, POINT_COLOURS,
                                  POINT_SHAPES, SHAPES, colour_difference, lab_difference)
from worldgen.core.tiles import TILES

TILE_COLOURS = {t.name: t.rgb for t in TILES}
MARKS = {**{f"marker {n}": c for n, c in POINT_COLOURS.items()}, **{f"tint {n}": c for n, c in CHANGE_COLOURS.items()}}


# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula": test pairs and their differences.
@pytest.mark.parametrize("lab1, lab2, expected", [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_colour_difference_is_ciede2000(lab1, lab2, expected):
    assert lab_difference(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert lab_difference(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_colour_difference_of_srgb_spans_black_to_white():
    assert colour_difference((0, 0, 0), (255, 255, 255)) == pytest.approx(100.0, abs=0.01)
    assert colour_difference((120, 30, 150), (120, 30, 150)) == 0.0


def test_every_pair_of_tile_colours_differs_by_the_minimum():
    close = [(a, b, round(colour_difference(ca, cb), 1)) for (a, ca), (b, cb)
             in itertools.combinations(TILE_COLOURS.items(), 2) if colour_difference(ca, cb) < MIN_TILE_DIFFERENCE]
    assert not close, close


def test_every_marker_and_tint_differs_from_every_tile_and_each_other():
    others = {**TILE_COLOURS, **MARKS}
    close = [(m, o, round(colour_difference(cm, co), 1)) for m, cm in MARKS.items() for o, co in others.items()
             if o != m and colour_difference(cm, co) < MIN_MARKER_DIFFERENCE]
    assert not close, close


@pytest.mark.parametrize("a, b", [("sand", "desert"), ("forest", "hedge"), ("forest", "swamp"),
                                  ("wall", "secret_door"), ("door", "open_door")])
def test_the_pairs_the_issue_named_are_told_apart(a, b):
    assert colour_difference(TILE_COLOURS[a], TILE_COLOURS[b]) >= MIN_TILE_DIFFERENCE


def test_exit_and_trap_and_monsters_and_unreachable_differ_by_the_marker_minimum():
    assert colour_difference(POINT_COLOURS["exit"], TILE_COLOURS["trap"]) >= MIN_MARKER_DIFFERENCE
    assert colour_difference(POINT_COLOURS["monsters"], TILE_COLOURS["unreachable"]) >= MIN_MARKER_DIFFERENCE


def test_every_marker_has_a_shape_of_its_own():
    assert set(POINT_SHAPES) == set(POINT_COLOURS)
    shapes = [SHAPES[POINT_SHAPES[name]] for name in POINT_COLOURS]
    for a, b in itertools.combinations(range(len(shapes)), 2):
        assert not np.array_equal(shapes[a], shapes[b]), (list(POINT_COLOURS)[a], list(POINT_COLOURS)[b])


def test_tile_entries_name_each_tile_present_once_in_table_order():
    tiles = np.array([[11, 10, 10], [0, 12, 11]], np.uint8)
    entries = legend.tile_entries(tiles)
    assert [e.label for e in entries] == ["blank", "floor", "wall", "door"]
    assert [e.rgb for e in entries] == [TILES[0].rgb, TILES[10].rgb, TILES[11].rgb, TILES[12].rgb]


def test_point_entries_count_and_shape_each_marker():
    entries = legend.point_entries({"monsters": np.zeros((3, 2)), "start": np.array([[1, 1]]), "keys": np.zeros((0, 2)),
                                    "odd": np.array([[0, 0]])})
    assert [(e.label, e.shape) for e in entries] == [("start", "disc"), ("monsters 3", "cross"), ("odd", "square")]
    assert entries[-1].rgb == legend.OTHER_COLOUR


def test_legend_strip_puts_its_lines_before_its_entries_and_wraps_them():
    entries = legend.point_entries({"start": np.array([[1, 2]])})
    strip = legend.legend_strip(entries, 44, ["one two three four"])
    lit = np.all(strip == legend.TEXT, axis=2)
    rows = lit.reshape(-1, 7, lit.shape[1]).any(axis=2)  # lines of 7 pixels
    assert len(rows) == 3  # "one two", "three four" (wrapped at 44 px), then the entry
    assert np.array_equal(lit[1:6, 1:1 + 27], legend.text_mask("one two"))
    assert tuple(strip[15, 1]) == POINT_COLOURS["start"]  # the swatch opens the third line


@pytest.mark.parametrize("tile, beside", [("swamp", "forest"), ("swamp", "deep_water"), ("secret_door", "wall"),
                                          ("secret_door", "floor"), ("secret_door", "door")])
def test_swamp_rims_and_secret_doors_stand_out_from_what_they_sit_in(tile, beside):
    """A one-tile swamp rim between forest and water, and a secret door in a wall, read at embed size:
    they differ from their surroundings as much as a marker does."""
    assert colour_difference(TILE_COLOURS[tile], TILE_COLOURS[beside]) >= MIN_MARKER_DIFFERENCE
