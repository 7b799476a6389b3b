"""Start and exit at the two ends of a long walk; spawn points away from the start."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from worldgen.core.pacing import Tick, bands, pause
from worldgen.core.registry import Progress
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import grid
from worldgen.toolkit.promises import STAIRS_CLEAR_OF_DEEP, min_exit_steps
from .params import MosaicParams
from .repair import distances, is_land

__all__ = ["place_points"]


def place_points(rng: np.random.Generator, tiles: np.ndarray, p: MosaicParams,
                 tick: Tick = None) -> Iterator[Progress]:
    """``points, facts = yield from place_points(...)``; ``facts`` holds
    ``exit_steps`` and ``stairs_on`` (``"land"``, ``"shallows"`` or ``"water"``).

    Two sweeps on foot (:data:`worldgen.toolkit.grid.WALK`, the game's 8-way steps):
    the floor cell farthest from a random floor cell is the start, the floor
    cell farthest from the start the exit.  Floor is land (ground or sand);
    should a map have fewer than two land cells, walkable cells with no deep
    water within 2 tiles (:func:`~worldgen.generators.mosaic.repair.shore_up` makes
    them), or should the land exit lie nearer than ``promises.min_exit_steps``
    (``stairs_on`` is then ``"shallows"``); should even those lie nearer,
    walkable cells beside no deep water (``"water"``: an islet whose shallows
    all touch the lake).  See :data:`worldgen.toolkit.promises.STAIRS_CLEAR_OF_DEEP`.
    Yields ``tick()`` between pieces of work, when given.
    """
    walk = WALKABLE[tiles]
    yield from pause(tick)
    floor = is_land(tiles)
    stairs_on = "land"
    if np.count_nonzero(floor) < 2:
        stairs_on = "shallows"
        clear_by = STAIRS_CLEAR_OF_DEEP[stairs_on]
        floor = walk & (grid.neighbour_count(tiles == T.deep_water, clear_by, include_centre=True) == 0)
    yield from pause(tick)
    cells = np.flatnonzero(floor)
    w = tiles.shape[1]
    probe = int(cells[int(rng.integers(cells.size))])
    yield from pause(tick)
    dist = yield from distances(walk, [divmod(probe, w)], grid.WALK, tick)
    yield from pause(tick)
    start = int(np.argmax(np.where(floor, dist, -1)))
    yield from pause(tick)
    dist = yield from distances(walk, [divmod(start, w)], grid.WALK, tick)
    yield from pause(tick)
    exit_ = int(np.argmax(np.where(floor, dist, -1)))
    need = min_exit_steps(w, tiles.shape[0])
    for tier, clear_by in STAIRS_CLEAR_OF_DEEP.items():
        if dist.ravel()[exit_] >= need:
            break
        # Too little land for the stairs to stand apart: walkable tiles this far
        # from deep water too (an islet whose shallows all touch the lake: 1).
        clear = walk & (grid.neighbour_count(tiles == T.deep_water, clear_by, include_centre=True) == 0)
        wider = np.where(floor | clear, dist, -1)
        if wider.max() > dist.ravel()[exit_]:
            floor, stairs_on = floor | clear, tier
            exit_ = int(np.argmax(wider))
    yield from pause(tick)
    n_walk = int(np.count_nonzero(dist >= 0))
    yield from pause(tick)
    # Spawn candidates, a band of rows at a time (one flatnonzero over the map
    # allocates ~5 MB: up to 12 ms of page faults on a loaded machine).
    parts = []
    for r0, r1 in bands(*tiles.shape, tick):
        part = np.flatnonzero(floor[r0:r1] & (dist[r0:r1] >= max(p.safe, 1))) + r0 * w
        parts.append(part[part != exit_])
        yield from pause(tick)
    cand = np.concatenate(parts)
    yield from pause(tick)
    monsters, items = grid.pick_cells(rng, cand, (int(p.monsters * n_walk / 1000.0),
                                                  int(p.items * n_walk / 1000.0)))
    points = {name: grid.flat_to_points(flat, w) for name, flat in
              (("start", [start]), ("exit", [exit_]), ("monsters", monsters), ("items", items))}
    return points, {"exit_steps": int(dist.ravel()[exit_]), "stairs_on": stairs_on}
