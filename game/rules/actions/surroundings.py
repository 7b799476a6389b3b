"""Effects on the surroundings rather than on one creature: magic mapping,
identifying, fire catching on the ground and clouds rising.  They are
effect units as those of :mod:`.effects` (which lists them in its one
table of effects) and are shared the same way by items, traps, monsters
and the ground's own rules (:mod:`.terrain`).
"""

from __future__ import annotations

from worldgen.core.tiles import WALKABLE
from worldgen.toolkit import grid

from ..world import hazards
from ..content import TERRAIN_RULES
from ..creatures.identify import display_name, identify
from ..text.log import Cue, good, loot, note
from ..state import RunState
from .base import Action, Result, fail, succeed

__all__ = ["CLOUD", "Cloud", "Reveal", "Identify", "IdentifyOne", "Ignite"]

CLOUD = 500  # how thick a cloud is at its heart when it rises


class Cloud(Action):
    """A cloud of gas ``kind`` (``content.GASES``: smoke, poison, confusion)
    rises where ``who`` stands (or at a cell), ``amount`` thick at its heart
    and half that on the cells around; it drifts and fades each turn.  It is
    said when its heart is in view."""

    def __init__(self, kind: str, where, amount: int = CLOUD) -> None:
        self.kind, self.where, self.amount = kind, where, amount

    def perform(self, run: RunState) -> Result:
        level = run.level
        x0, y0 = self.where if isinstance(self.where, tuple) else self.where.pos
        if level is None or not level.inside(x0, y0):
            return fail()
        for y in range(y0 - 1, y0 + 2):
            for x in range(x0 - 1, x0 + 2):
                if level.inside(x, y) and (level.transparent[y, x] or (x, y) == (x0, y0)):
                    hazards.release(level, self.kind, x, y, self.amount if (x, y) == (x0, y0) else self.amount // 2)
        level.refresh()
        run.emit(Cue.GAS)
        return succeed(*([note(f"A cloud of {self.kind} billows out.")] if level.visible[y0, x0] else []))


# -- on the level and the pack ------------------------------------------------------------------------
class Reveal(Action):
    """Magic mapping: every floor cell of the level and the walls around it become known."""

    def perform(self, run: RunState) -> Result:
        level = run.level
        if level is None:
            return succeed(note("The scroll shows the land around you; you knew it already."))
        floor = WALKABLE[level.tiles]
        level.seen |= floor | (grid.neighbour_count(floor, 1) > 0)
        return succeed(good("The level's layout floods your mind."))


class Identify(Action):
    """The kind ``item_id`` becomes known ("The fizzy potion was a potion of speed.")."""

    def __init__(self, item_id: str) -> None:
        self.item_id = item_id

    def perform(self, run: RunState) -> Result:
        named = identify(run, self.item_id)
        return succeed(loot(named)) if named else fail()


class IdentifyOne(Action):
    """The first unknown kind in the pack becomes known."""

    def perform(self, run: RunState) -> Result:
        for item_id in run.player.inventory:
            named = identify(run, item_id)
            if named:
                return succeed(loot(named))
        return succeed(note("You have nothing left to identify."))


class Ignite(Action):
    """Fire reaches ``cells``: what burns there catches (grass, brush and
    the rest of :data:`game.rules.world.hazards.BURNS`, which then burn and
    spread by :mod:`game.rules.world.hazards`' rules; the first to catch in view
    is said), and scrolls lying there burn to ash."""

    def __init__(self, cells: list[tuple[int, int]]) -> None:
        self.cells = cells

    def perform(self, run: RunState) -> Result:
        level = run.level
        if level is None:
            return fail()
        lines, changed, changed_in_view = [], False, False
        for x, y in self.cells:
            if not level.inside(x, y):
                continue
            if hazards.ignite(level, x, y):
                if level.visible[y, x] and not changed_in_view:
                    lines.append(note(f"The {TERRAIN_RULES[int(level.tiles[y, x])].name} catches fire!"))
                    changed_in_view = True
                changed = True
            for it in [it for it in level.items_at(x, y) if it.kind.kind == "scroll"]:
                level.take(it)
                if level.visible[y, x]:
                    lines.append(note(f"The {display_name(run, it.kind)} burns to ash."))
        if changed:
            level.refresh()
        return succeed(*lines) if lines or changed else fail()
