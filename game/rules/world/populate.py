"""Who and what a freshly built level holds, chosen by the site's seed: the
monsters at the generator's spawn points (a pack's members close by, an
escort beside its leader, a swimmer moved into the nearest deep water, a
mimic disguised), sometimes a shackled captive, the items, and on a site's
last level its prize with a guardian (a relic's guardian is one of the
relic bosses, each with its own trait).

Stage points the level reads: ``start``, ``exit``, ``monsters``, ``items``,
and ``captives`` (optional: a vault that holds a prisoner names its cell;
:data:`CAPTIVE_CHANCE` of the other levels hold one at a monster spawn point).

Every roll comes from the level's seed, in its own stream per kind of thing
(``monsters``, ``items``, ``captives``), so adding captives did not move the
monsters or items any level had.  The level is passed in (duck-typed: this
module sits below ``game.rules.world.level``, which calls :func:`populate`).
"""

from __future__ import annotations

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Stage

from .. import content
from ..content import DungeonRules, MonsterKind
from ..creatures.energy import Energy
from ..creatures.entities import FloorItem, Monster

__all__ = ["populate", "points", "CAPTIVE_CHANCE", "PACK_BASE", "SWIM_REACH"]

PACK_BASE = 100_000  # indices of a pack's followers: PACK_BASE + 16 * leader + k
CAPTIVE_BASE = 200_000  # indices of captives: CAPTIVE_BASE + k
CAPTIVE_CHANCE = 0.15  # a level (not a site's last) holds a captive at a monster spawn point this often
CAPTIVE_TIERS = 1  # a captive is found this many tiers above its level (it is worth freeing)
SWIM_REACH = 6  # cells a swimmer's spawn point may move to reach deep water
GUARD_FALLBACK = "orc"  # the guardian when no kind tried can stand by the prize
KIND_TRIES = 4  # kinds tried for a spawn point where the first cannot live (a swimmer far from water)


def points(stage: Stage, name: str) -> np.ndarray:
    """A stage's spawn points ``[x, y]`` (none if the generator gives none)."""
    return np.asarray(stage.points.get(name, np.zeros((0, 2))), dtype=np.int64).reshape(-1, 2)


def _subset(rng: np.random.Generator, pts: np.ndarray, k: int) -> np.ndarray:
    if len(pts) <= k:
        return pts
    keep = np.sort(rng.permutation(len(pts))[:k])
    return pts[keep]


def populate(level, stage: Stage, seed: int, size: DungeonRules, goal: tuple[int, int]) -> None:
    """Put the monsters, the captive, the items and (on the last level) the
    prize and its guardian on ``level``."""
    rng_m = seeding.rng(seed, "monsters", level.key.depth)
    rng_i = seeding.rng(seed, "items", level.key.depth)
    mon_pts = _subset(rng_m, points(stage, "monsters"), size.max_monsters)
    item_pts = _subset(rng_i, points(stage, "items"), size.max_items)
    occupied = {level.up}
    captive_at = _captive_spots(level, stage, seed, mon_pts)
    for i, (x, y) in enumerate(mon_pts.tolist()):
        if (x, y) in occupied or not level.walkable[y, x] or (x, y) in captive_at:
            continue
        _spawn_group(level, i, (x, y), rng_m, occupied)
    _captives(level, seed, captive_at, occupied)
    taken_cells = set()
    for i, (x, y) in enumerate(item_pts.tolist()):
        if (x, y) in taken_cells or (x, y) == level.up:
            continue
        kind = content.pick_item(rng_i, level.tier, level.terrain)
        level.items.append(FloorItem(i, kind, x, y, kind.count))
        taken_cells.add((x, y))
    if level.last:
        _prize(level, goal, len(item_pts), len(mon_pts), rng_m, occupied)


def _spawn_group(level, i: int, cell: tuple[int, int], rng: np.random.Generator, occupied: set) -> None:
    """The monster of spawn point ``i`` and the rest of its group close by."""
    for _ in range(KIND_TRIES):
        kind = content.pick_monster(rng, level.tier)
        spot = _home(level, kind, cell, occupied)
        if spot is not None:
            break
    else:
        return
    m = spawn(level, i, kind, *spot, level.tier, Energy(int(rng.integers(0, 100))),
              group=i if kind.group > 1 else -1)
    if kind.disguise:  # a mimic lies in wait, passing for an item
        m.hidden = True
    if kind.moves == "swim":  # an eel waits under the water
        m.hidden = True
    occupied.add(spot)
    member = content.MONSTER_BY_ID[kind.escort] if kind.escort else kind
    for k in range(1, kind.group):  # the rest of a pack (or its escort), close by
        near = _near_free(level, spot, occupied, rng)
        if near is None:
            break
        spawn(level, PACK_BASE + i * 16 + k, member, *near, level.tier, Energy(int(rng.integers(0, 100))), group=i)
        occupied.add(near)


