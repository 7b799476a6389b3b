"""Maps on request (game/rules/play/build.py): what is asked for and how it is
labelled, putting a built location or level in place (a saved place to
resume, a saved level's changes, a burning site's fires), where the player
arrives and the allies beside them, and a failed build put back."""

from dataclasses import replace

import numpy as np
import pytest

from worldgen.core import registry, seeding
from worldgen.core.registry import Stage
from worldgen.core.tiles import T
from worldgen.generators.world import LOCATION_STAGES

from game.rules.play import build
from game.rules import content
from game.rules.world import hazards
from game.rules.play.build import (COMPANION_REACH, arrive, build_iterator, build_label, fail_build, install,
                              install_level, install_location, landing, level_iterator, light_fires, stage_names)
from game.rules.content import DUNGEONS, THEMES
from game.rules.world.level import Level, LevelKey
from game.rules.world.location import LocationData, SiteData, WorldMap
from game.rules.text.log import BAD, LOOT
from game.rules.run import Game
from game.rules.persistence.snapshot import level_snapshot
from game.rules.state import Activity, LevelRequest, LocationRequest

from creatures import level_of, put, run_on

ROOM = "##########\n#........#\n#........#\n#........#\n##########"


def stage_of(text=ROOM) -> Stage:
    rows = text.splitlines()
    tiles = np.array([[{"#": T.wall, ".": T.floor, '"': T.grass}[c] for c in row] for row in rows], dtype=np.uint8)
    points = {"start": np.array([[1, 1]]), "exit": np.array([[len(rows[0]) - 2, len(rows) - 2]]),
              "monsters": np.zeros((0, 2), int), "items": np.zeros((0, 2), int)}
    return Stage("final", tiles, points=points)


def location(index=0, n_sites=3, start=(2, 2), size=6) -> LocationData:
    over = np.full((size, size), T.grass, dtype=np.uint8)
    over[0, 0] = T.mountain
    sites = [SiteData(i, 1 + i, 4, int(T.grass), f"Buildland:{index}:{i}") for i in range(n_sites)]
    return LocationData(index, f"Place {index}", over, sites, start)


def outside(n_sites=3) -> Game:
    """A run on the overworld of a hand-made location, nothing pending."""
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    install_location(g, location(n_sites=n_sites))
    g.log.clear()
    return g


def asking(g: Game, site=0, depth=1, where="up") -> Game:
    g.site, g.pending, g.mode = site, LevelRequest(site, depth, where), "dungeon-loading"
    return g


# -- what is asked for ---------------------------------------------------------------------------------------------
def test_a_level_is_asked_of_the_generator_at_the_dungeon_sizes_dimensions():
    size = DUNGEONS["small"]
    a = [x for x in level_iterator("rooms", "Buildland:0:0:1", size) if isinstance(x, Stage)][-1]
    b = [x for x in registry.run("rooms", "Buildland:0:0:1", size.width, size.height, {}) if isinstance(x, Stage)][-1]
    assert a.data.shape == (size.height, size.width) and (a.data == b.data).all()


def test_a_level_request_builds_its_sites_style_for_the_depth_from_the_sites_seed():
    g = asking(outside(), site=1, depth=2)
    site = g.loc.sites[1]
    style = site.level_style(2)
    ours = [x for x in build_iterator(g) if isinstance(x, Stage)][-1]
    theirs = [x for x in registry.run(style, f"{site.seed}:2", g.size.width, g.size.height,
                                      site.level_params(style, False)) if isinstance(x, Stage)][-1]
    assert (ours.data == theirs.data).all()


def test_the_last_levels_request_asks_for_the_last_levels_params(monkeypatch):
    g = outside()
    calls = []
    monkeypatch.setattr(build, "level_iterator",
                        lambda style, seed, size, params=None: calls.append((style, seed, params)) or iter(()))
    for depth in (g.size.levels - 1, g.size.levels):
        asking(g, site=2, depth=depth)
        build_iterator(g)
    site = g.loc.sites[2]
    assert calls == [(site.level_style(d), f"{site.seed}:{d}", site.level_params(site.level_style(d), d == g.size.levels))
                     for d in (g.size.levels - 1, g.size.levels)]


def test_a_location_request_charts_that_location():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.pending = LocationRequest(1)
    ours = list(build_iterator(g))[-1]
    theirs = list(g.world.location_iterator(1))[-1]
    assert ours.index == 1 and ours.name == theirs.name and (ours.tiles == theirs.tiles).all()


