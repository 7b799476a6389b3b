"""What the player is told of a cell (game/rules/play/look.py): look, hover and
tap-and-hold in a dungeon and on the overworld, what a click no walk can
follow says, a monster's line, an item's line and what it is for, the
pack's rows; only what the player knows, each line whole."""

from dataclasses import replace

import numpy as np
import pytest

from worldgen.core.tiles import TILES, T

from game.rules.text import words
from game.rules.content import ITEM_BY_ID, ITEMS, MONSTER_BY_ID, RECIPES, TERRAIN_RULES
from game.rules.content.keys import hint
from game.rules.creatures.entities import FloorItem
from game.rules.creatures.identify import display_name, is_known, item_name
from game.rules.world.location import LocationData, SiteData
from game.rules.play.look import (DUNGEON_TEXT, TERRAIN_TEXT, describe_cell, disguise_of, item_text, item_use,
                             monster_text, pack_rows, unreachable)
from game.rules.creatures.pack import stacks

from creatures import level_of, put, run_on

ROOM = "########\n#......#\n#......#\n#......#\n########"


def room(pos=(2, 2)):
    g = run_on(level_of(ROOM), pos=pos)
    g.level.seen[:] = True
    return g


def overworld(pos=(2, 2), sites=None):
    g = run_on()
    if sites is not None:
        g.loc = LocationData(0, "Testshire", g.loc.tiles, sites, (2, 2))
    g.mode, g.level, g.levels, g.site, g.depth, g.pos = "overworld", None, {}, None, 0, pos
    return g


def floor_line(g, x, y):
    return words.capital(DUNGEON_TEXT[int(g.level.tiles[y, x])])


# -- a dungeon's cell ---------------------------------------------------------------------------------------------
def test_a_cell_never_seen_or_off_the_level_is_unexplored():
    g = room()
    g.level.seen[1, 5] = False
    h, w = g.level.shape
    for x, y in ((5, 1), (-1, 1), (w, 1), (1, -1), (1, h)):
        assert describe_cell(g, x, y) == ["Unexplored"]


def test_a_cell_in_view_tells_its_ground():
    g = room()
    assert describe_cell(g, 4, 2) == [floor_line(g, 4, 2)]


def test_a_remembered_cell_tells_its_ground_as_remembered_and_not_who_stands_there():
    g = room()
    put(g, "rat", 4, 2)
    g.level.visible[2, 4] = False
    assert describe_cell(g, 4, 2) == [floor_line(g, 4, 2) + " (remembered)"]


def test_a_secret_door_is_told_as_wall():
    g = room()
    g.level.tiles[2, 4], g.level.secret[2, 4] = T.secret_door, True
    g.level.refresh()
    assert describe_cell(g, 4, 2) == [words.capital(DUNGEON_TEXT[T.wall])]


def test_the_players_own_cell_says_you_and_what_they_carry():
    g = room()
    assert describe_cell(g, 2, 2)[0] == "You"
    g.carrying = g.site
    assert describe_cell(g, 2, 2)[0] == "You, carrying the site's treasure"
    g.carrying, g.carrying_relic = None, True
    assert describe_cell(g, 2, 2)[0] == "You, carrying the relic"
    g.carrying = g.site
    assert describe_cell(g, 2, 2)[0] == "You, carrying the site's treasure, carrying the relic"
    g.carrying, g.carrying_relic = g.site + 1, False
    assert describe_cell(g, 2, 2) == ["You", floor_line(g, 2, 2)]


def test_a_monster_in_view_is_told_before_what_lies_there_and_the_ground():
    g = room()
    rat = put(g, "rat", 4, 2)
    g.level.items.append(FloorItem(901, ITEM_BY_ID["arrow"], 4, 2, count=3))
    assert describe_cell(g, 4, 2) == [monster_text(rat), item_text(g, ITEM_BY_ID["arrow"], 3), floor_line(g, 4, 2)]


