"""Tests for the caverns' repair (worldgen/toolkit/cavejoin.py).

``join_rows`` is checked against a plain reference built from the grid
toolkit (a per-cell label map, a breadth-first search per map): the same
anchors, the same rock centres, digs exactly as long as the shortest way
through rock, every gate joined, nothing dug outside the interiors.  Floors
drawn by hand hold each rule at its edge (ties, the rock threshold, the
group's last run, where the search stops), and golden digests pin the
random tracers' digs.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from worldgen.generators import caverns
from worldgen.toolkit import cavejoin, grid


def union_reference(n, u, v):
    parent = list(range(n))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    for a, b in zip(u.tolist(), v.tolist()):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(a) for a in range(n)]


@pytest.mark.parametrize("seed", range(6))
def test_union_runs_finds_each_items_smallest_joined_item(seed):
    rng = np.random.default_rng(seed)
    n = 200
    u, v = rng.integers(0, n, 150), rng.integers(0, n, 150)
    assert cavejoin.union_runs(n, u, v).tolist() == union_reference(n, u, v)
    assert cavejoin.union_runs(3, np.zeros(0, int), np.zeros(0, int)).tolist() == [0, 1, 2]


def case(width, height, submap, fill, seed, gates_per_submap=3):
    """A random floor with every submap's border walled and a few gate cells set to floor."""
    g = caverns.layout(width, height, submap)
    rng = np.random.default_rng(seed)
    floor = (rng.random((height, width)) >= fill) & ~g.border
    interior = np.flatnonzero(~g.border.ravel())
    sub = g.sub_of.ravel()[interior]
    gates = []
    for s in range(g.n_submaps):
        cells = interior[sub == s]
        gates.append(rng.choice(cells, size=min(gates_per_submap, cells.size), replace=False))
    gates = np.unique(np.concatenate(gates))
    floor.ravel()[gates] = True
    return g, floor, gates


def reference_anchors(g, floor):
    """Per submap: the anchor's cells (largest component, ties first; rock: its carved centre's)."""
    comp, _ = grid.label(floor & ~g.border, 4)
    carved = floor.copy()
    short = g.short_sides()
    anchors = {}
    for s in range(g.n_submaps):
        in_sub = (g.sub_of == s) & (comp > 0)
        labels, sizes = np.unique(comp[in_sub], return_counts=True)
        best = labels[np.argmax(sizes)] if labels.size else 0
        size = sizes.max() if labels.size else 0
        if size < short[s]:
            carved.ravel()[g.centres()[s]] = True
            anchors[s] = None
        else:
            anchors[s] = np.flatnonzero(comp.ravel() == best)
    comp2, _ = grid.label(carved & ~g.border, 4)
    for s, cells in anchors.items():
        if cells is None:
            anchors[s] = np.flatnonzero(comp2.ravel() == comp2.ravel()[g.centres()[s]])
    return anchors, carved


@pytest.mark.parametrize("width,height,submap,fill,seed", [
    (64, 48, 16, 0.45, 0), (64, 48, 16, 0.6, 1), (50, 37, 8, 0.55, 2), (90, 30, 6, 0.5, 3),
    (70, 70, 64, 0.62, 4), (40, 40, 16, 1.0, 5), (40, 40, 16, 0.0, 6), (33, 61, 7, 0.58, 7),
])
def test_join_rows_matches_the_reference(width, height, submap, fill, seed):
    g, floor, gates = case(width, height, submap, fill, seed)
    before = floor.copy()
    anchors, carved = reference_anchors(g, floor)
    for start_sub in range(g.n_submaps):
        f = before.copy()
        dug, start_cells = cavejoin.join_rows(f, g, 0, height, gates, np.random.default_rng(seed), start_sub)
        assert np.array_equal(start_cells, anchors[start_sub])
        if start_sub:
            assert np.array_equal(f, joined)  # the same dig whichever submap holds the start
            continue
        joined = f
    # Only interior walls were dug, each once, and the rock centres are carved.
    assert np.array_equal(np.unique(dug), dug)
    assert not before.ravel()[dug].any() and not g.border.ravel()[dug].any()
    assert np.array_equal(joined, before | np.isin(np.arange(joined.size), dug).reshape(joined.shape))
    assert (joined >= carved).all()
    # Every gate lies in its submap's anchor component.
    comp, _ = grid.label(joined & ~g.border, 4)
    flat = comp.ravel()
    sub = g.sub_of.ravel()
    for s in range(g.n_submaps):
        mine = gates[sub[gates] == s]
        assert (flat[mine] == flat[anchors[s][0]]).all()
    # Each dig is a shortest way: the cells dug are at most the rock crossed by
    # the shortest ways from every stray gate component to its anchor.
    comp0, _ = grid.label(carved & ~g.border, 4)
    bound = 0
    for s in range(g.n_submaps):
        region = (g.sub_of == s) & ~g.border
        dist = grid.distance_map(region, np.isin(np.arange(region.size), anchors[s]).reshape(region.shape), 4)
        stray = set(comp0.ravel()[gates[sub[gates] == s]].tolist()) - {comp0.ravel()[anchors[s][0]]}
        for c in stray:
            bound += int(dist[comp0 == c].min()) - 1
    assert dug.size - int((carved & ~before).sum()) <= bound


