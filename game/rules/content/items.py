"""Item kinds: what each is, what using it does (an effect named in
``game.rules.effects``), crafting recipes and the floor drop table.

Kinds: ``potion`` (drink, or throw to shatter), ``scroll`` (read), ``wand``
(zap at a target; one pack entry per charge), ``weapon`` (melee, or a
launcher when it names ``ammo``), ``ammo``, ``armour``, ``resource`` (crafts),
``treasure`` (a site's prize) and ``relic`` (a location's prize).

Choices are trade-offs, not +1s: a dagger strikes fast and soft, an axe hard
and slow, a spear reaches two cells; a bow needs arrows and leaves the hands
weak in melee; heavy armour is loud (sleepers wake) and slows the feet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .terrain import RESOURCES_BY_TERRAIN

__all__ = ["ItemKind", "ITEMS", "ITEM_BY_ID", "TREASURE", "RELIC", "Recipe", "RECIPES", "pick_item",
           "UNIDENTIFIED_KINDS", "THROW_RANGE", "STARTING_KIT"]

THROW_RANGE = 6  # cells a thrown item flies at most
UNIDENTIFIED_KINDS = ("potion", "scroll", "wand")  # known only by an appearance until used


@dataclass(frozen=True)
class ItemKind:
    id: str
    name: str
    glyph: str
    colour: tuple[int, int, int]
    kind: str
    power: int = 0  # heal amount, status turns, attack or defence bonus, ranged damage
    tier: int = 0  # first danger tier it is found at
    effect: str = ""  # potions, scrolls, wands: a name in game.rules.effects
    reach: int = 1  # melee weapons: cells a blow reaches
    cost: int = 100  # weapons: energy per blow (100: one turn at normal speed)
    ammo: str = ""  # launchers: the ammo kind they shoot
    range: int = 0  # launchers, wands: cells
    noise: int = 0  # armour: noise added to every step (sleepers hear it)
    move_cost: int = 100  # armour: energy per step
    count: int = 1  # how many a find holds (ammo in a bundle, charges in a wand)
    known: bool = False  # unidentified kinds known from the start (healing)

    @property
    def stacks(self) -> bool:
        """Whether items of this kind share one pack row ("3 healing potions")."""
        return self.kind in _STACKING_KINDS

    @property
    def use(self) -> str:
        """What using it from the pack does: an effect name, or "craft", or ""."""
        if self.kind in ("potion", "scroll"):
            return self.effect
        return _USE_BY_KIND.get(self.kind, "")

    @property
    def identified_by_default(self) -> bool:
        return self.known or self.kind not in UNIDENTIFIED_KINDS

    @property
    def targeted(self) -> bool:
        """Whether using it asks for a target (wands; scrolls that act at a distance)."""
        return self.kind == "wand" or self.effect in _TARGETED_EFFECTS


#: Kinds whose items stack in the pack: one row, a count (a wand's charges are
#: its entries, so a wand stacks too; weapons, armour and prizes do not).
_STACKING_KINDS = frozenset({"potion", "scroll", "wand", "ammo", "resource"})


_USE_BY_KIND = {"weapon": "wield", "armour": "wear", "resource": "craft", "wand": "zap"}
_TARGETED_EFFECTS = ("blink", "fireball")

RED, PINK = (240, 70, 90), (255, 120, 200)
ITEMS: tuple[ItemKind, ...] = (
    # potions: drink for the effect; thrown they shatter and splash it on a 3x3 area
    ItemKind("potion", "potion of healing", "!", RED, "potion", 40, 0, "heal", known=True),  # power: % of max HP
    ItemKind("big_potion", "potion of greater healing", "!", PINK, "potion", 100, 5, "heal", known=True),
    ItemKind("potion_speed", "potion of speed", "!", (120, 220, 255), "potion", 15, 1, "haste"),
    ItemKind("potion_regen", "potion of regeneration", "!", (120, 255, 140), "potion", 25, 2, "regenerate"),
    ItemKind("potion_poison", "potion of poison", "!", (150, 200, 60), "potion", 10, 0, "poison"),
    ItemKind("potion_fire", "potion of liquid fire", "!", (255, 140, 40), "potion", 6, 1, "burn"),
    ItemKind("potion_confusion", "potion of confusion", "!", (200, 120, 255), "potion", 8, 1, "confuse"),
    # scrolls: read
    ItemKind("scroll_blink", "scroll of blinking", "?", (230, 230, 255), "scroll", 6, 0, "blink"),
    ItemKind("scroll_fire", "scroll of fire", "?", (255, 170, 90), "scroll", 8, 2, "fireball"),
    ItemKind("scroll_slow", "scroll of slowness", "?", (170, 200, 255), "scroll", 10, 1, "slow_all"),
    ItemKind("scroll_confuse", "scroll of confusion", "?", (220, 170, 255), "scroll", 8, 1, "confuse_all"),
    ItemKind("scroll_map", "scroll of magic mapping", "?", (255, 240, 160), "scroll", 0, 0, "reveal"),
    ItemKind("scroll_identify", "scroll of identify", "?", (240, 240, 240), "scroll", 0, 0, "identify"),
    ItemKind("scroll_teleport", "scroll of teleportation", "?", (200, 255, 255), "scroll", 0, 3, "teleport"),
    # wands: zap at a target, one charge per pack entry
    ItemKind("wand_fire", "wand of fire", "/", (255, 110, 60), "wand", 9, 2, "fire_bolt", range=8, count=4),
    ItemKind("wand_slow", "wand of slowness", "/", (150, 190, 255), "wand", 12, 1, "slow", range=8, count=5),
    ItemKind("wand_confuse", "wand of confusion", "/", (210, 150, 255), "wand", 10, 1, "confuse", range=8,
             count=5),
    # melee weapons: power is damage; cost is energy per blow; reach 2 hits across one free cell
    ItemKind("dagger", "dagger", ")", (200, 210, 220), "weapon", 2, 0, cost=70),
    ItemKind("short_sword", "short sword", ")", (200, 210, 230), "weapon", 3, 1),
    ItemKind("spear", "spear", ")", (210, 190, 150), "weapon", 4, 2, reach=2, cost=110),
    ItemKind("mace", "mace", ")", (190, 190, 200), "weapon", 5, 3, cost=110),
    ItemKind("long_sword", "long sword", ")", (220, 230, 255), "weapon", 6, 5),
    ItemKind("battle_axe", "battle axe", ")", (230, 200, 160), "weapon", 10, 8, cost=140),
    ItemKind("rune_blade", "rune blade", ")", (140, 220, 255), "weapon", 11, 12, cost=90),
    # launchers: power is the shot's damage; in melee they strike for 1
    ItemKind("sling", "sling", "}", (190, 170, 130), "weapon", 3, 0, ammo="stone", range=6),
    ItemKind("short_bow", "short bow", "}", (200, 160, 100), "weapon", 5, 2, ammo="arrow", range=8),
    ItemKind("crossbow", "crossbow", "}", (170, 170, 190), "weapon", 9, 6, ammo="bolt", range=9, cost=140),
    # ammunition, found in bundles
    ItemKind("stone", "sling stone", "`", (170, 170, 160), "ammo", 0, 0, count=10),
    ItemKind("arrow", "arrow", "|", (220, 200, 150), "ammo", 0, 1, count=8),
    ItemKind("bolt", "crossbow bolt", "|", (200, 200, 220), "ammo", 0, 5, count=6),
    # armour: power is defence; noise is added to every step; move_cost slows the feet
    ItemKind("leather", "leather armour", "[", (170, 120, 70), "armour", 1, 0),
    ItemKind("cloak", "shadow cloak", "[", (90, 90, 130), "armour", 1, 2, noise=-2),
    ItemKind("studded", "studded leather", "[", (180, 140, 90), "armour", 2, 2, noise=1),
    ItemKind("chain", "chain mail", "[", (190, 200, 210), "armour", 4, 4, noise=3, move_cost=105),
    ItemKind("scale", "scale mail", "[", (170, 200, 190), "armour", 5, 6, noise=4, move_cost=110),
    ItemKind("plate", "plate armour", "[", (220, 220, 235), "armour", 8, 9, noise=6, move_cost=120),
    ItemKind("mithril", "mithril coat", "[", (200, 240, 255), "armour", 7, 12, noise=1),
    # resources: crafted (see RECIPES)
    ItemKind("iron_ore", "iron ore", "*", (170, 160, 170), "resource"),
    ItemKind("timber", "timber", "=", (170, 120, 60), "resource"),
    ItemKind("herbs", "herbs", "&", (110, 220, 110), "resource"),
    ItemKind("hide", "hide", "~", (200, 160, 110), "resource"),
    ItemKind("gems", "gems", "*", (120, 240, 255), "resource"),
    ItemKind("pearls", "pearls", "o", (245, 240, 230), "resource"),
    # prizes
    ItemKind("treasure", "the site's treasure", "$", (255, 215, 0), "treasure"),
    ItemKind("relic", "the relic", "&", (255, 240, 120), "relic"),
)
ITEM_BY_ID = {i.id: i for i in ITEMS}
TREASURE = ITEM_BY_ID["treasure"]
RELIC = ITEM_BY_ID["relic"]


class Recipe(NamedTuple):
    """``need`` of a resource make something: an effect on the player
    (``effect``, a name in ``game.rules.effects``) or items (``makes``: id, count)."""

    need: int
    effect: str
    description: str
    makes: tuple[str, int] | None = None


#: Crafting, by the resource used.
RECIPES: dict[str, Recipe] = {
    "iron_ore": Recipe(3, "hone", "+1 attack (forged edge)"),
    "timber": Recipe(2, "fletch", "8 arrows", ("arrow", 8)),
    "herbs": Recipe(3, "potion", "a potion of healing", ("potion", 1)),
    "hide": Recipe(3, "padding", "+6 max HP (padded jerkin)"),
    "gems": Recipe(3, "wand", "a wand of fire (3 charges)", ("wand_fire", 3)),
    "pearls": Recipe(2, "elixir", "full heal and +3 max HP (elixir)"),
}

# Drop table for an item spawn point: (category, weight).
_ITEM_CATEGORIES = (("potion", 18), ("scroll", 14), ("wand", 4), ("resource", 28), ("weapon", 11),
                    ("ammo", 9), ("armour", 16))


def pick_item(rng: np.random.Generator, tier: int, terrain: int) -> ItemKind:
    """A find for a spawn point at danger ``tier`` in a site on ``terrain``."""
    weights = np.cumsum([w for _, w in _ITEM_CATEGORIES])
    cat = _ITEM_CATEGORIES[int(np.searchsorted(weights, int(rng.integers(0, int(weights[-1]))), "right"))][0]
    if cat == "resource":
        first, second = RESOURCES_BY_TERRAIN.get(int(terrain), ("hide", "iron_ore"))
        return ITEM_BY_ID[first if rng.integers(0, 4) < 3 else second]
    able = [i for i in ITEMS if i.kind == cat and i.tier <= tier]
    if not able:  # nothing of that kind this shallow: a healing potion instead
        return ITEM_BY_ID["potion"]
    if cat in ("potion", "scroll", "wand"):
        # healing is the commonest potion; the rest are even
        if cat == "potion" and rng.integers(0, 4) == 0:
            return ITEM_BY_ID["big_potion" if tier >= 5 and rng.integers(0, 2) else "potion"]
        return able[int(rng.integers(0, len(able)))]
    # Gear and ammo: mostly among the best few unlocked.
    top = able[-3:]
    return top[int(rng.integers(0, len(top)))]


#: What a new run starts with: something to hit with, something to wear, two
#: healing potions, and a sling with stones so the first fight has a choice.
STARTING_KIT = {"weapon": "dagger", "armour": "leather", "pack": ("potion", "potion", "sling") + ("stone",) * 12}
