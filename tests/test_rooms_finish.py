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
from worldgen.generators.rooms.attach import Builder, pack_site
from worldgen.generators.rooms.corridors import joined, partner_site, try_corridor, try_drunken
from worldgen.generators.rooms.doors import finish_doors, lay_doors
from worldgen.generators.rooms.draw import Draw
from worldgen.generators.rooms.loops import SPACING, far_apart, loop_candidates, open_loops
from worldgen.generators.rooms.shapes import DIRS, Stamp
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


# ---- corridors.py's mutation survivors: try_drunken, try_corridor, joined, partner_site ----

ROOMS = SPEC.make_params()


def test_joined_keeps_to_the_window_rows():
    """The ends (1, 1) and (1, 3) meet only through row 2, below a window of
    rows 0..1: not joined in it, joined in rows 0..2."""
    rows = [0b11111, 0b10101, 0b10001, 0b11111]    # bit x: column x, set: blocked
    assert not joined(rows, 1, 1, 1, 3, 0, 0, 1, 4)
    assert joined(rows, 1, 1, 1, 3, 0, 0, 2, 4)


def test_partner_site_takes_a_site_exactly_radius_columns_away():
    """Room 0's east site (9, 9) and room 1's west site (9, 23), 14 columns
    apart: a partner within the default radius 14, none within 13."""
    b = Builder(0, 40, 20, ROOMS)
    b.place("rect", Stamp.box(3, 4), 8, 5, None, sites=False)
    b.place("rect", Stamp.box(3, 4), 8, 24, None, sites=False)
    b.sites[:] = [pack_site(9, 23, 2, 1)]
    assert partner_site(b, [9, 9, 3, 0]) == (9, 23, 2)
    assert partner_site(b, [9, 9, 3, 0], radius=13) is None


@pytest.mark.parametrize("roll, kind, last", [(np.nextafter(0.5, 0), "corridor_nwse", 1), (0.5, "corridor_nesw", 0)])
def test_a_diagonal_corridors_side_roll_of_exactly_one_half_steps_to_the_second_side(roll, kind, last):
    """``side`` is 0 below one half: an east corridor steps south (its far
    end's direction 1), from one half north (0)."""
    b = Builder(5, 40, 20, ROOMS)
    b.place("rect", Stamp.box(3, 4), 8, 10, None, sites=False)
    b.r.u = iter([float(roll), 0.0, 0.0]).__next__  # side, length 4, pattern 0
    assert try_corridor(b, [8, 14, 3, 0, 0], fuse=False, diagonal=True)
    assert b.room(1)[0] == kind and b.priority[2] == last


def walk_builder(h, w, free, own, partner):
    """A ``h`` x ``w`` Builder for a drunken walk from site ``own`` (room 0)
    to site ``partner`` (room 1, the only site listed), ``(y, x, d)`` each,
    a floor cell behind each; ``near`` (what the walker may not step on) is
    every cell but ``free``.  The builder and the walk's site."""
    b = Builder(0, w, h, ROOMS)
    for y, x, d in (own, partner):
        dy, dx = DIRS[d]
        b.open[y - dy] |= 1 << (x - dx)
        b.blocked[y - dy] |= 1 << (x - dx)
    mask = np.ones((h, w), dtype=bool)
    if free:
        ys, xs = zip(*free)
        mask[list(ys), list(xs)] = False
    b.near = [int(sum(1 << x for x in range(w) if mask[y, x])) for y in range(h)]
    b.near_cols = [int(sum(1 << y for y in range(h) if mask[y, x])) for x in range(w)]
    b.sites[:] = [pack_site(*partner, 1)]
    return b, [*own, 0, 0]


# The two ways of the scripted walks below.  Across (``across_walk``): the
# walk leaves east along row Y = 12 from (12, 6) to the goal (12, 12), and
# column 6 is free the whole map down, the window rows 4..20.  Down
# (``down_walk``): it leaves south down column X = 14 from (3, 14) to the goal
# (9, 14), and row 3 is free the whole map across, the window columns 6..22.
# Steps: 3 * 6 + 12 = 30 either way.  The draws are picked for the weights
# (cumulative north, + south, + west, total: 5 toward the goal, 1 another free
# step) each cell has: a walk bounces off the window's edge and comes back.

def across_walk(h):
    y, x = 12, 6
    free = [(r, x) for r in range(1, h - 1)] + [(y, c) for c in range(x, x + 7)]
    return walk_builder(h, 30, free, (y, x - 1, 3), (y, x + 7, 2))


def down_walk():
    y, x = 3, 14
    free = [(y, c) for c in range(1, 29)] + [(r, x) for r in range(y, y + 7)]
    return walk_builder(20, 30, free, (y - 1, x, 1), (y + 7, x, 0))


