"""Vaults at their edges (worldgen.toolkit.vaults): where a box may stand (one cell of rock
from every edge, its entrance on the one ground cell outside it, never on a kept cell, never
on another vault), the tiles and roles a plan writes, the window searched on a big map, a
locked vault's key, the designs tried, the progress shown and the parameter.  The designs
carved behind one reachable door, on a hall and on the dressed generators, are in
tests/test_terrain.py."""

import numpy as np
import pytest

from worldgen.core.steps import finish_with_events
from worldgen.core.tiles import T
from worldgen.toolkit import vaults

#: One character per tile the tests draw: ``_`` the ground outside, ``+`` a door, ``^`` a trap.
CHAR = {T.wall: "#", T.floor: "_", T.vault_floor: ".", T.bookshelf: "B", T.altar: "A", T.door: "+",
        T.vault_door: "D", T.trap: "^"}


def picture(tiles: np.ndarray) -> list[str]:
    return ["".join(CHAR[int(t)] for t in row) for row in tiles]


def rock(h: int, w: int, *ground: tuple[int, int]) -> np.ndarray:
    """Solid rock ``h`` by ``w`` with ground on the ``(y, x)`` cells given."""
    tiles = np.full((h, w), T.wall, np.uint8)
    for cell in ground:
        tiles[cell] = T.floor
    return tiles


def halls(h: int, w: int) -> np.ndarray:
    """Rock crossed by halls two rows high every 12 rows, each from edge to edge: room for a vault
    above or below a hall anywhere, and none facing sideways (no hall ends in the rock)."""
    tiles = np.full((h, w), T.wall, np.uint8)
    for y in range(6, h - 1, 12):
        tiles[y:y + 2, :] = T.floor
    return tiles


# -- where a box may stand --------------------------------------------------------------------
@pytest.mark.parametrize("ground, door", [((6, 4), [4, 5]), ((0, 4), [4, 1]),
                                          ((6, 3), None), ((6, 5), None), ((5, 4), None), ((1, 4), None)])
def test_a_vault_keeps_a_cell_of_rock_from_each_map_edge_and_opens_on_the_ground_cell(ground, door):
    """Rock 7 by 9 takes the cage (5 by 7) only at (1, 1): with its one ground cell just below or
    above the middle of that box the entrance opens onto it; a ground cell one step left, right
    or inward asks for a box touching the map's left, right, top or bottom edge: no vault."""
    tiles = rock(7, 9, ground)
    records = vaults.carve(tiles, np.random.default_rng(3), ["cage"])
    assert [r["door"] for r in records] == ([door] if door else [])
    if door:
        assert records[0]["box"] == [1, 1, 7, 5]
        assert tiles[ground] == T.floor    # the ground outside stays ground


@pytest.mark.parametrize("shape, carved", [((10, 7), True), ((9, 7), False), ((10, 6), False)])
def test_a_trapped_corridor_plan_8_by_5_fits_rock_10_by_7_and_not_a_row_or_column_less(shape, carved):
    """A plan taller than wide in rock taller than wide: each side is checked against its own
    side of the map (plan rows + 2 against map rows, plan columns + 2 against map columns)."""
    tiles = rock(*shape, (0, 3))
    records = vaults.carve(tiles, np.random.default_rng(1), ["trapped"])
    assert [r["box"] for r in records] == ([[1, 1, 5, 8]] if carved else [])


@pytest.mark.parametrize("shape, ground", [((4, 30), np.s_[2, :]), ((30, 4), np.s_[:, 2]),
                                           ((6, 30), np.s_[5, :]), ((30, 6), np.s_[:, 5])])
def test_a_map_too_thin_for_every_plan_gets_no_vault_and_no_error(shape, ground):
    """Rock thinner than any plan (4 cells: every plan is at least 5 by 7) or than any plan and its
    margins (6 cells), with ground along it: every design and turn is tried and none is carved."""
    tiles = np.full(shape, T.wall, np.uint8)
    tiles[ground] = T.floor
    before = tiles.copy()
    for seed in range(4):
        assert vaults.carve(tiles, np.random.default_rng(seed), list(vaults.DESIGNS)) == []
    assert np.array_equal(tiles, before)


