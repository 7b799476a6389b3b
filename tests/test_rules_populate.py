"""Who and what a freshly built level holds (game/rules/world/populate.py): the
streams its rolls come from, the spawn points used and skipped, a pack's
members and their cells, the captives, the items, and the prize with its
guardian.  Each rule is written out here; a change of the recipe makes
other levels from the same seed, so a test fails."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from worldgen.core import seeding
from worldgen.core.registry import Stage
from worldgen.core.tiles import T

from game.rules import content
from game.rules.world import populate
from game.rules.content import DUNGEONS, MONSTERS
from game.rules.creatures.energy import Energy
from game.rules.world.level import Level, LevelKey
from creatures import level_of

GOAL = (18, 5)  # where level_of puts the stairs down (or the prize) on the hall

PACK = next(k for k in MONSTERS if k.group > 2 and not k.escort and k.moves == "walk" and not k.disguise)
ESCORTED = next(k for k in MONSTERS if k.escort and k.group > 1)
LONER = next(k for k in MONSTERS if k.group == 1 and k.moves == "walk" and not k.disguise and not k.escort)
MIMIC = next(k for k in MONSTERS if k.disguise)
SWIMMER = next(k for k in MONSTERS if k.moves == "swim")
STACK = next(i for i in content.ITEMS if i.count > 1)


def hall_stage(monsters=(), items=(), captives=None) -> Stage:
    """The hall of ``creatures.level_of`` as a generator's stage, with these spawn points."""
    points = {"start": np.array([[1, 1]]), "exit": np.array([list(GOAL)]),
              "monsters": np.array(list(monsters), int).reshape(-1, 2),
              "items": np.array(list(items), int).reshape(-1, 2)}
    if captives is not None:
        points["captives"] = np.array(list(captives), int).reshape(-1, 2)
    return Stage("final", level_of().tiles.copy(), points=points)


def built(stage: Stage, seed: int = 1, depth: int = 1, last: bool = False, relic: bool = False,
          tier: int = 2) -> Level:
    return Level(LevelKey(0, 0, depth), stage, style="rooms", terrain=int(T.grass), seed=seed, tier=tier,
                 size=DUNGEONS["small"], last=last, relic=relic)


def cells_of(things) -> list[tuple[int, int]]:
    return [(t.x, t.y) for t in things]


# -- the streams ----------------------------------------------------------------------------------------------
def test_each_kind_of_thing_on_a_level_rolls_from_its_own_stream_of_the_sites_seed_and_depth(monkeypatch):
    """Monsters, items, the captive's spot, the captives' kinds and the
    vaults' contents each draw from their own stream, named and numbered by
    the depth: a change to one never moves another, and two depths differ."""
    asked = []
    real = seeding.rng

    def spy(seed, *labels):
        asked.append((seed, *labels))
        return real(seed, *labels)

    stage = hall_stage(monsters=[(5, 3)], items=[(7, 3)])
    monkeypatch.setattr(seeding, "rng", spy)
    built(stage, seed=77, depth=4)
    assert sorted(asked, key=str) == sorted([(77, "monsters", 4), (77, "items", 4), (77, "captives", 4),
                                             (77, "captive kinds", 4), (77, "vaults", 4)], key=str)


def test_spawn_points_within_the_limit_are_all_used_and_cost_no_roll():
    rng = np.random.default_rng(3)
    before = rng.bit_generator.state
    pts = np.array([[5, 1], [2, 3], [9, 4]])
    assert populate._subset(rng, pts, 3) is pts and populate._subset(rng, pts, 4) is pts
    assert rng.bit_generator.state == before
    kept = populate._subset(rng, pts, 2)
    assert len(kept) == 2 and all(any((p == q).all() for q in pts) for p in kept)


def test_spawn_points_are_read_as_whole_cells_and_a_missing_set_as_none():
    stage = Stage("final", np.zeros((4, 4), np.uint8), points={"monsters": np.array([[1.0, 2.0], [3.0, 0.0]])})
    pts = populate.points(stage, "monsters")
    assert pts.dtype == np.int64 and pts.tolist() == [[1, 2], [3, 0]]
    assert populate.points(stage, "items").shape == (0, 2)


# -- the monsters -----------------------------------------------------------------------------------------------
def test_a_spawn_point_on_the_stairs_or_in_a_wall_holds_no_monster_and_the_next_is_still_used(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: LONER)
    monkeypatch.setattr(populate, "CAPTIVE_CHANCE", 0.0)
    level = built(hall_stage(monsters=[(1, 1), (0, 3), (5, 3), (5, 3), (9, 2)]))
    assert sorted(cells_of(level.monsters)) == [(5, 3), (9, 2)]


