"""Vaults in play (game/rules/world/vaults.py, content.VAULTS), site themes
(content.themes), and the saved ground of a level (snapshot's tiles, fire,
gas and sprung vaults), each read back exactly and clamped."""

import numpy as np
import pytest

from worldgen.core import seeding
from worldgen.core.registry import Stage, generate
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import vaults as carving

from game.rules import content
from game.rules.world import hazards, populate, vaults
from game.rules.content import DUNGEONS, THEME_BY_NAME, THEMES, VAULTS
from game.rules.content.themes import level_params, level_style, theme_of
from game.rules.world.level import Level, LevelKey
from game.rules.persistence.snapshot import apply_snapshot, level_snapshot

from test_rules import dungeon_run, put_monster

HALL_Y = 20


def vault_level(design: str, seed: int = 0) -> Level:
    """A hall in solid rock with one vault of ``design`` carved beside it."""
    tiles = np.full((40, 80), T.wall, np.uint8)
    tiles[HALL_Y - 2:HALL_Y + 2, 2:78] = T.floor
    records = carving.carve(tiles, np.random.default_rng(seed), [design])
    assert records, design
    points = {"start": np.array([[3, HALL_Y]]), "exit": np.array([[76, HALL_Y]]),
              "monsters": np.zeros((0, 2), int), "items": np.zeros((0, 2), int), **carving.points_of(records)}
    stage = Stage("final", tiles, points=points, info={"vaults": records})
    return Level(LevelKey(0, 0, 1), stage, style="rooms", terrain=int(T.grass), seed=seed + 1, tier=2,
                 size=DUNGEONS["small"], last=False)


def stand_at_door(g) -> tuple[int, int]:
    """Put the player on the ground just outside the level's one vault's door."""
    v = g.level.vaults[0]
    dx, dy = v["door"]
    for sx, sy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        if g.level.walkable[dy + sy, dx + sx] and g.level.tiles[dy + sy, dx + sx] == T.floor:
            g.pos = (dx + sx, dy + sy)
            g.level.update_view(*g.pos)
            return (dx, dy)
    raise AssertionError("no ground outside the door")


def test_the_vault_table_is_the_generators_designs_and_has_eight():
    assert tuple(VAULTS) == carving.DESIGNS and len(VAULTS) >= 8


@pytest.mark.parametrize("design", carving.DESIGNS)
def test_each_vault_is_filled_the_same_from_the_same_seed(design):
    a, b = vault_level(design), vault_level(design)
    assert [(i.index, i.kind.id, i.x, i.y) for i in a.items] == [(i.index, i.kind.id, i.x, i.y) for i in b.items]
    assert [(m.index, m.kind.id, m.x, m.y) for m in a.monsters] == [(m.index, m.kind.id, m.x, m.y) for m in b.monsters]
    v = a.vaults[0]
    for x, y in v.get("items", []):
        assert a.items_at(x, y) or VAULTS[design].holds == "nothing"


def test_a_locked_vault_opens_with_its_key_and_not_without():
    g = dungeon_run(vault_level("locked"))
    (dx, dy) = stand_at_door(g)
    step = (dx - g.pos[0], dy - g.pos[1])
    assert not g.move(*step) and "locked" in g.log[-1][0]
    key = next(it for it in g.level.items if it.kind.id == "vault_key")
    x, y = g.level.vaults[0]["key"][0]
    assert (key.x, key.y) == (x, y) and g.level.walkable[y, x]
    g.player.inventory.append("vault_key")
    here = g.pos
    assert g.move(*step) and g.level.tiles[dy, dx] == T.open_door and "vault_key" not in g.player.inventory
    assert g.pos == here  # unlocking takes the turn; the next step goes in
    assert g.move(*step) and g.pos == (dx, dy)


