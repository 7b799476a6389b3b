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


@dataclass(frozen=True, kw_only=True)
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
    MonsterKind(id="rat", name="giant rat", glyph="r", colour=(176, 150, 120), hp=4, attack=2, defence=0,
                speed=100, xp=2, tier=0, behaviour="coward", flee_below=0.5),
    MonsterKind(id="bat", name="cave bat", glyph="b", colour=(150, 120, 200), hp=3, attack=2, defence=0,
                speed=160, xp=2, tier=0, sight=6, behaviour="erratic", moves="fly"),
    MonsterKind(id="kobold", name="kobold", glyph="k", colour=(210, 120, 80), hp=5, attack=3, defence=0,
                speed=100, xp=4, tier=1, behaviour="pack", group=3),
    MonsterKind(id="snake", name="viper", glyph="s", colour=(120, 210, 90), hp=6, attack=3, defence=0,
                speed=80, xp=5, tier=1, sight=6, behaviour="sleeper", on_hit="poisoned"),
    MonsterKind(id="slime", name="slime", glyph="j", colour=(130, 220, 160), hp=12, attack=3, defence=1,
                speed=50, xp=5, tier=2, sight=5, behaviour="sleeper", on_hit="slowed"),
    MonsterKind(id="goblin", name="goblin", glyph="g", colour=(90, 200, 110), hp=9, attack=4, defence=1,
                speed=100, xp=6, tier=2, behaviour="coward", flee_below=0.35),
    MonsterKind(id="archer", name="goblin archer", glyph="a", colour=(170, 220, 110), hp=7, attack=2,
                defence=0, speed=100, xp=8, tier=3, sight=9, behaviour="archer", shot=4, shot_range=7),
    MonsterKind(id="wolf", name="wolf", glyph="w", colour=(190, 190, 200), hp=9, attack=4, defence=1,
                speed=140, xp=7, tier=3, sight=10, behaviour="pack", group=2),
    MonsterKind(id="skeleton", name="skeleton", glyph="z", colour=(235, 235, 215), hp=12, attack=5, defence=2,
                speed=90, xp=9, tier=4, behaviour="wanderer"),
    MonsterKind(id="orc", name="orc", glyph="o", colour=(120, 170, 60), hp=16, attack=6, defence=2, speed=100,
                xp=12, tier=5, behaviour="pack", group=2),
    MonsterKind(id="wraith", name="wraith", glyph="W", colour=(160, 200, 255), hp=16, attack=7, defence=3,
                speed=120, xp=16, tier=7, sight=10, moves="fly", on_hit="slowed"),
    MonsterKind(id="troll", name="troll", glyph="T", colour=(80, 150, 90), hp=30, attack=9, defence=4,
                speed=80, xp=24, tier=9, behaviour="sleeper"),
    MonsterKind(id="ogre", name="ogre", glyph="O", colour=(210, 160, 100), hp=38, attack=11, defence=4,
                speed=70, xp=30, tier=11, behaviour="wanderer"),
    MonsterKind(id="drake", name="drake", glyph="D", colour=(240, 90, 60), hp=44, attack=11, defence=5,
                speed=110, xp=45, tier=15, sight=10, behaviour="archer", moves="fly", on_hit="burning", shot=7,
                shot_range=6),
    # a vault's keeper (game.rules.vaults): never found at a spawn point (tier far out of reach)
    MonsterKind(id="sentinel", name="stone sentinel", glyph="&", colour=(196, 192, 200), hp=999, attack=14,
                defence=60, speed=100, xp=0, tier=10_000, sight=30, behaviour="statue"),
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
