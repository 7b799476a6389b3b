"""Effects as action units (game/rules/actions/effects.py): each unit on a
hand-made level, the one table, the aims that deliver an effect, and the
traps and items that share the units."""

import numpy as np
import pytest

from game.rules import engine
from game.rules.actions.travel import start_walk
from game.rules.actions.effects import (AIMS, BURSTS, EFFECTS, Afflict, Burn, Damage, Deliver, Enchant, Heal,
                                        Identify, IdentifyOne, Improve, Relocate, Reveal, landing_cell)
from game.rules.actions.features import TRAPS, SpringTrap
from game.rules.actions.surroundings import Cloud
from game.rules.actions.items import Craft, UseItem
from game.rules.actions.ranged import Throw
from game.rules.content import ITEM_BY_ID, ITEMS, RECIPES
from game.rules.engine import resolve
from game.rules.creatures.entities import FloorItem
from game.rules.creatures.identify import is_known
from game.rules.text.log import BAD, NOTE, Cue
from worldgen.core import seeding
from worldgen.core.tiles import WALKABLE, T

from test_rules import dungeon_run, make_level, put_monster
from test_rules_terrain import level_of as _terrain_level

WIDE = """\
####################
#..................#
#..................#
#..................#
#..................#
#..................#
####################"""


def texts(g, since=0):
    return [m.text for m in g.log[since:]]


# -- the table and its names ---------------------------------------------------------------
def test_every_effect_and_aim_the_items_name_is_in_the_one_table():
    assert {i.effect for i in ITEMS if i.effect} <= set(EFFECTS)
    assert {i.aim for i in ITEMS} <= set(AIMS)
    assert {r.effect for r in RECIPES.values() if r.effect} <= set(EFFECTS)
    assert set(BURSTS) <= set(EFFECTS)


def test_items_that_ask_for_a_target_are_those_aimed_at_a_bolt_a_burst_or_a_cell():
    assert {i.id for i in ITEMS if i.targeted} == {i.id for i in ITEMS if i.aim in ("bolt", "burst", "cell")}
    assert all(i.targeted for i in ITEMS if i.kind == "wand")
    assert not any(i.targeted for i in ITEMS if i.kind == "potion")


# -- units on a creature ---------------------------------------------------------------------
def test_heal_restores_a_share_of_max_hp_but_at_least_15_and_never_past_max():
    g = dungeon_run()
    p = g.player
    p.max_hp, p.hp = 200, 10
    resolve(g, Heal(p, 40))
    assert p.hp == 90 and "You feel better (+80 HP)." in texts(g)
    p.max_hp, p.hp = 30, 5
    resolve(g, Heal(p, 10))  # 10% of 30 is 3: the floor of 15 applies
    assert p.hp == 20
    resolve(g, Heal(p, 100))
    assert p.hp == 30 and g.log[-1].text == "You feel better (+10 HP)."
    m = put_monster(g.level, 5, 2, hp=20)
    m.hp = 4
    resolve(g, Heal(m, 40))
    assert m.hp == 19 and g.log[-1].text == "The giant rat looks better (+15 HP)."


def test_afflict_gives_a_status_said_in_red_when_it_harms_the_player():
    g = dungeon_run()
    resolve(g, Afflict(g.player, "poisoned", 5))
    assert g.player.statuses == {"poisoned": 5} and g.log[-1].kind == BAD and g.log[-1].text == "You are poisoned."
    resolve(g, Afflict(g.player, "hasted", 4))
    assert g.log[-1].kind == NOTE and g.log[-1].text == "You are hasted."
    m = put_monster(g.level, 5, 2)
    resolve(g, Afflict(m, "slowed", 3))
    assert m.statuses == {"slowed": 3} and g.log[-1].text == "The giant rat is slowed."
    count = len(g.log)
    resolve(g, Afflict(m, "no-such-status", 3))
    assert len(g.log) == count  # a status that does not take hold says nothing


