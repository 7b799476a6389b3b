"""Walks of many steps: planning a path (free), taking its next step, and the
one rule that stops a walk.

Three kinds of walk share them: a click-walk (:func:`plan_path` to a cell), a
walk to the stairs (:func:`stairs_target`) and auto-explore (:func:`explore_target`,
re-planned leg by leg).  After every turn of a walk the engine asks
:func:`walk_interruption` whether it must stop.
"""

from __future__ import annotations

import numpy as np

from worldgen.toolkit import grid

from ..geometry import STEPS, chebyshev, walk_distance
from ..log import note
from ..pack import fits
from ..state import RunState
from .base import Action, Result, alternate, fail
from .walk import OverworldStep, Walk

__all__ = ["plan_path", "TravelStep", "step_action", "nearest_known", "start_walk", "walk_interruption",
           "explore_target", "stairs_target"]

# Straight steps first: on ties the path prefers them (it looks less drunk).
_ORDER = (sorted((s for s in STEPS if 0 in s), reverse=True)
          + sorted(s for s in STEPS if 0 not in s))


def plan_path(run: RunState, x: int, y: int) -> list[tuple[int, int]] | None:
    """The cells of a shortest walk from the player to ``(x, y)`` over known
    ground (the overworld, or explored dungeon floor); ``[]`` when that is no
    place to walk to, None when it is but no known way leads there.

    One distance map from the target, then downhill from the player: the
    walk in Python touches at most 8 cells per step of the path (a few
    hundred steps at most, well under a millisecond)."""
    passable = _known_ground(run)
    h, w = passable.shape
    if not (0 <= x < w and 0 <= y < h) or not passable[y, x] or (x, y) == run.pos:
        return []
    dist = walk_distance(passable, [(x, y)])
    cx, cy = run.pos
    if dist[cy, cx] < 0:
        return None
    path = []
    for _ in range(int(dist[cy, cx])):
        want = dist[cy, cx] - 1
        step = next(((cx + dx, cy + dy) for dx, dy in _ORDER
                     if 0 <= cx + dx < w and 0 <= cy + dy < h and dist[cy + dy, cx + dx] == want), None)
        if step is None:
            break
        path.append(step)
        cx, cy = step
    return path


def _known_ground(run: RunState) -> np.ndarray:
    """Where a walk may go: explored floor (a found trap is stepped over
    safely), never a burning cell; deep water and chasms are stepped into
    only on purpose, one step at a time."""
    if run.mode == "overworld":
        return run.loc.passable
    return run.level.walkable & run.level.seen & run.level.calm  # never through fire


def start_walk(run: RunState, path: list[tuple[int, int]]) -> None:
    """Begin walking ``path``: what is in view now does not stop it."""
    run.path = path
    run.path_hp = run.player.hp
    if run.mode == "dungeon":
        level = run.level
        run.path_seen = {m.index for m in level.monsters if level.visible[m.y, m.x]}


def walk_interruption(run: RunState) -> str | None:
    """Why a walk must stop after the turn that just passed, or None to go on.

    A walk stops when the player was hurt, a monster came into view that the
    walk had not seen yet, a monster stands next to the player, or something
    lies underfoot that was not picked up (the pack is full).  What it has
    seen now no longer stops it."""
    if run.mode != "dungeon":
        return None
    level, player = run.level, run.player
    px, py = run.pos
    hurt = player.hp < run.path_hp
    run.path_hp = player.hp
    in_view = [m for m in level.monsters if level.visible[m.y, m.x]]
    new = [m for m in in_view if m.index not in run.path_seen]
    run.path_seen.update(m.index for m in in_view)
    near = [m for m in in_view if chebyshev(m.pos, run.pos) <= 1]
    if hurt:
        return "you are hurt"
    if new:
        return f"{new[0].name} comes into view"
    if near:
        return f"{near[0].name} is next to you"
    here = level.items_at(px, py)
    if here:
        return f"the {here[0].kind.name} is here"
    return None


def explore_target(run: RunState) -> tuple[int, int] | None:
    """Where auto-explore walks next: the nearest (on foot, over known floor)
    item it can pick up, or cell at the edge of the unexplored; None when
    everything reachable is explored.  The site's treasure is never a target
    (claiming it is the player's choice), nor what the player chose to leave."""
    level = run.level
    known = _known_ground(run)
    targets = known & (grid.neighbour_count(~level.seen, 1) > 0)
    for it in level.items:
        if (it.kind.kind not in ("treasure", "relic") and it.index not in level.put_down and level.seen[it.y, it.x]
                and fits(run.player.inventory, it.kind.id)):
            targets[it.y, it.x] = True
    px, py = run.pos
    targets[py, px] = False
    dist = walk_distance(known, [run.pos])
    reach = targets & (dist > 0)
    if not reach.any():
        return None
    flat = int(np.argmin(np.where(reach, dist, np.iinfo(dist.dtype).max)))  # the first of the nearest
    y, x = divmod(flat, level.shape[1])
    return x, y


def stairs_target(run: RunState, down: bool) -> tuple[int, int] | None:
    """The stairs down (or up) of the current level if the player has seen them."""
    level = run.level
    cell = level.down if down else level.up
    if cell is None or not level.seen[cell[1], cell[0]]:
        return None
    return cell


def nearest_known(level, x: int, y: int, radius: int) -> tuple[int, int] | None:
    """The explored walkable cell nearest ``(x, y)`` (Chebyshev distance, then
    row order) within ``radius`` cells, or None."""
    h, w = level.shape
    y0, y1, x0, x1 = max(0, y - radius), min(h, y + radius + 1), max(0, x - radius), min(w, x + radius + 1)
    ys, xs = np.nonzero((level.walkable & level.seen)[y0:y1, x0:x1])
    if ys.size == 0:
        return None
    d = np.maximum(np.abs(ys + y0 - y), np.abs(xs + x0 - x))
    k = int(np.argmin(d))  # the first of the nearest, in row order
    return int(xs[k] + x0), int(ys[k] + y0)


def step_action(run: RunState, dx: int, dy: int) -> Action:
    """The action a step in direction ``(dx, dy)`` is where the player is."""
    return Walk(dx, dy) if run.mode == "dungeon" else OverworldStep(dx, dy)


class TravelStep(Action):
    """The next step of the planned walk; it never walks into a monster."""

    def perform(self, run: RunState) -> Result:
        if not run.path:
            return fail()
        x, y = run.path.pop(0)
        blocker = run.level.monster_at(x, y) if run.mode == "dungeon" else None
        if blocker is not None:
            return fail(note(f"You stop: {blocker.name} is in the way."))
        return alternate(step_action(run, x - run.pos[0], y - run.pos[1]))
