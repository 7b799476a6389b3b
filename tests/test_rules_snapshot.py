"""A level's snapshot (``game.rules.persistence.snapshot``), field by field: each value a
snapshot writes comes back as it was on a freshly built level, and each
hostile value is clamped (or left out) as ``apply_snapshot`` and
``monster_from_json`` document.  (The run's and the player's fields are
``tests/test_rules_codec.py``'s.)"""

import json

import numpy as np
import pytest

from worldgen.core.registry import Stage
from worldgen.core.tiles import T
from worldgen.toolkit import vaults as carving

from game.rules.world import hazards
from game.rules.content import DUNGEONS, MAX_STATUS_TURNS, MAX_SUMMONS, MONSTER_BY_ID
from game.rules.world.level import DROPPED_INDEX, MAX_CORPSES, SPAWNED_INDEX, Level, LevelKey
from game.rules.persistence.reading import BIG
from game.rules.persistence.save import pack_mask
from game.rules.persistence.snapshot import MAX_MONSTERS, apply_snapshot, level_snapshot, monster_from_json, monster_to_json

from creatures import level_of, put, run_on
from test_rules_vaults import vault_level

#: The top row holds what a level's features are: grass at flats 0 and 1 (it
#: burns), a secret door at 2, a trap at 3, a fountain at 4, an altar at 5;
#: deep water and a chasm for swimmers and flyers.
ROOMS = """\
""s^{_##############
#..................#
#..................#
#........~~........#
#........::........#
#..................#
####################"""
W = 20
ORC = MONSTER_BY_ID["orc"]


def built(**kw):
    return level_of(ROOMS, **kw)


def saved(level) -> dict:
    """The level's snapshot as the save stores it (through JSON)."""
    return json.loads(json.dumps(level_snapshot(level)))


def reloaded(snap: dict, **kw):
    """A freshly built level with ``snap`` put back on it."""
    fresh = built(**kw)
    assert apply_snapshot(fresh, snap)
    return fresh


def round_trip(level, **kw):
    return reloaded(saved(level), **kw)


# -- the snapshot as a whole --------------------------------------------------------------------
def test_snapshot_of_another_shape_is_refused_and_nothing_applied():
    level = built()
    level.seen[:] = True
    snap = saved(level)
    snap["shape"] = [6, 20]
    fresh = built()
    assert apply_snapshot(fresh, snap) is False and not fresh.seen.any()


@pytest.mark.parametrize("seen", ["not a mask", pack_mask(np.ones((3, 3), bool)), None])
def test_snapshot_with_an_unreadable_explored_mask_is_refused(seen):
    snap = saved(built())
    snap["seen"] = seen
    assert apply_snapshot(built(), snap) is False


@pytest.mark.parametrize("key, value", [("found", ["x"]), ("killed", [[1]]), ("taken", ["?"]), ("traps", [None]),
                                        ("used", ["x"])])
def test_snapshot_with_a_list_of_flats_that_are_no_numbers_is_refused_whole(key, value):
    level = built()
    level.seen[:] = True
    snap = saved(level)
    snap[key] = value
    fresh = built()
    assert apply_snapshot(fresh, snap) is False and not fresh.seen.any()


def test_snapshot_without_lists_of_the_killed_or_found_reads_none():
    level = built(monsters=[(5, 2), (12, 4)])
    level.open_secret(2, 0)
    snap = saved(level)
    del snap["killed"], snap["found"]
    back = reloaded(snap, monsters=[(5, 2), (12, 4)])
    assert back.killed == [] and back.found == [] and back.secret[0, 2]


def test_snapshot_keeps_the_explored_mask():
    level = built()
    level.seen[2:4, 3:9] = True
    assert np.array_equal(round_trip(level).seen, level.seen)


# -- secret doors, traps, features used up -------------------------------------------------------------
def test_snapshot_keeps_a_secret_door_found():
    level = built()
    level.open_secret(2, 0)
    back = round_trip(level)
    assert back.found == [2] and back.tiles[0, 2] == T.door and not back.secret[0, 2]


