"""Tests for named worlds, their locations and dungeon sites (worldgen/generators/world/)."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import seeding
from worldgen.core.registry import Progress, Stage
from worldgen.core.seeding import MAX_SEED_CHARS, clean_seed_text
from worldgen.core.tiles import TILES, T
from worldgen.generators.world import (DUNGEON_SIZES, LOCATION_SIZES, LOCATION_STAGES, N_LOCATIONS,
                                       SITES_PER_LOCATION, WALKABLE_LAND, Location, World, WorldNameError,
                                       iter_location, place_sites, world_key)
from worldgen.toolkit import grid
from worldgen.tools.cli import main

#: Names whose every location is checked in full (sites, spacing, reachability).
PINNED_NAMES = ("Avalon", "Lyonesse", "東京", "Ævalon ✨")
#: Documented bound: at the default sizes no two sites of these worlds are closer than this.
MIN_SPACING = 3.0


@pytest.fixture(scope="module")
def avalon() -> World:
    return World.from_name("Avalon")


# ----------------------------------------------------------------------------- names


def test_names_compare_after_trim_and_casefold():
    a, b = World.from_name("  Avalon "), World.from_name("avalon")
    assert a.key == b.key == "avalon" and a.seed == b.seed
    assert a.name == "Avalon"  # the display name keeps the player's case
    assert np.array_equal(a.location(0).tiles, b.location(0).tiles)
    assert World.from_name("AVALON").seed == a.seed
    assert World.from_name("New   York").seed == World.from_name(" new york ").seed
    assert world_key("Straße") == world_key("STRASSE")
    # NFC: a name typed decomposed (e + combining accent) is the same world.
    assert World.from_name("Cafe\u0301").seed == World.from_name("Café").seed
    assert World.from_name("Avalon").seed != World.from_name("Avalon2").seed


@pytest.mark.parametrize("name", ["", "   ", "\t\n", "\u3000"])
def test_empty_names_are_refused_with_a_clear_message(name):
    with pytest.raises(WorldNameError, match="needs a name") as info:
        World.from_name(name)
    assert isinstance(info.value, ValueError)


def test_long_names_are_capped_with_a_clear_message():
    World.from_name("x" * MAX_SEED_CHARS)
    World.from_name("  " + "x" * MAX_SEED_CHARS + "  ")  # trimmed first
    with pytest.raises(WorldNameError, match=f"at most {MAX_SEED_CHARS} characters"):
        World.from_name("x" * (MAX_SEED_CHARS + 1))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_unicode_name_is_a_world_or_a_clear_refusal(name):
    try:
        world = World.from_name(name)
    except WorldNameError as exc:
        assert not clean_seed_text(name).split() and "name" in str(exc)
        return
    assert world.key and world_key(world.key) == world.key  # the key is its own normal form
    assert World.from_name(f" {name}\t").seed == world.seed
    assert world.seed == seeding.seed_from_text(world.key)


def test_unicode_world_generates(avalon):
    loc = World.from_name("Ævalon ✨ 東京 🐉").location(0)
    assert len(loc.sites) == SITES_PER_LOCATION


# ----------------------------------------------------------------------------- world


def test_world_options_and_plans(avalon):
    assert avalon.size == "medium" and avalon.dungeon == DUNGEON_SIZES["medium"]
    large = World.from_name("Avalon", size="large")
    assert (large.dungeon.width, large.dungeon.height, large.dungeon.levels) == (84, 52, 5)
    assert [DUNGEON_SIZES[s].levels for s in ("small", "medium", "large")] == [3, 4, 5]
    # The dungeon size is a world option that does not change the overworld.
    assert np.array_equal(large.location(0).tiles, avalon.location(0).tiles)
    with pytest.raises(ValueError, match="dungeon size"):
        World.from_name("Avalon", size="huge")
    plans = avalon.locations
    assert len(plans) == avalon.n_locations == N_LOCATIONS == 10
    assert [(p.width, p.height) for p in plans] == list(LOCATION_SIZES)
    assert len({p.name for p in plans}) == 10 and len({p.seed for p in plans}) == 10
    assert avalon.location_name(3) == plans[3].name
    for bad in (-1, 10, 1.5, True):
        with pytest.raises(ValueError, match="location"):
            avalon.location(bad)


@pytest.mark.parametrize("name", PINNED_NAMES)
def test_every_location_has_100_spread_reachable_sites(name):
    world = World.from_name(name)
    all_seeds = set()
    for i in range(N_LOCATIONS):
        loc = world.location(i)
        check_location(world, loc, i)
        all_seeds |= {s.seed for s in loc.sites}
    assert len(all_seeds) == N_LOCATIONS * SITES_PER_LOCATION  # distinct across the world


def check_location(world: World, loc: Location, i: int) -> None:
    h, w = loc.tiles.shape
    assert (w, h) == LOCATION_SIZES[i] and loc.tiles.dtype == np.uint8
    assert len(loc.sites) == SITES_PER_LOCATION
    xy = loc.site_points()
    assert [s.index for s in loc.sites] == list(range(SITES_PER_LOCATION))
    # On walkable land (not water), and the terrain recorded is the tile under the site.
    tiles_under = loc.tiles[xy[:, 1], xy[:, 0]]
    assert WALKABLE_LAND[tiles_under].all()
    assert [s.terrain for s in loc.sites] == [TILES[t].name for t in tiles_under]
    assert [s.tile for s in loc.sites] == tiles_under.tolist()
    # Spread: no two sites closer than the location's spacing, which is above the bound.
    d2 = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1)
    np.fill_diagonal(d2, 1 << 40)
    assert np.sqrt(d2.min()) >= loc.spacing - 1e-9
    assert loc.spacing >= MIN_SPACING, (world.name, i, loc.spacing)
    # All sites reachable overland from the start (and so from each other).
    sx, sy = loc.start
    assert WALKABLE_LAND[loc.tiles[sy, sx]] and (sx, sy) not in {(s.x, s.y) for s in loc.sites}
    dist = grid.distance_map(WALKABLE_LAND[loc.tiles], [(sy, sx)], 4)
    steps = dist[xy[:, 1], xy[:, 0]]
    assert (steps >= 0).all()
    assert steps.tolist() == [s.steps for s in loc.sites]
    assert steps.tolist() == sorted(steps.tolist())  # numbered from near to far
    # Per-site seeds: distinct and derived from (world, location, site).
    assert [s.seed for s in loc.sites] == [seeding.derive(world.seed, "location", i, "site", j)
                                           for j in range(SITES_PER_LOCATION)]
    assert len({s.seed for s in loc.sites}) == SITES_PER_LOCATION


@pytest.mark.parametrize("index", [0, 4, 9])
def test_a_locations_start_is_the_region_tile_nearest_the_regions_centroid_that_is_no_site(avalon, index):
    """The largest 4-connected region of walkable land; its centroid (x and y each the floor of
    the mean); the start is a tile of it, no site, and none of its other free tiles is nearer."""
    loc = avalon.location(index)
    region = grid.largest_region(WALKABLE_LAND[loc.tiles], 4)
    ys, xs = np.nonzero(region)
    cx, cy = int(xs.sum()) // xs.size, int(ys.sum()) // ys.size
    sites = {(s.x, s.y) for s in loc.sites}
    free = [(x, y) for x, y in zip(xs.tolist(), ys.tolist()) if (x, y) not in sites]
    sx, sy = loc.start
    assert region[sy, sx] and loc.start not in sites
    assert (sx - cx) ** 2 + (sy - cy) ** 2 == min((x - cx) ** 2 + (y - cy) ** 2 for x, y in free)


def test_same_name_same_world_other_name_other_world(avalon):
    again = World.from_name("Avalon")
    for i in (0, 7):
        a, b = avalon.location(i), again.location(i)
        assert a.tiles.tobytes() == b.tiles.tobytes()
        assert a.sites == b.sites and a.start == b.start
    other = World.from_name("Lyonesse").location(0)
    assert other.tiles.tobytes() != avalon.location(0).tiles.tobytes()


def test_iter_location_reports_progress_then_stages_then_the_location(avalon):
    items = list(avalon.iter_location(2))   # the world's method: the same steps as iter_location(avalon, 2)
    assert isinstance(items[-1], Location) and items[-1].index == 2
    stages = [i for i in items if isinstance(i, Stage)]
    assert tuple(s.name for s in stages) == LOCATION_STAGES
    progress = [i for i in items if isinstance(i, Progress)]
    assert len(progress) >= 10 and all(0.0 <= p.done <= 1.0 for p in progress)
    assert {p.stage for p in progress} >= {"island", "biomes", "sites"}
    assert any(p.preview is not None for p in progress if p.stage == "biomes")
    loc = items[-1]
    assert np.array_equal(loc.tiles, avalon.location(2).tiles) and loc.sites == avalon.location(2).sites
    assert np.array_equal(stages[-1].points["sites"], loc.site_points())


def test_biomes_grow_only_on_the_islands_lowland(avalon):
    items = list(iter_location(avalon, 0))
    island = next(i for i in items if isinstance(i, Stage) and i.name == "island").data
    final = items[-1].tiles
    lowland = (island == T.grass) | (island == T.forest)
    # Sea, coast, hills and peaks come from the island unchanged.
    assert np.array_equal(final[~lowland], island[~lowland])
    # The lowland got biome types the island does not make (desert, swamp, lakes ...).
    assert np.isin(final[lowland], [T.desert, T.deep_water, T.swamp, T.mountain]).any()
    assert not (final == T.void).any()


def test_place_sites_relaxes_spacing_when_land_is_scarce():
    rng = np.random.default_rng(0)
    land = np.zeros((30, 30), dtype=bool)
    land[5:17, 5:17] = True  # 144 tiles for 100 sites
    xy, r2 = place_sites(land, 100, rng)
    assert len(xy) == 100 and len({(x, y) for x, y in xy.tolist()}) == 100
    assert land[xy[:, 1], xy[:, 0]].all() and r2 >= 1
    few = np.zeros((10, 10), dtype=bool)
    few[2, :] = True
    xy, _ = place_sites(few, 100, rng)
    assert len(xy) == 10  # fewer tiles than sites: every tile, never a failure
    roomy, r2 = place_sites(np.ones((100, 100), dtype=bool), 100, rng)
    d2 = ((roomy[:, None] - roomy[None]) ** 2).sum(-1)
    np.fill_diagonal(d2, 1 << 40)
    assert d2.min() >= r2 >= 64  # lots of room: well spread


# Golden digest of location 0 (tiles, and sites with their seeds) for a pinned name.
# Regenerate after a deliberate change with
#   .venv/bin/python -c "from tests.test_world import digests; print(digests('Avalon'))"
# (Location 0 also depends on the island generator: a change there moves these too.)
GOLDEN_AVALON_0 = ("de9b9833f4bf9231b83ef7291e2b9aac4454b073aa5bac6ad32b086aa772ae3c",
                   "7b87e68671f4a65f7a263966e9eb713098e35088db29e8bec145396506308117")


def digests(name: str, index: int = 0) -> tuple[str, str]:
    loc = World.from_name(name).location(index)
    sites = json.dumps([s.to_json() for s in loc.sites] + [list(loc.start)])
    return (hashlib.sha256(loc.tiles.tobytes()).hexdigest(), hashlib.sha256(sites.encode()).hexdigest())


def test_golden_digest_of_location_0():
    assert digests("Avalon") == GOLDEN_AVALON_0


# ----------------------------------------------------------------------------- CLI


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("suffix", [".png", ".txt", ".npz"])
def test_cli_writes_the_location_map(capsys, tmp_path, suffix):
    out_file = tmp_path / f"loc{suffix}"
    code, out, err = run_cli(capsys, "world", "--seed", "  Avalon ", "--location", "1", "--out", str(out_file))
    assert code == 0, err
    line = json.loads(out)
    assert line["world"] == "Avalon" and line["locations"] == [1] and line["sites"] == 100
    loc = World.from_name("Avalon").location(1)
    if suffix == ".npz":
        with np.load(out_file) as npz:
            assert np.array_equal(npz["tiles"], loc.tiles)
            assert np.array_equal(npz["sites"], loc.site_points())
            assert npz["start"].tolist() == [list(loc.start)]
    elif suffix == ".png":
        assert out_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        assert len(out_file.read_text(encoding="utf-8").splitlines()) == loc.height


def test_cli_json_lists_all_locations_or_the_chosen_one(capsys, tmp_path):
    out_file = tmp_path / "world.json"
    code, out, err = run_cli(capsys, "world", "--seed", "Avalon", "--size", "small", "--out", str(out_file))
    assert code == 0, err
    body = json.loads(out_file.read_text(encoding="utf-8"))
    assert body["world"]["dungeon_size"] == "small" and body["world"]["dungeon"]["levels"] == 3
    assert [loc["index"] for loc in body["locations"]] == list(range(10))
    site = body["locations"][0]["sites"][0]
    assert set(site) >= {"x", "y", "terrain", "seed"}
    assert site["seed"] == World.from_name("Avalon").location(0).sites[0].seed
    code, out, err = run_cli(capsys, "world", "--seed", "Avalon", "--location", "4", "--out", str(out_file))
    assert code == 0, err
    assert [loc["index"] for loc in json.loads(out_file.read_text(encoding="utf-8"))["locations"]] == [4]


@pytest.mark.parametrize("argv,message", [
    (["--seed", "   "], "needs a name"),
    (["--seed", "x" * (MAX_SEED_CHARS + 1)], "at most"),
    (["--seed", "x", "--location", "10"], "location"),
    (["--seed", "x", "--location", "two"], "location"),
    (["--seed", "x", "--size", "huge"], "size"),
    (["--seed", "x", "--scale", "0"], "scale"),
])
def test_cli_bad_arguments_exit_2_with_one_line(capsys, tmp_path, argv, message):
    code, out, err = run_cli(capsys, "world", *argv, "--out", str(tmp_path / "x.png"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_cli_json_survives_a_name_that_is_not_valid_utf8(capsys, tmp_path):
    out_file = tmp_path / "odd.json"
    code, out, err = run_cli(capsys, "world", "--seed", "odd\udcff", "--location", "0", "--out", str(out_file))
    assert code == 0, err
    body = json.loads(out_file.read_text(encoding="utf-8"))
    # the lone surrogate is dropped like any invisible character (seeding.clean_seed_text)
    assert body["world"]["name"] == "odd" and json.loads(out)["sites"] == 100


def test_cli_lowers_a_scale_over_the_pixel_budget_as_the_generators_do(capsys, tmp_path):
    out_file = tmp_path / "big.png"
    code, out, err = run_cli(capsys, "world", "--seed", "Avalon", "--location", "9", "--param", "width=256",
                             "--param", "height=256", "--scale", "32", "--out", str(out_file))
    assert code == 0 and json.loads(out)["scale"] == 26
    assert err.count("\n") == 1 and "--scale 32 lowered to 26" in err and "67,108,864-pixel budget" in err
    width, height = (int.from_bytes(out_file.read_bytes()[i:i + 4], "big") for i in (16, 20))
    assert (width, height) == (320 * 26, 306 * 26)


def test_cli_bad_output_exits_2_and_an_unwritable_one_1(capsys, tmp_path):
    code, _, err = run_cli(capsys, "world", "--seed", "x", "--out", str(tmp_path / "x.bmp"))
    assert code == 2 and ".json" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, "world", "--seed", "x", "--out", str(tmp_path / "no" / "dir" / "x.png"))
    assert code == 1 and "cannot write" in err and err.count("\n") == 1  # a failed write, not a bad argument


# ----------------------------------------------------------------------------- world parameters


def test_default_world_params_are_todays_world():
    from worldgen.generators.world import WorldParams, location_size, sites_to_unlock

    assert World.from_name("Avalon").params == WorldParams()
    assert [location_size(WorldParams(), i) for i in range(N_LOCATIONS)] == list(LOCATION_SIZES)
    assert LOCATION_SIZES == ((128, 80),) * 4 + ((144, 88),) * 3 + ((160, 96),) * 3
    assert World.from_name("Avalon").sites_to_unlock() == sites_to_unlock(100, 0.10) == 10


def test_world_params_size_the_locations_like_the_source():
    """The source's world: 100x100 locations of one size, every site cleared to move on."""
    w = World.from_name("Avalon", params={"width": "100", "height": 100, "grow": "false", "unlock_share": 1})
    assert w.seed == World.from_name("Avalon").seed
    for i in (0, 9):
        assert (w.locations[i].width, w.locations[i].height) == (100, 100)
    loc = w.location(9)
    assert loc.tiles.shape == (100, 100) and len(loc.sites) == SITES_PER_LOCATION
    assert w.unlock_share == 1.0 and w.sites_to_unlock() == 100
    big = World.from_name("Avalon", params={"width": 200, "height": 120})
    assert (big.locations[9].width, big.locations[9].height) == (250, 144)


