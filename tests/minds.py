"""Helpers for the tests of the monsters' minds: a turn's rolls written out
(:class:`Rolls`), a turn's context, an action told as what it does and to
whom (:func:`told`), one mind's choice (:func:`think`), and monsters of a
behaviour with the fields of their kind a test needs."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.rules.actions.effects import Afflict, Deliver, Relocate
from game.rules.actions.features import Alarm
from game.rules.actions.melee import Attack, Shoot
from game.rules.actions.powers import Cast, Escape, Flurry, Raise, Submerge, Summon, Surface
from game.rules.actions.walk import Step
from game.rules.behaviours import BEHAVIOURS, TurnContext
from game.rules.content import MONSTERS
from game.rules.creatures.entities import Player

from creatures import level_of, put, run_on

__all__ = ["Rolls", "ctx_of", "who", "told", "think", "step_to", "bite", "notices", "of_behaviour", "random_run",
           "free_by_hand"]


class Rolls:
    """A turn's rolls written out: ``random()`` gives ``values`` in order,
    ``integers(lo, hi)`` gives ``ints`` in order (each checked to be in range)."""

    def __init__(self, *values: float, ints=()):
        self.values, self.ints = list(values), list(ints)
        self.ranges: list[tuple[int, int]] = []  # the (lo, hi) of every whole-number roll asked for

    def random(self) -> float:
        assert self.values, "a roll was asked for that the test did not give"
        return self.values.pop(0)

    def integers(self, lo: int, hi: int | None = None) -> int:
        lo, hi = (0, lo) if hi is None else (lo, hi)
        self.ranges.append((lo, hi))
        assert self.ints, "a whole-number roll was asked for that the test did not give"
        value = self.ints.pop(0)
        assert lo <= value < hi, (lo, value, hi)
        return value

    @property
    def used(self) -> bool:
        return not self.values and not self.ints


def ctx_of(g, rolls=None, noise: int = 0) -> TurnContext:
    occupied = np.zeros(g.level.shape, dtype=bool)
    for m in g.level.monsters:
        occupied[m.y, m.x] = True
    return TurnContext(g, rolls if rolls is not None else Rolls(), occupied, noise)


def who(x) -> str:
    return "player" if isinstance(x, Player) else f"#{x.index}"


def told(action) -> tuple | None:
    """An action as what it does and to whom (None: it rests)."""
    if action is None:
        return None
    match action:
        case Step():
            return ("step", who(action.actor), action.x, action.y)
        case Attack():
            return ("Attack", who(action.attacker), who(action.victim))
        case Shoot():
            return ("Shoot", who(action.shooter), who(action.target))
        case Flurry():
            return ("flurry", who(action.monster), who(action.target), action.count)
        case Cast():
            return ("cast", who(action.caster), action.words, action.unseen, *map(told, action.effects))
        case Afflict():
            return ("afflict", who(action.who), action.name, action.turns)
        case Relocate():
            return ("relocate", who(action.who), action.cell)
        case Deliver():
            return ("deliver", action.effect, action.aim, action.power, who(action.user), action.cell)
        case Summon():
            return ("summon", who(action.caster), action.count, action.line)
        case Raise():
            return ("raise", who(action.caster), action.corpse)
        case Submerge():
            return ("submerge", who(action.eel))
        case Surface():
            return ("surface", who(action.eel), who(action.target))
        case Escape():
            return ("escape", who(action.thief))
        case Alarm():
            return ("alarm", action.x, action.y, action.line)
    raise AssertionError(action)


def think(g, m, *values, ints=(), noise=0, kind: str | None = None):
    """What ``m``'s mind (or ``kind``'s) chooses given these rolls, all of which it must use."""
    rolls = Rolls(*values, ints=ints)
    action = BEHAVIOURS[kind or m.behaviour].act(ctx_of(g, rolls, noise), m)
    assert rolls.used, (rolls.values, rolls.ints)
    assert getattr(action, "rng", rolls) is rolls, "a blow or shot rolls with the turn's rolls"
    return told(action)


def step_to(m, x, y):
    return ("step", who(m), x, y)


def bite(m, target="player"):
    return ("Attack", who(m), target)

def free_by_hand(g, m, x, y) -> bool:
    level = g.level
    return (level.inside(x, y) and bool(level.passable(m.moves)[y, x]) and level.monster_at(x, y) is None
            and (x, y) != g.pos)
def random_run(rng):
    """A run on an 8 x 6 map open to its edges (floor, wall, deep water, chasm), a few monsters of each way of moving."""
    chars = rng.choice(list('....."#~:'), size=(6, 8))
    level = level_of("\n".join("".join(r) for r in chars))
    g = run_on(level, pos=(int(rng.integers(0, 8)), int(rng.integers(0, 6))))
    for kind in ("rat", "bat", "eel", "rat", "ghost"):
        x, y = int(rng.integers(0, 8)), int(rng.integers(0, 6))
        if level.monster_at(x, y) is None and (x, y) != g.pos:
            put(g, kind, x, y)
    return g
def notices(g, m, *values, noise=0, kind=None):
    rolls = Rolls(*values)
    lines = BEHAVIOURS[kind or m.behaviour].notice(ctx_of(g, rolls, noise), m)
    assert rolls.used
    return [text for text, _ in lines]
def of_behaviour(g, behaviour: str, x: int, y: int, **kind_fields):
    """An awake monster of the first kind with ``behaviour`` at ``(x, y)``, its kind's fields as given."""
    kind = next(k for k in MONSTERS if k.behaviour == behaviour)
    m = put(g, kind.id, x, y)
    m.kind = replace(m.kind, **kind_fields)
    return m
