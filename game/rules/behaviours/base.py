"""The mind every behaviour builds on, and the common ones.

A behaviour answers two questions each turn for one monster: does it notice
the player (:meth:`Behaviour.notice`: by sight, or by hearing the noise the
player made), and what does it do with one action's worth of energy
(:meth:`Behaviour.act`: an :class:`~game.rules.actions.base.Action`, or None
to stay put).  The turn engine (:mod:`game.rules.engine`) asks, performs the
action and spends the energy.

:meth:`Behaviour.act` is the same for every hostile monster: asleep it idles;
awake it picks its foe (the nearer of the player and the player's allies it
can see: :meth:`TurnContext.foe`; an invisible player is seen only from the
next cell); afraid, it runs from that foe; otherwise it ``hunt``s it, the
part each behaviour writes its own way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from worldgen.core.tiles import T

from ..creatures import status
from ..actions.base import Action
from ..actions.melee import Attack, Shoot
from ..actions.walk import Step
from ..creatures.entities import Actor, Monster
from ..world.geometry import STEPS, chebyshev, walk_distance
from ..text.log import note
from ..state import RunState

__all__ = ["Behaviour", "TurnContext", "toward", "away", "wander", "step", "Hunter", "Sleeper", "Wanderer",
           "Erratic", "Coward", "Pack", "Archer", "Guardian", "Statue", "clear_shot", "to_water", "WATER_REACH",
           "DOOR_MUFFLE"]

_WATER = (T.shallow_water, T.deep_water)



@dataclass
class TurnContext:
    """What every monster of one turn shares: the rolls, where the player is,
    which cells monsters stand on, how loud the player was, the allies."""

    run: RunState
    rng: np.random.Generator
    occupied: np.ndarray  # bool [y, x]
    noise: int = 0
    claims: dict = field(default_factory=dict)  # pack flanking: cell -> monster index

    @property
    def player_pos(self) -> tuple[int, int]:
        return self.run.pos

    def steps(self, m: Monster, cell: tuple[int, int]) -> int:
        """Steps from ``m`` to ``cell`` by ``m``'s way of moving (a large number if none)."""
        d = int(self.run.level.distance_from(*cell, m.moves)[m.y, m.x])
        return d if d >= 0 else 1 << 20

    def heard_from(self, m: Monster) -> int:
        """How far a sound the player makes is from ``m``: steps on foot, and
        :data:`DOOR_MUFFLE` more when every way passes a shut door."""
        px, py = self.run.pos
        d = int(self.run.level.distance_from(px, py, "quiet")[m.y, m.x])
        return d if d >= 0 else self.distance(m) + DOOR_MUFFLE

    def distance(self, m: Monster) -> int:
        """Steps from ``m`` to the player by ``m``'s way of moving (a large number if none)."""
        return self.steps(m, self.run.pos)

    def foe(self, m: Monster) -> Actor | None:
        """Whom hostile ``m`` fights: the nearer (8-way) of the player, if it
        can see them (an invisible player only from the next cell), and the
        player's allies within its sight; the player on a tie; None when it
        sees none of them."""
        player = self.run.player
        d = chebyshev(m.pos, self.run.pos)
        best, best_d = (player, d) if status.seen_at(player, d) else (None, 1 << 20)
        for a in self.run.level.monsters:
            if a.ally and a.alive:
                da = chebyshev(m.pos, a.pos)
                if da <= m.kind.sight and da < best_d and status.seen_at(a, da):
                    best, best_d = a, da
        return best


def _free(ctx: TurnContext, m: Monster, x: int, y: int) -> bool:
    h, w = ctx.occupied.shape
    return (0 <= x < w and 0 <= y < h and ctx.run.level.passable(m.moves)[y, x]
            and not ctx.occupied[y, x] and (x, y) != ctx.player_pos)


def toward(ctx: TurnContext, m: Monster, dist: np.ndarray) -> tuple[int, int] | None:
    """The free neighbour nearest the distance map's source (first of
    :data:`~game.rules.world.geometry.STEPS` on ties), or None when none is nearer."""
    here = dist[m.y, m.x]
    best, best_d = None, here if here >= 0 else 1 << 30
    for dx, dy in STEPS:
        nx, ny = m.x + dx, m.y + dy
        if _free(ctx, m, nx, ny):
            d = dist[ny, nx]
            if 0 <= d < best_d:
                best, best_d = (nx, ny), d
    return best


