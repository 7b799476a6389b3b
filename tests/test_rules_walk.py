"""A step (game/rules/actions/walk.py): what a step into each thing becomes,
the step itself (a door, trampled brush, water, a chasm, a trap), landing,
changing places with an ally, a step on the overworld, a secret door."""

import pytest

from worldgen.core.tiles import T

from game.rules.actions.allies import Free
from game.rules.actions.base import Result, fail
from game.rules.actions.features import SpringTrap, UseFeature
from game.rules.actions.melee import Attack
from game.rules.actions.terrain import Fall, Unlock
from game.rules.actions.walk import DOOR_NOISE, Land, OpenSecretDoor, OverworldStep, Step, SwapPlaces, Walk
from game.rules.content import ITEM_BY_ID, TERRAIN_RULES
from game.rules.content.keys import hint
from game.rules.creatures.entities import FloorItem
from game.rules.world.geometry import STEPS
from game.rules.play.harm import name_of
from game.rules.text.log import good, note

from creatures import level_of, put, run_on

ROOM = "########\n#......#\n#......#\n#......#\n########"


def walk(g, dx, dy):
    """What a key's step does: ``Walk``, and the player's own ``Step`` it hands over to, as the engine follows it."""
    r = Walk(dx, dy).perform(g)
    if isinstance(r.alternative, Step):
        assert r.alternative.actor is g.player and r.alternative.cost(g) == g.player.move_cost
        return r.alternative.perform(g)
    return r


def test_a_step_that_is_not_one_of_the_eight_or_off_the_map_fails():
    g = run_on(level_of(ROOM), pos=(1, 1))
    assert walk(g, 2, 0) == fail() and walk(g, 0, 0) == fail()
    g = run_on(level_of("....\n....\n...."), pos=(0, 1))
    assert walk(g, -1, 0) == fail() and g.pos == (0, 1)


@pytest.mark.parametrize("who, unit", [({"captive": True}, Free), ({"ally": True}, SwapPlaces), ({}, Attack)])
def test_a_step_into_a_creature_frees_changes_places_or_attacks(who, unit):
    g = run_on(level_of(ROOM), pos=(2, 2))
    m = put(g, "orc", 3, 2, **who)
    r = walk(g, 1, 0)
    assert isinstance(r.alternative, unit) and not r.succeeded and g.pos == (2, 2)


def test_a_swimmer_cannot_attack():
    g = run_on(level_of("######\n#.~..#\n######"), pos=(2, 1))
    put(g, "rat", 3, 1)
    assert walk(g, 1, 0) == fail(note("You cannot fight while swimming."))


@pytest.mark.parametrize("tile, unit", [(T.fountain, UseFeature), (T.dry_fountain, UseFeature), (T.altar, UseFeature),
                                        (T.vault_door, Unlock)])
def test_a_step_into_a_feature_uses_it(tile, unit):
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.tiles[2, 3] = tile
    g.level.refresh()
    r = walk(g, 1, 0)
    assert isinstance(r.alternative, unit) and (r.alternative.x, r.alternative.y) == (3, 2)


def test_a_step_into_a_secret_door_finds_it():
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.tiles[2, 3], g.level.secret[2, 3] = T.secret_door, True
    g.level.refresh()
    r = walk(g, 1, 0)
    assert isinstance(r.alternative, OpenSecretDoor)
    assert r.alternative.perform(g) == Result(True, (good("You find a secret door!"),))
    assert g.level.tiles[2, 3] == T.door and not g.level.secret[2, 3]


def test_a_step_into_what_stands_in_the_way_says_what_and_into_a_wall_nothing():
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.tiles[2, 3] = T.statue
    g.level.refresh()
    assert walk(g, 1, 0) == fail(note("A statue stands in the way."))
    g.pos = (1, 1)
    assert walk(g, -1, 0) == fail()


def test_a_chasm_on_the_last_level_cannot_be_jumped_into_but_floated_over():
    g = run_on(level_of(ROOM, last=True), pos=(2, 2))
    g.level.tiles[2, 3] = T.chasm
    g.level.refresh()
    assert walk(g, 1, 0) == fail(note("The chasm falls into nothing: there is no level below."))
    g.player.statuses["levitating"] = 5
    assert walk(g, 1, 0).succeeded and g.pos == (3, 2)