def test_a_mimic_is_told_as_the_item_it_passes_for_and_another_hidden_monster_not_at_all():
    g = room()
    mimic = put(g, "mimic", 4, 2, awake=False, hidden=True)
    assert describe_cell(g, 4, 2) == [item_text(g, ITEM_BY_ID[disguise_of(mimic)]), floor_line(g, 4, 2)]
    hidden = next(k for k, m in MONSTER_BY_ID.items() if not m.disguise)
    put(g, hidden, 5, 2, hidden=True)
    assert describe_cell(g, 5, 2) == [floor_line(g, 5, 2)]


def test_a_mimic_passes_for_an_item_unknown_to_the_player_by_its_look_and_not_once_out_of_view():
    g = room()
    mimic = put(g, "mimic", 4, 2, awake=False, hidden=True)
    mimic.index = next(i for i in range(len(mimic.kind.disguise))
                       if not is_known(g, ITEM_BY_ID[mimic.kind.disguise[i]]))
    kind = ITEM_BY_ID[disguise_of(mimic)]
    assert describe_cell(g, 4, 2)[0] == words.capital(item_name(g, kind)) + f": {item_use(kind, False)}"
    g.level.visible[2, 4] = False
    assert describe_cell(g, 4, 2) == [floor_line(g, 4, 2) + " (remembered)"]


def test_an_item_unknown_to_the_player_is_told_by_its_look():
    g = room()
    kind = next(k for k in ITEMS if k.kind == "scroll" and not is_known(g, k))
    g.level.items.append(FloorItem(901, kind, 4, 2))
    assert describe_cell(g, 4, 2)[0] == words.capital(item_name(g, kind)) + f": {item_use(kind, False)}"
    assert display_name(g, kind) in describe_cell(g, 4, 2)[0] and kind.name not in describe_cell(g, 4, 2)[0]


def test_items_of_one_kind_on_a_cell_are_counted_in_one_line():
    g = room()
    for _ in range(5):  # five shots that fell on one cell
        g.level.drop("arrow", 4, 2)
    g.level.drop("dagger", 4, 2)
    g.level.drop("arrow", 4, 2, count=3)  # and a bundle
    assert describe_cell(g, 4, 2)[:2] == [f"8 arrows: {item_use(ITEM_BY_ID['arrow'])}",
                                          f"A dagger: {item_use(ITEM_BY_ID['dagger'])}"]


def test_fire_in_view_says_keep_out():
    g = room()
    g.level.fire[2, 4] = 3
    assert describe_cell(g, 4, 2) == [floor_line(g, 4, 2), "On fire: keep out (it sets you burning)"]
    g.level.visible[2, 4] = False
    assert describe_cell(g, 4, 2) == [floor_line(g, 4, 2) + " (remembered)"]


def test_a_cloud_in_view_is_told_from_a_thickness_of_50():
    g = room()
    gas = np.zeros(g.level.shape, dtype=np.uint16)
    gas[2, 4], gas[2, 5] = 50, 49
    g.level.gas["smoke"] = gas
    assert describe_cell(g, 4, 2) == [floor_line(g, 4, 2), "A cloud of smoke"]
    assert describe_cell(g, 5, 2) == [floor_line(g, 5, 2)]


def test_the_terrain_rules_words_come_first_in_a_dungeon():
    tile, rule = next(iter(TERRAIN_RULES.items()))
    g = room()
    g.level.tiles[2, 4] = tile
    g.level.refresh()
    assert describe_cell(g, 4, 2)[-1] == words.capital(f"{rule.name}: {rule.note}")


def test_a_tile_with_no_words_of_its_own_is_told_by_its_name():
    tile = next(t for t in range(len(TILES)) if t not in DUNGEON_TEXT)
    g = room()
    g.level.tiles[2, 4] = tile
    assert describe_cell(g, 4, 2)[-1] == words.capital(TILES[tile].name.replace("_", " "))
    tile = next(t for t in range(len(TILES)) if t not in TERRAIN_TEXT and "_" in TILES[t].name)
    g = overworld()
    g.loc.tiles[1, 1] = tile
    assert describe_cell(g, 1, 1) == [words.capital(TILES[tile].name.replace("_", " "))]