def test_the_stages_named_are_the_level_generators_or_the_locations():
    g = asking(outside(), site=1, depth=2)
    assert stage_names(g) == registry.get(g.loc.sites[1].level_style(2)).stages
    g.pending = LocationRequest(0)
    assert stage_names(g) == LOCATION_STAGES


def test_the_label_says_what_is_being_made():
    g = asking(outside(), site=1, depth=2)
    assert build_label(g) == f"Digging {g.loc.sites[1].level_style(2)} level 2..."
    g.pending = LocationRequest(1)
    assert build_label(g) == f"Charting {g.world.location_name(1)}..."
    g.pending = None
    assert build_label(g) == ""


# -- a location put in place ---------------------------------------------------------------------------------
def test_a_new_location_puts_the_player_on_its_start_and_says_so():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.site, g.depth, g.levels = 1, 2, {2: None}
    data = location(index=0, start=(3, 2))
    install_location(g, data)
    assert (g.loc, g.location, g.pending, g.mode) == (data, 0, None, "overworld")
    assert (g.site, g.depth, g.level, g.levels) == (None, 0, None, {})
    assert g.pos == (3, 2) and g.over_pos[0] == (3, 2)
    assert (g.log[-1].text, g.log[-1].kind) == ("You arrive in Place 0.", LOOT)


def test_a_location_visited_before_puts_the_player_where_they_left_it():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.over_pos[1] = (4, 3)
    install_location(g, location(index=1))
    assert g.pos == (4, 3) and g.location == 1


def test_sites_a_save_names_that_the_location_lacks_are_forgotten():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.cleared = {0: {0, 2, 7}, 1: {9}}
    install_location(g, location(index=0, n_sites=3))
    assert g.cleared == {0: {0, 2}, 1: {9}}


def _resume(mode="overworld", site=-1, depth=1, pos=None, over=None):
    return {"mode": mode, "site": site, "depth": depth, "pos": pos, "over": over}


def test_a_saved_place_in_the_open_is_resumed():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.saved_place = _resume(pos=(4, 1))
    install_location(g, location())
    assert g.pos == (4, 1) and g.over_pos[0] == (4, 1) and g.saved_place is None and g.mode == "overworld"
    assert [m.text for m in g.log] == ["You arrive in Place 0."]


def test_a_saved_place_in_the_open_not_on_the_map_is_the_start_and_said():
    for pos in ((0, 0), (9, 9)):
        g = Game(WorldMap("Buildland", "small"), "small", 7)
        g.saved_place = _resume(pos=pos)
        install_location(g, location(start=(2, 2)))
        assert g.pos == (2, 2)
        assert [(m.text, m.kind) for m in g.log][0] == (
            "Your saved place was not on the map; you are back at the start.", BAD)


def test_a_saved_place_in_a_dungeon_asks_for_its_level():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.saved_place = _resume(mode="dungeon", site=2, depth=3, pos=(5, 6), over=(4, 1))
    install_location(g, location())
    assert g.pending == LevelRequest(2, 3, ("at", (5, 6))) and g.mode == "dungeon-loading"
    assert g.site == 2 and g.pos == (4, 1) and g.saved_place is None and g.log == []


def test_a_saved_dungeon_place_with_no_cell_or_overworld_cell_falls_back():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.saved_place = _resume(mode="dungeon", site=0, depth=1)
    install_location(g, location(start=(3, 3)))
    assert g.pending == LevelRequest(0, 1, ("at", (-1, -1))) and g.pos == (3, 3)
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.over_pos[0] = (5, 5)
    g.saved_place = _resume(mode="dungeon", site=0, depth=1, over=(0, 0))  # a mountain: the start
    install_location(g, location(start=(3, 3)))
    assert g.pos == (3, 3)
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.over_pos[0] = (5, 5)
    g.saved_place = _resume(mode="dungeon", site=0, depth=1)  # no cell saved: where the player left the overworld
    install_location(g, location(start=(3, 3)))
    assert g.pos == (5, 5)


@pytest.mark.parametrize("site", [-1, 3])
def test_a_saved_dungeon_site_the_location_lacks_puts_the_player_outside_without_the_treasure(site):
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    g.carrying = 0
    g.saved_place = _resume(mode="dungeon", site=site, depth=1, pos=(4, 1))
    install_location(g, location(n_sites=3))
    assert g.mode == "overworld" and g.pending is None and g.carrying is None and g.pos == (4, 1)
    assert (g.log[0].text, g.log[0].kind) == ("The saved dungeon site does not exist; you are back in the open.", BAD)


