"""Moving: a step in a dungeon or across the overworld (into a monster it
is an attack, into a captive it frees it, into an ally the two change
places), finding a secret door by walking into it, and resting (which
searches)."""

from __future__ import annotations

from worldgen.core.tiles import T

from .. import status
from ..geometry import STEPS
from ..harm import name_of
from ..log import good, note
from ..state import RunState
from .allies import Free
from .base import Action, Result, alternate, fail, succeed
from .features import SpringTrap, UseFeature, blocked_by
from .items import take_items
from .melee import Attack

__all__ = ["Walk", "Land", "OverworldStep", "OpenSecretDoor", "Rest", "MonsterStep", "SwapPlaces", "Helpless", "footing"]

_BARS = {T.deep_water: "Deep water", T.mountain: "Mountains"}


def footing(run: RunState):
    """Where the player can stand: the floor, and deep water too while levitating."""
    level = run.level
    return level.flyable if status.floats(run.player) else level.walkable


class Walk(Action):
    """One step in a dungeon; into a monster it is an attack (into a captive
    it frees it, into an ally the two change places), into a hidden door it
    finds the door.  Items where the player lands are picked up."""

    def __init__(self, dx: int, dy: int) -> None:
        self.dx, self.dy = dx, dy

    def cost(self, run: RunState) -> int:
        return run.player.move_cost

    def perform(self, run: RunState) -> Result:
        level = run.level
        if (self.dx, self.dy) not in STEPS:
            return fail()
        astray = False
        if "confused" in run.player.statuses:
            rng = run.rng("confused")
            if rng.random() < 0.5:  # a confused step goes astray half the time
                self.dx, self.dy = STEPS[int(rng.integers(0, 8))]
                astray = True
        x, y = run.pos[0] + self.dx, run.pos[1] + self.dy
        ground = footing(run)
        if astray and not (level.inside(x, y) and ground[y, x]):
            return succeed(note("You stumble about in confusion."))
        if not level.inside(x, y):
            return fail()
        monster = level.monster_at(x, y)
        if monster is not None and monster.captive:
            return alternate(Free(monster))
        if monster is not None and monster.ally:
            return alternate(SwapPlaces(monster, self.dx, self.dy))
        if monster is not None:
            return alternate(Attack(monster))
        if level.secret[y, x]:
            return alternate(OpenSecretDoor(x, y))
        tile = int(level.tiles[y, x])
        if tile in (T.fountain, T.dry_fountain, T.altar):
            return alternate(UseFeature(x, y))
        if not ground[y, x]:
            blocked = blocked_by(tile)
            return fail(note(blocked)) if blocked else fail()
        run.pos = (x, y)
        run.make_noise(run.player.step_noise)
        if tile == T.trap and not level.hidden_traps[y, x]:  # a found trap is no danger
            return succeed(note("You step carefully over the trap."), then=(Land(x, y),))
        return succeed(then=(SpringTrap(x, y), Land(x, y)) if tile == T.trap else (Land(x, y),))


class Land(Action):
    """The player has stepped onto ``(x, y)`` and is still there (a trap did
    not send them away or kill them): pick up what lies there, and say so
    when they stand on stairs."""

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y

    def perform(self, run: RunState) -> Result:
        if run.pos != (self.x, self.y) or run.dead:
            return fail()
        level = run.level
        messages = take_items(run, level.items_at(self.x, self.y))
        tile = int(level.tiles[self.y, self.x])
        if tile == T.stairs_down:
            messages.append(note("Stairs lead down (> or Enter)."))
        elif tile == T.stairs_up:
            messages.append(note("Stairs lead up (< or Enter)."))
        return succeed(*messages)


class SwapPlaces(Action):
    """The player steps onto ``ally``'s cell (a step ``(dx, dy)``) and the
    ally takes theirs, when each can stand where the other stood."""

    def __init__(self, ally, dx: int, dy: int) -> None:
        self.ally, self.dx, self.dy = ally, dx, dy

    def cost(self, run: RunState) -> int:
        return run.player.move_cost

    def perform(self, run: RunState) -> Result:
        ally, level = self.ally, run.level
        px, py = run.pos
        if not footing(run)[ally.y, ally.x] or not level.passable(ally.moves)[py, px]:
            return fail(note(f"{name_of(ally, True)} cannot make way."))
        ally.x, ally.y = px, py
        return alternate(Walk(self.dx, self.dy))


class OverworldStep(Action):
    """One step on a location's overworld; it takes as many turns as the
    terrain stepped onto costs."""

    def __init__(self, dx: int, dy: int) -> None:
        self.dx, self.dy = dx, dy

    def perform(self, run: RunState) -> Result:
        loc = run.loc
        x, y = run.pos[0] + self.dx, run.pos[1] + self.dy
        h, w = loc.tiles.shape
        if (self.dx, self.dy) not in STEPS or not (0 <= x < w and 0 <= y < h):
            return fail()
        if not loc.passable[y, x]:
            what = _BARS.get(int(loc.tiles[y, x]), "Something")
            return fail(note(f"{what} bar the way."))
        run.pos = (x, y)
        run.over_pos[run.location] = run.pos
        site = run.site_under()
        messages = []
        if site is not None:
            state = "cleared" if run.is_cleared(site.index) else "not cleared"
            messages.append(note(f"Site {site.index + 1}: a {site.style} dungeon ({state}). Enter with Enter or >."))
        return succeed(*messages, turns=max(1, int(loc.cost[y, x])))


class OpenSecretDoor(Action):
    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y

    def perform(self, run: RunState) -> Result:
        run.level.open_secret(self.x, self.y)
        return succeed(good("You find a secret door!"))


class Rest(Action):
    """Let a turn pass.  In a dungeon, resting searches for secret doors
    farther and harder than walking past them does."""

    searches = True

    def perform(self, run: RunState) -> Result:
        return succeed()


class Helpless(Action):
    """Whatever the player asked for, they cannot move: a turn passes (paralysis)."""

    def perform(self, run: RunState) -> Result:
        return succeed(note("You are paralysed and cannot move!"))


class MonsterStep(Action):
    """``monster`` moves one step to ``(x, y)``; ``occupied`` (the turn's
    monster mask) moves with it."""

    def __init__(self, monster, x: int, y: int, occupied) -> None:
        self.monster, self.x, self.y, self.occupied = monster, x, y, occupied

    def perform(self, run: RunState) -> Result:
        m = self.monster
        self.occupied[m.y, m.x] = False
        m.x, m.y = self.x, self.y
        self.occupied[m.y, m.x] = True
        return succeed()
