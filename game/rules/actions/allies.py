"""Allies: a shackled captive freed by a bump joins the player; allies are
told to wait or follow; those close by go with the player when they leave
the level (they travel in ``run.companions`` and are set down beside the
player where they arrive: ``game.rules.play.build.arrive``).  How an ally thinks
is its behaviour (``game.rules.behaviours``: ``ally``); its kills and levels
are :mod:`game.rules.play.harm`'s and ``Monster.gain_xp``'s."""

from __future__ import annotations

from ..creatures.entities import ORDERS, Monster
from ..world.geometry import chebyshev
from ..play.harm import name_of
from ..text.log import Cue, bad, good, note
from ..state import RunState
from .base import DUNGEON, Action, Result, fail, succeed

__all__ = ["Free", "OrderAllies", "take_along", "ALONG"]

ALONG = 2  # steps from the player within which a following ally goes with them


class Free(Action):
    """Break ``captive``'s shackles: it wakes, joins the player and follows them."""

    def __init__(self, captive: Monster) -> None:
        self.captive = captive

    def perform(self, run: RunState) -> Result:
        m = self.captive
        if not (m.captive and m.alive):
            return fail()
        m.captive, m.ally, m.awake, m.order = False, True, True, "follow"
        run.freed += 1
        run.dirty = True
        run.emit(Cue.PICKUP)
        return succeed(good(f"You break the shackles of the {m.kind.name}. It joins you!"))


class OrderAllies(Action):
    """Tell every ally on the level to ``order`` (wait where it stands, or
    follow); shouting takes no time."""

    modes = DUNGEON

    def __init__(self, order: str) -> None:
        self.order = order

    def perform(self, run: RunState) -> Result:
        allies = run.allies()
        if self.order not in ORDERS:
            return fail()
        if not allies:
            return fail(note("You have no allies here."))
        for m in allies:
            m.order = self.order
        run.dirty = True
        said = "wait here" if self.order == "wait" else "follow me"
        return succeed(note(f"You call to your {'allies' if len(allies) > 1 else name_of(allies[0])[5:]}: {said}!"),
                       turns=0)


def take_along(run: RunState) -> list[tuple[str, str]]:
    """The player leaves the level: following allies within :data:`ALONG`
    steps go with them (off the level, into ``run.companions``); the rest
    stay, and one line names them (so no ally is left behind unawares)."""
    level = run.level
    if level is None:
        return []
    allies = [m for m in level.monsters if m.ally]
    going = [m for m in allies if m.order == "follow" and chebyshev(m.pos, run.pos) <= ALONG]
    for m in going:
        level.monsters.remove(m)
        m.statuses.pop("paralysed", None)
        run.companions.append(m)
    lines = [note(f"{name_of(going[0], True)} comes with you.")] if len(going) == 1 else \
        [note(f"{len(going)} allies come with you.")] if going else []
    waiting = [m for m in allies if m not in going and m.order == "wait"]
    far = [m for m in allies if m not in going and m.order != "wait"]
    for left, why in ((waiting, "told to wait"), (far, f"too far: allies within {ALONG} steps follow you")):
        if left:
            who = name_of(left[0], True) + " stays" if len(left) == 1 else f"{len(left)} allies stay"
            lines.append(bad(f"{who} behind ({why})."))
    return lines
