"""Dead ends, doors and dilations in worldgen/toolkit/grid/ (used by rooms and the fuzz tests)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.generators import rooms
from worldgen.toolkit.grid import dead_end_mask, dilate, door_ok, fill_dead_ends, neighbour_count



def spiral_fixture():
    """A 4x4 room with a spiral corridor leaving it.

    The corridor first runs down, then left, up, right... so its tip is not at
    the start of any scan order: a single pass over the map in row-major order
    (what the source's list version degenerated to) eats only part of it.
    """
    m = np.zeros((24, 24), dtype=bool)
    m[2:6, 2:6] = True  # the room
    # Spiral: down from (6, 4), then west, north, east, south ... shrinking.
    y, x = 6, 4
    path = [(y, x)]
    moves = [((1, 0), 15), ((0, 1), 16), ((-1, 0), 8), ((0, -1), 12), ((1, 0), 5), ((0, 1), 8),
             ((-1, 0), 2)]
    for (dy, dx), n in moves:
        for _ in range(n):
            y, x = y + dy, x + dx
            path.append((y, x))
    for y, x in path:
        m[y, x] = True
    return m, path


def source_list_version(walkable):
    """The source's pseudo-code in Python, with its bug: the two lists alias."""
    cells = walkable.copy()
    h, w = cells.shape
    first = [(y, x) for y in range(h) for x in range(w)]
    temp = []
    while first:
        for y, x in first:
            if cells[y, x]:
                walls = sum(1 for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1))
                            if not (0 <= y + dy < h and 0 <= x + dx < w) or not cells[y + dy, x + dx])
                if walls == 3:
                    cells[y, x] = False
                    temp.extend([(y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)])
        first.clear()
        first = temp  # "set the first list = the temporary list"
        temp.clear()  # "clear the temporary list": clears ``first`` too
    return cells


def reference_peel(walkable):
    """Fill any dead end until none is left, one at a time: the 2-core, slowly."""
    cells = walkable.copy()
    while True:
        ends = np.argwhere(dead_end_mask(cells))
        if len(ends) == 0:
            return cells
        cells[tuple(ends[0])] = False


def test_spiral_dead_end_is_eaten_whole():
    m, path = spiral_fixture()
    out = fill_dead_ends(m)
    assert np.array_equal(out[2:6, 2:6], np.ones((4, 4), bool))  # the room stays
    assert not out[6:].any() and np.count_nonzero(out) == 16  # the whole corridor goes
    assert not dead_end_mask(out).any()


def test_the_source_bug_would_fail_the_spiral_test():
    """Guards the test above: the buggy list version leaves most of the spiral."""
    m, path = spiral_fixture()
    buggy = source_list_version(m)
    assert np.count_nonzero(buggy) > 16
    assert dead_end_mask(buggy).any()


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 14), st.integers(3, 14), st.floats(0.3, 0.8))
def test_fill_dead_ends_matches_the_slow_reference(seed, h, w, density):
    m = np.random.default_rng(seed).random((h, w)) < density
    out = fill_dead_ends(m)
    assert np.array_equal(out, reference_peel(m))
    assert not dead_end_mask(out).any()
    assert not (out & ~m).any()


def test_fill_dead_ends_keep():
    m, _ = spiral_fixture()
    assert np.array_equal(fill_dead_ends(m, 1.0, np.random.default_rng(0)), m)
    with pytest.raises(ValueError):
        fill_dead_ends(m, 0.5)


def test_dead_end_mask_counts_the_map_edge_as_wall():
    m = np.zeros((3, 5), dtype=bool)
    m[1, :] = True
    assert dead_end_mask(m).tolist()[1] == [True, False, False, False, True]


def test_door_ok():
    walk = np.zeros((3, 3), dtype=bool)
    walk[1, :] = True
    assert door_ok(walk, 1, 1)
    walk[0, 1] = True  # a third open side
    assert not door_ok(walk, 1, 1)
    assert not door_ok(walk, 0, 0)  # on the edge


@pytest.mark.parametrize("n,s,w,e", [(n, s, w, e) for n in (0, 1) for s in (0, 1) for w in (0, 1) for e in (0, 1)])
def test_door_ok_wants_exactly_two_opposite_open_sides(n, s, w, e):
    """Of the 16 ways the 4 sides of a cell can be open, a door fits 2: north and south
    open with west and east walled, or the other way round (diagonals do not matter)."""
    walk = np.ones((3, 3), dtype=bool)
    walk[0, 1], walk[2, 1], walk[1, 0], walk[1, 2] = n, s, w, e
    assert door_ok(walk, 1, 1) == ((n, s, w, e) in ((1, 1, 0, 0), (0, 0, 1, 1)))


def test_door_ok_is_false_on_every_edge_of_the_map():
    """An edge cell has no outside neighbour to check: never a door, even where
    reading across the edge (or round it) would make one."""
    walk = np.zeros((4, 5), dtype=bool)
    walk[:, 2] = True                           # a north-south corridor down column 2
    walk[1:3, :] = True
    walk[0, :] = [1, 0, 1, 0, 1]
    walk[3, :] = [1, 0, 1, 0, 1]
    assert door_ok(walk, 1, 2) is False         # a crossing, not a door
    walk[1:3, :] = False
    walk[:, 2] = True
    assert door_ok(walk, 1, 2) and door_ok(walk, 2, 2)
    for y, x in ((0, 2), (3, 2), (2, 0), (2, 4), (0, 0), (3, 4), (0, 1), (3, 3)):
        assert door_ok(walk, y, x) is False
    rows = np.zeros((3, 5), dtype=bool)
    rows[0] = [1, 1, 0, 1, 1]                   # a gap in the top row between two open cells
    assert not door_ok(rows, 0, 2)
    cols = rows.T.copy()
    assert not door_ok(cols, 2, 0)


def test_rooms_still_exports_the_dead_end_tools():
    assert rooms.fill_dead_ends is fill_dead_ends and rooms.dead_end_mask is dead_end_mask
    assert rooms.door_ok is door_ok


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 9), st.integers(1, 9), st.booleans(), st.booleans())
def test_orthogonal_count_and_dilations_match_brute_force(seed, h, w, centre, outside):
    m = np.random.default_rng(seed).random((h, w)) < 0.4
    pad = np.pad(m, 1, constant_values=outside)
    ref4 = pad[:-2, 1:-1].astype(int) + pad[2:, 1:-1] + pad[1:-1, :-2] + pad[1:-1, 2:] + (m if centre else 0)
    assert np.array_equal(neighbour_count(m, include_centre=centre, outside=outside, connectivity=4), ref4)
    inner = np.pad(m, 1)
    grown4 = m | inner[:-2, 1:-1] | inner[2:, 1:-1] | inner[1:-1, :-2] | inner[1:-1, 2:]
    assert np.array_equal(dilate(m, 4), grown4)
    grown8 = np.zeros_like(m)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            grown8 |= inner[dy:dy + h, dx:dx + w]
    assert np.array_equal(dilate(m, 8), grown8)
    with pytest.raises(ValueError):
        neighbour_count(m, 2, connectivity=4)