def test_damage_kills_a_monster_and_the_player_earns_its_experience():
    g = dungeon_run()
    m = put_monster(g.level, 5, 2, hp=3)
    xp = g.player.xp
    resolve(g, Damage(m, 5, "fire"))
    assert m not in g.level.monsters and m.index in g.level.killed and g.player.xp > xp
    result, _ = resolve(g, Damage(m, 5, "fire"))  # a dead creature is left alone
    assert not result.succeeded


def test_burn_sets_a_creature_burning_and_hurts_it_at_once():
    g = dungeon_run()
    m = put_monster(g.level, 5, 2, hp=30)
    resolve(g, Burn(m, 6))
    assert m.hp == 24 and m.statuses["burning"] == Burn.TURNS
    assert texts(g)[-2:] == ["Flames engulf the giant rat!", "The giant rat is burning."]


def test_improve_raises_attack_or_max_hp_and_the_new_points_come_healed():
    g = dungeon_run()
    p = g.player
    p.hp, attack, max_hp = 10, p.base_attack, p.max_hp
    resolve(g, Improve(p, attack=1))
    assert p.base_attack == attack + 1 and p.hp == 10
    resolve(g, Improve(p, max_hp=6))
    assert p.max_hp == max_hp + 6 and p.hp == 16  # the new points healed, no more (no full heal since rules 15)


# -- moving a creature ---------------------------------------------------------------------------
def test_a_blink_lands_on_open_floor_and_ends_the_walk():
    g = dungeon_run(make_level(WIDE))
    start_walk(g, [(2, 1)], "explore")
    resolve(g, Relocate(g.player, (10, 3)))
    assert g.pos == (10, 3) and g.path == [] and not g.exploring and g.level.visible[3, 10]


@pytest.mark.parametrize("cell", [(0, 0), (30, 3), "monster", "self"])
def test_a_blink_into_a_wall_a_creature_or_off_the_map_stays_put(cell):
    g = dungeon_run(make_level(WIDE))
    if cell == "monster":
        cell = put_monster(g.level, 6, 2).pos
    elif cell == "self":
        cell = g.pos
    resolve(g, Relocate(g.player, cell))
    assert g.pos == (1, 1) and g.log[-1].text == "You flicker, but stay where you are."


def test_a_teleport_lands_farther_than_far_when_it_can_and_anywhere_when_it_cannot():
    g = dungeon_run(make_level(WIDE))
    dist = g.level.distance_from(*g.pos)
    for seed in range(20):
        cell = landing_cell(g, seeding.rng(seed), g.pos, far=12)
        assert dist[cell[1], cell[0]] > 12
    for seed in range(5):  # no cell is 40 steps away: any landing cell will do
        cell = landing_cell(g, seeding.rng(seed), g.pos, far=40)
        assert g.level.landing_cells()[cell[1], cell[0]]


NOOK = """\
##########
#...######
##########
##########
##########
########.#
##########"""


@pytest.mark.parametrize("far, lands", [(0, {(1, 1), (2, 1), (3, 1)}), (1, {(3, 1)})])
def test_a_teleport_lands_more_than_far_steps_away_and_with_far_0_anywhere_even_where_it_stood(far, lands):
    """Three landing cells, 0, 1 and 2 steps from the player: far 1 leaves only the one 2 steps
    away; far 0 asks no distance at all, so the player's own cell is one of them."""
    g = dungeon_run(make_level(NOOK))
    assert {landing_cell(g, seeding.rng(seed), g.pos, far=far) for seed in range(40)} == lands


def test_a_teleport_moves_a_monster_too():
    g = dungeon_run(make_level(WIDE))
    m = put_monster(g.level, 3, 3)
    resolve(g, Relocate(m, rng=seeding.rng(1), far=5))
    assert m.pos != (3, 3) and g.level.walkable[m.y, m.x] and g.pos == (1, 1)


