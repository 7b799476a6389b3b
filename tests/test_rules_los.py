"""Lines of fire (game/rules/world/los.py): the cells a line crosses, carried on
past its target; a flight stopped by a wall, a creature, the map's edge or
its range; of the two roundings the one that gets nearer the target."""

import numpy as np

from game.rules.world.los import flight, line


def nobody(x, y):
    return False


def test_a_line_steps_one_cell_at_a_time_from_its_start_to_its_end():
    assert line((2, 2), (2, 2)) == []
    assert line((2, 2), (5, 2)) == [(3, 2), (4, 2), (5, 2)]
    assert line((2, 2), (2, -1)) == [(2, 1), (2, 0), (2, -1)]
    assert line((0, 0), (-3, -3)) == [(-1, -1), (-2, -2), (-3, -3)]
    assert line((0, 0), (4, 2)) == [(1, 0), (2, 1), (3, 1), (4, 2)]


def test_a_line_rounds_half_way_points_one_way_or_the_other_by_its_bias():
    assert line((0, 0), (2, 1), 0) == [(1, 0), (2, 1)]
    assert line((0, 0), (2, 1), 1) == [(1, 1), (2, 1)]
    assert line((0, 0), (-2, -1), 0) == [(-1, -1), (-2, -1)]
    assert line((0, 0), (-2, -1), 1) == [(-1, 0), (-2, -1)]


def test_a_line_given_a_length_goes_on_past_its_end_or_stops_short():
    assert line((0, 0), (2, 1), 0, length=4) == [(1, 0), (2, 1), (3, 1), (4, 2)]
    assert line((0, 0), (3, 0), length=1) == [(1, 0)]
    assert line((1, 1), (1, 1), length=3) == []


def test_a_flight_crosses_open_ground_to_its_range():
    open_ = np.ones((5, 9), bool)
    f = flight(open_, (1, 2), (4, 2), 6, nobody)
    assert f.cells == [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2)] and f.hit is None and f.end == (7, 2)
    assert flight(open_, (1, 2), (4, 2), 2, nobody).cells == [(2, 2), (3, 2)]


def test_a_flight_stops_before_a_wall_and_at_the_maps_edge():
    seen = np.ones((5, 9), bool)
    seen[2, 4] = False
    f = flight(seen, (1, 2), (7, 2), 8, nobody)
    assert f.cells == [(2, 2), (3, 2)] and f.hit is None
    f = flight(np.ones((5, 9), bool), (6, 2), (8, 2), 8, nobody)
    assert f.cells == [(7, 2), (8, 2)]
    f = flight(np.ones((5, 9), bool), (2, 2), (0, 2), 8, nobody)
    assert f.cells == [(1, 2), (0, 2)]
    f = flight(np.ones((5, 9), bool), (2, 3), (2, 4), 8, nobody)
    assert f.cells == [(2, 4)]
    f = flight(np.ones((5, 9), bool), (2, 1), (2, 0), 8, nobody)
    assert f.cells == [(2, 0)]


def test_a_flight_stops_on_the_first_creature_in_its_way():
    here = {(4, 2), (6, 2)}
    f = flight(np.ones((5, 9), bool), (1, 2), (7, 2), 8, lambda x, y: (x, y) in here)
    assert f.cells == [(2, 2), (3, 2), (4, 2)] and f.hit == (4, 2) and f.end == (4, 2)


def test_of_the_two_roundings_the_flight_takes_the_one_that_gets_nearer():
    clear = np.ones((5, 9), bool)
    clear[1, 2] = False  # blocks the rounding that keeps to the row first, at its first cell ...
    f = flight(clear, (1, 1), (3, 2), 5, nobody)
    assert f.cells[:2] == [(2, 2), (3, 2)]  # ... so the other one is taken (going nowhere is never nearer)
    clear = np.ones((5, 9), bool)
    clear[2, 2] = False  # the other way round
    f = flight(clear, (1, 1), (3, 2), 5, nobody)
    assert f.cells[:2] == [(2, 1), (3, 2)]


def test_of_two_roundings_both_stopped_short_the_one_that_ends_nearer_the_target_is_taken():
    clear = np.ones((5, 9), bool)
    clear[1, 3] = clear[1, 4] = False
    assert line((1, 2), (5, 1), 0)[:2] == [(2, 2), (3, 1)] and line((1, 2), (5, 1), 1)[:3] == [(2, 2), (3, 2), (4, 1)]
    f = flight(clear, (1, 2), (5, 1), 8, nobody)
    assert f.cells == [(2, 2), (3, 2)]  # two columns from the target, not three


def test_a_shot_along_a_row_stays_on_the_row_past_its_target():
    f = flight(np.ones((5, 9), bool), (8, 0), (7, 0), 8, nobody)
    assert f.cells == [(x, 0) for x in range(7, -1, -1)]


def test_of_two_roundings_as_near_the_first_is_kept():
    f = flight(np.ones((5, 9), bool), (1, 1), (3, 2), 2, nobody)
    assert f.cells == line((1, 1), (3, 2), 0)


def test_a_flight_blocked_at_once_reaches_nowhere():
    walls = np.zeros((5, 9), bool)
    f = flight(walls, (1, 1), (4, 1), 5, nobody)
    assert f.cells == [] and f.end is None and f.hit is None
