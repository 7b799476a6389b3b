"""Blows (game/rules/actions/melee.py), each rule with its roll written out:
the player's blow, a monster's blow landing or missing, the status it
carries, the harm and its killer's name, and what a kind's blow does beyond
damage (a theft, a drink)."""

from dataclasses import replace

import numpy as np
import pytest

from game.rules.actions.melee import (BLOWS, KNOCKBACK, LEADER_BONUS, LUCK, ON_HIT_CHANCE, ON_HIT_TURNS, SLAM, Attack,
                                      Drain, Knockback, Shoot, Steal, blow_roll, strike)
from game.rules.creatures.combat import attack_roll
from game.rules.content import ITEM_BY_ID
from game.rules.play.harm import name_of
from game.rules.creatures.identify import item_name
from game.rules.text.log import bad, note

from creatures import level_of, put, run_on


def carries(g, m) -> bool:
    """Whether ``m``'s blow landing this turn carries its status: the roll of its own stream."""
    return g.rng("on_hit", m.index).random() < ON_HIT_CHANCE


def turn_where(g, m, want: bool) -> None:
    """Let the turn counter run to the first turn whose on-hit roll for ``m`` is ``want``."""
    for _ in range(200):
        if carries(g, m) == want:
            return
        g.turn += 1
    raise AssertionError("no such turn in 200")


def blow_turn(g, m, lands: bool) -> int:
    """Set the turn counter to the first turn whose roll of the player's blow at
    ``m`` lands (``lands``) or misses; returns what the landing blow deals (0 for a miss)."""
    for turn in range(60):
        g.turn = turn
        dmg = attack_roll(g.rng("player"), g.player.attack, m.defence)
        if bool(dmg) == lands:
            return dmg
    raise AssertionError("no such turn in 60")


@pytest.mark.parametrize("victim", ["player", "ally", "monster"])
def test_a_blow_that_misses_says_so_loudly_to_the_players_side_quietly_to_others(victim):
    g = run_on(pos=(5, 3))
    m = put(g, "rat", 6, 3)
    target = g.player if victim == "player" else put(g, "rat", 7, 3, ally=victim == "ally")
    say = note if victim == "monster" else bad
    r = strike(g, m, target, 0, "hits")
    assert r.messages == (say(f"{name_of(m, True)} misses {name_of(target)}."),) and r.then == ()


@pytest.mark.parametrize("on_hit", ["poisoned", "confused"])
def test_a_landed_blow_carries_its_kinds_status_when_its_roll_says_for_its_turns(on_hit):
    g = run_on(pos=(5, 3))
    m = put(g, "rat", 6, 3)
    m.kind = replace(m.kind, on_hit=on_hit)
    turns = ON_HIT_TURNS.get(on_hit, 4)
    turn_where(g, m, True)
    hp = g.player.hp
    r = strike(g, m, g.player, 2, "bites")
    assert r.messages == (bad(f"{name_of(m, True)} bites you for 2."), bad(f"You are {on_hit}!"))
    assert g.player.statuses[on_hit] == turns and g.player.hp == hp - 2
    other = put(g, "rat", 7, 3, hp=9)
    r = strike(g, m, other, 3, "hits")
    assert r.messages == (note(f"{name_of(m, True)} hits {name_of(other)} for 3."),
                          note(f"{name_of(other, True)} is {on_hit}."))
    assert other.statuses[on_hit] == turns and other.hp == 6
    turn_where(g, m, False)
    g.player.statuses.clear()
    r = strike(g, m, g.player, 1, "bites")
    assert r.messages == (bad(f"{name_of(m, True)} bites you for 1."),) and not g.player.statuses


def test_a_blow_that_kills_the_player_names_its_kind_or_a_guardian_itself():
    for boss in (False, True):
        g = run_on(pos=(5, 3))
        m = put(g, "orc", 6, 3, boss=boss)
        g.player.hp = 1
        lines = strike(g, m, g.player, 3, "hits").messages
        assert lines[-1] == bad(f"You are killed by {m.name}.")
        assert g.killer == (m.name if boss else m.kind.name)


def test_a_monster_killed_by_a_blow_gives_its_killer_the_kill():
    g = run_on(pos=(2, 3))
    a = put(g, "orc", 6, 3, ally=True)
    foe = put(g, "rat", 7, 3, hp=2)
    xp = a.xp
    strike(g, a, foe, 5, "hits")
    assert not foe.alive and a.xp > xp


