"""Tests for the rooms generator's finishing units: doors (worldgen/generators/rooms/doors.py),
loops (loops.py) and stairs (stairs.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import registry
from worldgen.core.steps import finish, finish_with_events
from worldgen.core.tiles import WALKABLE, T
from worldgen.generators.rooms.doors import finish_doors, lay_doors
from worldgen.generators.rooms.draw import Draw
from worldgen.generators.rooms.loops import SPACING, far_apart, loop_candidates, open_loops
from worldgen.generators.rooms.stairs import farthest, pick_far_from, pick_stair, stair_masks
from worldgen.toolkit import grid
from worldgen.toolkit.bitgrid import BitGrid, bit_indices

SPEC = registry.get("rooms")


def two_rooms():
    """Two 3x4 rooms, a corridor between them through a join at (4, 8)."""
    tiles = np.full((9, 17), T.wall, dtype=np.uint8)
    tiles[3:6, 2:6] = T.floor
    tiles[3:6, 11:15] = T.floor
    tiles[4, 6:11] = T.floor
    return tiles


def test_lay_doors_follows_the_chances():
    joins = [(4, 6), (4, 10)]
    tiles = two_rooms()
    assert lay_doors(tiles, joins, Draw(np.random.default_rng(0)),
                     SPEC.make_params({"door_chance": 0.0})) == []
    assert (tiles[4, 6], tiles[4, 10]) == (T.floor, T.floor)
    doors = lay_doors(tiles, joins, Draw(np.random.default_rng(0)),
                      SPEC.make_params({"door_chance": 1.0, "secret_chance": 1.0}))
    assert doors == joins and (tiles[4, 6], tiles[4, 10]) == (T.secret_door, T.secret_door)


def test_finish_doors_walls_orphans_and_opens_doors_with_three_sides():
    tiles = two_rooms()
    tiles[4, 6] = T.door                            # a good door
    tiles[2, 8] = T.door                            # walled in on three sides
    tiles[4, 9] = T.door
    tiles[5, 9] = T.floor                           # floor on three sides now
    g = BitGrid(17, 9)
    walk, kept, bits = finish_doors(tiles, g, g.from_mask(WALKABLE[tiles]), [(4, 6), (2, 8), (4, 9)])
    assert kept == [(4, 6)] and bits == g.from_cells(kept)
    assert tiles[2, 8] == T.wall and tiles[4, 9] == T.floor
    assert np.array_equal(g.to_mask(walk), WALKABLE[tiles])


def test_loop_candidates_are_walls_between_two_floors_away_from_doors():
    tiles = np.full((9, 17), T.wall, dtype=np.uint8)
    tiles[4:7, 2:6] = T.floor                      # two rooms ...
    tiles[4:7, 11:15] = T.floor
    tiles[2, 3:14] = T.floor                       # ... a wall below a corridor
    g = BitGrid(17, 9)
    horizontal, vertical = loop_candidates(g, g.from_mask(WALKABLE[tiles]), g.from_cells([(3, 4)]))
    found = [divmod(c, 17) for c in bit_indices(vertical)]
    assert found == [(3, 11), (3, 12), (3, 13)]  # (3, 3..5) are the door and beside it
    assert horizontal == 0                         # floors north and south
    walkable = WALKABLE[tiles]
    assert all(grid.door_ok(walkable, y, x) and not walkable[y, x] for y, x in found)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 9), st.integers(3, 9), st.integers(1, 70))
def test_far_apart_against_the_distances_by_hand(seed, h, w, least):
    rng = np.random.default_rng(seed)
    g = BitGrid(w, h)
    value = rng.integers(0, 40, (h, w))
    planes = [g.from_mask(value >> j & 1 == 1) for j in range(6)]
    horizontal, vertical = (g.from_mask(rng.random((h, w)) < 0.3) & g.inner for _ in range(2))
    vertical &= ~horizontal
    want = [(y, x) for y in range(1, h - 1) for x in range(1, w - 1)
            if (horizontal >> (y * w + x)) & 1 and abs(value[y, x - 1] - value[y, x + 1]) >= least
            or (vertical >> (y * w + x)) & 1 and abs(value[y - 1, x] - value[y + 1, x]) >= least]
    assert far_apart(g, planes, horizontal, vertical, least) == g.from_cells(want)


def long_u():
    """A long U (two arms one wall apart, room for several loops), its grid,
    walkable bits, a search from the upper arm's first cell, and params
    asking loops 30 steps apart and no doors."""
    tiles = np.full((9, 40), T.wall, dtype=np.uint8)
    tiles[2, 1:39] = T.floor
    tiles[4, 1:39] = T.floor
    tiles[2:5, 38] = T.floor
    g = BitGrid(40, 9)
    walk = g.from_mask(WALKABLE[tiles])
    searches = [finish(g.levels(walk, 1 << (2 * 40 + 1)))]
    return tiles, g, walk, searches, SPEC.make_params({"loop_distance": 30, "door_chance": 0.0})


def test_open_loops_keeps_its_bound_and_spacing():
    tiles, g, walk, searches, p = long_u()
    doors = []
    walk2, door_bits, opened = finish(open_loops(tiles, g, walk, doors, 0, searches, 1, 10, p,
                                                 Draw(np.random.default_rng(3))))
    new = bit_indices(walk2 & ~walk)
    assert opened == len(new) >= 2 and door_bits == 0 and doors == []
    before = WALKABLE[tiles].copy()
    before[[i // 40 for i in new], [i % 40 for i in new]] = False
    for i in new:                                   # only where the arms are 30+ steps apart
        y, x = divmod(i, 40)
        assert grid.walk_distance(before, [(y - 1, x)])[y + 1, x] >= 30
    xs = sorted(i % 40 for i in new)
    assert all(b - a > SPACING for a, b in zip(xs, xs[1:]))
    assert finish(open_loops(tiles, g, walk, doors, 5, searches, 1, 0, p, Draw(np.random.default_rng(3)))) == (walk, 5, 0)
    p = SPEC.make_params({"loop_distance": 30, "door_chance": 1.0})  # every loop a door: the bits follow
    walk3, door_bits, _ = finish(open_loops(tiles, g, walk, doors, 1, searches, 1, 10, p,
                                            Draw(np.random.default_rng(3))))
    assert door_bits == 1 | (walk3 & ~walk) == 1 | g.from_cells(doors) and len(doors) >= 2


def test_stairs_go_on_room_floor_farthest_away():
    tiles = two_rooms()
    g = BitGrid(17, 9)
    walk = g.from_mask(WALKABLE[tiles])
    inside, open_floor, floor = stair_masks(g, walk, walk)
    assert bit_indices(inside) == [4 * 17 + 3, 4 * 17 + 4, 4 * 17 + 12, 4 * 17 + 13]
    assert open_floor == floor == walk              # no dead end here
    levels = [1 << (4 * 17 + 3)]
    gen = g.levels(walk, levels[0])
    levels = finish(gen)
    assert farthest(levels, inside) == 4 * 17 + 13
    assert pick_stair((inside, open_floor, floor), levels) == 4 * 17 + 13
    only = 1 << (4 * 17 + 13)
    assert pick_stair((only, floor), levels, exclude=4 * 17 + 13) == farthest(levels, floor & ~only)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 12), st.integers(1, 12), st.floats(0.0, 0.5))
def test_pick_far_from_is_the_first_farthest_cell_in_a_straight_line(seed, h, w, density):
    rng = np.random.default_rng(seed)
    g = BitGrid(w, h)
    masks = tuple(g.from_mask(rng.random((h, w)) < density) for _ in range(2))
    cell = int(rng.integers(0, g.n))
    cells = [c for c in bit_indices(next((m for m in masks if m), 0))]
    y0, x0 = divmod(cell, w)
    want = max(cells, key=lambda c: ((c // w - y0) ** 2 + (c % w - x0) ** 2, -c)) if cells else cell
    assert pick_far_from(masks, cell, g) == want


@pytest.mark.parametrize("spare, walled", [(-1, True), (0, True), (1, False)])
def test_walling_in_a_door_never_leaves_fewer_walkable_cells_than_the_floor_promise(spare, walled):
    """``least`` is the fewest walkable cells walling in may leave: exactly ``least`` left is
    allowed, one fewer is not (the door becomes floor instead)."""
    tiles = two_rooms()
    tiles[2, 8] = T.door                            # a door walled in on every side
    g = BitGrid(17, 9)
    walkable = int(np.count_nonzero(WALKABLE[tiles]))
    walk, kept, _ = finish_doors(tiles, g, g.from_mask(WALKABLE[tiles]), [(2, 8)], least=walkable - 1 + spare)
    assert kept == []
    assert tiles[2, 8] == (T.wall if walled else T.floor)
    assert walk.bit_count() == walkable - walled


@pytest.mark.parametrize("n_loops", [1, 2])
def test_open_loops_opens_exactly_the_loops_asked_when_more_are_far_enough_apart(n_loops):
    """The long U has room for more loops than asked: exactly ``n_loops`` open (never one more)."""
    tiles, g, walk, searches, p = long_u()
    walk2, _, opened = finish(open_loops(tiles, g, walk, [], 0, searches, 1, n_loops, p,
                                         Draw(np.random.default_rng(3))))
    assert opened == n_loops == len(bit_indices(walk2 & ~walk))


# ---- loops.py's mutation survivors ----


def test_far_apart_reads_the_bits_past_the_last_plane_as_zero():
    """``least`` may need more bits than the planes hold: the planes past the
    last are empty, so the values are the planes' alone.  Values 1, -, 1 (the
    sides equal) are not 2 apart; 1, -, 0 are 1 apart but not 2."""
    g = BitGrid(3, 1)
    assert far_apart(g, [0b101], 0b010, 0, 2) == 0
    assert far_apart(g, [0b001], 0b010, 0, 1) == 0b010
    assert far_apart(g, [0b001], 0b010, 0, 2) == 0
    assert far_apart(g, [], 0b010, 0, 1) == 0       # no plane at all: every value 0


def test_open_loops_with_no_candidate_wall_opens_none():
    """One room alone has no wall between two floors: nothing opens, the count 0."""
    tiles = np.full((7, 9), T.wall, dtype=np.uint8)
    tiles[2:5, 2:7] = T.floor
    g = BitGrid(9, 7)
    walk = g.from_mask(WALKABLE[tiles])
    searches = [finish(g.levels(walk, 1 << (2 * 9 + 2)))]
    p = SPEC.make_params({"loop_distance": 4})
    assert finish(open_loops(tiles, g, walk, [], 0, searches, 1, 5, p, Draw(np.random.default_rng(0)))) == (walk, 0, 0)


def test_open_loops_yields_its_ticks_only_when_given_work():
    """Without ``work`` the planes are made in one go (nothing yielded); with
    it they come in slices, each yielding what ``tick`` returns, and the loops
    opened are the same."""
    tiles, g, walk, searches, p = long_u()
    plain = open_loops(tiles.copy(), g, walk, [], 0, searches, 1, 10, p, Draw(np.random.default_rng(3)))
    want, events = finish_with_events(plain)
    assert events == []
    sliced = open_loops(tiles.copy(), g, walk, [], 0, searches, 1, 10, p, Draw(np.random.default_rng(3)),
                        work=1, tick=lambda: "tick")
    got, events = finish_with_events(sliced)
    assert got == want and len(events) > 3 and set(events) == {"tick"}


def serpentine(transpose):
    """A snake of 9 columns of floor (x = 1, 3 .. 17) down rows 0..6, the
    map's edge row its top, joined in turns: at the bottom (row 6) across x
    = 2, 6, 10, 14, at the top (row 0) across x = 4, 8, 12, 16.  The walls
    on row 0 at x = 2, 6, 10, 14 have floor west and east 12 steps apart on
    foot (8-way) whose levels in a search from the snake's first cell
    differ by 11 or 12, the only walls that far (the rest 10 at most); they
    are SPACING apart, so each loop opened claims its neighbours.  ``transpose``: the snake on its side
    (the walls on the edge column).  Its tiles, grid, walkable bits and a
    search from the snake's first cell."""
    tiles = np.full((8, 19), T.wall, dtype=np.uint8)
    tiles[0:7, 1:18:2] = T.floor
    tiles[6, 2:15:4] = T.floor
    tiles[0, 4:17:4] = T.floor
    if transpose:
        tiles = np.ascontiguousarray(tiles.T)
    h, w = tiles.shape
    g = BitGrid(w, h)
    walk = g.from_mask(WALKABLE[tiles])
    searches = [finish(g.levels(walk, 1 << (w if transpose else 1)))]
    return tiles, g, walk, searches


@pytest.mark.parametrize("transpose", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_loops_on_the_map_edge_claim_their_box_up_to_the_edge(transpose, seed):
    """The claimed box is clipped at the map's edge, not a cell inside it: of
    the four far walls on the edge row (column) no two SPACING apart open,
    whatever the order they are drawn in (the four like them on row 6, the
    bottom turns' mirror, open apart from them)."""
    tiles, g, walk, searches = serpentine(transpose)
    p = SPEC.make_params({"loop_distance": 11, "door_chance": 0.0})
    walk2, _, opened = finish(open_loops(tiles, g, walk, [], 0, searches, 1, 10, p,
                                         Draw(np.random.default_rng(seed))))
    cells = [divmod(i, g.w) for i in bit_indices(walk2 & ~walk)]
    if transpose:
        cells = [(x, y) for y, x in cells]
    assert opened == len(cells) and {y for y, _ in cells} == {0, 6}
    edge = sorted(x for y, x in cells if y == 0)
    assert len(edge) == 2 and edge[1] - edge[0] > SPACING and set(edge) <= {2, 6, 10, 14}
