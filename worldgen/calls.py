"""Typed keyword functions, one per generator: ``worldgen.caverns(seed="my-post", loops=0.3)``.

Each runs its generator like :func:`worldgen.generate` and returns the same
:class:`~worldgen.core.registry.Result` (every stage by name); its keywords are
the size, ``stage`` (stop once it is made) and every parameter of the
generator, each with its default and, in the docstring, its range.  A value
out of range is a :class:`~worldgen.core.registry.ParamError` (a
``ValueError``) naming it.  The seed follows the library's one rule (any
text or int, cleaned; None or empty rolls one, reported as
``Result.seed_text``).

Written by ``python -m worldgen.tools.calls`` from the registry's parameter
tables; ``tests/test_calls.py`` fails when the two differ.  Do not edit.
"""

from __future__ import annotations

from typing import Literal

from .core.registry import Result, generate

__all__ = ["island", "biomes", "caverns", "mosaic", "rooms"]


def island(
    seed: str | int | None = None, *, width: int = 88, height: int = 32,
    stage: Literal["noise", "noise_terrain", "mask_plain", "mask", "combined", "terrain"] | None = None,
    octaves: int = 8, divisor: float = 2.0, particles: int = 0, life: int = 0, margin: int = -1,
    batches: int = 1, mask_scale: int = 0, water: float = 0.6, deep: int = 40, coast: int = 15,
    plains: int = 35, hills: int = 50, mountain: int = 25,
) -> Result:
    """Island: fractal Perlin noise x rolling-particle mask, water line at a quantile, terrain by height.

    Args:
        seed: any text or int; None or empty rolls one (reported as Result.seed_text).
        width: 16..1024 tiles (default 88).
        height: 16..1024 tiles (default 32).
        stage: stop once this stage is made: noise, noise_terrain, mask_plain, mask, combined, terrain (default:
            run to terrain).
        octaves: 1..12 (default 8): noise octaves (those finer than a tile are skipped).
        divisor: 0.25..64.0 (default 2.0): frequency divisor: lowest octave features are width/divisor wide.
        particles: 0..2000000 (default 0): rolling particles; 0 = auto (3000 per 88x32 tiles).
        life: 0..5000 (default 0): steps per particle; 0 = auto (50 per 32 tiles of the smaller side).
        margin: -1..512 (default -1): particles start this far from the edges; -1 = auto (12 per 32 tiles).
        batches: 1..1000000 (default 1): release particles in this many batches, one after another (1 = all at
            once, fastest; = particles: one by one).
        mask_scale: 0..64 (default 0): simulate particles this many times coarser; 0 = auto (1 up to 48x48
            tiles, then >= 3).
        water: 0.05..0.95 (default 0.6): fraction of the map under water.
        deep: 0..255 (default 40): deep water below water line - deep.
        coast: 0..255 (default 15): coast (sand) below water line + coast.
        plains: 0..255 (default 35): plains (grass) below water line + plains.
        hills: 0..255 (default 50): hills above 255 - hills.
        mountain: 0..255 (default 25): mountains above 255 - mountain.

    Returns:
        Every stage made, by name (``Result.stages``; ``Result.last``).
    """
    return generate("island", seed, width, height, stage=stage, params={
        "octaves": octaves, "divisor": divisor, "particles": particles, "life": life, "margin": margin,
        "batches": batches, "mask_scale": mask_scale, "water": water, "deep": deep, "coast": coast,
        "plains": plains, "hills": hills, "mountain": mountain,
    })


