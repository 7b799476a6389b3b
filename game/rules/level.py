"""One dungeon level: built from a generator's final stage plus the site's
seed, then changed by play.

Secret doors hide side rooms and shortcuts but never the way from the stairs
up to the stairs down (or the treasure): those on it are made plain doors.

A level is rebuilt from its seed every time it is entered; what play changed
(the explored mask, secret doors found, every monster and floor item as they
stand) is kept in a snapshot that the save stores (see :mod:`game.rules.snapshot`).

Distances on foot follow the game's movement rule, ``worldgen.toolkit.grid.WALK``:
the generators place the stairs with the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Stage
from worldgen.core.tiles import TRANSPARENT, WALKABLE, T
from worldgen.toolkit import grid

from . import content
from .content import DungeonRules
from .energy import Energy
from .entities import FloorItem, Monster
from .fov import field_of_view
from .geometry import walk_distance
from . import hazards, vaults

__all__ = ["Level", "LevelKey", "SIGHT", "DROPPED_INDEX"]

SIGHT = 9
_OPEN_AIR = (T.deep_water, T.chasm)  # not walkable ground, yet the player may step in (swim, fall) and flyers cross
DROPPED_INDEX = 1 << 20  # items play put down are numbered from here: never a spawn index
PACK_BASE = 100_000  # indices of a pack's followers: PACK_BASE + 16 * leader + k


@dataclass(frozen=True)
class LevelKey:
    location: int
    site: int
    depth: int

    def text(self) -> str:
        return f"{self.location}:{self.site}:{self.depth}"


class Level:
    def __init__(self, key: LevelKey, stage: Stage, *, style: str, terrain: int, seed: int,
                 tier: int, size: DungeonRules, last: bool, relic: bool = False) -> None:
        self.key, self.style, self.terrain, self.tier, self.last = key, style, int(terrain), tier, last
        self.relic = relic and last  # the last level of a location's relic site holds the relic
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
        self.seed = seed
        self.hidden_traps = tiles == T.trap  # a trap looks like floor until found (or sprung)
        self.traps_found: list[int] = []  # flat indices of traps found
        self.used: list[int] = []  # flat indices of features used up (a fountain drunk dry, an altar)
        self.changed: dict[int, int] = {}  # flat index -> tile: what play changed (game.rules.hazards)
        self.fire = np.zeros((h, w), dtype=np.uint8)  # turns each cell still burns
        self.gas: dict[str, np.ndarray] = {}  # cloud kind -> thickness per cell (uint16)
        self.vaults: list[dict] = list(stage.info.get("vaults", ()))  # the generator's records (game.rules.vaults)
        self.sprung: list[int] = []  # vaults whose rule has fired (an ambush sprung, a cage closed)
        self._unblock((ex, ey))
        self._refresh_masks()
        self.monsters: list[Monster] = []
        self.items: list[FloorItem] = []
        self.killed: list[int] = []
        self.taken: list[int] = []  # spawn indices of the items picked up
        self.put_down: set[int] = set()  # indices of those the player chose to leave (not picked up by walking)
        self._drops = 0
        self.treasure_index = -1
        self._populate(stage, seed, size, (ex, ey))
        vaults.fill(self)

    def _populate(self, stage: Stage, seed: int, size: DungeonRules, goal: tuple[int, int]) -> None:
        """Monsters and items at the generator's spawn points, chosen by the
        site's seed; on the last level the treasure and its guardian."""
        rng_m = seeding.rng(seed, "monsters", self.key.depth)
        rng_i = seeding.rng(seed, "items", self.key.depth)
        mon_pts = _points(stage, "monsters")
        item_pts = _points(stage, "items")
        mon_pts = _subset(rng_m, mon_pts, size.max_monsters)
        item_pts = _subset(rng_i, item_pts, size.max_items)
        occupied = {self.up}
        for i, (x, y) in enumerate(mon_pts.tolist()):
            if (x, y) in occupied or not self.walkable[y, x]:
                continue
            kind = content.pick_monster(rng_m, self.tier)
            self._spawn(i, kind, x, y, self.tier, Energy(int(rng_m.integers(0, 100))),
                        group=i if kind.group > 1 else -1)
            occupied.add((x, y))
            for k in range(1, kind.group):  # the rest of a pack, close by
                spot = self._near_free((x, y), occupied, rng_m)
                if spot is None:
                    break
                self._spawn(PACK_BASE + i * 16 + k, kind, *spot, self.tier, Energy(int(rng_m.integers(0, 100))),
                            group=i)
                occupied.add(spot)
        taken_cells = set()
        for i, (x, y) in enumerate(item_pts.tolist()):
            if (x, y) in taken_cells or (x, y) == self.up:
                continue
            kind = content.pick_item(rng_i, self.tier, self.terrain)
            self.items.append(FloorItem(i, kind, x, y, kind.count))
            taken_cells.add((x, y))
        if self.last:
            # The prize lies where the stairs down would be, watched by a guardian.
            prize = content.RELIC if self.relic else content.TREASURE
            self.items = [it for it in self.items if (it.x, it.y) != goal]
            self.items.append(FloorItem(len(item_pts), prize, *goal))
            self.treasure_index = len(item_pts)
            spot = self._guard_spot(goal, occupied)
            if spot is not None:
                tier = self.tier + (content.RELIC_GUARD_TIERS if self.relic else 3)
                kind = content.pick_monster(rng_m, tier)
                self._spawn(len(mon_pts), kind, *spot, tier, Energy(), boss=True)
                self.monsters[-1].post = goal

    def _spawn(self, index: int, kind, x: int, y: int, tier: int, energy: Energy, boss: bool = False,
               group: int = -1) -> None:
        hp, atk, dfn = content.monster_stats(kind, tier)
        self.monsters.append(Monster(index, kind, x, y, hp, hp, atk, dfn, energy, boss=boss, group=group))

    def _near_free(self, cell: tuple[int, int], occupied: set, rng: np.random.Generator) -> tuple[int, int] | None:
        """A random free floor cell within 2 steps of ``cell`` (for a pack's members)."""
        x0, y0 = cell
        spots = [(x0 + dx, y0 + dy) for dy in range(-2, 3) for dx in range(-2, 3)
                 if self.inside(x0 + dx, y0 + dy) and self.walkable[y0 + dy, x0 + dx]
                 and (x0 + dx, y0 + dy) not in occupied]
        return spots[int(rng.integers(0, len(spots)))] if spots else None

    # -- masks -------------------------------------------------------------
    def _unblock(self, goal: tuple[int, int]) -> None:
        """Secret doors hide side rooms and shortcuts, never the way down: those
        between the stairs up and ``goal`` become plain doors (deterministic, so
        not stored in the save)."""
        for _ in range(int(np.count_nonzero(self.secret)) + 1):  # bounded
            open_ = WALKABLE[self.tiles] & ~self.secret
            reach = walk_distance(open_, [self.up]) >= 0
            if reach[goal[1], goal[0]]:
                return
            touching = self.secret & (grid.neighbour_count(reach, 1) > 0)
            if not touching.any():
                return
            self.tiles[touching] = T.door
            self.secret[touching] = False

    def _refresh_masks(self) -> None:
        # A secret door is a wall until found: it blocks sight and movement.
        shown = self.shown_tiles()
        self.transparent = TRANSPARENT[shown] & ~hazards.hidden_by_smoke(self)
        self.walkable = WALKABLE[shown] & (shown != T.vault_door)  # a vault door is shut until its key opens it
        self.flyable = self.walkable | np.isin(shown, _OPEN_AIR)  # flyers also cross deep water and chasms
        self.calm = self.fire == 0  # where no fire burns: monsters keep out of it
        self.unshut = self.walkable & (shown != T.door)  # where a sound carries freely (shut doors muffle it)
        self._dists: dict[tuple, np.ndarray] = {}

    def refresh(self) -> None:
        """The tiles, fires or clouds changed: the masks and distance maps follow."""
        self._refresh_masks()

    def shown_tiles(self) -> np.ndarray:
        """The tiles as the player may know them: secret doors as wall, hidden traps as floor."""
        if not self.secret.any() and not self.hidden_traps.any():
            return self.tiles
        shown = self.tiles.copy()
        shown[self.secret] = T.wall
        shown[self.hidden_traps] = T.floor
        return shown

    def known_traps(self) -> np.ndarray:
        """Traps the player knows of (stepped over safely; drawn on the map)."""
        return (self.tiles == T.trap) & ~self.hidden_traps

    def landing_cells(self) -> np.ndarray:
        """Where magic may set the player down: open floor joined on foot (as the
        player knows the map) to the way in, never on a known trap or a monster,
        so a teleport cannot strand anyone behind an unfound secret door."""
        free = (self.distance_from(*self.up) >= 0) & ~self.known_traps()
        for m in self.monsters:
            free[m.y, m.x] = False
        return free

    def _guard_spot(self, cell: tuple[int, int], occupied: set) -> tuple[int, int] | None:
        """A free cell 2 steps from ``cell`` (else 1, else 3), first in row order."""
        x, y = cell
        dist = walk_distance(self.walkable, [(x, y)])
        for d in (2, 1, 3):
            ys, xs = np.nonzero(dist == d)
            for yy, xx in zip(ys.tolist(), xs.tolist()):
                if (xx, yy) not in occupied and self.tiles[yy, xx] != T.stairs_up:
                    return (xx, yy)
        return None

    # -- queries -----------------------------------------------------------
    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.shape[1] and 0 <= y < self.shape[0]

    def monster_at(self, x: int, y: int) -> Monster | None:
        for m in self.monsters:  # at most a few dozen: a scan beats keeping an index in step
            if m.x == x and m.y == y:
                return m
        return None

    def items_at(self, x: int, y: int) -> list[FloorItem]:
        return [it for it in self.items if it.x == x and it.y == y]

    def ground(self, moves: str = "walk") -> np.ndarray:
        """Where a creature that ``moves`` (walk | fly) can stand, fire or not
        (``quiet``: where a sound carries without passing a shut door)."""
        return {"fly": self.flyable, "quiet": self.unshut}.get(moves, self.walkable)

    def passable(self, moves: str = "walk") -> np.ndarray:
        """Where a creature that ``moves`` goes of its own will: never into fire."""
        return self.ground(moves) & self.calm

    def holds_items(self, x: int, y: int) -> bool:
        """Whether a thing may lie at ``(x, y)``: walkable ground, deep water
        (sunk: swim over it to take it) or a cage (out of reach)."""
        return bool(self.walkable[y, x]) or int(self.tiles[y, x]) in (T.deep_water, T.cage)

    def enterable(self, x: int, y: int) -> bool:
        """Whether the player may step onto ``(x, y)``: walkable ground, and
        also deep water (to swim) and a chasm (to fall)."""
        return bool(self.walkable[y, x]) or int(self.shown_tiles()[y, x]) in _OPEN_AIR

    def distance_from(self, x: int, y: int, moves: str = "walk") -> np.ndarray:
        """Steps (the game's movement rule) from ``(x, y)`` over the tiles a
        ``moves`` creature can cross; -1 where unreachable.

        The last few maps are cached until the masks change, so every monster
        chasing the player in one turn shares one search."""
        key = (x, y, moves)
        dist = self._dists.get(key)
        if dist is None:
            if len(self._dists) >= 8:
                self._dists.clear()
            dist = self._dists[key] = walk_distance(self.passable(moves), [(x, y)])
        return dist

    def update_view(self, px: int, py: int) -> None:
        self.visible = field_of_view(self.transparent, (py, px), SIGHT)
        self.seen |= self.visible

    # -- changes -----------------------------------------------------------
    def reveal_secrets_near(self, px: int, py: int, rng: np.random.Generator, searching: bool = False) -> list[str]:
        """Secret doors next to the player are noticed with a chance each turn;
        waiting searches harder and farther (radius 3)."""
        if not self.secret.any() and not self.hidden_traps.any():
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
        ys, xs = np.nonzero(self.hidden_traps[y0:y1, x0:x1])
        for yy, xx in zip((ys + y0).tolist(), (xs + x0).tolist()):
            if rng.random() < chance:
                self.find_trap(xx, yy)
                out.append("You spot a trap!")
        return out

    def find_trap(self, x: int, y: int) -> None:
        if self.hidden_traps[y, x]:
            self.hidden_traps[y, x] = False
            self.traps_found.append(int(y * self.shape[1] + x))

    def use_up(self, x: int, y: int) -> None:
        """A feature has given what it had: a fountain runs dry, an altar falls silent."""
        flat = int(y * self.shape[1] + x)
        if flat not in self.used:
            self.used.append(flat)
        if self.tiles[y, x] == T.fountain:
            self.tiles[y, x] = T.dry_fountain

    def is_used(self, x: int, y: int) -> bool:
        return int(y * self.shape[1] + x) in self.used

    def open_secret(self, x: int, y: int) -> None:
        self.secret[y, x] = False
        self.tiles[y, x] = T.door
        self.found.append(int(y * self.shape[1] + x))
        self._refresh_masks()

    def shove_from(self, x: int, y: int) -> None:
        """Move a monster standing on ``(x, y)`` (where the player arrives) to
        the nearest free walkable cell; it stays only if there is none."""
        blocker = self.monster_at(x, y)
        if blocker is None:
            return
        dist = walk_distance(self.walkable, [(x, y)])
        for m in self.monsters:
            dist[m.y, m.x] = -1
        ys, xs = np.nonzero(dist > 0)
        if ys.size:
            k = int(np.argmin(dist[ys, xs]))  # the first cell (row-major) of the least distance
            blocker.x, blocker.y = int(xs[k]), int(ys[k])

    def kill(self, m: Monster) -> None:
        self.monsters.remove(m)
        self.killed.append(m.index)

    @property
    def dropped(self) -> list[FloorItem]:
        """The items on the floor that play put down (dropped, thrown, shot)."""
        return [it for it in self.items if it.index >= DROPPED_INDEX]

    def take(self, item: FloorItem) -> None:
        self.items.remove(item)
        if item.index < DROPPED_INDEX:
            self.taken.append(item.index)

    def drop(self, item_id: str, x: int, y: int, count: int = 1, by_choice: bool = False) -> FloorItem:
        """Put ``count`` of an item on the floor at ``(x, y)`` (kept in the save
        until taken); ``by_choice``: the player left it there on purpose, so
        walking over it does not pick it up again."""
        self._drops += 1
        item = FloorItem(DROPPED_INDEX + self._drops, content.ITEM_BY_ID[item_id], x, y, count)
        if by_choice:
            self.put_down.add(item.index)
        self.items.append(item)
        return item


def _points(stage: Stage, name: str) -> np.ndarray:
    """A stage's spawn points ``[x, y]`` (none if the generator gives none)."""
    return np.asarray(stage.points.get(name, np.zeros((0, 2))), dtype=np.int64).reshape(-1, 2)


def _subset(rng: np.random.Generator, pts: np.ndarray, k: int) -> np.ndarray:
    if len(pts) <= k:
        return pts
    keep = np.sort(rng.permutation(len(pts))[:k])
    return pts[keep]
