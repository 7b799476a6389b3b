"""Monster behaviours (game/rules/behaviours/base.py: the mind every
behaviour builds on and the common ones), one rule at a time on a hand-made
level: through the behaviour itself, and through the turn engine (the player
waits; each monster acts on its own energy).  The minds with one trait each
are in test_rules_traits.py, the player's side in test_rules_allies.py."""

import math
from dataclasses import replace

import numpy as np
import pytest

from worldgen.core.tiles import T

from game.rules.actions.walk import Step
from game.rules.behaviours import BEHAVIOURS, WATER_REACH, TurnContext, away, to_water, toward, wander
from game.rules.behaviours.base import DOOR_MUFFLE, _free
from game.rules.content import MONSTERS
from game.rules.world.geometry import STEPS, chebyshev, walk_distance

from creatures import level_of, put, run_on
from minds import Rolls, bite, ctx_of, free_by_hand, notices, of_behaviour, random_run, step_to, think, told, who
from test_rules import dungeon_run, make_level, put_monster

HALL = """\
####################
#..................#
#..................#
#..................#
#..................#
#..................#
####################"""


def _context(g):
    occupied = np.zeros(g.level.shape, dtype=bool)
    for m in g.level.monsters:
        occupied[m.y, m.x] = True
    return TurnContext(g, g.rng("test"), occupied)


def test_a_coward_flees_below_its_share_of_max_hp_and_fights_again_once_healed():
    g = dungeon_run(make_level(HALL))
    g.pos = (5, 2)
    rat = put_monster(g.level, 7, 2, "rat", hp=10)  # flee_below 0.5 of max HP 10
    coward = BEHAVIOURS["coward"]
    rat.hp = 4
    action = coward.act(_context(g), rat)
    assert rat.fleeing and isinstance(action, Step) and action.x > rat.x  # away from the player
    rat.hp = 6  # healed above half its maximum
    action = coward.act(_context(g), rat)
    assert not rat.fleeing and isinstance(action, Step) and action.x < rat.x  # back at the player


COWARDS = [k for k in MONSTERS if k.behaviour == "coward"]


def hurt_coward(kind, hp):
    """A run with an awake coward of ``kind`` beside the player, at ``hp`` of its full HP."""
    g = dungeon_run()
    g.pos = (4, 2)
    m = put_monster(g.level, 5, 2, kind=kind.id)
    m.hp = hp
    g.level.update_view(*g.pos)
    return g, m


def test_every_coward_kind_has_a_flight_threshold():
    assert COWARDS and all(0 < k.flee_below < 1 for k in COWARDS)


@pytest.mark.parametrize("kind", COWARDS, ids=lambda k: k.id)
def test_a_coward_hurt_below_its_kinds_share_of_max_hp_flees(kind):
    below = math.ceil(kind.flee_below * kind.hp) - 1  # the most HP that is still under the share
    g, m = hurt_coward(kind, below)
    g.wait()
    assert m.fleeing
    assert max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 2  # stepped away, not a bite
    assert g.player.hp == g.player.max_hp


@pytest.mark.parametrize("kind", COWARDS, ids=lambda k: k.id)
def test_a_coward_at_or_above_its_share_stands_and_fights(kind):
    at = math.ceil(kind.flee_below * kind.hp)
    g, m = hurt_coward(kind, at)
    g.wait()
    assert not m.fleeing and (m.x, m.y) == (5, 2)  # it bit (or missed) instead
    assert g.player.hp < g.player.max_hp or any("misses you" in line for line, _, _ in g.log)


# -- the minds with their rolls written out -------------------------------------------------------------------------
# Each rule below is driven by a turn's rolls given one by one (``minds.Rolls``), so a
# test names the roll at a threshold and the choice it makes; a roll asked for
# that the test did not give, or one given and never asked for, fails it.


# -- moving: toward, away, a random step, the free cells ------------------------------------------------------------




