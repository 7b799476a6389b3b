"""A row of up to three choice cards (a perk for a level gained, the gear a
scroll of enchanting enchants): a title and a few wrapped lines each, the
selected one lit, and :class:`CardChoice`, the overlay both scenes are:
``1``-``3`` (or ``a``-``c``, or a click on a card) choose at once, the
arrows select and Enter chooses, Esc does what the scene says."""

from __future__ import annotations

import pygame

from . import ui
from .overlay import Overlay

__all__ = ["CARD_W", "CARD_H", "CARD_GAP", "KEYS", "LETTERS", "wrap", "card_rects", "paint_cards", "CardChoice"]

CARD_W, CARD_H, CARD_GAP = 176, 150, 12
KEYS = "123"  # a card's key (or its letter)
LETTERS = "abc"
TOP = 70  # the cards' top, inside the box


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces.

    >>> wrap("your blows take a fifth less time", 16)
    ['your blows take', 'a fifth less', 'time']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def card_rects(box: pygame.Rect, n: int) -> list[pygame.Rect]:
    """The rectangles of ``n`` cards centred in ``box`` (screen or layer coordinates alike)."""
    x0 = box.x + (box.width - 3 * CARD_W - 2 * CARD_GAP) // 2
    return [pygame.Rect(x0 + i * (CARD_W + CARD_GAP), box.y + TOP, CARD_W, CARD_H) for i in range(n)]


def paint_cards(layer: pygame.Surface, cards: list[tuple[str, str]], selected: int) -> None:
    """Each ``(title, note)`` on a card of ``layer``, numbered; ``selected`` lit."""
    for i, ((title, note), card) in enumerate(zip(cards, card_rects(layer.get_rect(), len(cards)))):
        pygame.draw.rect(layer, (40, 44, 70) if i == selected else (26, 28, 44), card, border_radius=6)
        pygame.draw.rect(layer, ui.ACCENT if i == selected else ui.DIM, card, 2, border_radius=6)
        heading = wrap(f"{KEYS[i]}  {title}", 17)[:2]
        for j, line in enumerate(heading):
            ui.text(layer, line, (card.x + 10, card.y + 10 + j * 22), 20, ui.ACCENT)
        for j, line in enumerate(wrap(note, 22)):
            ui.text(layer, line, (card.x + 10, card.y + 20 + 22 * len(heading) + j * 20), 17)


class CardChoice(Overlay):
    """An overlay offering :meth:`options` as cards.  Subclasses say what the
    cards are (``(title, note)`` each; none: the overlay closes), what a
    choice does (:meth:`choose`), what Esc does (:meth:`escape`) and paint the
    box's heading (:meth:`heading`)."""

    BOX = (600, 280)

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.selected = 0
        self.cards: list[pygame.Rect] = []

    def options(self) -> list[tuple[str, str]]:
        raise NotImplementedError

    def choose(self, index: int) -> None:
        raise NotImplementedError

    def escape(self) -> None:
        self.app.pop()

    def heading(self, layer: pygame.Surface) -> None:
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> bool:
        n = len(self.options())
        if not n and not self.empty_ok:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if event.key == pygame.K_ESCAPE:
                self.escape()
            elif char and char in KEYS[:n]:
                self.choose(KEYS.index(char))
            elif char and char in LETTERS[:n]:
                self.choose(LETTERS.index(char))
            elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_KP4) and n:
                self.selected = (self.selected - 1) % n
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_KP6) and n:
                self.selected = (self.selected + 1) % n
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) and n:
                self.choose(min(self.selected, n - 1))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.cards):
                if rect.collidepoint(event.pos):
                    self.choose(i)
                    return True
        return True

    #: Whether the box stays open with no card to offer (its heading says what to do).
    empty_ok = False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, *self.BOX)
        options = self.options()
        surface.blit(self.layer((tuple(options), self.selected), rect.size,
                                lambda layer: self._paint(layer, options)), rect.topleft)
        self.cards = card_rects(rect, len(options))

    def _paint(self, layer: pygame.Surface, options) -> None:
        self.heading(layer)
        paint_cards(layer, options, self.selected)
