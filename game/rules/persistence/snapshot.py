"""A visited level as it was: what play changed, for the save and the digest.

A level is rebuilt from its seed whenever it is entered; a snapshot holds
everything play changed since, so the rebuilt level is the one the player
left: the explored mask, secret doors and traps found, features used up,
every monster as it stands (where, hit points, awake or asleep, fleeing,
statuses, energy, its pack, its post and its goal; a captive, an ally with
its order, level and experience, a hidden mimic or eel, a thief's loot,
what a caster has called up, the risen dead), every item on the floor in order (and which
ones the player chose to leave), where monsters died (a necromancer's
work), how many creatures play brought onto the level, and the ground as
play changed it (tiles: doors, ash, trampled brush, cages, opened vaults;
fires; clouds; vaults whose rule fired: :mod:`game.rules.world.hazards`).

:func:`level_snapshot` writes one; :func:`apply_snapshot` puts it back on a
freshly built level, trusting nothing: a snapshot of another shape is
refused whole, and each monster or item that cannot be (an unknown kind, a
cell off the map or in a wall, a second creature on a cell, a prize the
level never had) is left out.  Snapshots written before monsters and items
were kept (saves of version 1 before the change) list the monsters killed
and the items taken or dropped instead: those are read as they were.
"""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T

from ..world import hazards, vaults
from ..content import GASES, ITEM_BY_ID, MAX_STATUS_TURNS, MAX_SUMMONS, MONSTER_BY_ID, STATUSES
from ..creatures.energy import Energy
from ..creatures.entities import ORDERS, FloorItem, Monster
from ..world.level import DROPPED_INDEX, MAX_CORPSES, SPAWNED_INDEX, Level
from .reading import BIG, as_dict, as_list, cell, clamp_int
from .save import pack_mask, unpack_mask

__all__ = ["level_snapshot", "apply_snapshot", "monster_to_json", "monster_from_json", "MAX_DROPPED", "MAX_MONSTERS"]

MAX_DROPPED = 2000  # items a snapshot may list on one level (a full pack, 100 times)
MAX_MONSTERS = 500  # monsters a snapshot may list on one level
_PRIZES = ("treasure", "relic")


# -- writing ---------------------------------------------------------------------------------
def level_snapshot(level: Level) -> dict:
    """Everything play changed on ``level`` (JSON-ready, keys sorted by the encoder)."""
    out = {"shape": list(level.shape), "seen": pack_mask(level.seen), "found": sorted(level.found),
           "killed": sorted(level.killed), "monsters": [monster_to_json(m) for m in level.monsters],
           "items": [_item_json(it, it.index in level.put_down) for it in level.items], "drops": level._drops}
    if level.corpses:
        out["corpses"] = [list(c) for c in level.corpses]
    if level._spawned:
        out["spawned"] = level._spawned
    if level.traps_found:
        out["traps"] = sorted(level.traps_found)
    if level.used:
        out["used"] = sorted(level.used)
    out.update(_ground_json(level))
    return out


def _ground_json(level: Level) -> dict:
    """The ground as play changed it (:mod:`game.rules.world.hazards`): tiles, fires,
    clouds, vaults whose rule fired; each key only when there is something."""
    out: dict = {}
    if level.changed:
        out["tiles"] = [[flat, tile] for flat, tile in sorted(level.changed.items())]
    if level.fire.any():
        out["fire"] = [[int(f), int(level.fire.flat[f])] for f in np.flatnonzero(level.fire)]
    if level.gas:
        out["gas"] = {kind: [[int(f), int(g.flat[f])] for f in np.flatnonzero(g)] for kind, g in sorted(level.gas.items())}
    if level.sprung:
        out["sprung"] = sorted(level.sprung)
    return out