def test_a_step_toward_a_goal_is_the_free_neighbour_nearest_it_first_in_step_order_over_random_maps():
    rng = np.random.default_rng(4)
    for _ in range(150):
        g = random_run(rng)
        src = (int(rng.integers(0, 8)), int(rng.integers(0, 6)))
        for m in g.level.monsters:
            dist = g.level.distance_from(*src, m.moves)
            here = dist[m.y, m.x]
            want, best = None, here if here >= 0 else 1 << 30
            for dx, dy in STEPS:
                x, y = m.x + dx, m.y + dy
                if free_by_hand(g, m, x, y) and 0 <= dist[y, x] < best:
                    want, best = (x, y), dist[y, x]
            assert toward(ctx_of(g), m, dist) == want
            assert all(_free(ctx_of(g), m, m.x + dx, m.y + dy) == free_by_hand(g, m, m.x + dx, m.y + dy)
                       for dx, dy in STEPS)


def test_a_step_away_is_the_free_neighbour_farthest_from_what_it_flees_by_its_way_of_moving_over_random_maps():
    rng = np.random.default_rng(5)
    def away_by_hand(g, m, frm):
        dist = walk_distance(g.level.passable(m.moves), [frm])
        want, best = None, dist[m.y, m.x]
        for dx, dy in STEPS:
            x, y = m.x + dx, m.y + dy
            if free_by_hand(g, m, x, y) and dist[y, x] > best:
                want, best = (x, y), dist[y, x]
        return want

    for _ in range(150):
        g = random_run(rng)
        frm = (int(rng.integers(0, 8)), int(rng.integers(0, 6)))
        for m in g.level.monsters:
            assert away(ctx_of(g), m, frm) == away_by_hand(g, m, frm)
            assert away(ctx_of(g), m) == away_by_hand(g, m, g.pos)


def test_a_random_step_is_the_rolled_neighbour_when_it_is_free():
    rng = np.random.default_rng(6)
    for _ in range(60):
        g = random_run(rng)
        for m in g.level.monsters:
            for k, (dx, dy) in enumerate(STEPS):
                rolls = Rolls(ints=[k])
                want = (m.x + dx, m.y + dy) if free_by_hand(g, m, m.x + dx, m.y + dy) else None
                assert wander(ctx_of(g, rolls), m) == want and rolls.used


# -- fire: running for water -------------------------------------------------------------------------------------------
def burning_in_corridor(water_at: int | None, kind: str = "rat"):
    """A burning ``kind`` at (1, 1) of a corridor with shallow water ``water_at`` steps east of it (None: none)."""
    width = WATER_REACH + 6
    g = run_on(level_of("#" * (width + 2) + "\n#" + "." * width + "#\n" + "#" * (width + 2)), pos=(width, 1))
    if water_at is not None:
        g.level.tiles[1, 1 + water_at] = T.shallow_water
        g.level.refresh()
    return g, put(g, kind, 1, 1, statuses={"burning": 3})


@pytest.mark.parametrize("water_at", [1, 2, WATER_REACH])
def test_a_burning_monster_runs_for_water_within_reach_even_asleep(water_at):
    g, m = burning_in_corridor(water_at)
    assert to_water(ctx_of(g), m) == (2, 1)
    m.awake = False
    assert think(g, m) == step_to(m, 2, 1)


@pytest.mark.parametrize("water_at", [None, 0, WATER_REACH + 1])
def test_a_burning_monster_with_no_water_in_reach_or_standing_in_it_goes_on_as_it_would(water_at):
    g, m = burning_in_corridor(water_at)
    assert to_water(ctx_of(g), m) is None
    m.awake = False
    assert think(g, m, 0.9) is None  # it idles (the roll: no wandering)


def test_only_water_a_monster_can_stand_in_draws_it_and_only_fire_sends_it():
    g, m = burning_in_corridor(3)
    g.level.tiles[1, 2] = T.deep_water  # deep water on the way: a walker cannot cross
    g.level.refresh()
    assert to_water(ctx_of(g), m) is None
    g, bat = burning_in_corridor(3, "bat")
    g.level.tiles[1, 2] = T.deep_water  # a flyer may hover over deep water: it is water to it
    g.level.refresh()
    assert to_water(ctx_of(g), bat) == (2, 1)
    g, m = burning_in_corridor(2)
    m.statuses = {"poisoned": 3}
    m.awake = False
    assert think(g, m, 0.9) is None