def test_install_puts_in_place_what_was_asked_for():
    g = Game(WorldMap("Buildland", "small"), "small", 7)
    data = location()
    install(g, {}, data)
    assert g.loc is data
    asking(g, site=0, depth=1)
    install(g, {"final": stage_of()}, None)
    assert g.mode == "dungeon" and g.level is g.levels[1]


# -- a level put in place ------------------------------------------------------------------------------------------
def test_a_built_level_is_keyed_tiered_and_sized_by_its_site_and_depth(monkeypatch):
    sizes = []

    def level(*args, size, **kw):
        sizes.append(size)
        return Level(*args, size=size, **kw)

    monkeypatch.setattr(build, "Level", level)
    g = outside(n_sites=3)
    g.location = 0
    for site, depth in ((0, 1), (2, g.size.levels)):
        asking(g, site=site, depth=depth)
        install_level(g, stage_of())
        level, s = g.levels[depth], g.loc.sites[site]
        assert level.key == LevelKey(0, site, depth) and g.level is level and g.pending is None
        assert level.tier == content.tier_of(0, depth) and level.style == s.level_style(depth)
        assert level.last == (depth == g.size.levels) and level.relic == (site == content.relic_site(3))
        assert level.seed == s.seed_int() and level.terrain == s.terrain
        assert sizes[-1] == replace(g.size, max_monsters=round(g.size.max_monsters * s.theme.monsters))


def test_a_crowded_sites_levels_hold_more_monsters(monkeypatch):
    theme = next(t for t in THEMES if t.monsters != 1)
    site = next((s for k in range(300) if (s := SiteData(0, 1, 4, int(T.grass), f"Crowd:{k}")).theme is theme), None)
    assert site is not None, "no such site in 300 seeds"
    sizes = []
    monkeypatch.setattr(build, "Level", lambda *a, size, **kw: sizes.append(size) or Level(*a, size=size, **kw))
    g = outside()
    g.loc = LocationData(0, "Place 0", g.loc.tiles, [site], (2, 2))
    asking(g, site=0)
    install_level(g, stage_of())
    assert sizes[0].max_monsters == round(g.size.max_monsters * theme.monsters) != g.size.max_monsters


def test_a_saved_levels_changes_are_applied_and_a_mismatch_reset_and_said():
    g = asking(outside())
    install_level(g, stage_of())
    g.level.seen[:] = True
    g.deltas[g.level.key.text()] = level_snapshot(g.level)
    asking(g)
    install_level(g, stage_of())
    assert g.level.seen.all() and not any(m.kind == BAD for m in g.log)
    asking(g)
    install_level(g, stage_of(ROOM.replace("##########\n", "", 1)))
    assert (g.log[-1].text, g.log[-1].kind) == ("A saved level did not match its map; it was reset.", BAD)


def test_a_burning_sites_level_is_built_with_its_fires_lit():
    g = outside()
    theme = next(t for t in THEMES if t.fires > 0)
    for k in range(300):
        site = SiteData(0, 1, 4, int(T.grass), f"Firetest:{k}")
        if site.theme.name == theme.name:
            break
    else:
        pytest.skip("no burning site in 300 seeds")
    g.loc = LocationData(0, "Place 0", g.loc.tiles, [site], (2, 2))
    asking(g, site=0)
    install_level(g, stage_of(ROOM.replace(".", '"')))
    assert int((g.level.fire > 0).sum()) == theme.fires


def test_fires_light_as_many_grass_cells_as_asked_drawn_from_the_levels_seed():
    level = level_of('#######\n#"""""#\n#"""""#\n#######')
    light_fires(level, 3)
    lit = level.fire > 0
    assert int(lit.sum()) == 3 and hazards.burnable(level_of('#######\n#"""""#\n#"""""#\n#######'))[lit].all()
    again = level_of('#######\n#"""""#\n#"""""#\n#######')
    light_fires(again, 3)
    assert ((again.fire > 0) == lit).all()
    rng = seeding.rng(level.seed, "fires", level.key.depth)
    ys, xs = np.nonzero(hazards.burnable(again))
    picks = rng.choice(ys.size, size=3, replace=False).tolist()
    assert sorted((int(xs[k]), int(ys[k])) for k in picks) == sorted(zip(*np.nonzero(lit.T)))
    assert not level.calm[lit].any()  # refreshed: monsters keep out


