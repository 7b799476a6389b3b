"""One level's own rules (game/rules/world/level.py): noticing secret doors and
traps near the player, and the free cell nearest a spot (where a creature
brought onto the level stands)."""

import numpy as np
import pytest

from game.rules.world.geometry import STEPS

from creatures import level_of, put, run_on

#: The player stands at (6, 4): a trap 1 step away at (5, 3); secret doors
#: 1 step away at (7, 4), 2 at (6, 6), 3 at (3, 4), and 4 at (6, 0), (10, 4)
#: and (6, 8).
SECRETS = """\
######s######
#...........#
#...........#
#....^......#
#..s...s..s.#
#...........#
#.....s.....#
#...........#
######s######"""
W = 13


class Rolls:
    """Every roll comes up ``value``."""

    def __init__(self, value: float):
        self.value = value

    def random(self):
        return self.value


def flats(cells):
    return [y * W + x for x, y in cells]


def test_a_glance_notices_what_is_one_step_away_and_says_what_it_found():
    level = level_of(SECRETS)
    lines = level.reveal_secrets_near(6, 4, Rolls(0.0))
    assert lines == ["You find a secret door!", "You spot a trap!"]
    assert level.found == flats([(7, 4)]) and level.traps_found == flats([(5, 3)])
    assert not level.secret[4, 7] and not level.hidden_traps[3, 5] and level.secret[4, 3]


def test_a_search_notices_what_is_up_to_three_steps_away_and_no_farther():
    level = level_of(SECRETS)
    level.reveal_secrets_near(6, 4, Rolls(0.0), searching=True)
    assert level.found == flats([(3, 4), (7, 4), (6, 6)])
    assert level.secret[0, 6] and level.secret[4, 10] and level.secret[8, 6]


@pytest.mark.parametrize("searching, keen, chance", [
    (False, False, 0.35), (True, False, 0.75), (False, True, 1 - 0.65 ** 2), (True, True, 1 - 0.25 ** 2)])
def test_each_secret_is_noticed_below_its_chance_waiting_searches_harder_and_keen_eyes_twice(searching, keen,
                                                                                              chance):
    below, at = level_of(SECRETS), level_of(SECRETS)
    below.reveal_secrets_near(6, 4, Rolls(chance - 1e-4), searching=searching, keen=keen)
    at.reveal_secrets_near(6, 4, Rolls(chance + 1e-4), searching=searching, keen=keen)
    assert flats([(7, 4)])[0] in below.found and below.traps_found
    assert at.found == [] and at.traps_found == []


def test_a_level_with_hidden_traps_and_no_secret_doors_is_still_searched():
    level = level_of(SECRETS.replace("s", "#"))
    assert level.reveal_secrets_near(6, 4, Rolls(0.0)) == ["You spot a trap!"]


def test_a_level_with_nothing_hidden_rolls_nothing():
    class NoRolls:
        def random(self):
            raise AssertionError("rolled")
    assert level_of(SECRETS.replace("s", "#").replace("^", ".")).reveal_secrets_near(6, 4, NoRolls()) == []


def test_secrets_on_the_first_row_and_column_are_noticed_from_beside_them():
    level = level_of("#s#####\ns.....#\n#.....#\n#######")
    level.reveal_secrets_near(1, 1, Rolls(0.0))
    assert sorted(level.found) == [1, 7]


# -- the free cell nearest a spot --------------------------------------------------------------------
OPEN = """\
###########
#.........#
#.........#
#....:....#
#.........#
#.........#
#.........#
###########"""


def nearest_by_hand(level, cell, moves, avoid, reach, taken):
    """The rule of ``free_cell_near`` written out: ring by ring up to
    ``reach``, first the eight step cells of the ring in ``STEPS`` order,
    then the rest of the ring row by row; a cell counts if it is on the
    map, passable to ``moves``, not ``avoid`` and nobody stands there."""
    ground = level.passable(moves)
    h, w = level.shape

    def free(x, y):
        return 0 <= x < w and 0 <= y < h and ground[y, x] and (x, y) != avoid and (x, y) not in taken

    for r in range(1, reach + 1):
        steps = [(cell[0] + dx * r, cell[1] + dy * r) for dx, dy in STEPS]
        ring = [(x, y) for y in range(cell[1] - r, cell[1] + r + 1) for x in range(cell[0] - r, cell[0] + r + 1)
                if max(abs(x - cell[0]), abs(y - cell[1])) == r]
        for x, y in steps + [c for c in ring if c not in steps]:
            if free(x, y):
                return (x, y)
    return None