def test_snapshot_clamps_secret_doors_found_to_secret_doors_on_the_map():
    snap = saved(built())
    snap["found"] = [W + 3, -3, W * 7 + 2, 10**6]  # plain floor, above, below and far off the map
    back = reloaded(snap)
    assert back.found == [] and back.tiles[1, 3] == T.floor and back.secret[0, 2]


def test_snapshot_keeps_a_trap_found():
    level = built()
    level.find_trap(3, 0)
    back = round_trip(level)
    assert back.traps_found == [3] and not back.hidden_traps[0, 3]


def test_snapshot_clamps_traps_found_to_the_map():
    snap = saved(built())
    snap["traps"] = [-17, W * 7 + 3, 10**6]
    back = reloaded(snap)
    assert back.traps_found == [] and back.hidden_traps[0, 3]
    snap["traps"] = "3"
    assert reloaded(snap).traps_found == []


def test_snapshot_keeps_features_used_up():
    level = built()
    level.use_up(4, 0)
    level.use_up(5, 0)
    back = round_trip(level)
    assert back.used == [4, 5] and back.tiles[0, 4] == T.dry_fountain and back.tiles[0, 5] == T.altar


def test_snapshot_clamps_features_used_to_fountains_and_altars_on_the_map():
    snap = saved(built())
    snap["used"] = [W + 3, 0, -16, W * 7 + 4, 10**6]
    back = reloaded(snap)
    assert back.used == [] and back.tiles[0, 4] == T.fountain
    snap["used"] = {"4": 1}
    assert reloaded(snap).used == []


# -- monsters: each field written and read back ----------------------------------------------------
def reloaded_monster(kind: str = "orc", x: int = 8, y: int = 2, **state):
    """A monster put on the level with ``state``, read back from a snapshot."""
    g = run_on(built(), pos=(2, 2))
    m = put(g, kind, x, y, **state)
    back = round_trip(g.level).monster_at(x, y)
    assert back is not None and monster_to_json(back) == monster_to_json(m)
    return back


def test_snapshot_keeps_a_monsters_position_and_index():
    g = run_on(built(), pos=(2, 2))
    m = put(g, "orc", 8, 2)
    m.x, m.y, m.index = 12, 5, 0
    back = round_trip(g.level)
    assert [(b.index, b.kind.id, b.x, b.y) for b in back.monsters] == [(0, "orc", 12, 5)]


def test_snapshot_keeps_a_monsters_hp_and_max_hp():
    back = reloaded_monster(hp=7)
    assert (back.hp, back.max_hp) == (7, 7)
    g = run_on(built(), pos=(2, 2))
    put(g, "orc", 8, 2).hp = 3
    assert round_trip(g.level).monster_at(8, 2).hp == 3


def test_snapshot_keeps_a_monsters_attack_defence_and_energy():
    g = run_on(built(), pos=(2, 2))
    m = put(g, "orc", 8, 2)
    m.attack, m.defence, m.energy.value = 13, 11, -40
    back = round_trip(g.level).monster_at(8, 2)
    assert (back.attack, back.defence, back.energy.value) == (13, 11, -40)


@pytest.mark.parametrize("flag", ["awake", "boss", "fleeing", "captive", "hidden", "risen"])
def test_snapshot_keeps_a_monsters_flag(flag):
    back = reloaded_monster(**{"awake": False, flag: True})
    assert getattr(back, flag) is True


def test_snapshot_keeps_a_monsters_pack():
    assert reloaded_monster(group=5).group == 5
    assert reloaded_monster(group=0).group == 0


def test_snapshot_keeps_a_monsters_statuses():
    assert reloaded_monster(statuses={"poisoned": 4, "slowed": 2}).statuses == {"poisoned": 4, "slowed": 2}


def test_snapshot_keeps_a_monsters_post_and_goal():
    back = reloaded_monster(post=(3, 4), goal=(0, 0))
    assert (back.post, back.goal) == ((3, 4), (0, 0))


