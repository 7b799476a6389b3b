"""The run's next goal, in one line, and what the goal key does about it.

A newcomer should never wonder what to do next.  :func:`objective` reads the
run and says its next step as one line with the key that takes it ("Relic
of Ember Marches: the site to the south-west, 40 steps — T travels there"),
the cell it points at on the map in play (ringed there and on the
minimap), and the command the goal key gives (``Game.go_to_goal``).  It
follows the run: the location's relic site on the overworld; in a site,
the stairs down until the deepest level, then the prize; with the prize in
hand, the stairs up and out; with the relic out, the next island.  An
ordinary site's goal is its own treasure; once cleared, the way back out.

Which sites were entered (:func:`visited`) is read from the levels the run
keeps (a level's snapshot is kept from the moment it is left or saved), so
the map can mark them without a save key of its own; the overworld's
auto-explore walks to the nearest site not entered (:func:`unvisited_site`).
Why the stairs cannot be taken is one rule (:func:`stairs_refusal`) for the
keys, the buttons and the goal key.

>>> compass(0, -5), compass(-4, 3), compass(7, 1), compass(0, 0)
('north', 'south-west', 'east', 'here')
"""

from __future__ import annotations

import math
from typing import NamedTuple

from worldgen.core.tiles import T

from ..content import keys, relic_site
from ..world.geometry import chebyshev, walk_distance
from ..state import RunState

__all__ = ["Objective", "objective", "visited", "unvisited_site", "stairs_refusal", "compass", "GOAL_ACTIONS",
           "goal_key", "NO_SITE"]

#: What going in says where there is no site (the overworld's ``>``, Enter, the *Enter* button).
NO_SITE = "There is no dungeon here: stand on a site's door to go in."

#: What the goal key may do: walk to the cell, go into the site underfoot,
#: the stairs down or up (walk to them, or take them underfoot), auto-explore,
#: travel to another location, or nothing (the run is over).
GOAL_ACTIONS = ("travel", "enter", "down", "up", "explore", "location", "none")

_POINTS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


class Objective(NamedTuple):
    what: str  # the goal ("Relic of Ember Marches: the site to the west, 12 steps")
    verb: str  # what the goal key does about it ("travels there"; "" when nothing)
    cell: tuple[int, int] | None  # where it points on the map in play (None: nowhere known yet)
    action: str  # one of GOAL_ACTIONS: what the goal key does
    target: int = -1  # the location to travel to, for "location"

    @property
    def text(self) -> str:
        """The one line the screen shows: "Relic of ...: the site to the west, 12 steps — T travels there"."""
        return self.line(goal_key())

    def line(self, key: str) -> str:
        """The line naming ``key`` (or a button: "Goal") as what goes for it."""
        return f"{self.what} — {key} {self.verb}" if self.verb else self.what


def goal_key() -> str:
    """The goal key as the key table names it (``"T"``)."""
    return keys.COMMAND_BY_NAME["goal"].keys[0]


def compass(dx: int, dy: int) -> str:
    """The compass point of a step ``(dx, dy)`` (y grows southwards), or ``"here"``."""
    if dx == 0 and dy == 0:
        return "here"
    return _POINTS[round(math.atan2(dy, dx) / (math.pi / 4)) % 8]


def visited(run: RunState, location: int | None = None) -> set[int]:
    """The sites of ``location`` (the current one by default) the player has
    gone into: the levels the run keeps, and the site it stands in."""
    location = run.location if location is None else location
    out = set()
    for key in run.deltas:
        loc, _, rest = key.partition(":")
        site = rest.partition(":")[0]
        if loc == str(location) and site.isdigit():
            out.add(int(site))
    if run.site is not None and run.location == location:
        out.add(run.site)
    return out


def objective(run: RunState) -> Objective:
    """The next goal of the run (see the module docstring)."""
    if run.won:
        return Objective("The last relic is out of the deep: you have won.", "", None, "none")
    if run.dead:
        return Objective("Your journey is over.", "", None, "none")
    if run.loc is None or run.mode not in ("overworld", "dungeon"):
        return Objective("The way is being made ready...", "", None, "none")
    if run.mode == "dungeon" and run.level is not None:
        return _in_site(run)
    return _overworld(run)


