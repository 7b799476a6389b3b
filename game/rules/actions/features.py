"""Dungeon features in play (placed by ``worldgen.toolkit.features``): a fountain
heals once, an altar names everything unknown the player carries once,
statues block the way and sight, tables the way; and traps, hidden until
found, spring when stepped on."""

from __future__ import annotations

from worldgen.core import seeding
from worldgen.core.tiles import T

from .. import status
from ..harm import hurt
from ..identify import identify
from ..log import bad, good, loot, note
from ..state import RunState
from .base import Action, Result, fail, succeed

__all__ = ["UseFeature", "spring_trap", "TRAPS", "blocked_by"]

#: Trap kinds, picked for each trap by the level's seed and the trap's cell.
TRAPS = ("dart", "fire", "alarm", "teleport")
ALARM_REACH = 25  # steps on foot an alarm wakes monsters within


def blocked_by(tile: int) -> str | None:
    """A line saying what stands in the way, for features one bumps into (not walls)."""
    return {T.statue: "A statue stands in the way.", T.table: "A table stands in the way."}.get(int(tile))


class UseFeature(Action):
    """Bump a fountain (drink: full health, poison gone; it runs dry) or an
    altar (every unknown thing in the pack is named; it falls silent)."""

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y

    def perform(self, run: RunState) -> Result:
        level, (x, y) = run.level, (self.x, self.y)
        tile = int(level.tiles[y, x])
        if tile == T.dry_fountain:
            return fail(note("The fountain is dry."))
        if tile == T.fountain:
            p = run.player
            healed = p.max_hp - p.hp
            p.hp = p.max_hp
            p.statuses.pop("poisoned", None)
            level.use_up(x, y)
            run.emit("drink")
            run.dirty = True
            return succeed(good(f"You drink from the fountain (+{healed} HP). It runs dry."))
        if tile == T.altar:
            if level.is_used(x, y):
                return fail(note("The altar is silent."))
            named = [line for item in dict.fromkeys(run.player.inventory) if (line := identify(run, item))]
            level.use_up(x, y)
            run.dirty = True
            return succeed(loot("The altar glows."), *(loot(line) for line in named) or [note("You carry nothing unknown.")])
        return fail()


def spring_trap(run: RunState, x: int, y: int) -> list[tuple[str, str]]:
    """The player stepped on the trap at ``(x, y)``: it springs (and is found)."""
    level = run.level
    level.find_trap(x, y)
    run.touch()
    kind = TRAPS[int(seeding.rng(level.seed, "trap", level.key.depth, y, x).integers(0, len(TRAPS)))]
    run.emit("trap")
    p = run.player
    if kind == "dart":
        status.add(p, "poisoned", 5)
        return [bad("A poisoned dart flies from the wall! You are poisoned.")] + hurt(run, p, 2, "a poison dart")
    if kind == "fire":
        status.add(p, "burning", 3)
        return [bad("Flames burst from the floor! You are burning.")] + hurt(run, p, 3, "a fire trap")
    if kind == "alarm":
        dist = level.distance_from(x, y)
        woken = 0
        for m in level.monsters:
            if not m.awake and 0 <= dist[m.y, m.x] <= ALARM_REACH:
                m.awake = True
                woken += 1
        run.make_noise(20)
        return [bad("A bell clangs through the halls!" + (" Something stirs." if woken else ""))]
    rng = seeding.rng(level.seed, "teleport-trap", run.turn)
    ys, xs = level.landing_cells().nonzero()
    k = int(rng.integers(0, len(ys)))
    run.pos = (int(xs[k]), int(ys[k]))
    level.update_view(*run.pos)
    run.stop_walk()
    return [bad("The floor lurches: you are somewhere else.")]
