"""Auto-explore a player can trust (``game.rules.actions.travel``): each
case a player met, built on a hand-made level.  It never says all is
explored while a reachable cell is unseen (a quick hero stepping into a
doorway, a teleport), never takes an irreversible choice for the player (an
altar cage, an ambush: it stops beside the find once and says why), and
routes round a harmful cloud in view, stopping when there is no way round."""

import numpy as np

from game.rules.actions.effects import Relocate
from game.rules.actions.travel import harmful_clouds
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.entities import FloorItem
from game.rules.engine import resolve
from game.rules.world import hazards
from game.rules.world.vaults import ITEM_BASE

from worldgen.core.tiles import T

from creatures import level_of, run_on

TWO_ROOMS = """###########
#....#....#
#....+....#
#....#....#
###########"""


def _unseen_start(text: str, pos: tuple[int, int]):
    g = run_on(level_of(text), pos=pos)
    g.level.seen[:] = False
    g.level.update_view(*g.pos)
    return g


def _explore(g, turns: int = 200) -> None:
    assert g.explore()
    for _ in range(turns):
        if not g.go_on():
            break


def _reachable_unseen(g) -> int:
    lv = g.level
    return int((lv.walkable & ~lv.seen & (lv.distance_from(*g.pos) >= 0)).sum())


def test_a_quick_hero_exploring_through_a_door_sees_the_room_beyond_and_goes_on():
    g = _unseen_start(TWO_ROOMS, (1, 2))
    g.player.statuses["hasted"] = 90  # two steps a turn: the second is taken before any turn passes
    _explore(g)
    assert _reachable_unseen(g) == 0 and g.log[-1].text == "You have explored everything you can reach here."


def test_every_step_of_the_player_moves_their_view_with_them():
    g = _unseen_start(TWO_ROOMS, (4, 2))
    g.player.statuses["hasted"] = 90
    g.player.energy.value = 300  # (steps to spare: no turn passes between them)
    assert g.move(1, 0) and g.pos == (5, 2)
    assert g.level.visible[2, 8]  # the room beyond the door, seen from the doorway at once


THREE_ROOMS = """################
#....#....#....#
#....+....+....#
#....#....#....#
################"""


def test_auto_explore_after_a_teleport_explores_from_where_the_hero_lands():
    g = _unseen_start(THREE_ROOMS, (1, 2))
    assert g.explore()
    resolve(g.run, Relocate(g.player, (8, 2)))  # a teleport trap, mid-walk: the walk ends, the view follows
    assert not g.ongoing and g.level.visible[2, 8] and _reachable_unseen(g) > 0
    _explore(g)
    assert _reachable_unseen(g) == 0


def _altar_cage(g, cells):
    """An altar cage vault: a find on a pedestal at each of ``cells``."""
    lv = g.level
    lv.vaults.append({"design": "cage", "items": [list(c) for c in cells]})
    k = len(lv.vaults) - 1
    finds = []
    for j, (x, y) in enumerate(cells):
        lv.tiles[y, x] = T.pedestal
        finds.append(FloorItem(ITEM_BASE + 64 * k + j, ITEM_BY_ID["long_sword"], x, y))
    lv.items.extend(finds)
    lv.refresh()
    return finds


def test_auto_explore_never_takes_an_altar_cage_find_and_stops_beside_it_once_saying_why():
    g = _unseen_start(TWO_ROOMS, (1, 2))
    finds = _altar_cage(g, [(3, 1), (3, 3)])
    _explore(g)
    assert all(it in g.level.items for it in finds) and not g.level.sprung  # nothing taken, no cage closed
    stops = [m.text for m in g.log if "altar cage" in m.text and not m.text.startswith("Tip:")]  # the tip, once too
    assert len(stops) == 1 and stops[0].startswith("You stop: an altar cage (take one thing from an altar")
    assert stops[0].endswith("cages close over the others; g: pick up).")
    _explore(g)  # it goes on past the cage another time, and explores the rest
    assert _reachable_unseen(g) == 0 and all(it in g.level.items for it in finds)


def test_walking_over_a_find_that_springs_its_vault_never_takes_it_but_g_does():
    g = run_on(level_of(TWO_ROOMS), pos=(2, 2))
    g.pickup = "all"
    (find,) = _altar_cage(g, [(3, 2)])
    assert g.move(1, 0) and g.pos == (3, 2) and find in g.level.items and not g.level.sprung
    assert g.pick_up() and find not in g.level.items and g.level.sprung == [0]


