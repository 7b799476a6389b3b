"""The player, monsters, items on the floor, and combat.  No pygame here.

Randomness (to-hit and damage rolls) comes from a ``numpy.random.Generator``
passed in; the game derives one per turn from the run's seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .content import ITEM_BY_ID, ItemKind, MonsterKind, xp_to_next

__all__ = ["Player", "Monster", "FloorItem", "attack_roll", "MAX_INVENTORY"]

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
        def item(v):
            return v if v in ITEM_BY_ID else None

        p = cls(hp=int(d["hp"]), max_hp=int(d["max_hp"]), base_attack=int(d["atk"]),
                base_defence=int(d["def"]), level=int(d["level"]), xp=int(d["xp"]),
                weapon=item(d.get("weapon")), armour=item(d.get("armour")),
                inventory=[i for i in d.get("inventory", []) if i in ITEM_BY_ID][:MAX_INVENTORY],
                regen_counter=int(d.get("regen", 0)))
        if p.max_hp < 1 or p.level < 1:
            raise ValueError("bad player")
        p.hp = max(1, min(p.hp, p.max_hp))
        return p


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
