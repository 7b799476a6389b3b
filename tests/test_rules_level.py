"""One level's own rules (game/rules/level.py): noticing secret doors and
traps near the player, and the free cell nearest a spot (where a creature
brought onto the level stands)."""

import numpy as np
import pytest

from game.rules.geometry import STEPS

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
