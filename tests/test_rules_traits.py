"""The minds with one trait each (game/rules/behaviours/traits.py), one rule
at a time with the turn's rolls written out (``minds.Rolls``): a roll at its
threshold and the choice it makes."""

import numpy as np
import pytest

from game.rules.actions.powers import MAX_SUMMONS
from game.rules.behaviours.traits import BLINK_FAR, HASTE_TURNS, blink_cell, heads
from game.rules.world.geometry import chebyshev
from game.rules.play.harm import name_of
from worldgen.core.tiles import T

from creatures import level_of, put, run_on
from minds import Rolls, bite, ctx_of, of_behaviour, random_run, step_to, think, who


def test_a_thief_with_loot_heads_for_the_nearer_stairs_and_is_gone_on_them():
    g = run_on(pos=(10, 3))
    m = of_behaviour(g, "thief", 5, 2)
    assert think(g, m) == step_to(m, 6, 2)  # no loot: it comes for the player's pack
    m.stolen = ("potion", 1)
    assert think(g, m) == step_to(m, 4, 2)  # the stairs up, 4 steps off, before the stairs down
    m.x, m.y = 15, 4
    down = g.level.down or (18, 5)
    g.level.down = down
    assert think(g, m) == step_to(m, 16, 4)
    m.x, m.y = down
    assert think(g, m) == ("escape", who(m))
    m.x, m.y = g.level.up
    assert think(g, m) == ("escape", who(m))
    m.x, m.y, m.awake = 5, 2, False
    assert think(g, m, 0.9) is None  # asleep with its loot: it idles


def test_a_thief_with_loot_and_no_way_to_the_stairs_runs_from_the_player():
    g = run_on(level_of("#######\n#.....#\n#######"), pos=(4, 1))
    g.level.down = None
    m = of_behaviour(g, "thief", 3, 1)
    m.stolen = ("potion", 1)
    g.level.up = (5, 1)  # the stairs beyond the player: no way there
    g.level.tiles[1, 1] = T.floor
    assert think(g, m) == step_to(m, 2, 1)


def test_a_mimic_passing_for_an_item_does_nothing_and_shown_it_bites():
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, "mimic", 6, 3)
    m.hidden = True
    assert think(g, m) is None
    m.hidden = False
    assert think(g, m) == bite(m)
    m.awake = False
    assert think(g, m) is None  # asleep: it lies still, not even a roll


def test_a_drummer_that_sees_its_foe_from_afar_beats_its_drum_now_and_then():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "alarmist", 6, 3)
    name = name_of(m, True)
    assert think(g, m, 0.2999) == ("cast", who(m), f"{name} beats a war drum!", "A war drum booms somewhere.",
                                   ("alarm", 6, 3, "The drum booms through the halls!"))
    assert think(g, m, 0.3) == step_to(m, 5, 3)
    m.x = 3
    assert think(g, m) == bite(m)


def eel_pool(pos=(1, 2), at=(3, 2)):
    g = run_on(level_of("#######\n#.....#\n#.~~~.#\n#.....#\n#######"), pos=pos)
    m = of_behaviour(g, "lurker", *at)
    return g, m


def test_a_lurker_under_water_surges_at_a_foe_on_the_shore_and_once_up_sinks_or_strikes():
    g, m = eel_pool(pos=(1, 2), at=(2, 2))
    m.hidden = True
    assert think(g, m) == ("surface", who(m), "player")
    m.hidden = False
    assert think(g, m, 0.4999) == ("submerge", who(m))
    assert think(g, m, 0.5) == bite(m)


def test_a_lurker_away_from_its_foe_sinks_and_swims_closer_under_water():
    g, m = eel_pool(pos=(1, 2), at=(4, 2))
    assert think(g, m) == ("submerge", who(m))
    m.hidden = True
    assert think(g, m) == step_to(m, 3, 2)
    m.awake = False
    assert think(g, m) is None


def test_a_lurker_that_sees_no_foe_sinks_then_drifts():
    g, m = eel_pool(pos=(1, 2), at=(3, 2))
    g.player.statuses["invisible"] = 5
    assert think(g, m) == ("submerge", who(m))
    m.hidden = True
    assert think(g, m, ints=[3]) == step_to(m, 4, 2)


def test_a_flitter_that_bit_flies_off_and_comes_back_a_third_of_the_time():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "flitter", 5, 3)
    m.fleeing = True
    assert think(g, m, 0.35) == step_to(m, 6, 3) and m.fleeing
    assert think(g, m, 0.3499) == step_to(m, 6, 3) and not m.fleeing
    assert think(g, m, 0.2999, ints=[0]) == step_to(m, 5, 2)  # from afar, now and then it flits about
    assert think(g, m, 0.3) == step_to(m, 4, 3)
    m.x = 3
    assert think(g, m) == bite(m)