def biomes(
    seed: str | int | None = None, *, width: int = 100, height: int = 100,
    stage: Literal["seeds", "growth", "transitions", "terrain"] | None = None, seeds: int = 100,
    grass: float = 0.3, forest: float = 0.25, water: float = 0.2, mountain: float = 0.1, desert: float = 0.15,
    spread: float = 0.9, rough: float = 0.97, transitions: bool = True,
) -> Result:
    """Biomes: seed and grow: weighted seed tiles grown into organic regions, with transition tiles and a
    clean-up pass.

    Args:
        seed: any text or int; None or empty rolls one (reported as Result.seed_text).
        width: 16..1024 tiles (default 100).
        height: 16..1024 tiles (default 100).
        stage: stop once this stage is made: seeds, growth, transitions, terrain (default: run to terrain).
        seeds: 1..10000 (default 100): seed tiles scattered before growth (at most one per tile).
        grass: 0.0..1.0 (default 0.3): weight of grass seeds (the five weights are normalized; all 0: equal).
        forest: 0.0..1.0 (default 0.25): weight of forest seeds.
        water: 0.0..1.0 (default 0.2): weight of water seeds.
        mountain: 0.0..1.0 (default 0.1): weight of mountain seeds.
        desert: 0.0..1.0 (default 0.15): weight of desert seeds.
        spread: 0.05..1.0 (default 0.9): chance per loop that a claimed tile takes a blank neighbour (easy
            ground).
        rough: 0.0..0.99 (default 0.97): how much a noise field slows growth in places: 0 round plots, ~1
            winding.
        transitions: true or false (default True): place transition tiles (swamp, beach, foothills) where types
            meet.

    Returns:
        Every stage made, by name (``Result.stages``; ``Result.last``).
    """
    return generate("biomes", seed, width, height, stage=stage, params={
        "seeds": seeds, "grass": grass, "forest": forest, "water": water, "mountain": mountain,
        "desert": desert, "spread": spread, "rough": rough, "transitions": transitions,
    })


def caverns(
    seed: str | int | None = None, *, width: int = 96, height: int = 64,
    stage: Literal["submaps", "labyrinth", "automata", "connected", "final"] | None = None, submap: int = 16,
    gate: float = 0.2, loops: float = 0.1, fill: float = 0.45, iterations: int = 100, monsters: float = 0.02,
    items: float = 0.01, safe_radius: int = 10, features: float = 1.0, lakes: float = 0.0, chasms: float = 0.0,
    meadows: float = 0.0, doors: float = 0.0, vaults: float = 0.0,
) -> Result:
    """Caverns: a labyrinth of submaps grown into caves by cellular automata; the exit is the farthest cell on
    foot (8-way).

    Args:
        seed: any text or int; None or empty rolls one (reported as Result.seed_text).
        width: 16..2000 tiles (default 96).
        height: 16..2000 tiles (default 64).
        stage: stop once this stage is made: submaps, labyrinth, automata, connected, final (default: run to
            final).
        submap: 6..64 (default 16): submap edge length in tiles (remainders are shared out).
        gate: 0.0..1.0 (default 0.2): chance that a cell pair across an opened wall opens on both sides.
        loops: 0.0..1.0 (default 0.1): fraction of the walls left closed by the labyrinth opened as loops.
        fill: 0.0..1.0 (default 0.45): initial wall chance inside each submap.
        iterations: 0..400 (default 100): automaton iterations (stops early at a fixed point).
        monsters: 0.0..0.25 (default 0.02): monster spawn points per eligible floor tile.
        items: 0.0..0.25 (default 0.01): item spawn points per eligible floor tile.
        safe_radius: 0..200 (default 10): no spawn point within this many steps of the start (on foot, 8-way
            like the exit).
        features: 0.0..8.0 (default 1.0): statues, furniture, fountains, altars and traps
            (worldgen.toolkit.features): 1 is the usual number, 0 none.
        lakes: 0.0..10.0 (default 0.0): lakes (deep water ringed by shallows), each inside one submap per 1000
            map tiles (worldgen.toolkit.terrain): 0 none.
        chasms: 0.0..10.0 (default 0.0): chasms, each inside one submap per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        meadows: 0.0..10.0 (default 0.0): meadows of brush and grass, each inside one submap per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        doors: 0.0..10.0 (default 0.0): doors at one-cell gates on the submaps' borders per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        vaults: 0.0..8.0 (default 0.0): vaults (special rooms, worldgen.toolkit.vaults) tried per map: 1.5 is
            one or two, 0 (the default: the game asks for them) none.

    Returns:
        Every stage made, by name (``Result.stages``; ``Result.last``).
    """
    return generate("caverns", seed, width, height, stage=stage, params={
        "submap": submap, "gate": gate, "loops": loops, "fill": fill, "iterations": iterations,
        "monsters": monsters, "items": items, "safe_radius": safe_radius, "features": features, "lakes": lakes,
        "chasms": chasms, "meadows": meadows, "doors": doors, "vaults": vaults,
    })