def test_taking_one_thing_from_an_altar_cage_cages_the_others():
    g = dungeon_run(vault_level("cage"))
    level = g.level
    cells = [tuple(c) for c in level.vaults[0]["items"]]
    assert all(level.tiles[y, x] == T.pedestal for x, y in cells)
    g.pos = cells[0]
    g.pick_up()
    assert level.tiles[cells[0][1], cells[0][0]] == T.pedestal
    assert all(level.tiles[y, x] == T.cage and not level.walkable[y, x] for x, y in cells[1:])
    assert 0 in level.sprung and any("Cages" in line for line, _, _ in g.log[-3:])


def test_taking_an_ambushs_treasure_opens_its_walls_on_its_keepers():
    g = dungeon_run(vault_level("ambush"))
    level = g.level
    before = len(level.monsters)
    (x, y), = level.vaults[0]["items"]
    g.pos = (x, y)
    g.pick_up()
    lurkers = [tuple(c) for c in level.vaults[0]["lurkers"]]
    assert all(level.tiles[ly, lx] == T.vault_floor for lx, ly in lurkers)
    new = level.monsters[before:]
    assert len(new) == len(lurkers) and all(m.awake for m in new)
    g.level.drop("potion", x, y)  # taking again does not spring it twice
    g.pick_up()
    assert len(level.monsters) == len(new) + before


def test_guardian_statues_move_only_when_the_player_does():
    g = dungeon_run(vault_level("guardian"))
    statues = [m for m in g.level.monsters if m.kind.id == "sentinel"]
    assert len(statues) == 4
    stand_at_door(g)
    g.wait()  # first sight
    where = [m.pos for m in statues]
    g.wait()
    assert [m.pos for m in statues] == where  # a rest: they stand still
    v = g.level.vaults[0]
    dx, dy = v["door"]
    assert g.move(dx - g.pos[0], dy - g.pos[1])
    assert [m.pos for m in statues] != where


def test_a_guardian_room_is_kept_out_of_once_its_sentinels_are_seen_and_only_then():
    g = dungeon_run(vault_level("guardian"))
    level = g.level
    x, y, w, h = level.vaults[0]["box"]
    room = np.zeros(level.shape, bool)
    room[y:y + h, x:x + w] = True
    level.seen[:] = False
    assert not vaults.guarded(level).any()  # sentinels not yet seen: nothing known
    g.pos = stand_at_door(g)  # in the doorway: the room in sight
    level.update_view(*g.pos)
    assert np.array_equal(vaults.guarded(level), room)
    for m in [m for m in level.monsters if m.kind.id == "sentinel"]:
        level.monsters.remove(m)
    assert not vaults.guarded(level).any()  # no sentinel left: an ordinary room


@pytest.mark.parametrize("corner, dx, dy, inside", [
    ("top left", 0, 0, True), ("top left", -1, 0, False), ("top left", 0, -1, False),
    ("bottom right", 0, 0, True), ("bottom right", 1, 0, False), ("bottom right", 0, 1, False)])
def test_a_sentinel_on_its_rooms_edge_guards_the_room_and_one_a_step_past_it_only_its_neighbours(
        corner, dx, dy, inside):
    """The box holds x0..x0+w-1 and y0..y0+h-1: a sentinel on its first or last row or column
    keeps the whole room guarded; one a step outside guards only the cells beside it."""
    g = dungeon_run(vault_level("guardian"))
    level = g.level
    x0, y0, w, h = level.vaults[0]["box"]
    sentinel, *others = [m for m in level.monsters if m.kind.id == "sentinel"]
    for m in others:
        level.monsters.remove(m)
    x, y = (x0, y0) if corner == "top left" else (x0 + w - 1, y0 + h - 1)
    sentinel.pos = (x + dx, y + dy)
    level.seen[:] = True
    beside = np.zeros(level.shape, bool)
    beside[max(0, y + dy - 1):y + dy + 2, max(0, x + dx - 1):x + dx + 2] = True
    room = np.zeros(level.shape, bool)
    room[y0:y0 + h, x0:x0 + w] = True
    assert np.array_equal(vaults.guarded(level), (room | beside) if inside else beside)


