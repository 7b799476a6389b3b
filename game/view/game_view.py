"""The play screen: the map viewport, the side panel and the log, composed.

Everything here only reads the :class:`~game.rules.run.Game`; each part
caches its surface and rebuilds it when ``game.version`` (or the camera)
changes.
"""

from __future__ import annotations

import pygame

from ..rules.run import Game
from . import ui
from .log_view import LOG_RECT, LogView
from .map_view import MAP_RECT, TILE_DUNGEON, TILE_OVER, MapView
from .panel import PANEL_RECT, Panel

__all__ = ["GameView", "MAP_RECT", "PANEL_RECT", "LOG_RECT", "TILE_DUNGEON", "TILE_OVER", "describe_box"]


class GameView:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.map = MapView(game)
        self.panel = Panel(game)
        self.log = LogView(game)

    def tile_size(self) -> int:
        return self.map.tile_size()

    def camera(self) -> tuple[int, int, int, int, int, int]:
        return self.map.camera()

    def screen_to_tile(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map cell under a screen point (map viewport or minimap), else None."""
        cell = self.panel.minimap_to_tile(pos)
        return cell if cell is not None else self.map.screen_to_tile(pos)

    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        playing = g.mode in ("overworld", "dungeon") and g.loc is not None
        if playing:
            self.map.draw(surface)
        self.panel.draw(surface, self.map.camera(), self.map.goal.current().cell if playing else None)
        self.log.draw(surface)


def describe_box(surface: pygame.Surface, lines: list[str], hint: str = "") -> pygame.Rect:
    """What is at a cell (look, hover): a box of lines at the bottom of the map
    area, the first in the accent colour, then an optional dim hint."""
    shown = [(line, 18, ui.ACCENT if i == 0 else ui.INK) for i, line in enumerate(lines[:5])]
    shown += [(hint, 16, ui.DIM)] if hint else []
    width = max(ui.text_size(line, size)[0] for line, size, _ in shown) + 20
    box = pygame.Rect(6, 0, min(MAP_RECT.width - 12, width), 20 * len(shown) + 8)
    box.bottom = MAP_RECT.bottom - 6
    ui.panel(surface, box, 215)
    for i, (line, size, colour) in enumerate(shown):
        ui.text(surface, line, (box.x + 10, box.y + 5 + 20 * i), size, colour)
    return box