def test_one_fire_lights_one_cell_and_a_level_with_one_grass_cell_has_it_lit():
    level = level_of('########\n#."""".#\n########')
    light_fires(level, 1)
    assert int((level.fire > 0).sum()) == 1
    level = level_of('######\n#."..#\n######')
    light_fires(level, 3)
    assert int((level.fire > 0).sum()) == 1 and level.fire[1, 2] > 0


def test_fires_light_no_more_than_the_grass_and_none_for_none():
    level = level_of('######\n#."".#\n######')
    light_fires(level, 10)
    assert int((level.fire > 0).sum()) == 2
    level = level_of('######\n#."".#\n######')
    light_fires(level, 0)
    assert not level.fire.any()
    level = level_of('#####\n#...#\n#####')
    light_fires(level, 3)
    assert not level.fire.any()


# -- arriving ---------------------------------------------------------------------------------------------------
def _with_level(g, level, depth=1):
    g.levels[depth] = level
    g.pending = None
    return g


def test_arriving_by_the_stairs_up_or_down():
    g = _with_level(outside(), level_of(ROOM))
    arrive(g, 0, 1, "up")
    assert g.pos == g.level.up and (g.mode, g.site, g.depth) == ("dungeon", 0, 1)
    arrive(g, 0, 1, "down")
    assert g.pos == g.level.down


def test_arriving_from_below_on_a_level_with_no_stairs_down_is_at_the_stairs_up():
    g = _with_level(outside(), level_of(ROOM))
    g.level = None
    g.levels[1].down = None
    arrive(g, 0, 1, "down")
    assert g.pos == g.levels[1].up


def test_arriving_by_a_fall_lands_where_the_falls_roll_says():
    g = _with_level(outside(), level_of(ROOM))
    level = g.levels[1]
    for turn in range(6):
        g.turn = turn
        expect = landing(level, g.rng("fall"))
        arrive(g, 0, 1, "fall")
        assert g.pos == expect and level.landing_cells()[expect[1], expect[0]]


def test_landing_is_a_random_open_cell_or_the_stairs_when_none():
    level = level_of(ROOM)
    ys, xs = np.nonzero(level.landing_cells())
    rng = seeding.rng(1, "x")
    k = int(seeding.rng(1, "x").integers(0, ys.size))
    assert landing(level, rng) == (int(xs[k]), int(ys[k]))
    closed = level_of("###\n#.#\n###")
    put(run_on(closed), "rat", 1, 1)  # the one open cell taken: nowhere to land
    assert not closed.landing_cells().any() and landing(closed, seeding.rng(1, "x")) == closed.up


def test_arriving_at_a_saved_cell_stands_there_if_it_can():
    g = _with_level(outside(), level_of(ROOM))
    arrive(g, 0, 1, ("at", (5, 2)))
    assert g.pos == (5, 2) and not any(m.kind == BAD for m in g.log)


@pytest.mark.parametrize("cell", [(0, 2), (-1, 2), (10, 2), (3, -1), (3, 5), (-1, -1)])
def test_arriving_at_a_saved_cell_not_on_the_level_is_at_the_stairs_up_and_said(cell):
    g = _with_level(outside(), level_of(ROOM))
    arrive(g, 0, 1, ("at", cell))
    assert g.pos == g.level.up
    assert (g.log[-1].text, g.log[-1].kind) == ("Your saved place was not on the level; you are back at the stairs.", BAD)


def test_arriving_sets_the_deepest_reached_and_stops_any_walk():
    g = _with_level(outside(), level_of(ROOM), depth=2)
    g.location, g.deepest = 1, 3
    g.activity, g.told = Activity("rest", [(1, 1)]), {5}
    g.dirty = False
    arrive(g, 0, 2, "up")
    assert g.deepest == 12 and g.path == [] and not g.resting and g.told == set() and g.dirty
    arrive(g, 0, 2, "up")
    assert g.deepest == 12
    g.deepest = 40
    arrive(g, 0, 2, "up")
    assert g.deepest == 40


def test_arriving_shoves_a_monster_off_the_arrival_cell_and_looks_around():
    g = _with_level(outside(), level_of(ROOM))
    level = g.levels[1]
    level.seen[:] = False
    g.level = level
    rat = put(g, "rat", *level.up)
    level.seen[:] = False
    g.level = None
    arrive(g, 0, 1, "up")
    assert rat.pos != level.up and level.seen[level.up[1], level.up[0]]


