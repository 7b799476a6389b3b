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

from ..text import words
from ..content import ITEM_BY_ID, ITEMS, UNIDENTIFIED_KINDS, ItemKind

__all__ = ["appearances", "display_name", "item_name", "items_are", "is_known", "identify"]

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
    """The name the player sees: the kind's name once known, else its
    appearance; a weapon or armour kind the player enchanted with its plus ("+2 long sword")."""
    if kind.kind in ("weapon", "armour") and (plus := run.player.plus(kind.id)):
        return f"+{plus} {kind.name}"
    if is_known(run, kind) or kind.kind not in UNIDENTIFIED_KINDS:
        return kind.name
    return appearances(run.world.seed).get(kind.id, kind.name)


def item_name(run, kind: ItemKind, count: int = 1, article: str = "a") -> str:
    """An item as the player knows it, for every message, the pack, the
    panel, look and the reasons a walk stops: its appearance until it is
    identified, counted (:mod:`game.rules.text.words`), a wand with its charges
    (a wand's ``count`` is its charges: it is one wand).  ``article`` is
    ``"a"`` (one of it, or ``count`` of it) or ``"the"`` (the one spoken of).

    >>> from game.rules.world.location import WorldMap
    >>> from game.rules.state import RunState
    >>> from game.rules.content import ITEM_BY_ID
    >>> run = RunState(WorldMap("Avalon"))
    >>> item_name(run, ITEM_BY_ID["arrow"], 8), item_name(run, ITEM_BY_ID["pearls"], 2, "the")
    ('8 arrows', 'the pearls')
    >>> run.known.add("wand_fire")
    >>> item_name(run, ITEM_BY_ID["wand_fire"], 3), item_name(run, ITEM_BY_ID["wand_fire"], 3, "the")
    ('a wand of fire (3 charges)', 'the wand of fire')
    """
    shown = display_name(run, kind)
    if kind.kind == "wand":
        if article == "the":
            return words.the(shown)
        return f"{words.a(shown)} ({words.number('charge', count)})"
    return words.the(shown, count) if article == "the" else words.a(shown, count)


def items_are(kind: ItemKind, count: int) -> str:
    """"is" or "are" for ``count`` items of ``kind`` (a wand with its charges is one)."""
    return words.be(kind.name, 1 if kind.kind == "wand" else count)


def identify(run, item_id: str) -> str | None:
    """Make a kind known; the log line to say, or None if it was known already."""
    kind = ITEM_BY_ID[item_id]
    if is_known(run, kind):
        return None
    seen_as = display_name(run, kind)
    run.known.add(item_id)
    return f"{words.capital(words.the(seen_as))} was {words.a(kind.name)}."
