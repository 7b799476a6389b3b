"""Monsters' powers (game/rules/actions/powers.py), each unit's result whole:
its lines (seen and unseen), what it changes, and when it fails."""

from dataclasses import replace

import pytest

from game.rules.actions.base import fail
from game.rules.actions.effects import Afflict
from game.rules.actions.melee import Attack
from game.rules.text import words
from game.rules.actions.powers import (MAX_SUMMONS, RAISE_SHARE, SPLIT_MIN_HP, Cast, Escape, Flurry, Raise, Split,
                                       Submerge, Summon, Surface, _new_monster, set_off)
from game.rules.content import MONSTER_BY_ID, MONSTERS, monster_stats
from game.rules.actions.effects import Deliver
from game.rules.world.level import SPAWNED_INDEX
from game.rules.text.log import bad, note

from creatures import level_of, put, run_on

SUMMONER = next(k for k in MONSTERS if k.summons)
SPLITTER = next(k for k in MONSTERS if k.on_hurt == "split")
BURSTER = next(k for k in MONSTERS if k.on_death)


def unseen(g, m):
    g.level.visible[m.y, m.x] = False


def test_a_cast_says_its_words_when_seen_its_sound_when_not_and_its_effects_follow():
    g = run_on(pos=(2, 3))
    m = put(g, "rat", 5, 3)
    effect = Afflict(m, "hasted", 3)
    r = Cast(m, "It chants!", effect, unseen="You hear a chant.").perform(g)
    assert r.succeeded and r.messages == (bad("It chants!"),) and r.then == (effect,)
    unseen(g, m)
    assert Cast(m, "It chants!", effect, unseen="You hear a chant.").perform(g).messages == (note("You hear a chant."),)
    assert Cast(m, "It chants!", effect).perform(g).messages == ()
    m.hp = 0
    assert Cast(m, "It chants!", effect).perform(g) == fail()


def test_a_new_creature_is_its_kind_at_the_tier_awake_with_the_hp_asked_within_its_full():
    kind = MONSTER_BY_ID["orc"]
    full, atk, dfn = monster_stats(kind, 4, called=True)
    m = _new_monster(kind, 3, 2, 4)
    assert (m.index, m.x, m.y, m.hp, m.max_hp, m.attack, m.defence, m.energy.value, m.awake) == \
        (0, 3, 2, full, full, atk, dfn, 0, True)
    assert _new_monster(kind, 3, 2, 4, hp=1).hp == 1 and _new_monster(kind, 3, 2, 4, hp=0).hp == 1
    assert _new_monster(kind, 3, 2, 4, hp=full + 5).hp == full


def summoner(g, x=9, y=3, **fields):
    m = put(g, SUMMONER.id, x, y, **fields)
    return m


def test_a_summons_calls_up_its_kinds_creatures_beside_it_awake_in_its_group_and_says_how_many():
    g = run_on(pos=(2, 3))
    m = summoner(g, group=-1)
    kind = MONSTER_BY_ID[SUMMONER.summons]
    r = Summon(m, 2).perform(g)
    called = [o for o in g.level.monsters if o is not m]
    assert r.succeeded and r.messages == (bad(f"The {SUMMONER.name} calls up 2 {words.noun(kind.name).plural}!"),)
    assert len(called) == 2 and all(o.kind == kind and o.awake and o.group == m.index for o in called)
    assert all(o.index > SPAWNED_INDEX for o in called) and m.summoned == 2
    assert [o.hp for o in called] == [monster_stats(kind, g.level.tier, called=True)[0]] * 2
    r = Summon(m, 1, "It bellows!").perform(g)
    assert r.messages == (bad("It bellows!"),) and m.summoned == 3


@pytest.mark.parametrize("calls", [1, 2, 3])
def test_a_summons_stops_at_the_callers_own_calls_fewer_than_the_most(calls):
    g = run_on(pos=(2, 3))
    m = summoner(g, calls=calls)
    assert Summon(m, MAX_SUMMONS).perform(g).succeeded
    assert m.summoned == calls == len(g.level.monsters) - 1
    assert Summon(m, 1).perform(g) == fail() and len(g.level.monsters) == calls + 1


def test_a_raising_counts_against_the_casters_calls_as_a_summons_does():
    g = run_on(pos=(2, 3))
    m = put(g, "necromancer", 9, 3, calls=2)
    g.level.corpses = [(6, 3, "orc"), (7, 3, "orc"), (6, 4, "orc")]
    assert Raise(m, (6, 3, "orc")).perform(g).succeeded and m.summoned == 1
    assert Summon(m, 1).perform(g) == fail()  # a necromancer calls nothing up, whatever is left
    assert Raise(m, (7, 3, "orc")).perform(g).succeeded and m.summoned == 2
    assert Raise(m, (6, 4, "orc")).perform(g) == fail() and (6, 4, "orc") in g.level.corpses


