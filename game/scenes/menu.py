"""The pause menu (Esc): resume, help, the ASCII map mode, or save and return
to the title."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app import App
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["MenuScene"]


class MenuScene(Overlay):
    def __init__(self, app: App, save: Callable[[], bool], toggle_ascii: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.save = save
        self.toggle_ascii = toggle_ascii
        self.buttons = [
            ui.Button("Resume (Esc)", pygame.Rect(260, 158, 200, 34), self.app.pop),
            ui.Button("Help (?)", pygame.Rect(260, 202, 200, 34), self._help),
            ui.Button("Save and quit to title (Q)", pygame.Rect(230, 290, 260, 34), self.quit),
        ]
        if toggle_ascii is not None:
            self.buttons.insert(2, ui.Button("ASCII map on/off (V)", pygame.Rect(250, 246, 220, 34), self._ascii))

    def _ascii(self) -> None:
        self.toggle_ascii()
        self.app.pop()

    def _help(self) -> None:
        self.app.pop()
        self.app.open("help")

    def quit(self) -> None:
        """Save, then go to the title; a save that failed is said there (the
        play scene that would have shown it is gone)."""
        saved = self.save()
        self.app.pop()
        told = () if saved else ("The game could not be saved just now; the last good save is kept.",)
        self.app.switch("title", messages=told, auto=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_q:
                self.quit()
            elif (getattr(event, "unicode", "") or "") == "?":
                self._help()
            elif (getattr(event, "unicode", "") or "") == "v" and self.toggle_ascii is not None:
                self._ascii()
            return True
        ui.click(self.buttons, event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 340, 236)
        ui.text(surface, "Paused", (rect.centerx, rect.y + 10), 28, ui.ACCENT, "midtop")
        ui.draw_buttons(surface, self.buttons)
