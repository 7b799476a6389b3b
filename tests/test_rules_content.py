"""The pure functions of the content tables (``game.rules.content``): the
danger tier, the relic's site and the last location, a find drawn by
category and tier, a monster drawn by weight, the costs of terrain, a
site's theme and each level's style and parameters.  Each roll written out
with ``tests/minds.py``'s ``Rolls``; every value read from the tables."""

from dataclasses import replace

import numpy as np
import pytest

from game.rules.content import (CAPTIVE_KINDS, ITEMS, MONSTERS, RELIC_BOSSES, RESOURCES_BY_TERRAIN,
                                STYLE_BY_TERRAIN, THEMES, dungeons, level_params, level_style, monster_xp, pick_captive,
                                pick_item, pick_monster, pick_relic_boss, relic_site, style_for, theme_of, tier_of)
from game.rules.content import items as item_table
from game.rules.content import themes as theme_table
from game.rules.content.terrain import DEFAULT_STYLE, MOVE_COST, move_cost_array
from worldgen.core import registry, seeding
from worldgen.core.tiles import TILES, T

from minds import Rolls


# -- dungeons -------------------------------------------------------------------------------------
def test_each_level_down_and_each_location_raise_the_tier():
    assert tier_of(1, 0) == tier_of(1, 1) == 4 and tier_of(1, 2) == 5 and tier_of(1, 5) == 8
    assert tier_of(2, 3) == 2 + 2 * dungeons.TIERS_PER_LOCATION


def test_the_first_island_grows_a_tier_every_other_level():
    """A newcomer's island: its sites' fourth levels are at tier 1, where
    divers met goblin archers, packs and drummers at tier 3 and 30% died."""
    assert [tier_of(0, d) for d in range(0, 7)] == [0, 0, 0, 1, 1, 2, 2]
    assert tier_of(1, 1) == dungeons.TIERS_PER_LOCATION  # the next island starts where it did


def test_the_relic_is_in_the_last_site():
    assert relic_site(5) == 4 and relic_site(1) == 0


def test_the_last_location_is_the_worlds_unless_a_test_sets_another(monkeypatch):
    assert dungeons.final_location(10) == 9
    monkeypatch.setattr(dungeons, "FINAL_LOCATION", 3)
    assert dungeons.final_location(10) == 3
    monkeypatch.setattr(dungeons, "FINAL_LOCATION", 12)
    assert dungeons.final_location(10) == 9


# -- items ------------------------------------------------------------------------------------------
CATEGORIES = item_table._ITEM_CATEGORIES
TOTAL = sum(w for _, w in CATEGORIES)
DEEP = max(k.tier for k in ITEMS)


def category_bounds():
    """Each category with the first and last roll that draws it."""
    start = 0
    for cat, weight in CATEGORIES:
        yield cat, start, start + weight - 1
        start += weight


@pytest.mark.parametrize(("cat", "first", "last"), list(category_bounds()))
def test_a_find_is_of_a_category_drawn_by_its_weight(cat, first, last):
    for roll in (first, last):
        rolls = Rolls(ints=[roll, 1, 0, 0])
        kind = pick_item(rolls, DEEP, int(T.grass))
        assert rolls.ranges[0] == (0, TOTAL)
        assert kind.kind == cat, (roll, kind.id)


def resource_roll() -> int:
    return next(first for cat, first, _ in category_bounds() if cat == "resource")


def test_a_resource_is_the_sites_terrains_first_three_times_in_four():
    first, second = RESOURCES_BY_TERRAIN[int(T.grass)]
    for roll, want in ((0, first), (2, first), (3, second)):
        rolls = Rolls(ints=[resource_roll(), roll])
        assert pick_item(rolls, 0, int(T.grass)).id == want and rolls.ranges[1] == (0, 4)


def test_a_resource_on_a_terrain_without_its_own_is_hide_or_iron_ore():
    bare = next(int(t.id) for t in TILES if int(t.id) not in RESOURCES_BY_TERRAIN)
    assert pick_item(Rolls(ints=[resource_roll(), 0]), 0, bare).id == "hide"
    assert pick_item(Rolls(ints=[resource_roll(), 3]), 0, bare).id == "iron_ore"


def roll_of(cat: str) -> int:
    return next(first for c, first, _ in category_bounds() if c == cat)


def test_a_potion_is_healing_one_time_in_four_and_a_big_one_half_of_those_deep_down():
    assert pick_item(Rolls(ints=[roll_of("potion"), 0]), 0, 0).id == "potion"
    assert pick_item(Rolls(ints=[roll_of("potion"), 0, 1]), 4, 0).id == "potion"  # not deep enough
    assert pick_item(Rolls(ints=[roll_of("potion"), 0, 1]), 5, 0).id == "big_potion"
    assert pick_item(Rolls(ints=[roll_of("potion"), 0, 0]), 5, 0).id == "potion"
    rolls = Rolls(ints=[roll_of("potion"), 0, 1])
    pick_item(rolls, 3, 0)
    assert rolls.ranges[1:] == [(0, 4)]


