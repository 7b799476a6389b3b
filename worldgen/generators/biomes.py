"""Seed-and-grow biomes (1000 Dungeons, source ``003_bc7ae02ed1baa4b0.txt``).

A few seed tiles of weighted base types are scattered at random; loop by
loop, claimed tiles spread their type into blank 8-neighbours, each blank
tile taking a random number of loops to be won, until every tile is
claimed.  Transition tiles are
then placed where two types meet, and a clean-up pass gives every lone tile
the type of a random neighbour.  (Over 400 lines: growth, transitions and
clean-up are one pipeline whose pieces ``worldgen.generators.world`` reuses.)

Stages:

``seeds``
    ``seeds`` tiles (default 100) on a blank (``void``) map.  Their types are
    apportioned exactly from the normalized weights (largest remainder), so a
    weight of 0.30 with 100 seeds means 30 grass seeds, as the source says.
    All five weights at 0 (each is in range) means equal weights.
``growth``
    The grown map of base types.  One :class:`~worldgen.core.registry.Progress`
    with a preview per growth loop, so the demo can step through the loops.
``transitions``
    :data:`TRANSITIONS` applied to the grown map.
``terrain``
    The final map after the clean-up of lone tiles.

Why it does not look like squares or a Voronoi diagram
------------------------------------------------------
The source walks its list of claimed tiles in order and fills all eight
neighbours, which grows square plots; its author breaks them up by the order
of the list.  Here time is random instead: a blank tile, once a claimed
neighbour first touches it, waits a random number of loops (geometric: each
loop it is won with the chance ``spread``) and then takes that neighbour's
type; among neighbours claimed in the same loop a random one touches it
(each loop looks in the 8 directions in a random order, the last one wins).
A chance below 1 alone gives ragged but convex, Voronoi-like plots on big
maps, so the chance also varies over the map with a smooth value-noise field
(``rough``): growth crawls through "hard ground" and races through easy
ground, so borders wind and plots take organic shapes.  Each tile's wait is
drawn once and the loops run from a ring of time buckets, so no tile is
looked at loop after loop (first-passage growth: 2.5x faster than retrying
every frontier tile each loop, the look unchanged).  A wait is at most 255
loops (a documented clamp: the lowest chances would mean thousands).

Transition table
----------------
One row per ``(tile, touching, becomes)``: a tile of type ``tile`` with an
8-neighbour of type ``touching`` in the *grown* map becomes ``becomes``.  Only
the ``tile`` side changes, so rims are one tile wide; the first matching row
wins where a tile touches several types.

=========== ========= ============= ============================================
tile        touching  becomes       why
=========== ========= ============= ============================================
deep_water  forest    swamp         the source's rule: wooded shores are marsh
deep_water  grass     sand          beach
deep_water  desert    sand          beach (desert coast)
deep_water  mountain  shallow_water rocky shallows at the foot of a cliff
mountain    grass     hills         foothills
mountain    forest    hills         wooded foothills
mountain    desert    hills         badlands
forest      desert    grass         woods thin out to grassland before sand
=========== ========= ============= ============================================

Clean-up runs after the transitions, so the final map has no lone tile,
transition tiles included.  A lone tile (no 8-neighbour of its own type)
takes the type of a random neighbour that is not lone itself, which makes it
non-lone and never makes another tile lone.  A transition type is only taken
from a rim tile its row made, so every transition tile of the final map is a
tile its row converted or touches one: it sits where its pair meets (a
one-tile mountain peak ringed by foothills becomes hills; a one-tile pond
between a beach and a swamp joins one of them).  If a lone tile has no such
neighbour after 8 passes, a last pass lets it take any non-lone neighbour
(``info["lone_fallback"]`` counts these; none in thousands of test maps).

>>> seed_counts([0.3, 0.25, 0.2, 0.1, 0.15], 100)
[30, 25, 20, 10, 15]
>>> seed_counts([1, 1, 1], 10)
[4, 3, 3]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import GeneratorSpec, ParamError, Progress, Stage, param, register
from worldgen.core.tiles import TILES, T
from worldgen.toolkit import promises
from worldgen.toolkit.growth import MAX_DELAY, grow, growth_delays, growth_delays_steps

__all__ = [
    "BiomeParams", "BASE_TYPES", "Transition", "TRANSITIONS", "SPEC", "run", "seed_counts", "FRAME",
    "pad_frame", "padded_index", "ground_noise", "ground_thresholds", "growth_delays", "grow",
    "apply_transitions", "qualifies", "lone_mask", "clean_lone",
]

#: The base types seeded and grown, ``(name, tile id)``, in parameter order.
BASE_TYPES: tuple[tuple[str, int], ...] = (
    ("grass", T.grass),
    ("forest", T.forest),
    ("water", T.deep_water),
    ("mountain", T.mountain),
    ("desert", T.desert),
)


class Transition(NamedTuple):
    """A tile of type ``tile`` with an 8-neighbour ``touching`` becomes ``becomes``."""

    tile: int
    touching: int
    becomes: int
    why: str


# fmt: off
#: The transition table (documented in the module docstring); first matching row wins.
TRANSITIONS: tuple[Transition, ...] = (
    Transition(T.deep_water, T.forest,   T.swamp,         "the source's rule: wooded shores are marsh"),
    Transition(T.deep_water, T.grass,    T.sand,          "beach"),
    Transition(T.deep_water, T.desert,   T.sand,          "beach (desert coast)"),
    Transition(T.deep_water, T.mountain, T.shallow_water, "rocky shallows at the foot of a cliff"),
    Transition(T.mountain,   T.grass,    T.hills,         "foothills"),
    Transition(T.mountain,   T.forest,   T.hills,         "wooded foothills"),
    Transition(T.mountain,   T.desert,   T.hills,         "badlands"),
    Transition(T.forest,     T.desert,   T.grass,         "woods thin out to grassland before sand"),
)
# fmt: on

#: Growth probabilities are stored as integers: chance * 2**24.
_P_ONE = 1 << 24
#: Clean-up passes before giving up on a (pathological) lone tile.
_CLEAN_PASSES = 8
#: Marks the one-tile frame around a padded grid (never blank, never a neighbour).
FRAME = 255
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


# ----------------------------------------------------------------------------- helpers


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
        scale = max(f.denominator for f in exact)
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


def _value_noise(rng: np.random.Generator, height: int, width: int, cell: int) -> np.ndarray:
    """Smooth value noise in [0, 1], ``float32``, lattice spacing ``cell`` tiles.

    Separable smoothstep interpolation of a random lattice: rows first, then
    columns.  Element-wise float32 arithmetic only (no transcendental functions).
    """
    gh, gw = height // cell + 2, width // cell + 2
    lattice = rng.random((gh, gw), dtype=np.float32)

    def axis(n: int) -> tuple[np.ndarray, np.ndarray]:
        t = (np.arange(n, dtype=np.float32) + np.float32(0.5)) / np.float32(cell)
        i = t.astype(np.int64)
        f = t - i.astype(np.float32)
        return i, f * f * (np.float32(3) - np.float32(2) * f)  # smoothstep

    y0, fy = axis(height)
    x0, fx = axis(width)
    left, right = lattice[:, x0], lattice[:, x0 + 1]
    rows = left + (right - left) * fx  # (gh, width)
    step = rows[1:] - rows[:-1]        # (lower - upper) per pair of lattice rows
    out = np.empty((height, width), dtype=np.float32)
    # Map rows between the same two lattice rows form one block (y0 never falls):
    # upper + (lower - upper) * fy, by broadcasting, without gathering either row.
    cuts = np.flatnonzero(np.diff(y0)) + 1
    for a, b in zip([0, *cuts.tolist()], [*cuts.tolist(), height]):
        j = int(y0[a])
        block = out[a:b]
        np.multiply(step[j], fy[a:b, None], out=block)
        block += rows[j]
    return out


def ground_noise(rng: np.random.Generator, height: int, width: int, spacing: float) -> list[np.ndarray]:
    """The two octaves of the "ground" field, features ~2/3 and ~2/9 of ``spacing``."""
    return [_value_noise(rng, height, width, cell) for cell in _octave_cells(spacing)]


def _octave_cells(spacing: float) -> tuple[int, int]:
    cell = max(2, int(spacing / 1.5))
    return cell, max(2, cell // 3)


def ground_thresholds(octaves: Sequence[np.ndarray], spread: float, rough: float) -> np.ndarray:
    """Per-tile spread chance from the ground noise, as padded flat ``uint32`` (chance * 2**24).

    Where the min-max normalized noise ``f`` is 1 the chance is ``spread``;
    it falls to ``spread * (1 - rough)`` as ``f * f`` falls to 0.
    """
    coarse, fine = octaves
    f = coarse * np.float32(0.65)
    f += np.float32(0.35) * fine
    lo, hi = f.min(), f.max()
    if hi > lo:
        f -= lo
        f *= np.float32(1.0) / (hi - lo)
    else:
        f[...] = 1
    f *= f
    # Scaled by 2**24 here rather than after the clip: a power of two, so every
    # product and sum rounds alike and the result is the same to the bit.
    f *= np.float32(spread * rough) * np.float32(_P_ONE)
    f += np.float32(spread * (1.0 - rough)) * np.float32(_P_ONE)
    np.clip(f, np.float32(_P_ONE / 4096), np.float32(_P_ONE), out=f)
    out = np.zeros((f.shape[0] + 2, f.shape[1] + 2), dtype=np.uint32)
    out[1:-1, 1:-1] = f               # truncated, as astype would
    return out.ravel()


def _dilate8(mask: np.ndarray) -> np.ndarray:
    """The OR of each cell's 3x3 box (separable): True (or a bit) where the cell or a neighbour has it."""
    row = mask.copy()
    row[:, 1:] |= mask[:, :-1]
    row[:, :-1] |= mask[:, 1:]
    out = row.copy()
    out[1:] |= row[:-1]
    out[:-1] |= row[1:]
    return out


