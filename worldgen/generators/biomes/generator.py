"""The biomes generator as the list of its stages: seeds, growth,
transitions, terrain (the package doc says what each does)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import GeneratorSpec, ParamError, Progress, Stage, param, register
from worldgen.core.tiles import TILES
from worldgen.toolkit import promises
from worldgen.toolkit.growth import grow, growth_delays_steps
from .cleanup import clean_lone
from .ground import ground_thresholds_steps
from .transitions import BASE_TYPES, FRAME, TRANSITIONS, apply_transitions, qualifies
from .work import work

__all__ = ["BiomeParams", "SPEC", "run", "seed_counts", "pad_frame", "padded_index"]


#: Cells of the grown map whose transitions are found between two progress events.
_BAND_CELLS = 1 << 18


@dataclass(frozen=True)
class BiomeParams:
    seeds: int = param(100, 1, 10_000, "seed tiles scattered before growth (at most one per tile)")
    grass: float = param(0.30, 0.0, 1.0, "weight of grass seeds (the five weights are normalized; all 0: equal)")
    forest: float = param(0.25, 0.0, 1.0, "weight of forest seeds")
    water: float = param(0.20, 0.0, 1.0, "weight of water seeds")
    mountain: float = param(0.10, 0.0, 1.0, "weight of mountain seeds")
    desert: float = param(0.15, 0.0, 1.0, "weight of desert seeds")
    spread: float = param(0.9, 0.05, 1.0, "chance per loop that a claimed tile takes a blank neighbour (easy ground)")
    rough: float = param(0.97, 0.0, 0.99, "how much a noise field slows growth in places: 0 round plots, ~1 winding")
    transitions: bool = param(True, help="place transition tiles (swamp, beach, foothills) where types meet")

    def weights(self) -> tuple[float, ...]:
        return tuple(getattr(self, name) for name, _ in BASE_TYPES)


def seed_counts(weights: Sequence[float], n: int) -> list[int]:
    """Split ``n`` seeds by ``weights`` (normalized) with largest remainders.

    Weights are rounded to millionths and the split is integer arithmetic, so
    it is the same on every platform; ties go to the earlier type.  Weights
    that are all below half a millionth are split by their exact values
    instead, and all-zero weights (every one is in range) mean equal weights.

    >>> seed_counts([0, 0, 0, 0, 0], 10), seed_counts([1e-9, 3e-9, 0, 0, 0], 4)
    ([2, 2, 2, 2, 2], [1, 3, 0, 0, 0])
    """
    units = [max(0, round(float(w) * 1_000_000)) for w in weights]
    if sum(units) <= 0:
        exact = [Fraction(max(0.0, float(w))) for w in weights]  # floats are exact binary fractions
        scale = max((f.denominator for f in exact), default=1)
        units = [int(f * scale) for f in exact] if any(exact) else [1] * len(exact)
    total = sum(units)
    if total <= 0:  # only with no weights at all
        raise ParamError("biome weights are needed")
    counts = [n * u // total for u in units]
    rest = n - sum(counts)
    by_remainder = sorted(range(len(units)), key=lambda i: (-(n * units[i] % total), i))
    for i in by_remainder[:rest]:
        counts[i] += 1
    return counts


def pad_frame(a: np.ndarray, fill: int = FRAME) -> np.ndarray:
    """A copy of ``a`` inside a one-tile frame of ``fill`` (the layout :func:`grow` works on)."""
    out = np.full((a.shape[0] + 2, a.shape[1] + 2), fill, dtype=a.dtype)
    out[1:-1, 1:-1] = a
    return out


def padded_index(flat: np.ndarray, width: int) -> np.ndarray:
    """Flat cell indices of a ``width``-wide map to flat indices of its :func:`pad_frame` copy."""
    y, x = np.divmod(flat.astype(np.int64), width)
    return (y + 1) * (width + 2) + x + 1


def _tile_counts(a: np.ndarray, kinds: Sequence[int]) -> dict[int, int]:
    """How many cells of ``a`` hold each tile id, by id, those present only.

    One comparison per id of ``kinds`` (the few tiles a map can hold: 4-8x
    faster than a full byte count, which widens every byte to an index); if
    ``a`` holds any other tile, a full count.

    >>> _tile_counts(np.array([[3, 3, 0], [255, 3, 1]], np.uint8), [0, 3])
    {0: 1, 1: 1, 3: 3, 255: 1}
    >>> _tile_counts(np.array([[3, 3, 0]], np.uint8), [3, 0, 7])
    {0: 1, 3: 2}
    """
    counts = {t: int(np.count_nonzero(a == t)) for t in sorted(set(kinds))}
    if sum(counts.values()) != a.size:
        counts = dict(enumerate(np.bincount(a.ravel(), minlength=256).tolist()))
    return {t: c for t, c in counts.items() if c}


def run(seed: int, width: int, height: int, p: BiomeParams) -> Iterator[Stage | Progress]:
    """Yield ``seeds``, ``growth`` (with a Progress per loop), ``transitions``, ``terrain``."""
    counts = seed_counts(p.weights(), min(p.seeds, width * height))
    n = sum(counts)
    type_ids = np.repeat(np.array([tid for _, tid in BASE_TYPES], dtype=np.uint8), counts)

    # Seeds: distinct random tiles; the type order is fixed, the positions random.
    cells = seeding.rng(seed, "seed-cells").choice(width * height, size=n, replace=False)
    seeds_map = np.zeros((height, width), dtype=np.uint8)
    seeds_map.ravel()[cells] = type_ids
    by_type = {name: c for (name, _), c in zip(BASE_TYPES, counts)}
    yield Stage("seeds", seeds_map.copy(),
                info={"seed_counts": by_type,
                      "seed_cells": [[int(c % width), int(c // width)] for c in cells]})

    # Growth.
    spacing = max(3.0, float(np.sqrt(width * height / max(n, 1))))
    thresholds = yield from ground_thresholds_steps(seeding.rng(seed, "ground"), height, width, spacing, p.spread,
                                                    p.rough, tick=lambda: Progress("growth", 0.0))
    delays = yield from growth_delays_steps(thresholds, seeding.rng(seed, "delays"),
                                            tick=lambda: Progress("growth", 0.0))
    padded = pad_frame(seeds_map)
    grid = padded.ravel()
    view = padded[1:-1, 1:-1]
    total = width * height
    filled = n
    loops = 0
    # One preview for every loop, its loop count brought up to date (a preview
    # is valid until the next step): a stage made per loop cost 1% of the run.
    shown = {"loop": 0}
    preview = Stage("growth", view, info=shown)
    for claimed in grow(grid, padded_index(cells, width), delays, width, seeding.rng(seed, "growth")):
        loops += 1
        filled += claimed
        shown["loop"] = loops
        yield Progress("growth", filled / total, preview=preview)
    grown = view.copy()
    yield Stage("growth", grown, info={"loops": loops})

    # Transitions, then clean-up on the final map.
    table = TRANSITIONS if p.transitions else ()
    yield Progress("transitions", 0.0)
    becomes = np.empty_like(grown)
    rows = max(1, _BAND_CELLS // width)
    for y0 in range(0, height, rows):    # in bands with a halo row: a 1024x1024 map at once is a long step
        lo, y1 = max(0, y0 - 1), min(height, y0 + rows)
        becomes[y0:y1] = qualifies(grown[lo:y1 + 1], table)[y0 - lo:y1 - lo]
        yield Progress("transitions", 0.5 * y1 / height)
    with_transitions = apply_transitions(grown, table=table, becomes=becomes)
    yield Stage("transitions", with_transitions)
    yield Progress("terrain", 0.0)
    terrain, fixed, fallback = clean_lone(with_transitions, grown, seeding.rng(seed, "clean-up"), table=table,
                                          rim=becomes)
    yield Progress("terrain", 0.5)       # the clean-up and the tile counts: two steps at 1024x1024
    counts_by_tile = _tile_counts(terrain, [*(tid for _, tid in BASE_TYPES), *(row.becomes for row in table)])
    yield Stage("terrain", terrain,
                info={"loops": loops, "lone_fixed": fixed, "lone_fallback": fallback,
                      "seed_counts": by_type,
                      "tiles": {TILES[t].name: c for t, c in counts_by_tile.items()}})


SPEC = register(GeneratorSpec(
    name="biomes",
    title="Biomes: seed and grow",
    summary="weighted seed tiles grown into organic regions, with transition tiles and a clean-up pass",
    stages=("seeds", "growth", "transitions", "terrain"),
    params=BiomeParams,
    run=run,
    default_size=(100, 100),
    min_size=(16, 16),
    max_size=(1024, 1024),
    bench_sizes=((100, 100), (1000, 1000)),
    source="003_bc7ae02ed1baa4b0.txt",
    kind="overworld",
    promises=promises.BIOMES,
    work=work,
))
