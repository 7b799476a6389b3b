"""The next goal on screen: the objective line at the top of the message
strip, under the map (a button: a click or a tap goes for it, as ``T``
does; it covers no cell of the map, so a tap on the map is never taken
for it), the magenta ring round the cell
it points at (with an arrow at the map's edge while that cell is off
screen), and the colours every map gives a site by what the player has done
there (:data:`SITE_COLOURS`: the main map, the minimap, the world map).

Only reads the run (``Game.objective``, ``Game.visited_sites``)."""

from __future__ import annotations

import math

import pygame

from ..rules.run import Game, Objective
from . import ui
from .log_view import GOAL_ROW

__all__ = ["GOAL_COLOUR", "SITE_COLOURS", "site_state", "GoalLine", "ring", "edge_arrow"]

#: The goal's colour everywhere: the relic site's door, the ring, the arrow, the minimap's mark.
GOAL_COLOUR = (255, 80, 255)
_OUTLINE = (20, 8, 20)
#: A site by what the player did there: cleared (its treasure or relic out), entered, not yet entered.
SITE_COLOURS = {"cleared": (255, 215, 0), "entered": (150, 205, 255), "new": (20, 12, 16)}
_SIZE = 18


def site_state(g: Game, index: int, visited: set[int]) -> str:
    """``"cleared"``, ``"entered"`` or ``"new"`` for site ``index`` of the current location."""
    return "cleared" if g.is_cleared(index) else "entered" if index in visited else "new"


class GoalLine:
    """The objective line: one box at the top of the message strip
    (:data:`~game.view.log_view.GOAL_ROW`), saying the goal and the key that
    goes for it; it is a button (:meth:`hit`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._key = None
        self.goal: Objective | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def current(self) -> Objective:
        """The goal now (asked again only when the run or the player's place changed)."""
        g = self.game
        key = (g.version, g.pos, g.mode, g.depth, g.location)
        if key != self._key or self.goal is None:
            self.goal, self._key = g.objective(), key
        return self.goal

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the line (as last drawn, and it offers something to do)."""
        return self.rect.collidepoint(pos) and self.goal is not None and self.goal.action != "none"

    def draw(self, surface: pygame.Surface, hover: bool = False, touch: bool = False) -> pygame.Rect:
        """The line (naming the *Goal* button instead of the key while ``touch`` is the input)."""
        goal = self.current()
        text = ui.fit(goal.line("Goal") if touch else goal.text, GOAL_ROW.width - 20, _SIZE)
        w = ui.text_size(text, _SIZE)[0]
        self.rect = pygame.Rect(GOAL_ROW.x, GOAL_ROW.y, w + 20, GOAL_ROW.height)
        ui.panel(surface, self.rect, 225 if hover else 200)
        pygame.draw.rect(surface, GOAL_COLOUR if goal.action != "none" else ui.DIM, self.rect, 2 if hover else 1,
                         border_radius=4)
        ui.text(surface, text, (self.rect.x + 10, self.rect.y + 2), _SIZE, ui.INK)
        return self.rect


def ring(surface: pygame.Surface, rect: pygame.Rect, colour=GOAL_COLOUR) -> None:
    """A ring round a cell drawn at ``rect``, outlined so it reads on any ground."""
    r = max(6, int(rect.width * 0.95))
    pygame.draw.circle(surface, _OUTLINE, rect.center, r + 1, 4)
    pygame.draw.circle(surface, colour, rect.center, r, 2)


def edge_arrow(surface: pygame.Surface, area: pygame.Rect, start: tuple[int, int], end: tuple[int, int],
               colour=GOAL_COLOUR) -> tuple[int, int] | None:
    """An arrow inside ``area``'s edge pointing from ``start`` (on screen, in
    ``area``) towards ``end`` (off it); its tip, or None when ``end`` is inside."""
    if area.collidepoint(end):
        return None
    dx, dy = end[0] - start[0], end[1] - start[1]
    inner = area.inflate(-36, -36)
    # How far along the line the inner box's edge is, from the start.
    limits = [(inner.right - start[0]) / dx if dx > 0 else (inner.left - start[0]) / dx if dx < 0 else math.inf,
              (inner.bottom - start[1]) / dy if dy > 0 else (inner.top - start[1]) / dy if dy < 0 else math.inf]
    t = max(0.0, min(limits))
    tip = (int(start[0] + dx * t), int(start[1] + dy * t))
    angle = math.atan2(dy, dx)
    points = [(tip[0] + math.cos(angle + a) * r, tip[1] + math.sin(angle + a) * r)
              for a, r in ((0, 12), (2.5, 12), (math.pi, 4), (-2.5, 12))]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, _OUTLINE, points, 2)
    return tip
