"""Maps to pixels: a stage becomes a surface by palette lookup and one
copy of its bytes (no per-tile blits).  A fitted stage is drawn by
worldgen's own :func:`~worldgen.core.image.fitted_picture`, the function that
draws an embed's poster, so the live figure and its poster agree pixel for
pixel: nearest-neighbour sampling at any scale (fractional from 1.5 tiles a
pixel up), tinted changes, marker shapes."""

from __future__ import annotations

import numpy as np
import pygame
import pygame.image  # noqa: F401  (explicit for pygbag)

from worldgen.core.image import Change, fitted_picture, fitted_size, stage_rgb
from worldgen.core.registry import Stage

__all__ = ["rgb_surface", "stage_surface", "fit_rect", "fitted_stage_surface"]


def rgb_surface(rgb: np.ndarray) -> pygame.Surface:
    """An ``(h, w, 3) uint8`` image ([y, x] like every worldgen array) as a Surface.

    Its rows are the bytes of a 24-bit surface as they lie: one copy, no
    transpose (surfarray wants ``[x, y]``, and turning a 936x340 picture
    around took 8 ms of a frame; this takes 1)."""
    h, w = rgb.shape[:2]
    return pygame.image.frombytes(np.ascontiguousarray(rgb, dtype=np.uint8).tobytes(), (w, h), "RGB")


def stage_surface(stage: Stage) -> pygame.Surface:
    return rgb_surface(stage_rgb(stage))


def fit_rect(size: tuple[int, int], area: pygame.Rect) -> pygame.Rect:
    """Where a map of ``size`` tiles is drawn in ``area``: fitted
    (:func:`~worldgen.core.image.fitted_size`) and centred."""
    rect = pygame.Rect((0, 0), fitted_size(*size, area.width, area.height))
    rect.center = area.center
    return rect


def fitted_stage_surface(stage: Stage, area: pygame.Rect, before: Stage | None = None,
                         changes: tuple[Change, ...] = ()) -> tuple[pygame.Surface, pygame.Rect]:
    """``stage`` drawn to fit ``area``, with the cells ``changes`` find against ``before`` tinted.

    A map larger than the area is sampled down to the area's pixels, so a
    1000x1000 map costs a screenful of palette lookups, not a million.
    """
    h, w = stage.data.shape
    rect = fit_rect((w, h), area)
    return rgb_surface(fitted_picture(stage, rect.width, rect.height, before, changes)), rect