# -- noticing -------------------------------------------------------------------------------------------------------------
def sleeper_at(d: int, kind: str = "rat", sight: int = 4, hearing: int = 10):
    """A run in the hall at (2, 3) and an asleep ``kind`` ``d`` cells east, with this sight and hearing."""
    g = run_on(pos=(2, 3))
    m = put(g, kind, 2 + d, 3, awake=False)
    m.kind = replace(m.kind, sight=sight, hearing=hearing)
    return g, m




def test_a_monster_wakes_on_seeing_the_player_within_its_sight_and_says_so():
    g, m = sleeper_at(4)
    assert notices(g, m) == [f"The {m.kind.name} notices you."] and m.awake
    assert notices(g, m) == []  # awake already: nothing more
    g, m = sleeper_at(5)
    assert notices(g, m) == [] and not m.awake
    g, m = sleeper_at(3)
    g.player.statuses["invisible"] = 5  # an invisible player is seen from the next cell only
    assert notices(g, m) == [] and not m.awake


def test_a_deep_sleeper_and_a_guardian_are_not_woken_by_sight():
    for kind in ("sleeper", "guardian"):
        g, m = sleeper_at(2)
        assert notices(g, m, kind=kind) == [] and not m.awake


def test_a_sound_carries_hearing_times_loudness_over_ten_steps_and_the_nearer_the_surer():
    """Hearing 10, loudness 3: heard up to 3 steps away, at 1 step when the roll
    is under 1 - 1/4, at 3 steps under 1 - 3/4."""
    g, m = sleeper_at(1, sight=0)
    assert notices(g, m, 0.75, noise=3) == [] and not m.awake
    assert notices(g, m, 0.7499, noise=3) == [f"The {m.kind.name} notices you."] and m.awake
    g, m = sleeper_at(3, sight=0)
    assert notices(g, m, 0.25, noise=3) == [] and not m.awake
    assert notices(g, m, 0.2499, noise=3) != [] and m.awake
    g, m = sleeper_at(4, sight=0)
    assert notices(g, m, noise=3) == [] and not m.awake  # out of reach: not even a roll
    g, m = sleeper_at(1, sight=0)
    assert notices(g, m, 0.49, noise=1) != []  # the faintest sound still carries a step
    g, m = sleeper_at(1, sight=0)
    assert notices(g, m, noise=0) == [] and not m.awake  # silence: no roll


def test_a_guardian_and_a_hidden_mimic_hear_nothing():
    g, m = sleeper_at(1, sight=0)
    assert notices(g, m, noise=9, kind="guardian") == [] and not m.awake
    m.hidden = True
    assert notices(g, m, noise=9, kind="mimic") == [] and not m.awake
    m.hidden = False
    assert notices(g, m, 0.1, noise=9, kind="mimic") != [] and m.awake


def test_a_monster_woken_out_of_the_players_sight_wakes_silently():
    g = run_on(level_of("#######\n#.....#\n###+###\n#.....#\n#######"), pos=(2, 1))
    m = put(g, "rat", 2, 3, awake=False)
    m.kind = replace(m.kind, hearing=30)
    assert not g.level.visible[3, 2]
    assert notices(g, m, 0.0, noise=5) == [] and m.awake


def test_a_sound_through_a_shut_door_is_heard_as_if_door_muffle_steps_farther():
    g = run_on(level_of("#######\n#.....#\n###+###\n#.....#\n#######"), pos=(2, 1))
    m = put(g, "rat", 2, 3, awake=False)
    assert ctx_of(g).heard_from(m) == chebyshev(m.pos, g.pos) + DOOR_MUFFLE  # every way passes the door
    g.level.tiles[2, 3] = T.open_door
    g.level.refresh()
    assert ctx_of(g).heard_from(m) == 2  # through the open door


