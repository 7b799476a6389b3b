"""Actions as small units (after Hauberk's ``engine/action/action.dart``).

An :class:`Action` is one thing an actor (the player, a monster, a trap,
a potion's splash) tries to do.  ``perform(run)`` changes the run and
returns a :class:`Result`: it succeeded (and how many turns it took), it
failed (nothing changed, no time passed), or another action should be done
instead (walking into a monster is an attack).  A success may name
*reactions*, actions that follow from it (the trap a step springs, the heal
a potion gives): they are performed next, in order, the same way.  Each
result carries the lines it wants in the message log.
:func:`game.rules.engine.resolve` does all that for every actor alike;
:func:`game.rules.engine.perform` (the player's) then lets time pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..creatures.energy import ACTION_COST
from ..state import RunState

__all__ = ["Action", "Result", "succeed", "fail", "alternate", "MAX_ALTERNATIVES", "MAX_REACTION_DEPTH", "ANYWHERE",
           "DUNGEON", "OVERWORLD", "PackAction"]

MAX_ALTERNATIVES = 5  # an alternative of an alternative...: bounded (a walk that swaps with an ally takes 5)
MAX_REACTION_DEPTH = 4  # a reaction of a reaction... (a splash, its burn, the burn's damage): bounded
#: Where the player may take an action (``Action.modes``): never while a map is being built.
ANYWHERE = ("overworld", "dungeon")
DUNGEON = ("dungeon",)
OVERWORLD = ("overworld",)


@dataclass(frozen=True)
class Result:
    succeeded: bool
    messages: tuple[tuple[str, str], ...] = ()
    alternative: "Action | None" = None
    turns: int = 1  # game turns a success takes (0: free, such as dropping or taking the stairs' own turn)
    then: tuple["Action", ...] = ()  # reactions: performed after a success, in order (effects, a trap, landing)


def succeed(*messages: tuple[str, str], turns: int = 1, then: tuple["Action", ...] = ()) -> Result:
    return Result(True, messages, None, turns, then)


def fail(*messages: tuple[str, str]) -> Result:
    return Result(False, messages, None, 0)


def alternate(action: "Action", *messages: tuple[str, str]) -> Result:
    return Result(False, messages, action, 0)


class Action:
    """One attempt by an actor.  Subclasses implement :meth:`perform`."""

    #: Whether the turn that follows searches for secret doors harder (resting).
    searches = False
    #: The modes the player may take it in; the engine refuses it elsewhere (:func:`game.rules.engine.perform`).
    modes: tuple[str, ...] = ANYWHERE
    #: Whether it is the choice a read scroll waits for (:mod:`.scrolls`): while
    #: one waits, the engine refuses every other action.
    finishes_reading = False

    def cost(self, run: RunState) -> int:
        """Energy a success costs the player (a heavy blow more, a dagger less)."""
        return ACTION_COST

    def perform(self, run: RunState) -> Result:
        raise NotImplementedError


class PackAction(Action):
    """An action on the item in pack ``slot``; a slot the pack does not have fails."""

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def perform(self, run: RunState) -> Result:
        pack = run.player.inventory
        if not 0 <= self.slot < len(pack):
            return fail()
        return self.on_item(run, pack)

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        raise NotImplementedError
