"""The perk choice: at each level gained, one of three perks (``Game.perk_offer``,
drawn from the run's seed).  ``1``-``3`` (or ``a``-``c``, or a click on a
card) choose it at once; the arrows select and Enter chooses; Esc closes it
to choose later (the play screen's ``L`` opens it again).  Opened by the
play scene when a level is gained; it closes when no choice is owed."""

from __future__ import annotations

import pygame

from ..view import ui
from ..view.cards import CardChoice

__all__ = ["PerksScene"]

class PerksScene(CardChoice):
    def options(self) -> list[tuple[str, str]]:
        return [(perk.name, perk.note) for perk in self.game.perk_offer()]

    def choose(self, index: int) -> None:
        """Take perk ``index`` of the offer; close when no choice is owed any more."""
        self.game.choose_perk(index)
        self.selected = 0
        if not self.game.perk_offer():
            self.app.pop()

    def report(self) -> dict:
        return {"perks": [c.name for c in self.game.perk_offer()]}

    def heading(self, layer: pygame.Surface) -> None:
        ui.text(layer, f"Level {self.game.player.level}: choose a perk", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "1-3 or click: choose    arrows + Enter    Esc: later (L)", (16, 42), 16, ui.DIM)