def mosaic(
    seed: str | int | None = None, *, width: int = 100, height: int = 100,
    stage: Literal["mask", "styles", "water", "final", "reachability"] | None = None,
    preset: Literal["wild", "civilized"] = "wild", areas: int = 3, shapes: int = 16, smooth: int = 2,
    cave_fill: float = 0.45, noise_walls: float = 0.1, beach: int = 2, pocket: int = 12, monsters: float = 3.0,
    items: float = 2.0, safe: int = 10, features: float = 1.0, lakes: float = 0.0, chasms: float = 0.0,
    meadows: float = 0.0, doors: float = 0.0, vaults: float = 0.0,
) -> Result:
    """Mosaic of styles: a master mask of shapes splits the map into areas, each filled by a style (caves,
    noise, garden, ruins, water with coast and beach).

    Args:
        seed: any text or int; None or empty rolls one (reported as Result.seed_text).
        width: 24..1000 tiles (default 100).
        height: 24..1000 tiles (default 100).
        stage: stop once this stage is made: mask, styles, water, final, reachability (default: run to
            reachability; the game's map is final).
        preset: wild | civilized (default "wild"): wild: ellipses+triangles, organic styles; civilized:
            rectangles+triangles, gardens and ruins.
        areas: 2..6 (default 3): areas in the master mask (the border is one more).
        shapes: 1..40 (default 16): shapes drawn into the master mask.
        smooth: 0..8 (default 2): majority-filter passes over the area borders.
        cave_fill: 0.35..0.55 (default 0.45): initial wall fraction of the caves automaton.
        noise_walls: 0.0..0.3 (default 0.1): wall fraction of the noise style.
        beach: 0..4 (default 2): sand beach width (tiles) where land areas meet water.
        pocket: 0..400 (default 12): cut-off walkable pockets smaller than this are filled, larger ones (and any
            touching water) are joined.
        monsters: 0.0..30.0 (default 3.0): monster spawns per 1000 reachable walkable tiles.
        items: 0.0..30.0 (default 2.0): item spawns per 1000 reachable walkable tiles.
        safe: 0..200 (default 10): least steps on foot (8-way) from the start to a spawn.
        features: 0.0..8.0 (default 1.0): statues, furniture, fountains, altars and traps
            (worldgen.toolkit.features): 1 is the usual number, 0 none.
        lakes: 0.0..10.0 (default 0.0): lakes (deep water ringed by shallows) in caves and gardens per 1000 map
            tiles (worldgen.toolkit.terrain): 0 none.
        chasms: 0.0..10.0 (default 0.0): chasms in caves, noise and ruins per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        meadows: 0.0..10.0 (default 0.0): meadows of brush and grass in gardens, noise and caves per 1000 map
            tiles (worldgen.toolkit.terrain): 0 none.
        doors: 0.0..10.0 (default 0.0): doors at one-cell gaps in ruins and gardens per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        vaults: 0.0..8.0 (default 0.0): vaults (special rooms, worldgen.toolkit.vaults) tried per map: 1.5 is
            one or two, 0 (the default: the game asks for them) none.

    Returns:
        Every stage made, by name (``Result.stages``; ``Result.last``).
    """
    return generate("mosaic", seed, width, height, stage=stage, params={
        "preset": preset, "areas": areas, "shapes": shapes, "smooth": smooth, "cave_fill": cave_fill,
        "noise_walls": noise_walls, "beach": beach, "pocket": pocket, "monsters": monsters, "items": items,
        "safe": safe, "features": features, "lakes": lakes, "chasms": chasms, "meadows": meadows,
        "doors": doors, "vaults": vaults,
    })


