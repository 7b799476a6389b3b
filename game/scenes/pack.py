"""The pack: one row per stack ("3 healing potions").  A letter or the
arrows select a row; Enter or ``u`` use it (drink, read, equip, craft); ``x``
drops one of it, ``X`` the whole row; Esc/Tab (or ``i`` while it names no
row) closes.  The buttons do the same for mouse and touch; a click on a row
selects it, a second click uses it.

Opened with ``t`` it is the throwing pack: the chosen item is thrown (a
target is chosen next).  Wands, and scrolls that act at a distance, also ask
for a target before they are used.  Unknown potions, scrolls and wands show
their appearance until identified.

Rows are a view of the flat inventory (:func:`game.rules.pack.stacks`):
actions get the flat index of the row's first item."""

from __future__ import annotations

import pygame

from ..app import App
from ..rules.content import ITEM_BY_ID, RECIPES, ItemKind
from ..rules.identify import display_name, is_known
from ..rules.look import item_use
from ..rules.pack import MAX_INVENTORY, Stack, counted, stacks
from ..rules.run import Game
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["PackScene", "describe"]

LETTERS = "abcdefghijklmnopqrst"  # one per row: MAX_INVENTORY rows


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
    def rows(self) -> list[Stack]:
        return stacks(self.game.player.inventory)

    def handle_event(self, event: pygame.event.Event) -> bool:
        rows = self.rows
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB) or (char == "i" and len(rows) <= LETTERS.index("i")):
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_KP8):
                self.selected = max(0, self.selected - 1)
            elif event.key in (pygame.K_DOWN, pygame.K_KP2):
                self.selected = min(max(0, len(rows) - 1), self.selected + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) or char == "u":
                self._use()
            elif char in ("x", "X"):
                self._drop(char == "X")
            elif len(char) == 1 and char in LETTERS and LETTERS.index(char) < len(rows):
                self.selected = LETTERS.index(char)  # select; Enter or u uses, x drops
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
        slot = rows[min(self.selected, len(rows) - 1)].first
        kind = ITEM_BY_ID[g.player.inventory[slot]]
        if self.mode == "throw" or kind.targeted:  # a target first
            if g.mode != "dungeon":
                g.say("There is nothing to aim at here.")
                g.touch()
                return
            self.app.pop()
            self.app.open("target", g, "throw" if self.mode == "throw" else "use", slot)
            return
        g.use_item(slot)
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
        self.game.drop(row.first, row.count if whole else 1)
        self._after()

    def _after(self) -> None:
        g = self.game
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        if g.dead or g.busy:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 600, 420)
        key = (tuple(self.game.player.inventory), self.selected, self.mode, len(self.game.known))
        surface.blit(self.layer(key, rect.size, self._paint), rect.topleft)
        ui.draw_buttons(surface, self.buttons)

    def _paint(self, layer: pygame.Surface) -> None:
        inv = self.game.player.inventory
        rows = stacks(inv)
        rect = layer.get_rect()
        top = self.TOP - 30  # the box's top is at y = 30 on screen
        ui.text(layer, "Throw what?" if self.mode == "throw" else "Pack", (16, 8), 28, ui.ACCENT)
        ui.text(layer, f"{len(rows)}/{MAX_INVENTORY} slots", (190 if self.mode == "throw" else 90, 16), 18,
                ui.DIM)
        if not rows:
            ui.text(layer, "(empty)", (16, top), 20, ui.DIM)
        for r, row in enumerate(rows):
            kind = ITEM_BY_ID[row.item]
            y = top + r * self.ROW - 1
            if r == self.selected:
                pygame.draw.rect(layer, (60, 60, 90), (8, y, rect.width - 16, self.ROW))
            ui.text(layer, f"{LETTERS[r]})  {label(self.game, row)}", (16, y + 1), 18, kind.colour)
            ui.text(layer, describe(kind, inv.count(row.item), is_known(self.game, kind)), (290, y + 2), 16,
                    ui.DIM)
        hint = ("a-t or arrows: select   Enter: throw it, then choose where   Esc: close" if self.mode == "throw"
                else "a-t or arrows: select   Enter/u: use   x: drop one   X: drop all   Esc: close")
        ui.text(layer, hint, (16, rect.height - 22), 16, ui.DIM)


def label(game: Game, row: Stack) -> str:
    """A row's name: "3 healing potions"; an unknown kind by its appearance ("2 x fizzy potion")."""
    kind = ITEM_BY_ID[row.item]
    if is_known(game, kind):
        return counted(row.item, row.count) + (" (charges)" if kind.kind == "wand" and row.count > 1 else "")
    shown = display_name(game, kind)
    return shown if row.count == 1 else f"{row.count} x {shown}"


def describe(kind: ItemKind, count: int, known: bool = True) -> str:
    """What using an item does, in a few words (``count``: how many the pack
    holds, against what crafting needs; an unknown kind says how to learn it)."""
    recipe = RECIPES.get(kind.id) if kind.kind == "resource" else None
    return item_use(kind, known) + (f" ({count}/{recipe.need})" if recipe else "")
