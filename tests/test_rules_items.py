"""Items (game/rules/actions/items.py): using them from the pack
(``Game.use_item``), one kind at a time, and each unit's result whole:
picking up, using, wielding, swapping, crafting, dropping."""

import pytest

from game.rules.text import words
from game.rules.actions.base import Result
from game.rules.actions.effects import Identify
from game.rules.actions.items import VERBS, WANDLORE_KEEPS, Craft, Drop, Equip, PickUp, Swap, UseItem, take_items
from game.rules.content import ITEM_BY_ID, ITEMS, RECIPES
from game.rules.content.keys import hint
from game.rules.creatures.entities import MAX_INVENTORY, FloorItem
from game.rules.creatures.identify import is_known, item_name
from game.rules.text.log import bad, loot, note

from creatures import put, run_on
from test_rules import dungeon_run, put_monster


def test_zapping_a_wand_uses_one_charge():
    g = dungeon_run()
    g.player.inventory = ["wand_slow"] * 3
    m = put_monster(g.level, 5, 1, hp=50)
    assert g.use_item(0, (m.x, m.y))
    assert g.player.inventory.count("wand_slow") == 2
    assert "slowed" in m.statuses


def test_a_wand_is_gone_with_its_last_charge():
    g = dungeon_run()
    g.player.inventory = ["wand_fire", "potion"]
    m = put_monster(g.level, 5, 1, hp=50)
    assert g.use_item(0, (m.x, m.y))
    assert g.player.inventory == ["potion"]
    assert m.hp < 50 or any("misses" in line for line, _, _ in g.log)


def test_a_wand_not_aimed_keeps_its_charge():
    g = dungeon_run()
    g.player.inventory = ["wand_slow"]
    assert not g.use_item(0)
    assert g.player.inventory == ["wand_slow"]
    assert ITEM_BY_ID["wand_slow"].targeted


# -- picking up, using, wielding, crafting, dropping: each result whole ------------------------------------------------------
STACKED = next(i for i in ITEMS if i.count > 1 and i.kind != "wand")
PLAIN = next(i for i in ITEMS if i.kind == "potion")


def lying(g, kind, count=None, index=7):
    item = FloorItem(index, kind, *g.pos, kind.count if count is None else count)
    g.level.items.append(item)
    return item


def test_picking_up_takes_the_whole_bundle_says_so_sounds_and_marks_the_run():
    g = run_on(pos=(3, 3))
    item = lying(g, STACKED)
    g.dirty = False
    r = PickUp().perform(g)
    assert r.succeeded and r.messages == (loot(f"You pick up {item_name(g, STACKED, STACKED.count)}."),)
    assert g.player.inventory == [STACKED.id] * STACKED.count and g.events[-1] == "pickup" and g.dirty is True
    assert g.level.items == [] and g.level.taken == [7]
    lying(g, PLAIN, count=0)
    PickUp().perform(g)
    assert g.player.inventory.count(PLAIN.id) == 1  # a bundle of none is one
    assert PickUp().perform(g) == Result(False, (note("Nothing to pick up here."),), None, 0)


def test_walking_over_what_the_mode_leaves_tells_of_it_once_and_never_of_what_was_put_down():
    g = run_on(pos=(3, 3))
    g.pickup = "none"
    item = lying(g, PLAIN)
    g.dirty = False
    assert take_items(g, [item]) == [note(f"You see here {item_name(g, PLAIN, 1)}.")] and g.dirty is True
    assert take_items(g, [item]) == [] and g.player.inventory == []
    dropped = g.level.drop(PLAIN.id, *g.pos, by_choice=True)
    assert take_items(g, [dropped]) == []
    g.dirty = False
    assert take_items(g, []) == [] and g.dirty is False


def test_a_full_pack_leaves_an_item_saying_so_once_when_walked_over_and_each_time_when_asked():
    g = run_on(pos=(3, 3))
    g.player.inventory = ["dagger"] * MAX_INVENTORY  # a slot each
    g.pickup = "all"
    item = lying(g, PLAIN)
    full = bad(f"Your pack is full; you leave {item_name(g, PLAIN, 1, 'the')}.")
    assert take_items(g, [item]) == [full] and take_items(g, [item]) == []
    assert take_items(g, [item], asked=True) == [full] and take_items(g, [item], asked=True) == [full]
    assert g.level.items == [item]


