"""At a distance (game/rules/actions/ranged.py): how far a throw, a shot or
an aimed item reaches, what the aim screen shows, a throw and a shot with
their rolls written out, where the missile lands, a spear's reach, and
taking up a launcher."""

import pytest

from game.rules.text import words
from game.rules.actions.base import Result
from game.rules.actions.effects import Deliver, Identify
from game.rules.actions.items import Equip, Swap
from game.rules.actions.melee import Attack
from game.rules.actions.ranged import (RECOVER, SKILL_BONUS, THROWER_REACH, Fire, ReadyLauncher, Throw, aim_label,
                                       aim_preview, aim_range, can_fire, targets, throw_range)
from game.rules.creatures.combat import attack_roll
from game.rules.content import ITEM_BY_ID, ITEMS, THROW_RANGE
from game.rules.creatures.identify import item_name
from game.rules.text.log import note

from creatures import level_of, put, run_on

LAUNCHERS = [i for i in ITEMS if i.kind == "weapon" and i.ammo]
BLADE = next(i for i in ITEMS if i.kind == "weapon" and not i.ammo and i.reach == 1)
SPEAR = next(i for i in ITEMS if i.kind == "weapon" and not i.ammo and i.reach > 1)
SPLASH = next(i for i in ITEMS if i.kind == "potion")


def test_a_throw_reaches_its_range_and_a_thrower_farther():
    g = run_on()
    assert throw_range(g) == THROW_RANGE
    g.player.perks.append("thrower")
    assert throw_range(g) == THROW_RANGE + THROWER_REACH


def test_the_targets_are_the_foes_in_view_within_reach_nearest_first_then_row_then_column():
    g = run_on(pos=(5, 3))
    far = put(g, "rat", 9, 3)
    low = put(g, "rat", 7, 4)
    high = put(g, "rat", 7, 2)
    put(g, "rat", 4, 3, ally=True)
    put(g, "rat", 6, 3, hidden=True)
    assert targets(g, 4) == [high.pos, low.pos, far.pos]
    assert targets(g, 3) == [high.pos, low.pos] and targets(g, 2) == [high.pos, low.pos] and targets(g, 1) == []


def test_how_far_each_way_of_hitting_reaches():
    g = run_on()
    p = g.player
    assert aim_range(g, "fire") == 1
    p.weapon = LAUNCHERS[0].id
    assert aim_range(g, "fire") == LAUNCHERS[0].range
    p.weapon = SPEAR.id
    assert aim_range(g, "fire") == SPEAR.reach
    assert aim_range(g, "throw") == THROW_RANGE
    p.inventory = ["wand_fire", "scroll_fire", "scroll_map"]
    assert [aim_range(g, "use", k) for k in range(3)] == [
        ITEM_BY_ID["wand_fire"].range, ITEM_BY_ID["scroll_fire"].range or ITEM_BY_ID["scroll_fire"].power,
        ITEM_BY_ID["scroll_map"].range or ITEM_BY_ID["scroll_map"].power or THROW_RANGE]


def test_the_aim_is_labelled_by_what_it_does():
    g = run_on()
    p = g.player
    assert aim_label(g, "fire") == "Strike"
    p.weapon = LAUNCHERS[0].id
    assert aim_label(g, "fire") == f"Fire your {LAUNCHERS[0].name}"
    p.weapon = SPEAR.id
    assert aim_label(g, "fire") == "Strike"
    p.inventory = ["potion", "wand_fire"]
    assert aim_label(g, "throw", 0) == f"Throw {item_name(g, ITEM_BY_ID['potion'], article='the')}"
    assert aim_label(g, "use", 1) == f"Aim {item_name(g, ITEM_BY_ID['wand_fire'], article='the')}"


def test_the_aim_preview_shows_the_cells_crossed_the_one_hit_and_the_rest_of_the_line():
    g = run_on(pos=(2, 3))
    rat = put(g, "rat", 5, 3)
    cells, hit, past = aim_preview(g, (8, 3), 9)
    assert cells == [(3, 3), (4, 3), (5, 3)] and hit == rat.pos and past == [(6, 3), (7, 3), (8, 3)]
    cells, hit, past = aim_preview(g, (8, 3), 2)
    assert cells == [(3, 3), (4, 3)] and hit is None


