"""What goes on by itself (game/rules/actions/travel.py): planning a walk,
its next step, auto-explore's and the stairs' targets, starting a rest or a
search, and what stops each of them (danger, an item left underfoot, a rest
done or too long); each rule on its own, each line whole."""

import pytest

from game.rules.creatures import status
from game.rules.text import words
from game.rules.actions import travel
from game.rules.actions.base import fail
from game.rules.state import Activity
from game.rules.actions.travel import (HURT_FRACTION, MAX_REST_TURNS, SEARCH_TURNS, TravelStep, danger,
                                       explore_target, interruption, nearest_known, plan_path, stairs_target,
                                       start_rest, start_walk, step_action, walk_interruption)
from game.rules.actions.walk import OverworldStep, Walk
from game.rules.content import ITEM_BY_ID, STATUSES
from game.rules.creatures.entities import FloorItem
from game.rules.creatures.identify import display_name, is_known, item_name
from game.rules.text.log import note
from game.rules.creatures.pack import MAX_INVENTORY

from creatures import level_of, put, run_on

ROOM = "########\n#......#\n#......#\n#......#\n#......#\n########"
BAD = next(name for name, s in STATUSES.items() if not s.good and name != "burning")
GOOD = next(name for name, s in STATUSES.items() if s.good)


def known(text=ROOM, pos=(1, 1)):
    """A run on ``text`` with all of it explored."""
    g = run_on(level_of(text), pos=pos)
    g.level.seen[:] = True
    return g


def overworld(pos=(2, 2)):
    g = run_on()
    g.mode, g.level, g.levels, g.site, g.depth, g.pos = "overworld", None, {}, None, 0, pos
    return g


def going(g, path=()):
    """``g`` walking ``path`` (begun now: what is in view and HP now do not stop it)."""
    start_walk(g, list(path))
    return g


# -- planning a walk ---------------------------------------------------------------------------------------------
def test_a_walk_is_a_shortest_way_to_the_cell_ending_on_it():
    g = known()
    assert plan_path(g, 4, 1) == [(2, 1), (3, 1), (4, 1)]
    assert plan_path(g, 4, 4) == [(2, 2), (3, 3), (4, 4)]
    assert plan_path(g, 6, 2) == [(2, 1), (3, 1), (4, 1), (5, 1), (6, 2)]


def test_a_walk_prefers_straight_steps_right_then_down_then_up_then_left_on_ties():
    g = known("#####\n#...#\n#.#.#\n#...#\n#####", pos=(1, 1))
    assert plan_path(g, 3, 3)[0] == (2, 1)  # right and down tie: right first
    g.pos = (3, 3)
    assert plan_path(g, 1, 1)[0] == (3, 2)  # up and left tie: up first
    g.pos = (1, 3)
    assert plan_path(g, 3, 1)[0] == (2, 3)  # right and up tie: right first
    g.pos = (3, 1)
    assert plan_path(g, 1, 3)[0] == (3, 2)  # down and left tie: down first


def test_a_walk_takes_diagonals_up_before_down_when_no_straight_step_will_do():
    g = known("#######\n#.#.#.#\n##.#.##\n#.#.#.#\n#######", pos=(2, 2))
    assert plan_path(g, 4, 2) == [(3, 1), (4, 2)]  # up-right and down-right tie
    g.pos = (4, 2)
    assert plan_path(g, 2, 2) == [(3, 1), (2, 2)]  # up-left and down-left tie


def test_no_walk_goes_to_a_wall_unknown_ground_the_players_own_cell_or_off_the_map():
    g = known()
    h, w = g.level.shape
    assert plan_path(g, 0, 0) == [] and plan_path(g, 1, 1) == []
    for x, y in ((-1, 2), (w, 2), (2, -1), (2, h)):
        assert plan_path(g, x, y) == []
    g.level.seen[:, 4:] = False
    assert plan_path(g, 5, 2) == []


def test_a_walk_to_a_known_cell_no_known_way_reaches_is_none():
    g = known("#######\n#..#..#\n#######", pos=(1, 1))
    assert plan_path(g, 4, 1) is None


def test_a_walk_to_the_far_corner_of_the_map_is_planned():
    g = known("....\n....\n....", pos=(0, 0))
    assert plan_path(g, 3, 2) == [(1, 0), (2, 1), (3, 2)]
    g.pos = (3, 2)
    assert plan_path(g, 0, 0) == [(2, 2), (1, 1), (0, 0)]


