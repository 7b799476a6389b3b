"""Allies (game/rules/actions/allies.py, the ally and captive minds of
game/rules/behaviours/allies.py): captives on a level, freeing one, allies
fighting beside the player, orders, levels, deaths, and going along."""

from dataclasses import replace

import pytest

from game.rules.world import populate
from game.rules.actions.allies import ALONG, Free, OrderAllies, take_along
from game.rules.actions.melee import Attack
from game.rules.behaviours.allies import CHASE, FOLLOW
from game.rules.play.build import arrive
from game.rules.content import MONSTER_BY_ID, ally_xp_to_next
from game.rules.creatures.entities import Monster
from game.rules.engine import resolve
from game.rules.world.geometry import chebyshev
from game.rules.play.harm import hurt
from creatures import HALL, act, context, level_of, put, run_on, texts
from minds import bite, notices, step_to, think, who


# -- captives on a level -------------------------------------------------------------------------------
def test_a_levels_captives_stage_point_holds_a_shackled_captive():
    level = level_of(HALL, captives=[(9, 3)])
    m = level.monster_at(9, 3)
    assert m is not None and m.captive and not m.ally and m.kind.captive and m.kind.moves == "walk"


def test_some_levels_hold_a_captive_at_a_monster_spawn_point():
    points = [(3 + 2 * k, 2 + k % 3) for k in range(7)]
    found = 0
    for seed in range(60):
        level = level_of(HALL, monsters=points)
        level.seed = seed
        level.monsters.clear()
        populate.populate(level, _stage(points), seed, _size(), (18, 5))
        found += sum(m.captive for m in level.monsters)
    assert 0 < found < 60 * populate.CAPTIVE_CHANCE * 2.5


def _stage(points):
    import numpy as np
    from worldgen.core.registry import Stage
    tiles = level_of().tiles.copy()
    return Stage("final", tiles, points={"start": np.array([[1, 1]]), "exit": np.array([[18, 5]]),
                                         "monsters": np.array(points), "items": np.zeros((0, 2), int)})


def _size():
    from game.rules.content import DUNGEONS
    return DUNGEONS["small"]


def test_a_captive_neither_notices_nor_acts_and_foes_leave_it_be():
    g = run_on(pos=(2, 2))
    captive = put(g, "orc", 9, 3, awake=False, captive=True)
    goblin = put(g, "goblin", 10, 3)
    assert act(g, captive) is None and not captive.awake
    assert context(g).foe(goblin) is g.player


# -- freeing -----------------------------------------------------------------------------------------------
def test_bumping_a_captive_frees_it_and_it_joins_the_player():
    g = run_on(pos=(8, 3))
    captive = put(g, "orc", 9, 3, awake=False, captive=True)
    assert g.move(1, 0) and g.pos == (8, 3)
    assert captive.ally and not captive.captive and captive.awake and captive.order == "follow"
    assert g.freed == 1 and any("joins you" in t for t in texts(g))
    assert not resolve(g, Free(captive))[0].succeeded  # once free, free


def test_walking_into_an_ally_changes_places():
    g = run_on(pos=(8, 3))
    ally = put(g, "orc", 9, 3, ally=True)
    assert g.move(1, 0)
    assert g.pos == (9, 3) and ally.pos == (8, 3)


# -- fighting ----------------------------------------------------------------------------------------------
def test_an_ally_strikes_a_foe_beside_it_through_the_same_blow_rule():
    g = run_on(pos=(2, 2))
    ally = put(g, "orc", 9, 3, ally=True)
    goblin = put(g, "goblin", 10, 3, hp=50)
    for k in range(10):
        act(g, ally, f"t{k}")
        if goblin.hp < 50:
            break
    assert goblin.hp < 50 and any(t.startswith("Your orc hits the goblin") for t in texts(g))