# -- on the level and the pack ---------------------------------------------------------------------
def test_reveal_shows_every_floor_cell_and_the_walls_around_it():
    g = dungeon_run()
    g.level.seen[:] = False
    resolve(g, Reveal())
    floor = np.isin(g.level.tiles, (T.floor, T.stairs_up))
    assert g.level.seen[floor].all() and g.level.seen[0, 0]


def test_reveal_shows_a_wall_only_when_a_floor_cell_touches_it():
    """The walls one step from a floor cell (diagonals too) are shown; one two steps from every
    floor cell stays unknown."""
    g = dungeon_run(make_level("##########\n#.########\n" + "##########\n" * 4 + "##########"))
    g.level.seen[:] = False
    resolve(g, Reveal())  # the floor at (1, 1) and the stairs down at (8, 5), each with its 3x3
    seen = g.level.seen
    assert seen[0:3, 0:3].all() and seen[4:7, 7:10].all() and int(seen.sum()) == 18


def test_identify_one_names_the_first_unknown_kind_in_the_pack():
    g = dungeon_run()
    g.player.inventory = ["potion", "potion_speed", "scroll_map"]
    resolve(g, IdentifyOne())
    assert is_known(g, ITEM_BY_ID["potion_speed"]) and not is_known(g, ITEM_BY_ID["scroll_map"])
    resolve(g, IdentifyOne())
    resolve(g, IdentifyOne())
    assert g.log[-1].text == "You have nothing left to identify."
    result, _ = resolve(g, Identify("scroll_map"))  # known already: nothing to say
    assert not result.succeeded


# -- aims -------------------------------------------------------------------------------------------
def test_an_effect_aimed_at_view_touches_every_creature_in_view_and_says_when_none():
    g = dungeon_run(make_level(WIDE))
    seen, hidden = put_monster(g.level, 5, 2), put_monster(g.level, 6, 3)
    g.level.visible[:] = False
    g.level.visible[2, 5] = True
    resolve(g, Deliver("slow", "view", 4, g.player))
    assert seen.statuses == {"slowed": 4} and hidden.statuses == {}
    g.level.visible[:] = False
    resolve(g, Deliver("slow", "view", 4, g.player))
    assert g.log[-1].text == "Nothing in view is touched."


def test_a_bolt_strikes_the_creature_at_its_cell_and_fizzles_on_none_or_its_user():
    g = dungeon_run(make_level(WIDE))
    m = put_monster(g.level, 5, 2, hp=30)
    resolve(g, Deliver("burn", "bolt", 9, g.player, (5, 2)))
    assert m.hp == 21
    for cell in ((7, 4), g.pos):
        count = len(g.log)
        resolve(g, Deliver("burn", "bolt", 9, g.player, cell))
        assert g.log[-1].text.startswith("The bolt fizzles out.") and len(g.log) <= count + 1
    assert g.player.hp == g.player.max_hp


def test_a_burst_touches_every_creature_in_the_3x3_the_player_too():
    g = dungeon_run(make_level(WIDE))
    g.pos = (4, 3)
    inside = [put_monster(g.level, x, y, hp=40) for x, y in ((5, 2), (6, 4))]
    outside = put_monster(g.level, 7, 3, hp=40)
    resolve(g, Deliver("burn", "burst", 5, g.player, (5, 3)))
    assert all(m.hp == 35 for m in inside) and outside.hp == 40
    assert g.player.hp == g.player.max_hp - 5 and "A ball of fire bursts!" in texts(g)
    resolve(g, Deliver("poison", "burst", 5, g.player, (15, 3)))  # no one there: silent
    assert g.log[-1].text != "The bolt fizzles out."


# -- items and traps use the units ----------------------------------------------------------------------
def test_drinking_an_unknown_potion_names_it_then_gives_its_effect():
    g = dungeon_run()
    g.player.inventory = ["potion_speed"]
    assert engine.perform(g, UseItem(0))
    assert g.player.statuses.get("hasted") and g.player.inventory == []
    lines = texts(g)
    assert lines[-3].startswith("You drink the ") and lines[-2].endswith("was a potion of speed.")
    assert lines[-1] == "You are hasted."


