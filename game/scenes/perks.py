"""The perk choice: at each level gained, one of three perks (``Game.perk_offer``,
drawn from the run's seed).  ``1``-``3`` (or ``a``-``c``, or a click on a
card) choose it at once; the arrows select and Enter chooses; Esc closes it
to choose later (the play screen's ``L`` opens it again).  Opened by the
play scene when a level is gained; it closes when no choice is owed."""

from __future__ import annotations

import pygame

from ..shell.app import App
from ..rules.run import Game
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["PerksScene"]

CARD_W, CARD_H, CARD_GAP = 176, 150, 12
KEYS = "123"
LETTERS = "abc"


class PerksScene(Overlay):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.selected = 0
        self.cards: list[pygame.Rect] = []

    def choose(self, index: int) -> None:
        """Take perk ``index`` of the offer; close when no choice is owed any more."""
        self.game.choose_perk(index)
        self.selected = 0
        if not self.game.perk_offer():
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        offer = self.game.perk_offer()
        if not offer:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif char and char in KEYS[:len(offer)]:
                self.choose(KEYS.index(char))
            elif char and char in LETTERS[:len(offer)]:
                self.choose(LETTERS.index(char))
            elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_KP4):
                self.selected = (self.selected - 1) % len(offer)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_KP6):
                self.selected = (self.selected + 1) % len(offer)
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.choose(min(self.selected, len(offer) - 1))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.cards):
                if rect.collidepoint(event.pos):
                    self.choose(i)
                    return True
        return True

    def report(self) -> dict:
        return {"perks": [c.name for c in self.game.perk_offer()]}

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 600, 280)
        offer = self.game.perk_offer()
        key = (tuple(offer), self.selected, self.game.player.level)
        surface.blit(self.layer(key, rect.size, lambda layer: self._paint(layer, offer)), rect.topleft)
        x0 = rect.x + (rect.width - 3 * CARD_W - 2 * CARD_GAP) // 2
        self.cards = [pygame.Rect(x0 + i * (CARD_W + CARD_GAP), rect.y + 70, CARD_W, CARD_H) for i in range(len(offer))]

    def _paint(self, layer: pygame.Surface, offer) -> None:
        ui.text(layer, f"Level {self.game.player.level}: choose a perk", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "1-3 or click: choose    arrows + Enter    Esc: later (L)", (16, 42), 16, ui.DIM)
        x0 = (layer.get_width() - 3 * CARD_W - 2 * CARD_GAP) // 2
        for i, perk in enumerate(offer):
            card = pygame.Rect(x0 + i * (CARD_W + CARD_GAP), 70, CARD_W, CARD_H)
            pygame.draw.rect(layer, (40, 44, 70) if i == self.selected else (26, 28, 44), card, border_radius=6)
            pygame.draw.rect(layer, ui.ACCENT if i == self.selected else ui.DIM, card, 2, border_radius=6)
            ui.text(layer, f"{KEYS[i]}  {perk.name}", (card.x + 10, card.y + 10), 20, ui.ACCENT)
            for j, line in enumerate(_wrap(perk.note, 22)):
                ui.text(layer, line, (card.x + 10, card.y + 42 + j * 20), 17)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces.

    >>> _wrap("your blows take a fifth less time", 16)
    ['your blows take', 'a fifth less', 'time']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
