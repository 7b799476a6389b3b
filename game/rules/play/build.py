"""Maps on request: what the run asks to have built, and putting it in place.

An action that needs a map (entering a site, going down, travelling to
another location) sets ``run.pending`` to a :class:`LocationRequest` or
:class:`LevelRequest`.  Whoever drives the run (the play scene, a test, the
autoplay harness) drains :func:`build_iterator` a few milliseconds at a time
and hands the result to :func:`install`; if the build fails,
:func:`fail_build` puts the run back where it was.  Nothing here waits or
draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from worldgen.core import registry, seeding
from worldgen.core.registry import Stage
from worldgen.generators.world import LOCATION_STAGES

from .. import content
from ..world import hazards
from ..persistence.snapshot import apply_snapshot
from ..content import DungeonRules
from ..world.level import Level, LevelKey
from ..world.location import LocationData
from ..text.log import BAD, LOOT, Cue
from ..state import Activity, Arrival, LevelRequest, LocationRequest, RunState

__all__ = ["build_iterator", "stage_names", "build_label", "install", "install_location", "install_level",
           "arrive", "fail_build", "level_iterator", "restore_activity", "COMPANION_REACH"]

COMPANION_REACH = 3  # steps from the player an arriving ally may be set down


def level_iterator(style: str, seed_text: str, size: DungeonRules, params: dict | None = None) -> Iterator:
    """The generator's stage iterator for one level (sizes from the dungeon size table)."""
    return registry.run(style, seed_text, size.width, size.height, params or {})


def build_iterator(run: RunState) -> Iterator:
    """The stage iterator for the pending request (drained by the caller)."""
    request = run.pending
    if isinstance(request, LocationRequest):
        return run.world.location_iterator(request.index)
    site = run.loc.sites[request.site]
    last = request.depth == run.size.levels
    style = site.level_style(request.depth)
    return level_iterator(style, f"{site.seed}:{request.depth}", run.size, site.level_params(style, last))


def stage_names(run: RunState) -> tuple[str, ...]:
    """The stages the pending build yields (for a progress bar)."""
    if isinstance(run.pending, LevelRequest):
        return registry.get(run.loc.sites[run.pending.site].level_style(run.pending.depth)).stages
    return LOCATION_STAGES


def build_label(run: RunState) -> str:
    request = run.pending
    if request is None:
        return ""
    if isinstance(request, LocationRequest):
        return f"Charting {run.world.location_name(request.index)}..."
    site = run.loc.sites[request.site]
    return f"Digging {site.level_style(request.depth)} level {request.depth}..."


def install(run: RunState, stages: dict[str, Stage], result) -> None:
    """Put a finished build in place: the location data, or the level's final stage."""
    if isinstance(run.pending, LocationRequest):
        install_location(run, result)
    else:
        install_level(run, stages["final"])


def install_location(run: RunState, data: LocationData) -> None:
    run.loc = data
    run.location = data.index
    run.pending = None
    run.mode = "overworld"
    run.site, run.depth, run.level, run.levels = None, 0, None, {}
    cleared = run.cleared.get(data.index)
    if cleared:  # a save may name sites this location does not have
        cleared.intersection_update(range(len(data.sites)))
    pos = run.over_pos.get(data.index, data.start)
    activity = None
    if run.saved_place is not None:
        r = run.saved_place  # already checked and clamped by codec.run_from_json
        run.saved_place, activity = None, r.get("activity")
        if r["mode"] == "dungeon" and 0 <= r["site"] < len(data.sites):
            run.pos = run.valid_over(r["over"] or pos, data)
            run.site = r["site"]
            # A save made while this level was being built arrives as the build would have.
            run.pending = LevelRequest(run.site, r["depth"], r.get("arrive") or ("at", r["pos"] or (-1, -1)))
            run.mode = "dungeon-loading"
            run.resume_activity = activity
            return
        if r["mode"] == "dungeon":
            run.carrying = None
            run.say("The saved dungeon site does not exist; you are back in the open.", BAD)
        pos = r["pos"] or pos
        if run.valid_over(pos, data) != pos:
            run.say("Your saved place was not on the map; you are back at the start.", BAD)
    run.pos = run.valid_over(pos, data)
    run.over_pos[data.index] = run.pos
    run.say(f"You arrive in {data.name}.", LOOT)
    if activity is not None:
        restore_activity(run, activity)
    run.touch()


def restore_activity(run: RunState, activity: dict) -> None:
    """The walk or rest a loaded save was made in goes on as it would have
    (``activity`` as :func:`game.rules.persistence.codec.activity_from_json` read it)."""
    kind = activity["rest"] or (activity.get("plan") or "explore" if activity["explore"] else "walk")
    run.activity = Activity(kind, [tuple(c) for c in activity["path"]], activity["turns"], set(activity["seen"]),
                            set(activity["awake"]), activity["hp"], run.blows - activity["hurt"], activity["finds"],
                            activity.get("target"))


