"""The base of dialog scenes drawn over the play screen (pack, world map,
help, menu): a shaded box, and text painted once per change; and of those
that scroll a long text (the history, a morgue file)."""

from __future__ import annotations

import pygame

from ..shell.app import Scene
from . import ui

__all__ = ["Overlay", "ScrollingOverlay"]


class Overlay(Scene):
    opaque = False
    _layer_key = None
    _shades: dict = {}  # (size, alpha) -> a translucent surface, shared by all overlays

    def box(self, surface: pygame.Surface, w: int, h: int, alpha: int = 235) -> pygame.Rect:
        """The dialog's box, ``w`` by ``h`` centred over the map (kept on the
        screen: a tall one slides down), the screen shaded around it."""
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (360, 240)
        rect.clamp_ip(surface.get_rect())
        surface.blit(self._shade(surface.get_size(), 110), (0, 0))
        surface.blit(self._shade(rect.size, alpha), rect.topleft)
        pygame.draw.rect(surface, ui.DIM, rect, 1)
        return rect

    def _shade(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """What ``ui.panel`` draws, made once instead of every frame."""
        shade = self._shades.get((size, alpha))
        if shade is None:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((8, 10, 16, alpha))
            self._shades[(size, alpha)] = shade
        return shade

    def layer(self, key, size: tuple[int, int], paint) -> pygame.Surface:
        """The box's text, painted by ``paint(layer)`` onto a transparent surface
        only when ``key`` changes (dozens of text renders, not every frame)."""
        if key != self._layer_key:
            self._layer = pygame.Surface(size, pygame.SRCALPHA)
            paint(self._layer)
            self._layer_key = key
        return self._layer


class ScrollingOverlay(Overlay):
    """An overlay that shows ``rows`` lines of a longer text at a time (the
    message history, a morgue file): the arrows (and ``j``/``k``), Page
    Up/Down, Home/End, the mouse wheel and a drag (touch) scroll it.
    Subclasses say how many lines there are (:meth:`line_count`) and how
    tall a line is (``ROW``)."""

    ROW = 19

    def __init__(self, app, rows: int, top: int = 0) -> None:
        super().__init__(app)
        self.rows = rows
        self.top = top
        self.drag: float | None = None

    def line_count(self) -> int:
        raise NotImplementedError

    @property
    def max_top(self) -> int:
        return max(0, self.line_count() - self.rows)

    def scroll(self, lines: int) -> None:
        self.top = max(0, min(self.max_top, self.top + lines))

    def scroll_key(self, key: int) -> bool:
        """Scroll for a key that scrolls; False for any other key."""
        n = self.line_count()
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_k: -1, pygame.K_j: 1, pygame.K_KP8: -1,
                pygame.K_KP2: 1, pygame.K_PAGEUP: -self.rows, pygame.K_PAGEDOWN: self.rows,
                pygame.K_HOME: -n, pygame.K_END: n}.get(key)
        if step is None:
            return False
        self.scroll(step)
        return True

    def scroll_pointer(self, event: pygame.event.Event) -> None:
        """The wheel, and a drag begun by :meth:`start_drag`, scroll; a release ends the drag."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            moved = int((self.drag - event.pos[1]) / self.ROW)
            if moved:
                self.scroll(moved)
                self.drag -= moved * self.ROW
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag = None

    def start_drag(self, pos: tuple[int, int]) -> None:
        self.drag = pos[1]