def test_a_fleeing_flitter_with_nowhere_farther_to_go_flits_at_random():
    g = run_on(level_of("#####\n#...#\n#####"), pos=(1, 1))
    m = of_behaviour(g, "flitter", 3, 1)
    m.fleeing = True
    assert think(g, m, 0.9, ints=[2]) == step_to(m, 2, 1)


def shaman_with_mates(*mates, pos=(2, 3), at=(10, 3)):
    """A shaman of group 5 at ``at``; ``mates``: ``(x, y, fields)`` of wolves of its group."""
    g = run_on(pos=pos)
    m = of_behaviour(g, "shaman", *at, sight=4)
    m.group = 5
    return g, m, [put(g, "wolf", x, y, **{"group": 5, **fields}) for x, y, fields in mates]


def test_a_shaman_hastes_the_nearest_packmate_it_sees_half_the_time():
    g, m, (a, b, c) = shaman_with_mates((13, 3, {}), (11, 4, {}), (9, 2, {}))
    name = name_of(m, True)
    assert think(g, m, 0.4999) == ("cast", who(m), f"{name} chants: {b.name} quickens!", "You hear a chant.",
                                   ("afflict", who(b), "hasted", HASTE_TURNS))  # b and c 1 away: b first
    assert think(g, m, 0.5) == step_to(m, 9, 3)


@pytest.mark.parametrize("fields", [{"statuses": {"hasted": 3}}, {"awake": False}, {"captive": True}, {"group": 6}])
def test_a_shaman_chants_only_for_awake_hostile_packmates_not_yet_hasted(fields):
    g, m, _ = shaman_with_mates((11, 3, fields))
    assert think(g, m) == step_to(m, 9, 3)  # no roll: nobody to chant for


def test_a_shaman_chants_only_for_packmates_within_its_sight_and_not_for_itself():
    g, m, (far,) = shaman_with_mates((15, 3, {}))
    assert think(g, m) == step_to(m, 9, 3)
    far.x = 14
    assert think(g, m, 0.1)[0] == "cast"
    g, m, _ = shaman_with_mates()
    m.group = -1
    put(g, "wolf", 11, 3)  # a loner beside a lone shaman: no pack
    assert think(g, m) == step_to(m, 9, 3)


def test_a_shaman_close_to_its_foe_often_backs_off():
    g, m, _ = shaman_with_mates(at=(4, 3))
    assert think(g, m, 0.5999) == step_to(m, 5, 3)
    assert think(g, m, 0.6) == step_to(m, 3, 3)
    m.x = 6
    assert think(g, m) == step_to(m, 5, 3)


def test_a_blink_lands_on_a_free_cell_between_the_blink_distances_from_the_foe_over_random_maps():
    rng = np.random.default_rng(7)
    lo, hi = BLINK_FAR
    for _ in range(60):
        g = random_run(rng)
        for m in g.level.monsters:
            frm = (int(rng.integers(0, 8)), int(rng.integers(0, 6)))
            cells = [(x, y) for y in range(g.level.shape[0]) for x in range(g.level.shape[1])
                     if chebyshev((x, y), m.pos) <= hi and lo <= chebyshev((x, y), frm) <= hi
                     and g.level.passable(m.moves)[y, x] and g.level.monster_at(x, y) is None and (x, y) != g.pos]
            for k in {0, len(cells) - 1} if cells else ():
                rolls = Rolls(ints=[k])
                assert blink_cell(ctx_of(g, rolls), m, frm) == cells[k] and rolls.used
            if not cells:
                assert blink_cell(ctx_of(g), m, frm) is None


def test_a_conjurer_caught_beside_its_foe_blinks_away_half_the_time():
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, "conjurer", 6, 3)
    ctx = ctx_of(g, Rolls(ints=[0]))
    cell = blink_cell(ctx, m, g.pos)
    k = 0
    assert think(g, m, 0.4999, ints=[k]) == ("cast", who(m), f"{name_of(m, True)} blinks away!", "",
                                             ("relocate", who(m), cell))
    m.summoned = MAX_SUMMONS
    assert think(g, m, 0.5, 0.4999) == step_to(m, 7, 3)  # else it backs off half the time
    assert think(g, m, 0.5, 0.5) == bite(m)


