"""The pack (``game.rules.creatures.pack``): stacks as the player sees them, what fits,
a save's pack clamped, and how counts are said."""

import pytest

from game.rules.creatures import pack
from game.rules.text import words
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.pack import MAX_INVENTORY, MAX_STACK, Stack


def test_items_of_a_stacking_kind_share_one_row_in_first_packed_order():
    assert pack.stacks(["potion", "dagger", "arrow", "potion", "dagger", "arrow"]) == [
        Stack("potion", 2, 0), Stack("dagger", 1, 1), Stack("arrow", 2, 2), Stack("dagger", 1, 4)]


def test_a_stack_holds_at_most_99_and_the_100th_starts_a_new_row():
    rows = pack.stacks(["potion"] * (MAX_STACK + 2))
    assert MAX_STACK == 99 and rows == [Stack("potion", 99, 0), Stack("potion", 2, 99)]


def test_weapons_armour_and_wands_stack_by_kind_rule():
    assert [s.count for s in pack.stacks(["leather", "leather"])] == [1, 1]
    assert [s.count for s in pack.stacks(["wand_fire", "wand_fire"])] == [2]


def test_slots_used_counts_rows():
    assert pack.slots_used([]) == 0
    assert pack.slots_used(["potion"] * 5 + ["dagger", "dagger"]) == 3


def test_an_item_fits_on_its_stack_or_in_a_free_slot():
    full = ["dagger"] * MAX_INVENTORY
    assert pack.slots_used(full) == MAX_INVENTORY == 20
    assert not pack.fits(full, "dagger") and not pack.fits(full, "potion")
    assert pack.fits(full[:-1], "dagger")
    with_potions = ["dagger"] * (MAX_INVENTORY - 1) + ["potion"] * 5
    assert pack.fits(with_potions, "potion") and not pack.fits(with_potions, "scroll_map")
    full_stack = ["dagger"] * (MAX_INVENTORY - 1) + ["potion"] * MAX_STACK
    assert not pack.fits(full_stack, "potion")


def test_a_saved_pack_keeps_what_fits_one_by_one():
    items = ["dagger"] * 19 + ["potion"] * 120 + ["mace", "potion", "arrow"]
    kept = pack.clamp_pack(items)
    assert kept == ["dagger"] * 19 + ["potion"] * 99
    assert pack.clamp_pack(["potion", "dagger", "potion"]) == ["potion", "dagger", "potion"]
    # a refused item does not stop the rest: a later potion still joins its stack
    assert pack.clamp_pack(["dagger"] * 19 + ["potion", "mace", "potion"]) == ["dagger"] * 19 + ["potion"] * 2
    # what clamp_pack keeps is what fits() would let in one by one
    grown: list[str] = []
    for item in items:
        if pack.fits(grown, item):
            grown.append(item)
    assert grown == kept


def test_the_flat_indices_of_a_row():
    inv = ["potion", "dagger", "potion", "dagger", "potion"]
    assert pack.stack_indices(inv, 0) == [0, 2, 4]
    assert pack.stack_indices(inv, 2) == [3]
    assert pack.stack_indices(inv, 3) == []
    many = ["potion"] * 101
    assert pack.stack_indices(many, 0) == list(range(99)) and pack.stack_indices(many, 1) == [99, 100]


@pytest.mark.parametrize(("item", "count", "said"), [
    ("potion", 1, "a potion of healing"), ("potion", 3, "3 potions of healing"), ("herbs", 2, "2 herbs"),
    ("timber", 4, "4 timber"), ("iron_ore", 2, "2 iron ore"), ("arrow", 8, "8 arrows"), ("dagger", 2, "2 daggers"),
    ("arrow", 0, "0 arrows")])
def test_counts_are_said_in_the_plural_that_fits(item, count, said):
    assert words.a(ITEM_BY_ID[item].name, count) == said