def test_the_free_cell_nearest_a_spot_follows_its_rule_over_random_crowds():
    rng = np.random.default_rng(29)
    for _ in range(60):
        g = run_on(level_of(OPEN), pos=(1, 1))
        level = g.level
        cell = (int(rng.integers(1, 10)), int(rng.integers(1, 7)))
        taken = set()
        for _ in range(int(rng.integers(0, 30))):
            x, y = int(rng.integers(1, 10)), int(rng.integers(1, 7))
            if (x, y) not in taken and level.walkable[y, x]:
                put(g, "rat", x, y)
                taken.add((x, y))
        moves = ["walk", "fly"][int(rng.integers(0, 2))]
        avoid = (int(rng.integers(1, 10)), int(rng.integers(1, 7)))
        reach = int(rng.integers(1, 4))
        want = nearest_by_hand(level, cell, moves, avoid, reach, taken)
        assert level.free_cell_near(cell, moves, avoid, reach) == want, (cell, moves, avoid, reach)


def test_the_free_cell_nearest_a_spot_looks_two_rings_out_by_default_on_foot():
    g = run_on(level_of(OPEN), pos=(1, 1))
    level = g.level
    for x in range(2, 9):
        for y in range(1, 7):
            if max(abs(x - 5), abs(y - 3)) <= 2 and (x, y) != (5, 3) and level.walkable[y, x]:
                put(g, "rat", x, y)
    assert level.free_cell_near((5, 3)) is None and level.free_cell_near((5, 3), reach=3) is not None
    assert level.free_cell_near((5, 4), "fly") == (5, 3) and level.free_cell_near((5, 4)) == (5, 6)


def test_the_rest_of_a_ring_is_taken_row_by_row_once_its_step_cells_are_full():
    g = run_on(level_of(OPEN), pos=(1, 1))
    level, cell = g.level, (5, 3)
    steps = {(5 + dx * r, 3 + dy * r) for dx, dy in STEPS for r in (1, 2)}
    for x, y in sorted(steps):
        if level.walkable[y, x]:
            put(g, "rat", x, y)
    assert level.free_cell_near(cell, "fly") == (4, 1)  # ring 2's first cell off the step lines, row by row
    put(g, "rat", 4, 1)
    assert level.free_cell_near(cell, "fly") == (6, 1)
    assert level.free_cell_near(cell, "fly", avoid=(6, 1)) == (3, 2)


# -- building: the stairs, the way down, a fresh level ---------------------------------------------------------------
def test_the_first_start_and_exit_points_are_the_stairs_and_the_last_level_has_no_stairs_down():
    from worldgen.core.registry import Stage
    from worldgen.core.tiles import T
    from game.rules.content import DUNGEONS
    from game.rules.world.level import Level, LevelKey

    tiles = level_of().tiles.copy()
    points = {"start": np.array([[2, 1], [5, 5]]), "exit": np.array([[17, 4], [3, 3]])}
    for last in (False, True):
        level = Level(LevelKey(0, 0, 1), Stage("final", tiles, points=points), style="rooms", terrain=int(T.grass),
                      seed=1, tier=0, size=DUNGEONS["small"], last=last)
        assert level.up == (2, 1) and level.tiles[1, 2] == T.stairs_up
        assert level.down == (None if last else (17, 4))
        assert level.tiles[4, 17] == (T.floor if last else T.stairs_down)


def test_a_fresh_level_has_nothing_in_view_nothing_burning_and_no_prize_unless_its_last():
    from worldgen.core.tiles import T
    level = level_of()
    assert level.visible.dtype == bool and level.visible.shape == level.shape and not level.visible.any()
    assert level.fire.dtype == np.uint8 and level.fire.shape == level.shape and not level.fire.any()
    assert level.treasure_index == -1
    assert level_of(last=True).treasure_index >= 0 and T.stairs_down not in level_of(last=True).tiles