def test_zapping_a_wand_uses_one_charge_and_hits_the_first_creature_on_the_line():
    g = dungeon_run(make_level(WIDE))
    m = put_monster(g.level, 6, 1, hp=40)
    g.player.inventory = ["wand_slow"] * 3
    assert g.use_item(0, (6, 1))
    assert g.player.inventory == ["wand_slow"] * 2 and m.statuses.get("slowed")


def test_a_thrown_potion_shatters_and_splashes_whoever_stands_around_it():
    g = dungeon_run(make_level(WIDE))
    m = put_monster(g.level, 5, 1, hp=40)
    g.player.inventory = ["potion_confusion"]
    assert engine.perform(g, Throw(0, (5, 1)))
    assert m.statuses.get("confused") and not g.player.statuses
    assert any(t.endswith("shatters!") for t in texts(g)) and is_known(g, ITEM_BY_ID["potion_confusion"])


def test_crafting_an_effect_improves_the_crafter():
    g = dungeon_run()
    g.player.inventory = ["iron_ore"] * RECIPES["iron_ore"].need
    attack = g.player.base_attack
    assert engine.perform(g, Craft(0)) and g.player.base_attack == attack + 1 and g.player.inventory == []


def _trap_cell(level, kind):
    """A floor cell whose trap would be of ``kind`` (the kind is rolled from the level's seed and the cell)."""
    for y, x in zip(*np.nonzero(level.tiles == T.floor)):
        roll = seeding.rng(level.seed, "trap", level.key.depth, int(y), int(x)).integers(0, len(TRAPS))
        if TRAPS[int(roll)] == kind:
            return int(x), int(y)
    raise AssertionError(kind)


def _arm(level, cell):
    level.tiles[cell[1], cell[0]] = T.trap
    level.hidden_traps[cell[1], cell[0]] = True


@pytest.mark.parametrize("kind", TRAPS)
def test_each_trap_kind_springs_its_effect_and_is_found(kind):
    g = dungeon_run(make_level(WIDE))
    level = g.level
    x, y = _trap_cell(level, kind)
    _arm(level, (x, y))
    sleeper = put_monster(level, 18, 5, awake=False)
    g.pos = (x, y)
    hp = g.player.hp
    resolve(g, SpringTrap(x, y))
    assert not level.hidden_traps[y, x]
    if kind == "dart":
        assert "poisoned" in g.player.statuses and g.player.hp == hp - 2
    elif kind == "fire":
        assert "burning" in g.player.statuses and g.player.hp == hp - 3
    elif kind == "alarm":
        assert sleeper.awake and g.noise >= 20
    elif kind == "gas":  # a cloud of poison gas rises on the trap and spreads with the turns
        assert level.gas["poison"][y, x] >= 500 and (level.gas["poison"] > 0).sum() > 1
    else:
        assert g.pos != (x, y) and level.landing_cells()[g.pos[1], g.pos[0]]


def test_a_trap_that_teleports_leaves_what_lay_on_it():
    g = dungeon_run(make_level(WIDE))
    x, y = _trap_cell(g.level, "teleport")
    _arm(g.level, (x, y))
    g.level.items.append(FloorItem(3, ITEM_BY_ID["potion"], x, y))
    g.pos = (x - 1, y) if g.level.walkable[y, x - 1] else (x + 1, y)
    assert g.move(x - g.pos[0], 0)
    assert g.pos != (x, y) and g.player.inventory == [] and len(g.level.items) == 1


# -- clouds and magic mapping ----------------------------------------------------------------------
THICK = """\
##########
##########
##......##
##......##
##......##
##......##
##########
##########"""