def test_a_second_vault_never_takes_the_rock_of_the_first():
    """Rock 7 by 9 has room for one cage; rock 7 by 16 with ground below x 4 and 11 for two, side
    by side (boxes at x 1 and 8), and a third finds none."""
    assert len(vaults.carve(rock(7, 9, (6, 4)), np.random.default_rng(0), ["cage", "cage"])) == 1
    tiles = rock(7, 16, (6, 4), (6, 11))
    boxes = sorted(r["box"] for r in vaults.carve(tiles, np.random.default_rng(0), ["cage", "captive", "cage"]))
    assert boxes == [[1, 1, 7, 5], [8, 1, 7, 5]]


def test_a_kept_cell_is_never_an_entrances_ground():
    """A hall every cell of which is kept but one: each vault's entrance opens onto that cell;
    with the whole hall kept no vault is carved."""
    for seed in range(6):
        tiles = halls(30, 40)
        keep = tiles == T.floor
        keep[6, 17] = False
        (r,) = vaults.carve(tiles, np.random.default_rng(seed), ["library"], keep)
        assert r["door"] == [17, 5]
        tiles = halls(30, 40)
        assert vaults.carve(tiles, np.random.default_rng(seed), ["library"], tiles == T.floor) == []


# -- what a plan writes -----------------------------------------------------------------------
@pytest.mark.parametrize("design", vaults.DESIGNS)
def test_every_plan_is_a_rectangle_of_known_cells_with_one_entrance_in_its_bottom_row(design):
    door_tile, plan = vaults.PLANS[design]
    assert len({len(row) for row in plan}) == 1
    assert "".join(plan).count("D") == plan[-1].count("D") == 1
    assert set("".join(plan)) - {"D"} <= set(vaults.LEGEND)
    assert door_tile in (T.door, T.vault_door)


@pytest.mark.parametrize("ground, drawn, door, scrolls", [
    ((6, 4), ["#########", "#########", "##BBABB##", "##.....##", "##.....##", "####+####", "####_####"],
     [4, 5], [[2, 4], [4, 4], [6, 4]]),
    ((0, 4), ["####_####", "####+####", "##.....##", "##.....##", "##BBABB##", "#########", "#########"],
     [4, 1], [[2, 2], [4, 2], [6, 2]]),
])
def test_a_library_is_its_plan_as_drawn_or_turned_half_round_with_its_scrolls_recorded(ground, drawn, door, scrolls):
    """Facing down the plan is carved as drawn; facing up, turned half round, its roles turned too."""
    tiles = rock(7, 9, ground)
    (r,) = vaults.carve(tiles, np.random.default_rng(0), ["library"])
    assert picture(tiles) == drawn
    assert r == {"design": "library", "door": door, "box": [1, 1, 7, 5], "items": scrolls}


def test_lurkers_wait_in_the_rock_and_traps_line_the_corridor_of_a_vault_facing_up():
    tiles = rock(7, 9, (0, 4))
    (r,) = vaults.carve(tiles, np.random.default_rng(0), ["ambush"])
    # the lurkers wait in the rock: recorded, not carved
    assert picture(tiles)[5] == "#########" and tiles[3, 1] == tiles[3, 7] == tiles[5, 4] == T.wall
    assert r == {"design": "ambush", "door": [4, 1], "box": [1, 1, 7, 5],
                 "lurkers": [[1, 3], [7, 3], [4, 5]], "items": [[4, 3]]}
    (r,) = vaults.carve(rock(10, 7, (0, 3)), np.random.default_rng(0), ["trapped"])
    assert r == {"design": "trapped", "door": [3, 1], "box": [1, 1, 5, 8],
                 "traps": [[3, 2], [3, 3], [3, 4], [3, 5]], "items": [[3, 7]]}