def throwing(item_id, pos=(2, 3)):
    g = run_on(pos=pos)
    g.player.inventory = ["potion_smoke" if item_id != "potion_smoke" else "potion", item_id]
    return g


def test_a_thrown_weapon_strikes_the_first_creature_hard_by_its_roll_and_lands_there():
    g = throwing(BLADE.id)
    g.player.level = 7  # a third of the level adds to a throw
    rat = put(g, "rat", 5, 3, hp=99)
    for turn in range(20):
        g.turn = turn
        g.player.inventory = ["potion", BLADE.id]
        g.level.items.clear()
        rat.hp = 99
        power = BLADE.power // 2 + 1 + g.player.level // 3
        dmg = attack_roll(g.rng("throw"), power, rat.defence)
        g.events.clear()
        g.dirty = False
        r = Throw(1, (9, 3)).perform(g)
        assert r.messages == (note(f"You throw {item_name(g, BLADE, article='the')}."),
                              note(f"It hits {rat.name} for {dmg}." if dmg else f"It misses {rat.name}."))
        assert rat.hp == 99 - dmg and g.player.inventory == ["potion"] and g.events[0] == "throw" and g.dirty
        assert [(it.kind.id, it.x, it.y) for it in g.level.items] == [(BLADE.id, 5, 3)] and g.noise >= 4