def test_with_no_level_or_no_map_nothing_is_known():
    g = room()
    g.level = None
    assert describe_cell(g, 1, 1) == ["Nothing known"]
    g = overworld()
    g.loc = None
    assert describe_cell(g, 1, 1) == ["Nothing known"]


# -- the overworld ---------------------------------------------------------------------------------------------
def _site_of_theme(plain: bool) -> SiteData:
    for k in range(200):
        site = SiteData(0, 2, 2, int(T.grass), f"Creatureland:0:{k}")
        if (site.theme.name == "plain") == plain:
            return site
    raise AssertionError("no such theme in 200 seeds")


def test_an_overworld_cell_tells_its_ground_and_you_on_your_own():
    g = overworld(pos=(1, 1))
    ground = words.capital(TERRAIN_TEXT[T.grass])
    assert describe_cell(g, 3, 3) == [ground]
    assert describe_cell(g, 1, 1) == ["You", ground]
    for x, y in ((-1, 1), (5, 1), (1, -1), (1, 5)):
        assert describe_cell(g, x, y) == ["Beyond the map"]
    assert describe_cell(g, 0, 3) == [ground] and describe_cell(g, 3, 0) == [ground]  # the first column and row


def test_a_site_is_told_by_its_number_kind_and_whether_cleared():
    site = _site_of_theme(plain=True)
    g = overworld(pos=(1, 1), sites=[site])
    ground = words.capital(TERRAIN_TEXT[T.grass])
    assert describe_cell(g, 2, 2) == [f"Site 1: {site.describe()} (not cleared)", ground]
    g.cleared[g.location] = {0}
    assert describe_cell(g, 2, 2) == [f"Site 1: {site.describe()} (cleared)", ground]


def test_a_themed_site_tells_its_theme():
    site = _site_of_theme(plain=False)
    g = overworld(pos=(1, 1), sites=[site])
    assert describe_cell(g, 2, 2) == [f"Site 1: {site.describe()} (not cleared)",
                                      words.capital(site.theme.description), words.capital(TERRAIN_TEXT[T.grass])]


# -- a click no walk can follow ----------------------------------------------------------------------------------
def test_a_click_no_walk_can_follow_in_a_dungeon_says_what_the_cell_is():
    g = room()
    assert unreachable(g, 0, 2) == f"You see no way there ({DUNGEON_TEXT[T.wall]})."
    g.level.seen[2, 5] = False
    h, w = g.level.shape
    for x, y in ((5, 2), (-1, 2), (w, 2), (2, -1), (2, h)):
        assert unreachable(g, x, y) == "You have not explored there."


def test_a_click_no_walk_can_follow_in_a_dungeon_tells_the_terrain_rules_words():
    tile, rule = next(iter(TERRAIN_RULES.items()))
    g = room()
    g.level.tiles[2, 4] = tile
    g.level.refresh()
    assert TERRAIN_TEXT.get(tile) != DUNGEON_TEXT[tile]
    assert unreachable(g, 4, 2) == f"You see no way there ({rule.name}: {rule.note})."


def test_a_click_no_walk_can_follow_outside_says_what_the_cell_is():
    g = overworld()
    g.loc.tiles[1, 3] = T.mountain
    assert unreachable(g, 3, 1) == f"You see no way there ({TERRAIN_TEXT[T.mountain]})."
    for x, y in ((-1, 1), (5, 1), (1, -1), (1, 5)):
        assert unreachable(g, x, y) == "That is beyond the map."
    g.loc.tiles[0, 3] = g.loc.tiles[3, 0] = T.mountain
    assert unreachable(g, 0, 3) == unreachable(g, 3, 0) == f"You see no way there ({TERRAIN_TEXT[T.mountain]})."
    g = room()
    g.level = None
    g.mode = "overworld"
    assert unreachable(g, 3, 1) == f"You see no way there ({TERRAIN_TEXT[T.grass]})."


