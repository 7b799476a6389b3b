"""The rules of a run, without a display: energy, actions, behaviours,
effects, builds and the engine, on small hand-made levels."""

import numpy as np
import pytest

from game.rules.actions.base import MAX_ALTERNATIVES
from game.rules.play import build
from game.rules import engine
from game.rules.actions.base import Action, alternate, succeed
from game.rules.actions.items import Craft, Drop, PickUp, UseItem
from game.rules.actions.melee import Attack
from game.rules.actions.places import Ascend, Descend, Interact, LeaveSite
from game.rules.actions.travel import TravelStep, plan_path, start_walk
from game.rules.actions.walk import OpenSecretDoor, OverworldStep, Rest, Walk
from game.rules.behaviours import BEHAVIOURS
from game.rules.content import DUNGEONS, ITEM_BY_ID, ITEMS, MONSTERS, RECIPES
from game.rules.actions.effects import AIMS, EFFECTS
from game.rules.creatures.energy import ACTION_COST, Energy
from game.rules.creatures.entities import FloorItem, Monster
from game.rules.world.level import Level, LevelKey
from game.rules.world.location import LocationData, SiteData, WorldMap
from game.rules.text.log import BAD, GOOD
from game.rules.run import Game
from game.rules.state import LevelRequest, LocationRequest
from worldgen.core.registry import Stage
from worldgen.core.tiles import T

ROOM = """\
##########
#........#
#........#
#....#...#
#....S...#
#........#
##########"""


