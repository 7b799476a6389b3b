"""What the overworld's terrain means for play: which generator builds a
site's dungeon, what a step costs, which resources its dungeons hold."""

from __future__ import annotations

import numpy as np

from worldgen.core import registry
from worldgen.core.tiles import TILES, T

__all__ = ["STYLE_BY_TERRAIN", "style_for", "MOVE_COST", "move_cost_array", "RESOURCES_BY_TERRAIN"]

#: The generator that builds a site's levels, by the overworld tile under the
#: site: read from each dungeon generator's spec (``GeneratorSpec.terrains``).
STYLE_BY_TERRAIN: dict[int, str] = {int(tile): spec.name for spec in registry.all_specs()
                                    if spec.kind == "dungeon" for tile in spec.terrains}
#: The generator of a site on a tile no generator claims.
DEFAULT_STYLE = "rooms"


def style_for(terrain: int) -> str:
    return STYLE_BY_TERRAIN.get(int(terrain), DEFAULT_STYLE)


#: Turns one step onto a tile costs; None blocks.  (Dungeon sites can always be entered.)
MOVE_COST: dict[int, int | None] = {
    T.deep_water: None, T.mountain: None, T.void: None, T.wall: None, T.hedge: None,
    T.shallow_water: 3, T.swamp: 2, T.forest: 2, T.hills: 2,
    T.sand: 1, T.grass: 1, T.desert: 1, T.ground: 1, T.floor: 1,
}


def move_cost_array() -> np.ndarray:
    """``cost[tile_id]``: turns per step, 0 where blocked (index with a tile map)."""
    cost = np.zeros(len(TILES), dtype=np.int16)
    for tile in TILES:
        c = MOVE_COST.get(tile.id, 1 if tile.walkable else None)
        cost[tile.id] = 0 if c is None else c
    return cost


#: Resources found in a site's dungeon, by the terrain under the site (first is 3x likelier).
RESOURCES_BY_TERRAIN: dict[int, tuple[str, str]] = {
    T.mountain: ("iron_ore", "gems"), T.hills: ("iron_ore", "hide"),
    T.forest: ("timber", "herbs"), T.swamp: ("herbs", "pearls"),
    T.grass: ("hide", "timber"), T.desert: ("gems", "iron_ore"),
    T.sand: ("pearls", "gems"), T.shallow_water: ("pearls", "herbs"), T.ground: ("hide", "iron_ore"),
}