@pytest.mark.parametrize("n,share,need", [(100, 0.1, 10), (100, 0.01, 1), (100, 1.0, 100), (7, 0.5, 4),
                                          (3, 0.99, 3), (0, 0.5, 1), (100, 0.105, 11)])
def test_sites_to_unlock(n, share, need):
    from worldgen.generators.world import sites_to_unlock

    assert sites_to_unlock(n, share) == need


@pytest.mark.parametrize("values,message", [({"width": 9}, "width must be in 48..256"),
                                            ({"unlock_share": "all"}, "unlock_share expects float"),
                                            ({"depth": 3}, "no parameter 'depth'")])
def test_bad_world_params_are_refused_in_one_line(values, message):
    from worldgen.core.registry import ParamError

    with pytest.raises(ParamError, match=message):
        World.from_name("Avalon", params=values)


def test_cli_takes_world_params(capsys, tmp_path):
    out_file = tmp_path / "w.json"
    code, out, err = run_cli(capsys, "world", "--seed", "Avalon", "--location", "0", "--param", "width=96",
                             "--param", "unlock_share=0.5", "--out", str(out_file))
    assert code == 0, err
    assert json.loads(out)["params"]["width"] == 96
    body = json.loads(out_file.read_text(encoding="utf-8"))
    assert body["world"]["sites_to_unlock"] == 50 and body["locations"][0]["width"] == 96
    code, out, err = run_cli(capsys, "world", "--seed", "Avalon", "--param", "grow", "--out", str(out_file))
    assert code == 2 and "NAME=VALUE" in err and err.count("\n") == 1


