"""Terrain in play: doors, deep water, chasms, fire in grass and brush, clouds,
and how monsters use and avoid them (game/rules/world/hazards.py,
game/rules/actions/terrain.py, content.TERRAIN_RULES)."""

import numpy as np
import pytest

from worldgen.core.registry import Stage
from worldgen.core.tiles import TRANSPARENT, T

from game.rules.world import hazards
from game.rules.actions.effects import Deliver
from game.rules.actions.surroundings import Cloud, IdentifyOne, Ignite
from game.rules.actions.terrain import FALL_DAMAGE, CloseDoors, Drown, Fall, HazardsTurn, Unlock
from game.rules.behaviours import BEHAVIOURS, DOOR_MUFFLE, TurnContext
from game.rules.content import DUNGEONS, GASES, ITEM_BY_ID, TERRAIN_RULES
from game.rules.creatures.identify import display_name
from game.rules.engine import resolve
from game.rules.world.level import Level, LevelKey

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


# -- clouds drift by their per-cell rule ----------------------------------------------------------
def drift_by_hand(tiles: np.ndarray, gas: dict) -> dict:
    """The drift rule one cell at a time: each cell keeps four shares of its
    own cloud and takes one from each of its four neighbours that is open
    (its own again for a neighbour that is shut or off the map); the sum
    over 8, less a tenth (at least 1); nothing stays in a shut cell, and a
    cloud with nothing left is gone."""
    h, w = tiles.shape
    open_ = TRANSPARENT[tiles] | (tiles == T.brush)
    out = {}
    for kind, field in gas.items():
        new = np.zeros((h, w), np.uint16)
        for y in range(h):
            for x in range(w):
                c = int(field[y, x])
                total = 4 * c
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    inside = 0 <= ny < h and 0 <= nx < w
                    total += int(field[ny, nx]) if inside and open_[ny, nx] else c
                v = total // 8
                v -= max(1, v // hazards.FADE) if v > 0 else 0
                new[y, x] = min(hazards.MAX_GAS, v) if open_[y, x] else 0
        if new.any():
            out[kind] = new
    return out


def test_a_cloud_drifts_as_the_per_cell_rule_says_over_random_maps_edges_and_walls_too():
    rng = np.random.default_rng(29)
    for _ in range(12):
        h, w = int(rng.integers(3, 9)), int(rng.integers(3, 11))
        choices = np.array([T.floor, T.wall, T.brush, T.door, T.grass], np.uint8)
        tiles = choices[rng.integers(0, len(choices), (h, w))]
        level = level_of(HALL)
        level.tiles, level.shape = tiles, (h, w)
        level.gas = {"smoke": rng.integers(0, hazards.MAX_GAS + 1, (h, w)).astype(np.uint16),
                     "poison": (rng.random((h, w)) < 0.2) * rng.integers(1, 12, (h, w)).astype(np.uint16)}
        want = drift_by_hand(tiles, level.gas)
        hazards.drift(level)
        assert sorted(level.gas) == sorted(want)
        for kind in want:
            assert level.gas[kind].dtype == np.uint16 and np.array_equal(level.gas[kind], want[kind]), kind


def test_a_cloud_too_thin_to_share_is_gone():
    level = level_of(HALL)
    level.gas = {"smoke": np.zeros(level.shape, np.uint16)}
    level.gas["smoke"][2, 2] = 1
    hazards.drift(level)
    assert level.gas == {}


# -- fire and clouds set going on one cell ----------------------------------------------------------------
def test_fire_set_to_grass_in_view_catches_and_is_said():
    g = dungeon_run(level_of(HALL.replace("#....#.....#\n#....+", "#.g..#.....#\n#....+", 1)))
    g.level.update_view(*g.pos)
    result, _ = resolve(g, Ignite([(2, 1)]))
    assert result.succeeded and g.level.fire[1, 2] == hazards.BURNS[T.grass]
    assert g.log[-1].text == "The grass catches fire!"


def test_fire_set_out_of_sight_catches_unsaid_and_bare_floor_or_off_the_map_does_not():
    g = dungeon_run(level_of(HALL.replace(".....#\n#....+", "...g.#\n#....+", 1)))
    g.level.visible[:] = False
    n = len(g.log)
    assert resolve(g, Ignite([(9, 1)]))[0].succeeded and g.level.fire[1, 9] > 0 and len(g.log) == n
    assert not resolve(g, Ignite([(2, 2)]))[0].succeeded and not resolve(g, Ignite([(50, 1)]))[0].succeeded
    assert not resolve(g, Ignite([(-1, 1)]))[0].succeeded and g.level.fire[1, 9] > 0 and int(g.level.fire.sum()) == \
        int(g.level.fire[1, 9])


def test_a_cloud_released_on_a_cell_in_view_is_said_and_out_of_sight_is_not():
    g = dungeon_run(level_of(HALL))
    g.level.update_view(*g.pos)
    assert resolve(g, Cloud("poison", (2, 2), 300))[0].succeeded
    assert g.level.gas["poison"][2, 2] == 300 and g.log[-1].text == "A cloud of poison billows out."
    g.level.visible[:] = False
    n = len(g.log)
    assert resolve(g, Cloud("smoke", (8, 3), 50))[0].succeeded and g.level.gas["smoke"][3, 8] == 50
    assert len(g.log) == n and g.level.transparent[2, 2]
    assert not resolve(g, Cloud("smoke", (50, 3), 50))[0].succeeded
    assert not resolve(g, Cloud("smoke", (3, -1), 50))[0].succeeded


def test_thick_smoke_hides_what_is_behind_it():
    g = dungeon_run(level_of(HALL))
    assert resolve(g, Cloud("smoke", (3, 2), GASES["smoke"].dose))[0].succeeded
    assert not g.level.transparent[2, 3] and g.level.transparent[2, 2]


# -- closing doors ---------------------------------------------------------------------------------------
DOORS = """
#######
#.'.'.#
#.'.'.#
#######
"""


def test_closing_shuts_every_open_door_beside_the_player_and_counts_them():
    g = dungeon_run(level_of(DOORS))
    g.pos = (3, 1)
    result, _ = resolve(g, CloseDoors())
    assert result.succeeded and g.log[-1].text == "You close 4 doors." and g.dirty is True
    assert all(g.level.tiles[y, x] == T.door for x, y in ((2, 1), (4, 1), (2, 2), (4, 2)))


def test_closing_one_door_says_the_door_and_leaves_one_with_something_in_it():
    for blocked in ("monster", "item"):
        g = dungeon_run(level_of(DOORS))
        g.pos = (3, 2)
        if blocked == "monster":
            put_monster(g.level, 4, 1)
        else:
            g.level.drop("potion", 4, 1)
        g.level.tiles[2, 2] = g.level.tiles[2, 4] = T.floor
        assert resolve(g, CloseDoors())[0].succeeded and g.log[-1].text == "You close the door."
        assert (g.level.tiles[1, 2], g.level.tiles[1, 4]) == (T.door, T.open_door)


def test_closing_with_no_open_door_beside_says_so():
    g = dungeon_run(level_of(DOORS))
    g.pos = (1, 1)
    g.level.tiles[1, 2] = g.level.tiles[2, 2] = T.floor
    result, _ = resolve(g, CloseDoors())
    assert not result.succeeded and result.messages == (
        ("There is no open door beside you to close (nothing may stand in it).", "note"),)
    g.level = None
    assert resolve(g, CloseDoors())[0].messages == (("There is no door here.", "note"),)


# -- a fall, fire and clouds, rule by rule -----------------------------------------------------------------
def test_a_fall_is_said_as_it_begins_and_as_it_lands():
    g = dungeon_run(level_of(CHASM, exit_=(8, 3)))
    g.pos = (3, 2)
    assert g.move(1, 0)
    said = [(m.text, m.kind) for m in g.log]
    assert said[-2:] == [("You fall into the chasm!", "bad"), ("You land hard, somewhere deeper.", "bad")]


def test_a_fall_that_kills_is_named_and_lands_nowhere():
    g = dungeon_run(level_of(CHASM, exit_=(8, 3)))
    g.pos, g.player.hp = (3, 2), 1
    g.move(1, 0)
    assert g.dead and g.killer == "a fall" and g.pending is None
    assert "You are killed by a fall." in [m.text for m in g.log]


class Zeros:
    """Rolls that always come up 0: every chance of catching fire is taken."""

    def random(self, shape=None):
        return np.zeros(shape) if shape is not None else 0.0


def test_fire_spreads_to_the_eight_neighbours_that_burn_and_no_farther_in_a_turn():
    level = level_of(MEADOW)
    hazards.ignite(level, 6, 2)
    hazards.spread_fire(level, Zeros())
    burning = {(int(x), int(y)) for y, x in zip(*np.nonzero(level.fire))}
    assert burning == {(x, y) for x in (5, 6, 7) for y in (1, 2, 3)}
    assert level.fire[2, 6] == hazards.BURNS[T.grass] - 1 and level.fire[1, 5] == hazards.BURNS[T.grass]
    assert level.gas["smoke"][2, 6] == hazards.SMOKE_PER_FIRE and level.gas["smoke"][1, 5] == 0


def test_a_fire_that_burns_out_leaves_its_burnt_tile_and_one_still_burning_does_not():
    level = level_of(MEADOW)
    level.fire[1, 4], level.fire[1, 8] = 1, 2
    cells = hazards.spread_fire(level, np.random.default_rng(0))
    assert (4, 1) in cells and level.tiles[1, 4] == T.ash and level.changed[1 * 12 + 4] == T.ash
    assert (8, 1) not in cells and level.tiles[1, 8] == T.grass


def test_ignite_takes_only_where_something_burns_and_nothing_burns_yet():
    level = level_of(MEADOW)
    assert hazards.ignite(level, 4, 1) and level.fire[1, 4] == hazards.BURNS[T.grass]
    level.fire[1, 5] = 1
    assert not hazards.ignite(level, 5, 1) and level.fire[1, 5] == 1
    assert not hazards.ignite(level, 2, 4) and level.fire[4, 2] == 0


def test_a_release_of_nothing_adds_nothing_and_a_new_cloud_is_of_whole_thickness():
    level = level_of(MEADOW)
    hazards.release(level, "poison", 2, 2, -40)
    assert level.gas["poison"].dtype == np.uint16 and not level.gas["poison"].any()
    hazards.release(level, "poison", 2, 2, 30)
    assert level.gas["poison"][2, 2] == 30


def test_a_cloud_is_thick_from_its_dose_up():
    level = level_of(MEADOW)
    dose = GASES["smoke"].dose
    none = hazards.thick(level, "smoke")
    assert none.shape == level.shape and none.dtype == bool and not none.any()
    hazards.release(level, "smoke", 2, 2, dose)
    hazards.release(level, "smoke", 3, 2, dose - 1)
    thick = hazards.thick(level, "smoke")
    assert thick.dtype == bool and thick[2, 2] and not thick[2, 3]


def test_the_hazards_turn_burns_whoever_stands_in_fire_even_its_last_turn_and_a_cloud_at_its_dose():
    g = dungeon_run(level_of(MEADOW))
    g.pos = (5, 4)
    rat = put_monster(g.level, 6, 4)
    g.level.fire[4, 5] = 2  # floor does not burn on its own: a fire set there dies this turn
    gas = next(k for k, v in GASES.items() if v.status)
    hazards.release(g.level, gas, 6, 4, GASES[gas].dose * 8 + 100)
    resolve(g, HazardsTurn())
    assert "burning" in g.player.statuses and GASES[gas].status in rat.statuses


@pytest.mark.parametrize("gas", [k for k, v in GASES.items() if v.status])
def test_the_hazards_turn_afflicts_whoever_breathes_a_cloud_from_exactly_its_dose(monkeypatch, gas):
    """One dose rule (``hazards.thick``): a creature in a cloud one below its dose breathes nothing,
    at the dose and one above it takes the cloud's status (the drift held still, so each reads
    what was released)."""
    monkeypatch.setattr(hazards, "drift", lambda level: None)
    g = dungeon_run(level_of(MEADOW))
    kind = GASES[gas]
    g.pos = (3, 4)
    below, above = put_monster(g.level, 5, 4), put_monster(g.level, 7, 4)
    for (x, y), amount in (((3, 4), kind.dose), ((5, 4), kind.dose - 1), ((7, 4), kind.dose + 1)):
        hazards.release(g.level, gas, x, y, amount)
    resolve(g, HazardsTurn())
    assert g.player.statuses.get(kind.status) == kind.turns
    assert kind.status not in below.statuses and above.statuses.get(kind.status) == kind.turns


def test_the_hazards_turn_does_nothing_off_a_level():
    g = dungeon_run(level_of(MEADOW))
    g.level = None
    assert not resolve(g, HazardsTurn())[0].succeeded


def test_the_hazards_turn_with_nothing_burning_and_no_cloud_does_nothing_even_on_grass():
    g = dungeon_run(level_of(MEADOW))
    g.pos = (5, 1)
    put_monster(g.level, 6, 1)
    version = g.version
    assert not resolve(g, HazardsTurn())[0].succeeded and g.version == version


def test_no_fall_through_the_floor_of_a_sites_last_level():
    g = dungeon_run(level_of(CHASM, exit_=(8, 3), last=True))
    assert not resolve(g, Fall())[0].succeeded and g.pending is None


def test_a_vault_door_opens_with_its_key_and_says_so_and_without_it_says_where_the_key_is():
    g = dungeon_run(level_of(HALL))
    result, _ = resolve(g, Unlock(5, 2))
    assert not result.succeeded and result.messages == (
        ("The vault door is locked. Its key lies somewhere on this level.", "note"),)
    g.player.inventory.append("vault_key")
    result, _ = resolve(g, Unlock(5, 2))
    assert result.messages == (("The key turns: the vault door swings open.", "loot"),)
    assert g.dirty is True and g.level.tiles[2, 5] == T.open_door and "vault_key" not in g.player.inventory


def test_a_fire_can_burn_only_where_the_tile_burns_for_a_turn_or_more():
    """Tiles whose rule burns for 1 turn or more (brush: 5, grass: 3) can burn; floor, walls,
    doors, water, chasms and bridges (0, or no rule) never do."""
    level = level_of("""
#######
#g;+..#
#~=:b.#
#######
""")
    burns = {t: r.burns for t, r in TERRAIN_RULES.items()}
    expect = np.vectorize(lambda t: burns.get(int(t), 0) >= 1)(level.tiles)
    assert np.array_equal(hazards.burnable(level), expect)
    assert expect[1, 2] and expect.sum() < expect.size - 20  # the brush burns; floor, walls and water do not


# ---- surroundings.py's mutation survivors (2026-12-07) ----


def test_fire_set_off_the_map_first_still_catches_on_the_cells_after_it():
    g = dungeon_run(level_of(MEADOW))
    g.level.visible[:] = False
    assert resolve(g, Ignite([(50, 1), (-1, 2), (4, 1)]))[0].succeeded
    assert g.level.fire[1, 4] == hazards.BURNS[T.grass] and int(np.count_nonzero(g.level.fire)) == 1


def test_fire_set_to_several_cells_in_view_catches_on_each_and_is_said_once():
    g = dungeon_run(level_of(MEADOW))
    g.pos = (2, 4)
    g.level.update_view(*g.pos)
    n = len(g.log)
    assert resolve(g, Ignite([(3, 1), (4, 1), (3, 3)]))[0].succeeded
    assert [m.text for m in g.log[n:]] == ["The grass catches fire!"]
    assert (g.level.fire[1, 3], g.level.fire[1, 4], g.level.fire[3, 3]) == (
        hazards.BURNS[T.grass], hazards.BURNS[T.grass], hazards.BURNS[T.brush])


def test_identifying_one_names_the_first_unknown_kind_in_the_pack_by_what_it_was_seen_as():
    g = dungeon_run(level_of(MEADOW))
    g.player.inventory[:] = ["potion", "potion_speed"]
    g.known.add("potion")
    g.known.discard("potion_speed")
    seen = display_name(g, ITEM_BY_ID["potion_speed"])
    assert seen != "potion of speed"
    result, _ = resolve(g, IdentifyOne())
    assert result.messages == ((f"The {seen} was a potion of speed.", "loot"),) and "potion_speed" in g.known
    assert resolve(g, IdentifyOne())[0].messages == (("You have nothing left to identify.", "note"),)


# ---- terrain.py's mutation survivors (2026-12-07) ----


def test_a_drowning_takes_all_the_hp_left_plus_what_the_statuses_dealt_that_turn():
    """``Drown(who, also)``: the walker comes down in deep water with the harm its statuses dealt
    this turn (3 of poison) on top of all its HP: it ends at -3, not at 3 left."""
    g = dungeon_run(level_of(MEADOW.replace("#..;;;", "#.~;;;", 1)))
    g.pos = (1, 4)
    orc = put_monster(g.level, 2, 3, kind="orc")
    resolve(g, Drown(orc, 3, "poison"))
    assert not orc.alive and orc.hp == -3 and orc not in g.level.monsters
