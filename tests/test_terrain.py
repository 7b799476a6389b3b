"""Terrain and vaults on dungeon maps (worldgen.toolkit.terrain, worldgen.toolkit.vaults):
pools never cut a way, each stays in its region, doors stand at chokepoints,
every vault design is carved deterministically behind one door and reachable,
and the dressed generators keep every promise."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from worldgen.core.registry import generate
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import grid, promises, terrain, vaults

DRESSED = {"lakes": 2.0, "chasms": 2.0, "meadows": 2.0, "vaults": 3.0}


def cave(seed: int, h: int = 40, w: int = 60, fill: float = 0.4) -> np.ndarray:
    """A random cave: noise smoothed once, walled at the edge."""
    rng = np.random.default_rng(seed)
    rock = rng.random((h, w)) < fill
    rock = grid.neighbour_count(rock, 1, include_centre=True) >= 5
    tiles = np.where(rock, T.wall, T.floor).astype(np.uint8)
    tiles[grid.border_mask(tiles.shape)] = T.wall
    return tiles


def laid(tiles, seed, wanted, connectivity=8, region=None, keep=None):
    keep = np.zeros(tiles.shape, bool) if keep is None else keep
    steps = terrain.pools(tiles, np.random.default_rng(seed), wanted, keep, region, connectivity)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), connectivity=st.sampled_from([4, 8]), kind=st.sampled_from(["lake", "chasm"]))
def test_pools_never_cut_a_way(seed, connectivity, kind):
    """Every region of walkable cells before the pools is still one region after
    (its cells that stay walkable), by the connectivity asked for."""
    tiles = cave(seed)
    before, n = grid.label(WALKABLE[tiles], connectivity)
    laid(tiles, seed, [(kind, 6)], connectivity)
    after, _ = grid.label(WALKABLE[tiles], connectivity)
    for r in range(1, n + 1):
        kept = (before == r) & (after > 0)
        assert len(np.unique(after[kept])) <= 1, f"region {r} was split"


def test_a_pool_across_a_hall_gets_a_bridge():
    """A lake as wide as a hall cuts it: a bridge is laid across, and the two ends still meet."""
    tiles = np.full((9, 40), T.wall, np.uint8)
    tiles[1:8, 1:39] = T.floor
    for seed in range(20):
        t = tiles.copy()
        info = laid(t, seed, [("chasm", 1)])
        if info["chasm"] and (t == T.chasm).any():
            assert grid.label(WALKABLE[t], 8)[1] == 1
    t = np.full((7, 30), T.wall, np.uint8)
    t[1:6, 1:29] = T.floor
    found = 0
    for seed in range(200):
        u = t.copy()
        info = laid(u, seed, [("chasm", 1)])
        assert grid.label(WALKABLE[u], 8)[1] == 1
        found += info["bridges"] > 0 and (u == T.bridge).any()
    assert found, "no chasm ever spanned the hall"


def test_a_pool_stays_in_its_region():
    tiles = np.full((30, 60), T.floor, np.uint8)
    tiles[grid.border_mask(tiles.shape)] = T.wall
    left = np.zeros(tiles.shape, bool)
    left[:, :30] = True

    def region(y0, y1, x0, x1, cy, cx):  # only the left half is a region pools may take
        return left[y0:y1, x0:x1] & left[cy, cx]

    grown = 0
    for seed in range(10):
        t = tiles.copy()
        laid(t, seed, [("meadow", 4), ("lake", 2)], region=region)
        changed = t != tiles
        assert not changed[:, 30:].any()
        grown += int(changed[:, :30].any())
    assert grown


def test_pools_keep_clear_of_the_start():
    tiles = np.full((20, 20), T.floor, np.uint8)
    tiles[grid.border_mask(tiles.shape)] = T.wall
    keep = np.zeros(tiles.shape, bool)
    keep[10, 10] = True
    for seed in range(30):
        t = tiles.copy()
        laid(t, seed, [("lake", 3), ("meadow", 3)], keep=keep)
        assert (t[9:12, 9:12] == T.floor).all()


def test_meadows_are_brush_ringed_by_grass_and_block_nothing():
    tiles = cave(5)
    walk = WALKABLE[tiles].copy()
    info = laid(tiles, 5, [("meadow", 8)])
    assert info["meadow"] > 0 and (tiles == T.grass).any() and (tiles == T.brush).any()
    assert np.array_equal(WALKABLE[tiles], walk)


def test_pools_are_the_same_from_the_same_seed():
    a, b, c = cave(1), cave(1), cave(1)
    laid(a, 7, [("lake", 3), ("chasm", 2)])
    laid(b, 7, [("lake", 3), ("chasm", 2)])
    laid(c, 8, [("lake", 3), ("chasm", 2)])
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_doors_stand_at_chokepoints_only():
    tiles = cave(3, fill=0.45)
    n = terrain.doors(tiles, np.random.default_rng(3), 30, np.zeros(tiles.shape, bool))
    ys, xs = np.nonzero(tiles == T.door)
    assert n == len(ys) > 0
    walk = WALKABLE[tiles] & (tiles != T.door)
    for y, x in zip(ys.tolist(), xs.tolist()):
        assert grid.door_ok(walk, y, x)


# -- vaults -----------------------------------------------------------------------------------
def rock_with_hall(h: int = 40, w: int = 80) -> np.ndarray:
    tiles = np.full((h, w), T.wall, np.uint8)
    tiles[h // 2 - 2:h // 2 + 2, 2:w - 2] = T.floor
    return tiles


@pytest.mark.parametrize("design", vaults.DESIGNS)
def test_each_design_is_carved_behind_one_door_and_reachable(design):
    for seed in range(6):
        tiles = rock_with_hall()
        before = tiles.copy()
        records = vaults.carve(tiles, np.random.default_rng(seed), [design])
        assert len(records) == 1
        r = records[0]
        assert r["design"] == design
        x, y, w, h = r["box"]
        changed = tiles != before
        assert not changed[:y].any() and not changed[y + h:].any()       # only inside its box
        assert not changed[:, :x].any() and not changed[:, x + w:].any()
        assert (before[y:y + h, x:x + w] == T.wall).all()               # carved out of solid rock
        dx, dy = r["door"]
        assert tiles[dy, dx] == vaults.PLANS[design][0]
        walk = WALKABLE[tiles]
        dist = grid.walk_distance(walk, [(before.shape[0] // 2, 3)])
        inside = walk[y:y + h, x:x + w]
        assert (dist[y:y + h, x:x + w][inside] >= 0).all(), "a vault cell cannot be reached"
        # the door is the only way in: without it the vault is cut off
        shut = walk.copy()
        shut[dy, dx] = False
        cut = grid.walk_distance(shut, [(before.shape[0] // 2, 3)])
        assert (cut[y:y + h, x:x + w][inside & ~((np.arange(h)[:, None] + y == dy)
                                                  & (np.arange(w)[None, :] + x == dx))] < 0).all()
        for role, cells in r.items():
            if role in ("design", "door", "box", "key"):
                continue
            for cx, cy in cells:
                assert x <= cx < x + w and y <= cy < y + h


def test_vaults_are_the_same_from_the_same_seed():
    a, b = rock_with_hall(), rock_with_hall()
    ra = vaults.carve(a, np.random.default_rng(4), list(vaults.DESIGNS))
    rb = vaults.carve(b, np.random.default_rng(4), list(vaults.DESIGNS))
    assert ra == rb and np.array_equal(a, b)
    assert len(ra) >= 4


def test_a_locked_vaults_key_lies_on_ground_away_from_its_door():
    for seed in range(10):
        tiles = rock_with_hall()
        (r,) = vaults.carve(tiles, np.random.default_rng(seed), ["locked"])
        (kx, ky), (dx, dy) = r["key"][0], r["door"]
        assert tiles[ky, kx] in vaults.GROUND
        assert max(abs(kx - dx), abs(ky - dy)) >= vaults.KEY_DISTANCE
        pts = vaults.points_of([r])
        assert pts["keys"].tolist() == [[kx, ky]] and pts["captives"].shape == (0, 2)


def test_no_room_no_vault():
    tiles = np.full((12, 12), T.floor, np.uint8)
    tiles[grid.border_mask(tiles.shape)] = T.wall
    assert vaults.carve(tiles, np.random.default_rng(0), list(vaults.DESIGNS)) == []


# -- the generators, dressed -----------------------------------------------------------------
@pytest.mark.parametrize("name", ["caverns", "mosaic", "rooms"])
def test_dressed_maps_keep_every_promise(name):
    kinds = set()
    designs = set()
    for seed in range(12):
        size = {"caverns": (64, 40), "mosaic": (64, 40), "rooms": (84, 52)}[name]
        params = dict(DRESSED, doors=2.0) if name != "rooms" else dict(DRESSED)
        result = generate(name, f"dressed-{seed}", *size, params)
        final = result.stages["final"]
        assert promises.broken(final, result.params, name) == {}
        kinds |= {int(t) for t in np.unique(final.data)}
        designs |= {v["design"] for v in final.info["vaults"]}
        for v in final.info["vaults"]:
            for x, y in v.get("captive", []):
                assert [x, y] in final.points["captives"].tolist()
    assert {T.deep_water, T.chasm, T.grass, T.brush} <= kinds
    assert len(designs) >= 3


@pytest.mark.parametrize("name", ["caverns", "mosaic", "rooms"])
def test_dressing_is_off_by_default(name):
    final = generate(name, "plain", 64, 40).stages["final"]
    assert final.info["vaults"] == [] and not np.isin(final.data, (T.chasm, T.brush, T.bridge)).any()


def test_a_vaults_key_lies_at_least_key_distance_from_its_door_the_exact_distance_included():
    """A corridor of ground 7 and 8 cells (Chebyshev) from the door: the probes take the one at
    exactly KEY_DISTANCE (8); with nothing that far, the nearest ground is the key's cell."""
    assert vaults.KEY_DISTANCE == 8
    tiles = np.full((1, 9), T.wall, np.uint8)
    tiles[0, 7:9] = T.floor
    assert vaults._key_cell(tiles, np.random.default_rng(5), [0, 0]) == [[8, 0]]
    tiles[0, 8] = T.wall
    assert vaults._key_cell(tiles, np.random.default_rng(5), [0, 0]) == [[7, 0]]


