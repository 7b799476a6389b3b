"""A yes-or-no question before a use the player knows would waste an item
or harm them ("You are not hurt: drink the potion of healing anyway?",
``Game.use_caution`` and ``Game.aim_caution``).  ``y`` or Enter (or *Yes*)
goes ahead; ``n``, Esc, a right click or a click outside (or *No*) does
nothing.  Whoever asked gives what to do on yes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..shell.app import App
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["ConfirmScene"]

BOX = (560, 120)


class ConfirmScene(Overlay):
    def __init__(self, app: App, question: str, yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question, self.yes = question, yes
        self.rect = pygame.Rect(0, 0, *BOX)
        self.buttons: list[ui.Button] = []

    def answer(self, yes: bool) -> None:
        self.app.pop()
        if yes:
            self.yes()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            char = (getattr(event, "unicode", "") or "").lower()
            if char == "y" or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer(True)
            elif char == "n" or event.key == pygame.K_ESCAPE:
                self.answer(False)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and ui.click(self.buttons, event):
                return True
            if event.button == 3 or not self.rect.collidepoint(event.pos):
                self.answer(False)
        return True

    def report(self) -> dict:
        return {"question": self.question}

    def draw(self, surface: pygame.Surface) -> None:
        self.rect = self.box(surface, *BOX)
        surface.blit(self.layer(self.question, self.rect.size, self._paint), self.rect.topleft)
        r = self.rect
        self.buttons = [ui.Button("Yes (y)", pygame.Rect(r.centerx - 130, r.bottom - 46, 120, 32), lambda: self.answer(True)),
                        ui.Button("No (n)", pygame.Rect(r.centerx + 10, r.bottom - 46, 120, 32), lambda: self.answer(False))]
        ui.draw_buttons(surface, self.buttons)

    def _paint(self, layer: pygame.Surface) -> None:
        ui.text(layer, ui.fit(self.question, layer.get_width() - 32, 20), (16, 18), 20, ui.ACCENT)
