"""Pick-up that thinks: walking over items (and auto-explore) takes what a
player would reach for and leaves copies and worse gear; the mode (all /
smart / none) is an option kept with the others and toggled in the menu;
``g`` still picks up anything."""

import json

import pygame
import pytest
from gameloop import key, make_app, press, run, run_until
from test_bugs import loaded
from test_rules import dungeon_run
from test_tactics import ARENA, hand_made, in_dungeon

import game.shell.app as app_module
from game.rules.actions.travel import explore_target
from game.rules.content import ITEM_BY_ID, ITEMS
from game.rules.creatures.entities import FloorItem
from game.rules.play.pickup import PICKUP_MODES, picks_up, wanted
from game.shell.options import OPTIONS_KEY, read_options

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def kit(g, weapon="dagger", swap=None, armour="leather", pack=()):
    p = g.player
    p.weapon, p.swap, p.armour, p.inventory = weapon, swap, armour, list(pack)


# -- what the smart mode wants ----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [k.id for k in ITEMS if k.kind in ("potion", "scroll", "wand", "resource")])
def test_consumables_are_always_wanted(kind):
    g = dungeon_run()
    assert wanted(g, ITEM_BY_ID[kind])


def test_missiles_are_wanted_only_for_a_launcher_carried():
    g = dungeon_run()
    kit(g)
    assert not any(wanted(g, ITEM_BY_ID[a]) for a in ("stone", "arrow", "bolt"))
    kit(g, swap="sling")  # ready to swap
    assert wanted(g, ITEM_BY_ID["stone"]) and not wanted(g, ITEM_BY_ID["arrow"])
    kit(g, pack=["crossbow"])  # in the pack
    assert wanted(g, ITEM_BY_ID["bolt"]) and not wanted(g, ITEM_BY_ID["stone"])
    kit(g, weapon="short_bow")  # in hand
    assert wanted(g, ITEM_BY_ID["arrow"])


def test_gear_is_wanted_only_when_better_than_any_of_its_sort_carried():
    g = dungeon_run()
    kit(g, weapon="short_sword", swap="short_bow", armour="studded", pack=["mace"])
    blades = {k.id: wanted(g, k) for k in ITEMS if k.kind == "weapon" and not k.ammo}
    assert blades == {"dagger": False, "short_sword": False, "spear": False, "mace": False, "long_sword": True,
                      "battle_axe": True, "rune_blade": True}  # compared with the best carried (the mace)
    launchers = {k.id: wanted(g, k) for k in ITEMS if k.ammo}
    assert launchers == {"sling": False, "short_bow": False, "crossbow": True}
    armour = {k.id: wanted(g, k) for k in ITEMS if k.kind == "armour"}
    assert armour == {"leather": False, "cloak": False, "studded": False, "chain": True, "scale": True, "plate": True,
                      "mithril": True}
    assert not wanted(g, ITEM_BY_ID["treasure"]) and not wanted(g, ITEM_BY_ID["relic"])


def test_the_mode_decides_what_walking_takes():
    g = dungeon_run()
    kit(g)
    copy, potion = FloorItem(1, ITEM_BY_ID["dagger"], 2, 1), FloorItem(2, ITEM_BY_ID["potion"], 2, 1)
    took = {mode: (g.set_pickup(mode), picks_up(g, copy), picks_up(g, potion))[1:] for mode in PICKUP_MODES}
    assert took == {"all": (True, True), "smart": (False, True), "none": (False, False)}
    assert not g.set_pickup("most") and g.pickup == "none"


# -- walking, auto-explore and g ------------------------------------------------------------------------------
def test_walking_takes_the_potion_and_leaves_the_copy_once_said(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    lv = g.level
    kit(g)
    lv.items += [FloorItem(900, ITEM_BY_ID["potion"], 3, 1), FloorItem(901, ITEM_BY_ID["dagger"], 5, 1),
                 FloorItem(902, ITEM_BY_ID["mace"], 7, 1)]
    g.travel_to(9, 1)
    assert run_until(app, lambda: not g.ongoing, 100)
    assert g.pos == (9, 1), "nothing it left stopped the walk"
    assert g.player.inventory == ["potion", "mace"]
    said = [m.text for m in g.log if "dagger" in m.text]
    assert said == ["You see here a dagger."]
    g.travel_to(1, 1)
    assert run_until(app, lambda: not g.ongoing, 100)
    assert [m.text for m in g.log if "dagger" in m.text] == said, "said once, not at every pass"
    g.pos = (5, 1)
    press(app, key(pygame.K_g, "g"))  # g takes anything
    assert "dagger" in g.player.inventory


def test_auto_explore_does_not_walk_to_what_it_would_leave(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    lv = g.level
    kit(g)
    lv.seen[:] = True
    lv.items += [FloorItem(903, ITEM_BY_ID["leather"], 15, 4)]
    assert explore_target(g) is None  # a copy of what is worn: nothing to go for
    lv.items += [FloorItem(904, ITEM_BY_ID["herbs"], 16, 4)]
    assert explore_target(g) == (16, 4)
    g.set_pickup("none")
    assert explore_target(g) is None
    g.set_pickup("all")
    assert explore_target(g) == (15, 4)


# -- the option ------------------------------------------------------------------------------------------------
def test_the_menu_cycles_the_pick_up_mode_and_it_is_remembered(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    assert g.pickup == "smart"
    press(app, key(pygame.K_ESCAPE))
    menu = app.top
    button = next(b for b in menu.buttons if b.label.startswith("Walking picks up"))
    assert button.label == "Walking picks up: useful things (P)"
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    assert button.label == "Walking picks up: nothing (P)" and g.pickup == "none"
    press(app, key(pygame.K_p, "p"))  # the key does it too
    assert button.label == "Walking picks up: everything (P)" and g.pickup == "all"
    assert json.loads(app.storage.get(OPTIONS_KEY))["pickup"] == "all"
    menu.quit()
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    run(again, 1)  # the option is given to the run as a command once it is not busy
    assert again.top.game.pickup == "all" and read_options(again.storage.get(OPTIONS_KEY)).pickup == "all"
