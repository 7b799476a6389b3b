"""Terrain in play: doors, deep water, chasms, fire in grass and brush, clouds,
and how monsters use and avoid them (game/rules/hazards.py,
game/rules/actions/terrain.py, content.TERRAIN_RULES)."""

import numpy as np

from worldgen.core.registry import Stage
from worldgen.core.tiles import T

from game.rules import hazards
from game.rules.actions.effects import Deliver
from game.rules.actions.terrain import FALL_DAMAGE, HazardsTurn
from game.rules.behaviours import BEHAVIOURS, DOOR_MUFFLE, TurnContext
from game.rules.content import DUNGEONS, GASES, TERRAIN_RULES
from game.rules.engine import resolve
from game.rules.level import Level, LevelKey

from test_rules import dungeon_run, put_monster

LEGEND = {"#": T.wall, ".": T.floor, "+": T.door, "~": T.deep_water, "=": T.shallow_water, ":": T.chasm,
          "b": T.bridge, "g": T.grass, ";": T.brush, "'": T.open_door}


def level_of(text: str, exit_=(1, 1), last=False, vaults=()) -> Level:
    rows = text.strip("\n").splitlines()
    tiles = np.array([[LEGEND[ch] for ch in row] for row in rows], dtype=np.uint8)
    stage = Stage("final", tiles, points={"start": np.array([[1, 1]]), "exit": np.array([list(exit_)]),
                                          "monsters": np.zeros((0, 2), int), "items": np.zeros((0, 2), int)},
                  info={"vaults": list(vaults)})
    return Level(LevelKey(0, 0, 1), stage, style="rooms", terrain=int(T.grass), seed=1, tier=0,
                 size=DUNGEONS["small"], last=last)


HALL = """
############
#....#.....#
#....+.....#
#....#.....#
############
"""


def test_a_step_opens_a_shut_door_that_blocked_sight_and_C_shuts_it_again():
    g = dungeon_run(level_of(HALL))
    level = g.level
    g.pos = (4, 2)
    level.update_view(4, 2)
    assert not level.transparent[2, 5] and not level.visible[2, 8]
    assert g.move(1, 0) and g.pos == (5, 2) and level.tiles[2, 5] == T.open_door
    assert level.transparent[2, 5] and level.visible[2, 8]
    assert not g.close_doors()  # standing in it: nothing closes
    assert g.move(1, 0) and g.close_doors()
    assert level.tiles[2, 5] == T.door and not level.transparent[2, 5]
    assert level.changed == {}  or level.changed[2 * level.shape[1] + 5] == T.door


def test_monsters_open_doors_as_they_pass():
    g = dungeon_run(level_of(HALL))
    g.pos = (2, 2)
    rat = put_monster(g.level, 7, 2)
    for _ in range(6):
        g.wait()
    assert g.level.tiles[2, 5] == T.open_door
    assert rat.x <= 4 or not rat.alive


def test_a_shut_door_muffles_the_sound_of_the_player():
    g = dungeon_run(level_of(HALL))
    g.pos = (2, 2)
    sleeper = put_monster(g.level, 8, 2, awake=False)
    ctx = TurnContext(g, g.rng(), np.zeros(g.level.shape, bool), 5)
    shut = ctx.heard_from(sleeper)
    assert shut == ctx.distance(sleeper) + DOOR_MUFFLE
    hazards.set_tile(g.level, 5, 2, T.open_door)
    g.level.refresh()
    assert ctx.heard_from(sleeper) == ctx.distance(sleeper) == shut - DOOR_MUFFLE


