"""One dungeon level: built from a generator's final stage plus the site's
seed, then changed by play.  No pygame here.

Secret doors hide side rooms and shortcuts but never the way from the stairs
up to the stairs down (or the treasure): those on it are made plain doors.

A level is rebuilt from its seed every time it is entered; what play changed
(the explored mask, monsters killed, items taken, secret doors found) is kept
in a small delta (:meth:`Level.delta`) that the save stores and
:meth:`Level.apply_delta` puts back.

Monsters: every player turn each monster gains ``speed`` energy and acts per
100 energy.  Asleep it wanders; when it stands in the player's view within its
sight it wakes and from then on chases along one walking-distance map from the
player (computed once per turn, shared by all monsters) and attacks by bumping.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from worldgen import grid, seeding
from worldgen.registry import Stage
from worldgen.tiles import TRANSPARENT, WALKABLE, T

from . import content
from .entities import FloorItem, Monster, Player, attack_roll
from .fov import field_of_view
from .save import pack_mask, unpack_mask

__all__ = ["Level", "LevelKey", "SIGHT"]

SIGHT = 9
_STEPS8 = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True)
class LevelKey:
    location: int
    site: int
    depth: int

    def text(self) -> str:
        return f"{self.location}:{self.site}:{self.depth}"


class Level:
    def __init__(self, key: LevelKey, stage: Stage, *, style: str, terrain: int, seed: int,
                 tier: int, size: content.DungeonSize, last: bool) -> None:
        self.key, self.style, self.terrain, self.tier, self.last = key, style, int(terrain), tier, last
        tiles = stage.data.copy()
        self.tiles = tiles
        h, w = tiles.shape
        self.shape = (h, w)
        sx, sy = (int(v) for v in np.asarray(stage.points["start"]).reshape(-1, 2)[0])
        ex, ey = (int(v) for v in np.asarray(stage.points["exit"]).reshape(-1, 2)[0])
        tiles[sy, sx] = T.stairs_up
        tiles[ey, ex] = T.floor if last else T.stairs_down
        self.up = (sx, sy)
        self.down = None if last else (ex, ey)
        self.seen = np.zeros((h, w), dtype=bool)
        self.visible = np.zeros((h, w), dtype=bool)
        self.found: list[int] = []  # flat indices of secret doors found
        self.secret = tiles == T.secret_door
        self._unblock((ex, ey))
        self._refresh_masks()

        rng_m = seeding.rng(seed, "monsters", key.depth)
        rng_i = seeding.rng(seed, "items", key.depth)
        mon_pts = np.asarray(stage.points.get("monsters", np.zeros((0, 2))), dtype=np.int64).reshape(-1, 2)
        item_pts = np.asarray(stage.points.get("items", np.zeros((0, 2))), dtype=np.int64).reshape(-1, 2)
        mon_pts = _subset(rng_m, mon_pts, size.max_monsters)
        item_pts = _subset(rng_i, item_pts, size.max_items)
        self.monsters: list[Monster] = []
        occupied = {self.up}
        for i, (x, y) in enumerate(mon_pts.tolist()):
            if (x, y) in occupied or not self.walkable[y, x]:
                continue
            kind = content.pick_monster(rng_m, tier)
            hp, atk, dfn = content.monster_stats(kind, tier)
            self.monsters.append(Monster(i, kind, x, y, hp, hp, atk, dfn, energy=int(rng_m.integers(0, 100))))
            occupied.add((x, y))
        self.items: list[FloorItem] = []
        taken_cells = set()
        for i, (x, y) in enumerate(item_pts.tolist()):
            if (x, y) in taken_cells or (x, y) == self.up:
                continue
            self.items.append(FloorItem(i, content.pick_item(rng_i, tier, terrain), x, y))
            taken_cells.add((x, y))
        if last:
            # The treasure lies where the stairs down would be, watched by a guardian.
            self.items = [it for it in self.items if (it.x, it.y) != (ex, ey)]
            self.items.append(FloorItem(len(item_pts), content.TREASURE, ex, ey))
            self.treasure_index = len(item_pts)
            spot = self._guard_spot((ex, ey), occupied)
            if spot is not None:
                kind = content.pick_monster(rng_m, tier + 3)
                hp, atk, dfn = content.monster_stats(kind, tier + 3)
                self.monsters.append(Monster(len(mon_pts), kind, spot[0], spot[1], hp, hp, atk, dfn, boss=True))
        else:
            self.treasure_index = -1
        self.killed: list[int] = []
        self.taken: list[int] = []

    # -- masks -------------------------------------------------------------
    def _unblock(self, goal: tuple[int, int]) -> None:
        """Secret doors hide side rooms and shortcuts, never the way down: those
        between the stairs up and ``goal`` become plain doors (deterministic, so
        not stored in the save)."""
        ux, uy = self.up
        for _ in range(int(np.count_nonzero(self.secret)) + 1):  # bounded
            open_ = WALKABLE[self.tiles] & ~self.secret
            reach = grid.distance_map(open_, [(uy, ux)], 8) >= 0
            if reach[goal[1], goal[0]]:
                return
            touching = self.secret & (grid.neighbour_count(reach, 1) > 0)
            if not touching.any():
                return
            self.tiles[touching] = T.door
            self.secret[touching] = False

    def _refresh_masks(self) -> None:
        self.walkable = WALKABLE[self.tiles]
        # A secret door is a wall until found: it blocks sight and movement.
        shown = self.shown_tiles()
        self.transparent = TRANSPARENT[shown]
        self.walkable = WALKABLE[shown]

    def shown_tiles(self) -> np.ndarray:
        if not self.secret.any():
            return self.tiles
        shown = self.tiles.copy()
        shown[self.secret] = T.wall
        return shown

    def _guard_spot(self, cell: tuple[int, int], occupied: set) -> tuple[int, int] | None:
        x, y = cell
        dist = grid.distance_map(self.walkable, [(y, x)], 8)
        for d in (2, 1, 3):
            ys, xs = np.nonzero(dist == d)
            for yy, xx in zip(ys.tolist(), xs.tolist()):
                if (xx, yy) not in occupied and self.tiles[yy, xx] != T.stairs_up:
                    return (xx, yy)
        return None

    # -- queries -----------------------------------------------------------
    def monster_at(self, x: int, y: int) -> Monster | None:
        for m in self.monsters:
            if m.x == x and m.y == y:
                return m
        return None

    def items_at(self, x: int, y: int) -> list[FloorItem]:
        return [it for it in self.items if it.x == x and it.y == y]

    def update_view(self, px: int, py: int) -> None:
        self.visible = field_of_view(self.transparent, (py, px), SIGHT)
        self.seen |= self.visible

    def reveal_secrets_near(self, px: int, py: int, rng: np.random.Generator, searching: bool = False) -> list[str]:
        """Secret doors next to the player are noticed with a chance each turn;
        waiting searches harder and farther (radius 3)."""
        if not self.secret.any():
            return []
        r = 3 if searching else 1
        chance = 0.75 if searching else 0.35
        h, w = self.shape
        y0, y1, x0, x1 = max(0, py - r), min(h, py + r + 1), max(0, px - r), min(w, px + r + 1)
        ys, xs = np.nonzero(self.secret[y0:y1, x0:x1])
        out = []
        for yy, xx in zip((ys + y0).tolist(), (xs + x0).tolist()):
            if rng.random() < chance:
                self.open_secret(xx, yy)
                out.append("You find a secret door!")
        return out

    def open_secret(self, x: int, y: int) -> None:
        self.secret[y, x] = False
        self.tiles[y, x] = T.door
        self.found.append(int(y * self.shape[1] + x))
        self._refresh_masks()

    # -- monsters' turn ------------------------------------------------------
    def monsters_act(self, player: Player, px: int, py: int, rng: np.random.Generator) -> list[str]:
        """Every monster spends its energy; returns the messages of the turn."""
        out: list[str] = []
        h, w = self.shape
        dist = None
        occupied = np.zeros((h, w), dtype=bool)
        for m in self.monsters:
            occupied[m.y, m.x] = True
        for m in self.monsters:
            if not m.awake and self.visible[m.y, m.x] and max(abs(m.x - px), abs(m.y - py)) <= m.kind.sight:
                m.awake = True
                out.append(f"{m.name.capitalize()} notices you.")
            m.energy += m.kind.speed
            for _ in range(3):  # bounded: at most 3 actions per turn
                if m.energy < 100 or not player.alive:
                    break
                m.energy -= 100
                if max(abs(m.x - px), abs(m.y - py)) == 1 and m.awake:
                    dmg = attack_roll(rng, m.attack, player.defence)
                    player.hp -= dmg
                    out.append(f"{m.name.capitalize()} hits you for {dmg}." if dmg else
                               f"{m.name.capitalize()} misses you.")
                    if not player.alive:
                        out.append(f"You are killed by {m.name}.")
                        self.killer = m.kind.name
                    continue
                if m.awake:
                    if dist is None:
                        dist = grid.distance_map(self.walkable, [(py, px)], 8)
                    step = _downhill(dist, occupied, m.x, m.y, w, h)
                else:
                    step = _wander(rng, self.walkable, occupied, m.x, m.y, w, h) if rng.random() < 0.5 else None
                if step is not None and (step[0], step[1]) != (px, py):
                    occupied[m.y, m.x] = False
                    m.x, m.y = step
                    occupied[m.y, m.x] = True
        return out

    def shove_from(self, x: int, y: int) -> None:
        """Move a monster standing on ``(x, y)`` (where the player arrives) to
        the nearest free walkable cell; it stays only if there is none."""
        blocker = self.monster_at(x, y)
        if blocker is None:
            return
        dist = grid.distance_map(self.walkable, [(y, x)], 8)
        for m in self.monsters:
            dist[m.y, m.x] = -1
        ys, xs = np.nonzero(dist > 0)
        if ys.size:
            k = int(np.argmin(dist[ys, xs]))  # the first cell (row-major) of the least distance
            blocker.x, blocker.y = int(xs[k]), int(ys[k])

    def kill(self, m: Monster) -> None:
        self.monsters.remove(m)
        self.killed.append(m.index)

    def take(self, item: FloorItem) -> None:
        self.items.remove(item)
        self.taken.append(item.index)

    # -- delta -------------------------------------------------------------------
    def delta(self) -> dict:
        return {"shape": list(self.shape), "seen": pack_mask(self.seen), "killed": sorted(self.killed),
                "taken": sorted(self.taken), "found": sorted(self.found)}

    def apply_delta(self, d: dict) -> bool:
        """Put back what play changed; False (and nothing applied) if it does not fit."""
        try:
            if tuple(d.get("shape", ())) != self.shape:
                return False
            seen = unpack_mask(d["seen"], self.shape)
            if seen is None:
                return False
            killed = {int(i) for i in d.get("killed", [])}
            taken = {int(i) for i in d.get("taken", [])}
            found = [int(i) for i in d.get("found", [])]
        except (KeyError, TypeError, ValueError, OverflowError):
            return False
        self.seen = seen
        for m in [m for m in self.monsters if m.index in killed]:
            self.kill(m)
        for it in [it for it in self.items if it.index in taken]:
            self.take(it)
        h, w = self.shape
        for flat in found:
            y, x = divmod(flat, w)
            if 0 <= y < h and self.secret[y, x]:
                self.open_secret(x, y)
        return True


def _subset(rng: np.random.Generator, pts: np.ndarray, k: int) -> np.ndarray:
    if len(pts) <= k:
        return pts
    keep = np.sort(rng.permutation(len(pts))[:k])
    return pts[keep]


def _downhill(dist: np.ndarray, occupied: np.ndarray, x: int, y: int, w: int, h: int):
    here = dist[y, x]
    best, best_d = None, here if here >= 0 else 1 << 30
    for dy, dx in _STEPS8:
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h and not occupied[ny, nx]:
            d = dist[ny, nx]
            if 0 <= d < best_d:
                best, best_d = (nx, ny), d
    return best


def _wander(rng, walkable, occupied, x, y, w, h):
    dy, dx = _STEPS8[int(rng.integers(0, 8))]
    nx, ny = x + dx, y + dy
    if 0 <= nx < w and 0 <= ny < h and walkable[ny, nx] and not occupied[ny, nx]:
        return (nx, ny)
    return None


def level_iterator(style: str, seed_text: str, size: content.DungeonSize) -> Iterator:
    """The generator's stage iterator for one level (sizes from the dungeon size table)."""
    from worldgen import registry

    return registry.run(style, seed_text, size.width, size.height, {})