def test_from_the_second_island_healing_is_one_potion_in_five_and_never_the_even_draw():
    """Scarcity (rules 15): from the second island's first tier on (to the
    sixth's last, rules 16), healing only by its own roll, one time in five;
    the first island as before."""
    scarce = item_table.SCARCE_FROM_TIER
    assert scarce == dungeons.TIERS_PER_LOCATION
    rolls = Rolls(ints=[roll_of("potion"), 0])
    assert pick_item(rolls, scarce, 0).id == "potion" and rolls.ranges[1:] == [(0, 5)]
    rolls = Rolls(ints=[roll_of("potion"), 0, 1])
    assert pick_item(rolls, DEEP, 0).id == "big_potion" and rolls.ranges[1:] == [(0, 5), (0, 2)]
    for tier in (scarce, DEEP):
        others = [k for k in ITEMS if k.kind == "potion" and k.tier <= tier and k.effect != "heal"]
        for i in range(len(others)):
            rolls = Rolls(ints=[roll_of("potion"), 1, i])
            assert pick_item(rolls, tier, 0) is others[i] and rolls.ranges[1:] == [(0, 5), (0, len(others))]
    able = [k for k in ITEMS if k.kind == "potion" and k.tier <= scarce - 1]
    assert pick_item(Rolls(ints=[roll_of("potion"), 1, 0]), scarce - 1, 0) is able[0]  # the even draw heals here


@pytest.mark.parametrize("tier, scarce", [(3, False), (4, True), (23, True), (24, False), (25, False), (45, False)])
def test_healing_is_one_potion_in_five_on_islands_two_to_six_one_in_four_elsewhere_and_even_only_on_the_first(
        tier, scarce):
    """Rules 16: the supply grows with the danger; from the seventh island's
    first tier (6 islands of 4 tiers) a potion heals one time in four again,
    and only the first island adds healing's even share of the rest."""
    assert item_table.PLENTY_FROM_TIER == 6 * dungeons.TIERS_PER_LOCATION == dungeons.tier_of(6, 1)
    assert item_table.healing_scarce(tier) is scarce
    rolls = Rolls(ints=[roll_of("potion"), 0, 0])
    assert pick_item(rolls, tier, 0).id == "potion"
    assert rolls.ranges[1] == (0, item_table.HEALING_ONE_IN_SCARCE if scarce else item_table.HEALING_ONE_IN)
    able = [k for k in ITEMS if k.kind == "potion" and k.tier <= tier]
    first = 1 + next(i for i, k in enumerate(able) if k.effect == "heal")  # the even draw's roll that heals
    drawn = pick_item(Rolls(ints=[roll_of("potion"), 1, first - 1]), tier, 0)
    assert (drawn.effect == "heal") is (tier < item_table.SCARCE_FROM_TIER)


def healing_share(tier: int) -> float:
    """The share of finds at ``tier`` that are healing potions, from the tables."""
    able = [k for k in ITEMS if k.kind == "potion" and k.tier <= tier]
    if tier >= item_table.SCARCE_FROM_TIER:  # by its own roll alone
        one_in = item_table.HEALING_ONE_IN_SCARCE if item_table.healing_scarce(tier) else item_table.HEALING_ONE_IN
        return dict(CATEGORIES)["potion"] / TOTAL / one_in
    even = sum(1 for k in able if k.effect == "heal") / len(able)
    one_in = item_table.HEALING_ONE_IN
    return dict(CATEGORIES)["potion"] / TOTAL * (1 / one_in + (1 - 1 / one_in) * even)


def test_healing_is_under_one_find_in_twenty_five_on_islands_two_to_six():
    """One find in 28 on islands 2 to 6 (one in 15 at rules 13)."""
    shares = [healing_share(tier) for tier in range(item_table.SCARCE_FROM_TIER, item_table.PLENTY_FROM_TIER)]
    assert max(shares) < 1 / 25 and max(shares) < min(healing_share(t) for t in range(item_table.SCARCE_FROM_TIER))


def test_healing_grows_to_one_find_in_twenty_two_from_the_seventh_island_below_the_firsts():
    """Rules 16: more than on islands 2 to 6, less than on the first (one in 9 to 17)."""
    late = [healing_share(tier) for tier in range(item_table.PLENTY_FROM_TIER, 46)]
    assert min(late) == max(late) and 1 / 23 < late[0] < 1 / 22
    assert late[0] > healing_share(item_table.PLENTY_FROM_TIER - 1)
    assert late[0] < min(healing_share(t) for t in range(item_table.SCARCE_FROM_TIER))