def test_auto_explore_and_travel_keep_out_of_a_seen_guardian_room_but_a_click_goes_in():
    from game.rules.actions.travel import explore_target, plan_path
    g = dungeon_run(vault_level("guardian"))
    level = g.level
    door = stand_at_door(g)
    level.seen[:] = True  # every cell known: the room's finds are auto-explore's only targets
    keep_out = vaults.guarded(level)
    assert keep_out[door[1], door[0]]
    finds = [it for it in level.items if it.index >= vaults.ITEM_BASE]
    assert finds and all(keep_out[it.y, it.x] for it in finds)
    target = explore_target(g)
    assert target is None or not keep_out[target[1], target[0]]
    far = level.exit if hasattr(level, "exit") else level.down
    path = plan_path(g, *far)
    assert path and not any(keep_out[cy, cx] for cx, cy in path)  # the walk on goes round
    it = finds[0]
    path = plan_path(g, it.x, it.y)  # a click on the find: the player's choice, so in it goes
    assert path and path[-1] == (it.x, it.y)
    g.pos = (it.x, it.y)  # once inside, every walk may lead out
    path = plan_path(g, *door)
    assert path and path[-1] == door
    level.seen[:, -6:] = False  # the hall's far end not yet explored
    for it in finds:  # inside, beside the room's other finds: auto-explore leads out, not to them
        g.pos = (it.x, it.y + 1)
        target = explore_target(g)
        assert target is not None and not keep_out[target[1], target[0]], target


def test_a_sentinel_is_stone_neither_confused_nor_afraid():
    """A confused monster stumbles at random and an afraid one runs: a
    sentinel that did either walked off its room's floor and stood in a
    hall for good."""
    from game.rules.creatures import status
    g = dungeon_run(vault_level("guardian"))
    sentinel = next(m for m in g.level.monsters if m.kind.id == "sentinel")
    for name in ("confused", "afraid", "paralysed", "poisoned", "burning"):
        status.add(sentinel, name, 10)
        assert name not in sentinel.statuses, name
    rat = put_monster(g.level, 3, HALL_Y, "rat")
    status.add(rat, "confused", 10)
    assert "confused" in rat.statuses  # the rule is the sentinel's, not the status's


def test_walks_go_round_a_sentinel_out_of_its_room_and_keep_from_its_side():
    from game.rules.actions.travel import plan_path
    g = dungeon_run(vault_level("guardian"))
    level = g.level
    level.seen[:] = True
    sentinel = next(m for m in level.monsters if m.kind.id == "sentinel")
    sentinel.x, sentinel.y = 40, HALL_Y  # moved out by magic, into the hall, for good
    g.pos = (30, HALL_Y)
    keep_out = vaults.guarded(level)
    assert keep_out[HALL_Y - 1:HALL_Y + 2, 39:42].all() and not keep_out[HALL_Y, 38]
    path = plan_path(g, 50, HALL_Y)
    assert path and path[-1] == (50, HALL_Y)
    assert all(max(abs(x - 40), abs(y - HALL_Y)) >= 2 for x, y in path), path  # round, never beside it
    assert plan_path(g, 41, HALL_Y) and (40, HALL_Y) not in plan_path(g, 41, HALL_Y)  # a click beside it: never through it


def test_a_flooded_vaults_treasure_lies_in_deep_water():
    level = vault_level("flooded")
    cells = [tuple(c) for c in level.vaults[0]["items"]]
    assert cells and all(level.tiles[y, x] == T.deep_water and level.items_at(x, y) for x, y in cells)


def test_a_library_holds_scrolls_and_an_altar():
    level = vault_level("library")
    kinds = {it.kind.kind for it in level.items if it.index >= vaults.ITEM_BASE}
    assert kinds == {"scroll"}
    x, y, w, h = level.vaults[0]["box"]
    assert (level.tiles[y:y + h, x:x + w] == T.altar).sum() == 1


