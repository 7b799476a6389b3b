"""Energy: who acts when (after Hauberk's ``engine/core/energy.dart``).

Every game turn each actor on the level gains energy equal to its speed;
an action costs :data:`ACTION_COST`.  Speed 100 acts once a turn, 160 (a
bat) acts three times in two turns, 70 (an ogre) seven times in ten.  The
player is an actor like the others: after the player acts, turns pass until
the player has the energy to act again (one turn at speed 100), and in each
of them every monster spends what it has.  Counts bound every loop: at most
:data:`MAX_ACTIONS` actions per actor per turn and :data:`MAX_TURNS` turns
between two player actions.

>>> e = Energy()
>>> e.gain(160); e.ready, e.value
(True, 160)
>>> e.spend(); e.ready, e.value
(False, 60)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Energy", "ACTION_COST", "MAX_ACTIONS", "MAX_TURNS"]

ACTION_COST = 100
MAX_ACTIONS = 3  # per actor per turn: a very fast monster still acts a bounded number of times
MAX_TURNS = 8  # turns between two player actions: bounds a very slow player


@dataclass
class Energy:
    value: int = 0

    @property
    def ready(self) -> bool:
        return self.value >= ACTION_COST

    def gain(self, speed: int) -> None:
        self.value += max(0, int(speed))

    def spend(self, cost: int = ACTION_COST) -> None:
        """Pay for an action (a heavy blow costs more than a turn, a dagger's less)."""
        self.value -= cost
