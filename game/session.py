"""The game model: one run in a named world.  No pygame here.

:class:`Game` holds the player, where they are (a location's overworld or a
level of one of its dungeon sites), what play changed, and the message log.
Actions (``move``, ``interact``, ``use_item`` ...) advance turns and return
True when time passed.  Anything that needs a map built sets
:attr:`Game.pending` to a request; the play scene builds it over several
frames and hands the result back through :meth:`install_location` /
:meth:`install_level`.

Random rolls during play (combat, wandering, secret doors) come from a
generator derived from ``(run seed, turn)``; maps and their contents come
from the world name alone, so "same world again" gives the same overworld
and dungeons.
"""

from __future__ import annotations

import numpy as np

from worldgen import grid, seeding
from worldgen.registry import Stage
from worldgen.tiles import T
from worldgen.world import SITES_PER_LOCATION

from . import content
from .content import ITEM_BY_ID, RECIPES
from .dungeon import Level, LevelKey, level_iterator
from .entities import MAX_INVENTORY, Player, attack_roll, clamp_int
from .worldmap import LocationData, WorldMap

__all__ = ["Game", "usable", "GOOD", "BAD", "NOTE", "LOOT"]

GOOD, BAD, NOTE, LOOT = (150, 230, 140), (255, 120, 100), (236, 232, 220), (255, 215, 120)
STEPS = {(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)}
MAX_LOG = 200
BIG = 2**31 - 1  # cap for counts and the turn read from a save