# -- acting: asleep, awake with no foe, afraid ---------------------------------------------------------------------------
def test_an_unaware_monster_wanders_half_the_time():
    g, m = sleeper_at(5)
    assert think(g, m, 0.5) is None
    assert think(g, m, 0.4999, ints=[3]) == step_to(m, 8, 3)  # STEPS[3] is east
    assert think(g, m, 0.1, ints=[0]) == step_to(m, 7, 2)


def test_an_awake_monster_that_sees_no_foe_wanders():
    g, m = sleeper_at(5)
    m.awake = True
    g.player.statuses["invisible"] = 5
    assert think(g, m, ints=[2]) == step_to(m, 6, 3)


def afraid_between(ally_at):
    """The player at (2, 3), an afraid rat at (9, 3), an ally at ``ally_at``."""
    g = run_on(pos=(2, 3))
    m = put(g, "rat", 9, 3, statuses={"afraid": 5})
    ally = put(g, "rat", *ally_at, ally=True) if ally_at else None
    return g, m, ally


def test_an_afraid_monster_runs_from_its_foe_and_bites_only_when_cornered_beside_it():
    g, m, ally = afraid_between((10, 3))  # the ally is its nearer foe: it runs west, from the ally
    assert think(g, m) == step_to(m, 8, 3)
    g, m, _ = afraid_between(None)
    assert think(g, m) == step_to(m, 10, 3)
    g = run_on(level_of("#####\n#...#\n#####"), pos=(2, 1))
    m = put(g, "rat", 3, 1, statuses={"afraid": 5})
    assert think(g, m) == bite(m)
    g = run_on(level_of("######\n#....#\n######"), pos=(2, 1))
    m = put(g, "rat", 4, 1, statuses={"afraid": 5})
    assert think(g, m) is None  # cornered two steps off: it cowers


def test_a_coward_runs_from_its_nearer_foe_an_ally_as_well_as_the_player():
    g, m, ally = afraid_between((10, 3))
    m.statuses = {}
    m.hp = 1
    assert think(g, m, kind="coward") == step_to(m, 8, 3) and m.fleeing


def test_whom_a_monster_fights_is_the_nearer_of_the_player_and_the_allies_it_sees_the_player_on_a_tie():
    g = run_on(pos=(2, 3))
    m = put(g, "rat", 8, 3)
    m.kind = replace(m.kind, sight=4)
    assert ctx_of(g).foe(m) is g.player
    near = put(g, "rat", 12, 3, ally=True)  # 4 away, the player 6: the ally
    assert ctx_of(g).foe(m) is near
    near.x = 13  # 5 away: beyond its sight
    assert ctx_of(g).foe(m) is g.player
    tie = put(g, "rat", 14, 3, ally=True)
    m.kind = replace(m.kind, sight=9)
    m.x, tie.x, near.x = 8, 14, 15  # 6 and 6: the player; then the first ally listed of two as near
    assert ctx_of(g).foe(m) is g.player
    near.x, tie.x = 12, 4
    assert ctx_of(g).foe(m) is near
    m.kind = replace(m.kind, sight=4)
    near.x, tie.x = 15, 14
    g.player.statuses["invisible"] = 5
    assert ctx_of(g).foe(m) is None
    tie.x = 11
    assert ctx_of(g).foe(m) is tie
    tie.hp = 0
    assert ctx_of(g).foe(m) is None
    tie.hp, tie.x, tie.statuses["invisible"] = 3, 10, 5  # an invisible ally two cells off is not seen
    assert ctx_of(g).foe(m) is None


def test_steps_to_a_cell_are_by_the_monsters_way_of_moving_and_huge_when_it_cannot_get_there():
    g = run_on(level_of("#######\n#..~..#\n#######"), pos=(1, 1))
    rat, bat = put(g, "rat", 2, 1), put(g, "bat", 4, 1)
    ctx = ctx_of(g)
    assert ctx.steps(bat, (1, 1)) == 3 and ctx.distance(bat) == 3
    assert ctx.steps(rat, (5, 1)) == 1 << 20
    assert bat.pos == (4, 1) and g.player.pos == (1, 1) == ctx.player_pos == g.pos  # the player stands where they are
    assert ctx.steps(rat, rat.pos) == 0 and ctx.steps(bat, bat.pos) == 0


