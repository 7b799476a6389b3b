"""The game's design tables in one place: terrain rules, monsters, items,
resources and recipes.  Pure data plus a few small pure functions; the
README's tables are copied from here.

Everything random takes a ``numpy.random.Generator`` argument.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from worldgen import world
from worldgen.tiles import TILES, T

__all__ = [
    "STYLE_BY_TERRAIN", "style_for", "MOVE_COST", "move_cost_array", "DUNGEON_SIZES", "DungeonSize",
    "UNLOCK_SHARE", "sites_to_unlock", "MonsterKind", "MONSTERS", "ItemKind", "ITEMS", "ITEM_BY_ID",
    "RESOURCES_BY_TERRAIN", "RECIPES", "tier_of", "pick_monster", "pick_item", "monster_stats",
    "xp_to_next", "monster_xp", "TREASURE",
]

# -- terrain -> dungeon style ---------------------------------------------------------
#: The generator that builds a site's levels, by the overworld tile under the site.
STYLE_BY_TERRAIN: dict[int, str] = {
    T.mountain: "caverns", T.hills: "caverns",
    T.forest: "mosaic", T.swamp: "mosaic", T.shallow_water: "mosaic",
    T.grass: "rooms", T.desert: "rooms", T.sand: "rooms", T.ground: "rooms",
}


def style_for(terrain: int) -> str:
    return STYLE_BY_TERRAIN.get(int(terrain), "rooms")


# -- overworld movement --------------------------------------------------------------
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


# -- dungeon sizes ----------------------------------------------------------------------
@dataclass(frozen=True)
class DungeonSize:
    levels: int
    width: int
    height: int
    max_monsters: int
    max_items: int


#: Monster and item caps per dungeon size (map size and level count: worldgen.world).
DUNGEON_CAPS: dict[str, tuple[int, int]] = {"small": (7, 6), "medium": (10, 8), "large": (14, 11)}
DUNGEON_SIZES: dict[str, DungeonSize] = {
    name: DungeonSize(d.levels, d.width, d.height, *DUNGEON_CAPS[name])
    for name, d in world.DUNGEON_SIZES.items()
}

#: Share of a location's sites to clear before the next location opens.
UNLOCK_SHARE = 0.10


def sites_to_unlock(n_sites: int) -> int:
    return max(1, int(np.ceil(n_sites * UNLOCK_SHARE - 1e-9)))


def tier_of(location: int, depth: int) -> int:
    """Danger tier: +1 per level down, +3 per location."""
    return max(0, depth - 1) + 3 * location


# -- monsters ------------------------------------------------------------------------
@dataclass(frozen=True)
class MonsterKind:
    id: str
    name: str
    glyph: str
    colour: tuple[int, int, int]
    hp: int
    attack: int
    defence: int
    speed: int  # energy per player turn; 100 = player's pace
    xp: int
    tier: int  # first tier it appears at
    sight: int = 8


MONSTERS: tuple[MonsterKind, ...] = (
    MonsterKind("rat", "giant rat", "r", (176, 150, 120), 4, 2, 0, 100, 2, 0),
    MonsterKind("bat", "cave bat", "b", (150, 120, 200), 3, 2, 0, 160, 2, 0, 6),
    MonsterKind("kobold", "kobold", "k", (210, 120, 80), 6, 3, 0, 100, 4, 1),
    MonsterKind("snake", "viper", "s", (120, 210, 90), 6, 4, 0, 80, 4, 1, 6),
    MonsterKind("goblin", "goblin", "g", (90, 200, 110), 9, 4, 1, 100, 6, 2),
    MonsterKind("wolf", "wolf", "w", (190, 190, 200), 9, 4, 1, 140, 7, 3, 10),
    MonsterKind("skeleton", "skeleton", "z", (235, 235, 215), 12, 5, 2, 90, 9, 4),
    MonsterKind("orc", "orc", "o", (120, 170, 60), 16, 6, 2, 100, 12, 5),
    MonsterKind("wraith", "wraith", "W", (160, 200, 255), 16, 7, 3, 120, 16, 7, 10),
    MonsterKind("troll", "troll", "T", (80, 150, 90), 30, 9, 4, 80, 24, 9),
    MonsterKind("ogre", "ogre", "O", (210, 160, 100), 38, 11, 4, 70, 30, 11),
    MonsterKind("drake", "drake", "D", (240, 90, 60), 50, 13, 6, 110, 45, 14, 10),
)
MONSTER_BY_ID = {m.id: m for m in MONSTERS}


def pick_monster(rng: np.random.Generator, tier: int) -> MonsterKind:
    """A kind near the tier: unlocked kinds, weighted towards the newest few."""
    able = [m for m in MONSTERS if m.tier <= tier]
    weights = np.array([max(1, 6 - (tier - m.tier)) for m in able], dtype=np.int64)
    pick = int(rng.integers(0, int(weights.sum())))
    return able[int(np.searchsorted(np.cumsum(weights), pick, side="right"))]


def monster_stats(kind: MonsterKind, tier: int) -> tuple[int, int, int]:
    """``(hp, attack, defence)`` scaled up when the tier is above the kind's own."""
    over = max(0, tier - kind.tier)
    return kind.hp + (kind.hp * over) // 4, kind.attack + (2 * over) // 3, kind.defence + over // 4


