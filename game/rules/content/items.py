"""Item kinds: what each is, what using it does (an effect named in
``game.rules.actions.effects``, delivered by its aim), crafting recipes and the floor drop table.

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
import numpy as np

from .terrain import RESOURCES_BY_TERRAIN

__all__ = ["ItemKind", "ITEMS", "ITEM_BY_ID", "TREASURE", "RELIC", "Recipe", "RECIPES", "pick_item",
           "UNIDENTIFIED_KINDS", "THROW_RANGE", "HEALING_ONE_IN", "HEALING_ONE_IN_SCARCE", "SCARCE_FROM_TIER",
           "PLENTY_FROM_TIER", "healing_scarce", "ENCHANTING_ONE_IN", "PADDING_HP"]

THROW_RANGE = 6  # cells a thrown item flies at most
UNIDENTIFIED_KINDS = ("potion", "scroll", "wand")  # known only by an appearance until used


@dataclass(frozen=True, kw_only=True)
class ItemKind:
    id: str
    name: str
    glyph: str
    colour: tuple[int, int, int]
    kind: str
    power: int = 0  # heal amount, status turns, attack or defence bonus, ranged damage
    tier: int = 0  # first danger tier it is found at
    effect: str = ""  # potions, scrolls, wands: a name in game.rules.actions.effects.EFFECTS
    aim: str = "self"  # how the effect finds its targets: self, view, bolt, burst, cell, item, none (see effects)
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
    def identified_by_default(self) -> bool:
        return self.known or self.kind not in UNIDENTIFIED_KINDS

    @property
    def asks(self) -> bool:
        """A scroll whose magic asks for a choice once it is read: where it
        acts, or what it enchants (``game.rules.actions.scrolls``)."""
        return self.kind == "scroll" and (self.targeted or self.aim == "item")

    @property
    def targeted(self) -> bool:
        """Whether using it asks for a target (wands; scrolls that act at a distance)."""
        return self.aim in ("bolt", "burst", "cell")


#: Kinds whose items stack in the pack: one row, a count (a wand's charges are
#: its entries, so a wand stacks too; weapons, armour and prizes do not).
_STACKING_KINDS = frozenset({"potion", "scroll", "wand", "ammo", "resource"})


RED, PINK = (240, 70, 90), (255, 120, 200)
ITEMS: tuple[ItemKind, ...] = (
    # potions: drink for the effect; thrown they shatter and splash it on a 3x3 area
    ItemKind(id="potion", name="potion of healing", glyph="!", colour=RED, kind="potion", power=40,
             effect="heal", known=True),  # power: % of max HP
    ItemKind(id="big_potion", name="potion of greater healing", glyph="!", colour=PINK, kind="potion",
             power=100, tier=5, effect="heal", known=True),
    ItemKind(id="potion_speed", name="potion of speed", glyph="!", colour=(120, 220, 255), kind="potion",
             power=15, tier=1, effect="haste"),
    ItemKind(id="potion_regen", name="potion of regeneration", glyph="!", colour=(120, 255, 140),
             kind="potion", power=25, tier=2, effect="regenerate"),
    ItemKind(id="potion_poison", name="potion of poison", glyph="!", colour=(150, 200, 60), kind="potion",
             power=10, effect="poison"),
    ItemKind(id="potion_fire", name="potion of liquid fire", glyph="!", colour=(255, 140, 40), kind="potion",
             power=6, tier=1, effect="burn"),
    ItemKind(id="potion_confusion", name="potion of confusion", glyph="!", colour=(200, 120, 255),
             kind="potion", power=8, tier=1, effect="confuse"),
    ItemKind(id="potion_levitation", name="potion of levitation", glyph="!", colour=(200, 220, 255),
             kind="potion", power=20, tier=2, effect="levitate"),
    ItemKind(id="potion_invisibility", name="potion of invisibility", glyph="!", colour=(190, 190, 210),
             kind="potion", power=20, tier=3, effect="invisible"),
    ItemKind(id="potion_smoke", name="potion of smoke", glyph="!", colour=(170, 170, 170), kind="potion",
             tier=1, effect="smoke"),  # a cloud that hides you (thrown: where it shatters)
    # scrolls: read (one that asks for a choice is read first, the choice made after: actions.scrolls)
    ItemKind(id="scroll_enchant", name="scroll of enchanting", glyph="?", colour=(255, 200, 255), kind="scroll",
             power=1, effect="enchant", aim="item"),  # +1 to the weapon or armour kind chosen, for good
    ItemKind(id="scroll_blink", name="scroll of blinking", glyph="?", colour=(230, 230, 255), kind="scroll",
             power=6, effect="blink", aim="cell"),
    ItemKind(id="scroll_fire", name="scroll of fire", glyph="?", colour=(255, 170, 90), kind="scroll", power=8,
             tier=2, effect="burn", aim="burst"),
    ItemKind(id="scroll_slow", name="scroll of slowness", glyph="?", colour=(170, 200, 255), kind="scroll",
             power=10, tier=1, effect="slow", aim="view"),
    ItemKind(id="scroll_confuse", name="scroll of confusion", glyph="?", colour=(220, 170, 255), kind="scroll",
             power=8, tier=1, effect="confuse", aim="view"),
    ItemKind(id="scroll_map", name="scroll of magic mapping", glyph="?", colour=(255, 240, 160), kind="scroll",
             effect="reveal", aim="none"),
    ItemKind(id="scroll_identify", name="scroll of identify", glyph="?", colour=(240, 240, 240), kind="scroll",
             effect="identify", aim="none"),
    ItemKind(id="scroll_teleport", name="scroll of teleportation", glyph="?", colour=(200, 255, 255),
             kind="scroll", tier=3, effect="teleport"),
    ItemKind(id="scroll_fear", name="scroll of fear", glyph="?", colour=(255, 230, 200), kind="scroll",
             power=10, tier=2, effect="fear", aim="view"),
    # wands: zap at a target, one charge per pack entry
    ItemKind(id="wand_fire", name="wand of fire", glyph="/", colour=(255, 110, 60), kind="wand", power=9,
             tier=2, effect="burn", aim="bolt", range=8, count=4),
    ItemKind(id="wand_slow", name="wand of slowness", glyph="/", colour=(150, 190, 255), kind="wand", power=12,
             tier=1, effect="slow", aim="bolt", range=8, count=5),
    ItemKind(id="wand_confuse", name="wand of confusion", glyph="/", colour=(210, 150, 255), kind="wand",
             power=10, tier=1, effect="confuse", aim="bolt", range=8, count=5),
    ItemKind(id="wand_paralysis", name="wand of paralysis", glyph="/", colour=(230, 230, 120), kind="wand",
             power=5, tier=3, effect="paralyse", aim="bolt", range=8, count=4),
    # melee weapons: power is damage; cost is energy per blow; reach 2 hits across one free cell
    ItemKind(id="dagger", name="dagger", glyph=")", colour=(200, 210, 220), kind="weapon", power=2, cost=70),
    ItemKind(id="short_sword", name="short sword", glyph=")", colour=(200, 210, 230), kind="weapon", power=3,
             tier=1),
    ItemKind(id="spear", name="spear", glyph=")", colour=(210, 190, 150), kind="weapon", power=4, tier=2,
             reach=2, cost=110),
    ItemKind(id="mace", name="mace", glyph=")", colour=(190, 190, 200), kind="weapon", power=5, tier=3,
             cost=110),
    ItemKind(id="long_sword", name="long sword", glyph=")", colour=(220, 230, 255), kind="weapon", power=6,
             tier=5),
    ItemKind(id="battle_axe", name="battle axe", glyph=")", colour=(230, 200, 160), kind="weapon", power=10,
             tier=8, cost=140),
    ItemKind(id="rune_blade", name="rune blade", glyph=")", colour=(140, 220, 255), kind="weapon", power=11,
             tier=12, cost=90),
    # launchers: power is the shot's damage; in melee they strike for 1
    ItemKind(id="sling", name="sling", glyph="}", colour=(190, 170, 130), kind="weapon", power=3, ammo="stone",
             range=6),
    ItemKind(id="short_bow", name="short bow", glyph="}", colour=(200, 160, 100), kind="weapon", power=5,
             tier=2, ammo="arrow", range=8),
    ItemKind(id="crossbow", name="crossbow", glyph="}", colour=(170, 170, 190), kind="weapon", power=9, tier=6,
             cost=140, ammo="bolt", range=9),
    # ammunition, found in bundles
    ItemKind(id="stone", name="sling stone", glyph="`", colour=(170, 170, 160), kind="ammo", count=10),
    ItemKind(id="arrow", name="arrow", glyph="|", colour=(220, 200, 150), kind="ammo", tier=1, count=8),
    ItemKind(id="bolt", name="crossbow bolt", glyph="|", colour=(200, 200, 220), kind="ammo", tier=5, count=6),
    # armour: power is defence; noise is added to every step; move_cost slows the feet
    ItemKind(id="leather", name="leather armour", glyph="[", colour=(170, 120, 70), kind="armour", power=1),
    ItemKind(id="cloak", name="shadow cloak", glyph="[", colour=(90, 90, 130), kind="armour", power=1, tier=2,
             noise=-2),
    ItemKind(id="studded", name="studded leather", glyph="[", colour=(180, 140, 90), kind="armour", power=2,
             tier=2, noise=1),
    ItemKind(id="chain", name="chain mail", glyph="[", colour=(190, 200, 210), kind="armour", power=4, tier=4,
             noise=3, move_cost=105),
    ItemKind(id="scale", name="scale mail", glyph="[", colour=(170, 200, 190), kind="armour", power=5, tier=6,
             noise=4, move_cost=110),
    ItemKind(id="plate", name="plate armour", glyph="[", colour=(220, 220, 235), kind="armour", power=8,
             tier=9, noise=6, move_cost=120),
    ItemKind(id="mithril", name="mithril coat", glyph="[", colour=(200, 240, 255), kind="armour", power=7,
             tier=12, noise=1),
    # resources: crafted (see RECIPES)
    ItemKind(id="iron_ore", name="iron ore", glyph="*", colour=(170, 160, 170), kind="resource"),
    ItemKind(id="timber", name="timber", glyph="=", colour=(170, 120, 60), kind="resource"),
    ItemKind(id="herbs", name="herb", glyph="&", colour=(110, 220, 110), kind="resource"),
    ItemKind(id="hide", name="hide", glyph="~", colour=(200, 160, 110), kind="resource"),
    ItemKind(id="gems", name="gem", glyph="*", colour=(120, 240, 255), kind="resource"),
    ItemKind(id="pearls", name="pearl", glyph="o", colour=(245, 240, 230), kind="resource"),
    # a locked vault's key (game.rules.world.vaults): lies on its level, opens its vault door
    ItemKind(id="vault_key", name="vault key", glyph="-", colour=(240, 200, 80), kind="key"),
    # prizes
    ItemKind(id="treasure", name="the site's treasure", glyph="$", colour=(255, 215, 0), kind="treasure"),
    ItemKind(id="relic", name="the relic", glyph="&", colour=(255, 240, 120), kind="relic"),
)
ITEM_BY_ID = {i.id: i for i in ITEMS}
TREASURE = ITEM_BY_ID["treasure"]
RELIC = ITEM_BY_ID["relic"]


@dataclass(frozen=True, kw_only=True)
class Recipe:
    """``need`` of a resource make something: an effect on the crafter
    (``effect``, a name in ``game.rules.actions.effects.EFFECTS``) or items
    (``makes``: id, count), or both."""

    need: int
    description: str
    effect: str = ""
    makes: tuple[str, int] | None = None


PADDING_HP = 4  # max HP a padded jerkin (3 hides) adds: 6 before rules 15 (heroes grew past the danger)

#: Crafting, by the resource used.
RECIPES: dict[str, Recipe] = {
    "iron_ore": Recipe(need=3, effect="hone", description="+1 attack for good (a honed edge)"),
    "timber": Recipe(need=2, makes=("arrow", 8), description="8 arrows"),
    "herbs": Recipe(need=4, makes=("potion", 1), description="a potion of healing"),  # 3 before rules 15
    "hide": Recipe(need=3, effect="padding", description=f"+{PADDING_HP} max HP for good (a padded jerkin)"),
    "gems": Recipe(need=3, makes=("wand_fire", 3), description="a wand of fire (3 charges)"),
    # pearls buy a lasting choice, not more life: an enchantment the player
    # invests in one weapon or armour (a full heal and +3 max HP before rules 15)
    "pearls": Recipe(need=3, makes=("scroll_enchant", 1), description="a scroll of enchanting"),
}

# Drop table for an item spawn point: (category, weight).
_ITEM_CATEGORIES = (("potion", 18), ("scroll", 14), ("wand", 4), ("resource", 28), ("weapon", 11),
                    ("ammo", 9), ("armour", 16))
# Healing is scarce by design (rules 15; careful runs held 20-46 healing
# potions at once before, and a player died holding 14), and its supply
# grows with the danger (rules 16).  On the first island a potion find is
# healing outright one time in four and healing has its even share of the
# rest besides (a newcomer's island, where divers must live to the second):
# one find in 9 to 17.  Past it, healing comes only by its own roll, never the
# even share: on islands 2 to 6 one potion find in five (one find in 28),
# from the seventh island's first tier on, where the deepest danger is met,
# one in four (one find in 22).  Measured (docs/BALANCE.md): one in five
# everywhere past the first island won careful 1 run in 6; the first
# island's supply again from the seventh, 7 in 10.
HEALING_ONE_IN = 4
SCARCE_FROM_TIER = 4  # the second island's first tier (dungeons.TIERS_PER_LOCATION)
PLENTY_FROM_TIER = 24  # the seventh island's first tier (6 * dungeons.TIERS_PER_LOCATION)
HEALING_ONE_IN_SCARCE = 5
ENCHANTING_ONE_IN = 4  # a scroll find is enchanting outright one time in four (besides its even share)


def healing_scarce(tier: int) -> bool:
    """Whether a potion found at danger ``tier`` heals one time in
    :data:`HEALING_ONE_IN_SCARCE` (islands 2 to 6), not in :data:`HEALING_ONE_IN`.

    >>> [healing_scarce(t) for t in (3, 4, 23, 24)]
    [False, True, True, False]
    """
    return SCARCE_FROM_TIER <= tier < PLENTY_FROM_TIER


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
        scarce = healing_scarce(tier)
        if cat == "potion" and rng.integers(0, HEALING_ONE_IN_SCARCE if scarce else HEALING_ONE_IN) == 0:
            return ITEM_BY_ID["big_potion" if tier >= 5 and rng.integers(0, 2) else "potion"]
        if cat == "potion" and tier >= SCARCE_FROM_TIER:  # past the first island: only by its own roll
            able = [i for i in able if i.effect != "heal"]
        if cat == "scroll" and rng.integers(0, ENCHANTING_ONE_IN) == 0:  # and enchanting the commonest scroll (Brogue's)
            return ITEM_BY_ID["scroll_enchant"]
        return able[int(rng.integers(0, len(able)))]
    # Gear and ammo: mostly among the best few unlocked.
    top = able[-3:]
    return top[int(rng.integers(0, len(top)))]

