"""Blows: the player's attack on a monster, and a monster's blow or shot at
the player."""

from __future__ import annotations

import numpy as np

from .. import status
from ..combat import attack_roll
from ..entities import Monster
from ..harm import hurt, kill_monster
from ..log import bad, note
from ..los import flight
from ..state import RunState
from .base import Action, Result, succeed

__all__ = ["Attack", "MonsterAttack", "MonsterShoot", "ON_HIT_TURNS", "BLOW_NOISE"]

ON_HIT_TURNS = {"poisoned": 6, "burning": 3, "slowed": 3}  # how long a blow's status lasts
ON_HIT_CHANCE = 0.35  # a blow that lands carries its status this often
BLOW_NOISE = 8  # a fight is loud


class Attack(Action):
    """The player strikes ``monster`` (adjacent, or two cells off with a spear);
    a kill gives experience.  A heavy weapon's blow costs more time."""

    def __init__(self, monster: Monster) -> None:
        self.monster = monster

    def cost(self, run: RunState) -> int:
        return run.player.attack_cost

    def perform(self, run: RunState) -> Result:
        m = self.monster
        run.make_noise(BLOW_NOISE)
        dmg = attack_roll(run.rng("player"), run.player.attack, m.defence)
        if dmg == 0:
            run.emit("miss")
            m.awake = True
            return succeed(note(f"You miss {m.name}."))
        run.emit("hit")
        m.hp -= dmg
        m.awake = True
        if m.hp > 0:
            return succeed(note(f"You hit {m.name} for {dmg}."))
        return succeed(*kill_monster(run, m, by_blow=True))


def _struck(run: RunState, m: Monster, dmg: int, verb: str) -> Result:
    """``m``'s blow or shot landed (or not) on the player: the lines and the status it carries."""
    name = m.name[:1].upper() + m.name[1:]
    if not dmg:
        return succeed(bad(f"{name} misses you."))
    lines = [bad(f"{name} {verb} you for {dmg}.")]
    carries = m.kind.on_hit and run.rng("on_hit", m.index).random() < ON_HIT_CHANCE
    if carries and status.add(run.player, m.kind.on_hit, ON_HIT_TURNS.get(m.kind.on_hit, 4)):
        lines.append(bad(f"You are {m.kind.on_hit}!"))
    lines += hurt(run, run.player, dmg, m.name, killer=m.name if m.boss else m.kind.name)
    return succeed(*lines)


class MonsterAttack(Action):
    """``monster`` strikes the player with the turn's ``rng``."""

    def __init__(self, monster: Monster, rng: np.random.Generator) -> None:
        self.monster, self.rng = monster, rng

    def perform(self, run: RunState) -> Result:
        m = self.monster
        return _struck(run, m, attack_roll(self.rng, m.attack, run.player.defence), "hits")


class MonsterShoot(Action):
    """``monster`` shoots (or breathes) at the player along a line of fire;
    a creature in the way takes the shot instead."""

    def __init__(self, monster: Monster, rng: np.random.Generator) -> None:
        self.monster, self.rng = monster, rng

    def perform(self, run: RunState) -> Result:
        m, level = self.monster, run.level
        px, py = run.pos
        f = flight(level.transparent, (m.x, m.y), (px, py), m.kind.shot_range,
                   lambda x, y: (x, y) == (px, py) or level.monster_at(x, y) is not None)
        run.emit("shoot")
        if f.hit != (px, py):  # a wall, or another creature in the way
            other = level.monster_at(*f.hit) if f.hit else None
            if other is None:
                return succeed()
            return succeed(*hurt(run, other, attack_roll(self.rng, m.kind.shot, other.defence), m.name))
        return _struck(run, m, attack_roll(self.rng, m.kind.shot, run.player.defence),
                       "burns" if m.kind.on_hit == "burning" else "shoots")
