"""The keyboard in one table: keys that mean a direction, wait, or "do it".
Scenes read these instead of repeating them (the play screen, targeting)."""

from __future__ import annotations

import pygame

__all__ = ["MOVE_KEYS", "WAIT_KEYS", "INTERACT_KEYS", "INPUT_EVENTS"]

MOVE_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
    pygame.K_KP4: (-1, 0), pygame.K_KP6: (1, 0), pygame.K_KP8: (0, -1), pygame.K_KP2: (0, 1),
    pygame.K_KP7: (-1, -1), pygame.K_KP9: (1, -1), pygame.K_KP1: (-1, 1), pygame.K_KP3: (1, 1),
    pygame.K_h: (-1, 0), pygame.K_l: (1, 0), pygame.K_k: (0, -1), pygame.K_j: (0, 1),
    pygame.K_y: (-1, -1), pygame.K_u: (1, -1), pygame.K_b: (-1, 1), pygame.K_n: (1, 1),
    pygame.K_a: (-1, 0), pygame.K_d: (1, 0), pygame.K_w: (0, -1), pygame.K_s: (0, 1),
    pygame.K_q: (-1, -1), pygame.K_e: (1, -1), pygame.K_z: (-1, 1), pygame.K_c: (1, 1),
}
WAIT_KEYS = {pygame.K_PERIOD, pygame.K_KP5, pygame.K_5, pygame.K_KP_PERIOD}
INTERACT_KEYS = {pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER}

#: Events that are the reader's own input (browsers allow sound only after one).
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)
