"""Pre-rendered, cached sprites for the player, monsters, items and sites.

Each sprite is drawn once per (kind, tile size) with simple shapes and one
letter, then blitted; no font rendering happens per entity per frame.
"""

from __future__ import annotations

import pygame

from ..rules.content import ItemKind
from . import ui
from worldgen.core import registry
from worldgen.core.tiles import T

from .colour import OUTLINE, lighten

__all__ = ["sprite", "monster_shape", "item_sprite", "player_sprite", "site_sprite", "tile_shade", "stairs_sprite", "feature_sprite",
           "glyph_mask", "glyph_sprite", "RIM_LUMINANCE"]

RIM_LUMINANCE = 0.5  # a sprite's light ring is at least this light: it stands out from dark ground

_CACHE: dict[tuple, pygame.Surface] = {}
#: A monster's rim by its shape (None: its own colour, lightened) and the inside behind its letter.
_RIMS = {"disc": None, "boss": (255, 200, 60), "ally": (110, 240, 130), "captive": (205, 205, 215)}
_INSIDES = {"boss": (60, 10, 10, 240), "ally": (10, 48, 20, 240)}


def monster_shape(m) -> str:
    """The sprite shape a monster is drawn with: its side and its rank."""
    return "ally" if m.ally else "captive" if m.captive else "boss" if m.boss else "disc"


