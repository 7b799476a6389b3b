"""The base of dialog scenes drawn over the play screen (pack, world map,
help, menu): a shaded box, and text painted once per change."""

from __future__ import annotations

import pygame

from ..app import Scene
from . import ui

__all__ = ["Overlay"]


class Overlay(Scene):
    opaque = False
    _layer_key = None
    _shades: dict = {}  # (size, alpha) -> a translucent surface, shared by all overlays

    def box(self, surface: pygame.Surface, w: int, h: int, alpha: int = 235) -> pygame.Rect:
        """The dialog's box, ``w`` by ``h`` centred over the map, the screen shaded around it."""
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (360, 240)
        surface.blit(self._shade(surface.get_size(), 110), (0, 0))
        surface.blit(self._shade(rect.size, alpha), rect.topleft)
        pygame.draw.rect(surface, ui.DIM, rect, 1)
        return rect

    def _shade(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """What ``ui.panel`` draws, made once instead of every frame."""
        shade = self._shades.get((size, alpha))
        if shade is None:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((8, 10, 16, alpha))
            self._shades[(size, alpha)] = shade
        return shade

    def layer(self, key, size: tuple[int, int], paint) -> pygame.Surface:
        """The box's text, painted by ``paint(layer)`` onto a transparent surface
        only when ``key`` changes (dozens of text renders, not every frame)."""
        if key != self._layer_key:
            self._layer = pygame.Surface(size, pygame.SRCALPHA)
            paint(self._layer)
            self._layer_key = key
        return self._layer
