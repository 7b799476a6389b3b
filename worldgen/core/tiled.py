"""Tiled maps: any tile stage as a ``.tmx`` (XML) or ``.tmj`` (JSON) map.

`Tiled <https://www.mapeditor.org/>`_ opens them, and so does whatever reads
its format (pytmx, pytiled-parser, Godot and Unity importers, LOVE's STI...).
A map written here holds:

* one tile layer, ``tiles``: each cell's gid is its tile id + 1 (a gid of 0
  is Tiled's "no tile"), rows from the top, as in the ``[y, x]`` array;
* one object group, ``points``: every point set of the stage (``start``,
  ``exit``, ``monsters``...) as point objects named (and typed) after their
  set, at the centre of their tile, in pixels;
* one tileset, ``deepisle``, embedded in the map: a tile per entry of the
  tile table (:mod:`worldgen.core.tiles`), in id order, each a square of the
  tile's colour, with its ``name``, ``glyph``, ``walkable`` and
  ``transparent`` as custom properties.  Its picture is a PNG beside the map
  (:func:`tileset_name`: one file per tile size, shared by every map in the
  folder; Tiled and the readers find it by that relative path);
* the map's own properties given by the caller (the CLI writes the
  generator, stage and seed).

Both files are written whole or not at all (:mod:`.files`).  Only numpy and
the standard library: ``xml.etree`` and ``json``.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from .files import write_text
from .image import write_png
from .registry import Stage
from .tiles import PALETTE, TILES

__all__ = ["TILED_FORMATS", "TILE_SIZE", "MAX_TILE_SIZE", "TILESET", "LAYER", "POINTS", "tileset_name",
           "tileset_rgb", "write_tiled", "tmx_text", "tmj_text"]

TILED_FORMATS = (".tmx", ".tmj")
#: A tile's side in pixels unless the caller asks for another (the CLI's ``--scale``).
TILE_SIZE = 16
MAX_TILE_SIZE = 32
TILESET = "deepisle"  # the tileset's name in the map
LAYER = "tiles"  # the tile layer's name
POINTS = "points"  # the object group's name
_VERSION = "1.10"  # the map format version written (Tiled 1.10's)
_TILED_VERSION = "1.10.2"  # the Tiled release whose files these follow (some readers require the field)


def tileset_name(tile_size: int = TILE_SIZE) -> str:
    """The tileset picture's file name, beside the map.

    >>> tileset_name(), tileset_name(8)
    ('deepisle-tiles-16.png', 'deepisle-tiles-8.png')
    """
    return f"{TILESET}-tiles-{tile_size}.png"


def tileset_rgb() -> np.ndarray:
    """The tileset at one pixel a tile, ``(1, len(TILES), 3) uint8``: tile id ``i`` is column ``i``."""
    return PALETTE[None, :, :]


def _check(stage: Stage, tile_size: int) -> None:
    if stage.kind != "tiles":
        raise ValueError(f"stage {stage.name!r} is a float layer, not tiles; write it as .png or .npz")
    if not 1 <= tile_size <= MAX_TILE_SIZE:
        raise ValueError(f"a Tiled tile is 1..{MAX_TILE_SIZE} pixels; got {tile_size}")


def _objects(stage: Stage, tile_size: int) -> list[dict[str, Any]]:
    """Every point of the stage as ``{id, name, x, y}``, at its tile's centre in pixels, ids from 1."""
    found = []
    for name, pts in stage.points.items():
        for x, y in np.asarray(pts, dtype=np.int64).reshape(-1, 2).tolist():
            found.append({"id": len(found) + 1, "name": name, "x": (x + 0.5) * tile_size,
                          "y": (y + 0.5) * tile_size})
    return found


def _tile_properties(tile) -> list[tuple[str, str, Any]]:
    """``(name, Tiled type, value)`` of one tile's custom properties."""
    return [("name", "string", tile.name), ("glyph", "string", tile.glyph),
            ("walkable", "bool", tile.walkable), ("transparent", "bool", tile.transparent)]


def _map_properties(properties: Mapping[str, Any] | None) -> list[tuple[str, str, Any]]:
    kinds = {bool: "bool", int: "int", float: "float"}
    return [(str(k), kinds.get(type(v), "string"), v if type(v) in kinds else str(v))
            for k, v in (properties or {}).items()]