def test_a_lone_monster_belongs_to_no_pack_and_a_spawned_monster_is_its_kinds_at_the_tier(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: LONER)
    level = level_of()
    populate._spawn_group(level, 4, (6, 3), np.random.default_rng(0), {level.up})
    (m,) = level.monsters
    hp, atk, dfn = content.monster_stats(LONER, level.tier)
    assert (m.index, m.group, m.kind, m.pos) == (4, -1, LONER, (6, 3))
    assert (m.hp, m.max_hp, m.attack, m.defence, m.hidden, m.boss) == (hp, hp, atk, dfn, False, False)


def test_spawn_gives_the_monster_its_energy_group_and_guardianship():
    level = level_of()
    m = populate.spawn(level, 12, LONER, 4, 2, 3, Energy(42), boss=True, group=12)
    hp, atk, dfn = content.monster_stats(LONER, 3)
    assert level.monsters[-1] is m
    assert (m.index, m.x, m.y, m.energy.value, m.boss, m.group) == (12, 4, 2, 42, True, 12)
    assert (m.hp, m.max_hp, m.attack, m.defence) == (hp, hp, atk, dfn)


@pytest.mark.parametrize("under, calls", [(0, 4), (1, 3), (2, 2), (3, 1), (4, 1)])
def test_a_relic_boss_spawned_below_its_kinds_tier_calls_up_one_fewer_per_tier_and_never_none(under, calls):
    lich = content.MONSTER_BY_ID["lich"]
    level = level_of()
    m = populate.spawn(level, 12, lich, 4, 2, lich.tier - under, Energy(0), boss=True)
    assert m.calls == calls == content.summon_budget(lich, lich.tier - under)
    assert populate.spawn(level, 13, lich, 5, 2, lich.tier + 3, Energy(0)).calls == content.MAX_SUMMONS


def test_a_caster_not_a_relic_boss_keeps_every_call_below_its_tier():
    conjurer = content.MONSTER_BY_ID["conjurer"]
    assert not conjurer.relic_boss and conjurer.summons
    assert populate.spawn(level_of(), 12, conjurer, 4, 2, 0, Energy(0)).calls == content.MAX_SUMMONS


def free_near_by_hand(level, cell, occupied):
    """Every free floor cell within 2 steps of ``cell``, row by row."""
    x0, y0 = cell
    return [(x, y) for y in range(y0 - 2, y0 + 3) for x in range(x0 - 2, x0 + 3)
            if level.inside(x, y) and level.walkable[y, x] and (x, y) not in occupied]


@pytest.mark.parametrize("kind", [PACK, replace(PACK, id="pair", group=2), ESCORTED], ids=lambda k: k.id)
def test_a_packs_leader_rolls_its_energy_then_each_member_a_free_cell_within_two_steps_and_its_energy(
        monkeypatch, kind):
    """The leader stands on the spawn point; each other member (its kind's
    escort, if it has one) takes a cell drawn from the free floor within 2
    steps, row by row, then its energy; all share the leader's index as group."""
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: kind)
    member = content.MONSTER_BY_ID[kind.escort] if kind.escort else kind
    for seed in range(6):
        level = level_of()
        cell = (1 + seed, 1 + seed % 5)  # near the walls and the stairs up
        occupied = {level.up, (cell[0] + 1, cell[1])}
        twin = np.random.default_rng(seed)
        populate._spawn_group(level, 3, cell, np.random.default_rng(seed), set(occupied))
        leader, *members = level.monsters
        assert (leader.pos, leader.index, leader.group, leader.kind) == (cell, 3, 3, kind)
        assert leader.energy.value == int(twin.integers(0, 100))
        occupied.add(cell)
        assert len(members) == kind.group - 1
        for k, m in enumerate(members, 1):
            free = free_near_by_hand(level, cell, occupied)
            assert m.pos == free[int(twin.integers(0, len(free)))]
            assert m.energy.value == int(twin.integers(0, 100))
            assert (m.index, m.group, m.kind) == (populate.PACK_BASE + 16 * 3 + k, 3, member)
            occupied.add(m.pos)


