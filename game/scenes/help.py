"""How to play, in two pages.  The first: the goal, then every key of the
key table with what it does (:data:`game.shell.controls.COMMANDS`: the help
cannot drift from what the keys do), then the mouse and touch.  The second:
the words a newcomer needs (what walking over items picks up, what
crafting makes, unknown potions) and every first-time tip
(:data:`game.rules.run.TIPS`), with how to turn them off.  Tab, the
arrows or the button turn the page; any other key or click closes."""

from __future__ import annotations

import pygame

from ..shell.controls import COMMANDS
from ..rules.run import PICKUP_MODES, PICKUP_WORDS, TIPS, crafting_words
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["HelpScene", "GOAL", "POINTER", "key_rows", "word_lines"]

GOAL = (
    "Goal: each location keeps a relic at the bottom of its relic site (the magenta door). Carry it",
    "out of the site to keep it and open the way on; the last location's relic wins. Death is final.",
    "Every other site's deepest level holds a treasure and its guardian: carry the treasure out (or kill",
    "the guardian) to clear the site; clearing enough sites also opens the next location.",
)
POINTER = "Click or tap a tile to walk there (or explore towards it); hover or hold a finger to look."
BOX = (700, 512)
KEY_X, HELP_X = 20, 232  # the columns of the key rows (the widest keys, movement's, fit the first)
ROW = 17
_TURN = pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_PAGEDOWN, pygame.K_PAGEUP


def key_rows() -> list[tuple[str, str]]:
    """``(keys, what they do)`` for every command with keys, in the table's order."""
    return [(c.shown or "  ".join(f"[{k}]" for k in c.keys), c.help) for c in COMMANDS if c.keys]


def word_lines() -> list[tuple[str, str]]:
    """The second page: ``(kind, line)``, kind "head" for a heading, else a line of text."""
    out = [("head", "The line under the map: your next goal. T (or the Goal button) goes for it.")]
    out += [("head", "Walking over items picks up (the menu, Esc, sets it):")]
    out += [("text", f"{PICKUP_WORDS[m][0]}: {PICKUP_WORDS[m][1]}") for m in PICKUP_MODES]
    out += [("head", "Crafting: use a resource in the pack (i) once you carry enough of it:")]
    out += [("text", line) for line in crafting_words()]
    out += [("head", "Unknown potions, scrolls and wands: using one names its kind for the rest of the run.")]
    out += [("text", "An unknown scroll is read first; only then does it ask where or what it acts on.")]
    out += [("head", "The pack: an item keeps its letter while you carry it (keys in the pack use it by letter).")]
    out += [("text", "A use you know is wasted or harmful asks first: healing at full health, a harmful potion "
                     "or scroll.")]
    out += [("head", "First-time tips, each said once a run (the menu turns them off):")]
    out += [("text", f"{t.when}: {t.text.removeprefix('Tip: ')}") for t in TIPS]
    out += [("head", "Touch: tap to walk, attack or explore towards; hold to look; a finger resting on a button "
                     "shows what it will do (it acts when lifted; a greyed one says why not).")]
    return out


class HelpScene(Overlay):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.turn_button = ui.Button("", pygame.Rect(0, 0, 150, 26), self.turn)

    def turn(self) -> None:
        self.page = 1 - self.page

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in _TURN:
            self.turn()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.turn_button.handle(event):
            pass
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, *BOX, alpha=250)  # it covers the log too: nothing may show through
        surface.blit(self.layer(("help", self.page), rect.size, self._paint), rect.topleft)
        self.turn_button.label = "Words and tips >" if self.page == 0 else "< Keys"
        self.turn_button.rect.topright = (rect.right - 12, rect.y + 10)
        self.turn_button.draw(surface)

    def _paint(self, layer: pygame.Surface) -> None:
        ui.text(layer, "How to play" if self.page == 0 else "Words and tips", (16, 8), 28, ui.ACCENT)
        ui.text(layer, "Tab: the other page   any other key closes", (layer.get_width() - 176, 40), 15,
                ui.DIM, "topright")
        (self._keys if self.page == 0 else self._words)(layer)

    def _keys(self, layer: pygame.Surface) -> None:
        y = 56
        for line in GOAL:
            ui.text(layer, line, (16, y), 16)
            y += ROW
        y += 4
        for keys, what in key_rows():
            ui.text(layer, keys, (KEY_X, y), 15, ui.ACCENT)
            if ui.text_size(keys, 15)[0] > HELP_X - KEY_X - 8:  # too wide for its column: a line of its own
                y += ROW - 1
            ui.text(layer, what, (HELP_X, y), 15)
            y += ROW - 1
        ui.text(layer, POINTER, (16, y + 2), 15, ui.DIM)

    def _words(self, layer: pygame.Surface) -> None:
        y = 56
        for kind, line in word_lines():
            indent = 16 if kind == "head" else 32
            for part in ui.wrap(line, layer.get_width() - indent - 16, 15):
                ui.text(layer, part, (indent, y), 15, ui.ACCENT if kind == "head" else ui.INK)
                y += ROW - 1
            y += 2 if kind == "head" else 0