def test_a_walk_never_goes_through_fire():
    g = known("#######\n#.....#\n#.....#\n#######", pos=(1, 1))
    g.level.fire[1:3, 3] = 5
    g.level.refresh()
    assert plan_path(g, 5, 1) is None
    assert plan_path(g, 3, 1) == []  # the burning cell itself is no place to walk to


def test_a_walk_goes_round_a_shackled_captive_and_to_one_ends_on_it():
    g = known("#######\n#.....#\n#######", pos=(1, 1))
    put(g, "orc", 3, 1, captive=True)
    assert plan_path(g, 5, 1) is None  # it never steps aside
    assert plan_path(g, 3, 1) == [(2, 1), (3, 1)]  # the last step frees it


def test_a_walk_to_a_captive_on_the_first_row_or_column_ends_on_it():
    g = known("...\n...\n...", pos=(2, 2))
    put(g, "orc", 0, 1, captive=True)
    put(g, "orc", 1, 0, captive=True)
    assert plan_path(g, 0, 1) == [(1, 2), (0, 1)] and plan_path(g, 1, 0) == [(2, 1), (1, 0)]


def test_a_hidden_captive_does_not_bar_a_walk():
    g = known("#######\n#.....#\n#######", pos=(1, 1))
    put(g, "orc", 3, 1, captive=True, hidden=True)
    assert plan_path(g, 5, 1) == [(2, 1), (3, 1), (4, 1), (5, 1)]


def test_a_walk_on_the_overworld_goes_over_its_passable_ground():
    g = overworld(pos=(0, 0))
    g.loc.passable[0:2, 1] = False
    assert plan_path(g, 2, 0) == [(0, 1), (1, 2), (2, 1), (2, 0)]


def test_beginning_a_walk_ends_a_rest_and_takes_now_as_the_baseline():
    g = known(pos=(1, 1))
    rat = put(g, "rat", 5, 3)
    sleeper = put(g, "rat", 6, 3, awake=False)
    g.level.found.append(9)
    g.level.traps_found += [10, 11]
    g.activity, g.player.hp, g.blows = Activity("rest"), 12, 4
    start_walk(g, [(2, 1)])
    act = g.activity
    assert g.resting == "" and g.path == [(2, 1)] and act.kind == "walk"
    assert (act.hp, act.blows, act.finds) == (12, 4, 3)
    assert act.seen == {rat.index, sleeper.index} and act.awake == {rat.index}


# -- the next step -----------------------------------------------------------------------------------------------
def test_a_step_is_a_walk_in_a_dungeon_and_an_overworld_step_outside():
    a = step_action(known(), 1, -1)
    assert isinstance(a, Walk) and (a.dx, a.dy) == (1, -1)
    a = step_action(overworld(), -1, 0)
    assert isinstance(a, OverworldStep) and (a.dx, a.dy) == (-1, 0)


def test_a_travel_step_with_nothing_planned_fails():
    assert TravelStep().perform(known()) == fail()


def test_a_travel_step_takes_the_next_cell_of_the_path():
    g = going(known(pos=(2, 2)), [(3, 3), (4, 3)])
    r = TravelStep().perform(g)
    assert isinstance(r.alternative, Walk) and (r.alternative.dx, r.alternative.dy) == (1, 1)
    assert g.path == [(4, 3)]
    g = going(overworld(pos=(2, 2)), [(1, 2)])
    r = TravelStep().perform(g)
    assert isinstance(r.alternative, OverworldStep) and (r.alternative.dx, r.alternative.dy) == (-1, 0)


def test_a_travel_step_stops_before_a_monster_it_knows_of():
    g = going(known(pos=(2, 2)), [(3, 2), (4, 2)])
    rat = put(g, "rat", 3, 2, awake=False)
    assert TravelStep().perform(g) == fail(note(f"You stop: {rat.name} is in the way."))


@pytest.mark.parametrize("who", [{"hidden": True}, {"ally": True}])
def test_a_travel_step_walks_into_a_hidden_monster_or_an_ally(who):
    g = going(known(pos=(2, 2)), [(3, 2)])
    put(g, "rat", 3, 2, **who)
    r = TravelStep().perform(g)
    assert isinstance(r.alternative, Walk) and (r.alternative.dx, r.alternative.dy) == (1, 0)


