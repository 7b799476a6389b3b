"""The world map: the ten locations; 1-9/0 or a click travels to an open one."""

from __future__ import annotations

import pygame

from ..shell.app import App
from ..rules.run import Game
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["WorldMapScene"]


class WorldMapScene(Overlay):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if len(char) == 1 and char in "0123456789":  # not str.isdigit: "²" is a digit int() refuses
                index = (int(char) - 1) % 10
                if index < self.game.world.n_locations:
                    self._go(index)
            else:
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = (event.pos[1] - 110) // 26
            if 0 <= row < self.game.world.n_locations and abs(event.pos[0] - 360) < 280:
                self._go(row)
            else:
                self.app.pop()
            return True
        return True

    def _go(self, index: int) -> None:
        self.game.go_location(index)
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        rect = self.box(surface, 560, 380)
        key = (g.location, g.unlocked, tuple(len(g.cleared.get(i, ())) for i in range(g.world.n_locations)))
        surface.blit(self.layer(key, rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        g = self.game
        ui.text(layer, f"The world of {g.name}", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "1-9, 0: travel to an open location", (16, 36), 18, ui.DIM)
        for i in range(g.world.n_locations):
            y = 60 + i * 26  # 110 on screen: the box's top is at y = 50
            open_ = i < g.unlocked
            mark = ">" if i == g.location else " "
            line = f"{mark} {(i + 1) % 10}. {g.world.location_name(i) if open_ else '???'}"
            colour = ui.ACCENT if i == g.location else (ui.INK if open_ else ui.DIM)
            ui.text(layer, line, (24, y), 22, colour)
            ui.text(layer, g.location_status(i), (250, y + 2), 18, ui.DIM)
