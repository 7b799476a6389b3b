"""Touch: SDL finger events become taps and holds, and an on-screen control
set for thumbs.

A finger that lifts within :data:`SLOP` pixels of where it landed is a
*tap*; one that stays down :data:`HOLD_SECONDS` without moving is a *hold*
(the play scene looks at the cell under it).  Finger positions are
normalized by SDL (0..1 across the window), so they are scaled by the
window size here.  The controls appear once a finger has touched the game
and hide again when a real mouse moves, so they never cover the map for
mouse players.
"""

from __future__ import annotations

import pygame

from ..shell.app import finger_pos
from ..rules.content.keys import COMMAND_BY_NAME
from . import ui
from .map_view import MAP_RECT

__all__ = ["Gestures", "TouchControls", "caption", "BUTTONS", "BAR_HEIGHT", "HOLD_SECONDS", "SLOP"]

HOLD_SECONDS = 0.45
SLOP = 14  # pixels a finger may wander and still tap
_MIN_FRAME = 1 / 60  # a frame counts at least this long (an unthrottled loop still reaches a hold)


class Gestures:
    """One finger at a time (the latest down): ``handle`` and ``update``
    return ``("tap", pos)``, ``("hold", pos)`` or None."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.finger: int | None = None
        self.start = (0, 0)
        self.held = 0.0
        self.moved = False
        self.fired = False

    def handle(self, event: pygame.event.Event) -> tuple[str, tuple[int, int]] | None:
        pos = finger_pos(event, self.size)
        if event.type == pygame.FINGERDOWN:  # the newest finger counts (a lost FINGERUP never sticks)
            self.finger, self.start, self.held, self.moved, self.fired = event.finger_id, pos, 0.0, False, False
        elif event.finger_id != self.finger:
            return None
        elif event.type == pygame.FINGERMOTION:
            self.moved |= max(abs(pos[0] - self.start[0]), abs(pos[1] - self.start[1])) > SLOP
        elif event.type == pygame.FINGERUP:
            self.finger = None
            if not (self.fired or self.moved):
                return ("tap", self.start)
        return None

    def resting(self) -> tuple[int, int] | None:
        """Where the finger down now rests (it has not wandered off; held past a
        hold, it still rests there: a held button shows its words, and the lift then does nothing), else None."""
        return self.start if self.finger is not None and not self.moved else None

    def update(self, dt: float) -> tuple[str, tuple[int, int]] | None:
        if self.finger is None or self.fired or self.moved:
            return None
        self.held += max(dt, _MIN_FRAME)
        if self.held >= HOLD_SECONDS:
            self.fired = True
            return ("hold", self.start)
        return None


#: The on-screen buttons, left to right along the bottom of the map (command names of the key table;
#: their labels and words come from ``Game.buttons``: the stairs have one button each way).
BUTTONS = tuple((name, COMMAND_BY_NAME[name].button)
                for name in ("fire", "swap", "pack", "explore", "goal", "descend", "ascend", "rest", "wait", "history",
                             "menu"))
BUTTON_SIZE = (60, 44)
_GAP = 4
#: The map's foot kept for the buttons while they show (no cell is drawn under them, so no tap is ambiguous).
BAR_HEIGHT = BUTTON_SIZE[1] + 12
_GREY = (96, 94, 90)


class TouchControls:
    """Big buttons for thumbs, shown only while touch is the input.  Each is
    drawn as ``Game.buttons`` says: its label, greyed when it cannot apply,
    rimmed in the accent colour when it is worth pressing now; while a finger
    rests on one, :meth:`draw` shows what it will do (it acts on the lift)."""

    def __init__(self) -> None:
        self.shown = False
        w, h = BUTTON_SIZE
        x0 = MAP_RECT.right - len(BUTTONS) * (w + _GAP) - 6
        self.rects = {name: pygame.Rect(x0 + i * (w + _GAP), MAP_RECT.bottom - h - 6, w, h)
                      for i, (name, _) in enumerate(BUTTONS)}

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The button under ``pos`` while the controls are shown."""
        if self.shown:
            for name, rect in self.rects.items():
                if rect.collidepoint(pos):
                    return name
        return None

    def draw(self, surface: pygame.Surface, states: dict, pressed: str | None = None) -> None:
        """The buttons as ``states`` (``Game.buttons()``) say; ``pressed``: the
        one under a finger now, whose words show above the row."""
        if not self.shown:
            return
        for name, label in BUTTONS:
            rect, state = self.rects[name], states.get(name)
            enabled = state is None or state.enabled
            ui.panel(surface, rect, 215 if name == pressed else 190)
            edge = ui.ACCENT if (state is not None and state.urgent) or name == pressed else ui.DIM if enabled else _GREY
            pygame.draw.rect(surface, edge, rect, 2 if edge is ui.ACCENT else 1, border_radius=6)
            shown = state.label if state is not None else label
            ui.text(surface, shown, rect.center, 16, ui.INK if enabled else _GREY, "center")
        state = states.get(pressed) if pressed is not None else None
        if state is not None:
            caption(surface, state.says, self.rects[pressed].top - 6, ui.INK if state.enabled else ui.BAD)


def caption(surface: pygame.Surface, words: str, bottom: int, colour=ui.INK) -> pygame.Rect:
    """What a button will do, in a box over the map whose bottom is at ``bottom``."""
    text = ui.fit(words, MAP_RECT.width - 32, 18)
    w, h = ui.text_size(text, 18)
    box = pygame.Rect(6, bottom - h - 10, w + 20, h + 10)
    ui.panel(surface, box, 225)
    pygame.draw.rect(surface, ui.DIM, box, 1, border_radius=4)
    ui.text(surface, text, (box.x + 10, box.y + 5), 18, colour)
    return box
