"""Terrain in play (the rules table is ``content.TERRAIN_RULES``; the level's
fires and clouds are :mod:`game.rules.world.hazards`): a shut door opened by a
step and closed with ``C``, a chasm fallen into, a locked vault door opened
with its key, the once-a-turn unit that moves fires and clouds and hurts
whoever stands in them, and the effect units that light a fire or leave a
cloud (potions, traps, monsters use them through ``effects.EFFECTS``)."""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T

from ..world import hazards
from ..creatures import status
from ..content import GASES
from ..world.geometry import STEPS
from ..text.log import bad, loot, note
from ..state import RunState
from .base import DUNGEON, Action, Result, fail, succeed
from .effects import Afflict, Burn, Damage
from .places import change_depth

__all__ = ["DriftDown", "Drown", "HazardsTurn", "Fall", "CloseDoors", "Unlock", "open_door", "swimming",
           "FIRE_DAMAGE", "FALL_DAMAGE", "KEY"]

FIRE_DAMAGE = 2  # what a turn standing in fire does, besides setting you burning
FALL_DAMAGE = 4  # a fall's hurt, plus one per level of depth
KEY = "vault_key"  # the item that opens a locked vault's door


def swimming(run: RunState) -> bool:
    """Whether the player is in deep water (and so cannot fight); a
    levitating player floats above it."""
    level = run.level
    return (level is not None and int(level.tiles[run.pos[1], run.pos[0]]) == T.deep_water
            and not status.floats(run.player))


def open_door(run: RunState, x: int, y: int) -> bool:
    """A creature steps into the shut door at ``(x, y)``: it swings open (True if it was shut)."""
    level = run.level
    if int(level.tiles[y, x]) != T.door:
        return False
    hazards.set_tile(level, x, y, T.open_door)
    level.refresh()
    return True


class HazardsTurn(Action):
    """One turn of the level's fires and clouds (the engine performs it once
    a turn): fire spreads and burns down, clouds drift and fade, then whoever
    stands in fire burns, whoever burns on grass sets it alight, and whoever
    breathes a thick cloud takes its status."""

    def perform(self, run: RunState) -> Result:
        level = run.level
        if level is None or (not level.gas and not level.fire.any() and not _burning_on_grass(run)):
            return fail()
        for who, (x, y) in _creatures(run):
            if "burning" in who.statuses:
                hazards.ignite(level, x, y)
        hazards.spread_fire(level, run.rng("fire"))
        hazards.drift(level)
        level.refresh()
        then: list[Action] = []
        breathed = [(gas, hazards.thick(level, kind)) for kind, gas in GASES.items() if gas.status]
        for who, (x, y) in _creatures(run):
            if level.fire[y, x] > 0:
                then.append(Burn(who, FIRE_DAMAGE))
            then += [Afflict(who, gas.status, gas.turns) for gas, thick in breathed if thick[y, x]]
        run.touch()
        return succeed(then=tuple(then))


def _creatures(run: RunState) -> list:
    return [(run.player, run.pos)] + [(m, m.pos) for m in run.level.monsters if m.alive]


def _burning_on_grass(run: RunState) -> bool:
    level = run.level
    return any("burning" in who.statuses and hazards.BURNS[level.tiles[y, x]] for who, (x, y) in _creatures(run))


class Fall(Action):
    """The player has stepped into a chasm: they fall to the next level, hurt
    (:data:`FALL_DAMAGE` plus the depth), and land somewhere on it."""

    def perform(self, run: RunState) -> Result:
        if run.level is None or run.level.down is None:
            return fail()
        damage = Damage(run.player, FALL_DAMAGE + run.depth, "a fall")
        return succeed(bad("You fall into the chasm!"), then=(damage, _Land()))


class _Land(Action):
    """After the fall's hurt: down to the next level (unless the fall killed)."""

    def perform(self, run: RunState) -> Result:
        if run.dead:
            return fail()
        change_depth(run, run.depth + 1, "fall")
        return succeed(bad("You land hard, somewhere deeper."), turns=0)


class DriftDown(Action):
    """The player's levitation ended over a chasm: they drift down to the
    nearest floor at its edge (a fall is a step the player chooses)."""

    def perform(self, run: RunState) -> Result:
        level, (x, y) = run.level, run.player.pos
        dist = level.distance_from(x, y, "fly")
        reach = np.where(level.walkable & (dist > 0), dist, np.iinfo(dist.dtype).max)
        flat = int(np.argmin(reach))
        if reach.flat[flat] == np.iinfo(dist.dtype).max:
            return fail()
        ny, nx = divmod(flat, level.shape[1])
        level.shove_from(nx, ny)
        run.place(run.player, (nx, ny))
        return succeed(bad("You sink, and drift down to the chasm's edge."), turns=0)


class Drown(Action):
    """``who``, a walker whose levitation ended over deep water, drowns when it
    comes down, with the ``also`` its statuses dealt this turn (of ``cause``)."""

    def __init__(self, who, also: int = 0, cause: str = "drowning") -> None:
        self.who, self.also, self.cause = who, also, cause

    def perform(self, run: RunState) -> Result:
        if not self.who.alive:
            return fail()
        return succeed(then=(Damage(self.who, self.who.hp + self.also, self.cause, tick=True),), turns=0)


class CloseDoors(Action):
    """``C``: shut every open door beside the player that nothing stands or lies in."""

    modes = DUNGEON

    def perform(self, run: RunState) -> Result:
        level = run.level
        if level is None:
            return fail(note("There is no door here."))
        shut = 0
        for dx, dy in STEPS:
            x, y = run.pos[0] + dx, run.pos[1] + dy
            if (level.inside(x, y) and int(level.tiles[y, x]) == T.open_door and level.monster_at(x, y) is None
                    and not level.items_at(x, y)):
                hazards.set_tile(level, x, y, T.door)
                shut += 1
        if not shut:
            return fail(note("There is no open door beside you to close (nothing may stand in it)."))
        level.refresh()
        level.update_view(*run.pos)
        run.dirty = True
        return succeed(note("You close the door." if shut == 1 else f"You close {shut} doors."))


class Unlock(Action):
    """Bump a locked vault door: the key in the pack opens it (and is used up)."""

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y

    def perform(self, run: RunState) -> Result:
        level, pack = run.level, run.player.inventory
        if KEY not in pack:
            return fail(note("The vault door is locked. Its key lies somewhere on this level."))
        pack.remove(KEY)
        hazards.set_tile(level, self.x, self.y, T.open_door)
        level.refresh()
        level.update_view(*run.pos)
        run.dirty = True
        return succeed(loot("The key turns: the vault door swings open."))