def test_a_kinds_blow_power_follows_a_landed_blow_while_both_live():
    g = run_on(pos=(5, 3))
    m = put(g, "rat", 6, 3)
    m.kind = replace(m.kind, blow="drain", on_hit="")
    (then,) = strike(g, m, g.player, 2, "bites").then
    assert isinstance(then, Drain) and (then.drinker, then.victim, then.amount) == (m, g.player, 2)
    g.player.hp = 1
    assert strike(g, m, g.player, 2, "bites").then == ()
    m.kind = replace(m.kind, blow="steal")
    (then,) = strike(g, m, put(g, "rat", 7, 3, hp=9), 2, "bites").then
    assert isinstance(then, Steal) and then.thief is m
    assert strike(g, m, g.player, 0, "bites").then == ()


def test_the_players_blow_rolls_in_its_own_stream_wakes_its_target_and_says_what_it_did():
    g = run_on(pos=(5, 3))
    m = put(g, "ogre", 6, 3, awake=False)
    for turn in range(40):
        g.turn = turn
        m.hp = m.max_hp = 999
        m.awake = False
        dmg = attack_roll(g.rng("player"), g.player.attack, m.defence)
        g.events.clear()
        r = Attack(g.player, m).perform(g)
        assert m.awake and r.succeeded
        if dmg:
            assert r.messages[0] == note(f"You hit {m.name} for {dmg}.") and m.hp == 999 - dmg
            assert g.events[-1] == "hit"
        else:
            assert r.messages == (note(f"You miss {m.name}."),) and g.events[-1] == "miss" and m.hp == 999


def test_the_players_blow_kills_at_exactly_the_monsters_hp_and_shows_a_mimic():
    g = run_on(pos=(5, 3))
    m = put(g, "mimic", 6, 3, hidden=True)
    m.hp = blow_turn(g, m, lands=True)
    r = Attack(g.player, m).perform(g)
    assert r.messages[0] == bad(f"It is a {m.kind.name}!") and not m.hidden
    assert not m.alive and m not in g.level.monsters and m.hp == 0


def test_a_monsters_blow_at_a_dead_or_by_the_dead_does_nothing_and_one_at_a_monster_wakes_it():
    g = run_on(pos=(5, 3))
    m = put(g, "rat", 6, 3)
    other = put(g, "rat", 7, 3, awake=False, hp=50)
    Attack(m, other, g.rng("x")).perform(g)
    assert other.awake
    m.hp = 0
    hp = g.player.hp
    assert Attack(m, g.player, g.rng("x")).perform(g).messages == () and g.player.hp == hp
    m.hp, other.hp = 3, 0
    other.awake = False
    assert Attack(m, other, g.rng("x")).perform(g).messages == () and not other.awake


def test_an_allys_blow_is_stronger_for_a_leader_and_a_lucky_player_is_missed_one_time_in_six():
    g = run_on(pos=(5, 3))
    a = put(g, "orc", 6, 3, ally=True)
    foe = put(g, "rat", 7, 3)
    m = put(g, "orc", 4, 3)
    for seed in range(20):
        assert blow_roll(g, a, foe, a.attack, np.random.default_rng(seed)) == \
            attack_roll(np.random.default_rng(seed), a.attack, foe.defence)
    g.player.perks += ["leader", "lucky"]
    outcomes = set()
    for seed in range(300):
        assert blow_roll(g, a, foe, a.attack, np.random.default_rng(seed)) == \
            attack_roll(np.random.default_rng(seed), a.attack + LEADER_BONUS, foe.defence)
        assert blow_roll(g, m, foe, m.attack, np.random.default_rng(seed)) == \
            attack_roll(np.random.default_rng(seed), m.attack, foe.defence)  # only an ally's blow
        twin = np.random.default_rng(seed)
        dmg = attack_roll(twin, m.attack, g.player.defence)
        lucky = bool(dmg) and twin.random() < LUCK
        assert blow_roll(g, m, g.player, m.attack, np.random.default_rng(seed)) == (0 if lucky else dmg)
        outcomes.add((bool(dmg), lucky))
    assert outcomes == {(False, False), (True, False), (True, True)}


def thief(g, x=6, y=3):
    return put(g, "cutpurse", x, y)


