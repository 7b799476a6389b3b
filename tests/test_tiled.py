"""Tiled maps (``--out map.tmx`` / ``.tmj``, ``worldgen.core.tiled.write_tiled``), read back by two
Tiled readers from PyPI (pytmx for .tmx, pytiled-parser for both): every tile, every point, the
tile table's properties and the tileset picture."""

import json

import numpy as np
import pytest
from PIL import Image

from worldgen.core import registry
from worldgen.core.tiled import tileset_name, write_tiled
from worldgen.core.tiles import TILES
from worldgen.generators.world import World
from worldgen.tools.cli import main

pytmx = pytest.importorskip("pytmx")
pytiled_parser = pytest.importorskip("pytiled_parser")

SIZE = {"island": (64, 32), "biomes": (64, 40), "caverns": (64, 40), "mosaic": (64, 40), "rooms": (60, 30)}


def final_stage(name: str):
    return registry.generate(name, "tiled", *SIZE[name]).last


def tiles_by_pytmx(path):
    """The map as pytmx reads it: tile ids by each cell's tile properties, and the point objects."""
    tmx = pytmx.TiledMap(str(path))
    layer = tmx.get_layer_by_name("tiles")
    by_name = {t.name: t.id for t in TILES}
    ids = np.array([[by_name[tmx.get_tile_properties(x, y, 0)["name"]] for x in range(tmx.width)]
                    for y in range(tmx.height)])
    assert np.array_equal(ids, [[tmx.tiledgidmap[g] - 1 for g in row] for row in layer.data])
    points = [(o.name, o.x, o.y) for o in tmx.get_layer_by_name("points")]
    return ids, points, tmx


def tiles_by_pytiled(path):
    tiled = pytiled_parser.parse_map(path)
    [layer] = [layer for layer in tiled.layers if layer.name == "tiles"]
    [group] = [layer for layer in tiled.layers if layer.name == "points"]
    points = [(o.name, o.coordinates.x, o.coordinates.y) for o in group.tiled_objects]
    return np.array(layer.data) - 1, points, tiled


def expected_points(stage, tile: int) -> list[tuple[str, float, float]]:
    return [(name, (x + 0.5) * tile, (y + 0.5) * tile) for name, pts in stage.points.items()
            for x, y in np.asarray(pts).reshape(-1, 2).tolist()]


@pytest.mark.parametrize("name", list(SIZE))
def test_every_tile_and_point_of_a_tmx_reads_back_in_pytmx_and_pytiled_parser(tmp_path, name):
    stage = final_stage(name)
    write_tiled(tmp_path / "map.tmx", stage, properties={"generator": name, "seed": "tiled"})
    ids, points, tmx = tiles_by_pytmx(tmp_path / "map.tmx")
    assert ids.shape == stage.data.shape and np.array_equal(ids, stage.data)
    assert points == expected_points(stage, 16)
    assert tmx.properties == {"generator": name, "seed": "tiled"}
    ids, points, _ = tiles_by_pytiled(tmp_path / "map.tmx")
    assert np.array_equal(ids, stage.data) and points == expected_points(stage, 16)


@pytest.mark.parametrize("name", list(SIZE))
def test_every_tile_and_point_of_a_tmj_reads_back_in_pytiled_parser(tmp_path, name):
    stage = final_stage(name)
    write_tiled(tmp_path / "map.tmj", stage, tile_size=8)
    ids, points, tiled = tiles_by_pytiled(tmp_path / "map.tmj")
    assert np.array_equal(ids, stage.data) and points == expected_points(stage, 8)
    assert (tiled.map_size.width, tiled.map_size.height) == stage.data.shape[::-1]
    assert (tiled.tile_size.width, tiled.tile_size.height) == (8, 8)


@pytest.mark.parametrize("suffix", [".tmx", ".tmj"])
def test_the_tileset_carries_the_tile_table_and_its_picture_shows_each_colour(tmp_path, suffix):
    write_tiled(tmp_path / f"map{suffix}", final_stage("rooms"), tile_size=4)
    tiled = pytiled_parser.parse_map(tmp_path / f"map{suffix}")
    [tileset] = tiled.tilesets.values()
    assert tileset.name == "deepisle" and tileset.tile_count == len(TILES)
    for tile in TILES:
        props = tileset.tiles[tile.id].properties
        assert props == {"name": tile.name, "glyph": tile.glyph, "walkable": tile.walkable,
                         "transparent": tile.transparent}
    assert str(tileset.image) == tileset_name(4)
    picture = np.asarray(Image.open(tmp_path / tileset_name(4)).convert("RGB"))
    assert picture.shape == (4, 4 * len(TILES), 3)
    for tile in TILES:
        assert (picture[:, tile.id * 4:(tile.id + 1) * 4] == tile.rgb).all(), tile.name


def test_the_cli_writes_tiled_maps_of_a_generator_and_of_a_world_location(capsys, tmp_path):
    assert main(["caverns", "--seed", "tiled", "--width", "64", "--height", "40", "--scale", "8",
                 "--out", str(tmp_path / "cave.tmx")]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["scale"] == 8 and sorted(p.name for p in tmp_path.iterdir()) == ["cave.tmx", "deepisle-tiles-8.png"]
    ids, _, tmx = tiles_by_pytmx(tmp_path / "cave.tmx")
    assert np.array_equal(ids, final_stage("caverns").data) and tmx.tilewidth == 8
    assert tmx.properties == {"generator": "caverns", "stage": "final", "seed": "tiled"}
    assert main(["world", "--seed", "Avalon", "--location", "1", "--out", str(tmp_path / "isle.tmj")]) == 0
    location = World.from_name("Avalon").location(1)
    ids, points, _ = tiles_by_pytiled(tmp_path / "isle.tmj")
    assert np.array_equal(ids, location.tiles)
    assert sum(name == "sites" for name, _, _ in points) == len(location.sites)


def test_a_float_layer_or_a_bad_tile_size_is_refused_before_anything_is_written(tmp_path):
    noise = registry.generate("island", "t", 64, 32, stage="noise").last
    with pytest.raises(ValueError, match="float layer"):
        write_tiled(tmp_path / "n.tmx", noise)
    with pytest.raises(ValueError, match="1..32 pixels"):
        write_tiled(tmp_path / "n.tmx", final_stage("rooms"), tile_size=33)
    with pytest.raises(ValueError, match=".tmx or .tmj"):
        write_tiled(tmp_path / "n.tsx", final_stage("rooms"))
    assert list(tmp_path.iterdir()) == []


def test_a_tile_size_of_one_or_of_the_largest_is_written_and_zero_or_one_more_refused(tmp_path):
    from worldgen.core.tiled import MAX_TILE_SIZE
    stage = registry.Stage("tiny", np.zeros((2, 3), np.uint8), "tiles")
    for size in (1, MAX_TILE_SIZE):
        write_tiled(tmp_path / f"ok{size}.tmj", stage, tile_size=size)
        assert json.loads((tmp_path / f"ok{size}.tmj").read_text())["tilewidth"] == size
    for size in (0, MAX_TILE_SIZE + 1):
        with pytest.raises(ValueError, match=f"1..{MAX_TILE_SIZE} pixels; got {size}"):
            write_tiled(tmp_path / f"bad{size}.tmj", stage, tile_size=size)
    assert not list(tmp_path.glob("bad*"))
