"""The mosaic generator as the list of its stages: mask, styles, water, final, reachability."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from worldgen.core import seeding
from worldgen.core.pacing import Pace, pause
from worldgen.core.registry import DUNGEON_POINTS, GeneratorSpec, Progress, Stage, register
from worldgen.core.tiles import T
from worldgen.toolkit import features, promises, terrain, vaults
from .coast import coast_rule
from .mask import area_shapes, make_mask
from .params import BIG, MIN_WALKABLE, WALKER, MosaicParams
from .points import place_points
from .repair import reachability_steps, regions, repair, shore_up
from .style import MARGIN, boxes, fill_area
from .styles import assign, style_phases
from .work import Plan, plan, work

__all__ = ["run", "SPEC"]


def run(seed: int, width: int, height: int, p: MosaicParams) -> Iterator[Stage | Progress]:
    """Yield the stages mask, styles, water, final, reachability (see the package doc)."""
    h, w = height, width
    big = h * w >= BIG

    # mask: shapes added modulo the area count, smoothed.
    mask, kinds, shapes = yield from make_mask(seeding.rng(seed, "mask"), h, w, p)
    n = p.areas + 1
    area_tiles = np.bincount(mask.ravel(), minlength=n)
    yield Stage("mask", mask.astype(np.float32), kind="layer", vrange=(0.0, float(p.areas)),
                info={"areas": p.areas, "area_tiles": area_tiles.tolist(), "shapes": shapes})

    # styles, then water: styles sorted by their declared phase; phase 0 is the
    # "styles" stage, the rest (styles that read their neighbours) the "water" stage.
    styles = assign(seeding.rng(seed, "assign"), p)
    phase = style_phases([s.name for s in styles])
    order = sorted(range(n), key=lambda a: (phase[styles[a].name], a))
    run_order = [styles[a].name for a in order]
    area_boxes = yield from boxes(mask, n, MARGIN, (lambda: Progress("styles", 0.0)) if big else None)
    tiles = np.zeros((h, w), dtype=np.uint8)  # void until an area is filled
    for stage, areas in (("styles", [a for a in order if phase[styles[a].name] == 0]),
                         ("water", [a for a in order if phase[styles[a].name] > 0])):
        for rank, a in enumerate(areas):
            if area_boxes[a] is None:
                continue

            def report(done, shown, stage=stage, rank=rank, count=len(areas)):
                return Progress(stage, (rank + done) / count, Stage(stage, shown))

            def tick(stage=stage, rank=rank, count=len(areas)):
                return Progress(stage, rank / count)

            yield from fill_area(seed, tiles, mask, a, styles, area_boxes[a], p,
                                 report if big else None, tick if big else None)
        if stage == "water":
            yield from coast_rule(tiles, (lambda: Progress("water", 1.0)) if big else None)
        yield Stage(stage, tiles.copy(), info={"order": run_order})

    # reachability on the unrepaired map (the debug view), then final: the repair,
    # start and exit, spawn points.  Its pieces are parted by an event on any
    # map (together they are 2 ms at the game's largest dungeon); inside them
    # the work is cut finer on big maps only.
    def tick(done: float, shown: Stage):
        return (lambda: Progress("final", done, shown)) if big else None

    labels, count, main = yield from regions(tiles, tick(0.1, Stage("water", tiles)))
    reach, cut_off = yield from reachability_steps(tiles, labels, main,
                                                   tick(0.2, Stage("water", tiles)))
    reach_info = {"regions": int(count), "unreachable_tiles": cut_off, "walker": WALKER}
    yield Progress("final", 0.25, Stage("reachability", reach))
    shown = tick(0.25, Stage("reachability", reach))
    min_walkable = math.ceil(MIN_WALKABLE * (h - 2) * (w - 2))
    repaired = yield from repair(tiles, mask, styles, labels, count, main, p.pocket, min_walkable,
                                 shown)
    repaired["shallowed_tiles"] = yield from shore_up(tiles, min_walkable, shown)
    yield Progress("final", 0.5, Stage("final", tiles))
    laid = yield from _terrain(tiles, seed, mask, styles, plan(w, h, p), shown)
    dressed = yield from features.place(tiles, seed, np.zeros(tiles.shape, bool), p.features)
    yield Progress("final", 0.6, Stage("final", tiles))
    # Two walks over the map, each about a millisecond at 84x52: events between them on any map.
    points, facts = yield from place_points(seeding.rng(seed, "points"), tiles, p,
                                            lambda: Progress("final", 0.75, Stage("final", tiles)))
    facts.update(dressed)
    (sx, sy), (ex, ey) = points["start"][0], points["exit"][0]
    tiles[sy, sx] = T.stairs_up
    tiles[ey, ex] = T.stairs_down
    rng = seeding.rng(seed, "vaults")
    carved = yield from Pace().at("final", Stage("final", tiles)).relay(
        vaults.carve_steps(tiles, rng, vaults.pick_designs(rng, p.vaults)), lambda done: 0.9)
    points.update(vaults.points_of(carved))
    facts.update(terrain=laid, vaults=carved)
    shapes_of = yield from area_shapes(mask, kinds, n, tick(0.9, Stage("final", tiles)))
    area_list = [{"index": a, "shape": shapes_of[a], "style": styles[a].name,
                  "tiles": int(area_tiles[a])} for a in range(n)]
    yield Stage("final", tiles, points=points,
                info={"preset": p.preset, "areas": area_list, "order": run_order,
                      "repair": repaired, **facts, "walker": WALKER})
    yield Stage("reachability", reach, info=reach_info)


#: Which styles' areas hold each pool kind, and doors (the source's styles
#: "with water as a minor element", caves, ruins: "artificial structures").
POOL_STYLES = {"lake": ("caves", "garden"), "chasm": ("caves", "noise", "ruins"),
               "meadow": ("garden", "noise", "caves")}
DOOR_STYLES = ("ruins", "garden")


def _terrain(tiles: np.ndarray, seed: int, mask: np.ndarray, styles: list, cut: Plan, shown):
    """``info = yield from _terrain(...)``: pools inside the areas whose style
    allows them (:data:`POOL_STYLES`; each pool inside one area, bridges kept
    4-way as the map's walker is), then doors at chokepoints of ruins and
    gardens (:mod:`worldgen.toolkit.terrain`); as many as ``cut`` (the work
    budget's :class:`~.work.Plan`) says."""
    rng = seeding.rng(seed, "terrain")
    keep = np.zeros(tiles.shape, bool)
    names = np.array([s.name for s in styles])
    info = {"bridges": 0}
    area = tiles.size
    for kind in ("lake", "chasm", "meadow"):
        allowed = np.isin(names, POOL_STYLES[kind])

        def region(y0, y1, x0, x1, cy, cx, allowed=allowed):
            here = mask[cy, cx]
            return (mask[y0:y1, x0:x1] == here) & bool(allowed[here])

        wanted = [(kind, cut.pools[kind])] if cut.pools.get(kind) else []
        laid = yield from terrain.pools(tiles, rng, wanted, keep, region, 4, area // 8, "final", Stage("final", tiles))
        info[kind] = laid[kind]
        info["bridges"] += laid["bridges"]
    door_areas = np.isin(names, DOOR_STYLES)
    info["doors"] = terrain.doors(tiles, rng, cut.doors, keep, lambda y, x: bool(door_areas[mask[y, x]]))
    yield from pause(shown)
    return info


SPEC = register(GeneratorSpec(
    name="mosaic",
    title="Mosaic of styles",
    summary="a master mask of shapes splits the map into areas, each filled by a style "
            "(caves, noise, garden, ruins, water with coast and beach).",
    stages=("mask", "styles", "water", "final", "reachability"),
    params=MosaicParams,
    run=run,
    default_size=(100, 100),
    min_size=(24, 24),
    max_size=(1000, 1000),
    bench_sizes=((100, 100), (500, 500)),
    source="001_581d00a80fea3b23.txt",
    final="final",
    kind="dungeon",
    work=work,
    points=DUNGEON_POINTS + vaults.POINTS,
    promises=promises.DUNGEON,
    terrains=(T.forest, T.swamp, T.shallow_water),
    colour=(90, 130, 90),
))
