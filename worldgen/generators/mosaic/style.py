"""What a style is (Hauberk's architectures): an entry point that fills the
area it owns, plus what it declares about itself; and running one on its area.

A style sees a crop of the map (its area's bounding box plus a margin) and
writes only the cells of its area.  The table of styles is
:data:`worldgen.generators.mosaic.styles.STYLES`, one small module per style.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from worldgen.core import seeding
from worldgen.core.pacing import Tick, bands, pause
from worldgen.core.registry import Progress
from worldgen.core.tiles import T
from .coast import lay_beach
from .params import MosaicParams

__all__ = ["Job", "Style", "MARGIN", "walls_to_tiles", "boxes", "fill_area"]

MARGIN = 8  # cells of context around an area's box that a style sees


@dataclass
class Job:
    """What a style gets: its area inside a crop of the map, and the map so far.

    ``area`` and ``tiles`` cover the same crop (the area's bounding box plus a
    margin, clipped to the map); ``origin`` is the crop's ``(y, x)`` in the
    map, so grid-aligned styles line up across areas.  ``tiles`` is a copy;
    a style returns a new ``uint8`` array of the crop's shape (only the cells
    of ``area`` are used), or is a generator that yields
    ``job.progress(fraction, crop preview)`` events and returns that array.
    """

    rng: np.random.Generator
    area: np.ndarray
    tiles: np.ndarray
    origin: tuple[int, int]
    params: MosaicParams
    report: Callable[[float, np.ndarray], Progress] | None = None
    tick: Tick = None

    def progress(self, done: float, preview: np.ndarray) -> Iterator[Progress]:
        """``yield from job.progress(...)``: the runner's Progress for a style that
        is ``done`` (0..1) with the crop looking like ``preview``; none on small maps."""
        if self.report is not None:
            yield self.report(done, preview)

    def pause(self) -> Iterator[Progress]:
        """``yield from job.pause()``: hand control back between two pieces of
        work on a big map (no preview); nothing on small maps."""
        yield from pause(self.tick)

    def bands(self) -> list[tuple[int, int]]:
        """Row ranges of the crop to work through between pauses (one on small maps)."""
        return bands(self.area.shape[0], self.area.shape[1], self.tick)


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


_WALL_TILES = np.array([T.ground, T.wall], dtype=np.uint8)


def walls_to_tiles(wall: np.ndarray) -> np.ndarray:
    """Wall where ``wall``, ground elsewhere (``uint8`` tiles; a table look-up,
    3x faster than ``np.where`` with two scalars).

    >>> walls_to_tiles(np.array([True, False])).tolist() == [T.wall, T.ground]
    True
    """
    return _WALL_TILES.take(np.asarray(wall, dtype=bool).view(np.uint8))


def boxes(mask: np.ndarray, n: int, margin: int, tick: Tick = None) -> Iterator[Progress]:
    """Each area's bounding box ``(y0, y1, x0, x1)`` grown by ``margin`` (None:
    empty): ``found = yield from boxes(...)``."""
    h, w = mask.shape
    out: list[tuple[int, int, int, int] | None] = []
    for a in range(n):
        here = mask == a
        rows, cols = np.flatnonzero(here.any(axis=1)), np.flatnonzero(here.any(axis=0))
        yield from pause(tick)
        if rows.size == 0:
            out.append(None)
            continue
        out.append((max(int(rows[0]) - margin, 0), min(int(rows[-1]) + 1 + margin, h),
                    max(int(cols[0]) - margin, 0), min(int(cols[-1]) + 1 + margin, w)))
    return out


def fill_area(seed: int, tiles: np.ndarray, mask: np.ndarray, a: int, styles: list[Style],
              box: tuple[int, int, int, int], p: MosaicParams,
              report: Callable[[float, np.ndarray], Progress] | None = None,
              tick: Tick = None) -> Iterator[Progress]:
    """Run area ``a``'s style on its crop and write it into ``tiles``.

    With ``report``, the style's progress comes out as ``report(fraction, map
    preview)`` events and pauses as ``tick()`` (``yield from``).  A wet style
    first lays the beach.
    """
    style = styles[a]
    if style.wet:
        yield from lay_beach(tiles, mask, a, styles, box, p.beach, tick)
    y0, y1, x0, x1 = box
    area = mask[y0:y1, x0:x1] == a
    yield from pause(tick)

    def show(done: float, preview: np.ndarray) -> Progress:
        shown = tiles.copy()
        np.copyto(shown[y0:y1, x0:x1], preview, where=area)  # a masked copy: 3x a bool index
        return report(done, shown)

    job = Job(seeding.rng(seed, "style", a, style.name), area, tiles[y0:y1, x0:x1].copy(),
              (y0, x0), p, show if report is not None else None, tick)
    out = style.fill(job)
    if not isinstance(out, np.ndarray):
        out = yield from out
    yield from pause(tick)
    for r0, r1 in bands(y1 - y0, x1 - x0, tick):
        np.copyto(tiles[y0 + r0:y0 + r1, x0:x1], out[r0:r1], where=area[r0:r1])
        yield from pause(tick)