#: The way from the stairs up (1, 1) to the stairs down (8, 4) passes two
#: secret doors in a row, the first right beside the stairs; a third, (3, 3),
#: leads off the way, two steps from the stairs.
SECRET_WAY = """\
##########
#.ss.....#
########.#
###s####.#
###.####.#
##########"""


def test_the_secret_doors_on_the_way_down_become_doors_and_the_others_stay_secret():
    from worldgen.core.tiles import T
    level = level_of(SECRET_WAY)
    assert level.tiles[1, 2] == level.tiles[1, 3] == T.door and not level.secret[1, 2:4].any()
    assert level.secret[3, 3] and level.tiles[3, 3] == T.secret_door and level.secret.sum() == 1
    assert level.distance_from(*level.up)[level.down[1], level.down[0]] > 0


def test_a_lone_secret_door_beside_the_stairs_on_the_way_down_becomes_a_door():
    from worldgen.core.tiles import T
    level = level_of("######\n#.s..#\n######")
    assert level.tiles[1, 2] == T.door and not level.secret.any()


# -- the masks -----------------------------------------------------------------------------------------------------------
def test_the_shown_map_hides_a_secret_door_as_wall_and_a_trap_as_floor_each_on_its_own():
    from worldgen.core.tiles import T
    doors = level_of("######\n#.s..#\n#....#\n######")
    doors.tiles[1, 2], doors.secret[1, 2] = T.secret_door, True  # off the way down: build left it
    assert doors.shown_tiles()[1, 2] == T.wall and doors.tiles[1, 2] == T.secret_door
    traps = level_of("######\n#.^..#\n#....#\n######")
    assert traps.shown_tiles()[1, 2] == T.floor and traps.tiles[1, 2] == T.trap
    assert not traps.known_traps().any()
    traps.find_trap(2, 1)
    assert traps.known_traps()[1, 2] and traps.known_traps().sum() == 1 and traps.traps_found == [1 * 6 + 2]


def test_magic_lands_the_player_on_the_way_in_and_never_on_a_monster_or_a_known_trap():
    g = run_on(level_of("######\n#.^..#\n#....#\n######"))
    level = g.level
    level.find_trap(2, 1)
    put(g, "rat", 3, 2)
    free = level.landing_cells()
    assert free[level.up[1], level.up[0]] and free[2, 1] and free[1, 3]
    assert not free[1, 2] and not free[2, 3] and not free[0, 0]


def test_a_guardian_stands_two_steps_from_its_prize_else_one_else_three_the_first_free_in_row_order():
    level = level_of("#########\n#.......#\n#########")
    goal = (7, 1)
    assert level.guard_spot(goal, set()) == (5, 1)
    assert level.guard_spot(goal, {(5, 1)}) == (6, 1)
    assert level.guard_spot(goal, {(5, 1), (6, 1)}) == (4, 1)
    assert level.guard_spot(goal, {(5, 1), (6, 1), (4, 1)}) is None
    far = level_of("#########\n#.......#\n#########")
    assert far.guard_spot((4, 1), {(2, 1), (6, 1), (3, 1)}) == (5, 1)
    assert far.guard_spot((3, 1), {(5, 1), (1, 1), (2, 1), (4, 1)}) == (6, 1)
    assert far.guard_spot((3, 1), {(5, 1), (2, 1), (4, 1), (6, 1)}) is None  # the stairs up, 2 steps off


def test_a_distance_map_is_shared_until_eight_others_were_asked_for():
    level = level_of()
    first = level.distance_from(2, 2)
    assert level.distance_from(2, 2) is first and level.distance_from(2, 2, "walk") is first
    for x in range(3, 10):  # seven more: eight kept
        level.distance_from(x, 2)
    assert level.distance_from(2, 2) is first
    level.distance_from(12, 2)  # the ninth: the cache starts again
    again = level.distance_from(2, 2)
    assert again is not first and (again == first).all()


