"""Launchers that are easy to use: a second weapon ready to swap (saved), W
swaps, wielding a launcher puts the blade in hand ready to swap (the sling
no longer drops the dagger into the pack), and f readies a launcher carried
and fires the missiles it takes."""

import pygame
import pytest
from gameloop import key, press, run_until
from test_rules import dungeon_run
from test_tactics import ARENA, hand_made, in_dungeon, monster

import game.shell.app as app_module
from game.rules.persistence import codec
from game.rules.content import BACKGROUND_BY_ID, ITEM_BY_ID
from game.rules.world.location import WorldMap
from game.rules.run import Game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def test_a_new_fighter_holds_the_sword_with_the_sling_ready():
    g = Game.new("Slingham", "small", 1, background="fighter")
    fighter = BACKGROUND_BY_ID["fighter"]
    assert (g.player.weapon, g.player.swap) == ("short_sword", "sling") == (fighter.weapon, fighter.swap)
    assert "sling" not in g.player.inventory and "stone" in g.player.inventory


def test_a_new_hunter_holds_the_bow_with_the_dagger_ready():
    g = Game.new("Slingham", "small", 1, background="hunter")
    assert (g.player.weapon, g.player.swap) == ("short_bow", "dagger")
    assert "dagger" not in g.player.inventory and "arrow" in g.player.inventory


def test_swapping_exchanges_the_weapons_and_takes_a_turn():
    g = dungeon_run()
    g.player.weapon, g.player.swap = "dagger", "sling"
    assert g.swap_weapons() and g.turn == 1
    assert (g.player.weapon, g.player.swap) == ("sling", "dagger")
    assert g.log[-1].text == "You wield the sling (the dagger is ready)."
    g.player.swap = None
    assert not g.swap_weapons() and g.turn == 1 and "no second weapon" in g.log[-1].text


def test_wielding_a_launcher_puts_the_blade_ready_and_keeps_the_pack_size():
    g = dungeon_run()
    p = g.player
    p.weapon, p.swap, p.inventory = "dagger", None, ["short_bow", "potion"]
    assert g.use_item(0)
    assert (p.weapon, p.swap, p.inventory) == ("short_bow", "dagger", ["potion"])
    said = [m.text for m in g.log[-2:]]
    assert said == ["You wield the short bow.", "The dagger is ready to swap (W: swap weapons)."]
    p.inventory = ["crossbow", "potion"]  # another launcher: the bow goes back to the pack, the dagger stays ready
    assert g.use_item(0)
    assert (p.weapon, p.swap, p.inventory) == ("crossbow", "dagger", ["short_bow", "potion"])
    p.inventory = ["mace"]  # a blade while a launcher is in hand: the launcher is made ready, the old blade packed
    assert g.use_item(0)
    assert (p.weapon, p.swap, p.inventory) == ("mace", "crossbow", ["dagger"])
    p.inventory = ["long_sword"]  # a blade for a blade: the old one to the pack
    assert g.use_item(0)
    assert (p.weapon, p.swap, p.inventory) == ("long_sword", "crossbow", ["mace"])


