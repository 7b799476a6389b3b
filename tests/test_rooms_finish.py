"""Tests for the rooms generator's finishing units: doors (worldgen/generators/rooms/doors.py),
loops (loops.py) and stairs (stairs.py)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import registry
from worldgen.core.registry import Progress
from worldgen.core.steps import finish, finish_with_events
from worldgen.core.tiles import WALKABLE, T
from worldgen.generators.rooms import generator
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


# ---- generator.py's mutation survivors: run, _finish, _fill_dead_ends, _open_loops ----
# run's pacing is checked with a scripted Builder (attempt() answers from a list, the
# floor is fixed), the work plan and the finishing stages stubbed; _fill_dead_ends and
# _open_loops are called alone on maps long enough on foot that their searches take
# more than one SEARCH_SLICE of cell-steps (one search over a 100x100 snake: about 4,850
# levels of 10,000 or 20,000 cells).


def said(event):
    """A Progress as ``(stage, done, with a preview)`` (Progress compares by identity);
    anything else as itself."""
    if isinstance(event, Progress):
        return event.stage, event.done, event.preview is not None
    return event


class ScriptedBuilder:
    """Stands in for attach.Builder in run(): ``attempt()`` answers from ``outcomes``
    (counting the designs tried), ``floor`` never changes."""

    def __init__(self, outcomes, floor, shape=(29, 79)):
        self.outcomes, self.floor, self.tried = outcomes, floor, 0
        self.stamps, self.joins = ["room"] * 3, ["join"] * 2
        self.tiles = np.full(shape, T.wall, dtype=np.uint8)

    def first_room(self):
        pass

    def attempt(self):
        self.tried += 1
        return self.outcomes[self.tried - 1]

    def fix_diagonals(self):
        pass

    def paint(self):
        return self.tiles


def scripted_run(monkeypatch, outcomes, floor, attempts, most, width=79, height=29):
    """run() with ``ScriptedBuilder(outcomes, floor)``, a plan of ``attempts`` and ``most``
    designs (pools [("lake", 2)]), each library grown with one tick, the finishing stages
    stubbed (they record what they are given): ``(events, builder, finish's arguments)``."""
    b = ScriptedBuilder(outcomes, floor, (height, width))
    finished = []

    def one_tick(tick):
        yield tick()

    def no_finish(*args):
        finished.append(args)
        yield from ()

    monkeypatch.setattr(generator, "Builder", lambda seed, w, h, p: b)
    monkeypatch.setattr(generator, "plan", lambda w, h, p: SimpleNamespace(attempts=attempts, most=most,
                                                                         pools=[("lake", 2)]))
    monkeypatch.setattr(generator, "grow_cave_library", one_tick)
    monkeypatch.setattr(generator, "grow_staircases", one_tick)
    monkeypatch.setattr(generator, "_finish", no_finish)
    events = list(generator.run(1, width, height, SPEC.make_params()))
    return events, b, finished


def test_run_ticks_once_a_library_is_grown_and_names_its_stage_and_preview_rooms(monkeypatch):
    """Each library's tick is Progress("rooms", 0.0) (no preview); then the first room's
    Progress at 0 with the preview, a LiveStage named rooms painting the builder's tiles;
    the rooms stage's info counts the builder's rooms and joins; the plan's pools go on
    to the finishing stages."""
    events, b, finished = scripted_run(monkeypatch, [True] * 12, floor=10**6, attempts=12, most=12)
    assert [said(e) for e in events[:2]] == [("rooms", 0.0, False)] * 2
    first = events[2]
    assert (first.stage, first.done, first.preview.name) == ("rooms", 0.0, "rooms")
    assert first.preview.data is b.tiles
    stage = events[-1]
    assert stage.name == "rooms" and stage.info == {"rooms": 3, "joins": 2}
    assert len(finished) == 1 and finished[0][0] is b and finished[0][4] == [("lake", 2)]


# 24 designs planned, 40 at most, the floor always short: the first 40 tried.  Design k
# fails at k = 7 (no event: not the 16th of a run), 15 and 31 (k % 16 == 15: a Progress
# without preview, at the 16ths tried so far, (k + 1) * 16 // 24, 10 and 21 capped at
# 16); every other one yields the preview's Progress, its done the 16ths tried so far,
# min(16, (k + 1) * 16 // 24) / 16.  SIXTEENTHS[k]: design k's event's done x 16, quoted
# for a misfit's Progress, None for no event.
SCRIPT = [k not in (7, 15, 31) for k in range(40)]
SIXTEENTHS = [0, 1, 2, 2, 3, 4, 4, None, 6, 6, 7, 8, 8, 9, 10, "10", 11, 12, 12, 13, 14, 14, 15, 16,
              16, 16, 16, 16, 16, 16, 16, "16", 16, 16, 16, 16, 16, 16, 16, 16]


def test_run_s_progress_is_the_sixteenths_of_the_designs_tried(monkeypatch):
    """One event per design placed (a new one only when its 16th has moved: the same
    object again otherwise), one per 16th design in a run of misfits; done never past 1
    even in the designs past ``attempts`` while the floor is short."""
    events, b, _ = scripted_run(monkeypatch, SCRIPT, floor=0, attempts=24, most=40)
    assert b.tried == 40
    rooms = events[3:-1]
    want = [(s if isinstance(s, int) else int(s), isinstance(s, int)) for s in SIXTEENTHS if s is not None]
    assert [(e.stage, e.done * 16, e.preview is not None) for e in rooms] == [("rooms", s, p) for s, p in want]
    shown = [e for e in rooms if e.preview is not None]
    assert all(e.preview is events[2].preview for e in shown)
    assert len({id(e) for e in shown}) == len({e.done for e in shown}) == 16


@pytest.mark.parametrize("short", [False, True])
def test_run_designs_past_the_plan_only_while_the_floor_is_short_of_a_fifth(monkeypatch, short):
    """``attempts`` designs, and up to ``most`` while the floor is below GROW_FLOOR of the
    interior ((79 - 2) x (29 - 2) cells): exactly that share is enough."""
    want = generator.GROW_FLOOR * 77 * 27
    floor = np.nextafter(want, 0) if short else want
    _, b, _ = scripted_run(monkeypatch, [True] * 40, floor=floor, attempts=12, most=30)
    assert b.tried == (30 if short else 12)


def test_each_finishing_stage_s_info_counts_what_it_did():
    """rooms: the rooms recorded and the joins; doors: the doors laid (each a door tile
    of the doors stage); dead_ends: the cells filled (walkable on the doors stage, wall
    after); loops: the walls opened (the final stage's count too).  Reprint the counts
    with {k: v.info for k, v in registry.generate("rooms", "Deepisle", 79, 29).stages.items()}."""
    s = registry.generate("rooms", "Deepisle", 79, 29).stages
    walk = {name: WALKABLE[stage.data] for name, stage in s.items()}
    assert s["rooms"].info == {"rooms": len(s["final"].info["rooms"]), "joins": 45}
    assert s["doors"].info == {"doors": np.isin(s["doors"].data, (T.door, T.secret_door)).sum()} == {"doors": 34}
    assert s["dead_ends"].info == {"filled": (walk["doors"] & ~walk["dead_ends"]).sum()} == {"filled": 40}
    assert s["loops"].info == {"loops": (walk["loops"] & ~walk["dead_ends"]).sum()} == {"loops": 3}
    assert s["final"].info["loops"] == 3


def test_the_pools_planned_are_laid_on_the_final_map():
    """Lakes asked for (1 per 1000 tiles: 2 on a 79x29 map) are laid (the plan's pools
    reach the final stage)."""
    info = registry.generate("rooms", "lakes", 79, 29, {"lakes": 1.0}).last.info
    assert info["terrain"] == {"lake": 2, "chasm": 0, "meadow": 0, "bridges": 1}


def snake(h, w):
    """Floor on the odd rows 1 .. h - 2 of an h x w map (h even), each joined to the
    next at its east end, then its west end, alternately: one path on foot."""
    tiles = np.full((h, w), T.wall, dtype=np.uint8)
    tiles[1:h - 1:2, 1:w - 1] = T.floor
    for y in range(2, h - 2, 2):
        tiles[y, w - 2 if y % 4 == 2 else 1] = T.floor
    return tiles


def test_dead_end_filling_ticks_once_a_slice_of_cell_steps_and_counts_the_cells_filled():
    """A 200x100 map: a room of rows 1..30 and, below it, a dead-end tail of 597 cells
    (a snake of three rows) that fills a cell a pass; a pass costs the grid's 20,000
    cells, so the filling yields Progress("dead_ends", 0.5) once (after 420 passes,
    SEARCH_SLICE cell-steps); the tail is wall after, and its cells are the count."""
    tiles = np.full((100, 200), T.wall, dtype=np.uint8)
    tiles[1:31, 1:199] = T.floor
    tiles[32:38] = snake(8, 200)[1:7]
    tiles[31, 1] = T.floor
    tail = (tiles == T.floor).sum() - 30 * 198
    assert tail == 597
    g = BitGrid(200, 100)
    p = SPEC.make_params({"dead_end_keep": 0.0})
    (walk, doors, door_bits, filled), events = finish_with_events(
        generator._fill_dead_ends(tiles, g, [], Draw(np.random.default_rng(0)), p))
    assert [said(e) for e in events] == [("dead_ends", 0.5, False)]
    assert filled == tail and (doors, door_bits) == ([], 0)
    assert (tiles[1:31, 1:199] == T.floor).all() and (tiles == T.floor).sum() == 30 * 198
    assert walk == g.from_mask(tiles == T.floor)


def loops_on_a_snake(monkeypatch, h, w, loops):
    """_open_loops alone on ``snake(h, w)``, the up stairs at its first cell (1, 1), the
    first room's cell ``root`` mid-map; open_loops spied on: ``(opened, the events as
    said, what open_loops was given, grid, walk, up, root)``."""
    tiles = snake(h, w)
    g = BitGrid(w, h)
    walk = g.from_mask(WALKABLE[tiles])
    up, root = w + 1, (h // 2 | 1) * w + w // 2
    given = []

    def spy(*args):
        given.append(args)
        return (yield from open_loops(*args))

    monkeypatch.setattr(generator, "open_loops", spy)
    b = SimpleNamespace(tiles=tiles, r=Draw(np.random.default_rng(0)))
    (walk2, _, opened), events = finish_with_events(
        generator._open_loops(b, g, walk, [], 0, root, up, SPEC.make_params({"loops": loops})))
    assert (walk2 & ~walk).bit_count() == opened
    return opened, [said(e) for e in events], given, g, walk, up, root


@pytest.mark.parametrize("loops, n_loops", [(0.0, 0), (0.5, 1), (1.5, 2)])
def test_the_loops_opened_are_loops_per_1000_tiles_rounded(monkeypatch, loops, n_loops):
    """On a 50x20 map (1000 tiles, room for more loops than asked) ``loops`` per 1000
    tiles rounded to the nearest: 0.5 opens 1, 1.5 opens 2; none asked, no search
    (nothing yielded) and none opened."""
    opened, events, given, *_ = loops_on_a_snake(monkeypatch, 20, 50, loops)
    assert opened == n_loops and given[0][7] == n_loops
    assert (events == []) == (n_loops == 0)


# The events of the loop searches on a snake: in slices of SEARCH_SLICE cell-steps, a
# Progress("loops", 0.5) each, and one after each search; then the bit planes of the
# levels, a Progress("loops", 0.75) a slice.  A 100x100 map (STACK_CELLS tiles) searches
# once, on its two copies stacked (20,000 cells, 420 levels a slice: 11 slices and the
# search's own event); a 100x101 one twice (10,100 cells, 831 levels a slice: 4 and 1
# each).  Reprint with [(k, len(list(v))) for k, v in itertools.groupby(events)].
SNAKE_EVENTS = {
    100: [(("loops", 0.5, False), 12), (("loops", 0.75, False), 23)],
    101: [(("loops", 0.5, False), 10), (("loops", 0.75, False), 17)],
}


@pytest.mark.parametrize("w", [100, 101])
def test_the_loop_searches_run_on_two_stacked_copies_up_to_stack_cells_tiles(monkeypatch, w):
    """Up to STACK_CELLS tiles, the searches from the up stairs and the first room run
    as one, on two copies of the map stacked (the first searched from ``up``, the
    second from ``root``); past it, one search from each on the map.  Either way the
    levels are those of the two searches alone, and the events come in slices."""
    from itertools import groupby

    opened, events, given, g, walk, up, root = loops_on_a_snake(monkeypatch, 100, w, 0.1)
    assert opened == 1
    assert [(k, len(list(v))) for k, v in groupby(events)] == SNAKE_EVENTS[w]
    (_, _, _, _, _, searches, copies, _, _, _, work, tick), = given
    alone = [finish(g.levels(walk, 1 << source, grid.WALK)) for source in (up, root)]
    if w * 100 <= generator.STACK_CELLS:
        (levels,), n = searches, g.n
        assert copies == 2
        for k, want in enumerate(alone):
            got = [level >> k * n & g.all for level in levels]
            assert got[:len(want)] == want and not any(got[len(want):])
    else:
        assert copies == 1 and searches == alone
    assert work == generator.SEARCH_SLICE and said(tick()) == ("loops", 0.75, False)
