"""One dungeon level: built from a generator's final stage plus the site's
seed, then changed by play.

Secret doors hide side rooms and shortcuts but never the way from the stairs
up to the stairs down (or the treasure): those on it are made plain doors.

A level is rebuilt from its seed every time it is entered; what play changed
(the explored mask, secret doors found, every monster and floor item as they
stand) is kept in a snapshot that the save stores (see :mod:`game.rules.persistence.snapshot`).

Distances on foot follow the game's movement rule, ``worldgen.toolkit.grid.WALK``:
the generators place the stairs with the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from worldgen.core.registry import Stage
from worldgen.core.tiles import TILES, TRANSPARENT, WALKABLE, T
from worldgen.toolkit import grid

from .. import content
from ..text import words
from ..content import DungeonRules
from ..creatures.entities import FloorItem, Monster
from .fov import field_of_view
from .los import Flight, flight, line
from .geometry import STEPS, walk_distance
from .populate import populate
from . import hazards, vaults

__all__ = ["Level", "LevelKey", "SIGHT", "DROPPED_INDEX", "SPAWNED_INDEX", "MAX_CORPSES"]

SIGHT = 9
_OPEN_AIR = (T.deep_water, T.chasm)  # not walkable ground, yet the player may step in (swim, fall) and flyers cross
DROPPED_INDEX = 1 << 20  # items play put down are numbered from here: never a spawn index
SPAWNED_INDEX = 1 << 21  # creatures play brought are numbered from here: never a spawn index
MAX_CORPSES = 24  # the dead a level remembers (the oldest are forgotten)


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
        self.changed: dict[int, int] = {}  # flat index -> tile: what play changed (game.rules.world.hazards)
        self.fire = np.zeros((h, w), dtype=np.uint8)  # turns each cell still burns
        self.gas: dict[str, np.ndarray] = {}  # cloud kind -> thickness per cell (uint16)
        self.vaults: list[dict] = list(stage.info.get("vaults", ()))  # the generator's records (game.rules.world.vaults)
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
        self.corpses: list[tuple[int, int, str]] = []  # where monsters died: (x, y, kind id), oldest first
        self._spawned = 0  # creatures play brought here (summoned, split, raised, arrived with the player)
        populate(self, stage, seed, size, (ex, ey))
        vaults.fill(self)

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
        self.swimmable = shown == T.deep_water  # swimmers live in it
        self.phaseable = ~grid.border_mask(shown.shape)  # ghosts drift anywhere but the map's edge
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

    def guard_spot(self, cell: tuple[int, int], occupied: set) -> tuple[int, int] | None:
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

    def flight(self, a: tuple[int, int], b: tuple[int, int], reach: int, occupied) -> Flight:
        """A missile's or a bolt's flight here (:func:`~game.rules.world.los.flight`):
        walls stop it, and brush hides but a creature in it is struck."""
        return flight(self.transparent, a, b, reach, occupied, cover=self.walkable)

    def in_the_way(self, a: tuple[int, int], b: tuple[int, int]) -> str:
        """Why nothing flies from ``a`` towards ``b``, in one line: the first
        thing on the line that bars it as the player knows it ("A wall is in
        the way.", "Brush is in the way.", "Smoke is in the way.")."""
        shown = self.shown_tiles()
        for x, y in line(a, b):
            if not self.inside(x, y):
                return "That is beyond the map."
            if not self.transparent[y, x]:
                tile = int(shown[y, x])
                if TRANSPARENT[tile]:  # clear ground hidden by a cloud of smoke
                    return "Smoke is in the way."
                rule = content.TERRAIN_RULES.get(tile)
                name = rule.name if rule is not None else words.a(TILES[tile].name.replace("_", " "))
                return f"{words.capital(name)} is in the way."
        return "Nothing can fly there."

    def items_at(self, x: int, y: int) -> list[FloorItem]:
        return [it for it in self.items if it.x == x and it.y == y]

    def ground(self, moves: str = "walk") -> np.ndarray:
        """Where a creature that ``moves`` (walk | fly | swim | phase) can
        stand, fire or not (``quiet``: where a sound carries without passing
        a shut door)."""
        return {"fly": self.flyable, "swim": self.swimmable, "phase": self.phaseable,
                "quiet": self.unshut}.get(moves, self.walkable)

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

    def free_cell_near(self, cell: tuple[int, int], moves: str = "walk", avoid: tuple[int, int] | None = None,
                       reach: int = 2) -> tuple[int, int] | None:
        """The nearest cell within ``reach`` steps of ``cell`` (on ``moves``'s
        ground, first in :data:`~game.rules.world.geometry.STEPS` order ring by ring)
        where a creature that ``moves`` can stand and nobody does (nor ``avoid``:
        the player's cell); None if there is none."""
        ground = self.passable(moves)
        for r in range(1, reach + 1):
            for dx, dy in STEPS:
                x, y = cell[0] + dx * r, cell[1] + dy * r
                if self.inside(x, y) and ground[y, x] and (x, y) != avoid and self.monster_at(x, y) is None:
                    return (x, y)
            for y in range(cell[1] - r, cell[1] + r + 1):  # the rest of ring r, row by row
                for x in range(cell[0] - r, cell[0] + r + 1):
                    if (max(abs(x - cell[0]), abs(y - cell[1])) == r and self.inside(x, y) and ground[y, x]
                            and (x, y) != avoid and self.monster_at(x, y) is None):
                        return (x, y)
        return None

    def new_index(self) -> int:
        """A fresh index for a creature play brings onto the level (never a spawn index)."""
        self._spawned += 1
        return SPAWNED_INDEX + self._spawned

    def bring(self, m: Monster) -> Monster:
        """Put ``m`` (summoned, split off, raised, arriving with the player) on the level with a fresh index."""
        m.index = self.new_index()
        self.monsters.append(m)
        return m

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
    def reveal_secrets_near(self, px: int, py: int, rng: np.random.Generator, searching: bool = False,
                            keen: bool = False) -> list[str]:
        """Secret doors next to the player are noticed with a chance each turn;
        waiting searches harder and farther (radius 3); keen eyes (a perk)
        notice twice as readily."""
        if not self.secret.any() and not self.hidden_traps.any():
            return []
        r = 3 if searching else 1
        chance = 0.75 if searching else 0.35
        chance = 1 - (1 - chance) ** 2 if keen else chance
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
        """``m`` died: it leaves the level, which remembers where it fell (a
        necromancer's work; the risen dead rise once)."""
        self.monsters.remove(m)
        self.killed.append(m.index)
        if not m.risen:
            self.corpses.append((m.x, m.y, m.kind.id))
            del self.corpses[:-MAX_CORPSES]

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

