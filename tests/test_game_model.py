"""The game's model without the window: names, sight, saves, levels, rules."""

import doctest
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.persistence import codec, save, snapshot
from game.rules.creatures import combat
from game.rules import content
from game.rules.world import fov
from game.rules.text import names
from game.rules.actions.items import take_items
from game.rules.creatures.entities import Player
from game.rules.world.fov import field_of_view
from game.rules.world.location import WorldMap
from game.rules.text.names import MAX_LEN, MIN_LEN, WORDS, make_name
from game.rules.run import Game
from game.rules.state import LevelRequest
from game.shell.work import Work
from worldgen.core.tiles import TILES, TRANSPARENT, WALKABLE, T
from worldgen.toolkit import grid


# -- names -----------------------------------------------------------------------------
def test_names_are_seeded_bounded_and_new():
    a = [make_name(np.random.default_rng(5)) for _ in range(3)]
    assert len(set(a)) == 1  # same generator state, same name
    rng = np.random.default_rng(1)
    names = [make_name(rng) for _ in range(300)]
    assert all(MIN_LEN <= len(n) <= MAX_LEN and n.isalpha() and n[0].isupper() for n in names)
    assert len(set(names)) > 150  # varied
    assert sum(n.lower() in WORDS for n in names) == 0  # not copies of the training words
    assert len(WORDS) >= 100


# -- field of view -----------------------------------------------------------------------
def test_walls_block_sight_but_are_seen():
    see = np.ones((21, 21), bool)
    see[5:16, 12] = False
    vis = field_of_view(see, (10, 8), 9)
    assert vis[10, 8] and vis[10, 12] and vis[10, 11]
    assert not vis[10, 14] and not vis[10, 16]
    assert not vis[10, 8 + 10]  # beyond the radius


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_fov_open_room_sees_everything_in_radius(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(5, 30)), int(rng.integers(5, 30))
    y, x = int(rng.integers(0, h)), int(rng.integers(0, w))
    vis = field_of_view(np.ones((h, w), bool), (y, x), 6)
    yy, xx = np.mgrid[0:h, 0:w]
    inside = (yy - y) ** 2 + (xx - x) ** 2 <= 36
    assert (vis == inside | ((yy - y) ** 2 + (xx - x) ** 2 <= 42) & vis).all()
    assert vis[inside].all()


