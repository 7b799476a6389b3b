"""The player, monsters, items on the floor, and combat.  No pygame here.

Randomness (to-hit and damage rolls) comes from a ``numpy.random.Generator``
passed in; the game derives one per turn from the run's seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .content import ITEM_BY_ID, ItemKind, MonsterKind, xp_to_next

__all__ = ["Player", "Monster", "FloorItem", "attack_roll", "clamp_int", "MAX_INVENTORY"]

MAX_INVENTORY = 20
HIT_CHANCE = 0.85


@dataclass
class Monster:
    index: int  # spawn index on its level (what "killed" lists store)
    kind: MonsterKind
    x: int
    y: int
    hp: int
    max_hp: int
    attack: int
    defence: int
    energy: int = 0
    awake: bool = False
    boss: bool = False

    @property
    def name(self) -> str:
        return ("the guardian " if self.boss else "the ") + self.kind.name


@dataclass
class FloorItem:
    index: int  # item index on its level (what "taken" lists store)
    kind: ItemKind
    x: int
    y: int


@dataclass
class Player:
    hp: int = 30
    max_hp: int = 30
    base_attack: int = 3
    base_defence: int = 0
    level: int = 1
    xp: int = 0
    weapon: str | None = None  # item id
    armour: str | None = None
    inventory: list[str] = field(default_factory=list)  # item ids
    regen_counter: int = 0

    @property
    def attack(self) -> int:
        return self.base_attack + (ITEM_BY_ID[self.weapon].power if self.weapon else 0)

    @property
    def defence(self) -> int:
        return self.base_defence + (ITEM_BY_ID[self.armour].power if self.armour else 0)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def gain_xp(self, amount: int) -> list[str]:
        """Add XP; returns messages for every level gained."""
        self.xp += amount
        out = []
        for _ in range(50):  # bounded
            need = xp_to_next(self.level)
            if self.xp < need:
                break
            self.xp -= need
            self.level += 1
            self.max_hp += 4
            self.base_attack += 1
            if self.level % 3 == 0:
                self.base_defence += 1
            self.hp = min(self.max_hp, self.hp + self.max_hp // 3)
            out.append(f"You reach level {self.level}!")
        return out

    def regenerate(self, turns: int) -> None:
        """One hit point back every few turns (faster at higher levels)."""
        every = max(3, 12 - self.level)
        self.regen_counter += turns
        if self.regen_counter >= every:
            self.hp = min(self.max_hp, self.hp + self.regen_counter // every)
            self.regen_counter %= every

    def to_json(self) -> dict:
        return {"hp": self.hp, "max_hp": self.max_hp, "atk": self.base_attack, "def": self.base_defence,
                "level": self.level, "xp": self.xp, "weapon": self.weapon, "armour": self.armour,
                "inventory": list(self.inventory), "regen": self.regen_counter}

    @classmethod
    def from_json(cls, d: dict) -> "Player":
        """The player from a save, clamped: a missing or non-number value takes
        the new player's; max HP 1..100000, HP 1..max HP, attack and defence
        0..10000, level 1..1000, XP 0..10**9; gear must be of its kind (a
        weapon wielded, armour worn) and the pack holds known items, never the
        treasure, at most :data:`MAX_INVENTORY`.  Raises ``TypeError`` if
        ``d`` is not a dict."""
        if not isinstance(d, dict):
            raise TypeError("the player is not a dict")
        new = cls()

        def num(key, lo, hi, default):
            return clamp_int(d.get(key), lo, hi, default)

        def gear(key, kind):
            v = d.get(key)
            return v if isinstance(v, str) and v in ITEM_BY_ID and ITEM_BY_ID[v].kind == kind else None

        pack = d.get("inventory")
        pack = pack if isinstance(pack, list) else []
        p = cls(max_hp=num("max_hp", 1, 100_000, new.max_hp), base_attack=num("atk", 0, 10_000, new.base_attack),
                base_defence=num("def", 0, 10_000, new.base_defence), level=num("level", 1, 1000, new.level),
                xp=num("xp", 0, 10**9, new.xp), weapon=gear("weapon", "weapon"), armour=gear("armour", "armour"),
                inventory=[i for i in pack if isinstance(i, str) and i in ITEM_BY_ID
                           and ITEM_BY_ID[i].kind != "treasure"][:MAX_INVENTORY],
                regen_counter=num("regen", 0, 1000, 0))
        p.hp = num("hp", 1, p.max_hp, p.max_hp)
        return p


def clamp_int(value, lo: int, hi: int, default: int) -> int:
    """A number read from a save as an int clamped to ``[lo, hi]``; ``default``
    when it is no number (None, a list, "abc", NaN, infinity, a bool).

    >>> clamp_int("12", 0, 10, 5), clamp_int(-3.7, 0, 10, 5), clamp_int(float("nan"), 0, 10, 5)
    (10, 0, 5)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return default
    try:
        return max(lo, min(hi, int(value)))
    except (ValueError, OverflowError):  # "abc", NaN, infinity, 5000 digits
        return default


def attack_roll(rng: np.random.Generator, attack: int, defence: int) -> int:
    """Damage of one blow: 0 on a miss; otherwise a roll of attack/2..attack
    scaled by 10 / (10 + defence), rounded up: armour softens every blow but
    never makes anyone untouchable.

    >>> rng = np.random.default_rng(0)
    >>> sorted({attack_roll(rng, 6, 0) for _ in range(200)})
    [0, 3, 4, 5, 6]
    >>> max(attack_roll(rng, 6, 10) for _ in range(200))
    3
    """
    if rng.random() >= HIT_CHANCE:
        return 0
    lo = max(1, attack // 2)
    roll = int(rng.integers(lo, max(lo, attack) + 1))
    return -(-roll * 10 // (10 + max(0, defence)))