def test_magic_mapping_shows_the_floor_and_the_walls_touching_it_and_keeps_what_was_known():
    g = dungeon_run(make_level(THICK))
    level = g.level
    level.seen[:] = False
    level.seen[7, 0] = True
    floor = WALKABLE[level.tiles]
    h, w = level.shape
    want = np.array([[floor[max(0, y - 1):y + 2, max(0, x - 1):x + 2].any() for x in range(w)] for y in range(h)])
    want[7, 0] = True
    result, _ = resolve(g, Reveal())
    assert result.succeeded and np.array_equal(level.seen, want) and not want[0, 9]
    assert (g.log[-1].text, g.log[-1].kind) == ("The level's layout floods your mind.", "good")


def test_magic_mapping_outside_a_dungeon_knows_the_land_already():
    g = dungeon_run()
    g.level = None
    result, _ = resolve(g, Reveal())
    assert result.succeeded and g.log[-1].text == "The scroll shows the land around you; you knew it already."


def test_a_cloud_rises_thick_at_its_heart_and_half_as_thick_on_the_open_cells_around():
    g = dungeon_run(make_level(WIDE))
    result, _ = resolve(g, Cloud("poison", (1, 1), 300))
    gas = g.level.gas["poison"]
    want = np.zeros(g.level.shape, np.uint16)
    want[1, 1], want[1, 2], want[2, 1], want[2, 2] = 300, 150, 150, 150
    assert result.succeeded and np.array_equal(gas, want) and g.events[-1] == "gas"
    assert g.log[-1].text == "A cloud of poison billows out."


def test_a_cloud_in_the_open_covers_its_3x3_and_no_more():
    g = dungeon_run(make_level(WIDE))
    resolve(g, Cloud("smoke", (8, 3), 301))
    want = np.zeros(g.level.shape, np.uint16)
    want[2:5, 7:10] = 150
    want[3, 8] = 301
    assert np.array_equal(g.level.gas["smoke"], want)


def test_a_cloud_rises_where_a_creature_stands_even_in_a_wall():
    g = dungeon_run(make_level(WIDE))
    g.pos = (4, 3)
    resolve(g, Cloud("smoke", g.player))
    assert g.level.gas["smoke"][3, 4] == 500 and g.level.gas["smoke"][2, 3] == 250
    rat = put_monster(g.level, 10, 4)
    rat.x, rat.y = 10, 0  # a ghost in the wall: the cloud rises there all the same
    resolve(g, Cloud("confusion", rat, 40))
    assert g.level.gas["confusion"][0, 10] == 40 and g.level.gas["confusion"][1, 10] == 20
    assert g.level.gas["confusion"][0, 9] == 0
    g.level = None
    assert not resolve(g, Cloud("smoke", (1, 1)))[0].succeeded


# -- moving a creature ------------------------------------------------------------------------------
PILLAR = """\
##########
#........#
#.#......#
#........#
#........#
#........#
##########"""


def test_a_blink_looks_at_the_cell_it_lands_on_column_and_row():
    g = dungeon_run(make_level(PILLAR))
    assert resolve(g, Relocate(g.player, (8, 2)))[0].succeeded and g.pos == (8, 2)
    rat = put_monster(g.level, 5, 4)
    resolve(g, Relocate(rat, (2, 5)))
    assert rat.pos == (2, 5)


def test_a_blink_that_cannot_land_says_who_stays():
    g = dungeon_run(make_level(PILLAR))
    rat = put_monster(g.level, 5, 4, kind="goblin")
    resolve(g, Relocate(g.player, (2, 2)))
    resolve(g, Relocate(rat, (0, 0)))
    assert texts(g)[-2:] == ["You flicker, but stay where you are.", "The goblin flickers, but stays where it is."]
    assert g.pos == (1, 1) and rat.pos == (5, 4)


def test_a_blinking_swimmer_lands_only_in_water():
    from test_rules_terrain import level_of as terrain_level
    g = dungeon_run(terrain_level("#######\n#..~~.#\n#.....#\n#######"))
    eel = put_monster(g.level, 3, 1, kind="eel")
    resolve(g, Relocate(eel, (5, 2)))
    assert eel.pos == (3, 1)
    resolve(g, Relocate(eel, (4, 1)))
    assert eel.pos == (4, 1)