def test_allies_arriving_by_the_stairs_are_set_down_beside_the_player():
    g = _with_level(outside(), level_of(ROOM))
    a, b = (put(run_on(), "orc", 1, 1, ally=True) for _ in range(2))
    g.companions = [a, b]
    arrive(g, 0, 1, "up")
    level = g.level
    assert g.companions == [] and a in level.monsters and b in level.monsters
    assert a.pos != b.pos and g.pos not in (a.pos, b.pos)
    assert all(max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) <= COMPANION_REACH for m in (a, b))
    assert a.index != b.index


def test_allies_with_no_room_near_wait_for_the_next_arrival():
    g = _with_level(outside(), level_of("#####\n#...#\n#####"))
    allies = [put(run_on(), "orc", 1, 1, ally=True) for _ in range(3)]
    g.companions = list(allies)
    arrive(g, 0, 1, "up")
    assert g.companions == [allies[2]] and allies[0] in g.level.monsters and allies[1] in g.level.monsters


def test_allies_are_set_down_as_far_as_their_reach_and_no_farther():
    g = _with_level(outside(), level_of("########\n#......#\n########"))
    level = g.levels[1]
    g.level = level
    for x in range(2, 1 + COMPANION_REACH):  # the cells nearer the stairs are taken
        put(g, "rat", x, 1)
    g.level = None
    ally = put(run_on(), "orc", 1, 1, ally=True)
    g.companions = [ally]
    arrive(g, 0, 1, "up")
    assert ally.pos == (1 + COMPANION_REACH, 1)
    g.level.monsters.remove(ally)
    put(g, "rat", 1 + COMPANION_REACH, 1)
    g.companions = [ally]
    arrive(g, 0, 1, "up")
    assert g.companions == [ally]


def test_each_ally_is_set_down_on_its_own_ground_and_one_with_none_near_does_not_keep_the_rest_waiting():
    g = _with_level(outside(), level_of("#######\n#..~~.#\n#######"))
    swimmer = put(run_on(), "eel", 1, 1, ally=True)
    walker = put(run_on(), "orc", 1, 1, ally=True)
    g.companions = [swimmer, walker]
    arrive(g, 0, 1, "up")
    assert g.companions == [] and swimmer.pos == (3, 1) and walker.pos == (2, 1)
    dry = _with_level(outside(), level_of(ROOM))
    dry.companions = [swimmer, walker]
    arrive(dry, 0, 1, "up")
    assert dry.companions == [swimmer] and walker in dry.level.monsters


def test_allies_wait_when_the_run_arrives_from_a_save():
    g = _with_level(outside(), level_of(ROOM))
    ally = put(run_on(), "orc", 1, 1, ally=True)
    g.companions = [ally]
    arrive(g, 0, 1, ("at", (5, 2)))
    assert g.companions == [ally] and ally not in g.level.monsters


# -- a failed build --------------------------------------------------------------------------------------------------
def test_a_failed_first_level_of_a_site_leaves_the_player_outside():
    g = outside()
    g.pos, g.carrying = (9, 9), 0
    asking(g, site=1)
    assert fail_build(g, g.pending)
    assert (g.mode, g.site, g.levels, g.level, g.depth, g.pending, g.carrying) == \
        ("overworld", None, {}, None, 0, None, None)
    assert g.pos == g.loc.start  # not a cell of this map: back at the start
    assert (g.log[-1].text, g.log[-1].kind) == ("The way is blocked by rubble.", BAD)


def test_a_failed_first_level_leaves_the_player_on_the_site_they_stood_on():
    g = outside()
    g.pos = (3, 4)
    asking(g, site=2)
    assert fail_build(g, g.pending) and g.pos == (3, 4) and g.mode == "overworld"


def test_a_failed_level_below_keeps_the_player_where_they_were():
    g = _with_level(outside(), level_of(ROOM))
    arrive(g, 0, 1, "up")
    pos = g.pos
    g.pending, g.mode = LevelRequest(0, 2, "up"), "dungeon-loading"
    assert fail_build(g, g.pending)
    assert (g.mode, g.depth, g.pending, g.pos, g.site) == ("dungeon", 1, None, pos, 0)
    assert g.log[-1].text == "The way is blocked by rubble."


def test_a_failed_location_goes_back_to_the_overworld_or_ends_a_run_with_none():
    g = outside()
    g.pending, g.mode = LocationRequest(1), "loading"
    assert fail_build(g, g.pending) and g.mode == "overworld" and g.pending is None
    fresh = Game(WorldMap("Buildland", "small"), "small", 7)
    assert not fail_build(fresh, fresh.pending) and fresh.pending is None