def test_a_sleeper_beyond_a_sounds_reach_in_a_straight_line_does_not_hear_it_and_no_map_is_made(monkeypatch):
    g = dungeon_run(level_of(HALL))
    g.pos = (2, 2)
    sleeper = put_monster(g.level, 8, 2, awake=False)
    made = []
    monkeypatch.setattr(g.level, "distance_from", lambda *a, **k: made.append(a) or np.zeros(g.level.shape, int))
    reach_of = lambda noise: sleeper.kind.hearing * noise / 10
    quiet = next(n for n in range(1, 100) if reach_of(n) < 6 <= reach_of(n + 1))  # six cells away: just out of reach
    ctx = TurnContext(g, g.rng(), np.zeros(g.level.shape, bool), quiet)
    assert not BEHAVIOURS[sleeper.behaviour].hears(ctx, sleeper) and made == []
    ctx = TurnContext(g, g.rng(), np.zeros(g.level.shape, bool), quiet + 1)
    BEHAVIOURS[sleeper.behaviour].hears(ctx, sleeper)
    assert made  # within reach in a straight line: the way round is measured


POND = """
##########
#...~~...#
#...~~...#
#...~~...#
##########
"""


def test_swimming_in_deep_water_stops_attacks_and_walkers_cannot_follow():
    g = dungeon_run(level_of(POND))
    g.pos = (3, 2)
    assert g.move(1, 0) and g.pos == (4, 2)
    assert any("swim" in line for line, _, _ in g.log[-3:])
    rat = put_monster(g.level, 3, 2)
    hp = rat.hp
    assert not g.move(-1, 0) and rat.hp == hp
    assert "cannot fight while swimming" in g.log[-1][0]
    assert not g.level.passable("walk")[2, 4] and g.level.passable("fly")[2, 4]


def test_items_lying_in_deep_water_are_picked_up_by_swimming():
    g = dungeon_run(level_of(POND))
    g.level.drop("potion", 4, 2)
    g.pos = (3, 2)
    assert g.move(1, 0)
    assert "potion" in g.player.inventory


CHASM = """
##########
#...::...#
#...::...#
#...::...#
##########
"""


def test_a_step_into_a_chasm_falls_to_the_next_level_and_hurts():
    g = dungeon_run(level_of(CHASM, exit_=(8, 3)))
    g.pos = (3, 2)
    hp = g.player.hp
    assert g.move(1, 0)
    assert g.player.hp == hp - FALL_DAMAGE - 1
    assert g.pending is not None and g.pending.depth == 2 and g.pending.arrive == "fall"
    stages = {}
    result = None
    for item in g.build_iterator():
        if isinstance(item, Stage):
            stages[item.name] = item
        result = item
    g.install_build(stages, result)
    assert g.depth == 2 and g.mode == "dungeon"
    assert g.level.walkable[g.pos[1], g.pos[0]] and g.pos != g.level.up or g.level.landing_cells().sum() == 0


def test_no_fall_from_a_sites_last_level():
    g = dungeon_run(level_of(CHASM, exit_=(8, 3), last=True))
    g.pos = (3, 2)
    assert not g.move(1, 0) and g.pos == (3, 2) and g.pending is None


def test_walkers_never_path_into_a_chasm_and_flyers_cross_it():
    level = level_of(CHASM)
    assert not level.passable("walk")[2, 4] and level.passable("fly")[2, 4]
    assert level.enterable(4, 2)  # the player may jump


MEADOW = """
############
#..gggggggg#
#..gggggggg#
#..;;;;;;;;#
#..........#
############
"""


def test_fire_spreads_through_grass_burns_out_to_ash_and_never_crosses_bare_floor():
    g = dungeon_run(level_of(MEADOW))
    level = g.level
    g.pos = (1, 4)
    hazards.ignite(level, 5, 1)
    seen_burning = 0
    for _ in range(40):
        g.wait()
        seen_burning = max(seen_burning, int(np.count_nonzero(level.fire)))
    assert seen_burning > 3
    assert not level.fire.any()
    assert (level.tiles == T.ash).sum() > 5
    assert (level.tiles[4, 1:11] == T.floor).all() and not (level.tiles[1:4, 1:3] == T.ash).any()
    assert all(level.changed[f] == T.ash for f in np.flatnonzero(level.tiles == T.ash).tolist())