def _sites_of(block: tuple[int, int]):
    """``(sites, start, spacing, info)`` of a hand-made map: a ``block`` (h, w) of grass at the
    top left, the largest region, and a 5x10 islet of grass apart from it; the rest deep water."""
    from worldgen.generators.world import locations
    tiles = np.full((24, 30), T.deep_water, np.uint8)
    tiles[1:1 + block[0], 1:1 + block[1]] = T.grass
    tiles[18:23, 18:28] = T.grass
    world = World.from_name("Avalon")
    return _drained(locations._sites(world, locations.location_plan(world, 0), tiles))[1]


def _sites_on(block: tuple[int, int]):
    """The sites' cells and the start of :func:`_sites_of`'s map, and the block's cells."""
    sites, start = _sites_of(block)[:2]
    block_cells = {(x, y) for y in range(1, 1 + block[0]) for x in range(1, 1 + block[1])}
    return {(s.x, s.y) for s in sites}, start, block_cells


@pytest.mark.parametrize("block, within", [((10, 10), True), ((11, 10), True), ((9, 11), False)])
def test_sites_keep_to_the_largest_region_when_it_has_a_tile_for_every_site(block, within):
    """A region of SITES_PER_LOCATION tiles or more holds every site; one tile fewer (99), and the
    sites spread over all the walkable land."""
    sites, start, region = _sites_on(block)
    assert len(sites) == SITES_PER_LOCATION and start in region
    assert (sites <= region) == within


