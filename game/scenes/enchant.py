"""What a scroll of enchanting enchants: the weapon in hand, the one ready,
or the armour worn (``Game.enchant_choices``), one card each saying what
it becomes.  ``1``-``3`` (or ``a``-``c``, or a click on a card) choose; the
arrows select and Enter chooses; Esc lets the scroll crumble unused (the
scroll is already read: its prompt said so).  Opened by the play scene
whenever a read scroll of enchanting waits for its choice."""

from __future__ import annotations

import pygame

from ..view import ui
from ..view.cards import CardChoice

__all__ = ["EnchantScene"]


class EnchantScene(CardChoice):
    @property
    def empty_ok(self) -> bool:
        """No gear to enchant: the box stays and says Esc lets the scroll crumble (while one waits)."""
        return self.game.reading() == "gear"

    def options(self) -> list[tuple[str, str]]:
        return [(c.name, c.note) for c in self.game.enchant_choices()] if self.game.reading() == "gear" else []

    def choose(self, index: int) -> None:
        """Enchant choice ``index``; close when nothing waits any more."""
        choices = self.game.enchant_choices()
        self.game.choose(choices[min(index, len(choices) - 1)].id)
        if self.game.reading() != "gear":
            self.app.pop()

    def escape(self) -> None:
        """Esc: the scroll is already read; it crumbles unused (its prompt said so)."""
        self.app.pop()
        self.game.choose(None)

    def report(self) -> dict:
        return {"enchant": [c.name for c in self.game.enchant_choices()]}

    def heading(self, layer: pygame.Surface) -> None:
        ui.text(layer, "Enchant what?", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "1-3 or click: choose    arrows + Enter    Esc: let the scroll crumble", (16, 42), 16, ui.DIM)
        if not self.options():
            ui.text(layer, "You hold no weapon and wear no armour: Esc lets the scroll crumble.", (16, 90), 18)
