"""How to play: the goal, then every key of the key table with what it does
(:data:`game.shell.controls.COMMANDS`: the help cannot drift from what the keys
do), then the mouse and touch.  Any key or click closes it."""

from __future__ import annotations

import pygame

from ..shell.controls import COMMANDS
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["HelpScene", "GOAL", "POINTER", "key_rows"]

GOAL = (
    "Goal: each location keeps a relic at the bottom of its relic site (the magenta door). Carry it",
    "out of the site to keep it and open the way on; the last location's relic wins. Death is final.",
    "Every other site's deepest level holds a treasure and its guardian: carry the treasure out (or kill",
    "the guardian) to clear the site; clearing enough sites also opens the next location.",
)
POINTER = "Click or tap a tile to walk there; hover or hold a finger to look; the buttons do the same."
BOX = (700, 512)
KEY_X, HELP_X = 20, 232  # the columns of the key rows (the widest keys, movement's, fit the first)
ROW = 17


def key_rows() -> list[tuple[str, str]]:
    """``(keys, what they do)`` for every command with keys, in the table's order."""
    return [(c.shown or "  ".join(f"[{k}]" for k in c.keys), c.help) for c in COMMANDS if c.keys]


class HelpScene(Overlay):
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, *BOX, alpha=250)  # it covers the log too: nothing may show through
        surface.blit(self.layer("help", rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        ui.text(layer, "How to play", (16, 8), 28, ui.ACCENT)
        ui.text(layer, "any key closes", (layer.get_width() - 16, 16), 16, ui.DIM, "topright")
        y = 40
        for line in GOAL:
            ui.text(layer, line, (16, y), 16)
            y += ROW
        y += 6
        for keys, what in key_rows():
            ui.text(layer, keys, (KEY_X, y), 15, ui.ACCENT)
            if ui.text_size(keys, 15)[0] > HELP_X - KEY_X - 8:  # too wide for its column: a line of its own
                y += ROW - 1
            ui.text(layer, what, (HELP_X, y), 15)
            y += ROW - 1
        ui.text(layer, POINTER, (16, y + 4), 15, ui.DIM)
