"""Small drawing helpers: cached fonts, evenly spaced text with a shadow, panels, a progress bar,
buttons and timed messages.  Drawing only; no game state lives here."""

from __future__ import annotations

import pygame

__all__ = ["font", "render", "text", "text_size", "fit", "wrap", "panel", "progress_bar", "Button", "click", "draw_buttons",
           "Toasts", "INK", "DIM", "ACCENT", "BAD", "MESSAGE_COLOURS"]

INK = (236, 232, 220)
DIM = (150, 146, 136)
ACCENT = (255, 208, 96)
BAD = (255, 120, 100)

#: The colour of each kind of log line (``game.rules.text.log``).
MESSAGE_COLOURS = {"good": (150, 230, 140), "bad": BAD, "note": INK, "loot": (255, 215, 120), "tip": (140, 215, 255)}
_fonts: dict[int, pygame.font.Font] = {}  # by size; the supersampled ones under -size

#: Text is rendered at this many times its size, then scaled down.  pygame's
#: default font (FreeSans Bold) hints each glyph's advance to whole pixels,
#: and at 15-28 px that rounding is uneven: "e" grows to 8 px at size 18
#: where the outline says 6.8, a space shrinks to 3, and lines read "Roll
#: aname", "Dungeon siz e", "At tack".  At twice the size the rounding is half
#: as large relative to the glyph, and the box-filtered scale-down keeps the
#: outline's own spacing (``tests/test_comforts.py`` measures the gaps at
#: every size the game draws).
SUPERSAMPLE = 2
MAX_RENDERED = 800  # rendered lines kept (most text is redrawn unchanged every frame)
_rendered: dict[tuple, pygame.Surface] = {}

#: Tests set this to a list to see every line :func:`text` draws: ``(surface, rect, content)``
#: (the layout tests check that no dialog's title runs into its other text).
drawn: list | None = None


def font(size: int = 18) -> pygame.font.Font:
    """The font at ``size`` px, hinted as SDL_ttf does (for single glyphs, as sprites draw them)."""
    if size not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


def _big_font(size: int) -> pygame.font.Font:
    """The font :func:`render` draws with: exactly SUPERSAMPLE times the point size of ``font(size)``
    (``Font(None, 2 * size)`` rounds to 27 pt where twice size 20 is 26), so text keeps its width."""
    key = -size
    if key not in _fonts:
        big = pygame.font.Font(None, size * SUPERSAMPLE)
        big.set_point_size(font(size).get_point_size() * SUPERSAMPLE)
        _fonts[key] = big
    return _fonts[key]