def test_a_scroll_is_enchanting_one_time_in_four():
    assert pick_item(Rolls(ints=[roll_of("scroll"), 0]), 0, 0).id == "scroll_enchant"
    rolls = Rolls(ints=[roll_of("scroll"), 1, 0])
    assert pick_item(rolls, 0, 0).kind == "scroll" and rolls.ranges[1] == (0, 4)


@pytest.mark.parametrize("cat", ["potion", "scroll", "wand"])
def test_a_potion_scroll_or_wand_is_any_of_those_found_at_the_tier_evenly(cat):
    for tier in (0, DEEP):
        able = [k for k in ITEMS if k.kind == cat and k.tier <= tier
                and not (cat == "potion" and tier >= item_table.SCARCE_FROM_TIER and k.effect == "heal")]
        if not able:
            continue
        ints = [roll_of(cat)] + ([1] if cat in ("potion", "scroll") else []) + [len(able) - 1]
        rolls = Rolls(ints=ints)
        assert pick_item(rolls, tier, 0) is able[-1] and rolls.ranges[-1] == (0, len(able))


def test_a_category_with_nothing_found_this_shallow_gives_a_healing_potion():
    cat = next(c for c, _ in CATEGORIES if c != "resource" and min(k.tier for k in ITEMS if k.kind == c) > 0)
    assert pick_item(Rolls(ints=[roll_of(cat), 0]), 0, 0).id == "potion"


@pytest.mark.parametrize("cat", ["weapon", "ammo", "armour"])
def test_gear_is_one_of_the_best_three_found_at_the_tier(cat):
    able = [k for k in ITEMS if k.kind == cat and k.tier <= DEEP]
    top = able[-3:]
    for i in range(len(top)):
        rolls = Rolls(ints=[roll_of(cat), i])
        assert pick_item(rolls, DEEP, 0) is top[i] and rolls.ranges[1] == (0, len(top))


# -- monsters ------------------------------------------------------------------------------------------
def test_a_monster_is_drawn_by_weight_nearer_its_tier_likelier():
    tier = max(m.tier for m in MONSTERS if not m.relic_boss)
    able = [m for m in MONSTERS if m.tier <= tier and not m.relic_boss]
    weights = [max(1, 6 - (tier - m.tier)) for m in able]
    assert min(weights) == 1 and max(weights) == 6  # the farthest below count once, the tier's own six times
    start = 0
    for m, w in zip(able, weights):
        for roll in (start, start + w - 1):
            rolls = Rolls(ints=[roll])
            assert pick_monster(rolls, tier) is m and rolls.ranges == [(0, sum(weights))]
        start += w


def test_a_captive_is_a_kind_that_may_be_found_shackled_at_the_tier():
    tier = min(m.tier for m in CAPTIVE_KINDS)
    able = [m for m in CAPTIVE_KINDS if m.tier <= tier]
    rolls = Rolls(ints=[0])
    assert pick_captive(rolls, tier) is able[0] and rolls.ranges == [(0, 6 * len(able))]


def test_a_relic_is_guarded_by_any_relic_boss():
    for i, boss in enumerate(RELIC_BOSSES):
        rolls = Rolls(ints=[i])
        assert pick_relic_boss(rolls) is boss and rolls.ranges == [(0, len(RELIC_BOSSES))]