def test_a_trapped_corridors_traps_are_hidden():
    level = vault_level("trapped")
    traps = [tuple(c) for c in level.vaults[0]["traps"]]
    assert len(traps) >= 3 and all(level.hidden_traps[y, x] for x, y in traps)


def test_a_prisons_captors_sleep_and_its_captive_cell_is_a_stage_point():
    level = vault_level("captive")
    guards = [m for m in level.monsters if m.index >= vaults.KEEPER_BASE]
    assert len(guards) == 2 and not any(m.awake for m in guards)
    x, y = level.vaults[0]["captive"][0]
    prisoner = level.monster_at(x, y)  # the level's prisoners stand on the stage's captive points
    assert level.walkable[y, x] and prisoner is not None and prisoner.captive and not prisoner.awake

def test_vaults_on_generated_levels_are_reachable_and_filled():
    for seed in range(4):
        stage = generate("rooms", f"v{seed}", 84, 52, {"vaults": 4}).stages["final"]
        level = Level(LevelKey(0, 0, 2), stage, style="rooms", terrain=int(T.grass), seed=seed, tier=2,
                      size=DUNGEONS["medium"], last=False)
        for v in level.vaults:
            dx, dy = v["door"]
            assert WALKABLE[stage.data[dy, dx]]
        assert len(level.vaults) >= 2


# -- themes -------------------------------------------------------------------------------
def test_a_sites_theme_comes_from_its_seed_and_every_theme_is_drawn():
    assert theme_of(7) == theme_of(7)
    assert {theme_of(s).name for s in range(300)} == {t.name for t in THEMES}


def test_a_theme_changes_what_the_generator_is_asked_for():
    plain, flooded = THEME_BY_NAME["plain"], THEME_BY_NAME["flooded"]
    assert level_params(flooded, "caverns", False)["lakes"] > level_params(plain, "caverns", False)["lakes"]
    assert level_params(THEME_BY_NAME["ruined"], "mosaic", True)["chasms"] == 0.0  # nowhere to fall from the last
    assert level_params(THEME_BY_NAME["vault-heavy"], "rooms", False)["vaults"] > level_params(plain, "rooms", False)["vaults"]
    assert "doors" not in level_params(plain, "rooms", False)  # rooms lays its own


def test_a_sites_levels_vary_in_style_below_the_first():
    styles = {level_style(s, "caverns", d) for s in range(60) for d in (2, 3, 4)}
    assert styles == {"caverns", "mosaic", "rooms"}
    assert {level_style(s, "caverns", 1) for s in range(60)} == {"caverns"}


def test_the_overworld_names_a_sites_theme():
    g = dungeon_run()
    site = g.loc.sites[0]
    line = site.describe()
    assert site.style in line and (site.theme.name in line or site.theme.name == "plain")


def test_a_burning_sites_level_has_fires_alight_when_built():
    from game.rules.play.build import light_fires

    level = vault_level("library")
    level.tiles[HALL_Y, 10:20] = T.grass
    light_fires(level, 3)
    assert int(np.count_nonzero(level.fire)) == 3


# -- the saved ground ---------------------------------------------------------------------
def test_the_ground_play_changed_is_saved_and_read_back_exactly():
    g = dungeon_run(vault_level("cage"))
    level = g.level
    cells = [tuple(c) for c in level.vaults[0]["items"]]
    g.pos = cells[0]
    g.pick_up()
    level.tiles[HALL_Y, 10:14] = T.grass
    hazards.ignite(level, 11, HALL_Y)
    hazards.release(level, "poison", 20, HALL_Y, 700)
    snap = level_snapshot(level)
    assert {"tiles", "fire", "gas", "sprung"} <= set(snap)
    back = vault_level("cage")
    back.tiles[HALL_Y, 10:14] = T.grass
    assert apply_snapshot(back, snap)
    assert back.changed == level.changed and back.sprung == level.sprung
    assert np.array_equal(back.fire, level.fire) and np.array_equal(back.gas["poison"], level.gas["poison"])
    assert np.array_equal(back.tiles, level.tiles)