# -- auto-explore and the stairs ----------------------------------------------------------------------------------
def test_auto_explore_walks_to_the_nearest_edge_of_the_unexplored():
    g = run_on(level_of(ROOM), pos=(1, 1))
    g.level.seen[:] = False
    g.level.seen[:, :4] = True
    assert explore_target(g) == (3, 1)  # the first of the nearest, in row order
    g.pos = (3, 4)
    assert explore_target(g) == (3, 3)


def test_auto_explore_never_targets_the_players_own_cell_nor_an_edge_it_cannot_reach():
    g = run_on(level_of("#######\n#..#..#\n#######"), pos=(2, 1))
    g.level.seen[:] = True
    g.level.seen[1, 5] = False
    assert explore_target(g) is None  # (4, 1) borders the unknown, behind a wall
    g.level.seen[1, 3] = False  # the player's cell borders the unknown: not a target
    assert explore_target(g) is None
    g.level.seen[0, 0] = False
    assert explore_target(g) == (1, 1)


def test_auto_explore_is_done_when_everything_reachable_is_explored():
    assert explore_target(known()) is None


def test_auto_explore_walks_to_an_item_it_would_pick_up_that_fits():
    g = known(pos=(1, 1))
    g.pickup = "all"
    g.level.items.append(FloorItem(901, ITEM_BY_ID["potion"], 5, 3))
    assert explore_target(g) == (5, 3)
    g.player.inventory = ["dagger"] * MAX_INVENTORY
    assert explore_target(g) is None  # no room for it
    g.player.inventory = []
    g.pickup = "none"
    assert explore_target(g) is None


def test_auto_explore_ignores_an_item_it_has_not_seen():
    g = known(pos=(1, 1))
    g.pickup = "all"
    g.level.items.append(FloorItem(901, ITEM_BY_ID["potion"], 5, 3))
    g.level.seen[3, 5] = False
    assert explore_target(g) != (5, 3)


def test_auto_explore_walks_to_a_disguised_mimic_it_has_seen_on_known_ground():
    g = known(pos=(1, 1))
    mimic = put(g, "mimic", 5, 3, awake=False, hidden=True)
    assert explore_target(g) == (5, 3)
    g.level.seen[3, 5] = False
    assert explore_target(g) != (5, 3)
    g.level.seen[3, 5] = True
    mimic.hidden = False  # shown for what it is: a monster, no target
    assert explore_target(g) is None


def test_the_stairs_are_a_target_once_seen():
    g = run_on(level_of(ROOM), pos=(1, 1))
    g.level.seen[:] = False
    assert stairs_target(g, True) is None and stairs_target(g, False) is None
    g.level.seen[:] = True
    assert stairs_target(g, True) == g.level.down and stairs_target(g, False) == g.level.up
    x, y = g.level.down
    assert x != y
    g.level.seen[y, x] = False
    assert stairs_target(g, True) is None  # the stairs' own cell unseen
    g.level.down = None
    assert stairs_target(g, True) is None


def test_the_nearest_known_floor_is_by_steps_then_row_order_within_the_radius():
    g = run_on(level_of("#######\n#.....#\n#.....#\n#######"), pos=(1, 1))
    level = g.level
    level.seen[:] = False
    assert nearest_known(level, 3, 1, 5) is None
    level.seen[2, 5] = level.seen[1, 1] = True
    assert nearest_known(level, 3, 1, 2) == (1, 1)  # both two steps away: the upper row first
    assert nearest_known(level, 4, 1, 5) == (5, 2)
    assert nearest_known(level, 3, 0, 1) is None  # two steps away, beyond a radius of 1
    assert nearest_known(level, 6, 3, 1) == (5, 2)  # the radius reaches the map's far edge
    assert nearest_known(level, 0, 0, 1) == (1, 1)
    level.seen[:] = True
    assert nearest_known(level, 0, 0, 1) == (1, 1)  # a wall is not walkable


def test_the_nearest_known_floor_is_looked_for_no_farther_than_the_radius():
    g = run_on(level_of(ROOM), pos=(1, 1))
    level = g.level
    level.seen[:] = False
    level.seen[3, 5] = True
    assert nearest_known(level, 3, 3, 1) is None and nearest_known(level, 5, 1, 1) is None
    assert nearest_known(level, 3, 3, 2) == (5, 3) and nearest_known(level, 5, 1, 2) == (5, 3)