def install_level(run: RunState, stage: Stage) -> None:
    request = run.pending
    site = run.loc.sites[request.site]
    key = LevelKey(run.location, request.site, request.depth)
    theme = site.theme
    size = replace(run.size, max_monsters=round(run.size.max_monsters * theme.monsters))
    level = Level(key, stage, style=site.level_style(request.depth), terrain=site.terrain, seed=site.seed_int(),
                  tier=content.tier_of(run.location, request.depth), size=size,
                  last=request.depth == run.size.levels,
                  relic=request.site == content.relic_site(len(run.loc.sites)))
    light_fires(level, theme.fires)
    delta = run.deltas.get(key.text())
    if delta is not None and not apply_snapshot(level, delta):
        run.say("A saved level did not match its map; it was reset.", BAD)
    run.levels[request.depth] = level
    run.pending = None
    arrive(run, request.site, request.depth, request.arrive)


def arrive(run: RunState, site_index: int, depth: int, where: Arrival) -> None:
    """The player steps onto level ``depth`` (built already) of site ``site_index``."""
    level = run.levels[depth]
    run.mode, run.site, run.depth, run.level = "dungeon", site_index, depth, level
    if where == "up" or (where == "down" and level.down is not None):
        run.pos = level.up if where == "up" else level.down
    elif where == "fall":  # a chasm above: anywhere open on foot from the stairs
        run.pos = landing(level, run.rng("fall"))
    else:  # ("at", (x, y)) from a save: that cell if it can be stood on, else the stairs up
        x, y = where[1] if isinstance(where, tuple) else level.up
        run.pos = (x, y) if level.inside(x, y) and level.walkable[y, x] else level.up
        if run.pos != (x, y):
            run.say("Your saved place was not on the level; you are back at the stairs.", BAD)
    level.shove_from(*run.pos)
    if not isinstance(where, tuple):  # by the stairs (not from a save: allies waiting to be set down still wait)
        _set_down_companions(run, level)
        run.emit(Cue.STAIRS)
    run.deepest = max(run.deepest, depth + 10 * run.location)
    level.update_view(*run.pos)
    run.stop_walk()
    run.told.clear()  # items of the level left behind
    if run.resume_activity is not None:  # arriving where a save was made, in the walk or rest it was made in
        restore_activity(run, run.resume_activity)
        run.resume_activity = None
    run.touch()
    run.dirty = True


def _set_down_companions(run: RunState, level: Level) -> None:
    """The allies travelling with the player stand beside them (those with no
    room near wait to be set down at the next arrival)."""
    waiting = []
    for m in run.companions:
        cell = level.free_cell_near(run.pos, m.moves, avoid=run.pos, reach=COMPANION_REACH)
        if cell is None:
            waiting.append(m)
            continue
        m.x, m.y = cell
        level.bring(m)
    run.companions = waiting


def light_fires(level: Level, count: int) -> None:
    """A burning site's level: ``count`` of its grass cells already alight
    (drawn from the level's seed) when it is first built."""
    if count <= 0:
        return
    ys, xs = np.nonzero(hazards.burnable(level))
    if ys.size == 0:
        return
    rng = seeding.rng(level.seed, "fires", level.key.depth)
    for k in rng.choice(ys.size, size=min(count, ys.size), replace=False).tolist():
        hazards.ignite(level, int(xs[k]), int(ys[k]))
    level.refresh()


def landing(level: Level, rng: np.random.Generator) -> tuple[int, int]:
    """Where a fall sets the player down: a random open cell joined on foot
    to the stairs up (the stairs themselves when there is none)."""
    ys, xs = np.nonzero(level.landing_cells())
    if ys.size == 0:
        return level.up
    k = int(rng.integers(0, ys.size))
    return int(xs[k]), int(ys[k])


def fail_build(run: RunState, request: LocationRequest | LevelRequest) -> bool:
    """The build of ``request`` failed: put the run back where it was.

    Returns False when there is nothing to go back to (the first location of
    a new or loaded run could not be built): the run cannot go on."""
    run.pending = None
    run.resume_activity = None
    if isinstance(request, LevelRequest):
        if run.level is None or run.loc is None:  # entering from the overworld: stay outside
            run.mode, run.site, run.levels, run.level, run.depth = "overworld", None, {}, None, 0
            run.carrying = None
            if run.loc is not None:
                run.pos = run.valid_over(run.pos)
        else:  # changing depth: stay where we are
            run.mode, run.depth = "dungeon", run.level.key.depth
        run.say("The way is blocked by rubble.", BAD)
        run.touch()
        return True
    if run.loc is None:
        return False
    run.mode = "overworld"
    return True