@pytest.mark.parametrize("most, expect", [(4, [("lake", 3), ("meadow", 1)]), (3, [("lake", 2)]),
                                          (5, [("lake", 3), ("meadow", 1)])])
def test_a_pool_plan_cut_to_most_drops_a_kind_cut_to_none_and_a_total_of_exactly_most_is_kept(most, expect):
    """3 lakes and a meadow (4 in all): at most 4 nothing is cut; at most 3 each count goes in
    proportion, rounded down (lakes 9 // 4 = 2, the meadow 3 // 4 = 0: left out, never a pool of none)."""
    assert terrain.plan({"lake": 3.0, "meadow": 1.0}, 1000, most=most) == expect


@pytest.mark.parametrize("shape, found", [((10, 11), False), ((11, 10), False), ((11, 11), True)])
def test_a_pool_probe_needs_a_row_and_column_beyond_twice_the_margin(shape, found):
    """A ground map 10 cells on a side at margin 5 has no cell 5 from every edge: no probe (and
    no draw); at 11 by 11 the centre is one."""
    tiles = np.full(shape, T.floor, np.uint8)
    cell = terrain._probe(tiles, np.random.default_rng(1), np.zeros(shape, bool), 5)
    assert (cell is not None) == found


@pytest.mark.parametrize("shape, laid", [((3, 7), 1), ((7, 3), 1), ((2, 7), 0), ((7, 2), 0)])
def test_a_door_fits_a_corridor_map_three_cells_across_and_none_is_tried_on_two(shape, laid):
    """A one-cell corridor down the middle of a map three cells across (walls either side) is
    all chokepoints: a door is laid; a map two across has no inner cell to try."""
    tiles = np.full(shape, T.wall, np.uint8)
    if shape[0] == 3:
        tiles[1, :] = T.floor  # a corridor across, end to end
    elif shape[1] == 3:
        tiles[:, 1] = T.floor  # a corridor down
    keep = np.zeros(shape, bool)
    assert terrain.doors(tiles, np.random.default_rng(2), 1, keep) == laid


