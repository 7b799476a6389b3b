"""The world map: the ten locations (1-9/0 or a click travels to an open
one), and beside them the island the player stands on, its sites marked by
what was done there and its relic site ringed (the goal's colour,
:mod:`game.view.goal`), with the objective line under it."""

from __future__ import annotations

import pygame

from worldgen.core.tiles import PALETTE

from ..shell.app import App
from ..rules.run import Game
from ..view import ui
from ..view.goal import GOAL_COLOUR, SITE_COLOURS, site_state
from ..view.overlay import Overlay
from ..view.render import rgb_surface

__all__ = ["WorldMapScene", "ISLAND"]

BOX = (900, 440)
ROW, FIRST = 26, 66  # the location rows: height, and the first one's top inside the box
ISLAND = pygame.Rect(450, 50, 432, 290)  # the island's picture, inside the box
_LEGEND = (("relic site (the goal)", GOAL_COLOUR), ("cleared", SITE_COLOURS["cleared"]),
           ("entered", SITE_COLOURS["entered"]), ("not entered", (240, 236, 230)), ("you", (255, 40, 40)))


class WorldMapScene(Overlay):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.rect = pygame.Rect(0, 0, *BOX)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if len(char) == 1 and char in "0123456789":  # not str.isdigit: "²" is a digit int() refuses
                index = (int(char) - 1) % 10
                if index < self.game.world.n_locations:
                    self._go(index)
            else:
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = (event.pos[1] - self.rect.y - FIRST) // ROW
            if 0 <= row < self.game.world.n_locations and 0 <= event.pos[0] - self.rect.x < ISLAND.x:
                self._go(row)
            elif not ISLAND.move(self.rect.topleft).collidepoint(event.pos):
                self.app.pop()
            return True
        return True

    def _go(self, index: int) -> None:
        self.game.go_location(index)
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        self.rect = self.box(surface, *BOX)
        key = (g.location, g.unlocked, tuple(sorted(g.relics)), g.pos, len(g.visited_sites()),
               tuple(len(g.cleared.get(i, ())) for i in range(g.world.n_locations)))
        surface.blit(self.layer(key, self.rect.size, self._paint), self.rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        g = self.game
        ui.text(layer, f"The world of {g.name}", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "1-9, 0: travel to an open location   any other key closes", (16, 40), 16, ui.DIM)
        for i in range(g.world.n_locations):
            y = FIRST + i * ROW
            open_ = i < g.unlocked
            mark = ">" if i == g.location else " "
            line = f"{mark} {(i + 1) % 10}. {g.world.location_name(i) if open_ else '???'}"
            colour = ui.ACCENT if i == g.location else (ui.INK if open_ else ui.DIM)
            ui.text(layer, line, (24, y), 22, colour)
            ui.text(layer, g.location_status(i), (ISLAND.x - 12, y + 2), 16, ui.DIM, "topright")
        if g.loc is not None:
            self._island(layer)

    def _island(self, layer: pygame.Surface) -> None:
        """The current location: every site by its state, the relic site ringed, the player."""
        g = self.game
        h, w = g.loc.tiles.shape
        scale = min(ISLAND.width / w, ISLAND.height / h)
        picture = pygame.transform.scale(rgb_surface(PALETTE[g.loc.tiles]), (round(w * scale), round(h * scale)))
        at = picture.get_rect(midtop=ISLAND.midtop)
        layer.blit(picture, at)
        pygame.draw.rect(layer, ui.DIM, at.inflate(2, 2), 1)

        def point(x: int, y: int) -> tuple[int, int]:
            return at.x + int((x + 0.5) * scale), at.y + int((y + 0.5) * scale)

        visited = g.visited_sites()
        goal = g.objective().cell if g.mode == "overworld" else None
        for s in g.loc.sites:
            state = site_state(g, s.index, visited)
            colour = SITE_COLOURS[state] if state != "new" else (240, 236, 230)
            pygame.draw.rect(layer, (10, 8, 10), pygame.Rect(0, 0, 5, 5).move(point(s.x, s.y)).move(-2, -2))
            pygame.draw.rect(layer, colour, pygame.Rect(0, 0, 3, 3).move(point(s.x, s.y)).move(-1, -1))
        relic = g.relic_site()
        if g.location not in g.relics or goal is not None:  # the relic site until its relic is out; the goal
            cell = goal or (relic.x, relic.y)
            pygame.draw.circle(layer, (20, 8, 20), point(*cell), 9, 4)
            pygame.draw.circle(layer, GOAL_COLOUR, point(*cell), 8, 2)
        over = g.island_pos()
        pygame.draw.rect(layer, (255, 255, 255), pygame.Rect(0, 0, 7, 7).move(point(*over)).move(-3, -3))
        pygame.draw.rect(layer, (255, 40, 40), pygame.Rect(0, 0, 5, 5).move(point(*over)).move(-2, -2))
        x, y = ISLAND.x, at.bottom + 10
        for label, colour in _LEGEND:
            pygame.draw.rect(layer, colour, (x, y + 4, 9, 9))
            x = ui.text(layer, label, (x + 14, y), 16, ui.INK).right + 14
        ui.text(layer, ui.fit(g.objective().text, ISLAND.width, 16), (ISLAND.x, y + 24), 16, ui.ACCENT)
