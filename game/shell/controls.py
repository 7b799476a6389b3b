"""The keyboard: key presses become the commands of the one key table
(:mod:`game.rules.content.keys`), which names every key as a player reads
it; this module turns those names into pygame's key codes.  The play scene
asks :func:`binding` what a press means; targeting and look read
:data:`MOVE_KEYS` for a cursor.

A press is matched by the character it types first (so ``M`` mutes and
``m`` opens the world map, ``>`` is not ``.``), then by its key code (a
number pad key, Enter, or a letter typed with a modifier)."""

from __future__ import annotations

import pygame

from ..rules.content.keys import COMMAND_BY_NAME, COMMANDS, MOVES, Command, hint, keys_text

__all__ = ["MOVE_KEYS", "INPUT_EVENTS", "binding", "key_codes", "COMMANDS", "COMMAND_BY_NAME", "MOVES", "Command",
           "hint", "keys_text"]

_NAMED: dict[str, int] = {
    "Enter": pygame.K_RETURN, "Space": pygame.K_SPACE, "Tab": pygame.K_TAB, "Esc": pygame.K_ESCAPE,
    "Backspace": pygame.K_BACKSPACE,
    "Left": pygame.K_LEFT, "Right": pygame.K_RIGHT, "Up": pygame.K_UP, "Down": pygame.K_DOWN,
    "numpad .": pygame.K_KP_PERIOD, "numpad Enter": pygame.K_KP_ENTER,
    **{f"numpad {d}": getattr(pygame, f"K_KP{d}") for d in range(10)},
}
_PUNCTUATION = {".": pygame.K_PERIOD, ",": pygame.K_COMMA, ";": pygame.K_SEMICOLON, "'": pygame.K_QUOTE}


def key_codes(label: str) -> tuple[int, ...]:
    """The key codes a key label stands for: a named key's, an unshifted
    character's own key; none for a character typed with Shift (``"?"``, ``"M"``).

    >>> key_codes("Enter") == (pygame.K_RETURN,), key_codes("h") == (pygame.K_h,), key_codes("M")
    (True, True, ())
    """
    if label in _NAMED:
        return (_NAMED[label],)
    if label in _PUNCTUATION:
        return (_PUNCTUATION[label],)
    if len(label) == 1 and (label.islower() or label.isdigit()):
        return (getattr(pygame, f"K_{label}"),)
    return ()


def _tables() -> tuple[dict[str, tuple[str, str]], dict[int, tuple[str, str]]]:
    by_char, by_code = {}, {}
    for command in COMMANDS:
        for label in command.keys:
            if len(label) == 1:
                by_char.setdefault(label, (command.name, label))
            for code in key_codes(label):
                by_code.setdefault(code, (command.name, label))
    return by_char, by_code


_BY_CHAR, _BY_CODE = _tables()

#: Key code -> step, for the cursors of targeting and look.
MOVE_KEYS: dict[int, tuple[int, int]] = {code: step for label, step in MOVES.items() for code in key_codes(label)}

#: Events that are the reader's own input (browsers allow sound only after one).
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)


def binding(event: pygame.event.Event) -> tuple[str, str] | None:
    """``(command name, key label)`` a key press means in play, or None.

    >>> binding(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, unicode="M"))
    ('mute', 'M')
    >>> binding(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP8, unicode="8"))
    ('move', 'numpad 8')
    """
    char = getattr(event, "unicode", "") or ""
    if char in _BY_CHAR:
        return _BY_CHAR[char]
    return _BY_CODE.get(getattr(event, "key", None))
