"""Rest and search (stepped turn by turn, stopped by any key, clear about
why they stop), and walks that go on through the player's own poison or
burning ticks unless HP falls below HURT_FRACTION (a blow still stops them)."""

import pygame
import pytest
from gameloop import key, press, run, run_until
from test_rules import dungeon_run, make_level, put_monster
from test_tactics import ARENA, hand_made, in_dungeon, monster

import game.shell.app as app_module
from game.rules import engine
from game.rules.creatures import status
from game.rules.actions import travel
from game.rules.actions.effects import Damage
from game.rules.actions.features import TRAPS
from game.rules.actions.travel import HURT_FRACTION, SEARCH_TURNS
from worldgen.core import seeding
from game.rules.creatures.entities import FloorItem
from game.rules.content import ITEM_BY_ID
from game.scenes.play import REST_TURNS_PER_FRAME
from worldgen.core.tiles import T

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def rest_out(g, limit=3000):
    """Step the rest (or walk) as the screen does until it ends; the turns it took."""
    turn = g.turn
    for _ in range(limit):
        if not g.ongoing:
            break
        g.go_on()
    assert not g.ongoing
    return g.turn - turn


# -- rest ----------------------------------------------------------------------------------------------------
def test_resting_goes_on_until_healed_and_says_so():
    g = dungeon_run()
    g.player.hp = 10
    assert g.rest() and g.resting == "rest" and g.turn == 0  # no time passes until it is stepped
    turns = rest_out(g)
    assert g.player.hp == g.player.max_hp and turns > 20
    assert g.log[-1].text == f"You are rested: {g.player.max_hp}/{g.player.max_hp} HP after {turns} turns."


def test_resting_waits_out_a_harmful_status_too():
    g = dungeon_run()
    status.add(g.player, "confused", 7)
    assert g.rest()
    assert rest_out(g) == 7 and "confused" not in g.player.statuses
    assert g.log[-1].text.startswith("You are rested")


def test_rest_refuses_when_there_is_nothing_to_wait_for_or_danger_in_view():
    g = dungeon_run()
    assert not g.rest() and g.log[-1].text.startswith("You are rested (30/30 HP)")
    g.player.hp = 12
    rat = put_monster(g.level, 3, 1, awake=True)
    g.level.update_view(*g.pos)
    assert not g.rest() and g.log[-1].text == "You cannot rest with the giant rat in view."
    rat.awake = False  # a sleeper in view does not stop a rest
    assert g.rest()
    g.stop_walk()
    status.add(g.player, "burning", 3)
    assert not g.rest() and "burn" in g.log[-1].text and not g.resting


def test_resting_stops_when_a_monster_comes_into_view():
    g = dungeon_run()
    g.player.hp = 5
    assert g.rest()
    for _ in range(3):
        g.go_on()
    put_monster(g.level, 6, 1, awake=False)  # it walked in while the player rested
    g.go_on()
    assert not g.resting and g.log[-1].text == "You stop resting: the giant rat comes into view."
    assert g.player.hp < g.player.max_hp


def test_resting_beside_a_sleeper_stops_when_it_wakes():
    g = dungeon_run()
    g.player.hp = 5
    viper = put_monster(g.level, 6, 2, kind="snake", awake=False)  # a deep sleeper: sight does not wake it
    g.level.update_view(*g.pos)
    assert g.rest()
    for _ in range(3):
        g.go_on()
    assert g.resting
    viper.awake = True  # a noise woke it
    g.go_on()
    assert not g.resting and g.log[-1].text == "You stop resting: the viper notices you."


def test_resting_stops_when_a_blow_lands():
    g = dungeon_run()
    g.player.hp = 20
    assert g.rest()
    g.go_on()
    rat = put_monster(g.level, 2, 2, awake=False)
    g.activity.seen.add(rat.index)  # already seen: only the blow is new
    engine.resolve(g, Damage(g.player, 3, rat.name))
    g.go_on()
    assert not g.resting and g.log[-1].text.startswith("You stop resting: you are hurt (")


def test_resting_while_poisoned_stops_only_below_half_health(monkeypatch):
    g = dungeon_run()
    g.player.hp = 24
    status.add(g.player, "poisoned", 5)
    assert g.rest()
    rest_out(g)
    assert g.log[-1].text.startswith("You are rested"), "24 HP less 5 ticks stays above half: it waited"
    g.player.hp = 16
    status.add(g.player, "poisoned", 5)
    assert g.rest()
    rest_out(g)
    assert g.log[-1].text == "You stop resting: you are hurt (14/30 HP)."
    assert 14 < HURT_FRACTION * 30


def test_a_rest_is_bounded(monkeypatch):
    monkeypatch.setattr(travel, "MAX_REST_TURNS", 12)
    g = dungeon_run()
    g.player.hp = 5
    monkeypatch.setattr(type(g.player), "regenerate", lambda self, turns: None)  # it never heals
    assert g.rest()
    assert rest_out(g) == 12 and g.log[-1].text == "You stop resting after 12 turns (5/30 HP)."