def _overworld(run: RunState) -> Objective:
    name = run.world.location_name(run.location)
    if run.location in run.relics:
        todo = [i for i in range(run.unlocked) if i not in run.relics]
        if not todo:
            return Objective(f"The relic of {name} is yours.", "", None, "none")
        nxt = todo[0]
        where = run.world.location_name(nxt)
        return Objective(f"The relic of {name} is yours; on to {where}", "travels there", None,
                         "location", nxt)
    site = run.loc.sites[relic_site(len(run.loc.sites))]
    cell = (site.x, site.y)
    if cell == run.pos:
        return Objective(f"Relic of {name}: its site is underfoot", "goes in", cell, "enter")
    steps = chebyshev(cell, run.pos)
    way = compass(site.x - run.pos[0], site.y - run.pos[1])
    return Objective(f"Relic of {name}: the site to the {way}, {steps} steps", "travels there", cell,
                     "travel")


def _in_site(run: RunState) -> Objective:
    level, depth, levels = run.level, run.depth, run.size.levels
    relic = level.relic or run.site == relic_site(len(run.loc.sites))
    prize = f"Relic of {run.world.location_name(run.location)}" if relic else f"Site {run.site + 1}'s treasure"
    held = run.carrying_relic if relic else run.carrying == run.site
    if held or (not relic and run.is_cleared(run.site)):
        what = f"Carry the {'relic' if relic else 'treasure'} out" if held else "Site cleared: climb back out"
        return _upwards(run, what)
    if level.down is not None:
        what = f"{prize}: depth {levels}, you are at {depth}"
        if run.pos == level.down:
            return Objective(what, "goes down", level.down, "down")
        if level.seen[level.down[1], level.down[0]]:
            return Objective(what, "walks to the stairs down", level.down, "down")
        return Objective(what + "; find the stairs down", "explores", None, "explore")
    kind = "relic" if relic else "treasure"
    item = next((it for it in level.items if it.kind.kind == kind), None)
    if item is not None and level.seen[item.y, item.x]:
        guard = ", guarded" if any(m.boss for m in level.monsters) else ""
        return Objective(f"{prize} lies on this level{guard}", "walks to it", (item.x, item.y), "travel")
    return Objective(f"{prize} lies on this level; find it", "explores", None, "explore")


def _upwards(run: RunState, what: str) -> Objective:
    level = run.level
    if run.pos == level.up:
        verb = "climbs out" if run.depth == 1 else "goes up"
        return Objective(f"{what}: the stairs up are here", verb, level.up, "up")
    if level.seen[level.up[1], level.up[0]]:
        return Objective(f"{what}: back to the stairs up", "walks there", level.up, "up")
    return Objective(f"{what}: find the stairs up", "explores", None, "explore")


def unvisited_site(run: RunState):
    """Where auto-explore walks on the overworld: the site nearest on foot
    that the player has not gone into (:func:`~game.rules.play.objective.visited`;
    not the one underfoot), or None when every site within reach was entered."""
    done = visited(run)
    todo = [s for s in run.loc.sites if s.index not in done and (s.x, s.y) != run.pos]
    if not todo:
        return None
    dist = walk_distance(run.loc.passable, [run.pos])
    steps = [(int(dist[s.y, s.x]), s.index, s) for s in todo if dist[s.y, s.x] > 0]
    return min(steps, key=lambda t: t[:2])[2] if steps else None


def stairs_refusal(run: RunState, down: bool) -> str | None:
    """Why the stairs down (``down``) or up can do nothing now, in one line;
    None when they can: taken underfoot, walked to once seen, or on the
    overworld (down only) the site underfoot gone into.  The ``>``/``<``
    keys, the *Down*/*Up* buttons (greyed with this line) and
    ``Game.stairs`` all ask it."""
    if run.mode == "overworld":
        if not down:
            return "You are on the surface: there are no stairs up."
        return None if run.site_under() is not None else NO_SITE
    level = run.level
    if int(level.tiles[run.pos[1], run.pos[0]]) == (T.stairs_down if down else T.stairs_up):
        return None
    if down and level.down is None:
        return "There are no stairs down: this is the deepest level."
    cell = level.down if down else level.up
    if not level.seen[cell[1], cell[0]]:
        return f"You have not found the stairs {'down' if down else 'up'} yet."
    return None
