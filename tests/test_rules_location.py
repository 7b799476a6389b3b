"""The game's view of a world (game/rules/world/location.py): a site's style,
theme, name and levels, a location's site lookup, step costs and passable
ground, where the player starts, and the world a name makes."""

import numpy as np
import pytest

from worldgen.core import seeding
from worldgen.core.registry import Progress, Stage
from worldgen.core.tiles import T
from worldgen.generators.world import World

from game.rules.content import level_params, level_style, move_cost_array, style_for, theme_of
from game.rules.world.location import LocationData, SiteData, WorldMap, _start_cell

LAND = (T.grass, T.forest, T.hills, T.sand, T.swamp, T.desert)


def site(k=0, terrain=T.grass, x=1, y=1, world="Siteland"):
    return SiteData(k, x, y, int(terrain), f"{world}:0:{k}")


def themed(plain: bool) -> SiteData:
    for k in range(300):
        s = site(k)
        if (s.theme.name == "plain") == plain:
            return s
    raise AssertionError("no such site in 300 seeds")


# -- a site ------------------------------------------------------------------------------------------------------
def test_a_sites_style_is_its_terrains_and_its_theme_and_levels_come_from_its_seed():
    for terrain in LAND:
        s = site(3, terrain)
        assert s.style == style_for(terrain)
        assert s.seed_int() == seeding.seed_from_text(s.seed)
        assert s.theme == theme_of(s.seed_int())
        assert [s.level_style(d) for d in (1, 2, 3)] == [level_style(s.seed_int(), s.style, d) for d in (1, 2, 3)]
        for last in (False, True):
            assert s.level_params(s.style, last) == level_params(s.theme, s.style, last)


def test_sites_of_other_seeds_differ():
    assert site(1).seed_int() != site(2).seed_int()
    assert len({site(k).theme.name for k in range(300)}) > 1


def test_a_plain_site_is_named_by_its_style_and_a_themed_one_by_theme_and_style():
    s = themed(plain=True)
    assert s.describe() == f"a {s.style} dungeon"
    s = themed(plain=False)
    article = "an" if s.theme.name[0] in "aeiou" else "a"
    assert s.describe() == f"{article} {s.theme.name} {s.style} dungeon"


def test_a_site_named_by_a_vowel_takes_an():
    infested = next(s for s in map(site, range(300)) if s.theme.name == "infested")
    assert infested.describe() == f"an infested {infested.style} dungeon"


# -- a location --------------------------------------------------------------------------------------------------
def test_a_location_knows_which_site_stands_on_each_cell():
    tiles = np.full((4, 5), T.grass, dtype=np.uint8)
    loc = LocationData(0, "Here", tiles, [site(0, x=1, y=2), site(1, x=4, y=0)], (0, 0))
    expect = np.full((4, 5), -1)
    expect[2, 1], expect[0, 4] = 0, 1
    assert (loc.site_at == expect).all()


def test_a_locations_step_costs_and_passable_ground_are_its_tiles_but_every_site_may_be_entered():
    tiles = np.array([[T.grass, T.forest, T.mountain, T.deep_water]], dtype=np.uint8)
    cost = move_cost_array()
    loc = LocationData(0, "Here", tiles, [site(0, T.mountain, x=2, y=0)], (0, 0))
    assert (loc.cost == cost[tiles]).all()
    assert loc.passable.tolist() == [[cost[T.grass] > 0, cost[T.forest] > 0, True, cost[T.deep_water] > 0]]
    assert cost[T.mountain] == 0 and cost[T.deep_water] == 0 and cost[T.grass] > 0


# -- where the player starts ------------------------------------------------------------------------------------
def open_map(h=7, w=9):
    return LocationData(0, "Here", np.full((h, w), T.grass, dtype=np.uint8), [], (0, 0))


def test_the_start_is_the_hint_when_it_can_be_stood_on():
    loc = open_map()
    assert _start_cell(loc, (2, 5)) == (2, 5)
    assert _start_cell(loc, np.array([[0, 0]])) == (0, 0)
    assert _start_cell(loc, (8, 6)) == (8, 6)