def render(content: str, size: int = 18, colour: tuple[int, int, int] = INK) -> pygame.Surface:
    """One line of text as an alpha surface, evenly spaced (see :data:`SUPERSAMPLE`); cached."""
    key = (content, size, tuple(colour))
    surf = _rendered.get(key)
    if surf is None:
        big = _big_font(size).render(content, True, colour)
        w, h = (max(1, -(-n // SUPERSAMPLE)) for n in big.get_size())
        # Padded to whole multiples first, so the scale is exactly 1/SUPERSAMPLE: a
        # fractional one would shift every glyph by a different fraction of a pixel.
        exact = pygame.Surface((w * SUPERSAMPLE, h * SUPERSAMPLE), pygame.SRCALPHA)
        exact.fill((*colour, 0))
        exact.blit(big, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # a copy: same colour, its alpha
        surf = pygame.transform.smoothscale(exact, (w, h))
        _keep(key, surf)
    return surf


def _keep(key: tuple, surf: pygame.Surface) -> None:
    """Cache a rendered line, dropping the oldest past :data:`MAX_RENDERED`."""
    if len(_rendered) >= MAX_RENDERED:
        del _rendered[next(iter(_rendered))]  # the oldest line
    _rendered[key] = surf


def _shadow(content: str, size: int, face: pygame.Surface) -> pygame.Surface:
    """``render(content, size, (0, 0, 0))``, made from ``face`` (the line
    rendered in any colour) by zeroing its colour; cached alike.

    A line's alpha does not depend on its colour, so this is the black
    rendering byte for byte (checked at every size and colour the game
    draws), at a tenth of its cost: a frame that draws new text (a dialog
    opening, a screen of new lines) renders half as much."""
    key = (content, size, (0, 0, 0))
    surf = _rendered.get(key)
    if surf is None:
        surf = face.copy()
        surf.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)   # colour to 0, alpha as it is
        _keep(key, surf)
    return surf


def text_size(content: str, size: int = 18) -> tuple[int, int]:
    """The size :func:`text` draws ``content`` at."""
    return render(content, size).get_size()


def fitted(content: str, width: int, sizes: tuple[int, ...] = (18, 16, 14)) -> tuple[str, int]:
    """``(content, size)`` at the largest of ``sizes`` that draws it whole
    within ``width`` pixels; else shortened (:func:`fit`) at the smallest."""
    for size in sizes:
        if text_size(content, size)[0] <= width:
            return content, size
    return fit(content, width, sizes[-1]), sizes[-1]


def fit(content: str, width: int, size: int = 18) -> str:
    """``content``, shortened with an ellipsis until :func:`text` draws it within ``width`` pixels."""
    if text_size(content, size)[0] <= width:
        return content
    for end in range(len(content) - 1, 0, -1):
        short = content[:end].rstrip() + "…"
        if text_size(short, size)[0] <= width:
            return short
    return "…"


def wrap(content: str, width: int, size: int = 18) -> list[str]:
    """``content`` cut at spaces into lines :func:`text` draws within ``width`` pixels
    (a word wider than that alone on its line)."""
    lines, line = [], ""
    for word in content.split():
        wider = f"{line} {word}" if line else word
        if line and text_size(wider, size)[0] > width:
            lines.append(line)
            line = word
        else:
            line = wider
    return lines + ([line] if line else [])


def text(surface: pygame.Surface, content: str, pos: tuple[int, int], size: int = 18,
         colour: tuple[int, int, int] = INK, anchor: str = "topleft") -> pygame.Rect:
    """Draw one line with a 1-px shadow; returns its rect."""
    face = render(content, size, colour)
    rect = face.get_rect(**{anchor: pos})
    surface.blit(_shadow(content, size, face), rect.move(1, 1))
    surface.blit(face, rect)
    if drawn is not None:
        drawn.append((surface, rect.copy(), content))
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 170) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((8, 10, 16, alpha))
    surface.blit(shade, rect.topleft)


def progress_bar(surface: pygame.Surface, rect: pygame.Rect, fraction: float, label: str = "", size: int = 18) -> None:
    panel(surface, rect.inflate(8, 8), 200)
    pygame.draw.rect(surface, DIM, rect, 1)
    inner = rect.inflate(-4, -4)
    inner.width = int(inner.width * max(0.0, min(1.0, fraction)))
    pygame.draw.rect(surface, ACCENT, inner)
    if label:
        text(surface, label, (rect.centerx, rect.top - 6), size, INK, "midbottom")


class Button:
    """A labelled rectangle that reports clicks inside it."""

    def __init__(self, label: str, rect: pygame.Rect, action, size: int = 18) -> None:
        self.label, self.rect, self.action, self.size = label, pygame.Rect(rect), action, size

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        hover = self.rect.collidepoint(pygame.mouse.get_pos())
        panel(surface, self.rect, 220 if hover else 170)
        pygame.draw.rect(surface, ACCENT if hover else DIM, self.rect, 1)
        text(surface, self.label, self.rect.center, self.size, INK, "center")


def click(buttons: list[Button], event: pygame.event.Event) -> bool:
    """Give ``event`` to the buttons; True if one of them took the click."""
    return any(b.handle(event) for b in buttons)


def draw_buttons(surface: pygame.Surface, buttons: list[Button]) -> None:
    for b in buttons:
        b.draw(surface)


class Toasts:
    """Plain-text messages that fade after a few seconds (bad URL values, saves...);
    one said again while still shown is not repeated: it comes last, counted ("... x2")."""

    def __init__(self, seconds: float = 8.0, size: int = 18) -> None:
        self.seconds, self.size = seconds, size
        self.items: list[list] = []  # [message, seconds left, colour]
        self.counts: dict[str, int] = {}  # times each message shown now was said
        self.said: list[str] = []  # the last messages added, in order, repeats too (App.new_messages)
        self.added = 0  # messages ever added (the page is told each new one: App.new_messages)

    def add(self, message: str, colour: tuple[int, int, int] = INK) -> None:
        shown = any(item[0] == message for item in self.items)
        self.counts[message] = self.counts.get(message, 0) + 1 if shown else 1
        self.items = [item for item in self.items if item[0] != message]
        self.items.append([message, self.seconds, colour])
        del self.items[:-6]
        self.said.append(message)
        del self.said[:-16]
        self.added += 1

    def update(self, dt: float) -> None:
        for item in self.items:
            item[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]

    def draw(self, surface: pygame.Surface, bottom: int | None = None) -> None:
        y = (surface.get_height() - 8) if bottom is None else bottom
        for message, _, colour in reversed(self.items):
            count = self.counts.get(message, 1)
            suffix = "" if count == 1 else f" x{count}"  # the count stays whole ...
            room = surface.get_width() - 28 - (text_size(suffix, self.size)[0] if suffix else 0)
            message = fit(message, room, self.size) + suffix  # ... where a long link's end is cut
            rect = text_size(message, self.size)
            box = pygame.Rect(8, y - rect[1] - 6, rect[0] + 12, rect[1] + 6)
            panel(surface, box)
            text(surface, message, (14, y - rect[1] - 3), self.size, colour)
            y -= rect[1] + 10