def test_a_conjurer_calls_up_two_now_and_then_while_it_may():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "conjurer", 9, 3)
    m.calls, m.summoned = 3, 3
    assert think(g, m) == step_to(m, 8, 3)  # its own calls spent
    m.calls, m.summoned = MAX_SUMMONS, 0
    assert think(g, m, 0.2999) == ("summon", who(m), 2, "")
    assert think(g, m, 0.3) == step_to(m, 8, 3)
    m.summoned = MAX_SUMMONS - 1
    assert think(g, m, 0.1) == ("summon", who(m), 2, "")
    m.summoned = MAX_SUMMONS
    assert think(g, m) == step_to(m, 8, 3)
    m.x = 5  # 3 steps off: it backs off half the time
    assert think(g, m, 0.4999) == step_to(m, 6, 3)
    assert think(g, m, 0.5) == step_to(m, 4, 3)


def test_a_breather_in_range_breathes_fire_along_a_clear_line_a_third_of_the_time():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "breather", 6, 3, shot_range=4)
    name = name_of(m, True)
    assert think(g, m, 0.3499) == ("cast", who(m), f"{name} breathes fire!", "",
                                   ("deliver", "burn", "line", m.kind.shot, who(m), (2, 3)))
    assert think(g, m, 0.35) == step_to(m, 5, 3)
    m.x = 7  # beyond its range: no roll
    assert think(g, m) == step_to(m, 6, 3)
    m.x = 6
    g.level.visible[3, 6] = False  # in the dark: no roll
    assert think(g, m) == step_to(m, 5, 3)
    g.level.update_view(*g.pos)
    g.level.transparent[3, 4] = False  # something opaque on the line
    assert think(g, m, 0.1) == step_to(m, 5, 3)


def necromancer_among_dead(*corpses, at=(10, 3), pos=(2, 3)):
    g = run_on(pos=pos)
    m = of_behaviour(g, "necromancer", *at, sight=5)
    g.level.corpses.extend(corpses)
    return g, m


def test_a_necromancer_raises_the_nearest_dead_it_sees_half_the_time():
    g, m = necromancer_among_dead((14, 3, "rat"), (12, 5, "orc"), (12, 1, "goblin"), (16, 3, "rat"))
    assert think(g, m, 0.4999) == ("raise", who(m), (12, 1, "goblin"))
    assert think(g, m, 0.5) == step_to(m, 9, 3)


def test_a_necromancer_raises_only_the_dead_on_free_cells_in_its_sight_while_it_may():
    g, m = necromancer_among_dead((16, 3, "rat"))
    assert think(g, m) == step_to(m, 9, 3)  # 6 away: out of its sight, no roll
    g, m = necromancer_among_dead((15, 3, "rat"))
    assert think(g, m, 0.1) == ("raise", who(m), (15, 3, "rat"))
    put(g, "rat", 15, 3)
    assert think(g, m) == step_to(m, 9, 3)
    g, m = necromancer_among_dead((3, 3, "rat"), at=(6, 3), pos=(3, 3))
    assert think(g, m) == step_to(m, 5, 3)  # the player stands on it
    g, m = necromancer_among_dead((12, 3, "rat"))
    m.summoned = MAX_SUMMONS
    assert think(g, m) == step_to(m, 9, 3)


def test_a_necromancer_close_to_its_foe_often_backs_off():
    g, m = necromancer_among_dead(at=(4, 3))
    assert think(g, m, 0.5999) == step_to(m, 5, 3)
    assert think(g, m, 0.6) == step_to(m, 3, 3)


def test_a_warlord_bellows_for_its_guard_when_it_first_fights_and_again_when_badly_hurt():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "warlord", 9, 3)
    line = f"{name_of(m, True)} bellows for its guard!"
    assert think(g, m, 0.4999) == ("summon", who(m), 2, line) and m.group == m.index
    m.group = -1
    assert think(g, m, 0.5) == step_to(m, 8, 3) and m.group == -1
    m.summoned = 1
    assert think(g, m) == step_to(m, 8, 3)  # called once, unhurt: no more
    m.hp = m.max_hp // 2 - 1 if m.max_hp % 2 == 0 else m.max_hp // 2
    assert m.hp * 2 < m.max_hp
    assert think(g, m, 0.1)[0] == "summon"
    for k in range(2):
        put(g, "goblin", 12 + k, 1, group=m.index)
    assert think(g, m, 0.2999) == ("cast", who(m), f"{name_of(m, True)} roars in fury!", "",
                                   ("afflict", who(m), "hasted", HASTE_TURNS))
    assert think(g, m, 0.3) == step_to(m, 8, 3)
    m.statuses["hasted"] = 3
    assert think(g, m) == step_to(m, 8, 3)
    m.hp = (m.max_hp + 1) // 2  # half or more: not hurt enough to rage
    del m.statuses["hasted"]
    assert think(g, m) == step_to(m, 8, 3)


