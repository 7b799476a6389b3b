"""What the play screen draws over the map and the panel: the objective
line, the thumb buttons as the run says they stand (``Game.buttons``: a
label, greyed, urgent), the words of the button under a resting finger or
the mouse, what the cell under the mouse is, and the banner of a rest.

Only reads the run; :meth:`Hud.states` asks ``Game.buttons`` again only
when the run changed."""

from __future__ import annotations

import pygame

from ..rules.content.keys import COMMAND_BY_NAME
from ..rules.run import Game
from . import ui
from .game_view import MAP_RECT, PANEL_RECT, GameView, describe_box
from .touch import Gestures, TouchControls, caption

__all__ = ["Hud", "panel_buttons"]


def panel_buttons(names: tuple[str, ...], command) -> list[ui.Button]:
    """Mouse buttons at the foot of the side panel, labelled from the key table
    ("Explore o"); a click calls ``command(name)``."""
    out, x = [], PANEL_RECT.x + 10
    for name in names:
        entry = COMMAND_BY_NAME[name]
        key = entry.keys[0]
        label = f"{entry.button} {key}" if len(key) == 1 else entry.button
        w = ui.text_size(label, 18)[0] + 14
        out.append(ui.Button(label, pygame.Rect(x, PANEL_RECT.bottom - 32, w, 26), lambda n=name: command(n)))
        x += w + 4
    return out


class Hud:
    def __init__(self, game: Game, view: GameView, touch: TouchControls, gestures: Gestures,
                 panel: list[tuple[str, ui.Button]]) -> None:
        self.game, self.view, self.touch, self.gestures, self.panel = game, view, touch, gestures, panel
        self._key, self._states = None, {}

    def states(self) -> dict:
        """What every button would do now (``Game.buttons``)."""
        g = self.game
        key = (g.version, g.pos, g.mode, g.depth, g.location, g.busy)
        if key != self._key:
            self._key, self._states = key, g.buttons()
        return self._states

    def draw(self, surface: pygame.Surface, pointer: tuple[int, int] | None, live: bool) -> None:
        """The objective line always (while there is a map); the rest when
        ``live`` (the play screen on top, the player's to command)."""
        g = self.game
        if g.mode in ("overworld", "dungeon") and g.loc is not None:
            goal = self.view.map.goal
            goal.draw(surface, pointer is not None and goal.hit(pointer), self.touch.shown)
        if not live:
            return
        hover = self.view.map.screen_to_tile(pointer) if pointer is not None else None
        if hover is not None and not self.touch.shown:  # the cell under the mouse now: the camera moves
            describe_box(surface, g.describe(*hover))
        states = self.states()
        self.touch.draw(surface, states, self.touch.hit(self.gestures.resting() or (-1, -1)))
        over = next((name for name, b in self.panel if pointer is not None and b.rect.collidepoint(pointer)), None)
        if over is not None:  # what the panel button under the mouse will do
            caption(surface, states[over].says, MAP_RECT.bottom - 6)
        if g.resting:  # what goes on, as it goes: the panel and the map change under it
            what = "Resting" if g.resting == "rest" else "Searching"
            line = f"{what}: turn {g.rest_turns}, {g.player.hp}/{g.player.max_hp} HP (any key stops)"
            box = pygame.Rect(6, 6, ui.text_size(line, 18)[0] + 16, 24)
            ui.panel(surface, box, 210)
            ui.text(surface, line, (box.x + 8, box.y + 5), 18, ui.ACCENT)
