"""The map viewport: the camera, tiles as pixels, and what stands on them.

Only reads the run.  The map surface is rebuilt when ``game.version`` or the
camera changes and then blitted each frame; tile maps become pixels by
palette lookup through surfarray and one nearest-neighbour scale; entities
are cached sprites.  In the ASCII mode (``ascii``) every tile is its glyph in
its colour on black, and entities are letters.
"""

from __future__ import annotations

import numpy as np
import pygame

from worldgen.core.tiles import GLYPHS, PALETTE, T

from ..rules.content import GASES, ITEM_BY_ID, relic_site
from ..rules.world.level import SIGHT
from ..rules.play.look import disguise_of
from ..rules.run import Game
from . import sprites
from .goal import SITE_COLOURS, GoalLine, edge_arrow, ring, site_state
from .render import rgb_surface

__all__ = ["MapView", "MAP_RECT", "TILE_DUNGEON", "TILE_OVER", "GAME_PALETTE", "UNSEEN", "DIM"]

MAP_RECT = pygame.Rect(0, 0, 720, 432)
TILE_DUNGEON = 16
TILE_OVER = 14

#: The game draws with the library palette, walls a little lighter so they stand
#: out from remembered (dimmed) floor.
GAME_PALETTE = PALETTE.copy()
GAME_PALETTE[T.wall] = (92, 82, 100)
GAME_PALETTE[T.secret_door] = (92, 82, 100)

_EDGES = {"boss": (255, 200, 60), "ally": (110, 240, 130), "captive": (205, 205, 215)}  # ASCII map: an edge per side
_FEATURES = (T.statue, T.table, T.fountain, T.dry_fountain, T.altar, T.trap, T.door, T.open_door, T.vault_door,
             T.pedestal, T.cage, T.bookshelf)  # drawn as shapes over their tile
FIRE = np.array([255, 120, 30], dtype=np.float32)  # flames over a burning cell (a flicker of yellow by the turn)

# Remembered-but-not-visible tiles: darker and cooler, but legible (a remembered
# floor keeps 1.7:1 against a remembered wall and 2.7:1 against the unexplored).
DIM = np.array([0.56, 0.58, 0.72], dtype=np.float32)
UNSEEN = np.array([8, 8, 12], dtype=np.uint8)


def _textured(tiles: np.ndarray, x0: int, y0: int) -> np.ndarray:
    """Palette colours with a fixed per-cell brightness jitter (a hash of the
    absolute cell), so wide plains and floors are not flat."""
    h, w = tiles.shape
    ys = (np.arange(h, dtype=np.uint32) + np.uint32(y0))[:, None]
    xs = (np.arange(w, dtype=np.uint32) + np.uint32(x0))[None, :]
    n = xs * np.uint32(374761393) + ys * np.uint32(668265263)
    n = (n ^ (n >> np.uint32(13))) * np.uint32(1274126177)
    jitter = ((n >> np.uint32(24)) & np.uint32(15)).astype(np.int16) - 8  # -8..7
    rgb = GAME_PALETTE[tiles].astype(np.int16) + jitter[:, :, None]
    return np.clip(rgb, 0, 255).astype(np.uint8)


def _hazards(out: np.ndarray, lv, vis: np.ndarray, seen: np.ndarray, cx: int, cy: int, vw: int, vh: int,
             turn: int) -> None:
    """Fires (seen ones, remembered too) and clouds (in view) over the tiles, in place."""
    window = (slice(cy, cy + vh), slice(cx, cx + vw))
    fire = (lv.fire[window] > 0) & seen
    if fire.any():
        ys, xs = np.nonzero(fire)
        flicker = ((xs * 7 + ys * 13 + turn) % 3).astype(np.float32)[:, None] * np.float32(40)
        flame = FIRE + np.stack([np.zeros_like(flicker[:, 0]), flicker[:, 0], flicker[:, 0] * 0.5], axis=1)
        out[ys, xs] = np.clip(out[ys, xs] * 0.3 + flame * 0.7, 0, 255).astype(np.uint8)
    for kind, field in lv.gas.items():
        share = np.minimum(field[window].astype(np.float32) / 400.0, 0.8) * vis
        if share.any():
            colour = np.array(GASES[kind].colour, dtype=np.float32)
            out[...] = (out * (1 - share[:, :, None]) + colour * share[:, :, None]).astype(np.uint8)


