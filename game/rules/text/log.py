"""The message log of a run, and the cues the screens play.

Rules say what happened as short lines with a kind (good news, bad news, a
note, loot); the view chooses the colours.  Iterating a :class:`Message`
gives ``(text, kind, turn)``.

The log is the whole run's history, bounded: the last :data:`MAX_LOG` lines
are kept (and saved).  A line said again is not repeated: said right after
itself, the last line counts it instead ("The rat misses you. x3"); said
again in the same turn a few lines on (a refusal between other news, a
tap given five times), that line moves to the end and counts it
(:data:`SAME_TURN_LINES` back at most).

A :class:`Cue` is what the rules tell the screens beside the words: a blow
landed, a potion was drunk, the relic is out.  The run queues them
(``RunState.emit``); the play screen takes them each frame
(``Game.take_cues``) and plays the sound of each (``game.shell.audio.SOUNDS``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Cue", "Message", "GOOD", "BAD", "NOTE", "LOOT", "TIP", "KINDS", "MAX_LOG", "MAX_TEXT", "SAME_TURN_LINES",
           "SHOWN", "good", "bad", "note", "loot", "add", "repeats"]

GOOD, BAD, NOTE, LOOT = "good", "bad", "note", "loot"
TIP = "tip"  # a first-time tip, or a prompt (game.rules.play.tips)
KINDS = (GOOD, BAD, NOTE, LOOT, TIP)
MAX_LOG = 1000  # lines of history kept for the run (the message history scene scrolls them)
MAX_TEXT = 200  # characters of one line (a save's longer lines are cut)
SAME_TURN_LINES = 4  # how far back a line said again in the same turn is found and counted
#: Characters that fit one row of the message strip: tips, prompts and the
#: welcome keep within it (a longer line wraps onto a second row).
SHOWN = 96


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
    """Append a line to ``log``; a repeat of the last line counts on it
    instead, and so does a repeat of a line said this turn a few lines back
    (that line then comes last).

    >>> log = []
    >>> for _ in range(3):
    ...     add(log, "The rat misses you.", BAD, 7)
    >>> log
    [Message(text='The rat misses you. x3', kind='bad', turn=7)]
    >>> add(log, "You stop: the rat is in the way.", NOTE, 8)
    >>> add(log, "The rat notices you.", NOTE, 8)
    >>> add(log, "You stop: the rat is in the way.", NOTE, 8)
    >>> [m.text for m in log]
    ['The rat misses you. x3', 'The rat notices you.', 'You stop: the rat is in the way. x2']
    """
    for back in range(1, min(SAME_TURN_LINES, len(log)) + 1):
        line = log[-back]
        if back > 1 and line.turn != turn:
            break
        n = repeats(line.text, text) if line.kind == kind else 0
        if n:
            del log[-back]
            log.append(Message(f"{text} x{n + 1}", kind, turn))
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
