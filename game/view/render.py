"""Maps to pixels: a stage becomes a surface by palette lookup through
surfarray (one array copy, no per-tile blits), then a nearest-neighbour scale
keeps it pixel-crisp at any window size."""

from __future__ import annotations

import numpy as np
import pygame
import pygame.surfarray  # noqa: F401  (explicit for pygbag)

from worldgen.core.image import stage_rgb
from worldgen.core.registry import Stage

__all__ = ["rgb_surface", "stage_surface", "fit_rect", "fitted_stage_surface"]


def rgb_surface(rgb: np.ndarray) -> pygame.Surface:
    """An ``(h, w, 3) uint8`` image ([y, x] like every worldgen array) as a Surface."""
    return pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))


def stage_surface(stage: Stage) -> pygame.Surface:
    return rgb_surface(stage_rgb(stage))


def fit_rect(size: tuple[int, int], area: pygame.Rect) -> pygame.Rect:
    """The largest rect of ``size``'s aspect inside ``area``, centred; integer
    scale factors when the map is small enough, for even pixels."""
    w, h = size
    scale = min(area.width / w, area.height / h)
    if scale >= 1:
        scale = int(scale)
    rect = pygame.Rect(0, 0, max(1, round(w * scale)), max(1, round(h * scale)))
    rect.center = area.center
    return rect


def fitted_stage_surface(stage: Stage, area: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
    """``stage`` drawn to fit ``area``: like ``scaled(stage_surface(stage), area)``.

    A map larger than the area is first sampled down to the area's pixels
    (the same picture a nearest-neighbour scale gives), so a 1000x1000 map
    costs a screenful of palette lookups, not a million.
    """
    h, w = stage.data.shape
    rect = fit_rect((w, h), area)
    if rect.width >= w and rect.height >= h:
        return pygame.transform.scale(stage_surface(stage), rect.size), rect
    ys = (np.arange(rect.height) * h) // rect.height
    xs = (np.arange(rect.width) * w) // rect.width
    points = {name: (np.asarray(pts).reshape(-1, 2) * (rect.width, rect.height)) // (w, h)
              for name, pts in stage.points.items()}
    sampled = Stage(stage.name, stage.data[np.ix_(ys, xs)], stage.kind, stage.vrange, points, stage.info)
    return stage_surface(sampled), rect
