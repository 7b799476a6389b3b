"""The objective line: the run's next goal, and the goal key (``T``) that goes for it."""

import numpy as np
import pytest
from test_rules import ROOM, dungeon_run, make_level, put_monster

from game.rules.content import ITEM_BY_ID
from game.rules.creatures.entities import FloorItem
from game.rules.world.location import LocationData, SiteData
from game.rules.play.objective import compass, objective, visited
from game.rules.run import Game
from game.rules.state import LevelRequest, LocationRequest
from worldgen.core.tiles import T


def overworld_run(pos=(1, 1), sites=((7, 2), (2, 8))) -> Game:
    """A run on a 10x10 grass island whose last site (the relic's) is at ``sites[-1]``."""
    g = dungeon_run()
    over = np.full((10, 10), T.grass, dtype=np.uint8)
    g.loc = LocationData(0, "Testshire", over, [SiteData(i, x, y, int(T.grass), f"Unitland:0:{i}")
                                                for i, (x, y) in enumerate(sites)], (1, 1))
    g.mode, g.level, g.levels, g.site, g.depth, g.pos = "overworld", None, {}, None, 0, pos
    return g


@pytest.mark.parametrize("step, word", [((0, -3), "north"), ((3, -3), "north-east"), ((5, 1), "east"),
                                        ((2, 2), "south-east"), ((1, 6), "south"), ((-4, 4), "south-west"),
                                        ((-6, 0), "west"), ((-2, -3), "north-west"), ((0, 0), "here")])
def test_compass_names_the_eight_points(step, word):
    assert compass(*step) == word


def test_on_the_overworld_the_goal_is_the_relic_site_with_its_way_and_distance():
    g = overworld_run()
    goal = objective(g)
    assert goal.cell == (2, 8) and goal.action == "travel"
    assert goal.text == "Relic of " + g.world.location_name(0) + ": the site to the south, 7 steps — T travels there"


def test_the_goal_key_walks_to_the_relic_site_then_goes_in():
    g = overworld_run()
    assert g.go_to_goal() and g.path[-1] == (2, 8)
    while g.ongoing:
        g.go_on()
    assert g.pos == (2, 8)
    goal = objective(g)
    assert goal.action == "enter" and goal.text.endswith("its site is underfoot — T goes in")
    assert g.go_to_goal() and g.pending == LevelRequest(1, 1, "up")


def test_with_the_relic_out_the_goal_is_the_next_island():
    g = overworld_run()
    g.relics, g.unlocked = {0}, 2
    goal = objective(g)
    assert goal.action == "location" and goal.target == 1 and g.world.location_name(1) in goal.text
    assert g.go_to_goal() and g.pending == LocationRequest(1)


def test_a_won_run_has_nothing_left_to_do():
    g = overworld_run()
    g.won = True
    assert objective(g).action == "none" and "won" in objective(g).text


def test_in_a_site_the_goal_is_the_stairs_down_once_seen_and_explore_before():
    g = dungeon_run()  # its one site is the location's relic site
    level = g.level
    level.seen[:] = False
    level.seen[level.up[1], level.up[0]] = True
    goal = objective(g)
    assert goal.action == "explore" and goal.cell is None and "find the stairs down — T explores" in goal.text
    level.seen[:] = True
    goal = objective(g)
    assert goal.action == "down" and goal.cell == level.down and goal.text.endswith("T walks to the stairs down")
    assert f"depth {g.size.levels}, you are at 1" in goal.text
    g.pos = level.down
    assert objective(g).text.endswith("T goes down")
    assert g.go_to_goal() and g.pending == LevelRequest(0, 2, "up")


def test_the_goal_keys_explore_stops_once_the_stairs_come_in_sight():
    corridor = "\n".join(["#" * 30, "#" + "." * 28 + "#"] + ["#" * 30] * 5)
    level = make_level(corridor)
    level.tiles[5, 8] = T.wall  # (the hand-made level's exit) moved to the corridor's end
    level.down = (27, 1)
    level.tiles[1, 27] = T.stairs_down
    g = dungeon_run(level)
    g.level.seen[:] = False
    g.level.update_view(*g.pos)
    assert not g.level.seen[1, 27]
    assert g.go_to_goal() and g.activity.kind == "seek"
    for _ in range(100):
        if not g.ongoing:
            break
        g.go_on()
    assert g.level.seen[1, 27] and g.pos != (27, 1)
    assert g.log[-1].text == "You stop: the stairs down are in sight."
    assert objective(g).action == "down"


def test_on_the_deepest_level_the_goal_is_the_prize_once_seen():
    g = dungeon_run(make_level(last=True))
    level = g.level
    level.items.append(FloorItem(50, ITEM_BY_ID["relic"], 4, 3))
    level.seen[:] = False
    assert objective(g).action == "explore" and "lies on this level; find it" in objective(g).text
    level.seen[:] = True
    boss = put_monster(level, 6, 3, "ogre")
    boss.boss = True
    goal = objective(g)
    assert goal.action == "travel" and goal.cell == (4, 3) and "guarded — T walks to it" in goal.text
    assert g.go_to_goal() and g.path[-1] == (4, 3)


def test_with_the_prize_in_hand_the_goal_is_the_way_out():
    g = dungeon_run()
    g.carrying_relic = True
    g.pos = (3, 3)
    goal = objective(g)
    assert goal.action == "up" and goal.cell == g.level.up and "Carry the relic out" in goal.text
    g.pos = g.level.up
    assert objective(g).text.endswith("T climbs out")
    assert g.go_to_goal() and g.mode == "overworld" and g.relics == {0}


