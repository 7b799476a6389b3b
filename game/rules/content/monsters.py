"""Monster kinds, how they scale with depth, and the experience table.

Each kind names its behaviour (a unit in ``game.rules.behaviours``), how it
moves (``walk``: floor only; ``fly``: also over deep water), and what its
blows or shots carry (a status on hit, a ranged attack).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["MonsterKind", "MONSTERS", "MONSTER_BY_ID", "pick_monster", "monster_stats", "monster_xp",
           "xp_to_next"]


@dataclass(frozen=True)
class MonsterKind:
    id: str
    name: str
    glyph: str
    colour: tuple[int, int, int]
    hp: int
    attack: int
    defence: int
    speed: int  # energy per game turn; 100 is the player's pace (see game.rules.energy)
    xp: int
    tier: int  # first tier it appears at
    sight: int = 8
    behaviour: str = "hunter"  # a name in game.rules.behaviours.BEHAVIOURS
    moves: str = "walk"  # walk | fly (flyers cross deep water)
    on_hit: str = ""  # a status its blows (or shots) inflict: poisoned, burning, slowed
    shot: int = 0  # ranged attack: its damage (0: none)
    shot_range: int = 0
    flee_below: float = 0.0  # cowards flee below this share of their HP
    group: int = 1  # how many spawn together (packs)
    hearing: int = 10  # how far (steps on foot) it hears a sound of loudness 10


MONSTERS: tuple[MonsterKind, ...] = (
    MonsterKind("rat", "giant rat", "r", (176, 150, 120), 4, 2, 0, 100, 2, 0, behaviour="coward",
                flee_below=0.5),
    MonsterKind("bat", "cave bat", "b", (150, 120, 200), 3, 2, 0, 160, 2, 0, 6, behaviour="erratic",
                moves="fly"),
    MonsterKind("kobold", "kobold", "k", (210, 120, 80), 5, 3, 0, 100, 4, 1, behaviour="pack", group=3),
    MonsterKind("snake", "viper", "s", (120, 210, 90), 6, 3, 0, 80, 5, 1, 6, behaviour="sleeper",
                on_hit="poisoned"),
    MonsterKind("slime", "slime", "j", (130, 220, 160), 12, 3, 1, 50, 5, 2, 5, behaviour="sleeper",
                on_hit="slowed"),
    MonsterKind("goblin", "goblin", "g", (90, 200, 110), 9, 4, 1, 100, 6, 2, behaviour="coward",
                flee_below=0.35),
    MonsterKind("archer", "goblin archer", "a", (170, 220, 110), 7, 2, 0, 100, 8, 3, 9, behaviour="archer",
                shot=4, shot_range=7),
    MonsterKind("wolf", "wolf", "w", (190, 190, 200), 9, 4, 1, 140, 7, 3, 10, behaviour="pack", group=2),
    MonsterKind("skeleton", "skeleton", "z", (235, 235, 215), 12, 5, 2, 90, 9, 4, behaviour="wanderer"),
    MonsterKind("orc", "orc", "o", (120, 170, 60), 16, 6, 2, 100, 12, 5, behaviour="pack", group=2),
    MonsterKind("wraith", "wraith", "W", (160, 200, 255), 16, 7, 3, 120, 16, 7, 10, behaviour="hunter",
                moves="fly", on_hit="slowed"),
    MonsterKind("troll", "troll", "T", (80, 150, 90), 30, 9, 4, 80, 24, 9, behaviour="sleeper"),
    MonsterKind("ogre", "ogre", "O", (210, 160, 100), 38, 11, 4, 70, 30, 11, behaviour="wanderer"),
    MonsterKind("drake", "drake", "D", (240, 90, 60), 44, 11, 5, 110, 45, 15, 10, behaviour="archer",
                moves="fly", on_hit="burning", shot=7, shot_range=6),
)
MONSTER_BY_ID = {m.id: m for m in MONSTERS}


def pick_monster(rng: np.random.Generator, tier: int) -> MonsterKind:
    """A kind near the tier: unlocked kinds, weighted towards the newest few."""
    able = [m for m in MONSTERS if m.tier <= tier]
    weights = np.array([max(1, 6 - (tier - m.tier)) for m in able], dtype=np.int64)
    pick = int(rng.integers(0, int(weights.sum())))
    return able[int(np.searchsorted(np.cumsum(weights), pick, side="right"))]


def monster_stats(kind: MonsterKind, tier: int) -> tuple[int, int, int]:
    """``(hp, attack, defence)`` scaled up when the tier is above the kind's own."""
    over = max(0, tier - kind.tier)
    return kind.hp + (kind.hp * over) // 4, kind.attack + (2 * over) // 3, kind.defence + over // 4


def monster_xp(kind: MonsterKind, tier: int, boss: bool = False) -> int:
    """XP for a kill: grows with how far the tier lifted the kind's stats."""
    over = max(0, tier - kind.tier)
    return (kind.xp + (kind.xp * over) // 4) * (3 if boss else 1)


def xp_to_next(level: int) -> int:
    """XP the player needs to go from ``level`` to the next.

    >>> [xp_to_next(n) for n in (1, 2, 3)]
    [35, 90, 165]
    """
    return 25 * level + 10 * level * level