@pytest.mark.parametrize("shape, carved", [((7, 9), True), ((6, 9), False), ((7, 8), False), ((8, 10), True)])
def test_a_vault_fits_rock_with_exactly_one_cell_to_spare_round_its_box(shape, carved):
    """The cage plan is 5 rows by 7: rock of 7 by 9 with ground along its bottom row takes it
    with exactly one cell to spare on every side (a box never touches the map's edge, and the
    entrance opens on the ground below); a row or a column less leaves no room."""
    tiles = np.full(shape, T.wall, np.uint8)
    tiles[-1, :] = T.floor
    records = vaults.carve(tiles, np.random.default_rng(3), ["cage"])
    assert bool(records) == carved
    if carved:
        x, y, w, h = records[0]["box"]
        assert (w, h) == (7, 5) and 1 <= x <= shape[1] - 8 and y == shape[0] - 6
        assert records[0]["door"] == [x + 3, y + 4]


@pytest.mark.parametrize("budget, lakes", [("cells", 1), ("cells + 1", 2), ("none", 2), ("0", 0)])
def test_blocking_pools_stop_once_their_cells_reach_the_budget_exactly(budget, lakes):
    """Two lakes on open ground: once the blocking cells laid reach the budget exactly (the
    first lake's deep water), the second is skipped; one cell more of budget lays it; a budget of
    0 lays no lake at all, and a meadow (it blocks nothing) is laid whatever the budget."""
    def open_ground():
        tiles = np.full((40, 60), T.floor, np.uint8)
        tiles[grid.border_mask(tiles.shape)] = T.wall
        return tiles

    from worldgen.core.steps import finish
    keep = np.zeros((40, 60), bool)
    first = open_ground()
    finish(terrain.pools(first, np.random.default_rng(11), [("lake", 1)], keep))
    cells = int(np.count_nonzero(first == T.deep_water))
    assert cells > 0
    cap = {"cells": cells, "cells + 1": cells + 1, "none": None, "0": 0}[budget]
    tiles = open_ground()
    info = finish(terrain.pools(tiles, np.random.default_rng(11), [("lake", 2), ("meadow", 1)], keep, budget=cap))
    assert (info["lake"], info["meadow"]) == (lakes, 1)
    deep = int(np.count_nonzero(tiles == T.deep_water))
    assert deep == {0: 0, 1: cells}[lakes] if lakes < 2 else deep > cells


