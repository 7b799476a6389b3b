"""Moving: :class:`Step`, one cell for any actor (a monster's behaviour
picks the cell; a door there swings open as it passes); the player's
:class:`Walk`, a key's step, which becomes what the cell asks (into a
monster it is an attack, into a captive it frees it, into an ally the two
change places, into a hidden door it finds the door; through a door, into
deep water, into a chasm: :mod:`.terrain`, over both while levitating) and
else the player's own step; a step across the overworld; resting (which
searches)."""

from __future__ import annotations

from worldgen.core.tiles import T

from ..world import hazards
from ..creatures import status
from ..content import TERRAIN_RULES
from ..content.keys import hint
from ..world.geometry import STEPS
from ..play.harm import name_of
from ..text.log import good, note
from ..state import RunState
from .allies import Free
from .base import DUNGEON, OVERWORLD, Action, Result, alternate, fail, succeed
from .features import SpringTrap, UseFeature, blocked_by
from .items import take_items
from .melee import Attack
from .terrain import Fall, Unlock, open_door, swimming

__all__ = ["Walk", "Step", "Land", "OverworldStep", "OpenSecretDoor", "Rest", "SwapPlaces", "Helpless", "STRUGGLE"]

_BARS = {T.deep_water: "Deep water", T.mountain: "Mountains"}
DOOR_NOISE = 4  # a door swung open is a little louder than a step


class Walk(Action):
    """One step in a dungeon; into a monster it is an attack (into a captive
    it frees it, into an ally the two change places), into a hidden door it
    finds the door.  Items where the player lands are picked up."""

    modes = DUNGEON

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
        if astray and not (level.inside(x, y) and level.enterable(x, y)):
            return succeed(note("You stumble about in confusion."))
        if not level.inside(x, y):
            return fail()
        monster = level.monster_at(x, y)
        if monster is not None and monster.captive:
            return alternate(Free(monster))
        if monster is not None and monster.ally:
            return alternate(SwapPlaces(monster, self.dx, self.dy))
        if monster is not None:
            if swimming(run):
                return fail(note("You cannot fight while swimming."))
            return alternate(Attack(run.player, monster))
        if level.secret[y, x]:
            return alternate(OpenSecretDoor(x, y))
        tile = int(level.tiles[y, x])
        if tile in (T.fountain, T.dry_fountain, T.altar):
            return alternate(UseFeature(x, y))
        if tile == T.vault_door:
            return alternate(Unlock(x, y))
        if not level.enterable(x, y):
            blocked = blocked_by(tile)
            return fail(note(blocked)) if blocked else fail()
        floating = status.floats(run.player)
        if tile == T.chasm and level.down is None and not floating:  # (the generators lay none on a site's last level)
            return fail(note("The chasm falls into nothing: there is no level below."))
        return alternate(Step(run.player, x, y))


class Step(Action):
    """``actor`` moves one step to ``(x, y)``, the cell its mover chose (a key
    through :class:`Walk`, a monster's behaviour): a door there swings open
    as it passes, and ``occupied`` (the turn's monster mask, when a monster
    moves) follows it.  The player's step is heard (the armour's noise, a
    door's more), tramples brush, swims deep water, falls into a chasm,
    springs an unfound trap and lands (:class:`Land`: what lies there)."""

    def __init__(self, actor, x: int, y: int, occupied=None) -> None:
        self.actor, self.x, self.y, self.occupied = actor, x, y, occupied

    def cost(self, run: RunState) -> int:
        return self.actor.move_cost

    def perform(self, run: RunState) -> Result:
        a, level, x, y = self.actor, run.level, self.x, self.y
        tile = int(level.tiles[y, x])
        was_swimming = a.is_hero and swimming(run)
        if open_door(run, x, y) and a.is_hero:
            run.make_noise(DOOR_NOISE)
        if self.occupied is not None:
            self.occupied[a.y, a.x] = False
            self.occupied[y, x] = True
        a.pos = (x, y)
        if not a.is_hero:
            return succeed()
        level.update_view(x, y)  # the player sees from where they stand (a quick one may step again at once)
        return self._the_players(run, tile, was_swimming)

    def _the_players(self, run: RunState, tile: int, was_swimming: bool) -> Result:
        """What the player's step does beyond moving them."""
        level, x, y = run.level, self.x, self.y
        lines = []
        run.make_noise(run.player.step_noise)
        trampled = TERRAIN_RULES[tile].trampled if tile in TERRAIN_RULES else None
        if trampled is not None:
            hazards.set_tile(level, x, y, trampled)
            level.refresh()
        if tile == T.chasm and not status.floats(run.player):
            return succeed(then=(Fall(),))
        if tile == T.deep_water and not was_swimming and swimming(run):
            lines.append(note("You swim (you cannot fight in deep water)."))
        if tile == T.trap and not level.hidden_traps[y, x]:  # a found trap is no danger
            return succeed(note("You step carefully over the trap."), then=(Land(x, y),))
        return succeed(*lines, then=(SpringTrap(x, y), Land(x, y)) if tile == T.trap else (Land(x, y),))


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
            messages.append(note(f"Stairs lead down ({hint('descend')})."))
        elif tile == T.stairs_up:
            messages.append(note(f"Stairs lead up ({hint('ascend')})."))
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
        floats = status.floats(run.player)
        stands = level.walkable | level.swimmable if not floats else level.flyable  # (never into a chasm unawares)
        if not stands[ally.y, ally.x] or not level.passable(ally.moves)[py, px]:
            return fail(note(f"{name_of(ally, True)} cannot make way."))
        ally.x, ally.y = px, py
        return alternate(Walk(self.dx, self.dy))


class OverworldStep(Action):
    """One step on a location's overworld; it takes as many turns as the
    terrain stepped onto costs."""

    modes = OVERWORLD

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
            messages.append(note(f"Site {site.index + 1}: {site.describe()} ({state}). ({hint('interact')})"))
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


#: A paralysed player who tries to act tears at what holds them: this often it
#: costs the paralysis a turn more (so struggling roughly halves a web's hold).
STRUGGLE = 0.5


class Helpless(Action):
    """Whatever the player asked for, they cannot move: a turn passes
    (paralysis), and they struggle against it (:data:`STRUGGLE`)."""

    def perform(self, run: RunState) -> Result:
        if run.rng("struggle").random() < STRUGGLE and status.shake_off(run.player, "paralysed"):
            return succeed(note("You struggle free!"))
        return succeed(note("You are paralysed and struggle to move!"))