def test_things_under_water_and_in_cages_are_kept_by_a_save():
    for design in ("flooded", "cage"):
        g = dungeon_run(vault_level(design))
        if design == "cage":
            g.pos = tuple(g.level.vaults[0]["items"][0])
            g.pick_up()
        kept = sorted((it.index, it.x, it.y) for it in g.level.items)
        back = vault_level(design)
        assert apply_snapshot(back, level_snapshot(g.level))
        assert sorted((it.index, it.x, it.y) for it in back.items) == kept


def test_a_saved_ground_is_clamped():
    level = vault_level("ambush")
    w = level.shape[1]
    door = level.vaults[0]["door"]
    lurker = level.vaults[0]["lurkers"][0]
    snap = level_snapshot(level)
    snap["tiles"] = [[door[1] * w + door[0], T.vault_floor],  # a door may not become floor
                     [lurker[1] * w + lurker[0], T.vault_floor],  # a lurker wall only once sprung
                     [5 * w + 5, T.ash], [-3, T.ash], "x", [10**12, 3]]
    snap["fire"] = [[HALL_Y * w + 10, 99], [0, 5], [HALL_Y * w + 11, -4]]
    snap["gas"] = {"poison": [[HALL_Y * w + 12, 10**9], [HALL_Y * w + 13, 0]], "lava": [[HALL_Y * w + 14, 5]]}
    snap["sprung"] = [7, -1, "a"]
    assert apply_snapshot(level, snap)
    assert level.changed == {} and level.sprung == []
    assert not level.fire.any()  # floor does not burn, and fire's turns are clamped where it can
    assert level.gas["poison"][HALL_Y, 12] == hazards.MAX_GAS and level.gas["poison"][HALL_Y, 13] == 0
    assert set(level.gas) == {"poison"}
    snap["sprung"] = [0]
    fresh = vault_level("ambush")
    assert apply_snapshot(fresh, snap) and fresh.sprung == [0]
    assert fresh.tiles[lurker[1], lurker[0]] == T.vault_floor


def test_a_saved_fire_on_grass_keeps_its_turns_clamped():
    level = vault_level("library")
    level.tiles[HALL_Y, 10] = T.grass
    w = level.shape[1]
    snap = level_snapshot(level)
    snap["fire"] = [[HALL_Y * w + 10, 99]]
    assert apply_snapshot(level, snap)
    assert level.fire[HALL_Y, 10] == hazards.MAX_FIRE


def test_content_for_vaults_names_real_kinds():
    assert content.MONSTER_BY_ID[content.vaults.STATUE_KIND].behaviour == "statue"
    assert content.ITEM_BY_ID["vault_key"].kind == "key"


def test_an_ambush_sprung_opens_its_walls_and_its_keepers_pour_out_awake_a_tier_up():
    g = dungeon_run(vault_level("ambush"))
    level = g.level
    cells = [tuple(c) for c in level.vaults[0]["lurkers"]]
    item = next(it for it in level.items if vaults.vault_of_item(level, it.index) == 0)
    lines = vaults.on_take(g, item.index)
    assert lines == [("The walls crack open: the treasure's keepers pour out!", "bad")]
    assert level.sprung == [0] and g.dirty is True and g.events[-1] == "trap"
    assert all(level.tiles[y, x] == T.vault_floor for x, y in cells)
    rng = seeding.rng(level.seed, "ambush", level.key.depth, 0)
    tier = level.tier + vaults.AMBUSH_TIERS
    want = []
    for j, (x, y) in enumerate(cells):
        kind = content.pick_monster(rng, tier)
        want.append((vaults.AMBUSH_BASE + j, kind.id, x, y, content.monster_stats(kind, tier)[0], True))
    got = [(m.index, m.kind.id, m.x, m.y, m.max_hp, m.awake) for m in level.monsters if m.index >= vaults.AMBUSH_BASE]
    assert got == want and vaults.on_take(g, item.index) == []


