"""Dungeon sizes and the danger curve: the one table a new size is added to.

A size's map (width, height, level count) is the world's
(``worldgen.generators.world.DUNGEON_SIZES``: the generator side); this table adds
what play puts on it (monster and item caps).  The title screen, the link
parser and the world map all read their size names from :data:`SIZE_NAMES`.
"""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.generators import world

__all__ = ["DungeonRules", "DUNGEONS", "SIZE_NAMES", "tier_of",
           "relic_site", "final_location", "RELIC_GUARD_TIERS", "FINAL_LOCATION"]


@dataclass(frozen=True, kw_only=True)
class DungeonRules:
    """One dungeon size: its maps (from the world) and what play puts on them."""

    map: world.DungeonSize
    max_monsters: int
    max_items: int

    @property
    def levels(self) -> int:
        return self.map.levels

    @property
    def width(self) -> int:
        return self.map.width

    @property
    def height(self) -> int:
        return self.map.height


#: Monster and item caps per level, by dungeon size.
_CAPS: dict[str, dict[str, int]] = {
    "small": dict(max_monsters=7, max_items=6),
    "medium": dict(max_monsters=10, max_items=8),
    "large": dict(max_monsters=14, max_items=11),
}
DUNGEONS: dict[str, DungeonRules] = {name: DungeonRules(map=size, **_CAPS[name])
                                     for name, size in world.DUNGEON_SIZES.items()}
SIZE_NAMES: tuple[str, ...] = tuple(DUNGEONS)

#: Danger tiers added per location (the next island is this much harder at the same depth).
TIERS_PER_LOCATION = 4


def tier_of(location: int, depth: int) -> int:
    """Danger tier: +1 per level down, +:data:`TIERS_PER_LOCATION` per location;
    on the first island, a newcomer's, +1 every other level down (a site's
    fourth level is at tier 1, not 3: divers met goblin archers and packs
    there at level 2, and three in ten died before the second island).

    >>> [tier_of(loc, 1) for loc in (0, 1, 3, 9)]
    [0, 4, 12, 36]
    >>> [tier_of(0, depth) for depth in (1, 2, 3, 4)], [tier_of(1, depth) for depth in (1, 2, 3, 4)]
    ([0, 0, 1, 1], [4, 5, 6, 7])
    """
    if location == 0:
        return max(0, depth - 1) // 2
    return max(0, depth - 1) + TIERS_PER_LOCATION * location


#: The guardian of a relic is this many tiers above its level (a treasure's is 3).
RELIC_GUARD_TIERS = 3

#: The location whose relic wins the run when carried out of its site: None for
#: the world's last.  (Tests shorten a run by setting it to 0.)
FINAL_LOCATION: int | None = None


def relic_site(n_sites: int) -> int:
    """The site holding a location's relic: the last, farthest from the start."""
    return n_sites - 1


def final_location(n_locations: int) -> int:
    return n_locations - 1 if FINAL_LOCATION is None else min(FINAL_LOCATION, n_locations - 1)