@pytest.mark.parametrize("max_hp, hp, rages", [(30, 14, True), (30, 15, False), (30, 16, False),
                                                (31, 15, True), (31, 16, False)])
def test_a_warlord_rages_only_below_half_its_max_hp(max_hp, hp, rages):
    """Its guard of two at hand (no call): one HP below half rages on a roll under 0.3; exactly
    half, or one above, fights on without a roll (``think`` requires every roll given be used)."""
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "warlord", 9, 3)
    m.max_hp, m.hp = max_hp, hp
    for k in range(2):
        put(g, "goblin", 12 + k, 1, group=m.index)
    rage = ("cast", who(m), f"{name_of(m, True)} roars in fury!", "", ("afflict", who(m), "hasted", HASTE_TURNS))
    assert think(g, m, *([0.2999] if rages else [])) == (rage if rages else step_to(m, 8, 3))


def test_a_warlord_with_its_guard_of_two_or_its_calls_spent_calls_no_more():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "warlord", 9, 3)
    put(g, "goblin", 12, 1, group=m.index)
    assert think(g, m, 0.1)[0] == "summon"  # one guard: it calls
    m.calls = m.summoned = 1
    m.hp = 1
    assert think(g, m, 0.1)[0] == "cast"  # hurt, its own calls spent: it rages instead of bellowing
    m.calls, m.summoned, m.hp = MAX_SUMMONS, 0, m.max_hp
    m.summoned = MAX_SUMMONS
    m.hp = 1
    assert think(g, m, 0.9) == step_to(m, 8, 3)


def test_a_lich_blinks_from_blades_raises_the_dead_calls_skeletons_and_slows_with_bolts():
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, "lich", 6, 3, shot_range=7)
    cell = blink_cell(ctx_of(g, Rolls(ints=[0])), m, g.pos)
    assert think(g, m, 0.4999, ints=[0]) == ("cast", who(m), f"{name_of(m, True)} blinks away!", "",
                                             ("relocate", who(m), cell))
    assert think(g, m, 0.5, 0.1999) == ("summon", who(m), 1, "")
    assert think(g, m, 0.5, 0.2, 0.5999) == ("Shoot", who(m), "player")
    assert think(g, m, 0.5, 0.2, 0.6) == bite(m)
    g.level.corpses.append((9, 3, "rat"))
    assert think(g, m, 0.5, 0.4999) == ("raise", who(m), (9, 3, "rat"))
    assert think(g, m, 0.5, 0.5, 0.6) == bite(m)  # the dead lie there: no skeletons called
    m.summoned = MAX_SUMMONS
    assert think(g, m, 0.5, 0.6) == bite(m)


def test_a_lich_below_its_tier_stops_calling_and_raising_at_its_own_smaller_budget():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "lich", 7, 3, shot_range=5)
    m.calls, m.summoned = 2, 1
    assert think(g, m, 0.1999) == ("summon", who(m), 1, "")
    m.summoned = 2
    assert think(g, m, 0.1999) == ("Shoot", who(m), "player")  # spent at 2, not at MAX_SUMMONS
    g.level.corpses.append((9, 3, "rat"))
    assert think(g, m, 0.4999) == ("Shoot", who(m), "player")  # nor does it raise the dead


def test_a_lich_far_off_shoots_along_a_clear_line_else_closes_in():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "lich", 7, 3, shot_range=5)
    m.summoned = MAX_SUMMONS
    assert think(g, m, 0.5999) == ("Shoot", who(m), "player")
    assert think(g, m, 0.6) == step_to(m, 6, 3)
    m.x = 8
    assert think(g, m) == step_to(m, 7, 3)


def test_every_head_of_a_hydra_bites_its_foe_beside_it():
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, "hydra", 6, 3)
    m.hp = m.max_hp // 2
    assert think(g, m) == ("flurry", who(m), "player", heads(m))
    m.x = 8
    assert think(g, m) == step_to(m, 7, 3)


FLEE_ROLLS = {"archer": (0.1,), "conjurer": (0.9, 0.1), "flitter": (0.9,), "necromancer": (0.1,),
              "shaman": (0.1,)}


