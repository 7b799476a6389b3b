"""Small drawing helpers: cached fonts, text with a shadow, panels, a progress bar,
buttons and timed messages.  Drawing only; no game state lives here."""

from __future__ import annotations

import pygame

__all__ = ["font", "text", "panel", "progress_bar", "Button", "Toasts", "INK", "DIM", "ACCENT"]

INK = (236, 232, 220)
DIM = (150, 146, 136)
ACCENT = (255, 208, 96)
BAD = (255, 120, 100)
_fonts: dict[int, pygame.font.Font] = {}


def font(size: int = 18) -> pygame.font.Font:
    if size not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


def text(surface: pygame.Surface, content: str, pos: tuple[int, int], size: int = 18,
         colour: tuple[int, int, int] = INK, anchor: str = "topleft") -> pygame.Rect:
    """Draw one line with a 1-px shadow; returns its rect."""
    f = font(size)
    shadow = f.render(content, True, (0, 0, 0))
    face = f.render(content, True, colour)
    rect = face.get_rect(**{anchor: pos})
    surface.blit(shadow, rect.move(1, 1))
    surface.blit(face, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 170) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((8, 10, 16, alpha))
    surface.blit(shade, rect.topleft)


def progress_bar(surface: pygame.Surface, rect: pygame.Rect, fraction: float, label: str = "") -> None:
    panel(surface, rect.inflate(8, 8), 200)
    pygame.draw.rect(surface, DIM, rect, 1)
    inner = rect.inflate(-4, -4)
    inner.width = int(inner.width * max(0.0, min(1.0, fraction)))
    pygame.draw.rect(surface, ACCENT, inner)
    if label:
        text(surface, label, (rect.centerx, rect.top - 6), 18, INK, "midbottom")


class Button:
    """A labelled rectangle that reports clicks inside it."""

    def __init__(self, label: str, rect: pygame.Rect, action) -> None:
        self.label, self.rect, self.action = label, pygame.Rect(rect), action

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        hover = self.rect.collidepoint(pygame.mouse.get_pos())
        panel(surface, self.rect, 220 if hover else 170)
        pygame.draw.rect(surface, ACCENT if hover else DIM, self.rect, 1)
        text(surface, self.label, self.rect.center, 18, INK, "center")


class Toasts:
    """Plain-text messages that fade after a few seconds (bad URL values, saves...)."""

    def __init__(self, seconds: float = 8.0) -> None:
        self.seconds = seconds
        self.items: list[list] = []

    def add(self, message: str, colour: tuple[int, int, int] = INK) -> None:
        self.items.append([message, self.seconds, colour])
        del self.items[:-6]

    def update(self, dt: float) -> None:
        for item in self.items:
            item[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]

    def draw(self, surface: pygame.Surface, bottom: int | None = None) -> None:
        y = (surface.get_height() - 8) if bottom is None else bottom
        for message, _, colour in reversed(self.items):
            rect = font(18).size(message)
            box = pygame.Rect(8, y - rect[1] - 6, rect[0] + 12, rect[1] + 6)
            panel(surface, box)
            text(surface, message, (14, y - rect[1] - 3), 18, colour)
            y -= rect[1] + 10