def test_snapshot_keeps_an_allys_order_level_and_xp():
    back = reloaded_monster(ally=True, order="wait", level=4, xp=11)
    assert (back.ally, back.order, back.level, back.xp) == (True, "wait", 4, 11)


def test_snapshot_keeps_a_thiefs_loot():
    assert reloaded_monster("cutpurse", stolen=("potion", 3)).stolen == ("potion", 3)


def test_snapshot_keeps_what_a_caster_called_up():
    assert reloaded_monster("conjurer", summoned=3).summoned == 3


def test_snapshot_keeps_how_many_a_caster_may_call_up():
    assert reloaded_monster("lich", calls=2).calls == 2 and reloaded_monster("lich").calls == MAX_SUMMONS


def test_snapshot_keeps_a_flyer_over_the_chasm_and_a_swimmer_in_the_water():
    g = run_on(built(), pos=(2, 2))
    put(g, "bat", 9, 4)
    put(g, "eel", 10, 3)
    back = round_trip(g.level)
    assert [(m.kind.id, m.x, m.y) for m in back.monsters] == [("bat", 9, 4), ("eel", 10, 3)]


def test_snapshot_writes_no_field_at_a_new_monsters_value():
    g = run_on(built(), pos=(2, 2))
    assert set(monster_to_json(put(g, "orc", 8, 2, awake=False))) == {
        "i", "kind", "x", "y", "hp", "max_hp", "atk", "def", "energy", "awake"}


# -- monsters: each hostile field clamped ------------------------------------------------------------
BASE = {"i": 3, "kind": "orc", "x": 4, "y": 2, "hp": 5, "max_hp": 9, "atk": 3, "def": 1, "energy": 0, "awake": True}


def read(**fields):
    """A monster read from a save entry: :data:`BASE` with ``fields`` changed (None: left out)."""
    entry = {k: v for k, v in {**BASE, **fields}.items() if v is not None}
    return monster_from_json(entry)


@pytest.mark.parametrize("kind", ["dragon", 7, ["orc"], None])
def test_snapshot_leaves_out_a_monster_of_no_known_kind(kind):
    assert monster_from_json({**BASE, "kind": kind}) is None
    assert monster_from_json("orc") is None


def test_snapshot_clamps_a_monsters_index():
    assert read(i=-5).index == 0 and read(i="x").index == 0 and read(i=BIG + 9).index == BIG and read(i=0).index == 0


def test_snapshot_clamps_a_monsters_hp_to_1_and_its_max_hp():
    assert read(hp=0).hp == 1 and read(hp=1).hp == 1 and read(hp=10).hp == 9 and read(hp="x").hp == 9


def test_snapshot_clamps_a_monsters_max_hp():
    assert read(max_hp=0).max_hp == 1 and read(max_hp=100_001).max_hp == 100_000
    assert read(max_hp="x").max_hp == ORC.hp and read(max_hp=None, hp=None).hp == ORC.hp


def test_snapshot_clamps_a_monsters_attack_and_defence():
    assert (read(atk=-1).attack, read(atk=10_001).attack, read(atk="x").attack) == (0, 10_000, ORC.attack)
    assert (read(**{"def": -1}).defence, read(**{"def": 10_001}).defence) == (0, 10_000)
    assert read(**{"def": "x"}).defence == ORC.defence


def test_snapshot_clamps_a_monsters_energy():
    assert [read(energy=v).energy.value for v in (-10_001, 10_001, "x", None)] == [-10_000, 10_000, 0, 0]


@pytest.mark.parametrize("flag", ["awake", "boss", "fleeing", "captive", "ally", "hidden", "risen"])
def test_snapshot_reads_a_monsters_flag_only_when_it_is_true(flag):
    assert getattr(read(**{flag: True}), flag) is True
    assert [getattr(read(**{flag: v}), flag) for v in (1, "yes", False, None)] == [False] * 4


def test_snapshot_clamps_a_monsters_pack():
    assert (read(group=-5).group, read(group="x").group, read(group=BIG + 1).group) == (-1, -1, BIG)