def _legible(rgb: np.ndarray) -> np.ndarray:
    """Tile colours as glyph colours on black: lifted so dark walls and water
    still read (the ASCII map)."""
    return (np.uint16(70) + rgb.astype(np.uint16) * np.uint16(3) // np.uint16(4)).astype(np.uint8)


class MapView:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.ascii = False  # glyphs instead of tiles and sprites (the ASCII map mode)
        self.goal = GoalLine(game)  # the objective: its cell is ringed (the play screen draws its line)
        self.reserve = 0  # pixels at the map's foot kept clear of cells (the thumb buttons, while touch is the input)
        self._key = None
        self._surface: pygame.Surface | None = None

    # -- geometry ----------------------------------------------------------------
    def tile_size(self) -> int:
        return TILE_DUNGEON if self.game.mode.startswith("dungeon") else TILE_OVER

    def map_shape(self) -> tuple[int, int]:
        g = self.game
        if g.mode == "dungeon" and g.level is not None:
            return g.level.shape
        if g.loc is not None:
            return g.loc.tiles.shape
        return (1, 1)

    def area(self) -> pygame.Rect:
        """Where cells are drawn: the map's rect less the :attr:`reserve` at its foot."""
        return pygame.Rect(MAP_RECT.x, MAP_RECT.y, MAP_RECT.width, MAP_RECT.height - self.reserve)

    def camera(self) -> tuple[int, int, int, int, int, int]:
        """``(cx, cy, vw, vh, ox, oy)``: first tile shown, tiles shown, pixel offset."""
        ts = self.tile_size()
        h, w = self.map_shape()
        height = MAP_RECT.height - self.reserve
        vw, vh = MAP_RECT.width // ts, height // ts
        px, py = self.game.pos
        if w <= vw:
            cx, vw_used, ox = 0, w, (MAP_RECT.width - w * ts) // 2
        else:
            cx, vw_used, ox = min(max(0, px - vw // 2), w - vw), vw, (MAP_RECT.width - vw * ts) // 2
        if h <= vh:
            cy, vh_used, oy = 0, h, (height - h * ts) // 2
        else:
            cy, vh_used, oy = min(max(0, py - vh // 2), h - vh), vh, (height - vh * ts) // 2
        return cx, cy, vw_used, vh_used, MAP_RECT.x + ox, MAP_RECT.y + oy

    def screen_to_tile(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map cell under a screen point in the viewport, else None."""
        if not self.area().collidepoint(pos):
            return None
        cx, cy, vw, vh, ox, oy = self.camera()
        ts = self.tile_size()
        tx, ty = (pos[0] - ox) // ts, (pos[1] - oy) // ts
        if 0 <= tx < vw and 0 <= ty < vh:
            return int(cx + tx), int(cy + ty)
        return None

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        """The screen rect of map cell ``(x, y)`` (it may lie outside the viewport)."""
        cx, cy, _, _, ox, oy = self.camera()
        ts = self.tile_size()
        return pygame.Rect(ox + (x - cx) * ts, oy + (y - cy) * ts, ts, ts)

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_tiles(surface)
        self._draw_entities(surface)
        self.draw_goal(surface)

    def draw_goal(self, surface: pygame.Surface) -> None:
        """The goal's cell ringed, or an arrow at the map's edge pointing to it."""
        cell = self.goal.current().cell
        if cell is None:
            return
        rect, area = self.cell_rect(*cell), self.area()
        if area.contains(rect):
            ring(surface, rect)
        else:
            edge_arrow(surface, area, self.cell_rect(*self.game.pos).center, rect.center)

    def _rgb(self, cx: int, cy: int, vw: int, vh: int) -> np.ndarray:
        g = self.game
        if g.mode != "dungeon":
            return _textured(g.loc.tiles[cy:cy + vh, cx:cx + vw], cx, cy)
        lv = g.level
        shown = lv.shown_tiles()[cy:cy + vh, cx:cx + vw]
        rgb = _textured(shown, cx, cy)
        vis = lv.visible[cy:cy + vh, cx:cx + vw]
        seen = lv.seen[cy:cy + vh, cx:cx + vw]
        dim = seen & ~vis
        out = rgb.copy()
        out[dim] = (rgb[dim].astype(np.float32) * DIM).astype(np.uint8)
        # Torchlight: visible tiles fade a little with distance from the player.
        ys, xs = np.nonzero(vis)
        d2 = (ys + cy - g.pos[1]) ** 2 + (xs + cx - g.pos[0]) ** 2
        light = 1.08 - 0.33 * np.minimum(1.0, np.sqrt(d2.astype(np.float32)) / SIGHT)
        out[ys, xs] = np.clip(rgb[ys, xs] * light[:, None], 0, 255).astype(np.uint8)
        _hazards(out, lv, vis, seen, cx, cy, vw, vh, g.turn)
        out[~seen] = UNSEEN
        return out

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        g = self.game
        cam = self.camera()
        ts = self.tile_size()
        key = (g.version, cam, ts, g.mode, id(g.level), id(g.loc), self.ascii)
        if key != self._key:
            cx, cy, vw, vh, _, _ = cam
            rgb = self._rgb(cx, cy, vw, vh)
            big = pygame.transform.scale(rgb_surface(_legible(rgb) if self.ascii else rgb), (vw * ts, vh * ts))
            if self.ascii:  # each tile's glyph in its colour, on black
                big.blit(self._glyph_mask(cx, cy, vw, vh, ts), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            else:
                big.blit(sprites.tile_shade(ts, vw, vh), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            self._surface = big
            self._key = key
        surface.blit(self._surface, cam[4:6])

    def _glyph_mask(self, cx: int, cy: int, vw: int, vh: int, ts: int) -> pygame.Surface:
        """White glyphs on black for the cells in view the player knows (one
        ``fblits`` call of cached glyphs: about a thousand cells)."""
        g = self.game
        if g.mode == "dungeon":
            tiles = g.level.shown_tiles()[cy:cy + vh, cx:cx + vw]
            known = g.level.seen[cy:cy + vh, cx:cx + vw]
        else:
            tiles = g.loc.tiles[cy:cy + vh, cx:cx + vw]
            known = np.ones(tiles.shape, dtype=bool)
        mask = pygame.Surface((vw * ts, vh * ts))
        ys, xs = np.nonzero(known)
        glyphs = GLYPHS[tiles[ys, xs]]
        mask.fblits([(sprites.glyph_mask(ch, ts), (x * ts, y * ts))
                     for ch, x, y in zip(glyphs.tolist(), xs.tolist(), ys.tolist()) if ch != " "])
        return mask

    def _draw_entities(self, surface: pygame.Surface) -> None:
        g = self.game
        cx, cy, vw, vh, ox, oy = self.camera()
        ts = self.tile_size()

        def at(x, y):
            return (ox + (x - cx) * ts, oy + (y - cy) * ts)

        def inside(x, y):
            return cx <= x < cx + vw and cy <= y < cy + vh

        glyph = sprites.glyph_sprite if self.ascii else None
        if g.mode == "overworld":
            relic, visited = relic_site(len(g.loc.sites)), g.visited_sites()
            for s in g.loc.sites:
                if inside(s.x, s.y):
                    state, relic_here = site_state(g, s.index, visited), s.index == relic
                    colour = SITE_COLOURS[state] if state != "new" else (255, 80, 255) if relic_here else (240, 236, 230)
                    surface.blit(glyph("&" if relic_here else "*", colour, ts) if glyph
                                 else sprites.site_sprite(ts, state, s.style, relic_here), at(s.x, s.y))
        else:
            lv = g.level
            for (sx, sy), down in ((lv.up, False), (lv.down or (None, None), True)):
                if sx is not None and inside(sx, sy) and lv.seen[sy, sx] and not glyph:
                    surface.blit(sprites.stairs_sprite(ts, down), at(sx, sy))
            if not glyph:  # features drawn as shapes (the ASCII map shows their glyphs)
                shown = lv.shown_tiles()[cy:cy + vh, cx:cx + vw]
                ys, xs = np.nonzero(np.isin(shown, _FEATURES) & lv.seen[cy:cy + vh, cx:cx + vw])
                for y, x in zip((ys + cy).tolist(), (xs + cx).tolist()):
                    surface.blit(sprites.feature_sprite(int(lv.tiles[y, x]), ts), at(x, y))
            for it in lv.items:
                if inside(it.x, it.y) and lv.seen[it.y, it.x]:
                    surface.blit(glyph(it.kind.glyph, it.kind.colour, ts) if glyph
                                 else sprites.item_sprite(it.kind, ts), at(it.x, it.y))
            for m in lv.monsters:
                if not inside(m.x, m.y) or not lv.visible[m.y, m.x]:
                    continue
                if not g.sees(m):  # a mimic is drawn as what it passes for; an eel under water not at all
                    if m.hidden and m.kind.disguise:
                        kind = ITEM_BY_ID[disguise_of(m)]
                        surface.blit(glyph(kind.glyph, kind.colour, ts) if glyph else sprites.item_sprite(kind, ts),
                                     at(m.x, m.y))
                    continue
                shape = sprites.monster_shape(m)
                edge = _EDGES.get(shape)
                surface.blit(glyph(m.kind.glyph, m.kind.colour, ts, edge) if glyph else
                             sprites.sprite(m.kind.glyph, m.kind.colour, ts, shape), at(m.x, m.y))
        for (x, y) in g.path[:60]:
            if inside(x, y):
                px, py = at(x, y)
                pygame.draw.rect(surface, (255, 230, 140), (px + ts // 2 - 1, py + ts // 2 - 1, 3, 3))
        surface.blit(glyph("@", (255, 240, 120), ts, (255, 255, 255)) if glyph else sprites.player_sprite(ts),
                     at(*g.pos))