def monster_to_json(m: Monster) -> dict:
    """A monster as it stands (JSON-ready); fields at a new monster's value are left out."""
    out = {"i": m.index, "kind": m.kind.id, "x": m.x, "y": m.y, "hp": m.hp, "max_hp": m.max_hp,
           "atk": m.attack, "def": m.defence, "energy": m.energy.value, "awake": m.awake}
    if m.boss:
        out["boss"] = True
    if m.statuses:
        out["statuses"] = dict(sorted(m.statuses.items()))
    if m.group >= 0:
        out["group"] = m.group
    if m.post is not None:
        out["post"] = list(m.post)
    if m.goal is not None:
        out["goal"] = list(m.goal)
    if m.fleeing:
        out["fleeing"] = True
    if m.captive:
        out["captive"] = True
    if m.ally:
        out.update(ally=True, order=m.order, level=m.level, xp=m.xp)
    if m.hidden:
        out["hidden"] = True
    if m.stolen is not None:
        out["stolen"] = list(m.stolen)
    if m.summoned:
        out["summoned"] = m.summoned
    if m.calls != MAX_SUMMONS:
        out["calls"] = m.calls
    if m.risen:
        out["risen"] = True
    return out


def _item_json(it: FloorItem, left: bool) -> list:
    return [it.index, it.kind.id, it.x, it.y, it.count] + ([1] if left else [])


# -- reading ---------------------------------------------------------------------------------
def apply_snapshot(level: Level, d: dict) -> bool:
    """Put back what play changed; False (and nothing applied) if ``d`` does not fit ``level``."""
    try:
        if tuple(d.get("shape", ())) != level.shape:
            return False
        seen = unpack_mask(d["seen"], level.shape)
        if seen is None:
            return False
        killed = {int(i) for i in d.get("killed", [])}
        taken = {int(i) for i in d.get("taken", [])}
        found = [int(i) for i in d.get("found", [])]
        traps = [int(i) for i in as_list(d.get("traps"))[:MAX_DROPPED]]
        used = [int(i) for i in as_list(d.get("used"))[:MAX_DROPPED]]
    except (KeyError, TypeError, ValueError, OverflowError):
        return False
    level.seen = seen
    h, w = level.shape
    for flat in found:
        y, x = divmod(flat, w)
        if 0 <= y < h and level.secret[y, x]:
            level.open_secret(x, y)
    for flat in traps:
        y, x = divmod(flat, w)
        if 0 <= y < h:
            level.find_trap(x, y)
    for flat in used:
        y, x = divmod(flat, w)
        if 0 <= y < h and level.tiles[y, x] in (T.fountain, T.altar):
            level.use_up(x, y)
    _put_ground(level, d)
    for m in [m for m in level.monsters if m.index in killed]:
        level.kill(m)
    level.killed = sorted(killed)  # those play brought and killed too
    level.corpses = _corpses(d.get("corpses"), level)
    level._spawned = clamp_int(d.get("spawned"), 0, BIG, 0)
    if isinstance(d.get("monsters"), list):
        level.monsters = _monsters(d["monsters"], level)
    level._spawned = max([level._spawned] + [m.index - SPAWNED_INDEX for m in level.monsters])
    if isinstance(d.get("items"), list):
        _put_items(d["items"], level, clamp_int(d.get("drops"), 0, BIG, 0))
    else:  # an older snapshot: the spawned items minus those taken, then those dropped
        for it in [it for it in level.items if it.index in taken]:
            level.take(it)
        for item, x, y, count in _dropped(d.get("dropped"), level):
            level.drop(item, x, y, count)
    return True