def test_snapshot_clamps_a_monsters_statuses():
    m = read(statuses={"poisoned": 10**6, "burning": 0, "cursed": 5, "slowed": "x", "hasted": 99})
    assert m.statuses == {"poisoned": MAX_STATUS_TURNS, "burning": 1, "slowed": 1, "hasted": 99}
    many = {f"junk{i}": 1 for i in range(16)} | {"hasted": 3}
    assert read(statuses=many).statuses == {}  # only the first 16 entries are read
    assert read(statuses=[["hasted", 3]]).statuses == {}


def test_snapshot_clamps_a_monsters_post_and_goal_to_cells_of_the_level():
    assert (read(post=[3, 4], goal=[5, 1]).post, read(post=[3, 4], goal=[5, 1]).goal) == ((3, 4), (5, 1))
    assert (read(post="x", goal=[-1, 2]).post, read(post="x", goal=[-1, 2]).goal) == (None, None)
    g = run_on(built(), pos=(2, 2))
    put(g, "orc", 8, 2, post=(3, 2), goal=(4, 3))
    snap = saved(g.level)
    snap["monsters"][0].update(post=[500, 1], goal=[1, 500])
    back = reloaded(snap).monster_at(8, 2)
    assert (back.post, back.goal) == (None, None)


def test_snapshot_clamps_an_allys_order():
    assert read(ally=True, order="dance").order == "follow" and read(ally=True, order="wait").order == "wait"
    assert read(ally=True, order=None).order == "follow"


def test_snapshot_clamps_an_allys_level_and_xp():
    assert [read(ally=True, level=v).level for v in (0, 1001, "x", 7)] == [1, 1000, 1, 7]
    assert [read(ally=True, xp=v).xp for v in (-1, 10**9 + 1, "x", 7)] == [0, 10**9, 0, 7]


def test_snapshot_frees_an_ally_from_its_chains():
    assert read(ally=True, captive=True).captive is False and read(captive=True).captive is True


def test_snapshot_reads_an_order_level_and_xp_only_for_an_ally():
    m = read(order="wait", level=5, xp=9)
    assert (m.order, m.level, m.xp) == ("follow", 1, 0)


@pytest.mark.parametrize("loot, expect", [
    (["potion", 3], ("potion", 3)), (["potion", 0], ("potion", 1)), (["potion", 100], ("potion", 99)),
    (["potion", "x"], ("potion", 1)), (["relic", 1], None), (["treasure", 1], None), (["nope", 1], None),
    (["potion", 1, 1], None), (["potion"], None), ([3, "potion"], None), ("potion", None), ([2, 2], None)])
def test_snapshot_clamps_a_thiefs_loot(loot, expect):
    assert read(kind="cutpurse", stolen=loot).stolen == expect


def test_snapshot_clamps_what_a_caster_called_up():
    assert [read(summoned=v).summoned for v in (-1, 1001, "x", 4)] == [0, 1000, 0, 4]


def test_snapshot_clamps_how_many_a_caster_may_call_up_and_a_missing_count_is_the_most():
    assert [read(calls=v).calls for v in (-1, 0, 1001, "x", None, 2)] == [0, 0, 1000, MAX_SUMMONS, MAX_SUMMONS, 2]


def test_snapshot_leaves_out_a_monster_that_cannot_stand_where_it_says():
    g = run_on(built(), pos=(2, 2))
    put(g, "orc", 8, 2)
    snap = saved(g.level)
    good = snap["monsters"][0]
    snap["monsters"] = [{**good, "kind": "dragon"}, {**good, "x": -5}, {**good, "x": "x"}, {**good, "y": 50},
                        {**good, "y": -5}, {**good, "y": "y"}, {**good, "x": 0}, {**good, "x": 9, "y": 3}, {**good, "kind": "eel", "x": 1, "y": 2},
                        {**good, "x": 9, "y": 4}, good, {**good, "i": 77}, "junk"]
    back = reloaded(snap)
    assert [(m.index, m.kind.id, m.x, m.y) for m in back.monsters] == [(good["i"], "orc", 8, 2)]


