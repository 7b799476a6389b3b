"""Choosing a target: for firing a launcher (or a spear's reach), throwing,
or aiming a wand or scroll (one just read, ``read``, waits for it: Esc lets
it crumble unused).

The cursor starts on the nearest monster in range, so ``f f`` fires at it
(and ``t``, a letter, ``t`` throws).  Tab cycles through the monsters in view,
Shift+Tab back; the movement keys move the cursor; the mouse or a finger
points.  Enter, Space, ``f``, ``t`` or a click lets fly; Esc or a right click
cancels.  When the last input was a finger (``App.touch_input``) the prompt
says "tap a target" and big buttons do the keys' work: let fly at the
chosen foe, the next target, cancel (for a scroll just read: let it
crumble).  The preview draws the line of fire as it will go: it stops at
the first wall or creature, and the part past that point is drawn dimmed,
so a shot blocked by a pillar is seen before it is taken.
"""

from __future__ import annotations

import pygame

from ..shell.app import App, Scene
from ..shell.controls import MOVE_KEYS
from ..rules.run import AIM_PURPOSES, Game
from ..view import ui
from ..view.map_view import MAP_RECT, MapView
from ..view.touch import BAR_HEIGHT

__all__ = ["TargetScene"]

_LINE, _PAST, _HIT = (255, 230, 140), (120, 100, 80), (255, 90, 70)


class TargetScene(Scene):
    opaque = False

    def __init__(self, app: App, game: Game, purpose: str, slot: int | None = None) -> None:
        super().__init__(app)
        if purpose not in AIM_PURPOSES:
            raise ValueError(f"unknown purpose {purpose!r}")
        self.game, self.purpose, self.slot = game, purpose, slot
        self.map = MapView(game)  # the same camera the play screen uses
        self.range = game.aim_range(purpose, slot)
        self.choices = game.targets(self.range)
        self.cursor = self.choices[0] if self.choices else game.pos
        self.done = False
        self.touch = app.touch_input  # a finger chose to aim: a prompt for taps, and buttons
        self.map.reserve = BAR_HEIGHT if self.touch else 0  # the play screen's camera while its thumb buttons show
        verb = game.aim_label(purpose, slot).split(" ")[0]
        cancel = "Let it crumble" if purpose == "read" else "Cancel"
        w, h = 130, 44
        self.buttons = [ui.Button(label, pygame.Rect(MAP_RECT.right - (3 - i) * (w + 6), MAP_RECT.bottom - h - 6, w, h),
                                  action)
                        for i, (label, action) in enumerate(((verb, self.confirm), ("Next target", lambda: self.cycle(1)),
                                                             (cancel, self.cancel)))] if self.touch else []

    # -- what it does ---------------------------------------------------------------------
    def describe(self) -> str:
        name = self.game.monster_name_at(*self.cursor)
        at = f" at {name}" if name is not None else ""
        if self.touch:
            label = self.game.aim_label(self.purpose, self.slot)
            return f"{label}: tap a target" + (f" — or the {self.buttons[0].label} button{at}" if at else "")
        esc = "let it crumble" if self.purpose == "read" else "cancel"
        return f"{self.game.aim_label(self.purpose, self.slot)}{at}.  Tab: next target   Enter: go   Esc: {esc}"

    def preview(self):
        """The flight as it would go now: ``(cells crossed, cell hit or None, cells past the stop)``."""
        return self.game.aim_preview(self.cursor, self.range, self.purpose, self.slot)

    def confirm(self) -> None:
        if self.cursor == self.game.pos or self.done:
            return
        caution = self.game.aim_caution(self.purpose, self.cursor, self.slot)  # a burst known to reach you
        if caution:
            self.app.open("confirm", caution, self.let_fly)
            return
        self.let_fly()

    def let_fly(self) -> None:
        """Fire, throw, zap or read at the cursor (the player said yes to any caution)."""
        if self.done:
            return
        self.done = True
        self.app.pop()
        g = self.game
        if self.purpose == "fire":
            g.fire(self.cursor)
        elif self.purpose == "read":
            g.choose(self.cursor)
        elif self.purpose == "throw":
            g.throw(self.slot, self.cursor)
        else:
            g.use_item(self.slot, self.cursor)

    def cancel(self) -> None:
        """Esc or a right click: nothing is aimed (a scroll already read crumbles unused: its prompt said so)."""
        self.app.pop()
        if self.purpose == "read":
            self.game.choose(None)

    def cycle(self, step: int) -> None:
        if not self.choices:
            return
        i = self.choices.index(self.cursor) if self.cursor in self.choices else -1
        self.cursor = self.choices[(i + step) % len(self.choices)]

    # -- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key, char = event.key, getattr(event, "unicode", "") or ""
            if key == pygame.K_ESCAPE:
                self.cancel()
            elif key == pygame.K_TAB:
                self.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) or char in ("f", "t"):
                self.confirm()
            elif key in MOVE_KEYS:
                dx, dy = MOVE_KEYS[key]
                h, w = self.game.level.shape
                self.cursor = (min(w - 1, max(0, self.cursor[0] + dx)), min(h - 1, max(0, self.cursor[1] + dy)))
            return True
        if event.type == pygame.MOUSEMOTION:
            cell = self.map.screen_to_tile(event.pos)
            if cell is not None and not any(b.rect.collidepoint(event.pos) for b in self.buttons):
                self.cursor = cell
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.cancel()
                return True
            if ui.click(self.buttons, event):
                return True
            cell = self.map.screen_to_tile(event.pos)
            if event.button == 1 and cell is not None:
                self.cursor = cell
                self.confirm()
            return True
        return True

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        cx, cy, vw, vh, ox, oy = self.map.camera()
        ts = self.map.tile_size()

        def rect(cell, pad=0):
            return pygame.Rect(ox + (cell[0] - cx) * ts + pad, oy + (cell[1] - cy) * ts + pad, ts - 2 * pad,
                               ts - 2 * pad)

        cells, hit, past = self.preview()
        for c in past:
            pygame.draw.rect(surface, _PAST, rect(c, ts // 2 - 1))
        for c in cells:
            pygame.draw.rect(surface, _LINE, rect(c, ts // 2 - 2))
        if hit is not None:
            pygame.draw.rect(surface, _HIT, rect(hit), 2)
        pygame.draw.rect(surface, (255, 255, 255), rect(self.cursor), 1)
        bar = pygame.Rect(0, 0, 720, 24)
        ui.panel(surface, bar, 210)
        ui.text(surface, self.describe(), (8, 4), 18, ui.ACCENT)
        ui.draw_buttons(surface, self.buttons)