@pytest.mark.parametrize("seed", range(8))
def test_a_pool_takes_its_centre_every_cell_nearer_than_its_radius_some_at_it_and_none_beyond(seed):
    """A blob of radius 3 on open ground: its centre (0 steps), every cell 1 or 2 steps away
    (8-way steps: a coin of 0 or 1 added to each cell's steps stays within 3), some of the cells
    exactly 3 away (those whose coin came up 0) and none 4 away."""
    tiles = np.full((30, 30), T.floor, np.uint8)
    tiles[grid.border_mask(tiles.shape)] = T.wall
    keep = np.zeros(tiles.shape, bool)
    centre = terrain._probe(tiles, np.random.default_rng(seed), keep, 2)  # the pool's first draws
    kind = terrain.PoolKind(T.grass, None, (3, 3), False)
    assert terrain._one_pool(tiles, np.random.default_rng(seed), kind, keep, None, 8) == (0, 0)
    blob = tiles == T.grass
    ys, xs = np.indices(tiles.shape)
    steps = np.maximum(abs(ys - centre[0]), abs(xs - centre[1]))
    ground = ~grid.border_mask(tiles.shape)
    assert blob[centre]
    assert blob[(steps < 3) & ground].all()
    assert blob[(steps == 3) & ground].any()
    assert not blob[steps > 3].any()


