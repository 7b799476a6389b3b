"""Blows: the player's attack on a monster, a monster's blow or shot at
whoever it fights (the player, an ally, or for an ally a hostile monster:
one rule for all), and what a landed blow carries beyond its damage (a
status a third of the time, and the kind's ``blow`` power every time: a
thief's theft, a vampire's drink, a colossus's shove; :data:`BLOWS`)."""

from __future__ import annotations

import numpy as np

from ..creatures import status
from ..text import words
from ..creatures.combat import attack_roll
from ..creatures.entities import BLOW_NOISE, LUCK, Actor, Monster
from ..play.harm import hurt, name_of
from ..creatures.identify import item_name
from ..text.log import Cue, bad, note
from ..content import ITEM_BY_ID
from ..state import RunState
from .base import Action, Result, succeed

__all__ = ["Attack", "Shoot", "Steal", "Drain", "Knockback", "BLOWS", "ON_HIT_TURNS", "ON_HIT_CHANCE", "BLOW_NOISE",
           "LUCK", "LEADER_BONUS", "KNOCKBACK", "strike", "blow_roll"]

ON_HIT_TURNS = {"poisoned": 6, "burning": 3, "slowed": 3, "paralysed": 2, "weakened": 8}  # how long a blow's status lasts
ON_HIT_CHANCE = 0.35  # a blow that lands carries its status this often
LEADER_BONUS = 2  # the leader perk: an ally's blows are this much stronger
KNOCKBACK = 2  # cells a colossus's blow hurls its victim
SLAM = 3  # damage of being hurled into a wall
_VERBS = {"burning": "burns", "paralysed": "webs"}  # a shot's verb by what it carries


class Attack(Action):
    """``attacker`` strikes ``victim`` (adjacent, or two cells off with a
    spear): one rule for every actor, the player, a monster or an ally.  The
    blow is rolled with ``rng`` (a monster's turn passes its own; the
    player's blows roll their own stream), lands or misses
    (:func:`blow_roll`), and what a landed blow does is :func:`strike`'s.
    The victim wakes; one passing for an item (a mimic) shows itself.  A
    heavy weapon's blow costs the player more time."""

    def __init__(self, attacker: Actor, victim: Actor, rng: np.random.Generator | None = None) -> None:
        self.attacker, self.victim, self.rng = attacker, victim, rng

    def cost(self, run: RunState) -> int:
        return self.attacker.attack_cost

    def perform(self, run: RunState) -> Result:
        a, v = self.attacker, self.victim
        if not (a.alive and v.alive):
            return succeed()
        run.make_noise(a.blow_noise)
        lines = []
        if v.hidden:
            v.hidden = False
            lines.append(bad(f"It is {words.a(v.kind.name)}!"))
        rng = self.rng if self.rng is not None else run.rng("player")
        dmg = blow_roll(run, a, v, a.blow_power, rng)
        v.awake = True
        if a.is_hero:
            run.emit(Cue.HIT if dmg else Cue.MISS)
        struck = strike(run, a, v, dmg, a.speak("hit", "hits"))
        return succeed(*lines, *struck.messages, then=struck.then)


def strike(run: RunState, a: Actor, victim: Actor, dmg: int, verb: str) -> Result:
    """``a``'s blow or shot at ``victim`` landed for ``dmg`` (0: it missed):
    the lines, the status it may carry (``a.on_hit``, a third of the time),
    the harm, and the blow power it carries (``a.blow``).  The player's
    killing blow is told by the kill alone ("You kill the orc.")."""
    say = bad if victim.is_hero or victim.ally else note
    if not dmg:
        return succeed(say(f"{name_of(a, True)} {a.speak('miss', 'misses')} {name_of(victim)}."))
    lines = [] if a.is_hero and dmg >= victim.hp else [say(f"{name_of(a, True)} {verb} {name_of(victim)} for {dmg}.")]
    carries = a.on_hit and run.rng("on_hit", a.index).random() < ON_HIT_CHANCE
    if carries and status.add(victim, a.on_hit, ON_HIT_TURNS.get(a.on_hit, 4)):
        lines.append(bad(f"You are {a.on_hit}!") if victim.is_hero else say(f"{name_of(victim, True)} is {a.on_hit}."))
    lines += hurt(run, victim, dmg, a.blow_cause, killer=a.killer_name, by=a)
    then = (BLOWS[a.blow](a, victim, dmg),) if a.blow and victim.alive and a.alive else ()
    return succeed(*lines, then=then)


