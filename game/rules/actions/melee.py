"""Blows: the player's attack on a monster, a monster's blow or shot at
whoever it fights (the player, an ally, or for an ally a hostile monster:
one rule for all), and what a landed blow carries beyond its damage (a
status a third of the time, and the kind's ``blow`` power every time: a
thief's theft, a vampire's drink, a colossus's shove; :data:`BLOWS`)."""

from __future__ import annotations

import numpy as np

from .. import status, words
from ..combat import attack_roll
from ..entities import Monster, Player
from ..harm import hurt, kill_monster, name_of
from ..identify import item_name
from ..log import bad, note
from ..los import flight
from ..content import ITEM_BY_ID
from ..state import RunState
from .base import Action, Result, succeed

__all__ = ["Attack", "MonsterAttack", "MonsterShoot", "Steal", "Drain", "Knockback", "BLOWS", "ON_HIT_TURNS",
           "ON_HIT_CHANCE", "BLOW_NOISE", "LUCK", "LEADER_BONUS", "KNOCKBACK", "strike"]

ON_HIT_TURNS = {"poisoned": 6, "burning": 3, "slowed": 3, "paralysed": 2, "weakened": 8}  # how long a blow's status lasts
ON_HIT_CHANCE = 0.35  # a blow that lands carries its status this often
BLOW_NOISE = 8  # a fight is loud
LUCK = 1 / 6  # the lucky perk: a blow at the player that would land misses this often
LEADER_BONUS = 2  # the leader perk: an ally's blows are this much stronger
KNOCKBACK = 2  # cells a colossus's blow hurls its victim
SLAM = 3  # damage of being hurled into a wall
_VERBS = {"burning": "burns", "paralysed": "webs"}  # a shot's verb by what it carries

Creature = Player | Monster


def _pos(run: RunState, who: Creature) -> tuple[int, int]:
    return run.pos if isinstance(who, Player) else who.pos


class Attack(Action):
    """The player strikes ``monster`` (adjacent, or two cells off with a spear);
    a kill gives experience.  A heavy weapon's blow costs more time.  A
    monster passing for an item (a mimic) shows itself as it is struck."""

    def __init__(self, monster: Monster) -> None:
        self.monster = monster

    def cost(self, run: RunState) -> int:
        return run.player.attack_cost

    def perform(self, run: RunState) -> Result:
        m = self.monster
        run.make_noise(BLOW_NOISE)
        lines = []
        if m.hidden:
            m.hidden = False
            lines.append(bad(f"It is {words.a(m.kind.name)}!"))
        dmg = attack_roll(run.rng("player"), run.player.attack, m.defence)
        m.awake = True
        if dmg == 0:
            run.emit("miss")
            return succeed(*lines, note(f"You miss {m.name}."))
        run.emit("hit")
        if dmg >= m.hp:
            m.hp -= dmg
            return succeed(*lines, *kill_monster(run, m, by_blow=True))
        return succeed(*lines, note(f"You hit {m.name} for {dmg}."), *hurt(run, m, dmg, "your blow"))


def strike(run: RunState, m: Monster, victim: Creature, dmg: int, verb: str) -> Result:
    """``m``'s blow or shot at ``victim`` landed for ``dmg`` (0: it missed):
    the lines, the status it may carry, the harm, and its kind's blow power."""
    player = isinstance(victim, Player)
    say = bad if player or victim.ally else note
    if not dmg:
        return succeed(say(f"{name_of(m, True)} misses {name_of(victim)}."))
    lines = [say(f"{name_of(m, True)} {verb} {name_of(victim)} for {dmg}.")]
    carries = m.kind.on_hit and run.rng("on_hit", m.index).random() < ON_HIT_CHANCE
    if carries and status.add(victim, m.kind.on_hit, ON_HIT_TURNS.get(m.kind.on_hit, 4)):
        lines.append(bad(f"You are {m.kind.on_hit}!") if player else say(f"{name_of(victim, True)} is {m.kind.on_hit}."))
    lines += hurt(run, victim, dmg, m.name, killer=m.name if m.boss else m.kind.name, by=m)
    then = (BLOWS[m.kind.blow](m, victim, dmg),) if m.kind.blow and victim.alive and m.alive else ()
    return succeed(*lines, then=then)


def blow_roll(run: RunState, m: Monster, victim: Creature, power: int, rng: np.random.Generator) -> int:
    """The damage of ``m``'s blow of strength ``power`` at ``victim``: an ally
    of a leader strikes harder, a lucky player is missed more often."""
    if m.ally and run.player.has("leader"):
        power += LEADER_BONUS
    dmg = attack_roll(rng, status.strength(power, m.statuses), victim.defence)
    if dmg and isinstance(victim, Player) and victim.has("lucky") and rng.random() < LUCK:
        return 0
    return dmg