def test_standing_in_fire_sets_you_burning_and_hurts():
    g = dungeon_run(level_of(MEADOW))
    g.pos = (5, 1)
    hp = g.player.hp
    hazards.ignite(g.level, 5, 1)
    resolve(g, HazardsTurn())
    assert "burning" in g.player.statuses and g.player.hp < hp


def test_a_burning_creature_sets_the_grass_under_it_alight():
    g = dungeon_run(level_of(MEADOW))
    rat = put_monster(g.level, 6, 2, awake=False)
    rat.statuses["burning"] = 3
    resolve(g, HazardsTurn())
    assert g.level.fire[2, 6] > 0 or (g.level.tiles[2, 6] == T.ash)


def test_a_fire_burst_lights_the_grass_and_a_shattered_poison_leaves_a_cloud():
    g = dungeon_run(level_of(MEADOW))
    resolve(g, Deliver("burn", "burst", 3, g.player, (6, 2)))
    assert (g.level.fire[1:4, 5:8] > 0).sum() >= 6
    resolve(g, Deliver("poison", "burst", 3, g.player, (4, 4)))
    assert g.level.gas["poison"][4, 4] > 0


def test_monsters_keep_out_of_fire():
    g = dungeon_run(level_of(MEADOW))
    g.level.fire[4, 3:11] = 5
    g.level.refresh()
    assert not g.level.passable("walk")[4, 5] and g.level.walkable[4, 5]


WET = """
############
#.....=....#
#..........#
############
"""


def test_a_burning_monster_runs_for_water():
    g = dungeon_run(level_of(WET))
    g.pos = (10, 2)
    rat = put_monster(g.level, 3, 1)
    rat.statuses["burning"] = 9
    ctx = TurnContext(g, g.rng(), np.zeros(g.level.shape, bool))
    action = BEHAVIOURS["hunter"].act(ctx, rat)
    assert (action.x, action.y) == (4, 1)


def test_brush_hides_what_is_behind_it_and_a_step_tramples_it():
    g = dungeon_run(level_of(MEADOW))
    level = g.level
    g.pos = (2, 3)
    level.update_view(2, 3)
    assert not level.transparent[3, 4] and not level.visible[3, 6]
    assert g.move(1, 0) and level.tiles[3, 3] == T.grass


def test_clouds_drift_fade_and_are_gone_in_time():
    level = level_of(HALL)
    hazards.release(level, "poison", 2, 2, 1000)
    totals = []
    for _ in range(80):
        hazards.drift(level)
        totals.append(int(level.gas["poison"].sum()) if "poison" in level.gas else 0)
    assert totals[0] < 1000 and all(b <= a for a, b in zip(totals, totals[1:]))
    assert totals[-1] == 0 and "poison" not in level.gas


def test_a_cloud_does_not_pass_a_shut_door():
    level = level_of(HALL)
    hazards.release(level, "poison", 4, 2, 1000)
    for _ in range(10):
        hazards.drift(level)
    assert level.gas["poison"][:, 6:].sum() == 0


def test_breathing_a_thick_cloud_gives_its_status_and_smoke_hides_sight():
    g = dungeon_run(level_of(HALL))
    g.pos = (2, 2)
    hazards.release(g.level, "poison", 2, 2, 800)
    resolve(g, HazardsTurn())
    assert "poisoned" in g.player.statuses
    hazards.release(g.level, "smoke", 3, 2, 1000)
    g.level.refresh()
    assert not g.level.transparent[2, 3]


def test_every_terrain_rule_names_a_known_way_in():
    assert {r.enter for r in TERRAIN_RULES.values()} <= {"walk", "swim", "fall", "open", "unlock", "block"}
    assert all(r.burnt is not None for r in TERRAIN_RULES.values() if r.burns)
    assert all(g.status == "" or g.turns > 0 for g in GASES.values())
