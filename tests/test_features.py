"""Dungeon features: placed by the generators, kept clear of every promise,
shown in the demos, and used in play."""

import numpy as np
import pygame
import pytest

import game.shell.app as app_module
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.identify import is_known
from game.scenes.demo import DemoScene
from game.scenes.play import PlayScene
from worldgen.core import registry
from worldgen.core.steps import finish, finish_with_events
from worldgen.core.tiles import PALETTE, WALKABLE, T
from worldgen.generators.rooms.draw import Draw
from worldgen.toolkit import features, grid
from worldgen.toolkit.bitgrid import BitGrid

from gameloop import key, make_app, press, run, run_until
from test_tactics import hand_made, in_dungeon

FEATURES = set(features.FEATURE_TILES) | {T.trap}


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


@pytest.mark.parametrize("seed", range(12))
def test_box_tests_and_lookup_tables_match_the_counts_they_replace(seed):
    rng = np.random.default_rng(seed)
    m = rng.random((int(rng.integers(1, 30)), int(rng.integers(1, 30)))) < rng.uniform(0.05, 0.95)
    assert np.array_equal(grid.dilate(m), grid.neighbour_count(m, 1, include_centre=True) > 0)
    assert np.array_equal(grid.erode(m), m & (grid.neighbour_count(m, 1) == 8))
    tiles = rng.integers(0, len(PALETTE), m.shape).astype(np.uint8)
    assert np.array_equal(features.IS_FEATURE[tiles], np.isin(tiles, features.FEATURE_TILES))
    assert np.array_equal(features.IS_FLOORLIKE[tiles], np.isin(tiles, (T.floor, T.ground)))


@pytest.mark.parametrize("gen", ["rooms", "mosaic"])
def test_the_dungeon_generators_dress_their_maps(gen):
    counts = []
    for seed in ("dress-1", "dress-2", "dress-3"):
        final = registry.generate(gen, seed).stages["final"]
        tiles = final.data
        placed = np.isin(tiles, list(FEATURES))
        counts.append(int(placed.sum()))
        assert final.info["features"] == int(np.isin(tiles, features.FEATURE_TILES).sum())
        assert final.info["traps"] == int((tiles == T.trap).sum())
        # no feature stands next to another blocking feature or on a point
        blocking = np.isin(tiles, features.FEATURE_TILES)
        assert not (blocking & (grid.neighbour_count(blocking, 1) > 0)).any()
        for pts in final.points.values():
            for x, y in np.asarray(pts).reshape(-1, 2).tolist():
                assert not blocking[y, x] and tiles[y, x] != T.trap
        # and the map is still one walk from the stairs up
        (sx, sy), = final.points["start"].tolist()
        walk = WALKABLE[tiles]
        assert (grid.walk_distance(walk, [(sy, sx)])[walk] >= 0).all()
    assert min(counts) > 0
    bare = registry.generate(gen, "dress-1", params={"features": 0.0}).stages["final"].data
    assert not np.isin(bare, list(FEATURES)).any()


def test_features_are_drawn_in_the_demo(tmp_path):
    app = make_app("?mode=demo&demo=rooms&seed=dress-1&p.features=8&ui=0", tmp_path)
    assert isinstance(app.top, DemoScene)
    assert run_until(app, lambda: app.top.work is not None and app.top.work.done, 200)
    run(app, 3)
    pixels = pygame.surfarray.array3d(app.screen).transpose(1, 0, 2).reshape(-1, 3)
    colours = {tuple(c) for c in np.unique(pixels, axis=0).tolist()}
    shown = [t for t in (T.statue, T.fountain, T.altar, T.table, T.trap) if tuple(PALETTE[t].tolist()) in colours]
    assert len(shown) >= 3, shown


ROOM = """\
##########
#........#
#..&.....#
#........#
#..{..=..#
#......_.#
##########"""


def dressed_level():
    level = hand_made(ROOM.replace("&", ".").replace("{", ".").replace("=", ".").replace("_", "."))
    for ch, tile in (("&", T.statue), ("{", T.fountain), ("=", T.table), ("_", T.altar)):
        for y, row in enumerate(ROOM.splitlines()):
            x = row.find(ch)
            if x >= 0:
                level.tiles[y, x] = tile
    level._refresh_masks()
    return level