@pytest.mark.parametrize("n, ticks", [(49, 1), (50, 1), (51, 2)])
def test_placing_sites_ticks_after_every_per_step_picks_but_never_after_the_last(n, ticks):
    """25 picks a step: 50 sites tick once (after the 25th; the 50th ends the placing), 51 twice."""
    from worldgen.core.steps import finish_with_events
    from worldgen.toolkit.spread import place_sites_steps
    steps = place_sites_steps(np.ones((30, 30), bool), n, np.random.default_rng(2), per_step=25, tick=lambda: "tick")
    (xy, _), events = finish_with_events(steps)
    assert len(xy) == n and events == ["tick"] * ticks


# ----------------------------------------------------------------------------- what a location tells


def _hand_made_location(sites=((3, 1), (0, 2))) -> Location:
    from worldgen.generators.world import Site
    tiles = np.full((4, 5), T.grass, np.uint8)
    return Location(2, "Salt Vale", 77, tiles,
                    tuple(Site(i, x, y, "grass", 1000 + i, int(T.grass), i * 3) for i, (x, y) in enumerate(sites)),
                    (1, 2), 4.56789, {"water": 0.6})


def test_a_location_as_json_names_each_field_and_keeps_three_places_of_its_spacing():
    loc = _hand_made_location()
    assert loc.to_json() == {
        "index": 2, "name": "Salt Vale", "width": 5, "height": 4, "seed": 77, "start": [1, 2], "spacing": 4.568,
        "sites": [{"index": 0, "x": 3, "y": 1, "terrain": "grass", "seed": 1000, "steps": 0},
                  {"index": 1, "x": 0, "y": 2, "terrain": "grass", "seed": 1001, "steps": 3}]}


