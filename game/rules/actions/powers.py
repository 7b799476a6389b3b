"""What monsters do beyond a blow or a shot: their powers as action units,
returned by their behaviours (``game.rules.behaviours``) and resolved by the
engine like any other action.  Units that items share are in
:mod:`.effects` (a conjurer's blink is ``Relocate``, a shaman's chant
``Afflict``, a drummer's drum ``Alarm``); these are the monsters' own:

- :class:`Cast`: words, then the units they set going (a blink, a chant, a
  war drum, a breath of fire);
- :class:`Summon`: a caster calls up creatures of its kind's ``summons``
  beside it (bounded over its life by its ``calls``: :data:`MAX_SUMMONS`,
  fewer for a relic boss below its kind's tier);
- :class:`Raise`: the dead rise where they fell (a necromancer, a lich);
- :class:`Split`: a wounded jelly splits in two (set off by the wound);
- :class:`Escape`: a thief with its loot leaves the level by the stairs;
- :class:`Flurry`: several blows at once (a hydra's heads);
- :class:`Submerge`, :class:`Surface`: an eel sinks out of sight (and
  reach), and surges out to strike.

:func:`set_off` turns what harm queued (``run.trigger``: a wound, a death)
into the action it sets off; the engine resolves it next.
"""

from __future__ import annotations

import numpy as np

from ..text import words
from ..content import MAX_SUMMONS, MONSTER_BY_ID, MonsterKind, monster_stats, summon_budget
from ..creatures.entities import Monster
from ..play.harm import name_of
from ..text.log import bad, note
from ..state import RunState
from .base import Action, Result, fail, succeed
from .effects import Deliver
from .melee import Attack

__all__ = ["Cast", "Summon", "Raise", "Split", "Escape", "Flurry", "Submerge", "Surface", "set_off", "MAX_SUMMONS",
           "SPLIT_MIN_HP", "RAISE_SHARE"]

SPLIT_MIN_HP = 4  # a jelly with less left does not split
RAISE_SHARE = 2  # the risen come back with 1/RAISE_SHARE of their HP


def _new_monster(kind: MonsterKind, x: int, y: int, tier: int, hp: int | None = None) -> Monster:
    """A creature of ``kind`` called up or raised at danger ``tier`` (scaled
    down below its kind's tier, :func:`~game.rules.content.monster_stats`),
    awake, with ``hp`` of its full HP (default: all)."""
    full, atk, dfn = monster_stats(kind, tier, called=True)
    hp = full if hp is None else max(1, min(full, hp))
    return Monster(0, kind, x=x, y=y, hp=hp, max_hp=full, attack=atk, defence=dfn, awake=True,
                   calls=summon_budget(kind, tier))


class Cast(Action):
    """``caster`` says ``words`` (heard as ``unseen`` when the player cannot
    see it), then ``effects`` follow as its reactions, in order."""

    def __init__(self, caster: Monster, words: str, *effects: Action, unseen: str = "") -> None:
        self.caster, self.words, self.effects, self.unseen = caster, words, effects, unseen

    def perform(self, run: RunState) -> Result:
        if not self.caster.alive:
            return fail()
        said = bad(self.words) if run.sees(self.caster) else note(self.unseen) if self.unseen else None
        return succeed(*([said] if said else []), then=self.effects)


class Summon(Action):
    """``caster`` calls up to ``count`` creatures of its kind's ``summons`` onto
    free cells beside it, awake and of its group (at most its ``calls`` in its
    life, :func:`~game.rules.content.summon_budget`)."""

    def __init__(self, caster: Monster, count: int, line: str = "") -> None:
        self.caster, self.count, self.line = caster, count, line

    def perform(self, run: RunState) -> Result:
        m, level = self.caster, run.level
        kind = MONSTER_BY_ID.get(m.kind.summons)
        if kind is None or not m.alive or not m.calls_left:
            return fail()
        called = 0
        for _ in range(min(self.count, m.calls_left)):
            cell = level.free_cell_near(m.pos, kind.moves, avoid=run.pos)
            if cell is None:
                break
            new = level.bring(_new_monster(kind, *cell, level.tier))
            new.group = m.group if m.group >= 0 else m.index
            m.summoned += 1
            called += 1
        if not called:
            return fail()
        said = self.line or f"{name_of(m, True)} calls up {words.a(kind.name, called)}!"
        return succeed(bad(said) if run.sees(m) else note("You hear a chant."))