def test_a_monsters_energy_roll_spans_0_to_99(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: LONER)
    level = level_of()
    rng = np.random.default_rng(11)
    seen = set()
    for i in range(1500):
        level.monsters.clear()
        populate._spawn_group(level, i, (6, 3), rng, set())
        seen.add(level.monsters[0].energy.value)
    assert seen == set(range(100))


def test_a_pack_in_a_crowd_brings_only_the_members_it_has_room_for(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: PACK)
    level = level_of()
    cell = (6, 3)
    occupied = set(free_near_by_hand(level, cell, set())) - {cell, (7, 3)}
    populate._spawn_group(level, 0, cell, np.random.default_rng(0), occupied)
    assert cells_of(level.monsters) == [cell, (7, 3)]


def test_a_free_cell_near_a_pack_is_drawn_from_the_free_floor_within_two_steps_over_random_crowds():
    rng = np.random.default_rng(29)
    for _ in range(60):
        rows = ["".join("#" if rng.random() < 0.3 else "." for _ in range(9)) for _ in range(7)]
        level = level_of("\n".join(rows))
        cell = (int(rng.integers(0, 9)), int(rng.integers(0, 7)))
        occupied = {(int(rng.integers(0, 9)), int(rng.integers(0, 7))) for _ in range(6)}
        seed = int(rng.integers(0, 1000))
        free = free_near_by_hand(level, cell, occupied)
        want = free[int(np.random.default_rng(seed).integers(0, len(free)))] if free else None
        assert populate._near_free(level, cell, occupied, np.random.default_rng(seed)) == want, (rows, cell)


def test_mimics_and_swimmers_lie_hidden_and_a_swimmer_skips_water_already_taken(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: MIMIC)
    level = level_of()
    populate._spawn_group(level, 0, (6, 3), np.random.default_rng(0), set())
    assert level.monsters[0].hidden
    pool = level_of("#######\n#.....#\n#.~~..#\n#.....#\n#######")
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: SWIMMER)
    populate._spawn_group(pool, 0, (4, 2), np.random.default_rng(0), {(3, 2)})
    (eel,) = pool.monsters
    assert eel.pos == (2, 2) and eel.hidden


# -- the captives ---------------------------------------------------------------------------------------------------
def test_a_captive_point_on_a_wall_off_the_map_or_on_the_stairs_holds_no_captive():
    level = built(hall_stage(captives=[(0, 3), (40, 2), (1, 1), (6, 4)]))
    assert [m.pos for m in level.monsters if m.captive] == [(6, 4)]


def test_a_captive_is_its_kind_one_tier_up_numbered_from_the_captive_base_and_skips_a_taken_spot():
    level = level_of()
    populate._captives(level, 5, [(3, 3), (6, 4), (9, 2)], {(3, 3)})
    twin = seeding.rng(5, "captive kinds", level.key.depth)
    tier = level.tier + populate.CAPTIVE_TIERS
    assert [m.pos for m in level.monsters] == [(6, 4), (9, 2)]
    for k, m in zip((1, 2), level.monsters):
        hp, atk, dfn = content.monster_stats(m.kind, tier)
        assert m.kind == content.pick_captive(twin, tier) and m.captive
        assert (m.index, m.hp, m.attack, m.defence) == (populate.CAPTIVE_BASE + k, hp, atk, dfn)


def test_a_captive_takes_its_cell_so_a_guardian_stands_elsewhere():
    spot = level_of(last=True).guard_spot(GOAL, {(1, 1)})
    level = built(hall_stage(captives=[spot]), last=True)
    assert len(set(cells_of(level.monsters))) == len(level.monsters) == 2
    assert next(m for m in level.monsters if m.captive).pos == spot


def test_any_monster_spawn_point_but_the_stairs_may_hold_the_levels_captive_and_only_once():
    level = level_of()
    pts = np.array([[5, 3], [9, 2]])
    picked = set()
    for seed in range(200):
        spots = populate._captive_spots(level, hall_stage(captives=[(5, 3)]), seed, pts)
        assert spots.count((5, 3)) == 1
        picked |= set(populate._captive_spots(level, hall_stage(), seed, pts))
        assert populate._captive_spots(level, hall_stage(), seed, np.array([[1, 1]])) == []
        assert populate._captive_spots(level, hall_stage(), seed, np.array([[0, 3]])) == []
    assert picked == {(5, 3), (9, 2)}