def blow_roll(run: RunState, a: Actor, victim: Actor, power: int, rng: np.random.Generator) -> int:
    """The damage of ``a``'s blow of strength ``power`` at ``victim`` (weakened:
    half): an ally of a leader strikes harder, a lucky victim is missed more often."""
    if a.ally and run.player.has("leader"):
        power += LEADER_BONUS
    dmg = attack_roll(rng, status.strength(power, a.statuses), victim.defence)
    if dmg and victim.luck and rng.random() < victim.luck:
        return 0
    return dmg


class Shoot(Action):
    """``shooter`` (a monster with a shot) shoots at ``target`` along a line
    of fire; a creature in the way takes the shot instead."""

    def __init__(self, shooter: Monster, target: Actor, rng: np.random.Generator) -> None:
        self.shooter, self.target, self.rng = shooter, target, rng

    def perform(self, run: RunState) -> Result:
        m, level = self.shooter, run.level
        px, py = run.player.pos
        f = level.flight((m.x, m.y), self.target.pos, m.kind.shot_range,
                   lambda x, y: (x, y) == (px, py) or level.monster_at(x, y) is not None)
        run.emit(Cue.SHOOT_AT_YOU if self.target.is_hero else Cue.SHOOT)
        victim = run.player if f.hit == (px, py) else level.monster_at(*f.hit) if f.hit else None
        if victim is None:  # a wall in the way
            return succeed()
        return strike(run, m, victim, blow_roll(run, m, victim, m.kind.shot, self.rng),
                      _VERBS.get(m.kind.on_hit, "shoots"))


# -- what a landed blow carries -------------------------------------------------------------------
class Steal(Action):
    """``thief`` snatches a row of the player's pack (a potion, scroll or wand
    if there is one) and runs: killed, it drops it; escaped, it is gone."""

    def __init__(self, thief: Monster, victim: Actor) -> None:
        self.thief, self.victim = thief, victim

    def perform(self, run: RunState) -> Result:
        thief, pack = self.thief, self.victim.pack
        if thief.stolen is not None or not pack:  # (only the player carries a pack)
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

    def __init__(self, drinker: Monster, victim: Actor, amount: int) -> None:
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
    flight.  A flight that ends at a wall, at once or after a step, slams
    the victim into it for :data:`SLAM` more; one stopped by a creature
    does not slam."""

    def __init__(self, attacker: Monster, victim: Actor, amount: int = 0) -> None:
        self.attacker, self.victim = attacker, victim

    def perform(self, run: RunState) -> Result:
        victim, level = self.victim, run.level
        x, y = victim.pos
        ax, ay = self.attacker.pos
        dx, dy = (x > ax) - (x < ax), (y > ay) - (y < ay)
        ground = level.passable(victim.moves)
        moved, walled = 0, False
        for _ in range(KNOCKBACK):
            nx, ny = x + dx, y + dy
            walled = not (level.inside(nx, ny) and ground[ny, nx])
            if walled or level.monster_at(nx, ny) is not None or (nx, ny) == run.player.pos:
                break
            x, y, moved = nx, ny, moved + 1
        run.place(victim, (x, y))
        lines = [bad(f"{name_of(self.attacker, True)}'s blow hurls {name_of(victim)} back!")] if moved else []
        if walled:
            lines.append(bad(f"{name_of(victim, True)} {victim.speak('slam', 'slams')} into the wall."))
            lines += hurt(run, victim, SLAM, "a wall", killer=self.attacker.kind.name, by=self.attacker)
        return succeed(*lines)


#: What a landed blow carries, by the kind's ``blow``: ``make(attacker, victim, damage) -> Action``.
BLOWS = {
    "steal": lambda m, victim, dmg: Steal(m, victim),
    "drain": lambda m, victim, dmg: Drain(m, victim, dmg),
    "knockback": lambda m, victim, dmg: Knockback(m, victim, dmg),
}