def _xml_value(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _xml_properties(parent: ET.Element, props: list[tuple[str, str, Any]]) -> None:
    if not props:
        return
    holder = ET.SubElement(parent, "properties")
    for name, kind, value in props:
        attrs = {"name": name, "value": _xml_value(value)}
        if kind != "string":
            attrs["type"] = kind
        ET.SubElement(holder, "property", attrs)


def _gids(tiles: np.ndarray) -> np.ndarray:
    return tiles.astype(np.int64) + 1


def tmx_text(stage: Stage, tile_size: int = TILE_SIZE, properties: Mapping[str, Any] | None = None) -> str:
    """The ``.tmx`` (XML) of a tile stage; its tileset picture is :func:`tileset_name` beside it."""
    _check(stage, tile_size)
    h, w = stage.data.shape
    objects = _objects(stage, tile_size)
    size = str(tile_size)
    root = ET.Element("map", {
        "version": _VERSION, "tiledversion": _TILED_VERSION, "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(w), "height": str(h), "tilewidth": size, "tileheight": size, "infinite": "0",
        "nextlayerid": "3", "nextobjectid": str(len(objects) + 1)})
    _xml_properties(root, _map_properties(properties))
    tileset = ET.SubElement(root, "tileset", {
        "firstgid": "1", "name": TILESET, "tilewidth": size, "tileheight": size,
        "tilecount": str(len(TILES)), "columns": str(len(TILES))})
    ET.SubElement(tileset, "image", {"source": tileset_name(tile_size), "width": str(len(TILES) * tile_size),
                                     "height": size})
    for tile in TILES:
        _xml_properties(ET.SubElement(tileset, "tile", {"id": str(tile.id)}), _tile_properties(tile))
    layer = ET.SubElement(root, "layer", {"id": "1", "name": LAYER, "width": str(w), "height": str(h)})
    data = ET.SubElement(layer, "data", {"encoding": "csv"})
    data.text = "\n" + ",\n".join(",".join(map(str, row)) for row in _gids(stage.data).tolist()) + "\n"
    group = ET.SubElement(root, "objectgroup", {"id": "2", "name": POINTS})
    for obj in objects:
        node = ET.SubElement(group, "object", {"id": str(obj["id"]), "name": obj["name"], "type": obj["name"],
                                               "x": _xml_value(obj["x"]), "y": _xml_value(obj["y"])})
        ET.SubElement(node, "point")
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _json_properties(props: list[tuple[str, str, Any]]) -> list[dict[str, Any]]:
    return [{"name": name, "type": kind, "value": value} for name, kind, value in props]


def tmj_text(stage: Stage, tile_size: int = TILE_SIZE, properties: Mapping[str, Any] | None = None) -> str:
    """The ``.tmj`` (JSON) of a tile stage; its tileset picture is :func:`tileset_name` beside it."""
    _check(stage, tile_size)
    h, w = stage.data.shape
    objects = [{**obj, "type": obj["name"], "width": 0, "height": 0, "rotation": 0, "visible": True,
                "point": True} for obj in _objects(stage, tile_size)]
    tileset = {"firstgid": 1, "name": TILESET, "tilewidth": tile_size, "tileheight": tile_size,
               "tilecount": len(TILES), "columns": len(TILES), "margin": 0, "spacing": 0,
               "image": tileset_name(tile_size), "imagewidth": len(TILES) * tile_size, "imageheight": tile_size,
               "tiles": [{"id": t.id, "properties": _json_properties(_tile_properties(t))} for t in TILES]}
    layers = [
        {"type": "tilelayer", "id": 1, "name": LAYER, "width": w, "height": h, "x": 0, "y": 0,
         "opacity": 1, "visible": True, "data": _gids(stage.data).ravel().tolist()},
        {"type": "objectgroup", "id": 2, "name": POINTS, "x": 0, "y": 0, "opacity": 1, "visible": True,
         "draworder": "topdown", "objects": objects},
    ]
    doc = {"type": "map", "version": _VERSION, "tiledversion": _TILED_VERSION, "orientation": "orthogonal", "renderorder": "right-down",
           "width": w, "height": h, "tilewidth": tile_size, "tileheight": tile_size, "infinite": False,
           "nextlayerid": 3, "nextobjectid": len(objects) + 1, "compressionlevel": -1,
           "properties": _json_properties(_map_properties(properties)), "tilesets": [tileset], "layers": layers}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_tiled(path: str | os.PathLike, stage: Stage, tile_size: int = TILE_SIZE,
                properties: Mapping[str, Any] | None = None) -> Path:
    """Write ``stage`` as a Tiled map, ``.tmx`` or ``.tmj`` by the file's extension, and its
    tileset picture beside it; return the tileset's path.

    The map is made (and checked) before anything is written; a write that
    fails leaves no part of the map behind, and removes a tileset this call
    had just added."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in TILED_FORMATS:
        raise ValueError(f"a Tiled map ends in .tmx or .tmj; got {target.name!r}")
    text = (tmx_text if suffix == ".tmx" else tmj_text)(stage, tile_size, properties)
    picture = target.with_name(tileset_name(tile_size))
    had_picture = picture.exists()
    write_png(picture, tileset_rgb(), tile_size)
    try:
        write_text(target, text)
    except BaseException:
        if not had_picture:
            picture.unlink(missing_ok=True)
        raise
    return picture