@pytest.mark.parametrize("connectivity", [4, 8])
def test_pool_steps_reach_every_edge_of_their_window_and_count_from_the_source_at_zero(connectivity):
    """The window's walk (``_bfs``): steps from a source inside a 4 x 6 window out to all four
    edges, the source itself 0 (never walked back onto), a blocked cell and a cell cut off -1."""
    passable = np.ones((4, 6), bool)
    passable[2, 4] = passable[2, 5] = passable[3, 4] = False   # blocked: (3, 5) is cut off
    dist = terrain._bfs(passable, [(1, 2)], connectivity)
    ys, xs = np.indices(passable.shape)
    dy, dx = abs(ys - 1), abs(xs - 2)
    free = np.maximum(dy, dx) if connectivity == 8 else dy + dx
    assert dist[1, 2] == 0
    assert dist[3, 4] == dist[2, 4] == dist[2, 5] == dist[3, 5] == -1
    open_ = passable.copy()
    open_[3, 5] = False
    assert (dist[open_] == free[open_]).all()


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("backwards", [False, True])
def test_a_bridge_line_crosses_the_pool_to_the_windows_very_edge_either_way(axis, backwards):
    """A bridge's line (``_crossing``) on a window one cell across: start at one end, the goal at
    the other, pool between; its water cells are the whole pool, whichever end starts and whether
    the line runs across or down (so every edge of the window is stepped onto)."""
    line = np.arange(5)
    start, goal = (line == 0), (line == 4)
    if backwards:
        start, goal = goal, start
    water = (line > 0) & (line < 4)
    shape = (1, 5) if axis == 1 else (5, 1)
    path = terrain._crossing(start.reshape(shape), goal.reshape(shape), water.reshape(shape))
    cells = [(0, k) if axis == 1 else (k, 0) for k in (1, 2, 3)]
    assert sorted(path) == cells
    assert path[0] == (cells[0] if backwards else cells[-1])   # from the goal's side back


def test_a_terrain_amount_parameter_runs_0_to_10_per_1000_tiles_and_is_none_by_default():
    # Read at import into each generator's parameters: call it here, where a change to it shows.
    field = terrain.amount_param("lakes")
    assert field.default == 0.0
    assert (field.metadata["lo"], field.metadata["hi"]) == (0.0, 10.0)
    assert field.metadata["help"] == "lakes per 1000 map tiles (worldgen.toolkit.terrain): 0 none"
    assert field.metadata["choices"] == () and field.metadata["step"] is None


# -- pools and doors, pinned and at their edges ----------------------------------------------------
def open_ground(h: int = 40, w: int = 60, walled: bool = True) -> np.ndarray:
    tiles = np.full((h, w), T.floor, np.uint8)
    if walled:
        tiles[grid.border_mask(tiles.shape)] = T.wall
    return tiles


POOLS_ASKED = [("lake", 6), ("chasm", 6), ("meadow", 4)]
# Same map, seed and request: the same tiles everywhere. After a deliberate change to the pools,
# print the new digests with `python -c "from tests.test_terrain import golden_pools; golden_pools()"`.
GOLDEN_POOLS = {
    ("cave", 1, 8): ("065e6631fc38148cab87c1d3a260d38dac4e1ea76e0addcd4b0f4d3f85fdba71",
                     {"lake": 6, "chasm": 6, "meadow": 4, "bridges": 33}),
    ("cave", 2, 4): ("36ba394e08d5bf8f1a378a92997a27232f52fb7a06a7bb0a9da05769ca10ec33",
                     {"lake": 6, "chasm": 6, "meadow": 4, "bridges": 35}),
    ("open", 5, 8): ("e1e01cfaf5bdc5f9fe8078a4ae05809f8f0f6622b8d84239b0b17db41cba5f0b",
                     {"lake": 3, "chasm": 3, "meadow": 1, "bridges": 0}),
}


def _golden_pools_map(where, seed, connectivity):
    """A cave (walled) or a 12 x 30 floor with no wall round it, where windows meet the map's edge."""
    if where == "cave":
        tiles = cave(seed)
        return tiles, laid(tiles, seed, POOLS_ASKED, connectivity)
    tiles = open_ground(12, 30, walled=False)
    return tiles, laid(tiles, seed, [("lake", 3), ("chasm", 3), ("meadow", 2)], connectivity)


def golden_pools():
    import hashlib
    for key in GOLDEN_POOLS:
        tiles, info = _golden_pools_map(*key)
        print(f"    {key!r}: (\"{hashlib.sha256(tiles.tobytes()).hexdigest()}\",\n        {info!r}),")


