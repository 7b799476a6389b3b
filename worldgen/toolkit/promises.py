"""What each generator promises about its finished map: one check per promise.

A promise reads only the final stage (its tiles, through :data:`~worldgen.core.tiles.WALKABLE`,
and its points) and the request's parameters, so it holds for any generator
that makes a map of the kind, whoever wrote it.  Each check returns ``None``
when the promise is kept, else one line saying how it was broken.
Each generator's spec names the promises that apply
(``GeneratorSpec.promises``: :data:`DUNGEON`, :data:`ISLAND`,
:data:`BIOMES`); the property tests (``tests/test_promises.py``) and
``python -m worldgen sweep`` (:mod:`worldgen.tools.sweep`) read them there.

Distances are counted on foot, by the game's movement rule
(:data:`worldgen.toolkit.grid.WALK`, :func:`worldgen.toolkit.grid.walk_distance`).

>>> from worldgen.core.registry import generate
>>> r = generate("caverns", "doc", 48, 32)
>>> broken(r.last, r.params, "caverns")
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from worldgen.core import registry
from worldgen.core.registry import ParamError, Promise, Stage
from worldgen.core.tiles import WALKABLE, T
from . import grid

__all__ = [
    "Promise", "DUNGEON", "ISLAND", "BIOMES", "min_floor_tiles", "min_exit_steps", "broken", "check_request",
    "WATER_TOLERANCE", "STAIR_GROUND", "STAIRS_CLEAR_OF_DEEP",
]

#: How far an island's water share may stray from the ``water`` parameter.
WATER_TOLERANCE = 0.02
_WATER = np.zeros(len(WALKABLE), dtype=bool)
_WATER[[T.deep_water, T.shallow_water]] = True


def min_floor_tiles(width: int, height: int) -> int:
    """Walkable tiles a dungeon needs at least: a corridor across its smaller side.

    >>> min_floor_tiles(96, 64)
    62
    """
    return max(2, min(width, height) - 2)


def min_exit_steps(width: int, height: int) -> int:
    """Steps on foot the exit lies at least from the start: a quarter of the smaller side.

    >>> min_exit_steps(96, 64)
    16
    """
    return max(1, min(width, height) // 4)


# --------------------------------------------------------------------------- the checks

def _point(stage: Stage, name: str) -> tuple[int, int] | None:
    """``(y, x)`` of a one-point set, or None when it is missing or not one point."""
    pts = np.asarray(stage.points.get(name, np.zeros((0, 2))))
    if pts.shape != (1, 2):
        return None
    return int(pts[0, 1]), int(pts[0, 0])


def _walk_from_start(stage: Stage) -> tuple[np.ndarray, np.ndarray] | None:
    """``(walkable mask, steps from the start)``; None without a start."""
    start = _point(stage, "start")
    if start is None:
        return None
    walk = WALKABLE[stage.data]
    return walk, grid.walk_distance(walk, [start])


def connected(stage: Stage, params: Any) -> str | None:
    """Every walkable tile can be walked to from the start."""
    found = _walk_from_start(stage)
    if found is None:
        return "no single start point"
    walk, dist = found
    cut = int(np.count_nonzero(walk & (dist < 0)))
    return f"{cut} walkable tiles cannot be reached from the start" if cut else None


def exit_reachable(stage: Stage, params: Any) -> str | None:
    """The exit stands on a walkable tile reachable from the start."""
    found, end = _walk_from_start(stage), _point(stage, "exit")
    if found is None or end is None:
        return "no single start and exit point"
    walk, dist = found
    if not walk[end] or dist[end] < 0:
        return f"the exit at {end[::-1]} cannot be reached from the start"
    return None


#: Tiles stairs may stand on: plain ground, not a door, water or a trap.
STAIR_GROUND = (T.floor, T.ground, T.sand, T.stairs_up, T.stairs_down)

#: Where a map with too little land (mosaic's ``info["stairs_on"]``) may put its
#: stairs, tried in order: walkable tiles with no deep water within this many
#: tiles.  Never beside deep water, which stays ringed by water.
STAIRS_CLEAR_OF_DEEP = {"shallows": 2, "water": 1}


def exit_farthest(stage: Stage, params: Any) -> str | None:
    """No tile the stairs could stand on (:data:`STAIR_GROUND`; on a map whose
    ``info`` says its stairs had to leave the land, also the walkable tiles
    :data:`STAIRS_CLEAR_OF_DEEP` allows) that is reachable from the start is farther from
    it than the exit."""
    found, end = _walk_from_start(stage), _point(stage, "exit")
    if found is None or end is None:
        return "no single start and exit point"
    walk, dist = found
    ground = np.isin(stage.data, STAIR_GROUND)
    clear_by = STAIRS_CLEAR_OF_DEEP.get(stage.info.get("stairs_on"))
    if clear_by:  # also walkable tiles that far from deep water
        ground |= walk & (grid.neighbour_count(stage.data == T.deep_water, clear_by, include_centre=True) == 0)
    far = int(dist[ground].max())
    return None if dist[end] == far else f"the exit is {int(dist[end])} steps away, the farthest tile {far}"


def exit_far(stage: Stage, params: Any) -> str | None:
    """The exit is at least :func:`min_exit_steps` steps from the start."""
    found, end = _walk_from_start(stage), _point(stage, "exit")
    if found is None or end is None:
        return "no single start and exit point"
    need = min_exit_steps(stage.data.shape[1], stage.data.shape[0])
    steps = int(found[1][end])
    return None if steps >= need else f"the exit is {steps} steps from the start (need {need})"


def start_not_exit(stage: Stage, params: Any) -> str | None:
    """The start and the exit are two different tiles."""
    start, end = _point(stage, "start"), _point(stage, "exit")
    if start is None or end is None:
        return "no single start and exit point"
    return "the start is the exit" if start == end else None


def min_floor(stage: Stage, params: Any) -> str | None:
    """At least :func:`min_floor_tiles` walkable tiles."""
    h, w = stage.data.shape
    have, need = int(np.count_nonzero(WALKABLE[stage.data])), min_floor_tiles(w, h)
    return None if have >= need else f"{have} walkable tiles (need {need})"


def water_fraction(stage: Stage, params: Any) -> str | None:
    """The share of water tiles is within :data:`WATER_TOLERANCE` of ``params.water``."""
    share = float(np.count_nonzero(_WATER[stage.data])) / stage.data.size
    if abs(share - params.water) <= WATER_TOLERANCE:
        return None
    return f"water covers {share:.3f} of the map, {params.water:.3f} was asked for"


def no_land_on_edge(stage: Stage, params: Any) -> str | None:
    """Every tile of the outer ring is water."""
    ring = stage.data[grid.border_mask(stage.data.shape)]
    land = int(np.count_nonzero(~_WATER[ring]))
    return f"{land} land tiles on the edge" if land else None


def no_lone_tiles(stage: Stage, params: Any) -> str | None:
    """Every tile has an 8-neighbour of its own type."""
    tiles = stage.data
    h, w = tiles.shape
    padded = np.full((h + 2, w + 2), 255, dtype=np.uint8)
    padded[1:-1, 1:-1] = tiles
    alone = np.ones((h, w), dtype=bool)
    for dy, dx in grid.offsets(8):
        alone &= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] != tiles
    lone = int(np.count_nonzero(alone))
    return f"{lone} lone tiles" if lone else None


#: The promises of a dungeon the game plays (caverns, mosaic, rooms: their specs name them).
DUNGEON = tuple(Promise.of(f) for f in (connected, exit_reachable, exit_farthest, exit_far, start_not_exit, min_floor))
#: The island's promises: the water share asked for, and no land on the edge.
ISLAND = (Promise.of(water_fraction), Promise.of(no_land_on_edge))
#: The biomes' promise: no lone tile.
BIOMES = (Promise.of(no_lone_tiles),)


def broken(stage: Stage, params: Any, generator: str) -> dict[str, str]:
    """``{promise name: what broke}`` for one finished stage of ``generator``,
    checking the promises its spec names (empty: all kept; a name no spec
    has keeps no promises)."""
    spec = registry.REGISTRY.get(generator)
    out = {}
    for promise in spec.promises if spec is not None else ():
        message = promise.check(stage, params)
        if message is not None:
            out[promise.name] = message
    return out


def check_request(name: str, seed: str | int, width: int, height: int,
                  values: Mapping[str, Any] | None = None) -> tuple[dict[str, str], str | None]:
    """Run one request: ``(broken promises, refusal)``.

    A request the generator refuses (:class:`~worldgen.core.registry.ParamError`,
    one line naming the parameters in conflict) breaks no promise; the
    refusal's message is returned instead.
    """
    spec = registry.get(name)
    try:
        result = registry.generate(name, seed, width, height, dict(values or {}))
    except ParamError as exc:
        return {}, str(exc)
    return broken(result.stages[spec.final_stage], result.params, name), None
