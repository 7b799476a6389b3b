"""The side panel: the run at a glance (where, HP, XP, gear), the minimap,
and what is in view or underfoot.  Only reads the run; the panel surface is
rebuilt when ``game.version`` changes."""

from __future__ import annotations

import pygame

from worldgen.core.tiles import TILES, T

from ..rules.content import ITEM_BY_ID, STATUSES, relic_site, xp_to_next
from ..rules.content.keys import hint
from ..rules.creatures.identify import item_name
from ..rules.creatures.pack import MAX_INVENTORY, slots_used
from ..rules.run import Game
from ..rules.actions.travel import nearest_known
from ..rules.state import LevelRequest
from . import sprites, ui
from .goal import GOAL_COLOUR, SITE_COLOURS, site_state
from .map_view import GAME_PALETTE, UNSEEN
from .render import rgb_surface

__all__ = ["Panel", "PANEL_RECT", "MINIMAP_HEIGHT", "where_text", "gear_text"]

PANEL_RECT = pygame.Rect(720, 0, 240, 540)
MINIMAP_HEIGHT = 132
_STATUS_Y = 176  # the line of statuses (and the carried relic), under the stats
_MINI_TOP = 194  # y of the minimap inside the panel (below the statuses)
SNAP = 3  # cells a dungeon minimap click may snap to reach explored floor
FOOT_Y = PANEL_RECT.height - 62  # what is underfoot; the play scene's buttons sit below it


def where_text(g: Game) -> str:
    """Where the player is, for the panel; while a level is built, the depth
    it is built for (the run's own depth is still the one being left).

    >>> from game.rules.world.location import WorldMap
    >>> where_text(Game(WorldMap("Avalon"), "small"))
    'overworld'
    """
    if g.mode.startswith("dungeon") and g.site is not None and g.loc is not None:
        site = g.loc.sites[g.site]
        request = g.pending if isinstance(g.pending, LevelRequest) else None
        if request is not None:
            return f"{site.style} site {site.index + 1}, to depth {request.depth}/{g.size.levels}..."
        return f"{site.style} site {site.index + 1}, depth {g.depth}/{g.size.levels}"
    if g.loc is None:
        return "overworld"
    return f"overworld, {len(g.cleared.get(g.location, ()))}/{g.world.sites_to_unlock(len(g.loc.sites))} cleared"


def gear_text(g: Game, short: bool = False) -> str:
    """The weapon in hand (and the one ready to swap) and the armour worn;
    ``short`` for a narrow line.

    >>> from game.rules.world.location import WorldMap
    >>> g = Game(WorldMap("Avalon"))
    >>> g.player.weapon, g.player.swap, g.player.armour = "dagger", "sling", "leather"
    >>> gear_text(g), gear_text(g, short=True)
    ('dagger (sling ready), leather armour', 'dagger/sling, leather armour')
    """
    p = g.player
    weapon = ITEM_BY_ID[p.weapon].name if p.weapon else "bare hands"
    ready = (f"/{ITEM_BY_ID[p.swap].name}" if short else f" ({ITEM_BY_ID[p.swap].name} ready)") if p.swap else ""
    return f"{weapon}{ready}, {ITEM_BY_ID[p.armour].name if p.armour else 'no armour'}"


