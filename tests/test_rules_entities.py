"""The things on a level (``game.rules.creatures.entities``): levelling up, for the
player and for an ally, healing with time, speed from statuses, a status
halved by a steady mind."""

from dataclasses import replace

import pytest

from game.rules.content import PERKS, STATUSES, ally_xp_to_next, xp_to_next
from game.rules.creatures.entities import PLAYER_SPEED, Player

from creatures import put, run_on


def test_a_player_level_gives_four_hp_an_attack_and_a_third_of_max_hp_back():
    p = Player(hp=5, max_hp=30)
    need = xp_to_next(1)
    assert p.gain_xp(need - 1) == [] and p.level == 1
    lines = p.gain_xp(1)
    assert p.level == 2 and p.xp == 0 and len(lines) == 1
    assert p.max_hp == 34 and p.base_attack == Player().base_attack + 1 and p.base_defence == 0
    assert p.hp == 5 + 34 // 3


def test_a_players_healing_on_levelling_stops_at_max_hp():
    p = Player(hp=29, max_hp=30)
    p.gain_xp(xp_to_next(1))
    assert p.hp == p.max_hp == 34


def test_experience_past_a_level_carries_to_the_next():
    p = Player()
    p.gain_xp(xp_to_next(1) + xp_to_next(2) + 3)
    assert (p.level, p.xp) == (3, 3)


def test_every_third_player_level_gives_a_point_of_defence():
    p = Player()
    defence = []
    for level in range(1, 8):
        p.gain_xp(xp_to_next(level))
        defence.append(p.base_defence)
    assert defence == [0, 1, 1, 1, 2, 2, 2]  # at levels 3 and 6
    assert p.base_attack == Player().base_attack + 7


def test_levels_gained_at_once_are_bounded():
    p = Player()
    lines = p.gain_xp(10**12)
    assert p.level == 51 and len(lines) == 50


def allied(g, hp=20):
    return put(g, "rat", 3, 1, hp=hp, ally=True)


def test_an_ally_level_gives_hp_a_blow_and_heals_it_by_a_quarter_more():
    g = run_on()
    m = allied(g, hp=20)
    m.hp = 5
    attack, defence = m.attack, m.defence
    need = ally_xp_to_next(1)
    assert m.gain_xp(need - 1) == [] and m.level == 1
    lines = m.gain_xp(1)
    grow = max(2, 20 // 5)
    assert m.level == 2 and m.xp == 0 and m.max_hp == 20 + grow
    assert m.hp == 5 + grow + m.max_hp // 4 and m.attack == attack + 1 and m.defence == defence
    assert lines == [f"Your {m.kind.name} reaches level 2!"]
    assert type(m.max_hp) is int and type(m.hp) is int  # whole hit points, as saved


def test_a_small_ally_grows_at_least_two_hp_and_heals_no_higher_than_its_max():
    g = run_on()
    m = allied(g, hp=6)
    m.gain_xp(ally_xp_to_next(1))
    assert m.max_hp == 8 and m.hp == 8


def test_every_third_ally_level_gives_a_point_of_defence_and_experience_carries():
    g = run_on()
    m = allied(g, hp=40)
    start = m.defence
    gains = []
    for level in range(1, 7):
        m.gain_xp(ally_xp_to_next(level))
        gains.append(m.defence - start)
    assert gains == [0, 1, 1, 1, 2, 2]
    m.gain_xp(ally_xp_to_next(7) + 2)
    assert (m.level, m.xp) == (8, 2)


def test_an_ally_gains_levels_at_once_boundedly():
    g = run_on()
    m = allied(g)
    assert len(m.gain_xp(10**12)) == 50 and m.level == 51


@pytest.mark.parametrize(("level", "every"), [(1, 11), (5, 7), (9, 3), (20, 3)])
def test_the_player_heals_a_point_every_few_turns_faster_at_higher_levels(level, every):
    p = Player(hp=1, max_hp=100, level=level)
    p.regenerate(every - 1)
    assert p.hp == 1 and p.regen_counter == every - 1
    p.regenerate(1)
    assert p.hp == 2 and p.regen_counter == 0
    p.regenerate(2 * every + 1)  # turns carry over: two points, one turn kept
    assert p.hp == 4 and p.regen_counter == 1


def test_regrowth_halves_the_wait_and_poison_stops_healing():
    p = Player(hp=1, max_hp=100, perks=["regrowth"])
    p.regenerate(5)  # every (12 - 1) // 2 = 5 turns
    assert p.hp == 2
    p.statuses["poisoned"] = 3
    p.regenerate(50)
    assert p.hp == 2 and p.regen_counter == 0
    q = Player(hp=99, max_hp=100)
    q.regenerate(11 * 5)
    assert q.hp == 100  # never above the maximum


def test_speed_is_the_product_of_the_statuses_factors_and_at_least_one():
    fast = next(name for name, s in STATUSES.items() if s.speed > 1)
    slow = next(name for name, s in STATUSES.items() if s.speed < 1)
    p = Player(statuses={fast: 3, slow: 3})
    assert p.speed == int(PLAYER_SPEED * STATUSES[fast].speed * STATUSES[slow].speed)
    g = run_on()
    snail = put(g, "rat", 3, 1, statuses={slow: 5})
    snail.kind = replace(snail.kind, speed=1)
    assert snail.speed == 1


def test_a_steady_mind_halves_a_status_but_leaves_at_least_a_turn():
    perk = next(p for p in PERKS if p.halves)
    name = perk.halves[0]
    p = Player(perks=[perk.id])
    assert p.resisted(name, 9) == 4 and p.resisted(name, 1) == 1 and p.resisted(name, 3) == 1


@pytest.mark.parametrize("max_hp, hp, rage", [(30, 14, 3), (30, 15, 0), (30, 16, 0), (31, 15, 3), (31, 16, 0)])
def test_berserk_adds_three_to_a_blow_only_below_half_max_hp(max_hp, hp, rage):
    """Below half (hp * 2 < max_hp): one HP below half rages, exactly half and one above do not."""
    calm = Player(hp=hp, max_hp=max_hp)
    berserk = Player(hp=hp, max_hp=max_hp, perks=["berserk"])
    assert berserk.blow_power == calm.blow_power + rage


@pytest.mark.parametrize("hp, alive", [(1, True), (0, False), (-1, False)])
def test_a_creature_is_alive_above_zero_hp_and_dead_at_zero(hp, alive):
    assert Player(hp=hp, max_hp=30).alive is alive


@pytest.mark.parametrize("owed_before, owes", [(0, True), (1, False), (2, False)])
def test_a_level_owes_a_perk_only_while_fewer_than_all_the_choices_are_held_or_owed(owed_before, owes):
    """With one perk short of PERK_CHOICES held: none owed yet owes one more; one owed (all of
    them, held or owed) or more owes none."""
    from game.rules.content import PERK_CHOICES

    p = Player(perks=[f"perk{i}" for i in range(PERK_CHOICES - 1)], perks_owed=owed_before)
    line = p.grow()
    assert p.perks_owed == owed_before + owes and ("Choose a perk" in line) is owes


@pytest.mark.parametrize(("calls", "summoned", "left"), [(3, 0, 3), (3, 2, 1), (3, 3, 0), (3, 4, 0), (0, 0, 0)])
def test_a_casters_calls_left_counts_down_to_zero_and_never_below(calls, summoned, left):
    from game.rules.content import MONSTER_BY_ID
    from game.rules.creatures.entities import Monster

    caster = Monster(1, MONSTER_BY_ID["lich"], hp=9, max_hp=9, calls=calls, summoned=summoned)
    assert caster.calls_left == left