def test_a_vault_faces_a_hall_that_runs_up_and_down():
    """The module promises four ways: rock with one hall down its middle has room only beside it."""
    for seed in range(4):
        tiles = np.full((40, 40), T.wall, np.uint8)
        tiles[2:38, 18:22] = T.floor
        (r,) = vaults.carve(tiles, np.random.default_rng(seed), ["library"])
        (dx, dy), (_, _, w, h) = r["door"], r["box"]
        assert (w, h) == (5, 7) and dx in (17, 22) and tiles[dy, dx + (1 if dx == 17 else -1)] == T.floor


@pytest.mark.parametrize("ground, door", [((4, 6), [5, 4]), ((4, 0), [1, 4])])
def test_a_vault_turned_a_quarter_opens_on_the_ground_cell_beside_its_middle(ground, door):
    """Rock 9 by 7 takes the cage turned a quarter (7 by 5) only at (1, 1): its entrance opens onto
    the one ground cell, level with the box's middle row, to its right or its left."""
    records = vaults.carve(rock(9, 7, ground), np.random.default_rng(3), ["cage"])
    assert [(r["door"], r["box"]) for r in records] == [(door, [1, 1, 5, 7])]


# -- a big map: one window --------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(60, 200), (200, 60), (230, 250)])
def test_vaults_on_a_big_map_stand_on_its_rock_with_their_entrances_on_its_ground(shape):
    for seed in range(3):
        tiles = halls(*shape)
        before = tiles.copy()
        records = vaults.carve(tiles, np.random.default_rng(seed), list(vaults.DESIGNS))
        assert len(records) == len(vaults.DESIGNS)
        inside = np.zeros(shape, bool)
        for r in records:
            (dx, dy), (x, y, w, h) = r["door"], r["box"]
            assert (before[y:y + h, x:x + w] == T.wall).all() and not inside[y:y + h, x:x + w].any()
            inside[y:y + h, x:x + w] = True
            assert tiles[dy, dx] == vaults.PLANS[r["design"]][0]
            assert before[dy + (1 if dy == y + h - 1 else -1), dx] == T.floor
        assert np.array_equal(tiles[~inside], before[~inside])


#: (design, door) of each vault and the locked vault's key, from seed 2 on halls(h, w): a window of
#: at most WINDOW cells a side drawn for each design (seed 2 draws window corners that a range one
#: wider or narrower would draw differently).  After a deliberate change, print
#: [(r["design"], r["door"]) for r in records] and the keys, and paste.
BIG = {
    (60, 200): ([("locked", [92, 20]), ("cage", [39, 41]), ("captive", [115, 8]), ("flooded", [110, 29]),
                 ("ambush", [90, 29]), ("library", [129, 8]), ("trapped", [171, 32]), ("guardian", [40, 29])],
                [[50, 30]]),
    (200, 60): ([("locked", [20, 68]), ("cage", [45, 89]), ("captive", [24, 104]), ("flooded", [41, 101]),
                 ("ambush", [20, 125]), ("library", [36, 68]), ("trapped", [38, 152]), ("guardian", [13, 53])],
                [[6, 115]]),
    (230, 250): ([("locked", [113, 116]), ("cage", [202, 149]), ("captive", [107, 32]), ("flooded", [46, 101]),
                  ("ambush", [228, 125]), ("library", [167, 152]), ("trapped", [107, 101]), ("guardian", [195, 209])],
                 [[94, 103]]),
}


@pytest.mark.parametrize("shape", sorted(BIG))
def test_vaults_on_a_big_map_are_the_same_from_the_same_seed_pinned(shape):
    records = vaults.carve(halls(*shape), np.random.default_rng(2), list(vaults.DESIGNS))
    placed, key = BIG[shape]
    assert [(r["design"], r["door"]) for r in records] == placed
    assert [r["key"] for r in records if "key" in r] == [key]


