"""The things that live on a level: the player, monsters, items on the floor.

State plus the few rules that belong to one thing alone (levelling up,
regeneration, speed from statuses).  How they are saved is in
:mod:`game.rules.codec`; how they act is in :mod:`game.rules.actions` and
:mod:`game.rules.behaviours`; statuses are applied by :mod:`game.rules.status`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import ITEM_BY_ID, PERK_BY_ID, PERK_CHOICES, STATUSES, ItemKind, MonsterKind, ally_xp_to_next, xp_to_next
from .energy import ACTION_COST, Energy
from .status import floats, strength

__all__ = ["Player", "Monster", "FloorItem", "MAX_INVENTORY", "PLAYER_SPEED", "ORDERS"]

MAX_INVENTORY = 20
PLAYER_SPEED = 100
ORDERS = ("follow", "wait")  # what an ally was told: keep close, or hold where it stands


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
    captive: bool = False  # shackled: it waits to be freed (a bump frees it: actions.allies.Free)
    ally: bool = False  # fights for the player
    order: str = "follow"  # an ally's order (ORDERS)
    level: int = 1  # an ally's level, raised by its kills
    xp: int = 0  # an ally's experience towards its next level
    hidden: bool = False  # unseen: a mimic passing for an item, an eel under the water
    stolen: tuple[str, int] | None = None  # what a thief carries off: (item id, count)
    summoned: int = 0  # how many creatures it has called up or raised (bounded: actions.powers.MAX_SUMMONS)
    risen: bool = False  # raised from the dead: it leaves no corpse to raise again

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def name(self) -> str:
        if self.ally:
            return "your " + self.kind.name
        return ("the guardian " if self.boss else "the shackled " if self.captive else "the ") + self.kind.name

    @property
    def speed(self) -> int:
        return _speed(self.kind.speed, self.statuses)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def hostile(self) -> bool:
        """Whether it fights the player (neither an ally nor a captive)."""
        return not (self.ally or self.captive)

    @property
    def moves(self) -> str:
        """How it moves now: its kind's way, or flying while it levitates."""
        return "fly" if floats(self) and self.kind.moves == "walk" else self.kind.moves

    @property
    def behaviour(self) -> str:
        """The unit that thinks for it: a captive waits, an ally follows; a
        guardian watches its prize until woken, then fights as its kind does."""
        if self.captive or self.ally:
            return "captive" if self.captive else "ally"
        return "guardian" if self.boss and not self.awake else self.kind.behaviour

    @property
    def strength(self) -> int:
        """Its blows' strength now (weakened: half)."""
        return strength(self.attack, self.statuses)

    def resisted(self, status: str, turns: int) -> int:
        """How long ``status`` holds it: 0 when its kind is immune."""
        return 0 if status in self.kind.immune else turns

    def gain_xp(self, amount: int) -> list[str]:
        """An ally's kill: experience, and the levels it gains (each: more HP,
        a harder blow, more defence every third); returns their lines."""
        self.xp += amount
        out = []
        for _ in range(50):  # bounded
            need = ally_xp_to_next(self.level)
            if self.xp < need:
                break
            self.xp -= need
            self.level += 1
            grow = max(2, self.max_hp // 5)
            self.max_hp += grow
            self.hp = min(self.max_hp, self.hp + grow + self.max_hp // 4)
            self.attack += 1
            self.defence += 1 if self.level % 3 == 0 else 0
            out.append(f"{self.name[:1].upper() + self.name[1:]} reaches level {self.level}!")
        return out


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
    background: str = ""  # an id of content.backgrounds ("": a run from before backgrounds)
    perks: list[str] = field(default_factory=list)  # ids of content.perks, in the order chosen
    perks_owed: int = 0  # levels gained whose perk is still to be chosen

    name = "you"

    def has(self, perk: str) -> bool:
        """Whether the player chose (or started with) ``perk``."""
        return perk in self.perks

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
        """Melee damage bonus: a launcher in hand strikes as a stick (1);
        berserk adds 3 below half HP; weakened halves it."""
        w = self.weapon_kind
        rage = 3 if self.has("berserk") and self.hp * 2 < self.max_hp else 0
        return strength(self.base_attack + rage + (0 if w is None else 1 if w.ammo else w.power), self.statuses)

    strength = attack

    @property
    def defence(self) -> int:
        return self.base_defence + (self.armour_kind.power if self.armour else 0)

    @property
    def speed(self) -> int:
        return _speed(PLAYER_SPEED, self.statuses)

    @property
    def attack_cost(self) -> int:
        """Energy a blow costs: the weapon's; quick blows a fifth less."""
        w = self.weapon_kind
        cost = w.cost if w is not None and not w.ammo else ACTION_COST
        return cost * 4 // 5 if self.has("quick_blows") else cost

    @property
    def move_cost(self) -> int:
        """Energy a step costs: the armour's; fleet feet a fifth less."""
        cost = self.armour_kind.move_cost if self.armour else ACTION_COST
        return cost * 4 // 5 if self.has("fleet") else cost

    @property
    def step_noise(self) -> int:
        """How loud a step is (sleepers may hear it): 3, plus the armour's noise; stealthy 3 less."""
        return max(0, 3 + (self.armour_kind.noise if self.armour else 0) - (3 if self.has("stealthy") else 0))

    def resisted(self, status: str, turns: int) -> int:
        """How long ``status`` holds you: 0 when a perk makes you immune, half when one steadies you."""
        perks = [PERK_BY_ID[p] for p in self.perks if p in PERK_BY_ID]
        if any(status in p.immune for p in perks):
            return 0
        return max(1, turns // 2) if any(status in p.halves for p in perks) else turns

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
            if len(self.perks) + self.perks_owed < PERK_CHOICES:  # (a hero holding them all is owed none)
                self.perks_owed += 1
                out.append(f"You reach level {self.level}! Choose a perk.")
            else:
                out.append(f"You reach level {self.level}!")
        return out

    def regenerate(self, turns: int) -> None:
        """One hit point back every few turns (faster at higher levels, twice
        as fast with regrowth); poison stops it."""
        if "poisoned" in self.statuses:
            return
        every = max(3, 12 - self.level) // (2 if self.has("regrowth") else 1)
        self.regen_counter += turns
        if self.regen_counter >= every:
            self.hp = min(self.max_hp, self.hp + self.regen_counter // every)
            self.regen_counter %= every
