"""Drawing the game: the map viewport, entities, the side panel and the log.

Everything here only reads the :class:`~game.session.Game`; surfaces that
cost something (the map viewport, the panel, the log, the minimap) are
rebuilt only when ``game.version`` or the camera changes, and then blitted
each frame.  Tile maps become pixels by palette lookup through surfarray and
one nearest-neighbour scale; entities are cached sprites.
"""

from __future__ import annotations

import numpy as np
import pygame

from worldgen.tiles import PALETTE, TILES, T

from . import sprites, ui
from .dungeon import SIGHT
from .content import ITEM_BY_ID, sites_to_unlock, xp_to_next
from .render import rgb_surface
from .session import Game

__all__ = ["GameView", "MAP_RECT", "PANEL_RECT", "LOG_RECT", "TILE_DUNGEON", "TILE_OVER"]

MAP_RECT = pygame.Rect(0, 0, 720, 432)
PANEL_RECT = pygame.Rect(720, 0, 240, 540)
LOG_RECT = pygame.Rect(0, 432, 720, 108)
TILE_DUNGEON = 16
TILE_OVER = 14
MINIMAP_HEIGHT = 140

#: The game draws with the library palette, walls a little lighter so they stand
#: out from remembered (dimmed) floor.
GAME_PALETTE = PALETTE.copy()
GAME_PALETTE[T.wall] = (92, 82, 100)
GAME_PALETTE[T.secret_door] = (92, 82, 100)

# Remembered-but-not-visible tiles: darker and cooler.
_DIM = np.array([0.50, 0.52, 0.66], dtype=np.float32)
_UNSEEN = np.array([8, 8, 12], dtype=np.uint8)


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