def rooms(
    seed: str | int | None = None, *, width: int = 79, height: int = 29,
    stage: Literal["rooms", "doors", "dead_ends", "loops", "final"] | None = None, room_attempts: int = 28,
    shifts: int = 4, corridor_chance: float = 0.3, cave_chance: float = 0.12, fuse_chance: float = 0.15,
    door_chance: float = 0.85, secret_chance: float = 0.08, dead_end_keep: float = 0.1, loops: float = 3.0,
    loop_distance: int = 20, monster_density: float = 0.02, item_density: float = 0.015, safe_radius: int = 8,
    features: float = 1.0, lakes: float = 0.0, chasms: float = 0.0, meadows: float = 0.0, vaults: float = 0.0,
) -> Result:
    """Rooms (Brogue-style accretion): rooms, crosses, caves and corridors accreted one by one; doors, loops, no
    dead ends.

    Args:
        seed: any text or int; None or empty rolls one (reported as Result.seed_text).
        width: 20..400 tiles (default 79).
        height: 12..400 tiles (default 29).
        stage: stop once this stage is made: rooms, doors, dead_ends, loops, final (default: run to final).
        room_attempts: 4..200 (default 28): room designs tried per 1000 map tiles (more while under 20% of the
            map is floor).
        shifts: 0..16 (default 4): shifts of a room that does not fit before it is dropped.
        corridor_chance: 0.0..1.0 (default 0.3): share of designs that are corridors.
        cave_chance: 0.0..1.0 (default 0.12): share of designs that are cave blobs.
        fuse_chance: 0.0..1.0 (default 0.15): chance a room fuses with its neighbour instead of a door.
        door_chance: 0.0..1.0 (default 0.85): chance a join gets a door (else an open doorway).
        secret_chance: 0.0..1.0 (default 0.08): chance a door is a secret door.
        dead_end_keep: 0.0..1.0 (default 0.1): fraction of dead ends kept.
        loops: 0.0..50.0 (default 3.0): loops opened per 1000 map tiles.
        loop_distance: 4..400 (default 20): least steps on foot (8-way) across a wall to open a loop.
        monster_density: 0.0..0.5 (default 0.02): monster spawn points per floor tile.
        item_density: 0.0..0.5 (default 0.015): item spawn points per floor tile.
        safe_radius: 0..100 (default 8): no spawn points within this many steps on foot (8-way) of the start.
        features: 0.0..8.0 (default 1.0): statues, furniture, fountains, altars and traps
            (worldgen.toolkit.features): 1 is the usual number, 0 none.
        lakes: 0.0..10.0 (default 0.0): lakes (deep water ringed by shallows), each inside one room per 1000 map
            tiles (worldgen.toolkit.terrain): 0 none.
        chasms: 0.0..10.0 (default 0.0): chasms, each inside one room per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        meadows: 0.0..10.0 (default 0.0): meadows of brush and grass, each inside one room per 1000 map tiles
            (worldgen.toolkit.terrain): 0 none.
        vaults: 0.0..8.0 (default 0.0): vaults (special rooms, worldgen.toolkit.vaults) tried per map: 1.5 is
            one or two, 0 (the default: the game asks for them) none.

    Returns:
        Every stage made, by name (``Result.stages``; ``Result.last``).
    """
    return generate("rooms", seed, width, height, stage=stage, params={
        "room_attempts": room_attempts, "shifts": shifts, "corridor_chance": corridor_chance,
        "cave_chance": cave_chance, "fuse_chance": fuse_chance, "door_chance": door_chance,
        "secret_chance": secret_chance, "dead_end_keep": dead_end_keep, "loops": loops,
        "loop_distance": loop_distance, "monster_density": monster_density, "item_density": item_density,
        "safe_radius": safe_radius, "features": features, "lakes": lakes, "chasms": chasms, "meadows": meadows,
        "vaults": vaults,
    })