def test_a_thief_snatches_a_whole_row_of_something_dear_by_its_own_roll_and_runs():
    dear = [i for i in ITEM_BY_ID if ITEM_BY_ID[i].kind in ("potion", "scroll", "wand")]
    plain = [i for i in ITEM_BY_ID if ITEM_BY_ID[i].kind not in ("potion", "scroll", "wand", "key")][:2]
    pack = [plain[0], dear[0], dear[1], dear[0], plain[1], dear[2]]
    rows = list(dict.fromkeys(d for d in pack if d in dear))
    taken = set()
    for turn in range(20):
        g = run_on(pos=(5, 3))
        g.turn = turn
        t = thief(g)
        g.player.inventory = list(pack)
        choice = rows[int(g.rng("steal", t.index).integers(0, len(rows)))]
        g.dirty = False
        r = Steal(t, g.player).perform(g)
        count = pack.count(choice)
        assert t.stolen == (choice, count) and t.fleeing and g.dirty is True
        assert g.player.inventory == [i for i in pack if i != choice]
        assert r.messages == (bad(f"{name_of(t, True)} snatches {item_name(g, ITEM_BY_ID[choice], count)} "
                                  "from your pack and runs!"),)
        taken.add(choice)
    assert taken == set(rows)


@pytest.mark.parametrize("kind", ["potion", "scroll", "wand"])
def test_each_dear_kind_is_taken_before_anything_plain(kind):
    g = run_on(pos=(5, 3))
    t = thief(g)
    dear = next(i for i in ITEM_BY_ID if ITEM_BY_ID[i].kind == kind)
    plain = [i for i in ITEM_BY_ID if ITEM_BY_ID[i].kind not in ("potion", "scroll", "wand", "key")][:3]
    g.player.inventory = [*plain, dear]
    Steal(t, g.player).perform(g)
    assert t.stolen == (dear, 1)


def test_a_thief_of_a_plain_pack_takes_any_row_and_at_most_99():
    plain = [i for i in ITEM_BY_ID if ITEM_BY_ID[i].kind not in ("potion", "scroll", "wand", "key")][:2]
    taken = set()
    for turn in range(20):
        g = run_on(pos=(5, 3))
        g.turn = turn
        t = thief(g)
        g.player.inventory = [plain[0]] * 120 + [plain[1]]
        choice = plain[int(g.rng("steal", t.index).integers(0, 2))]
        Steal(t, g.player).perform(g)
        assert t.stolen == (choice, 99 if choice == plain[0] else 1)
        taken.add(choice)
    assert taken == set(plain)


def test_a_thief_steals_only_from_the_player_only_once_and_only_what_there_is():
    g = run_on(pos=(5, 3))
    t = thief(g)
    g.player.inventory = []
    assert Steal(t, g.player).perform(g).messages == () and t.stolen is None
    g.player.inventory = ["potion"]
    assert Steal(t, put(g, "rat", 7, 3)).perform(g).messages == () and t.stolen is None
    t.stolen = ("scroll_map", 1)
    assert Steal(t, g.player).perform(g).messages == () and g.player.inventory == ["potion"]


def test_a_drinker_heals_by_what_it_drew_up_to_its_maximum_and_flits_off():
    g = run_on(pos=(5, 3))
    m = put(g, "vampire_bat", 6, 3)
    m.max_hp, m.hp = 10, 4
    r = Drain(m, g.player, 3).perform(g)
    assert (m.hp, m.fleeing) == (7, True) and r.messages == (note(f"{name_of(m, True)} drinks deep (+3 HP)."),)
    r = Drain(m, g.player, 5).perform(g)
    assert m.hp == 10 and r.messages == (note(f"{name_of(m, True)} drinks deep (+3 HP)."),)
    m.fleeing = False
    assert Drain(m, g.player, 5).perform(g).messages == () and m.fleeing and m.hp == 10


def test_every_blow_power_is_made_for_its_attacker_victim_and_damage():
    g = run_on(pos=(5, 3))
    m, v = put(g, "rat", 6, 3), put(g, "rat", 7, 3)
    assert isinstance(BLOWS["steal"](m, v, 3), Steal) and BLOWS["steal"](m, v, 3).victim is v
    d = BLOWS["drain"](m, v, 3)
    assert (d.drinker, d.victim, d.amount) == (m, v, 3)
    k = BLOWS["knockback"](m, v, 3)
    assert (k.attacker, k.victim) == (m, v)


# -- shots ------------------------------------------------------------------------------------------------------------------