def test_an_erratic_flyer_hunting_from_afar_moves_at_random_half_the_time_and_bites_beside_its_foe():
    g = run_on(pos=(2, 3))
    m = put(g, "bat", 6, 3)
    assert think(g, m, 0.4999, ints=[0], kind="erratic") == step_to(m, 6, 2)
    assert think(g, m, 0.5, kind="erratic") == step_to(m, 5, 3)
    m.x = 3
    assert think(g, m, kind="erratic") == bite(m)
    m.x = 4
    assert think(g, m, 0.1, ints=[1], kind="erratic") == step_to(m, 4, 4)


# -- a pack ---------------------------------------------------------------------------------------------------------------
def pack_at(*cells, pos=(10, 3)):
    """The player at ``pos`` and awake pack members of group 5 at ``cells``."""
    g = run_on(pos=pos)
    return g, [put(g, "wolf", x, y, group=5) for x, y in cells]


def hunt(g, m, ctx=None):
    return told(BEHAVIOURS["pack"].hunt(ctx or ctx_of(g), m, g.player))


def test_a_pack_member_takes_the_free_cell_beside_its_foe_nearest_it_first_in_row_order_and_claims_it():
    g, (m, o) = pack_at((13, 3), (18, 5))
    ctx = ctx_of(g)
    assert hunt(g, m, ctx) == step_to(m, 12, 3) and ctx.claims == {(11, 2): m.index}
    o.x, o.y = 13, 4
    ctx.occupied[3, 13], ctx.occupied[4, 13] = False, True
    assert hunt(g, o, ctx) == step_to(o, 12, 4) and ctx.claims[(11, 3)] == o.index
    assert hunt(g, m, ctx) == step_to(m, 12, 3) and ctx.claims == {(11, 2): m.index, (11, 3): o.index}


def test_a_pack_member_beside_its_foe_bites():
    g, (m,) = pack_at((11, 4))
    assert hunt(g, m) == bite(m)


def test_a_pack_member_close_to_its_foe_holds_back_while_its_awake_packmates_are_far():
    g, (m, o) = pack_at((12, 3), (15, 3))  # the mate 5 steps off: m waits
    assert hunt(g, m) is None
    o.x = 14  # 4 steps off: close enough
    assert hunt(g, m) == step_to(m, 11, 2)
    o.x, m.x = 16, 13  # m 3 steps off: it closes in
    assert hunt(g, m) == step_to(m, 12, 3)
    m.x = 12
    for change in ({"awake": False}, {"ally": True}, {"group": 6}):
        g, (m, o) = pack_at((12, 3), (18, 3))
        for k, v in change.items():
            setattr(o, k, v)
        assert hunt(g, m) == step_to(m, 11, 2), change
    g, (m, o) = pack_at((12, 3), (18, 3))
    m.group = o.group = -1  # alone, with another loner far off: no waiting
    assert hunt(g, m) == step_to(m, 11, 2)


def test_a_pack_member_waits_only_while_every_packmate_is_far_not_while_one_is():
    g, (m, near, far) = pack_at((12, 3), (14, 3), (18, 3))  # one mate 4 steps off, one 8
    assert hunt(g, m) == step_to(m, 11, 2)  # one is close enough: no waiting
    near.x = 15  # both far now: it holds
    assert hunt(g, m) is None