# -- a monster's line ---------------------------------------------------------------------------------------------
def test_a_monsters_line_tells_its_hp_its_state_and_its_kinds_note():
    g = room()
    rat = put(g, "rat", 4, 2, awake=False)
    k = rat.kind
    note = f" ({k.note})" if k.note else ""
    assert monster_text(rat) == f"{words.capital(k.name)}: {k.hp}/{k.hp} HP, unhurt, asleep{note}"
    rat.awake = True
    assert monster_text(rat) == f"{words.capital(k.name)}: {k.hp}/{k.hp} HP, unhurt, hunting you{note}"
    rat.fleeing = True
    assert monster_text(rat).startswith(f"{words.capital(k.name)}: {k.hp}/{k.hp} HP, unhurt, fleeing")


def test_a_monster_is_hurt_above_half_its_hp_and_badly_hurt_from_half_down():
    g = room()
    m = put(g, "orc", 4, 2, hp=10)
    for hp, health in ((10, "unhurt"), (12, "unhurt"), (9, "hurt"), (6, "hurt"), (5, "badly hurt"), (1, "badly hurt")):
        m.hp = hp
        assert monster_text(m).split(", ")[1] == health and monster_text(m).split(": ")[1].startswith(f"{hp}/10 HP")
    m.hp = -3
    assert ": 0/10 HP, badly hurt" in monster_text(m)


def test_a_guardian_says_so_and_guards_its_prize():
    g = room()
    m = put(g, "orc", 4, 2, boss=True, awake=False)
    assert monster_text(m).startswith(f"{words.capital(m.kind.name)} (guardian): ")
    assert monster_text(m).endswith(" (guards its prize)")
    m.awake = True  # woken, it fights as its kind does
    assert monster_text(m).endswith(f" ({m.kind.note})")


def test_a_monster_with_no_note_ends_with_its_state():
    g = room()
    m = put(g, "orc", 4, 2)
    m.kind = replace(m.kind, note="")
    assert monster_text(m) == f"{words.capital(m.kind.name)}: {m.hp}/{m.max_hp} HP, unhurt, hunting you"


def test_an_ally_tells_its_level_and_order_and_a_captive_its_shackles():
    g = room()
    m = put(g, "orc", 4, 2, ally=True, level=3, order="wait")
    assert ", your ally, level 3, waiting" in monster_text(m)
    m.order = "follow"
    assert ", your ally, level 3, following you" in monster_text(m)
    c = put(g, "orc", 5, 2, captive=True)
    assert ", shackled: walk into it to free it" in monster_text(c)


def test_a_monsters_pace_and_statuses_follow_its_state_in_order():
    g = room()
    m = put(g, "orc", 4, 2)
    k = m.kind
    head = f"{words.capital(k.name)}: {k.hp}/{k.hp} HP, unhurt, hunting you"
    m.statuses = {"slowed": 4, "poisoned": 2}
    pace = "fast" if m.speed > 100 else "slow" if m.speed < 100 else ""
    assert pace == "slow"
    assert monster_text(m).startswith(f"{head}, slow, poisoned 2, slowed 4")
    m.statuses = {"hasted": 3}
    assert monster_text(m).startswith(f"{head}, fast, hasted 3")
    m.statuses = {}
    assert monster_text(m) == head + (f" ({k.note})" if k.note else "")


def test_a_monster_is_fast_above_speed_100_and_slow_below():
    g = room()
    m = put(g, "orc", 4, 2)
    k = m.kind
    head = f"{words.capital(k.name)}: {k.hp}/{k.hp} HP, unhurt, hunting you"
    for speed, pace in ((101, ", fast"), (99, ", slow"), (100, "")):
        m.kind = replace(k, speed=speed, note="")
        assert m.speed == speed and monster_text(m) == head + pace