def _put_ground(level: Level, d: dict) -> None:
    """The ground of a snapshot, clamped: a tile change only where the tile
    as built may become it (:data:`~game.rules.world.hazards.ALLOWED_CHANGES`; an
    ambush's walls only once it is sprung); fires of 1..``MAX_FIRE`` turns
    on tiles that burn; clouds of known kinds, 1..``MAX_GAS`` thick; sprung
    vaults the level has.  Anything else is left out.  Fires and clouds are
    the snapshot's alone (none when it names none, whatever the level was
    built with).  An older snapshot has no tiles or sprung vaults: the ground
    as built."""
    h, w = level.shape
    cells = h * w
    sprung = {clamp_int(k, -1, len(level.vaults), -1) for k in as_list(d.get("sprung"))[:len(level.vaults)]}
    level.sprung = sorted(sprung - {-1, len(level.vaults)})
    lurkers = {y * w + x for k in level.sprung for x, y in vaults.lurker_cells(level, k)}
    for entry in as_list(d.get("tiles"))[:cells]:
        if not (isinstance(entry, list) and len(entry) == 2):
            continue
        flat, tile = clamp_int(entry[0], -1, cells, -1), clamp_int(entry[1], -1, 255, -1)
        if not 0 <= flat < cells:
            continue
        y, x = divmod(flat, w)
        built = int(level.tiles[y, x])
        if tile in hazards.ALLOWED_CHANGES.get(built, ()) or (flat in lurkers and tile == T.vault_floor):
            hazards.set_tile(level, x, y, tile)
    level.fire[...] = 0  # what burns and drifts is the snapshot's, not what the level was built with
    level.gas = {}
    for flat, turns in _cell_values(d.get("fire"), cells, hazards.MAX_FIRE):
        y, x = divmod(flat, w)
        if hazards.BURNS[level.tiles[y, x]]:
            level.fire[y, x] = turns
    for kind, entries in list(as_dict(d.get("gas")).items())[:len(GASES)]:
        if kind in GASES:
            for flat, amount in _cell_values(entries, cells, hazards.MAX_GAS):
                hazards.release(level, kind, flat % w, flat // w, amount)
    level.refresh()


def _cell_values(entries, cells: int, most: int) -> list[tuple[int, int]]:
    """``[[flat, value], ...]`` from a save: cells on the map, values 1..``most``."""
    out = []
    for entry in as_list(entries)[:cells]:
        if isinstance(entry, list) and len(entry) == 2:
            flat, value = clamp_int(entry[0], -1, cells, -1), clamp_int(entry[1], 0, most, 0)
            if 0 <= flat < cells and value > 0:
                out.append((flat, value))
    return out


def _monsters(entries: list, level: Level) -> list[Monster]:
    """The monsters of a snapshot that can stand where it says, one per cell."""
    out, taken = [], set()
    for e in entries[:MAX_MONSTERS]:
        m = monster_from_json(e)
        if m is None or not level.inside(m.x, m.y) or not level.ground(m.moves)[m.y, m.x] or m.pos in taken:
            continue
        m.post, m.goal = (c if c is not None and level.inside(*c) else None for c in (m.post, m.goal))
        out.append(m)
        taken.add(m.pos)
    return out


def monster_from_json(e) -> Monster | None:
    """A monster from a save, clamped (None: no monster of a known kind): HP
    1..max HP, max HP 1..100000, attack and defence 0..10000, energy
    -10000..10000, statuses known ones of 1..99 turns; an ally's order one of
    :data:`~game.rules.creatures.entities.ORDERS`, its level 1..1000, XP 0..10**9; a
    thief's loot a known item (never a prize), 1..99 of it; what it called up
    0..1000 and may in all 0..1000 (missing: :data:`~game.rules.content.MAX_SUMMONS`).
    Where it stands is the caller's to check against a level."""
    e = as_dict(e)
    kind = MONSTER_BY_ID.get(e.get("kind")) if isinstance(e.get("kind"), str) else None
    if kind is None:
        return None
    x, y = clamp_int(e.get("x"), -1, BIG, -1), clamp_int(e.get("y"), -1, BIG, -1)
    max_hp = clamp_int(e.get("max_hp"), 1, 100_000, kind.hp)
    m = Monster(clamp_int(e.get("i"), 0, BIG, 0), kind, x=x, y=y, hp=clamp_int(e.get("hp"), 1, max_hp, max_hp),
                max_hp=max_hp, attack=clamp_int(e.get("atk"), 0, 10_000, kind.attack),
                defence=clamp_int(e.get("def"), 0, 10_000, kind.defence),
                energy=Energy(clamp_int(e.get("energy"), -10_000, 10_000, 0)), awake=e.get("awake") is True,
                boss=e.get("boss") is True, group=clamp_int(e.get("group"), -1, BIG, -1),
                fleeing=e.get("fleeing") is True, captive=e.get("captive") is True, ally=e.get("ally") is True,
                hidden=e.get("hidden") is True, summoned=clamp_int(e.get("summoned"), 0, 1000, 0),
                calls=clamp_int(e.get("calls"), 0, 1000, MAX_SUMMONS),
                risen=e.get("risen") is True)
    m.statuses = {k: clamp_int(v, 1, MAX_STATUS_TURNS, 1)
                  for k, v in list(as_dict(e.get("statuses")).items())[:16] if k in STATUSES}
    m.post, m.goal = cell(e.get("post")), cell(e.get("goal"))
    if m.ally:
        m.captive = False
        m.order = e.get("order") if e.get("order") in ORDERS else "follow"
        m.level, m.xp = clamp_int(e.get("level"), 1, 1000, 1), clamp_int(e.get("xp"), 0, 10**9, 0)
    loot = as_list(e.get("stolen"))
    if len(loot) == 2 and isinstance(loot[0], str) and loot[0] in ITEM_BY_ID and ITEM_BY_ID[loot[0]].kind not in _PRIZES:
        m.stolen = (loot[0], clamp_int(loot[1], 1, 99, 1))
    return m


def _corpses(value, level: Level) -> list[tuple[int, int, str]]:
    """Where monsters died, from a save: ``[x, y, kind id]`` of known kinds on
    the map, the last :data:`~game.rules.world.level.MAX_CORPSES`."""
    out = []
    for e in as_list(value)[-MAX_CORPSES:]:
        if isinstance(e, list) and len(e) == 3 and isinstance(e[2], str) and e[2] in MONSTER_BY_ID:
            x, y = clamp_int(e[0], -1, BIG, -1), clamp_int(e[1], -1, BIG, -1)
            if level.inside(x, y):
                out.append((x, y, e[2]))
    return out


def _put_items(entries: list, level: Level, drops: int) -> None:
    """The floor items of a snapshot, in order: ``[index, item id, x, y, count(, 1 if left by choice)]``
    of known kinds on cells that hold things (``Level.holds_items``) (``count`` 1..99); a prize only the one the level was built with."""
    prize = next((it for it in level.items if it.index == level.treasure_index), None)
    items, left = [], set()
    for e in entries[:MAX_DROPPED]:
        if not (isinstance(e, list) and len(e) in (5, 6) and isinstance(e[1], str)):
            continue
        kind = ITEM_BY_ID.get(e[1])
        index = clamp_int(e[0], 0, BIG, -1)
        x, y = clamp_int(e[2], -1, BIG, -1), clamp_int(e[3], -1, BIG, -1)
        if kind is None or not level.inside(x, y) or not level.holds_items(x, y):
            continue
        if kind.kind in _PRIZES and (prize is None or kind is not prize.kind or index != prize.index):
            continue
        items.append(FloorItem(index, kind, x, y, clamp_int(e[4], 1, 99, 1)))
        if len(e) == 6 and e[5] == 1:
            left.add(index)
    level.items, level.put_down = items, left
    level._drops = max(drops, max((it.index - DROPPED_INDEX for it in items), default=0))


def _dropped(value, level: Level) -> list[tuple[str, int, int, int]]:
    """Items play put down on a level, from an older snapshot: ``[item id, x, y, count]``
    entries (``count`` 1..99, 1 when left out) of known items (never a prize)
    on the level's floor, at most :data:`MAX_DROPPED`; any other entry is left
    out (a delta from before drops were kept has none)."""
    out = []
    for entry in as_list(value)[:MAX_DROPPED]:
        if not (isinstance(entry, list) and len(entry) in (3, 4) and isinstance(entry[0], str)):
            continue
        kind = ITEM_BY_ID.get(entry[0])
        x, y = clamp_int(entry[1], -1, BIG, -1), clamp_int(entry[2], -1, BIG, -1)
        count = clamp_int(entry[3], 1, 99, 1) if len(entry) == 4 else 1
        if kind is not None and kind.kind not in _PRIZES and level.inside(x, y) and level.walkable[y, x]:
            out.append((kind.id, x, y, count))
    return out