def test_w_and_f_through_the_loop_ready_the_sling_and_shoot_stones(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    p = g.player
    p.weapon, p.swap, p.inventory = "dagger", "sling", ["stone"] * 5 + ["arrow"] * 5
    gob = monster(g.level, "goblin", 6, 1, hp=40)
    turn = g.turn
    press(app, key(pygame.K_f, "f"))  # the dagger cannot shoot: f takes up the sling (a turn), then aims
    assert p.weapon == "sling" and p.swap == "dagger" and g.turn == turn + 1
    assert type(app.top).__name__ == "TargetScene" and app.top.cursor == (gob.x, gob.y)
    press(app, key(pygame.K_f, "f"))  # f again fires a stone, not an arrow
    assert p.inventory.count("stone") == 4 and p.inventory.count("arrow") == 5
    assert any(m.text == "You fire your sling." for m in g.log[-3:])
    press(app, key(0, "W"))  # back to the blade
    assert p.weapon == "dagger" and p.swap == "sling"


def test_f_says_why_when_nothing_can_shoot(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    p = g.player
    p.weapon, p.swap, p.inventory = "dagger", None, ["potion"]
    press(app, key(pygame.K_f, "f"))
    assert type(app.top).__name__ == "PlayScene"
    assert g.log[-1].text == "You have nothing to fire: a bow or a sling shoots, a spear reaches (t: throw anything)."
    p.swap = "short_bow"  # a bow ready, but no arrows
    press(app, key(pygame.K_f, "f"))
    assert g.log[-1].text == "You have no arrows for your short bow." and p.weapon == "dagger"


def test_f_takes_the_best_launcher_from_the_pack_when_none_is_ready(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    p = g.player
    p.weapon, p.swap, p.inventory = "mace", None, ["sling", "short_bow", "crossbow", "stone", "arrow"]
    monster(g.level, "goblin", 6, 1, hp=40)
    press(app, key(pygame.K_f, "f"))  # no bolts for the crossbow: the bow, best of those that can shoot
    assert p.weapon == "short_bow" and p.swap == "mace" and "short_bow" not in p.inventory
    assert type(app.top).__name__ == "TargetScene"


def test_the_weapon_ready_to_swap_is_saved_and_a_bad_one_is_dropped():
    g = Game(WorldMap("Slingham"), "small", 1)
    g.player.weapon, g.player.swap = "dagger", "crossbow"
    body = codec.player_to_json(g.player)
    assert body["swap"] == "crossbow" and codec.player_from_json(body).swap == "crossbow"
    for bad in ("potion", "leather", "treasure", 5, None, "no-such-thing"):
        assert codec.player_from_json(dict(body, swap=bad)).swap is None
    del body["swap"]  # a save from before the swap slot
    assert codec.player_from_json(body).swap is None
    g.player.swap = None
    assert "swap" not in codec.player_to_json(g.player)  # so older saves read back unchanged


def test_a_saved_run_keeps_its_ready_weapon_through_the_loop(tmp_path):
    from gameloop import make_app
    from test_bugs import loaded
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    blade = g.player.weapon
    press(app, key(0, "W"))
    assert g.player.weapon == "sling"
    app.top.save_now()
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    g2 = again.top.game
    assert (g2.player.weapon, g2.player.swap) == ("sling", blade) and not g2.repaired


# -- aiming with nothing to aim at says why, and does not open -----------------------------------------------
def test_f_with_no_foe_in_view_says_so_keeps_the_blade_and_takes_no_turn(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    p = g.player
    p.weapon, p.swap, p.inventory = "dagger", "sling", ["stone"] * 5
    turn = g.turn
    press(app, key(pygame.K_f, "f"))
    assert type(app.top).__name__ == "PlayScene" and p.weapon == "dagger" and g.turn == turn
    assert g.log[-1].text == "There is no foe in view to shoot at."


def test_f_with_the_only_foe_asleep_and_out_of_range_says_both(tmp_path):
    level = hand_made("#" * 30 + "\n#" + "." * 28 + "#\n" + "#" * 30)
    app, g = in_dungeon(tmp_path, level)
    p = g.player
    p.weapon, p.swap, p.inventory = "dagger", "sling", ["stone"] * 5
    rat = monster(g.level, "rat", 1 + 8, 1, awake=False)
    reach = ITEM_BY_ID["sling"].range
    assert 8 > reach
    press(app, key(pygame.K_f, "f"))
    assert type(app.top).__name__ == "PlayScene" and p.weapon == "dagger"
    assert g.log[-1].text == f"The {rat.kind.name} (asleep) is out of range: 8 cells off, your sling reaches {reach}."
    rat.x = 1 + reach  # at the edge of its reach: f readies the sling and aims
    press(app, key(pygame.K_f, "f"))
    assert type(app.top).__name__ == "TargetScene" and p.weapon == "sling"


def test_f_with_a_wall_between_says_there_is_no_clear_shot():
    g = dungeon_run(hand_made(ARENA))
    g.player.weapon, g.player.swap, g.player.inventory = "sling", "dagger", ["stone"] * 5
    g.pos = (6, 4)  # the pillar at (7, 3)-(7, 4) stands between
    gob = monster(g.level, "goblin", 9, 4)
    g.level.update_view(*g.pos)
    g.level.visible[gob.y, gob.x] = True
    assert not g.ready_to_fire()
    assert g.log[-1].text == "No clear shot at the goblin: a wall is in the way."
    gob.x, gob.y = 4, 1  # in the open: the shot is there
    g.level.update_view(*g.pos)
    assert g.ready_to_fire()


def test_a_wand_with_no_foe_in_reach_is_not_aimed_but_a_throw_always_may_be():
    g = dungeon_run(hand_made(ARENA))
    g.player.inventory = ["wand_fire", "potion"]
    assert not g.ready_to_aim("use", 0) and "no foe in view to zap at" in g.log[-1].text
    assert g.ready_to_aim("throw", 1) and g.ready_to_aim()