def test_join_rows_group_by_group_keeps_other_rows():
    g, floor, gates = case(48, 64, 16, 0.55, 9)
    for y0, y1 in cavejoin.row_groups(g, 48 * 20):
        lo, hi = np.searchsorted(gates, (y0 * 48, y1 * 48))
        rest = np.r_[floor[:y0].ravel(), floor[y1:].ravel()]
        dug, start = cavejoin.join_rows(floor[y0:y1], g, y0, y1, gates[lo:hi] - y0 * 48,
                                        np.random.default_rng(0))
        assert start is None
        assert np.array_equal(np.r_[floor[:y0].ravel(), floor[y1:].ravel()], rest)
    assert cavejoin.row_groups(g, 48 * 20) == [(0, 32), (32, 64)]
    assert cavejoin.row_groups(g, 1) == [(0, 16), (16, 32), (32, 48), (48, 64)]


def test_join_rows_wants_the_contiguous_rows_and_says_so():
    g, floor, gates = case(48, 32, 16, 0.5, 0)
    says = "^floor must be the C-contiguous rows y0..y1$"
    with pytest.raises(ValueError, match=says):
        cavejoin.join_rows(floor[:, :], g, 0, 16, gates, np.random.default_rng(0))
    with pytest.raises(ValueError, match=says):
        cavejoin.join_rows(np.asfortranarray(floor), g, 0, 32, gates, np.random.default_rng(0))


def test_join_rows_steps_yields_once_between_components_and_digging():
    g, floor, gates = case(64, 48, 16, 0.55, 11)
    whole = floor.copy()
    expect = cavejoin.join_rows(whole, g, 0, 48, gates, np.random.default_rng(1), 0)
    sliced = floor.copy()
    steps = cavejoin.join_rows_steps(sliced, g, 0, 48, gates, np.random.default_rng(1), 0, tick=lambda: "tick")
    assert next(steps) == "tick"
    assert not np.array_equal(sliced, whole)          # not dug yet
    with pytest.raises(StopIteration) as done:
        next(steps)
    dug, start = done.value.value
    assert np.array_equal(dug, expect[0]) and np.array_equal(start, expect[1])
    assert np.array_equal(sliced, whole)


@pytest.mark.parametrize("cells, groups", [(16 * 48, 4), (16 * 48 + 1, 2), (16 * 48 - 1, 4)])
def test_a_row_group_closes_when_its_rows_reach_exactly_the_cells_asked(cells, groups):
    """Submap rows 16 tall on a map 48 wide are 768 cells each: asked for 768 a group, each row
    is a group; for one cell more, two rows make one."""
    g, _, _ = case(48, 64, 16, 0.55, 9)
    assert len(cavejoin.row_groups(g, cells)) == groups


