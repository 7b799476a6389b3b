"""The message log strip under the map: the objective line on top (drawn
by :class:`game.view.goal.GoalLine` in :data:`GOAL_ROW`), then the last
lines, older ones fading."""

from __future__ import annotations

import pygame

from ..rules.run import Game
from . import ui

__all__ = ["LogView", "LOG_RECT", "GOAL_ROW", "LINES", "strip_rows"]

LOG_RECT = pygame.Rect(0, 432, 720, 108)
GOAL_ROW = pygame.Rect(LOG_RECT.x + 6, LOG_RECT.y + 3, LOG_RECT.width - 12, 21)  # the objective line's place
LINES = 5
_TOP = GOAL_ROW.bottom - LOG_RECT.y + 1  # the first message line, under the objective
INDENT = 12  # a wrapped message's rest is set in this far
WIDTH = LOG_RECT.width - 20 - INDENT  # a row's room, its margins and the indent off


def strip_rows(messages) -> list[tuple[str, str, float, bool]]:
    """The strip's rows for the last ``messages``: each message whole, wrapped
    at spaces to the strip's width (its rest indented), newest at the
    bottom; the oldest rows dropped when they do not all fit in
    :data:`LINES`.  Each row: ``(text, kind, brightness 0..1, first row of its message)``."""
    out = []
    for i, (text, kind, _turn) in enumerate(messages):
        age = (i + 1) / len(messages)
        parts = ui.wrap(text, WIDTH, 18) or [""]
        out += [(part, kind, age, n == 0) for n, part in enumerate(parts)]
    return out[-LINES:]


class LogView:
    def __init__(self, game: Game) -> None:
        self.game = game
        self._key = None
        self._surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        key = (len(g.log), g.log[-1] if g.log else None, g.turn)
        if key != self._key:
            surf = pygame.Surface(LOG_RECT.size)
            surf.fill((10, 11, 16))
            pygame.draw.line(surf, (60, 60, 80), (0, 0), (LOG_RECT.width, 0))
            for i, (part, kind, age, first) in enumerate(strip_rows(g.log[-LINES:])):
                colour = ui.MESSAGE_COLOURS.get(kind, ui.INK)
                faded = tuple(int(c * (0.55 + 0.45 * age)) for c in colour)
                ui.text(surf, part, (10 if first else 10 + INDENT, _TOP + 17 * i), 18, faded)
            self._surface = surf
            self._key = key
        surface.blit(self._surface, LOG_RECT.topleft)
