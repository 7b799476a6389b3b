"""Directions and distances (game/rules/world/geometry.py): the eight steps in the
game's order, the Chebyshev distance, and the distance on foot over a
``[y, x]`` mask from ``(x, y)`` cells."""

import numpy as np

from game.rules.world.geometry import STEPS, chebyshev, walk_distance


def test_the_steps_are_the_eight_neighbours_straight_first_in_the_games_order():
    assert STEPS == ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))
    assert len(set(STEPS)) == 8 and (0, 0) not in STEPS


def test_the_chebyshev_distance_is_the_longer_of_the_two_sides():
    assert chebyshev((2, 3), (2, 3)) == 0
    assert chebyshev((2, 3), (5, 1)) == 3 and chebyshev((5, 1), (2, 3)) == 3
    assert chebyshev((0, 0), (1, -4)) == 4 and chebyshev((1, -4), (0, 0)) == 4
    assert chebyshev((-2, 0), (1, 1)) == 3


def test_the_distance_on_foot_is_counted_from_x_y_cells_over_a_y_x_mask():
    passable = np.ones((3, 5), bool)
    passable[0:2, 2] = False  # a wall down from the top, open at the bottom
    dist = walk_distance(passable, [(0, 0)])
    assert dist.shape == (3, 5)
    assert dist[0].tolist() == [0, 1, -1, 4, 4]
    assert dist[2].tolist() == [2, 2, 2, 3, 4]


def test_the_distance_on_foot_is_from_the_nearest_of_several_cells():
    dist = walk_distance(np.ones((1, 7), bool), [(0, 0), (6, 0)])
    assert dist.tolist() == [[0, 1, 2, 3, 2, 1, 0]]