def test_taking_a_sites_treasure_wakes_its_guardian_and_is_carried():
    g = run_on(pos=(3, 3))
    boss = put(g, "orc", 9, 3, awake=False, boss=True)
    from game.rules.content import TREASURE, RELIC
    item = lying(g, TREASURE)
    lines = take_items(g, [item])
    assert bad(f"{words.capital(boss.name)} wakes with a roar!") in lines and boss.awake
    assert g.carrying == g.site and g.events[-1] == "prize" and item not in g.level.items
    assert lines[-1] == loot("You take the site's treasure! Carry it out of the site to claim it.")
    relic = lying(g, RELIC, index=8)
    lines = take_items(g, [relic])
    assert g.carrying_relic and lines == [loot(f"You take the relic of {g.world.location_name(g.location)}! "
                                               "Carry it out of the site to keep it.")]


def wand_run(kind_id="wand_fire", perks=()):
    g = run_on(pos=(2, 3))
    g.player.inventory = ["potion", kind_id, "potion"]
    g.player.perks += list(perks)
    return g


def test_zapping_a_wand_at_a_target_aims_its_effect_at_the_first_creature_on_the_line_and_is_heard():
    g = wand_run()
    kind = ITEM_BY_ID["wand_fire"]
    rat = put(g, "rat", 6, 3)
    g.dirty = False
    r = UseItem(1, (9, 3)).perform(g)
    assert r.messages == (note(f"You zap {item_name(g, kind, article='the')}."),) and g.events[-1] == "zap"
    ident, deliver = r.then
    assert isinstance(ident, Identify) and ident.item_id == kind.id
    assert (deliver.effect, deliver.aim, deliver.power, deliver.user, deliver.cell) == \
        (kind.effect, kind.aim, kind.power, g.player, rat.pos)
    assert g.player.inventory == ["potion", "potion"] and g.dirty is True and g.noise > 0


def test_an_aimed_item_needs_a_target_and_room_to_aim():
    g = wand_run()
    kind = ITEM_BY_ID["wand_fire"]
    r = UseItem(1).perform(g)
    assert r == Result(False, (note(f"{words.capital(item_name(g, kind, article='the'))} must be aimed "
                                    "(choose a target)."),), None, 0)
    g.level.transparent[3, 3] = False
    assert UseItem(1, (5, 3)).perform(g).messages == (note("Smoke is in the way."),)
    assert g.player.inventory == ["potion", "wand_fire", "potion"]


def test_a_wand_lore_zap_keeps_its_charge_by_its_own_roll():
    kept = set()
    for turn in range(40):
        g = wand_run(perks=["wandlore"])
        g.turn = turn
        keeps = g.rng("wandlore").random() < WANDLORE_KEEPS
        UseItem(1, (9, 3)).perform(g)
        assert g.player.inventory.count("wand_fire") == (1 if keeps else 0)
        kept.add(keeps)
    assert kept == {True, False}


@pytest.mark.parametrize("kind", ["potion", "scroll"])
def test_drinking_or_reading_uses_the_item_and_delivers_its_effect_at_nothing(kind):
    item = next(i for i in ITEMS if i.kind == kind and not i.asks)  # (one that asks is read first: test_rules_scrolls)
    g = wand_run(item.id)
    r = UseItem(1).perform(g)
    verb = VERBS[kind]
    assert r.messages == (note(f"You {verb} {item_name(g, item, article='the')}."),) and g.events[-1] == verb
    ident, deliver = r.then
    assert ident.item_id == item.id and (deliver.effect, deliver.aim, deliver.power, deliver.cell) == (item.effect, item.aim, item.power, None)
    assert g.player.inventory == ["potion", "potion"]