def test_the_nearest_known_floor_is_measured_from_the_cell_not_the_window():
    g = run_on(level_of(ROOM), pos=(1, 1))
    level = g.level
    level.seen[:] = False
    level.seen[1, 3] = level.seen[3, 5] = True  # both two steps from (3, 3): the upper row first
    assert nearest_known(level, 3, 3, 2) == (3, 1)


def test_the_nearest_known_floor_may_be_on_the_first_row_and_column():
    g = run_on(level_of("....\n....\n...."), pos=(3, 2))
    level = g.level
    level.seen[:] = False
    level.seen[0, 0] = True
    assert nearest_known(level, 0, 0, 1) == (0, 0) and nearest_known(level, 1, 1, 1) == (0, 0)


# -- starting a rest -------------------------------------------------------------------------------------------
def test_a_rest_cannot_begin_with_an_awake_foe_in_view():
    g = known()
    g.player.hp = 5
    rat = put(g, "rat", 5, 2)
    assert start_rest(g, "rest") == f"You cannot rest with {rat.name} in view."
    assert start_rest(g, "search") == f"You cannot search with {rat.name} in view." and not g.resting


def test_a_rest_cannot_begin_while_burning():
    g = known()
    status.add(g.player, "burning", 3)
    assert start_rest(g, "search") == "You cannot search while you burn: water puts it out." and not g.resting


def test_nothing_is_searched_for_out_in_the_open():
    g = overworld()
    assert start_rest(g, "search") == "Nothing is hidden out here." and not g.resting


def test_a_rest_with_nothing_to_wait_for_cannot_begin_but_a_search_can():
    g = known()
    p = g.player
    assert start_rest(g, "rest") == f"You are rested ({p.hp}/{p.max_hp} HP): nothing to wait for."
    status.add(p, GOOD, 5)
    assert start_rest(g, "rest") is not None  # a good status is nothing to wait for
    assert start_rest(g, "search") is None and g.resting == "search"


def test_a_harmful_status_or_lost_hp_is_something_to_rest_for():
    g = known()
    status.add(g.player, BAD, 5)
    assert start_rest(g, "rest") is None and g.resting == "rest"
    g = known()
    g.player.hp -= 1
    assert start_rest(g, "rest") is None


def test_beginning_a_rest_ends_a_walk_counts_from_zero_and_takes_now_as_the_baseline():
    g = known(pos=(1, 1))
    g.player.hp = 7
    sleeper = put(g, "rat", 5, 3, awake=False)
    g.level.found.append(9)
    g.activity, g.blows = Activity("explore", [(2, 1)], 40), 2
    assert start_rest(g, "rest") is None
    assert (g.path, g.exploring, g.resting, g.rest_turns) == ([], False, "rest", 0)
    act = g.activity
    assert (act.hp, act.blows, act.finds, act.seen, act.awake) == (7, 2, 1, {sleeper.index}, set())


def test_a_rest_outside_begins_without_a_level():
    g = overworld()
    g.player.hp = 3
    g.activity = Activity("search", finds=5)
    assert start_rest(g, "rest") is None and g.resting == "rest" and g.activity.finds == 0


# -- what stops it: danger --------------------------------------------------------------------------------------
def test_a_blow_stops_it_however_little_it_hurt():
    g = going(known())
    g.blows += 1
    g.player.hp -= 1
    p = g.player
    assert danger(g) == f"you are hurt ({p.hp}/{p.max_hp} HP)"
    assert danger(g) is None  # that blow is taken into account now


def test_a_blow_that_did_no_harm_stops_it_too():
    g = going(known())
    g.blows += 1
    assert danger(g) is not None


def test_its_own_ticks_stop_it_only_below_the_hurt_fraction_of_max_hp():
    g = known()
    p = g.player
    p.max_hp = 1000  # the fraction of it a whole number of HP
    edge = round(HURT_FRACTION * p.max_hp)
    p.hp = edge + 1
    going(g)
    p.hp = edge  # lost HP, at the fraction exactly: not yet below it
    assert edge == HURT_FRACTION * p.max_hp and danger(g) is None
    p.hp = edge - 1
    assert danger(g) == f"you are hurt ({edge - 1}/{p.max_hp} HP)"
    p.hp = edge - 1  # below the fraction, but nothing lost this turn
    assert danger(g) is None


