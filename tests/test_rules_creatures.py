"""Monsters with one trait each (game/rules/behaviours/traits.py, the units of
game/rules/actions/powers.py and the blows of actions/melee.py): each rule on
a hand-made level, and the content that names them."""

import numpy as np
import pytest

from game.rules import engine
from game.rules.world import populate
from game.rules.actions.effects import Damage, Deliver
from game.rules.actions.melee import KNOCKBACK, SLAM, Attack, Drain, Knockback, Steal
from game.rules.actions.powers import MAX_SUMMONS, SPLIT_MIN_HP, Escape, Raise, Split, Summon, set_off
from game.rules.behaviours import BEHAVIOURS
from game.rules.behaviours.traits import BLINK_FAR, heads
from game.rules.content import CAPTIVE_KINDS, ITEM_BY_ID, MONSTER_BY_ID, MONSTERS, RELIC_BOSSES, pick_monster
from game.rules.engine import resolve
from game.rules.creatures.entities import FloorItem
from game.rules.world.geometry import chebyshev
from game.rules.play.harm import hurt
from game.rules.play.look import describe_cell
from worldgen.core import seeding
from worldgen.core.tiles import T

from creatures import HALL, act, level_of, put, run_on, texts, turns

POOL = """\
##########
#........#
#..~~~~..#
#..~~~~..#
#........#
##########"""


# -- the table ---------------------------------------------------------------------------------------
def test_every_kind_names_a_behaviour_and_the_kinds_it_calls_up_exist():
    assert {m.behaviour for m in MONSTERS} <= set(BEHAVIOURS)
    assert all(MONSTER_BY_ID.get(m.summons) for m in MONSTERS if m.summons)
    assert all(MONSTER_BY_ID.get(m.escort) for m in MONSTERS if m.escort)
    assert all(m.note for m in MONSTERS), "every kind says its trait"


def test_at_least_thirty_kinds_and_four_relic_guardians_each_with_a_mind_of_its_own():
    assert len(MONSTERS) >= 30 and len(RELIC_BOSSES) >= 4
    assert len({(b.behaviour, b.blow) for b in RELIC_BOSSES}) == len(RELIC_BOSSES)


def test_relic_guardians_are_never_met_as_ordinary_monsters():
    rng = seeding.rng(1, "picks")
    picked = {pick_monster(rng, 40).id for _ in range(2000)}
    assert not picked & {b.id for b in RELIC_BOSSES}


def test_captives_are_kinds_that_walk_and_may_be_allies():
    assert CAPTIVE_KINDS and all(k.captive and k.moves == "walk" for k in CAPTIVE_KINDS)


# -- the thief ------------------------------------------------------------------------------------------
def test_a_thiefs_blow_snatches_a_row_of_potions_first_and_it_runs():
    g = run_on(pos=(5, 2))
    g.player.inventory = ["dagger", "potion", "potion", "scroll_map"]
    thief = put(g, "cutpurse", 6, 2)
    resolve(g, Steal(thief, g.player))
    assert thief.stolen in {("potion", 2), ("scroll_map", 1)} and thief.fleeing
    assert thief.stolen[0] not in g.player.inventory and "dagger" in g.player.inventory


def test_a_thief_with_loot_runs_for_the_nearer_stairs_and_escapes_with_it():
    g = run_on(pos=(10, 4))
    thief = put(g, "cutpurse", 3, 2, stolen=("potion", 2))
    for _ in range(12):
        if thief not in g.level.monsters:
            break
        act(g, thief)
    assert thief not in g.level.monsters and thief.index not in g.level.killed  # gone by the stairs up at (1, 1)
    assert not any(it.kind.id == "potion" for it in g.level.items)  # and the potions with it


def test_a_thief_killed_drops_what_it_stole():
    g = run_on(pos=(5, 2))
    thief = put(g, "cutpurse", 6, 2, hp=1, stolen=("wand_fire", 3))
    hurt(g, thief, 5, "your blow")
    assert [(it.kind.id, it.count, it.x, it.y) for it in g.level.items] == [("wand_fire", 3, 6, 2)]


def test_escape_needs_the_stairs_underfoot():
    g = run_on(pos=(10, 4))
    thief = put(g, "cutpurse", 5, 2, stolen=("potion", 1))
    assert not resolve(g, Escape(thief))[0].succeeded
    thief.x, thief.y = 1, 1
    assert resolve(g, Escape(thief))[0].succeeded and thief not in g.level.monsters