def test_using_gear_wields_it_a_resource_crafts_and_anything_else_or_a_missing_slot_fails():
    g = run_on(pos=(2, 3))
    g.player.inventory = ["dagger", "herbs", "arrow"]
    assert isinstance(UseItem(0).perform(g).alternative, Equip)
    assert isinstance(UseItem(1).perform(g).alternative, Craft)
    assert UseItem(2).perform(g) == Result(False, (), None, 0)
    assert UseItem(3).perform(g) == Result(False, (), None, 0) and UseItem(-1).perform(g) == Result(False, (), None, 0)


def test_wielding_a_weapon_of_the_same_sort_puts_the_old_one_where_the_new_was():
    g = run_on(pos=(2, 3))
    g.player.weapon, g.player.inventory = "dagger", ["potion", "mace", "potion"]
    g.dirty = False
    r = Equip(1).perform(g)
    assert r.messages == (loot(f"You wield {item_name(g, ITEM_BY_ID['mace'], article='the')}."),)
    assert g.player.weapon == "mace" and g.player.inventory == ["potion", "dagger", "potion"] and g.dirty is True
    g.player.armour, g.player.inventory = None, ["leather"]
    r = Equip(0).perform(g)
    assert r.messages == (loot(f"You wear {item_name(g, ITEM_BY_ID['leather'], article='the')}."),)
    assert g.player.armour == "leather" and g.player.inventory == []
    g.player.inventory = ["chain"]
    Equip(0).perform(g)
    assert g.player.armour == "chain" and g.player.inventory == ["leather"]
    assert Equip(0).perform(g).succeeded and Equip(0).perform(g).succeeded
    g.player.inventory = ["potion"]
    assert not Equip(0).perform(g).succeeded and g.player.inventory == ["potion"]


def test_wielding_the_other_sort_readies_the_one_in_hand_to_swap_and_swap_trades_them():
    g = run_on(pos=(2, 3))
    p = g.player
    p.weapon, p.swap, p.inventory = "dagger", "sling", ["short_bow"]
    r = Equip(0).perform(g)
    dagger = ITEM_BY_ID["dagger"]
    assert r.messages == (loot(f"You wield {item_name(g, ITEM_BY_ID['short_bow'], article='the')}."),
                          note(f"{words.capital(item_name(g, dagger, article='the'))} is ready to swap ({hint('swap')})."))
    assert (p.weapon, p.swap, p.inventory) == ("short_bow", "dagger", ["sling"])
    g.dirty = False
    r = Swap().perform(g)
    assert (p.weapon, p.swap) == ("dagger", "short_bow") and g.dirty is True
    assert r.messages == (loot(f"You wield {item_name(g, dagger, article='the')} "
                               f"({item_name(g, ITEM_BY_ID['short_bow'], article='the')} is ready)."),)
    p.swap = None
    r = Swap().perform(g)
    assert not r.succeeded and r.messages == (note("You have no second weapon ready: wield a launcher and your blade "
                                                   "waits, or the other way round."),)
    p.weapon, p.inventory = None, ["dagger"]
    Equip(0).perform(g)
    assert p.weapon == "dagger" and p.inventory == [] and p.swap is None


def test_crafting_a_kind_still_to_learn_makes_it_known():
    g = run_on(pos=(2, 3))
    g.player.inventory = ["gems"] * RECIPES["gems"].need
    assert "wand_fire" not in g.known and Craft(0).perform(g).succeeded
    assert "wand_fire" in g.known


@pytest.mark.parametrize("rid", sorted(RECIPES))
def test_crafting_uses_what_its_recipe_needs_and_makes_what_it_makes(rid):
    recipe = RECIPES[rid]
    g = run_on(pos=(2, 3))
    g.player.inventory = ["potion"] + [rid] * (recipe.need + 1)
    g.dirty = False
    r = Craft(1).perform(g)
    assert r.messages == (loot(f"You craft: {recipe.description}."),) and g.dirty is True
    made = [recipe.makes[0]] * recipe.makes[1] if recipe.makes else []
    assert g.player.inventory == ["potion", rid] + made
    assert (recipe.makes is None) or is_known(g, ITEM_BY_ID[recipe.makes[0]])  # you know what you made ...
    assert g.known <= {i for i in ITEM_BY_ID if not ITEM_BY_ID[i].identified_by_default}  # ... known held for kinds to learn
    assert len(r.then) == (1 if recipe.effect else 0)
    g.player.inventory = [rid] * (recipe.need - 1)
    r = Craft(0).perform(g)
    assert not r.succeeded and r.messages == (note(f"Crafting needs {words.number(ITEM_BY_ID[rid].name, recipe.need)} "
                                                   f"(you have {recipe.need - 1}): {recipe.description}."),)
    g.player.inventory = ["potion"]
    assert Craft(0).perform(g).messages == (note("You cannot craft with that."),)


