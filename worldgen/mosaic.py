"""Mosaic: a master mask of shapes splits the map into areas, each filled by a style.

After Url-RL's map generator (source ``001_581d00a80fea3b23.txt``):

1. ``mask``: shapes are drawn into an index map and *added* modulo the number
   of areas (a shape never erases what lies under it, it shifts it), then the
   area borders are smoothed by a majority filter.  ``wild`` draws ellipses and
   triangles, ``civilized`` rectangles and triangles.  The outer ring is area 0
   with the fixed style ``border``.
2. ``styles``: every area gets a style (a small generation algorithm) drawn
   without replacement from the preset's weighted table, so a map shows a few
   of several styles.  Styles run in the order their ``after`` declarations
   give (a phase number each); the ``styles`` stage is the map once every
   phase-0 style has run (areas still waiting are ``void``).
3. ``water``: the later phases, i.e. ``water``, which reads its neighbours:
   the land next to it first gets a sand beach (the improvement the source's
   author wanted), then the water decides its depth and a coast that adapts
   to the ground or wall beside it.  Deep water is never next to anything but
   water, nor within 2 tiles of walkable land.
4. ``final``: the map for the game.  Walkable pockets cut off from the largest
   walkable region are *filled* with their style's solid tile when small and
   touching no water area, otherwise *joined* by digging the shortest path to
   the main region (a ford of shallow water through water areas, ground
   elsewhere).  Stairs mark the start and the exit.
5. ``reachability``: the author's debug view, computed on the ``water`` map
   before the repair: walkable tiles a land walker cannot reach from the
   largest walkable region are ``unreachable`` (red).

A *land walker* steps orthogonally (4-connected) onto walkable tiles: ground,
sand, stairs and shallow water (wading); deep water, walls and hedges stop it.
4-connectivity is the stricter rule, so a map that is one region for it is one
region for a walker that may also step diagonally.

Arrays are indexed ``[y, x]``; points are ``[x, y]`` rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import grid, seeding
from .registry import GeneratorSpec, Progress, Stage, param, register
from .tiles import T, WALKABLE

__all__ = ["MosaicParams", "Style", "Job", "STYLES", "PRESETS", "GARDEN_STAMPS", "parse_stamp",
           "style_phases", "run", "SPEC"]

_MARGIN = 8  # cells of context around an area's box that a style sees
_BIG = 40_000  # from this many cells on, long loops yield Progress events
WALKER = "4-connected steps over walkable tiles; shallow water is waded, deep water is not"


@dataclass(frozen=True)
class MosaicParams:
    preset: str = param("wild", help="wild: ellipses+triangles, organic styles; "
                        "civilized: rectangles+triangles, gardens and ruins",
                        choices=("wild", "civilized"))
    areas: int = param(3, 2, 6, "areas in the master mask (the border is one more)")
    shapes: int = param(16, 1, 40, "shapes drawn into the master mask")
    smooth: int = param(2, 0, 8, "majority-filter passes over the area borders")
    cave_fill: float = param(0.45, 0.35, 0.55, "initial wall fraction of the caves automaton")
    noise_walls: float = param(0.10, 0.0, 0.3, "wall fraction of the noise style")
    beach: int = param(2, 0, 4, "sand beach width (tiles) where land areas meet water")
    pocket: int = param(12, 0, 400, "cut-off walkable pockets smaller than this are filled, "
                        "larger ones (and any touching water) are joined")
    monsters: float = param(3.0, 0.0, 30.0, "monster spawns per 1000 reachable walkable tiles")
    items: float = param(2.0, 0.0, 30.0, "item spawns per 1000 reachable walkable tiles")
    safe: int = param(10, 0, 200, "minimum walking distance of spawns from the start")


# --------------------------------------------------------------------------- styles

@dataclass
class Job:
    """What a style gets: its area inside a crop of the map, and the map so far.

    ``area`` and ``tiles`` cover the same crop (the area's bounding box plus a
    margin, clipped to the map); ``origin`` is the crop's ``(y, x)`` in the
    map, so grid-aligned styles line up across areas.  ``tiles`` is a copy;
    a style returns a new ``uint8`` array of the crop's shape (only the cells
    of ``area`` are used), or a generator that yields ``(fraction, preview)``
    and returns that array.
    """

    rng: np.random.Generator
    area: np.ndarray
    tiles: np.ndarray
    origin: tuple[int, int]
    params: MosaicParams


@dataclass(frozen=True)
class Style:
    """One style: an entry point plus what it declares about itself.

    ``tiles``: every tile it may write.  ``solid``/``dig``: the tile that fills
    a cut-off pocket in it and the tile dug through it to join one.
    ``after``: styles that must already be in the map (the runner sorts by
    them).  ``weights``: pick weight in the (wild, civilized) presets.
    ``beach``: its land takes a sand beach next to water.  ``wet``: it is
    water, so neighbouring ``beach`` land gets its sand before it runs.
    """

    name: str
    fill: Callable[[Job], Any]
    tiles: tuple[int, ...]
    solid: int
    dig: int
    after: tuple[str, ...] = ()
    weights: tuple[int, int] = (0, 0)
    beach: bool = False
    wet: bool = False


def _border(job: Job) -> np.ndarray:
    """The cage: wall everywhere in the (ring-shaped) border area."""
    return np.full(job.area.shape, T.wall, dtype=np.uint8)


def _walls_to_tiles(wall: np.ndarray) -> np.ndarray:
    return np.where(wall, np.uint8(T.wall), np.uint8(T.ground))


def _caves(job: Job) -> Iterator[tuple[float, np.ndarray]]:
    """Cellular automaton caves with RogueBasin's set-up that leaves few pockets:
    4 passes of ``wall if R1 >= 5 or R2 <= 2`` (R1/R2: walls in the 3x3/5x5 box
    including the cell), then 3 passes of ``wall if R1 >= 5``."""
    wall = job.rng.random(job.area.shape) < job.params.cave_fill
    for i in range(7):
        r1 = grid.neighbour_count(wall, 1, include_centre=True, outside=True)
        if i < 4:
            r2 = grid.neighbour_count(wall, 2, include_centre=True, outside=True)
            wall = (r1 >= 5) | (r2 <= 2)
        else:
            wall = r1 >= 5
        yield (i + 1) / 7, _walls_to_tiles(wall)
    return _walls_to_tiles(wall)


def _noise(job: Job) -> np.ndarray:
    """Open ground with a wall tile at ``noise_walls`` probability."""
    return _walls_to_tiles(job.rng.random(job.area.shape) < job.params.noise_walls)


def parse_stamp(text: str) -> np.ndarray:
    """A stamp written as rows of digits, e.g. the source's own example:

    >>> parse_stamp("11111 12221 13231 12221 11111")[:2].tolist()
    [[1, 1, 1, 1, 1], [1, 2, 2, 2, 1]]
    """
    rows = text.split()
    if len({len(r) for r in rows}) != 1 or not all(r.isdigit() for r in rows):
        raise ValueError(f"stamp rows must be digit strings of one length: {text!r}")
    return np.array([[int(c) for c in row] for row in rows], dtype=np.uint8)


#: Digit -> tile for garden stamps: 1 path, 2 hedge, 3 pond (shallow), 4 statue.
_STAMP_TILES = np.array([T.void, T.ground, T.hedge, T.shallow_water, T.wall], dtype=np.uint8)

#: (stamp, weight).  The middle cell of every side is path and every stamp's
#: walkable cells are one region, so a tiled garden is connected (a test checks).
GARDEN_STAMPS: tuple[tuple[str, int], ...] = (
    ("11111 11111 11111 11111 11111", 2),   # lawn
    ("22122 21112 11111 21112 22122", 4),   # parterre
    ("22122 22122 11111 22122 22122", 3),   # crossing paths
    ("11111 22122 11111 22122 11111", 3),   # hedge rows
    ("12121 12121 11111 12121 12121", 3),   # hedge columns
    ("11111 12121 11111 12121 11111", 3),   # four shrubs
    ("11111 12221 13231 12221 11111", 2),   # the source's own stamp: hedge cross, two pools
    ("11111 12221 12321 12121 11111", 1),   # bower with a pool, open to the south
    ("21112 11311 13431 11311 21112", 1),   # fountain: statue in a cross of water
    ("11111 13331 13331 13331 11111", 1),   # pond
    ("11111 11111 11411 11111 11111", 1),   # statue
)
_STAMPS = np.stack([_STAMP_TILES[parse_stamp(s)] for s, _ in GARDEN_STAMPS])
_STAMP_CUM = np.cumsum([w for _, w in GARDEN_STAMPS])


def _garden(job: Job) -> np.ndarray:
    """5x5 stamps picked by weight and tiled grid-wise (grid aligned to the map)."""
    n = _STAMPS.shape[1]
    h, w = job.area.shape
    oy, ox = (int(v) for v in job.rng.integers(0, n, size=2))
    ys = np.arange(h) + job.origin[0] + oy
    xs = np.arange(w) + job.origin[1] + ox
    gy, ry = ys // n - ys[0] // n, ys % n
    gx, rx = xs // n - xs[0] // n, xs % n
    draw = job.rng.integers(0, int(_STAMP_CUM[-1]), size=(int(gy[-1]) + 1, int(gx[-1]) + 1))
    pick = np.searchsorted(_STAMP_CUM, draw, side="right")
    return _STAMPS[pick[gy[:, None], gx[None, :]], ry[:, None], rx[None, :]]


def _ruins(job: Job) -> np.ndarray:
    """Crumbled city blocks: walls on a grid, each segment kept with a door gap."""
    rng = job.rng
    cell = int(rng.integers(7, 11))
    h, w = job.area.shape
    oy, ox = (int(v) for v in rng.integers(0, cell, size=2))
    ys = np.arange(h) + job.origin[0] + oy
    xs = np.arange(w) + job.origin[1] + ox
    by, ry = ys // cell - ys[0] // cell, ys % cell
    bx, rx = xs // cell - xs[0] // cell, xs % cell
    nby, nbx = int(by[-1]) + 1, int(bx[-1]) + 1
    keep_h = rng.random((nby, nbx)) < 0.75
    keep_v = rng.random((nby, nbx)) < 0.75
    door_h = rng.integers(1, cell, size=(nby, nbx))
    door_v = rng.integers(1, cell, size=(nby, nbx))
    B = (by[:, None], bx[None, :])
    wall = (ry[:, None] == 0) & keep_h[B] & (rx[None, :] != door_h[B])
    wall |= (rx[None, :] == 0) & keep_v[B] & (ry[:, None] != door_v[B])
    wall &= rng.random((h, w)) >= 0.15   # crumbled
    wall |= rng.random((h, w)) < 0.02    # rubble
    return _walls_to_tiles(wall)


def _water(job: Job) -> Iterator[tuple[float, np.ndarray]]:
    """A lake with a few islets; depth from the surroundings; coast from the neighbours.

    A water cell is deep when every cell within a radius of 0, 1 or 2 (drawn
    per cell) is water of this area; an automaton smooths the deep part; then
    the coast adapts: water within 2 tiles of walkable land (ground, sand,
    islets) or 1 tile of a wall stays shallow, so ground slopes gently and
    walls drop off steeply.
    """
    rng, area = job.rng, job.area
    shape = area.shape
    # Islets: a majority rule run on a minority of land (only a few blobs survive)
    # on a grid 3x coarser, scaled up and rounded at full resolution; they keep
    # 4 tiles of water between them and the lake's edge.
    coarse = rng.random((shape[0] // 3 + 1, shape[1] // 3 + 1)) < 0.34
    for _ in range(3):
        coarse = grid.neighbour_count(coarse, 1, include_centre=True) >= 5
    land = np.repeat(np.repeat(coarse, 3, axis=0), 3, axis=1)[:shape[0], :shape[1]]
    for i in range(2):
        land = grid.neighbour_count(land, 1, include_centre=True) >= 5
        yield 0.1 * (i + 1), _lake_tiles(land & area, np.zeros(shape, dtype=bool))
    land &= grid.neighbour_count(~area, 4, include_centre=True, outside=True) == 0
    water = area & ~land
    dry = ~water
    radius = rng.integers(0, 3, size=shape)
    deep = np.where(radius == 0, water,
                    np.where(radius == 1,
                             grid.neighbour_count(dry, 1, include_centre=True, outside=True) == 0,
                             grid.neighbour_count(dry, 2, include_centre=True, outside=True) == 0))
    yield 0.4, _lake_tiles(land, deep)
    for i in range(2):
        deep = (grid.neighbour_count(deep, 1, include_centre=True) >= 5) & water
        yield 0.6 + 0.2 * i, _lake_tiles(land, deep)
    around = ~area & (job.tiles != T.void)
    walk = WALKABLE[job.tiles]
    shelf = grid.neighbour_count((around & walk) | land, 2, include_centre=True) > 0
    shelf |= grid.neighbour_count(around & ~walk, 1, include_centre=True) > 0
    return _lake_tiles(land, deep & ~shelf)


def _lake_tiles(land: np.ndarray, deep: np.ndarray) -> np.ndarray:
    out = np.where(deep, np.uint8(T.deep_water), np.uint8(T.shallow_water))
    out[land] = T.ground
    return out


#: The style table, in a fixed order (it decides ties in the run order).
STYLES: dict[str, Style] = {s.name: s for s in (
    Style("border", _border, (T.wall,), solid=T.wall, dig=T.wall),
    Style("caves", _caves, (T.ground, T.wall), solid=T.wall, dig=T.ground,
          weights=(4, 1), beach=True),
    Style("noise", _noise, (T.ground, T.wall), solid=T.wall, dig=T.ground,
          weights=(3, 2), beach=True),
    Style("garden", _garden, (T.ground, T.hedge, T.shallow_water, T.wall), solid=T.hedge,
          dig=T.ground, weights=(1, 4), beach=True),
    Style("ruins", _ruins, (T.ground, T.wall), solid=T.wall, dig=T.ground,
          weights=(0, 3), beach=True),
    Style("water", _water, (T.deep_water, T.shallow_water, T.ground), solid=T.deep_water,
          dig=T.shallow_water, after=("border", "caves", "noise", "garden", "ruins"),
          weights=(3, 2), wet=True),
)}

#: Shape kinds each preset draws into the master mask.
PRESETS: dict[str, tuple[str, ...]] = {
    "wild": ("ellipse", "triangle"),
    "civilized": ("rectangle", "triangle"),
}
_SHAPE_KINDS = ("base", "rectangle", "ellipse", "triangle")


def style_phases(names) -> dict[str, int]:
    """Phase of each named style: 0 without dependencies among ``names``, else one
    more than its latest dependency.

    >>> style_phases(["water", "caves", "border"])
    {'water': 1, 'caves': 0, 'border': 0}
    """
    present = set(names)
    phase: dict[str, int] = {}

    def depth(name: str, seen: frozenset) -> int:
        if name in phase:
            return phase[name]
        if name in seen:
            raise ValueError(f"style dependency cycle through {name!r}")
        deps = [d for d in STYLES[name].after if d in present and d != name]
        phase[name] = 1 + max(depth(d, seen | {name}) for d in deps) if deps else 0
        return phase[name]

    for name in names:
        depth(name, frozenset())
    return {name: phase[name] for name in names}


# --------------------------------------------------------------------------- mask

def _shape(kind: str, rng: np.random.Generator, h: int, w: int):
    """One shape inside an ``h`` x ``w`` interior: (bool cells over a box, box, info)."""
    if kind == "rectangle":
        rw = int(rng.integers(max(2, w * 15 // 100), max(3, w * 50 // 100) + 1))
        rh = int(rng.integers(max(2, h * 15 // 100), max(3, h * 50 // 100) + 1))
        x0 = int(rng.integers(-(rw // 2), w - rw // 2))
        y0 = int(rng.integers(-(rh // 2), h - rh // 2))
        box = (max(y0, 0), min(y0 + rh, h), max(x0, 0), min(x0 + rw, w))
        cells = np.ones((box[1] - box[0], box[3] - box[2]), dtype=bool)
        return cells, box, {"rect": [x0, y0, rw, rh]}
    if kind == "ellipse":
        edge = (w + h) // 2
        major = int(rng.integers(max(2, edge * 8 // 100), max(3, edge * 25 // 100) + 1))
        minor = max(1, min(major - 1, (major * int(rng.integers(50, 81)) + 50) // 100))  # 50-80 %
        rx, ry = (major, minor) if rng.integers(2) else (minor, major)
        cx, cy = int(rng.integers(0, w)), int(rng.integers(0, h))
        box = (max(cy - ry, 0), min(cy + ry + 1, h), max(cx - rx, 0), min(cx + rx + 1, w))
        dy = np.arange(box[0], box[1], dtype=np.int64)[:, None] - cy
        dx = np.arange(box[2], box[3], dtype=np.int64)[None, :] - cx
        cells = (dx * ry) ** 2 + (dy * rx) ** 2 <= (rx * ry) ** 2
        return cells, box, {"centre": [cx, cy], "radii": [rx, ry]}
    if kind == "triangle":
        # Source: p2 = p1 + (big dx, small dy), p3 = p1 + (small dx, big dy); big deltas
        # 25-50 %, small 1-25 % (exclusive) of the edge, so small < big and no edge is
        # axis-aligned.  Random signs mirror it into any of four orientations.
        def deltas(edge: int) -> tuple[int, int]:
            quarter = max(2, edge * 25 // 100)
            big = int(rng.integers(quarter, max(quarter + 1, edge * 50 // 100 + 1)))
            small = int(rng.integers(max(1, edge // 100), quarter))
            return big, small

        bx, sx = deltas(w)
        by, sy = deltas(h)
        fx, fy = (1 if rng.integers(2) else -1), (1 if rng.integers(2) else -1)
        x1, y1 = int(rng.integers(0, w)), int(rng.integers(0, h))
        pts = [(x1, y1), (x1 + fx * bx, y1 + fy * sy), (x1 + fx * sx, y1 + fy * by)]
        xs_, ys_ = [p[0] for p in pts], [p[1] for p in pts]
        box = (max(min(ys_), 0), min(max(ys_) + 1, h), max(min(xs_), 0), min(max(xs_) + 1, w))
        Y = np.arange(box[0], box[1], dtype=np.int64)[:, None]
        X = np.arange(box[2], box[3], dtype=np.int64)[None, :]
        pos = np.ones((box[1] - box[0], box[3] - box[2]), dtype=bool)
        neg = pos.copy()
        for (ax, ay), (qx, qy) in zip(pts, pts[1:] + pts[:1]):
            e = (qx - ax) * (Y - ay) - (qy - ay) * (X - ax)  # integer edge function
            pos &= e >= 0
            neg &= e <= 0
        return pos | neg, box, {"points": [list(p) for p in pts]}
    raise ValueError(f"unknown shape kind {kind!r}")


def _to_map(info: dict) -> dict:
    """Shape geometry from interior to map coordinates (the border ring is 1 wide)."""
    out = dict(info)
    if "rect" in out:
        x, y, rw, rh = out["rect"]
        out["rect"] = [x + 1, y + 1, rw, rh]
    if "centre" in out:
        out["centre"] = [v + 1 for v in out["centre"]]
    if "points" in out:
        out["points"] = [[x + 1, y + 1] for x, y in out["points"]]
    return out


def _smooth(index: np.ndarray, areas: int) -> Iterator[None]:
    """One majority pass (a generator: one step per area count; returns the result).

    Each cell takes the most common index in its 5x5 box, keeping its own on a tie.
    """
    top = np.full(index.shape, -1, dtype=np.int32)   # best count so far
    best = np.zeros_like(index)                        # its index (first on ties)
    own = np.zeros(index.shape, dtype=np.int32)       # the cell's own index's count
    for a in range(areas):
        here = index == a
        count = grid.neighbour_count(here, 2, include_centre=True)
        better = count > top
        best[better] = a
        np.maximum(top, count, out=top)
        own[here] = count[here]
        yield None
    return np.where(own == top, index, best)


def _make_mask(rng: np.random.Generator, h: int, w: int, p: MosaicParams):
    """Generator of progress; returns (mask uint8 [0 border, 1..areas], kind uint8, shapes)."""
    areas = p.areas
    ih, iw = h - 2, w - 2
    index = np.zeros((ih, iw), dtype=np.uint8)   # 0..areas-1 inside the border
    kind = np.zeros((ih, iw), dtype=np.uint8)    # _SHAPE_KINDS id of the last writer
    shapes: list[dict] = []
    kinds = PRESETS[p.preset]

    def draw(name: str) -> None:
        cells, (y0, y1, x0, x1), info = _shape(name, rng, ih, iw)
        add = int(rng.integers(1, areas))
        sub = index[y0:y1, x0:x1]
        sub[cells] = (sub[cells] + add) % areas  # the source's modulo rule
        kind[y0:y1, x0:x1][cells] = _SHAPE_KINDS.index(name)
        shapes.append({"kind": name, "add": add, **_to_map(info)})

    def smoothed(raw: np.ndarray):
        out = raw
        for i in range(p.smooth):
            it = _smooth(out, areas)
            while True:
                try:
                    next(it)
                except StopIteration as stop:
                    out = stop.value
                    break
                if big:
                    yield Progress("mask", 0.5 + 0.5 * i / p.smooth, _mask_preview(out, areas))
        return out

    big = ih * iw >= _BIG
    for i in range(p.shapes):
        draw(kinds[int(rng.integers(len(kinds)))])
        if big and i % 4 == 3:
            yield Progress("mask", 0.5 * (i + 1) / p.shapes, _mask_preview(index, areas))
    final = (yield from smoothed(index)).copy()
    # Bounded repair: an area that chance or smoothing left (nearly) empty gets one
    # more shape painted with its index over the smoothed mask (recorded as "set").
    for _ in range(8):
        counts = np.bincount(final.ravel(), minlength=areas)
        missing = np.flatnonzero(counts < max(4, ih * iw // 200))
        if missing.size == 0:
            break
        name = kinds[int(rng.integers(len(kinds)))]
        cells, (y0, y1, x0, x1), info = _shape(name, rng, ih, iw)
        final[y0:y1, x0:x1][cells] = missing[0]
        kind[y0:y1, x0:x1][cells] = _SHAPE_KINDS.index(name)
        shapes.append({"kind": name, "set": int(missing[0]) + 1, **_to_map(info)})
    mask = np.zeros((h, w), dtype=np.uint8)
    mask[1:-1, 1:-1] = final + 1
    kinds_full = np.zeros((h, w), dtype=np.uint8)
    kinds_full[1:-1, 1:-1] = kind
    return mask, kinds_full, shapes


def _mask_preview(index: np.ndarray, areas: int) -> Stage:
    full = np.zeros((index.shape[0] + 2, index.shape[1] + 2), dtype=np.float32)
    full[1:-1, 1:-1] = index + 1
    return Stage("mask", full, kind="layer", vrange=(0.0, float(areas)))


# --------------------------------------------------------------------------- runner

def _assign(rng: np.random.Generator, p: MosaicParams) -> list[Style]:
    """Style per area index: border for 0, then weighted picks without replacement
    (the pool refills once empty), so more styles than areas gives variety."""
    col = 0 if p.preset == "wild" else 1
    table = [s for s in STYLES.values() if s.weights[col] > 0]
    pool: list[Style] = []
    out = [STYLES["border"]]
    for _ in range(p.areas):
        if not pool:
            pool = list(table)
        cum = np.cumsum([s.weights[col] for s in pool])
        pick = int(np.searchsorted(cum, int(rng.integers(0, int(cum[-1]))), side="right"))
        out.append(pool.pop(pick))
    return out


def _boxes(mask: np.ndarray, n: int, margin: int) -> list[tuple[int, int, int, int] | None]:
    h, w = mask.shape
    out: list[tuple[int, int, int, int] | None] = []
    for a in range(n):
        here = mask == a
        rows, cols = np.flatnonzero(here.any(axis=1)), np.flatnonzero(here.any(axis=0))
        if rows.size == 0:
            out.append(None)
            continue
        out.append((max(int(rows[0]) - margin, 0), min(int(rows[-1]) + 1 + margin, h),
                    max(int(cols[0]) - margin, 0), min(int(cols[-1]) + 1 + margin, w)))
    return out


def _lay_beach(tiles: np.ndarray, mask: np.ndarray, a: int, styles: list[Style],
               box: tuple[int, int, int, int], width: int) -> None:
    """Sand on beach-taking land within ``width`` tiles of area ``a`` (walls stay)."""
    if width <= 0:
        return
    y0, y1, x0, x1 = box
    sub, sub_mask = tiles[y0:y1, x0:x1], mask[y0:y1, x0:x1]
    takes = np.array([s.beach for s in styles], dtype=bool)[sub_mask]
    near = grid.neighbour_count(sub_mask == a, width, include_centre=True) > 0
    sel = near & takes & (WALKABLE[sub] | (sub == T.hedge))
    sub[sel] = T.sand


def _coast_rule(tiles: np.ndarray) -> None:
    """Deep water only where no non-water is within 1 tile and no walkable land within 2."""
    deep = tiles == T.deep_water
    if not deep.any():
        return
    wet = deep | (tiles == T.shallow_water)
    land = ~wet & WALKABLE[tiles]
    bad = grid.neighbour_count(~wet, 1, include_centre=True, outside=True) > 0
    bad |= grid.neighbour_count(land, 2, include_centre=True) > 0
    tiles[deep & bad] = T.shallow_water


def _repair(tiles: np.ndarray, mask: np.ndarray, styles: list[Style], labels: np.ndarray,
            count: int, main: int, pocket: int) -> dict:
    """Make the walkable tiles one 4-connected region, in place.

    Pockets smaller than ``pocket`` touching no water area are filled with
    their style's solid tile; every other pocket is joined: from its cell
    nearest the main region (breadth-first distance over the whole interior)
    the shortest path back is dug with each area's dig tile.
    """
    h, w = tiles.shape
    report = {"filled_pockets": 0, "filled_tiles": 0, "joined_pockets": 0, "dug_tiles": 0}
    if count <= 1:
        return report
    walk = labels > 0
    sizes = np.bincount(labels.ravel(), minlength=count + 1)
    wet_area = np.array([s.wet for s in styles], dtype=bool)[mask]
    touch_wet = np.bincount(labels[wet_area & walk], minlength=count + 1) > 0
    ids = np.arange(count + 1)
    other = (ids != 0) & (ids != main)
    fill_ids = other & (sizes < pocket) & ~touch_wet
    join_ids = other & ~fill_ids
    fill = fill_ids[labels]
    tiles[fill] = np.array([s.solid for s in styles], dtype=np.uint8)[mask[fill]]
    report.update(filled_pockets=int(fill_ids.sum()), filled_tiles=int(fill.sum()),
                  joined_pockets=int(join_ids.sum()))
    if not join_ids.any():
        return report
    interior = ~grid.border_mask((h, w))
    dist = grid.distance_map(interior, labels == main, 4).ravel()
    flat_labels = labels.ravel()
    cells = np.flatnonzero(join_ids[flat_labels])
    lab, d = flat_labels[cells], dist[cells]
    order = np.lexsort((cells, d, lab))
    lab_s = lab[order]
    first = np.ones(order.size, dtype=bool)
    first[1:] = lab_s[1:] != lab_s[:-1]
    starts, start_d = cells[order][first], d[order][first]
    starts = starts[np.lexsort((starts, -start_d))]  # farthest first: its path joins others
    joined = np.zeros(count + 1, dtype=bool)
    joined[main] = True
    flat_tiles, flat_mask = tiles.ravel(), mask.ravel()
    dig_of = np.array([s.dig for s in styles], dtype=np.uint8)
    steps = (-w, w, -1, 1)
    dug = 0
    # A Python step per path cell: paths are short and few (500x500, a lake with
    # 68 islets: 1109 cells dug in ~1 ms; the distance map above costs ~40 ms).
    for start in starts.tolist():
        if joined[flat_labels[start]]:
            continue
        c = start
        for _ in range(int(dist[c]) + 1):  # one cell per step down to the main region (dist 0)
            if WALKABLE[flat_tiles[c]]:
                joined[flat_labels[c]] = True
            else:
                flat_tiles[c] = dig_of[flat_mask[c]]
                dug += 1
                for s in steps:
                    if WALKABLE[flat_tiles[c + s]]:
                        joined[flat_labels[c + s]] = True
            dc = dist[c]
            if dc == 0:
                break
            for s in steps:
                if dist[c + s] == dc - 1:
                    c += s
                    break
    report["dug_tiles"] = dug
    return report


def _points(rng: np.random.Generator, tiles: np.ndarray, p: MosaicParams):  # generator
    """Start and exit at the two ends of a long walk, spawns away from the start.

    Two sweeps: the floor cell farthest (by walking) from a random floor cell is
    the start, the floor cell farthest from the start the exit.  Floor is
    ground or sand (walkable otherwise, should a map have fewer than two such
    cells: start and exit need two).
    """
    walk = WALKABLE[tiles]
    floor = (tiles == T.ground) | (tiles == T.sand)
    if np.count_nonzero(floor) < 2:
        floor = walk
    cells = np.flatnonzero(floor)
    w = tiles.shape[1]
    probe = int(cells[int(rng.integers(cells.size))])
    dist = grid.distance_map(walk, [divmod(probe, w)], 4)
    start = int(np.argmax(np.where(floor, dist, -1)))
    yield None
    dist = grid.distance_map(walk, [divmod(start, w)], 4)
    exit_ = int(np.argmax(np.where(floor, dist, -1)))
    n_walk = int(np.count_nonzero(dist >= 0))
    cand = np.flatnonzero(floor.ravel() & (dist.ravel() >= max(p.safe, 1)))
    cand = cand[cand != exit_]
    monsters, items = grid.pick_cells(rng, cand, (int(p.monsters * n_walk / 1000.0),
                                                  int(p.items * n_walk / 1000.0)))
    points = {name: grid.flat_to_points(flat, w) for name, flat in
              (("start", [start]), ("exit", [exit_]), ("monsters", monsters), ("items", items))}
    return points, int(dist.ravel()[exit_])


def _fill_area(seed: int, tiles: np.ndarray, mask: np.ndarray, a: int, styles: list[Style],
               box: tuple[int, int, int, int], p: MosaicParams):
    """Run area ``a``'s style on its crop and write it into ``tiles`` (a generator of
    ``(fraction, preview map)`` for the runner's Progress events)."""
    style = styles[a]
    if style.wet:
        _lay_beach(tiles, mask, a, styles, box, p.beach)
    y0, y1, x0, x1 = box
    area = mask[y0:y1, x0:x1] == a
    job = Job(seeding.rng(seed, "style", a, style.name), area, tiles[y0:y1, x0:x1].copy(),
              (y0, x0), p)
    out = style.fill(job)
    if not isinstance(out, np.ndarray):
        it = out
        while True:
            try:
                frac, preview = next(it)
            except StopIteration as stop:
                out = stop.value
                break
            shown = tiles.copy()
            shown[y0:y1, x0:x1][area] = preview[area]
            yield frac, shown
    tiles[y0:y1, x0:x1][area] = out[area]