class GameView:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._map_key = None
        self._map_surface: pygame.Surface | None = None
        self._camera = (0, 0)
        self._tile = TILE_OVER
        self._panel_key = None
        self._panel: pygame.Surface | None = None
        self._log_key = None
        self._log: pygame.Surface | None = None
        self._mini_key = None
        self._mini: pygame.Surface | None = None
        self._mini_rect = pygame.Rect(0, 0, 0, 0)
        self._mini_scale = 1.0

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

    def camera(self) -> tuple[int, int, int, int, int, int]:
        """``(cx, cy, vw, vh, ox, oy)``: first tile shown, tiles shown, pixel offset."""
        ts = self.tile_size()
        h, w = self.map_shape()
        vw, vh = MAP_RECT.width // ts, MAP_RECT.height // ts
        px, py = self.game.pos
        if w <= vw:
            cx, vw_used, ox = 0, w, (MAP_RECT.width - w * ts) // 2
        else:
            cx, vw_used, ox = min(max(0, px - vw // 2), w - vw), vw, (MAP_RECT.width - vw * ts) // 2
        if h <= vh:
            cy, vh_used, oy = 0, h, (MAP_RECT.height - h * ts) // 2
        else:
            cy, vh_used, oy = min(max(0, py - vh // 2), h - vh), vh, (MAP_RECT.height - vh * ts) // 2
        return cx, cy, vw_used, vh_used, MAP_RECT.x + ox, MAP_RECT.y + oy

    def screen_to_tile(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map cell under a screen point (map viewport or minimap), else None."""
        if self._mini_rect.collidepoint(pos) and self._mini is not None:
            x = (pos[0] - self._mini_rect.x) / self._mini_scale
            y = (pos[1] - self._mini_rect.y) / self._mini_scale
            return int(x), int(y)
        if not MAP_RECT.collidepoint(pos):
            return None
        cx, cy, vw, vh, ox, oy = self.camera()
        ts = self.tile_size()
        tx, ty = (pos[0] - ox) // ts, (pos[1] - oy) // ts
        if 0 <= tx < vw and 0 <= ty < vh:
            return int(cx + tx), int(cy + ty)
        return None

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        if g.mode in ("overworld", "dungeon") and (g.loc is not None):
            self._draw_map(surface)
            self._draw_entities(surface)
        self._draw_panel(surface)
        self._draw_log(surface)

    def _map_rgb(self, cx: int, cy: int, vw: int, vh: int) -> np.ndarray:
        g = self.game
        if g.mode == "dungeon":
            lv = g.level
            shown = lv.shown_tiles()[cy:cy + vh, cx:cx + vw]
            rgb = _textured(shown, cx, cy)
            vis = lv.visible[cy:cy + vh, cx:cx + vw]
            seen = lv.seen[cy:cy + vh, cx:cx + vw]
            dim = seen & ~vis
            out = rgb.copy()
            out[dim] = (rgb[dim].astype(np.float32) * _DIM).astype(np.uint8)
            # Torchlight: visible tiles fade a little with distance from the player.
            ys, xs = np.nonzero(vis)
            d2 = (ys + cy - g.pos[1]) ** 2 + (xs + cx - g.pos[0]) ** 2
            light = 1.08 - 0.33 * np.minimum(1.0, np.sqrt(d2.astype(np.float32)) / SIGHT)
            out[ys, xs] = np.clip(rgb[ys, xs] * light[:, None], 0, 255).astype(np.uint8)
            out[~seen] = _UNSEEN
            return out
        return _textured(g.loc.tiles[cy:cy + vh, cx:cx + vw], cx, cy)

    def _draw_map(self, surface: pygame.Surface) -> None:
        g = self.game
        cam = self.camera()
        ts = self.tile_size()
        key = (g.version, cam, ts, g.mode, id(g.level), id(g.loc))
        if key != self._map_key:
            cx, cy, vw, vh, _, _ = cam
            small = rgb_surface(self._map_rgb(cx, cy, vw, vh))
            big = pygame.transform.scale(small, (vw * ts, vh * ts))
            big.blit(sprites.tile_shade(ts, vw, vh), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            self._map_surface = big
            self._map_key = key
        surface.blit(self._map_surface, cam[4:6])

    def _draw_entities(self, surface: pygame.Surface) -> None:
        g = self.game
        cx, cy, vw, vh, ox, oy = self.camera()
        ts = self.tile_size()

        def at(x, y):
            return (ox + (x - cx) * ts, oy + (y - cy) * ts)

        def inside(x, y):
            return cx <= x < cx + vw and cy <= y < cy + vh

        if g.mode == "overworld":
            for s in g.loc.sites:
                if inside(s.x, s.y):
                    surface.blit(sprites.site_sprite(ts, g.is_cleared(s.index), s.style), at(s.x, s.y))
        else:
            lv = g.level
            for (sx, sy), down in ((lv.up, False), (lv.down or (None, None), True)):
                if sx is not None and inside(sx, sy) and lv.seen[sy, sx]:
                    surface.blit(sprites.stairs_sprite(ts, down), at(sx, sy))
            for it in lv.items:
                if inside(it.x, it.y) and lv.seen[it.y, it.x]:
                    shape = "treasure" if it.kind.kind == "treasure" else "item"
                    surface.blit(sprites.sprite(it.kind.glyph, it.kind.colour, ts, shape), at(it.x, it.y))
            for m in lv.monsters:
                if inside(m.x, m.y) and lv.visible[m.y, m.x]:
                    surface.blit(sprites.sprite(m.kind.glyph, m.kind.colour, ts, "boss" if m.boss else "disc"),
                                 at(m.x, m.y))
        if g.path:
            for (x, y) in g.path[:60]:
                if inside(x, y):
                    px, py = at(x, y)
                    pygame.draw.rect(surface, (255, 230, 140), (px + ts // 2 - 1, py + ts // 2 - 1, 3, 3))
        surface.blit(sprites.player_sprite(ts), at(*g.pos))

    # -- panel ------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        g = self.game
        key = (g.version, g.mode, g.location, g.depth)
        if key != self._panel_key:
            self._panel = self._render_panel()
            self._panel_key = key
        surface.blit(self._panel, PANEL_RECT.topleft)
        self._draw_minimap(surface)

    def _render_panel(self) -> pygame.Surface:
        g, p = self.game, self.game.player
        surf = pygame.Surface(PANEL_RECT.size)
        surf.fill((16, 18, 26))
        pygame.draw.line(surf, (60, 60, 80), (0, 0), (0, PANEL_RECT.height))
        x, y = 12, 8
        ui.text(surf, g.name[:22], (x, y), 26, ui.ACCENT)
        y += 24
        loc_name = g.loc.name if g.loc is not None else "..."
        ui.text(surf, f"{loc_name[:20]}  ({g.location + 1}/{g.world.n_locations})", (x, y), 18)
        y += 18
        if g.mode.startswith("dungeon") and g.site is not None:
            site = g.loc.sites[g.site]
            where = f"{site.style} site {site.index + 1}, depth {g.depth}/{g.size.levels}"
        else:
            cleared = len(g.cleared.get(g.location, ()))
            where = f"overworld, {cleared}/{sites_to_unlock(len(g.loc.sites)) if g.loc else 10} cleared"
        ui.text(surf, where, (x, y), 18, ui.DIM)
        y += 24
        # HP bar
        bar = pygame.Rect(x, y, 216, 14)
        pygame.draw.rect(surf, (60, 20, 24), bar)
        frac = max(0.0, p.hp / max(1, p.max_hp))
        pygame.draw.rect(surf, (220, 60, 60) if frac < 0.34 else (200, 70, 80), (x, y, int(216 * frac), 14))
        ui.text(surf, f"HP {max(0, p.hp)}/{p.max_hp}", (x + 4, y - 1), 18)
        y += 20
        need = xp_to_next(p.level)
        bar = pygame.Rect(x, y, 216, 8)
        pygame.draw.rect(surf, (30, 30, 60), bar)
        pygame.draw.rect(surf, (110, 140, 255), (x, y, int(216 * min(1.0, p.xp / need)), 8))
        y += 12
        ui.text(surf, f"Level {p.level}   XP {p.xp}/{need}", (x, y), 18)
        y += 18
        ui.text(surf, f"Attack {p.attack}   Defence {p.defence}   Turn {g.turn}", (x, y), 18)
        y += 18
        weapon = ITEM_BY_ID[p.weapon].name if p.weapon else "bare hands"
        armour = ITEM_BY_ID[p.armour].name if p.armour else "no armour"
        ui.text(surf, f"{weapon}, {armour}"[:34], (x, y), 16, ui.DIM)
        y += 16
        ui.text(surf, f"Pack {len(p.inventory)}/20   Kills {g.kills}", (x, y), 16, ui.DIM)
        y += 20
        self._mini_top = y
        y += MINIMAP_HEIGHT + 10
        if g.mode == "dungeon" and g.level is not None:
            lv = g.level
            seen = [m for m in lv.monsters if lv.visible[m.y, m.x]]
            seen.sort(key=lambda m: max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])))
            ui.text(surf, "In view" if seen else "Nothing in view", (x, y), 18, ui.DIM)
            y += 18
            for m in seen[:7]:
                surf.blit(sprites.sprite(m.kind.glyph, m.kind.colour, 16, "boss" if m.boss else "disc"), (x, y))
                name = ("guardian " if m.boss else "") + m.kind.name
                ui.text(surf, name, (x + 22, y), 18, m.kind.colour)
                bar = pygame.Rect(x + 150, y + 4, 66, 8)
                pygame.draw.rect(surf, (60, 20, 24), bar)
                pygame.draw.rect(surf, (220, 70, 70), (bar.x, bar.y, int(bar.w * max(0, m.hp) / m.max_hp), 8))
                y += 19
            here = lv.items_at(*g.pos)
            tile = int(lv.tiles[g.pos[1], g.pos[0]])
            if tile in (T.stairs_down, T.stairs_up):
                ui.text(surf, f"Stairs {'down' if tile == T.stairs_down else 'up'} here (Enter)",
                        (x, PANEL_RECT.height - 40), 18, ui.ACCENT)
            elif here:
                ui.text(surf, f"Here: {here[0].kind.name}", (x, PANEL_RECT.height - 40), 18, ui.ACCENT)
        elif g.mode == "overworld" and g.loc is not None:
            site = g.site_under()
            terrain = TILES[int(g.loc.tiles[g.pos[1], g.pos[0]])].name.replace("_", " ")
            ui.text(surf, f"Standing on {terrain}", (x, y), 18, ui.DIM)
            y += 18
            if site is not None:
                state = "cleared" if g.is_cleared(site.index) else "not cleared"
                ui.text(surf, f"Site {site.index + 1}: {site.style} ({state})", (x, y), 18, ui.ACCENT)
                y += 18
                ui.text(surf, "Enter to go down", (x, y), 18, ui.ACCENT)
        ui.text(surf, "I pack  M map  ? help  Esc menu", (x, PANEL_RECT.height - 20), 16, ui.DIM)
        return surf

    def _draw_minimap(self, surface: pygame.Surface) -> None:
        g = self.game
        if g.loc is None or g.mode not in ("overworld", "dungeon"):
            return
        top = getattr(self, "_mini_top", 200)
        area = pygame.Rect(PANEL_RECT.x + 10, top, PANEL_RECT.width - 20, MINIMAP_HEIGHT)
        dungeon = g.mode == "dungeon"
        h, w = g.level.shape if dungeon else g.loc.tiles.shape
        scale = min(area.width / w, area.height / h)
        key = (g.version if dungeon else len(g.cleared.get(g.location, ())), g.mode, id(g.level), id(g.loc))
        if key != self._mini_key:
            if dungeon:
                lv = g.level
                rgb = GAME_PALETTE[lv.shown_tiles()].copy()
                rgb[~lv.seen] = _UNSEEN
                rgb[lv.seen & ~lv.visible] //= 2
            else:
                rgb = GAME_PALETTE[g.loc.tiles].copy()
                for s in g.loc.sites:
                    rgb[s.y, s.x] = (255, 215, 0) if g.is_cleared(s.index) else (20, 12, 16)
            self._mini = pygame.transform.scale(rgb_surface(rgb), (round(w * scale), round(h * scale)))
            self._mini_key = key
        self._mini_scale = scale
        rect = self._mini.get_rect(midtop=(area.centerx, area.top))
        self._mini_rect = rect if not dungeon else pygame.Rect(0, 0, 0, 0)
        surface.blit(self._mini, rect)
        pygame.draw.rect(surface, (70, 70, 90), rect.inflate(2, 2), 1)
        cx, cy, vw, vh, _, _ = self.camera()
        view = pygame.Rect(rect.x + round(cx * scale), rect.y + round(cy * scale),
                           round(vw * scale), round(vh * scale))
        pygame.draw.rect(surface, (255, 255, 255), view, 1)
        px, py = rect.x + int(g.pos[0] * scale), rect.y + int(g.pos[1] * scale)
        pygame.draw.rect(surface, (255, 255, 255), (px - 2, py - 2, 5, 5))
        pygame.draw.rect(surface, (255, 40, 40), (px - 1, py - 1, 3, 3))

    def _draw_log(self, surface: pygame.Surface) -> None:
        g = self.game
        key = (len(g.log), g.log[-1] if g.log else None, g.turn)
        if key != self._log_key:
            surf = pygame.Surface(LOG_RECT.size)
            surf.fill((10, 11, 16))
            pygame.draw.line(surf, (60, 60, 80), (0, 0), (LOG_RECT.width, 0))
            lines = g.log[-6:]
            y = 4
            for i, (text, colour, turn) in enumerate(lines):
                faded = tuple(int(c * (0.55 + 0.45 * (i + 1) / len(lines))) for c in colour)
                ui.text(surf, text[:96], (10, y), 18, faded)
                y += 17
            self._log = surf
            self._log_key = key
        surface.blit(self._log, LOG_RECT.topleft)
