"""Using items from the pack (``Game.use_item``), one kind at a time."""

from game.rules.content import ITEM_BY_ID
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
