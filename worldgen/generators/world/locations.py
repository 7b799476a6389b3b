"""Named worlds and the making of their locations (the package doc says how
a location is made)."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Progress, Stage
from worldgen.core.seeding import MAX_SEED_CHARS
from worldgen.core.tiles import TILES, WALKABLE, T
from worldgen.toolkit import grid
from worldgen.toolkit.spread import place_sites_steps
from .. import biomes, island
from .params import (DUNGEON_SIZES, N_LOCATIONS, SITES_PER_LOCATION, DungeonSize, WorldParams, location_size,
                     make_world_params, sites_to_unlock)

__all__ = [
    "World", "Location", "LocationPlan", "Site", "WorldNameError", "world_key", "display_name", "location_plan",
    "iter_location", "generate_location", "LOCATION_STAGES", "WALKABLE_LAND",
]

#: The stages :func:`iter_location` yields before the :class:`Location` itself.
LOCATION_STAGES = ("island", "biomes", "sites")
#: Island water fraction at the first and the last location (linear in between).
WATER_RANGE = (0.58, 0.64)
#: Biome weights (grass, forest, water, mountain, desert) at the first and last location.
WEIGHTS_FIRST = (0.36, 0.32, 0.08, 0.06, 0.18)
WEIGHTS_LAST = (0.18, 0.22, 0.14, 0.16, 0.30)
#: The island's particle mask runs on a grid this much coarser (same mound, ~3x faster).
ISLAND_MASK_SCALE = 2
#: Sites picked between two events (each pick is a pass over the land: 10 are about 0.3 ms at 160x96).
SITE_PICKS_PER_STEP = 10

_WATER = np.zeros(len(TILES), dtype=bool)
_WATER[[T.deep_water, T.shallow_water]] = True
#: Tiles a site may stand on: walkable and not water.
WALKABLE_LAND = WALKABLE & ~_WATER

_FIRST_NAMES = ("Green", "Amber", "Misty", "Silver", "Ashen", "Howling", "Sunken", "Iron", "Bleak",
                "Hollow", "Golden", "Thorn", "Salt", "Raven", "Ember", "Frost")
_SECOND_NAMES = ("Shores", "Vale", "Marches", "Downs", "Reach", "Moors", "Isles", "Wilds", "Barrens",
                 "Fells", "Coast", "Holt", "Steppe", "Deeps", "Crags", "Waste")


class WorldNameError(ValueError):
    """A world name the game cannot use; the message is meant for the player."""


def display_name(name: str) -> str:
    """The name as typed, cleaned as every seed is, inner whitespace runs as one space."""
    return " ".join(seeding.clean_seed_text(str(name)).split())


def world_key(name: str) -> str:
    """The text that seeds a world: :func:`display_name`, case-folded, NFC again.

    >>> world_key("  Straße ") == world_key("STRASSE")
    True
    >>> world_key("Cafe\\u0301") == world_key("café")
    True
    """
    shown = display_name(name)
    if not shown:
        raise WorldNameError("A world needs a name: type any word, for example Avalon.")
    if len(shown) > MAX_SEED_CHARS:
        raise WorldNameError(f"A world name can be at most {MAX_SEED_CHARS} characters "
                             f"(this one has {len(shown)}).")
    return unicodedata.normalize("NFC", shown.casefold())


@dataclass(frozen=True)
class Site:
    """A dungeon site: ``index`` in the location, position, the terrain under it."""

    index: int
    x: int
    y: int
    terrain: str  # tile name, e.g. "forest"
    seed: int     # the dungeon's seed: derive(world.seed, "location", i, "site", index)
    tile: int     # tile id of the terrain
    steps: int    # walking distance from the location's start (4-connected)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "x": self.x, "y": self.y, "terrain": self.terrain,
                "seed": self.seed, "steps": self.steps}


@dataclass(frozen=True)
class LocationPlan:
    """What location ``index`` will be, known without generating it."""

    index: int
    name: str
    width: int
    height: int
    seed: int
    water: float
    weights: tuple[float, ...]


@dataclass(frozen=True, eq=False)
class Location:
    index: int
    name: str
    seed: int
    tiles: np.ndarray           # uint8 [y, x]
    sites: tuple[Site, ...]
    start: tuple[int, int]      # (x, y)
    spacing: float              # no two sites are closer than this (Euclidean, tiles)
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def width(self) -> int:
        return int(self.tiles.shape[1])

    @property
    def height(self) -> int:
        return int(self.tiles.shape[0])

    def site_points(self) -> np.ndarray:
        return np.array([[s.x, s.y] for s in self.sites], dtype=np.int64).reshape(-1, 2)

    def stage(self) -> Stage:
        """The map as a tile stage with points ``sites`` and ``start`` (for image/CLI)."""
        return Stage("location", self.tiles, points={"sites": self.site_points(),
                                                     "start": np.array([self.start], dtype=np.int64)},
                     info=dict(self.info, name=self.name, spacing=self.spacing))

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "name": self.name, "width": self.width, "height": self.height,
                "seed": self.seed, "start": list(self.start), "spacing": round(self.spacing, 3),
                "sites": [s.to_json() for s in self.sites]}


@dataclass(frozen=True)
class World:
    """A named world.  ``World.from_name("Avalon", size="large")``."""

    name: str   # for display: as typed, trimmed
    key: str    # what is compared and seeded: see world_key()
    seed: int
    size: str = "medium"
    params: WorldParams = WorldParams()

    @classmethod
    def from_name(cls, name: str, size: str = "medium",
                  params: WorldParams | Mapping[str, object] | None = None) -> "World":
        if size not in DUNGEON_SIZES:
            raise ValueError(f"dungeon size must be one of {', '.join(DUNGEON_SIZES)}; got {str(size)[:20]!r}")
        if not isinstance(params, WorldParams):
            params = make_world_params(params)
        key = world_key(name)
        return cls(display_name(name), key, seeding.seed_from_text(key), size, params)

    @property
    def unlock_share(self) -> float:
        """Share of a location's sites to clear before the next opens."""
        return self.params.unlock_share

    def sites_to_unlock(self, n_sites: int = SITES_PER_LOCATION) -> int:
        return sites_to_unlock(n_sites, self.params.unlock_share)

    @property
    def dungeon(self) -> DungeonSize:
        return DUNGEON_SIZES[self.size]

    @property
    def n_locations(self) -> int:
        return N_LOCATIONS

    @property
    def locations(self) -> tuple[LocationPlan, ...]:
        return tuple(location_plan(self, i) for i in range(N_LOCATIONS))

    def location_name(self, index: int) -> str:
        return location_plan(self, index).name

    def iter_location(self, index: int) -> Iterator[Stage | Progress | Location]:
        return iter_location(self, index)

    def location(self, index: int) -> Location:
        return generate_location(self, index)

    def to_json(self) -> dict[str, Any]:
        d = self.dungeon
        return {"name": self.name, "key": self.key, "seed": self.seed, "dungeon_size": self.size,
                "dungeon": {"width": d.width, "height": d.height, "levels": d.levels},
                "params": dataclasses.asdict(self.params),
                "sites_to_unlock": self.sites_to_unlock()}


