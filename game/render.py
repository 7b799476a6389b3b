"""Maps to pixels: a stage becomes a surface by palette lookup through
surfarray (one array copy, no per-tile blits), then a nearest-neighbour scale
keeps it pixel-crisp at any window size."""

from __future__ import annotations

import numpy as np
import pygame
import pygame.surfarray  # noqa: F401  (explicit for pygbag)

from worldgen.image import stage_rgb
from worldgen.registry import Stage

__all__ = ["rgb_surface", "stage_surface", "fit_rect", "scaled"]


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


def scaled(surface: pygame.Surface, area: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
    rect = fit_rect(surface.get_size(), area)
    return pygame.transform.scale(surface, rect.size), rect
