"""Stage to pixels at any size: what the demo, the gallery and an embed's poster draw.

:func:`fitted_picture` draws a stage ``fw`` x ``fh`` pixels: tiles sampled
nearest-neighbour (:func:`fitted_size`: the largest that fits, fractional
from 1.5 pixels a tile up), the cells a stage changed tinted
(:class:`Change`, against the stage before it), a sparse map's tiles (seeds)
as dots, and markers with their shapes (:mod:`worldgen.core.legend`).  The
game blits these arrays, and ``worldgen.core.image.framed_picture`` (an
embed's poster) places one in its window, so the CLI's pictures and the
screen agree pixel for pixel.  :func:`stage_entries` is the key of such a
picture.  Pure numpy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .legend import (CHANGE_COLOURS, OTHER_COLOUR, POINT_COLOURS, POINT_SHAPES, SHAPE_MIN_PX, SHAPES, TINT, Entry,
                     point_entries, tile_entries)
from .registry import Stage
from .tiles import PALETTE

__all__ = ["layer_rgb", "tiles_rgb", "stage_rgb", "Change", "Key", "changed_mask", "stage_entries", "picture_scale",
           "fitted_size", "fitted_picture", "tinted", "draw_markers", "CALLOUT_MOST", "MARKER_PX", "DOT_PX",
           "SPARSE_SHARE"]


def layer_rgb(layer: np.ndarray, vrange: tuple[float, float]) -> np.ndarray:
    """A float layer as grayscale ``(h, w, 3) uint8``; ``vrange`` maps to black..white."""
    lo, hi = vrange
    span = (hi - lo) or 1.0
    grey = np.clip((np.asarray(layer, dtype=np.float32) - lo) * (255.0 / span), 0, 255)
    grey = (grey + 0.5).astype(np.uint8)
    return np.repeat(grey[:, :, None], 3, axis=2)


def tiles_rgb(tiles: np.ndarray) -> np.ndarray:
    """A tile map in the game's palette, ``(h, w, 3) uint8``."""
    return PALETTE[tiles]


def stage_rgb(stage: Stage, points: bool = True) -> np.ndarray:
    """Any stage as RGB, with its points drawn as single-pixel markers."""
    rgb = tiles_rgb(stage.data) if stage.kind == "tiles" else layer_rgb(stage.data, stage.vrange)
    if points and stage.points:
        rgb = rgb.copy()
        h, w = rgb.shape[:2]
        for name, pts in stage.points.items():
            pts = np.asarray(pts, dtype=np.int64).reshape(-1, 2)
            inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
            pts = pts[inside]
            rgb[pts[:, 1], pts[:, 0]] = POINT_COLOURS.get(name, OTHER_COLOUR)
    return rgb


class Change(NamedTuple):
    """Cells a stage changed that its pictures tint: those that were one of
    ``was`` (tile ids; empty: any) and became one of ``became`` (empty: any),
    tinted :data:`CHANGE_COLOURS` ``[kind]``, named ``label`` in a key."""

    label: str
    kind: str = "changed"
    was: frozenset = frozenset()
    became: frozenset = frozenset()


def changed_mask(before: Stage | None, after: Stage, change: Change) -> np.ndarray | None:
    """Where ``after``'s tiles differ from ``before``'s as ``change`` says; None when the
    two are not tile maps of one size (nothing to compare)."""
    if before is None or before.kind != "tiles" or after.kind != "tiles" or before.data.shape != after.data.shape:
        return None
    old, new = before.data, after.data
    mask = old != new
    if change.was:
        mask &= np.isin(old, list(change.was))
    if change.became:
        mask &= np.isin(new, list(change.became))
    return mask


def picture_scale(w: int, h: int, width: int, height: int) -> float:
    """Pixels per tile when a ``w`` x ``h`` map is fitted into ``width`` x ``height``: the
    largest that fits, except that a map fitting at 1 to 1.5 tiles per pixel is drawn at 1
    (below 1.5 a fractional scale makes every other row a pixel taller: it shows).

    >>> picture_scale(88, 32, 960, 540), picture_scale(400, 240, 960, 442), picture_scale(600, 300, 700, 500)
    (10.909090909090908, 1.8416666666666666, 1.0)
    """
    fit = min(width / w, height / h)
    return 1.0 if 1.0 <= fit < 1.5 else fit