# -- the jelly ----------------------------------------------------------------------------------------------
def test_a_struck_jelly_splits_its_hp_with_a_second_one_beside_it():
    g = run_on(pos=(5, 2))
    jelly = put(g, "jelly", 6, 2, hp=20)
    hurt(g, jelly, 4, "your blow")
    assert g.triggered == [("hurt", jelly)]
    resolve(g, set_off(g, g.triggered.pop()))
    twins = [m for m in g.level.monsters if m.kind.id == "jelly"]
    assert len(twins) == 2 and sorted(m.hp for m in twins) == [8, 8]
    assert chebyshev(twins[0].pos, twins[1].pos) == 1


def test_a_jelly_too_small_does_not_split():
    g = run_on(pos=(5, 2))
    jelly = put(g, "jelly", 6, 2, hp=SPLIT_MIN_HP - 1)
    assert not resolve(g, Split(jelly))[0].succeeded and len(g.level.monsters) == 1


def test_a_players_blow_on_a_jelly_splits_it_through_the_engine():
    g = run_on(pos=(5, 2))
    g.player.base_attack = 3
    jelly = put(g, "jelly", 6, 2, hp=40)
    for _ in range(10):
        engine.perform(g, Attack(g.player, jelly))
        if len(g.level.monsters) > 1:
            break
    assert len([m for m in g.level.monsters if m.kind.id == "jelly"]) >= 2 and not g.triggered


# -- the mimic ----------------------------------------------------------------------------------------------
def test_a_mimic_lies_still_unseen_and_looks_like_an_item():
    g = run_on(pos=(3, 2))
    mimic = put(g, "mimic", 5, 2, awake=False, hidden=True)
    assert not g.sees(mimic) and g.foes_in_view() == []
    assert turns(g, 10) == 10 and mimic.pos == (5, 2) and not mimic.awake
    assert any("potion" in line.lower() or "scroll" in line.lower() or "wand" in line.lower()
               for line in describe_cell(g, 5, 2))


def test_touching_a_mimic_shows_it_and_it_bites():
    g = run_on(pos=(4, 2))
    mimic = put(g, "mimic", 5, 2, awake=False, hidden=True)
    g.move(1, 0)
    assert not mimic.hidden and mimic.awake and g.sees(mimic)
    assert any("It is a mimic!" in t for t in texts(g))


def test_auto_explore_walks_to_a_mimic_as_to_an_item():
    from game.rules.actions.travel import explore_target
    g = run_on(pos=(2, 2))
    g.level.seen[:] = True
    put(g, "mimic", 9, 4, awake=False, hidden=True)
    assert explore_target(g) == (9, 4)


# -- the drummer -------------------------------------------------------------------------------------------
def test_a_drummer_that_sees_its_foe_beats_a_drum_that_wakes_the_level():
    g = run_on(pos=(2, 2))
    drummer = put(g, "drummer", 9, 2)
    sleeper = put(g, "orc", 17, 5, awake=False)
    for k in range(20):
        act(g, drummer, f"t{k}")
        if sleeper.awake:
            break
    assert sleeper.awake and any("war drum" in t for t in texts(g))


# -- the eel -----------------------------------------------------------------------------------------------
def test_an_eel_under_water_is_unseen_and_surges_out_at_whoever_stands_at_the_edge():
    g = run_on(level_of(POOL), pos=(2, 2))
    g.player.hp = g.player.max_hp = 200
    eel = put(g, "eel", 3, 2, hidden=True)
    assert not g.sees(eel) and g.level.passable("swim")[2, 3] and not g.level.passable("swim")[2, 2]
    act(g, eel)
    assert not eel.hidden and any("surges out" in t for t in texts(g))


def test_a_surfaced_eel_with_no_one_beside_it_sinks_again():
    g = run_on(level_of(POOL), pos=(8, 1))
    eel = put(g, "eel", 4, 3)
    act(g, eel)
    assert eel.hidden and not g.sees(eel)


def test_an_eel_never_leaves_the_water():
    g = run_on(level_of(POOL), pos=(8, 4))
    g.player.hp = g.player.max_hp = 500
    eel = put(g, "eel", 3, 2, hidden=True)
    for k in range(30):
        act(g, eel, f"t{k}")
        assert g.level.tiles[eel.y, eel.x] == T.deep_water