class MonsterAttack(Action):
    """``monster`` strikes ``target`` (the player or another monster) with the turn's ``rng``."""

    def __init__(self, monster: Monster, target: Creature, rng: np.random.Generator) -> None:
        self.monster, self.target, self.rng = monster, target, rng

    def perform(self, run: RunState) -> Result:
        m, victim = self.monster, self.target
        if not (m.alive and victim.alive):
            return succeed()
        if isinstance(victim, Monster):
            victim.awake = True
        return strike(run, m, victim, blow_roll(run, m, victim, m.attack, self.rng), "hits")


class MonsterShoot(Action):
    """``monster`` shoots at ``target`` along a line of fire; a creature in
    the way takes the shot instead."""

    def __init__(self, monster: Monster, target: Creature, rng: np.random.Generator) -> None:
        self.monster, self.target, self.rng = monster, target, rng

    def perform(self, run: RunState) -> Result:
        m, level = self.monster, run.level
        px, py = run.pos
        f = flight(level.transparent, (m.x, m.y), _pos(run, self.target), m.kind.shot_range,
                   lambda x, y: (x, y) == (px, py) or level.monster_at(x, y) is not None)
        run.emit("shoot")
        victim = run.player if f.hit == (px, py) else level.monster_at(*f.hit) if f.hit else None
        if victim is None:  # a wall in the way
            return succeed()
        return strike(run, m, victim, blow_roll(run, m, victim, m.kind.shot, self.rng),
                      _VERBS.get(m.kind.on_hit, "shoots"))


# -- what a landed blow carries -------------------------------------------------------------------
class Steal(Action):
    """``thief`` snatches a row of the player's pack (a potion, scroll or wand
    if there is one) and runs: killed, it drops it; escaped, it is gone."""

    def __init__(self, thief: Monster, victim: Creature) -> None:
        self.thief, self.victim = thief, victim

    def perform(self, run: RunState) -> Result:
        thief, pack = self.thief, run.player.inventory
        if not isinstance(self.victim, Player) or thief.stolen is not None or not pack:
            return succeed()
        rows = list(dict.fromkeys(pack))
        dear = [i for i in rows if ITEM_BY_ID[i].kind in ("potion", "scroll", "wand")]
        choice = (dear or rows)[int(run.rng("steal", thief.index).integers(0, len(dear or rows)))]
        count = min(99, pack.count(choice))
        run.player.inventory = [i for i in pack if i != choice]
        thief.stolen = (choice, count)
        thief.fleeing = True
        run.dirty = True
        kind = ITEM_BY_ID[choice]
        return succeed(bad(f"{name_of(thief, True)} snatches {item_name(run, kind, count)} from your pack and runs!"))


class Drain(Action):
    """``drinker`` drinks ``amount`` of what it drew from its victim: it heals
    that much, then flits off (its behaviour reads ``fleeing``)."""

    def __init__(self, drinker: Monster, victim: Creature, amount: int) -> None:
        self.drinker, self.victim, self.amount = drinker, victim, amount

    def perform(self, run: RunState) -> Result:
        m = self.drinker
        healed = min(self.amount, m.max_hp - m.hp)
        m.hp += healed
        m.fleeing = True
        return succeed(*([note(f"{name_of(m, True)} drinks deep (+{healed} HP).")] if healed else []))


class Knockback(Action):
    """``attacker``'s blow hurls ``victim`` up to :data:`KNOCKBACK` cells
    straight away from it; a wall (or a creature) in the way stops the
    flight, and a victim stopped at once by a wall slams into it for
    :data:`SLAM` more."""

    def __init__(self, attacker: Monster, victim: Creature, amount: int = 0) -> None:
        self.attacker, self.victim = attacker, victim

    def perform(self, run: RunState) -> Result:
        victim, level = self.victim, run.level
        x, y = _pos(run, victim)
        ax, ay = self.attacker.pos
        dx, dy = (x > ax) - (x < ax), (y > ay) - (y < ay)
        player = isinstance(victim, Player)
        ground = level.passable("fly" if player and status.floats(victim) else "walk" if player else victim.moves)
        moved, walled = 0, False
        for _ in range(KNOCKBACK):
            nx, ny = x + dx, y + dy
            walled = not (level.inside(nx, ny) and ground[ny, nx])
            if walled or level.monster_at(nx, ny) is not None or (nx, ny) == run.pos:
                break
            x, y, moved = nx, ny, moved + 1
        if player:
            run.pos = (x, y)
            level.update_view(x, y)
            run.stop_walk()
        else:
            victim.x, victim.y = x, y
        lines = [bad(f"{name_of(self.attacker, True)}'s blow hurls {name_of(victim)} back!")] if moved else []
        if walled:
            lines.append(bad(f"{name_of(victim, True)} slam{'' if player else 's'} into the wall."))
            lines += hurt(run, victim, SLAM, "a wall", killer=self.attacker.kind.name, by=self.attacker)
        return succeed(*lines)


#: What a landed blow carries, by the kind's ``blow``: ``make(attacker, victim, damage) -> Action``.
BLOWS = {
    "steal": lambda m, victim, dmg: Steal(m, victim),
    "drain": lambda m, victim, dmg: Drain(m, victim, dmg),
    "knockback": lambda m, victim, dmg: Knockback(m, victim, dmg),
}
