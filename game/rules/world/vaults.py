"""Vaults in play: the game fills the rooms the generators carved
(``worldgen.toolkit.vaults``; each a record in the level's ``vaults``) and
gives each design its rule (the table of designs is ``content.VAULTS``).

:func:`fill` runs once when a level is built, from the level's seed: the
finds on each vault's ``items`` cells (from :data:`~game.rules.content.vaults.TREASURE_TIERS`
tiers deeper; a library's are scrolls), a locked vault's key on its
``key`` cell, a prison's captors asleep on its ``guards`` cells (its
captive stands on the stage's ``captives`` points, which the level reads
for its prisoners), a guardian room's stone sentinels on its ``statues``.

:func:`on_take` is the rule that fires when the player takes a vault's
item: an altar cage closes over the other altars, an ambush opens its
walls (``lurkers``) and its keepers pour out.  A vault whose rule has fired
is in ``level.sprung`` (saved), so it fires once.  The locked door's rule
is :class:`~game.rules.actions.terrain.Unlock`; the trapped corridor's
traps, the flooded vault's water, the library's altar and the sentinels'
way of moving are the ordinary rules of traps, deep water, altars and the
``statue`` behaviour.
"""

from __future__ import annotations

import numpy as np

from worldgen.core import seeding
from worldgen.core.tiles import T

from .. import content
from . import hazards
from ..content.vaults import STATUE_KIND, TREASURE_TIERS
from ..creatures.energy import Energy
from ..creatures.entities import FloorItem, Monster
from .populate import spawn
from ..text.log import Cue, bad

__all__ = ["fill", "on_take", "vault_of_item", "guarded", "seen_sentinels", "ITEM_BASE", "KEEPER_BASE", "AMBUSH_BASE", "lurker_cells", "choice_vault", "CHOICES"]

ITEM_BASE = 500_000  # indices of a vault's finds: ITEM_BASE + 64 * vault + k (the key: + 63)
KEEPER_BASE = 300_000  # indices of a vault's keepers: KEEPER_BASE + 64 * vault + k
AMBUSH_BASE = 400_000  # indices of an ambush's lurkers, once sprung: AMBUSH_BASE + 64 * vault + k
AMBUSH_TIERS = 1  # an ambush's keepers are this many tiers above the level


def fill(level) -> None:
    """Put each vault's finds, key and keepers on a freshly built ``level``."""
    rng = seeding.rng(level.seed, "vaults", level.key.depth)
    taken = {(m.x, m.y) for m in level.monsters} | {level.up}
    for k, vault in enumerate(level.vaults):
        design = content.VAULTS.get(vault.get("design"))
        if design is None:
            continue
        for j, (x, y) in enumerate(_cells(level, vault, "items")):
            kind = _find(rng, design.holds, level)
            if kind is not None:
                level.items.append(FloorItem(ITEM_BASE + 64 * k + j, kind, x, y, kind.count))
        for x, y in _cells(level, vault, "key"):
            level.items.append(FloorItem(ITEM_BASE + 64 * k + 63, content.ITEM_BY_ID["vault_key"], x, y))
        keepers = [(c, None) for c in _cells(level, vault, "guards")]
        keepers += [(c, content.MONSTER_BY_ID[STATUE_KIND]) for c in _cells(level, vault, "statues")]
        for j, ((x, y), kind) in enumerate(keepers):
            if (x, y) in taken:
                continue
            kind = kind or content.pick_monster(rng, level.tier)
            _spawn(level, KEEPER_BASE + 64 * k + j, kind, x, y, level.tier)
            taken.add((x, y))


def _cells(level, vault: dict, role: str) -> list[tuple[int, int]]:
    """The cells of ``vault`` in ``role`` that lie on the map."""
    out = []
    for c in vault.get(role, ()):
        x, y = int(c[0]), int(c[1])
        if level.inside(x, y):
            out.append((x, y))
    return out


def _find(rng, holds: str, level):
    """One find for a vault that ``holds`` treasure (gear from deeper down) or scrolls."""
    if holds == "scrolls":
        scrolls = [i for i in content.ITEMS if i.kind == "scroll" and i.tier <= level.tier + TREASURE_TIERS]
        return scrolls[int(rng.integers(0, len(scrolls)))]
    if holds == "treasure":
        return content.pick_item(rng, level.tier + TREASURE_TIERS, level.terrain)
    return None


