"""The morgue file of a finished run, as text to read, copy (C) or
download (D); natively it is already in the data folder (its path is
shown).  Up/Down, Page Up/Down, the wheel or a drag scroll; Esc closes.

The text is drawn in fixed cells, a character each, so its ASCII map and
columns line up as they do in the file; the rows in view are painted once
per scroll."""

from __future__ import annotations

import pygame

from ..shell import browser
from ..shell.app import App
from ..view import ui
from ..view.overlay import ScrollingOverlay

__all__ = ["MorgueScene"]

ROW = 17
CELL = 8  # px per character
BOX = (880, 510)
COLUMNS = (BOX[0] - 32) // CELL
_glyphs: dict[str, pygame.Surface] = {}


def _glyph(ch: str) -> pygame.Surface:
    if ch not in _glyphs:
        _glyphs[ch] = ui.font(16).render(ch, True, ui.INK)
    return _glyphs[ch]


class MorgueScene(ScrollingOverlay):
    ROW = ROW

    def __init__(self, app: App, text: str, filename: str, saved_at: str | None = None) -> None:
        self.text, self.filename = text, filename
        self.lines = text.splitlines()
        super().__init__(app, (BOX[1] - 80) // ROW)
        self.note = f"Saved as {saved_at}" if saved_at else "C: copy   D: download"

    def line_count(self) -> int:
        return len(self.lines)

    def copy(self) -> None:
        self.note = "Copied to the clipboard." if browser.copy_text(self.text) else "Printed on the terminal."

    def download(self) -> None:
        self.note = browser.download(self.filename, self.text.encode("utf-8"), "text/plain")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.scroll_key(event.key):
                pass
            elif event.key == pygame.K_c:
                self.copy()
            elif event.key == pygame.K_d:
                self.download()
            elif event.key in (pygame.K_ESCAPE, pygame.K_m):
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.start_drag(event.pos)
        else:
            self.scroll_pointer(event)
        return True

    def _rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *BOX)
        rect.center = (480, 270)
        return rect

    def _paint(self, layer: pygame.Surface) -> None:
        for i, line in enumerate(self.lines[self.top:self.top + self.rows]):
            for j, ch in enumerate(line[:COLUMNS]):
                if ch != " ":
                    glyph = _glyph(ch)
                    layer.blit(glyph, (j * CELL + (CELL - glyph.get_width()) // 2, i * ROW))

    def draw(self, surface: pygame.Surface) -> None:
        rect = self._rect()
        surface.blit(self._shade(rect.size, 250), rect.topleft)
        pygame.draw.rect(surface, ui.ACCENT, rect, 2)
        ui.text(surface, "Morgue file", (rect.x + 16, rect.y + 10), 22, ui.ACCENT)
        ui.text(surface, self.note[-90:], (rect.right - 16, rect.y + 14), 16, ui.DIM, "topright")
        size = (COLUMNS * CELL, self.rows * ROW)
        surface.blit(self.layer(self.top, size, self._paint), (rect.x + 16, rect.y + 44))
        ui.text(surface, "Up/Down scroll   C copy   D download   Esc close", (rect.centerx, rect.bottom - 22), 16,
                ui.DIM, "midtop")