@pytest.mark.parametrize("under", [0, 1, 3])
def test_a_creature_called_up_below_its_kinds_tier_is_scaled_down_as_a_relic_boss_is(under):
    kind = MONSTER_BY_ID["skeleton"]
    assert not kind.relic_boss
    m = _new_monster(kind, 3, 2, kind.tier - under)
    assert (m.max_hp, m.attack, m.defence) == monster_stats(kind, kind.tier - under, called=True)
    weaker = (kind.hp - (kind.hp * under) // 4, kind.attack - under, kind.defence - under // 3)
    assert (m.max_hp, m.attack, m.defence) == weaker
    above = _new_monster(kind, 3, 2, kind.tier + 2)
    assert (above.max_hp, above.attack, above.defence) == monster_stats(kind, kind.tier + 2)


def test_a_creature_called_up_has_its_kinds_budget_at_the_tier():
    lich = MONSTER_BY_ID["lich"]
    assert _new_monster(lich, 3, 2, lich.tier - 2).calls == 2 and _new_monster(lich, 3, 2, lich.tier).calls == MAX_SUMMONS


def test_a_summons_keeps_the_callers_pack_stops_at_the_bound_and_is_heard_when_unseen():
    g = run_on(pos=(2, 3))
    m = summoner(g, group=7)
    m.summoned = MAX_SUMMONS - 1
    unseen(g, m)
    r = Summon(m, 3).perform(g)
    assert r.messages == (note("You hear a chant."),) and m.summoned == MAX_SUMMONS
    assert [o.group for o in g.level.monsters if o is not m] == [7]
    assert Summon(m, 1).perform(g) == fail()
    one = run_on(pos=(2, 3))
    lone = summoner(one)
    kind = MONSTER_BY_ID[SUMMONER.summons]
    assert Summon(lone, 1).perform(one).messages[0][0].endswith(f"{kind.name}!")


def test_a_summons_with_no_room_or_by_the_dead_or_by_a_kind_that_calls_nothing_fails():
    g = run_on(level_of("#####\n#...#\n#####"), pos=(1, 1))
    m = summoner(g, 2, 1)
    put(g, "rat", 3, 1)
    assert Summon(m, 2).perform(g) == fail() and m.summoned == 0
    g = run_on(pos=(2, 3))
    m = summoner(g)
    m.hp = 0
    assert Summon(m, 2).perform(g) == fail()
    rat = put(g, "rat", 5, 3)
    assert Summon(rat, 2).perform(g) == fail()


def test_the_summoned_never_stand_on_the_player():
    g = run_on(level_of("#####\n#...#\n#####"), pos=(3, 1))
    m = summoner(g, 2, 1)
    assert Summon(m, 1).perform(g).succeeded
    assert [o.pos for o in g.level.monsters if o is not m] == [(1, 1)]


def test_the_dead_rise_where_they_fell_with_half_their_hp_risen_and_the_raiser_counts_them():
    g = run_on(pos=(2, 3))
    m = put(g, "necromancer", 9, 3)
    corpse = (6, 3, "orc")
    g.level.corpses.append(corpse)
    r = Raise(m, corpse).perform(g)
    risen = g.level.monster_at(6, 3)
    full = monster_stats(risen.kind, g.level.tier, called=True)[0]
    assert r.succeeded and r.messages == (bad(f"The {m.kind.name} raises the dead: {risen.kind.name} stands again!"),)
    assert risen.kind.id == "orc" and risen.risen and risen.awake and risen.hp == max(1, full // RAISE_SHARE)
    assert risen.max_hp == full and g.level.corpses == [] and m.summoned == 1 and risen.index > SPAWNED_INDEX
    corpse = (12, 1, "rat")
    g.level.corpses.append(corpse)
    g.level.visible[1, 12] = False
    assert Raise(m, corpse).perform(g).messages == (note("You hear bones knitting together."),)


@pytest.mark.parametrize("spoil", ["dead caster", "unknown kind", "forgotten", "spent", "taken", "player", "wall"])
def test_the_dead_do_not_rise_for_a_dead_caster_a_forgotten_corpse_or_onto_a_taken_cell(spoil):
    g = run_on(pos=(2, 3))
    m = put(g, "necromancer", 9, 3)
    corpse = (6, 3, "nothing" if spoil == "unknown kind" else "orc")
    if spoil == "player":
        corpse = (2, 3, "orc")
    if spoil == "wall":
        corpse = (0, 3, "orc")
    if spoil != "forgotten":
        g.level.corpses.append(corpse)
    if spoil == "dead caster":
        m.hp = 0
    if spoil == "spent":
        m.summoned = MAX_SUMMONS
    if spoil == "taken":
        put(g, "rat", 6, 3)
    assert Raise(m, corpse).perform(g) == fail()
    assert m.summoned == (MAX_SUMMONS if spoil == "spent" else 0)


def jelly(g, x=6, y=3, hp=9, **fields):
    m = put(g, SPLITTER.id, x, y, **fields)
    m.hp, m.max_hp = hp, hp + 3
    return m


def test_a_wounded_jelly_gives_half_its_hp_rounded_down_to_a_second_beside_it():
    g = run_on(pos=(2, 3))
    m = jelly(g, hp=9, group=4, statuses={"slowed": 2})
    r = Split(m).perform(g)
    child = next(o for o in g.level.monsters if o is not m)
    assert r.succeeded and r.messages == (note(f"The {SPLITTER.name} splits in two!"),)
    assert (m.hp, m.max_hp) == (5, 8) and (child.hp, child.max_hp) == (4, 4)
    assert (child.attack, child.defence, child.group, child.awake, child.ally) == (m.attack, m.defence, 4, True, False)
    assert child.statuses == {"slowed": 2} and child.statuses is not m.statuses
    assert child.pos == g.level.free_cell_near((6, 3), reach=1) or abs(child.x - 6) <= 1 and abs(child.y - 3) <= 1
    assert child.index > SPAWNED_INDEX
    m.max_hp = m.hp = SPLIT_MIN_HP
    assert Split(m).perform(g).succeeded and (m.hp, m.max_hp) == (SPLIT_MIN_HP - SPLIT_MIN_HP // 2,) * 2


def test_a_jelly_too_small_dead_gone_or_with_no_room_next_to_it_does_not_split():
    g = run_on(pos=(2, 3))
    assert Split(jelly(g, hp=SPLIT_MIN_HP - 1)).perform(g) == fail()
    gone = jelly(g, 10, 3)
    g.level.monsters.remove(gone)
    assert Split(gone).perform(g) == fail()
    g = run_on(level_of("#####\n#...#\n#####"), pos=(3, 1))
    m = jelly(g, 2, 1)
    put(g, "rat", 1, 1)
    assert Split(m).perform(g) == fail() and m.hp == 9  # the only free cell two steps off, (3, 1), is the player's


def test_an_allys_jelly_splits_into_an_ally_and_unseen_it_splits_silently():
    g = run_on(pos=(2, 3))
    m = jelly(g, ally=True)
    unseen(g, m)
    r = Split(m).perform(g)
    assert r.succeeded and r.messages == () and all(o.ally for o in g.level.monsters)


def test_a_thief_on_the_stairs_escapes_with_its_loot_and_the_log_says_so_seen_or_not():
    g = run_on(pos=(5, 3))
    m = put(g, "cutpurse", *g.level.up)
    m.stolen = ("potion", 1)
    g.dirty = False
    r = Escape(m).perform(g)
    assert r.messages == (bad(f"The {m.kind.name} escapes by the stairs with your things!"),)
    assert m not in g.level.monsters and g.dirty is True
    m = put(g, "cutpurse", *g.level.up)
    unseen(g, m)
    assert Escape(m).perform(g).messages == (bad(f"Somewhere, the {m.kind.name} slips away."),)


def test_escape_fails_off_the_stairs_or_for_the_dead_or_gone():
    g = run_on(pos=(5, 3))
    m = put(g, "cutpurse", 3, 3)
    assert Escape(m).perform(g) == fail()
    m.x, m.y = g.level.up
    m.hp = 0
    assert Escape(m).perform(g) == fail()
    m.hp = 3
    g.level.monsters.remove(m)
    assert Escape(m).perform(g) == fail()


@pytest.mark.parametrize("count, heads", [(1, "its head"), (2, "2 heads"), (4, "4 heads")])
def test_a_flurry_is_one_blow_per_head_with_the_turns_rolls(count, heads):
    g = run_on(pos=(5, 3))
    m = put(g, "hydra", 6, 3)
    rng = object()
    r = Flurry(m, g.player, count, rng).perform(g)
    assert r.messages == (note(f"The {m.kind.name} strikes with {heads}."),) and len(r.then) == count
    assert all(isinstance(a, Attack) and (a.attacker, a.victim, a.rng) == (m, g.player, rng) for a in r.then)


def test_an_eel_sinks_only_from_deep_water_and_once_and_surfaces_to_strike():
    g = run_on(level_of("#####\n#.~.#\n#####"), pos=(1, 1))
    m = put(g, "eel", 2, 1)
    r = Submerge(m).perform(g)
    assert r.succeeded and r.messages == (note(f"The {m.kind.name} sinks out of sight."),) and m.hidden
    assert Submerge(m).perform(g) == fail()
    rng = object()
    r = Surface(m, g.player, rng).perform(g)
    assert r.messages == (bad(f"The {m.kind.name} surges out of the water!"),) and not m.hidden
    (a,) = r.then
    assert (a.attacker, a.victim, a.rng) == (m, g.player, rng)
    unseen(g, m)
    assert Submerge(m).perform(g).messages == () and m.hidden
    m.hidden = False
    m.x = 3
    assert Submerge(m).perform(g) == fail() and not m.hidden
    m.hp = 0
    assert Surface(m, g.player, rng).perform(g) == fail()


def test_a_wound_sets_off_a_split_and_a_death_its_kinds_burst_where_it_fell():
    g = run_on(pos=(2, 3))
    j = put(g, SPLITTER.id, 6, 3)
    b = put(g, BURSTER.id, 8, 3)
    rat = put(g, "rat", 10, 3)
    split = set_off(g, ("hurt", j))
    assert isinstance(split, Split) and split.jelly is j
    burst = set_off(g, ("death", b))
    assert isinstance(burst, Deliver) and (burst.effect, burst.aim, burst.power, burst.user, burst.cell) == \
        (BURSTER.on_death, "burst", BURSTER.death_power, b, (8, 3))
    assert set_off(g, ("hurt", b)) is None and set_off(g, ("hurt", rat)) is None and set_off(g, ("death", rat)) is None


FLYING_SUMMONER = next((k for k in MONSTERS if k.summons and MONSTER_BY_ID[k.summons].moves == "fly"), None)


@pytest.mark.skipif(FLYING_SUMMONER is None, reason="no kind calls up flyers")
def test_the_summoned_stand_where_their_own_way_of_moving_lets_them():
    g = run_on(level_of("######\n#..:.#\n######"), pos=(1, 1))
    m = put(g, FLYING_SUMMONER.id, 2, 1)
    put(g, "rat", 4, 1)
    assert Summon(m, 1).perform(g).succeeded
    assert [o.pos for o in g.level.monsters if o.kind.id == FLYING_SUMMONER.summons] == [(3, 1)]  # over the chasm


def test_a_caster_of_group_0_keeps_its_summoned_in_group_0():
    g = run_on(pos=(2, 3))
    m = summoner(g, group=0)
    Summon(m, 1).perform(g)
    assert [o.group for o in g.level.monsters if o is not m] == [0]


def test_a_flyer_rises_over_a_chasm_where_it_fell():
    g = run_on(level_of("######\n#..:.#\n######"), pos=(1, 1))
    m = put(g, "necromancer", 4, 1)
    flyer = next(k for k in MONSTERS if k.moves == "fly")
    corpse = (3, 1, flyer.id)
    g.level.corpses.append(corpse)
    assert Raise(m, corpse).perform(g).succeeded and g.level.monster_at(3, 1).kind == flyer


def test_a_jelly_splits_only_into_a_cell_beside_it_where_its_kind_can_stand():
    g = run_on(level_of("#######\n#.....#\n#######"), pos=(1, 1))
    m = jelly(g, 3, 1)
    put(g, "rat", 2, 1)
    put(g, "rat", 4, 1)
    assert Split(m).perform(g) == fail()  # (5, 1) is two steps off
    g = run_on(level_of("######\n#.:..#\n######"), pos=(4, 1))
    m = jelly(g, 1, 1)
    m.kind = replace(m.kind, moves="fly")
    assert Split(m).perform(g).succeeded and g.level.monster_at(2, 1) is not None


def test_the_risen_have_half_their_hp_rounded_down_and_at_least_one():
    g = run_on(pos=(2, 3))
    m = put(g, "necromancer", 9, 3)
    kinds = sorted(MONSTERS, key=lambda k: monster_stats(k, g.level.tier)[0])
    small = kinds[0]  # the frailest kind: half its HP may round to 1
    odd = next(k for k in kinds if monster_stats(k, g.level.tier)[0] % 2 and k.moves == "walk")
    for k, x in ((small, 5), (odd, 7)):
        g.level.corpses.append((x, 1, k.id))
        assert Raise(m, (x, 1, k.id)).perform(g).succeeded
        full = monster_stats(k, g.level.tier)[0]
        hp = g.level.monster_at(x, 1).hp
        assert hp == max(1, full // RAISE_SHARE) and isinstance(hp, int)


def test_the_raised_dead_come_back_with_a_share_of_their_hp_not_all_of_it():
    g = run_on(pos=(2, 3))
    g.level.tier = MONSTER_BY_ID["orc"].tier + 3  # at or above the orc's tier: its full HP
    m = put(g, "necromancer", 9, 3)
    g.level.corpses.append((6, 3, "orc"))
    assert Raise(m, (6, 3, "orc")).perform(g).succeeded
    risen = g.level.monster_at(6, 3)
    assert risen.max_hp >= 2 * RAISE_SHARE and risen.hp == risen.max_hp // RAISE_SHARE < risen.max_hp
