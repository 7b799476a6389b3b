"""Dungeon features: statues, furniture, fountains, altars and traps, put on
a finished dungeon map (the rooms source text's plans for a level's dressing).

Two ways to dress a map, with the same rules: :func:`place` on the tile
array (numpy masks, in bands; caverns and mosaic) and :func:`place_bits` on
bitsets (:class:`~worldgen.toolkit.bitgrid.BitGrid`; the rooms generator, whose small
maps it dresses in a few dozen microseconds where numpy calls cost hundreds).

Features that block the way stand only on *interior* floor, a cell whose 8
neighbours are all floor, and never next to another: the ring around each is
then all floor, so no walk is ever cut (with 8-way or 4-way steps alike) and
the map stays one piece.  A feature can make a diagonal walk through its
cell one step longer, so generators dress a map before they choose the exit
and the spawn points, measuring on the dressed map.  Traps are walkable and
lie on plain floor not beside a feature.  Nothing stands on or next to a cell
in ``keep``.

``density`` scales both counts: at 1 there is about one blocking feature per
:data:`FLOOR_PER_FEATURE` interior cells and one trap per
:data:`FLOOR_PER_TRAP` floor cells.  The kind of each feature is drawn from
:data:`WEIGHTS` (a statue blocks sight, a table only the way, a fountain heals
once, an altar names what the player carries; the game gives them meaning).

The map is dressed in bands of about :data:`BAND_CELLS` cells (at most
:data:`BAND` rows, at least :data:`MIN_BAND_ROWS`: a 2000-wide map gets bands
of 65 rows, so wide maps do not make long steps), each with its own random
stream (so the result does not depend on how the work is sliced) and none
using its first or last row (so features of two bands never touch); the
generator yields :class:`~worldgen.core.registry.Progress` between bands and
halfway through each.

>>> import numpy as np
>>> from worldgen.core.tiles import T
>>> tiles = np.full((12, 16), T.floor, np.uint8); tiles[[0, -1], :] = T.wall; tiles[:, [0, -1]] = T.wall
>>> try:  # a map of one band is dressed without a yield
...     next(place(tiles, 1, np.zeros_like(tiles, bool), density=8.0))
... except StopIteration as done:
...     info = done.value
>>> info["features"] > 0 and int(np.isin(tiles, FEATURE_TILES).sum()) == info["features"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Progress, Stage, param
from worldgen.core.tiles import T
from . import grid
from .bitgrid import BitGrid

__all__ = ["place", "place_bits", "sample_cells", "shuffled", "BITS_STEPS", "density_param", "IS_FEATURE", "FEATURE_TILES", "WEIGHTS", "FLOOR_PER_FEATURE", "FLOOR_PER_TRAP", "BAND",
           "BAND_CELLS", "MIN_BAND_ROWS", "band_rows"]

FLOOR_PER_FEATURE = 90
FLOOR_PER_TRAP = 300
BAND = 128  # at most this many rows dressed between two yields
BAND_CELLS = 1 << 17  # about this many cells dressed between two yields (maps up to 1024 wide: BAND rows)
MIN_BAND_ROWS = 8
#: (tile, weight) of the blocking features.
WEIGHTS = ((T.statue, 35), (T.table, 30), (T.fountain, 20), (T.altar, 15))
FEATURE_TILES = tuple(t for t, _ in WEIGHTS)
_FLOORLIKE = (T.floor, T.ground)
#: Candidates :func:`place_bits` tries between two yields (a 400x400 map at
#: the top density tries tens of thousands, about 2 ms per 4096).
BITS_STEPS = 4096


def _lookup(tiles: tuple[int, ...]) -> np.ndarray:
    """A 256-entry ``bool`` table: ``table[part]`` is ``np.isin(part, tiles)``
    for a ``uint8`` map, in one indexing step."""
    table = np.zeros(256, dtype=bool)
    table[list(tiles)] = True
    return table


_WEIGHT_SUMS = np.cumsum([w_ for _, w_ in WEIGHTS])
_KINDS_TABLE = np.array(FEATURE_TILES, dtype=np.uint8)
IS_FLOORLIKE = _lookup(_FLOORLIKE)
#: ``IS_FEATURE[tiles]``: where the blocking features stand.
IS_FEATURE = _lookup(FEATURE_TILES)
#: ``_KIND_OF[int(u * len(_KIND_OF))]``: a feature tile drawn by :data:`WEIGHTS`.
_KIND_OF = tuple(int(t) for t, weight in WEIGHTS for _ in range(weight))


def place(tiles: np.ndarray, seed: int, keep: np.ndarray, density: float = 1.0,
          stage: str = "final", shown: Stage | None = None) -> Iterator[Progress]:
    """``info = yield from place(...)``: features and traps on ``tiles``
    (changed in place), drawn from ``seed``; ``info`` holds the counts for
    the stage's ``info``.  ``keep``: cells whose 3x3 stays clear.  Progress
    (on maps over one band, :func:`band_rows`) is in ``stage``, showing ``shown``.

    Masks come from lookup tables and 3x3 box tests (a few numpy calls each:
    on a 79x29 map the calls' overhead is most of the cost)."""
    h, w = tiles.shape
    n_features = n_traps = 0
    weights = _WEIGHT_SUMS
    rows = band_rows(w)
    for band, y0 in enumerate(range(0, h, rows)):
        y1 = min(h, y0 + rows)
        rng = seeding.rng(seed, "features", band)
        lo, hi = max(0, y0 - 1), min(h, y1 + 1)  # with a halo row each side
        part = tiles[lo:hi]
        floor = IS_FLOORLIKE[part]
        clear = floor.copy()
        clear[:y0 - lo + 1] = False  # not the band's own first or last row
        clear[y1 - lo - 1:] = False
        near_keep = keep[lo:hi]
        if near_keep.any():
            clear &= ~grid.dilate(near_keep)
        # interior: clear (so floor) with all 8 neighbours floor
        interior = clear & grid.erode(floor)
        want = int(density * np.count_nonzero(interior) / FLOOR_PER_FEATURE)
        chosen = _spaced(interior, want, rng)
        kinds = np.searchsorted(weights, rng.integers(0, int(weights[-1]), chosen.size), side="right")
        part.flat[chosen] = _KINDS_TABLE[kinds]
        if h > rows:  # a sliced map: half a band between two yields
            yield Progress(stage, (y0 + y1) / (2 * h), shown)
        # plain floor not beside a feature (a feature cell is not floor-like)
        open_floor = clear & IS_FLOORLIKE[part] & ~grid.dilate(IS_FEATURE[part])
        cells = np.flatnonzero(open_floor)
        k = min(cells.size, int(density * np.count_nonzero(floor[y0 - lo:y1 - lo]) / FLOOR_PER_TRAP))
        if k:
            part.flat[rng.choice(cells, k, replace=False)] = T.trap
        n_features += int(chosen.size)
        n_traps += k
        if h > rows:
            yield Progress(stage, y1 / h, shown)
    return {"features": n_features, "traps": n_traps}


def place_bits(g: BitGrid, tiles: np.ndarray, floor: int, keep: int, u: Callable[[], float],
               density: float = 1.0, stage: str = "final",
               shown: Stage | None = None) -> Iterator[Progress]:
    """``info, blocking, traps = yield from place_bits(...)``: :func:`place`'s
    rules on bitsets.  ``floor``: the floor-like cells (:data:`IS_FLOORLIKE`)
    of ``tiles`` as bits; ``keep``: bits whose 3x3 stays clear; ``u``: uniform
    floats in [0, 1).  Writes the features and traps into ``tiles`` and returns
    the counts (``info``) and where they stand (bits).

    No bands: interior cells are tried in a random order (a partial shuffle,
    one draw each) and each is taken unless it is next to one taken before, up
    to the number :func:`place` would want; traps are a random choice of the
    plain floor left.  Yields ``Progress(stage, ...)`` every
    :data:`BITS_STEPS` cells tried.

    >>> from worldgen.generators.rooms.draw import Draw
    >>> tiles = np.full((12, 16), T.floor, np.uint8); tiles[[0, -1], :] = T.wall; tiles[:, [0, -1]] = T.wall
    >>> g = BitGrid(16, 12)
    >>> try:
    ...     next(place_bits(g, tiles, g.from_mask(tiles == T.floor), 0, Draw(np.random.default_rng(1)).u, 8.0))
    ... except StopIteration as done:
    ...     info, blocking, traps = done.value
    >>> info["features"] == blocking.bit_count() == int(np.isin(tiles, FEATURE_TILES).sum()) > 0
    True
    """
    clear = floor & g.inner & ~g.dilate(keep)
    interior = clear & ~g.dilate(g.all & ~floor)
    want = int(density * interior.bit_count() / FLOOR_PER_FEATURE)
    flat = tiles.reshape(-1)
    chosen = yield from _shuffled_pick(g, interior, want, u, True, stage, shown)
    if chosen:
        kinds = _KIND_OF
        flat[chosen] = [kinds[int(u() * len(kinds))] for _ in chosen]
    blocking = g.from_indices(chosen)
    open_floor = clear & ~g.dilate(blocking)
    n_traps = min(open_floor.bit_count(), int(density * floor.bit_count() / FLOOR_PER_TRAP))
    traps = yield from _shuffled_pick(g, open_floor, n_traps, u, False, stage, shown)
    if traps:
        flat[traps] = T.trap
    return {"features": len(chosen), "traps": len(traps)}, blocking, g.from_indices(traps)


def _shuffled_pick(g: BitGrid, bits: int, n: int, u: Callable[[], float], spaced: bool,
                   stage: str, shown: Stage | None) -> Iterator[Progress]:
    """``cells = yield from ...``: up to ``n`` flat cells of ``bits`` in a random
    order (a partial Fisher-Yates shuffle, :func:`sample_cells`); when
    ``spaced``, a cell next to one taken is skipped (cells of ``bits`` must
    then be off the map's edge).  Without it, no yield: ``n`` traps are a few
    thousand at most, a millisecond."""
    if n <= 0:
        return []
    cells = g.indices(bits)
    if not spaced:
        return sample_cells(cells, n, u)
    w = g.w
    near = bytearray(g.n)
    taken = []
    for t, c in enumerate(shuffled(cells, u)):
        if t % BITS_STEPS == BITS_STEPS - 1:
            yield Progress(stage, 0.5, shown)
        if near[c]:
            continue
        # nine item writes (a slice write into a bytearray costs a microsecond)
        near[c - w - 1] = near[c - w] = near[c - w + 1] = near[c - 1] = near[c] = near[c + 1] = \
            near[c + w - 1] = near[c + w] = near[c + w + 1] = 1
        taken.append(c)
        if len(taken) == n:
            break
    return taken


def shuffled(cells: np.ndarray, u: Callable[[], float]) -> Iterator[int]:
    """``cells`` in a random order, drawn one at a time, one draw of ``u``
    each: a partial Fisher-Yates shuffle whose swaps go into a dict (only the
    cells drawn become Python ints: making all of them costs more when a
    few of many are drawn).  Stop early and the draws stop too.

    >>> from worldgen.generators.rooms.draw import Draw
    >>> sorted(shuffled(np.arange(5), Draw(np.random.default_rng(0)).u))
    [0, 1, 2, 3, 4]
    """
    item, m = cells.item, len(cells)
    moved: dict[int, int] = {}
    for t in range(m):
        j = t + int(u() * (m - t))
        c = moved.get(j)
        if j != t:
            c_t = moved.get(t)
            moved[j] = item(t) if c_t is None else c_t
        yield item(j) if c is None else c


def sample_cells(cells: np.ndarray, k: int, u: Callable[[], float]) -> list[int]:
    """Up to ``k`` distinct ``cells`` in a random order, one draw of ``u``
    each: the first ``k`` of :func:`shuffled`.

    >>> from worldgen.generators.rooms.draw import Draw
    >>> got = sample_cells(np.arange(10), 4, Draw(np.random.default_rng(0)).u)
    >>> len(set(got)) == 4 and set(got) <= set(range(10))
    True
    """
    return list(islice(shuffled(cells, u), max(k, 0)))


def density_param() -> float:
    """The ``features`` parameter of every generator that dresses its maps here
    (a dataclass field: one per class, so a function, not a constant)."""
    return param(1.0, 0.0, 8.0, "statues, furniture, fountains, altars and traps "
                 "(worldgen.toolkit.features): 1 is the usual number, 0 none")


def band_rows(width: int) -> int:
    """Rows per band for a map ``width`` wide: about :data:`BAND_CELLS` cells.

    >>> band_rows(96), band_rows(1000), band_rows(2000), band_rows(100_000)
    (128, 128, 65, 8)
    """
    return max(MIN_BAND_ROWS, min(BAND, BAND_CELLS // max(width, 1)))


def _spaced(candidates: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    """Up to ``n`` flat indices of ``candidates`` (a bool mask), none in
    another's 8-neighbourhood: each candidate draws a priority, those above
    every other candidate around them are kept (an independent set, in whole
    arrays), and the ``n`` of highest priority are taken."""
    if n <= 0 or not candidates.any():
        return np.zeros(0, dtype=np.intp)
    priority = np.where(candidates, rng.random(candidates.shape), -1.0)
    h, w = candidates.shape
    pad = np.full((h + 2, w + 2), -1.0)
    pad[1:-1, 1:-1] = priority
    best = np.full(candidates.shape, -1.0)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            if (dy, dx) != (1, 1):
                np.maximum(best, pad[dy:dy + h, dx:dx + w], out=best)
    winners = np.flatnonzero(candidates & (priority > best))
    order = np.argsort(-priority.ravel()[winners], kind="stable")
    return np.sort(winners[order[:n]])