def test_a_captive_drawn_at_a_monster_spawn_point_is_the_only_creature_there(monkeypatch):
    """The spawn point chosen for the captive is kept from the monsters: no monster (nor its
    pack) is put there first, so the captive, which skips a taken spot, always appears."""
    monkeypatch.setattr(populate, "CAPTIVE_CHANCE", 1.0)
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: LONER)
    level = built(hall_stage(monsters=[(5, 3)]))
    assert [(m.pos, m.captive) for m in level.monsters] == [((5, 3), True)]
    level = built(hall_stage(monsters=[(5, 3), (9, 2)]))
    (captive,) = [m for m in level.monsters if m.captive]
    assert [m.pos for m in level.monsters if not m.captive] == [({(5, 3), (9, 2)} - {captive.pos}).pop()]


# -- the items --------------------------------------------------------------------------------------------------------
def test_items_lie_one_to_a_cell_never_on_the_stairs_each_a_whole_bundle_of_its_kind(monkeypatch):
    monkeypatch.setattr(content, "pick_item", lambda rng, tier, terrain: STACK)
    level = built(hall_stage(items=[(1, 1), (5, 3), (5, 3), (7, 3)]))
    assert [(it.index, it.x, it.y, it.count) for it in level.items] == [(1, 5, 3, STACK.count),
                                                                         (3, 7, 3, STACK.count)]


# -- the prize ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("relic", [False, True])
def test_the_prize_replaces_what_lay_on_its_cell_and_its_guardian_stands_by_it_tiers_up(relic):
    top = max(k.tier for k in MONSTERS)  # every kind is lifted above its own tier, so the tiers show in its stats
    level = built(hall_stage(monsters=[(3, 3), (9, 2)], items=[GOAL, (7, 3)]), last=True, relic=relic, tier=top)
    prize = content.RELIC if relic else content.TREASURE
    assert [(it.kind, it.index) for it in level.items if (it.x, it.y) == GOAL] == [(prize, 2)]
    assert level.treasure_index == 2 and any((it.x, it.y) == (7, 3) for it in level.items)
    (boss,) = [m for m in level.monsters if m.boss]
    tier = level.tier + (content.RELIC_GUARD_TIERS if relic else 3)
    assert (boss.hp, boss.attack, boss.defence) == content.monster_stats(boss.kind, tier)
    assert boss.calls == content.summon_budget(boss.kind, tier)
    assert (boss.index, boss.post, boss.pos) == (2, GOAL, level.guard_spot(GOAL, {level.up} | {
        m.pos for m in level.monsters if not m.boss}))
    assert (boss.kind in content.RELIC_BOSSES) == relic


def test_a_guardian_that_cannot_stand_by_the_prize_is_tried_again_and_at_last_is_the_fallback(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: SWIMMER)
    level = built(hall_stage(), last=True)
    (boss,) = [m for m in level.monsters if m.boss]
    assert boss.kind == content.MONSTER_BY_ID[populate.GUARD_FALLBACK]
    kinds = iter([SWIMMER, SWIMMER, LONER])
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: next(kinds))
    level = built(hall_stage(), last=True)
    assert [m.kind for m in level.monsters if m.boss] == [LONER]


def test_a_guardian_is_tried_on_the_very_cell_it_would_stand_on(monkeypatch):
    """A swimmer is refused by the prize even when water lies elsewhere on
    the level (here on the cell whose row and column are the spot's row)."""
    stage = hall_stage()
    spot = level_of(last=True).guard_spot(GOAL, {(1, 1)})
    stage.data[spot[1], spot[1]] = T.deep_water
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: SWIMMER)
    level = built(stage, last=True)
    assert [(m.kind, m.pos) for m in level.monsters if m.boss] == [(content.MONSTER_BY_ID[populate.GUARD_FALLBACK],
                                                                    spot)]


R = populate.SWIM_REACH


@pytest.mark.parametrize("dx, dy, found", [(R, 0, True), (0, R, True), (-R, -R, True), (R, -R, True),
                                           (R + 1, 0, False), (0, R + 1, False), (-R - 1, 0, False),
                                           (0, -R - 1, False)])
def test_a_swimmer_finds_water_up_to_its_reach_in_every_direction_and_no_farther(dx, dy, found):
    size = 2 * R + 5
    cell = (R + 2, R + 2)
    rows = [["."] * size for _ in range(size)]
    rows[cell[1] + dy][cell[0] + dx] = "~"
    level = level_of("\n".join("".join(r) for r in rows))
    want = (cell[0] + dx, cell[1] + dy) if found else None
    assert populate._home(level, SWIMMER, cell, set()) == want