def test_a_mimic_passes_for_one_of_its_kinds_disguises_chosen_by_its_index():
    g = room()
    kind = MONSTER_BY_ID["mimic"]
    seen = set()
    for i in range(2 * len(kind.disguise)):
        m = put(g, "mimic", 4, 2, hidden=True)
        m.index = i
        assert disguise_of(m) == kind.disguise[i % len(kind.disguise)]
        seen.add(disguise_of(m))
    assert seen == set(kind.disguise)


# -- an item's line and what it is for -----------------------------------------------------------------------
def _first(pred):
    return next(k for k in ITEMS if pred(k))


def test_an_items_line_is_its_name_as_known_and_what_it_is_for():
    g = room()
    kind = _first(lambda k: k.kind == "potion" and not is_known(g, k))
    assert item_text(g, kind, 2) == words.capital(item_name(g, kind, 2)) + f": {item_use(kind, False)}"
    g.known.add(kind.id)
    assert item_text(g, kind) == words.capital(item_name(g, kind)) + f": {item_use(kind, True)}"
    key = _first(lambda k: item_use(k) == "")
    assert item_text(g, key) == words.capital(item_name(g, key))


@pytest.mark.parametrize("kind, says", [("potion", "may heal or harm: throw it at a foe to learn it safely, or drink it"),
                                        ("scroll", "read it to learn what it is"),
                                        ("wand", "zap it to learn what it is")])
def test_an_unknown_potion_scroll_or_wand_says_how_to_learn_it(kind, says):
    assert item_use(_first(lambda k: k.kind == kind), known=False) == says


def test_a_potion_heals_its_power_or_is_drunk_or_thrown():
    heal = _first(lambda k: k.kind == "potion" and k.effect == "heal")
    other = _first(lambda k: k.kind == "potion" and k.effect != "heal")
    assert item_use(heal) == f"drink: heal {heal.power}% of max HP"
    assert item_use(other) == "drink, or throw to splash"


def test_a_scroll_is_read_at_a_target_or_not():
    assert item_use(_first(lambda k: k.kind == "scroll" and k.targeted)) == "read at a target"
    assert item_use(_first(lambda k: k.kind == "scroll" and not k.targeted)) == "read"


def test_a_wand_tells_its_range_and_ammunition_its_key():
    wand = _first(lambda k: k.kind == "wand")
    assert item_use(wand) == f"zap at a target, range {wand.range}"
    assert item_use(_first(lambda k: k.kind == "ammo")) == f"ammunition for a launcher ({hint('fire')})"


def test_a_launcher_tells_what_it_shoots_for_how_much_and_how_far():
    bow = _first(lambda k: k.kind == "weapon" and k.ammo)
    shot = words.noun(ITEM_BY_ID[bow.ammo].name).plural
    assert item_use(bow) == f"wield: shoots {shot} for {bow.power}, range {bow.range}"


def test_a_blade_tells_its_attack_its_pace_and_its_reach():
    plain = _first(lambda k: k.kind == "weapon" and not k.ammo and k.cost == 100 and k.reach == 1)
    assert item_use(plain) == f"wield: attack +{plain.power}"
    quick = _first(lambda k: k.kind == "weapon" and not k.ammo and k.cost < 100)
    assert item_use(quick).startswith(f"wield: attack +{quick.power}, quick")
    slow = _first(lambda k: k.kind == "weapon" and not k.ammo and k.cost > 100 and k.reach == 1)
    assert item_use(slow) == f"wield: attack +{slow.power}, slow"
    reach = _first(lambda k: k.kind == "weapon" and not k.ammo and k.reach > 1)
    assert item_use(reach).endswith(f", reach {reach.reach}")