def test_snapshot_reads_at_most_its_share_of_monsters():
    g = run_on(built(), pos=(2, 2))
    put(g, "orc", 8, 2)
    snap = saved(g.level)
    snap["monsters"] = [{**snap["monsters"][0], "x": 1 + k % 18, "y": 1 + k // 18 % 5}
                        for k in range(MAX_MONSTERS + 5)]
    assert 0 < len(reloaded(snap).monsters) <= 18 * 5


def test_snapshot_without_a_monster_list_keeps_the_monsters_as_built():
    level = built(monsters=[(5, 2), (12, 4)])
    assert level.monsters
    snap = saved(level)
    del snap["monsters"]
    fresh = reloaded(snap, monsters=[(5, 2), (12, 4)])
    assert [monster_to_json(m) for m in fresh.monsters] == [monster_to_json(m) for m in level.monsters]


# -- the dead and the creatures play brought ----------------------------------------------------------
def test_snapshot_keeps_the_monsters_killed():
    level = built(monsters=[(5, 2), (12, 4)])
    dead = level.monsters[0]
    level.kill(dead)
    back = round_trip(level, monsters=[(5, 2), (12, 4)])
    assert back.killed == [dead.index] and all(m.index != dead.index for m in back.monsters)


def test_snapshot_keeps_corpses():
    level = built()
    level.corpses = [(5, 2, "orc"), (6, 3, "rat")]
    assert round_trip(level).corpses == [(5, 2, "orc"), (6, 3, "rat")]


def test_snapshot_clamps_corpses_to_known_kinds_on_the_map_and_the_last_ones():
    snap = saved(built())
    bad = [[1, 1, "nope"], [500, 1, "orc"], [1, -3, "orc"], [-3, 1, "orc"], ["x", 1, "orc"], [1, "y", "orc"],
           [2, 2, "orc", 1], [2, 2, 5], "x", 7]
    snap["corpses"] = bad + [[0, 0, "rat"], [3, 3, "rat"]]
    assert len(snap["corpses"]) <= MAX_CORPSES and reloaded(snap).corpses == [(0, 0, "rat"), (3, 3, "rat")]
    snap["corpses"] = [[4, 4, "orc"]] + [[3, 3, "rat"]] * MAX_CORPSES
    assert reloaded(snap).corpses == [(3, 3, "rat")] * MAX_CORPSES


def test_snapshot_keeps_the_count_of_creatures_play_brought():
    level = built()
    level.new_index()
    level.new_index()
    assert round_trip(level).new_index() == SPAWNED_INDEX + 3


def test_snapshot_clamps_the_count_of_creatures_play_brought():
    snap = saved(built())
    for value, expect in ((-4, 0), ("x", 0), (None, 0), (BIG + 5, BIG), (6, 6)):
        snap["spawned"] = value
        assert reloaded(snap)._spawned == expect


def test_snapshot_never_counts_fewer_creatures_brought_than_it_numbered():
    g = run_on(built(), pos=(2, 2))
    put(g, "imp", 6, 2).index = SPAWNED_INDEX + 9
    snap = saved(g.level)
    snap["spawned"] = 2
    assert reloaded(snap).new_index() == SPAWNED_INDEX + 10


# -- items on the floor -----------------------------------------------------------------------------
def test_snapshot_keeps_the_floor_items_in_order_with_their_counts():
    level = built(items=[(3, 2), (6, 3)])
    assert len(level.items) == 2
    level.take(level.items[0])
    level.drop("potion", 7, 2, 3)
    level.drop("dagger", 9, 3)  # into the deep water: it lies sunk there
    kept = [(it.index, it.kind.id, it.x, it.y, it.count) for it in level.items]
    back = round_trip(level, items=[(3, 2), (6, 3)])
    assert [(it.index, it.kind.id, it.x, it.y, it.count) for it in back.items] == kept


def test_snapshot_keeps_which_items_were_left_by_choice():
    level = built()
    level.drop("potion", 7, 2)
    left = level.drop("dagger", 8, 2, by_choice=True)
    back = round_trip(level)
    assert back.put_down == {left.index} and len(back.items) == 2


def test_snapshot_reads_an_item_as_left_by_choice_only_when_its_flag_is_1():
    snap = saved(built())
    snap["items"] = [[DROPPED_INDEX + 1, "potion", 7, 2, 1, 2], [DROPPED_INDEX + 2, "potion", 8, 2, 1, 1],
                     [DROPPED_INDEX + 3, "potion", 9, 2, 1, 0]]
    back = reloaded(snap)
    assert back.put_down == {DROPPED_INDEX + 2} and len(back.items) == 3


def test_snapshot_keeps_the_count_of_items_play_put_down():
    level = built()
    level.take(level.drop("potion", 7, 2))
    assert round_trip(level).drop("potion", 7, 2).index == DROPPED_INDEX + 2


def test_snapshot_clamps_the_count_of_items_play_put_down():
    snap = saved(built())
    for value, expect in ((-4, 0), ("x", 0), (None, 0), (BIG + 5, BIG), (6, 6)):
        snap["drops"] = value
        if value is None:
            del snap["drops"]
        assert reloaded(snap)._drops == expect


def test_snapshot_never_counts_fewer_items_put_down_than_it_numbered():
    snap = saved(built())
    snap["items"], snap["drops"] = [[DROPPED_INDEX + 9, "potion", 7, 2, 1]], 2
    assert reloaded(snap).drop("potion", 7, 2).index == DROPPED_INDEX + 10


def test_snapshot_clamps_an_items_count():
    snap = saved(built())
    snap["items"] = [[1, "potion", 3, 2, 0], [2, "potion", 4, 2, 100], [3, "potion", 5, 2, "x"], [4, "potion", 6, 2, 7]]
    assert [it.count for it in reloaded(snap).items] == [1, 99, 1, 7]


def test_snapshot_reads_an_item_index_that_is_no_number_as_minus_1():
    snap = saved(built())
    snap["items"] = [["x", "potion", 3, 2, 1], [-7, "potion", 4, 2, 1], [5, "potion", 5, 2, 1]]
    assert [it.index for it in reloaded(snap).items] == [-1, 0, 5]


def test_snapshot_leaves_out_an_item_that_cannot_lie_where_it_says():
    snap = saved(built())
    snap["items"] = [[1, "nope", 3, 2, 1], [2, "potion", -5, 2, 1], [3, "potion", "x", 2, 1], [4, "potion", 3, -5, 1],
                     [5, "potion", 3, "y", 1], [6, "potion", 50, 2, 1], [7, "potion", 3, 50, 1], [8, "potion", 0, 1, 1],
                     [9, "potion", 9, 4, 1], [10, 7, 3, 2, 1], [11, "potion", 3, 2], "x",
                     [12, "potion", 3, 2, 1, 1, 1], [13, "potion", 1, 2, 1]]
    assert [(it.index, it.x, it.y) for it in reloaded(snap).items] == [(13, 1, 2)]


def test_snapshot_keeps_the_prize_the_level_was_built_with():
    level = built(last=True)
    prize = next(it for it in level.items if it.index == level.treasure_index)
    back = round_trip(level, last=True)
    assert [(it.index, it.kind.id, it.x, it.y) for it in back.items] == [(prize.index, "treasure", prize.x, prize.y)]


def test_snapshot_leaves_out_a_prize_the_level_never_had():
    level = built(last=True)
    prize = next(it for it in level.items if it.index == level.treasure_index)
    snap = saved(level)
    snap["items"] = [[prize.index + 1, "treasure", 3, 2, 1], [prize.index, "relic", 4, 2, 1],
                     [prize.index, "treasure", 5, 2, 1]]
    assert [(it.index, it.x) for it in reloaded(snap, last=True).items] == [(prize.index, 5)]
    snap["items"] = [[-1, "treasure", 3, 2, 1], [0, "relic", 4, 2, 1], [DROPPED_INDEX + 1, "potion", 5, 2, 1]]
    assert [it.kind.id for it in reloaded(snap).items] == ["potion"]


# -- an older snapshot: the monsters killed and the items taken or dropped ---------------------------
def older(level) -> dict:
    """A snapshot as written before monsters and items were kept (no ``monsters``, ``items``)."""
    snap = saved(level)
    del snap["monsters"], snap["items"], snap["drops"]
    return snap


def test_an_older_snapshot_keeps_the_monsters_killed_and_the_rest_as_built():
    level = built(monsters=[(5, 2), (12, 4)])
    dead, alive = level.monsters[0], level.monsters[1:]
    level.kill(dead)
    back = reloaded(older(level), monsters=[(5, 2), (12, 4)])
    assert [m.index for m in back.monsters] == [m.index for m in alive] and back.killed == [dead.index]


def test_an_older_snapshot_keeps_the_items_taken():
    level = built(items=[(3, 2), (6, 3)])
    first, second = level.items
    snap = older(level)
    snap["taken"] = [first.index]
    back = reloaded(snap, items=[(3, 2), (6, 3)])
    assert [it.index for it in back.items] == [second.index] and back.taken == [first.index]


def test_an_older_snapshot_keeps_the_items_dropped():
    snap = older(built())
    snap["dropped"] = [["potion", 3, 2, 2], ["dagger", 5, 2], ["scroll_teleport", 6, 3, 0], ["dagger", 7, 3, 500],
                       ["dagger", 8, 3, "x"]]
    back = reloaded(snap)
    assert [(it.kind.id, it.x, it.y, it.count) for it in back.items] == [
        ("potion", 3, 2, 2), ("dagger", 5, 2, 1), ("scroll_teleport", 6, 3, 1), ("dagger", 7, 3, 99),
        ("dagger", 8, 3, 1)]
    assert [it.index for it in back.items] == [DROPPED_INDEX + k for k in range(1, 6)]


def test_an_older_snapshot_leaves_out_a_drop_that_cannot_be():
    snap = older(built())
    snap["dropped"] = [["nope", 3, 2], ["relic", 3, 2], ["treasure", 3, 2], [3, 3, 2], ["potion", -1, 2],
                       ["potion", 3, 70], ["potion", 3, -5], ["potion", "x", 2], ["potion", 3, "y"], ["potion", 0, 1], ["potion", 9, 3],
                       ["potion", 3], ["potion", 3, 2, 1, 1], "x", ["potion", 4, 2]]
    assert [(it.kind.id, it.x, it.y) for it in reloaded(snap).items] == [("potion", 4, 2)]
    snap["dropped"] = "potion"
    assert reloaded(snap).items == []


# -- the ground ------------------------------------------------------------------------------------
def test_snapshot_keeps_changed_tiles():
    level = built()
    hazards.set_tile(level, 0, 0, T.ash)
    hazards.set_tile(level, 1, 0, T.ash)
    back = round_trip(level)
    assert back.changed == {0: T.ash, 1: T.ash} and back.tiles[0, 0] == back.tiles[0, 1] == T.ash


def test_snapshot_clamps_changed_tiles_to_the_changes_play_may_make():
    snap = saved(built())
    snap["tiles"] = [5, "x", [1], [0, T.floor], ["x", T.ash], [-5, T.ash], [W * 7, T.ash], [10**9, T.ash],
                     [W + 3, T.ash], [0, 300], [0, "x"], [0, T.ash]]
    back = reloaded(snap)
    assert back.changed == {0: T.ash} and back.tiles[0, 1] == T.grass


def test_snapshot_keeps_fires():
    level = built()
    hazards.ignite(level, 0, 0)
    level.fire[0, 1] = 1
    back = round_trip(level)
    assert np.array_equal(back.fire, level.fire) and back.fire[0, 0] > 0


def test_snapshot_clamps_fire_turns():
    snap = saved(built())
    snap["fire"] = [[0, 99], [1, 1]]
    assert (int(reloaded(snap).fire[0, 0]), int(reloaded(snap).fire[0, 1])) == (hazards.MAX_FIRE, 1)
    snap["fire"] = [5, [1], [1, 0], [1, -3], [1, "x"], ["x", 9], [-5, 9], [W * 7, 9], [W + 3, 9]]
    assert not reloaded(snap).fire.any()


def test_snapshot_keeps_no_fire_the_level_was_built_with_if_it_names_none():
    level = built()
    snap = saved(level)
    fresh = built()
    fresh.fire[0, 0] = 3
    fresh.gas = {"smoke": np.ones(fresh.shape, np.uint16)}
    assert apply_snapshot(fresh, snap) and not fresh.fire.any() and fresh.gas == {}


def test_snapshot_keeps_clouds():
    level = built()
    hazards.release(level, "poison", 0, 0, 700)
    hazards.release(level, "smoke", 5, 2, 20)
    back = round_trip(level)
    assert set(back.gas) == {"poison", "smoke"}
    assert all(np.array_equal(back.gas[k], level.gas[k]) for k in level.gas)


def test_snapshot_clamps_clouds_to_known_kinds_on_the_map_and_their_thickness():
    snap = saved(built())
    snap["gas"] = {"poison": [[0, 10**9], [1, 0], [2, -1], ["x", 5], [W * 7, 5], 7], "lava": [[3, 5]], "smoke": "x"}
    back = reloaded(snap)
    assert set(back.gas) == {"poison"} and back.gas["poison"][0, 0] == hazards.MAX_GAS
    assert int(np.count_nonzero(back.gas["poison"])) == 1
    snap["gas"] = {"smoke": [[1, 0]]}
    assert reloaded(snap).gas == {}
    snap["gas"] = [["smoke", [[1, 5]]]]
    assert reloaded(snap).gas == {}


def two_vaults() -> Level:
    """A hall in solid rock with an ambush vault and an altar cage carved beside it."""
    tiles = np.full((40, 80), T.wall, np.uint8)
    tiles[18:22, 2:78] = T.floor
    records = carving.carve(tiles, np.random.default_rng(0), ["ambush", "cage"])
    points = {"start": np.array([[3, 20]]), "exit": np.array([[76, 20]]), "monsters": np.zeros((0, 2), int),
              "items": np.zeros((0, 2), int), **carving.points_of(records)}
    stage = Stage("final", tiles, points=points, info={"vaults": records})
    return Level(LevelKey(0, 0, 1), stage, style="rooms", terrain=int(T.grass), seed=1, tier=2,
                 size=DUNGEONS["small"], last=False)


def test_snapshot_keeps_sprung_vaults():
    level = two_vaults()
    assert len(level.vaults) == 2
    level.sprung = [0, 1]
    fresh = two_vaults()
    assert apply_snapshot(fresh, saved(level)) and fresh.sprung == [0, 1]


@pytest.mark.parametrize("sprung, expect", [  # as many entries read as the level has vaults
    ([1], [1]), ([-5], []), (["a"], []), ([2], []), ([-1, 0], [0]), ([1, 1, 0], [1]), ("1", []), ([0, 1, 0], [0, 1])])
def test_snapshot_clamps_sprung_vaults_to_the_levels_own(sprung, expect):
    snap = saved(two_vaults())
    snap["sprung"] = sprung
    fresh = two_vaults()
    assert apply_snapshot(fresh, snap) and fresh.sprung == expect


def test_snapshot_opens_an_ambushs_walls_only_once_it_is_sprung():
    level = vault_level("ambush")
    lurker = level.vaults[0]["lurkers"][0]
    flat = lurker[1] * level.shape[1] + lurker[0]
    snap = saved(level)
    snap["tiles"] = [[flat, T.vault_floor]]
    closed = vault_level("ambush")
    assert apply_snapshot(closed, snap) and closed.tiles[lurker[1], lurker[0]] == T.wall
    snap["sprung"] = [0]
    opened = vault_level("ambush")
    assert apply_snapshot(opened, snap) and opened.tiles[lurker[1], lurker[0]] == T.vault_floor