def _home(level, kind: MonsterKind, cell: tuple[int, int], occupied: set) -> tuple[int, int] | None:
    """Where a monster of ``kind`` spawned at ``cell`` lives: the cell, or for a
    swimmer the nearest free deep water within :data:`SWIM_REACH` (None: none)."""
    x, y = cell
    if level.passable(kind.moves)[y, x]:
        return cell
    water = level.passable(kind.moves)
    y0, y1 = max(0, y - SWIM_REACH), min(level.shape[0], y + SWIM_REACH + 1)
    x0, x1 = max(0, x - SWIM_REACH), min(level.shape[1], x + SWIM_REACH + 1)
    ys, xs = np.nonzero(water[y0:y1, x0:x1])
    spots = sorted((max(abs(int(xx) + x0 - x), abs(int(yy) + y0 - y)), int(yy) + y0, int(xx) + x0)
                   for yy, xx in zip(ys, xs))
    return next(((sx, sy) for _, sy, sx in spots if (sx, sy) not in occupied), None)


def spawn(level, index: int, kind: MonsterKind, x: int, y: int, tier: int, energy: Energy, boss: bool = False,
          group: int = -1) -> Monster:
    """A monster of ``kind`` at danger ``tier`` on ``level`` (its stats scaled by the tier)."""
    hp, atk, dfn = content.monster_stats(kind, tier)
    m = Monster(index, kind, x=x, y=y, hp=hp, max_hp=hp, attack=atk, defence=dfn, energy=energy, boss=boss,
                group=group, calls=content.summon_budget(kind, tier))
    level.monsters.append(m)
    return m


def _near_free(level, cell: tuple[int, int], occupied: set, rng: np.random.Generator) -> tuple[int, int] | None:
    """A random free floor cell within 2 steps of ``cell`` (for a pack's members)."""
    x0, y0 = cell
    spots = [(x0 + dx, y0 + dy) for dy in range(-2, 3) for dx in range(-2, 3)
             if level.inside(x0 + dx, y0 + dy) and level.walkable[y0 + dy, x0 + dx]
             and (x0 + dx, y0 + dy) not in occupied]
    return spots[int(rng.integers(0, len(spots)))] if spots else None


# -- captives -----------------------------------------------------------------------------------
def _captive_spots(level, stage: Stage, seed: int, mon_pts: np.ndarray) -> list[tuple[int, int]]:
    """Where captives wait: the stage's ``captives`` points, and now and then
    (:data:`CAPTIVE_CHANCE`, never on a site's last level) one monster spawn point."""
    spots = [(x, y) for x, y in points(stage, "captives").tolist()
             if level.inside(x, y) and level.walkable[y, x] and (x, y) != level.up]
    rng = seeding.rng(seed, "captives", level.key.depth)
    if not level.last and len(mon_pts) and rng.random() < CAPTIVE_CHANCE:
        x, y = (int(v) for v in mon_pts[int(rng.integers(0, len(mon_pts)))])
        if level.walkable[y, x] and (x, y) != level.up and (x, y) not in spots:
            spots.append((x, y))
    return spots


def _captives(level, seed: int, spots: list[tuple[int, int]], occupied: set) -> None:
    """A shackled captive on each spot: a kind that can be an ally, a little above the level's tier."""
    rng = seeding.rng(seed, "captive kinds", level.key.depth)
    for k, spot in enumerate(spots):
        if spot in occupied:
            continue
        kind = content.pick_captive(rng, level.tier + CAPTIVE_TIERS)
        m = spawn(level, CAPTIVE_BASE + k, kind, *spot, level.tier + CAPTIVE_TIERS, Energy())
        m.captive = True
        occupied.add(spot)


# -- the prize -----------------------------------------------------------------------------------
def _prize(level, goal: tuple[int, int], item_index: int, boss_index: int, rng: np.random.Generator,
           occupied: set) -> None:
    """The prize lies where the stairs down would be, watched by a guardian:
    a relic's by one of the relic bosses, a treasure's by a monster 3 tiers up."""
    prize = content.RELIC if level.relic else content.TREASURE
    level.items = [it for it in level.items if (it.x, it.y) != goal]
    level.items.append(FloorItem(item_index, prize, *goal))
    level.treasure_index = item_index
    spot = level.guard_spot(goal, occupied)
    if spot is None:
        return
    tier = level.tier + (content.RELIC_GUARD_TIERS if level.relic else 3)
    for _ in range(KIND_TRIES):  # a guardian stands by its prize: never a swimmer on dry land
        kind = content.pick_relic_boss(rng) if level.relic else content.pick_monster(rng, tier)
        if level.passable(kind.moves)[spot[1], spot[0]]:
            break
    else:
        kind = content.MONSTER_BY_ID[GUARD_FALLBACK]
    boss = spawn(level, boss_index, kind, *spot, tier, Energy(), boss=True)
    boss.post = goal