# -- the vampire bat ---------------------------------------------------------------------------------------
def test_a_vampire_bats_bite_heals_it_by_what_it_drew_and_it_flits_off():
    g = run_on(pos=(5, 2))
    bat = put(g, "vampire_bat", 6, 2, hp=10)
    bat.hp = 4
    resolve(g, Drain(bat, g.player, 3))
    assert bat.hp == 7 and bat.fleeing
    start = chebyshev(bat.pos, g.pos)
    act(g, bat)
    assert chebyshev(bat.pos, g.pos) >= start


# -- blows that carry more --------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, status", [("ghoul", "paralysed"), ("wight", "weakened"), ("spider", "paralysed")])
def test_a_landed_blow_carries_its_kinds_status_a_third_of_the_time(kind, status):
    g = run_on(pos=(5, 2))
    g.player.hp = g.player.max_hp = 10_000
    m = put(g, kind, 6, 2)
    took = 0
    for t in range(300):
        g.turn = t
        g.player.statuses.clear()
        resolve(g, Attack(m, g.player, g.rng("blow")))
        took += status in g.player.statuses
    assert 50 <= took <= 150


def test_a_colossus_blow_hurls_its_victim_back_and_a_wall_behind_slams_them():
    g = run_on(pos=(5, 2))
    colossus = put(g, "colossus", 4, 2)
    resolve(g, Knockback(colossus, g.player))
    assert g.pos == (5 + KNOCKBACK, 2)
    g.pos = (17, 2)
    colossus.x, colossus.y = 16, 2
    hp = g.player.hp
    resolve(g, Knockback(colossus, g.player))
    assert g.pos == (18, 2) and g.player.hp == hp - SLAM


# -- the bloat ------------------------------------------------------------------------------------------------
def test_a_bloat_killed_bursts_and_confuses_whoever_stands_around_it():
    g = run_on(pos=(5, 2))
    bloat = put(g, "bloat", 6, 2, hp=1)
    orc = put(g, "orc", 7, 3)
    engine.resolve(g, Damage(bloat, 5, "fire"))  # any harm that kills it
    assert bloat not in g.level.monsters
    assert "confused" in g.player.statuses and "confused" in orc.statuses


# -- the shaman ----------------------------------------------------------------------------------------------
def test_a_shaman_hastes_a_packmate_it_sees():
    g = run_on(pos=(2, 2))
    shaman = put(g, "shaman", 10, 3, group=4)
    goblin = put(g, "goblin", 9, 3, group=4)
    stranger = put(g, "goblin", 11, 3)
    for k in range(20):
        act(g, shaman, f"t{k}")
        if "hasted" in goblin.statuses:
            break
    assert "hasted" in goblin.statuses and "hasted" not in stranger.statuses


# -- the ghost -------------------------------------------------------------------------------------------
def test_a_ghost_drifts_through_walls_to_reach_its_foe():
    wall = """\
###########
#...#.....#
#...#.....#
#...#.....#
###########"""
    g = run_on(level_of(wall), pos=(2, 2))
    ghost = put(g, "ghost", 7, 2)
    for k in range(6):
        act(g, ghost, f"t{k}")
        if ghost.x < 4:
            break
    assert ghost.x < 4  # it crossed the wall at x = 4 (no door anywhere)


# -- the conjurer ---------------------------------------------------------------------------------------
def test_a_conjurer_calls_up_imps_but_no_more_than_its_bound():
    g = run_on(pos=(2, 2))
    conjurer = put(g, "conjurer", 12, 3)
    for _ in range(10):
        resolve(g, Summon(conjurer, 2))
    imps = [m for m in g.level.monsters if m.kind.id == "imp"]
    assert len(imps) == MAX_SUMMONS == conjurer.summoned and all(m.awake for m in imps)
    assert all(chebyshev(m.pos, conjurer.pos) <= 2 for m in imps)


def test_a_conjurer_caught_next_to_its_foe_blinks_away():
    g = run_on(pos=(5, 3))
    conjurer = put(g, "conjurer", 6, 3)
    for k in range(20):
        act(g, conjurer, f"t{k}")
        if chebyshev(conjurer.pos, g.pos) > 1:
            break
    lo, hi = BLINK_FAR
    assert lo <= chebyshev(conjurer.pos, g.pos) <= hi + 1 and any("blinks away" in t for t in texts(g))