@pytest.mark.parametrize("key", list(GOLDEN_POOLS))
def test_pools_golden_digests_are_the_same_tiles_everywhere(key):
    """Lakes, chasms and meadows on two caves (8- and 4-way ways kept, bridges laid) and on open
    floor to the map's edge: the tiles and the counts, pinned; every bridge counted is on the map."""
    import hashlib
    tiles, info = _golden_pools_map(*key)
    digest, counts = GOLDEN_POOLS[key]
    assert (hashlib.sha256(tiles.tobytes()).hexdigest(), info) == (digest, counts)
    assert info["bridges"] == int(np.count_nonzero(tiles == T.bridge))


@pytest.mark.parametrize("seed", range(6))
def test_a_lakes_deep_water_is_ringed_by_shallows_on_open_ground(seed):
    """The core takes only cells whose every neighbour is in the blob (or no ground: the wall), so
    deep water never touches the floor: shallows (the rim) lie between."""
    tiles = open_ground()
    kind = terrain.PoolKind(T.deep_water, T.shallow_water, (4, 4), True, 1.0)
    assert terrain._one_pool(tiles, np.random.default_rng(seed), kind, np.zeros(tiles.shape, bool), None, 8)
    deep = tiles == T.deep_water
    assert deep.any() and (tiles == T.shallow_water).any()
    assert not (grid.dilate(deep) & (tiles == T.floor)).any()


def test_pools_report_progress_for_every_pool_asked_laid_or_not():
    """One event a pool, in order, under the stage asked ("final" by default) with its preview;
    lakes skipped by a budget of 0 are counted too."""
    from worldgen.core.steps import finish_with_events
    keep = np.zeros((40, 60), bool)
    info, events = finish_with_events(terrain.pools(open_ground(), np.random.default_rng(1),
                                                    [("lake", 3), ("meadow", 1)], keep, budget=0))
    assert (info["lake"], info["meadow"]) == (0, 1)
    assert [(e.stage, e.done, e.preview) for e in events] == [("final", k / 4, None) for k in range(1, 5)]
    shown = object()
    _, events = finish_with_events(terrain.pools(open_ground(), np.random.default_rng(1), [("meadow", 2)], keep,
                                                 stage="terrain", shown=shown))
    assert [(e.stage, e.done) for e in events] == [("terrain", 0.5), ("terrain", 1.0)]
    assert all(e.preview is shown for e in events)


def test_the_blocking_budget_counts_every_blocking_cell_laid_so_far():
    """Three lakes with a budget of exactly the first two lakes' deep water: the third is skipped."""
    from worldgen.core.steps import finish
    keep = np.zeros((40, 60), bool)
    two = open_ground()
    assert finish(terrain.pools(two, np.random.default_rng(11), [("lake", 2)], keep))["lake"] == 2
    cells = int(np.count_nonzero(two == T.deep_water))
    info = finish(terrain.pools(open_ground(), np.random.default_rng(11), [("lake", 3)], keep, budget=cells))
    assert info["lake"] == 2


def _box_map():
    """8 x 8 of wall with one 3 x 3 of floor (rows and columns 3 to 5) and lone floor cells."""
    tiles = np.full((8, 8), T.wall, np.uint8)
    tiles[3:6, 3:6] = T.floor
    tiles[2, 2] = tiles[2, 6] = tiles[6, 2] = T.floor
    return tiles


@pytest.mark.parametrize("seed", range(5))
def test_a_pool_centre_is_the_one_cell_with_ground_all_round_it_clear_of_the_start(seed):
    """At margin 3 the 40 probes fall on the four cells (3..4, 3..4); those whose 3 x 3 holds
    wall, lone floor or the start at (2, 2) are passed over, and the box's centre is taken."""
    keep = np.zeros((8, 8), bool)
    keep[2, 2] = True
    assert terrain._probe(_box_map(), np.random.default_rng(seed), keep, 3) == (4, 4)


