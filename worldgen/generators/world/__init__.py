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

from worldgen.toolkit.spread import MAX_RELAX, place_sites
from .locations import (LOCATION_STAGES, WALKABLE_LAND, Location, LocationPlan, Site, World, WorldNameError,
                        display_name, generate_location, iter_location, location_plan, world_key)
from .params import (DUNGEON_SIZES, LOCATION_SIZES, N_LOCATIONS, SITES_PER_LOCATION, DungeonSize, WorldParams,
                     location_size, make_world_params, sites_to_unlock, world_param_specs)

__all__ = [
    "World", "WorldParams", "Location", "LocationPlan", "Site", "DungeonSize", "WorldNameError", "world_key",
    "display_name", "location_plan", "location_size", "sites_to_unlock", "iter_location", "generate_location",
    "place_sites", "world_param_specs", "make_world_params", "MAX_RELAX", "WALKABLE_LAND",
    "DUNGEON_SIZES", "LOCATION_SIZES", "N_LOCATIONS", "SITES_PER_LOCATION", "LOCATION_STAGES",
]