def test_a_confused_step_goes_astray_by_its_own_roll_half_the_time():
    astray = set()
    for turn in range(40):
        g = run_on(level_of(ROOM), pos=(3, 2))
        g.turn = turn
        g.player.statuses["confused"] = 5
        rng = g.rng("confused")
        goes = rng.random() < 0.5
        dx, dy = STEPS[int(rng.integers(0, 8))] if goes else (1, 0)
        walk(g, 1, 0)
        assert g.pos == (3 + dx, 2 + dy)
        astray.add(goes and (dx, dy) != (1, 0))
    assert astray == {True, False}


def test_a_confused_step_astray_into_a_wall_stumbles():
    for turn in range(60):
        g = run_on(level_of("#####\n#...#\n#####"), pos=(2, 1))
        g.turn = turn
        g.player.statuses["confused"] = 5
        rng = g.rng("confused")
        if rng.random() < 0.5 and STEPS[int(rng.integers(0, 8))][1] != 0:
            assert walk(g, 1, 0) == Result(True, (note("You stumble about in confusion."),)) and g.pos == (2, 1)
            return
    raise AssertionError("no stumble in 60 turns")


def test_a_step_moves_the_player_makes_noise_and_then_lands():
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.noise = 0
    r = walk(g, 1, 1)
    assert g.pos == (3, 3) and g.noise == g.player.step_noise and r.messages == ()
    (land,) = r.then
    assert isinstance(land, Land) and (land.x, land.y) == (3, 3)
    assert Walk(1, 0).cost(g) == g.player.move_cost


def test_a_door_swings_open_louder_than_a_step():
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.tiles[2, 3] = T.door
    g.level.refresh()
    g.noise = 0
    walk(g, 1, 0)
    assert g.level.tiles[2, 3] == T.open_door and g.noise == max(DOOR_NOISE, g.player.step_noise)


def test_brush_underfoot_is_trampled():
    tile, rule = next((t, r) for t, r in TERRAIN_RULES.items() if r.trampled is not None)
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.tiles[2, 3] = tile
    g.level.refresh()
    walk(g, 1, 0)
    assert g.level.tiles[2, 3] == rule.trampled


def test_a_step_into_a_chasm_falls_and_into_deep_water_swims():
    g = run_on(level_of("#######\n#.:~~.#\n#######"), pos=(1, 1))
    r = walk(g, 1, 0)
    assert g.pos == (2, 1) and len(r.then) == 1 and isinstance(r.then[0], Fall)
    g.pos = (2, 1)
    g.level.tiles[1, 2] = T.floor
    g.level.refresh()
    r = walk(g, 1, 0)
    assert r.messages == (note("You swim (you cannot fight in deep water)."),)
    r = walk(g, 1, 0)
    assert r.messages == ()  # swimming on: said once


def test_a_hidden_trap_springs_and_a_found_one_is_stepped_over():
    g = run_on(level_of("######\n#.^..#\n######"), pos=(1, 1))
    r = walk(g, 1, 0)
    assert [type(a) for a in r.then] == [SpringTrap, Land] and r.messages == ()
    g.pos = (1, 1)
    g.level.find_trap(2, 1)
    r = walk(g, 1, 0)
    assert r.messages == (note("You step carefully over the trap."),) and [type(a) for a in r.then] == [Land]


def test_landing_picks_up_what_lies_there_and_tells_of_stairs():
    g = run_on(level_of(ROOM), pos=(2, 2))
    g.level.items.append(FloorItem(5, ITEM_BY_ID["potion"], 2, 2))
    g.pickup = "all"
    r = Land(2, 2).perform(g)
    assert r.succeeded and g.player.inventory == ["potion"] and len(r.messages) == 1
    g.pos = g.level.up
    assert Land(*g.level.up).perform(g).messages == (note(f"Stairs lead up ({hint('ascend')})."),)
    g.pos = g.level.down
    assert Land(*g.level.down).perform(g).messages == (note(f"Stairs lead down ({hint('descend')})."),)
    assert Land(2, 2).perform(g) == fail()  # sent elsewhere (a trap) before landing
    g.dead = True
    assert Land(*g.pos).perform(g) == fail()