def test_an_ally_goes_after_a_foe_the_player_sees_and_hostiles_fight_it_back():
    g = run_on(pos=(2, 2))
    ally = put(g, "orc", 4, 2, ally=True)
    goblin = put(g, "goblin", 9, 2, hp=60)
    start = chebyshev(ally.pos, goblin.pos)
    act(g, ally)
    assert chebyshev(ally.pos, goblin.pos) < start
    ally.x, ally.y = 8, 2
    assert context(g).foe(goblin) is ally  # the nearer of the player and the player's allies


def test_a_hostile_blow_can_kill_an_ally_and_its_death_is_told():
    g = run_on(pos=(2, 2))
    ally = put(g, "rat", 9, 3, ally=True, hp=1)
    orc = put(g, "orc", 10, 3)
    for k in range(20):
        resolve(g, Attack(orc, ally, g.rng(f"t{k}")))
        if not ally.alive:
            break
    assert ally not in g.level.monsters and "Your giant rat dies." in texts(g)
    assert g.kills == 0  # no kill of the player's


def test_an_allys_kill_teaches_it_and_it_levels_up_and_says_so():
    g = run_on(pos=(2, 2))
    ally = put(g, "orc", 9, 3, ally=True)
    before = (ally.max_hp, ally.attack)
    lines = []
    for k in range(6):
        victim = put(g, "ogre", 10, 3, hp=1)
        lines += [text for text, _ in hurt(g, victim, 5, ally.name, by=ally)]
    assert ally.level >= 2 and ally.max_hp > before[0] and ally.attack > before[1]
    assert "Your orc kills the ogre. (+30 xp)" in lines
    assert any(t.startswith("Your orc reaches level") for t in lines)
    assert g.player.xp > 0 or g.player.level > 1  # the player learns from an ally's kill too


def test_ally_levels_cost_more_each_time():
    assert [ally_xp_to_next(n) for n in (1, 2, 3)] == sorted({ally_xp_to_next(n) for n in (1, 2, 3)})


def test_monsters_killing_each_other_teach_no_one():
    g = run_on(pos=(2, 2))
    archer = put(g, "archer", 12, 3)
    victim = put(g, "rat", 10, 3, hp=1)
    xp = g.player.xp
    hurt(g, victim, 5, archer.name, by=archer)
    assert g.player.xp == xp and g.kills == 0


# -- orders ----------------------------------------------------------------------------------------------
def test_a_following_ally_keeps_close_and_one_told_to_wait_stays():
    g = run_on(pos=(2, 2))
    ally = put(g, "orc", 12, 4, ally=True)
    for k in range(12):
        act(g, ally, f"t{k}")
    assert chebyshev(ally.pos, g.pos) <= FOLLOW
    assert g.order_allies() and ally.order == "wait"  # the order turned around
    g.pos = (17, 5)
    g.level.update_view(*g.pos)
    here = ally.pos
    for k in range(8):
        act(g, ally, f"w{k}")
    assert ally.pos == here
    assert g.order_allies(False) and ally.order == "follow"


def test_ordering_with_no_ally_says_so_and_takes_no_time():
    g = run_on(pos=(2, 2))
    turn = g.turn
    assert not g.order_allies() and g.turn == turn


def test_allies_do_not_stop_a_walk():
    g = run_on(pos=(2, 2))
    g.level.seen[:] = True
    put(g, "orc", 3, 3, ally=True)
    g.travel_to(12, 2)
    steps = 0
    while g.path and steps < 20:
        g.go_on()
        steps += 1
    assert g.pos == (12, 2)


# -- going along ------------------------------------------------------------------------------------------
def test_allies_near_the_player_go_down_the_stairs_with_them_and_the_far_ones_stay():
    level = level_of()
    g = run_on(level, pos=(17, 5))
    down = level.down
    g.pos = down
    near = put(g, "orc", down[0] - 1, down[1], ally=True)
    far = put(g, "goblin", 3, 2, ally=True)
    waiting = put(g, "rat", down[0], down[1] - 1, ally=True, order="wait")
    deeper = level_of()
    g.levels[2] = deeper
    assert g.descend()
    assert g.level is deeper and near in deeper.monsters and chebyshev(near.pos, g.pos) <= 3
    assert far in level.monsters and waiting in level.monsters and near not in level.monsters
    assert ALONG >= 1


