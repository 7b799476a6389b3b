"""Minds with one trait each: the answer each asks of the player is in its
docstring (and in its kind's ``note``).  Each returns units from
:mod:`game.rules.actions.powers` (and the shared ones of
:mod:`~game.rules.actions.effects`) for the engine to resolve."""

from __future__ import annotations

import numpy as np

from ..actions.base import Action
from ..actions.effects import Afflict, Deliver, Relocate
from ..actions.features import Alarm
from ..actions.melee import Attack, Shoot
from ..actions.powers import Cast, Escape, Flurry, Raise, Submerge, Summon, Surface
from ..creatures.entities import Actor, Monster
from ..world.geometry import chebyshev
from ..play.harm import name_of
from ..world.los import line
from .base import Behaviour, TurnContext, away, clear_shot, step, toward, wander

__all__ = ["Thief", "Mimic", "Alarmist", "Lurker", "Flitter", "Shaman", "Conjurer", "Breather", "Necromancer",
           "Warlord", "Lich", "Hydra", "heads", "blink_cell", "HASTE_TURNS", "BLINK_FAR"]

HASTE_TURNS = 8  # a shaman's chant, a warlord's fury
BLINK_FAR = (3, 6)  # a caster's blink lands this many cells (8-way) from its foe


def _capital(m: Monster) -> str:
    return name_of(m, True)


def blink_cell(ctx: TurnContext, m: Monster, frm: tuple[int, int]) -> tuple[int, int] | None:
    """A free cell a caster may blink to: open to its way of moving, between
    :data:`BLINK_FAR` cells from ``frm``, rolled with the turn's rolls."""
    level = ctx.run.level
    lo, hi = BLINK_FAR
    y0, y1 = max(0, m.y - hi), min(level.shape[0], m.y + hi + 1)
    x0, x1 = max(0, m.x - hi), min(level.shape[1], m.x + hi + 1)
    ys, xs = np.nonzero(level.passable(m.moves)[y0:y1, x0:x1] & ~ctx.occupied[y0:y1, x0:x1])
    cells = [(int(x) + x0, int(y) + y0) for y, x in zip(ys, xs)]
    cells = [c for c in cells if lo <= chebyshev(c, frm) <= hi and c != ctx.player_pos]
    return cells[int(ctx.rng.integers(0, len(cells)))] if cells else None


def _blink(ctx: TurnContext, m: Monster, frm: tuple[int, int]) -> Action | None:
    cell = blink_cell(ctx, m, frm)
    return None if cell is None else Cast(m, f"{_capital(m)} blinks away!", Relocate(m, cell))


def _corpse(ctx: TurnContext, m: Monster) -> tuple[int, int, str] | None:
    """The nearest remembered dead within ``m``'s sight whose cell is free (None
    when there is none, or ``m`` has raised all it may)."""
    level = ctx.run.level
    if not m.calls_left:
        return None
    near = [c for c in level.corpses if chebyshev(m.pos, c[:2]) <= m.kind.sight
            and not ctx.occupied[c[1], c[0]] and c[:2] != ctx.player_pos]
    return min(near, key=lambda c: (chebyshev(m.pos, c[:2]), c[1], c[0])) if near else None


class Thief(Behaviour):
    """Closes in to snatch something from the pack (its blow steals), then
    runs for the nearer stairs and is gone with it.  Answer: kill it first
    (or catch it: killed, it drops what it took)."""

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        if m.stolen is None or not m.awake:
            return super().act(ctx, m)
        level = ctx.run.level
        if m.pos in (level.up, level.down):
            return Escape(m)
        stairs = [c for c in (level.up, level.down) if c is not None]
        goal = min(stairs, key=lambda c: (ctx.steps(m, c), c))
        cell = toward(ctx, m, level.distance_from(*goal, m.moves)) or away(ctx, m)
        return step(ctx, m, cell)


