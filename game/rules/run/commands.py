"""What a player can ask of the run: one small method per command, each
building an action and handing it to the engine (``game.move(1, 0)`` is
``engine.perform(run, Walk(1, 0))`` in a dungeon), marked ``@recorded`` so a
replay gives the same commands (:mod:`game.rules.persistence.record`).

None holds a rule of its own, not even where it may be done: each action
says in which modes it can be taken (``Action.modes``) and the engine
refuses it elsewhere.  A command that begins something going on (a walk,
a rest) plans it here and the engine steps it (:meth:`Commands.go_on`).
"""

from __future__ import annotations

from worldgen.core.tiles import T

from .. import engine
from ..actions.allies import OrderAllies
from ..actions.base import Action
from ..actions.growth import ChoosePerk
from ..actions.items import Craft, Drop, PickUp, Swap, UseItem
from ..actions.places import Ascend, Descend, EnterSite, GoLocation, Interact, LeaveSite
from ..actions.ranged import Fire, ReadyLauncher, Throw, aim_refusal, can_fire
from ..actions.scrolls import Choose
from ..actions.terrain import CloseDoors
from ..actions.travel import no_way, plan_path, stairs_target, start_explore, start_rest, start_walk, step_action
from ..actions.walk import Rest
from ..content.keys import hint
from ..play.look import unreachable
from ..play.objective import objective, stairs_refusal, unvisited_site
from ..play.pickup import PICKUP_MODES
from ..play.tips import tip
from ..persistence.record import recorded
from ..state import RunState

__all__ = ["Commands"]

_FREE = ("overworld", "dungeon")  # the modes a player is free to act in (not while a map is being built)


