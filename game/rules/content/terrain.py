"""What terrain means for play: on the overworld, which generator builds a
site's dungeon, what a step costs, which resources its dungeons hold; in a
dungeon, what each tile with a rule does (:data:`TERRAIN_RULES`) and the
clouds that drift there (:data:`GASES`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from worldgen.core import registry
from worldgen.core.tiles import TILES, T

__all__ = ["DUNGEON_STYLES", "STYLE_BY_TERRAIN", "style_for", "MOVE_COST", "move_cost_array", "RESOURCES_BY_TERRAIN", "TerrainRule",
           "TERRAIN_RULES", "GasKind", "GASES"]

#: The dungeon generators a world's sites are built by: fixed by the rules, not
#: read from the registry, so a generator registered later (a plugin, a test)
#: changes no existing world and no recorded run.  It joins the worlds when it is
#: named here, in the commit that raises ``RULES_VERSION`` (docs/ARCHITECTURE.md).
DUNGEON_STYLES: tuple[str, ...] = ("caverns", "mosaic", "rooms")
#: The generator that builds a site's levels, by the overworld tile under the
#: site: each of :data:`DUNGEON_STYLES` claims its tiles (``GeneratorSpec.terrains``).
STYLE_BY_TERRAIN: dict[int, str] = {int(tile): name for name in DUNGEON_STYLES for tile in registry.get(name).terrains}
#: The generator of a site on a tile no generator claims.
DEFAULT_STYLE = "rooms"


def style_for(terrain: int) -> str:
    return STYLE_BY_TERRAIN.get(int(terrain), DEFAULT_STYLE)


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


#: Resources found in a site's dungeon, by the terrain under the site (first is 3x likelier).
RESOURCES_BY_TERRAIN: dict[int, tuple[str, str]] = {
    T.mountain: ("iron_ore", "gems"), T.hills: ("iron_ore", "hide"),
    T.forest: ("timber", "herbs"), T.swamp: ("herbs", "pearls"),
    T.grass: ("hide", "timber"), T.desert: ("gems", "iron_ore"),
    T.sand: ("pearls", "gems"), T.shallow_water: ("pearls", "herbs"), T.ground: ("hide", "iron_ore"),
}


# -- terrain in dungeons ------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class TerrainRule:
    """What a dungeon tile does in play (``game.rules.world.hazards`` and the walking
    actions read it).  ``enter``: how a step onto it goes (``walk``, ``swim``:
    deep water, no fighting; ``fall``: to the next level; ``open``: a shut
    door opens; ``unlock``: a vault door wants its key; ``block``).  ``burns``:
    turns a fire lasts on it (0: it does not burn), ``catch``: the chance a
    turn that fire beside it spreads to it, ``burnt``: what it becomes when
    its fire dies; ``trampled``: what a step leaves; ``quench``: water puts
    out whoever burns in it."""

    name: str
    note: str
    enter: str = "walk"
    burns: int = 0
    catch: float = 0.0
    burnt: int | None = None
    trampled: int | None = None
    quench: bool = False


#: The terrain kinds with rules, by tile (``python -m game.tools.census`` counts them).
TERRAIN_RULES: dict[int, TerrainRule] = {
    T.deep_water: TerrainRule(name="deep water", enter="swim", quench=True,
                              note="swim: you cannot fight while swimming; walkers cannot follow; fire goes out"),
    T.shallow_water: TerrainRule(name="shallow water", quench=True, note="wading puts fire out"),
    T.chasm: TerrainRule(name="a chasm", enter="fall", note="step in to fall to the next level (and be hurt)"),
    T.bridge: TerrainRule(name="a bridge", note="crosses a chasm or deep water"),
    T.grass: TerrainRule(name="grass", burns=3, catch=0.3, burnt=T.ash, note="burns, and fire spreads through it"),
    T.brush: TerrainRule(name="brush", burns=5, catch=0.5, burnt=T.ash, trampled=T.grass,
                         note="hides what is behind it; burns fast; walking tramples it"),
    T.door: TerrainRule(name="a shut door", enter="open", note="blocks sight and muffles sound; a step opens it"),
    T.open_door: TerrainRule(name="an open door", note="C closes the doors beside you"),
    T.vault_door: TerrainRule(name="a locked vault door", enter="unlock", note="its key lies somewhere on this level"),
    T.pedestal: TerrainRule(name="an altar cage", note="take one thing and the others are caged"),
    T.cage: TerrainRule(name="a closed cage", enter="block", note="what lies inside is out of reach"),
}


@dataclass(frozen=True, kw_only=True)
class GasKind:
    """A cloud: how it is drawn, the status it gives whoever breathes it (for
    ``turns`` turns, where it is at least ``dose`` thick), and whether a
    thick cloud (``dose`` or more) hides what is behind it."""

    name: str
    colour: tuple[int, int, int]
    status: str = ""
    turns: int = 0
    dose: int = 100
    hides: bool = False


#: Gas kinds, by name: clouds drift and fade each turn (``game.rules.world.hazards``).
GASES: dict[str, GasKind] = {g.name: g for g in (
    GasKind(name="smoke", colour=(150, 150, 150), hides=True, dose=200),
    GasKind(name="poison", colour=(120, 200, 60), status="poisoned", turns=3),
    GasKind(name="confusion", colour=(200, 130, 255), status="confused", turns=3),
)}