class Mimic(Behaviour):
    """Lies still passing for an item (drawn and described as one) until it
    is touched: then it bites.  Answer: look before you grab."""

    sees = False

    def hears(self, ctx: TurnContext, m: Monster) -> bool:
        return not m.hidden and super().hears(ctx, m)

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        return None if m.hidden else super().act(ctx, m)

    def idle(self, ctx: TurnContext, m: Monster) -> Action | None:
        return None


class Alarmist(Behaviour):
    """Beats a war drum while it sees its foe, waking the level around it.
    Answer: silence it first, or slip past unseen."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        if chebyshev(m.pos, foe.pos) > 1 and ctx.rng.random() < 0.3:
            return Cast(m, f"{_capital(m)} beats a war drum!", Alarm(m.x, m.y, "The drum booms through the halls!"),
                        unseen="A war drum booms somewhere.")
        return super().hunt(ctx, m, foe)


class Lurker(Behaviour):
    """Waits under deep water, unseen and out of reach; surges out to strike
    whoever stands at the water's edge, then sinks again.  Answer: keep off
    the shore, or strike it in the moment it shows."""

    def idle(self, ctx: TurnContext, m: Monster) -> Action | None:
        return None

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        if not m.awake:
            return None
        foe = ctx.foe(m)
        if foe is None:
            return Submerge(m) if not m.hidden else step(ctx, m, wander(ctx, m))
        cell = foe.pos
        if chebyshev(m.pos, cell) == 1:
            if m.hidden:
                return Surface(m, foe, ctx.rng)
            return Submerge(m) if ctx.rng.random() < 0.5 else Attack(m, foe, ctx.rng)
        if not m.hidden:
            return Submerge(m)
        return step(ctx, m, toward(ctx, m, ctx.run.level.distance_from(*cell, m.moves)))


class Flitter(Behaviour):
    """Bites (its blow drinks blood and heals it), then flits off for a while
    before it comes back.  Answer: strike as it comes in, or corner it."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        cell = foe.pos
        if m.fleeing:
            if ctx.rng.random() < 0.35:
                m.fleeing = False
            return step(ctx, m, away(ctx, m, cell) or wander(ctx, m))
        if chebyshev(m.pos, cell) > 1 and ctx.rng.random() < 0.3:
            return step(ctx, m, wander(ctx, m))
        return super().hunt(ctx, m, foe)


class Shaman(Behaviour):
    """Stays behind its pack and chants: packmates it sees are hasted.
    Answer: reach the shaman first (or slow the pack)."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        level = ctx.run.level
        mates = [o for o in level.monsters if o.group == m.group >= 0 and o is not m and o.hostile and o.awake
                 and "hasted" not in o.statuses and chebyshev(o.pos, m.pos) <= m.kind.sight]
        if mates and ctx.rng.random() < 0.5:
            mate = min(mates, key=lambda o: (chebyshev(o.pos, m.pos), o.index))
            return Cast(m, f"{_capital(m)} chants: {mate.name} quickens!", Afflict(mate, "hasted", HASTE_TURNS),
                        unseen="You hear a chant.")
        if chebyshev(m.pos, foe.pos) <= 2 and ctx.rng.random() < 0.6:
            flee = away(ctx, m, foe.pos)
            if flee is not None:
                return step(ctx, m, flee)
        return super().hunt(ctx, m, foe)


class Conjurer(Behaviour):
    """Blinks away from blades and calls up imps (a few in its life).
    Answer: close in fast, or strike it from afar before the imps come."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        cell = foe.pos
        near = chebyshev(m.pos, cell)
        if near <= 1 and ctx.rng.random() < 0.5:
            blink = _blink(ctx, m, cell)
            if blink is not None:
                return blink
        if m.calls_left and ctx.rng.random() < 0.3:
            return Summon(m, 2)
        if near <= 3 and ctx.rng.random() < 0.5:
            flee = away(ctx, m, cell)
            if flee is not None:
                return step(ctx, m, flee)
        return super().hunt(ctx, m, foe)


