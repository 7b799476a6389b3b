"""The first-time tips: what each says and when, one row each (the rules
that say them are :mod:`game.rules.play.tips`; the help lists this table;
a save keeps the ids of those said).

>>> [t.id for t in TIPS]
['unknown_potion', 'diagonals', 'altar_cage', 'level_up', 'thief']
"""

from __future__ import annotations

from typing import NamedTuple

from .keys import hint

__all__ = ["Tip", "TIPS", "TIP_BY_ID"]


class Tip(NamedTuple):
    id: str
    when: str  # when it is said, for the help ("the first unknown potion you carry")
    text: str  # the line


TIPS: tuple[Tip, ...] = (
    Tip("unknown_potion", "the first unknown potion you carry",
        f"Tip: an unknown potion may heal or harm: throw one at a foe ({hint('throw')}) to learn it safely."),
    Tip("diagonals", "your first step with an arrow key",
        "Tip: arrows step straight; diagonals are Q E Z C, the numpad's 7 9 1 3, or y u b n."),
    Tip("altar_cage", "the first altar cage you see",
        f"Tip: an altar cage gives ONE thing: cages close over the others. Look first ({hint('look')})."),
    Tip("level_up", "your first level gained",
        f"Tip: a level gained lets you choose a perk (1-3); Esc keeps it for later ({hint('perks')})."),
    Tip("thief", "the first thief you see",
        "Tip: a thief steals and runs for the stairs; kill it first and it drops what it took."),
)
TIP_BY_ID = {t.id: t for t in TIPS}