def test_an_ordinary_sites_goal_is_its_treasure_and_once_cleared_the_way_out():
    g = dungeon_run()
    g.loc = LocationData(0, "Testshire", g.loc.tiles, [*g.loc.sites, SiteData(1, 4, 4, int(T.grass), "x")], (2, 2))
    g.level.seen[:] = True
    assert objective(g).text.startswith("Site 1's treasure: depth")
    g.cleared = {0: {0}}
    assert objective(g).text.startswith("Site cleared: climb back out")
    g.cleared, g.carrying = {}, 0
    assert objective(g).text.startswith("Carry the treasure out")


def test_visited_sites_are_the_levels_kept_and_the_site_stood_in():
    g = dungeon_run()
    g.deltas = {"0:3:1": {}, "0:3:2": {}, "0:12:1": {}, "1:5:1": {}, "junk": {}}
    assert visited(g) == {0, 3, 12} and visited(g, 1) == {5}
    g.site = None
    assert visited(g) == {3, 12}
    assert ROOM  # (the hand-made level the runs stand on)


# -- explore on the overworld -------------------------------------------------------------------------
def test_explore_on_the_overworld_walks_to_the_nearest_site_not_yet_entered():
    g = overworld_run(pos=(6, 2), sites=((7, 2), (1, 2), (2, 8)))
    assert g.explore() and g.path[-1] == (7, 2)
    assert g.log[-1].text.startswith("You head for site 1, a")
    g.deltas = {"0:0:1": {}}  # site 1 entered before: the next nearest
    assert g.explore() and g.path[-1] == (1, 2)
    g.pos = (1, 2)  # standing on a site not entered: the walk goes on to another
    assert g.explore() and g.path[-1] == (2, 8)


def test_explore_on_the_overworld_says_when_every_site_was_entered():
    g = overworld_run()
    g.deltas = {"0:0:1": {}, "0:1:2": {}}
    assert not g.explore() and not g.path
    assert g.log[-1].text == "You have been into every site you can reach here (m: world map)."


# -- a tap on unexplored ground explores towards it ----------------------------------------------------
HALLS = """\
##############################
#........#...................#
#........#...................#
#........+...................#
#........#...................#
#........#...................#
##############################"""


def test_a_tap_on_unexplored_ground_explores_towards_it_then_walks_onto_it():
    g = dungeon_run(make_level(HALLS))
    g.level.seen[:] = False
    g.level.update_view(*g.pos)
    goal = (26, 4)
    assert not g.level.seen[4, 26]
    assert g.head_to(*goal) and g.activity.kind == "head" and g.activity.target == goal and g.exploring
    assert g.log[-1].text == "You head into the unexplored."
    for _ in range(200):
        if not g.ongoing:
            break
        g.go_on()
    assert g.pos == goal and not g.ongoing


def test_a_tap_on_unexplored_ground_no_way_leads_to_says_so():
    g = dungeon_run(make_level(HALLS.replace("+", "#")))
    g.level.seen[:] = False
    g.level.update_view(*g.pos)
    for _ in range(200):  # the first hall explored, then nothing leads on east
        if not g.head_to(26, 4) and not g.ongoing:
            break
        while g.ongoing:
            g.go_on()
    assert g.log[-1].text.startswith("You see no way on that way.") and not g.level.seen[4, 26]


def test_a_tap_on_known_ground_is_a_plain_walk():
    g = dungeon_run(make_level(HALLS))
    g.level.seen[:] = True
    assert g.head_to(5, 4) and g.path[-1] == (5, 4) and g.activity.kind == "walk" and not g.exploring


def test_a_save_keeps_the_goal_keys_explore_and_a_heading_so_they_go_on_the_same():
    from game.rules.persistence import codec
    from game.rules.play import build
    g = dungeon_run(make_level(HALLS))
    g.level.seen[:] = False
    g.level.update_view(*g.pos)
    assert g.head_to(26, 4)
    saved = codec.activity_from_json(codec.activity_to_json(g))
    assert saved["plan"] == "head" and saved["target"] == (26, 4)
    h = dungeon_run(make_level(HALLS))
    build.restore_activity(h, saved)
    assert h.activity == g.activity
    g.stop_walk()
    g.level.tiles[5, 8], g.level.tiles[4, 27], g.level.down = T.floor, T.stairs_down, (27, 4)  # past the door
    g.level.seen[:] = False  # the stairs down not found: the goal key explores for them
    g.level.update_view(*g.pos)
    assert g.go_to_goal() and g.activity.kind == "seek"
    saved = codec.activity_from_json(codec.activity_to_json(g))
    assert saved["plan"] == "seek" and saved["target"] is None
    build.restore_activity(h, saved)
    assert h.activity == g.activity
    junk = codec.activity_from_json({"path": [[2, 1]], "explore": False, "plan": "head", "target": [3, 3]})
    assert junk["plan"] == "" and junk["target"] is None  # only an explore seeks or heads anywhere
    lost = codec.activity_from_json({"path": [[2, 1]], "explore": True, "plan": "head", "target": "nowhere"})
    assert lost["plan"] == "" and lost["target"] is None  # a head plan with no cell is a plain explore