# -- a locked vault's key ---------------------------------------------------------------------
def test_with_no_ground_key_distance_away_the_key_lies_on_the_ground_nearest_the_door():
    """Door at x 10, y 2; ground at (5, 0), (7, 1) and (12, 4), 5, 3 and 2 cells away (the longer
    axis): the last, neither the first found nor the nearest along one axis alone."""
    tiles = rock(6, 13, (0, 5), (1, 7), (4, 12))
    for seed in range(3):
        assert vaults._key_cell(tiles, np.random.default_rng(seed), [10, 2]) == [[12, 4]]


def test_a_key_is_drawn_from_the_whole_map_pinned():
    """Rock 40 by 80 with a hall across: the keys of seeds 0 to 3 (the probes of the whole map,
    the first on ground far enough from the door).  After a deliberate change, print and paste."""
    tiles = rock(40, 80)
    tiles[18:22, 2:78] = T.floor
    keys = [vaults._key_cell(tiles, np.random.default_rng(seed), [40, 17]) for seed in range(4)]
    assert keys == [[[26, 20]], [[52, 20]], [[20, 20]], [[16, 19]]]
    for [[x, y]] in keys:
        assert tiles[y, x] in vaults.GROUND and max(abs(x - 40), abs(y - 17)) >= vaults.KEY_DISTANCE



# -- the designs tried, the progress, the parameter, the points --------------------------------
@pytest.mark.parametrize("seed, amount, tried", [(0, 1.5, ["library"]), (2, 1.5, ["captive", "locked"]),
                                                 (2, 0.5, ["captive"]), (0, 0.5, []), (2, 2.0, ["captive", "locked"])])
def test_the_fraction_of_an_amount_of_vaults_is_one_more_on_a_coin(seed, amount, tried):
    """The coin is the stream's first draw: 0.637 for seed 0 (above a half: no extra vault), 0.262
    for seed 2 (below: one more); a whole amount adds none whatever the coin."""
    assert vaults.pick_designs(np.random.default_rng(seed), amount) == tried


def test_every_design_is_tried_once_before_any_is_tried_twice():
    tried = vaults.pick_designs(np.random.default_rng(0), 10.0)
    assert sorted(tried[:8]) == sorted(vaults.DESIGNS) and tried[8:] == tried[:2]
    assert tried[:3] == ["library", "flooded", "captive"]


def test_carving_yields_the_share_of_the_designs_tried_after_each():
    """One yield a design, whether it was carved or found no room (the last two here)."""
    tiles = rock(7, 9, (6, 4))
    records, shares = finish_with_events(vaults.carve_steps(tiles, np.random.default_rng(0),
                                                            ["cage", "locked", "library"]))
    assert [r["design"] for r in records] == ["cage"]
    assert shares == [1 / 3, 2 / 3, 1.0]


def test_the_vaults_parameter_runs_0_to_8_and_is_off_by_default():
    # Read at import into each generator's parameters: call it here, where a change to it shows.
    field = vaults.count_param()
    assert field.default == 0.0
    assert (field.metadata["lo"], field.metadata["hi"]) == (0.0, 8.0)
    assert field.metadata["help"] == ("vaults (special rooms, worldgen.toolkit.vaults) tried per map: 1.5 is one "
                                      "or two, 0 (the default: the game asks for them) none")


def test_vault_points_are_int64_pairs_even_when_there_are_none():
    points = vaults.points_of([])
    assert {k: (p.shape, p.dtype) for k, p in points.items()} == {"captives": ((0, 2), np.int64),
                                                                 "keys": ((0, 2), np.int64)}
    points = vaults.points_of([{"design": "captive", "captive": [[3, 4]]}, {"design": "locked", "key": [[5, 6]]}])
    assert points["captives"].tolist() == [[3, 4]] and points["keys"].tolist() == [[5, 6]]
    assert points["captives"].dtype == points["keys"].dtype == np.int64