def test_three_pearls_make_a_scroll_of_enchanting_and_give_no_life():
    """Scarcity (rules 15): pearls buy a lasting choice, not a heal (2 made a
    full heal and +3 max HP): two make nothing, three one scroll of enchanting."""
    g = run_on(pos=(2, 3))
    p = g.player
    p.hp, max_hp = 5, p.max_hp
    p.inventory = ["pearls"] * 2
    assert not g.use_item(0) and p.inventory == ["pearls"] * 2
    p.inventory = ["pearls"] * 4
    assert g.use_item(0) and p.inventory == ["pearls", "scroll_enchant"]
    assert (p.hp, p.max_hp) == (5, max_hp) and is_known(g, ITEM_BY_ID["scroll_enchant"])


def test_crafting_refuses_what_would_overfill_the_pack_and_takes_nothing():
    """A full pack (twenty rows) with four pearls: the scroll they make would
    be a twenty-first row (it was, and the pack's letters ran out); with
    exactly three the pearls' row frees the room."""
    g = run_on(pos=(2, 3))
    p = g.player
    gear = ["dagger"] * (MAX_INVENTORY - 1)  # a row each
    p.inventory = ["pearls"] * 4 + gear
    assert not g.use_item(0) and p.inventory == ["pearls"] * 4 + gear
    scroll = item_name(g, ITEM_BY_ID["scroll_enchant"], 1)  # (its label: not known yet)
    assert g.log[-1].text == f"Your pack is full: there is no room for {scroll}."
    p.inventory = ["pearls"] * 3 + gear
    assert g.use_item(0) and p.inventory == gear + ["scroll_enchant"]
    p.inventory = ["timber"] * 3 + gear[:-1] + ["arrow"] * 95  # 8 arrows on 95 start a new row: no room ...
    assert not g.use_item(0) and p.inventory.count("arrow") == 95
    p.inventory = ["timber"] * 2 + gear[:-1] + ["arrow"] * 95  # ... but the timber's row frees one
    assert g.use_item(0) and p.inventory.count("arrow") == 103


def test_three_hides_pad_four_max_hp_healed_and_two_pad_nothing():
    g = run_on(pos=(2, 3))
    p = g.player
    p.hp, max_hp = 5, p.max_hp
    p.inventory = ["hide"] * 2
    assert not g.use_item(0) and p.max_hp == max_hp
    p.inventory = ["hide"] * 3
    assert g.use_item(0) and p.inventory == [] and (p.hp, p.max_hp) == (9, max_hp + 4)


def test_dropping_puts_down_up_to_count_of_the_row_from_the_slot_on_and_takes_no_time():
    g = run_on(pos=(2, 3))
    g.player.inventory = ["stone", "potion", "stone", "stone", "stone"]
    g.dirty = False
    r = Drop(2, 2).perform(g)
    assert r.turns == 0 and r.messages == (note(f"You drop {item_name(g, ITEM_BY_ID['stone'], 2)}."),)
    assert g.player.inventory == ["stone", "potion", "stone"] and g.dirty is True
    (it,) = g.level.items_at(2, 3)
    assert (it.kind.id, it.count) == ("stone", 2) and it.index in g.level.put_down
    r = Drop(0, 0).perform(g)
    assert g.player.inventory == ["potion", "stone"] and r.messages == (note(f"You drop {item_name(g, ITEM_BY_ID['stone'], 1)}."),)
    g.mode = "overworld"
    r = Drop(1).perform(g)
    assert r.turns == 0 and r.messages == (note(f"You discard {item_name(g, ITEM_BY_ID['stone'], 1)}: the wilds keep "
                                                "nothing you drop."),)
    assert len(g.level.items) == 2


