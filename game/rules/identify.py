"""Unidentified items: each world gives its potions, scrolls and wands
random appearances ("a fizzy potion", "a scroll labelled ZELGO MER"), the same
for everyone who plays that world.  Using an item (or a scroll of identify)
makes its kind known for the rest of the run; the save remembers which.

>>> a, b = appearances(7), appearances(7)
>>> a == b and a != appearances(8)
True
>>> sorted(set(a.values())) == sorted(a.values())   # every kind looks different
True
"""

from __future__ import annotations

from functools import lru_cache

from worldgen.core import seeding

from .content import ITEM_BY_ID, ITEMS, UNIDENTIFIED_KINDS, ItemKind

__all__ = ["appearances", "display_name", "is_known", "identify", "a_name"]

_POTIONS = ("murky", "fizzy", "violet", "smoky", "golden", "milky", "bubbling", "inky", "amber",
            "silvery", "cloudy", "crimson")
_WANDS = ("oak", "bone", "iron", "glass", "copper", "ebony", "ivory")
_SYLLABLES = ("ka", "zel", "go", "mer", "tho", "ru", "vex", "an", "dor", "pli", "nu", "sha", "ix", "lo",
              "bra", "quo", "fen", "ta")


@lru_cache(maxsize=8)
def appearances(world_seed: int) -> dict[str, str]:
    """``{item id: appearance}`` for every kind that starts unidentified in this world."""
    rng = seeding.rng(world_seed, "appearances")
    out: dict[str, str] = {}
    potions = [i for i in ITEMS if i.kind == "potion"]
    for item, word in zip(potions, rng.permutation(len(_POTIONS))[:len(potions)].tolist()):
        out[item.id] = f"{_POTIONS[word]} potion"
    wands = [i for i in ITEMS if i.kind == "wand"]
    for item, word in zip(wands, rng.permutation(len(_WANDS))[:len(wands)].tolist()):
        out[item.id] = f"{_WANDS[word]} wand"
    used: set[str] = set()
    for item in (i for i in ITEMS if i.kind == "scroll"):
        for _ in range(50):  # bounded: a label not yet used
            words = [
                "".join(_SYLLABLES[int(k)] for k in rng.integers(0, len(_SYLLABLES), int(rng.integers(2, 4))))
                for _ in range(2)
            ]
            label = " ".join(words).upper()
            if label not in used:
                break
        used.add(label)
        out[item.id] = f"scroll labelled {label}"
    return out


def is_known(run, kind: ItemKind) -> bool:
    return kind.identified_by_default or kind.id in run.known


def display_name(run, kind: ItemKind) -> str:
    """The name the player sees: the kind's name once known, else its appearance."""
    if is_known(run, kind) or kind.kind not in UNIDENTIFIED_KINDS:
        return kind.name
    return appearances(run.world.seed).get(kind.id, kind.name)


def identify(run, item_id: str) -> str | None:
    """Make a kind known; the log line to say, or None if it was known already."""
    kind = ITEM_BY_ID[item_id]
    if is_known(run, kind):
        return None
    seen_as = display_name(run, kind)
    run.known.add(item_id)
    return f"The {seen_as} was {a_name(kind.name)}."


def a_name(name: str) -> str:
    """'a potion', 'an arrow'.

    >>> a_name("arrow"), a_name("potion of speed")
    ('an arrow', 'a potion of speed')
    """
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name