def test_a_locations_stage_is_named_location_with_its_sites_start_name_and_spacing():
    loc = _hand_made_location()
    stage = loc.stage()
    assert stage.name == "location" and stage.data is loc.tiles
    assert stage.info == {"water": 0.6, "name": "Salt Vale", "spacing": 4.56789}
    assert stage.points["sites"].tolist() == [[3, 1], [0, 2]] and stage.points["sites"].dtype == np.int64
    assert stage.points["start"].tolist() == [[1, 2]] and stage.points["start"].dtype == np.int64
    assert loc.info == {"water": 0.6}   # the stage's info is a copy


def test_a_location_with_no_sites_has_an_empty_integer_list_of_points():
    points = _hand_made_location(sites=()).site_points()
    assert points.shape == (0, 2) and points.dtype == np.int64


def test_a_world_as_json_names_each_field():
    world = World.from_name("Avalon")
    assert world.to_json() == {
        "name": "Avalon", "key": "avalon", "seed": world.seed, "dungeon_size": "medium",
        "dungeon": {"width": 64, "height": 40, "levels": 4},
        "params": {"width": 128, "height": 80, "grow": True, "unlock_share": 0.1}, "sites_to_unlock": 10}


@pytest.mark.parametrize("bad", [-1, 10, 2.0, True])
def test_a_location_index_outside_the_world_is_refused_naming_the_range(avalon, bad):
    with pytest.raises(ValueError, match=rf"^location must be 0\.\.9; got {bad!r}$"):
        avalon.location_name(bad)