class Panel:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._key = None
        self._surface: pygame.Surface | None = None
        self._mini_key = None
        self._mini: pygame.Surface | None = None
        self._mini_rect = pygame.Rect(0, 0, 0, 0)
        self._mini_scale = 1.0

    def draw(self, surface: pygame.Surface, camera: tuple[int, int, int, int, int, int],
             goal: tuple[int, int] | None = None) -> None:
        """The panel, and the minimap with ``goal`` (a cell of the map in play) ringed."""
        g = self.game
        key = (g.version, g.mode, g.location, g.depth)
        if key != self._key:
            self._surface = self._render()
            self._key = key
        surface.blit(self._surface, PANEL_RECT.topleft)
        self._draw_minimap(surface, camera, goal)

    def minimap_to_tile(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map cell under a point of the minimap, else None.  In a dungeon a
        minimap pixel is a fraction of a cell, so the point snaps to the nearest
        explored floor within :data:`SNAP` cells (travel goes over known ground);
        with none that near, the cell itself (a walk explores towards it)."""
        if self._mini is None or not self._mini_rect.collidepoint(pos):
            return None
        x = int((pos[0] - self._mini_rect.x) / self._mini_scale)
        y = int((pos[1] - self._mini_rect.y) / self._mini_scale)
        g = self.game
        if g.mode == "dungeon" and g.level is not None:  # near known floor: that floor; else explore towards it
            return nearest_known(g.level, x, y, SNAP) or (x, y)
        return x, y

    def minimap_point(self, x: int, y: int) -> tuple[int, int] | None:
        """The screen point of map cell ``(x, y)`` on the minimap (the inverse of
        :meth:`minimap_to_tile`), once the minimap has been drawn."""
        if self._mini is None:
            return None
        return (self._mini_rect.x + int((x + 0.5) * self._mini_scale),
                self._mini_rect.y + int((y + 0.5) * self._mini_scale))

    # -- the panel surface ------------------------------------------------------------
    def _render(self) -> pygame.Surface:
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
        ui.text(surf, where_text(g), (x, y), 18, ui.DIM)
        y += 24
        bar = pygame.Rect(x, y, 216, 14)
        pygame.draw.rect(surf, (60, 20, 24), bar)
        frac = max(0.0, p.hp / max(1, p.max_hp))
        pygame.draw.rect(surf, (220, 60, 60) if frac < 0.34 else (200, 70, 80), (x, y, int(216 * frac), 14))
        ui.text(surf, f"HP {max(0, p.hp)}/{p.max_hp}", (x + 4, y - 1), 18)
        y += 20
        need = xp_to_next(p.level)
        pygame.draw.rect(surf, (30, 30, 60), (x, y, 216, 8))
        pygame.draw.rect(surf, (110, 140, 255), (x, y, int(216 * min(1.0, p.xp / need)), 8))
        y += 12
        ui.text(surf, f"Level {p.level}   XP {p.xp}/{need}", (x, y), 18)
        y += 18
        ui.text(surf, f"Attack {p.attack}   Defence {p.defence}   Turn {g.turn}", (x, y), 18)
        y += 18
        gear, size = next(((text, size) for size in (16, 14) for text in (gear_text(g), gear_text(g, short=True))
                           if ui.text_size(text, size)[0] <= 216), (gear_text(g, short=True), 14))
        ui.text(surf, gear, (x, y), size, ui.DIM)
        y += 16
        ui.text(surf, f"Pack {slots_used(p.inventory)}/{MAX_INVENTORY}   Kills {g.kills}   "
                      f"Relics {len(g.relics)}", (x, y), 16, ui.DIM)
        self._render_statuses(surf, x, _STATUS_Y)
        y = _MINI_TOP + MINIMAP_HEIGHT + 10
        if g.mode == "dungeon" and g.level is not None:
            self._render_dungeon(surf, x, y)
        elif g.mode == "overworld" and g.loc is not None:
            self._render_overworld(surf, x, y)
        return surf

    def _render_statuses(self, surf: pygame.Surface, x: int, top: int) -> None:
        """Statuses with their turns left, on one line over the minimap (the carried relic first)."""
        g = self.game
        parts = [("RELIC", (255, 230, 120))] if g.carrying_relic else []
        parts += [(f"{STATUSES[name].label} {turns}", STATUSES[name].colour)
                  for name, turns in sorted(g.player.statuses.items())]
        cx = x
        for text, colour in parts:
            if cx > PANEL_RECT.width - 40:
                break
            cx = ui.text(surf, text, (cx, top), 16, colour).right + 8

    def _render_dungeon(self, surf: pygame.Surface, x: int, y: int) -> None:
        g, lv = self.game, self.game.level
        seen = [m for m in lv.monsters if g.sees(m)]
        seen.sort(key=lambda m: (m.ally, max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1]))))  # foes first
        ui.text(surf, "In view" if seen else "Nothing in view", (x, y), 18, ui.DIM)
        y += 18
        footnote = g.carrying is not None and g.carrying == g.site or g.player.perks_owed
        for m in seen[:5 if footnote else 7]:  # a hint line sits under the list
            shape = sprites.monster_shape(m)
            surf.blit(sprites.sprite(m.kind.glyph, m.kind.colour, 16, shape), (x, y))
            name = {"boss": "guardian ", "ally": "your ", "captive": "shackled "}.get(shape, "") + m.kind.name
            if m.ally and m.level > 1:
                name += f" L{m.level}"
            ui.text(surf, name[:20], (x + 22, y), 18, (120, 240, 140) if m.ally else m.kind.colour)
            bar = pygame.Rect(x + 150, y + 4, 66, 8)
            pygame.draw.rect(surf, (60, 20, 24), bar)
            pygame.draw.rect(surf, (220, 70, 70), (bar.x, bar.y, int(bar.w * max(0, m.hp) / m.max_hp), 8))
            y += 19
        here = lv.items_at(*g.pos)
        tile = int(lv.tiles[g.pos[1], g.pos[0]])
        if tile in (T.stairs_down, T.stairs_up):
            ui.text(surf, f"Stairs {'down' if tile == T.stairs_down else 'up'} here "
                          f"({hint('descend' if tile == T.stairs_down else 'ascend')})", (x, FOOT_Y), 18, ui.ACCENT)
        elif here:
            ui.text(surf, f"Here: {item_name(g, here[0].kind, here[0].count)}"[:30], (x, FOOT_Y), 18, ui.ACCENT)
        if g.carrying is not None and g.carrying == g.site:
            ui.text(surf, "Carrying the treasure: climb out!", (x, FOOT_Y - 20), 18, (255, 215, 120))
        elif g.player.perks_owed:
            ui.text(surf, f"Level up! {hint('perks')}", (x, FOOT_Y - 20), 18, ui.ACCENT)

    def _render_overworld(self, surf: pygame.Surface, x: int, y: int) -> None:
        g = self.game
        site = g.site_under()
        terrain = TILES[int(g.loc.tiles[g.pos[1], g.pos[0]])].name.replace("_", " ")
        ui.text(surf, f"Standing on {terrain}", (x, y), 18, ui.DIM)
        y += 18
        if site is not None:
            state = "cleared" if g.is_cleared(site.index) else "not cleared"
            relic = site.index == relic_site(len(g.loc.sites))
            label = "RELIC site" if relic else f"Site {site.index + 1}"
            ui.text(surf, f"{label}: {site.style} ({state})", (x, y), 18, ui.ACCENT)
            y += 18
            ui.text(surf, f"({hint('interact')})", (x, y), 18, ui.ACCENT)

    # -- the minimap ---------------------------------------------------------------------
    def _draw_minimap(self, surface: pygame.Surface, camera, goal: tuple[int, int] | None = None) -> None:
        g = self.game
        if g.loc is None or g.mode not in ("overworld", "dungeon"):
            return
        area = pygame.Rect(PANEL_RECT.x + 10, _MINI_TOP, PANEL_RECT.width - 20, MINIMAP_HEIGHT)
        dungeon = g.mode == "dungeon"
        h, w = g.level.shape if dungeon else g.loc.tiles.shape
        scale = min(area.width / w, area.height / h)
        visited = set() if dungeon else g.visited_sites()
        key = (g.version if dungeon else (len(g.cleared.get(g.location, ())), len(visited)), g.mode, id(g.level),
               id(g.loc))
        if key != self._mini_key:
            if dungeon:
                lv = g.level
                rgb = GAME_PALETTE[lv.shown_tiles()].copy()
                rgb[~lv.seen] = UNSEEN
                rgb[lv.seen & ~lv.visible] //= 2
            else:
                rgb = GAME_PALETTE[g.loc.tiles].copy()
                relic = relic_site(len(g.loc.sites))
                for s in g.loc.sites:
                    state = site_state(g, s.index, visited)
                    rgb[s.y, s.x] = GOAL_COLOUR if s.index == relic and state != "cleared" else SITE_COLOURS[state]
            self._mini = pygame.transform.scale(rgb_surface(rgb), (round(w * scale), round(h * scale)))
            self._mini_key = key
        self._mini_scale = scale
        rect = self._mini.get_rect(midtop=(area.centerx, area.top))
        self._mini_rect = rect
        surface.blit(self._mini, rect)
        pygame.draw.rect(surface, (70, 70, 90), rect.inflate(2, 2), 1)
        cx, cy, vw, vh, _, _ = camera
        view = pygame.Rect(rect.x + round(cx * scale), rect.y + round(cy * scale),
                           round(vw * scale), round(vh * scale))
        pygame.draw.rect(surface, (255, 255, 255), view, 1)
        if goal is not None:  # the goal: a ring big enough to find at a glance
            gx, gy = self.minimap_point(*goal)
            pygame.draw.circle(surface, (20, 8, 20), (gx, gy), 7, 4)
            pygame.draw.circle(surface, GOAL_COLOUR, (gx, gy), 6, 2)
        px, py = rect.x + int(g.pos[0] * scale), rect.y + int(g.pos[1] * scale)
        pygame.draw.rect(surface, (255, 255, 255), (px - 2, py - 2, 5, 5))
        pygame.draw.rect(surface, (255, 40, 40), (px - 1, py - 1, 3, 3))