# -- the fire-breather -------------------------------------------------------------------------------------
def test_a_breath_of_fire_burns_every_creature_on_its_line_and_what_lies_there():
    g = run_on(level_of(HALL.replace("#..................#\n#..", '#..................#\n#""', 1)), pos=(2, 2))
    g.player.hp = g.player.max_hp = 100
    salamander = put(g, "salamander", 8, 2)
    orc = put(g, "orc", 5, 2, hp=50)
    g.level.items.append(FloorItem(77, ITEM_BY_ID["scroll_map"], 4, 2))
    resolve(g, Deliver("burn", "line", 6, salamander, g.pos))
    assert "burning" in g.player.statuses and "burning" in orc.statuses and "burning" not in salamander.statuses
    assert not g.level.items  # the scroll on the line burnt
    assert any("burns to ash" in t for t in texts(g))


def test_a_fireball_sets_alight_the_grass_it_covers_and_it_burns_to_ash():
    g = run_on(level_of(HALL.replace("#..................#\n", '#""""..............#\n', 1)), pos=(10, 4))
    assert g.level.tiles[1, 2] == T.grass
    resolve(g, Deliver("burn", "burst", 4, g.player, (2, 1)))
    assert g.level.fire[1, 2] > 0 and g.level.fire[1, 5] == 0  # the floor beside it does not burn
    for _ in range(20):
        g.wait()
    assert g.level.fire[1, 2] == 0 and g.level.tiles[1, 2] == T.ash


# -- the necromancer ------------------------------------------------------------------------------------------
def test_the_dead_are_remembered_where_they_fell_and_a_necromancer_raises_them():
    g = run_on(pos=(2, 2))
    g.level.tier = MONSTER_BY_ID["orc"].tier  # at its own tier: raised whole, at half its life
    orc = put(g, "orc", 8, 3, hp=1)
    hurt(g, orc, 5, "your blow")
    assert g.level.corpses == [(8, 3, "orc")]
    necro = put(g, "necromancer", 12, 3)
    resolve(g, Raise(necro, g.level.corpses[0]))
    risen = g.level.monster_at(8, 3)
    assert risen is not None and risen.kind.id == "orc" and risen.hostile and risen.awake
    assert risen.hp == risen.max_hp // 2 and not g.level.corpses
    hurt(g, risen, 100, "your blow")
    assert not g.level.corpses  # the risen rise once


def test_a_necromancer_raises_no_more_than_its_bound():
    g = run_on(pos=(2, 2))
    necro = put(g, "necromancer", 14, 3)
    g.level.corpses = [(4 + k, 4, "rat") for k in range(MAX_SUMMONS + 3)]
    for corpse in list(g.level.corpses):
        resolve(g, Raise(necro, corpse))
    assert necro.summoned == MAX_SUMMONS and len(g.level.corpses) == 3


# -- the relics' guardians -------------------------------------------------------------------------------------
def test_a_relics_last_level_is_guarded_by_a_relic_boss():
    g = run_on(level_of(HALL, last=True, relic=True, tier=3), pos=(2, 2))
    bosses = [m for m in g.level.monsters if m.boss]
    assert len(bosses) == 1 and bosses[0].kind.relic_boss


def test_a_relic_guardian_stands_its_guard_tiers_above_its_level_and_grows_with_the_islands():
    from game.rules.content import RELIC_GUARD_TIERS, monster_stats, tier_of
    g = run_on(level_of(HALL, last=True, relic=True, tier=3), pos=(2, 2))
    boss = next(m for m in g.level.monsters if m.boss)
    assert (boss.max_hp, boss.attack, boss.defence) == monster_stats(boss.kind, 3 + RELIC_GUARD_TIERS)
    first, second, last = (monster_stats(boss.kind, tier_of(loc, 4) + RELIC_GUARD_TIERS) for loc in (0, 1, 9))
    assert first[0] < boss.kind.hp and first[1] < boss.kind.attack  # the first island's: below its kind
    assert second[0] > boss.kind.hp and second[1] > boss.kind.attack
    assert last[0] > 4 * second[0] and last[1] > 3 * second[1]