def test_water_and_biome_weights_go_from_the_first_location_to_the_last_in_even_steps(avalon):
    """Location i of 10 is i/9 of the way: its water and weights rounded to 4 places."""
    first, second, last = (avalon.locations[i] for i in (0, 1, 9))
    assert (first.water, first.weights) == (0.58, (0.36, 0.32, 0.08, 0.06, 0.18))
    assert (second.water, second.weights) == (0.5867, (0.34, 0.3089, 0.0867, 0.0711, 0.1933))
    assert (last.water, last.weights) == (0.64, (0.18, 0.22, 0.14, 0.16, 0.3))


def test_a_worlds_places_keep_their_names():
    """The names come from the world's own "location-names" stream: a world keeps them (a
    changed stream renames every place of every world)."""
    assert [p.name for p in World.from_name("Avalon").locations] == [
        "Ember Marches", "Hollow Barrens", "Sunken Coast", "Silver Deeps", "Raven Steppe", "Amber Downs",
        "Iron Isles", "Thorn Crags", "Bleak Vale", "Howling Holt"]
    assert len({p.name.split()[0] for p in World.from_name("Lyonesse").locations}) == N_LOCATIONS


def test_the_island_steps_report_island_progress_clamped_between_stage_counts(avalon, monkeypatch):
    """A location's island: each stage finished adds 1/n of the bar, and a step inside a stage
    adds its own share, clamped to 0..1 (so the bar never runs back or past the next stage); the
    island asks for the plan's water and the coarse mask; the last stage's tiles are returned."""
    from types import SimpleNamespace
    from worldgen.generators.world import locations
    asked = []

    def run(seed, width, height, params):
        yield Progress("x", -0.5)
        yield Stage("first", np.zeros((2, 2), np.uint8))
        yield Progress("x", 0.25)
        yield Progress("x", 1.7)
        yield Stage("last", np.ones((2, 2), np.uint8))

    fake = SimpleNamespace(stages=("first", "last"), run=run, make_params=lambda values: asked.append(values))
    monkeypatch.setattr(locations, "island", SimpleNamespace(SPEC=fake))
    plan = locations.location_plan(avalon, 3)
    steps = locations._island(plan.seed, plan)
    events = []
    try:
        while True:
            events.append(next(steps))
    except StopIteration as done:
        tiles = done.value
    assert [(e.stage, e.done) for e in events] == [("island", 0.0), ("island", 0.5), ("island", 0.625),
                                                   ("island", 1.0), ("island", 1.0)]
    assert asked == [{"water": plan.water, "mask_scale": locations.ISLAND_MASK_SCALE}]
    assert tiles.tolist() == [[1, 1], [1, 1]]