@lru_cache(maxsize=8)
def _transition_lookup(table: tuple[Transition, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(own bit, row code, becomes)`` per tile id for ``table``.

    Bit i stands for the table's i-th distinct ``touching`` type (``own``
    gives each tile's bit, 0 for other types); ``row`` gives each ``tile``
    of the table a code above the bits (0 for tiles no row changes).
    ``becomes[row code | bits of the types around]`` is the first matching
    row's ``becomes`` (0: none), the tile's own bit ignored (a tile never
    "touches" its own type).  Codes are ``uint8`` while they fit (the
    default table: 4 bits and 3 tiles), so the whole map pass is bytes.
    """
    kinds = list(dict.fromkeys(row.touching for row in table))
    tiles = list(dict.fromkeys(row.tile for row in table))
    n = len(kinds)
    size = (len(tiles) + 1) << n
    dtype = np.uint8 if size <= 1 << 8 else np.uint16 if size <= 1 << 16 else np.uint32
    own = np.zeros(256, dtype=dtype)
    for i, tid in enumerate(kinds):
        own[tid] = 1 << i
    row = np.zeros(256, dtype=dtype)
    becomes = np.zeros(size, dtype=np.uint8)
    for j, tile in enumerate(tiles, start=1):
        row[tile] = j << n
        for near in range(1 << n):
            seen = near & ~int(own[tile])
            hit = next((r for r in table if r.tile == tile and seen & int(own[r.touching])), None)
            if hit is not None:
                becomes[(j << n) | near] = hit.becomes
    return own, row, becomes


def qualifies(grown: np.ndarray, table: Sequence[Transition] = TRANSITIONS) -> np.ndarray:
    """The tile each cell becomes under ``table`` (0 where no row applies).

    Each cell gets one bit per ``touching`` type it is, a 3x3 OR spreads the
    bits to its neighbours, and one lookup on (the cell's row code, bits)
    applies the first matching row (the lookup ignores a tile's own bit):
    about ten byte-wide passes, whatever the table's length.
    """
    table = tuple(table)
    if not table:
        return np.zeros(grown.shape, dtype=np.uint8)
    own, row, becomes = _transition_lookup(table)
    key = _dilate8(own.take(grown))
    key |= row.take(grown)
    return becomes.take(key)


def apply_transitions(grown: np.ndarray, mask: np.ndarray | None = None,
                      table: Sequence[Transition] = TRANSITIONS,
                      becomes: np.ndarray | None = None) -> np.ndarray:
    """A copy of ``grown`` with the transition table applied (only inside ``mask``).

    ``becomes`` is :func:`qualifies` of ``grown`` when the caller has it already.
    """
    becomes = qualifies(grown, table) if becomes is None else becomes
    changes = becomes != 0
    if mask is not None:
        changes &= mask
    out = grown.copy()
    np.copyto(out, becomes, where=changes)
    return out


def lone_mask(tiles: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Tiles (inside ``mask``) with no 8-neighbour of their own type.

    >>> lone_mask(np.array([[1, 1, 2], [1, 3, 2], [4, 4, 2]], np.uint8)).astype(int).tolist()
    [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    """
    h, w = tiles.shape
    paired = np.zeros((h, w), dtype=bool)       # has an orthogonal neighbour of its type
    eq = tiles[:, 1:] == tiles[:, :-1]          # each orthogonal pair compared once, for both cells
    paired[:, 1:] |= eq
    paired[:, :-1] |= eq
    eq = tiles[1:] == tiles[:-1]
    paired[1:] |= eq
    paired[:-1] |= eq
    lone = np.logical_not(paired, out=paired)
    if mask is not None:
        lone &= mask
    ys, xs = np.divmod(np.flatnonzero(lone), w)  # few: look at their diagonals (1-D: 2-D nonzero is slow)
    if ys.size:
        kind = tiles[ys, xs]
        diagonal = np.zeros(ys.size, dtype=bool)
        for dy, dx in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            y, x = ys + dy, xs + dx
            inside = (y >= 0) & (y < h) & (x >= 0) & (x < w)
            diagonal |= inside & (tiles[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)] == kind)
        lone[ys[diagonal], xs[diagonal]] = False
    return lone


def _byte_counts(a: np.ndarray) -> np.ndarray:
    """``np.bincount(a.ravel(), minlength=256)`` of a ``uint8`` array, counting byte pairs (half the work).

    >>> _byte_counts(np.array([[3, 3, 0], [255, 3, 1]], np.uint8))[[0, 1, 3, 255]].tolist()
    [1, 1, 3, 1]
    """
    flat = np.ascontiguousarray(a).ravel()
    if flat.size < 1 << 17:                     # the 65,536 pair counts cost more than they save
        return np.bincount(flat, minlength=256)
    odd = flat.size % 2
    pairs = np.bincount(flat[odd:].view(np.uint16), minlength=1 << 16).reshape(256, 256)
    counts = pairs.sum(axis=0)                  # one byte of each pair, then the other
    counts += pairs.sum(axis=1)
    if odd:
        counts[flat[0]] += 1
    return counts


_DY = np.array([-1, -1, -1, 0, 0, 1, 1, 1])  # the 8 neighbours, in growth.neighbour_steps order
_DX = np.array([-1, 0, 1, -1, 1, -1, 0, 1])


def _around(cells: np.ndarray, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """``(k, 8)`` flat neighbours of flat ``cells`` of an ``(h, w)`` map (0 off the map) and which are on it."""
    y, x = np.divmod(cells, w)
    ny, nx = y[:, None] + _DY, x[:, None] + _DX
    inside = (ny >= 0) & (ny < h) & (nx >= 0) & (nx < w)
    return np.where(inside, ny * w + nx, 0), inside


def clean_lone(tiles: np.ndarray, grown: np.ndarray, rng: np.random.Generator,
               mask: np.ndarray | None = None, table: Sequence[Transition] = TRANSITIONS,
               rim: np.ndarray | None = None) -> tuple[np.ndarray, int, int]:
    """Give every lone tile (inside ``mask``) the type of a random neighbour.

    Only neighbours that are not lone themselves are candidates, so a fixed
    tile is never lone again and no other tile becomes lone.  A transition
    type (a ``becomes`` of ``table`` that is not a base type) is a candidate
    only from a neighbour that its own row made from ``grown`` (a rim tile),
    so a lone tile next to a rim may join the rim (a one-tile peak ringed by
    foothills becomes hills) but no transition tile drifts away from where
    its pair meets.  Neighbours outside ``mask`` never change but count as
    candidates.  Repeats up to a bounded number of passes, then one last
    pass lets a still-lone tile take any non-lone neighbour.  Returns
    ``(tiles, tiles changed, tiles changed by that last pass)``.
    """
    tiles = tiles.copy()
    h, w = tiles.shape
    lone = lone_mask(tiles, mask)
    cells = np.flatnonzero(lone)
    if cells.size == 0:
        return tiles, 0, 0
    base = {tid for _, tid in BASE_TYPES}
    is_transition = np.zeros(256, dtype=bool)
    is_transition[[row.becomes for row in table if row.becomes not in base]] = True
    # What each tile's own row makes it (``rim``: the caller's qualifies(grown, table)).
    rim = (qualifies(grown, table) if rim is None else rim).ravel()
    flat, lone = tiles.ravel(), lone.ravel()
    changed = fallback = 0
    for attempt in range(_CLEAN_PASSES + 1):
        if cells.size == 0:
            break
        nb, inside = _around(cells, h, w)       # the 8 neighbours
        kinds = np.where(inside, flat[nb], np.uint8(FRAME))
        ok = inside & ~lone[nb]                 # in the map and not lone
        if attempt < _CLEAN_PASSES:  # the last pass is the documented fallback: any neighbour
            # A transition type only comes from a tile its own row made (a rim tile).
            fitting = ~is_transition[kinds] | (rim[nb] == kinds)
            ok &= fitting
        draw = rng.integers(1, 1 << 30, size=nb.shape, dtype=np.int64)
        pick = np.argmax(np.where(ok, draw, 0), axis=1)
        can = ok.any(axis=1)
        fixed = np.flatnonzero(can)
        flat[cells[fixed]] = kinds[fixed, pick[fixed]]
        lone[cells[fixed]] = False
        changed += int(fixed.size)
        fallback = int(fixed.size) if attempt == _CLEAN_PASSES else 0
        # No tile ever becomes lone, so the next pass's lone tiles are those left
        # here that still have no neighbour of their type: only they are looked at.
        rest = cells[~can]
        nb, inside = _around(rest, h, w)
        alone = ~(inside & (flat[nb] == flat[rest][:, None])).any(axis=1)
        lone[rest[~alone]] = False
        cells = rest[alone]
    return tiles, changed, fallback


# ----------------------------------------------------------------------------- generator


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
    ground_rng = seeding.rng(seed, "ground")
    octaves = []
    for cell in _octave_cells(spacing):
        octaves.append(_value_noise(ground_rng, height, width, cell))
        yield Progress("growth", 0.0)
    thresholds = ground_thresholds(octaves, p.spread, p.rough)
    yield Progress("growth", 0.0)
    delays = yield from growth_delays_steps(thresholds, seeding.rng(seed, "delays"),
                                            tick=lambda: Progress("growth", 0.0))
    padded = pad_frame(seeds_map)
    grid = padded.ravel()
    view = padded[1:-1, 1:-1]
    total = width * height
    filled = n
    loops = 0
    for claimed in grow(grid, padded_index(cells, width), delays, width, seeding.rng(seed, "growth")):
        loops += 1
        filled += claimed
        yield Progress("growth", filled / total, preview=Stage("growth", view, info={"loop": loops}))
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
    counts_by_tile = _byte_counts(terrain)
    yield Stage("terrain", terrain,
                info={"loops": loops, "lone_fixed": fixed, "lone_fallback": fallback,
                      "seed_counts": by_type,
                      "tiles": {TILES[t].name: int(c) for t, c in enumerate(counts_by_tile) if c}})


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
))