# -- changes ----------------------------------------------------------------------------------------------------------------
def test_a_creature_play_brings_gets_a_fresh_index_above_every_spawn_index():
    from game.rules.world.level import SPAWNED_INDEX
    g = run_on()
    a, b = put(g, "rat", 3, 3), put(g, "rat", 4, 3)
    g.level.bring(a)
    g.level.bring(b)
    assert SPAWNED_INDEX < a.index < b.index


def test_a_dropped_item_is_one_unless_told_and_kept_as_dropped():
    from game.rules.world.level import DROPPED_INDEX
    level = level_of()
    one, five = level.drop("potion", 3, 3), level.drop("stone", 4, 3, count=5)
    assert (one.count, five.count) == (1, 5) and DROPPED_INDEX < one.index < five.index
    assert level.dropped == [one, five]
    level.take(one)
    assert level.taken == [] and level.dropped == [five]


def test_a_feature_used_up_is_remembered_by_its_cell_and_a_fountain_runs_dry():
    from worldgen.core.tiles import T
    level = level_of("######\n#..{.#\n#....#\n######")
    level.use_up(3, 1)
    level.use_up(3, 1)
    level.use_up(2, 2)
    assert level.used == [1 * 6 + 3, 2 * 6 + 2] and level.tiles[1, 3] == T.dry_fountain
    assert level.is_used(3, 1) and level.is_used(2, 2) and not level.is_used(1, 3) and not level.is_used(2, 1)


def test_a_monster_on_the_players_arrival_cell_is_shoved_to_the_nearest_free_cell():
    g = run_on(level_of("#######\n#.....#\n#.....#\n#######"), pos=(5, 2))
    level = g.level
    blocker = put(g, "rat", 4, 2)
    put(g, "rat", 3, 1)
    level.shove_from(4, 2)
    assert blocker.pos == (4, 1)  # the first free cell one step away, row by row
    level.shove_from(1, 1)  # nobody there: nothing moves
    assert blocker.pos == (4, 1)


def test_a_plain_search_notices_at_the_plain_chance():
    level = level_of(SECRETS)
    assert level.reveal_secrets_near(6, 4, Rolls(0.5)) == []
    assert level.reveal_secrets_near(6, 4, Rolls(0.3)) == ["You find a secret door!", "You spot a trap!"]


def test_the_last_free_cell_of_a_ring_is_found_in_its_bottom_row_and_first_column():
    """Ring 2 around (2, 4) reaches from column 0 to 4 and row 2 to 6: with
    every other cell of rings 1 and 2 taken, the one left, (1, 6), is found."""
    g = run_on(level_of(OPEN), pos=(9, 1))
    level, cell = g.level, (2, 4)
    for y in range(2, 7):
        for x in range(0, 5):
            if (x, y) not in (cell, (1, 6)) and level.walkable[y, x]:
                put(g, "rat", x, y)
    assert level.free_cell_near(cell) == (1, 6)


@pytest.mark.parametrize("x, y, inside", [(0, 0, True), (-1, 0, False), (0, -1, False), (9, 6, True),
                                          (10, 6, False), (9, 7, False)])
def test_a_cell_is_inside_a_level_from_0_up_to_one_short_of_its_width_and_height(x, y, inside):
    g = run_on(level_of("\n".join(["#" * 10] * 7)))
    assert g.level.shape == (7, 10) and g.level.inside(x, y) is inside


def test_a_level_remembers_its_newest_dead_and_forgets_the_oldest_past_its_bound():
    from game.rules.world.level import MAX_CORPSES

    g = run_on(pos=(1, 1))
    for k in range(MAX_CORPSES + 2):
        g.level.kill(put(g, "rat", 2 + k % 5, 2 + k // 5))
    assert len(g.level.corpses) == MAX_CORPSES
    fell = [(2 + k % 5, 2 + k // 5, "rat") for k in range(MAX_CORPSES + 2)]
    assert g.level.corpses == fell[2:]  # the first two forgotten, the last one fallen kept
    risen = put(g, "rat", 3, 3)
    risen.risen = True
    g.level.kill(risen)
    assert g.level.corpses == fell[2:]  # the risen dead leave none