def test_a_death_by_it_says_zero_hp():
    g = going(known())
    g.player.hp = -4
    assert danger(g) == f"you are hurt (0/{g.player.max_hp} HP)"


def test_out_in_the_open_only_harm_stops_it():
    g = going(overworld())
    assert danger(g) is None
    g.blows += 1
    assert danger(g) is not None


def test_a_foe_coming_into_view_stops_it_once():
    g = going(known(pos=(1, 1)))
    rat = put(g, "rat", 5, 3, awake=False)
    assert danger(g) == f"{rat.name} comes into view"
    assert danger(g) is None


def test_a_foe_in_view_that_wakes_stops_it_once():
    g = known(pos=(1, 1))
    rat = put(g, "rat", 5, 3, awake=False)
    going(g)
    assert danger(g) is None
    rat.awake = True
    assert danger(g) == f"{rat.name} notices you"
    assert danger(g) is None


def test_a_foe_next_to_the_player_stops_it_every_turn():
    g = known(pos=(2, 2))
    rat = put(g, "rat", 3, 3)
    far = put(g, "rat", 4, 2)
    going(g)
    assert danger(g) == f"{rat.name} is next to you" and danger(g) == f"{rat.name} is next to you"
    g.level.monsters.remove(rat)
    assert danger(g) is None  # two steps away is not next to the player
    assert far in g.level.monsters


def test_harm_is_said_before_a_newcomer_a_newcomer_before_a_waking_and_a_waking_before_a_neighbour():
    g = known(pos=(2, 2))
    near = put(g, "rat", 3, 2)
    sleeper = put(g, "rat", 6, 4, awake=False)
    going(g)
    newcomer = put(g, "orc", 6, 1)
    sleeper.awake = True
    g.blows += 1
    assert danger(g).startswith("you are hurt")
    g.activity.seen.discard(newcomer.index)
    g.activity.awake.discard(sleeper.index)
    assert danger(g) == f"{newcomer.name} comes into view"
    g.activity.awake.discard(sleeper.index)
    assert danger(g) == f"{sleeper.name} notices you"
    assert danger(g) == f"{near.name} is next to you"


def test_a_newcomer_that_is_already_awake_is_not_said_to_wake_later():
    g = going(known(pos=(1, 1)))
    rat = put(g, "rat", 5, 3)
    assert danger(g) == f"{rat.name} comes into view"
    assert g.activity.awake == {rat.index} and danger(g) is None


def test_allies_and_captives_in_view_do_not_stop_it():
    g = going(known(pos=(2, 2)))
    put(g, "orc", 3, 2, ally=True)
    put(g, "orc", 5, 3, captive=True)
    assert danger(g) is None


# -- what stops a walk: an item left underfoot ---------------------------------------------------------------------
def test_a_walk_stops_on_an_item_it_wanted_but_had_no_room_for():
    g = going(known(pos=(2, 2)), [(3, 2)])
    g.pickup = "all"
    g.level.items.append(FloorItem(901, ITEM_BY_ID["arrow"], 2, 2, count=3))
    kind = ITEM_BY_ID["arrow"]
    assert walk_interruption(g) == f"{item_name(g, kind, 3, 'the')} are here"
    assert interruption(g) == f"You stop: {item_name(g, kind, 3, 'the')} are here."
    g.level.items[-1].count = 1
    assert walk_interruption(g) == f"{item_name(g, kind, 1, 'the')} is here"


def test_an_item_left_underfoot_is_named_as_the_player_knows_it():
    g = going(known(pos=(2, 2)), [(3, 2)])
    g.pickup = "all"
    kind = next(k for k in ITEM_BY_ID.values() if k.kind == "potion" and not is_known(g, k))
    g.level.items.append(FloorItem(901, kind, 2, 2))
    shown = display_name(g, kind)
    assert shown != kind.name and walk_interruption(g) == f"{words.the(shown)} is here"