def test_a_statue_blocks_sight_a_table_only_the_way(tmp_path):
    level = dressed_level()
    app, g = in_dungeon(tmp_path, level)
    g.pos = (3, 1)
    level.update_view(3, 1)
    assert level.visible[2, 3] and not level.visible[3, 3] and not level.visible[4, 3]  # behind the statue
    g.pos = (6, 3)
    level.update_view(6, 3)
    assert level.visible[5, 6]  # a table does not hide what is behind it
    press(app, key(pygame.K_DOWN))
    assert g.pos == (6, 3) and "table stands in the way" in g.log[-1].text


def test_a_fountain_heals_once_and_an_altar_names_what_you_carry(tmp_path):
    level = dressed_level()
    app, g = in_dungeon(tmp_path, level)
    g.player.hp = 3
    g.pos = (4, 4)
    press(app, key(pygame.K_LEFT))  # into the fountain
    assert g.player.hp == g.player.max_hp and level.tiles[4, 3] == T.dry_fountain
    g.player.hp = 3
    press(app, key(pygame.K_LEFT))
    assert g.player.hp < g.player.max_hp and "dry" in g.log[-1].text
    g.player.inventory = ["scroll_fire", "potion_speed"]
    assert not is_known(g, ITEM_BY_ID["scroll_fire"])
    g.pos = (7, 4)
    press(app, key(pygame.K_DOWN))  # into the altar
    assert is_known(g, ITEM_BY_ID["scroll_fire"]) and is_known(g, ITEM_BY_ID["potion_speed"])
    # the used features are kept in the save
    from game.rules.persistence import snapshot
    delta = snapshot.level_snapshot(level)
    again = dressed_level()
    assert snapshot.apply_snapshot(again, delta)
    assert again.tiles[4, 3] == T.dry_fountain and again.is_used(7, 5)


def test_a_hidden_trap_springs_is_found_and_then_is_stepped_over_safely(tmp_path):
    level = hand_made("""\
##########
#........#
#........#
#........#
##########""")
    level.tiles[1, 3] = T.trap
    level.hidden_traps = level.tiles == T.trap
    level._refresh_masks()
    app, g = in_dungeon(tmp_path, level)
    assert level.shown_tiles()[1, 3] == T.floor  # it looks like floor
    g.pos = (2, 1)
    press(app, key(pygame.K_RIGHT))
    assert not level.hidden_traps[1, 3] and level.known_traps()[1, 3]
    assert any(w in g.log[-1].text + g.log[-2].text for w in ("dart", "Flames", "bell", "lurches"))
    g.pos = (2, 1)
    g.player.statuses.clear()
    hp, pos = g.player.hp, (3, 1)
    press(app, key(pygame.K_RIGHT))
    assert g.pos == pos and g.player.hp == hp and not g.player.statuses  # found: no harm
    assert "step carefully" in g.log[-1].text


POCKET = """\
############
#....#.....#
#....#.....#
#....#.....#
############"""


def test_magic_never_sets_the_player_down_behind_an_unfound_secret_door(tmp_path):
    from game.rules.actions.effects import EFFECTS
    from game.rules.engine import resolve
    level = hand_made(POCKET)
    level.tiles[2, 5] = T.secret_door
    level.secret = level.tiles == T.secret_door
    level._refresh_masks()
    app, g = in_dungeon(tmp_path, level)
    pocket = np.zeros(level.shape, bool)
    pocket[1:4, 6:11] = True
    assert not (level.landing_cells() & pocket).any() and level.landing_cells()[1:4, 1:5].all()
    for turn in range(40):
        g.turn = turn
        resolve(g, EFFECTS["teleport"](g, g.player, 0))
        assert not pocket[g.pos[1], g.pos[0]], g.pos
    level.secret[2, 5] = False  # found: the far room is fair ground again
    level._refresh_masks()
    assert level.landing_cells()[pocket].all()