def _spawn(level, index: int, kind, x: int, y: int, tier: int, awake: bool = False) -> Monster:
    m = spawn(level, index, kind, x, y, tier, Energy())
    m.awake = awake
    return m


def seen_sentinels(level) -> list[Monster]:
    """The stone sentinels standing on cells the player has seen (they never
    step aside, and never leave their room's floor of their own accord)."""
    return [m for m in level.monsters if m.behaviour == "statue" and level.seen[m.y, m.x]]


def guarded(level) -> np.ndarray:
    """Where the player knows stone sentinels can strike: each guardian room
    (its box, door and walls) where one stands on a cell the player has
    seen, and the cells beside every sentinel seen.  A sentinel steps only
    onto its room's floor and strikes only what ends a step beside it, so
    outside the box only the cells beside one already out of it (a magic
    move can put it there: it then never moves again) are in its reach.
    Walks that plan themselves (travel, auto-explore) keep out of these
    cells; going in is the player's choice."""
    out = np.zeros(level.shape, dtype=bool)
    statues = seen_sentinels(level)
    if not statues:
        return out
    for vault in level.vaults:
        if vault.get("design") != "guardian" or "box" not in vault:
            continue
        x0, y0, w, h = (int(v) for v in vault["box"])
        if any(x0 <= m.x < x0 + w and y0 <= m.y < y0 + h for m in statues):
            out[max(0, y0):max(0, y0 + h), max(0, x0):max(0, x0 + w)] = True
    for m in statues:
        out[max(0, m.y - 1):m.y + 2, max(0, m.x - 1):m.x + 2] = True
    return out


def vault_of_item(level, index: int) -> int:
    """The vault whose find has item index ``index`` (-1: none, or the key)."""
    k, j = divmod(index - ITEM_BASE, 64)
    return k if 0 <= k < len(level.vaults) and j != 63 and index >= ITEM_BASE else -1


#: The designs whose rule fires when one of their finds is taken (a choice no walk makes for the player).
CHOICES = ("cage", "ambush")


def choice_vault(level, item) -> int:
    """The vault taking ``item`` would spring (an altar cage not yet closed, an
    ambush not yet sprung), else -1: a choice only the player makes."""
    k = vault_of_item(level, item.index)
    return k if k >= 0 and k not in level.sprung and level.vaults[k].get("design") in CHOICES else -1


def lurker_cells(level, k: int) -> list[tuple[int, int]]:
    """The wall cells an ambush vault ``k`` opens when sprung."""
    return _cells(level, level.vaults[k], "lurkers")


def on_take(run, index: int) -> list[tuple[str, str]]:
    """The player took item ``index``: the rule of its vault, if it has one and
    has not fired yet; returns the log lines."""
    level = run.level
    k = vault_of_item(level, index)
    if k < 0 or k in level.sprung:
        return []
    design = level.vaults[k].get("design")
    if design == "cage":
        return _close_cages(run, k)
    if design == "ambush":
        return _spring_ambush(run, k)
    return []


def _close_cages(run, k: int) -> list[tuple[str, str]]:
    level = run.level
    level.sprung.append(k)
    for x, y in _cells(level, level.vaults[k], "items"):
        if int(level.tiles[y, x]) == T.pedestal and (x, y) != run.pos:
            hazards.set_tile(level, x, y, T.cage)
    level.refresh()
    run.dirty = True
    return [bad("Cages slam down over the other altars!")]


def _spring_ambush(run, k: int) -> list[tuple[str, str]]:
    level = run.level
    level.sprung.append(k)
    rng = seeding.rng(level.seed, "ambush", level.key.depth, k)
    for j, (x, y) in enumerate(lurker_cells(level, k)):
        hazards.set_tile(level, x, y, T.vault_floor)
        if level.monster_at(x, y) is None and (x, y) != run.pos:
            kind = content.pick_monster(rng, level.tier + AMBUSH_TIERS)
            _spawn(level, AMBUSH_BASE + 64 * k + j, kind, x, y, level.tier + AMBUSH_TIERS, awake=True)
    level.refresh()
    level.update_view(*run.pos)
    run.dirty = True
    run.emit(Cue.TRAP)
    return [bad("The walls crack open: the treasure's keepers pour out!")]
