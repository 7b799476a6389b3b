"""The game's content as data (after Hauberk's ``lib/src/content``).

Tables only, plus the few pure functions that read them: what each terrain
means (:mod:`.terrain`), what a dungeon size holds (:mod:`.dungeons`), the
monster kinds (:mod:`.monsters`), the item kinds with their recipes
(:mod:`.items`), the status effects (:mod:`.statuses`), the backgrounds a
run starts from (:mod:`.backgrounds`), the perks chosen at each level
(:mod:`.perks`) and the key table (:mod:`.keys`: every command a player
gives, with its keys and words).  The rules (:mod:`game.rules`) read these
tables; nothing here knows about a run in progress.  The tables of docs/PLAYING.md are copied from
here.  Everything random takes a ``numpy.random.Generator`` argument.

A new monster, item or recipe is one line in its table; a new kind of
behaviour or effect also needs its function in ``game.rules.behaviours`` or
``game.rules.actions.effects`` (the tables name them, and a test checks every name
resolves).
"""

from .backgrounds import BACKGROUND_BY_ID, BACKGROUNDS, DEFAULT_BACKGROUND, Background
from .dungeons import DUNGEONS, RELIC_GUARD_TIERS, SIZE_NAMES, DungeonRules, final_location, relic_site, tier_of
from .keys import COMMAND_BY_NAME, COMMANDS, MOVES, Command, hint, keys_text
from .items import ITEM_BY_ID, ITEMS, PADDING_HP, RECIPES, RELIC, THROW_RANGE, TREASURE, UNIDENTIFIED_KINDS, ItemKind, Recipe, pick_item
from .monsters import CAPTIVE_KINDS, MAX_SUMMONS, MONSTER_BY_ID, MONSTERS, RELIC_BOSSES, MonsterKind, ally_xp_to_next, monster_stats, monster_xp, pick_captive, pick_monster, pick_relic_boss, summon_budget, xp_to_next
from .perks import PERK_BY_ID, PERK_CHOICES, PERKS, PERKS_OFFERED, PerkKind
from .statuses import MAX_STATUS_TURNS, STATUSES, StatusKind
from .terrain import DUNGEON_STYLES, GASES, MOVE_COST, RESOURCES_BY_TERRAIN, STYLE_BY_TERRAIN, TERRAIN_RULES, GasKind, TerrainRule, move_cost_array, style_for
from .themes import THEME_BY_NAME, THEMES, Theme, level_params, level_style, theme_of
from .vaults import VAULTS, VaultDesign

__all__ = [
    "BACKGROUND_BY_ID", "BACKGROUNDS", "DEFAULT_BACKGROUND", "Background",
    "DUNGEONS", "RELIC_GUARD_TIERS", "SIZE_NAMES", "DungeonRules", "final_location", "relic_site", "tier_of",
    "ITEM_BY_ID", "ITEMS", "PADDING_HP", "RECIPES", "RELIC", "THROW_RANGE", "TREASURE", "UNIDENTIFIED_KINDS", "ItemKind",
    "Recipe", "pick_item",
    "CAPTIVE_KINDS", "MAX_SUMMONS", "MONSTER_BY_ID", "MONSTERS", "RELIC_BOSSES", "MonsterKind", "ally_xp_to_next", "monster_stats",
    "monster_xp", "pick_captive", "pick_monster", "pick_relic_boss", "summon_budget", "xp_to_next",
    "PERK_BY_ID", "PERK_CHOICES", "PERKS", "PERKS_OFFERED", "PerkKind",
    "MAX_STATUS_TURNS", "STATUSES", "StatusKind",
    "COMMAND_BY_NAME", "COMMANDS", "MOVES", "Command", "hint", "keys_text",
    "DUNGEON_STYLES", "MOVE_COST", "RESOURCES_BY_TERRAIN", "STYLE_BY_TERRAIN", "move_cost_array", "style_for",
    "GASES", "TERRAIN_RULES", "GasKind", "TerrainRule", "THEMES", "THEME_BY_NAME", "Theme", "theme_of", "level_params", "level_style",
    "VAULTS", "VaultDesign",
]
