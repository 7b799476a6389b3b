"""The message log of a run, and the cues the screens play.

Rules say what happened as short lines with a kind (good news, bad news, a
note, loot); the view chooses the colours.  Iterating a :class:`Message`
gives ``(text, kind, turn)``.

The log is the whole run's history, bounded: the last :data:`MAX_LOG` lines
are kept (and saved).  A line said again right after itself is not repeated:
the last line counts it instead ("The rat misses you. x3").

A :class:`Cue` is what the rules tell the screens beside the words: a blow
landed, a potion was drunk, the relic is out.  The run queues them
(``RunState.emit``); the play screen takes them each frame
(``Game.take_cues``) and plays the sound of each (``game.shell.audio.SOUNDS``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Cue", "Message", "GOOD", "BAD", "NOTE", "LOOT", "KINDS", "MAX_LOG", "MAX_TEXT", "good", "bad", "note",
           "loot", "add", "repeats"]

GOOD, BAD, NOTE, LOOT = "good", "bad", "note", "loot"
KINDS = (GOOD, BAD, NOTE, LOOT)
MAX_LOG = 1000  # lines of history kept for the run (the message history scene scrolls them)
MAX_TEXT = 200  # characters of one line (a save's longer lines are cut)


class Cue(StrEnum):
    """Something the rules tell the screens happened (its value names its sound)."""

    HIT = "hit"
    MISS = "miss"
    KILL = "kill"
    HURT = "hurt"
    PICKUP = "pickup"
    DRINK = "drink"
    READ = "read"
    ZAP = "zap"
    SHOOT = "shoot"
    SHOOT_AT_YOU = "shoot_at_you"
    THROW = "throw"
    SHATTER = "shatter"
    FIRE = "fire"
    GAS = "gas"
    TRAP = "trap"
    PRIZE = "prize"
    RELIC = "relic"
    LEVEL_UP = "level_up"
    STAIRS = "stairs"
    WIN = "win"
    DIE = "die"


class Message(NamedTuple):
    text: str
    kind: str = NOTE
    turn: int = 0


def repeats(line: str, text: str) -> int:
    """How many times ``line`` says ``text`` (0: another line).

    >>> repeats("The rat misses you.", "The rat misses you."), repeats("The rat misses you. x3", "The rat misses you.")
    (1, 3)
    >>> repeats("You hit it. x2", "You miss it.")
    0
    """
    if line == text:
        return 1
    head, sep, count = line.rpartition(" x")
    return int(count) if sep and head == text and count.isdigit() and count[0] != "0" else 0


def add(log: list[Message], text: str, kind: str, turn: int, limit: int = MAX_LOG) -> None:
    """Append a line to ``log``; a repeat of the last line counts on it instead.

    >>> log = []
    >>> for _ in range(3):
    ...     add(log, "The rat misses you.", BAD, 7)
    >>> log
    [Message(text='The rat misses you. x3', kind='bad', turn=7)]
    """
    if log and log[-1].kind == kind:
        n = repeats(log[-1].text, text)
        if n:
            log[-1] = Message(f"{text} x{n + 1}", kind, turn)
            return
    log.append(Message(text, kind, turn))
    del log[:-limit]


def good(text: str) -> tuple[str, str]:
    """A line of good news for the log (also: :func:`bad`, :func:`note`, :func:`loot`)."""
    return (text, GOOD)


def bad(text: str) -> tuple[str, str]:
    return (text, BAD)


def note(text: str) -> tuple[str, str]:
    return (text, NOTE)


def loot(text: str) -> tuple[str, str]:
    return (text, LOOT)