def test_magic_off_a_level_only_lurches():
    g = dungeon_run()
    g.level = None
    assert resolve(g, Relocate(g.player))[0].messages == (("The world lurches, and settles.", "note"),)


def test_a_teleport_lands_where_the_turns_relocate_roll_says_and_says_its_line():
    g = dungeon_run(make_level(WIDE))
    want = landing_cell(g, g.rng("relocate"), g.pos, 4)
    resolve(g, Relocate(g.player, far=4, line=("Away!", NOTE)))
    assert g.pos == want and texts(g)[-1] == "Away!"
    g2 = dungeon_run(make_level(WIDE))
    want = landing_cell(g2, seeding.rng(5, "x"), g2.pos, 4)
    resolve(g2, Relocate(g2.player, rng=seeding.rng(5, "x"), far=4))
    assert g2.pos == want


class Lowest:
    """Rolls that always take the lowest choice."""

    def integers(self, lo, hi=None):
        return lo


def test_landing_cell_picks_among_the_landing_cells_by_the_roll_and_keeps_far_when_it_can():
    g = dungeon_run(make_level(WIDE))
    cells = g.level.landing_cells()
    ys, xs = np.nonzero(cells)
    assert landing_cell(g, Lowest()) == (int(xs[0]), int(ys[0]))
    assert landing_cell(g, Lowest(), None, 5) == (int(xs[0]), int(ys[0]))
    far = g.level.distance_from(*g.pos)
    for seed in range(12):
        x, y = landing_cell(g, seeding.rng(seed, "far"), g.pos, 1)
        assert far[y, x] > 1
        x, y = landing_cell(g, seeding.rng(seed, "far"), g.pos)
        assert cells[y, x]


def test_landing_cell_on_a_level_with_one_landing_cell_gives_it():
    g = dungeon_run(make_level(PILLAR))
    only = np.zeros(g.level.shape, bool)
    only[1, 1] = True
    g.level.landing_cells = lambda: only
    assert landing_cell(g, seeding.rng(1, "one"), g.pos, 3) == (1, 1)
    g.level.landing_cells = lambda: np.zeros_like(only)
    assert landing_cell(g, seeding.rng(1, "one")) is None


# -- growing stronger, burning, the afflictions' table --------------------------------------------------
def test_improving_adds_to_a_monsters_attack_and_defence_and_the_players_defence():
    g = dungeon_run()
    rat = put_monster(g.level, 4, 4)
    rat.attack, rat.defence = 4, 5
    resolve(g, Improve(rat, attack=2, defence=3))
    assert (rat.attack, rat.defence) == (6, 8)
    p = g.player
    p.base_defence = 3
    before = (p.base_attack, p.base_defence)
    resolve(g, Improve(p, defence=2))
    assert (p.base_attack, p.base_defence) == (before[0], before[1] + 2)


def test_burning_lights_the_ground_underfoot_and_kills_by_fire():
    from test_rules_terrain import MEADOW, level_of as terrain_level
    g = dungeon_run(terrain_level(MEADOW))
    g.pos, g.player.hp = (4, 1), 1
    resolve(g, Burn(g.player, 5))
    assert g.level.fire[1, 4] > 0 and g.dead and g.killer == "fire" and "You die of fire." in texts(g)
    g = dungeon_run()
    g.level = None
    assert resolve(g, Burn(g.player, 1))[0].succeeded and "burning" in g.player.statuses


@pytest.mark.parametrize("effect, status", [("haste", "hasted"), ("regenerate", "regenerating"),
                                            ("poison", "poisoned"), ("confuse", "confused"), ("slow", "slowed"),
                                            ("levitate", "levitating"), ("invisible", "invisible"),
                                            ("paralyse", "paralysed"), ("fear", "afraid")])
def test_each_affliction_effect_gives_its_status_for_its_power(effect, status):
    g = dungeon_run()
    rat = put_monster(g.level, 4, 4)
    resolve(g, EFFECTS[effect](g, rat, 4))
    assert rat.statuses.get(status) == 4 or status in rat.kind.immune


