"""A named world: 10 locations, each an overworld map with 100 dungeon sites.

After 1000 Dungeons (source ``003_bc7ae02ed1baa4b0.txt``): the player names
the world and the name is the seed, so friends who type the same name get the
same world.

>>> a, b = World.from_name("  Avalon "), World.from_name("AVALON")
>>> a.key, a.seed == b.seed, a.name
('avalon', True, 'Avalon')

Names
-----
:func:`world_key` compares names after NFC normalization, trimming, folding
runs of whitespace into one space and case-folding (``"  New   York"`` and
``"new york"`` are one world).  Any Unicode text is allowed; an empty name, or
one longer than :data:`~worldgen.core.seeding.MAX_SEED_CHARS` characters, raises
:class:`WorldNameError` (a ``ValueError``) with a message for the player.

How a location is made (:func:`iter_location`)
-----------------------------------------------
1. **Island** (``worldgen.generators.island``, mask 2x coarser: the same mound at a
   third of the cost): shape, elevation, sea, beaches and high ground.
2. **Biomes** (``worldgen.generators.biomes``) grow over the island's lowland only (its
   grass and forest): one seed per 100 lowland tiles (the source's density,
   8..200), transitions and clean-up there too; lowland no seed reaches keeps
   the island's tile.  The island says *where* land is, the biomes *what*.
3. **Sites**: 100 dungeon sites on walkable land (not water) of the largest
   4-connected walkable land region, spread by dart throwing with a
   shrinking radius (:func:`place_sites`); ``Location.spacing`` is the last
   radius (typically 4-6 tiles; the tests pin names that keep it >= 3).
   (A region under 100 tiles adds the other walkable land.)
4. **Start**: the region tile nearest the region's centroid that is not a
   site.  Sites are numbered by walking distance from the start (ties: draw
   order), so dungeon 1 is the nearest and the last is the farthest.

Each site has its own seed, ``seeding.derive(world.seed, "location", i,
"site", j)``, and the terrain under it, which decides the dungeon's style.

Locations get larger and harsher (:func:`location_size`, :func:`location_plan`):
128x80 tiles for locations 0-3 (a 960x540 window shows 60x34 tiles of 16
pixels, so the camera roams about 2x2.4 screens), 144x88 for 4-6 and 160x96
for 7-9; the sea rises from 58% to 64% of the map and the biome weights
shift from grass and forest towards desert, mountains and lakes.  Each
location has a seeded two-word name ("Amber Downs"), distinct per world.

World parameters (:class:`WorldParams`; defaults as above): the first
locations' ``width`` and ``height``, whether later ones ``grow`` (each tier
adds an eighth of the width and a tenth of the height), and ``unlock_share``
of a location's sites to clear before the next opens (:func:`sites_to_unlock`).
The source's world is ``width=100 height=100 grow=false unlock_share=1``.

Dungeon size (``small|medium|large``) does not change the overworld: it is
each site's dungeon (:data:`DUNGEON_SIZES`: 48x32 and 3 levels, 64x40 and 4,
84x52 and 5).

The command line's ``world`` subcommand (:mod:`worldgen.tools.world_cli`)
writes a location's map or the world's locations and sites.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import ParamError, ParamSpec, Progress, Stage, param
from worldgen.core.seeding import MAX_SEED_CHARS
from worldgen.core.tiles import TILES, WALKABLE, T
from worldgen.toolkit import grid
from worldgen.toolkit.spread import MAX_RELAX, place_sites, place_sites_steps  # noqa: F401  (MAX_RELAX: re-exported)
from . import biomes, island

__all__ = [
    "World", "WorldParams", "Location", "LocationPlan", "Site", "DungeonSize", "WorldNameError", "world_key",
    "display_name", "location_plan", "location_size", "sites_to_unlock", "iter_location", "generate_location",
    "place_sites", "world_param_specs", "make_world_params",
    "DUNGEON_SIZES", "LOCATION_SIZES", "N_LOCATIONS", "SITES_PER_LOCATION", "LOCATION_STAGES",
]

N_LOCATIONS = 10
SITES_PER_LOCATION = 100
#: The stages :func:`iter_location` yields before the :class:`Location` itself.
LOCATION_STAGES = ("island", "biomes", "sites")
#: Size tier of each location: later tiers are larger (with ``WorldParams.grow``).
LOCATION_TIERS = (0, 0, 0, 0, 1, 1, 1, 2, 2, 2)
#: Island water fraction at the first and the last location (linear in between).
WATER_RANGE = (0.58, 0.64)
#: Biome weights (grass, forest, water, mountain, desert) at the first and last location.
WEIGHTS_FIRST = (0.36, 0.32, 0.08, 0.06, 0.18)
WEIGHTS_LAST = (0.18, 0.22, 0.14, 0.16, 0.30)
#: Lowland tiles per biome seed (the source: 100 seeds on 100x100), and the seed count's bounds.
TILES_PER_SEED = 100
SEEDS_RANGE = (8, 200)
#: The island's particle mask runs on a grid this much coarser (same mound, ~3x faster).
ISLAND_MASK_SCALE = 2

_WATER = np.zeros(len(TILES), dtype=bool)
_WATER[[T.deep_water, T.shallow_water]] = True
#: Tiles a site may stand on: walkable and not water.
WALKABLE_LAND = WALKABLE & ~_WATER

_FIRST_NAMES = ("Green", "Amber", "Misty", "Silver", "Ashen", "Howling", "Sunken", "Iron", "Bleak",
                "Hollow", "Golden", "Thorn", "Salt", "Raven", "Ember", "Frost")
_SECOND_NAMES = ("Shores", "Vale", "Marches", "Downs", "Reach", "Moors", "Isles", "Wilds", "Barrens",
                 "Fells", "Coast", "Holt", "Steppe", "Deeps", "Crags", "Waste")


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


class WorldNameError(ValueError):
    """A world name the game cannot use; the message is meant for the player."""


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


# ----------------------------------------------------------------------------- names


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


# ----------------------------------------------------------------------------- data


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


# ----------------------------------------------------------------------------- generation


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


def _grow_biomes(seed: int, island: np.ndarray, plan: LocationPlan) -> Iterator[Progress]:
    """Biomes over the island's lowland; returns ``(tiles, info)``."""
    height, width = island.shape
    lowland = (island == T.grass) | (island == T.forest)
    cells = np.flatnonzero(lowland)
    if cells.size == 0:
        return island.copy(), {"biome_seeds": 0, "growth_loops": 0}
    n = min(cells.size, max(SEEDS_RANGE[0], min(SEEDS_RANGE[1], cells.size // TILES_PER_SEED)))
    counts = biomes.seed_counts(plan.weights, n)
    type_ids = np.repeat(np.array([tid for _, tid in biomes.BASE_TYPES], dtype=np.uint8), counts)
    picked = cells[seeding.rng(seed, "biome-seeds").choice(cells.size, size=n, replace=False)]

    start = island.copy()
    start[lowland] = T.void  # blank: to be grown
    start.ravel()[picked] = type_ids
    padded = biomes.pad_frame(start)
    view = padded[1:-1, 1:-1]
    spacing = max(3.0, float(np.sqrt(cells.size / n)))
    octaves = biomes.ground_noise(seeding.rng(seed, "biome-ground"), height, width, spacing)
    defaults = biomes.BiomeParams()
    thresholds = biomes.ground_thresholds(octaves, defaults.spread, defaults.rough)
    delays = biomes.growth_delays(thresholds, seeding.rng(seed, "biome-delays"))
    filled, loops = n, 0
    for claimed in biomes.grow(padded.ravel(), biomes.padded_index(picked, width), delays, width,
                               seeding.rng(seed, "biome-growth")):
        loops += 1
        filled += claimed
        yield Progress("biomes", 0.9 * filled / cells.size, preview=Stage("biomes", view))
    grown = view.copy()
    unreached = grown == T.void
    grown[unreached] = island[unreached]  # lowland no seed reached keeps the island's tile
    becomes = biomes.qualifies(grown)
    mixed = biomes.apply_transitions(grown, lowland, becomes=becomes)
    tiles, fixed, _ = biomes.clean_lone(mixed, grown, seeding.rng(seed, "biome-clean-up"), lowland, rim=becomes)
    yield Progress("biomes", 1.0)
    by_type = {name: c for (name, _), c in zip(biomes.BASE_TYPES, counts)}
    return tiles, {"biome_seeds": n, "biome_seed_counts": by_type, "growth_loops": loops, "lone_fixed": fixed}


def _sites(world: World, plan: LocationPlan, tiles: np.ndarray):
    """``(sites, start, spacing, info)`` for a finished overworld map:
    ``sites, ... = yield from _sites(...)`` (yields Progress while placing)."""
    h, w = tiles.shape
    land = WALKABLE_LAND[tiles]
    region = grid.largest_region(land, 4)
    area = int(np.count_nonzero(region))
    candidates = region if area >= SITES_PER_LOCATION else land
    rng = seeding.rng(plan.seed, "sites")
    xy, r2 = yield from place_sites_steps(candidates, SITES_PER_LOCATION, rng, tick=lambda: Progress("sites", 0.5))
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
    steps = grid.distance_map(land, [(start[1], start[0])], 4)[xy[:, 1], xy[:, 0]]
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
    tiles, info = yield from _grow_biomes(plan.seed, island, plan)
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