def test_allies_wait_outside_with_the_player_and_come_back_down():
    g = run_on(pos=(1, 1))
    ally = put(g, "orc", 2, 2, ally=True)
    assert g.ascend()  # depth 1: out of the site
    assert g.mode == "overworld" and g.companions == [ally]
    body = g.to_json()
    assert body["companions"][0]["kind"] == "orc" and body["companions"][0]["ally"] is True


def test_an_arriving_ally_with_no_room_waits_for_the_next_arrival():
    cramped = level_of("""\
#####
#...#
#####""")
    g = run_on(cramped, pos=(1, 1))
    put(g, "rat", 2, 1)
    put(g, "rat", 3, 1)
    traveller = Monster(0, MONSTER_BY_ID["orc"], hp=10, max_hp=10, attack=3, defence=1, ally=True, awake=True)
    g.companions = [traveller]
    arrive(g, 0, 1, "up")
    assert g.companions == [traveller] and traveller not in cramped.monsters
    cramped.monsters.pop()  # room now
    arrive(g, 0, 1, ("at", (1, 1)))  # loaded from a save: as it was, still waiting
    assert g.companions == [traveller]
    arrive(g, 0, 1, "up")
    assert g.companions == [] and traveller.pos == (3, 1) and traveller in cramped.monsters


# -- the minds of the player's side, their rolls written out (minds.Rolls) -------------------------------------------------

def ally_beside(pos=(5, 3), at=(6, 3), order="follow"):
    g = run_on(pos=pos)
    a = put(g, "orc", *at, ally=True, order=order)
    a.kind = replace(a.kind, sight=8)
    return g, a


def test_a_captive_neither_notices_nor_acts_and_an_ally_is_always_awake():
    g, a = ally_beside()
    c = put(g, "orc", 8, 3, awake=False, captive=True)
    assert notices(g, c, noise=9) == [] and not c.awake and think(g, c) is None
    a.awake = False
    assert notices(g, a) == [] and a.awake
    a.awake = False
    assert think(g, a, 0.9) is None and a.awake


def test_an_ally_strikes_the_nearest_foe_beside_it_first_in_row_order():
    g, a = ally_beside()
    low = put(g, "rat", 7, 4, awake=False)
    high = put(g, "rat", 7, 2, awake=False)
    assert think(g, a) == bite(a, who(high))
    high.hidden = True  # a mimic passing for an item is no foe
    assert think(g, a) == bite(a, who(low))
    low.ally = True
    assert think(g, a, 0.9) is None


def test_a_following_ally_goes_after_an_awake_foe_it_and_the_player_see_within_its_chase():
    g, a = ally_beside()
    foe = put(g, "rat", 6 + CHASE, 3)
    assert think(g, a) == step_to(a, 7, 3)
    foe.x = 7 + CHASE  # beyond its chase
    assert think(g, a, 0.9) is None
    foe.x, foe.awake = 6 + CHASE, False  # asleep: left be
    assert think(g, a, 0.9) is None
    foe.awake = True
    foe.statuses["invisible"] = 5  # the player cannot see it
    assert think(g, a, 0.9) is None
    del foe.statuses["invisible"]
    g.level.visible[3, 6 + CHASE] = False
    assert think(g, a, 0.9) is None
    a.kind = replace(a.kind, sight=CHASE - 1)
    g.level.update_view(*g.pos)
    assert think(g, a, 0.9) is None  # beyond its own sight


def test_an_ally_told_to_wait_strikes_only_what_comes_beside_it():
    g, a = ally_beside(order="wait")
    foe = put(g, "rat", 9, 3)
    assert think(g, a) is None
    foe.x = 7
    assert think(g, a) == bite(a, who(foe))


def test_an_afraid_ally_runs_from_its_foe():
    g, a = ally_beside(pos=(2, 3), at=(6, 3))
    put(g, "rat", 7, 3)
    a.statuses["afraid"] = 5
    assert think(g, a) == step_to(a, 5, 3)