def fitted_size(w: int, h: int, width: int, height: int) -> tuple[int, int]:
    """The size of a ``w`` x ``h`` map fitted into ``width`` x ``height`` (:func:`picture_scale`), in pixels."""
    scale = picture_scale(w, h, width, height)
    return max(1, min(width, round(w * scale))), max(1, min(height, round(h * scale)))


def _cell_spans(n: int, fitted: int) -> np.ndarray:
    """The map index of each of ``fitted`` pixels along an axis of ``n`` tiles (nearest neighbour)."""
    return (np.arange(fitted) * n) // fitted


def fitted_picture(stage: Stage, fw: int, fh: int, before: Stage | None = None,
                   changes: tuple[Change, ...] = ()) -> np.ndarray:
    """``stage`` drawn ``fw`` x ``fh`` pixels, ``(fh, fw, 3)``: what the demo, the gallery and
    an embed's poster show.

    Tiles are sampled nearest-neighbour (pixel column ``i`` shows tile column
    ``i * w // fw``); cells that ``changes`` find against ``before`` are
    tinted; a sparse tile map (a few tiles on ``void``, as seeds are) draws
    each tile as a dot at least :data:`DOT_PX` across; markers are drawn with
    their shapes (:data:`~worldgen.core.legend.POINT_SHAPES`) once a tile is
    :data:`~worldgen.core.legend.SHAPE_MIN_PX` pixels wide, else as single pixels.
    """
    h, w = stage.data.shape
    base = tinted(stage, before, changes)
    ys, xs = _cell_spans(h, fh), _cell_spans(w, fw)
    rows = np.repeat(base, np.bincount(ys, minlength=h), axis=0) if fh >= h else base.take(ys, axis=0)
    rgb = np.repeat(rows, np.bincount(xs, minlength=w), axis=1) if fw >= w else rows.take(xs, axis=1)
    cell = min(fw / w, fh / h)
    if stage.kind == "tiles" and cell >= 1:
        _draw_dots(rgb, stage.data, ys, xs, cell)
        for change in changes:
            _draw_callouts(rgb, changed_mask(before, stage, change), ys, xs, cell, CHANGE_COLOURS[change.kind])
    draw_markers(rgb, stage.points, w, h, ys, xs, cell)
    return rgb


def tinted(stage: Stage, before: Stage | None, changes: tuple[Change, ...]) -> np.ndarray:
    """``stage``'s colours, one pixel a tile (a new array), with ``changes`` tinted."""
    rgb = tiles_rgb(stage.data) if stage.kind == "tiles" else layer_rgb(stage.data, stage.vrange)
    for change in changes:
        mask = changed_mask(before, stage, change)
        if mask is not None and mask.any():
            tint = np.array(CHANGE_COLOURS[change.kind], dtype=np.float32)
            mixed = rgb[mask].astype(np.float32) * np.float32(1 - TINT) + tint * np.float32(TINT)
            rgb[mask] = (mixed + np.float32(0.5)).astype(np.uint8)
    return rgb


#: The least width of a marker's shape, in pixels (a tile of a small map is narrower: the shape overlaps).
MARKER_PX = 9
#: A tile map whose non-void tiles are at most this share of it is drawn with dots (seeds).
SPARSE_SHARE = 0.02
#: The least width of a sparse map's dot, in pixels.
DOT_PX = 9
_OUTLINE = (8, 8, 8)


