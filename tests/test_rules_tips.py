"""First-time tips: once each, switchable off, kept in the save (no digest
changes), listed in the help; and the weak-weapon prompt."""

from pathlib import Path

import numpy as np
import pygame
import pytest
from gameloop import key, make_app, press, run_until
from test_bugs import in_dungeon, loaded
from test_comforts import calm
from test_rules import dungeon_run, put_monster

import game.shell.app as app_module
from game.shell.options import OPTIONS_KEY, read_options
from game.rules.persistence import codec, digest, save
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.entities import FloorItem
from game.rules.run import Game
from game.rules.play.tips import TIP_BY_ID, TIPS, notice
from game.rules.world.vaults import ITEM_BASE
from worldgen.core.tiles import T

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
OLD_SAVE = Path(__file__).parent / "data" / "save-v1-oldbury.json"


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def tips_said(g):
    return [m.text for m in g.log if m.kind == "tip"]


def unknown_potion(g):
    return next(k for k in ITEM_BY_ID.values() if k.kind == "potion" and k.effect != "heal" and k.id not in g.known)


def test_the_first_unknown_potion_says_throwing_is_safer_once():
    g = dungeon_run()
    g.player.inventory = [unknown_potion(g).id]
    assert g.wait()
    assert tips_said(g) == [TIP_BY_ID["unknown_potion"].text] and "may heal or harm" in tips_said(g)[0]
    g.player.inventory.append(g.player.inventory[0])
    g.wait()
    assert len(tips_said(g)) == 1 and g.tips_seen == {"unknown_potion"}


def test_a_known_potion_says_nothing_and_tips_off_say_nothing():
    g = dungeon_run()
    g.player.inventory = ["potion"]  # healing is known from the start
    g.wait()
    assert tips_said(g) == []
    g.player.inventory = [unknown_potion(g).id]
    g.set_tips(False)
    g.wait()
    assert tips_said(g) == [] and not g.tips_seen


def test_a_level_gained_and_a_thief_in_view_each_say_their_tip():
    g = dungeon_run()
    g.player.perks_owed = 1
    g.wait()
    assert tips_said(g)[-1] == TIP_BY_ID["level_up"].text
    thief = put_monster(g.level, 5, 1, "cutpurse", awake=False)
    assert thief.behaviour == "thief"
    g.level.update_view(*g.pos)
    g.wait()
    assert tips_said(g)[-1] == TIP_BY_ID["thief"].text


def test_an_altar_cage_in_view_says_one_thing_only_may_be_taken():
    g = dungeon_run()
    level = g.level
    level.vaults = [{"design": "cage", "items": [[5, 1], [6, 1]]}, {"design": "library", "items": [[3, 5]]}]
    for j, (x, y) in enumerate(((5, 1), (6, 1))):
        level.tiles[y, x] = T.pedestal
        level.items.append(FloorItem(ITEM_BASE + j, ITEM_BY_ID["dagger"], x, y))
    level.update_view(*g.pos)
    level.sprung = [0]  # already chosen: nothing to warn of
    notice(g)
    assert tips_said(g) == []
    level.sprung = []
    notice(g)
    assert tips_said(g) == [TIP_BY_ID["altar_cage"].text]


def test_the_weak_weapon_prompt_comes_each_time_a_foe_steps_beside_a_launcher():
    g = dungeon_run()
    g.player.weapon, g.player.swap = "sling", "short_sword"
    rat = put_monster(g.level, 2, 1, "rat", awake=False)
    g.level.update_view(*g.pos)
    notice(g)
    prompt = "The giant rat is beside you; your sling is weak up close (W: swap weapons)."
    assert tips_said(g) == [prompt]
    notice(g)
    assert tips_said(g) == [prompt]  # once while it stays
    rat.x = 5  # it steps off, then back
    notice(g)
    rat.x = 2
    notice(g)
    assert tips_said(g) == [prompt + " x2"]  # said again (counted on the same line)
    g.player.weapon, g.player.swap = "short_sword", "sling"  # the blade in hand: nothing to say
    rat.x = 5
    notice(g)
    rat.x = 2
    notice(g)
    assert tips_said(g) == [prompt + " x2"]


