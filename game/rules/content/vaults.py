"""Vault designs as the game fills them: what each holds and what its rule
is (the rule units are in ``game.rules.world.vaults``; the geometry is
``worldgen.toolkit.vaults``, whose design names these rows follow).

``holds``: what lies on its ``items`` cells (``treasure``: finds from a few
tiers deeper; ``scrolls``; ``nothing``); ``keepers``: how many monsters it
holds or calls (guards asleep, statues, the ambush's lurkers).

>>> from worldgen.toolkit.vaults import DESIGNS
>>> tuple(VAULTS) == DESIGNS
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["VaultDesign", "VAULTS", "TREASURE_TIERS", "STATUE_KIND"]

TREASURE_TIERS = 3  # a vault's finds are this many tiers above its level
STATUE_KIND = "sentinel"  # the guardian room's statues (a monster kind)


@dataclass(frozen=True, kw_only=True)
class VaultDesign:
    name: str
    title: str  # as the look command and the log name it
    rule: str  # one line: what it does
    holds: str = "treasure"


#: The vault designs (``python -m game.tools.census`` counts them).
VAULTS: dict[str, VaultDesign] = {v.name: v for v in (
    VaultDesign(name="locked", title="a locked treasure room",
                rule="its door opens with the key that lies elsewhere on the level"),
    VaultDesign(name="cage", title="an altar cage",
                rule="take one thing from an altar and cages close over the others"),
    VaultDesign(name="captive", title="a prison", holds="nothing",
                rule="a shackled captive: bump it to free it and it fights beside you; its captors sleep"),
    VaultDesign(name="flooded", title="a flooded vault",
                rule="its treasure lies in deep water: swim for it, unable to fight"),
    VaultDesign(name="ambush", title="a quiet treasure room",
                rule="take its treasure and the walls open: its keepers pour out"),
    VaultDesign(name="library", title="a library", holds="scrolls",
                rule="scrolls on the floor, and an altar that names what you carry"),
    VaultDesign(name="trapped", title="a trapped corridor",
                rule="a corridor of hidden traps to a treasure nook"),
    VaultDesign(name="guardian", title="a guardian room",
                rule="statues that move only when you do, and strike whoever stands beside them"),
)}
