"""The one tile table: every generator, the CLI and the renderer use it.

Tile ids are small integers stored in ``uint8`` arrays indexed ``[y, x]``.
Lookup arrays (:data:`PALETTE`, :data:`WALKABLE`, :data:`TRANSPARENT`,
:data:`GLYPHS`) are indexed by tile id, so ``PALETTE[tiles]`` turns a map into
an RGB image and ``WALKABLE[tiles]`` into a walkability mask in one step.

Append new tiles at the end of :data:`TILES`; never renumber (saved games and
golden digests depend on the ids).
"""

from __future__ import annotations

import json
from typing import NamedTuple

import numpy as np

__all__ = ["Tile", "TILES", "T", "PALETTE", "WALKABLE", "TRANSPARENT", "GLYPHS", "BY_NAME", "legend_json"]


class Tile(NamedTuple):
    id: int
    name: str
    glyph: str
    rgb: tuple[int, int, int]
    walkable: bool
    transparent: bool


# fmt: off
TILES: tuple[Tile, ...] = (
    Tile(0,  "void",          " ", (0, 0, 0),          False, True),   # unclaimed / outside
    Tile(1,  "deep_water",    "~", (24, 48, 112),      False, True),
    Tile(2,  "shallow_water", "=", (52, 104, 176),     True,  True),   # wading: slow
    Tile(3,  "sand",          ".", (222, 206, 146),    True,  True),   # coast, beach
    Tile(4,  "grass",         '"', (112, 168, 72),     True,  True),   # plains
    Tile(5,  "forest",        "T", (44, 112, 52),      True,  True),
    Tile(6,  "hills",         "n", (140, 136, 84),     True,  True),
    Tile(7,  "mountain",      "^", (124, 112, 104),    False, False),
    Tile(8,  "desert",        ":", (236, 160, 80),     True,  True),
    Tile(9,  "swamp",         ",", (48, 100, 104),     True,  True),
    Tile(10, "floor",         ".", (150, 144, 132),    True,  True),   # dungeon floor
    Tile(11, "wall",          "#", (58, 52, 62),       False, False),
    Tile(12, "door",          "+", (176, 112, 48),     True,  False),
    Tile(13, "secret_door",   "s", (60, 150, 170),     True,  False),  # drawn as wall until found
    Tile(14, "stairs_up",     "<", (181, 209, 167),    True,  True),
    Tile(15, "stairs_down",   ">", (255, 188, 49),     True,  True),
    Tile(16, "ground",        ".", (141, 116, 78),     True,  True),   # open outdoor ground
    Tile(17, "unreachable",   "!", (190, 0, 90),       True,  True),   # debug: walkable but cut off
    Tile(18, "hedge",         "%", (13, 80, 42),       False, False),  # garden hedge (mosaic)
    # dungeon features (worldgen.toolkit.features): they block the way; statues also block sight
    Tile(19, "statue",        "&", (174, 165, 175),    False, False),
    Tile(20, "table",         "=", (138, 69, 57),      False, True),   # furniture
    Tile(21, "fountain",      "{", (58, 150, 230),     False, True),   # heals once (the game)
    Tile(22, "dry_fountain",  "{", (115, 117, 133),    False, True),
    Tile(23, "altar",         "_", (228, 191, 226),    False, True),   # names what you carry, once
    Tile(24, "trap",          "^", (120, 30, 150),     True,  True),   # hidden in the game until found
    # terrain that plays (worldgen.toolkit.terrain): the game's rules are game/rules/content/terrain.py
    Tile(25, "chasm",         ":", (24, 16, 32),       False, True),   # step in: fall to the next level
    Tile(26, "bridge",        "=", (177, 141, 81),     True,  True),   # over chasm or deep water
    Tile(27, "brush",         ";", (154, 155, 40),     True,  False),  # tall brush: hides, burns, trampled to grass
    Tile(28, "ash",           ",", (85, 82, 83),       True,  True),   # burnt ground
    Tile(29, "open_door",     "'", (214, 140, 104),    True,  True),   # a door stood open (the game opens doors)
    # vaults (worldgen.toolkit.vaults): rooms carved into the rock, filled and ruled by the game
    Tile(30, "vault_door",    "+", (201, 170, 62),     True,  False),  # locked until its key is used (the game)
    Tile(31, "vault_floor",   ".", (134, 106, 140),    True,  True),   # never stair ground: vaults leave the exit alone
    Tile(32, "pedestal",      "_", (180, 175, 143),    True,  True),   # an altar cage's altar: an item lies on it
    Tile(33, "cage",          "|", (158, 170, 169),    False, True),   # a pedestal caged (the game closes them)
    Tile(34, "bookshelf",     "#", (92, 52, 36),       False, False),  # a library's shelves
)
# fmt: on


class _Ids:
    """Tile ids by name: ``T.wall``, ``T.deep_water`` ..."""

    def __init__(self, tiles: tuple[Tile, ...]) -> None:
        for tile in tiles:
            setattr(self, tile.name, tile.id)


T = _Ids(TILES)
BY_NAME: dict[str, Tile] = {t.name: t for t in TILES}

assert all(t.id == i for i, t in enumerate(TILES)), "tile ids must be dense and ordered"

PALETTE = np.array([t.rgb for t in TILES], dtype=np.uint8)
WALKABLE = np.array([t.walkable for t in TILES], dtype=bool)
TRANSPARENT = np.array([t.transparent for t in TILES], dtype=bool)
GLYPHS = np.array([t.glyph for t in TILES], dtype="<U1")


def legend_json() -> str:
    """The tile legend as JSON: ``{"id": {"name", "glyph", "walkable"}}``."""
    return json.dumps(
        {str(t.id): {"name": t.name, "glyph": t.glyph, "walkable": t.walkable} for t in TILES},
        ensure_ascii=False,
    )