def test_the_tips_said_are_saved_and_old_saves_load_without_them():
    g = dungeon_run()
    g.player.level, g.player.perks_owed = 2, 1
    g.wait()
    body = codec.run_to_json(g)
    assert body["tips"] == ["level_up"]
    again = Game.from_json(body)
    assert again.tips_seen == {"level_up"} and not again.repaired
    assert digest.state_digest(again) == digest.state_digest(Game.from_json(dict(body, tips=[])))  # no digest
    junk = Game.from_json(dict(body, tips=["level_up", "no_such_tip", 5, None] * 40))
    assert junk.tips_seen == {"level_up"} and "tips" in junk.repaired
    assert Game.from_json(dict(body, tips="level_up")).tips_seen == set()
    old, why = save.decode(OLD_SAVE.read_text(encoding="utf-8"))
    assert why == "" and "tips" not in old
    loaded_old = Game.from_json(old)
    assert loaded_old.tips_seen == set() and loaded_old.repaired == []
    assert "tips" not in codec.run_to_json(Game.new("Tipland", "small", 1))  # written only once one was said


def test_the_first_arrow_key_step_says_where_the_diagonals_are_and_vi_keys_do_not(tmp_path):
    app, g = in_dungeon(tmp_path, "Tipland")
    calm(g)
    press(app, key(pygame.K_h, "h"))
    assert "diagonals" not in g.tips_seen
    for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_LEFT):
        press(app, key(k))
    assert tips_said(g).count(TIP_BY_ID["diagonals"].text) == 1


def test_the_menu_turns_tips_off_and_it_is_remembered(tmp_path):
    app, g = in_dungeon(tmp_path, "Tipland")
    calm(g)
    press(app, key(pygame.K_ESCAPE))
    menu = app.top
    button = next(b for b in menu.buttons if b.label.startswith("First-time tips"))
    assert button.label == "First-time tips: on (H)"
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    assert button.label == "First-time tips: off (H)" and not g.tips_on
    assert read_options(app.storage.get(OPTIONS_KEY)).tips is False
    press(app, key(pygame.K_ESCAPE))
    press(app, key(pygame.K_LEFT))
    assert "diagonals" not in g.tips_seen
    app.top.save_now()
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    assert not again.top.game.tips_on


def test_the_help_lists_every_tip_and_the_words_of_crafting_and_pick_up(tmp_path):
    from game.scenes.help import BOX, word_lines
    from game.view import ui
    app, g = in_dungeon(tmp_path, "Tipland")
    press(app, key(pygame.K_SLASH, "?"))
    helpscene = app.top
    press(app, key(pygame.K_TAB))
    assert app.top is helpscene and helpscene.page == 1
    helpscene._layer_key = None
    ui.drawn = []
    try:
        helpscene.draw(app.screen)
        drawn = list(ui.drawn)
        shown = " ".join(text for _, _, text in drawn)
    finally:
        ui.drawn = None
    for t in TIPS:
        assert t.when in shown
    assert "3 iron ore make +1 attack for good" in shown and "useful things" in shown
    assert "keeps its letter" in shown and "is read first" in shown and "healing at full health" in shown
    box = helpscene.box(app.screen, *BOX, alpha=0)
    assert all(rect.bottom <= box.height for _, rect, _ in drawn), "the words run off the help page"
    assert all(line for _, line in word_lines())
    press(app, key(pygame.K_ESCAPE))
    assert app.top is not helpscene


def test_every_tip_and_the_longest_weapon_prompt_fit_the_message_strip_whole():
    from game.rules.text import words
    from game.rules.content import MONSTERS
    from game.rules.text.log import SHOWN as LINE  # what the strip under the map shows of a line
    assert all(len(t.text) <= LINE for t in TIPS), [t.id for t in TIPS if len(t.text) > LINE]
    longest = max((f"the guardian {m.name}" for m in MONSTERS), key=len)
    launcher = max((k.name for k in ITEM_BY_ID.values() if k.kind == "weapon" and k.ammo), key=len)
    prompt = f"{words.capital(longest)} is beside you; your {launcher} is weak up close (W: swap weapons)."
    assert len(prompt) <= LINE, prompt
