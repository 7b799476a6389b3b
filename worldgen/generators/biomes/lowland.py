"""Biomes grown over another generator's land: the named world's locations
grow them over the island's lowland."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Progress, Stage
from worldgen.core.steps import finish
from worldgen.core.tiles import T
from worldgen.toolkit.growth import grow, growth_delays
from .cleanup import clean_lone
from .generator import BiomeParams, pad_frame, padded_index, seed_counts
from .ground import ground_thresholds_steps
from .transitions import BASE_TYPES, apply_transitions, qualifies

__all__ = ["grow_lowland", "TILES_PER_SEED", "SEEDS_RANGE"]

#: Lowland tiles per biome seed (the source: 100 seeds on 100x100), and the seed count's bounds.
TILES_PER_SEED = 100
SEEDS_RANGE = (8, 200)


def grow_lowland(seed: int, island: np.ndarray, weights: Sequence[float]) -> Iterator[Progress]:
    """Biomes over an island's lowland (its grass and forest), seeded by
    ``weights`` (of :data:`BASE_TYPES`): ``tiles, info = yield from ...``.

    The biomes pipeline on part of a map: one seed per
    :data:`TILES_PER_SEED` lowland tiles (within :data:`SEEDS_RANGE`), the
    ground field and growth at the defaults of :class:`BiomeParams`, then
    transitions and the clean-up, all inside the lowland; lowland no seed
    reaches keeps the island's tile.  A named world's locations are made so
    (:mod:`worldgen.generators.world`).
    """
    height, width = island.shape
    lowland = (island == T.grass) | (island == T.forest)
    cells = np.flatnonzero(lowland)
    if cells.size == 0:
        return island.copy(), {"biome_seeds": 0, "growth_loops": 0}
    n = min(cells.size, max(SEEDS_RANGE[0], min(SEEDS_RANGE[1], cells.size // TILES_PER_SEED)))
    counts = seed_counts(weights, n)
    type_ids = np.repeat(np.array([tid for _, tid in BASE_TYPES], dtype=np.uint8), counts)
    picked = cells[seeding.rng(seed, "biome-seeds").choice(cells.size, size=n, replace=False)]

    start = island.copy()
    start[lowland] = T.void  # blank: to be grown
    start.ravel()[picked] = type_ids
    padded = pad_frame(start)
    view = padded[1:-1, 1:-1]
    spacing = max(3.0, float(np.sqrt(cells.size / n)))
    defaults = BiomeParams()
    thresholds = finish(ground_thresholds_steps(seeding.rng(seed, "biome-ground"), height, width, spacing,
                                                defaults.spread, defaults.rough))
    yield Progress("biomes", 0.0)  # the ground, then the delays it makes: a step each (~0.5 ms at 160x96)
    delays = growth_delays(thresholds, seeding.rng(seed, "biome-delays"))
    yield Progress("biomes", 0.0)
    filled, loops = n, 0
    preview = Stage("biomes", view)  # one for every loop: the view changes in place
    for claimed in grow(padded.ravel(), padded_index(picked, width), delays, width, seeding.rng(seed, "biome-growth")):
        loops += 1
        filled += claimed
        yield Progress("biomes", 0.9 * filled / cells.size, preview=preview)
    grown = view.copy()
    unreached = grown == T.void
    grown[unreached] = island[unreached]  # lowland no seed reached keeps the island's tile
    becomes = qualifies(grown)
    mixed = apply_transitions(grown, lowland, becomes=becomes)
    yield Progress("biomes", 0.95)  # the transitions, then the clean-up
    tiles, fixed, _ = clean_lone(mixed, grown, seeding.rng(seed, "biome-clean-up"), lowland, rim=becomes)
    yield Progress("biomes", 1.0)
    by_type = {name: c for (name, _), c in zip(BASE_TYPES, counts)}
    return tiles, {"biome_seeds": n, "biome_seed_counts": by_type, "growth_loops": loops, "lone_fixed": fixed}