def walked(b, site, draws):
    """try_drunken with the partner's draw and then ``draws``, all used: the
    cells of the walk's stamp (None if it did not arrive)."""
    script = iter([0.0, *draws])
    b.r.u = script.__next__
    ok = try_drunken(b, site)
    assert next(script, None) is None               # every draw used, no more
    if not ok:
        return None
    kind, y0, x0, s = b.room(len(b.stamps) - 1)
    assert kind == "drunken" and b.joins[-2:] == [tuple(site[:2]), (b.sites[0] >> 13 & 511, b.sites[0] >> 4 & 511)]
    return {(y0 + y, x0 + x) for y, row in enumerate(s.rows) for x in range(s.w) if row >> x & 1}


def test_a_drunken_walk_turns_back_at_its_windows_top_eight_rows_above_its_ends():
    """(0 picks north, 0.5 south in the column, 0.9 east): up to row 4,
    bounced back at it, down to row 12 and east to the goal."""
    b, site = across_walk(30)
    cells = walked(b, site, [0.0] * 9 + [0.5] * 7 + [0.9] * 6)
    assert cells == {(y, 6) for y in range(4, 13)} | {(12, x) for x in range(6, 13)}


@pytest.mark.parametrize("h", [22, 30])  # the window's last row the map's last inside it, and not
def test_a_drunken_walk_turns_back_at_its_windows_bottom_eight_rows_below_its_ends(h):
    """(1.5/7 picks south at the start, 11/12 south below it, 0 north, 0.9
    east): down to row 20, bounced back at it, up to row 12 and east."""
    b, site = across_walk(h)
    cells = walked(b, site, [1.5 / 7] + [11 / 12] * 8 + [0.0] * 7 + [0.9] * 6)
    assert cells == {(y, 6) for y in range(12, 21)} | {(12, x) for x in range(6, 13)}


def test_a_drunken_walk_turns_back_at_its_windows_east_side_eight_columns_past_its_ends():
    """(6.5/7 picks east at the start, 11/12 east in the row, 0 west, 0.5
    south): out to column 22, bounced back at it, to column 14 and down."""
    b, site = down_walk()
    cells = walked(b, site, [6.5 / 7] + [11 / 12] * 8 + [0.0] * 7 + [0.5] * 6)
    assert cells == {(3, x) for x in range(14, 23)} | {(y, 14) for y in range(3, 10)}


def test_a_drunken_walk_turns_back_at_its_windows_west_side_eight_columns_past_its_ends():
    """(5.5/7 picks west at the start, 0 west in the row and east at its
    end, 0.5 east in the row and south): out to column 6, back and down."""
    b, site = down_walk()
    cells = walked(b, site, [5.5 / 7] + [0.0] * 8 + [0.5] * 7 + [0.5] * 6)
    assert cells == {(3, x) for x in range(6, 15)} | {(y, 14) for y in range(3, 10)}


def test_a_drunken_step_draw_at_exactly_a_cumulative_weight_takes_the_next_step():
    """At the start the weights are north 1, south 1, east 5 (west is the
    site): a pick ``u * 7`` of exactly 1 goes south, exactly 2 east."""
    assert (1 / 7) * 7 == 1.0 and (2 / 7) * 7 == 2.0
    b, site = across_walk(30)
    cells = walked(b, site, [1 / 7, 0.0] + [0.9] * 6)  # south, back north, east
    assert cells == {(12, x) for x in range(6, 13)} | {(13, 6)}
    b, site = across_walk(30)
    assert walked(b, site, [2 / 7] + [0.9] * 5) == {(12, x) for x in range(6, 13)}


def test_a_drunken_walk_whose_first_cell_is_taken_draws_no_more_than_its_partner():
    """The cell ahead of the site in ``near``: no walk, only the partner's draw taken."""
    b, site = across_walk(30)
    b.near[12] |= 1 << 6
    b.r = Draw(np.random.default_rng(7))
    assert try_drunken(b, site) is False and b.stamps == []
    want = Draw(np.random.default_rng(7))
    want.skip(1)
    assert b.r.u() == want.u()


@pytest.mark.parametrize("pocket, shut", [((13, 6), False), ((13, 7), True)])
def test_a_walk_that_cannot_arrive_skips_its_draws_unless_shut_in_at_its_first_cell(pocket, shut):
    """The first cell (12, 6) walled off from the goal (12, 12), the site west
    of it, north and east taken: with the cell south of it free the walk
    would have run its 30 steps (skipped), with it taken (the free cell
    south-east of it instead) it stops before a draw."""
    b, site = walk_builder(30, 30, [(12, 6), pocket, (12, 12)], (12, 5, 3), (12, 13, 2))
    b.r = Draw(np.random.default_rng(7))
    assert try_drunken(b, site) is False and b.stamps == []
    want = Draw(np.random.default_rng(7))
    want.skip(1 if shut else 1 + 30)
    assert b.r.u() == want.u()