def away(ctx: TurnContext, m: Monster, frm: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The free neighbour farthest (by ``m``'s way of moving) from ``frm``
    (default: the player), if farther than here."""
    dist = ctx.run.level.distance_from(*(frm or ctx.player_pos), m.moves)
    best, best_d = None, dist[m.y, m.x]
    for dx, dy in STEPS:
        nx, ny = m.x + dx, m.y + dy
        if _free(ctx, m, nx, ny) and dist[ny, nx] > best_d:
            best, best_d = (nx, ny), dist[ny, nx]
    return best


def wander(ctx: TurnContext, m: Monster) -> tuple[int, int] | None:
    """A random neighbour, if it is free."""
    dx, dy = STEPS[int(ctx.rng.integers(0, 8))]
    return (m.x + dx, m.y + dy) if _free(ctx, m, m.x + dx, m.y + dy) else None


#: Steps a shut door adds to a sound's way (a muffled sound must be louder to wake).
DOOR_MUFFLE = 8
#: How far (steps) a burning monster runs for water.
WATER_REACH = 8


def to_water(ctx: TurnContext, m: Monster) -> tuple[int, int] | None:
    """A burning monster's step towards the nearest water it can stand in
    (within :data:`WATER_REACH` steps), None when there is none or it stands in some."""
    level = ctx.run.level
    ground = level.passable(m.moves)
    water = np.isin(level.tiles, _WATER) & ground
    if water[m.y, m.x] or not water.any():
        return None
    ys, xs = np.nonzero(water)
    dist = walk_distance(ground, zip(xs.tolist(), ys.tolist()))
    if not 0 < dist[m.y, m.x] <= WATER_REACH:
        return None
    return toward(ctx, m, dist)


def step(ctx: TurnContext, m: Monster, cell: tuple[int, int] | None) -> Action | None:
    """The step onto ``cell`` (None: no step)."""
    return None if cell is None else Step(m, *cell, ctx.occupied)


_step = step


def clear_shot(ctx: TurnContext, m: Monster, target: Actor, reach: int) -> bool:
    """Whether ``m`` has a clear line of fire to ``target`` within ``reach``
    (nobody in the way), and the player can see ``m`` (it shoots from what the
    player sees, never from the dark)."""
    level, cell = ctx.run.level, target.pos
    if chebyshev(m.pos, cell) > reach or not level.visible[m.y, m.x]:
        return False
    px, py = ctx.player_pos
    f = level.flight(m.pos, cell, reach,
               lambda x, y: (x, y) == (px, py) or level.monster_at(x, y) is not None)
    return f.hit == cell


class Behaviour:
    """The default mind: wakes on sight or sound, then hunts (chase and bite)."""

    sees = True  # wakes when it sees the player within its sight

    def notice(self, ctx: TurnContext, m: Monster) -> list[tuple[str, str]]:
        """Wake ``m`` if it sees or hears the player; the log lines."""
        if m.awake:
            return []
        level, (px, py) = ctx.run.level, ctx.player_pos
        d = chebyshev(m.pos, (px, py))
        if self.sees and level.visible[m.y, m.x] and d <= m.kind.sight and status.seen_at(ctx.run.player, d):
            m.awake = True
        elif ctx.noise > 0 and self.hears(ctx, m):
            m.awake = True
        if m.awake and ctx.run.sees(m):
            return [note(f"{m.name[:1].upper() + m.name[1:]} notices you.")]
        return []

    def hears(self, ctx: TurnContext, m: Monster) -> bool:
        """A sound of loudness L carries ``hearing * L / 10`` steps; the nearer, the surer."""
        reach = m.kind.hearing * ctx.noise / 10
        if chebyshev(m.pos, ctx.player_pos) > reach:  # no way is shorter than the straight one: no map needed
            return False
        d = ctx.heard_from(m)
        return d <= reach and ctx.rng.random() < 1.0 - d / (reach + 1.0)

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        """Asleep: idle.  Awake: find its foe (none in sight: wander), run
        from it while afraid (cornered, it bites), else hunt it."""
        if "burning" in m.statuses:
            cell = to_water(ctx, m)
            if cell is not None:
                return _step(ctx, m, cell)
        if not m.awake:
            return self.idle(ctx, m)
        foe = ctx.foe(m)
        if foe is None:
            return _step(ctx, m, wander(ctx, m))
        if status.afraid(m):
            flight_step = away(ctx, m, foe.pos)
            if flight_step is not None:
                return _step(ctx, m, flight_step)
            if chebyshev(m.pos, foe.pos) == 1:
                return Attack(m, foe, ctx.rng)
            return None
        return self.hunt(ctx, m, foe)

    def idle(self, ctx: TurnContext, m: Monster) -> Action | None:
        """Asleep or unaware: wander now and then."""
        return _step(ctx, m, wander(ctx, m)) if ctx.rng.random() < 0.5 else None

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        """Bite when adjacent, else close in along the distance map."""
        cell = foe.pos
        if chebyshev(m.pos, cell) == 1:
            return Attack(m, foe, ctx.rng)
        return _step(ctx, m, toward(ctx, m, ctx.run.level.distance_from(*cell, m.moves)))


class Hunter(Behaviour):
    """Wakes on sight or sound, then chases and bites."""


class Sleeper(Behaviour):
    """Deeply asleep: sight does not wake it, only noise (or a blow). A quiet
    player in light armour can walk past."""

    sees = False

    def idle(self, ctx: TurnContext, m: Monster) -> Action | None:
        return None


class Wanderer(Behaviour):
    """Patrols the level from one spot to another until it notices the player."""

    def idle(self, ctx: TurnContext, m: Monster) -> Action | None:
        level = ctx.run.level
        if m.goal is None or (m.x, m.y) == m.goal or ctx.rng.random() < 0.02:
            cells = np.argwhere(level.passable(m.moves))
            y, x = (int(v) for v in cells[int(ctx.rng.integers(0, len(cells)))])
            m.goal = (x, y)
        step = toward(ctx, m, level.distance_from(*m.goal, m.moves))
        if step is None:
            m.goal = None
        return _step(ctx, m, step)


class Erratic(Behaviour):
    """Flits about: half its moves are random even when hunting (bats)."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        if chebyshev(m.pos, foe.pos) > 1 and ctx.rng.random() < 0.5:
            return _step(ctx, m, wander(ctx, m))
        return super().hunt(ctx, m, foe)


class Coward(Behaviour):
    """Fights until hurt below its kind's ``flee_below`` share of its
    maximum HP, then runs; cornered, it bites.  Healed back above that share
    (regeneration, a potion splashed on it), it stops fleeing and fights."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        m.fleeing = m.hp < m.kind.flee_below * m.max_hp
        if m.fleeing:
            step = away(ctx, m, foe.pos)
            if step is not None:
                return _step(ctx, m, step)
        return super().hunt(ctx, m, foe)


class Pack(Behaviour):
    """Hunts with its pack: each member takes a different cell around its
    foe (so they flank instead of queueing in a corridor), and none charges
    in alone while its packmates are still coming."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        fx, fy = foe.pos
        level = ctx.run.level
        if chebyshev(m.pos, (fx, fy)) == 1:
            return Attack(m, foe, ctx.rng)
        mates = [o for o in level.monsters if o.group == m.group and o is not m and o.awake and o.hostile] \
            if m.group >= 0 else []
        if mates and ctx.steps(m, (fx, fy)) <= 2 and all(ctx.steps(o, (fx, fy)) > 4 for o in mates):
            return None  # hold at arm's length until the others arrive
        spots = [(fx + dx, fy + dy) for dx, dy in STEPS if _free(ctx, m, fx + dx, fy + dy)
                 and ctx.claims.get((fx + dx, fy + dy), m.index) == m.index]
        if not spots:
            return super().hunt(ctx, m, foe)
        spot = min(spots, key=lambda c: (chebyshev(m.pos, c), c[1], c[0]))
        ctx.claims[spot] = m.index
        return _step(ctx, m, toward(ctx, m, level.distance_from(*spot, m.moves)))


class Archer(Behaviour):
    """Keeps its distance and shoots: often steps back when its foe comes
    close (a chase can corner it), shoots along a clear line in range, else
    closes in."""

    def hunt(self, ctx: TurnContext, m: Monster, foe: Actor) -> Action | None:
        cell = foe.pos
        near = chebyshev(m.pos, cell)
        if near == 1 and ctx.rng.random() < 0.5:
            return Attack(m, foe, ctx.rng)  # caught: half the time it fights back
        if near <= 2 and ctx.rng.random() < 0.6:  # backs off, but not always: it can be caught
            step = away(ctx, m, cell)
            if step is not None:
                return _step(ctx, m, step)
        if near == 1:
            return Attack(m, foe, ctx.rng)
        if clear_shot(ctx, m, foe, m.kind.shot_range):
            return Shoot(m, foe, ctx.rng)
        return super().hunt(ctx, m, foe)


class Guardian(Behaviour):
    """Watches the site's prize without moving; wakes when the prize is
    touched or it is struck (a stealthy player can look, not take); awake,
    it fights as its kind does (``Monster.behaviour``)."""

    sees = False

    def hears(self, ctx: TurnContext, m: Monster) -> bool:
        return False

    def idle(self, ctx: TurnContext, m: Monster) -> Action | None:
        return None


class Statue(Behaviour):
    """A guardian room's stone sentinel: it moves only when the player does
    (a step, not a blow or a rest), one step towards them, and strikes when
    they are beside it after that step; it never steps off its vault's
    floor.  ``m.goal`` remembers where it last saw the player (kept in the save)."""

    def notice(self, ctx: TurnContext, m: Monster) -> list[tuple[str, str]]:
        m.awake = True
        return []

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        here = ctx.player_pos
        if m.goal is None or m.goal == here:
            m.goal = here
            return None
        m.goal = here
        if chebyshev(m.pos, here) == 1:
            return Attack(m, ctx.run.player, ctx.rng)
        level = ctx.run.level
        step = toward(ctx, m, level.distance_from(*here, m.moves))
        if step is None or level.tiles[step[1], step[0]] != T.vault_floor:
            return None  # a sentinel never leaves its vault's floor
        return _step(ctx, m, step)