def _check_index(index: int) -> int:
    if not isinstance(index, (int, np.integer)) or isinstance(index, bool) or not 0 <= index < N_LOCATIONS:
        raise ValueError(f"location must be 0..{N_LOCATIONS - 1}; got {index!r}")
    return int(index)


def location_plan(world: World, index: int) -> LocationPlan:
    """Size, seed, name, water and biome weights of a location (cheap)."""
    index = _check_index(index)
    t = index / (N_LOCATIONS - 1)
    width, height = location_size(world.params, index)
    water = round(WATER_RANGE[0] + (WATER_RANGE[1] - WATER_RANGE[0]) * t, 4)
    weights = tuple(round(a + (b - a) * t, 4) for a, b in zip(WEIGHTS_FIRST, WEIGHTS_LAST))
    # Names: a seeded pairing of two word lists, distinct first words per world.
    rng = seeding.rng(world.seed, "location-names")
    first = rng.permutation(len(_FIRST_NAMES))[:N_LOCATIONS]
    second = rng.permutation(len(_SECOND_NAMES))[:N_LOCATIONS]
    name = f"{_FIRST_NAMES[first[index]]} {_SECOND_NAMES[second[index]]}"
    return LocationPlan(index, name, width, height, seeding.derive(world.seed, "location", index),
                        water, weights)