def test_a_walk_goes_on_over_an_item_it_does_not_want_or_the_sites_treasure():
    g = going(known(pos=(2, 2)), [(3, 2)])
    g.pickup = "all"
    g.level.items += [FloorItem(901, ITEM_BY_ID["treasure"], 2, 2), FloorItem(902, ITEM_BY_ID["relic"], 2, 2),
                      FloorItem(903, ITEM_BY_ID["potion"], 3, 2)]
    assert walk_interruption(g) is None and interruption(g) is None
    g.pickup = "none"
    g.level.items.append(FloorItem(904, ITEM_BY_ID["potion"], 2, 2))
    assert walk_interruption(g) is None


def test_a_walk_stops_for_danger_before_an_item():
    g = going(known(pos=(2, 2)), [(3, 2)])
    g.pickup = "all"
    g.level.items.append(FloorItem(901, ITEM_BY_ID["potion"], 2, 2))
    g.blows += 1
    assert walk_interruption(g).startswith("you are hurt")


def test_a_walk_outside_stops_only_for_danger():
    g = going(overworld(), [(3, 2)])
    assert walk_interruption(g) is None and interruption(g) is None
    g.blows += 1
    assert interruption(g) == f"You stop: you are hurt ({g.player.hp}/{g.player.max_hp} HP)."


# -- what stops a rest, and a rest or a search done ----------------------------------------------------------------
def test_danger_stops_a_rest_or_a_search_saying_which():
    for kind, word in (("rest", "resting"), ("search", "searching")):
        g = known()
        g.player.hp = 5
        assert start_rest(g, kind) is None
        rat = put(g, "rat", 5, 3, awake=False)
        assert interruption(g) == f"You stop {word}: {rat.name} comes into view."


def test_a_search_lasts_its_turns_and_says_whether_it_found_anything():
    g = known()
    assert start_rest(g, "search") is None
    g.activity.turns = SEARCH_TURNS - 1
    assert interruption(g) is None
    g.activity.turns = SEARCH_TURNS
    assert interruption(g) == f"You search for {SEARCH_TURNS} turns and find nothing."
    g.level.traps_found.append(12)
    assert interruption(g) == f"You search for {SEARCH_TURNS} turns."
    g.level.traps_found.clear()
    g.level.found.append(12)
    assert interruption(g) == f"You search for {SEARCH_TURNS} turns."


def test_a_search_counts_only_what_was_found_since_it_began():
    g = known()
    g.level.found.append(12)
    assert start_rest(g, "search") is None
    g.activity.turns = SEARCH_TURNS
    assert interruption(g) == f"You search for {SEARCH_TURNS} turns and find nothing."


def test_a_search_is_not_cut_short_when_the_player_is_rested():
    g = known()
    g.player.hp -= 1
    assert start_rest(g, "search") is None
    g.player.hp += 1
    g.activity.turns = 1
    assert interruption(g) is None


def test_a_rest_ends_when_rested_saying_after_how_long():
    g = known()
    p = g.player
    p.hp -= 3
    assert start_rest(g, "rest") is None
    g.activity.turns = 9
    assert interruption(g) is None
    p.hp = p.max_hp
    assert interruption(g) == f"You are rested: {p.max_hp}/{p.max_hp} HP after 9 turns."


def test_a_rest_waits_out_a_harmful_status_but_not_a_good_one():
    g = known()
    status.add(g.player, BAD, 5)
    assert start_rest(g, "rest") is None
    g.activity.turns = 3
    assert interruption(g) is None
    del g.player.statuses[BAD]
    status.add(g.player, GOOD, 5)
    assert interruption(g).startswith("You are rested")


def test_a_rest_stops_after_its_most_turns_healed_or_not():
    g = known()
    p = g.player
    p.hp = 2
    assert start_rest(g, "rest") is None
    g.activity.turns = MAX_REST_TURNS - 1
    assert interruption(g) is None
    g.activity.turns = MAX_REST_TURNS
    assert interruption(g) == f"You stop resting after {MAX_REST_TURNS} turns (2/{p.max_hp} HP)."


def test_the_most_turns_of_a_rest_are_read_when_it_runs(monkeypatch):
    g = known()
    g.player.hp = 2
    assert start_rest(g, "rest") is None
    monkeypatch.setattr(travel, "MAX_REST_TURNS", 3)
    g.activity.turns = 3
    assert interruption(g) == f"You stop resting after 3 turns (2/{g.player.max_hp} HP)."