def monster_xp(kind: MonsterKind, tier: int, boss: bool = False) -> int:
    """XP for a kill: grows with how far the tier lifted the kind's stats."""
    over = max(0, tier - kind.tier)
    return (kind.xp + (kind.xp * over) // 4) * (3 if boss else 1)


def xp_to_next(level: int) -> int:
    return 25 * level + 10 * level * level


# -- items -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ItemKind:
    id: str
    name: str
    glyph: str
    colour: tuple[int, int, int]
    kind: str  # potion | weapon | armour | resource | treasure
    power: int = 0  # heal amount, attack or defence bonus
    tier: int = 0


ITEMS: tuple[ItemKind, ...] = (
    ItemKind("potion", "healing potion", "!", (240, 70, 90), "potion", 15, 0),
    ItemKind("big_potion", "greater healing potion", "!", (255, 120, 200), "potion", 40, 5),
    ItemKind("dagger", "dagger", ")", (200, 210, 220), "weapon", 2, 0),
    ItemKind("short_sword", "short sword", ")", (200, 210, 230), "weapon", 3, 1),
    ItemKind("mace", "mace", ")", (190, 190, 200), "weapon", 4, 3),
    ItemKind("long_sword", "long sword", ")", (220, 230, 255), "weapon", 6, 5),
    ItemKind("battle_axe", "battle axe", ")", (230, 200, 160), "weapon", 8, 8),
    ItemKind("rune_blade", "rune blade", ")", (140, 220, 255), "weapon", 11, 12),
    ItemKind("leather", "leather armour", "[", (170, 120, 70), "armour", 1, 0),
    ItemKind("studded", "studded leather", "[", (180, 140, 90), "armour", 2, 2),
    ItemKind("chain", "chain mail", "[", (190, 200, 210), "armour", 3, 4),
    ItemKind("scale", "scale mail", "[", (170, 200, 190), "armour", 4, 6),
    ItemKind("plate", "plate armour", "[", (220, 220, 235), "armour", 6, 9),
    ItemKind("mithril", "mithril coat", "[", (200, 240, 255), "armour", 8, 13),
    ItemKind("iron_ore", "iron ore", "*", (170, 160, 170), "resource"),
    ItemKind("timber", "timber", "=", (170, 120, 60), "resource"),
    ItemKind("herbs", "herbs", "&", (110, 220, 110), "resource"),
    ItemKind("hide", "hide", "~", (200, 160, 110), "resource"),
    ItemKind("gems", "gems", "*", (120, 240, 255), "resource"),
    ItemKind("pearls", "pearls", "o", (245, 240, 230), "resource"),
    ItemKind("treasure", "the site's treasure", "$", (255, 215, 0), "treasure", 0, 0),
)
ITEM_BY_ID = {i.id: i for i in ITEMS}
TREASURE = ITEM_BY_ID["treasure"]

#: Resources found in a site's dungeon, by the terrain under the site (first is 3x likelier).
RESOURCES_BY_TERRAIN: dict[int, tuple[str, str]] = {
    T.mountain: ("iron_ore", "gems"), T.hills: ("iron_ore", "hide"),
    T.forest: ("timber", "herbs"), T.swamp: ("herbs", "pearls"),
    T.grass: ("hide", "timber"), T.desert: ("gems", "iron_ore"),
    T.sand: ("pearls", "gems"), T.shallow_water: ("pearls", "herbs"), T.ground: ("hide", "iron_ore"),
}

#: Crafting: resource -> (how many, what it makes, description).
RECIPES: dict[str, tuple[int, str, str]] = {
    "iron_ore": (3, "hone", "+1 attack (forged edge)"),
    "timber": (3, "shield", "+1 defence (wooden shield)"),
    "herbs": (2, "potion", "a healing potion"),
    "hide": (3, "padding", "+6 max HP (padded jerkin)"),
    "gems": (3, "amulet", "+1 attack and +1 defence (amulet)"),
    "pearls": (2, "elixir", "full heal and +3 max HP (elixir)"),
}

# Drop table for an item spawn point: (category, weight).
_ITEM_CATEGORIES = (("potion", 30), ("resource", 38), ("weapon", 16), ("armour", 16))


def pick_item(rng: np.random.Generator, tier: int, terrain: int) -> ItemKind:
    weights = np.cumsum([w for _, w in _ITEM_CATEGORIES])
    cat = _ITEM_CATEGORIES[int(np.searchsorted(weights, int(rng.integers(0, int(weights[-1]))), "right"))][0]
    if cat == "resource":
        first, second = RESOURCES_BY_TERRAIN.get(int(terrain), ("hide", "iron_ore"))
        return ITEM_BY_ID[first if rng.integers(0, 4) < 3 else second]
    able = [i for i in ITEMS if i.kind == cat and i.tier <= tier]
    if cat == "potion":
        return able[-1] if len(able) > 1 and rng.integers(0, 3) == 0 else able[0]
    # Gear: mostly the best unlocked, sometimes one step below.
    return able[-1] if len(able) == 1 or rng.integers(0, 3) else able[-2]