def test_a_following_ally_keeps_close_to_the_player_and_idles_about_now_and_then():
    g, a = ally_beside(pos=(2, 3), at=(2 + FOLLOW + 1, 3))
    assert think(g, a) == step_to(a, 2 + FOLLOW, 3)
    a.x = 2 + FOLLOW  # close enough, at the edge: it stays
    assert think(g, a, 0.1) is None
    a.x = 2 + FOLLOW - 1
    assert think(g, a, 0.1999, ints=[1]) == step_to(a, a.x, 4)
    assert think(g, a, 0.2) is None


def test_a_following_ally_chases_a_foe_only_as_far_as_the_player_stays_near():
    g, a = ally_beside(pos=(2, 3), at=(8, 3))
    a.kind = replace(a.kind, sight=20)
    foe = put(g, "rat", 2 + CHASE + FOLLOW, 3)
    assert think(g, a) == step_to(a, 9, 3)
    foe.x = 3 + CHASE + FOLLOW  # too far from the player: it comes back
    a.x = 9
    assert foe.x - a.x <= CHASE
    assert think(g, a) == step_to(a, 8, 3)


def test_a_flying_ally_follows_and_chases_over_a_chasm():
    g = run_on(level_of("##########\n#...:....#\n##########"), pos=(2, 1))
    a = put(g, "bat", 7, 1, ally=True)
    a.kind = replace(a.kind, sight=8)
    assert think(g, a) == step_to(a, 6, 1)
    a.x = 5
    foe = put(g, "rat", 3, 1)
    assert think(g, a) == step_to(a, 4, 1) and foe.pos == (3, 1)


def test_an_ally_goes_for_the_nearest_foe_whatever_the_order_they_came():
    g, a = ally_beside(pos=(2, 3), at=(8, 3))
    far = put(g, "rat", 12, 3)
    near = put(g, "rat", 10, 3)
    assert think(g, a) == step_to(a, 9, 3) and near.pos == (10, 3) and far.pos == (12, 3)
    near.x, far.x = 11, 10
    assert think(g, a) == step_to(a, 9, 3)


# -- the allies' actions (game/rules/actions/allies.py), each result whole --------------------------------------------------


def test_freeing_a_captive_wakes_it_counts_it_marks_the_run_to_be_saved_and_sounds():
    g = run_on(pos=(2, 2))
    c = put(g, "orc", 3, 2, awake=False, captive=True, order="wait")
    g.freed, g.dirty = 2, False
    r = Free(c).perform(g)
    assert r.succeeded and r.messages == ((f"You break the shackles of the {c.kind.name}. It joins you!", "good"),)
    assert (c.captive, c.ally, c.awake, c.order) == (False, True, True, "follow")
    assert g.freed == 3 and g.dirty is True and g.events[-1] == "pickup"
    assert not Free(c).perform(g).succeeded  # freed already


@pytest.mark.parametrize("order, said", [("wait", "wait here"), ("follow", "follow me")])
def test_an_order_to_one_ally_names_it_to_several_calls_them_all_and_takes_no_time(order, said):
    g = run_on(pos=(2, 2))
    one = put(g, "orc", 3, 2, ally=True, order="wait" if order == "follow" else "follow")
    g.dirty = False
    r = OrderAllies(order).perform(g)
    assert r.succeeded and r.turns == 0 and r.messages == ((f"You call to your {one.kind.name}: {said}!", "note"),)
    assert one.order == order and g.dirty is True
    two = put(g, "rat", 4, 2, ally=True)
    r = OrderAllies(order).perform(g)
    assert r.messages == ((f"You call to your allies: {said}!", "note"),) and two.order == order


def test_an_order_with_no_ally_here_or_no_such_order_fails_and_says_why():
    g = run_on(pos=(2, 2))
    assert OrderAllies("wait").perform(g) == fail_with("You have no allies here.")
    put(g, "orc", 3, 2, ally=True)
    assert OrderAllies("dance").perform(g).messages == () and not OrderAllies("dance").perform(g).succeeded


def fail_with(text):
    from game.rules.actions.base import fail
    from game.rules.text.log import note
    return fail(note(text))


