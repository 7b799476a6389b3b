"""The pack as the player sees it: stacks.

``Player.inventory`` stays a flat list of item ids (saves and actions use
flat indices).  A *stack* is a view of it: every item of a kind that stacks
(:attr:`~game.rules.content.ItemKind.stacks`: potions, scrolls, ammunition,
resources) shares one row with a count, up to :data:`MAX_STACK`; weapons,
armour and wands take a row each.  The pack holds :data:`MAX_INVENTORY`
rows, so twenty potions take one slot.

>>> stacks(["potion", "dagger", "potion", "herbs"])
[Stack(item='potion', count=2, first=0), Stack(item='dagger', count=1, first=1), Stack(item='herbs', count=1, first=3)]
>>> slots_used(["potion"] * 5 + ["dagger", "dagger"]), fits(["dagger"] * 20, "dagger"), fits(["potion"] * 30, "potion")
(3, False, True)

Each row has a letter that stays put (as DCSS's do): a letter belongs to its
kind from the moment the kind enters the pack until its last row leaves, so
drinking the last potion of a row or crafting never moves another row's
letter (:func:`reletter`; ``Player.letters`` keeps them, the save too).

>>> reletter(["potion", "dagger", "herbs"], {})
{'potion': ['a'], 'dagger': ['b'], 'herbs': ['c']}
>>> reletter(["dagger", "herbs", "arrow"], {'potion': ['a'], 'dagger': ['b'], 'herbs': ['c']})
{'dagger': ['b'], 'herbs': ['c'], 'arrow': ['a']}
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..content import ITEM_BY_ID
from .entities import MAX_INVENTORY

__all__ = ["Stack", "stacks", "slots_used", "fits", "clamp_pack", "stack_indices", "reletter", "lettered",
           "MAX_STACK", "MAX_INVENTORY", "LETTERS"]

MAX_STACK = 99  # items in one row; the 100th potion starts a new row
LETTERS = "abcdefghijklmnopqrst"  # one per row: MAX_INVENTORY of them


class Stack(NamedTuple):
    item: str  # item id
    count: int
    first: int  # flat index in the inventory of its first item


def stacks(inventory: list[str]) -> list[Stack]:
    """The pack's rows in the order their first item was packed."""
    rows: list[list] = []
    open_row: dict[str, int] = {}  # item id -> its row still taking more
    for i, item in enumerate(inventory):
        row = open_row.get(item)
        if row is not None and rows[row][1] < MAX_STACK:
            rows[row][1] += 1
            continue
        rows.append([item, 1, i])
        if ITEM_BY_ID[item].stacks:
            open_row[item] = len(rows) - 1
    return [Stack(*row) for row in rows]


def slots_used(inventory: list[str]) -> int:
    return len(stacks(inventory))


def fits(inventory: list[str], item: str) -> bool:
    """Whether one more ``item`` goes in the pack (onto a stack with room, or a free slot)."""
    if ITEM_BY_ID[item].stacks and any(s.item == item and s.count < MAX_STACK for s in stacks(inventory)):
        return True
    return slots_used(inventory) < MAX_INVENTORY


def clamp_pack(items: list[str]) -> list[str]:
    """The items, in order, while they fit: what :func:`fits` would let in one
    by one (a save's pack is read through this; linear in the list)."""
    kept: list[str] = []
    rows = 0
    room: dict[str, int] = {}  # item id -> places left on its open row
    for item in items:
        if room.get(item, 0) > 0:
            room[item] -= 1
        elif rows < MAX_INVENTORY:
            rows += 1
            if ITEM_BY_ID[item].stacks:
                room[item] = MAX_STACK - 1
        else:
            continue
        kept.append(item)
    return kept


def stack_indices(inventory: list[str], row: int) -> list[int]:
    """The flat indices of the items in row ``row`` (first to last)."""
    out: list[int] = []
    for r, s in enumerate(stacks(inventory)):
        if r == row:
            return [i for i in range(s.first, len(inventory)) if inventory[i] == s.item][:s.count]
    return out


def reletter(inventory: list[str], letters: dict[str, list[str]]) -> dict[str, list[str]]:
    """The rows' letters after the pack changed: every kind keeps the letters
    it had for as many rows as it still has (its first rows keep theirs);
    a kind with a new row takes the first free letter.  ``letters`` may come
    from a save: anything not one of :data:`LETTERS`, or said twice, is
    dropped (and given again)."""
    rows = stacks(inventory)
    need = Counter(s.item for s in rows)
    out: dict[str, list[str]] = {}
    used: set[str] = set()
    for item, had in letters.items():
        if need.get(item) and isinstance(had, list):
            keep = [c for c in dict.fromkeys(had) if isinstance(c, str) and c in LETTERS and c not in used]
            out[item] = keep[:need[item]]
            used.update(out[item])
    free = (c for c in LETTERS if c not in used)
    seen: Counter = Counter()
    for row in rows:  # in pack order: a new row takes the first free letter
        have = out.setdefault(row.item, [])
        if seen[row.item] >= len(have):
            have.append(next(free))
        seen[row.item] += 1
    return out


def lettered(inventory: list[str], letters: dict[str, list[str]]) -> list[tuple[str, Stack]]:
    """``(letter, row)`` for every row, in letter order (the pack screen's order)."""
    letters = reletter(inventory, letters)
    seen: Counter = Counter()
    out = []
    for row in stacks(inventory):
        out.append((letters[row.item][seen[row.item]], row))
        seen[row.item] += 1
    return sorted(out, key=lambda pair: LETTERS.index(pair[0]))
