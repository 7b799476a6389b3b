"""Status effects on the player and on monsters: giving one, what a game
turn does to whoever has them, and the rule each one changes (the table is
``content.statuses``; who reads each rule is named beside it).

Haste and slowness cancel each other; water puts fire out; a status given
again lasts the longer of the two counts; a creature may resist one (a
kind's immunity, a perk: ``resisted``).

>>> from game.rules.creatures.entities import Player
>>> p = Player()
>>> add(p, "hasted", 5), p.speed
(True, 200)
>>> add(p, "slowed", 3), sorted(p.statuses), p.speed
(True, [], 100)
"""

from __future__ import annotations

from ..content import MAX_STATUS_TURNS, STATUSES

__all__ = ["add", "tick", "shake_off", "OPPOSITES", "LOCKS", "GUARD_TURNS", "can_act", "seen_at", "strength",
           "afraid", "floats"]

OPPOSITES = {"hasted": "slowed", "slowed": "hasted"}
#: The statuses that take control away.  When one ends, whoever had it is
#: ``steadfast`` for :data:`GUARD_TURNS` turns (its ``guard_turns``): none of
#: them takes hold again until then, so no web or chant holds anyone for good.
LOCKS = ("paralysed", "confused", "afraid")
GUARD_TURNS = 3


def add(actor, name: str, turns: int) -> bool:
    """Give ``actor`` status ``name`` for ``turns`` turns (as long as it
    does not resist: ``actor.resisted``); True if it took hold."""
    if name not in STATUSES or turns <= 0:
        return False
    turns = actor.resisted(name, int(turns))
    if turns <= 0:
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
    if set(ended) & set(LOCKS):
        _steady(actor)
    return damage, cause, ended


def _steady(actor) -> None:
    """A lock has just ended: steadfast for the actor's guard (no lock takes hold again until then)."""
    actor.statuses["steadfast"] = max(actor.statuses.get("steadfast", 0), actor.guard_turns)


def shake_off(actor, name: str, turns: int = 1) -> bool:
    """``actor`` shakes ``turns`` turns off status ``name`` (struggling in a
    web); True when it ends (a lock's end leaves it steadfast)."""
    if name not in actor.statuses:
        return False
    actor.statuses[name] -= turns
    if actor.statuses[name] > 0:
        return False
    del actor.statuses[name]
    if name in LOCKS:
        _steady(actor)
    return True


# -- the rule each status changes ------------------------------------------------------------
def can_act(actor) -> bool:
    """Paralysed: no action at all (the engine: the player's turn passes, a monster's is lost)."""
    return "paralysed" not in actor.statuses


def seen_at(actor, distance: int) -> bool:
    """Invisible: unseen more than one step away (behaviours: hunters lose the
    trail; the player does not see an invisible monster beyond arm's reach)."""
    return "invisible" not in actor.statuses or distance <= 1


def strength(attack: int, statuses: dict[str, int]) -> int:
    """Weakened: a blow lands with half its strength, rounded up (every blow's roll).

    >>> strength(7, {}), strength(7, {"weakened": 3})
    (7, 4)
    """
    return -(-attack // 2) if "weakened" in statuses else attack


def afraid(actor) -> bool:
    """Afraid: it runs from its foe and fights only when cornered (the engine, for monsters)."""
    return "afraid" in actor.statuses


def floats(actor) -> bool:
    """Levitating: it crosses deep water as a flyer does (walking, and a monster's ``moves``)."""
    return "levitating" in actor.statuses
