"""Look / examine (``x`` or ``;``, tap-and-hold): a cursor over the map, and
what the player knows of the cell under it (who is there and in what state,
what lies there, the ground).  Movement keys move the cursor (no time
passes); a click or tap puts it on a cell, a second one on the same cell
closes; Esc, Enter, ``x`` or ``;`` close."""

from __future__ import annotations

import pygame

from ..shell.app import App
from ..rules.run import Game
from ..view import ui
from ..view.game_view import GameView, describe_box
from ..shell.controls import MOVE_KEYS
from ..view.overlay import Overlay

__all__ = ["LookScene"]

CLOSE_CHARS = ("x", ";")


class LookScene(Overlay):
    def __init__(self, app: App, game: Game, view: GameView, cell: tuple[int, int] | None = None) -> None:
        super().__init__(app)
        self.game, self.view = game, view
        self.cursor = self._clamped(cell or game.pos)

    def _clamped(self, cell: tuple[int, int]) -> tuple[int, int]:
        """``cell`` kept inside the cells the camera shows."""
        cx, cy, vw, vh, _, _ = self.view.camera()
        return min(max(cell[0], cx), cx + vw - 1), min(max(cell[1], cy), cy + vh - 1)

    @property
    def lines(self) -> list[str]:
        return self.game.describe(*self.cursor)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER) or char in CLOSE_CHARS:
                self.app.pop()
            elif event.key in MOVE_KEYS:
                dx, dy = MOVE_KEYS[event.key]
                self.cursor = self._clamped((self.cursor[0] + dx, self.cursor[1] + dy))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.view.map.screen_to_tile(event.pos)
            if cell is None or cell == self.cursor:
                self.app.pop()
            else:
                self.cursor = cell
            return True
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            cell = self.view.map.screen_to_tile(event.pos)
            if cell is not None:
                self.cursor = cell
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.view.map.cell_rect(*self.cursor)
        pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), 3)
        pygame.draw.rect(surface, ui.ACCENT, rect.inflate(2, 2), 2)
        describe_box(surface, self.lines, "look: movement keys move the cursor; Esc closes")