def _letter(surface: pygame.Surface, glyph: str, colour, size: int) -> None:
    f = ui.font(max(10, int(size * 1.25)))
    face = f.render(glyph, True, colour)
    rect = face.get_rect(center=(size // 2, size // 2 + 1))
    surface.blit(face, rect)


def sprite(glyph: str, colour: tuple[int, int, int], size: int, shape: str = "disc") -> pygame.Surface:
    """A monster (``disc``; ``boss`` for a guardian: a gold rim; ``ally``: a
    green rim; ``captive``: a pale rim crossed by its chain), the treasure
    chest (``treasure``) or a small diamond with a letter (``item``: kinds
    :func:`item_sprite` has no shape for).

    Every sprite has a dark outer edge and a light ring inside it, so it
    stands out from light ground by the one and from dark ground by the
    other (``tests/test_comforts.py`` checks the WCAG contrast against every
    terrain colour)."""
    key = (glyph, colour, size, shape)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    light = lighten(colour, RIM_LUMINANCE)
    if shape in _RIMS:
        rim = _RIMS[shape] or light
        pygame.draw.circle(surf, OUTLINE, (c, c), c)
        pygame.draw.circle(surf, rim, (c, c), c - 1, max(1, size // 8))
        pygame.draw.circle(surf, _INSIDES.get(shape, (20, 16, 24, 240)), (c, c), c - 1 - max(1, size // 8))
        _letter(surf, glyph, light, size)
        if shape == "captive":  # the chain across it
            pygame.draw.line(surf, OUTLINE, (1, size - 3), (size - 2, 2), max(2, size // 6))
            pygame.draw.line(surf, rim, (1, size - 3), (size - 2, 2), max(1, size // 12))
    elif shape == "treasure":
        r = pygame.Rect(size // 8, size // 4, size - size // 4, size - size // 3)
        pygame.draw.rect(surf, OUTLINE, r.inflate(2, 2), border_radius=3)
        pygame.draw.rect(surf, (120, 70, 20), r, border_radius=2)
        pygame.draw.rect(surf, colour, r, max(1, size // 10), border_radius=2)
        pygame.draw.line(surf, colour, (r.left, r.centery - 1), (r.right - 1, r.centery - 1), max(1, size // 12))
    else:  # item
        pts = [(c, 1), (size - 2, c), (c, size - 2), (1, c)]
        pygame.draw.polygon(surf, OUTLINE, [(c, 0), (size - 1, c), (c, size - 1), (0, c)])
        pygame.draw.polygon(surf, (16, 16, 20, 220), pts)
        pygame.draw.polygon(surf, light, pts, max(1, size // 12))
        _letter(surf, glyph, light, size)
    _CACHE[key] = surf
    return surf


def item_sprite(kind: ItemKind, size: int) -> pygame.Surface:
    """An item on the floor, shaped by its kind: a flask (potion), a blade
    (weapon), a shield (armour), a little heap (resource), a chest (the
    treasure); any other kind is a diamond with its letter."""
    key = ("@item", kind.id, size)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    draw = _ITEM_SHAPES.get(kind.kind)
    if draw is None:
        return sprite(kind.glyph, kind.colour, size, "treasure" if kind.kind == "treasure" else "item")
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    draw(surf, lighten(kind.colour, RIM_LUMINANCE), size)
    _CACHE[key] = surf
    return surf


def _flask(surf: pygame.Surface, colour, s: int) -> None:
    c, r = s // 2, max(3, s * 5 // 16)
    neck = pygame.Rect(c - max(1, s // 8), s // 8, 2 * max(1, s // 8), s // 3)
    for grow, fill in ((1, OUTLINE), (0, colour)):
        pygame.draw.circle(surf, fill, (c, s - r - 1), r + grow)
        pygame.draw.rect(surf, fill, neck.inflate(2 * grow, 2 * grow))
    pygame.draw.circle(surf, (255, 255, 255), (c - r // 2, s - r - 1 - r // 3), max(1, s // 16))  # a glint


def _blade(surf: pygame.Surface, colour, s: int) -> None:
    tip, hilt = (s - 3, 2), (4, s - 5)
    pygame.draw.line(surf, OUTLINE, tip, hilt, max(3, s // 4))
    pygame.draw.line(surf, colour, tip, hilt, max(1, s // 8))
    guard = ((2, s - 8), (7, s - 3))
    pygame.draw.line(surf, OUTLINE, *guard, max(3, s // 4))
    pygame.draw.line(surf, (200, 160, 90), *guard, max(1, s // 8))
    pygame.draw.line(surf, OUTLINE, (1, s - 2), (4, s - 5), max(3, s // 5))


def _shield(surf: pygame.Surface, colour, s: int) -> None:
    pts = [(2, 2), (s - 3, 2), (s - 3, s // 2), (s // 2, s - 2), (2, s // 2)]
    pygame.draw.polygon(surf, OUTLINE, [(1, 1), (s - 2, 1), (s - 2, s // 2), (s // 2, s - 1), (1, s // 2)])
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.line(surf, OUTLINE, (s // 2, 3), (s // 2, s - 4), 1)


def _heap(surf: pygame.Surface, colour, s: int) -> None:
    r = max(2, s // 5)
    for x, y in ((s // 2, s // 2 - r + 1), (s // 2 - r - 1, s - r - 2), (s // 2 + r + 1, s - r - 2)):
        pygame.draw.circle(surf, OUTLINE, (x, y), r + 1)
        pygame.draw.circle(surf, colour, (x, y), r)


def _scroll(surf: pygame.Surface, colour, s: int) -> None:
    """A sheet between two rolls."""
    sheet = pygame.Rect(s // 4, s // 5, s - s // 2, s - 2 * (s // 5))
    pygame.draw.rect(surf, OUTLINE, sheet.inflate(2, 2))
    pygame.draw.rect(surf, colour, sheet)
    for y in (sheet.top, sheet.bottom - 1):
        roll = pygame.Rect(s // 8, y - max(1, s // 10), s - s // 4, 2 * max(1, s // 10) + 1)
        pygame.draw.rect(surf, OUTLINE, roll.inflate(2, 2), border_radius=2)
        pygame.draw.rect(surf, colour, roll, border_radius=2)


def _wand(surf: pygame.Surface, colour, s: int) -> None:
    """A thin rod, lit at its tip."""
    tip, end = (s - 4, 3), (3, s - 4)
    pygame.draw.line(surf, OUTLINE, tip, end, max(3, s // 5))
    pygame.draw.line(surf, colour, tip, end, max(1, s // 10))
    pygame.draw.circle(surf, OUTLINE, tip, max(2, s // 6) + 1)
    pygame.draw.circle(surf, (255, 255, 255), tip, max(2, s // 6))


def _arrows(surf: pygame.Surface, colour, s: int) -> None:
    """Two shafts side by side with their heads."""
    for dx in (-s // 6, s // 6):
        x = s // 2 + dx
        pygame.draw.line(surf, OUTLINE, (x, 2), (x, s - 2), max(3, s // 6))
        pygame.draw.line(surf, colour, (x, 3), (x, s - 3), 1)
        pygame.draw.polygon(surf, OUTLINE, [(x - 2, 5), (x, 1), (x + 2, 5)])


def _gem(surf: pygame.Surface, colour, s: int) -> None:
    """A relic: a large faceted star."""
    c = s // 2
    outer = [(c, 0), (c + s // 5, c - s // 5), (s - 1, c), (c + s // 5, c + s // 5), (c, s - 1),
             (c - s // 5, c + s // 5), (0, c), (c - s // 5, c - s // 5)]
    pygame.draw.polygon(surf, OUTLINE, outer)
    inner = [(x + (c - x) // 4, y + (c - y) // 4) for x, y in outer]
    pygame.draw.polygon(surf, colour, inner)


_ITEM_SHAPES = {"potion": _flask, "weapon": _blade, "armour": _shield, "resource": _heap, "scroll": _scroll,
                "wand": _wand, "ammo": _arrows, "relic": _gem}


def glyph_mask(glyph: str, size: int) -> pygame.Surface:
    """A white glyph centred on a black ``size`` square (ASCII tiles multiply it by their colour)."""
    key = ("@mask", glyph, size)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size))
        face = ui.render(glyph, size + 2, (255, 255, 255))
        surf.blit(face, face.get_rect(center=(size // 2, size // 2)))
        _CACHE[key] = surf
    return surf


def glyph_sprite(glyph: str, colour: tuple[int, int, int], size: int, edge=None) -> pygame.Surface:
    """An entity in the ASCII map: its letter, lightened, on a dark square
    (with an ``edge`` colour: a guardian's is gold, the player's white)."""
    key = ("@glyph", glyph, colour, size, edge)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size))
        surf.fill(OUTLINE)
        if edge is not None:
            pygame.draw.rect(surf, edge, surf.get_rect(), 1)
        face = ui.render(glyph, size + 2, lighten(colour, RIM_LUMINANCE))
        surf.blit(face, face.get_rect(center=(size // 2, size // 2)))
        _CACHE[key] = surf
    return surf


def player_sprite(size: int) -> pygame.Surface:
    key = ("@player", size)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        pygame.draw.circle(surf, OUTLINE, (c, c), c)
        pygame.draw.circle(surf, (255, 250, 230), (c, c), c - 1)
        _letter(surf, "@", (30, 24, 16), size)
        _CACHE[key] = surf
    return surf


#: The stone of a site's entrance when its generator names no colour.
_PLAIN_STONE = (140, 140, 140)


def site_stone(style: str) -> tuple[int, int, int]:
    """The stone of a site's entrance: the colour its generator's spec names."""
    spec = registry.REGISTRY.get(style)
    return spec.colour if spec is not None and spec.colour is not None else _PLAIN_STONE


def site_sprite(size: int, state: str, style: str, relic: bool = False) -> pygame.Surface:
    """A dungeon entrance: an arch on a stone base, its rim by what the player
    did there (``state``: "cleared" gold, "entered" pale blue, "new" dark;
    :data:`game.view.goal.SITE_COLOURS`), a location's relic site rimmed magenta
    until cleared; the door is dark until entered, grey once entered, gold once cleared."""
    key = ("@site", size, state, style, relic)
    surf = _CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        base = site_stone(style)
        rim = (255, 80, 255) if relic and state != "cleared" else _SITE_RIMS[state]
        body = pygame.Rect(1, 1, size - 2, size - 2)
        pygame.draw.rect(surf, base, body, border_radius=max(1, size // 5))
        pygame.draw.rect(surf, rim, body, max(1, size // 8), border_radius=max(1, size // 5))
        door = pygame.Rect(size // 3, size // 3, size - 2 * (size // 3), size - size // 3 - 1)
        pygame.draw.rect(surf, _SITE_DOORS[state], door,
                         border_top_left_radius=size // 4, border_top_right_radius=size // 4)
        _CACHE[key] = surf
    return surf


#: A site's rim and door by what the player did there (the view's SITE_COLOURS; the door of a new one is dark).
_SITE_RIMS = {"cleared": (255, 215, 0), "entered": (150, 205, 255), "new": (20, 16, 18)}
_SITE_DOORS = {"cleared": (255, 215, 0), "entered": (96, 104, 124), "new": (10, 8, 10)}


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


def feature_sprite(tile: int, size: int) -> pygame.Surface:
    """A dungeon feature drawn over its tile so it reads at a glance: a statue's
    figure, a table, a fountain's basin (grey when dry), an altar's slab, a
    trap's spikes."""
    key = ("@feature", tile, size)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c, s = size // 2, size
    if tile == T.statue:
        pygame.draw.circle(surf, OUTLINE, (c, s // 4 + 1), s // 5 + 1)
        pygame.draw.circle(surf, (226, 222, 230), (c, s // 4 + 1), s // 5)
        body = [(c - s // 4, s - 2), (c + s // 4, s - 2), (c + s // 8, s // 3), (c - s // 8, s // 3)]
        pygame.draw.polygon(surf, OUTLINE, body)
        pygame.draw.polygon(surf, (226, 222, 230), [(x, y - 1) for x, y in body[:2]] + body[2:])
    elif tile == T.table:
        top = pygame.Rect(2, s // 3, s - 4, s // 4)
        pygame.draw.rect(surf, OUTLINE, top.inflate(2, 2))
        pygame.draw.rect(surf, (176, 120, 70), top)
        for x in (4, s - 6):
            pygame.draw.line(surf, (120, 80, 44), (x, top.bottom), (x, s - 3), 2)
    elif tile in (T.fountain, T.dry_fountain):
        wet = tile == T.fountain
        pygame.draw.ellipse(surf, OUTLINE, (1, s // 2 - 2, s - 2, s // 2))
        pygame.draw.ellipse(surf, (120, 190, 255) if wet else (130, 130, 136), (2, s // 2 - 1, s - 4, s // 2 - 2))
        pygame.draw.line(surf, OUTLINE, (c, 2), (c, s // 2), 3)
        if wet:
            pygame.draw.line(surf, (220, 240, 255), (c, 3), (c, s // 2 - 1), 1)
    elif tile == T.altar:
        slab = pygame.Rect(2, s // 2 - 1, s - 4, s // 3)
        pygame.draw.rect(surf, OUTLINE, slab.inflate(2, 2))
        pygame.draw.rect(surf, (236, 210, 130), slab)
        pygame.draw.circle(surf, (255, 250, 220), (c, s // 3), max(2, s // 8))
    elif tile in (T.door, T.vault_door):  # planks in a frame; a vault's with a gold lock
        plank = pygame.Rect(2, 1, s - 4, s - 2)
        pygame.draw.rect(surf, OUTLINE, plank.inflate(2, 2))
        pygame.draw.rect(surf, (150, 96, 44), plank)
        for x in (s // 3, 2 * s // 3):
            pygame.draw.line(surf, (110, 68, 30), (x, 2), (x, s - 3), 1)
        if tile == T.vault_door:
            pygame.draw.circle(surf, OUTLINE, (c, c), max(2, s // 6) + 1)
            pygame.draw.circle(surf, (250, 210, 80), (c, c), max(2, s // 6))
    elif tile == T.open_door:  # the door swung back against its frame
        pygame.draw.rect(surf, OUTLINE, (0, 0, max(3, s // 5) + 1, s))
        pygame.draw.rect(surf, (150, 96, 44), (1, 1, max(2, s // 5) - 1, s - 2))
    elif tile in (T.pedestal, T.cage):  # an altar's slab; caged, with bars over it
        slab = pygame.Rect(3, s // 2, s - 6, s // 3)
        pygame.draw.rect(surf, OUTLINE, slab.inflate(2, 2))
        pygame.draw.rect(surf, (214, 200, 150), slab)
        if tile == T.cage:
            for x in range(2, s - 1, max(3, s // 4)):
                pygame.draw.line(surf, OUTLINE, (x, 1), (x, s - 2), 3)
                pygame.draw.line(surf, (200, 204, 220), (x, 1), (x, s - 2), 1)
    elif tile == T.bookshelf:  # rows of spines
        for row, y in enumerate(range(2, s - 3, max(4, s // 3))):
            for k, x in enumerate(range(2, s - 2, 3)):
                colour = ((170, 60, 50), (60, 110, 160), (200, 170, 80))[(k + row) % 3]
                pygame.draw.line(surf, colour, (x, y), (x, y + max(3, s // 3) - 2), 2)
    elif tile == T.trap:
        for dx in (-s // 4, 0, s // 4):
            pts = [(c + dx - 2, s - 3), (c + dx, s // 3), (c + dx + 2, s - 3)]
            pygame.draw.polygon(surf, OUTLINE, [(x, y + 1) for x, y in pts])
            pygame.draw.polygon(surf, (230, 90, 190), pts)
    _CACHE[key] = surf
    return surf