def _boxes(xs_of: np.ndarray, ys_of: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: int) -> np.ndarray:
    """Top left pixels ``(k, 2)`` ``[left, top]`` of ``side``-wide boxes centred on tiles (x, y)'s pixels."""
    x0, x1 = np.searchsorted(xs, xs_of), np.searchsorted(xs, xs_of, "right")
    y0, y1 = np.searchsorted(ys, ys_of), np.searchsorted(ys, ys_of, "right")
    return np.stack([(x0 + x1 - side) // 2, (y0 + y1 - side) // 2], axis=1)


@lru_cache(maxsize=64)
def _sprite(shape: str, side: int) -> tuple[np.ndarray, np.ndarray]:
    """A marker shape at ``side`` pixels and its one-pixel outline, both ``(side + 2, side + 2)`` bool (read-only)."""
    grid = SHAPES[shape]
    pick = (np.arange(side) * grid.shape[0]) // side
    inner = np.zeros((side + 2, side + 2), dtype=bool)
    inner[1:-1, 1:-1] = grid[np.ix_(pick, pick)]
    ring = np.zeros_like(inner)
    for dy in range(3):
        for dx in range(3):
            ring[dy:dy + side, dx:dx + side] |= inner[1:-1, 1:-1]
    ring &= ~inner
    for a in (inner, ring):
        a.flags.writeable = False
    return inner, ring


def _stamp_all(rgb: np.ndarray, corners: np.ndarray, shape: str, side: int, colour, outline=_OUTLINE) -> None:
    """Draw ``shape`` with its outline at each ``[left, top]`` of ``corners``, clipped to the picture
    (the outline of every one first, so a shape is never hidden by its neighbour's outline)."""
    h, w = rgb.shape[:2]
    inner, ring = _sprite(shape, side)
    for mask, paint in ((ring, outline), (inner, colour)):
        dy, dx = np.nonzero(mask)
        ys = (corners[:, 1, None] - 1 + dy[None, :]).ravel()
        xs = (corners[:, 0, None] - 1 + dx[None, :]).ravel()
        inside = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
        rgb[ys[inside], xs[inside]] = paint


def _draw_dots(rgb: np.ndarray, tiles: np.ndarray, ys: np.ndarray, xs: np.ndarray, cell: float) -> None:
    """A sparse map's tiles as outlined dots at least :data:`DOT_PX` wide (seeds: one tile each)."""
    filled = np.flatnonzero(tiles.ravel() != 0)
    if not filled.size or filled.size > SPARSE_SHARE * tiles.size:
        return
    side = max(DOT_PX, int(cell))
    y, x = np.divmod(filled, tiles.shape[1])
    corners = _boxes(x, y, xs, ys, side)
    for tile in np.unique(tiles.ravel()[filled]).tolist():
        of = tiles.ravel()[filled] == tile
        _stamp_all(rgb, corners[of], "disc", side, PALETTE[tile], (236, 236, 236))


#: A change of at most this many cells also rings each of them, so three cells of a big map are found.
CALLOUT_MOST = 12


def _draw_callouts(rgb: np.ndarray, mask: np.ndarray | None, ys: np.ndarray, xs: np.ndarray, cell: float,
                   colour) -> None:
    """A ring around each changed cell, when there are few (:data:`CALLOUT_MOST`)."""
    if mask is None or not 0 < np.count_nonzero(mask) <= CALLOUT_MOST:
        return
    side = max(15, int(cell * 3))
    y, x = np.nonzero(mask)
    _stamp_all(rgb, _boxes(x, y, xs, ys, side), "ring", side, colour)


def draw_markers(rgb: np.ndarray, points, w: int, h: int, ys: np.ndarray, xs: np.ndarray, cell: float) -> None:
    """Each point's marker: its shape when a tile is wide enough, else one pixel."""
    fh, fw = rgb.shape[:2]
    for name, pts in points.items():
        pts = np.asarray(pts, dtype=np.int64).reshape(-1, 2)
        pts = pts[(pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)]
        colour = POINT_COLOURS.get(name, OTHER_COLOUR)
        if cell < SHAPE_MIN_PX:
            rgb[(pts[:, 1] * fh) // h, (pts[:, 0] * fw) // w] = colour
            continue
        side = max(MARKER_PX, round(cell * 1.25))
        _stamp_all(rgb, _boxes(pts[:, 0], pts[:, 1], xs, ys, side), POINT_SHAPES.get(name, "square"), side, colour)


class Key(NamedTuple):
    """What a picture's key says (:func:`picture`): ``lines`` of text first, then
    ``entries`` (empty: the stage's own, :func:`stage_entries`); ``changes``
    are tinted and keyed too.  ``ramp`` names the two ends of a layer's grey scale."""

    lines: tuple[str, ...] = ()
    entries: tuple[Entry, ...] = ()
    changes: tuple[Change, ...] = ()
    ramp: tuple[str, str] = ("low", "high")


def stage_entries(stage: Stage, before: Stage | None = None, changes: tuple[Change, ...] = (),
                  ramp: tuple[str, str] = ("low", "high")) -> list[Entry]:
    """The key of what a picture of ``stage`` shows: its tiles (or its grey scale),
    each change that tints a cell (with its count), then its markers."""
    if stage.kind == "tiles":
        entries = tile_entries(stage.data)
    else:
        entries = [Entry(f"{ramp[0]} to {ramp[1]}", (0, 0, 0), "ramp")]
    for change in changes:
        mask = changed_mask(before, stage, change)
        count = 0 if mask is None else int(np.count_nonzero(mask))
        if count:
            entries.append(Entry(f"{change.label} {count}", CHANGE_COLOURS[change.kind], "change"))
    return entries + point_entries(stage.points)