def test_a_pack_member_with_no_free_cell_beside_its_foe_hunts_as_any_monster():
    g = run_on(level_of("#######\n#.....#\n#######"), pos=(1, 1))
    m = put(g, "wolf", 4, 1, group=5)
    put(g, "wolf", 2, 1, group=5)
    assert hunt(g, m) == step_to(m, 3, 1)  # no cell beside the foe is free: it closes in as any monster
    g2, (lead,) = pack_at((13, 3))
    ctx2 = ctx_of(g2)
    for dx, dy in STEPS:
        ctx2.claims[(10 + dx, 3 + dy)] = 99
    assert hunt(g2, lead, ctx2) == step_to(lead, 12, 3)  # every cell claimed by others: it closes in all the same




# -- an archer --------------------------------------------------------------------------------------------------------
def test_an_archer_caught_beside_its_foe_fights_back_half_the_time_else_backs_off():
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, "archer", 6, 3, shot_range=5, sight=9)
    assert think(g, m, 0.4999) == bite(m)
    assert think(g, m, 0.5, 0.5999) == step_to(m, 7, 3)
    assert think(g, m, 0.5, 0.6) == bite(m)


def test_an_archer_two_steps_off_often_backs_off_else_shoots():
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, "archer", 7, 3, shot_range=5, sight=9)
    assert think(g, m, 0.5999) == step_to(m, 8, 3)
    assert think(g, m, 0.6) == ("Shoot", who(m), "player")


def test_an_archer_cornered_two_steps_off_shoots():
    g = run_on(level_of("#####\n#...#\n#####"), pos=(1, 1))
    m = of_behaviour(g, "archer", 3, 1, shot_range=5, sight=9)
    assert think(g, m, 0.1) == ("Shoot", who(m), "player")


def test_an_archer_shoots_in_range_along_a_clear_line_it_is_seen_from_else_closes_in():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "archer", 7, 3, shot_range=5, sight=9)
    assert think(g, m) == ("Shoot", who(m), "player")
    m.x = 8  # one beyond its range
    assert think(g, m) == step_to(m, 7, 3)
    m.x = 7
    other = put(g, "rat", 5, 3)  # someone in the way
    assert think(g, m) == step_to(m, 6, 3)
    other.y = 1
    g.level.visible[3, 7] = False  # in the dark, unseen by the player: no shot
    assert think(g, m) == step_to(m, 6, 3)
    ally = put(g, "rat", 8, 3, ally=True)  # an ally beside it is its nearer foe
    g.level.update_view(*g.pos)
    assert think(g, m, 0.4999) == bite(m, who(ally))


# -- a wanderer -----------------------------------------------------------------------------------------------------------
def test_a_wanderer_heads_for_a_rolled_spot_and_picks_another_there_or_now_and_then():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "wanderer", 9, 3)
    m.awake = False
    cells = [(int(x), int(y)) for y, x in np.argwhere(g.level.passable(m.moves))]
    k = cells.index((15, 3))
    assert think(g, m, ints=[k]) == step_to(m, 10, 3) and m.goal == (15, 3)
    assert think(g, m, 0.02) == step_to(m, 10, 3) and m.goal == (15, 3)
    k = cells.index((9, 1))
    assert think(g, m, 0.0199, ints=[k]) == step_to(m, 9, 2) and m.goal == (9, 1)
    m.goal = (9, 3)  # there already: another spot
    k = cells.index((3, 3))
    assert think(g, m, ints=[k]) == step_to(m, 8, 3) and m.goal == (3, 3)


def test_a_wanderer_with_no_way_to_its_spot_forgets_it():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "wanderer", 9, 3)
    m.awake, m.goal = False, (12, 3)
    for dx, dy in STEPS:
        put(g, "rat", 9 + dx, 3 + dy)
    assert think(g, m, 0.5) is None and m.goal is None


# -- a sentinel -----------------------------------------------------------------------------------------------------------
def sentinel_room(pos=(12, 3)):
    """A hall whose columns 3 to 8 are a vault's floor, a sentinel at (5, 3), the player at ``pos``."""
    g = run_on(pos=pos)
    g.level.tiles[1:6, 3:9] = T.vault_floor
    g.level.refresh()
    g.level.update_view(*g.pos)
    return g, of_behaviour(g, "statue", 5, 3)