@pytest.mark.parametrize("start_sub, found", [(5, True), (6, False), (0, True), (-1, False)])
def test_the_start_submap_is_found_only_among_the_groups_own_submaps(start_sub, found):
    """Rows 0..32 of a 3 x 4 layout hold submaps 0..5: the start's anchor cells come back for
    the group's last submap (5), none for the first past it (6) or before its first."""
    g, floor, gates = case(48, 64, 16, 0.55, 9)
    assert g.nx == 3
    lo, hi = np.searchsorted(gates, (0, 32 * 48))
    _, start = cavejoin.join_rows(floor[0:32].copy(), g, 0, 32, gates[lo:hi], np.random.default_rng(0), start_sub)
    assert (start is not None) == found
    if found:
        assert start.size > 0


def drawn(g, rows):
    """A floor drawn for layout ``g``: ``#`` wall (every border cell is one), ``.`` floor,
    ``g`` a gate inner cell (floor), ``+`` a wall the join is to dig.  Returns
    ``(floor, gates, to_dig)``, the last two flat and ascending."""
    cells = np.array([list(row) for row in rows])
    assert cells.shape == (g.height, g.width) and (cells[g.border] == "#").all()
    return np.isin(cells, [".", "g"]), np.flatnonzero(cells.ravel() == "g"), np.flatnonzero(cells.ravel() == "+")


DRAWN = {
    # Submap 0 holds two caves of 6 cells (its interior's shorter side: not rock); the first
    # in row-major order is the anchor, so the gate's cave digs the straight way to it.
    # Submap 1's cave, 8 cells, is the group's last run.
    "ties_go_to_the_first_of_two_equal_caves": ([
        "####################",
        "##.++++g############",
        "##.####.############",
        "##.####.############",
        "##.####.############",
        "##.####.############",
        "##.####.###........#",
        "####################",
    ], {0: [22, 42, 62, 82, 102, 122], 1: list(range(131, 139))}),
    # Submap 1's anchor (6 cells) and the gate's one-cell cave are the group's last two
    # runs: the search starts from that anchor, and the one wall between is dug.
    "an_anchor_in_the_groups_last_run_is_dug_to": ([
        "####################",
        "##.#################",
        "##.#################",
        "##.#################",
        "##.#################",
        "##.#################",
        "##.########......+g#",
        "####################",
    ], {1: list(range(131, 137))}),
}


@pytest.mark.parametrize("rows, anchors", DRAWN.values(), ids=DRAWN.keys())
def test_a_drawn_floor_digs_the_walls_marked_and_finds_each_anchor(rows, anchors):
    g = caverns.layout(20, 8, 8)
    before, gates, to_dig = drawn(g, rows)
    for sub, cells in anchors.items():
        floor = before.copy()
        dug, start = cavejoin.join_rows(floor, g, 0, 8, gates, np.random.default_rng(sub), sub)
        assert dug.tolist() == to_dig.tolist()
        assert start.tolist() == cells
        assert np.array_equal(floor.ravel(), before.ravel() | np.isin(np.arange(160), to_dig))


@pytest.mark.parametrize("size, sub", [((30, 16, 8), 4), ((16, 30, 8), 1)])
@pytest.mark.parametrize("shorter", [0, 1])
def test_a_submap_is_rock_when_its_largest_cave_is_shorter_than_its_interiors_shorter_side(size, sub, shorter):
    """Submaps 10 x 8 (then 8 x 10): the interior's shorter side is 6, in the second submap
    row (then column) too.  A cave of 6 cells along the longer side is the anchor; of 5,
    the submap is rock and its centre is carved and becomes the anchor."""
    g = caverns.layout(*size)
    assert g.short_sides()[sub] == 6
    j, i = divmod(sub, g.nx)
    along = 1 if g.xs[i + 1] - g.xs[i] > g.ys[j + 1] - g.ys[j] else g.width
    cave = (g.ys[j] + 1) * g.width + g.xs[i] + 1 + along * np.arange(6 - shorter)
    floor = np.zeros((g.height, g.width), dtype=bool)
    floor.ravel()[cave] = True
    dug, start = cavejoin.join_rows(floor, g, 0, g.height, np.zeros(0, np.intp), np.random.default_rng(0), sub)
    centres = g.centres()
    rock = [s for s in range(g.n_submaps) if s != sub or shorter]
    assert dug.tolist() == sorted(centres[rock].tolist())
    assert start.tolist() == ([centres[sub]] if shorter else cave.tolist())


