"""A world's parameters and sizes: what the game's tables read without
making a world (how many locations and sites, how large each location and
each dungeon is, how many sites open the next location)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from worldgen.core.registry import ParamError, ParamSpec, param

__all__ = ["N_LOCATIONS", "SITES_PER_LOCATION", "WorldParams", "world_param_specs", "make_world_params",
           "location_size", "sites_to_unlock", "LOCATION_SIZES", "DungeonSize", "DUNGEON_SIZES"]

N_LOCATIONS = 10
SITES_PER_LOCATION = 100
#: Size tier of each location: later tiers are larger (with ``WorldParams.grow``).
LOCATION_TIERS = (0, 0, 0, 0, 1, 1, 1, 2, 2, 2)


@dataclass(frozen=True)
class WorldParams:
    """The world's parameter table (defaults: the game's world; the source's in the module doc)."""

    width: int = param(128, 48, 256, "width of the first locations in tiles (later tiers add width/8 each)")
    height: int = param(80, 32, 256, "height of the first locations in tiles (later tiers add height/10 each)")
    grow: bool = param(True, help="later locations are larger (locations 4-6 one tier, 7-9 two)")
    unlock_share: float = param(0.10, 0.01, 1.0,
                                "share of a location's sites to clear before the next opens (the source: 1)")


def world_param_specs() -> tuple[ParamSpec, ...]:
    """:class:`WorldParams` as :class:`~worldgen.core.registry.ParamSpec` rows (for the CLI and links)."""
    return tuple(ParamSpec(f.name, type(f.default), f.default, f.metadata["lo"], f.metadata["hi"],
                           f.metadata["help"], f.metadata["choices"]) for f in dataclasses.fields(WorldParams))


def make_world_params(values: Mapping[str, object] | None = None) -> WorldParams:
    """Parse and validate ``{name: value or text}``; raises :class:`ParamError` naming the parameter.

    >>> make_world_params({"width": "100", "unlock_share": 1}).width
    100
    """
    specs = {spec.name: spec for spec in world_param_specs()}
    parsed = {}
    for name, value in (values or {}).items():
        if name not in specs:
            raise ParamError(f"the world has no parameter {str(name)[:40]!r} (known: {', '.join(specs)})")
        parsed[name] = specs[name].parse(value)
    return WorldParams(**parsed)


def location_size(params: WorldParams, index: int) -> tuple[int, int]:
    """``(width, height)`` of location ``index``.

    >>> [location_size(WorldParams(), i) for i in (0, 4, 9)]
    [(128, 80), (144, 88), (160, 96)]
    """
    tier = LOCATION_TIERS[index] if params.grow else 0
    return params.width + tier * (params.width // 8), params.height + tier * (params.height // 10)


def sites_to_unlock(n_sites: int, share: float) -> int:
    """Sites of a location to clear before the next opens: ``ceil(n_sites x share)``, 1..n_sites.

    >>> sites_to_unlock(100, 0.10), sites_to_unlock(100, 1.0), sites_to_unlock(7, 0.1), sites_to_unlock(0, 0.5)
    (10, 100, 1, 1)
    """
    return max(1, min(int(n_sites), int(np.ceil(n_sites * share - 1e-9))))


#: Overworld size (width, height) per location with the default parameters.
LOCATION_SIZES: tuple[tuple[int, int], ...] = tuple(location_size(WorldParams(), i) for i in range(N_LOCATIONS))


@dataclass(frozen=True)
class DungeonSize:
    name: str
    width: int
    height: int
    levels: int


#: What the world's dungeon-size option means for each site's dungeon.
DUNGEON_SIZES: dict[str, DungeonSize] = {
    "small": DungeonSize("small", 48, 32, 3),
    "medium": DungeonSize("medium", 64, 40, 4),
    "large": DungeonSize("large", 84, 52, 5),
}