def shooter(g, x, y, on_hit="", shot_range=5):
    m = put(g, "archer", x, y)
    m.kind = replace(m.kind, on_hit=on_hit, shot_range=shot_range)
    return m


@pytest.mark.parametrize("on_hit, verb", [("", "shoots"), ("burning", "burns"), ("paralysed", "webs"),
                                          ("slowed", "shoots")])
def test_a_shot_strikes_the_player_with_the_kinds_shot_and_is_worded_by_what_it_carries(on_hit, verb):
    g = run_on(pos=(2, 3))
    m = shooter(g, 6, 3, on_hit)
    seen = set()
    for seed in range(30):
        g.player.hp, g.player.statuses = g.player.max_hp, {}
        g.events.clear()
        dmg = attack_roll(np.random.default_rng(seed), m.kind.shot, g.player.defence)
        r = Shoot(m, g.player, np.random.default_rng(seed)).perform(g)
        first = f"{name_of(m, True)} {verb} you for {dmg}." if dmg else f"{name_of(m, True)} misses you."
        assert r.messages[0] == bad(first) and g.player.hp == g.player.max_hp - dmg and g.events[0] == "shoot_at_you"
        seen.add(bool(dmg))
    assert seen == {True, False}


def test_a_shot_hits_the_first_creature_in_its_way_and_stops_at_a_wall_or_its_range():
    g = run_on(pos=(2, 3))
    m = shooter(g, 7, 3)
    rat = put(g, "rat", 4, 3, hp=99)
    r = Shoot(m, g.player, np.random.default_rng(1)).perform(g)
    assert name_of(rat) in r.messages[0][0] and r.messages[0][1] == "note"
    rat.y = 1
    g.level.transparent[3, 4] = False
    g.events.clear()
    assert Shoot(m, g.player, np.random.default_rng(1)).perform(g).messages == () and g.events == ["shoot_at_you"]  # aimed at the player: the sound warns them
    g.level.transparent[3, 4] = True
    m.kind = replace(m.kind, shot_range=4)
    assert Shoot(m, g.player, np.random.default_rng(1)).perform(g).messages == ()
    ally = put(g, "rat", 9, 3, ally=True, hp=99)
    m.kind = replace(m.kind, shot_range=5)
    r = Shoot(m, ally, np.random.default_rng(1)).perform(g)
    assert name_of(ally) in r.messages[0][0] and r.messages[0][1] == "bad"


# -- a colossus's blow ---------------------------------------------------------------------------------------------------
def hurled(text, pos, attacker_at, victim_at=None, **fields):
    g = run_on(level_of(text), pos=pos)
    a = put(g, "colossus", *attacker_at)
    v = put(g, "rat", *victim_at, hp=50, **fields) if victim_at else g.player
    return g, a, v


OPEN = "#########\n#.......#\n#.......#\n#.......#\n#########"


def test_a_blow_hurls_the_player_straight_back_up_to_its_reach():
    g, a, p = hurled(OPEN, (3, 2), (2, 2))
    hp = g.player.hp
    r = Knockback(a, p).perform(g)
    assert g.pos == (3 + KNOCKBACK, 2) and g.player.hp == hp and g.level.visible[2, 3 + KNOCKBACK]
    assert r.messages == (bad(f"{name_of(a, True)}'s blow hurls you back!"),)


def test_a_player_hurled_into_a_wall_slams_into_it_whether_after_a_step_or_at_once():
    g, a, p = hurled(OPEN, (6, 2), (5, 2))
    hp = g.player.hp
    r = Knockback(a, p).perform(g)
    assert g.pos == (7, 2) and g.player.hp == hp - SLAM
    assert r.messages == (bad(f"{name_of(a, True)}'s blow hurls you back!"), bad("You slam into the wall."))
    r = Knockback(a, p).perform(g)
    assert g.pos == (7, 2) and r.messages == (bad("You slam into the wall."),) and g.player.hp == hp - 2 * SLAM
    g.player.hp = 1
    Knockback(a, p).perform(g)
    assert not g.player.alive and g.killer == a.kind.name