def test_placing_a_locations_sites_ticks_every_ten_picks_then_marks_the_start_and_the_steps(avalon):
    """100 sites at 10 picks a step: 9 sites events at 0.5 (none after the last pick), then the
    placing done (0.6), the start found (0.7), the steps counted (0.9)."""
    from worldgen.generators.world import locations
    tiles = np.full((24, 30), T.deep_water, np.uint8)
    tiles[1:13, 1:13] = T.grass
    run = locations._sites(avalon, locations.location_plan(avalon, 0), tiles)
    events = []
    try:
        while True:
            events.append(next(run))
    except StopIteration as done:
        sites = done.value[0]
    assert len(sites) == SITES_PER_LOCATION and locations.SITE_PICKS_PER_STEP == 10
    assert [(e.stage, e.done) for e in events] == [("sites", 0.5)] * 9 + [("sites", 0.6), ("sites", 0.7),
                                                                          ("sites", 0.9)]


@pytest.mark.parametrize("n, seed, most, r2", [(4, 2, 0, 1), (4, 2, 1, 15), (4, 2, 2, 15),
                                             (3, 4, 1, 1), (3, 4, 2, 18), (2, 4, 2, 1), (2, 4, 3, 23)])
def test_site_spacing_is_relaxed_at_most_max_relax_times_then_dropped_to_one(monkeypatch, n, seed, most, r2):
    """Sites on a 6x6 map start 2 * 36 // n apart (squared) and, when no cell is open, are
    shrunk by 7/8 at most MAX_RELAX times, then the spacing drops to 1: 4 sites (18) need one
    shrink (15), so none allowed gives 1; 3 sites (24) need two (21, 18); 2 sites (36) three
    (31, 27, 23). The bound reached exactly at a shortage drops it."""
    from worldgen.toolkit import spread
    monkeypatch.setattr(spread, "MAX_RELAX", most)
    xy, got = place_sites(np.ones((6, 6), bool), n, np.random.default_rng(seed))
    assert len(xy) == n and got == r2


def test_sites_on_one_tile_of_land_take_it_and_on_none_there_are_none():
    xy, r2 = place_sites(np.eye(1, 5, 3, dtype=bool), 4, np.random.default_rng(0))
    assert xy.tolist() == [[3, 0]] and r2 >= 1
    xy, r2 = place_sites(np.zeros((3, 5), bool), 4, np.random.default_rng(0))
    assert xy.shape == (0, 2) and xy.dtype == np.int64 and r2 == 0


def _drained(steps):
    events = []
    try:
        while True:
            events.append(next(steps))
    except StopIteration as done:
        return events, done.value


def test_sites_are_numbered_near_to_far_from_the_start_those_it_cannot_reach_last():
    """A 99-tile region and a 50-tile islet: the sites spread over both; those on the islet
    (no way there from the start) come after every reachable one, numbered by their draw; the
    info counts the region's and the land's tiles."""
    sites, start, _, info = _sites_of((9, 11))
    steps = [s.steps for s in sites]
    far = steps.index(-1)
    assert 0 < far < len(steps) and all(x == -1 for x in steps[far:])
    assert steps[:far] == sorted(steps[:far]) and min(steps[:far]) > 0
    assert info == {"region_tiles": 99, "land_tiles": 149}


def test_a_location_with_no_land_has_no_sites_and_starts_at_the_maps_centre():
    from worldgen.generators.world import locations
    tiles = np.full((6, 9), T.deep_water, np.uint8)
    world = World.from_name("Avalon")
    _, (sites, start, spacing, info) = _drained(locations._sites(world, locations.location_plan(world, 0), tiles))
    assert sites == () and start == (4, 2) and info == {"region_tiles": 0, "land_tiles": 0}


