"""Helpers for the creature tests: a level from a picture (water, grass), a
run standing on it, monsters put down by kind, and one turn of one monster's
mind resolved through the engine."""

from __future__ import annotations

import numpy as np

from game.rules import engine
from game.rules.behaviours import BEHAVIOURS, TurnContext
from game.rules.content import DUNGEONS, MONSTER_BY_ID
from game.rules.creatures.energy import Energy
from game.rules.creatures.entities import Monster
from game.rules.world.level import Level, LevelKey
from game.rules.world.location import LocationData, SiteData, WorldMap
from game.rules.run import Game
from worldgen.core.registry import Stage
from worldgen.core.tiles import T

__all__ = ["level_of", "run_on", "put", "act", "context", "texts", "turns", "HALL"]

HALL = """\
####################
#..................#
#..................#
#..................#
#..................#
#..................#
####################"""

_TILES = {"#": T.wall, ".": T.floor, "~": T.deep_water, '"': T.grass, "+": T.door, ":": T.chasm,
          "s": T.secret_door, "^": T.trap, "{": T.fountain, "_": T.altar, ";": T.brush}


def level_of(text: str = HALL, last: bool = False, relic: bool = False, captives=(), tier: int = 0,
             monsters=(), items=()) -> Level:
    """A level from a picture; the stairs up at (1, 1), the stairs down (or the
    prize) at the bottom-right floor; ``captives``, ``monsters`` and ``items``: stage points."""
    rows = text.splitlines()
    tiles = np.full((len(rows), len(rows[0])), T.wall, dtype=np.uint8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            tiles[y, x] = _TILES[ch]
    points = {"start": np.array([[1, 1]]), "exit": np.array([[len(rows[0]) - 2, len(rows) - 2]]),
              "monsters": np.array(list(monsters), int).reshape(-1, 2), "items": np.array(list(items), int).reshape(-1, 2)}
    if captives:
        points["captives"] = np.array(list(captives), int).reshape(-1, 2)
    stage = Stage("final", tiles, points=points)
    return Level(LevelKey(0, 0, 1), stage, style="rooms", terrain=int(T.grass), seed=1, tier=tier,
                 size=DUNGEONS["small"], last=last, relic=relic)


def run_on(level: Level | None = None, pos=(1, 1)) -> Game:
    """A run standing at ``pos`` on ``level`` (default: the hall)."""
    g = Game(WorldMap("Creatureland", "small"), "small", 7)
    over = np.full((5, 5), T.grass, dtype=np.uint8)
    g.loc = LocationData(0, "Testshire", over, [SiteData(0, 2, 2, int(T.grass), "Creatureland:0:0")], (2, 2))
    g.pending = None
    level = level or level_of()
    g.levels, g.level, g.site, g.depth, g.mode = {1: level}, level, 0, 1, "dungeon"
    g.pos = pos
    level.update_view(*g.pos)
    return g


def put(g: Game, kind: str, x: int, y: int, hp: int | None = None, awake: bool = True, **state) -> Monster:
    """A monster of ``kind`` at ``(x, y)`` with its kind's stats (``state``: any other field)."""
    k = MONSTER_BY_ID[kind]
    m = Monster(900 + len(g.level.monsters), k, x=x, y=y, hp=hp or k.hp, max_hp=hp or k.hp, attack=k.attack,
                defence=k.defence, energy=Energy(0), awake=awake, **state)
    g.level.monsters.append(m)
    g.level.update_view(*g.pos)
    return m


def context(g: Game, label: str = "test") -> TurnContext:
    occupied = np.zeros(g.level.shape, dtype=bool)
    for m in g.level.monsters:
        occupied[m.y, m.x] = True
    return TurnContext(g, g.rng(label), occupied)


def act(g: Game, m: Monster, label: str = "test"):
    """What ``m``'s mind chooses now, resolved through the engine; the action (None: it rests)."""
    action = BEHAVIOURS[m.behaviour].act(context(g, label), m)
    if action is not None:
        engine.resolve(g, action)
    return action


def turns(g: Game, n: int, until=None) -> int:
    """Let up to ``n`` turns pass (the player waits); stop early when ``until()`` holds. Turns passed."""
    for k in range(n):
        if until is not None and until():
            return k
        g.wait()
    return n


def texts(g: Game, since: int = 0) -> list[str]:
    return [m.text for m in g.log[since:]]