def test_an_ambush_sends_no_keeper_onto_the_player_or_another_creature():
    g = dungeon_run(vault_level("ambush"))
    level = g.level
    (x0, y0), (x1, y1) = [tuple(c) for c in level.vaults[0]["lurkers"][:2]]
    g.pos = (x0, y0)
    other = put_monster(level, x1, y1)
    item = next(it for it in level.items if vaults.vault_of_item(level, it.index) == 0)
    vaults.on_take(g, item.index)
    assert level.monster_at(x0, y0) is None and level.monster_at(x1, y1) is other
    assert not any(m.index in (vaults.AMBUSH_BASE, vaults.AMBUSH_BASE + 1) for m in level.monsters)


# -- numbering: several vaults on one level ----------------------------------------------------------------------------
STACK = next(i for i in content.ITEMS if i.count > 1)
LONER = next(k for k in content.MONSTERS if k.group == 1 and k.moves == "walk" and not k.disguise)


def hand_vaults(records: list[dict], monsters=()) -> Level:
    """The hall of ``creatures.level_of`` with these vault records (cells by hand) and monster spawn points."""
    from creatures import level_of
    points = {"start": np.array([[1, 1]]), "exit": np.array([[18, 5]]),
              "monsters": np.array(list(monsters), int).reshape(-1, 2), "items": np.zeros((0, 2), int)}
    stage = Stage("final", level_of().tiles.copy(), points=points, info={"vaults": records})
    return Level(LevelKey(0, 0, 1), stage, style="rooms", terrain=int(T.grass), seed=3, tier=2,
                 size=DUNGEONS["small"], last=False)


def test_each_vaults_finds_key_and_keepers_are_numbered_by_vault_and_skip_taken_cells(monkeypatch):
    """Vault ``k``'s finds are ``ITEM_BASE + 64 k + j`` (each a whole bundle of
    its kind), its key ``+ 63``, its keepers ``KEEPER_BASE + 64 k + j``; a
    vault of no known design holds nothing; a keeper's cell already taken (the
    stairs, a monster, another keeper) stays as it was."""
    monkeypatch.setattr(content, "pick_item", lambda rng, tier, terrain: STACK)
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: LONER)
    monkeypatch.setattr(populate, "CAPTIVE_CHANCE", 0.0)
    records = [{"design": "no such design", "items": [[2, 4]], "guards": [[2, 5]]},
               {"design": "locked", "items": [[3, 2], [4, 2]], "key": [[5, 4]], "guards": [[1, 1], [9, 2], [10, 2]]},
               {"design": "guardian", "items": [[12, 2]], "guards": [[14, 2]], "statues": [[14, 2], [15, 2]]}]
    level = hand_vaults(records, monsters=[(9, 2)])
    items = {(it.x, it.y): it for it in level.items}
    assert (2, 4) not in items and level.monster_at(2, 5) is None
    assert [(items[c].index, items[c].count) for c in ((3, 2), (4, 2), (12, 2))] == [
        (vaults.ITEM_BASE + 64, STACK.count), (vaults.ITEM_BASE + 65, STACK.count), (vaults.ITEM_BASE + 128, STACK.count)]
    assert items[(5, 4)].kind.id == "vault_key" and items[(5, 4)].index == vaults.ITEM_BASE + 64 + 63
    assert [vaults.vault_of_item(level, items[c].index) for c in ((3, 2), (4, 2), (12, 2), (5, 4))] == [1, 1, 2, -1]
    keepers = {m.pos: m.index for m in level.monsters if m.index >= vaults.KEEPER_BASE}
    assert keepers == {(10, 2): vaults.KEEPER_BASE + 64 + 2, (14, 2): vaults.KEEPER_BASE + 128,
                       (15, 2): vaults.KEEPER_BASE + 128 + 2}
    assert level.monster_at(9, 2).index == 0 and level.monster_at(15, 2).kind.id == content.vaults.STATUE_KIND