def test_a_kill_above_its_kinds_tier_gives_a_quarter_more_xp_per_tier_and_a_guardian_three_times():
    kind = next(m for m in MONSTERS if m.xp >= 4)
    assert monster_xp(kind, kind.tier) == kind.xp
    assert monster_xp(kind, kind.tier + 4) == kind.xp * 2
    assert monster_xp(kind, kind.tier + 1) == kind.xp + kind.xp // 4
    assert monster_xp(kind, kind.tier + 1, boss=True) == 3 * (kind.xp + kind.xp // 4)


# -- terrain ----------------------------------------------------------------------------------------------
def test_each_tiles_step_costs_what_the_table_says_one_if_unlisted_and_walkable_else_blocked():
    cost = move_cost_array()
    assert cost.dtype == np.int16 and len(cost) == len(TILES)
    for tile in TILES:
        listed = MOVE_COST.get(tile.id, 1 if tile.walkable else None)
        assert cost[tile.id] == (0 if listed is None else listed), tile.name
    unlisted = [t for t in TILES if t.id not in MOVE_COST]
    assert any(t.walkable for t in unlisted) and any(not t.walkable for t in unlisted)


def test_a_sites_style_is_its_terrains_or_rooms():
    for terrain, style in STYLE_BY_TERRAIN.items():
        assert style_for(terrain) == style
    bare = next(int(t.id) for t in TILES if int(t.id) not in STYLE_BY_TERRAIN)
    assert style_for(bare) == DEFAULT_STYLE


# -- themes ---------------------------------------------------------------------------------------------
def test_a_sites_theme_is_drawn_by_weight_from_its_seed():
    total = sum(t.weight for t in THEMES)
    seen = set()
    for seed in range(300):
        pick = int(seeding.rng(seed, "theme").integers(0, total))
        bounds = np.cumsum([t.weight for t in THEMES])
        assert theme_of(seed) is THEMES[int(np.searchsorted(bounds, pick, side="right"))]
        seen.add(theme_of(seed).name)
    assert seen == {t.name for t in THEMES}


def test_a_levels_style_is_the_sites_on_the_first_level_and_sometimes_another_deeper():
    others = [s.name for s in registry.all_specs() if s.kind == "dungeon" and s.name != "rooms"]
    changed = 0
    for seed in range(200):
        assert level_style(seed, "rooms", 1) == "rooms" and level_style(seed, "rooms", 0) == "rooms"
        rng = seeding.rng(seed, "level style", 2)
        want = "rooms" if rng.random() >= theme_table.OTHER_STYLE else others[int(rng.integers(0, len(others)))]
        assert level_style(seed, "rooms", 2) == want
        changed += want != "rooms"
        rng = seeding.rng(seed, "level style", 5)
        want = "rooms" if rng.random() >= theme_table.OTHER_STYLE else others[int(rng.integers(0, len(others)))]
        assert level_style(seed, "rooms", 5) == want
    assert 0 < changed < 200


def test_a_levels_parameters_are_the_base_terrain_scaled_by_the_theme_without_chasms_at_the_bottom():
    style = next(s.name for s in registry.all_specs() if s.kind == "dungeon"
                 and {"chasms", "lakes"} <= {p.name for p in s.param_specs})
    names = {p.name for p in registry.get(style).param_specs}
    for theme in THEMES:
        params = level_params(theme, style, False)
        assert set(params) == {n for n in theme_table.BASE_TERRAIN if n in names}
        for name, value in params.items():
            assert value == round(theme_table.BASE_TERRAIN[name] * theme.terrain.get(name, 1.0), 4)
        assert level_params(theme, style, True)["chasms"] == 0.0
        assert level_params(theme, style, True)["lakes"] == params["lakes"]
    odd = replace(THEMES[0], terrain={"lakes": 1 / 3})
    assert level_params(odd, style, False)["lakes"] == round(theme_table.BASE_TERRAIN["lakes"] / 3, 4)
    assert level_params(odd, style, False)["chasms"] == theme_table.BASE_TERRAIN["chasms"]


# -- the dungeon styles of a world are the rules', not the registry's ------------------------------------
def test_the_dungeon_styles_are_registered_dungeon_generators_that_claim_every_site_tile_once():
    from worldgen.core import registry

    from game.rules.content import DUNGEON_STYLES, STYLE_BY_TERRAIN

    assert all(registry.get(name).kind == "dungeon" for name in DUNGEON_STYLES)
    assert set(STYLE_BY_TERRAIN.values()) == set(DUNGEON_STYLES)
    for name in DUNGEON_STYLES:
        assert {t for t, s in STYLE_BY_TERRAIN.items() if s == name} == {int(t) for t in registry.get(name).terrains}


def test_a_generator_registered_later_changes_no_world_and_no_recorded_run():
    """A new dungeon generator (a plugin, the recipe in docs/ARCHITECTURE.md) joins
    the worlds only when DUNGEON_STYLES names it: until then every site keeps its
    style at every depth, and the golden recording still verifies."""
    from pathlib import Path

    import numpy as np

    from worldgen.core import registry
    from worldgen.core.registry import GeneratorSpec, Stage

    from game.replay import verify
    from game.rules.content import STYLE_BY_TERRAIN, level_style

    before = [level_style(seed, style, depth) for seed in range(40) for style in ("caverns", "rooms")
              for depth in range(1, 6)]
    spare = next(t for t in range(60) if t not in STYLE_BY_TERRAIN)

    def run(seed_text, width, height, params):
        yield Stage("final", np.zeros((height, width), dtype=np.uint8))

    spec = registry.REGISTRY["rooms"]
    registry.register(GeneratorSpec("newcomer", "Newcomer", "a dungeon generator added later", ("final",),
                                    spec.params, run, spec.default_size, spec.min_size, spec.max_size,
                                    kind="dungeon", terrains=(spare,), points=spec.points, colour=(1, 2, 3)))
    try:
        after = [level_style(seed, style, depth) for seed in range(40) for style in ("caverns", "rooms")
                 for depth in range(1, 6)]
        assert after == before and "newcomer" not in STYLE_BY_TERRAIN.values()
        golden = Path(__file__).resolve().parent / "data" / "golden.replay.txt"
        status, line = verify(golden.read_text(encoding="ascii"))
        assert status == 0, line
    finally:
        del registry.REGISTRY["newcomer"]
