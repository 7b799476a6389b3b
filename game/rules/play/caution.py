"""Cautions: the uses a player knows would waste an item or harm them, asked
about before they are made (the screen asks yes or no; the rules never
refuse them: the choice is the player's).  Only what the player knows
counts: an unknown potion is a risk they take, not one the game points out.

- drinking a potion of healing at full HP (it heals nothing else);
- drinking a potion known to harm whoever drinks it (poison, fire, confusion...);
- a harmful burst aimed so it reaches the player (a potion of liquid fire
  thrown at a foe beside them, a scroll of fire read at their feet).
"""

from __future__ import annotations

from ..content import ItemKind
from ..creatures.identify import is_known
from ..text import words
from ..world.geometry import chebyshev
from ..state import RunState

__all__ = ["HARMFUL", "use_caution", "burst_caution"]

#: Effects that harm whoever they touch: drunk, or splashed on the one who threw them.
HARMFUL = frozenset({"poison", "burn", "confuse", "slow", "paralyse"})


def use_caution(run: RunState, kind: ItemKind) -> str:
    """The question to ask before drinking a potion of ``kind``, or "" when there is none."""
    if kind.kind != "potion" or not is_known(run, kind):
        return ""
    p, it = run.player, words.the(kind.name)
    if kind.effect == "heal" and p.hp >= p.max_hp:
        return f"You are not hurt: drink {it} anyway?"
    if kind.effect in HARMFUL:
        return f"{words.capital(it)} would harm you: drink it anyway?"
    return ""


def burst_caution(run: RunState, kind: ItemKind, target: tuple[int, int], reach: int, thrown: bool) -> str:
    """The question to ask before a known harmful burst of ``kind`` (a potion
    ``thrown``, or a scroll read that bursts) lands so it reaches the player,
    aimed at ``target`` within ``reach``; "" when there is none."""
    level = run.level
    bursts = (thrown and kind.kind == "potion") or kind.aim == "burst"
    if level is None or not bursts or kind.effect not in HARMFUL or not is_known(run, kind):
        return ""
    f = level.flight(run.pos, target, min(reach, chebyshev(run.pos, target)),
                     lambda x, y: level.monster_at(x, y) is not None)
    where = f.hit or f.end
    if where is None or chebyshev(where, run.pos) > 1:
        return ""
    return f"{words.capital(words.the(kind.name))} would reach you too: {'throw' if thrown else 'read'} it anyway?"