def test_changing_places_with_an_ally_only_where_each_can_stand():
    g = run_on(level_of("#######\n#..:..#\n#######"), pos=(1, 1))
    ally = put(g, "orc", 2, 1, ally=True)
    r = SwapPlaces(ally, 1, 0).perform(g)
    assert ally.pos == (1, 1) and isinstance(r.alternative, Walk) and (r.alternative.dx, r.alternative.dy) == (1, 0)
    g.pos, ally.x = (4, 1), 3
    assert SwapPlaces(ally, -1, 0).perform(g) == fail(note(f"{name_of(ally, True)} cannot make way."))
    g.pos, ally.x = (2, 1), 1
    bat = put(g, "bat", 3, 1, ally=True)
    assert SwapPlaces(bat, 1, 0).perform(g) == fail(note(f"{name_of(bat, True)} cannot make way."))  # a chasm
    g.player.statuses["levitating"] = 5
    assert SwapPlaces(bat, 1, 0).perform(g).alternative is not None and bat.pos == (2, 1)
    assert SwapPlaces(bat, 1, 0).cost(g) == g.player.move_cost


def overworld():
    g = run_on()
    g.mode, g.level, g.pos = "overworld", None, (1, 2)
    return g


def test_an_overworld_step_takes_its_terrains_turns_and_names_the_site_underfoot():
    g = overworld()
    r = OverworldStep(1, 0).perform(g)
    site = g.loc.sites[0]
    assert g.pos == (2, 2) and g.over_pos[g.location] == (2, 2)
    assert r.turns == max(1, int(g.loc.cost[2, 2]))
    assert r.messages == (note(f"Site 1: {site.describe()} (not cleared). ({hint('interact')})"),)
    g.cleared.setdefault(g.location, set()).add(0)
    g.pos = (1, 2)
    assert "(cleared)" in OverworldStep(1, 0).perform(g).messages[0][0]
    r = OverworldStep(1, 0).perform(g)
    assert r.messages == () and g.pos == (3, 2)


def test_an_overworld_step_off_the_map_or_into_what_bars_it_fails_saying_what():
    g = overworld()
    g.pos = (0, 0)
    assert OverworldStep(-1, 0).perform(g) == fail() and OverworldStep(0, -1).perform(g) == fail()
    assert OverworldStep(2, 0).perform(g) == fail()
    g.pos = (4, 4)
    assert OverworldStep(1, 0).perform(g) == fail() and OverworldStep(0, 1).perform(g) == fail()
    g.loc.tiles[2, 1] = T.deep_water
    g.loc.__post_init__()
    g.pos = (0, 2)
    assert OverworldStep(1, 0).perform(g) == fail(note("Deep water bar the way."))


def test_an_overworld_step_onto_the_first_row_or_column_is_a_step():
    g = overworld()
    assert OverworldStep(-1, 0).perform(g).succeeded and g.pos == (0, 2)
    g.pos = (2, 1)
    assert OverworldStep(0, -1).perform(g).succeeded and g.pos == (2, 0)


def test_a_step_over_a_trap_lands_on_the_traps_cell():
    g = run_on(level_of("######\n#.^..#\n######"), pos=(1, 1))
    assert [(a.x, a.y) for a in walk(g, 1, 0).then] == [(2, 1), (2, 1)]
    g.pos = (1, 1)
    g.level.find_trap(2, 1)
    assert [(a.x, a.y) for a in walk(g, 1, 0).then] == [(2, 1)]


def test_a_swimming_player_changes_places_with_a_swimming_ally():
    g = run_on(level_of("######\n#.~~.#\n######"), pos=(2, 1))
    eel = put(g, "eel", 3, 1, ally=True)
    r = SwapPlaces(eel, 1, 0).perform(g)
    assert r.alternative is not None and eel.pos == (2, 1)


def test_an_overworld_step_barred_by_anything_else_says_something_bars_it():
    g = overworld()
    g.loc.tiles[1, 2] = T.wall
    g.loc.__post_init__()
    assert OverworldStep(1, -1).perform(g) == fail(note("Something bar the way."))
