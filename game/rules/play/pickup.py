"""What walking over an item picks up (and what auto-explore walks to).

The player chooses among :data:`PICKUP_MODES` (an option kept with the
other options, handed to the run by :meth:`game.rules.run.Game.set_pickup`):
``all`` takes everything that fits, ``none`` nothing, and ``smart`` (the
default, after DCSS's autopickup) what :func:`wanted` says a player would
reach for: consumables (potions, scrolls, wands, crafting resources),
anything not yet identified, missiles for a launcher carried, and gear
better than any of its kind carried (in hand, ready to swap, worn or in the
pack).  Copies and worse gear stay on the floor; ``g`` still picks up
anything.  A site's treasure and a location's relic are claimed by stepping
on them in every mode: they are the goal, not loot.

>>> from game.rules.world.location import WorldMap
>>> from game.rules.state import RunState
>>> from game.rules.content import ITEM_BY_ID
>>> run = RunState(WorldMap("Avalon"))
>>> run.player.weapon, run.player.armour = "short_sword", "leather"
>>> [wanted(run, ITEM_BY_ID[i]) for i in ("potion", "dagger", "mace", "leather", "chain", "arrow", "herbs")]
[True, False, True, False, True, False, True]
>>> run.player.inventory = ["short_bow"]
>>> wanted(run, ITEM_BY_ID["arrow"]), wanted(run, ITEM_BY_ID["sling"]), wanted(run, ITEM_BY_ID["crossbow"])
(True, False, True)
"""

from __future__ import annotations

from ..content import ITEM_BY_ID, ItemKind
from ..creatures.entities import FloorItem
from ..creatures.identify import is_known
from ..state import DEFAULT_PICKUP, PICKUP_MODES, RunState
from ..world.vaults import choice_vault

__all__ = ["PICKUP_MODES", "DEFAULT_PICKUP", "PICKUP_WORDS", "wanted", "picks_up", "carried_gear"]

#: Each mode in plain words: what the menu's button says, and what exactly it takes.
PICKUP_WORDS = {
    "all": ("everything", "everything that fits in the pack"),
    "smart": ("useful things", "potions, scrolls, wands, resources, missiles for your launcher and better gear"),
    "none": ("nothing", "nothing (g picks up what lies underfoot)"),
}

_CONSUMABLE = ("potion", "scroll", "wand", "resource")


def carried_gear(run: RunState) -> list[ItemKind]:
    """Every weapon and armour the player has: in hand, ready to swap, worn, in the pack."""
    p = run.player
    ids = [p.weapon, p.swap, p.armour] + [i for i in dict.fromkeys(p.inventory)]
    return [ITEM_BY_ID[i] for i in ids if i and ITEM_BY_ID[i].kind in ("weapon", "armour")]


def _rank(kind: ItemKind) -> str:
    """What a piece of gear is compared with: blades with blades, launchers with launchers, armour with armour."""
    return "launcher" if kind.ammo else kind.kind


def wanted(run: RunState, kind: ItemKind) -> bool:
    """Whether the smart pick-up takes an item of ``kind`` (see the module docstring)."""
    if kind.kind in ("treasure", "relic"):
        return False
    if kind.kind in _CONSUMABLE or not is_known(run, kind):
        return True
    gear = carried_gear(run)
    if kind.kind == "ammo":
        return any(g.ammo == kind.id for g in gear)
    rivals = [g.power for g in gear if _rank(g) == _rank(kind)]
    return kind.power > max(rivals, default=-1)


def picks_up(run: RunState, item: FloorItem) -> bool:
    """Whether walking over ``item`` takes it, by the run's pick-up mode (what
    the player put down on purpose is never taken again by walking, nor a
    vault's find whose taking springs its rule: an altar cage, an ambush)."""
    if item.index in run.level.put_down or choice_vault(run.level, item) >= 0:
        return False  # (taking a vault's find that springs its rule is the player's choice: g)
    return run.pickup == "all" or (run.pickup == "smart" and wanted(run, item.kind))
