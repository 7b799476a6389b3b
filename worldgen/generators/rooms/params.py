"""The rooms generator's parameter table and the room kinds it records."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.core.registry import param
from worldgen.toolkit import features, terrain, vaults

__all__ = ["RoomParams", "KINDS"]

#: Room kinds as recorded in ``info["rooms"]``.
KINDS = ("rect", "conglomerate", "cross", "circle", "cave", "corridor_h", "corridor_v",
         "corridor_nwse", "corridor_nesw", "drunken")


@dataclass(frozen=True)
class RoomParams:
    room_attempts: int = param(28, 4, 200, "room designs tried per 1000 map tiles "
                               "(more while under 20% of the map is floor)")
    shifts: int = param(4, 0, 16, "shifts of a room that does not fit before it is dropped")
    corridor_chance: float = param(0.3, 0.0, 1.0, "share of designs that are corridors")
    cave_chance: float = param(0.12, 0.0, 1.0, "share of designs that are cave blobs")
    fuse_chance: float = param(0.15, 0.0, 1.0, "chance a room fuses with its neighbour instead of a door")
    door_chance: float = param(0.85, 0.0, 1.0, "chance a join gets a door (else an open doorway)")
    secret_chance: float = param(0.08, 0.0, 1.0, "chance a door is a secret door")
    dead_end_keep: float = param(0.1, 0.0, 1.0, "fraction of dead ends kept")
    loops: float = param(3.0, 0.0, 50.0, "loops opened per 1000 map tiles")
    loop_distance: int = param(20, 4, 400, "least steps on foot (8-way) across a wall to open a loop")
    monster_density: float = param(0.02, 0.0, 0.5, "monster spawn points per floor tile")
    item_density: float = param(0.015, 0.0, 0.5, "item spawn points per floor tile")
    safe_radius: int = param(8, 0, 100, "no spawn points within this many steps on foot (8-way) of the start")
    features: float = features.density_param()
    lakes: float = terrain.amount_param("lakes (deep water ringed by shallows), each inside one room")
    chasms: float = terrain.amount_param("chasms, each inside one room")
    meadows: float = terrain.amount_param("meadows of brush and grass, each inside one room")
    vaults: float = vaults.count_param()