def test_allies_following_within_two_steps_come_along_unparalysed_and_the_log_says_who():
    g = run_on(pos=(5, 3))
    near = put(g, "orc", 5 + ALONG, 3, ally=True, statuses={"paralysed": 3, "hasted": 2})
    put(g, "orc", 6 + ALONG, 3, ally=True)  # too far
    put(g, "orc", 4, 3, ally=True, order="wait")  # told to wait
    put(g, "rat", 5, 2)  # a foe
    left = [("Your orc stays behind (told to wait).", "bad"),
            (f"Your orc stays behind (too far: allies within {ALONG} steps follow you).", "bad")]
    assert take_along(g) == [(f"Your {near.kind.name} comes with you.", "note")] + left
    assert g.companions == [near] and near.statuses == {"hasted": 2} and near not in g.level.monsters
    assert take_along(g) == left  # those left behind are named every time the player leaves
    for x in (4, 6):
        put(g, "rat", x, 4, ally=True)
    assert take_along(g) == [("2 allies come with you.", "note")] + left and len(g.companions) == 3


def test_allies_left_behind_are_counted_by_reason_and_a_lone_player_hears_nothing():
    g = run_on(pos=(5, 3))
    assert take_along(g) == []
    for x in (1, 2):
        put(g, "orc", x, 1, ally=True, order="wait")
    put(g, "rat", 5, 1)  # a foe is nobody's ally: not named
    assert take_along(g) == [("2 allies stay behind (told to wait).", "bad")]


# -- walks and captives -------------------------------------------------------------------------------
_CORRIDOR = """\
##########
#........#
#.######.#
#.######.#
#........#
##########"""

_DEAD_END = """\
########
#......#
########"""


def test_auto_explore_goes_round_a_shackled_captive_when_another_way_leads_on():
    from game.rules.actions.travel import plan_path
    g = run_on(level_of(_CORRIDOR, captives=[(4, 1)]), pos=(2, 1))
    g.level.seen[:] = True
    path = plan_path(g, 6, 1)
    assert path is not None and (4, 1) not in path and path[-1] == (6, 1)  # the long way, round the ring
    assert len(path) > 4


def test_auto_explore_stops_once_when_a_captive_blocks_the_only_way_on():
    """A captive in a dead end's mouth: the unexplored cells behind it are
    not a target (no walk reaches them), so auto-explore ends instead of
    stopping at the captive again at every press."""
    g = run_on(level_of(_DEAD_END, captives=[(3, 1)]), pos=(1, 1))
    g.level.seen[:, :4] = True
    g.level.seen[:, 4:] = False
    assert not g.explore()
    assert g.log[-1].text == "You have explored everything you can reach here."
    assert g.level.monster_at(3, 1).captive  # left shackled: freeing it is a bump, the player's choice


def test_a_walk_to_a_captive_ends_beside_it_without_freeing_it():
    g = run_on(level_of(HALL, captives=[(9, 3)]), pos=(2, 3))
    assert g.travel_to(9, 3)
    for _ in range(20):
        if not g.go_on():
            break
    assert g.pos == (8, 3) and g.level.monster_at(9, 3).captive


def test_a_step_into_an_ally_changes_places_with_it():
    g = run_on(pos=(4, 2))
    ally = put(g, "orc", 5, 2, ally=True)
    assert g.move(1, 0)
    assert g.pos == (5, 2) and (ally.x, ally.y) == (4, 2) and ally.alive


def test_a_walk_changes_places_with_an_ally_in_its_way_instead_of_stopping():
    """A follower stands close behind or ahead: the walk goes on through it,
    as a step into it does by hand (before, auto-explore stopped at it at every press)."""
    g = run_on(pos=(2, 3))
    ally = put(g, "orc", 3, 3, ally=True, order="wait")
    assert g.travel_to(8, 3)
    for _ in range(20):
        if not g.go_on():
            break
    assert g.pos == (8, 3) and (ally.x, ally.y) == (2, 3)
    assert not any("in the way" in t for t in texts(g))
