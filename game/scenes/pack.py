"""The pack: one row per stack ("3 healing potions").  A letter or the
arrows select a row (a row's letter stays put while its kind is in the
pack: rows are listed by letter, gaps and all); Enter or ``u`` use it (drink, read, equip, craft); ``x``
drops one of it, ``X`` the whole row; Esc/Tab (or ``i`` while it names no
row) closes.  The buttons do the same for mouse and touch; a click on a row
selects it, a second click uses it.

Opened with ``t`` it is the throwing pack: the chosen item is thrown (a
target is chosen next).  Wands, and known scrolls that act at a distance,
also ask for a target before they are used; an unknown scroll is read first
and asks after (the pack closes and the play screen asks).  Unknown potions, scrolls and wands show
their appearance until identified.

Rows are :meth:`Game.pack_rows` (a view of the flat inventory): actions
get the flat index of the row's first item."""

from __future__ import annotations

import pygame

from ..shell.app import App
from ..rules.run import PACK_SLOTS, Game, PackRow
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["PackScene"]

class PackScene(Overlay):
    TOP = 78  # y of the first row on screen (the box is centred on the map area, its top at y 30)
    ROW = 17  # row height: a full pack (20 rows) ends inside the box

    def __init__(self, app: App, game: Game, mode: str = "use") -> None:
        super().__init__(app)
        self.game = game
        self.mode = mode  # "use", or "throw" (opened with t)
        self.selected = 0
        self.buttons = [ui.Button(label, pygame.Rect(x, 38, w, 26), action) for label, x, w, action in (
            ("Throw", 290, 62, self._throw), ("Use", 356, 56, self._use),
            ("Drop 1", 416, 64, lambda: self._drop(False)),
            ("Drop all", 484, 74, lambda: self._drop(True)), ("Close", 562, 64, self.app.pop))]

    @property
    def rows(self) -> list[PackRow]:
        return self.game.pack_rows()

    def handle_event(self, event: pygame.event.Event) -> bool:
        rows = self.rows
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            letters = [row.letter for row in rows]
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB) or (char == "i" and "i" not in letters):
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_KP8):
                self.selected = max(0, self.selected - 1)
            elif event.key in (pygame.K_DOWN, pygame.K_KP2):
                self.selected = min(max(0, len(rows) - 1), self.selected + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) or char == "u":
                self._use()
            elif char in ("x", "X"):
                self._drop(char == "X")
            elif len(char) == 1 and char in letters:
                self.selected = letters.index(char)  # select; Enter or u uses, x drops
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if ui.click(self.buttons, event):
                return True
            row = (event.pos[1] - self.TOP) // self.ROW
            if 0 <= row < len(rows) and abs(event.pos[0] - 360) < 300 and event.pos[1] >= self.TOP:
                if row == self.selected:
                    self._use()
                self.selected = row
            elif not pygame.Rect(60, 30, 600, 420).collidepoint(event.pos):
                self.app.pop()  # a click outside the box closes it
            return True
        return True

    def _use(self) -> None:
        rows = self.rows
        if not rows:
            return
        g = self.game
        row = rows[min(self.selected, len(rows) - 1)]
        if self.mode == "throw" or row.targeted:  # a target first
            purpose = "throw" if self.mode == "throw" else "use"
            if g.ready_to_aim(purpose, row.slot):
                self.app.pop()
                self.app.open("target", g, purpose, row.slot)
            return
        caution = g.use_caution(row.slot)  # healing at full HP, a potion known to harm: asked first
        if caution:
            self.app.open("confirm", caution, lambda: self._use_now(row.slot))
            return
        self._use_now(row.slot)

    def _use_now(self, slot: int) -> None:
        self.game.use_item(slot)
        self._after()

    def _throw(self) -> None:
        """The *Throw* button: the selected item is thrown (a target comes next)."""
        self.mode = "throw"
        self._use()

    def _drop(self, whole: bool) -> None:
        rows = self.rows
        if not rows:
            return
        row = rows[min(self.selected, len(rows) - 1)]
        self.game.drop(row.slot, row.count if whole else 1)
        self._after()

    def _after(self) -> None:
        g = self.game
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        if g.dead or g.busy or g.reading():  # (a scroll just read: the play screen asks its choice)
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 600, 420)
        key = (tuple(self.rows), self.selected, self.mode)  # rows: names as known, letters and all
        surface.blit(self.layer(key, rect.size, self._paint), rect.topleft)
        ui.draw_buttons(surface, self.buttons)

    def _paint(self, layer: pygame.Surface) -> None:
        rows = self.rows
        rect = layer.get_rect()
        top = self.TOP - 30  # the box's top is at y = 30 on screen
        ui.text(layer, "Throw what?" if self.mode == "throw" else "Pack", (16, 8), 28, ui.ACCENT)
        ui.text(layer, f"{len(rows)}/{PACK_SLOTS} slots", (rect.width - 16, rect.height - 22), 16, ui.DIM,
                "topright")  # by the hint line: the header holds the title and the buttons
        if not rows:
            ui.text(layer, "(empty)", (16, top), 20, ui.DIM)
        for r, row in enumerate(rows):
            y = top + r * self.ROW - 1
            if r == self.selected:
                pygame.draw.rect(layer, (60, 60, 90), (8, y, rect.width - 16, self.ROW))
            ui.text(layer, f"{row.letter})  {row.label}", (16, y + 1), 18, row.colour)
            ui.text(layer, ui.fit(row.use, rect.width - 298, 16), (290, y + 2), 16, ui.DIM)
        hint = ("a-t or arrows: select   Enter: throw it, then choose where   Esc: close" if self.mode == "throw"
                else "a-t or arrows: select   Enter/u: use   x: drop one   X: drop all   Esc: close")
        ui.text(layer, hint, (16, rect.height - 22), 16, ui.DIM)
