"""Actions as small units (after Hauberk's ``engine/action/action.dart``).

An :class:`Action` is one thing an actor tries to do.  ``perform(run)``
changes the run and returns a :class:`Result`: it succeeded (and how many
turns it took), it failed (nothing changed, no time passed), or another
action should be done instead (walking into a monster is an attack).  Each
result carries the lines it wants in the message log.  :func:`perform`
follows alternatives, writes the messages and lets time pass; the game and
the tests call nothing else to make something happen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..energy import ACTION_COST
from ..state import RunState

__all__ = ["Action", "Result", "succeed", "fail", "alternate", "MAX_ALTERNATIVES"]

MAX_ALTERNATIVES = 4  # an alternative of an alternative...: bounded


@dataclass(frozen=True)
class Result:
    succeeded: bool
    messages: tuple[tuple[str, str], ...] = ()
    alternative: "Action | None" = None
    turns: int = 1  # game turns a success takes (0: free, such as equipping on the overworld map)


def succeed(*messages: tuple[str, str], turns: int = 1) -> Result:
    return Result(True, messages, None, turns)


def fail(*messages: tuple[str, str]) -> Result:
    return Result(False, messages, None, 0)


def alternate(action: "Action", *messages: tuple[str, str]) -> Result:
    return Result(False, messages, action, 0)


class Action:
    """One attempt by an actor.  Subclasses implement :meth:`perform`."""

    #: Whether the turn that follows searches for secret doors harder (resting).
    searches = False

    def cost(self, run: RunState) -> int:
        """Energy a success costs the player (a heavy blow more, a dagger less)."""
        return ACTION_COST

    def perform(self, run: RunState) -> Result:
        raise NotImplementedError