def test_a_sentinel_is_always_awake_and_moves_only_when_the_player_has_moved():
    g, m = sentinel_room()
    m.awake = False
    assert notices(g, m) == [] and m.awake
    assert think(g, m) is None and m.goal == (12, 3)
    assert think(g, m) is None and m.goal == (12, 3)
    g.pos = (11, 3)
    assert think(g, m) == step_to(m, 6, 3) and m.goal == (11, 3)


def test_a_sentinel_strikes_the_player_beside_it_after_they_move_and_never_leaves_its_floor():
    g, m = sentinel_room(pos=(7, 2))
    m.x, m.goal = 6, (7, 1)
    assert think(g, m) == bite(m)
    g, m = sentinel_room(pos=(11, 3))
    m.x, m.goal = 8, (12, 3)
    assert think(g, m) is None and m.goal == (11, 3)  # the next step is off the vault's floor
    m.x, m.y, m.goal = 5, 3, (12, 1)
    assert think(g, m) == step_to(m, 6, 3)


def test_a_pack_in_group_0_is_a_pack():
    g, (m, o) = pack_at((12, 3), (15, 3))
    m.group = o.group = 0
    assert hunt(g, m) is None


def test_a_pack_member_takes_the_one_free_cell_beside_its_foe_and_of_two_as_near_in_a_row_the_first_column():
    g = run_on(level_of("#######\n#.....#\n#######"), pos=(1, 1))
    m = put(g, "wolf", 5, 1, group=5)
    assert hunt(g, m) == step_to(m, 4, 1)  # its one free cell is (2, 1): on the way
    g, (m,) = pack_at((10, 4), pos=(10, 1))  # (9, 2), (10, 2) and (11, 2) all 2 from it: the first column
    ctx = ctx_of(g)
    hunt(g, m, ctx)
    assert ctx.claims == {(9, 2): m.index}


@pytest.mark.parametrize("behaviour", ["pack", "wanderer", "statue"])
def test_a_mind_finds_its_way_by_the_monsters_own_way_of_moving(behaviour):
    """A flyer beyond a chasm from the player: it crosses where a walker could not."""
    g = run_on(level_of("#########\n#...:...#\n#...:...#\n#########"), pos=(2, 1))
    m = of_behaviour(g, behaviour, 6, 1, moves="fly")
    g.level.tiles[1:3, 5:8] = T.vault_floor if behaviour == "statue" else T.floor
    g.level.tiles[1:3, 4] = T.chasm
    g.level.refresh()
    if behaviour == "wanderer":
        m.awake, m.goal = False, (2, 2)
        assert think(g, m, 0.5) == step_to(m, 5, 1)
    elif behaviour == "statue":
        g.level.tiles[1:3, 1:5] = T.vault_floor
        g.level.tiles[1:3, 4] = T.chasm
        g.level.refresh()
        m.goal = (1, 1)
        assert think(g, m) == step_to(m, 5, 1)
    else:
        m.group = 5
        assert think(g, m) == step_to(m, 5, 1)


def test_a_wanderers_spots_are_where_its_way_of_moving_may_go():
    g = run_on(level_of("######\n#.:..#\n######"), pos=(4, 1))
    m = of_behaviour(g, "wanderer", 3, 1, moves="fly")
    m.awake = False
    assert think(g, m, ints=[1]) == step_to(m, 2, 1) and m.goal == (2, 1)  # the chasm is a flyer's second spot


def test_a_pack_member_chooses_among_the_free_cells_beside_its_foe_not_their_mirror_images():
    g, (m,) = pack_at((5, 2), pos=(1, 2))  # the foe against the west wall: its free cells lie east
    ctx = ctx_of(g)
    hunt(g, m, ctx)
    assert ctx.claims == {(2, 1): m.index}


def test_a_wanderers_first_spot_may_be_the_first_cell_of_the_level():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "wanderer", 9, 3)
    m.awake = False
    think(g, m, ints=[0])
    assert m.goal == tuple(int(v) for v in np.argwhere(g.level.passable(m.moves))[0][::-1])