# -- search ----------------------------------------------------------------------------------------------------
def test_search_takes_a_few_turns_and_finds_the_secret_door_close_by():
    g = dungeon_run()  # ROOM has a secret door at (5, 4)
    g.pos = (3, 3)
    g.level.update_view(*g.pos)
    assert g.search() and g.resting == "search"
    assert rest_out(g) == SEARCH_TURNS
    assert not g.level.secret.any() and any("secret door" in m.text for m in g.log)
    assert g.log[-1].text == f"You search for {SEARCH_TURNS} turns."


def test_search_says_when_it_finds_nothing():
    g = dungeon_run(make_level(ROOM_PLAIN))
    assert g.search()
    rest_out(g)
    assert g.log[-1].text == f"You search for {SEARCH_TURNS} turns and find nothing."


ROOM_PLAIN = """\
##########
#........#
#........#
#........#
#........#
#........#
##########"""


# -- through the real loop: R and S are stepped, drawn, and stopped by a key -----------------------------------
def test_r_rests_a_few_turns_a_frame_and_any_key_stops_it(tmp_path):
    app, g = in_dungeon(tmp_path, hand_made(ARENA))
    g.player.hp = 3
    press(app, key(0, "R"), frames=1)
    assert g.resting == "rest"
    turn = g.turn
    run(app, 2)
    assert 0 < g.turn - turn <= 2 * REST_TURNS_PER_FRAME, "a few turns a frame: the screen follows the rest"
    shown = app.top.view.panel._key
    assert shown[0] == g.version  # the panel was redrawn for the turns rested
    press(app, key(pygame.K_x, "x"), frames=1)  # any key stops it (and does nothing else)
    assert not g.resting and type(app.top).__name__ == "PlayScene"
    turn = g.turn
    run(app, 5)
    assert g.turn == turn
    press(app, key(0, "R"))
    assert run_until(app, lambda: not g.resting, 2000)
    assert g.player.hp == g.player.max_hp and g.log[-1].text.startswith("You are rested")


def test_s_searches_through_the_loop(tmp_path):
    level = hand_made(ARENA)
    level.tiles[3, 8] = T.secret_door
    level.secret = level.tiles == T.secret_door
    level._refresh_masks()
    app, g = in_dungeon(tmp_path, level)
    g.pos = (6, 2)
    level.update_view(*g.pos)
    press(app, key(pygame.K_s, "S"))
    assert run_until(app, lambda: not g.resting, 100)
    assert not level.secret.any() and g.log[-1].text == f"You search for {SEARCH_TURNS} turns."


# -- auto-explore goes on through the player's own ticks ---------------------------------------------------------
def explore_level():
    return hand_made("""\
##############################
#............................#
#............................#
#............................#
#............................#
##############################""")


def test_auto_explore_goes_on_through_its_own_poison(tmp_path):
    app, g = in_dungeon(tmp_path, explore_level())
    status.add(g.player, "poisoned", 12)
    hp = g.player.hp
    press(app, key(pygame.K_o, "o"))
    assert run_until(app, lambda: not g.exploring, 3000)
    assert g.player.hp < hp, "the poison ticked as it walked"
    assert not [m.text for m in g.log if m.text.startswith("You stop")]
    assert any("explored everything" in m.text for m in g.log)


def test_auto_explore_stops_for_its_own_ticks_below_half_health_and_says_so(tmp_path):
    app, g = in_dungeon(tmp_path, explore_level())
    status.add(g.player, "burning", 20)
    g.player.max_hp, g.player.hp = 30, 16  # burning takes 2 a turn: 14 is under half of 30
    press(app, key(pygame.K_o, "o"))
    assert run_until(app, lambda: not g.exploring, 3000)
    assert g.log[-1].text == "You stop: you are hurt (14/30 HP)."


def test_a_blow_still_stops_auto_explore(tmp_path):
    app, g = in_dungeon(tmp_path, explore_level())
    lv = g.level
    bat = monster(lv, "bat", 3, 2, hp=999)
    bat.attack = 6
    g.player.hp = g.player.max_hp = 500
    lv.update_view(*g.pos)
    g.explore()
    g.activity.seen.add(bat.index)  # seen when it began: only the bite stops it
    assert run_until(app, lambda: not g.exploring, 300)
    assert g.log[-1].text.startswith("You stop: you are hurt (") or "next to you" in g.log[-1].text
    assert g.player.hp >= 500 - 2 * 6


def test_a_dart_trap_stops_a_walk_though_the_poison_it_leaves_would_not():
    level = make_level(ROOM_PLAIN)
    x, y = next((x, y) for y in range(1, 6) for x in range(3, 7)
                if TRAPS[int(seeding.rng(level.seed, "trap", 1, y, x).integers(0, len(TRAPS)))] == "dart")
    level.tiles[y, x] = T.trap
    level.hidden_traps[y, x] = True
    g = dungeon_run(level)
    g.pos = (1, y)
    level.update_view(*g.pos)
    g.travel_to(8, y)
    rest_out(g)
    assert g.pos == (x, y) and "poisoned" in g.player.statuses
    assert g.log[-1].text == f"You stop: you are hurt ({g.player.hp}/30 HP)."
    g.travel_to(8, y)  # poisoned, above half health: the ticks do not stop the walk on
    rest_out(g)
    assert g.pos == (8, y) and g.player.hp < 28