def test_the_start_is_nearest_the_centroid_rounded_down_not_its_exact_mean(avalon, monkeypatch):
    """A strip of land x = 1..4 (mean 2.5, rounded down to 2) with a site on x = 2: the free
    tiles 1 and 3 are equally near x = 2, and the first (1) is the start (3 would be nearer
    the exact mean)."""
    from worldgen.generators.world import locations

    def one_site(candidates, n, rng, per_step, tick):
        return np.array([[2, 1]], dtype=np.int64), 1
        yield

    monkeypatch.setattr(locations, "place_sites_steps", one_site)
    tiles = np.full((3, 6), T.deep_water, np.uint8)
    tiles[1, 1:5] = T.grass
    _, (sites, start, _, _) = _drained(locations._sites(avalon, locations.location_plan(avalon, 0), tiles))
    assert [(s.x, s.y) for s in sites] == [(2, 1)] and start == (1, 1)


def test_a_locations_stages_carry_its_info_and_the_location_its_plan(avalon):
    """The biomes stage's info (the growth's) is kept in the location's, with the sites' counts,
    the plan's water and weights; the sites stage carries that whole info; "sites" progress
    starts at 0 right after the biomes stage; the location has its plan's name and seed."""
    items = list(iter_location(avalon, 5))
    plan = avalon.locations[5]
    loc = items[-1]
    stages = {i.name: (k, i) for k, i in enumerate(items) if isinstance(i, Stage)}
    k, biomes_stage = stages["biomes"]
    assert biomes_stage.info and all(loc.info[key] == value for key, value in biomes_stage.info.items())
    assert isinstance(items[k + 1], Progress) and (items[k + 1].stage, items[k + 1].done) == ("sites", 0.0)
    assert (loc.info["water"], loc.info["weights"]) == (plan.water, plan.weights)
    assert {"region_tiles", "land_tiles"} <= set(loc.info)
    assert stages["sites"][1].info == loc.info
    assert (loc.name, loc.seed, loc.index) == (plan.name, plan.seed, 5)


def test_refusals_of_a_nameless_world_a_size_and_a_parameter_say_what_is_wrong_in_full():
    """Each refusal word for word, what was given cut to 20 (a size) or 40 (a parameter's name)
    characters, the choices listed."""
    from worldgen.generators.world.params import make_world_params
    from worldgen.core.registry import ParamError
    with pytest.raises(WorldNameError) as nameless:
        world_key("   ")
    assert str(nameless.value) == "A world needs a name: type any word, for example Avalon."
    with pytest.raises(ValueError) as size:
        World.from_name("Avalon", size="x" * 30)
    assert str(size.value) == f"dungeon size must be one of small, medium, large; got {'x' * 20!r}"
    with pytest.raises(ParamError) as param:
        make_world_params({"y" * 50: 1})
    assert str(param.value) == f"the world has no parameter {'y' * 40!r} (known: width, height, grow, unlock_share)"


def test_the_world_parameters_are_listed_with_their_defaults_help_and_choices():
    import dataclasses
    from worldgen.generators.world.params import WorldParams, world_param_specs
    specs = world_param_specs()
    assert [s.name for s in specs] == [f.name for f in dataclasses.fields(WorldParams)]
    for spec, f in zip(specs, dataclasses.fields(WorldParams)):
        assert spec.default == f.default and spec.type is type(f.default)
        assert (spec.lo, spec.hi, spec.help, spec.choices) == (f.metadata["lo"], f.metadata["hi"], f.metadata["help"],
                                                               f.metadata["choices"])
        assert spec.help and spec.default is not None


def test_a_site_on_the_start_is_numbered_first_with_no_steps():
    """A region of exactly SITES_PER_LOCATION tiles holds a site on every tile, so the start
    falls on one (the finding in docs/TESTING.md): that site is 0 steps away, nearest of all, and
    numbered first; the rest follow near to far."""
    sites, start = _sites_of((10, 10))[:2]
    steps = [s.steps for s in sites]
    assert steps[0] == 0 and (sites[0].x, sites[0].y) == start
    assert steps == sorted(steps) and steps.count(0) == 1
