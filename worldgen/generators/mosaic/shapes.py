"""The master mask's shapes: rectangles, ellipses and triangles, rasterised
inside the map's interior (the border ring is not part of it)."""

from __future__ import annotations

import numpy as np

__all__ = ["SHAPE_KINDS", "PRESETS", "shape", "to_map"]

#: Shape kinds by id, as the mask's ``kind`` array stores them ("base": no shape).
SHAPE_KINDS = ("base", "rectangle", "ellipse", "triangle")

#: Shape kinds each preset draws into the master mask.
PRESETS: dict[str, tuple[str, ...]] = {
    "wild": ("ellipse", "triangle"),
    "civilized": ("rectangle", "triangle"),
}


def shape(kind: str, rng: np.random.Generator, h: int, w: int):
    """One shape inside an ``h`` x ``w`` interior: (bool cells over a box, box, info).

    ``box`` is ``(y0, y1, x0, x1)``, clipped to the interior; ``info`` is the
    shape's geometry (interior coordinates) for the stage's record.

    >>> cells, box, info = shape("rectangle", np.random.default_rng(1), 20, 30)
    >>> cells.shape == (box[1] - box[0], box[3] - box[2]) and bool(cells.all())
    True
    """
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
        return _triangle(rng, h, w)
    raise ValueError(f"unknown shape kind {kind!r}")


def _triangle(rng: np.random.Generator, h: int, w: int):
    """The source's triangle: p2 = p1 + (big dx, small dy), p3 = p1 + (small dx,
    big dy); big deltas 25-50 %, small 1-25 % (exclusive) of the edge, so small
    < big and no edge is axis-aligned.  Random signs mirror it into any of four
    orientations."""
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
    # int32 is exact: corners lie within 1.5 edges of the map, products under 2^31.
    Y = np.arange(box[0], box[1], dtype=np.int32)[:, None]
    X = np.arange(box[2], box[3], dtype=np.int32)[None, :]
    pos = np.ones((box[1] - box[0], box[3] - box[2]), dtype=bool)
    neg = pos.copy()
    for (ax, ay), (qx, qy) in zip(pts, pts[1:] + pts[:1]):
        e = (qx - ax) * (Y - ay) - (qy - ay) * (X - ax)  # integer edge function
        pos &= e >= 0
        neg &= e <= 0
    return pos | neg, box, {"points": [list(p) for p in pts]}


def to_map(info: dict) -> dict:
    """Shape geometry from interior to map coordinates (the border ring is 1 wide).

    >>> to_map({"centre": [3, 4], "radii": [2, 1]})
    {'centre': [4, 5], 'radii': [2, 1]}
    """
    out = dict(info)
    if "rect" in out:
        x, y, rw, rh = out["rect"]
        out["rect"] = [x + 1, y + 1, rw, rh]
    if "centre" in out:
        out["centre"] = [v + 1 for v in out["centre"]]
    if "points" in out:
        out["points"] = [[x + 1, y + 1] for x, y in out["points"]]
    return out