UNKNOWN = "potion_speed"  # a kind the player does not know at the start: named by its look


def test_the_pack_tells_of_what_it_sees_leaves_and_drops_as_the_player_knows_it():
    g = run_on(pos=(3, 3))
    kind = ITEM_BY_ID[UNKNOWN]
    assert kind.id not in g.known and item_name(g, kind) != words.a(kind.name)
    g.pickup = "none"
    seen = lying(g, kind, count=2)
    assert take_items(g, [seen]) == [note(f"You see here {item_name(g, kind, 2)}.")]
    g.player.inventory = ["dagger"] * MAX_INVENTORY
    assert take_items(g, [seen], asked=True) == [bad(f"Your pack is full; you leave {item_name(g, kind, 2, 'the')}.")]
    g.player.inventory = [UNKNOWN, UNKNOWN]
    assert Drop(0, 2).perform(g).messages == (note(f"You drop {item_name(g, kind, 2)}."),)


def test_every_item_walked_over_or_taken_is_dealt_with_each_in_turn():
    from game.rules.content import TREASURE
    g = run_on(pos=(3, 3))
    g.pickup = "none"
    a, b = lying(g, PLAIN, index=1), lying(g, ITEM_BY_ID[UNKNOWN], index=2)
    assert len(take_items(g, [a, b])) == 2  # both told of
    g.player.inventory = ["dagger"] * MAX_INVENTORY
    assert len(take_items(g, [a, b], asked=True)) == 2  # both left, saying so
    g.player.inventory = []
    prize = lying(g, TREASURE, index=3)
    lines = take_items(g, [a, prize, b], asked=True)
    assert g.player.inventory == [PLAIN.id, UNKNOWN] and lines[0] == loot(f"You pick up {item_name(g, PLAIN, 1)}.")


def test_dropping_from_a_split_stack_takes_the_chosen_rows_kind_only():
    """The rows of one kind need not sit together: a drop takes the slot's row
    and the next of its kind after it, and leaves every other item where it was."""
    g = run_on(pos=(2, 3))
    g.player.inventory = ["stone", "potion", "stone", "dagger", "stone"]
    Drop(0, 2).perform(g)
    assert g.player.inventory == ["potion", "dagger", "stone"]
    g.player.inventory = ["stone", "stone", "stone", "potion"]
    Drop(0, 3).perform(g)
    assert g.player.inventory == ["potion"]
    assert sorted(it.count for it in g.level.items_at(2, 3) if it.kind.id == "stone") == [2, 3]


def test_a_drop_puts_down_one_unless_told_more():
    g = run_on(pos=(2, 3))
    g.player.inventory = ["stone", "stone", "stone"]
    Drop(0).perform(g)
    assert g.player.inventory == ["stone", "stone"]


def test_wielding_a_blade_with_a_launcher_in_hand_readies_the_launcher_to_swap():
    g = run_on(pos=(2, 3))
    p = g.player
    p.weapon, p.swap, p.inventory = "short_bow", None, ["dagger"]
    Equip(0).perform(g)
    assert (p.weapon, p.swap, p.inventory) == ("dagger", "short_bow", [])


def test_a_swap_from_bare_hands_says_nothing_is_ready():
    g = run_on(pos=(2, 3))
    p = g.player
    p.weapon, p.swap = None, "dagger"
    r = Swap().perform(g)
    assert (p.weapon, p.swap) == ("dagger", None)
    assert r.messages == (loot(f"You wield {item_name(g, ITEM_BY_ID['dagger'], article='the')}."),)


def test_an_aimed_item_is_heard_and_reaches_its_range_else_its_power_and_no_farther():
    for item, reach in (("wand_fire", ITEM_BY_ID["wand_fire"].range), ("scroll_fire", ITEM_BY_ID["scroll_fire"].range
                                                                        or ITEM_BY_ID["scroll_fire"].power)):
        for far, hit in ((reach, True), (reach + 1, False)):
            g = wand_run(item)
            rat = put(g, "rat", 2 + far, 3)
            deliver = UseItem(1, rat.pos).perform(g).then[1]
            assert (deliver.cell == rat.pos) == hit, (item, far)
            assert g.noise == 5