def run(seed: int, width: int, height: int, p: MosaicParams) -> Iterator[Stage | Progress]:
    """Yield the stages mask, styles, water, final, reachability (see the module doc)."""
    h, w = height, width
    big = h * w >= _BIG

    mask, kinds, shapes = yield from _make_mask(seeding.rng(seed, "mask"), h, w, p)
    n = p.areas + 1
    area_tiles = np.bincount(mask.ravel(), minlength=n)
    yield Stage("mask", mask.astype(np.float32), kind="layer", vrange=(0.0, float(p.areas)),
                info={"areas": p.areas, "area_tiles": area_tiles.tolist(), "shapes": shapes})

    # Styles, sorted by their declared phase; phase 0 is the "styles" stage, the
    # rest (styles that read their neighbours: water) the "water" stage.
    styles = _assign(seeding.rng(seed, "assign"), p)
    phase = style_phases([s.name for s in styles])
    order = sorted(range(n), key=lambda a: (phase[styles[a].name], a))
    run_order = [styles[a].name for a in order]
    boxes = _boxes(mask, n, _MARGIN)
    tiles = np.zeros((h, w), dtype=np.uint8)  # void until an area is filled
    for stage, areas in (("styles", [a for a in order if phase[styles[a].name] == 0]),
                         ("water", [a for a in order if phase[styles[a].name] > 0])):
        for rank, a in enumerate(areas):
            if boxes[a] is None:
                continue
            for frac, shown in _fill_area(seed, tiles, mask, a, styles, boxes[a], p):
                if big:
                    yield Progress(stage, (rank + frac) / len(areas), Stage(stage, shown))
        if stage == "water":
            _coast_rule(tiles)
        yield Stage(stage, tiles.copy(), info={"order": run_order})

    # Reachability on the unrepaired map (the debug view), then the repair.
    walk = WALKABLE[tiles]
    labels, count = grid.label(walk, 4)
    sizes = np.bincount(labels.ravel(), minlength=count + 1)
    sizes[0] = 0
    main = int(np.argmax(sizes)) if count else 0
    reach = tiles.copy()
    cut_off = walk & (labels != main)
    reach[cut_off] = T.unreachable
    reach_info = {"regions": int(count), "unreachable_tiles": int(cut_off.sum()),
                  "walker": WALKER}
    if big:
        yield Progress("final", 0.25, Stage("reachability", reach))
    repair = _repair(tiles, mask, styles, labels, count, main, p.pocket)
    if big:
        yield Progress("final", 0.5, Stage("final", tiles))
    it = _points(seeding.rng(seed, "points"), tiles, p)
    while True:
        try:
            next(it)
        except StopIteration as stop:
            points, exit_steps = stop.value
            break
        if big:
            yield Progress("final", 0.75, Stage("final", tiles))
    (sx, sy), (ex, ey) = points["start"][0], points["exit"][0]
    tiles[sy, sx] = T.stairs_up
    tiles[ey, ex] = T.stairs_down
    area_list = []
    for a in range(n):
        by_kind = np.bincount(kinds[mask == a], minlength=len(_SHAPE_KINDS))
        shape = "frame" if a == 0 else _SHAPE_KINDS[int(np.argmax(by_kind))]
        area_list.append({"index": a, "shape": shape, "style": styles[a].name,
                          "tiles": int(area_tiles[a])})
    yield Stage("final", tiles, points=points,
                info={"preset": p.preset, "areas": area_list, "order": run_order,
                      "repair": repair, "exit_steps": exit_steps, "walker": WALKER})
    yield Stage("reachability", reach, info=reach_info)


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
))