class Breather(Behaviour):
    """Breathes fire along a line (every creature on it burns, its own kind
    too, and what lies there catches fire), else bites.  Answer: never stand
    in line with it and your friends; close in from the side."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        cell = foe.pos
        level = ctx.run.level
        if chebyshev(m.pos, cell) <= m.kind.shot_range and level.visible[m.y, m.x] and ctx.rng.random() < 0.35:
            if all(level.transparent[y, x] for x, y in line(m.pos, cell)):
                return Cast(m, f"{_capital(m)} breathes fire!", Deliver("burn", "line", m.kind.shot, m, cell))
        return super().hunt(ctx, m, foe)


class Necromancer(Behaviour):
    """Keeps its distance and raises the dead where they fell (its own kind's
    fallen and yours alike).  Answer: kill it before the fight leaves corpses,
    or fight where nothing died."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        corpse = _corpse(ctx, m)
        if corpse is not None and ctx.rng.random() < 0.5:
            return Raise(m, corpse)
        cell = foe.pos
        if chebyshev(m.pos, cell) <= 2 and ctx.rng.random() < 0.6:
            flee = away(ctx, m, cell)
            if flee is not None:
                return step(ctx, m, flee)
        return super().hunt(ctx, m, foe)


class Warlord(Behaviour):
    """A relic's guardian: bellows for its guard (orcs) when it wakes and
    again when hurt below half, and rages (hasted) when badly hurt.  Answer:
    strike hard and fast, or thin the guard at a doorway."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        level = ctx.run.level
        guard = [o for o in level.monsters if o.group == m.index and o is not m]
        hurt = m.hp * 2 < m.max_hp
        if m.calls_left and len(guard) < 2 and (m.summoned == 0 or hurt) and ctx.rng.random() < 0.5:
            m.group = m.index
            return Summon(m, 2, f"{_capital(m)} bellows for its guard!")
        if hurt and "hasted" not in m.statuses and ctx.rng.random() < 0.3:
            return Cast(m, f"{_capital(m)} roars in fury!", Afflict(m, "hasted", HASTE_TURNS))
        return super().hunt(ctx, m, foe)


class Lich(Behaviour):
    """A relic's guardian: blinks away from blades, raises the dead (or
    calls up skeletons), and casts a slowing bolt.  Answer: pin it in a
    corner, keep the floor clear of the dead."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        cell = foe.pos
        if chebyshev(m.pos, cell) <= 1 and ctx.rng.random() < 0.5:
            blink = _blink(ctx, m, cell)
            if blink is not None:
                return blink
        corpse = _corpse(ctx, m)
        if corpse is not None and ctx.rng.random() < 0.5:
            return Raise(m, corpse)
        if corpse is None and m.calls_left and ctx.rng.random() < 0.2:
            return Summon(m, 1)
        if clear_shot(ctx, m, foe, m.kind.shot_range) and ctx.rng.random() < 0.6:
            return Shoot(m, foe, ctx.rng)
        return super().hunt(ctx, m, foe)


def heads(m: Monster) -> int:
    """A hydra's heads: one, and one more for each quarter of its life lost.

    >>> from game.rules.content import MONSTER_BY_ID
    >>> from game.rules.creatures.entities import Monster
    >>> [heads(Monster(0, MONSTER_BY_ID["hydra"], hp=hp, max_hp=40)) for hp in (40, 30, 12, 1)]
    [1, 2, 3, 4]
    """
    return 1 + min(3, 4 * (m.max_hp - m.hp) // max(1, m.max_hp))


class Hydra(Behaviour):
    """A relic's guardian: every head bites, and it grows heads as it is
    wounded (:func:`heads`).  Answer: a slow wear is the worst: strike it
    down fast, or from afar."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        if chebyshev(m.pos, foe.pos) == 1:
            return Flurry(m, foe, heads(m), ctx.rng)
        return super().hunt(ctx, m, foe)
