"""How to play: any key or click closes it."""

from __future__ import annotations

import pygame

from ..view import ui
from ..view.overlay import Overlay

__all__ = ["HelpScene", "HELP"]

HELP = (
    "Move: arrows, numpad, hjkl yubn, WASD + QEZC (diagonals)",
    "Wait a turn (and search for secret doors nearby): . or numpad 5",
    "Enter / Space: enter a dungeon site, take stairs, pick up (g or ,)",
    "> and <: take the stairs, or walk to them     o: auto-explore",
    "i or Tab: pack (letter: select, u: use, x: drop one)     p: history",
    "x or ;: look (move the cursor)     v: ASCII map     m: world map",
    "Click or tap a tile to walk there; hover or hold to look; any key stops",
    "Bump a monster to attack it (not while swimming). C: close doors",
    "Each site's deepest level holds its treasure, watched by a guardian:",
    "carry it out of the site (or kill the guardian) to clear the site.",
    "Clear 10% of a location's sites to open the next one.",
    "Overworld: deep water and mountains block; shallow water costs",
    "3 turns, forest, hills and swamp 2 (you heal as turns pass).",
)


class HelpScene(Overlay):
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 640, 400)
        surface.blit(self.layer(HELP, rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        ui.text(layer, "How to play", (16, 10), 28, ui.ACCENT)
        for i, line in enumerate(HELP):
            ui.text(layer, line, (20, 48 + i * 26), 19)
