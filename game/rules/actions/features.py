"""Dungeon features in play (placed by ``worldgen.toolkit.features``): a fountain
heals once, an altar names everything unknown the player carries once,
statues block the way and sight, tables the way; and traps, hidden until
found, spring when stepped on (their harm is the effect units of
:mod:`.effects`: a dart poisons, fire burns, a teleport relocates)."""

from __future__ import annotations

from worldgen.core import seeding
from worldgen.core.tiles import T

from ..creatures.identify import identify
from ..text.log import Cue, bad, good, loot, note
from ..state import RunState
from .base import Action, Result, fail, succeed
from .effects import CLOUD, Afflict, Cloud, Damage, Deliver, Relocate

__all__ = ["UseFeature", "SpringTrap", "Alarm", "TRAPS", "ALARM_REACH", "blocked_by"]

#: Trap kinds, picked for each trap by the level's seed and the trap's cell.
TRAPS = ("dart", "fire", "alarm", "teleport", "gas")
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
            run.emit(Cue.DRINK)
            run.dirty = True
            return succeed(good(f"You drink from the fountain (+{healed} HP). It runs dry."))
        if tile == T.altar:
            if level.is_used(x, y):
                return fail(note("The altar is silent."))
            named = [line for item in dict.fromkeys(run.player.inventory) if (line := identify(run, item))]
            level.use_up(x, y)
            run.dirty = True
            return succeed(loot("The altar glows."), *([loot(line) for line in named] or [note("You carry nothing unknown.")]))
        return fail()


class SpringTrap(Action):
    """The trap at ``(x, y)``, under the player, springs (and is found): its
    kind, rolled from the level's seed and the cell, decides what follows."""

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y

    def perform(self, run: RunState) -> Result:
        level, (x, y) = run.level, (self.x, self.y)
        level.find_trap(x, y)
        kind = TRAPS[int(seeding.rng(level.seed, "trap", level.key.depth, y, x).integers(0, len(TRAPS)))]
        run.emit(Cue.TRAP)
        p = run.player
        if kind == "dart":
            return succeed(bad("A poisoned dart flies from the wall!"),
                           then=(Afflict(p, "poisoned", 5), Damage(p, 2, "a poison dart")))
        if kind == "fire":
            return succeed(bad("Flames burst from the floor!"),
                           then=(Afflict(p, "burning", 3), Damage(p, 3, "a fire trap"), Deliver("burn", "burst", 0, p, (x, y))))
        if kind == "gas":
            return succeed(bad("Gas hisses from the floor!"), then=(Cloud("poison", (x, y), CLOUD * 2),))
        if kind == "alarm":
            return succeed(then=(Alarm(x, y),))
        return succeed(then=(Relocate(p, rng=seeding.rng(level.seed, "teleport-trap", run.turn),
                                      line=bad("The floor lurches: you are somewhere else.")),))


class Alarm(Action):
    """A bell rings (or a war drum booms) at ``(x, y)``: sleepers within
    :data:`ALARM_REACH` steps on foot wake, and the noise carries farther."""

    def __init__(self, x: int, y: int, line: str = "A bell clangs through the halls!") -> None:
        self.x, self.y, self.line = x, y, line

    def perform(self, run: RunState) -> Result:
        level = run.level
        dist = level.distance_from(self.x, self.y)
        woken = 0
        for m in level.monsters:
            if not m.awake and m.hostile and not m.hidden and 0 <= dist[m.y, m.x] <= ALARM_REACH:
                m.awake = True
                woken += 1
        run.make_noise(20)
        return succeed(bad(self.line + (" Something stirs." if woken else "")))
