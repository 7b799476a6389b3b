"""What walking over an item picks up (game/rules/play/pickup.py): the three
modes, the smart mode's wants (consumables, the unknown, ammunition for a
launcher carried, gear better than its rivals), the prizes never, and what
the player put down never again."""

from dataclasses import replace

import pytest

from game.rules.content import ITEMS
from game.rules.creatures.entities import FloorItem
from game.rules.play.pickup import carried_gear, picks_up, wanted

from creatures import run_on


def kinds(pred):
    return [k for k in ITEMS if pred(k)]


def bare():
    """A run with nothing in hand, worn or packed."""
    g = run_on()
    p = g.player
    p.weapon, p.swap, p.armour, p.inventory = "", "", "", []
    return g


def test_carried_gear_is_every_weapon_and_armour_in_hand_ready_worn_or_packed_once_each():
    g = bare()
    blade, other = kinds(lambda k: k.kind == "weapon" and not k.ammo)[:2]
    bow = kinds(lambda k: k.kind == "weapon" and k.ammo)[0]
    armour = kinds(lambda k: k.kind == "armour")[0]
    potion = kinds(lambda k: k.kind == "potion")[0]
    p = g.player
    p.weapon, p.swap, p.armour = blade.id, bow.id, armour.id
    p.inventory = [other.id, potion.id, other.id]
    assert carried_gear(g) == [blade, bow, armour, other]
    p.weapon = p.swap = p.armour = ""
    p.inventory = []
    assert carried_gear(g) == []


@pytest.mark.parametrize("kind", ["potion", "scroll", "wand", "resource"])
def test_smart_pick_up_wants_every_consumable_known_or_not(kind):
    g = bare()
    for k in kinds(lambda k: k.kind == kind):
        g.known.add(k.id)
        assert wanted(g, k)


def test_a_consumable_is_wanted_whatever_its_power():
    g = bare()
    potion = kinds(lambda k: k.kind == "potion")[0]
    g.known.add(potion.id)
    assert wanted(g, replace(potion, power=-5))


def test_smart_pick_up_never_wants_the_prizes():
    g = bare()
    for k in kinds(lambda k: k.kind in ("treasure", "relic")):
        assert not wanted(g, k)


def test_smart_pick_up_wants_ammunition_only_for_a_launcher_carried():
    g = bare()
    bow = kinds(lambda k: k.kind == "weapon" and k.ammo)[0]
    ammo = next(k for k in ITEMS if k.id == bow.ammo)
    other = next(k for k in ITEMS if k.kind == "ammo" and k.id != bow.ammo)
    assert not wanted(g, ammo)
    g.player.inventory = [bow.id]
    assert wanted(g, ammo) and not wanted(g, other)


def test_smart_pick_up_wants_gear_better_than_any_of_its_rank_carried():
    g = bare()
    blades = sorted(kinds(lambda k: k.kind == "weapon" and not k.ammo), key=lambda k: k.power)
    weak, strong = blades[0], blades[-1]
    assert weak.power < strong.power
    assert wanted(g, weak)  # nothing of its rank carried
    g.player.weapon = strong.id
    assert not wanted(g, weak) and not wanted(g, strong)  # worse, and as good
    g.player.weapon = weak.id
    assert wanted(g, strong)


def test_gear_with_no_power_is_wanted_when_nothing_of_its_rank_is_carried():
    g = bare()
    blade = kinds(lambda k: k.kind == "weapon" and not k.ammo)[0]
    assert wanted(g, replace(blade, power=0))


def test_blades_launchers_and_armour_are_each_compared_with_their_own_rank():
    g = bare()
    blade = max(kinds(lambda k: k.kind == "weapon" and not k.ammo), key=lambda k: k.power)
    bow = min(kinds(lambda k: k.kind == "weapon" and k.ammo), key=lambda k: k.power)
    armour = min(kinds(lambda k: k.kind == "armour"), key=lambda k: k.power)
    g.player.weapon = blade.id
    assert wanted(g, bow) and wanted(g, armour)  # a strong blade is no launcher nor armour
    g.player.weapon, g.player.swap, g.player.armour = "", bow.id, armour.id
    weaker_blade = min(kinds(lambda k: k.kind == "weapon" and not k.ammo), key=lambda k: k.power)
    assert wanted(g, weaker_blade)
    assert not wanted(g, bow) and not wanted(g, armour)


def test_each_mode_picks_up_its_share():
    g = bare()
    potion = kinds(lambda k: k.kind == "potion")[0]
    blade = kinds(lambda k: k.kind == "weapon" and not k.ammo)[0]
    g.player.weapon = blade.id
    it, copy = FloorItem(901, potion, 1, 1), FloorItem(902, blade, 1, 1)
    g.pickup = "all"
    assert picks_up(g, it) and picks_up(g, copy)
    g.pickup = "smart"
    assert picks_up(g, it) and not picks_up(g, copy)
    g.pickup = "none"
    assert not picks_up(g, it) and not picks_up(g, copy)


def test_what_the_player_put_down_is_never_picked_up_by_walking():
    g = bare()
    it = FloorItem(901, kinds(lambda k: k.kind == "potion")[0], 1, 1)
    g.level.put_down.add(901)
    for mode in ("all", "smart", "none"):
        g.pickup = mode
        assert not picks_up(g, it)


@pytest.mark.parametrize("vault", [0, 1])
def test_walking_never_picks_up_a_find_whose_taking_springs_its_vault_the_first_vault_too(vault):
    """An altar cage's find (vault 0, the level's first, or another) is the player's choice: g,
    never a step; once the cage has closed, the same find is any item again."""
    from game.rules.world.vaults import ITEM_BASE
    g = bare()
    g.pickup = "all"
    potion = kinds(lambda k: k.kind == "potion")[0]
    g.level.vaults[:] = [{"design": "cage", "items": [[1, 1]]} for _ in range(vault + 1)]
    find = FloorItem(ITEM_BASE + 64 * vault, potion, 1, 1)
    assert not picks_up(g, find)
    g.level.sprung.append(vault)
    assert picks_up(g, find)