def make_level(text=ROOM, last=False, depth=1):
    rows = text.splitlines()
    tiles = np.full((len(rows), len(rows[0])), T.wall, dtype=np.uint8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            tiles[y, x] = {"#": T.wall, ".": T.floor, "S": T.secret_door, "+": T.door}[ch]
    stage = Stage("final", tiles, points={"start": np.array([[1, 1]]), "exit": np.array([[8, 5]]),
                                          "monsters": np.zeros((0, 2), int), "items": np.zeros((0, 2), int)})
    return Level(LevelKey(0, 0, depth), stage, style="rooms", terrain=int(T.grass), seed=1, tier=0,
                 size=DUNGEONS["small"], last=last)


def dungeon_run(level=None) -> Game:
    """A run standing on a hand-made level at (1, 1)."""
    g = Game(WorldMap("Unitland", "small"), "small", 5)
    over = np.full((5, 5), T.grass, dtype=np.uint8)
    g.loc = LocationData(0, "Testshire", over, [SiteData(0, 2, 2, int(T.grass), "Unitland:0:0")], (2, 2))
    g.pending = None
    level = level or make_level()
    g.levels, g.level, g.site, g.depth, g.mode = {1: level}, level, 0, 1, "dungeon"
    g.pos = level.up
    level.update_view(*g.pos)
    return g


def put_monster(level, x, y, kind="rat", awake=True, hp=None, energy=0):
    k = next(m for m in MONSTERS if m.id == kind)
    m = Monster(len(level.monsters) + 100, k, x=x, y=y, hp=hp or k.hp, max_hp=hp or k.hp, attack=k.attack,
                defence=k.defence, energy=Energy(energy), awake=awake)
    level.monsters.append(m)
    return m


# -- energy and the engine ---------------------------------------------------------------
def test_speeds_differ_a_bat_acts_three_times_in_two_turns_an_ogre_less_than_once():
    g = dungeon_run()
    counts = {}
    for kind, x in (("bat", 6), ("ogre", 7), ("rat", 8)):
        m = put_monster(g.level, x, 1, kind, awake=False)
        counts[kind] = 0

        class Counting:
            def __init__(self, name):
                self.name = name

            def notice(self, ctx, m):
                return []

            def act(self, ctx, m, name=kind):
                counts[name] += 1
                return None
        BEHAVIOURS[f"count-{kind}"] = Counting(kind)
        object.__setattr__(m, "kind", type(m.kind)(**{**m.kind.__dict__, "behaviour": f"count-{kind}"}))
    try:
        for _ in range(10):
            assert g.wait()
    finally:
        for kind in ("bat", "ogre", "rat"):
            BEHAVIOURS.pop(f"count-{kind}")
    assert g.turn == 10
    assert counts == {"bat": 16, "ogre": 7, "rat": 10}


def test_a_faster_player_gets_more_actions_per_turn(monkeypatch):
    g = dungeon_run()
    monkeypatch.setattr(type(g.player), "speed", 200)
    for _ in range(10):
        g.wait()
    assert g.turn == 5  # two actions per game turn
    monkeypatch.setattr(type(g.player), "speed", 50)
    for _ in range(4):
        g.wait()
    assert g.turn == 5 + 8


def test_a_result_is_followed_through_its_alternatives_and_bounded():
    g = dungeon_run()

    class Loop(Action):
        def perform(self, run):
            return alternate(Loop(), ("again", "note"))
    assert not engine.perform(g, Loop())
    assert [m.text for m in g.log] == [f"again x{MAX_ALTERNATIVES}"]  # MAX_ALTERNATIVES (repeats merge), then it fails
    assert g.turn == 0

    class Twice(Action):
        def perform(self, run):
            return succeed(("done", GOOD), turns=2)
    g.mode = "overworld"
    assert engine.perform(g, Twice()) and g.turn == 2 and g.log[-1].kind == GOOD


def test_failures_take_no_time_and_stop_a_walk():
    g = dungeon_run()
    start_walk(g, [(2, 2), (3, 3)])
    assert not engine.perform(g, Walk(-1, 0))  # into the wall
    assert g.turn == 0 and g.path == [] and g.pos == (1, 1)
    assert not engine.perform(g, Walk(2, 0))  # not a step
    g.dead = True
    assert not engine.perform(g, Rest())  # a finished run takes no action


# -- actions -------------------------------------------------------------------------------------
def test_walking_into_a_monster_is_an_attack_and_a_hidden_door_is_found():
    g = dungeon_run()
    m = put_monster(g.level, 2, 1, hp=1000)
    assert isinstance(Walk(1, 0).perform(g).alternative, Attack)
    g.player.base_attack = 2000
    for _ in range(20):  # a blow can miss
        if m not in g.level.monsters:
            break
        assert g.move(1, 0)
    assert m not in g.level.monsters and m.index in g.level.killed and g.kills == 1
    assert any("You kill" in line for line, _, _ in g.log)
    g.pos = (5, 5)
    result = Walk(0, -1).perform(g)
    assert isinstance(result.alternative, OpenSecretDoor)
    assert g.move(0, -1) and g.pos == (5, 5) and g.level.tiles[4, 5] == T.door and g.level.walkable[4, 5]


def test_overworld_steps_cost_their_terrain_and_water_bars_the_way():
    g = dungeon_run()
    g.mode, g.level = "overworld", None
    g.loc.tiles[2, 3] = T.forest
    g.loc.tiles[2, 1] = T.deep_water
    g.loc = LocationData(0, "Testshire", g.loc.tiles, g.loc.sites, (2, 2))
    g.pos = (2, 2)
    assert OverworldStep(1, 0).perform(g).turns == 2
    g.pos = (2, 2)
    assert not g.move(-1, 0) and "Deep water bar the way." in g.log[-1].text


def test_pick_up_use_craft_and_drop():
    g = dungeon_run()
    lv = g.level
    lv.items.append(FloorItem(7, ITEM_BY_ID["potion"], 2, 1))
    assert g.move(1, 0) and g.player.inventory == ["potion"] and 7 in lv.taken
    assert not engine.perform(g, PickUp()) and "Nothing to pick up" in g.log[-1].text
    g.player.hp = 3
    assert engine.perform(g, UseItem(0)) and g.player.hp == 18 and g.player.inventory == []
    g.player.inventory = ["herbs", "dagger"] + ["herbs"] * (RECIPES["herbs"].need - 1)
    assert isinstance(UseItem(0).perform(g).alternative, Craft)
    assert g.use_item(0) and g.player.inventory == ["dagger", "potion"]
    assert g.use_item(0) and g.player.weapon == "dagger"
    g.player.inventory = ["short_sword"]
    assert g.use_item(0) and g.player.weapon == "short_sword" and g.player.inventory == ["dagger"]
    turn = g.turn
    assert engine.perform(g, Drop(0)) and g.player.inventory == [] and g.turn == turn  # dropping is free
    g.player.inventory = ["iron_ore"]
    assert not g.use_item(0) and "Crafting needs 3" in g.log[-1].text


def test_every_name_the_tables_use_resolves():
    assert {m.behaviour for m in MONSTERS} | {"guardian"} <= set(BEHAVIOURS)
    assert {i.effect for i in ITEMS if i.effect} <= set(EFFECTS)
    assert {i.aim for i in ITEMS} <= set(AIMS)
    assert all(i.effect for i in ITEMS if i.kind in ("potion", "scroll", "wand"))
    assert {r.effect for r in RECIPES.values() if r.effect} <= set(EFFECTS)
    assert set(RECIPES) <= {i.id for i in ITEMS if i.kind == "resource"}


def test_treasure_clears_the_site_and_opens_the_next_location():
    g = dungeon_run(make_level(last=True))
    lv = g.level
    treasure = next(it for it in lv.items if it.kind.kind == "treasure")
    assert (treasure.x, treasure.y) == (8, 5) and lv.down is None
    g.cleared[0] = set(range(1, 10))
    lv.monsters.clear()
    g.pos = (treasure.x - 1, treasure.y)
    assert g.move(1, 0)
    assert g.is_cleared(0) and g.unlocked == 2
    assert any("is open" in line for line, _, _ in g.log)


def test_stairs_and_leaving():
    g = dungeon_run()
    assert not g.descend() and "no stairs down" in g.log[-1].text
    g.pos = (8, 5)
    assert isinstance(Interact().perform(g).alternative, Descend)
    assert g.descend() and isinstance(g.pending, LevelRequest) and g.pending.depth == 2
    assert g.mode == "dungeon-loading" and g.busy
    g.pending, g.mode = None, "dungeon"
    g.pos = g.level.up
    assert isinstance(Ascend().perform(g).alternative, LeaveSite)
    assert g.ascend() and g.mode == "overworld" and g.pos == (2, 2) and g.level is None


def test_travel_plans_over_known_ground_and_steps_never_into_monsters():
    g = dungeon_run()
    g.level.seen[:] = True
    path = plan_path(g, 8, 1)
    assert path and path[-1] == (8, 1) and len(path) == 7
    assert plan_path(g, 0, 0) == []  # a wall: no place to walk to
    g.level.seen[:, 5:] = False
    assert plan_path(g, 8, 1) == []  # unknown ground
    g.level.seen[:] = True
    assert g.travel_to(8, 1)
    put_monster(g.level, *g.path[0], awake=False)
    assert not engine.perform(g, TravelStep()) and g.path == []


def test_a_hunter_chases_and_bites_and_a_sleeper_wakes_when_seen():
    g = dungeon_run()
    m = put_monster(g.level, 6, 1, awake=False, hp=50)
    g.level.update_view(*g.pos)
    hp = g.player.hp
    for _ in range(8):
        g.wait()
    assert m.awake and any("notices you" in line for line, _, _ in g.log)
    assert max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1
    assert g.player.hp < hp or any("misses you" in line for line, _, _ in g.log)


def test_death_names_the_killer_and_ends_the_run():
    g = dungeon_run()
    m = put_monster(g.level, 2, 2, hp=50)
    m.attack = 500
    g.player.hp = 1
    for _ in range(20):
        if g.dead:
            break
        g.wait()
    assert g.dead and g.killer == "giant rat" and g.busy
    assert g.log[-1].kind == BAD and "killed by" in g.log[-1].text


# -- builds -----------------------------------------------------------------------------------------
def test_a_failed_level_build_puts_the_run_back():
    g = dungeon_run()
    g.mode = "overworld"
    g.level, g.levels = None, {}
    g.pos = (2, 2)
    assert g.enter_site() and isinstance(g.pending, LevelRequest)
    assert build.fail_build(g, g.pending)
    assert (g.mode, g.site, g.pending) == ("overworld", None, None)
    assert "rubble" in g.log[-1].text
    fresh = Game(WorldMap("Unitland", "small"), "small", 5)
    assert isinstance(fresh.pending, LocationRequest)
    assert not build.fail_build(fresh, fresh.pending)  # no location to go back to: the run cannot go on
    assert build.build_label(g) == ""


@pytest.mark.parametrize("speed", [100, 160, 70])
def test_energy_spends_in_whole_actions(speed):
    e = Energy()
    acts = 0
    for _ in range(100):
        e.gain(speed)
        while e.ready:
            e.spend()
            acts += 1
    assert acts == speed and 0 <= e.value < ACTION_COST