def test_an_item_index_names_no_vault_below_the_base_past_the_last_vault_or_for_a_key():
    level = hand_vaults([{"design": "cage", "items": [[3, 2]]}, {"design": "cage", "items": [[5, 2]]}])
    for index in (vaults.ITEM_BASE - 1, vaults.ITEM_BASE + 63, vaults.ITEM_BASE + 64 + 63, vaults.ITEM_BASE + 128, 7):
        assert vaults.vault_of_item(level, index) == -1
    assert [vaults.vault_of_item(level, vaults.ITEM_BASE + 64 * k + j) for k, j in ((0, 0), (0, 62), (1, 0), (1, 62))] \
        == [0, 0, 1, 1]


def test_a_vaults_finds_are_gear_from_deeper_down_or_any_scroll_up_to_that_tier():
    level = hand_vaults([])
    tier = level.tier + content.vaults.TREASURE_TIERS
    scrolls = {i for i in content.ITEMS if i.kind == "scroll" and i.tier <= tier}
    rng = np.random.default_rng(8)
    assert {vaults._find(rng, "scrolls", level) for _ in range(400)} == scrolls
    for seed in range(20):
        assert vaults._find(np.random.default_rng(seed), "treasure", level) == \
            content.pick_item(np.random.default_rng(seed), tier, level.terrain)
    assert vaults._find(rng, "nothing", level) is None


def test_closing_the_cages_says_so_and_marks_the_run_to_be_saved():
    g = dungeon_run(vault_level("cage"))
    item = next(it for it in g.level.items if vaults.vault_of_item(g.level, it.index) == 0)
    g.dirty = False
    lines = vaults.on_take(g, item.index)
    assert lines == [("Cages slam down over the other altars!", "bad")] and g.dirty is True


def test_the_keepers_of_a_second_ambush_are_numbered_by_its_vault(monkeypatch):
    monkeypatch.setattr(content, "pick_monster", lambda rng, tier: LONER)
    level = hand_vaults([{"design": "cage", "items": [[3, 2]]},
                         {"design": "ambush", "items": [[8, 2]], "lurkers": [[7, 0], [9, 0]]}])
    g = dungeon_run(level)
    vaults.on_take(g, vaults.ITEM_BASE + 64)
    assert [(m.index, m.pos) for m in level.monsters if m.index >= vaults.AMBUSH_BASE] == [
        (vaults.AMBUSH_BASE + 64, (7, 0)), (vaults.AMBUSH_BASE + 65, (9, 0))]


@pytest.mark.parametrize("tier", range(0, 6))
def test_a_librarys_scrolls_are_every_scroll_up_to_the_treasure_tier_and_none_above(tier):
    from types import SimpleNamespace
    level = SimpleNamespace(tier=tier, terrain=int(T.grass))
    scrolls = {i for i in content.ITEMS if i.kind == "scroll" and i.tier <= tier + content.vaults.TREASURE_TIERS}
    rng = np.random.default_rng(tier)
    assert {vaults._find(rng, "scrolls", level) for _ in range(300)} == scrolls


@pytest.mark.parametrize("design, choice", [("cage", True), ("ambush", True), ("library", False)])
def test_a_find_of_the_first_vault_is_a_choice_while_its_cage_or_ambush_waits_and_not_once_sprung(design, choice):
    """``choice_vault`` names the vault (0, the level's first) a find's taking would spring;
    -1 for a vault with no such rule, and once it has sprung."""
    level = vault_level(design)
    finds = [it for it in level.items if vaults.vault_of_item(level, it.index) == 0]
    assert finds
    assert {vaults.choice_vault(level, it) for it in finds} == {0 if choice else -1}
    level.sprung.append(0)
    assert {vaults.choice_vault(level, it) for it in finds} == {-1}
