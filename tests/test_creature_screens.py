"""The creatures and growth through the real loop: the title's backgrounds,
the perk choice that opens by itself when a level is gained, the allies key,
and what the map and the panel show of allies, captives and mimics."""

import pygame
import pytest

import game.shell.app as app_module
from game.shell.controls import COMMAND_BY_NAME
from game.scenes.perks import PerksScene
from game.view.cards import wrap as _wrap
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.view import sprites

from creatures import put
from gameloop import key, make_app, press, run, run_until
from test_tactics import hand_made, in_dungeon

PERKS_KEY, ALLIES_KEY = COMMAND_BY_NAME["perks"].keys[0], COMMAND_BY_NAME["allies"].keys[0]  # "L", "A"


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def test_the_title_offers_the_backgrounds_and_starts_as_the_one_chosen(tmp_path):
    app = make_app("", tmp_path)
    title = app.top
    assert isinstance(title, TitleScene) and title.background == "fighter"
    press(app, key(pygame.K_DOWN))
    press(app, key(pygame.K_DOWN))
    assert title.background == "adept" and title.report()["background"] == "adept"
    press(app, key(pygame.K_UP))
    assert title.background == "hunter"
    title.name = "Kitworld"
    press(app, key(pygame.K_RETURN, "\r"))
    assert run_until(app, lambda: isinstance(app.top, PlayScene))
    assert app.top.game.player.background == "hunter" and app.top.game.player.weapon == "short_bow"


def test_a_world_link_starts_as_the_default_background(tmp_path):
    app = make_app("world=Linkland&size=small", tmp_path)
    assert run_until(app, lambda: isinstance(app.top, PlayScene))
    assert app.top.game.player.background == "fighter"


def test_a_level_gained_opens_the_perk_choice_and_a_key_takes_one(tmp_path):
    app, g = in_dungeon(tmp_path)
    g.player.gain_xp(40)  # one level
    run(app, 2)
    assert isinstance(app.top, PerksScene) and g.player.perks_owed == 1
    offer = g.perk_offer()
    press(app, key(pygame.K_2, "2"))
    run(app, 1)
    assert g.player.perks[-1] == offer[1].id and g.player.perks_owed == 0
    assert isinstance(app.top, PlayScene)


def test_the_perk_choice_can_wait_and_its_key_opens_it_again(tmp_path):
    app, g = in_dungeon(tmp_path)
    g.player.gain_xp(40)
    run(app, 2)
    press(app, key(pygame.K_ESCAPE))
    run(app, 2)
    assert isinstance(app.top, PlayScene) and g.player.perks_owed == 1  # not opened again by itself
    press(app, key(pygame.K_l, PERKS_KEY))
    run(app, 1)
    assert isinstance(app.top, PerksScene)
    card = app.top.cards[0]
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=card.center))
    run(app, 1)
    assert g.player.perks_owed == 0 and isinstance(app.top, PlayScene)


def test_the_allies_key_turns_their_order_around(tmp_path):
    app, g = in_dungeon(tmp_path)
    ally = put(g, "orc", 3, 2, ally=True)
    press(app, key(pygame.K_a, ALLIES_KEY))
    assert ally.order == "wait" and g.pos == (1, 1)  # the shifted letter is not a step left
    press(app, key(pygame.K_a, ALLIES_KEY))
    assert ally.order == "follow"


def test_allies_captives_and_guardians_wear_their_own_rims():
    pygame.init()
    pygame.display.set_mode((8, 8))
    rims = {shape: sprites.sprite("o", (120, 170, 60), 16, shape).get_at((8, 1))
            for shape in ("disc", "boss", "ally", "captive")}
    assert len({tuple(c) for c in rims.values()}) == 4


def test_the_map_draws_a_mimic_as_the_item_it_passes_for(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made("""\
##########
#........#
#........#
##########"""))
    mimic = put(g, "mimic", 4, 1, awake=False, hidden=True)
    g.touch()
    run(app, 2)
    view = app.top.view.map
    tile = view.tile_size()
    cx, cy, _, _, ox, oy = view.camera()
    x, y = ox + (mimic.x - cx) * tile, oy + (mimic.y - cy) * tile
    drawn = app.screen.subsurface((x, y, tile, tile)).copy()
    mimic.hidden = False
    g.touch()
    run(app, 2)
    shown = app.screen.subsurface((x, y, tile, tile)).copy()
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(shown, "RGB")
    assert g.describe(4, 1)[0].lower() != "mimic"


def test_perk_cards_wrap_their_words():
    assert _wrap("a b c", 3) == ["a b", "c"] and all(len(line) <= 22 for line in _wrap("x " * 40, 22))