def test_a_sleeping_guardian_guards_and_an_awake_one_thinks_as_its_kind():
    g = run_on(level_of(HALL, last=True, relic=True), pos=(2, 2))
    boss = next(m for m in g.level.monsters if m.boss)
    assert boss.behaviour == "guardian"
    boss.awake = True
    assert boss.behaviour == boss.kind.behaviour


def test_a_warlord_bellows_for_its_guard_and_rages_when_badly_hurt():
    g = run_on(pos=(2, 2))
    warlord = put(g, "warlord", 12, 3, hp=40)
    for k in range(30):
        act(g, warlord, f"t{k}")
        if warlord.summoned:
            break
    guard = [m for m in g.level.monsters if m.group == warlord.index and m is not warlord]
    assert guard and all(m.kind.id == warlord.kind.summons for m in guard)
    warlord.hp = 5
    for k in range(40):
        act(g, warlord, f"r{k}")
        if "hasted" in warlord.statuses:
            break
    assert "hasted" in warlord.statuses


def test_a_hydra_grows_heads_as_it_is_wounded_and_every_head_bites():
    g = run_on(pos=(5, 2))
    g.player.hp = g.player.max_hp = 1000
    hydra = put(g, "hydra", 6, 2, hp=40)
    assert heads(hydra) == 1
    hydra.hp = 12
    n = len(g.log)
    action = act(g, hydra)
    bites = [t for t in texts(g, n) if t.startswith(("The hydra hits", "The hydra misses"))]
    assert heads(hydra) == action.count == 3
    assert sum(int(t.rsplit(" x", 1)[1]) if " x" in t else 1 for t in bites) == 3


def test_a_lich_raises_the_dead_it_sees():
    g = run_on(pos=(2, 2))
    lich = put(g, "lich", 14, 3)
    g.level.corpses.append((12, 3, "skeleton"))
    for k in range(30):
        act(g, lich, f"t{k}")
        if not g.level.corpses:
            break
    assert not g.level.corpses and any(m.kind.id == "skeleton" for m in g.level.monsters)


def test_a_guardian_is_never_a_swimmer_on_dry_land():
    for seed in range(30):
        level = level_of(HALL, last=True, tier=3 + seed % 5)
        boss = next(m for m in level.monsters if m.boss)
        assert level.passable(boss.moves)[boss.y, boss.x]


def test_swimmers_spawn_in_deep_water_or_not_at_all():
    for tier in range(2, 9):
        level = level_of(POOL, tier=tier, monsters=[(1, 1 + k % 3) for k in range(1)] + [(8, 4), (2, 4), (5, 1)])
        for m in level.monsters:
            assert level.passable(m.moves)[m.y, m.x]
    assert populate.SWIM_REACH >= 1


def test_a_swimmer_spawned_on_land_lives_in_the_nearest_free_deep_water_within_reach():
    """``populate._home`` against its rule written out: the spawn cell if the
    kind can live there, else the free deep water nearest it (the fewest
    8-way steps, then row, then column) no more than ``SWIM_REACH`` steps away."""
    eel, orc = MONSTER_BY_ID["eel"], MONSTER_BY_ID["orc"]
    rng = np.random.default_rng(29)
    reach = populate.SWIM_REACH
    for _ in range(40):
        h, w = int(rng.integers(5, 2 * reach + 8)), int(rng.integers(5, 2 * reach + 10))
        rows = ["".join("~" if rng.random() < 0.06 else "." for _ in range(w)) for _ in range(h)]
        level = level_of("\n".join(rows))
        water = level.passable("swim")
        cell = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        occupied = {(int(rng.integers(0, w)), int(rng.integers(0, h))) for _ in range(3)}
        near = sorted((max(abs(x - cell[0]), abs(y - cell[1])), y, x) for y in range(h) for x in range(w)
                      if water[y, x] and max(abs(x - cell[0]), abs(y - cell[1])) <= reach and (x, y) not in occupied)
        want = cell if water[cell[1], cell[0]] else next(((x, y) for _, y, x in near), None)
        assert populate._home(level, eel, cell, occupied) == want, (rows, cell, occupied)
        if level.passable("walk")[cell[1], cell[0]]:
            assert populate._home(level, orc, cell, occupied) == cell
