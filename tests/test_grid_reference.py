"""The grid toolkit cross-checked against references its users trust, on
random maps: connected regions against ``scipy.ndimage.label``, distance
maps against a plain breadth-first search (and against scipy's chamfer
distance where the metric is the same: an open grid).  scipy is a test-only
dependency; ``worldgen`` never imports it."""

from collections import deque

import numpy as np
import pytest
from scipy import ndimage

from worldgen.core.steps import finish
from worldgen.toolkit import grid
from worldgen.toolkit.bitgrid import BitGrid

STRUCTURE = {4: ndimage.generate_binary_structure(2, 1), 8: ndimage.generate_binary_structure(2, 2)}
MAPS = 60  # random maps per check: a second or two each


def random_masks(seed: int, count: int = MAPS):
    """Masks of every texture: sparse to dense, 1x1 to 60x60, thin strips too."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(1, 61)), int(rng.integers(1, 61))
        yield rng.random((h, w)) < rng.uniform(0.05, 0.95)


def bfs(passable: np.ndarray, sources: list[tuple[int, int]], connectivity: int) -> np.ndarray:
    """Steps from the nearest source, -1 unreachable: a queue, one cell at a time.
    A source counts as a start even on an impassable cell."""
    h, w = passable.shape
    dist = np.full((h, w), -1, dtype=np.int64)
    queue = deque()
    for y, x in sources:
        if dist[y, x] < 0:
            dist[y, x] = 0
            queue.append((y, x))
    while queue:
        y, x = queue.popleft()
        for dy, dx in grid.offsets(connectivity):
            ny, nx = y + dy, x + dx
            if 0 <= ny < h and 0 <= nx < w and passable[ny, nx] and dist[ny, nx] < 0:
                dist[ny, nx] = dist[y, x] + 1
                queue.append((ny, nx))
    return dist


def random_sources(rng, mask: np.ndarray, on_passable: bool) -> list[tuple[int, int]]:
    cells = np.argwhere(mask) if on_passable else np.argwhere(np.ones_like(mask))
    if len(cells) == 0:
        return []
    pick = rng.choice(len(cells), size=min(len(cells), int(rng.integers(1, 4))), replace=False)
    return [tuple(int(v) for v in cells[i]) for i in pick]


# -- connected regions -----------------------------------------------------------------
@pytest.mark.parametrize("connectivity", [4, 8])
def test_label_matches_scipy_region_for_region(connectivity):
    for mask in random_masks(connectivity):
        ours, n = grid.label(mask, connectivity)
        theirs, m = ndimage.label(mask, structure=STRUCTURE[connectivity])
        assert n == m
        assert np.array_equal(ours, theirs)  # both number regions by their first cell in row-major order


@pytest.mark.parametrize("connectivity", [4, 8])
def test_label_in_small_slices_matches_scipy(connectivity):
    for mask in random_masks(10 + connectivity, 20):
        labels, n = finish(grid.label_steps(mask, connectivity, cells=7))
        theirs, m = ndimage.label(mask, structure=STRUCTURE[connectivity])
        assert n == m and np.array_equal(labels, theirs)


@pytest.mark.parametrize("connectivity", [4, 8])
def test_largest_region_is_scipys_biggest_label(connectivity):
    for mask in random_masks(20 + connectivity, 30):
        theirs, m = ndimage.label(mask, structure=STRUCTURE[connectivity])
        ours = grid.largest_region(mask, connectivity)
        if m == 0:
            assert not ours.any()
            continue
        sizes = np.bincount(theirs.ravel())[1:]
        assert np.array_equal(ours, theirs == 1 + int(np.argmax(sizes)))


# -- distance maps -----------------------------------------------------------------------
@pytest.mark.parametrize("connectivity", [4, 8])
def test_distance_map_matches_a_plain_breadth_first_search(connectivity):
    rng = np.random.default_rng(30 + connectivity)
    for i, mask in enumerate(random_masks(30 + connectivity)):
        sources = random_sources(rng, mask, on_passable=i % 3 != 0)  # a third start on walls too
        expected = bfs(mask, sources, connectivity)
        assert np.array_equal(grid.distance_map(mask, sources, connectivity), expected)
        as_mask = np.zeros_like(mask)
        for y, x in sources:
            as_mask[y, x] = True
        assert np.array_equal(grid.distance_map(mask, as_mask, connectivity), expected)


@pytest.mark.parametrize("connectivity", [4, 8])
def test_distance_map_in_small_slices_matches_the_reference(connectivity):
    rng = np.random.default_rng(40 + connectivity)
    for mask in random_masks(40 + connectivity, 20):
        sources = random_sources(rng, mask, on_passable=True)
        sliced = finish(grid.distance_map_steps(mask, sources, connectivity, work=16))
        assert np.array_equal(sliced, bfs(mask, sources, connectivity))


@pytest.mark.parametrize("connectivity", [4, 8])
def test_bitgrid_distances_match_the_reference(connectivity):
    rng = np.random.default_rng(50 + connectivity)
    for mask in random_masks(50 + connectivity, 30):
        sources = random_sources(rng, mask, on_passable=True)
        g = BitGrid(mask.shape[1], mask.shape[0])
        levels = finish(g.levels(g.from_mask(mask), g.from_cells(sources), connectivity))
        assert np.array_equal(g.distances(levels), bfs(mask, sources, connectivity))


@pytest.mark.parametrize(("connectivity", "metric"), [(4, "taxicab"), (8, "chessboard")])
def test_distance_map_on_an_open_grid_is_scipys_chamfer_distance(connectivity, metric):
    rng = np.random.default_rng(60 + connectivity)
    for mask in random_masks(60 + connectivity, 30):
        open_grid = np.ones_like(mask)
        starts = mask & (rng.random(mask.shape) < 0.05)
        if not starts.any():
            continue
        theirs = ndimage.distance_transform_cdt(~starts, metric=metric)
        assert np.array_equal(grid.distance_map(open_grid, starts, connectivity), theirs)


@pytest.mark.parametrize("connectivity", [4, 8])
def test_large_maps_with_wide_frontiers_match_the_references(connectivity):
    """Maps big enough that a breadth-first level holds thousands of cells
    (expanded in chunks and one direction at a time) and regions span many runs."""
    rng = np.random.default_rng(70 + connectivity)
    for density in (0.62, 0.9):
        mask = rng.random((240, 320)) < density
        sources = random_sources(rng, mask, on_passable=True) + [tuple(c) for c in np.argwhere(mask)[::997]]
        assert np.array_equal(grid.distance_map(mask, sources, connectivity), bfs(mask, sources, connectivity))
        ours, n = grid.label(mask, connectivity)
        theirs, m = ndimage.label(mask, structure=STRUCTURE[connectivity])
        assert n == m and np.array_equal(ours, theirs)
