"""Scrolls read first and chosen after, through the real loop: the pack
never asks for a target before an unknown scroll is read; once read, the
target screen (where it acts) or the enchant cards (what it enchants) open
by themselves, and Esc lets the scroll crumble."""

import pygame
import pytest

import game.shell.app as app_module
from game.scenes.enchant import EnchantScene
from game.scenes.pack import PackScene
from game.scenes.play import PlayScene
from game.scenes.target import TargetScene

from gameloop import key, press, run
from test_tactics import in_dungeon


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def _read_first_row(app, g, item):
    g.player.inventory[:] = [item]
    g.known.discard(item)
    press(app, key(pygame.K_i, "i"))
    assert isinstance(app.top, PackScene)
    press(app, key(pygame.K_RETURN, "\r"))  # use the first row
    run(app, 2)


def test_an_unknown_blink_scroll_is_read_then_the_target_screen_asks_where(tmp_path):
    app, g = in_dungeon(tmp_path)
    _read_first_row(app, g, "scroll_blink")
    assert isinstance(app.top, TargetScene) and app.top.purpose == "read"
    assert "scroll of blinking" in app.top.describe() and "Esc: let it crumble" in app.top.describe()
    app.top.cursor = (5, 1)
    press(app, key(pygame.K_RETURN, "\r"))
    run(app, 2)
    assert g.pos == (5, 1) and g.player.reading == "" and isinstance(app.top, PlayScene)


def test_esc_on_the_target_screen_lets_a_read_scroll_crumble(tmp_path):
    app, g = in_dungeon(tmp_path)
    _read_first_row(app, g, "scroll_blink")
    press(app, key(pygame.K_ESCAPE))
    run(app, 2)
    assert isinstance(app.top, PlayScene) and g.player.reading == "" and g.pos == (1, 1)
    assert g.log[-1].text == "The scroll of blinking crumbles to dust, unused."


def test_a_scroll_of_enchanting_opens_the_cards_and_a_key_enchants_the_weapon(tmp_path):
    app, g = in_dungeon(tmp_path)
    weapon = g.player.weapon
    _read_first_row(app, g, "scroll_enchant")
    assert isinstance(app.top, EnchantScene)
    names = app.top.report()["enchant"]
    assert names[0].endswith("(in hand)")
    press(app, key(pygame.K_1, "1"))
    run(app, 2)
    assert g.player.enchants == {weapon: 1} and isinstance(app.top, PlayScene)


def test_a_save_made_while_a_scroll_waits_opens_its_choice_again(tmp_path):
    app, g = in_dungeon(tmp_path)
    g.player.reading = "scroll_enchant"
    g.touch()
    run(app, 2)
    assert isinstance(app.top, EnchantScene)


def test_healing_at_full_hp_asks_first_and_no_keeps_the_potion(tmp_path):
    from game.scenes.confirm import ConfirmScene
    app, g = in_dungeon(tmp_path)
    g.player.inventory[:] = ["potion"]
    g.player.hp = g.player.max_hp
    press(app, key(pygame.K_i, "i"))
    press(app, key(pygame.K_RETURN, "\r"))
    run(app, 1)
    assert isinstance(app.top, ConfirmScene) and "not hurt" in app.top.report()["question"]
    press(app, key(pygame.K_n, "n"))
    run(app, 1)
    assert isinstance(app.top, PackScene) and g.player.inventory == ["potion"] and g.turn == 0
    press(app, key(pygame.K_RETURN, "\r"))
    press(app, key(pygame.K_y, "y"))
    run(app, 1)
    assert g.player.inventory == [] and g.turn == 1


def test_a_known_fire_potion_thrown_beside_the_hero_asks_first(tmp_path):
    from game.scenes.confirm import ConfirmScene
    from test_tactics import monster
    app, g = in_dungeon(tmp_path)
    g.player.inventory[:] = ["potion_fire"]
    g.known.add("potion_fire")
    rat = monster(g.level, "rat", 2, 1)
    press(app, key(pygame.K_t, "t"))
    press(app, key(pygame.K_RETURN, "\r"))  # throw the first row: the target screen, on the rat
    run(app, 1)
    assert isinstance(app.top, TargetScene) and app.top.cursor == rat.pos
    press(app, key(pygame.K_RETURN, "\r"))
    run(app, 1)
    assert isinstance(app.top, ConfirmScene) and "would reach you too" in app.top.report()["question"]
    press(app, key(pygame.K_ESCAPE))
    run(app, 1)
    assert isinstance(app.top, TargetScene) and g.player.inventory == ["potion_fire"]


def test_enchanting_with_no_gear_says_so_and_esc_lets_it_crumble(tmp_path):
    app, g = in_dungeon(tmp_path)
    g.player.weapon = g.player.swap = g.player.armour = None
    _read_first_row(app, g, "scroll_enchant")
    assert isinstance(app.top, EnchantScene) and app.top.report()["enchant"] == []
    press(app, key(pygame.K_1, "1"))  # no card: nothing happens
    assert isinstance(app.top, EnchantScene) and g.player.reading == "scroll_enchant"
    press(app, key(pygame.K_ESCAPE))
    run(app, 2)
    assert isinstance(app.top, PlayScene) and g.player.reading == "" and g.player.enchants == {}