class Game:
    def __init__(self, world: WorldMap, size_name: str = "medium", run_seed: int = 0) -> None:
        self.world = world
        self.name = world.name
        self.size_name = size_name if size_name in content.DUNGEON_SIZES else "medium"
        self.size = content.DUNGEON_SIZES[self.size_name]
        self.run_seed = int(run_seed)
        self.turn = 0
        self.player = Player()
        self.location = 0
        self.unlocked = 1
        self.cleared: dict[int, set[int]] = {}
        self.over_pos: dict[int, tuple[int, int]] = {}
        self.deltas: dict[str, dict] = {}
        self.mode = "overworld"
        self.site: int | None = None
        self.depth = 0
        self.pos = (0, 0)
        self.loc: LocationData | None = None
        self.level: Level | None = None
        self.levels: dict[int, Level] = {}  # depth -> level, for the current site
        self.log: list[tuple[str, tuple[int, int, int], int]] = []
        self.pending: tuple | None = ("location", 0)
        # The save body of the moment just before the pending build was asked
        # for: what "save and quit" writes while a map is still being built.
        self.resume_point: dict | None = None
        self.resume: dict | None = None  # where to put the player after loading
        self.path: list[tuple[int, int]] = []
        self.path_seen: set[int] = set()  # monsters already in view when a walk began
        self.dead = False
        self.killer = ""
        self.kills = 0
        self.deepest = 0
        self.version = 0  # bumped whenever something visible changed
        self.dirty = False  # something worth saving changed
        self.repaired: list[str] = []  # parts of the save this game was loaded from that were clamped

    # -- messages ------------------------------------------------------------
    def say(self, text: str, colour=NOTE) -> None:
        self.log.append((text, colour, self.turn))
        del self.log[:-MAX_LOG]

    # -- building maps ---------------------------------------------------------
    def build_iterator(self):
        """The stage iterator for the current request (drained by the scene)."""
        kind = self.pending[0]
        if kind == "location":
            return self.world.location_iterator(self.pending[1])
        site = self.loc.sites[self.pending[1]]
        return level_iterator(site.style, f"{site.seed}:{self.pending[2]}", self.size)

    def build_label(self) -> str:
        if self.pending is None:
            return ""
        if self.pending[0] == "location":
            return f"Charting {self.world.location_name(self.pending[1])}..."
        site = self.loc.sites[self.pending[1]]
        return f"Digging {site.style} level {self.pending[2]}..."

    def install_location(self, data: LocationData) -> None:
        self.loc = data
        self.location = data.index
        self.pending = None
        self.mode = "overworld"
        self.site, self.depth, self.level, self.levels = None, 0, None, {}
        cleared = self.cleared.get(data.index)
        if cleared:  # a save may name sites this location does not have
            cleared.intersection_update(range(len(data.sites)))
        pos = self.over_pos.get(data.index, data.start)
        if self.resume is not None:
            r = self.resume  # already checked and clamped by from_json
            self.resume = None
            if r["mode"] == "dungeon" and 0 <= r["site"] < len(data.sites):
                self.pos = self._valid_over(r["over"] or pos, data)
                self.site = r["site"]
                self.pending = ("level", self.site, r["depth"], ("at", r["pos"] or (-1, -1)))
                self.mode = "dungeon-loading"
                return
            if r["mode"] == "dungeon":
                self.say("The saved dungeon site does not exist; you are back in the open.", BAD)
            pos = r["pos"] or pos
            if self._valid_over(pos, data) != pos:
                self.say("Your saved place was not on the map; you are back at the start.", BAD)
        self.pos = self._valid_over(pos, data)
        self.over_pos[data.index] = self.pos
        self.say(f"You arrive in {data.name}.", LOOT)
        self.version += 1

    @staticmethod
    def _valid_over(pos, data: LocationData) -> tuple[int, int]:
        h, w = data.tiles.shape
        try:
            x, y = int(pos[0]), int(pos[1])
        except (TypeError, ValueError, IndexError):
            return data.start
        if 0 <= x < w and 0 <= y < h and data.passable[y, x]:
            return (x, y)
        return data.start

    def install_level(self, stage: Stage) -> None:
        _, site_index, depth, arrive = self.pending
        site = self.loc.sites[site_index]
        key = LevelKey(self.location, site_index, depth)
        level = Level(key, stage, style=site.style, terrain=site.terrain, seed=site.seed_int(),
                      tier=content.tier_of(self.location, depth), size=self.size,
                      last=depth == self.size.levels)
        delta = self.deltas.get(key.text())
        if delta is not None and not level.apply_delta(delta):
            self.say("A saved level did not match its map; it was reset.", BAD)
        self.levels[depth] = level
        self.pending = None
        self._arrive(site_index, depth, arrive)

    def _arrive(self, site_index: int, depth: int, arrive) -> None:
        level = self.levels[depth]
        self.mode, self.site, self.depth, self.level = "dungeon", site_index, depth, level
        if arrive == "up" or (arrive == "down" and level.down is not None):
            self.pos = level.up if arrive == "up" else level.down
        else:  # ("at", (x, y)) from a save: that cell if it can be stood on, else the stairs up
            x, y = arrive[1] if isinstance(arrive, tuple) else level.up
            h, w = level.shape
            self.pos = (x, y) if 0 <= x < w and 0 <= y < h and level.walkable[y, x] else level.up
            if self.pos != (x, y):
                self.say("Your saved place was not on the level; you are back at the stairs.", BAD)
        level.shove_from(*self.pos)
        self.deepest = max(self.deepest, depth + 10 * self.location)
        level.update_view(*self.pos)
        self.path = []
        self.version += 1
        self.dirty = True

    # -- helpers -----------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.pending is not None or self.dead

    def rng(self, *labels: str) -> np.random.Generator:
        """The rolls of this turn; each roller in a turn has its own label (the
        same stream for the player's blow and the monsters' reply would make
        them miss and hit together)."""
        return seeding.rng(self.run_seed, "turn", self.turn, *labels)

    def current_site(self):
        return self.loc.sites[self.site] if self.site is not None and self.loc else None

    def site_under(self):
        if self.mode != "overworld" or self.loc is None:
            return None
        i = int(self.loc.site_at[self.pos[1], self.pos[0]])
        return self.loc.sites[i] if i >= 0 else None

    def is_cleared(self, site_index: int, location: int | None = None) -> bool:
        return site_index in self.cleared.get(self.location if location is None else location, set())

    # -- actions ------------------------------------------------------------------
    def move(self, dx: int, dy: int) -> bool:
        if self.busy or (dx, dy) not in STEPS:
            return False
        x, y = self.pos[0] + dx, self.pos[1] + dy
        if self.mode == "overworld":
            return self._move_over(x, y)
        if self.mode == "dungeon":
            return self._move_dungeon(x, y)
        return False

    def _move_over(self, x: int, y: int) -> bool:
        loc = self.loc
        h, w = loc.tiles.shape
        if not (0 <= x < w and 0 <= y < h):
            return False
        if not loc.passable[y, x]:
            tile = int(loc.tiles[y, x])
            what = {T.deep_water: "Deep water", T.mountain: "Mountains"}.get(tile, "Something")
            self.say(f"{what} bar the way.", NOTE)
            self.path = []
            self.version += 1
            return False
        cost = max(1, int(loc.cost[y, x]))
        self.pos = (x, y)
        self.over_pos[self.location] = self.pos
        self._pass_turns(cost)
        site = self.site_under()
        if site is not None:
            state = "cleared" if self.is_cleared(site.index) else "not cleared"
            self.say(f"Site {site.index + 1}: a {site.style} dungeon ({state}). Enter with Enter or >.", NOTE)
        self.version += 1
        return True

    def _pass_turns(self, n: int) -> None:
        self.turn += n
        self.player.regenerate(n)
        if self.turn % 25 < n:
            self.dirty = True

    def _move_dungeon(self, x: int, y: int) -> bool:
        level = self.level
        h, w = level.shape
        if not (0 <= x < w and 0 <= y < h):
            return False
        monster = level.monster_at(x, y)
        if monster is not None:
            self._player_attacks(monster)
            self._end_turn()
            return True
        if level.secret[y, x]:
            level.open_secret(x, y)
            self.say("You find a secret door!", GOOD)
            self._end_turn()
            return True
        if not level.walkable[y, x]:
            self.path = []
            return False
        self.pos = (x, y)
        here = level.items_at(x, y)
        if here:
            self._pick_up(here)
        tile = int(level.tiles[y, x])
        if tile == T.stairs_down:
            self.say("Stairs lead down (> or Enter).", NOTE)
        elif tile == T.stairs_up:
            self.say("Stairs lead up (< or Enter).", NOTE)
        self._end_turn()
        return True

    def _player_attacks(self, m) -> None:
        dmg = attack_roll(self.rng("player"), self.player.attack, m.defence)
        if dmg == 0:
            self.say(f"You miss {m.name}.", NOTE)
            return
        m.hp -= dmg
        m.awake = True
        if m.hp <= 0:
            self.level.kill(m)
            self.kills += 1
            xp = content.monster_xp(m.kind, self.level.tier + (3 if m.boss else 0), m.boss)
            self.say(f"You kill {m.name}. (+{xp} xp)", GOOD)
            for line in self.player.gain_xp(xp):
                self.say(line, LOOT)
            self.dirty = True
        else:
            self.say(f"You hit {m.name} for {dmg}.", NOTE)

    def _end_turn(self, searching: bool = False) -> None:
        """After the player's action in a dungeon: monsters act, sight updates."""
        level = self.level
        rng = self.rng()
        self._pass_turns(1)
        px, py = self.pos
        for line in level.reveal_secrets_near(px, py, rng, searching):
            self.say(line, GOOD)
        level.update_view(px, py)
        for line in level.monsters_act(self.player, px, py, rng):
            self.say(line, BAD if "you" in line.lower() and "notices" not in line else NOTE)
        if not self.player.alive:
            self.dead = True
            self.killer = getattr(level, "killer", "something")
            self.path = []
        elif self.path and any(level.visible[m.y, m.x] and m.index not in self.path_seen
                               for m in level.monsters):
            self.path = []  # stop travelling when a new monster comes into view
        self.version += 1

    def wait(self) -> bool:
        if self.busy:
            return False
        if self.mode == "dungeon":
            self._end_turn(searching=True)  # waiting searches for secret doors
        else:
            self._pass_turns(1)
            self.version += 1
        return True

    def interact(self) -> bool:
        """Enter / Space: enter a site, take stairs, or pick up."""
        if self.busy:
            return False
        if self.mode == "overworld":
            return self.enter_site()
        tile = int(self.level.tiles[self.pos[1], self.pos[0]])
        if tile == T.stairs_down:
            return self.descend()
        if tile == T.stairs_up:
            return self.ascend()
        return self.pick_up()

    def enter_site(self) -> bool:
        site = self.site_under()
        if site is None:
            self.say("There is no dungeon here.", NOTE)
            self.version += 1
            return False
        self.resume_point = self.to_json()
        self.site = site.index
        self.levels = {}
        self.pending = ("level", site.index, 1, "up")
        self.mode = "dungeon-loading"
        self.say(f"You enter the {site.style} of site {site.index + 1}.", NOTE)
        return True

    def descend(self) -> bool:
        if self.busy or self.mode != "dungeon":
            return False
        if int(self.level.tiles[self.pos[1], self.pos[0]]) != T.stairs_down:
            self.say("There are no stairs down here.", NOTE)
            self.version += 1
            return False
        self._change_depth(self.depth + 1, "up")
        return True

    def ascend(self) -> bool:
        if self.busy or self.mode != "dungeon":
            return False
        if int(self.level.tiles[self.pos[1], self.pos[0]]) != T.stairs_up:
            self.say("There are no stairs up here.", NOTE)
            self.version += 1
            return False
        if self.depth == 1:
            self.leave_site()
        else:
            self._change_depth(self.depth - 1, "down")
        return True

    def _change_depth(self, depth: int, arrive: str) -> None:
        self.path = []
        self._pass_turns(1)
        if depth in self.levels:
            self._arrive(self.site, depth, arrive)
            self.say(f"You reach depth {depth}.", NOTE)
            return
        self.resume_point = self.to_json()
        self.pending = ("level", self.site, depth, arrive)
        self.mode = "dungeon-loading"

    def leave_site(self) -> None:
        self._flush_levels()
        site = self.current_site()
        self.mode, self.level, self.levels, self.depth = "overworld", None, {}, 0
        self.pos = (site.x, site.y)
        self.over_pos[self.location] = self.pos
        self.site = None
        self.path = []
        self.say("You climb back into daylight.", NOTE)
        self.version += 1
        self.dirty = True

    def _flush_levels(self) -> None:
        for level in self.levels.values():
            self.deltas[level.key.text()] = level.delta()

    def pick_up(self) -> bool:
        if self.busy or self.mode != "dungeon":
            return False
        here = self.level.items_at(*self.pos)
        if not here:
            self.say("Nothing to pick up here.", NOTE)
            self.version += 1
            return False
        self._pick_up(here)
        self._end_turn()
        return True

    def _pick_up(self, items) -> None:
        for item in items:
            if item.kind.kind == "treasure":
                self.level.take(item)
                self._clear_site()
                continue
            if len(self.player.inventory) >= MAX_INVENTORY:
                self.say(f"Your pack is full; you leave the {item.kind.name}.", BAD)
                continue
            self.level.take(item)
            self.player.inventory.append(item.kind.id)
            self.say(f"You pick up {_a(item.kind.name)}.", LOOT)
        self.dirty = True

    def _clear_site(self) -> None:
        tier = self.level.tier
        xp = 10 * (tier + 1)
        cleared = self.cleared.setdefault(self.location, set())
        cleared.add(self.site)
        self.say(f"You claim the site's treasure! Site cleared. (+{xp} xp)", LOOT)
        for line in self.player.gain_xp(xp):
            self.say(line, LOOT)
        need = content.sites_to_unlock(len(self.loc.sites))
        if self.location + 1 == self.unlocked and self.unlocked < self.world.n_locations and len(cleared) >= need:
            self.unlocked += 1
            self.say(f"The way to {self.world.location_name(self.location + 1)} is open! (M: world map)", LOOT)
        elif self.location + 1 == self.unlocked and self.unlocked < self.world.n_locations:
            self.say(f"{len(cleared)}/{need} sites cleared to open the next location.", NOTE)
        self.dirty = True

    # -- inventory -----------------------------------------------------------------
    def use_item(self, slot: int) -> bool:
        """Drink, equip or craft with the item in ``slot``; True if it did anything."""
        if self.busy or not 0 <= slot < len(self.player.inventory):
            return False
        kind = ITEM_BY_ID[self.player.inventory[slot]]
        p = self.player
        if kind.kind == "potion":
            healed = min(kind.power, p.max_hp - p.hp)
            p.hp += healed
            del p.inventory[slot]
            self.say(f"You drink the {kind.name} (+{healed} HP).", GOOD)
        elif kind.kind in ("weapon", "armour"):
            del p.inventory[slot]
            attr = "weapon" if kind.kind == "weapon" else "armour"
            old = getattr(p, attr)
            setattr(p, attr, kind.id)
            if old:
                p.inventory.insert(slot, old)
            self.say(f"You {'wield' if attr == 'weapon' else 'wear'} the {kind.name}.", LOOT)
        elif kind.kind == "resource":
            return self.craft(slot)
        else:
            return False
        self._after_item()
        return True

    def craft(self, slot: int) -> bool:
        if self.busy or not 0 <= slot < len(self.player.inventory):
            return False
        rid = self.player.inventory[slot]
        if rid not in RECIPES:
            self.say("You cannot craft with that.", NOTE)
            self.version += 1
            return False
        need, what, desc = RECIPES[rid]
        have = self.player.inventory.count(rid)
        if have < need:
            self.say(f"Crafting needs {need} {ITEM_BY_ID[rid].name} (you have {have}): {desc}.", NOTE)
            self.version += 1
            return False
        for _ in range(need):
            self.player.inventory.remove(rid)
        p = self.player
        if what == "hone":
            p.base_attack += 1
        elif what == "shield":
            p.base_defence += 1
        elif what == "potion":
            p.inventory.append("potion")
        elif what == "padding":
            p.max_hp += 6
            p.hp += 6
        elif what == "amulet":
            p.base_attack += 1
            p.base_defence += 1
        elif what == "elixir":
            p.max_hp += 3
            p.hp = p.max_hp
        self.say(f"You craft: {desc}.", LOOT)
        self._after_item()
        return True

    def drop(self, slot: int) -> bool:
        if self.busy or not 0 <= slot < len(self.player.inventory):
            return False
        rid = self.player.inventory.pop(slot)
        self.say(f"You discard the {ITEM_BY_ID[rid].name}.", NOTE)
        self.version += 1
        self.dirty = True
        return True

    def _after_item(self) -> None:
        self.dirty = True
        if self.mode == "dungeon":
            self._end_turn()
        else:
            self._pass_turns(1)
            self.version += 1

    # -- travel --------------------------------------------------------------------
    def travel_to(self, x: int, y: int) -> bool:
        """Plan a walk to ``(x, y)`` along a distance map from the target."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        if self.mode == "overworld":
            passable = self.loc.passable
        else:
            passable = self.level.walkable & self.level.seen
        h, w = passable.shape
        if not (0 <= x < w and 0 <= y < h) or not passable[y, x] or (x, y) == self.pos:
            self.path = []
            return False
        dist = grid.distance_map(passable, [(y, x)], 8)
        px, py = self.pos
        if dist[py, px] < 0:
            self.say("You see no way there.", NOTE)
            self.version += 1
            self.path = []
            return False
        path = []
        cx, cy = px, py
        for _ in range(int(dist[py, px])):
            best = None
            for dx, dy in sorted(STEPS):
                nx, ny = cx + dx, cy + dy
                if 0 <= nx < w and 0 <= ny < h and dist[ny, nx] == dist[cy, cx] - 1:
                    if best is None or (dx == 0 or dy == 0):  # prefer straight steps on ties
                        best = (nx, ny)
            if best is None:
                break
            path.append(best)
            cx, cy = best
        self.path = path
        if self.mode == "dungeon":
            self.path_seen = {m.index for m in self.level.monsters if self.level.visible[m.y, m.x]}
        return bool(path)

    def travel_step(self) -> bool:
        """Take the next step of a planned walk; False when there is none."""
        if not self.path or self.busy:
            self.path = []
            return False
        x, y = self.path.pop(0)
        dx, dy = x - self.pos[0], y - self.pos[1]
        if self.mode == "dungeon" and self.level.monster_at(x, y) is not None:
            self.path = []
            return False
        if not self.move(dx, dy):
            self.path = []
            return False
        return True

    def go_location(self, index: int) -> bool:
        if self.busy or self.mode != "overworld":
            return False
        if not 0 <= index < self.unlocked:
            self.say("That location is not open yet.", BAD)
            self.version += 1
            return False
        if index == self.location:
            return False
        self.resume_point = self.to_json()
        self.over_pos[self.location] = self.pos
        self.pending = ("location", index)
        self.mode = "overworld-loading"
        self.dirty = True
        return True

    # -- save ------------------------------------------------------------------------
    def to_json(self) -> dict:
        """Only what play changed; maps are rebuilt from the world name.

        Call between actions (not while a map is being built)."""
        self._flush_levels()
        where: dict = {"mode": "overworld", "pos": list(self.pos)}
        if self.mode == "dungeon" and self.site is not None:
            where = {"mode": "dungeon", "site": self.site, "depth": self.depth, "pos": list(self.pos),
                     "over": list(self.over_pos.get(self.location, self.pos))}
        return {
            "world": self.name, "size": self.size_name, "run": self.run_seed, "turn": self.turn,
            "location": self.location, "unlocked": self.unlocked,
            "cleared": {str(k): sorted(v) for k, v in self.cleared.items() if v},
            "over": {str(k): list(v) for k, v in self.over_pos.items()},
            "player": self.player.to_json(), "where": where, "levels": dict(self.deltas),
            "stats": {"kills": self.kills, "deepest": self.deepest},
        }

    @classmethod
    def from_json(cls, body: dict, world: WorldMap | None = None) -> "Game":
        """The game a save body describes.

        Raises ``ValueError`` (or ``TypeError``) when the body cannot be a
        game: not a dict, no world name, an unusable name, no player.
        Everything else is clamped, never trusted: numbers that are not
        numbers take their new-game value, counts and the turn are cut to
        ``[0, 2**31)``, the run seed to ``[0, 2**63)``, the location to the
        open ones, cleared sites and remembered positions that do not exist
        are dropped, and where the player stood is checked against the map
        when it is built (an unusable cell becomes the start or the stairs
        up).  The player's own clamps are in :meth:`Player.from_json`.
        """
        if not isinstance(body, dict) or not isinstance(body.get("world"), str):
            raise ValueError("the save names no world")
        size = body.get("size")
        size = size if isinstance(size, str) and size in content.DUNGEON_SIZES else "medium"
        world = world or WorldMap(body["world"], size)
        g = cls(world, size, clamp_int(body.get("run"), 0, 2**63 - 1, 0))
        g.turn = clamp_int(body.get("turn"), 0, BIG, 0)
        g.unlocked = clamp_int(body.get("unlocked"), 1, world.n_locations, 1)
        g.location = clamp_int(body.get("location"), 0, g.unlocked - 1, 0)
        g.cleared = {}
        for k, v in _dict(body.get("cleared")).items():
            loc = clamp_int(k, -1, world.n_locations, -1)
            if 0 <= loc < world.n_locations and isinstance(v, list):
                ids = {clamp_int(i, -1, SITES_PER_LOCATION, -1) for i in v[:SITES_PER_LOCATION * 2]}
                g.cleared[loc] = ids - {-1, SITES_PER_LOCATION}
        g.over_pos = {}
        for k, v in _dict(body.get("over")).items():
            loc, cell = clamp_int(k, -1, world.n_locations, -1), _cell(v)
            if 0 <= loc < world.n_locations and cell is not None:
                g.over_pos[loc] = cell
        if not isinstance(body.get("player"), dict):
            raise ValueError("the save holds no player")
        g.player = Player.from_json(body["player"])
        g.deltas = {str(k): v for k, v in _dict(body.get("levels")).items() if isinstance(v, dict)}
        stats = _dict(body.get("stats"))
        g.kills, g.deepest = clamp_int(stats.get("kills"), 0, BIG, 0), clamp_int(stats.get("deepest"), 0, BIG, 0)
        where = _dict(body.get("where"))
        g.resume = {"mode": "dungeon" if where.get("mode") == "dungeon" else "overworld",
                    "site": clamp_int(where.get("site"), -1, SITES_PER_LOCATION, -1),
                    "depth": clamp_int(where.get("depth"), 1, g.size.levels, 1),
                    "pos": _cell(where.get("pos")), "over": _cell(where.get("over"))}
        g.pending = ("location", g.location)
        g.repaired = _repaired(body, g)
        return g


def _repaired(body: dict, g: Game) -> list[str]:
    """The parts of a save body the clamps of :meth:`Game.from_json` changed."""
    where = _dict(body.get("where"))
    r = g.resume
    read = {
        "size": g.size_name, "run": g.run_seed, "turn": g.turn, "location": g.location, "unlocked": g.unlocked,
        "cleared": {str(k): sorted(v) for k, v in g.cleared.items() if v},
        "over": {str(k): list(v) for k, v in g.over_pos.items()},
        "player": g.player.to_json(), "stats": {"kills": g.kills, "deepest": g.deepest},
        "where": {"mode": r["mode"], "pos": list(r["pos"]) if r["pos"] else None,
                  **({"site": r["site"], "depth": r["depth"], "over": list(r["over"]) if r["over"] else None}
                     if r["mode"] == "dungeon" else {})},
    }
    saved = dict(body, where={k: where.get(k) for k in read["where"]})
    return [name for name, value in read.items() if saved.get(name) != value]


def usable(body: dict) -> bool:
    """Whether a decoded save body can be played (for :func:`game.save.load`)."""
    try:
        Game.from_json(body)
    except Exception:  # noqa: BLE001 - any failure means "cannot be played"
        return False
    return True


def _cell(value) -> tuple[int, int] | None:
    """``[x, y]`` from a save as a pair of ints (clamped far off any map), else None."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    x, y = clamp_int(value[0], -1, BIG, -1), clamp_int(value[1], -1, BIG, -1)
    return (x, y) if x >= 0 and y >= 0 else None


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _a(name: str) -> str:
    return ("an " if name[0] in "aeiou" else "a ") + name