@pytest.mark.parametrize("size, sub, start", [
    ((5, 5, 2), 0, []), ((5, 5, 2), 1, []), ((5, 5, 2), 2, []), ((5, 5, 2), 3, [18]), ((4, 3, 1), 11, []),
])
def test_a_submap_without_interior_has_no_anchor_and_one_of_a_single_cell_is_rock(size, sub, start):
    """Submaps 2 cells across have no interior (shorter side 0): no anchor, nothing carved;
    a 3 x 3 submap's interior is its centre, carved when rock.  Submap rows one cell tall
    are still the group's."""
    g = caverns.layout(*size)
    floor = np.zeros((g.height, g.width), dtype=bool)
    dug, found = cavejoin.join_rows(floor, g, 0, g.height, np.zeros(0, np.intp), np.random.default_rng(0), sub)
    assert dug.tolist() == ([18] if size == (5, 5, 2) else [])
    assert found.tolist() == start


def test_the_search_stops_in_each_submap_at_the_level_of_its_last_target(monkeypatch):
    """The search runs from the anchors of submaps holding a target only, and a submap's
    part of it stops at the level where its last target is reached: submap 0's target is
    2 steps from its anchor, submap 1's 5, submap 2 has no gate.  So the rings expanded
    are levels 1 to 4, level 1 in submaps 0 and 1, the rest in submap 1 alone."""
    g = caverns.layout(30, 8, 8)
    floor, gates, to_dig = drawn(g, [
        "##############################",
        "##.+g######.++++g#####.#######",
        "##.########.##########.#######",
        "##.########.##########.#######",
        "##.########.##########.#######",
        "##.########.##########.#######",
        "##.########.##########.#######",
        "##############################",
    ])
    expanded = []
    expand = cavejoin._expand

    def spy(frontier, todo, steps):
        expanded.append(sorted(set(g.sub_of.ravel()[frontier].tolist())))
        return expand(frontier, todo, steps)

    monkeypatch.setattr(cavejoin, "_expand", spy)
    dug, _ = cavejoin.join_rows(floor, g, 0, 8, gates, np.random.default_rng(0))
    assert dug.tolist() == to_dig.tolist()
    assert expanded == [[0, 1], [1], [1], [1]]


# Golden digests of join_rows (dug cells, start cells, the floor after) on random floors:
# the same floor, gates and seed dig the same cells everywhere.  After a deliberate
# change, regenerate with
#   .venv/bin/python -c "from tests.test_cavejoin import golden; golden()"
GOLDEN = {
    (64, 48, 16, 0.55, 21): "79b9208dd40ad4cd70062d1e961cdc27e7d90b1fb4b6280c6a00300b19dc45d4",
    (50, 37, 8, 0.6, 22): "6cf611d316500733ffff2c8585a58cb5afbec660fd04fd822312b87bd50ddd58",
    (33, 61, 7, 0.58, 23): "a72ac46ae9e1667e41a67cf0f5bf8d1a7c8f8c7dc99dc334777a706771a17c98",
    (90, 30, 6, 0.5, 24): "b5d812b4e5a83b19b6f822e96a30a9c1d1da1a294fc401ca847553b944293950",
}


def joined_digest(width, height, submap, fill, seed):
    g, floor, gates = case(width, height, submap, fill, seed, gates_per_submap=4)
    dug, start = cavejoin.join_rows(floor, g, 0, height, gates, np.random.default_rng(seed), g.n_submaps - 1)
    blob = dug.astype("<i8").tobytes() + start.astype("<i8").tobytes() + np.packbits(floor).tobytes()
    return hashlib.sha256(blob).hexdigest()


def golden():
    for key in GOLDEN:
        print(f"    {key}: \"{joined_digest(*key)}\",")


@pytest.mark.parametrize("key", list(GOLDEN))
def test_join_rows_digs_the_same_cells_for_the_same_floor_and_seed(key):
    assert joined_digest(*key) == GOLDEN[key]
