"""The side panel: the run at a glance (where, HP, XP, gear), the minimap,
and what is in view or underfoot.  Only reads the run; the panel surface is
rebuilt when ``game.version`` changes."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from worldgen.core.tiles import TILES, T

from ..rules.content import ITEM_BY_ID, STATUSES, relic_site, xp_to_next
from ..rules.content.keys import hint
from ..rules.creatures.identify import display_name, item_name
from ..rules.creatures.pack import MAX_INVENTORY, slots_used
from ..rules.run import Game
from ..rules.text import words
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
    """The weapon in hand (and the one ready to swap) and the armour worn, each
    with the plus a scroll of enchanting gave it; ``short`` for a narrow line.

    >>> from game.rules.world.location import WorldMap
    >>> g = Game(WorldMap("Avalon"))
    >>> g.player.weapon, g.player.swap, g.player.armour = "dagger", "sling", "leather"
    >>> gear_text(g), gear_text(g, short=True)
    ('dagger (sling ready), leather armour', 'dagger/sling, leather armour')
    >>> g.player.enchants = {"dagger": 2, "leather": 1}
    >>> gear_text(g, short=True)
    '+2 dagger/sling, +1 leather armour'
    """
    p = g.player

    def named(item: str) -> str:
        return display_name(g.run, ITEM_BY_ID[item])

    weapon = named(p.weapon) if p.weapon else "bare hands"
    ready = (f"/{named(p.swap)}" if short else f" ({named(p.swap)} ready)") if p.swap else ""
    return f"{weapon}{ready}, {named(p.armour) if p.armour else 'no armour'}"


_LIST_W = PANEL_RECT.width - 24          # the width of a line of the panel, margins off
_BAR_W = 40                              # a row's health bar, at the right
_NAME_W = _LIST_W - 22 - 4 - _BAR_W      # a row's name, between its sprite and its bar


@dataclass(frozen=True)
class ViewRow:
    """One line of the "In view" list: monsters alike (kind, side, level) as one."""
    label: str                      # "guardian stone colossus", "3 imps", "your orc L4"
    glyph: str
    colour: tuple[int, int, int]
    shape: str
    ally: bool
    count: int
    health: float                   # the most hurt one's share of its HP, 0..1


def in_view_rows(seen: list, pos: tuple[int, int]) -> list[ViewRow]:
    """The rows for the monsters in view: foes first, nearest first; monsters
    alike share a row with their count ("3 imps"), its bar the most hurt one's.

    >>> from game.rules.content import MONSTER_BY_ID
    >>> from game.rules.creatures.entities import Monster
    >>> imp = MONSTER_BY_ID["imp"]
    >>> imps = [Monster(i, imp, x=2 + i, y=1, hp=imp.hp - i, max_hp=imp.hp) for i in range(3)]
    >>> [(r.label, r.count) for r in in_view_rows(imps, (1, 1))]
    [('3 imps', 3)]
    """
    groups: dict[tuple, list] = {}
    for m in sorted(seen, key=lambda m: (m.ally, max(abs(m.x - pos[0]), abs(m.y - pos[1])))):
        shape = sprites.monster_shape(m)
        groups.setdefault((m.kind.id, shape, m.ally, m.level if m.ally else 0), []).append(m)
    rows = []
    for (_, shape, ally, level), group in groups.items():
        kind = group[0].kind
        name = {"boss": "guardian ", "captive": "shackled "}.get(shape, "") + kind.name
        label = words.number(name, len(group)) if len(group) > 1 else name   # "2 shackled goblins"
        label = ("your " if ally else "") + label + (f" L{level}" if level > 1 else "")   # "your 2 orcs L3"
        rows.append(ViewRow(label, kind.glyph, kind.colour, shape, ally, len(group),
                            min(max(0, m.hp) / max(1, m.max_hp) for m in group)))
    return rows


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
                           if ui.text_size(text, size)[0] <= _LIST_W), ui.fitted(gear_text(g, short=True), _LIST_W, (14,)))
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
        rows = in_view_rows([m for m in lv.monsters if g.sees(m)], g.pos)
        ui.text(surf, "In view" if rows else "Nothing in view", (x, y), 18, ui.DIM)
        y += 18
        footnote = g.carrying is not None and g.carrying == g.site or g.player.perks_owed
        underfoot = bool(lv.items_at(*g.pos)) or int(lv.tiles[g.pos[1], g.pos[0]]) in (T.stairs_down, T.stairs_up)
        bottom = FOOT_Y - 20 if footnote else FOOT_Y if underfoot else FOOT_Y + 18   # the lines under the list
        slots = (bottom - y) // 19
        shown, rest = (rows, []) if len(rows) <= slots else (rows[:slots - 1], rows[slots - 1:])
        for row in shown:
            surf.blit(sprites.sprite(row.glyph, row.colour, 16, row.shape), (x, y))
            name, size = ui.fitted(row.label, _NAME_W)
            ui.text(surf, name, (x + 22, y + (18 - size) // 2), size, (120, 240, 140) if row.ally else row.colour)
            bar = pygame.Rect(x + 22 + _NAME_W + 4, y + 4, _BAR_W, 8)
            pygame.draw.rect(surf, (60, 20, 24), bar)
            pygame.draw.rect(surf, (220, 70, 70), (bar.x, bar.y, int(bar.w * row.health), 8))
            y += 19
        if rest:   # the ones that do not fit, summed up in a line: every monster in view is named
            more = "+ " + ", ".join(r.label for r in rest)
            line, size = ui.fitted(more, _LIST_W)
            if line != more:
                line, size = f"+ {sum(r.count for r in rest)} more in view ({hint('look')})", 16
            ui.text(surf, line, (x, y), size, ui.DIM)
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