def test_wide_maps_are_dressed_in_bands_of_about_band_cells():
    for width in (16, 96, 1000, 1024, 1500, 2000, 50_000):
        rows = features.band_rows(width)
        assert features.MIN_BAND_ROWS <= rows <= features.BAND
        assert rows == features.BAND or rows == features.MIN_BAND_ROWS or rows * width <= features.BAND_CELLS
    assert features.band_rows(2000) * 2000 <= features.BAND_CELLS   # a wide map: shorter bands
    h, w = 200, 2000
    tiles = open_room(h, w)
    gen = features.place(tiles, 5, np.zeros((h, w), bool), density=8.0)
    info, events = finish_with_events(gen)
    assert len(events) == 2 * -(-h // features.band_rows(w))  # after each band and halfway through
    blocking = np.isin(tiles, features.FEATURE_TILES)
    assert info["features"] == int(blocking.sum()) > 0
    assert not (blocking & (grid.neighbour_count(blocking, 1) > 0)).any()   # none touch, across bands too


@pytest.mark.parametrize("seed", range(8))
def test_place_bits_keeps_the_rules_of_place(seed):
    """Features on interior floor, none touching another or the kept cell's 3x3;
    traps on plain floor not beside one; as many as :func:`features.place` would want."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(8, 40)), int(rng.integers(8, 90))
    tiles = np.where(rng.random((h, w)) < 0.85, T.floor, T.wall).astype(np.uint8)
    tiles[[0, -1], :] = T.wall
    tiles[:, [0, -1]] = T.wall
    tiles[rng.random((h, w)) < 0.03] = T.door
    before = tiles.copy()
    floor = features.IS_FLOORLIKE[before]
    keep = np.zeros((h, w), bool)
    keep[h // 2, w // 2] = True
    g = BitGrid(w, h)
    density = float(rng.uniform(0.5, 8.0))
    info, blocking, traps = finish(features.place_bits(g, tiles, g.from_mask(floor), g.from_mask(keep),
                                                       Draw(rng).u, density))
    placed = np.isin(tiles, features.FEATURE_TILES)
    assert np.array_equal(g.to_mask(blocking), placed) and np.array_equal(g.to_mask(traps), tiles == T.trap)
    assert info == {"features": int(placed.sum()), "traps": int((tiles == T.trap).sum())}
    interior = grid.erode(floor) & ~grid.dilate(keep)
    assert interior[placed].all()
    assert not (placed & (grid.neighbour_count(placed, 1) > 0)).any()
    want = int(density * interior.sum() / features.FLOOR_PER_FEATURE)
    # as many as wanted, or every interior cell is taken or beside one taken
    assert info["features"] == want or (info["features"] < want and not (interior & ~grid.dilate(placed)).any())
    trapped = tiles == T.trap
    open_floor = interior | (floor & ~grid.dilate(keep) & ~grid.border_mask((h, w)))
    assert open_floor[trapped].all() and not (trapped & grid.dilate(placed)).any()
    assert info["traps"] == min(int(density * floor.sum() / features.FLOOR_PER_TRAP),
                                int((open_floor & ~grid.dilate(placed)).sum()))
    assert np.array_equal(tiles[~placed & ~trapped], before[~placed & ~trapped])


@pytest.mark.parametrize("extra, events", [(0, 0), (1, 4), (-1, 0)])
def test_a_map_exactly_one_band_tall_is_dressed_in_one_step_and_a_row_more_in_bands(extra, events):
    """A map as tall as one band (``band_rows``) gives no Progress event; one row more is two
    bands, each with an event halfway and one at its end."""
    w = 96
    h = features.band_rows(w) + extra
    tiles = open_room(h, w)
    _, got = finish_with_events(features.place(tiles, 3, np.zeros((h, w), bool)))
    assert len(got) == events


def test_spacing_none_of_none_draws_nothing_and_one_of_some_draws_its_priorities():
    """Asked for no features, the spacing takes none and leaves the band's stream untouched (the
    band's next draws, its kinds and traps, are as if it never ran); asked for one, it draws."""
    mask = np.ones((5, 5), bool)
    for n, draws in ((0, False), (-1, False), (1, True)):
        rng, fresh = np.random.default_rng(8), np.random.default_rng(8)
        picked = features._spaced(mask, n, rng)
        assert picked.size == (1 if draws else 0)
        assert (rng.bit_generator.state != fresh.bit_generator.state) == draws


def test_spaced_features_never_stand_side_by_side_even_when_their_priorities_tie():
    """Two neighbouring candidates of the same priority both lose (each needs a priority above
    all around it), so no two chosen cells touch; a candidate alone still wins."""
    class Flat:
        def random(self, shape):
            return np.full(shape, 0.5)

    mask = np.zeros((3, 6), bool)
    mask[1, 1] = mask[1, 2] = True      # two side by side
    mask[1, 4] = True                    # one alone
    assert features._spaced(mask, 3, Flat()).tolist() == [1 * 6 + 4]


# --------------------------------------------------------------------------- the numpy dressing, exactly

def open_room(h, w):
    """Floor inside a one-cell wall."""
    tiles = np.full((h, w), T.floor, np.uint8)
    tiles[[0, -1], :] = T.wall
    tiles[:, [0, -1]] = T.wall
    return tiles


def rough_map(h, w, seed):
    """Floor with scattered walls and doors inside a wall border: interior cells, plain floor and
    cells a feature may not use, in every band."""
    rng = np.random.default_rng(seed)
    tiles = np.where(rng.random((h, w)) < 0.9, T.floor, T.wall).astype(np.uint8)
    tiles[rng.random((h, w)) < 0.02] = T.door
    tiles[[0, -1], :] = T.wall
    tiles[:, [0, -1]] = T.wall
    return tiles


def dressed(h, w, seed, density, keep=None, **kw):
    tiles = rough_map(h, w, seed)
    keep = np.zeros((h, w), bool) if keep is None else keep
    info, events = finish_with_events(features.place(tiles, seed, keep, density, **kw))
    return tiles, info, events


# sha256 of the dressed tiles; after a deliberate change to the dressing, print them again with
#   .venv/bin/python -c "import sys; sys.path.insert(0, 'tests'); from test_features import dressed_digests; dressed_digests()"
DRESSED = {
    (140, 2000, 11, 2.0): "fde937ace5c806d6bc31b879cbf82fac3724756b37a0ddf73d861b6a3d04b1d3",  # 1882 features, 1619 traps
    (30, 90, 12, 1.0): "595c539487fd9578b65595022d561b9a989bd45045c98ea986d2de962d97155d",  # 8, 7
    (64, 64, 13, 8.0): "f9b7d9207fb91d347decb8aabe937144169a2b5e3f62eabc2edddccf0180a190",  # 112, 91
}


def _digest(tiles):
    import hashlib
    return hashlib.sha256(tiles.tobytes()).hexdigest()


def dressed_digests():
    for (h, w, seed, density) in DRESSED:
        tiles, info, _ = dressed(h, w, seed, density)
        print(f"    ({h}, {w}, {seed}, {density}): \"{_digest(tiles)}\",  # {info}")


@pytest.mark.parametrize("key", list(DRESSED))
def test_the_numpy_dressing_gives_the_same_bytes_everywhere(key):
    tiles, info, _ = dressed(*key)
    assert _digest(tiles) == DRESSED[key]
    assert info == {"features": int(np.isin(tiles, features.FEATURE_TILES).sum()), "traps": int((tiles == T.trap).sum())}


def test_a_banded_dressing_reports_its_progress_in_its_stage_halfway_and_at_the_end_of_each_band():
    shown = object()  # the stage's picture, passed through untouched
    _, _, events = dressed(140, 2000, 11, 1.0, stage="connected", shown=shown)
    rows = features.band_rows(2000)  # 65: bands of rows 0-64, 65-129, 130-139
    assert rows == 65
    assert [(e.stage, e.done) for e in events] == [
        ("connected", 65 / 280), ("connected", 65 / 140), ("connected", 195 / 280), ("connected", 130 / 140),
        ("connected", 270 / 280), ("connected", 1.0)]
    assert all(e.preview is shown for e in events)
    _, _, plain = dressed(140, 2000, 11, 1.0)
    assert {e.stage for e in plain} == {"final"}  # the stage a caller names none


def test_nothing_is_dressed_on_a_bands_first_or_last_row():
    h, w = 140, 2000
    tiles = open_room(h, w)
    finish(features.place(tiles, 4, np.zeros((h, w), bool), density=8.0))
    put = np.isin(tiles, list(FEATURES))
    for y0 in (0, 65, 130):
        y1 = min(h, y0 + 65)
        assert not put[y0].any() and not put[y1 - 1].any(), (y0, y1)
        assert put[y0 + 1].any() and put[y1 - 2].any(), (y0, y1)  # the rows just inside are used


def test_nothing_is_dressed_on_or_beside_a_kept_cell_and_the_rest_of_the_map_is():
    h, w = 40, 60
    keep = np.zeros((h, w), bool)
    keep[10:14, 20:30] = True
    tiles, _, _ = dressed(h, w, 21, 8.0, keep=keep)
    put = np.isin(tiles, list(FEATURES))
    assert not put[grid.dilate(keep)].any()
    assert put[~grid.dilate(grid.dilate(keep))].any()
    free, _, _ = dressed(h, w, 21, 8.0)
    assert np.isin(free, list(FEATURES))[grid.dilate(keep)].any()  # the same map without keep is dressed there


def test_the_four_kinds_stand_in_their_weights_shares():
    h, w = 300, 400
    tiles = open_room(h, w)
    info = finish(features.place(tiles, 6, np.zeros((h, w), bool), density=8.0))
    assert info["features"] > 4000
    total = sum(weight for _, weight in features.WEIGHTS)
    for tile, weight in features.WEIGHTS:
        share = int((tiles == tile).sum()) / info["features"]
        assert abs(share - weight / total) < 0.03, (tile, share)


def test_a_dense_dressing_asks_for_one_feature_per_90_interior_cells_and_one_trap_per_300_floor():
    """One band, all floor: the spacing could take far more, so the counts are the asked ones."""
    h, w = 30, 90
    tiles = open_room(h, w)
    floor = int((tiles == T.floor).sum())
    interior = int(grid.erode(tiles == T.floor)[2:-2].sum())  # not the band's first or last row
    info = finish(features.place(tiles, 2, np.zeros((h, w), bool), density=2.0))
    assert info == {"features": int(2.0 * interior / features.FLOOR_PER_FEATURE),
                    "traps": int(2.0 * floor / features.FLOOR_PER_TRAP)}
    assert int((tiles == T.trap).sum()) == info["traps"]


def test_traps_stand_on_plain_floor_never_beside_a_feature_and_are_counted_over_every_band():
    tiles, info, _ = dressed(140, 2000, 11, 3.0)
    before = rough_map(140, 2000, 11)
    traps, blocking = tiles == T.trap, np.isin(tiles, features.FEATURE_TILES)
    assert info["traps"] == int(traps.sum()) and traps[:65].any() and traps[130:].any()
    assert features.IS_FLOORLIKE[before][traps].all() and not (traps & grid.dilate(blocking)).any()


def test_the_lookup_tables_mark_exactly_the_tiles_they_are_made_of():
    # IS_FEATURE and IS_FLOORLIKE are made at import: call the maker itself.
    table = features._lookup((T.statue, T.trap))
    assert table.shape == (256,) and table.dtype == bool
    assert set(np.flatnonzero(table).tolist()) == {int(T.statue), int(T.trap)}


def test_the_features_parameter_runs_0_to_8_and_is_1_by_default():
    field = features.density_param()
    assert field.default == 1.0 and (field.metadata["lo"], field.metadata["hi"]) == (0.0, 8.0)
    assert field.metadata["help"] == ("statues, furniture, fountains, altars and traps "
                                      "(worldgen.toolkit.features): 1 is the usual number, 0 none")


def test_place_bits_asks_for_the_usual_number_by_default_and_reports_progress_in_its_stage():
    h, w = 90, 90
    tiles = open_room(h, w)
    g = BitGrid(w, h)
    floor = g.from_mask(tiles == T.floor)
    interior = int(grid.erode(tiles == T.floor).sum())
    (info, _, _), events = finish_with_events(features.place_bits(g, tiles, floor, 0, Draw(np.random.default_rng(3)).u))
    assert info["features"] == int(interior / features.FLOOR_PER_FEATURE)
    h = w = 300  # thousands of features wanted: more than BITS_STEPS cells tried, so a yield
    dense = open_room(h, w)
    g = BitGrid(w, h)
    _, events = finish_with_events(features.place_bits(g, dense, g.from_mask(dense == T.floor), 0,
                                                       Draw(np.random.default_rng(3)).u, 8.0, shown="shown"))
    assert events
    assert {(e.stage, e.done, e.preview) for e in events} == {("final", 0.5, "shown")}


def test_the_numpy_dressing_asks_for_the_usual_number_by_default():
    tiles = open_room(30, 90)
    interior = int(grid.erode(tiles == T.floor)[2:-2].sum())
    info = finish(features.place(tiles, 2, np.zeros(tiles.shape, bool)))
    assert info["features"] == int(interior / features.FLOOR_PER_FEATURE)


def test_a_kept_cell_leaves_the_bands_edge_rows_bare_all_the_same():
    tiles = open_room(140, 2000)
    keep = np.zeros(tiles.shape, bool)
    keep[30, 1000] = True
    finish(features.place(tiles, 4, keep, density=8.0))
    put = np.isin(tiles, list(FEATURES))
    assert not put[[64, 65, 129, 130]].any() and put[[66, 128]].any()


@pytest.mark.parametrize("seed", range(4))
def test_spaced_picks_on_bits_never_touch_and_leave_no_free_cell_untouched(seed):
    """Asked for more than fit, the spaced pick takes a maximal set of cells none of which are
    8-neighbours: every one of a taken cell's eight neighbours is marked, none left out."""
    h, w = 40, 50
    g = BitGrid(w, h)
    inside = np.zeros((h, w), bool)
    inside[1:-1, 1:-1] = True
    taken = finish(features._shuffled_pick(g, g.from_mask(inside), 10**6, Draw(np.random.default_rng(seed)).u,
                                           True, "final", None))
    mask = g.to_mask(g.from_indices(taken))
    assert not (mask & (grid.neighbour_count(mask, 1) > 0)).any()
    assert not (inside & ~grid.dilate(mask)).any()


def test_a_pick_of_one_takes_one_and_of_none_takes_none():
    g = BitGrid(10, 10)
    inside = np.zeros((10, 10), bool)
    inside[1:-1, 1:-1] = True
    u = Draw(np.random.default_rng(0)).u
    for spaced in (True, False):
        assert len(finish(features._shuffled_pick(g, g.from_mask(inside), 1, u, spaced, "final", None))) == 1
        assert finish(features._shuffled_pick(g, g.from_mask(inside), 0, u, spaced, "final", None)) == []
    assert features.sample_cells(np.arange(10), 0, u) == [] and features.sample_cells(np.arange(10), -3, u) == []


def test_traps_are_drawn_without_spacing_so_two_may_stand_side_by_side():
    tiles = open_room(60, 60)
    g = BitGrid(60, 60)
    info, _, traps = finish(features.place_bits(g, tiles, g.from_mask(tiles == T.floor), 0,
                                                Draw(np.random.default_rng(5)).u, 8.0))
    trapped = g.to_mask(traps)
    assert info["traps"] > 50 and (trapped & (grid.neighbour_count(trapped, 1) > 0)).any()


def test_a_shuffle_is_a_random_permutation_of_every_cell():
    cells = np.arange(1000) * 3
    got = list(features.shuffled(cells, Draw(np.random.default_rng(2)).u))
    assert sorted(got) == cells.tolist()
    assert got != cells.tolist() and got[:10] != sorted(got[:10])


def test_tied_priorities_are_taken_in_map_order_and_none_are_index_arrays():
    class Flat:
        def random(self, shape):
            return np.full(shape, 0.5)

    mask = np.zeros((3, 9), bool)
    mask[1, [1, 4, 7]] = True  # three apart, all of one priority
    assert features._spaced(mask, 2, Flat()).tolist() == [1 * 9 + 1, 1 * 9 + 4]
    assert features._spaced(mask, 0, Flat()).dtype == np.intp
