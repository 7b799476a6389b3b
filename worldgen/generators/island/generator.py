"""The island generator as the list of its stages: noise, noise_terrain,
mask_plain, mask, combined, terrain (the package doc says what each does)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

import numpy as np

from worldgen.core import seeding
from worldgen.core.pacing import Pace
from worldgen.core.registry import GeneratorSpec, ParamError, Progress, Stage, register
from worldgen.toolkit import promises
from worldgen.toolkit.noise import NOISE_CELLS_PER_YIELD, noise_steps
from .mask import full_masks, mask_steps, particle_scale, ring
from .params import IslandParams
from .terrain import classify_steps, lowest_cells_steps, normalize255, water_line
from .work import plan, work

__all__ = ["SPEC", "run", "resume", "ring_share", "check_request", "TERRAIN_ONLY"]

#: The parameters only the terrain stages read (the water line and the height bands): a change of
#: these alone makes noise_terrain and terrain again and keeps the noise, the masks and their product.
TERRAIN_ONLY = frozenset({"water", "deep", "coast", "plains", "hills", "mountain"})

#: Cells above which whole-map terrain steps are split by Progress events.
_NOISE_CELLS_PER_YIELD = NOISE_CELLS_PER_YIELD


def ring_share(width: int, height: int) -> float:
    """Share of the map on its outer ring (always water: land never touches the edge).

    >>> ring_share(88, 32)
    0.08380681818181818
    """
    return (2 * (width + height) - 4) / (width * height)


def check_request(width: int, height: int, p: IslandParams) -> None:
    """Refuse, in one line naming them, a ``water`` the map's edge alone exceeds.

    The outer ring is water by rule, so a map whose ring is more than
    ``water`` (+ the 0.02 tolerance) of its tiles cannot meet the fraction:
    small maps with little water (16x16: the ring is 23%).
    """
    share = ring_share(width, height)
    if share > p.water + 0.02:
        raise ParamError(f"island: water={p.water:g} is below the edge ring's share of a {width}x{height} map "
                         f"({share:.3f}, always water); ask for water >= {share - 0.02:.3f} or a larger map")


def run(seed: int, width: int, height: int, p: IslandParams) -> Iterator[Stage | Progress]:
    """Yield the island's stages in order (see :data:`SPEC`).

    On maps over :data:`_NOISE_CELLS_PER_YIELD` tiles, whole-map steps are
    separated by :class:`Progress` events so no single step grows with the map
    beyond a few passes (none on small maps, where they would cost more than
    they split).
    """
    check_request(width, height, p)
    pace = Pace(big=width * height > _NOISE_CELLS_PER_YIELD)

    raw = yield from noise_steps(seeding.rng(seed, "noise"), width, height, p.octaves, p.divisor)
    noise = normalize255(raw)
    yield Stage("noise", noise, kind="layer", vrange=(0.0, 255.0))

    line = water_line(noise, p.water)
    yield from pace.at("noise_terrain").pause(0.25)
    noise_tiles = yield from classify_steps(noise, line, p, None, pace.at("noise_terrain"))
    yield Stage("noise_terrain", noise_tiles, info={"water_line": line})

    # The particles as the work budget lets them run (worldgen.core.work: the same cut wherever asked).
    sim = plan(width, height, p)[1]
    raw_masks, scale, mask_info = yield from mask_steps(seed, sim, particle_scale(width, height, p))
    yield from pace.at("mask_plain").pause(1.0)
    # Both masks in each numpy call on small maps; one per step on big ones (bounded steps).
    masks = full_masks(raw_masks[:1] if pace.big else raw_masks, scale, width, height)
    yield Stage("mask_plain", masks[0], kind="layer", vrange=(0.0, 255.0), info=dict(mask_info, margin=0))
    mask = full_masks(raw_masks[1:], scale, width, height)[0] if pace.big else masks[1]
    yield Stage("mask", mask, kind="layer", vrange=(0.0, 255.0), info=mask_info)

    combined = noise * mask
    combined /= np.float32(255)
    yield Stage("combined", combined, kind="layer", vrange=(0.0, 255.0))

    tiles, info = yield from _terrain(noise, combined, p, pace.at("terrain"))
    yield Stage("terrain", tiles, info=info)


def resume(seed: int, width: int, height: int, p: IslandParams, before: Mapping[str, Stage],
           was: IslandParams) -> Iterator[Stage | Progress] | None:
    """The run of ``p`` from a finished run of ``was`` (``before``, same seed and size) when only
    :data:`TERRAIN_ONLY` parameters changed (and so the particles' plan did not); else None."""
    changed = {f.name for f in dataclasses.fields(p) if getattr(p, f.name) != getattr(was, f.name)}
    if not changed <= TERRAIN_ONLY or any(name not in before for name in SPEC.stages) or \
            plan(width, height, p)[1] != plan(width, height, was)[1]:
        return None
    return _resumed(width, height, p, before)


def _resumed(width: int, height: int, p: IslandParams, before: Mapping[str, Stage]) -> Iterator[Stage | Progress]:
    check_request(width, height, p)
    pace = Pace(big=width * height > _NOISE_CELLS_PER_YIELD)
    noise = before["noise"].data
    yield before["noise"]
    line = water_line(noise, p.water)
    noise_tiles = yield from classify_steps(noise, line, p, None, pace.at("noise_terrain"))
    yield Stage("noise_terrain", noise_tiles, info={"water_line": line})
    yield from (before[name] for name in ("mask_plain", "mask", "combined"))
    tiles, info = yield from _terrain(noise, before["combined"].data, p, pace.at("terrain"))
    yield Stage("terrain", tiles, info=info)


def _terrain(noise: np.ndarray, combined: np.ndarray, p: IslandParams, pace: Pace):
    """Terrain on the combined height renormalized to 0..255: ``tiles, info = yield from ...``.

    Water: the ``int((n-1) x water) + 1`` lowest tiles, the outer ring
    counting as the lowest ground (so land never touches the edge; all of
    it, should it be more: :func:`check_request` refuses what that would
    push over the tolerance) and level ground split by the noise (so a flat
    mask cannot flood the map).
    """
    height_map = normalize255(combined)
    h, w = height_map.shape
    yield from pace.pause(0.1)
    edge = ring(height_map.shape)
    lowered = np.where(edge, np.float32(-1), height_map)
    count = max(int((height_map.size - 1) * p.water) + 1, 2 * (w + h) - 4)  # the ring: all of it
    yield from pace.pause(0.25)
    wet, top = yield from lowest_cells_steps(lowered, noise, count, pace, 0.25)
    yield from pace.pause(0.5)
    line = float(top)  # the highest wet cell (count >= 1): no pass over the map to find it
    tiles = yield from classify_steps(height_map, line, p, wet, pace, 0.75)
    land = tiles.size - count  # lowest_cells_steps takes exactly count cells
    return tiles, {"water_line": line, "land_fraction": land / tiles.size, "water_fraction": p.water,
                   "edge_tiles_sunk": int(np.count_nonzero(height_map[edge] > np.float32(line)))}


SPEC = register(GeneratorSpec(
    name="island",
    title="Island",
    summary="fractal Perlin noise x rolling-particle mask, water line at a quantile, terrain by height",
    stages=("noise", "noise_terrain", "mask_plain", "mask", "combined", "terrain"),
    params=IslandParams,
    run=run,
    resume=resume,
    default_size=(88, 32),
    min_size=(16, 16),
    max_size=(1024, 1024),
    bench_sizes=((88, 32), (512, 512)),
    source="000_7569994bbe06b055.txt",
    kind="overworld",
    promises=promises.ISLAND,
    work=work,
))
