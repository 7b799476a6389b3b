"""Pre-rendered, cached sprites for the player, monsters, items and sites.

Each sprite is drawn once per (kind, tile size) with simple shapes and one
letter, then blitted; no font rendering happens per entity per frame.
"""

from __future__ import annotations

import pygame

from . import ui

__all__ = ["sprite", "player_sprite", "site_sprite", "tile_shade", "stairs_sprite", "clear_cache"]

_CACHE: dict[tuple, pygame.Surface] = {}


def clear_cache() -> None:
    _CACHE.clear()


def _letter(surface: pygame.Surface, glyph: str, colour, size: int) -> None:
    f = ui.font(max(10, int(size * 1.25)))
    face = f.render(glyph, True, colour)
    rect = face.get_rect(center=(size // 2, size // 2 + 1))
    surface.blit(face, rect)


def sprite(glyph: str, colour: tuple[int, int, int], size: int, shape: str = "disc") -> pygame.Surface:
    """A monster (``disc``: dark disc with a coloured rim and letter) or an item
    (``gem``: small coloured diamond with its letter)."""
    key = (glyph, colour, size, shape)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    if shape == "disc":
        pygame.draw.circle(surf, (20, 16, 24, 235), (c, c), c)
        pygame.draw.circle(surf, colour, (c, c), c, max(1, size // 10))
        _letter(surf, glyph, colour, size)
    elif shape == "boss":
        pygame.draw.circle(surf, (60, 10, 10, 240), (c, c), c)
        pygame.draw.circle(surf, (255, 200, 60), (c, c), c, max(1, size // 8))
        _letter(surf, glyph, colour, size)
    elif shape == "treasure":
        r = pygame.Rect(size // 8, size // 4, size - size // 4, size - size // 3)
        pygame.draw.rect(surf, (120, 70, 20), r, border_radius=2)
        pygame.draw.rect(surf, colour, r, max(1, size // 10), border_radius=2)
        pygame.draw.line(surf, colour, (r.left, r.centery - 1), (r.right - 1, r.centery - 1), max(1, size // 12))
    else:  # item
        pts = [(c, 1), (size - 2, c), (c, size - 2), (1, c)]
        pygame.draw.polygon(surf, (16, 16, 20, 220), pts)
        pygame.draw.polygon(surf, colour, pts, max(1, size // 12))
        _letter(surf, glyph, colour, size)
    _CACHE[key] = surf
    return surf


def player_sprite(size: int) -> pygame.Surface:
    key = ("@player", size)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        pygame.draw.circle(surf, (255, 250, 230), (c, c), c)
        pygame.draw.circle(surf, (40, 30, 10), (c, c), c, max(1, size // 10))
        _letter(surf, "@", (30, 24, 16), size)
        _CACHE[key] = surf
    return surf


def site_sprite(size: int, cleared: bool, style: str) -> pygame.Surface:
    """A dungeon entrance: a dark arch on a stone base; cleared ones get a gold tick."""
    key = ("@site", size, cleared, style)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        base = {"caverns": (120, 100, 90), "mosaic": (90, 130, 90), "rooms": (150, 140, 130)}.get(style, (140, 140, 140))
        rim = (255, 215, 0) if cleared else (20, 16, 18)
        body = pygame.Rect(1, 1, size - 2, size - 2)
        pygame.draw.rect(surf, base, body, border_radius=max(1, size // 5))
        pygame.draw.rect(surf, rim, body, max(1, size // 8), border_radius=max(1, size // 5))
        door = pygame.Rect(size // 3, size // 3, size - 2 * (size // 3), size - size // 3 - 1)
        pygame.draw.rect(surf, (10, 8, 10) if not cleared else (255, 215, 0), door,
                         border_top_left_radius=size // 4, border_top_right_radius=size // 4)
        _CACHE[key] = surf
    return surf


def tile_shade(size: int, w_tiles: int, h_tiles: int) -> pygame.Surface:
    """A multiply mask that darkens every tile's bottom and right edge a little
    (blitted with ``BLEND_RGB_MULT``, so unexplored black stays black)."""
    key = ("@shade", size, w_tiles, h_tiles)
    surf = _CACHE.get(key)
    if surf is None:
        cell = pygame.Surface((size, size))
        cell.fill((238, 238, 238))
        pygame.draw.line(cell, (255, 255, 255), (0, 0), (size - 1, 0))
        pygame.draw.line(cell, (255, 255, 255), (0, 0), (0, size - 1))
        pygame.draw.line(cell, (196, 196, 196), (0, size - 1), (size - 1, size - 1))
        pygame.draw.line(cell, (196, 196, 196), (size - 1, 0), (size - 1, size - 1))
        surf = pygame.Surface((size * w_tiles, size * h_tiles))
        for y in range(h_tiles):
            for x in range(w_tiles):
                surf.blit(cell, (x * size, y * size))
        _CACHE[key] = surf
    return surf


def stairs_sprite(size: int, down: bool) -> pygame.Surface:
    """Stairs drawn over their tile: three steps and an arrow."""
    key = ("@stairs", size, down)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        ink = (60, 40, 10)
        for i in range(3):
            y = size // 5 + i * (size // 4)
            x0 = size // 6 + (i * size // 6 if down else (2 - i) * size // 6)
            pygame.draw.line(surf, ink, (x0, y), (size - size // 6, y), max(1, size // 10))
        _letter(surf, ">" if down else "<", ink, size)
        _CACHE[key] = surf
    return surf