def test_a_burst_touches_the_3x3_around_its_cell_and_no_farther():
    g = dungeon_run(make_level(WIDE))
    g.pos = (1, 1)
    around = {(x, y): put_monster(g.level, x, y) for x in range(6, 11) for y in range(1, 6)}
    resolve(g, Deliver("poison", "burst", 5, g.player, (8, 3)))
    hit = {c for c, m in around.items() if "poisoned" in m.statuses}
    assert hit == {(x, y) for x in (7, 8, 9) for y in (2, 3, 4)}


# ---- effects.py's mutation survivors (2026-12-07) ----

FIELD = """
###########
#ggggggggg#
#ggggggggg#
#ggggggggg#
#ggggggggg#
#ggggggggg#
###########
"""


def test_a_burst_of_fire_lights_the_grass_of_its_3x3_and_no_farther():
    """A field of grass: a fire burst at (5, 3) lights (4..6, 2..4), not the grass one step beyond
    on any side, and makes its sound."""
    g = dungeon_run(_terrain_level(FIELD))
    g.events.clear()
    resolve(g, Deliver("burn", "burst", 5, g.player, (5, 3)))
    lit = {(int(x), int(y)) for y, x in zip(*np.nonzero(g.level.fire))}
    assert lit == {(x, y) for x in (4, 5, 6) for y in (2, 3, 4)}
    assert g.events == [Cue.FIRE] and texts(g)[-2:] == ["A ball of fire bursts!", "The grass catches fire!"]


def test_a_burst_of_spores_sounds_a_shatter():
    g = dungeon_run(make_level(WIDE))
    g.events.clear()
    resolve(g, Deliver("confuse", "burst", 5, g.player, (10, 3)))
    assert g.events[0] == Cue.SHATTER and "A cloud of spores bursts!" in texts(g)


LANE = """
##########
#.ggg;ggg#
#........#
##########
"""


def test_a_line_of_fire_lights_and_burns_up_to_the_first_cell_that_blocks_sight_and_no_farther():
    """Brush burns but blocks sight: a breath from (1, 1) towards (8, 1) stops at the brush at
    (5, 1), so the grass before it catches and the creature before it burns; the brush, the grass
    behind it and the creature there are spared."""
    g = dungeon_run(_terrain_level(LANE))
    near, far = put_monster(g.level, 3, 1, hp=40), put_monster(g.level, 7, 1, hp=40)
    resolve(g, Deliver("burn", "line", 5, g.player, (8, 1)))
    lit = {(int(x), int(y)) for y, x in zip(*np.nonzero(g.level.fire))}
    assert lit == {(2, 1), (3, 1), (4, 1)}
    assert near.hp == 35 and "burning" in near.statuses and far.hp == 40 and not far.statuses
    assert g.player.hp == g.player.max_hp


def test_a_line_of_poison_touches_the_creatures_on_it_and_leaves_no_cloud():
    """Only a burst of a cloud potion leaves a cloud; a line of the same effect does not."""
    g = dungeon_run(make_level(WIDE))
    on, off = put_monster(g.level, 4, 1), put_monster(g.level, 4, 2)
    resolve(g, Deliver("poison", "line", 3, g.player, (8, 1)))
    assert on.statuses == {"poisoned": 3} and off.statuses == {}
    assert not any(field.any() for field in g.level.gas.values())


def test_a_burst_of_an_effect_with_no_cloud_leaves_none():
    g = dungeon_run(make_level(WIDE))
    rat = put_monster(g.level, 8, 3)
    result, _ = resolve(g, Deliver("slow", "burst", 3, g.player, (8, 3)))
    assert result.succeeded and rat.statuses == {"slowed": 3}
    assert not any(field.any() for field in g.level.gas.values())