def test_armour_tells_its_defence_its_noise_and_whether_it_slows():
    def use(k):
        return item_use(k)
    quiet = _first(lambda k: k.kind == "armour" and k.noise < 0)
    assert use(quiet).startswith(f"wear: defence +{quiet.power}, quiet")
    silent = _first(lambda k: k.kind == "armour" and k.noise == 0 and k.move_cost <= 100)
    assert use(silent) == f"wear: defence +{silent.power}"
    little = _first(lambda k: k.kind == "armour" and 0 < k.noise < 3)
    assert ", a little loud" in use(little)
    loud = _first(lambda k: k.kind == "armour" and k.noise >= 3)
    assert ", loud" in use(loud) and "little" not in use(loud)
    edge = _first(lambda k: k.kind == "armour" and k.noise == 3)
    assert ", loud" in use(edge) and "little" not in use(edge)
    slows = _first(lambda k: k.kind == "armour" and k.move_cost > 100)
    assert use(slows).endswith(", slows you")
    steady = _first(lambda k: k.kind == "armour" and k.move_cost == 100)
    assert "slows you" not in use(steady)


def test_armour_slows_from_a_step_cost_above_100_and_a_blade_is_slow_above_100():
    armour = _first(lambda k: k.kind == "armour" and k.move_cost == 100)
    assert item_use(replace(armour, move_cost=101)).endswith(", slows you")
    blade = _first(lambda k: k.kind == "weapon" and not k.ammo and k.reach == 1)
    assert item_use(replace(blade, cost=101)) == f"wield: attack +{blade.power}, slow"
    assert item_use(replace(blade, cost=99)) == f"wield: attack +{blade.power}, quick"


def test_a_resource_with_no_recipe_is_for_nothing_said():
    res = _first(lambda k: k.kind == "resource")
    assert item_use(replace(res, id="no_such_recipe")) == ""


def test_a_resource_tells_its_recipe_and_the_prizes_what_to_do():
    res = _first(lambda k: k.kind == "resource" and k.id in RECIPES)
    assert item_use(res) == f"{RECIPES[res.id].need} of these make {RECIPES[res.id].description}"
    assert item_use(_first(lambda k: k.kind == "treasure")) == "carry it out of the site to clear it"
    assert item_use(_first(lambda k: k.kind == "relic")) == "carry it out of the site to keep it"


def test_a_known_potion_or_a_weapon_is_told_what_it_does_however_known_is_given():
    heal = _first(lambda k: k.kind == "potion" and k.effect == "heal")
    assert item_use(heal, True) == item_use(heal)
    blade = _first(lambda k: k.kind == "weapon" and not k.ammo)
    assert item_use(blade, False) == item_use(blade)


# -- the pack -----------------------------------------------------------------------------------------------------
def test_a_known_item_in_the_pack_says_what_it_does():
    g = room()
    kind = _first(lambda k: k.kind == "potion" and not is_known(g, k))
    g.known.add(kind.id)
    g.player.inventory = [kind.id]
    assert pack_rows(g)[0].use == item_use(kind, True) != item_use(kind, False)


def test_the_packs_rows_name_each_stack_as_known_with_its_use_and_crafting_count():
    g = room()
    unknown = _first(lambda k: k.kind == "potion" and not is_known(g, k))
    res = _first(lambda k: k.kind == "resource" and k.id in RECIPES)
    scroll = _first(lambda k: k.kind == "scroll" and k.targeted)
    g.player.inventory = [unknown.id, res.id, unknown.id, scroll.id, res.id]
    rows = pack_rows(g)
    expect = []
    for letter, row in zip("abc", stacks(g.player.inventory)):
        kind = ITEM_BY_ID[row.item]
        known = is_known(g, kind)
        use = item_use(kind, known)
        if kind is res:
            use += " (you have 2)"
        expect.append((row.item, row.first, row.count, item_name(g, kind, row.count), use, kind.colour,
                       kind.targeted and known, letter))  # an unknown scroll is read first: not aimed
    assert [tuple(r) for r in rows] == expect
    assert not rows[2].targeted and ITEM_BY_ID[rows[2].item] is scroll
    g.known.add(scroll.id)
    assert pack_rows(g)[2].targeted
    assert rows[0].label == item_name(g, unknown, 2) and display_name(g, unknown) in rows[0].label
    assert rows[0].use == item_use(unknown, False)
