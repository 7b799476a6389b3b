"""The things that live on a level: actors (the player and every monster)
and items on the floor.

:class:`Actor` is whoever takes turns: where it stands, its energy and
health, its statuses, its name, its experience and how it grows, and what
it resists, in one place; the player and each monster are actors
(:class:`Player`, :class:`Monster`) and differ only in their data (a pack
and perks; a kind and its orders).  State plus the few rules that belong to
one thing alone (levelling up, regeneration, speed from statuses).  How
they are saved is in :mod:`game.rules.persistence.codec`; how they act is in
:mod:`game.rules.actions` and :mod:`game.rules.behaviours`; statuses are
applied by :mod:`game.rules.creatures.status`.

Long because the actor and its two kinds are read side by side: each
property of :class:`Actor` is a default one of them overrides, and seeing
both overrides beside the default is what makes them one kind of thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..content import ITEM_BY_ID, MAX_SUMMONS, PERK_BY_ID, PERK_CHOICES, STATUSES, ItemKind, MonsterKind, ally_xp_to_next, xp_to_next
from .energy import ACTION_COST, Energy
from .status import GUARD_TURNS, LOCKS, floats, strength

__all__ = ["Actor", "Player", "Monster", "FloorItem", "MAX_INVENTORY", "PLAYER_SPEED", "ORDERS", "MAX_LEVELS_AT_ONCE",
           "LUCK", "ALCHEMY", "BLOW_NOISE"]

MAX_INVENTORY = 20
PLAYER_SPEED = 100
ORDERS = ("follow", "wait")  # what an ally was told: keep close, or hold where it stands
MAX_LEVELS_AT_ONCE = 50  # levels one gain of experience may give (a bound, never reached in play)
LUCK = 1 / 6  # the lucky perk: a blow at the player that would land misses this often
BLOW_NOISE = 8  # the player's blows are loud (sleepers may hear them)
ALCHEMY = 3 / 2  # the alchemist perk: healing heals this much as much


def _speed(base: int, statuses: dict[str, int]) -> int:
    factor = 1.0
    for name in statuses:
        factor *= STATUSES[name].speed
    return max(1, int(base * factor))


@dataclass(eq=False, kw_only=True)
class Actor:
    """Whoever takes turns on a level: the player and every monster.

    What every actor has lives here: its cell, health, energy (the
    scheduler's: :mod:`game.rules.creatures.energy`), statuses, experience level, and
    the rules that read them the same way for all (``pos``, ``alive``,
    ``speed``, :meth:`resisted`, :meth:`gain_xp`).  What differs is data a
    subclass gives: ``name``, ``base_speed``, ``immunities`` and ``halved``
    (statuses resisted whole or by half), ``xp_to_next`` and :meth:`grow`
    (how a level is earned and what it brings), ``hostile`` and ``is_hero``
    (whom it fights; whose death ends the run)."""

    x: int = 0
    y: int = 0
    hp: int = 1
    max_hp: int = 1
    level: int = 1
    xp: int = 0  # experience towards the next level
    energy: Energy = field(default_factory=Energy)
    statuses: dict[str, int] = field(default_factory=dict)

    is_hero = False  # the player: the actor whose death ends the run, spoken of as "you"
    awake = True  # (a monster may sleep)
    hidden = False  # (a monster may pass unseen)
    ally = False  # (a monster may fight for the player)
    attack_cost = ACTION_COST  # energy a blow costs
    move_cost = ACTION_COST  # energy a step costs
    blow_noise = 0  # how loud its blows are (the player's wake sleepers)
    on_hit = ""  # a status its landed blows may carry (content.statuses)
    blow = ""  # the power its landed blows carry (actions.melee.BLOWS)

    @property
    def blow_power(self) -> int:
        """Its blows' strength before statuses change it (``strength``: after)."""
        raise NotImplementedError

    @property
    def strength(self) -> int:
        """Its blows' strength now (weakened: half)."""
        return strength(self.blow_power, self.statuses)

    @property
    def blow_cause(self) -> str:
        """What its blow is called as the cause of a wound ("the orc", "your blow")."""
        return self.name

    @property
    def killer_name(self) -> str:
        """How a death by its blow names it on the death screen."""
        return self.name

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @pos.setter
    def pos(self, cell: tuple[int, int]) -> None:
        self.x, self.y = cell

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def base_speed(self) -> int:
        return PLAYER_SPEED

    @property
    def speed(self) -> int:
        """Energy gained a turn: its own speed, hastened or slowed by its statuses."""
        return _speed(self.base_speed, self.statuses)

    @property
    def immunities(self) -> frozenset[str]:
        return frozenset()

    @property
    def halved(self) -> frozenset[str]:
        return frozenset()

    @property
    def guard_turns(self) -> int:
        """How long it stays steadfast when a lock (paralysis, confusion, fear) ends."""
        return GUARD_TURNS

    def resisted(self, status: str, turns: int) -> int:
        """How long ``status`` holds it: 0 when immune (or a lock while it is
        steadfast), half (at least one turn) when steadied."""
        if status in self.immunities or (status in LOCKS and "steadfast" in self.statuses):
            return 0
        return max(1, turns // 2) if status in self.halved else turns

    @property
    def pack(self) -> list[str]:
        """What it carries that a thief can take (only the player has a pack)."""
        return []

    @property
    def luck(self) -> float:
        """How often a blow at it that would land misses instead."""
        return 0.0

    @property
    def heal_factor(self) -> float:
        """How much a healing draught or spell heals it, as a share of what it heals anyone."""
        return 1.0

    def stands(self, level):
        """Where force or magic may set it down on ``level`` (a bool mask): where it would walk."""
        return level.passable(self.moves)

    def strengthen(self, attack: int = 0, defence: int = 0) -> None:
        """A lasting gain in attack and defence (crafting, a perk, an ally's level)."""
        self.attack += attack
        self.defence += defence

    def speak(self, you: str, it: str) -> str:
        """The word for it in a message, as the player is spoken to ("you feel") and
        any other actor spoken of ("the orc looks"): ``speak("feel", "looks")``."""
        return it

    def xp_to_next(self) -> int:
        raise NotImplementedError

    def grow(self) -> str:
        """One level gained (``level`` is already the new one): what it brings; the line to say."""
        raise NotImplementedError

    def gain_xp(self, amount: int) -> list[str]:
        """Add experience; returns a line for every level gained (:meth:`grow`)."""
        self.xp += amount
        out = []
        for _ in range(MAX_LEVELS_AT_ONCE):
            need = self.xp_to_next()
            if self.xp < need:
                break
            self.xp -= need
            self.level += 1
            out.append(self.grow())
        return out


@dataclass(eq=False, kw_only=True)  # compared by identity: two rats are two rats
class Monster(Actor):
    """A monster (an ally and a captive are monsters too): its kind, and what
    its own turns and orders left on it.  Made ``Monster(index, kind, x=..,
    y=.., hp=.., max_hp=.., attack=.., defence=..)``."""

    index: int = field(kw_only=False)  # spawn index on its level (what "killed" lists store)
    kind: MonsterKind = field(kw_only=False)
    attack: int = 0
    defence: int = 0
    awake: bool = False
    boss: bool = False
    group: int = -1  # the spawn index of its pack's first member (-1: alone)
    post: tuple[int, int] | None = None  # a guardian's treasure cell
    goal: tuple[int, int] | None = None  # where a wanderer is heading
    fleeing: bool = False
    captive: bool = False  # shackled: it waits to be freed (a bump frees it: actions.allies.Free)
    ally: bool = False  # fights for the player
    order: str = "follow"  # an ally's order (ORDERS)
    hidden: bool = False  # unseen: a mimic passing for an item, an eel under the water
    stolen: tuple[str, int] | None = None  # what a thief carries off: (item id, count)
    summoned: int = 0  # how many creatures it has called up or raised (at most ``calls``)
    calls: int = MAX_SUMMONS  # how many it may in its life (content.summon_budget: fewer for a boss below its tier)
    risen: bool = False  # raised from the dead: it leaves no corpse to raise again

    @property
    def calls_left(self) -> int:
        """How many more creatures it may call up or raise (``calls`` less those it has; never below 0)."""
        return max(0, self.calls - self.summoned)

    @property
    def name(self) -> str:
        if self.ally:
            return "your " + self.kind.name
        return ("the guardian " if self.boss else "the shackled " if self.captive else "the ") + self.kind.name

    @property
    def base_speed(self) -> int:
        return self.kind.speed

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
    def blow_power(self) -> int:
        return self.attack

    @property
    def on_hit(self) -> str:
        return self.kind.on_hit

    @property
    def blow(self) -> str:
        return self.kind.blow

    @property
    def killer_name(self) -> str:
        """A guardian by its title, any other monster by its kind ("killed by a goblin archer")."""
        return self.name if self.boss else self.kind.name

    @property
    def immunities(self) -> frozenset[str]:
        return self.kind.immune

    def xp_to_next(self) -> int:
        return ally_xp_to_next(self.level)

    def grow(self) -> str:
        """An ally's level (earned by its kills): more HP, a harder blow, more defence every third."""
        grow = max(2, self.max_hp // 5)
        self.max_hp += grow
        self.hp = min(self.max_hp, self.hp + grow + self.max_hp // 4)
        self.attack += 1
        self.defence += 1 if self.level % 3 == 0 else 0
        return f"{self.name[:1].upper() + self.name[1:]} reaches level {self.level}!"


@dataclass(eq=False)
class FloorItem:
    index: int  # item index on its level (what "taken" lists store)
    kind: ItemKind
    x: int
    y: int
    count: int = 1  # a bundle of ammunition, the charges of a wand


@dataclass(kw_only=True)
class Player(Actor):
    """The hero: what they carry and wear, the perks they chose, and the
    background they started as."""

    hp: int = 30
    max_hp: int = 30
    base_attack: int = 3
    base_defence: int = 0
    weapon: str | None = None  # item id
    armour: str | None = None
    swap: str | None = None  # the second weapon, ready to swap with the one in hand (a launcher or a blade)
    inventory: list[str] = field(default_factory=list)  # item ids; a stack is several entries
    regen_counter: int = 0
    energy: Energy = field(default_factory=lambda: Energy(ACTION_COST))  # ready to act
    background: str = ""  # an id of content.backgrounds ("": a run from before backgrounds)
    perks: list[str] = field(default_factory=list)  # ids of content.perks, in the order chosen
    perks_owed: int = 0  # levels gained whose perk is still to be chosen
    # A scroll read whose choice is still to come (where it acts, what it
    # enchants): its item id, or "" (actions.scrolls); nothing else may be
    # done until the choice is made or the scroll let go.
    reading: str = ""
    enchants: dict[str, int] = field(default_factory=dict)  # weapon and armour kinds enchanted: item id -> plus
    letters: dict[str, list[str]] = field(default_factory=dict)  # each pack row's letter, by kind (creatures.pack)

    name = "you"
    is_hero = True
    hostile = False

    def speak(self, you: str, it: str) -> str:
        return you

    @property
    def pack(self) -> list[str]:
        return self.inventory

    @property
    def luck(self) -> float:
        return LUCK if self.has("lucky") else 0.0

    @property
    def heal_factor(self) -> float:
        return ALCHEMY if self.has("alchemist") else 1.0

    @property
    def moves(self) -> str:
        """How the player moves now: on foot, or flying while levitating."""
        return "fly" if floats(self) else "walk"

    def stands(self, level):
        """Where the player may be set down: any walkable ground (even burning: a blink is their own choice)."""
        return level.walkable

    def strengthen(self, attack: int = 0, defence: int = 0) -> None:
        self.base_attack += attack
        self.base_defence += defence

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
    def blow_power(self) -> int:
        """Melee damage bonus before statuses: a launcher in hand strikes as a
        stick (1); berserk adds 3 below half HP."""
        w = self.weapon_kind
        rage = 3 if self.has("berserk") and self.hp * 2 < self.max_hp else 0
        return self.base_attack + rage + (0 if w is None else 1 if w.ammo else w.power + self.plus(w.id))

    @property
    def attack(self) -> int:
        """Melee damage bonus now (weakened: half): what the panel shows."""
        return self.strength

    blow_noise = BLOW_NOISE
    blow_cause = "your blow"

    @property
    def defence(self) -> int:
        return self.base_defence + (self.armour_kind.power + self.plus(self.armour) if self.armour else 0)

    def plus(self, item_id: str | None) -> int:
        """The enchantment on a kind of weapon or armour (0: none): every one of it the player wields or wears."""
        return self.enchants.get(item_id, 0) if item_id else 0

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

    @property
    def immunities(self) -> frozenset[str]:
        """Statuses a perk makes you immune to."""
        return frozenset(s for p in self.perks if p in PERK_BY_ID for s in PERK_BY_ID[p].immune)

    @property
    def halved(self) -> frozenset[str]:
        """Statuses a perk steadies you against (they hold you half as long)."""
        return frozenset(s for p in self.perks if p in PERK_BY_ID for s in PERK_BY_ID[p].halves)

    @property
    def reach(self) -> int:
        w = self.weapon_kind
        return w.reach if w is not None and not w.ammo else 1

    @property
    def guard_turns(self) -> int:
        """Steadfast twice as long with a steady mind."""
        return GUARD_TURNS * (2 if self.has("steady") else 1)

    def xp_to_next(self) -> int:
        return xp_to_next(self.level)

    def grow(self) -> str:
        """A level: 4 more HP, a harder blow, more defence every third, a third of your HP back, and a
        perk to choose."""
        self.max_hp += 4
        self.base_attack += 1
        if self.level % 3 == 0:
            self.base_defence += 1
        self.hp = min(self.max_hp, self.hp + self.max_hp // 3)
        if len(self.perks) + self.perks_owed < PERK_CHOICES:  # (a hero holding them all is owed none)
            self.perks_owed += 1
            return f"You reach level {self.level}! Choose a perk."
        return f"You reach level {self.level}!"

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
