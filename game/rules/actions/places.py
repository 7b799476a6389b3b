"""Changing place: entering a site, stairs, leaving a site, travelling to
another location.  A place not built yet becomes a build request
(:mod:`game.rules.play.build`); the moment before it is kept as the resume point
that "save and quit" writes while the map is being built."""

from __future__ import annotations

from worldgen.core.tiles import T

from ..play.build import arrive
from ..content.keys import hint
from ..play.clock import pass_turns
from .. import content
from ..persistence.codec import flush_levels
from ..text.log import Cue, bad, loot, note
from ..play.objective import NO_SITE
from ..state import LevelRequest, LocationRequest, RunState
from .allies import take_along
from .base import DUNGEON, OVERWORLD, Action, Result, alternate, fail, succeed
from ..play.sites import settle_site
from .items import PickUp

__all__ = ["EnterSite", "Descend", "Ascend", "LeaveSite", "GoLocation", "Interact", "change_depth"]


class EnterSite(Action):
    """Go down into the dungeon site under the player (its first level is built)."""

    modes = OVERWORLD

    def perform(self, run: RunState) -> Result:
        site = run.site_under()
        if site is None:
            return fail(note(NO_SITE))
        run.site = site.index
        run.levels = {}
        run.pending = LevelRequest(site.index, 1, "up")
        run.mode = "dungeon-loading"
        return succeed(note(f"You enter the {site.style} of site {site.index + 1}."), turns=0)


def change_depth(run: RunState, depth: int, where: str) -> Result:
    """Stairs (or a fall: ``where`` ``"fall"``) take a turn; a level already
    visited on this trip is still built.  Following allies close by come
    along by the stairs; a fall leaves them behind."""
    run.stop_walk()
    pass_turns(run, 1)
    if depth in run.levels:
        along = take_along(run) if where != "fall" else []
        arrive(run, run.site, depth, where)
        return succeed(*along, note(f"You reach depth {depth}."), turns=0)
    along = take_along(run) if where != "fall" else []
    run.pending = LevelRequest(run.site, depth, where)
    run.mode = "dungeon-loading"
    return succeed(*along, turns=0)


class Descend(Action):
    modes = DUNGEON

    def perform(self, run: RunState) -> Result:
        if int(run.level.tiles[run.pos[1], run.pos[0]]) != T.stairs_down:
            return fail(note("There are no stairs down here."))
        return change_depth(run, run.depth + 1, "up")


class Ascend(Action):
    modes = DUNGEON

    def perform(self, run: RunState) -> Result:
        if int(run.level.tiles[run.pos[1], run.pos[0]]) != T.stairs_up:
            return fail(note("There are no stairs up here."))
        if run.depth == 1:
            return alternate(LeaveSite())
        return change_depth(run, run.depth - 1, "down")


class LeaveSite(Action):
    """Climb out of the current site onto its overworld cell (no time passes).
    A relic carried out is kept: it opens the next location, and the last
    location's relic wins the run."""

    modes = DUNGEON

    def perform(self, run: RunState) -> Result:
        claimed = settle_site(run, leaving=True)
        along = take_along(run)
        flush_levels(run)
        site = run.current_site()
        run.mode, run.level, run.levels, run.depth = "overworld", None, {}, 0
        run.pos = (site.x, site.y)
        run.over_pos[run.location] = run.pos
        run.site = None
        run.stop_walk()
        run.dirty = True
        run.emit(Cue.STAIRS)
        lines = [note("You climb back into daylight."), *along, *claimed]
        if run.carrying_relic:
            lines += _keep_relic(run, site.index)
        return succeed(*lines, turns=0)


def _keep_relic(run: RunState, site_index: int) -> list[tuple[str, str]]:
    run.carrying_relic = False
    run.relics.add(run.location)
    run.cleared.setdefault(run.location, set()).add(site_index)
    run.emit(Cue.RELIC)
    lines = [loot(f"The relic of {run.world.location_name(run.location)} is yours! "
                  f"({len(run.relics)} of {run.world.n_locations})")]
    if run.location >= content.final_location(run.world.n_locations):
        run.won = True
        run.emit(Cue.WIN)
        return lines + [loot("You have won: the last relic is out of the deep.")]
    if run.location + 1 < run.world.n_locations and run.unlocked < run.location + 2:
        run.unlocked = run.location + 2
        lines.append(loot(f"The way to {run.world.location_name(run.location + 1)} is open! ({hint('world_map')})"))
    return lines


class GoLocation(Action):
    """Travel to open location ``index`` (built when it is not the current one)."""

    def __init__(self, index: int) -> None:
        self.index = index

    def perform(self, run: RunState) -> Result:
        if run.mode != "overworld":
            return fail(bad("Leave the dungeon before travelling."))
        if not 0 <= self.index < run.unlocked:
            return fail(bad("That location is not open yet."))
        if self.index == run.location:
            return fail()
        run.over_pos[run.location] = run.pos
        run.pending = LocationRequest(self.index)
        run.mode = "overworld-loading"
        run.dirty = True
        return succeed(turns=0)


class Interact(Action):
    """Enter / Space: enter a site, take the stairs underfoot, or pick up."""

    def perform(self, run: RunState) -> Result:
        if run.mode == "overworld":
            return alternate(EnterSite())
        tile = int(run.level.tiles[run.pos[1], run.pos[0]])
        if tile == T.stairs_down:
            return alternate(Descend())
        if tile == T.stairs_up:
            return alternate(Ascend())
        return alternate(PickUp())