# -- saves ---------------------------------------------------------------------------------
class MemoryStorage:
    def __init__(self, fail_keys=(), corrupt_keys=()):
        self.data, self.fail_keys, self.corrupt_keys = {}, set(fail_keys), set(corrupt_keys)

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if key in self.fail_keys:
            return False
        self.data[key] = value[: len(value) // 2] if key in self.corrupt_keys else value
        return True

    def delete(self, key):
        self.data.pop(key, None)


def test_save_roundtrip_and_rejections():
    body = {"world": "Avalon", "n": [1, 2, 3]}
    text = save.encode(body)
    assert save.decode(text) == (body, "")
    assert save.decode("{not json")[0] is None
    assert "not a Deepisle save" in save.decode(json.dumps({"hello": 1}))[1]
    old = json.loads(text)
    old["version"] = 0
    assert "another version" in save.decode(json.dumps(old))[1]
    assert "checksum" in save.decode(text.replace("Avalon", "Avalom"))[1]
    assert save.decode(text[:-5])[0] is None


def test_failed_write_keeps_the_good_save():
    st_ = MemoryStorage()
    good = save.encode({"world": "A", "turn": 1})
    assert save.write(st_, good)
    st_.corrupt_keys.add(save.KEY)  # every write of the main key is truncated
    assert not save.write(st_, save.encode({"world": "A", "turn": 2}))
    assert save.load(st_)[0]["turn"] == 1  # the backup still holds the good save
    st_.corrupt_keys.clear()
    assert save.write(st_, good)
    st_.fail_keys.add(save.KEY)  # the main key cannot be written at all
    assert not save.write(st_, save.encode({"world": "A", "turn": 2}))
    assert st_.get(save.KEY) == good
    st_.fail_keys.clear()
    st_.fail_keys.add(save.BACKUP_KEY)  # cannot back up: do not touch the old save
    assert not save.write(st_, save.encode({"world": "A", "turn": 3}))
    assert save.decode(st_.get(save.KEY))[0]["turn"] == 1


def test_load_falls_back_to_backup():
    st_ = MemoryStorage()
    save.write(st_, save.encode({"world": "A", "turn": 1}))
    save.write(st_, save.encode({"world": "A", "turn": 2}))
    st_.data[save.KEY] = "garbage"
    body, why = save.load(st_)
    assert body["turn"] == 1 and "previous save" in why
    st_.data[save.BACKUP_KEY] = "garbage"
    assert save.load(st_)[0] is None


def test_a_damaged_save_is_never_reported_as_saved():
    st_ = MemoryStorage()
    good = save.encode({"world": "A", "turn": 1})
    assert save.write(st_, good)
    for damaged in (good[:-5], good.replace('"turn":1', '"turn":2'), "{}", json.dumps({"game": "other"})):
        assert not save.write(st_, damaged)
        assert st_.get(save.KEY) == good and st_.get(save.BACKUP_KEY) is None
    assert not save.write(st_, save.encode({"world": "A"}), check=lambda body: "turn" in body)
    assert st_.get(save.KEY) == good


def test_using_the_backup_is_always_said():
    st_ = MemoryStorage()
    save.write(st_, save.encode({"world": "A", "turn": 1}))
    save.write(st_, save.encode({"world": "A", "turn": 2}))
    del st_.data[save.KEY]  # the latest save is gone (a cleared key, a failed first write)
    body, why = save.load(st_)
    assert body["turn"] == 1 and "latest save is missing" in why and "previous save" in why


def test_mask_packing():
    rng = np.random.default_rng(0)
    m = rng.random((37, 53)) < 0.3
    assert (save.unpack_mask(save.pack_mask(m), m.shape) == m).all()
    assert save.unpack_mask(save.pack_mask(m), (10, 10)) is None
    assert save.unpack_mask("!!!", m.shape) is None


# -- content tables ----------------------------------------------------------------------------
def test_every_land_terrain_has_a_style_and_resources():
    for t in (T.grass, T.forest, T.swamp, T.hills, T.mountain, T.desert, T.sand, T.shallow_water):
        assert content.style_for(t) in ("caverns", "mosaic", "rooms")
        assert all(r in content.RECIPES for r in content.RESOURCES_BY_TERRAIN[t])
    assert content.style_for(T.mountain) == "caverns" and content.style_for(T.forest) == "mosaic"
    assert content.style_for(T.grass) == "rooms"
    cost = content.move_cost_array()
    assert cost[T.deep_water] == 0 and cost[T.mountain] == 0 and cost[T.grass] == 1
    assert cost[T.forest] > 1 and cost[T.shallow_water] > cost[T.forest]
    assert len(cost) == len(TILES)
    assert WorldMap("Unlockable").sites_to_unlock(100) == 10


def test_monsters_get_stronger_deeper():
    rng = np.random.default_rng(0)
    shallow = [content.pick_monster(rng, 0) for _ in range(200)]
    deep = [content.pick_monster(rng, 10) for _ in range(200)]
    assert np.mean([m.hp for m in deep]) > 3 * np.mean([m.hp for m in shallow])
    kind = content.MONSTERS[0]
    assert content.monster_stats(kind, 8)[0] > content.monster_stats(kind, 0)[0]


def test_a_monster_above_its_kinds_tier_gains_a_quarter_life_an_attack_and_a_third_defence_per_tier():
    kind = content.MONSTER_BY_ID["ogre"]
    hp, attack, defence = kind.hp, kind.attack, kind.defence
    assert content.monster_stats(kind, kind.tier - 2) == (hp, attack, defence)  # never weaker than its kind
    assert content.monster_stats(kind, kind.tier + 2) == (hp + 2 * hp // 4, attack + 2, defence)
    assert content.monster_stats(kind, kind.tier + 3) == (hp + 3 * hp // 4, attack + 3, defence + 1)
    assert content.monster_stats(kind, kind.tier + 4) == (2 * hp, attack + 4, defence + 1)
    assert content.monster_stats(kind, kind.tier + 9) == (hp + 9 * hp // 4, attack + 9, defence + 3)


def test_a_relic_boss_below_its_kinds_tier_loses_a_quarter_life_an_attack_and_a_third_defence_per_tier():
    kind = content.MONSTER_BY_ID["colossus"]
    hp, attack, defence = kind.hp, kind.attack, kind.defence
    assert kind.relic_boss and defence >= 1
    assert content.monster_stats(kind, kind.tier) == (hp, attack, defence)
    assert content.monster_stats(kind, kind.tier - 1) == (hp - hp // 4, attack - 1, defence)
    assert content.monster_stats(kind, kind.tier - 2) == (hp - 2 * hp // 4, attack - 2, defence)
    assert content.monster_stats(kind, kind.tier - 3) == (hp - 3 * hp // 4, attack - 3, defence - 1)
    assert content.monster_stats(kind, kind.tier - 40) == (1, 1, 0)  # never less than 1 HP, 1 attack, 0 defence
    sentinel = content.MONSTER_BY_ID["sentinel"]  # a vault's keeper is no boss: as written at any tier
    assert content.monster_stats(sentinel, 0) == (sentinel.hp, sentinel.attack, sentinel.defence)


def test_player_levels_up():
    p = Player()
    msgs = p.gain_xp(1000)
    assert p.level > 3 and msgs and p.max_hp > 30
    assert codec.player_to_json(codec.player_from_json(codec.player_to_json(p))) == codec.player_to_json(p)


# -- game rules on real generated maps ---------------------------------------------------------------
def _game(name="Testworld", size="small"):
    g = Game(WorldMap(name, size), size, 7)
    g.install_location(Work(g.build_iterator()).drain().result)
    return g


def _enter(g, style=None):
    sites = [s for s in g.loc.sites if style is None or s.style == style]
    site = sites[0]
    g.pos = (site.x, site.y)
    assert g.enter_site()
    work = Work(g.build_iterator()).drain()
    assert work.error is None, work.error
    g.install_level(work.stages["final"])
    return g.level


def test_same_world_same_overworld_other_world_differs():
    a, b, c = _game("Avalon"), _game("Avalon"), _game("Brindle")
    assert (a.loc.tiles == b.loc.tiles).all()
    assert [(s.x, s.y, s.seed) for s in a.loc.sites] == [(s.x, s.y, s.seed) for s in b.loc.sites]
    assert not (a.loc.tiles == c.loc.tiles).all()
    assert len(a.loc.sites) == 100
    assert a.loc.passable[a.pos[1], a.pos[0]]


def test_overworld_movement_rules():
    g = _game()
    loc = g.loc
    # A blocked neighbour never accepts the player; a passable one costs its turns.
    h, w = loc.tiles.shape
    for _ in range(200):
        x, y = g.pos
        moved = False
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h):
                continue
            before = g.turn
            ok = g.move(dx, dy)
            assert ok == bool(loc.passable[ny, nx])
            if ok:
                assert g.turn - before == max(1, int(loc.cost[ny, nx]))
                moved = True
                break
        assert moved


@pytest.mark.parametrize("style", ["caverns", "mosaic", "rooms"])
def test_levels_rebuild_identically_and_deltas_apply(style):
    g = _game("Deltaland", "small")
    if not any(s.style == style for s in g.loc.sites):
        pytest.skip(f"no {style} site in this world")
    level = _enter(g, style)
    assert WALKABLE[level.tiles[level.up[1], level.up[0]]]
    assert level.tiles[level.up[1], level.up[0]] == T.stairs_up
    assert level.down is not None and level.tiles[level.down[1], level.down[0]] == T.stairs_down
    dist = grid.distance_map(WALKABLE[level.tiles], [(level.up[1], level.up[0])], 8)
    assert dist[level.down[1], level.down[0]] >= 0  # the way down is reachable
    assert level.monsters and TRANSPARENT[level.shown_tiles()].any()
    # change it, store the delta, rebuild, apply
    killed = level.monsters[0]
    level.kill(killed)
    if level.items:
        level.take(level.items[0])
    level.seen[:3, :3] = True
    delta = json.loads(json.dumps(snapshot.level_snapshot(level)))
    g.leave_site()
    level2 = _enter(g, style)
    assert level2 is not level
    assert killed.index in level2.killed and all(m.index != killed.index for m in level2.monsters)
    assert level2.seen[:3, :3].all()
    assert snapshot.level_snapshot(level2) == delta


def test_last_level_holds_the_treasure_and_clearing_opens_the_next_location():
    g = _game("Treasury", "small")
    g.player.hp = g.player.max_hp = 10_000
    for site in g.loc.sites[:g.world.sites_to_unlock(100)]:
        g.pos = (site.x, site.y)
        g.enter_site()
        for depth in range(1, g.size.levels + 1):
            work = Work(g.build_iterator()).drain()
            g.install_level(work.stages["final"])
            assert g.depth == depth
            if depth < g.size.levels:
                g.pos = g.level.down
                assert g.descend()
        level = g.level
        assert level.down is None and level.treasure_index >= 0
        treasure = [it for it in level.items if it.kind.kind == "treasure"][0]
        level.monsters.clear()
        g.pos = (treasure.x + 1, treasure.y) if level.walkable[treasure.y, treasure.x + 1] else g.pos
        g.pos = (treasure.x, treasure.y)
        take_items(g, level.items_at(treasure.x, treasure.y))
        assert g.is_cleared(site.index)
        g.pos = level.up
        for _ in range(g.size.levels):
            if g.mode == "dungeon":
                g.pos = g.level.up
                g.ascend()
                if g.pending:
                    work = Work(g.build_iterator()).drain()
                    g.install_level(work.stages["final"])
        assert g.mode == "overworld"
    assert g.unlocked == 2
    assert g.go_location(1)
    g.install_location(Work(g.build_iterator()).drain().result)
    assert g.location == 1


def test_monsters_chase_and_fight():
    g = _game("Fightclub", "small")
    level = _enter(g)
    m = level.monsters[0]
    # Put the player two steps from the monster in the open and let it come.
    dist = grid.distance_map(level.walkable, [(m.y, m.x)], 8)
    ys, xs = np.nonzero(dist == 2)
    g.pos = (int(xs[0]), int(ys[0]))
    level.update_view(*g.pos)
    m.awake = True
    hp = g.player.hp
    for _ in range(20):
        g.wait()
    assert g.player.hp < hp or g.dead  # it came and hit
    assert max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1 or m not in level.monsters


def test_save_body_roundtrip_through_game():
    g = _game("Roundtrip", "small")
    _enter(g)
    g.player.inventory += ["potion", "iron_ore"]
    g.level.seen[:] = True
    body = json.loads(save.encode(g.to_json()))["body"]
    h = Game.from_json(body)
    h.install_location(Work(h.build_iterator()).drain().result)
    assert isinstance(h.pending, LevelRequest)
    h.install_level(Work(h.build_iterator()).drain().stages["final"])
    assert (h.mode, h.site, h.depth, h.pos) == (g.mode, g.site, g.depth, g.pos)
    assert codec.player_to_json(h.player) == codec.player_to_json(g.player)
    assert h.level.seen.all()


def test_crafting_and_equipment():
    g = _game("Smithy")
    p = g.player
    p.inventory = ["iron_ore", "iron_ore", "iron_ore", "dagger", "leather"] + ["herbs"] * content.RECIPES["herbs"].need
    atk = p.attack
    assert g.use_item(0)  # craft from iron ore
    assert p.attack == atk + 1 and p.inventory.count("iron_ore") == 0
    assert g.use_item(p.inventory.index("dagger"))
    assert p.weapon == "dagger" and p.attack == atk + 3
    assert g.use_item(p.inventory.index("leather")) and p.defence == 1
    assert g.use_item(p.inventory.index("herbs")) and "potion" in p.inventory
    p.hp = 5
    assert g.use_item(p.inventory.index("potion")) and p.hp == 20


@pytest.mark.parametrize("module", [names, fov, save, combat, codec])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


# -- the facade ----------------------------------------------------------------------------
def test_setting_state_through_the_game_writes_the_run():
    g = Game(WorldMap("Facade", "small"), "small", 0)
    g.turn = 7
    assert g.run.turn == 7 and g.turn == 7


def test_setting_a_method_of_the_game_is_refused_not_lost():
    g = Game(WorldMap("Facade", "small"), "small", 0)
    with pytest.raises(AttributeError, match="'save_to' is a method of the game"):
        g.save_to = lambda *a: None
    assert "save_to" not in vars(g.run)