def test_an_effect_aimed_at_nothing_acts_on_the_pack_or_the_level():
    g = dungeon_run(make_level(WIDE))
    g.player.inventory = ["potion_speed"]
    resolve(g, Deliver("identify", "none", 0, g.player))
    assert is_known(g, ITEM_BY_ID["potion_speed"])
    g.level.seen[:] = False
    resolve(g, Deliver("reveal", "none", 0, g.player))
    assert g.level.seen[1:6, 1:19].all() and g.log[-1].text == "The level's layout floods your mind."


def test_an_effect_aimed_at_a_cell_takes_the_cell_as_its_target():
    g = dungeon_run(make_level(WIDE))
    put_monster(g.level, 10, 4)  # beside the cell: a burst there would find it
    resolve(g, Deliver("blink", "cell", 0, g.player, (10, 3)))
    assert g.pos == (10, 3) and g.log[-1].text == "You blink across the room."


def test_an_effect_aimed_at_an_item_takes_the_slot_as_its_target():
    g = dungeon_run(make_level(WIDE))
    g.player.weapon = "dagger"
    resolve(g, Deliver("enchant", "item", 2, g.player, "weapon"))
    assert g.player.enchants == {"dagger": 2} and g.log[-1].text == "Your dagger glows, and is +2 now."


def test_a_teleport_delivered_on_its_user_rolls_from_the_runs_teleport_stream():
    """The effect is made with the run: its rolls are the run's ``teleport`` stream."""
    g = dungeon_run(make_level(WIDE))
    want = landing_cell(g, g.rng("teleport"), g.pos, 12)
    g2 = dungeon_run(make_level(WIDE))
    resolve(g2, Deliver("teleport", "self", 0, g2.player))
    assert g2.pos == want and g2.log[-1].text == "You are torn away and set down elsewhere."


def test_a_bolt_off_a_level_finds_no_one_and_fizzles():
    g = dungeon_run(make_level(WIDE))
    g.level = None
    result, _ = resolve(g, Deliver("slow", "bolt", 3, g.player, (4, 4)))
    assert result.succeeded and g.log[-1].text == "The bolt fizzles out."


def test_damage_counts_as_a_blow_on_the_player_unless_it_is_a_tick():
    g = dungeon_run()
    blows = g.blows
    resolve(g, Damage(g.player, 1, "fire"))
    assert g.blows == blows + 1
    resolve(g, Damage(g.player, 1, "poison", tick=True))
    assert g.blows == blows + 1


def test_a_teleport_with_no_distance_asked_may_land_anywhere_even_a_step_away():
    """NOOK's three landing cells, 0, 1 and 2 steps from the player: with no ``far`` every one is
    a landing; the default asks no distance (the teleport trap relies on it)."""
    lands = set()
    for seed in range(40):
        g = dungeon_run(make_level(NOOK))
        resolve(g, Relocate(g.player, rng=seeding.rng(seed)))
        lands.add(g.pos)
    assert lands == {(1, 1), (2, 1), (3, 1)}


def test_an_enchant_on_an_empty_slot_or_a_creature_with_no_gear_does_nothing():
    g = dungeon_run(make_level(WIDE))
    count = len(g.log)
    assert not resolve(g, Enchant(g.player, "weapon"))[0].succeeded  # nothing in hand
    rat = put_monster(g.level, 5, 2)
    assert not resolve(g, Enchant(rat, "weapon"))[0].succeeded  # a monster holds no gear
    assert g.player.enchants == {} and len(g.log) == count


def test_an_enchant_with_no_power_given_adds_one():
    g = dungeon_run(make_level(WIDE))
    g.player.armour = "leather"
    resolve(g, Enchant(g.player, "armour"))
    assert g.player.enchants == {"leather": 1} and g.log[-1].text == "Your leather armour glows, and is +1 now."


def test_landing_cell_with_no_distance_asked_may_give_any_landing_cell_even_the_one_it_starts_from():
    g = dungeon_run(make_level(NOOK))
    assert {landing_cell(g, seeding.rng(seed), g.pos) for seed in range(40)} == {(1, 1), (2, 1), (3, 1)}