@pytest.mark.parametrize("behaviour", sorted(FLEE_ROLLS))
def test_a_mind_that_backs_off_backs_off_from_its_foe_an_ally_as_well_as_the_player(behaviour):
    """An ally two cells west of it, the player far off east: it steps east, away from the ally."""
    g = run_on(pos=(18, 3))
    m = of_behaviour(g, behaviour, 8, 3, sight=8)
    put(g, "rat", 6, 3, ally=True)
    m.fleeing = behaviour == "flitter"
    assert think(g, m, *FLEE_ROLLS[behaviour]) == step_to(m, 9, 3)


@pytest.mark.parametrize("behaviour, far, rolls, action", [
    ("archer", 3, (), "Shoot"),  # backs off only within 2
    ("alarmist", 2, (0.1,), "cast"),  # drums from 2 cells off
    ("conjurer", 2, (0.9,), "step"),  # blinks only from beside its foe, backs off within 3
    ("conjurer", 4, (), "step"),
    ("flitter", 2, (0.1,), "step"),  # flits about from 2 cells off
    ("lich", 2, (0.1,), "Shoot"),  # blinks only from beside its foe
    ("shaman", 3, (), "step"),  # backs off only within 2
])
def test_each_mind_keeps_its_distances(behaviour, far, rolls, action):
    g = run_on(pos=(5, 3))
    m = of_behaviour(g, behaviour, 5 + far, 3, shot_range=5, sight=8)
    m.summoned = MAX_SUMMONS
    assert think(g, m, *rolls, ints=[0] if behaviour == "flitter" else ())[0] == action


def test_a_shaman_of_group_0_chants_for_its_pack():
    g, m, (a,) = shaman_with_mates((11, 3, {"group": 0}))
    m.group = 0
    assert think(g, m, 0.1)[0] == "cast"


def test_a_necromancer_raises_the_nearest_dead_first_in_row_then_column_order():
    for corpses, want in [([(12, 3, "rat"), (7, 3, "rat")], (12, 3, "rat")),  # nearer, though farther east
                          ([(11, 5, "goblin"), (11, 1, "rat")], (11, 1, "rat")),  # the upper row, whatever the kind
                          ([(11, 1, "rat"), (9, 1, "rat")], (9, 1, "rat"))]:  # the left column
        g, m = necromancer_among_dead(*corpses)
        assert think(g, m, 0.1) == ("raise", who(m), want)


def test_a_blink_looks_as_far_as_the_blink_reaches_on_a_large_map_and_no_farther():
    """A caster just above its foe on a map taller than wide: the cells it may
    land on reach ``hi`` rows below it (and no more), within ``hi`` of its foe."""
    lo, hi = BLINK_FAR
    width, height = 2 * hi + 4, 3 * hi + 6
    g = run_on(level_of("\n".join("." * width for _ in range(height))), pos=(hi + 2, 2 * hi + 3))
    m = put(g, "rat", hi + 2, 2 * hi + 2)
    cells = [(x, y) for y in range(height) for x in range(width) if chebyshev((x, y), m.pos) <= hi
             and lo <= chebyshev((x, y), g.pos) <= hi and (x, y) != m.pos and (x, y) != g.pos]
    assert max(y for _, y in cells) == m.y + hi >= width
    for k in (0, len(cells) // 2, len(cells) - 1):
        rolls = Rolls(ints=[k])
        assert blink_cell(ctx_of(g, rolls), m, g.pos) == cells[k] and rolls.ranges == [(0, len(cells))]


def test_a_conjurer_with_nowhere_to_blink_stays_to_fight():
    g = run_on(level_of("#####\n#...#\n#####"), pos=(1, 1))
    m = of_behaviour(g, "conjurer", 2, 1)
    m.summoned = MAX_SUMMONS
    assert think(g, m, 0.1, 0.9) == bite(m)


def test_a_warlords_guard_is_only_those_it_called():
    g = run_on(pos=(2, 3))
    m = of_behaviour(g, "warlord", 9, 3)
    put(g, "goblin", 12, 1)
    put(g, "goblin", 13, 1, group=7)
    assert think(g, m, 0.1)[0] == "summon"


def test_a_flying_thief_with_loot_flies_the_short_way_to_the_stairs():
    g = run_on(level_of("#########\n#.:.....#\n#.#####.#\n#.......#\n#########"), pos=(5, 3))
    g.level.down = None
    m = of_behaviour(g, "thief", 3, 1, moves="fly")
    m.stolen = ("potion", 1)
    assert think(g, m) == step_to(m, 2, 1)  # over the chasm; on foot the way round starts east