def _poison(g, cells, amount: int = 500) -> None:
    field = np.zeros(g.level.shape, dtype=np.uint16)
    for x, y in cells:
        field[y, x] = amount
    g.level.gas["poison"] = field
    g.level.refresh()
    g.level.update_view(*g.pos)


ROOM = """#########
#.......#
#.......#
#.......#
#########"""


def test_a_walk_routes_round_a_poison_cloud_in_view():
    g = run_on(level_of(ROOM), pos=(1, 2))
    g.level.seen[:] = True
    _poison(g, [(4, 2)])
    assert harmful_clouds(g.level)[2, 4]
    assert g.travel_to(7, 2) and (4, 2) not in g.path
    for _ in range(20):
        if not g.go_on():
            break
    assert g.pos == (7, 2) and "poisoned" not in g.player.statuses


def test_a_walk_with_no_way_round_a_cloud_does_not_start_and_one_met_on_the_way_stops_before_it():
    g = run_on(level_of(ROOM), pos=(1, 2))
    g.level.seen[:] = True
    _poison(g, [(4, 1), (4, 2), (4, 3)])
    assert not g.travel_to(7, 2) and g.log[-1].text == "A cloud of poison lies in the way."
    del g.level.gas["poison"]
    g.level.update_view(*g.pos)
    assert g.travel_to(7, 2)
    _poison(g, [(3, 2), (3, 1), (3, 3)])  # it drifts across the way after the walk was planned
    for _ in range(5):
        if not g.go_on():
            break
    assert g.pos == (2, 2) and g.log[-1].text == "You stop: a cloud of poison lies ahead."


def test_a_walk_out_of_the_cloud_the_player_stands_in_and_into_one_clicked_on_is_the_players_choice():
    g = run_on(level_of(ROOM), pos=(4, 2))
    g.level.seen[:] = True
    _poison(g, [(4, 2), (7, 2)])
    assert g.travel_to(1, 2)  # out of it
    g.stop_walk()
    assert g.travel_to(7, 2) and g.path[-1] == (7, 2)  # into one clicked on


def test_a_walk_leaves_the_cloud_the_player_stands_in_over_any_of_its_cells():
    # A gas trap's cloud round the hero: every way out crosses the cloud (a keyrun stood in one 40,000 frames).
    g = run_on(level_of(ROOM), pos=(4, 2))
    g.level.seen[:] = True
    _poison(g, [(x, y) for x in range(2, 7) for y in range(1, 4)])
    assert g.travel_to(7, 2) and g.path[-1] == (7, 2)
    for _ in range(10):
        if not g.go_on():
            break
    assert g.pos == (7, 2)   # out through the cloud, never stopped at its own edge


def test_a_walk_out_of_a_cloud_still_keeps_out_of_another_one():
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.seen[:] = True
    _poison(g, [(2, 2), (3, 2), (5, 1), (5, 2), (5, 3)])   # the hero's cloud, then a wall of another
    assert not g.travel_to(7, 2) and g.log[-1].text == "A cloud of poison lies in the way."
    assert g.travel_to(1, 2)


def test_a_way_barred_by_a_wall_says_no_way_even_with_a_cloud_in_view():
    g = run_on(level_of("#########\n#...#...#\n#...#...#\n#########"), pos=(1, 1))
    g.level.seen[:] = True
    _poison(g, [(2, 2)])
    assert not g.travel_to(6, 1) and g.log[-1].text == "You see no way there."


def test_explore_barred_only_by_a_cloud_says_so_and_not_that_all_is_explored():
    g = run_on(level_of(ROOM), pos=(1, 2))
    g.level.seen[:, :5] = True   # the room's east end unexplored
    _poison(g, [(3, 1), (3, 2), (3, 3)])
    assert not g.explore()
    assert g.log[-1].text == "You stop: a cloud of poison lies between you and what is left to explore."
    del g.level.gas["poison"]
    g.level.update_view(*g.pos)
    g.level.seen[:, 5:] = False
    assert g.explore()


def test_smoke_only_hides_and_a_thin_cloud_does_not_afflict_so_neither_keeps_a_walk_out():
    g = run_on(level_of(ROOM), pos=(1, 2))
    g.level.seen[:] = True
    field = np.zeros(g.level.shape, dtype=np.uint16)
    field[:, 4] = 900
    g.level.gas["smoke"] = field
    _poison(g, [(5, 1), (5, 2), (5, 3)], amount=hazards.GASES["poison"].dose - 1)
    assert not harmful_clouds(g.level).any() and g.travel_to(7, 2)