class Commands:
    """The player's commands, for :class:`game.rules.run.Game` (which holds the ``run``)."""

    run: RunState

    def _do(self, action: Action) -> bool:
        return engine.perform(self.run, action)

    def _say(self, line: str) -> None:
        self.run.say(line)
        self.run.touch()

    @recorded("m")
    def move(self, dx: int, dy: int) -> bool:
        """A step (an attack when a monster is there); True when time passed."""
        return self._do(step_action(self.run, dx, dy))

    @recorded("w")
    def wait(self) -> bool:
        """Rest a turn (in a dungeon, searching for secret doors nearby)."""
        return self._do(Rest())

    @recorded("r")
    def rest(self) -> bool:
        """Rest until healed (and harmful statuses worn off), or until something
        comes; no time passes now: the engine steps it a turn at a time
        (:meth:`go_on`).  False, and the log says why, when it cannot begin."""
        return self._begin_rest("rest")

    @recorded("k")
    def search(self) -> bool:
        """Search a few turns for secret doors and traps (stepped as a rest is)."""
        return self._begin_rest("search")

    def _begin_rest(self, kind: str) -> bool:
        if self.run.busy or self.run.mode not in _FREE:
            return False
        why = start_rest(self.run, kind)
        if why is not None:
            self._say(why)
        return why is None

    @recorded("e")
    def interact(self) -> bool:
        """Enter / Space: enter a site, take the stairs underfoot, or pick up."""
        return self._do(Interact())

    @recorded("E")
    def enter_site(self) -> bool:
        return self._do(EnterSite())

    @recorded("d")
    def descend(self) -> bool:
        return self._do(Descend())

    @recorded("a")
    def ascend(self) -> bool:
        return self._do(Ascend())

    @recorded("L")
    def leave_site(self) -> bool:
        return self._do(LeaveSite())

    @recorded("g")
    def pick_up(self) -> bool:
        return self._do(PickUp())

    @recorded("u")
    def use_item(self, slot: int, target: tuple[int, int] | None = None) -> bool:
        """Drink, read, equip or craft with the item in pack ``slot``; a wand
        (or a scroll that acts at a distance) is aimed at ``target``."""
        return self._do(UseItem(slot, target))

    @recorded("Y")
    def choose(self, choice: tuple[int, int] | str | None = None) -> bool:
        """The choice a scroll just read waits for: a cell (where it acts), a
        piece of gear (``"weapon"``, ``"swap"``, ``"armour"``: what it
        enchants), or None: it crumbles unused (:mod:`game.rules.actions.scrolls`)."""
        return self._do(Choose(choice))

    @recorded("t")
    def throw(self, slot: int, target: tuple[int, int]) -> bool:
        """Throw the item in pack ``slot`` at ``target`` (potions shatter)."""
        return self._do(Throw(slot, target))

    @recorded("f")
    def fire(self, target: tuple[int, int]) -> bool:
        """Shoot the wielded launcher (or strike with a reach weapon) at ``target``."""
        return self._do(Fire(target))

    @recorded("c")
    def craft(self, slot: int) -> bool:
        return self._do(Craft(slot))

    @recorded("W")
    def swap_weapons(self) -> bool:
        """Swap the weapon in hand and the one ready (a launcher and a blade); a turn."""
        return self._do(Swap())

    @recorded("P")
    def set_pickup(self, mode: str) -> bool:
        """What walking over items picks up: one of :data:`PICKUP_MODES` (the
        player's option); False (nothing changed) for any other value, or
        while the run is busy (a command refused then is not recorded)."""
        if self.run.busy or mode not in PICKUP_MODES:
            return False
        self.run.pickup = mode
        return True

    @recorded("D")
    def drop(self, slot: int, count: int = 1) -> bool:
        """Put down the item in pack ``slot`` (and ``count - 1`` more of its kind)."""
        return self._do(Drop(slot, count))

    @recorded("C")
    def close_doors(self) -> bool:
        """``C``: shut the open doors beside the player (nothing may stand in them)."""
        return self._do(CloseDoors())

    @recorded("G")
    def go_location(self, index: int) -> bool:
        return self._do(GoLocation(index))

    @recorded("K")
    def choose_perk(self, choice: int) -> bool:
        """Take perk ``choice`` (0..2) of :meth:`perk_offer` (no time passes)."""
        return self._do(ChoosePerk(choice))

    @recorded("O")
    def order_allies(self, wait: bool | None = None) -> bool:
        """Tell the allies here to wait (True) or follow (False); None turns
        the order around (wait when any follows, else follow)."""
        if wait is None:
            wait = any(m.order == "follow" for m in self.run.allies())
        return self._do(OrderAllies("wait" if wait else "follow"))

    @recorded("x")
    def interrupt(self) -> None:
        """A key stops what goes on (a click-walk, auto-explore, a rest, a search)."""
        self.run.stop_walk()

    @recorded("S")
    def stairs(self, down: bool) -> bool:
        """``>`` / ``<`` (and the *Down* / *Up* buttons): take the stairs
        underfoot, else walk to them (on the overworld ``>`` enters the site
        underfoot).  True when something was done or a walk began; else the
        log says why (:func:`~game.rules.play.objective.stairs_refusal`)."""
        run = self.run
        if run.busy or run.mode not in _FREE:
            return False
        why = stairs_refusal(run, down)
        if why is not None:
            run.stop_walk()
            self._say(why)
            return False
        if run.mode == "overworld":
            return self.interact()
        if run.level.tiles[run.pos[1], run.pos[0]] == (T.stairs_down if down else T.stairs_up):
            return self.descend() if down else self.ascend()
        return self.travel_to_stairs(down)

    @recorded("B")
    def stairs_button(self) -> bool:
        """The one stairs button of old (kept so recordings that used it still
        replay; the screens now have a *Down* and an *Up* button): the stairs
        underfoot, else down when the stairs down are known (else up)."""
        run = self.run
        if run.mode != "dungeon":
            return self.stairs(True)
        level, (x, y) = run.level, run.pos
        if level.tiles[y, x] in (T.stairs_down, T.stairs_up):
            return self.stairs(level.tiles[y, x] == T.stairs_down)
        return self.stairs(level.down is not None and bool(level.seen[level.down[1], level.down[0]]))

    @recorded("F")
    def ready_to_fire(self) -> bool:
        """Whether ``f`` can choose a target now: a launcher with missiles, or a
        reach weapon, in a dungeon, and a foe it can reach
        (:func:`~game.rules.actions.ranged.aim_refusal`).  A launcher carried
        but not in hand is then taken up first (that takes a turn; never when
        there is nothing to shoot at); if it cannot be, the log says why."""
        run = self.run
        if run.mode != "dungeon":
            self._say("There is nothing to shoot at here.")
            return False
        if not self._aim_allowed("fire"):
            return False
        if can_fire(run):
            return True
        return self._do(ReadyLauncher()) and can_fire(run) and not run.busy

    @recorded("A")
    def ready_to_aim(self, purpose: str = "throw", slot: int | None = None) -> bool:
        """Whether the item in pack ``slot`` can be aimed (``purpose`` "use")
        or thrown now: only in a dungeon, and a wand only with a foe it can
        reach; if not, the log says why (no time passes)."""
        if self.run.mode != "dungeon":
            self._say("There is nothing to aim at here.")
            return False
        return self._aim_allowed(purpose, slot)

    def _aim_allowed(self, purpose: str, slot: int | None = None) -> bool:
        run = self.run
        why = aim_refusal(run, purpose, slot) if not run.busy else None
        if why is not None:
            run.stop_walk()
            self._say(why)
        return why is None and not run.busy

    @recorded("J")
    def go_to_goal(self) -> bool:
        """``T`` (or the *Goal* button): the step the objective names
        (:func:`~game.rules.play.objective.objective`), one command whatever
        it is (travel to the relic site, go in, walk to the stairs or take
        them, explore for them, travel on to the next island); True when
        something was done or a walk began."""
        run = self.run
        if run.busy or run.mode not in _FREE:
            return False
        goal = objective(run)
        if goal.action == "travel" and goal.cell is not None:
            return self.travel_to(*goal.cell)
        if goal.action in ("down", "up"):
            return self.stairs(goal.action == "down")
        if goal.action == "enter":
            return self.enter_site()
        if goal.action == "explore":  # (only in a site: the overworld's goal is always a place)
            return start_explore(run, "seek")
        if goal.action == "location":
            return self.go_location(goal.target)
        self._say(goal.text)
        return False

    # -- walks: click-walk, travel to the stairs, auto-explore ----------------------------------
    @recorded("T")
    def travel_to(self, x: int, y: int) -> bool:
        """Plan a walk to ``(x, y)`` over known ground (no time passes)."""
        run = self.run
        if run.busy or run.mode not in _FREE:
            return False
        path = plan_path(run, x, y)
        if not path and (x, y) != run.pos:
            self._say(no_way(run, x, y) if path is None else unreachable(run, x, y))
        start_walk(run, path or [])
        return bool(run.path)

    @recorded("V")
    def travel_to_stairs(self, down: bool) -> bool:
        """Plan a walk to the stairs down (or up) if they have been seen."""
        run = self.run
        if run.busy or run.mode != "dungeon":
            return False
        cell = stairs_target(run, down)
        if cell is None:
            self._say(stairs_refusal(run, down) or "You see no way there.")
            return False
        return self.travel_to(*cell)

    @recorded("o")
    def explore(self) -> bool:
        """Auto-explore: walk leg by leg to the nearest unexplored edge or item,
        until danger stops it or nothing reachable is left (no time passes now).
        On the overworld: walk to the nearest site not yet entered."""
        run = self.run
        if run.busy or run.mode not in _FREE:
            return False
        if run.mode == "overworld":
            site = unvisited_site(run)
            if site is None:
                self._say(f"You have been into every site you can reach here ({hint('world_map')}).")
                return False
            run.say(f"You head for site {site.index + 1}, {site.describe()}: the nearest you have not entered.")
            return self.travel_to(site.x, site.y)
        return start_explore(run)

    @recorded("H")
    def head_to(self, x: int, y: int) -> bool:
        """A click or a tap on a cell: walk there over known ground (as
        :meth:`travel_to`); a dungeon cell not explored yet: explore towards
        it, leg by leg, until it is seen (then walk on to it, if a way is
        known) or no way on is left (the "head" plan).  No time passes now."""
        run = self.run
        if run.busy or run.mode not in _FREE:
            return False
        level = run.level
        if run.mode == "overworld" or not level.inside(x, y) or level.seen[y, x]:
            return self.travel_to(x, y)
        run.stop_walk()
        if not start_explore(run, "head", (x, y)):
            return False
        self._say("You head into the unexplored.")
        return True

    @recorded("s")
    def go_on(self) -> bool:
        """The next turn of what goes on by itself (:func:`engine.go_on`): a
        walk's next step (auto-explore plans its next leg first) or a turn of
        a rest; False when nothing goes on."""
        return engine.go_on(self.run)

    # -- first-time tips (messages only: no time passes, no digest changes) ----------------------------
    @recorded("y")
    def tip(self, tip_id: str) -> bool:
        """Say the first-time tip ``tip_id`` (:data:`game.rules.content.tips.TIPS`)
        once this run, if tips are on; the screens say those only they can see
        (the first arrow-key step).  True if it was said.  Recorded, so a
        replay shows the same log (it changes no digest)."""
        return not self.run.busy and tip(self.run, tip_id)

    def set_tips(self, on: bool) -> None:
        """Tips on or off (the player's option, kept with the others; it changes
        only what the log says, so it is no recorded command)."""
        self.run.tips_on = bool(on)
