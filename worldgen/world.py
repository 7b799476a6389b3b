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
one longer than :data:`~worldgen.seeding.MAX_SEED_CHARS` characters, raises
:class:`WorldNameError` (a ``ValueError``) with a message for the player.

How a location is made (:func:`iter_location`)
-----------------------------------------------
1. **Island** (``worldgen.island``): shape, elevation, the sea, the beaches
   and the high ground.  Its deep and shallow water, sand, hills and
   mountains are kept: elevation decides where the coast and the peaks are.
   (Its rolling-particle mask runs 2x coarser, ``mask_scale=2``: the same
   mound at a third of the cost, which keeps a location within budget.)
2. **Biomes** (``worldgen.biomes``) grow over the island's lowland only (its
   grass and forest tiles): seeds are drawn on lowland tiles (one per 100,
   the source's density, 8..200), growth is confined to the lowland, the
   transition table is applied there (lakes get beaches and swamps, inland
   mountains get foothills) and lone tiles are cleaned up.  Lowland that no
   seed reaches (a tiny islet) keeps the island's tile.  So the island says
   *where* land is and how high; the biomes say *what* grows on it, with
   the organic seed-and-grow look instead of elevation bands.
3. **Sites**: 100 dungeon sites on walkable land (not water) of the largest
   4-connected walkable land region, so every site can be walked to from
   every other and from the start.  Spacing is dart throwing with a
   shrinking radius: the first radius is ``sqrt(2 * region / 100)``; a site
   is drawn uniformly among the region tiles at least the radius from every
   site so far; when none is left the squared radius shrinks by an eighth
   (at most 64 times, down to 1 tile).  The result is spread out like a
   Poisson-disc set; ``Location.spacing`` is the last radius, and no two
   sites are closer than it (at the default sizes it is typically 4-6
   tiles; the tests pin names whose every location keeps it >= 3).
   If the region has fewer than 100 tiles, other walkable land is used too.
4. **Start**: the region tile nearest the region's centroid that is not a
   site.  Sites are numbered by walking distance from the start (ties: draw
   order), so dungeon 1 is the nearest and the last is the farthest.

Each site has its own seed, ``seeding.derive(world.seed, "location", i,
"site", j)``, and records the terrain under it (its name; ``tile`` is the
id), which later decides the dungeon's style and resources.

Locations get larger and harsher (:data:`LOCATION_SIZES`, :func:`location_plan`):
128x80 tiles for locations 0-3 (a 960x540 window shows 60x34 tiles of 16
pixels, so the camera roams about 2x2.4 screens), 144x88 for 4-6 and 160x96
for 7-9; the sea rises from 58% to 64% of the map and the biome weights
shift from grass and forest towards desert, mountains and lakes.  Each
location has a seeded two-word name ("Amber Downs"), distinct per world.

Dungeon size (a world option, ``small|medium|large``) does not change the
overworld; it says how big each site's dungeon will be
(:data:`DUNGEON_SIZES`): small 48x32 tiles and 3 levels, medium 64x40 and
4, large 84x52 and 5 (the game adds its monster and item caps in ``game/content.py``).

CLI: ``python -m worldgen world --seed NAME [--location N] [--size S]
--out FILE`` writes location N's map (default 0) as ``.png``/``.txt``/
``.npz`` (points ``sites`` and ``start``), or ``.json`` with the world and
its locations: all 10, or only location N when ``--location`` is given.
"""

from __future__ import annotations

import argparse
import json
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from . import biomes, grid, seeding
from .registry import Progress, Stage
from .seeding import MAX_SEED_CHARS
from .tiles import TILES, WALKABLE, T

__all__ = [
    "World", "Location", "LocationPlan", "Site", "DungeonSize", "WorldNameError", "world_key",
    "display_name", "location_plan", "iter_location", "generate_location", "place_sites",
    "DUNGEON_SIZES", "LOCATION_SIZES", "N_LOCATIONS", "SITES_PER_LOCATION", "LOCATION_STAGES",
    "add_world_command", "run_world_command",
]

N_LOCATIONS = 10
SITES_PER_LOCATION = 100
#: The stages :func:`iter_location` yields before the :class:`Location` itself.
LOCATION_STAGES = ("island", "biomes", "sites")
#: Overworld size (width, height) per location.
LOCATION_SIZES: tuple[tuple[int, int], ...] = ((128, 80),) * 4 + ((144, 88),) * 3 + ((160, 96),) * 3
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
#: Shrinking steps of the site spacing before giving up on spacing altogether.
MAX_RELAX = 64

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
    """The name as the player typed it, NFC, trimmed, inner whitespace runs as one space."""
    return " ".join(seeding.normalize_seed_text(str(name)).split())


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

    @classmethod
    def from_name(cls, name: str, size: str = "medium") -> "World":
        if size not in DUNGEON_SIZES:
            raise ValueError(f"dungeon size must be one of {', '.join(DUNGEON_SIZES)}; got {str(size)[:20]!r}")
        key = world_key(name)
        return cls(display_name(name), key, seeding.seed_from_text(key), size)

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
                "dungeon": {"width": d.width, "height": d.height, "levels": d.levels}}


# ----------------------------------------------------------------------------- generation


def _check_index(index: int) -> int:
    if not isinstance(index, (int, np.integer)) or isinstance(index, bool) or not 0 <= index < N_LOCATIONS:
        raise ValueError(f"location must be 0..{N_LOCATIONS - 1}; got {index!r}")
    return int(index)


def location_plan(world: World, index: int) -> LocationPlan:
    """Size, seed, name, water and biome weights of a location (cheap)."""
    index = _check_index(index)
    t = index / (N_LOCATIONS - 1)
    width, height = LOCATION_SIZES[index]
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
    from .registry import get

    spec = get("island")
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
    filled, loops = n, 0
    for claimed in biomes.grow(padded.ravel(), biomes.padded_index(picked, width), thresholds, width,
                               seeding.rng(seed, "biome-growth"), max_loops=4 * (width + height) + 64):
        loops += 1
        filled += claimed
        yield Progress("biomes", 0.9 * filled / cells.size, preview=Stage("biomes", view))
    grown = view.copy()
    unreached = grown == T.void
    grown[unreached] = island[unreached]  # lowland no seed reached keeps the island's tile
    mixed = biomes.apply_transitions(grown, lowland)
    tiles, fixed, _ = biomes.clean_lone(mixed, grown, seeding.rng(seed, "biome-clean-up"), lowland)
    yield Progress("biomes", 1.0)
    by_type = {name: c for (name, _), c in zip(biomes.BASE_TYPES, counts)}
    return tiles, {"biome_seeds": n, "biome_seed_counts": by_type, "growth_loops": loops, "lone_fixed": fixed}


def place_sites(land: np.ndarray, n: int, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """``n`` spread-out cells of the bool mask ``land``: ``((k, 2) [x, y] in draw order, r2)``.

    Dart throwing with a shrinking radius (module doc); ``r2`` is the final
    squared spacing: no two cells are closer than ``sqrt(r2)``.  ``k < n`` only
    when ``land`` has fewer than ``n`` cells.  Integer arithmetic throughout.
    """
    h, w = land.shape
    cells = np.flatnonzero(land)
    k = min(n, int(cells.size))
    if k == 0:
        return np.zeros((0, 2), dtype=np.int64), 0
    cy, cx = np.divmod(cells.astype(np.int64), w)
    big = np.int64(1) << 62
    nearest = np.full(cells.size, big, dtype=np.int64)  # squared distance to the nearest site
    r2 = max(1, (2 * int(cells.size)) // n)
    chosen = np.empty(k, dtype=np.int64)
    relaxed = 0
    i = 0
    while i < k:
        open_ = np.flatnonzero(nearest >= r2)
        if open_.size == 0:
            if r2 == 1 or relaxed >= MAX_RELAX:
                r2 = 1  # every cell not yet taken is open at r2 = 1
            else:
                r2 = max(1, (r2 * 7) // 8)
            relaxed += 1
            continue
        j = int(open_[rng.integers(open_.size)])
        chosen[i] = j
        i += 1
        nearest = np.minimum(nearest, (cx - cx[j]) ** 2 + (cy - cy[j]) ** 2)
    return np.stack([cx[chosen], cy[chosen]], axis=1), r2


def _sites(world: World, plan: LocationPlan, tiles: np.ndarray) -> tuple[Any, ...]:
    """``(sites, start, spacing, info)`` for a finished overworld map."""
    h, w = tiles.shape
    land = WALKABLE_LAND[tiles]
    region = grid.largest_region(land, 4)
    area = int(np.count_nonzero(region))
    candidates = region if area >= SITES_PER_LOCATION else land
    rng = seeding.rng(plan.seed, "sites")
    xy, r2 = place_sites(candidates, SITES_PER_LOCATION, rng)
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
    sites, start, spacing, site_info = _sites(world, plan, tiles)
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


# ----------------------------------------------------------------------------- CLI


def _location_arg(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a location number 0..{N_LOCATIONS - 1}, "
                                         f"got {text[:20]!r}") from None
    if not 0 <= value < N_LOCATIONS:
        raise argparse.ArgumentTypeError(f"location must be 0..{N_LOCATIONS - 1}; got {value}")
    return value


def _scale_arg(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:20]!r}") from None
    if not 1 <= value <= 32:
        raise argparse.ArgumentTypeError(f"--scale must be 1..32; got {value}")
    return value


def _json_text(obj: Any) -> str:
    """JSON with readable Unicode; escaped where the text is not valid UTF-8 (a name
    from a command line can hold lone surrogates)."""
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True)
    return text


def add_world_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``world --seed NAME [--location N] [--size S] --out FILE [--scale K]``."""
    p = subparsers.add_parser(
        "world", help="a named world: location maps and their dungeon sites",
        description="Write a location's map (.png/.txt/.npz, points 'sites' and 'start') or the "
                    "world's locations and sites as .json (all 10, or only --location N).")
    p.add_argument("--seed", required=True, help="the world's name (trimmed and case-folded)")
    p.add_argument("--location", type=_location_arg, default=None,
                   help=f"0..{N_LOCATIONS - 1} (maps: default 0; .json: default all)")
    p.add_argument("--size", choices=tuple(DUNGEON_SIZES), default="medium", help="dungeon size")
    p.add_argument("--out", required=True, help="output file: .png, .txt, .npz or .json")
    p.add_argument("--scale", type=_scale_arg, default=1, help="PNG pixels per tile (1..32)")
    return p


def run_world_command(args: argparse.Namespace) -> int:
    """Run the ``world`` command; errors are ``ValueError`` with one clear line."""
    from .image import write_stage

    out = Path(args.out)
    suffix = out.suffix.lower()
    if suffix not in (".png", ".txt", ".npz", ".json"):
        raise ValueError(f"--out must end in .png, .txt, .npz or .json; got {out.name!r}")
    world = World.from_name(args.seed, size=args.size)
    start = time.perf_counter()
    if suffix == ".json":
        indices = list(range(N_LOCATIONS)) if args.location is None else [args.location]
        locations = [world.location(i) for i in indices]
        body = _json_text({"world": world.to_json(), "locations": [loc.to_json() for loc in locations]})
        writer = lambda: out.write_text(body + "\n", encoding="utf-8")  # noqa: E731
    else:
        indices = [args.location or 0]
        locations = [world.location(indices[0])]
        writer = lambda: write_stage(out, locations[0].stage(), scale=args.scale)  # noqa: E731
    ms = (time.perf_counter() - start) * 1000.0
    try:
        writer()
    except OSError as exc:
        raise ValueError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(_json_text({"command": "world", "world": world.name, "key": world.key, "seed": world.seed,
                      "dungeon_size": world.size, "locations": indices,
                      "sites": sum(len(loc.sites) for loc in locations),
                      "milliseconds": round(ms, 3), "out": str(out)}))
    return 0
