"""The mosaic generator's parameter table and the walker its promises are about."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.core.registry import param
from worldgen.toolkit import features, terrain, vaults

__all__ = ["MosaicParams", "WALKER", "BIG", "MIN_WALKABLE"]

#: From this many cells on, long loops yield Progress events (with previews).
#: A whole 100x100 run is ~8 ms of one loaded core (one step); from 110x110
#: on the run is sliced, so no map size holds a frame for long.
BIG = 12_000

#: Share of the map's interior the final map keeps walkable: the repair fills
#: cut-off pockets only while this much stays, and joins the rest.
MIN_WALKABLE = 0.1

#: The walker the map's promises are about (``info["walker"]``).
WALKER = ("one region for 4-connected steps over walkable tiles (so also for the game's 8-way "
          "steps); shallow water is waded, deep water is not; distances are 8-way steps")


@dataclass(frozen=True)
class MosaicParams:
    preset: str = param("wild", help="wild: ellipses+triangles, organic styles; "
                        "civilized: rectangles+triangles, gardens and ruins",
                        choices=("wild", "civilized"))
    areas: int = param(3, 2, 6, "areas in the master mask (the border is one more)")
    shapes: int = param(16, 1, 40, "shapes drawn into the master mask")
    smooth: int = param(2, 0, 8, "majority-filter passes over the area borders")
    cave_fill: float = param(0.45, 0.35, 0.55, "initial wall fraction of the caves automaton")
    noise_walls: float = param(0.10, 0.0, 0.3, "wall fraction of the noise style")
    beach: int = param(2, 0, 4, "sand beach width (tiles) where land areas meet water")
    pocket: int = param(12, 0, 400, "cut-off walkable pockets smaller than this are filled, "
                        "larger ones (and any touching water) are joined")
    monsters: float = param(3.0, 0.0, 30.0, "monster spawns per 1000 reachable walkable tiles")
    items: float = param(2.0, 0.0, 30.0, "item spawns per 1000 reachable walkable tiles")
    safe: int = param(10, 0, 200, "least steps on foot (8-way) from the start to a spawn")
    features: float = features.density_param()
    lakes: float = terrain.amount_param("lakes (deep water ringed by shallows) in caves and gardens")
    chasms: float = terrain.amount_param("chasms in caves, noise and ruins")
    meadows: float = terrain.amount_param("meadows of brush and grass in gardens, noise and caves")
    doors: float = terrain.amount_param("doors at one-cell gaps in ruins and gardens")
    vaults: float = vaults.count_param()
