"""The run as the scenes see it: :class:`Game`, the state of a run
(:class:`~game.rules.state.RunState`) with one small method per thing a
player can ask for.  Each method builds an action and hands it to the turn
engine; none holds a rule of its own.  ``game.move(1, 0)`` is
``engine.perform(game, Walk(1, 0))`` in a dungeon.

How a key press flows: the play scene maps the key to a method here, the
method performs an action (:mod:`game.rules.actions`), the engine lets time
pass (:mod:`game.rules.engine`), ``version`` changes, and the view redraws
what it caches.  See ``docs/ARCHITECTURE.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldgen.core.registry import Stage

from . import build, codec, content, engine
from .actions.items import Craft, Drop, PickUp, UseItem
from .actions.places import Ascend, Descend, EnterSite, GoLocation, Interact, LeaveSite
from .actions.ranged import Fire, Throw
from .actions.travel import TravelStep, explore_target, plan_path, stairs_target, start_walk, step_action
from .actions.walk import Rest
from .location import LocationData, WorldMap
from .state import RunState

__all__ = ["Game"]


class Game(RunState):
    @classmethod
    def new(cls, name: str, size: str, run_seed: int, preview: LocationData | None = None) -> "Game":
        """A new run in world ``name``; ``preview`` is its first location if
        already built.  Raises ``ValueError`` for an unusable name."""
        game = cls(WorldMap(name, size), size, run_seed)
        kit = content.STARTING_KIT
        game.player.weapon, game.player.armour = kit["weapon"], kit["armour"]
        game.player.inventory = list(kit["pack"])
        game.say(f"Welcome to {name}. Find a dungeon site (dark doors) and press Enter on it. ? for help.")
        if preview is not None and preview.index == 0:
            game.install_location(preview)
        return game

    # -- actions ---------------------------------------------------------------------
    def move(self, dx: int, dy: int) -> bool:
        """A step (an attack when a monster is there); True when time passed."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, step_action(self, dx, dy))

    def wait(self) -> bool:
        """Rest a turn (in a dungeon, searching for secret doors nearby)."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, Rest())

    def interact(self) -> bool:
        """Enter / Space: enter a site, take the stairs underfoot, or pick up."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, Interact())

    def enter_site(self) -> bool:
        return self.mode == "overworld" and engine.perform(self, EnterSite())

    def descend(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, Descend())

    def ascend(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, Ascend())

    def leave_site(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, LeaveSite())

    def pick_up(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, PickUp())

    def use_item(self, slot: int, target: tuple[int, int] | None = None) -> bool:
        """Drink, read, equip or craft with the item in pack ``slot``; a wand
        (or a scroll that acts at a distance) is aimed at ``target``."""
        return engine.perform(self, UseItem(slot, target))

    def throw(self, slot: int, target: tuple[int, int]) -> bool:
        """Throw the item in pack ``slot`` at ``target`` (potions shatter)."""
        return self.mode == "dungeon" and engine.perform(self, Throw(slot, target))

    def fire(self, target: tuple[int, int]) -> bool:
        """Shoot the wielded launcher (or strike with a reach weapon) at ``target``."""
        return self.mode == "dungeon" and engine.perform(self, Fire(target))

    def craft(self, slot: int) -> bool:
        return engine.perform(self, Craft(slot))

    def drop(self, slot: int, count: int = 1) -> bool:
        """Put down the item in pack ``slot`` (and ``count - 1`` more of its kind)."""
        return engine.perform(self, Drop(slot, count))

    def go_location(self, index: int) -> bool:
        return engine.perform(self, GoLocation(index))

    # -- walks: click-walk, travel to the stairs, auto-explore ----------------------------------
    def travel_to(self, x: int, y: int) -> bool:
        """Plan a walk to ``(x, y)`` over known ground (no time passes)."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        path = plan_path(self, x, y)
        if path is None:
            self.say("You see no way there.")
            self.touch()
        self.exploring = False
        start_walk(self, path or [])
        return bool(self.path)

    def travel_to_stairs(self, down: bool) -> bool:
        """Plan a walk to the stairs down (or up) if they have been seen."""
        if self.busy or self.mode != "dungeon":
            return False
        cell = stairs_target(self, down)
        if cell is None:
            self.say("There are no stairs down on this level." if down and self.level.down is None
                     else f"You have not found the stairs {'down' if down else 'up'} yet.")
            self.touch()
            return False
        return self.travel_to(*cell)

    def explore(self) -> bool:
        """Auto-explore: walk leg by leg to the nearest unexplored edge or item,
        until danger stops it or nothing reachable is left (no time passes now)."""
        if self.busy or self.mode != "dungeon":
            return False
        self.exploring = True
        return self._next_leg()

    def _next_leg(self) -> bool:
        target = explore_target(self)
        path = plan_path(self, *target) if target is not None else None
        if not path:
            self.stop_walk()
            self.say("You have explored everything you can reach here." if target is None
                     else "You see no way on.")
            self.touch()
            return False
        start_walk(self, path)
        return True

    def travel_step(self) -> bool:
        """Take the next step of a walk; False when there is none (auto-explore
        plans its next leg first)."""
        if self.busy:
            self.stop_walk()
            return False
        if not self.path and not (self.exploring and self._next_leg()):
            self.stop_walk()
            return False
        return engine.perform(self, TravelStep())

    # -- building maps -----------------------------------------------------------------
    def build_iterator(self) -> Iterator:
        return build.build_iterator(self)

    def build_label(self) -> str:
        return build.build_label(self)

    def install_location(self, data: LocationData) -> None:
        build.install_location(self, data)

    def install_level(self, stage: Stage) -> None:
        build.install_level(self, stage)

    # -- saves ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return codec.run_to_json(self)

    @classmethod
    def from_json(cls, body: dict, world: WorldMap | None = None) -> "Game":
        return codec.run_from_json(cls, body, world)