@pytest.mark.parametrize("where", ["all wall", "start inside the box"])
def test_no_pool_centre_where_no_cell_has_ground_all_round_clear_of_the_start(where):
    tiles, keep = _box_map(), np.zeros((8, 8), bool)
    if where == "all wall":
        tiles[:] = T.wall
    else:
        keep[3, 5] = True
    assert terrain._probe(tiles, np.random.default_rng(0), keep, 3) is None


def test_the_larger_piece_of_a_split_region_comes_first_ties_to_the_lower_label():
    labels = np.array([[1, 1, 1, 1, 1]])
    assert terrain._split_region(labels, np.array([[1, 0, 2, 2, 2]])) == (2, 1)
    assert terrain._split_region(labels, np.array([[1, 1, 0, 2, 2]])) == (1, 2)
    assert terrain._split_region(labels, np.array([[3, 0, 2, 2, 0]])) == (2, 3)


def test_regions_that_each_stay_whole_are_not_split():
    """Three regions (labels 1, 2, 3), each still one piece: no region was split, whatever its
    label (a piece of another region is not a piece of this one)."""
    labels = np.array([[1, 0, 2, 0, 3, 3]])
    assert terrain._split_region(labels, np.array([[1, 0, 2, 0, 3, 3]])) is None
    assert terrain._split_region(labels, np.array([[1, 0, 2, 0, 3, 0]])) is None


def _corridor(axis: int) -> np.ndarray:
    """A corridor 7 long, one cell wide, walled either side: every inner cell a chokepoint."""
    tiles = np.full((7, 3) if axis == 0 else (3, 7), T.wall, np.uint8)
    if axis == 0:
        tiles[:, 1] = T.floor
    else:
        tiles[1, :] = T.floor
    return tiles


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("what", ["door", "start"])
@pytest.mark.parametrize("step, laid", [(-2, 1), (-1, 0), (1, 0), (2, 1)])
def test_a_door_keeps_one_cell_from_another_door_and_from_the_start_and_two_is_enough(axis, what, step, laid):
    """Only the corridor's middle cell is allowed (``where``): a door or the start one cell from
    it (either side, along or across the map) forbids the door there; two cells away does not."""
    tiles = _corridor(axis)
    keep = np.zeros(tiles.shape, bool)
    other = (3 + step, 1) if axis == 0 else (1, 3 + step)
    if what == "door":
        tiles[other] = T.door
    else:
        keep[other] = True
    middle = (3, 1) if axis == 0 else (1, 3)
    for seed in range(4):  # the middle is among the 40 probes, after others passed over
        t = tiles.copy()
        n = terrain.doors(t, np.random.default_rng(seed), 1, keep, where=lambda y, x: (y, x) == middle)
        assert n == laid and (t[middle] == T.door) == bool(laid)
        assert np.count_nonzero(t == T.door) == laid + (what == "door")


def test_half_a_pool_per_map_rounds_up_to_one_and_less_to_none():
    assert terrain.plan({"lake": 1.0}, 500) == [("lake", 1)]
    assert terrain.plan({"lake": 1.0}, 499) == []


def test_a_pool_plan_cut_keeps_a_kind_cut_to_exactly_one():
    """2 lakes and 2 meadows at most 3: each 2 * 3 // 4 = 1, kept (a kind goes only at 0)."""
    assert terrain.plan({"lake": 2.0, "meadow": 2.0}, 1000, most=3) == [("lake", 1), ("meadow", 1)]


@pytest.mark.parametrize("axis", [0, 1])
def test_a_bridge_between_two_equal_ways_takes_the_one_tried_first_up_before_down_left_before_right(axis):
    """The pool forks round a rock into two ways of three cells to the goal: steps are tried up,
    down, left, right, so from a start above the fork the left way is laid, from a start to its
    left the upper one (the same bridge on every platform)."""
    start, goal, water = (np.zeros((4, 3), bool) for _ in range(3))
    start[0, 1] = True
    goal[3, [0, 2]] = True
    water[1, :] = True
    water[2, [0, 2]] = True
    if axis == 1:   # the same fork on its side: the start at the left
        start, goal, water = start.T, goal.T, water.T
    path = terrain._crossing(start, goal, water)
    assert path == ([(2, 0), (1, 0), (1, 1)] if axis == 0 else [(0, 2), (0, 1), (1, 1)])