def test_a_monster_is_hurled_diagonally_and_stopped_by_a_creature_or_the_player_without_a_slam():
    g, a, v = hurled(OPEN, (1, 1), (2, 3), (3, 2))
    r = Knockback(a, v).perform(g)
    assert v.pos == (4, 1) and v.hp == 50 - SLAM  # one step up and right, then the top wall
    assert r.messages == (bad(f"{name_of(a, True)}'s blow hurls {name_of(v)} back!"),
                          bad(f"{name_of(v, True)} slams into the wall."))
    g, a, v = hurled(OPEN, (1, 1), (2, 2), (3, 2))
    put(g, "rat", 5, 2)
    r = Knockback(a, v).perform(g)
    assert v.pos == (4, 2) and v.hp == 50 and r.messages == (bad(f"{name_of(a, True)}'s blow hurls {name_of(v)} back!"),)
    g, a, v = hurled(OPEN, (5, 2), (2, 2), (3, 2))
    assert Knockback(a, v).perform(g).messages == (bad(f"{name_of(a, True)}'s blow hurls {name_of(v)} back!"),)
    assert v.pos == (4, 2)  # the player stops the flight


def test_a_levitating_player_is_hurled_over_a_chasm_and_a_walker_is_not():
    chasm = "#########\n#...::..#\n#########"
    g, a, p = hurled(chasm, (3, 1), (2, 1))
    Knockback(a, p).perform(g)
    assert g.pos == (3, 1)
    g, a, p = hurled(chasm, (3, 1), (2, 1))
    g.player.statuses["levitating"] = 5
    Knockback(a, p).perform(g)
    assert g.pos == (5, 1)
    g, a, bat = hurled(chasm, (1, 1), (2, 1), (3, 1))
    bat.kind = replace(bat.kind, moves="fly")
    Knockback(a, bat).perform(g)
    assert bat.pos == (5, 1)


def test_a_blow_hurls_straight_along_each_axis_and_a_slam_that_kills_is_the_walls_doing():
    g, a, p = hurled(OPEN, (3, 1), (3, 2))  # from below: straight up into the wall
    r = Knockback(a, p).perform(g)
    assert g.pos == (3, 1) and r.messages == (bad("You slam into the wall."),)
    g, a, p = hurled(OPEN, (4, 2), (5, 2))  # from the east: west
    Knockback(a, p).perform(g)
    assert g.pos == (4 - KNOCKBACK, 2)
    g.player.hp = 1
    g.pos = (1, 2)
    g.level.update_view(*g.pos)
    a.x = 2
    lines = Knockback(a, p).perform(g).messages
    assert lines[-1] == bad("You are killed by a wall.") and g.killer == a.kind.name
    g, a, v = hurled(OPEN, (7, 3), (2, 2), (1, 2))
    v.hp = 1
    xp = g.player.xp
    Knockback(a, v).perform(g)
    assert not v.alive and g.player.xp == xp  # the colossus's kill, not the player's


def test_a_blow_that_misses_a_monster_still_wakes_it():
    g = run_on(pos=(2, 3))
    m = put(g, "rat", 6, 3)
    other = put(g, "rat", 7, 3, awake=False, hp=50)
    seed = next(s for s in range(200) if attack_roll(np.random.default_rng(s), m.attack, other.defence) == 0)
    Attack(m, other, np.random.default_rng(seed)).perform(g)
    assert other.awake and other.hp == 50


def test_an_allys_shot_at_a_foe_rolls_as_an_allys_blow():
    g = run_on(pos=(2, 3))
    a = shooter(g, 6, 3)
    a.ally = True
    foe = put(g, "rat", 9, 3, hp=99)
    g.player.perks.append("leader")
    dmg = attack_roll(np.random.default_rng(2), a.kind.shot + LEADER_BONUS, foe.defence)
    Shoot(a, foe, np.random.default_rng(2)).perform(g)
    assert foe.hp == 99 - dmg


def test_the_players_blow_that_misses_a_mimic_still_shows_it_and_one_that_kills_says_no_hit():
    g = run_on(pos=(5, 3))
    m = put(g, "mimic", 6, 3, hidden=True)
    blow_turn(g, m, lands=False)
    r = Attack(g.player, m).perform(g)
    assert r.messages == (bad(f"It is a {m.kind.name}!"), note(f"You miss {m.name}."))
    m.hp = blow_turn(g, m, lands=True)
    assert not any(text.startswith("You hit") for text, _ in Attack(g.player, m).perform(g).messages)


def test_a_blow_from_straight_below_hurls_straight_up():
    g, a, p = hurled(OPEN, (3, 2), (3, 3))
    Knockback(a, p).perform(g)
    assert g.pos == (3, 1)
    g, a, p = hurled(OPEN, (3, 2), (3, 1))
    Knockback(a, p).perform(g)
    assert g.pos == (3, 3)