class Raise(Action):
    """``caster`` raises the dead at ``corpse`` (``(x, y, kind id)`` from the
    level's memory): a creature of that kind stands there again, hostile,
    with 1/:data:`RAISE_SHARE` of its HP (an ally fallen comes back a foe).
    The risen leave no corpse; a raising counts against the caster's ``calls`` as a summons does."""

    def __init__(self, caster: Monster, corpse: tuple[int, int, str]) -> None:
        self.caster, self.corpse = caster, corpse

    def perform(self, run: RunState) -> Result:
        level, (x, y, kind_id) = run.level, self.corpse
        kind = MONSTER_BY_ID.get(kind_id)
        if not self.caster.alive or kind is None or self.corpse not in level.corpses \
                or not self.caster.calls_left:
            return fail()
        if not level.passable(kind.moves)[y, x] or level.monster_at(x, y) is not None or (x, y) == run.pos:
            return fail()
        level.corpses.remove(self.corpse)
        full = monster_stats(kind, level.tier, called=True)[0]
        risen = level.bring(_new_monster(kind, x, y, level.tier, max(1, full // RAISE_SHARE)))
        risen.risen = True
        self.caster.summoned += 1
        seen = level.visible[y, x]
        return succeed(bad(f"{name_of(self.caster, True)} raises the dead: {kind.name} stands again!") if seen
                       else note("You hear bones knitting together."))


class Split(Action):
    """A wounded ``jelly`` splits: half its HP (rounded down) becomes a second
    one on a free cell beside it; one with less than :data:`SPLIT_MIN_HP`
    left, or no room, does not."""

    def __init__(self, jelly: Monster) -> None:
        self.jelly = jelly

    def perform(self, run: RunState) -> Result:
        m, level = self.jelly, run.level
        if not m.alive or m.hp < SPLIT_MIN_HP or m not in level.monsters:
            return fail()
        cell = level.free_cell_near(m.pos, m.moves, avoid=run.pos, reach=1)
        if cell is None:
            return fail()
        half = m.hp // 2
        m.hp -= half
        m.max_hp = max(m.hp, m.max_hp - half)
        child = level.bring(Monster(0, m.kind, x=cell[0], y=cell[1], hp=half, max_hp=half, attack=m.attack,
                                            defence=m.defence, awake=True,
                                    group=m.group, ally=m.ally))
        child.statuses = dict(m.statuses)
        return succeed(*([note(f"{name_of(m, True)} splits in two!")] if level.visible[m.y, m.x] else []))


class Escape(Action):
    """``thief`` stands on the stairs with its loot and is gone: it leaves the
    level (not killed: nothing drops) and what it stole with it."""

    def __init__(self, thief: Monster) -> None:
        self.thief = thief

    def perform(self, run: RunState) -> Result:
        m, level = self.thief, run.level
        if not m.alive or m not in level.monsters or m.pos not in (level.up, level.down):
            return fail()
        level.monsters.remove(m)
        run.dirty = True
        what = " with your things" if m.stolen else ""
        return succeed(bad(f"{name_of(m, True)} escapes by the stairs{what}!") if level.visible[m.y, m.x]
                       else bad(f"Somewhere, {m.name} slips away{what}."))


class Flurry(Action):
    """``monster`` bites ``target`` ``count`` times at once (each a blow of its own)."""

    def __init__(self, monster: Monster, target, count: int, rng: np.random.Generator) -> None:
        self.monster, self.target, self.count, self.rng = monster, target, count, rng

    def perform(self, run: RunState) -> Result:
        heads = f"{self.count} heads" if self.count > 1 else "its head"
        return succeed(note(f"{name_of(self.monster, True)} strikes with {heads}."),
                       then=tuple(Attack(self.monster, self.target, self.rng) for _ in range(self.count)))


class Submerge(Action):
    """``eel`` sinks under the water: unseen, out of reach until it strikes."""

    def __init__(self, eel: Monster) -> None:
        self.eel = eel

    def perform(self, run: RunState) -> Result:
        m = self.eel
        if m.hidden or not run.level.swimmable[m.y, m.x]:
            return fail()
        seen = run.sees(m)
        m.hidden = True
        return succeed(*([note(f"{name_of(m, True)} sinks out of sight.")] if seen else []))


class Surface(Action):
    """A hidden ``eel`` surges out of the water and strikes ``target``."""

    def __init__(self, eel: Monster, target, rng: np.random.Generator) -> None:
        self.eel, self.target, self.rng = eel, target, rng

    def perform(self, run: RunState) -> Result:
        m = self.eel
        if not m.alive:
            return fail()
        m.hidden = False
        return succeed(bad(f"{name_of(m, True)} surges out of the water!"),
                       then=(Attack(m, self.target, self.rng),))


def set_off(run: RunState, event: tuple) -> Action | None:
    """The action a queued event sets off: ``("hurt", m)`` a wound (its kind's
    ``on_hurt``: a split), ``("death", m)`` a death (its kind's ``on_death``
    effect, burst around where it fell)."""
    what, m = event
    if what == "hurt" and m.kind.on_hurt == "split":
        return Split(m)
    if what == "death" and m.kind.on_death:
        return Deliver(m.kind.on_death, "burst", m.kind.death_power, m, m.pos)
    return None

