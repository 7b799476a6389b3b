"""Status effects on the player and on monsters: giving one, and what a
game turn does to whoever has them (the table is ``content.statuses``).

Haste and slowness cancel each other; water puts fire out; a status given
again lasts the longer of the two counts.

>>> from game.rules.entities import Player
>>> p = Player()
>>> add(p, "hasted", 5), p.speed
(True, 200)
>>> add(p, "slowed", 3), sorted(p.statuses), p.speed
(True, [], 100)
"""

from __future__ import annotations

from .content import MAX_STATUS_TURNS, STATUSES

__all__ = ["add", "tick", "OPPOSITES"]

OPPOSITES = {"hasted": "slowed", "slowed": "hasted"}


def add(actor, name: str, turns: int) -> bool:
    """Give ``actor`` status ``name`` for ``turns`` turns; True if it took hold."""
    if name not in STATUSES or turns <= 0:
        return False
    opposite = OPPOSITES.get(name)
    if opposite in actor.statuses:  # they cancel
        del actor.statuses[opposite]
        return True
    actor.statuses[name] = min(MAX_STATUS_TURNS, max(actor.statuses.get(name, 0), int(turns)))
    return True


def tick(actor, in_water: bool = False) -> tuple[int, str, list[str]]:
    """One game turn passes for ``actor``: ``(damage, its cause, statuses that ended)``.

    Healing is applied here (never past max HP); damage is the caller's to
    apply (``harm.hurt``), so a death is handled in one place.  The cause is
    "fire" when burning, else "poison".
    """
    damage = heal = 0
    ended = []
    if in_water and "burning" in actor.statuses:
        del actor.statuses["burning"]
        ended.append("burning")
    cause = "fire" if "burning" in actor.statuses else "poison"
    for name in list(actor.statuses):
        kind = STATUSES[name]
        damage += kind.damage
        heal += kind.heal
        actor.statuses[name] -= 1
        if actor.statuses[name] <= 0:
            del actor.statuses[name]
            ended.append(name)
    actor.hp += max(0, min(heal, actor.max_hp - actor.hp))
    return damage, cause, ended