@pytest.mark.parametrize("hint", [None, (-1, 3), (9, 3), (3, -1), (3, 7)])
def test_with_no_hint_or_one_off_the_map_the_start_is_the_passable_cell_nearest_the_centre(hint):
    loc = open_map()
    loc.tiles[3, 4] = T.mountain
    loc = LocationData(0, "Here", loc.tiles, [], (0, 0))
    assert _start_cell(loc, hint) == (4, 2)  # the centre (4, 3) is a mountain: the first nearest, row order


def test_a_hint_on_blocked_ground_gives_the_cell_nearest_the_centre_of_the_largest_region():
    tiles = np.full((7, 9), T.mountain, dtype=np.uint8)
    tiles[3, 4] = T.grass  # a lone cell at the centre
    tiles[5:7, 5:9] = T.grass  # the largest region, off centre
    loc = LocationData(0, "Here", tiles, [], (0, 0))
    assert _start_cell(loc, (1, 1)) == (5, 5)
    assert _start_cell(loc, (4, 3)) == (4, 3)  # the hint itself can be stood on


def test_the_start_nearest_the_centre_is_by_straight_line_distance_then_row_order():
    tiles = np.full((9, 9), T.mountain, dtype=np.uint8)
    tiles[:, 8] = tiles[8, :] = T.grass  # the right column and the bottom row
    loc = LocationData(0, "Here", tiles, [], (0, 0))
    assert _start_cell(loc, None) == (8, 4)  # (8, 4) and (4, 8) are as near: the upper first
    tiles[8, 4] = T.mountain
    tiles[7, 3:8] = T.grass
    loc = LocationData(0, "Here", tiles, [], (0, 0))
    assert _start_cell(loc, None) == (4, 7)  # 3 rows below the centre: nearer than 4 columns right


def test_the_largest_region_counts_diagonal_steps():
    tiles = np.full((9, 9), T.mountain, dtype=np.uint8)
    tiles[0, 0] = tiles[1, 1] = tiles[2, 2] = T.grass  # three cells joined corner to corner
    tiles[8, 7] = tiles[8, 8] = T.grass  # two side by side, farther from the centre
    loc = LocationData(0, "Here", tiles, [], (0, 0))
    assert _start_cell(loc, None) == (2, 2)


def test_a_map_with_no_passable_cell_starts_at_its_centre():
    tiles = np.full((7, 9), T.mountain, dtype=np.uint8)
    loc = LocationData(0, "Here", tiles, [], (0, 0))
    assert _start_cell(loc, (1, 1)) == (4, 3)


# -- the world -------------------------------------------------------------------------------------------------
def test_a_worlds_name_key_seed_and_locations_are_the_generators():
    w, ref = WorldMap("Siteland", "small"), World.from_name("Siteland", size="small")
    assert (w.name, w.key, w.seed, w.n_locations) == (ref.name, ref.key, ref.seed, ref.n_locations)
    assert [w.location_name(i) for i in range(w.n_locations)] == [ref.location_name(i) for i in range(ref.n_locations)]
    assert [w.sites_to_unlock(n) for n in (1, 20, 100)] == [ref.sites_to_unlock(n) for n in (1, 20, 100)]
    assert isinstance(w.n_locations, int) and isinstance(w.location_name(0), str)


@pytest.mark.parametrize("size", ["huge", "", "SMALL"])
def test_a_size_the_world_does_not_know_is_medium(size):
    assert WorldMap("Siteland", size)._world.size == "medium"
    assert WorldMap("Siteland", "small")._world.size == "small"


def test_a_name_the_world_refuses_is_an_error_for_the_player():
    with pytest.raises(ValueError):
        WorldMap("")


def test_a_location_is_charted_in_stages_then_given_whole():
    w = WorldMap("Siteland", "small")
    items = list(w.location_iterator(1))
    *steps, data = items
    assert steps and all(isinstance(x, (Progress, Stage)) for x in steps)
    assert any(isinstance(x, Stage) for x in steps)
    ref = w._world.location(1)
    assert isinstance(data, LocationData) and data.index == 1 and data.name == str(ref.name)
    assert data.tiles.dtype == np.uint8 and (data.tiles == ref.tiles).all()
    assert [(s.index, s.x, s.y, s.terrain, s.seed) for s in data.sites] == \
        [(i, int(s.x), int(s.y), int(s.tile), str(s.seed)) for i, s in enumerate(ref.sites)]
    assert data.start == _start_cell(data, ref.start) and data.passable[data.start[1], data.start[0]]
