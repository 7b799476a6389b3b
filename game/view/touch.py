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

__all__ = ["Gestures", "TouchControls", "HOLD_SECONDS", "SLOP"]

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

    def update(self, dt: float) -> tuple[str, tuple[int, int]] | None:
        if self.finger is None or self.fired or self.moved:
            return None
        self.held += max(dt, _MIN_FRAME)
        if self.held >= HOLD_SECONDS:
            self.fired = True
            return ("hold", self.start)
        return None


#: The on-screen buttons, left to right along the bottom of the map: (command name, label from the key table).
BUTTONS = tuple((name, COMMAND_BY_NAME[name].button)
                for name in ("fire", "swap", "pack", "explore", "stairs", "rest", "wait", "history", "menu"))
BUTTON_SIZE = (72, 44)


class TouchControls:
    """Big buttons for thumbs, shown only while touch is the input."""

    def __init__(self) -> None:
        self.shown = False
        w, h = BUTTON_SIZE
        x0 = MAP_RECT.right - len(BUTTONS) * (w + 6)
        self.rects = {name: pygame.Rect(x0 + i * (w + 6), MAP_RECT.bottom - h - 6, w, h)
                      for i, (name, _) in enumerate(BUTTONS)}

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The button under ``pos`` while the controls are shown."""
        if self.shown:
            for name, rect in self.rects.items():
                if rect.collidepoint(pos):
                    return name
        return None

    def draw(self, surface: pygame.Surface, stairs_label: str = "Stairs") -> None:
        if not self.shown:
            return
        for name, label in BUTTONS:
            rect = self.rects[name]
            ui.panel(surface, rect, 190)
            pygame.draw.rect(surface, ui.DIM, rect, 1, border_radius=6)
            ui.text(surface, stairs_label if name == "stairs" else label, rect.center, 18, ui.INK, "center")
