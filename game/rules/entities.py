"""The things that live on a level: the player, monsters, items on the floor.

State plus the few rules that belong to one thing alone (levelling up,
regeneration, speed from statuses).  How they are saved is in
:mod:`game.rules.codec`; how they act is in :mod:`game.rules.actions` and
:mod:`game.rules.behaviours`; statuses are applied by :mod:`game.rules.status`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import ITEM_BY_ID, STATUSES, ItemKind, MonsterKind, xp_to_next
from .energy import ACTION_COST, Energy

__all__ = ["Player", "Monster", "FloorItem", "MAX_INVENTORY", "PLAYER_SPEED"]

MAX_INVENTORY = 20
PLAYER_SPEED = 100


def _speed(base: int, statuses: dict[str, int]) -> int:
    factor = 1.0
    for name in statuses:
        factor *= STATUSES[name].speed
    return max(1, int(base * factor))


@dataclass(eq=False)  # compared by identity: two rats are two rats
class Monster:
    index: int  # spawn index on its level (what "killed" lists store)
    kind: MonsterKind
    x: int
    y: int
    hp: int
    max_hp: int
    attack: int
    defence: int
    energy: Energy = field(default_factory=Energy)
    awake: bool = False
    boss: bool = False
    statuses: dict[str, int] = field(default_factory=dict)
    group: int = -1  # the spawn index of its pack's first member (-1: alone)
    post: tuple[int, int] | None = None  # a guardian's treasure cell
    goal: tuple[int, int] | None = None  # where a wanderer is heading
    fleeing: bool = False

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def name(self) -> str:
        return ("the guardian " if self.boss else "the ") + self.kind.name

    @property
    def speed(self) -> int:
        return _speed(self.kind.speed, self.statuses)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def behaviour(self) -> str:
        return "guardian" if self.boss else self.kind.behaviour


@dataclass(eq=False)
class FloorItem:
    index: int  # item index on its level (what "taken" lists store)
    kind: ItemKind
    x: int
    y: int
    count: int = 1  # a bundle of ammunition, the charges of a wand


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
    swap: str | None = None  # the second weapon, ready to swap with the one in hand (a launcher or a blade)
    inventory: list[str] = field(default_factory=list)  # item ids; a stack is several entries
    regen_counter: int = 0
    energy: Energy = field(default_factory=lambda: Energy(ACTION_COST))  # ready to act
    statuses: dict[str, int] = field(default_factory=dict)

    name = "you"

    @property
    def weapon_kind(self) -> ItemKind | None:
        return ITEM_BY_ID[self.weapon] if self.weapon else None

    @property
    def swap_kind(self) -> ItemKind | None:
        return ITEM_BY_ID[self.swap] if self.swap else None

    @property
    def armour_kind(self) -> ItemKind | None:
        return ITEM_BY_ID[self.armour] if self.armour else None

    @property
    def attack(self) -> int:
        """Melee damage bonus: a launcher in hand strikes as a stick (1)."""
        w = self.weapon_kind
        return self.base_attack + (0 if w is None else 1 if w.ammo else w.power)

    @property
    def defence(self) -> int:
        return self.base_defence + (self.armour_kind.power if self.armour else 0)

    @property
    def speed(self) -> int:
        return _speed(PLAYER_SPEED, self.statuses)

    @property
    def attack_cost(self) -> int:
        w = self.weapon_kind
        return w.cost if w is not None and not w.ammo else ACTION_COST

    @property
    def move_cost(self) -> int:
        return self.armour_kind.move_cost if self.armour else ACTION_COST

    @property
    def step_noise(self) -> int:
        """How loud a step is (sleepers may hear it): 3, plus the armour's noise."""
        return max(0, 3 + (self.armour_kind.noise if self.armour else 0))

    @property
    def reach(self) -> int:
        w = self.weapon_kind
        return w.reach if w is not None and not w.ammo else 1

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
        """One hit point back every few turns (faster at higher levels); poison stops it."""
        if "poisoned" in self.statuses:
            return
        every = max(3, 12 - self.level)
        self.regen_counter += turns
        if self.regen_counter >= every:
            self.hp = min(self.max_hp, self.hp + self.regen_counter // every)
            self.regen_counter %= every
