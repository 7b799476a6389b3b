"""Field of view (``game.rules.world.fov``): what a wall hides, pinned cell by cell,
and the whole view cross-checked on random maps against a brute-force
reference built on tcod's Bresenham lines (a test-only dependency).

Our view is Bresenham line of sight taken both ways: a cell is seen when
every cell strictly between it and the viewer is transparent along the
Bresenham line from the viewer to it, or along the one from it back to the
viewer (the two roundings of half-way points, ``fov.ray_table``).  tcod has
no field-of-view mode with exactly that rule (its ``FOV_BASIC`` casts rays to
the edge of the radius), so the reference asks tcod for the lines, per cell.
"""

import numpy as np
import pytest
import tcod.los

from game.rules.world import fov, los
from game.rules.world.fov import field_of_view

RADIUS = 9


@pytest.fixture(autouse=True)
def fresh_ray_tables():
    """Each test works out the ray tables it uses (they are cached per radius)."""
    fov._TABLES.clear()
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


def reference_view(transparent: np.ndarray, origin: tuple[int, int], radius: int) -> np.ndarray:
    """What ``field_of_view`` must give, cell by cell: inside the sight disc
    (``dy² + dx² <= r² + r``) and one of tcod's two Bresenham lines clear."""
    h, w = transparent.shape
    oy, ox = origin
    vis = np.zeros((h, w), bool)
    for y in range(h):
        for x in range(w):
            dy, dx = y - oy, x - ox
            if dy * dy + dx * dx > radius * radius + radius:
                continue
            there = tcod.los.bresenham((ox, oy), (x, y)).tolist()[1:-1]
            back = tcod.los.bresenham((x, y), (ox, oy)).tolist()[1:-1]
            vis[y, x] = any(all(transparent[cy, cx] for cx, cy in cells) for cells in (there, back))
    return vis


@pytest.mark.parametrize("seed", range(6))
def test_the_view_is_bresenham_line_of_sight_both_ways_on_random_maps(seed):
    rng = np.random.default_rng(seed)
    for _ in range(8):
        h, w = int(rng.integers(3, 26)), int(rng.integers(3, 26))
        transparent = rng.random((h, w)) < rng.uniform(0.5, 0.95)
        origin = (int(rng.integers(0, h)), int(rng.integers(0, w)))
        radius = int(rng.integers(1, 12))
        assert np.array_equal(field_of_view(transparent, origin, radius), reference_view(transparent, origin, radius))


def test_lines_of_fire_are_tcods_bresenham_lines_both_ways():
    """``los.line`` gives the same two lines the view uses, so a target in view has a clear line of fire."""
    for dx in range(-9, 10):
        for dy in range(-9, 10):
            there = [tuple(c) for c in tcod.los.bresenham((0, 0), (dx, dy)).tolist()[1:]]
            back = [tuple(c) for c in tcod.los.bresenham((dx, dy), (0, 0)).tolist()[::-1][1:]]
            assert {tuple(los.line((0, 0), (dx, dy), 0)), tuple(los.line((0, 0), (dx, dy), 1))} == {tuple(there), tuple(back)}
