"""The message history (``p``): the whole run's log (its last 1,000 lines,
kept in the save), newest at the bottom.  Up/Down, Page Up/Down, Home/End,
the mouse wheel or a drag scroll; Esc or ``p`` closes."""

from __future__ import annotations

import pygame

from ..shell.app import App
from ..rules.run import Game
from ..view import ui
from ..view.overlay import ScrollingOverlay

__all__ = ["HistoryScene"]

ROW = 19
BOX = (680, 440)


class HistoryScene(ScrollingOverlay):
    ROW = ROW

    def __init__(self, app: App, game: Game) -> None:
        self.game = game
        super().__init__(app, (BOX[1] - 70) // ROW)
        self.top = self.max_top  # open at the newest lines

    def line_count(self) -> int:
        return len(self.game.log)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if not self.scroll_key(event.key) and (event.key == pygame.K_ESCAPE or char == "p"):
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._rect().collidepoint(event.pos):
                self.start_drag(event.pos)  # a drag scrolls (touch)
            else:
                self.app.pop()
        else:
            self.scroll_pointer(event)
        return True

    def _rect(self) -> pygame.Rect:
        rect = pygame.Rect((0, 0), BOX)
        rect.center = (360, 240)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, *BOX)
        log = self.game.log
        key = (self.top, len(log), log[-1] if log else None)
        surface.blit(self.layer(key, rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        log = self.game.log
        ui.text(layer, "Message history", (16, 8), 28, ui.ACCENT)
        shown = f"{self.top + 1}-{min(len(log), self.top + self.rows)} of {len(log)}" if log else "empty"
        ui.text(layer, shown, (layer.get_width() - 16, 16), 18, ui.DIM, "topright")
        for i, (text, kind, turn) in enumerate(log[self.top:self.top + self.rows]):
            y = 46 + i * ROW
            ui.text(layer, f"{turn:>6}", (16, y), 16, ui.DIM)
            ui.text(layer, text[:110], (76, y), 18, ui.MESSAGE_COLOURS.get(kind, ui.INK))
        ui.text(layer, "Up/Down, PgUp/PgDn, Home/End, wheel or drag: scroll   Esc or p: close",
                (16, layer.get_height() - 22), 16, ui.DIM)
