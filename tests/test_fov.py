"""Field of view (``game.rules.fov``): what a wall hides, pinned cell by cell."""

import numpy as np
import pytest

from game.rules.fov import field_of_view

RADIUS = 9
#: A wall ``wall_at`` steps from the viewer in each of the 8 directions, with
#: the cell behind it still inside the sight disc (``dy² + dx² <= r² + r``).
WALLS = [((dy, dx), w) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0)
         for w in range(1, RADIUS) if (dy * dy + dx * dx) * (w + 1) ** 2 <= RADIUS * RADIUS + RADIUS]


@pytest.mark.parametrize(("direction", "wall_at"), WALLS, ids=str)
def test_the_cell_right_behind_a_wall_is_hidden_and_the_wall_seen(direction, wall_at):
    (dy, dx), size = direction, 2 * RADIUS + 1
    see = np.ones((size, size), bool)
    oy = ox = RADIUS
    see[oy + dy * wall_at, ox + dx * wall_at] = False
    vis = field_of_view(see, (oy, ox), RADIUS)
    assert vis[oy + dy * wall_at, ox + dx * wall_at]  # the wall itself
    assert not vis[oy + dy * (wall_at + 1), ox + dx * (wall_at + 1)]  # one cell behind it
    assert vis[oy + dy * (wall_at - 1), ox + dx * (wall_at - 1)]  # and the cell before it


def test_a_wall_hides_nothing_off_its_line_next_to_the_viewer():
    see = np.ones((11, 11), bool)
    see[5, 6] = False
    vis = field_of_view(see, (5, 5), 5)
    assert vis[5, 6] and not vis[5, 7] and vis[4, 7] and vis[6, 7]


def test_the_viewer_sees_its_own_cell_even_inside_a_wall():
    see = np.zeros((3, 3), bool)
    vis = field_of_view(see, (1, 1), 4)
    assert vis.all()  # every neighbour is a wall next to the viewer: seen