def _island(seed: int, plan: LocationPlan) -> Iterator[Progress | np.ndarray]:
    spec = island.SPEC
    params = spec.make_params({"water": plan.water, "mask_scale": ISLAND_MASK_SCALE})
    n_stages = len(spec.stages)
    done = 0
    tiles = None
    for item in spec.run(seeding.derive(seed, "island"), plan.width, plan.height, params):
        if isinstance(item, Stage):
            done += 1
            if item.name == spec.stages[-1]:
                tiles = item.data
            yield Progress("island", done / n_stages)
        else:
            yield Progress("island", (done + max(0.0, min(1.0, item.done))) / n_stages)
    return tiles


def _sites(world: World, plan: LocationPlan, tiles: np.ndarray):
    """``(sites, start, spacing, info)`` for a finished overworld map:
    ``sites, ... = yield from _sites(...)`` (yields Progress while placing)."""
    h, w = tiles.shape
    land = WALKABLE_LAND[tiles]
    region = grid.largest_region(land, 4)
    area = int(np.count_nonzero(region))
    candidates = region if area >= SITES_PER_LOCATION else land
    rng = seeding.rng(plan.seed, "sites")
    xy, r2 = yield from place_sites_steps(candidates, SITES_PER_LOCATION, rng, per_step=SITE_PICKS_PER_STEP,
                                          tick=lambda: Progress("sites", 0.5))
    yield Progress("sites", 0.6)
    # Start: the region tile nearest its centroid that is not a site.
    ys, xs = np.nonzero(region if area else np.ones_like(land))
    count = ys.size
    my, mx = int(ys.sum()) // count, int(xs.sum()) // count
    d2 = (ys - my) ** 2 + (xs - mx) ** 2
    taken = np.zeros((h, w), dtype=bool)
    taken[xy[:, 1], xy[:, 0]] = True
    d2 = np.where(taken[ys, xs], np.iinfo(np.int64).max, d2)
    k = int(np.argmin(d2))
    start = (int(xs[k]), int(ys[k]))
    yield Progress("sites", 0.7)
    steps = grid.distance_map(land, [(start[1], start[0])], 4)[xy[:, 1], xy[:, 0]]
    yield Progress("sites", 0.9)
    order = np.lexsort((np.arange(len(xy)), np.where(steps < 0, np.iinfo(np.int32).max, steps)))
    sites = []
    for index, o in enumerate(order):
        x, y = int(xy[o, 0]), int(xy[o, 1])
        tile = int(tiles[y, x])
        seed = seeding.derive(world.seed, "location", plan.index, "site", index)
        sites.append(Site(index, x, y, TILES[tile].name, seed, tile, int(steps[o])))
    info = {"region_tiles": area, "land_tiles": int(np.count_nonzero(land))}
    return tuple(sites), start, float(np.sqrt(r2)), info


def iter_location(world: World, index: int) -> Iterator[Stage | Progress | Location]:
    """Make location ``index`` step by step (for a loading bar).

    Yields ``Progress`` events and the stages ``island``, ``biomes`` and
    ``sites`` (:data:`LOCATION_STAGES`), then the :class:`Location`.
    """
    plan = location_plan(world, index)
    island = yield from _island(plan.seed, plan)
    yield Stage("island", island)
    tiles, info = yield from biomes.grow_lowland(plan.seed, island, plan.weights)
    yield Stage("biomes", tiles, info=info)
    yield Progress("sites", 0.0)
    sites, start, spacing, site_info = yield from _sites(world, plan, tiles)
    info = dict(info, **site_info, water=plan.water, weights=plan.weights)
    location = Location(plan.index, plan.name, plan.seed, tiles, sites, start, spacing, info)
    yield Stage("sites", tiles, points=location.stage().points, info=info)
    yield location


def generate_location(world: World, index: int) -> Location:
    """Drain :func:`iter_location`."""
    result = None
    for item in iter_location(world, index):
        if isinstance(item, Location):
            result = item
    assert result is not None
    return result