def test_anything_else_thrown_strikes_softly_and_a_thrower_harder():
    g = throwing("stone")
    g.player.level = 7
    rat = put(g, "rat", 5, 3, hp=99)
    for turn in range(12):
        g.turn = turn
        for perks, power in (([], 1), (["thrower"], 1 + SKILL_BONUS)):
            g.player.perks = perks
            g.player.inventory = ["potion", "stone"]
            dmg = attack_roll(g.rng("throw"), power + g.player.level // 3, rat.defence)
            rat.hp = 99
            Throw(1, (9, 3)).perform(g)
            assert rat.hp == 99 - dmg


def test_a_throw_at_nothing_lands_on_the_cell_aimed_at_or_its_range_and_over_water_is_lost():
    g = throwing("stone")
    r = Throw(1, (6, 3)).perform(g)
    assert len(r.messages) == 1 and [(it.x, it.y) for it in g.level.items] == [(6, 3)]  # where it was aimed
    g.level.items.clear()
    g.player.inventory = ["potion", "stone"]
    Throw(1, (17, 3)).perform(g)  # beyond its range: it falls at the range
    assert [(it.x, it.y) for it in g.level.items] == [(2 + throw_range(g), 3)]
    g = run_on(level_of("#########\n#...~~~~#\n#.......#\n#########"), pos=(1, 1))
    g.player.inventory = ["stone"]
    Throw(0, (6, 1)).perform(g)
    assert [(it.x, it.y) for it in g.level.items] == [(3, 1)]
    g.player.inventory = ["stone"]
    g.level.items.clear()
    g.pos = (3, 1)
    Throw(0, (6, 1)).perform(g)
    assert g.level.items == [] and g.player.inventory == []


def test_a_thrown_potion_shatters_and_bursts_its_effect_where_it_breaks():
    g = throwing(SPLASH.id)
    rat = put(g, "rat", 5, 3)
    r = Throw(1, (9, 3)).perform(g)
    the = item_name(g, SPLASH, article="the")
    assert r.messages == (note(f"You throw {the}."), note(f"{words.capital(the)} shatters!"))
    ident, burst = r.then
    assert isinstance(ident, Identify) and ident.item_id == SPLASH.id and isinstance(burst, Deliver)
    assert (burst.effect, burst.aim, burst.power, burst.user, burst.cell) == (SPLASH.effect, "burst", SPLASH.power,
                                                                           g.player, rat.pos)
    assert g.events[-1] == "shatter" and g.level.items == []
    g = throwing(SPLASH.id)
    assert Throw(1, (4, 3)).perform(g).then[1].cell == (4, 3)  # nothing hit: where it was aimed


def test_a_throw_fails_with_no_level_swimming_or_no_room_and_keeps_the_item():
    g = run_on(level_of("#####\n#.~.#\n#####"), pos=(1, 1))
    g.player.inventory = ["stone"]
    g.level.transparent[1, 2] = False
    assert Throw(0, (3, 1)).perform(g) == Result(False, (note("Smoke is in the way."),), None, 0)
    g.pos = (2, 1)
    assert Throw(0, (3, 1)).perform(g) == Result(False, (note("You cannot throw while swimming."),), None, 0)
    g.level = None
    assert Throw(0, (3, 1)).perform(g) == Result(False, (note("You have nowhere to throw it here."),), None, 0)
    assert g.player.inventory == ["stone"]


def archer_run(launcher, ammo=5):
    g = run_on(pos=(2, 3))
    g.player.weapon = launcher.id
    g.player.inventory = ["potion"] + [launcher.ammo] * ammo
    return g


@pytest.mark.parametrize("launcher", LAUNCHERS, ids=lambda k: k.id)
def test_a_shot_uses_one_missile_strikes_by_its_roll_and_the_missile_may_be_found_again(launcher):
    recovered = set()
    missile = words.capital(words.the(ITEM_BY_ID[launcher.ammo].name))
    for turn in range(30):
        g = archer_run(launcher)
        g.turn, g.player.level = turn, 7  # half the level adds to a shot
        rat = put(g, "rat", 5, 3, hp=99)
        rng = g.rng("fire")
        dmg = attack_roll(rng, launcher.power + g.player.level // 2, rat.defence)
        back = rng.random() < RECOVER.get(launcher.ammo, 0.5)
        r = Fire((9, 3)).perform(g)
        assert r.messages == (note(f"You fire your {launcher.name}."),
                              note(f"{missile} hits {rat.name} for {dmg}." if dmg else f"{missile} misses {rat.name}."))
        assert rat.hp == 99 - dmg and g.player.inventory.count(launcher.ammo) == 4 and g.events[0] == "shoot"
        assert [(it.kind.id, it.x, it.y) for it in g.level.items] == ([(launcher.ammo, 5, 3)] if back else [])
        recovered.add(back)
    assert recovered == {True, False}
    assert Fire((9, 3)).cost(g) == launcher.cost


def test_a_marksman_shoots_harder():
    launcher = LAUNCHERS[0]
    for turn in range(12):
        g = archer_run(launcher)
        g.turn = turn
        g.player.perks.append("marksman")
        rat = put(g, "rat", 5, 3, hp=99)
        dmg = attack_roll(g.rng("fire"), launcher.power + g.player.level // 2 + SKILL_BONUS, rat.defence)
        Fire((9, 3)).perform(g)
        assert rat.hp == 99 - dmg


def test_firing_needs_a_launcher_its_missiles_and_room_and_says_what_is_missing():
    g = run_on(pos=(2, 3))
    r = Fire((6, 3)).perform(g)
    assert not r.succeeded and "nothing to fire" in r.messages[0][0] and Fire((6, 3)).cost(g) == 100
    g.player.weapon = BLADE.id
    assert "nothing to fire" in Fire((6, 3)).perform(g).messages[0][0]
    launcher = LAUNCHERS[0]
    g = archer_run(launcher, ammo=0)
    ammo = words.noun(ITEM_BY_ID[launcher.ammo].name).plural
    assert Fire((6, 3)).perform(g).messages == (note(f"You have no {ammo} for your {launcher.name}."),)
    g = archer_run(launcher)
    g.level.transparent[3, 3] = False
    assert Fire((6, 3)).perform(g).messages == (note("Smoke is in the way."),)
    assert g.player.inventory.count(launcher.ammo) == 5
    g.level = None
    assert Fire((6, 3)).perform(g) == Result(False, (), None, 0)


def test_a_spear_strikes_a_monster_up_to_its_reach_along_a_clear_line():
    g = run_on(pos=(2, 3))
    g.player.weapon = SPEAR.id
    rat = put(g, "rat", 2 + SPEAR.reach, 3)
    r = Fire(rat.pos).perform(g)
    assert isinstance(r.alternative, Attack) and r.alternative.victim is rat and r.alternative.attacker is g.player
    far = put(g, "rat", 3 + SPEAR.reach, 4)
    why = note(f"Your weapon reaches {SPEAR.reach} cells: choose a monster that close.")
    assert Fire(far.pos).perform(g).messages == (why,) and Fire((4, 1)).perform(g).messages == (why,)
    between = put(g, "rat", 3, 3)
    assert Fire(rat.pos).perform(g).messages == (note(f"The {between.kind.name} is in the way."),)


def test_no_fighting_from_deep_water():
    g = run_on(level_of("#####\n#.~.#\n#####"), pos=(2, 1))
    g.player.weapon = SPEAR.id
    assert Fire((3, 1)).perform(g).messages == (note("You cannot fight while swimming."),)


def test_what_can_fire_now_a_launcher_with_missiles_or_a_reach_weapon():
    g = run_on()
    p = g.player
    assert not can_fire(g)
    p.weapon = BLADE.id
    assert not can_fire(g)
    p.weapon = SPEAR.id
    assert can_fire(g)
    p.weapon, p.inventory = LAUNCHERS[0].id, []
    assert not can_fire(g)
    p.inventory = [LAUNCHERS[0].ammo]
    assert can_fire(g)


def test_taking_up_a_launcher_prefers_the_one_ready_to_swap_then_the_best_in_the_pack_with_missiles():
    g = run_on()
    p = g.player
    weak, strong = sorted(LAUNCHERS, key=lambda k: k.power)[0], sorted(LAUNCHERS, key=lambda k: k.power)[-1]
    p.weapon, p.swap, p.inventory = BLADE.id, weak.id, [weak.ammo, strong.id, strong.ammo]
    assert isinstance(ReadyLauncher().perform(g).alternative, Swap)
    p.swap = None
    r = ReadyLauncher().perform(g)
    assert isinstance(r.alternative, Equip) and r.alternative.slot == 1
    p.inventory = [weak.id, strong.ammo, weak.ammo, weak.id]
    assert ReadyLauncher().perform(g).alternative.slot == 0  # of equals, the first slot
    p.weapon = SPEAR.id
    assert ReadyLauncher().perform(g) == Result(False, (), None, 0)


def test_taking_up_a_launcher_with_no_missiles_says_which_are_missing():
    g = run_on()
    p = g.player
    launcher = LAUNCHERS[0]
    p.weapon, p.inventory = BLADE.id, [launcher.id]
    ammo = words.noun(ITEM_BY_ID[launcher.ammo].name).plural
    assert ReadyLauncher().perform(g).messages == (note(f"You have no {ammo} for your {launcher.name}."),)
    p.inventory = []
    assert "nothing to fire" in ReadyLauncher().perform(g).messages[0][0]
    p.weapon, p.swap = launcher.id, None
    p.inventory = []
    assert ReadyLauncher().perform(g).messages == (note(f"You have no {ammo} for your {launcher.name}."),)


def test_throwing_and_shooting_are_heard_and_mark_the_run_to_be_saved():
    g = throwing("stone")
    Throw(1, (9, 3)).perform(g)
    assert g.noise == 4
    g = archer_run(LAUNCHERS[0])
    g.dirty = False
    Fire((9, 3)).perform(g)
    assert g.noise == 5 and g.dirty is True


@pytest.mark.parametrize("launcher", LAUNCHERS, ids=lambda k: k.id)
def test_a_shot_flies_no_farther_than_its_launchers_range(launcher):
    for far, hit in ((launcher.range, True), (launcher.range + 1, False)):
        hits = set()
        for turn in range(8):
            g = archer_run(launcher)
            g.turn = turn
            rat = put(g, "rat", 2 + far, 3, hp=99)
            r = Fire(rat.pos).perform(g)
            hits.add(len(r.messages) == 2)
        assert hits == {hit}, far


def test_a_kill_by_a_throw_or_a_shot_is_the_players():
    for act in ("throw", "fire"):
        for turn in range(40):
            g = throwing(BLADE.id) if act == "throw" else archer_run(LAUNCHERS[0])
            g.turn = turn
            rat = put(g, "rat", 5, 3, hp=1)
            xp = g.player.xp
            (Throw(1, (9, 3)) if act == "throw" else Fire((9, 3))).perform(g)
            if not rat.alive:
                assert rat not in g.level.monsters and g.player.xp > xp
                break
        else:
            raise AssertionError(f"no {act} hit in 40 turns")


def test_a_thrown_wand_strikes_softly_as_anything_that_is_not_a_blade():
    g = throwing("wand_fire")
    rat = put(g, "rat", 5, 3, hp=99)
    for turn in range(12):
        g.turn = turn
        g.player.inventory = ["potion", "wand_fire"]
        dmg = attack_roll(g.rng("throw"), 1 + g.player.level // 3, rat.defence)
        rat.hp = 99
        Throw(1, (9, 3)).perform(g)
        assert rat.hp == 99 - dmg
