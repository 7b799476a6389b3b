"""Changing place (game/rules/actions/places.py): entering a site, the
stairs, climbing out (and keeping a relic), travelling to another location,
and what Enter does where the player stands; each result whole."""

from worldgen.core.tiles import T

from game.rules import content
from game.rules.actions.base import fail
from game.rules.actions.items import PickUp
from game.rules.actions.places import Ascend, Descend, EnterSite, GoLocation, Interact, LeaveSite, change_depth
from game.rules.content.keys import hint
from game.rules.text.log import bad, loot, note
from game.rules.state import LevelRequest, LocationRequest

from creatures import put, run_on


def overworld(pos=(2, 2)):
    g = run_on()
    g.mode, g.level, g.levels, g.site, g.depth, g.pos = "overworld", None, {}, None, 0, pos
    return g


def test_entering_the_site_underfoot_asks_for_its_first_level():
    g = overworld()
    site = g.loc.sites[0]
    r = EnterSite().perform(g)
    assert r.turns == 0 and r.messages == (note(f"You enter the {site.style} of site 1."),)
    assert (g.site, g.levels, g.pending, g.mode) == (0, {}, LevelRequest(0, 1, "up"), "dungeon-loading")
    g = overworld(pos=(1, 1))
    assert EnterSite().perform(g) == fail(note("There is no dungeon here: stand on a site's door to go in."))


def test_stairs_down_and_up_need_stairs_underfoot_and_from_the_first_level_up_is_out():
    g = run_on(pos=(2, 2))
    assert Descend().perform(g) == fail(note("There are no stairs down here."))
    assert Ascend().perform(g) == fail(note("There are no stairs up here."))
    g.pos = g.level.up
    assert isinstance(Ascend().perform(g).alternative, LeaveSite)


def test_stairs_to_a_level_not_built_yet_ask_for_it_and_allies_beside_come_along():
    g = run_on(pos=(2, 2))
    g.pos = g.level.down
    ally = put(g, "orc", g.pos[0] - 1, g.pos[1], ally=True)
    turn = g.turn
    r = Descend().perform(g)
    assert r.turns == 0 and g.turn == turn + 1 and g.pending == LevelRequest(g.site, 2, "up")
    assert g.mode == "dungeon-loading" and g.companions == [ally] and len(r.messages) == 1


def test_a_fall_leaves_the_allies_behind():
    g = run_on(pos=(2, 2))
    ally = put(g, "orc", 3, 2, ally=True)
    r = change_depth(g, 2, "fall")
    assert r.messages == () and g.companions == [] and ally in g.level.monsters
    assert g.pending == LevelRequest(g.site, 2, "fall")


def test_stairs_to_a_level_visited_on_this_trip_arrive_at_once_by_the_other_stairs_with_the_allies():
    g = run_on(pos=(2, 2))
    first = g.level
    g.depth, g.levels, g.pending = 2, {1: first, 2: first}, None
    g.pos = first.up
    ally = put(g, "orc", first.up[0] + 1, first.up[1], ally=True)
    r = Ascend().perform(g)
    assert r.succeeded and r.turns == 0 and g.pending is None and g.depth == 1
    assert r.messages == (note(f"Your {ally.kind.name} comes with you."), note("You reach depth 1."))
    assert g.pos == first.down and ally in g.level.monsters
    g.pos = first.up
    ally.x, ally.y = first.up[0] + 1, first.up[1]
    r = change_depth(g, 1, "fall")
    assert r.messages == (note("You reach depth 1."),) and g.companions == []


def test_a_treasure_carried_out_of_its_site_clears_it():
    g = run_on(pos=(2, 2))
    g.carrying = g.site
    r = LeaveSite().perform(g)
    assert 0 in g.cleared.get(g.location, set()) and g.carrying is None
    assert any("Site cleared" in text for text, _ in r.messages)


def test_climbing_out_puts_the_player_on_the_sites_overworld_cell_and_takes_no_time():
    g = run_on(pos=(2, 2))
    site = g.loc.sites[0]
    g.dirty = False
    r = LeaveSite().perform(g)
    assert r.turns == 0 and r.messages[0] == note("You climb back into daylight.")
    assert (g.mode, g.level, g.levels, g.depth, g.site, g.pos) == ("overworld", None, {}, 0, None, (site.x, site.y))
    assert g.over_pos[g.location] == (site.x, site.y) and g.dirty is True


def test_a_relic_carried_out_is_kept_clears_its_site_and_opens_the_next_location():
    g = run_on(pos=(2, 2))
    g.carrying_relic = True
    n = g.world.n_locations
    r = LeaveSite().perform(g)
    name = g.world.location_name(g.location)
    assert r.messages[0] == note("You climb back into daylight.")
    assert loot(f"The relic of {name} is yours! (1 of {n})") in r.messages and g.events[-1] in ("relic", "win")
    assert not g.carrying_relic and g.relics == {g.location} and 0 in g.cleared[g.location]
    if g.location < content.final_location(n) and n > 1:
        assert g.unlocked == g.location + 2 and not g.won
        assert r.messages[-1] == loot(f"The way to {g.world.location_name(g.location + 1)} is open! "
                                      f"({hint('world_map')})")


def test_the_last_locations_relic_wins_the_run():
    g = run_on(pos=(2, 2))
    g.location = content.final_location(g.world.n_locations)
    g.carrying_relic = True
    r = LeaveSite().perform(g)
    assert g.won and g.events[-1] == "win" and r.messages[-1] == loot("You have won: the last relic is out of the deep.")


def test_a_relic_does_not_open_again_a_way_already_open_nor_close_one_opened_farther():
    for unlocked in (2, 3):  # the next way already open (its sites cleared), or one past it
        g = run_on(pos=(2, 2))
        g.unlocked = min(unlocked, g.world.n_locations)
        g.carrying_relic = True
        r = LeaveSite().perform(g)
        assert g.unlocked == min(unlocked, g.world.n_locations) and not any("is open" in t for t, _ in r.messages)


def test_travel_goes_only_from_the_overworld_to_another_open_location():
    g = run_on(pos=(2, 2))
    assert GoLocation(1).perform(g) == fail(bad("Leave the dungeon before travelling."))
    g = overworld()
    g.unlocked = 2
    assert GoLocation(2).perform(g) == fail(bad("That location is not open yet."))
    assert GoLocation(-1).perform(g) == fail(bad("That location is not open yet."))
    assert GoLocation(g.location).perform(g) == fail()
    g.dirty = False
    r = GoLocation(1).perform(g)
    assert r.succeeded and r.turns == 0 and g.pending == LocationRequest(1) and g.mode == "overworld-loading"
    assert g.over_pos[g.location] == (2, 2) and g.dirty is True


def test_enter_does_what_the_place_underfoot_offers():
    g = overworld()
    assert isinstance(Interact().perform(g).alternative, EnterSite)
    g = run_on(pos=(2, 2))
    assert isinstance(Interact().perform(g).alternative, PickUp)
    g.pos = g.level.up
    assert isinstance(Interact().perform(g).alternative, Ascend)
    g.pos = g.level.down
    assert isinstance(Interact().perform(g).alternative, Descend)
    assert int(g.level.tiles[g.pos[1], g.pos[0]]) == T.stairs_down
